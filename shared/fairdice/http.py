"""What every function of fairdice that answers HTTP answers alike: the one map from a domain error to its HTTP status,
the wait a 503 asks for, and the headers on every answer.

The core's other modules say what a thing is (a verdict, an error of `fairdice.errors`); this is where the HTTP edge
of both the verify API and the game's route (`functions/`) turns that into a status and headers, once for both. It
lives in the layer because two functions share it, and reads nothing but its arguments.
"""

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from http import HTTPStatus
from typing import Any, Protocol
from urllib.parse import unquote

from pydantic import BaseModel, ConfigDict, ValidationError

from fairdice.errors import (
    DEPLOYMENT_FAULTS,
    ArchiveUnavailable,
    FairdiceError,
    InvalidInput,
    LateCommitment,
    NotReadableYet,
    TamperedRecord,
    UnknownDay,
)
from fairdice.problems import ErrorDetail, ErrorResponse, describe, headline
from fairdice.prose import listed, shows_nothing, unseen

# The one map from a domain error to the HTTP status a function answers it with (STYLE 4: the verify API and the game's
# route each kept a copy, review). An error it does not name is no request's doing: a 500.
_STATUS: dict[type[FairdiceError], HTTPStatus] = {
    InvalidInput: HTTPStatus.UNPROCESSABLE_ENTITY,
    UnknownDay: HTTPStatus.NOT_FOUND,
    ArchiveUnavailable: HTTPStatus.SERVICE_UNAVAILABLE,
    # Before TamperedRecord, of which it is one (the first kind a class is of counts): an archive object S3 gives no
    # bytes for until restored was not read, an archive not read, not a record that contradicts its commitment
    NotReadableYet: HTTPStatus.SERVICE_UNAVAILABLE,
    TamperedRecord: HTTPStatus.BAD_GATEWAY,
    LateCommitment: HTTPStatus.BAD_GATEWAY,
}
RETRY_AFTER = "30"  # seconds, sent with a 503: the archive not answering for now
# Seconds, sent with the 503 of an object the store gives no bytes for yet (NotReadableYet): one S3 keeps in Glacier
# is read only once restored, a restore someone must ask for, which takes hours (3-5 for Glacier's standard retrieval,
# up to 48 for Deep Archive's bulk), so asking again in 30 seconds reads nothing more (review)
RESTORE_RETRY_AFTER = "3600"
# On every answer: never read as another type than it says; and HTTPS only for a year once a browser has seen the
# API over HTTPS (browsers ignore the header on plain HTTP, so the local server's answers carry it harmlessly). No
# includeSubDomains: behind a custom domain, the domain's other hosts are not this API's to decide.
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Strict-Transport-Security": "max-age=31536000"}
# The HttpApi's CorsConfiguration (template.yaml), by which API Gateway answers a preflight and sets the CORS headers of
# every answer, ignoring a function's own: a function answers a preflight that reaches it alike (the verify API's
# $default route may pass one on; only a direct invoke brings the game's route one), and the local server plays API
# Gateway by it (tools/local_server.py). SAM reads it from the template: a test holds the two equal.
CORS: dict[str, Any] = {
    "AllowMethods": ["GET"],
    "AllowOrigins": ["*"],
    "AllowHeaders": ["accept", "content-type"],
    "MaxAge": 600,
}
# Its origins as Access-Control-Allow-Origin writes them, on a preflight's answer and on any other alike
ALLOW_ORIGIN = ",".join(CORS["AllowOrigins"])
# The blanks HTTP allows around a header's value or a parameter's (OWS, RFC 9110 5.6.3): a space and a tab, no other.
# What str.strip() takes off besides, a no-break space, a NEL or a control such as 0x1F, is part of the value, never
# trimmed with them
BLANKS = " \t"


