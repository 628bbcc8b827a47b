"""daily (seed 004): the archive is authoritative for a day's secret and for when its commitment was published.

Each case of "what fair proves" for the daily game, with an injected clock, against the local-folder
archive and moto's S3 (whose LastModified follows the same clock).
"""

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from fairdice.archive.layout import commitment_key, secret_key
from fairdice.archive.reader import ArchiveReader, is_final
from fairdice.errors import ArchiveUnavailable, UnknownDay
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.storage import S3Store, Stores
from fairdice.verdict import Verdict
from fairdice.verify import verify
from moto import mock_aws

from testkit.timeline import Timeline

DAY = dt.date(2025, 3, 1)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


@pytest.fixture(params=["folders", "moto"])
def archive(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Timeline, Stores]]:
    """The two stores, local folders or moto's S3 buckets, dated by the test's timeline."""
    timeline = Timeline(at("2025-03-01 00:00"))
    if request.param == "folders":
        yield timeline, timeline.stores(tmp_path)
        return
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name="eu-west-1")
        for bucket in ("secrets", "archive"):
            client.create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        yield timeline, Stores(secrets=S3Store("secrets", client=client), archive=S3Store("archive", client=client))


def daily(reader: ArchiveReader | None, **fields: object) -> Verdict:
    request = parse_request({"scheme": "daily", "date": DAY.isoformat(), "player_id": PLAYER} | fields)
    return verify(request, day_secrets=reader)


def faces(verdict: Verdict) -> str:
    return " ".join(map(str, verdict.rolls[0]["dice"] or []))


def test_a_commitment_published_in_time_makes_the_day_fair_and_final(archive: tuple[Timeline, Stores]) -> None:
    # Given a day committed at 00:00:03 and revealed at the next midnight
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))

    # When a player's roll is verified from the archive with the faces they saw
    verdict = daily(reader, recorded=faces(daily(reader)))

    # Then it is fair, says when the commitment was published, and never changes again
    assert verdict.verdict == "fair", verdict.reasons
    assert verdict.seal.published_at == at("2025-03-01 00:00:03")
    assert verdict.seal.in_time is True
    assert is_final(verdict)


def test_a_commitment_published_after_the_grace_gives_at_most_incomplete(archive: tuple[Timeline, Stores]) -> None:
    # Given a day whose secret and commitment were made at 00:20, past the 15 minutes after 00:00 UTC
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:20:00"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))

    verdict = daily(reader, recorded=faces(daily(reader)))

    # Then the rolls match but the verdict is incomplete, says why and when, and is not final
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.reasons == [
        "the commitment of 2025-03-01 was published at 2025-03-01 00:20:00 UTC, after the 15 minutes after 00:00 UTC"
        " it had: it does not show the secret was fixed before the day's play"
    ]
    assert verdict.seal.in_time is False
    assert not is_final(verdict)
    record = reader.record(DAY)
    assert (record.commitment_in_time, record.commitment_published_at) == (False, at("2025-03-01 00:20:00"))
    assert not is_final(record)


def test_a_commitment_the_next_run_had_to_publish_at_reveal_time_is_late(archive: tuple[Timeline, Stores]) -> None:
    # Given a run that made the day's secret but died before its commitment: the next run publishes it at reveal
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    _forget_commitment(stores)  # behind the write-once archive's back: as if the dead run had never written it
    report = timeline.publish(stores, at("2025-03-02 00:00:01"))
    assert report.reveal.late_commitments == [DAY]
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))

    verdict = daily(reader, recorded=faces(daily(reader)))

    assert verdict.verdict == "incomplete"
    assert verdict.seal.published_at == at("2025-03-02 00:00:01")
    assert "published at 2025-03-02 00:00:01 UTC" in verdict.reasons[0]


def _forget_commitment(stores: Stores) -> None:
    if isinstance(stores.archive, S3Store):
        client = stores.archive._given_client  # the test's own moto client
        assert client is not None
        client.delete_object(Bucket="archive", Key=commitment_key(DAY))  # type: ignore[attr-defined]
    else:
        (stores.archive.root / commitment_key(DAY)).unlink()  # type: ignore[attr-defined]


