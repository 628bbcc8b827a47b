"""The daily secrets' life: made on their day, committed, revealed once the day is over, chained.

Every test drives `fairdice.archive.publisher` with an injected clock over local folders (the
embedded backend); the same flows run over S3 in tests/integration/test_storage_contract.py.
"""

import datetime as dt
import hashlib
import json
import tempfile
from dataclasses import replace
from itertools import count
from pathlib import Path

import pytest
from fairdice.archive.layout import (
    INDEX_KEY,
    ArchiveIndex,
    ChainLink,
    Commitment,
    RevealedRecord,
    commitment_key,
    revealed_key,
    secret_key,
    sha256_hex,
)
from fairdice.archive.publisher import PublishReport, get_or_create_secret, open_day, publish, reveal_closed
from fairdice.archive.reader import ArchiveReader
from fairdice.errors import ArchiveUnavailable, TamperedRecord
from fairdice.seal import seal_of
from fairdice.storage import (
    MAX_OBJECT_BYTES,
    NOT_KNOWN,
    EachPage,
    FolderStore,
    ObjectStore,
    StorageSettings,
    Stored,
    Stores,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from testkit.archive import put_someone_elses_record
from testkit.stores import PassingStore, RivalWritesFirst
from testkit.timeline import Timeline

MARCH = dt.date(2025, 3, 1)


def at(text: str) -> dt.datetime:
    """An instant written in UTC, e.g. at("2025-03-01 00:10")."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


def counting_random() -> "count[int]":
    return count(1)


def fake_random(numbers: "count[int]"):  # type: ignore[no-untyped-def]
    """Distinct, recognisable 32-byte secrets: 01 01 …, 02 02 …, so tests can tell them apart."""
    return lambda size: bytes([next(numbers) % 256]) * size


def local_stores(root: Path) -> Stores:
    return StorageSettings(data_dir=root).stores()


def tree(root: Path) -> dict[str, bytes]:
    """Every file under root and its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def revealed_days(stores: Stores) -> list[dt.date]:
    return [dt.date.fromisoformat(k.split("/")[1][:10]) for k in stores.archive.list("revealed/")]


def record_of(stores: Stores, day: dt.date) -> RevealedRecord:
    data = stores.archive.get(revealed_key(day))
    assert data is not None, f"{day} is not revealed"
    return RevealedRecord.model_validate_json(data)


class FailingOnce(PassingStore):
    """An ObjectStore that fails the first write whose key starts with `prefix`, then behaves."""

    def __init__(self, inner: ObjectStore, prefix: str) -> None:
        super().__init__(inner)
        self.prefix = prefix
        self.failed = False

    def put_new(self, key: str, data: bytes) -> bool:
        if key.startswith(self.prefix) and not self.failed:
            self.failed = True
            raise ArchiveUnavailable(f"injected failure writing {key}")
        return self.inner.put_new(key, data)


# ---- creating --------------------------------------------------------------------------------


def test_open_day_makes_todays_secret_and_publishes_its_commitment(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)

    opened = open_day(stores, at("2025-03-01 00:00:01"), fake_random(counting_random()))

    secret = stores.secrets.get(secret_key(MARCH))
    assert secret == bytes([1]) * 32
    assert opened.date == MARCH and opened.created and opened.commitment_published
    published = Commitment.model_validate_json(stores.archive.get(commitment_key(MARCH)) or b"")
    assert published.commitment == seal_of(secret) == opened.commitment
    assert published.published_at == at("2025-03-01 00:00:01")
    # The secret never reaches the public archive before its day is over.
    assert all(secret.hex() not in data.decode() for data in tree(tmp_path / "archive").values())


def test_the_day_is_the_utc_date_whatever_the_clocks_offset(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    late_evening_in_new_york = dt.datetime(2025, 2, 28, 20, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5)))

    assert open_day(stores, late_evening_in_new_york).date == MARCH


def test_a_naive_clock_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        open_day(local_stores(tmp_path), dt.datetime(2025, 3, 1))


def test_a_second_creator_gets_the_first_ones_secret(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    first, made_first = get_or_create_secret(stores.secrets, MARCH, fake_random(count(1)))
    second, made_second = get_or_create_secret(stores.secrets, MARCH, fake_random(count(2)))

    assert (made_first, made_second) == (True, False)
    assert first == second == bytes([1]) * 32


def test_a_creator_that_loses_the_write_race_reads_back_the_winners_secret(tmp_path: Path) -> None:
    # Given a rival that writes the secret between our read (nothing there) and our write
    secrets = FolderStore(tmp_path)
    winner = bytes([7]) * 32

    class RivalWritesFirst(PassingStore):
        def put_new(self, key: str, data: bytes) -> bool:
            self.inner.put_new(key, winner)
            return self.inner.put_new(key, data)

    # When we try to create it, Then we get the rival's secret, not ours
    secret, created = get_or_create_secret(RivalWritesFirst(secrets), MARCH, fake_random(count(1)))
    assert (secret, created) == (winner, False)


def test_a_random_source_giving_the_wrong_size_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="16 bytes, not 32"):
        get_or_create_secret(FolderStore(tmp_path), MARCH, lambda size: b"x" * 16)


def test_a_stored_secret_of_the_wrong_size_is_reported_as_tampered(tmp_path: Path) -> None:
    secrets = FolderStore(tmp_path)
    secrets.put_new(secret_key(MARCH), b"short")
    with pytest.raises(TamperedRecord, match="5 bytes, not 32"):
        get_or_create_secret(secrets, MARCH)