def http_status(exc: FairdiceError) -> HTTPStatus:
    """The HTTP status a function answers a domain error with: 422 for input that cannot be verified as it stands, 404
    for a day with no secret, 503 for an archive not answering for now or an object of it not read until it is restored
    (with Retry-After), 502 for one that contradicts itself or published today's commitment too late to show anything,
    and 500 for the rest: a bucket of no such name, or no AWS credentials to read it with, is the stack's fault, which
    waiting does not mend."""
    # No credentials is the deployment's to mend, as a misspelt bucket is: an operator gives them (a role, a profile),
    # no later try alone reads the archive (review: a 503 with Retry-After: 30 and "Try again in a minute")
    if isinstance(exc, DEPLOYMENT_FAULTS):
        return HTTPStatus.INTERNAL_SERVER_ERROR
    return next((status for kind, status in _STATUS.items() if isinstance(exc, kind)), HTTPStatus.INTERNAL_SERVER_ERROR)


# The game's route, TodayRollFunction's GET /game/today/{player_id} (template.yaml): the path up to its player id, and
# the paths it takes, as a function's routes see them (a custom domain's base path taken off). Its function routes them,
# and the verify API answers any other method there, which comes to it through $default: both read them here, where
# each wrote them of its own.
GAME_TODAY = "/game/today/"
GAME_ROUTE = re.compile(f"{re.escape(GAME_TODAY)}[^/]+")


def game_id_slashed(path: str) -> str:
    """What is wrong with `path` (as a function's routes see it) where it is the game's route with a slash in, before
    or after its player id, or with no player id at all; else "". API Gateway decodes a path before it routes it,
    so a player id sent with %2F in it is a path of more segments, which matches no route of the template's but
    $default. So is an id with a slash before or after it, which holds none (review: `/game/today/{id}/` was told its
    id holds no slash), and a path with none at all (review: `/game/today//` was told its id holds a slash). The verify
    API and the game's function say it alike."""
    player_id = path.removeprefix(GAME_TODAY)
    if not path.startswith(GAME_TODAY):
        return ""
    route = "the game's route, GET /game/today/{player_id}, takes one player id, a UUID"
    if not player_id.strip("/"):
        return f"{route}, and none is given: write the player's id after {GAME_TODAY}"
    if "/" not in player_id:
        return ""
    if "/" not in player_id.strip("/"):
        # Each side's slashes in their number (review: /game/today/{id}// was told "leave out the slash after the id")
        before, after = len(player_id) - len(player_id.lstrip("/")), len(player_id) - len(player_id.rstrip("/"))
        where = [(side, count) for side, count in (("before", before), ("after", after)) if count]
        leave_out = " and ".join(f"the {'slash' if count == 1 else f'{count} slashes'} {side}" for side, count in where)
        return f"{route}, and nothing {' or '.join(side for side, _ in where)} it: leave out {leave_out} the id"
    return f"{route}, which holds no slash (a %2F in the address is read as one)"


# How much of a path, and of a method's name, an error quotes: a 405's quoted the whole path, thousands of characters of
# /daily/xxx…, where a 404's cut it (review)
PATH_SAID = 200
METHOD_SAID = 20
# One character of a path as `readable` writes it: the escapes of one UTF-8 character (a lead byte and the continuation
# bytes it asks for), one escape, or one character written as itself
_ONE_CHARACTER = re.compile(
    r"%[C-Dc-d][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f])?"
    r"|%[Ee][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f]){0,2}"
    r"|%[Ff][0-7](?:%[89ABab][0-9A-Fa-f]){0,3}"
    r"|%[0-9A-Fa-f]{2}|.",
    re.DOTALL,
)


