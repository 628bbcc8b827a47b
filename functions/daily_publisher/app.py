"""Scheduled at 00:00 UTC and again at 00:05: make today's daily secret, reveal every closed day.

Both runs do the same thing; the second finds nothing left to do unless the first failed.
Nothing logged, returned or traced here holds a secret that is not revealed yet: the run's
report carries dates and commitments only.
"""

import datetime as dt
import os
import time
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.archive.publisher import RevealReport, opening_time, publish
from fairdice.storage import StorageSettings, stack_name
from pydantic import BaseModel, ConfigDict, Field

SERVICE = "fairdice"
logger = Logger()
# The alarms in template.yaml watch the days needing attention by namespace and dimensions, exactly these; each
# stack's carry its name, as the watchdog's answers do.
metrics = Metrics(namespace=SERVICE, service=SERVICE)
tracer = Tracer()
STACK = stack_name(os.environ)

# Read once at cold start; setting only one of the two buckets fails here, before any write.
stores = StorageSettings.from_environ(os.environ).stores()


def clock() -> dt.datetime:
    """The current time in UTC (tests replace this)."""
    return dt.datetime.now(dt.UTC)


def pause(seconds: float) -> None:
    """Sleep (tests replace this)."""
    time.sleep(seconds)


class ScheduledEvent(BaseModel):
    """What the schedule sends (see events/scheduled-*.json); logged, never used as the clock."""

    model_config = ConfigDict(extra="ignore")

    id: str | None = None
    time: str | None = None
    resources: list[str] = Field(default_factory=list)


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Open today and reveal the closed days; returns the run's report (dates and commitments)."""
    schedule = ScheduledEvent.model_validate(event)
    logger.append_keys(schedule=schedule.resources[0] if schedule.resources else None, scheduled_time=schedule.time)
    # Per invocation, not a default dimension: Powertools shares those with every Metrics instance.
    metrics.add_dimension(name="stack", value=STACK)
    try:
        # The midnight run, started in the day's first moments, waits until S3's clock shows the day too.
        report = publish(stores, opening_time(clock, pause))
    except Exception as exc:
        # A reveal pass that failed part way still counts what it did and found (a late commitment it published is
        # never late again to a later run): the metrics are flushed as the invocation fails (review)
        partial = getattr(exc, "reveal_report", None)
        if isinstance(partial, RevealReport):
            _needing_attention(partial)
        raise
    metrics.add_metric(name="SecretCreated", unit=MetricUnit.Count, value=int(report.today.created))
    for _ in report.reveal.revealed:
        metrics.add_metric(name="DayRevealed", unit=MetricUnit.Count, value=1)
    _needing_attention(report.reveal)
    result = report.model_dump(mode="json")
    logger.info("daily secrets published", extra={"report": result})
    return result


def _needing_attention(reveal: RevealReport) -> None:
    """The days needing attention, each counted at every run (0 included) and alarmed on above 0: a log line alone
    would wake nobody."""
    for name, days in (
        ("LateCommitments", reveal.late_commitments),
        ("Orphans", reveal.orphans),
        # a record of a day not over, or one S3 dates before its day was over: either made a secret public early
        ("RecordsNotYetOver", [*reveal.not_yet_over, *reveal.revealed_early]),
    ):
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=len(days))
    if reveal.late_commitments or reveal.orphans or reveal.not_yet_over or reveal.revealed_early:
        logger.warning("days needing attention", extra={"report": reveal.model_dump(mode="json")})
