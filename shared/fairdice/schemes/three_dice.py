"""`three-dice` (seed 003): a length-prefixed binary message, three dice per ply."""

import struct
from collections.abc import Iterator
from itertools import count as counter

from fairdice.dice import Mac, Roll, six_sided


def message(white: str, black: str, ply: int) -> bytes:
    """uint32be(len) ++ white ++ uint32be(len) ++ black ++ int64be(ply), lengths in UTF-8 bytes."""
    w, b = white.encode("utf-8"), black.encode("utf-8")
    return struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)


def roll(mac: Mac, white: str, black: str, ply: int) -> Roll:
    """The three dice of ply `ply`; the reported message is block 0's bytes in hex."""
    base = message(white, black, ply)
    first = base + struct.pack(">i", 0)
    dice = six_sided(
        mac(first),
        lambda: (mac(base + struct.pack(">i", block)) for block in counter(1)),
        3,
    )
    return Roll(ply, first.hex(), dice)


def rolls(mac: Mac, white: str, black: str, first: int, count: int) -> Iterator[Roll]:
    """Plies `first`, `first + 1`, … (`count` of them)."""
    for ply in range(first, first + count):
        yield roll(mac, white, black, ply)
