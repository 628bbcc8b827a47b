"""The one merge of an audit's partial results, for a run on one machine and a run on AWS alike.

It reads every complete partial under `partials/` (a partial is complete once its `summary.json`
is stored), orders them by file and first line, and writes `findings.jsonl` (each partial's
findings in that order, then a line per expected shard that has no partial of its own, then a
line per key the result files of an AWS map run name outside its input prefix, then a line per
duplicate id, then a line per repeated game) and returns the summary (the counts, every die's faces
and its tests), which `put_summary` writes as `summary.json` once what comes before it is written:
on AWS the findings, on a local run its report too. Memory grows with the number of shards, not of
games: findings stream through, ids and game keys merge as sorted runs.
"""

import errno
import hashlib
import io
import json
import shutil
import tempfile
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, TypeVar, cast

from pydantic import ValidationError

from fairdice import schemes as registry
from fairdice.audit.duplicates import Opener, Repeat, duplicates, read_once, repeats
from fairdice.audit.shard import FINDINGS as PART_FINDINGS
from fairdice.audit.shard import (
    GAMES,
    IDS,
    INPUTS_CHARS,
    PARTIAL_FORMAT,
    PARTIALS,
    SHARD_NAME,
    SHARED,
    partial_key,
    shard_name,
)
from fairdice.audit.shard import SUMMARY as PART_SUMMARY
from fairdice.audit.store import Results
from fairdice.audit.summary import FINDINGS, SUMMARY, UNKNOWN_VERSION, Summary, audited_by
from fairdice.audit.tally import Counts, InputRecord, Partial, SchemeTally, WorkerAnswer
from fairdice.errors import NoShards
from fairdice.problems import ErrorDetail, Problem
from fairdice.prose import listed as listed_words
from fairdice.storage import Hashed, console_folder, error_code

if TYPE_CHECKING:  # the AWS side's module, which a local run does not load
    from fairdice.audit.s3 import MapRunResults

T = TypeVar("T")
# Said of a shard listed now that has no partial, though the map run's record says its worker answered for it: one
# put under the prefix after the listing is `AFTER_THE_LISTING`, and one whose audit failed says why
NOT_AUDITED = (
    "no partial result is stored for it, though its worker answered for it in this run: the partial was removed after"
    " the worker stored it, so its games are not counted; audit it again in a new execution"
)
STALE = (
    "its partial result is of another version of the object than the one listed now (an earlier run's, or the object"
    " changed after it was read): this version was not audited"
)
# Said of a partial of another PARTIAL_FORMAT: what differs may be its ids and game keys, which the checks across shards
# read, or only its counts or its findings' fields, which they do not (review: of a partial of 13, whose ids and keys
# are as 14's, it said the merge could not read its checks across shards)
OTHER_FORMAT = (
    "its partial result was written by another version of fairdice, in another form than this merge reads (its ids and"
    " game keys, its counts or its findings written otherwise), as when the stack was updated while the audit ran: its"
    " games are not counted; audit it again in a new execution"
)
ALTERED = (
    "its partial result does not add up to what its worker returned to the map run (its games, those not fair and its"
    " lines not verified, and the SHA-256 of its summary.json, findings.jsonl, ids.txt and games.txt): it was changed"
    " after the worker stored it, and its games are not counted; audit it again in a new execution"
)
AFTER_THE_LISTING = (
    "the map run ran no child for it (its result files name none): it was put under the input prefix after the run"
    " listed it, so this run did not audit it, whatever partial result is stored under its name; audit it in a new"
    " execution"
)
# Said of a listed shard whose partial, under its name, names no object read, as a worker's always does (review: it
# was said to have been removed, as NOT_AUDITED says, though it is stored)
NO_OBJECT = (
    "its partial result names no object it was read from, where a worker's names the object it audited: it was changed"
    " after the worker stored it, so its games are not counted; audit it again in a new execution"
)
# Said of a listed shard whose partial's summary.json is not one a worker writes (no JSON, or JSON of another shape)
UNREADABLE = (
    "its partial result's summary.json cannot be read as the summary its worker wrote: it was changed after the worker"
    " stored it, so its games are not counted; audit it again in a new execution"
)
# Said of a key the map run's result files name that is not under the input prefix (`s3.ELSEWHERE`): the map never
# listed it, so it is no shard removed (review: it was named as one, REMOVED); and what follows for the run, which this
# key's finding alone did not say (review: an auditor reading it was not told that no game of the run is counted)
NEVER_LISTED = (
    "the map run's result files name it, but it is not under the input prefix, where the map lists only the objects"
    " under it: the map never listed it, so no child of the run audited it, and the result files were changed after"
    " the run wrote them (or are another run's): no shard's partial result can be held to them, so no game of the run"
    " is counted, and every shard of it is not audited; audit the prefix again in a new execution"
)
# Said of a key under the input prefix that is not listed now, whose partial is stored, where the map run's result
# files, which count, name no child for it: no child of the run audited it (review: it was said REMOVED, "audited ...
# removed while the audit ran", as a shard the run audited and lost is)
NOT_RUN = (
    "a partial result is stored under its name, but the map run ran no child for it (its result files name none) and it"
    " is not under the input prefix now: no child of this run audited it (the partial is a worker's invoked outside the"
    " run, or was written there), so it is not counted, and the run is not clean; if it was put under the prefix after"
    " the listing, audit it in a new execution"
)
REMOVED = (
    "the object was audited but is no longer under the input prefix (removed while the audit ran): what was audited of"
    " it is not counted, and the run is not clean"
)
# Said of a listed shard whose partial's summary.json is stored without a part its worker stores before it (review: the
# merge failed with S3's NoSuchKey as it read the part, naming no shard)
PART_REMOVED = (
    "its partial result is missing its {parts}, which its worker stores before its summary.json: removed after the"
    " worker stored it, so its games are not counted; audit it again in a new execution"
)
# Said of a listed shard whose partial's summary.json the listing of partials/ held without a part its worker stores
# before it, the part there when the merge looked for it: put there after the worker stored the summary (review: such a
# part was read and counted as any part is)
PART_PUT_SINCE = (
    "its partial result's {parts} was not there when the merge listed the partial results, and is there now, where its"
    " worker stores it before its summary.json: put there after the worker stored it, so its games are not counted;"
    " audit it again in a new execution"
)
# Said of a block a local run cut (`merge`'s `names`) whose result is not listed: its games would go uncounted in a
# summary naming its file as read whole (review: its folder removed once the run had found every block's result, 4
# games of 6 were counted, all fair, exit 0)
LOST = (
    "the block's result is not where the audit stored it (removed, or its folder replaced, while the audit ran), and"
    " its games would go uncounted"
)
# The parts of a partial the merge reads beside its summary.json
_READ_PARTS = (PART_FINDINGS, IDS, GAMES)


