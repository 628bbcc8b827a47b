"""The archive's layout: where each thing is kept, the documents published, and the days they name.

The same keys in S3 and on disk:

    private store   secrets/YYYY-MM-DD             the 32 raw bytes                   write-once
    public archive  commitments/YYYY-MM-DD.json    `Commitment`: SHA-256, when made   write-once
                    revealed/YYYY-MM-DD.json       `RevealedRecord`                   write-once
                    index.json                     `ArchiveIndex`                     replaced

The chain: each revealed record names the previous revealed record (the latest earlier day that
had a secret) by date and by the SHA-256 of its exact bytes; the first record names none. A day
that never had a secret (every run that day failed) is simply absent: its successor links over
it, so a gap is visible (the link's date is not the day before) but cannot hide a changed record.
Nor a committed one: the record before a day names that day's commitment whenever it was there as
the record was written, and one written on that day always does (the runs publish the day's
commitment first); a record that names one, or was written then, is never linked over, nor its
next day read as one without a secret when that commitment is gone.

A commitment proves the day's secret was fixed before the day's play only if it was published in
time: from 00:00 UTC to COMMITMENT_GRACE after, by the archive object's own timestamp (S3's
LastModified, a file's modification time), never by a time the publisher writes into it. Not
before the day either: a secret made before its day could have been chosen for the rolls it gives
(the publisher only ever makes today's, so a secret or commitment older than its day was put
there by someone else).

`index.json` is the one object that changes: it lists the revealed days and the chain's head for
static hosting. It is derived from the write-once records (rebuilt from them on every run) and
nothing trusts it; in S3 every replaced version is kept by versioning and Object Lock.
"""

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

from pydantic import AwareDatetime, BaseModel, ConfigDict, ValidationError

from fairdice import json_input
from fairdice.errors import ArchiveUnavailable, RepeatedKey, TamperedRecord
from fairdice.fields import Day, DaySecret, Seal
from fairdice.prose import quoted, utc_time
from fairdice.seal import seal_of
from fairdice.storage import NOT_KNOWN, DatedKeys, ObjectStore, Stored

SECRET_BYTES = 32
# The publisher's runs at 00:00 and 00:05 UTC, retries included, all end before this (template.yaml).
COMMITMENT_GRACE = dt.timedelta(minutes=15)
GRACE_MINUTES = COMMITMENT_GRACE.seconds // 60  # the grace as the messages and the pages say it
GRACE_ENDS = f"{dt.datetime.min + COMMITMENT_GRACE:%H:%M}"  # when the grace ends, as a time of day: 00:15
# How soon a write S3 dates at a moment is seen, by a clock that may run ahead of S3's (the publisher allows 2 seconds):
# a write S3 dates in a moment's last instant may be seen a little later. What is not there as read at a moment was not
# written before this long before it.
SEEN_WITHIN = dt.timedelta(minutes=1)
SECRETS_PREFIX = "secrets/"
COMMITMENTS_PREFIX = "commitments/"
REVEALED_PREFIX = "revealed/"
INDEX_KEY = "index.json"

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


# ---- the archive's documents ---------------------------------------------------------------


