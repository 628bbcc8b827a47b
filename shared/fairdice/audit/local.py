"""`fairdice audit` on one machine: every core busy, memory flat, an interrupted run resumable.

The main process reads each input once, in order (hashing its bytes for the summary), and cuts
its lines into blocks of BLOCK_LINES games (fewer once their lines hold BLOCK_BYTES); worker processes
audit the blocks, each into its own partial result under `OUT/partials/`. At most two blocks per
worker are in flight, so memory does not grow with the input. A resumed run reads the inputs again
but sends no block whose partial is already complete, once it has checked that block's lines
against the digest stored with it. Then the one merge (`fairdice.audit.merge`) and the report write
the outputs.
"""

import datetime as dt
import errno
import io
import json
import multiprocessing
import os
import re
import secrets
import signal
import stat
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext, suppress
from functools import cache, partial
from multiprocessing import reduction
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any, BinaryIO, TypeGuard

from pydantic import AwareDatetime, BaseModel, Field, ValidationError

from fairdice import json_input
from fairdice.archive.layout import utc_day
from fairdice.audit.archive import S3_SCHEME, DayArchive, name_of, of_bucket, wall_clock
from fairdice.audit.lines import LINES_VERSION, Line, lines_sha256, numbered_lines
from fairdice.audit.merge import lost as lost_results
from fairdice.audit.merge import merge, partial_names, put_summary, read_partial
from fairdice.audit.report import read_findings, render
from fairdice.audit.shard import (
    EARLIER_GAME_LINE,
    EARLIER_ID_LINE,
    GAME_FINDING_KEYS,
    GAME_LINE,
    GAMES,
    ID_LINE,
    IDS,
    LINE_FINDING_KEYS,
    PARTIAL_FORMAT,
    PARTIALS,
    audit_shard,
    partial_key,
    remove_scratch,
)
from fairdice.audit.store import STOPS, FolderResults, _Folder, held_folder, occupied, open_file, stops_held
from fairdice.audit.summary import FINDINGS, REPORT, SUMMARY, Summary
from fairdice.audit.tally import InputRecord, Partial
from fairdice.errors import RepeatedKey
from fairdice.problems import WHOLE_REQUEST, describe
from fairdice.prose import repr_of
from fairdice.storage import STAGED_PREFIX, Hashed, StorageSettings

BLOCK_LINES = 2000
# A block's lines hold this many bytes at most: 2,000 lines of nearly the line cap (1 MiB) each would be 2 GiB held by
# the main process and again by its worker, for each block in flight (review: memory grew with an input of long lines).
BLOCK_BYTES = 64 << 20
EXIT_ORPHANED = 70  # a worker process's status when it stops because its main process is gone
PLAN = PARTIALS + "plan.json"
# What a run writes in its --out, or removes there as it starts afresh: its three outputs, and its blocks' partial
# results with its plan. Nothing else there is the run's.
OWN = (SUMMARY, FINDINGS, REPORT, PARTIALS)
OUTPUTS = (SUMMARY, FINDINGS, REPORT)  # the three outputs, at the root of --out
_FileState = tuple[int, int, int, int, int]  # what a write to a file changes, or its replacement (`_state`)
# A file the run stages beside its place, as `FolderResults` names it: 8 random characters (as mkstemp's were too),
# after the run's mark (`Plan.staged`) for its plan, its three outputs and its blocks' partial results (`audit_block`,
# whether a worker process or, with one worker, the main process runs it), the only staged files a later run removes
# by their mark (`_left_staged`).
_STAGED = re.compile(rf"{re.escape(STAGED_PREFIX)}(?:[0-9a-f]{{8}})?[a-z0-9_]{{8}}")
# A block's partial result's folder, as `run` names it, and what an earlier run leaves in its --out, by name: its three
# outputs, its plan and its blocks' partial results (and a file staged for one).
_BLOCK = rf"{re.escape(PARTIALS)}[0-9]{{5,}}-[0-9]{{7,}}"
_BLOCK_FOLDER = re.compile(_BLOCK)
_EARLIER_RESULT = re.compile(
    rf"(?:{'|'.join(map(re.escape, (SUMMARY, FINDINGS, REPORT, PLAN)))})"
    rf"|{_BLOCK}/(?:{'|'.join(map(re.escape, (SUMMARY, FINDINGS, IDS, GAMES)))})"
    rf"|(?:{_BLOCK}/|{re.escape(PARTIALS)}){_STAGED.pattern}"
)


class UsageError(Exception):
    """The audit cannot start as asked: an input that cannot be opened, a resume that does not fit."""


class PlannedFile(BaseModel):
    """An input as the run found it; a resumed run must find it the same."""

    file: str
    bytes: int
    mtime_ns: int


class Plan(BaseModel):
    """What a run reads, how it cuts it into blocks and what daily archive it checks daily games against: a resume
    continues only the same plan."""

    files: list[PlannedFile]
    named: list[str] | None = Field(
        default=None,
        description="the inputs as the command named them, each once, sorted: a resume names them alike, as a folder"
        " named says what it holds and the audit does not read (its hidden files), where its files named one by one"
        " do not",
    )
    block_lines: int
    block_bytes: int | None = Field(
        default=None, description="the bytes of lines a block holds at most (None: an earlier fairdice, by lines alone)"
    )
    lines_version: int | None = Field(
        default=None,
        description="the way its files' lines are read (`LINES_VERSION`): a resume reads them alike (None: an earlier"
        " fairdice, which kept no word of it)",
    )
    archive: str | None = None
    today: dt.date | None = Field(
        default=None, description="the UTC day daily games are judged by: a resumed run keeps its interrupted run's"
    )
    started: AwareDatetime | None = Field(
        default=None,
        description="the moment the daily archive is read as of, when one is: a resumed run keeps its interrupted"
        " run's, so that a day revealed meanwhile is judged alike in every block",
    )
    staged: str | None = Field(
        default=None,
        pattern="^[0-9a-f]{8}$",
        description="the mark that starts the random part of the names of the files the run stages beside its outputs"
        " (`.incoming-MARK…`): a later run removes those a run cut short left there only when they bear it, and lets"
        " anyone's other files be (None: an earlier fairdice, whose staged files are let be). A resumed run keeps it",
    )
    removing: bool = Field(
        default=False,
        description="whether the run was still removing an earlier audit's results in --out when this plan was"
        " written: a fresh run puts it in the earlier plan's place before it removes anything, and writes itself"
        " again without it once they are gone. A resume refuses a plan that says so, as its run audited nothing",
    )


class Progress:
    """What a run tells whoever watches it: bytes read of the whole, games audited."""

    def start(self, total_bytes: int) -> None:
        """The run starts: this many bytes to read."""

    def advance(self, read_bytes: int, games: int) -> None:
        """So many bytes read so far, so many more games audited."""

    def stop(self) -> None:
        """The run's reading and auditing are over."""


class RunResult(BaseModel):
    """A finished run: the summary, and how many blocks were audited now or found done before; and of those audited now
    by a resume, the blocks it found a result stored for and audited again, counted by why (`REDONE_FORM`,
    `REDONE_LINES`, `REDONE_PARTS`)."""

    summary: Summary
    audited_blocks: int
    resumed_blocks: int
    redone_blocks: dict[str, int] = {}


# Why a resume audits again a block whose result it found stored (`RunResult.redone_blocks`)
REDONE_FORM = "stored by another fairdice in another form"
REDONE_LINES = (
    "holding lines to read again (the archive refused them or gave no bytes for them yet, or fairdice failed)"
)
REDONE_PARTS = "missing a part of its result"


def find_inputs(
    paths: Sequence[str],
    out: Path | None = None,
    passed_over: list[Path] | None = None,
    outputs_held: list[Path] | None = None,
    names: set[Path] | None = None,
) -> list[Path]:
    """The files to audit: each file named, and every file under each folder named (through linked folders too,
    each folder once), sorted; UsageError for one that cannot be opened, a broken link among them.

    Every file, whatever its name, as on AWS every object under the prefix is a shard: a file that holds no games
    (a note, an editor's backup) is read all the same, and its lines are findings, rather than a file of games being
    passed over for its name (`games.JSONL`, `day.ndjson`). But not what a folder holds for its tools: a hidden file
    or folder (`.git`, `.DS_Store`, `._games.jsonl`: a name starting with a dot), nor what is not a file (a pipe, a
    socket), which a read would wait on or fail at. Nor the audit's own outputs in `out` (`OWN`), which a folder
    holds when the results go under it: an audit never reads its own findings; every other file under `out` is read.
    An input named that is, or lies under, one of them is a UsageError: the run would remove it before reading it,
    or write over it. The hidden files and folders and what is not a file under the folders named are added to
    `passed_over` (the summary lists them: a game in `.late.jsonl` is not audited, and the audit says so). The files of
    a folder named that are the audit's own outputs in `out` are added to `outputs_held`, and every name of a file to
    audit to `names` (a file reached two ways is read under one of them).
    """
    found: set[Path] = set()
    own_output = _own_outputs(out)
    for given in paths:
        path = Path(given)
        own = own_output(path)
        if own is not None:
            where = "is" if out is not None and path.resolve() == out.resolve() / own else "lies under"
            raise UsageError(
                f"{given}: {where} the audit's own {own} in --out {out}, which the run removes and writes anew; audit"
                " a copy kept elsewhere, or give another --out"
            )
        if path.is_dir():
            skipped: list[Path] = []
            files = list(_files_under(path, skipped))
            if passed_over is not None:
                passed_over.extend(skipped)
            owned = {file: own_output(file) is not None for file in files}
            inside = [file for file, own in owned.items() if not own]
            if outputs_held is not None:
                outputs_held.extend(file for file, own in owned.items() if own)
            if files and not inside:
                raise UsageError(
                    f"{given}: the folder holds no file but the audit's own outputs in --out {out}"
                    f" ({', '.join(OWN)}), which are not read"
                )
            if not inside:
                # Naming what was passed over (review: a folder of hidden files was said to hold none, and nothing else)
                shown = ", ".join(str(skip.relative_to(path)) for skip in skipped[:3])
                more = f" and {len(skipped) - 3:,} more" if len(skipped) > 3 else ""
                hidden = f" but what the audit passes over (hidden, or not a file: {shown}{more})" if skipped else ""
                raise UsageError(f"{given}: the folder holds no file{hidden}")
            found.update(inside)
        elif path.is_file():
            found.add(path)
        elif path.exists():
            raise UsageError(f"{given}: not a file or a folder (a pipe, a socket or a device)")
        elif path.is_symlink():
            raise UsageError(f"{given}: cannot be opened (a link to nothing)")
        elif given == "-":  # as `fairdice verify -` reads stdin, one may think the audit does too
            raise UsageError(
                "-: the audit reads files and folders, not stdin (it hashes each file, shares it out among the"
                " workers and can resume it): save the games to a file and name that"
            )
        else:
            raise UsageError(f"{given}: no such file or folder")
    for path in found:
        _named_in_text(path)
        try:
            with open_file(path):  # a pipe put there since the look that found a file is not waited on
                pass
        except OSError as exc:
            raise UsageError(f"{path}: cannot be opened ({exc.strerror or 'a link to nothing'})") from None
    # A file named twice, or reached by two ways (`day.jsonl` and its full path, a link beside it, a hard link: one
    # file under two names), is read once, under the first of its names: every game once, whichever way it was reached.
    # A name that is the file itself comes before a symbolic link's to it, which may be named otherwise (review: a link
    # `a.jsonl` to `g.jsonl.gz` beside it named the file's games and findings)
    if names is not None:
        names.update(found)
    once: dict[object, Path] = {}
    for path in sorted(found, key=lambda path: (path.is_symlink(), str(path))):
        once.setdefault(_file_identity(path), path)
    return sorted(once.values(), key=str)


