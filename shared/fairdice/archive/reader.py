"""The verifier's side: read a day back from the public archive, check it, and say what it is.

`ArchiveReader` is scheme daily's source of day secrets (`fairdice.schemes.base.DaySecrets`);
`daily_verdict` and `daily_record` are what GET /daily/{date}[/{player_id}] and `fairdice daily
show` call; `is_final` says whether an answer can still change (the handler turns that into its
caching). A day's secret is read from its record's hex once, when the record is checked, and
travels as bytes from there.
"""

import copy
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from fairdice.archive.layout import (
    GRACE_MINUTES,
    INDEX_KEY,
    SEEN_WITHIN,
    ArchiveIndex,
    ChainLink,
    Published,
    RevealedRecord,
    commitment_key,
    commitment_missed,
    dated_onward,
    day_start,
    days_looked_back,
    earlier_day_giving_away,
    first_listed,
    list_onward,
    next_record_awaited,
    read_document,
    read_published,
    record_of,
    reveal_deadline,
    reveal_time,
    reveal_time_if_any,
    revealed_days,
    revealed_in_time,
    revealed_key,
    secret_of_an_earlier_day,
    sha256_hex,
    there_before_over,
    utc_day,
)
from fairdice.errors import (
    ArchiveRefused,
    BeforeArchive,
    FairdiceError,
    FutureDay,
    NotReadableYet,
    TamperedRecord,
    UnknownDay,
)
from fairdice.fields import Day, Seal
from fairdice.prose import utc_time
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.schemes.daily import DailyRequest
from fairdice.seal import seal_of
from fairdice.storage import (
    NOT_KNOWN,
    BudgetedStore,
    DatedKeys,
    History,
    ObjectStore,
    Stored,
    known_time,
    locked_at,
)
from fairdice.verdict import Verdict
from fairdice.verify import verify

Clock = Callable[[], dt.datetime]
Monotonic = Callable[[], float]

# A day the archive holds nothing final for (pending, or without a secret) is read again after this
# long: a batch of games on one such day reads it once, and a day revealed at 00:00 shows in seconds
# (the API's answers for it are cached for a minute anyway).
RECHECK_AFTER = dt.timedelta(seconds=15)
# How many days before the day it is made for a listing kept for a batch or an audit begins (`_listed_onward`): a
# month's days, checked in any order, are one listing
LISTED_AHEAD = dt.timedelta(days=31)
# At most this many such days are remembered (any date can be asked for): the oldest is forgotten first.
RECENT_DAYS = 1024


class DayRecord(BaseModel):
    """What `GET /daily/{date}` answers: a revealed day's record, or when it will be revealed."""

    date: Day
    status: Literal["revealed", "pending"]
    reveal_at: dt.datetime
    commitment: Seal | None
    commitment_published_at: dt.datetime | None = Field(
        description="when the archive itself says the commitment was published (S3's LastModified); null when there is"
        " none, or S3 gives no time of its own for it"
    )
    commitment_in_time: bool | None = Field(
        default=None,
        description=f"published within {GRACE_MINUTES} minutes of 00:00 UTC, before the day's play:"
        " only then does the commitment show the secret was fixed before it; false too for a day with none published"
        " once that time is over",
    )
    record: RevealedRecord | None = None
    record_sha256: Seal | None = None
    seal: Literal["match", "mismatch"] | None = None
    revealed_at: dt.datetime | None = Field(
        default=None, description="when the archive itself says the record was written (S3's LastModified)"
    )
    overdue: bool = Field(
        default=False, description="pending past the time every run that reveals it has had: the archive is late"
    )
    revealed_in_time: bool | None = Field(
        default=None,
        description="written after its day was over in UTC, by S3's own time; null where the archive's times are not"
        " S3's own (a folder), false where S3 gives no time for it",
    )
    locked: bool | None = Field(
        default=None,
        description="its commitment and record (a pending day's: its commitment) kept by S3 Object Lock in compliance"
        " mode, whose retention has not ended: only then was no other version shown and deleted; null where the"
        " archive's times are not S3's own (a folder), or no commitment is published",
    )
    versions_unseen: str | None = Field(
        default=None,
        description="why the archive's versions of a revealed day's commitment and record could not be listed (S3"
        " refused it), in words: nothing then rules out one hidden or written again, so the day's rolls are at most"
        " incomplete; null where they were listed, or the archive keeps no versions (a folder), and for a pending day,"
        " whose versions are listed only once it is revealed",
    )
    witnessed: bool = Field(
        default=True,
        description="whether the archive's times are ones no writer can set (AWS S3's own): false for a folder or an S3"
        " endpoint other than AWS's, whose days' rolls are at most incomplete, revealed or not",
    )


@dataclass(frozen=True)
class _Revealed:
    record: RevealedRecord
    secret: bytes
    sha256: str
    published: Published
    revealed_at: dt.datetime | None  # the archive's own time for the record; None when S3 gives none (multipart)
    revealed_in_time: bool | None  # `revealed_in_time`: after its day was over, by a witnessed time
    committed: bool  # its secret gives the commitment published before the day (it gives its own: `_check`)
    locked_until: dt.datetime | None  # until when the record's version is kept whatever anyone asks (`Stored`)
    # The moment the next day's record was checked to link to this one (`_check_followed`), as of which; None while the
    # next day was not over then, so that nothing could follow yet, and it is checked once it is (review S3)
    followed_at: dt.datetime | None = None
    # Why the store's versions of the day's commitment and record could not be listed (`_history`), in words; None
    # where they were, or the store keeps none (a folder)
    unseen: str | None = None

    @property
    def kept_until(self) -> dt.datetime | None:
        """Until when the day's commitment and its record are both kept whatever anyone asks (`storage.locked_at`);
        None where either is not kept at all."""
        commitment, record = self.published.locked_until, self.locked_until
        return None if commitment is None or record is None else min(commitment, record)


@dataclass(frozen=True)
class _Linked:
    """A record read as another links to it or follows it: the record, the archive's own time for it (None where S3
    gives none) and whether that time is a witness (`Stored.witnessed`)."""

    record: RevealedRecord
    written: dt.datetime | None
    witnessed: bool

    def committed(self) -> str | None:
        """How the record shows the day after its own was committed, in words; None where it does not. It names that
        day's commitment, or S3 dates it within that day: the publisher's runs, and `fairdice daily reveal`, publish
        the day's commitment before they write the day before's record, so one written that day names it (review: a
        record written before its next day's commitment, which was then hidden, made that day read as missed)."""
        following = self.record.date + dt.timedelta(days=1)
        if self.record.next_commitment is not None:
            return f"{revealed_key(self.record.date)} names {self.record.next_commitment} as its commitment"
        written = self.written if self.witnessed else None
        if written is not None and day_start(following) <= written < reveal_time(following):
            return (
                f"{revealed_key(self.record.date)} was written at {utc_time(written)}, by a run that"
                f" publishes {following}'s commitment first"
            )
        return None