def lost(places: Sequence[str]) -> FileNotFoundError:
    """The error a local run stops with where the results of blocks it cut are not found (`LOST`), at `places`, their
    folders: the first named, the others counted. The run did not finish, and a resume audits them again."""
    more = f" (and {len(places) - 1:,} more)" if len(places) > 1 else ""
    return FileNotFoundError(errno.ENOENT, f"{LOST}{more}", places[0])


def partial_names(store: Results) -> list[str]:
    """The names of every complete partial in the store."""
    return _complete(store.list(PARTIALS))


def _complete(keys: Iterable[str]) -> list[str]:
    """The names of the complete partials among the keys listed under `partials/`."""
    suffix = "/" + PART_SUMMARY
    return [key[len(PARTIALS) : -len(suffix)] for key in keys if key.endswith(suffix)]


def shard_partial_names(store: Results) -> list[str]:
    """The complete partials stored under a shard's name (`shard_name`), as an AWS run stores each: a folder of
    another name beside them is no partial of this run, such as another execution's whose folder was put inside this
    one's (review)."""
    return [name for name in partial_names(store) if SHARD_NAME.fullmatch(name)]


def audited_a_shard(store: Results, prefix: str) -> bool:
    """Whether a partial stored under a shard's name is of a shard under the input `prefix`: not of the S3 console's
    folder, an empty object whose key ends in "/", which the map lists and a worker audits to nothing (review: taken for
    a shard's, it made a prefix holding no shard an execution that succeeded with an audit of nothing), nor of a key not
    under the prefix, which the map never lists (review: one stored by a worker invoked outside the run made a prefix
    holding no shard an execution that succeeded, its summary of no game). Only one the merge names with no shard
    listed counts (`_named_unlisted`), under the name of the key it audited: not one that names no object read, nor one
    under another key's name, which the merge leaves out (review: either made a prefix holding no shard an execution
    that succeeded with a summary of no game and no finding). Nor one that cannot be read as a worker's summary: the
    merge names it its shard's finding (`UNREADABLE`) only where a shard listed or run has its name, and with none
    listed or run, none has (review: it was counted, where the merge left it out, and the execution succeeded with a
    summary of no game). Nor one whose summary.json was removed since the listing (`_removed_since`; review: the merge
    failed with S3's error)."""
    for name in shard_partial_names(store):
        try:
            part = read_partial(store, name)
        except ValidationError:
            continue
        except Exception as exc:
            if not _removed_since(store, partial_key(name, PART_SUMMARY), exc):
                raise
            continue
        if name == shard_name(part.file) and _named_unlisted(part, prefix):
            return True
    return False


def _named_unlisted(part: Partial, under: str) -> bool:
    """Whether the merge names a partial of a key not listed now as a shard not audited: one that names the object it
    was read from, of a key under the input prefix `under`, told by the key it audited, as the merge goes by it (review:
    by its source, which a rewritten summary may name under the prefix, a partial the merge does not count made a
    prefix holding no shard succeed with no game), and not the S3 console's folder."""
    if part.source is None or not part.file.startswith(under):
        return False
    return not console_folder(part.source.file, part.source.bytes)


