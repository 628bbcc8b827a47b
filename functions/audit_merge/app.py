"""The map's partial results in, `summary.json` and `findings.jsonl` out: the audit's one merge, on AWS.

It lists the shards under the input prefix itself, so a shard whose audit failed or never ran
becomes a finding; the map run's ResultWriter manifest says why a child failed. Each shard is
listed with its ETag: a partial left by an earlier run under the same output prefix counts only
for the version of the object it read, never for a shard whose audit failed in this run, and only
while it adds up to what its worker returned to the map, which the manifest's result files keep
(its counts, and the SHA-256 of its summary, findings, ids and game keys). Those files are objects
in the bucket: they count only while they name the children Step Functions itself counts for the
map run (DescribeMapRun). An event that names no map run is refused. Invoked by hand with a map
run's output, it merges that run again into the output prefix the event names; what it writes
there is no execution's output, which names the files its own merge wrote by their SHA-256.
"""

import os
from typing import Annotated, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.audit.merge import merge_execution
from fairdice.audit.s3 import (
    AuditSettings,
    ChildCounts,
    InputPrefix,
    OutputPrefix,
    client,
    map_run_counts,
    map_run_results,
    scratch_space,
)
from fairdice.audit.summary import FINDINGS, SUMMARY
from fairdice.errors import AuditTooLarge
from fairdice.storage import (
    S3Results,
    StorageSettings,
    list_etags,
    stack_name,
    step_functions,
    store_failures,
)
from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationInfo, field_validator

# The counts the state machine's output repeats (statemachines/audit.asl.json, state Audited); `mirror_games` by
# scheme, as summary.json has it: a mirror pair's second game is its first game's dice again, which no line tells from
# a copy of that game under another id (review: the output said 2 games, 2 fair, clean, and nothing of it)
ANSWERED = (
    "games", "fair", "mismatch", "incomplete", "withheld", "errors",
    "rolls", "rolls_differ", "rolls_missing", "rolls_extra", "duplicate_ids", "repeated_games", "windows",
    "not_audited", "mirror_games",
)  # fmt: skip
SERVICE = "fairdice"
logger = Logger()
# An execution succeeds whatever its audit found: AuditNotCleanAlarm (template.yaml) watches this metric, by its
# namespace and dimensions, for an audit that is not clean.
metrics = Metrics(namespace=SERVICE, service=SERVICE)
STACK = stack_name(os.environ)
SETTINGS = AuditSettings.from_environ(os.environ)
STORAGE = StorageSettings.from_environ(os.environ)
s3 = client(STORAGE)
sfn = step_functions(STORAGE.region)


class WriterDetails(BaseModel):
    """Where the map run's ResultWriter put its manifest: in the audit bucket (the `bucket` of the validation's
    context), under map-runs/, the definition's ResultWriter prefix, which the bucket's policy lets the state machine's
    role alone write (review: a merge invoked by hand could be given a manifest made up under audits/, or in another
    bucket the merge's role may read)."""

    Bucket: str
    Key: Annotated[str, StringConstraints(pattern=r"^map-runs/")]

    @field_validator("Bucket")
    @classmethod
    def _the_audit_bucket(cls, named: str, info: ValidationInfo) -> str:
        audit_bucket = (info.context or {}).get("bucket")
        if named != audit_bucket:
            raise ValueError(f"the map run's result files are in the audit bucket, {audit_bucket}, not in {named}")
        return named


class MapRun(BaseModel):
    """The Distributed Map's output when it has a ResultWriter (the definition's has): the map run, and where its
    result files are."""

    model_config = ConfigDict(extra="ignore")

    MapRunArn: str
    ResultWriterDetails: WriterDetails


class MergeEvent(BaseModel):
    """The execution's input, with the map run's output beside it. A merge given no map run is refused (review: one
    invoked by hand without it counted every partial held to no answer)."""

    model_config = ConfigDict(extra="ignore")

    input_prefix: InputPrefix
    output_prefix: OutputPrefix
    map_run: MapRun


@logger.inject_lambda_context
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Merge the audit's partial results; return where the outputs are and the counts."""
    bucket = SETTINGS.bucket
    merging = MergeEvent.model_validate(event, context={"bucket": bucket})
    # An S3 failure that waiting may mend is StoreUnavailable, which the state machine retries: the merge writes the
    # same two objects again.
    with store_failures(f"merging s3://{bucket}/{merging.output_prefix}"), scratch_space(_too_large):
        expected = list_etags(s3, bucket, merging.input_prefix)
        map_run, details = merging.map_run.MapRunArn, merging.map_run.ResultWriterDetails
        # why a shard was not audited (its child failed, or its answer is not one), what each worker returned to the
        # map, which its partial must add up to (a partial changed since is not counted): between them, the shards it
        # ran a child for, and one put under the prefix after the listing is not counted either; where the result files
        # cannot be held to the map run (they name other children than Step Functions counts, or another run, or are in
        # no form it writes), no answer, and each shard they name not audited, for that; and the shards it listed as the
        # S3 console's folder whose worker counted nothing in them, which the listing leaves out; and the keys they name
        # that are not under the input prefix, which the map never listed (no shard of the run is counted then)
        ran = map_run_results(s3, details.Bucket, details.Key, map_run, _counted(map_run), merging.input_prefix)
        results = S3Results(bucket, merging.output_prefix, s3)
        # An execution that audited nothing fails (NoShards), which its alarm counts
        summary = merge_execution(results, bucket, merging.input_prefix, expected, ran)
    result = {
        "summary": f"{merging.output_prefix}{SUMMARY}",
        "findings": f"{merging.output_prefix}{FINDINGS}",
        # the bytes written, which the report is drawn from and an auditor holds the objects to: the execution's
        # output keeps these, where whoever may write under audits/ could write over the objects
        "summary_sha256": results.written[SUMMARY],
        "findings_sha256": results.written[FINDINGS],
        **summary.model_dump(include=set(ANSWERED)),
        "shards": len(summary.inputs),
        # keys, as summary.json names them, only counted here: forged result files may name any number of them
        "never_listed": len(summary.never_listed),
        "clean": summary.clean,
    }
    metrics.add_dimension(name="stack", value=STACK)
    metrics.add_metric(name="AuditsNotClean", unit=MetricUnit.Count, value=int(not summary.clean))
    logger.info("audit merged", extra=result)
    return result


def _counted(map_run: str) -> ChildCounts:
    """What Step Functions counts of the map run's children; StoreUnavailable, which the state machine retries, where
    it did not answer for now (throttled, a dropped connection)."""
    with store_failures(f"asking Step Functions what map run {map_run} counted", "Step Functions"):
        return map_run_counts(sfn, map_run)


def _too_large(room: str) -> AuditTooLarge:
    """Why a merge whose /tmp filled up (template.yaml gives it 10,240 MB) failed, and what to do."""
    return AuditTooLarge(
        f"the merge's {room} of scratch space is full: it works through every game's id and key (about 85 to 200 bytes"
        " a game, by the length of the ids) and every finding (about 270 to 390 bytes more), measured; audit the games"
        " in several executions, each of an input prefix of its own (README, Auditing every game)"
    )
