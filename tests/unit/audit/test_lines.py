"""Shards to numbered lines: every line accounted for, memory bounded by the cap, a broken stream reported."""

import gzip
import hashlib
import io
import zlib
from pathlib import Path
from unittest import mock

import pytest
from fairdice.audit import lines
from fairdice.audit.lines import Unreadable, lines_sha256, numbered_lines
from fairdice.storage import Hashed
from hypothesis import assume, given
from hypothesis import strategies as st


def read(data: bytes, name: str = "shard.jsonl", cap: int = 100) -> list[tuple[int, bytes | Unreadable]]:
    return list(numbered_lines(io.BytesIO(data), name, cap))


def test_lines_are_numbered_from_1_and_blank_lines_count_without_being_given() -> None:
    data = b'{"a": 1}\n\n   \n{"b": 2}\r\n{"c": 3}'
    assert read(data) == [(1, b'{"a": 1}'), (4, b'{"b": 2}\r'), (5, b'{"c": 3}')]


def test_a_line_over_the_cap_is_reported_by_number_and_the_next_line_is_read() -> None:
    data = b"x" * 101 + b"\n" + b'{"ok": 1}\n' + b"y" * 500
    got = read(data)
    assert got[0][0] == 1 and isinstance(got[0][1], Unreadable) and got[0][1].code == "line_too_long"
    assert got[1] == (2, b'{"ok": 1}')
    assert got[2][0] == 3 and isinstance(got[2][1], Unreadable)


def test_gzip_shards_are_read_when_the_name_ends_in_gz_members_and_all() -> None:
    data = gzip.compress(b'{"a": 1}\n') + gzip.compress(b'{"b": 2}\n')
    assert read(data, "shard.jsonl.gz") == [(1, b'{"a": 1}'), (2, b'{"b": 2}')]


@pytest.mark.parametrize("name", ["shard.jsonl", "shard", "a.jsonl"])
@pytest.mark.parametrize("chunk", [1, 2, 1 << 20])
def test_gzip_data_is_read_as_gzip_whatever_the_name_by_its_first_bytes(name: str, chunk: int) -> None:
    # Given gzip under a name that does not end in .gz (a plain file, or a link so named to a .gz file), read in reads
    # of any size (review: read as text, each line a finding that it was not JSON, none of its games audited)
    first, second = gzip.compress(b'{"a": 1}\n'), gzip.compress(b'{"b": 2}\n')
    with mock.patch.object(lines, "_CHUNK", chunk):
        # Then its lines are read, as under a .gz name
        assert read(first + second, name) == [(1, b'{"a": 1}'), (2, b'{"b": 2}')]
        # and a member of it cut short is a finding that says why it was read as gzip
        (_, (line, broken)) = read(first + second[:5], name)
    assert line == 2 and isinstance(broken, Unreadable) and "truncated" in broken.message
    assert broken.message.startswith("read as gzip, as its first bytes are gzip's (1f 8b)")
    # And text, and a file of one byte, are read as text
    assert read(b'{"a": 1}\n', name) == [(1, b'{"a": 1}')]
    assert read(b"\x1f", name) == [(1, b"\x1f")]


