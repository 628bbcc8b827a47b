"""The audit on AWS: its settings and prefixes, a shard audited as it streams in, the map run's failed shards and
what Step Functions counts of its children (on a client the caller passes in).

Every S3 call it makes is the storage adapter's (`fairdice.storage`: `S3Results`, `get_as_listed`,
`Streamed`), on the client that adapter makes (`client`), so every S3 call of
fairdice goes to the endpoint and region the same variables name, with the same bounded timeouts
and retries, and boto3 is imported there alone.
"""

import datetime as dt
import errno
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints, ValidationError

from fairdice.audit.archive import DayArchive
from fairdice.audit.lines import numbered_lines
from fairdice.audit.shard import FINDINGS, GAMES, IDS, PARTIALS, SUMMARY, audit_shard, partial_key, shard_name
from fairdice.audit.tally import InputRecord, Partial, WorkerAnswer
from fairdice.errors import MapRunUnknown, StoreUnavailable
from fairdice.prose import counted, number, shows_nothing
from fairdice.storage import (
    MAX_CAUSE,
    BucketName,
    Hashed,
    S3Results,
    StorageSettings,
    Streamed,
    console_folder,
    error_code,
    get_as_listed,
)

# A folder's name: anything but a slash or a space, in a prefix `_printable` also holds to (no other whitespace, no
# control or format character). The state machine checks the same two shapes first (statemachines/audit.asl.json: no
# space, no empty name), the functions' rights are granted on these prefixes only (template.yaml), and the output
# prefix ends in the execution's name, which AWS allows no whitespace, slash or control character in either.
_SEGMENT = r"[^/ ]+"


def _printable(prefix: str) -> str:
    """A prefix a person reads as it is: no character that shows nothing (a bidi control, a zero-width space, a Hangul
    filler: `prose.shows_nothing`; review: str.isprintable() let the fillers through, so a prefix of a day's shards
    with one after the date read as the day's own)."""
    if shows_nothing(prefix):
        raise ValueError(
            "must hold no character that shows nothing (a control, format or zero-width character, or a blank one)"
        )
    return prefix


S3_KEY_BYTES = 1024  # the longest key S3 takes, in bytes of UTF-8
# The longest key a function writes under an output prefix: a shard's partial result (the map's ResultWriter writes
# under map-runs/). An output prefix longer than S3 allows with it is refused before a shard is read (review: moto took
# the keys, where S3 would refuse each worker's partial once it had audited its shard).
LONGEST_UNDER_OUTPUT = max(len(partial_key(shard_name(""), part)) for part in (SUMMARY, FINDINGS, IDS, GAMES))


def _a_key_s3_takes(key: str) -> str:
    """A key S3 takes: at most `S3_KEY_BYTES` bytes of UTF-8, not characters (review: a key of 1,024 characters, some
    of more than one byte, was read as one S3 could hold)."""
    if (size := len(key.encode())) > S3_KEY_BYTES:
        raise ValueError(f"is {size:,} bytes long in UTF-8, and S3 takes keys of {S3_KEY_BYTES:,} bytes at most")
    return key


# An object's key as S3 lists it: one character at least, and bytes S3 takes
S3Key = Annotated[str, StringConstraints(min_length=1), AfterValidator(_a_key_s3_takes)]


def _short_enough(prefix: str) -> str:
    """An output prefix under which every key the audit writes is one S3 takes."""
    size, most = len(prefix.encode()), S3_KEY_BYTES - LONGEST_UNDER_OUTPUT
    if size > most:
        raise ValueError(
            f"is {size:,} bytes long with the execution's name, and may be {most:,} at most: the keys the audit writes"
            f" under it take {LONGEST_UNDER_OUTPUT} more, and S3 takes keys of {S3_KEY_BYTES:,} bytes at most"
        )
    return prefix


def _no_partials_folder(prefix: str) -> str:
    """An output prefix with no folder named as the workers' partial results are kept (`PARTIALS`): the worker's role
    may write under `audits/*/partials/*`, and S3's `*` spans `/`, so under such a folder it could write the summary
    and findings the merge writes. The state machine refuses one at its first step (CheckPrefixes); a function invoked
    by hand refuses it here (review: only the state machine did)."""
    folder = PARTIALS.rstrip("/")
    if folder in prefix.split("/")[1:-1]:
        raise ValueError(
            f"holds a folder named {folder}, which is kept for the workers' partial results: the worker may write"
            " under it, so an audit's summary and findings there could be written by another than the merge"
        )
    return prefix


