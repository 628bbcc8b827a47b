"""Daily games in an audit are checked against the daily archive, as POST /verify checks them: with `--archive` (its
S3 bucket, never a folder) a fair daily roll is fair, a secret the archive contradicts is a mismatch, and the summary
names the archive read."""

import contextlib
import datetime as dt
import io
import json
import os
import shutil
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import boto3
import pytest
from fairdice.archive.layout import revealed_key
from fairdice.archive.publisher import publish
from fairdice.archive.reader import ArchiveReader
from fairdice.audit import archive as archive_module
from fairdice.audit import local
from fairdice.audit.archive import DayArchive, name_of
from fairdice.audit.lines import numbered_lines
from fairdice.audit.local import UsageError, run
from fairdice.audit.shard import FINDINGS, ShardAudit, audit_shard, partial_key
from fairdice.audit.store import FolderResults
from fairdice.cli import main
from fairdice.errors import ArchiveRefused, ArchiveUnavailable, MissingCredentials, NotReadableYet, UnknownDay
from fairdice.schemes import parse_request
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.storage import DatedKeys, EachPage, History, ObjectStore, S3Store, StorageSettings, Stored, Stores
from fairdice.verify import verify
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets, s3_endpoint
from moto import mock_aws

from testkit.archive import put_secret_again
from testkit.oracles import seed_004
from testkit.stores import PassingStore, Unreachable
from testkit.timeline import Timeline
from unit.audit import games


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


@pytest.fixture
def published(tmp_path: Path) -> Stores:
    """The daily stores as folders, with day 2025-03-01 committed at 00:00:03 and revealed at the next midnight."""
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path / "daily")
    games.publish_archived_day(timeline, stores)
    return stores


@pytest.fixture
def archive(tmp_path: Path, published: Stores) -> tuple[Path, ArchiveReader]:
    """The folder archive of `published`, and a reader of it the morning after."""
    return tmp_path / "daily" / "archive", games.morning_after(published.archive)


@contextlib.contextmanager
def archived_in_moto() -> Iterator[Stores]:
    """The daily archive's buckets in moto, as template.yaml makes them, with 2025-03-01 committed at 00:00:03 and
    revealed at the next midnight, moto's times the publisher's."""
    timeline = Timeline(at("2025-03-01 00:00"))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        games.publish_archived_day(timeline, stores)
        yield stores


def serve_archive(monkeypatch: pytest.MonkeyPatch, store: ObjectStore) -> None:
    """The command's `--archive` bucket is `store`, read the morning after, whatever bucket it names."""

    def opened(settings: StorageSettings, started: dt.datetime | None = None) -> DayArchive:
        return DayArchive(games.morning_after(store), name_of(settings) or "")

    monkeypatch.setattr(local, "_opened", opened)


def test_a_shard_checks_daily_games_against_the_archive_and_its_partial_names_it(
    tmp_path: Path, archive: tuple[Path, ArchiveReader]
) -> None:
    _, reader = archive
    fair = games.archived_daily(reader, 1)
    contradicted = games.archived_daily(reader, 2, secret=games.key(2), commitment=games.seal(games.key(2)))
    store = FolderResults(tmp_path / "out")
    not_begun = games.archived_daily(reader, 3, date="2025-03-05")
    data = games.jsonl([fair, contradicted, not_begun, games.archived_daily(reader, 4, date="2025-02-20")])

    partial = audit_shard(
        numbered_lines(io.BytesIO(data), "day.jsonl"),
        "day.jsonl",
        store,
        "s",
        archive=DayArchive(reader, "the-archive"),
    )

    # The roll that is the archive's is fair; a secret of one's own is contradicted by it; a day not begun is withheld,
    # as POST /verify says it; a past day the archive has no secret for is a line that cannot be verified, in the API's
    # words.
    counts = partial.counts
    assert (counts.fair, counts.mismatch, counts.withheld, counts.errors) == (1, 1, 1, 1)
    assert partial.archive == "the-archive"
    findings = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    by_id = {finding.get("id"): finding for finding in findings}
    assert by_id["daily-2"]["verdict"] == "mismatch"
    assert any("archive" in reason for reason in by_id["daily-2"]["reasons"])
    assert by_id["daily-3"]["verdict"] == "withheld"
    assert by_id["daily-4"]["error"]["code"] == "unknown_day"


def test_the_rolls_of_a_day_whose_secret_is_the_day_befores_are_lines_the_archive_refuses(tmp_path: Path) -> None:
    # Given an archive whose publisher made 2025-03-02's secret the same bytes as 2025-03-01's, revealed once that day
    # was over (review: only the audit's repeated-game check could find it, and only with both days' rolls in it)
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path / "daily")
    for moment in ("2025-03-01 00:00:03", "2025-03-02 00:00:02", "2025-03-03 00:00:02"):
        timeline.now = at(moment)
        publish(stores, timeline.now, random_bytes=lambda n: bytes([7]) * n)
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-03 08:00"))
    first = games.archived_daily(reader, 1)
    second = {**first, "id": "daily-2", "date": "2025-03-02"}
    store = FolderResults(tmp_path / "out")

    # When the two days' rolls are audited
    partial = audit_shard(
        numbered_lines(io.BytesIO(games.jsonl([first, second])), "day.jsonl"),
        "day.jsonl",
        store,
        "s",
        archive=DayArchive(reader, "the-archive"),
    )

    # Then the first day's roll is fair and the second's is a line not verified, the archive's record refused
    assert (partial.counts.fair, partial.counts.errors) == (1, 1)
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert (finding["id"], finding["error"]["code"]) == ("daily-2", "tampered_record")
    assert "commits to the secret of 2025-03-01, as revealed/2025-03-01.json does" in finding["error"]["message"]


