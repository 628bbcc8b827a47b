"""The watchdog's check: today committed, yesterday revealed, read from the archive alone.

Archives are made by the publisher's own lifecycle (`publish`) over local folders, at the times
the schedules run; the S3 side is in tests/integration/test_daily_operations_s3.py.
"""

import datetime as dt
from pathlib import Path

import pytest
from fairdice.archive.layout import (
    ChainLink,
    Commitment,
    commitment_key,
    revealed_key,
    secret_key,
    sha256_hex,
)
from fairdice.archive.reader import ArchiveReader
from fairdice.archive.watchdog import check_archive
from fairdice.errors import ArchiveUnavailable, TamperedRecord
from fairdice.storage import FolderStore, Stores

from testkit.archive import put_someone_elses_record
from testkit.stores import PassingStore, Undated, Unreachable
from testkit.timeline import Timeline

DAY1, DAY2, DAY3 = dt.date(2025, 3, 1), dt.date(2025, 3, 2), dt.date(2025, 3, 3)


def at(day: dt.date, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


@pytest.fixture
def timeline() -> Timeline:
    """The test's time, which the stores date what they write by."""
    return Timeline(at(DAY1, "00:00:00"))


@pytest.fixture
def stores(tmp_path: Path, timeline: Timeline) -> Stores:
    return timeline.stores(tmp_path)


class ReadOnly(PassingStore):
    """The archive as the watchdog may use it: any write is a failure of the test."""

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError(f"the watchdog wrote {key}")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError(f"the watchdog replaced {key}")


def test_after_a_good_night_today_is_committed_and_yesterday_revealed(timeline: Timeline, stores: Stores) -> None:
    # Given the publisher ran at midnight on both days
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))

    # When the watchdog looks at 00:15, reading only
    check = check_archive(ReadOnly(stores.archive), at(DAY2, "00:15:00"))

    # Then both answers are yes
    assert (check.today, check.yesterday) == (DAY2, DAY1)
    assert check.today_committed and check.yesterday_revealed and check.healthy
    assert check.problems == []


def test_yesterdays_record_written_before_its_day_was_over_is_no_reveal(timeline: Timeline, stores: Stores) -> None:
    # Given the publisher ran at midnight on both days, and yesterday's record then written again, dated by the
    # archive at 23:57 of its own day, as whoever acts as the publisher could (review: the watchdog said healthy)
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    key = revealed_key(DAY1)
    data = stores.archive.get(key) or b""
    timeline.now = at(DAY1, "23:57:00")
    stores.archive.replace(key, data)

    check = check_archive(ReadOnly(stores.archive), at(DAY2, "00:15:00"))

    # Then yesterday is not revealed as it must be, and the problem says why
    assert check.today_committed and not check.yesterday_revealed and not check.healthy
    assert check.problems == [
        f"{key} was written at {DAY1} 23:57:00 UTC, before its day was over: its secret was made public early"
    ]


def test_yesterdays_record_s3_gives_no_time_for_is_said_not_shown_to_be_revealed_after_its_day(
    timeline: Timeline, stores: Stores
) -> None:
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))

    check = check_archive(Undated(ReadOnly(stores.archive), "revealed/"), at(DAY2, "00:15:00"))

    # Review: it said the record "was written at an unknown time, before its day was over", which nothing showed
    assert not check.yesterday_revealed
    assert check.problems == [
        f"S3 gives no time of its own for {revealed_key(DAY1)}, so nothing shows it was written after its day was over"
    ]


def test_todays_commitment_s3_gives_no_time_for_is_said_so_not_as_published_at_the_end_of_time(
    timeline: Timeline, stores: Stores
) -> None:
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    archive = Undated(ReadOnly(stores.archive), "commitments/")

    check = check_archive(archive, at(DAY2, "00:15:00"))

    # Review: "published at 23:59:59 UTC, more than 15 minutes after 00:00 UTC", and the API said 9999-12-31
    assert not check.today_committed
    assert check.problems[0] == (
        f"S3 gives no time of its own for {commitment_key(DAY2)}, so nothing shows it was published before the day's"
        " play"
    )
    shown = ArchiveReader(archive, clock=lambda: at(DAY2, "00:15:00")).record(DAY2)
    assert shown.commitment is not None and shown.commitment_published_at is None


