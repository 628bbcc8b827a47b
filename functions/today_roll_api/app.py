"""GET /game/today/{player_id}: one player's six faces for today, for the daily game's own server.

API Gateway lets only IAM-signed requests of the game server's role through (its AWS_IAM
authorizer), and this function runs as the publisher's role, the one that may read today's secret.
It answers today's faces and nothing else: no other day, no secret (fairdice.archive.today).
"""

import datetime as dt
import os
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.archive.today import TodaysRolls
from fairdice.errors import ArchiveUnavailable, FairdiceError, InvalidInput, TamperedRecord
from fairdice.fields import BasePath
from fairdice.problems import ErrorDetail, ErrorResponse, invalid
from fairdice.storage import PROMPT, StorageSettings
from pydantic import BaseModel, ConfigDict, Field, ValidationError

SERVICE = "fairdice"
logger = Logger(service=SERVICE)
tracer = Tracer(service=SERVICE)


class RouteSettings(BaseModel):
    """Where the route is served, besides the stores: under a custom domain's base path, or not."""

    model_config = ConfigDict(frozen=True)

    base_path: BasePath = Field(default=None, alias="FAIRDICE_BASE_PATH")


# Read once at cold start (a bad value stops it, naming its variable). Prompt S3 calls: a slow store
# is this function's own 503, not a timeout.
ROLLS = TodaysRolls(StorageSettings.from_environ(os.environ).stores(PROMPT))
SETTINGS = RouteSettings.model_validate({"FAIRDICE_BASE_PATH": os.environ.get("FAIRDICE_BASE_PATH", "")})

# A custom domain's API mapping leaves its path in front of the request's path: taken off before routing.
app = APIGatewayHttpResolver(strip_prefixes=[SETTINGS.base_path] if SETTINGS.base_path else None)
# On every answer, as the verify API's (verify_api/answers.py): one HTTP API, one set of headers.
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Strict-Transport-Security": "max-age=31536000"}


def clock() -> dt.datetime:
    """The current time in UTC (tests replace this)."""
    return dt.datetime.now(dt.UTC)


@app.get("/game/today/<player_id>")
def todays_roll(player_id: str) -> Response[str]:
    event = app.current_event
    caller = event.request_context.authorizer.iam.user_arn
    if not caller:
        # API Gateway's IAM authorizer names the caller of every request it lets through.
        return _error(HTTPStatus.FORBIDDEN, ErrorDetail(code="forbidden", message="only the game's server may ask"))
    if event.raw_query_string:
        name = event.raw_query_string.split("&")[0].split("=")[0][:60]
        raise InvalidInput("this route answers for today only, and takes no parameters", field=name)
    logger.append_keys(caller=caller)
    roll = ROLLS.roll(player_id, clock())
    # Who asked for whose roll, for the record: a day's faces are the game's to give, not anyone's.
    logger.info("today's roll given", extra={"date": roll.date.isoformat(), "player_id": roll.player_id})
    return Response(
        HTTPStatus.OK, content_types.APPLICATION_JSON, roll.model_dump_json(), headers={"Cache-Control": "no-store"}
    )


# ---- the error map ----------------------------------------------------------------------

_STATUS = {
    InvalidInput: HTTPStatus.UNPROCESSABLE_ENTITY,
    ArchiveUnavailable: HTTPStatus.SERVICE_UNAVAILABLE,
    TamperedRecord: HTTPStatus.BAD_GATEWAY,
}


_Handler = Callable[[Any], Response[str]]


def _handles(kind: type[Exception]) -> Callable[[_Handler], _Handler]:
    """`app.exception_handler`, typed."""
    register: Callable[[_Handler], _Handler] = app.exception_handler(kind)
    return register


def _error(status: HTTPStatus, detail: ErrorDetail, headers: dict[str, str] | None = None) -> Response[str]:
    body = ErrorResponse(error=detail).model_dump_json()
    return Response(status, content_types.APPLICATION_JSON, body, headers=headers)


@_handles(ValidationError)
def _invalid(exc: ValidationError) -> Response[str]:
    return _error(HTTPStatus.UNPROCESSABLE_ENTITY, invalid(exc))


@_handles(FairdiceError)
def _domain_error(exc: FairdiceError) -> Response[str]:
    status = next((s for kind, s in _STATUS.items() if isinstance(exc, kind)), None)
    if status is None:
        raise exc
    if status == HTTPStatus.UNPROCESSABLE_ENTITY:
        return _error(status, invalid(exc))
    retry = {"Retry-After": "30"} if status == HTTPStatus.SERVICE_UNAVAILABLE else None
    return _error(status, ErrorDetail(code=exc.code, message=exc.message), retry)


@app.not_found
def _unknown_route(exc: NotFoundError) -> Response[str]:
    message = "this function answers GET /game/today/{player_id} only"
    return _error(HTTPStatus.NOT_FOUND, ErrorDetail(code="not_found", message=message))


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP)
@tracer.capture_lambda_handler(capture_response=False)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    answer = app.resolve(event, context)
    answer["headers"] = {**(answer.get("headers") or {}), **SECURITY_HEADERS}
    return answer
