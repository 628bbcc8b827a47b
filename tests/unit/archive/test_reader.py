"""Reading the archive to verify daily rolls: pending, revealed, unknown, tampered; end to end.

The end-to-end tests compare the package with seed 004's algorithm transcribed below from the
document ("The algorithm, exactly"), independently of `fairdice.schemes.daily`.
"""

import datetime as dt
import hashlib
import hmac
import re
import uuid
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from fairdice.archive.layout import (
    DAYS_LOOKED_BACK,
    ChainLink,
    Commitment,
    RevealedRecord,
    commitment_key,
    days_looked_back,
    revealed_key,
    secret_key,
    sha256_hex,
)
from fairdice.archive.publisher import get_or_create_secret, publish, reveal_closed
from fairdice.archive.reader import RECENT_DAYS, RECHECK_AFTER, ArchiveReader, daily_record, daily_verdict
from fairdice.archive.today import TodaysRolls
from fairdice.errors import (
    ArchiveUnavailable,
    BeforeArchive,
    FutureDay,
    NotReadableYet,
    TamperedRecord,
    UnknownDay,
)
from fairdice.problems import MAX_MESSAGE
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.schemes.daily import DailyRequest
from fairdice.seal import seal_of
from fairdice.storage import MAX_OBJECT_BYTES, DatedKeys, EachPage, History, ObjectStore, Stored, Stores
from fairdice.verify import verify
from pydantic import ValidationError
from verify_api.caching import IMMUTABLE, SHORT_LIVED, cache_control

from testkit.archive import (
    SOMEONE_ELSES,
    committed_in_time_with_no_record,
    missed_days_secret_put_again,
    put_commitment_under_missed_day,
    put_secret_again,
    put_someone_elses_record,
)
from testkit.stores import PassingStore, Undated
from testkit.timeline import Timeline

DAY = dt.date(2025, 3, 1)
NEXT = dt.date(2025, 3, 2)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


def seed_004_faces(secret: bytes, date_text: str, player_id: str) -> list[int]:
    """Seed 004, as the document states it: HMAC-SHA256(secret, "YYYY-MM-DD|uuid"), next block
    message + "|1", "|2"…; dice d4 d6 d8 d10 d12 d20; limit = 256 - (256 mod n), discard bytes
    at or over it, face = byte mod n + 1."""
    message = f"{date_text}|{player_id}"
    blocks = (hmac.new(secret, (message if b == 0 else f"{message}|{b}").encode(), "sha256").digest() for b in count())
    stream = (byte for block in blocks for byte in block)
    faces = []
    for n in (4, 6, 8, 10, 12, 20):
        limit = 256 - 256 % n
        byte = next(stream)
        while byte >= limit:
            byte = next(stream)
        faces.append(byte % n + 1)
    return faces


@pytest.fixture
def timeline() -> Timeline:
    """The test's time, which the stores date what they write by (as S3 dates by the real clock)."""
    return Timeline(at("2025-03-01 00:00"))


@pytest.fixture
def stores(tmp_path: Path, timeline: Timeline) -> Stores:
    """Two days published and the first revealed: the state at 2025-03-02 00:00 UTC."""
    made = timeline.stores(tmp_path)
    timeline.publish(made, at("2025-03-01 00:00:03"))
    timeline.publish(made, at("2025-03-02 00:00:02"))
    return made


def reader_at(stores: Stores, moment: str) -> ArchiveReader:
    return ArchiveReader(stores.archive, clock=lambda: at(moment))


def pending_next(stores: Stores, *, overdue: bool = False) -> PendingDay:
    """2025-03-02 not revealed, as a reader gives it: with the commitment the archive published for it, its secret's
    SHA-256, and when: two seconds into the day, in time; and kept, as the test's store keeps every version (as Object
    Lock in compliance mode does)."""
    return PendingDay(
        reveal_at=at("2025-03-03 00:00"),
        overdue=overdue,
        commitment=seal_of(stores.secrets.get(secret_key(NEXT)) or b""),
        published_at=at("2025-03-02 00:00:02"),
        in_time=True,
        locked=True,
    )


def rewrite(store: ObjectStore, key: str, data: bytes) -> None:
    """Tamper with the archive behind the publisher's back (the local folder allows it)."""
    store.replace(key, data)


# ---- lookup ----------------------------------------------------------------------------------


def audit_reader(stores: Stores, moment: str) -> ArchiveReader:
    """A reader as an audit's (`as_of`): the archive's days judged by the audit's start, whenever it reads them."""
    return ArchiveReader(stores.archive, clock=lambda: at(moment), as_of=True)


def test_an_audit_reads_a_late_commitment_and_its_reveal_as_the_archive_held_them_when_it_began(
    tmp_path: Path,
) -> None:
    # Given 2025-03-02's run dead between making the secret and publishing its commitment, no run on 2025-03-03, an
    # audit begun at 12:00 that day, and the catch-up run at 2025-03-04 00:00:03 publishing the commitment late and
    # both records, all after the audit began
    timeline = Timeline(at("2025-02-28 00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-02-28 00:00:03"))
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.now = at("2025-03-02 00:00:03")
    get_or_create_secret(stores.secrets, NEXT)
    begun = "2025-03-03 12:00"
    warm = audit_reader(stores, begun)
    with pytest.raises(UnknownDay):
        warm.lookup(NEXT)
    timeline.publish(stores, at("2025-03-04 00:00:03"))

    # Then every shard, warm or fresh, finds no secret for it, as the archive was when the audit began (review S5: a
    # fresh shard withheld it, where one that read it before said it had no secret)
    for reader in (warm, audit_reader(stores, begun)):
        with pytest.raises(UnknownDay):
            reader.lookup(NEXT)
    # and an audit begun after the catch-up reads it
    assert isinstance(audit_reader(stores, "2025-03-04 00:20").lookup(NEXT), RevealedDay)


class RunsBetween:
    """The archive, with a publisher run landing right after the first read of one key: the run a reader races."""

    def __init__(self, archive: ObjectStore, key: str, run: Callable[[], None]) -> None:
        self._archive, self._key = archive, key
        self._run: Callable[[], None] | None = run

    def read(self, key: str) -> Stored | None:
        found = self._archive.read(key)
        if key == self._key and self._run is not None:
            run, self._run = self._run, None
            run()
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._archive, name)


@pytest.mark.parametrize("as_of", [False, True], ids=["api", "audit"])
def test_a_late_reveal_landing_while_a_reader_looks_for_the_record_is_no_tampering(
    stores: Stores, timeline: Timeline, as_of: bool
) -> None:
    # Given no run on 2025-03-03 (an outage) until one at 00:40 that reveals 2025-03-02 late, landing right after a
    # reader at 00:20 found no record for it, before it lists the records and reads the index
    late = RunsBetween(stores.archive, revealed_key(NEXT), lambda: timeline.publish(stores, at("2025-03-03 00:40")))
    reader = ArchiveReader(late, clock=lambda: at("2025-03-03 00:20"), as_of=as_of)  # type: ignore[arg-type]

    # Then it reads the record once more rather than call the day tampered (review S6: the later record and the index
    # it found made the missing record look hidden): the API reads it revealed; an audit begun at 00:20, as of which
    # it was not revealed, withholds it as late, as its other shards do
    found = reader.lookup(NEXT)
    if as_of:
        assert found == pending_next(stores, overdue=True)
    else:
        assert isinstance(found, RevealedDay)


def test_a_warm_audit_reader_remembers_a_pending_day_for_its_own_moment_only(
    stores: Stores, timeline: Timeline
) -> None:
    # Given an outage on 2025-03-03 until a late reveal at 00:20:05, and one warm reader serving an execution begun at
    # 00:20:00, then one begun at 00:20:10 (review S5: the second was given the first's pending day)
    moment = [at("2025-03-03 00:20:00")]
    warm = ArchiveReader(stores.archive, clock=lambda: moment[0], as_of=True)
    assert warm.lookup(NEXT) == pending_next(stores, overdue=True)
    timeline.publish(stores, at("2025-03-03 00:20:05"))
    moment[0] = at("2025-03-03 00:20:10")

    # Then the second execution reads the day as a fresh reader does: revealed before it began
    assert isinstance(warm.lookup(NEXT), RevealedDay)
    assert isinstance(audit_reader(stores, "2025-03-03 00:20:10").lookup(NEXT), RevealedDay)


@pytest.mark.parametrize(
    ("begun", "reveal", "expected"),
    [
        # before the runs that reveal 2025-03-02 have ended (00:15): not final, withheld without a read
        (
            "2025-03-03 00:05",
            "2025-03-03 00:10",
            PendingDay(reveal_at=at("2025-03-03 00:00"), as_of=at("2025-03-03 00:05")),
        ),
        # past them, during an outage, the reveal coming late at 00:40: not revealed as of then, and late (review S4),
        # with the commitment published before it
        ("2025-03-03 00:20", "2025-03-03 00:40", None),
    ],
    ids=["not-final", "outage"],
)
def test_every_shard_of_an_audit_withholds_a_day_not_revealed_by_its_start_whatever_it_reads_later(
    stores: Stores, timeline: Timeline, begun: str, reveal: str, expected: PendingDay | None
) -> None:
    # Given an audit begun at `begun`, one shard reading 2025-03-02 before its reveal at `reveal` and, in a warm reader
    # and in a fresh one, after it (`expected` None: pending, late, with its commitment)
    expected = expected or pending_next(stores, overdue=True)
    warm = audit_reader(stores, begun)
    before = warm.lookup(NEXT)
    timeline.publish(stores, at(reveal))

    # Then every shard withholds the day alike
    assert before == warm.lookup(NEXT) == audit_reader(stores, begun).lookup(NEXT) == expected
    # while an audit begun after the reveal reads it, as the API does
    assert isinstance(audit_reader(stores, "2025-03-03 01:00").lookup(NEXT), RevealedDay)
    assert isinstance(reader_at(stores, begun).lookup(NEXT), RevealedDay)


def test_a_warm_audit_reader_that_read_a_late_record_for_a_later_audit_withholds_it_from_an_earlier_one(
    stores: Stores, timeline: Timeline
) -> None:
    # Given an outage on 2025-03-03 until a late reveal at 00:40, and one warm reader serving an audit begun at 01:00
    # and then one begun at 00:20
    timeline.publish(stores, at("2025-03-03 00:40"))
    moment = [at("2025-03-03 01:00")]
    shared = ArchiveReader(stores.archive, clock=lambda: moment[0], as_of=True)
    assert isinstance(shared.lookup(NEXT), RevealedDay)
    moment[0] = at("2025-03-03 00:20")

    # Then the earlier audit is not given the day it remembers revealed: not revealed as of its start, and late
    assert shared.lookup(NEXT) == pending_next(stores, overdue=True)


def test_a_revealed_day_gives_its_secret_and_the_commitment_published_before_it(stores: Stores) -> None:
    found = reader_at(stores, "2025-03-02 08:00").lookup(DAY)

    assert isinstance(found, RevealedDay)
    assert found.secret == stores.secrets.get(secret_key(DAY))
    assert found.commitment == seal_of(found.secret)
    assert found.source == "daily archive revealed/2025-03-01.json"


def test_today_is_pending_until_the_next_midnight(stores: Stores) -> None:
    found = reader_at(stores, "2025-03-02 23:59:59").lookup(NEXT)

    assert found == pending_next(stores)


def test_today_is_pending_even_before_its_secret_is_made(stores: Stores) -> None:
    found = reader_at(stores, "2025-03-03 00:00:00").lookup(dt.date(2025, 3, 3))

    assert found == PendingDay(reveal_at=at("2025-03-04 00:00"))


