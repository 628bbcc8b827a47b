"""A Distributed Map's item in, one shard audited: its partial result to S3, only their place returned.

The item is what the map's ItemReader (s3:listObjectsV2) lists for one object, wrapped by the
map's ItemSelector with the audit's output prefix and when the execution started
(events/audit-worker-shard.json). A state's result is capped at 256 KiB, so the findings stay in
S3 and the answer is a few keys and counts, and the SHA-256 of each of the partial's objects (its
summary, findings, ids and game keys), which the map run's result files keep and the merge holds the
partial to.

A shard that S3 fails to give or take for now (a connection dropped, bytes that stopped coming, SlowDown past boto3's
own retries) fails the invocation with StoreUnavailable, which the state machine tries again a while later; the shard
writes the same objects when it is. A shard of more than MAX_SHARD_GAMES games fails with ShardTooLarge, and one
replaced since the map listed it (its ETag) with ShardChanged: no try mends either.
"""

import datetime as dt
import os
from functools import partial
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice.archive.layout import utc_day
from fairdice.audit import archive
from fairdice.audit.s3 import AuditSettings, OutputPrefix, S3Key, audit_object, client, scratch_space
from fairdice.audit.shard import FINDINGS, GAMES, IDS, PARTIALS, SUMMARY, partial_key, shard_name
from fairdice.audit.tally import Sha256
from fairdice.errors import InvalidInput, ShardTooLarge
from fairdice.prose import cut
from fairdice.storage import S3Results, StorageSettings, stack_name, store_failures
from pydantic import AliasChoices, AwareDatetime, BaseModel, ConfigDict, Field

logger = Logger()
metrics = Metrics()
SETTINGS = AuditSettings.from_environ(os.environ)


def clock() -> dt.datetime:
    """The time now, in UTC: for an event that does not say when its execution started."""
    return dt.datetime.now(dt.UTC)


class AsOf:
    """The daily archive's clock: the moment the execution whose shard is audited started, so that every shard of it,
    in any container and at any hour, judges the days alike (review: a shard audited after a day's reveal called its
    rolls fair, one audited before, withheld); now, for an event that does not say."""

    def __init__(self) -> None:
        self.started: dt.datetime | None = None

    def __call__(self) -> dt.datetime:
        return self.started or clock()


AS_OF = AsOf()
CLOCKS_APART = dt.timedelta(minutes=5)  # Step Functions' clock and Lambda's may differ, by far less than this
# Daily games are checked against the daily archive (FAIRDICE_ARCHIVE_BUCKET), as POST /verify checks them; its
# reader is kept warm between shards, so a day is read and checked once per worker.
STORAGE = StorageSettings.from_environ(os.environ)
ARCHIVE = archive.of_bucket(STORAGE, AS_OF)
# The dashboard shows GamesAudited by service and stack (template.yaml): two stacks in one account apart.
STACK = stack_name(os.environ)
s3 = client(STORAGE)
# The most games a shard may hold. The worker keeps each game's id and key to sort at the end: audit_shard's peak
# memory grew by 8 MB at 10,000 generated 60-roll games, 45 MB at 100,000, 125 MB at 300,000 and 408 MB at 1,000,000
# (about 430 bytes a game), and the million took 265 s on one core of the machine BENCHMARKS.md describes: a quarter
# of the worker's 1,769 MB and under a third of its 900 s, room for a slower vCPU and longer games. A shard of a few
# million would run out of memory or time, which no retry mends: past this it fails with ShardTooLarge as it reaches
# the next game, storing nothing (README). Its /tmp holds what it stages (template.yaml, EphemeralStorage).
MAX_SHARD_GAMES = 1_000_000


class ShardObject(BaseModel):
    """One object as listObjectsV2 lists it: its key, and its ETag, the version the worker must read. The map's
    ItemReader spells it `Etag`, S3's own API (and moto's interpreter, which passes boto3's listing) `ETag`: either
    is read, and an item with neither fails (review: without it the read was of whatever version was there, and
    nothing said so)."""

    model_config = ConfigDict(extra="ignore")

    Key: S3Key
    Etag: str = Field(validation_alias=AliasChoices("Etag", "ETag"), min_length=1, max_length=1024)
    Size: int | None = None


class ShardEvent(BaseModel):
    """The map's ItemSelector output: the listed object and where the audit's results go."""

    model_config = ConfigDict(extra="ignore")

    shard: ShardObject
    output_prefix: OutputPrefix
    started: AwareDatetime | None = Field(
        default=None,
        description="when the execution started ($$.Execution.StartTime): every shard judges the daily archive's days"
        " by this moment (a day whose reveal was not final then is withheld), and without an archive daily rolls whose"
        " day is not over by its UTC day, so one audit is of one moment even across midnight",
    )


class ShardAudited(BaseModel):
    """Where the shard's partial result is, what it counted, and the SHA-256 of the summary.json, findings.jsonl,
    ids.txt and games.txt it wrote there: the map run's result files keep this answer, and the merge holds the partial
    to it."""

    shard: str
    partial: str
    games: int
    not_fair: int
    errors: int
    summary_sha256: Sha256
    findings_sha256: Sha256
    ids_sha256: Sha256
    games_sha256: Sha256


@logger.inject_lambda_context
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Audit the shard the event names; return where its partial result is."""
    item = ShardEvent.model_validate(event)
    key = item.shard.Key
    name = shard_name(key)
    results = S3Results(SETTINGS.bucket, item.output_prefix, s3)
    if item.started is not None and item.started > clock() + CLOCKS_APART:
        # A moment the days are judged by is one that has come, as a local run's plan is bounded (review: an event is
        # anyone's who may invoke the function, and a moment to come would judge a day not over as over)
        raise InvalidInput(
            f"{item.started:%Y-%m-%dT%H:%M:%SZ} is later than this function's clock: not when an execution started",
            field="started",
        )
    AS_OF.started = item.started
    today = utc_day(AS_OF())
    with store_failures(f"auditing s3://{SETTINGS.bucket}/{key}"), scratch_space(partial(_too_large, key)):
        audited = audit_object(
            SETTINGS.bucket,
            key,
            results,
            name,
            s3,
            archive=ARCHIVE,
            today=today,
            max_lines=MAX_SHARD_GAMES,
            etag=item.shard.Etag,
        )
    counts = audited.counts
    metrics.add_dimension(name="stack", value=STACK)
    metrics.add_metric(name="GamesAudited", unit=MetricUnit.Count, value=counts.games)
    result = ShardAudited(
        shard=key,
        partial=f"{item.output_prefix}{PARTIALS}{name}/",
        games=counts.games,
        not_fair=counts.games - counts.fair,
        errors=counts.errors,
        summary_sha256=results.written[partial_key(name, SUMMARY)],
        findings_sha256=results.written[partial_key(name, FINDINGS)],
        ids_sha256=results.written[partial_key(name, IDS)],
        games_sha256=results.written[partial_key(name, GAMES)],
    )
    logger.info("shard audited", extra=result.model_dump())
    return result.model_dump()


def _too_large(key: str, room: str) -> ShardTooLarge:
    """Why a shard whose findings, ids and keys filled the worker's /tmp failed, and what to do: a game not fair stages
    about 730 bytes, a line that could not be verified up to about 17 KB (its problems listed, 100 at most)."""
    return ShardTooLarge(
        f"the shard's findings, ids and game keys fill the worker's {room} of /tmp, and it was not audited: split it"
        f" into smaller shards ({cut(key, 100)})"
    )
