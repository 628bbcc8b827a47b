"""The daily routes end to end: publish, reveal, then GET /daily/... through the handler.

The archive is a pair of local folders (the embedded default) with an injected clock; the faces
are compared with seed 004's algorithm as transcribed in testkit/oracles/seed_004.py.
"""

import copy
import datetime as dt
import html
import json
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from fairdice.archive.layout import commitment_key, revealed_key, secret_key
from fairdice.archive.reader import ArchiveReader
from fairdice.storage import FolderStore, Stores
from verify_api import app as api
from verify_api import archive as api_archive
from verify_api.caching import IMMUTABLE, SHORT_LIVED

from testkit import timeline as timeline_module
from testkit.archive import put_secret_again
from testkit.lambda_context import FakeLambdaContext
from testkit.oracles import seed_004
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

Event = dict[str, Any]
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


def call(event: Event, path: str | None = None, query: str = "") -> tuple[int, dict[str, str], Any]:
    event = copy.deepcopy(event)
    if path is not None:
        event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    event["queryStringParameters"] = dict(parse_qsl(query)) or None
    answer = api.lambda_handler(event, FakeLambdaContext())
    return answer["statusCode"], answer.get("headers", {}), json.loads(answer["body"])


@pytest.fixture
def timeline() -> Timeline:
    """The test's time, which the stores date what they write by."""
    return Timeline(at("2025-03-01 00:00"))


@pytest.fixture
def stores(tmp_path: Path, timeline: Timeline) -> Stores:
    return timeline.stores(tmp_path)


@pytest.fixture
def clock_at(monkeypatch: pytest.MonkeyPatch, stores: Stores) -> Callable[[str], None]:
    """Point the handler's archive reader at the test's folders, with the clock at `text`."""

    def set_clock(text: str) -> None:
        monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: at(text)))

    return set_clock


