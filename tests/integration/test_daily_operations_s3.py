"""The watchdog and today's roll over S3 (moto), on buckets shaped like the template's.

The archive bucket has Object Lock (compliance mode); the secrets bucket is encrypted with a
customer-managed KMS key, as the template's is. Every S3 call is recorded, so what each reads,
and that neither ever writes, is seen on the wire.
"""

import datetime as dt
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from fairdice.archive.layout import DAYS_LOOKED_BACK, commitment_key, days_looked_back, revealed_key, secret_key
from fairdice.archive.publisher import open_day, publish
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.archive.today import TodaysRolls
from fairdice.archive.watchdog import check_archive
from fairdice.errors import ArchiveUnavailable, LateCommitment, TamperedRecord
from fairdice.storage import PROMPT, S3Store, Stores
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets
from moto import mock_aws
from moto.core.models import DEFAULT_ACCOUNT_ID
from moto.s3.models import s3_backends
from security.cloudformation import function_timeout, load_template
from today_roll_api import app as route

from testkit.archive import missed_days_secret_put_again, put_secret_again, put_someone_elses_record
from testkit.oracles import seed_004
from testkit.timeline import Timeline

DAY1, DAY2, DAY3 = dt.date(2025, 3, 1), dt.date(2025, 3, 2), dt.date(2025, 3, 3)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(day: dt.date, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


class Recording:
    """An S3 client that records every call it passes on: (operation, bucket, key or prefix)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.calls: list[tuple[str, str, str]] = []

    @property
    def meta(self) -> Any:  # where the client talks to (the store reads whether it is AWS's own S3)
        return self.client.meta

    def get_object(self, **kwargs: Any) -> Any:
        self.calls.append(("GetObject", kwargs["Bucket"], kwargs["Key"]))
        return self.client.get_object(**kwargs)

    def put_object(self, **kwargs: Any) -> Any:
        self.calls.append(("PutObject", kwargs["Bucket"], kwargs["Key"]))
        return self.client.put_object(**kwargs)

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self.calls.append(("ListObjectsV2", kwargs["Bucket"], kwargs.get("Prefix", "")))
        return self.client.list_objects_v2(**kwargs)

    def list_object_versions(self, **kwargs: Any) -> Any:
        self.calls.append(("ListObjectVersions", kwargs["Bucket"], kwargs["Prefix"]))
        return self.client.list_object_versions(**kwargs)


class Slow(Recording):
    """A client each of whose calls takes PROMPT's longest (3 s) on its own monotonic clock, then answers."""

    def __init__(self, client: Any) -> None:
        super().__init__(client)
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def get_object(self, **kwargs: Any) -> Any:
        self.now += PROMPT.longest_call()
        return super().get_object(**kwargs)

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self.now += PROMPT.longest_call()
        return super().list_objects_v2(**kwargs)


@pytest.fixture
def timeline() -> Timeline:
    """The test's time: the publisher runs at it, and moto dates what it stores by it (LastModified)."""
    return Timeline(at(DAY1, "00:00:00"))


@pytest.fixture
def s3(fake_aws_credentials: None, timeline: Timeline) -> Iterator[Any]:
    """moto's S3 and KMS: the archive under Object Lock, the secrets under a key of their own."""
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        key = boto3.client("kms", region_name=REGION).create_key(Description="the daily secrets")["KeyMetadata"]
        client.put_bucket_encryption(
            Bucket=SECRETS,
            ServerSideEncryptionConfiguration={
                "Rules": [
                    {
                        "ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "aws:kms", "KMSMasterKeyID": key["Arn"]},
                        "BucketKeyEnabled": True,
                    }
                ]
            },
        )
        yield client


def stores_on(client: Any) -> Stores:
    return Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))


def test_the_watchdog_reads_the_archive_alone_and_answers_yes_after_a_good_night(timeline: Timeline, s3: Any) -> None:
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    recording = Recording(s3)

    check = check_archive(S3Store(ARCHIVE, client=recording), at(DAY2, "00:15:00"))

    assert check.today_committed and check.yesterday_revealed
    # yesterday's record is checked as a verifier checks it: its commitment, the versions S3 keeps of both (one each, no
    # delete marker: neither hidden nor written again), its place in the chain, and the commitments of the days before
    # it, which its own must be none of, and the records listed under them (listed once: none here), none of which may
    # reveal its secret
    assert recording.calls == [
        ("GetObject", ARCHIVE, "commitments/2025-03-02.json"),
        # today's commitment is the one version S3 keeps of its key: neither hidden nor written again in the grace
        ("ListObjectVersions", ARCHIVE, "commitments/2025-03-02.json"),
        ("GetObject", ARCHIVE, "revealed/2025-03-01.json"),
        ("GetObject", ARCHIVE, "commitments/2025-03-01.json"),
        ("ListObjectVersions", ARCHIVE, "commitments/2025-03-01.json"),
        ("ListObjectVersions", ARCHIVE, "revealed/2025-03-01.json"),
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        *(("GetObject", ARCHIVE, commitment_key(day)) for day in days_looked_back(DAY1)),
    ]