InputPrefix = Annotated[str, StringConstraints(pattern=rf"^games/({_SEGMENT}/)+$"), AfterValidator(_printable)]
OutputPrefix = Annotated[
    str,
    StringConstraints(pattern=rf"^audits/({_SEGMENT}/)+$"),
    AfterValidator(_printable),
    AfterValidator(_short_enough),
    AfterValidator(_no_partials_folder),
]


class AuditSettings(BaseModel):
    """The audit functions' settings, read once at cold start: the audit bucket."""

    model_config = ConfigDict(frozen=True)

    bucket: BucketName

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "AuditSettings":
        """Read FAIRDICE_AUDIT_BUCKET; a missing one fails the cold start, naming it."""
        bucket = environ.get("FAIRDICE_AUDIT_BUCKET")
        if not bucket:
            raise RuntimeError("FAIRDICE_AUDIT_BUCKET is not set: the audit bucket's name")
        return cls(bucket=bucket)


def client(storage: StorageSettings) -> Any:
    """An S3 client made by the storage adapter (boto3 imported then, at first use) from the settings the caller read
    (the core reads no environment itself): the region AWS_REGION names, the endpoint FAIRDICE_S3_ENDPOINT_URL names
    when set (a local emulator), bounded timeouts and retries."""
    return storage.connection().client


@contextmanager
def scratch_space(too_large: Callable[[str], Exception]) -> Iterator[None]:
    """Within it, a function's /tmp that fills up (ENOSPC) is `too_large(room)`, `room` its size in words ("2,048 MB"):
    an error that says why and what to do, rather than an OSError naming a scratch file. No try mends it, so the state
    machine does not try it again."""
    try:
        yield
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise
        raise too_large(f"{shutil.disk_usage(tempfile.gettempdir()).total // 2**20:,} MB") from exc


def audit_object(
    bucket: str,
    key: str,
    results: S3Results,
    name: str,
    s3: Any,
    archive: DayArchive | None = None,
    today: dt.date | None = None,
    max_lines: int | None = None,
    etag: str | None = None,
) -> Partial:
    """Audit one shard object as it streams in; its partial result goes to `results`. Daily games are checked
    against `archive`, when there is one, and by `today`, the worker's UTC day, as `audit_shard` takes them, and a
    shard of more than `max_lines` games fails (ShardTooLarge). Bytes that stop coming fail it too (StoreUnavailable),
    rather than be a finding that the shard could not be read. `etag`: the object's as the map listed it; another
    version under the key now fails the shard (ShardChanged), rather than be audited in its place (review: a shard
    replaced after the listing, before its worker read it, was counted as audited)."""
    response = get_as_listed(s3, bucket, key, etag)
    body = response["Body"]
    hashed = Hashed(Streamed(body, bucket, key))

    def source() -> InputRecord:
        # Hashed to its end first: a shard whose gzip broke was read only up to the break, and its size counted then
        # was of those bytes, where its SHA-256 was of the whole object (review)
        sha256 = hashed.finish()
        return InputRecord(
            file=key,
            bytes=hashed.bytes,
            sha256=sha256,
            version=response.get("VersionId"),
            etag=response.get("ETag"),
        )

    try:
        lines = numbered_lines(hashed, key)
        return audit_shard(lines, key, results, name, source=source, archive=archive, today=today, max_lines=max_lines)
    finally:
        body.close()


# Why a shard whose answer the map run's result files keep in no form a worker returns is not audited (review: such an
# answer was skipped as if there were none, and the shard's partial, held to nothing, counted as it was found)
ANSWER_CHANGED = (
    "what its worker returned to the map run, as the run's result files keep it, is not a worker's answer (its counts"
    " and the SHA-256 of its partial's files, each in its form): the result files were changed after the run wrote"
    " them, so its partial result can be held to nothing, and its games are not counted; audit it again in a new"
    " execution"
)