def test_a_closed_day_waiting_for_the_publisher_is_still_pending(stores: Stores) -> None:
    # 2025-03-02 is over, but the publisher has not run yet on 03-03
    found = reader_at(stores, "2025-03-03 00:00:01").lookup(NEXT)

    assert found == pending_next(stores)


def test_a_closed_day_whose_runs_all_failed_is_pending_until_a_run_reveals_it(stores: Stores) -> None:
    # Given 2025-03-02 committed and over, and no publisher run on 03-03 at all (an outage: both runs failed)
    # When it is asked for after 00:15 on 03-03, when every run that reveals it has ended, and at noon
    # Then it is still pending, not tampered: nothing in the archive shows it was ever revealed (review)
    # (and late from when they ended: overdue)
    for moment, overdue in (("2025-03-03 00:15:00", False), ("2025-03-03 00:15:01", True), ("2025-03-03 12:00", True)):
        assert reader_at(stores, moment).lookup(NEXT) == pending_next(stores, overdue=overdue)


def test_a_committed_days_record_gone_once_the_archive_showed_it_revealed_is_tampered(
    tmp_path: Path, stores: Stores
) -> None:
    # Given 2025-03-02 revealed by the run of 03-03, which listed it in the index; then its record gone (a delete
    # marker hides it in S3), the chain's head, so no later record shows it
    reveal_closed(stores, at("2025-03-03 00:00"))
    (tmp_path / "archive" / revealed_key(NEXT)).unlink()

    # When it is asked for within the reveal window, it may still be a run under way: pending
    assert reader_at(stores, "2025-03-03 00:15:00").lookup(NEXT) == pending_next(stores)

    # After it, the index shows the day was revealed: the missing record is the archive's fault
    reader = reader_at(stores, "2025-03-03 00:15:01")
    with pytest.raises(TamperedRecord, match=r"revealed/2025-03-02.json is missing.*index.json lists it as revealed"):
        reader.lookup(NEXT)
    with pytest.raises(TamperedRecord):
        daily_record(reader, NEXT)
    with pytest.raises(TamperedRecord):
        daily_verdict(reader, NEXT, PLAYER)


def test_a_revealed_record_that_disappears_is_tampered_not_pending_again(tmp_path: Path, stores: Stores) -> None:
    # Given 2025-03-01 revealed, then its record removed (as a delete marker hides it in S3)
    (tmp_path / "archive" / revealed_key(DAY)).unlink()

    # When a player verifies a roll of that day, Then the archive is answered as tampered with, not withheld
    with pytest.raises(TamperedRecord, match=re.escape(f"{revealed_key(DAY)} is missing")):
        daily_verdict(reader_at(stores, "2025-03-02 12:00"), DAY, PLAYER)


def test_a_reader_never_reveals_early_even_if_the_archive_holds_a_record(stores: Stores) -> None:
    secret = stores.secrets.get(secret_key(NEXT)) or b""
    early = RevealedRecord(
        date=NEXT, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=None
    )
    stores.archive.put_new(revealed_key(NEXT), early.to_bytes())

    assert isinstance(reader_at(stores, "2025-03-02 12:00").lookup(NEXT), PendingDay)


def test_a_day_that_never_had_a_secret_is_unknown(stores: Stores) -> None:
    with pytest.raises(BeforeArchive, match="no day 2025-02-28, before its first") as raised:
        reader_at(stores, "2025-03-02 12:00").lookup(dt.date(2025, 2, 28))
    assert raised.value.field == "date" and raised.value.code == "unknown_day"


def test_a_day_hidden_before_the_first_record_listed_is_tampered_not_before_the_archive(
    tmp_path: Path, stores: Stores
) -> None:
    # Given 2025-03-02 revealed by the run of 03-03, its record linking to 2025-03-01's; then 2025-03-01's record and
    # commitment gone (delete markers hide them in S3), so the first record listed is 2025-03-02's
    reveal_closed(stores, at("2025-03-03 00:00"))
    (tmp_path / "archive" / revealed_key(DAY)).unlink()
    (tmp_path / "archive" / commitment_key(DAY)).unlink()

    # When 2025-03-01, a day committed and played, is asked for, Then it is not said to be no day of the archive,
    # before its first (review: "has no day 2025-03-01, before its first", where the first listed links to it)
    with pytest.raises(TamperedRecord, match=re.escape(f"{revealed_key(NEXT)} links to {revealed_key(DAY)}")):
        reader_at(stores, "2025-03-03 12:00").lookup(DAY)


def test_a_future_day_is_unknown_because_its_secret_does_not_exist_yet(stores: Stores) -> None:
    with pytest.raises(UnknownDay, match="no secret exists yet for 2025-03-03") as raised:
        reader_at(stores, "2025-03-02 12:00").lookup(dt.date(2025, 3, 3))
    # and says when it is due (review: a 404 that said only "once the day is over")
    assert raised.value.message.endswith("revealed once the day is over, in the minutes after 2025-03-04 00:00:00 UTC")


@pytest.mark.parametrize(
    ("day", "now", "words"),
    [
        # Before the chain's first record: the publisher reveals days in date order, so never this one
        (
            "2025-02-28",
            "2025-03-02 12:00",
            "the daily archive has no day 2025-02-28, before its first: its first revealed day is 2025-03-01, and days"
            " are revealed in date order, never one before it. Check the date: it is the UTC day the roll was made",
        ),
        # Over, within the minutes the runs that reveal it have: a run may yet publish its commitment late, and it
        (
            "2025-03-03",
            "2025-03-04 00:05",
            "the daily archive has no secret for 2025-03-03 yet: the runs that reveal it may still publish it until"
            " 2025-03-04 00:15:00 UTC; try again then",
        ),
        # Past them: a later run may still, where the private store holds its secret, which the reader cannot know
        (
            "2025-03-03",
            "2025-03-04 12:00",
            "the daily archive has no secret for 2025-03-03, nor a commitment, though the runs that reveal it ended at"
            " 2025-03-04 00:15:00 UTC. Check it is the UTC day of the roll; if so, try again later (a late run may"
            " still reveal it), and if it stays missing, report that the operator has not revealed it",
        ),
    ],
)
def test_a_day_without_a_secret_says_what_the_archive_shows_of_why_and_what_to_do(
    stores: Stores, day: str, now: str, words: str
) -> None:
    # Review: every such day was "the daily archive has no secret for …", a 404 with no advice a player can act on
    with pytest.raises(UnknownDay) as raised:
        reader_at(stores, now).lookup(dt.date.fromisoformat(day))
    assert (raised.value.message, raised.value.field) == (words, "date")
    assert len(words) <= MAX_MESSAGE  # whole in the API's problems, which cut a longer one