def test_an_archive_whose_times_no_s3_gives_is_healthy_after_a_good_night_by_its_own_times(
    timeline: Timeline, tmp_path: Path
) -> None:
    # Given the publisher ran at midnight on both days into plain folders (`make serve`'s archive): their times are
    # the files', which no S3 witnesses
    timeline.publish(timeline.stores(tmp_path), at(DAY1, "00:00:02"))
    timeline.publish(timeline.stores(tmp_path), at(DAY2, "00:00:02"))
    archive = FolderStore(tmp_path / "archive")
    assert archive.read(commitment_key(DAY2)) is not None and not archive.read(commitment_key(DAY2)).witnessed

    # When the watchdog looks at 00:15, then it judges the publishing by those times: on time, healthy (the verdicts
    # of such a day are at most incomplete, which is the readers' to say)
    check = check_archive(ReadOnly(archive), at(DAY2, "00:15:00"))
    assert check.healthy and check.problems == []


def test_a_night_without_a_run_is_neither_committed_nor_revealed(timeline: Timeline, stores: Stores) -> None:
    # Given yesterday's run, then nothing at midnight (both runs and their retries failed)
    timeline.publish(stores, at(DAY1, "00:00:02"))

    check = check_archive(stores.archive, at(DAY2, "00:15:00"))

    assert not check.today_committed and not check.yesterday_revealed and not check.healthy
    assert check.problems == [f"{commitment_key(DAY2)} is missing", f"{revealed_key(DAY1)} is missing"]


def test_a_day_that_never_had_a_secret_is_never_revealed(timeline: Timeline, stores: Stores) -> None:
    # Given every run on DAY2 failed: DAY2 has no secret, so the DAY3 run has nothing of DAY2 to reveal
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY3, "00:00:02"))
    assert stores.secrets.get(secret_key(DAY2)) is None

    check = check_archive(stores.archive, at(DAY3, "00:30:00"))

    assert check.today_committed and not check.yesterday_revealed
    assert check.problems == [f"{revealed_key(DAY2)} is missing"]


def test_a_stack_that_began_today_had_nothing_to_reveal_yesterday(timeline: Timeline, stores: Stores) -> None:
    # Given a first deploy: the publisher invoked once, today at 09:41
    timeline.publish(stores, at(DAY2, "09:41:00"))

    check = check_archive(stores.archive, at(DAY2, "23:00:00"))

    # Then there was nothing to reveal yesterday; but today's commitment came after the day's play began
    assert check.yesterday_revealed and not check.today_committed
    assert check.problems == [
        f"{commitment_key(DAY2)} was published at 09:41:00 UTC, more than 15 minutes after 00:00 UTC"
    ]


def test_an_empty_archive_has_no_commitment_for_today(stores: Stores) -> None:
    check = check_archive(stores.archive, at(DAY2, "00:15:00"))

    assert not check.today_committed
    assert check.yesterday_revealed  # nothing was ever committed, so nothing was due


@pytest.mark.parametrize(
    ("key", "data", "problems"),
    [
        # yesterday's record cannot be checked against a next commitment that is not one: the reader says so too
        (
            commitment_key(DAY2),
            b"not json",
            2
            * [
                f"{commitment_key(DAY2)} is not a commitment document: document: Invalid JSON: expected ident at line 1"
                " column 2"
            ],
        ),
        (
            revealed_key(DAY1),
            b'{"date": "2025-03-01"}',
            [f"{revealed_key(DAY1)} is not a revealed record: secret: Field required"],
        ),
    ],
)
def test_a_document_that_is_not_what_it_should_be_counts_as_missing(
    timeline: Timeline, tmp_path: Path, stores: Stores, key: str, data: bytes, problems: list[str]
) -> None:
    # Given a healthy archive of which one document is replaced by something else
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    (tmp_path / "archive" / key).write_bytes(data)

    check = check_archive(stores.archive, at(DAY2, "00:15:00"))

    assert not check.healthy
    assert check.problems == problems


