"""fairdice.verify: the verdict logic of `verify()`: fair, mismatch, incomplete, withheld; missing, extra and changed
rolls; `check`, which decides the outcome, and the verdict that writes it up."""

import contextlib
import dataclasses
import datetime as dt
import sys
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from fairdice import schemes
from fairdice.dice import Roll, Rolls
from fairdice.errors import InvalidInput
from fairdice.recorded import ReadRolls
from fairdice.request import RequestBase
from fairdice.schemes import parse_request
from fairdice.schemes.base import PendingDay, Revealed, RevealedDay, Withheld
from fairdice.schemes.daily import DailyRequest
from fairdice.schemes.three_dice import ThreeDiceRequest
from fairdice.verdict import GameInput
from fairdice.verify import Checked, check, matched, verify
from hypothesis import given, settings
from hypothesis import strategies as st

from testkit.oracles import GAME_TITLES
from unit.strategies import requests

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
WRONG_SEAL = "0" * 64
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "phrase": "test"}  # rolls 1-5 4-6 3-4
DAILY: dict[str, Any] = {"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"}


def narde(**fields: Any) -> Any:
    return verify(parse_request(NARDE | fields))


def test_fair_needs_the_seal_and_the_rolls_both_given_and_both_matching() -> None:
    verdict = narde(fingerprint=SEAL, recorded="1-5 4-6 3-4")
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("fair", "match", "match")
    assert (verdict.summary.count, verdict.summary.compared, verdict.summary.mismatches) == (3, 3, 0)
    assert verdict.summary.first_mismatch is None
    assert verdict.seal.given == verdict.seal.computed == SEAL


def test_a_wrong_seal_is_a_mismatch_even_when_every_roll_matches() -> None:
    verdict = narde(fingerprint=WRONG_SEAL, recorded="1-5 4-6 3-4")
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("mismatch", "mismatch", "match")


def test_a_wrong_roll_is_a_mismatch_even_when_the_seal_is_not_given() -> None:
    verdict = narde(recorded="1-5 4-5 3-4")
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("mismatch", "not_given", "mismatch")
    assert verdict.summary.first_mismatch == 1
    assert [r["matches"] for r in verdict.rolls] == [True, False, True]


@pytest.mark.parametrize(
    ("fields", "seal", "rolls"),
    [
        ({"recorded": "1-5 4-6 3-4"}, "not_given", "match"),
        ({"fingerprint": SEAL, "count": 3}, "match", "not_given"),
        ({"count": 3}, "not_given", "not_given"),
    ],
)
def test_incomplete_when_nothing_failed_but_something_was_not_given(
    fields: dict[str, Any], seal: str, rolls: str
) -> None:
    verdict = narde(**fields)
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", seal, rolls)


def test_without_recorded_rolls_every_roll_is_listed_but_none_compared() -> None:
    verdict = narde(count=3)
    assert [(r["index"], r["dice"], r["recorded"], r["matches"]) for r in verdict.rolls] == [
        (0, [1, 5], None, None),
        (1, [4, 6], None, None),
        (2, [3, 4], None, None),
    ]
    assert verdict.summary.compared == 0


def test_missing_recorded_rolls_are_missing_not_mismatches() -> None:
    # Given a game of 3 rolls whose recorded list stops after the first
    verdict = narde(fingerprint=SEAL, count=3, recorded="1-5")

    # Then nothing differs: the verdict is incomplete, and says which rolls were not recorded
    assert (verdict.verdict, verdict.checks.rolls) == ("incomplete", "partial")
    summary = verdict.summary
    assert (summary.compared, summary.differ, summary.missing, summary.mismatches) == (1, 0, 2, 0)
    assert summary.first_mismatch is None
    assert [r["recorded"] for r in verdict.rolls] == [[1, 5], None, None]
    assert [r["matches"] for r in verdict.rolls] == [True, None, None]
    assert verdict.reasons == ["rolls 1 and 2 were not recorded"]


def test_a_differing_roll_and_missing_rolls_are_counted_apart() -> None:
    verdict = narde(fingerprint=SEAL, count=3, recorded="1-6")
    assert verdict.verdict == "mismatch"
    summary = verdict.summary
    assert (summary.differ, summary.missing, summary.extra, summary.first_mismatch) == (1, 2, 0, 0)
    assert verdict.reasons == [
        "the recorded roll differs from the computed one (roll 0)",
        "rolls 1 and 2 were not recorded",
    ]