def test_a_given_secret_or_commitment_is_compared_with_the_archives(archive: tuple[Timeline, Stores]) -> None:
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    timeline.publish(stores, at("2025-03-02 00:00:01"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-02 09:00"))
    secret = stores.secrets.get(secret_key(DAY)) or b""

    # The right secret and commitment: fair
    right = daily(reader, secret=secret.hex(), commitment=seal_of(secret), recorded=faces(daily(reader)))
    assert right.verdict == "fair"

    # Another secret with its own commitment: a mismatch, said in words
    other = bytes(32)
    wrong = daily(reader, secret=other.hex(), commitment=seal_of(other))
    assert wrong.verdict == "mismatch"
    assert f"the commitment given is not the one the daily archive published for 2025-03-01 ({seal_of(secret)})" in (
        wrong.reasons
    )
    assert "the day secret given is not the one the daily archive revealed for 2025-03-01" in wrong.reasons
    assert "the day secret does not match the commitment the daily archive published" in wrong.reasons

    # The right secret with another commitment: a mismatch too
    assert daily(reader, secret=secret.hex(), commitment=seal_of(other)).verdict == "mismatch"


def test_before_a_day_is_revealed_any_secret_given_is_withheld(archive: tuple[Timeline, Stores]) -> None:
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 18:00"))
    secret = stores.secrets.get(secret_key(DAY)) or b""

    # The day's real secret, another one, or none, today or tomorrow: never confirmed nor denied
    for given in (secret, bytes(32)):
        for day in ("2025-03-01", "2025-03-02"):
            verdict = daily(reader, date=day, secret=given.hex(), commitment=seal_of(given))
            assert verdict.verdict == "withheld"
            assert verdict.rolls == [] and verdict.seal.computed is None
    assert daily(reader).verdict == "withheld"


def test_without_the_archives_commitment_a_callers_own_secret_gives_at_most_incomplete(
    archive: tuple[Timeline, Stores],
) -> None:
    # Given an archive that has days, but none for 2025-02-27
    timeline, stores = archive
    timeline.publish(stores, at("2025-03-01 00:00:03"))
    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-01 18:00"))
    own = bytes(range(32))
    first = daily(reader, date="2025-02-27", secret=own.hex(), commitment=seal_of(own))

    # When a caller brings their own secret and commitment, with the faces they give
    verdict = daily(reader, date="2025-02-27", secret=own.hex(), commitment=seal_of(own), recorded=faces(first))

    # Then nothing fails, but nothing shows the secret was fixed before the day's play
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.reasons == [
        "the daily archive has no commitment for 2025-02-27, so nothing shows this secret was fixed before the"
        " day's play"
    ]
    # And without a secret, that day is still unknown
    with pytest.raises(UnknownDay):
        daily(reader, date="2025-02-27")


def test_with_no_archive_at_all_a_callers_own_secret_gives_at_most_incomplete() -> None:
    own = bytes(range(32))
    first = daily(None, secret=own.hex(), commitment=seal_of(own))
    verdict = daily(None, secret=own.hex(), commitment=seal_of(own), recorded=faces(first))
    assert verdict.verdict == "incomplete"
    assert "no daily archive was consulted here" in verdict.reasons[0]


def test_an_archive_that_cannot_be_read_is_an_error_never_a_verdict() -> None:
    class Unreadable:
        def get(self, key: str) -> bytes | None:
            raise ArchiveUnavailable("the archive does not answer")

        read = get

        def put_new(self, key: str, data: bytes) -> bool:
            raise AssertionError("a reader never writes")

        replace = put_new

        def list(self, prefix: str) -> list[str]:
            raise AssertionError("a reader never lists")

    reader = ArchiveReader(Unreadable(), clock=lambda: at("2025-03-02 09:00"))  # type: ignore[arg-type]
    own = bytes(range(32))
    with pytest.raises(ArchiveUnavailable):
        daily(reader, secret=own.hex(), commitment=seal_of(own))
