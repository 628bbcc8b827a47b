"""S3 failing, slow, throttling or serving changed bytes: never a wrong verdict, never a half-done archive.

S3 is moto's in-process mock; faults are injected between fairdice's S3 adapter and the boto3
client, as botocore reports them once its own retries are spent (a `ClientError` with S3's code,
or a timeout). The archive is the one `fairdice.archive.publisher.publish` writes.

- The verify side (the archive reader, then the API's daily routes) answers 503 with a clear
  error for every failed read, whichever read fails, and the next request gets the right verdict.
- A record changed in the archive is reported as tampered (502) or gives a seal mismatch; no
  change of any one stored object makes a verdict say `match` for a secret that is not the day's.
- The publisher, failing at any one of its S3 calls, stops with ArchiveUnavailable (so Lambda
  reports the run failed and the schedule retries it), leaves an archive that still checks, and
  the next run completes the work.
"""

import base64
import contextlib
import dataclasses
import datetime as dt
import json
import shutil
import socket
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import boto3
import botocore.exceptions
import pytest
from botocore.awsrequest import AWSResponse
from botocore.retries.standard import ExponentialBackoff
from daily_publisher import app as publisher
from fairdice.archive.layout import ArchiveIndex, Commitment, RevealedRecord, commitment_key, revealed_key, secret_key
from fairdice.archive.publisher import publish
from fairdice.archive.reader import ArchiveReader, daily_record, daily_verdict
from fairdice.errors import ArchiveUnavailable, TamperedRecord, UnknownDay
from fairdice.seal import seal_of
from fairdice.storage import (
    PATIENT,
    PROMPT,
    FolderStore,
    S3Connection,
    S3Patience,
    S3Store,
    StorageSettings,
    Stored,
    Stores,
)
from fairdice.verdict import Verdict
from hypothesis import given
from hypothesis import strategies as st
from moto import mock_aws
from moto.server import ThreadedMotoServer
from verify_api import app as api
from verify_api import archive as api_archive

from security.cloudformation import function_timeout, load_template
from security.fuzzing import bounded, json_values
from testkit.lambda_context import FakeLambdaContext
from testkit.stores import PassingStore

REGION = "eu-west-1"
ARCHIVE, SECRETS = "fairdice-archive", "fairdice-secrets"
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAY1, DAY2, DAY3, DAY4 = (dt.date(2025, 3, d) for d in (1, 2, 3, 4))
Event = dict[str, Any]


def at(day: dt.date, time: str = "00:00:05") -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


# ---- S3 with faults ---------------------------------------------------------------------------


def s3_error(code: str, status: int, operation: str) -> botocore.exceptions.ClientError:
    return botocore.exceptions.ClientError(
        {"Error": {"Code": code, "Message": code}, "ResponseMetadata": {"HTTPStatusCode": status}}, operation
    )


FAULTS: dict[str, Callable[[str], Exception]] = {
    "throttled": lambda op: s3_error("SlowDown", 503, op),
    "s3 error": lambda op: s3_error("InternalError", 500, op),
    "denied": lambda op: s3_error("AccessDenied", 403, op),
    "read timeout": lambda op: botocore.exceptions.ReadTimeoutError(endpoint_url="https://s3.eu-west-1.amazonaws.com"),
    "no connection": lambda op: botocore.exceptions.EndpointConnectionError(endpoint_url="https://s3"),
    "cut mid-body": lambda op: botocore.exceptions.ResponseStreamingError(error="connection reset"),
}


