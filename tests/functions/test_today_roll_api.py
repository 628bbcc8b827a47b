"""The game's route for today's roll, fed events/today-*.json with a fixed clock and local folders.

Faces are compared with seed 004's algorithm as transcribed in testkit/oracles/seed_004.py.
"""

import base64
import copy
import datetime as dt
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import botocore.exceptions
import pytest
from cold_start import answered
from fairdice.archive.layout import commitment_key, secret_key
from fairdice.archive.publisher import publish
from fairdice.archive.today import TodaysRolls
from fairdice.errors import MissingBucket, MissingCredentials
from fairdice.http import GAME_TODAY
from fairdice.storage import DatedKeys, EachPage, ObjectStore, S3Store, StorageSettings, Stored, Stores
from pydantic import ValidationError
from security.cloudformation import load_template
from today_roll_api import app
from unsent_events import UNSENT, assert_unsent
from verify_api_calls import Answer as VerifyApiAnswer
from verify_api_calls import invoke

from testkit.archive import missed_days_secret_put_again, put_secret_again
from testkit.lambda_context import FakeLambdaContext
from testkit.oracles import seed_004
from testkit.stores import PassingStore
from testkit.timeline import Timeline

Event = dict[str, Any]
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAY = dt.date(2025, 3, 1)
NOON = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)
TODAY_EVENTS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "events").glob("today-*.json"))
# The role template.yaml names from GameServerRoleName; events/today-roll.json is signed by a session of it.
GAME_SERVER_ROLE = "arn:aws:iam::123456789012:role/daily-game-server"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any
    logs: str


@pytest.fixture
def stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Stores:
    local = StorageSettings(data_dir=tmp_path).stores()
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(local))
    monkeypatch.setattr(app, "clock", lambda: NOON)
    monkeypatch.setattr(app, "SETTINGS", settings(GAME_SERVER_ROLE))
    return local


@pytest.fixture
def published(stores: Stores) -> Stores:
    """The stores once the midnight run (00:00:02) has made today's secret and published its commitment."""
    publish(stores, NOON.replace(hour=0, second=2))
    return stores


@pytest.fixture
def call(stores: Stores, monkeypatch: pytest.MonkeyPatch) -> Callable[[Event], Answer]:
    def run(event: Event) -> Answer:
        logs = io.StringIO()
        monkeypatch.setattr(app.logger.registered_handler, "stream", logs)
        result = app.lambda_handler(event, FakeLambdaContext())
        body = json.loads(result["body"])
        return Answer(result["statusCode"], result.get("headers", {}), body, logs.getvalue())

    return run


def settings(game_server_role: str) -> app.RouteSettings:
    """The route's settings as a cold start reads them, with FAIRDICE_GAME_SERVER_ROLE_ARN given."""
    return app.RouteSettings.model_validate({"FAIRDICE_GAME_SERVER_ROLE_ARN": game_server_role})


def signed_by(event: Event, user_arn: str, user_id: str) -> Event:
    """The event as API Gateway's IAM authorizer passes it for another caller: its ARN and principal id."""
    signed = copy.deepcopy(event)
    iam = signed["requestContext"]["authorizer"]["iam"]
    iam.update(userArn=user_arn, userId=user_id, callerId=user_id)
    return signed


def assert_error(answer: Answer, status: int, code: str) -> dict[str, Any]:
    assert answer.status == status, answer.body
    assert answer.headers["Content-Type"] == "application/json"
    assert set(answer.body) == {"error"} and set(answer.body["error"]) == {"code", "message", "problems"}
    assert answer.body["error"]["code"] == code
    error: dict[str, Any] = answer.body["error"]
    return error