def _file_identity(path: Path) -> object:
    """What one file is, however it is reached: its device and inode (a symbolic link followed; a hard link is the
    same file under another name, review), or its resolved path where the system gives no inode."""
    status = path.stat()
    return (status.st_dev, status.st_ino) if status.st_ino else path.resolve()


def _named_in_text(path: Path) -> None:
    """Refuse a file whose name is not text (bytes that are no UTF-8, as an archive from another system may leave):
    the summary and every finding name the file a game is in, as UTF-8 JSON, so the audit could not say where its
    games are. A UsageError before anything is written, its name shown with those bytes as escapes."""
    try:
        str(path).encode()
    except UnicodeEncodeError:
        raise UsageError(
            f"{shown_path(path)}: its name is not UTF-8 text, and the audit names every file it reads in its findings"
            " and summary: rename it (or copy it under a name of letters, digits and dashes) and audit it again"
        ) from None


def shown_path(path: Path) -> str:
    """A path as text that JSON can hold: bytes of its name that are no UTF-8 as escapes (`\\xff`)."""
    return os.fsencode(path).decode(errors="backslashreplace")


def _own_outputs(out: Path | None) -> Callable[[Path], str | None]:
    """Which of the audit's own outputs in `out` (a name of `OWN`) a path is or lies under, or None: followed through
    links as the run would reach it, or as written (a link in `out`, such as `partials` leading elsewhere, is removed as
    the run starts afresh, and what was reached through it with it). The places of its outputs are found once for every
    path asked about, each path once, where each path looked at resolved them all again, and itself once for each
    (review: 100,000 files in a folder given took minutes of a core before the first block was audited, pathlib's
    `is_relative_to` building every parent of each; what the run passed over was asked about so still)."""
    if out is None:
        return lambda path: None
    places = [(name, _forms(out / name)) for name in OWN]

    def own(path: Path) -> str | None:
        forms = _forms(path)
        return next((name for name, place in places if _lies_under(forms, place)), None)

    return own