def test_a_truncated_gzip_member_ends_the_shard_at_the_line_where_it_broke() -> None:
    whole = gzip.compress(b"".join(b'{"game": %d}\n' % n for n in range(1, 20001)))
    cut = whole[: len(whole) // 2]
    got = read(cut, "shard.jsonl.gz")
    *games, (line, broken) = got
    # Nothing that could be decompressed before the break is lost: every complete line in it is given.
    readable = zlib.decompressobj(wbits=31).decompress(cut)
    assert len(games) == readable.count(b"\n") > 1000
    assert [number for number, _ in games] == list(range(1, len(games) + 1))
    assert line == len(games) + 1
    assert isinstance(broken, Unreadable) and broken.code == "unreadable_input"
    assert "truncated" in broken.message and "shard.jsonl.gz" in broken.message


@pytest.mark.parametrize("name", ["shard.jsonl.gz", "SHARD.JSONL.GZ"])
def test_a_gz_file_of_no_bytes_is_cut_short_not_empty_and_the_name_is_read_in_any_case(name: str) -> None:
    # A gzip file holds at least one member: one of no bytes was cut short (gzip -t says so), where a member of no
    # lines is empty
    ((line, broken),) = read(b"", name)
    assert line == 1 and isinstance(broken, Unreadable) and "truncated" in broken.message
    assert read(gzip.compress(b""), name) == []
    assert read(gzip.compress(b'{"a": 1}\n'), name) == [(1, b'{"a": 1}')]
    assert read(b"", "shard.jsonl") == []


def test_data_that_is_not_gzip_under_a_gz_name_is_reported_at_line_1() -> None:
    (line, broken), *_ = read(b'{"plain": true}\n', "shard.jsonl.gz")
    assert line == 1 and isinstance(broken, Unreadable) and "gzip" in broken.message


def _member(first: int, count: int) -> bytes:
    """A gzip member of `count` games numbered from `first`, a line each."""
    return gzip.compress(b"".join(b'{"game": %d}\n' % n for n in range(first, first + count)))


@pytest.mark.parametrize("padding", [1, 511, 512, 513, 10_000, (1 << 20) + 1])
def test_zero_bytes_padding_a_gzip_file_are_passed_over_as_gzip_passes_them(padding: int) -> None:
    # Given a gzip file padded with zeros at its end, as tape tools and some uploaders pad (gzip -t accepts it)
    data = _member(1, 3) + b"\0" * padding
    # Then its games are read, numbered as without the padding, and the padding is no finding
    assert read(data, "shard.jsonl.gz") == [(n, b'{"game": %d}' % n) for n in (1, 2, 3)]
    assert gzip.decompress(data) == b"".join(b'{"game": %d}\n' % n for n in (1, 2, 3))


@given(
    members=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 600)), min_size=1, max_size=4),
    chunk=st.integers(1, 64),
)
def test_zeros_after_any_member_in_reads_of_any_size_are_passed_over_as_pythons_gzip_does(
    members: list[tuple[int, int]], chunk: int
) -> None:
    # Given gzip members of a few games each (or none), each followed by zeros (or none), read in chunks of any size
    data, first = b"", 1
    for count, zeros in members:
        data, first = data + _member(first, count) + b"\0" * zeros, first + count
    with mock.patch.object(lines, "_CHUNK", chunk):
        got = read(data, "shard.jsonl.gz")
    # Then the lines are those Python's gzip module reads, numbered alike, with no finding
    assert got == read(gzip.decompress(data)) == [(n, b'{"game": %d}' % n) for n in range(1, first)]


@pytest.mark.parametrize(
    "after",
    [b"x", b"\x1f", b"\0\0garbage", b"\0" * 600 + b"PK\3\4", _member(4, 2)[:15], b"\0" * 3 + _member(4, 2)[:15]],
    ids=["a byte", "half a magic", "zeros, garbage", "zeros, a zip", "a cut member", "zeros, a cut member"],
)
@pytest.mark.parametrize("chunk", [1, 7, 1 << 20])
def test_what_follows_a_member_and_its_zeros_that_is_not_a_gzip_member_is_still_a_finding(
    after: bytes, chunk: int
) -> None:
    # Given a gzip member followed by bytes that are not a whole member, after zeros or not
    data = _member(1, 3) + after
    with mock.patch.object(lines, "_CHUNK", chunk):
        *games, (line, broken) = read(data, "shard.jsonl.gz")
    # Then its games are read, and the shard ends with a finding on the line after them, as Python's gzip refuses it
    assert games == [(n, b'{"game": %d}' % n) for n in (1, 2, 3)]
    assert line == 4 and isinstance(broken, Unreadable) and broken.code == "unreadable_input"
    with pytest.raises((OSError, EOFError)):
        gzip.decompress(data)


