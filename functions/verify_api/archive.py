"""The daily archive this function reads: scheme daily's day secrets and GET /daily's records.

Nothing is read, and boto3 is not imported, before a request needs a day. Read it as
`archive.DAILY` at call time (tests put a reader of their own archive in its place).
"""

import datetime as dt

from fairdice.archive.reader import ArchiveReader
from fairdice.storage import PROMPT

from verify_api import settings

# Prompt S3 calls: a slow archive is this function's own 503, well before the Lambda's timeout.
DAILY = ArchiveReader(
    settings.SETTINGS.storage.archive(settings.SETTINGS.storage.connection(PROMPT)),
    clock=lambda: dt.datetime.now(dt.UTC),
)
