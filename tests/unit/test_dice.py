"""fairdice.dice: `keyed_mac`, which hashes HMAC's padded keys once, gives exactly the bytes of `hmac.digest`; and a
request's rolls, computed a column at a time, are exactly the one-roll rules applied roll by roll. The one-roll
functions are the plain transcriptions of the seeds (checked against the seeds' own code in each scheme's tests); the
column path reads dice by byte translation and hands any roll whose first bytes are not all usable back to them. Real
HMACs make such rolls about 3 times in 100; the stand-in MACs, which reject most bytes, make them nearly every time.
"""

import datetime as dt
import hashlib
import hmac
import uuid

import pytest
from fairdice.dice import Hmac, Mac, hmac_key, keyed_mac, macs
from fairdice.schemes import bg_dice, daily, labelled, narde, pair36, three_dice
from hypothesis import given, settings
from hypothesis import strategies as st

from testkit.oracles.fake_mac import StreamMac
from unit.strategies import client_seeds, free_text

SETTINGS = settings(max_examples=40, deadline=None)
COUNT = 300  # enough rolls that a real HMAC gives several short ones
DAY = dt.date(2026, 11, 29)
keys = st.binary(max_size=80)


def macs_to_try(key: bytes) -> list[Mac]:
    return [keyed_mac(key), StreamMac(key, cut=128), StreamMac(key, cut=8)]


@settings(max_examples=200)
@given(key=st.binary(min_size=0, max_size=130), message=st.binary(max_size=200))
def test_keyed_mac_equals_the_standard_library_hmac(key: bytes, message: bytes) -> None:
    assert keyed_mac(key)(message) == hmac.digest(key, message, "sha256")


def test_keyed_mac_is_reusable_across_messages() -> None:
    mac = keyed_mac(bytes(range(32)))
    first = mac(b"narde-v1|test|0")
    mac(b"something else")
    assert mac(b"narde-v1|test|0") == first
    assert first.hex().startswith("c0a03654")


def test_a_key_longer_than_a_block_is_keyed_as_its_sha256_and_zero_bytes_appended_change_nothing() -> None:
    long_key = bytes(range(65))
    assert hmac_key(long_key) == hmac_key(hashlib.sha256(long_key).digest())
    key = bytes(range(32))
    assert hmac_key(key) == hmac_key(key + b"\0") == hmac_key(key + bytes(32)) == key + bytes(32)
    assert hmac_key(key) != hmac_key(key + b"\1") and hmac_key(long_key) != hmac_key(long_key[:64])
    # A zero byte appended to a key that fills the block makes it longer than the block: hashed, another key
    assert hmac_key(long_key[:64]) != hmac_key(long_key[:64] + b"\0")
    assert len(hmac_key(b"")) == len(hmac_key(long_key)) == 64


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 200])
def test_hmac_keyed_with_a_key_of_any_size_or_with_its_block_gives_the_standard_librarys_bytes(size: int) -> None:
    key = bytes((7 * n + 1) % 256 for n in range(size))
    expected = hmac.digest(key, b"narde-v1|test|0", "sha256")
    assert Hmac(key)(b"narde-v1|test|0") == Hmac(hmac_key(key))(b"narde-v1|test|0") == expected


@SETTINGS
@given(
    key=keys,
    seats=st.lists(client_seeds, min_size=1, max_size=4),
    first=st.integers(1, 10**6),
)
def test_pair36_columns_equal_the_rule(key: bytes, seats: list[str], first: int) -> None:
    for mac in macs_to_try(key):
        expected = [pair36.roll(mac, seats, n) for n in range(first, first + COUNT)]
        assert list(pair36.rolls(mac, seats, first, COUNT)) == expected


@SETTINGS
@given(key=keys, phrase=free_text, first=st.integers(0, 10**6))
def test_narde_columns_equal_the_rule(key: bytes, phrase: str, first: int) -> None:
    for mac in macs_to_try(key):
        expected = [narde.roll(mac, phrase, i) for i in range(first, first + COUNT)]
        assert list(narde.rolls(mac, phrase, first, COUNT)) == expected


@SETTINGS
@given(key=keys, white=client_seeds, black=client_seeds, first=st.integers(0, 10**6))
def test_three_dice_columns_equal_the_rule(key: bytes, white: str, black: str, first: int) -> None:
    for mac in macs_to_try(key):
        expected = [three_dice.roll(mac, white, black, ply) for ply in range(first, first + COUNT)]
        assert list(three_dice.rolls(mac, white, black, first, COUNT)) == expected


@SETTINGS
@given(key=keys, opening=st.booleans(), line=st.integers(0, 3))
def test_bg_bot_columns_equal_the_rule(key: bytes, opening: bool, line: int) -> None:
    for mac in macs_to_try(key):
        rolls = list(bg_dice.bot_rolls(mac, opening, None, line, COUNT))
        openings = [r for r in rolls if r.label is not None and ":opening:" in r.label]
        assert rolls[: len(openings)] == [
            labelled.labelled_roll(mac, k + 1, f"bg-dice-v1:opening:{k}", "you", "bot") for k in range(len(openings))
        ]
        assert all(r.winner == "tie" for r in openings[:-1])
        assert rolls[len(openings) :] == [
            labelled.labelled_roll(mac, n, bg_dice.bot_turn_label(turn, line), "you", "bot")
            for n, turn in zip(range(len(openings) + 1, COUNT + 1), range(2 if opening else 1, COUNT + 1), strict=False)
        ]


@SETTINGS
@given(key=keys, labels=st.lists(free_text.map(lambda t: f"x:opening:{t}"), max_size=20))
def test_bg_explicit_labels_equal_the_rule(key: bytes, labels: list[str]) -> None:
    for mac in macs_to_try(key):
        assert list(bg_dice.explicit_rolls(mac, labels)) == [
            labelled.labelled_roll(mac, n, label, "you", "bot") for n, label in enumerate(labels, start=1)
        ]


@SETTINGS
@given(key=keys, players=st.lists(st.uuids(), max_size=COUNT))
def test_daily_columns_equal_the_rule_for_every_player_of_a_day(key: bytes, players: list[uuid.UUID]) -> None:
    for mac in macs_to_try(key):
        rolls = daily.rolls(mac, DAY, players)
        assert [(r.message, r.dice) for r in rolls] == [daily.roll(mac, DAY, p)[1:3] for p in players]
        assert list(rolls.numbers) == list(range(1, len(players) + 1))


@pytest.mark.parametrize("key", [b"", b"k", bytes(range(64)), bytes(range(65)), b"\xff" * 200])
def test_a_prefix_hashed_once_gives_the_macs_of_the_whole_messages(key: bytes) -> None:
    mac = Hmac(key)
    tails = [b"", b"1", b"x" * 100]
    assert macs(mac, b"narde-v1|p|", tails) == [mac(b"narde-v1|p|" + tail) for tail in tails]
    assert macs(StreamMac(key, cut=200), b"pre", tails) == [StreamMac(key, cut=200)(b"pre" + t) for t in tails]
