"""The audit's S3 side: shards read as streams, partial results and outputs under a prefix.

boto3 is imported when a client is first made, never at import. This module streams (a shard
is read as it is audited; large outputs go up in parts), which `fairdice.storage`'s whole-object
store does not; its client is the storage adapter's (`client`), so every S3 call of fairdice goes
to the endpoint and region the same variables name, with the same bounded timeouts and retries.
"""

import datetime as dt
import errno
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, BinaryIO

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from fairdice.audit.archive import DayArchive
from fairdice.audit.lines import Hashed, numbered_lines
from fairdice.audit.shard import audit_shard
from fairdice.audit.tally import InputRecord, Partial
from fairdice.errors import ShardChanged, StoreUnavailable
from fairdice.prose import cut
from fairdice.storage import StorageSettings, error_code

# A folder's name: anything but a slash or a space, in a prefix `_printable` also holds to (no other whitespace, no
# control or format character). The state machine checks the same two shapes first (statemachines/audit.asl.json: no
# space, no empty name), the functions' rights are granted on these prefixes only (template.yaml), and the output
# prefix ends in the execution's name, which AWS allows no whitespace, slash or control character in either.
_SEGMENT = r"[^/ ]+"


def _printable(prefix: str) -> str:
    """A prefix a person reads as it is: no character that shows nothing (a bidi control, a zero-width space)."""
    if not prefix.isprintable():
        raise ValueError("must hold no character that shows nothing (a control, format or zero-width character)")
    return prefix


InputPrefix = Annotated[str, StringConstraints(pattern=rf"^games/({_SEGMENT}/)+$"), AfterValidator(_printable)]
OutputPrefix = Annotated[str, StringConstraints(pattern=rf"^audits/({_SEGMENT}/)+$"), AfterValidator(_printable)]
MAX_CAUSE = 300
# What waiting may mend, as botocore's standard retry mode judges it (botocore.retries.standard): S3's 5xx and 429, its
# throttling and request timeouts; a connection that failed, dropped or timed out and a response cut short are told by
# their class (`transient`). What outlives boto3's own retries fails the function with StoreUnavailable, which the
# state machine tries again a while later. AccessDenied, NoSuchKey, NoSuchBucket and the like are none of these.
_TRANSIENT_STATUS = frozenset({429, 500, 502, 503, 504})
_TRANSIENT_CODES = frozenset(
    {
        "SlowDown", "InternalError", "ServiceUnavailable", "RequestTimeout", "RequestTimeoutException",
        "PriorRequestNotComplete", "Throttling", "ThrottlingException", "ThrottledException", "RequestThrottled",
        "RequestThrottledException", "TooManyRequestsException", "RequestLimitExceeded", "BandwidthLimitExceeded",
    }
)  # fmt: skip


class AuditSettings(BaseModel):
    """The audit functions' settings, read once at cold start: the audit bucket."""

    model_config = ConfigDict(frozen=True)

    bucket: str = Field(min_length=3, max_length=63)

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "AuditSettings":
        """Read FAIRDICE_AUDIT_BUCKET; a missing one fails the cold start, naming it."""
        bucket = environ.get("FAIRDICE_AUDIT_BUCKET")
        if not bucket:
            raise RuntimeError("FAIRDICE_AUDIT_BUCKET is not set: the audit bucket's name")
        return cls(bucket=bucket)


def client(storage: StorageSettings) -> Any:
    """An S3 client made by the storage adapter (boto3 imported then, at first use) from the settings the caller read
    (the core reads no environment itself): the region AWS_REGION names, the endpoint FAIRDICE_S3_ENDPOINT_URL names
    when set (a local emulator), bounded timeouts and retries."""
    return storage.connection().client


class S3Results:
    """`Results` under a prefix of a bucket."""

    read_ahead = 16  # each object is a round trip: read many at once

    def __init__(self, bucket: str, prefix: str, s3: Any) -> None:
        self.bucket = bucket
        self.prefix = prefix
        self._s3 = s3

    def __repr__(self) -> str:
        return f"S3Results(s3://{self.bucket}/{self.prefix})"

    def list(self, prefix: str) -> list[str]:
        """Every name under this store's prefix that starts with `prefix`, sorted."""
        return [key[len(self.prefix) :] for key in list_keys(self._s3, self.bucket, self.prefix + prefix)]

    @contextmanager
    def open(self, name: str) -> Iterator[BinaryIO]:
        """The object's body as a stream."""
        body = self._s3.get_object(Bucket=self.bucket, Key=self.prefix + name)["Body"]
        try:
            yield body
        finally:
            body.close()

    def put(self, name: str, data: bytes) -> None:
        """Write a small object whole."""
        self._s3.put_object(Bucket=self.bucket, Key=self.prefix + name, Body=data)

    def put_file(self, name: str, path: Path) -> None:
        """Upload a local file, in parts when it is large."""
        self._s3.upload_file(str(path), self.bucket, self.prefix + name)