def test_a_document_of_another_day_does_not_count(timeline: Timeline, tmp_path: Path, stores: Stores) -> None:
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    moved = (tmp_path / "archive" / commitment_key(DAY1)).read_bytes()
    (tmp_path / "archive" / commitment_key(DAY2)).write_bytes(moved)

    check = check_archive(stores.archive, at(DAY2, "00:15:00"))

    assert not check.today_committed
    # once for today's commitment, and once for yesterday's record, whose chain reads that document as the next
    # day's commitment
    assert check.problems == [
        f"{commitment_key(DAY2)} is dated {DAY1}",
        f"{commitment_key(DAY2)} is dated {DAY1}",
    ]


def test_a_record_someone_else_wrote_before_the_publisher_is_not_yesterdays_reveal(
    timeline: Timeline, stores: Stores
) -> None:
    # Given a record of DAY2 with a secret of someone else's, written at noon on DAY2 and properly chained
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    timeline.now = at(DAY2, "12:00:00")
    previous = stores.archive.get(revealed_key(DAY1)) or b""
    put_someone_elses_record(stores.archive, DAY2, ChainLink(date=DAY1, sha256=sha256_hex(previous)))
    # (the publisher opens DAY3, then refuses to chain onto a record it did not write)
    with pytest.raises(TamperedRecord):
        timeline.publish(stores, at(DAY3, "00:00:02"))

    # When the watchdog looks at 00:15 on DAY3
    check = check_archive(ReadOnly(stores.archive), at(DAY3, "00:15:00"))

    # Then yesterday is not revealed: its record does not reveal the secret committed to
    assert check.today_committed and not check.yesterday_revealed
    assert check.problems == [
        f"{revealed_key(DAY2)} reveals a secret that does not give {commitment_key(DAY2)}, published for the day"
    ]


def test_a_commitment_written_before_its_day_began_is_not_todays(timeline: Timeline, stores: Stores) -> None:
    # Given a commitment of DAY3 written at noon on DAY2 (so the DAY3 run finds it and stops)
    timeline.publish(stores, at(DAY1, "00:00:02"))
    timeline.publish(stores, at(DAY2, "00:00:02"))
    timeline.now = at(DAY2, "12:00:00")
    early = Commitment(date=DAY3, commitment="ab" * 32, published_at=at(DAY3, "00:00:00"))
    stores.archive.put_new(commitment_key(DAY3), early.to_bytes())
    with pytest.raises(TamperedRecord):
        timeline.publish(stores, at(DAY3, "00:00:02"))

    # When the watchdog looks at 00:15 on DAY3
    check = check_archive(ReadOnly(stores.archive), at(DAY3, "00:15:00"))

    # Then today is not committed (by the archive's own time, whatever the document says), nor yesterday revealed
    assert not check.today_committed and not check.yesterday_revealed
    assert check.problems == [
        f"{commitment_key(DAY3)} was published at 2025-03-02 12:00:00 UTC, before its day began",
        f"{revealed_key(DAY2)} is missing",
    ]


def test_the_day_is_the_utc_day_of_the_clock(timeline: Timeline, stores: Stores) -> None:
    timeline.publish(stores, at(DAY2, "00:00:02"))
    # 01:00 on DAY2 at +02:00 is 23:00 UTC on DAY1
    late = dt.datetime(2025, 3, 2, 1, 0, tzinfo=dt.timezone(dt.timedelta(hours=2)))

    assert check_archive(stores.archive, late).today == DAY1
    with pytest.raises(ValueError, match="timezone-aware"):
        check_archive(stores.archive, dt.datetime(2025, 3, 2, 0, 15))


def test_an_archive_that_cannot_be_read_gives_no_answer_at_all(stores: Stores) -> None:
    class Unreadable(ReadOnly, Unreachable):
        """An archive S3 is throttling, to which any write is still a failure of the test."""

    with pytest.raises(ArchiveUnavailable, match="SlowDown"):
        check_archive(Unreadable(stores.archive, reason="SlowDown"), at(DAY2, "00:15:00"))