def cut_path(path: str) -> str:
    """A path as `readable` writes it, as an error quotes it: whole up to PATH_SAID characters, else its start and an
    ellipsis within them, as `prose.cut` cuts, but never within a character's escapes (nor within what is drawn as one,
    `_whole_characters`). A cut inside a `%XX` quoted a malformed escape (`…%2…`), and one between the escapes of one
    character (`%E2%82` of `%E2%82%AC`) a byte that is no character: either, pasted, asks for another path (review).
    Every error of either function that quotes its path cuts it here."""
    mark = "…"
    if len(path) <= PATH_SAID:
        return path
    return _whole_characters(path, PATH_SAID - len(mark)) + mark


def as_sent(value: str, most: int) -> str:
    """A value that is never percent-decoded (a request's method, a header's value) as an error quotes it: whole where
    it is shown in `most` characters, else its start and an ellipsis within them, the cut between its own characters
    (a mark kept with the character it goes on, and all else drawn as one with it: `_with_their_marks`); what shows
    nothing or looks like another percent-encoded, as an error quotes a path (`readable`); and a `%` in it quoted
    `%25`, as it is one `%`, no escape (review: `charset=utf%2D8` was told "charset utf%2D8 is not read … say
    charset=utf-8", and a method `POS%54` quoted as sent, each read as an escape the very value asked for). One cut for
    a 405's method and a 415's header, where each wrote its own; a path is cut by `cut_path`, which counts the escapes
    it was sent with, as a path is read with them."""
    # One a character of `value`, as it is shown; a space between its other characters as itself, as a header's value
    # holds one (review: `charset=latin 1` was quoted `charset=latin%201`, which is not what was sent); one at either
    # end, which HTTP would have trimmed, stays %20, so that it shows
    pieces = _pieces(value.replace("%", "%25"), lambda _: False)
    inner = len(value) - len(value.lstrip(" ")), len(value.rstrip(" "))
    pieces = [
        " " if c == " " and inner[0] <= i < inner[1] else p for i, (c, p) in enumerate(zip(value, pieces, strict=True))
    ]
    if sum(map(len, pieces)) <= most:
        return "".join(pieces)
    # Cut by what is shown, at most `most` characters with the ellipsis, between what `value` was written in: never
    # within an escape, nor between a character and a mark that goes with it. Cut before encoding, a 20-character
    # method was quoted 25 characters long and more, and a cut between an `e` and its combining accent quoted a plain e
    # (review)
    mark, kept, shown = "…", 0, 0
    for start, end in _with_their_marks(value):
        width = sum(len(piece) for piece in pieces[start:end])
        if shown + width > most - len(mark):
            break
        kept, shown = end, shown + width
    return "".join(pieces[:kept]) + mark


def _with_their_marks(text: str) -> list[tuple[int, int]]:
    """Where each character of `text` starts and ends, a character taken with the marks that follow it (a combining
    accent, a variation selector: Unicode's category M), which are drawn on it; and with what else is drawn as one
    with it (`_drawn_with`): cut apart, a thumbs-up and its skin tone were quoted as the plain thumbs-up, a flag's two
    letters as one letter, and a family of emoji as its first person (review). What is drawn as one so far is added
    to, not sliced anew from `text` at each character, which took time in the square of its length (review: a method
    of 128,000 characters a joiner makes one took seconds)."""
    spans: list[tuple[int, int]] = []
    drawn = ""
    for index, character in enumerate(text):
        if spans and _drawn_with(drawn, character):
            spans[-1] = (spans[-1][0], index + 1)
            drawn += character
        else:
            spans.append((index, index + 1))
            drawn = character
    return spans


