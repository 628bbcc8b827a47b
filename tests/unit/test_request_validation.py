"""Verify requests are validated on the model, canonicalised, and every refusal names its field in words."""

from typing import Any

import pytest
from fairdice.errors import InvalidInput
from fairdice.fields import MAX_ROLLS
from fairdice.problems import Problem, describe
from fairdice.schemes import parse_request
from fairdice.verify import verify
from pydantic import ValidationError

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 3}
DAILY: dict[str, Any] = {"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"}


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(p.field, p.message) for p in describe(caught.value)]


def test_hex_is_case_insensitive_and_stored_lowercase() -> None:
    request = parse_request(PAIR36 | {"server_seed": KEY.upper(), "seal": SEAL.upper()})
    assert request.secret_hex == KEY
    assert request.seal_hex == SEAL
    assert verify(request).checks.seal == "match"


@pytest.mark.parametrize("size", [16, 32, 64])
def test_secrets_of_16_to_64_bytes_are_accepted(size: int) -> None:
    assert parse_request(PAIR36 | {"server_seed": "ab" * size}).secret_hex == "ab" * size


@pytest.mark.parametrize(
    ("secret", "message"),
    [
        ("ab" * 15, "a secret must be 16 to 64 bytes (32-128 hex digits), got 15 bytes"),
        ("ab" * 65, "a secret must be 16 to 64 bytes (32-128 hex digits), got 65 bytes"),
        ("abc" * 11, "a secret has an odd number of hex digits (33)"),
        ("zz" * 16, "a secret must be hex digits (0-9, a-f)"),
        (1234, "a secret must be a string of hex digits"),
    ],
)
def test_a_secret_outside_the_seeds_limits_is_refused_in_words(secret: object, message: str) -> None:
    assert problems(PAIR36 | {"server_seed": secret}) == [("server_seed", message)]


@pytest.mark.parametrize("size", [31, 33])
def test_a_day_secret_is_exactly_32_bytes(size: int) -> None:
    assert problems(DAILY | {"secret": "ab" * size}) == [
        ("secret", f"a day secret must be 32 bytes (64 hex digits), got {size} bytes")
    ]


def test_a_seal_is_a_sha256_of_32_bytes() -> None:
    assert problems(PAIR36 | {"seal": SEAL[:-2]}) == [("seal", "a seal must be 32 bytes (64 hex digits), got 31 bytes")]


@pytest.mark.parametrize("seed", ["a b", "é", "x" * 129, "", "a:b", "a+"])
def test_a_pair36_client_seed_is_1_to_128_letters_digits_underscores_and_hyphens(seed: str) -> None:
    assert problems(PAIR36 | {"client_seeds": ["ok", seed]}) == [
        ("client_seeds[1]", "a client seed is 1 to 128 characters of letters, digits, _ and -")
    ]


def test_a_pair36_client_seed_of_128_characters_is_accepted() -> None:
    assert parse_request(PAIR36 | {"client_seeds": ["Z_-9" * 32]})


def test_pair36_needs_at_least_one_seat() -> None:
    assert problems(PAIR36 | {"client_seeds": []}) == [("client_seeds", "must have at least 1 entry")]


def test_counts_above_the_cap_are_refused_with_the_limit_named() -> None:
    assert problems(PAIR36 | {"count": MAX_ROLLS + 1}) == [
        ("count", f"must be at most {MAX_ROLLS}, got {MAX_ROLLS + 1}")
    ]
    assert parse_request(PAIR36 | {"count": MAX_ROLLS})


def test_a_count_must_be_a_positive_whole_number() -> None:
    assert problems(PAIR36 | {"count": 0}) == [("count", "must be at least 1, got 0")]
    assert problems(PAIR36 | {"count": "many"}) == [("count", "must be a whole number, got 'many'")]


def test_dates_are_validated_against_the_calendar() -> None:
    assert problems(DAILY | {"date": "2026-02-30"}) == [("date", "2026-02-30 is not a date in the calendar")]
    assert problems(DAILY | {"date": "28/10/2026"}) == [("date", "a date is written YYYY-MM-DD (UTC)")]


def test_player_ids_are_canonicalised_to_lowercase_hyphenated_uuids() -> None:
    for written in [
        "123E4567-E89B-12D3-A456-426614174000",
        "123e4567e89b12d3a456426614174000",
        " 123e4567-e89b-12d3-a456-426614174000 ",
    ]:
        assert parse_request(DAILY | {"player_id": written}).player_id == "123e4567-e89b-12d3-a456-426614174000"


def test_a_player_id_that_is_not_a_uuid_is_refused() -> None:
    assert problems(DAILY | {"player_id": "player-1"}) == [
        ("player_id", "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000")
    ]


def test_a_phrase_may_be_any_text_but_not_control_characters() -> None:
    assert parse_request({"scheme": "narde-v1", "key": KEY, "phrase": "長い |夜 🎲", "count": 1})
    assert problems({"scheme": "narde-v1", "key": KEY, "phrase": "a\nb", "count": 1}) == [
        ("phrase", "a phrase must not contain control characters")
    ]


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


def test_a_field_of_another_scheme_is_named_as_not_a_field_of_this_one() -> None:
    assert problems(PAIR36 | {"phrase": "test"}) == [("phrase", "is not a field of scheme pair36")]


def test_a_missing_field_is_required() -> None:
    assert problems({"scheme": "narde-v1", "key": KEY, "count": 1}) == [("phrase", "is required")]


def test_a_missing_or_unknown_scheme_lists_the_schemes() -> None:
    one_of = "pair36, bg-dice-v1, bg-online-v1, narde-v1, three-dice, daily"
    assert problems({"key": KEY}) == [("scheme", f"is required and must be one of {one_of}")]
    assert problems({"scheme": "dice"}) == [("scheme", f"must be one of {one_of}, not 'dice'")]


def test_a_request_that_is_not_an_object_is_refused_as_a_whole() -> None:
    assert problems(["pair36"]) == [("request", "must be a JSON object")]


def test_several_problems_are_all_reported() -> None:
    found = problems({"scheme": "pair36", "server_seed": "ab", "client_seeds": ["a b"], "count": 0, "x": 1})
    assert sorted(field for field, _ in found) == ["client_seeds[0]", "count", "server_seed", "x"]


def test_a_domain_error_is_described_by_its_field() -> None:
    assert describe(InvalidInput("give the day's secret", field="secret")) == [
        Problem(field="secret", message="give the day's secret")
    ]
    assert describe(InvalidInput("cannot be verified")) == [Problem(field="request", message="cannot be verified")]
