"""Scheduled at 00:15 and 00:30 UTC: is today committed, is yesterday revealed? A metric of 1 or 0 each.

It reads the public archive and nothing else. The stack's alarms notify when an answer is 0 (and
when no answer comes at all); an archive that cannot be read fails the invocation, alarmed too,
rather than give an answer it does not have.
"""

import datetime as dt
import os
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.archive.watchdog import check_archive
from fairdice.storage import StorageSettings, stack_name

SERVICE = "fairdice"
logger = Logger(service=SERVICE)
tracer = Tracer(service=SERVICE)
# The alarms in template.yaml watch these metrics by namespace and dimensions, exactly these. Two
# stacks in one account publish to one namespace: each stack's answers carry its name.
metrics = Metrics(namespace=SERVICE, service=SERVICE)
STACK = stack_name(os.environ)

# Read once at cold start: the archive only (FAIRDICE_ARCHIVE_BUCKET, or the local folder).
archive = StorageSettings.from_environ(os.environ).archive()


def clock() -> dt.datetime:
    """The current time in UTC (tests replace this)."""
    return dt.datetime.now(dt.UTC)


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Check the archive; returns what was found (dates, answers, problems in words)."""
    logger.append_keys(scheduled_time=event.get("time"))
    check = check_archive(archive, clock())
    # Per invocation, not a default dimension: Powertools shares those with every Metrics instance.
    metrics.add_dimension(name="stack", value=STACK)
    metrics.add_metric(name="TodayCommitted", unit=MetricUnit.Count, value=int(check.today_committed))
    metrics.add_metric(name="YesterdayRevealed", unit=MetricUnit.Count, value=int(check.yesterday_revealed))
    result = check.model_dump(mode="json")
    if check.healthy:
        logger.info("the daily archive is up to date", extra={"check": result})
    else:
        logger.error("the daily archive needs attention", extra={"check": result})
    return result
