"""The audit's AWS side under moto: a versioned audit bucket and the three handlers, imported against it; and a map
run's record, for tests that run no execution (`MapRuns`, `map_ran`)."""

import datetime as dt
import importlib
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

# The bucket events/audit-merge.json names in its ResultWriter details.
BUCKET = "fairdice-audit-bucket"
# moto runs state machines' definitions when asked; Lambda calls go to a stand-in, not to Docker.
MOTO_CONFIG: Any = {"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}}


@dataclass
class AuditAws:
    """moto's S3 with the audit bucket, and the handler modules bound to it."""

    s3: Any
    worker: ModuleType
    merger: ModuleType
    reporter: ModuleType
    # each shard's child execution as the worker ran it last, for the map run's result files (`map_ran`): its item, and
    # what the worker returned (`output`) or how it failed (`error`, `cause`), as `child_execution` takes them
    children: dict[str, dict[str, Any]] = field(default_factory=dict)

    def put(self, key: str, data: bytes) -> str:
        """Store an object; its version id."""
        version: str = self.s3.put_object(Bucket=BUCKET, Key=key, Body=data)["VersionId"]
        return version

    def get(self, key: str) -> bytes:
        body: bytes = self.s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
        return body

    def json(self, key: str) -> Any:
        return json.loads(self.get(key))

    def keys(self, prefix: str) -> list[str]:
        listed = self.s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix).get("Contents", [])
        return sorted(item["Key"] for item in listed)


def child_execution(
    map_run_arn: str,
    item: Any,
    output: Any = None,
    *,
    error: str | None = None,
    cause: str | None = None,
    started: dt.datetime | None = None,
    stopped: dt.datetime | None = None,
) -> dict[str, Any]:
    """A child execution of the map run `map_run_arn` as Step Functions' ResultWriter keeps it in a result file: the
    item the map gave it (`Input`, as JSON text: the worker's invoke payload) and, SUCCEEDED, what it returned
    (`Output`, as JSON text), or, given an `error`, FAILED with that error and its `cause` instead."""
    name = str(uuid.uuid4())
    # A map run's ARN is its state machine's, as ":mapRun:<machine>/<label>:<id>"; its children run as
    # "<machine>/<label>", each an execution of that under its own name.
    machine = map_run_arn.replace(":mapRun:", ":stateMachine:").rsplit(":", 1)[0]
    execution = f"{machine.replace(':stateMachine:', ':execution:')}:{name}"
    now = dt.datetime.now(dt.UTC)
    child: dict[str, Any] = {
        "ExecutionArn": execution,
        "Input": json.dumps(item),
        "InputDetails": {"Included": True},
        "Name": name,
        "StartDate": _timestamp(started or now),
        "StateMachineArn": machine,
        "Status": "SUCCEEDED" if error is None else "FAILED",
        "StopDate": _timestamp(stopped or now),
    }
    if error is None:
        child |= {"Output": json.dumps(output), "OutputDetails": {"Included": True}}
    else:
        child |= {"Error": error, "Cause": cause}
    return child


