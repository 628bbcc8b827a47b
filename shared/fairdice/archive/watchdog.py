"""The daily archive's watchdog: is today committed in time, is yesterday revealed? Read-only.

A missed night is otherwise noticed by players. The watchdog runs after the commitment grace
(00:15 UTC) and again later (00:30); each answer becomes a metric of 1 or 0 that an alarm watches.
An alarm on a metric that stops arriving cannot say "by 00:15": these answers can.

Pure logic over `fairdice.storage.ObjectStore` (the public archive only): the clock is passed in,
nothing is written, and no secret is ever read (the private store is not even given).
"""

import datetime as dt

from pydantic import AwareDatetime, BaseModel, ValidationError

from fairdice.archive.layout import (
    COMMITMENT_GRACE,
    COMMITMENTS_PREFIX,
    Commitment,
    RevealedRecord,
    commitment_deadline,
    commitment_key,
    days_in,
    revealed_key,
    utc_day,
)
from fairdice.fields import Day
from fairdice.storage import ObjectStore


class ArchiveCheck(BaseModel):
    """What the watchdog found: the two answers and, for the log, why an answer is no."""

    checked_at: AwareDatetime
    today: Day
    today_committed: bool
    yesterday: Day
    yesterday_revealed: bool
    problems: list[str]

    @property
    def healthy(self) -> bool:
        """Whether both answers are yes."""
        return self.today_committed and self.yesterday_revealed


def check_archive(archive: ObjectStore, now: dt.datetime) -> ArchiveCheck:
    """Whether today's (UTC, from `now`) commitment and yesterday's revealed record are in the archive.

    Each must be there and be the document it should be, dated its day; today's commitment must also have
    been published within the grace after 00:00 UTC, by the archive's own timestamp (a late one shows
    nothing about the day's play: every verdict of the day is at most incomplete). A day before the archive's
    first commitment had no secret to reveal: yesterday counts as revealed on a stack that began
    today. ArchiveUnavailable when the archive cannot be read: then there is no answer at all.
    """
    today = utc_day(now)
    yesterday = today - dt.timedelta(days=1)
    stored = archive.read(commitment_key(today))
    commitment = _problem(None if stored is None else stored.data, commitment_key(today), Commitment, today)
    if commitment is None and stored is not None and stored.modified > commitment_deadline(today):
        commitment = (
            f"{commitment_key(today)} was published at {stored.modified:%H:%M:%S} UTC, more than"
            f" {COMMITMENT_GRACE.seconds // 60} minutes after 00:00 UTC"
        )
    record = archive.get(revealed_key(yesterday))
    if record is None and _first_commitment(archive) in (None, today):
        revealed = None  # the archive begins today: there was nothing to reveal
    else:
        revealed = _problem(record, revealed_key(yesterday), RevealedRecord, yesterday)
    return ArchiveCheck(
        checked_at=now.astimezone(dt.UTC),
        today=today,
        today_committed=commitment is None,
        yesterday=yesterday,
        yesterday_revealed=revealed is None,
        problems=[problem for problem in (commitment, revealed) if problem is not None],
    )


def _problem(data: bytes | None, key: str, kind: type[Commitment | RevealedRecord], day: dt.date) -> str | None:
    """What is wrong with the document found at `key`, in words; None when it is there and right."""
    if data is None:
        return f"{key} is missing"
    try:
        found = kind.model_validate_json(data)
    except ValidationError:
        return f"{key} is not a {kind.__name__} document"
    if found.date != day:
        return f"{key} is dated {found.date}"
    return None


def _first_commitment(archive: ObjectStore) -> dt.date | None:
    """The day of the archive's first commitment, or None for an empty archive."""
    days = days_in(archive.list(COMMITMENTS_PREFIX), COMMITMENTS_PREFIX, ".json")
    return days[0] if days else None