def test_an_answer_waiting_for_a_reveal_is_never_kept_past_it(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given a day committed to, asked about half a minute before its end (review: "withheld" and "pending" were kept
    # 60 s, past the reveal), and again just after it, before the publisher's run reveals it
    timeline.publish(stores, at("2025-03-01 00:00"))
    for now, kept in (
        ("2025-03-01 18:00", SHORT_LIVED),
        ("2025-03-01 23:59:30", "public, max-age=30"),
        ("2025-03-02 00:00:01", "no-cache"),
    ):
        clock_at(now)
        # Then a cache may keep the answer at most until the reveal is due, and not once it is
        status, headers, verdict = call(load_event("api-daily-roll"))
        assert (status, verdict["verdict"], headers["Cache-Control"]) == (200, "withheld", kept), now
        status, headers, record = call(load_event("api-daily-record"))
        assert (status, record["status"], headers["Cache-Control"]) == (200, "pending", kept), now
        # And the same roll's game-over link is kept alike (review: it had no Cache-Control, so a CDN's default day
        # kept "withheld" past the reveal)
        status, headers, verdict = call(load_event("api-daily-roll"), "/check/", LINK)
        assert (status, verdict["verdict"], headers["Cache-Control"]) == (200, "withheld", kept), now


LINK = f"scheme=daily&date=2025-03-01&player={PLAYER}"
# A revealed 2025-03-01 answered at 2025-03-02 00:00:05: kept until 03-02's record may be written, at 03-03 00:00
UNTIL_NEXT_RECORD = f"public, max-age={24 * 3600 - 5}"


def test_a_daily_roll_is_withheld_during_its_day_and_verified_after_it(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given the publisher ran at midnight: 2025-03-01 has a secret and a published commitment
    timeline.publish(stores, at("2025-03-01 00:00"))
    clock_at("2025-03-01 18:00")

    # When a player asks during the day, then the verdict is withheld until the next midnight
    status, headers, verdict = call(load_event("api-daily-roll"))
    assert status == 200
    assert verdict["verdict"] == "withheld"
    assert verdict["withheld"]["reveal_at"].startswith("2025-03-02T00:00:00")
    assert verdict["rolls"] == [] and verdict["seal"]["computed"] is None
    assert headers["Cache-Control"] == SHORT_LIVED
    status, _, record = call(load_event("api-daily-record"))
    assert (status, record["status"], record["record"]) == (200, "pending", None)
    # with the commitment the day's record shows, the one its secret will be held to, published before the day's play
    # (review: the roll said `"given": null` where the record had it)
    assert verdict["checks"]["seal"] == "not_checked"
    assert (verdict["seal"]["given"], verdict["seal"]["published_at"]) == (
        record["commitment"],
        record["commitment_published_at"],
    )

    # When the next run reveals the day, then every player's faces are seed 004's
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 00:00:05")
    secret = stores.secrets.get(secret_key(dt.date(2025, 3, 1)))
    assert secret is not None
    for number in range(5):
        player = str(uuid.UUID(int=(number + 1) * 0x9E3779B97F4A7C15 % 2**128))
        faces = seed_004.faces(secret, "2025-03-01", player)
        recorded = "+".join(map(str, faces))
        status, headers, verdict = call(
            load_event("api-daily-roll"), f"/daily/2025-03-01/{player}", f"recorded={recorded}"
        )
        assert (status, verdict["verdict"], verdict["checks"]) == (200, "fair", {"seal": "match", "rolls": "match"})
        assert verdict["rolls"][0]["dice"] == faces
        assert verdict["rolls"][0]["message"] == f"2025-03-01|{player}"
        # kept until the next day's record may be written, which may dispute the day's own (below)
        assert headers["Cache-Control"] == UNTIL_NEXT_RECORD

    # And the record is served, revealed, with the secret the publisher kept
    status, headers, record = call(load_event("api-daily-record"))
    assert (status, record["status"], record["record"]["secret"]) == (200, "revealed", secret.hex())
    assert headers["Cache-Control"] == UNTIL_NEXT_RECORD
    # And a game-over link to a revealed day's roll is kept alike; a link to another scheme's game, which the link
    # alone decides, is given no Cache-Control by the route, as before
    status, headers, verdict = call(load_event("api-daily-roll"), "/check/", LINK)
    assert (status, verdict["checks"]["seal"], headers["Cache-Control"]) == (200, "match", UNTIL_NEXT_RECORD)
    seed_000 = load_event("api-check-seed000")
    status, headers, verdict = call(seed_000, None, seed_000["rawQueryString"])
    assert (status, verdict["verdict"], "Cache-Control" in headers) == (200, "fair", False)


def revealed_faces(timeline: Timeline, stores: Stores, clock_at: Callable[[str], None]) -> list[int]:
    """PLAYER's faces of 2025-03-01, revealed and read an hour after the day ended."""
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 01:00")
    secret = stores.secrets.get(secret_key(dt.date(2025, 3, 1))) or b""
    return seed_004.faces(secret, "2025-03-01", PLAYER)


def recorded_faces(stores: Stores) -> str:
    """PLAYER's faces of 2025-03-01 as the roll route's `recorded` is written, `3+5+…`, from the secret kept for it."""
    secret = stores.secrets.get(secret_key(dt.date(2025, 3, 1)))
    assert secret is not None
    return "+".join(map(str, seed_004.faces(secret, "2025-03-01", PLAYER)))


def test_a_changed_face_is_a_mismatch_at_that_roll(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    faces = revealed_faces(timeline, stores, clock_at)
    faces[5] = faces[5] % 20 + 1
    status, _, verdict = call(load_event("api-daily-roll"), query="recorded=" + "+".join(map(str, faces)))
    assert (status, verdict["verdict"], verdict["checks"]["seal"]) == (200, "mismatch", "match")
    assert verdict["summary"]["first_mismatch"] == 1


def test_recorded_is_read_from_the_raw_query_whatever_api_gateway_decoded_and_an_unknown_parameter_is_refused(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given a revealed day and a player's faces, recorded as a form writes them (`+` for a space)
    query = "recorded=" + "+".join(map(str, revealed_faces(timeline, stores, clock_at)))

    # When API Gateway's decoded parameters keep the `+` (review: the route read them, and said roll 1 had 1 face)
    event = copy.deepcopy(load_event("api-daily-roll"))
    event["rawQueryString"] = query
    event["queryStringParameters"] = {"recorded": query.removeprefix("recorded=")}
    verdict = json.loads(api.lambda_handler(event, FakeLambdaContext())["body"])

    # Then the faces are read as the page and a link read them: every roll compared
    assert (verdict["verdict"], verdict["checks"]["rolls"]) == ("fair", "match")

    # And the daily link's name for them, or a misspelling, is refused naming it (review: ignored, "not given")
    suggestions = (("rolls", "did you mean recorded (rolls is its name in a link)?"), ("recoded", "recorded?"))
    for given, suggested in suggestions:
        status, _, answer = call(load_event("api-daily-roll"), query=query.replace("recorded", given))
        assert (status, answer["error"]["problems"][0]["field"]) == (422, given)
        assert answer["error"]["message"].endswith(suggested)
        assert "is not a parameter of GET /daily/{date}/{player_id}; it takes recorded" in answer["error"]["message"]

    # And a tracking parameter is ignored, as a link's is
    status, _, answer = call(load_event("api-daily-roll"), query=query + "&utm_source=card")
    assert (status, answer["checks"]["rolls"]) == (200, "match")

    # And a parameter fairdice reads elsewhere is refused, but nothing the address does not take is suggested (review:
    # `player` was told "did you mean player_id", which is in the path), and an undecodable value is the address's
    for given in ("secret=ab", "player=x"):
        status, _, answer = call(load_event("api-daily-roll"), query=given)
        assert status == 422 and answer["error"]["message"].endswith("it takes recorded"), answer
    # in any case, and the words people use for rolls (review: `ROLLS=`, `dice=` were ignored, a mismatch unsaid)
    for given in ("ROLLS", "Recorded", "dice", "FACES"):
        status, _, answer = call(load_event("api-daily-roll"), query=query.replace("recorded", given))
        assert (status, answer["error"]["problems"][0]["field"]) == (422, given), answer
        assert "did you mean recorded" in answer["error"]["message"]
    # while what sharing an address adds to it is ignored (review: `?igshid=…` was refused, a shared address broken)
    status, _, answer = call(load_event("api-daily-roll"), query=query + "&igshid=abc&si=x&ref=share")
    assert (status, answer["checks"]["rolls"]) == (200, "match")
    status, _, answer = call(load_event("api-daily-roll"), query="recorded=%ff")
    assert (status, answer["error"]["problems"][0]["field"]) == (422, "address")

    # And a day's record takes no parameter (review: `?player=…&rolls=…` was answered the record, silently)
    status, _, answer = call(load_event("api-daily-record"), "/daily/2025-03-01", query="player=x&rolls=1")
    assert status == 422 and "is not a parameter of GET /daily/{date}; it takes none" in answer["error"]["message"]
    for shared in ("utm_source=card", "igshid=abc&si=x"):
        status, _, answer = call(load_event("api-daily-record"), "/daily/2025-03-01", query=shared)
        assert status == 200


def test_post_verify_takes_a_daily_secret_from_the_archive(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 01:00")
    event = load_event("api-verify-daily-from-archive")
    event["body"] = json.dumps({"scheme": "daily", "date": "2025-03-01", "player_id": PLAYER})
    status, _, verdict = call(event)
    assert (status, verdict["verdict"], verdict["checks"]) == (
        200,
        "incomplete",
        {"seal": "match", "rolls": "not_given"},
    )
    assert verdict["source"] == "daily archive revealed/2025-03-01.json"


def test_a_revealed_days_record_that_disappears_is_502_tampered_record_not_withheld(
    tmp_path: Path,
    timeline: Timeline,
    stores: Stores,
    clock_at: Callable[[str], None],
    load_event: Callable[[str], Event],
) -> None:
    # Given 2025-03-01 revealed by the next midnight's run, then its record removed
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    (tmp_path / "archive" / "revealed" / "2025-03-01.json").unlink()
    clock_at("2025-03-02 12:00")

    # When a player's roll or the day's record is asked for
    for event in ("api-daily-roll", "api-daily-record"):
        status, headers, answer = call(load_event(event))

        # Then the answer says the archive is not to be trusted, and is not cached as a day still to come
        assert status == 502 and answer["error"]["code"] == "tampered_record"
        assert "revealed/2025-03-01.json is missing" in answer["error"]["message"]
        assert "Cache-Control" not in headers


def test_a_day_committed_to_the_secret_of_two_days_before_is_502_tampered_record_on_each_daily_route(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given 03-01 and 03-02 published by their midnight runs, and 03-01's secret and commitment put under 03-03 in its
    # first second, before its run: 03-01's record made it public on 03-02 (review: the game's route refused 03-03, and
    # GET /daily and POST /verify called a player's roll of it fair, the day's record linking to 03-02's)
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.publish(stores, at("2025-03-02 00:00:02"))
    again = stores.secrets.get(secret_key(dt.date(2025, 3, 1))) or b""
    put_secret_again(timeline, stores, again, dt.date(2025, 3, 3))
    timeline.publish(stores, at("2025-03-04 00:00:02"))
    clock_at("2025-03-04 12:00")
    faces = seed_004.faces(again, "2025-03-03", PLAYER)
    verify = load_event("api-verify-daily-from-archive")
    verify["body"] = json.dumps({"scheme": "daily", "date": "2025-03-03", "player_id": PLAYER, "recorded": [faces]})

    # When a program asks for the day's record, a player's roll of it, or POST /verify with the player's faces
    for event, path, query in (
        (load_event("api-daily-record"), "/daily/2025-03-03", ""),
        (load_event("api-daily-roll"), f"/daily/2025-03-03/{PLAYER}", "recorded=" + "+".join(map(str, faces))),
        (verify, None, ""),
    ):
        status, headers, answer = call(event, path, query)

        # Then each refuses the day, saying whose secret it is, and nothing is cached
        assert (status, answer["error"]["code"]) == (502, "tampered_record")
        assert answer["error"]["message"].startswith(
            "commitments/2025-03-03.json commits to the secret of 2025-03-01, as commitments/2025-03-01.json does"
        )
        assert "Cache-Control" not in headers


@pytest.mark.parametrize(
    ("query", "times"),
    [
        ("recorded=1&recorded=5", "twice"),
        ("recorded=1&recorded=2&recorded=3", "3 times"),
        # Values holding commas, which API Gateway's joined values cannot tell apart (review: "given 6 times")
        ("recorded=4,4,3&recorded=3,1,3", "twice"),
    ],
)
def test_recorded_given_more_than_once_is_said_so(load_event: Callable[[str], Event], query: str, times: str) -> None:
    # Review: "recorded: must be text", where a link's parameter given twice is said so. API Gateway joins a repeated
    # parameter's values with commas in queryStringParameters; the raw query keeps them apart.
    event = load_event("api-daily-roll")
    event["rawQueryString"] = query
    event["queryStringParameters"] = {"recorded": ",".join(value for _, value in parse_qsl(query))}
    answer = json.loads(api.lambda_handler(event, FakeLambdaContext())["body"])
    assert answer["error"]["problems"] == [
        {"field": "recorded", "message": f"is given {times} in the address; give it once"}
    ]


def test_a_day_without_a_secret_is_404_and_a_bad_date_422_naming_it(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    timeline.publish(stores, at("2025-03-01 00:00"))
    clock_at("2025-03-02 01:00")
    status, _, body = call(load_event("api-daily-roll"), f"/daily/2024-01-01/{PLAYER}")
    assert (status, body["error"]["code"]) == (404, "unknown_day")
    status, _, body = call(load_event("api-daily-record"), "/daily/2025-13-01")
    assert (status, body["error"]["code"]) == (422, "invalid_input")
    assert body["error"]["problems"][0]["field"] == "date"
    status, _, body = call(load_event("api-daily-roll"), "/daily/2025-03-01/not-a-player")
    assert (status, body["error"]["problems"][0]["field"]) == (422, "player_id")


def test_a_day_without_a_secret_lists_its_date_as_the_problem_in_json_and_names_it_on_the_page(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given an archive that has no secret for 2024-01-01
    timeline.publish(stores, at("2025-03-01 00:00"))
    clock_at("2025-03-02 01:00")
    verify = load_event("api-verify-daily-from-archive")
    verify["body"] = json.dumps({"scheme": "daily", "date": "2024-01-01", "player_id": PLAYER})
    link = f"scheme=daily&date=2024-01-01&player={PLAYER}"

    # When a program asks POST /verify, GET /check or GET /daily about that day's roll (review: "problems": [], though
    # the message is about the request's date)
    for event, path, query in (
        (verify, None, ""),
        (load_event("api-daily-roll"), "/check/", link),
        (load_event("api-daily-roll"), f"/daily/2024-01-01/{PLAYER}", ""),
    ):
        status, _, body = call(event, path, query)

        # Then the 404 lists the date as its problem, and is headed by it, as the API's other field errors are
        error = body["error"]
        assert (status, error["code"]) == (404, "unknown_day")
        assert error["problems"] == [{"field": "date", "message": error["message"].removeprefix("date: ")}]
        assert error["message"].startswith("date: the daily archive has no secret for 2024-01-01")

    # And a browser's page names the date as the person gave it: the link's parameter, the address's date
    answer = _as_browser(load_event("api-daily-roll"), "/check/", link)
    assert answer["statusCode"] == 404
    assert "<li>The link's <code>date</code>: the daily archive has no secret for 2024-01-01" in answer["body"]


def test_a_day_before_the_archives_first_is_said_no_day_of_it_in_json_and_headed_so_on_its_page(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given an archive whose first day, 2025-03-01, is revealed, and a day before it, and one after the archive's last
    # with no secret yet, a 404 alike
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 01:00")
    link = f"scheme=daily&date=2025-02-20&player={PLAYER}"
    addresses = (("/daily/2025-02-20", ""), (f"/daily/2025-02-20/{PLAYER}", ""), ("/check/", link))

    for path, query in addresses:
        # When a program asks about it, Then the 404 keeps its code and says the archive has no day then (review: "has
        # no secret for 2025-02-20", as if the day lacked its secret)
        status, _, body = call(load_event("api-daily-roll"), path, query)
        assert (status, body["error"]["code"]) == (404, "unknown_day"), path
        assert body["error"]["message"] == (
            "date: the daily archive has no day 2025-02-20, before its first: its first revealed day is 2025-03-01, and"
            " days are revealed in date order, never one before it. Check the date: it is the UTC day the roll was made"
        )
        # and a browser's page is headed by what it is, where it read "Nothing here"
        page = _as_browser(load_event("api-daily-roll"), path, query)
        assert page["statusCode"] == 404
        assert "<h1>Before the daily archive's first day</h1>" in html.unescape(page["body"]), path
        assert "<title>Before the daily archive's first day · fairdice</title>" in html.unescape(page["body"])
        assert "Nothing here" not in page["body"]

    # And a day after it with no secret yet, which may still come, is no day before it: its page is headed by what it
    # is, a day not begun, as its JSON message says (review: "Nothing here")
    other = _as_browser(load_event("api-daily-roll"), "/daily/2025-03-03")
    assert other["statusCode"] == 404 and "<h1>This day has not begun in UTC</h1>" in other["body"]
    assert "Before the daily archive's first day" not in html.unescape(other["body"])


def test_a_day_not_begun_is_said_so_in_json_and_its_page_is_headed_so(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given an archive whose last day is 2025-03-02, the day it is in UTC
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 01:00")

    # When a program asks for the record of 2025-03-03, Then the 404 says no secret exists yet for it
    status, _, body = call(load_event("api-daily-record"), "/daily/2025-03-03")
    assert (status, body["error"]["code"]) == (404, "unknown_day")
    message = body["error"]["message"]
    assert message.startswith("date: no secret exists yet for 2025-03-03: a day's secret is made at 00:00 UTC that day")

    # And a browser's page is headed, in its tab too, by what it is, a day not begun, over the same message (review:
    # "Nothing here", as a path that takes nothing is)
    page = html.unescape(_as_browser(load_event("api-daily-record"), "/daily/2025-03-03")["body"])
    assert "<title>This day has not begun in UTC · fairdice</title>" in page
    assert "<h1>This day has not begun in UTC</h1>" in page
    assert message.removeprefix("date: ").removeprefix("no secret exists yet for 2025-03-03") in page
    assert "Nothing here" not in page


@pytest.mark.parametrize(
    ("path", "field", "where"),
    [
        ("/daily/2025-03-01%20", "date", "a space after it"),
        ("/daily/%202025-03-01", "date", "a space before it"),
        ("/daily/2025-03-01 ", "date", "a space after it"),
        (f"/daily/2025-03-01%20/{PLAYER}", "date", "a space after it"),
        (f"/daily/2025-03-01/%20{PLAYER}", "player_id", "a space before it"),
        (f"/daily/2025-03-01/{PLAYER}%20%20", "player_id", "2 spaces after it"),
        (f"/daily/2025-03-01/%09{PLAYER}%0A", "player_id", "a tab before it and a line break after it"),
        # a space that shows nothing, no-break or zero-width (review: a 404 quoting it as a blank, or as nothing)
        ("/daily/2025-03-01%C2%A0", "date", "a space after it"),
        (f"/daily/2025-03-01/{PLAYER}\u00a0", "player_id", "a space after it"),
        # blanks of kinds apart named in their order, and a separator no space named by its escape (review: "2 spaces",
        # "a space")
        (f"/daily/2025-03-01/{PLAYER}%09%20", "player_id", "a tab then a space after it"),
        ("/daily/2025-03-01%20%0A%20%20", "date", "a space then a line break then 2 spaces after it"),
        ("/daily/2025-03-01%1F", "date", "'\\x1f' after it"),
        (f"/daily/2025-03-01/%1E{PLAYER}", "player_id", "'\\x1e' before it"),
    ],
)
def test_a_date_or_player_id_with_a_space_around_it_in_the_address_is_refused_saying_where_the_space_is(
    timeline: Timeline,
    stores: Stores,
    clock_at: Callable[[str], None],
    load_event: Callable[[str], Event],
    path: str,
    field: str,
    where: str,
) -> None:
    # Given 2025-03-01 revealed, whose record and rolls are answered at their exact addresses
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 01:00")
    assert call(load_event("api-daily-record"), "/daily/2025-03-01")[0] == 200
    # When the address has a space before or after the date or the player id, encoded or not (review: answered as the
    # day, where /daily/2025-3-1 is a 422)
    status, _, body = call(load_event("api-daily-roll"), path)
    # Then it is the 422 of a date or player id not written as one, saying where the space is (review: the rule alone,
    # of what reads as the date or the id)
    assert status == 422
    assert body["error"]["problems"] == [{"field": field, "message": f"{RULE[field]}: it has {where}"}]


@pytest.mark.parametrize(
    ("path", "malformed"),
    [
        ("/daily/2025-03-01%22", "/daily/yesterday"),
        ("/daily/2025-03-01%23", "/daily/yesterday"),
        ('/daily/2025-03-01"', "/daily/yesterday"),
        (f"/daily/2025-03-01%23/{PLAYER}", "/daily/yesterday"),
        (f"/daily/2025-03-01/{PLAYER}%22", "/daily/2025-03-01/not-a-player"),
    ],
)
def test_a_date_or_player_id_with_a_character_no_route_parameter_takes_is_refused_as_any_other_malformed_one(
    load_event: Callable[[str], Event], path: str, malformed: str
) -> None:
    # When the address's date or player id holds a character Powertools' route pattern does not take (review: a 404,
    # "there is no /daily/2025-03-01\" here", where /daily/2025-13-01 and /daily/yesterday are the date's 422)
    status, _, body = call(load_event("api-daily-roll"), path)
    # Then it is the 422 of a date or player id not written as one
    assert (status, body) == call(load_event("api-daily-roll"), malformed)[::2]
    assert status == 422


@pytest.mark.parametrize(
    ("path", "advice"),
    [
        ("/daily/2026-1-1", "write its month and day in two digits, as 2026-01-01"),
        (f"/daily/2026-01-01T00:00:00Z/{PLAYER}", "write the date alone, as 2026-01-01"),
        (f"/daily/2026-01-01T00%3A00%3A00Z/{PLAYER}", "write the date alone, as 2026-01-01"),
    ],
)
def test_an_address_date_with_a_time_or_without_its_zeros_is_told_how_to_write_it(
    load_event: Callable[[str], Event], path: str, advice: str
) -> None:
    # Review: the address's date written as another program writes one was told the form alone
    status, _, body = call(load_event("api-daily-roll"), path)
    assert status == 422
    assert body["error"]["problems"] == [{"field": "date", "message": f"a date is written YYYY-MM-DD (UTC): {advice}"}]


RULE = {
    "date": "a date is written YYYY-MM-DD (UTC)",
    "player_id": "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000",
}
OWN = {"date": "digits and hyphens", "player_id": "hex digits and hyphens"}


@pytest.mark.parametrize(
    ("path", "field", "named"),
    [
        # a zero-width space copied with the id, encoded as a browser sends it or decoded as API Gateway may hand it on
        (f"/daily/2025-03-01/{PLAYER[:-1]}%E2%80%8B", "player_id", "'\\u200b'"),
        (f"/daily/2025-03-01/{PLAYER[:-1]}\u200b", "player_id", "'\\u200b'"),
        (f"/daily/2025-03-01/%E2%80%8B{PLAYER}", "player_id", "'\\u200b'"),
        (f"/daily/2025-03-01/{PLAYER.replace('-', '%E2%80%93', 1)}", "player_id", "'\u2013'"),  # an en dash
        (f"/daily/2025-03-01/{PLAYER[:-1]}%EF%BC%90", "player_id", "'\uff10', a look-alike of 0,"),
        ("/daily/%E2%80%8B2025-03-01", "date", "'\\u200b'"),
        ("/daily/2025%E2%80%9303%E2%80%9301", "date", "'\u2013'"),  # en dashes, as a word processor writes them
        (f"/daily/%EF%BC%92025-03-01/{PLAYER}", "date", "'\uff12', a look-alike of 2,"),
    ],
)
def test_a_date_or_player_id_in_the_address_holding_a_character_that_is_no_ascii_one_names_it_as_a_link_does(
    load_event: Callable[[str], Event], path: str, field: str, named: str
) -> None:
    # When the address's date or player id holds a character that shows nothing or looks like one of its own (review:
    # "a UUID such as …" alone, where the same id in a body or a ?player= link has it named, as the routes hand the id
    # over with that character percent-encoded)
    status, _, body = call(load_event("api-daily-roll"), path)
    # Then it is the 422 naming the character, decoded, in the words a body's or a link's gets
    message = f"{RULE[field]}: {named} is none of its {OWN[field]}"
    assert (status, body["error"]["problems"]) == (422, [{"field": field, "message": message}])


@pytest.mark.parametrize(
    "path",
    [
        f"/daily/2025-03-01/{PLAYER}%25",  # a %, an ASCII character, seen as typed
        f"/daily/2025-03-01/{PLAYER[:-1]}%FF",  # a byte that is no UTF-8
        f"/daily/2025-03-01/{PLAYER[:-1]}%22",  # a quote, as the route hands it on encoded
    ],
)
def test_a_player_id_in_the_address_that_decodes_to_no_character_to_name_keeps_the_rules_words(
    load_event: Callable[[str], Event], path: str
) -> None:
    status, _, body = call(load_event("api-daily-roll"), path)
    assert (status, body["error"]["problems"]) == (422, [{"field": "player_id", "message": RULE["player_id"]}])


def test_the_routes_parameters_are_typed_and_documented_as_the_core_types_them(
    load_event: Callable[[str], Event],
) -> None:
    # Given the OpenAPI document the handler serves
    document = json.loads(api.lambda_handler(load_event("api-openapi"), FakeLambdaContext())["body"])

    # Then the day and the player are documented as the core's Day and PlayerId, and `recorded` as a query
    roll = document["paths"]["/daily/{date}/{player_id}"]["get"]["parameters"]
    shown = {(p["name"], p["in"]): p["schema"].get("format") for p in roll}
    assert shown == {("date", "path"): "date", ("player_id", "path"): "uuid", ("recorded", "query"): None}
    record = document["paths"]["/daily/{date}"]["get"]["parameters"]
    assert [(p["name"], p["in"], p["schema"]["format"]) for p in record] == [("date", "path", "date")]


def _as_browser(event: Event, path: str, query: str = "") -> dict[str, Any]:
    event = copy.deepcopy(event)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    event["queryStringParameters"] = dict(parse_qsl(query)) or None
    event["headers"]["accept"] = "text/html,application/xhtml+xml,*/*;q=0.8"
    answer: dict[str, Any] = api.lambda_handler(event, FakeLambdaContext())
    return answer


def test_a_browser_gets_a_days_record_as_a_page_and_its_errors_as_pages_naming_the_address(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given 2025-03-01 revealed
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 00:00:05")
    secret = stores.secrets.get(secret_key(dt.date(2025, 3, 1)))
    assert secret is not None

    # When a browser opens the day's record, then it is a page with the secret and its commitment checked
    answer = _as_browser(load_event("api-daily-record"), "/daily/2025-03-01")
    assert (answer["statusCode"], answer["headers"]["Content-Type"]) == (200, "text/html; charset=utf-8")
    assert (answer["headers"]["Vary"], answer["headers"]["Cache-Control"]) == ("Accept, Origin", UNTIL_NEXT_RECORD)
    assert "<h1>The secret of <time>2025-03-01</time> is revealed.</h1>" in answer["body"]
    assert secret.hex() in answer["body"]
    assert "The SHA-256 of the secret is the commitment published before the day's play." in answer["body"]

    # And a date that is not in the calendar, or a player id that is not one, is a page that says which
    answer = _as_browser(load_event("api-daily-record"), "/daily/2025-13-01")
    assert (answer["statusCode"], answer["headers"]["Content-Type"]) == (422, "text/html; charset=utf-8")
    assert "The date in the address: " in answer["body"]
    answer = _as_browser(load_event("api-daily-roll"), "/daily/2025-03-01/not-a-player")
    assert "The player id in the address: a player id is a UUID" in answer["body"]
    answer = _as_browser(load_event("api-daily-roll"), f"/daily/2024-01-01/{PLAYER}")
    assert answer["statusCode"] == 404
    assert "<li>The date in the address: the daily archive has no day 2024-01-01, before its first" in answer["body"]


def test_a_fair_day_is_cached_no_longer_than_its_object_lock_keeps_it(
    timeline: Timeline,
    stores: Stores,
    clock_at: Callable[[str], None],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a day revealed in an archive whose Object Lock keeps its versions two days from the day's start, not for
    # ever: the day is fair only until then (review: its answers were cached for a year, "immutable", fair past it)
    monkeypatch.setattr(timeline_module, "FOREVER", at("2025-03-03 00:00"))
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    clock_at("2025-03-02 00:00:05")
    faces = recorded_faces(stores)

    # When the player's roll and the day's record are asked for while the lock lasts
    status, headers, verdict = call(load_event("api-daily-roll"), f"/daily/2025-03-01/{PLAYER}", f"recorded={faces}")
    _, record_headers, record = call(load_event("api-daily-record"))

    # Then both are fair, and kept by caches until the lock ends, not for a year
    left = f"public, max-age={24 * 3600 - 5}"
    assert (status, verdict["verdict"], headers["Cache-Control"]) == (200, "fair", left)
    assert (record["locked"], record_headers["Cache-Control"]) == (True, left)


def test_a_fair_day_is_kept_for_a_year_only_once_the_next_days_record_is_read(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given 2025-03-01 revealed at midnight: the record of 03-02, which names 03-01's by its bytes and may say they
    # are others (the archive then vouches for neither), is written by the runs of 03-03 00:00 to 00:15
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    faces = recorded_faces(stores)
    roll = (f"/daily/2025-03-01/{PLAYER}", f"recorded={faces}")

    # When the day's roll and record are asked for before that record may be written, while it may, and after
    for now, kept in (
        ("2025-03-02 18:00", "public, max-age=21600"),
        ("2025-03-03 00:00:01", "no-cache"),
        ("2025-03-03 00:15", "no-cache"),
    ):
        clock_at(now)
        status, headers, verdict = call(load_event("api-daily-roll"), *roll)
        _, record_headers, record = call(load_event("api-daily-record"))

        # Then a cache keeps the fair answers at most until that record may be written, and not while it may (review:
        # kept a year from midnight, they stayed fair in caches once the next record disputed the day)
        assert (status, verdict["verdict"], headers["Cache-Control"]) == (200, "fair", kept), now
        assert (record["status"], record_headers["Cache-Control"]) == ("revealed", kept), now
    timeline.publish(stores, at("2025-03-03 00:00:02"))
    clock_at("2025-03-03 00:15:01")
    status, headers, verdict = call(load_event("api-daily-roll"), *roll)
    _, record_headers, _ = call(load_event("api-daily-record"))
    assert (status, verdict["verdict"], headers["Cache-Control"], record_headers["Cache-Control"]) == (
        200,
        "fair",
        IMMUTABLE,
        IMMUTABLE,
    )


def test_a_day_kept_in_time_but_not_under_object_lock_is_never_kept_as_settled(
    timeline: Timeline,
    stores: Stores,
    clock_at: Callable[[str], None],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a day committed in time and revealed in an archive that keeps nothing under Object Lock: whoever holds the
    # bucket may delete its versions and show others, so its answers are at most incomplete and may still change
    monkeypatch.setattr(timeline_module, "FOREVER", None)
    for day in ("2025-03-01", "2025-03-02", "2025-03-03"):
        timeline.publish(stores, at(f"{day} 00:00:02"))
    clock_at("2025-03-03 00:15:01")  # the next day's record is read for good: a locked day would be kept a year
    faces = recorded_faces(stores)

    # When the player's roll, its link and the day's record are asked for
    status, headers, verdict = call(load_event("api-daily-roll"), f"/daily/2025-03-01/{PLAYER}", f"recorded={faces}")
    _, link_headers, link = call(
        load_event("api-check-seed000"), "/check", f"scheme=daily&date=2025-03-01&player={PLAYER}&rolls={faces}"
    )
    _, record_headers, record = call(load_event("api-daily-record"))

    # Then each says the day is not kept, and no cache keeps it as a settled answer for a year
    assert (status, verdict["verdict"], link["verdict"], record["locked"]) == (200, "incomplete", "incomplete", False)
    assert headers["Cache-Control"] == link_headers["Cache-Control"] == record_headers["Cache-Control"] == SHORT_LIVED


def test_the_calendars_last_day_is_a_day_not_begun_on_every_daily_route_whatever_the_archive_holds_under_it(
    timeline: Timeline, stores: Stores, clock_at: Callable[[str], None], load_event: Callable[[str], Event]
) -> None:
    # Given an archive holding a commitment and a record under 9999-12-31, whose end no datetime can hold (`reveal_time`
    # and `there_before_over` raise OverflowError for it)
    timeline.publish(stores, at("2025-03-01 00:00"))
    timeline.publish(stores, at("2025-03-02 00:00"))
    for key in (commitment_key, revealed_key):
        stores.archive.put_new(key(dt.date.max), stores.archive.get(key(dt.date(2025, 3, 1))) or b"")
    clock_at("2025-03-02 01:00")

    # When a program asks for that day's record, Then it is the 404 of a day not begun, in the API's error shape
    status, _, body = call(load_event("api-daily-record"), "/daily/9999-12-31")
    assert (status, body["error"]["code"]) == (404, "unknown_day")
    assert body["error"]["problems"] == [{"field": "date", "message": body["error"]["message"].removeprefix("date: ")}]
    assert body["error"]["message"].startswith("date: no secret exists yet for 9999-12-31")

    # And a player's roll that day, by its address or by POST /verify, is withheld, with no time to reveal it at: never
    # a 500, nor anything of the records under it
    event = load_event("api-verify-daily-from-archive")
    event["body"] = json.dumps({"scheme": "daily", "date": "9999-12-31", "player_id": PLAYER})
    for answer in (call(load_event("api-daily-roll"), f"/daily/9999-12-31/{PLAYER}"), call(event)):
        status, _, verdict = answer
        assert (status, verdict["verdict"], verdict["source"]) == (200, "withheld", None)
        assert verdict["withheld"]["reveal_at"] is None
        assert verdict["reasons"] == [
            "9999-12-31 has not begun in UTC: its secret is not revealed, so none is confirmed or denied"
        ]


@pytest.mark.parametrize("witnessed", [False, True], ids=["folder", "witnessed times"])
def test_todays_page_before_its_commitment_says_at_most_incomplete_where_its_rolls_verdict_does(
    witnessed: bool,
    tmp_path: Path,
    timeline: Timeline,
    stores: Stores,
    monkeypatch: pytest.MonkeyPatch,
    load_event: Callable[[str], Event],
) -> None:
    # Given today at 00:05 UTC, its commitment not published yet, on a plain folder (whose times whoever holds it sets)
    # or on a store whose times are a witness (the test's clock dates it, as S3 would)
    archive = stores.archive if witnessed else FolderStore(tmp_path / "plain" / "archive")
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(archive, clock=lambda: at("2025-03-01 00:05")))

    # When a player's roll of today is asked for, Then it is withheld, and at most incomplete once revealed on a folder
    status, _, verdict = call(load_event("api-daily-roll"), f"/daily/2025-03-01/{PLAYER}")
    assert (status, verdict["verdict"]) == (200, "withheld")
    assert verdict["withheld"]["at_most_incomplete"] is not witnessed

    # And the day's record says as much: in JSON, whether the archive's times are a witness, and on its page, in its
    # heading and tab, that its rolls are at most incomplete, as the roll's verdict says (review: on a folder the page
    # said only that its commitment was not published yet)
    status, _, record = call(load_event("api-daily-record"), "/daily/2025-03-01")
    assert (status, record["status"], record["commitment"], record["witnessed"]) == (200, "pending", None, witnessed)
    page = html.unescape(_as_browser(load_event("api-daily-record"), "/daily/2025-03-01")["body"])
    folder = (
        "The archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set, so its"
        " rolls are at most incomplete."
    )
    assert (folder in page) is not witnessed
    assert ("<title>Not revealed yet: its rolls are at most incomplete · 2025-03-01" in page) is not witnessed
    assert ("Its commitment is not published yet." in page) is witnessed
