"""fairdice.archive.layout: when a day's secret is due, for every day the calendar has; when a commitment is in time."""

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest
from fairdice.archive.layout import (
    Commitment,
    Published,
    RevealedRecord,
    reveal_time,
    reveal_time_if_any,
    revealed_key,
    there_before_over,
)
from fairdice.seal import seal_of
from fairdice.storage import NOT_KNOWN, FolderStore, Stored
from hypothesis import given
from hypothesis import strategies as st

from testkit.stores import PassingStore, Undated
from unit.strategies import SETTINGS


@SETTINGS
@given(day=st.dates(max_value=dt.date.max - dt.timedelta(days=1)))
def test_a_days_secret_is_due_at_the_next_midnight_utc(day: dt.date) -> None:
    due = reveal_time_if_any(day)
    assert due == reveal_time(day) == dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC)


def test_the_calendars_last_day_has_no_next_midnight_so_no_time_is_due_rather_than_an_error() -> None:
    assert reveal_time_if_any(dt.date.max) is None


@pytest.mark.parametrize(
    ("published_at", "in_time"),
    [
        ("2025-03-01 23:59:59", False),  # before the day began: the secret could have been chosen for its rolls
        ("2025-02-20 00:00:00", False),
        ("2025-03-02 00:00:00", True),
        ("2025-03-02 00:15:00", True),
        ("2025-03-02 00:15:01", False),  # after the grace: players may have rolled already
    ],
)
def test_a_commitment_is_in_time_only_from_its_days_midnight_to_the_grace_after(
    published_at: str, in_time: bool
) -> None:
    # Given 2025-03-02's commitment, dated by a witnessed time
    commitment = Commitment(
        date=dt.date(2025, 3, 2), commitment="ab" * 32, published_at=dt.datetime(2025, 3, 2, tzinfo=dt.UTC)
    )
    when = dt.datetime.fromisoformat(published_at).replace(tzinfo=dt.UTC)

    # Then it is in time only within the day's first minutes
    assert Published(commitment, when, witnessed=True).in_time is in_time


# ---- there_before_over: a record of the day or a later day there before the day was over -------------------------

DAY = dt.date(2025, 3, 1)
OVER = reveal_time(DAY)  # 2025-03-02 00:00 UTC
SECRET = bytes(range(32))
OWN = Published(
    Commitment(date=DAY, commitment=seal_of(SECRET), published_at=dt.datetime(2025, 3, 1, 0, 0, 3, tzinfo=dt.UTC)),
    dt.datetime(2025, 3, 1, 0, 0, 3, tzinfo=dt.UTC),
    witnessed=True,
)


class CountedReads(PassingStore):
    """The archive, each key read counted, its records with no time of the store's own (`Undated`): only the listing's
    times, which each test gives, date them."""

    def __init__(self, root: Path) -> None:
        super().__init__(Undated(FolderStore(root), "revealed/"))
        self.reads: list[str] = []

    def read(self, key: str) -> Stored | None:
        self.reads.append(key)
        return super().read(key)


@pytest.fixture
def archive(tmp_path: Path) -> CountedReads:
    return CountedReads(tmp_path)


def put_record(archive: CountedReads, day: dt.date, secret: bytes) -> None:
    record = RevealedRecord(
        date=day, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=None
    )
    archive.inner.put_new(revealed_key(day), record.to_bytes())


def later(days: int) -> dt.date:
    return DAY + dt.timedelta(days=days)


def test_any_record_listed_while_the_day_is_played_is_refused_unread_and_the_earliest_is_named(
    archive: CountedReads,
) -> None:
    # Given records of the day after the next and of the next day listed a second before the day is over, with no
    # time (the game's route lists so), and none there to read
    dated = {later(2): NOT_KNOWN, later(1): NOT_KNOWN}

    # When they are judged, Then the day is refused by the listing alone, the earliest named, nothing read
    found = there_before_over(archive, OWN, dated, OVER - dt.timedelta(seconds=1), {})
    assert found is not None and found.field == "secret"
    assert str(found).startswith("revealed/2025-03-02.json is there before 2025-03-01 is over")
    assert archive.reads == []


def test_a_record_a_listing_begun_before_the_day_was_over_dates_after_it_is_refused_unless_its_read_time_shows_it(
    archive: CountedReads,
) -> None:
    # Given the day's own record, listed a second before the day is over with a time after it (a listing answered after
    # midnight), as read with no witnessed time of the store's own (a folder's, or none)
    put_record(archive, DAY, SECRET)
    dated = {DAY: OVER + dt.timedelta(seconds=1)}

    # Then the listing's time alone does not clear it (a replica's is its source's): the record is read, and refused
    found = there_before_over(archive, OWN, dated, OVER - dt.timedelta(seconds=1), {})
    assert found is not None and str(found).startswith("revealed/2025-03-01.json is there before 2025-03-01 is over")
    assert archive.reads == ["revealed/2025-03-01.json"]


class ReadAs(PassingStore):
    """The archive whose records are read with the time `modified`, witnessed or not (`Stored.witnessed`), whatever
    time the listing gives them."""

    def __init__(self, root: Path, modified: dt.datetime, *, witnessed: bool) -> None:
        super().__init__(FolderStore(root))
        self.modified, self._witnessed = modified, witnessed

    @property
    def witnessed(self) -> bool:
        return self._witnessed

    def read(self, key: str) -> Stored | None:
        found = self.inner.read(key)
        return None if found is None else replace(found, modified=self.modified, witnessed=self.witnessed)