class FaultyClient:
    """A boto3 S3 client whose n-th calls fail as botocore reports failures (counting from 1)."""

    def __init__(self, client: Any, fail_at: set[int] | None = None, fault: str = "throttled") -> None:
        self.client = client
        self.fail_at = fail_at or set()
        self.fault = FAULTS[fault]
        self.calls: list[str] = []

    @property
    def meta(self) -> Any:  # where the client talks to (the store reads whether it is AWS's own S3)
        return self.client.meta

    def _call(self, operation: str, **kwargs: Any) -> Any:
        self.calls.append(operation)
        if len(self.calls) in self.fail_at:
            raise self.fault(operation)
        return getattr(self.client, operation)(**kwargs)

    def get_object(self, **kwargs: Any) -> Any:
        return self._call("get_object", **kwargs)

    def put_object(self, **kwargs: Any) -> Any:
        return self._call("put_object", **kwargs)

    def list_objects_v2(self, **kwargs: Any) -> Any:
        return self._call("list_objects_v2", **kwargs)

    def list_object_versions(self, **kwargs: Any) -> Any:
        return self._call("list_object_versions", **kwargs)


@pytest.fixture
def aws(fake_aws_credentials: None) -> Iterator[Any]:
    """moto's S3 with the template's two buckets; nothing leaves the process."""
    with mock_aws():
        client = boto3.client("s3", region_name=REGION)
        for bucket in (ARCHIVE, SECRETS):
            client.create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": REGION})  # type: ignore[typeddict-item]
        yield client


def faulty_stores(client: Any, faulty: FaultyClient) -> Stores:
    return Stores(secrets=S3Store(SECRETS, client=faulty), archive=S3Store(ARCHIVE, client=faulty))


def healthy_stores(client: Any) -> Stores:
    return Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))


# ---- the verify side: a failed read is 503, never a verdict ----------------------------------


def reads_of(client: Any, day: dt.date) -> list[str]:
    """The S3 calls one lookup of `day` makes, counted on a fault-free client."""
    counting = FaultyClient(client)
    with contextlib.suppress(UnknownDay):
        daily_verdict(ArchiveReader(S3Store(ARCHIVE, client=counting), clock=lambda: at(DAY4, "12:00")), day, PLAYER)
    return counting.calls


