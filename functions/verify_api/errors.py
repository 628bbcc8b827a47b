"""The one error map: every failure becomes an ErrorResponse, here and nowhere else.

Domain errors (fairdice.errors) by their class, validation errors worded as the core words them,
Powertools' HTTP errors by their status, an unknown route as 404 or 405, anything else as a 500
that names the request and hides the details. A GET from a browser (Accept preferring HTML) gets the
same error as a page that says in words what is wrong (fairdice.notices), naming a link's own
parameters. A Router of exception handlers: app.py includes it.
"""

from collections.abc import Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.exceptions import NotFoundError, ServiceError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from fairdice.errors import FairdiceError, InvalidInput, NotAnObject
from fairdice.http import PATH_SAID, cut_path, error_headers, game_id_slashed, http_status, not_allowed
from fairdice.links import times_given
from fairdice.problems import (
    WHOLE_REQUEST,
    ErrorDetail,
    ErrorResponse,
    Problem,
    describe,
    headline,
    invalid,
    path_meant,
)
from fairdice.prose import given_more_than_once
from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from verify_api.answers import page_answer
from verify_api.negotiation import prefers_html
from verify_api.observability import logger
from verify_api.powertools_private import base_path, route_body
from verify_api.routes import allowed_methods, http_event, readable, resolver, routed_path, served_elsewhere, site_root
from verify_api.routes.daily import PARAMETERS, RECORD_PATH, ROLL_PATH
from verify_api.routes.verify import BODY_PATHS, LINK_PATHS

if TYPE_CHECKING:
    from fairdice.notices import Where

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated


_HTTP_CODES = {
    HTTPStatus.BAD_REQUEST: "malformed_body",
    HTTPStatus.NOT_FOUND: "not_found",
    HTTPStatus.METHOD_NOT_ALLOWED: "method_not_allowed",
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: "body_too_large",
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
}

_Handler = Callable[[Any], Response[str]]


def _handles(*kinds: type[Exception]) -> Callable[[_Handler], _Handler]:
    """`router.exception_handler` with the types Powertools leaves out."""
    register: Callable[[_Handler], _Handler] = router.exception_handler(list(kinds))
    return register


def _error(
    status: int,
    code: str,
    message: str,
    problems: list[Problem] | None = None,
    headers: dict[str, str] | None = None,
    kind: type[Exception] | None = None,
) -> Response[str]:
    event = http_event(router)
    # What a browser opens is a GET: it gets the error as a page, a program the same error as JSON.
    negotiated = event.http_method == "GET"
    if negotiated and prefers_html(event.headers.get("accept")):
        answer = _error_page(status, message, problems or [], kind)
    else:
        body = ErrorResponse(error=ErrorDetail(code=code, message=message, problems=problems or []))
        answer = Response(status, content_types.APPLICATION_JSON, body.model_dump_json())
    answer.headers.update(headers or {})
    if negotiated:
        answer.headers["Vary"] = "Accept"
    return answer


def _repeated(error: Any) -> bool:
    """Whether a request's validation error is of a query parameter given more than once (Powertools makes it a list
    where the route reads one text)."""
    return (
        tuple(error["loc"][:1]) == ("query",)
        and len(error["loc"]) == 2
        and error["type"] == "string_type"
        and isinstance(error.get("input"), list)
    )


def _as_routed() -> tuple[str, str]:
    """This API's root as the request came to it, and the request's path as the routes see it: a custom domain's base
    path and the stage's path taken off."""
    return site_root(router), routed_path(http_event(router)).removeprefix(base_path(resolver(router)))


def _error_page(status: int, message: str, problems: list[Problem], kind: type[Exception] | None) -> Response[str]:
    from fairdice.notices import error_page

    root, path = _as_routed()
    where: Where | None = "link" if path.rstrip("/") == "/check" else "address" if path.startswith("/daily/") else None
    page = error_page(status, message, problems, where=where, home=f"{root}/", kind=kind)
    return page_answer(page.html, page.policy, status=status)


def _invalid(problems: list[Problem]) -> Response[str]:
    return _error(HTTPStatus.UNPROCESSABLE_ENTITY, InvalidInput.code, headline(problems), problems)


@_handles(RequestValidationError)
def _invalid_request(exc: RequestValidationError) -> Response[str]:
    errors = exc.errors()
    if any(tuple(error["loc"][:1]) == ("response",) for error in errors):
        # Powertools reports a response that fails its model this way too: that is our bug, not the caller's.
        return _internal_error(exc)
    if [(error["type"], tuple(error["loc"])) for error in errors] == [("missing", ("body",))]:
        return _not_an_object(NotAnObject("is required", field=WHOLE_REQUEST))  # no body at all
    # A query parameter given more than once reaches its model as a list: said as a link's is (review: "must be text"),
    # counted in the query as given (review: `recorded=4,4,3&recorded=3,1,3` was "given 6 times")
    query = http_event(router).raw_query_string
    twice = [
        Problem(
            field=str(error["loc"][1]),
            message=given_more_than_once(
                times_given(query, str(error["loc"][1])) or len(error["input"]), "the address"
            ),
        )
        for error in errors
        if _repeated(error)
    ]
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
            if not _repeated(error)
        ],
    )
    return _invalid(twice + describe(rebuilt))