# How each reason no shard of a run is counted ends: the result files cannot be held to the map run
_NONE_COUNTED = (
    "so no shard's partial result can be held to what its worker returned, and no game of the run is counted; audit the"
    " prefix again in a new execution"
)
# Why no shard of a run is counted when its map run's manifest or a result file it lists is in no form Step Functions
# writes (review: one not JSON, or JSON of another shape, failed the merge with a Python error)
NOT_WRITTEN = (
    "the map run's {what} is not in the form Step Functions writes ({why}): it was changed after the run wrote it, "
    + _NONE_COUNTED
)
# Why no shard of a run is counted when its map run's manifest is another map run's (review: a merge invoked by hand
# could be given the key of a manifest made up beside the result files it lists, or of another run's)
OTHER_MAP_RUN = (
    "the map run's manifest names map run {named}, not {map_run}, the one the merge was given: it is another run's, or"
    " was changed after the run wrote it, " + _NONE_COUNTED
)
# Why no shard of a run is counted when its map run's result files name a key the map could not have listed: one not
# under the input prefix, which is all the map lists (review: such a key, written in place of a child's, was named as a
# shard removed while the run went on, and the shard whose child it replaced as one put under the prefix after the
# listing, every other answer counted)
ELSEWHERE = (
    "the map run's result files name {named}, not under the input prefix {prefix}, where the map lists only the objects"
    " under it: they were changed after the run wrote them, " + _NONE_COUNTED
)
# Why no shard of a run is counted when its map run's result files do not name the children Step Functions counts
UNACCOUNTED = (
    "the map run's result files name {named}, where Step Functions counts {counted} for the run: they were changed"
    " after the run wrote them, " + _NONE_COUNTED
)


class ChildCounts(NamedTuple):
    """A map run's children (one a shard) by how they ended: succeeded; failed, timed out or aborted; not ended."""

    succeeded: int
    failed: int
    unended: int

    def __str__(self) -> str:
        succeeded = counted(self.succeeded, "child that succeeded", "children that succeeded")
        return f"{succeeded}, {number(self.failed)} that failed and {number(self.unended)} not ended"


# Step Functions' answers for a map run it does not know, or will not describe to the role asking
_UNKNOWN_MAP_RUN = frozenset({"ResourceNotFound", "InvalidArn", "AccessDeniedException"})


def map_run_counts(step_functions: Any, map_run_arn: str) -> ChildCounts:
    """What Step Functions itself counts of the map run's children (DescribeMapRun's `itemCounts`, an item a shard):
    a record no one writes but Step Functions, where the result files are objects in the bucket. StoreUnavailable,
    which the state machine retries, while the map run is not described as ended (`SUCCEEDED`, which a map whose
    failures were tolerated ends as too): its counts may not all be in yet, and held to the result files they would
    make an honest run one whose shards are not counted."""
    try:
        described = step_functions.describe_map_run(mapRunArn=map_run_arn)
    except Exception as exc:
        if (code := error_code(exc)) not in _UNKNOWN_MAP_RUN:
            raise
        raise MapRunUnknown(
            f"Step Functions has no map run {map_run_arn} that the merge may describe ({code}): the merge runs as a"
            " state of an audit execution, given that execution's map run; start an execution to audit (README,"
            " Auditing every game)"
        ) from exc
    if described.get("status") != "SUCCEEDED":
        raise StoreUnavailable(
            f"Step Functions describes map run {map_run_arn} as {described.get('status')}, not yet SUCCEEDED: its"
            " counts of the shards audited may not all be in; try again later"
        )
    counts = described["itemCounts"]
    return ChildCounts(
        counts["succeeded"],
        counts["failed"] + counts["timedOut"] + counts["aborted"],
        counts["pending"] + counts["running"],
    )


class MapRunResults(NamedTuple):
    """What a map run's ResultWriter kept of its children: why each shard it did not audit was not (its child failed,
    or its worker's answer is not one) and what each worker that succeeded returned to the map: between them, every
    shard it ran a child for. `unaccounted`: why no shard of the run is counted, where the result files cannot be held
    to the map run: they do not name the children Step Functions counts (`UNACCOUNTED`), the manifest names another
    map run (`OTHER_MAP_RUN`), or a file is in no form Step Functions writes (`NOT_WRITTEN`); None where they can.
    Where they cannot, `not_audited` gives it as why for each shard named by every file the manifest lists that can be
    read (the first reason met, where there are several).
    `folders`: the shards whose child succeeded that the map listed as the S3 console's folder (`console_folder`, by the
    size its item gives) and whose worker counted nothing in them, which no listing at the merge names either; and
    those whose child failed that it listed so, which hold no byte to audit (`not_audited` names them too, why each
    failed).
    `elsewhere`: the keys the result files name that are not under the input prefix, which the map never listed
    (`ELSEWHERE`, why no shard of the run is counted then)."""

    not_audited: dict[str, str]
    returned: dict[str, WorkerAnswer]
    unaccounted: str | None = None
    folders: frozenset[str] = frozenset()
    elsewhere: frozenset[str] = frozenset()


