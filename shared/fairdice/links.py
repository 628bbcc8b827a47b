"""Static game-over links: a verify request carried whole in a URL's query, and back.

Each scheme's room lists its link's parameters (`Scheme.link`). Seed 000 prints its links as
`/check/?seed=…&seal=…&client=a,b&n=52&rolls=6344…`, with no `scheme` parameter: that scheme
says so (`Scheme.bare_links`). Every other scheme names itself with `scheme=<id>` and uses short
parameters of the same kind. `parse_link(build_link(request)) == request` for every valid request.
"""

import datetime as dt
import difflib
import re
from collections.abc import Callable, Collection
from typing import Any
from urllib.parse import quote, unquote_plus

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from fairdice import schemes
from fairdice.errors import InvalidInput
from fairdice.problems import did_you_mean, encoded, scheme_meant
from fairdice.prose import given_more_than_once, quoted, repr_of
from fairdice.request import CountedRequest, RequestBase
from fairdice.schemes.base import LinkParam, Scheme
from fairdice.verify import check

LINK_FIELD = "link"
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
# Added to links by mail clients, newsletters and ad networks: they say where a click came from, nothing about a game.
# ASCII letters in either case only (Python would also fold ı and ſ to i and s, as the browser does not), and any
# character after utm_, line breaks too (the browser's . stops at \r as Python's does not): verifier.js reads alike.
TRACKING = re.compile(r"utm_[\s\S]*|fbclid|gclid", re.IGNORECASE | re.ASCII)
# Kept readable in a link: they separate list items and label parts, and mean nothing else in a query.
_SAFE = ",:"


def game_link(request: RequestBase, base_url: str = "") -> str:
    """The game-over link of a request that /verify reads: what POST /links and `fairdice link` give.

    A request /verify refuses is refused here alike (InvalidInput), rather than made into a link that
    /check refuses: fields the model reads are checked by its validation, and what only the revealed
    secret decides (bg-dice's opening roll-offs: opening:1 follows only a tie) by checking the game
    when the request carries its secret. A request without one (a daily roll, whose secret the
    archive gives) has nothing of that kind to check.
    """
    if request.secret_hex is not None:
        check(request)  # the verdict is not kept: a link says nothing of it
    return build_link(counted(request), base_url)


def counted(request: RequestBase) -> RequestBase:
    """The request with its count said (`n`) where its recorded rolls alone said how many rolls it has.

    A link's rolls come last, and a chat or a mail program may cut a long link short: without `n`, a link cut between
    two rolls was another request, of fewer rolls, and a game whose third roll differs read `fair` on its first two
    (review). With it, such a link is rolls missing: at most `incomplete`. The request verifies as before: its count is
    the number of rolls it records. A count another field fixes (bg-dice's labels) is left unsaid.
    """
    if not isinstance(request, CountedRequest) or request.count is not None or not request.count_is_free:
        return request
    if request.recorded is None:
        return request
    return request.model_copy(update={"count": len(request.recorded)})


def build_link(request: RequestBase, base_url: str = "") -> str:
    """The game-over link that carries `request`: `{base_url}/check/?…`.

    Fields left at their default are left out, so a pair36 link is exactly seed 000's form.
    """
    return f"{base_url.rstrip('/')}/check/?{link_query(request)}"


def link_query(request: RequestBase) -> str:
    """The query string of `request`'s game-over link (without `?`): what a link relative to a check page is."""
    scheme = schemes.of(request)
    pairs = [] if scheme.bare_links else [("scheme", scheme.id)]
    fields = type(request).model_fields
    for param in scheme.link:
        parent, _, child = param.field.partition(".")
        value = getattr(request, parent)
        if child:
            value = None if value is None else getattr(value, child)
        elif value == fields[param.field].default:
            continue
        if value is not None:
            pairs.append((param.name, _write(param, value, request)))
    return "&".join(f"{name}={quote(text, safe=_SAFE)}" for name, text in pairs)