def test_the_rolls_of_a_day_whose_secret_is_two_days_befores_are_lines_the_archive_refuses(tmp_path: Path) -> None:
    # Given 2025-03-01 and 03-02 published by their midnight runs, and 03-01's secret and commitment put under 03-03 in
    # its first second, before its run: 03-01's record made it public on 03-02 (review: with 03-03's rolls alone, no
    # repeated game to find, the audit called them fair, its record linking to 03-02's)
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path / "daily")
    for moment in ("2025-03-01 00:00:02", "2025-03-02 00:00:02"):
        timeline.publish(stores, at(moment))
    again = stores.secrets.get("secrets/2025-03-01") or b""
    put_secret_again(timeline, stores, again, dt.date(2025, 3, 3))
    timeline.publish(stores, at("2025-03-04 00:00:02"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-04 08:00"), as_of=True)
    request = {"scheme": "daily", "date": "2025-03-03", "player_id": games.PLAYER}
    first = {**request, "recorded": [seed_004.faces(again, "2025-03-03", games.PLAYER)], "id": "daily-1"}
    store = FolderResults(tmp_path / "out")

    # When an audit, as of its start the next morning, reads a roll of 03-03
    partial = audit_shard(
        numbered_lines(io.BytesIO(games.jsonl([first])), "day.jsonl"),
        "day.jsonl",
        store,
        "s",
        archive=DayArchive(reader, "the-archive"),
    )

    # Then it is a line not verified, the archive's record refused, saying whose secret it is
    assert (partial.counts.fair, partial.counts.errors) == (0, 1)
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert (finding["id"], finding["error"]["code"]) == ("daily-1", "tampered_record")
    assert "commits to the secret of 2025-03-01, as commitments/2025-03-01.json does" in finding["error"]["message"]


def test_a_shard_with_no_daily_game_names_no_archive_though_one_was_given(tmp_path: Path) -> None:
    # Given an archive that fails on any read (a bucket of no such name, say) and a shard of games of other schemes
    class Unread:
        def lookup(self, day: dt.date) -> NoReturn:
            raise AssertionError(f"the archive was read for {day}")

    data = games.jsonl([games.narde(1), games.three_dice(2)])

    partial = audit_shard(
        numbered_lines(io.BytesIO(data), "games.jsonl"),
        "games.jsonl",
        FolderResults(tmp_path / "out"),
        "s",
        archive=DayArchive(Unread(), "s3://no-such-bucket"),
    )

    # Then the games are audited and the partial names no archive: none was read, so none is one daily rolls were
    # checked against (review: the summary and the report named it, though it did not even exist)
    assert (partial.counts.games, partial.counts.fair) == (2, 2)
    assert partial.archive is None


def test_without_an_archive_the_same_roll_cannot_be_verified_and_nothing_names_an_archive(
    tmp_path: Path, archive: tuple[Path, ArchiveReader]
) -> None:
    _, reader = archive
    store = FolderResults(tmp_path / "out")
    partial = audit_shard(
        numbered_lines(io.BytesIO(games.jsonl([games.archived_daily(reader, 1)])), "d.jsonl"), "d.jsonl", store, "s"
    )
    assert (partial.counts.fair, partial.counts.errors, partial.archive) == (0, 1, None)


def test_a_run_reads_the_archive_as_of_the_moment_it_began_and_its_resume_as_of_the_same(
    tmp_path: Path, fake_aws_credentials: None
) -> None:
    # Given the daily archive's buckets in moto with 2025-03-01 committed and revealed at the next midnight
    with archived_in_moto() as stores:
        (tmp_path / "games.jsonl").write_bytes(
            games.jsonl([games.archived_daily(games.morning_after(stores.archive), 1)])
        )
        archive = f"s3://{ARCHIVE}"

        # When a run that began at 23:50 on that day audits its roll, after the reveal (one worker: moto answers here)
        began = at("2025-03-01 23:50")
        first = run([str(tmp_path / "games.jsonl")], tmp_path / "a", workers=1, archive=archive, started=began)
        # and a run that began the morning after, and a resume of the first begun then
        later = run(
            [str(tmp_path / "games.jsonl")], tmp_path / "b", workers=1, archive=archive, started=at("2025-03-02 08:00")
        )
        (tmp_path / "a" / "summary.json").unlink()
        for partial in (tmp_path / "a" / "partials").iterdir():
            if partial.is_dir():  # every block's result: the resume audits them again, as an interrupted run's
                shutil.rmtree(partial)
        # and a run begun once the day was over, before its record was written (00:00:01)
        between = run(
            [str(tmp_path / "games.jsonl")],
            tmp_path / "c",
            workers=1,
            archive=archive,
            started=at("2025-03-02 00:00:00.5"),
        )
        resumed = run(
            [str(tmp_path / "games.jsonl")],
            tmp_path / "a",
            workers=1,
            resume=True,
            archive=archive,
            started=at("2025-03-02 08:00"),
        )

    # Then each judges the roll as of the moment its run began: withheld for the first, and for its resume, though the
    # day was revealed by the time each read it; fair for the run begun after the reveal
    assert (first.summary.withheld, first.summary.fair) == (1, 0)
    assert (later.summary.withheld, later.summary.fair) == (0, 1)
    assert (resumed.summary.withheld, resumed.summary.fair, resumed.audited_blocks) == (1, 0, 1)
    # as the archive was then: not revealed yet (review: read as it is now, fair)
    assert (between.summary.withheld, between.summary.fair) == (1, 0)


def test_the_command_with_the_archive_bucket_finds_the_daily_roll_fair_and_the_summary_names_the_bucket(
    tmp_path: Path, fake_aws_credentials: None
) -> None:
    # Given the daily archive's buckets in moto, as template.yaml makes them, with 2025-03-01 committed and revealed
    with archived_in_moto() as stores:
        reader = games.morning_after(stores.archive)
        (tmp_path / "games.jsonl").write_bytes(games.jsonl([games.archived_daily(reader, 1), games.narde(2)]))
        out = tmp_path / "out"

        # When the command audits them against the bucket (one worker: moto answers in this process)
        arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(out), "--workers", "1"]
        assert main([*arguments, "--archive", f"s3://{ARCHIVE}/"]) == 0

    # Then the daily roll is fair, as POST /verify finds it, and the summary names the bucket it was checked against
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["games"], summary["fair"], summary["by_scheme"]["daily"]["fair"]) == (2, 2, 1)
    assert summary["archives"] == [f"s3://{ARCHIVE}"]
    # A resume must check daily games against the same archive as the run it finishes
    with pytest.raises(UsageError, match="no archive"):
        run([str(tmp_path / "games.jsonl")], out, workers=1, resume=True)


