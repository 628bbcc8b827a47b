"""The publisher's side: make today's secret write-once, commit to it, reveal every closed day, chain them.

Nothing this module returns or reports holds a secret that is not revealed yet: its reports carry
dates and commitments only, because the scheduled function logs them.
"""

import datetime as dt
from collections.abc import Callable
from secrets import token_bytes

from pydantic import BaseModel

from fairdice.archive.layout import (
    INDEX_KEY,
    SECRET_BYTES,
    SECRETS_PREFIX,
    ArchiveIndex,
    ChainLink,
    Commitment,
    RevealedRecord,
    commitment_key,
    day_start,
    days_in,
    made_on_its_day,
    publication,
    read_commitment,
    read_document,
    read_published,
    revealed_days,
    revealed_in_time,
    revealed_key,
    secret_key,
    sha256_hex,
    utc_day,
    whole_secret,
    written_once_over,
)
from fairdice.errors import ArchiveUnavailable, NotADocument, StoreUnavailable, TamperedRecord
from fairdice.fields import Day, Seal
from fairdice.prose import utc_time
from fairdice.seal import seal_of
from fairdice.storage import ObjectStore, Stored, Stores

RandomBytes = Callable[[int], bytes]

# How far the store's clock may run behind the publisher's. S3 dates what it stores by its own clock: a secret made in
# the first moment of its day by the publisher's could be dated the day before by the store's, and every later run
# would then refuse it as put there by someone else (`made_on_its_day`), all day. The publisher lets this much of the
# day pass before it makes the day's secret (`opening_time`).
STORE_CLOCK_LAG = dt.timedelta(seconds=2)


# ---- what a run did (no secret in any of these: they are logged) ---------------------------


class DayOpened(BaseModel):
    """Today's secret exists and its commitment is public."""

    date: Day
    commitment: Seal
    created: bool
    commitment_published: bool


class RevealReport(BaseModel):
    """What one reveal pass did."""

    revealed: list[Day]
    late_commitments: list[Day]
    orphans: list[Day]
    not_yet_over: list[Day]
    # the chain's head, when S3's own time for its record is within its day (revealed early), or when S3 gives no
    # time for it (nothing shows it was revealed after its day)
    revealed_early: list[Day]
    index_updated: bool
    head: ChainLink | None


class PublishReport(BaseModel):
    """One publisher run: today's secret, then every closed day revealed."""

    today: DayOpened
    reveal: RevealReport


# ---- lifecycle ------------------------------------------------------------------------------


def get_or_create_secret(
    secrets: ObjectStore, day: dt.date, random_bytes: RandomBytes = token_bytes
) -> tuple[bytes, bool]:
    """The day's secret and whether this call made it.

    Write-once: of concurrent creators exactly one writes; the others read back its secret, so
    a day never has two. Callers decide which day may be created (see `open_day`). A secret the
    store dates before the day began was not made by the publisher: TamperedRecord (`made_on_its_day`).
    """
    key = secret_key(day)
    stored = secrets.read(key)
    if stored is None:
        fresh = random_bytes(SECRET_BYTES)
        if len(fresh) != SECRET_BYTES:
            raise ValueError(f"the random source gave {len(fresh)} bytes, not {SECRET_BYTES}")
        if secrets.put_new(key, fresh):
            return whole_secret(key, fresh), True
        stored = secrets.read(key)
    return made_on_its_day(key, day, stored), False


def opening_time(clock: Callable[[], dt.datetime], pause: Callable[[float], None]) -> dt.datetime:
    """The time to open today at (`open_day`), or to reveal the closed days at: `clock`'s, once a store whose clock is
    up to STORE_CLOCK_LAG behind shows today too. In a day's first moments it pauses for the rest of that lag
    (`pause(seconds)`) and reads the clock again. Whatever makes a day's secret or writes a record goes through here:
    the scheduled run, `fairdice daily create` and `fairdice daily reveal` (a record the store dated within its own
    day would read as revealed early)."""
    now = clock()
    wait = day_start(utc_day(now)) + STORE_CLOCK_LAG - now
    if wait > dt.timedelta(0):
        pause(wait.total_seconds())
        now = clock()
    return now


def open_day(stores: Stores, now: dt.datetime, random_bytes: RandomBytes = token_bytes) -> DayOpened:
    """Make today's (UTC, from `now`) secret if it does not exist, and publish its commitment.

    Only today: tomorrow's secret must not exist yet, and a past day's would come after players
    rolled. Rerunning is harmless, and a run that died between the two writes is completed.
    """
    day = utc_day(now)
    secret, created = get_or_create_secret(stores.secrets, day, random_bytes)
    _, published = _ensure_commitment(stores.archive, day, seal_of(secret), now)
    return DayOpened(date=day, commitment=seal_of(secret), created=created, commitment_published=published)