def parse_link(link: str) -> RequestBase:
    """The verify request a link carries.

    Takes a full URL or a path (its query: after the first `?`, up to the next `#`), or the query
    alone, with or without `?`; the offline page reads a link the same way (verifier.js's `queryOf`).
    A request's own query string (API Gateway's raw query string) is given with its `?`, as the page
    is given `location.search`: a query that starts like a URL is still a query. Tracking parameters
    (`utm_*`, `fbclid`, `gclid`) are ignored. Raises `InvalidInput` naming the parameter for an
    unknown, repeated or undecodable one; the request's own validation raises pydantic's
    `ValidationError` (see `fairdice.problems.describe`), its problems named by the link's
    parameters, not the request's fields.
    """
    query = _query_of(link)
    pairs = _pairs(query)
    if not pairs:
        raise InvalidInput(
            "has no parameters: a check link looks like /check/?seed=SEED&client=a,b&n=52", field=LINK_FIELD
        )
    scheme_values = [value for name, value, _ in pairs if name == "scheme"]
    if len(scheme_values) > 1:
        raise InvalidInput(given_more_than_once(len(scheme_values), "the link"), field="scheme")
    if not scheme_values and (name := next((name for name, _, _ in pairs if "=" in name), None)) is not None:
        # A query a mail program percent-encoded, whole or its = alone: a name holds its value, or every parameter, a
        # scheme among them unread, so no scheme's link is named (support review: "… is not a parameter of a pair36
        # link" for narde-v1's)
        what = (
            "all of the link's parameters"
            if len(pairs) == 1
            else "several parameters"
            if "&" in name
            else "a parameter's name and value"
        )
        raise InvalidInput(f"{quoted(name)} is {what} as one; {encoded(name)}", field=name)
    try:
        scheme = schemes.get(scheme_values[0]) if scheme_values else schemes.bare_link_scheme()
    except KeyError:
        named = scheme_values[0]
        # The scheme's value holding the link's other parameters: a mail program percent-encoded the & and = after
        # `scheme=` (support review: "must be one of …" alone, no word of why), said as a name holding them is. A value
        # may hold the link's own =, as written: it became %3D only where the value holds one, as the link wrote it
        # (review: `narde-v1%26key=…` was told its = became %3D; and so was `narde-v1=x` beside another value's %3D)
        raw = next(written for name, _, written in pairs if name == "scheme")
        held = named if "%3d" in raw.lower() else named.replace("=", "")
        said = (
            f"{quoted(named)}; {encoded(held)}"
            if "=" in held or "&" in held
            else f"{repr_of(named)}{scheme_meant(named)}"
        )
        raise InvalidInput(f"must be one of {', '.join(schemes.ids())}, not {said}", field="scheme") from None
    known = {param.name: param for param in scheme.link}
    given = _given_once(
        [(name, value) for name, value, _ in pairs if name != "scheme"],
        known,
        f"a {scheme.id} link",
        "the link",
        lambda name: did_you_mean(name, scheme, in_link=True),
    )
    data: dict[str, Any] = {"scheme": scheme.id}
    for name, value in given.items():
        param = known[name]
        parent, _, child = param.field.partition(".")
        if child:
            data.setdefault(parent, {})[child] = value
        else:
            data[param.field] = _read(param, value)
    names = {param.field: param.name for param in scheme.link}
    try:
        return schemes.parse_request(data, names)
    except ValidationError as exc:
        raise _named_by_the_link(exc, scheme) from None


_ROLL_WORDS = frozenset({"dice", "die", "faces", "face", "roll", "rolls", "rolled"})


def address_query(query: str, known: Collection[str], scheme: Scheme[Any], address: str) -> dict[str, str]:
    """The parameters of an address's query string that is no link (GET /daily/{date}/{player_id}'s `recorded`, GET
    /daily/{date}'s none), read as a link's are, from the raw query string: percent-decoded, `+` for a space,
    tracking parameters ignored, a value left blank not given. A parameter fairdice reads elsewhere (a name of
    `scheme`'s link or request, in any case: review, `?rolls=…`, the daily link's name, was ignored and the rolls
    said not given), a word for rolls (`dice`, `faces`…), or one spelt like one of `known` is InvalidInput naming
    it, with the one of `known` it most likely meant; any other is ignored, as what sharing an address adds to it
    (`igshid`, `si`, `ref`: review, refused, a shared address no longer opened); one given more than once is
    InvalidInput too."""
    by_link = {param.name: param.field for param in scheme.link if param.field in known and param.name != param.field}
    # In any case, and the words people use for rolls (review: `ROLLS=`, `dice=`, `faces=` were ignored, the rolls said
    # not given where they differed)
    ours = {name.lower() for name in ({param.name for param in scheme.link} | set(scheme.request.model_fields))}
    ours |= _ROLL_WORDS

    def close(name: str) -> list[str]:
        return difflib.get_close_matches(name.lower(), list(known), n=1)

    def suggested(name: str) -> str:
        low = name.lower()
        if low in by_link:
            return f"; did you mean {by_link[low]} ({low} is its name in a link)?"
        if low in _ROLL_WORDS and "rolls" in by_link:
            return f"; did you mean {by_link['rolls']}?"
        return "".join(f"; did you mean {like}?" for like in close(name))

    def read(name: str) -> bool:
        return name in known or name.lower() in ours or bool(close(name))

    pairs = [(name, value) for name, value, _ in _pairs(query, whole="address", read=read)]
    return _given_once(pairs, known, address, "the address", suggested, whole="address")


