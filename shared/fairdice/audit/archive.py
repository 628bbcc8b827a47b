"""The daily archive an audit checks daily games against, as POST /verify checks them: a folder, or a bucket.

Opened once per process (a local worker, a Lambda container): its reader keeps the days it has
read and checked, so a day is read once however many of its games a shard holds.
"""

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from fairdice.archive.reader import ArchiveReader
from fairdice.schemes.base import DaySecrets
from fairdice.storage import FolderStore, ObjectStore, StorageSettings

S3_SCHEME = "s3://"


@dataclass(frozen=True)
class DayArchive:
    """Where days' secrets come from, and the archive's name (a folder's path, or s3://bucket) for the summary."""

    secrets: DaySecrets
    name: str


def reading(store: ObjectStore, name: str) -> DayArchive:
    """The archive in `store`, read now: a day's secret only once its day is over, as the API reads it."""
    return DayArchive(ArchiveReader(store, clock=lambda: dt.datetime.now(dt.UTC)), name)


def of_bucket(storage: StorageSettings) -> DayArchive | None:
    """The settings' archive bucket (FAIRDICE_ARCHIVE_BUCKET), or None when none is set."""
    if storage.archive_bucket is None:
        return None
    return reading(storage.archive(), S3_SCHEME + storage.archive_bucket)


def named(name: str) -> DayArchive:
    """The archive a run names (`s3://bucket` or a folder's path, as `fairdice.audit.local` checks it)."""
    if name.startswith(S3_SCHEME):
        found = of_bucket(StorageSettings(archive_bucket=name[len(S3_SCHEME) :]))
        assert found is not None
        return found
    return reading(FolderStore(Path(name)), name)
