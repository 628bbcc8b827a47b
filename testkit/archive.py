"""What a test puts in the daily stores that the publisher did not write: records, and a day's secret again."""

import datetime as dt

from fairdice.archive.layout import ChainLink, Commitment, RevealedRecord, commitment_key, revealed_key, secret_key
from fairdice.archive.publisher import get_or_create_secret
from fairdice.seal import seal_of
from fairdice.storage import ObjectStore, Stores

from testkit.timeline import Timeline

SOMEONE_ELSES = bytes([9]) * 32  # the secret `put_someone_elses_record` reveals


def put_someone_elses_record(
    archive: ObjectStore,
    day: dt.date,
    previous: ChainLink | None = None,
    next_commitment: str | None = None,
    *,
    revealing: bytes = SOMEONE_ELSES,
    named: str | None = None,
) -> None:
    """A well-formed revealed record of `day` the publisher did not write: it reveals `revealing`, a secret of someone
    else's unless told, and names `named` as its commitment (by default `revealing`'s)."""
    record = RevealedRecord(
        date=day,
        secret=revealing.hex(),
        commitment=seal_of(revealing) if named is None else named,
        next_commitment=next_commitment,
        previous=previous,
    )
    archive.put_new(revealed_key(day), record.to_bytes())


def put_secret_again(timeline: Timeline, stores: Stores, secret: bytes, day: dt.date, *, run: bool = True) -> None:
    """`secret` (an earlier day's) and its commitment put under `day` in its first second, before the publisher's run,
    by whoever holds its keys; the run at 00:00:02 (none with `run=False`: the publisher down) keeps them, commits to
    nothing more and reveals the days before."""
    timeline.now = dt.datetime.combine(day, dt.time(0, 0, 1), dt.UTC)
    stores.secrets.put_new(secret_key(day), secret)
    written = Commitment(date=day, commitment=seal_of(secret), published_at=timeline.now)
    stores.archive.put_new(commitment_key(day), written.to_bytes())
    if run:
        timeline.publish(stores, dt.datetime.combine(day, dt.time(0, 0, 2), dt.UTC))


def missed_days_secret_put_again(
    timeline: Timeline, stores: Stores, missed: dt.date, day: dt.date, *, run: bool = True
) -> bytes:
    """The day before `missed` committed by its midnight run, `missed`'s secret alone made at 00:00:02 (its run dead
    before its commitment, none after it), and that secret and its commitment put under `day` (`put_secret_again`, a
    run at 00:00:02 as there, none with `run=False`). The missed day's secret."""
    timeline.publish(stores, dt.datetime.combine(missed - dt.timedelta(days=1), dt.time(0, 0, 2), dt.UTC))
    timeline.now = dt.datetime.combine(missed, dt.time(0, 0, 2), dt.UTC)
    secret, _ = get_or_create_secret(stores.secrets, missed)
    put_secret_again(timeline, stores, secret, day, run=run)
    return secret


def put_commitment_under_missed_day(
    timeline: Timeline, archive: ObjectStore, day: dt.date, when: dt.datetime, of: str, *, padded: bool = False
) -> None:
    """`of` (a later day's commitment) put under `day` at `when` by whoever holds the publisher's keys: `day` is one the
    publisher missed, so its key never existed and the archive's write-once policy lets them. With `padded`, a space
    after its first comma: no commitment document as the publisher writes one, which every reader refuses."""
    timeline.now = when
    written = Commitment(date=day, commitment=of, published_at=when).to_bytes()
    archive.put_new(commitment_key(day), written.replace(b",", b", ", 1) if padded else written)


def committed_in_time_with_no_record(timeline: Timeline, stores: Stores, day: dt.date, through: dt.date) -> None:
    """A commitment to a secret of someone else's put under `day` at 00:05, in its own grace, by whoever holds the
    publisher's keys, with no secret in the private store behind it (as beside an honest commitment whose reveal
    failed, no record of `day` is ever written); then the publisher's midnight runs of the days after it through
    `through`, each committing its day and revealing the day before it, but `day`."""
    put_commitment_under_missed_day(
        timeline, stores.archive, day, dt.datetime.combine(day, dt.time(0, 5), dt.UTC), of=seal_of(SOMEONE_ELSES)
    )
    following = day + dt.timedelta(days=1)
    while following <= through:
        timeline.publish(stores, dt.datetime.combine(following, dt.time(0, 0, 2), dt.UTC))
        following += dt.timedelta(days=1)
