"""Branches a real HMAC never reaches (a block with too few usable bytes), driven by hand-made blocks.

Each expected value is worked out by hand from the seed's rule, in the comment beside it. The
stand-in MAC knows only the listed messages, so asking for any other block fails the test.
"""

import datetime as dt
import struct
from uuid import UUID

import pytest
from fairdice.schemes import daily, labelled, narde, pair36, three_dice

from testkit.oracles.fake_mac import TableMac

NONE_USABLE = b"\xfc\xfd\xfe\xff" * 8  # every byte is 252 or more: rejected by every six-sided rule


def test_pair36_retries_with_a_plus_after_the_client_seed_part_when_no_byte_is_below_252() -> None:
    mac = TableMac({b"a:b:1": NONE_USABLE, b"a:b+:1": bytes([251]) + bytes(31)})
    roll = pair36.roll(mac, ["a", "b"], 1)
    # 251 mod 36 = 35 → (35 div 6 + 1, 35 mod 6 + 1) = (6, 6)
    assert (roll.message, roll.dice) == ("a:b+:1", (6, 6))


def test_pair36_second_retry_appends_a_second_plus() -> None:
    mac = TableMac({b"a:b:7": NONE_USABLE, b"a:b+:7": NONE_USABLE, b"a:b++:7": b"\xff\xfc" + bytes([13]) + bytes(29)})
    roll = pair36.roll(mac, ["a", "b"], 7)
    # first byte below 252 is 13 → 13 div 6 + 1 = 3, 13 mod 6 + 1 = 2
    assert (roll.number, roll.message, roll.dice) == (7, "a:b++:7", (3, 2))


def test_pair36_retry_with_one_seat_puts_the_plus_after_that_seed() -> None:
    mac = TableMac({b"mine:3": NONE_USABLE, b"mine+:3": bytes(32)})
    assert pair36.roll(mac, ["mine"], 3).message == "mine+:3"


def test_bg_reads_the_second_die_from_label_1_when_label_0_has_one_usable_byte() -> None:
    label = "bg-dice-v1:turn:5"
    mac = TableMac({f"{label}:0".encode(): b"\xff" * 31 + bytes([9]), f"{label}:1".encode(): bytes([250]) + bytes(31)})
    roll = labelled.labelled_roll(mac, 4, label, "you", "bot")
    # 9 mod 6 + 1 = 4; 250 mod 6 + 1 = 5; the reported message stays the first block's
    assert (roll.dice, roll.message, roll.label) == ((4, 5), f"{label}:0", label)


def test_bg_skips_a_block_with_no_usable_byte_and_goes_on_to_label_2() -> None:
    label = "bg-online-v1:g1:opening:0"
    mac = TableMac(
        {
            f"{label}:0".encode(): NONE_USABLE,
            f"{label}:1".encode(): NONE_USABLE,
            f"{label}:2".encode(): bytes([0, 5]) + bytes(30),
        }
    )
    roll = labelled.labelled_roll(mac, 1, label, "first", "second")
    # 0 → 1 and 5 → 6: the second die is higher, so the second app won the opening
    assert (roll.dice, roll.winner) == ((1, 6), "second")


def test_narde_takes_the_next_block_from_message_pipe_i_pipe_1() -> None:
    mac = TableMac({b"narde-v1|x|4": b"\xfe" * 31 + bytes([2]), b"narde-v1|x|4|1": b"\xfc" + bytes([6]) + bytes(30)})
    roll = narde.roll(mac, "x", 4)
    # 2 mod 6 + 1 = 3; 252 skipped, 6 mod 6 + 1 = 1
    assert (roll.number, roll.message, roll.dice) == (4, "narde-v1|x|4", (3, 1))


def test_narde_goes_on_to_block_2_when_block_1_has_no_usable_byte() -> None:
    mac = TableMac({b"narde-v1|x|0": NONE_USABLE, b"narde-v1|x|0|1": NONE_USABLE, b"narde-v1|x|0|2": bytes(32)})
    assert narde.roll(mac, "x", 0).dice == (1, 1)