def times_given(query: str, name: str) -> int:
    """How many times a raw query string gives the parameter `name`, as `address_query` reads it (0: it cannot be
    read). API Gateway joins a repeated parameter's values with commas, and Powertools splits them at every comma."""
    try:
        return sum(1 for given, _, _ in _pairs(query) if given == name)
    except InvalidInput:
        return 0


def _given_once(
    pairs: list[tuple[str, str]],
    known: Collection[str],
    what: str,
    where: str,
    suggested: Callable[[str], str],
    whole: str = LINK_FIELD,
) -> dict[str, str]:
    """Each parameter's value by its name, those left blank (a field left blank in a form is a field not given) left
    out; InvalidInput for a name `what` does not take, with what `suggested` says of it, or one given more than once
    in `where`. `whole`: the field of a parameter with no name (`?=x`, review: it was "request")."""
    given: dict[str, str] = {}
    for name, value in pairs:
        if name not in known:
            takes = f"it takes {', '.join(known)}" if known else "it takes none"
            raise InvalidInput(
                f"{quoted(name)} is not a parameter of {what}; {takes}" + suggested(name), field=name or whole
            )
        if name in given:  # counted whole (review: three times was "twice")
            times = sum(1 for other, _ in pairs if other == name)
            raise InvalidInput(given_more_than_once(times, where), field=name)
        given[name] = value
    return {name: value for name, value in given.items() if value != ""}


def _named_by_the_link(exc: ValidationError, scheme: Scheme[Any]) -> ValidationError:
    """The same problems, each at the link's parameter rather than the request's field (`client`, not
    `client_seeds`); a field no parameter fills keeps its name."""
    details: list[InitErrorDetails] = []
    for error in exc.errors(include_url=False):
        loc, context = tuple(error["loc"]), dict(error.get("ctx") or {})
        tag = loc[:1] if loc and loc[0] == scheme.id else ()
        if error["type"] == "field_error":
            context["field"] = link_name(str(context["field"]), scheme)
        elif loc[len(tag) :]:
            loc = (*tag, link_name(_dotted(loc[len(tag) :]), scheme))
        details.append(
            InitErrorDetails(
                type=PydanticCustomError(error["type"], error["msg"], context or None),
                loc=loc,
                input=error.get("input"),
            )
        )
    return ValidationError.from_exception_data(exc.title, details)


def link_name(path: str, scheme: Scheme[Any]) -> str:
    """A request field's path (`client_seeds[1]`, `client_seeds.white`) as the scheme's link names it
    (`client[1]`, `white`); a field no parameter fills keeps its path."""
    for param in sorted(scheme.link, key=lambda param: -len(param.field)):
        if path == param.field or path.startswith((f"{param.field}[", f"{param.field}.")):
            return param.name + path[len(param.field) :]
    children = [param.name for param in scheme.link if param.field.startswith(f"{path}.")]
    return " and ".join(children) if children else path


