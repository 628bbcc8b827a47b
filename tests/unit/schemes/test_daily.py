"""fairdice.schemes.daily (seed 004): a player's HMAC message, the six dice against seed 004's recipe and each die's
limit on hand-made blocks, the day secret's size; the archive is authoritative for a day's secret and for when its
commitment was published; and without one, a day not over by the caller's clock is withheld all the same.

Each case of "what fair proves" for the daily game, with an injected clock, against the local-folder
archive and moto's S3 (whose LastModified follows the same clock).
"""

import datetime as dt
import hashlib
import html
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from uuid import UUID

import boto3
import pytest
from fairdice import storage
from fairdice.archive import layout
from fairdice.archive.layout import commitment_key, revealed_key, secret_key
from fairdice.archive.reader import ArchiveReader, DayRecord, is_final
from fairdice.audit.archive import of_bucket
from fairdice.dice import limit_for
from fairdice.errors import ArchiveUnavailable, InvalidInput, UnknownDay
from fairdice.notices import day_page
from fairdice.page import render_page
from fairdice.prose import utc_time
from fairdice.schemes import daily, parse_request
from fairdice.schemes.base import PendingDay, RevealedDay, Withheld
from fairdice.schemes.daily import DailyRequest
from fairdice.seal import seal_of
from fairdice.storage import (
    EachPage,
    FolderStore,
    History,
    ObjectStore,
    S3Connection,
    S3Store,
    StorageSettings,
    Stores,
)
from fairdice.verdict import SealReport, Verdict, WithheldReport
from fairdice.verify import check, verify
from hypothesis import given
from hypothesis import strategies as st
from moto import mock_aws

from testkit.oracles import seed_004
from testkit.oracles.fake_mac import StreamMac, TableMac
from testkit.stores import PassingStore, Undated, Unreadable
from testkit.timeline import Timeline
from unit.common import DAILY, Recording, problems
from unit.strategies import SETTINGS

ARCHIVE_DAY = dt.date(2025, 3, 1)  # the day the archive tests publish and reveal
ARCHIVE_PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


@pytest.fixture(params=["folders", "moto"])
def archive(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Timeline, Stores]]:
    """The two stores, local folders or moto's S3 buckets, dated by the test's timeline."""
    timeline = Timeline(at("2025-03-01 00:00"))
    if request.param == "folders":
        yield timeline, timeline.stores(tmp_path)
        return
    with moto_stores(timeline) as stores:
        yield timeline, stores


@contextmanager
def moto_stores(timeline: Timeline, *, locked: bool = True, days: int | None = None) -> Iterator[Stores]:
    """The two stores in moto's S3, dated by the timeline: the archive under Object Lock in compliance mode, as the
    stack's is (a year, or `days`), or (`locked=False`) a bucket of one's own without it."""
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name="eu-west-1")
        where = {"LocationConstraint": "eu-west-1"}
        client.create_bucket(Bucket="secrets", CreateBucketConfiguration=where)
        client.create_bucket(Bucket="archive", CreateBucketConfiguration=where, ObjectLockEnabledForBucket=locked)
        if locked:
            retention = {"Years": 1} if days is None else {"Days": days}
            client.put_object_lock_configuration(
                Bucket="archive",
                ObjectLockConfiguration={
                    "ObjectLockEnabled": "Enabled",
                    "Rule": {"DefaultRetention": {"Mode": "COMPLIANCE", **retention}},
                },
            )
        yield Stores(secrets=S3Store("secrets", client=client), archive=S3Store("archive", client=client))


class WrittenOnce(PassingStore):
    """The archive as it would be had each object this test writes over been put once, as last written: moto's versioned
    bucket keeps the version written over (and a delete marker), which the readers refuse as a rewrite
    (tests/integration/test_archive_versions_s3.py), where these tests look at what one version, so dated, shows. A
    folder keeps no versions either way."""

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        if self.inner.history(key, each_page=each_page) is None:
            return None
        found = self.inner.read(key)
        return History(() if found is None else (found.modified,), ())


def verified(reader: ArchiveReader | None, **fields: object) -> Verdict:
    request = parse_request({"scheme": "daily", "date": ARCHIVE_DAY.isoformat(), "player_id": ARCHIVE_PLAYER} | fields)
    return verify(request, day_secrets=reader)


def revealed_next_morning(archive: tuple[Timeline, Stores]) -> tuple[ArchiveReader, bytes]:
    """ARCHIVE_DAY committed in time and revealed, read the next morning by the archive's clock; and its secret."""
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))
    return reader, stores.secrets.get(secret_key(ARCHIVE_DAY)) or b""


def committed_that_evening(archive: tuple[Timeline, Stores]) -> ArchiveReader:
    """ARCHIVE_DAY committed in time, read in its evening by the archive's clock: not revealed yet."""
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    return ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 18:00"))


def faces(verdict: Verdict) -> str:
    return " ".join(map(str, verdict.rolls[0]["dice"] or []))


def matching_but_not_in_time(reader: ArchiveReader, reason: str) -> Verdict:
    """A player's roll of ARCHIVE_DAY verified from the archive with the faces they saw, when its seal and rolls match
    but its commitment does not count as published in time: incomplete for `reason` alone, and not final."""
    verdict = verified(reader, recorded=faces(verified(reader)))
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.reasons == [reason]
    assert verdict.seal.in_time is False
    assert not is_final(verdict)
    return verdict


def test_a_commitment_published_in_time_makes_the_day_fair_and_final(archive: tuple[Timeline, Stores]) -> None:
    # Given a day committed at 00:00:03 and revealed at the next midnight
    reader, _ = revealed_next_morning(archive)

    # When a player's roll is verified from the archive with the faces they saw
    verdict = verified(reader, recorded=faces(verified(reader)))

    # Then it is fair, says when the commitment was published, and never changes again
    assert verdict.verdict == "fair", verdict.reasons
    assert verdict.seal.published_at == at("2025-03-01 00:00:03")
    assert verdict.seal.in_time is True
    assert is_final(verdict)


def test_an_archive_bucket_not_under_object_lock_gives_at_most_incomplete_even_for_a_day_kept_in_time() -> None:
    # Review: on a bucket without Object Lock, two commitments were published within the grace and one deleted outright
    # after the day, leaving no trace; the other secret's rolls were fair. Here the day is kept as the publisher wrote
    # it, but nothing shows that no other version was shown and deleted
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline, locked=False) as stores:
        reader, _ = revealed_next_morning((timeline, stores))
        verdict = verified(reader, recorded=faces(verified(reader)))

        record = reader.record(ARCHIVE_DAY)

    # Then every check matches, but the verdict is incomplete, saying why, and so is the day's page (review: headed as
    # fair, "it shows the secret was fixed before anyone rolled")
    assert verdict.verdict == "incomplete"
    assert verdict.checks.seal == "match" and verdict.checks.rolls == "match"
    assert any("is not kept under S3 Object Lock in compliance mode" in reason for reason in verdict.reasons)
    assert (record.seal, record.commitment_in_time, record.locked) == ("match", True, False)
    assert '<div class="verdict incomplete">' in day_page(record).html


def test_a_pending_days_commitment_not_under_object_lock_is_not_said_to_show_the_secret_was_fixed() -> None:
    # Review: on a bucket without Object Lock, GET /daily/{date} of a day committed in time and not revealed yet said
    # its commitment "shows the secret was fixed before anyone rolled" (and `locked` was null), where the same day
    # revealed says it does not: that version may be deleted and another, published in the grace too, shown instead
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline, locked=False) as stores:
        reader = committed_that_evening((timeline, stores))
        unlocked = reader.record(ARCHIVE_DAY)
    with moto_stores(timeline) as stores:
        reader = committed_that_evening((timeline, stores))
        kept = reader.record(ARCHIVE_DAY)

    # Then the pending day says its commitment is not kept, and its page does not say the secret was shown fixed
    assert (unlocked.status, unlocked.commitment_in_time, unlocked.locked) == ("pending", True, False)
    page = day_page(unlocked).html
    assert "it shows the secret was fixed" not in page
    assert "But it is not kept under S3 Object Lock in compliance mode" in page
    assert "it does not show the secret was fixed before anyone rolled" in page
    # And one kept under the stack's lock says it was published in time by the version read, and that it shows the
    # secret fixed only once its versions are checked, at the reveal (changed on purpose: it said it showed it, though
    # a pending day's versions are not listed, so one hidden and written again in the grace was not ruled out)
    assert (kept.status, kept.commitment_in_time, kept.locked) == ("pending", True, True)
    kept_page = day_page(kept).html
    assert "✓" in kept_page and "Published within 15 minutes of 00:00 UTC, before the day's play" in kept_page
    assert "by S3's own time for the version read" in kept_page
    assert "is checked once its secret is revealed: only then does it show the secret was fixed" in kept_page
    assert "it shows the secret was fixed before anyone rolled" not in kept_page


def test_a_pending_days_verdict_says_its_versions_unseen_is_null_because_they_are_listed_only_at_the_reveal() -> None:
    # Given a day committed in time and kept under the stack's lock, read in its evening, not revealed yet
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline) as stores:
        reader = committed_that_evening((timeline, stores))

        # When its roll is verified
        verdict = verified(reader)

    # Then its seal is in time and kept, and its versions_unseen null, as its day's record says it: they are not listed
    # before the reveal (review: the verdict's schema said it null only where they were listed, or none are kept)
    assert verdict.verdict == "withheld"
    assert (verdict.seal.in_time, verdict.seal.locked, verdict.seal.versions_unseen) == (True, True, None)
    for described in (SealReport.model_fields["versions_unseen"], DayRecord.model_fields["versions_unseen"]):
        assert "versions are listed only once it is revealed" in (described.description or ""), described


def _tab_and_heading(page: str) -> tuple[str, str]:
    """A page's title and its heading, as a person reads them."""
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.DOTALL)
    assert title is not None and heading is not None
    return _text(title[1]), _text(heading[1])


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