def map_run_results(
    s3: Any, bucket: str, manifest_key: str, map_run: str, counts: ChildCounts, input_prefix: str
) -> MapRunResults:
    """The map run's failed shards, its workers' answers and the shards it ran a child for, from its ResultWriter
    manifest, fetched once (review: it was fetched once for the failed shards and again for the answers), held to
    the map run the merge was given (`map_run`, the ARN the manifest must name) and to what Step Functions `counts` of
    its children (`map_run_counts`), and to the `input_prefix` the map listed: every key its children name is under it.

    The manifest lists result files by status; each is a JSON array of child executions whose
    `Input` is the item the map gave the worker (`{"shard": {"Key": ...}}`). A shard whose child succeeded with an
    output that is not a worker's answer (a SHA-256 that is not one, a count missing) is not audited
    (`ANSWER_CHANGED`), as a partial that differs from its answer is. A manifest that lists no result file is a map run
    that ran no child, as Step Functions writes one (review: it was taken for a run whose children were not known, and
    every partial was counted held to no answer, as a manifest emptied by whoever may write under map-runs/ made
    happen). Result files that name more or fewer children than Step Functions counts, or children of another ending,
    were changed: no shard is counted (`unaccounted`), for none of their answers can be trusted; every file is read even
    so, to name each shard they name.
    """
    files = S3Results(bucket, "", s3)
    not_audited: dict[str, str] = {}
    returned: dict[str, WorkerAnswer] = {}
    changed: list[str] = []
    pending: list[str] = []
    folders: set[str] = set()
    # Why the result files cannot be held to the map run, as each is met: the first is said. Every file the manifest
    # lists is read even so, so each shard one of them names is named, for that reason (review: reading stopped at the
    # first, and a shard named only in a file read after it, or in the files of a manifest that names another map run,
    # removed from the prefix with its partial, was in neither the summary nor the findings)
    unaccounted: list[str] = []
    try:
        manifest = _written(files, manifest_key, dict, "manifest")
    except _Unaccounted as exc:
        return MapRunResults({}, {}, str(exc))
    if not isinstance(manifest.get("MapRunArn"), str):
        unaccounted.append(NOT_WRITTEN.format(what="manifest", why="it names no map run by its ARN"))
    elif manifest["MapRunArn"] != map_run:
        unaccounted.append(OTHER_MAP_RUN.format(named=manifest["MapRunArn"], map_run=map_run))
    # Each child is taken in as its result file is read, keeping its shard's key and why it was not audited or what
    # its worker returned, and let go with its file: no list of every child of every file is held at once
    failed = 0
    for key, size, execution in _children(files, manifest, "FAILED", unaccounted.append):
        failed += 1
        not_audited[key] = _failure(execution)
        if console_folder(key, size):  # listed at 0 bytes: nothing in it was left unaudited
            folders.add(key)
    succeeded = 0
    for key, size, execution in _children(files, manifest, "SUCCEEDED", unaccounted.append):
        succeeded += 1
        try:
            answer = WorkerAnswer.model_validate_json(execution.get("Output") or "null")
        except ValidationError:
            changed.append(key)
            continue
        returned[key] = answer
        # The console's folder holds nothing, so its worker counted nothing: a size of 0 beside an answer that
        # counted a game or a line is no folder's (review: a shard whose key ends in "/" that held a mismatch,
        # removed with its partial, its size said 0 in the result files, was dropped without a word, the audit
        # clean)
        if console_folder(key, size) and answer.games == answer.errors == 0:
            folders.add(key)
    pending.extend(key for key, _, _ in _children(files, manifest, "PENDING", unaccounted.append))
    elsewhere = sorted(
        {key for keys in (not_audited, returned, changed, pending) for key in keys if not key.startswith(input_prefix)}
    )
    if elsewhere:
        more = f" (and {counted(len(elsewhere) - 1, 'other key', 'other keys')})" if len(elsewhere) > 1 else ""
        unaccounted.append(ELSEWHERE.format(named=f"{elsewhere[0]}{more}", prefix=input_prefix))
    named = ChildCounts(succeeded, failed, len(pending))
    if not unaccounted and named != counts:
        unaccounted.append(UNACCOUNTED.format(named=named, counted=counts))
    if unaccounted:
        # Every shard the result files name is not audited, for this: so one of them removed from the input prefix
        # since, its partial with it, is named too (review: the merge named only the shards listed at the merge, and
        # such a shard was in neither the summary nor the findings)
        named_shards = sorted({*not_audited, *returned, *changed, *pending})
        reason = unaccounted[0]
        return MapRunResults(dict.fromkeys(named_shards, reason), {}, reason, frozenset(folders), frozenset(elsewhere))
    for key in changed:
        not_audited.setdefault(key, ANSWER_CHANGED)
    return MapRunResults(not_audited, returned, folders=frozenset(folders))