@pytest.mark.parametrize("fault", FAULTS)
def test_whichever_archive_read_fails_the_reader_says_unavailable_and_the_next_lookup_is_right(
    aws: Any, fault: str
) -> None:
    # Given an archive with three revealed days, the last linked to the one before
    stores = healthy_stores(aws)
    for day in (DAY1, DAY2, DAY3, DAY4):
        publish(stores, at(day))
    truth = daily_verdict(ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00")), DAY3, PLAYER)
    assert truth.checks.seal == "match"
    calls = reads_of(aws, DAY3)
    assert len(calls) >= 3  # the record, its commitment, the previous record
    assert "list_objects_v2" in calls  # the records of the days before DAY1, which have no commitment

    def failing_reader(failing: int) -> ArchiveReader:
        return ArchiveReader(
            S3Store(ARCHIVE, client=FaultyClient(aws, {failing}, fault)), clock=lambda: at(DAY4, "12:00")
        )

    for failing in range(1, len(calls) + 1):
        # When the n-th read of a lookup fails
        reader = failing_reader(failing)
        # Then it says which call failed: a read of an object, or the listing of revealed/ (the records of the days
        # looked back to with no commitment), each in its own words (review: "cannot (read|list)" took either for any)
        verbs = {"list_objects_v2": "list revealed/", "list_object_versions": "list the versions of "}
        verb = verbs.get(calls[failing - 1], "read ")
        if fault == "denied" and calls[failing - 1] == "list_object_versions":
            # S3 refusing this reader the versions of the day's commitment or record is no outage, and waiting does not
            # mend it: nothing then rules out one hidden or written again, so the day is at most incomplete, saying why
            refused = daily_verdict(reader, DAY3, PLAYER)
            assert refused.verdict == "incomplete"
            assert any("S3 refused to list the versions of" in reason for reason in refused.reasons)
        else:
            with pytest.raises(ArchiveUnavailable, match=f"S3 bucket {ARCHIVE}: cannot {verb}.*; try again later"):
                daily_verdict(reader, DAY3, PLAYER)
            with pytest.raises(ArchiveUnavailable):
                daily_record(failing_reader(failing), DAY3)
        # Then nothing half-read was kept: once S3 answers, the same reader gives the true verdict
        assert daily_verdict(reader, DAY3, PLAYER) == truth


def test_a_failed_read_of_a_day_the_archive_lacks_is_unavailable_not_unknown(aws: Any) -> None:
    stores = healthy_stores(aws)
    publish(stores, at(DAY1))
    # A day with no secret is 404 only when S3 said so; a failed read of it is 503.
    reader = ArchiveReader(S3Store(ARCHIVE, client=FaultyClient(aws, {1, 2}, "denied")), clock=lambda: at(DAY4))
    with pytest.raises(ArchiveUnavailable, match="AccessDenied"):
        daily_verdict(reader, dt.date(2025, 2, 1), PLAYER)


def fake_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")


@pytest.fixture
def s3_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """moto's S3 as a real HTTP server on loopback: the adapter's own client, retries and all, talks to it."""
    fake_credentials(monkeypatch)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    url = f"http://{host}:{port}"
    boto3.client("s3", endpoint_url=url, region_name=REGION).create_bucket(
        Bucket=ARCHIVE,
        CreateBucketConfiguration={"LocationConstraint": REGION},  # type: ignore[typeddict-item]
    )
    try:
        yield url
    finally:
        urllib.request.urlopen(urllib.request.Request(f"{url}/moto-api/reset", method="POST"), timeout=10).close()
        server.stop()


class Throttled:
    """S3's answer to too many requests, as botocore receives it."""

    def stream(self, **kwargs: Any) -> Iterator[bytes]:
        yield b"<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"


@pytest.mark.parametrize("patience", [PATIENT, PROMPT], ids=["publisher", "verify api"])
def test_the_adapters_client_retries_throttling_as_often_as_its_patience_says_and_no_more(
    s3_server: str, patience: S3Patience, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ExponentialBackoff, "delay_amount", lambda self, context: 0)  # no sleeping in tests
    for throttled in (patience.attempts - 1, patience.attempts):
        attempts: list[str] = []

        def throttle(
            request: Any, attempts: list[str] = attempts, throttled: int = throttled, **kwargs: Any
        ) -> AWSResponse | None:
            attempts.append(request.url)
            return AWSResponse(request.url, 503, {}, Throttled()) if len(attempts) <= throttled else None

        # Its attempts, each with time enough: PROMPT's half-second timeouts are for S3, not for moto answering from a
        # thread of this process on a loaded machine (an answer 0.6 s late timed the last attempt out, and the write
        # failed "(ReadTimeoutError)" where it was to succeed); the next test holds what PROMPT's timeouts do
        patient = dataclasses.replace(patience, connect_timeout=60, read_timeout=60)
        connection = S3Connection(endpoint_url=s3_server, region=REGION, patience=patient)
        client: Any = connection.client
        client.meta.events.register_first("before-send.s3.PutObject", throttle)
        store = S3Store(ARCHIVE, connection)
        key = f"secrets/2025-03-0{throttled}"
        if throttled < patience.attempts:
            assert store.put_new(key, b"x" * 32) is True  # the last attempt got through
        else:
            with pytest.raises(ArchiveUnavailable, match="SlowDown"):
                store.put_new(key, b"x" * 32)
            assert store.get(key) is None
        assert len(attempts) == throttled + (throttled < patience.attempts)


def test_an_s3_that_never_answers_is_unavailable_after_the_prompt_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_credentials(monkeypatch)
    # A listening socket that is never read: the connection opens, the request goes out, no answer comes.
    with socket.create_server(("127.0.0.1", 0)) as silent:
        port = silent.getsockname()[1]
        store = S3Store(ARCHIVE, S3Connection(endpoint_url=f"http://127.0.0.1:{port}", region=REGION, patience=PROMPT))
        started = time.monotonic()
        with pytest.raises(ArchiveUnavailable, match="ReadTimeoutError"):
            store.get(revealed_key(DAY1))
        print(f"an S3 that never answers: ArchiveUnavailable after {time.monotonic() - started:.2f} s")


def test_a_request_stops_reading_a_slow_archive_with_time_to_answer_before_the_lambda_timeout() -> None:
    """A request starts no archive read past its budget; the one under way then may take PROMPT's longest,
    and the answer (a 503, or a batch's 503 entries) still goes out before the timeout: the 503 is ours.
    How many reads a request makes no longer matters: tests/integration/test_archive_reads_s3.py."""
    timeout = function_timeout(load_template(), "VerifyApiFunction")
    last_read_ends = api_archive.READ_BUDGET + PROMPT.longest_call()
    print(f"archive reads end by {last_read_ends:.1f} s at the latest; the function's timeout is {timeout} s")
    assert last_read_ends + 2 <= timeout  # two seconds for the rest: a 1 MiB batch's work took 0.2-0.8 s
    # The publisher may die of its timeout (its fault test below covers a run stopped at any call),
    # but one call that keeps failing is reported as such first.
    assert PATIENT.longest_call() < function_timeout(load_template(), "DailyPublisherFunction")


# ---- changed bytes: tampered or a mismatch, never a wrong match ---------------------------------


@pytest.fixture(scope="module")
def genuine_archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[dt.date, Verdict]]:
    """Four publisher runs on local folders, and each revealed day's true verdict."""
    folder = tmp_path_factory.mktemp("genuine")
    stores = StorageSettings(data_dir=folder).stores()
    for day in (DAY1, DAY2, DAY3, DAY4):
        publish(stores, at(day))
    reader = ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00"))
    return folder, {day: daily_verdict(reader, day, PLAYER) for day in (DAY1, DAY2, DAY3)}