def merge_execution(
    store: Results, bucket: str, prefix: str, expected: Mapping[str, str], run: "MapRunResults"
) -> Summary:
    """Merge an execution on AWS (`merge` with what the map should have audited, `expected` as the input `prefix` of
    `bucket` lists it now, and why shards failed); NoShards when it audited nothing: no shard listed, none failed and
    none audited,
    as a local run of a folder with no file is an error (review: a prefix typed wrong succeeded, with a summary of
    nothing). Shards audited and then all removed while the run went on are no such prefix: the merge names each, not
    audited (review). `run`: what the map run's result files give (`s3.map_run_results`).
    `run.not_audited` and `run.returned`: why each shard whose child failed was not audited, and what each shard's
    worker returned to the map, which its partial must add up to; the two name every
    shard the map ran a child for, as its result files name them: a shard listed now that is not among them was put
    under the prefix after the listing, and is not audited (`AFTER_THE_LISTING`) whatever
    partial is stored under its name (review: one stored there by a worker invoked outside the run, or written by
    whoever may write under audits/, was held to no answer and counted). `run.unaccounted`: why no shard is audited,
    where the result files cannot be held to the map run, which NoShards says too, and so does the
    finding of each shard removed, beside that it was removed (review: it said only that): one whose partial is still
    stored, or one the result files name (`run.not_audited` names each, for that reason).
    `run.folders`: the shards the map ran a child for that it listed as the S3 console's folder: no shard, whether
    its child succeeded or failed, unless its key is listed now, holding bytes (`expected`): then a shard like any
    other, and one whose child failed is not audited, for why it failed.
    `run.elsewhere`: the keys the result files name that are not under the input prefix, each named for
    what it is (`NEVER_LISTED`), not as a shard removed nor as one not audited.
    """
    ran = {*run.not_audited, *run.returned}
    unaccounted = run.unaccounted
    removed = REMOVED if unaccounted is None else f"{REMOVED}; and {unaccounted}"
    # A shard the map ran a child for that is no longer listed was removed while the run went on, whether or not its
    # partial is still stored (review: with its partial removed too it was dropped without a word, and a run whose
    # every shard and partial were removed since failed with "check the input prefix"), and so where the result files
    # that name it do not count (review: it was dropped without a word there still). Not the console's folder, which
    # the listing leaves out: told by the size the map listed, as the listing tells it, beside its worker counting
    # nothing in it (`s3.map_run_results`; review: told by its worker reading no line of it, an object so named that
    # held only blank lines, removed with its partial, was taken for it and dropped without a word)
    # A key not under the input prefix is no shard (`NEVER_LISTED`): a finding of its own, not a shard removed nor one
    # not audited (review: a run of two shards said 3 were not audited)
    no_shard = run.folders | run.elsewhere  # once: made for each key, it cost as many keys each (forged files, many)
    gone = {file: removed for file in ran if file not in expected and file not in no_shard}
    if unaccounted is not None:
        not_audited = {**dict.fromkeys(expected, unaccounted), **gone}
    else:
        # a child that failed on the console's folder left no game unaudited: no shard (review: it was named one not
        # audited, and a prefix holding nothing but the folder succeeded with a summary of no game), unless the key is
        # listed now, where it holds bytes
        failed = {file: why for file, why in run.not_audited.items() if file not in run.folders or file in expected}
        not_audited = {**{file: AFTER_THE_LISTING for file in expected if file not in ran}, **gone, **failed}
    none_audited = None
    if not expected and not not_audited:
        where = f"s3://{bucket}/{prefix}"
        if unaccounted is not None:
            # review: why the result files do not count was lost, and the map run may have audited shards removed since
            none_audited = NoShards(
                f"{where} holds no shard now and no shard's partial result is stored, so nothing was audited; and"
                f" {unaccounted}"
            )
        else:
            none_audited = NoShards(
                f"{where} holds no shard, so nothing was audited: check the input prefix (it ends in /, and names the"
                " folder the shards are in)"
            )
        if not audited_a_shard(store, prefix):
            raise none_audited
    summary = merge(
        store,
        expected=expected,
        not_audited=not_audited,
        returned=run.returned,
        # a partial of a key not listed now that no result file names: one the run ran no child for, where the
        # result files count; where they do not, it may be a shard the run audited and lost
        removed=NOT_RUN if unaccounted is None else removed,
        never_listed=sorted(run.elsewhere),
        under=prefix,
        none_audited=none_audited,
    )
    put_summary(store, summary)
    return summary