def test_a_day_every_run_missed_between_two_revealed_days_is_never_revealed_and_says_so(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 2025-03-03 missed by every run, and the days around it revealed: the chain links over it
    stores = timeline.stores(tmp_path)
    for day in ("2025-03-01", "2025-03-02", "2025-03-04", "2025-03-05"):
        timeline.publish(stores, at(f"{day} 00:00:03"))

    # When a roll of that day is looked up
    with pytest.raises(UnknownDay) as raised:
        reader_at(stores, "2025-03-05 12:00").lookup(dt.date(2025, 3, 3))

    # Then it is not said to be late, to try again: a day before one revealed is never revealed
    words = (
        "the daily archive has no secret for 2025-03-03, nor a commitment, and never will: 2025-03-04 is revealed"
        " already, and days are revealed in date order. Check it is the UTC day of the roll; if so, report it: a roll"
        " was given for a day the archive never committed to"
    )
    assert raised.value.message == words and len(words) <= MAX_MESSAGE


def test_a_day_before_an_archive_that_has_revealed_no_day_says_it_may_have_begun_after_it(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given a fresh archive (`make serve`'s): 2025-03-01's commitment published, nothing revealed yet
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:03"))

    # When a roll of a day before it is looked up, past the time the runs that would reveal that day had
    with pytest.raises(UnknownDay) as raised:
        reader_at(stores, "2025-03-01 12:00").lookup(dt.date(2025, 2, 28))

    # Then it is not said that those runs ended and the operator has not revealed it (review: there were none, and no
    # run reveals a day before the archive's first): only that a late run reveals it if the game made its secret
    words = (
        "the daily archive has no secret for 2025-02-28, nor a commitment, and has revealed no day yet: it may have"
        " begun after it. Check it is the UTC day of the roll; if so, try again later (a late run reveals it if the"
        " game made its secret), and if it stays missing, ask the operator if the game ran then"
    )
    assert raised.value.message == words and len(words) <= MAX_MESSAGE


def no_secret_words(reader: ArchiveReader, day: dt.date) -> str:
    with pytest.raises(UnknownDay) as raised:
        reader.lookup(day)
    return raised.value.message


@pytest.mark.parametrize(
    ("runs", "begun", "late", "day", "words"),
    [
        # 2025-03-03 had no secret (no run that day), 2025-03-04 was committed, and no run revealed it before the
        # audit: the catch-up run reveals it after the audit began, so as of then no later day was revealed
        (
            ["2025-03-01 00:00:03", "2025-03-02 00:00:03", "2025-03-04 00:00:03"],
            "2025-03-05 12:00",
            "2025-03-06 00:00:03",
            "2025-03-03",
            "the daily archive has no secret for 2025-03-03, nor a commitment, though the runs that reveal it ended at"
            " 2025-03-04 00:15:00 UTC. Check it is the UTC day of the roll; if so, audit again later (a late run may"
            " still reveal it), and if it stays missing, report that the operator has not revealed it",
        ),
        # A fresh archive whose first day is revealed only after the audit began: as of then it had revealed none
        (
            ["2025-03-01 00:00:03"],
            "2025-03-02 12:00",
            "2025-03-03 00:00:03",
            "2025-02-28",
            "the daily archive has no secret for 2025-02-28, nor a commitment, and has revealed no day yet: it may have"
            " begun after it. Check it is the UTC day of the roll; if so, audit again later (a late run reveals it if"
            " the game made its secret), and if it stays missing, ask the operator if the game ran then",
        ),
    ],
    ids=["a gap before a day revealed late", "before a first day revealed late"],
)
def test_an_audit_says_why_a_day_has_no_secret_as_of_its_moment_and_to_audit_again(
    tmp_path: Path, runs: list[str], begun: str, late: str, day: str, words: str
) -> None:
    # Given the publisher's runs before an audit's moment, and a late run after it
    timeline = Timeline(at(runs[0]))
    stores = timeline.stores(tmp_path)
    for run in runs:
        timeline.publish(stores, at(run))
    before = no_secret_words(audit_reader(stores, begun), dt.date.fromisoformat(day))
    timeline.publish(stores, at(late))

    # When a shard reads the day after the late run
    after = no_secret_words(audit_reader(stores, begun), dt.date.fromisoformat(day))

    # Then both shards give the same words, as of the audit's moment: they cite no day revealed after it (review: the
    # one after said "never will: 2025-03-04 is revealed already", or "its first revealed day is 2025-03-01"), and tell
    # an audit, which reads the archive as of its start, to audit again rather than to try again
    assert before == after == words and len(words) <= MAX_MESSAGE


class Counting:
    """The archive as a reader sees it, every key it asks for recorded; each read can take `seconds` of a clock."""

    def __init__(self, archive: ObjectStore, clock: "Ticking | None" = None, seconds: float = 0.0) -> None:
        self.archive = archive
        self.reads: list[str] = []
        self._clock = clock
        self._seconds = seconds

    @property
    def witnessed(self) -> bool:
        return self.archive.witnessed

    def _asked(self, key: str) -> None:
        self.reads.append(key)
        if self._clock is not None:
            self._clock.now += self._seconds

    def get(self, key: str) -> bytes | None:
        self._asked(key)
        return self.archive.get(key)

    def read(self, key: str) -> Stored | None:
        self._asked(key)
        return self.archive.read(key)

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError("a reader never writes")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError("a reader never writes")

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self._asked(prefix)
        return self.archive.list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self._asked(prefix)
        return self.archive.list_dated(prefix, after, through, each_page=each_page)

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        # Not counted: the folders these tests read keep no versions, and answer without a read (FolderStore.history)
        return self.archive.history(key, each_page=each_page)


class Ticking:
    """A monotonic clock that moves only when told to (a slow archive moves it)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Wall:
    """The reader's clock of days, set by the test."""

    def __init__(self, moment: str) -> None:
        self.now = at(moment)

    def __call__(self) -> dt.datetime:
        return self.now


def test_revealed_records_are_read_once_then_served_from_memory(stores: Stores) -> None:
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-02 12:00"))
    first = reader.lookup(DAY)
    reads_after_first = len(archive.reads)
    assert reader.lookup(DAY) == first
    assert reader.record(DAY).status == "revealed"
    assert len(archive.reads) == reads_after_first


def test_a_pending_day_or_one_without_a_secret_is_read_again_after_a_few_seconds(stores: Stores) -> None:
    # Given a batch's games on today's (pending) day and on a day that never had a secret
    archive = Counting(stores.archive)
    clock = Wall("2025-03-02 12:00:00")
    reader = ArchiveReader(archive, clock=clock)
    missing = dt.date(2025, 2, 28)
    for _ in range(50):
        assert isinstance(reader.lookup(NEXT), PendingDay)
        with pytest.raises(UnknownDay, match="no day 2025-02-28"):
            reader.lookup(missing)

    # Then each is read once, not fifty times (the missing day's list shows no record before it names a commitment, and
    # the first record listed after it, read, names no previous one: the day is before the archive's first)
    assert archive.reads == [
        commitment_key(NEXT),
        revealed_key(missing),
        commitment_key(missing),
        "revealed/",
        revealed_key(DAY),
    ]

    # And again once RECHECK_AFTER has passed: either may change (a late publisher run, a reveal)
    clock.now += RECHECK_AFTER
    reader.lookup(NEXT)
    with pytest.raises(UnknownDay):
        reader.lookup(missing)
    assert archive.reads[5:] == [  # 03-02's is kept
        revealed_key(missing),
        commitment_key(missing),
        "revealed/",
        revealed_key(DAY),
    ]


def test_a_day_before_the_first_reuses_the_first_record_the_reader_holds_checked(stores: Stores) -> None:
    # Given a reader that has checked 2025-03-01, the archive's first revealed day, for a game of a batch
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-02 12:00"))
    assert isinstance(reader.lookup(DAY), RevealedDay)
    asked = len(archive.reads)

    # When a game of the batch names 2025-02-28, a day before it
    missing = dt.date(2025, 2, 28)
    with pytest.raises(BeforeArchive, match="no day 2025-02-28, before its first"):
        reader.lookup(missing)

    # Then whether 03-01's record links back to a day hidden since is read from the record it holds, checked, not read
    # again: the day's record, its commitment and the list of the records, one read fewer
    assert archive.reads[asked:] == [revealed_key(missing), commitment_key(missing), "revealed/"]


def test_an_audit_on_a_day_before_the_first_reads_the_first_record_once(stores: Stores) -> None:
    # Given an audit's reader, begun at 2025-03-02 12:00, and no day of the archive checked yet
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-02 12:00"), as_of=True)

    # When a game names 2025-02-28, a day before the archive's first
    missing = dt.date(2025, 2, 28)
    with pytest.raises(BeforeArchive, match="no day 2025-02-28, before its first"):
        reader.lookup(missing)

    # Then 03-01's record, the first listed, is read once: for whether it links back to a day hidden since, and for
    # whether it was there by the audit's moment
    assert archive.reads == [revealed_key(missing), commitment_key(missing), "revealed/", revealed_key(DAY)]


def test_a_pending_day_is_not_remembered_past_midnight(stores: Stores, timeline: Timeline) -> None:
    archive = Counting(stores.archive)
    clock = Wall("2025-03-02 23:59:59")
    reader = ArchiveReader(archive, clock=clock)
    assert isinstance(reader.lookup(NEXT), PendingDay)
    assert timeline.publish(stores, at("2025-03-03 00:00:00")).reveal.revealed == [NEXT]

    clock.now = at("2025-03-03 00:00:01")  # two seconds later, 03-02 is over and revealed

    assert isinstance(reader.lookup(NEXT), RevealedDay)


def test_the_days_remembered_without_a_secret_are_at_most_recent_days(stores: Stores) -> None:
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-02 12:00"))
    days = [DAY - dt.timedelta(days=n) for n in range(1, RECENT_DAYS + 2)]
    for day in days:
        with pytest.raises(UnknownDay):
            reader.lookup(day)
    asked = len(archive.reads)

    for day in (days[-1], days[0]):  # the newest remembered, then the first (forgotten when the last came)
        with pytest.raises(UnknownDay):
            reader.lookup(day)
    assert archive.reads[asked:] == [revealed_key(days[0]), commitment_key(days[0]), "revealed/", revealed_key(DAY)]


def test_a_reader_within_a_budget_starts_no_read_once_its_seconds_are_spent(stores: Stores) -> None:
    # Given an archive where every read takes a second, and a request with 12.5 seconds to read it
    monotonic = Ticking()
    archive = Counting(stores.archive, monotonic, seconds=1.0)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-02 12:00"))
    request = reader.within(12.5, monotonic)

    # When it looks up 03-01: its record, its commitment, the list that shows it is the chain's first, the
    # DAYS_LOOKED_BACK days before's commitments (none), the list of their records (a record under a day with no
    # commitment may reveal 03-01's secret) and the next day's commitment (begun at 12 s, in time, ended at 13 s)
    assert isinstance(request.lookup(DAY), RevealedDay)
    assert monotonic.now == 100.0 + 5 + DAYS_LOOKED_BACK
    reads = list(archive.reads)
    # Then what it has read serves it still (03-02's commitment), but it asks for nothing more
    assert isinstance(request.lookup(NEXT), PendingDay)
    with pytest.raises(ArchiveUnavailable, match=r"spent the 12.5 s it may wait for the archive.*try again later"):
        request.lookup(dt.date(2025, 2, 27))
    assert archive.reads == reads

    # And what it read stays known to the reader, and to the next request
    assert isinstance(reader.within(12.5, monotonic).lookup(DAY), RevealedDay)
    assert archive.reads == reads


# ---- tampering -------------------------------------------------------------------------------


def test_a_revealed_secret_that_is_not_the_committed_one_is_a_seal_mismatch(stores: Stores) -> None:
    # Given a record swapped for another secret, consistent with itself
    other = bytes([9]) * 32
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    swapped = record.model_copy(update={"secret": other.hex(), "commitment": seal_of(other)})
    rewrite(stores.archive, revealed_key(DAY), swapped.to_bytes())
    reader = reader_at(stores, "2025-03-02 12:00")

    # When a player verifies a roll of that day
    verdict = daily_verdict(reader, "2025-03-01", PLAYER)

    # Then the verdict compares it with the commitment published before the day, and fails
    assert verdict.verdict == "mismatch" and verdict.checks.seal == "mismatch"
    assert verdict.seal.given == record.commitment and verdict.seal.computed == seal_of(other)
    assert reader.record(DAY).seal == "mismatch"
    assert cache_control(verdict, reader.now(), DAY, reader.kept_until(DAY)) == SHORT_LIVED


def test_a_day_committed_to_the_secret_the_day_before_revealed_is_never_verified(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given a publisher that made 2025-03-02's secret the same bytes as 2025-03-01's, revealed once 2025-03-01 was over
    # (review: every roll of 2025-03-02 was fair, though whoever read the first day's secret knew its dice)
    made = timeline.stores(tmp_path)
    for moment in ("2025-03-01 00:00:03", "2025-03-02 00:00:02", "2025-03-03 00:00:02"):
        timeline.now = at(moment)
        publish(made, timeline.now, random_bytes=lambda n: bytes([7]) * n)
    reader = reader_at(made, "2025-03-03 08:00")

    # Then the first day is revealed as ever, and the second is refused, saying whose secret it is
    assert isinstance(reader.lookup(DAY), RevealedDay)
    said = "commitments/2025-03-02.json commits to the secret of 2025-03-01, as revealed/2025-03-01.json does"
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        reader.lookup(DAY + dt.timedelta(days=1))
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        daily_verdict(reader_at(made, "2025-03-03 09:00"), "2025-03-02", PLAYER)


def midnight_run(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0, 0, 2), dt.UTC)


@pytest.mark.parametrize("back", [2, 3, DAYS_LOOKED_BACK])
def test_a_day_committed_to_the_secret_of_one_of_the_days_the_route_looks_back_to_is_never_fair(
    tmp_path: Path, timeline: Timeline, back: int
) -> None:
    # Given 03-01 and each day after it published by its midnight run, and a day `back` days after 03-01 whose first
    # second holds 03-01's secret and commitment, put before its run: 03-01's record made that secret public days
    # before, though the day's own record links to the day before's (review: the game's route refused the day, the
    # readers called a player's roll of it fair)
    made = timeline.stores(tmp_path)
    target = DAY + dt.timedelta(days=back)
    for n in range(back):
        timeline.publish(made, midnight_run(DAY + dt.timedelta(days=n)))
    again = made.secrets.get(secret_key(DAY)) or b""
    put_secret_again(timeline, made, again, target)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        TodaysRolls(made).roll(PLAYER, dt.datetime.combine(target, dt.time(9), dt.UTC))
    timeline.publish(made, midnight_run(target + dt.timedelta(days=1)))
    the_next_day = (target + dt.timedelta(days=1)).isoformat() + " 12:00"
    faces = [seed_004_faces(again, target.isoformat(), PLAYER)]

    # Then every reader refuses the day, saying whose secret it is: POST /verify's and GET /daily's, `fairdice daily
    # show`'s, and an audit's
    said = (
        f"{commitment_key(target)} commits to the secret of 2025-03-01, as commitments/2025-03-01.json does: that day's"
        f" record makes it public once that day is over, so whoever reads it knows every roll of {target}"
    )
    with pytest.raises(TamperedRecord, match=re.escape(said)) as refused:
        daily_verdict(reader_at(made, the_next_day), target, PLAYER, faces)
    assert refused.value.field == "commitment"
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        daily_record(reader_at(made, the_next_day), target)
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        audit_reader(made, the_next_day).lookup(target)
    # and the day whose secret it is, and the days between, are fair as ever
    for n in range(back):
        day = DAY + dt.timedelta(days=n)
        own = [seed_004_faces(made.secrets.get(secret_key(day)) or b"", day.isoformat(), PLAYER)]
        assert daily_verdict(reader_at(made, the_next_day), day, PLAYER, own).verdict == "fair"


def test_a_later_days_commitment_put_under_a_missed_day_after_it_was_published_leaves_that_day_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01, 03-03 and 03-04 published by their midnight runs, none on 03-02, and on 03-04 03-03's commitment
    # put under 03-02 by whoever holds the publisher's keys (its key never existed): it reveals nothing of 03-03,
    # whose secret was fixed days before (review: the readers refused 03-03 as committed to 03-02's secret)
    made = timeline.stores(tmp_path)
    missed, honest = dt.date(2025, 3, 2), dt.date(2025, 3, 3)
    for day in (DAY, honest, honest + dt.timedelta(days=1)):
        timeline.publish(made, midnight_run(day))
    secret = made.secrets.get(secret_key(honest)) or b""
    put_commitment_under_missed_day(timeline, made.archive, missed, at("2025-03-04 06:00"), of=seal_of(secret))

    # Then every reader finds 03-03 fair as ever: POST /verify's, GET /daily's and an audit's
    faces = [seed_004_faces(secret, honest.isoformat(), PLAYER)]
    assert daily_verdict(reader_at(made, "2025-03-04 12:00"), honest, PLAYER, faces).verdict == "fair"
    assert daily_record(reader_at(made, "2025-03-04 12:00"), honest).seal == "match"
    assert isinstance(audit_reader(made, "2025-03-04 12:00").lookup(honest), RevealedDay)


def test_an_earlier_days_commitment_that_is_not_one_is_that_days_tampering_alone(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-02 revealed, and 03-01's commitment padded, which its own readers refuse
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 3)))
    own = stores.archive.get(commitment_key(DAY)) or b""
    rewrite(stores.archive, commitment_key(DAY), own.replace(b'{"date":', b'{"date": ', 1))

    # Then 03-01 is refused, and 03-02, which looks back to it, is revealed as ever (as the game's route takes it)
    reader = reader_at(stores, "2025-03-03 12:00")
    with pytest.raises(TamperedRecord, match=r"commitments/2025-03-01\.json is not written as the publisher writes"):
        reader.lookup(DAY)
    assert isinstance(reader.lookup(NEXT), RevealedDay)


def every_reader_refuses_03_04_naming_the_record(made: Stores, secret: bytes) -> None:
    """A live reader's roll of 03-04 and an audit's lookup of it, on 03-05 at 12:00, each refused as committed to the
    secret of 03-02, which 03-02's record reveals."""
    said = "commitments/2025-03-04.json commits to the secret of 2025-03-02, as revealed/2025-03-02.json does"
    target = dt.date(2025, 3, 4)
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        daily_verdict(reader_at(made, "2025-03-05 12:00"), target, PLAYER, faces)
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        audit_reader(made, "2025-03-05 12:00").lookup(target)


@pytest.mark.parametrize(
    ("back", "put"), [(3, "during the day"), (DAYS_LOOKED_BACK, "during the day"), (4, "before the day began")]
)
def test_a_day_whose_secret_a_record_reveals_under_a_day_committed_in_time_is_never_fair(
    tmp_path: Path, timeline: Timeline, back: int, put: str
) -> None:
    # Given 03-01 committed in its own grace by whoever holds the publisher's keys with no secret behind it, so that it
    # has no record, and the midnight runs after it; then 03-01's record revealing the secret of the day `back` days
    # after it: put at 07:00 on that day, or at 23:00 the day before it, with a secret they chose, put with its
    # commitment under that day at 00:00:01, before its run kept them; then the next day's run reveals that day
    made = timeline.stores(tmp_path)
    earlier = dt.date(2025, 3, 1)
    target = earlier + dt.timedelta(days=back)
    if put == "during the day":
        committed_in_time_with_no_record(timeline, made, earlier, target)
        secret = made.secrets.get(secret_key(target)) or b""
        timeline.now = dt.datetime.combine(target, dt.time(7), dt.UTC)
        put_someone_elses_record(made.archive, earlier, revealing=secret)
    else:
        committed_in_time_with_no_record(timeline, made, earlier, target - dt.timedelta(days=1))
        secret = bytes([7]) * 32
        timeline.now = dt.datetime.combine(target, dt.time(), dt.UTC) - dt.timedelta(hours=1)
        put_someone_elses_record(made.archive, earlier, revealing=secret)
        put_secret_again(timeline, made, secret, target)
    following = target + dt.timedelta(days=1)
    assert timeline.publish(made, midnight_run(following)).reveal.revealed == [target]

    # Then every reader refuses that day, naming 03-01's record, as the game's route refuses it (review: 03-01's
    # commitment in time, its record was never read, and a roll of that day was fair though its secret was public)
    said = f"{commitment_key(target)} commits to the secret of {earlier}, as {revealed_key(earlier)} does"
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    moment = f"{following} 12:00"
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        daily_verdict(reader_at(made, moment), target, PLAYER, faces)
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        audit_reader(made, moment).lookup(target)


def test_a_day_whose_secret_an_earlier_days_record_reveals_beside_a_commitment_that_is_no_document_is_never_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 committed by its midnight run, 03-02's secret alone made, and it and its commitment put under 03-04 at
    # 00:00:01; at 06:00 on 03-04 03-02's commitment put padded, no document its readers take, and 03-02's record
    # revealing that secret, naming another commitment (so 03-04's record, linked to it, shows no secret for two days);
    # then 03-05's run reveals 03-04
    made = timeline.stores(tmp_path)
    missed, target = dt.date(2025, 3, 2), dt.date(2025, 3, 4)
    secret = missed_days_secret_put_again(timeline, made, missed, target, run=False)
    put_commitment_under_missed_day(
        timeline, made.archive, missed, at("2025-03-04 06:00"), of=seal_of(secret), padded=True
    )
    put_someone_elses_record(made.archive, missed, revealing=secret, named=seal_of(SOMEONE_ELSES))
    timeline.publish(made, midnight_run(dt.date(2025, 3, 5)))

    # Then every reader refuses 03-04, naming the record, as the game's route refuses it (review: read as none, the
    # commitment was passed over, and a roll of 03-04 was incomplete, not tampered)
    every_reader_refuses_03_04_naming_the_record(made, secret)


def test_a_day_whose_secret_an_earlier_days_record_reveals_beside_a_late_commitment_to_another_secret_is_never_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 committed by its midnight run, 03-02's secret alone made, and it and its commitment put under 03-04 at
    # 00:00:01; at 06:00 on 03-04 a commitment to another secret put under 03-02, well formed but dated after 03-04's
    # own, and 03-02's record revealing 03-04's secret; then 03-05's run reveals 03-04
    made = timeline.stores(tmp_path)
    missed, target = dt.date(2025, 3, 2), dt.date(2025, 3, 4)
    secret = missed_days_secret_put_again(timeline, made, missed, target, run=False)
    put_commitment_under_missed_day(timeline, made.archive, missed, at("2025-03-04 06:00"), of=seal_of(SOMEONE_ELSES))
    put_someone_elses_record(made.archive, missed, revealing=secret, named=seal_of(SOMEONE_ELSES))
    timeline.publish(made, midnight_run(dt.date(2025, 3, 5)))

    # Then every reader refuses 03-04, naming the record, as the game's route refuses it (review: the commitment, to
    # another secret, was passed over, and a roll of 03-04 was fair though the archive had made its secret public)
    every_reader_refuses_03_04_naming_the_record(made, secret)


def test_a_day_whose_secret_the_record_it_links_to_reveals_under_a_day_with_no_commitment_is_never_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 committed by its midnight run, 03-02's secret alone made, and it and its commitment put under 03-04 at
    # 00:00:01; at 06:00 on 03-04 03-02's record revealing that secret, naming another commitment, and no commitment
    # put under 03-02 at all; then 03-05's run reveals 03-04, linking to that record
    made = timeline.stores(tmp_path)
    missed, target = dt.date(2025, 3, 2), dt.date(2025, 3, 4)
    secret = missed_days_secret_put_again(timeline, made, missed, target, run=False)
    timeline.now = at("2025-03-04 06:00")
    put_someone_elses_record(made.archive, missed, revealing=secret, named=seal_of(SOMEONE_ELSES))
    timeline.publish(made, midnight_run(dt.date(2025, 3, 5)))

    # Then every reader refuses 03-04, naming the record (review: with no commitment of 03-02 to compare, the record
    # was never looked into, and a roll of 03-04 was fair though the archive had made its secret public)
    every_reader_refuses_03_04_naming_the_record(made, secret)


def test_a_day_whose_secret_a_record_under_a_missed_day_reveals_over_days_revealed_between_is_never_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01, 03-03 and 03-04 committed by their midnight runs, none on 03-02; at 06:00 on 03-04 a record put under
    # 03-02, whose keys never existed, revealing 03-04's secret, and no commitment of 03-02; then at 00:00:01 on 03-05
    # 03-04's record put by whoever holds the publisher's keys (the publisher's own run stops at 03-03, which links over
    # 03-02), linking to 03-03's: 03-04's secret was public from 06:00, during its play
    made = timeline.stores(tmp_path)
    for day in (1, 3, 4):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    target, before = dt.date(2025, 3, 4), dt.date(2025, 3, 3)
    secret = made.secrets.get(secret_key(target)) or b""
    timeline.now = at("2025-03-04 06:00")
    put_someone_elses_record(made.archive, dt.date(2025, 3, 2), revealing=secret)
    timeline.now = at("2025-03-05 00:00:01")
    linked = ChainLink(date=before, sha256=sha256_hex(made.archive.get(revealed_key(before)) or b""))
    put_someone_elses_record(made.archive, target, linked, revealing=secret)

    # Then every reader refuses 03-04, naming 03-02's record, as the game's route refuses it (review: with no
    # commitment of 03-02 to compare and 03-04 linking to 03-03, the record was never looked into, and a roll of 03-04
    # was fair though the archive had made its secret public)
    with pytest.raises(TamperedRecord, match=r"commits to the secret of 2025-03-02"):
        TodaysRolls(made).roll(PLAYER, at("2025-03-04 06:05"))
    every_reader_refuses_03_04_naming_the_record(made, secret)


def test_a_days_secret_put_in_a_record_it_links_to_once_the_day_is_over_leaves_the_day_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given the same, but 03-02's record revealing 03-04's secret put at 00:00:01 on 03-05, once 03-04 was over, before
    # 03-05's run reveals 03-04: it showed nothing of 03-04 while its dice were rolled
    made = timeline.stores(tmp_path)
    missed, target = dt.date(2025, 3, 2), dt.date(2025, 3, 4)
    secret = missed_days_secret_put_again(timeline, made, missed, target, run=False)
    timeline.now = at("2025-03-05 00:00:01")
    put_someone_elses_record(made.archive, missed, revealing=secret, named=seal_of(SOMEONE_ELSES))
    timeline.publish(made, midnight_run(dt.date(2025, 3, 5)))

    # Then a roll of 03-04 is fair to every reader: such a file, which whoever holds the keys may put under a missed
    # day, refuses no honest day
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    assert daily_verdict(reader_at(made, "2025-03-05 12:00"), target, PLAYER, faces).verdict == "fair"
    assert daily_verdict(audit_reader(made, "2025-03-05 12:00"), target, PLAYER, faces).verdict == "fair"


def test_a_days_first_look_reads_each_commitment_of_the_days_before_once_and_a_warm_reader_none_again(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-01 and 03-02 revealed, and a reader that records what it reads
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 3)))
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-03 12:00"))

    # When 03-02 is looked up, and looked up again
    assert isinstance(reader.lookup(NEXT), RevealedDay)
    first = list(archive.reads)
    assert reader.lookup(NEXT) == reader.lookup(NEXT)

    # Then the first look read the DAYS_LOOKED_BACK days before's commitments, each once, and nothing was read again
    before = [commitment_key(day) for day in days_looked_back(NEXT)]
    assert [key for key in first if key in before] == before
    assert archive.reads == first


