"""Domain exceptions: the one place that names every failure the core can report.

Each class maps to an HTTP status once (`fairdice.http.http_status`, for every function that answers HTTP), and to
an exit status in the CLI; neither looks at message text.
"""

from fairdice.prose import quoted


class FairdiceError(Exception):
    """Base of every error the core raises on purpose."""

    code = "error"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class InvalidInput(FairdiceError):
    """The caller sent something that cannot be verified as it stands (HTTP 400/422)."""

    code = "invalid_input"


class RepeatedKey(InvalidInput):
    """A JSON object gives one key more than once (the API answers 400 malformed_body). Python's json keeps the last
    value, other readers (and a person reading a ticket) may take the first: one secret shown, another verified."""

    def __init__(self, key: str) -> None:
        super().__init__(f"gives the key {quoted(key)} more than once in one object; give it once")
        self.key = key


class ReadsNoArchive(InvalidInput):
    """A request without the secret an archive would give it (a daily roll's), checked where none is read: the command
    line with no archive named. Its caller says how to give the secret, as the offline page does for the same problem
    (verifier.js's ReadsNoArchive)."""


class NotAnObject(InvalidInput):
    """A request's body that is no JSON object (a list, text, a number), or no body at all, where a route reads one: its
    caller says what the route takes, as the API's error map says its route's body."""


class UnknownDay(FairdiceError):
    """The daily archive has no secret for that date (HTTP 404)."""

    code = "unknown_day"


class FutureDay(UnknownDay):
    """The day has not begun: no secret exists for it yet (HTTP 404, as any day without one). `witnessed`: whether the
    archive's times are a witness (`ObjectStore.witnessed`); where they are not, a roll of the day is at most
    incomplete once revealed, as said before it is."""

    def __init__(self, message: str, *, field: str | None = None, witnessed: bool = True) -> None:
        super().__init__(message, field=field)
        self.witnessed = witnessed


class BeforeArchive(UnknownDay):
    """A day before the daily archive's first: the archive has no day then, nor ever will (HTTP 404, `unknown_day` as
    any day without a secret; its page is headed by what it is)."""


class ArchiveUnavailable(FairdiceError):
    """The archive could not be read or written right now (HTTP 503); retrying may work."""

    code = "archive_unavailable"


class MissingCredentials(ArchiveUnavailable):
    """S3 was asked without AWS credentials: the archive cannot be read until they are given. Waiting does not help,
    an operator gives them (a profile, a role): the API answers 500, as it does a missing bucket, not an outage's 503
    with Retry-After."""


class MissingBucket(ArchiveUnavailable):
    """S3 has no bucket of the name given (NoSuchBucket): waiting does not help, the name is to be checked. A stack's
    own bucket is missing only when it is misconfigured: the API answers 500, not an outage's 503."""


# The archive errors that are the deployment's to mend, which no wait mends: the API answers them 500
# (`http.http_status`), and a batch fails whole on them as one game's request does (`batch`), not game by game
DEPLOYMENT_FAULTS = (MissingBucket, MissingCredentials)


class ArchiveRefused(ArchiveUnavailable):
    """S3 refused the call (AccessDenied, HTTP 503): the caller may not make it, or may not list the bucket and was
    asked for a key that does not exist, which S3 answers alike. Waiting alone does not help: the same call is refused
    again until the credentials or the bucket's policy change (so an audit records it as the line's finding).

    `refused` says what was refused; the message adds what an API caller can do (try again later, once the operator
    has changed what refused it), and an audit says its own instead."""

    def __init__(self, refused: str) -> None:
        super().__init__(f"{refused}; try again later")
        self.refused = refused


class StoreUnavailable(FairdiceError):
    """The audit's bucket could not be read or written right now: a connection failed, dropped or timed out, an
    object's bytes stopped coming, or S3 answered 5xx, SlowDown or throttling past botocore's own retries. Retrying may
    work: the AWS audit's functions fail with it, and the state machine retries it by this name
    (statemachines/audit.asl.json). A refusal, or a key or bucket that does not exist, is not it: asking again does not
    mend those."""

    code = "store_unavailable"


