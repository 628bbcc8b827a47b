"""Verify requests are validated on the model, canonicalised, and every refusal names its field in words."""

from typing import Any

import pytest
from fairdice.problems import describe
from fairdice.schemes import parse_request
from pydantic import ValidationError

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 3}
DAILY: dict[str, Any] = {"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"}


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(p.field, p.message) for p in describe(caught.value)]


@pytest.mark.parametrize("size", [31, 33])
def test_a_day_secret_is_exactly_32_bytes(size: int) -> None:
    assert problems(DAILY | {"secret": "ab" * size}) == [
        ("secret", f"a day secret must be 32 bytes (64 hex digits), got {size} bytes")
    ]


@pytest.mark.parametrize("seed", ["a b", "é", "x" * 129, "", "a:b", "a+"])
def test_a_pair36_client_seed_is_1_to_128_letters_digits_underscores_and_hyphens(seed: str) -> None:
    assert problems(PAIR36 | {"client_seeds": ["ok", seed]}) == [
        ("client_seeds[1]", "a client seed is 1 to 128 characters of letters, digits, _ and -")
    ]


def test_a_pair36_client_seed_of_128_characters_is_accepted() -> None:
    assert parse_request(PAIR36 | {"client_seeds": ["Z_-9" * 32]})


def test_pair36_needs_at_least_one_seat() -> None:
    assert problems(PAIR36 | {"client_seeds": []}) == [("client_seeds", "must have at least 1 entry")]


def test_online_app_numbers_are_hex_and_there_are_two() -> None:
    base = {"scheme": "bg-online-v1", "server_number": KEY, "count": 2}
    assert parse_request(base | {"app_numbers": ["AB", "cd"]}).app_numbers == ["ab", "cd"]  # type: ignore[attr-defined]
    assert problems(base | {"app_numbers": ["ab", "xyz"]}) == [
        ("app_numbers[1]", "an app's number must be 1 to 128 hex digits")
    ]
    assert problems(base | {"app_numbers": ["ab"]}) == [("app_numbers", "must have at least 2 entries")]


def test_a_revealed_three_dice_seed_needs_both_client_seeds() -> None:
    base = {"scheme": "three-dice", "seed": KEY, "count": 1}
    assert problems(base) == [("client_seeds", "white's and black's client seeds are needed with a revealed seed")]
    assert problems(base | {"client_seeds": {"white": "w"}}) == [("client_seeds.black", "is required")]


def test_bg_labels_list_every_roll_so_other_roll_choices_are_refused() -> None:
    labels = ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"]
    base = {"scheme": "bg-dice-v1", "key": KEY, "labels": labels}
    assert problems(base | {"opening": False}) == [
        ("labels", "labels list every roll already: leave opening, first_turn and line out")
    ]
    assert problems(base | {"count": 3}) == [("count", "count is 3 but 2 labels were given")]
    assert problems(base | {"labels": ["turn:2"]}) == [
        (
            "labels[0]",
            "a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1, its numbers in"
            " the digits 0-9 without leading zeros",
        )
    ]
