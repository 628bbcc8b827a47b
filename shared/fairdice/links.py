"""Static game-over links: a verify request carried whole in a URL's query, and back.

Seed 000 fixes pair36's form, `/check/?seed=…&seal=…&client=a,b&n=52&rolls=6344…`, with
no `scheme` parameter. Every other scheme names itself with `scheme=<id>` and uses short
parameters of the same kind. `parse_link(build_link(request)) == request` for every valid
request.
"""

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote_plus, urlsplit

from fairdice.errors import InvalidInput
from fairdice.models import SCHEMES, RequestBase, parse_request

DEFAULT_SCHEME = "pair36"
LINK_FIELD = "link"
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
# Kept readable in a link: they separate list items and label parts, and mean nothing else in a query.
_SAFE = ",:"
_BG_PREFIX = "bg-dice-v1:"


@dataclass(frozen=True)
class Param:
    """One link parameter: its name in the URL, the request field it fills, and how it is written."""

    name: str
    field: str
    kind: str = "text"  # text | list | int | bool | rolls | labels | seat

    @property
    def path(self) -> str:
        """The request field's path as errors name it (`client_seeds.white`)."""
        return f"client_seeds.{self.field}" if self.kind == "seat" else self.field


_COUNT = (Param("first", "first", "int"), Param("n", "count", "int"), Param("rolls", "recorded", "rolls"))
PARAMS: dict[str, tuple[Param, ...]] = {
    "pair36": (
        Param("seed", "server_seed"),
        Param("seal", "seal"),
        Param("client", "client_seeds", "list"),
        *_COUNT,
    ),
    "bg-dice-v1": (
        Param("key", "key"),
        Param("lock", "lock"),
        Param("opening", "opening", "bool"),
        Param("first", "first_turn", "int"),
        Param("line", "line", "int"),
        Param("labels", "labels", "labels"),
        *_COUNT[1:],
    ),
    "bg-online-v1": (
        Param("server", "server_number"),
        Param("seal", "seal"),
        Param("app", "app_numbers", "list"),
        Param("g", "game", "int"),
        Param("opening", "opening", "bool"),
        *_COUNT[1:],
    ),
    "narde-v1": (
        Param("key", "key"),
        Param("fingerprint", "fingerprint"),
        Param("phrase", "phrase"),
        *_COUNT,
    ),
    "three-dice": (
        Param("seed", "seed"),
        Param("commit", "commit"),
        Param("white", "white", "seat"),
        Param("black", "black", "seat"),
        *_COUNT,
    ),
    "daily": (
        Param("date", "date"),
        Param("player", "player_id"),
        Param("secret", "secret"),
        Param("commitment", "commitment"),
        Param("rolls", "recorded", "rolls"),
    ),
}


def build_link(request: RequestBase, base_url: str = "") -> str:
    """The game-over link that carries `request`: `{base_url}/check/?…`.

    Fields left at their default are left out, so a pair36 link is exactly seed 000's form.
    """
    scheme = _scheme_of(request)
    pairs = [] if scheme == DEFAULT_SCHEME else [("scheme", scheme)]
    fields = type(request).model_fields
    for param in PARAMS[scheme]:
        if param.kind == "seat":
            seats = getattr(request, "client_seeds", None)
            value = None if seats is None else getattr(seats, param.field)
        else:
            value = getattr(request, param.field)
            if value == fields[param.field].default:
                continue
        if value is not None:
            pairs.append((param.name, _write(param, value, request)))
    query = "&".join(f"{name}={quote(text, safe=_SAFE)}" for name, text in pairs)
    return f"{base_url.rstrip('/')}/check/?{query}"


def parse_link(link: str) -> RequestBase:
    """The verify request a link carries.

    Takes a full URL, a path with its query, or the query alone (with or without `?`), such
    as API Gateway's raw query string. Raises `InvalidInput` naming the field for an unknown,
    repeated or undecodable parameter; the request's own validation raises pydantic's
    `ValidationError` (see `fairdice.problems.describe`).
    """
    pairs = _pairs(_query_of(link))
    if not pairs:
        raise InvalidInput(
            "has no parameters: a check link looks like /check/?seed=…&client=a,b&n=52", field=LINK_FIELD
        )
    scheme_values = [value for name, value in pairs if name == "scheme"]
    if len(scheme_values) > 1:
        raise InvalidInput(f"is given {len(scheme_values)} times in the link; give it once", field="scheme")
    scheme = scheme_values[0] if scheme_values else DEFAULT_SCHEME
    if scheme not in PARAMS:
        raise InvalidInput(f"must be one of {', '.join(SCHEMES)}, not {scheme!r}", field="scheme")
    known = {param.name: param for param in PARAMS[scheme]}
    given: dict[str, str] = {}
    for name, value in pairs:
        if name == "scheme":
            continue
        param = known.get(name)
        if param is None:
            raise InvalidInput(
                f"{name[:40]!r} is not a parameter of a {scheme} link; it takes {', '.join(known)}", field=name
            )
        if name in given:
            raise InvalidInput(f"is given twice in the link (as {name}); give it once", field=param.path)
        given[name] = value
    data: dict[str, Any] = {"scheme": scheme}
    for name, value in given.items():
        if value == "":
            continue  # a field left blank in a form is a field not given
        param = known[name]
        if param.kind == "seat":
            data.setdefault("client_seeds", {})[param.field] = value
        else:
            data[param.field] = _read(param, value)
    return parse_request(data)


def _scheme_of(request: RequestBase) -> str:
    for scheme, model in SCHEMES.items():
        if type(request) is model:
            return scheme
    raise InvalidInput(f"{type(request).__name__} is not a verify request", field="scheme")


def _write(param: Param, value: Any, request: RequestBase) -> str:
    match param.kind:
        case "list":
            return ",".join(value)
        case "bool":
            return "1" if value else "0"
        case "labels":
            return ",".join(label.removeprefix(_BG_PREFIX) for label in value)
        case "rolls":
            # Single-digit faces run together (seed 000: two digits per roll); daily's d10-d20 cannot.
            if max(request.SIDES) <= 9:
                return "".join(str(face) for roll in value for face in roll)
            return ",".join("-".join(str(face) for face in roll) for roll in value)
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def _read(param: Param, value: str) -> object:
    match param.kind:
        case "list":
            return value.split(",")
        case "labels":
            return [label if label.startswith(_BG_PREFIX) else _BG_PREFIX + label for label in value.split(",")]
    return value


def _query_of(link: str) -> str:
    text = link.strip()
    if text.startswith("?"):
        return text[1:]
    if text.startswith("/") or _URL.match(text):
        return urlsplit(text).query
    # A bare query is taken whole: a literal `?` inside a value is legal in a query string.
    return text


def _pairs(query: str) -> list[tuple[str, str]]:
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        raw_name, _, raw_value = part.partition("=")
        try:
            name = unquote_plus(raw_name, errors="strict")
            value = unquote_plus(raw_value, errors="strict")
        except UnicodeDecodeError:
            raise InvalidInput(
                f"the parameter {raw_name[:40]!r} is not percent-encoded UTF-8", field=LINK_FIELD
            ) from None
        pairs.append((name, value))
    return pairs