def test_a_commitment_that_is_no_document_and_its_record_are_read_once_by_a_warm_reader_of_the_days_after_it(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-01 to 03-05 revealed, 03-01's commitment padded, which its own readers refuse, and a reader that records
    # what it reads
    for day in range(3, 7):
        timeline.publish(stores, midnight_run(dt.date(2025, 3, day)))
    own = stores.archive.get(commitment_key(DAY)) or b""
    rewrite(stores.archive, commitment_key(DAY), own.replace(b'{"date":', b'{"date": ', 1))
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-06 12:00"))

    # When 03-03, 03-04 and 03-05 are looked up, each looking back to 03-01
    for day in range(3, 6):
        assert isinstance(reader.lookup(dt.date(2025, 3, day)), RevealedDay)

    # Then 03-01's commitment and record were read once, at the first look: neither changes once S3 dates it (review:
    # each day's check read both again)
    looked_back = [commitment_key(DAY), revealed_key(DAY)]
    assert [key for key in archive.reads if key in looked_back] == looked_back


@pytest.mark.parametrize(
    ("no_document", "reads"),
    [("larger than any document", 1), ("a folder (in S3, one in Glacier, which a restore makes readable)", 3)],
)
def test_a_commitment_that_is_no_document_of_the_store_is_read_once_by_a_warm_reader_unless_it_may_be_read_later(
    tmp_path: Path, stores: Stores, timeline: Timeline, no_document: str, reads: int
) -> None:
    # Given 03-01 to 03-05 revealed, 03-01's commitment no document of the store, and a reader recording what it reads
    for day in range(3, 7):
        timeline.publish(stores, midnight_run(dt.date(2025, 3, day)))
    path = tmp_path / "archive" / commitment_key(DAY)
    path.unlink()
    if no_document.startswith("larger"):
        path.write_bytes(b" " * (MAX_OBJECT_BYTES + 1))
    else:
        path.mkdir()
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-06 12:00"))

    # When 03-03, 03-04 and 03-05 are looked up, each looking back to 03-01: revealed where the store will never give
    # it (that day's own tampering), an archive not read where it may give it later (what it holds decides the day)
    for day in range(3, 6):
        if reads == 1:
            assert isinstance(reader.lookup(dt.date(2025, 3, day)), RevealedDay)
        else:
            with pytest.raises(NotReadableYet):
                reader.lookup(dt.date(2025, 3, day))

    # Then 03-01's commitment was read once where the store will never give it, as its record is read once: an object
    # written once is never another (review: each day's check read it again); but again at each check where the store
    # may give it later
    assert archive.reads.count(commitment_key(DAY)) == reads
    assert archive.reads.count(revealed_key(DAY)) == (1 if reads == 1 else 0)


def test_a_commitment_not_there_at_a_days_first_look_is_not_read_again_for_a_day_committed_before_that(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-01, the archive's first day, and 03-02 revealed, and a reader that records what it reads
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 3)))
    archive = Counting(stores.archive)
    reader = ArchiveReader(archive, clock=lambda: at("2025-03-03 12:00"))

    # When 03-01 is looked up, then 03-02, committed days before that first look
    assert isinstance(reader.lookup(DAY), RevealedDay)
    first = list(archive.reads)
    assert isinstance(reader.lookup(NEXT), RevealedDay)

    # Then the first look read the DAYS_LOOKED_BACK commitments before 03-01, none there, and the second none of those
    # again: one put since is dated after 03-02's own, and counts for it no more than for 03-01 (review: each was read
    # again at every other day's first look)
    before = [commitment_key(day) for day in days_looked_back(DAY)]
    assert [key for key in first if key in before] == before
    assert [key for key in archive.reads[len(first) :] if key in before] == []


