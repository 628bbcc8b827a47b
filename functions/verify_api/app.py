"""The verify API: an HTTP request in, one call into fairdice, a verdict or one shape of error out.

Routes: POST /verify, POST /verify/batch, GET /check and /check/, POST /links, GET /schemes,
GET /daily/{date}[/{player_id}], GET /openapi.json and GET /docs. GET /check and the daily verdict
answer a browser with a readable page. Everything that is not about HTTP lives in the fairdice
core layer.
"""

import base64
import binascii
import datetime as dt
import json
import os
import re
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from functools import cache
from http import HTTPStatus
from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import (
    BadRequestError,
    NotFoundError,
    RequestEntityTooLargeError,
    ServiceError,
)
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.event_handler.middlewares.openapi_validation import OpenAPIRequestValidationMiddleware
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.event_handler.openapi.params import Body
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.tracing.base import BaseProvider, BaseSegment
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice import __version__, schemes
from fairdice.batch import BatchRequest, BatchResult, verify_batch
from fairdice.catalog import SchemeCatalog, scheme_catalog
from fairdice.daily_archive import ArchiveReader, DayRecord, cache_control, daily_record, daily_verdict
from fairdice.errors import ArchiveUnavailable, FairdiceError, InvalidInput, TamperedRecord, UnknownDay
from fairdice.links import build_link, parse_link
from fairdice.problems import ErrorDetail, Problem, describe, headline
from fairdice.request import RequestBase
from fairdice.settings import LAMBDA_MAX_ANSWER, MIB, ApiSettings
from fairdice.storage import PROMPT
from fairdice.verdict import Verdict
from fairdice.verify import verify
from pydantic import BaseModel, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

SERVICE = "fairdice"
# Swagger UI's assets come from a CDN so that /docs stays tens of kilobytes (inlined, they add 1.7 MB).
SWAGGER_UI = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.35.0"

SETTINGS = ApiSettings.from_environ(os.environ)
logger = Logger(service=SERVICE)
metrics = Metrics(namespace=SERVICE, service=SERVICE)


class _Untraced(BaseProvider, BaseSegment):
    """The Tracer's provider where Powertools switches tracing off: it records nothing, imports nothing.

    Powertools switches tracing off outside Lambda, under `sam local` and with POWERTOOLS_TRACE_DISABLED,
    but its Tracer still imports the X-Ray SDK there, whose default sampler builds a botocore client
    (~0.5 s); the switched-off SDK recorded nothing either.
    """

    @contextmanager
    def in_subsegment(self, name: str | None = None, **kwargs: Any) -> Iterator[BaseSegment]:
        yield self

    @asynccontextmanager
    async def in_subsegment_async(self, name: str | None = None, **kwargs: Any) -> AsyncIterator[BaseSegment]:
        yield self

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        """Nothing is recorded."""

    put_annotation = put_metadata = add_exception = close = add_subsegment = remove_subsegment = _nothing
    patch = patch_all = _nothing


# Where Powertools leaves tracing on (in Lambda) the Tracer is the X-Ray SDK's, as it always was. No
# auto-patching: it would import botocore (or sqlite3 & co.) at cold start for routes that never use them.
if Tracer._is_tracer_disabled():
    tracer = Tracer(service=SERVICE, auto_patch=False, disabled=True, provider=_Untraced())
else:
    tracer = Tracer(service=SERVICE, auto_patch=False)

# The archive of daily secrets; nothing is read, and boto3 is not imported, before a daily request.
# Prompt S3 calls: a slow archive is this function's own 503, well before the Lambda's timeout.
DAILY = ArchiveReader(
    SETTINGS.storage.archive(SETTINGS.storage.connection(PROMPT)), clock=lambda: dt.datetime.now(dt.UTC)
)


class ErrorResponse(BaseModel):
    """The one shape of every 4xx and 5xx answer."""

    error: ErrorDetail


class LinkResponse(BaseModel):
    """A static game-over link: everything needed to verify the game is in the URL."""

    url: str


