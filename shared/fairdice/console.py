"""What every `fairdice` command shares: its exit statuses, a verdict's status, how it reads an option, prints, and
reads the clock. The commands (`fairdice.cli`, `fairdice.daily_cli`, `fairdice.audit.cli`) import it; it imports
none of them."""

import argparse
import codecs
import contextlib
import datetime as dt
import errno
import json
import os
import re
import sys
from collections.abc import Callable
from typing import TypeVar

from pydantic import ValidationError

from fairdice.markup import code_point
from fairdice.problems import describe
from fairdice.prose import shows_nothing
from fairdice.verdict import Verdict

EXIT_OK = 0
EXIT_MISMATCH = 1
EXIT_BAD_INPUT = 2
EXIT_UNAVAILABLE = 3  # the daily archive could not be read, or the output could not be written (`Unwritten`)
EXIT_NOT_PROVEN = 4  # incomplete or withheld: nothing contradicts the rolls, but they are not proven fair
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C ended

T = TypeVar("T")


def argument(check: Callable[[str], T]) -> Callable[[str], T]:
    """An option's type from a validator of the core: what it refuses (ValueError, a ValidationError's first problem)
    is the option's error, in the validator's words. One way for every option the commands check."""

    def read(text: str) -> T:
        try:
            return check(text)
        except ValidationError as exc:
            raise argparse.ArgumentTypeError(describe(exc)[0].message) from None
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def not_empty(what: str, kind: Callable[[str], T], hint: str | None = ". for this one") -> Callable[[str], T]:
    """An option's file or folder, read as `kind`; an empty one is refused, naming `what` to give, and the `hint` beside
    it, if any (a folder's `.`, a request's `- for stdin`): Path("") is this folder, so an unset variable ("$OUT",
    "$GAMES", "$DIR") would act on whatever is here, or an empty name was said as some other mistake (reviews). One
    rule for every command's paths."""

    def read(text: str) -> T:
        if not text:
            raise argparse.ArgumentTypeError(f"is empty: name {what}" + (f" ({hint})" if hint else ""))
        return kind(text)

    return read


def clock() -> dt.datetime:
    """The time now, in UTC: a command reads it once, for the days that are not over yet."""
    return dt.datetime.now(dt.UTC)


def verdict_status(verdict: Verdict) -> int:
    """The exit status of a command that prints a verdict: 0 for fair alone (review: a script's `fairdice verify … &&`
    took an incomplete game, or a day withheld, for a fair one), 1 for a mismatch, 4 for a verdict short of fair."""
    return {"fair": EXIT_OK, "mismatch": EXIT_MISMATCH}.get(verdict.verdict, EXIT_NOT_PROVEN)


class Unwritten(Exception):
    """stdout refused a command's output (a full disk, a device's error): the status of what it says is then not the
    command's, as what it says is lost (`EXIT_UNAVAILABLE`)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.words = error.strerror or str(error)


def emit(text: str) -> None:
    """Print a command's output. A reader that stops reading (`fairdice check LINK | head`) is no error: the rest is
    dropped, and the command still exits with its own status. Output that cannot be written otherwise (`> verdict.json`
    on a full disk) is `Unwritten` (review: a traceback and exit 1, a mismatch's status, for a fair game), and so is a
    stdout the command was started without (`>&-`), which Python gives as None and print() writes nothing to, unsaid
    (review: the status of the verdict no one saw)."""
    if sys.stdout is None:
        raise Unwritten(OSError(errno.EBADF, "stdout is closed"))
    encoding = getattr(sys.stdout, "encoding", None)  # None: a text buffer (StringIO), which holds any character
    if encoding is not None:
        try:
            text.encode(encoding, sys.stdout.errors or "strict")
        except UnicodeEncodeError:
            # A character stdout's encoding has not (a folder's name in Cyrillic, the audit's `--out`, where stdout is
            # Latin-1, or a file on Windows): as its escape, \u0416 (review: a traceback, and the audit's exit 1)
            text = text.encode(encoding, "backslashreplace").decode(encoding)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        _dropped()
    except OSError as exc:
        _dropped()
        raise Unwritten(exc) from None


def say(text: str) -> None:
    """Write a line on stderr, every character in it that prints nothing as its code point (`printable`). A stderr that
    refuses it (a full disk) leaves it unsaid, and the command ends with its own status (review: with `2>/dev/full`, a
    usage error, a verdict not written and a day revealed each ended in a traceback no one saw, and exit 1, the status
    of a mismatch)."""
    with contextlib.suppress(OSError):
        print(printable(text), file=sys.stderr, flush=True)


def _dropped() -> None:
    """Python would flush stdout again at exit and fail the same way: from here on it writes to devnull (the recipe of
    the signal module's "Note on SIGPIPE")."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def emit_json(text: str) -> None:
    """Print JSON the command made (a verdict, an archive's record): as it is where stdout is UTF-8, JSON's own
    encoding; else with each character beyond ASCII as its JSON escape (\\u00e9), the same JSON in any locale. Written
    in the locale's encoding (Latin-1, or Windows' cp1252 where stdout is a file), a phrase in Cyrillic was a traceback
    and exit 1, the status of a mismatch, for a fair game, and a phrase in Latin-1's letters bytes no JSON reader takes
    (review)."""
    encoding = getattr(sys.stdout, "encoding", None)  # None: a text buffer (StringIO), which holds any character
    if encoding is not None and codecs.lookup(encoding).name != "utf-8":
        text = _BEYOND_ASCII.sub(lambda found: json.dumps(found.group())[1:-1], text)
    emit(text)


_BEYOND_ASCII = re.compile(r"[^\x00-\x7f]")  # in JSON, only ever inside a string, where its escape means the same


def printable(text: str) -> str:
    """Text for a terminal: every character that prints nothing (a control, an escape, a bidi override, a Hangul filler:
    `prose.shows_nothing`) as its code point, ⟨U+001B⟩. A field's name can come from a link or a file (an unknown
    parameter), and written as is, its escapes would move the cursor, erase the error and draw "fair" in its place
    (review)."""
    return "".join(f"⟨{code_point(character)}⟩" if shows_nothing(character) else character for character in text)