@pytest.mark.parametrize("data", [b"\0", b"\0" * 512, b"\0" * 512 + _member(1, 3)], ids=["1", "512", "then a member"])
def test_zeros_are_padding_only_after_a_member_a_file_that_starts_with_them_is_not_gzip(data: bytes) -> None:
    # Given a `.gz` file of zeros alone, or zeros before its first member
    ((line, broken),) = read(data, "shard.jsonl.gz")
    # Then it is a finding at line 1, as gzip refuses it: padding follows a member
    assert line == 1 and isinstance(broken, Unreadable) and broken.code == "unreadable_input"
    with pytest.raises(OSError):
        gzip.decompress(data)


def test_the_hash_covers_every_byte_even_when_reading_stopped_at_a_broken_member() -> None:
    raw = gzip.compress(b'{"a": 1}\n' * 1000)[:-20]
    hashed = Hashed(io.BytesIO(raw))
    list(numbered_lines(hashed, "s.jsonl.gz"))
    assert hashed.finish() == hashlib.sha256(raw).hexdigest()
    assert hashed.bytes == len(raw)


def test_the_hash_is_of_the_bytes_read_not_of_bytes_a_file_is_given_after_its_end_was_read(tmp_path: Path) -> None:
    # Given a shard read to its end, then appended to (a file still being written as it is audited)
    shard = tmp_path / "s.jsonl"
    shard.write_bytes(b'{"a": 1}\n')
    with shard.open("rb") as raw:
        hashed = Hashed(raw)
        assert list(numbered_lines(hashed, str(shard))) == [(1, b'{"a": 1}')]
        with shard.open("ab") as writer:
            writer.write(b'{"b": 2}\n')
        # When it is hashed, Then the digest and count are of the line read, not of the one never read
        assert hashed.finish() == hashlib.sha256(b'{"a": 1}\n').hexdigest()
    assert hashed.bytes == 9


def test_nul_bytes_that_no_blank_line_in_utf16_or_utf32_leaves_are_a_line_given_not_passed_over() -> None:
    # Given a line feed's NUL bytes after the last line in little-endian UTF-16, and a file whose tail a crash zeroed
    utf16 = '{"a": 1}\r\n'.encode("utf-16-le")
    zeroed = b'{"a": 1}\n' + b"\0" * 4096
    # Then the first is a blank line (the file's one line is its only one), the second a line given, to be a finding
    assert [number for number, _ in read(utf16, cap=10_000)] == [1]
    assert read(zeroed, cap=10_000) == [(1, b'{"a": 1}'), (2, b"\0" * 4096)]


@given(
    st.lists(st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"")), max_size=40),
    st.integers(min_value=1, max_value=64),
    st.booleans(),
)
def test_any_split_into_chunks_gives_the_same_lines(body: list[bytes], chunk: int, final_newline: bool) -> None:
    # Given lines cut into reads of any size, with a cap of 20 bytes a line (not starting as gzip does: read as gzip)
    data = b"\n".join(body) + (b"\n" if final_newline and body else b"")
    assume(not data.startswith(lines.GZIP_MAGIC))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines, "_CHUNK", chunk)
        got = read(data, cap=20)
    # Then every non-blank line comes with its number, too long ones (without a CR LF ending's CR) as a report
    expected = [
        (n, Unreadable("line_too_long", "") if _length(text) > 20 else text)
        for n, text in enumerate(body, start=1)
        if _length(text) > 20 or not _blank(text)
    ]
    assert [(n, item.code if isinstance(item, Unreadable) else item) for n, item in got] == [
        (n, item.code if isinstance(item, Unreadable) else item) for n, item in expected
    ]


def _blank(line: bytes) -> bool:
    """A blank line: white space alone, or what a blank line leaves in little-endian UTF-16 or UTF-32 (the NUL bytes of
    the line feed before it, then white space in that encoding)."""
    for encoding, feed in (("ascii", b""), ("utf-16-le", b"\0"), ("utf-32-le", b"\0\0\0")):
        try:
            text = line.removeprefix(feed).decode(encoding) if line.startswith(feed) else "x"
        except UnicodeDecodeError:
            continue
        if text.strip(" \t\r\x0b\x0c") == "":
            return True
    return False


