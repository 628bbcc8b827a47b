"""The daily archive an audit checks daily games against, as POST /verify checks them: its S3 bucket.

A bucket only, never a folder: whether a day's commitment was published before the day's play is
judged by the store's own timestamp, and S3's LastModified is set by S3, where a file's
modification time is set by whoever holds the file. A folder "archive" with back-dated files
would make any secret's rolls fair.

Opened once per process (a local worker, a Lambda container): its reader keeps the days it has
read and checked, so a day is read once however many of its games a shard holds.
"""

import datetime as dt
from dataclasses import dataclass

from fairdice.archive.reader import ArchiveReader, Clock
from fairdice.schemes.base import DaySecrets
from fairdice.storage import StorageSettings

S3_SCHEME = "s3://"


@dataclass(frozen=True)
class DayArchive:
    """Where days' secrets come from, and the archive's name (s3://bucket) for the summary."""

    secrets: DaySecrets
    name: str


def name_of(storage: StorageSettings) -> str | None:
    """The settings' archive bucket as a run and its summary name it, s3://bucket (None when none is set)."""
    return None if storage.archive_bucket is None else S3_SCHEME + storage.archive_bucket


def wall_clock() -> dt.datetime:
    """The machine's clock: the moment the archive is read, which an Object Lock is judged by (`ArchiveReader`)."""
    return dt.datetime.now(dt.UTC)


def of_bucket(storage: StorageSettings, clock: Clock) -> DayArchive | None:
    """The settings' archive bucket (FAIRDICE_ARCHIVE_BUCKET), read as the API reads it, but by `clock`'s moment,
    which the caller gives (an audit's start): a day whose reveal was not final by then is withheld without a read, and
    one whose record S3 dates after it is withheld as late (`ArchiveReader`'s `as_of`), so that every shard of the
    audit judges the days alike, whenever it reads them; or None when none is set."""
    name = name_of(storage)
    if name is None:
        return None
    return DayArchive(ArchiveReader(storage.archive(), clock=clock, as_of=True, read_clock=wall_clock), name)
