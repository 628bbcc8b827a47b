"""GET /game/today/{player_id}: one player's six faces for today, for the daily game's own server.

API Gateway lets only IAM-signed requests through (its AWS_IAM authorizer), but an HTTP API has no
resource policy: any principal of the account whose own policy allows execute-api:Invoke on "*"
(AdministratorAccess, PowerUserAccess) gets that far. So the function answers sessions of the game
server's role alone (FAIRDICE_GAME_SERVER_ROLE_ARN) and refuses every other caller with 403. It runs
as a role of its own that may read today's secret and the commitments, and write nothing. It
answers today's faces and nothing else: no other day, no secret (fairdice.archive.today).

That refusal holds for requests through API Gateway, which writes the caller's ARN into the event
(requestContext.authorizer.iam.userArn). A principal allowed lambda:InvokeFunction on this function
(AdministratorAccess, PowerUserAccess) can invoke it directly with an event of its own naming the game
server's role, and gets any player's faces for today: README, "Security", says how to keep that right
from everyone (a service control policy or a permissions boundary) and how to see who used it.
"""

import datetime as dt
import os
import re
import time
from collections.abc import Callable
from http import HTTPStatus
from typing import Annotated, Any
from urllib.parse import quote

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.archive.today import TodaysRolls
from fairdice.errors import FairdiceError, InvalidInput
from fairdice.fields import BasePath
from fairdice.http import (
    GAME_ROUTE,
    GAME_TODAY,
    SECURITY_HEADERS,
    SignedHttpApiEvent,
    allowed_origin,
    error_headers,
    game_id_slashed,
    http_status,
    is_preflight,
    not_allowed,
    preflight_headers,
    readable,
    unsent_answer,
)
from fairdice.problems import ErrorDetail, ErrorResponse, invalid
from fairdice.storage import PROMPT, READ_BUDGET, StorageSettings
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

SERVICE = "fairdice"
logger = Logger(service=SERVICE)
tracer = Tracer(service=SERVICE)


# An IAM role's ARN (a role's path, if any, before its name) and a session of it as STS names the caller. Role names
# hold no "/" and neither do session names, so the assumed role's name is exactly the segment between them.
_NAME = r"[A-Za-z0-9+=,.@_-]"
_ROLE_ARN = re.compile(rf"arn:(aws[a-z-]*):iam::([0-9]{{12}}):role/(?:{_NAME}+/)*({_NAME}{{1,64}})")
_SESSION_ARN = re.compile(rf"arn:(aws[a-z-]*):sts::([0-9]{{12}}):assumed-role/({_NAME}{{1,64}})/{_NAME}+")


class GameServerRole(BaseModel):
    """The daily game server's IAM role: only a session of it (`assumed-role/<name>/<session>`) is answered."""

    model_config = ConfigDict(frozen=True)

    partition: str
    account: str
    name: str

    @classmethod
    def from_arn(cls, arn: object) -> "GameServerRole | None":
        """The role an ARN names; None for an empty value (no game server: every caller is refused)."""
        if arn in (None, ""):
            return None
        found = _ROLE_ARN.fullmatch(arn) if isinstance(arn, str) else None
        if found is None:
            raise ValueError("must be an IAM role's ARN, such as arn:aws:iam::123456789012:role/daily-game-server")
        partition, account, name = found.groups()
        return cls(partition=partition, account=account, name=name)

    def signed(self, caller: str | None) -> bool:
        """Whether `caller`, the ARN API Gateway's IAM authorizer names, is a session of this role.

        Role names are unique in an account whatever their case, as IAM compares them; a user, another
        role (`daily-game-server-2` included), another account or partition is someone else.
        """
        found = _SESSION_ARN.fullmatch(caller) if caller else None
        if found is None:
            return False
        partition, account, name = found.groups()
        return (partition, account, name.casefold()) == (self.partition, self.account, self.name.casefold())