@pytest.mark.parametrize(
    ("published", "locked", "unproven"),
    [
        ("2025-03-01 00:00:03", True, None),
        ("2025-03-01 00:20:00", True, "does not show the secret was fixed before the day's play"),
        (None, True, "published no commitment for 2025-03-01 in the 15 minutes after 00:00 UTC"),
        ("2025-03-01 00:00:03", False, "is not kept under S3 Object Lock in compliance mode"),
    ],
    ids=["in time and kept", "late", "missing", "not kept"],
)
def test_a_pending_days_roll_says_it_will_be_at_most_incomplete_where_its_days_record_does(
    published: str | None, locked: bool, unproven: str | None
) -> None:
    # Given a day not revealed yet, read in its evening, whose commitment S3 dates in time under the stack's Object
    # Lock, late, not at all, or in time on a bucket without Object Lock (review: the last one's roll read "Not yet
    # verifiable" alone, as of a roll that could yet be fair, where the day's record page said its rolls are at most
    # incomplete, and the same day revealed is)
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline, locked=locked) as stores:
        if published is not None:
            timeline.publish(stores, at(published))
        reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 18:00"))
        verdict = verified(reader, recorded="1 2 3 4 5 6")
        record = reader.record(ARCHIVE_DAY)

    # Then the roll is withheld, and its JSON says it will be at most incomplete, and why, exactly where the day is
    # unproven; its page's tab and heading say it there too
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is (unproven is not None)
    said = [reason for reason in verdict.reasons if "at most incomplete" in reason]
    assert (len(said) == 1 and unproven in said[0]) if unproven is not None else said == [], verdict.reasons
    tab, heading = _tab_and_heading(render_page(verdict))
    assert tab.startswith(
        "Not yet verifiable, at most incomplete once revealed · " if unproven else "Not yet verifiable · "
    )
    assert ("at most incomplete" in heading) is (unproven is not None), heading
    # And the day's record page says it, in its tab and its heading, exactly where the roll does
    day_tab, day_heading = _tab_and_heading(day_page(record).html)
    assert ("at most incomplete" in day_tab) is (unproven is not None), day_tab
    assert ("at most incomplete" in day_heading) is (unproven is not None), day_heading


def _commitment_section(page: str) -> str:
    """A page's commitment section, as a person reads it."""
    section = re.search(r"<h2>The commitment</h2>(.*?)(?:<h2>|</main>|$)", page, re.DOTALL)
    assert section is not None
    return _text(section[1])


@pytest.mark.parametrize(
    ("published", "revealed", "locked", "not_kept"),
    [
        ("2025-03-01 00:00:03", False, True, False),
        ("2025-03-01 00:20:00", False, True, False),
        (None, False, True, False),
        ("2025-03-01 00:00:03", False, False, True),
        ("2025-03-01 00:20:00", False, False, False),  # said late, as the day's page says it, not "but not kept"
        ("2025-03-01 00:00:03", True, True, False),
        ("2025-03-01 00:00:03", True, False, True),
    ],
    ids=[
        "pending in time",
        "pending late",
        "pending missing",
        "pending not kept",
        "pending late and not kept",
        "revealed",
        "revealed not kept",
    ],
)
def test_a_rolls_commitment_section_says_it_is_not_kept_exactly_where_its_days_record_page_does(
    published: str | None, revealed: bool, locked: bool, not_kept: bool
) -> None:
    # Given a day committed to in time, late or not at all, on the stack's bucket under Object Lock or on one without
    # it, read in its evening or, revealed, the next morning (review: a pending day's roll whose commitment is not kept
    # said in its commitment section that it was published before the day's play, and nothing more, where the day's
    # record page said there that it is not kept, so it does not show the secret was fixed)
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline, locked=locked) as stores:
        if published is not None:
            timeline.publish(stores, at(published))
        if revealed:
            timeline.publish(stores, at("2025-03-02 00:00:01"))
        reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00" if revealed else "2025-03-01 18:00"))
        verdict = verified(reader)
        record = reader.record(ARCHIVE_DAY)

    # Then the roll's JSON says whether its commitment is kept as the day's record does
    assert verdict.verdict == ("incomplete" if revealed else "withheld")
    assert verdict.seal.locked is record.locked is (None if published is None else locked)
    # And its page's commitment section says it is not kept exactly where the day's record page's does
    said = "is not kept under S3 Object Lock in compliance mode"
    roll, day = _commitment_section(render_page(verdict)), _commitment_section(day_page(record).html)
    assert (said in roll) is (said in day) is not_kept, (roll, day)
    if not_kept:
        assert "does not show the day secret was fixed before anyone rolled" in roll, roll
        assert "that day's rolls are at most incomplete" in roll, roll


def test_a_lock_whose_retention_has_ended_keeps_nothing_so_the_day_is_at_most_incomplete() -> None:
    # Review: on a bucket of one's own whose compliance retention is a day, two commitments were published within the
    # grace and, once the lock ended, one was deleted outright; S3 still said COMPLIANCE of the one kept, and the other
    # secret's rolls were fair. A lock that has ended shows no more than no lock at all
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline, days=1) as stores:
        revealed_next_morning((timeline, stores))
        kept = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 00:00:02"))
        ended = ArchiveReader(stores.archive, clock=lambda: at("2025-03-09 09:00"))
        while_kept = verified(kept, recorded=faces(verified(kept)))
        once_ended = verified(ended, recorded=faces(verified(ended)))
        records = kept.record(ARCHIVE_DAY).locked, ended.record(ARCHIVE_DAY).locked

    # Then the roll is fair while both versions are kept, and incomplete once their retention has ended, saying why
    assert while_kept.verdict == "fair", while_kept.reasons
    assert once_ended.verdict == "incomplete"
    assert once_ended.checks.seal == "match" and once_ended.checks.rolls == "match"
    assert any("is not kept under S3 Object Lock in compliance mode" in reason for reason in once_ended.reasons)
    assert records == (True, False)


def test_a_plain_folders_times_are_no_witness_so_its_days_are_at_most_incomplete_however_dated(
    tmp_path: Path,
) -> None:
    # Given a day committed at 00:00:03 and revealed at the next midnight, in folders whose files are dated then (as
    # whoever holds a folder can date them, any time later), read as the embedded default reads its folder
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(FolderStore(tmp_path / "archive"), clock=lambda: at("2025-03-02 09:00"))

    # Then every check matches, but nothing witnesses when the commitment was published: incomplete, saying why
    verdict = matching_but_not_in_time(
        reader,
        "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set:"
        " it does not show when 2025-03-01's commitment was published, so it does not show the secret was fixed before"
        " the day's play (only AWS S3's own LastModified does)",
    )
    assert verdict.seal.published_at == at("2025-03-01 00:00:03")
    assert reader.record(ARCHIVE_DAY).commitment_in_time is False


@pytest.mark.parametrize(
    ("day", "now", "as_of"),
    [
        ("2025-03-02", "2025-03-01 18:00", False),
        ("2025-03-01", "2025-03-01 00:05", False),
        ("2025-03-01", "2025-03-02 00:05", True),
    ],
    ids=["not begun", "today before its commitment", "an audit's day not final"],
)
def test_a_day_not_revealed_on_an_archive_whose_times_are_no_witness_is_said_at_most_incomplete_already(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, day: str, now: str, as_of: bool
) -> None:
    # Given a day not revealed yet, with no commitment read for it (a day not begun, today in its grace before its
    # commitment, an audit's moment before the day's reveal was final), on a plain folder, through an S3 endpoint of
    # one's own (moto answering there), and on AWS's own S3 (moto) (review: on a folder, tomorrow's roll read "Not yet
    # verifiable" alone, where today's said at most incomplete, and once revealed it can never be more)
    def withheld(archive: ObjectStore) -> Verdict:
        verdict = verified(ArchiveReader(archive, clock=lambda: at(now), as_of=as_of), date=day)
        assert verdict.verdict == "withheld" and verdict.withheld is not None
        return verdict

    folder = withheld(FolderStore(tmp_path / "archive"))
    monkeypatch.setenv("MOTO_S3_CUSTOM_ENDPOINTS", "http://127.0.0.1:9000")
    with moto_stores(Timeline(at("2025-03-01 00:00"))) as stores:
        aws = withheld(stores.archive)
        client = boto3.client("s3", region_name="eu-west-1", endpoint_url="http://127.0.0.1:9000")
        own = withheld(S3Store("archive", client=client))

    # Then on the folder and the endpoint of one's own it is said at most incomplete once revealed, and why, as the
    # same day revealed there is; on AWS's own S3 it is not
    for verdict in (folder, own):
        assert verdict.withheld is not None and verdict.withheld.at_most_incomplete is True
        assert verdict.reasons[1:] == [
            "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can"
            f" set: it does not show when {day}'s commitment was published, so once its secret is revealed, nothing"
            " shows it was fixed before the day's play, and that day's rolls are at most incomplete"
        ]
        tab, _ = _tab_and_heading(render_page(verdict))
        assert tab.startswith("Not yet verifiable, at most incomplete once revealed · ")
    assert aws.withheld is not None and aws.withheld.at_most_incomplete is False
    assert len(aws.reasons) == 1


def test_todays_roll_on_a_folder_whose_commitment_is_dated_in_its_grace_says_the_folders_times_are_no_witness(
    tmp_path: Path,
) -> None:
    # Given today's commitment in a plain folder, its file dated in the day's grace, read in the day's evening
    timeline = Timeline(at("2025-03-01 00:00"))
    timeline.publish(timeline.stores(tmp_path), at("2025-03-01 00:00:03"))
    reader = ArchiveReader(FolderStore(tmp_path / "archive"), clock=lambda: at("2025-03-01 18:00"))

    verdict = verified(reader)

    # Then its roll is withheld at most incomplete once revealed, and says why: not that the time shown with it is out
    # of the grace (review: the reason said the commitment does not show the secret was fixed, "when it was published
    # is said with it", beside a time within the grace), but that a folder's times are no witness
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    assert verdict.seal.published_at == at("2025-03-01 00:00:03")
    assert verdict.reasons[1:] == [
        "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set:"
        " it does not show when 2025-03-01's commitment was published, so once its secret is revealed, nothing shows"
        " it was fixed before the day's play, and that day's rolls are at most incomplete"
    ]