@dataclass(frozen=True)
class _Pending:
    day: dt.date
    published: Published | None
    # The reader's time when it read the archive for the day: what its absence of a commitment shows, however long the
    # reader remembers it (`_missed`)
    read_at: dt.datetime
    as_of: dt.datetime | None = None  # an audit's moment, before the day's reveal was final (`PendingDay.as_of`)


@dataclass(frozen=True)
class _Missing:
    day: dt.date
    # The first day revealed after it, if any: the publisher reveals days in date order, so it never reveals this one
    # (its secret, had it one, is an orphan); and whether that day is the chain's first
    revealed_after: dt.date | None = None
    before_chain: bool = False
    # Whether the archive has revealed a day at all: where it has none, nothing it lists shows whether this day is
    # before the first it committed to (never revealed) or one every run has missed so far (a late run may reveal it)
    chain_begun: bool = True


@dataclass(frozen=True)
class _Listing:
    """One listing of the records with times (`list_onward`), made for a day whose first day looked back to is `after`'s
    next, begun at `begun` by the read clock, for the audit's moment `moment` (None: not an audit's)."""

    after: str
    begun: dt.datetime
    moment: dt.datetime | None
    items: DatedKeys


@dataclass(frozen=True)
class _Recent:
    found: _Pending | _Missing
    until: dt.datetime
    at: dt.datetime  # the reader's time when it was found: an audit's moment, which another audit's does not share


def _no_secret(missing: _Missing, now: dt.datetime, *, audit: bool) -> str:
    """Why the archive gives no secret for a closed day with neither a commitment nor a record, and what the reader can
    do, as far as the archive shows it. A day before one revealed is never revealed: the publisher reveals days in date
    order. Any other may still be, by a run that reveals it (which publishes a missed commitment late), until its runs
    have ended and after them (a later run, `fairdice daily reveal`). Whether a secret was made for it at all, the
    private store alone says; and where the archive has revealed no day, whether it began after the day (then nothing
    reveals it): its commitments would say, but the reader lists only the revealed days. An audit's reader (`audit`)
    reads the archive as of the audit's moment, so trying again is a new audit: it is told to audit again."""
    day, after, said = missing.day, missing.revealed_after, f"the daily archive has no secret for {missing.day}"
    again = "audit again later" if audit else "try again later"
    if after is not None and missing.before_chain:
        # No day of the archive at all, not a day that lacks its secret (review: "has no secret for", under a page
        # headed "Nothing here")
        return (
            f"the daily archive has no day {day}, before its first: its first revealed day is {after}, and days are"
            " revealed in date order, never one before it. Check the date: it is the UTC day the roll was made"
        )
    if after is not None:
        return (
            f"{said}, nor a commitment, and never will: {after} is revealed already, and days are revealed in date"
            " order. Check it is the UTC day of the roll; if so, report it: a roll was given for a day the archive"
            " never committed to"
        )
    ended = reveal_deadline(day)
    if now <= ended:
        return f"{said} yet: the runs that reveal it may still publish it until {utc_time(ended)}; try again then"
    if not missing.chain_begun:
        return (
            f"{said}, nor a commitment, and has revealed no day yet: it may have begun after it. Check it is the UTC"
            f" day of the roll; if so, {again} (a late run reveals it if the game made its secret), and if it stays"
            " missing, ask the operator if the game ran then"
        )
    return (
        f"{said}, nor a commitment, though the runs that reveal it ended at {utc_time(ended)}. Check it is the UTC day"
        f" of the roll; if so, {again} (a late run may still reveal it), and if it stays missing, report that the"
        " operator has not revealed it"
    )


def kept_of(history: History, *, dated: bool) -> str:
    """What S3 keeps of a key the publisher writes once and never hides, rewritten (`History.rewritten`), in words: how
    many versions and delete markers, and when (`dated`); the readers' refusal (`_rewritten`) and the watchdog's alarm
    say it alike."""
    versions, markers = history.versions, history.markers
    # A listing stopped at the first page that showed the key rewritten: S3 keeps at least these, versions and markers
    # alike (`S3Store.history`)
    least = "" if history.whole else "at least "
    said = [f"{least}{len(versions)} version{'s' if len(versions) != 1 else ''}"]
    if versions and dated:
        said[0] += f" (written at {', '.join(_shown(when) for when in versions)})"
    if markers:
        plural = "s" if len(markers) != 1 else ""
        put = f" (put at {', '.join(_shown(when) for when in markers)})" if dated else ""
        said.append(f"{least}{len(markers)} delete marker{plural}{put}")
    return (
        f"S3 keeps {' and '.join(said)} of it, where the publisher writes it once and hides it never: it was hidden or"
        " written again"
    )


def _rewritten(day: dt.date, key: str, history: History) -> str:
    """What the store keeps of a key the publisher writes once and never hides (`ArchiveReader._history`), in
    words: how many versions, the delete markers, and when (`kept_of`), and for a record a version written before its
    day was over, which made its secret public while the day was played, or, where the listing stopped part way
    (`History.whole`), that the earlier versions it did not reach may hold one."""
    early = [when for when in history.versions if when != NOT_KNOWN and when < reveal_time(day)]
    shown = ""
    if key == revealed_key(day) and early:
        shown = (
            f"; the one written at {utc_time(early[0])}, before {day} was over, made its secret public while it was"
            " played"
        )
    elif key == revealed_key(day) and not history.whole:
        # S3 lists a key's versions newest first, so the pages not asked for hold the earliest (review: a record put
        # while its day was played, hidden and written again more times than a page holds, was refused without a word
        # of the early one)
        shown = (
            "; S3 lists a key's newest versions first, and the listing stopped at the first page that showed it"
            f" rewritten: an earlier version, written before {day} was over and making its secret public while it was"
            " played, is not ruled out"
        )
    return (
        f"{key}: {kept_of(history, dated=True)}, and the version read may not be the one there while {day} was"
        f" played{shown}"
    )


def _shown(when: dt.datetime) -> str:
    """A version's time as shown; S3 gives one for every version listed."""
    return "no time" if when == NOT_KNOWN else utc_time(when)