class RouteSettings(BaseModel):
    """Where the route is served, besides the stores (under a custom domain's base path, or not), and for whom."""

    model_config = ConfigDict(frozen=True)

    base_path: BasePath = Field(default=None, alias="FAIRDICE_BASE_PATH")
    game_server: Annotated[GameServerRole | None, BeforeValidator(GameServerRole.from_arn)] = Field(
        default=None, alias="FAIRDICE_GAME_SERVER_ROLE_ARN"
    )


# Read once at cold start (a bad value stops it, naming its variable). Prompt S3 calls: a slow store
# is this function's own 503, not a timeout. No game server's role (the variable empty or unset) answers no one.
ROLLS = TodaysRolls(StorageSettings.from_environ(os.environ).stores(PROMPT))
# A request reads the stores for READ_BUDGET seconds at most, as the verify API's do (fairdice.storage): the 503 goes
# out before the function's 10 s timeout, however many reads the day's first request makes (the days before it:
# fairdice.archive.layout.DAYS_LOOKED_BACK). Both are read at each request (tests put values of their own in their
# place).
MONOTONIC: Callable[[], float] = time.monotonic
SETTINGS = RouteSettings.model_validate(
    {name: os.environ.get(name, "") for name in ("FAIRDICE_BASE_PATH", "FAIRDICE_GAME_SERVER_ROLE_ARN")}
)

# A custom domain's API mapping leaves its path in front of the request's path: taken off before routing.
app = APIGatewayHttpResolver(strip_prefixes=[SETTINGS.base_path] if SETTINGS.base_path else None)


def clock() -> dt.datetime:
    """The current time in UTC (tests replace this)."""
    return dt.datetime.now(dt.UTC)


@app.get(f"{GAME_TODAY}<player_id>")
def todays_roll(player_id: str) -> Response[str]:
    event = app.current_event
    # A method is read as sent, as the verify API reads it (its refuse_other_cases): methods are case-sensitive (RFC
    # 9110 9.1), so `get` is no GET but a method this function does not take, its 405. Powertools routes the method
    # upper-cased (review: `get` was today's roll, where the verify API refuses it)
    if event.http_method != "GET":
        return _wrong_method(event.request_context.http.path, event.http_method)
    # API Gateway's IAM authorizer names the caller of every request it lets through: any principal of the
    # account allowed execute-api:Invoke, not only the game server's role. Only a session of that role is answered.
    caller = event.request_context.authorizer.iam.user_arn
    if SETTINGS.game_server is None or not SETTINGS.game_server.signed(caller):
        logger.warning("refused a caller that is not the game server's role", extra={"caller": caller})
        return _error(HTTPStatus.FORBIDDEN, ErrorDetail(code="forbidden", message="only the game's server may ask"))
    if event.raw_query_string:
        name = event.raw_query_string.split("&")[0].split("=")[0][:60]
        raise InvalidInput("this route answers for today only, and takes no parameters", field=name)
    logger.append_keys(caller=caller)
    roll = ROLLS.within(READ_BUDGET, MONOTONIC).roll(player_id, clock())
    # Who asked for whose roll, for the record: a day's faces are the game's to give, not anyone's.
    logger.info("today's roll given", extra={"date": roll.date.isoformat(), "player_id": roll.player_id})
    return Response(
        HTTPStatus.OK, content_types.APPLICATION_JSON, roll.model_dump_json(), headers={"Cache-Control": "no-store"}
    )


# ---- the error map ----------------------------------------------------------------------

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
    # The verify API's status (fairdice.errors, the one map). A 500 (a bucket of no such name is the stack's fault, no
    # outage to wait out) fails the function, which its alarm counts (review K)
    status = http_status(exc)
    if status == HTTPStatus.INTERNAL_SERVER_ERROR:
        raise exc
    if status == HTTPStatus.UNPROCESSABLE_ENTITY:
        return _error(status, invalid(exc))
    return _error(status, ErrorDetail(code=exc.code, message=exc.message), error_headers(status, type(exc)))


# What the one HTTP API takes on the route's path (fairdice.http.GAME_ROUTE): this function's GET, and OPTIONS, which
# the verify API answers on every path (its allowed_methods)
_ALLOWED = ("GET", "OPTIONS")