def _within(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or lies under it, as written or where links lead."""
    return _lies_under(_forms(path), _forms(folder))


_Forms = tuple[tuple[str, ...], tuple[str, ...]]


def _forms(path: Path) -> _Forms:
    """A path's parts where its links lead and as written (made absolute), as `_lies_under` compares them: each in the
    case pathlib compares it in (`os.path.normcase`: folded on Windows, as it is, kept elsewhere)."""
    return _parts(path.resolve()), _parts(os.path.abspath(path))


def _parts(path: Path | str) -> tuple[str, ...]:
    return Path(os.path.normcase(path)).parts


def _lies_under(path: _Forms, folder: _Forms) -> bool:
    """Whether a path is a folder or lies under it, by their `_forms`: as pathlib's `is_relative_to` tells for either
    pair, its parts starting with the folder's."""
    return any(place[: len(root)] == root for place, root in zip(path, folder, strict=True))


def _unlisted(exc: OSError) -> None:
    raise UsageError(f"{exc.filename}: cannot be opened ({exc.strerror})")


def _files_under(
    folder: Path, passed_over: list[Path], unlisted: Callable[[OSError], None] = _unlisted
) -> Iterator[Path]:
    """Every file under a folder and its folders, linked ones too, each folder read once (a link back to a folder
    above is not followed again), but hidden ones and what is not a file (`find_inputs`), which are added to
    `passed_over` (a hidden folder as itself, not what it holds; an empty hidden file is not, as it holds no game); a
    link to nothing is among the files, to be refused as one that cannot be opened. A folder that cannot be read is a
    UsageError, not a folder passed over, unless `unlisted` says otherwise."""
    for root, folders, files in _walked(folder, unlisted):
        passed_over.extend(Path(root) / name for name in folders if name.startswith("."))
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            path = Path(root) / name
            if name.startswith("."):
                if not _empty_file(path):  # an empty one (.gitkeep) holds no game to leave out (review: exit 1)
                    passed_over.append(path)
            elif path.is_file() or not path.exists():  # a link to nothing is refused later
                yield path
            else:
                passed_over.append(path)  # a pipe, a socket: no file, which a read would wait on or fail at


def _empty_file(path: Path) -> bool:
    """Whether a path is a file, not a link, of no bytes."""
    try:
        return path.is_file() and not path.is_symlink() and path.stat().st_size == 0
    except OSError:
        return False


def _walked(
    folder: Path, unlisted: Callable[[OSError], None] = _unlisted
) -> Iterator[tuple[str, list[str], list[str]]]:
    """`os.walk` of a folder through its linked folders, each folder once (a link back to a folder above is not
    followed again); a folder that cannot be read is a UsageError (or given to `unlisted`, and passed by). `folders`
    may be pruned, as os.walk's."""
    seen: set[Path] = set()
    for root, folders, files in os.walk(folder, onerror=unlisted, followlinks=True):
        real = Path(root).resolve()
        if real in seen:
            folders.clear()
            continue
        seen.add(real)
        yield root, folders, files


def run(
    paths: Sequence[str],
    out: Path,
    *,
    workers: int | None = None,
    resume: bool = False,
    progress: Progress | None = None,
    archive: str | None = None,
    started: dt.datetime | None = None,
    finishing: Callable[[], None] | None = None,
    asked: Callable[[], None] | None = None,
) -> RunResult:
    """Audit every game of the inputs into `out`: summary.json, findings.jsonl and report.html.

    `archive` (s3://bucket) is the daily archive that daily games are checked against, as
    POST /verify checks them: without it a daily game is checked against the secret and commitment it
    carries alone, which is at most incomplete, and is withheld when its day is not over by the UTC
    day of `started`, the moment the command's clock read as the run began, the same for every block. A resumed run
    judges by the day its interrupted run began, so one audit is of one day whenever its blocks ran. The archive is
    read by `started`, the moment the run began (a resumed run's: its interrupted run's), for every block alike: a
    day whose reveal was not final then is withheld in every block, though it is revealed while the run goes on (None:
    each read's now).
    An archive that cannot be read stops the run with ArchiveUnavailable: the blocks done stay done, the
    block that needed it is not, and `--resume` audits it once the archive answers. A read S3 refuses
    (ArchiveRefused) is the line's finding instead (`audit_shard`'s `refusal_is_finding`), and `--resume` audits
    its block again.
    `finishing` is called as the last outputs, the report and then the summary, are about to be written: once they
    are, the audit is whole, and a Ctrl-C or SIGTERM has nothing left to stop. `asked` is called as each block is
    handed out, to raise a stop the command was asked for whose own raise was lost: handled in the middle of a fork, in
    a weak reference's callback or a `__del__`, where Python prints an exception and goes on.
    """
    passed_over: list[Path] = []
    outputs_held: list[Path] = []
    found: set[Path] = set()  # what the folders held as the run began, each name of a file it reads among them
    files = find_inputs(paths, out, passed_over, outputs_held, found)
    found.update(passed_over, outputs_held)
    read = {_as_found(file) for file in files}
    # --out lies in a folder given (as written, or where it leads), or the folders' walk reached it (through a link, or
    # it is hidden): what is in the places of its outputs is looked at itself, whatever the walk saw of it.
    own_output = _own_outputs(out)
    reached = outputs_held or any(own_output(path) or _within(out, path) for path in passed_over)
    among_inputs = bool(reached) or any(_within(out, Path(given)) for given in paths if Path(given).is_dir())
    workers = min(workers or cores(), most_workers())
    daily = archive_settings(archive) if archive is not None else None
    today = None if started is None else utc_day(started)  # the UTC day of the moment the run began
    plan = Plan(
        files=[PlannedFile(file=str(f), bytes=f.stat().st_size, mtime_ns=f.stat().st_mtime_ns) for f in files],
        named=sorted({str(Path(given)) for given in paths}),
        block_lines=BLOCK_LINES,
        block_bytes=BLOCK_BYTES,
        lines_version=LINES_VERSION,
        archive=name_of(daily) if daily is not None else None,
        today=today,
        started=started,
        staged=secrets.token_hex(4),
    )
    _out_folder(out, resume)
    with _alone_in(out, resume) as lock:
        # Wherever --out is, a fresh run removes nothing but an earlier audit's results (review: it removed a user's
        # files filed under partials/ in an --out beside the inputs). Looked at once --out is held: another run's
        # results, written as they are looked at, are no earlier audit's (review: a second audit was told to move a
        # running one's block results out of its --out). A resume outside the inputs looks at its outputs' places alone.
        judged = _earlier_results_only(out, among_inputs) if among_inputs or not resume else _resumed_outputs(out)
        # Read once, before `_prepare` writes a fresh run's plan: the mark of what a run cut short left staged, and the
        # plan a resume goes by
        earlier = _plan_found(out / PLAN)
        with _left_staged(out, earlier) as left:
            done, plan, redo = _prepare(out, plan, resume, earlier, judged, partial(_removed, left, [], out))
            passed_over = _removed(left, passed_over, out)
        watch = progress or Progress()
        records: list[InputRecord] = []
        opened: dict[Path, _FileState] = {}  # each file as the run opened it to read
        placed: dict[str, _FileState] = {}  # each file of a block's result audited now, as its worker stored it
        cut: dict[str, str] = {}  # the file each block audited now is of, by its name
        names: set[str] = set()
        audited = resumed = 0
        redone: dict[str, int] = {}
        before = 0
        try:  # the bar is put away however the run ends, before the command says why
            # Started with Ctrl-C and SIGTERM held back: a thread the bar draws from (rich's) holds them for its life,
            # so that one held back by the main thread (`stops_held`: a staged file made, the pool forking) is not
            # taken by it, and so handled in the main thread at once, inside the hold. Started within the `try`: a stop
            # that came as it started, handled as the hold ends, puts it away too (review: the bar was left drawn over
            # the command's last words, and the terminal's cursor hidden)
            with _stops_held():
                watch.start(sum(f.bytes for f in plan.files))
            counted = partial(_audited, watch, placed)
            with _Blocks(out, workers, daily, plan.today, plan.started, counted, plan.staged or "", lock) as blocks:
                for index, path in enumerate(files):
                    # A pipe put in its place since it was found is not waited on for a writer: "not a file", named
                    with open_file(path) as raw:
                        opened[path] = _state(os.fstat(raw.fileno()))
                        hashed = Hashed(raw)
                        lines = numbered_lines(hashed, str(path))
                        for number, block in enumerate(_chunks(lines, BLOCK_LINES, BLOCK_BYTES)):
                            name = f"{index:05d}-{number:07d}"
                            names.add(name)
                            if name in done:
                                _same_lines(done[name], block, path, out)
                                resumed += 1
                            else:
                                blocks.submit(name, str(path), block)
                                cut[name] = str(path)
                                audited += 1
                                if name in redo:
                                    redone[redo[name]] = redone.get(redo[name], 0) + 1
                            if asked is not None:
                                asked()
                            watch.advance(hashed.bytes - before, 0)
                            before = hashed.bytes
                        try:
                            sha256 = hashed.finish()
                        except OSError as exc:  # the input failed as it was read (a disk's I/O error): named, as it is
                            if exc.filename is not None:
                                raise
                            raise OSError(exc.errno, exc.strerror, str(path)) from exc
                    watch.advance(hashed.bytes - before, 0)
                    before = 0
                    records.append(InputRecord(file=str(path), bytes=hashed.bytes, sha256=sha256))
        finally:
            watch.stop()
        # What was put in the folders given while the run read them is no game it read: listed as not read, as on AWS a
        # shard put under the prefix after the map listed it is a finding (review: a file of a game not fair put there
        # mid-run was neither audited nor said, and the audit was clean, exit 0)
        passed_over += _put_meanwhile(paths, found, read)
        not_read = _not_read(passed_over, files, out)
        if among_inputs:
            not_read = sorted([*not_read, *map(shown_path, _put_among_partials(out, names))])
        # Each output is written only where nothing is: what is in its place now (but an earlier audit's output, which
        # `_outputs_cleared` removes), or is put there from now on, is kept, not written over, and the run stops saying
        # so; before it writes any output, for what is there now (review: where `out` lies in a folder given, one there
        # now was listed as not read and written over, its game lost)
        _every_block_found(out, names)
        kept = _outputs_cleared(out, judged if resume else {})  # a fresh run removed what it judged (`_prepare`)
        if kept:
            raise occupied(*kept)
        store = FolderResults(out, plan.staged or "", fresh=OUTPUTS)
        try:
            not_audited = {**_changed_since_stored(out, placed, cut), **_changed_since_read(opened)}
            summary = merge(store, inputs=records, names=names, not_audited=not_audited, passed_over=not_read)
            # Looked at again once the merge has read them: one written to after the look before it, as the merge read
            # it, was counted (review: a mismatch made fair in its summary, its finding removed, left the run clean).
            # Its file is not audited, as for one changed before the look: the findings written are withdrawn and the
            # merge made again without it (each time one more file fewer, so it ends)
            while late := _late(_changed_since_stored(out, placed, cut), not_audited):
                store.withdraw()  # one left (not removable) refuses the merge's findings in its place: the run stops
                not_audited = {**late, **not_audited}
                summary = merge(store, inputs=records, names=names, not_audited=not_audited, passed_over=not_read)
            # Drawn from the findings the merge wrote, and written beside them: findings put in their place while the
            # run went on stop it, kept, as anything put in the place of an output is (review: the report was drawn
            # from another's findings, or written beside them, and the audit was clean, exit 0)
            with store.open(FINDINGS) as stream:
                if not store.still_written(FINDINGS, os.fstat(stream.fileno())):
                    raise occupied(out / FINDINGS)
                page = render(summary, read_findings(stream), read_as="file").encode()
            # The report and then the summary, rendered, are the last outputs: a Ctrl-C or SIGTERM that came once they
            # were written, the outputs whole, stopped nothing, yet the command said the audit was interrupted, exit
            # 130, to be finished with --resume (review). `finishing` is told before they are written: the command
            # ignores one from then on, as the audit ends a moment later with its own status. The summary is written
            # last, so that a run that stops before its report is written leaves none, to be read as a finished audit
            # (review: one every game fair, nothing passed over, was left beside a run stopped, exit 3, by a file put
            # in the report's place)
            if finishing is not None:
                finishing()
            store.put(REPORT, page)
            put_summary(store, summary)
            # The findings and the report the summary was written beside are those the run wrote (review: a report put
            # in the place of the one it wrote, once written, was left beside its summary, and the audit was clean)
            taken = [out / name for name in (FINDINGS, REPORT) if not store.still_written(name)]
            if taken:
                raise occupied(*taken)
        except BaseException as stopped:
            # Nor are the findings and the report left, whose headline reads as a finished audit's, where the run stops
            # before the summary is written after them: the summary's place taken (review: a file put there stopped the
            # run, exit 3, and left a report of every game fair), or a stop as the report is drawn, or asked for before
            # and lost (review: a Ctrl-C as the report was drawn left findings.jsonl, empty for a run of fair games,
            # read as no findings, beside a run that did not finish, exit 130)
            unremoved = store.withdraw()
            if unremoved:
                stopped.add_note(_left_words(unremoved))
            raise
        finally:
            store.release()
    return RunResult(summary=summary, audited_blocks=audited, resumed_blocks=resumed, redone_blocks=redone)


@contextmanager
def _alone_in(out: Path, resume: bool) -> Iterator[int | None]:
    """Hold `out` for this run alone while it removes, audits, merges and reports there: a second audit into the same
    `--out` (in another terminal, or a script run twice at once) is a UsageError before it removes or writes anything.
    Two runs there at once removed each other's block results and merged each other's as their own (review: an audit
    of a file of fair games counted another run's games not fair, and one of games not fair was clean, exit 0). The
    lock is the folder's own (flock on it; no file is written for it), held by the run and its worker processes, and let
    go as they end, however they end: its descriptor is yielded (None: none held), for the workers to hold (`_Hold`). A
    resume into no folder is refused here, as it finds none to hold, and a folder that cannot be read is refused, as it
    cannot be held (nor listed)."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock, and no fork either
        yield None
        return
    try:
        held = os.open(out, os.O_RDONLY)
    except FileNotFoundError:
        if resume:
            # Refused now, not by `_prepare` a moment later: a fresh run started meanwhile may have made the folder and
            # written its plan by then, and the resume went on unheld beside it (review: both audited the same blocks
            # into one --out, each exit 0)
            raise _nothing_to_resume(out) from None
        yield None
        return
    except OSError as exc:
        # A folder that may be written in but not read (mode d-wx): held by no run, so a second audit there went on
        # beside the first, and every later run stopped, exit 3, asking for the --resume that stopped alike (review)
        raise UsageError(
            f"--out {out}: cannot be read ({exc.strerror}): the audit lists it for an earlier audit's results and"
            " holds it so that no other audit writes there at once; let it be read (chmod u+r), or give another --out"
        ) from None
    try:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UsageError(
                f"--out {out}: another fairdice audit is writing there (or the workers of one just stopped, which end"
                " within a second or two), and each would count the other's results as its own: wait for it to end,"
                " or give another --out"
            ) from None
        except OSError:
            pass  # a file system that keeps no locks (ENOLCK): the run goes on unheld, as any run did before
        yield held
    finally:
        os.close(held)


def _earlier_results_only(out: Path, among_inputs: bool) -> dict[str, _FileState]:
    """Refuse a run whose `--out` holds, in the places of the audit's outputs, anything that is not an earlier audit's
    results, which a fresh run would remove. Where `--out` lies in a folder given as input (`among_inputs`), a file, a
    hidden one, a folder, a link or a pipe there is also not read; games filed there (`partials/day2.jsonl`) would
    leave the audit unread and unsaid (review), resumed or not, and --out hidden or not. Elsewhere a link there is
    removed as itself, which loses nothing, and is let be. An earlier audit's results are its plan
    (`partials/plan.json`, written before anything else), its blocks' folders and the files they hold (and a file
    staged for one, `.incoming-…`, left by a run cut short) and its three outputs, none a link; a fresh run removes
    them and writes them anew, as in any `--out`. Nothing is removed here. Each file found an earlier audit's result,
    by its path in `out`, as it was when looked at (`_judged`): a resumed run does not read the outputs again
    (`_outputs_cleared`), and a fresh run removes none that is not as it was then (`_prepare`)."""
    judged: dict[str, _FileState] = {}
    held: list[str] = []  # what the places hold, as paths in --out
    odd: list[str] = []
    for name in OWN:
        place = out / name
        linked = place.is_symlink()
        if (not linked and not place.exists()) or (linked and not among_inputs):  # nothing there, or a link, let be
            continue
        if (
            place.is_symlink()
            or (name != PARTIALS and not place.is_file())
            or (name == PARTIALS and not place.is_dir())
        ):
            odd.append(name.rstrip("/"))
            continue
        if name != PARTIALS:
            held.append(name)
            continue
        for root, folders, files in os.walk(place):  # links are not followed: each is itself odd
            at = Path(root).relative_to(out)
            blocks = []
            for folder in folders:
                where = (at / folder).as_posix()
                linked = (Path(root) / folder).is_symlink()
                if linked and not among_inputs:
                    continue
                if linked or _BLOCK_FOLDER.fullmatch(where) is None:
                    odd.append(shown_path(Path(where)))
                else:
                    blocks.append(folder)
            folders[:] = blocks  # only a block's folder is looked into
            for file in files:
                where = (at / file).as_posix()
                linked = (Path(root) / file).is_symlink()
                if linked and not among_inputs:
                    continue
                if linked or not (Path(root) / file).is_file():
                    odd.append(shown_path(Path(where)))
                else:
                    held.append(shown_path(Path(where)))
    # By name and by what they hold: a file named as a result but holding a game (a line that is a JSON object, not a
    # finding) would be removed unread (review: a mismatch filed in a forged `summary.json` beside a plan left the run
    # clean, and the game gone)
    # A file named as a fresh run stages its plan is read once, as it is judged: what it holds as read then is what
    # tells it a plan left staged or cut short (review: read up to three times, each read a look of its own)
    plans: dict[str, bytes] = {}
    odd += [
        where for where in held if _EARLIER_RESULT.fullmatch(where) is None or not _judged(out, where, judged, plans)
    ]
    # A fresh run killed as it staged its plan, the first thing it writes once it has removed an earlier audit's
    # results, left that file alone: removed as an earlier audit's (review, SIGKILL: every later run refused --out)
    left_plan = bool(held) and all(_plan_left_staged(where, plans.get(where)) for where in held)
    if held and not odd and PLAN not in held and not left_plan and (among_inputs or SUMMARY not in held):
        # No plan: not a run's results, whatever their names (a plan held is one: `_holds_results`). Elsewhere, results
        # beside a summary that holds what the audit writes are an earlier audit's, its partials removed or never
        # copied (review: a folder of an AWS run's outputs, copied without partials/, was refused); without one, a page
        # named report.html is anyone's (review: a user's own report was written over)
        odd = held
    if odd:
        shown = ", ".join(sorted(odd)[:3])
        more = f" and {len(odd) - 3} more" if len(odd) > 3 else ""
        if all(where in judged and where in plans and _plan_cut_short(plans[where]) for where in odd):
            # Alone, named as a fresh run stages its plan, holding no game, but no plan it can be told by (cut short):
            # said as what it may be, with what to do (review: "not an earlier audit's", and the user left to guess). A
            # whole plan bearing another mark than its name's is no run's cut short: a run stages its own plan under
            # its own mark (review: it was said to be what a run killed as it wrote its plan may leave); nor is any
            # whole JSON document, or one that begins otherwise than a plan (`_plan_cut_short`; review: `{}`, or a plan
            # with a key repeated or one a plan has not, was said so)
            it, they, verb = ("it", "it", "is") if len(odd) == 1 else ("them", "they", "are")
            raise UsageError(
                f"--out {out} holds {shown}{more} alone, named as a fresh run stages its plan, the first thing it"
                f" writes and before it audits anything, but {verb} no whole plan bearing that name's mark: left by a"
                f" run killed as it wrote its plan (so holding no result of it), or anyone's; kept, as holding no game"
                f" but not told apart from anyone's file: remove {it} if {they} {verb} no one's, and run again, or"
                " give another --out"
            )
        if among_inputs:
            raise UsageError(
                f"--out {out} lies in a folder given as input and holds {shown}{more} where the audit writes its"
                " results, which the audit does not read (and a fresh one removes): move them out, or give another"
                " --out"
            )
        raise UsageError(
            f"--out {out} holds {shown}{more} where the audit writes its results, and they are not an earlier audit's"
            " (which a fresh run removes): move them out, or give another --out"
        )
    return judged


_PLAN_STAGED = re.compile(rf"{re.escape(PARTIALS + STAGED_PREFIX)}([0-9a-f]{{8}})[0-9a-f]{{8}}")


# How every plan fairdice writes begins (`Plan.model_dump_json(indent=2)`: its first field)
_PLAN_OPENING = b'{\n  "files": ['


def _plan_cut_short(data: bytes) -> bool:
    """Whether a file staged as a plan, holding `data`, may be one a run killed as it wrote its plan left: the first
    part of one as fairdice writes it (`_PLAN_OPENING`), its end not written, so no whole JSON document (a proper part
    of one JSON object is none). Anything else there is no run's plan cut short."""
    if data[: len(_PLAN_OPENING)] != _PLAN_OPENING[: len(data)]:
        return False
    try:
        json.loads(data)
    except (ValueError, RecursionError):
        return True
    return False