def test_a_commitment_not_there_at_a_first_look_is_read_again_for_a_day_committed_after_that(
    stores: Stores, timeline: Timeline
) -> None:
    # Given a warm reader that looked 03-01 up at 03-02 12:00, the commitments before it not there; then on 03-02 at
    # 13:00 a commitment put under 02-28, a day before the archive, by whoever holds the publisher's keys, and its
    # secret put under 03-03 in its first second, before that day's run
    reader = ArchiveReader(stores.archive, clock=timeline)
    timeline.now = at("2025-03-02 12:00")
    assert isinstance(reader.lookup(DAY), RevealedDay)
    chosen = bytes([7]) * 32
    put_commitment_under_missed_day(
        timeline, stores.archive, dt.date(2025, 2, 28), at("2025-03-02 13:00"), of=seal_of(chosen)
    )
    put_secret_again(timeline, stores, chosen, dt.date(2025, 3, 3))
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 4)))

    # Then the same reader reads 02-28's again for 03-03, committed after it found none, and refuses 03-03 as any
    # reader does
    timeline.now = at("2025-03-04 12:00")
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-02-28"):
        reader.lookup(dt.date(2025, 3, 3))


def test_a_day_whose_earlier_days_commitment_s3_gives_no_bytes_for_yet_is_archive_unavailable_never_fair(
    tmp_path: Path, stores: Stores, timeline: Timeline
) -> None:
    # Given 03-03 committed to a secret chosen before it, whose commitment whoever holds the publisher's keys put under
    # 02-28, a day the publisher missed, on 03-02 (a day refused: `commits to the secret of 2025-02-28`), then that
    # commitment left where the store gives no bytes for it yet (a folder here; in S3, an object kept in Glacier)
    chosen = bytes([7]) * 32
    missed = dt.date(2025, 2, 28)
    put_commitment_under_missed_day(timeline, stores.archive, missed, at("2025-03-02 13:00"), of=seal_of(chosen))
    put_secret_again(timeline, stores, chosen, dt.date(2025, 3, 3))
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 4)))
    path = tmp_path / "archive" / commitment_key(missed)
    path.unlink()
    path.mkdir()

    # Then 03-03 is an archive not read (archive_unavailable, read again once restored), never revealed and fair: what
    # that commitment holds decides the day (review: read as none, the day was fair, its player's roll too)
    for reader in (reader_at(stores, "2025-03-04 12:00"), audit_reader(stores, "2025-03-04 12:00")):
        with pytest.raises(NotReadableYet, match=re.escape(f"{commitment_key(missed)} in ")) as raised:
            reader.lookup(dt.date(2025, 3, 3))
        assert raised.value.code == "archive_unavailable"


def test_a_warm_reader_refuses_a_day_whose_commitment_a_missed_day_takes_since_beside_no_record_as_a_cold_one_does(
    stores: Stores, timeline: Timeline
) -> None:
    # Given a warm reader that looked 03-01 up at 03-02 12:00, the commitments before it not there, and 03-02 revealed
    warm = ArchiveReader(stores.archive, clock=timeline)
    timeline.now = at("2025-03-02 12:00")
    assert isinstance(warm.lookup(DAY), RevealedDay)
    timeline.publish(stores, midnight_run(dt.date(2025, 3, 3)))

    # When whoever holds the publisher's keys put under 02-28, a day the publisher missed, on 03-02 at 13:00, 03-02's
    # own commitment and a record that is no record: nothing shows what it reveals
    missed = dt.date(2025, 2, 28)
    own = seal_of(stores.secrets.get(secret_key(NEXT)) or b"")
    put_commitment_under_missed_day(timeline, stores.archive, missed, at("2025-03-02 13:00"), of=own)
    stores.archive.put_new(revealed_key(missed), b"not a record")

    # Then the warm reader refuses 03-02 as a cold one does, and as the game's route does from LOOK_AGAIN after: the
    # commitment it found not there is read again where a record is listed under its day (review: the warm reader,
    # which had found none there after 03-02's own was published, read the record alone, and the day was fair)
    timeline.now = at("2025-03-03 12:00")
    said = f"commits to the secret of {missed}, as {commitment_key(missed)} does"
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        ArchiveReader(stores.archive, clock=timeline).lookup(NEXT)
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        warm.lookup(NEXT)


def test_a_days_check_of_the_days_before_reads_the_clock_once_however_many_are_not_there(stores: Stores) -> None:
    # Given 03-01, the archive's first day, revealed, none of the DAYS_LOOKED_BACK commitments before it there, and a
    # reader whose read clock counts its calls
    calls = []

    def read_clock() -> dt.datetime:
        calls.append(at("2025-03-02 12:00"))
        return calls[-1]

    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 12:00"), read_clock=read_clock)

    # When 03-01 is looked up
    assert isinstance(reader.lookup(DAY), RevealedDay)

    # Then the clock was read twice: once for the days before, not once for each of them, and once for the day's lock
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("start", "padded"),
    [
        (b'{"date":', b'{"date": '),
        (b'{"date":', b'{"date":' + b" " * 100_000),
        (b'"date":"2', b'"date":"\\u0032'),  # an escape in a string: the same date, six bytes for one
    ],
)
def test_a_commitment_not_written_as_the_publisher_writes_one_is_never_taken_for_one_published_in_time(
    stores: Stores, start: bytes, padded: bytes
) -> None:
    # Given the day's own commitment, its fields the same, padded (review: an upload padded so, sent slowly with its
    # commitment last, may be dated by S3 when it began: in time, its secret chosen later)
    own = stores.archive.get(commitment_key(DAY)) or b""
    rewrite(stores.archive, commitment_key(DAY), own.replace(start, padded, 1))
    assert Commitment.model_validate_json(stores.archive.get(commitment_key(DAY)) or b"").to_bytes() == own

    # Then neither the day nor a roll of it is read from it
    said = "commitments/2025-03-01.json is not written as the publisher writes a commitment"
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        reader_at(stores, "2025-03-02 08:00").lookup(DAY)
    with pytest.raises(TamperedRecord, match=re.escape(said)):
        daily_verdict(reader_at(stores, "2025-03-02 09:00"), "2025-03-01", PLAYER)


def test_a_record_whose_secret_does_not_give_its_own_commitment_is_tampered(stores: Stores) -> None:
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    rewrite(stores.archive, revealed_key(DAY), record.model_copy(update={"secret": "00" * 32}).to_bytes())

    with pytest.raises(TamperedRecord, match="does not give its own commitment"):
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)


def test_a_record_that_is_not_json_is_tampered(stores: Stores) -> None:
    rewrite(stores.archive, revealed_key(DAY), b"<html>not a record</html>")

    with pytest.raises(TamperedRecord, match="is not a revealed record"):
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)


@pytest.mark.parametrize("field", ["secret", "commitment"])
def test_a_record_that_gives_a_key_twice_is_tampered(stores: Stores, field: str) -> None:
    # pydantic would take the last value, and a person reading the record the first: which secret was shown? (review)
    data = stores.archive.get(revealed_key(DAY)) or b""
    twice = data.rstrip().removesuffix(b"}") + b', "%s": "%s"}' % (field.encode(), b"00" * 32)
    rewrite(stores.archive, revealed_key(DAY), twice)

    with pytest.raises(TamperedRecord, match=f"is not a revealed record: it gives the key '{field}' more than once"):
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)


def test_a_record_that_gives_a_long_key_twice_is_tampered_and_says_the_key_was_cut(stores: Stores) -> None:
    # A key of 51 characters given twice: quoted cut short with "...", not cut at 40 as if it were the whole key
    key = "x" + "y" * 50
    data = stores.archive.get(revealed_key(DAY)) or b""
    twice = data.rstrip().removesuffix(b"}") + b', "%s": 1, "%s": 2}' % (key.encode(), key.encode())
    rewrite(stores.archive, revealed_key(DAY), twice)

    with pytest.raises(TamperedRecord) as raised:
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)
    assert f"it gives the key '{key[:36]}... more than once in one object" in raised.value.message


def test_a_record_filed_under_another_date_is_tampered(stores: Stores) -> None:
    data = stores.archive.get(revealed_key(DAY)) or b""
    stores.archive.put_new(revealed_key(dt.date(2025, 2, 1)), data)
    stores.archive.put_new(commitment_key(dt.date(2025, 2, 1)), stores.archive.get(commitment_key(DAY)) or b"")

    with pytest.raises(TamperedRecord, match=re.escape("revealed/2025-02-01.json is dated 2025-03-01")):
        reader_at(stores, "2025-03-02 12:00").lookup(dt.date(2025, 2, 1))


def test_a_revealed_day_without_its_published_commitment_is_tampered(tmp_path: Path, stores: Stores) -> None:
    (tmp_path / "archive" / commitment_key(DAY)).unlink()

    with pytest.raises(
        TamperedRecord, match=re.escape("commitments/2025-03-01.json, published as the day begins, does not")
    ):
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)