def _ensure_commitment(archive: ObjectStore, day: dt.date, seal: str, now: dt.datetime) -> tuple[Commitment, bool]:
    """The day's published commitment, publishing it now if it is missing; it must be `seal`."""
    fresh = Commitment(date=day, commitment=seal, published_at=now.astimezone(dt.UTC))
    published = archive.put_new(commitment_key(day), fresh.to_bytes())
    found = fresh if published else read_commitment(archive, day)
    if found is None:
        raise ArchiveUnavailable(f"{commitment_key(day)} was reported as existing but cannot be read; try again")
    if found.commitment != seal:
        raise TamperedRecord(
            f"{commitment_key(day)} publishes {found.commitment}, but the secret kept for {day} gives {seal}",
            field="commitment",
        )
    return found, published


def reveal_closed(stores: Stores, now: dt.datetime) -> RevealReport:
    """Reveal every day before today (UTC, from `now`) that has a secret and is not revealed yet.

    Never early: no argument can make it reveal today or a later day, and where the archive dates
    today's commitment before today began (the run's clock is ahead of the store's) it reveals
    nothing: TamperedRecord (`_today_begun`). Days are revealed in date
    order, each linked to the one before, so missed runs are caught up in order; reruns and
    concurrent runs write nothing new (a loser of a write race continues from the winner's
    record). A closed day whose commitment was never published (its run died between the two
    writes and nothing ran again that day) gets it published now, with the real time, and is
    reported as late; such commitments are published before any record is written, so that
    overlapping runs name the same next commitment in the day before's record (a day whose
    commitment cannot be published stops the pass: the days before it are revealed, but for the one
    just before it while a run may yet publish that commitment, and the run fails). A secret dated
    before the chain's head (only a wrong clock can make one) is an orphan: reported, never
    revealed, because the chain only grows at its head.

    Only the publisher writes records, so one it did not write is tampering (TamperedRecord): the
    chain's head must be the record the publisher writes (`_head`), and a record found where this run was about
    to write must be the very bytes it would have written (an overlapping run's), but for the next day's
    commitment where an overlapping run read it otherwise (`_overlapping_runs`). A record of today or a later day,
    which the publisher never writes, is reported as `not_yet_over` and left out of the chain and the index, so it
    cannot become the head.
    """
    today = utc_day(now)
    archive = stores.archive
    _today_begun(archive, today)
    closed = [d for d in days_in(stores.secrets.list(SECRETS_PREFIX), SECRETS_PREFIX, "") if d < today]
    listed = revealed_days(archive)
    closed_revealed = [d for d in listed if d < today]
    known = set(closed_revealed)
    head, early = _head(stores, closed_revealed) if closed_revealed else (None, False)
    report = RevealReport(
        revealed=[],
        late_commitments=[],
        orphans=[],
        # By the store's time, not this run's clock alone: a run whose clock still read yesterday as the midnight run
        # revealed it finds that record over, not early (review: a false alarm, sent to the tamper runbook)
        not_yet_over=[d for d in listed if d >= today and _written_once_over(archive, d) is None],
        revealed_early=[closed_revealed[-1]] if early else [],
        index_updated=False,
        head=None,
    )
    pending: list[dt.date] = []
    for day in closed:
        if day in known:
            continue
        if head is not None and day < head[0]:
            report.orphans.append(day)
            continue
        pending.append(day)
    # Commitments first, records after. A day's record names the next day's commitment; were a late one published
    # between two days' records, an overlapping run that read it would write the day before's record with it, and
    # one that wrote earlier without it: two honest runs, two records, and the second taken for tampering.
    # A day whose commitment cannot be published (its secret unreadable, a commitment not its secret's) stops the
    # pass there, as it did when each day was committed and revealed in turn: the days before it are still revealed,
    # then the run fails (review: none was). But not the day just before it while a run may yet publish its
    # commitment (the failure is one a retry may mend, and no commitment is there): that record would name none, where
    # an overlapping run that publishes it names it (review: a false TamperedRecord). A failure no run mends (a secret
    # not whole, a commitment not its secret's) leaves nothing to wait for, so the day before is revealed.
    kept: dict[dt.date, bytes] = {}
    stopped: Exception | None = None
    for day in pending:
        try:
            kept[day] = _publish_commitment(stores, day, now, report)
        except Exception as exc:  # re-raised below, once the days before it are revealed
            stopped = exc
            if isinstance(exc, (ArchiveUnavailable, StoreUnavailable)) and not _published(archive, day):
                kept.pop(day - dt.timedelta(days=1), None)
            break
    try:
        for day in pending:
            if day not in kept:
                break
            record = _record_for(stores, day, kept[day], head)
            data = record.to_bytes()
            if archive.put_new(revealed_key(day), data):
                report.revealed.append(day)
            else:
                data = _overlapping_runs(archive, record)
            known.add(day)
            head = (day, data)
        if stopped is not None:
            raise stopped
        report.head = None if head is None else ChainLink(date=head[0], sha256=sha256_hex(head[1]))
        index = ArchiveIndex(revealed=sorted(known), head=report.head).to_bytes()
        try:
            found = archive.get(INDEX_KEY)
        except NotADocument:  # an index too large to read is none, replaced as any other (`_later_head`)
            found = None
        if found != index and not _later_head(archive, found, report.head):
            archive.replace(INDEX_KEY, index)
            report.index_updated = True
    except Exception as exc:
        # What this pass did and found goes with its error, wherever it stopped: its caller counts the late
        # commitments it published (review: a record or the index failing to be written lost them)
        exc.reveal_report = report  # type: ignore[attr-defined]
        raise
    return report


