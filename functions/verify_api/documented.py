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

# The seeds' key, 00 01 02 … 1f, and its SHA-256: the secret and the seal of every example below.
_KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
_SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
# A request of each built-in scheme, each a game whose recorded rolls are what the core computes, for /docs' "Try it
# out" (review: Swagger UI made its own example of each hex field's pattern, mostly spaces with a digit here and there,
# and sent it, a 422). Tests hold each to the verdict its summary names. Plain OpenAPI Example objects, which Powertools
# puts in the document as they are: its Example model is among the OpenAPI models a cold start does not import.
VERIFY_EXAMPLES: dict[str, dict[str, Any]] = {
    name: {"summary": summary, "value": value}
    for name, summary, value in (
        (
            "pair36",
            "pair36: a whole game of 5 rolls, with its seal: fair",
            {
                "scheme": "pair36",
                "server_seed": _KEY,
                "seal": _SEAL,
                "client_seeds": ["a", "b"],
                "recorded": "2-5 4-2 6-4 3-4 3-1",
            },
        ),
        (
            "bg-dice-v1",
            "bg-dice-v1: a bot game's opening and first turn, with its lock: fair",
            {
                "scheme": "bg-dice-v1",
                "key": _KEY,
                "lock": _SEAL,
                "labels": ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"],
                "recorded": "4-6 1-3",
            },
        ),
        (
            "bg-online-v1",
            "bg-online-v1: the first 4 rolls of a match's first game, with its seal: fair",
            {
                "scheme": "bg-online-v1",
                "server_number": _KEY,
                "seal": _SEAL,
                "app_numbers": ["0a1b2c3d", "4e5f6071"],
                "recorded": "3-6 5-6 2-2 5-3",
            },
        ),
        (
            "narde-v1",
            "narde-v1: a game of 3 rolls, with its fingerprint: fair",
            {"scheme": "narde-v1", "key": _KEY, "fingerprint": _SEAL, "phrase": "test", "recorded": "1-5 4-6 3-4"},
        ),
        (
            "three-dice",
            "three-dice: a game of 4 rolls, with its commitment: fair",
            {
                "scheme": "three-dice",
                "seed": _KEY,
                "commit": _SEAL,
                "client_seeds": {"white": "white-seed", "black": "black-seed"},
                "recorded": [[2, 4, 3], [3, 1, 5], [5, 5, 3], [4, 3, 3]],
            },
        ),
        (
            "daily",
            "daily: a day's roll with a secret of one's own: incomplete (no archive says when it was committed)",
            {
                "scheme": "daily",
                "date": "2026-01-01",
                "player_id": "123e4567-e89b-12d3-a456-426614174000",
                "secret": _KEY,
                "commitment": _SEAL,
                "recorded": [3, 2, 1, 8, 11, 9],
            },
        ),
    )
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
        Body(description="a verify request: `scheme` and that scheme's fields", openapi_examples=VERIFY_EXAMPLES),
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
            "description": status.phrase,
            "content": {content_types.APPLICATION_JSON: {"model": ErrorResponse}},
        }
    return documented


def page_or_json(documented: dict[int, OpenAPIResponse]) -> dict[int, OpenAPIResponse]:
    """The same responses, each also as a page (a browser's GET gets its errors as pages too)."""
    for response in documented.values():
        response.setdefault("content", {})["text/html"] = {"schema": {"type": "string"}}
    return documented
