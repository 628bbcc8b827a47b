"""The audit's three functions on their real events (events/audit-*.json), against moto's S3.

The worker gets the item a Distributed Map with an s3:listObjectsV2 ItemReader gives it; the merge
gets the execution's input with the map run's ResultWriter details; the report, the output prefix.
"""

import datetime as dt
import errno
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from audit_aws import (  # noqa: F401 (the fixture)
    BUCKET,
    AuditAws,
    FlakyClient,
    MapRuns,
    audit_aws_fixture,
    breaking_body,
    child_execution,
    failing_once,
    map_ran,
    put_map_run_results,
)
from botocore.exceptions import (
    ClientError,
    ConnectionClosedError,
    EndpointConnectionError,
    IncompleteReadError,
    ReadTimeoutError,
    ResponseStreamingError,
)
from fairdice.archive.reader import ArchiveReader
from fairdice.audit.archive import DayArchive, of_bucket
from fairdice.audit.lines import numbered_lines
from fairdice.audit.merge import AFTER_THE_LISTING, NEVER_LISTED, NOT_AUDITED, NOT_RUN, PART_REMOVED, REMOVED
from fairdice.audit.s3 import S3_KEY_BYTES, ChildCounts, map_run_counts, map_run_results
from fairdice.audit.shard import ShardAudit, audit_shard, shard_name
from fairdice.audit.store import FolderResults
from fairdice.audit.tally import WorkerAnswer
from fairdice.errors import (
    ArchiveRefused,
    ArchiveUnavailable,
    AuditTooLarge,
    InvalidInput,
    MapRunUnknown,
    MissingCredentials,
    NoShards,
    ResultsChanged,
    ShardChanged,
    ShardRefused,
    ShardTooLarge,
    StoreUnavailable,
)
from fairdice.markup import visible
from fairdice.storage import S3Store, StorageSettings, Stores
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets
from pydantic import ValidationError
from security.cloudformation import load_template
from unit.audit import games

from testkit.lambda_context import FakeLambdaContext
from testkit.stores import Unreachable
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")
Event = dict[str, Any]
KEY = "games/2026-11-29/shard-00001.jsonl.gz"
# The execution's own folder under the output prefix, as the events name it (the state machine's RunFolder).
OUT = "audits/2026-11-29/audit-2026-11-29/"


def as_listed(audit_aws: AuditAws, event: Event) -> Event:
    """The map's item for the shard as it is listed now: with the object's own ETag and Size (the event file's are an
    example's, of no object here), or as it is when there is no such object."""
    shard = event["shard"]
    try:
        head = audit_aws.s3.head_object(Bucket=BUCKET, Key=shard["Key"])
    except ClientError:
        return event
    return {**event, "shard": {**shard, "Etag": head["ETag"], "Size": head["ContentLength"]}}


def run_worker(audit_aws: AuditAws, event: Event) -> Any:
    """The worker on the item the map gives it for the shard as it is now, kept as the shard's child execution for the
    map run's result files (`map_ran`)."""
    item = as_listed(audit_aws, event)
    try:
        answer = audit_aws.worker.lambda_handler(item, FakeLambdaContext())
    except Exception as exc:
        audit_aws.children[item["shard"]["Key"]] = {"item": item, "error": type(exc).__name__, "cause": str(exc)}
        raise
    audit_aws.children[item["shard"]["Key"]] = {"item": item, "output": answer}
    return answer


def audited_outside_the_run(audit_aws: AuditAws, load_event: Callable[[str], Event], key: str, content: bytes) -> Any:
    """The answer of a worker invoked by hand, outside the map run, on `key`, put with `content` first: its partial is
    stored in the execution's folder, and no child of the run is kept for it (`run_worker` keeps one)."""
    audit_aws.put(key, content)
    worker_event = load_event("audit-worker-shard")
    item = as_listed(audit_aws, {**worker_event, "shard": {**worker_event["shard"], "Key": key}})
    return audit_aws.worker.lambda_handler(item, FakeLambdaContext())


def merge_event_of_the_run(audit_aws: AuditAws, load_event: Callable[[str], Event]) -> Event:
    """The merge's event after a map run whose children are the workers this test ran (`run_worker`)."""
    return map_ran(audit_aws, load_event("audit-merge"))


def a_map_run_of_one_fair_shard(audit_aws: AuditAws, load_event: Callable[[str], Event]) -> Event:
    """The merge's event after a map run of one shard, KEY, of one fair game."""
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    return merge_event_of_the_run(audit_aws, load_event)


