"""Byte streams to dice: the HMAC primitive and the rejection sampling every scheme shares.

A scheme is a pure function of a `Mac` (message -> 32 bytes). Production code keys it with
`keyed_mac`; tests pass any callable, which is how the branches that real HMACs never reach
(a block with no usable byte) are exercised.
"""

import hashlib
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

Mac = Callable[[bytes], bytes]

_BLOCK = 64  # SHA-256's block size in bytes


class Roll(NamedTuple):
    """One recomputed roll: its number in the scheme's own numbering and how it was made."""

    number: int
    message: str
    dice: tuple[int, ...]
    label: str | None = None
    winner: str | None = None


def keyed_mac(key: bytes) -> Mac:
    """Return HMAC-SHA256 keyed once with `key` (RFC 2104, the same bytes as `hmac.digest`).

    The padded key blocks are hashed once; each call then costs two SHA-256 copies, which is
    more than twice as fast as copying an `hmac.HMAC` object per message.
    """
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner_copy = hashlib.sha256(bytes(b ^ 0x36 for b in key)).copy
    outer_copy = hashlib.sha256(bytes(b ^ 0x5C for b in key)).copy

    def mac(message: bytes) -> bytes:
        inner = inner_copy()
        inner.update(message)
        outer = outer_copy()
        outer.update(inner.digest())
        return outer.digest()

    return mac


def limit_for(sides: int) -> int:
    """Largest multiple of `sides` not above 256: bytes at or over it are rejected."""
    return 256 - 256 % sides


def read_dice(blocks: Iterable[bytes], sides: Sequence[int]) -> tuple[int, ...]:
    """Read one die per entry of `sides` from the blocks, rejecting biased bytes.

    `blocks` is consumed lazily; the caller yields the next block only when one is needed.
    """
    faces: list[int] = []
    wanted = len(sides)
    n = sides[0]
    limit = limit_for(n)
    for block in blocks:
        for byte in block:
            if byte < limit:
                faces.append(byte % n + 1)
                if len(faces) == wanted:
                    return tuple(faces)
                n = sides[len(faces)]
                limit = limit_for(n)
    raise ValueError("the block stream ended before every die was read")


def six_sided(first_block: bytes, more_blocks: Callable[[], Iterable[bytes]], count: int) -> tuple[int, ...]:
    """Read `count` six-sided dice, taking further blocks only when the first runs out.

    The fast path (one block, which is all a real HMAC ever needs) avoids a generator.
    """
    faces = [b % 6 + 1 for b in first_block if b < 252]
    if len(faces) >= count:
        return tuple(faces[:count])
    rest = read_dice(more_blocks(), (6,) * (count - len(faces)))
    return tuple(faces) + rest