def publish(stores: Stores, now: dt.datetime, random_bytes: RandomBytes = token_bytes) -> PublishReport:
    """One publisher run: open today, then reveal every closed day.

    Today first, so a day revealed in this run can name the next day's commitment.
    """
    today = open_day(stores, now, random_bytes)
    return PublishReport(today=today, reveal=reveal_closed(stores, now))


def _head(stores: Stores, revealed: list[dt.date]) -> tuple[tuple[dt.date, bytes], bool]:
    """The chain's latest record (of the last of `revealed`, the closed days revealed, in date order), which must
    be the record the publisher wrote: it reveals the secret kept for its day, links to the record revealed before it
    by its bytes, and names the next day's commitment where S3 dates that before the record (review: a record of the
    kept secret that linked to nothing was chained onto, and two days stayed refused for good); and whether S3's own
    time for it is within its day, or not known: the publisher reveals a day once it is over, so a record written
    before was written by someone else, who made the secret public early. The chain goes on from it (the secret is the
    kept one); the run reports it, and readers keep that day's rolls from fair (review: nothing looked at when the head
    was written)."""
    day = revealed[-1]
    key = revealed_key(day)
    stored = _must_read(stores.archive, key)
    data = stored.data
    early = revealed_in_time(day, stored) is False
    record = read_document(RevealedRecord, key, data, day, "a revealed record")
    kept = stores.secrets.read(secret_key(day))
    if kept is None or bytes.fromhex(record.secret) != kept.data:
        kept_what = "no secret is kept for that day" if kept is None else "it is not the secret kept for that day"
        raise TamperedRecord(f"{key} reveals a secret, but {kept_what}: the publisher did not write it", field="secret")
    if len(revealed) > 1:
        before = revealed[-2]
        link = ChainLink(date=before, sha256=sha256_hex(_must_read(stores.archive, revealed_key(before)).data))
    else:
        link = None
    if record.previous != link:
        raise TamperedRecord(
            f"{key} links to {'nothing' if record.previous is None else revealed_key(record.previous.date)}, where"
            f" the publisher links it to {'nothing' if link is None else revealed_key(link.date)} by its bytes: the"
            " publisher did not write it",
            field="previous",
        )
    # The next day's commitment named as readers check it (`Published.contradicted_by`, one rule for both)
    published = read_published(stores.archive, day + dt.timedelta(days=1))
    if published is not None and published.contradicted_by(record.next_commitment, stored.modified):
        raise TamperedRecord(
            f"{key} names {record.next_commitment or 'no commitment'} as the next day's, where"
            f" {commitment_key(published.commitment.date)} is {published.commitment.commitment}, published before it:"
            " the publisher did not write it",
            field="next_commitment",
        )
    return (day, data), early


def _today_begun(archive: ObjectStore, today: dt.date) -> None:
    """Refuse to reveal anything where the archive dates today's commitment before today began: the run's clock is
    ahead of the store's (or was, for the run that published it), and the day it takes for yesterday is not over by the
    store's own time. Revealing then would make that day's secret public while its rolls are still given (review: a
    run whose clock read tomorrow revealed today's secret at 10:00, and the game's route rolled from it all day)."""
    published = read_published(archive, today)
    if published is not None and publication(today, published.published_at) == "early":
        raise TamperedRecord(
            f"{commitment_key(today)} was written at {utc_time(published.published_at)} by the archive's"
            f" own time, before {today} began: this run's clock is ahead of the archive's, so no day before {today}"
            " is over by it, and none is revealed",
            field="commitment",
        )