ARCHIVE_KEYS = [revealed_key(d) for d in (DAY1, DAY2, DAY3)] + [commitment_key(d) for d in (DAY1, DAY2, DAY3, DAY4)]


@st.composite
def changes(draw: st.DrawFn) -> tuple[str, Callable[[bytes], bytes]]:
    """One archive object and a change to its bytes: a byte, a cut, an insertion, a field, or all of it."""
    key = draw(st.sampled_from([*ARCHIVE_KEYS, "index.json"]))
    kind = draw(st.sampled_from(["byte", "cut", "insert", "field", "whole"]))
    where = draw(st.integers(0, 10_000))
    noise = draw(st.binary(min_size=1, max_size=8))
    other_secret = draw(st.binary(min_size=32, max_size=32))
    field = draw(st.sampled_from(["secret", "commitment", "next_commitment", "previous", "date"]))
    junk = draw(json_values)

    def change(data: bytes) -> bytes:
        i = where % (len(data) + 1)
        match kind:
            case "byte":
                return data[:i] + noise[:1] + data[i + 1 :]
            case "cut":
                return data[:i]
            case "insert":
                return data[:i] + noise + data[i:]
            case "field":
                document = json.loads(data)
                values = {
                    "secret": other_secret.hex(),
                    "commitment": seal_of(other_secret),
                    "next_commitment": seal_of(other_secret),
                    "previous": {"date": "2025-02-28", "sha256": seal_of(other_secret)},
                    "date": "2025-02-28",
                }
                document[field if field in document else "commitment"] = values[field]
                return json.dumps(document).encode()
        return json.dumps(junk).encode()

    return key, change


