"""Validation failures in words: which field, and what is wrong with it.

Both the CLI and the API turn a pydantic `ValidationError` or a domain `FairdiceError` into
the same list of problems, so a person sees `client_seeds[1]: a client seed is 1 to 128
characters …` rather than pydantic's own wording.
"""

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, AliasChoices, AliasPath, BaseModel, Field, PrivateAttr, ValidationError

from fairdice import schemes
from fairdice.errors import FairdiceError, InvalidInput, UnknownDay
from fairdice.prose import COPY_LINK, counted, cut, number, quoted
from fairdice.schemes.base import Scheme

WHOLE_REQUEST = "request"
MAX_FIELD = 100
MAX_MESSAGE = 300
# How a message cut at MAX_MESSAGE ends: in words and ASCII, since a message quotes what was sent and a page writes a
# `…` in it as its code point (it looks like `...`), which read as the sender's own (review). verifier.js says the same.
CUT_SHORT = "... (cut short)"
# Problems worded and listed, at most: a 1 MiB body of unknown fields holds 130,000, whose list would take seconds to
# word and be too large for Lambda to return (an answer over 6 MiB is API Gateway's 500). The rest are counted.
MAX_PROBLEMS = 100


def _writable(text: str) -> str:
    """The text with each lone surrogate written as its escape, `\\ud800`: no UTF-8 can write one, and only a
    hand-made event holds one (a method, a Content-Type, a query parameter's name, which an error quotes)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


# An error's text, which quotes what the request sent: one that could not be written as JSON made the verify API's 405
# a 500 and its 415, and the game's 422, raise out of the handler, no answer in the one shape (review)
Quoted = Annotated[str, AfterValidator(_writable)]


class Problem(BaseModel):
    """One thing wrong with the input: the field's path (`client_seeds[1]`) and the reason."""

    field: Quoted
    message: Quoted


class ErrorDetail(BaseModel):
    """What went wrong, for people (message, problems) and for programs (code): the API's one
    error shape, also each failed game's entry in a batch."""

    code: str = Field(description="stable and machine-readable, such as invalid_input or body_too_large")
    message: Quoted
    problems: list[Problem] = Field(default_factory=list, description="one entry per field that is wrong")


class ErrorResponse(BaseModel):
    """The one shape of every 4xx and 5xx answer."""

    error: ErrorDetail


def invalid(exc: ValidationError | FairdiceError) -> ErrorDetail:
    """The error for a request that cannot be verified: its code, the first problem in words, every problem. A
    problem is a field of the request's (a day without a secret is its date's); the archive's other errors name a
    field of a record (`previous`, `next_commitment`), none of the request, and list none (review: a batch's entry and
    an audit's finding listed `previous` as the request's problem, where POST /verify listed none)."""
    if isinstance(exc, FairdiceError) and not isinstance(exc, InvalidInput | UnknownDay):
        return ErrorDetail(code=exc.code, message=exc.message)
    problems = describe(exc)
    code = exc.code if isinstance(exc, FairdiceError) else InvalidInput.code
    return ErrorDetail(code=code, message=headline(problems), problems=problems)


class NotListed(Problem):
    """The last entry of a list of problems cut at MAX_PROBLEMS: how many more there are."""

    _more: int = PrivateAttr(default=0)

    @classmethod
    def of(cls, more: int) -> "NotListed":
        problem = cls(field=WHOLE_REQUEST, message=f"{more:,} more problem{'s' if more > 1 else ''}, not listed here")
        problem._more = more
        return problem


def headline(problems: list[Problem]) -> str:
    """One line for a list of problems: the first, and how many more there are."""
    first = f"{problems[0].field}: {problems[0].message}" if problems else "the request is not valid"
    more = sum(problem._more if isinstance(problem, NotListed) else 1 for problem in problems[1:])
    return first + (f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else "")


def describe(exc: ValidationError | FairdiceError) -> list[Problem]:
    """Every problem an error reports, one per field, each message in plain words."""
    if isinstance(exc, FairdiceError):
        return [_problem(exc.field or WHOLE_REQUEST, exc.message)]
    known = schemes.ids()
    scheme = next((s.id for s in schemes.all_schemes() if s.request.__name__ == exc.title), None)
    problems: list[Problem] = []
    errors = exc.errors(include_url=False)
    for error in errors[:MAX_PROBLEMS]:
        loc = tuple(error["loc"])
        if loc and loc[0] in known:
            # The discriminated union puts the scheme's tag first; it is not a field.
            scheme = str(loc[0])
            loc = loc[1:]
        context: dict[str, Any] = error.get("ctx") or {}
        if error["type"] == "field_error":
            loc = (*loc, context["field"])
        problems.append(_problem(_path(loc, error["type"]), _words(error, context, scheme, loc)))
    if len(errors) > MAX_PROBLEMS:
        problems.append(NotListed.of(len(errors) - MAX_PROBLEMS))
    return problems