def test_an_audits_day_not_final_read_through_an_s3_endpoint_of_ones_own_is_said_at_most_incomplete() -> None:
    # Given an audit of the archive bucket FAIRDICE_S3_ENDPOINT_URL names, begun before a day's reveal was final: the
    # day is withheld without a read, so the endpoint is never asked
    storage = StorageSettings.from_environ(
        {
            "FAIRDICE_ARCHIVE_BUCKET": "archive",
            "FAIRDICE_S3_ENDPOINT_URL": "http://127.0.0.1:9",
            "AWS_REGION": "eu-west-1",
        }
    )
    found = of_bucket(storage, clock=lambda: at("2025-03-02 00:05"))
    assert found is not None

    verdict = verified(found.secrets, date="2025-03-01")

    # Then its roll is said at most incomplete once revealed, as every day of that endpoint is
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    assert "whose times whoever holds it can set" in verdict.reasons[-1]


def test_a_commitment_published_after_the_grace_gives_at_most_incomplete(archive: tuple[Timeline, Stores]) -> None:
    # Given a day whose secret and commitment were made at 00:20, past the 15 minutes after 00:00 UTC
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:20:00"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))

    # Then the rolls match but the verdict is incomplete, says why and when, and is not final
    matching_but_not_in_time(
        reader,
        "the commitment of 2025-03-01 was published at 2025-03-01 00:20:00 UTC, after the 15 minutes after 00:00 UTC"
        " it had: it does not show the secret was fixed before the day's play",
    )
    record = reader.record(ARCHIVE_DAY)
    assert (record.commitment_in_time, record.commitment_published_at) == (False, at("2025-03-01 00:20:00"))
    assert not is_final(record)