def _load_json(text: str) -> Any:
    """The body's JSON, or a 400 saying why not: Powertools knows only JSONDecodeError, not depth or digits."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequestError(
            f"the body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise BadRequestError("the body's JSON is nested too deeply") from None
    except ValueError:  # the one other failure: an integer beyond Python's 4300-digit limit
        raise BadRequestError("the body's JSON holds a number too long to read") from None


class _GatedRequestValidation(OpenAPIRequestValidationMiddleware):
    """Powertools' request validation, behind a gate that refuses a body it must not parse at all."""

    def handler(self, app: Any, next_middleware: NextMiddleware) -> Response[Any]:
        _check_body(app.current_event, SETTINGS.max_body_bytes)
        return super().handler(app, next_middleware)


def _check_body(event: APIGatewayProxyEventV2, limit: int) -> None:
    raw = event.body
    if not raw:
        return
    too_large = RequestEntityTooLargeError(f"the body is larger than the limit of {limit} bytes")
    # Refused before decoding: base64 of `limit` bytes is at most this long, and a character is a byte or more.
    if len(raw) > (4 * ((limit + 2) // 3) if event.is_base64_encoded else limit):
        raise too_large
    content_type = event.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type and content_type != content_types.APPLICATION_JSON:
        raise ServiceError(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            f"send the body as JSON with Content-Type: application/json (it came as {content_type[:60]})",
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


app = APIGatewayHttpResolver(
    enable_validation=True,
    json_body_deserializer=_load_json,
    cors=CORSConfig(allow_origin="*", allow_headers=["accept", "content-type"], max_age=600),
)
# Powertools runs its request validation before any user middleware and offers no hook ahead of it;
# the body cap must act before parsing, so the gate takes the validation middleware's place.
app._request_validation_middleware = _GatedRequestValidation()  # type: ignore[no-untyped-call]
app.configure_openapi(
    title="fairdice",
    version=__version__,
    description="Recomputes provably-fair dice from the revealed secrets and says whether they were fair.",
)


def _responses(ok: str, *errors: HTTPStatus, model: type[BaseModel] | None = None) -> dict[int, OpenAPIResponse]:
    documented: dict[int, OpenAPIResponse] = {200: {"description": ok}}
    if model is not None:  # a route that returns its model already serialised documents it here
        documented[200]["content"] = {content_types.APPLICATION_JSON: {"model": model}}
    for status in errors:
        documented[status] = {
            "description": status.phrase,
            "content": {content_types.APPLICATION_JSON: {"model": ErrorResponse}},
        }
    return documented


_INVALID = HTTPStatus.UNPROCESSABLE_ENTITY
_BODY_ERRORS = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
    _INVALID,
)
# Routes that may read the daily archive: a day it lacks, a record it cannot trust, or no answer from it.
_ARCHIVE_ERRORS = (HTTPStatus.NOT_FOUND, HTTPStatus.BAD_GATEWAY, HTTPStatus.SERVICE_UNAVAILABLE)
_LINK_FORMS = "; ".join(
    f"{scheme.id}{' (no scheme parameter, seed 000)' if scheme.bare_links else f' (scheme={scheme.id})'}: "
    + ", ".join(param.name for param in scheme.link)
    for scheme in schemes.all_schemes()
)
if TYPE_CHECKING:  # the union is built from the scheme registry at import: to a type checker, any request
    VerifyBody = RequestBase
else:
    VerifyBody = Annotated[
        schemes.request_union(), Body(description="a verify request: `scheme` and that scheme's fields")
    ]
_PAGE_NOTE = "A client that prefers text/html in Accept (a browser) gets the verdict as a readable page."


def _page_or_json(documented: dict[int, OpenAPIResponse]) -> dict[int, OpenAPIResponse]:
    documented[200].setdefault("content", {})["text/html"] = {"schema": {"type": "string"}}
    return documented


@app.post(
    "/verify",
    cors=False,
    summary="Verify a game",
    responses=_responses("the verdict", *_BODY_ERRORS, *_ARCHIVE_ERRORS, model=Verdict),
)
def verify_route(request: VerifyBody) -> Response[str]:
    return _json(_verdict(request))


@app.post(
    "/verify/batch",
    cors=False,
    summary="Verify many games",
    description="One result per game, in order: its verdict, or its error in the error shape; then a summary.",
    responses=_responses("one result per game and a summary", *_BODY_ERRORS, model=BatchResult),
)
def verify_batch_route(batch: Annotated[BatchRequest, Body(description="the verify requests")]) -> Response[str]:
    result = verify_batch(batch, day_secrets=DAILY)
    metrics.add_metric(name="BatchGames", unit=MetricUnit.Count, value=result.summary.games)
    return _json(result, field="requests")


def check_route() -> Response[str]:
    request = parse_link(app.current_event.raw_query_string)
    return _negotiated(_verdict(request), request)


for _path in ("/check", "/check/"):  # seed 000 prints /check/?…; both forms are served
    app.get(
        _path,
        summary="Verify a game-over link",
        description=f"The query string of a link from POST /links. Parameters: {_LINK_FORMS}. {_PAGE_NOTE}",
        responses=_page_or_json(_responses("the verdict", _INVALID, *_ARCHIVE_ERRORS, model=Verdict)),
    )(check_route)


@app.post("/links", cors=False, summary="Build a game-over link", responses=_responses("the link", *_BODY_ERRORS))
def links_route(request: VerifyBody) -> LinkResponse:
    return LinkResponse(url=build_link(request, SETTINGS.public_base_url or _own_base_url()))


# Powertools documents a 422 on every validated route; this one documents it in the one error shape.
@app.get("/schemes", summary="The schemes, their fields and limits", responses=_responses("every scheme", _INVALID))
def schemes_route() -> SchemeCatalog:
    return scheme_catalog()


@app.get("/openapi.json", include_in_schema=False)
def openapi_route() -> Response[str]:
    return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, _openapi_json())


@app.get("/docs", include_in_schema=False)
def docs_route() -> Response[str]:
    """What `app.enable_swagger(path="/docs", swagger_base_url=SWAGGER_UI)` serves, without its cost.

    enable_swagger imports Powertools' OpenAPI models (~150 ms) when it registers the route, on every
    cold start; here they are imported when the page is asked for.
    """
    from aws_lambda_powertools.event_handler.openapi.swagger_ui import (
        generate_oauth2_redirect_html,
        generate_swagger_html,
    )

    asked = (app.current_event.query_string_parameters or {}).get("format")
    if asked == "oauth2-redirect":
        return Response(HTTPStatus.OK, content_types.TEXT_HTML, generate_oauth2_redirect_html())
    # Inside a <script>: "</" is escaped so that the document cannot close it.
    spec = _openapi_json(app._get_base_path() or "/").replace("</", "<\\/")
    if asked == "json":
        return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, spec)
    assets = f"{SWAGGER_UI}/swagger-ui-bundle.min.js", f"{SWAGGER_UI}/swagger-ui.min.css"
    page = generate_swagger_html(spec, *assets, SWAGGER_UI, None, persist_authorization=False)
    return Response(HTTPStatus.OK, content_types.TEXT_HTML, page)