def _plan_left_staged(where: str, data: bytes | None) -> bool:
    """Whether the file at `where` in --out, holding `data` as it was judged (None: not read), is a plan a fresh run
    staged (`.incoming-MARK…` in partials/, as `FolderResults` names it with the run's mark) and was killed before it
    gave it its place: empty (made, not yet written), or a whole plan bearing that mark (`Plan.staged`). Anything else
    there (a plan cut short, a mark another's) is not told apart from anyone's file, and is let be."""
    named = _PLAN_STAGED.fullmatch(where)
    if named is None or data is None:
        return False
    if not data:
        return True
    try:
        # Read as a resume reads a plan (`_plan_found`): one `_a_plan` takes, which this read refuses (a lone surrogate
        # escaped, "\ud800"), is no plan fairdice wrote (review: its ValidationError stopped the run, exit 2, "request:
        # Invalid JSON", naming no file)
        staged = Plan.model_validate_json(data).staged
    except ValidationError:
        return False
    return _holds_model(Plan, data) and staged == named.group(1)


def _judged(out: Path, name: str, judged: dict[str, _FileState], plans: dict[str, bytes] | None = None) -> bool:
    """Whether the file at `name` in `out`, an output's place or one in partials/, holds what the audit writes there
    (`_holds_results`); if so, it goes into `judged` as it was before it was read, so that the run need not read it
    again (4.7 s of a core for a million findings), and removes it only as it was then. One named as a fresh run stages
    its plan goes into `plans` as read, where `plans` is given, so that it is read once."""
    try:
        before = _state((out / name).lstat())
    except OSError:
        return False
    if plans is not None and _PLAN_STAGED.fullmatch(name):
        try:
            with open_file(out / name) as stream:
                plans[name] = stream.read()
        except OSError:
            return False
        # Looked at as `_holds_results` looks at a staged file, in the bytes read
        holds = _lines_all(out / name, _no_game, io.BytesIO(plans[name]))
    else:
        holds = _holds_results(out / name, name)
    if not holds:
        return False
    judged[name] = before
    return True


def _resumed_outputs(out: Path) -> dict[str, _FileState]:
    """Look at the places of the three outputs of a resumed run's `out` outside the folders given as it begins, once it
    holds `out`, as a fresh run looks at them (`_earlier_results_only`): a link there is judged to be removed as itself,
    as a fresh run removes one, which loses nothing, the file it leads to not touched (review: a resumed run stopped at
    its end, exit 3, saying the link was put there while the audit ran); it is removed with the earlier outputs once
    the blocks are done (`_outputs_cleared`), not now, as the resume may yet be refused, removing nothing (review: a
    resume into a folder that held no audit removed a link there, and stopped, exit 2, as there was nothing to resume).
    Anything else but an earlier audit's output refuses the resume now, before it audits a block, as being there
    before it began (review: it audited every block left, then stopped, exit 3, saying the file was put there while
    the audit ran). One put there once this run holds `out` is kept, and stops the run, fresh or resumed
    (`_outputs_cleared`). Each output found an earlier audit's, and each link, as it was then (`_judged`)."""
    judged: dict[str, _FileState] = {}
    odd: list[str] = []
    for name in OUTPUTS:
        place = out / name
        if place.is_symlink():
            judged[name] = _state(place.lstat())
        elif place.exists() and not (place.is_file() and _judged(out, name, judged)):
            odd.append(name)
    if odd:
        it, verb = ("it", "is") if len(odd) == 1 else ("them", "are")
        raise UsageError(
            f"--resume: --out {out} holds {', '.join(odd)} where the audit writes its results, which {verb} not an"
            f" earlier audit's (which a resume writes anew), so nothing was audited: move {it} out, and resume again"
        )
    return judged


def _holds_results(path: Path, where: str) -> bool:
    """Whether a file in the places of the audit's outputs holds what the audit writes there, so that no game can be
    in it. Every line of it, read as the audit reads an input's (`numbered_lines`, the line as read: a CR LF ending's
    CR kept, as `json_input` decodes it), is UTF-8 with no NUL byte (which every encoding of JSON but UTF-8 has, for
    the characters of a game) and no game: no JSON object but a finding or a partial summary (`_no_game`). And the file
    is what its name says: a summary, a plan or a block's partial summary, with no field but theirs; findings, every
    line a finding; a block's ids or game keys in their form; or a report, an HTML page. A file staged for one of them,
    left by a run cut short, may hold any part of one: its lines are looked at alone. (Review: a game nested in a
    summary's value, written in UTF-16, or ending in CR was removed unread.)"""
    name = where.rsplit("/", 1)[-1]
    if _STAGED.fullmatch(name):
        return _lines_all(path, _no_game)
    if where in (SUMMARY, PLAN) or name == SUMMARY:  # one JSON document: its lines are looked at too
        model = _a_plan if where == PLAN else _a_summary if where == SUMMARY else _a_partial
        return model(path) and _lines_all(path, _no_game)
    # Findings, ids, game keys and a report: each line of its form is no game already, so each is read once (4.7 s of a
    # core for a million findings)
    checks = {FINDINGS: _findings, IDS: _ids, GAMES: _games, REPORT: _a_report}
    return checks[name](path)


def _lines_all(
    path: Path, good: Callable[[bytes], bool], opened: AbstractContextManager[BinaryIO] | None = None
) -> bool:
    """Whether every line of a file, read as the audit reads an input's (`numbered_lines`), is UTF-8 with no NUL byte,
    and `good`; read from `opened` where given (the file in a folder held), else from `path`."""
    try:
        # a pipe put there since it was looked at is not waited on
        with opened if opened is not None else open_file(path) as stream:
            return all(_utf8(line) and good(line) for _, line in numbered_lines(stream, ""))
    except (OSError, RecursionError):  # a line nested too deeply to look at may be a game the audit would read
        return False


def _utf8(line: object) -> TypeGuard[bytes]:
    if not isinstance(line, bytes) or b"\0" in line or line.startswith(b"\xef\xbb\xbf"):
        return False
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _an_object(line: bytes) -> dict[str, Any] | None:
    """The JSON object a line holds, read as the audit reads a game (UTF-8, as POST /verify reads one), or None.
    RecursionError for one nested too deeply to read here: the audit, from a shallower stack, may read it as a game
    (review: a game nested 9,995 levels deep passed for no game and was removed unread)."""
    try:
        found = json_input.loads(line)
    except (ValueError, RepeatedKey):
        return None
    return found if isinstance(found, dict) else None


def _a_model(model: type[BaseModel]) -> Callable[[Path], bool]:
    """Whether a file holds one `model` in UTF-8, and nothing but its fields: these models ignore other keys, so a
    game's line would validate as one (every field has a default) were its keys not looked at."""

    def holds(path: Path) -> bool:
        try:
            with open_file(path) as stream:
                data = stream.read()
        except OSError:
            return False
        return _holds_model(model, data)

    return holds


def _holds_model(model: type[BaseModel], data: bytes) -> bool:
    """Whether `data` is one `model` in UTF-8, and nothing but its fields (`_a_model`)."""
    try:
        found = json_input.loads(data.decode("utf-8"))
        if not isinstance(found, dict) or not set(found) <= set(model.model_fields):
            return False
        model.model_validate(found)
    except (ValueError, RecursionError, RepeatedKey, ValidationError):
        return False
    return True


_a_summary, _a_partial, _a_plan = _a_model(Summary), _a_model(Partial), _a_model(Plan)


def _a_finding(found: dict[str, Any]) -> bool:
    keys = set(found)
    return ("verdict" in keys and keys <= GAME_FINDING_KEYS) or ("error" in keys and keys <= LINE_FINDING_KEYS)


_JSON_SPACE = b" \t\n\r"  # the white space JSON allows around a value, as json.loads skips it
_OPENING = (b"{", b"[")


def _no_game(line: bytes) -> bool:
    """Whether a line is no game: not a JSON object, or a finding, or a block's partial summary (no game's fields).
    A line whose first byte but JSON's white space opens no object or array is none, and is not parsed: nor can it be
    nested too deeply to read (review: the plan of a run of 100,000 files, half a million lines, took seconds of a core
    to judge, each line parsed where only its 100,000 lines `{` open one)."""
    if line.lstrip(_JSON_SPACE)[:1] not in _OPENING:
        return True
    found = _an_object(line)
    return found is None or _a_finding(found) or set(found) <= set(Partial.model_fields)


def _findings(path: Path) -> bool:
    def finding(line: bytes) -> bool:
        found = _an_object(line)
        return found is not None and _a_finding(found)

    return _lines_all(path, finding)


def _ids(path: Path) -> bool:
    return _lines_all(path, partial(_one_of, (ID_LINE, EARLIER_ID_LINE)))


def _games(path: Path) -> bool:
    return _lines_all(path, partial(_one_of, (GAME_LINE, EARLIER_GAME_LINE)))


def _one_of(forms: tuple[re.Pattern[bytes], ...], line: bytes) -> bool:
    """Whether a line of ids.txt or games.txt is of one of the forms fairdice has written it in."""
    line = line.removesuffix(b"\r")
    return any(form.fullmatch(line) is not None for form in forms)


def _a_report(path: Path) -> bool:
    try:
        with open_file(path) as stream:
            if stream.read(15).lower() != b"<!doctype html>":
                return False
    except OSError:
        return False
    return _lines_all(path, lambda line: _an_object(line) is None)


def _state(status: os.stat_result) -> _FileState:
    """What a write to a file changes, or its replacement: its device and inode, its size, its time of change, and the
    time its inode changed, which no one sets (a time of change can be set back, `touch -d`)."""
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns


def _changed_since_read(opened: dict[Path, _FileState]) -> dict[str, str]:
    """Why each file read that is not now as the run opened it (written to, replaced, removed, or its time of change
    set back) is not audited, by its name: its games are not counted and the run is not clean, as on AWS an object
    changed or removed after its worker read it is not audited (review: a game not fair appended to a file once it was
    read left the audit clean, exit 0, its summary naming bytes the file no longer held)."""
    changed: dict[str, str] = {}
    for path, then in opened.items():
        try:
            now: _FileState | None = _state(path.stat())
        except OSError:  # removed, or a link to nothing now
            now = None
        if now != then:
            changed[str(path)] = (
                f"{_what_changed(then, now)}: its games are not counted, and the run is not clean; audit it again once"
                " nothing writes it"
            )
    return changed


def _what_changed(then: _FileState, now: _FileState | None) -> str:
    """What became of a file since the run opened it to read (`then`), by what it is now (`now`, None: gone)."""
    if now is None:
        return "it was removed after the audit opened it to read (or it is a link to nothing now)"
    if now[:2] != then[:2]:
        return "another file was put in its place after the audit opened it to read (it was replaced)"
    if now[2] != then[2]:
        return f"it was written to after the audit opened it to read (it held {then[2]:,} bytes then, {now[2]:,} now)"
    if now[3] != then[3]:
        return "it was written to after the audit opened it to read (its time of change moved)"
    # the time its inode changed moved, its time of change did not: set back after a write (`touch -d`), or its
    # permissions or links changed, which no read tells apart
    return (
        "it was changed after the audit opened it to read, its time of change set back (the time its inode changed"
        " moved; a change of its permissions or links moves it too)"
    )