def test_a_changed_earlier_record_breaks_the_next_ones_link(stores: Stores, timeline: Timeline) -> None:
    timeline.publish(stores, at("2025-03-03 00:00"))  # reveals 03-02, linked to 03-01
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    rewrite(stores.archive, revealed_key(DAY), record.model_copy(update={"next_commitment": None}).to_bytes())

    with pytest.raises(
        TamperedRecord, match=re.escape("revealed/2025-03-01.json is not the record revealed/2025-03-02.json")
    ):
        reader_at(stores, "2025-03-03 12:00").lookup(NEXT)


def test_a_changed_commitment_contradicts_the_day_befores_record(stores: Stores, timeline: Timeline) -> None:
    # Given 03-02's commitment and record both replaced by ones for another secret
    timeline.publish(stores, at("2025-03-03 00:00"))
    other = bytes([5]) * 32
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(NEXT)) or b"")
    rewrite(
        stores.archive,
        commitment_key(NEXT),
        Commitment(date=NEXT, commitment=seal_of(other), published_at=at("2025-03-02 00:00")).to_bytes(),
    )
    rewrite(
        stores.archive,
        revealed_key(NEXT),
        record.model_copy(update={"secret": other.hex(), "commitment": seal_of(other)}).to_bytes(),
    )

    # Then 03-01's record, which named the real next commitment, gives it away
    with pytest.raises(TamperedRecord, match=r"names [0-9a-f]{64} as the next day's commitment"):
        reader_at(stores, "2025-03-03 12:00").lookup(NEXT)


def test_a_link_to_a_missing_or_later_record_is_tampered(stores: Stores, timeline: Timeline) -> None:
    timeline.publish(stores, at("2025-03-03 00:00"))
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(NEXT)) or b"")
    assert record.previous is not None
    for target, message in ((dt.date(2025, 2, 27), "which is missing"), (dt.date(2025, 3, 5), "links forward")):
        link = record.previous.model_copy(update={"date": target})
        rewrite(stores.archive, revealed_key(NEXT), record.model_copy(update={"previous": link}).to_bytes())
        with pytest.raises(TamperedRecord, match=message):
            reader_at(stores, "2025-03-03 12:00").lookup(NEXT)


def one_digit_changed(seal: str) -> str:
    return seal[:-1] + ("0" if seal[-1] != "0" else "1")


def test_a_changed_digit_in_a_records_next_commitment_is_tampered(stores: Stores) -> None:
    # Given 03-01's record rewritten to name another next commitment, while 03-02 is not revealed yet
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    assert record.next_commitment is not None
    changed = record.model_copy(update={"next_commitment": one_digit_changed(record.next_commitment)})
    rewrite(stores.archive, revealed_key(DAY), changed.to_bytes())

    # Then the record no longer names the commitment published for 03-02: it is not read as revealed
    with pytest.raises(
        TamperedRecord, match=r"revealed/2025-03-01.json names [0-9a-f]{64} as the next day's"
    ) as raised:
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)
    assert raised.value.field == "next_commitment"


def test_a_record_rewritten_without_the_next_commitment_published_before_it_is_tampered(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-01's record rewritten that morning, long after 03-02's commitment was published, naming none
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    timeline.now = at("2025-03-02 09:00")
    rewrite(stores.archive, revealed_key(DAY), record.model_copy(update={"next_commitment": None}).to_bytes())

    with pytest.raises(TamperedRecord, match=re.escape("names no next commitment, but commitments/2025-03-02.json")):
        reader_at(stores, "2025-03-02 12:00").lookup(DAY)


def test_a_record_written_before_the_next_days_commitment_may_name_none(tmp_path: Path, timeline: Timeline) -> None:
    # Given 03-01 revealed by `fairdice daily reveal` at 00:00:01, a second before the publisher opens 03-02
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.now = at("2025-03-02 00:00:01")
    assert reveal_closed(stores, timeline.now).revealed == [DAY]
    timeline.publish(stores, at("2025-03-02 00:00:02"))
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY)) or b"")
    assert record.next_commitment is None

    # Then the record is the publisher's, as written: it could name no commitment that did not exist yet
    assert isinstance(reader_at(stores, "2025-03-02 12:00").lookup(DAY), RevealedDay)


def test_a_later_record_rewritten_with_no_previous_is_tampered(stores: Stores, timeline: Timeline) -> None:
    # Given 03-02's record rewritten as if it were the chain's first
    timeline.publish(stores, at("2025-03-03 00:00"))
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(NEXT)) or b"")
    rewrite(stores.archive, revealed_key(NEXT), record.model_copy(update={"previous": None}).to_bytes())

    # Then 03-01's record, revealed before it, gives it away
    with pytest.raises(
        TamperedRecord, match=re.escape("but revealed/2025-03-01.json was revealed before it")
    ) as raised:
        reader_at(stores, "2025-03-03 12:00").lookup(NEXT)
    assert raised.value.field == "previous"
    # and 03-01's, the chain's first, which names none, is not vouched for either: the record after it does not link to
    # it, and which of the two was rewritten cannot be told (review: 03-01 was read as revealed)
    with pytest.raises(
        TamperedRecord, match=re.escape("revealed/2025-03-02.json does not link to revealed/2025-03-01")
    ):
        reader_at(stores, "2025-03-03 12:00").lookup(DAY)


def dispute_the_day(stores: Stores) -> None:
    """Rewrite 03-02's record so that its link to 03-01 gives other bytes than 03-01's record holds."""
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(NEXT)) or b"")
    assert record.previous is not None and record.previous.date == DAY
    disputed = record.previous.model_copy(update={"sha256": "00" * 32})
    rewrite(stores.archive, revealed_key(NEXT), record.model_copy(update={"previous": disputed}).to_bytes())


def test_a_record_the_next_record_links_to_by_other_bytes_is_not_vouched_for(
    stores: Stores, timeline: Timeline
) -> None:
    # Given 03-01 and 03-02 revealed, and 03-02's link to 03-01 giving other bytes than 03-01's record holds now
    timeline.publish(stores, at("2025-03-03 00:00"))
    dispute_the_day(stores)

    # Then 03-01 is refused as tampered: one of the two records was rewritten, and which cannot be told (review: 03-01
    # was fair while the record after it said its record had other bytes)
    with pytest.raises(TamperedRecord, match=re.escape("revealed/2025-03-02.json links to revealed/2025-03-01.json")):
        reader_at(stores, "2025-03-03 12:00").lookup(DAY)
    # as 03-02 is, which links to bytes that are not there
    with pytest.raises(TamperedRecord):
        reader_at(stores, "2025-03-03 12:00").lookup(NEXT)


def test_an_audit_reads_the_next_record_only_as_of_its_moment(stores: Stores, timeline: Timeline) -> None:
    # Given 03-01 revealed in time, and 03-02's record, written at 00:00 on 03-03, disputing 03-01's bytes
    timeline.publish(stores, at("2025-03-03 00:00"))
    dispute_the_day(stores)

    # Then an audit begun before that record was there reads 03-01 as the archive held it then, revealed
    assert isinstance(audit_reader(stores, "2025-03-02 23:00").lookup(DAY), RevealedDay)
    # and one begun after it, as the API does, refuses it
    with pytest.raises(TamperedRecord, match=re.escape("links to revealed/2025-03-01.json with other bytes")):
        audit_reader(stores, "2025-03-03 12:00").lookup(DAY)


def test_a_warm_reader_checks_the_next_record_once_the_next_day_is_over(stores: Stores, timeline: Timeline) -> None:
    # Given a reader of the API and one of audits, each of which read 03-01 before 03-02's record was there
    timeline.publish(stores, at("2025-03-02 00:00"))
    moment = [at("2025-03-02 12:00")]
    api = ArchiveReader(stores.archive, clock=lambda: moment[0])
    audit = ArchiveReader(stores.archive, clock=lambda: moment[0], as_of=True)
    assert isinstance(api.lookup(DAY), RevealedDay) and isinstance(audit.lookup(DAY), RevealedDay)

    # When 03-02 is revealed, and its record then disputes 03-01's bytes
    timeline.publish(stores, at("2025-03-03 00:00"))
    dispute_the_day(stores)

    # Then both, warm, refuse 03-01 as a cold reader does (review S3: each gave the day it remembered)
    moment[0] = at("2025-03-03 12:00")
    for reader in (api, audit):
        with pytest.raises(TamperedRecord, match=re.escape("links to revealed/2025-03-01.json with other bytes")):
            reader.lookup(DAY)


def test_a_warm_reader_that_found_no_next_record_yet_checks_it_again_once_the_next_day_is_revealed(
    stores: Stores, timeline: Timeline
) -> None:
    # Given a reader of the API that read 03-01 just after 03-02 was over, in the minutes before the run that reveals
    # 03-02 wrote its record
    moment = [at("2025-03-03 00:00:01")]
    api = ArchiveReader(stores.archive, clock=lambda: moment[0])
    assert isinstance(api.lookup(DAY), RevealedDay)

    # When 03-02 is revealed, and its record then disputes 03-01's bytes
    timeline.publish(stores, at("2025-03-03 00:00:02"))
    dispute_the_day(stores)

    # Then the API's reader, warm, refuses 03-01 as a cold reader does (it gave the day it remembered, its next record
    # checked once, before it could be there)
    moment[0] = at("2025-03-03 12:00")
    with pytest.raises(TamperedRecord, match=re.escape("links to revealed/2025-03-01.json with other bytes")):
        api.lookup(DAY)
    # and an audit's as of 00:00:01 still reads 03-01 as the archive held it then
    assert isinstance(audit_reader(stores, "2025-03-03 00:00:01").lookup(DAY), RevealedDay)


def test_a_record_links_over_days_without_a_record_but_never_over_one(tmp_path: Path, timeline: Timeline) -> None:
    # Given 03-01 and 03-02 published, no run on 03-03, and 03-04 published: 03-04's record links over 03-03
    stores = timeline.stores(tmp_path)
    for moment in ("2025-03-01 00:00:01", "2025-03-02 00:00:01", "2025-03-04 00:00:01", "2025-03-05 00:00:01"):
        timeline.publish(stores, at(moment))
    fourth = dt.date(2025, 3, 4)
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(fourth)) or b"")
    assert record.previous is not None and record.previous.date == NEXT
    assert isinstance(reader_at(stores, "2025-03-05 12:00").lookup(fourth), RevealedDay)

    # When it is rewritten to link over 03-02's record to 03-01's (with that record's true SHA-256)
    first = hashlib.sha256(stores.archive.get(revealed_key(DAY)) or b"").hexdigest()
    over = record.model_copy(update={"previous": ChainLink(date=DAY, sha256=first)})
    rewrite(stores.archive, revealed_key(fourth), over.to_bytes())

    # Then it is tampered: 03-02's record, and what it says of the days after it, would be left out of the chain
    with pytest.raises(TamperedRecord, match=re.escape("links to revealed/2025-03-01.json, over revealed/2025-03-02")):
        reader_at(stores, "2025-03-05 12:00").lookup(fourth)


def test_a_record_never_links_over_a_day_the_record_before_it_names_a_commitment_of(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-02 committed (03-01's record names its commitment), then its secret gone, so the runs after link
    # 03-03's record over it to 03-01's
    stores = timeline.stores(tmp_path)
    for moment in ("2025-03-01 00:00:01", "2025-03-02 00:00:01"):
        timeline.publish(stores, at(moment))
    (tmp_path / "private" / secret_key(NEXT)).unlink()
    for moment in ("2025-03-03 00:00:01", "2025-03-04 00:00:01"):
        timeline.publish(stores, at(moment))
    third = dt.date(2025, 3, 3)
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(third)) or b"")
    assert record.previous is not None and record.previous.date == DAY

    # Then that record is not vouched for: it leaves a committed day out of the chain
    over = "links to revealed/2025-03-01.json over 2025-03-02, which was committed"
    with pytest.raises(TamperedRecord, match=re.escape(over)):
        reader_at(stores, "2025-03-04 12:00").lookup(third)