def test_the_watchdog_answers_no_for_a_missed_night_on_s3(timeline: Timeline, s3: Any) -> None:
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    recording = Recording(s3)

    check = check_archive(S3Store(ARCHIVE, client=recording), at(DAY2, "00:15:00"))

    assert not check.today_committed and not check.yesterday_revealed
    assert {operation for operation, _, _ in recording.calls} <= {"GetObject", "ListObjectsV2"}
    assert {bucket for _, bucket, _ in recording.calls} == {ARCHIVE}


def test_todays_roll_reads_todays_secret_once_writes_nothing_and_gives_seed_004s_faces(
    timeline: Timeline, s3: Any
) -> None:
    # Given the midnight runs, and the route's stores recording every call
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    recording = Recording(s3)
    rolls = TodaysRolls(stores_on(recording))

    # When the game asks for two players' rolls
    other = "00000000-0000-4000-8000-000000000001"
    first = rolls.roll(PLAYER, at(DAY2, "09:00"))
    second = rolls.roll(other, at(DAY2, "09:01"))

    # Then the faces are seed 004's, from one read of today's secret, its commitment, one listing of the records looked
    # back to (any of which may reveal today's secret, whatever its day's commitment), the commitments of the days
    # before (which it must be none of) and the one record listed, the day before's, and no write
    secret = s3.get_object(Bucket=SECRETS, Key=secret_key(DAY2))["Body"].read()
    assert first.dice == seed_004.faces(secret, DAY2.isoformat(), PLAYER)
    assert second.dice == seed_004.faces(secret, DAY2.isoformat(), other)
    before = [commitment_key(DAY2 - dt.timedelta(days=back)) for back in range(1, DAYS_LOOKED_BACK + 1)]
    assert recording.calls == [
        ("GetObject", SECRETS, "secrets/2025-03-02"),
        ("GetObject", ARCHIVE, "commitments/2025-03-02.json"),
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        ("GetObject", ARCHIVE, before[0]),
        ("GetObject", ARCHIVE, "revealed/2025-03-01.json"),
        *(("GetObject", ARCHIVE, key) for key in before[1:]),
    ]


def test_todays_roll_before_the_publisher_has_run_makes_no_secret(s3: Any) -> None:
    recording = Recording(s3)

    with pytest.raises(ArchiveUnavailable, match="not made yet"):
        TodaysRolls(stores_on(recording)).roll(PLAYER, at(DAY2, "00:00:01"))

    assert recording.calls == [("GetObject", SECRETS, "secrets/2025-03-02")]
    assert s3.list_objects_v2(Bucket=SECRETS).get("KeyCount", 0) == 0


def test_todays_roll_gives_up_on_a_slow_store_before_its_lambda_timeout(timeline: Timeline, s3: Any) -> None:
    """Its reads, each at its longest (PROMPT), fit in the function's timeout: the 503 is its own. On the archive's
    first day it would read the DAYS_LOOKED_BACK days before it too, more than the timeout has room for: the route's
    read budget stops it first."""
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    recording = Slow(s3)
    with pytest.raises(ArchiveUnavailable, match="try again shortly"):
        TodaysRolls(stores_on(recording)).within(route.READ_BUDGET, recording.monotonic).roll(PLAYER, at(DAY2, "09:00"))

    reads = len(recording.calls)
    assert reads * PROMPT.longest_call() < function_timeout(load_template(), "TodayRollFunction")
    # and whatever the store's speed: no read starts past the budget, and the one under way then takes its longest
    assert route.READ_BUDGET + PROMPT.longest_call() + 2 <= function_timeout(load_template(), "TodayRollFunction")


