"""The storage adapter: one small object-store interface, backed by S3 or by folders on disk.

This is the only module that makes S3 clients (`S3Connection`) or calls S3, or makes the audit
merge's Step Functions client (`step_functions`), and it imports boto3 lazily (inside functions), so
importing fairdice never pays boto3's import cost; the verify API's /verify and /check paths never
load it. Everything above this module (`fairdice.archive`) sees only `ObjectStore`. The audit's S3
side is here too (its own section, below): shards read as they stream in, results written under a
prefix and uploaded in parts, and which failures waiting may mend.

Two logical stores exist: the private secret store and the public archive. Write-once
(`put_new`) is the one write they rely on for anything that must never change; `replace`
exists for the archive's `index.json` alone, a convenience derived from the write-once records.
"""

import contextlib
import datetime as dt
import hashlib
import importlib.util
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, BinaryIO, Literal, Protocol
from urllib.parse import urlsplit

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from fairdice.errors import (
    ArchiveRefused,
    ArchiveUnavailable,
    InvalidInput,
    MissingBucket,
    MissingCredentials,
    NotADocument,
    NotReadableYet,
    ShardChanged,
    ShardRefused,
    StoreUnavailable,
)
from fairdice.fields import is_http_url
from fairdice.prose import cut, repr_of

_KEY = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*")
# What a file written whole is named while it is written, beside its place: no reader lists it (the audit's folders too)
STAGED_PREFIX = ".incoming-"
# The most bytes a read of either store takes: the largest document is index.json, 13 bytes a revealed day (some 80,000
# days fit), the others a few hundred. Whatever is larger is no document, and read whole it could take the memory
MAX_OBJECT_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Stored:
    """An object's bytes and when the store itself says it was written (not a time the writer claims).

    `witnessed` says whether that time is one no writer can set: AWS S3's own LastModified is; a file's
    modification time is not (whoever holds the folder sets it with `touch`), nor is the time an S3
    endpoint of one's own answers (`aws_own`), so they prove nothing. `locked_until` says until when S3 keeps this
    version, as it reads, whatever anyone asks (Object Lock in compliance mode): no one, the account's root user
    included, can delete it before then (`locked_at`); after it, anyone the bucket's policy lets can. S3 does not say
    since when: a bucket that locks every version as it is written (the stack's
    archive, by default retention) kept it from its writing, but on another, retention may have been put on a
    version after another one was deleted outright, which only CloudTrail shows (reviews: on a bucket without any
    lock, two commitments were published and one deleted outright after the day).
    """

    data: bytes
    modified: dt.datetime  # aware, UTC: S3's LastModified, a file's modification time
    witnessed: bool
    locked_until: dt.datetime | None = None  # aware, UTC: the end of its compliance-mode retention; None: none


# A listing with times (`ObjectStore.list_dated`): each key, the store's time for it (NOT_KNOWN: none of its own) and
# whether that time is a witness (`Stored.witnessed`)
DatedKeys = list[tuple[str, dt.datetime, bool]]

# Called by a listing before each page after its first (`ObjectStore.list`): it may stop the listing by raising
EachPage = Callable[[], None]

# When a store cannot say when an object was written: later than any deadline, so it proves nothing in time.
NOT_KNOWN = dt.datetime.max.replace(tzinfo=dt.UTC)


def locked_at(until: dt.datetime | None, moment: dt.datetime) -> bool:
    """Whether a version kept until `until` (`Stored.locked_until`) is still kept at `moment`: a retention that has
    ended keeps nothing, as S3 then lets the version be deleted outright (review: kept a day, read a week on)."""
    return until is not None and until > moment


def known_time(moment: dt.datetime) -> dt.datetime | None:
    """A store's time as shown: None where it gives none (NOT_KNOWN, later than any moment; review: shown as the year
    9999)."""
    return None if moment == NOT_KNOWN else moment


@dataclass(frozen=True)
class History:
    """What a store that keeps every version (S3, versioned) holds of one key: when each version was written and when
    each delete marker was put, as S3 itself dates them (LastModified), earliest first. The publisher writes a
    commitment or a record once and hides none, so one key of either holds one version and no delete marker; more is a
    version written again, or one hidden (a plain DeleteObject, which Object Lock lets through, as it removes no
    version) and perhaps written again over the marker (`put_new` succeeds there)."""

    versions: tuple[dt.datetime, ...]
    markers: tuple[dt.datetime, ...]
    # False where the listing stopped at the first page that showed the key rewritten (`S3Store.history`): S3 keeps at
    # least these, perhaps more
    whole: bool = True

    @property
    def rewritten(self) -> bool:
        """Whether the key holds more than one version or any delete marker."""
        return len(self.versions) > 1 or bool(self.markers)


class ObjectStore(Protocol):
    """Keys to bytes, where a written key can be made never to change."""

    @property
    def witnessed(self) -> bool:
        """Whether the times this store gives are ones no writer can set (`Stored.witnessed`: AWS S3's own), known
        before anything is read: False for a folder or an S3 endpoint other than AWS's, whose days are then at most
        incomplete once revealed, a day not yet revealed too."""
        ...

    def get(self, key: str) -> bytes | None:
        """The object's bytes, or None when there is no such key."""
        ...

    def read(self, key: str) -> Stored | None:
        """The object's bytes and when the store wrote it, or None when there is no such key."""
        ...

    def put_new(self, key: str, data: bytes) -> bool:
        """Write `data` only if `key` does not exist yet; False (and nothing written) if it did.

        Of any number of concurrent writers of one key exactly one gets True, and a reader
        never sees a partly written object.
        """
        ...

    def replace(self, key: str, data: bytes) -> None:
        """Write `data` whether or not `key` exists (the archive's index only)."""
        ...

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        """Every key starting with `prefix`, sorted; with `after`, those that sort after it alone (S3's StartAfter);
        with `through`, none that sorts after it (S3 asked for no page past the first that reaches beyond it).
        `each_page` is called before each page after the first is asked for, and may stop the listing by raising
        (`BudgetedStore`): a store that lists in one call (a folder) never calls it."""
        ...

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        """As `list`, in the same calls, each key with the store's time for it and whether that time is a witness,
        as `read` would give them (`Stored.modified`, `Stored.witnessed`): NOT_KNOWN where the listing gives no time of
        the store's own for it. `each_page` as `list` calls it."""
        ...

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        """Every version and delete marker the store keeps of `key` itself (not of keys it prefixes); None where the
        store keeps no versions (a folder: a file written over leaves no trace). ArchiveRefused where the store refuses
        to list them (S3's AccessDenied: a reader not allowed s3:ListBucketVersions). `each_page` as `list` calls
        it."""
        ...


