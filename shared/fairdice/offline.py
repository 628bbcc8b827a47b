"""The offline verifier page: one self-contained HTML file that recomputes every scheme in the browser.

Assembled once, on first use, from verifier.js (the scheme registry, WebCrypto's HMAC and SHA-256,
recorded rolls, links and the verdict), each scheme's file beside its module (listed in
`fairdice.schemes.browser`) and offline.js (the page). They go inline into one script, which the
page's Content-Security-Policy allows by its SHA-256 hash; the style is allowed the same way, and
nothing else is: no request leaves the page, so a saved copy works from the disk, offline.

    python -m fairdice.offline > verifier.html
"""

import base64
import hashlib
import html
import sys
from functools import cache
from importlib.resources import files

from fairdice import __version__
from fairdice.schemes.browser import SCRIPTS

CONTENT_TYPE = "text/html; charset=utf-8"
TITLE = "Check your dice · fairdice"
# An inline script or style ends at the first `</script` or `</style`, and `<!--` changes how it is read.
_BREAKS_OUT = ("</script", "</style", "<!--")


def _source(name: str, folder: str = "") -> str:
    resource = files("fairdice")
    if folder:
        resource = resource / folder
    return (resource / name).read_text(encoding="utf-8")


def scheme_files() -> list[str]:
    """Every scheme's browser files, in load order, each once."""
    return list(dict.fromkeys(name for names in SCRIPTS.values() for name in names))


def verifier_script() -> str:
    """verifier.js and every scheme's file: what any page that recomputes rolls in the browser runs."""
    parts = [_source("verifier.js"), *(_source(name, "schemes") for name in scheme_files())]
    return "\n".join(parts)


def page_script() -> str:
    """The offline page's one script: the verifier, then the page that drives it."""
    return verifier_script() + "\n" + _source("offline.js")


def csp_hash(text: str) -> str:
    """The CSP source that allows exactly this inline script or style: `'sha256-…'`."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def content_security_policy(script: str, style: str) -> str:
    """Nothing but the page's own script and style, each by its hash; no request, no form submission."""
    return (
        f"default-src 'none'; script-src {csp_hash(script)}; style-src {csp_hash(style)}; "
        "base-uri 'none'; form-action 'none'"
    )


def _inline(text: str, what: str) -> str:
    lowered = text.lower()
    for marker in _BREAKS_OUT:
        if marker in lowered:
            raise ValueError(f"the {what} holds {marker!r}, which would end or change its inline element")
    return text


@cache
def offline_page() -> str:
    """The whole offline verifier page (built once, then shared)."""
    script = _inline(page_script(), "page script")
    style = _inline(_source("offline.css"), "page style")
    policy = content_security_policy(script, style)
    return f"""<!doctype html>
<html lang=en><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<meta http-equiv=Content-Security-Policy content="{html.escape(policy, quote=False)}">
<meta name=referrer content="no-referrer">
<title>{html.escape(TITLE)}</title>
<style>{style}</style></head><body>
<h1>Check a game's dice</h1>
<p>Paste what the game revealed, or open this page with a game-over link, and it recomputes the seal and
every roll in your browser. Everything runs in your browser. Nothing is sent anywhere. You can save this
page and use it offline.</p>
<noscript><p>The checker runs in your browser and needs JavaScript, which seems to be off. You can still
check by hand: each scheme's recipe is in its seed document.</p></noscript>
<div id=verifier></div>
<footer>fairdice {html.escape(__version__)} · the same rules as the fairdice verifier's API, tested against it on
every test vector.</footer>
<script>{script}</script>
</body></html>
"""


def main() -> None:
    """Write the page to standard output, for publishing it as a static file."""
    sys.stdout.buffer.write(offline_page().encode())


if __name__ == "__main__":
    main()