class _Document(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def to_bytes(self) -> bytes:
        """The canonical bytes stored in the archive (compact JSON, fields in declared order)."""
        return self.model_dump_json().encode()


class Commitment(_Document):
    """`commitments/YYYY-MM-DD.json`: the day's SHA-256, published when its secret was made."""

    date: Day
    commitment: Seal
    published_at: AwareDatetime


class ChainLink(_Document):
    """A revealed record named by its date and the SHA-256 of its exact bytes."""

    date: Day
    sha256: Seal


class RevealedRecord(_Document):
    """`revealed/YYYY-MM-DD.json`: a closed day's secret, linked into the chain."""

    date: Day
    secret: DaySecret
    commitment: Seal
    next_commitment: Seal | None
    previous: ChainLink | None


class ArchiveIndex(_Document):
    """`index.json`: every revealed day, ascending, and the chain's latest record."""

    revealed: list[Day]
    head: ChainLink | None


# ---- keys and days ---------------------------------------------------------------------------


def secret_key(day: dt.date) -> str:
    """Where the private store keeps a day's secret."""
    return f"{SECRETS_PREFIX}{day.isoformat()}"


def commitment_key(day: dt.date) -> str:
    """Where the archive publishes a day's commitment."""
    return f"{COMMITMENTS_PREFIX}{day.isoformat()}.json"


def revealed_key(day: dt.date) -> str:
    """Where the archive publishes a day's revealed record."""
    return f"{REVEALED_PREFIX}{day.isoformat()}.json"


def utc_day(now: dt.datetime) -> dt.date:
    """The UTC date of an aware datetime (a naive one is refused: its day would be a guess)."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("the clock must give timezone-aware datetimes")
    return now.astimezone(dt.UTC).date()


def reveal_time(day: dt.date) -> dt.datetime:
    """The first instant a day's secret may be revealed: the next midnight UTC.

    The calendar's last day (9999-12-31) has none: OverflowError. A day the clock has reached is never that one;
    a date a request names may be, and `reveal_time_if_any` answers it."""
    return dt.datetime.combine(day, dt.time(), dt.UTC) + dt.timedelta(days=1)


def reveal_time_if_any(day: dt.date) -> dt.datetime | None:
    """`reveal_time`, or None for 9999-12-31, whose next midnight no datetime can hold."""
    return None if day == dt.date.max else reveal_time(day)


def day_start(day: dt.date) -> dt.datetime:
    """00:00 UTC of a day: nothing of the day (its secret, its commitment) is made before it."""
    return dt.datetime.combine(day, dt.time(), dt.UTC)


def commitment_deadline(day: dt.date) -> dt.datetime:
    """The last instant a day's commitment counts as published before the day's play: 00:00 UTC + the grace."""
    return day_start(day) + COMMITMENT_GRACE


def commitment_missed(day: dt.date, read_at: dt.datetime) -> bool:
    """Whether a day's commitment not there when the archive was read at `read_at` was missed: one published from then
    on is late. From SEEN_WITHIN after the grace, so that one S3 dates in the grace's last instant, seen a little later,
    is not called missed. One rule for the game's route and the readers."""
    return read_at > commitment_deadline(day) + SEEN_WITHIN


def publication(day: dt.date, published_at: dt.datetime) -> Literal["early", "in_time", "late"]:
    """When a day's commitment was published, against the window in which it shows the secret was fixed before the
    day's play (from 00:00 UTC to COMMITMENT_GRACE after): before the day began, in it, or after it. By the time
    alone: whether a store's time is a witness is `Stored.witnessed`'s to say."""
    if published_at < day_start(day):
        return "early"
    return "in_time" if published_at <= commitment_deadline(day) else "late"


def published_out_of_time(timing: Literal["early", "late"], published_at: dt.datetime) -> str:
    """A commitment published out of its window (`publication`), in words: `published at 2025-03-01 00:20:00 UTC, after
    the 15 minutes after 00:00 UTC it had`, or `…, before its day began`; one wording for the verifier's caveats, the
    game's route and the watchdog, each of which names the commitment and says what follows."""
    if timing == "early":
        return f"published at {utc_time(published_at)}, before its day began"
    return f"published at {utc_time(published_at)}, after the {GRACE_MINUTES} minutes after 00:00 UTC it had"


_NOT_LOCKED = "not kept under S3 Object Lock in compliance mode"


def not_kept(what: str, *, revealed: bool) -> str:
    """What a commitment (and, once revealed, its record) the archive does not keep under Object Lock in compliance mode
    leaves open, in words: `what is not kept under S3 Object Lock in compliance mode, so it may be deleted and another
    shown in its place` before the day is revealed, `…, so another version may have been shown and deleted` once it is;
    one wording for the verifier's reasons and the day's record page, each of which names what is not kept and says
    what follows."""
    if revealed:
        return f"{what} is {_NOT_LOCKED}, so another version may have been shown and deleted"
    return f"{what} is {_NOT_LOCKED}, so it may be deleted and another shown in its place"


def revealed_in_time(day: dt.date, stored: Stored) -> bool | None:
    """Whether a day's record was written after its day was over (SPEC: never early), by the store's own time: None
    where that time is no witness (a folder's, an emulator's), False where the store gives none (a multipart upload or
    a replica: nothing shows it). The publisher reveals a day only once it is over, so a record for which this is
    False was written by someone else, or nothing shows it was not. One rule for the readers, the watchdog (through
    them) and the publisher's check of the chain's head."""
    return written_once_over(day, stored) if stored.witnessed else None


def written_once_over(day: dt.date, stored: Stored) -> bool:
    """Whether the store's own time for a day's record, a witness or not, is after the day was over (not where it gives
    none): the publisher's runs judge by it whether a record is one a run could have written."""
    return stored.modified != NOT_KNOWN and stored.modified >= reveal_time(day)


def reveal_deadline(day: dt.date) -> dt.datetime:
    """The last instant a closed day's record may still be missing: the publisher's runs that reveal it (those of the
    next day, which commit the next day first) all end within the next day's commitment grace."""
    return reveal_time(day) + COMMITMENT_GRACE


def next_record_awaited(day: dt.date, now: dt.datetime) -> bool:
    """Whether the next day's record, which names `day`'s record by its bytes, may still be written at `now`: a run
    that reveals the next day has not ended (`reveal_deadline`)."""
    return now <= reveal_deadline(day + dt.timedelta(days=1))


# How many days before a day its commitment is compared with, by the game's route (which gives no roll of the day) and
# by the archive's readers (which answer the day `tampered_record`): a commitment to the secret of any of them gives
# every roll of the day away, as that day's record makes its secret public once that day is over. Eight: the day
# before, and a week the publisher missed after it. One number for both, so that a day the route refuses is never fair
# to a reader. A secret from further back is not looked for, by either.
DAYS_LOOKED_BACK = 8


def days_looked_back(day: dt.date) -> list[dt.date]:
    """The DAYS_LOOKED_BACK days before `day`, the latest first (none before the calendar's first)."""
    return [day - dt.timedelta(days=back) for back in range(1, min(DAYS_LOOKED_BACK, (day - dt.date.min).days) + 1)]


def days_in(keys: Iterable[str], prefix: str, suffix: str) -> list[dt.date]:
    """The dates named by keys `prefix + YYYY-MM-DD + suffix`, ascending; anything else is not ours."""
    days = []
    for key in keys:
        stem = key.removeprefix(prefix).removesuffix(suffix)
        if key.startswith(prefix) and key.endswith(suffix) and _DATE.fullmatch(stem):
            try:
                days.append(dt.date.fromisoformat(stem))
            except ValueError:
                continue
    return sorted(days)


def revealed_days(archive: ObjectStore) -> list[dt.date]:
    """The days whose revealed record the archive lists, ascending (one ListObjectsV2 of revealed/)."""
    return days_in(archive.list(REVEALED_PREFIX), REVEALED_PREFIX, ".json")


def first_listed(day: dt.date) -> str:
    """Where the listing of `day`'s records looked back to and onward begins (StartAfter): before the first of the
    DAYS_LOOKED_BACK days before `day`, or `day` itself for the calendar's first."""
    looked_back = days_looked_back(day)
    first = looked_back[-1] if looked_back else day
    return revealed_key(first - dt.timedelta(days=1)) if first > dt.date.min else REVEALED_PREFIX


def records_listed_back(archive: ObjectStore, day: dt.date) -> dict[dt.date, dt.datetime]:
    """The game's route's listing: which of the DAYS_LOOKED_BACK days before `day`, `day` itself and every later day the
    archive lists a record for, each with the listing's time for it (NOT_KNOWN where it gives none of the store's own):
    one ListObjectsV2 of revealed/ from the first of them on (StartAfter) through the calendar's last day's key. Keys
    between theirs (none the publisher writes) are listed still. The publisher writes no record of `day` or any later
    day before `day` is over (`there_before_over`), so while it is played an honest archive lists nothing after the day
    before's (no page more). Keys put after it by someone else are listed to the last that sorts no later than
    `revealed/9999-12-31.json`, page after page within the one call; those sorting past every date's key cost one page
    at most. The readers list the same days with times (`records_dated_onward`)."""
    looked_back = days_looked_back(day)
    listed = list_onward(archive, day)
    return {
        found: when
        for key, when, _ in listed
        for found in days_in([key], REVEALED_PREFIX, ".json")
        if found in looked_back or found >= day
    }


def records_dated_onward(archive: ObjectStore, day: dt.date) -> tuple[set[dt.date], dict[dt.date, dt.datetime]]:
    """The readers' listing: which of the DAYS_LOOKED_BACK days before `day`, `day` itself and every later day the
    archive lists a record for, as `records_listed_back`, in its one ListObjectsV2 (`list_dated`), and the
    store's time for each record of a day after `day` (NOT_KNOWN where the listing gives none of the store's own):
    the publisher writes no record of a day after `day` before `day` is over (`there_before_over`). An
    honest archive lists every record after the first day looked back to, a page a thousand days."""
    return dated_onward(day, list_onward(archive, day))


def list_onward(archive: ObjectStore, day: dt.date) -> DatedKeys:
    """The one ListObjectsV2 of revealed/, with times, that `records_dated_onward` reads for `day`: from the first of
    the DAYS_LOOKED_BACK days before it on (`first_listed`), through the calendar's last day's key."""
    return archive.list_dated(REVEALED_PREFIX, first_listed(day), revealed_key(dt.date.max))


def dated_onward(day: dt.date, listed: DatedKeys) -> tuple[set[dt.date], dict[dt.date, dt.datetime]]:
    """`records_dated_onward` of a listing made for `day` or for an earlier one (`list_onward`): it lists every key
    `day`'s would, and the keys before them, which are left out here."""
    looked_back = days_looked_back(day)
    found_listed, times = set(), {}
    for key, when, _ in listed:
        for found in days_in([key], REVEALED_PREFIX, ".json"):
            if found in looked_back or found >= day:
                found_listed.add(found)
            if found > day:
                times[found] = when
    return found_listed, times


def whole_secret(key: str, secret: bytes) -> bytes:
    """A day's secret as kept at `key`: exactly SECRET_BYTES, or the store was tampered with."""
    if len(secret) != SECRET_BYTES:
        raise TamperedRecord(f"{key} holds {len(secret)} bytes, not {SECRET_BYTES}", field="secret")
    return secret


def made_on_its_day(key: str, day: dt.date, stored: Stored | None) -> bytes:
    """The secret kept at `key` for `day`, which must be whole and written on its day or later.

    The publisher makes a day's secret only once the day has begun (`open_day`), so one the store
    dates before 00:00 UTC of its day was put there by someone else, who could have chosen it for
    the rolls it gives: TamperedRecord, never committed to in time. (A later run reveals it, with a
    commitment published then, late: see `_publish_commitment`.) One rule for the publisher's runs
    and the game's route, which gives no roll from such a secret.
    """
    if stored is None:
        raise ArchiveUnavailable(f"{key} was listed or reported as existing but cannot be read; try again")
    if stored.modified < day_start(day):
        raise TamperedRecord(
            f"{key} was written at {utc_time(stored.modified)}, before its day began: the publisher"
            " makes a day's secret on its day, so this one was put there by someone else",
            field="secret",
        )
    return whole_secret(key, stored.data)


def sha256_hex(data: bytes) -> str:
    """The SHA-256 a chain link names a record's exact bytes by."""
    return hashlib.sha256(data).hexdigest()


# ---- reading documents back (both sides) ------------------------------------------------------


@dataclass(frozen=True)
class Published:
    """A day's commitment document, when the archive itself says it was published, and whether that time is one no
    writer could set (`Stored.witnessed`: S3's LastModified, not a file's time)."""

    commitment: Commitment
    published_at: dt.datetime
    witnessed: bool
    # `Stored.locked_until`: kept whatever anyone asks until then, so no other version was shown in its place
    locked_until: dt.datetime | None = None

    def contradicted_by(self, named: str | None, written: dt.datetime) -> bool:
        """Whether a record of the day before, written at `written` and naming `named` as the next day's commitment,
        contradicts this one, as only a record the publisher did not write does. The publisher names the next day's
        commitment whenever it is there as it writes a record; but one published late may come between an overlapping
        run's reading and its writing (review: an honest catch-up beside a run by hand was called tampered), even one
        dated before its day ended (a write begun in the day's last moment is dated then, and seen once it ends), and a
        late one loses nothing: it shows nothing of the day's play. One rule for readers and the publisher's check of
        the head."""
        if named is None:
            return self.published_at < written and publication(self.commitment.date, self.published_at) != "late"
        return named != self.commitment.commitment

    @property
    def in_time(self) -> bool:
        """Whether it was published from 00:00 UTC to the grace after, before the day's play (and not before the day
        began), by a witnessed time."""
        return self.witnessed and publication(self.commitment.date, self.published_at) == "in_time"


def earlier_day_giving_away(
    archive: ObjectStore,
    own: Published,
    listed: Collection[dt.date],
    commitment_of: Callable[[dt.date], Published | None],
    kept: dict[dt.date, Stored],
) -> tuple[dt.date, str] | None:
    """Of the DAYS_LOOKED_BACK days before `own`'s, the latest that gives its dice away (`gives_away`), and the key that
    shows it; None where none does. `listed`: the days whose record the archive lists there (`records_listed_back`: one
    ListObjectsV2, once a look), each judged, read once (`record_of`, into `kept`: a record never changes once S3 dates
    it, so a warm caller reads only those listed since), whatever its day's commitment says or when it was published:
    whoever holds the publisher's keys can put a commitment in a day's grace with no real secret behind it (or an honest
    day's reveal fails), then that day's record revealing a later day's secret during that day, or before it began
    (review: the commitment in time, the record was never read; the game's route gave the day's rolls all day and the
    readers called the day fair). `commitment_of(day)` is the caller's reading of a day's commitment (None: not there,
    or no document). One rule for the game's route and the readers."""
    for day in days_looked_back(own.commitment.date):
        if shown_by := gives_away(archive, own, day, commitment_of(day), kept, listed):
            return day, shown_by
    return None


def gives_away(
    archive: ObjectStore,
    own: Published,
    day: dt.date,
    earlier: Published | None,
    kept: dict[dt.date, Stored],
    listed: Collection[dt.date],
) -> str | None:
    """Where `day`, one of the DAYS_LOOKED_BACK days before `own`'s, gives that day's dice away, the key that shows it
    (that day's commitment `earlier`, or its record); None where it does not. `listed`: the days looked back to whose
    record the archive lists (`earlier_day_giving_away`); such a record is read once (`record_of`, into `kept`), and
    counts wherever it reveals `own`'s secret and the archive dates it before `own`'s day is over (`record_gives_away`),
    whatever that day's commitment says, and whenever it was published: not there, no document (None: `day`'s own
    tampering), to another secret, or in its own day's grace (review: a commitment put in its day's grace with no real
    secret behind it, then its record revealing a later day's secret put during that day or before it began, left that
    day's rolls given all day and fair, the record never read). A commitment of `day` equal to `own`'s gives the day
    away where the archive dates it before `own`, as its record makes that secret public, or gives no time for either,
    or where its times are no witness (review: NOT_KNOWN, later than any moment, was taken as dated after). One dated
    after `own` with no record by then was put there once the day's secret was fixed, by whoever holds the publisher's
    keys under a day the publisher missed: it reveals nothing of the day, and counting it would let them make an honest
    day look tampered (review); beside it a record counts only where it reveals that secret, or is no record the
    publisher writes (nothing shows what it reveals), and names the commitment: a run catching up a missed day
    publishes its commitment late and reveals it at once. Beside any other, a record that is no record counts for
    nothing: two broken files, or a forged commitment beside a broken record, must not refuse an honest day. One rule
    for the game's route and the readers."""
    equal = earlier is not None and earlier.commitment.commitment == own.commitment.commitment
    if equal and earlier is not None:
        dated = own.witnessed and earlier.witnessed and earlier.published_at != NOT_KNOWN
        if not dated or earlier.published_at < own.published_at:
            return commitment_key(day)
    if day not in listed or not record_gives_away(own, day, record_of(archive, day, kept), unreadable=equal):
        return None
    return commitment_key(day) if equal else revealed_key(day)


def record_gives_away(own: Published, day: dt.date, stored: Stored | None, *, unreadable: bool) -> bool:
    """Whether `stored`, the record of `day` as read (None: not there), one of the DAYS_LOOKED_BACK days before `own`'s,
    made `own`'s secret public before `own`'s day was over: the archive dates it before then (or gives no time for it),
    and the secret it reveals gives `own`'s commitment, whatever the record's own commitment says. One that is no record
    the publisher writes answers `unreadable`, chosen on purpose: True beside a commitment of `day` equal to `own`'s
    (`gives_away`: nothing shows what it reveals), False where `day`'s commitment is no document, not there, or to
    another secret: nothing shows it committed to `own`'s secret, and two broken files, or a forged
    commitment beside a broken record, which whoever holds the publisher's keys may put under a missed day, must not
    refuse an honest day. One rule for the game's route and the readers; the record is the caller's to
    read, so that a reader may keep it (a record never changes once S3 dates it)."""
    if stored is None or written_once_over(own.commitment.date, stored):
        return False
    try:
        record = read_document(RevealedRecord, revealed_key(day), stored.data, day, "a revealed record")
    except TamperedRecord:
        return unreadable
    return seal_of(bytes.fromhex(record.secret)) == own.commitment.commitment


def record_of(archive: ObjectStore, day: dt.date, kept: dict[dt.date, Stored]) -> Stored | None:
    """The record of `day` (a day looked back to, the day looked at, one it links to or a later day's listed), read once
    there and kept in `kept`: a record never changes once S3 dates it (review: the game's route read one again every
    LOOK_AGAIN all day, and the readers at each later day's check). One not there is read again, as it may still be
    written."""
    stored = kept.get(day)
    if stored is None:
        stored = archive.read(revealed_key(day))
        if stored is not None:
            kept[day] = stored
    return stored


def there_before_over(
    archive: ObjectStore,
    own: Published,
    dated: Mapping[dt.date, dt.datetime],
    listed_at: dt.datetime,
    kept: dict[dt.date, Stored],
) -> TamperedRecord | None:
    """The refusal of `own`'s day where a record `dated` holds (the days listed, each with the listing's time for it:
    NOT_KNOWN where it gives none of the store's own) was there before that day was over: listed at `listed_at`, before
    then (the game's route lists while the day is played: nothing is read, the listing alone refuses, but a record it
    dates once the day was over, as a listing begun in the day's last moment and answered after midnight dates the day's
    own, is read, and not counted where the store's witnessed time shows it written then: `_written_once_over`), or
    dated before then by the listing's time, or, listed with no time of the store's own, revealing `own`'s secret as
    read (`record_gives_away`; one read is kept in `kept`). The publisher writes a day's record once that day is over,
    and in date order, so a record of the day or a later day there before then was put by someone else, who may have
    made the day's secret public while it was played, the next day's record revealing it with a link to the bytes of the
    day's record, which they could compute in advance (review: the day's own record put at 09:00, or the next day's, or
    one under the day after the next or 300 days on, put during the day or before it began, left the game's route giving
    the day's rolls all day and the readers answering the day fair). Which is named: listed before then, the earliest
    listed (but those cleared so); else the earliest dated before then, ahead of any listed with no time, even an
    earlier one revealing the secret, as the listing's times prove it with nothing read (none with no time is read
    then); else the earliest with no time revealing the secret. None where none was; those dated after the day was over
    are not read (but by a listing begun before then, as above), nor are any of an honest archive but then. The game's
    route asks it of the day's own record and every later day's; the readers of every later day's (the day's own they
    judge by `revealed_in_time`). One rule for both."""
    day = own.commitment.date
    over = reveal_time(day)
    if listed_at < over:
        for early, when in sorted(dated.items()):
            if over <= when != NOT_KNOWN and _written_once_over(archive, own, early, kept):
                continue
            return TamperedRecord(
                f"{revealed_key(early)} is there before {day} is over: the publisher writes a day's record once that"
                f" day is over, so this one was put there by someone else, and may make {day}'s secret public",
                field="secret",
            )
    for later, when in sorted(dated.items()):
        if when != NOT_KNOWN and when < over:
            return _put_before_over(later, day, f"was written at {utc_time(when)}, before {day} was over")
    for later, when in sorted(dated.items()):
        if when == NOT_KNOWN and record_gives_away(own, later, record_of(archive, later, kept), unreadable=False):
            return _put_before_over(later, day, f"reveals the secret of {day}, and S3 gives no time of its own for it")
    return None


def _written_once_over(archive: ObjectStore, own: Published, later: dt.date, kept: dict[dt.date, Stored]) -> bool:
    """Whether the record of `later`, which a listing begun before `own`'s day was over dates once it was over, was
    written then, by the store's own time as read, a witness (`written_once_over`; read once, into `kept`): the listing
    was answered after midnight, once the next day's midnight run had revealed the day (review: a request at 23:59:59
    whose listing S3 answered after that run was a 502 tampered_record). A listing's time is no witness (a replica's is
    its source's), so it is read; none is read of an honest archive but then."""
    stored = record_of(archive, later, kept)
    return stored is not None and stored.witnessed and written_once_over(own.commitment.date, stored)


def _put_before_over(later: dt.date, day: dt.date, said: str) -> TamperedRecord:
    return TamperedRecord(
        f"{revealed_key(later)} {said}: the publisher writes a day's record once that day is over, so it was put there"
        f" by someone else, who may have made {day}'s secret public while it was played",
        field="secret",
    )


def secret_of_an_earlier_day(day: dt.date, earlier: dt.date, shown_by: str, then: str = "") -> TamperedRecord:
    """The refusal of `day`'s commitment to the secret of `earlier`, a day before it (`gives_away`): that
    day's record makes the secret public once that day is over, so whoever reads it knows every roll of `day`.
    `shown_by` is the key found to commit to it too (that day's commitment, or its record), `then` what follows for
    the one asking. One wording for the game's route and the readers, where each had its own."""
    return TamperedRecord(
        f"{commitment_key(day)} commits to the secret of {earlier}, as {shown_by} does: that day's record makes it"
        f" public once that day is over, so whoever reads it knows every roll of {day}{then}",
        field="commitment",
    )


COMMITMENT_MOST = 256  # bytes: room to spare over the 146 the publisher writes at most
_PADDING = re.compile(rb"[\s\\]")  # JSON's whitespace between tokens, or an escape in a string: none in the publisher's


def read_published(archive: ObjectStore, day: dt.date) -> Published | None:
    """The day's commitment and the archive's own time for it; None if there is none; TamperedRecord if not one."""
    stored = archive.read(commitment_key(day))
    if stored is None:
        return None
    return Published(_commitment(stored.data, day), stored.modified, stored.witnessed, stored.locked_until)


def read_commitment(archive: ObjectStore, day: dt.date) -> Commitment | None:
    """The day's published commitment, or None if there is none; TamperedRecord if it is not one."""
    data = archive.get(commitment_key(day))
    return None if data is None else _commitment(data, day)


def _commitment(data: bytes, day: dt.date) -> Commitment:
    """The day's commitment document from its bytes, read alike by every reader (the verifier's, the publisher's, the
    game's route): TamperedRecord if it is not one, or not written as the publisher writes one."""
    document = read_document(Commitment, commitment_key(day), data, day, "a commitment document")
    if len(data) > COMMITMENT_MOST or _PADDING.search(data):
        # The publisher writes a commitment compact, its fields alone (`to_bytes`: 139 to 146 bytes). One padded (spaces
        # between its fields, escapes in its strings) can be sent slowly, its commitment last, and S3 may date an object
        # by when its upload began: dated in time, its secret chosen after the day's play began (review). Judged by its
        # bytes, not by writing the document again: another pydantic may write a time otherwise, and no archive's day
        # may turn tampered with an upgrade.
        raise TamperedRecord(
            f"{commitment_key(day)} is not written as the publisher writes a commitment: compact JSON of at most"
            f" {COMMITMENT_MOST} bytes, without spaces or escapes"
        )
    return document


_Dated = TypeVar("_Dated", Commitment, RevealedRecord)


def read_document(kind: type[_Dated], key: str, data: bytes, day: dt.date, what: str) -> _Dated:
    """The document stored at `key`, which must be `what` for `day`; anything else is tampering. A key given twice in
    one object is too: pydantic takes its last value, another reader (or a person reading the file) may take the
    first, so the commitment or secret shown could be another than the one verified, as in a request (review)."""
    try:
        json_input.loads(data)
    except RepeatedKey as exc:
        raise TamperedRecord(
            f"{key} is not {what}: it gives the key {quoted(exc.key)} more than once in one object"
        ) from None
    except (ValueError, RecursionError):
        pass  # not JSON: pydantic's validation says what is wrong, below
    try:
        found = kind.model_validate_json(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in error["loc"]) or "document"
        raise TamperedRecord(f"{key} is not {what}: {where}: {error['msg']}") from None
    if found.date != day:
        raise TamperedRecord(f"{key} is dated {found.date}", field="date")
    return found