def _checked_key(key: str) -> str:
    if not _KEY.fullmatch(key):
        raise ValueError(f"an object key is path segments of letters, digits, '.', '_' and '-', not {repr_of(key)}")
    return key


def _document(data: bytes, key: str, where: str) -> bytes:
    """An object's bytes as read, at most MAX_OBJECT_BYTES and one more: NotADocument if there were more."""
    if len(data) > MAX_OBJECT_BYTES:
        raise NotADocument(f"{key} {where} is larger than {MAX_OBJECT_BYTES:,} bytes, which no document is: not read")
    return data


# ---- local folders -----------------------------------------------------------------------


class FolderStore:
    """An `ObjectStore` in a folder: one file per key, the same layout as the bucket.

    Write-once is a hard link from a fully written temporary file to the key's path: `link`
    fails if the path exists, so racing processes get exactly one winner, and the path only
    ever appears complete.
    """

    def __init__(self, root: Path, *, private: bool = False) -> None:
        self.root = root
        # Secrets are readable by their owner only; the archive is meant to be served as is.
        self._file_mode = 0o600 if private else 0o644
        self._dir_mode = 0o700 if private else 0o755

    def __repr__(self) -> str:
        return f"FolderStore({str(self.root)!r})"

    @property
    def witnessed(self) -> bool:
        """False: a file's time is one whoever holds the folder sets (`read`)."""
        return False

    def get(self, key: str) -> bytes | None:
        """The file's bytes, or None when it does not exist."""
        found = self.read(key)
        return None if found is None else found.data

    def read(self, key: str) -> Stored | None:
        """The file's bytes and its modification time (the link that wrote it once keeps it): a time whoever holds
        the folder can set, so not a witnessed one. NotADocument for a file larger than any document, NotReadableYet
        for no regular file (its holder may replace it): a link to /dev/zero was read until memory ran out, and a FIFO
        waited for a writer for ever (review)."""
        try:
            handle = os.open(self._path(key), os.O_RDONLY | os.O_NONBLOCK)  # a FIFO's opening waits for no writer
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot read {key} in {self.root}: {exc.strerror}") from exc
        try:
            status = os.fstat(handle)
            data: bytes | None = None
            if stat.S_ISREG(status.st_mode):  # judged before open(), which refuses a folder (review: IsADirectoryError)
                with open(handle, "rb", closefd=False) as file:
                    data = file.read(MAX_OBJECT_BYTES + 1)
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot read {key} in {self.root}: {exc.strerror}") from exc
        finally:
            os.close(handle)
        if data is None:
            raise NotReadableYet(f"{key} in {self.root} is no regular file (a device, a FIFO, a folder): not read")
        modified = dt.datetime.fromtimestamp(status.st_mtime, dt.UTC)
        return Stored(_document(data, key, f"in {self.root}"), modified, witnessed=False)

    def put_new(self, key: str, data: bytes) -> bool:
        """Write once: link a complete temporary file to the key's path unless it exists."""
        path = self._path(key)
        with self._staged(path, data) as staged:
            try:
                return link_new(staged, path)
            except OSError as exc:
                raise ArchiveUnavailable(f"cannot write {key} in {self.root}: {exc.strerror}") from exc

    def replace(self, key: str, data: bytes) -> None:
        """Replace the file atomically: readers see the old bytes or the new, never a mix."""
        path = self._path(key)
        with self._staged(path, data) as staged:
            try:
                os.replace(staged, path)
            except OSError as exc:
                raise ArchiveUnavailable(f"cannot write {key} in {self.root}: {exc.strerror}") from exc

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        """Keys under the prefix's folder that start with `prefix`, sort after `after` and (with `through`) not after
        `through`, temporary files left out: one page, so `each_page` is never called."""
        folder, _, _ = prefix.rpartition("/")
        base = self.root / folder if folder else self.root
        try:
            names = [p for p in base.rglob("*") if p.is_file() and not p.name.startswith(STAGED_PREFIX)]
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot list {prefix} in {self.root}: {exc.strerror}") from exc
        keys = (p.relative_to(self.root).as_posix() for p in names)
        return sorted(k for k in keys if k.startswith(prefix) and k > after and (not through or k <= through))

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        """As `list` (one page: `each_page` never called), each key with its file's modification time, as `read` gives
        it: no witness (`Stored`). A link is followed, as `list` and `read` follow it: its file's time, not the link's
        own. A file gone between the listing and its time is left out, as a listing a moment later would. A file whose
        name is no key `read` takes (a copy a file manager made, `revealed/2025-03-02 copy.json`) is dated as `list`
        lists it, as S3 lists any key."""
        dated = []
        for key in self.list(prefix, after, through):
            try:
                status = os.stat(self.root / key)  # as listed: a file under the folder, whatever its name
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise ArchiveUnavailable(f"cannot list {prefix} in {self.root}: {exc.strerror}") from exc
            dated.append((key, dt.datetime.fromtimestamp(status.st_mtime, dt.UTC), False))
        return dated

    def history(self, key: str, *, each_page: EachPage | None = None) -> None:
        """None: a folder keeps no versions, so nothing shows a file was not written over (its times are no witness
        either, `read`: a folder's days are at most incomplete already)."""
        _checked_key(key)

    def _path(self, key: str) -> Path:
        return self.root / _checked_key(key)

    @contextlib.contextmanager
    def _staged(self, path: Path, data: bytes) -> Iterator[str]:
        """A temporary file beside `path`, fully written and flushed to disk, removed afterwards."""
        try:
            path.parent.mkdir(mode=self._dir_mode, parents=True, exist_ok=True)
            handle, staged = tempfile.mkstemp(prefix=STAGED_PREFIX, dir=path.parent)
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot write in {path.parent}: {exc.strerror}") from exc
        try:
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(staged, self._file_mode)
            except OSError as exc:
                raise ArchiveUnavailable(f"cannot write in {path.parent}: {exc.strerror}") from exc
            yield staged
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(staged)


def link_new(staged: str | Path, path: str | Path, *, dir_fd: int | None = None) -> bool:
    """Give a complete staged file its place only where nothing is: a hard link, which fails if anything is there (a
    file, a folder, a link, even to nothing), so that of racing writers exactly one wins and no one's file is written
    over; False where something is. Both names are relative to `dir_fd` where it is given (a folder held open). The
    staged name is left for its writer to remove. Any other OSError is raised: a file system that keeps no hard links
    answers EPERM or ENOTSUP."""
    # The staged file itself, not where a link put in its name leads, where the platform can say so; elsewhere the
    # argument is not passed, True or False: Windows' os.link raises NotImplementedError for True (Python 3.14)
    unfollowed = {"follow_symlinks": False} if os.link in os.supports_follow_symlinks else {}
    try:
        os.link(staged, path, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, **unfollowed)
    except FileExistsError:
        return False
    return True