def test_extra_recorded_rolls_are_mismatches_numbered_after_the_last_computed_roll() -> None:
    verdict = narde(fingerprint=SEAL, count=3, recorded="1-5 4-6 3-4 6-6")
    assert verdict.verdict == "mismatch"
    extra = verdict.rolls[-1]
    assert (extra["index"], extra["dice"], extra["message"], extra["recorded"], extra["matches"]) == (
        3,
        None,
        None,
        [6, 6],
        False,
    )
    assert (verdict.summary.count, verdict.summary.mismatches, verdict.summary.first_mismatch) == (3, 1, 3)


def test_pair36_extra_rolls_continue_its_numbering_from_1() -> None:
    request = {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a"], "count": 2}
    computed = verify(parse_request(request)).rolls
    recorded = [r["dice"] for r in computed] + [[1, 1]]
    verdict = verify(parse_request(request | {"recorded": recorded}))
    assert [r["index"] for r in verdict.rolls] == [1, 2, 3]
    assert verdict.summary.first_mismatch == 3


def test_a_three_dice_mirror_pair_without_its_seed_is_withheld_not_an_error() -> None:
    verdict = verify(parse_request({"scheme": "three-dice", "seed": None, "client_seeds": None, "commit": SEAL}))
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and "mirror pair" in verdict.withheld.reason
    assert (verdict.rolls, verdict.seal.given, verdict.seal.computed) == ([], SEAL, None)


@pytest.mark.parametrize(
    ("given", "checks"),
    [
        ({"commit": SEAL, "recorded": "123"}, {"seal": "not_checked", "rolls": "not_checked"}),
        ({"commit": SEAL}, {"seal": "not_checked", "rolls": "not_given"}),
        ({"recorded": "123"}, {"seal": "not_given", "rolls": "not_checked"}),
        ({}, {"seal": "not_given", "rolls": "not_given"}),
    ],
    ids=["seal and rolls", "seal", "rolls", "nothing"],
)
def test_a_withheld_verdict_says_what_was_given_is_not_checked_yet_never_that_it_was_not_given(
    given: dict[str, Any], checks: dict[str, str]
) -> None:
    # Given a mirror pair's game, its reveal withheld, with or without its commit and the plies seen
    verdict = verify(parse_request({"scheme": "three-dice", "seed": None, "client_seeds": None} | given))

    # Then what it carries is given but not checked yet, what it does not is not given; and it is withheld for
    # one reason, the reveal held back
    assert verdict.verdict == "withheld"
    assert verdict.checks.model_dump() == checks
    assert verdict.withheld is not None and verdict.reasons == [verdict.withheld.reason]


class OneDay:
    """A stand-in for the daily archive holding one day."""

    def __init__(self, found: RevealedDay | PendingDay) -> None:
        self.found = found

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        return self.found


def test_daily_before_the_day_is_over_is_withheld_until_its_reveal_time() -> None:
    reveal_at = dt.datetime(2026, 10, 29, tzinfo=dt.UTC)
    verdict = verify(parse_request(DAILY), day_secrets=OneDay(PendingDay(reveal_at=reveal_at)))
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and verdict.withheld.reveal_at == reveal_at


def test_daily_without_a_secret_takes_it_and_its_commitment_from_the_archive() -> None:
    secret = bytes(range(32))
    published = dt.datetime(2026, 10, 28, 0, 0, 3, tzinfo=dt.UTC)
    archive = OneDay(
        RevealedDay(
            secret=secret,
            commitment=SEAL,
            source="archive 2026-10-28",
            published_at=published,
            in_time=True,
            witnessed=True,
        )
    )
    verdict = verify(parse_request(DAILY), day_secrets=archive)
    assert (verdict.verdict, verdict.checks.seal, verdict.source) == ("incomplete", "match", "archive 2026-10-28")
    assert verdict.rolls[0]["message"] == "2026-10-28|123e4567-e89b-12d3-a456-426614174000"


def test_a_game_of_one_roll_recorded_without_it_says_so_for_one_roll() -> None:
    # Given a day's roll, one roll, checked with its secret and no roll recorded (review: "no rolls were recorded, so
    # the 1 roll computed was not compared"), and a game of one roll and of two likewise
    day = verify(parse_request(DAILY | {"secret": KEY}))
    one, two = narde(count=1), narde(count=2)

    # Then the one roll is said as one, and two as several
    assert day.reasons[-1] == "no roll was recorded, so the one roll computed was not compared"
    assert one.reasons[-1] == "no roll was recorded, so the one roll computed was not compared"
    assert two.reasons[-1] == "no rolls were recorded, so the 2 rolls computed were not compared"


def test_daily_without_a_secret_or_an_archive_is_bad_input_naming_secret() -> None:
    with pytest.raises(InvalidInput) as caught:
        verify(parse_request(DAILY))
    assert caught.value.field == "secret"


def _recomputable(request: RequestBase) -> bool:
    if isinstance(request, ThreeDiceRequest):
        return not request.withheld
    return not (isinstance(request, DailyRequest) and request.secret is None)


@settings(max_examples=150, deadline=None)
@given(request=requests.filter(_recomputable), data=st.data())
def test_one_changed_die_anywhere_is_a_mismatch_at_that_rolls_index(request: RequestBase, data: st.DataObject) -> None:
    # Given the rolls the secret really gives, recorded as seen
    rolls = [r for r in verify(request).rolls if r["dice"] is not None]
    seen = [list(r["dice"] or []) for r in rolls]
    assert verify(request.model_copy(update={"recorded": seen})).checks.rolls == "match"

    # When one die of one roll is recorded as another face of that die
    position = data.draw(st.integers(0, len(seen) - 1), label="roll")
    die = data.draw(st.integers(0, len(request.SIDES) - 1), label="die")
    faces = [f for f in range(1, request.SIDES[die] + 1) if f != seen[position][die]]
    seen[position][die] = data.draw(st.sampled_from(faces), label="face")
    verdict = verify(request.model_copy(update={"recorded": seen}))

    # Then the verdict is a mismatch at exactly that roll's index, and only there
    assert verdict.verdict == "mismatch"
    assert verdict.summary.mismatches == 1
    assert verdict.summary.first_mismatch == rolls[position]["index"]
    assert [r["matches"] for r in verdict.rolls] == [i != position for i in range(len(seen))]


@settings(max_examples=200, deadline=None)
@given(
    faces=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), max_size=12),
    changes=st.lists(st.tuples(st.integers(0, 11), st.lists(st.integers(0, 7), max_size=3)), max_size=3),
    cut=st.integers(0, 14),
)
def test_a_game_compared_whole_matches_exactly_the_rolls_compared_one_by_one(
    faces: list[tuple[int, int]], changes: list[tuple[int, list[int]]], cut: int
) -> None:
    # Given computed rolls and recorded ones: the same, cut short or run on, some changed, some of a wrong length
    columns = [bytearray(roll[die] for roll in faces) for die in range(2)]
    computed = Rolls(list(range(len(faces))), [f"m{n}" for n in range(len(faces))], columns)
    recorded = [tuple(roll) for roll in faces][:cut] + [(1, 2)] * max(0, cut - len(faces))
    for at, roll in changes:
        if at < len(recorded):
            recorded[at] = tuple(roll)
    # Then each compared roll matches exactly when it is the same faces, whatever fast path found it
    expected = [list(roll) == list(seen) for roll, seen in zip(faces, recorded, strict=False)]
    assert matched(computed, recorded) == expected
    # and rolls given as lists (a request copied with lists of its own) are compared by their faces all the same
    assert matched(computed, [list(roll) for roll in recorded]) == expected
    assert matched(computed, None) is None
    # and rolls read with their columns (a usual paste, a list of numbers) are compared a column at a time, alike
    if recorded and all(len(roll) == 2 and all(1 <= face <= 6 for face in roll) for roll in recorded):
        read = ReadRolls([bytes(roll[die] for roll in recorded) for die in range(2)])
        assert read == recorded
        assert matched(computed, read) == expected