# What Unicode draws as one with the character before it (UAX #29's grapheme clusters, as far as a cut of a method or a
# header needs them): an emoji's skin tone (U+1F3FB to U+1F3FF), a zero-width joiner or non-joiner, a tag of a flag's
# subdivision (U+E0020 to U+E007F), a Hangul vowel or final consonant of a syllable written in jamo, and what Unicode
# draws on the character before it though it is no mark (Thai's and Lao's AM, the halfwidth katakana voiced marks)
_DRAWN_ON = re.compile(
    "[\U0001f3fb-\U0001f3ff\u200c\u200d\U000e0020-\U000e007f\u1160-\u11ff\ud7b0-\ud7ff\u0e33\u0eb3\uff9e\uff9f]"
)
_REGIONAL = re.compile("[\U0001f1e6-\U0001f1ff]")  # a regional indicator: two of them are a flag
_REGIONAL_RUN = re.compile("[\U0001f1e6-\U0001f1ff]+\\Z")
_HANGUL_LEADING = re.compile("[\u1100-\u115f\ua960-\ua97f]")
_HANGUL_SYLLABLE = re.compile("[\uac00-\ud7a3]")
# A sign drawn on the character after it (UAX #29's Prepend): the Arabic number sign U+0600 and its like
_PREPENDED = re.compile(
    "[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\U000110bd\U000110cd\U000111c2\U000111c3\U000113d1"
    "\U0001193f\U00011941\U00011a84-\U00011a89\U00011d46\U00011f02]"
)


def _drawn_with(before: str, character: str) -> bool:
    """Whether `character` is drawn as one with what `before` is drawn as: a mark (category M) or a character of
    `_DRAWN_ON`; anything after a zero-width joiner, a virama (the emoji or the consonant it joins, marks between them
    or not) or a sign of `_PREPENDED`; a line feed after a carriage return; a regional indicator that makes a flag with
    an odd run of them before it; a Hangul leading consonant, or a whole syllable, after a leading consonant. Wider
    than Unicode's clusters in places (what follows any joiner or virama, a jamo vowel after any character), which
    only cuts a little sooner (review: narrower before, a zero-width non-joiner, Thai's SARA AM, a prepended sign,
    a syllable after a leading jamo and a consonant after a virama and a nukta were each cut from what they are drawn
    with)."""
    last = before[-1]
    if unicodedata.category(character).startswith("M") or _DRAWN_ON.match(character):
        return True
    if last == "\u200d" or _PREPENDED.match(last) or _after_virama(before) or (last, character) == ("\r", "\n"):
        return True
    if _REGIONAL.match(character):
        run = _REGIONAL_RUN.search(before)
        return run is not None and len(run.group()) % 2 == 1
    return bool(_HANGUL_LEADING.match(last) and (_HANGUL_LEADING.match(character) or _HANGUL_SYLLABLE.match(character)))


def _after_virama(before: str) -> bool:
    """Whether `before` ends in a virama and what is drawn on it after it, if any (a nukta, an accent: marks or
    `_DRAWN_ON`), which join the consonant that follows to the one before it."""
    for character in reversed(before):
        if unicodedata.combining(character) == _VIRAMA:
            return True
        if not (unicodedata.category(character).startswith("M") or _DRAWN_ON.match(character)):
            return False
    return False


_VIRAMA = 9  # the canonical combining class of a virama, which joins the consonants either side of it


def _whole_characters(text: str, most: int) -> str:
    """`text`'s start, at most `most` characters of it, ending between characters (`_ONE_CHARACTER`), never within one
    character's escapes, nor between a character and what is drawn as one with it, a mark encoded or an emoji's skin
    tone (`_drawn_with`, as `as_sent` cuts: review, a path was quoted with a plain e, its accent cut off)."""
    end, cluster = 0, ""
    for written in _ONE_CHARACTER.finditer(text):
        character = unquote(written.group(), errors="surrogateescape")
        if cluster and _drawn_with(cluster, character[0]):
            cluster += character
            continue
        if written.start() > most:
            return text[:end]
        end, cluster = written.start(), character
    return text if len(text) <= most else text[:end]


# Characters percent-encoded one after another.
_ENCODED_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# What makes a path quoted with it bare read as another: the start of a query, of a fragment, or of a run, and a
# backslash, which a browser reads as a slash in an http(s) address (`readable`; the verify API's routes'
# `_given_back` reads it too, where it agreed with it by a docstring only)
READ_AS_ANOTHER = "?#%\\"


