"""AuditStateMachine as it runs: statemachines/audit.asl.json executed by moto's Step Functions interpreter.

moto runs the definition (Choice, Pass with intrinsic functions, the Distributed Map with its S3
listObjectsV2 ItemReader, ItemSelector, MaxConcurrencyPath and ResultWriter, Lambda tasks)
against moto's S3. Its Lambda service would answer every invoke with a stand-in (or Docker):
here each invoke reaches the real handler of the function it names, in this process, with the
payload the interpreter built, and its answer goes back as Lambda's would.

What moto cannot do, and where it is covered instead: it reads one listObjectsV2 page (1,000 shards;
`merge` lists every page itself, tests/functions); a prefix that holds no shard fails its Map (moto
reads the listing's `Contents`, which S3 leaves out when nothing is listed: `States.Runtime`), where AWS
runs no child and the merge fails with NoShards, naming the prefix (tests/functions); its ResultWriter
writes a manifest that lists no result file, where AWS writes each child execution (its input, and its
output or its error and cause) in result files the manifest lists, which the merge reads: because moto
writes none, the tests write them as AWS does as the merge's invoke arrives, from the children the map
ran here (one a shard, its outcome its last try's: `Lambda.write_results`); it ignores
ToleratedFailurePercentage, letting every child fail without failing the map (AWS fails the map run
past the percentage; within it, and in moto, the merge names each shard left out); it runs no IAM
check, so the roles are tested on the template (tests/security/test_audit_least_privilege.py); and it
cannot parse ItemBatcher, which the definition does not use (one item is one shard).
"""

import datetime as dt
import gzip
import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import boto3
import pytest
from audit_aws import (  # noqa: F401 (the fixture)
    BUCKET,
    AuditAws,
    FlakyClient,
    audit_aws_fixture,
    breaking_body,
    child_execution,
    put_map_run_results,
)
from botocore.exceptions import ResponseStreamingError
from fairdice.audit.local import run
from fairdice.audit.merge import AFTER_THE_LISTING
from fairdice.errors import ArchiveUnavailable, ShardRefused
from integration.archive_buckets import ARCHIVE
from moto.awslambda_simple.models import LambdaSimpleBackend
from unit.audit import games

from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")
ROOT = Path(__file__).resolve().parents[2]
ACCOUNT_ARN = "arn:aws:lambda:eu-west-1:123456789012:function"
FUNCTIONS = {
    "AuditWorkerFunctionArn": f"{ACCOUNT_ARN}:fairdice-AuditWorkerFunction",
    "AuditMergeFunctionArn": f"{ACCOUNT_ARN}:fairdice-AuditMergeFunction",
    "AuditReportFunctionArn": f"{ACCOUNT_ARN}:fairdice-AuditReportFunction",
}
INPUT = {"input_prefix": "games/2026-11-29/", "output_prefix": "audits/2026-11-29/"}
# The execution's name (`execute`'s default) and its own folder, where every result of it goes.
RUN = "audit-2026-11-29"
OUT = f"audits/2026-11-29/{RUN}/"
OUTPUTS = ("summary.json", "findings.jsonl", "report.html")


class Child(NamedTuple):
    """A shard's child execution as the router saw it: when its first try started, and its last try's item, answer
    (Lambda's, as JSON text), error (the errorType Lambda's answer names, where the try failed) and end."""

    started: dt.datetime
    item: Any
    answer: str
    error: str | None
    stopped: dt.datetime


