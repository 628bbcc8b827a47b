"""Byte streams to dice: the HMAC primitive and the rejection sampling every scheme shares.

A scheme is a pure function of a `Mac` (message -> 32 bytes). Production code keys it with
`keyed_mac`; tests pass any callable, which is how the branches that real HMACs never reach
(a block with no usable byte) are exercised.
"""

import hashlib
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import chain
from typing import NamedTuple

Mac = Callable[[bytes], bytes]

_BLOCK = 64  # SHA-256's block size in bytes
# RFC 2104's inner and outer pads as byte translations: a whole key is XORed in one C call.
_XOR_IPAD = bytes(b ^ 0x36 for b in range(256))
_XOR_OPAD = bytes(b ^ 0x5C for b in range(256))


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
    inner_copy = hashlib.sha256(key.translate(_XOR_IPAD)).copy
    outer_copy = hashlib.sha256(key.translate(_XOR_OPAD)).copy

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


@cache
def _limits(sides: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((n, limit_for(n)) for n in sides)


def read_dice(blocks: Iterable[bytes], sides: Sequence[int]) -> tuple[int, ...]:
    """Read one die per entry of `sides` from the blocks' bytes, rejecting biased bytes.

    `blocks` is consumed lazily: a further block is computed only when the bytes run out.
    """
    stream = chain.from_iterable(blocks)
    faces = []
    for n, limit in _limits(tuple(sides)):
        for byte in stream:
            if byte < limit:
                faces.append(byte % n + 1)
                break
        else:
            raise ValueError("the block stream ended before every die was read")
    return tuple(faces)


def leading_dice(block: bytes, count: int = 2) -> tuple[int, ...] | None:
    """The first `count` six-sided dice of one block, or None if it has too few usable bytes.

    Every real HMAC block has enough, so this plain loop is the per-roll hot path; a caller
    that gets None reads on with `read_dice` over the following blocks.
    """
    if count == 2:
        die = 0
        for byte in block:
            if byte < 252:
                if die:
                    return (die, byte % 6 + 1)
                die = byte % 6 + 1
        return None
    faces: list[int] = []
    for byte in block:
        if byte < 252:
            faces.append(byte % 6 + 1)
            if len(faces) == count:
                return tuple(faces)
    return None


def read_on(first: bytes, more: Iterable[bytes], count: int = 2) -> tuple[int, ...]:
    """`count` six-sided dice from a short block 0 and then the blocks of `more`, lazily."""
    return read_dice(chain((first,), more), (6,) * count)