@bounded(150)
@given(change=changes())
def test_no_change_to_one_archive_object_makes_a_verdict_match_a_wrong_secret(
    change: tuple[str, Callable[[bytes], bytes]], genuine_archive: tuple[Path, dict[dt.date, Verdict]]
) -> None:
    source, truth = genuine_archive
    key, alter = change
    with tempfile.TemporaryDirectory() as copy:
        shutil.copytree(source / "archive", Path(copy), dirs_exist_ok=True)
        archive = FolderStore(Path(copy))
        archive.replace(key, alter(archive.get(key) or b""))
        for day, genuine in truth.items():
            reader = ArchiveReader(archive, clock=lambda: at(DAY4, "12:00"))
            try:
                verdict = daily_verdict(reader, day, PLAYER)
            except TamperedRecord as exc:
                assert exc.message
                continue
            if verdict.checks.seal == "match":
                # A match vouches for the day's real secret: the rolls are the true ones.
                assert verdict.seal.computed == genuine.seal.computed
                assert verdict.rolls == genuine.rolls
            else:
                assert verdict.verdict == "mismatch"


# ---- the same, through the API's daily routes --------------------------------------------------


EVENTS = Path(__file__).resolve().parents[2] / "events"


def event(name: str, path: str | None = None, body: object | None = None, query: str | None = None) -> Event:
    loaded: Event = json.loads((EVENTS / f"{name}.json").read_text())
    if path is not None:
        loaded["rawPath"] = loaded["requestContext"]["http"]["path"] = path
    if body is not None:
        loaded["body"], loaded["isBase64Encoded"] = json.dumps(body), False
    if query is not None:
        loaded["rawQueryString"] = query
    return loaded


def daily_requests() -> dict[str, Event]:
    day = DAY3.isoformat()
    return {
        "GET /daily/{date}": event("api-daily-record", path=f"/daily/{day}"),
        "GET /daily/{date}/{player_id}": event("api-daily-roll", path=f"/daily/{day}/{PLAYER}"),
        "POST /verify": event(
            "api-verify-daily-from-archive", body={"scheme": "daily", "date": day, "player_id": PLAYER}
        ),
        "GET /check": event("api-check-seed000", query=f"scheme=daily&date={day}&player={PLAYER}"),
    }


def answer(request: Event) -> tuple[int, dict[str, str], Any]:
    result = api.lambda_handler(request, FakeLambdaContext())
    body = result.get("body", "")
    if result.get("isBase64Encoded"):
        body = base64.b64decode(body).decode()
    return result["statusCode"], result.get("headers", {}), json.loads(body)


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
@pytest.mark.parametrize("fault", ["throttled", "read timeout", "denied"])
def test_the_api_answers_503_with_retry_after_when_the_archive_cannot_be_read(
    aws: Any, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stores = healthy_stores(aws)
    for day in (DAY1, DAY2, DAY3, DAY4):
        publish(stores, at(day))
    for route, request in daily_requests().items():
        failing = FaultyClient(aws, set(range(1, 100)), fault)
        monkeypatch.setattr(
            api_archive, "DAILY", ArchiveReader(S3Store(ARCHIVE, client=failing), clock=lambda: at(DAY4, "12:00"))
        )
        status, headers, body = answer(request)
        assert status == 503, (route, body)
        assert body["error"]["code"] == "archive_unavailable", route
        assert "try again later" in body["error"]["message"]
        assert headers["Retry-After"].isdigit()
        # And once S3 answers again, the same route gives the verdict.
        monkeypatch.setattr(
            api_archive, "DAILY", ArchiveReader(S3Store(ARCHIVE, client=aws), clock=lambda: at(DAY4, "12:00"))
        )
        assert answer(request)[0] == 200, route


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
def test_the_api_reports_a_tampered_record_or_a_broken_link_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stores = StorageSettings(data_dir=tmp_path).stores()
    for day in (DAY1, DAY2, DAY3, DAY4):
        publish(stores, at(day))
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00")))
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY2)) or b"")

    # A secret that does not give the record's own commitment: tampered, 502, whatever the route
    stores.archive.replace(revealed_key(DAY2), record.model_copy(update={"secret": "00" * 32}).to_bytes())
    day2 = DAY2.isoformat()
    for request in (
        event("api-daily-roll", path=f"/daily/{day2}/{PLAYER}"),
        event("api-daily-record", path=f"/daily/{day2}"),
        event("api-verify-daily-from-archive", body={"scheme": "daily", "date": day2, "player_id": PLAYER}),
    ):
        status, _, body = answer(request)
        assert (status, body["error"]["code"]) == (502, "tampered_record")
        assert "revealed/2025-03-02.json: its secret does not give its own commitment" in body["error"]["message"]

    # The day after links to the changed record by its SHA-256: that link is broken, and said so
    stores.archive.replace(revealed_key(DAY2), record.model_copy(update={"next_commitment": None}).to_bytes())
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00")))
    status, _, body = answer(event("api-daily-roll", path=f"/daily/{DAY3.isoformat()}/{PLAYER}"))
    assert (status, body["error"]["code"]) == (502, "tampered_record")
    assert "is not the record revealed/2025-03-03.json links to" in body["error"]["message"]

    # A secret swapped for another, consistent with itself: the verdict says the seal does not match
    other = bytes(range(32, 64))
    commitment = Commitment.model_validate_json(stores.archive.get(commitment_key(DAY1)) or b"")
    first = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(DAY1)) or b"")
    swapped = first.model_copy(update={"secret": other.hex(), "commitment": seal_of(other)})
    stores.archive.replace(revealed_key(DAY1), swapped.to_bytes())
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00")))
    status, headers, verdict = answer(event("api-daily-roll", path=f"/daily/{DAY1.isoformat()}/{PLAYER}"))
    assert (status, verdict["verdict"], verdict["checks"]["seal"]) == (200, "mismatch", "mismatch")
    assert (verdict["seal"]["given"], verdict["seal"]["computed"]) == (commitment.commitment, seal_of(other))
    assert "immutable" not in headers["Cache-Control"]