def _wrong_method(path: str, method: str) -> Response[str]:
    """A 405 as the verify API answers it (API Gateway sends it another method on this path): only a direct invoke
    brings this function one (review: it was a 404, "this function answers GET … only"). The path is quoted by
    `readable`, which quotes the verify API's too: a letter that looks like another there, a blank or a control
    percent-encoded (review: the Cyrillic а of a player id was quoted as typed, like the a of another player's), and a
    `?`, `#`, `%` or backslash too, as sent or handed over decoded, as bare it would read as another path. Its answer
    is the verify API's to the same request where the path holds no percent-encoded run the verify API writes
    otherwise: that decodes the path before it routes and quotes it, and so writes `%41` as `A`, `%E2%82%AC` as `€`,
    and reads a `%2F` as a slash, which makes the path no route's: a 404 (`game_id_slashed`). This function quotes
    every run as sent."""
    message = not_allowed(readable(path), method, _ALLOWED)
    detail = ErrorDetail(code="method_not_allowed", message=message)
    return _error(HTTPStatus.METHOD_NOT_ALLOWED, detail, {"Allow": ", ".join(_ALLOWED)})


@app.not_found
def _unknown_route(exc: NotFoundError) -> Response[str]:
    event = app.current_event
    path = event.request_context.http.path  # as sent: the route's id is encoded in rawPath (`_id_encoded`)
    routed = path.removeprefix(SETTINGS.base_path or "")
    if GAME_ROUTE.fullmatch(routed):
        # A preflight, which API Gateway answers itself by the template's CORS (only a direct invoke brings one here),
        # as API Gateway answers it (review: 204 with Allow alone, no CORS header, where the verify API's had them)
        if is_preflight(event.http_method, event.headers):
            return Response(HTTPStatus.NO_CONTENT, None, "", headers=preflight_headers())
        if event.http_method == "OPTIONS":  # what the path takes (RFC 9110 9.3.7), as the verify API answers it
            return Response(HTTPStatus.NO_CONTENT, None, "", headers={"Allow": ", ".join(_ALLOWED)})
        return _wrong_method(path, event.http_method)
    # The game's route with a slash before, in or after its id, or no id, is told so, as the verify API tells it
    # (review: it said "this function answers GET /game/today/{player_id} only" to a GET of /game/today/{id}/)
    message = game_id_slashed(routed) or "this function answers GET /game/today/{player_id} only"
    return _error(HTTPStatus.NOT_FOUND, ErrorDetail(code="not_found", message=message))


def _id_encoded(event: dict[str, Any]) -> dict[str, Any]:
    """The event with the last segment of its path, the player id, percent-encoded, so that any id is routed and
    refused by its type, 422. Powertools' route pattern takes no control, no-break or zero-width space, `"`, `#` or
    `€` in a parameter, and ends in `$`, which takes a path ending in a newline and leaves the newline out of the
    parameter; API Gateway hands the path over decoded (review: an id and a tab after it was a 404 saying the function
    answers GET /game/today/{player_id} only, an id and a newline that player's roll). A path of more segments is
    another route's, 404."""
    head, _, player_id = event["rawPath"].rpartition("/")
    return {**event, "rawPath": f"{head}/{quote(player_id, safe='', errors='surrogatepass')}"}


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP)
@tracer.capture_lambda_handler(capture_response=False)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    try:
        SignedHttpApiEvent.model_validate(event)
    except ValidationError as exc:  # only a direct invoke's hand-made event, which Powertools would fail on
        answer = unsent_answer(exc, logger)
    else:
        # A request from a page is answered with the template's CORS, as API Gateway and the verify API answer it. Its
        # headers are read in any case, as the preflight's are and the verify API's CORS reads them (review: a direct
        # invoke's event naming `Origin` got no Access-Control-Allow-Origin, where one naming `origin` did)
        answer = app.resolve(_id_encoded(event), context)
        origin = allowed_origin(APIGatewayProxyEventV2(event).headers)
        answer["headers"] = {**(answer.get("headers") or {}), **origin}
    answer["headers"] = {**(answer.get("headers") or {}), **SECURITY_HEADERS}
    return answer