@cache
def _openapi_json(server: str = "/") -> str:
    # /openapi.json names the server "/"; the copy inside /docs names the stage's path, as Powertools' did.
    from aws_lambda_powertools.event_handler.openapi.models import Server

    return app.get_openapi_json_schema(servers=[Server(url=server)])


@app.get(
    "/daily/<date>",
    summary="A day's revealed secret record",
    responses=_responses("the record", _INVALID, *_ARCHIVE_ERRORS, model=DayRecord),
)
def daily_record_route(date: str) -> Response[str]:
    shown = daily_record(DAILY, date)
    return _json(shown, cache_control(shown))


@app.get(
    "/daily/<date>/<player_id>",
    summary="A player's daily roll, verified from the archive",
    description=f"Optional query parameter `recorded`: the six faces seen, such as `3 5 7 10 12 20`. {_PAGE_NOTE}",
    responses=_page_or_json(_responses("the verdict", _INVALID, *_ARCHIVE_ERRORS, model=Verdict)),
)
def daily_roll_route(date: str, player_id: str) -> Response[str]:
    recorded = app.current_event.get_query_string_value("recorded")
    verdict = _counted(daily_verdict(DAILY, date, player_id, recorded))
    return _negotiated(verdict, cache=cache_control(verdict))


def _json(answer: BaseModel, cache: str | None = None, *, field: str = "count") -> Response[str]:
    # Serialised here, once, by pydantic: handing Powertools the model would validate a verdict's
    # 10,000 rolls again and encode them twice. A revealed day never changes: see cache_control.
    headers = {"Cache-Control": cache} if cache else None
    return Response(
        HTTPStatus.OK, content_types.APPLICATION_JSON, _returnable(answer.model_dump_json(), field), headers=headers
    )