def merge(
    store: Results,
    *,
    inputs: Sequence[InputRecord] = (),
    names: Collection[str] | None = None,
    expected: Mapping[str, str] | None = None,
    not_audited: Mapping[str, str] | None = None,
    returned: Mapping[str, WorkerAnswer] | None = None,
    passed_over: Sequence[str] = (),
    removed: str = REMOVED,
    never_listed: Sequence[str] = (),
    under: str = "",
    none_audited: Exception | None = None,
) -> Summary:
    """Merge every partial in `store` into its `findings.jsonl`; the summary, which the caller writes (`put_summary`)
    once it has written what comes before it: a local run, its report (so that a run that stops before leaves none).

    `inputs` are files read whole outside the partials (a local run hashes its files itself), and `names` the partials
    their blocks made (a local run's): no other is counted, such as a block an earlier run of other inputs left in the
    folder, and each must be listed: one that is not is FileNotFoundError naming it (`lost`), never a summary that
    leaves its games out (review: a block's folder removed after the run found every block's result and before this
    listing, 4 games of 6 were counted, all fair, the file named as read whole, exit 0). `expected` (a run on AWS) is
    every shard that should have a partial, each with its ETag as listed now, one without a partial a finding
    (`NOT_AUDITED`); `not_audited` why one failed; and `returned` what a shard's worker returned to the map run (its
    games, games not fair and lines not verified, and the SHA-256 of its summary.json, findings.jsonl, ids.txt and
    games.txt), which its partial must add up to: each is hashed as the merge reads it, once (a partial whose ids.txt or
    games.txt differs is known only once read, and the merge is made again without it). Each AWS execution has a folder
    of its own, so its partials are its own; even so, a partial that names no object or is not under its object's name
    (`shard_name`) is left out, and one of another version of its object (its ETag), that does not add up to what its
    worker returned, missing a part its worker stores before its summary.json (`PART_REMOVED`) or holding one the
    listing of partials/ did not (`PART_PUT_SINCE`), of a shard whose audit failed in this run, or of an object no
    longer listed (removed while the run went on, or one no child of the run audited) is a shard not audited, a
    finding, never counted (`removed` says why, for the last: `merge_execution` gives `NOT_RUN` where the result files
    name no child for it). A local run's `not_audited` says why a file it read is not
    audited (it changed after it was read): its blocks are not counted and it is not named among the inputs read, as a
    shard not audited is not, and its finding is written alike.
    `passed_over`: what a local run found under its folders and did not read (what `summary.NOT_READ` names).
    `never_listed` (on AWS): keys the map run's result files name outside the input prefix, each a finding of its own
    (`NEVER_LISTED`), no shard, so not among the shards not audited, whatever partial is stored for it.
    `under` (on AWS): the input prefix. A partial of a key not under it is none of the run's shards, which the map lists
    under it alone: left out, as one under another shard's name is, never a shard removed nor one not audited.
    `none_audited` (on AWS, where no shard is listed and none failed): raised, writing nothing, where the merge then
    counts no shard and names none not audited (review: a partial `audited_a_shard` read, removed before this listing,
    made the execution succeed with a summary of no game, where it is NoShards).
    """
    from fairdice.audit import stats  # scipy: only the merge needs it

    reasons = dict(not_audited or {})
    stored_keys = store.list(PARTIALS)  # once: each partial's parts are held to it too (on AWS)
    # on AWS, those under a shard's name (`shard_partial_names`)
    stored = [name for name in _complete(stored_keys) if expected is None or SHARD_NAME.fullmatch(name)]
    if names is not None and (unlisted := sorted(set(names).difference(stored))):
        raise lost([store.where(PARTIALS + name) for name in unlisted])
    listed = [name for name in stored if names is None or name in names]
    # on AWS, a summary.json removed since the listing leaves its partial out, as one not listed is (review: the merge
    # failed with S3's error, naming no shard)
    read_listed = partial(_read_listed, store, on_aws=expected is not None)
    fetched = [named for named in _ahead(store.read_ahead, read_listed, listed) if named is not None]
    if expected is not None:
        # review: a partial's summary.json rewritten as no summary (emptied, another file's bytes) failed the whole
        # merge, where a partial changed is its shard's finding: named so, by the shard whose name it is under
        known = {shard_name(key): key for key in (*expected, *(returned or {}), *reasons)}
        for name, unread, _ in fetched:
            if unread is None and name in known:
                reasons.setdefault(known[name], UNREADABLE)
    read = sorted(
        ((name, part, digest) for name, part, digest in fetched if part is not None),
        key=lambda named: (named[1].file, named[1].first_line),
    )
    parts = [(name, part) for name, part, _ in read]
    summary_sha256 = {name: digest for name, _, digest in read}
    # what each shard's worker returned, held to on AWS only: a local run has no map
    answers = dict(returned or {}) if expected is not None else {}
    if expected is not None:
        listed_keys = set(stored_keys)
        # Only what this run audited, of the objects listed now, counts. A partial of another version of its object
        # is why its shard was not audited, unless the run says why (its audit failed); one of an object no longer
        # listed was removed while the run went on: said, not dropped without a word.
        # (the console's folder is no shard: `list_etags` leaves it out)
        # A partial under another shard's name is not this run's audit of its shard, and is not counted (a copy under
        # a second name would count the shard twice).
        parts = [(name, part) for name, part in parts if name == shard_name(part.file)]
        for name, part in parts:
            if part.source is None:
                if part.file in expected:
                    reasons.setdefault(part.file, NO_OBJECT)
                continue
            if part.file not in expected:
                # a key outside the input prefix is no shard: one the result files name is a finding of its own
                # (`never_listed`), its partial none (review: one stored by a worker invoked outside the run named the
                # key twice, as a shard removed beside never listed); and one they do not name is none of the run's
                # (review: it was named "audited but no longer under the input prefix", which it never was under, and
                # counted as a shard not audited)
                if _named_unlisted(part, under):
                    reasons.setdefault(part.file, removed)
            elif part.source.etag != expected[part.file]:
                reasons.setdefault(part.file, STALE)
            elif part.format != PARTIAL_FORMAT:  # review: its ids and game keys of another form failed the merge
                reasons.setdefault(part.file, OTHER_FORMAT)
            elif part.file in answers and not _adds_up(answers[part.file], part.counts, summary_sha256[name]):
                # review: a partial rewritten after its worker stored it (a mismatch made fair, its finding removed) was
                # counted as the worker left it; the map run kept the worker's own answer, which the rewrite missed.
                # A rewrite that kept the three figures (a mismatch made incomplete) is told by the summary's SHA-256
                reasons.setdefault(part.file, ALTERED)
            elif unlisted := [read for read in _READ_PARTS if partial_key(name, read) not in listed_keys]:
                # a part the listing did not hold: gone, or put there since, and refused either way
                gone = [read for read in unlisted if _gone(store, partial_key(name, read), listed_keys)]
                if gone:
                    reasons.setdefault(part.file, PART_REMOVED.format(parts=listed_words(gone)))
                else:
                    reasons.setdefault(part.file, PART_PUT_SINCE.format(parts=listed_words(unlisted)))
        parts = [
            (name, part)
            for name, part in parts
            if part.source is not None and part.file in expected and part.file not in reasons
        ]
    else:
        parts = [(name, part) for name, part in parts if part.file not in reasons]
    # on AWS, each part the listing held that is found removed as it is read, by the partial's name and the part's:
    # read as empty, its shard then not audited (`PART_REMOVED`; review: the merge failed with S3's NoSuchKey or
    # AccessDenied, naming no shard and writing no summary)
    removed_since: set[tuple[str, str]] | None = set() if expected is not None else None
    with tempfile.TemporaryDirectory(prefix="fairdice-merge-") as scratch:
        findings = Path(scratch) / FINDINGS
        with findings.open("wb") as out:
            held = []
            findings_of = [_part_opener(store, name, PART_FINDINGS, removed_since) for name, _ in parts]
            for (name, part), data in zip(parts, _ahead(store.read_ahead, _read_all, findings_of), strict=True):
                if removed_since is not None and (name, PART_FINDINGS) in removed_since:
                    reasons.setdefault(part.file, PART_REMOVED.format(parts=PART_FINDINGS))
                    continue
                answer = answers.get(part.file)
                if answer and answer.findings_sha256 not in (None, hashlib.sha256(data).hexdigest()):
                    # review: a finding removed or altered, its partial's counts kept, was not caught by them
                    reasons.setdefault(part.file, ALTERED)
                    continue
                out.write(data)
                held.append((name, part))
            parts = held
            counts = Counts()
            schemes: dict[str, SchemeTally] = {}
            for _, part in parts:
                counts.add(part.counts)
                for scheme, tally in part.by_scheme.items():
                    schemes.setdefault(scheme, SchemeTally()).join(tally)
            inputs_read = [record for record in inputs if record.file not in reasons]
            records = sorted([*inputs_read, *(part.source for _, part in parts if part.source)], key=lambda r: r.file)
            audited = {part.file for _, part in parts}
            missing = [file for file in expected or () if file not in audited]
            # and what was audited or failed in this run but is no longer listed (removed while it ran), or a local
            # run's file changed after it was read: said, not dropped
            missing += sorted(file for file in reasons if expected is None or file not in expected)
            if none_audited is not None and not parts and not missing:
                raise none_audited
            for file in missing:
                counts.errors += 1
                _write(out, _unread(file, None, None, "not_audited", reasons.get(file, NOT_AUDITED)))
            for key in never_listed:  # no shard: neither a shard not audited nor a line not verified
                _write(out, _unread(key, None, None, "never_listed", NEVER_LISTED))
            files = [part.file for _, part in parts]
            part_names = [name for name, _ in parts]
            # each hashed as it is read, where a worker's answer holds it to a digest (on AWS)
            ids_sha256: dict[str, str] = {}
            games_sha256: dict[str, str] = {}
            id_runs = _runs(store, part_names, IDS, Path(scratch), ids_sha256 if answers else None, removed_since)
            # review: ids.txt or games.txt rewritten as lines no worker writes failed the whole merge as the checks
            # read them (a ValueError), before their digests were held to the answers. From S3 each is fetched, and so
            # hashed, before the checks read it: one known changed is not read, and its shard is left out below
            ids_changed = _changed_runs(parts, answers, ids_sha256, "ids_sha256")
            for dup in () if ids_changed else duplicates(id_runs, files, Path(scratch)):
                for kept in (counts, _by_scheme(schemes, dup.scheme)):
                    kept.duplicate_ids += 1
                words = f"the game on line {dup.first_line} of {dup.first_file} has this id already"
                _write(out, _unread(dup.file, dup.line, dup.id, "duplicate_id", words, field="id"))
            game_runs = _runs(store, part_names, GAMES, Path(scratch), games_sha256 if answers else None, removed_since)
            games_changed = _changed_runs(parts, answers, games_sha256, "games_sha256")
            games = iter(()) if games_changed else repeats(game_runs, files, Path(scratch), name="games")
            mirrored: dict[str, int] = {}
            for scheme, again in _games_again(games):
                if again is None:  # a mirror pair's second game: no finding, but its dice are counted a second time
                    mirrored[scheme] = mirrored.get(scheme, 0) + 1
                    continue
                for kept in (counts, _by_scheme(schemes, scheme)):
                    kept.repeated_games += 1
                _write(out, again)
        # review: ids.txt and games.txt held to no digest, a duplicate id or a repeated game could be left out. Each is
        # hashed as the checks across shards read it, once, so a difference is known only once its ids or keys are in
        # them: the merge is made again without its shard, which is then not audited (a second pass, reading every
        # other partial again, only where one was changed)
        altered = [
            part.file
            for name, part in parts
            if part.file in answers
            and not _runs_as_answered(answers[part.file], ids_sha256.get(name), games_sha256.get(name))
        ]
        # a shard whose ids.txt or games.txt was found removed as it was read: its part is named, whatever its digest
        # (of the empty run read in its place) says
        gone_runs = removed_since or set()
        part_removed = {
            part.file: PART_REMOVED.format(parts=listed_words(gone))
            for name, part in parts
            if (gone := [read for read in _READ_PARTS if (name, read) in gone_runs])
        }
        if altered or part_removed:
            findings.unlink()
            refused = {**reasons, **dict.fromkeys(altered, ALTERED), **part_removed}
            return merge(
                store,
                inputs=inputs,
                names=names,
                expected=expected,
                not_audited=refused,
                returned=returned,
                passed_over=passed_over,
                removed=removed,
                never_listed=never_listed,
                under=under,
                none_audited=none_audited,
            )
        rolled = {scheme: tally for scheme, tally in sorted(schemes.items()) if tally.counts.games}
        summary = Summary(
            inputs=records,
            archives=sorted({part.archive for _, part in parts if part.archive}),
            fairdice=sorted({audited_by()} | {part.fairdice or UNKNOWN_VERSION for _, part in parts}),
            passed_over=list(passed_over),
            **counts.model_dump(),
            not_audited=len(missing),
            never_listed=list(never_listed),
            mirror_games=dict(sorted(mirrored.items())),
            by_scheme={scheme: tally.counts for scheme, tally in sorted(schemes.items())},
            faces={s: {d: die.faces for d, die in t.dice.items()} for s, t in rolled.items()},
            uniformity={s: {d: stats.uniformity(die) for d, die in t.dice.items()} for s, t in rolled.items()},
            independence={s: {d: stats.independence(die) for d, die in t.dice.items()} for s, t in rolled.items()},
            power={s: {d: stats.detectable_bias(die) for d, die in t.dice.items()} for s, t in rolled.items()},
        )
        store.put_file(FINDINGS, findings)
    return summary