@_handles(ValidationError)
def _invalid_model(exc: ValidationError) -> Response[str]:
    return _invalid(describe(exc))


@_handles(NotAnObject)
def _not_an_object(exc: NotAnObject) -> Response[str]:
    # No body, or one that is no JSON object, says what the route takes, as its OpenAPI entry says it (review: POST
    # /verify without a body was "request: is required", and a list sent to /verify/batch said nothing of "requests").
    # The route is found by its path as the routes see it, and named by the path as sent, as a 404 and a 405 name it
    # (review: POST /dice/verify was told "POST /verify takes", its base path dropped)
    event = http_event(router)
    taken = route_body(resolver(router), event.http_method, _as_routed()[1])
    said = f"{event.http_method} {cut_path(readable(event.path))}"
    words = f"{exc.message}: {said} takes {taken}; see GET /docs" if taken else exc.message
    return _invalid(describe(NotAnObject(words, field=exc.field)))


@_handles(FairdiceError)
def _domain_error(exc: FairdiceError) -> Response[str]:
    if isinstance(exc, InvalidInput):
        return _invalid(describe(exc))
    status = http_status(exc)  # a bucket of no such name is the stack's fault, no 503 to wait out (review J)
    if status == HTTPStatus.INTERNAL_SERVER_ERROR:
        return _internal_error(exc)
    # A day without a secret is the request's date's problem, listed as a field's is (and named on the page as the
    # link's or the address's date), as a batch's entry lists it: one rule (`invalid`)
    error = invalid(exc)
    return _error(
        status, error.code, error.message, error.problems, headers=error_headers(status, type(exc)), kind=type(exc)
    )


@_handles(ServiceError)
def _http_error(exc: ServiceError) -> Response[str]:
    status = HTTPStatus(exc.status_code)
    return _error(status, _HTTP_CODES.get(status, "error"), str(exc.msg))


# A path holds a `?` only where a link's came encoded, as %3F: what followed it was read as the address
QUERY_ENCODED = (
    "its ? came as %3F (as a program that passed the link on may write it), so its parameters were read as part of"
    " the address: change %3F back to ?, or copy the link again from the game"
)


@_handles(NotFoundError)
def _unknown_route(exc: NotFoundError) -> Response[str]:
    event = http_event(router)
    path = routed_path(event)
    # Another method on a path another function serves reached here through $default: the path is another's, a 405.
    # A route that takes the method found nothing there (GET /docs/{folder}/{asset} of any other name): a 404.
    allowed = [] if event.http_method in served_elsewhere(path) else allowed_methods(resolver(router), path)
    quoted = readable(event.path)  # the path as sent, as an error quotes it
    if allowed and event.http_method not in allowed:
        return _error(
            HTTPStatus.METHOD_NOT_ALLOWED,
            "method_not_allowed",
            not_allowed(quoted, event.http_method, allowed),
            headers={"Allow": ", ".join(allowed)},
        )
    nothing_here = f"there is no {cut_path(quoted)} here"
    if "?" in event.path:  # a link whose ? came as %3F (routes.decoded): its parameters were read as its address
        return _error(HTTPStatus.NOT_FOUND, "not_found", f"{nothing_here}; {QUERY_ENCODED}")
    if slashed := game_id_slashed(path):  # review: "see GET /docs", which has no word of the game's route
        return _error(HTTPStatus.NOT_FOUND, "not_found", f"{nothing_here}; {slashed}")
    # A link's address mistyped (`/chek/`, `/Check/`, `/check//`) is still a 404, for a link must be right to be shared,
    # but says which address was meant (review: "see GET /docs", to a player). So is a player's daily roll's
    # (`/Daily/…`, `/daily//…`), which the day's page gives without a query, where a link always has one, and the day's
    # page itself (`/daily/{date}/`, review: "see GET /docs", where the page is an address of the API's). The address
    # meant keeps the path's own date and player id, read as the path is quoted (review: `abc€` was asked about as
    # `abc%E2%82%AC`, and the € counted as the nine slips of its encoding) but never cut: it is given whole or not at
    # all (review: `/daily/2025-03-01/xx…`, an ellipsis in the address, which leads nowhere); a date its route refuses
    # is written as the form of a day (`daily.PARAMETERS`). A POST mistyped alike (`/verify/`, `/VERIFY`) is asked about
    # the address of a route that reads a body (review: it was told "see GET /docs", where a GET was asked about one)
    root, path = _as_routed()
    gets = (*(LINK_PATHS if event.raw_query_string else ()), ROLL_PATH, RECORD_PATH)
    addresses = {"GET": gets, "POST": BODY_PATHS}.get(event.http_method, ())
    meant = path_meant(readable(path), addresses, root, PATH_SAID, PARAMETERS)
    return _error(HTTPStatus.NOT_FOUND, "not_found", f"{nothing_here}{meant or '; see GET /docs'}")


@_handles(Exception)
def _internal_error(exc: Exception) -> Response[str]:
    request_id = http_event(router).request_context.request_id
    logger.exception("unhandled error", extra={"error_type": type(exc).__name__})
    return _error(
        HTTPStatus.INTERNAL_SERVER_ERROR,
        "internal_error",
        f"fairdice failed on its side; the error is logged under request id {request_id}",
    )
