"""The verifier in the browser: one script assembled from the scheme rooms, and the offline page built on it.

Each scheme room names its browser files (`Scheme.browser`, beside its module under `schemes/`).
A page's script starts with verifier.js (the registry the files register with, WebCrypto's HMAC and
SHA-256, recorded rolls, links and the verdict's rules) followed by every registered scheme's files,
each once, in the registry's order (`page_script`). Pages add view.js (what they show, built from text nodes) and a
driver: the offline page adds offline.js (a form per scheme, a link's query read at once) and
offline.css; the verdict page (`fairdice.page`) adds recheck.js, which recomputes the rolls the server
listed. Each page allows only its own script and style, by hash (`fairdice.markup`): no request leaves
it, so a saved copy works from the disk, offline. A registered scheme without browser files is named
on both pages as one the script cannot check.

    python -m fairdice.offline > verifier.html
"""

import html
import sys
from functools import cache
from importlib.resources import files

from fairdice import __version__, schemes
from fairdice.markup import Page, data_block, document, inline

TITLE = "Check your dice · fairdice"


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


@cache
def _assembled(names: tuple[str, ...]) -> str:
    return "\n".join([_source("verifier.js"), *(_source(name, "schemes") for name in names)])


def page_script(driver: str = "offline.js", known: str = "") -> str:
    """One page's script: the verifier, what pages show (view.js), then `known` (statements that tell the driver what
    only the server knows and a rewritten page must not change, as the page's own style), then the page's own driver
    (offline.js, or recheck.js for a verdict)."""
    return _script(tuple(scheme_files()), driver, known)


@cache
def _script(names: tuple[str, ...], driver: str, known: str = "") -> str:
    parts = [_assembled(names), _source("view.js"), *([known] if known else []), _source(driver)]
    return inline("\n".join(parts), driver)


def offline_page() -> str:
    """The whole offline verifier page."""
    return offline().html


def offline() -> Page:
    """The offline verifier page and its policy (built once per set of registered schemes, then shared)."""
    return _offline(tuple(schemes.ids()))


@cache
def _offline(ids: tuple[str, ...]) -> Page:
    missing = uncheckable()
    cannot = (
        f"<p class=muted id=uncheckable>fairdice also knows {html.escape(', '.join(missing))}, which this page"
        " cannot recompute: check those with the fairdice API.</p>\n"
        if missing
        else ""
    )
    body = f"""<h1>Check a game's dice</h1>
<p>Paste what the game revealed, or open this page with a game-over link, and it recomputes the seal and
every roll in your browser. Everything runs in your browser. Nothing is sent anywhere. You can save this
page and use it offline.</p>
<noscript><p>The checker runs in your browser and needs JavaScript, which seems to be off. You can still
check by hand: each scheme's recipe is in its seed document.</p></noscript>
<div id=verifier></div>
{cannot}<footer>fairdice {html.escape(__version__)} · the same rules as the fairdice verifier's API, tested against
it on every test vector.</footer>"""
    return document(
        TITLE,
        body,
        script=page_script(),
        style=_source("offline.css"),
        tail=data_block("fairdice-uncheckable", missing) + "\n",
    )


def main() -> None:
    """Write the page to standard output, for publishing it as a static file (beside the daily archive, say)."""
    sys.stdout.buffer.write(offline_page().encode())


if __name__ == "__main__":
    main()