def test_rolls_read_with_columns_of_other_dice_than_the_computed_ones_are_compared_roll_by_roll() -> None:
    rolls = Rolls.of([Roll(0, "m0", (1, 5, 2)), Roll(1, "m1", (4, 6, 3))])
    assert matched(rolls, ReadRolls([b"\x01\x04", b"\x05\x06"])) == [False, False]
    pairs = Rolls.of([Roll(0, "m0", (1, 5)), Roll(1, "m1", (4, 6))])
    assert matched(pairs, ReadRolls([b"\x01\x04", b"\x05\x06", b"\x02\x03"])) == [False, False]
    assert matched(pairs, ReadRolls([b"\x01\x04", b"\x05\x05"])) == [True, False]


@settings(max_examples=100, deadline=None)
@given(request=requests.filter(_recomputable), data=st.data())
def test_check_decides_the_outcome_and_counts_the_verdict_states(request: RequestBase, data: st.DataObject) -> None:
    # Given a request with its true rolls recorded, perhaps cut short, run on or with one die changed
    seen = [list(r["dice"] or []) for r in verify(request).rolls if r["dice"] is not None]
    cut = data.draw(st.integers(0, len(seen) + 2), label="recorded")
    recorded = (seen + [seen[0]] * 2)[:cut]
    if recorded and data.draw(st.booleans(), label="change a die"):
        recorded[0] = [face % sides + 1 for face, sides in zip(recorded[0], request.SIDES, strict=True)]
    request = request.model_copy(update={"recorded": recorded or None})
    # When it is checked, and when it is verified (checked, then written up)
    checked = check(request)
    verdict = verify(request)
    # Then the verdict says what the check decided, with the same counts; its rolls say the same match by match
    assert isinstance(checked, Checked)
    assert (checked.verdict, checked.seal, checked.rolls_check) == (
        verdict.verdict,
        *verdict.checks.model_dump().values(),
    )
    assert checked.summary == verdict.summary
    assert checked.scope == verdict.scope
    flags = [r["matches"] for r in verdict.rolls]
    assert flags[: len(checked.matches or [])] == (checked.matches or [])
    assert flags.count(False) == verdict.summary.mismatches