def put_summary(store: Results, summary: Summary) -> None:
    """Write `summary.json`, the merge's summary (`merge`): after the findings, and on a local run after the report."""
    store.put(SUMMARY, json.dumps(summary.document(), indent=2, allow_nan=False).encode() + b"\n")


def _adds_up(answer: WorkerAnswer, counts: Counts, summary_sha256: str) -> bool:
    """Whether a partial's counts and its summary.json's SHA-256 are what its worker returned to the map
    (functions/audit_worker): games, games not fair, lines not verified, and the digest when it returned one."""
    figures = (counts.games, counts.games - counts.fair, counts.errors)
    return figures == (answer.games, answer.not_fair, answer.errors) and answer.summary_sha256 in (None, summary_sha256)


def _runs_as_answered(answer: WorkerAnswer, ids_sha256: str | None, games_sha256: str | None) -> bool:
    """Whether a partial's ids.txt and games.txt, as the merge read them (their SHA-256, None if not read), are what
    its worker returned to the map, where it returned their digests."""
    return answer.ids_sha256 in (None, ids_sha256) and answer.games_sha256 in (None, games_sha256)


def _changed_runs(
    parts: Sequence[tuple[str, Partial]], answers: Mapping[str, WorkerAnswer], read: Mapping[str, str], digest: str
) -> bool:
    """Whether a partial's ids.txt or games.txt (`digest`: the answer's field for it), hashed already as it was fetched
    (`read`, by the partial's name), differs from what its worker returned to the map."""
    return any(
        part.file in answers and name in read and getattr(answers[part.file], digest) not in (None, read[name])
        for name, part in parts
    )