# ---- a time budget -------------------------------------------------------------------------


class BudgetedStore:
    """An `ObjectStore` that starts no call once its seconds are spent: ArchiveUnavailable instead, at once.

    The seconds run from when it is made, on the monotonic clock it is given. A call started in
    time may still take as long as its own patience allows (`S3Patience.longest_call`): whoever
    sets the budget leaves room for one more. `advice` ends the refusal: what the one asking may do.
    """

    def __init__(
        self,
        store: ObjectStore,
        seconds: float,
        monotonic: Callable[[], float],
        *,
        advice: str = "try again later (fewer days at a time are read sooner)",
    ) -> None:
        self._store = store
        self._seconds = seconds
        self._monotonic = monotonic
        self._deadline = monotonic() + seconds
        self._advice = advice

    def __repr__(self) -> str:
        return f"BudgetedStore({self._store!r}, {self._seconds:g} s)"

    @property
    def witnessed(self) -> bool:
        """Whether the store's times are a witness (`ObjectStore.witnessed`): it asks nothing, so it is not budgeted."""
        return self._store.witnessed

    def get(self, key: str) -> bytes | None:
        """The object's bytes, or None when there is no such key; ArchiveUnavailable once the time is spent."""
        self._in_time(key)
        return self._store.get(key)

    def read(self, key: str) -> Stored | None:
        """The object's bytes and when it was written; ArchiveUnavailable once the time is spent."""
        self._in_time(key)
        return self._store.read(key)

    def put_new(self, key: str, data: bytes) -> bool:
        """Write once, if there is time to."""
        self._in_time(key)
        return self._store.put_new(key, data)

    def replace(self, key: str, data: bytes) -> None:
        """Write, if there is time to."""
        self._in_time(key)
        self._store.replace(key, data)

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        """Every key under `prefix` (after `after`, through `through`), if there is time to ask, before each page too
        (`_each_page`)."""
        self._in_time(prefix)
        return self._store.list(prefix, after, through, each_page=self._each_page(prefix, each_page))

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        """Every key under `prefix` with its time (`ObjectStore.list_dated`), if there is time to ask, before each page
        too (`_each_page`)."""
        self._in_time(prefix)
        return self._store.list_dated(prefix, after, through, each_page=self._each_page(prefix, each_page))

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        """Every version and delete marker of `key` (`ObjectStore.history`), if there is time to ask, before each page
        too (`_each_page`)."""
        self._in_time(key)
        return self._store.history(key, each_page=self._each_page(key, each_page))

    def _each_page(self, prefix: str, also: EachPage | None) -> EachPage:
        """The check before each page of a listing after its first (an S3 bucket's: each page is one call), then the
        caller's own (`also`) (review: keys put between the days listed made one listing of the game's route run page
        after page past the function's timeout, a bare 500 where its 503 was meant)."""

        def each_page() -> None:
            self._in_time(prefix)
            if also is not None:
                also()

        return each_page

    def _in_time(self, key: str) -> None:
        if self._monotonic() >= self._deadline:
            raise ArchiveUnavailable(
                f"this request spent the {self._seconds:g} s it may wait for the archive before asking for {key};"
                f" {self._advice}"
            )


# ---- S3 -------------------------------------------------------------------------------------


class S3Client(Protocol):
    """The part of boto3's S3 client this module uses."""

    meta: Any  # its endpoint_url says whether it talks to AWS's own S3 (`aws_own`)

    def get_object(self, **kwargs: Any) -> Any: ...

    def put_object(self, **kwargs: Any) -> Any: ...

    def list_objects_v2(self, **kwargs: Any) -> Any: ...

    def list_object_versions(self, **kwargs: Any) -> Any: ...


@dataclass(frozen=True)
class S3Patience:
    """How long one S3 call may take: each attempt's connect and read timeouts, and how many attempts.

    Between attempts botocore's standard mode backs off (for throttling, up to 1 s, then 2 s, …).
    """

    connect_timeout: float
    read_timeout: float
    attempts: int

    def longest_call(self) -> float:
        """Seconds one call can take at most before it fails: every attempt timed out, every backoff its longest."""
        backoff = sum(2.0**i for i in range(self.attempts - 1))
        return self.attempts * (self.connect_timeout + self.read_timeout) + backoff


# The publisher has two minutes for a run. A verify request has the seconds its Lambda is given for
# up to three reads, and must answer 503 itself before that: API Gateway would answer a bare 500.
PATIENT = S3Patience(connect_timeout=3, read_timeout=10, attempts=5)
PROMPT = S3Patience(connect_timeout=0.5, read_timeout=0.5, attempts=2)
# Seconds one request to either API (the verify API, the game's route) may spend reading its stores through PROMPT calls
# (`BudgetedStore`): the read under way then may still take PROMPT.longest_call() (3 s), and the answer goes out with
# seconds to spare before the functions' 10 s timeout, however many reads (or pages of an S3 listing) the request
# would make. One number for both
# functions, which answer on one HTTP API.
READ_BUDGET = 4.0


class S3Connection:
    """One boto3 S3 client, created on first use and shared by the stores that need it.

    Timeouts and attempts are bounded (`S3Patience`; botocore's standard mode retries throttling
    and 5xx): a Lambda invocation fails with ArchiveUnavailable, never hangs until its timeout.
    """

    def __init__(
        self, *, endpoint_url: str | None = None, region: str | None = None, patience: S3Patience = PATIENT
    ) -> None:
        self.endpoint_url = endpoint_url
        self.region = region
        self.patience = patience
        self._client: S3Client | None = None
        self._lock = threading.Lock()

    @property
    def client(self) -> S3Client:
        """The client, made the first time it is needed (boto3 is imported then, not before)."""
        with self._lock:
            if self._client is None:
                client: S3Client = _client("s3", self.region, self.patience, endpoint_url=self.endpoint_url)
                self._client = client
            return self._client


def step_functions(region: str | None, patience: S3Patience = PATIENT) -> Any:
    """A Step Functions client for `region`, with the bounded timeouts and retries of an S3 client (boto3 imported
    then): the audit's merge asks it what its map run counted, a record no one writes but Step Functions."""
    return _client("stepfunctions", region, patience)