def test_a_request_whose_secret_is_withheld_is_checked_as_withheld_and_verified_as_such() -> None:
    request = parse_request({"scheme": "three-dice", "seed": None, "client_seeds": None})
    assert isinstance(check(request), Withheld)
    assert verify(request).verdict == "withheld"


@given(
    computed=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=1, max_size=12),
    recorded=st.lists(
        st.tuples(st.integers(1, 6), st.integers(1, 6))
        | st.tuples(st.integers(1, 6))
        | st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
        min_size=1,
        max_size=14,
    ),
    copied=st.integers(0, 14),
)
def test_each_recorded_roll_is_matched_with_the_computed_roll_at_its_place(
    computed: list[tuple[int, int]], recorded: list[tuple[int, ...]], copied: int
) -> None:
    # Given computed rolls and recorded ones, often a copy of their start (a game that matches), some of another size
    recorded = computed[:copied] + recorded[copied:] if copied % 3 else recorded
    rolls = Rolls.of([Roll(n, f"m{n}", dice) for n, dice in enumerate(computed)])
    # Then each is matched as comparing the two rolls at its place says, for as many as both have
    assert matched(rolls, recorded) == [seen == roll for seen, roll in zip(recorded, computed, strict=False)]


def test_a_recorded_roll_with_a_die_more_than_the_computed_one_does_not_match_it() -> None:
    rolls = Rolls.of([Roll(0, "m0", (1, 5)), Roll(1, "m1", (4, 6))])
    assert matched(rolls, [(1, 5), (4, 6, 2)]) == [True, False]
    assert matched(rolls, [(1, 5, 3), (4, 6)]) == [False, True]


def test_one_key_and_its_seal_are_fair_as_two_games_and_each_verdict_names_its_game_first() -> None:
    # Given the key seeds 001 and 002 share and its seal, with the rolls each document gives for it (review: a revealed
    # key is fair under several schemes, and only the page's title and header said which game was checked)
    as_narde = narde(fingerprint=SEAL, recorded="1-5 4-6 3-4")
    as_bot = verify(parse_request({"scheme": "bg-dice-v1", "key": KEY, "lock": SEAL, "recorded": "4-6 1-3"}))
    assert as_narde.verdict == as_bot.verdict == "fair"

    # Then each names first the game its dice were checked as, in words a player knows, then the game's inputs
    assert as_narde.identified_by == [
        GameInput(field="scheme", value="narde-v1", description="the game: Narde"),
        GameInput(field="phrase", value="test", description="the phrase your app showed for this game"),
    ]
    assert as_bot.identified_by[0] == GameInput(
        field="scheme", value="bg-dice-v1", description="the game: Backgammon Room, against a bot"
    )
    assert [given.field for given in as_bot.identified_by] == ["scheme", "opening"]