def _written_once_over(archive: ObjectStore, day: dt.date) -> Stored | None:
    """The day's record where the store dates it after the day was over (`written_once_over`), else None."""
    stored = archive.read(revealed_key(day))
    return stored if stored is not None and written_once_over(day, stored) else None


def _later_head(archive: ObjectStore, found: bytes | None, head: ChainLink | None) -> bool:
    """Whether the index found names a later head than this run's, one the archive holds by those very bytes: written by
    a run whose clock read a later day (this run's clock still read the day before), which this run's index would set
    back (review), and which the store dates after its day was over. An index naming any other head is rebuilt
    (review: one of a head in 2099 was kept for good)."""
    if found is None:
        return False
    try:
        index = ArchiveIndex.model_validate_json(found)
    except ValueError:  # not an index: replaced by the publisher's
        return False
    if index.head is None or (head is not None and index.head.date <= head.date):
        return False
    # and one a run could have written: the store dates it after its day was over (review: a record of 2099 beside it)
    record = _written_once_over(archive, index.head.date)
    return record is not None and sha256_hex(record.data) == index.head.sha256


def _overlapping_runs(archive: ObjectStore, record: RevealedRecord) -> bytes:
    """The bytes of the record found where this run was about to write `record`: an overlapping run's, where they are
    `record`'s very bytes or those naming the next day's commitment otherwise (named, or not), as the chain's head may
    (`Published.contradicted_by`); TamperedRecord for anything else. A run whose clock read the day before (a run by
    hand, its S3 calls slow) may publish that commitment after the midnight run read none, and reveal the day before
    naming it: the two records differ there alone, and whichever run wrote second stopped with a false TamperedRecord,
    which is alarmed."""
    key = revealed_key(record.date)
    found = _must_read(archive, key)
    if found.data == record.to_bytes():
        return found.data
    published = read_published(archive, record.date + dt.timedelta(days=1))
    for named in (None,) if published is None else (None, published.commitment.commitment):
        if found.data == record.model_copy(update={"next_commitment": named}).to_bytes() and not (
            published is not None and published.contradicted_by(named, found.modified)
        ):
            return found.data
    raise TamperedRecord(
        f"{key} was written by someone else just before this run wrote it, and is not the record the publisher writes"
        " for that day"
    )


def _must_read(store: ObjectStore, key: str) -> Stored:
    """An object a listing or a write race says exists, with its time: ArchiveUnavailable when it cannot be read."""
    stored = store.read(key)
    if stored is None:
        raise ArchiveUnavailable(f"{key} was listed or reported as existing but cannot be read; try again")
    return stored


def _published(archive: ObjectStore, day: dt.date) -> bool:
    """Whether the day's commitment is there, as far as the archive answers now: not when it does not answer."""
    try:
        return archive.get(commitment_key(day)) is not None
    except Exception:  # the store failing again: a run may yet publish it, so as if it were not there
        return False


def _publish_commitment(stores: Stores, day: dt.date, now: dt.datetime, report: RevealReport) -> bytes:
    """The secret kept for a closed `day`, once its commitment is published (now, late, if it never was)."""
    # Revealed whatever its time: a secret dated before its day was refused when its day was opened (`open_day`), so
    # it has no commitment of that day and is revealed with one published now, late, which keeps that day's rolls at
    # most incomplete. Refusing it here would stop every later day's reveal, for the chain only grows at its head.
    secret = whole_secret(secret_key(day), _must_read(stores.secrets, secret_key(day)).data)
    _, published_now = _ensure_commitment(stores.archive, day, seal_of(secret), now)
    if published_now:
        report.late_commitments.append(day)
    return secret


def _record_for(stores: Stores, day: dt.date, secret: bytes, head: tuple[dt.date, bytes] | None) -> RevealedRecord:
    following = read_commitment(stores.archive, day + dt.timedelta(days=1))
    return RevealedRecord(
        date=day,
        # The one place a secret becomes text: the revealed record is a JSON document.
        secret=secret.hex(),
        commitment=seal_of(secret),
        next_commitment=None if following is None else following.commitment,
        previous=None if head is None else ChainLink(date=head[0], sha256=sha256_hex(head[1])),
    )
