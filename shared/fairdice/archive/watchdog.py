"""The daily archive's watchdog: is today committed in time, is yesterday revealed? Read-only.

A missed night is otherwise noticed by players. The watchdog runs after the commitment grace
(00:15 UTC) and again later (00:30); each answer becomes a metric of 1 or 0 that an alarm watches.
An alarm on a metric that stops arriving cannot say "by 00:15": these answers can.

Pure logic over `fairdice.storage.ObjectStore` (the public archive only): the clock is passed in,
nothing is written, and no secret is ever read (the private store is not even given).
"""

import datetime as dt

from pydantic import AwareDatetime, BaseModel

from fairdice.archive.layout import (
    COMMITMENTS_PREFIX,
    GRACE_MINUTES,
    commitment_key,
    days_in,
    publication,
    published_out_of_time,
    revealed_key,
    utc_day,
)
from fairdice.archive.reader import ArchiveReader, kept_of
from fairdice.errors import ArchiveRefused, TamperedRecord, UnknownDay
from fairdice.fields import Day
from fairdice.prose import utc_time
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

    Each is read and checked as the archive's readers check it (`ArchiveReader`): today's commitment must
    be a commitment document dated today, published in time (from 00:00 UTC to the grace after, by the
    archive's own timestamp, witnessed by S3 or not: a late one shows nothing about the day's play, and every
    verdict of the day is at most incomplete); yesterday's record must pass every check a verifier makes (its own
    commitment, the commitment published before the day, both links of the chain) and reveal the secret
    that commitment is of. A day before the archive's first commitment had no secret to reveal:
    yesterday counts as revealed on a stack that began today. ArchiveUnavailable when the archive cannot
    be read: then there is no answer at all.
    """
    today = utc_day(now)
    yesterday = today - dt.timedelta(days=1)
    reader = ArchiveReader(archive, clock=lambda: now)
    commitment = _commitment_problem(reader, archive, today)
    revealed = _record_problem(reader, archive, yesterday, today)
    return ArchiveCheck(
        checked_at=now.astimezone(dt.UTC),
        today=today,
        today_committed=commitment is None,
        yesterday=yesterday,
        yesterday_revealed=revealed is None,
        problems=[problem for problem in (commitment, revealed) if problem is not None],
    )


def _commitment_problem(reader: ArchiveReader, archive: ObjectStore, today: dt.date) -> str | None:
    """What is wrong with today's commitment, in words; None when it is there and in time, and the one version S3 keeps
    of its key (`_rewritten`)."""
    key = commitment_key(today)
    try:
        found = reader.record(today)
    except TamperedRecord as exc:
        return exc.message
    published_at = found.commitment_published_at
    if found.commitment is None:
        return f"{key} is missing"
    if published_at is None:  # review: said as published at 23:59:59
        return f"S3 gives no time of its own for {key}, so nothing shows it was published before the day's play"
    # The publishing is judged by the store's own time, witnessed or not: a folder or an emulator publishes on time
    # too (its verdicts are at most incomplete all the same, which is the readers' to say, not an alarm's).
    timing = publication(today, published_at)
    if timing == "early":
        return f"{key} was {published_out_of_time('early', published_at)}"
    if timing == "late":
        return f"{key} was published at {published_at:%H:%M:%S} UTC, more than {GRACE_MINUTES} minutes after 00:00 UTC"
    return _rewritten(archive, key)


def _rewritten(archive: ObjectStore, key: str) -> str | None:
    """What S3 keeps of today's commitment where it is not the one version the publisher writes, in words: hidden behind
    a delete marker, perhaps written again over it, within the grace too, where players saw another (review: the
    readers refuse such a day only once it is revealed, so the alarm came a day late). None where it is the one version,
    and where S3 keeps none to show (a folder) or refuses to list them: that is the readers' to say, not an alarm's."""
    try:
        history = archive.history(key)
    except ArchiveRefused:
        return None
    if history is None or not history.rewritten:
        return None
    return f"{key}: {kept_of(history, dated=False)}, and the one shown may not be the one published as the day began"


def _record_problem(reader: ArchiveReader, archive: ObjectStore, yesterday: dt.date, today: dt.date) -> str | None:
    """What is wrong with yesterday's revealed record, in words; None when it is there and checks."""
    key = revealed_key(yesterday)
    try:
        found = reader.record(yesterday)
    except UnknownDay:
        # Neither a commitment nor a record: the archive begins today, or every run that day failed.
        return None if _first_commitment(archive) in (None, today) else f"{key} is missing"
    except TamperedRecord as exc:
        return exc.message
    if found.status != "revealed":
        return f"{key} is missing"
    if found.seal != "match":
        return f"{key} reveals a secret that does not give {commitment_key(yesterday)}, published for the day"
    if found.revealed_in_time is False:  # by S3's own time: a folder's or an emulator's is no witness (None)
        if found.revealed_at is None:
            return f"S3 gives no time of its own for {key}, so nothing shows it was written after its day was over"
        return (
            f"{key} was written at {utc_time(found.revealed_at)}, before its day was over: its secret was"
            " made public early"
        )
    return None


def _first_commitment(archive: ObjectStore) -> dt.date | None:
    """The day of the archive's first commitment, or None for an empty archive."""
    days = days_in(archive.list(COMMITMENTS_PREFIX), COMMITMENTS_PREFIX, ".json")
    return days[0] if days else None