def test_the_worker_audits_the_listed_shard_and_returns_only_where_its_results_are(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    # Given a gzip shard where the map's item says it is, with a game that is not fair and a bad line
    data = gzip.compress(games.jsonl([games.narde(1), games.mismatched(games.narde(2)), "{", games.pair36(3)]))
    version = audit_aws.put(KEY, data)
    event = load_event("audit-worker-shard")

    # When the worker gets the item
    result = run_worker(audit_aws, event)

    # Then it answers with the partial's place, counts and the SHA-256 of its summary, findings, ids and game keys
    # (which the merge holds the partial to), far under a state's 256 KiB
    name = hashlib.sha256(KEY.encode()).hexdigest()
    assert result == {
        "shard": KEY,
        "partial": f"{OUT}partials/{name}/",
        "games": 3,
        "not_fair": 1,
        "errors": 1,
        "summary_sha256": hashlib.sha256(audit_aws.get(f"{OUT}partials/{name}/summary.json")).hexdigest(),
        "findings_sha256": hashlib.sha256(audit_aws.get(f"{OUT}partials/{name}/findings.jsonl")).hexdigest(),
        "ids_sha256": hashlib.sha256(audit_aws.get(f"{OUT}partials/{name}/ids.txt")).hexdigest(),
        "games_sha256": hashlib.sha256(audit_aws.get(f"{OUT}partials/{name}/games.txt")).hexdigest(),
    }
    assert len(json.dumps(result)) < 1024
    stored = audit_aws.json(f"{OUT}partials/{name}/summary.json")
    assert stored["source"] == {
        "file": KEY,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "version": version,
        "etag": audit_aws.s3.head_object(Bucket=BUCKET, Key=KEY)["ETag"],  # the merge counts it while listed so
    }
    findings = audit_aws.get(f"{OUT}partials/{name}/findings.jsonl").decode().splitlines()
    # The mismatched game on line 2, then the line not read: each named by the shard's key and its line
    assert [(json.loads(f)["file"], json.loads(f)["line"]) for f in findings] == [(KEY, 2), (KEY, 3)]


def test_the_worker_audits_a_gzip_shard_whose_key_does_not_end_in_gz(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard of gzip data under a key that ends in .jsonl (review: read as text, each line a finding that it
    # was not JSON, and none of its games audited)
    key = KEY.removesuffix(".gz")
    audit_aws.put(key, gzip.compress(games.jsonl([games.narde(1), games.mismatched(games.narde(2))])))
    event = load_event("audit-worker-shard")
    # When the worker gets its item, Then it audits its games
    answer = run_worker(audit_aws, {**event, "shard": {**event["shard"], "Key": key}})
    assert (answer["shard"], answer["games"], answer["not_fair"], answer["errors"]) == (key, 2, 1, 0)


@pytest.mark.parametrize("digest", ["summary_sha256", "findings_sha256", "ids_sha256", "games_sha256"])
@pytest.mark.parametrize("written", ["", "0" * 63, "A" * 64, "g" * 64], ids=["empty", "short", "capitals", "not-hex"])
def test_the_workers_answer_holds_each_digest_to_the_sha256_form_the_merge_reads_it_in(
    audit_aws: AuditAws, digest: str, written: str
) -> None:
    # The merge reads a worker's answer as WorkerAnswer, each digest 64 lowercase hex digits (review: the worker's own
    # answer model took any text there, so it could return an answer the merge would not read as one)
    answer = {"shard": KEY, "partial": f"{OUT}partials/x/", "games": 1, "not_fair": 0, "errors": 0}
    answer |= dict.fromkeys(("summary_sha256", "findings_sha256", "ids_sha256", "games_sha256"), "0" * 64)
    audit_aws.worker.ShardAudited.model_validate(answer)
    with pytest.raises(ValidationError, match=digest):
        audit_aws.worker.ShardAudited.model_validate({**answer, digest: written})


def test_the_merge_reads_every_field_of_its_workers_answer_from_what_the_worker_returns(audit_aws: AuditAws) -> None:
    # The worker answers with its own model, ShardAudited, whose fields come in the order the map's result files keep
    # them; the merge reads that answer as WorkerAnswer, which passes over a field it does not know and takes a digest
    # missing as an earlier worker's. A field named apart in one of the two would be read as missing, silently: a
    # digest, and the partial held to its counts alone
    answer = {"shard": KEY, "partial": f"{OUT}partials/x/", "games": 3, "not_fair": 2, "errors": 1}
    digests = ("summary_sha256", "findings_sha256", "ids_sha256", "games_sha256")
    answer |= {name: f"{n:064x}" for n, name in enumerate(digests, start=1)}
    returned = audit_aws.worker.ShardAudited.model_validate(answer).model_dump()
    assert set(WorkerAnswer.model_fields) <= set(returned)
    read = WorkerAnswer.model_validate_json(json.dumps(returned))
    assert read.model_dump() == {name: returned[name] for name in WorkerAnswer.model_fields}


def test_a_truncated_shard_is_a_finding_at_the_line_where_it_breaks(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    data = gzip.compress(games.jsonl([games.narde(n, 60) for n in range(40)]))
    audit_aws.put(KEY, data[: len(data) * 3 // 4])
    result = run_worker(audit_aws, load_event("audit-worker-shard"))
    assert 0 < result["games"] < 40 and result["errors"] == 1


def test_a_shard_whose_gzip_breaks_before_its_end_is_named_by_the_size_and_sha256_of_the_whole_object(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    # Given a gzip shard of one game, then a byte no gzip member starts with and 3 MiB more: its reader stops at the
    # break, in the first of its 1 MiB reads (review: the size was counted there, 1,048,576 bytes, and the SHA-256 was
    # of the whole object, as `fairdice audit` on one machine names it)
    data = gzip.compress(games.jsonl([games.narde(1)])) + b"\x01" + bytes(3 << 20)
    audit_aws.put(KEY, data)
    # When the worker audits it
    result = run_worker(audit_aws, load_event("audit-worker-shard"))
    # Then the break is one finding, and the shard is named by the size and SHA-256 of every byte it holds
    name = hashlib.sha256(KEY.encode()).hexdigest()
    source = audit_aws.json(f"{OUT}partials/{name}/summary.json")["source"]
    assert (result["games"], result["errors"]) == (1, 1)
    assert (source["bytes"], source["sha256"]) == (len(data), hashlib.sha256(data).hexdigest())


def test_the_worker_refuses_an_output_prefix_outside_audits_before_reading_anything(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    event = {**load_event("audit-worker-shard"), "output_prefix": "games/2026-11-29/"}
    with pytest.raises(ValidationError, match="output_prefix"):
        run_worker(audit_aws, event)


@pytest.mark.parametrize(
    ("prefix", "read"),
    [
        (OUT, True),
        ("audits/2026-11-29/\u00e9t\u00e9(1)/", True),  # an execution's name may hold any letter AWS allows
        ("audits/x y/", False),
        ("audits//", False),
        ("audits/a\tb/", False),
        ("audits/x\u202ey/", False),  # a bidi control, which would show the key's end reversed
        ("audits/x\u200by/", False),  # a zero-width space
        ("audits/2026-11-29\u3164/", False),  # printable, but a Hangul filler draws nothing
        ("audits/x\u2800y/", False),  # the blank braille pattern
        ("audits/x\U0001d159y/", False),  # the musical null notehead
        ("audits/\u043e\u0442\u0447\u0451\u0442/", True),  # a Cyrillic name: no character of it shows nothing
    ],
)
def test_the_worker_takes_an_output_prefix_of_printable_names_only(
    audit_aws: AuditAws, load_event: Callable[[str], Event], prefix: str, read: bool
) -> None:
    event = {**load_event("audit-worker-shard"), "output_prefix": prefix}
    if read:
        assert audit_aws.worker.ShardEvent.model_validate(event).output_prefix == prefix
    else:
        with pytest.raises(ValidationError, match="output_prefix"):
            audit_aws.worker.ShardEvent.model_validate(event)


@pytest.mark.parametrize("function", ["worker", "merger", "reporter"])
@pytest.mark.parametrize(
    ("prefix", "taken"),
    [
        ("audits/2026-11/partials/", False),
        ("audits/partials/x/", False),
        ("audits/2026-11/x/partials/y/", False),
        ("audits/2026-11/partials-2/", True),
        ("audits/my_partials/x/", True),
        ("audits/Partials/", True),
    ],
)
def test_every_audit_function_refuses_an_output_prefix_holding_a_folder_named_partials(
    audit_aws: AuditAws, load_event: Callable[[str], Event], function: str, prefix: str, taken: bool
) -> None:
    # The worker may write under audits/*/partials/*, and S3's * spans /: under such a folder it could write the
    # summary and findings the merge writes. The state machine refuses one at its first step; a function invoked by
    # hand refuses it too (review: only the state machine did), naming the folder
    event_name, model = {
        "worker": ("audit-worker-shard", audit_aws.worker.ShardEvent),
        "merger": ("audit-merge", audit_aws.merger.MergeEvent),
        "reporter": ("audit-report", audit_aws.reporter.ReportEvent),
    }[function]
    event = {**load_event(event_name), "output_prefix": prefix}
    context = {"bucket": BUCKET}
    if taken:
        assert model.model_validate(event, context=context).output_prefix == prefix
    else:
        with pytest.raises(ValidationError, match="holds a folder named partials, which is kept for the workers'"):
            model.model_validate(event, context=context)


def test_the_worker_refuses_an_output_prefix_whose_keys_s3_would_refuse_before_reading_anything(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Review: moto takes keys of any length, where S3 refuses one past 1,024 bytes: each worker would have audited its
    # shard and then failed to store it. The longest key written under the prefix is a partial's findings.
    most = 1024 - len(f"partials/{'0' * 64}/findings.jsonl")
    folder = "audits/2026-11-29/"
    longest = folder + "é" * ((most - len(folder) - 1) // 2) + "x" * ((most - len(folder) - 1) % 2) + "/"
    assert len(longest.encode()) == most
    event = {**load_event("audit-worker-shard"), "output_prefix": longest}
    assert audit_aws.worker.ShardEvent.model_validate(event).output_prefix == longest
    too_long = longest[:-1] + "x/"
    with pytest.raises(ValidationError, match=f"(?s)output_prefix.*{most + 1:,} bytes long .* {most:,} at most"):
        run_worker(audit_aws, {**event, "output_prefix": too_long})
    assert audit_aws.keys("audits/") == []


def test_the_worker_refuses_a_shard_key_longer_than_s3_takes_in_bytes_though_not_in_characters(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given an item naming a key of 1,024 characters, 3 bytes of UTF-8 each past the day's folder: no key S3 holds,
    # which takes 1,024 bytes at most (review: the worker counted characters, and took it)
    event = load_event("audit-worker-shard")
    too_long = DAY + "日" * (S3_KEY_BYTES - len(DAY))
    assert len(too_long) == S3_KEY_BYTES < len(too_long.encode())

    # When the worker gets it, then it refuses it, saying how long it is and what S3 takes, and writes nothing
    said = f"(?s)shard.Key.*is {len(too_long.encode()):,} bytes long in UTF-8, .* {S3_KEY_BYTES:,} bytes at most"
    with pytest.raises(ValidationError, match=said):
        run_worker(audit_aws, {**event, "shard": {**event["shard"], "Key": too_long}})
    assert audit_aws.keys("audits/") == []
    # and a key of 1,024 bytes is one it reads
    longest = DAY + "日" * 335 + "x" * (S3_KEY_BYTES - len(DAY) - 3 * 335)
    assert audit_aws.worker.ShardEvent.model_validate({**event, "shard": {**event["shard"], "Key": longest}})


def test_the_worker_checks_daily_games_against_the_archive_bucket_and_its_partial_names_it(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given the stack's daily archive in S3 with 2025-03-01 committed in time and revealed, and the worker's
    # archive as its cold start makes it from FAIRDICE_ARCHIVE_BUCKET
    timeline = Timeline(dt.datetime(2025, 3, 1, tzinfo=dt.UTC))
    create_archive_buckets(audit_aws.s3)
    stores = Stores(secrets=S3Store(SECRETS, client=audit_aws.s3), archive=S3Store(ARCHIVE, client=audit_aws.s3))
    with timeline.moto():
        games.publish_archived_day(timeline, stores)
    settings = StorageSettings.from_environ({"FAIRDICE_ARCHIVE_BUCKET": ARCHIVE, "AWS_REGION": REGION})
    monkeypatch.setattr(audit_aws.worker, "ARCHIVE", of_bucket(settings, audit_aws.worker.AS_OF))
    daily = games.archived_daily(ArchiveReader(stores.archive, clock=lambda: dt.datetime.now(dt.UTC)), 1)
    audit_aws.put(KEY, gzip.compress(games.jsonl([daily])))

    # When the worker audits the shard
    result = run_worker(audit_aws, load_event("audit-worker-shard"))

    # Then the daily roll is fair, as POST /verify finds it, and the partial says which archive showed it
    assert (result["games"], result["not_fair"], result["errors"]) == (1, 0, 0)
    stored = audit_aws.json(result["partial"] + "summary.json")
    assert stored["archive"] == f"s3://{ARCHIVE}"
    assert stored["counts"]["fair"] == 1


def test_every_shard_of_an_execution_reads_the_archive_as_of_the_moment_it_started(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    # Given 2025-03-01 committed in time and revealed at the next midnight, the worker's archive as its cold start
    # makes it (kept warm from shard to shard), and a shard holding a daily roll of that day
    timeline = Timeline(dt.datetime(2025, 3, 1, tzinfo=dt.UTC))
    stores = timeline.stores(tmp_path / "daily")
    games.publish_archived_day(timeline, stores)
    monkeypatch.setattr(
        audit_aws.worker, "ARCHIVE", DayArchive(ArchiveReader(stores.archive, audit_aws.worker.AS_OF, as_of=True), "a")
    )
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.archived_daily(games.morning_after(stores.archive), 1)])))

    def audited(started: str) -> Any:
        return audit_aws.json(
            run_worker(audit_aws, {**load_event("audit-worker-shard"), "started": started})["partial"] + "summary.json"
        )

    # When one execution that started the morning after audits it, and then, in the same warm container, one that
    # started at 23:50 on the day itself, whose shards run after the reveal all the same
    after = audited("2025-03-02T08:00:00Z")
    before = audited("2025-03-01T23:50:00Z")

    # Then each judges the roll as of its own start: fair for the first; withheld for the second, as every one of its
    # shards does, whichever ran before or after the reveal and whatever the container read before (review: one
    # execution's shards called the same roll withheld and fair, by when each ran)
    assert (after["counts"]["fair"], after["counts"]["withheld"]) == (1, 0)
    assert (before["counts"]["fair"], before["counts"]["withheld"]) == (0, 1)

    # And one that started once the day was over but before every run that reveals it had ended (00:15) withholds it,
    # in the warm container that read the record and in a fresh one, whatever each finds in the archive when it reads
    # it (reviews S1, S3: a record written, or a late commitment published, while the execution ran)
    between = "2025-03-02T00:00:00.500000Z"
    assert audited(between)["counts"]["withheld"] == 1
    (finding,) = [
        json.loads(line) for line in audit_aws.get(f"{OUT}partials/{shard_name(KEY)}/findings.jsonl").splitlines()
    ]
    assert finding["verdict"] == "withheld"
    assert finding["at_most_incomplete"] is False  # as the local run's finding says it (`test_shard`)
    assert finding["reasons"] == [
        "this audit reads the daily archive as of 2025-03-02 00:00:00 UTC, when it began, before every run that reveals"
        " 2025-03-01 had ended (00:15 UTC the next day): that day is withheld in the whole audit alike; audit again to"
        " check its rolls"
    ]
    assert audited("2025-03-02T00:15:00.000001Z")["counts"]["fair"] == 1
    monkeypatch.setattr(
        audit_aws.worker, "ARCHIVE", DayArchive(ArchiveReader(stores.archive, audit_aws.worker.AS_OF, as_of=True), "a")
    )
    assert audited(between)["counts"]["withheld"] == 1


@pytest.mark.parametrize("error", [ArchiveUnavailable, ArchiveRefused, MissingCredentials])
def test_a_worker_whose_archive_cannot_be_read_fails_storing_nothing_and_its_retry_audits_the_shard(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    error: type[ArchiveUnavailable],
) -> None:
    # Given the daily archive with 2025-03-01 committed in time and revealed, its endpoint not answering for now, and a
    # shard holding a fair game and a daily roll of that day
    timeline = Timeline(dt.datetime(2025, 3, 1, tzinfo=dt.UTC))
    stores = timeline.stores(tmp_path / "daily")
    games.publish_archived_day(timeline, stores)
    unreachable = Unreachable(stores.archive, error)
    monkeypatch.setattr(audit_aws.worker, "ARCHIVE", DayArchive(games.morning_after(unreachable), f"s3://{ARCHIVE}"))
    daily = games.archived_daily(games.morning_after(stores.archive), 1)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), daily])))
    event = load_event("audit-worker-shard")

    # When the worker gets the shard, Then it fails with the archive's error, the name Step Functions retries it by,
    # and stores nothing: no partial the merge would count as the shard audited
    with pytest.raises(error) as raised:
        run_worker(audit_aws, event)
    assert type(raised.value).__name__ == error.__name__
    assert audit_aws.keys("audits/") == []

    # When the archive answers again and the shard is tried again, Then it is audited: both games fair
    unreachable.reachable = True
    result = run_worker(audit_aws, event)
    assert (result["games"], result["not_fair"], result["errors"]) == (2, 0, 0)


def test_an_event_that_says_its_execution_started_later_than_the_worker_s_clock_is_refused(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A moment to come would judge a day not over as over: an event is anyone's who may invoke the function
    monkeypatch.setattr(audit_aws.worker, "clock", lambda: dt.datetime(2026, 11, 30, tzinfo=dt.UTC))
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    with pytest.raises(InvalidInput, match="is later than this function's clock") as raised:
        run_worker(audit_aws, {**load_event("audit-worker-shard"), "started": "2026-11-30T00:06:00.000Z"})
    assert raised.value.field == "started"
    # while one within minutes of it, as clocks differ, is taken as said
    assert run_worker(audit_aws, {**load_event("audit-worker-shard"), "started": "2026-11-30T00:04:00.000Z"})["games"]


@pytest.mark.parametrize(
    ("started", "clock"),
    [
        # the map's item says when the execution started: its day rules, whenever this shard's turn comes
        ("2026-11-29T12:00:00.000Z", dt.datetime(2026, 12, 5, tzinfo=dt.UTC)),
        # an item that does not say (an older definition, a hand-made event): the worker's own clock
        (None, dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC)),
    ],
)
def test_without_an_archive_the_worker_withholds_a_daily_roll_whose_day_is_not_over_when_the_execution_started(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    started: str | None,
    clock: dt.datetime,
) -> None:
    # Given a worker with no daily archive, an execution started on 2026-11-29 at 12:00 UTC, and a shard holding a fair
    # game and daily rolls carrying their secret and commitment: one of the day before, one of that very day
    monkeypatch.setattr(audit_aws.worker, "ARCHIVE", None)
    monkeypatch.setattr(audit_aws.worker, "clock", lambda: clock)
    shard = [games.narde(1), games.daily(2, "2026-11-28"), games.daily(3, "2026-11-29")]
    audit_aws.put(KEY, gzip.compress(games.jsonl(shard)))
    event = {key: value for key, value in load_event("audit-worker-shard").items() if key != "started"}
    if started is not None:
        event["started"] = started

    # When the worker audits the shard
    result = run_worker(audit_aws, event)

    # Then the day before is recomputed (incomplete: no archive shows its commitment in time), and that day's roll is
    # withheld, its secret neither confirmed nor denied
    assert (result["games"], result["not_fair"], result["errors"]) == (3, 2, 0)
    counts = audit_aws.json(result["partial"] + "summary.json")["by_scheme"]["daily"]["counts"]
    assert (counts["incomplete"], counts["withheld"], counts["rolls"]) == (1, 1, 1)
    findings = [json.loads(line) for line in audit_aws.get(result["partial"] + "findings.jsonl").splitlines()]
    assert [(f["id"], f["verdict"]) for f in findings] == [("daily-2", "incomplete"), ("daily-3", "withheld")]


def test_a_worker_event_whose_start_has_no_time_zone_is_refused_before_reading_anything(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    event = {**load_event("audit-worker-shard"), "started": "2026-11-29T12:00:00"}
    with pytest.raises(ValidationError):
        run_worker(audit_aws, event)


def test_without_an_archive_bucket_the_worker_has_no_daily_archive() -> None:
    assert of_bucket(StorageSettings.from_environ({}), lambda: dt.datetime.now(dt.UTC)) is None


def test_merge_names_every_shard_read_and_each_failed_one_with_its_cause_and_report_draws_the_page(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    # Given two shards audited by the worker and a third whose child execution failed
    worker_event = load_event("audit-worker-shard")
    shards = {
        "games/2026-11-29/shard-00001.jsonl.gz": gzip.compress(games.jsonl([games.narde(1), games.daily(2)])),
        "games/2026-11-29/shard-00002.jsonl": games.jsonl(
            [games.pair36(3), {**games.narde(1)}, {**games.narde(1), "id": "table-1-again"}]
        ),
        "games/2026-11-29/shard-00003.jsonl": games.jsonl([games.narde(4)]),
    }
    versions = {key: audit_aws.put(key, data) for key, data in shards.items()}
    for key in list(shards)[:2]:
        run_worker(audit_aws, {**worker_event, "shard": {**worker_event["shard"], "Key": key}})
    child_input = {"shard": {"Key": "games/2026-11-29/shard-00003.jsonl"}, "output_prefix": OUT}
    audit_aws.children[child_input["shard"]["Key"]] = {
        "item": child_input,
        "error": "Lambda.Unknown",
        "cause": "out of memory",
    }
    # The ResultWriter's files as Step Functions writes them: a manifest, then arrays of child executions.
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge and the report run
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    reported = audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())

    # Then the summary names each shard read by key, version and SHA-256, and the failed one is a finding
    assert merged["summary"] == f"{OUT}summary.json" and merged["shards"] == 2
    assert (merged["games"], merged["errors"], merged["duplicate_ids"], merged["clean"]) == (5, 1, 1, False)
    # narde-v1-1 again in the second shard is its id again (its line copied whole: a duplicate id only), and under
    # another id its game again: a repeated game
    assert merged["repeated_games"] == 1
    summary = audit_aws.json(f"{OUT}summary.json")
    assert summary["inputs"] == [
        {"file": key, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "version": versions[key]}
        for key, data in list(shards.items())[:2]
    ]
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    failed = next(f for f in findings if f.get("error", {}).get("code") == "not_audited")
    assert failed["file"] == "games/2026-11-29/shard-00003.jsonl"
    assert "Lambda.Unknown: out of memory" in failed["error"]["message"]
    page = audit_aws.get(f"{OUT}report.html")
    assert b"<svg" in page and b"shard-00003.jsonl" in page
    # And each answer names what it wrote by its SHA-256, which the execution's output keeps
    written = {
        name: hashlib.sha256(audit_aws.get(f"{OUT}{name}")).hexdigest() for name in ("summary.json", "findings.jsonl")
    }
    assert (merged["summary_sha256"], merged["findings_sha256"]) == (written["summary.json"], written["findings.jsonl"])
    assert reported == {
        "report": f"{OUT}report.html",
        "report_sha256": hashlib.sha256(page).hexdigest(),
        "clean": False,
    }


def test_a_line_whose_count_or_labels_ask_for_fewer_rolls_than_it_records_is_a_mismatch_in_the_merged_audit(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    # Given a shard of a fair game and two whose every roll asked for matches while they record more (a narde-v1 count
    # of 12 of its 20 rolls, a bg-dice-v1 game's first 3 labels of its 6), as the local command's test has them
    lines = [
        games.pair36(3),
        games.past_what_it_asks(games.narde(1), 12),
        games.past_what_it_asks(games.bg_dice(2), 3),
    ]
    audit_aws.put(KEY, gzip.compress(games.jsonl(lines)))
    run_worker(audit_aws, load_event("audit-worker-shard"))

    # When the map run's results are merged and the report drawn
    merged = audit_aws.merger.lambda_handler(merge_event_of_the_run(audit_aws, load_event), FakeLambdaContext())
    audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())

    # Then the two are mismatches, never counted fair, in the merge's answer, summary.json, findings and report
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["clean"]) == (3, 1, 2, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [summary[k] for k in ("games", "fair", "mismatch", "rolls", "rolls_extra")] == [3, 1, 2, 27, 11]
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(f["id"], f["verdict"], f["reasons"], f["extra"]) for f in findings] == [
        ("narde-v1-1", "mismatch", ["8 more rolls were recorded than computed"], 8),
        ("bg-dice-v1-2", "mismatch", ["3 more rolls were recorded than computed"], 3),
    ]
    page = audit_aws.get(f"{OUT}report.html").decode()
    assert "<title>fairdice audit: 3 games, not all proven fair</title>" in page
    (headline,) = re.findall(r"<p class=verdict>(.*?)</p>", page, re.S)
    assert "2 of 3 games do not match what was computed or published" in headline
    assert "are fair" not in headline


def report_event(load_event: Callable[[str], Event], merged: Event) -> Event:
    """The report's event as the state machine makes it: the merge's answer carries the SHA-256 of what it wrote."""
    return {**load_event("audit-report"), **{k: merged[k] for k in ("summary_sha256", "findings_sha256")}}


@pytest.mark.parametrize("name", ["summary.json", "findings.jsonl"])
def test_no_report_is_drawn_from_a_summary_or_findings_written_over_after_the_merge(
    audit_aws: AuditAws, load_event: Callable[[str], Event], name: str
) -> None:
    # Given a shard with a mismatch, merged
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    merge_event = merge_event_of_the_run(audit_aws, load_event)
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert merged["mismatch"] == 1
    # When whoever may write under audits/ writes the merged summary or findings over before the report, making the
    # mismatch fair (review: the report drew whatever was there)
    summary = audit_aws.json(f"{OUT}summary.json")
    forged = {
        "summary.json": json.dumps({**summary, "fair": summary["fair"] + 1, "mismatch": 0}, indent=2).encode() + b"\n",
        "findings.jsonl": b"",
    }
    audit_aws.put(f"{OUT}{name}", forged[name])

    # Then the report refuses it, saying so, and draws no page
    with pytest.raises(ResultsChanged, match=f"{OUT}{name} is not what this execution's merge wrote"):
        audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())
    assert audit_aws.keys(f"{OUT}report.html") == []


# A shard with a mismatch (its one finding), and one whose game is fair
REWRITTEN, UNTOUCHED = "games/2026-11-29/shard-00001.jsonl", "games/2026-11-29/shard-00002.jsonl"


def audited_as_the_map_runs(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    answered: Callable[[Event], Event] = lambda answer: answer,
    shards: dict[str, list[Event]] | None = None,
) -> Event:
    """The merge's event after the worker audited REWRITTEN and UNTOUCHED (a mismatch and a fair game, or `shards`),
    with the map run's result files keeping what each worker returned (`answered` of it), as Step Functions writes them
    (moto's map run writes none; tests/integration writes them so too)."""
    worker_event = load_event("audit-worker-shard")
    if shards is None:
        shards = {REWRITTEN: [games.narde(1), games.mismatched(games.narde(2))], UNTOUCHED: [games.narde(3)]}
    for key, content in shards.items():
        audit_aws.put(key, games.jsonl(content))
        answer = run_worker(audit_aws, {**worker_event, "shard": {**worker_event["shard"], "Key": key}})
        audit_aws.children[key]["output"] = answered(answer)
    return merge_event_of_the_run(audit_aws, load_event)


# Shard names under a valid input prefix that S3 (and moto) take as they are: characters a URL, a shell, HTML or JSON
# reads apart, names that URL-encode or normalize alike, and the longest key S3 takes
DAY = "games/2026-11-29/"
UNUSUAL_NAMES = {
    "space-plus-percent": ["a b.jsonl", "a+b.jsonl", "a%20b.jsonl", "a%2520b.jsonl", "100%.jsonl"],
    "url-delimiters": ["a#b?c=d&e.jsonl"],
    "quotes-backslash": ["a\"b'c\\d.jsonl"],
    "markup": ["<b>x</b>&amp;.jsonl"],
    "non-ascii-emoji": ["été-日本.jsonl", "🎲.jsonl"],
    "newline-tab": ["a\nb\tc.jsonl"],
    "nfc-nfd": [unicodedata.normalize("NFC", "é.jsonl"), unicodedata.normalize("NFD", "é.jsonl")],
    "ends-in-slash": ["folder/"],
    "longest-key": ["日" * 335 + "x" * (S3_KEY_BYTES - len(DAY) - 3 * 335)],
}


@pytest.mark.parametrize("names", UNUSUAL_NAMES.values(), ids=UNUSUAL_NAMES.keys())
def test_a_shard_of_any_name_s3_takes_is_audited_once_and_named_by_its_exact_key(
    audit_aws: AuditAws, load_event: Callable[[str], Event], names: list[str]
) -> None:
    # Given shards whose names hold characters a URL, HTML or JSON reads apart, or that URL-encode or normalize alike
    # (S3 keys are bytes: each is an object of its own), each with a fair game and one that is not
    keys = [f"{DAY}{name}" for name in names]
    assert max(len(key.encode()) for key in keys) <= S3_KEY_BYTES
    shards = {key: [games.narde(n), games.mismatched(games.narde(100 + n))] for n, key in enumerate(keys)}

    # When the map's workers audit them, the merge merges them and the report draws the page
    merged = audit_aws.merger.lambda_handler(
        audited_as_the_map_runs(audit_aws, load_event, shards=shards), FakeLambdaContext()
    )
    audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())

    # Then each shard is audited once, its partial under the SHA-256 of its key (a key S3 takes), and the summary and
    # the findings name it by its exact key, nothing lost or counted twice
    assert (merged["shards"], merged["games"], merged["mismatch"], merged["not_audited"]) == (
        len(keys), 2 * len(keys), len(keys), 0,
    )  # fmt: skip
    written = audit_aws.keys(OUT)
    assert {key.split("/")[-2] for key in written if "/partials/" in key} == {shard_name(key) for key in keys}
    assert max(len(key.encode()) for key in written) <= S3_KEY_BYTES
    assert sorted(record["file"] for record in audit_aws.json(f"{OUT}summary.json")["inputs"]) == sorted(keys)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert sorted(finding["file"] for finding in findings) == sorted(keys)
    # and the report draws each name escaped, every character that shows nothing or looks like another as its code
    # point (the NFD é apart from the NFC one), no markup of a name its own
    page = audit_aws.get(f"{OUT}report.html").decode()
    assert all(visible(key) in page for key in keys)
    assert "<b>x</b>" not in page


def test_a_partial_changed_after_its_worker_stored_it_is_not_counted_and_named_as_not_adding_up(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given two shards audited by the worker, and the map run's result files keeping what each worker returned
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    # and the first shard's partial rewritten before the merge, its mismatch made fair and its finding removed
    # (review: the merge counted a partial as it found it, and the audit was clean)
    part = f"{OUT}partials/{shard_name(REWRITTEN)}/"
    rewritten = audit_aws.json(f"{part}summary.json")
    for counts in (rewritten["counts"], rewritten["by_scheme"]["narde-v1"]["counts"]):
        counts |= {"fair": counts["fair"] + 1, "mismatch": 0, "rolls_differ": 0}
    audit_aws.put(f"{part}summary.json", json.dumps(rewritten).encode())
    audit_aws.put(f"{part}findings.jsonl", b"")

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the rewritten partial is not counted: its shard is named, not audited, and the audit is not clean; the other
    # shard, whose partial adds up to its worker's answer, is counted
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == ["games/2026-11-29/shard-00002.jsonl"]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == ("games/2026-11-29/shard-00001.jsonl", "not_audited")
    assert "does not add up to what its worker returned" in finding["error"]["message"]


def _mismatch_made_incomplete(audit_aws: AuditAws, part: str) -> None:
    """The partial's summary rewritten so that its mismatch is incomplete: its games, games not fair and lines not
    verified as they were."""
    rewritten = audit_aws.json(f"{part}summary.json")
    for counts in (rewritten["counts"], rewritten["by_scheme"]["narde-v1"]["counts"]):
        counts |= {"mismatch": counts["mismatch"] - 1, "incomplete": counts["incomplete"] + 1, "rolls_differ": 0}
    audit_aws.put(f"{part}summary.json", json.dumps(rewritten).encode())


def _finding_removed(audit_aws: AuditAws, part: str) -> None:
    """The partial's findings rewritten with one finding removed (its mismatch's), its summary as it was."""
    findings = audit_aws.get(f"{part}findings.jsonl").splitlines(keepends=True)
    assert len(findings) == 1
    audit_aws.put(f"{part}findings.jsonl", b"".join(findings[1:]))


@pytest.mark.parametrize("rewrite", [_mismatch_made_incomplete, _finding_removed])
def test_a_partial_rewritten_keeping_the_counts_its_worker_returned_is_not_counted_by_its_sha256(
    audit_aws: AuditAws, load_event: Callable[[str], Event], rewrite: Callable[[AuditAws, str], None]
) -> None:
    # Given two shards audited by the worker, the map run's result files keeping what each returned, with the SHA-256
    # of the partial's summary.json and findings.jsonl
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    # and the first shard's partial rewritten before the merge keeping its games, games not fair and lines not verified
    # (review: a mismatch made incomplete, or its finding removed, added up to the worker's answer and was counted)
    rewrite(audit_aws, f"{OUT}partials/{shard_name(REWRITTEN)}/")

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the rewritten partial is not counted: its shard is named, not audited, and the audit is not clean; the
    # untouched shard is counted
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["incomplete"]) == (1, 1, 0, 0)
    assert (merged["not_audited"], merged["clean"]) == (1, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    assert "does not add up to what its worker returned" in finding["error"]["message"]


DIGESTS = ("summary_sha256", "findings_sha256", "ids_sha256", "games_sha256")


def _without_digests(answer: Event) -> Event:
    """A worker's answer as an earlier version returned it: its place and counts alone."""
    return {key: value for key, value in answer.items() if key not in DIGESTS}


def _without_runs_digests(answer: Event) -> Event:
    """A worker's answer as the version before returned it: no SHA-256 of its ids.txt and games.txt."""
    return {key: value for key, value in answer.items() if key not in ("ids_sha256", "games_sha256")}


ANSWERS = [lambda answer: answer, _without_runs_digests, _without_digests]
ANSWERED = ["digests", "no-ids-or-games-digests", "no-digests"]


@pytest.mark.parametrize("answered", ANSWERS, ids=ANSWERED)
def test_partials_untouched_since_their_workers_answered_are_counted_whether_or_not_the_answer_has_digests(
    audit_aws: AuditAws, load_event: Callable[[str], Event], answered: Callable[[Event], Event]
) -> None:
    # Given two shards audited by the worker, the map run's result files keeping what each returned (from a worker
    # of an earlier version, its counts alone)
    merge_event = audited_as_the_map_runs(audit_aws, load_event, answered)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then both are counted: the mismatch found, no shard not audited, and its finding the merge's
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (3, 2, 1, 0)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [REWRITTEN, UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["line"]) == (REWRITTEN, 2)


@pytest.mark.parametrize("answered", [lambda answer: answer, _without_digests], ids=["digests", "no-digests"])
@pytest.mark.parametrize("removed", ["findings.jsonl", "ids.txt", "games.txt"])
def test_a_partial_one_of_whose_parts_was_removed_after_its_worker_stored_it_is_its_shards_finding(
    audit_aws: AuditAws, load_event: Callable[[str], Event], removed: str, answered: Callable[[Event], Event]
) -> None:
    # Given two shards audited by the worker, the first with a mismatch, and one part of its partial removed before the
    # merge, its summary.json kept (review: the merge failed with S3's NoSuchKey, naming no shard, where a partial
    # changed after its worker stored it is its shard's finding)
    merge_event = audited_as_the_map_runs(audit_aws, load_event, answered)
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=f"{OUT}partials/{shard_name(REWRITTEN)}/{removed}")

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the shard is not audited, its finding naming the part removed, and the audit is not clean; the untouched
    # shard is counted
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (1, 1, 0, 1)
    assert merged["clean"] is False
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    assert finding["error"]["message"] == PART_REMOVED.format(parts=removed)


@pytest.mark.parametrize("removed", ["findings.jsonl", "ids.txt", "games.txt"])
def test_a_partials_part_removed_is_its_shards_finding_where_s3_answers_the_merge_access_denied_for_it(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, removed: str
) -> None:
    # Given two shards audited by the worker and one part of the first's partial removed, its summary.json kept; and S3
    # answering a key that is not there as the merge's role is answered: AccessDenied, not NoSuchKey, as S3 answers 404
    # only to a caller that may list the bucket, and the merge's ListBucket is narrowed by prefix (template.yaml,
    # ListShardsAndPartials), which moto does not hold it to (review: the merge failed with AccessDenied, naming no
    # shard, where moto's NoSuchKey made the shard's finding)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=f"{OUT}partials/{shard_name(REWRITTEN)}/{removed}")
    s3 = audit_aws.merger.s3
    get_object = s3.get_object

    def unlisted_refused(**call: Any) -> Any:
        try:
            return get_object(**call)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "NoSuchKey":
                raise
            raise s3_error("AccessDenied", 403) from exc

    monkeypatch.setattr(s3, "get_object", unlisted_refused)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the shard is not audited, its finding naming the part removed, and the audit is not clean
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (1, 1, 0, 1)
    assert merged["clean"] is False
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    assert finding["error"]["message"] == PART_REMOVED.format(parts=removed)


@pytest.mark.parametrize("removed", ["summary.json", "findings.jsonl", "ids.txt", "games.txt"])
@pytest.mark.parametrize("answer", ["NoSuchKey", "AccessDenied"])
def test_a_partials_part_removed_after_the_merge_listed_it_is_its_shards_finding(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, removed: str, answer: str
) -> None:
    # Given two shards audited by the worker, the first with a mismatch, and one part of the first's partial removed
    # after the merge listed partials/ and before it reads the part: a stand-in for S3 that deletes it as it is first
    # asked for, and answers a key that is gone as S3 answers the merge's role, NoSuchKey or AccessDenied (review: the
    # merge failed with S3's error, naming no shard and writing no summary)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    part = f"{OUT}partials/{shard_name(REWRITTEN)}/{removed}"
    s3 = audit_aws.merger.s3
    get_object = s3.get_object

    def removed_as_read(**call: Any) -> Any:
        if call["Key"] == part:
            s3.delete_object(Bucket=BUCKET, Key=part)
        try:
            return get_object(**call)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "NoSuchKey":
                raise
            raise s3_error(answer, 404 if answer == "NoSuchKey" else 403) from exc

    monkeypatch.setattr(s3, "get_object", removed_as_read)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the shard is not audited, its finding naming it and why (the part removed; with its summary.json gone, no
    # partial stored), the audit not clean; the untouched shard is counted
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (1, 1, 0, 1)
    assert merged["clean"] is False
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [UNTOUCHED]
    assert summary["not_audited"] == 1
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    why = NOT_AUDITED if removed == "summary.json" else PART_REMOVED.format(parts=removed)
    assert finding["error"]["message"] == why


@pytest.mark.parametrize("removed", ["summary.json", "findings.jsonl", "ids.txt", "games.txt"])
@pytest.mark.parametrize("answer", ["NoSuchKey", "AccessDenied"])
def test_a_partials_part_removed_as_the_merge_reads_it_and_put_back_before_it_lists_again_is_read_again(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, removed: str, answer: str
) -> None:
    # Given two shards audited by the worker, the first with a mismatch, and one part of the first's partial removed as
    # the merge first reads it and put back, as it was, before the merge lists partials/ again to tell why the read
    # failed (review: the merge failed with S3's error, naming no shard and writing no summary)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    part = f"{OUT}partials/{shard_name(REWRITTEN)}/{removed}"
    kept = audit_aws.get(part)
    s3 = audit_aws.merger.s3
    get_object = s3.get_object
    reads: list[str] = []

    def removed_and_put_back(**call: Any) -> Any:
        first = call["Key"] == part and part not in reads
        reads.append(call["Key"])
        if first:
            s3.delete_object(Bucket=BUCKET, Key=part)
        try:
            return get_object(**call)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "NoSuchKey":
                raise
            raise s3_error(answer, 404 if answer == "NoSuchKey" else 403) from exc
        finally:
            if first:
                s3.put_object(Bucket=BUCKET, Key=part, Body=kept)

    monkeypatch.setattr(s3, "get_object", removed_and_put_back)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the part is read again, as it is there: both shards are counted, the mismatch found
    assert reads.count(part) == 2
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (3, 2, 1, 0)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [REWRITTEN, UNTOUCHED]


def test_the_merge_fetches_the_map_runs_manifest_once_and_each_result_file_once(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given two shards audited by the worker, the map run's manifest listing the result file that keeps their answers
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    manifest_key = merge_event["map_run"]["ResultWriterDetails"]["Key"]
    fetched: list[str] = []

    def fetching(params: dict[str, Any], **kwargs: Any) -> None:
        fetched.append(params["Key"])

    audit_aws.merger.s3.meta.events.register("before-parameter-build.s3.GetObject", fetching)

    # When the merge runs (review: it fetched the manifest once for the failed shards and again for the answers)
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then it fetched the manifest once, and the result file once, and held both partials to their answers
    assert fetched.count(manifest_key) == 1
    assert fetched.count(manifest_key.replace("manifest.json", "SUCCEEDED_0.json")) == 1
    assert (merged["games"], merged["mismatch"], merged["not_audited"]) == (3, 1, 0)


def _answer_malformed(field: str, value: Any) -> Callable[[Event], Event]:
    """REWRITTEN's answer as the map run's result files keep it, with `field` changed to `value` (None: left out)."""

    def answered(answer: Event) -> Event:
        if answer["shard"] != REWRITTEN:
            return answer
        return {k: v for k, v in answer.items() if k != field} if value is None else {**answer, field: value}

    return answered


@pytest.mark.parametrize(
    ("field", "value"),
    [*((digest, "0" * 63) for digest in DIGESTS), ("findings_sha256", "not a digest"), ("games", None)],
    ids=[*(f"{digest}-short" for digest in DIGESTS), "findings_sha256-text", "games-left-out"],
)
def test_a_shard_whose_answer_in_the_map_runs_result_files_is_malformed_is_not_counted(
    audit_aws: AuditAws, load_event: Callable[[str], Event], field: str, value: Any
) -> None:
    # Given two shards audited by the worker, and the map run's result files keeping what each returned, the first's
    # with a digest that is no SHA-256 or a count left out (review: such an answer was skipped as if there were none,
    # so the first shard's partial was held to nothing and counted however it had been changed)
    merge_event = audited_as_the_map_runs(audit_aws, load_event, _answer_malformed(field, value))

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the first shard is not counted: it is named, not audited, and the audit is not clean; the other is counted
    assert (merged["games"], merged["fair"], merged["mismatch"], merged["not_audited"]) == (1, 1, 0, 1)
    assert merged["clean"] is False
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    assert "is not a worker's answer" in finding["error"]["message"]


@pytest.mark.parametrize(
    "changed",
    ["emptied", "a child left out", "a child added", "a failure made a success"],
)
def test_no_shard_is_counted_where_the_map_runs_result_files_do_not_name_the_children_step_functions_counts(
    audit_aws: AuditAws, load_event: Callable[[str], Event], changed: str
) -> None:
    # Given two shards audited by the worker and a third whose child failed, Step Functions counting two children that
    # succeeded and one that failed, and a fourth shard put under the prefix after the listing, with a partial stored
    # under its name by the worker invoked outside the run
    audited_as_the_map_runs(audit_aws, load_event)
    late = {"shard": {"Key": "games/2026-11-29/shard-00009.jsonl"}, "output_prefix": OUT}
    audit_aws.put(late["shard"]["Key"], games.jsonl([games.narde(9)]))
    third = {"shard": {"Key": "games/2026-11-29/shard-00003.jsonl"}, "output_prefix": OUT}
    audit_aws.children[third["shard"]["Key"]] = {"item": third, "error": "Lambda.Unknown", "cause": "out of memory"}
    merge_event = merge_event_of_the_run(audit_aws, load_event)
    worker_event = load_event("audit-worker-shard")
    run_worker(audit_aws, {**worker_event, "shard": {**worker_event["shard"], **late["shard"]}})
    # and the result files then changed by whoever may write under map-runs/ (review: a manifest listing no result
    # file, as moto's map run writes one, had every partial counted held to no answer)
    map_run = merge_event["map_run"]
    child = {key: child_execution(map_run["MapRunArn"], **record) for key, record in audit_aws.children.items()}
    rewritten = {
        "emptied": [],
        "a child left out": [child[UNTOUCHED]],
        "a child added": list(child.values()),
        "a failure made a success": [child[REWRITTEN], child[UNTOUCHED], child[late["shard"]["Key"]]],
    }[changed]
    put_map_run_results(audit_aws.put, map_run, rewritten)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, each named not audited, saying why, and the audit is not clean: each listed now, and
    # the third where the files name it, as it is not under the prefix now (never put there here)
    named = [REWRITTEN, UNTOUCHED, late["shard"]["Key"]]
    named += [third["shard"]["Key"]] if changed == "a child added" else []
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["clean"]) == (0, 0, len(named), False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert sorted(finding["file"] for finding in findings) == sorted(named)
    assert all(
        "Step Functions counts 2 children that succeeded, 1 that failed" in f["error"]["message"] for f in findings
    )


@pytest.mark.parametrize(
    "odd",
    [
        lambda child: {**child, "Input": "[]"},
        lambda child: {**child, "Input": json.dumps("games/2026-11-29/shard-00002.jsonl")},
        lambda child: {**child, "Input": json.dumps({"shard": [UNTOUCHED]})},
        lambda child: {**child, "Input": json.dumps({"shard": UNTOUCHED})},
        lambda child: {**child, "Input": "{not json"},
        lambda child: {key: value for key, value in child.items() if key != "Input"},
        lambda child: {**child, "Input": None},
        lambda child: [child],
        lambda child: child["Input"],
        lambda child: {**child, "Input": "[" * 100_000 + "]" * 100_000},
    ],
    ids=[
        "input-a-list",
        "input-a-string",
        "shard-a-list",
        "shard-a-string",
        "input-not-json",
        "input-left-out",
        "input-null",
        "entry-a-list",
        "entry-a-string",
        "input-nested-too-deep",
    ],
)
def test_a_child_the_map_runs_result_files_keep_in_another_shape_is_a_change_to_them_and_no_shard_is_counted(
    audit_aws: AuditAws, load_event: Callable[[str], Event], odd: Callable[[Any], Any]
) -> None:
    # Given two shards audited by the worker, Step Functions counting the two children that succeeded, and the result
    # file then changed so that one child's entry is not of the shape Step Functions writes (review: an Input that is no
    # JSON text or the JSON of no object, or an entry that is no object, failed the merge with a JSONDecodeError, a
    # TypeError or an AttributeError)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    succeeded = merge_event["map_run"]["ResultWriterDetails"]["Key"].replace("manifest.json", "SUCCEEDED_0.json")
    children = audit_aws.json(succeeded)
    audit_aws.put(succeeded, json.dumps([odd(c) if UNTOUCHED in c["Input"] else c for c in children]).encode())

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then it runs to its end and counts no shard: each is named not audited, saying what the files name and what Step
    # Functions counts, and the audit is not clean
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["clean"]) == (0, 0, 2, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert sorted(finding["file"] for finding in findings) == sorted([REWRITTEN, UNTOUCHED])
    assert all(
        "name 1 child that succeeded, 0 that failed and 0 not ended, where Step Functions counts 2"
        in finding["error"]["message"]
        for finding in findings
    )


def test_a_map_run_that_ran_no_child_audits_no_shard_put_under_the_prefix_after_its_listing(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run that listed no shard (its manifest lists no result file, Step Functions counts no child), and a
    # shard put under the prefix after, with a partial stored under its name by the worker invoked outside the run
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    audit_aws.children.clear()
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the shard is not counted, named as put after the listing (review: an empty manifest was read as moto writes
    # one, a run whose children are not known, and the partial was counted held to no answer)
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["message"]) == (KEY, AFTER_THE_LISTING)


def test_a_merge_given_no_map_run_is_refused_and_writes_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard audited by the worker
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    merge_event = {key: value for key, value in load_event("audit-merge").items() if key != "map_run"}

    # When the merge is invoked by hand, with no map run (review: it counted every partial, held to no answer)
    with pytest.raises(ValidationError, match="map_run"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then it is refused, and writes nothing
    assert audit_aws.keys(f"{OUT}summary.json") == audit_aws.keys(f"{OUT}findings.jsonl") == []


@pytest.mark.parametrize("where", ["audits/", "another bucket"])
def test_a_merge_given_a_manifest_outside_the_audit_buckets_map_runs_is_refused_and_writes_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event], where: str
) -> None:
    # Given a map run of one shard, and its manifest and result files copied under audits/, where the bucket's policy
    # lets the audit functions' roles write, or under map-runs/ in another bucket, where it says nothing
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    manifest = merge_event["map_run"]["ResultWriterDetails"]["Key"]
    if where == "audits/":
        made_up = {"Bucket": BUCKET, "Key": f"{OUT}partials/made-up/manifest.json"}
        audit_aws.put(made_up["Key"], audit_aws.get(manifest))
    else:
        made_up = {"Bucket": "another-bucket", "Key": manifest}
        audit_aws.s3.create_bucket(
            Bucket=made_up["Bucket"], CreateBucketConfiguration={"LocationConstraint": "eu-west-1"}
        )
        for key in audit_aws.keys("map-runs/"):
            audit_aws.s3.put_object(Bucket=made_up["Bucket"], Key=key, Body=audit_aws.get(key))
    moved = {**merge_event["map_run"], "ResultWriterDetails": made_up}

    # When the merge is invoked by hand with that manifest (review: it merged it as the map run's)
    field = "Key" if where == "audits/" else "Bucket"
    with pytest.raises(ValidationError, match=rf"ResultWriterDetails\.{field}"):
        audit_aws.merger.lambda_handler({**merge_event, "map_run": moved}, FakeLambdaContext())

    # Then it is refused, and writes nothing
    assert audit_aws.keys(f"{OUT}summary.json") == []


# A map run's manifest or result file written in a form Step Functions never writes: what, where, the bytes
IN_NO_FORM = [
    ("manifest not JSON", "manifest", b"{ not json"),
    ("manifest an array", "manifest", b"[]"),
    # a manifest Step Functions writes names its map run by its ARN (review: one naming none was said to name "None")
    ("manifest naming no map run", "manifest", b'{"ResultFiles": {"FAILED": [], "PENDING": [], "SUCCEEDED": []}}'),
    (
        "map run a number",
        "manifest",
        b'{"MapRunArn": 3, "ResultFiles": {"FAILED": [], "PENDING": [], "SUCCEEDED": []}}',
    ),
    ("ResultFiles an array", "manifest", b'{"MapRunArn": "%(arn)s", "ResultFiles": []}'),
    ("a result file named by no key", "manifest", b'{"MapRunArn": "%(arn)s", "ResultFiles": {"SUCCEEDED": ["x"]}}'),
    (
        "a result file's key a number",
        "manifest",
        b'{"MapRunArn": "%(arn)s", "ResultFiles": {"SUCCEEDED": [{"Key": 3}]}}',
    ),
    ("a result file not JSON", "result file", b"[{"),
    ("a result file an object", "result file", b"{}"),
    # JSON nested deeper than Python's json reads (review: a RecursionError failed the merge)
    ("manifest nested too deep", "manifest", b"[" * 100_000 + b"]" * 100_000),
    ("a result file nested too deep", "result file", b"[" * 100_000 + b"]" * 100_000),
]


@pytest.mark.parametrize(("changed", "where", "written"), IN_NO_FORM, ids=[changed for changed, _, _ in IN_NO_FORM])
def test_a_manifest_or_result_file_in_no_form_step_functions_writes_counts_no_shard(
    audit_aws: AuditAws, load_event: Callable[[str], Event], changed: str, where: str, written: bytes
) -> None:
    # Given a map run of one shard, and its manifest or its result file then written in a form Step Functions never
    # writes (review: the merge failed with a JSONDecodeError, AttributeError or TypeError)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    manifest_key = merge_event["map_run"]["ResultWriterDetails"]["Key"]
    (succeeded,) = [result["Key"] for result in audit_aws.json(manifest_key)["ResultFiles"]["SUCCEEDED"]]
    key = manifest_key if where == "manifest" else succeeded
    audit_aws.put(key, written % {b"arn": merge_event["map_run"]["MapRunArn"].encode()})

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, and the finding says what is not in Step Functions' form
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert finding["file"] == KEY
    assert "is not in the form Step Functions writes" in finding["error"]["message"]


def test_a_result_file_the_manifest_lists_but_the_bucket_no_longer_holds_counts_no_shard(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one shard, and the result file its manifest lists then removed
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    manifest_key = merge_event["map_run"]["ResultWriterDetails"]["Key"]
    (succeeded,) = [result["Key"] for result in audit_aws.json(manifest_key)["ResultFiles"]["SUCCEEDED"]]
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=succeeded)

    # When the merge runs (review: it failed with botocore's NoSuchKey as it came)
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, and the finding names the file that is gone
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert finding["file"] == KEY
    assert f"{succeeded} is no longer in the bucket" in finding["error"]["message"]


def test_a_manifest_that_names_another_map_run_counts_no_shard(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one shard, and its manifest rewritten to name another map run (one whose result files, counts
    # and partials agree)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    manifest_key = merge_event["map_run"]["ResultWriterDetails"]["Key"]
    other = merge_event["map_run"]["MapRunArn"].replace("fairdice-audit/", "fairdice-audit/another-")
    audit_aws.put(manifest_key, json.dumps({**audit_aws.json(manifest_key), "MapRunArn": other}).encode())

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, and the finding says the manifest is another map run's
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert finding["file"] == KEY
    assert finding["error"]["message"].startswith(f"the map run's manifest names map run {other}, not ")


def test_the_tests_stand_in_for_step_functions_counts_every_child_the_result_files_name_as_step_functions_does(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run's result files naming a child that succeeded, one that failed and one not ended (PENDING), and
    # the tests' stand-in for Step Functions told of them (review: it counted succeeded and failed children alone)
    map_run = load_event("audit-merge")["map_run"]
    arn = map_run["MapRunArn"]
    items = [{"shard": {"Key": f"games/2026-11-29/shard-{n}.jsonl"}} for n in range(3)]
    not_ended = {**child_execution(arn, items[2]), "Status": "PENDING"}
    children = [child_execution(arn, items[0], {}), child_execution(arn, items[1], error="E", cause="C"), not_ended]
    runs = MapRuns()
    runs.ran(arn, put_map_run_results(audit_aws.put, map_run, children))

    # When the merge asks it what the run counted
    counts = map_run_counts(runs, arn)

    # Then it counts each child as DescribeMapRun does, so the result files are held to the run, not read as changed
    assert counts == ChildCounts(succeeded=1, failed=1, unended=1)
    manifest = map_run["ResultWriterDetails"]["Key"]
    assert map_run_results(audit_aws.s3, BUCKET, manifest, arn, counts, "games/2026-11-29/").unaccounted is None


@pytest.mark.parametrize("answer", ["ResourceNotFound", "AccessDeniedException"])
def test_a_merge_given_a_map_run_step_functions_does_not_know_fails_saying_so_and_writes_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event], answer: str
) -> None:
    # Given a shard audited, and the merge given the example event's map run, which Step Functions does not know (as
    # under sam local invoke), or one it will not describe to the merge's role (review: botocore's own error, as it
    # is). Step Functions' answer is a stand-in's: moto 5.2.5 fails with a TypeError of its own for a map run it does
    # not know, where AWS answers ResourceNotFound.
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    merge_event = load_event("audit-merge")
    refused = ClientError({"Error": {"Code": answer, "Message": "no such map run, or not yours"}}, "DescribeMapRun")
    audit_aws.merger.sfn = FlakyClient(audit_aws.merger.sfn)
    audit_aws.merger.sfn.failing["describe_map_run"] = [refused]

    # When the merge runs, then it fails with MapRunUnknown, naming the map run and the answer, and writes nothing
    arn = merge_event["map_run"]["MapRunArn"]
    with pytest.raises(MapRunUnknown, match=f"no map run {re.escape(arn)} that the merge may describe \\({answer}\\)"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert audit_aws.keys(f"{OUT}summary.json") == []


def test_a_merge_whose_map_run_step_functions_does_not_yet_describe_as_ended_fails_with_store_unavailable(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one shard that Step Functions still describes as running (its counts may not all be in)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    audit_aws.merger.sfn.status = "RUNNING"

    # When the merge runs, then it fails with StoreUnavailable, which the state machine retries, rather than name the
    # run's shards not audited for counts not yet in; and writes nothing
    with pytest.raises(StoreUnavailable, match=r"describes map run .* as RUNNING, not yet SUCCEEDED"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert audit_aws.keys(f"{OUT}summary.json") == []
    # and once it is described as ended, its retry merges
    audit_aws.merger.sfn.status = "SUCCEEDED"
    assert audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())["games"] == 1


def test_a_merge_that_step_functions_does_not_answer_for_now_fails_with_store_unavailable(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one shard, and Step Functions throttling the merge's question
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    throttled = ClientError({"Error": {"Code": "ThrottlingException", "Message": "Rate exceeded"}}, "DescribeMapRun")
    audit_aws.merger.sfn = FlakyClient(audit_aws.merger.sfn)
    audit_aws.merger.sfn.failing["describe_map_run"] = [throttled]

    # When the merge runs, then it fails with StoreUnavailable, which the state machine retries, naming the map run and
    # Step Functions' error in a word, as an S3 failure is named
    asked = re.escape(f"asking Step Functions what map run {merge_event['map_run']['MapRunArn']} counted")
    with pytest.raises(
        StoreUnavailable, match=rf"^{asked}: Step Functions did not answer \(ThrottlingException\); try"
    ):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert audit_aws.keys(f"{OUT}summary.json") == []
    # and its retry merges
    assert audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())["games"] == 1


def test_a_shard_put_under_the_prefix_after_the_map_listed_it_is_not_audited_whatever_partial_is_stored_for_it(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given two shards of fair games audited by the map run, whose result files keep each worker's answer, and a third
    # put under the prefix after the map listed it, with a partial stored under its name: by the worker invoked
    # outside the run, or written by whoever may write under audits/ (review: held to no answer, it was counted, and
    # an audit whose late shard was not audited read clean)
    merge_event = audited_as_the_map_runs(
        audit_aws, load_event, shards={REWRITTEN: [games.narde(1)], UNTOUCHED: [games.narde(2)]}
    )
    late = "games/2026-11-29/shard-00003.jsonl"
    audit_aws.put(late, games.jsonl([games.narde(3)]))
    worker_event = load_event("audit-worker-shard")
    run_worker(audit_aws, {**worker_event, "shard": {**worker_event["shard"], "Key": late}})

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the late shard is not counted: it is named, not audited, and the audit is not clean; the two are counted
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (2, 2, 1, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [REWRITTEN, UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (late, "not_audited")
    assert "the map run ran no child for it" in finding["error"]["message"]


# REWRITTEN's games met again in UNTOUCHED: the ids of its first two on other games, the games of its last two under
# other ids; two of each, so that a refused partial's other ids and keys are seen kept out of the checks across shards
AGAIN = {
    REWRITTEN: [games.narde(1), games.narde(2), games.narde(3), games.narde(4)],
    UNTOUCHED: [
        {**games.narde(5), "id": games.narde(1)["id"]},
        {**games.narde(6), "id": games.narde(2)["id"]},
        {**games.narde(3), "id": "again-3"},
        {**games.narde(4), "id": "again-4"},
    ],
}


def _id_line_removed(audit_aws: AuditAws, part: str) -> None:
    """The partial's ids.txt rewritten without the line of its first game's id: that id's duplicate is left out."""
    lines = audit_aws.get(f"{part}ids.txt").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(b'"narde-v1-1"\t')]
    assert len(kept) == len(lines) - 1
    audit_aws.put(f"{part}ids.txt", b"".join(kept))


def _game_key_changed(audit_aws: AuditAws, part: str) -> None:
    """The partial's games.txt rewritten with its third game's key changed: that game's repeat is left out."""
    lines = audit_aws.get(f"{part}games.txt").splitlines(keepends=True)
    (third,) = [at for at, line in enumerate(lines) if line.endswith(b'\t"narde-v1-3"\n')]
    lines[third] = (b"B" if lines[third].startswith(b"A") else b"A") + lines[third][1:]
    audit_aws.put(f"{part}games.txt", b"".join(lines))


@pytest.mark.parametrize("rewrite", [_id_line_removed, _game_key_changed])
def test_a_partial_whose_ids_or_game_keys_were_rewritten_is_not_counted_and_kept_out_of_the_checks_across_shards(
    audit_aws: AuditAws, load_event: Callable[[str], Event], rewrite: Callable[[AuditAws, str], None]
) -> None:
    # Given two shards that share two ids and two games, audited by the worker, the map run's result files keeping
    # what each returned, with the SHA-256 of the partial's ids.txt and games.txt
    merge_event = audited_as_the_map_runs(audit_aws, load_event, shards=AGAIN)
    # and the first shard's ids.txt without a line, or a key of its games.txt changed, before the merge, its summary
    # and findings as they were (review: read by the checks across shards alone and held to no digest, a duplicate id
    # or a repeated game was left out of an audit that said so nowhere)
    rewrite(audit_aws, f"{OUT}partials/{shard_name(REWRITTEN)}/")

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the rewritten partial is not counted: its shard is named, not audited, and the audit is not clean; the
    # untouched shard is counted, and none of its ids or games is taken for another of the refused partial's
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (4, 4, 1, False)
    assert (merged["duplicate_ids"], merged["repeated_games"]) == (0, 0)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [UNTOUCHED]
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (REWRITTEN, "not_audited")
    assert "does not add up to what its worker returned" in finding["error"]["message"]


@pytest.mark.parametrize("answered", ANSWERS, ids=ANSWERED)
def test_ids_and_game_keys_untouched_since_their_workers_answered_find_every_duplicate_id_and_repeated_game(
    audit_aws: AuditAws, load_event: Callable[[str], Event], answered: Callable[[Event], Event]
) -> None:
    # Given two shards that share two ids and two games, audited by the worker, the map run's result files keeping
    # what each returned (from a worker of an earlier version, without the SHA-256 of some or all of its partial)
    merge_event = audited_as_the_map_runs(audit_aws, load_event, answered, shards=AGAIN)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then both are counted, with each id and game found again in the second
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (8, 8, 0, False)
    assert (merged["duplicate_ids"], merged["repeated_games"]) == (2, 2)
    found = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    codes = sorted((f["file"], f["line"], f["error"]["code"]) for f in found)
    assert codes == [
        (UNTOUCHED, 1, "duplicate_id"),
        (UNTOUCHED, 2, "duplicate_id"),
        (UNTOUCHED, 3, "repeated_game"),
        (UNTOUCHED, 4, "repeated_game"),
    ]


def test_the_merge_publishes_whether_the_audit_is_clean_for_its_alarm(
    audit_aws: AuditAws, load_event: Callable[[str], Event], capsys: pytest.CaptureFixture[str]
) -> None:
    # An execution succeeds whatever its audit found (review: nothing told the operator of a mismatch): the merge says
    # whether it is clean as the metric AuditNotCleanAlarm watches, by its namespace and dimensions (test_observability)
    worker_event = load_event("audit-worker-shard")
    key = "games/2026-11-29/shard-00001.jsonl"
    published = []
    for chosen in ([games.narde(1)], [games.mismatched(games.narde(1))]):
        audit_aws.put(key, games.jsonl(chosen))
        run_worker(audit_aws, {**worker_event, "shard": {"Key": key}})
        merge_event = merge_event_of_the_run(audit_aws, load_event)
        capsys.readouterr()
        merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
        (document,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if '"_aws"' in line]
        (directive,) = document["_aws"]["CloudWatchMetrics"]
        assert directive["Namespace"] == "fairdice"
        assert [set(dimensions) for dimensions in directive["Dimensions"]] == [{"service", "stack"}]
        assert (document["service"], document["stack"]) == ("fairdice", "local")
        published.append((merged["clean"], document["AuditsNotClean"]))
    assert published == [(True, [0.0]), (False, [1.0])]


def test_an_output_prefix_audited_again_counts_no_partial_of_an_earlier_run(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
) -> None:
    # Given a first run over two shards, all fair, its partials left under the output prefix
    worker_event = load_event("audit-worker-shard")
    first, second = "games/2026-11-29/shard-00001.jsonl", "games/2026-11-29/shard-00002.jsonl"
    audit_aws.put(first, games.jsonl([games.narde(1), games.narde(2)]))
    audit_aws.put(second, games.jsonl([games.pair36(3)]))
    for key in (first, second):
        run_worker(audit_aws, {**worker_event, "shard": {"Key": key}})
    # and then both objects replaced by games that are not fair, with no partial stored of the new versions: the map run
    # the merge is given keeps its children's answers for the earlier ones
    audit_aws.put(first, games.jsonl([games.mismatched(games.narde(1))]))
    audit_aws.put(second, games.jsonl([games.mismatched(games.pair36(3))]))
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge of the second run runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no game of the earlier versions is counted: each shard is one not audited, and the audit is not clean
    assert (merged["games"], merged["fair"], merged["errors"], merged["shards"], merged["clean"]) == (0, 0, 2, 0, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(f["file"], f["error"]["code"]) for f in findings] == [(first, "not_audited"), (second, "not_audited")]
    assert all("another version of the object" in f["error"]["message"] for f in findings)

    # When the second run's workers do audit the new versions, the merge counts them, and only them
    for key in (first, second):
        run_worker(audit_aws, {**worker_event, "shard": {"Key": key}})
    merged = audit_aws.merger.lambda_handler(merge_event_of_the_run(audit_aws, load_event), FakeLambdaContext())
    assert (merged["games"], merged["mismatch"], merged["errors"], merged["shards"]) == (2, 2, 0, 2)


def test_a_merge_whose_scratch_space_fills_up_fails_saying_the_audit_is_too_large_for_one_execution(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an audit whose ids, game keys and findings fill the merge's /tmp (review: an OSError naming a scratch file)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))

    def full(source: Any, target: Any, *rest: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), getattr(target, "name", None))

    monkeypatch.setattr(shutil, "copyfileobj", full)
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs, Then it fails with AuditTooLarge, saying why and what to do, and writes no summary
    with pytest.raises(AuditTooLarge, match="scratch space is full") as raised:
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert "several executions" in raised.value.message
    assert f"{OUT}summary.json" not in audit_aws.keys(OUT)


def test_a_shard_put_under_the_prefix_after_the_map_listed_it_is_named_not_audited_as_such(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard audited, then another put under the input prefix before the merge lists it
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    late = "games/2026-11-29/shard-late.jsonl"
    audit_aws.put(late, games.jsonl([games.narde(2)]))
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs
    audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the late shard is not audited, and its finding says it came after the listing, rather than that its audit
    # failed (review: the run had no failure to look at)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    (finding,) = [f for f in findings if f.get("error", {}).get("code") == "not_audited"]
    assert (finding["file"], finding["error"]["message"]) == (late, AFTER_THE_LISTING)


def test_a_shard_whose_worker_answered_but_whose_partial_is_gone_is_named_not_audited_as_such(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard whose worker answered the map run, and its partial's summary then removed
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    answer = run_worker(audit_aws, load_event("audit-worker-shard"))
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=f"{answer['partial']}summary.json")
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the shard is not audited, and its finding says its partial was removed after its worker answered
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["message"]) == (KEY, NOT_AUDITED)


@pytest.mark.parametrize("folder_audited", [False, True], ids=["listed-nothing", "folder-audited"])
def test_a_merge_of_an_input_prefix_holding_no_shard_fails_saying_so_and_writes_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event], folder_audited: bool
) -> None:
    # Given an execution's input prefix that holds nothing but the console's empty folder object, and a map run that
    # listed nothing (review: a prefix typed wrong gave a succeeded execution, a summary of nothing, no alarm), or that
    # listed the folder object, which a worker audited to nothing (review: the merge took its partial for a shard's,
    # and the execution succeeded with an audit of nothing)
    audit_aws.s3.put_object(Bucket=BUCKET, Key="games/2026-11-29/", Body=b"")
    if folder_audited:
        folder = {**load_event("audit-worker-shard")["shard"], "Key": "games/2026-11-29/", "Size": 0}
        assert run_worker(audit_aws, {**load_event("audit-worker-shard"), "shard": folder})["games"] == 0
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs, Then it fails with NoShards, naming the prefix, and writes no summary, findings or report
    with pytest.raises(NoShards, match="games/2026-11-29/ holds no shard, so nothing was audited"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []


@pytest.mark.parametrize("beside", [False, True], ids=["alone", "beside-a-shard"])
def test_the_consoles_folder_whose_child_failed_is_no_shard_not_audited(
    audit_aws: AuditAws, load_event: Callable[[str], Event], beside: bool
) -> None:
    # Given an input prefix holding the console's empty folder object, listed by the map at 0 bytes, whose child
    # failed (a throttled invocation, its retries spent), alone or beside a fair shard (review: the folder was named a
    # shard not audited, with its child's cause, and the prefix of no shard succeeded, its audit not clean)
    folder = "games/2026-11-29/"
    audit_aws.s3.put_object(Bucket=BUCKET, Key=folder, Body=b"")
    if beside:
        audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
        run_worker(audit_aws, load_event("audit-worker-shard"))
    item = {"shard": {"Key": folder, "Etag": '"d41d8cd98f00b204e9800998ecf8427e"', "Size": 0}, "output_prefix": OUT}
    audit_aws.children[folder] = {"item": item, "error": "Lambda.TooManyRequestsException", "cause": "Rate exceeded"}
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    if not beside:
        # When the merge runs, Then it fails with NoShards, as a prefix holding nothing but the folder does, and
        # writes no summary, findings or report
        with pytest.raises(NoShards, match="games/2026-11-29/ holds no shard, so nothing was audited"):
            audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
        assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []
        return
    # When the merge runs, Then the shard is counted, the folder named nowhere, and the audit clean
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["errors"], merged["clean"]) == (
        1,
        1,
        0,
        0,
        True,
    )
    assert audit_aws.get(f"{OUT}findings.jsonl") == b""


def test_the_consoles_folder_whose_child_failed_and_that_holds_a_game_now_is_not_audited_its_partial_not_counted(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given the console's empty folder object, listed by the map at 0 bytes, whose child failed (it was replaced after
    # the listing), and that holds a fair game now, audited by a worker invoked outside the run, its partial stored in
    # the execution's folder (the merge leaves a failed child on the folder out of the shards not audited unless its key
    # is listed now: no test held that exception)
    folder = "games/2026-11-29/"
    audit_aws.s3.put_object(Bucket=BUCKET, Key=folder, Body=b"")
    item = {"shard": {"Key": folder, "Etag": '"d41d8cd98f00b204e9800998ecf8427e"', "Size": 0}, "output_prefix": OUT}
    cause = f"s3://{BUCKET}/{folder} is not the object the map listed"
    audit_aws.children[folder] = {"item": item, "error": "ShardChanged", "cause": cause}
    audited_outside_the_run(audit_aws, load_event, folder, gzip.compress(games.jsonl([games.narde(1)])))

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event_of_the_run(audit_aws, load_event), FakeLambdaContext())

    # Then the key is a shard not audited, its child's cause said, and its partial, held to no answer, is not counted:
    # its game is not fair by it, and the audit is not clean
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["errors"], merged["clean"]) == (
        0,
        0,
        1,
        1,
        False,
    )
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (folder, "not_audited")
    assert finding["error"]["message"] == f"its audit failed (ShardChanged: {cause})"


@pytest.mark.parametrize("removed", ["as it is read", "once read"])
def test_a_merge_of_a_prefix_holding_no_shard_whose_only_partial_is_removed_as_the_merge_reads_it_fails_with_no_shards(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, removed: str
) -> None:
    # Given an input prefix that holds no shard, and a partial stored in the execution's folder by a worker invoked
    # outside the run on a key under the prefix, removed since (no shard listed), whose summary.json is removed:
    # - as it is read, after the merge listed partials/, S3 answering the merge's role AccessDenied for it (review: the
    #   merge failed with S3's error as it looked for a shard audited);
    # - once read, as the merge looks for a shard audited, before it lists partials/ to merge them (review: the
    #   execution succeeded with a summary of no game, where a prefix that holds no shard fails with NoShards)
    answer = audited_outside_the_run(
        audit_aws, load_event, "games/2026-11-29/gone.jsonl", games.jsonl([games.narde(4)])
    )
    audit_aws.s3.delete_object(Bucket=BUCKET, Key="games/2026-11-29/gone.jsonl")
    merge_event = merge_event_of_the_run(audit_aws, load_event)
    summary = f"{answer['partial']}summary.json"
    s3 = audit_aws.merger.s3
    get_object = s3.get_object

    def removed_as_read(**call: Any) -> Any:
        if call["Key"] == summary:
            s3.delete_object(Bucket=BUCKET, Key=summary)
        try:
            return get_object(**call)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "NoSuchKey":
                raise
            raise s3_error("AccessDenied", 403) from exc

    def removed_once_read(**call: Any) -> Any:
        got = get_object(**call)
        if call["Key"] == summary:
            s3.delete_object(Bucket=BUCKET, Key=summary)
        return got

    monkeypatch.setattr(s3, "get_object", removed_as_read if removed == "as it is read" else removed_once_read)

    # When the merge runs, Then it fails with NoShards, naming the prefix, and writes no summary or findings
    with pytest.raises(NoShards) as refused:
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert str(refused.value).startswith("s3://fairdice-audit-bucket/games/2026-11-29/ holds no shard")
    assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []


@pytest.mark.parametrize("named", ["by no result file", "by forged result files", "its source forged under the prefix"])
def test_a_merge_of_a_prefix_holding_no_shard_beside_a_partial_of_a_key_outside_it_fails_with_no_shards(
    audit_aws: AuditAws, load_event: Callable[[str], Event], named: str
) -> None:
    # Given an input prefix that holds no shard, and a partial stored in the execution's folder by a worker invoked
    # outside the run on a key of another day's prefix, which the map never listed: named by no result file (the map
    # run listed nothing), or by the run's result files, forged to name it (review: the partial was taken for a shard's,
    # and the execution succeeded with a summary of no game); or named by no result file, its summary then rewritten to
    # say it was read from an object under the prefix, as the merge, which goes by the key it audited, does not count it
    elsewhere = "games/2026-11-30/forged.jsonl"
    if named == "by forged result files":
        audit_aws.put(elsewhere, games.jsonl([games.narde(4)]))
        worker_event = load_event("audit-worker-shard")
        run_worker(audit_aws, {**worker_event, "shard": {**worker_event["shard"], "Key": elsewhere}})
    else:
        answer = audited_outside_the_run(audit_aws, load_event, elsewhere, games.jsonl([games.narde(4)]))
        if named == "its source forged under the prefix":
            stored = audit_aws.json(f"{answer['partial']}summary.json")
            stored["source"]["file"] = "games/2026-11-29/gone.jsonl"
            audit_aws.put(f"{answer['partial']}summary.json", json.dumps(stored).encode())
    assert audit_aws.keys(f"{OUT}partials/")
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs, Then it fails with NoShards, naming the prefix (and, where the result files name the key,
    # why they do not count), and writes no summary, findings or report
    with pytest.raises(NoShards) as refused:
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert str(refused.value).startswith("s3://fairdice-audit-bucket/games/2026-11-29/ holds no shard")
    if named == "by forged result files":
        assert f"the map run's result files name {elsewhere}, not under the input prefix" in str(refused.value)
    assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []


@pytest.mark.parametrize(
    ("key", "changed"),
    [
        ("games/2026-11-30/forged.jsonl", "its source removed"),
        ("games/2026-11-29/gone.jsonl", "its source removed"),
        ("games/2026-11-29/gone.jsonl", "moved under another key's name"),
        ("games/2026-11-29/gone.jsonl", "rewritten as no worker's summary"),
    ],
)
def test_a_merge_of_a_prefix_holding_no_shard_beside_a_partial_the_merge_leaves_out_fails_with_no_shards(
    audit_aws: AuditAws, load_event: Callable[[str], Event], key: str, changed: str
) -> None:
    # Given an input prefix that holds no shard, and a partial stored in the execution's folder by a worker invoked
    # outside the run (on a key of another day's prefix, or on one under the prefix removed since), then changed so that
    # the merge leaves it out: its summary rewritten to name no object read, or as no summary a worker writes (which
    # no shard listed or run names, so none is its shard), or the partial moved under the name of another key (review:
    # the check that the run audited a shard counted it, where the merge names it nowhere, and the execution succeeded
    # with a summary of no game and no finding)
    answer = audited_outside_the_run(audit_aws, load_event, key, games.jsonl([games.narde(4)]))
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    if changed == "its source removed":
        stored = audit_aws.json(f"{answer['partial']}summary.json")
        audit_aws.put(f"{answer['partial']}summary.json", json.dumps({**stored, "source": None}).encode())
    elif changed == "rewritten as no worker's summary":
        audit_aws.put(f"{answer['partial']}summary.json", b"[]")
    else:
        other = f"{OUT}partials/{shard_name('games/2026-11-29/other.jsonl')}/"
        for stored_key in audit_aws.keys(answer["partial"]):
            audit_aws.put(other + stored_key[len(answer["partial"]) :], audit_aws.get(stored_key))
            audit_aws.s3.delete_object(Bucket=BUCKET, Key=stored_key)
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs, Then it fails with NoShards, naming the prefix, and writes no summary, findings or report
    with pytest.raises(NoShards, match=r"^s3://fairdice-audit-bucket/games/2026-11-29/ holds no shard"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []


@pytest.mark.parametrize("held", ["blank lines, under the folder's key", "a mismatch, its size then said 0"])
def test_an_object_ending_in_a_slash_removed_with_its_partial_is_named_removed_not_taken_for_the_folder(
    audit_aws: AuditAws, load_event: Callable[[str], Event], held: str
) -> None:
    # Given a map run of a fair shard and of an object whose key ends in "/", then that object and its partial removed:
    # one named as the prefix's folder that holds only blank lines (the map lists its bytes, as it does any shard's;
    # review: its worker read no line of it, so the merge took it for the console's folder and dropped it without a
    # word, the audit clean), or one that holds a mismatch, its child's item in the result files then saying it was
    # listed at 0 bytes, as the S3 console's folder is, every count kept (review: it was taken for the folder and
    # dropped without a word, and the audit was clean)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1)])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    if held == "blank lines, under the folder's key":
        key, content, counted = "games/2026-11-29/", b"\n\n", (0, 0, 0)
    else:
        key, content, counted = "games/2026-11-29/late/", games.jsonl([games.mismatched(games.narde(50))]), (1, 0, 1)
    audit_aws.put(key, content)
    answer = run_worker(audit_aws, {**load_event("audit-worker-shard"), "shard": {"Key": key}})
    assert (answer["games"], answer["errors"], answer["not_fair"]) == counted
    for stored in [key, *audit_aws.keys(answer["partial"])]:
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=stored)
    if held == "a mismatch, its size then said 0":
        audit_aws.children[key]["item"]["shard"]["Size"] = 0
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the object is named as removed while the run went on (its worker having counted a game in it, or read no
    # line of it), and the audit is not clean
    assert (merged["games"], merged["not_audited"], merged["clean"]) == (1, 1, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(f["file"], f["error"]["code"], f["error"]["message"]) for f in findings] == [(key, "not_audited", REMOVED)]


# Not "another map run": the files its manifest lists name the shard, which is named then (the next test)
@pytest.mark.parametrize("changed", ["emptied", "a file removed"])
def test_a_merge_of_a_prefix_emptied_since_whose_result_files_do_not_count_says_why_they_do_not(
    audit_aws: AuditAws, load_event: Callable[[str], Event], changed: str
) -> None:
    # Given a map run of one shard, the shard and its partial then removed, and the run's result files changed so that
    # none names the shard: emptied, or the file the manifest lists removed (review: the merge said only that the prefix
    # holds no shard, and why the result files did not count was lost)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    for key in [KEY, *audit_aws.keys(f"{OUT}partials/")]:
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    why = change_the_result_files(audit_aws, merge_event["map_run"], changed)

    # When the merge runs, then it fails with NoShards, saying the prefix holds no shard now and why the result files
    # do not count, and writes nothing
    with pytest.raises(NoShards) as refused:
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert str(refused.value).startswith("s3://fairdice-audit-bucket/games/2026-11-29/ holds no shard now")
    assert why in str(refused.value)
    assert [key for key in audit_aws.keys("audits/") if "/partials/" not in key] == []


# The partial removed too: only where the manifest names another map run do its files name the shard (the test before)
@pytest.mark.parametrize(
    ("partial", "changed"),
    [("removed-too", "another map run"), ("kept", "emptied"), ("kept", "another map run"), ("kept", "a file removed")],
)
def test_a_shard_removed_where_the_result_files_do_not_count_is_named_removed_saying_why_they_do_not(
    audit_aws: AuditAws, load_event: Callable[[str], Event], partial: str, changed: str
) -> None:
    # Given a map run of one shard, the shard then removed, its partial kept or removed too, and the run's result files
    # changed (review: with the partial kept, the shard's finding said only that it was removed, and why the result
    # files do not count was not said; with it removed and the manifest naming another map run, the merge read none of
    # the files it lists, and failed with NoShards, saying nothing was audited, though they name the shard)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    removed = [KEY, *audit_aws.keys(f"{OUT}partials/")] if partial == "removed-too" else [KEY]
    for key in removed:
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    why = change_the_result_files(audit_aws, merge_event["map_run"], changed)

    # When the merge runs, Then the shard is named not audited, as removed, saying why the result files do not count, no
    # game is counted, and the audit is not clean
    result = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert (result["games"], result["not_audited"], result["clean"]) == (0, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (KEY, "not_audited")
    assert finding["error"]["message"].startswith(REMOVED)
    assert why in finding["error"]["message"]


@pytest.mark.parametrize("changed", ["a child named twice", "a child left out"])
def test_a_shard_removed_with_its_partial_where_the_result_files_do_not_count_is_named_removed_not_left_out(
    audit_aws: AuditAws, load_event: Callable[[str], Event], changed: str
) -> None:
    # Given a map run of two shards, the first then removed from the input prefix with its partial, and the run's
    # result files changed so that they do not count, naming a child twice or leaving the other's out (review: the
    # merge named only the shard listed now, and the removed one, which the map run audited, was in neither the summary
    # nor the findings)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    for key in [REWRITTEN, *audit_aws.keys(audit_aws.children[REWRITTEN]["output"]["partial"])]:
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    map_run = merge_event["map_run"]
    child = {key: child_execution(map_run["MapRunArn"], **record) for key, record in audit_aws.children.items()}
    named = (
        [child[REWRITTEN], child[UNTOUCHED], child[UNTOUCHED]]
        if changed == "a child named twice"
        else [child[REWRITTEN]]
    )
    put_map_run_results(audit_aws.put, map_run, named)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, and each is named not audited: the removed one as removed, saying too why the result
    # files do not count
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["clean"]) == (0, 0, 2, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(f["file"], f["error"]["code"]) for f in findings] == [
        (UNTOUCHED, "not_audited"),
        (REWRITTEN, "not_audited"),
    ]
    assert findings[1]["error"]["message"].startswith(REMOVED)
    assert all("where Step Functions counts 2 children that succeeded" in f["error"]["message"] for f in findings)


@pytest.mark.parametrize("changed", ["another map run", "a file read first removed", "a file read first no JSON"])
def test_a_shard_removed_with_its_partial_named_in_a_result_file_read_after_what_does_not_count_is_named_removed(
    audit_aws: AuditAws, load_event: Callable[[str], Event], changed: str
) -> None:
    # Given a map run of two shards and of a third whose child failed, the first then removed from the input prefix with
    # its partial, and the run's result files then changed: the manifest naming another map run, or the file of the
    # failed child, which is read first, removed or made no JSON (review: the merge stopped reading at what did not
    # count, and the removed shard, named in a file read after it, was in neither the summary nor the findings)
    third = "games/2026-11-29/shard-00003.jsonl"
    item = {"shard": {"Key": third}, "output_prefix": OUT}
    audit_aws.children[third] = {"item": item, "error": "Lambda.Unknown", "cause": "out of memory"}
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    for key in [REWRITTEN, *audit_aws.keys(audit_aws.children[REWRITTEN]["output"]["partial"])]:
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    map_run = merge_event["map_run"]
    manifest_key = map_run["ResultWriterDetails"]["Key"]
    manifest = audit_aws.json(manifest_key)
    (failed_file,) = [result["Key"] for result in manifest["ResultFiles"]["FAILED"]]
    if changed == "another map run":
        other = map_run["MapRunArn"].replace("fairdice-audit/", "fairdice-audit/another-")
        audit_aws.put(manifest_key, json.dumps({**manifest, "MapRunArn": other}).encode())
        why, named = f"the map run's manifest names map run {other}, not ", [REWRITTEN, UNTOUCHED, third]
    elif changed == "a file read first removed":
        audit_aws.s3.delete_object(Bucket=BUCKET, Key=failed_file)
        why, named = f"{failed_file} is no longer in the bucket", [REWRITTEN, UNTOUCHED]
    else:
        audit_aws.put(failed_file, b"not JSON")
        why, named = f"{failed_file} is no JSON text", [REWRITTEN, UNTOUCHED]

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted, each the result files that can be read name, or the prefix lists, is named not audited,
    # saying why the result files do not count, and the removed one is named as removed
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["clean"]) == (0, 0, len(named), False)
    findings = {f["file"]: f["error"] for f in map(json.loads, audit_aws.get(f"{OUT}findings.jsonl").splitlines())}
    assert sorted(findings) == sorted(named)
    assert all(error["code"] == "not_audited" and why in error["message"] for error in findings.values())
    assert findings[REWRITTEN]["message"].startswith(REMOVED)


@pytest.mark.parametrize("forged", ["in place of a child", "beside the children", "its partial stored"])
def test_a_key_not_under_the_input_prefix_written_into_the_result_files_is_named_never_listed_and_counts_no_shard(
    audit_aws: AuditAws, load_event: Callable[[str], Event], forged: str
) -> None:
    # Given a map run of two shards, and its result files then rewritten to name a key of another day's prefix, which
    # the map never listed: in place of the first shard's child, every count kept, or beside the two (review: the key
    # was named as a shard removed while the run went on, the first shard as put under the prefix after the listing,
    # and the other's answer, from the same changed files, counted); or in place of the child, with a partial of the
    # key stored in the execution's folder too, by a worker invoked outside the run (review: the key was named twice,
    # never listed and a shard removed, and "3 shards were not audited" for a run of two)
    merge_event = audited_as_the_map_runs(audit_aws, load_event)
    map_run = merge_event["map_run"]
    elsewhere = "games/2026-11-30/forged.jsonl"
    if forged == "its partial stored":
        audited_outside_the_run(audit_aws, load_event, elsewhere, games.jsonl([games.narde(4)]))
    record = audit_aws.children[REWRITTEN]
    moved = {**record, "item": {**record["item"], "shard": {**record["item"]["shard"], "Key": elsewhere}}}
    child = {key: child_execution(map_run["MapRunArn"], **record) for key, record in audit_aws.children.items()}
    named = [child_execution(map_run["MapRunArn"], **moved), child[UNTOUCHED]]
    put_map_run_results(
        audit_aws.put, map_run, [*child.values(), named[0]] if forged == "beside the children" else named
    )

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then no shard is counted; the key is named for what it is, never listed, not as removed; and each shard listed
    # is named not audited, saying the result files name a key not under the prefix
    assert (merged["games"], merged["shards"], merged["clean"]) == (0, 0, False)
    lines = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert sorted(f["file"] for f in lines) == sorted([REWRITTEN, UNTOUCHED, elsewhere])  # each named once
    findings = {f["file"]: f["error"] for f in lines}
    # The key is no shard: the two shards the prefix lists are not audited, and the key is a finding of its own kind,
    # never listed, in the execution's output, summary.json and the report alike (review: it was counted a shard not
    # audited, "not_audited: 3" and "3 shards were not audited" for a run of two shards; the test asserted the 3)
    assert (merged["not_audited"], merged["never_listed"]) == (2, 1)
    written = audit_aws.json(f"{OUT}summary.json")
    assert (written["not_audited"], written["never_listed"], written["errors"]) == (2, [elsewhere], 2)
    assert (findings[elsewhere]["code"], findings[elsewhere]["message"]) == ("never_listed", NEVER_LISTED)
    reported = audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())
    page = audit_aws.get(reported["report"]).decode()
    assert "2 shards were not audited" in page and "3 shards" not in page
    assert "1 key named in the result files of the map run is no shard" in page
    # and its own finding says what follows for the run: no game of it is counted, and what to do
    said = findings[elsewhere]["message"]
    assert "no game of the run is counted" in said and said.endswith("audit the prefix again in a new execution")
    why = f"the map run's result files name {elsewhere}, not under the input prefix games/2026-11-29/"
    for shard in (REWRITTEN, UNTOUCHED):
        assert findings[shard]["code"] == "not_audited"
        assert findings[shard]["message"].startswith(why)


def test_a_partial_of_a_key_outside_the_input_prefix_no_result_file_names_is_no_shard_and_leaves_a_clean_audit_clean(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one fair shard, and a partial stored in the execution's folder by a worker invoked outside the
    # run on a key of another day's prefix, holding a mismatch: the map never listed the key, and its result files name
    # no child for it (review: the key was named "audited but no longer under the input prefix (removed while the audit
    # ran)", which it never was under, and counted as a shard not audited, the audit not clean)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    elsewhere = "games/2026-11-30/stray.jsonl"
    mismatch = games.jsonl([games.mismatched(games.narde(4))])
    assert audited_outside_the_run(audit_aws, load_event, elsewhere, mismatch)["not_fair"] == 1

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then the partial is none of the run's shards, as one under another shard's name is not: not counted, not named,
    # and the audit of the prefix's one shard is clean
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["errors"]) == (1, 1, 0, 0)
    assert (merged["never_listed"], merged["clean"]) == (0, True)
    assert audit_aws.get(f"{OUT}findings.jsonl") == b""
    assert [record["file"] for record in audit_aws.json(f"{OUT}summary.json")["inputs"]] == [KEY]


def test_a_partial_of_a_key_under_the_prefix_that_no_child_audited_and_no_longer_listed_is_not_said_audited(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a map run of one fair shard, and an object put under the input prefix after the listing, audited by a
    # worker invoked outside the run (its partial stored in the execution's folder), then removed: the map run's result
    # files, which count, name no child for it (review: it was said "audited but no longer under the input prefix
    # (removed while the audit ran)", as a shard the run audited is, where no child of the run audited it)
    merge_event = a_map_run_of_one_fair_shard(audit_aws, load_event)
    late = "games/2026-11-29/late.jsonl"
    mismatch = games.jsonl([games.mismatched(games.narde(4))])
    assert audited_outside_the_run(audit_aws, load_event, late, mismatch)["not_fair"] == 1
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=late)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())

    # Then its game is not counted, it is named not audited, saying no child of the run audited it, not that the run
    # did, and the audit is not clean
    assert (merged["games"], merged["shards"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"], finding["error"]["message"]) == (late, "not_audited", NOT_RUN)


def change_the_result_files(audit_aws: AuditAws, map_run: Any, changed: str) -> str:
    """Change the map run's result files so that they do not count (`changed`: "emptied", "another map run" or "a
    file removed"); words of why they do not, as the merge says it."""
    manifest_key = map_run["ResultWriterDetails"]["Key"]
    manifest = audit_aws.json(manifest_key)
    if changed == "emptied":
        put_map_run_results(audit_aws.put, map_run, [])
        why = "the map run's result files name 0 children that succeeded, 0 that failed and 0 not ended, where Step"
        return why + " Functions counts 1 child that succeeded"
    if changed == "another map run":
        other = map_run["MapRunArn"].replace("fairdice-audit/", "fairdice-audit/another-")
        audit_aws.put(manifest_key, json.dumps({**manifest, "MapRunArn": other}).encode())
        return f"the map run's manifest names map run {other}, not "
    (succeeded,) = [result["Key"] for result in manifest["ResultFiles"]["SUCCEEDED"]]
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=succeeded)
    return f"{succeeded} is no longer in the bucket"


@pytest.mark.parametrize("partial", ["kept", "removed-too"])
def test_a_merge_whose_every_shard_was_removed_after_its_audit_names_each_not_audited_rather_than_no_shard(
    audit_aws: AuditAws, load_event: Callable[[str], Event], partial: str
) -> None:
    # Given a shard audited, with a game that is not fair, then removed before the merge lists the prefix: the prefix
    # holds no shard now (review: the merge said it never held one, and the shard's findings were lost), and its
    # partial kept, or removed too (review: the shard was dropped without a word, and the merge failed with NoShards,
    # "check the input prefix", though the map run's result files name the shard its worker audited)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.mismatched(games.narde(1))])))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    audit_aws.s3.delete_object(Bucket=BUCKET, Key=KEY)
    if partial == "removed-too":
        for key in audit_aws.keys(f"{OUT}partials/"):
            audit_aws.s3.delete_object(Bucket=BUCKET, Key=key)
    merge_event = merge_event_of_the_run(audit_aws, load_event)

    # When the merge runs, Then it names the shard as removed while the run went on, counts none of its games, and the
    # audit is not clean
    result = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert (result["games"], result["not_audited"], result["clean"]) == (0, 1, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(finding["file"], finding["error"]["code"]) for finding in findings] == [(KEY, "not_audited")]
    assert "no longer under the input prefix" in findings[0]["error"]["message"]


def test_the_merge_lists_every_shard_of_a_prefix_past_one_page_of_1000(audit_aws: AuditAws) -> None:
    from fairdice.storage import list_keys

    for n in range(1005):
        audit_aws.s3.put_object(Bucket=BUCKET, Key=f"games/big/shard-{n:05d}.jsonl", Body=b"")
    keys = list_keys(audit_aws.s3, BUCKET, "games/big/")
    assert len(keys) == 1005 and keys == sorted(keys)


def s3_error(code: str, status: int, operation: str = "GetObject") -> ClientError:
    """S3's answer of `code` as botocore raises it once its own retries are spent."""
    response: Any = {"Error": {"Code": code, "Message": code}, "ResponseMetadata": {"HTTPStatusCode": status}}
    return ClientError(response, operation)


# The worker's shard: two fair games, a mismatched one, and enough of them that its bytes come in more than one read.
SHARD = [games.narde(n) for n in range(30)] + [games.mismatched(games.narde(50))]
WHERE = "endpoint_url='https://s3.eu-west-1.amazonaws.com/fairdice-audit-bucket/games/x'"


@pytest.mark.parametrize(
    "failure",
    [
        # its bytes stop coming partway (botocore's StreamingBody raises these; ReadTimeoutError is an OSError too,
        # which the lines reader would otherwise make a finding that the shard could not be read)
        breaking_body(ResponseStreamingError(error="Connection broken: IncompleteRead(0 bytes read)")),
        breaking_body(ReadTimeoutError(endpoint_url=WHERE)),
        breaking_body(IncompleteReadError(actual_bytes=100, expected_bytes=2000)),
        breaking_body(ConnectionClosedError(endpoint_url=WHERE)),
        # no answer at all, or SlowDown and a 500 that outlived boto3's own retries
        EndpointConnectionError(endpoint_url=WHERE),
        s3_error("SlowDown", 503),
        s3_error("InternalError", 500),
    ],
    ids=["streaming", "read-timeout", "incomplete-read", "connection-closed", "no-endpoint", "slow-down", "internal"],
)
@pytest.mark.parametrize("compressed", [True, False], ids=["gzip", "plain"])
def test_a_worker_whose_shard_s3_fails_to_give_for_now_fails_with_store_unavailable_storing_no_partial(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    failure: Any,
    compressed: bool,
) -> None:
    # Given the map's item for a shard, and S3 failing for now as it reads it
    data = games.jsonl(SHARD)
    key = KEY if compressed else KEY.removesuffix(".gz")
    audit_aws.put(key, gzip.compress(data) if compressed else data)
    event = load_event("audit-worker-shard")
    event["shard"]["Key"] = key
    failing_once(monkeypatch, audit_aws.worker, "get_object", failure)

    # When the worker gets the item, Then it fails with StoreUnavailable, the name the state machine retries, naming
    # the shard; and no summary is stored, so the merge counts nothing of it as audited
    with pytest.raises(StoreUnavailable, match=f"s3://{BUCKET}/{key}") as raised:
        run_worker(audit_aws, event)
    assert type(raised.value).__name__ == "StoreUnavailable"
    assert not [k for k in audit_aws.keys("audits/") if k.endswith("summary.json")]

    # When S3 answers again and the shard is tried again, Then it is audited whole
    result = run_worker(audit_aws, event)
    assert (result["games"], result["not_fair"], result["errors"]) == (31, 1, 0)


def test_a_retried_shard_writes_the_same_objects_again(audit_aws: AuditAws, load_event: Callable[[str], Event]) -> None:
    # Given a shard audited once
    audit_aws.put(KEY, gzip.compress(games.jsonl([*SHARD, "{", games.daily(2)])))
    event = load_event("audit-worker-shard")
    first = run_worker(audit_aws, event)
    stored = {key: audit_aws.get(key) for key in audit_aws.keys("audits/")}
    assert len(stored) == 4

    # When it is audited again (a retry), Then it answers the same and writes the same bytes under the same keys
    assert run_worker(audit_aws, event) == first
    assert {key: audit_aws.get(key) for key in audit_aws.keys("audits/")} == stored


@pytest.mark.parametrize(
    ("failure", "retried"),
    [
        (s3_error("SlowDown", 503, "PutObject"), True),
        (EndpointConnectionError(endpoint_url=WHERE), True),
        (s3_error("AccessDenied", 403, "PutObject"), False),
    ],
    ids=["slow-down", "no-endpoint", "access-denied"],
)
def test_a_worker_whose_partial_s3_fails_to_take_fails_with_store_unavailable_only_if_waiting_may_mend_it(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    failure: Exception,
    retried: bool,
) -> None:
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    failing_once(monkeypatch, audit_aws.worker, "upload_fileobj", failure)
    with pytest.raises(StoreUnavailable if retried else ClientError):
        run_worker(audit_aws, load_event("audit-worker-shard"))
    assert not [k for k in audit_aws.keys("audits/") if k.endswith("summary.json")]


@pytest.mark.parametrize(
    ("error", "failure"),
    [
        (s3_error("AccessDenied", 403), ShardRefused),
        (s3_error("NoSuchKey", 404), ShardChanged),
        (s3_error("NoSuchBucket", 404), ClientError),
    ],
    ids=["access-denied", "no-such-key", "no-such-bucket"],
)
def test_a_worker_refused_its_shard_or_not_finding_it_fails_storing_nothing(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    error: ClientError,
    failure: type[Exception],
) -> None:
    # None is S3 failing for now (StoreUnavailable): a key S3 does not give is a shard removed since the listing
    # (ShardChanged, never tried again), a refusal is ShardRefused (tried again a while later by the state machine, as a
    # role's new rights take a while to reach every S3 server), a bucket that is not there is said in S3's words.
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    failing_once(monkeypatch, audit_aws.worker, "get_object", error)
    with pytest.raises(failure) as raised:
        run_worker(audit_aws, load_event("audit-worker-shard"))
    assert not isinstance(raised.value, StoreUnavailable)
    assert audit_aws.keys("audits/") == []


def test_a_shard_removed_after_the_map_listed_it_fails_saying_so(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # S3 answers NoSuchKey to a reader that may list the bucket, and no try mends it
    with pytest.raises(ShardChanged, match=r"cannot be read \(NoSuchKey\): it was removed after the map listed it"):
        run_worker(audit_aws, load_event("audit-worker-shard"))
    assert audit_aws.keys("audits/") == []


def test_a_shard_s3_refuses_names_every_cause_of_a_refusal(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # AccessDenied: rights not yet everywhere, a KMS key the role may not use, or a key that is gone (to a reader that
    # may not list the bucket, as the worker may not); the operator is told all three, not sent to one (review)
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    failing_once(monkeypatch, audit_aws.worker, "get_object", s3_error("AccessDenied", 403))
    with pytest.raises(ShardRefused) as raised:
        run_worker(audit_aws, load_event("audit-worker-shard"))
    words = str(raised.value)
    assert KEY in words and "(AccessDenied)" in words
    assert all(cause in words for cause in ("may not read it yet", "KMS key", "removed after the map listed it"))


def test_a_shard_replaced_after_the_map_listed_it_fails_with_shard_changed_and_stores_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard with a game that is not fair, as the map listed it (its ETag), then replaced by one of fair games
    # before its worker read it (review: the new version was audited in its place and the audit came out clean)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), games.mismatched(games.narde(2))])))
    listed = as_listed(audit_aws, load_event("audit-worker-shard"))
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), games.narde(2)])))

    # When the worker gets the item, Then it fails with ShardChanged, which the state machine does not try again,
    # naming the shard, and stores nothing: the merge finds the shard not audited
    with pytest.raises(ShardChanged, match="no longer the object the map listed") as raised:
        audit_aws.worker.lambda_handler(listed, FakeLambdaContext())
    assert KEY in str(raised.value)
    assert audit_aws.keys("audits/") == []
    # And the item of the version there now is audited
    assert run_worker(audit_aws, load_event("audit-worker-shard"))["games"] == 2


def test_an_item_must_name_its_shards_etag_as_the_map_or_s3_spells_it_and_one_without_fails_storing_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event]
) -> None:
    # Given a shard, and its item without an ETag, then with it spelled as S3's API (and moto's map) spells it, ETag
    # (review: the worker read only `Etag`, and without it read whatever version was there, saying nothing)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), games.mismatched(games.narde(2))])))
    listed = as_listed(audit_aws, load_event("audit-worker-shard"))
    etag = listed["shard"].pop("Etag")

    # Then the item without one fails, naming the field, and stores nothing
    with pytest.raises(ValidationError, match="Etag"):
        audit_aws.worker.lambda_handler(listed, FakeLambdaContext())
    assert audit_aws.keys("audits/") == []

    # And the item spelling it ETag reads that version: replaced since, the shard fails with ShardChanged
    spelled = {**listed, "shard": {**listed["shard"], "ETag": etag}}
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), games.narde(2)])))
    with pytest.raises(ShardChanged):
        audit_aws.worker.lambda_handler(spelled, FakeLambdaContext())
    assert audit_aws.keys("audits/") == []


