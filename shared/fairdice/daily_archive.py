"""The daily game's secrets (seed 004): made on their day, committed at once, revealed once it is over.

Pure logic over `fairdice.storage.ObjectStore`: the clock (`now`) and the random source are
passed in, and nothing here knows whether the stores are S3 buckets or local folders.

Layout, the same keys in S3 and on disk:

    private store   secrets/YYYY-MM-DD             the 32 raw bytes                   write-once
    public archive  commitments/YYYY-MM-DD.json    `Commitment`: SHA-256, when made   write-once
                    revealed/YYYY-MM-DD.json       `RevealedRecord`                   write-once
                    index.json                     `ArchiveIndex`                     replaced

The chain: each revealed record names the previous revealed record (the latest earlier day that
had a secret) by date and by the SHA-256 of its exact bytes; the first record names none. A day
that never had a secret (every run that day failed) is simply absent: its successor links over
it, so a gap is visible (the link's date is not the day before) but cannot hide a changed record.

`index.json` is the one object that changes: it lists the revealed days and the chain's head for
static hosting. It is derived from the write-once records (rebuilt from them on every run) and
nothing trusts it; in S3 every replaced version is kept by versioning and Object Lock.
"""

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from secrets import token_bytes
from typing import Literal, TypeVar

from pydantic import AwareDatetime, BaseModel, ConfigDict, ValidationError

from fairdice.errors import ArchiveUnavailable, TamperedRecord, UnknownDay
from fairdice.fields import Day, DaySecret, Seal
from fairdice.schemes.base import PendingDay, RevealedDay
from fairdice.schemes.daily import DailyRequest
from fairdice.seal import seal_of
from fairdice.storage import ObjectStore, Stores
from fairdice.verdict import Verdict
from fairdice.verify import verify

SECRET_BYTES = 32
SECRETS_PREFIX = "secrets/"
COMMITMENTS_PREFIX = "commitments/"
REVEALED_PREFIX = "revealed/"
INDEX_KEY = "index.json"

# Cache-Control values for the daily routes: a revealed day never changes; anything else may.
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT_LIVED = "public, max-age=60"

RandomBytes = Callable[[int], bytes]
Clock = Callable[[], dt.datetime]

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
    index_updated: bool
    head: ChainLink | None


class PublishReport(BaseModel):
    """One publisher run: today's secret, then every closed day revealed."""

    today: DayOpened
    reveal: RevealReport


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
    """The first instant a day's secret may be revealed: the next midnight UTC."""
    return dt.datetime.combine(day, dt.time(), dt.UTC) + dt.timedelta(days=1)