def _client(
    service: Literal["s3", "stepfunctions"], region: str | None, patience: S3Patience, endpoint_url: str | None = None
) -> Any:
    """A boto3 client of `service` in a session of its own (boto3's default session is not safe to share across
    threads), each call as patient as `patience`."""
    import boto3
    from botocore.config import Config

    config = Config(
        connect_timeout=patience.connect_timeout,
        read_timeout=patience.read_timeout,
        retries={"mode": "standard", "total_max_attempts": patience.attempts},
    )
    return boto3.session.Session().client(service, endpoint_url=endpoint_url, region_name=region, config=config)


def aws_own(endpoint_url: str | None, bucket: str | None = None) -> bool:
    """Whether reading `bucket` through an S3 endpoint gets AWS S3's own LastModified, a time no writer sets.

    Only an https endpoint of S3 itself counts (`_S3_HOST`: s3.amazonaws.com, s3.<region>, s3-<region>,
    dualstack, FIPS, a VPC endpoint of S3, and those under amazonaws.com.cn), not every host under
    amazonaws.com: an API Gateway, a load balancer or an EC2 instance there answers what its owner makes
    it answer. Nor an S3 Object Lambda access point (its alias, a bucket name ending in `--ol-s3`, or its
    ARN): its Lambda writes the answer, LastModified included. An endpoint of one's own (an emulator,
    FAIRDICE_S3_ENDPOINT_URL) answers whatever its runner makes it answer, so its times witness nothing,
    as a folder's do not."""
    parts = urlsplit(endpoint_url or "")
    host = (parts.hostname or "").rstrip(".")
    object_lambda = _OBJECT_LAMBDA.search(host) or (bucket is not None and _OBJECT_LAMBDA.search(bucket))
    return parts.scheme == "https" and _S3_HOST.fullmatch(host) is not None and not object_lambda


_REGION = r"[a-z]{2}(?:-[a-z]+)+-\d{1,2}"
_S3_HOST = re.compile(
    # An endpoint, virtual-hosted with a bucket or not: s3, s3-external-1, s3[-fips][.dualstack].<region>,
    # s3-<region> (the older form); or an interface VPC endpoint of S3, with or without a bucket before it. boto3
    # names its FIPS client's endpoint in us-east-1 s3-fips.aws-global, and in China with dual-stack
    # s3-fips.<region>.api.amazonwebservices.com.cn: AWS's own names too (review: FIPS in us-east-1 witnessed nothing)
    rf"(?:(?:[a-z0-9][a-z0-9.-]*\.)?(?:s3|s3-external-1|s3(?:-fips)?(?:\.dualstack)?\.{_REGION}|s3-{_REGION}"
    r"|s3-fips\.aws-global)"
    rf"|(?:[a-z0-9][a-z0-9.-]*\.)?vpce-[a-z0-9-]+\.s3\.{_REGION}\.vpce)"
    r"\.amazonaws\.com(?:\.cn)?"
    rf"|(?:[a-z0-9][a-z0-9.-]*\.)?s3-fips\.{_REGION}\.api\.amazonwebservices\.com\.cn"
)
# An S3 Object Lambda access point's alias ends in --ol-s3; its ARN and endpoint name s3-object-lambda.
_OBJECT_LAMBDA = re.compile(r"--ol-s3(?:\.|$)|s3-object-lambda")

# What S3 answers a GetObject of an object stored with a key its writer keeps (SSE-C), without that key: 400
# InvalidRequest, told from any other bad request by this message alone
_SSE_C_REFUSED = "The object was stored using a form of Server Side Encryption"
# S3's AccessDenied where the object's KMS key refused the reader: "… is not authorized to perform: kms:Decrypt on
# resource …", or KMS's own "The ciphertext refers to a customer master key that does not exist, …"
_KMS_DENIED = re.compile(r"\bkms:Decrypt\b|ciphertext refers to a customer master key")
# How GetObject names an object under a KMS key (ServerSideEncryption): single or dual-layer
_KMS = frozenset({"aws:kms", "aws:kms:dsse"})

# S3 answers 409 ConditionalRequestConflict while another conditional write to the same key is
# in flight; the outcome is then unknown, so ask again until S3 says 200 or 412.
_CONFLICT_ATTEMPTS = 5


