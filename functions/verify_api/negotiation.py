"""Who gets a page: the Accept header read as RFC 9110 §12.5.1 weighs it, HTML against JSON.

GET /check and a daily roll answer one URL with two representations; this decides which one.
"""

import re
from collections.abc import Iterator, Sequence

from fairdice.http import BLANKS

# What a page is sent as; the page itself is fairdice.page's.
PAGE_CONTENT_TYPE = "text/html; charset=utf-8"
# `*/*`, `type/*` or `type/subtype` (review: `*/*` was never read, so its weight never counted for JSON)
_MEDIA_RANGE = re.compile(r"\*/\*|[a-z0-9!#$&^_.+-]+/(?:\*|[a-z0-9!#$&^_.+-]+)")
_QUALITY = re.compile(r"0(\.\d{0,3})?|1(\.0{0,3})?")
_MAX_RANGES = 64  # an Accept header longer than this is read no further


def prefers_html(accept: str | None) -> bool:
    """Whether an Accept header ranks HTML above JSON, q-values and wildcards weighed (RFC 9110 §12.5.1).

    A browser's `text/html,…;q=0.9,*/*;q=0.8` does; `application/json`, `*/*`, a tie or no
    header at all do not: JSON is the API's answer unless HTML is preferred. At equal weights, a type
    named outranks one a wildcard covers: IE's `text/html, application/xhtml+xml, image/jxr, */*`
    names HTML and JSON only by `*/*` (review). The page is sent as text/html, so `text/html;q=0`
    never gets it, whatever else takes it.
    """
    if not accept:
        return False
    ranges = list(_media_ranges(accept))
    html = _quality(ranges, "text/html")
    weight, level = html
    if level >= 0 and weight == 0:  # covered by a range of weight 0: refused
        return False
    return max(html, _quality(ranges, "application/xhtml+xml")) > _quality(ranges, "application/json")


def _weighted(header: str) -> Iterator[tuple[str, float]]:
    """Each item of an Accept or Accept-Encoding header, lowercased, with its weight (`q`, 1 when not given); an item
    whose weight is malformed says nothing of what the client wants and is left out. Read up to `_MAX_RANGES` items.
    Only HTTP's blanks are taken off around an item or a weight, a space or a tab (RFC 9110 5.6.3): str.strip() took a
    no-break space or a control such as 0x1F off too, and gave `text/html` and one of them the page (review), where
    an item that is no media range is left out. So around a parameter's name: a name with any other blank by it is no
    `q` (review: `text/html;` and a no-break space before `q=0` weighed 0)."""
    for part in header.split(",")[:_MAX_RANGES]:
        item, *parameters = (piece.strip(BLANKS) for piece in part.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip(BLANKS).lower() == "q":
                weight = value.strip(BLANKS)
                quality = float(weight) if _QUALITY.fullmatch(weight) else -1.0
        if quality >= 0:
            yield item.lower(), quality


def _media_ranges(accept: str) -> Iterator[tuple[str, float]]:
    return ((media, quality) for media, quality in _weighted(accept) if _MEDIA_RANGE.fullmatch(media))


def _quality(ranges: Sequence[tuple[str, float]], media: str) -> tuple[float, int]:
    """The weight of the most specific range that covers `media`, and how specific it is: 2 named, 1 `type/*`, 0 `*/*`
    (0 and -1 when none does)."""
    kind = media.split("/")[0]
    specificity, weight = -1, 0.0
    for candidate, quality in ranges:
        level = 2 if candidate == media else 1 if candidate == f"{kind}/*" else 0 if candidate == "*/*" else -1
        if level > specificity:
            specificity, weight = level, quality
    return weight, specificity


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header takes gzip (RFC 9110 12.5.3): named (any case, or as x-gzip) with a weight
    above 0, or not named and `*` is; no header is read as no compression asked for. Powertools' own `compress=True`
    looks for the text "gzip" anywhere, so it sent gzip to `gzip;q=0` (review). It also gzips only where that text is
    there, so `GZIP` or `*` alone still get the asset as it is, which is always acceptable (review G)."""
    named: float | None = None
    anything: float | None = None
    for coding, quality in _weighted(accept_encoding or ""):
        if coding in ("gzip", "x-gzip"):
            named = quality if named is None else max(named, quality)
        elif coding == "*":
            anything = quality
    if named is not None:
        return named > 0
    return anything is not None and anything > 0