@pytest.mark.parametrize(
    ("listed_at", "modified", "witnessed", "refused"),
    [
        # listed at 10:00 of the day, dated tomorrow by a time its writer sets (a folder's, touched): no witness
        (dt.datetime(2025, 3, 1, 10, tzinfo=dt.UTC), OVER + dt.timedelta(seconds=1), False, True),
        # listed a second before the day is over, dated after it by the listing, but read with a witnessed time before
        # it (a version the listing did not date): the record as read was not written once the day was over
        (OVER - dt.timedelta(seconds=1), OVER - dt.timedelta(seconds=30), True, True),
        # read with a witnessed time after the day was over: cleared
        (OVER - dt.timedelta(seconds=1), OVER + dt.timedelta(seconds=1), True, False),
    ],
    ids=["a time its writer sets", "witnessed before the day was over", "witnessed after it"],
)
def test_a_record_a_listing_begun_before_the_day_was_over_dates_after_it_is_let_through_only_by_a_witnessed_time_after(
    tmp_path: Path, listed_at: dt.datetime, modified: dt.datetime, witnessed: bool, refused: bool
) -> None:
    # Given the day's own record, revealing its secret, which a listing begun at `listed_at`, before the day is over,
    # dates after it, and which is read with the time `modified`, witnessed or not
    archive = ReadAs(tmp_path, modified, witnessed=witnessed)
    record = RevealedRecord(
        date=DAY, secret=SECRET.hex(), commitment=seal_of(SECRET), next_commitment=None, previous=None
    )
    archive.inner.put_new(revealed_key(DAY), record.to_bytes())
    dated = {DAY: OVER + dt.timedelta(seconds=1)}

    # Then it is let through only where the store's own time, a witness, shows it written once the day was over: a
    # time whoever holds a folder sets would let a record put at 10:00, dated tomorrow, give the day's rolls away all
    # day, and one before midnight is a record there before the day was over
    found = there_before_over(archive, OWN, dated, listed_at, {})
    assert (found is not None) == refused
    if refused:
        assert found is not None and str(found).startswith(
            "revealed/2025-03-01.json is there before 2025-03-01 is over"
        )


def test_a_record_dated_before_the_day_was_over_is_refused_unread(archive: CountedReads) -> None:
    # Given a listing made once the day is over, dating a record 300 days on at 23:00 of the day
    dated = {later(300): dt.datetime(2025, 3, 1, 23, tzinfo=dt.UTC)}

    # Then the listing's time refuses the day, nothing read
    found = there_before_over(archive, OWN, dated, OVER + dt.timedelta(hours=1), {})
    assert found is not None and found.field == "secret"
    assert str(found).startswith(
        "revealed/2025-12-26.json was written at 2025-03-01 23:00:00 UTC, before 2025-03-01 was over"
    )
    assert archive.reads == []


def test_records_dated_once_the_day_was_over_are_not_read_and_refuse_nothing(archive: CountedReads) -> None:
    # Given records revealing the day's secret, but dated at the day's end and after it, as the publisher writes them
    put_record(archive, later(1), SECRET)
    put_record(archive, later(2), SECRET)
    dated = {later(1): OVER, later(2): OVER + dt.timedelta(days=1)}

    # Then nothing is refused, and neither is read
    assert there_before_over(archive, OWN, dated, OVER + dt.timedelta(days=2), {}) is None
    assert archive.reads == []


def test_a_record_listed_with_no_time_is_refused_where_it_reveals_the_days_secret(archive: CountedReads) -> None:
    # Given the next day's record revealing the day's secret, listed with no time of the store's own (a multipart
    # upload), once the day is over
    put_record(archive, later(1), SECRET)
    kept: dict[dt.date, Stored] = {}

    # Then the day is refused, the record read once and kept
    found = there_before_over(archive, OWN, {later(1): NOT_KNOWN}, OVER + dt.timedelta(hours=1), kept)
    assert found is not None and found.field == "secret"
    assert str(found).startswith(
        "revealed/2025-03-02.json reveals the secret of 2025-03-01, and S3 gives no time of its own for it"
    )
    assert archive.reads == ["revealed/2025-03-02.json"] and set(kept) == {later(1)}


def test_a_record_listed_with_no_time_revealing_another_secret_refuses_nothing(archive: CountedReads) -> None:
    # Given the next day's record, with no time, revealing a secret of its own
    put_record(archive, later(1), bytes(32))

    # Then nothing is refused (the record is read to see it)
    assert there_before_over(archive, OWN, {later(1): NOT_KNOWN}, OVER + dt.timedelta(hours=1), {}) is None
    assert archive.reads == ["revealed/2025-03-02.json"]


def test_of_records_dated_before_the_day_was_over_the_earliest_is_named(archive: CountedReads) -> None:
    # Given two records dated during the day, the later day's written first
    dated = {later(5): dt.datetime(2025, 3, 1, 9, tzinfo=dt.UTC), later(2): dt.datetime(2025, 3, 1, 10, tzinfo=dt.UTC)}

    # Then the earlier day's is named
    found = there_before_over(archive, OWN, dated, OVER + dt.timedelta(hours=1), {})
    assert found is not None and str(found).startswith("revealed/2025-03-03.json was written at 2025-03-01 10:00")


def test_a_record_dated_before_the_day_was_over_is_named_ahead_of_an_earlier_one_with_no_time(
    archive: CountedReads,
) -> None:
    # Given the next day's record revealing the day's secret with no time, and a record three days on dated during
    # the day: the listing's times prove the day was given away, with nothing read
    put_record(archive, later(1), SECRET)
    dated = {later(1): NOT_KNOWN, later(3): dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)}

    # Then the dated one is named, as the rule's words say, and the one with no time is not read
    found = there_before_over(archive, OWN, dated, OVER + dt.timedelta(hours=1), {})
    assert found is not None and str(found).startswith("revealed/2025-03-04.json was written at 2025-03-01 12:00")
    assert archive.reads == []