def _put_meanwhile(paths: Sequence[str], found: set[Path], read: set[object]) -> list[Path]:
    """What the folders given hold now, walked as `find_inputs` walks them, that the run did not find there as it began
    (`found`) and that is no file it read (`read`, by `_as_found`: a link or hard link to one, or one renamed, is that
    file): put there while it ran. A folder that cannot be read now is listed itself, as what it holds now was not
    read, where it is a UsageError as the run begins: raised here, after every block, it threw the run's work away
    and wrote nothing (review)."""
    now: list[Path] = []
    skipped: list[Path] = []
    for given in paths:
        if Path(given).is_dir():
            now += _files_under(Path(given), skipped, lambda exc: skipped.append(Path(exc.filename)))
    return [path for path in [*now, *skipped] if path not in found and not _one_of_read(path, read)]


def _every_block_found(out: Path, names: set[str]) -> None:
    """Stop the run where a block it cut (`names`) has no result the merge finds (`partial_names`): removed once
    written, or written through a link put in the place of its folder, which the listing does not follow. The block's
    games would go uncounted in a summary naming the file as read whole (review: 4 games of 6 counted, all fair, exit
    0). An OSError naming the first such block (`merge.lost`): the run did not finish, and a resume audits it again.
    Looked at before any output is written; the merge refuses alike a block whose result it does not list, lost
    after this look (`merge`'s `names`). Each block is looked at, its folder and its summary, as the listing finds
    them, rather than listed again (5,000 blocks: 0.15 s, where the listing took 1 s)."""
    lost = []
    for name in sorted(names):
        folder = out / PARTIALS / name
        try:
            if not stat.S_ISDIR(folder.lstat().st_mode) or not (folder / SUMMARY).is_file():
                lost.append(name)
        except OSError:
            lost.append(name)
    if lost:
        raise lost_results([str(out / PARTIALS / name) for name in lost])


def _outputs_cleared(out: Path, judged: dict[str, _FileState]) -> list[Path]:
    """Ready the places of the run's three outputs in `out` to be written, once the blocks are done: an earlier audit's
    output, found so as the run began (`judged`: `_earlier_results_only`, `_resumed_outputs`), or a link a resume found
    there outside the folders given (`_resumed_outputs`), as it was then, is removed, not read again (review: a resume
    with `out` in a folder given read a million findings twice, 4.7 s of a core each time); anything else there is
    kept, and returned: put there, or written to, while the run went on (what was there as it began and is no earlier
    audit's output is refused then), whatever it holds, as it is no output of an audit there as the run began (review:
    another audit's findings, or a page of one's own headed as a report, put there while the run went on, were taken
    for an earlier audit's and removed, and the audit was clean, exit 0). A fresh run has removed what it judged
    (`_prepare`), and judges nothing here. The run writes no output over what is kept, nor over what is put there once
    this look is made (`FolderResults`' `fresh`): it stops, saying so (review: a game put as report.html as the report
    was drawn was written over, and the audit was clean, exit 0; where `out` lies in a folder given, one put as
    summary.json was listed as not read and written over, its game lost). Nothing is read: a pipe would wait for a
    writer."""
    kept = []
    for name in OUTPUTS:
        place = out / name
        try:
            now = _state(place.lstat())  # a link itself, not where it leads
        except FileNotFoundError:
            continue
        if judged.get(name) == now:
            place.unlink()
        else:
            kept.append(place)
    return kept


def _put_among_partials(out: Path, names: set[str]) -> list[Path]:
    """What `partials/` in `out` holds that is neither this run's (its plan, its blocks' results) nor an earlier
    audit's, as `_earlier_results_only` lets one be as the run begins (named as one, holding no game): put there while
    the run went on, where `out` lies in a folder given. The walk of the folders given leaves out the run's own outputs,
    which are not read (review: a game put in partials/ while the run went on was neither read nor said, and the audit
    was clean, exit 0; the next run refused it). A folder there that cannot be read is listed itself, as
    `_put_meanwhile` lists one (review: a game in a folder put in partials/ without read permission went unsaid, exit
    0)."""
    ours = {PLAN, *(partial_key(name, part) for name in names for part in (SUMMARY, FINDINGS, IDS, GAMES))}
    put: list[Path] = []
    # links are not followed: each is itself put there
    for root, folders, files in os.walk(out / PARTIALS, onerror=lambda exc: put.append(Path(exc.filename))):
        for name in [*folders, *files]:
            path = Path(root) / name
            where = path.relative_to(out).as_posix()
            # by name first: this run's results are not read again (a million findings are seconds of a core); none
            # but a file is read: a pipe would wait for a writer
            kept = where in ours or (
                _EARLIER_RESULT.fullmatch(where) is not None and path.is_file() and _holds_results(path, where)
            )
            if path.is_symlink() or (name in files and not kept):
                put.append(path)
    return sorted(put, key=str)


def _one_of_read(path: Path, read: set[object]) -> bool:
    try:
        return path.is_file() and _as_found(path) in read
    except OSError:  # gone already, or a link to nothing
        return False


def _as_found(path: Path) -> object:
    """A file as the run found it: what it is (`_file_identity`), with its size and time of change, as its plan keeps
    them. By its inode alone, a file put in a folder given while the run went on was taken for one the run read, where
    that one was removed once read and the new file given its inode, as ext4 gives a freed one at once (review)."""
    status = path.stat()
    return _file_identity(path), status.st_size, status.st_mtime_ns


def _not_read(passed_over: Iterable[Path], files: Iterable[Path], out: Path) -> list[str]:
    """What the folders given held and the run did not read, once each (by where it leads), sorted: not the run's own
    outputs in `--out` (`OWN`), nor what was read after all (named itself, or reached by another way). What else `--out`
    holds is listed: it may lie in the input folder, or be it (review: `.late.jsonl` went unsaid), and when it is hidden
    (passed over whole), what it holds but the run's own is listed. A file named as one the run stages beside its
    outputs (`.incoming-…`) is listed too: this run's are gone by now, and one left by a run cut short, or by anyone,
    was not read (review: a game in one went unsaid, exit 0)."""
    read = {file.resolve() for file in files}
    found: dict[Path, str] = {}
    own_output = _own_outputs(out)
    for path in sorted(_opened_out(passed_over, out), key=str):
        real = path.resolve()
        if own_output(path) is not None or real in read:
            continue
        if any(file.is_relative_to(real) for file in read) and _all_read(real, read):  # walked only when one was read
            continue
        found.setdefault(real, shown_path(path))  # a name of bytes that are no text, with escapes
    return sorted(found.values())


def _all_read(folder: Path, read: set[Path]) -> bool:
    """Whether every file under a folder passed over was read after all (each named itself): a folder of which one
    file was named still holds the others, unread (review)."""
    try:
        for root, _, files in _walked(folder):  # as the inputs were found
            if any(Path(root, name).resolve() not in read for name in files):
                return False
    except UsageError:  # a folder in it that cannot be read holds what was not read
        return False
    return True


def _opened_out(passed_over: Iterable[Path], out: Path) -> Iterator[Path]:
    """What was passed over, with `--out` itself (a hidden folder given, or under one) as what it holds."""
    results = out.resolve()
    for path in passed_over:
        if path.resolve() == results:
            yield from (path / name for name in sorted(os.listdir(path)))
        else:
            yield path


def _out_folder(out: Path, resume: bool) -> None:
    """Refuse an `out` that is not a folder, or cannot be made one or written in, before anything is written there
    (a run resumed finds its folder or nothing to resume); make a new one."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: not a folder (a file of that name is there)")
    if out.is_symlink() and not out.exists():
        raise UsageError(
            f"--out {out}: a link to nothing ({shown_path(Path(os.readlink(out)))}): make that folder first"
        )
    if resume:
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=out).close()
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot be made or written in ({exc.strerror})") from None


def _changed(planned: Plan, plan: Plan) -> str:
    """The first way this run's inputs differ from those of the audit it would resume, in words (review: "a file changed
    or moved", naming none, where the same files had been named by another path)."""
    then = {read.file: read for read in planned.files}
    now = {read.file: read for read in plan.files}
    gone = [name for name in then if name not in now]
    added = [name for name in now if name not in then]
    if gone and len(gone) == len(added):  # as many named otherwise: the same files by other paths, most likely
        return f"it read {gone[0]} where these read {added[0]}: name the inputs by the paths that run named them by"
    if gone:
        return f"it read {gone[0]}, which these inputs do not hold (removed, moved, or named by another path)"
    if added:
        return f"these inputs hold {added[0]}, which it did not read (a file added since): audit them afresh"
    changed = next((name for name, read in then.items() if now[name] != read), None)
    if changed is not None:
        return f"{changed} changed since (its size or its time of change is not the same)"
    if planned.named != plan.named:
        # The same files, named otherwise (review: a folder's files named one by one left its hidden .late.jsonl
        # unsaid, and the resumed audit clean where the run it finished was not)
        before, given = planned.named or [], plan.named or []
        dropped = next((name for name in before if name not in given), None)
        also = next((name for name in given if name not in before), None)
        said = f"it named {dropped}, which these do not" if dropped else f"these name {also}, which it did not"
        # A file it named by itself, which these read through its folder, is to be named by itself again (review: the
        # advice was to name the folder as the folder, which the resume refused had done)
        alone = dropped is not None and Path(dropped).is_file()
        how = (
            "a file by its own name, not by its folder" if alone else "a folder as the folder, not its files one by one"
        )
        return f"{said}: name the inputs as that run named them ({how})"
    return "its plan is not this run's"  # what else a plan holds is told apart before (`_begun_earlier`)


def _begun_earlier(planned: Plan, plan: Plan) -> tuple[str, str] | None:
    """Which fairdice began the audit of `planned` ("an earlier", "a later", "another") and what its plan lacks that a
    resume needs, or does otherwise than this one's, `plan`, in words; None for this fairdice's."""
    if planned.named is None:
        return "an earlier", "kept no word of how its inputs were named (a folder, or its files one by one)"
    if planned.block_bytes is None:
        return (
            "an earlier",
            f"cut its blocks by their lines alone, where this one also ends a block at {BLOCK_BYTES:,} bytes",
        )
    # Its blocks' digests are of the lines read its way: checked against this one's lines, the same file was said to
    # have changed (review: a UTF-16 file, or gzip under a name without `.gz`, audited before a change of how lines are
    # read and resumed after it)
    if planned.lines_version is None:
        return "an earlier", (
            "kept no word of how it read its inputs' lines, which fairdice has read otherwise since (little-endian"
            " UTF-16 or UTF-32, gzip under a name without .gz), so the blocks it audited may not hold the lines this"
            " one reads"
        )
    if planned.lines_version != LINES_VERSION:
        return "an earlier" if planned.lines_version < LINES_VERSION else "a later", (
            "read its inputs' lines otherwise than this one does, so the blocks it audited may not hold the lines this"
            " one reads"
        )
    # Blocks of another size are another fairdice's too, earlier or later (review: "the inputs are not those of the
    # audit", of the same inputs, with no advice)
    if (planned.block_lines, planned.block_bytes) != (plan.block_lines, plan.block_bytes):
        return "another", (
            f"cut its blocks at {planned.block_lines:,} lines or {planned.block_bytes:,} bytes, where this one cuts"
            f" them at {plan.block_lines:,} lines or {plan.block_bytes:,} bytes"
        )
    return None


