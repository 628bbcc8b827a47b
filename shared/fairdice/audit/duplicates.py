"""Keys that more than one line has (ids, games), found with memory that does not grow with the input.

Each shard's entries come sorted, one a line: `<key>\\t<line>`, then optionally `\\t<more>` that
travels with the entry (`ids.txt`: the id as JSON and the line; `games.txt`: the game's key, the
line and its id). Keys and `more` hold no tab. The runs are merged as sorted runs are in an
external sort: at most `fan_in` runs open at once, merged into longer runs in a scratch folder
until one last merge can read them all, where equal keys meet side by side. The first occurrence
(by shard order, then line) is the original; every later one is a repeat.
"""

import heapq
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import BinaryIO, NamedTuple

FAN_IN = 128  # runs open at once (Lambda allows 1,024 files): 10,000 shards merge through one level
_CHUNK = 1 << 15  # read a run at a time: FAN_IN of them in memory at once

Opener = Callable[[], AbstractContextManager[BinaryIO]]
Run = Callable[[], AbstractContextManager[Iterator[bytes]]]


class Duplicate(NamedTuple):
    """A game whose id an earlier game already has, and the game's scheme (what its entry carried beside the line)."""

    id: str
    file: str
    line: int
    first_file: str
    first_line: int
    scheme: str


class Repeat(NamedTuple):
    """A line whose key an earlier line already has, each with the `more` its entry carried (b"" if none)."""

    key: bytes
    file: str
    line: int
    more: bytes
    first_file: str
    first_line: int
    first_more: bytes


def duplicates(
    runs: Sequence[Opener], files: Sequence[str], scratch: Path, fan_in: int = FAN_IN
) -> Iterator[Duplicate]:
    """Every repeated id across `runs`, the shards' sorted ids in shard order (`files[i]` names run i)."""
    for found in repeats(runs, files, scratch, fan_in, name="ids"):
        scheme = found.more.decode()
        yield Duplicate(json.loads(found.key), found.file, found.line, found.first_file, found.first_line, scheme)


def repeats(
    runs: Sequence[Opener], files: Sequence[str], scratch: Path, fan_in: int = FAN_IN, *, name: str = "keys"
) -> Iterator[Repeat]:
    """Every repeated key across `runs`, the shards' sorted entries in shard order (`files[i]` names run i); `name`
    tells this merge's scratch files from another's in the same folder."""
    if fan_in < 2:
        raise ValueError("a merge reads at least two runs at once")
    level: list[Run] = [partial(_tagged, run, ordinal) for ordinal, run in enumerate(runs)]
    depth = 0
    while len(level) > fan_in:
        depth += 1
        merged: list[Run] = []
        for start in range(0, len(level), fan_in):
            path = scratch / f"{name}-{depth}-{start // fan_in:06d}.txt"
            with ExitStack() as stack, path.open("wb") as out:
                streams = [stack.enter_context(run()) for run in level[start : start + fan_in]]
                out.writelines(entry + b"\n" for entry in heapq.merge(*streams))
            merged.append(partial(_stored, path))
        level = merged
    with ExitStack() as stack:
        streams = [stack.enter_context(run()) for run in level]
        yield from _repeats(heapq.merge(*streams), files)


def _repeats(entries: Iterable[bytes], files: Sequence[str]) -> Iterator[Repeat]:
    # Nearly every entry is a key of its own: only its key is read (one C call); an entry is taken apart only when it
    # repeats the first of its key, which is kept whole till then.
    first_key: bytes | None = None
    first = b""
    for entry in entries:
        key = entry.partition(b"\t")[0]
        if key == first_key:
            _, ordinal, line, *more = entry.split(b"\t", 3)
            _, first_ordinal, first_line, *first_more = first.split(b"\t", 3)
            yield Repeat(
                key,
                files[int(ordinal)],
                int(line),
                b"".join(more),
                files[int(first_ordinal)],
                int(first_line),
                b"".join(first_more),
            )
        else:
            first_key, first = key, entry


@contextmanager
def _tagged(run: Opener, ordinal: int) -> Iterator[Iterator[bytes]]:
    """A shard's sorted entries, each tagged with the shard's place in the order (`<key>\\t<ordinal>\\t<line>…`)."""
    tag = b"\t%08d\t" % ordinal
    with run() as stream:
        yield (entry.replace(b"\t", tag, 1) for entry in _lines(stream))


@contextmanager
def read_once(path: Path) -> Iterator[BinaryIO]:
    """A scratch file of sorted entries, read once and then deleted: each merge level holds every entry again, and the
    scratch space must hold no more than about one copy of them at a time (the merge function's ephemeral storage)."""
    try:
        with path.open("rb") as stream:
            yield stream
    finally:
        path.unlink(missing_ok=True)


@contextmanager
def _stored(path: Path) -> Iterator[Iterator[bytes]]:
    with read_once(path) as stream:
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