def readable(path: str, given_back: Callable[[str], bool] = lambda _: False) -> str:
    """`path` as an error of either function quotes it (the verify API's, decoded by its routes; the game's route's,
    as sent). A character percent-encoded in it is written as itself where `given_back` says it was left encoded only
    because the path could not route it as itself (the verify API's `"`, `€`) and it shows as itself, as an
    address bar shows it; any other stays encoded, as sent (without `given_back`, every one). What does not show as
    itself stays encoded, and is encoded where written as itself: a space or any other blank, a character that shows
    nothing or looks like another (a control, a no-break or zero-width space, a combining mark: `prose.unseen`), a byte
    that is no UTF-8 (review: the game's route, whose path comes as sent, quoted a tab, a newline or a space after the
    player id as itself, `/game/today/{id}  takes GET`, where the verify API, which decodes it, quoted `%20`). Whether
    a character looks like another is read in the whole path, as a page reads it in its value (review: read alone, the
    fullwidth `！` and the one dot leader `․` of `/x！` and `/x․y` were quoted as themselves, which read as `/x!` and
    `/x.y`). So is a character written as itself that is no ASCII one, where it looks like another there: encoded, as
    no one can take it for the other (review: the Cyrillic а of `/Daily/2025-03-01/аbc` was quoted as typed, like the
    Latin a of another player's id, and so was that of `/game/today/аbc` by the game's route's 405). A `?`, a `#`, a
    `%` or a backslash, written as itself or in a run, is encoded whatever `given_back` says, as quoted bare it would
    read as another path, pasted into an address bar: the start of a query, of a fragment (the rest of the path left
    out) or of a character encoded, or a slash, as a browser reads a backslash in an http(s) address. A `?` or a `#` in
    a path is a `%3F` or a `%23` decoded (by the verify API, or by API Gateway handing the path over decoded), and a
    `%` that starts no run a `%25` decoded or a `%` sent bare (review: POST `/game/today/{id}%3F` was told
    `/game/today/{id}? takes GET`, `/x%23y/z` "there is no /x#y/z here", `%25` was quoted as a bare `%`, and `/x%5Cy`
    with a bare backslash, which a browser asks for as `/x/y`). A `/` stays as itself: a `%2F` is read as one before
    the path is routed (`game_id_slashed`), so the path quoted is the one routed."""
    if path.isascii() and path.isprintable() and not any(character in path for character in f" {READ_AS_ANOTHER}"):
        return path  # nearly every path: nothing encoded, no `?`, `#` nor backslash, no blank, control nor look-alike
    return "".join(_pieces(path, given_back))


def _pieces(path: str, given_back: Callable[[str], bool]) -> list[str]:
    """`readable`'s quote of `path`, one piece a character of the path, its runs decoded: the character as itself or
    encoded."""
    pieces: list[tuple[str, bool]] = []  # the path's text and its runs decoded, each with whether it is a run
    end = 0
    for run in _ENCODED_RUN.finditer(path):
        pieces += [(path[end : run.start()], False), (unquote(run.group(), errors="surrogateescape"), True)]
        end = run.end()
    pieces.append((path[end:], False))
    text = "".join(characters for characters, _ in pieces)
    of_a_run = [run for characters, run in pieces for _ in characters]
    return [
        _shown(character, looks_like_another, given_back)
        if run
        else percent_encoded(character)
        if character in READ_AS_ANOTHER or (looks_like_another and not character.isascii()) or not _visible(character)
        else character
        for character, looks_like_another, run in zip(text, unseen(text), of_a_run, strict=True)
    ]


def _shown(character: str, looks_like_another: bool, given_back: Callable[[str], bool]) -> str:
    """One character `readable` decoded, as it quotes it: itself where it shows as itself and was given back encoded,
    else encoded again (a `?`, `#`, `%` or backslash, which would read as another path, whatever `given_back` says)."""
    if character not in READ_AS_ANOTHER and _visible(character) and given_back(character) and not looks_like_another:
        return character
    return percent_encoded(character)