class S3Store:
    """An `ObjectStore` over one S3 bucket; write-once is `PutObject` with `If-None-Match: *`.

    Throttling, timeouts and every other S3 failure become `ArchiveUnavailable` (after
    botocore's own bounded retries); only a missing key (get) and 412 (put_new) are answers.
    """

    def __init__(
        self,
        bucket: str,
        connection: S3Connection | None = None,
        *,
        client: S3Client | None = None,
        pause: Callable[[float], None] = time.sleep,
        s3_keys_only: bool = False,
    ) -> None:
        self.bucket = bucket
        self._connection = connection or S3Connection()
        self._given_client = client
        self._pause = pause
        # Whether its writer leaves every object to S3's own keys (SSE-S3), as the publisher does the archive's: one
        # under a KMS key is then none it wrote. The secrets bucket's are under the stack's KMS key, as they should be
        self._s3_keys_only = s3_keys_only

    def __repr__(self) -> str:
        return f"S3Store({self.bucket!r})"

    @property
    def _client(self) -> S3Client:
        return self._given_client if self._given_client is not None else self._connection.client

    @property
    def witnessed(self) -> bool:
        """Whether its LastModified is AWS S3's own, as its client's endpoint says (`aws_own`): the same for every
        object it reads (`read`). Where the settings name the endpoint, it is the client's, so it is said without
        making the client (review: a day not begun, which reads nothing, imported boto3 to be said at most incomplete
        or not); where they do not, boto3 may take one from its own settings, which the client alone knows."""
        endpoint = self._connection.endpoint_url
        if self._given_client is None and endpoint is not None:
            return aws_own(endpoint, self.bucket)
        return aws_own(self._client.meta.endpoint_url, self.bucket)

    def get(self, key: str) -> bytes | None:
        """The object's bytes, or None for NoSuchKey."""
        found = self.read(key)
        return None if found is None else found.data

    def read(self, key: str) -> Stored | None:
        """The object's bytes and S3's own LastModified, or None for NoSuchKey."""
        client_error, other_error = _botocore_errors()
        try:
            response = self._client.get_object(Bucket=self.bucket, Key=_checked_key(key))
            # On to the stream's end, where botocore holds the bytes to the length and the SHA-256 S3 answered (a read
            # of a given size that takes them all checks neither: review, bytes S3 did not store were read), or past
            # the most a document is; the rest of one too large is not read, nor kept open
            with contextlib.closing(response["Body"]) as stream:
                body = b""
                while len(body) <= MAX_OBJECT_BYTES and (chunk := stream.read(MAX_OBJECT_BYTES + 1 - len(body))):
                    body += chunk
        except client_error as exc:
            if error_code(exc) in ("NoSuchKey", "404"):
                return None
            if error_code(exc) == "InvalidObjectState":
                raise self._archived(key, exc) from None
            if (encrypted := self._encrypted(key, exc)) is not None:
                raise encrypted from None
            raise self._unavailable("read", key, exc) from exc
        except other_error as exc:
            raise self._unavailable("read", key, exc) from exc
        if self._s3_keys_only and response.get("ServerSideEncryption") in _KMS:
            # Read all the same by a role that may use its key (the publisher's, the game's route): every reader says
            # alike that it is no record, not these alone take it while the others are refused it (review)
            raise self._under_kms(key, f"({response.get('SSEKMSKeyId') or 'not named'}) that the public may not use")
        modified = response.get("LastModified")
        if response.get("ReplicationStatus") == "REPLICA":
            # A replica carries its source's LastModified, a time this bucket did not see (the policy refuses
            # replication into the records; should one arrive all the same, its time proves nothing).
            modified = None
        if "-" in str(response.get("ETag", "")):
            # A multipart upload's LastModified is when the upload began, not when its bytes were chosen (its ETag ends
            # in -<parts>): begun before a deadline and completed after it, it would seem written in time. The bucket
            # policy refuses multipart uploads of the records (RecordsAreWriteOnce); should one be there all the same,
            # its time proves nothing (review).
            modified = None
        when = modified.astimezone(dt.UTC) if isinstance(modified, dt.datetime) else NOT_KNOWN
        # S3 gives a version's lock to a reader allowed s3:GetObjectRetention (template.yaml grants it where a verdict
        # rests on the archive), and may give one whose retention has ended (moto does): until when is the reader's to
        # judge
        until = response.get("ObjectLockRetainUntilDate")
        compliance = response.get("ObjectLockMode") == "COMPLIANCE" and isinstance(until, dt.datetime)
        locked_until = until.astimezone(dt.UTC) if compliance else None
        return Stored(
            _document(body, key, f"in S3 bucket {self.bucket}"),
            when,
            witnessed=self.witnessed,
            locked_until=locked_until,
        )

    def put_new(self, key: str, data: bytes) -> bool:
        """PutObject with If-None-Match: * — 412 PreconditionFailed means the key exists."""
        client_error, other_error = _botocore_errors()
        attempt = 1
        while True:
            try:
                self._put(key, data, IfNoneMatch="*")
            except client_error as exc:
                code = error_code(exc)
                if code in ("PreconditionFailed", "412"):
                    return False
                if code not in ("ConditionalRequestConflict", "409") or attempt == _CONFLICT_ATTEMPTS:
                    raise self._unavailable("write", key, exc) from exc
            except other_error as exc:
                raise self._unavailable("write", key, exc) from exc
            else:
                return True
            self._pause(0.05 * attempt)
            attempt += 1

    def replace(self, key: str, data: bytes) -> None:
        """A plain PutObject (the bucket keeps every earlier version)."""
        client_error, other_error = _botocore_errors()
        try:
            self._put(key, data)
        except (client_error, other_error) as exc:
            raise self._unavailable("write", key, exc) from exc

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        """Every key under `prefix`, all pages of ListObjectsV2, sorted; with `after`, from the first key after it on
        (StartAfter), so that S3 sends none before it; with `through`, up to it, no page asked for past the first that
        reaches beyond it (S3 lists keys in order), so that keys after it cost one page at most, however many.
        `each_page` as `list_dated` calls it."""
        return [key for key, _, _ in self.list_dated(prefix, after, through, each_page=each_page)]

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        """As `list`, in the same calls, each key with the LastModified ListObjectsV2 gives for it, as `read` takes
        GetObject's: NOT_KNOWN for a multipart upload's (its ETag ends in -<parts>: the time its upload began, not when
        its bytes were chosen). A listing does not say which object is a replica, which `read` gives no time: a
        replica's LastModified is its source's, so it arrived here no earlier than that time, but it witnesses nothing
        of this bucket, so no listed time is a witness here (False), whatever the endpoint (`aws_own`). `each_page` is
        called before each page after the first is asked for, and may stop the listing by raising (`BudgetedStore`)."""
        client_error, other_error = _botocore_errors()
        items: DatedKeys = []
        pages: dict[str, str] = {"StartAfter": after} if after else {}
        try:
            while True:
                if "ContinuationToken" in pages and each_page is not None:
                    each_page()
                page = self._client.list_objects_v2(Bucket=self.bucket, Prefix=prefix, **pages)
                for item in page.get("Contents", []):
                    modified = item.get("LastModified")
                    if "-" in str(item.get("ETag", "")) or not isinstance(modified, dt.datetime):
                        when = NOT_KNOWN
                    else:
                        when = modified.astimezone(dt.UTC)
                    items.append((item["Key"], when, False))
                if not page.get("IsTruncated") or (through and items and items[-1][0] > through):
                    return sorted(item for item in items if not through or item[0] <= through)
                pages = {"ContinuationToken": page["NextContinuationToken"]}
        except (client_error, other_error) as exc:
            raise self._unavailable("list", prefix, exc) from exc

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        """Every version and delete marker of `key` itself, by ListObjectVersions with the key as its prefix, page after
        page (`each_page` called before each after the first): keys it prefixes (`revealed/2025-03-02.json.bak`) are
        left out, and as the key sorts before every one of them, no page is asked for past the first that lists one;
        nor past the first that shows the key rewritten, which decides (`History.whole` False then): a key hidden and
        written again a hundred thousand times took a hundred pages, past any request's read budget, so it read as an
        outage for good where it is tampered with. AccessDenied (a reader not allowed s3:ListBucketVersions) is
        ArchiveRefused, as for every call. An endpoint of one's own that does not implement the call (NotImplemented:
        some S3-compatible stores) keeps no versions it shows, as a folder: None, where every revealed day read as an
        outage for good (its times witness nothing, `aws_own`, so its days are at most incomplete already); AWS's own S3
        implements it, so there that answer stays an outage."""
        client_error, other_error = _botocore_errors()
        versions: list[dt.datetime] = []
        markers: list[dt.datetime] = []
        pages: dict[str, str] = {}
        try:
            while True:
                if pages and each_page is not None:
                    each_page()
                page = self._client.list_object_versions(Bucket=self.bucket, Prefix=_checked_key(key), **pages)
                listed = [*page.get("Versions", []), *page.get("DeleteMarkers", [])]
                versions += [_when(item) for item in page.get("Versions", []) if item["Key"] == key]
                markers += [_when(item) for item in page.get("DeleteMarkers", []) if item["Key"] == key]
                if not page.get("IsTruncated") or any(item["Key"] != key for item in listed):
                    return History(tuple(sorted(versions)), tuple(sorted(markers)))
                if len(versions) > 1 or markers:
                    return History(tuple(sorted(versions)), tuple(sorted(markers)), whole=False)
                pages = {"KeyMarker": page["NextKeyMarker"], "VersionIdMarker": page["NextVersionIdMarker"]}
        except (client_error, other_error) as exc:
            if error_code(exc) == "NotImplemented" and not self.witnessed:
                return None
            raise self._unavailable("list the versions of", key, exc) from exc

    def _put(self, key: str, data: bytes, **condition: str) -> None:
        # A checksum header is required for any PutObject into a bucket with Object Lock retention.
        self._client.put_object(
            Bucket=self.bucket,
            Key=_checked_key(key),
            Body=data,
            ContentType="application/json" if key.endswith(".json") else "application/octet-stream",
            ChecksumAlgorithm="SHA256",
            **condition,
        )

    def _archived(self, key: str, exc: Exception) -> NotReadableYet:
        """An object S3 keeps in an archive storage class (Glacier, Deep Archive, an Intelligent-Tiering archive tier),
        whose bytes it gives only once restored. The publisher writes every object in S3 Standard, so whoever wrote this
        one was not the publisher: no document of the store, not S3 failing for now (review: a commitment put so, as
        the archive's policy lets the publisher's role put one, was "try again later" for good, and every publisher run
        failed as in an outage). No wait alone makes it readable, but a restore does: NotReadableYet, which readers read
        again and never keep."""
        error = getattr(exc, "response", {}).get("Error", {})
        named = error.get("StorageClass") if isinstance(error, Mapping) else None
        kept = f"{named}, an archive storage class" if named else "an archive storage class"
        return NotReadableYet(
            f"{key} in S3 bucket {self.bucket} is kept in {kept}, whose bytes S3 gives only once it is restored: the"
            " publisher never writes one so, and it is not read until it is restored"
        )

    def _encrypted(self, key: str, exc: Exception) -> NotADocument | None:
        """NotADocument where S3 refused a GetObject for the object's encryption, as it tells it; None for any other
        refusal. An object under a key its writer keeps (SSE-C) is refused 400 InvalidRequest, a code many a bad request
        shares, told apart by S3's message alone; one under a KMS key the reader may not use, 403 AccessDenied naming
        kms:Decrypt (a bare "Access Denied" stays a refusal), or a KMS.* code for a key disabled, pending deletion or
        gone. No wait makes either readable (review: "try again later" for good, and every publisher run failed as in
        an outage). A KMS key is the secrets bucket's own: there its refusal stays one (`s3_keys_only`)."""
        code = error_code(exc) or ""
        message = str((getattr(exc, "response", {}).get("Error") or {}).get("Message") or "")
        if code == "InvalidRequest" and _SSE_C_REFUSED in message:
            return NotADocument(
                f"{key} in S3 bucket {self.bucket} is encrypted with a key its writer keeps (SSE-C), which S3 asks of"
                " every reader: the publisher never writes one so, and it is not read"
            )
        kms_refused = code.startswith("KMS.") or (code == "AccessDenied" and _KMS_DENIED.search(message) is not None)
        if not (self._s3_keys_only and kms_refused):
            return None
        return self._under_kms(key, f"that this reader cannot use ({code})")

    def _under_kms(self, key: str, which: str) -> NotADocument:
        """An object of a store whose writer leaves every object to S3's own keys, found under a KMS key (`which`)."""
        return NotADocument(
            f"{key} in S3 bucket {self.bucket} is encrypted with a KMS key {which}: the publisher names no key, leaving"
            " every object to the bucket's default, S3's own keys (SSE-S3), which every reader can read, and it is not"
            " read"
        )

    def _unavailable(self, action: str, key: str, exc: Exception) -> ArchiveUnavailable:
        if _no_credentials(exc):
            # Waiting will not help: say what is missing and how it is given.
            return MissingCredentials(
                f"S3 bucket {self.bucket}: cannot {action} {key}: no AWS credentials were found. Give them as"
                " boto3 looks for them: AWS_PROFILE (set up with `aws configure` or `aws sso login`), or"
                " AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); on AWS, the role of"
                " what runs it"
            )
        reason = error_code(exc) or type(exc).__name__
        if reason == "NoSuchBucket":  # a misspelt name: no later try answers (review: "try again later")
            return MissingBucket(
                f"S3 bucket {self.bucket}: cannot {action} {key}: there is no bucket of that name (NoSuchBucket);"
                " check the name given"
            )
        if reason == "AccessDenied":  # S3's own refusal, not any 403 (a proxy's page is an outage for now)
            # A public reader may not list the archive, so a day not published yet is refused, not missing: a read's
            # words say both.
            missing = " (or it does not exist: S3 refuses that too to a reader who may not list the bucket)"
            return ArchiveRefused(
                f"S3 bucket {self.bucket}: cannot {action} {key} (AccessDenied){missing if action == 'read' else ''}"
            )
        return ArchiveUnavailable(f"S3 bucket {self.bucket}: cannot {action} {key} ({reason}); try again later")