def _prepare(
    out: Path,
    plan: Plan,
    resume: bool,
    found: Plan | OSError | ValidationError | None,
    judged: dict[str, _FileState],
    left_removed: Callable[[], object],
) -> tuple[dict[str, str], Plan, dict[str, str]]:
    """Check a resume against the interrupted run's plan (`found`: `_plan_found`), or start afresh; the blocks already
    done, each with the digest of the lines it audited, the plan the run goes by (a resumed run's keeps its interrupted
    run's day it judges daily games by, moment it reads the archive as of and mark of the files it stages,
    `Plan.staged`), and the blocks whose result is stored but not kept, each with why (`REDONE_FORM`, `REDONE_LINES`,
    `REDONE_PARTS`). A fresh run removes the outputs in `out` only as they were judged an earlier audit's (`judged`:
    `_earlier_results_only`), or links, and what the earlier run left staged (`left_removed`: `_removed`) before its
    plan, whose mark they bear."""
    plan_file = out / PLAN
    store = FolderResults(out, plan.staged or "")
    if resume:
        if found is None:
            raise _nothing_to_resume(out)
        if isinstance(found, OSError):
            # Named, with what to do: the command's handler of an OSError asked for --resume, which fails alike, and a
            # folder there was "no interrupted audit to resume", where a fresh run refuses it (review)
            raise UsageError(
                f"--resume: {plan_file}, the plan of the audit in {out}, cannot be read ({found.strerror or found}):"
                " once it is a file that can be read, resume again; or audit the inputs afresh, with the same command"
                f" without --resume and another --out (a fresh run into {out} refuses it too, as it removes only an"
                " earlier audit's results)"
            )
        if isinstance(found, ValidationError):
            # Named, with what to do (review: "fairdice: block_lines: must be a whole number, got 'x'" alone). A fresh
            # run into `out` refuses such a plan too, as it could hold a game (`_earlier_results_only`): another --out.
            first = describe(found)[0]
            problem = first.message if first.field == WHOLE_REQUEST else f"{first.field}: {first.message}"
            raise UsageError(
                f"--resume: {plan_file}, the plan of the audit in {out}, is not as fairdice writes it ({problem}): the"
                " audit cannot be resumed from it; audit the inputs afresh, with the same command without --resume and"
                f" another --out (a fresh run into {out} refuses it too, as it removes only an earlier audit's results)"
            )
        if found.removing:
            # A fresh run stopped (SIGKILL, a failed removal) as it removed an earlier audit's results: what is left is
            # that audit's, whose plan is gone, and nothing of the new one was audited (review: the earlier plan was
            # left, and the resume finished the earlier audit, as of its moment, every block removed audited again
            # unsaid)
            raise UsageError(
                f"--resume: the audit in {out} was begun afresh and stopped as it removed an earlier audit's results"
                " there, before it audited anything: there is nothing of it to resume; audit the inputs afresh, with"
                " the same command without --resume"
            )
        planned = found
        begun = _begun_earlier(planned, plan)
        if begun is not None:
            # Said as what it is, and what to do (review: "the inputs are not those of the audit", of the same inputs,
            # and "audit them afresh", which did not say how)
            which, earlier = begun
            raise UsageError(
                f"--resume: the audit in {out} was begun by {which} fairdice, which {earlier}; this fairdice cannot"
                " finish it: audit the inputs afresh, with the same command without --resume (which removes that"
                f" audit's results in {out} first)"
            )
        if planned.archive != plan.archive:
            raise UsageError(
                f"--resume: the audit in {out} checked daily games against {planned.archive or 'no archive'}, not"
                f" {plan.archive or 'no archive'}"
            )
        if planned.model_copy(update={"today": plan.today, "started": plan.started, "staged": plan.staged}) != plan:
            raise UsageError(f"--resume: the inputs are not those of the audit in {out}: {_changed(planned, plan)}")
        later_day = plan.today is not None and planned.today is not None and planned.today > plan.today
        if later_day or (plan.started is not None and planned.started is not None and planned.started > plan.started):
            # A moment the days are judged by is one that has come: a plan dated later (written by hand) would judge a
            # day not over yet as over (review: what plan.json says is a caller's lever, so it is bounded)
            raise UsageError(
                f"--resume: the audit in {out} says it began later than this machine's clock"
                f" ({planned.started or planned.today}): it was not written by fairdice here; audit afresh"
            )
        _block_results_are_files(out)
        # A block done by a version that kept no game keys (games.txt), made them otherwise or kept no digest of its
        # lines is audited again: the repeated-game check needs every block's keys made alike. So is one whose
        # findings or ids are gone, which the merge reads (review: it stopped, exit 3, asking for the --resume that
        # stopped alike)
        done = {}
        redo: dict[str, str] = {}
        for name in partial_names(store):
            try:
                part = read_partial(store, name)
            except ValidationError:
                continue  # not a partial this command wrote: its block, if the inputs make one, is audited again
            # A block with lines the archive refused, or whose archive object it gave no bytes for yet, or that fairdice
            # failed on, is audited again too: the reader may list the archive by now, the object be restored, fairdice
            # be mended.
            keys_kept = all((out / partial_key(name, kept)).is_file() for kept in (FINDINGS, IDS, GAMES))
            retry = part.refused or part.unreadable or part.failed
            if part.format != PARTIAL_FORMAT or not part.lines_sha256:
                redo[name] = REDONE_FORM
            elif not keys_kept:
                redo[name] = REDONE_PARTS
            elif retry:
                redo[name] = REDONE_LINES
            else:
                done[name] = part.lines_sha256
        # A plan that kept no day or moment: this run's. One that kept no mark: none, as the plan is not written again
        kept = {
            "today": planned.today or plan.today,
            "started": planned.started or plan.started,
            "staged": planned.staged,
        }
        return done, plan.model_copy(update=kept), redo
    # Whatever an earlier run (or anyone else) left of these is removed, or the run does not start: a partial left in
    # place would be a block's result that this run never audited, waiting for a resume to count it. The plan's bytes
    # are made first: nothing is removed for a run whose plan could not be written (a name JSON cannot hold).
    planned_bytes = plan.model_dump_json(indent=2).encode()
    # A Ctrl-C or SIGTERM as the earlier results are removed is held back until this run's plan is in their place, and
    # handled then: the --resume the run names finishes this run (review: handled at once, it left the earlier plan
    # once the outputs were gone, and that resume finished the earlier audit, as of its moment, every block audited
    # again unsaid). A run killed (SIGKILL) as it removes them leaves this run's plan marked as removing in the
    # earlier plan's place, put there before anything of that audit's is removed: a resume refuses it, and a fresh run
    # removes what is left as an earlier audit's (`_remove_earlier`).
    removing = plan.model_copy(update={"removing": True}).model_dump_json(indent=2).encode()
    with stops_held():
        _remove_earlier(out, judged, left_removed, partial(store.put, PLAN, removing))
        store.put(PLAN, planned_bytes)
    return {}, plan, {}


def _remove_earlier(
    out: Path, judged: dict[str, _FileState], left_removed: Callable[[], object], begun: Callable[[], object]
) -> None:
    """Remove an earlier audit's results in `out` as a fresh run begins (`_prepare`), each as it was judged: UsageError
    where one is not as judged, or cannot be removed. `begun` puts the fresh run's plan, marked as removing, in the
    earlier plan's place, before any result of that audit is removed."""
    # Each output as it was judged, or a link, which is removed as itself: one put there or written to since the run
    # looked there is kept, and nothing is removed (review: a game put in summary.json's place as the run read an
    # earlier audit's findings, where --out lies in the folder given, was removed unread, and the audit was clean)
    # So is what partials/ holds (review: it was removed whole, and a game put in it as the run began with it, unread;
    # where --out lies in the folder given, the audit was clean)
    try:
        since, links, files, folders = _partials_as_judged(out, judged)
        since += [name for name in OUTPUTS if not _as_judged(out / name, judged.get(name))]
        if since:
            shown = ", ".join(since[:3]) + (f" and {len(since) - 3:,} more" if len(since) > 3 else "")
            raise UsageError(
                f"--out {out} holds {shown} where the audit writes its results, put there or written to as the run"
                " began, once it had looked there, so nothing was removed or audited: move"
                f" {'it' if len(since) == 1 else 'them'} out, or give another --out"
            )
        # The files the earlier run left staged beside its outputs, known by its plan's mark, go first, while that plan
        # is there: removed after it, a run killed in between left them for good, no plan bearing their mark (review:
        # where --out lies in the folder audited, every later run listed one as not read, exit 1, however fair the
        # games)
        left_removed()
        # Then the links, partials/ itself perhaps (this run's plan is not written through one), and this run's plan,
        # marked as removing, in the earlier plan's place, before any result of that audit is removed: a run killed as
        # it removes them leaves a plan, by which the next fresh run knows what is left for an earlier audit's results
        # (review, SIGKILL: the outputs left without a plan, where --out lies in a folder given, refused every later
        # run, fresh or resumed, "move them out"), and a resume knows nothing of this run was audited (review, SIGKILL:
        # the earlier plan was left, and the resume finished that earlier audit, every block removed audited again
        # unsaid)
        _remove_judged(out, links, [], [], judged)
        if not _as_judged(out / PLAN, judged.get(PLAN)):
            raise OSError(errno.EBUSY, "written to as it was being removed, so it is kept", str(out / PLAN))
        begun()
        # Looked at again as the run's plan is replaced by itself once they are gone: one written over meanwhile is kept
        placed = _state((out / PLAN).lstat())
        # Those left staged in its blocks' folders are gone by now, removed by their mark
        others = [(file, where) for file, where in files if where != PLAN and os.path.lexists(file)]
        _remove_judged(out, [], others, [], judged)
        for name in (FINDINGS, REPORT, SUMMARY):
            # Looked at again too, as partials/ has been removed since they were (review: an output written to as it
            # was, once judged, was removed unread)
            if not _as_judged(out / name, judged.get(name)):
                raise OSError(errno.EBUSY, "written to as it was being removed, so it is kept", str(out / name))
            (out / name).unlink(missing_ok=True)
        # Its blocks' folders, the deepest first: partials/ itself, which holds this run's plan, stays
        _remove_judged(out, [], [], [folder for folder in folders if folder != out / PARTIALS], judged)
        if _state((out / PLAN).lstat()) != placed:
            raise OSError(errno.EBUSY, "written to as it was being removed, so it is kept", str(out / PLAN))
    except OSError as exc:
        raise UsageError(
            f"--out {out}: cannot remove the results of an earlier audit there ({os_words(exc)}); give another --out"
        ) from None


def _partials_as_judged(
    out: Path, judged: dict[str, _FileState]
) -> tuple[list[str], list[Path], list[tuple[Path, str]], list[Path]]:
    """What partials/ in `out` holds as a fresh run is about to remove it: each thing there that is neither a file
    judged an earlier audit's result as it was then (`_earlier_results_only`), nor a link (removed as itself, which
    loses nothing), nor a folder, by its path in `out`; then the links, the files judged (each with its path in `out`)
    and the folders, the deepest first, to remove. A folder that cannot be listed is an OSError: what it holds was not
    judged."""
    since: list[str] = []
    links: list[Path] = []
    files: list[tuple[Path, str]] = []
    folders: list[Path] = []
    partials = out / PARTIALS
    try:
        status = partials.lstat()
    except FileNotFoundError:
        return since, links, files, folders
    if stat.S_ISLNK(status.st_mode):
        links.append(partials)
    elif not stat.S_ISDIR(status.st_mode):
        since.append(PARTIALS.rstrip("/"))
    else:

        def unlisted(exc: OSError) -> None:
            raise exc

        for root, names, leaves in os.walk(partials, topdown=False, onerror=unlisted):  # links are not followed
            for name in [*names, *leaves]:
                path = Path(root) / name
                where = path.relative_to(out).as_posix()
                status = path.lstat()
                if stat.S_ISLNK(status.st_mode):
                    links.append(path)
                elif stat.S_ISDIR(status.st_mode):
                    continue
                elif judged.get(where) == _state(status):
                    files.append((path, where))
                else:
                    since.append(shown_path(path.relative_to(out)))
            folders.append(Path(root))
    return sorted(since), links, files, folders