def test_a_shard_of_more_games_than_a_worker_audits_fails_naming_it_and_the_limit_and_stores_nothing(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a worker that audits shards of 30 games at most (1,000,000 deployed), and a shard of 31, a blank line
    # among them
    monkeypatch.setattr(audit_aws.worker, "MAX_SHARD_GAMES", 30)
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD[:15]) + b"\n" + games.jsonl(SHARD[15:])))

    # When the worker gets it, Then it fails with ShardTooLarge, saying the limit and naming the shard, and stores
    # nothing: no partial audit of its first 30 games
    with pytest.raises(ShardTooLarge, match="more than 30 games") as raised:
        run_worker(audit_aws, load_event("audit-worker-shard"))
    assert KEY in raised.value.message and len(raised.value.message) < 300
    assert audit_aws.keys("audits/") == []

    # And a shard of 30 games, blank lines not counted, is audited
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD[:15]) + b"\n\n" + games.jsonl(SHARD[15:30])))
    result = run_worker(audit_aws, load_event("audit-worker-shard"))
    assert result["games"] == 30


def test_a_shard_whose_findings_fill_the_workers_tmp_fails_saying_so_and_to_split_it(
    audit_aws: AuditAws, load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a shard whose findings fill the worker's /tmp as they are written (a line that could not be verified stages
    # up to about 17 KB, its problems listed: review, a bare OSError)
    audit_aws.put(KEY, gzip.compress(games.jsonl([games.narde(1), games.mismatched(games.narde(2))])))

    def full(self: ShardAudit, finding: dict[str, Any]) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/tmp/fairdice-shard-x/findings.jsonl")

    monkeypatch.setattr(ShardAudit, "_write", full)

    # When the worker gets it, Then it fails with ShardTooLarge, which the state machine does not try again, naming the
    # shard, and stores nothing
    with pytest.raises(ShardTooLarge, match=r"fill the worker's [0-9,]+ MB of /tmp") as raised:
        run_worker(audit_aws, load_event("audit-worker-shard"))
    assert KEY in raised.value.message and "split it" in raised.value.message
    assert audit_aws.keys("audits/") == []


def test_what_a_shard_of_the_most_games_stages_fits_the_workers_tmp_with_room_to_spare(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, audit_aws: AuditAws
) -> None:
    # Given games that stage the most a game stages: not fair (a finding each, with its reasons), each under an id of
    # the longest, 128 characters (review: 730 bytes a game, 730 MB for a shard of a million, past Lambda's 512 MB)
    staged: list[int] = []
    real = FolderResults.put_file

    def measured(self: FolderResults, key: str, path: Path) -> None:
        staged.append(path.stat().st_size)
        real(self, key, path)

    monkeypatch.setattr(FolderResults, "put_file", measured)
    shard = [{**games.mismatched(games.narde(n)), "id": f"{n:0128d}"} for n in range(300)]
    audit_shard(numbered_lines(io.BytesIO(games.jsonl(shard)), "s.jsonl"), "s.jsonl", FolderResults(tmp_path), "s")

    # Then what a shard of MAX_SHARD_GAMES of them stages, with half as much again to spare, fits the worker's /tmp
    per_game = sum(staged) / len(shard)
    assert 500 < per_game < 1000
    functions = load_template()["Resources"]
    size_mb = functions["AuditWorkerFunction"]["Properties"]["EphemeralStorage"]["Size"]
    assert per_game * audit_aws.worker.MAX_SHARD_GAMES * 1.5 < size_mb * 2**20


@pytest.mark.parametrize(
    ("call", "failure"),
    [
        ("get_paginator", s3_error("SlowDown", 503, "ListObjectsV2")),  # the listing of the shards
        ("get_object", breaking_body(ResponseStreamingError(error="Connection broken"), good=10)),
        ("upload_fileobj", s3_error("InternalError", 500, "PutObject")),
    ],
    ids=["list", "read", "write"],
)
def test_the_merge_fails_with_store_unavailable_when_s3_fails_for_now_and_its_retry_merges(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    call: str,
    failure: Any,
) -> None:
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    merge_event = merge_event_of_the_run(audit_aws, load_event)
    failing_once(monkeypatch, audit_aws.merger, call, failure)
    with pytest.raises(StoreUnavailable, match="merging"):
        audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    assert (merged["games"], merged["shards"]) == (31, 1)


@pytest.mark.parametrize(
    ("call", "failure", "raised"),
    [
        ("get_object", s3_error("SlowDown", 503), StoreUnavailable),
        ("put_object", EndpointConnectionError(endpoint_url=WHERE), StoreUnavailable),
        ("get_object", s3_error("AccessDenied", 403), ClientError),
    ],
    ids=["read", "write", "access-denied"],
)
def test_the_report_fails_with_store_unavailable_only_when_s3_fails_for_now(
    audit_aws: AuditAws,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    call: str,
    failure: Exception,
    raised: type[Exception],
) -> None:
    audit_aws.put(KEY, gzip.compress(games.jsonl(SHARD)))
    run_worker(audit_aws, load_event("audit-worker-shard"))
    merge_event = merge_event_of_the_run(audit_aws, load_event)
    merged = audit_aws.merger.lambda_handler(merge_event, FakeLambdaContext())
    failing_once(monkeypatch, audit_aws.reporter, call, failure)
    with pytest.raises(raised) as caught:
        audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())
    assert isinstance(caught.value, StoreUnavailable) == (raised is StoreUnavailable)
    assert audit_aws.reporter.lambda_handler(report_event(load_event, merged), FakeLambdaContext())["clean"] is False