def _visible(character: str) -> bool:
    """Whether a character shows as itself: no control, blank or mark, nor one that shows nothing."""
    return unicodedata.category(character)[0] not in "CMZ" and not shows_nothing(character)


def percent_encoded(character: str) -> str:
    """One character percent-encoded, as `readable` quotes it and the verify API's routes give it back encoded in a
    decoded path (one helper for both, where each wrote its own): its UTF-8 bytes, every one encoded, a byte that was
    not UTF-8 as that byte, and any other lone surrogate (which only a hand-made event holds) as the bytes Python would
    write it in (review: the game's route's 405 for such a path failed the function, where the verify API's quoted
    %ED%A0%80)."""
    errors = "surrogateescape" if "\udc80" <= character <= "\udcff" else "surrogatepass"
    return "".join(f"%{byte:02X}" for byte in character.encode("utf-8", errors=errors))


def not_allowed(path: str, method: str, allowed: Sequence[str]) -> str:
    """A 405's message: `/check takes GET or HEAD, not POST`, naming the methods the path takes (`allowed`, as its
    Allow header lists them) but OPTIONS, which only says what the others are. A method that is one of them in another
    case (`get`) is told that a method's name is case-sensitive, and OPTIONS is named where it is the one meant
    (`/check takes GET, HEAD or OPTIONS, not options`). The method is quoted as `readable` quotes a path, what does not
    show as itself or looks like another encoded (review: `GE\u00adT`, its soft hyphen drawn as nothing, and
    `POS\u200bT` were quoted as typed, "/verify takes POST, not POST"), and one shown longer than METHOD_SAID cut
    within it, ellipsis included, never within a character's escapes (`as_sent`). A `%` in it is quoted
    `%25`, as it is one `%`: a method is never percent-encoded (the local server refuses one that is no token, as HTTP
    does), so a `%` followed by two hex digits in it is no escape (review: `POS%54` was quoted as sent, which reads as
    POST). The verify API and the game's route say it alike, on the one HTTP API."""
    # `curl -X get` was told only "not get", which reads as if GET were refused (review). Letters of ASCII only: Python
    # writes the dotless ı and the long ſ in capitals as I and S, so `optıons` and `poſt` would be told to write
    # OPTIONS and POST, which they are not in another case (review)
    meant = method.upper()
    case = method.isascii() and meant != method and meant in allowed
    # `options` was told the path "takes GET or HEAD" and then to write OPTIONS, which that list had left out (review)
    named = [name for name in allowed if name != "OPTIONS" or (case and name == meant)]
    said = f"{cut_path(path)} takes {listed(named, 'or')}, not {as_sent(method, METHOD_SAID)}"
    return f"{said}: a method's name is case-sensitive, so write {meant}" if case else said


def is_preflight(method: str, headers: Mapping[str, str]) -> bool:
    """Whether a request is a CORS preflight as API Gateway tells one: OPTIONS with an Origin and an
    Access-Control-Request-Method (`headers` by lower-case name)."""
    return method == "OPTIONS" and "origin" in headers and "access-control-request-method" in headers


def preflight_headers() -> dict[str, str]:
    """The headers of API Gateway's own answer to a preflight (`is_preflight`, 204), by the HttpApi's `CORS`."""
    return {
        "Access-Control-Allow-Origin": ALLOW_ORIGIN,
        "Access-Control-Allow-Methods": ",".join(CORS["AllowMethods"]),
        "Access-Control-Allow-Headers": ",".join(CORS["AllowHeaders"]),
        "Access-Control-Max-Age": str(CORS["MaxAge"]),
    }


