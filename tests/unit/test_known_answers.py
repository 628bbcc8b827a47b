"""The test examples the seed documents print, reproduced exactly."""

import pytest
from fairdice.dice import keyed_mac
from fairdice.schemes import labelled, narde, parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from pydantic import ValidationError

KEY = bytes(range(32))  # seeds 001 and 002: "the key 00 01 02 … 1f"
FINGERPRINT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_seal_of_the_shared_key_is_the_documents_fingerprint() -> None:
    assert seal_of(KEY) == FINGERPRINT
    assert seal_of(KEY).startswith("630dcd29")


def test_bg_dice_v1_examples() -> None:
    mac = keyed_mac(KEY)
    assert labelled.dice_for(mac, "bg-dice-v1:opening:0") == (4, 6)
    assert labelled.dice_for(mac, "bg-dice-v1:turn:1") == (5, 4)
    assert labelled.dice_for(mac, "bg-dice-v1:turn:2") == (1, 3)


def test_narde_v1_examples() -> None:
    mac = keyed_mac(KEY)
    assert [narde.roll(mac, "test", i).dice for i in range(3)] == [(1, 5), (4, 6), (3, 4)]


def test_narde_v1_hmacs_start_with_the_prefixes_the_document_prints() -> None:
    mac = keyed_mac(KEY)
    prefixes = [mac(f"narde-v1|test|{i}".encode()).hex()[:8] for i in range(3)]
    assert prefixes == ["c0a03654", "1b6b74e5", "32c986d4"]


def test_narde_v1_document_arithmetic_byte_by_byte() -> None:
    # "c0 = 192 → 192 mod 6 + 1 = 1; a0 = 160 → 5", "1b = 27 → 4; 6b = 107 → 6", "32 = 50 → 3; c9 = 201 → 4"
    assert [(b % 6 + 1) for b in (0xC0, 0xA0, 0x1B, 0x6B, 0x32, 0xC9)] == [1, 5, 4, 6, 3, 4]


def test_bg_dice_v1_game_with_the_documents_key_is_fair_and_the_bot_wins_the_opening() -> None:
    # Given the document's key, its lock and the rolls it names (opening 4-6, then turn 2's 1-3)
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "recorded": "4-6 1-3"})

    # When the game is verified
    verdict = verify(request)

    # Then both checks match, and the bot (second die, 6 > 4) won the opening roll
    assert verdict.verdict == "fair"
    assert [r["message"] for r in verdict.rolls] == ["bg-dice-v1:opening:0:0", "bg-dice-v1:turn:2:0"]
    assert verdict.rolls[0]["winner"] == "bot"


def test_bg_dice_v1_documents_three_rolls_are_two_games_by_explicit_labels() -> None:
    # Seed 001's test lists opening:0 (4-6), turn:1 (5-4 "would be") and turn:2 (1-3): no single game rolls all
    # three, since the opening's winner plays it as turn 1. A first game: the opening, then turn 2.
    first = ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"]
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "labels": first})
    assert verify(request.model_copy(update={"recorded": [[4, 6], [1, 3]]})).verdict == "fair"
    # A later game of a match with this key: turn 1, then turn 2.
    later = ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"]
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "labels": later})
    assert verify(request.model_copy(update={"recorded": [[5, 4], [1, 3]]})).verdict == "fair"
    # The document's three labels in one list are not a piece of any game.
    with pytest.raises(ValidationError, match="turn:1 cannot follow bg-dice-v1:opening:0"):
        parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": [*first[:1], *later]})


def test_narde_v1_example_is_fair_through_verify() -> None:
    request = parse_request(
        {
            "scheme": "narde-v1",
            "key": KEY.hex(),
            "fingerprint": FINGERPRINT,
            "phrase": "test",
            "recorded": "1-5 4-6 3-4",
        }
    )
    verdict = verify(request)
    assert verdict.verdict == "fair"
    assert [(r["index"], r["message"]) for r in verdict.rolls] == [
        (0, "narde-v1|test|0"),
        (1, "narde-v1|test|1"),
        (2, "narde-v1|test|2"),
    ]