def test_a_bucket_of_no_such_name_is_said_so_not_to_be_waited_for(
    tmp_path: Path, fake_aws_credentials: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a daily roll to audit against a misspelt bucket (review: "(NoSuchBucket); try again later", "once the daily
    # archive answers"), and `fairdice daily show` of the same bucket
    with mock_aws():
        timeline = Timeline(at("2025-03-01 00:00"))
        stores = timeline.stores(tmp_path / "var")
        games.publish_archived_day(timeline, stores)
        reader = games.morning_after(stores.archive)
        (tmp_path / "games.jsonl").write_bytes(games.jsonl([games.archived_daily(reader, 1)]))
        arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]
        assert main([*arguments, "--archive", "s3://fairdice-archiv"]) == 3
        audited = capsys.readouterr().err
        assert main(["daily", "show", "--bucket", "fairdice-archiv", "--date", "2025-03-01"]) == 3
        shown = capsys.readouterr().err

    # Then each says there is no bucket of that name, and the audit how to finish once that is mended
    for err in (audited, shown):
        assert "there is no bucket of that name (NoSuchBucket); check the name given" in err
        assert "try again later" not in err and "answers" not in err
    # and, since a resume keeps the archive its run named, to run it again afresh under the right name (review)
    assert audited.endswith(
        "The audit did not finish: run it again, afresh (not --resume, which keeps the archive this run named), with"
        " the bucket's right name in --archive\n"
    )


@pytest.mark.parametrize("error", [ArchiveUnavailable, MissingCredentials])
def test_an_archive_that_cannot_be_read_leaves_its_block_undone_and_a_resume_audits_it_once_the_archive_answers(
    tmp_path: Path,
    published: Stores,
    archive: tuple[Path, ArchiveReader],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: type[ArchiveUnavailable],
) -> None:
    # Given a file of two blocks, the second holding a daily roll, and the archive bucket's endpoint not answering
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    _, reader = archive
    games.write(
        tmp_path / "day.jsonl", [games.narde(1), games.narde(2), games.archived_daily(reader, 3), games.narde(4)]
    )
    store = Unreachable(published.archive, error)
    serve_archive(monkeypatch, store)
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    arguments += ["--archive", f"s3://{ARCHIVE}"]

    # When it is audited
    status = main(arguments)

    # Then the run does not finish: exit 3 and one line saying why and how to finish it, no traceback; the daily
    # roll's block is not stored as done, and nothing is written as a finding or a summary
    err = capsys.readouterr().err
    assert status == 3
    assert len(err.splitlines()) == 1 and "EndpointConnectionError" in err and "--resume" in err
    assert (out / "partials" / "00000-0000000" / "summary.json").is_file()
    assert not (out / "partials" / "00000-0000001" / "summary.json").exists()
    assert not (out / "summary.json").exists() and not (out / "findings.jsonl").exists()

    # When the archive answers again and the audit is resumed
    store.reachable = True
    assert main([*arguments, "--resume"]) == 0

    # Then the block left is audited: the daily roll is the archive's, and every game is fair
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["games"], summary["fair"], summary["by_scheme"]["daily"]["fair"]) == (4, 4, 1)
    assert (out / "findings.jsonl").read_bytes() == b""