class ShardTooLarge(FairdiceError):
    """A shard holds more games than one audit worker may keep in memory and audit in its time: it is not audited, and
    trying it again does not help; split it into smaller shards."""

    code = "shard_too_large"


class ShardChanged(FairdiceError):
    """A shard was replaced (or written again) between the map's listing of it and the worker's read: the version the
    execution listed is not there to audit, and trying again does not bring it back; audit the prefix again."""

    code = "shard_changed"


class ShardRefused(FairdiceError):
    """S3 refused the audit worker its shard (AccessDenied). S3 answers so a role whose new rights have not reached
    every S3 server yet, a shard under a KMS key the role may not use, and a key removed since the map listed it (to a
    reader that may not list the bucket, as the worker may not): the state machine tries the shard again a while later,
    as it does a refused archive, and past its tries the shard fails with this message."""

    code = "shard_refused"


class NoShards(FairdiceError):
    """An audit's input prefix holds no shard: nothing was audited, so nothing is proven (a prefix typed wrong, or
    games not yet put there); as a local run of a folder with no file, it is an error, not a clean audit of nothing.
    On AWS, where the map run's result files do not count either, the message says why (`s3.MapRunResults`)."""

    code = "no_shards"


class AuditTooLarge(FairdiceError):
    """An audit's merge ran out of its scratch space (the ids, game keys and findings it works through): the execution
    holds more games and findings than one merge takes, and trying again does not help; audit the games in several
    executions."""

    code = "audit_too_large"


class MapRunUnknown(FairdiceError):
    """An audit's merge was given a map run Step Functions does not know, or will not describe to its role: it runs as
    a state of an audit execution, given that execution's own map run, and trying again does not help."""

    code = "map_run_unknown"


class ResultsChanged(FairdiceError):
    """An audit's summary or findings are no longer the bytes its merge wrote (their SHA-256, in the execution's
    output): the report is not drawn from what someone wrote over them, and trying again does not help; audit again."""

    code = "results_changed"


class LateCommitment(FairdiceError):
    """Today's commitment was published after its grace, or is not published by its end (HTTP 502): one published then
    shows nothing of the day's play, so no roll of the day can be verified fair, and the game's route gives none.
    Waiting does not mend it; the next day is committed anew. A publisher outage past 00:15 UTC does it, not only
    someone else's write."""

    code = "late_commitment"


class TamperedRecord(FairdiceError):
    """An archive record contradicts what was committed before; it must not be trusted."""

    code = "tampered_record"


class NotADocument(TamperedRecord):
    """An object where a document of the store belongs is none the publisher writes, and is not read: larger than any
    (`storage.MAX_OBJECT_BYTES`), in a folder no regular file (a link to /dev/zero, a FIFO), or in S3 kept in an archive
    storage class (Glacier), whose bytes S3 gives only once restored, or encrypted with a key its writer keeps (SSE-C)
    or, in the archive, with a KMS key, which the public cannot read. All but `NotReadableYet` are final: an object
    written once is never another, so a reader may keep the refusal as it keeps a document."""


class NotReadableYet(NotADocument):
    """A `NotADocument` whose bytes the store may give later: in S3 one kept in an archive storage class, which a
    restore makes readable, or in a folder no regular file, which its holder may replace. The readers read it again,
    never keeping it as they keep a document or a final refusal; an audit's shard keeps it as that day's answer, as it
    keeps any refusal of a day (at most `SHARD_DAYS` days), so that all its games of the day get one verdict
    (`audit.shard._Consulted`), its lines the code of an archive not read; and a local resume audits again each block
    holding a line it is the finding of (`Partial.unreadable`). Its code is an archive's not read
    (`archive_unavailable`, HTTP 503 with Retry-After), not `tampered_record`: its bytes were not read, so nothing
    shows it contradicts what was committed, and once restored it may be the record the publisher wrote."""

    code = ArchiveUnavailable.code
