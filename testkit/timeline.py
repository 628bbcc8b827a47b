"""A test's own time, which the daily archive's stores keep too.

The archive's commitments count as published in time by the store's own timestamp (S3's
LastModified, a file's modification time), never by a time the publisher writes. A test that
publishes on 2025-03-01 at 00:00:03 must therefore have its store date the files it writes then,
as a real store dates them by the real clock: `Timeline.stores` makes folders that do, and
`Timeline.moto` has moto's S3 give the same LastModified.
"""

import datetime as dt
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from unittest import mock

from fairdice.archive.publisher import PublishReport, publish
from fairdice.storage import DatedKeys, EachPage, FolderStore, Stored, Stores

FOREVER = dt.datetime.max.replace(tzinfo=dt.UTC)


class DatedFolderStore(FolderStore):
    """A FolderStore that dates each file it writes by the test's clock, not by when the test ran.

    It stands in for a store whose times no writer can set, as S3's LastModified is (`Stored.witnessed`), and whose
    versions no one can delete, as the stack's archive's are (`Stored.locked_until`, for ever here): the test's clock
    is the witness here. A plain FolderStore's times are not witnessed; tests of that use one. `kept=False` stands in
    for a bucket without Object Lock: witnessed times, but no version kept, so any may be deleted outright.
    """

    @property
    def witnessed(self) -> bool:
        """True: the test's clock dates its files, as S3 itself would (`read`)."""
        return True

    def read(self, key: str) -> Stored | None:
        found = super().read(key)
        return None if found is None else replace(found, witnessed=True, locked_until=FOREVER if self._kept else None)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        return [(key, when, True) for key, when, _ in super().list_dated(prefix, after, through, each_page=each_page)]

    def __init__(self, root: Path, timeline: "Timeline", *, private: bool = False, kept: bool = True) -> None:
        super().__init__(root, private=private)
        self._timeline = timeline
        self._kept = kept

    def put_new(self, key: str, data: bytes) -> bool:
        written = super().put_new(key, data)
        if written:
            self._date(key)
        return written

    def replace(self, key: str, data: bytes) -> None:
        super().replace(key, data)
        self._date(key)

    def _date(self, key: str) -> None:
        moment = self._timeline.now.timestamp()
        os.utime(self.root / key, (moment, moment))


class Timeline:
    """The moment a test is at: the publisher is run at it, and the stores date what they write by it."""

    def __init__(self, start: dt.datetime) -> None:
        self.now = start

    def __call__(self) -> dt.datetime:
        return self.now

    def stores(self, root: Path, *, kept: bool = True) -> Stores:
        """The two stores as folders under `root` (private/ and archive/), dated by this timeline; the archive's
        versions kept as Object Lock keeps them, or (`kept=False`) not."""
        return Stores(
            secrets=DatedFolderStore(root / "private", self, private=True),
            archive=DatedFolderStore(root / "archive", self, kept=kept),
        )

    def publish(self, stores: Stores, when: dt.datetime) -> PublishReport:
        """One publisher run at `when`: the timeline moves there first, so what it writes is dated then."""
        self.now = when
        return publish(stores, when)

    @contextmanager
    def moto(self) -> Iterator[None]:
        """Within the block, moto's S3 dates the objects it stores by this timeline (its LastModified)."""
        with mock.patch("moto.s3.models.utcnow", lambda: self.now.astimezone(dt.UTC).replace(tzinfo=None)):
            yield