class ListingRefused(PassingStore):
    """The archive as a public reader reads it (GetObject on its published prefixes, no ListBucket): S3 answers a key
    that does not exist with AccessDenied, not NoSuchKey, and refuses every listing. `refused`: each listing refused,
    by the call and its prefix, as the real S3 store words both calls' refusals alike ("cannot list revealed/"), so a
    finding alone does not tell which listing was refused."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.refused: list[tuple[str, str]] = []

    def read(self, key: str) -> Stored | None:
        found = super().read(key)
        if found is None:
            raise ArchiveRefused(f"S3 bucket {ARCHIVE}: cannot read {key} (AccessDenied): …")
        return found

    def get(self, key: str) -> bytes | None:
        found = self.read(key)
        return None if found is None else found.data

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self.refused.append(("list", prefix))
        raise ArchiveRefused(f"S3 bucket {ARCHIVE}: cannot list {prefix} (AccessDenied): …")

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self.refused.append(("list_dated", prefix))
        raise ArchiveRefused(f"S3 bucket {ARCHIVE}: cannot list {prefix} (AccessDenied): …")


def test_a_day_a_public_reader_is_refused_is_a_finding_and_the_audit_finishes(
    tmp_path: Path, published: Stores, archive: tuple[Path, ArchiveReader], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a daily roll of the archive's first day, one of a day the archive does not hold, and two other games, the
    # archive read as a public reader reads it
    _, reader = archive
    unknown = {**games.archived_daily(reader, 3), "date": "2025-02-01"}
    games.write(tmp_path / "day.jsonl", [games.narde(1), games.archived_daily(reader, 2), unknown, games.narde(4)])
    store = ListingRefused(published.archive)
    serve_archive(monkeypatch, store)
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]

    # When it is audited, and audited again
    statuses = [main([*arguments, "--archive", f"s3://{ARCHIVE}"]) for _ in range(2)]

    # Then each run finishes (waiting would not change a refusal): each daily roll the archive could not be read for
    # is its line's finding, saying S3 refused it (the first day's record is checked against a listing of the chain,
    # which this reader may not make), and the other games are audited
    assert statuses == [1, 1]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert (summary["games"], summary["fair"], summary["errors"]) == (2, 2, 2)
    findings = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [(found["line"], found["id"], found["error"]["code"]) for found in findings] == [
        (2, "daily-2", "archive_unavailable"),
        (3, "daily-3", "archive_unavailable"),
    ]
    assert all("AccessDenied" in found["error"]["message"] for found in findings)
    assert all("run the audit again (with --resume" in found["error"]["message"] for found in findings)
    # And each says what was refused: the archive's day, the listing of its chain; the day it does not hold, the read
    # of its record, which S3 refuses where a reader who may list would be told it does not exist (review: each line
    # was a finding as well with either refusal alone, the other line then refused by it)
    assert "cannot list revealed/ (AccessDenied)" in findings[0]["error"]["message"]
    assert "cannot read revealed/2025-02-01.json (AccessDenied)" in findings[1]["error"]["message"]
    # the chain's first record refused at the listing of every revealed day (none may be revealed before it), once a
    # run: not at the listing with times that follows it, worded alike (review: either refusal alone made the finding)
    assert store.refused == [("list", "revealed/")] * 2


def test_a_day_linked_to_the_day_before_is_refused_at_the_listing_with_times_for_a_public_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an archive of two days, the second's record linked to the first's, and a daily roll of the second day as
    # the player saw it; the archive read the morning after the second day as a public reader reads it
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path / "daily")
    games.publish_archived_day(timeline, stores)
    timeline.publish(stores, at("2025-03-03 00:00:01"))
    morning = at("2025-03-03 09:00")
    request = {"scheme": "daily", "date": "2025-03-02", "player_id": games.PLAYER}
    reader = ArchiveReader(stores.archive, clock=lambda: morning)
    dice = verify(parse_request(request), day_secrets=reader).rolls[0]["dice"]
    games.write(tmp_path / "day.jsonl", [games.narde(1), {**request, "recorded": [dice], "id": "daily-2"}])
    store = ListingRefused(stores.archive)

    def opened(settings: StorageSettings, started: dt.datetime | None = None) -> DayArchive:
        return DayArchive(ArchiveReader(store, clock=lambda: morning), name_of(settings) or "")

    monkeypatch.setattr(local, "_opened", opened)

    # When it is audited
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]
    status = main([*arguments, "--archive", f"s3://{ARCHIVE}"])

    # Then the daily roll is its line's finding, refused at the listing of the records with times that the check of
    # the days before and after it makes (its record links to the day before, so no listing of every revealed day is
    # made), the other game audited: the real S3 store words the two listings' refusals alike, so only the store's
    # record of the call tells them apart
    assert status == 1
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert (finding["line"], finding["id"], finding["error"]["code"]) == (2, "daily-2", "archive_unavailable")
    assert "cannot list revealed/ (AccessDenied)" in finding["error"]["message"]
    assert store.refused == [("list_dated", "revealed/")]


def test_a_resume_audits_again_the_blocks_whose_lines_the_archive_refused(
    tmp_path: Path, published: Stores, archive: tuple[Path, ArchiveReader], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given blocks of two lines: a game and a daily roll, then two games; the archive read as a public reader reads it
    _, reader = archive
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(
        tmp_path / "day.jsonl", [games.narde(1), games.archived_daily(reader, 2), games.narde(3), games.narde(4)]
    )
    refusing = ListingRefused(published.archive)
    serve_archive(monkeypatch, refusing)
    out = tmp_path / "out"
    arguments = [
        "audit",
        str(tmp_path / "day.jsonl"),
        "--out",
        str(out),
        "--workers",
        "1",
        "--archive",
        f"s3://{ARCHIVE}",
    ]
    assert main(arguments) == 1
    assert [json.loads(line)["line"] for line in (out / "findings.jsonl").read_text().splitlines()] == [2]
    # refused at the listing, which the credentials of the resume may make (review: the line was refused as well, at a
    # read, by a reader that could list)
    [refused] = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert "cannot list revealed/ (AccessDenied)" in refused["error"]["message"]
    assert refusing.refused == [("list", "revealed/")]

    # When the credentials may list the archive, and the audit is resumed
    serve_archive(monkeypatch, published.archive)
    resumed = run([str(tmp_path / "day.jsonl")], out, workers=1, resume=True, archive=f"s3://{ARCHIVE}")

    # Then the block with the refused line is audited again, and its daily roll is fair; the other block is kept
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    assert (resumed.summary.games, resumed.summary.fair, resumed.summary.errors) == (4, 4, 0)
    assert (out / "findings.jsonl").read_bytes() == b""


class InGlacier(PassingStore):
    """The archive with the day's record kept in an archive storage class until `restored`: S3 gives no bytes for it
    (NotReadableYet) before."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.restored = False

    def read(self, key: str) -> Stored | None:
        if key == revealed_key(dt.date.fromisoformat(games.ARCHIVED_DAY)) and not self.restored:
            raise NotReadableYet(
                f"{key} in S3 bucket {ARCHIVE} is kept in GLACIER, whose bytes S3 gives only once restored"
            )
        return self.inner.read(key)