def test_a_commitment_the_archive_dates_before_its_day_began_gives_at_most_incomplete(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day published and revealed, whose commitment the archive dates at noon the day before (written then,
    # so its secret could have been chosen for the rolls it gives)
    timeline, stores = archive
    revealed_next_morning(archive)
    timeline.now = at("2025-02-28 12:00")
    stores.archive.replace(commitment_key(ARCHIVE_DAY), stores.archive.get(commitment_key(ARCHIVE_DAY)) or b"")
    reader = ArchiveReader(WrittenOnce(stores.archive), clock=lambda: at("2025-03-02 09:00"))

    # When a player's roll of that day is verified, Then the rolls match, but the commitment is not in time:
    # incomplete, saying why, and not final
    matching_but_not_in_time(
        reader,
        "the commitment of 2025-03-01 was published at 2025-02-28 12:00:00 UTC, before its day began, which the"
        " publisher never does: the secret could have been chosen for the rolls it gives",
    )
    assert reader.record(ARCHIVE_DAY).commitment_in_time is False


def test_a_commitment_the_next_run_had_to_publish_at_reveal_time_is_late(archive: tuple[Timeline, Stores]) -> None:
    # Given a run that made the day's secret but died before its commitment: the next run publishes it at reveal
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    _forget_commitment(stores)  # behind the write-once archive's back: as if the dead run had never written it
    report = timeline.publish(stores, at("2025-03-02 00:00:01"))
    assert report.reveal.late_commitments == [ARCHIVE_DAY]
    reader = ArchiveReader(WrittenOnce(stores.archive), clock=lambda: at("2025-03-02 09:00"))

    verdict = verified(reader, recorded=faces(verified(reader)))

    assert verdict.verdict == "incomplete"
    assert verdict.seal.published_at == at("2025-03-02 00:00:01")
    assert "published at 2025-03-02 00:00:01 UTC" in verdict.reasons[0]


def _forget_commitment(stores: Stores) -> None:
    if isinstance(stores.archive, S3Store):
        client = stores.archive._given_client  # the test's own moto client
        assert client is not None
        client.delete_object(Bucket="archive", Key=commitment_key(ARCHIVE_DAY))  # type: ignore[attr-defined]
    else:
        (stores.archive.root / commitment_key(ARCHIVE_DAY)).unlink()  # type: ignore[attr-defined]


def test_a_given_secret_or_commitment_is_compared_with_the_archives(archive: tuple[Timeline, Stores]) -> None:
    reader, secret = revealed_next_morning(archive)

    # The right secret and commitment: fair
    right = verified(reader, secret=secret.hex(), commitment=seal_of(secret), recorded=faces(verified(reader)))
    assert right.verdict == "fair"
    assert right.source == "daily archive revealed/2025-03-01.json"  # the same secret: the archive's

    # Another secret with its own commitment: a mismatch, said in words
    other = bytes(32)
    wrong = verified(reader, secret=other.hex(), commitment=seal_of(other))
    assert wrong.verdict == "mismatch"
    assert f"the commitment given is not the one the daily archive published for 2025-03-01 ({seal_of(secret)})" in (
        wrong.reasons
    )
    assert "the day secret given is not the one the daily archive revealed for 2025-03-01" in wrong.reasons
    assert "the day secret does not match the commitment the daily archive published" in wrong.reasons
    # and its secret, the one its dice come from, came with the request, not from the archive (review: it said so)
    assert wrong.source is None

    # The right secret with another commitment: a mismatch too
    assert verified(reader, secret=secret.hex(), commitment=seal_of(other)).verdict == "mismatch"


def test_before_a_day_is_revealed_any_secret_given_is_withheld(archive: tuple[Timeline, Stores]) -> None:
    reader = committed_that_evening(archive)
    secret = archive[1].secrets.get(secret_key(ARCHIVE_DAY)) or b""

    # The day's real secret, another one, or none, today or tomorrow: never confirmed nor denied
    for given_secret in (secret, bytes(32)):
        for day in ("2025-03-01", "2025-03-02"):
            verdict = verified(reader, date=day, secret=given_secret.hex(), commitment=seal_of(given_secret))
            assert verdict.verdict == "withheld"
            assert verdict.rolls == [] and verdict.seal.computed is None
    assert verified(reader).verdict == "withheld"
    # and a day not begun with no secret given is withheld too, as without an archive, not an unknown day (review:
    # POST /verify answered 404 where the audit, the CLI and the offline page said withheld)
    tomorrow = verified(reader, date="2025-03-02")
    assert tomorrow.verdict == "withheld"
    assert tomorrow.reasons == [
        "2025-03-02 has not begun in UTC: its secret is not revealed, so none is confirmed or denied"
    ]


def test_a_secret_given_for_the_calendars_last_day_is_withheld_with_no_reveal_time(tmp_path: Path) -> None:
    # Given an archive read on 2025-03-01 and a secret given for 9999-12-31, whose next midnight no datetime holds
    reader = ArchiveReader(FolderStore(tmp_path), clock=lambda: at("2025-03-01 18:00"))
    own = bytes(range(32))

    verdict = verified(reader, date="9999-12-31", secret=own.hex(), commitment=seal_of(own))

    # Then it is withheld like any day not begun, and says no time it is due rather than failing; a plain folder's
    # times are no witness, so it is said at most incomplete once revealed
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and verdict.withheld.reveal_at is None
    assert verdict.reasons == [
        "9999-12-31 has not begun in UTC: its secret is not revealed, so none is confirmed or denied",
        "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set:"
        " it does not show when 9999-12-31's commitment was published, so once its secret is revealed, nothing shows"
        " it was fixed before the day's play, and that day's rolls are at most incomplete",
    ]


def test_without_the_archives_commitment_a_callers_own_secret_gives_at_most_incomplete(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given an archive that has days, but none for 2025-02-27
    reader = committed_that_evening(archive)
    own = bytes(range(32))
    first = verified(reader, date="2025-02-27", secret=own.hex(), commitment=seal_of(own))

    # When a caller brings their own secret and commitment, with the faces they give
    verdict = verified(reader, date="2025-02-27", secret=own.hex(), commitment=seal_of(own), recorded=faces(first))

    # Then nothing fails, but nothing shows the secret was fixed before the day's play
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.reasons == [
        "the daily archive has no commitment for 2025-02-27, so nothing shows this secret was fixed before the"
        " day's play"
    ]
    # And without a secret, that day is still unknown
    with pytest.raises(UnknownDay):
        verified(reader, date="2025-02-27")


def test_with_no_archive_at_all_a_callers_own_secret_gives_at_most_incomplete() -> None:
    own = bytes(range(32))
    first = verified(None, secret=own.hex(), commitment=seal_of(own))
    verdict = verified(None, secret=own.hex(), commitment=seal_of(own), recorded=faces(first))
    assert verdict.verdict == "incomplete"
    assert "no daily archive was consulted here" in verdict.reasons[0]


# Without an archive, the caller's clock says which days are over: `today` is its UTC day. The faces a player saw are
# seed 004's own (the transcribed oracle), for the secret the request carries.
OWN = bytes(range(32))
CLOSED, TODAY, TOMORROW = dt.date(2026, 10, 27), dt.date(2026, 10, 28), dt.date(2026, 10, 29)


def carried(day: dt.date, secret: bytes = OWN) -> dict[str, object]:
    """A daily roll carrying a day secret and its commitment, with the faces seed 004 gives for them."""
    return {
        "date": day.isoformat(),
        "secret": secret.hex(),
        "commitment": seal_of(secret),
        "recorded": " ".join(map(str, seed_004.faces(secret, day.isoformat(), ARCHIVE_PLAYER))),
    }


def without_archive(day: dt.date, today: dt.date, **fields: object) -> Verdict:
    request = parse_request({"scheme": "daily", "player_id": ARCHIVE_PLAYER} | carried(day) | fields)
    return verify(request, today=today)


def test_without_an_archive_a_closed_day_is_checked_against_the_secret_it_carries() -> None:
    # Given today is 2026-10-28 by the caller's clock, a roll of the day before with its secret and commitment
    verdict = without_archive(CLOSED, TODAY)

    # Then the seal and the faces match, and only the missing archive keeps it from fair
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.reasons == [
        "no daily archive was consulted here, so nothing shows when 2026-10-27's commitment was published: it does"
        " not show the secret was fixed before the day's play"
    ]


def test_with_an_archive_a_closed_day_is_fair_whatever_today_the_caller_gives(archive: tuple[Timeline, Stores]) -> None:
    # Given a day committed in time and revealed, read the next morning by the archive's clock
    reader, secret = revealed_next_morning(archive)
    request = parse_request({"scheme": "daily", "player_id": ARCHIVE_PLAYER} | carried(ARCHIVE_DAY, secret))

    # When it is verified with today given as the caller's clock reads it
    verdict = verify(request, day_secrets=reader, today=dt.date(2025, 3, 2))

    # Then the archive decides, as without today: fair
    assert verdict.verdict == "fair", verdict.reasons


@pytest.mark.parametrize("secret", [OWN, bytes(32)], ids=["its secret", "another secret"])
def test_without_an_archive_today_is_withheld_whatever_secret_is_given(secret: bytes) -> None:
    # Given today is 2026-10-28 by the caller's clock, a roll of today with a secret and its own commitment
    verdict = without_archive(TODAY, TODAY, secret=secret.hex(), commitment=seal_of(secret))

    # Then nothing is computed or compared: the secret is neither confirmed nor denied before the next midnight
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None
    assert (
        verdict.withheld.reason
        == "the secret of 2026-10-28 is not revealed yet: the archive reveals it in the minutes after that day ends"
        " in UTC"
    )
    assert verdict.withheld.reveal_at == at("2026-10-29 00:00")
    assert verdict.rolls == [] and verdict.seal.computed is None
    # and the commitment and faces it carries are given, but not checked yet: never said not given
    assert verdict.checks.model_dump() == {"seal": "not_checked", "rolls": "not_checked"}


def test_without_an_archive_a_day_not_begun_is_withheld_whatever_secret_is_given() -> None:
    verdict = without_archive(TOMORROW, TODAY)
    assert verdict.verdict == "withheld" and verdict.rolls == []
    assert verdict.withheld is not None
    assert verdict.withheld.reason == (
        "2026-10-29 has not begun in UTC: its secret is not revealed, so none is confirmed or denied"
    )
    assert verdict.withheld.reveal_at == at("2026-10-30 00:00")


def test_without_an_archive_the_calendars_last_day_is_withheld_with_no_reveal_time() -> None:
    verdict = without_archive(dt.date.max, TODAY)
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and verdict.withheld.reveal_at is None
    # and at most incomplete once revealed, as without an archive it is (changed on purpose: it said nothing of that)
    assert verdict.reasons == [
        "9999-12-31 has not begun in UTC: its secret is not revealed, so none is confirmed or denied",
        "no daily archive was consulted here, so nothing shows when 9999-12-31's commitment was published: it does not"
        " show the secret was fixed before the day's play",
    ]


@pytest.mark.parametrize("fields", [{}, {"secret": None, "commitment": None}], ids=["its secret given", "none"])
@pytest.mark.parametrize("day", [TODAY, TOMORROW], ids=["today", "not begun"])
def test_without_an_archive_a_day_not_over_is_withheld_at_most_incomplete_once_revealed_as_its_check_then_says(
    day: dt.date, fields: dict[str, object]
) -> None:
    # Given a roll of a day not over by the caller's clock, checked without an archive, with its secret or none
    verdict = without_archive(day, TODAY, **fields)

    # Then it is withheld, and said at most incomplete once revealed (review: at_most_incomplete was false, and its
    # page's tab "Not yet verifiable" alone, where once revealed the same check can only be incomplete)
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    why = (
        f"no daily archive was consulted here, so nothing shows when {day.isoformat()}'s commitment was published: it"
        " does not show the secret was fixed before the day's play"
    )
    assert verdict.reasons[1:] == [why]
    assert "<title>Not yet verifiable, at most incomplete once revealed · " in render_page(verdict)

    # and once the day is over, that check (its secret given) is incomplete for the same reason, never more
    over = without_archive(day, day + dt.timedelta(days=1))
    assert over.verdict == "incomplete" and why in over.reasons, over.reasons


def test_without_an_archive_or_a_secret_a_day_not_over_is_withheld_rather_than_asking_for_its_secret() -> None:
    request = parse_request({"scheme": "daily", "date": TODAY.isoformat(), "player_id": ARCHIVE_PLAYER})
    assert verify(request, today=TODAY).verdict == "withheld"
    with pytest.raises(InvalidInput):
        verify(request, today=TOMORROW)  # the day over: its secret is needed


@SETTINGS
@given(day=st.dates(), today=st.dates(), secret=st.binary(min_size=32, max_size=32))
def test_without_an_archive_exactly_the_days_before_today_are_recomputed(day: date, today: date, secret: bytes) -> None:
    request = parse_request(
        {"scheme": "daily", "date": day.isoformat(), "player_id": ARCHIVE_PLAYER, "secret": secret.hex()}
    )
    checked = check(request, today=today)
    assert isinstance(checked, Withheld) == (day >= today)


def test_an_archive_that_cannot_be_read_is_an_error_never_a_verdict() -> None:
    reader = ArchiveReader(Unreadable("a reader"), clock=lambda: at("2025-03-02 09:00"))
    own = bytes(range(32))
    with pytest.raises(ArchiveUnavailable):
        verified(reader, secret=own.hex(), commitment=seal_of(own))


@SETTINGS
@given(key=st.binary(min_size=32, max_size=32), day=st.dates(), player=st.uuids())
def test_daily_message_is_the_date_a_pipe_and_the_lowercase_hyphenated_uuid(
    key: bytes, day: date, player: UUID
) -> None:
    mac = Recording(key)
    roll = daily.roll(mac, day, player)
    text = f"{day.year:04d}-{day.month:02d}-{day.day:02d}|{str(player).lower()}"
    assert mac.messages == [text.encode()]
    assert (roll.number, roll.message) == (1, text)


# Seed 004's recipe and the package on the same random inputs: first with real HMACs, then with stand-in MACs that
# reject most bytes, so that every die's limit and later block are taken many times over.
@SETTINGS
@given(secret=st.binary(min_size=32, max_size=32), day=st.dates(), player=st.uuids())
def test_daily_agrees_with_seed_004_recipe(secret: bytes, day: date, player: UUID) -> None:
    request = parse_request(
        {"scheme": "daily", "date": day.isoformat(), "player_id": player.hex.upper(), "secret": secret.hex()}
    )
    [report] = verify(request).rolls
    assert report["message"] == f"{day.isoformat()}|{player}"
    assert report["dice"] == seed_004.faces(secret, day.isoformat(), str(player))


@SETTINGS
@given(
    salt=st.binary(min_size=1, max_size=8),
    cut=st.integers(1, 64),
    from_=st.integers(236, 252),
    day=st.dates(),
    player=st.uuids(),
)
def test_daily_per_die_limits_and_later_blocks_agree_with_seed_004_recipe(
    salt: bytes, cut: int, from_: int, day: date, player: UUID
) -> None:
    # Bytes pushed into from_..255 are rejected by some dice and kept by others (d4 and d8 keep all);
    # byte 0 stays possible (cut >= 1), so every die is read sooner or later.
    stream = StreamMac(salt, cut, rejected_from=from_)
    expected = seed_004.faces(b"", day.isoformat(), str(player), lambda _key, m: stream(m))
    assert list(daily.roll(stream, day, player).dice) == expected


# Branches a real HMAC never reaches (a block with too few bytes each die can use), driven by hand-made blocks. Each
# expected value is worked out by hand from the seed's rule, in the comment beside it. The stand-in MAC knows only the
# listed messages, so asking for any other block fails the test.
DAY = dt.date(2026, 10, 28)
PLAYER = UUID("123e4567-e89b-12d3-a456-426614174000")
MESSAGE = b"2026-10-28|123e4567-e89b-12d3-a456-426614174000"


@pytest.mark.parametrize(
    ("position", "sides", "limit"),
    [(0, 4, 256), (1, 6, 252), (2, 8, 256), (3, 10, 250), (4, 12, 252), (5, 20, 240)],
)
def test_daily_rejects_a_byte_at_its_dies_limit_and_keeps_the_byte_below(position: int, sides: int, limit: int) -> None:
    # Zeros give face 1 to the dice before; then, for the die under test, the limit (rejected,
    # unless the limit is 256) and limit - 1 (kept: face sides); then zeros again.
    candidates = [limit, limit - 1] if limit < 256 else [limit - 1]
    block = bytes(position) + bytes(candidates) + bytes(32 - position - len(candidates))
    faces = daily.roll(TableMac({MESSAGE: block}), DAY, PLAYER).dice
    assert faces[position] == sides  # (limit - 1) mod n + 1 = n
    assert faces[:position] == (1,) * position
    assert faces[position + 1 :] == (1,) * (5 - position)


def test_daily_dice_are_seed_004s_table_row_by_row_with_its_expected_consumption() -> None:
    # Seed 004's table (Die, Sides, Limit, Bytes rejected) and its "Expected consumption is 6.1224 of the 32 bytes
    # available": a die of limit L rejects (256 - L) / 256 of the bytes, so reads 256 / L of them on average
    table = [
        ("d4", 4, 256, "0.00%"),
        ("d6", 6, 252, "1.56%"),
        ("d8", 8, 256, "0.00%"),
        ("d10", 10, 250, "2.34%"),
        ("d12", 12, 252, "1.56%"),
        ("d20", 20, 240, "6.25%"),
    ]
    dice = zip(daily.SCHEME.die_names, daily.SIDES, strict=True)
    assert [(name, n, limit_for(n), f"{(256 - limit_for(n)) / 256:.2%}") for name, n in dice] == table
    assert f"{sum(256 / limit_for(n) for n in daily.SIDES):.4f}" == "6.1224"


def test_daily_continues_in_message_pipe_1_then_pipe_2() -> None:
    # block 0 gives d4..d12 from 0x00 bytes then only d20-rejected bytes (240..255)
    first = bytes(5) + bytes(range(240, 256)) + bytes([250] * 11)
    mac = TableMac({MESSAGE: first, MESSAGE + b"|1": b"\xf0" * 32, MESSAGE + b"|2": bytes([219]) + bytes(31)})
    roll = daily.roll(mac, DAY, PLAYER)
    # 219 mod 20 + 1 = 20
    assert roll.dice == (1, 1, 1, 1, 1, 20)
    assert roll.message == MESSAGE.decode()


def test_daily_reads_each_die_with_its_own_limit_across_a_block_boundary() -> None:
    first = bytes([250, 250]) + b"\xff" * 30
    then = bytes([250, 249, 251, 239]) + bytes(28)
    mac = TableMac({MESSAGE: first, MESSAGE + b"|1": then})
    # block 0: d4 ← 250 (250 mod 4 + 1 = 3), d6 ← 250 (< 252: 5), d8 ← 255 (limit 256: 8),
    #          d10 rejects the other 255s; block |1: d10 rejects 250 and keeps 249 (10),
    #          d12 ← 251 (12), d20 ← 239 (< 240: 20)
    assert daily.roll(mac, DAY, PLAYER).dice == (3, 5, 8, 10, 12, 20)


@pytest.mark.parametrize(("size", "said"), [(31, "it is 2 digits short"), (33, "it has 2 digits too many")])
def test_a_day_secret_is_exactly_32_bytes(size: int, said: str) -> None:
    assert problems(DAILY | {"secret": "ab" * size}) == [
        ("secret", f"a day secret must be 32 bytes (64 hex digits), got {size} bytes: {said}; copy it again")
    ]


# ---- the daily verdict's page says what the archive shows, and no more (review of the pages) ----------------------


def test_the_page_of_a_commitment_not_witnessed_in_time_does_not_call_it_late(tmp_path: Path) -> None:
    # Given a folder archive whose commitment file is dated 00:00:03, well inside the day's grace: not witnessed, so
    # incomplete (review: the page said "too late", which it was not)
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(FolderStore(tmp_path / "archive"), clock=lambda: at("2025-03-02 09:00"))
    verdict = verified(reader, recorded=faces(verified(reader)))

    # Then its page says when, that it does not show the secret was fixed in time, and points to the reason why
    page = render_page(verdict)
    assert "too late" not in page
    assert (
        "The commitment was published at 2025-03-01 00:00:03 UTC by the archive's time, but that does not show the day"
        " secret was fixed before the game's play: the reasons above say why." in page
    )
    assert "whose times whoever holds it can set" in page  # the reason, in the headline


def test_a_wrong_day_secret_given_is_blamed_on_the_secret_not_on_the_archives_commitment(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a revealed day, and a player who gives another secret (review: the diagnosis said the archive's commitment
    # was most likely another game's, and the page called it the commitment given)
    reader, _ = revealed_next_morning(archive)
    verdict = verified(reader, secret=bytes(range(32)).hex())
    assert verdict.verdict == "mismatch"

    # Then the diagnosis names the secret given, and the page the commitment as the archive published it
    assert verdict.diagnosis is not None
    assert [finding.cause for finding in verdict.diagnosis] == ["secret_from_other_game"]
    assert verdict.diagnosis[0].detail.startswith(
        "the commitment is the one the archive published (daily archive commitments/2025-03-01.json), and the SHA-256"
        " of the day secret given is"
    )
    page = render_page(verdict)
    assert "the SHA-256 of the day secret is not the commitment published" in page
    assert "<dt>published</dt>" in page and "<dt>given</dt>" not in page
    assert "another game&#x27;s" not in page and "another game's" not in page
    # and it does not say the secret its dice come from came from the archive (review: it did)
    assert "came from daily archive" not in page
    assert "The day secret came from daily archive revealed/2025-03-01.json." in render_page(verified(reader))


def _reveal_instead(stores: Stores, secret: bytes) -> None:
    """The operator's cheat: ARCHIVE_DAY's record reveals `secret`, with that secret's own commitment, not the secret
    the day's published commitment sealed (written over the honest record, as a test may)."""
    key = revealed_key(ARCHIVE_DAY)
    record = json.loads(stores.archive.get(key) or b"") | {"secret": secret.hex(), "commitment": seal_of(secret)}
    data = json.dumps(record).encode()
    if isinstance(stores.archive, S3Store):
        client = stores.archive._given_client  # the test's own moto client
        assert client is not None
        client.put_object(Bucket="archive", Key=key, Body=data)
    else:
        (stores.archive.root / key).write_bytes(data)  # type: ignore[attr-defined]


def test_an_archive_that_reveals_a_secret_it_did_not_commit_to_is_blamed_not_the_player(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day whose record reveals another secret than the one its published commitment sealed, and a player who
    # gives no secret, the faces that secret gives, then those faces and the secret itself, then other faces (review:
    # the diagnosis told the player to leave out the secret they never gave)
    _, stores = archive
    revealed_next_morning(archive)
    played = bytes(range(32))
    _reveal_instead(stores, played)
    reader = ArchiveReader(WrittenOnce(stores.archive), clock=lambda: at("2025-03-02 09:00"))
    seen = faces(verified(reader))
    verdicts = [
        verified(reader, recorded=seen),
        verified(reader, recorded=seen, secret=played.hex()),
        verified(reader, recorded="1 1 1 1 1 1"),
    ]

    # Then each is a mismatch that says the archive revealed a secret it had not committed to, diagnosed as such, and
    # no finding blames a secret given or copied
    for verdict in verdicts:
        assert verdict.verdict == "mismatch"
        assert verdict.reasons[0] == (
            "the day secret the daily archive revealed for 2025-03-01 does not give the commitment it published for"
            " 2025-03-01 before the day: the archive revealed a secret it had not committed to"
        )
        assert verdict.diagnosis is not None
        assert verdict.diagnosis[0].cause == "secret_not_committed"
        assert verdict.diagnosis[0].detail.startswith(
            "the day secret the archive revealed (daily archive revealed/2025-03-01.json) is not the one it committed"
            f" to: its SHA-256 is {seal_of(played)}, not the commitment the archive published for the day (daily"
            " archive commitments/2025-03-01.json). No mistake in copying explains it: keep this link and report it"
        )
        assert all(finding.cause != "secret_from_other_game" for finding in verdict.diagnosis)
        assert "The archive revealed a day secret it had not committed to" in render_page(verdict)


def test_a_day_whose_record_the_archive_dates_within_the_day_is_at_most_incomplete_and_says_when_it_was_revealed(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day revealed honestly, whose record is then written again with the archive's time at 09:00 of its own day,
    # as the publisher's role could (review: a secret revealed during its day was taken as any other, fair)
    timeline, stores = archive
    reader, _ = revealed_next_morning(archive)
    honest = reader.record(ARCHIVE_DAY)
    seen = faces(verified(reader))
    key = revealed_key(ARCHIVE_DAY)
    data = stores.archive.get(key) or b""
    timeline.now = at("2025-03-01 09:00")
    stores.archive.replace(key, data)
    early = ArchiveReader(WrittenOnce(stores.archive), clock=lambda: at("2025-03-02 09:00"))

    # Then the honest record is dated after the day and shown as such, and the early one keeps the roll from fair,
    # saying when it was revealed, in the verdict and on the day's page
    assert (honest.revealed_at, honest.revealed_in_time) == (at("2025-03-02 00:00:01"), True)
    verdict = verified(early, recorded=seen)
    assert verdict.verdict == "incomplete"
    assert verdict.checks.seal == "match" and verdict.checks.rolls == "match"
    assert verdict.reasons == [
        "the secret of 2025-03-01 was revealed at 2025-03-01 09:00:00 UTC, before its day was over, which the"
        " publisher never does: whoever read it could compute that day's rolls while it was played"
    ]
    record = early.record(ARCHIVE_DAY)
    assert (record.revealed_at, record.revealed_in_time) == (at("2025-03-01 09:00"), False)
    page = day_page(record).html
    assert '<div class="verdict incomplete">' in page
    assert "Revealed before the day was over in UTC, which the publisher never does" in page


@pytest.mark.parametrize(
    ("undated", "reason"),
    [
        (
            "revealed/",
            "the daily archive gives no time of its own for the record of 2025-03-01 (a multipart upload or a replica,"
            " not the publisher's one write), so it does not show the secret was kept until the day was over",
        ),
        (
            # review: POST /verify and the page said it was "published at 9999-12-31 23:59:59 UTC, after the 15 minutes"
            "commitments/",
            "S3 gives no time of its own for the commitment of 2025-03-01, so nothing shows the secret was fixed before"
            " the day's play",
        ),
    ],
    ids=["record", "commitment"],
)
def test_a_record_or_commitment_the_archive_gives_no_time_for_keeps_the_day_from_fair_and_says_so(
    archive: tuple[Timeline, Stores], undated: str, reason: str
) -> None:
    _, stores = archive
    revealed_next_morning(archive)
    reader = ArchiveReader(Undated(stores.archive, undated), clock=lambda: at("2025-03-02 09:00"))
    verdict = verified(reader, recorded=faces(verified(reader)))
    assert (verdict.verdict, verdict.reasons) == ("incomplete", [reason])
    page = render_page(verdict)
    assert "9999-12-31" not in page and "<dt>published</dt>" in page  # the seal is still the archive's
    record = reader.record(ARCHIVE_DAY)
    if undated == "revealed/":
        assert (record.revealed_at, record.revealed_in_time) == (None, False)
        assert "S3 gives no time of its own for this record" in day_page(record).html
    else:
        assert (verdict.seal.published_at, verdict.seal.in_time) == (None, False)
        assert (record.commitment_published_at, record.commitment_in_time) == (None, False)


@pytest.mark.parametrize("read_at", ["2025-03-01 18:00", "2025-03-02 09:00"], ids=["pending", "revealed"])
def test_the_day_page_of_a_commitment_s3_gives_no_time_for_says_so_not_that_the_archive_is_a_folder(
    read_at: str,
) -> None:
    # Given a day committed and revealed in AWS's S3 (moto), whose commitment S3 gives no time of its own for (a
    # multipart upload), read that evening, not revealed yet, or the next morning
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline) as stores:
        revealed_next_morning((timeline, stores))
        reader = ArchiveReader(Undated(stores.archive, "commitments/"), clock=lambda: at(read_at))

        # When its record's page is made
        record = reader.record(ARCHIVE_DAY)

    # Then it says S3 gives no time of its own for the commitment, not that the archive is a folder or an emulator
    # (review: said of an archive whose times are S3's own)
    assert (record.witnessed, record.commitment_published_at, record.commitment_in_time) == (True, None, False)
    page = _text(day_page(record).html)
    assert "folder or an emulator" not in page
    assert (
        "S3 gives no time of its own for it (a multipart upload or a replica), so it cannot show the secret was fixed"
        " before the day's play: that day's rolls are at most incomplete." in page
    )


def test_the_page_of_a_day_whose_secret_is_not_revealed_says_when_it_is_due_not_that_it_was_revealed(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day committed, read by the archive's clock in its evening, its secret not revealed yet (review: the page
    # said "Revealed at" a time already past, and that no commitment was given)
    reader = committed_that_evening(archive)
    verdict = verified(reader)
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and verdict.withheld.overdue is False

    page = render_page(verdict)
    assert "Revealed at" not in page
    assert "To be revealed at <b class=when>2025-03-02 00:00:00 UTC</b>." in page
    assert (
        "the secret of <time>2025-03-01</time> is not revealed yet: the archive reveals it in the minutes after that"
        " day ends in UTC" in page
    )
    assert "no commitment was given" not in page
    assert (
        "not checked yet: the commitment was published, but the day secret that would check it is not revealed yet"
        in page
    )

    # And read the next evening, past the time every run that reveals it had, it is said to be late, on the verdict's
    # page and the day's (review: "To be revealed at" a time 18 hours past, as if the day were still to come)
    late = ArchiveReader(archive[1].archive, clock=lambda: at("2025-03-02 18:00"))
    verdict = verified(late)
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and verdict.withheld.overdue is True
    assert verdict.reasons == [
        "the secret of 2025-03-01 is not revealed yet, though it was due once that day was over in UTC: the archive is"
        " late revealing it, which the operator must answer for; check again later"
    ]
    page = render_page(verdict)
    assert "To be revealed" not in page
    assert "Due at <b class=when>2025-03-02 00:00:00 UTC</b>, not revealed yet: late." in page
    record = late.record(ARCHIVE_DAY)
    assert record.status == "pending" and record.overdue is True
    assert (
        "though it was due once that day was over in UTC, at <time>2025-03-02</time> 00:00:00 UTC"
        in day_page(record).html
    )
    assert reader.record(ARCHIVE_DAY).overdue is False


def test_a_roll_of_a_day_not_revealed_yet_shows_the_commitment_the_archive_published_and_checks_nothing(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day committed in time, read in its evening, and a player's roll of it asked for with the faces they saw
    # (review: its verdict said `"given": null` and its page that no commitment came with the request, where
    # GET /daily/{date} showed the day's)
    reader = committed_that_evening(archive)
    record = reader.record(ARCHIVE_DAY)
    verdict = verified(reader, recorded="3 5 7 10 12 20")

    # Then its verdict carries the commitment the archive published, when, and that it was in time; nothing is checked
    assert verdict.verdict == "withheld"
    assert verdict.checks.model_dump() == {"seal": "not_checked", "rolls": "not_checked"}
    assert record.commitment is not None and record.commitment_published_at is not None
    assert verdict.seal.model_dump() == {
        "given": record.commitment,
        "computed": None,
        "published_at": record.commitment_published_at,
        "in_time": True,
        # Whether the archive keeps it under Object Lock, as the day's record says it: null for folders, true for the
        # stack's bucket
        "locked": record.locked,
        # A pending day's versions are not listed: nothing unseen is said of them
        "versions_unseen": None,
    }
    assert is_final(verdict) is False

    # And its page shows it as the archive's, with its time, and marks nothing as verified
    page = render_page(verdict)
    assert f"<dt>published</dt><dd><code>{record.commitment}</code></dd>" in page
    assert (
        "<p>This is the commitment the daily archive published for the day: once the day secret is revealed, its"
        " SHA-256 must be this commitment. Nothing is checked until then.</p>"
    ) in page
    assert "<p>Published at 2025-03-01 00:00:03 UTC by the archive's time, before the day's play began.</p>" in page
    assert "None came with this request" not in page
    assert "<span class=ok>" not in page and "<span class=bad>" not in page

    # And a commitment given is compared with the archive's already, the verdict still withheld
    other = verified(reader, commitment="ab" * 32)
    assert other.verdict == "withheld" and other.seal.given == record.commitment
    assert other.reasons[1:] == [
        f"the commitment given is not the one the daily archive published for 2025-03-01 ({record.commitment})"
    ]


def test_a_day_with_no_commitment_published_in_its_grace_is_said_before_its_reveal_to_be_at_most_incomplete(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given an archive that has published nothing for the day (its publisher's run at 00:00 UTC did not come), and a
    # player's roll of it asked for with the faces they saw, within its grace and in its afternoon (review: at 13:40 the
    # verdict and its page said only that the secret is due at midnight, and that the commitment that counts is the one
    # published between 00:00 and 00:15 UTC, as if one might still come in time)
    _, stores = archive
    afternoon = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 13:40"))

    # Then within the grace, and the minute after it in which one S3 dates in its last instant may yet be seen, the roll
    # is withheld for its secret alone: a commitment may still come in time
    for moment in ("2025-03-01 00:10", "2025-03-01 00:16"):
        early = verified(ArchiveReader(stores.archive, clock=lambda m=moment: at(m)), recorded="3 5 7 10 12 20")
        assert early.verdict == "withheld"
        assert early.reasons == [
            "the secret of 2025-03-01 is not revealed yet: the archive reveals it in the minutes after that day ends in"
            " UTC"
        ], moment

    # And past it, still withheld, but saying that whatever is revealed, that day's rolls are at most incomplete, on the
    # verdict's page too
    late = verified(afternoon, recorded="3 5 7 10 12 20")
    assert (late.verdict, late.seal.given, late.seal.in_time) == ("withheld", None, False)
    missed = (
        "the daily archive published no commitment for 2025-03-01 in the 15 minutes after 00:00 UTC it had: once its"
        " secret is revealed, nothing shows it was fixed before the day's play, so that day's rolls are at most"
        " incomplete"
    )
    assert late.reasons == [early.reasons[0], missed]
    assert "no commitment for <time>2025-03-01</time> in the 15 minutes after 00:00 UTC it had" in render_page(late)
    # and its seal says so, none published in time, from which its page's commitment section says the same as the
    # verdict (review: it said "None came with this request: the commitment that counts is the one the daily archive
    # publishes for the day between 00:00 and 00:15 UTC", as if one might still come in time), where within the grace
    # and the minute after it, the page still says which commitment counts
    assert (late.checks.seal, late.seal.given, late.seal.in_time) == ("not_given", None, False)
    assert early.seal.in_time is None
    section = render_page(late).split("<h2>The commitment</h2>")[1]
    assert section.startswith(
        "<p><span class=bad>✗</span> none was published in its time</p>\n<p>None came with this request, nor was"
        " one published in time: the commitment that counts is the one the daily archive publishes for the day between"
        " 00:00 and 00:15 UTC, and one published later does not show the day secret was fixed before the day's play, so"
        " that day's rolls are at most incomplete.</p>"
    ), section[:400]
    assert "None came with this request: the commitment that counts" in render_page(early)
    # and of a commitment given with the request, the archive's time says nothing: it is shown as given, not checked
    given = verified(afternoon, recorded="3 5 7 10 12 20", commitment="ab" * 32)
    assert given.reasons == late.reasons
    assert (given.checks.seal, given.seal.given, given.seal.in_time) == ("not_checked", "ab" * 32, None)
    assert "not checked yet: the commitment was given, but" in render_page(given)

    # And the day's own record (GET /daily/{date}) says its commitment was not in time, where it said "Not published
    # yet", and only once that time is over
    early_record = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 00:16")).record(ARCHIVE_DAY)
    assert (early_record.commitment, early_record.commitment_in_time) == (None, None)
    assert "<p class=muted>Not published yet.</p>" in day_page(early_record).html
    record = afternoon.record(ARCHIVE_DAY)
    assert (record.status, record.commitment, record.commitment_in_time) == ("pending", None, False)
    page = day_page(record).html
    assert "Not published yet" not in page
    assert (
        "None was published in the 15 minutes after 00:00 UTC it had: one published later does not show the secret was"
        " fixed before the day's play, so that day's rolls are at most incomplete." in page
    )


def test_a_day_whose_commitment_was_published_after_its_grace_is_said_before_its_reveal_to_be_at_most_incomplete(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given a day whose commitment the archive published at 00:20, past the 15 minutes after 00:00 UTC, read in its
    # afternoon with the faces a player saw (review: its verdict said only that the secret is due, where a day with none
    # published said its rolls are at most incomplete)
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:20:00"))
    verdict = verified(ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 13:40")), recorded="3 5 7 10 12 20")

    # Then it is withheld, its seal the one published, out of time, and its reasons say that whatever is revealed, that
    # day's rolls are at most incomplete, in its page's heading too
    assert (verdict.verdict, verdict.seal.in_time, verdict.seal.published_at) == (
        "withheld",
        False,
        at("2025-03-01 00:20:00"),
    )
    caveat = (
        "the commitment the daily archive published for 2025-03-01 does not show the secret was fixed before the day's"
        " play (when it was published is said with it): once its secret is revealed, that day's rolls are at most"
        " incomplete"
    )
    assert verdict.reasons == [
        "the secret of 2025-03-01 is not revealed yet: the archive reveals it in the minutes after that day ends"
        " in UTC",
        caveat,
    ]
    assert "its secret is revealed, that day&#x27;s rolls are at most incomplete.</h1>" in render_page(verdict)
    assert (
        "Published at 2025-03-01 00:20:00 UTC by the archive's time, which does not show it was published before the"
        " day's play began." in render_page(verdict)
    )


def test_the_commitments_window_is_said_as_the_time_of_day_the_archive_judges_it_by() -> None:
    # The words wrote the grace's end as "00:" and its minutes, which a grace of an hour would print as 00:60 (latent:
    # the grace is 15 minutes); they are now the time of day the archive's deadline falls at, whatever the grace
    deadline = layout.commitment_deadline(date(2026, 3, 1))
    assert layout.GRACE_ENDS == f"{deadline:%H:%M}" == "00:15"
    assert daily.Daily.words.shown == f"the daily archive publishes for the day between 00:00 and {deadline:%H:%M} UTC"


def test_the_verdicts_schema_says_the_grace_the_archive_judges_a_commitment_in_time_by() -> None:
    # The verdict's model (fairdice.verdict, which imports nothing of the archive) writes the grace out as a number in
    # its description of in_time, which the API's schema shows: held to COMMITMENT_GRACE as the page's words are above
    description = SealReport.model_fields["in_time"].description or ""
    assert f"(daily: {layout.GRACE_MINUTES} minutes after 00:00 UTC)" in description


def test_the_verdicts_schema_names_with_the_archives_commitment_every_field_that_comes_with_it() -> None:
    # The schema's seal says the daily archive's commitment comes with the fields the archive fills beside it (review:
    # it named published_at and in_time, not locked, added beside them)
    archives = {name for name in SealReport.model_fields if name not in {"given", "computed"}}
    assert archives == {"published_at", "in_time", "locked", "versions_unseen"}
    description = SealReport.model_fields["given"].description or ""
    assert "(with published_at, in_time, locked and versions_unseen)" in description


def test_the_readme_and_the_schema_say_when_the_seals_archive_fields_are_null(tmp_path: Path) -> None:
    # Review: README said what the verdict's seal.published_at, seal.in_time and seal.locked are, never when they are
    # null, where the schema said it of locked alone. Each case it names, as the verdict gives it:
    def seal(verdict: Verdict) -> tuple[object, object, object]:
        return verdict.seal.published_at, verdict.seal.in_time, verdict.seal.locked

    # no archive read: another scheme, and a daily roll checked without one, as the offline page checks it
    other = parse_request({"scheme": "pair36", "server_seed": "00" * 32, "client_seeds": ["a"], "count": 1})
    assert seal(verify(other)) == seal(verified(None, secret="00" * 32)) == (None, None, None)
    # none published for the day: null, but in_time false, with no commitment given, once its 15 minutes are over
    timeline = Timeline(at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path / "none")
    assert seal(verified(ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 00:05")))) == (None, None, None)
    past = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 18:00"))
    assert seal(verified(past)) == (None, False, None)
    assert seal(verified(past, commitment="ab" * 32)) == (None, None, None)
    # a folder, whose times are not S3's own: locked null, in_time false, published_at the folder's time
    stores = timeline.stores(tmp_path / "folder")
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    folder = ArchiveReader(FolderStore(tmp_path / "folder" / "archive"), clock=lambda: at("2025-03-02 09:00"))
    published_at, in_time, locked = seal(verified(folder))
    assert (published_at is not None, in_time, locked) == (True, False, None)
    # (S3 giving no time of its own: published_at null and in_time false, held above in
    # test_a_record_or_commitment_the_archive_gives_no_time_for_keeps_the_day_from_fair_and_says_so)

    # Then README's verdict fields say each, as the schema's descriptions do
    readme = " ".join((Path(__file__).resolve().parents[3] / "README.md").read_text().split())
    assert (
        "All three are null where no archive was read (every scheme but daily, and a daily roll checked without one,"
        " as the offline page checks it) and where the archive published no commitment for the day (but `in_time` is"
        " false, with no `commitment` given, for a day not revealed yet whose 15 minutes are over); `published_at` is"
        " null too where S3 gives no time of its own for the commitment (`in_time` false), and `locked` where the"
        " archive's times are not S3's own, a folder (`in_time` false: its times show nothing)."
    ) in readme
    for name in ("published_at", "in_time", "locked"):
        description = SealReport.model_fields[name].description or ""
        assert "null where no archive was read" in description, name
    assert "S3 gives no time of its own" in (SealReport.model_fields["published_at"].description or "")
    assert "not S3's own (a folder)" in (SealReport.model_fields["in_time"].description or "")
    assert "not S3's own (a folder)" in (SealReport.model_fields["locked"].description or "")


class _HandMade:
    """A DaySecrets that answers one day as given: fields a store of someone else's making may set apart."""

    def __init__(self, found: RevealedDay | PendingDay) -> None:
        self.found = found

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        return self.found


_IN_GRACE = at("2025-03-01 00:05")
_OVER = at("2025-03-02 00:01")


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"in_time": False}, "does not count the commitment of 2025-03-01 as published in the 15 minutes"),
        ({"published_at": at("2025-03-01 00:40")}, "after the 15 minutes after 00:00 UTC it had"),
        ({"revealed_at": at("2025-03-01 12:00")}, "was revealed at 2025-03-01 12:00:00 UTC, before its day was over"),
        ({"revealed_at": None}, "gives no time of its own for the record of 2025-03-01"),
    ],
    ids=[
        "not in time by a time in its grace",
        "in time by a time after it",
        "revealed in time by a time before",
        "revealed in time by no time",
    ],
)
def test_a_revealed_day_whose_own_fields_disagree_with_its_times_is_never_fair_and_its_page_says_why(
    fields: dict[str, object], said: str
) -> None:
    # Given a revealed day whose answer says in time where its time does not, or not where it does (review: one made by
    # hand with `in_time` false and a time in the grace read fair with `seal.in_time` false)
    found = {
        "secret": OWN,
        "commitment": seal_of(OWN),
        "source": "daily archive",
        "published_at": _IN_GRACE,
        "in_time": True,
        "witnessed": True,
        "revealed_at": _OVER,
        "revealed_in_time": True,
        "locked": True,
        **fields,
    }
    recorded = carried(ARCHIVE_DAY)["recorded"]
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER, "recorded": recorded}
    )

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(RevealedDay(**found)))  # type: ignore[arg-type]

    # Then it takes the stricter: at most incomplete, saying why, and its seal is not said in time; its page says so
    assert verdict.verdict == "incomplete", verdict.reasons
    assert any(said in reason for reason in verdict.reasons), verdict.reasons
    assert verdict.seal.in_time is ("in_time" not in fields and "published_at" not in fields)
    tab, _ = _tab_and_heading(render_page(verdict))
    assert not tab.startswith("Fair"), tab
    assert said in _text(render_page(verdict))


_EARLY, _LATE, _BEFORE_OVER = at("2025-02-28 23:00"), at("2025-03-01 00:40"), at("2025-03-01 12:00")
_PUBLISHED = {"none": storage.NOT_KNOWN, "early": _EARLY, "in grace": _IN_GRACE, "after grace": _LATE}
_REVEALED = {"none": None, "before over": _BEFORE_OVER, "after over": _OVER}
_ANSWERS = [True, False, None]


@pytest.mark.parametrize("witnessed", [True, False], ids=["witnessed", "not witnessed"])
@pytest.mark.parametrize("in_time", _ANSWERS, ids=lambda answer: f"in_time {answer}")
@pytest.mark.parametrize("published", _PUBLISHED, ids=lambda name: f"published {name}")
@pytest.mark.parametrize("revealed_in_time", _ANSWERS, ids=lambda answer: f"revealed_in_time {answer}")
@pytest.mark.parametrize("revealed", _REVEALED, ids=lambda name: f"revealed {name}")
def test_a_revealed_days_answers_and_times_read_fair_only_where_all_say_in_time_and_no_reason_says_a_time_untrue(
    witnessed: bool, in_time: bool | None, published: str, revealed_in_time: bool | None, revealed: str
) -> None:
    # Given a revealed day, its commitment and record kept, whose answers (in_time, revealed_in_time), times and
    # witness are each set apart, as a store of someone else's making may set them
    found = RevealedDay(
        secret=OWN,
        commitment=seal_of(OWN),
        source="daily archive",
        published_at=_PUBLISHED[published],
        in_time=in_time,  # type: ignore[arg-type]
        witnessed=witnessed,
        revealed_at=_REVEALED[revealed],
        revealed_in_time=revealed_in_time,
        locked=True,
    )
    recorded = carried(ARCHIVE_DAY)["recorded"]
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER, "recorded": recorded}
    )

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(found))
    reasons = " ".join(verdict.reasons)
    page = _text(render_page(verdict))

    # Then it is fair only where every answer says in time, by witnessed times that say so too; else incomplete
    sealed = witnessed and in_time is True and published == "in grace"
    kept = witnessed and revealed_in_time is True and revealed == "after over"
    assert verdict.verdict == ("fair" if sealed and kept else "incomplete"), verdict.reasons
    assert (verdict.seal.in_time is True) is sealed, verdict.seal
    assert ("before the game's play began." in page) is sealed
    # And its commitment is the one the archive published, whatever its answer: one answered None (made by hand) was
    # said as given with the request, its seal's in_time None, and the browser's own check did not agree (review)
    assert verdict.seal.in_time is not None, verdict.seal
    assert "the SHA-256 of the day secret is the commitment published" in page and "commitment given" not in page
    # And no reason says a time it was not given: a record revealed before its day, or dated after it against its
    # answer, a commitment late or early. A record's time is read where it is a witness or its answer says not in time
    read = witnessed or revealed_in_time is False
    assert ("before its day was over" in reasons) is (read and revealed == "before over")
    assert ("as written after its day was over, though it dates it" in reasons) is (
        read and revealed == "after over" and revealed_in_time is not True
    )
    assert ("after the 15 minutes after 00:00 UTC it had" in reasons) is (witnessed and published == "after grace")
    assert ("before its day began" in reasons) is (witnessed and published == "early")
    # Nor says a time of the archive's where it gives none
    assert ("9999-12-31" not in reasons) and ("9999-12-31" not in page)


@pytest.mark.parametrize("revealed", ["none", "before over"])
def test_a_folders_record_its_answer_says_not_in_time_is_said_by_the_folders_time_not_as_when_it_was_revealed(
    revealed: str,
) -> None:
    # Given a revealed day of a folder archive, made by hand with `revealed_in_time` false, and its record's time
    # before its day was over, or none
    found = RevealedDay(
        secret=OWN,
        commitment=seal_of(OWN),
        source="daily archive",
        published_at=_IN_GRACE,
        in_time=True,
        witnessed=False,
        revealed_at=_REVEALED[revealed],
        revealed_in_time=False,
    )
    recorded = carried(ARCHIVE_DAY)["recorded"]
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER, "recorded": recorded}
    )

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(found))
    (record,) = [reason for reason in verdict.reasons if "record of 2025-03-01" in reason or "revealed at" in reason]

    # Then it is at most incomplete, and its reason of the record says the archive does not count it as written after
    # its day, by the folder's time as the folder's, neither as when the secret was revealed nor as S3's absent time
    # (review: "the secret of 2025-03-01 was revealed at 2025-03-01 12:00:00 UTC", of a time whoever holds the folder
    # can set)
    assert verdict.verdict == "incomplete", verdict.reasons
    assert "does not count the record of 2025-03-01 as written after its day was over" in record, record
    assert "was revealed at" not in record and "S3" not in record and "multipart" not in record, record
    if revealed == "before over":
        assert "dates it 2025-03-01 12:00:00 UTC, before its day was over, by a time whoever holds it can set" in record
    else:
        assert "and gives no time for it" in record, record


@pytest.mark.parametrize("witnessed", [True, False], ids=["witnessed", "not witnessed"])
@pytest.mark.parametrize("in_time", _ANSWERS, ids=lambda answer: f"in_time {answer}")
@pytest.mark.parametrize("published", _PUBLISHED, ids=lambda name: f"published {name}")
def test_a_pending_days_answer_and_time_say_in_time_only_where_both_do_and_no_reason_says_a_time_untrue(
    witnessed: bool, in_time: bool | None, published: str
) -> None:
    # Given a day not revealed yet, its commitment published and kept, whose answer (in_time), time and witness are
    # each set apart; no time at all where S3 gives none of its own (a multipart upload)
    pending = PendingDay(
        reveal_at=_OVER,
        commitment=seal_of(OWN),
        published_at=storage.known_time(_PUBLISHED[published]),
        in_time=in_time,
        locked=True if witnessed else None,
        witnessed=witnessed,
    )
    request = DailyRequest.model_validate({"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER})

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(pending))
    reasons = " ".join(verdict.reasons)
    page = _text(render_page(verdict))

    # Then it is withheld, said in time, and not at most incomplete once revealed, only where its answer says in time
    # by a witnessed time that says so too
    sealed = witnessed and in_time is True and published == "in grace"
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert (verdict.seal.in_time is True) is sealed, verdict.seal
    assert verdict.withheld.at_most_incomplete is not sealed, verdict.reasons
    # And its commitment is the one the archive published, whatever its answer (review: None, made by hand, passed on)
    assert verdict.seal.in_time is not None, verdict.seal
    assert ("by the archive's time, before the day's play began." in page) is sealed
    # And its reasons say a time only where one is given: none where S3 gives none of its own, as the same day revealed
    # says it (review: "when it was published is said with it", where nothing said it)
    if "when it was published is said with it" in reasons:
        assert verdict.seal.published_at is not None and f"Published at {utc_time(verdict.seal.published_at)}" in page
    if witnessed and published == "none":
        assert "S3 gives no time of its own for the commitment of 2025-03-01" in reasons, verdict.reasons
    assert ("9999-12-31" not in reasons) and ("9999-12-31" not in page)


def test_a_pending_days_commitment_s3_gives_no_time_for_is_said_so_not_as_said_with_its_time() -> None:
    # Given a day committed (a multipart upload: S3 gives no time of its own for it), read in its evening
    timeline = Timeline(at("2025-03-01 00:00"))
    with moto_stores(timeline) as stores:
        timeline.publish(stores, at("2025-03-01 00:00:03"))
        reader = ArchiveReader(Undated(stores.archive, "commitments/"), clock=lambda: at("2025-03-01 18:00"))

        # When its roll is verified
        verdict = verified(reader)

    # Then it is withheld, at most incomplete once revealed, saying S3 gives no time, as the same day revealed says it
    # (review: "when it was published is said with it", where nothing said it)
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    assert (verdict.seal.published_at, verdict.seal.in_time) == (None, False)
    assert verdict.reasons[1:] == [
        "S3 gives no time of its own for the commitment of 2025-03-01, so nothing shows the secret was fixed before the"
        " day's play: once its secret is revealed, that day's rolls are at most incomplete"
    ]
    # and what `withheld.at_most_incomplete` means, in the API's document, names it, and a folder's day too (review:
    # it named a commitment out of its time, one not kept and no archive, where these are at most incomplete as well)
    meaning = WithheldReport.model_fields["at_most_incomplete"].description or ""
    assert "one S3 gives no time of its own for" in meaning
    assert "an archive whose times are not AWS S3's own (a folder, another S3 endpoint)" in meaning


@pytest.mark.parametrize("as_text", [False, True], ids=["committed to another", "committed to it as hex text"])
def test_the_archives_secret_is_handed_on_as_one_it_had_not_committed_to_only_where_it_had_not(as_text: bool) -> None:
    # Given a revealed day whose commitment its secret does not give as bytes: of another secret, or of its own hex text
    # (a commitment to it all the same, as its reason says); and a roll given with another secret
    committed = OWN.hex().encode() if as_text else bytes(32)
    found = RevealedDay(
        secret=OWN,
        commitment=hashlib.sha256(committed).hexdigest(),
        source="daily archive",
        published_at=_IN_GRACE,
        in_time=True,
        witnessed=True,
        revealed_at=_OVER,
        revealed_in_time=True,
        committed=False,
        locked=True,
    )
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER, "secret": "ab" * 32}
    )

    # When the daily room reads it
    revealed = daily.SCHEME.revealed(request, _HandMade(found), None)

    # Then the archive's secret is handed to the diagnosis as one it had not committed to only where it had not
    # (review: one committed to as its hex text was handed on as not committed to)
    assert not isinstance(revealed, Withheld)
    assert revealed.uncommitted_secret == (None if as_text else OWN)


