"""The body gate: what a request body must be before anything parses it, and how its JSON is read."""

import base64
import binascii
import json
import re
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import content_types
from aws_lambda_powertools.event_handler.exceptions import BadRequestError, RequestEntityTooLargeError, ServiceError
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from fairdice import json_input
from fairdice.errors import NotAnObject, RepeatedKey
from fairdice.http import BLANKS, as_sent

from verify_api import settings


def load_json(text: str) -> Any:
    """The body's JSON, or a 400 saying why not: Powertools knows only JSONDecodeError, not depth, digits or an
    object that gives a key twice (`fairdice.json_input`).

    Every route's body is one JSON object; anything else is a 422 on the request as a whole. A list
    must be refused here: Powertools validates a list body against a model by its first element
    alone, so `[fair game, mismatched game]` would be answered `fair`.
    """
    try:
        value = json_input.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequestError(
            f"the body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RepeatedKey as exc:  # which of its values would be verified? Parsers differ: refused, never guessed
        raise BadRequestError(f"the body's JSON {exc.message}") from None
    except RecursionError:
        raise BadRequestError("the body's JSON is nested too deeply") from None
    except ValueError:  # the one other failure: an integer beyond Python's 4300-digit limit
        raise BadRequestError("the body's JSON holds a number too long to read") from None
    if value is not None and not isinstance(value, dict):  # null is no body: the route says it is required
        raise NotAnObject("must be a JSON object", field="request")
    return value


# The charsets a JSON body may be said to be in: UTF-8, and US-ASCII, every text of which is UTF-8 alike; each also
# by the name clients often write for it (`utf8`, `ascii`: Python's codecs and many HTTP libraries take both).
_UTF8 = ("utf-8", "utf8", "us-ascii", "ascii")


# A parameter of a Content-Type, after its `;`: a name, and a value that is a token or a quoted string (RFC 9110
# 5.6.6), which may hold a `;` of its own (`profile="urn:a;b"`); a value with no closing quote is taken as it is. The
# blanks around a value are HTTP's, a space or a tab (RFC 9110 5.6.3), never a no-break space or a control that Python
# calls a blank (review: `charset=utf-8` and a no-break space was read as UTF-8); around a name any, so that a charset
# is never missed
_PARAMETER = re.compile(r""";\s*([^;=]*?)\s*(?:=[ \t]*("(?:[^"\\]|\\.)*"|[^;]*))?[ \t]*(?=;|\Z)""")


def _charsets(content_type: str) -> list[str]:
    """The charsets a Content-Type names (`charset=…`, name and value in any case, quoted or not), each as sent, its
    quotes taken off. The text of another parameter's quoted value is no parameter (review:
    `profile="urn:a;charset=latin-1"` was refused as a body said to be in latin-1)."""
    parameters = (found.groups("") for found in _PARAMETER.finditer(content_type))
    return [value.strip(BLANKS).strip('"') for name, value in parameters if name.lower() == "charset"]


# A value of a header that may be sent more than once, which API Gateway hands on joined with commas: text up to a comma
# outside a quoted string (RFC 9110 5.6.1, 5.6.4), a string with no closing quote taken as it is
_LISTED = re.compile(r'(?:"(?:[^"\\]|\\.?)*"?|[^,"])+', re.DOTALL)


def _values(header: str) -> list[str]:
    """The values a header joined with commas holds, blank ones left out."""
    return [value for value in _LISTED.findall(header) if value.strip(BLANKS)]


# A quoted string (RFC 9110 5.6.4), its closing quote included: a quote never closed begins none, as `_PARAMETER` reads
# one (review: taken to the end, as `_LISTED` takes it, it hid the comma of a Content-Type sent twice whose first value
# opened a quote, `application/json; a="` and `text/plain`, and the body was read as JSON)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _joined(header: str) -> bool:
    """Whether a header's value holds a comma outside a quoted string: a Content-Type never does, as a media type holds
    one only in a parameter's quoted string (RFC 9110 8.3.1, 5.6.4), so it was sent twice, which API Gateway hands on
    joined with a comma, or was written with one (`application/json,`, `application/json; a="b,c`, whose quote never
    closes)."""
    return "," in _QUOTED.sub("", header)


# How many characters of a header's value a 415 quotes
_HEADER_SAID = 60


def _as_sent(value: str) -> str:
    """A header's value as a 415 quotes it (`fairdice.http.as_sent`), a Content-Type, charset or Content-Encoding: whole
    up to _HEADER_SAID characters (review: its first 60 characters were quoted as the whole value, "it came as" what it
    did not), what shows nothing or looks like another percent-encoded (review: a Content-Type of
    `application/json\u00ad`, its soft hyphen drawn as nothing, was told "send … application/json (it came as
    application/json)", and a charset or Content-Encoding alike), a `%` in it quoted `%25`, as a header's value is
    never percent-decoded (review: `charset=utf%2D8`, and `identit%79` alike)."""
    return as_sent(value, _HEADER_SAID)


def gate(event: APIGatewayProxyEventV2) -> None:
    """Refuse a body over the configured cap, not JSON by its Content-Type, said to be in a charset other than UTF-8,
    or not UTF-8, before it is parsed."""
    check_body(event, settings.SETTINGS.max_body_bytes)


def check_body(event: APIGatewayProxyEventV2, limit: int) -> None:
    """413, 415 or 400 for a body that must not be parsed; nothing for one that may be, read as JSON then.

    No body at all is let through whatever its Content-Type says: a route that needs one answers
    422, as for any missing body.
    """
    raw = event.body
    if not raw:
        return
    too_large = RequestEntityTooLargeError(f"the body is larger than the limit of {limit} bytes")
    # Refused before decoding: base64 of `limit` bytes is at most this long, and a character is a byte or more.
    if len(raw) > (4 * ((limit + 2) // 3) if event.is_base64_encoded else limit):
        raise too_large
    declared = event.headers.get("content-type", "")
    if _joined(declared):
        # Sent twice, alike or not, or written with a comma: told so, where the two joined were read as one type and the
        # body told to come as JSON with Content-Type: application/json, as it did (review). Never told how many it came
        # with, which the joined value does not say: `application/json; a=b,c` was told it came with 2, where one header
        # may hold the comma, and `application/json,` to send JSON with application/json (review)
        raise ServiceError(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            "send the body with one Content-Type, application/json (it came with a comma outside quotes, as a header"
            f" sent twice comes joined: {_as_sent(declared)})",
        )
    # Each value compared in lower case, and quoted as sent (review: quoted lower-cased, `ISO-8859-1` as iso-8859-1)
    # HTTP's blanks alone are taken off, a space or a tab (RFC 9110 5.6.3): str.strip() took a no-break space, an
    # ideographic space or a control such as 0x1F off too, and read `application/json` and one of them as JSON (review)
    content_type = declared.split(";")[0].strip(BLANKS)
    if content_type and content_type.lower() != content_types.APPLICATION_JSON:
        raise ServiceError(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            f"send the body as JSON with Content-Type: application/json (it came as {_as_sent(content_type)})",
        )
    charset = next((named for named in _charsets(declared) if named.lower() not in _UTF8), None)
    if charset is not None:
        # JSON between systems is UTF-8 (RFC 8259 8.1): a body said to be in another charset is not read as UTF-8
        # regardless (review: `charset=latin-1` was ignored, and the body's bytes read as UTF-8 text they were not).
        # One that names none (`charset=`) is said so (review: "charset  is not read")
        named = f"charset {_as_sent(charset)}" if charset else "an empty charset"
        raise ServiceError(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            f"send the body as UTF-8: {named} is not read (leave the charset out, or say charset=utf-8)",
        )
    encoding = event.headers.get("content-encoding", "").strip(BLANKS)
    # Each coding of a list, as a header sent twice is joined (review: `identity, identity`, no coding at all, was told
    # to send the body uncompressed)
    if any(coding.strip(BLANKS).lower() != "identity" for coding in _values(encoding)):
        # Compressed bodies are not read (review: a gzip body was said to be "not UTF-8 text")
        raise ServiceError(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            f"send the body uncompressed: Content-Encoding {_as_sent(encoding)} is not read (leave the header out)",
        )
    if event.is_base64_encoded:
        try:
            data = base64.b64decode(raw, validate=True)
            data.decode("utf-8")
        except binascii.Error:
            raise BadRequestError("the body is marked as base64 but is not valid base64") from None
        except UnicodeDecodeError:
            raise BadRequestError("the body is not UTF-8 text") from None
    else:
        data = raw.encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise too_large