class SlowPages(Recording):
    """A client each page of whose listings takes PROMPT's longest (3 s) on its own monotonic clock; its reads none."""

    def __init__(self, client: Any) -> None:
        super().__init__(client)
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self.now += PROMPT.longest_call()
        return super().list_objects_v2(**kwargs)


def test_todays_roll_stops_listing_keys_put_between_the_days_once_its_read_budget_is_spent(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01 and 03-02 published by their midnight runs, and 4,200 keys of someone else's put after 03-01's
    # record (`revealed/2025-03-01.json~00000` …): five pages of ListObjectsV2 between the first day the route looks
    # back to and `revealed/9999-12-31.json`, each taking PROMPT's longest
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    bucket = s3_backends[DEFAULT_ACCOUNT_ID]["global"]
    for n in range(4200):
        bucket.put_object(ARCHIVE, f"{revealed_key(DAY1)}~{n:05d}", b"kept by the operator")
    slow = SlowPages(s3)

    # When the game asks for a roll of 03-02
    with pytest.raises(ArchiveUnavailable, match="try again shortly"):
        TodaysRolls(stores_on(slow)).within(route.READ_BUDGET, slow.monotonic).roll(PLAYER, at(DAY2, "09:00"))

    # Then no page is asked for once the read budget is spent, so the 503 goes out before the function's timeout
    # (review: the budget was checked once a listing, which fetched all five pages, 15 s, past the 10 s timeout: a bare
    # 500 from API Gateway, not the 503 with Retry-After)
    pages = [call for call in slow.calls if call[0] == "ListObjectsV2"]
    assert len(pages) == 2
    assert (
        slow.now <= route.READ_BUDGET + PROMPT.longest_call() < function_timeout(load_template(), "TodayRollFunction")
    )


def test_todays_roll_after_a_missed_day_reads_on_a_slow_store_over_requests_each_its_own_503(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's midnight run, none on 03-02, 03-03's run, and a store whose every read takes PROMPT's longest
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    recording = Slow(s3)
    rolls = TodaysRolls(stores_on(recording))
    timeout = function_timeout(load_template(), "TodayRollFunction")

    # When the game asks until it gets a roll
    answered = []
    while len(answered) < 10 and (not answered or isinstance(answered[-1], ArchiveUnavailable)):  # ten at most
        started = recording.now
        try:
            answered.append(rolls.within(route.READ_BUDGET, recording.monotonic).roll(PLAYER, at(DAY3, "09:00")))
        except ArchiveUnavailable as exc:
            answered.append(exc)
        # Then each request answers before the function's timeout
        assert recording.now - started < timeout

    # and each went on from where the one before stopped: every object read once, the records looked back to listed
    # once (any of them may reveal the day's secret) and the one listed, 03-01's, read, two calls a request
    assert len(answered) == 6
    assert len(recording.calls) == 2 + DAYS_LOOKED_BACK + 2 == len(set(recording.calls))
    assert recording.calls[2] == ("ListObjectsV2", ARCHIVE, "revealed/")
    assert ("GetObject", ARCHIVE, "revealed/2025-03-01.json") in recording.calls


def test_todays_roll_under_the_secret_of_the_day_before_a_missed_day_is_tampered_on_s3(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's midnight run, none on 03-02, and 03-01's secret and commitment put under 03-03 in its first second,
    # before its midnight run, which keeps them and reveals 03-01
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    again = s3.get_object(Bucket=SECRETS, Key=secret_key(DAY1))["Body"].read()
    put_secret_again(timeline, stores_on(s3), again, DAY3)

    # Then the game's route gives no roll of 03-03
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        TodaysRolls(stores_on(s3)).roll(PLAYER, at(DAY3, "00:00:03"))


def test_todays_roll_under_a_missed_days_secret_its_catch_up_run_reveals_that_day_is_tampered_on_s3(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's midnight run, 03-02's dead between making its secret and publishing its commitment, none on 03-03,
    # and 03-02's secret and commitment put under 03-04 in its first second, before its run, which publishes 03-02's
    # commitment late (S3 dates it after 03-04's) and reveals 03-02: its secret public all of 03-04
    day = DAY3 + dt.timedelta(days=1)
    missed_days_secret_put_again(timeline, stores_on(s3), DAY2, day)
    assert s3.head_object(Bucket=ARCHIVE, Key="revealed/2025-03-02.json")["LastModified"] < at(day, "00:00:03")

    # Then the game's route gives no roll of 03-04
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        TodaysRolls(stores_on(s3)).roll(PLAYER, at(day, "09:00"))


def warm_route(s3: Any, day: dt.date) -> tuple[TodaysRolls, Recording]:
    """A warm route that has rolled `day` at 00:05, and what it reads."""
    recording = Recording(s3)
    warm = TodaysRolls(stores_on(recording))
    assert warm.roll(PLAYER, at(day, "00:05")).date == day
    return warm, recording


def refused_cold_and_warm(
    s3: Any, warm: TodaysRolls, recording: Recording, when: dt.datetime, said: str
) -> list[tuple[str, str, str]]:
    """Whether a cold route and `warm` both refuse the day at `when` as tampered, in words matching `said`; and what the
    warm one read to refuse it (from the archive's change on)."""
    recording.calls.clear()
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores_on(s3)).roll(PLAYER, when)
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, when)
    return recording.calls


def test_a_warm_todays_roll_refuses_the_day_once_a_catch_up_run_reveals_its_secret_on_s3(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's midnight run, 03-02's secret alone made at 00:00:02, no run after it, and 03-02's secret and
    # commitment put under 03-04 in its first second; a warm route rolls 03-04 at 00:05, 03-02's commitment not there
    day = DAY3 + dt.timedelta(days=1)
    missed_days_secret_put_again(timeline, stores_on(s3), DAY2, day, run=False)
    warm, recording = warm_route(s3, day)

    # When a run at 06:00 catches up and reveals 03-02 (S3 dates its commitment after 03-04's)
    timeline.publish(stores_on(s3), at(day, "06:00"))

    # Then the warm route refuses 03-04 at 09:00, as a cold one does (review: it gave 03-04's rolls all day)
    read = refused_cold_and_warm(s3, warm, recording, at(day, "09:00"), "commits to the secret of 2025-03-02")
    # from one listing of the records looked back to, the commitments that were not there, latest first, and the record
    # of the one that gives the day away
    assert read == [
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        ("GetObject", ARCHIVE, commitment_key(DAY3)),
        ("GetObject", ARCHIVE, commitment_key(DAY2)),
        ("GetObject", ARCHIVE, "revealed/2025-03-02.json"),
    ]


def test_a_record_revealing_todays_secret_under_a_day_with_no_commitment_gives_no_roll_cold_or_warm_on_s3(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's and 03-03's midnight runs, none on 03-02, and a warm route that rolled 03-03 at 00:05
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    warm, recording = warm_route(s3, DAY3)

    # When at 08:00 whoever holds the publisher's keys puts a record under 03-02, whose key never existed, revealing
    # 03-03's secret, with no commitment of 03-02: whoever reads the archive knows every roll of 03-03 from then on
    timeline.now = at(DAY3, "08:00")
    secret = s3.get_object(Bucket=SECRETS, Key=secret_key(DAY3))["Body"].read()
    put_someone_elses_record(stores_on(s3).archive, DAY2, revealing=secret)

    # Then the route gives no roll of 03-03, cold or warm from LOOK_AGAIN after (review: both gave them all day, no
    # commitment of 03-02 being there to read its record beside)
    said = r"commits to the secret of 2025-03-02, as revealed/2025-03-02\.json does"
    read = refused_cold_and_warm(s3, warm, recording, at(DAY3, "08:05"), said)
    # from one listing of the records looked back to, 03-02's commitment, not there, read again, and that one record
    # listed since: the day given away there, the commitments further back are not read
    assert read == [
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        ("GetObject", ARCHIVE, commitment_key(DAY2)),
        ("GetObject", ARCHIVE, "revealed/2025-03-02.json"),
    ]


def test_todays_roll_lists_the_records_looked_back_to_in_one_page_however_many_keys_follow_them_on_s3(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-01's and 03-02's midnight runs (the days before 03-01 have no commitment, so the route lists the records
    # looked back to), and more keys under revealed/ after those days than S3 gives in one page, put by whoever holds
    # the publisher's keys
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    for n in range(1001):
        s3.put_object(Bucket=ARCHIVE, Key=f"revealed/zz-{n:04}", Body=b"{}", ChecksumAlgorithm="SHA256")
    recording = Recording(s3)

    # When the game asks for 03-02's rolls
    assert TodaysRolls(stores_on(recording)).roll(PLAYER, at(DAY2, "09:00")).date == DAY2

    # Then the records were listed in one ListObjectsV2: no page is asked for past the last day looked back to (review:
    # the route paged through every key after them, a page a thousand, within one read of its budget)
    assert [call for call in recording.calls if call[0] == "ListObjectsV2"] == [("ListObjectsV2", ARCHIVE, "revealed/")]


def test_todays_roll_reads_nothing_more_all_day_on_a_normal_day_and_after_missed_days_every_look_again(
    timeline: Timeline, s3: Any
) -> None:
    # Given every day committed by its midnight run from DAYS_LOOKED_BACK days before 03-02, a normal day
    for back in range(DAYS_LOOKED_BACK, -1, -1):
        timeline.publish(stores_on(s3), at(DAY2 - dt.timedelta(days=back), "00:00:02"))
    recording = Recording(s3)
    rolls = TodaysRolls(stores_on(recording))

    # When the game asks all day, then the route reads its secret, its commitment, the 8 before and the records listed
    # under them (any of which may reveal its secret), once, and lists those records once every LOOK_AGAIN, reading
    # none listed since
    for moment in ("00:00:03", "00:05:03", "09:00", "23:59:59"):
        rolls.roll(PLAYER, at(DAY2, moment))
    assert recording.calls == [
        ("GetObject", SECRETS, secret_key(DAY2)),
        ("GetObject", ARCHIVE, commitment_key(DAY2)),
        ("ListObjectsV2", ARCHIVE, "revealed/"),
        *(
            call
            for day in days_looked_back(DAY2)
            for call in (("GetObject", ARCHIVE, commitment_key(day)), ("GetObject", ARCHIVE, revealed_key(day)))
        ),
        *(("ListObjectsV2", ARCHIVE, "revealed/"),) * 3,  # at 00:05:03, 09:00 and 23:59:59
    ]

    # and after a missed day (none on 03-03, 03-04's run), the one missing again every LOOK_AGAIN, none found before,
    # each time after one listing of the records looked back to (a record under any of them may reveal 03-04's secret),
    # and the one record listed that it had not read, 03-02's, once
    day = DAY3 + dt.timedelta(days=1)
    timeline.publish(stores_on(s3), at(day, "00:00:02"))
    recording.calls.clear()
    for moment in ("00:00:03", "00:04", "00:05:03", "09:00", "09:04"):
        rolls.roll(PLAYER, at(day, moment))
    assert recording.calls == [
        ("GetObject", SECRETS, secret_key(day)),
        ("GetObject", ARCHIVE, commitment_key(day)),
        *(  # at 00:00:03, 00:05:03 and 09:00; 03-02's record, revealed by 03-04's run, at the first alone
            ("ListObjectsV2", ARCHIVE, "revealed/"),
            ("GetObject", ARCHIVE, commitment_key(DAY3)),
            ("GetObject", ARCHIVE, revealed_key(DAY2)),
            *(("ListObjectsV2", ARCHIVE, "revealed/"), ("GetObject", ARCHIVE, commitment_key(DAY3))) * 2,
        ),
    ]


def test_todays_roll_gives_no_roll_from_a_secret_the_store_dates_before_its_day(timeline: Timeline, s3: Any) -> None:
    # Given a run whose clock read 03-02 at 15:00 on 03-01 (by S3's own time): it made 03-02's secret and commitment
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.now = at(DAY1, "15:00")
    open_day(stores_on(s3), at(DAY2, "00:00:02"))

    # and the midnight run of 03-02 stops at that secret, as one someone else put there
    timeline.now = at(DAY2, "00:00:02")
    with pytest.raises(TamperedRecord, match="before its day began"):
        publish(stores_on(s3), timeline.now)

    # Then the game's route gives no roll from it either, all day: no verdict of the day could be fair
    rolls = TodaysRolls(stores_on(s3))
    for moment in ("00:00:03", "09:00"):
        with pytest.raises(TamperedRecord, match="secrets/2025-03-02 was written at 2025-03-01 15:00:00 UTC"):
            rolls.roll(PLAYER, at(DAY2, moment))


def test_a_run_whose_clock_reads_tomorrow_reveals_nothing_of_today(timeline: Timeline, s3: Any) -> None:
    # Given the midnight runs of 03-01 and 03-02, and the game rolling 03-02 from its secret
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:00:02"))
    rolled = TodaysRolls(stores_on(s3)).roll(PLAYER, at(DAY2, "09:00"))

    # When a run at 10:00 on 03-02 (by S3's own time) takes its clock's 03-03 for today
    timeline.now = at(DAY2, "10:00")
    with pytest.raises(TamperedRecord, match="this run's clock is ahead of the archive's"):
        publish(stores_on(s3), at(DAY3, "00:00:02"))

    # Then 03-02's secret is not made public while its rolls are still given: no record of it is written
    assert s3.list_objects_v2(Bucket=ARCHIVE, Prefix="revealed/2025-03-02").get("KeyCount", 0) == 0
    assert TodaysRolls(stores_on(s3)).roll(PLAYER, at(DAY2, "11:00")).dice == rolled.dice


def test_todays_roll_gives_no_roll_under_a_commitment_published_late(timeline: Timeline, s3: Any) -> None:
    # Given the publisher down until 00:30: its first run of 03-02 publishes the day's commitment then, by S3's clock
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    timeline.publish(stores_on(s3), at(DAY2, "00:30"))

    # Then the game's route gives no roll of 03-02, all day
    rolls = TodaysRolls(stores_on(s3))
    for moment in ("00:30:01", "23:59:59"):
        with pytest.raises(LateCommitment, match=r"commitments/2025-03-02\.json was published at 2025-03-02 00:30:00"):
            rolls.roll(PLAYER, at(DAY2, moment))

    # for none could be fair: once revealed, a roll of that day (its faces as the secret gives them) is incomplete
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    secret = s3.get_object(Bucket=SECRETS, Key=secret_key(DAY2))["Body"].read()
    faces = " ".join(map(str, seed_004.faces(secret, DAY2.isoformat(), PLAYER)))
    reader = ArchiveReader(S3Store(ARCHIVE, client=s3), clock=lambda: at(DAY3, "09:00"))
    verdict = daily_verdict(reader, DAY2, PLAYER, faces)
    assert verdict.verdict == "incomplete" and verdict.checks.rolls == "match"
    assert rolls.roll(PLAYER, at(DAY3, "09:00")).date == DAY3


def test_todays_roll_reads_a_late_days_secret_and_commitment_once_all_day(timeline: Timeline, s3: Any) -> None:
    # Given 03-02's commitment published at 00:30 by S3's clock
    timeline.publish(stores_on(s3), at(DAY2, "00:30"))
    recording = Recording(s3)
    rolls = TodaysRolls(stores_on(recording))

    # When the game asks all day, then every answer is the refusal, from one read of each object
    for moment in ("00:30:01", "12:00", "23:59:59"):
        with pytest.raises(LateCommitment, match=r"commitments/2025-03-02\.json was published at 2025-03-02 00:30:00"):
            rolls.roll(PLAYER, at(DAY2, moment))
    assert recording.calls == [
        ("GetObject", SECRETS, "secrets/2025-03-02"),
        ("GetObject", ARCHIVE, "commitments/2025-03-02.json"),
    ]


def test_todays_roll_past_the_grace_with_no_commitment_refuses_as_a_late_day(timeline: Timeline, s3: Any) -> None:
    # Given the publisher down through the grace: at 00:20, by the Lambda's clock, nothing of 03-02 is in S3
    timeline.publish(stores_on(s3), at(DAY1, "00:00:02"))
    rolls = TodaysRolls(stores_on(s3))
    with pytest.raises(LateCommitment, match="the secret for 2025-03-02 is not made yet"):
        rolls.roll(PLAYER, at(DAY2, "00:20"))

    # When a run at 00:30 publishes its commitment, then the refusal is the late day's own, all day
    timeline.publish(stores_on(s3), at(DAY2, "00:30"))
    with pytest.raises(LateCommitment, match=r"commitments/2025-03-02\.json was published at 2025-03-02 00:30:00"):
        rolls.roll(PLAYER, at(DAY2, "00:30:01"))


def test_todays_roll_from_a_commitment_s3_dates_at_the_grace_s_end_seen_by_a_clock_ahead(
    timeline: Timeline, s3: Any
) -> None:
    # Given a Lambda whose clock reads 00:15:01 as S3's reads 00:14:59: nothing of 03-02 is in S3 yet
    rolls = TodaysRolls(stores_on(s3))
    with pytest.raises(ArchiveUnavailable, match="try again shortly"):
        rolls.roll(PLAYER, at(DAY2, "00:15:01"))

    # When the publisher's run writes the secret and commitment at 00:14:59 by S3's clock
    timeline.publish(stores_on(s3), at(DAY2, "00:14:59"))

    # Then the game, told to try again, rolls: the commitment is in time
    assert rolls.roll(PLAYER, at(DAY2, "00:15:02")).date == DAY2
