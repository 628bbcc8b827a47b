"""Run the verify API on this machine, with no AWS account and no Docker (`make serve`).

Each HTTP request becomes an API Gateway HTTP API (payload 2.0) event for the real
`verify_api.app.lambda_handler`, and the handler's answer becomes the HTTP response, as API
Gateway would do it. As API Gateway routes it, GET /game/today/{player_id} goes to the game's own
function (`today_roll_api.app.lambda_handler`): no request here is IAM-signed, so it refuses every
caller with 403, as it does on AWS a caller that is not the game server. The daily archive is the
local-disk default (a folder under var/).

    .venv/bin/python tools/local_server.py --host 127.0.0.1 --port 3000

The first line printed is `fairdice API listening on http://HOST:PORT` (on `--host 0.0.0.0`, this machine's
127.0.0.1, saying it listens on every address); `--port 0` takes a free port. API Gateway's CORS is played from the
template's configuration. Then come a curl example and a game-over link to open. A port already taken is one line on
stderr and exit status 1. Each request is one access line on stderr; `--verbose` adds what the
function logs in Lambda, the metrics of each verdict (Powertools' EMF line) included.
"""

import argparse
import base64
import datetime as dt
import email.errors
import errno
import ipaddress
import json
import os
import re
import sys
import threading
import traceback
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

ROOT = Path(__file__).resolve().parent.parent
# API Gateway refuses larger payloads itself, before any Lambda runs; so does this server.
API_GATEWAY_MAX_PAYLOAD = 10 * 1024 * 1024
# Nor can a Lambda function return more than 6 MiB (its JSON answer): API Gateway then answers 500.
LAMBDA_MAX_ANSWER = 6 * 1024 * 1024
# The media types whose bodies an HTTP API hands a function as text, by their type and subtype alone (parameters apart):
# any of type text, and these three. AWS documents no list; this is the one a test against API Gateway reported, which
# base64-encodes every other, a form's `application/x-www-form-urlencoded` and a suffix's `+json` or `+xml` too
_TEXT_TYPES = frozenset({"application/json", "application/xml", "application/javascript"})
_HIGH_BYTE = re.compile(rb"[\x80-\xff]")
# A control in a header's value, which HTTP's field values never hold (RFC 9110 5.5): any of US-ASCII's but a tab
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f]")
# A method as HTTP writes one, a token (RFC 9110 5.6.2, 9.1): no byte from 0x80 up, no control, no blank
_METHOD = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# An HTTP version as a request line writes it (RFC 9112 2.3): a digit, a dot, a digit
_VERSION = re.compile(r"HTTP/[0-9]\.[0-9]")
# A request's target in absolute-form, a whole URL as a client sends it to a proxy (RFC 9112 3.2.2), of HTTP's schemes
_ABSOLUTE = re.compile(r"https?://", re.IGNORECASE)
# A CONNECT's target, authority-form (RFC 9112 3.2.3): a host and a port, which a CONNECT always names (RFC 9110 9.3.6)
_AUTHORITY = re.compile(r".*:[0-9]+")
# A Host's value as RFC 9112 3.2 has it, RFC 3986's host and optional port (3.2.2, 3.2.3): an IP-literal in brackets (an
# IPv6 address, told by `ipaddress`, or an IPvFuture), or a reg-name, which takes an IPv4 address, a comma and an empty
# name too; a port of digits, none at all after its colon included
_SUBDELIMS = "A-Za-z0-9\\-._~!$&'()*+,;="
_HOST_VALUE = re.compile(
    rf"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|\[v[0-9A-Fa-f]+\.[{_SUBDELIMS}:]+\]|(?:[{_SUBDELIMS}]|%[0-9A-Fa-f]{{2}})*)(?::[0-9]*)?"
)
# What the email parser under http.server reports of a line among the headers that is no header. Not the rest of its
# defects: those of a multipart Content-Type are about a body it was never given (review: `curl -F` was a 400)
_UNREADABLE_HEADER = (
    email.errors.MissingHeaderBodySeparatorDefect,
    email.errors.FirstHeaderLineIsContinuationDefect,
    email.errors.MisplacedEnvelopeHeaderDefect,
    email.errors.InvalidHeaderDefect,
)

