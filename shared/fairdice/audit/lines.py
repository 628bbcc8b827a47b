"""A shard's bytes to numbered lines, in memory bounded by one line's cap whatever the shard holds.

A shard is JSON Lines, gzip-compressed when its name ends in `.gz` or its bytes start as gzip's do
(concatenated gzip members are read as one stream, zero bytes padding them passed over, as gzip
itself reads them). A line longer
than the cap is never held: it is skipped to its end and reported by number. A stream that breaks
(a truncated gzip member, corrupt data, a read error) ends the shard with one report naming the
line where it broke; the lines before it stand.
"""

import hashlib
import itertools
import re
import zlib
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from fairdice.storage import Readable

MAX_LINE_BYTES = 1 << 20  # the verify API's body cap: a game too large to POST is too large here
MAX_ID = 128  # a game's id: text of 1 to this many characters
_CHUNK = 1 << 20
_GZIP = 16 + zlib.MAX_WBITS  # zlib's window bits for a gzip header and trailer
GZIP_MAGIC = b"\x1f\x8b"  # the first two bytes of every gzip member
# The way `numbered_lines` reads a file, numbered: raise it whenever the lines a file gives change (a byte read as a
# line's end, a line read as blank, a file read as gzip that was not). A resumed audit checks each block done against
# the digest of its lines, which another way of reading makes of other lines: the same file was refused as changed
# (review: a UTF-16 file, or gzip under a name without `.gz`, audited before such a change and resumed after it).
LINES_VERSION = 1


class Unreadable(NamedTuple):
    """A line that could not be read, as the API's error shape names it: a code and words."""

    code: str
    message: str


Line = tuple[int, bytes | Unreadable]


def lines_sha256(lines: Iterable[Line]) -> str:
    """The SHA-256, in hex, of numbered lines as read: each line's number and bytes (or why it could not be read).
    Two blocks with the same digest hold the same games on the same lines."""
    digest = hashlib.sha256()
    for number, item in lines:
        read = b"=" + item if isinstance(item, bytes) else f"!{item.code}\t{item.message}".encode()
        digest.update(b"%d\t%s\n" % (number, read))
    return digest.hexdigest()


def is_gzip(name: str) -> bool:
    """Shards whose name ends in `.gz` (in any case: `.GZ`) are gzip-compressed."""
    return name.lower().endswith(".gz")


def numbered_lines(raw: Readable, name: str, max_bytes: int = MAX_LINE_BYTES) -> Iterator[Line]:
    """Every non-blank line of a shard with its number (from 1), or why it could not be read.

    Blank lines are counted but not given: they hold no game (`_blank`: in little-endian UTF-16 or UTF-32 too). A line's
    ending, LF or CR LF, is not part of it: the cap is on the bytes before it, whichever ending a file uses (a line
    given keeps a CR LF ending's CR, as read).
    """
    chunks = _decompressed(raw, name)
    number = 0  # lines ended so far
    pending = b""  # the start of the line being read
    too_long = False
    # Of the part of a line too long that was skipped: whether a carriage return came before a later byte (as
    # `lone_returns` says of a line held), and whether it ends in one so far.
    within = trailing = False
    while True:
        try:
            chunk = next(chunks)
        except StopIteration:
            break
        except (EOFError, OSError, zlib.error) as exc:
            yield number + 1, _broken(exc, name)
            return
        pieces = chunk.split(b"\n")
        for piece in pieces[:-1]:
            number += 1
            if too_long or _over(pending, piece, max_bytes):
                for part in (pending, piece):
                    within, trailing = _skipped(part, within, trailing)
                yield number, _too_long(max_bytes, within)
            else:
                line = pending + piece
                if not _blank(line):
                    yield number, line
            pending, too_long, within, trailing = b"", False, False, False
        tail = pieces[-1]
        if too_long or _over(pending, tail, max_bytes):
            for part in (pending, tail):
                within, trailing = _skipped(part, within, trailing)
            pending, too_long = b"", True  # skipped to its end, never held
        else:
            pending += tail
    # The end of the file ends a last line without a line feed as a line feed would: a carriage return it ends in is
    # that of a CR LF ending whose LF is missing (as `lone_returns` has it, it is not within the line), so a last
    # line of the cap and a CR is read, as it would be with the LF.
    if too_long:
        yield number + 1, _too_long(max_bytes, within)
    elif not _blank(pending):
        yield number + 1, pending


# What a blank line leaves in little-endian UTF-16 or UTF-32 (as Windows PowerShell writes a file): the NUL bytes of
# the line feed before it, then white space. The same NUL bytes after the last line are one alone. Each was a finding
# more than the file has lines (review). NUL bytes of any other length, such as a file's tail zeroed by a crash, are
# no blank line: their finding stays.
_LITTLE_ENDIAN_BLANK = re.compile(rb"\0(?:[ \t\r\x0b\x0c]\0)*|\0\0\0(?:[ \t\r\x0b\x0c]\0\0\0)*")


def _blank(line: bytes) -> bool:
    """Whether a line holds no game: white space alone, in UTF-8 or in little-endian UTF-16 or UTF-32."""
    return not line or line.isspace() or (line[:1] == b"\0" and _LITTLE_ENDIAN_BLANK.fullmatch(line) is not None)


def _over(pending: bytes, part: bytes, max_bytes: int) -> bool:
    """Whether a line, `pending` and then `part` (all of it, or its start so far), is longer than `max_bytes` without
    the CR of a CR LF ending.

    One carriage return at its end is not counted: before a line feed it is the ending's. At the end of a line's start
    it may be too, the line feed in the next chunk; if another byte comes next, the line is judged again with that
    byte and the return counted. So a line is held to the cap and one byte more, and cut only when over the cap.
    """
    last = part[-1:] or pending[-1:]
    return len(pending) + len(part) - (last == b"\r") > max_bytes