def test_a_pending_day_said_in_time_on_an_archive_whose_times_are_no_witness_is_not_said_in_time() -> None:
    # Given a day not revealed, on an archive whose times are no witness (a folder), whose answer says its commitment
    # was published in time, by a time within its grace
    pending = PendingDay(
        reveal_at=_OVER, commitment=seal_of(OWN), published_at=_IN_GRACE, in_time=True, locked=None, witnessed=False
    )
    request = DailyRequest.model_validate({"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER})

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(pending))

    # Then it is withheld, at most incomplete once revealed, and its seal not said in time, as the same day revealed
    # does not say it, nor its page say it was published before the day's play
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    assert verdict.seal.in_time is False
    assert "by the archive's time, before the day's play began" not in _text(render_page(verdict))


@pytest.mark.parametrize("witnessed", [True, False])
def test_a_record_answered_not_in_time_by_a_time_after_its_day_is_not_said_revealed_before_it(witnessed: bool) -> None:
    # Given a revealed day whose record the archive answers not written after its day, by a time it gives after it
    # (review: its reasons said it was revealed at that time, "before its day was over")
    found = RevealedDay(
        secret=OWN,
        commitment=seal_of(OWN),
        source="daily archive",
        published_at=_IN_GRACE,
        in_time=witnessed,
        witnessed=witnessed,
        revealed_at=_OVER,
        revealed_in_time=False,
        locked=True,
    )
    recorded = carried(ARCHIVE_DAY)["recorded"]
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER, "recorded": recorded}
    )

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(found))

    # Then it is at most incomplete, and its reasons say the answer and the time disagree, not that it came early
    assert verdict.verdict == "incomplete", verdict.reasons
    assert not any("before its day was over" in reason for reason in verdict.reasons), verdict.reasons
    said = (
        "the daily archive does not count the record of 2025-03-01 as written after its day was over, though it dates"
        " it 2025-03-02 00:01:00 UTC"
    )
    assert any(said in reason for reason in verdict.reasons), verdict.reasons
    assert said in _text(render_page(verdict))


