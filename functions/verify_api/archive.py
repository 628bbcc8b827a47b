"""The daily archive this function reads: scheme daily's day secrets and GET /daily's records; and the clock.

Nothing is read, and boto3 is not imported, before a request needs a day. A route reads it through
`reader()`, which gives `DAILY` a time budget for that request, and the UTC day through `today()`;
`DAILY`, `MONOTONIC` and `clock` are read at call time (tests put a reader of their own archive, or
a clock of their own, in their place).
"""

import datetime as dt
import time
from collections.abc import Callable

from fairdice.archive.layout import utc_day
from fairdice.archive.reader import ArchiveReader
from fairdice.storage import PROMPT, READ_BUDGET

from verify_api import settings


def clock() -> dt.datetime:
    """The time now, in UTC: what the archive reader and the routes read."""
    return dt.datetime.now(dt.UTC)


# Prompt S3 calls: a slow archive is this function's own 503, well before the Lambda's timeout.
DAILY = ArchiveReader(
    settings.SETTINGS.storage.archive(settings.SETTINGS.storage.connection(PROMPT)),
    clock=lambda: clock(),  # looked up at each call: a test's clock in its place is the reader's too
)
# A request reads the archive for READ_BUDGET seconds at most (fairdice.storage; tests/security/test_storage_faults.py
# holds that the answer goes out before the function's timeout); a batch's games past it get a 503 entry each.
MONOTONIC: Callable[[], float] = time.monotonic


def reader() -> ArchiveReader:
    """The archive as this request reads it: everything `DAILY` remembers, and no read started after READ_BUDGET."""
    return DAILY.within(READ_BUDGET, MONOTONIC)


def today() -> dt.date:
    """The UTC day now, read once a request, for the core's verdicts: without an archive, a day not over by it is
    withheld (with one, the archive's reader withholds it by the same clock)."""
    return utc_day(clock())
