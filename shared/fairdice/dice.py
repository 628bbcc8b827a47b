"""Byte streams to dice: the HMAC primitive and the rejection sampling every scheme shares.

A scheme is a pure function of a `Mac` (message -> 32 bytes). Production code keys it with
`keyed_mac`; tests pass any callable, which is how the branches that real HMACs never reach
(a block with no usable byte) are exercised.

A request's rolls are computed a column at a time (`Rolls`): one tight loop of HMACs over the
messages' varying tails, then every roll's dice read by C-level slicing and byte translation.
A roll whose first bytes are not all usable (about 3 in 100 for two six-sided dice) reads on in
its own block, and if that runs short too, goes to its scheme's one-roll function: the plain
transcription of the seed document's rule.
"""

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from typing import NamedTuple

Mac = Callable[[bytes], bytes]

_BLOCK = 64  # SHA-256's block size in bytes
_DIGEST = 32  # and its digest's
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


def hmac_key(key: bytes) -> bytes:
    """The 64-byte block HMAC-SHA256 is keyed with (RFC 2104): the SHA-256 of a key longer than 64 bytes, then
    zero bytes up to 64. Two keys with the same block give the same MACs: a key and the same key with zero bytes
    appended (64 bytes at most in all) are one key, and so are a key longer than 64 bytes and its SHA-256."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    return key.ljust(_BLOCK, b"\0")


class Hmac:
    """HMAC-SHA256 keyed once with `key` (RFC 2104, the same bytes as `hmac.digest`).

    The padded key blocks are hashed once; each message then costs two SHA-256 copies, which is
    more than twice as fast as copying an `hmac.HMAC` object per message.
    """

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        key = hmac_key(key)
        self._inner = hashlib.sha256(key.translate(_XOR_IPAD))
        self._outer = hashlib.sha256(key.translate(_XOR_OPAD))

    def __call__(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()

    def each(self, prefix: bytes, tails: Iterable[bytes]) -> list[bytes]:
        """The MAC of `prefix + tail` for every tail: the prefix is hashed once, not per message."""
        start = self._inner.copy()
        start.update(prefix)
        inner_copy, outer_copy = start.copy, self._outer.copy
        blocks: list[bytes] = []
        append = blocks.append
        for tail in tails:
            inner = inner_copy()
            inner.update(tail)
            outer = outer_copy()
            outer.update(inner.digest())
            append(outer.digest())
        return blocks


def keyed_mac(key: bytes) -> Hmac:
    """HMAC-SHA256 keyed once with `key`: a `Mac` that also computes many messages at once."""
    return Hmac(key)


def macs(mac: Mac, prefix: bytes, tails: Iterable[bytes]) -> list[bytes]:
    """`mac(prefix + tail)` for every tail, in one loop when `mac` is a keyed HMAC."""
    if isinstance(mac, Hmac):
        return mac.each(prefix, tails)
    return [mac(prefix + tail) for tail in tails]


def limit_for(sides: int) -> int:
    """Largest multiple of `sides` not above 256: bytes at or over it are rejected."""
    return 256 - 256 % sides


@cache
def _limits(sides: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((n, limit_for(n)) for n in sides)


@cache
def face_table(sides: int) -> bytes:
    """Byte -> face (1…sides) as a `bytes.translate` table, with 0 for a rejected byte."""
    limit = limit_for(sides)
    return bytes(b % sides + 1 if b < limit else 0 for b in range(256))


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


def faces_in(block: bytes, sides: tuple[int, ...]) -> tuple[int, ...] | None:
    """The dice of `sides` read from one block alone, or None if it has too few usable bytes."""
    limits = _limits(sides)
    faces: list[int] = []
    for byte in block:
        n, limit = limits[len(faces)]
        if byte < limit:
            faces.append(byte % n + 1)
            if len(faces) == len(limits):
                return tuple(faces)
    return None


def leading_dice(block: bytes, count: int = 2) -> tuple[int, ...] | None:
    """The first `count` six-sided dice of one block, or None if it has too few usable bytes."""
    return faces_in(block, (6,) * count)


def read_on(first: bytes, more: Iterable[bytes], count: int = 2) -> tuple[int, ...]:
    """`count` six-sided dice from a short block 0 and then the blocks of `more`, lazily."""
    return read_dice(chain((first,), more), (6,) * count)


Read = tuple[int, bytes]  # a die read as (byte position in the block, translate table)


def leading_faces(blocks: list[bytes], reads: Sequence[Read]) -> tuple[list[bytearray], list[int]]:
    """Every block's dice as columns, one per read, and the positions of the blocks where that fell short.

    A read (k, table) is byte k of the block through a `face_table`-like table. That is the
    scheme's rule whenever those bytes are all usable; the positions where one is not (the
    table gives 0) are returned so the caller can read those rolls by the rule itself.
    """
    joined = b"".join(blocks)
    if len(joined) != _DIGEST * len(blocks) or set(map(len, blocks)) - {_DIGEST}:
        # A test's stand-in MAC: every roll by the rule.
        return [bytearray(len(blocks)) for _ in reads], list(range(len(blocks)))
    columns = [bytearray(joined[k::_DIGEST].translate(table)) for k, table in reads]
    return columns, sorted({at for column in columns for at in _zeros(column)})


def _zeros(column: bytearray) -> Iterator[int]:
    at = column.find(0)
    while at != -1:
        yield at
        at = column.find(0, at + 1)


@dataclass(slots=True)
class Rolls:
    """A request's recomputed rolls as columns; iterating gives one `Roll` per roll, in order.

    Columns because a verdict holds up to 10,000 rolls and a Python object per roll costs more
    than its HMAC: `faces[k][i]` is die k of roll i (faces fit in a byte). `verify` reads the
    columns; the diagnosis and the vectors read `Roll`s.
    """

    numbers: Sequence[int]
    messages: list[str]
    faces: list[bytearray]
    labels: list[str] | None = None
    winners: dict[int, str] = field(default_factory=dict)  # position -> who won an opening roll

    def __len__(self) -> int:
        return len(self.messages)

    @property
    def dice(self) -> list[tuple[int, ...]]:
        """Each roll's dice, in order."""
        return list(zip(*self.faces, strict=True))

    def __iter__(self) -> Iterator[Roll]:
        labels: Sequence[str | None] = self.labels if self.labels is not None else [None] * len(self)
        winners = self.winners
        rows = zip(self.numbers, self.messages, self.dice, labels, strict=True)
        for at, (number, message, dice, label) in enumerate(rows):
            yield Roll(number, message, dice, label, winners.get(at))

    @classmethod
    def of(cls, rolls: Sequence[Roll]) -> "Rolls":
        """The columns of a few rolls computed one at a time."""
        faces = list(map(bytearray, zip(*[r.dice for r in rolls], strict=True)))
        return cls([r.number for r in rolls], [r.message for r in rolls], faces)

    def patch(self, at: int, roll: Roll) -> None:
        """Put the rule's own answer for one roll in place of the fast read."""
        self.messages[at] = roll.message
        for column, face in zip(self.faces, roll.dice, strict=True):
            column[at] = face


