"""What each route's OpenAPI entry says: the body it takes, its 200, and its errors in the one error shape."""

from http import HTTPStatus
from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools.event_handler import content_types
from aws_lambda_powertools.event_handler.openapi.params import Body
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from fairdice import schemes
from fairdice.problems import ErrorResponse
from fairdice.request import RequestBase
from pydantic import BaseModel

# Each built-in scheme's example request (`Scheme.example`), for /docs' "Try it out" (review: Swagger UI made its own
# example of each hex field's pattern, mostly spaces with a digit here and there, and sent it, a 422). Plain OpenAPI
# Example objects, which Powertools puts in the document as they are: its Example model is among the OpenAPI models a
# cold start does not import.
VERIFY_EXAMPLES: dict[str, dict[str, Any]] = {
    scheme.id: {
        "summary": f"{scheme.id}: {scheme.example.summary}",
        "value": {"scheme": scheme.id, **scheme.example.request},
    }
    for scheme in schemes.all_schemes()
    if scheme.example is not None
}

# The same games in one batch, for POST /verify/batch's "Try it out".
BATCH_EXAMPLES: dict[str, dict[str, Any]] = {
    "each scheme": {
        "summary": "a request of each scheme, as POST /verify's examples",
        "value": {"requests": [example["value"] for example in VERIFY_EXAMPLES.values()]},
    }
}

if TYPE_CHECKING:  # the union is built from the scheme registry at import: to a type checker, any request
    VerifyBody = RequestBase
else:
    VerifyBody = Annotated[
        schemes.request_union(),
        Body(
            description='one verify request, a JSON object with "scheme" and that scheme\'s fields',
            openapi_examples=VERIFY_EXAMPLES,
        ),
    ]

INVALID = HTTPStatus.UNPROCESSABLE_ENTITY
BODY_ERRORS = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
    INVALID,
)
# Routes that may read the daily archive: a day it lacks, a record it cannot trust, or no answer from it.
ARCHIVE_ERRORS = (HTTPStatus.NOT_FOUND, HTTPStatus.BAD_GATEWAY, HTTPStatus.SERVICE_UNAVAILABLE)
# What an archive's error says, where its status's phrase alone would not: a 503 is an archive not read, whatever kept
# it from being read (an object in Glacier was not read, so it is no 502: review), a 502 one read that fails
ARCHIVE_SAID = {
    HTTPStatus.BAD_GATEWAY: (
        "Bad Gateway: an archive record contradicts what was committed before, and must not be trusted"
        " (`tampered_record`)"
    ),
    HTTPStatus.SERVICE_UNAVAILABLE: (
        "Service Unavailable, with Retry-After: the daily archive was not read (`archive_unavailable`): S3 did not"
        " answer in time or refused the read, or the object is kept in an archive storage class such as Glacier,"
        " whose bytes S3 gives only once it is restored; try again later"
    ),
}
PAGE_NOTE = (
    "A client that prefers text/html in Accept (a browser) gets the answer as a readable page, and an error as a"
    " page that says what is wrong."
)


def responses(ok: str, *errors: HTTPStatus, model: type[BaseModel] | None = None) -> dict[int, OpenAPIResponse]:
    """The route's 200 (with its model, when the route returns it already serialised) and its errors."""
    documented: dict[int, OpenAPIResponse] = {200: {"description": ok}}
    if model is not None:
        documented[200]["content"] = {content_types.APPLICATION_JSON: {"model": model}}
    for status in errors:
        documented[status] = {
            "description": ARCHIVE_SAID.get(status, status.phrase),
            "content": {content_types.APPLICATION_JSON: {"model": ErrorResponse}},
        }
    return documented


def page_or_json(documented: dict[int, OpenAPIResponse]) -> dict[int, OpenAPIResponse]:
    """The same responses, each also as a page (a browser's GET gets its errors as pages too)."""
    for response in documented.values():
        response.setdefault("content", {})["text/html"] = {"schema": {"type": "string"}}
    return documented
