"""Repeated ids are found by merging sorted runs, a bounded number at a time, as a set of every id would find them."""

import io
import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import BinaryIO

import pytest
from fairdice.audit.duplicates import Duplicate, Repeat, duplicates, repeats
from hypothesis import given, settings
from hypothesis import strategies as st


def scheme_of(line: int) -> str:
    """The scheme of the game on a line of these shards: any, so long as the duplicate found names its own."""
    return f"scheme-{line % 3}"


def run(ids: list[tuple[str, int]]) -> bytes:
    """A shard's ids.txt: `<id as JSON>\\t<line>\\t<scheme>` sorted."""
    return b"".join(
        sorted(b"%s\t%012d\t%s\n" % (json.dumps(i).encode(), line, scheme_of(line).encode()) for i, line in ids)
    )


def opener(data: bytes) -> Callable[[], AbstractContextManager[BinaryIO]]:
    @contextmanager
    def open_run() -> Iterator[BinaryIO]:
        yield io.BytesIO(data)

    return open_run


def brute_force(shards: list[list[tuple[str, int]]]) -> list[Duplicate]:
    seen: dict[str, tuple[str, int]] = {}
    found = []
    for ordinal, shard in enumerate(shards):
        for game_id, line in sorted(shard, key=lambda entry: entry[1]):
            if game_id in seen:
                found.append(Duplicate(game_id, f"f{ordinal}", line, *seen[game_id], scheme_of(line)))
            else:
                seen[game_id] = (f"f{ordinal}", line)
    return sorted(found)


shards_of_ids = st.lists(
    st.lists(st.text(alphabet='ab\t\n"é', min_size=1, max_size=3), max_size=8).map(
        lambda ids: [(game_id, line) for line, game_id in enumerate(ids, start=1)]
    ),
    max_size=9,
)


@settings(deadline=None)
@given(shards_of_ids, st.integers(min_value=2, max_value=4))
def test_merging_runs_a_few_at_a_time_finds_what_a_set_of_every_id_finds(
    tmp_path_factory: pytest.TempPathFactory, shards: list[list[tuple[str, int]]], fan_in: int
) -> None:
    scratch = tmp_path_factory.mktemp("ids")
    runs = [opener(run(shard)) for shard in shards]
    found = sorted(duplicates(runs, [f"f{i}" for i in range(len(shards))], scratch, fan_in=fan_in))
    assert found == brute_force(shards)
    assert not list(scratch.iterdir())  # each level's runs deleted once read: scratch holds about one copy at most


def test_the_first_game_with_an_id_is_the_one_kept_and_each_later_one_is_reported(tmp_path: Path) -> None:
    shards = [[("g1", 1), ("g2", 2)], [("g2", 1), ("g3", 2)], [("g2", 5)]]
    found = list(duplicates([opener(run(s)) for s in shards], ["a", "b", "c"], tmp_path, fan_in=2))
    assert found == [Duplicate("g2", "b", 1, "a", 2, "scheme-1"), Duplicate("g2", "c", 5, "a", 2, "scheme-2")]


def test_any_key_repeats_as_ids_do_and_each_entry_carries_what_follows_its_line(tmp_path: Path) -> None:
    shards = [[b'k1\t000000000001\t"a"', b'k2\t000000000002\t"b"'], [b'k2\t000000000001\t"c"', b"k3\t000000000002"]]
    runs = [opener(b"".join(entry + b"\n" for entry in sorted(s))) for s in shards]
    found = list(repeats(runs, ["x", "y"], tmp_path, name="games"))
    assert found == [Repeat(b"k2", "y", 1, b'"c"', "x", 2, b'"b"')]