# ---- the publisher: a fault anywhere, then the next run ----------------------------------------


def objects(client: Any, bucket: str) -> dict[str, bytes]:
    listed = client.list_objects_v2(Bucket=bucket).get("Contents", [])
    return {item["Key"]: client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read() for item in listed}


def assert_archive_holds(client: Any, today: dt.date) -> list[dt.date]:
    """What must hold after any run, finished or not; the days revealed."""
    archive, secrets = objects(client, ARCHIVE), objects(client, SECRETS)
    assert not any(key.startswith("secrets/") for key in archive), "a secret in the public archive"
    secret_of = {dt.date.fromisoformat(key.removeprefix("secrets/")): data for key, data in secrets.items()}
    assert all(len(secret) == 32 for secret in secret_of.values())
    revealed = sorted(dt.date.fromisoformat(k[9:19]) for k in archive if k.startswith("revealed/"))
    assert all(day < today for day in revealed), "a day revealed before it was over"
    for key, data in archive.items():
        if key.startswith("commitments/"):
            published = Commitment.model_validate_json(data)
            assert published.commitment == seal_of(secret_of[published.date])
    reader = ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: at(today, "12:00"))
    for day in revealed:  # every record checks: its secret, its commitment, its link to the one before
        assert reader.record(day).seal == "match"
        assert bytes.fromhex(RevealedRecord.model_validate_json(archive[revealed_key(day)]).secret) == secret_of[day]
    if "index.json" in archive:  # derived, rewritten last: it may lag, never run ahead
        assert set(ArchiveIndex.model_validate_json(archive["index.json"]).revealed) <= set(revealed)
    return revealed


def before_the_faulty_run(client: Any) -> None:
    """Days 1 and 2 published; day 3's run died between its two writes (a secret, no commitment)."""
    stores = healthy_stores(client)
    publish(stores, at(DAY1))
    publish(stores, at(DAY2))
    stores.secrets.put_new(secret_key(DAY3), bytes([3]) * 32)


