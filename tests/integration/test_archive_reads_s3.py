"""What the verify API reads from an S3 archive (moto) for a request: bounded in days, in reads and in time.

Forty days are published on a bucket shaped like the template's (Object Lock, compliance mode),
then served through the handler with its archive reader pointed at a client that records every
call and, where a test says so, makes each one take time on an injected monotonic clock: a slow
S3 without a test that waits for it.
"""

import datetime as dt
import json
from collections.abc import Callable, Iterator
from typing import Any

import boto3
import pytest
from fairdice.archive.reader import ArchiveReader
from fairdice.batch import MAX_BATCH_DAYS
from fairdice.storage import S3Store, Stores
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets
from moto import mock_aws
from verify_api import archive as api_archive
from verify_api_calls import Answer, Event, at, invoke, with_body

from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

FIRST = dt.date(2025, 1, 1)
DAYS = [FIRST + dt.timedelta(days=n) for n in range(40)]  # 2025-01-01 to 2025-02-09, all revealed
NOW = dt.datetime(2025, 2, 10, 12, 0, tzinfo=dt.UTC)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


class Ticking:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Slow:
    """An S3 client that records each call and makes it take `seconds` on `clock` before moto answers."""

    def __init__(self, client: Any, clock: Ticking, seconds: float = 0.0) -> None:
        self.client = client
        self.clock = clock
        self.seconds = seconds
        self.calls: list[tuple[str, str]] = []

    @property
    def meta(self) -> Any:  # where the client talks to (the store reads whether it is AWS's own S3)
        return self.client.meta

    def _call(self, operation: str, key: str) -> None:
        self.calls.append((operation, key))
        self.clock.now += self.seconds

    def get_object(self, **kwargs: Any) -> Any:
        self._call("GetObject", kwargs["Key"])
        return self.client.get_object(**kwargs)

    def put_object(self, **kwargs: Any) -> Any:
        raise AssertionError("the verify API never writes")

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self._call("ListObjectsV2", kwargs.get("Prefix", ""))
        return self.client.list_objects_v2(**kwargs)

    def list_object_versions(self, **kwargs: Any) -> Any:
        self._call("ListObjectVersions", kwargs["Prefix"])
        return self.client.list_object_versions(**kwargs)

    def gets(self) -> int:
        return sum(operation == "GetObject" for operation, _ in self.calls)


@pytest.fixture(scope="module")
def s3() -> Iterator[Any]:
    """Forty days published by the publisher's midnight runs, each dated by its run (moto's LastModified)."""
    credentials = pytest.MonkeyPatch()
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        credentials.setenv(name, "testing")
    timeline = Timeline(dt.datetime.combine(FIRST, dt.time(), dt.UTC))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        for day in [*DAYS, NOW.date()]:
            timeline.publish(stores, dt.datetime.combine(day, dt.time(0, 0, 2), dt.UTC))
        yield client
    credentials.undo()


@pytest.fixture
def served(s3: Any, monkeypatch: pytest.MonkeyPatch) -> Callable[[float], tuple[Slow, Ticking]]:
    """Point the handler's archive at S3 through a recording client whose calls take `seconds` each."""

    def serve(seconds: float = 0.0) -> tuple[Slow, Ticking]:
        clock = Ticking()
        slow = Slow(s3, clock, seconds)
        monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(S3Store(ARCHIVE, client=slow), clock=lambda: NOW))
        monkeypatch.setattr(api_archive, "MONOTONIC", clock)
        return slow, clock

    return serve


def post_batch(load_event: Callable[[str], Event], games: list[dict[str, Any]]) -> Answer:
    return invoke(with_body(load_event("api-verify-batch"), json.dumps({"requests": games})))


def daily(day: dt.date, player: str = PLAYER) -> dict[str, Any]:
    return {"scheme": "daily", "date": day.isoformat(), "player_id": player}


def players(games: int) -> list[str]:
    return [f"123e4567-e89b-42d3-a456-{n:012x}" for n in range(games)]


def test_a_batch_of_100_games_on_100_days_is_refused_whole_before_any_read(
    served: Callable[[float], tuple[Slow, Ticking]], load_event: Callable[[str], Event]
) -> None:
    slow, _ = served(0.0)
    days = [FIRST - dt.timedelta(days=n) for n in range(100)]

    answer = post_batch(load_event, [daily(day) for day in days])

    assert answer.status == 422
    assert answer.json["error"]["problems"][0]["field"] == "requests"
    assert f"100 different days of the daily archive, more than a batch's limit of {MAX_BATCH_DAYS}" in answer.text
    assert slow.calls == []