def test_three_dice_increments_the_int32be_block_counter_until_three_dice_are_read() -> None:
    base = b"\x00\x00\x00\x01W" + b"\x00\x00\x00\x01B" + (9).to_bytes(8, "big")
    mac = TableMac(
        {
            base + b"\x00\x00\x00\x00": b"\xff" * 31 + bytes([3]),
            base + b"\x00\x00\x00\x01": b"\xff" * 30 + bytes([4, 1]),
        }
    )
    roll = three_dice.roll(mac, "W", "B", 9)
    # block 0: 3 → 4; block 1: 4 → 5, 1 → 2
    assert roll.dice == (4, 5, 2)
    assert roll.message == (base + b"\x00\x00\x00\x00").hex()


def test_three_dice_block_counter_is_signed_big_endian_32_bit() -> None:
    base = three_dice.message("W", "B", 0)
    blocks = {base + struct.pack(">i", n): NONE_USABLE for n in range(258)}
    blocks[base + bytes([0, 0, 1, 2])] = bytes(32)  # block 258 = 0x00000102
    assert three_dice.roll(TableMac(blocks), "W", "B", 0).dice == (1, 1, 1)


DAY = dt.date(2026, 10, 28)
PLAYER = UUID("123e4567-e89b-12d3-a456-426614174000")
MESSAGE = b"2026-10-28|123e4567-e89b-12d3-a456-426614174000"


@pytest.mark.parametrize(
    ("position", "sides", "limit"),
    [(0, 4, 256), (1, 6, 252), (2, 8, 256), (3, 10, 250), (4, 12, 252), (5, 20, 240)],
)
def test_daily_rejects_a_byte_at_its_dies_limit_and_keeps_the_byte_below(position: int, sides: int, limit: int) -> None:
    # Zeros give face 1 to the dice before; then, for the die under test, the limit (rejected,
    # unless the limit is 256) and limit - 1 (kept: face sides); then zeros again.
    candidates = [limit, limit - 1] if limit < 256 else [limit - 1]
    block = bytes(position) + bytes(candidates) + bytes(32 - position - len(candidates))
    faces = daily.roll(TableMac({MESSAGE: block}), DAY, PLAYER).dice
    assert faces[position] == sides  # (limit - 1) mod n + 1 = n
    assert faces[:position] == (1,) * position
    assert faces[position + 1 :] == (1,) * (5 - position)


def test_daily_continues_in_message_pipe_1_then_pipe_2() -> None:
    # block 0 gives d4..d12 from 0x00 bytes then only d20-rejected bytes (240..255)
    first = bytes(5) + bytes(range(240, 256)) + bytes([250] * 11)
    mac = TableMac({MESSAGE: first, MESSAGE + b"|1": b"\xf0" * 32, MESSAGE + b"|2": bytes([219]) + bytes(31)})
    roll = daily.roll(mac, DAY, PLAYER)
    # 219 mod 20 + 1 = 20
    assert roll.dice == (1, 1, 1, 1, 1, 20)
    assert roll.message == MESSAGE.decode()


def test_daily_reads_each_die_with_its_own_limit_across_a_block_boundary() -> None:
    first = bytes([250, 250]) + b"\xff" * 30
    then = bytes([250, 249, 251, 239]) + bytes(28)
    mac = TableMac({MESSAGE: first, MESSAGE + b"|1": then})
    # block 0: d4 ← 250 (250 mod 4 + 1 = 3), d6 ← 250 (< 252: 5), d8 ← 255 (limit 256: 8),
    #          d10 rejects the other 255s; block |1: d10 rejects 250 and keeps 249 (10),
    #          d12 ← 251 (12), d20 ← 239 (< 240: 20)
    assert daily.roll(mac, DAY, PLAYER).dice == (3, 5, 8, 10, 12, 20)
