"""Logs, metrics and traces: Powertools' Logger, Metrics and Tracer, and what each verdict adds to them."""

import warnings
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.tracing.base import BaseProvider, BaseSegment
from fairdice.verdict import Verdict

from verify_api.powertools_private import tracing_disabled

SERVICE = "fairdice"

logger = Logger(service=SERVICE)
metrics = Metrics(namespace=SERVICE, service=SERVICE)
# Routes that give no verdict (GET /schemes, /docs, an error) publish no metric, as they should; Powertools warns
# about that on every such call, into Lambda's log and the local server's. Its documentation filters the warning so.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)


class _Untraced(BaseProvider, BaseSegment):
    """The Tracer's provider where Powertools switches tracing off: it records nothing, imports nothing.

    Powertools switches tracing off outside Lambda, under `sam local` and with POWERTOOLS_TRACE_DISABLED,
    but its Tracer still imports the X-Ray SDK there, whose default sampler builds a botocore client
    (~0.5 s); the switched-off SDK recorded nothing either.
    """

    @contextmanager
    def in_subsegment(self, name: str | None = None, **kwargs: Any) -> Iterator[BaseSegment]:
        yield self

    @asynccontextmanager
    async def in_subsegment_async(self, name: str | None = None, **kwargs: Any) -> AsyncIterator[BaseSegment]:
        yield self

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        """Nothing is recorded."""

    put_annotation = put_metadata = add_exception = close = add_subsegment = remove_subsegment = _nothing
    patch = patch_all = _nothing


# Where Powertools leaves tracing on (in Lambda) the Tracer is the X-Ray SDK's, as it always was. No
# auto-patching: it would import botocore (or sqlite3 & co.) at cold start for routes that never use them.
if tracing_disabled():
    tracer = Tracer(service=SERVICE, auto_patch=False, disabled=True, provider=_Untraced())
else:
    tracer = Tracer(service=SERVICE, auto_patch=False)


def counted(verdict: Verdict) -> Verdict:
    """The verdict, annotated on the trace and counted by scheme and outcome."""
    tracer.put_annotation(key="scheme", value=verdict.scheme)
    tracer.put_annotation(key="verdict", value=verdict.verdict)
    metrics.add_dimension(name="scheme", value=verdict.scheme)
    metrics.add_dimension(name="outcome", value=verdict.verdict)
    metrics.add_metric(name="Verdicts", unit=MetricUnit.Count, value=1)
    return verdict


def count_batch(games: int) -> None:
    """A batch's size, as a metric."""
    metrics.add_metric(name="BatchGames", unit=MetricUnit.Count, value=games)
