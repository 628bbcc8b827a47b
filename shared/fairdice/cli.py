"""The `fairdice` command: verify a request, check a game-over link, build a link.

Exit status: 0 a fair verdict, 1 a mismatch, 2 bad input (each problem on stderr as `field: what
is wrong`), 3 the verification could not be made right now (the daily archive could not be read, or
contradicts itself) or its output could not be written (stdout on a full disk), 4 a verdict short of
fair without a mismatch (incomplete or withheld): less than a whole game proven is never the status of
a fair one.

A daily roll of a day not over by this machine's clock (in UTC) is withheld, whatever secret it carries.
"""

import argparse
import atexit
import codecs
import datetime as dt
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NoReturn

from pydantic import ValidationError

from fairdice import __version__, daily_cli, json_input, schemes
from fairdice.archive.layout import utc_day
from fairdice.audit import cli as audit_cli
from fairdice.audit.lines import MAX_LINE_BYTES
from fairdice.console import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNAVAILABLE,
    Unwritten,
    argument,
    clock,
    emit,
    emit_json,
    not_empty,
    printable,
    say,
    verdict_status,
)
from fairdice.errors import FairdiceError, InvalidInput, ReadsNoArchive, RepeatedKey, UnknownDay
from fairdice.fields import base_url
from fairdice.links import game_link, link_name, parse_link
from fairdice.problems import WHOLE_REQUEST, Problem, describe
from fairdice.prose import not_utf8, shown
from fairdice.request import RequestBase
from fairdice.schemes import parse_request
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.verdict import Verdict
from fairdice.verify import verify

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

Command = Callable[[argparse.Namespace], int]