def _audited_with_the_day_in_glacier(
    tmp_path: Path, published: Stores, archive: tuple[Path, ArchiveReader], monkeypatch: pytest.MonkeyPatch
) -> tuple[InGlacier, Path]:
    """Blocks of two lines, a game and a daily roll, then two games, audited into --out with the day's record in Glacier
    (the audit not clean, its roll's line not read): the archive in Glacier, which a test may restore, and --out."""
    _, reader = archive
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(
        tmp_path / "day.jsonl", [games.narde(1), games.archived_daily(reader, 2), games.narde(3), games.narde(4)]
    )
    glacier = InGlacier(published.archive)
    serve_archive(monkeypatch, glacier)
    out = tmp_path / "out"
    assert (
        main(
            ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1", "--archive", f"s3://{ARCHIVE}"]
        )
        == 1
    )
    return glacier, out


def test_a_resume_audits_again_the_blocks_whose_archive_object_was_not_readable_yet(
    tmp_path: Path, published: Stores, archive: tuple[Path, ArchiveReader], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given blocks of two lines: a game and a daily roll, then two games; the day's record in Glacier as it is audited
    glacier, out = _audited_with_the_day_in_glacier(tmp_path, published, archive, monkeypatch)
    # its line's finding says the object is not read, and how its line is read again once it is restored
    [finding] = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert finding["line"] == 2 and "is kept in GLACIER" in finding["error"]["message"], finding
    assert "once S3 gives the object's bytes (restored" in finding["error"]["message"], finding
    assert "with --resume, only the blocks holding such lines are read again" in finding["error"]["message"], finding

    # When the record is restored, and the audit is resumed
    glacier.restored = True
    resumed = run([str(tmp_path / "day.jsonl")], out, workers=1, resume=True, archive=f"s3://{ARCHIVE}")

    # Then the block with that line is audited again, and its daily roll is fair; the other block is kept (review: the
    # resume kept the block as done, its finding the object not read, though the readers read such an object again)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    assert (resumed.summary.games, resumed.summary.fair, resumed.summary.errors) == (4, 4, 0)
    assert (out / "findings.jsonl").read_bytes() == b""


def test_on_aws_a_line_whose_archive_object_is_not_readable_yet_says_to_audit_it_again_in_a_new_execution(
    tmp_path: Path, archive: tuple[Path, ArchiveReader], published: Stores
) -> None:
    # Given a shard of a daily roll audited as the AWS worker audits it (no refusal is a finding: there is no --resume),
    # the day's record in Glacier as it is read
    _, reader = archive
    data = games.jsonl([games.archived_daily(reader, 1)])

    partial = audit_shard(
        numbered_lines(io.BytesIO(data), "day.jsonl"),
        "day.jsonl",
        FolderResults(tmp_path / "out"),
        "s",
        archive=DayArchive(games.morning_after(InGlacier(published.archive)), "the-archive"),
    )

    # Then its finding says the object is not read, and what makes it read: a new execution once it is restored; never
    # the local command's --resume, which AWS has not (review: it said nothing of what to do)
    assert partial.unreadable == 1
    [finding] = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    message = finding["error"]["message"]
    assert "is kept in GLACIER" in message, finding
    assert "once S3 gives the object's bytes (restored from its archive storage class)" in message, finding
    assert "audit its shard again in a new execution" in message, finding
    assert "--resume" not in message, finding


def test_a_resume_audits_again_a_block_stored_before_lines_not_readable_yet_were_counted(
    tmp_path: Path, published: Stores, archive: tuple[Path, ArchiveReader], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given blocks of two lines, a game and a daily roll, then two games, audited with the day's record in Glacier by a
    # fairdice of PARTIAL_FORMAT 14, which counted no line not readable yet (its partial without `unreadable`)
    glacier, out = _audited_with_the_day_in_glacier(tmp_path, published, archive, monkeypatch)
    summary = out / "partials" / "00000-0000000" / "summary.json"
    written = json.loads(summary.read_text())
    assert written["unreadable"] == 1, written
    del written["unreadable"]
    summary.write_text(json.dumps({**written, "format": 14}))

    # When the record is restored, and the audit is resumed
    glacier.restored = True
    resumed = run([str(tmp_path / "day.jsonl")], out, workers=1, resume=True, archive=f"s3://{ARCHIVE}")

    # Then that block is audited again, as one of another form, and its daily roll is fair (the format's bump: a
    # partial of 14 says nothing of such lines, and kept as done its finding would stay, the object restored since)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    assert resumed.redone_blocks == {local.REDONE_FORM: 1}
    assert (resumed.summary.games, resumed.summary.fair, resumed.summary.errors) == (4, 4, 0)
    assert (out / "findings.jsonl").read_bytes() == b""


@pytest.mark.parametrize("locally", [True, False])
def test_a_line_whose_archive_object_is_not_readable_yet_is_no_tampered_record_but_an_archive_not_read(
    tmp_path: Path, archive: tuple[Path, ArchiveReader], published: Stores, locally: bool
) -> None:
    # Given a shard of a daily roll, the day's record in Glacier as it is read, audited locally (a refusal is a
    # finding) or as the AWS worker audits it
    _, reader = archive
    data = games.jsonl([games.archived_daily(reader, 1)])

    audit_shard(
        numbered_lines(io.BytesIO(data), "day.jsonl"),
        "day.jsonl",
        FolderResults(tmp_path / "out"),
        "s",
        archive=DayArchive(games.morning_after(InGlacier(published.archive)), "the-archive"),
        refusal_is_finding=locally,
    )

    # Then its finding's code says the archive was not read, as a refused read's does, not that its record contradicts
    # what was committed: its bytes were not read, and once restored the same line is read and may be fair (review: it
    # was `tampered_record`, which reads as final, beside words that say to audit it again)
    [finding] = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert finding["error"]["code"] == ArchiveUnavailable.code == "archive_unavailable", finding
    assert "is kept in GLACIER" in finding["error"]["message"], finding


def test_a_folder_is_refused_as_the_archive_even_one_that_would_make_the_roll_fair(
    tmp_path: Path, archive: tuple[Path, ArchiveReader], capsys: pytest.CaptureFixture[str]
) -> None:
    # A folder's file times say when its commitments were "published", and whoever holds the folder can set them:
    # a folder of back-dated files would make any secret's rolls fair. The archive is its bucket, dated by S3.
    folder, reader = archive
    (tmp_path / "games.jsonl").write_bytes(games.jsonl([games.archived_daily(reader, 1)]))
    arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(tmp_path / "out"), "--archive", str(folder)]
    assert main(arguments) == 2
    assert "S3 dates each day's commitment itself" in capsys.readouterr().err
    assert not (tmp_path / "out" / "summary.json").exists()


def test_an_archive_that_is_not_a_bucket_name_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "games.jsonl").write_bytes(games.jsonl([games.narde(1)]))
    arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(tmp_path / "out")]
    assert main([*arguments, "--archive", "s3://Not_A_Bucket"]) == 2
    assert "not an S3 bucket's name" in capsys.readouterr().err
    # and one that names no bucket at all, before anything is written (review: an assertion's traceback, exit 1)
    for blank in ("s3://", "s3:///"):
        assert main([*arguments, "--archive", blank]) == 2
        assert f"--archive {blank}: no bucket is named: write it s3://BUCKET" in capsys.readouterr().err
        assert not (tmp_path / "out").exists()


