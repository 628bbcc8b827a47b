"""Constrained field types: hex as people copy it, in groups, read as the bytes it writes."""

from typing import Any

import pytest
from fairdice.problems import describe
from fairdice.schemes import parse_request
from fairdice.verify import verify
from pydantic import ValidationError

# Seed 001 writes its test key "00 01 02 … 1f"; a seal copied from a card often comes in groups or lines.
KEY_AS_SEED_001_WRITES_IT = " ".join(f"{byte:02x}" for byte in range(32))
SEAL_IN_GROUPS = "630dcd29 66c43366 91125448 bbb25b4f\nf412a49c 732db2c8 abc1b858 1bd710dd"
NARDE: dict[str, Any] = {"scheme": "narde-v1", "phrase": "test", "recorded": "1-5 4-6 3-4"}


def problem(data: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    [found] = describe(caught.value)
    return found.field, found.message


def test_a_key_and_a_seal_grouped_with_spaces_are_read_as_their_bytes() -> None:
    # Given seed 002's test game, with the key as seed 001 prints it and the fingerprint in groups over two lines
    request = parse_request(NARDE | {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": SEAL_IN_GROUPS})

    # Then they are the same hex as written without spaces, and the game is fair
    assert request.secret_hex == bytes(range(32)).hex()
    assert request.seal_hex == SEAL_IN_GROUPS.replace(" ", "").replace("\n", "")
    assert verify(request).verdict == "fair"


def test_a_non_breaking_space_copied_from_a_web_page_is_a_space_too() -> None:
    assert (
        parse_request(NARDE | {"key": KEY_AS_SEED_001_WRITES_IT.replace(" ", "\u00a0")}).secret_hex
        == bytes(range(32)).hex()
    )


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"key": KEY_AS_SEED_001_WRITES_IT[:-1] + "g"},
            ("key", "a secret must be hex digits (0-9, a-f); its spaces were left out, but 'g' is not a hex digit"),
        ),
        ({"key": "00 01 0"}, ("key", "a secret has an odd number of hex digits (5, spaces not counted)")),
        (
            {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": "630d cd29"},
            ("fingerprint", "a seal must be 32 bytes (64 hex digits), got 4 bytes (spaces not counted)"),
        ),
        ({"key": "zz" * 16}, ("key", "a secret must be hex digits (0-9, a-f)")),
    ],
)
def test_an_error_about_hex_says_when_spaces_were_found(fields: dict[str, Any], expected: tuple[str, str]) -> None:
    assert problem(NARDE | fields) == expected


def test_an_app_number_grouped_with_spaces_is_read_and_its_errors_say_so() -> None:
    online = {"scheme": "bg-online-v1", "server_number": "00" * 32, "count": 1}
    assert parse_request(online | {"app_numbers": ["0A 1b", "ff"]}).app_numbers == ["0a1b", "ff"]
    assert problem(online | {"app_numbers": ["0a 1b", "x 1"]}) == (
        "app_numbers[1]",
        "an app's number must be 1 to 128 hex digits (its spaces were left out)",
    )