class BadInput(Exception):
    """Input the CLI could not read at all (no such file, not JSON), before any validation."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def main(argv: Sequence[str] | None = None) -> int:
    """Run one `fairdice` command and return its exit status (the console script's entry point). Without `argv`, the
    command is the process's own, read from its command line, and the process ends as it returns: a Ctrl-C from then on
    ends it by that signal (`_ends_now`)."""
    _ends_by_ctrl_c_before_threads_are_joined()
    try:
        try:
            return _command(argv)
        finally:
            if argv is None:
                _ctrl_c_ends_it_now()
            # Registered last, after what the command imported registered theirs, so that it runs first; once a process
            atexit.unregister(_ends_by_ctrl_c)
            atexit.register(_ends_by_ctrl_c)
    except KeyboardInterrupt:
        # A Ctrl-C as the command returns, past its own handling (the audit's handlers put back): its one line, not a
        # traceback (review: a Ctrl-C 10 ms after a SIGTERM stopped an audit came here, on a loaded machine)
        say("fairdice: interrupted")
        return EXIT_INTERRUPTED


def _command(argv: Sequence[str] | None) -> int:
    if sys.stderr is None:
        # Started with stderr closed (`2>&-`): Python gives None, and print(…, file=None) writes to stdout, so each
        # problem went where the verdict goes (`> verdict.json`), and the audit stopped at its progress, exit 1, its
        # status of findings (review). Said nowhere, as asked; the descriptor this opens is 2 as it is free.
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the life of the process)
    parser = build_parser()
    try:
        given = list(sys.argv[1:] if argv is None else argv)
        args, extra = parser.parse_known_args(given)
        if args.command is None:
            parser.error(
                f"unrecognized arguments: {' '.join(extra)}"
                if extra
                else "the following arguments are required: COMMAND"
            )
        # Said by the command they were given to, with its usage (review: the top level's); those before the command's
        # name were given to fairdice itself (review: `fairdice --bogus verify` was said to be verify's)
        # (fairdice's own options, --help and --version, end the command, so whatever comes before it is unknown)
        if before := given[: given.index(args.command)] if args.command in given else []:
            parser.error(f"unrecognized arguments: {' '.join(before)}")
        if extra:
            getattr(args, "parser", parser).error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:
        # argparse exits on --help (0) and on a bad command line (2); report it as a status instead.
        return EXIT_OK if exc.code is None else exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    except Unwritten as exc:  # --help or --version, as any command's output (`_Parser._print_message`)
        return _unwritten(exc)
    run: Command = args.run
    # A command's own words for the fields of what it was given (daily's options): an archive's problem (exit 3) may
    # name a record's field, which is not the option's, and keeps its name; one of no field is the command's (daily's),
    # or the archive's, never the request's (review: `fairdice check` of a daily link said "request: commitments/…")
    names: Mapping[str, str] = getattr(args, "field_names", {})
    whole = {WHOLE_REQUEST: names.get(WHOLE_REQUEST, "archive")}
    try:
        return run(args)
    except BadInput as exc:
        return _report([exc.problem], EXIT_BAD_INPUT, names)
    except ValidationError as exc:
        return _report(describe(exc), EXIT_BAD_INPUT, names)
    except (InvalidInput, UnknownDay) as exc:
        return _report(describe(exc), EXIT_BAD_INPUT, names)
    except FairdiceError as exc:
        return _report(describe(exc), EXIT_UNAVAILABLE, whole)
    except Unwritten as exc:
        return _unwritten(exc)
    except KeyboardInterrupt:
        # Ctrl-C before a command's own handling of it (the audit's, once its packages are imported): one line, not a
        # traceback (review: Ctrl-C during the audit's imports printed one)
        say("fairdice: interrupted")
        return EXIT_INTERRUPTED


def _ends_by_ctrl_c() -> None:
    """As the process exits, a Ctrl-C ends it by that signal (which a shell shows as 130): set before the exit's other
    work (atexit runs the last registered first: logging's flush, multiprocessing's), where Python's own handler's
    KeyboardInterrupt is printed as a traceback under "Exception ignored in atexit callback" (review: a Ctrl-C just
    after a SIGTERM stopped the audit, as the command exited). A Ctrl-C the command was started to ignore stays so."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)


# Whether `_ends_by_ctrl_c` is registered to run before the interpreter's exit joins the threads left
_joined_hooked: list[bool] = []


def _ends_by_ctrl_c_before_threads_are_joined() -> None:
    """`_ends_by_ctrl_c` also run as the interpreter's exit begins: before atexit's callbacks, the interpreter joins the
    threads left and, first, runs the hooks registered for that (concurrent.futures' pool's, as the command's modules
    are imported), where a Ctrl-C was printed as a traceback under "Exception ignored on threading shutdown" and lost,
    the exit status the command's (review: a Ctrl-C 10 ms after a SIGTERM stopped an audit, on a loaded machine).
    Registered once a process, as the command starts, so that it runs before those of the modules imported by then,
    and adds no step to the command's return, where a Ctrl-C may come too. The hook is CPython's own, the one
    concurrent.futures uses (not public: where it is missing, atexit's alone stays)."""
    register = getattr(threading, "_register_atexit", None)
    if register is None or _joined_hooked:
        return
    try:
        register(_ends_by_ctrl_c)
    except RuntimeError:  # run from a thread as the interpreter already exits: too late for this hook
        return
    _joined_hooked.append(True)


def _ctrl_c_ends_it_now() -> None:
    """Once the process's own command has returned, a Ctrl-C ends the process by that signal at once, wherever its exit
    is: in Python's own steps, before atexit's callbacks and any hook of the interpreter's (`threading`'s, as it joins
    the threads left), where Python's handler's KeyboardInterrupt was printed as a traceback and lost, the command's
    status kept (review: a Ctrl-C 10 ms after a SIGTERM stopped an audit, on a loaded machine). A handler, not SIG_DFL:
    a Ctrl-C pending as it is set is handled by it too, not printed as "Signal 2 ignored due to race condition". A
    Ctrl-C the command was started to ignore stays so."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _ends_now)


def _ends_now(signum: int, frame: object) -> None:
    """Ctrl-C as the process ends: end it by that signal (which a shell shows as 130)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.raise_signal(signal.SIGINT)


def _unwritten(exc: Unwritten) -> int:
    """Whatever the output said is lost: not its status (a fair verdict's 0, a mismatch's 1), but the one of a check
    not made, which a script can tell from both."""
    say(f"fairdice: stdout: the output could not be written: {exc.words}")
    return EXIT_UNAVAILABLE


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its errors written as every other of the command's is (`printable`): argparse quotes an
    argument as given in some ("unrecognized arguments", "ambiguous option: --d=…"), and a link pasted without its
    quotes, split at a space, wrote its escapes to the terminal there, which could erase the error and draw "fair" in
    its place (review). Its commands' parsers are of its class too (argparse's `parser_class`)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, and exit 2 (argparse's own), with every character that prints nothing in the
        error as its code point."""
        super().error(printable(message))

    def _print_message(self, message: str, file: "SupportsWrite[str] | None" = None) -> None:
        """--help and --version are output as every command's is (`emit`): one stdout refuses (closed, a full disk) is
        `Unwritten`, status 3 (review: argparse said nothing, or wrote it to stderr, and exited 0)."""
        if message and file is sys.stdout:
            emit(message.removesuffix("\n"))
        else:
            super()._print_message(message, file)


_REQUEST_FILE = not_empty("the request's file", str, "- for stdin")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand, the daily archive's included."""
    parser = _Parser(
        prog="fairdice",
        description="Recompute provably-fair dice and say whether they were fair.",
        epilog="Exit status: 0 fair, 1 mismatch, 2 bad input, 3 archive unavailable or output not written, 4 incomplete"
        " or withheld (fairdice audit: its own, in fairdice audit --help).",
    )
    parser.add_argument("--version", action="version", version=f"fairdice {__version__}")
    # Not required here: `_command` says a missing command itself, after what else was given (review: `fairdice
    # --bogus` was said to lack a command, --bogus not named)
    sub = parser.add_subparsers(dest="command", required=False, metavar="COMMAND")

    verify_cmd = sub.add_parser("verify", help="verify a JSON verify request and print the verdict JSON")
    verify_cmd.add_argument(
        "file", nargs="?", default="-", type=_REQUEST_FILE, help="the request as JSON (default: - for stdin)"
    )
    verify_cmd.add_argument("--pretty", action="store_true", help="indent the verdict JSON")
    verify_cmd.set_defaults(run=_verify)

    check_cmd = sub.add_parser("check", help="verify a game-over link and print the verdict JSON")
    check_cmd.add_argument("url", help="the link: a full URL, /check/?…, or its query alone")
    check_cmd.add_argument("--pretty", action="store_true", help="indent the verdict JSON")
    check_cmd.set_defaults(run=_check)

    link_cmd = sub.add_parser("link", help="print the game-over link for a JSON verify request")
    link_cmd.add_argument(
        "file", nargs="?", default="-", type=_REQUEST_FILE, help="the request as JSON (default: - for stdin)"
    )
    # Read as FAIRDICE_PUBLIC_BASE_URL is: a link put under anything else would not open (review)
    link_cmd.add_argument("--base", type=argument(base_url), metavar="URL", help="put this site in front of /check/?…")
    link_cmd.set_defaults(run=_link)

    daily_cli.register(sub)
    audit_cli.register(sub)
    _own_parsers(parser)
    return parser


def _own_parsers(parser: argparse.ArgumentParser) -> None:
    """Each command's parser kept in what it parses (`parser`), under every level of commands."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                command.set_defaults(parser=command)
                _own_parsers(command)


def _verify(args: argparse.Namespace) -> int:
    return _print_verdict(_verified(_read_request(args.file), link=False), args.pretty)


def _check(args: argparse.Namespace) -> int:
    return _print_verdict(_verified(parse_link(_utf8_argument(args.url, "link")), link=True), args.pretty)


def _verified(request: RequestBase, *, link: bool) -> Verdict:
    """The request verified as the API verifies it, reading the daily archive the variables name (`_daily_archive`).
    Where it needs a secret no archive gives here, the refusal says how this command takes one: in the request (as
    its field, or in a link as its parameter), or from an archive the variables name (review: `check` and `verify`
    asked for the secret, not how to give it)."""
    try:
        return verify(request, day_secrets=_daily_archive(), today=utc_day(clock()))
    except ReadsNoArchive as exc:
        scheme, field = schemes.of(request), exc.field or WHOLE_REQUEST
        secret = f"<the revealed {scheme.words.secret}>"
        name = link_name(field, scheme) if link else field
        given = f"{name}={secret} to the link" if link else f'"{name}": "{secret}" to the request'
        raise InvalidInput(
            f"{exc.message}: add {given}, or name the archive to read it from: FAIRDICE_ARCHIVE_BUCKET, or"
            " FAIRDICE_DATA_DIR (a folder holding archive/)",
            field=name,
        ) from None


class _Archive:
    """The daily archive the FAIRDICE_* variables name, read as the API reads it (SPEC: the command takes the JSON
    POST /verify takes, on the same code paths; review: a daily roll without its secret was refused here, answered
    there). Its variables are read at a daily roll's lookup: a game of another scheme reads none, and is not refused
    for a variable it does not use."""

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The day as the archive gives it, by this command's clock (`DaySecrets.lookup`)."""
        from fairdice.archive.reader import ArchiveReader
        from fairdice.storage import StorageSettings, no_boto3

        settings = StorageSettings.from_environ(os.environ)
        if (variable := settings.bucket_without_boto3(secrets=False)) is not None:
            raise no_boto3(variable)
        return ArchiveReader(settings.archive(), clock=clock).lookup(day)


def _daily_archive() -> _Archive | None:
    """The archive the API would read at these variables, where they name one: FAIRDICE_ARCHIVE_BUCKET, else the folder
    `$FAIRDICE_DATA_DIR/archive` where one exists (`fairdice daily create` makes it); None where neither is, and a
    daily roll then needs its secret. Never the default folder, var/ under the working directory, that the variables'
    absence means to `make serve`: a checkout's trial archive would be read where no one asked for it, and turn a real
    game's roll into a mismatch (review)."""
    if os.environ.get("FAIRDICE_ARCHIVE_BUCKET"):  # as StorageSettings reads them: blank is unset
        return _Archive()
    data_dir = os.environ.get("FAIRDICE_DATA_DIR")
    return _Archive() if data_dir and (Path(data_dir) / "archive").is_dir() else None


def _link(args: argparse.Namespace) -> int:
    emit(game_link(_read_request(args.file), args.base or ""))
    return EXIT_OK


def _print_verdict(verdict: Verdict, pretty: bool) -> int:
    emit_json(verdict.model_dump_json(indent=2 if pretty else None))
    return verdict_status(verdict)


def _read_request(file: str) -> RequestBase:
    """Read and validate a verify request from a file, or from stdin for `-`."""
    where = "stdin" if file == "-" else file
    try:
        if file == "-":
            # Its bytes, read as a file's are: not in the locale's encoding, as sys.stdin reads (review: with Latin-1's,
            # a phrase "café" read as "cafÃ©" and a fair game was a mismatch; with C.UTF-8's, a byte not UTF-8 was a
            # "control character" of its field). A test's StringIO has no bytes, and is text already.
            if sys.stdin is None:  # started without one (`<&-`, a service): Python gives None (review: a traceback)
                raise BadInput(Problem(field=WHOLE_REQUEST, message="stdin is closed: name the request's file"))
            stream = getattr(sys.stdin, "buffer", None)
            text = sys.stdin.read().removeprefix("\ufeff") if stream is None else _utf8(_bounded(stream, where), where)
        else:
            with open(file, "rb") as handle:
                text = _utf8(_bounded(handle, where), where)
    except OSError as exc:
        raise BadInput(Problem(field=WHOLE_REQUEST, message=f"cannot read {file}: {exc}")) from None
    except UnicodeEncodeError as exc:  # a surrogate no byte gives, from a caller of main() (`_utf8_argument`)
        words = f"cannot read the file: its name holds {_lone_surrogate(exc)}"
        raise BadInput(Problem(field=WHOLE_REQUEST, message=words)) from None
    try:
        data = json_input.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            Problem(field=WHOLE_REQUEST, message=f"{where} is not JSON: {exc.msg} at line {exc.lineno}")
        ) from None
    except RepeatedKey as exc:
        raise BadInput(Problem(field=WHOLE_REQUEST, message=f"{where} {exc.message}")) from None
    except RecursionError:
        raise BadInput(Problem(field=WHOLE_REQUEST, message=f"{where} holds JSON nested too deeply")) from None
    except ValueError:  # the one other failure: an integer beyond Python's 4300-digit limit
        raise BadInput(Problem(field=WHOLE_REQUEST, message=f"{where} holds a number too long to read")) from None
    return parse_request(data)