def _remove_judged(
    out: Path, links: list[Path], files: list[tuple[Path, str]], folders: list[Path], judged: dict[str, _FileState]
) -> None:
    """Remove what partials/ in `out` holds as `_partials_as_judged` found it: its links, each as itself, its files
    judged, each only as it was judged (one written to or replaced as they are removed is kept), then its folders, the
    deepest first, each empty by now (one put there meanwhile is kept with it); an OSError for the first kept. Each in
    the folder it was found in, reached as a read reaches it (`held_folder`: each folder under `out` opened without
    following a link, and held while what it holds is looked at and removed), not by its path: a folder moved and a
    link put in its place since it was walked is not gone through, and a file judged is not removed where it sits now
    (review: a block's folder, or partials/, swapped for a link to it as a fresh run began let every file it held be
    removed there, outside --out)."""
    in_folder: dict[tuple[str, ...], list[tuple[str, str | None]]] = {}
    for link in links:
        *parts, name = link.relative_to(out).parts
        in_folder.setdefault(tuple(parts), []).append((name, None))
    for file, where in files:
        *parts, name = file.relative_to(out).parts
        in_folder.setdefault(tuple(parts), []).append((name, where))
    for held, named in in_folder.items():
        with held_folder(out, list(held)) as folder:
            for leaf, judged_as in named:
                status = folder.status(leaf)
                # Looked at again as each is removed, a moment after it was: one written to as they are is kept
                if stat.S_ISLNK(status.st_mode) if judged_as is None else _state(status) == judged[judged_as]:
                    folder.unlink(leaf)
                else:
                    kept = str(folder.path / leaf)
                    raise OSError(errno.EBUSY, "written to as it was being removed, so it is kept", kept)
    for path in folders:  # the deepest first
        *parts, name = path.relative_to(out).parts
        with held_folder(out, parts) as folder:
            folder.rmdir(name)


def _as_judged(place: Path, judged: _FileState | None) -> bool:
    """Whether the place of an output holds nothing, a link, or the file judged an earlier audit's (`judged`), as it
    was then."""
    try:
        status = place.lstat()
    except FileNotFoundError:
        return True
    return stat.S_ISLNK(status.st_mode) or _state(status) == judged


def _block_results_are_files(out: Path) -> None:
    """Refuse a resume whose `partials/` holds, in the place of a block's result (its summary.json, findings.jsonl,
    ids.txt or games.txt), what is not a file: a pipe, a socket, a folder, a link, to a file or to nothing. The merge
    reads a done block's, and a pipe would wait for a writer for ever (review: one put as a done block's findings.jsonl
    or ids.txt, with `--out` outside the inputs, where nothing else looks into partials/ on a resume, left the resume
    waiting for good), and it reads no result through a link (`FolderResults.open`: review, a done block's findings
    were read through one, from wherever it led); a block audited again would write over it, where it is no earlier
    audit's result, which a fresh run into `out` refuses too (`_earlier_results_only`). So is one that holds what is
    not a folder in the place of a block's folder (a file, a pipe, a link, to a folder or to nothing), where the
    block's results would be written (review: the resume audited every block before it, and stopped there, exit 3).
    Nothing is read: each is looked at, not opened."""
    partials = out / PARTIALS
    if not partials.is_dir() or partials.is_symlink():
        return
    results = {SUMMARY, FINDINGS, IDS, GAMES}
    # Listed, not looked at one by one: a listing says what each is, but a link (measured, 5,000 blocks: 0.1 s, where
    # their 20,000 files looked at one by one took 1.2 s)
    with os.scandir(partials) as listed:
        named = [entry for entry in listed if _BLOCK_FOLDER.fullmatch(f"{PARTIALS}{entry.name}")]
    # A link to a folder too: the block's result would be written through it, where the merge, which does not follow
    # it, would not find it (review: a file of that name where it leads was written over)
    folders = [entry.path for entry in named if not entry.is_dir(follow_symlinks=False)]
    _refuse_odd(out, folders, "a block's results", "folder", "a pipe, a socket, a file or a link")
    odd: list[str] = []
    for block in (entry.path for entry in named if entry.is_dir(follow_symlinks=False)):
        with os.scandir(block) as entries:
            odd += [
                entry.path for entry in entries if entry.name in results and not entry.is_file(follow_symlinks=False)
            ]
    _refuse_odd(out, odd, "a block's result", "file", "a pipe, a socket, a folder or a link")


def _refuse_odd(out: Path, odd: list[str], kept: str, one: str, others: str) -> None:
    """Refuse a resume whose `partials/` holds what is not a `one` (file, folder), such as `others`, where the audit
    keeps `kept`: the first three of `odd`, in `out`, named, and the others counted."""
    if not odd:
        return
    named = sorted(shown_path(Path(path).relative_to(out)) for path in odd)
    shown = ", ".join(named[:3]) + (f" and {len(named) - 3:,} more" if len(named) > 3 else "")
    single = len(named) == 1
    it, what, again = (
        ("it", f"is not a {one}", "the block is") if single else ("them", f"are not {one}s", "their blocks are")
    )
    raise UsageError(
        f"--resume: --out {out} holds {shown} where the audit keeps {kept}, which {what} ({others}), so nothing was"
        f" audited: move {it} out, and resume again ({again} audited again)"
    )


# A file left staged: how its folder is reached (the folder held, or a block's opened again), its name there, as it was
_Left = tuple[Callable[[], AbstractContextManager[_Folder]], str, _FileState]


@contextmanager
def _left_staged(out: Path, found: Plan | OSError | ValidationError | None) -> Iterator[dict[Path, _Left]]:
    """The files a run cut short left staged beside its outputs in `out` (`.incoming-…`, as `FolderResults` names
    them), which no later run would write over: those at its root, and in its blocks' folders (a worker killed as it
    wrote a block's result; review: a resume left it there for good), that bear the mark its plan names
    (`Plan.staged`; a run writes its plan first) and hold no game (`_holds_results`). One without a plan or its mark,
    or holding a game,
    is no part of an output, whoever put it there: it is let be, and listed as not read where `out` lies in a folder
    given (review: a game in one went unsaid, exit 0; a user's own `.incoming-mynotes1`, a note, was removed). `found`:
    the plan in `out` as the run found it (`_plan_found`). Each with what it was before it was read (`_state`): it is
    removed only as it was (`_removed`), and in the folder it was found in: `out` and `partials/` held open from before
    they are listed until then, each block's folder while it is looked in, and opened again to remove what it holds,
    each opened without following a link (`held_folder`), so that a link put in the place of one once `partials/` is
    listed is not gone through (review: a block's folder swapped for a link as the run began let a file bearing the
    mark where it led be removed)."""
    mark = found.staged if isinstance(found, Plan) else None
    if mark is None:
        yield {}
        return
    own = re.compile(rf"{re.escape(STAGED_PREFIX + mark)}[0-9a-f]{{8}}")
    partials = PARTIALS.rstrip("/")
    left: dict[Path, _Left] = {}

    def judge(folder: _Folder, reach: Callable[[], AbstractContextManager[_Folder]]) -> None:
        for name in sorted(folder.listed()):
            if not own.fullmatch(name):
                continue
            try:
                status = folder.status(name)
            except OSError:
                continue
            path = folder.path / name
            if stat.S_ISREG(status.st_mode) and _lines_all(path, _no_game, folder.open(name)):
                left[path] = (reach, name, _state(status))

    with ExitStack() as held:
        root = held.enter_context(held_folder(out, []))
        judge(root, lambda: nullcontext(root))
        # What cannot be listed is passed over, nothing in it removed: what the run does next says it, as before (a
        # fresh run: it cannot remove an earlier audit's results, exit 2; review: here it stopped the fresh run, exit
        # 3, asking for a --resume of the earlier audit). A link in the place of partials/ or of a block's folder is not
        # opened (a block's folder, not a link to one)
        with suppress(OSError):
            blocks = held.enter_context(held_folder(out, [partials])).listed()
            for name in sorted(blocks):
                if _BLOCK_FOLDER.fullmatch(f"{PARTIALS}{name}"):
                    # Each block's folder is let go of once looked in, and opened again, as it was, to remove what
                    # it holds: a folder held for every block, or for every one left holding a staged file, ran out of
                    # descriptors where they were more than a process may open (review: 300 blocks, each holding one,
                    # macOS's 256, stopped the run and its resume, exit 3, "Too many open files")
                    with suppress(OSError), held_folder(out, [partials, name]) as block:
                        judge(block, partial(held_folder, out, [partials, name]))
        yield left


def _plan_found(path: Path) -> Plan | OSError | ValidationError | None:
    """The plan a run wrote in `out` as this run finds it, read once: None where nothing is there, the error where it
    cannot be read (a folder, a pipe, a link to nothing: not a file, and not read, as a read of a pipe would wait on it
    for a writer; review: a pipe there, in an `--out` outside the inputs, which nothing looked at before, was opened,
    and a resume waited on it for ever) or is no plan."""
    if not path.exists() and not path.is_symlink():
        return None
    try:
        if not path.is_file():
            raise OSError(errno.EINVAL, "not a file")
        with open_file(path) as stream:  # a pipe put there since the look is not waited on either
            return Plan.model_validate_json(stream.read())
    except (OSError, ValidationError) as exc:
        return exc


def _removed(left: "dict[Path, _Left]", passed_over: list[Path], out: Path) -> list[Path]:
    """Remove what a run cut short `left` staged (`_left_staged`), once this run holds `out`, each as it was found;
    what was passed over without them: each was part of an earlier run's output, not a file the folders given hold
    unread (review, run for real with SIGKILL: every later run left the page it was writing in `--out`, and where
    `--out` lies in the folder audited, listed it as not read, exit 1, however fair the games). One written to or
    replaced since it was found is no longer what was judged to hold no game: it is kept, and listed as not read where
    it is passed over, as an output's place is judged (review: a game put in its place as the run began was removed
    unread, and the audit was clean, exit 0). Each is looked at and removed in the folder held as it was listed, not
    through a link put in that folder's place since."""
    gone = set()
    try:
        for path, (reach, name, before) in left.items():
            try:
                with reach() as folder:
                    if _state(folder.status(name)) != before:
                        continue
                    folder.unlink(name)
            except FileNotFoundError:
                pass
            except NotADirectoryError:
                continue  # its folder is no longer one (a link put in its place since): not gone through, it is kept
            gone.add(path.resolve())
    except OSError as exc:
        raise UsageError(
            f"--out {out}: cannot remove the results of an earlier audit there ({os_words(exc)}); give another --out"
        ) from None
    return [path for path in passed_over if path.resolve() not in gone]


def _nothing_to_resume(out: Path) -> UsageError:
    return UsageError(f"--resume: {out} holds no interrupted audit to resume")


def _left_words(left: dict[Path, str]) -> str:
    """What a run that stopped wrote and could not withdraw (`FolderResults.withdraw`), in words: each output, why,
    and that it is to be removed, as no finished audit's."""
    named = ", ".join(f"{path} ({why})" for path, why in left.items())
    one = len(left) == 1
    return (
        f"{named} could not be removed: written by this run, which did not finish, {'it is' if one else 'they are'}"
        f" no finished audit's output; remove {'it' if one else 'them'}"
    )


def os_words(exc: OSError) -> str:
    """An OSError in words: the file it names and why (its own words when it has no reason, as shutil's own)."""
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror}" if exc.strerror else str(exc)


def _same_lines(digest: str, block: list[Line], path: Path, out: Path) -> None:
    """Refuse to reuse a block's stored result for lines other than those it audited (a file changed, its size and
    time kept)."""
    if lines_sha256(block) != digest:
        raise UsageError(
            f"--resume: {path} changed since the audit in {out} was interrupted: lines {block[0][0]} to"
            f" {block[-1][0]} are not those it audited; audit it afresh, without --resume"
        )