class Lambda:
    """moto's Lambda invoke, routed to the real handlers; counts how many run at once, and keeps each shard's child for
    the map run's result files."""

    def __init__(self, aws: AuditAws) -> None:
        self.aws = aws
        # a shard's key: the bytes it is replaced by as its first invoke starts, after the map listed it
        self.replaced: dict[str, bytes] = {}
        self.handlers: dict[str, Callable[[Any, Any], Any]] = {
            FUNCTIONS["AuditWorkerFunctionArn"]: aws.worker.lambda_handler,
            FUNCTIONS["AuditMergeFunctionArn"]: aws.merger.lambda_handler,
            FUNCTIONS["AuditReportFunctionArn"]: aws.reporter.lambda_handler,
        }
        self.calls: list[tuple[str, Any]] = []
        self.failing: set[str] = set()
        # a shard's key: how many more of its invokes find the daily archive not answering
        self.archive_down: dict[str, int] = {}
        # a shard's key: how many more of its invokes S3 refuses it (as the worker fails then: tests/functions)
        self.refused: dict[str, int] = {}
        # each child the map ran, by its execution's folder (every worker of an execution writes under it, and no other
        # execution's does) and its shard's key
        self.children: dict[tuple[str, str], Child] = {}
        self._lock = threading.Lock()
        self._running = 0
        self.peak = 0

    def tries(self, key: str) -> list[Any]:
        """The worker's invokes for the shard at `key`."""
        return [event for _, event in self.calls if event.get("shard", {}).get("Key") == key]

    def invoke(self, function_name: str, body: str, response_headers: dict[str, str]) -> bytes:
        event = json.loads(body)
        started = dt.datetime.now(dt.UTC)
        with self._lock:
            self.calls.append((function_name, event))
            self._running += 1
            self.peak = max(self.peak, self._running)
        key = event.get("shard", {}).get("Key")
        error = None
        try:
            if function_name == FUNCTIONS["AuditMergeFunctionArn"]:
                self.write_results(event["output_prefix"], event["map_run"])
            if key in self.replaced:
                self.aws.put(key, self.replaced.pop(key))
            if key in self.failing:
                raise TimeoutError("Task timed out after 900.00 seconds")
            if self.archive_down.get(key):
                self.archive_down[key] -= 1
                raise ArchiveUnavailable(f"S3 bucket {ARCHIVE}: cannot read revealed/2026-11-28.json (SlowDown)")
            if self.refused.get(key):
                self.refused[key] -= 1
                raise ShardRefused(f"s3://{BUCKET}/{key} cannot be read (AccessDenied): …")
            answer = json.dumps(self.handlers[function_name](event, FakeLambdaContext()))
        except Exception as exc:  # as Lambda answers a handler's exception
            response_headers["x-amz-function-error"] = "Unhandled"
            error = type(exc).__name__
            answer = json.dumps({"errorType": error, "errorMessage": str(exc)})
        finally:
            with self._lock:
                self._running -= 1
        if key is not None:
            self.tried(event, answer, error, started)
        return answer.encode()

    def tried(self, item: Any, answer: str, error: str | None, started: dt.datetime) -> None:
        """A shard's child as its try left it: the child's outcome is its last try's, and it started with its first."""
        shard = (item["output_prefix"], item["shard"]["Key"])
        with self._lock:
            earlier = self.children.get(shard)
            first = earlier.started if earlier else started
            self.children[shard] = Child(first, item, answer, error, dt.datetime.now(dt.UTC))

    def write_results(self, output_prefix: str, map_run: dict[str, Any]) -> None:
        """The map run's result files, as Step Functions' ResultWriter writes them before the merge runs: one child per
        shard its workers were invoked for in this execution, with its last try's outcome; a failed one with the error
        Lambda's answer names and that answer as its cause, as Step Functions words a Lambda task's failure."""
        children = [
            child_execution(
                map_run["MapRunArn"],
                child.item,
                None if child.error else json.loads(child.answer),
                error=child.error,
                cause=child.answer if child.error else None,
                started=child.started,
                stopped=child.stopped,
            )
            for (prefix, _), child in sorted(self.children.items())
            if prefix == output_prefix
        ]
        put_map_run_results(self.aws.put, map_run, children)


@pytest.fixture
def lambdas(audit_aws: AuditAws, monkeypatch: pytest.MonkeyPatch) -> Lambda:
    routed = Lambda(audit_aws)

    def invoke(
        backend: object, function_name: str, qualifier: object, body: str, headers: object, response_headers: Any
    ) -> bytes:
        return routed.invoke(function_name, body, response_headers)

    monkeypatch.setattr(LambdaSimpleBackend, "invoke", invoke)
    return routed


def definition(max_concurrency: int = 1000, tolerated: int = 0, quick_retries: bool = False) -> str:
    """The definition file with the template's DefinitionSubstitutions filled in; with `quick_retries`, a second
    between a shard's tries, as moto waits out each interval."""
    text = (ROOT / "statemachines" / "audit.asl.json").read_text()
    values = {
        **FUNCTIONS,
        "AuditBucket": BUCKET,
        "MaxConcurrency": str(max_concurrency),
        "ToleratedFailurePercentage": str(tolerated),
    }
    for name, value in values.items():
        text = text.replace("${" + name + "}", value)
    assert "${" not in text
    if not quick_retries:
        return text
    parsed = json.loads(text)
    for retrier in worker_retries(parsed):
        retrier |= {"IntervalSeconds": 1, "BackoffRate": 1}
    return json.dumps(parsed)


def worker_retries(parsed: dict[str, Any]) -> list[dict[str, Any]]:
    """The worker task's retriers in a parsed definition."""
    retriers: list[dict[str, Any]] = parsed["States"]["AuditShards"]["ItemProcessor"]["States"]["AuditShard"]["Retry"]
    return retriers


def retriers_by_errors(retriers: list[dict[str, Any]]) -> dict[tuple[str, ...], tuple[int, int, float]]:
    """Each retrier's errors, and its first interval, attempts and backoff rate."""
    return {tuple(r["ErrorEquals"]): (r["IntervalSeconds"], r["MaxAttempts"], r["BackoffRate"]) for r in retriers}


def archive_retrier() -> dict[str, Any]:
    """The definition's retrier for a worker that could not read the daily archive."""
    (retrier,) = [r for r in worker_retries(json.loads(definition())) if "ArchiveUnavailable" in r["ErrorEquals"]]
    return retrier