def _bounded(stream: BinaryIO, where: str) -> bytes:
    """A request's bytes, at most as many as POST /verify and an audit line take (a BOM and the line's end not
    counted), read no further: a log named by mistake, or /dev/zero, was read whole, until the machine's memory ran
    out (review: a traceback, MemoryError, and exit 1, a mismatch's status)."""
    data = stream.read(MAX_LINE_BYTES + len(codecs.BOM_UTF8) + len(b"\r\n"))
    if (
        stream.read(1)
        or len(data.removeprefix(codecs.BOM_UTF8).removesuffix(b"\n").removesuffix(b"\r")) > MAX_LINE_BYTES
    ):
        words = f"{where} is longer than {MAX_LINE_BYTES:,} bytes, the most a verify request may take (as POST /verify)"
        raise BadInput(Problem(field=WHOLE_REQUEST, message=words))
    return data


def _utf8(data: bytes, where: str) -> str:
    """A request's bytes as text: UTF-8, as POST /verify reads its body, but for a BOM a Windows editor wrote (review:
    refused in odd words), which is no JSON."""
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:  # in the audit's words for a line not UTF-8 (UTF-16, say)
        words = not_utf8(where, exc, bom)
        raise BadInput(Problem(field=WHOLE_REQUEST, message=words)) from None


def _utf8_argument(text: str, field: str) -> str:
    """An argument as typed: a byte of it the locale could not decode is kept by Python as a lone surrogate (PEP 383),
    which is no character, and is refused as a request's is, as not UTF-8 (review: a link's phrase holding one was said
    to hold "control characters"). A surrogate no byte gives (U+D800, from a caller of `main`, never from a command
    line) is no character either, and is refused alike (a fuzzed link: a traceback)."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(Problem(field=field, message=not_utf8(f"the {field}", exc))) from None
    except UnicodeEncodeError as exc:
        raise BadInput(Problem(field=field, message=f"the {field} is not UTF-8 text: {_lone_surrogate(exc)}")) from None


def _lone_surrogate(exc: UnicodeEncodeError) -> str:
    """The lone surrogate UTF-8 could not encode and where, as an argument's and a file name's refusals both say it."""
    return f"a lone surrogate, no character, at character {exc.start + 1:,}"


def _report(problems: Sequence[Problem], status: int, names: Mapping[str, str]) -> int:
    for problem in problems:
        # A field's name may be the caller's own text (an unknown parameter): shown as pages show it (prose.shown)
        field = names.get(problem.field, problem.field)
        say(f"fairdice: {shown(field)}: {problem.message}")
    return status
