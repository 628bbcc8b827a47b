"""What fairdice's HTML pages share: escaping, invisible characters made visible, one style, one shell, one policy.

Every page (the verdict, an error, a day's record, the offline verifier) is one self-contained
document: its style and its one script (if any) inline, each allowed by its SHA-256 hash in the
page's Content-Security-Policy, and nothing else allowed: no request leaves the page. The policy is
in the page's meta tag, so a saved copy keeps it; the API also sends it as a header, with framing
refused (`frame-ancestors`, which only a header can say).
"""

import base64
import hashlib
import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any

from fairdice.prose import unseen

FRAME_ANCESTORS = "frame-ancestors 'none'"
# An inline script or style ends at the first `</script` or `</style`, and `<!--` changes how it is read.
_BREAKS_OUT = ("</script", "</style", "<!--")

# The server's pages share one style sheet, beside this module (the offline page has its own, offline.css).
STYLE = files("fairdice").joinpath("page.css").read_text(encoding="utf-8")


def e(value: object) -> str:
    """Text as HTML, quotes included: safe in an element and in a quoted attribute."""
    return html.escape(str(value), quote=True)


def code_point(character: str) -> str:
    """`U+202E`: how a character that shows nothing is written instead."""
    return f"U+{ord(character):04X}"


def capital(text: str) -> str:
    """The text with its first letter a capital; but one whose first word names a key or a path (it holds a `/`, as
    `revealed/2026-12-02.json` does) is kept as written: S3's keys are case-sensitive (review). view.js alike."""
    if "/" in text.split(" ", 1)[0]:
        return text
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """The text as a sentence: a capital first, a full stop last unless it ends in one already."""
    text = capital(text)
    return text if text.endswith((".", "!", "?")) else text + "."


_DATE = re.compile(r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b")


def whole_dates(markup: str) -> str:
    """HTML text with each date in it (`2026-12-04`) a `<time>`, which the style keeps on one line: a heading broke a
    date at a phone's width after its hyphen ("2026-" above "12-04"), and read as two numbers (review)."""
    return _DATE.sub(r"<time>\g<0></time>", markup)


def mark(ok: bool | None) -> str:
    """✓, ✗, or – for what was not checked."""
    if ok is None:
        return "<span class=muted>–</span>"
    return "<span class=ok>✓</span>" if ok else "<span class=bad>✗</span>"


# What a roll's mark in a table of rolls says to a screen reader (view.js says the same)
_ROLL_MARKS = {True: ("ok", "✓", "matches"), False: ("bad", "✗", "differs"), None: ("muted", "–", "not compared")}


def roll_mark(matches: bool | None) -> str:
    """A roll's ✓, ✗, or – for one not compared, named in words: an image named by its label, where the glyph alone
    was read as itself, or skipped (review). No tooltip as well, as the offline page has: at the roll cap it would add
    about 200 kB to a page that the label alone makes 350 kB larger."""
    kind, glyph, said = _ROLL_MARKS[matches]
    return f'<span class={kind} role=img aria-label="{said}">{glyph}</span>'


# What a character written as its code point is, in its tooltip (view.js says the same).
_CODE_POINT_TITLE = ", shown as its code point: it shows nothing, or looks like another character"


def visible(value: object, *, spaces: bool = False) -> str:
    """Text as HTML with every character that shows nothing or looks like another (`prose.unseen`) written as its
    code point, ⟨U+202E⟩, so that no value can look like another. The value itself stays as it was given: these
    characters are accepted as input. With `spaces`, every other space is in a span of its own (class `sp`) that
    the style marks, so that a space at the end of a line still shows; the text is unchanged."""
    text = str(value)
    flags = unseen(text)
    if not any(flags) and not (spaces and " " in text):  # nearly every value: escaped whole
        return html.escape(text, quote=True)
    parts = []
    for character, hidden in zip(text, flags, strict=True):
        if hidden:
            point = code_point(character)
            parts.append(f'<span class=cp title="{point}{_CODE_POINT_TITLE}">⟨{point}⟩</span>')
        elif spaces and character == " ":
            parts.append("<span class=sp> </span>")
        else:
            parts.append(html.escape(character, quote=True))
    return "".join(parts)


def marked(value: str, other: str | None) -> str:
    """Hex as HTML, the characters where it differs from `other` (another seal) marked."""
    if other is None or value == other:
        return e(value)
    parts: list[str] = []
    for at, character in enumerate(value):
        differs = at >= len(other) or character != other[at]
        parts.append(f"<mark>{e(character)}</mark>" if differs else e(character))
    return "".join(parts).replace("</mark><mark>", "")


def csp_hash(text: str) -> str:
    """The CSP source that allows exactly this inline script or style: `'sha256-…'`."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def content_security_policy(script: str | None, style: str) -> str:
    """Nothing but the page's own script (if any) and style, each by its hash; no request, no form submission:
    the policy a page's meta tag carries. A style or script that would end its inline element is refused (`inline`)."""
    styles = _allowed(style, "page style")
    scripts = f"script-src {_allowed(script, 'page script')}; " if script is not None else ""
    return f"default-src 'none'; {scripts}style-src {styles}; base-uri 'none'; form-action 'none'"


@lru_cache(maxsize=8)
def _allowed(text: str, what: str) -> str:
    """The CSP source of an inline script or style, refused first if it would end its element: worked out once a text.
    The pages' scripts and styles are fixed per process, and the verdict page's script is some 286 KB: searched and
    hashed again for every verdict page, it took most of the page's time (review)."""
    return csp_hash(inline(text, what))


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
    """A JSON value for a page's script, in a `<script type=application/json>` element, which never runs (so the
    policy needs no source for it); `<` is escaped, so that the JSON cannot end the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f"<script type=application/json id={element_id}>{text}</script>"


@dataclass(frozen=True)
class Page:
    """An HTML page and the Content-Security-Policy header the API sends with it."""

    html: str
    policy: str


def document(title: str, body: str, *, script: str | None = None, style: str = STYLE, tail: str = "") -> Page:
    """A whole page: its title, its body (already HTML), then `tail` (data blocks) and its one script, if any. The body
    but its footer is the page's `main` landmark, where a screen reader's user goes first (review: pages, no landmark
    but the footer)."""
    at = body.rfind("<footer")
    body = f"<main>\n{body[:at]}</main>\n{body[at:]}" if at >= 0 else f"<main>\n{body}\n</main>"
    policy = content_security_policy(script, style)
    runs = f"<script>{script}</script>" if script is not None else ""
    page = (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>\n"
        '<meta name=viewport content="width=device-width,initial-scale=1">\n'
        f'<meta http-equiv=Content-Security-Policy content="{html.escape(policy, quote=False)}">\n'
        '<meta name=referrer content="no-referrer">\n'
        f"<title>{e(title)}</title>\n<style>{style}</style></head><body>\n{body}\n{tail}{runs}\n</body></html>\n"
    )
    return Page(html=page, policy=header_policy(policy))