def transient(exc: BaseException) -> bool:
    """Whether an S3 call's failure may mend by waiting: a connection that failed, dropped or timed out, a response cut
    short, or S3's answer of 5xx, 429, throttling or a request timeout (`_TRANSIENT_CODES`). An upload's (boto3 names
    it S3UploadFailedError) is judged by the S3 error it was raised for."""
    from botocore.exceptions import ClientError, ConnectionError, HTTPClientError, IncompleteReadError

    cause = _s3_cause(exc)
    if isinstance(cause, ConnectionError | HTTPClientError | IncompleteReadError):
        return True  # EndpointConnectionError, ConnectTimeoutError, ReadTimeoutError, ConnectionClosedError, ...
    if isinstance(cause, ClientError):
        response: dict[str, Any] = dict(cause.response)
        status = (response.get("ResponseMetadata") or {}).get("HTTPStatusCode")
        return error_code(cause) in _TRANSIENT_CODES or status in _TRANSIENT_STATUS
    return False


def _s3_cause(exc: BaseException) -> BaseException | None:
    """The S3 failure behind an exception: an upload's own error (boto3's S3UploadFailedError) is raised for another,
    which is the cause; None for an upload failure with none."""
    from boto3.exceptions import S3UploadFailedError

    return exc.__context__ if isinstance(exc, S3UploadFailedError) else exc


@contextmanager
def store_failures(doing: str) -> Iterator[None]:
    """Within it, an S3 failure that waiting may mend (`transient`) is StoreUnavailable, saying what was being done and
    why; any other failure (an S3 refusal, a missing key, a fault of fairdice) goes on as it was."""
    try:
        yield
    except Exception as exc:
        if not transient(exc):
            raise
        raise StoreUnavailable(f"{doing}: S3 did not answer ({_reason(exc)}); try again later") from exc


@contextmanager
def scratch_space(too_large: Callable[[str], Exception]) -> Iterator[None]:
    """Within it, a function's /tmp that fills up (ENOSPC) is `too_large(room)`, `room` its size in words ("2,048 MB"):
    an error that says why and what to do, rather than an OSError naming a scratch file. No try mends it, so the state
    machine does not try it again."""
    try:
        yield
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise
        raise too_large(f"{shutil.disk_usage(tempfile.gettempdir()).total // 2**20:,} MB") from exc


def _reason(exc: BaseException) -> str:
    """An S3 failure in a few words: S3's error code, or the exception's class and first line."""
    cause = _s3_cause(exc) or exc
    if (code := error_code(cause)) is not None:
        return code[:MAX_CAUSE]
    first_line = str(cause).split("\n", 1)[0]
    return f"{type(cause).__name__}: {first_line}"[:MAX_CAUSE]


class _Streamed:
    """An S3 object's body as it streams in, whose read fails with StoreUnavailable when the bytes stop coming.

    The object was found and is being sent, so a read that fails (botocore's ReadTimeoutError, ResponseStreamingError
    or IncompleteReadError, urllib3's protocol error, a reset socket) is the connection's failure, never the shard's:
    the shard fails, to be tried again, rather than be stored as audited with a finding that it could not be read
    (`numbered_lines` makes one of a local file's OSError, and botocore's ReadTimeoutError is an OSError too)."""

    def __init__(self, body: Any, bucket: str, key: str) -> None:
        self._body = body
        self._where = f"s3://{bucket}/{key}"

    def read(self, size: int = -1, /) -> bytes:
        """Up to `size` bytes of the object; StoreUnavailable when they stop coming."""
        from botocore.exceptions import BotoCoreError
        from urllib3.exceptions import HTTPError

        try:
            data: bytes = self._body.read(size)
        except (BotoCoreError, HTTPError, OSError) as exc:
            raise StoreUnavailable(
                f"reading {self._where}: its bytes stopped coming ({_reason(exc)}); try again later"
            ) from exc
        return data