def _chunks(lines: Iterable[Line], size: int, most_bytes: int) -> Iterator[list[Line]]:
    """Blocks of `size` lines, or fewer once their lines hold `most_bytes` bytes (a line not read holds none)."""
    block: list[Line] = []
    held = 0
    for line in lines:
        block.append(line)
        held += len(line[1]) if isinstance(line[1], bytes) else 0
        if len(block) == size or held >= most_bytes:
            yield block
            block, held = [], 0
    if block:
        yield block


_Audited = tuple[int, dict[str, _FileState]]  # what `audit_block` returns


def audit_block(
    out: str,
    name: str,
    file: str,
    block: list[Line],
    archive: StorageSettings | None = None,
    today: dt.date | None = None,
    started: dt.datetime | None = None,
    mark: str = "",
) -> _Audited:
    """Audit one block of a file into its partial (run in a worker process); the games it held, and each file of its
    partial, by its name in `out`, as it was stored (`_state`), which the run holds it to (`_changed_since_stored`).
    `archive`: the settings the daily archive is read with (`archive_settings`), as of `started`; `today`: the run's
    UTC day (`run`); `mark`: the run's (`Plan.staged`), that its files staged in the block's folder bear."""
    opened = _opened(archive, started) if archive is not None else None
    partial: Partial = audit_shard(
        block,
        file,
        FolderResults(Path(out), mark),
        name,
        first_line=block[0][0],
        archive=opened,
        lines_sha256=lines_sha256(block),
        today=today,
        refusal_is_finding=True,  # read with an auditor's credentials, which the archive may let get but not list
    )
    keys = [partial_key(name, part) for part in (SUMMARY, FINDINGS, IDS, GAMES)]
    return partial.counts.games, {key: _state((Path(out) / key).lstat()) for key in keys}


def _audited(watch: Progress, placed: dict[str, _FileState], audited: _Audited) -> None:
    """A block audited: its games told to `watch`, and its partial's files as stored kept in `placed`."""
    games, stored = audited
    placed.update(stored)
    watch.advance(0, games)


def _changed_since_stored(out: Path, placed: dict[str, _FileState], cut: dict[str, str]) -> dict[str, str]:
    """Why each file a block of which was audited now is not audited, where a file of that block's partial in `out` is
    not now as its worker stored it (`placed`; `cut`: the file each block is of): written to, replaced or removed
    since, the merge would count what someone else wrote, not what the audit found (review: a block's findings written
    over in place once stored left the audit clean, exit 0), so its games are not counted and the run is not clean, as
    for a file changed after it was read (`_changed_since_read`)."""
    changed: dict[str, str] = {}
    for key, then in placed.items():
        try:
            now: _FileState | None = _state((out / key).lstat())
        except OSError:
            now = None
        name = key.removeprefix(PARTIALS).split("/", 1)[0]
        if now != then and cut[name] not in changed:
            changed[cut[name]] = (
                f"the result the audit stored for its block {name} ({key} in --out) was changed or removed after it"
                " was stored: its games are not counted, and the run is not clean; audit it again afresh, without"
                " --resume, once nothing writes --out"
            )
    return changed


def _late(changed: dict[str, str], known: dict[str, str]) -> dict[str, str]:
    """Of the files not audited (`changed`, by `_changed_since_stored`), those not among `known`, the merge's."""
    return {file: why for file, why in changed.items() if file not in known}


def archive_settings(given: str) -> StorageSettings:
    """The settings the daily archive `given` (s3://bucket) is read with: the FAIRDICE_* variables, as the API and the
    AWS worker read them (an S3 endpoint such as a local emulator, FAIRDICE_S3_ENDPOINT_URL, and AWS_REGION), with
    this bucket. Read once, here, and handed to every block's worker.

    UsageError for anything but an S3 bucket (`fairdice.audit.archive` says why a folder is refused); pydantic's
    ValidationError at its name for a variable that is wrong, which the command reports as `fairdice daily`'s are.
    """
    if not given.startswith(S3_SCHEME):
        raise UsageError(
            f"--archive {given}: the daily archive is its S3 bucket, s3://BUCKET: S3 dates each day's commitment"
            " itself, where a folder's file times can be set by anyone"
        )
    bucket = given.removeprefix(S3_SCHEME).rstrip("/")
    try:
        named = StorageSettings(archive_bucket=bucket)
    except ValidationError:
        raise UsageError(f"--archive {given}: {repr_of(bucket)} is not an S3 bucket's name") from None
    if named.archive_bucket is None:  # a blank name is no bucket, as an unset variable is (review: an assertion)
        raise UsageError(f"--archive {given}: no bucket is named: write it s3://BUCKET")
    return StorageSettings.from_environ(os.environ).model_copy(update={"archive_bucket": named.archive_bucket})


@cache
def _opened(settings: StorageSettings, started: dt.datetime | None) -> DayArchive:
    """The daily archive these settings name, read as of `started` (None: each read's now), opened once per process,
    settings and moment: its reader keeps the days it has checked, for the blocks after."""
    opened = of_bucket(settings, (lambda: started) if started is not None else wall_clock)
    assert opened is not None  # a bucket is named
    return opened


def cores() -> int:
    """The cores this process may run on (its CPU affinity, where the system says it), at least 1."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def most_workers() -> int:
    """The most worker processes a run starts: one per core (two on one core), as more only wait for one: each is a
    process of its own with two blocks in flight, and the pool forks them all at once (review: --workers 999 forked
    nearly a thousand processes for one block, 2 GB)."""
    return max(cores(), 2)


_STOPS = STOPS


@contextmanager
def _stops_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while the pool may fork its worker processes, and handled here once it has: a
    signal handled in the middle of a fork was lost (review: raised in an at-fork hook, Python printed it and went on,
    and the command audited to its end, deaf to both as it stops), and one reaching a new worker before it set its own
    handlers broke the pool. A worker starts with them held, and lets them in once its handlers are set
    (`_worker_started`). A fork server (the `forkserver` start method, 3.14's default) is started with them held too,
    and keeps them held: it ignores Ctrl-C anyway and ends as the command's process does, its pipe closed, and the
    workers it forks start held, as they must (review: one started outside the hold printed a traceback at a Ctrl-C,
    and forked workers a Ctrl-C could break). Windows has no signal masks, and no fork either (`stops_held`)."""
    with stops_held():
        yield


class _Hold:
    """The lock on `--out` (`_alone_in`'s descriptor), for a worker process to hold for its life: a flock belongs to the
    open file, which every descriptor of it shares. A worker the main process forks inherits the descriptor; one a fork
    server forks (`forkserver`, 3.14's default) or a new interpreter runs (`spawn`) is sent it as it starts, as
    multiprocessing sends a socket (review: under `forkserver` the workers held no lock, and a new run could start in
    `--out` while they audited on for a moment after their main process was killed)."""

    def __init__(self, descriptor: int) -> None:
        self.descriptor = descriptor

    def __reduce__(self) -> tuple[Callable[[Any], "_Hold"], tuple[Any]]:
        return _held_again, (reduction.DupFd(self.descriptor),)


def _held_again(duplicate: Any) -> _Hold:
    """A `_Hold` sent to a worker as it starts: the descriptor it was sent."""
    return _Hold(duplicate.detach())


_held: list[_Hold] = []  # the lock on --out a worker holds for its life (`_worker_started`)


def _worker_started(lock: _Hold | None = None) -> None:
    """Workers leave Ctrl-C to the main process, which lets the blocks under way finish and stops. SIGTERM ends a
    worker at once, as by default, once its block's scratch folder is removed (`_worker_terminated`; not by the handler
    the command's main process may have, forked with it): it is how
    the pool stops a worker, and a terminated worker's block is audited again by `--resume`. A worker whose main
    process is gone (killed: it could not stop them) stops within a second or two, rather than audit on for no one and
    store blocks in an `--out` a new run may have started afresh in. It holds the run's lock on `--out` (`lock`:
    `_Hold`) for its life, however it was started, so no new run starts there before it is gone."""
    if lock is not None:
        _held.append(lock)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_terminated)
    main = multiprocessing.parent_process()
    sentinel = main.sentinel if main is not None else None
    # Started with the stops held, for its life: a SIGTERM is then taken by the main thread alone, so that one the main
    # thread holds back (`stops_held`: its scratch folder made, a staged file made) waits for the hold's end, not taken
    # by this thread at once
    with stops_held():
        orphaned = (os.getppid(), sentinel)
        threading.Thread(target=_stop_when_orphaned, args=orphaned, name="orphaned", daemon=True).start()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)  # held as it was forked (`_stops_held`)


def _stop_when_orphaned(parent: int, sentinel: int | None, every: float = 0.5) -> None:
    """Return never; end the worker once the main process is gone. A worker forked by the main process (`fork`, the
    default up to Python 3.13) is then given another parent; one forked by a fork server (`forkserver`, 3.14's
    default) keeps the server as its parent, but its main process's sentinel becomes ready."""
    while os.getppid() == parent:
        if sentinel is None:
            time.sleep(every)
        elif wait([sentinel], timeout=every):
            break
    remove_scratch()  # os._exit unwinds nothing: the block's scratch folder would be left (review)
    os._exit(EXIT_ORPHANED)


def _worker_terminated(signum: int, frame: object) -> None:
    """SIGTERM in a worker: it ends at once, by that signal, as by default, its block's scratch folder removed first,
    which the default's end left behind (review: one in the system's temporary folder for each worker the pool
    terminated)."""
    remove_scratch()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        # Handled as a hold of the stops begins (a SIGTERM that came the moment before: Python runs the handler once the
        # mask is set), it is held: let in, it ends the worker now, before anything is held, not as the hold ends, once
        # it has made a scratch folder that no one then removes (review)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    os.kill(os.getpid(), signal.SIGTERM)


class _Blocks:
    """Blocks audited by worker processes (or here, for one worker), at most two per worker in flight."""

    def __init__(
        self,
        out: Path,
        workers: int,
        archive: StorageSettings | None,
        today: dt.date | None,
        started: dt.datetime | None,
        audited: Callable[[_Audited], None],
        mark: str = "",
        lock: int | None = None,
    ) -> None:
        self._out = str(out)
        self._mark = mark
        self._workers = workers
        self._archive = archive
        self._today = today
        self._started = started
        self._audited = audited
        held = (_Hold(lock),) if lock is not None else ()  # each worker holds the run's lock on `out` (`_Hold`)
        pool = partial(ProcessPoolExecutor, max_workers=workers, initializer=_worker_started, initargs=held)
        self._pool = pool() if workers > 1 else None
        self._flight: deque[Future[_Audited]] = deque()

    def __enter__(self) -> "_Blocks":
        return self

    def submit(self, name: str, file: str, block: list[Line]) -> None:
        """Audit a block now (one worker) or in a worker process, waiting while too many are in flight."""
        if self._pool is None:
            work = (self._out, name, file, block, self._archive, self._today, self._started, self._mark)
            self._audited(audit_block(*work))
            return
        while len(self._flight) >= 2 * self._workers:
            self._audited(self._flight.popleft().result())
        work = (self._out, name, file, block, self._archive, self._today, self._started, self._mark)
        # The pool forks its workers (and a fork server, under that start method) as it is given blocks
        with _stops_held():
            self._flight.append(self._pool.submit(audit_block, *work))

    def __exit__(self, kind: object, *rest: object) -> None:
        if self._pool is None:
            return
        if kind is not None:  # interrupted or failed: what is done stays done, the rest is dropped
            self._pool.shutdown(wait=True, cancel_futures=True)
            return
        try:
            while self._flight:
                self._audited(self._flight.popleft().result())
        except BaseException:
            # Interrupted (or failed) while the last blocks finish: the pool is shut down all the same, or its threads
            # and processes would be left for the interpreter's exit to wait on, which a second signal breaks (review:
            # the command hung for good)
            self._pool.shutdown(wait=True, cancel_futures=True)
            raise
        self._pool.shutdown()