def _problem(field: str, message: str) -> Problem:
    # A field is named as it was sent, and an unknown one can be any length; so can what a message quotes.
    return Problem(field=cut(field, MAX_FIELD), message=cut(message, MAX_MESSAGE, CUT_SHORT))


def _path(loc: tuple[int | str, ...], kind: str) -> str:
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return "scheme"
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or WHOLE_REQUEST


def _words(error: Any, context: dict[str, Any], scheme: str | None, loc: tuple[int | str, ...] = ()) -> str:
    """Pydantic's error in the words a person filling in a form expects."""
    kind: str = error["type"]
    given = error.get("input")
    match kind:
        case "value_error":
            return str(context["error"])
        case "missing":
            return "is required"
        case "extra_forbidden":
            if not scheme:
                return "is not a field of this request"
            near = did_you_mean(str(loc[-1]), schemes.get(scheme)) if len(loc) == 1 else ""
            return f"is not a field of scheme {scheme}{near}"
        case "union_tag_invalid":
            # the value as given (pydantic's tag is it as text: a number 36 was shown as '36', the page's 36)
            tag = given["scheme"] if isinstance(given, dict) and "scheme" in given else context.get("tag")
            return f"must be one of {', '.join(schemes.ids())}, not {quoted(tag)}{scheme_meant(tag)}"
        case "union_tag_not_found":
            return f"is required and must be one of {', '.join(schemes.ids())}{_scheme_of_fields(given)}"
        case "less_than_equal":
            # the limit grouped as the product writes its numbers (10,000), the value as it was given
            return f"must be at most {number(context['le'])}, got {quoted(given)}"
        case "greater_than_equal":
            return f"must be at least {number(context['ge'])}, got {quoted(given)}"
        case "int_type" | "int_parsing" | "int_from_float":
            return f"must be a whole number, got {quoted(given)}"
        case "bool_type" | "bool_parsing":
            return f"must be true or false, got {quoted(given)}"
        case "list_type":
            return "must be a list"
        case "too_short":
            return f"must have at least {counted(context['min_length'], 'entry', 'entries')}"
        case "too_long":
            return f"must have at most {counted(context['max_length'], 'entry', 'entries')}"
        case "string_type":
            return "must be text"
        case "model_type" | "model_attributes_type" | "dict_type":
            return "must be a JSON object"
        case "literal_error":
            return f"must be {context['expected']}"
        case "string_unicode":  # a key or text holding an escaped lone surrogate, `\ud800`, which JSON allows
            # Of the request itself only a field's name can (a value is found at its field): named as that
            holds = "holds" if loc else "a field's name holds"
            return f"{holds} a lone surrogate (an escape from \\ud800 to \\udfff on its own), which is no character"
        case "recursion_loop":
            return "holds JSON nested too deeply"
    message: str = error["msg"]
    return message


# ---- did you mean ---------------------------------------------------------------------------------

_NEAR = 0.75  # how alike a name must be to one the scheme takes (difflib's ratio) to be suggested


# A link whose `&` a mail program or a web page wrote as `&amp;`: its parameters after the first are named `amp;…`.
AMP = (
    "the link's & became &amp; (as a mail program or a web page writes it): change each &amp; back to &, or"
    f" {COPY_LINK}"
)


def encoded(text: str) -> str:
    """What a mail program's link checker did to a link, said of `text`, what it made of a parameter (a name holding
    its value, or the scheme's value holding the parameters after it): that the link's = became %3D, its & %26, or
    both, as `text` holds them (review: a link whose = alone became %3D was told its & had too). verifier.js's
    `encodedHint` says the same."""
    if "&" not in text:
        return f"the link's = became %3D (a mail program rewrote it): change each %3D back to =, or {COPY_LINK}"
    if "=" not in text:
        return f"the link's & became %26 (a mail program rewrote it): change each %26 back to &, or {COPY_LINK}"
    return f"the link's = and & became %3D and %26 (a mail program rewrote it): change them back, or {COPY_LINK}"