@cache
def first_bytes(sides: tuple[int, ...]) -> tuple[Read, ...]:
    """Die k from byte k, for dice of `sides`: the rule of first usable bytes when none is rejected."""
    return tuple((k, face_table(n)) for k, n in enumerate(sides))


D6_PAIR = (6, 6)
D6_TRIPLE = (6, 6, 6)


def fill(
    numbers: Sequence[int],
    messages: list[str],
    blocks: list[bytes],
    by_rule: Callable[[int, bytes], Roll],
    *,
    sides: tuple[int, ...] | None = None,
    reads: Sequence[Read] = (),
) -> Rolls:
    """Rolls from their first blocks, each short roll read by `by_rule(position, its first block)`.

    `sides`: a scheme whose dice are its blocks' first usable bytes, one per die; a short roll is
    then first read on in its own block, which nearly always has enough usable bytes. `reads`:
    another rule's fast reads instead (pair36's two dice from one byte).
    """
    faces, short = leading_faces(blocks, first_bytes(sides) if sides else reads)
    rolls = Rolls(numbers, messages, faces)
    for at in short:
        found = faces_in(blocks[at], sides) if sides else None
        if found is None:
            rolls.patch(at, by_rule(at, blocks[at]))
        else:
            for column, face in zip(faces, found, strict=True):
                column[at] = face
    return rolls
