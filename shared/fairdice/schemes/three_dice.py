"""`three-dice` (seed 003): a length-prefixed binary message, three dice per ply."""

import struct
from itertools import count as counter
from itertools import repeat

from fairdice.dice import D6_TRIPLE, Mac, Roll, Rolls, fill, leading_dice, macs, read_on

_BLOCK_0 = struct.pack(">i", 0)
_PLY_BLOCK_0 = struct.Struct(">qi")  # a ply's tail: int64be(ply) ++ int32be(block 0)


def message(white: str, black: str, ply: int) -> bytes:
    """uint32be(len) ++ white ++ uint32be(len) ++ black ++ int64be(ply), lengths in UTF-8 bytes."""
    w, b = white.encode("utf-8"), black.encode("utf-8")
    return struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)


def roll(mac: Mac, white: str, black: str, ply: int, first: bytes | None = None) -> Roll:
    """The three dice of ply `ply`; the reported message is block 0's bytes in hex.

    `first` is block 0's MAC when it is already computed."""
    base = message(white, black, ply)
    start = base + _BLOCK_0
    first = first or mac(start)
    dice = leading_dice(first, 3) or read_on(first, (mac(base + struct.pack(">i", b)) for b in counter(1)), 3)
    return Roll(ply, start.hex(), dice)


def rolls(mac: Mac, white: str, black: str, first: int, count: int) -> Rolls:
    """Plies `first`, `first + 1`, … (`count` of them)."""
    plies = range(first, first + count)
    seats = message(white, black, 0)[:-8]  # the length-prefixed seeds, the same for every ply
    tails = list(map(_PLY_BLOCK_0.pack, plies, repeat(0)))
    blocks = macs(mac, seats, tails)
    messages = list(map(seats.hex().__add__, map(bytes.hex, tails)))

    def by_rule(at: int, block: bytes) -> Roll:
        return roll(mac, white, black, plies[at], block)

    return fill(plies, messages, blocks, by_rule, sides=D6_TRIPLE)
