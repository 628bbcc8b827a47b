"""`fairdice audit INPUT... --out DIR [--workers N] [--resume] [--archive s3://BUCKET]`, on the `fairdice` command.

Exit status: 0 every game fair (every line read, no id used twice, no game filed twice); 1 any game
not fair, any line not read, any id used twice or any game repeated under another id; 2 a usage
error or an input that cannot be opened; 3 the audit did not finish for a reason outside the games (the daily archive
could not be read, the results could not be written, a worker process was killed, memory ran short, a package could
not be imported): run it again with --resume once that is mended; 130 interrupted by Ctrl-C, 143 by SIGTERM (run
again with --resume).
"""

import argparse
import importlib.util
import shlex
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fairdice import console
from fairdice.console import clock, emit, not_empty, say  # clock: the machine's, which tests replace here
from fairdice.errors import ArchiveUnavailable, MissingBucket, MissingCredentials
from fairdice.prose import counted, repr_of

if TYPE_CHECKING:  # imported with the run, once its packages are known to be there
    from fairdice.audit.summary import Summary

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNAVAILABLE = console.EXIT_UNAVAILABLE  # as every fairdice command says the archive could not be read
EXIT_UNFINISHED = EXIT_UNAVAILABLE  # the audit did not finish for a reason outside the games: --resume finishes it
EXIT_INTERRUPTED = console.EXIT_INTERRUPTED
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a command SIGTERM ended
HEAVY = ("scipy", "matplotlib", "rich")


def register(sub: Any) -> None:
    """Add the `audit` subcommand to the `fairdice` parser's subcommands."""
    audit = sub.add_parser(
        "audit",
        help="verify every game of JSON Lines files (one verify request with an `id` a line)",
        description="Verify every game of JSON Lines files (gzip-compressed when named .gz), whatever else their names,"
        " or folders of them; write summary.json, findings.jsonl and report.html to --out.",
        epilog="Exit status: 0 every game fair, 1 findings, 2 usage error or unopenable input, 3 not finished (archive"
        " unavailable, results not written, a worker killed: --resume), 130 interrupted, 143 terminated.",
    )
    audit.add_argument(
        "inputs",
        nargs="+",
        type=not_empty("a file or folder to audit", str),
        metavar="INPUT",
        help="a JSON Lines file (.gz: gzip-compressed), or a folder: every file under it but hidden ones, which keep"
        " the audit from being clean",
    )
    audit.add_argument(
        "--out",
        required=True,
        type=not_empty("the folder for the results", Path),
        metavar="DIR",
        help="where the results go",
    )
    audit.add_argument(
        "--workers",
        type=_positive,
        default=None,
        metavar="N",
        help="processes (default and most: one per core, two on one core)",
    )
    audit.add_argument("--resume", action="store_true", help="finish an interrupted audit into the same --out")
    audit.add_argument(
        "--archive",
        type=not_empty("the daily archive's bucket, s3://BUCKET", str, None),
        metavar="s3://BUCKET",
        help="the daily archive's bucket, to check daily games against as POST /verify does (without it a daily game"
        " is checked against the secret and commitment it carries: at most incomplete, and withheld while its day is"
        " not over by this machine's clock)",
    )
    audit.set_defaults(run=_audit)


_RESUME_SHOWN = 400  # characters: a longer command is said with its inputs counted, not listed


def _resumed(args: argparse.Namespace) -> str:
    """The command that finishes this audit: its own inputs as given, since a resume must name them alike (review: it
    said `fairdice audit ... --out DIR --resume`, leaving the inputs to be remembered), and its `--workers` where given,
    which a resume does not keep (review: a run given fewer workers to spare the machine's memory, or its other work,
    was to be finished on every core)."""
    options = [
        *_option("--out", str(args.out)),
        *(["--workers", str(args.workers)] if args.workers is not None else []),
        *(_option("--archive", args.archive) if args.archive else []),
        "--resume",
    ]
    if any(given.startswith("-") for given in args.inputs):  # read as inputs only after "--" (review)
        words = ["fairdice", "audit", *options, "--", *args.inputs]
    else:
        words = ["fairdice", "audit", *args.inputs, *options]
    command = shlex.join(words)
    if len(command) <= _RESUME_SHOWN:
        return command
    rest = shlex.join(options)
    return f"fairdice audit with the same {len(args.inputs):,} inputs as this run, in the same order, {rest}"


def _option(name: str, value: str) -> list[str]:
    """An option and its value as argparse reads them again: `--out=-res`, as `--out -res` reads -res as an option."""
    return [f"{name}={value}"] if value.startswith("-") else [name, value]


class Terminated(BaseException):
    """SIGTERM reached the command (a service stopping it): it stops as Ctrl-C stops it. A BaseException, as
    KeyboardInterrupt is, so that no handler of a line's failure takes it for one."""