LambdaHandler = Callable[[dict[str, Any], Any], Any]
# The headers a function reads (the verify API, the game's route, and Powertools under them: the body's Content-Type
# and Content-Encoding, Accept and Accept-Encoding, If-None-Match, a CORS request's Origin and preflight's
# Access-Control-Request-Method), and Host, which this server makes the event's domain name: a value of one of them
# that is no UTF-8 is refused, as the function would read it (`LambdaProxy.parse_request`). A test holds the
# functions' reads to this list
READ_HEADERS = frozenset(
    {
        "accept",
        "accept-encoding",
        "access-control-request-method",
        "content-encoding",
        "content-type",
        "host",
        "if-none-match",
        "origin",
    }
)


@dataclass
class LocalContext:
    """The parts of Lambda's context object that Powertools reads."""

    function_name: str = "VerifyApiFunction"
    function_version: str = "$LATEST"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:local:000000000000:function:VerifyApiFunction"
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    log_group_name: str = "/aws/lambda/VerifyApiFunction"
    log_stream_name: str = "local"

    def of(self, function_name: str) -> "LocalContext":
        """The same invocation's context for another function of the template."""
        arn = self.invoked_function_arn.rpartition(":")[0]
        return replace(
            self,
            function_name=function_name,
            invoked_function_arn=f"{arn}:{function_name}",
            log_group_name=f"/aws/lambda/{function_name}",
        )

    def get_remaining_time_in_millis(self) -> int:
        """The template's 10 s timeout; nothing here enforces it."""
        return 10_000


def to_event(
    method: str,
    target: str,
    headers: list[tuple[str, str]],
    body: bytes,
    *,
    client_ip: str,
    protocol: str,
    port: int,
) -> dict[str, Any]:
    """The API Gateway HTTP API (2.0) event for one HTTP request, as API Gateway builds it, that came to `port`
    (`X-Forwarded-Port`, as API Gateway names the port it was reached on, 443: the Host header's port is the one the
    client named, which a proxy or a made-up Host makes another, review). A cookie loses HTTP's
    blanks around it alone, a space or a tab (RFC 9110 5.6.3): str.strip() took a no-break space or a control such as
    0x1F off too (review)."""
    from fairdice.http import BLANKS

    if target.startswith("/"):  # a path and its query, as a client sends them: `//check` is a path, not a host's
        path, _, query = target.partition("#")[0].partition("?")
    else:  # the whole URL, as a client sends it to a proxy
        parts = urlsplit(target)
        path, query = parts.path, parts.query
    merged = joined([(name, value) for name, value in headers if name.lower() != "cookie"])
    cookies = [
        cookie
        for name, value in headers
        if name.lower() == "cookie"
        for part in value.split(";")
        if (cookie := part.strip(BLANKS))
    ]
    # No Host (HTTP/1.0 may send none): no domain name, and a link is relative to the page that asked, where "localhost"
    # made it `http://localhost/check/…`, on no port this server listens on (review)
    host = merged.get("host", "")
    # The client's own X-Forwarded-For is kept, and the address the request came from added after it, as API Gateway
    # adds its source IP: the last address is the one this server saw (review: a client's value was handed on alone, as
    # if it had come from there)
    sent_for = merged.get("x-forwarded-for", "").strip(BLANKS)
    merged["x-forwarded-for"] = f"{sent_for}, {client_ip}" if sent_for else client_ip
    merged["x-forwarded-proto"] = "http"
    merged["x-forwarded-port"] = str(port)
    now = dt.datetime.now(dt.UTC)
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path or "/",
        "rawQueryString": query,
        "headers": merged,
    }
    if cookies:
        event["cookies"] = cookies
    if query:
        params: dict[str, str] = {}
        for name, value in parse_qsl(query, keep_blank_values=True):
            params[name] = f"{params[name]},{value}" if name in params else value
        event["queryStringParameters"] = params
    event["requestContext"] = {
        "accountId": "000000000000",
        "apiId": "local",
        "domainName": host,
        "domainPrefix": host.split(".")[0].split(":")[0],
        "http": {
            "method": method,
            "path": path or "/",
            "protocol": protocol,
            "sourceIp": client_ip,
            "userAgent": merged.get("user-agent", ""),
        },
        "requestId": str(uuid.uuid4()),
        "routeKey": "$default",
        "stage": "$default",
        "time": now.strftime("%d/%b/%Y:%H:%M:%S +0000"),
        "timeEpoch": int(now.timestamp() * 1000),
    }
    if body:
        text = _as_text(body, merged.get("content-type", ""))
        event["body"] = text if text is not None else base64.b64encode(body).decode("ascii")
        event["isBase64Encoded"] = text is None
    else:
        event["isBase64Encoded"] = False
    return event