def _by_scheme(schemes: dict[str, SchemeTally], scheme: str) -> Counts:
    """A scheme's counts among the schemes' tallies, made where no shard counted one of its games."""
    return schemes.setdefault(scheme, SchemeTally()).counts


def _games_again(found: Iterable[Repeat]) -> Iterator[tuple[str, dict[str, Any] | None]]:
    """The finding of each line that files an earlier line's game again, with its scheme, from the lines whose secret
    an earlier line has (`repeats` of games.txt, `<inputs><start>\\t<scheme>\\t<id>` beside each key): the same game
    (inputs and start) under another id, or the secret with other inputs than its first line's (one set of inputs a
    secret: at most one of the two is a game it rolled; review, a narde key filed with its phrase and again with an
    invisible character after it, or a pair36 seed with a client seed in capitals, was two fair games), or the secret
    under another scheme than its first line's (review: one key filed as narde-v1 and as pair36 was two fair games;
    `game_key` leaves the scheme out of what the seal fixed, and each line carries its own), or a day's secret on
    another day than its first line's (review: one day's secret rolled with again the next day was two fair days; a
    day's entry, its start `SHARED`, has the day for its inputs; "another day" only where the first line is a shared
    entry too: a bg-online-v1 match's derived key met as another match's server number is other inputs). A game is its
    scheme, inputs and start, one rule for all three: another start with the same scheme and inputs is another game of
    the secret's match, or a window of its game, and no finding. A line with an id an earlier line of its game has is a
    duplicate id, said once already (a day's entry in another shard is the day's rolls there: no finding); a game's
    lines under ids of their own, past as many as its scheme's secret rolls alike (seed 003's mirror pair: two), are
    each a repeated game; the ones within that many are no finding, and come with None: their dice are the first line's,
    tallied again. Memory: one secret's games at a time, with their lines' ids."""
    sealed, first, first_inputs, first_shared = b"", _Game("", 0, b"", set()), (b"", b""), False
    games: dict[tuple[bytes, bytes], _Game] = {}  # the secret's games so far, by their scheme, inputs and start
    for again in found:
        if again.key != sealed:
            first_game, first_scheme, first_id = again.first_more.split(b"\t", 2)
            sealed, first_inputs = again.key, (first_scheme, first_game[:INPUTS_CHARS])
            first = _Game(again.first_file, again.first_line, first_id, {first_id})
            first_shared = first_game[INPUTS_CHARS:] == SHARED
            games = {(first_scheme, first_game): first}
        this_game, scheme, game_id = again.more.split(b"\t", 2)
        game = games.get((scheme, this_game))
        shared = this_game[INPUTS_CHARS:] == SHARED  # a secret a scheme's lines share (a day's), its inputs the day
        if game is None:
            games[scheme, this_game] = _Game(again.file, again.line, game_id, {game_id})
            if (scheme, this_game[:INPUTS_CHARS]) == first_inputs:
                continue  # another game of the secret's match, or a window of its game
            named = first_inputs[0].decode()
            if scheme != first_inputs[0]:
                other = f"as a {named} game: a secret rolls the dice of one game, match or day, of one scheme"
            elif shared and first_shared:
                other = f"as the {named} game of another day: a secret rolls the dice of one game, match or day"
            else:
                other = "with other inputs (a phrase, client seeds or apps' numbers, as the scheme has them): a"
                other += " secret rolls one game's dice, or one match's"
            words = f"{first.named()} has this secret, {other}, so at most one of the two is a game it rolled"
        elif game_id in game.ids or shared:
            # a line copied whole, or the game under an id an earlier line of it has: a duplicate id; or a shared
            # secret's (a day's) first roll in another shard: one secret, many rolls
            continue
        else:
            game.ids.add(game_id)
            if (scheme, this_game[:INPUTS_CHARS]) == first_inputs and len(game.ids) <= _games_alike(scheme):
                # seed 003's mirror pair: its second game rolls the first's dice, under an id of its own; its dice are
                # counted again, which the summary says (review: fair ladder dice failed the tests, said by chance
                # in 1 audit in 12,000)
                yield scheme.decode(), None
                continue
            words = f"{game.named()} is this game already: the same secret, inputs and start under another id"
        finding = _unread(again.file, again.line, json.loads(game_id), "repeated_game", words, field="request")
        yield scheme.decode(), finding