def did_you_mean(name: str, scheme: Scheme[Any], *, in_link: bool = False) -> str:
    """ "; did you mean X?" for a name `scheme` does not take, when one it takes is near; else "".

    Near is another scheme's name for the revealed secret or the seal (`seal` sent for narde-v1 means its
    `fingerprint`), a link's name for a field or a field's name in a link, or a name spelt alike (difflib).
    Names are compared in snake case, so seed 003's `serverSeed` style finds `server_seed`.
    """
    if in_link and name.startswith("amp;"):  # review: a link from a mail was refused with no word of why
        return f"; {AMP}"
    if in_link and "=" in name:  # support review: such a link was "not a parameter of a pair36 link", no word of why
        return f"; {encoded(name)}"
    by_field = {param.field: param.name for param in scheme.link}

    def named(field: str) -> str | None:
        return by_field.get(field) if in_link else field

    key = _snake(name)
    model = scheme.request
    for role, own, attribute in (
        ("the revealed secret", model.REVEALED_FIELD, "REVEALED_FIELD"),
        ("the seal shown before the game", model.SEAL_FIELD, "SEAL_FIELD"),
    ):
        words = {getattr(other.request, attribute) for other in schemes.all_schemes()}
        words |= {p.name for other in schemes.all_schemes() for p in other.link if p.field in words}
        suggestion = named(own)
        if key in words and suggestion and key != suggestion:
            return f"; did you mean {suggestion} ({scheme.id}'s name for {role})?"
    for param in scheme.link:
        if not in_link and key == param.name and "." not in param.field and param.name != param.field:
            return f"; did you mean {param.field} ({param.name} is its name in a link)?"
        if in_link and key == param.field.replace(".", "_") and param.name != key:
            return f"; did you mean {param.name} (the link's name for {param.field})?"
    names = [param.name for param in scheme.link] if in_link else [f for f in model.model_fields if f != "scheme"]
    close = difflib.get_close_matches(key, names, n=1, cutoff=_NEAR)
    return f"; did you mean {close[0]}?" if close and close[0] != name else ""


def scheme_meant(given: object) -> str:
    """ "; did you mean X?" for a scheme that is no scheme's id, when one is spelt alike in any case (`Narde`,
    `three dice`, `BG-DICE-V1`); else "". Scheme ids are ASCII: other text is compared with none, so that the offline
    page, whose lowercase differs from Python's beyond ASCII, suggests the same."""
    if not isinstance(given, str) or not given.isascii():
        return ""
    close = difflib.get_close_matches(given.lower(), schemes.ids(), n=1, cutoff=_NEAR)
    return f"; did you mean {close[0]}?" if close else ""


@dataclass(frozen=True)
class Parameter:
    """What a route's parameter takes, for `path_meant`: `takes` tells a value it takes, and an address meant where the
    path's text is none writes `form` in its place and says it is `what` (`YYYY-MM-DD`, a UTC day)."""

    takes: Callable[[str], bool]
    form: str
    what: str