def _timestamp(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def put_map_run_results(
    put: Callable[[str, bytes], Any], map_run: Any, children: Iterable[dict[str, Any]]
) -> dict[str, int]:
    """Write a map run's result files as Step Functions' ResultWriter writes them (moto's writes its manifest alone,
    listing none), each object with `put` (key, bytes): the `children` (`child_execution`) of each status in a JSON
    array, `<status>_0.json` beside the manifest `map_run` (the Map state's output) names, and the manifest listing each
    file and its size under its status, with the bucket and map run it names; how many children of each status."""
    details = map_run["ResultWriterDetails"]
    manifest_key = details["Key"]
    files: dict[str, list[dict[str, Any]]] = {"FAILED": [], "PENDING": [], "SUCCEEDED": []}
    by_status: dict[str, list[dict[str, Any]]] = {status: [] for status in files}
    for child in children:
        by_status[child["Status"]].append(child)
    for status, executions in by_status.items():
        if executions:
            key = manifest_key.replace("manifest.json", f"{status}_0.json")
            data = json.dumps(executions).encode()
            put(key, data)
            files[status].append({"Key": key, "Size": len(data)})
    manifest = {"DestinationBucket": details["Bucket"], "MapRunArn": map_run["MapRunArn"], "ResultFiles": files}
    put(manifest_key, json.dumps(manifest).encode())
    return {status: len(executions) for status, executions in by_status.items()}


@pytest.fixture(name="audit_aws")
def audit_aws_fixture(fake_aws_credentials: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[AuditAws]:
    """moto's S3 with a versioned audit bucket, and the handlers imported against it (import it to use it)."""
    monkeypatch.setenv("FAIRDICE_AUDIT_BUCKET", BUCKET)
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "fairdice")
    with mock_aws(config=MOTO_CONFIG):
        s3 = boto3.client("s3", region_name="eu-west-1")
        s3.create_bucket(Bucket=BUCKET, CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        s3.put_bucket_versioning(Bucket=BUCKET, VersioningConfiguration={"Status": "Enabled"})
        modules = []
        for name in ("audit_worker.app", "audit_merge.app", "audit_report.app"):
            module = importlib.import_module(name)
            # Each handler made its client at import: point it at this test's moto.
            monkeypatch.setattr(module, "s3", boto3.client("s3", region_name="eu-west-1"))
            modules.append(module)
        # and the merge's Step Functions client, which answers for the map runs of moto's executions
        monkeypatch.setattr(modules[1], "sfn", boto3.client("stepfunctions", region_name="eu-west-1"))
        yield AuditAws(s3, *modules)


class MapRuns:
    """Step Functions' DescribeMapRun for tests that run no execution: each map run's item counts as the test's
    children ended, a record kept in Step Functions, not in the bucket."""

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {}
        self.status = "SUCCEEDED"

    def ran(self, map_run_arn: str, written: dict[str, int]) -> None:
        """Count the map run's children as `put_map_run_results` wrote them, each status as Step Functions counts it: a
        PENDING child is one not ended, which DescribeMapRun counts as pending (review: it was left uncounted, so
        result files naming one read as changed, and a merge that miscounted them could not be caught)."""
        self.counts[map_run_arn] = {
            "succeeded": written["SUCCEEDED"],
            "failed": written["FAILED"],
            "pending": written["PENDING"],
        }

    def describe_map_run(self, mapRunArn: str) -> dict[str, Any]:
        if mapRunArn not in self.counts:
            raise ClientError({"Error": {"Code": "ResourceNotFound", "Message": "no such map run"}}, "DescribeMapRun")
        counts = {"pending": 0, "running": 0, "succeeded": 0, "failed": 0, "timedOut": 0, "aborted": 0}
        counts |= self.counts[mapRunArn]
        return {"mapRunArn": mapRunArn, "status": self.status, "itemCounts": {**counts, "total": sum(counts.values())}}


def map_ran(aws: AuditAws, merge_event: dict[str, Any]) -> dict[str, Any]:
    """`merge_event` after a map run whose children are `aws.children`: their result files written as Step Functions
    writes them, and Step Functions counting them as they ended (the merge's client made a `MapRuns`, which the
    fixture's monkeypatch puts back); the event."""
    map_run = merge_event["map_run"]
    children = [child_execution(map_run["MapRunArn"], **child) for child in aws.children.values()]
    runs = aws.merger.sfn if isinstance(aws.merger.sfn, MapRuns) else MapRuns()
    runs.ran(map_run["MapRunArn"], put_map_run_results(aws.put, map_run, children))
    aws.merger.sfn = runs
    return merge_event


class FlakyClient:
    """An AWS client (S3's, or Step Functions') that fails as its service fails for a while: each call named in
    `failing` raises what its list gives next (an exception, or a function of the call's answer that raises, for a body
    whose bytes stop coming), then the calls go through to `client` as before. Every other call goes through at once;
    with `key` (an S3 object's), so does every call on another key."""

    def __init__(self, client: Any, key: str | None = None) -> None:
        self._client = client
        self._key = key
        self.failing: dict[str, list[Any]] = {}
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._client, name)
        if not callable(real):
            return real

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            queued = self.failing.get(name)
            if not queued or (self._key is not None and kwargs.get("Key") != self._key):
                return real(*args, **kwargs)
            failure = queued.pop(0)
            if isinstance(failure, BaseException):
                raise failure
            return failure(real(*args, **kwargs))

        return call


class BrokenBody:
    """An S3 body whose bytes stop coming after `good` bytes: its next read raises `error`, as botocore's streaming
    body raises ResponseStreamingError, ReadTimeoutError or IncompleteReadError when the connection fails, and every
    read after that finds the end."""

    def __init__(self, body: Any, error: BaseException, good: int = 100) -> None:
        self._body = body
        self._error = error
        self._left = good

    def read(self, size: int = -1, /) -> bytes:
        if self._left == 0 or size < 0:  # a read of the whole body breaks as a whole
            self._left = -1
            raise self._error
        if self._left < 0:
            return b""  # once broken, the connection is closed: nothing more comes
        data: bytes = self._body.read(min(size, self._left))
        self._left -= len(data)
        return data

    def close(self) -> None:
        self._body.close()


def breaking_body(error: BaseException, good: int = 100) -> Any:
    """A get_object answer whose body breaks after `good` bytes (for FlakyClient's `failing`)."""

    def broken(response: dict[str, Any]) -> dict[str, Any]:
        return {**response, "Body": BrokenBody(response["Body"], error, good)}

    return broken


def failing_once(monkeypatch: Any, function: Any, call: str, failure: Any) -> FlakyClient:
    """The S3 client of a function's module (`audit_aws.worker`, `.merger`, `.reporter`) swapped for one whose `call`
    fails once with `failure` (as FlakyClient takes it), then goes through."""
    flaky = FlakyClient(function.s3)
    flaky.failing[call] = [failure]
    monkeypatch.setattr(function, "s3", flaky)
    return flaky