@pytest.mark.parametrize(
    "data",
    [
        {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"]},
        {"scheme": "bg-dice-v1", "key": KEY, "labels": ["bg-dice-v1:turn:3"]},  # from mid-game: no input of its own
        {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": ["0a", "ff"]},
        NARDE,
        {"scheme": "three-dice", "seed": KEY, "client_seeds": {"white": "w", "black": "b"}},
        {"scheme": "three-dice", "seed": None, "client_seeds": None},  # withheld
        DAILY | {"secret": KEY},
        DAILY | {"date": "2999-06-01"},  # withheld
    ],
    ids=[
        "pair36",
        "bg-dice-v1 from mid-game",
        "bg-online-v1",
        "narde-v1",
        "three-dice",
        "three-dice withheld",
        "daily",
        "daily withheld",
    ],
)
def test_every_verdict_names_the_game_first_in_its_seed_documents_words(data: dict[str, Any]) -> None:
    verdict = verify(parse_request(data), today=dt.date(2026, 12, 4))
    scheme = data["scheme"]
    assert verdict.identified_by[0] == GameInput(
        field="scheme", value=scheme, description=f"the game: {GAME_TITLES[scheme]}"
    )
    assert [given.field for given in verdict.identified_by].count("scheme") == 1


# Each scheme's game, with the take-back line and the labels bg-dice-v1 also takes, in which 4 rolls are compared
_FOUR_COMPARED: dict[str, dict[str, Any]] = {
    "pair36": {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 4},
    "bg-dice-v1": {"scheme": "bg-dice-v1", "key": KEY, "count": 4},
    "bg-dice-v1 line": {"scheme": "bg-dice-v1", "key": KEY, "opening": False, "first_turn": 7, "line": 1, "count": 4},
    "bg-dice-v1 labels": {
        "scheme": "bg-dice-v1",
        "key": KEY,
        "labels": [f"bg-dice-v1:turn:{turn}" for turn in range(3, 7)],
    },
    "bg-online-v1": {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": ["0A1b", "ff"], "count": 4},
    "narde-v1": {"scheme": "narde-v1", "key": KEY, "phrase": "test", "count": 4},
    "three-dice": {"scheme": "three-dice", "seed": KEY, "client_seeds": {"white": "w", "black": "b"}, "count": 4},
}


def _wider(game: dict[str, Any], count: int) -> dict[str, Any]:
    """The same game with `count` rolls: its labels carried on turn by turn, else its count raised."""
    if "labels" in game:
        return game | {"labels": [f"bg-dice-v1:turn:{turn}" for turn in range(3, 3 + count)]}
    return game | {"count": count}


@pytest.mark.parametrize(("changed", "count"), [([1], 4), ([0, 2], 4), ([0, 1, 2, 3], 4), ([0], 1)])
@pytest.mark.parametrize("game", list(_FOUR_COMPARED))
def test_rolls_that_differ_beside_rolls_recorded_beyond_the_count_are_said_as_the_rolls_compared(
    game: str, changed: list[int], count: int
) -> None:
    # Given a game's first 10 rolls recorded, some of the first `count` miscopied, checked with a count (or labels)
    # of `count` (review: "1 of the 4 recorded rolls differs …; 6 more rolls were recorded than computed" of 10
    # recorded, 4 compared)
    data = _FOUR_COMPARED[game]
    dice = [list(report["dice"] or []) for report in verify(parse_request(_wider(data, 10))).rolls]
    for at in changed:
        dice[at][-1] = dice[at][-1] % 6 + 1
    verdict = verify(parse_request(_wider(data, count) | {"recorded": dice}))
    words = schemes.of(parse_request(data)).words
    assert (verdict.summary.compared, verdict.summary.mismatches) == (count, len(changed) + 10 - count)

    # Then the reasons count the rolls that differ among the rolls compared, not among "the recorded" ones
    said = {
        (1, 4): f"1 of the 4 {words.rolls} compared differs from the computed one ({words.roll} ",
        (2, 4): f"2 of the 4 {words.rolls} compared differ from the computed ones (first: {words.roll} ",
        (4, 4): f"all 4 {words.rolls} compared differ from the computed ones (first: {words.roll} ",
        (1, 1): f"the {words.roll} compared differs from the computed one ({words.roll} ",
    }[(len(changed), count)]
    assert verdict.reasons[0].startswith(said)
    assert verdict.reasons[1] == f"{10 - count} more {words.rolls} were recorded than computed"
    assert not any(f"recorded {words.roll}" in reason for reason in verdict.reasons)

    # And where nothing is recorded beyond them, the rolls compared are the recorded ones, said so as today
    alone = verify(parse_request(_wider(data, count) | {"recorded": dice[:count]}))
    assert alone.reasons[0] == verdict.reasons[0].replace(
        f"{words.roll} compared" if count == 1 else f"{words.rolls} compared",
        f"recorded {words.roll}" if count == 1 else f"recorded {words.rolls}",
    )


def _calls_made(build: Callable[[], object]) -> list[object]:
    """Every callable called while `build` runs, as `sys.monitoring` sees calls, C functions and slot wrappers too."""
    monitoring = sys.monitoring
    tool = next(tool for tool in range(6) if monitoring.get_tool(tool) is None)
    monitoring.use_tool_id(tool, "test_verify")
    called: list[object] = []
    monitoring.register_callback(tool, monitoring.events.CALL, lambda _code, _at, what, _first: called.append(what))
    monitoring.set_events(tool, monitoring.events.CALL)
    try:
        build()
    finally:
        monitoring.set_events(tool, monitoring.events.NO_EVENTS)
        monitoring.register_callback(tool, monitoring.events.CALL, None)
        monitoring.free_tool_id(tool)
    return called


def test_a_games_revealed_secret_is_made_without_a_call_a_field() -> None:
    # Given a narde-v1 game, as the audit checks each of its games
    request = parse_request(NARDE | {"fingerprint": SEAL, "recorded": "1-5 4-6 3-4"})
    scheme = schemes.of(request)
    # When its revealed secret is made
    called = _calls_made(lambda: scheme.revealed(request, None, None))
    # Then no field of it is set by a call of its own: a frozen dataclass's object.__setattr__, once a field, cost every
    # game checked about 2 us of the worker's 110 (BENCHMARKS.md section 7, stop 62)
    assert Revealed in called
    assert object.__setattr__ not in called


def _frozen_revealed() -> type:
    """`Revealed` as it was made before stop 62: a frozen dataclass of the same fields."""
    return dataclasses.make_dataclass(
        "Revealed", [(field.name, field.type, field) for field in dataclasses.fields(Revealed)], frozen=True
    )


@settings(max_examples=100, deadline=None)
@given(request=requests.filter(_recomputable), data=st.data())
def test_a_game_is_checked_and_verified_alike_with_its_secret_revealed_frozen_or_not(
    request: RequestBase, data: st.DataObject
) -> None:
    # Given a request with its true rolls recorded, or cut short, run on or with one die changed (its seal, if any, one
    # of its own or any other)
    seen = [list(r["dice"] or []) for r in verify(request).rolls if r["dice"] is not None]
    cut = data.draw(st.integers(0, len(seen) + 2), label="recorded")
    recorded = (seen + [seen[0]] * 2)[:cut]
    if recorded and data.draw(st.booleans(), label="change a die"):
        recorded[0] = [face % sides + 1 for face, sides in zip(recorded[0], request.SIDES, strict=True)]
    request = request.model_copy(update={"recorded": recorded or None})
    # When it is checked and verified with `Revealed` as it is, and as the frozen dataclass it was
    checked, verdict = check(request), verify(request)
    frozen = _frozen_revealed()
    rooms = ("fairdice.schemes.base", "fairdice.schemes.daily", "fairdice.schemes.three_dice")
    with contextlib.ExitStack() as stack:
        for room in rooms:
            stack.enter_context(mock.patch(f"{room}.Revealed", frozen))
        checked_before, verdict_before = check(request), verify(request)
    # Then the two say the same: the outcome, every count and the whole verdict
    assert isinstance(checked, Checked) and isinstance(checked_before, Checked)
    assert isinstance(checked_before.revealed, frozen)
    assert dataclasses.asdict(checked.revealed) == dataclasses.asdict(checked_before.revealed)
    assert (checked.verdict, checked.seal, checked.rolls_check, checked.matches) == (
        checked_before.verdict,
        checked_before.seal,
        checked_before.rolls_check,
        checked_before.matches,
    )
    assert (checked.summary, checked.scope) == (checked_before.summary, checked_before.scope)
    assert verdict.model_dump_json() == verdict_before.model_dump_json()