def test_a_publisher_run_failing_at_any_s3_call_leaves_a_sound_archive_and_the_next_run_finishes(aws: Any) -> None:
    before_the_faulty_run(aws)
    counting = FaultyClient(aws)
    snapshot = {bucket: objects(aws, bucket) for bucket in (ARCHIVE, SECRETS)}
    publish(faulty_stores(aws, counting), at(DAY4))
    calls = len(counting.calls)
    assert calls > 10
    print(f"day 4's run makes {calls} S3 calls; each is failed in turn")

    for failing in range(1, calls + 1):
        # Given the state before day 4's run (restored: moto has no snapshot)
        for bucket in (ARCHIVE, SECRETS):
            for key in objects(aws, bucket):
                aws.delete_object(Bucket=bucket, Key=key)
            for key, data in snapshot[bucket].items():
                aws.put_object(Bucket=bucket, Key=key, Body=data)
        # When day 4's run fails at its n-th S3 call
        with pytest.raises(ArchiveUnavailable, match="try again later"):
            fault = ("throttled", "read timeout", "s3 error")[failing % 3]
            publish(faulty_stores(aws, FaultyClient(aws, {failing}, fault)), at(DAY4))
        # Then what it left checks, and the schedule's next attempt completes the work
        assert_archive_holds(aws, DAY4)
        report = publish(healthy_stores(aws), at(DAY4, "00:10:00"))
        assert assert_archive_holds(aws, DAY4) == [DAY1, DAY2, DAY3], failing
        assert report.reveal.head is not None and report.reveal.head.date == DAY3
        index = ArchiveIndex.model_validate_json(aws.get_object(Bucket=ARCHIVE, Key="index.json")["Body"].read())
        assert index.revealed == [DAY1, DAY2, DAY3]
        assert aws.get_object(Bucket=ARCHIVE, Key=commitment_key(DAY4))  # today is committed


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
def test_the_scheduled_handler_fails_the_invocation_so_it_is_retried_and_the_retry_completes(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    before_the_faulty_run(aws)
    midnight = json.loads((EVENTS / "scheduled-midnight.json").read_text())
    retry = json.loads((EVENTS / "scheduled-retry.json").read_text())
    monkeypatch.setattr(publisher.metrics.provider, "namespace", "fairdice")
    monkeypatch.setattr(publisher, "clock", lambda: at(DAY4))
    monkeypatch.setattr(publisher, "stores", faulty_stores(aws, FaultyClient(aws, {4, 5, 6, 7}, "throttled")))

    with pytest.raises(ArchiveUnavailable, match="SlowDown"):
        publisher.lambda_handler(midnight, FakeLambdaContext())  # type: ignore[arg-type]

    monkeypatch.setattr(publisher, "clock", lambda: at(DAY4, "00:10:00"))
    monkeypatch.setattr(publisher, "stores", healthy_stores(aws))
    result = publisher.lambda_handler(retry, FakeLambdaContext())  # type: ignore[arg-type]
    assert result["reveal"]["revealed"] == ["2025-03-02", "2025-03-03"]
    assert result["reveal"]["late_commitments"] == ["2025-03-03"]
    assert assert_archive_holds(aws, DAY4) == [DAY1, DAY2, DAY3]


def test_a_store_that_says_written_but_cannot_read_back_is_unavailable(tmp_path: Path) -> None:
    """Write-once relies on reading back the winner's secret; an S3 that loses it must not make a second one."""

    class Forgetful(PassingStore):
        def get(self, key: str) -> bytes | None:
            return None

        def read(self, key: str) -> Stored | None:
            return None

        def put_new(self, key: str, data: bytes) -> bool:
            return False

    folders = StorageSettings(data_dir=tmp_path).stores()
    with pytest.raises(ArchiveUnavailable, match="reported as existing but cannot be read"):
        publish(Stores(secrets=Forgetful(folders.secrets), archive=folders.archive), at(DAY1))
    assert folders.archive.list("") == []