def _read(raw: Readable) -> Iterator[bytes]:
    while chunk := raw.read(_CHUNK):
        yield chunk


def _decompressed(raw: Readable, name: str) -> Iterator[bytes]:
    """A shard's bytes as they come, gunzipped where its name ends in `.gz` or its bytes start as a gzip member's do
    (1f 8b), whatever its name: gzip under `games.jsonl`, or a link of that name to `games.jsonl.gz`, was read as text,
    each of its lines a finding that it was not JSON, and none of its games audited (review). No line of JSON Lines
    starts so (0x1f is a control character JSON does not allow there, 0x8b no UTF-8 character's first byte)."""
    chunks = _read(raw)
    start = b""
    for chunk in chunks:  # a read may give fewer bytes than tell gzip apart
        start += chunk
        if len(start) >= len(GZIP_MAGIC):
            break
    given = itertools.chain((start,) if start else (), chunks)
    yield from _gunzipped(given) if is_gzip(name) or start.startswith(GZIP_MAGIC) else given


def _gunzipped(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The decompressed bytes of gzip members one after another, as they come.

    zlib rather than GzipFile: GzipFile drops what it decompressed in a read that meets a
    truncated member, where this gives every byte up to the break before raising EOFError.
    Each step's output is capped at a chunk, so a small input that inflates hugely stays small.
    Zero bytes after a member are skipped, as gzip itself skips them (tape tools and uploaders pad files with zeros).
    """
    inflater = zlib.decompressobj(wbits=_GZIP)
    fed = False  # whether any byte of the member being read was given to its inflater
    ended = False  # whether a member ended: zeros up to the next one are padding, not a member
    empty = True  # a file of no bytes holds no gzip member, not an empty one: it was cut short
    for chunk in chunks:
        empty = False
        data = chunk
        while data:
            if ended and not fed:
                # Padding, as gzip reads it (CPython's gzip._GzipReader._read_eof): zeros after a member, before the
                # next or the end, are passed over. Only after a member: a file of zeros alone holds none, and is
                # corrupt; any other byte there starts a member, and is a finding when it is not one.
                data = data.lstrip(b"\0")
                if not data:
                    break
            fed = True
            out = inflater.decompress(data, _CHUNK)
            if out:
                yield out
            if inflater.eof:  # a member ended: another may follow
                data = inflater.unused_data
                inflater = zlib.decompressobj(wbits=_GZIP)
                fed, ended = False, True
            else:
                data = inflater.unconsumed_tail
    if fed or empty:
        if rest := inflater.flush():
            yield rest
        if not inflater.eof:
            raise EOFError("compressed file ended before the end-of-stream marker was reached")


def _too_long(max_bytes: int, returns_within: bool) -> Unreadable:
    words = f"the line is longer than {max_bytes:,} bytes, the most a game may take"
    return Unreadable("line_too_long", words + (LONE_CR if returns_within else ""))


def _skipped(part: bytes, within: bool, trailing: bool) -> tuple[bool, bool]:
    """`within` and `trailing` of a skipped line (see `numbered_lines`) once `part` of it is skipped too."""
    if not part:
        return within, trailing
    return within or lone_returns(part) or (trailing and part[:1] != b"\r"), part.endswith(b"\r")


# Said of a line that cannot be read and holds carriage returns within it: a file of lines ended by CR alone (as old Mac
# programs wrote them) reads as one line, which is not JSON or is too long.
LONE_CR = (
    "; it holds carriage returns (CR) within it: JSON Lines ends each line with a line feed (LF), and a file whose"
    " lines end in CR alone is read as one line"
)


def lone_returns(line: bytes) -> bool:
    """Whether a line holds a carriage return before its end (those at its end are a CR LF ending's)."""
    return b"\r" in line.rstrip(b"\r")


# Said of a line that cannot be read and holds NUL bytes: text in UTF-16 or UTF-32, whose every ASCII character has NUL
# bytes beside it; little-endian (as Windows PowerShell writes a file) leaves a line feed's after it, read as the next
# line's start (`_blank`). Short enough that the longest reason json gives before it stays within problems.MAX_MESSAGE
# (review: 342 characters)
NUL_WITHIN = (
    "; it holds NUL bytes (0x00), as UTF-16 or UTF-32 text does: JSON Lines is UTF-8 (in little-endian, each line"
    " feed's NUL bytes are read as the next line's start)"
)


def unread_because(line: bytes) -> str:
    """What a line that cannot be read holds that says why: NUL bytes, or else carriage returns within it (in UTF-16,
    a CR LF's CR has a NUL byte after it, and is no CR alone)."""
    return NUL_WITHIN if b"\0" in line else LONE_CR if lone_returns(line) else ""


def _broken(exc: BaseException, name: str) -> Unreadable:
    if isinstance(exc, EOFError):
        words = "the file ends in the middle of a gzip member (truncated)"
    elif isinstance(exc, zlib.error):
        words = f"the gzip data is corrupt ({exc})"
    else:
        words = f"the file could not be read ({exc})"
    if not isinstance(exc, OSError) and not is_gzip(name):  # read as gzip for its first bytes alone: said why
        words = f"read as gzip, as its first bytes are gzip's (1f 8b) though its name does not end in .gz: {words}"
    return Unreadable("unreadable_input", f"{words}: this line and any after it in {name} were not read")
