"""`three-dice` (seed 003): a length-prefixed binary message, three dice per ply."""

import struct
from collections.abc import Iterator
from itertools import count as counter

from fairdice.dice import Mac, Roll, leading_dice, read_on

_BLOCK_0 = struct.pack(">i", 0)


def message(white: str, black: str, ply: int) -> bytes:
    """uint32be(len) ++ white ++ uint32be(len) ++ black ++ int64be(ply), lengths in UTF-8 bytes."""
    w, b = white.encode("utf-8"), black.encode("utf-8")
    return struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)


def roll(mac: Mac, white: str, black: str, ply: int) -> Roll:
    """The three dice of ply `ply`; the reported message is block 0's bytes in hex."""
    return _roll(mac, message(white, black, ply), ply)


def _roll(mac: Mac, base: bytes, ply: int) -> Roll:
    start = base + _BLOCK_0
    first = mac(start)
    dice = leading_dice(first, 3) or read_on(first, (mac(base + struct.pack(">i", b)) for b in counter(1)), 3)
    return Roll(ply, start.hex(), dice)


def rolls(mac: Mac, white: str, black: str, first: int, count: int) -> Iterator[Roll]:
    """Plies `first`, `first + 1`, … (`count` of them)."""
    seats = message(white, black, 0)[:-8]  # the length-prefixed seeds, the same for every ply
    pack_ply = struct.Struct(">q").pack
    for ply in range(first, first + count):
        yield _roll(mac, seats + pack_ply(ply), ply)