# The stop a signal asked for, kept as well as raised: raised in a weak reference's callback or a __del__ (matplotlib's,
# as the report is drawn), it is printed as "Exception ignored" and lost (review: the command ran to its end, exit 0,
# deaf to Ctrl-C and SIGTERM since, a traceback on stderr), so the run asks again before its last output (`_finishing`).
_asked: list[type[BaseException]] = []


def _terminated(signum: int, frame: object) -> None:
    _stopping()
    _asked.append(Terminated)
    raise Terminated


def _interrupted(signum: int, frame: object) -> None:
    _stopping()
    _asked.append(KeyboardInterrupt)
    raise KeyboardInterrupt


def _finishing() -> None:
    """The last outputs, the report and then the summary, are written next: a Ctrl-C or SIGTERM from now on stops
    nothing, as the outputs are whole a moment later; one that came before and was lost (`_asked`) stops the audit now,
    before them."""
    _stopping()
    _lost()


def _lost() -> None:
    """Raise the stop a Ctrl-C or SIGTERM asked for, if one did, as its own raise may have been lost (`_asked`): the
    run asks as it hands out each block (review: a Ctrl-C handled in the middle of a fork of the pool, which a thread
    other than the main one may let in while the main one holds it, was lost until the report, the blocks all
    audited)."""
    if _asked:
        raise _asked[0]


def _stopping() -> None:
    """The command stops at the first Ctrl-C or SIGTERM: later ones are ignored while it stops (set so before the first
    is raised), as the blocks under way finish, in a second or so, and the worker processes' pool shuts down, which a
    second signal would break halfway (review: two SIGINTs 10 ms apart hung the command); the handlers it found are put
    back as it returns. Ignored by a handler that does nothing, not by SIG_IGN: both may be pending at once (the command
    not run in the moment between them), and Python runs SIGINT's handler first; the other's, found set to SIG_IGN,
    would be printed as a traceback, "OSError: Signal 15 ignored due to race condition"."""
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, _ignored)