def _returnable(body: str, field: str) -> str:
    """The body, unless Lambda could not return it: 10,000 rolls of long seeds make tens of megabytes."""
    # Counted as Lambda counts it: UTF-8 bytes of its JSON answer, where the body's quotes are escaped
    # (the python3.12+ runtimes write other characters as they are); and room for status and headers.
    room = LAMBDA_MAX_ANSWER - 16 * 1024
    raw = len(body.encode())
    if raw * 6 <= room:  # even if every byte were escaped as \u00XX it would fit: no need to count
        return body
    size = len(json.dumps(body, ensure_ascii=False).encode()) + 16 * 1024
    if size > LAMBDA_MAX_ANSWER:
        raise InvalidInput(
            f"the answer would be {size / MIB:.1f} MiB, more than the {LAMBDA_MAX_ANSWER // MIB} MiB a Lambda"
            " function can return: ask for fewer rolls at a time",
            field=field,
        )
    return body


def _negotiated(verdict: Verdict, request: RequestBase | None = None, cache: str | None = None) -> Response[str]:
    """The verdict as JSON, or as a page when the client prefers HTML (a browser opening a link)."""
    # Imported by the first request that may be answered with a page: a cold start that serves
    # POST /verify, /links or /schemes never loads it.
    from fairdice.page import CONTENT_SECURITY_POLICY, CONTENT_TYPE, prefers_html, render_page

    if prefers_html(app.current_event.headers.get("accept")):
        page = _returnable(render_page(verdict, request), "count")
        headers = {"Content-Security-Policy": CONTENT_SECURITY_POLICY} | ({"Cache-Control": cache} if cache else {})
        answer = Response(HTTPStatus.OK, CONTENT_TYPE, page, headers=headers)
    else:
        answer = _json(verdict, cache)
    answer.headers["Vary"] = "Accept"  # one URL, two representations: a cache must key on Accept
    return answer


def _verdict(request: RequestBase) -> Verdict:
    return _counted(verify(request, day_secrets=DAILY))


def _counted(verdict: Verdict) -> Verdict:
    tracer.put_annotation(key="scheme", value=verdict.scheme)
    tracer.put_annotation(key="verdict", value=verdict.verdict)
    metrics.add_dimension(name="scheme", value=verdict.scheme)
    metrics.add_dimension(name="outcome", value=verdict.verdict)
    metrics.add_metric(name="Verdicts", unit=MetricUnit.Count, value=1)
    return verdict


_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:\d{1,5})?")


def _own_base_url() -> str:
    """The scheme and host this request came to: API Gateway's domain, or the local server's host:port."""
    event = app.current_event
    host = event.request_context.domain_name or ""
    if not _HOST.fullmatch(host):
        return ""  # a relative link still works on the page that asked for it
    scheme = "http" if event.headers.get("x-forwarded-proto") == "http" else "https"
    return f"{scheme}://{host}"


# ---- the error map: every failure becomes an ErrorResponse, here and nowhere else ----------------