def path_meant(
    path: str,
    paths: Sequence[str],
    root: str = "",
    most: int | None = None,
    parameters: Mapping[str, Parameter] | None = None,
) -> str:
    """ "; did you mean X?" for a `path` that is none of `paths` but one of them in another case, with a slash doubled
    (`/check//`) or one after a route's parameter that ends it (`/daily/<date>/<player_id>/`), or one slip of the keys
    away (a letter left out, added, changed or two swapped: `/chek/`, `/checks/`, `/dialy/`), X written after `root`
    (the site's own, which the routes never see); else "". Another word that starts alike is no slip (review:
    `/checkout?…` was asked whether /check was meant, as difflib's likeness took it). A segment of one of `paths`
    written `<name>` is a route's parameter (`/daily/<date>/<player_id>`): `path`'s text in its place is left out of
    the comparison, so a long player id makes no other address alike, and X keeps it as given; but none is offered
    where that text is a dot-segment, `.` or `..`, which an address bar reads X without (review: `/Daily/../x` was
    asked about /daily/../x, which a browser asks for as /x), nor where it is empty, which no route's parameter takes
    (review: `/Daily/2025-03-01/` was asked about /daily/2025-03-01/, itself a 404, and so was `/Daily/2025-03-01//`,
    its slashes doubled). X is offered only where it is at most `most` characters long, `root` and all, so that a
    message that cuts what it quotes there gives it whole (review: an address cut, an ellipsis in it, leads nowhere).
    `path` is read whole, so an address further from it in length than a slip is not compared with it letter by
    letter: a long path would cost a comparison of each of its letters with each of the address's. Where `parameters`
    says what a route's parameter takes and the path's text in its place is none of it, X writes the parameter's form
    there and says what it is (review: `/Dialy/x/` was asked about /daily/x, which answers 422: a date is written
    YYYY-MM-DD), so that X is never an address with a value its route refuses."""
    read = re.sub("/{2,}", "/", path).split("/")
    near: list[tuple[int, str, str]] = []
    for shape in paths:
        fixed = shape.split("/")
        taken = {i for i, segment in enumerate(fixed) if _ROUTE_PARAMETER.fullmatch(segment)}
        # A slash after the last parameter of an address that ends with one is a slip, left out as a doubled one is
        # (review: `/daily/{date}/{id}/` was told "see GET /docs"). Not after an address of no parameter, which a
        # route may take with and without it (`/check`, `/check/`): either is asked about as it is nearest
        last = len(fixed) - 1
        given = read[:-1] if last in taken and len(read) == len(fixed) + 1 and not read[-1] else read
        if (taken and len(fixed) != len(given)) or any(given[i] in ("", ".", "..") for i in taken):
            continue
        blank = "/".join("" if i in taken else segment for i, segment in enumerate(fixed))
        compared = "/".join("" if i in taken else segment.lower() for i, segment in enumerate(given))
        if abs(len(blank) - len(compared)) > _SLIPS:
            continue  # each letter one has more than the other is a slip
        written = [segment if i not in taken else given[i] for i, segment in enumerate(fixed)]
        refused = [
            (i, parameter)
            for i in taken
            if (parameter := (parameters or {}).get(fixed[i][1:-1])) is not None and not parameter.takes(given[i])
        ]
        for i, parameter in refused:
            written[i] = parameter.form
        said = "".join(f" ({parameter.what})" for _, parameter in refused)
        near.append((_slips(blank, compared), "/".join(written), said))
    slips, meant, said = min(near, default=(_SLIPS + 1, path, ""))
    whole = most is None or len(root + meant) <= most
    return f"; did you mean {root}{meant}{said}?" if slips <= _SLIPS and meant != path and whole else ""


# How many slips of the keys a path may be from an address to be asked about it
_SLIPS = 1


def _slips(meant: str, given: str) -> int:
    """How many letters left out, added, changed, or two beside each other swapped, make `given` of `meant` (the
    optimal string alignment distance)."""
    before: list[int] = []
    row = list(range(len(given) + 1))
    for i, m in enumerate(meant, 1):
        earlier, before, row = before, row, [i]
        for j, g in enumerate(given, 1):
            row.append(min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (m != g)))
            if i > 1 and j > 1 and m == given[j - 2] and meant[i - 2] == g:
                row[j] = min(row[j], earlier[j - 2] + 1)
    return row[-1]


# A route's parameter in a path shape, as Powertools writes it in a rule
_ROUTE_PARAMETER = re.compile(r"<\w+>")


def _snake(name: str) -> str:
    """`clientSeeds` → `client_seeds`; other names lowercased."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _scheme_of_fields(given: object) -> str:
    """When a request without `scheme` has fields that only one scheme takes: which one."""
    if not isinstance(given, dict) or not given:
        return ""
    names = set(map(str, given))
    fitting = [scheme.id for scheme in schemes.all_schemes() if names <= _accepted(scheme)]
    return f': these fields are {fitting[0]}\'s, so add "scheme": "{fitting[0]}"' if len(fitting) == 1 else ""


def is_one_request(given: dict[str, Any]) -> bool:
    """Whether `given` holds `scheme` and names only what one scheme's request takes: one verify request, however
    wrong its values."""
    names = set(map(str, given))
    return "scheme" in names and any(names <= _accepted(scheme) for scheme in schemes.all_schemes())


def _accepted(scheme: Scheme[Any]) -> set[str]:
    """Every top-level name a scheme's request takes: its fields and the names they are read under too."""
    names: set[str] = set()
    for name, field in scheme.request.model_fields.items():
        names.add(name)
        alias = field.validation_alias
        for choice in alias.choices if isinstance(alias, AliasChoices) else [alias]:
            if isinstance(choice, str):
                names.add(choice)
            elif isinstance(choice, AliasPath):
                names.add(str(choice.path[0]))
    return names