def _length(line: bytes) -> int:
    """A line's length as the cap counts it: without the CR of a CR LF ending (a last line's CR, LF or none)."""
    return len(line) - line.endswith(b"\r")


@given(
    size=st.sampled_from([19, 20, 21]),
    ending=st.sampled_from([b"\n", b"\r\n", b"", b"\r"]),
    followed=st.booleans(),
    chunk=st.integers(1, 64),
    compressed=st.booleans(),
)
def test_the_cap_is_on_a_line_without_its_ending_lf_or_cr_lf_wherever_the_chunks_end(
    size: int, ending: bytes, followed: bool, chunk: int, compressed: bool
) -> None:
    # Given a line of one byte under the cap of 20, the cap or one over it, ended by LF or CR LF and followed by
    # another line, or last (then also with a CR alone or no ending), read plain or gzipped in chunks of any size
    line = b"a" * size
    data = line + ending + (b'{"next": 1}\n' if followed and ending.endswith(b"\n") else b"")
    name = "shard.jsonl"
    if compressed:
        data, name = gzip.compress(data), name + ".gz"
    with mock.patch.object(lines, "_CHUNK", chunk):
        got = read(data, name, cap=20)
    # Then it is read (with the CR of its ending, as read) exactly when it is no longer than the cap without its
    # ending, whichever ending it has; a last line's CR, the end of the file after it, is its ending's too
    first = (
        line + ending.removesuffix(b"\n")
        if size <= 20
        else Unreadable("line_too_long", lines._too_long(20, False).message)
    )
    assert got[0] == (1, first)
    assert got[1:] == ([(2, b'{"next": 1}')] if followed and ending.endswith(b"\n") else [])


@pytest.mark.parametrize("size", [lines.MAX_LINE_BYTES - 1, lines.MAX_LINE_BYTES, lines.MAX_LINE_BYTES + 1])
@pytest.mark.parametrize("ending", [b"\n", b"\r\n"], ids=["LF", "CR LF"])
@pytest.mark.parametrize("chunk", [1 << 20, lines.MAX_LINE_BYTES + 1], ids=["1 MiB", "CR ending a chunk"])
@pytest.mark.parametrize("name", ["shard.jsonl", "shard.jsonl.gz"])
def test_a_line_of_the_real_cap_is_read_whether_it_ends_in_lf_or_cr_lf(
    size: int, ending: bytes, chunk: int, name: str
) -> None:
    # Given a line of 1 MiB, a byte less or a byte more, ended by LF or CR LF, then another line; plain or gzipped, read
    # in chunks of 1 MiB (the CR LF after a line of 1 MiB starts the next) or of a byte more (its CR ends the first)
    data = b"a" * size + ending + b'{"next": 1}\n'
    if lines.is_gzip(name):
        data = gzip.compress(data)
    with mock.patch.object(lines, "_CHUNK", chunk):
        (number, first), second = list(numbered_lines(io.BytesIO(data), name))
    # Then the line is read when it is no longer than 1 MiB without its ending, and is too long when it is
    assert number == 1 and second == (2, b'{"next": 1}')
    if size <= lines.MAX_LINE_BYTES:
        assert first == b"a" * size + ending.removesuffix(b"\n")
    else:
        assert (
            isinstance(first, Unreadable)
            and first.code == "line_too_long"
            and not first.message.endswith(lines.LONE_CR)
        )