_DOMAIN_STATUS: dict[type[FairdiceError], HTTPStatus] = {
    InvalidInput: HTTPStatus.UNPROCESSABLE_ENTITY,
    UnknownDay: HTTPStatus.NOT_FOUND,
    ArchiveUnavailable: HTTPStatus.SERVICE_UNAVAILABLE,
    TamperedRecord: HTTPStatus.BAD_GATEWAY,
}
_HTTP_CODES = {
    HTTPStatus.BAD_REQUEST: "malformed_body",
    HTTPStatus.NOT_FOUND: "not_found",
    HTTPStatus.METHOD_NOT_ALLOWED: "method_not_allowed",
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: "body_too_large",
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
}


_Handler = Callable[[Any], Response[str]]


def _handles(*kinds: type[Exception]) -> Callable[[_Handler], _Handler]:
    """`app.exception_handler` with the types Powertools leaves out."""
    register: Callable[[_Handler], _Handler] = app.exception_handler(list(kinds))
    return register


def _error(
    status: int, code: str, message: str, problems: list[Problem] | None = None, headers: dict[str, str] | None = None
) -> Response[str]:
    body = ErrorResponse(error=ErrorDetail(code=code, message=message, problems=problems or []))
    return Response(status, content_types.APPLICATION_JSON, body.model_dump_json(), headers=headers)


def _invalid(problems: list[Problem]) -> Response[str]:
    return _error(HTTPStatus.UNPROCESSABLE_ENTITY, InvalidInput.code, headline(problems), problems)


@_handles(RequestValidationError)
def _invalid_request(exc: RequestValidationError) -> Response[str]:
    errors = exc.errors()
    if any(tuple(error["loc"][:1]) == ("response",) for error in errors):
        # Powertools reports a response that fails its model this way too: that is our bug, not the caller's.
        return _internal_error(exc)
    # Powertools hands pydantic's errors over as dicts with their source (body, query, path) in front;
    # rebuilt as a ValidationError they are worded exactly like every other validation failure.
    rebuilt = ValidationError.from_exception_data(
        "request",
        [
            InitErrorDetails(
                type=PydanticCustomError(error["type"], error["msg"], error.get("ctx")),
                loc=tuple(error["loc"][1:]),
                input=error.get("input"),
            )
            for error in errors
        ],
    )
    return _invalid(describe(rebuilt))


@_handles(ValidationError)
def _invalid_model(exc: ValidationError) -> Response[str]:
    return _invalid(describe(exc))


@_handles(FairdiceError)
def _domain_error(exc: FairdiceError) -> Response[str]:
    if isinstance(exc, InvalidInput):
        return _invalid(describe(exc))
    status = next((s for kind, s in _DOMAIN_STATUS.items() if isinstance(exc, kind)), None)
    if status is None:
        return _internal_error(exc)
    retry = {"Retry-After": "30"} if status == HTTPStatus.SERVICE_UNAVAILABLE else None
    return _error(status, exc.code, exc.message, headers=retry)


@_handles(ServiceError)
def _http_error(exc: ServiceError) -> Response[str]:
    status = HTTPStatus(exc.status_code)
    return _error(status, _HTTP_CODES.get(status, "error"), str(exc.msg))


@app.not_found
def _unknown_route(exc: NotFoundError) -> Response[str]:
    event = app.current_event
    allowed = _methods_allowed(event.path)
    if allowed:
        return _error(
            HTTPStatus.METHOD_NOT_ALLOWED,
            "method_not_allowed",
            f"{event.path} takes {' or '.join(allowed)}, not {event.http_method}",
            headers={"Allow": ", ".join(allowed)},
        )
    return _error(HTTPStatus.NOT_FOUND, "not_found", f"there is no {event.path[:200]} here; see GET /docs")


def _methods_allowed(path: str) -> list[str]:
    # Powertools keeps its route table private and answers 404 to a wrong method; 405 needs the table.
    routes = app._static_routes + app._dynamic_routes
    return sorted({route.method for route in routes if route.rule.match(path)})


@_handles(Exception)
def _internal_error(exc: Exception) -> Response[str]:
    request_id = app.current_event.request_context.request_id
    logger.exception("unhandled error", extra={"error_type": type(exc).__name__})
    return _error(
        HTTPStatus.INTERNAL_SERVER_ERROR,
        "internal_error",
        f"fairdice failed on its side; the error is logged under request id {request_id}",
    )


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