def _when(item: Mapping[str, Any]) -> dt.datetime:
    """A listed version's or delete marker's LastModified, in UTC; NOT_KNOWN where S3 gives none."""
    modified = item.get("LastModified")
    return modified.astimezone(dt.UTC) if isinstance(modified, dt.datetime) else NOT_KNOWN


def _botocore_errors() -> tuple[type[Exception], type[Exception]]:
    """botocore's ClientError and BotoCoreError, imported only once S3 is actually used."""
    from botocore.exceptions import BotoCoreError, ClientError

    return ClientError, BotoCoreError


def _no_credentials(exc: BaseException) -> bool:
    """Whether botocore found no credentials (or only part of them) to sign the call with."""
    from botocore.exceptions import NoCredentialsError, PartialCredentialsError

    return isinstance(exc, NoCredentialsError | PartialCredentialsError)


def error_code(exc: BaseException) -> str | None:
    """S3's error code of a botocore ClientError (`NoSuchKey`, `SlowDown`), or None for any other failure."""
    response = getattr(exc, "response", None)
    if not isinstance(response, Mapping):
        return None
    error = response.get("Error", {})
    code = error.get("Code") if isinstance(error, Mapping) else None
    return str(code) if code is not None else None


# ---- the audit's streams: shards read as they come, results written under a prefix -----------------------

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


