"""The verifier in the browser: one script assembled from the scheme rooms, and the offline page built on it.

Each scheme room names its browser files (`Scheme.browser`, beside its module under `schemes/`).
`verifier_script` is verifier.js (the registry the files register with, WebCrypto's HMAC and
SHA-256, recorded rolls, links and the verdict's rules) followed by every registered scheme's files,
each once, in the registry's order. Pages add view.js (what they show, built from text nodes) and a
driver: the offline page adds offline.js (a form per scheme, a link's
query read at once) and offline.css; the verdict page (`fairdice.page`) adds recheck.js, which
recomputes the rolls the server listed. Each page's Content-Security-Policy allows its one inline
script and style by their SHA-256 hashes and nothing else: no request leaves the page, so a saved
copy works from the disk, offline. A registered scheme without browser files is named on both
pages as one the script cannot check.

    python -m fairdice.offline > verifier.html
"""

import base64
import hashlib
import html
import json
import sys
from functools import cache
from importlib.resources import files
from typing import Any

from fairdice import __version__, schemes

CONTENT_TYPE = "text/html; charset=utf-8"
TITLE = "Check your dice · fairdice"
# An inline script or style ends at the first `</script` or `</style`, and `<!--` changes how it is read.
_BREAKS_OUT = ("</script", "</style", "<!--")
# What the pages' policies say besides their own script and style: nothing to load, post or frame.
_NOTHING_ELSE = "base-uri 'none'; form-action 'none'"
FRAME_ANCESTORS = "frame-ancestors 'none'"


def _source(name: str, folder: str = "") -> str:
    resource = files("fairdice")
    if folder:
        resource = resource / folder
    return (resource / name).read_text(encoding="utf-8")


def scheme_files() -> list[str]:
    """Every registered scheme's browser files, in load order, each once."""
    return list(dict.fromkeys(name for scheme in schemes.all_schemes() for name in scheme.browser))


def uncheckable() -> list[str]:
    """The ids of registered schemes that have no browser files: the script cannot recompute their rolls."""
    return [scheme.id for scheme in schemes.all_schemes() if not scheme.browser]


def verifier_script() -> str:
    """verifier.js and every scheme's files: what any page that recomputes rolls in the browser runs first."""
    return _assembled(tuple(scheme_files()))


@cache
def _assembled(names: tuple[str, ...]) -> str:
    return "\n".join([_source("verifier.js"), *(_source(name, "schemes") for name in names)])


def page_script(driver: str = "offline.js") -> str:
    """One page's script: the verifier, what pages show (view.js), then the page's own driver (offline.js, or
    recheck.js for a verdict)."""
    return inline("\n".join([verifier_script(), _source("view.js"), _source(driver)]), driver)


def style(name: str) -> str:
    """A page's style sheet, checked to be safe inline."""
    return inline(_source(name), name)


def csp_hash(text: str) -> str:
    """The CSP source that allows exactly this inline script or style: `'sha256-…'`."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def content_security_policy(script: str | None, style_text: str) -> str:
    """Nothing but the page's own script (if any) and style, each by its hash; no request, no form submission.

    This is the policy a page's meta tag carries; the API sends it as a header with `frame-ancestors`
    added, which only a header can say."""
    scripts = f"script-src {csp_hash(script)}; " if script is not None else ""
    return f"default-src 'none'; {scripts}style-src {csp_hash(style_text)}; {_NOTHING_ELSE}"


def header_policy(meta_policy: str) -> str:
    """The policy a page's meta tag carries, as the API sends it: framing refused too."""
    return f"{meta_policy}; {FRAME_ANCESTORS}"


def inline(text: str, what: str) -> str:
    """The text, refused if it would end or change the inline element it goes into."""
    lowered = text.lower()
    for marker in _BREAKS_OUT:
        if marker in lowered:
            raise ValueError(f"the {what} holds {marker!r}, which would end or change its inline element")
    return text


def data_block(element_id: str, value: Any) -> str:
    """A JSON value for a page's script, in a `<script type=application/json>` element, which never runs
    (so the policy needs no source for it); `<` is escaped so that the JSON cannot end the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f"<script type=application/json id={element_id}>{text}</script>"


def offline_page() -> str:
    """The whole offline verifier page (built once per set of registered schemes, then shared)."""
    return _offline_page(tuple(schemes.ids()))


def offline_policy() -> str:
    """The offline page's policy as a header: its meta tag's, framing refused too."""
    return header_policy(content_security_policy(page_script(), style("offline.css")))


@cache
def _offline_page(ids: tuple[str, ...]) -> str:
    script = page_script()
    css = style("offline.css")
    policy = content_security_policy(script, css)
    missing = uncheckable()
    cannot = (
        f"<p class=muted id=uncheckable>fairdice also knows {html.escape(', '.join(missing))}, which this page"
        " cannot recompute: check those with the fairdice API.</p>"
        if missing
        else ""
    )
    return f"""<!doctype html>
<html lang=en><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<meta http-equiv=Content-Security-Policy content="{html.escape(policy, quote=False)}">
<meta name=referrer content="no-referrer">
<title>{html.escape(TITLE)}</title>
<style>{css}</style></head><body>
<h1>Check a game's dice</h1>
<p>Paste what the game revealed, or open this page with a game-over link, and it recomputes the seal and
every roll in your browser. Everything runs in your browser. Nothing is sent anywhere. You can save this
page and use it offline.</p>
<noscript><p>The checker runs in your browser and needs JavaScript, which seems to be off. You can still
check by hand: each scheme's recipe is in its seed document.</p></noscript>
<div id=verifier></div>
{cannot}
<footer>fairdice {html.escape(__version__)} · the same rules as the fairdice verifier's API, tested against it on
every test vector.</footer>
{data_block("fairdice-uncheckable", missing)}
<script>{script}</script>
</body></html>
"""


def main() -> None:
    """Write the page to standard output, for publishing it as a static file (beside the daily archive, say)."""
    sys.stdout.buffer.write(offline_page().encode())


if __name__ == "__main__":
    main()
