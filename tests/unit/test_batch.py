"""Batches: one verdict or one error per game, a summary, and the two limits of a batch as a whole."""

import datetime as dt
import json
from typing import Any

import pytest
from fairdice.batch import (
    MAX_BATCH_DAYS,
    MAX_BATCH_ROLLS,
    MAX_GAMES,
    BatchRequest,
    FailedGame,
    VerifiedGame,
    verify_batch,
)
from fairdice.errors import (
    ArchiveUnavailable,
    FairdiceError,
    InvalidInput,
    MissingBucket,
    MissingCredentials,
    TamperedRecord,
    UnknownDay,
)
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.seal import seal_of
from pydantic import ValidationError

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "fingerprint": SEAL, "phrase": "test"}
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
REVEALED, PENDING = dt.date(2026, 10, 28), dt.date(2026, 11, 29)


class Archive:
    """Day secrets for two days: one revealed, one not yet; any other day has none."""

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        if day == REVEALED:
            secret = bytes(range(32))
            published = dt.datetime.combine(REVEALED, dt.time(0, 0, 3), dt.UTC)
            return RevealedDay(
                secret=secret,
                commitment=seal_of(secret),
                source="test archive",
                published_at=published,
                in_time=True,
                witnessed=True,
            )
        if day == PENDING:
            return PendingDay(reveal_at=dt.datetime(2026, 11, 30, tzinfo=dt.UTC))
        raise UnknownDay(f"there is no secret for {day.isoformat()}", field="date")


def batch(*games: Any) -> BatchRequest:
    return BatchRequest.model_validate({"requests": list(games)})


def test_each_game_gets_its_own_verdict_or_error_in_order_with_a_summary() -> None:
    # Given a batch mixing fair, mismatched, incomplete and withheld games with broken ones
    games = [
        NARDE | {"recorded": "15 46 34"},
        NARDE | {"recorded": "15 46 33"},
        NARDE | {"count": 3, "fingerprint": None},
        {"scheme": "three-dice", "commit": SEAL},
        NARDE | {"key": "zz"},
        "not a request",
        {"scheme": "dice-of-doom"},
    ]

    # When it is verified
    result = verify_batch(batch(*games))

    # Then every game has one entry at its index, a bad game spoiling only its own
    assert [r.index for r in result.results] == list(range(len(games)))
    kinds = [r.verdict.verdict if isinstance(r, VerifiedGame) else "error" for r in result.results]
    assert kinds == ["fair", "mismatch", "incomplete", "withheld", "error", "error", "error"]
    assert result.summary.model_dump() == {
        "games": 7,
        "fair": 1,
        "mismatch": 1,
        "incomplete": 1,
        "withheld": 1,
        "errors": 3,
    }


def test_a_bad_game_is_reported_in_the_apis_error_shape_naming_its_field() -> None:
    result = verify_batch(batch(NARDE | {"key": "zz", "phrase": ""}))
    entry = result.results[0]
    assert isinstance(entry, FailedGame)
    assert entry.error.code == "invalid_input"
    assert [p.field for p in entry.error.problems] == ["key", "phrase"]
    assert entry.error.message.startswith("key: ")
    assert entry.error.message.endswith("(and 1 more problem)")


def test_a_mismatch_in_a_batch_carries_its_diagnosis() -> None:
    # Four rolls that fit roll 0 onward (three of four were too few, one of the 4 numbers near 1 tried)
    result = verify_batch(batch(NARDE | {"first": 1, "recorded": "15 46 34 13"}))
    entry = result.results[0]
    assert isinstance(entry, VerifiedGame)
    assert entry.verdict.diagnosis is not None
    assert entry.verdict.diagnosis[0].cause == "numbering_shifted"


def test_daily_games_use_the_archive_and_its_failures_stay_per_game() -> None:
    daily = {"scheme": "daily", "player_id": PLAYER}
    result = verify_batch(
        batch(daily | {"date": "2026-10-28"}, daily | {"date": "2026-11-29"}, daily | {"date": "2020-01-01"}),
        day_secrets=Archive(),
    )
    first, second, third = result.results
    assert isinstance(first, VerifiedGame) and first.verdict.source == "test archive"
    assert isinstance(second, VerifiedGame) and second.verdict.verdict == "withheld"
    assert isinstance(third, FailedGame) and third.error.code == "unknown_day"
    assert third.error.problems[0].field == "date"