def test_the_game_gets_a_players_faces_for_today_and_nothing_that_reveals_the_secret(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Given the midnight run made today's secret and published its commitment
    # When the game's server asks for a player's roll
    answer = call(load_event("today-roll"))

    # Then it gets seed 004's faces for today, not to be cached, and no form of the secret anywhere
    assert answer.status == 200, answer.body
    secret = published.secrets.get(secret_key(DAY)) or b""
    assert answer.body["dice"] == seed_004.faces(secret, DAY.isoformat(), PLAYER)
    assert answer.body["date"] == DAY.isoformat() and answer.body["player_id"] == PLAYER
    assert answer.headers["Cache-Control"] == "no-store"
    seen = json.dumps(answer.body) + answer.logs
    for form in (secret.hex(), secret.hex().upper(), base64.b64encode(secret).decode(), repr(secret)):
        assert form not in seen
    # The log names who asked (the game server's role, as API Gateway's IAM authorizer saw it).
    assert "assumed-role/daily-game-server" in answer.logs


def test_another_day_cannot_be_asked_for(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    error = assert_error(call(load_event("today-roll-another-day")), 422, "invalid_input")

    assert [p["field"] for p in error["problems"]] == ["date"]
    assert "today only" in error["message"]


def test_a_parameter_named_with_a_lone_surrogate_is_refused_naming_it_as_its_escape(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Given a hand-made event whose query names a parameter with a lone surrogate (review: the 422 could not be written
    # as JSON, and the handler raised)
    event = copy.deepcopy(load_event("today-roll"))
    event["rawQueryString"] = "\ud800=1"
    error = assert_error(call(event), 422, "invalid_input")
    # Then the parameter is named with the surrogate as its escape
    assert [p["field"] for p in error["problems"]] == ["\\ud800"]


def test_a_player_id_that_is_not_a_uuid_is_refused_by_name(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    error = assert_error(call(load_event("today-roll-bad-player")), 422, "invalid_input")

    assert [p["field"] for p in error["problems"]] == ["player_id"]


# As API Gateway hands the path over, decoded, and as sent: a space around the id (review: the player's roll, though
# the game issued no such id) and a newline after it, which Powertools' route pattern, ending in `$`, took for the
# route and left out of the id; characters its pattern takes in no parameter (review: each was a 404 saying the
# function answers GET /game/today/{player_id} only), and a slash sent encoded
@pytest.mark.parametrize(
    "player_id",
    [
        *(f'{PLAYER}"', f"{PLAYER}#"),
        *(f"{PLAYER}%09", f"{PLAYER}%C2%A0", f"{PLAYER}%E2%80%8B", f"{PLAYER[:8]}%2F{PLAYER[9:]}", f"{PLAYER}%2F"),
    ],
    ids=repr,
)
def test_a_player_id_of_any_character_is_refused_as_any_other_that_is_no_uuid_never_another_route(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], player_id: str
) -> None:
    # Given the game's signed request whose path ends in a player id that is no UUID
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = f"/game/today/{player_id}"
    event["pathParameters"]["player_id"] = player_id

    # Then it is refused as a player id that is not a UUID is, naming it, and so is anyone else's, 403, as ever
    assert call(event).body == call(load_event("today-roll-bad-player")).body
    assert_error(call(signed_by(event, "arn:aws:iam::123456789012:user/someone", "AIDAEXAMPLE")), 403, "forbidden")


RULE = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000"


# As API Gateway hands the path over, decoded: a space, a tab or a line break around the id, or a character that is no
# ASCII one in it
@pytest.mark.parametrize(
    ("player_id", "said"),
    [
        (f" {PLAYER}", "it has a space before it"),
        (f"{PLAYER} ", "it has a space after it"),
        (f"{PLAYER}\n", "it has a line break after it"),
        (f"{PLAYER}\t", "it has a tab after it"),
        (f"\t{PLAYER}", "it has a tab before it"),
        (f"{PLAYER}\u00a0", "it has a space after it"),
        (f"{PLAYER}\u200b", "'\\u200b' is none of its hex digits and hyphens"),
        (f"{PLAYER}\u20b9", "'\u20b9' is none of its hex digits and hyphens"),
        (f"{PLAYER[:-1]}\uff10", "'\uff10', a look-alike of 0, is none of its hex digits and hyphens"),
    ],
    ids=repr,
)
@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
def test_a_player_id_with_a_space_around_it_or_a_character_no_uuid_holds_is_told_what_as_the_daily_address_tells_it(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], player_id: str, said: str
) -> None:
    # Given the game's signed request whose player id has a space around it or a character no UUID holds (review: the
    # rule alone, as the id was checked percent-encoded, where GET /daily/{date}/{player_id} names what is wrong)
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = f"/game/today/{player_id}"
    event["pathParameters"]["player_id"] = player_id
    # Then it is refused naming what is wrong, in the daily address's words
    error = assert_error(call(event), 422, "invalid_input")
    assert error["problems"] == [{"field": "player_id", "message": f"{RULE}: {said}"}]
    daily = copy.deepcopy(load_event("api-daily-roll"))
    daily["rawPath"] = daily["requestContext"]["http"]["path"] = f"/daily/2026-03-01/{quote(player_id, safe='')}"
    assert invoke(daily).json["error"]["problems"] == error["problems"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        *UNSENT,
        # and the caller the route's IAM authorizer names, which the verify API does not read
        pytest.param(
            lambda event: event["requestContext"]["authorizer"]["iam"].update(userArn=5),
            "requestContext.authorizer.iam.userArn",
            id="a-caller-a-number",
        ),
    ],
)
def test_an_event_api_gateway_never_sends_is_a_logged_400_naming_what_cannot_be_read_never_a_failure(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    change: Callable[[Event], object],
    field: str,
) -> None:
    # Given the game server's signed request, changed into a shape API Gateway's HTTP API never sends, which only a
    # direct invoke holds (review: a KeyError, a TypeError or an AttributeError out of the handler, which the route's
    # errors alarm counts as the function failing)
    event = copy.deepcopy(load_event("today-roll"))
    change(event)

    # When the handler is invoked with it, then it is a 400 in the one error shape naming the field, with every
    # answer's headers, logged as a warning, and no roll given
    answer = call(event)
    assert_unsent(answer.status, answer.headers, answer.body, field)
    assert "refused an event API Gateway does not send" in answer.logs and "today's roll given" not in answer.logs


@pytest.mark.parametrize("caller", ["no-authorizer", "no-iam"])
def test_an_event_naming_no_caller_is_refused_as_one_not_signed_by_the_game_server(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], caller: str
) -> None:
    # An authorizer or its iam left out names no caller: the route refuses it (403), as before
    event = copy.deepcopy(load_event("today-roll"))
    if caller == "no-authorizer":
        del event["requestContext"]["authorizer"]
    else:
        event["requestContext"]["authorizer"]["iam"] = None
    assert_error(call(event), 403, "forbidden")


def test_a_request_api_gateway_did_not_sign_through_is_refused(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Defence in depth: the route's IAM authorizer is what keeps others out; without it, this does.
    assert_error(call(load_event("today-roll-unsigned")), 403, "forbidden")


def test_any_other_principal_of_the_account_is_refused_though_api_gateway_let_it_through(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Given today's secret, and an IAM user whose PowerUserAccess allows execute-api:Invoke on everything
    # When it signs a request for a player's roll (API Gateway's IAM authorizer lets it through)
    answer = call(load_event("today-roll-another-caller"))

    # Then it is refused in the API's error shape, no face is given, and the refusal names who asked
    assert_error(answer, 403, "forbidden")
    assert "dice" not in answer.body and "today's roll given" not in answer.logs
    assert "refused a caller" in answer.logs and "user/ops-with-power-user-access" in answer.logs


GAME_SERVER_SESSIONS = [
    ("arn:aws:sts::123456789012:assumed-role/daily-game-server/i-0123456789abcdef0", "AROAEXAMPLE:i-0123456789abcdef0"),
    ("arn:aws:sts::123456789012:assumed-role/daily-game-server/game-7f3a", "AROAEXAMPLE:game-7f3a"),
    # IAM role names are unique in an account whatever their case
    ("arn:aws:sts::123456789012:assumed-role/Daily-Game-Server/ecs-task-1", "AROAEXAMPLE:ecs-task-1"),
]
OTHER_CALLERS = [
    # another role of the account (a CI role with AdministratorAccess), and a user
    ("arn:aws:sts::123456789012:assumed-role/ci-deployer/build-42", "AROAOTHER:build-42"),
    ("arn:aws:iam::123456789012:user/intern-with-PowerUserAccess", "AIDAINTERN"),
    # look-alike role names: the game server's name with more before or after it, or a part of it
    ("arn:aws:sts::123456789012:assumed-role/daily-game-server-staging/i-0123456789abcdef0", "AROASTAGING:i-0"),
    ("arn:aws:sts::123456789012:assumed-role/old-daily-game-server/i-0123456789abcdef0", "AROAOLD:i-0"),
    ("arn:aws:sts::123456789012:assumed-role/daily-game-serve/i-0123456789abcdef0", "AROASHORT:i-0"),
    # another role whose session is named after the game server, and more segments than a session has
    ("arn:aws:sts::123456789012:assumed-role/ci-deployer/daily-game-server", "AROAOTHER:daily-game-server"),
    ("arn:aws:sts::123456789012:assumed-role/ci-deployer/daily-game-server/x", "AROAOTHER:x"),
    # the game server's role name in another account or partition, or as a user or a federated user
    ("arn:aws:sts::210987654321:assumed-role/daily-game-server/i-0123456789abcdef0", "AROAELSEWHERE:i-0"),
    ("arn:aws-cn:sts::123456789012:assumed-role/daily-game-server/i-0123456789abcdef0", "AROACN:i-0"),
    ("arn:aws:iam::123456789012:user/daily-game-server", "AIDAGAME"),
    ("arn:aws:sts::123456789012:federated-user/daily-game-server", "123456789012:daily-game-server"),
    # the role's own ARN (a role never signs; its sessions do), a session without a name, the root user
    ("arn:aws:iam::123456789012:role/daily-game-server", "AROAEXAMPLE"),
    ("arn:aws:sts::123456789012:assumed-role/daily-game-server/", "AROAEXAMPLE:"),
    ("arn:aws:sts::123456789012:assumed-role/daily-game-server", "AROAEXAMPLE"),
    ("arn:aws:iam::123456789012:root", "123456789012"),
    ("", ""),
]


def test_an_event_whose_authorizer_names_no_caller_is_refused_not_an_error(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    event = copy.deepcopy(load_event("today-roll"))
    del event["requestContext"]["authorizer"]["iam"]["userArn"]
    assert_error(call(event), 403, "forbidden")


@pytest.mark.parametrize(
    ("user_arn", "user_id", "game_server"),
    [(*caller, True) for caller in GAME_SERVER_SESSIONS] + [(*caller, False) for caller in OTHER_CALLERS],
)
def test_every_session_of_the_game_servers_role_gets_todays_faces_and_no_other_caller_does(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    user_arn: str,
    user_id: str,
    game_server: bool,
) -> None:
    answer = call(signed_by(load_event("today-roll"), user_arn, user_id))

    if game_server:
        assert answer.status == 200, answer.body
        assert len(answer.body["dice"]) == 6
    else:
        assert_error(answer, 403, "forbidden")
        assert "dice" not in answer.body


def test_a_game_server_role_with_a_path_is_matched_by_its_name_as_sts_names_its_sessions(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An assumed role's ARN leaves out the role's path
    monkeypatch.setattr(app, "SETTINGS", settings("arn:aws:iam::123456789012:role/games/daily-game-server"))

    assert call(load_event("today-roll")).status == 200


def test_without_a_game_servers_role_no_one_is_answered(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # GameServerRoleName left empty: the template gives the function an empty FAIRDICE_GAME_SERVER_ROLE_ARN
    monkeypatch.setattr(app, "SETTINGS", settings(""))

    assert_error(call(load_event("today-roll")), 403, "forbidden")


@pytest.mark.parametrize(
    "value",
    [
        "daily-game-server",
        "arn:aws:iam::123456789012:user/daily-game-server",
        "arn:aws:sts::123456789012:assumed-role/daily-game-server/i-0",
        "arn:aws:iam::123456789012:role/",
        "arn:aws:iam::12345678901:role/daily-game-server",
    ],
)
def test_a_game_server_role_that_is_not_a_roles_arn_stops_the_cold_start_naming_its_variable(value: str) -> None:
    with pytest.raises(ValidationError, match="FAIRDICE_GAME_SERVER_ROLE_ARN"):
        settings(value)


def test_before_the_publisher_has_run_the_game_is_told_to_try_again(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Within the commitment's grace, the publisher's runs may still make today's secret and commitment
    monkeypatch.setattr(app, "clock", lambda: NOON.replace(hour=0, minute=5))

    answer = call(load_event("today-roll"))

    error = assert_error(answer, 503, "archive_unavailable")
    assert answer.headers["Retry-After"] == "30"
    assert "not made yet" in error["message"]
    assert stores.secrets.list("") == []  # and no secret was made here


def test_once_the_grace_is_over_with_no_commitment_the_game_is_told_no_roll_comes_today(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Given the publisher down at noon: whatever it publishes from now on is late (review: a 503 to try again shortly)
    answer = call(load_event("today-roll"))

    # Then the game is told as it will be once the commitment is published late, and not to try again shortly
    error = assert_error(answer, 502, "late_commitment")
    assert "the secret for 2025-03-01 is not made yet" in error["message"]
    assert "no roll of 2025-03-01 is given until the next day's commitment" in error["message"]
    assert "Retry-After" not in answer.headers


def test_a_bucket_of_no_such_name_fails_the_function_as_the_stacks_fault() -> None:
    # Not a 503 with Retry-After, which would tell the game to wait for what no wait mends (review K); the function's
    # error is what TodayRollErrorsAlarm counts
    with pytest.raises(MissingBucket):
        app._domain_error(MissingBucket("S3 bucket x: cannot read y: there is no bucket of that name (NoSuchBucket)"))


def test_no_aws_credentials_to_read_the_stores_fail_the_function_as_the_deployments_fault(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given stores in S3 that boto3 finds no credentials for (review: a 503 with Retry-After: 30, which told the game to
    # ask again every 30 seconds for what only an operator mends)
    unsigned = Stores(
        secrets=S3Store("fairdice-secrets", client=_NoCredentials()),
        archive=S3Store("fairdice-archive", client=_NoCredentials()),
    )
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(unsigned))

    # Then the function fails, which its alarm counts, as it does for a bucket of no such name
    with pytest.raises(MissingCredentials, match="no AWS credentials were found"):
        call(load_event("today-roll"))


class _NoCredentials:
    """An S3 client as boto3 makes one where it finds no credentials: every call fails before it is sent."""

    def __getattr__(self, name: str) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            raise botocore.exceptions.NoCredentialsError()

        return call


def test_todays_commitment_the_store_gives_no_bytes_for_is_a_503_to_try_again_once_restored_as_the_readers_say(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], tmp_path: Path
) -> None:
    # Given today's secret made, and in the place of its commitment an object whose bytes the store does not give (a
    # folder here; in S3 one kept in Glacier until restored)
    publish(stores, NOON.replace(hour=0, second=2))
    commitment = tmp_path / "archive" / commitment_key(DAY)
    commitment.unlink()
    commitment.mkdir()

    answer = call(load_event("today-roll"))

    # Then the game is told the archive was not read, and to ask again in an hour, as the readers answer the day
    # (review: a 502 tampered_record, which tells the game no roll comes today, though nothing was read to show it)
    error = assert_error(answer, 503, "archive_unavailable")
    assert answer.headers["Retry-After"] == "3600"
    assert "commitments/2025-03-01.json" in error["message"]


def test_a_secret_that_does_not_give_the_published_commitment_is_a_502(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], tmp_path: Path
) -> None:
    (tmp_path / "private" / secret_key(DAY)).write_bytes(bytes(32))

    assert_error(call(load_event("today-roll")), 502, "tampered_record")


def test_a_commitment_published_after_the_grace_is_a_502(
    stores: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given the publisher's first run of the day at 00:30, on a store whose time is a witness (as S3's is)
    timeline = Timeline(NOON.replace(hour=0, minute=30))
    late = timeline.stores(tmp_path / "dated")
    timeline.publish(late, timeline.now)
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(late))

    answer = call(load_event("today-roll"))

    # Then the game is told no roll of today is given, and not to try again shortly
    error = assert_error(answer, 502, "late_commitment")
    assert "after the 15 minutes after 00:00 UTC" in error["message"]
    assert "Retry-After" not in answer.headers


def test_a_commitment_to_the_secret_of_the_day_before_a_missed_day_is_a_502(
    stores: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given 02-27 committed by its midnight run, no run on 02-28, and 02-27's secret and commitment put under today in
    # its first second, before the midnight run, which keeps them and reveals 02-27: its record makes them public
    timeline = Timeline(dt.datetime(2025, 2, 27, 0, 0, 2, tzinfo=dt.UTC))
    dated = timeline.stores(tmp_path / "dated")
    timeline.publish(dated, timeline.now)
    again = dated.secrets.get(secret_key(dt.date(2025, 2, 27))) or b""
    put_secret_again(timeline, dated, again, DAY)
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(dated))

    answer = call(load_event("today-roll"))

    # Then the game gets no roll of today, and nothing of the secret (review: it got the day's rolls all day)
    error = assert_error(answer, 502, "tampered_record")
    assert error["message"] == (
        "commitments/2025-03-01.json commits to the secret of 2025-02-27, as commitments/2025-02-27.json does: that"
        " day's record makes it public once that day is over, so whoever reads it knows every roll of 2025-03-01; none"
        " is given"
    )
    assert again.hex() not in json.dumps(answer.body) + answer.logs


def test_a_warm_function_refuses_the_day_once_a_catch_up_run_reveals_its_secret_as_a_cold_one_does(
    stores: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given 02-26 committed by its midnight run, 02-27's secret alone made at 00:00:02, no run after it, and 02-27's
    # secret and commitment put under today in its first second; the function, warm, rolls today at 00:05
    timeline = Timeline(dt.datetime(2025, 2, 26, 0, 0, 2, tzinfo=dt.UTC))
    dated = timeline.stores(tmp_path / "dated")
    again = missed_days_secret_put_again(timeline, dated, dt.date(2025, 2, 27), DAY, run=False)
    now = [NOON.replace(hour=0, minute=5)]
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(dated))
    monkeypatch.setattr(app, "clock", lambda: now[0])
    assert call(load_event("today-roll")).status == 200

    # When a run at 06:00 catches up and reveals 02-27, and the game asks at 09:00
    timeline.publish(dated, NOON.replace(hour=6))
    now[0] = NOON.replace(hour=9)
    answer = call(load_event("today-roll"))

    # Then it gets no roll of today, as from a cold function (review: the warm one gave today's rolls all day)
    error = assert_error(answer, 502, "tampered_record")
    assert error["message"].startswith("commitments/2025-03-01.json commits to the secret of 2025-02-27")
    assert again.hex() not in json.dumps(answer.body) + answer.logs


class Slow(PassingStore):
    """A store each of whose reads and listings takes 3 s (PROMPT's longest) on a monotonic clock of the test's. The
    rest of the store's protocol (`witnessed`, `history`) is handed on as is (`PassingStore`)."""

    def __init__(self, store: ObjectStore, clock: list[float]) -> None:
        super().__init__(store)
        self.clock = clock

    def get(self, key: str) -> bytes | None:
        self.clock[0] += 3.0
        return super().get(key)

    def read(self, key: str) -> Stored | None:
        self.clock[0] += 3.0
        return super().read(key)

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError(f"the route wrote {key}")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError(f"the route replaced {key}")

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self.clock[0] += 3.0
        return super().list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self.clock[0] += 3.0
        return super().list_dated(prefix, after, through, each_page=each_page)


def test_on_a_slow_store_the_archives_first_day_is_its_own_503_before_the_timeout_then_rolls(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given the archive's first day, and stores that take 3 s a read: its reads, with the DAYS_LOOKED_BACK days before
    # it, take 30 s, where the function's timeout is 10 s
    clock = [0.0]
    slow = Stores(secrets=Slow(published.secrets, clock), archive=Slow(published.archive, clock))
    monkeypatch.setattr(app, "ROLLS", TodaysRolls(slow))
    monkeypatch.setattr(app, "MONOTONIC", lambda: clock[0])

    # When the game asks, as a 503 tells it, until it gets the roll
    answers = []
    while len(answers) < 10 and (not answers or answers[-1].status == 503):  # ten tries at most, whatever happens
        started = clock[0]
        answers.append(call(load_event("today-roll")))
        # Then each answer goes out within the read budget and the read under way then, before the timeout
        assert clock[0] - started <= app.READ_BUDGET + 3.0 < 10

    # each 503 says to try again shortly, and each request read on from where the one before stopped (the last 503's
    # stopped before listing the records looked back to, as the days before the archive's first have no commitment)
    for answer in answers[:-1]:
        assert_error(answer, 503, "archive_unavailable")
        assert answer.headers["Retry-After"] == "30"
    assert [a.status for a in answers] == [503, 503, 503, 503, 503, 200]


# a path of another segment after the id too, whatever that holds: no player id, but no route of this function
@pytest.mark.parametrize("path", [f"/daily/2025-03-01/{PLAYER}", f"/game/today/{PLAYER}/x", f"/game/today/{PLAYER}/\t"])
def test_any_other_path_is_not_found(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], path: str
) -> None:
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = path

    assert_error(call(event), 404, "not_found")


# A direct invoke of the game's route with a slash before or after its id, or no id: API Gateway sends none here
@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize(
    ("path", "said"),
    [
        (f"/game/today/{PLAYER}/", "and nothing after it: leave out the slash after the id"),
        (f"/game/today//{PLAYER}", "and nothing before it: leave out the slash before the id"),
        ("/game/today//", "and none is given: write the player's id after /game/today/"),
        (f"/game/today/{PLAYER[:8]}/{PLAYER[9:]}", "which holds no slash (a %2F in the address is read as one)"),
    ],
)
def test_the_games_route_with_a_slash_about_its_id_is_a_404_saying_what_is_wrong_as_the_verify_api_says_it(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], path: str, said: str
) -> None:
    # Given the game server's signed request whose path has a slash before or after the id, or no id
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = path

    # Then it is the 404 saying what is wrong with the path sent, in the verify API's words (review: "this function
    # answers GET /game/today/{player_id} only", which a GET of /game/today/{id}/ reads as the route it sent)
    error = assert_error(call(event), 404, "not_found")
    assert error["message"] == f"the game's route, GET /game/today/{{player_id}}, takes one player id, a UUID, {said}"
    assert invoke(event).json["error"]["message"].endswith(f"; {error['message']}")


@pytest.mark.parametrize("method", ["get", "Get", "gET"])
def test_a_method_not_in_capitals_is_refused_as_any_other_method_the_route_does_not_take(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], method: str
) -> None:
    # Given the game server's signed request, its method not written in capitals: methods are case-sensitive (RFC 9110
    # 9.1), and the verify API refuses `get` as no GET (review: Powertools routed it upper-cased, and it was the roll)
    event = copy.deepcopy(load_event("today-roll"))
    event["requestContext"]["http"]["method"] = method

    # Then it is the function's answer to a method it does not take, and no roll is given
    answer = call(event)
    error = assert_error(answer, 405, "method_not_allowed")
    case = ": a method's name is case-sensitive, so write GET"  # as the verify API says it
    assert error["message"] == f"/game/today/{PLAYER} takes GET, not {method}{case}"
    assert "today's roll given" not in answer.logs


# The player's id with its a the Cyrillic а, drawn like the player's own id, whose dice differ, and as a 405 quotes it
LOOK_ALIKE = PLAYER.replace("a", "\u0430")
LOOK_ALIKE_QUOTED = PLAYER.replace("a", "%D0%B0")


def answers_to(
    load_event: Callable[[str], Event], call: Callable[[Event], Answer], *, raw_path: str, path: str, method: str
) -> tuple[Answer, VerifyApiAnswer]:
    """This function's answer and the verify API's to the game server's signed request with `method`, sent as
    /game/today/`raw_path` and handed over as /game/today/`path`."""
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = f"/game/today/{raw_path}"
    event["requestContext"]["http"]["path"] = f"/game/today/{path}"
    event["requestContext"]["http"]["method"] = method
    return call(event), invoke(event)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize(
    ("raw_path", "path", "method", "quoted"),
    [
        # a letter that looks like another, sent as itself or percent-encoded (review: this function quoted it as
        # typed, "/game/today/123e4567-e89b-12d3-а456-… takes GET, not POST", where the verify API encoded it)
        (LOOK_ALIKE, LOOK_ALIKE, "POST", LOOK_ALIKE_QUOTED),
        (quote(LOOK_ALIKE), quote(LOOK_ALIKE), "POST", LOOK_ALIKE_QUOTED),
        (LOOK_ALIKE, LOOK_ALIKE, "get", LOOK_ALIKE_QUOTED),
        # after the player id, a tab, a newline, a space, a delete or a combining mark, as itself (API Gateway may
        # hand the path over decoded; review: this function quoted it as itself, "/game/today/{id}  takes GET, not
        # POST" read as the player's own id's path)
        (f"{PLAYER}\t", f"{PLAYER}\t", "POST", f"{PLAYER}%09"),
        (f"{PLAYER}\n", f"{PLAYER}\n", "POST", f"{PLAYER}%0A"),
        (f"{PLAYER} ", f"{PLAYER} ", "POST", f"{PLAYER}%20"),
        (f"{PLAYER} x", f"{PLAYER} x", "POST", f"{PLAYER}%20x"),
        (f"{PLAYER}\x7f", f"{PLAYER}\x7f", "POST", f"{PLAYER}%7F"),
        (f"{PLAYER}\u0436\u0301", f"{PLAYER}\u0436\u0301", "POST", f"{PLAYER}\u0436%CC%81"),
        # after it, a lone surrogate, which only a hand-made event holds: quoted as the bytes Python would write it
        # in, a byte that was no UTF-8 as that byte (review: this function's 405 raised UnicodeEncodeError, where the
        # verify API's quoted %ED%A0%80)
        (f"{PLAYER}\ud800", f"{PLAYER}\ud800", "POST", f"{PLAYER}%ED%A0%80"),
        (f"{PLAYER}\U0001f600\udfff", f"{PLAYER}\U0001f600\udfff", "POST", f"{PLAYER}\U0001f600%ED%BF%BF"),
        (f"{PLAYER}\udcff", f"{PLAYER}\udcff", "POST", f"{PLAYER}%FF"),
        # after it, a ? or a %, as the client sent it, and as API Gateway may hand it over decoded (review: the verify
        # API's 405 quoted `/game/today/{id}%3F` as `/game/today/{id}? takes GET`, the start of a query, `%25` as a
        # bare %, where this function quoted the runs as sent)
        (f"{PLAYER}%3F", f"{PLAYER}%3F", "POST", f"{PLAYER}%3F"),
        (f"{PLAYER}?", f"{PLAYER}?", "POST", f"{PLAYER}%3F"),
        (f"{PLAYER}%3Fx=1", f"{PLAYER}%3Fx=1", "POST", f"{PLAYER}%3Fx=1"),
        (f"{PLAYER}%25", f"{PLAYER}%25", "POST", f"{PLAYER}%25"),
        (f"{PLAYER}%", f"{PLAYER}%", "POST", f"{PLAYER}%25"),
        (f"{PLAYER}%25zz", f"{PLAYER}%25zz", "POST", f"{PLAYER}%25zz"),
        (f"{PLAYER}%zz", f"{PLAYER}%zz", "POST", f"{PLAYER}%25zz"),
        # a #, as the client sent it, as API Gateway may hand it over decoded, and rawPath as sent beside the path
        # decoded (review: the verify API's 405 quoted `/game/today/{id}%23` as `/game/today/{id}# takes GET`, which
        # an address bar reads as the player's own id and a fragment, as this function quoted a # handed over bare)
        (f"{PLAYER}%23", f"{PLAYER}%23", "POST", f"{PLAYER}%23"),
        (f"{PLAYER}#", f"{PLAYER}#", "POST", f"{PLAYER}%23"),
        (f"{PLAYER}%23x", f"{PLAYER}%23x", "POST", f"{PLAYER}%23x"),
        (f"{PLAYER}#x", f"{PLAYER}#x", "POST", f"{PLAYER}%23x"),
        (f"{PLAYER}%23", f"{PLAYER}#", "POST", f"{PLAYER}%23"),
        # beside a " and a ₹, which have no such meaning there: as typed
        (f'{PLAYER}"#\u20b9', f'{PLAYER}"#\u20b9', "POST", f'{PLAYER}"%23\u20b9'),
        # a backslash, which a browser reads as a slash in an http(s) address (review: the verify API quoted `%5C` as a
        # bare backslash, this function a backslash handed over bare)
        (f"{PLAYER}%5C", f"{PLAYER}%5C", "POST", f"{PLAYER}%5C"),
        (f"{PLAYER}\\", f"{PLAYER}\\", "POST", f"{PLAYER}%5C"),
        (f"{PLAYER}%5C", f"{PLAYER}\\", "POST", f"{PLAYER}%5C"),
    ],
)
def test_a_character_not_shown_as_itself_or_bare_read_as_another_path_is_quoted_encoded_in_a_405_as_the_verify_api_does(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    raw_path: str,
    path: str,
    method: str,
    quoted: str,
) -> None:
    # Given a request of a method the route does not take whose path holds a character that does not show as itself,
    # or looks like another, or, after the player id, a ?, a %, a # or a backslash, which bare reads as another path,
    # sent encoded or handed over decoded

    # When this function and the verify API answer it
    answer, verify_api = answers_to(load_event, call, raw_path=raw_path, path=path, method=method)

    # Then both quote it percent-encoded, as the verify API decodes and quotes it, never as what it looks like nor
    # bare where that reads as another path, and neither fails: both answer alike
    error = assert_error(answer, 405, "method_not_allowed")
    case = ": a method's name is case-sensitive, so write GET" if method == "get" else ""
    assert error["message"] == f"/game/today/{quoted} takes GET, not {method}{case}"
    assert (answer.status, answer.body) == (verify_api.status, verify_api.json)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize(("encoded", "sent"), [("%E2%80%8B", "%E2%80%8B"), ("%E2%80%8B", "\u200b"), ("%20", " ")])
@pytest.mark.parametrize("pad", range(12))
def test_a_long_path_is_cut_by_the_405_between_characters_never_within_one_characters_escapes_as_the_verify_api_does(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    encoded: str,
    sent: str,
    pad: int,
) -> None:
    # Given a request of a method the route does not take whose long player id holds, from its 180th character of the
    # path on, characters an error quotes percent-encoded (a zero-width space, sent encoded or handed over decoded, and
    # a space), sent so that the cut at 200 characters falls at each place of a character's escapes (review: "…%E2%80…"
    # was quoted, a byte that is no character, and "…%2…", a malformed escape, which pasted ask for another path)
    quoted = list(GAME_TODAY) + ["x"] * (180 + pad - len(GAME_TODAY)) + [encoded] * 20
    raw_path = "".join(quoted).removeprefix(GAME_TODAY)
    path = raw_path.replace(encoded, sent)

    # When this function and the verify API answer it
    answer, verify_api = answers_to(load_event, call, raw_path=raw_path, path=path, method="POST")

    # Then both quote the path up to the last whole character within 199 and an ellipsis, alike
    said, start = "", iter(quoted)
    while len(said) + len(character := next(start)) <= 199:
        said += character
    assert assert_error(answer, 405, "method_not_allowed")["message"] == f"{said}… takes GET, not POST"
    assert (answer.status, answer.body) == (verify_api.status, verify_api.json)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize(
    ("run", "status", "verify_api_says"),
    [
        ("%41", 405, f"/game/today/{PLAYER}A takes GET, not POST"),
        ("%E2%82%B9", 405, f"/game/today/{PLAYER}\u20b9 takes GET, not POST"),
        ("%2541", 405, f"/game/today/{PLAYER}A takes GET, not POST"),
        (
            "%2F",
            404,
            f"there is no /game/today/{PLAYER}/ here; the game's route, GET /game/today/{{player_id}}, takes one player"
            " id, a UUID, and nothing after it: leave out the slash after the id",
        ),
    ],
)
def test_a_percent_encoded_run_of_the_path_is_quoted_as_sent_by_the_405_where_the_verify_api_decodes_it(
    published: Stores,
    call: Callable[[Event], Answer],
    load_event: Callable[[str], Event],
    run: str,
    status: int,
    verify_api_says: str,
) -> None:
    # Given a request of a method the route does not take whose path holds, after the player id, a percent-encoded run
    # of a character the verify API writes as itself once decoded (`_wrong_method`: where its 405 is not the verify
    # API's answer to the same request)
    sent = f"{PLAYER}{run}"

    # When this function and the verify API answer it
    answer, verify_api = answers_to(load_event, call, raw_path=sent, path=sent, method="POST")

    # Then this function quotes the run as sent, where the verify API decodes the path before it routes and quotes it:
    # its 405 quotes the character, and a slash makes the path no route's, its 404 saying to leave the slash out
    error = assert_error(answer, 405, "method_not_allowed")
    assert error["message"] == f"/game/today/{PLAYER}{run} takes GET, not POST"
    assert (verify_api.status, verify_api.json["error"]["message"]) == (status, verify_api_says)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize("method", ["POST", "DELETE", "PROPFIND", "get"])
def test_a_method_the_route_does_not_take_is_the_verify_api_s_405_naming_get(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], method: str
) -> None:
    # Given the game server's signed request with another method: only a direct invoke brings this function one, as
    # API Gateway routes GET alone here and any other method on the path to the verify API (through $default)
    event = copy.deepcopy(load_event("today-roll"))
    event["requestContext"]["http"]["method"] = method

    # When this function and the verify API answer it
    answer, verify_api = call(event), invoke(event)

    # Then both answer 405 naming GET, with the same Allow and the same error (review: this function answered 404,
    # "this function answers GET /game/today/{player_id} only", where the verify API answered 405)
    error = assert_error(answer, 405, "method_not_allowed")
    case = ": a method's name is case-sensitive, so write GET" if method == "get" else ""
    assert error["message"] == f"/game/today/{PLAYER} takes GET, not {method}{case}"
    assert answer.headers["Allow"] == verify_api.headers["Allow"] == "GET, OPTIONS"
    assert (answer.status, answer.body) == (verify_api.status, verify_api.json)
    assert "today's roll given" not in answer.logs


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
def test_an_options_on_the_route_says_what_it_takes_as_the_verify_api_does(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    # Given an OPTIONS on the route, which API Gateway sends to the verify API: only a direct invoke brings it here
    event = copy.deepcopy(load_event("today-roll"))
    event["requestContext"]["http"]["method"] = "OPTIONS"

    # When this function answers it
    result = app.lambda_handler(copy.deepcopy(event), FakeLambdaContext())

    # Then it is the verify API's answer: 204 with Allow, never "takes GET, not OPTIONS" beside an Allow naming OPTIONS
    verify_api = invoke(event)
    assert (result["statusCode"], result["headers"]["Allow"], result["body"]) == (204, "GET, OPTIONS", "")
    assert (verify_api.status, verify_api.headers["Allow"], verify_api.text) == (204, "GET, OPTIONS", "")


def test_a_preflight_on_the_route_is_answered_as_the_templates_cors_answers_it(
    published: Stores, load_event: Callable[[str], Event]
) -> None:
    # Given a browser's CORS preflight on the route, which API Gateway answers itself by the HttpApi's
    # CorsConfiguration: only a direct invoke brings it here
    event = copy.deepcopy(load_event("today-roll"))
    event["requestContext"]["http"]["method"] = "OPTIONS"
    event["headers"] |= {"origin": "https://game.example", "access-control-request-method": "GET"}

    # When this function answers it
    result = app.lambda_handler(event, FakeLambdaContext())

    # Then it is the template's answer, as API Gateway and the local server give it (review: 204 with Allow alone, no
    # CORS header, where the verify API answers the same preflight with its CORS headers)
    (api,) = [r for r in load_template()["Resources"].values() if r["Type"] == "AWS::Serverless::HttpApi"]
    configured = api["Properties"]["CorsConfiguration"]
    assert (result["statusCode"], result["body"]) == (204, "")
    headers = result["headers"]
    assert headers["Access-Control-Allow-Origin"] == ",".join(configured["AllowOrigins"])
    assert headers["Access-Control-Allow-Methods"] == ",".join(configured["AllowMethods"])
    assert headers["Access-Control-Allow-Headers"] == ",".join(configured["AllowHeaders"])
    assert headers["Access-Control-Max-Age"] == str(configured["MaxAge"])
    assert "Allow" not in headers and "today's roll given" not in json.dumps(result)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")  # the verify API's, which gives no verdict
@pytest.mark.parametrize("header", ["origin", "Origin"])  # a direct invoke's event may name it in any case
def test_a_request_from_a_page_is_answered_with_the_templates_cors_origin_as_the_verify_api_s_is(
    published: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], header: str
) -> None:
    # Given the game server's request naming an Origin, and one that names none
    event = copy.deepcopy(load_event("today-roll"))
    event["headers"][header] = "https://game.example"
    (api,) = [r for r in load_template()["Resources"].values() if r["Type"] == "AWS::Serverless::HttpApi"]

    # Then the one naming it is allowed the template's origin, as API Gateway and the verify API answer it (review: the
    # verify API's GET had it, the game's none), and the other gets no CORS header, as before
    answer = call(event)
    assert answer.status == 200, answer.body
    assert [answer.headers["Access-Control-Allow-Origin"]] == api["Properties"]["CorsConfiguration"]["AllowOrigins"]
    assert not [name for name in call(load_event("today-roll")).headers if name.startswith("Access-Control-")]
    # as the verify API reads a header's name in any case (review: `Origin` got no CORS header from this function)
    assert answer.headers["Access-Control-Allow-Origin"] == invoke(event).headers["Access-Control-Allow-Origin"]


def test_another_method_on_another_path_is_not_found(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event]
) -> None:
    event = copy.deepcopy(load_event("today-roll"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = f"/game/today/{PLAYER}/x"
    event["requestContext"]["http"]["method"] = "POST"

    assert_error(call(event), 404, "not_found")


@pytest.mark.parametrize("name", TODAY_EVENTS)
def test_each_event_is_an_http_api_request_to_the_iam_route(load_event: Callable[[str], Event], name: str) -> None:
    event = load_event(name)
    assert event["version"] == "2.0" and event["requestContext"]["stage"] == "$default"
    assert event["routeKey"] == event["requestContext"]["routeKey"] == "GET /game/today/{player_id}"
    assert event["rawPath"] == event["requestContext"]["http"]["path"]
    assert event["rawPath"].startswith("/game/today/")
    signed = "authorizer" in event["requestContext"]
    assert signed == (name != "today-roll-unsigned.json")
    if signed:
        caller = event["requestContext"]["authorizer"]["iam"]["userArn"]
        assert caller.startswith("arn:aws:sts::123456789012:assumed-role/daily-game-server/") == (
            name != "today-roll-another-caller.json"
        )


def test_the_route_answers_under_a_custom_domains_base_path(tmp_path: Path, load_event: Callable[[str], Event]) -> None:
    # Given today's secret made by the midnight run, and a function told FAIRDICE_BASE_PATH at its cold start
    setup = (
        "import datetime as dt\n"
        "from fairdice.archive.publisher import publish\n"
        "from fairdice.storage import StorageSettings\n"
        "from today_roll_api import app\n"
        f"noon = dt.datetime.fromisoformat({NOON.isoformat()!r})\n"
        "publish(StorageSettings(data_dir=app.os.environ['FAIRDICE_DATA_DIR']).stores(), noon.replace(hour=0))\n"
        "app.clock = lambda: noon\n"
    )
    event = load_event("today-roll")
    based = copy.deepcopy(event)
    based["rawPath"] = based["requestContext"]["http"]["path"] = "/dice" + event["rawPath"]

    # When the game's server asks through the custom domain (API Gateway keeps the mapping's path in rawPath)
    root, through_dice = answered(
        [event, based],
        "today_roll_api.app",
        setup,
        FAIRDICE_BASE_PATH="dice",
        FAIRDICE_DATA_DIR=str(tmp_path),
        FAIRDICE_GAME_SERVER_ROLE_ARN=GAME_SERVER_ROLE,
    )

    # Then the route answers there as at the API's own URL
    assert root["status"] == 200, root["body"]
    assert (through_dice["status"], through_dice["body"]) == (200, root["body"])


@pytest.mark.parametrize("name", TODAY_EVENTS)
def test_every_answer_of_the_games_route_is_never_sniffed_and_https_only(
    stores: Stores, call: Callable[[Event], Answer], load_event: Callable[[str], Event], name: str
) -> None:
    # The one HTTP API's other function: its answers, errors and refusals carry the verify API's headers
    answer = call(load_event(name))
    assert answer.headers["X-Content-Type-Options"] == "nosniff", answer.status
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000", answer.status


def test_its_errors_and_headers_are_the_verify_api_s_on_the_one_http_api() -> None:
    # One HTTP API serves both functions: a failure is answered with the same status, shape and headers by each, from
    # one map (fairdice.http; review: each function kept a copy of its own)
    from verify_api import answers, errors

    assert app.http_status is errors.http_status
    assert app.error_headers is errors.error_headers
    assert app.SECURITY_HEADERS is answers.SECURITY_HEADERS