def joined(headers: list[tuple[str, str]]) -> dict[str, str]:
    """Each header by its name in lower case, the values of one sent more than once joined with commas in the order
    sent, as API Gateway's HTTP API hands them to a function (payload 2.0 has no `multiValueHeaders`): one reading for
    the event and for the checks this server makes as API Gateway (a preflight, the CORS header), where those kept the
    last value alone."""
    merged: dict[str, str] = {}
    for name, value in headers:
        key = name.lower()
        merged[key] = f"{merged[key]},{value}" if key in merged else value
    return merged


def _as_text(body: bytes, content_type: str) -> str | None:
    """API Gateway passes text bodies as they are and base64-encodes anything else. The media type loses HTTP's blanks
    alone, a space or a tab (RFC 9110 5.6.3), as the function reads it: str.strip() took a no-break space or a control
    such as 0x1F off too, and passed one of them and `text/plain`, or `application/problem+json` and one, on as text
    (review). A type is matched whole, type and subtype: matched by its start, `application/jsonx` and
    `application/xml-dtd` were passed on as text (review). Text are the types API Gateway hands on as text
    (`_TEXT_TYPES`): `application/problem+json` was passed on as text, and `application/problem+xml` base64-encoded,
    where API Gateway base64-encodes both (review)."""
    from fairdice.http import BLANKS

    media = content_type.split(";")[0].strip(BLANKS).lower()
    kind, slash, subtype = media.partition("/")
    if not (slash and subtype and (kind == "text" or media in _TEXT_TYPES)):
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def to_http(result: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers and body from a handler's API Gateway (2.0) response."""
    if not isinstance(result, dict) or not isinstance(result.get("statusCode"), int):
        return _gateway_error(HTTPStatus.BAD_GATEWAY, "the handler's answer is not an API Gateway response")
    if len(json.dumps(result, ensure_ascii=False).encode()) > LAMBDA_MAX_ANSWER:
        return _gateway_error(HTTPStatus.INTERNAL_SERVER_ERROR, "Internal Server Error")
    headers = [(name, str(value)) for name, value in (result.get("headers") or {}).items()]
    headers += [("Set-Cookie", cookie) for cookie in result.get("cookies") or []]
    body = result.get("body") or ""
    data = base64.b64decode(body) if result.get("isBase64Encoded") else str(body).encode("utf-8")
    return result["statusCode"], headers, data


def is_preflight(method: str, headers: Mapping[str, str]) -> bool:
    """Whether a request is a CORS preflight as API Gateway tells one (`headers` by lower-case name): the functions'
    own test, by which they answer any other OPTIONS with what its path takes."""
    from fairdice.http import is_preflight as told

    return told(method, headers)


def preflight() -> tuple[int, list[tuple[str, str]], bytes]:
    """API Gateway's own answer to a CORS preflight (`is_preflight`), which never reaches the function, by the HttpApi's
    CorsConfiguration (`fairdice.http.CORS`)."""
    from fairdice.http import preflight_headers

    return HTTPStatus.NO_CONTENT, list(preflight_headers().items()), b""


def with_cors(
    answer: tuple[int, list[tuple[str, str]], bytes], headers: Mapping[str, str]
) -> tuple[int, list[tuple[str, str]], bytes]:
    """An answer as API Gateway sends it on: the function's CORS headers left out, and to a request with an Origin the
    configured origin allowed."""
    from fairdice.http import allowed_origin

    status, sent, data = answer
    kept = [(name, value) for name, value in sent if not name.lower().startswith("access-control-")]
    return status, [*kept, *allowed_origin(headers).items()], data


def _gateway_error(status: HTTPStatus, message: str) -> tuple[int, list[tuple[str, str]], bytes]:
    """What API Gateway itself answers when it cannot get a response from the function."""
    return status, [("Content-Type", "application/json")], json.dumps({"message": message}).encode()


class LambdaProxy(BaseHTTPRequestHandler):
    """Serves every method and path by invoking the handler, one invocation at a time."""

    protocol_version = "HTTP/1.1"
    server_version = "fairdice-local"
    timeout = 30  # a client that stops sending mid-request does not hold a thread forever
    # Headers and body go out in two writes: with Nagle's algorithm on, the body waited for the
    # client's delayed ACK of the headers (about 40 ms on Linux) on every keep-alive request.
    disable_nagle_algorithm = True
    handler: LambdaHandler
    # One Lambda instance serves one event at a time, and the resolver keeps per-request state
    # in module globals: concurrent calls would mix requests up.
    invoke_lock = threading.Lock()

    sent_headers: list[tuple[str, str]]  # the request's headers, each value read as UTF-8 (`parse_request`)
    continue_owed: bool  # whether the request expects a 100 (Continue), sent when its body is read (`_answer`)

    def _serve(self) -> None:
        asked = joined(self.sent_headers)
        answer = self._answer(asked)  # a preflight's own answer is sent as it is, any other as API Gateway sends it on
        status, headers, data = answer if is_preflight(self.command, asked) else with_cors(answer, asked)
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(name, value)
        if self.command != "HEAD":  # a HEAD answer's length would be its GET's, which it is not told (RFC 9110 8.6)
            self.send_header("Content-Length", str(len(data)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = _serve

    def parse_request(self) -> bool:
        """The request line and headers as http.server reads them, where a request line without an HTTP/1 version is
        refused, 400: http.server takes `GET /` and `GET / HTTP/0.9` for HTTP/0.9, answered without a status line or
        headers, which API Gateway does not speak; and so are headers it could not read."""
        # http.server reads the request line as ISO-8859-1: a byte from 0x80 up is sent on percent-encoded, so that the
        # handler reads its UTF-8 as a browser's encoded link (review: café read as "cafÃ©"). Encoded before the line
        # is split at its blanks, which for str.split() are 0x85 and 0xA0 too (review: voilà, C3 A0, sent raw was a 400)
        sent = self.raw_requestline
        self.raw_requestline = _HIGH_BYTE.sub(lambda byte: b"%%%02X" % ord(byte.group()), sent)
        self.continue_owed = False  # `handle_expect_100`: a 100 (Continue) is sent when the body is read
        if not super().parse_request():
            return False
        # A method is a token, never percent-encoded: one that is none is no request (RFC 9112 3: 400), where a byte
        # from 0x80 up in it was passed on as `%XX`, which the function could not tell from a `%XX` sent as it is
        # (review: `POS%54` was quoted as sent, and read as POST). Only the path's bytes are encoded as above
        method = sent.split(maxsplit=1)[0] if sent.split() else b""
        if not _METHOD.fullmatch(method):
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        # So is a target of none of HTTP's forms (RFC 9112 3.2): a path, a whole http(s) URL, `*` to OPTIONS, or a host
        # and port to CONNECT, whose target is that form alone (RFC 9112 3.2.3, RFC 9110 9.3.6) (review: `GET ?a=1` was
        # answered the home page, and `GET x` "there is no x here"; any target of a CONNECT, `CONNECT x`, reached the
        # function, and then a path or a whole URL, `CONNECT /verify`)
        target = self._target()
        if self.command == "CONNECT":
            formed = bool(_AUTHORITY.fullmatch(target)) and _is_host(target)
        else:
            formed = bool(
                target.startswith("/") or _ABSOLUTE.match(target) or (target == "*" and self.command == "OPTIONS")
            )
        if not formed:
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        # A header line that is none (no colon, a blank before the colon, a first line folded) ends http.server's
        # headers there, the rest read as the body: a Content-Length after it was lost, and the body read as a request
        # of its own (review). RFC 9112 5.1 has such a request refused, as API Gateway refuses it. So is a header line
        # folded onto the next (obs-fold, RFC 9112 5.2: refused or unfolded), whose value reached the function with its
        # line break in it (review: a Content-Type folded before its `;charset=utf-8` was read as JSON, a 200)
        unreadable = any(isinstance(defect, _UNREADABLE_HEADER) for defect in self.headers.defects)
        folded = any("\r" in value or "\n" in value for value in self.headers.values())
        # So is a header's value with a NUL in it, as dangerous as a line break there (RFC 9110 5.5: refused, or each
        # made a space), where it reached the function as sent (review: `Content-Type: application/json` and a NUL:
        # 415); and with any other control but a tab, which RFC 9110 5.5 makes a value invalid too, to be kept only
        # within a context known safe, which a server handing every header on cannot know (review: a NUL was refused,
        # where a 0x01, a 0x1F or a DEL reached the function). A byte from 0x80 up is no control but obs-text: below
        controls = any(_CONTROL.search(value) for value in self.headers.values())
        # So is a request with more than one Host (RFC 9112 3.2: a 400), whose hosts were joined with a comma as another
        # header's values are, `a,b`, and made the event's domain name (review: POST /links answered a link of no host)
        hosts = len(self.headers.get_all("Host") or [])
        # And so is an HTTP/1.1 request with no Host at all (RFC 9112 3.2: a 400), which was answered, its link built on
        # a host it never named (review: `http://localhost/check/…`, no port); HTTP/1.0 may leave it out (`to_event`)
        hostless = not hosts and tuple(map(int, self.request_version[5:].split("."))) >= (1, 1)
        # And so is one whose Host is no host[:port] by RFC 3986's grammar (RFC 9112 3.2: a 400), such as `a b` or
        # `a/b`, which reached the function (review); a control in it is refused above. One that is, but no name and
        # port a link is built on (a comma, an empty port, `[::1]`), is answered, and a link it asks for is relative
        misnamed = hosts == 1 and not _is_host(self.headers["Host"].strip(" \t"))
        # http.server reads the headers as ISO-8859-1, where API Gateway hands a header's UTF-8 to the function as the
        # characters it writes (review: a Content-Type's soft hyphen, C2 AD, was quoted `application/jsonÂ%C2%AD`).
        # Bytes that are no UTF-8 (obs-text, which RFC 9110 5.5 has a recipient treat as opaque) make no text the
        # function can read: refused here in a header it reads (`READ_HEADERS`), as unreadable headers are; in any
        # other, each such byte is made U+FFFD and the request passed on (review: a Latin-1 cookie another local app
        # set, or a browser's fetch() with a Latin-1 header, made every request a 400). A value loses the blanks around
        # it, a space or a tab, as RFC 9112 5.1 has them no part of it: http.server keeps those after it (review: a Host
        # of `example.test ` was made the event's domain name, and POST /links answered a relative link)
        self.sent_headers = []
        for name, sent_value in self.headers.items():
            value = sent_value.strip(" \t")
            try:
                self.sent_headers.append((name, _as_utf8(value)))
            except UnicodeDecodeError:
                unreadable = unreadable or name.lower() in READ_HEADERS
                self.sent_headers.append((name, _as_utf8(value, errors="replace")))
        if self.request_version == "HTTP/0.9" or unreadable or folded or controls or hosts > 1 or hostless or misnamed:
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        # And so is a version of more than a digit either side of its dot (RFC 9112 2.3: HTTP/1.1), which http.server
        # reads as a number (review: `HTTP/1.10` and `HTTP/01.1` were answered as HTTP/1.1)
        if not _VERSION.fullmatch(self.request_version):
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        return True

    def handle_expect_100(self) -> bool:
        """A request's `Expect: 100-continue` answered when its body is read (`_answer`), not as http.server answers it,
        on reading the headers: a request refused for its method, a header or its length was told 100 (Continue) and
        then 400, 411 or 413, asked for a body the server never reads (RFC 9110 10.1.1: a final status told from the
        request line and headers is sent instead of the 100)."""
        self.continue_owed = True
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a request line or a header too long, too many headers, a request it cannot read)
        as this server's other refusals ahead of the function are, API Gateway's JSON `{"message": …}` by the status's
        phrase alone, where http.server sent an HTML page that quoted what it could not read."""
        status = HTTPStatus(code)
        self.log_error("code %d, message %s", code, message or status.phrase)
        # A request line http.server cannot read (`GARBAGE`, `GET / FOO/1.1`) leaves it taking the request for HTTP/0.9,
        # whose answers have no status line and no headers (review: the JSON came alone): the refusal is HTTP/1.1's
        if self.request_version == "HTTP/0.9":
            self.request_version = self.protocol_version
        _, headers, data = _gateway_error(status, status.phrase)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def __getattr__(self, name: str) -> Any:
        # http.server calls do_<METHOD> and answers 501 when there is none; every other method
        # (TRACE, QUERY…) goes to the handler too, which answers 405 with the methods a path takes.
        if name.startswith("do_"):
            return self._serve
        raise AttributeError(name)

    def _target(self) -> str:
        """The request's target as the client sent it: http.server makes a leading `//` one `/` in `self.path`
        (gh-87389), where API Gateway hands the path over as sent (review: `//check` answered as `/check`)."""
        words = self.requestline.split()
        return words[1] if len(words) == 3 else self.path

    def _answer(self, asked: Mapping[str, str]) -> tuple[int, list[tuple[str, str]], bytes]:
        # Every Transfer-Encoding header, not the first alone (review: a second one's chunked body was read as requests)
        codings = ",".join(self.headers.get_all("Transfer-Encoding") or []).lower()
        if "chunked" in codings:
            self.close_connection = True
            return _gateway_error(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        if codings.strip(" \t,"):  # a coding that is not chunked: no body length a server can read (RFC 9112 6.1)
            self.close_connection = True
            return _gateway_error(HTTPStatus.BAD_REQUEST, "Bad Request")
        # Every value of every Content-Length header, blanks around each no part of it (RFC 9110)
        values = {
            value.strip(" \t") for header in self.headers.get_all("Content-Length") or [] for value in header.split(",")
        }
        given = values.pop() if len(values) == 1 else "0" if not values else "differ"
        # No length at all (-5, 1_0 too), not a long one (review: 413); lengths that differ are no request either (RFC
        # 9112 6.3): the second one's body would be read as a request of its own (review)
        if not given.isascii() or not given.isdigit():
            self.close_connection = True
            return _gateway_error(HTTPStatus.BAD_REQUEST, "Bad Request")
        # More digits than any length this server takes: too large, read without int()'s 4,300-digit limit (review)
        digits = given.lstrip("0") or "0"
        length = int(digits) if len(digits) <= 12 else API_GATEWAY_MAX_PAYLOAD + 1
        if not 0 <= length <= API_GATEWAY_MAX_PAYLOAD:
            self.close_connection = True  # the body is left unread
            return _gateway_error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "Request Entity Too Large")
        if self.continue_owed and length:
            super().handle_expect_100()  # the body is asked for only now that it is read (`handle_expect_100`)
        body = self.rfile.read(length) if length else b""
        # A preflight is API Gateway's to answer, once its body is read like any other (review: answered first, its
        # body was left on the connection and read as the next request)
        if is_preflight(self.command, asked):
            return preflight()
        event = to_event(
            self.command,
            self._target(),
            self.sent_headers,
            body,
            client_ip=self.client_address[0],
            protocol=self.request_version,
            port=self.connection.getsockname()[1],
        )
        try:
            with self.invoke_lock:
                result = self.handler(event, LocalContext())
        except Exception:
            traceback.print_exc()
            return _gateway_error(HTTPStatus.INTERNAL_SERVER_ERROR, "Internal Server Error")
        return to_http(result)


def _is_host(value: str) -> bool:
    """Whether a Host's value is a host and optional port by RFC 3986's grammar (`_HOST_VALUE`)."""
    named = _HOST_VALUE.fullmatch(value)
    if named is None or named["ipv6"] is None:
        return named is not None
    try:
        ipaddress.IPv6Address(named["ipv6"])
    except ValueError:
        return False
    return True


def _as_utf8(value: str, errors: str = "strict") -> str:
    """A header's value read as UTF-8, as API Gateway reads it, from the ISO-8859-1 http.server read it as (one
    character a byte); a UnicodeDecodeError where its bytes are no UTF-8, unless `errors` says otherwise."""
    return value.encode("latin-1").decode("utf-8", errors=errors)


class _Server(ThreadingHTTPServer):
    """http.server's threading server, quiet about a client that went away."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client gone before its answer was written (it reset or closed the connection) is no fault of the server: its
        # request has its access line, where socketserver printed a traceback of 20 lines (review)
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(host: str, port: int, handler: LambdaHandler) -> ThreadingHTTPServer:
    """An HTTP server on host:port (0: a free port) that hands every request to `handler`."""
    proxy = type("BoundLambdaProxy", (LambdaProxy,), {"handler": staticmethod(handler)})
    return _Server((host, port), proxy)


def main(argv: list[str] | None = None) -> int:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description="Run the fairdice verify API locally (no AWS, no Docker).")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=3000, help="port to listen on; 0 takes a free one (default 3000)")
    parser.add_argument(
        "--verbose", action="store_true", help="also print each verdict's metrics (the EMF line Lambda would log)"
    )
    args = parser.parse_args(argv)
    if not args.verbose:
        # Powertools' own switch: in Lambda every verdict's metrics are a JSON line in the log, for CloudWatch; here
        # they would be one more line per request that nobody reads.
        os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"

    # A dev tool mirroring the Lambda layout: there the core layer (shared/) and the function's
    # folder are on the import path, so this script puts them there too.
    sys.path[:0] = [str(ROOT / "shared"), str(ROOT / "functions")]
    from fairdice.problems import describe
    from pydantic import ValidationError

    try:  # the settings are read as the API's cold start reads them, from the environment
        from verify_api.app import lambda_handler
    except ValidationError as exc:
        # Named as a port taken is, one line a setting (review: pydantic's 30-line traceback)
        for problem in describe(exc):
            print(f"fairdice: cannot start: {problem.field}: {problem.message}", file=sys.stderr)
        return 1
    from verify_api.observability import metrics
    from verify_api.settings import SETTINGS

    if (variable := SETTINGS.storage.bucket_without_boto3()) is not None:
        # Review: the server started, then answered every daily request 500 (ModuleNotFoundError in its log)
        from fairdice.storage import no_boto3

        print(f"fairdice: cannot start: {variable}: {no_boto3(variable).message}", file=sys.stderr)
        return 1
    api: LambdaHandler = lambda_handler if args.verbose else _dropping_metrics(lambda_handler, metrics.clear_metrics)
    handler = routed(api, _game_handler)
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        server = make_server(args.host, args.port, handler)
    except OSError as exc:
        print(f"fairdice: cannot listen on {host}:{args.port}: {_why(exc, args.port)}", file=sys.stderr)
        return 1
    try:
        # Listening on every address (HOST=0.0.0.0): the URLs printed are this machine's own, which a browser here
        # opens (review: http://0.0.0.0:… was printed); another machine uses this one's name or address instead
        shown = {"0.0.0.0": "127.0.0.1", "[::]": "[::1]"}.get(host, host)  # noqa: S104  # a name, no binding
        base = f"http://{shown}:{server.server_port}"
        # FAIRDICE_BASE_PATH (a custom domain's API mapping, played here): the API answers under it too.
        examples = _examples(base + (SETTINGS.base_path or ""))
        everywhere = f" (on every address of this machine: {host})" if shown != host else ""
        print(f"fairdice API listening on {base}{everywhere}", flush=True)
        print(examples, flush=True)
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