def test_an_archive_record_at_fault_is_an_entry_without_problems_as_post_verify_answers_it() -> None:
    # Given an archive whose record of a day names another day before it (its own field `previous`)
    class Tampered:
        def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
            raise TamperedRecord("revealed/2026-10-28.json names another day before it", field="previous")

    # When a daily game of that day is in a batch
    daily = {"scheme": "daily", "player_id": PLAYER, "date": "2026-10-28"}
    entry = verify_batch(batch(daily), day_secrets=Tampered()).results[0]

    # Then its entry says the record's fault in the archive's words, and lists no problem of the request's: `previous`
    # is the record's field, none of the game's (review: it was listed, and the message headed "previous: ")
    assert isinstance(entry, FailedGame)
    assert entry.error.model_dump() == {
        "code": "tampered_record",
        "message": "revealed/2026-10-28.json names another day before it",
        "problems": [],
    }


def test_a_daily_game_without_secret_or_archive_is_an_error_entry() -> None:
    result = verify_batch(batch({"scheme": "daily", "player_id": PLAYER, "date": "2026-10-28"}))
    entry = result.results[0]
    assert isinstance(entry, FailedGame)
    assert entry.error.problems[0].field == "secret"


def test_without_an_archive_the_batchs_today_withholds_every_daily_game_not_over_by_it() -> None:
    # Given daily games carrying a secret and its commitment: the day before today, today, and the day after
    daily = {"scheme": "daily", "player_id": PLAYER, "secret": KEY, "commitment": SEAL}
    days = ("2026-10-27", "2026-10-28", "2026-10-29")

    # When they are verified in one batch whose today is 2026-10-28
    result = verify_batch(batch(*(daily | {"date": day} for day in days)), today=dt.date(2026, 10, 28))

    # Then only the closed day is checked; the others are withheld
    verdicts = [entry.verdict.verdict for entry in result.results if isinstance(entry, VerifiedGame)]
    assert verdicts == ["incomplete", "withheld", "withheld"]
    assert (result.summary.incomplete, result.summary.withheld) == (1, 2)


def test_a_batch_may_ask_for_the_roll_cap_in_all_but_not_one_roll_more() -> None:
    half = MAX_BATCH_ROLLS // 2
    assert verify_batch(batch(NARDE | {"count": half}, NARDE | {"count": half})).summary.games == 2
    with pytest.raises(InvalidInput) as raised:
        verify_batch(batch(NARDE | {"count": half}, NARDE | {"count": half + 1}))
    assert raised.value.field == "requests"
    # the numbers grouped, as every other count and limit (review: "ask for 10001 rolls in all, more than … 10000")
    assert "ask for 10,001 rolls in all, more than a batch's limit of 10,000:" in raised.value.message


def test_a_batch_may_hold_daily_games_on_the_day_cap_but_not_one_day_more() -> None:
    # Given daily games on MAX_BATCH_DAYS different days, several games a day, and games of other schemes
    days = [REVEALED - dt.timedelta(days=n) for n in range(MAX_BATCH_DAYS)]
    daily = [{"scheme": "daily", "player_id": PLAYER, "date": day.isoformat()} for day in days]
    asked: list[dt.date] = []

    class Asked(Archive):
        def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
            asked.append(day)
            return super().lookup(day)

    result = verify_batch(batch(*daily, *daily[:10], NARDE), day_secrets=Asked())
    assert result.summary.games == MAX_BATCH_DAYS + 11
    assert set(asked) == set(days)

    # When one game is on one more day, Then the batch is refused whole, naming `requests`, before any lookup
    asked.clear()
    one_more = [*daily, {"scheme": "daily", "player_id": PLAYER, "date": "2020-01-01", "secret": KEY}]
    with pytest.raises(InvalidInput) as raised:
        verify_batch(batch(*one_more), day_secrets=Asked())
    assert raised.value.field == "requests"
    assert f"{MAX_BATCH_DAYS + 1} different days" in raised.value.message
    assert f"limit of {MAX_BATCH_DAYS}" in raised.value.message
    assert asked == []


