"""`summary.json` and `findings.jsonl` in, `report.html` out: the audit's report, on AWS."""

import hashlib
import os
from collections.abc import Iterator
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.audit.report import read_findings, render
from fairdice.audit.s3 import AuditSettings, OutputPrefix, client
from fairdice.audit.summary import FINDINGS, REPORT, SUMMARY, Summary
from fairdice.audit.tally import Sha256
from fairdice.errors import ResultsChanged
from fairdice.storage import Hashed, Readable, S3Results, StorageSettings, store_failures
from pydantic import BaseModel, ConfigDict

logger = Logger()
SETTINGS = AuditSettings.from_environ(os.environ)
s3 = client(StorageSettings.from_environ(os.environ))
_CHUNK = 64 * 1024  # read from the findings at a time


class ReportEvent(BaseModel):
    """Where the merged audit is, and the SHA-256 of the two objects the merge wrote there (the merge step's answer
    carries them through)."""

    model_config = ConfigDict(extra="ignore")

    output_prefix: OutputPrefix
    summary_sha256: Sha256
    findings_sha256: Sha256


@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Draw the report of a merged audit from the bytes its merge wrote; return where it is and its SHA-256."""
    asked = ReportEvent.model_validate(event)
    results = S3Results(SETTINGS.bucket, asked.output_prefix, s3)
    # An S3 failure that waiting may mend is StoreUnavailable, which the state machine retries: the report is drawn
    # and written again.
    with store_failures(f"reporting s3://{SETTINGS.bucket}/{asked.output_prefix}"):
        with results.open(SUMMARY) as stream:
            data = stream.read()
        _same(results, SUMMARY, hashlib.sha256(data).hexdigest(), asked.summary_sha256)
        summary = Summary.model_validate_json(data)
        with results.open(FINDINGS) as stream:
            findings = Hashed(stream)
            page = render(summary, read_findings(_lines(findings)))
            # hashed whole: the rest too, which a page with no room for every finding did not read
            read = findings.finish()
        _same(results, FINDINGS, read, asked.findings_sha256)
        results.put(REPORT, page.encode())
    logger.info("audit report written", extra={"report": f"{asked.output_prefix}{REPORT}"})
    return {
        "report": f"{asked.output_prefix}{REPORT}",
        "report_sha256": results.written[REPORT],
        "clean": summary.clean,
    }


def _same(results: S3Results, name: str, read: str, written: str) -> None:
    """ResultsChanged unless the object read is the one the merge wrote (review: whoever may write under audits/ could
    write over the summary or the findings between the merge and the report, which then drew what they wrote)."""
    if read != written:
        raise ResultsChanged(
            f"{results.prefix}{name} is not what this execution's merge wrote (SHA-256 {read}, where the merge wrote"
            f" {written}): someone wrote over it, so no report is drawn from it; audit the shards again in a new"
            " execution"
        )


def _lines(stream: Readable) -> Iterator[bytes]:
    """A stream's lines (an S3 body iterates in chunks, not lines)."""
    pending = b""
    while chunk := stream.read(_CHUNK):
        *lines, pending = (pending + chunk).split(b"\n")
        yield from lines
    if pending:
        yield pending