def test_a_pending_days_commitment_said_in_time_by_a_time_after_its_grace_is_said_at_most_incomplete_already() -> None:
    # Given a day not revealed whose answer says its commitment in time, by a time after its grace
    pending = PendingDay(
        reveal_at=_OVER,
        commitment=seal_of(OWN),
        published_at=at("2025-03-01 00:40"),
        in_time=True,
        locked=True,
    )
    request = DailyRequest.model_validate({"scheme": "daily", "date": ARCHIVE_DAY, "player_id": ARCHIVE_PLAYER})

    # When its roll is verified against it
    verdict = verify(request, day_secrets=_HandMade(pending))

    # Then it is withheld, at most incomplete once revealed, and its seal not said in time
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is True
    assert verdict.seal.in_time is False
    assert "Not yet verifiable, at most incomplete once revealed" in _tab_and_heading(render_page(verdict))[0]


@pytest.mark.parametrize(
    ("endpoint", "witnessed"),
    [("https://s3.eu-west-1.amazonaws.com", True), ("http://127.0.0.1:9000", False)],
    ids=["aws's own", "one's own"],
)
def test_a_day_not_begun_is_verified_on_an_s3_archive_whose_endpoint_the_settings_name_without_a_client_made(
    endpoint: str, witnessed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an S3 archive at an endpoint the settings name, no client made for it yet, and no client to be made
    connection = S3Connection(endpoint_url=endpoint, region="eu-west-1")
    store = S3Store("fairdice-archive", connection)
    monkeypatch.setattr(storage, "_client", lambda *_, **__: pytest.fail("a boto3 client was made"))
    reader = ArchiveReader(store, clock=lambda: at("2025-02-28 18:00"))

    # When a roll of a day not begun is verified (review: the client was made, boto3 imported, to answer `witnessed`)
    verdict = verified(reader, secret=OWN.hex())

    # Then it is withheld, at most incomplete once revealed exactly where the endpoint is not AWS's own, and no client
    # was made; the client, once made, says the same of its endpoint
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.withheld.at_most_incomplete is not witnessed
    monkeypatch.undo()
    assert storage.aws_own(connection.client.meta.endpoint_url, store.bucket) is witnessed