class S3Results:
    """`Results` under a prefix of a bucket."""

    read_ahead = 16  # each object is a round trip: read many at once

    def __init__(self, bucket: str, prefix: str, s3: Any) -> None:
        self.bucket = bucket
        self.prefix = prefix
        self._s3 = s3
        # The SHA-256 (hex) of each object this store wrote, by its name: an execution's output names its results by
        # it, which whoever may write under the prefix cannot change.
        self.written: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"S3Results(s3://{self.bucket}/{self.prefix})"

    def where(self, name: str) -> str:
        """The s3:// address of a name under this store's prefix."""
        return f"s3://{self.bucket}/{self.prefix}{name}"

    def list(self, prefix: str) -> list[str]:
        """Every name under this store's prefix that starts with `prefix`, sorted."""
        return [key[len(self.prefix) :] for key in list_keys(self._s3, self.bucket, self.prefix + prefix)]

    @contextlib.contextmanager
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
        self.written[name] = hashlib.sha256(data).hexdigest()

    def put_file(self, name: str, path: Path) -> None:
        """Upload a local file, in parts when it is large, hashing its bytes as they are sent (review: the file was read
        again to hash it). The stream hashed can only be read forward, so boto3 reads each byte once, in order, and
        sends what it read (a part tried again is sent from the copy it holds): the SHA-256 is that of the object
        stored. boto3 then holds a few parts in memory at once (TransferConfig's max_in_memory_upload_chunks)."""
        with path.open("rb") as local:
            sent = Hashed(local)
            self._s3.upload_fileobj(sent, self.bucket, self.prefix + name)
            self.written[name] = sent.finish()


def transient(exc: BaseException) -> bool:
    """Whether an S3 call's failure may mend by waiting: a connection that failed, dropped or timed out, a response cut
    short, or S3's answer of 5xx, 429, throttling or a request timeout (`_TRANSIENT_CODES`). An upload's
    (`put_file`, boto3's upload_fileobj) is raised as S3 raised it."""
    from botocore.exceptions import ClientError, ConnectionError, HTTPClientError, IncompleteReadError

    if isinstance(exc, ConnectionError | HTTPClientError | IncompleteReadError):
        return True  # EndpointConnectionError, ConnectTimeoutError, ReadTimeoutError, ConnectionClosedError, ...
    if isinstance(exc, ClientError):
        response: dict[str, Any] = dict(exc.response)
        status = (response.get("ResponseMetadata") or {}).get("HTTPStatusCode")
        return error_code(exc) in _TRANSIENT_CODES or status in _TRANSIENT_STATUS
    return False


@contextlib.contextmanager
def store_failures(doing: str, service: str = "S3") -> Iterator[None]:
    """Within it, a failure of S3 (or of the AWS `service` named) that waiting may mend (`transient`) is
    StoreUnavailable, saying what was being done and why; any other failure (an S3 refusal, a missing key, a fault of
    fairdice) goes on as it was."""
    try:
        yield
    except Exception as exc:
        if not transient(exc):
            raise
        raise StoreUnavailable(f"{doing}: {service} did not answer ({_reason(exc)}); try again later") from exc


def _reason(exc: BaseException) -> str:
    """An S3 failure in a few words: S3's error code, or the exception's class and first line."""
    if (code := error_code(exc)) is not None:
        return code[:MAX_CAUSE]
    first_line = str(exc).split("\n", 1)[0]
    return f"{type(exc).__name__}: {first_line}"[:MAX_CAUSE]


_HASHED_CHUNK = 1 << 20  # what `Hashed.finish` reads at a time


class Readable(Protocol):
    """Anything bytes are read from: a file, an S3 body, a gzip stream."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to `size` bytes (all when -1); empty at the end."""
        ...


class Hashed:
    """A binary stream that counts and hashes (SHA-256) the raw bytes read through it.

    Once the raw stream has ended it stays ended: what a file is given after its end was read (a shard appended to
    while it is audited) is neither read nor hashed, so the digest is of the bytes the reader was given.
    """

    def __init__(self, raw: Readable) -> None:
        self._raw = raw
        self.bytes = 0
        self._sha256 = hashlib.sha256()
        self._ended = False

    def read(self, size: int = -1, /) -> bytes:
        """Read from the raw stream, counting and hashing what comes back; nothing once it has ended."""
        if self._ended:
            return b""
        data = self._raw.read(size)
        self._ended = not data and size != 0
        self.bytes += len(data)
        self._sha256.update(data)
        return data

    def finish(self) -> str:
        """Read whatever the reader left (a broken shard is still hashed whole); the SHA-256 in hex."""
        while self.read(_HASHED_CHUNK):
            pass
        return self._sha256.hexdigest()


class Streamed:
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


def console_folder(key: str, size: int | None) -> bool:
    """Whether an object of `size` bytes (None: not known) is the S3 console's folder, an empty object whose key ends
    in `/`: it holds no game and is no shard. One that holds bytes is a shard like any other, whatever its key looks
    like."""
    return key.endswith("/") and size == 0


def list_etags(s3: Any, bucket: str, prefix: str) -> dict[str, str]:
    """Every object under a prefix with its ETag, page after page, in key order: every shard the map lists (the S3
    console's folder is left out, `console_folder`)."""
    listed: dict[str, str] = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        listed.update(
            (item["Key"], item["ETag"])
            for item in page.get("Contents", [])
            if not console_folder(item["Key"], item["Size"])
        )
    return dict(sorted(listed.items()))


def get_as_listed(s3: Any, bucket: str, key: str, etag: str | None) -> Any:
    """GetObject of the version whose ETag is `etag` (any version, when None); ShardChanged when another is there, or
    none is; ShardRefused when S3 refuses it, which a while may mend."""
    from botocore.exceptions import ClientError

    try:
        return s3.get_object(Bucket=bucket, Key=key, **({"IfMatch": etag} if etag else {}))
    except ClientError as exc:
        code = error_code(exc)
        if code == "NoSuchKey":
            raise ShardChanged(
                f"s3://{bucket}/{key} cannot be read (NoSuchKey): it was removed after the map listed it; audit the"
                " prefix again"
            ) from exc
        if code == "AccessDenied":
            # Tried again, as a refused archive is: the same role's new rights reach every S3 server a while after
            # they are given (review: one refusal failed the shard for good). A key that is gone is answered so too, to
            # a reader that may not list the bucket, as the worker may not: every cause is said.
            raise ShardRefused(
                f"s3://{bucket}/{key} cannot be read (AccessDenied): this role may not read it yet (new rights take a"
                " while to reach every S3 server), its KMS key is one the role may not use, or it was removed after"
                " the map listed it (S3 answers a key that is gone as AccessDenied to a reader that may not list the"
                " bucket); audit the prefix again once it may be read"
            ) from exc
        if code != "PreconditionFailed":
            raise
        raise ShardChanged(
            f"s3://{bucket}/{key} is no longer the object the map listed (ETag {cut(etag or '', 80)}): it was replaced"
            " while the audit ran, and the version listed was not audited; audit the prefix again"
        ) from exc