def test_the_archive_bucket_is_read_at_the_s3_endpoint_the_variables_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the archive's buckets on an S3 endpoint of one's own (FAIRDICE_S3_ENDPOINT_URL, as for a local emulator),
    # with 2025-03-01 committed and revealed there: no AWS is reachable from here
    timeline = Timeline(at("2025-03-01 00:00"))
    out = tmp_path / "out"
    with s3_endpoint(monkeypatch) as client, timeline.moto():
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        games.publish_archived_day(timeline, stores)
        reader = games.morning_after(stores.archive)
        players = [f"{games.PLAYER[:-1]}{n}" for n in range(1, 4)]  # three players' rolls of the day: three games
        (tmp_path / "games.jsonl").write_bytes(
            games.jsonl([games.archived_daily(reader, n, p) for n, p in enumerate(players, 1)])
        )

        # When the command audits the games against the bucket (one worker, in this process: a process forked from
        # one running moto's server thread could deadlock; a worker process opens the archive by the same function)
        arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(out), "--workers", "1"]
        status = main([*arguments, "--archive", f"s3://{ARCHIVE}"])

    # Then it is read at that endpoint, as the API and the AWS worker read it: every daily roll matches the archive's
    # secret and commitment, but an endpoint of one's own answers whatever times its runner makes it, so none is fair
    summary = json.loads((out / "summary.json").read_text())
    assert (status, summary["games"], summary["incomplete"], summary["mismatch"], summary["errors"]) == (1, 3, 3, 0, 0)
    assert summary["archives"] == [f"s3://{ARCHIVE}"]
    findings = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert [
        finding["reasons"][0].startswith("the daily archive here is a folder or an S3 endpoint other than AWS's")
        for finding in findings
    ] == [True] * 3


def test_a_bad_storage_variable_is_a_usage_error_before_anything_is_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FAIRDICE_SECRETS_BUCKET", "Fairdice_Secrets")
    (tmp_path / "games.jsonl").write_bytes(games.jsonl([games.narde(1)]))
    arguments = ["audit", str(tmp_path / "games.jsonl"), "--out", str(tmp_path / "out")]

    assert main([*arguments, "--archive", f"s3://{ARCHIVE}"]) == 2

    # in the words and the one line `fairdice daily` names a bad variable in
    err = capsys.readouterr().err
    assert err.startswith("fairdice: FAIRDICE_SECRETS_BUCKET: an S3 bucket name is") and "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert not (tmp_path / "out" / "summary.json").exists()


