"""What a search of the audit's levers found, each alone (the search itself: below, once it is in).

Whoever may write an execution's partial results wrote over one with what no worker writes: README promises a partial
changed by a byte is its shard's `not_audited` finding, never counted, where the merge failed as a whole.
"""

import json
import uuid
from typing import Any

import pytest
from audit_aws import (  # noqa: F401 (the fixture)
    BUCKET,
    AuditAws,
    MapRuns,
    audit_aws_fixture,
    child_execution,
    put_map_run_results,
)
from fairdice.audit.shard import shard_name
from unit.audit import games

from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

# ---- what the search found, each alone ----------------------------------------------------------------------------


def map_run_of(aws: AuditAws, prefix: str, out: str, shards: dict[str, bytes]) -> dict[str, Any]:
    """The merge's event after a map run whose workers audited `shards` under `prefix`, its result files as Step
    Functions writes them and Step Functions counting its children."""
    map_run_arn = f"arn:aws:states:eu-west-1:123456789012:mapRun:fairdice-audit/{uuid.uuid4()}:{uuid.uuid4()}"
    children = []
    for key, data in shards.items():
        aws.put(key, data)
        head = aws.s3.head_object(Bucket=BUCKET, Key=key)
        event = {"shard": {"Key": key, "Etag": head["ETag"], "Size": len(data)}, "output_prefix": out}
        event["started"] = "2026-11-30T00:20:00.000Z"
        children.append(child_execution(map_run_arn, event, aws.worker.lambda_handler(event, FakeLambdaContext())))
    manifest = f"map-runs/{map_run_arn.rsplit(':', 1)[1]}/manifest.json"
    map_run = {"MapRunArn": map_run_arn, "ResultWriterDetails": {"Bucket": BUCKET, "Key": manifest}}
    runs = MapRuns()
    runs.ran(map_run_arn, put_map_run_results(aws.put, map_run, children))
    aws.merger.sfn = runs
    return {"input_prefix": prefix, "output_prefix": out, "map_run": map_run}


@pytest.mark.parametrize("written", [b"", b"[]", b'{"games": 1}', b"\xff"], ids=["empty", "list", "other", "bytes"])
def test_a_partial_summary_rewritten_as_no_summary_is_its_shards_finding_not_a_failed_merge(
    audit_aws: AuditAws, written: bytes
) -> None:
    # Given two shards of fair games audited, and one partial's summary.json written over with what is no summary
    # (found by the search above: the merge failed on it, a ValidationError, and the execution with it, where README
    # promises a partial changed by a byte is its shard's `not_audited` finding)
    prefix, out = "games/found/", "audits/found/run/"
    changed, kept = f"{prefix}a.jsonl", f"{prefix}b.jsonl"
    event = map_run_of(
        audit_aws, prefix, out, {changed: games.jsonl([games.narde(1)]), kept: games.jsonl([games.narde(2)])}
    )
    audit_aws.put(f"{out}partials/{shard_name(changed)}/summary.json", written)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(event, FakeLambdaContext())

    # Then that shard is named not audited, saying why, and the other is counted; the audit is not clean
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{out}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (changed, "not_audited")
    assert "summary.json cannot be read" in finding["error"]["message"]


@pytest.mark.parametrize("part", ["ids.txt", "games.txt"])
@pytest.mark.parametrize(
    "written", [b"a\tb\tc\n", b"\xff\tx\n" * 2, b'"id"\t1\n"id"\tx\n'], ids=["fields", "bytes", "line"]
)
def test_ids_or_game_keys_rewritten_as_lines_no_worker_writes_are_their_shards_finding_not_a_failed_merge(
    audit_aws: AuditAws, part: str, written: bytes
) -> None:
    # Given two shards of fair games audited, and one partial's ids.txt or games.txt written over with lines no worker
    # writes (found by the search above: the checks across shards read them before their digests were held to the
    # worker's answer, and the merge failed with a ValueError, the execution with it)
    prefix, out = "games/found/", "audits/found/run/"
    changed, kept = f"{prefix}a.jsonl", f"{prefix}b.jsonl"
    event = map_run_of(
        audit_aws, prefix, out, {changed: games.jsonl([games.narde(1)]), kept: games.jsonl([games.narde(2)])}
    )
    audit_aws.put(
        f"{out}partials/{shard_name(changed)}/{part}",
        written + audit_aws.get(f"{out}partials/{shard_name(kept)}/{part}"),
    )

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(event, FakeLambdaContext())

    # Then that shard is named not audited, as a partial that does not add up, and the other is counted
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{out}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (changed, "not_audited")
    assert "does not add up to what its worker returned" in finding["error"]["message"]