def _dated_after(witnessed: bool, written: dt.datetime | None, now: dt.datetime, *, undated: bool = False) -> bool:
    """Whether the store's own time puts a write after `now`, an audit's moment: only a witnessed time says so. Where it
    gives none (None, NOT_KNOWN: a multipart upload, a replica), nothing shows either way, and the answer is `undated`,
    chosen on purpose: True for the day's own commitment (`_published_by`: nothing shows it was there by then, so the
    day is not taken as committed), False for a record and for an earlier day's commitment (`_check_earlier`: nothing
    shows it came after, so it counts against the day, as for the other readers)."""
    if not witnessed:
        return False
    if written is None or written == NOT_KNOWN:
        return undated
    return written > now


class ArchiveReader:
    """Reads days from the public archive and checks them; scheme `daily`'s `DaySecrets`.

    A revealed record is checked before it is used: it must be dated its day, its secret must
    give its own commitment, the commitment published before the day must exist, and both of
    its links in the chain must hold. Backwards: it names the latest record revealed before it
    by that record's SHA-256 (none only if it is the chain's first), and that record's
    `next_commitment`, when it is the day before, is this day's commitment. Forwards: its own
    `next_commitment` is the next day's published commitment, when there is one (none only if
    that was published after this record was written, or late). A secret that does not give the
    commitment published before is not an error but a `seal: mismatch` verdict; anything else
    that does not hold raises `TamperedRecord`. Checked records are immutable, so they are kept in
    memory (at most one small entry per revealed day), as are published commitments (write-once);
    a pending day, or one without a secret, is remembered for `recheck_after` by `clock`. A closed
    day with a commitment is pending only until the runs that reveal it have ended (`reveal_deadline`);
    its record missing after that raises `TamperedRecord` (never written, or hidden since). A closed day
    with neither is one without a secret only where the latest record before it does not show the
    next day committed (`_Linked.committed`: it names its commitment, or S3 dates it on that day), and
    a record links over days only where the one it links to does not either. A day's commitment must be none of the
    DAYS_LOOKED_BACK days before's, as the game's route refuses one that is (`fairdice.archive.today`).

    One request reads through `within(seconds, monotonic)`: the same memory, and no read started
    once its seconds are spent (ArchiveUnavailable instead).
    """

    def __init__(
        self,
        archive: ObjectStore,
        clock: Clock,
        *,
        recheck_after: dt.timedelta = RECHECK_AFTER,
        as_of: bool = False,
        read_clock: Clock | None = None,
    ) -> None:
        self._archive = archive
        self._clock = clock
        # The moment the archive is read, which a version's Object Lock is judged by (`_locked`): `clock` where that is
        # now (the API), the wall clock where `clock` is a moment of its own (an audit's start, `daily show --now`): a
        # retention that had ended by the read let another version be deleted before it, whatever moment the days are
        # judged by (review: an audit as of its start called such a day fair)
        self._read_clock = read_clock or clock
        # Whether `clock` is a moment of its own (an audit's start) that a day's reveal must be final by (every run
        # that reveals it ended, `reveal_deadline`) to be read at all; the API's is now: it reads the archive as it is.
        self._as_of = as_of
        self._recheck_after = recheck_after
        self._revealed: dict[dt.date, _Revealed] = {}
        # A commitment as read, or the refusal of one that is no commitment document: neither changes once S3 dates it
        self._commitments: dict[dt.date, Published | TamperedRecord] = {}
        # The records read, once there (`record_of`): of days looked back to (`_check_earlier`), linked to, checked or
        # followed; each is read once for all of these, as a record never changes once S3 dates it
        self._records_looked_back: dict[dt.date, Stored] = {}
        # The days looked back to whose commitment was not there as read (`_check_earlier`), and since when, by the read
        # clock less SEEN_WITHIN: one put since is dated after it
        self._absent: dict[dt.date, dt.datetime] = {}
        # The keys whose versions were listed as one, with no delete marker (`_history`): not listed again by this
        # reader, which keeps a checked day anyway, however long a batch takes to check it
        self._one_version: set[str] = set()
        self._recent: dict[dt.date, _Recent] = {}
        # The last listing of the records with times (`_listed_onward`), which serves every later day checked that was
        # over before it began: kept for one request (`within`: POST /verify's batch) or one audit's moment (`as_of`);
        # a reader used otherwise lists for each day it checks (`_keeps_listing`)
        self._listing: _Listing | None = None

    def now(self) -> dt.datetime:
        """The time by this reader's clock: what it judges a day not over by."""
        return self._clock()

    def within(self, seconds: float, monotonic: Monotonic) -> "ArchiveReader":
        """This reader for one request: its memory, and no archive read started `seconds` after now (by
        `monotonic`); a read started in time may take as long as the store's own patience allows."""
        budgeted = copy.copy(self)  # shallow: the memory's dicts are shared, so what one request learns, all keep
        budgeted._archive = BudgetedStore(self._archive, seconds, monotonic)
        budgeted._listing = None  # this request's own
        return budgeted

    @property
    def _keeps_listing(self) -> bool:
        """Whether this reader keeps its listing of the records with times (`_listed_onward`): one audit's moment's
        (`as_of`) or one request's (`within`, whose store is budgeted)."""
        return self._as_of or isinstance(self._archive, BudgetedStore)

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The revealed day, or when it will be revealed; UnknownDay for a day with no secret."""
        found = self._find(day)
        if isinstance(found, _Pending):
            published = found.published
            if published is None:
                return PendingDay(
                    reveal_at=reveal_time(day),
                    overdue=self._overdue(day),
                    as_of=found.as_of,
                    # None published, and its time over: not in time, whatever comes later, as the day's record says it
                    in_time=False if self._missed(found) else None,
                    witnessed=self._archive.witnessed,
                )
            return PendingDay(
                reveal_at=reveal_time(day),
                overdue=self._overdue(day),
                as_of=found.as_of,
                commitment=published.commitment.commitment,
                published_at=known_time(published.published_at),
                in_time=published.in_time,
                locked=self._kept(published),
                witnessed=self._archive.witnessed,
            )
        published = found.published
        return RevealedDay(
            secret=found.secret,
            commitment=published.commitment.commitment,
            source=f"daily archive {revealed_key(day)}",
            published_at=published.published_at,
            in_time=published.in_time,
            witnessed=published.witnessed,
            revealed_at=found.revealed_at,
            revealed_in_time=found.revealed_in_time,
            committed=found.committed,
            locked=self._locked(found),
            unseen=found.unseen,
        )

    def _locked(self, found: _Revealed) -> bool:
        """Whether the day's commitment and record are both still kept whatever anyone asks as the archive is read."""
        return locked_at(found.kept_until, self._read_clock())

    def _kept(self, published: Published) -> bool | None:
        """Whether a pending day's commitment is still kept whatever anyone asks as the archive is read; None where the
        archive's times are not S3's own (a folder). One rule for its record and its roll's verdict."""
        return locked_at(published.locked_until, self._read_clock()) if published.witnessed else None

    def kept_until(self, day: dt.date) -> dt.datetime | None:
        """Until when the day's commitment and record, as this reader read them, are both kept whatever anyone asks
        (`_Revealed.kept_until`); None where the day was not read revealed. An answer that rests on the lock holds only
        until then (`verify_api.caching`)."""
        found = self._revealed.get(day)
        return None if found is None else found.kept_until

    def _missed(self, found: _Pending) -> bool:
        """Whether a pending day read with no commitment was read past the time one had to be published in to show the
        secret was fixed before the day's play: from SEEN_WITHIN after the grace, as the game's route says it (one S3
        dates in the grace's last instant may be seen a little later). By when the archive was read, not by the clock
        now: a warm reader remembers a read from within that minute for `recheck_after`, which shows no commitment
        missed whenever it is given (review: one read at 00:15:55 was said missed at 00:16:01, where a commitment S3
        dated at 00:14:58 was there). An audit's moment before the day's reveal was final reads no commitment
        (`_find`): none is said to be missed there, as none is said to be published."""
        return found.as_of is None and commitment_missed(found.day, found.read_at)

    def _overdue(self, day: dt.date) -> bool:
        """Whether a day not revealed is past the time every run that reveals it has had: the archive is late."""
        return self._clock() > reveal_deadline(day)

    def record(self, day: dt.date) -> DayRecord:
        """The day as `GET /daily/{date}` shows it; UnknownDay for a day with no secret."""
        found = self._find(day)
        if isinstance(found, _Pending):
            published = found.published
            return DayRecord(
                date=day,
                status="pending",
                reveal_at=reveal_time(day),
                commitment=None if published is None else published.commitment.commitment,
                commitment_published_at=None if published is None else known_time(published.published_at),
                # None published, and its time over: not in time, whatever comes later (review: "Not published yet" at
                # 13:40, as if one might still come in time)
                commitment_in_time=(False if self._missed(found) else None) if published is None else published.in_time,
                overdue=self._overdue(day),
                # Its commitment alone, as a revealed day's with its record (review: a pending day's page on a bucket
                # without Object Lock said its commitment "shows the secret was fixed before anyone rolled")
                locked=None if published is None else self._kept(published),
                # As the roll's verdict of the day says it (`PendingDay.witnessed`; review: the page of today before
                # its commitment on a folder said nothing of it, where its roll was at most incomplete once revealed)
                witnessed=self._archive.witnessed,
            )
        published = found.published
        return DayRecord(
            date=day,
            status="revealed",
            reveal_at=reveal_time(day),
            commitment=published.commitment.commitment,
            commitment_published_at=known_time(published.published_at),
            commitment_in_time=published.in_time,
            record=found.record,
            record_sha256=found.sha256,
            seal="match" if found.committed else "mismatch",
            revealed_at=found.revealed_at,
            revealed_in_time=found.revealed_in_time,
            locked=self._locked(found) if published.witnessed else None,
            # As the roll's verdict says it (`Daily.revealed`): a rewrite not ruled out keeps the day from proven
            versions_unseen=found.unseen,
            witnessed=published.witnessed,
        )

    def _find(self, day: dt.date) -> _Revealed | _Pending:
        now = self._clock()
        today = utc_day(now)
        if day > today:
            reveal = reveal_time_if_any(day)
            raise FutureDay(
                f"no secret exists yet for {day}: a day's secret is made at 00:00 UTC that day"
                " and revealed once the day is over"
                + ("" if reveal is None else f", in the minutes after {utc_time(reveal)}"),
                field="date",
                witnessed=self._archive.witnessed,
            )
        if self._as_of and day < today and now <= reveal_deadline(day):
            # An audit's moment before the day's reveal was final: what its shards would find depends on when each
            # reads the archive (a record written, a late commitment published, meanwhile), so none reads it, and the
            # day is withheld in every shard alike (reviews R8, S1, S3: one execution judged a roll withheld and fair)
            return _Pending(day, None, now, as_of=now)
        # A day checked revealed is remembered, but given only for a day over by this reader's clock, and to an audit's
        # moment only if its record was there by then (a warm reader may have read it for a later moment)
        cached = self._revealed.get(day)
        if (
            cached is not None
            and day < today
            # the archive's one store witnesses the record's time as it does its commitment's
            and not (self._as_of and _dated_after(cached.published.witnessed, cached.revealed_at, now))
            and self._followed(cached, day, now)
        ):
            return cached
        recent = self._recent.get(day)
        # An audit's reader remembers what it found for its own moment only: a warm worker serves executions that
        # began at other moments (review S5: one's pending day was given to the next, begun after the late reveal)
        if recent is None or now >= recent.until or (self._as_of and recent.at != now):
            found = self._look(day, now)
            if isinstance(found, _Revealed):
                if found.unseen is None:  # one whose versions S3 refused to list is checked again: rights may be given
                    self._revealed[day] = found
                return found
            # Never past the next midnight either: then today is over, and may be revealed.
            recent = self._remember(day, _Recent(found, min(now + self._recheck_after, reveal_time(today)), now))
        if isinstance(recent.found, _Missing):
            kind = BeforeArchive if recent.found.before_chain else UnknownDay
            raise kind(_no_secret(recent.found, now, audit=self._as_of), field="date")
        return recent.found

    def _followed(self, cached: _Revealed, day: dt.date, now: dt.datetime) -> bool:
        """Whether a remembered record's next-day check still holds at `now`: its next day is not over yet, or it was
        checked once it was, and for an audit's moment as of that moment or a later one (a warm reader may have read
        the day before its next day was over, or for an earlier audit's moment: review S3)."""
        if day + dt.timedelta(days=1) >= utc_day(now):
            return True
        if cached.followed_at is None:
            return False
        return not self._as_of or cached.followed_at >= now

    def _look(self, day: dt.date, now: dt.datetime) -> _Revealed | _Pending | _Missing:
        # Never early, here too: a day not over is pending whatever the archive holds.
        closed = day < utc_day(now)
        stored = record_of(self._archive, day, self._records_looked_back) if closed else None
        if stored is not None:
            return self._record(day, stored, now)
        published = self._published_by(day, now) if self._as_of else self._published(day)
        if published is None and closed:
            days = revealed_days(self._archive)
            read: dict[dt.date, Stored] = {}  # the records read of the days listed, each read once for both looks
            self._check_missed(day, now, days, read)
            return self._missing(day, now, days, read)
        if closed and now > reveal_deadline(day) and (revealed := self._revealed_once(day)):
            # A committed day whose record the archive shows was revealed (its index lists it, or a later day's
            # record exists: the chain grows in date order) is gone since (a delete marker hides it): not a day to
            # wait for. Without either it is a day whose runs all failed (an outage): pending until a run reveals it.
            # But first the record is read once more: a run that reveals the day late may have written it, then later
            # records and the index, between the first read and the listing (review S6: an honest catch-up was called
            # tampering by the one reader it caught mid-read)
            if (again := self._archive.read(revealed_key(day))) is not None:
                return self._record(day, again, now)
            raise TamperedRecord(
                f"{revealed_key(day)} is missing, though {commitment_key(day)} exists and {revealed}: the archive is"
                " incomplete or was tampered with"
            )
        return _Pending(day, published, now)

    def _missing(self, day: dt.date, now: dt.datetime, days: list[dt.date], read: dict[dt.date, Stored]) -> _Missing:
        """A closed day with neither a record nor a commitment, and what the archive's revealed days (`days`) show of
        it: the first revealed after it, whether that is the chain's first, whether any is. For an audit's moment, only
        a day whose record was there by then: one S3 dates later (a late reveal, after an outage, while the audit runs)
        was not revealed as of it, and no shard cites it, whenever it reads (review: a shard that read after the late
        reveal said "never will: 2025-03-04 is revealed already", one before it "try again later"). The publisher
        reveals days in date order, so the chain's first and the day after this one are the two records read (`read`:
        those `_check_missed` read already, not read again)."""
        closed = [d for d in days if d < utc_day(now)]  # a record of a day not over is none the publisher's
        first = closed[0] if closed else None
        after = next((d for d in closed if d > day), None)
        if self._as_of and first is not None and self._record_there(first, now, read) is None:
            first = after = None  # and every later day revealed after the moment too
        elif self._as_of and after is not None and after != first and self._record_there(after, now, read) is None:
            after = None
        return _Missing(day, after, before_chain=after is not None and after == first, chain_begun=first is not None)

    def _record_there(self, day: dt.date, now: dt.datetime, read: dict[dt.date, Stored]) -> _Revealed | Stored | None:
        """The record of `day`, a day the archive lists, as this reader holds it checked, else as read (once into
        `read`: a record never changes once S3 dates it); None where it is not there, or for an audit's moment S3 dates
        it after (`_dated_after`)."""
        found: _Revealed | Stored | None = self._revealed.get(day) or record_of(self._archive, day, read)
        if found is None:
            return None
        written, witnessed = (
            (found.revealed_at, found.published.witnessed)  # the archive's one store witnesses both alike (`_find`)
            if isinstance(found, _Revealed)
            else (found.modified, found.witnessed)
        )
        return None if self._as_of and _dated_after(witnessed, written, now) else found

    def _listed_record(self, day: dt.date, now: dt.datetime, read: dict[dt.date, Stored]) -> _Linked | None:
        """The record of `day`, a day the archive lists, for what it shows of the days around it (`_record_there`); None
        where it is not there by `now`, or is no record: that record's own tampering is said when its day is read."""
        found = self._record_there(day, now, read)
        if found is None:
            return None
        if isinstance(found, _Revealed):
            return _Linked(found.record, found.revealed_at, found.published.witnessed)
        try:
            record = read_document(RevealedRecord, revealed_key(day), found.data, day, "a revealed record")
        except TamperedRecord:
            return None
        return _Linked(record, known_time(found.modified), found.witnessed)

    def _check_missed(self, day: dt.date, now: dt.datetime, days: list[dt.date], read: dict[dt.date, Stored]) -> None:
        """A closed day with neither a record nor a commitment had no secret only if the chain says so: the latest
        record before it does not show the day after it committed (`_Linked.committed`), or that day's commitment is
        still there (that day's own check says the rest). Else a committed day was hidden since (a delete marker), its
        secret perhaps replaced while its rolls were given: TamperedRecord, never a day without a secret (review: a
        day committed, played and hidden read as one every run had missed); so is one whose commitment an audit takes
        as not there by its moment, S3 giving no time for it or a later one. `days`: the archive's revealed days;
        `read`: the records read of them (`_listed_record`)."""
        earlier = [d for d in days if d < day]
        if not earlier:
            self._check_first(day, now, days, read)
            return
        latest = earlier[-1]
        before = self._listed_record(latest, now, read)
        shown = None if before is None else before.committed()
        if shown is None:
            return
        following = latest + dt.timedelta(days=1)
        published = self._published(following)
        if published is not None and following != day:
            return
        if published is not None:
            # The day's own, there, which an audit takes as not there by its moment: S3 gives no time for it, or dates
            # it later, where the publisher writes it whole before the record that names it (review: it was called
            # missing and hidden since)
            when = known_time(published.published_at)
            dated = (
                "S3 gives no time of its own for it"
                if when is None
                else f"S3 dates it {utc_time(when)}, after the moment the archive is read as of"
            )
            raise TamperedRecord(
                f"{commitment_key(day)}: {dated}, where the publisher writes it in one write before the record that"
                f" shows that day committed ({shown})"
            )
        raise TamperedRecord(
            f"{commitment_key(following)} is missing, though that day was committed ({shown}): it was hidden since,"
            f" so nothing shows {day} had no secret"
        )

    def _check_first(self, day: dt.date, now: dt.datetime, days: list[dt.date], read: dict[dt.date, Stored]) -> None:
        """A closed day with neither a record nor a commitment, and no record listed before it, is before the archive's
        first only if the first record listed after it names no previous one: one that does shows earlier records
        hidden since (delete markers), this day's perhaps among them: TamperedRecord, never a day before the archive's
        first (review: a committed, played day whose record and commitment were hidden read "has no day, before its
        first"). That record's own tampering is said when its day is read."""
        first = next((d for d in days if day < d < utc_day(now)), None)
        linked = None if first is None else self._listed_record(first, now, read)
        if linked is None or linked.record.previous is None:
            return
        first, previous = linked.record.date, linked.record.previous.date
        raise TamperedRecord(
            f"{revealed_key(first)} links to {revealed_key(previous)}, which is missing: records before it were hidden"
            f" since, so nothing shows {day} had no secret",
            field="previous",
        )

    def _revealed_once(self, day: dt.date) -> str | None:
        """Why the archive shows a day as revealed though its record is missing, in words; None when it does not."""
        if any(later > day for later in revealed_days(self._archive)):
            return "a later day's record exists"
        index = self._archive.get(INDEX_KEY)
        if index is None:
            return None
        try:
            listed = ArchiveIndex.model_validate_json(index).revealed
        except ValidationError:
            raise TamperedRecord(f"{INDEX_KEY} is not the archive's index") from None
        return f"{INDEX_KEY} lists it as revealed" if day in listed else None

    def _remember(self, day: dt.date, recent: _Recent) -> _Recent:
        self._recent.pop(day, None)
        if len(self._recent) >= RECENT_DAYS:
            del self._recent[next(iter(self._recent))]  # the first remembered of those kept
        self._recent[day] = recent
        return recent

    def _published(self, day: dt.date) -> Published | None:
        """The day's commitment and when it was published, read once: a published commitment never changes, nor does
        one that is no commitment document, whose refusal is kept too (review: a padded one was read again at the check
        of each of the days after it), nor one no document of the store at all (NotADocument: too large, or under a key
        the public cannot use; review: read again at the check of each of the days after it). One S3 gives no bytes for
        yet (NotReadableYet: in Glacier, restored later) is read again, as one not there is."""
        kept = self._commitments.get(day)
        if isinstance(kept, TamperedRecord):
            raise kept.with_traceback(None)  # each raise would add its frames to the one kept
        if kept is not None:
            return kept
        try:
            published = read_published(self._archive, day)
        except NotReadableYet:
            raise
        except TamperedRecord as exc:
            self._commitments[day] = exc
            raise
        if published is not None:
            self._commitments[day] = published
        return published

    def _record(self, day: dt.date, stored: Stored, now: dt.datetime) -> _Revealed | _Pending | _Missing:
        """A closed day's record as read: checked, or for an audit's moment before S3 dates it, not revealed yet."""
        if self._as_of and _dated_after(stored.witnessed, stored.modified, now):
            # A day past its deadline whose record S3 dates after an audit's moment (a late reveal, after an outage,
            # while the audit runs): as of that moment it was not revealed, and every shard says so alike, whenever it
            # reads it (review S4: shards read before and after a late reveal gave withheld and fair). Its commitment
            # too is taken as of then: one published late, with that reveal, was not there (review S5).
            published = self._published_by(day, now)
            return _Missing(day) if published is None else _Pending(day, published, now)
        return self._check(day, stored, now)

    def _published_by(self, day: dt.date, now: dt.datetime) -> Published | None:
        """The day's commitment as the archive held it at `now`, an audit's moment: none where S3 dates it later, or
        gives no time for it (`_dated_after`)."""
        published = self._published(day)
        if published is not None and _dated_after(published.witnessed, published.published_at, now, undated=True):
            return None
        return published

    def _check(self, day: dt.date, stored: Stored, now: dt.datetime) -> _Revealed:
        key = revealed_key(day)
        record = read_document(RevealedRecord, key, stored.data, day, "a revealed record")
        self._records_looked_back.setdefault(day, stored)
        secret = bytes.fromhex(record.secret)
        if seal_of(secret) != record.commitment:
            raise TamperedRecord(f"{key}: its secret does not give its own commitment", field="secret")
        published = self._published(day)
        if published is None:
            raise TamperedRecord(f"{key} exists but {commitment_key(day)}, published as the day begins, does not")
        # Asked for now, judged last: a day another check refuses is refused in its words, those of what was changed
        history = self._history(day)
        self._check_previous(day, record.previous, published.commitment.commitment)
        self._check_earlier(day, published, now)
        self._check_next(day, record.next_commitment, stored.modified)
        committed = record.commitment == published.commitment.commitment
        # A secret not committed to is a mismatch already, whatever follows: the verdict says why
        followed_at = self._check_followed(day, stored, now) if committed else now
        if isinstance(history, TamperedRecord):
            raise history
        unseen = history
        return _Revealed(
            record=record,
            secret=secret,
            sha256=sha256_hex(stored.data),
            published=published,
            revealed_at=known_time(stored.modified),
            revealed_in_time=revealed_in_time(day, stored),
            committed=committed,
            locked_until=stored.locked_until,
            followed_at=followed_at,
            unseen=unseen,
        )

    def _history(self, day: dt.date) -> TamperedRecord | str | None:
        """The day's commitment and record must each be the one version the store keeps of its key, and neither ever
        hidden: the publisher writes each once and hides neither. Object Lock keeps every version, but lets a delete
        marker be put over one (a plain DeleteObject removes no version) and `put_new` write again over the marker, so
        a record put while its day was played, making its secret public, then hidden and written again once the day was
        over, reads as revealed in time and kept (review). Any other version or marker is TamperedRecord, saying what
        the store keeps, given for `_check` to raise. Where the store refuses to list them (a reader not allowed
        s3:ListBucketVersions), nothing rules that out: why, in words, which keeps the day from fair
        (`RevealedDay.unseen`); None where they were listed, or the store keeps no versions (a folder, whose times are
        no witness either). One ListObjectVersions of each key, once a reader where it shows one version
        (`_one_version`: where a request ran out of time part way through a day's check, the next goes on without
        listing it again)."""
        refused = []
        for key, field in ((commitment_key(day), "commitment"), (revealed_key(day), "secret")):
            if key in self._one_version:
                continue
            try:
                history = self._archive.history(key)
            except ArchiveRefused:
                refused.append(key)
                continue
            if history is not None and history.rewritten:
                return TamperedRecord(_rewritten(day, key, history), field=field)
            if history is not None:
                self._one_version.add(key)
        if not refused:
            return None
        return (
            f"S3 refused to list the versions of {' and '.join(refused)} (AccessDenied: this reader is not allowed"
            f" s3:ListBucketVersions), so nothing shows {day}'s commitment and record were not hidden or written again"
            " since they were first put there"
        )

    def _check_previous(self, day: dt.date, link: ChainLink | None, commitment: str) -> None:
        key = revealed_key(day)
        linked = None if link is None else self._check_link(day, link, commitment)
        if link is None or link.date != day - dt.timedelta(days=1):
            # Linking over days, or naming no record at all, is right only where no record was revealed
            # in between (or before): else the record was rewritten to leave behind the records that
            # vouch for it. Asked only then, so a chain without gaps is listed for its first record alone.
            earlier = [d for d in revealed_days(self._archive) if d < day]
            if link is None and earlier:
                raise TamperedRecord(
                    f"{key} names no previous record, as only the chain's first may,"
                    f" but {revealed_key(earlier[-1])} was revealed before it",
                    field="previous",
                )
            if link is not None and earlier and earlier[-1] > link.date:
                raise TamperedRecord(
                    f"{key} links to {revealed_key(link.date)}, over {revealed_key(earlier[-1])}", field="previous"
                )
        if linked is not None and linked.record.date < day - dt.timedelta(days=1) and (shown := linked.committed()):
            # The day after the linked record was committed, so it had a secret: the publisher reveals it before any
            # later day, and a record linking over it leaves it out of the chain
            following = linked.record.date + dt.timedelta(days=1)
            raise TamperedRecord(
                f"{key} links to {revealed_key(linked.record.date)} over {following}, which was committed"
                f" ({shown}): a committed day's record is left out of the chain",
                field="previous",
            )

    def _check_earlier(self, day: dt.date, own: Published, now: dt.datetime) -> None:
        """The day's commitment (`own`) must be none of the DAYS_LOOKED_BACK days before's, as the game's route refuses
        one that is: that day's record makes its secret public once that day is over, so whoever read it knew this day's
        dice (review: with the days between revealed, the route refused a day under the secret of two to eight days
        before, and the readers called it fair). Only one the archive dates before the day's own, or whose record it
        dates before the day is over, counts (`gives_away`), as for the route. One found is kept (`_published`: a
        published commitment never changes); one that is not a commitment is that day's own tampering, said when that
        day is read, as the route takes it, unless that day's record reveals this day's secret (`record_gives_away`); an
        audit takes them as of its moment, as it takes every commitment. The records of those days are listed once
        (`earlier_day_giving_away`), and each listed is read once and counts where it reveals this day's secret,
        whatever that day's commitment, as for the route (review: one under a day committed in its own grace, with no
        record of its own, revealing this day's secret, was never read, and the day fair). A commitment not there as
        read is not read again for a day whose own S3 dates before then (review: a missed day's was read again at every
        other day's first look): one put since is dated after that day's, and counts only with a record of its day
        dated before that day is over, which the listing shows; where one is listed under such a day, its commitment is
        read again, as a cold reader reads it: one put since equal to the day's own beside a record that is no record
        gives the day away (`gives_away`; review: a warm reader, which read that record alone, called the day fair
        where a cold one and the game's route refused it)."""
        # One ListObjectsV2, with times: the days looked back to, this day's own, the next day's and every later day's;
        # listed by the time the clock reads next, and before any commitment of the days looked back to is read
        listed, later_times = dated_onward(day, self._listed_onward(day))
        read_at = self._read_clock()
        since = read_at - SEEN_WITHIN
        # Days whose commitment was not there as read after the day's own was published: not read again, but where a
        # record is listed under one
        unread = {
            earlier
            for earlier in days_looked_back(day)
            if own.witnessed and (absent := self._absent.get(earlier)) is not None and own.published_at < absent
        }

        def commitment_of(earlier: dt.date) -> Published | None:
            if earlier in unread and earlier not in listed:
                return None
            try:
                published = self._published(earlier)
            except NotReadableYet:
                # One S3 gives no bytes for yet (in Glacier until restored) may be this day's own commitment, published
                # before it, which gives the day away: nothing is known of the day until it is read (review: taken as
                # none, a day committed under such a one was fair), as an archive not read is for the day's own objects
                raise
            except TamperedRecord:
                # That day's own tampering, said when that day is read, unless its record reveals this day's secret
                # (`gives_away` of None; review: read as none, a padded commitment let such a day be fair)
                return None
            if self._as_of and published is not None and _dated_after(published.witnessed, published.published_at, now):
                # Put after an audit's moment, as `_published_by` takes it; one S3 gives no time for counts, as for the
                # other readers (`gives_away`; review: an audit alone called such a day fair)
                published = None
            if earlier not in self._commitments:
                self._absent[earlier] = since
            return published

        if found := earlier_day_giving_away(self._archive, own, listed, commitment_of, self._records_looked_back):
            raise secret_of_an_earlier_day(day, *found)
        # Every later day's record, the next day's among them, by the same listing's times: none of an honest archive's
        # is read here (the next day's is read once, for its link: `_check_followed`)
        if early := there_before_over(self._archive, own, later_times, read_at, self._records_looked_back):
            raise early

    def _listed_onward(self, day: dt.date) -> DatedKeys:
        """The records listed with times for `day`'s check (`list_onward`): the listing this reader keeps
        (`_keeps_listing`: one request's, or one audit moment's) where it lists every key `day`'s would and began once
        `day` was over, else one made now, kept in its place. A record missing from a listing begun once the day was
        over was put after the day was over, so it made nothing of the day public while the day was played, and S3
        dates it after then, as a listing made now would show it (all but an upload begun before and ended after the
        listing, which a warm reader that checked the day then misses alike): a batch's days, or an audit's, are judged
        by one listing, made as the first of them is checked, from LISTED_AHEAD before it (review: a month's 31 days
        were 31 listings, each of the same keys and more)."""
        moment = self._clock() if self._as_of else None
        kept = self._listing
        after = first_listed(day)
        if kept is not None and kept.moment == moment and kept.after <= after and reveal_time(day) <= kept.begun:
            return kept.items
        if not self._keeps_listing:
            return list_onward(self._archive, day)
        begun = self._read_clock()  # before it: every record put since is missing from it
        # From LISTED_AHEAD before, so that the days before it a batch or an audit checks next are in it too, whatever
        # their order: those days' records are a few keys more, of the thousand a page
        earliest = day - LISTED_AHEAD if (day - dt.date.min) > LISTED_AHEAD else dt.date.min
        items = list_onward(self._archive, earliest)
        self._listing = _Listing(first_listed(earliest), begun, moment, items)
        return items

    def _check_next(self, day: dt.date, named: str | None, written: dt.datetime) -> None:
        following = day + dt.timedelta(days=1)
        published = self._published(following)
        if published is None:
            return
        key = revealed_key(day)
        if not published.contradicted_by(named, written):
            return
        if named is None:
            raise TamperedRecord(
                f"{key} names no next commitment, but {commitment_key(following)} was published before it",
                field="next_commitment",
            )
        raise TamperedRecord(
            f"{key} names {named} as the next day's commitment, but {commitment_key(following)}"
            f" is {published.commitment.commitment}",
            field="next_commitment",
        )

    def _check_followed(self, day: dt.date, stored: Stored, now: dt.datetime) -> dt.datetime | None:
        """The next day's record, where there is one, must link to this record's very bytes: the publisher reveals days
        in date order, each linking to the one before. Where it does not, one of the two was rewritten, and which cannot
        be told, so neither is vouched for (review: a day was fair while the next record said its record had other
        bytes). An audit reads the next record only as of its moment, as it reads every record; one that is not a
        record at all is that day's own tampering, said when that day is read. The moment checked as of (`now`), or
        None while the next day is not over, or, read now (not as of an audit's moment), while its record is not there
        yet and a run that reveals it may still write it (`next_record_awaited`): it is checked again until then."""
        following = day + dt.timedelta(days=1)
        if following >= utc_day(now):
            return None
        after = record_of(self._archive, following, self._records_looked_back)
        if after is None or (self._as_of and _dated_after(after.witnessed, after.modified, now)):
            # Until every run that reveals the next day has ended, its record may still be written: read now, it is
            # checked again (review: a warm reader that read the day in the minutes after midnight, before that record
            # was there, kept giving the day once the record disputed it). An audit's moment is checked once: a record
            # written after it is not read as of it, whenever it is read.
            return None if not self._as_of and next_record_awaited(day, now) else now
        try:
            link = read_document(RevealedRecord, revealed_key(following), after.data, following, "a revealed record")
        except TamperedRecord:
            return now
        key = revealed_key(day)
        if link.previous is None or link.previous.date != day:
            raise TamperedRecord(
                f"{revealed_key(following)} does not link to {key}, the record before it: one of the two was rewritten",
                field="previous",
            )
        if link.previous.sha256 != sha256_hex(stored.data):
            raise TamperedRecord(
                f"{revealed_key(following)} links to {key} with other bytes (SHA-256 {link.previous.sha256}): one of"
                " the two was rewritten",
                field="previous",
            )
        return now

    def _check_link(self, day: dt.date, link: ChainLink, commitment: str) -> _Linked:
        """The record `link` names, once it holds: there with those bytes, of another secret, naming this commitment."""
        key = revealed_key(day)
        if link.date >= day:
            raise TamperedRecord(f"{key} links forward to {link.date}", field="previous")
        linked = self._linked(day, link)
        before = linked.record
        # A record revealing this day's secret counts too, whatever commitment it names, where S3 dates it before this
        # day was over, as `record_gives_away` counts one, here whatever day it is under: `_check_earlier` reads those
        # of the DAYS_LOOKED_BACK days before alone (review: one put under a missed day revealed the day's secret, and a
        # roll of the day was fair)
        revealed = seal_of(bytes.fromhex(before.secret)) == commitment and (
            linked.written is None or linked.written < reveal_time(day)
        )
        if before.commitment == commitment or revealed:
            # One secret for two days: the earlier day's was revealed once that day was over, so whoever read it knew
            # this day's dice (review: the reader took it as fair; only an audit found it). The record linked before is
            # at hand, whatever its day; the DAYS_LOOKED_BACK days before are `_check_earlier`'s. A secret of a day
            # further back than both is the audit's alone to find, as a repeated game where it holds both days' rolls.
            raise secret_of_an_earlier_day(day, link.date, revealed_key(link.date))
        if link.date == day - dt.timedelta(days=1) and before.next_commitment not in (None, commitment):
            raise TamperedRecord(
                f"{revealed_key(link.date)} names {before.next_commitment} as the next day's commitment,"
                f" but {commitment_key(day)} is {commitment}",
                field="commitment",
            )
        return linked

    def _linked(self, day: dt.date, link: ChainLink) -> _Linked:
        """The record `link` names, which must be there with those very bytes (those of a checked one, if known)."""
        key = revealed_key(day)
        known = self._revealed.get(link.date)
        if known is not None and known.sha256 == link.sha256:
            return _Linked(known.record, known.revealed_at, known.published.witnessed)
        previous = record_of(self._archive, link.date, self._records_looked_back)
        if previous is None:
            raise TamperedRecord(f"{key} links to {revealed_key(link.date)}, which is missing", field="previous")
        if sha256_hex(previous.data) != link.sha256:
            raise TamperedRecord(f"{revealed_key(link.date)} is not the record {key} links to", field="previous")
        record = read_document(RevealedRecord, revealed_key(link.date), previous.data, link.date, "a revealed record")
        return _Linked(record, known_time(previous.modified), previous.witnessed)