def list_keys(s3: Any, bucket: str, prefix: str) -> list[str]:
    """Every key under a prefix, page after page, sorted."""
    return list(list_etags(s3, bucket, prefix))


def list_etags(s3: Any, bucket: str, prefix: str) -> dict[str, str]:
    """Every object under a prefix with its ETag, page after page, in key order: every shard the map lists. An empty
    object whose key ends in `/` (the S3 console's folder) holds no game and is left out; one that holds bytes is a
    shard like any other, whatever its key looks like."""
    listed: dict[str, str] = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        listed.update(
            (item["Key"], item["ETag"])
            for item in page.get("Contents", [])
            if not (item["Key"].endswith("/") and item["Size"] == 0)
        )
    return dict(sorted(listed.items()))


def audit_object(
    bucket: str,
    key: str,
    results: S3Results,
    name: str,
    s3: Any,
    archive: DayArchive | None = None,
    today: dt.date | None = None,
    max_lines: int | None = None,
    etag: str | None = None,
) -> Partial:
    """Audit one shard object as it streams in; its partial result goes to `results`. Daily games are checked
    against `archive`, when there is one, and by `today`, the worker's UTC day, as `audit_shard` takes them, and a
    shard of more than `max_lines` games fails (ShardTooLarge). Bytes that stop coming fail it too (StoreUnavailable),
    rather than be a finding that the shard could not be read. `etag`: the object's as the map listed it; another
    version under the key now fails the shard (ShardChanged), rather than be audited in its place (review: a shard
    replaced after the listing, before its worker read it, was counted as audited)."""
    response = _get(s3, bucket, key, etag)
    body = response["Body"]
    hashed = Hashed(_Streamed(body, bucket, key))

    def source() -> InputRecord:
        return InputRecord(
            file=key,
            bytes=hashed.bytes,
            sha256=hashed.finish(),
            version=response.get("VersionId"),
            etag=response.get("ETag"),
        )

    try:
        lines = numbered_lines(hashed, key)
        return audit_shard(lines, key, results, name, source=source, archive=archive, today=today, max_lines=max_lines)
    finally:
        body.close()


def _get(s3: Any, bucket: str, key: str, etag: str | None) -> Any:
    """GetObject of the version whose ETag is `etag` (any version, when None); ShardChanged when another is there, or
    none is."""
    from botocore.exceptions import ClientError

    try:
        return s3.get_object(Bucket=bucket, Key=key, **({"IfMatch": etag} if etag else {}))
    except ClientError as exc:
        code = error_code(exc)
        if code in ("NoSuchKey", "AccessDenied"):
            # A key that is gone is answered AccessDenied to a reader that may not list the bucket, as the worker may
            # not: said as what it most likely is, not as a matter of permissions alone (review)
            raise ShardChanged(
                f"s3://{bucket}/{key} cannot be read ({code}): it was removed after the map listed it (S3 answers a key"
                " that is gone as AccessDenied to a reader that may not list the bucket), or this role may not read"
                " it; audit the prefix again"
            ) from exc
        if code != "PreconditionFailed":
            raise
        raise ShardChanged(
            f"s3://{bucket}/{key} is no longer the object the map listed (ETag {cut(etag or '', 80)}): it was replaced"
            " while the audit ran, and the version listed was not audited; audit the prefix again"
        ) from exc


def failed_shards(s3: Any, bucket: str, manifest_key: str) -> dict[str, str]:
    """Each shard whose child execution failed, with its error, from a map run's ResultWriter manifest.

    The manifest lists result files by status; each FAILED file is a JSON array of child
    executions whose `Input` is the item the map gave the worker (`{"shard": {"Key": ...}}`).
    """
    manifest = json.loads(s3.get_object(Bucket=bucket, Key=manifest_key)["Body"].read())
    failed: dict[str, str] = {}
    for result in manifest.get("ResultFiles", {}).get("FAILED", []):
        executions = json.loads(s3.get_object(Bucket=bucket, Key=result["Key"])["Body"].read())
        for execution in executions:
            child = json.loads(execution.get("Input") or "{}")
            key = (child.get("shard") or {}).get("Key")
            if isinstance(key, str):
                cause = f"{execution.get('Error') or 'failed'}: {execution.get('Cause') or 'no cause given'}"
                failed[key] = f"its audit failed ({cause[:MAX_CAUSE]})"
    return failed