# ---- settings ------------------------------------------------------------------------------

_BUCKET = re.compile(r"[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")


def no_boto3(field: str) -> InvalidInput:
    """Why an S3 bucket cannot be read here: boto3 is not installed (`make serve` installs what the API needs, which
    S3 is not)."""
    return InvalidInput(
        "an S3 bucket is read with boto3, which is not installed here: pip install boto3 (in a checkout of fairdice:"
        " make install)",
        field=field,
    )


def _bucket_name(value: str) -> str:
    if not _BUCKET.fullmatch(value) or ".." in value:
        raise ValueError(
            f"an S3 bucket name is 3 to 63 lowercase letters, digits, dots and hyphens, beginning and ending"
            f" with a letter or digit, no two dots in a row, not {repr_of(value[:70])}"
        )
    return value


BucketName = Annotated[str, AfterValidator(_bucket_name)]


def endpoint_url(value: str) -> str:
    """An S3 endpoint other than AWS's (`FAIRDICE_S3_ENDPOINT_URL`, `--endpoint-url`): an http(s) URL with a host, as
    botocore takes one; ValueError for anything else, which botocore would refuse only once S3 is first asked (review:
    a traceback, or a 500 on every daily request)."""
    if not is_http_url(value):
        raise ValueError(f"an S3 endpoint is an http(s) URL such as http://127.0.0.1:9000, not {repr_of(value[:70])}")
    return value


EndpointUrl = Annotated[str, AfterValidator(endpoint_url)]


@dataclass(frozen=True)
class Stores:
    """The two logical stores of the daily game: private secrets and the public archive."""

    secrets: ObjectStore
    archive: ObjectStore


def stack_name(environ: Mapping[str, str]) -> str:
    """The stack a function runs in (`FAIRDICE_STACK_NAME`, the `stack` dimension of its metrics), "local" where it is
    not set: one reading for the four functions that publish metrics."""
    return environ.get("FAIRDICE_STACK_NAME") or "local"


class StorageSettings(BaseModel):
    """Where the daily secrets and the archive live, read once from the environment.

    With no bucket configured both are folders under `data_dir` (`private/` and `archive/`),
    so everything runs offline through the same code above this module.
    """

    # Named by their variables, so that a bad value's error names the variable to fix.
    model_config = ConfigDict(frozen=True, populate_by_name=True)

    archive_bucket: BucketName | None = Field(default=None, alias="FAIRDICE_ARCHIVE_BUCKET")
    secrets_bucket: BucketName | None = Field(default=None, alias="FAIRDICE_SECRETS_BUCKET")
    data_dir: Path = Field(default=Path("var"), alias="FAIRDICE_DATA_DIR")
    endpoint_url: EndpointUrl | None = Field(default=None, alias="FAIRDICE_S3_ENDPOINT_URL")
    region: str | None = Field(default=None, alias="AWS_REGION")

    @field_validator("archive_bucket", "secrets_bucket", "endpoint_url", "region", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if value == "" else value

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "StorageSettings":
        """Read `FAIRDICE_ARCHIVE_BUCKET`, `FAIRDICE_SECRETS_BUCKET`, `FAIRDICE_DATA_DIR` and
        `FAIRDICE_S3_ENDPOINT_URL` (plus `AWS_REGION`) from the mapping the caller passes.

        A bad value raises pydantic's ValidationError located at its variable's name.
        """
        return cls.model_validate(
            {
                "FAIRDICE_ARCHIVE_BUCKET": environ.get("FAIRDICE_ARCHIVE_BUCKET"),
                "FAIRDICE_SECRETS_BUCKET": environ.get("FAIRDICE_SECRETS_BUCKET"),
                "FAIRDICE_DATA_DIR": environ.get("FAIRDICE_DATA_DIR") or "var",
                "FAIRDICE_S3_ENDPOINT_URL": environ.get("FAIRDICE_S3_ENDPOINT_URL"),
                "AWS_REGION": environ.get("AWS_REGION") or environ.get("AWS_DEFAULT_REGION"),
            }
        )

    def connection(self, patience: S3Patience = PATIENT) -> S3Connection:
        """A lazily connecting S3 client holder for this endpoint and region."""
        return S3Connection(endpoint_url=self.endpoint_url, region=self.region, patience=patience)

    def archive(self, connection: S3Connection | None = None) -> ObjectStore:
        """The public archive: the bucket when configured, else `<data_dir>/archive`."""
        if self.archive_bucket is None:
            return FolderStore(self.data_dir / "archive")
        return S3Store(self.archive_bucket, connection or self.connection(), s3_keys_only=True)

    def bucket_without_boto3(self, *, secrets: bool = True) -> str | None:
        """The variable of a bucket these settings name that cannot be read here, boto3 not being installed (`make
        serve` installs what the API needs on its folders, which S3 is not); None when there is none. `secrets`: whether
        the secrets bucket is read too, or the archive alone."""
        named = (
            ("FAIRDICE_ARCHIVE_BUCKET", self.archive_bucket),
            ("FAIRDICE_SECRETS_BUCKET", secrets and self.secrets_bucket),
        )
        variable = next((variable for variable, bucket in named if bucket), None)
        return variable if variable is not None and importlib.util.find_spec("boto3") is None else None

    def stores(self, patience: S3Patience = PATIENT) -> Stores:
        """Both stores, which must be both buckets or both folders; S3 calls as patient as `patience`.

        Raises ValueError when only one bucket is set: a publisher writing secrets to a local
        folder while publishing commitments to S3 would lose the secrets.
        """
        if (self.archive_bucket is None) != (self.secrets_bucket is None):
            raise ValueError(
                "FAIRDICE_ARCHIVE_BUCKET and FAIRDICE_SECRETS_BUCKET must be set together (S3) or both left"
                " unset (local folders)"
            )
        if self.archive_bucket is None or self.secrets_bucket is None:
            return Stores(
                secrets=FolderStore(self.data_dir / "private", private=True),
                archive=FolderStore(self.data_dir / "archive"),
            )
        connection = self.connection(patience)
        return Stores(secrets=S3Store(self.secrets_bucket, connection), archive=self.archive(connection))