def _days(keys: Iterable[str], prefix: str, suffix: str) -> list[dt.date]:
    """The dates named by keys `prefix + YYYY-MM-DD + suffix`; anything else is not ours."""
    days = []
    for key in keys:
        stem = key.removeprefix(prefix).removesuffix(suffix)
        if key.startswith(prefix) and key.endswith(suffix) and _DATE.fullmatch(stem):
            try:
                days.append(dt.date.fromisoformat(stem))
            except ValueError:
                continue
    return sorted(days)


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---- lifecycle (the publisher's side) -----------------------------------------------------


def get_or_create_secret(
    secrets: ObjectStore, day: dt.date, random_bytes: RandomBytes = token_bytes
) -> tuple[bytes, bool]:
    """The day's secret and whether this call made it.

    Write-once: of concurrent creators exactly one writes; the others read back its secret, so
    a day never has two. Callers decide which day may be created (see `open_day`).
    """
    key = secret_key(day)
    existing = secrets.get(key)
    created = False
    if existing is None:
        fresh = random_bytes(SECRET_BYTES)
        if len(fresh) != SECRET_BYTES:
            raise ValueError(f"the random source gave {len(fresh)} bytes, not {SECRET_BYTES}")
        created = secrets.put_new(key, fresh)
        existing = fresh if created else secrets.get(key)
        if existing is None:
            raise ArchiveUnavailable(f"{key} was reported as existing but cannot be read; try again")
    return _whole_secret(key, existing), created


def _whole_secret(key: str, secret: bytes) -> bytes:
    if len(secret) != SECRET_BYTES:
        raise TamperedRecord(f"{key} holds {len(secret)} bytes, not {SECRET_BYTES}", field="secret")
    return secret


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
    found = fresh if published else _read_commitment(archive, day)
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

    Never early: no argument can make it reveal today or a later day. Days are revealed in date
    order, each linked to the one before, so missed runs are caught up in order; reruns and
    concurrent runs write nothing new (a loser of a write race continues from the winner's
    record). A closed day whose commitment was never published (its run died between the two
    writes and nothing ran again that day) gets it published now, with the real time, and is
    reported as late. A secret dated before the chain's head (only a wrong clock can make one)
    is an orphan: reported, never revealed, because the chain only grows at its head.
    """
    today = utc_day(now)
    archive = stores.archive
    closed = [d for d in _days(stores.secrets.list(SECRETS_PREFIX), SECRETS_PREFIX, "") if d < today]
    revealed_days = _days(archive.list(REVEALED_PREFIX), REVEALED_PREFIX, ".json")
    known = set(revealed_days)
    head = _head(archive, revealed_days[-1]) if revealed_days else None
    report = RevealReport(revealed=[], late_commitments=[], orphans=[], index_updated=False, head=None)
    for day in closed:
        if day in known:
            continue
        if head is not None and day < head[0]:
            report.orphans.append(day)
            continue
        record = _record_for(stores, day, head, now, report)
        data = record.to_bytes()
        if archive.put_new(revealed_key(day), data):
            report.revealed.append(day)
        else:
            data = _must_get(archive, revealed_key(day))
        known.add(day)
        head = (day, data)
    report.head = None if head is None else ChainLink(date=head[0], sha256=_sha256(head[1]))
    index = ArchiveIndex(revealed=sorted(known), head=report.head).to_bytes()
    if archive.get(INDEX_KEY) != index:
        archive.replace(INDEX_KEY, index)
        report.index_updated = True
    return report


def publish(stores: Stores, now: dt.datetime, random_bytes: RandomBytes = token_bytes) -> PublishReport:
    """One publisher run: open today, then reveal every closed day.

    Today first, so a day revealed in this run can name the next day's commitment.
    """
    today = open_day(stores, now, random_bytes)
    return PublishReport(today=today, reveal=reveal_closed(stores, now))


def _head(archive: ObjectStore, day: dt.date) -> tuple[dt.date, bytes]:
    return day, _must_get(archive, revealed_key(day))


def _must_get(store: ObjectStore, key: str) -> bytes:
    data = store.get(key)
    if data is None:
        raise ArchiveUnavailable(f"{key} was listed or reported as existing but cannot be read; try again")
    return data


def _record_for(
    stores: Stores, day: dt.date, head: tuple[dt.date, bytes] | None, now: dt.datetime, report: RevealReport
) -> RevealedRecord:
    secret = _whole_secret(secret_key(day), _must_get(stores.secrets, secret_key(day)))
    seal = seal_of(secret)
    commitment, published_now = _ensure_commitment(stores.archive, day, seal, now)
    if published_now:
        report.late_commitments.append(day)
    following = _read_commitment(stores.archive, day + dt.timedelta(days=1))
    return RevealedRecord(
        date=day,
        secret=secret.hex(),
        commitment=commitment.commitment,
        next_commitment=None if following is None else following.commitment,
        previous=None if head is None else ChainLink(date=head[0], sha256=_sha256(head[1])),
    )


def _read_commitment(archive: ObjectStore, day: dt.date) -> Commitment | None:
    data = archive.get(commitment_key(day))
    return None if data is None else _document(Commitment, commitment_key(day), data, day, "a commitment document")


_Dated = TypeVar("_Dated", Commitment, RevealedRecord)


def _document(kind: type[_Dated], key: str, data: bytes, day: dt.date, what: str) -> _Dated:
    """The document stored at `key`, which must be `what` for `day`; anything else is tampering."""
    try:
        found = kind.model_validate_json(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in error["loc"]) or "document"
        raise TamperedRecord(f"{key} is not {what}: {where}: {error['msg']}") from None
    if found.date != day:
        raise TamperedRecord(f"{key} is dated {found.date}", field="date")
    return found


# ---- reading the archive (the verifier's side) ----------------------------------------------


class DayRecord(BaseModel):
    """What `GET /daily/{date}` answers: a revealed day's record, or when it will be revealed."""

    date: Day
    status: Literal["revealed", "pending"]
    reveal_at: dt.datetime
    commitment: Seal | None
    commitment_published_at: dt.datetime | None
    record: RevealedRecord | None = None
    record_sha256: Seal | None = None
    seal: Literal["match", "mismatch"] | None = None


@dataclass(frozen=True)
class _Revealed:
    record: RevealedRecord
    sha256: str
    commitment: Commitment


@dataclass(frozen=True)
class _Pending:
    day: dt.date
    commitment: Commitment | None


class ArchiveReader:
    """Reads days from the public archive and checks them; scheme `daily`'s `DaySecrets`.

    A revealed record is checked before it is used: it must be dated its day, its secret must
    give its own commitment, the commitment published before the day must exist, and its link
    to the previous record must hold (that record's SHA-256, and that record's
    `next_commitment` when it is the day before). A secret that does not give the commitment
    published before is not an error but a `seal: mismatch` verdict; anything else that does
    not hold raises `TamperedRecord`. Checked records are immutable, so they are kept in
    memory (at most one small entry per revealed day).
    """

    def __init__(self, archive: ObjectStore, clock: Clock) -> None:
        self._archive = archive
        self._clock = clock
        self._revealed: dict[dt.date, _Revealed] = {}

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The revealed day, or when it will be revealed; UnknownDay for a day with no secret."""
        found = self._find(day)
        if isinstance(found, _Pending):
            return PendingDay(reveal_at=reveal_time(day))
        source = f"daily archive {revealed_key(day)}"
        if found.commitment.published_at >= reveal_time(day):
            source += f" (its commitment was published late, at {found.commitment.published_at.isoformat()})"
        return RevealedDay(
            secret=bytes.fromhex(found.record.secret), commitment=found.commitment.commitment, source=source
        )

    def record(self, day: dt.date) -> DayRecord:
        """The day as `GET /daily/{date}` shows it; UnknownDay for a day with no secret."""
        found = self._find(day)
        if isinstance(found, _Pending):
            return DayRecord(
                date=day,
                status="pending",
                reveal_at=reveal_time(day),
                commitment=None if found.commitment is None else found.commitment.commitment,
                commitment_published_at=None if found.commitment is None else found.commitment.published_at,
            )
        matches = found.record.commitment == found.commitment.commitment
        return DayRecord(
            date=day,
            status="revealed",
            reveal_at=reveal_time(day),
            commitment=found.commitment.commitment,
            commitment_published_at=found.commitment.published_at,
            record=found.record,
            record_sha256=found.sha256,
            seal="match" if matches else "mismatch",
        )

    def _find(self, day: dt.date) -> _Revealed | _Pending:
        cached = self._revealed.get(day)
        if cached is not None:
            return cached
        today = utc_day(self._clock())
        if day > today:
            raise UnknownDay(
                f"no secret exists yet for {day}: a day's secret is made at 00:00 UTC that day"
                " and revealed once the day is over",
                field="date",
            )
        # Never early, here too: a day not over is pending whatever the archive holds.
        data = self._archive.get(revealed_key(day)) if day < today else None
        if data is None:
            commitment = _read_commitment(self._archive, day)
            if commitment is None and day < today:
                raise UnknownDay(f"the daily archive has no secret for {day}", field="date")
            return _Pending(day, commitment)
        checked = self._check(day, data)
        self._revealed[day] = checked
        return checked

    def _check(self, day: dt.date, data: bytes) -> _Revealed:
        key = revealed_key(day)
        record = _document(RevealedRecord, key, data, day, "a revealed record")
        if seal_of(bytes.fromhex(record.secret)) != record.commitment:
            raise TamperedRecord(f"{key}: its secret does not give its own commitment", field="secret")
        commitment = _read_commitment(self._archive, day)
        if commitment is None:
            raise TamperedRecord(f"{key} exists but {commitment_key(day)}, published before the day, does not")
        if record.previous is not None:
            self._check_link(day, record.previous, commitment)
        return _Revealed(record=record, sha256=_sha256(data), commitment=commitment)

    def _check_link(self, day: dt.date, link: ChainLink, commitment: Commitment) -> None:
        key = revealed_key(day)
        if link.date >= day:
            raise TamperedRecord(f"{key} links forward to {link.date}", field="previous")
        previous = self._archive.get(revealed_key(link.date))
        if previous is None:
            raise TamperedRecord(f"{key} links to {revealed_key(link.date)}, which is missing", field="previous")
        if _sha256(previous) != link.sha256:
            raise TamperedRecord(f"{revealed_key(link.date)} is not the record {key} links to", field="previous")
        if link.date == day - dt.timedelta(days=1):
            before = _document(RevealedRecord, revealed_key(link.date), previous, link.date, "a revealed record")
            if before.next_commitment not in (None, commitment.commitment):
                raise TamperedRecord(
                    f"{revealed_key(link.date)} names {before.next_commitment} as the next day's commitment,"
                    f" but {commitment_key(day)} is {commitment.commitment}",
                    field="commitment",
                )


# ---- what the verify API's daily routes call -----------------------------------------------


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


class _DayParameter(BaseModel):
    date: Day


def daily_record(reader: ArchiveReader, day: dt.date | str) -> DayRecord:
    """`GET /daily/{date}`: the revealed record, or when it will be revealed.

    UnknownDay for a day with no secret; pydantic's ValidationError (on `date`) for a malformed date.
    """
    return reader.record(_DayParameter.model_validate({"date": day}).date)


def cache_control(result: Verdict | DayRecord) -> str:
    """The Cache-Control header for a daily route's answer: long-lived only once it cannot change."""
    if isinstance(result, DayRecord):
        final = result.status == "revealed" and result.seal == "match"
    else:
        final = result.verdict != "withheld" and result.checks.seal == "match"
    return IMMUTABLE if final else SHORT_LIVED