# ---- GET /daily/{date} and /daily/{date}/{player_id} ---------------------------------------


def test_record_shows_a_revealed_day_with_the_sha256_the_chain_uses(stores: Stores) -> None:
    reader = reader_at(stores, "2025-03-02 12:00")
    shown = reader.record(DAY)
    data = stores.archive.get(revealed_key(DAY)) or b""

    assert shown.status == "revealed" and shown.seal == "match"
    assert shown.record == RevealedRecord.model_validate_json(data)
    assert shown.record_sha256 == hashlib.sha256(data).hexdigest()
    assert shown.commitment_published_at == at("2025-03-01 00:00:03")
    assert shown.reveal_at == at("2025-03-02 00:00")
    # kept until 03-02's record may be written (it may say 03-01's has other bytes), for a year once it is read
    kept = reader.kept_until(DAY)
    assert cache_control(shown, at("2025-03-02 12:00"), DAY, kept) == "public, max-age=43200"
    assert cache_control(shown, at("2025-03-03 00:10"), DAY, kept) == "no-cache"
    assert cache_control(shown, at("2025-03-03 00:15:01"), DAY, kept) == IMMUTABLE


def test_record_shows_a_pending_day_with_its_commitment_and_reveal_time(stores: Stores) -> None:
    reader = reader_at(stores, "2025-03-02 12:00")
    shown = reader.record(NEXT)

    secret = stores.secrets.get(secret_key(NEXT)) or b""
    assert shown.status == "pending" and shown.reveal_at == at("2025-03-03 00:00")
    assert shown.commitment == seal_of(secret)
    assert shown.record is None and shown.record_sha256 is None and shown.seal is None
    assert secret.hex() not in shown.model_dump_json()
    assert cache_control(shown, at("2025-03-02 12:00"), NEXT, reader.kept_until(NEXT)) == SHORT_LIVED


def test_a_daily_roll_verified_end_to_end_matches_the_seed_algorithm(tmp_path: Path, timeline: Timeline) -> None:
    # Given a day published at midnight and revealed at the next
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at("2025-03-01 00:00"))
    reader = reader_at(stores, "2025-03-01 15:00")
    player = str(uuid.UUID(int=0x5EED_0004))

    # While the day runs, the verdict is withheld until the next midnight
    withheld = daily_verdict(reader, "2025-03-01", player)
    assert withheld.verdict == "withheld"
    assert withheld.withheld is not None and withheld.withheld.reveal_at == at("2025-03-02 00:00")
    assert cache_control(withheld, reader.now(), DAY, reader.kept_until(DAY)) == SHORT_LIVED

    # Once revealed, every player's faces are the seed algorithm's, and the recorded ones are fair
    timeline.publish(stores, at("2025-03-02 00:00"))
    reader = reader_at(stores, "2025-03-02 00:00:01")
    secret = stores.secrets.get(secret_key(DAY)) or b""
    for number in range(25):
        player = str(uuid.UUID(int=(number * 0x9E3779B97F4A7C15) % 2**128))
        expected = seed_004_faces(secret, "2025-03-01", player)
        verdict = daily_verdict(reader, "2025-03-01", player, " ".join(map(str, expected)))
        assert verdict.verdict == "fair", player
        roll = verdict.model_dump(mode="json")["rolls"][0]
        assert roll["dice"] == expected
        assert roll["message"] == f"2025-03-01|{player}"
        assert verdict.source == "daily archive revealed/2025-03-01.json"
        assert cache_control(verdict, reader.now(), DAY, reader.kept_until(DAY)) == f"public, max-age={24 * 3600 - 1}"

    # A face that differs is a mismatch, with the seal still matching
    wrong = seed_004_faces(secret, "2025-03-01", PLAYER)
    wrong[5] = wrong[5] % 20 + 1
    verdict = daily_verdict(reader, "2025-03-01", PLAYER, [wrong])
    assert verdict.verdict == "mismatch" and verdict.checks.seal == "match"


def test_verify_takes_a_daily_secret_from_the_reader_when_the_request_has_none(stores: Stores) -> None:
    request = DailyRequest.model_validate({"scheme": "daily", "date": "2025-03-01", "player_id": PLAYER.upper()})

    verdict = verify(request, day_secrets=reader_at(stores, "2025-03-02 12:00"))

    secret = stores.secrets.get(secret_key(DAY)) or b""
    assert verdict.verdict == "incomplete" and verdict.checks.seal == "match"
    assert verdict.model_dump(mode="json")["rolls"][0]["dice"] == seed_004_faces(secret, "2025-03-01", PLAYER)


def test_daily_record_takes_the_date_as_the_path_gives_it(stores: Stores) -> None:
    reader = reader_at(stores, "2025-03-02 12:00")

    assert daily_record(reader, "2025-03-01") == reader.record(DAY)
    with pytest.raises(ValidationError, match="2025-13-01 is not a date in the calendar") as raised:
        daily_record(reader, "2025-13-01")
    assert raised.value.errors()[0]["loc"] == ("date",)


def test_daily_verdict_rejects_a_malformed_date_or_player(stores: Stores) -> None:
    reader = reader_at(stores, "2025-03-02 12:00")
    with pytest.raises(ValidationError, match="a date is written YYYY-MM-DD"):
        daily_verdict(reader, "01-03-2025", PLAYER)
    with pytest.raises(ValidationError, match="a player id is a UUID"):
        daily_verdict(reader, "2025-03-01", "player-one")