# ---- what GET /daily/... and `fairdice daily show` call --------------------------------------


def daily_verdict(
    reader: ArchiveReader,
    day: dt.date | str,
    player_id: str,
    recorded: str | list[list[int]] | None = None,
) -> Verdict:
    """The verdict of one player's roll on one day, its secret taken from the archive.

    `withheld` (with `reveal_at`) for a day not over; UnknownDay for a day with no secret;
    pydantic's ValidationError for a malformed date, player id or recorded faces.
    """
    request = DailyRequest.model_validate(
        {"scheme": "daily", "date": day, "player_id": player_id, "recorded": recorded}
    )
    return verify(request, day_secrets=reader)


def revealed_request(
    reader: ArchiveReader, day: dt.date, player_id: str, recorded: str | list[list[int]] | None = None
) -> dict[str, Any] | None:
    """The daily request with its day's secret as the archive revealed it: what a browser recomputes a player's roll
    from (the verdict page's own check). None while the day is not revealed, or when the archive cannot say."""
    try:
        found = reader.lookup(day)
    except FairdiceError:
        return None
    if isinstance(found, PendingDay):
        return None
    data = {"scheme": "daily", "date": day, "player_id": player_id, "recorded": recorded, "secret": found.secret.hex()}
    return DailyRequest.model_validate(data).model_dump(mode="json", exclude_none=True)


class _DayParameter(BaseModel):
    date: Day


def daily_record(reader: ArchiveReader, day: dt.date | str) -> DayRecord:
    """`GET /daily/{date}`: the revealed record, or when it will be revealed.

    UnknownDay for a day with no secret; pydantic's ValidationError (on `date`) for a malformed date.
    """
    return reader.record(_DayParameter.model_validate({"date": day}).date)


def is_final(answer: Verdict | DayRecord) -> bool:
    """Whether a daily answer is final: its day is revealed, its commitment was published in time, and its seal
    matches. A revealed day never changes; anything else (pending, withheld, late, a seal that does not match) may
    still be looked into, so it is not kept as if it were settled.
    """
    if isinstance(answer, DayRecord):
        return answer.status == "revealed" and answer.seal == "match" and answer.commitment_in_time is True
    return answer.verdict != "withheld" and answer.checks.seal == "match" and answer.seal.in_time is True