@cache
def _games_alike(scheme: bytes) -> int:
    """How many games one secret of the scheme rolls alike (`Scheme.games_alike`); 1 for a scheme not registered."""
    try:
        return registry.get(scheme.decode()).games_alike
    except KeyError:
        return 1


class _Game(NamedTuple):
    """A secret's game as the merge first met it, and the ids its lines have had so far."""

    file: str
    line: int
    id: bytes  # as JSON
    ids: set[bytes]

    def named(self) -> str:
        # The id as written, quoted: `表7-0001`, not `\u88687-0001` (review); a character that shows nothing is shown as
        # its code point where the finding is shown (the report)
        return f"the game on line {self.line} of {self.file} (id {json.dumps(json.loads(self.id), ensure_ascii=False)})"


def _ahead(window: int, fetch: Callable[[Any], T], items: Iterable[Any]) -> Iterator[T]:
    """`fetch` of each item, in order, `window` of them under way at once (so at most `window` results held)."""
    if window <= 1:
        yield from map(fetch, items)
        return
    with ThreadPoolExecutor(window) as pool:
        under_way: deque[Future[T]] = deque()
        for item in items:
            under_way.append(pool.submit(fetch, item))
            if len(under_way) >= window:
                yield under_way.popleft().result()
        while under_way:
            yield under_way.popleft().result()


def _runs(
    store: Results,
    names: Sequence[str],
    part: str,
    scratch: Path,
    sha256: dict[str, str] | None = None,
    removed_since: set[tuple[str, str]] | None = None,
) -> list[Opener]:
    """Each named partial's sorted `part` (ids.txt, games.txt) as a run to merge, in order. From a remote store each
    is fetched to `scratch` first, many at once. Given `sha256`, each is hashed as it is read from the store, once:
    its SHA-256 (hex) goes there by the partial's name once it has been read (fetched, or from a local store merged).
    Given `removed_since`, a run found removed as it is read is read as empty, and named there (`_part_opener`)."""
    opened = [_part_opener(store, name, part, removed_since) for name in names]
    if sha256 is None:
        stored: list[Opener] = opened
    else:
        stored = [
            partial(_hashed, opener, partial(sha256.__setitem__, name))
            for name, opener in zip(names, opened, strict=True)
        ]
    if store.read_ahead <= 1:
        return stored
    folder = scratch / part.replace(".", "-")
    folder.mkdir()
    fetched = _ahead(store.read_ahead, lambda at: _fetch(stored[at], folder / f"{at:08d}"), range(len(names)))
    return [partial(read_once, path) for path in fetched]  # each deleted once merged