def execute(
    execution_input: dict[str, Any], max_concurrency: int = 1000, quick_retries: bool = False, name: str = RUN
) -> dict[str, Any]:
    """Run the state machine on `execution_input` as an execution named `name` (AWS names one that is not given; moto
    does not), until it ends; how it ended."""
    sfn = boto3.client("stepfunctions", region_name="eu-west-1")
    machine = sfn.create_state_machine(
        name="fairdice-audit",
        definition=definition(max_concurrency, quick_retries=quick_retries),
        roleArn="arn:aws:iam::123456789012:role/fairdice-AuditStateMachineRole",
    )["stateMachineArn"]
    started = sfn.start_execution(stateMachineArn=machine, name=name, input=json.dumps(execution_input))
    execution = started["executionArn"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        described: dict[str, Any] = sfn.describe_execution(executionArn=execution)
        if described["status"] != "RUNNING":
            return described
        time.sleep(0.05)
    raise AssertionError("the execution did not finish in 2 minutes")


@pytest.fixture
def shards(audit_aws: AuditAws, tmp_path: Path) -> Iterator[dict[str, bytes]]:
    """Five shards of a day, in the bucket and, under the same names, on disk."""
    day: dict[str, list[Any]] = {
        "shard-1.jsonl.gz": [games.narde(n) for n in range(12)] + [games.daily(40)],
        "shard-2.jsonl": [games.pair36(n) for n in range(8)] + [games.mismatched(games.narde(50)), "{oops"],
        "shard-3.jsonl.gz": [games.three_dice(n) for n in range(6)] + [games.unsealed(games.narde(60))],
        # narde-v1-3 again: a duplicate id; and its game under another id: a repeated game
        "shard-4.jsonl": [games.narde(3), {**games.narde(3), "id": "table-3-again"}],
        "shard-5.jsonl": [games.daily(n) for n in range(20)],
    }
    stored = {}
    for name, content in day.items():
        path = games.write(tmp_path / "games" / "2026-11-29" / name, content)
        key = f"games/2026-11-29/{name}"
        audit_aws.put(key, path.read_bytes())
        stored[key] = path.read_bytes()
    yield stored


def test_the_state_machine_audits_every_shard_into_what_the_local_run_writes(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # When the state machine runs on the day's prefix
    described = execute(INPUT)

    # Then it succeeds and says where the three outputs are
    assert described["status"] == "SUCCEEDED", described.get("cause")
    output = json.loads(described["output"])
    # each output named by the SHA-256 of the bytes written, which the execution keeps and an auditor holds them to
    written = {name: hashlib.sha256(audit_aws.get(f"{OUT}{name}")).hexdigest() for name in OUTPUTS}
    assert output == {
        "summary": f"{OUT}summary.json",
        "findings": f"{OUT}findings.jsonl",
        "report": f"{OUT}report.html",
        "summary_sha256": written["summary.json"],
        "findings_sha256": written["findings.jsonl"],
        "report_sha256": written["report.html"],
        "games": 51,
        # The 21 daily rolls are incomplete: the audit reads no daily archive to show their commitments came in time.
        "fair": 28,
        "mismatch": 1,
        "incomplete": 22,
        "withheld": 0,
        "errors": 1,
        "rolls": 16 * 20 + 8 * 12 + 6 * 10 + 21,  # narde 20 a game, pair36 12, three-dice 10, daily 1
        "rolls_differ": 1,
        "rolls_missing": 0,
        "rolls_extra": 0,
        "duplicate_ids": 1,
        "repeated_games": 1,  # narde-v1-3's game under another id (its line copied whole is a duplicate id only)
        "windows": 0,
        "mirror_games": {},  # no three-dice line of the day files an earlier one's game under another id
        "shards": 5,
        "not_audited": 0,
        "never_listed": 0,  # no key the map run's result files name lies outside the input prefix
        "clean": False,
    }
    # Each worker got the map's item: the listed object, the execution's own folder under the output prefix and when
    # the execution started (the day every shard judges daily rolls by), nothing more.
    workers = [event for name, event in lambdas.calls if name == FUNCTIONS["AuditWorkerFunctionArn"]]
    assert sorted(event["shard"]["Key"] for event in workers) == sorted(shards)
    assert all(set(event) == {"shard", "output_prefix", "started"} for event in workers)
    assert {event["output_prefix"] for event in workers} == {OUT}
    (started,) = {dt.datetime.fromisoformat(event["started"]) for event in workers}
    assert abs(started - described["startDate"]) < dt.timedelta(milliseconds=1)  # described to the millisecond
    # The merge got the map run's ResultWriter details.
    (merge_event,) = [event for name, event in lambdas.calls if name == FUNCTIONS["AuditMergeFunctionArn"]]
    assert merge_event["map_run"]["ResultWriterDetails"]["Key"].startswith("map-runs/")

    # And what it wrote is what `fairdice audit` writes for the same files, the one merge for both
    monkeypatch.chdir(tmp_path)
    local = run(["games/2026-11-29"], tmp_path / "local", workers=1).summary
    aws_summary = audit_aws.json(f"{OUT}summary.json")
    local_summary = json.loads((tmp_path / "local" / "summary.json").read_text())
    assert [{**record, "version": None} for record in aws_summary.pop("inputs")] == [
        {**record, "version": None} for record in local_summary.pop("inputs")
    ]
    assert aws_summary == local_summary
    assert audit_aws.get(f"{OUT}findings.jsonl") == (tmp_path / "local" / "findings.jsonl").read_bytes()
    assert local.games == 51
    assert b"<svg" in audit_aws.get(f"{OUT}report.html")


def test_windows_are_counted_in_the_executions_output_summary_and_report_as_the_local_run_counts_them(
    audit_aws: AuditAws, lambdas: Lambda, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a shard of whole games and another of windows of them, from rolls past their first (review: they were
    # counted among the incomplete games alone, and read as whole games with something missing)
    whole = [games.narde(n) for n in range(3)]
    day = {
        "whole.jsonl": whole,
        "windows.jsonl.gz": [{**games.window(game, skip=1 + n), "id": f"w-{n}"} for n, game in enumerate(whole[:2])],
    }
    for name, content in day.items():
        path = games.write(tmp_path / "games" / "2026-11-29" / name, content)
        audit_aws.put(f"games/2026-11-29/{name}", path.read_bytes())

    # When the state machine runs on the day's prefix
    described = execute(INPUT)

    # Then its output, the summary (overall and by scheme) and the report count the two windows
    assert described["status"] == "SUCCEEDED", described.get("cause")
    output = json.loads(described["output"])
    assert (output["games"], output["fair"], output["incomplete"], output["windows"]) == (5, 3, 2, 2)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert (summary["windows"], summary["by_scheme"]["narde-v1"]["windows"]) == (2, 2)
    assert (
        "2 games are windows, checked from a roll past the game&#x27;s first"
        in audit_aws.get(f"{OUT}report.html").decode()
    )
    # and the local run of the same files counts them alike
    monkeypatch.chdir(tmp_path)
    run(["games/2026-11-29"], tmp_path / "local", workers=1)
    local = json.loads((tmp_path / "local" / "summary.json").read_text())
    assert (local["windows"], local["by_scheme"]) == (summary["windows"], summary["by_scheme"])


def test_a_mirror_pairs_second_game_is_counted_in_the_executions_output_as_in_the_summary(
    audit_aws: AuditAws, lambdas: Lambda
) -> None:
    # Given a fair three-dice game and the same line under another id: seed 003's mirror pair, or a copy filed to make
    # one game count as two, which no line tells apart (review: the output said 2 games, 2 fair, clean, and nothing of
    # the second game being the first's dice again, which summary.json and the report say)
    game = games.three_dice(1)
    audit_aws.put("games/2026-11-29/day.jsonl", games.jsonl([game, {**game, "id": "three-dice-1-mirror"}]))

    # When the state machine runs on the day's prefix
    described = execute(INPUT)

    # Then the pair stands, and its output counts the second game as the summary does, by scheme
    assert described["status"] == "SUCCEEDED", described.get("cause")
    output = json.loads(described["output"])
    assert (output["games"], output["fair"], output["clean"]) == (2, 2, True)
    assert output["mirror_games"] == audit_aws.json(f"{OUT}summary.json")["mirror_games"] == {"three-dice": 1}


def test_the_maps_concurrency_is_the_templates_parameter(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes]
) -> None:
    described = execute(INPUT, max_concurrency=2)
    assert described["status"] == "SUCCEEDED", described.get("cause")
    assert lambdas.peak <= 2


def test_a_shard_whose_audit_fails_is_left_out_of_the_inputs_and_named_by_a_finding(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes]
) -> None:
    # Given a worker that fails on one shard (moto's map goes on past any failed child, as AWS
    # does within the tolerated failure percentage; at 0% AWS would fail the map run instead)
    lambdas.failing.add("games/2026-11-29/shard-3.jsonl.gz")
    described = execute(INPUT)
    assert described["status"] == "SUCCEEDED", described.get("cause")
    # Then the merge, listing the prefix itself, names the shard that has no partial result, with the error its child
    # failed with, as the map run's result files keep it: the errorType of Lambda's answer, and the answer
    summary = audit_aws.json(f"{OUT}summary.json")
    assert "games/2026-11-29/shard-3.jsonl.gz" not in [record["file"] for record in summary["inputs"]]
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    left_out = [f for f in findings if f.get("error", {}).get("code") == "not_audited"]
    assert [f["file"] for f in left_out] == ["games/2026-11-29/shard-3.jsonl.gz"]
    cause = json.dumps({"errorType": "TimeoutError", "errorMessage": "Task timed out after 900.00 seconds"})
    assert left_out[0]["error"]["message"] == f"its audit failed (TimeoutError: {cause})"
    output = json.loads(described["output"])
    assert output["clean"] is False
    # and says so as a shard not audited, not as one line that could not be verified (review): none of its 7 games
    # was read, and the report's headline says that
    assert output["not_audited"] == summary["not_audited"] == 1
    assert summary["errors"] == 2  # the shard, and shard-2's line that is not JSON
    # and the summary counts every line of findings (the report takes the count of those it does not list from it)
    counted = summary["games"] - summary["fair"] + summary["errors"] + summary["duplicate_ids"]
    assert counted + summary["repeated_games"] == len(findings)
    report = audit_aws.get(f"{OUT}report.html").decode()
    assert "1 shard was not audited: none of its games is counted; 1 line could not be verified" in report


def test_shards_of_unusual_names_are_each_audited_once_and_named_by_their_exact_keys(
    audit_aws: AuditAws, lambdas: Lambda
) -> None:
    # Given shards whose names URL-encode or normalize alike, or hold a newline or markup, and the longest key S3 takes
    # (tests/functions holds more names, through the worker and the merge alone)
    names = ["a b.jsonl", "a+b.jsonl", "a%20b.jsonl", "\u00e9.jsonl", "e\u0301.jsonl", "a\nb.jsonl", "<b>x</b>.jsonl"]
    names.append("x" * (1024 - len(INPUT["input_prefix"])))
    keys = [f"{INPUT['input_prefix']}{name}" for name in names]
    for n, key in enumerate(keys):
        audit_aws.put(key, games.jsonl([games.narde(n), games.mismatched(games.narde(100 + n))]))

    # When the state machine runs on the day's prefix
    described = execute(INPUT)

    # Then the map gave each key as it is to one worker, and the summary and the findings name each by it once
    assert described["status"] == "SUCCEEDED", described.get("cause")
    workers = [event for name, event in lambdas.calls if name == FUNCTIONS["AuditWorkerFunctionArn"]]
    assert sorted(event["shard"]["Key"] for event in workers) == sorted(keys)
    output = json.loads(described["output"])
    assert (output["shards"], output["games"], output["mismatch"], output["not_audited"]) == (8, 16, 8, 0)
    assert sorted(record["file"] for record in audit_aws.json(f"{OUT}summary.json")["inputs"]) == sorted(keys)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert sorted(finding["file"] for finding in findings) == sorted(keys)
    assert "<b>x</b>" not in audit_aws.get(f"{OUT}report.html").decode()


def test_a_shard_replaced_after_the_map_listed_it_is_not_audited_in_its_place_and_named_by_a_finding(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes]
) -> None:
    # Given a shard with a game that is not fair, replaced by one of fair games after the map listed it, before its
    # worker reads it (review: the map's items reached the worker as moto spells them, ETag, which it did not read, so
    # no read here was of the listed version, and the new one was audited as if listed)
    key = "games/2026-11-29/shard-3.jsonl.gz"
    lambdas.replaced[key] = gzip.compress(games.jsonl([games.three_dice(n) for n in range(7)]))

    described = execute(INPUT)

    # Then its worker failed, once (ShardChanged is not tried again), and the merge names it as not audited, with that
    # error: none of the new version's games is counted, and the audit is not clean
    assert described["status"] == "SUCCEEDED", described.get("cause")
    assert len(lambdas.tries(key)) == 1
    output = json.loads(described["output"])
    assert (output["shards"], output["not_audited"], output["clean"]) == (4, 1, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert key not in [record["file"] for record in summary["inputs"]]
    assert summary["games"] == 51 - 7
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    (left_out,) = [f for f in findings if f.get("error", {}).get("code") == "not_audited"]
    assert left_out["file"] == key
    assert left_out["error"]["message"].startswith("its audit failed (ShardChanged: ")


def test_a_shard_put_under_the_prefix_after_the_map_listed_it_is_named_as_one_the_map_ran_no_child_for(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a shard put under the day's prefix as the first worker starts, after the map listed the prefix
    late = "games/2026-11-29/shard-6.jsonl"
    worker = lambdas.handlers[FUNCTIONS["AuditWorkerFunctionArn"]]

    def put_late_then_audit(event: Any, context: Any) -> Any:
        if not audit_aws.keys(late):
            audit_aws.put(late, games.jsonl([games.narde(70)]))
        return worker(event, context)

    monkeypatch.setitem(lambdas.handlers, FUNCTIONS["AuditWorkerFunctionArn"], put_late_then_audit)

    # When the state machine runs
    described = execute(INPUT)

    # Then the map ran no child for it, and the merge, which lists it, names it as put there after the listing (the
    # map run's result files name every child it ran), rather than as a shard whose audit may have been cut short
    assert described["status"] == "SUCCEEDED", described.get("cause")
    assert lambdas.tries(late) == []
    output = json.loads(described["output"])
    assert (output["shards"], output["games"], output["not_audited"], output["clean"]) == (5, 51, 1, False)
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    (left_out,) = [f for f in findings if f.get("error", {}).get("code") == "not_audited"]
    assert (left_out["file"], left_out["error"]["message"]) == (late, AFTER_THE_LISTING)


def test_each_execution_writes_in_a_folder_of_its_own_so_no_other_on_the_same_prefix_is_read_for_it(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an execution on the day's prefix, whose summary says what it found
    first = execute(INPUT, name="first")
    assert first["status"] == "SUCCEEDED", first.get("cause")
    found = audit_aws.get("audits/2026-11-29/first/summary.json")

    # When a second execution on the same output prefix audits no shard (review: the executions shared one folder, so
    # a second could count the first's partial results, and two at once each other's; moto's map goes on past failed
    # children, as AWS does within the tolerated failure percentage)
    lambdas.failing.update(shards)
    second = execute(INPUT, name="second")

    # Then the second counts no game and names every shard not audited, the first's results being no input of it;
    # and the first's folder is as the first left it
    assert second["status"] == "SUCCEEDED", second.get("cause")
    output = json.loads(second["output"])
    assert (output["games"], output["not_audited"], output["clean"]) == (0, len(shards), False)
    assert audit_aws.json("audits/2026-11-29/second/summary.json")["inputs"] == []
    assert audit_aws.get("audits/2026-11-29/first/summary.json") == found

    # And a third that fails before its merge (review: it left the first's clean summary where its own would be)
    # leaves no summary, findings or report in its folder, and no other folder changed
    lambdas.failing.clear()

    def merge_times_out(event: Any, context: Any) -> Any:
        raise TimeoutError("Task timed out after 900.00 seconds")

    monkeypatch.setitem(lambdas.handlers, FUNCTIONS["AuditMergeFunctionArn"], merge_times_out)
    third = execute(INPUT, name="third")
    assert third["status"] == "FAILED"
    third_keys = audit_aws.keys("audits/2026-11-29/third/")
    assert third_keys and all("/partials/" in key for key in third_keys)
    assert audit_aws.get("audits/2026-11-29/first/summary.json") == found
    assert {key.split("/")[2] for key in audit_aws.keys("audits/2026-11-29/")} == {"first", "second", "third"}


def test_a_summary_written_over_between_the_merge_and_the_report_fails_the_execution_and_draws_no_report(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given whoever may write under audits/ writing the merged summary over as soon as the merge has written it, every
    # game fair and the audit clean (review: the report drew whatever was there, and the output did not say what the
    # merge had written)
    merge = lambdas.handlers[FUNCTIONS["AuditMergeFunctionArn"]]

    def merged_then_written_over(event: Any, context: Any) -> Any:
        answer = merge(event, context)
        summary = audit_aws.json(f"{OUT}summary.json")
        forged = {**summary, "fair": summary["games"], "mismatch": 0, "incomplete": 0, "clean": True}
        audit_aws.put(f"{OUT}summary.json", json.dumps(forged, indent=2).encode() + b"\n")
        return answer

    monkeypatch.setitem(lambdas.handlers, FUNCTIONS["AuditMergeFunctionArn"], merged_then_written_over)

    # When the state machine runs
    described = execute(INPUT)

    # Then the report refuses the summary, once (no try mends it), and the execution fails saying why, with no report
    assert described["status"] == "FAILED"
    assert described["error"] == "ResultsChanged", described
    assert f"{OUT}summary.json is not what this execution's merge wrote" in described["cause"]
    assert len([name for name, _ in lambdas.calls if name == FUNCTIONS["AuditReportFunctionArn"]]) == 1
    assert audit_aws.keys(f"{OUT}report.html") == []


def test_executions_whose_folders_lie_inside_anothers_partials_change_nothing_it_counts(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes]
) -> None:
    # Given two executions of the same shards whose folders would lie inside the partial results of a third not yet
    # run: one at its `partials/zz/`, one at its `partials/` itself (review: the third counted every shard twice, or
    # its merge failed reading the second's summary as a partial). Each is refused before any work now, as a folder
    # named partials is (and the worker's grant on audits/*/partials/* would reach their summaries)
    alone = execute(INPUT, name="alone")
    assert alone["status"] == "SUCCEEDED", alone.get("cause")
    for prefix, name in (("audits/2026-11-29/outer/partials/", "zz"), ("audits/2026-11-29/outer/", "partials")):
        inner = execute({**INPUT, "output_prefix": prefix}, name=name)
        assert (inner["status"], inner.get("error")) == ("FAILED", "fairdice.BadInput"), inner.get("cause")
    assert not audit_aws.keys("audits/2026-11-29/outer/")

    # When the third runs
    outer = execute(INPUT, name="outer")

    # Then it counts what an execution alone counts
    assert outer["status"] == "SUCCEEDED", outer.get("cause")
    assert json.loads(outer["output"]) == {
        **json.loads(alone["output"]),
        "summary": "audits/2026-11-29/outer/summary.json",
        "findings": "audits/2026-11-29/outer/findings.jsonl",
        "report": "audits/2026-11-29/outer/report.html",
    }
    assert audit_aws.json("audits/2026-11-29/outer/summary.json") == audit_aws.json(
        "audits/2026-11-29/alone/summary.json"
    )


# The shard of daily rolls (`shards`): the one whose audit reads the daily archive.
DAILY_SHARD = "games/2026-11-29/shard-5.jsonl"


@pytest.mark.parametrize("failing", ["archive_down", "refused"])
def test_a_shard_whose_daily_archive_does_not_answer_or_s3_refuses_is_tried_again_and_counted_once_it_is_read(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], failing: str
) -> None:
    # Given a worker that finds the daily archive not answering on a shard's first two tries (it stores nothing then,
    # tests/functions), or whose shard S3 refuses it twice (a role's new rights not yet on every S3 server; review: one
    # refusal failed the shard for good, and at 0% tolerated the whole audit), and the definition's tries for both, a
    # while apart
    key = DAILY_SHARD
    getattr(lambdas, failing)[key] = 2
    archive_retry = archive_retrier()
    assert archive_retry["MaxAttempts"] >= 2 and archive_retry["IntervalSeconds"] >= 10
    # a refusal too, by the name the worker fails with: a role's new rights take a while to reach every S3 server
    assert set(archive_retry["ErrorEquals"]) == {"ArchiveUnavailable", "ArchiveRefused", "ShardRefused"}

    # When the state machine runs (a second between tries here)
    described = execute(INPUT, quick_retries=True)

    # Then the shard is tried again until it is read, and counted as every other shard
    assert described["status"] == "SUCCEEDED", described.get("cause")
    assert len(lambdas.tries(key)) == 3
    output = json.loads(described["output"])
    assert (output["shards"], output["games"], output["errors"], output["not_audited"]) == (5, 51, 1, 0)


def test_a_shard_whose_daily_archive_never_answers_is_not_audited_and_named_by_a_finding(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes]
) -> None:
    # Given a worker that finds the daily archive not answering on every try of one shard
    key = DAILY_SHARD
    lambdas.archive_down[key] = 100

    # When the state machine runs (moto goes on past the failed child; at 0% tolerated AWS fails the map run)
    described = execute(INPUT, quick_retries=True)

    # Then the shard is tried as often as the definition says, stored as nothing, and named as not audited, its cause
    # the archive's error
    assert described["status"] == "SUCCEEDED", described.get("cause")
    archive_retry = archive_retrier()
    assert len(lambdas.tries(key)) == 1 + archive_retry["MaxAttempts"]
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    left_out = [f for f in findings if f.get("error", {}).get("code") == "not_audited"]
    assert [f["file"] for f in left_out] == [key]
    assert left_out[0]["error"]["message"].startswith("its audit failed (ArchiveUnavailable: ")
    assert json.loads(described["output"])["clean"] is False


@pytest.mark.parametrize("failing", ["none", "failing", "archive_down", "refused"])
def test_the_map_runs_result_files_count_the_children_step_functions_counts(
    audit_aws: AuditAws, lambdas: Lambda, shards: dict[str, bytes], monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    # Given a run of five shards: clean; with one whose only try fails (a timeout, not tried again) or whose every try
    # fails (the daily archive never answers); or with one that S3 refuses twice, then gives (its child succeeds)
    if failing == "failing":
        lambdas.failing.add(DAILY_SHARD)
    elif failing != "none":
        getattr(lambdas, failing)[DAILY_SHARD] = 100 if failing == "archive_down" else 2
    merge = lambdas.handlers[FUNCTIONS["AuditMergeFunctionArn"]]
    seen = []

    def counted_then_merged(event: Any, context: Any) -> Any:
        map_run = event["map_run"]
        sfn = boto3.client("stepfunctions", region_name="eu-west-1")
        manifest = audit_aws.json(map_run["ResultWriterDetails"]["Key"])
        written = {
            status: [child for file in files for child in audit_aws.json(file["Key"])]
            for status, files in manifest["ResultFiles"].items()
        }
        seen.append((sfn.describe_map_run(mapRunArn=map_run["MapRunArn"]), manifest, written))
        return merge(event, context)

    monkeypatch.setitem(lambdas.handlers, FUNCTIONS["AuditMergeFunctionArn"], counted_then_merged)

    # When the state machine runs (a second between tries here)
    described = execute(INPUT, quick_retries=True)

    # Then, at the merge's invoke, the result files hold a child a shard, each as its last try left it, and agree with
    # the map run's item counts as Step Functions describes them (moto 5.2.5 leaves executionCounts.running at 1 for
    # each failed child after the run ends; itemCounts are kept right)
    assert described["status"] == "SUCCEEDED", described.get("cause")
    ((map_run, manifest, written),) = seen
    assert (manifest["DestinationBucket"], manifest["MapRunArn"]) == (BUCKET, map_run["mapRunArn"])
    failed = [DAILY_SHARD] if failing in ("failing", "archive_down") else []
    assert [json.loads(child["Input"])["shard"]["Key"] for child in written["FAILED"]] == failed
    assert len(written["SUCCEEDED"]) == len(shards) - len(failed)
    assert written["PENDING"] == []
    counts = map_run["itemCounts"]
    assert counts["succeeded"] == len(written["SUCCEEDED"])
    assert counts["failed"] + counts["timedOut"] + counts["aborted"] == len(written["FAILED"])
    assert counts["total"] == len(written["SUCCEEDED"]) + len(written["FAILED"])


LAMBDA_SERVICE = ("Lambda.ServiceException", "Lambda.AWSLambdaException", "Lambda.SdkClientException",
                  "Lambda.TooManyRequestsException")  # fmt: skip
TIMED_OUT = ("Sandbox.Timedout", "Lambda.ClientExecutionTimeoutException", "Lambda.Unknown")


def test_each_task_retries_exactly_what_waiting_may_mend_with_growing_intervals() -> None:
    # The worker: Lambda's own failures, the daily archive not answering (or refusing while a role's rights spread), its
    # shard refused (ShardRefused: those rights again), S3 failing to give or take for now (StoreUnavailable: the
    # worker's handler names it so), and a worker that timed out or whose sandbox failed, fewer times (15 minutes a
    # try). Nothing else: ShardTooLarge, or a shard replaced or removed since the listing, fail the shard at once.
    parsed = json.loads(definition())
    assert retriers_by_errors(worker_retries(parsed)) == {
        LAMBDA_SERVICE: (2, 6, 2),
        ("ArchiveUnavailable", "ArchiveRefused", "ShardRefused"): (30, 3, 2),
        ("StoreUnavailable",): (5, 4, 2),
        TIMED_OUT: (10, 2, 2),
    }
    (store,) = [r for r in worker_retries(parsed) if r["ErrorEquals"] == ["StoreUnavailable"]]
    assert store["JitterStrategy"] == "FULL"  # a thousand shards throttled at once do not come back at once
    # The merge and the report read and write the audit bucket too: the same, the archive aside (they read none).
    for state in ("Merge", "Report"):
        assert retriers_by_errors(parsed["States"][state]["Retry"]) == {
            LAMBDA_SERVICE: (2, 3, 2),
            ("StoreUnavailable",): (5, 4, 2),
            TIMED_OUT: (10, 2, 2),
        }, state
    # No state catches an error into success: a failure not retried fails the state.
    assert "Catch" not in json.dumps(parsed)


def test_a_shard_whose_bytes_stop_coming_once_is_tried_again_and_audited(
    audit_aws: AuditAws,
    lambdas: Lambda,
    shards: dict[str, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """moto's interpreter honours Retry (moto/stepfunctions/parser/asl/component/common/retry/retrier_decl.py matches
    ErrorEquals against the error name, counts MaxAttempts and sleeps each interval), so the definition's own retrier
    runs here, a second apart (`quick_retries`)."""
    # Given a worker whose read of one shard breaks partway once (the real handler, on moto's S3)
    key = "games/2026-11-29/shard-3.jsonl.gz"
    flaky = FlakyClient(audit_aws.worker.s3, key)
    flaky.failing["get_object"] = [breaking_body(ResponseStreamingError(error="Connection broken: IncompleteRead"))]
    monkeypatch.setattr(audit_aws.worker, "s3", flaky)

    # When the state machine runs
    described = execute(INPUT, quick_retries=True)

    # Then the shard failed once with StoreUnavailable, was tried again and audited: the audit counts every shard
    assert described["status"] == "SUCCEEDED", described.get("cause")
    assert len(lambdas.tries(key)) == 2
    output = json.loads(described["output"])
    assert (output["shards"], output["games"], output["errors"], output["not_audited"]) == (5, 51, 1, 0)


def test_an_object_whose_key_ends_in_a_slash_is_a_shard_when_it_holds_games_and_nothing_when_empty(
    audit_aws: AuditAws, lambdas: Lambda
) -> None:
    # Given a day of one fair shard, an object whose key ends in "/" that holds a mismatched game (`aws s3 ls` shows
    # it as a folder) and an empty one, as the S3 console makes for a folder
    audit_aws.put("games/2026-11-29/shard-1.jsonl", games.jsonl([games.narde(n) for n in range(3)]))
    audit_aws.put("games/2026-11-29/late/", games.jsonl([games.mismatched(games.narde(50))]))
    audit_aws.put("games/2026-11-29/folder/", b"")

    # When the state machine runs on the day's prefix
    described = execute(INPUT)

    # Then the object with games is a shard like any other: named, its mismatch found, the audit not clean; the empty
    # folder holds nothing to audit or to miss
    assert described["status"] == "SUCCEEDED", described.get("cause")
    output = json.loads(described["output"])
    assert (output["games"], output["fair"], output["mismatch"], output["clean"]) == (4, 3, 1, False)
    summary = audit_aws.json(f"{OUT}summary.json")
    assert [record["file"] for record in summary["inputs"]] == [
        "games/2026-11-29/late/",
        "games/2026-11-29/shard-1.jsonl",
    ]
    findings = [json.loads(line) for line in audit_aws.get(f"{OUT}findings.jsonl").splitlines()]
    assert [(f["id"], f.get("verdict")) for f in findings] == [("narde-v1-50", "mismatch")]


@pytest.mark.parametrize(
    "execution_input",
    [
        {"input_prefix": "games/2026-11-29/", "output_prefix": "games/2026-11-29/"},
        {"input_prefix": "secrets/", "output_prefix": "audits/x/"},
        {"input_prefix": "games/2026-11-29/", "output_prefix": "audits/x"},
        {"input_prefix": "games/2026-11-29/"},
        # a space or an empty name between two slashes, which the functions would refuse only after every shard was
        # audited (review)
        {"input_prefix": "games/2026 11/", "output_prefix": "audits/x/"},
        {"input_prefix": "games//", "output_prefix": "audits/x/"},
        {"input_prefix": "games/2026-11-29/", "output_prefix": "audits/x y/"},
        {"input_prefix": "games/2026-11-29/", "output_prefix": "audits/x//"},
    ],
)
def test_prefixes_outside_games_and_audits_stop_the_execution_before_any_work(
    audit_aws: AuditAws, lambdas: Lambda, execution_input: dict[str, Any]
) -> None:
    described = execute(execution_input)
    assert described["status"] == "FAILED"
    assert described["error"] == "fairdice.BadInput"
    assert lambdas.calls == []


@pytest.mark.parametrize(
    ("output_prefix", "name"),
    [("audits/x/partials/", RUN), ("audits/partials/", RUN), ("audits/partials/x/", RUN), ("audits/x/", "partials")],
)
def test_an_execution_whose_folder_lies_in_one_named_partials_stops_before_any_work_saying_why(
    audit_aws: AuditAws, lambdas: Lambda, output_prefix: str, name: str
) -> None:
    # Given an output prefix with a folder named partials, or an execution named so: the worker may write under
    # audits/*/partials/*, and S3's "*" spans "/", so its grant would reach the execution's summary and findings
    # (review: the state machine took them)
    described = execute({"input_prefix": "games/2026-11-29/", "output_prefix": output_prefix}, name=name)

    # Then the execution stops at once, saying the name is kept for the workers' partial results
    assert (described["status"], described["error"]) == ("FAILED", "fairdice.BadInput")
    assert "nor the execution may be named partials" in described["cause"]
    assert lambdas.calls == []