class _Unaccounted(Exception):
    """Why no shard of a map run is counted, in `NOT_WRITTEN`'s, `OTHER_MAP_RUN`'s or `UNACCOUNTED`'s words: its result
    files cannot be held to it."""


def _written(files: S3Results, key: str, form: type, what: str) -> Any:
    """The JSON of the object at `key`, a `form` (dict, list) as Step Functions writes it; _Unaccounted otherwise, and
    where the object is gone (review: a result file the manifest lists, removed since, failed the merge with botocore's
    NoSuchKey as it came)."""
    try:
        with files.open(key) as stream:
            data = stream.read()
    except Exception as exc:
        if error_code(exc) != "NoSuchKey":
            raise
        raise _Unaccounted(NOT_WRITTEN.format(what=what, why=f"{key} is no longer in the bucket")) from None
    try:
        value = json.loads(data)
    except ValueError:  # no JSON text, or no UTF-8
        raise _Unaccounted(NOT_WRITTEN.format(what=what, why=f"{key} is no JSON text")) from None
    except RecursionError:
        raise _Unaccounted(NOT_WRITTEN.format(what=what, why=f"{key} is JSON nested too deeply to read")) from None
    if not isinstance(value, form):
        kind = "object" if form is dict else "array"
        raise _Unaccounted(NOT_WRITTEN.format(what=what, why=f"{key} holds no JSON {kind}"))
    return value


def _children(
    files: S3Results, manifest: dict[str, Any], status: str, unaccounted: Callable[[str], None]
) -> Iterator[tuple[str, int | None, dict[str, Any]]]:
    """Each child execution of a map run with `status` (FAILED, SUCCEEDED), with the key and the listed size of the
    shard it audited (`_shard`), from the result files its `manifest` lists. Where the manifest lists them in no form
    Step Functions writes (review: a `ResultFiles` of another shape failed the merge with an AttributeError or
    TypeError), or one of them is gone or in no such form, `unaccounted` gets why (`_Unaccounted`'s words), and the
    files that can be read are read on."""
    listed = manifest.get("ResultFiles", {})
    results = listed.get(status, []) if isinstance(listed, dict) else None
    if not isinstance(results, list) or not all(isinstance(r, dict) and isinstance(r.get("Key"), str) for r in results):
        unaccounted(NOT_WRITTEN.format(what="manifest", why=f"its {status} result files are not listed by key"))
        return
    for result in results:
        try:
            executions = _written(files, result["Key"], list, f"{status} result file")
        except _Unaccounted as exc:
            unaccounted(str(exc))
            continue
        for execution in executions:
            if (shard := _shard(execution)) is not None:
                yield *shard, execution


def _shard(execution: Any) -> tuple[str, int | None] | None:
    """The key of the shard a child execution audited, as its `Input` (the item the map gave it, as JSON text) names it,
    and its size as the map listed it (the item's `Size`; None where it gives none), read from the one parse of the
    `Input`; None where it names no key, whatever its shape: such a child is not counted among those the result files
    name, which then differ from what Step Functions counts (review: an `Input` that is no JSON text or the JSON of no
    object, or an entry that is no object, failed the merge with a JSONDecodeError, TypeError or AttributeError, where a
    change to the result files is a finding)."""
    try:
        item = json.loads(execution["Input"])["shard"]
        key = item["Key"]
    except (TypeError, KeyError, ValueError, RecursionError):  # no object or no such field, at any level; no JSON text,
        # or JSON nested too deeply to read
        return None
    size = item.get("Size")  # a number, not JSON's false, which Python counts as 0
    return (key, size if type(size) is int else None) if isinstance(key, str) else None


def _failure(execution: dict[str, Any]) -> str:
    """Why a shard whose child execution failed was not audited: its error and cause."""
    cause = f"{execution.get('Error') or 'failed'}: {execution.get('Cause') or 'no cause given'}"
    return f"its audit failed ({cause[:MAX_CAUSE]})"