@cache
def _game_handler() -> LambdaHandler:
    """The daily game's function, started at its first request, as Lambda starts it: its settings are its own (both
    buckets or neither), which a server asked only for verdicts need not meet."""
    from today_roll_api.app import lambda_handler

    handler: LambdaHandler = lambda_handler
    return handler


def routed(api: LambdaHandler, game: Callable[[], LambdaHandler]) -> LambdaHandler:
    """API Gateway's routes (template.yaml): a GET of the daily game's route goes to its own function (`game` gives
    it), anything else to the verify API ($default), which answers another method there with 405 (review: GET said no
    such route)."""
    from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
    from verify_api.routes import decoded, routed_path, served_elsewhere

    def invoke(event: dict[str, Any], context: Any) -> Any:
        method = event["requestContext"]["http"]["method"]
        # Told by its path decoded, as the verify API reads it: /game%2Ftoday%2F… is the game's route too
        as_read = {**event, "rawPath": decoded(event["rawPath"])}
        if method in served_elsewhere(routed_path(APIGatewayProxyEventV2(as_read))):
            return game()(as_read, context.of("TodayRollFunction"))
        return api(event, context)

    return invoke


def _dropping_metrics(handler: LambdaHandler, clear: Callable[[], None]) -> LambdaHandler:
    """The handler, each invocation's metrics dropped after it: switched off, Powertools neither prints nor clears
    them, and would warn on the next verdict that its dimensions are overwritten."""

    def invoke(event: dict[str, Any], context: Any) -> Any:
        try:
            return handler(event, context)
        finally:
            clear()

    return invoke