def test_an_archive_is_opened_once_for_each_settings_it_is_read_with(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run in a process that opened the archive with other variables before must not read it the old way
    monkeypatch.delenv("FAIRDICE_S3_ENDPOINT_URL", raising=False)
    plain = local.archive_settings(f"s3://{ARCHIVE}")
    monkeypatch.setenv("FAIRDICE_S3_ENDPOINT_URL", "http://127.0.0.1:9")
    emulated = local.archive_settings(f"s3://{ARCHIVE}")
    assert (plain.endpoint_url, emulated.endpoint_url) == (None, "http://127.0.0.1:9")
    assert local._opened(plain, None) is local._opened(plain, None)
    assert local._opened(emulated, None) is not local._opened(plain, None)
    # and a run that reads it as of another moment has a reader of its own
    moment = dt.datetime(2025, 3, 2, tzinfo=dt.UTC)
    assert local._opened(plain, moment) is not local._opened(plain, None)
    assert local._opened(plain, moment).secrets.now() == moment  # type: ignore[attr-defined]


def test_the_audit_functions_reach_s3_at_the_endpoint_the_variables_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # Given a shard in an audit bucket on an S3 endpoint of one's own (FAIRDICE_S3_ENDPOINT_URL, as for a local
    # emulator): the audit functions' client is the storage adapter's, as the archive's is
    from fairdice.audit.s3 import audit_object
    from fairdice.audit.s3 import client as audit_client
    from fairdice.storage import S3Results

    with s3_endpoint(monkeypatch) as client:
        client.create_bucket(Bucket="fairdice-audit", CreateBucketConfiguration={"LocationConstraint": REGION})
        client.put_object(Bucket="fairdice-audit", Key="games/day/0.jsonl", Body=games.jsonl([games.narde(1)]))

        # When a shard is audited with the client the worker function makes from the variables
        s3 = audit_client(StorageSettings.from_environ(os.environ))
        results = S3Results("fairdice-audit", "audits/day/", s3)
        partial = audit_object("fairdice-audit", "games/day/0.jsonl", results, "0", s3)

        # Then it was read there and its partial result written there
        written = [item["Key"] for item in client.list_objects_v2(Bucket="fairdice-audit")["Contents"]]
    assert (partial.counts.games, partial.counts.fair) == (1, 1)
    assert partial.source is not None and partial.source.file == "games/day/0.jsonl"
    assert sorted(written) == [
        "audits/day/partials/0/findings.jsonl",
        "audits/day/partials/0/games.txt",
        "audits/day/partials/0/ids.txt",
        "audits/day/partials/0/summary.json",
        "games/day/0.jsonl",
    ]


def test_a_run_judges_a_days_object_lock_by_when_it_reads_the_archive_not_as_of_its_start(
    tmp_path: Path, fake_aws_credentials: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the daily archive's buckets in moto with 2025-03-01 committed and revealed, its days kept for a century
    with archived_in_moto() as stores:
        (tmp_path / "games.jsonl").write_bytes(
            games.jsonl([games.archived_daily(games.morning_after(stores.archive), 1)])
        )
        began = at(
            "2025-03-02 08:10"
        )  # a moment no other test's run began at: a process opens an archive once a moment
        archive = f"s3://{ARCHIVE}"
        kept = run([str(tmp_path / "games.jsonl")], tmp_path / "a", workers=1, archive=archive, started=began)

        # When a run begun while the lock lasted reads the archive after it has ended (review: judged as of its start,
        # the day was fair, though the other version could have been deleted by the time it was read)
        monkeypatch.setattr(archive_module, "wall_clock", lambda: at("2126-03-02 08:00"))
        later = began + dt.timedelta(minutes=1)  # a run of its own, whose archive is opened afresh
        ended = run([str(tmp_path / "games.jsonl")], tmp_path / "b", workers=1, archive=archive, started=later)

    # Then the roll is fair while the lock lasts and at most incomplete once it has ended by the read
    assert (kept.summary.fair, kept.summary.incomplete) == (1, 0)
    assert (ended.summary.fair, ended.summary.incomplete) == (0, 1)


class VersionsRefusedUntilGranted(PassingStore):
    """The archive as a worker not allowed s3:ListBucketVersions reads it, until the right is granted (`granted`), as
    one can be while a run goes on; `asked`: the keys whose versions were asked for, refused or not."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.granted = False
        self.asked: list[str] = []

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        self.asked.append(key)
        if not self.granted:
            raise ArchiveRefused(f"S3 bucket {ARCHIVE}: cannot list the versions of {key} (AccessDenied): …")
        return super().history(key, each_page=each_page)


class GrantedAfterTheFirstGame:
    """Day secrets read through `reader`, whose store is granted s3:ListBucketVersions once the first day is read."""

    def __init__(self, reader: ArchiveReader, store: VersionsRefusedUntilGranted) -> None:
        self.reader, self.store = reader, store

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        found = self.reader.lookup(day)
        self.store.granted = True
        return found


def test_a_shard_reads_each_day_once_so_all_its_games_of_a_day_get_one_verdict_whatever_rights_change_mid_shard(
    tmp_path: Path,
) -> None:
    # Given the archive in moto, read by an audit as of the morning after through a worker not allowed
    # s3:ListBucketVersions, a right granted once the shard's first game is read; its S3 calls counted; and a shard
    # of five rolls of the same day
    timeline = Timeline(at("2025-03-01 00:00"))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        games.publish_archived_day(timeline, stores)
        lines = [games.archived_daily(games.morning_after(stores.archive), n) for n in range(1, 6)]
        calls: list[str] = []
        client.meta.events.register("before-call.s3", lambda model, **_: calls.append(model.name))
        day = dt.date.fromisoformat(games.ARCHIVED_DAY)
        ArchiveReader(
            VersionsRefusedUntilGranted(stores.archive), clock=lambda: games.MORNING_AFTER, as_of=True
        ).lookup(day)
        once = list(calls)  # one reading of the day, by a reader of its own
        calls.clear()
        store = VersionsRefusedUntilGranted(stores.archive)
        reader = ArchiveReader(store, clock=lambda: games.MORNING_AFTER, as_of=True)

        # When the shard is audited
        partial = audit_shard(
            numbered_lines(io.BytesIO(games.jsonl(lines)), "day.jsonl"),
            "day.jsonl",
            FolderResults(tmp_path / "out"),
            "s",
            archive=DayArchive(GrantedAfterTheFirstGame(reader, store), "the-archive"),
        )

    # Then every game of the day gets the one verdict of the day as first read (at most incomplete: nothing ruled out a
    # version hidden and written again), and the day's versions were asked for once, not once a game
    counts = partial.counts
    assert (counts.fair, counts.incomplete) == (0, 5), counts
    assert store.asked == ["commitments/2025-03-01.json", "revealed/2025-03-01.json"]
    # And the shard's S3 calls are one reading of the day's, not one a game
    assert once and calls == once, (once, calls)


class NoSecrets:
    """Day secrets of an archive that has none of the days asked: each lookup is refused, as one of a day unknown."""

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        raise UnknownDay(f"there is no secret for {day.isoformat()}", field="date")


def test_a_days_refusal_a_shard_keeps_holds_none_of_the_line_that_met_it() -> None:
    # Given a shard of 20 daily rolls of 20 days the archive has no secret for, each line 500 KB long (white space
    # within its object: a line may hold up to 1 MiB), and a shard that keeps each day's refusal for its other games
    player = "123e4567-e89b-12d3-a456-426614174000"
    audit = ShardAudit("day.jsonl", io.BytesIO(), NoSecrets())
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for number in range(1, 21):
            day = (dt.date(2025, 1, 1) + dt.timedelta(days=number)).isoformat()
            game = {"scheme": "daily", "date": day, "player_id": player, "id": f"daily-{number}"}

            # When each is audited and its line let go
            audit.line(number, json.dumps(game).encode()[:-1] + b" " * 500_000 + b"}")
        retained = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()

    # Then each is its finding, the day's refusal, and the shard holds none of the 10 MB of lines it read
    assert audit.counts["errors"] == 20
    assert retained < 1_000_000, retained


class LockEndsAfterTheFirstGame:
    """Day secrets read through `reader`, whose read clock (`moment`) passes the day's Object Lock retention (a
    century) once the first day is read, as a lock may end while a shard runs."""

    def __init__(self, reader: ArchiveReader, moment: list[dt.datetime]) -> None:
        self.reader, self.moment = reader, moment

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        found = self.reader.lookup(day)
        self.moment[0] = at("2126-03-02 08:00")
        return found


def test_a_shard_judges_a_days_object_lock_as_each_game_reads_it_not_as_its_first_game_did(tmp_path: Path) -> None:
    # Given the archive in moto, its days kept for a century, read by an audit as of the morning after, and a lock that
    # ends once the shard's first game is read; and a shard of three rolls of that day
    moment = [games.MORNING_AFTER]
    with archived_in_moto() as stores:
        lines = [games.archived_daily(games.morning_after(stores.archive), n) for n in range(1, 4)]
        reader = ArchiveReader(
            stores.archive, clock=lambda: games.MORNING_AFTER, as_of=True, read_clock=lambda: moment[0]
        )

        # When the shard is audited
        partial = audit_shard(
            numbered_lines(io.BytesIO(games.jsonl(lines)), "day.jsonl"),
            "day.jsonl",
            FolderResults(tmp_path / "out"),
            "s",
            archive=DayArchive(LockEndsAfterTheFirstGame(reader, moment), "the-archive"),
        )

    # Then the first is fair, and those read once the lock has ended are at most incomplete, as the reader judges a lock
    # by when it reads the archive (review: the shard kept the day's first answer, and all three read fair)
    assert (partial.counts.fair, partial.counts.incomplete) == (1, 2), partial.counts


def test_a_shard_judges_a_pending_days_object_lock_as_each_game_reads_it_not_as_its_first_game_did(
    tmp_path: Path,
) -> None:
    # Given the archive in moto with 2025-03-01 committed, kept a century, and never revealed, read by an audit as of
    # the morning after (its reveal overdue), and a lock that ends once the shard's first game is read; and a shard of
    # three rolls of that day
    moment = [games.MORNING_AFTER]
    timeline = Timeline(at("2025-03-01 00:00"))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        timeline.publish(stores, at("2025-03-01 00:00:03"))
        reader = ArchiveReader(
            stores.archive, clock=lambda: games.MORNING_AFTER, as_of=True, read_clock=lambda: moment[0]
        )
        roll = {"scheme": "daily", "date": games.ARCHIVED_DAY, "player_id": games.PLAYER, "recorded": [[1] * 6]}
        lines = [{**roll, "id": f"daily-{n}"} for n in range(1, 4)]

        # When the shard is audited
        partial = audit_shard(
            numbered_lines(io.BytesIO(games.jsonl(lines)), "day.jsonl"),
            "day.jsonl",
            FolderResults(tmp_path / "out"),
            "s",
            archive=DayArchive(LockEndsAfterTheFirstGame(reader, moment), "the-archive"),
        )

    # Then all three are withheld, and those read once the lock has ended are at most incomplete once revealed, as the
    # reader then says the day's commitment is not kept (review: the shard kept the day's first answer, its commitment
    # kept, and all three could yet be fair)
    findings = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert partial.counts.withheld == 3, partial.counts
    assert [finding["at_most_incomplete"] for finding in findings] == [False, True, True], findings


class InGlacierUntilRead(PassingStore):
    """The archive with the day's record in an archive storage class, restored once it has been asked for once: S3 gives
    its bytes only then (NotReadableYet before). `reads` counts the asks for it."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.reads = 0

    def read(self, key: str) -> Stored | None:
        if key == revealed_key(dt.date.fromisoformat(games.ARCHIVED_DAY)):
            self.reads += 1
            if self.reads == 1:
                raise NotReadableYet(f"{key} is in Glacier: S3 gives its bytes once it is restored")
        return self.inner.read(key)


def test_a_record_not_readable_yet_is_read_again_by_the_reader_and_kept_by_a_shard_for_its_day(
    tmp_path: Path, published: Stores
) -> None:
    # Given the archive's revealed day, its record in Glacier when first asked for and restored after, read by an
    # audit as of the morning after; and a shard of three rolls of that day
    store = InGlacierUntilRead(published.archive)
    lines = [games.archived_daily(games.morning_after(published.archive), n) for n in range(1, 4)]
    reader = ArchiveReader(store, clock=lambda: games.MORNING_AFTER, as_of=True)

    # When the shard is audited
    audit_shard(
        numbered_lines(io.BytesIO(games.jsonl(lines)), "day.jsonl"),
        "day.jsonl",
        FolderResults(tmp_path / "out"),
        "s",
        archive=DayArchive(reader, "the-archive"),
    )

    # Then the shard keeps the refusal for its day: its three games are the one finding, and the record was asked for
    # once (NotReadableYet's words: kept by a shard for its day, so that its games of the day get one answer)
    findings = [json.loads(line) for line in (tmp_path / "out" / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert [finding["error"]["message"] for finding in findings] == [findings[0]["error"]["message"]] * 3, findings
    assert "is in Glacier" in findings[0]["error"]["message"]
    assert store.reads == 1
    # And the reader itself keeps nothing of it: asked again, it reads the record again, restored by now, and gives the
    # day revealed
    assert isinstance(reader.lookup(dt.date.fromisoformat(games.ARCHIVED_DAY)), RevealedDay)
    assert store.reads == 2
