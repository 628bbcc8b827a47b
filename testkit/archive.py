"""Records a test puts in the daily archive that the publisher did not write."""

import datetime as dt

from fairdice.archive.layout import ChainLink, RevealedRecord, revealed_key
from fairdice.seal import seal_of
from fairdice.storage import ObjectStore


def put_someone_elses_record(archive: ObjectStore, day: dt.date, previous: ChainLink | None = None) -> None:
    """A well-formed revealed record of `day` the publisher did not write: it reveals a secret of someone else's."""
    other = bytes([9]) * 32
    record = RevealedRecord(
        date=day, secret=other.hex(), commitment=seal_of(other), next_commitment=None, previous=previous
    )
    archive.put_new(revealed_key(day), record.to_bytes())