def _ignored(signum: int, frame: object) -> None:
    """A Ctrl-C or SIGTERM while the command stops, or once its outputs are written: nothing to do."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {repr_of(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _audit(args: argparse.Namespace) -> int:
    # boto3 reads the daily archive: a run without it would stop at its first daily game.
    needed = (*HEAVY, "boto3") if args.archive is not None else HEAVY
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        install = ["'fairdice[audit]'"] if set(missing) & set(HEAVY) else []
        install += ["boto3"] if "boto3" in missing else []
        # A checkout is installed from itself (review: the PyPI name alone did not fit one)
        say(
            f"fairdice: audit needs {', '.join(missing)}: pip install {' '.join(install)}"
            " (in a checkout of fairdice: make install)"
        )
        return EXIT_USAGE
    from fairdice.audit.local import UsageError, cores, most_workers, run
    from fairdice.audit.progress import terminal_progress

    if args.workers is not None and args.workers > (most := most_workers()):
        say(
            f"fairdice: audit: --workers {args.workers}: {most} processes audit, the most it starts on"
            f" {counted(cores(), 'core', 'cores')}"
        )

    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    started = clock()  # every block judges the days by this moment (a resumed run: by its interrupted run's)
    _asked.clear()
    try:
        signal.signal(signal.SIGTERM, _terminated)
        if previous[signal.SIGINT] is not signal.SIG_IGN:  # a command started with Ctrl-C ignored keeps it ignored
            signal.signal(signal.SIGINT, _interrupted)
        result = run(
            args.inputs,
            args.out,
            workers=args.workers,
            resume=args.resume,
            progress=terminal_progress(),
            archive=args.archive,
            started=started,
            finishing=_finishing,
            asked=_lost,
        )
    except UsageError as exc:
        say(f"fairdice: audit: {exc}")
        return EXIT_USAGE
    except MissingBucket as exc:
        # A resume keeps the archive its run named, so only a run afresh can name the right one (review)
        say(
            f"fairdice: audit: {exc.message}. The audit did not finish: run it again, afresh (not --resume, which keeps"
            " the archive this run named), with the bucket's right name in --archive"
        )
        return EXIT_UNAVAILABLE
    except ArchiveUnavailable as exc:
        # Missing credentials are mended by whoever runs it; anything else may pass
        mended = "once that is mended" if isinstance(exc, MissingCredentials) else "once the daily archive answers"
        say(f"fairdice: audit: {exc.message}. The audit did not finish: {mended}, finish it with: {_resumed(args)}")
        return EXIT_UNAVAILABLE
    except (OSError, BrokenProcessPool, MemoryError, ImportError) as exc:
        # Not the games' fault: the results could not be written (a full disk), a worker process was killed, memory ran
        # short, a package is missing. What is done stays done, as for an archive that cannot be read.
        say(
            f"fairdice: audit: {_unfinished(exc)}{_noted(exc)}. The audit did not finish: once that is mended, finish"
            f" it with: {_resumed(args)}"
        )
        return EXIT_UNFINISHED
    except (KeyboardInterrupt, Terminated) as exc:
        stopped = "terminated" if isinstance(exc, Terminated) else "interrupted"
        say(f"fairdice: audit {stopped}{_noted(exc)}; finish it with: {_resumed(args)}")
        return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED
    else:
        # Said before the handlers are put back: the outputs are whole, and a Ctrl-C now stops nothing
        if result.redone_blocks:
            # Why a resume took longer than its blocks not done (review: a block of another form audited again unsaid)
            why = "; ".join(f"{count:,} {reason}" for reason, count in result.redone_blocks.items())
            total = counted(sum(result.redone_blocks.values()), "block", "blocks")
            say(
                f"fairdice: audit: --resume audited again {total} whose result was stored ({why}), by the moment the"
                " interrupted run began: nothing is lost"
            )
        return _ended(args, result.summary)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _ended(args: argparse.Namespace, summary: "Summary") -> int:
    """Say what the finished audit found, in one line (and what it did not read, on stderr); its exit status."""
    # a file not audited (changed once it was read) is one of `errors` but no line: said apart, as the report says it
    # (review: it was counted here as a line not verified)
    lines = summary.errors - summary.not_audited
    unread = counted(lines, "line", "lines")
    files = counted(summary.not_audited, "file", "files")
    not_audited = (
        f", {files} not audited (none of {'its' if summary.not_audited == 1 else 'their'} games is counted)"
        if summary.not_audited
        else ""
    )
    twice = counted(summary.duplicate_ids, "duplicate id", "duplicate ids")
    again = counted(summary.repeated_games, "repeated game", "repeated games")
    rolls = counted(summary.rolls, "roll", "rolls")
    # a window is one of the games, from a roll past its first: said, where there is one, not taken for a whole game;
    # and a mirror pair's second game (seed 003) is its first game's dice again, which no line tells from a copy of
    # that game filed under another id: said too (review: "2 games: 2 fair", exit 0, for one fair game and its copy)
    windows = f"{summary.windows:,} of them {'a window' if summary.windows == 1 else 'windows'}"
    mirrored = sum(summary.mirror_games.values())
    second = (
        "a mirror pair's second game, its first game's"
        if mirrored == 1
        else "mirror pairs' second games, their first games'"
    )
    mirrors = f"{mirrored:,}{'' if summary.windows else ' of them'} {second} dice again"
    said = [part for part, count in ((windows, summary.windows), (mirrors, mirrored)) if count]
    of_them = f" ({', '.join(said)})" if said else ""
    emit(
        f"{counted(summary.games, 'game', 'games')}{of_them}: {summary.fair:,} fair, {summary.mismatch:,} mismatch,"
        f" {summary.incomplete:,} incomplete, {summary.withheld:,} withheld; {unread} not verified{not_audited},"
        f" {twice}, {again}."
        f" {rolls} recomputed: {summary.rolls_differ:,} differ, {summary.rolls_missing:,} not recorded,"
        f" {summary.rolls_extra:,} recorded beyond. See {args.out / 'report.html'}"
    )
    if summary.passed_over:
        from fairdice.audit.summary import not_read  # imported with the run, as `summary` was

        say(
            f"fairdice: audit: {not_read(len(summary.passed_over))}: see passed_over in {args.out / 'summary.json'};"
            " a hidden file is audited where it is named itself"
        )
    if not summary.games and lines:
        say(f"fairdice: audit: no game could be verified ({unread} not verified), so nothing is proven fair")
    elif not summary.games and summary.not_audited:
        say(f"fairdice: audit: no game was audited ({files} not audited), so nothing is proven fair")
    elif not summary.games:
        say("fairdice: audit: no game was read in the inputs, so nothing is proven fair")
    return EXIT_CLEAN if summary.clean else EXIT_FINDINGS


def _noted(exc: BaseException) -> str:
    """What the run added to the error it stopped on (`local.run`: the outputs it wrote and could not remove), each
    after a semicolon; nothing where it added none."""
    return "".join(f"; {note}" for note in getattr(exc, "__notes__", ()))


def _unfinished(exc: OSError | BrokenProcessPool | MemoryError | ImportError) -> str:
    if isinstance(exc, BrokenProcessPool):
        return "a worker process ended abruptly (killed, perhaps short of memory: try fewer --workers)"
    if isinstance(exc, MemoryError):
        return "the machine ran short of memory (try fewer --workers)"
    if isinstance(exc, ImportError):
        return f"a package fairdice needs cannot be imported ({exc})"
    from fairdice.audit.local import os_words  # imported with the run, once its packages are known to be there

    return os_words(exc)
