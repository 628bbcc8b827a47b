"""`summary.json` and `findings.jsonl` in, `report.html` out: the audit's report, on AWS."""

import os
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.audit.report import read_findings, render
from fairdice.audit.s3 import AuditSettings, OutputPrefix, client
from fairdice.audit.summary import FINDINGS, REPORT, SUMMARY, Summary
from fairdice.storage import S3Results, StorageSettings, store_failures
from pydantic import BaseModel, ConfigDict

logger = Logger()
SETTINGS = AuditSettings.from_environ(os.environ)
s3 = client(StorageSettings.from_environ(os.environ))


class ReportEvent(BaseModel):
    """Where the merged audit is (the merge step's answer carries it through)."""

    model_config = ConfigDict(extra="ignore")

    output_prefix: OutputPrefix


@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Draw the report of a merged audit; return where it is."""
    asked = ReportEvent.model_validate(event)
    results = S3Results(SETTINGS.bucket, asked.output_prefix, s3)
    # An S3 failure that waiting may mend is StoreUnavailable, which the state machine retries: the report is drawn
    # and written again.
    with store_failures(f"reporting s3://{SETTINGS.bucket}/{asked.output_prefix}"):
        with results.open(SUMMARY) as stream:
            summary = Summary.model_validate_json(stream.read())
        with results.open(FINDINGS) as stream:
            page = render(summary, read_findings(_lines(stream)))
        results.put(REPORT, page.encode())
    logger.info("audit report written", extra={"report": f"{asked.output_prefix}{REPORT}"})
    return {"report": f"{asked.output_prefix}{REPORT}", "clean": summary.clean}


def _lines(stream: Any) -> Any:
    """An S3 body's lines (a body iterates in chunks, not lines)."""
    return stream.iter_lines()