def _gone(store: Results, key: str, listed: Collection[str]) -> bool:
    """Whether a partial's part is gone from the store: not `listed`, and not found when opened (S3's NoSuchKey or
    AccessDenied, a file not found). Any other failure to open it goes on as it was: a folder lists files alone, and one
    put in a part's place that is not a file (a pipe) is refused as the part is read. S3 answers a key that is not there
    as NoSuchKey only to a caller that may list the bucket, and the merge may list it by prefix alone (template.yaml):
    to the merge, AccessDenied (review: the merge failed with it on AWS, naming no shard, as it did before a part gone
    was its shard's finding). S3's listing is read first: a part it did not hold that opens when looked for (put there
    since) is not gone, and the merge refuses it even so (`PART_PUT_SINCE`), its shard not audited."""
    if key in listed:
        return False
    try:
        with store.open(key):
            return False
    except FileNotFoundError:
        return True
    except Exception as exc:
        if error_code(exc) not in _NOT_THERE:
            raise
        return True


# What S3 answers the merge for a key that is not there (`_gone`)
_NOT_THERE = frozenset({"NoSuchKey", "AccessDenied"})


def _part_opener(store: Results, name: str, part: str, removed_since: set[tuple[str, str]] | None) -> Opener:
    """An opener of the named partial's `part`; given `removed_since` (on AWS), a part the listing held that is found
    removed as it is opened (`_removed_since`) is read as empty, and (`name`, `part`) put there."""
    key = partial_key(name, part)
    if removed_since is None:
        return partial(store.open, key)
    return partial(_unless_removed, store, key, partial(removed_since.add, (name, part)))


@contextmanager
def _unless_removed(store: Results, key: str, removed: Callable[[], None]) -> Iterator[BinaryIO]:
    """The stored object's stream; one found removed as it is opened is `removed()` and read as empty, and one not
    there as it was opened but listed again since (`_open_again`) is opened once more."""
    with ExitStack() as stack:
        for again in (False, True):
            try:
                stream = stack.enter_context(store.open(key))
                break
            except Exception as exc:
                if _removed_since(store, key, exc):
                    removed()
                    stream = io.BytesIO()
                    break
                if not _open_again(exc, again):
                    raise
        yield stream


def _open_again(exc: Exception, again: bool) -> bool:
    """Whether a key the merge's listing held, whose first open (`again` False) was answered as one not there
    (`_NOT_THERE`, a file not found) and that is listed again (not `_removed_since`), is to be opened once more: removed
    and put back between the open and the listing, it is there now (review: the merge failed with S3's error, naming no
    shard). A key S3 refuses though it is there (a KMS key the role may not use) is refused again, and raised."""
    return not again and (isinstance(exc, FileNotFoundError) or error_code(exc) in _NOT_THERE)


def _removed_since(store: Results, key: str, exc: Exception) -> bool:
    """Whether `exc`, raised as the merge opened a key its listing held, says the key was removed since: an answer for
    a key not there (`_NOT_THERE`, a file not found) and the key no longer listed. A key still listed that S3 refuses
    (a KMS key the role may not use) goes on as it was."""
    not_there = isinstance(exc, FileNotFoundError) or error_code(exc) in _NOT_THERE
    return not_there and key not in store.list(key)


def _read_all(open_part: Opener) -> bytes:
    with open_part() as stream:
        return stream.read()


def _fetch(run: Opener, path: Path) -> Path:
    with run() as stream, path.open("wb") as out:
        shutil.copyfileobj(stream, out)
    return path


@contextmanager
def _hashed(open_part: Opener, read: Callable[[str], None]) -> Iterator[BinaryIO]:
    """A stored object's stream, its bytes hashed as they pass: `read` gets the SHA-256 (hex) of the whole object once
    the reader is done (every run is read to its end)."""
    with open_part() as stream:
        hashing = Hashed(stream)
        yield cast(BinaryIO, hashing)
        read(hashing.finish())


def read_partial(store: Results, name: str) -> Partial:
    """The stored summary of one complete partial."""
    return _read_partial(store, name)[0]


def _read_listed(
    store: Results, name: str, on_aws: bool, again: bool = False
) -> tuple[str, Partial | None, str] | None:
    """A listed partial's name, stored summary and its SHA-256; on AWS, where a summary that is not one a worker
    writes is its shard's finding (`UNREADABLE`), None and "" for it, and None for a summary removed since the listing
    (`_removed_since`): no partial, as one not listed; one not there as it was read but listed again since is read once
    more (`_open_again`)."""
    try:
        return (name, *_read_partial(store, name))
    except ValidationError:
        if not on_aws:
            raise
        return name, None, ""
    except Exception as exc:
        if not on_aws:
            raise
        if _removed_since(store, partial_key(name, PART_SUMMARY), exc):
            return None
        if not _open_again(exc, again):
            raise
        return _read_listed(store, name, on_aws, again=True)


def _read_partial(store: Results, name: str) -> tuple[Partial, str]:
    """The stored summary of one complete partial, and the SHA-256 (hex) of its bytes as read."""
    with store.open(partial_key(name, PART_SUMMARY)) as stream:
        data = stream.read()
    return Partial.model_validate_json(data), hashlib.sha256(data).hexdigest()


def _unread(
    file: str, line: int | None, game_id: str | None, code: str, message: str, field: str | None = None
) -> dict[str, Any]:
    # In the API's error shape, as a shard's own findings are (`ErrorDetail`); a shard that has no result names no field
    problems = [Problem(field=field, message=message)] if field else []
    error = ErrorDetail(code=code, message=message, problems=problems)
    return {"file": file, "line": line, "id": game_id, "error": error.model_dump()}


def _write(out: Any, finding: dict[str, Any]) -> None:
    out.write(json.dumps(finding).encode() + b"\n")
