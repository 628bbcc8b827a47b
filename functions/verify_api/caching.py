"""Cache-Control for the daily routes: what the archive reader says an answer is, as a cache policy."""

import datetime as dt

from fairdice.archive.layout import next_record_awaited, reveal_time
from fairdice.archive.reader import DayRecord, is_final
from fairdice.verdict import Verdict

# A revealed day never changes; anything else may.
YEAR = 31536000  # seconds
IMMUTABLE = f"public, max-age={YEAR}, immutable"
SHORT_LIVED = "public, max-age=60"
# A day due to be revealed now: the publisher's run reveals it any moment, so no cache keeps "not yet" for it.
DUE = "no-cache"


def cache_control(answer: Verdict | DayRecord, now: dt.datetime, day: dt.date, kept_until: dt.datetime | None) -> str:
    """The Cache-Control header for a daily route's answer about `day` at `now`: long-lived only once it cannot change;
    an answer that waits for a reveal (withheld, pending) is kept at most until the reveal is due, never past it. One
    whose day's Object Lock retention ends at `kept_until` (`ArchiveReader.kept_until`) is kept at most until then: the
    day is fair only while it lasts (a trial stack's year, a bucket of one's own's day), so a year's copy would keep it
    fair past it. One whose day is not kept at all (`kept_until` None: a bucket without Object Lock) is never kept as
    settled: whoever holds the bucket may still delete its versions and show others (review: such a day's record and
    its rolls, incomplete for it, were kept a year, "immutable"). One given before the next day's record is read for
    good (`_next_record_from`) is kept at most until that record may be written, and not while it may: that record may
    say the day's own has other bytes, and the archive then vouches for neither (review: a day revealed at midnight was
    kept a year, fair, before its next record could dispute it)."""
    if is_final(answer) and kept_until is not None:
        next_record = _next_record_from(day, now)
        left = int(((kept_until if next_record is None else min(kept_until, next_record)) - now).total_seconds())
        if left < YEAR:
            return f"public, max-age={left}" if left > 0 else DUE
        return IMMUTABLE
    due = _waits_for(answer)
    if due is None:
        return SHORT_LIVED
    left = int((due - now).total_seconds())
    return f"public, max-age={min(60, left)}" if left > 0 else DUE


def _next_record_from(day: dt.date, now: dt.datetime) -> dt.datetime | None:
    """When the next day's record, which names this day's by its bytes, may first be written, while every run that
    reveals the next day has not ended at `now` (`archive.layout.next_record_awaited`); None once they have, and for the
    calendar's last two days, which have no next record to wait for."""
    if day >= dt.date.max - dt.timedelta(days=1):
        return None
    return reveal_time(day + dt.timedelta(days=1)) if next_record_awaited(day, now) else None


def _waits_for(answer: Verdict | DayRecord) -> dt.datetime | None:
    """When the reveal an answer waits for is due: a pending day's, a withheld verdict's; None for any other."""
    if isinstance(answer, DayRecord):
        return answer.reveal_at if answer.status == "pending" else None
    return answer.withheld.reveal_at if answer.verdict == "withheld" and answer.withheld else None