def test_games_left_when_the_archive_time_is_spent_get_a_503_entry_each_and_the_rest_their_verdict() -> None:
    # Given an archive that answers until the request's time for it is spent, then starts no more reads
    class Spent(Archive):
        def __init__(self) -> None:
            self.left = 2

        def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
            if self.left == 0:
                raise ArchiveUnavailable("this request spent the 4 s it may wait for the archive; try again later")
            self.left -= 1
            return super().lookup(day)

    daily = {"scheme": "daily", "player_id": PLAYER}
    games = [daily | {"date": "2026-10-28"}, NARDE | {"recorded": "15 46 34"}, daily | {"date": "2026-11-29"}]
    games += [daily | {"date": "2026-10-27"}, NARDE | {"recorded": "15 46 34"}, daily | {"date": "2026-10-26"}]

    result = verify_batch(batch(*games), day_secrets=Spent())

    outcomes = [r.verdict.verdict if isinstance(r, VerifiedGame) else r.error.code for r in result.results]
    assert outcomes == ["incomplete", "fair", "withheld", "archive_unavailable", "fair", "archive_unavailable"]
    assert result.summary.errors == 2


@pytest.mark.parametrize(
    "fault",
    [
        MissingCredentials("S3 bucket a: cannot read b: no AWS credentials were found"),
        MissingBucket("S3 bucket a: cannot read b: there is no bucket of that name (NoSuchBucket)"),
    ],
    ids=["no-credentials", "no-such-bucket"],
)
def test_an_archive_the_deployment_cannot_read_fails_the_batch_not_each_daily_games_entry(
    fault: FairdiceError,
) -> None:
    # Given an archive read without AWS credentials, or from a bucket of no such name: the deployment's fault, which no
    # wait mends (review: each daily game got an `archive_unavailable` entry, a 503's code to try again later, telling
    # the caller to set AWS_PROFILE, in a 200 that logged nothing an operator would see)
    class Unreadable(Archive):
        def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
            raise fault

    games = [NARDE | {"recorded": "15 46 34"}, {"scheme": "daily", "player_id": PLAYER, "date": "2026-10-28"}]

    # Then the batch fails, as POST /verify does for that game (a 500, logged)
    with pytest.raises(type(fault)):
        verify_batch(batch(*games), day_secrets=Unreadable())


def test_recorded_rolls_beyond_the_count_count_towards_the_cap() -> None:
    many = " ".join(["1-1"] * 6000)
    with pytest.raises(InvalidInput):
        verify_batch(batch(NARDE | {"count": 1, "recorded": many}, NARDE | {"count": 1, "recorded": many}))


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"requests": []}, "requests"),
        ({"requests": [NARDE] * (MAX_GAMES + 1)}, "requests"),
        ({}, "requests"),
        ({"requests": [NARDE], "extra": 1}, "extra"),
    ],
    ids=["empty", "too many games", "missing", "unknown field"],
)
def test_the_batch_itself_is_refused_only_for_its_own_shape(body: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as raised:
        BatchRequest.model_validate(body)
    assert raised.value.errors()[0]["loc"][0] == field


def test_each_entry_has_a_verdict_or_an_error_never_both() -> None:
    dumped = json.loads(verify_batch(batch(NARDE | {"count": 1}, {"scheme": "narde-v1"})).model_dump_json())
    assert [sorted(entry) for entry in dumped["results"]] == [["index", "verdict"], ["error", "index"]]


def test_a_game_nested_too_deeply_for_the_models_is_its_own_error_and_the_others_are_verified() -> None:
    # Review: a game of 255 nested lists refused the whole batch, in pydantic's words, at a field of its JSON value
    deep = json.loads("[" * 300 + "]" * 300)
    result = verify_batch(batch(deep, {"scheme": "pair36", "x": deep}, NARDE))

    assert [entry.model_dump(mode="json").get("error", {}).get("problems") for entry in result.results] == [
        [{"field": "request", "message": "must be a JSON object"}],
        [
            {"field": "server_seed", "message": "is required"},
            {"field": "client_seeds", "message": "is required"},
            {"field": "x", "message": "is not a field of scheme pair36"},
        ],
        None,
    ]
    assert (result.summary.errors, result.summary.incomplete) == (2, 1)
