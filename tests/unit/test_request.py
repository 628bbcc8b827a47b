"""What every verify request shares: where a numbered paste of recorded rolls places them in the game."""

from typing import Any

import pytest
from fairdice.fields import DEFAULT_ROLLS
from fairdice.problems import describe
from fairdice.schemes import parse_request
from fairdice.verify import verify
from pydantic import ValidationError

KEY = bytes(range(32)).hex()
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "seal": SEAL, "client_seeds": ["a", "b"]}
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "fingerprint": SEAL, "phrase": "test"}
BOT: dict[str, Any] = {"scheme": "bg-dice-v1", "key": KEY, "lock": SEAL}


def dice(request: dict[str, Any]) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def sheet(rolls: list[list[int]], first: int) -> str:
    """Rolls as a dice sheet lists them: `n: a-b`, one a line."""
    return "\n".join(f"{first + at}: {'-'.join(map(str, roll))}" for at, roll in enumerate(rolls))


def refusal(data: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    [problem] = describe(caught.value)
    return problem.field, problem.message


def test_a_sheet_numbered_from_two_is_compared_from_roll_two() -> None:
    # Given a pair36 dice sheet copied from its second row on (its numbers used to be thrown away, and the rolls
    # compared from roll 1: a mismatch for rolls that were right)
    rows = dice(PAIR36 | {"first": 2, "count": 11})

    # When it is verified as pasted
    verdict = verify(parse_request(PAIR36 | {"recorded": sheet(rows, 2)}))

    # Then every roll is compared with the roll of its own number, and all match; but rolls 2 to 12 are a window of
    # the match, so the verdict is not fair
    assert [report["index"] for report in verdict.rolls] == list(range(2, 13))
    assert verdict.checks.rolls == "match"
    assert verdict.scope is not None and verdict.scope.kind == "window"
    assert verdict.verdict == "incomplete"
    assert "rolls 2 to 12 only: the match's rolls from roll 1 are needed" in verdict.reasons


def test_a_sheet_numbered_from_the_game_s_start_is_the_whole_game() -> None:
    rows = dice(NARDE | {"count": 12})
    request = parse_request(NARDE | {"recorded": sheet(rows, 0)})
    assert (request.first, request.numbered_from) == (0, 0)
    # kept with the request as its fields are: copied with it, and telling it apart from the same rolls unnumbered
    assert request.model_copy(update={"count": 12}).numbered_from == 0
    assert request != parse_request(NARDE | {"recorded": rows, "first": 0})
    assert parse_request(NARDE | {"recorded": rows}).numbered_from is None
    assert verify(request).verdict == "fair"
    # seed 002's own test example, as the document prints it
    assert verify(parse_request(NARDE | {"recorded": "roll 0: 1-5\nroll 1: 4-6\nroll 2: 3-4"})).verdict == "fair"


def test_numbers_that_agree_with_first_are_the_same_request_as_no_numbers() -> None:
    rows = dice(PAIR36 | {"first": 5, "count": 4})
    numbered = parse_request(PAIR36 | {"first": 5, "recorded": sheet(rows, 5)})
    plain = parse_request(PAIR36 | {"first": 5, "recorded": rows})
    assert numbered.model_dump() == plain.model_dump()


def test_numbers_that_contradict_first_are_refused_in_words() -> None:
    rows = dice(NARDE | {"count": 3})
    assert refusal(NARDE | {"first": 0, "recorded": sheet(rows, 1)}) == (
        "recorded",
        "is numbered from 1, but first is 0: the paste's numbers and first must say the same (or leave one of them"
        " out)",
    )


@pytest.mark.parametrize(("given", "said"), [(True, "true"), (False, "false")])
def test_a_first_of_true_or_false_beside_numbers_is_said_as_json_writes_it(given: bool, said: str) -> None:
    # Review: `"first": true` beside a paste numbered from 5 was refused as "first is True", Python's word
    rows = dice(NARDE | {"count": 3})
    assert refusal(NARDE | {"first": given, "recorded": sheet(rows, 5)}) == (
        "recorded",
        f"is numbered from 5, but first is {said}: the paste's numbers and first must say the same (or leave one of"
        " them out)",
    )


def test_a_first_written_with_a_decimal_point_is_refused_not_read_past_the_paste_s_numbers() -> None:
    # A paste numbered from 5 whose dice are the game's first three: `first: 0.0` must not place it at the start
    rows = dice(NARDE | {"count": 3})
    assert refusal(NARDE | {"first": 0.0, "recorded": sheet(rows, 5)}) == (
        "first",
        "must be a whole number without a decimal point or exponent, got 0.0",
    )
    assert refusal(NARDE | {"count": 3.0}) == (
        "count",
        "must be a whole number without a decimal point or exponent, got 3.0",
    )


def test_numbers_outside_the_scheme_s_numbering_are_refused_naming_recorded() -> None:
    assert refusal(PAIR36 | {"recorded": "0: 6-3"}) == (
        "recorded",
        "is numbered from 0, but this scheme numbers its rolls from 1",
    )
    # two numbers are said with "and", and one alone (review: "rolls 11 to 12" read as more than two)
    assert refusal(NARDE | {"recorded": "9999: 6-3\n10000: 4-4"}) == (
        "recorded",
        "is numbered 9,999 and 10,000, past 9,999, the last number a game reaches",
    )
    assert refusal(NARDE | {"recorded": "9998: 6-3 4-4 1-2"}) == (
        "recorded",
        "is numbered 9,998 to 10,000, past 9,999, the last number a game reaches",
    )
    assert refusal(NARDE | {"recorded": "10000: 6-3"}) == (
        "recorded",
        "is numbered 10,000, past 9,999, the last number a game reaches",
    )


def test_a_pastes_numbers_are_grouped_in_its_refusals_as_the_paste_reader_groups_them() -> None:
    # Review: "is numbered from 5000", "roll 10000 of the link", where the reader of the paste itself says "roll 12,002
    # follows roll 12,000": one way of writing a number in the messages of one field
    assert refusal(PAIR36 | {"recorded": "5000: 6-3", "first": 12}) == (
        "recorded",
        "is numbered from 5,000, but first is 12: the paste's numbers and first must say the same (or leave one of"
        " them out)",
    )
    assert refusal(BOT | {"recorded": "5000: 4-6"}) == (
        "recorded",
        "is numbered from 5,000, but these rolls are told apart by their labels, not by numbers: number the paste from"
        " 1, its first roll, or leave the numbers out",
    )
    assert refusal(NARDE | {"recorded": "12000: 6-3\n12002: 4-4"}) == (
        "recorded",
        "line 2 is numbered 12,002, but the rolls above it end at roll 12,000: roll 12,001 is not in the paste. List"
        " every roll, in order, or leave the numbers out",
    )


def test_rolls_asked_for_past_the_last_a_game_reaches_are_refused_naming_first() -> None:
    assert refusal(NARDE | {"first": 9999, "count": 2}) == (
        "first",
        "rolls 9,999 and 10,000 go past 9,999, the last a game reaches (first is 0 at a game's start)",
    )
    assert refusal(NARDE | {"first": 9998, "count": 3}) == (
        "first",
        "rolls 9,998 to 10,000 go past 9,999, the last a game reaches (first is 0 at a game's start)",
    )


def test_rolls_told_apart_by_labels_take_a_paste_numbered_from_one_only() -> None:
    rows = dice(BOT | {"count": 3})
    assert verify(parse_request(BOT | {"recorded": sheet(rows, 1)})).verdict == "fair"
    assert refusal(BOT | {"recorded": sheet(rows, 2)}) == (
        "recorded",
        "is numbered from 2, but these rolls are told apart by their labels, not by numbers: number the paste from 1,"
        " its first roll, or leave the numbers out",
    )


GAMES: dict[str, dict[str, Any]] = {
    "pair36": PAIR36,
    "narde-v1": NARDE,
    "bg-dice-v1": BOT,
    "bg-online-v1": {"scheme": "bg-online-v1", "server_number": KEY, "seal": SEAL, "app_numbers": ["0a", "0b"]},
    "three-dice": {"scheme": "three-dice", "seed": KEY, "commit": SEAL, "client_seeds": {"white": "w", "black": "b"}},
}


@pytest.mark.parametrize("scheme", list(GAMES))
def test_without_count_or_recorded_rolls_the_game_s_first_rolls_are_listed_and_compared_with_nothing(
    scheme: str,
) -> None:
    # Given a game's secret and seal, but no count and no rolls (seed 001's page lists every roll then; seed 002's
    # snippet prints 60): it used to be refused, "give count or the recorded rolls"
    verdict = verify(parse_request(GAMES[scheme]))

    # Then the game's first DEFAULT_ROLLS rolls are listed from its start, and nothing recorded is nothing checked
    assert DEFAULT_ROLLS == 60
    assert len(verdict.rolls) == DEFAULT_ROLLS
    assert verdict.scope is not None and verdict.scope.kind == "game"
    assert verdict.checks.seal == "match"
    assert verdict.verdict == "incomplete"
    rolls = "plies" if scheme == "three-dice" else "rolls"
    assert verdict.reasons == [f"no {rolls} were recorded, so the 60 {rolls} computed were not compared"]


def test_the_default_listing_stops_at_the_last_number_a_game_reaches() -> None:
    verdict = verify(parse_request(NARDE | {"first": 9_990}))
    assert [report["index"] for report in verdict.rolls] == list(range(9_990, 10_000))
