"""Ids used by more than one game, found with memory that does not grow with the input.

Each shard's ids come sorted (`ids.txt`: `<id as JSON>\\t<line>`). They are merged as sorted runs
are in an external sort: at most `fan_in` runs open at once, merged into longer runs in a scratch
folder until one last merge can read them all, where equal ids meet side by side. The first
occurrence (by shard order, then line) is the game; every later one is a duplicate.
"""

import heapq
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import BinaryIO, NamedTuple

FAN_IN = 64
_CHUNK = 1 << 16

Opener = Callable[[], AbstractContextManager[BinaryIO]]
Run = Callable[[], AbstractContextManager[Iterator[bytes]]]


class Duplicate(NamedTuple):
    """A game whose id an earlier game already has."""

    id: str
    file: str
    line: int
    first_file: str
    first_line: int


def duplicates(
    runs: Sequence[Opener], files: Sequence[str], scratch: Path, fan_in: int = FAN_IN
) -> Iterator[Duplicate]:
    """Every repeated id across `runs`, the shards' sorted ids in shard order (`files[i]` names run i)."""
    if fan_in < 2:
        raise ValueError("a merge reads at least two runs at once")
    level: list[Run] = [partial(_tagged, run, ordinal) for ordinal, run in enumerate(runs)]
    depth = 0
    while len(level) > fan_in:
        depth += 1
        merged: list[Run] = []
        for start in range(0, len(level), fan_in):
            path = scratch / f"ids-{depth}-{start // fan_in:06d}.txt"
            with ExitStack() as stack, path.open("wb") as out:
                streams = [stack.enter_context(run()) for run in level[start : start + fan_in]]
                out.writelines(entry + b"\n" for entry in heapq.merge(*streams))
            merged.append(partial(_stored, path))
        level = merged
    with ExitStack() as stack:
        streams = [stack.enter_context(run()) for run in level]
        yield from _repeats(heapq.merge(*streams), files)


def _repeats(entries: Iterable[bytes], files: Sequence[str]) -> Iterator[Duplicate]:
    first: tuple[bytes, int, int] | None = None
    for entry in entries:
        game_id, ordinal, line = entry.split(b"\t")
        if first is not None and first[0] == game_id:
            yield Duplicate(json.loads(game_id), files[int(ordinal)], int(line), files[first[1]], first[2])
        else:
            first = (game_id, int(ordinal), int(line))


@contextmanager
def _tagged(run: Opener, ordinal: int) -> Iterator[Iterator[bytes]]:
    """A shard's sorted ids, each tagged with the shard's place in the order (`<id>\\t<ordinal>\\t<line>`)."""
    tag = b"\t%08d\t" % ordinal
    with run() as stream:
        yield (game_id + tag + line for game_id, _, line in map(_split, _lines(stream)))


def _split(entry: bytes) -> tuple[bytes, bytes, bytes]:
    return entry.rpartition(b"\t")


@contextmanager
def _stored(path: Path) -> Iterator[Iterator[bytes]]:
    with path.open("rb") as stream:
        yield _lines(stream)


def _lines(stream: BinaryIO) -> Iterator[bytes]:
    """A stream's lines without their newlines, read a chunk at a time (S3 bodies do not iterate by line)."""
    pending = b""
    while chunk := stream.read(_CHUNK):
        pieces = (pending + chunk).split(b"\n")
        pending = pieces.pop()
        yield from pieces
    if pending:
        yield pending