def _dotted(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def _write(param: LinkParam, value: Any, request: RequestBase) -> str:
    match param.kind:
        case "list":
            return ",".join(value)
        case "bool":
            return "1" if value else "0"
        case "labels":
            return ",".join(label.removeprefix(param.prefix) for label in value)
        case "rolls":
            # Single-digit faces run together (seed 000: two digits per roll); daily's d10-d20 cannot.
            if max(request.SIDES) <= 9:
                return "".join(str(face) for roll in value for face in roll)
            return ",".join("-".join(str(face) for face in roll) for roll in value)
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def _read(param: LinkParam, value: str) -> object:
    match param.kind:
        case "list":
            return value.split(",")
        case "labels":
            return [label if label.startswith(param.prefix) else param.prefix + label for label in value.split(",")]
    return value


_URL_EDGES = "".join(map(chr, range(0x21)))  # what the WHATWG URL parser trims from a URL's ends: U+0000-U+0020
# Before a pasted link, what a chat or a document puts there too, and no link starts with: every Unicode White_Space
# character, the zero-width space and the byte order mark (verifier.js's queryOf trims the same characters). Nothing
# of a value can come before a link's `?`, and no parameter's name starts with one (review: a link pasted after a
# no-break space, U+3000 or U+2028 was refused).
_LEADING = (
    _URL_EDGES + "\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200C))) + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def _query_of(link: str) -> str:
    """The query a link carries, read exactly as verifier.js's `queryOf` reads it, so that one pasted link is one
    game on the server and in the browser: for a path or URL, everything after its first `?` up to the first `#`
    after that (a `#` before the `?` does not end it; tabs and line breaks are kept, where `urlsplit` would delete
    them and take `/check/#x?…` for a fragment), and so for a link without its scheme, whatever comes before its first
    `?` holding no `=` or `&`; `?…` without its `?`; anything else, whole. Only what a browser trims
    from a URL's end is trimmed, the C0 controls and the space: a trailing U+3000 or no-break space is sent on by a
    browser that opens the link, so it is part of the last value here too (review: a pasted link and the same link
    opened were two games). Before the link, any blank (`_LEADING`) is trimmed: none is part of a value."""
    text = link.lstrip(_LEADING).rstrip(_URL_EDGES)
    if text.startswith("?"):
        return text[1:]
    location, mark, _ = text.partition("?")
    if text.startswith("/") or _URL.match(text) or (mark and not set("=&") & set(location)):
        # A link written without its scheme (`fairdice.example.com/check/?…`, as chats and cards print them) too: what
        # comes before its `?` holds no `=` or `&`, so it is no parameter (review: the host was read as one)
        return text.partition("?")[2].partition("#")[0]
    # A bare query is taken whole: a literal `?` inside a value is legal in a query string.
    return text


def _pairs(
    query: str, whole: str = LINK_FIELD, read: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, str, str]]:
    """A query's parameters in order, each its name and value percent-decoded, `+` for a space, and its value as the
    query wrote it; tracking parameters (`TRACKING`), and any other whose decoded name `read` refuses, left out;
    InvalidInput at `whole` (the link, or the address) for a name, or a value of one kept, that is not percent-encoded
    UTF-8 or holds a malformed escape. A value left out is not decoded: it is no part of a game, so an escape it
    mistypes refuses nothing (review: `utm_campaign=50%off`, ignored, refused the link that worked before); nor is a
    name that cannot be decoded and that `read` refuses as written (an address's `?%zz=1`, which it ignored before)."""
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        raw_name, _, raw_value = part.partition("=")
        try:
            name = _unquoted(raw_name, raw_name, whole)
        except InvalidInput:
            if read(raw_name):
                raise
            continue
        if not TRACKING.fullmatch(name) and read(name):
            pairs.append((name, _unquoted(raw_value, raw_name, whole), raw_value))
    return pairs


# A % that starts no percent escape (two hex digits after it), with what follows it of a mistyped one (`%zz`, `%2`)
_MALFORMED_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})[0-9A-Za-z]{0,2}")


def _unquoted(raw: str, raw_name: str, whole: str) -> str:
    """`raw`, of the parameter `raw_name`, percent-decoded, `+` for a space; InvalidInput at `whole` for a malformed
    escape in it (review: `?%` was told "'%' is not a parameter", and `seed=ab%2` that a secret holds no %), or one
    that is no UTF-8. verifier.js's `decode` says the same."""
    malformed = _MALFORMED_ESCAPE.search(raw)
    if malformed is not None:
        what = "link" if whole == LINK_FIELD else whole
        words = (
            f"the parameter {quoted(raw_name)} holds {quoted(malformed.group())}, a % with no two hex digits after it:"
            f" {'an' if what[0] in 'aeiou' else 'a'} {what} writes a % itself as %25; copy the {what} again"
        )
        raise InvalidInput(words, field=whole)
    try:
        return unquote_plus(raw, errors="strict")
    except UnicodeDecodeError:
        raise InvalidInput(f"the parameter {quoted(raw_name)} is not percent-encoded UTF-8", field=whole) from None