def allowed_origin(headers: Mapping[str, str]) -> dict[str, str]:
    """The CORS header API Gateway puts on its answer to a request with an Origin (`headers` by lower-case name), by
    the HttpApi's `CORS`; none to a request without one."""
    return {"Access-Control-Allow-Origin": ALLOW_ORIGIN} if "origin" in headers else {}


def error_headers(status: HTTPStatus, kind: type[Exception] | None = None) -> dict[str, str] | None:
    """The headers an error of this status carries, `kind` its domain error's class: a 503 says when to try again
    (`Retry-After`), in an hour for an object not readable until it is restored, else in 30 seconds."""
    if status != HTTPStatus.SERVICE_UNAVAILABLE:
        return None
    restored = kind is not None and issubclass(kind, NotReadableYet)
    return {"Retry-After": RESTORE_RETRY_AFTER if restored else RETRY_AFTER}


# ---- the events a function answers -----------------------------------------------------------------------------------


class _AsSent(BaseModel):
    """A part of an event, each value of the JSON type API Gateway sends (a header that is a number is none)."""

    model_config = ConfigDict(strict=True)


class _Http(_AsSent):
    method: str


class _RequestContext(_AsSent):
    http: _Http
    requestId: str
    stage: str


class HttpApiEvent(_AsSent):
    """What a function reads of an event, typed as API Gateway's HTTP API sends it (payload format 2.0): what it always
    sends is required, what it leaves out when there is none (a body, cookies, the query's parameters) may be missing
    or null. Each function holds every event to it (or to `SignedHttpApiEvent`) before its routes read one (the
    logger's correlation id is read first, and copes with any event): only a direct invoke's hand-made event (the
    console's test events, `aws lambda invoke`, `sam local invoke -e`) fails it, which `unsent_answer` answers."""

    rawPath: str
    rawQueryString: str
    headers: dict[str, str] | None = None
    cookies: list[str] | None = None
    queryStringParameters: dict[str, str] | None = None
    pathParameters: dict[str, str] | None = None
    stageVariables: dict[str, str] | None = None
    requestContext: _RequestContext
    body: str | None = None
    isBase64Encoded: bool | None = None


class _Iam(_AsSent):
    userArn: str | None = None


class _Authorizer(_AsSent):
    iam: _Iam | None = None


class _SignedRequestContext(_RequestContext):
    authorizer: _Authorizer | None = None


class SignedHttpApiEvent(HttpApiEvent):
    """An event of a route behind API Gateway's IAM authorizer, which names the caller (`userArn`): none named is no
    one the route answers, but a name that is no text is no event API Gateway sends."""

    requestContext: _SignedRequestContext


class _Warns(Protocol):
    """A function's logger, as far as this module writes to it (Powertools' Logger, or logging's)."""

    def warning(self, msg: str, *, extra: dict[str, Any]) -> None: ...


def unsent_answer(exc: ValidationError, logger: _Warns) -> dict[str, Any]:
    """What a function answers an event that fails `HttpApiEvent`, which API Gateway never sends: 400
    `malformed_request` naming what cannot be read, in the one error shape, with the problems logged to the function's
    `logger` as a warning. No fault of fairdice's, to answer 500 or to fail the function with a traceback (review: an
    event without rawPath, or whose body was an object or a header a number, raised a KeyError or a TypeError out of
    the handler, or was a 500). The function adds the headers every answer of its carries."""
    problems = describe(exc)
    logger.warning("refused an event API Gateway does not send", extra={"problems": [p.model_dump() for p in problems]})
    sent = "it is no event API Gateway's HTTP API sends (payload format 2.0)"
    message = f"the request could not be read: {sent}: {headline(problems)}"
    body = ErrorResponse(error=ErrorDetail(code="malformed_request", message=message, problems=problems))
    answer = {
        "statusCode": HTTPStatus.BAD_REQUEST.value,
        "headers": {"Content-Type": "application/json"},
        "body": body.model_dump_json(),
        "isBase64Encoded": False,
    }
    return answer