def planted_the_day_before(tmp_path: Path) -> tuple[Timeline, Stores]:
    """2025-03-01 published at midnight, and at noon a secret for 2025-03-02 put in the store by someone else."""
    timeline = Timeline(at("2025-03-01 00:00:02"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.now = at("2025-03-01 12:00")
    stores.secrets.put_new(secret_key(dt.date(2025, 3, 2)), bytes([9]) * 32)
    return timeline, stores


def test_a_secret_put_in_the_store_before_its_day_began_is_refused_not_committed(tmp_path: Path) -> None:
    # Given a secret for 2025-03-02 written at noon the day before (chosen for the rolls it gives)
    timeline, stores = planted_the_day_before(tmp_path)

    # When the publisher opens 2025-03-02 at midnight
    with pytest.raises(TamperedRecord, match="before its day began") as refused:
        timeline.publish(stores, at("2025-03-02 00:00:02"))

    # Then the run fails as tampering does, and no commitment to that secret is published
    assert refused.value.field == "secret"
    assert stores.archive.get(commitment_key(dt.date(2025, 3, 2))) is None


def test_a_secret_put_in_the_store_before_its_day_began_is_revealed_late_and_the_chain_goes_on(tmp_path: Path) -> None:
    # Given a secret for 2025-03-02 written the day before, which the run at its midnight refused to commit to
    timeline, stores = planted_the_day_before(tmp_path)
    with pytest.raises(TamperedRecord, match="before its day began"):
        timeline.publish(stores, at("2025-03-02 00:00:02"))

    # When the next days' runs reveal the closed days
    report = timeline.publish(stores, at("2025-03-03 00:00:02"))
    timeline.publish(stores, at("2025-03-04 00:00:02"))

    # Then the day is revealed with a commitment published only then, late (its rolls are at most incomplete), and
    # the chain does not stop at it: the days after it are revealed too
    assert report.reveal.late_commitments == [dt.date(2025, 3, 2)]
    assert revealed_days(stores) == [MARCH, dt.date(2025, 3, 2), dt.date(2025, 3, 3)]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-04 01:00"))
    assert reader.record(dt.date(2025, 3, 2)).commitment_in_time is False
    assert reader.record(dt.date(2025, 3, 3)).commitment_in_time is True


def test_a_chain_head_the_archive_dates_within_its_own_day_is_reported_as_revealed_early(tmp_path: Path) -> None:
    # Given 2025-03-01 revealed at the next midnight, and 2025-03-02's record written by someone acting as the
    # publisher at 09:00 of its own day (review: a secret revealed early was taken into the chain without a word)
    timeline = Timeline(at("2025-03-01 00:00:02"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.publish(stores, at("2025-03-02 00:00:02"))
    honest = timeline.publish(stores, at("2025-03-02 00:05"))
    early = dt.date(2025, 3, 2)
    timeline.now = at("2025-03-03 00:00:02")
    timeline.publish(stores, at("2025-03-03 00:00:02"))
    data = stores.archive.get(revealed_key(early)) or b""
    timeline.now = at("2025-03-02 09:00")
    stores.archive.replace(revealed_key(early), data)

    # When the next run reveals the closed days
    report = timeline.publish(stores, at("2025-03-03 00:05"))

    # Then it reports the chain's head as revealed early, and an honest head as no such thing
    assert honest.reveal.revealed_early == []
    assert report.reveal.revealed_early == [early]


class _Records(PassingStore):
    """The archive with its records' times as `change` makes them: no witness (a folder's), or none S3 gives."""

    def __init__(self, inner: ObjectStore, change: dict[str, object]) -> None:
        super().__init__(inner)
        self.change = change

    def read(self, key: str) -> Stored | None:
        found = self.inner.read(key)
        return found if found is None or not key.startswith("revealed/") else replace(found, **self.change)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "reported"),
    [({"witnessed": False, "modified": at("2025-03-01 09:00")}, False), ({"modified": NOT_KNOWN}, True)],
    ids=["an early time no one witnessed", "no time S3 gives"],
)
def test_a_chain_heads_time_counts_only_when_witnessed_and_an_unknown_one_shows_nothing(
    tmp_path: Path, change: dict[str, object], reported: bool
) -> None:
    # Given a head read with an early time a folder gives (no witness: the readers say so of every day already), or
    # with none S3 gives (a multipart upload or a replica: nothing shows it was written after its day)
    timeline = Timeline(at("2025-03-01 00:00:02"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.publish(stores, at("2025-03-02 00:00:02"))

    report = reveal_closed(
        Stores(secrets=stores.secrets, archive=_Records(stores.archive, change)), at("2025-03-02 00:05")
    )

    # Then only the record S3 gives no time for is reported, as not shown to be revealed after its day
    assert report.revealed_early == ([MARCH] if reported else [])


class _FailingSecret(PassingStore):
    """A secrets store that cannot give one day's secret, for now (a transient S3 error)."""

    def __init__(self, inner: ObjectStore, day: dt.date) -> None:
        super().__init__(inner)
        self.day = day

    def get(self, key: str) -> bytes | None:
        found = self.read(key)
        return None if found is None else found.data

    def read(self, key: str) -> Stored | None:  # S3's get is its read: both fail alike
        if key == secret_key(self.day):
            raise ArchiveUnavailable("S3 answered 500 InternalError")
        return self.inner.read(key)


def test_a_run_stopped_by_a_day_without_its_commitment_leaves_the_day_before_it_to_a_run_that_publishes_it(
    tmp_path: Path,
) -> None:
    # Given 03-01 opened, 03-02's run dead between its secret and its commitment, and on 03-03 a run that cannot read
    # 03-02's secret for now (review: it wrote 03-01's record naming no next commitment, and an overlapping run that
    # published 03-02's found that record and stopped with TamperedRecord)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=False)

    with pytest.raises(ArchiveUnavailable):
        reveal_closed(
            Stores(secrets=_FailingSecret(stores.secrets, dt.date(2025, 3, 2)), archive=stores.archive), timeline.now
        )

    # Then it wrote no record of 03-01, and the next run reveals both days, 03-01's naming 03-02's late commitment
    assert revealed_days(stores) == []
    report = reveal_closed(stores, timeline.now)
    assert report.revealed == [MARCH, dt.date(2025, 3, 2)]
    assert report.late_commitments == [dt.date(2025, 3, 2)]
    assert record_of(stores, MARCH).next_commitment is not None


def test_only_the_day_just_before_one_whose_commitment_a_run_may_yet_publish_waits_for_it(tmp_path: Path) -> None:
    # Given 03-01 and 03-02 committed, 03-03's run dead between its secret and its commitment, and on 03-04 a run
    # that cannot read 03-03's secret for now
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=True)
    get_or_create_secret(stores.secrets, dt.date(2025, 3, 3))
    timeline.now = at("2025-03-04 00:00:03")
    with pytest.raises(ArchiveUnavailable):
        reveal_closed(
            Stores(secrets=_FailingSecret(stores.secrets, dt.date(2025, 3, 3)), archive=stores.archive), timeline.now
        )

    # Then 03-01 is revealed, and 03-02 waits for the run that publishes 03-03's commitment (review: holding back more
    # went untested)
    assert revealed_days(stores) == [MARCH]


def test_a_day_whose_secret_no_run_can_read_whole_holds_back_no_day_before_it(tmp_path: Path) -> None:
    # Given 03-02's run dead between its secret and its commitment, and that secret 31 bytes long: no run will ever
    # commit to it (review: the day before was held back for good)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=False)
    (stores.secrets.root / secret_key(dt.date(2025, 3, 2))).write_bytes(bytes(31))  # type: ignore[attr-defined]

    with pytest.raises(TamperedRecord):
        reveal_closed(stores, timeline.now)

    # Then 03-01 is revealed all the same, and the run fails as tampering does
    assert revealed_days(stores) == [MARCH]


def test_a_run_stopped_part_way_hands_on_what_it_did_with_its_error(tmp_path: Path) -> None:
    # Given 03-02's run dead between its secret and its commitment, and on 03-04 a run that cannot read 03-03's secret
    # for now (review: the late commitment it published was counted nowhere, and is never late again to a later run)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=False)
    open_day(stores, timeline.now)
    timeline.now = at("2025-03-04 00:00:03")

    with pytest.raises(ArchiveUnavailable) as stopped:
        reveal_closed(
            Stores(secrets=_FailingSecret(stores.secrets, dt.date(2025, 3, 3)), archive=stores.archive), timeline.now
        )

    # Then its error carries its report: 03-02's commitment published late, and the days before 03-03 revealed
    report = stopped.value.reveal_report  # type: ignore[attr-defined]
    assert report.late_commitments == [dt.date(2025, 3, 2)]
    assert report.revealed == [MARCH, dt.date(2025, 3, 2)]


class _FailingRecord(PassingStore):
    """An archive whose write of one key fails, as S3 answering SlowDown past boto3's retries."""

    def __init__(self, inner: ObjectStore, key: str) -> None:
        super().__init__(inner)
        self.key = key

    def put_new(self, key: str, data: bytes) -> bool:
        if key == self.key:
            raise ArchiveUnavailable(f"cannot write {key} (SlowDown)")
        return self.inner.put_new(key, data)


def test_a_run_whose_record_cannot_be_written_hands_on_the_late_commitment_it_published(tmp_path: Path) -> None:
    # Given 03-02's run dead between its secret and its commitment, and on 03-03 a run whose write of 03-02's record
    # fails (review: the late commitment it published went with no report, and is never late again to a later run)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=False)
    archive = _FailingRecord(stores.archive, revealed_key(dt.date(2025, 3, 2)))

    with pytest.raises(ArchiveUnavailable) as stopped:
        reveal_closed(Stores(secrets=stores.secrets, archive=archive), timeline.now)

    # Then its error carries its report: 03-02's commitment published late, 03-01 revealed
    report = stopped.value.reveal_report  # type: ignore[attr-defined]
    assert report.late_commitments == [dt.date(2025, 3, 2)]
    assert report.revealed == [MARCH]


class DatedEarly(PassingStore):
    """A secrets store whose clock runs 0.4 s behind the publisher's: what is written at 00:00:00.2 it dates the day
    before."""

    def read(self, key: str) -> Stored | None:
        found = self.inner.read(key)
        return None if found is None else replace(found, modified=found.modified - dt.timedelta(seconds=0.4))


def test_a_secret_the_store_dates_a_moment_before_midnight_is_committed_and_revealed_and_the_chain_goes_on(
    tmp_path: Path,
) -> None:
    # Given runs just after midnight on four days, into a secrets store whose clock is a little behind (review)
    timeline = Timeline(at("2025-03-01 00:00:00.2"))
    dated = timeline.stores(tmp_path)
    stores = Stores(secrets=DatedEarly(dated.secrets), archive=dated.archive)
    for day in ("2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"):
        timeline.publish(stores, at(f"{day} 00:00:00.2"))

    # Then every day was committed in time and every closed day revealed: the run made those secrets itself
    assert revealed_days(stores) == [MARCH, dt.date(2025, 3, 2), dt.date(2025, 3, 3)]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-04 01:00"))
    assert all(reader.record(day).commitment_in_time for day in revealed_days(stores))


def test_a_secret_made_at_the_first_instant_of_its_day_is_the_days_secret(tmp_path: Path) -> None:
    # Given a secret written at 00:00:00 UTC exactly (a creator that lost the write race to it reads it back)
    timeline = Timeline(at("2025-03-01 00:00:00"))
    stores = timeline.stores(tmp_path)
    stores.secrets.put_new(secret_key(MARCH), bytes([7]) * 32)

    # When the publisher opens the day
    opened = timeline.publish(stores, at("2025-03-01 00:00:01")).today

    # Then it commits to it
    assert not opened.created and opened.commitment == seal_of(bytes([7]) * 32)


def test_a_run_that_died_between_the_two_writes_is_completed_by_the_next(tmp_path: Path) -> None:
    # Given a first run whose commitment write fails after the secret was stored
    base = local_stores(tmp_path)
    flaky = Stores(secrets=base.secrets, archive=FailingOnce(base.archive, "commitments/"))
    with pytest.raises(ArchiveUnavailable):
        publish(flaky, at("2025-03-01 00:00"), fake_random(count(1)))
    assert base.secrets.get(secret_key(MARCH)) is not None
    assert base.archive.get(commitment_key(MARCH)) is None

    # When the retry runs ten minutes later
    report = publish(flaky, at("2025-03-01 00:10"), fake_random(count(2)))

    # Then it publishes the commitment of the secret already made, and makes no other
    assert not report.today.created and report.today.commitment_published
    assert report.today.commitment == seal_of(bytes([1]) * 32)


def test_a_commitment_contradicting_the_kept_secret_stops_the_run(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    forged = Commitment(date=MARCH, commitment="ab" * 32, published_at=at("2025-03-01 00:00"))
    stores.archive.put_new(commitment_key(MARCH), forged.to_bytes())

    with pytest.raises(TamperedRecord, match=r"commitments/2025-03-01.json publishes abab"):
        open_day(stores, at("2025-03-01 00:00"))


# ---- revealing -------------------------------------------------------------------------------


def two_days_unrevealed(tmp_path: Path, *, second_committed: bool) -> tuple[Timeline, Stores]:
    """2025-03-01 opened, and 03-02 opened too (`second_committed`) or its run dead between its secret and its
    commitment; neither revealed (a night's runs failed); the timeline at 03-03 00:00:03."""
    timeline = Timeline(at("2025-03-01 00:00:03"))
    stores = timeline.stores(tmp_path)
    open_day(stores, timeline.now)
    timeline.now = at("2025-03-02 00:00:03")
    if second_committed:
        open_day(stores, timeline.now)
    else:
        get_or_create_secret(stores.secrets, dt.date(2025, 3, 2))
    timeline.now = at("2025-03-03 00:00:03")
    return timeline, stores


def test_a_closed_day_whose_commitment_contradicts_its_secret_stops_the_reveal_after_the_days_before_it(
    tmp_path: Path,
) -> None:
    # Given 2025-03-01 and 03-02 opened, neither revealed (a night's runs failed), and 03-02's commitment replaced by
    # one of another secret (review: publishing every commitment before any record left 03-01 unrevealed too)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=True)
    forged = Commitment(date=dt.date(2025, 3, 2), commitment="ab" * 32, published_at=at("2025-03-02 00:00:03"))
    stores.archive.replace(commitment_key(dt.date(2025, 3, 2)), forged.to_bytes())

    # When the next day's run reveals the closed days, Then it fails on 03-02, as tampering does, once 03-01 is revealed
    with pytest.raises(TamperedRecord, match=r"commitments/2025-03-02\.json publishes abab"):
        reveal_closed(stores, timeline.now)
    assert revealed_days(stores) == [MARCH]


def test_a_day_is_revealed_at_the_first_run_after_it_ends_and_never_before(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    random = fake_random(count(1))
    publish(stores, at("2025-03-01 00:00"), random)

    # Runs during the day, up to its last microsecond, reveal nothing
    for moment in ("2025-03-01 00:10", "2025-03-01 12:00", "2025-03-01 23:59:59.999999"):
        report = publish(stores, at(moment), random)
        assert report.reveal.revealed == []
        assert stores.archive.get(revealed_key(MARCH)) is None

    # The first run of the next day reveals it, naming the new day's commitment
    report = publish(stores, at("2025-03-02 00:00"), random)
    assert report.reveal.revealed == [MARCH]
    record = record_of(stores, MARCH)
    assert record.secret == (bytes([1]) * 32).hex()
    assert record.commitment == seal_of(bytes([1]) * 32)
    assert record.next_commitment == report.today.commitment
    assert record.previous is None
    # ...and never the new day itself
    assert stores.archive.get(revealed_key(MARCH + dt.timedelta(days=1))) is None


@settings(max_examples=60, deadline=None)
@given(
    runs=st.lists(
        st.datetimes(min_value=dt.datetime(2025, 3, 1), max_value=dt.datetime(2025, 3, 6), timezones=st.just(dt.UTC)),
        min_size=1,
        max_size=12,
    )
)
def test_no_clock_sequence_reveals_a_day_before_it_is_over(runs: list[dt.datetime]) -> None:
    # Whatever the order of the runs, a clock going backwards included
    with tempfile.TemporaryDirectory() as root:
        stores = local_stores(Path(root))
        for now in runs:
            before = set(revealed_days(stores))
            try:
                publish(stores, now)
            except TamperedRecord:
                # A clock gone back a day reveals a day below a record it takes for one not over yet (reported as
                # not_yet_over): a later run finds the chain's head linking over it, not the chain the publisher
                # writes, and stops, as readers refuse that head; it reveals nothing, early or not
                assert set(revealed_days(stores)) == before
                continue
            for day in set(revealed_days(stores)) - before:
                assert day < now.date(), f"{day} revealed by a run at {now}"
            assert all(d < max(r.date() for r in runs) for d in revealed_days(stores))


def test_the_chain_links_every_day_of_a_month_with_missed_runs(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    random = fake_random(count(1))
    days = [MARCH + dt.timedelta(days=i) for i in range(31)]
    no_run_at_all = {days[4], days[5], days[6], days[14], days[29]}  # these days never get a secret
    reveal_failed = {days[9], days[10], days[11]}  # secrets made, but the reveal pass did not run
    for day in days:
        if day in no_run_at_all:
            continue
        start = dt.datetime.combine(day, dt.time(0, 0), dt.UTC)
        if day in reveal_failed:
            open_day(stores, start, random)
            continue
        publish(stores, start, random)
        publish(stores, start + dt.timedelta(minutes=10), random)  # the retry finds nothing to do

    final = publish(stores, at("2025-04-01 00:00"), random)

    with_secret = [d for d in days if d not in no_run_at_all]
    assert revealed_days(stores) == with_secret
    previous_bytes: bytes | None = None
    previous_day: dt.date | None = None
    for day in with_secret:
        data = stores.archive.get(revealed_key(day)) or b""
        record = RevealedRecord.model_validate_json(data)
        assert record.date == day
        assert seal_of(bytes.fromhex(record.secret)) == record.commitment
        if previous_bytes is None:
            assert record.previous is None
        else:
            assert record.previous is not None
            assert record.previous.date == previous_day
            assert record.previous.sha256 == hashlib.sha256(previous_bytes).hexdigest()
        following = day + dt.timedelta(days=1)
        expected_next = None
        if following not in no_run_at_all and following <= dt.date(2025, 4, 1):
            expected_next = seal_of(stores.secrets.get(secret_key(following)) or b"")
        assert record.next_commitment == expected_next, day
        previous_bytes, previous_day = data, day
    # The days whose reveal failed were caught up, in order, by the next day's run
    assert record_of(stores, days[10]).previous is not None
    assert record_of(stores, days[12]).previous.date == days[11]  # type: ignore[union-attr]
    # Gaps are visible: the record after a day with no secret links over it
    assert record_of(stores, days[7]).previous.date == days[3]  # type: ignore[union-attr]
    index = ArchiveIndex.model_validate_json(stores.archive.get("index.json") or b"")
    assert index.revealed == with_secret
    assert index.head is not None and index.head.date == days[30]
    assert index.head.sha256 == hashlib.sha256(previous_bytes or b"").hexdigest()
    assert final.reveal.head == index.head


def test_missed_runs_are_caught_up_in_date_order_by_one_run(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    for offset in range(4):
        open_day(stores, dt.datetime.combine(MARCH + dt.timedelta(days=offset), dt.time(), dt.UTC))

    report = reveal_closed(stores, at("2025-03-05 09:00"))

    assert report.revealed == [MARCH + dt.timedelta(days=i) for i in range(4)]
    assert report.index_updated


def test_reruns_change_nothing(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    for offset in range(3):
        publish(stores, dt.datetime.combine(MARCH + dt.timedelta(days=offset), dt.time(), dt.UTC))
    before = tree(tmp_path)
    inodes = {p: p.stat().st_ino for p in tmp_path.rglob("*") if p.is_file()}

    for moment in ("2025-03-03 00:00", "2025-03-03 00:10", "2025-03-03 17:45"):
        report = publish(stores, at(moment))
        assert not report.today.created and not report.today.commitment_published
        assert report.reveal.revealed == [] and not report.reveal.index_updated

    assert tree(tmp_path) == before
    assert {p: p.stat().st_ino for p in tmp_path.rglob("*") if p.is_file()} == inodes


def test_a_closed_day_whose_commitment_never_got_out_is_revealed_as_late(tmp_path: Path) -> None:
    # Given a day whose only run died between the secret and its commitment
    base = local_stores(tmp_path)
    flaky = Stores(secrets=base.secrets, archive=FailingOnce(base.archive, "commitments/"))
    with pytest.raises(ArchiveUnavailable):
        publish(flaky, at("2025-03-01 00:00"))

    # When the next day's run reveals it
    report = publish(flaky, at("2025-03-02 00:00"))

    # Then its commitment is published now, with the real time, and reported as late
    assert report.reveal.revealed == [MARCH]
    assert report.reveal.late_commitments == [MARCH]
    late = Commitment.model_validate_json(base.archive.get(commitment_key(MARCH)) or b"")
    assert late.published_at == at("2025-03-02 00:00")


def test_a_secret_dated_before_the_chains_head_is_an_orphan_never_revealed(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-05 00:00"))
    publish(stores, at("2025-03-06 00:00"))
    open_day(stores, at("2025-03-02 00:00"))  # an operator with a wrong clock

    report = publish(stores, at("2025-03-07 00:00"))

    assert report.reveal.orphans == [dt.date(2025, 3, 2)]
    assert stores.archive.get(revealed_key(dt.date(2025, 3, 2))) is None
    assert revealed_days(stores) == [dt.date(2025, 3, 5), dt.date(2025, 3, 6)]


class ListsNothingRevealed(PassingStore):
    """The archive as a reveal pass saw it when it listed, before a rival wrote any record; `lost` holds the records
    whose write it refused because one was there already (a write race lost)."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.lost: list[str] = []

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        return [] if prefix == "revealed/" else super().list(prefix, after, through, each_page=each_page)

    def put_new(self, key: str, data: bytes) -> bool:
        written = super().put_new(key, data)
        if not written and key.startswith("revealed/"):
            self.lost.append(key)
        return written


def test_a_reveal_race_loser_continues_the_chain_from_the_winners_identical_record(tmp_path: Path) -> None:
    # Given an overlapping run that already revealed the day, with the very record this run writes
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    open_day(stores, at("2025-03-02 00:00"))
    secret = stores.secrets.get(secret_key(MARCH)) or b""
    following = stores.secrets.get(secret_key(dt.date(2025, 3, 2))) or b""
    rival = RevealedRecord(
        date=MARCH, secret=secret.hex(), commitment=seal_of(secret), next_commitment=seal_of(following), previous=None
    )
    stores.archive.put_new(revealed_key(MARCH), rival.to_bytes())

    # When a reveal pass that listed before the rival wrote reaches that day
    open_day(stores, at("2025-03-03 00:00"))
    late = ListsNothingRevealed(stores.archive)
    report = reveal_closed(Stores(stores.secrets, late), at("2025-03-03 00:00"))

    # Then it tried to write the day's record and lost the race to the rival's (review: the test passed as well with a
    # pass that listed the rival's record and never tried)
    assert late.lost == [revealed_key(MARCH)]
    # And it writes only the next day, linked to the rival's bytes
    assert report.revealed == [dt.date(2025, 3, 2)]
    assert stores.archive.get(revealed_key(MARCH)) == rival.to_bytes()
    link = record_of(stores, dt.date(2025, 3, 2)).previous
    assert link is not None and link.sha256 == hashlib.sha256(rival.to_bytes()).hexdigest()


class RivalRunsAfterListing(PassingStore):
    """The archive as one run sees it while an overlapping run does its whole run right after this one listed
    revealed/."""

    def __init__(self, inner: ObjectStore, rival: Stores, now: dt.datetime) -> None:
        super().__init__(inner)
        self.rival, self.now = rival, now
        self.rival_report: PublishReport | None = None

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        listed = super().list(prefix, after, through, each_page=each_page)
        if prefix == "revealed/" and self.rival_report is None:
            self.rival_report = publish(self.rival, self.now)
        return listed


def test_two_overlapping_runs_catching_up_a_day_without_its_commitment_write_the_same_records(tmp_path: Path) -> None:
    # Given 2025-03-01 opened, and 2025-03-02 whose only run made its secret and died before its commitment
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    get_or_create_secret(stores.secrets, dt.date(2025, 3, 2))
    assert stores.archive.get(commitment_key(dt.date(2025, 3, 2))) is None

    # When on 2025-03-03 a run lists revealed/, and an overlapping run then does its whole run before it goes on
    now = at("2025-03-03 00:00:03")
    slow = RivalRunsAfterListing(stores.archive, stores, now)
    report = publish(Stores(stores.secrets, slow), now)

    # Then both runs wrote, or found, the very same records: no run takes the other's for someone else's
    assert slow.rival_report is not None
    assert slow.rival_report.reveal.revealed == [MARCH, dt.date(2025, 3, 2)]
    assert slow.rival_report.reveal.late_commitments == [dt.date(2025, 3, 2)]
    assert report.reveal.revealed == [] and report.reveal.head == slow.rival_report.reveal.head
    late = Commitment.model_validate_json(stores.archive.get(commitment_key(dt.date(2025, 3, 2))) or b"")
    assert record_of(stores, MARCH).next_commitment == late.commitment


@pytest.mark.parametrize(
    ("store", "prefix"),
    [("secrets", "secrets/2025-03-03"), ("archive", "commitments/2025-03-03"), ("archive", "commitments/2025-03-02")]
    + [("archive", f"revealed/2025-03-0{day}") for day in (1, 2)],
    ids=["todays-secret", "todays-commitment", "a-late-commitment", "the-first-record", "the-next-record"],
)
def test_a_run_that_loses_any_of_its_writes_to_an_overlapping_run_goes_on_from_the_winners(
    tmp_path: Path, store: str, prefix: str
) -> None:
    # Given 03-01 opened, 03-02 whose run died before its commitment, and on 03-03 two runs at once (a retried
    # invocation beside the first), the second of which does its whole run just before one of the first's writes
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=False)
    rivals: list[PublishReport] = []
    rival = RivalWritesFirst(getattr(stores, store), prefix, lambda: rivals.append(publish(stores, timeline.now)))

    # When the first run goes on, Then its write loses to the rival's, which it takes for an overlapping run's
    report = publish(replace(stores, **{store: rival}), timeline.now)
    assert report.reveal.head == rivals[0].reveal.head and report.today.commitment == rivals[0].today.commitment
    assert revealed_days(stores) == [MARCH, dt.date(2025, 3, 2)]


def third_missed(tmp_path: Path) -> tuple[Timeline, Stores]:
    """03-01 and 03-02 opened and 03-01 revealed, then 03-03 missed (every run that day failed before it made the
    secret); the timeline at 03-04 00:00:03."""
    timeline = Timeline(at("2025-03-01 00:00:03"))
    stores = timeline.stores(tmp_path)
    publish(stores, timeline.now)
    timeline.now = at("2025-03-02 00:00:03")
    publish(stores, timeline.now)
    timeline.now = at("2025-03-04 00:00:03")
    return timeline, stores


def test_a_run_that_loses_a_records_race_to_a_run_by_hand_naming_a_commitment_published_since_it_read_goes_on(
    tmp_path: Path,
) -> None:
    # Given 03-03 missed, and the midnight run of 03-04, which read no commitment of 03-03 for 03-02's record, when a
    # run by hand whose clock read 03-03 23:59:59 (its S3 calls slow) makes 03-03's secret and commitment and reveals
    # 03-02 naming it, just before the midnight run writes that record (it stopped with TamperedRecord, alarmed)
    timeline, stores = third_missed(tmp_path)
    by_hand = RivalWritesFirst(
        stores.archive, "revealed/2025-03-02", lambda: publish(stores, at("2025-03-03 23:59:59"))
    )

    # When the midnight run finds that record where it was about to write its own
    report = publish(replace(stores, archive=by_hand), timeline.now)

    # Then it goes on from it, as from an overlapping run's, and readers and the next run vouch for every day
    assert by_hand.rival_ran and report.reveal.revealed == []
    assert record_of(stores, dt.date(2025, 3, 2)).next_commitment is not None
    assert report.reveal.head == ChainLink(
        date=dt.date(2025, 3, 2), sha256=sha256_hex(stores.archive.get(revealed_key(dt.date(2025, 3, 2))) or b"")
    )
    timeline.now = at("2025-03-05 00:00:03")
    assert publish(stores, timeline.now).reveal.revealed == [dt.date(2025, 3, 3), dt.date(2025, 3, 4)]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-05 09:00"))
    assert all(reader.record(day).seal == "match" for day in revealed_days(stores))


def test_a_run_by_hand_that_loses_a_records_race_to_a_run_that_read_no_commitment_published_since_goes_on(
    tmp_path: Path,
) -> None:
    # Given 03-03 missed, a run by hand whose clock read 03-03 23:59:59 (its S3 calls slow) making 03-03's secret and
    # commitment (dated 03-04 00:00:03), and the midnight run of 03-04, which had read no commitment of 03-03, writing
    # 03-02's record naming none just before the run by hand writes its own
    timeline, stores = third_missed(tmp_path)
    open_day(stores, at("2025-03-03 23:59:59"))

    def midnight_run_writes_first() -> None:
        timeline.now = at("2025-03-04 00:00:04")
        secret = stores.secrets.get(secret_key(dt.date(2025, 3, 2))) or b""
        link = ChainLink(date=MARCH, sha256=sha256_hex(stores.archive.get(revealed_key(MARCH)) or b""))
        record = RevealedRecord(
            date=dt.date(2025, 3, 2),
            secret=secret.hex(),
            commitment=seal_of(secret),
            next_commitment=None,
            previous=link,
        )
        stores.archive.put_new(revealed_key(dt.date(2025, 3, 2)), record.to_bytes())

    # When the run by hand finds that record where it was about to write its own, which names the commitment
    midnight = RivalWritesFirst(stores.archive, "revealed/2025-03-02", midnight_run_writes_first)
    report = reveal_closed(replace(stores, archive=midnight), at("2025-03-03 23:59:59"))

    # Then it goes on from it too: the commitment it names was published late, after its day, once the other had read
    assert midnight.rival_ran and report.revealed == []
    assert report.head is not None and report.head.date == dt.date(2025, 3, 2)


def test_a_record_written_by_someone_else_just_before_the_publisher_stops_the_run(tmp_path: Path) -> None:
    # Given a record of 2025-03-01 with a secret of someone else's, written between the run's listing and its write
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    open_day(stores, at("2025-03-02 00:00"))
    put_someone_elses_record(stores.archive, MARCH)

    # When the reveal pass finds it where it was about to write
    with pytest.raises(TamperedRecord, match="is not the record the publisher writes"):
        reveal_closed(Stores(stores.secrets, ListsNothingRevealed(stores.archive)), at("2025-03-02 00:00"))

    # Then nothing is chained onto it, nor indexed
    assert revealed_days(stores) == [MARCH]
    assert json.loads(stores.archive.get("index.json") or b"")["revealed"] == []


def test_a_record_written_before_the_publisher_reveals_its_day_stops_every_later_run(tmp_path: Path) -> None:
    # Given a record of 2025-03-02 with a secret of someone else's, written at noon that day, properly chained
    timeline = Timeline(at("2025-03-01 00:00:02"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.publish(stores, at("2025-03-02 00:00:02"))
    timeline.now = at("2025-03-02 12:00")
    previous = stores.archive.get(revealed_key(MARCH)) or b""
    put_someone_elses_record(
        stores.archive, dt.date(2025, 3, 2), ChainLink(date=MARCH, sha256=hashlib.sha256(previous).hexdigest())
    )

    for moment in ("2025-03-03 00:00:02", "2025-03-04 00:00:02"):
        # When the publisher runs on the following days
        with pytest.raises(TamperedRecord, match="not the secret kept for that day") as refused:
            timeline.publish(stores, at(moment))

        # Then each run fails as tampering does, and nothing is chained onto the record it did not write
        assert refused.value.field == "secret"
        assert revealed_days(stores) == [MARCH, dt.date(2025, 3, 2)]
    # while each day still gets its secret and its commitment, in time
    assert stores.archive.get(commitment_key(dt.date(2025, 3, 4))) is not None


def test_a_record_dated_after_today_never_becomes_the_chains_head(tmp_path: Path) -> None:
    # Given a well-formed record of 2030-01-01 in the archive, written on 2025-03-02
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    publish(stores, at("2025-03-02 00:00"))
    put_someone_elses_record(stores.archive, dt.date(2030, 1, 1))

    # When the next day's run reveals 2025-03-02
    report = publish(stores, at("2025-03-03 00:00")).reveal

    # Then the day is revealed onto the real chain, the record is reported, and the index leaves it out
    assert report.revealed == [dt.date(2025, 3, 2)] and report.orphans == []
    assert report.not_yet_over == [dt.date(2030, 1, 1)]
    assert report.head is not None and report.head.date == dt.date(2025, 3, 2)
    link = record_of(stores, dt.date(2025, 3, 2)).previous
    assert link is not None and link.date == MARCH
    assert json.loads(stores.archive.get("index.json") or b"")["revealed"] == ["2025-03-01", "2025-03-02"]


def test_the_index_is_rebuilt_when_it_was_lost_or_is_stale(tmp_path: Path) -> None:
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    publish(stores, at("2025-03-02 00:00"))
    good = stores.archive.get("index.json")
    stores.archive.replace("index.json", b'{"revealed":[],"head":null}')

    report = reveal_closed(stores, at("2025-03-02 00:10"))

    assert report.index_updated and report.revealed == []
    assert stores.archive.get("index.json") == good
    assert json.loads(good or b"")["revealed"] == ["2025-03-01"]


def test_an_index_too_large_to_read_is_rebuilt_as_any_that_is_no_index(tmp_path: Path) -> None:
    # Given an index.json larger than any document, which a read refuses (it is not read whole)
    stores = local_stores(tmp_path)
    publish(stores, at("2025-03-01 00:00"))
    publish(stores, at("2025-03-02 00:00"))
    good = stores.archive.get("index.json")
    stores.archive.replace("index.json", b" " * (MAX_OBJECT_BYTES + 1))

    report = reveal_closed(stores, at("2025-03-02 00:10"))

    assert report.index_updated
    assert stores.archive.get("index.json") == good


@pytest.mark.parametrize(
    ("changed", "words"),
    [
        ({"previous": None}, "links to nothing, where the publisher links it to revealed/2025-03-01.json"),
        ({"next_commitment": "ab" * 32}, "as the next day's, where commitments/2025-03-03.json is"),
        ({"next_commitment": None}, "names no commitment as the next day's"),
    ],
    ids=["links-to-nothing", "another-next-commitment", "no-next-commitment"],
)
def test_a_head_record_of_the_kept_secret_the_publisher_did_not_write_stops_the_run(
    tmp_path: Path, changed: dict[str, object], words: str
) -> None:
    # Given 03-01 and 03-02 revealed, and 03-02's record, the chain's head, written again by someone holding the
    # publisher's role: the kept secret, but not the record the publisher writes (review: the next run chained onto
    # it, and 03-01 and 03-02 were refused for good, with no error and no metric)
    timeline = Timeline(at("2025-03-01 00:00:03"))
    stores = timeline.stores(tmp_path)
    for day in ("2025-03-01", "2025-03-02", "2025-03-03"):
        timeline.now = at(f"{day} 00:00:03")
        publish(stores, timeline.now)
    head = record_of(stores, dt.date(2025, 3, 2))
    path = stores.archive.root / revealed_key(dt.date(2025, 3, 2))  # type: ignore[attr-defined]
    path.write_bytes(head.model_copy(update=changed).to_bytes())

    # When the next night's run reveals 03-03, Then it stops, naming the record, and chains nothing onto it
    timeline.now = at("2025-03-04 00:00:03")
    with pytest.raises(TamperedRecord, match=words):
        reveal_closed(stores, timeline.now)
    assert revealed_days(stores) == [MARCH, dt.date(2025, 3, 2)]


def test_a_run_whose_clock_still_reads_yesterday_as_midnight_passes_neither_alarms_nor_sets_the_index_back(
    tmp_path: Path,
) -> None:
    # Given 03-01 opened, and at 03-02 00:00:03 the midnight run, which reveals 03-01
    timeline = Timeline(at("2025-03-01 00:00:03"))
    stores = timeline.stores(tmp_path)
    publish(stores, timeline.now)
    timeline.now = at("2025-03-02 00:00:03")
    publish(stores, timeline.now)
    index = stores.archive.get(INDEX_KEY)

    # When a run whose clock read 03-01 23:59:59 (a run by hand, its S3 calls slow) reveals after it
    report = reveal_closed(stores, at("2025-03-01 23:59:59"))

    # Then it does not take 03-01's record, written once 03-01 was over, for one revealed early (review: a false
    # RecordsNotYetOver alarm, sent to the tamper runbook), nor write an index of nothing over the midnight run's
    assert report.not_yet_over == [] and not report.index_updated
    assert stores.archive.get(INDEX_KEY) == index


@pytest.mark.parametrize(
    "dated", ["2025-03-02 00:00:03", "2025-03-01 23:59:59.500"], ids=["after-its-day", "in-its-days-last-moment"]
)
def test_a_record_that_names_no_next_commitment_published_late_beside_it_is_the_publishers_to_readers_and_runs(
    tmp_path: Path, dated: str
) -> None:
    # Given 02-28 opened, 03-01 missed, and at 03-02 00:00 a run by hand whose clock read 03-01 23:59:59 making 03-01's
    # secret and commitment (the store dates them 00:00:03; or in 03-01's last moment, as a write begun then and seen
    # only once it ends is dated: a file by when its bytes were written, before it is linked into place), while the
    # midnight run, which had read no commitment of 03-01, writes 02-28's record naming none at 00:00:04 (review: every
    # later run stopped, and readers refused 02-28)
    feb28 = dt.date(2025, 2, 28)
    timeline = Timeline(at("2025-02-28 00:00:03"))
    stores = timeline.stores(tmp_path)
    publish(stores, timeline.now)
    timeline.now = at(dated)
    open_day(stores, at("2025-03-01 23:59:59"))
    timeline.now = at("2025-03-02 00:00:04")
    secret = stores.secrets.get(secret_key(feb28)) or b""
    record = RevealedRecord(
        date=feb28, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=None
    )
    stores.archive.put_new(revealed_key(feb28), record.to_bytes())

    # When the 00:05 run reveals, Then it goes on from that record, and a reader vouches for every day
    timeline.now = at("2025-03-02 00:05:00")
    report = reveal_closed(stores, timeline.now)
    assert report.revealed == [MARCH]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-03 09:00"))
    assert reader.record(feb28).seal == "match" and reader.record(MARCH).seal == "match"


def test_an_index_naming_a_later_head_the_archive_does_not_hold_is_rebuilt(tmp_path: Path) -> None:
    # Given an index written by someone else, naming a head in 2099 (review: kept for good, never rebuilt)
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=True)
    # and (review) a record of 2099 by those very bytes beside it, written long before its day
    stores.archive.put_new(revealed_key(dt.date(2099, 1, 1)), b"x")
    junk = ArchiveIndex(revealed=[], head=ChainLink(date=dt.date(2099, 1, 1), sha256=sha256_hex(b"x"))).to_bytes()
    stores.archive.replace(INDEX_KEY, junk)

    # When a run reveals, Then the index is the chain's
    report = reveal_closed(stores, timeline.now)
    assert report.index_updated
    assert ArchiveIndex.model_validate_json(stores.archive.get(INDEX_KEY) or b"").head == report.head


class RivalRunsAfterIndexRead(PassingStore):
    """The archive as one run sees it while an overlapping run does its whole run right after this one read the
    index."""

    def __init__(self, inner: ObjectStore, rival: Stores, now: dt.datetime) -> None:
        super().__init__(inner)
        self.rival, self.now = rival, now
        self.rival_report: PublishReport | None = None

    def get(self, key: str) -> bytes | None:
        found = self.inner.get(key)
        if key == INDEX_KEY and self.rival_report is None:
            self.rival_report = publish(self.rival, self.now)
        return found


def test_an_index_set_back_by_a_run_that_read_it_before_an_overlapping_run_wrote_it_is_rebuilt_by_the_next(
    tmp_path: Path,
) -> None:
    # Given 03-01 and 03-02 opened, nothing revealed (03-02's runs stopped once it was opened), and a run by hand whose
    # clock read 03-02 23:59:59 (its S3 calls slow) revealing 03-01, then reading the index just before the midnight run
    # reveals 03-02 and indexes both days
    timeline, stores = two_days_unrevealed(tmp_path, second_committed=True)
    slow = RivalRunsAfterIndexRead(stores.archive, stores, timeline.now)

    # When that run writes the index it made from what it had read
    report = reveal_closed(Stores(stores.secrets, slow), at("2025-03-02 23:59:59"))

    # Then the index leaves out 03-02 until the next run rebuilds it from the records, and readers, who list the records
    # and never need the index to find a day, find it all the same
    assert slow.rival_report is not None and slow.rival_report.reveal.revealed == [dt.date(2025, 3, 2)]
    assert report.index_updated
    assert ArchiveIndex.model_validate_json(stores.archive.get(INDEX_KEY) or b"").revealed == [MARCH]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-03 00:01"))
    assert reader.record(dt.date(2025, 3, 2)).status == "revealed"
    timeline.now = at("2025-03-03 00:05")
    assert reveal_closed(stores, timeline.now).index_updated
    assert ArchiveIndex.model_validate_json(stores.archive.get(INDEX_KEY) or b"").revealed == [
        MARCH,
        dt.date(2025, 3, 2),
    ]