@pytest.mark.parametrize("chunk", range(1, 26))
def test_a_return_after_a_line_of_the_cap_that_no_line_feed_follows_is_within_the_line(chunk: int) -> None:
    # Given a line of the cap of 20 and a CR that a byte other than LF follows, read in chunks of any size (those of
    # 21 bytes hold the line and the CR, as a CR LF ending's, until the next byte comes)
    data = b"a" * 20 + b"\r" + b"b\n" + b'{"next": 1}'
    with mock.patch.object(lines, "_CHUNK", chunk):
        (number, too_long), second = read(data, cap=20)
    # Then the line is over the cap, and holds a carriage return within it
    assert number == 1 and isinstance(too_long, Unreadable) and too_long.code == "line_too_long"
    assert too_long.message.endswith(lines.LONE_CR) and second == (2, b'{"next": 1}')


def test_a_blocks_digest_changes_with_any_line_its_number_or_why_it_was_unreadable() -> None:
    block = [(1, b'{"a": 1}'), (3, b'{"b": 2}'), (4, Unreadable("line_too_long", "too long"))]
    same = lines_sha256(block)
    assert lines_sha256(list(block)) == same
    others = [
        [(1, b'{"a": 2}'), *block[1:]],
        [(2, b'{"a": 1}'), *block[1:]],
        [*block[:2], (4, Unreadable("unreadable_input", "too long"))],
        [*block[:2], (4, b"!line_too_long\ttoo long")],  # a line that reads like the marker is still another line
        block[:2],
    ]
    assert len({same, *map(lines_sha256, others)}) == 1 + len(others)


def test_a_line_too_long_that_holds_carriage_returns_says_lines_ending_in_cr_alone_read_as_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a file whose lines end in CR alone (as old Mac programs wrote them), longer than the cap as one line, and
    # one whose lines end in CR LF, with one line over the cap
    alone = b"\r".join(b'{"game": %d}' % n for n in range(20))
    ended = b"\r\n".join([b'{"game": 1}', b"x" * 150, b'{"game": 3}'])
    # Then the first is one line too long, which says why; the second's long line is only too long
    ((line, too_long),) = read(alone)
    assert line == 1 and isinstance(too_long, Unreadable) and too_long.code == "line_too_long"
    assert too_long.message.endswith(lines.LONE_CR)
    got = read(ended)
    assert [number for number, _ in got] == [1, 2, 3]
    assert isinstance(got[1][1], Unreadable) and got[1][1].message == lines._too_long(100, 0).message
    # and so is it when a line feed ends the long line, in the same chunk or after chunks of a few bytes, its carriage
    # returns counted in every one
    ended_too = read(alone + b"\n" + b'{"game": 99}')
    assert isinstance(ended_too[0][1], Unreadable) and ended_too[0][1].message.endswith(lines.LONE_CR)
    monkeypatch.setattr(lines, "_CHUNK", 7)
    with_ends = read(alone + b"\n" + b'{"game": 99}', cap=30)
    assert isinstance(with_ends[0][1], Unreadable) and with_ends[0][1].message.endswith(lines.LONE_CR)
    assert with_ends[1] == (2, b'{"game": 99}')


def _with_returns(size: int, at: list[int]) -> bytes:
    """A line of `size` a's with carriage returns in place of those at `at`."""
    line = bytearray(b"a" * size)
    for place in at:
        line[place % size] = ord("\r")
    return bytes(line)


@given(
    line=st.builds(_with_returns, st.integers(32, 80), st.lists(st.integers(0, 79), max_size=3)),
    chunk=st.integers(1, 40),
    ended=st.booleans(),
)
def test_a_line_too_long_is_said_to_hold_returns_within_it_exactly_when_the_same_line_held_would_be(
    line: bytes, chunk: int, ended: bool
) -> None:
    # Given a line over the cap of a, b and carriage returns (over it too without a return at its end, which the cap
    # does not count), read in chunks of any size, ended by a line feed or not
    with mock.patch.object(lines, "_CHUNK", chunk):
        ((number, too_long),) = read(line + (b"\n" if ended else b""), cap=30)
    # Then its finding says it holds carriage returns within it just when `lone_returns` says so of the line itself
    assert number == 1 and isinstance(too_long, Unreadable)
    assert too_long.message.endswith(lines.LONE_CR) == lines.lone_returns(line)