def _why(exc: OSError, port: int) -> str:
    """Why the server cannot listen, and what to do, in one line."""
    if exc.errno == errno.EADDRINUSE:
        return (
            f"the port is taken (another server, or another make serve, is listening there): stop it, or choose"
            f" another port, make serve PORT={port + 1 if 0 < port < 65535 else 3001} (PORT=0 takes a free one)"
        )
    if exc.errno == errno.EACCES:
        return f"{exc.strerror} (ports below 1024 need privileges): choose another port, make serve PORT=3000"
    return f"{exc.strerror or exc}"


def _examples(base: str) -> str:
    """A curl call and a game-over link, both on the seed documents' example key (00 01 … 1f)."""
    from fairdice.links import build_link
    from fairdice.schemes.pair36 import Pair36Request
    from fairdice.seal import seal_of
    from fairdice.verify import verify

    key = bytes(range(32))
    narde = {
        "scheme": "narde-v1",
        "key": key.hex(),
        "fingerprint": seal_of(key),
        "phrase": "test",
        "recorded": "1-5 4-6 3-4",
    }
    game = {"scheme": "pair36", "server_seed": key.hex(), "seal": seal_of(key), "client_seeds": ["a", "b"], "count": 12}
    rolls = [roll["dice"] for roll in verify(Pair36Request.model_validate(game)).rolls]
    link = build_link(Pair36Request.model_validate({**game, "recorded": rolls}), base)
    return "\n".join(
        [
            "Verify seed 002's example game:",
            f"  curl -s {base}/verify -H 'content-type: application/json' -d '{json.dumps(narde)}'",
            "A game-over link (seed 000's form) to open in a browser:",
            f"  {link}",
            f"API documentation: {base}/docs (OpenAPI: {base}/openapi.json). Ctrl-C stops the server.",
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