def test_an_earlier_days_commitment_the_archive_gives_no_time_for_counts_as_dated_before_the_days_own(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 and 03-02 published by their midnight runs, 03-01's secret and commitment put under 03-03 before its
    # run, and 03-01's commitment one S3 gives no time of its own for (a multipart upload or a replica): nothing shows
    # it came after 03-03's (review: its NOT_KNOWN, later than any moment, was taken as dated after it, and every
    # reader called 03-03 fair, though 03-01's record made its secret public the day before)
    made = timeline.stores(tmp_path)
    target = DAY + dt.timedelta(days=2)
    for n in range(2):
        timeline.publish(made, midnight_run(DAY + dt.timedelta(days=n)))
    again = made.secrets.get(secret_key(DAY)) or b""
    put_secret_again(timeline, made, again, target)
    timeline.publish(made, midnight_run(target + dt.timedelta(days=1)))
    undated = Stores(secrets=made.secrets, archive=Undated(made.archive, commitment_key(DAY)))
    faces = [seed_004_faces(again, target.isoformat(), PLAYER)]

    # Then the game's route and every reader refuse 03-03 as committed to 03-01's secret
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        TodaysRolls(undated).roll(PLAYER, dt.datetime.combine(target, dt.time(9), dt.UTC))
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        daily_verdict(reader_at(undated, "2025-03-04 12:00"), target, PLAYER, faces)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        audit_reader(undated, "2025-03-04 12:00").lookup(target)


def test_a_warm_reader_says_a_commitment_missed_only_from_a_read_past_the_minute_after_its_grace(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given an archive the API's reader read at 00:15:55 with no commitment for the day, within the minute after the
    # grace in which one S3 dates in its last moments may not be seen yet
    stores = timeline.stores(tmp_path)
    moment = [at("2025-03-01 00:15:55")]
    api = ArchiveReader(stores.archive, clock=lambda: moment[0])
    first = api.lookup(DAY)
    assert isinstance(first, PendingDay) and (first.commitment, first.in_time) == (None, None)

    # When the commitment S3 dates at 00:14:58, in time, is seen, and the reader, warm, is asked again at 00:16:01,
    # within the seconds it remembers its read for
    timeline.publish(stores, at("2025-03-01 00:14:58"))
    moment[0] = at("2025-03-01 00:16:01")
    assert moment[0] - at("2025-03-01 00:15:55") < RECHECK_AFTER

    # Then it does not say the commitment was missed: its read, from within that minute, does not show it (review: it
    # did, where a cold reader shows the commitment published in time)
    warm = api.lookup(DAY)
    assert isinstance(warm, PendingDay) and (warm.commitment, warm.in_time) == (None, None)
    cold = ArchiveReader(stores.archive, clock=lambda: moment[0]).lookup(DAY)
    assert isinstance(cold, PendingDay) and cold.commitment is not None and cold.in_time is True
    # and a read past that minute of an archive with none says it was missed
    empty = timeline.stores(tmp_path / "empty").archive
    missed = ArchiveReader(empty, clock=lambda: moment[0]).lookup(DAY)
    assert isinstance(missed, PendingDay) and (missed.commitment, missed.in_time) == (None, False)


@pytest.mark.parametrize("reader", ["live", "audit"])
@pytest.mark.parametrize("moment", ["2025-03-03 12:00", "2025-03-05 00:00"])
@pytest.mark.parametrize(
    ("put", "said"),
    [
        ("revealing its secret", "was written at 2025-03-02 09:00:00 UTC, before 2025-03-02 was over"),
        ("revealing another secret", "was written at 2025-03-02 09:00:00 UTC, before 2025-03-02 was over"),
        ("undated, revealing its secret", "reveals the secret of 2025-03-02, and S3 gives no time of its own for it"),
    ],
)
def test_a_day_whose_next_days_record_was_put_before_it_was_over_is_never_fair(
    tmp_path: Path, timeline: Timeline, reader: str, moment: str, put: str, said: str
) -> None:
    # Given 03-01 and 03-02 published by their midnight runs; at 09:00 on 03-02 a well-formed record of 03-03 put by
    # whoever holds the publisher's keys, revealing 03-02's secret (or another), its link naming the bytes of 03-02's
    # record as they compute it in advance (or S3 giving no time for it: a multipart upload); and at 00:00:01 on 03-03
    # 03-02's record, those very bytes, after 03-02 was over
    made = timeline.stores(tmp_path)
    for day in (1, 2):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    target, following = dt.date(2025, 3, 2), dt.date(2025, 3, 3)
    secret = made.secrets.get(secret_key(target)) or b""
    link = ChainLink(date=DAY, sha256=sha256_hex(made.archive.get(revealed_key(DAY)) or b""))
    record = RevealedRecord(
        date=target, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=link
    ).to_bytes()
    timeline.now = at("2025-03-02 09:00")
    revealing = SOMEONE_ELSES if put == "revealing another secret" else secret
    put_someone_elses_record(
        made.archive, following, ChainLink(date=target, sha256=sha256_hex(record)), revealing=revealing
    )
    timeline.now = at("2025-03-03 00:00:01")
    made.archive.put_new(revealed_key(target), record)
    archive = Undated(made.archive, revealed_key(following)) if put.startswith("undated") else made.archive

    # Then a live reader and an audit refuse a game of 03-02, its honest faces recorded, on 03-03 at 12:00 and two days
    # later, naming 03-03's record (review: both answered it fair: 03-03's record was read only for its link, once
    # 03-03 was over, and its link held)
    judged = ArchiveReader(archive, clock=lambda: at(moment), as_of=reader == "audit")
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    with pytest.raises(TamperedRecord, match=re.escape(f"{revealed_key(following)} {said}")):
        daily_verdict(judged, target, PLAYER, faces)


def test_an_honest_next_days_record_is_read_once_for_its_date_and_its_link_and_leaves_the_day_fair(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 to 03-04 published by their midnight runs: 03-03's record S3 dates at 03-04 00:00:02
    made = timeline.stores(tmp_path)
    for day in (1, 2, 3, 4):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    target, following = dt.date(2025, 3, 2), dt.date(2025, 3, 3)

    # Then a reader on 03-05 answers a game of 03-02 fair, having read 03-03's record once, for both its date and the
    # link it holds to 03-02's record
    secret = made.secrets.get(secret_key(target)) or b""
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    archive = Counting(made.archive)
    verdict = daily_verdict(ArchiveReader(archive, clock=lambda: at("2025-03-05 00:00")), target, PLAYER, faces)
    assert verdict.verdict == "fair"
    assert archive.reads.count(revealed_key(following)) == 1


@pytest.mark.parametrize("reader", ["live", "audit"])
@pytest.mark.parametrize("later", [2, 300])
@pytest.mark.parametrize("put_at", ["2025-03-02 09:00", "2025-03-01 12:00"])
@pytest.mark.parametrize("undated", [False, True])
def test_a_day_whose_secret_a_record_of_any_later_day_put_before_it_was_over_reveals_is_never_fair(
    tmp_path: Path, timeline: Timeline, reader: str, later: int, put_at: str, undated: bool
) -> None:
    # Given a secret of 03-02 chosen by whoever holds the publisher's keys, put in the first second of 03-02, before
    # the midnight run that commits to it; a record of 03-02 + `later` days (03-04, or 300 days on) revealing it, put
    # during 03-02 at 09:00 or before 03-02 began (or one S3 gives no time for: a multipart upload); and the runs of
    # 03-01 to 03-03, which reveal 03-02 after it was over
    made = timeline.stores(tmp_path)
    target = dt.date(2025, 3, 2)
    after = target + dt.timedelta(days=later)
    secret = bytes(range(32))
    timeline.publish(made, midnight_run(DAY))
    timeline.now = at(put_at)
    put_someone_elses_record(made.archive, after, revealing=secret)
    timeline.now = at("2025-03-02 00:00:01")
    assert made.secrets.put_new(secret_key(target), secret)
    timeline.publish(made, midnight_run(target))
    timeline.publish(made, midnight_run(target + dt.timedelta(days=1)))
    archive = Undated(made.archive, revealed_key(after)) if undated else made.archive

    # Then a live reader and an audit refuse a game of 03-02, its honest faces recorded, on 03-03 at 12:00 and 03-05,
    # naming the later record (review: both answered it fair: no record of a day after the next was looked for)
    said = (
        "reveals the secret of 2025-03-02, and S3 gives no time of its own for it"
        if undated
        else f"was written at {put_at}:00 UTC, before 2025-03-02 was over"
    )
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    for moment in ("2025-03-03 12:00", "2025-03-05 00:00"):
        judged = ArchiveReader(archive, clock=lambda moment=moment: at(moment), as_of=reader == "audit")
        with pytest.raises(TamperedRecord, match=re.escape(f"{revealed_key(after)} {said}")):
            daily_verdict(judged, target, PLAYER, faces)


@pytest.mark.parametrize("reveals", ["another secret", "no secret: not a record"])
def test_a_later_days_record_with_no_time_that_does_not_reveal_the_days_secret_leaves_it_fair(
    tmp_path: Path, timeline: Timeline, reveals: str
) -> None:
    # Given 03-01 to 03-03 published by their midnight runs, and a record of 03-09 put at 09:00 on 03-02 that S3 gives
    # no time for, revealing someone else's secret, or not a record at all
    made = timeline.stores(tmp_path)
    for day in (1, 2):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    target, after = dt.date(2025, 3, 2), dt.date(2025, 3, 9)
    timeline.now = at("2025-03-02 09:00")
    if reveals == "another secret":
        put_someone_elses_record(made.archive, after)
    else:
        made.archive.put_new(revealed_key(after), b"{}")
    timeline.publish(made, midnight_run(dt.date(2025, 3, 3)))

    # Then a reader answers 03-02 fair, having read that record once to see what it reveals
    secret = made.secrets.get(secret_key(target)) or b""
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    archive = Counting(Undated(made.archive, revealed_key(after)))
    verdict = daily_verdict(ArchiveReader(archive, clock=lambda: at("2025-03-05 00:00")), target, PLAYER, faces)
    assert verdict.verdict == "fair"
    assert archive.reads.count(revealed_key(after)) == 1


def test_a_folder_archive_holding_a_copy_of_a_later_record_under_a_name_that_is_no_key_is_read_as_without_it(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 to 03-04 published by their midnight runs, in a folder that also holds a copy of 03-03's record a file
    # manager made, `revealed/2025-03-03 copy.json`: a name no key of the archive has
    made = timeline.stores(tmp_path)
    for day in (1, 2, 3, 4):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    records = tmp_path / "archive" / "revealed"
    (records / "2025-03-03 copy.json").write_bytes((records / "2025-03-03.json").read_bytes())
    target = dt.date(2025, 3, 2)

    # Then a reader answers a game of 03-02 fair, as without the copy (review: the reader's listing with times raised
    # ValueError on the copy's name, and `fairdice daily show` ended with a traceback)
    secret = made.secrets.get(secret_key(target)) or b""
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    verdict = daily_verdict(ArchiveReader(made.archive, clock=lambda: at("2025-03-05 00:00")), target, PLAYER, faces)
    assert verdict.verdict == "fair"


def test_an_honest_archive_s_later_records_are_listed_with_their_times_and_not_read(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 to 03-09 published by their midnight runs: each record S3 dates after its day was over
    made = timeline.stores(tmp_path)
    for day in range(1, 10):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    target = dt.date(2025, 3, 2)

    # Then a reader on 03-10 answers 03-02 fair, reading none of the records of 03-04 to 03-08: their listed times
    # show each written after 03-02 was over
    secret = made.secrets.get(secret_key(target)) or b""
    faces = [seed_004_faces(secret, target.isoformat(), PLAYER)]
    archive = Counting(made.archive)
    verdict = daily_verdict(ArchiveReader(archive, clock=lambda: at("2025-03-10 00:00")), target, PLAYER, faces)
    assert verdict.verdict == "fair"
    later = {revealed_key(dt.date(2025, 3, day)) for day in range(4, 9)}
    assert later <= set(made.archive.list("revealed/"))
    assert not later & set(archive.reads)


class Listings(PassingStore):
    """The archive as a reader sees it, every listing with times it asks for counted."""

    def __init__(self, inner: ObjectStore) -> None:
        super().__init__(inner)
        self.dated = 0

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self.dated += 1
        return super().list_dated(prefix, after, through, each_page=each_page)


@pytest.mark.parametrize("order", ["ascending", "descending"])
@pytest.mark.parametrize("reader", ["batch", "audit"])
def test_a_months_days_checked_by_one_batch_or_one_audit_are_one_listing_and_the_verdicts_a_cold_reader_gives(
    tmp_path: Path, timeline: Timeline, order: str, reader: str
) -> None:
    # Given 02-20 to 04-02 published by their midnight runs
    made = timeline.stores(tmp_path)
    day = dt.date(2025, 2, 20)
    while day <= dt.date(2025, 4, 2):
        timeline.publish(made, midnight_run(day))
        day += dt.timedelta(days=1)
    month = [dt.date(2025, 3, 1) + dt.timedelta(days=n) for n in range(31)]
    now = at("2025-04-02 12:00")

    # When a game of each day of March is checked by one request's reader (POST /verify's batch) or by an audit's, in
    # date order or the reverse
    archive = Listings(made.archive)
    judged = (
        ArchiveReader(archive, clock=lambda: now).within(60.0, Ticking())
        if reader == "batch"
        else ArchiveReader(archive, clock=lambda: now, as_of=True)
    )
    verdicts = []
    for day in month if order == "ascending" else month[::-1]:
        secret = made.secrets.get(secret_key(day)) or b""
        verdicts.append(daily_verdict(judged, day, PLAYER, [seed_004_faces(secret, day.isoformat(), PLAYER)]).verdict)

    # Then the records are listed once for the 31 days (review: once a day, 31 listings of the same keys and more), and
    # each day's verdict is a cold reader's
    assert archive.dated == 1
    cold = [
        daily_verdict(
            ArchiveReader(made.archive, clock=lambda: now),
            day,
            PLAYER,
            [seed_004_faces(made.secrets.get(secret_key(day)) or b"", day.isoformat(), PLAYER)],
        ).verdict
        for day in (month if order == "ascending" else month[::-1])
    ]
    assert verdicts == cold == ["fair"] * 31


def test_a_listing_a_request_keeps_serves_no_day_that_was_not_over_when_it_was_made(
    tmp_path: Path, timeline: Timeline
) -> None:
    # Given 03-01 to 03-03 published by their midnight runs, and one request's reader that checks 03-02 at 12:00 on
    # 03-03, listing the records then; then a record of 03-06 revealing 03-03's secret, put at 15:00 on 03-03, while
    # 03-03 is played
    made = timeline.stores(tmp_path)
    for day in (1, 2, 3):
        timeline.publish(made, midnight_run(dt.date(2025, 3, day)))
    moment = [at("2025-03-03 12:00")]
    archive = Listings(made.archive)
    judged = ArchiveReader(archive, clock=lambda: moment[0]).within(60.0, Ticking())
    before = dt.date(2025, 3, 2)
    secret = made.secrets.get(secret_key(before)) or b""
    assert daily_verdict(judged, before, PLAYER, [seed_004_faces(secret, "2025-03-02", PLAYER)]).verdict == "fair"
    target = dt.date(2025, 3, 3)
    secret = made.secrets.get(secret_key(target)) or b""
    timeline.now = at("2025-03-03 15:00")
    put_someone_elses_record(made.archive, dt.date(2025, 3, 6), revealing=secret)
    timeline.publish(made, midnight_run(dt.date(2025, 3, 4)))

    # When the same reader checks a game of 03-03 once it is over
    moment[0] = at("2025-03-04 12:00")

    # Then it lists the records again, as the one it keeps was made while 03-03 was played, and refuses the day, naming
    # the record, as a cold reader does
    with pytest.raises(TamperedRecord, match=re.escape("revealed/2025-03-06.json was written at 2025-03-03 15:00:00")):
        daily_verdict(judged, target, PLAYER, [seed_004_faces(secret, "2025-03-03", PLAYER)])
    assert archive.dated == 2
    with pytest.raises(TamperedRecord, match=re.escape("revealed/2025-03-06.json was written at 2025-03-03 15:00:00")):
        daily_verdict(
            ArchiveReader(made.archive, clock=lambda: moment[0]),
            target,
            PLAYER,
            [seed_004_faces(secret, "2025-03-03", PLAYER)],
        )


def test_the_calendars_last_day_is_a_day_not_begun_to_a_reader_whatever_the_archive_holds_under_it(
    stores: Stores, timeline: Timeline
) -> None:
    # Given a commitment and a record put under 9999-12-31, whose next midnight no datetime holds (`reveal_time`
    # raises OverflowError for it, as `there_before_over` would)
    timeline.now = at("2025-03-02 00:00:05")
    stores.archive.put_new(commitment_key(dt.date.max), stores.archive.get(commitment_key(dt.date(2025, 3, 1))) or b"")
    stores.archive.put_new(revealed_key(dt.date.max), stores.archive.get(revealed_key(dt.date(2025, 3, 1))) or b"")
    reader = reader_at(stores, "2025-03-02 12:00").within(4.0, lambda: 0.0)

    # When a reader is asked for that day, as GET /daily/9999-12-31 and `fairdice daily show` ask it, Then it is a day
    # not begun, the API's 404, never an OverflowError: no reader checks a day not over, so none judges its records
    for ask in (reader.lookup, reader.record):
        with pytest.raises(FutureDay) as refused:
            ask(dt.date.max)
        assert str(refused.value).startswith("no secret exists yet for 9999-12-31") and refused.value.field == "date"
    # and an earlier day it lists that record for, dated after that day was over, is read as before
    assert reader.record(dt.date(2025, 3, 1)).status == "revealed"