def test_100_games_on_the_day_cap_are_read_in_a_bounded_number_of_gets(
    served: Callable[[float], tuple[Slow, Ticking]], load_event: Callable[[str], Event]
) -> None:
    # Given 100 games on MAX_BATCH_DAYS revealed days, in no particular order
    slow, _ = served(0.0)
    days = DAYS[-MAX_BATCH_DAYS:]
    games = [daily(days[(n * 7) % len(days)], player) for n, player in enumerate(players(100))]

    answer = post_batch(load_event, games)

    # Then every game has its verdict from the archive, each day read once: its record, its commitment,
    # the record it links to and the next day's commitment at most
    assert answer.status == 200
    assert answer.json["summary"]["errors"] == 0
    assert {r["verdict"]["source"] for r in answer.json["results"]} == {
        f"daily archive revealed/{day.isoformat()}.json" for day in days
    }
    assert slow.gets() <= 4 * MAX_BATCH_DAYS
    print(f"100 games on {MAX_BATCH_DAYS} days: {slow.gets()} GETs, {len(slow.calls) - slow.gets()} LIST")

    # And a second batch on the same days reads nothing: revealed days are kept
    before = len(slow.calls)
    assert post_batch(load_event, games).status == 200
    assert len(slow.calls) == before


def test_100_games_on_a_day_without_a_secret_read_it_once(
    served: Callable[[float], tuple[Slow, Ticking]], load_event: Callable[[str], Event]
) -> None:
    slow, _ = served(0.0)
    missing = FIRST - dt.timedelta(days=3)

    answer = post_batch(load_event, [daily(missing, player) for player in players(100)])

    assert answer.status == 200
    assert {r["error"]["code"] for r in answer.json["results"]} == {"unknown_day"}
    assert slow.calls == [
        ("GetObject", f"revealed/{missing}.json"),
        ("GetObject", f"commitments/{missing}.json"),
        ("ListObjectsV2", "revealed/"),  # no record before it names a commitment for it
        ("GetObject", f"revealed/{FIRST}.json"),  # nor does the first record listed link back to a day hidden since
    ]


def test_on_a_slow_s3_the_games_past_the_read_budget_get_a_503_entry_and_the_batch_answers_in_time(
    served: Callable[[float], tuple[Slow, Ticking]], load_event: Callable[[str], Event]
) -> None:
    # Given an S3 where every call takes half a second, and a batch on the day cap's days
    slow, clock = served(0.5)
    days = DAYS[-MAX_BATCH_DAYS:]
    games = [daily(day, player) for day, player in zip(days * 3, players(3 * len(days)), strict=True)]

    # When it is sent, and sent three times again as its 503 entries say: a day's first look reads its record, its
    # commitment, the versions of both (a ListObjectVersions each), the record it links to, the next day's, the
    # commitments of the DAYS_LOOKED_BACK days before it and the records listed under them, more than three budgets'
    # reads at half a second each, and what a request read the next goes on from
    answers = []
    for _ in range(4):
        started, calls = clock.now, len(slow.calls)
        answers.append(post_batch(load_event, games))
        # no read started past the budget, so each request took it and one call more at most
        assert clock.now - started <= api_archive.READ_BUDGET + 0.5
        assert len(slow.calls) - calls <= api_archive.READ_BUDGET / 0.5 + 1

    # Then each answers 200: the games read in time have their verdicts, the others a 503 entry each
    for answer in answers:
        assert answer.status == 200
        failed = [r for r in answer.json["results"] if "error" in r]
        assert {r["error"]["code"] for r in failed} == {"archive_unavailable"}
        assert all("try again later" in r["error"]["message"] for r in failed)
        assert answer.json["summary"]["errors"] == len(failed)
    verified = [r for r in answers[-1].json["results"] if "verdict" in r]
    assert verified and len(verified) < len(games)
    print(
        f"{len(games)} games on {len(days)} days, 0.5 s a call, sent four times: {len(verified)} verdicts the fourth"
        f" time, {len(slow.calls)} calls"
    )


def test_a_daily_request_on_a_slow_s3_is_a_503_once_its_budget_is_spent(
    served: Callable[[float], tuple[Slow, Ticking]], load_event: Callable[[str], Event]
) -> None:
    # Every call takes longer than the whole budget: the first read begins in time, nothing after it.
    slow, _ = served(api_archive.READ_BUDGET + 1)
    event = at(load_event("api-daily-record"), "GET", f"/daily/{DAYS[5].isoformat()}")

    answer = invoke(event)

    assert answer.status == 503
    assert answer.json["error"]["code"] == "archive_unavailable"
    assert answer.headers["Retry-After"].isdigit()
    assert len(slow.calls) == 1
