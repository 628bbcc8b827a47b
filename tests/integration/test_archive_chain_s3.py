"""Both links of the archive's chain, checked on S3 (moto) through GET /daily/{date} and POST /verify.

An archive bucket under Object Lock keeps every version, but whoever may write it can still put a
new one over a record: the verify API must then answer 502 tampered_record, never "200, seal
match, immutable" for a record the chain no longer vouches for.
"""

import datetime as dt
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from fairdice.archive.layout import Commitment, RevealedRecord, commitment_key, revealed_key, secret_key
from fairdice.archive.publisher import get_or_create_secret, open_day, reveal_closed
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.archive.today import TodaysRolls
from fairdice.errors import NotReadableYet, TamperedRecord
from fairdice.http import RESTORE_RETRY_AFTER
from fairdice.seal import seal_of
from fairdice.storage import S3Store, Stores
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets
from moto import mock_aws
from verify_api import archive as api_archive
from verify_api.caching import IMMUTABLE
from verify_api_calls import Answer, Event, at, invoke, with_body

from testkit.archive import put_secret_again
from testkit.oracles import seed_004
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

DAY1, DAY2, DAY3 = dt.date(2025, 3, 1), dt.date(2025, 3, 2), dt.date(2025, 3, 3)
NOW = dt.datetime(2025, 3, 3, 12, 0, tzinfo=dt.UTC)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


@pytest.fixture
def s3(fake_aws_credentials: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """03-01 and 03-02 revealed, 03-03 committed, by the midnight runs; the handler reads this archive."""
    timeline = Timeline(dt.datetime.combine(DAY1, dt.time(), dt.UTC))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        for day in (DAY1, DAY2, DAY3):
            timeline.publish(stores, dt.datetime.combine(day, dt.time(0, 0, 2), dt.UTC))
        timeline.now = NOW - dt.timedelta(hours=3)  # what is put over a record from here on is dated then
        reader = ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: NOW)
        monkeypatch.setattr(api_archive, "DAILY", reader)
        yield client


@pytest.fixture
def day1_published(fake_aws_credentials: None) -> Iterator[tuple[Timeline, Any, Stores]]:
    """03-01 published by its midnight run, no run since: the timeline, the S3 client and the stores."""
    timeline = Timeline(dt.datetime.combine(DAY1, dt.time(), dt.UTC))
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        timeline.publish(stores, dt.datetime.combine(DAY1, dt.time(0, 0, 2), dt.UTC))
        yield timeline, client, stores


def record_of(client: Any, day: dt.date) -> RevealedRecord:
    body = client.get_object(Bucket=ARCHIVE, Key=revealed_key(day))["Body"].read()
    return RevealedRecord.model_validate_json(body)


def put_over(client: Any, record: RevealedRecord) -> None:
    """A new version of the record, as anyone allowed a plain PutObject on the bucket could write."""
    client.put_object(Bucket=ARCHIVE, Key=revealed_key(record.date), Body=record.to_bytes(), ChecksumAlgorithm="SHA256")


def day_record(load_event: Callable[[str], Event], day: dt.date) -> Answer:
    return invoke(at(load_event("api-daily-record"), "GET", f"/daily/{day.isoformat()}"))


def verify_from_archive(
    load_event: Callable[[str], Event], day: dt.date, recorded: list[list[int]] | None = None
) -> Answer:
    """POST /verify of the player's roll of `day`, read from the archive, with the faces the player saw if given."""
    request: dict[str, Any] = {"scheme": "daily", "date": day.isoformat(), "player_id": PLAYER}
    if recorded is not None:
        request["recorded"] = recorded
    return invoke(with_body(load_event("api-verify-daily-from-archive"), json.dumps(request)))


def assert_tampered(answer: Answer, words: str) -> None:
    assert answer.status == 502, answer.text
    assert answer.json["error"]["code"] == "tampered_record"
    assert words in answer.json["error"]["message"]
    assert "Cache-Control" not in answer.headers


def test_a_day_committed_to_the_secret_of_two_days_before_is_502_tampered_record_on_s3(
    day1_published: tuple[Timeline, Any, Stores], monkeypatch: pytest.MonkeyPatch, load_event: Callable[[str], Event]
) -> None:
    # Given on S3 03-01 and 03-02 published by their midnight runs, and 03-01's secret and commitment put under 03-03 in
    # its first second, before its run: 03-01's record made it public on 03-02 (review: the game's route refused 03-03,
    # and GET /daily and POST /verify called a player's roll of it fair, its record linking to 03-02's)
    timeline, client, stores = day1_published
    timeline.publish(stores, dt.datetime.combine(DAY2, dt.time(0, 0, 2), dt.UTC))
    again = stores.secrets.get(secret_key(DAY1)) or b""
    put_secret_again(timeline, stores, again, DAY3)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        TodaysRolls(stores).roll(PLAYER, NOW)
    timeline.publish(stores, dt.datetime.combine(DAY3 + dt.timedelta(days=1), dt.time(0, 0, 2), dt.UTC))
    reader = ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: NOW + dt.timedelta(days=1))
    monkeypatch.setattr(api_archive, "DAILY", reader)
    faces = seed_004.faces(again, DAY3.isoformat(), PLAYER)

    # Then GET /daily/2025-03-03 and POST /verify with the player's faces refuse the day, saying whose secret it is
    said = "commitments/2025-03-03.json commits to the secret of 2025-03-01, as commitments/2025-03-01.json does"
    assert_tampered(day_record(load_event, DAY3), said)
    assert_tampered(verify_from_archive(load_event, DAY3, [faces]), said)


def test_the_genuine_chain_is_served_revealed_its_first_record_naming_no_previous(
    s3: Any, load_event: Callable[[str], Event]
) -> None:
    assert record_of(s3, DAY1).previous is None
    # immutable once the next day's record is read, the chain's head kept until that record may be written (12 hours)
    for day, kept in ((DAY1, IMMUTABLE), (DAY2, "public, max-age=43200")):
        answer = day_record(load_event, day)
        assert (answer.status, answer.json["status"], answer.json["seal"]) == (200, "revealed", "match")
        assert answer.headers["Cache-Control"] == kept


def test_one_digit_changed_in_a_records_next_commitment_is_502_tampered_record(
    s3: Any, load_event: Callable[[str], Event]
) -> None:
    # Given 03-02's record, the chain's head (no later record links to it), with one digit of its
    # next_commitment changed: it no longer names 03-03's published commitment
    record = record_of(s3, DAY2)
    assert record.next_commitment is not None
    digit = "0" if record.next_commitment[-1] != "0" else "1"
    put_over(s3, record.model_copy(update={"next_commitment": record.next_commitment[:-1] + digit}))

    # Then neither the record nor a roll of that day is served as revealed
    named = "revealed/2025-03-02.json names"
    assert_tampered(day_record(load_event, DAY2), named)
    assert_tampered(verify_from_archive(load_event, DAY2), named)


def test_a_later_record_rewritten_with_previous_null_is_502_tampered_record(
    s3: Any, load_event: Callable[[str], Event]
) -> None:
    # Given 03-02's record put over with `previous: null`, as if it began the chain
    put_over(s3, record_of(s3, DAY2).model_copy(update={"previous": None}))

    # Then 03-01's record, revealed before it, gives it away
    given_away = "but revealed/2025-03-01.json was revealed before it"
    assert_tampered(day_record(load_event, DAY2), given_away)
    assert_tampered(verify_from_archive(load_event, DAY2), given_away)


def test_a_record_hidden_by_a_delete_marker_is_502_tampered_record_not_withheld_again(
    s3: Any, load_event: Callable[[str], Event]
) -> None:
    # Given a DeleteObject without a version id on a revealed record: Object Lock keeps the version, but the
    # record read now is gone
    s3.delete_object(Bucket=ARCHIVE, Key=revealed_key(DAY2))

    # When the day is asked for, long after its reveal was due
    answers = (day_record(load_event, DAY2), verify_from_archive(load_event, DAY2))

    # Then the archive is answered as tampered with, never as a day still to be revealed
    for answer in answers:
        assert_tampered(answer, f"{revealed_key(DAY2)} is missing")


def archive_with_a_day_between(monkeypatch: pytest.MonkeyPatch, day_between: str) -> Any:
    """03-01, 03-03 and 03-04 published by the midnight runs, read on 03-04 at noon. 03-02 either had no run at all
    ("missed"), or was committed and played, then hidden: a delete marker over its commitment and its secret gone, so
    no run reveals it. Its midnight run either wrote 03-01's record after publishing 03-02's commitment, as the
    publisher does ("hidden"), or before it ("hidden, revealed first"), so that the record names none."""
    timeline = Timeline(dt.datetime.combine(DAY1, dt.time(), dt.UTC))
    with timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        stores = Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))
        for day in (DAY1, DAY2, DAY3, DAY3 + dt.timedelta(days=1)):
            midnight = dt.datetime.combine(day, dt.time(0, 0, 2), dt.UTC)
            if day != DAY2:
                timeline.publish(stores, midnight)
            elif day_between != "missed":
                timeline.now = midnight
                if day_between == "hidden, revealed first":
                    reveal_closed(stores, midnight)
                open_day(stores, midnight)
                reveal_closed(stores, midnight)
                timeline.now = dt.datetime.combine(DAY2, dt.time(23), dt.UTC)
                client.delete_object(Bucket=ARCHIVE, Key=f"commitments/{DAY2}.json")
                client.delete_object(Bucket=SECRETS, Key=f"secrets/{DAY2}")
    noon = dt.datetime.combine(DAY3 + dt.timedelta(days=1), dt.time(12), dt.UTC)
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: noon))
    return client


def test_a_day_every_run_missed_is_unknown_and_the_next_record_links_over_it(
    fake_aws_credentials: None, monkeypatch: pytest.MonkeyPatch, load_event: Callable[[str], Event]
) -> None:
    with mock_aws():
        archive_with_a_day_between(monkeypatch, "missed")
        missed, after = day_record(load_event, DAY2), day_record(load_event, DAY3)

    # Then the missed day is said to have no secret, and the next day is revealed, its record linking to 03-01's
    assert (missed.status, missed.json["error"]["code"]) == (404, "unknown_day")
    assert (after.status, after.json["status"], after.json["seal"]) == (200, "revealed", "match")
    assert after.json["record"]["previous"]["date"] == DAY1.isoformat()


@pytest.mark.parametrize(
    ("day_between", "shown"),
    [
        ("hidden", "revealed/2025-03-01.json names"),
        ("hidden, revealed first", "revealed/2025-03-01.json was written at 2025-03-02 00:00:02 UTC, by a run that"),
    ],
)
def test_a_committed_day_hidden_as_a_missed_one_is_502_tampered_record_and_so_is_the_record_over_it(
    fake_aws_credentials: None,
    monkeypatch: pytest.MonkeyPatch,
    load_event: Callable[[str], Event],
    day_between: str,
    shown: str,
) -> None:
    # Given 03-02 committed in time, its rolls given, then hidden so that it looks like a day every run missed (its
    # secret may have been replaced during the day: a reveal would show its rolls do not match)
    with mock_aws():
        archive_with_a_day_between(monkeypatch, day_between)
        answers = {day: (day_record(load_event, day), verify_from_archive(load_event, day)) for day in (DAY2, DAY3)}

    # Then 03-01's record gives it away (it names 03-02's commitment, or S3 dates it on 03-02, when only a run that
    # published that commitment first writes it): the day is tampered with, not one without a secret, and the record
    # linking over it is not vouched for either
    for answer in answers[DAY2]:
        assert_tampered(answer, "commitments/2025-03-02.json is missing, though that day was committed")
        assert_tampered(answer, shown)
    for answer in answers[DAY3]:
        assert_tampered(answer, "links to revealed/2025-03-01.json over 2025-03-02, which was committed")


def test_an_audit_calls_a_commitment_s3_gives_no_time_for_tampered_with_not_missing(
    day1_published: tuple[Timeline, Any, Stores],
) -> None:
    # Given 03-02's secret, its commitment put in parts (S3 gives no time for it), and 03-01's record naming it, then no
    # run until the audit, on 03-04
    timeline, client, stores = day1_published
    timeline.now = dt.datetime.combine(DAY2, dt.time(0, 0, 2), dt.UTC)
    secret, _ = get_or_create_secret(stores.secrets, DAY2)
    document = Commitment(date=DAY2, commitment=seal_of(secret), published_at=timeline.now).to_bytes()
    put_in_parts(client, commitment_key(DAY2), document)
    reveal_closed(stores, timeline.now)
    assert record_of(client, DAY1).next_commitment == seal_of(secret)
    audit = ArchiveReader(
        S3Store(ARCHIVE, client=client), clock=lambda: dt.datetime(2025, 3, 4, 12, tzinfo=dt.UTC), as_of=True
    )

    # Then the audit, which does not take the commitment as there by its moment, says why the day is tampered with:
    # not that its commitment is missing and was hidden since, nor that the day had no secret (review)
    with pytest.raises(TamperedRecord) as tampered:
        audit.lookup(DAY2)
    assert tampered.value.message == (
        "commitments/2025-03-02.json: S3 gives no time of its own for it, where the publisher writes it in one"
        " write before the record that shows that day committed (revealed/2025-03-01.json names"
        f" {seal_of(secret)} as its commitment)"
    )


def test_an_audit_calls_a_commitment_s3_dates_after_its_moment_tampered_with_not_missing(
    day1_published: tuple[Timeline, Any, Stores],
) -> None:
    # Given 03-02's commitment written again, whole, after the moment an audit reads the archive as of (a second
    # version, which the bucket's policy refuses and moto does not), 03-01's record naming it, and no run since
    timeline, client, stores = day1_published
    timeline.publish(stores, dt.datetime.combine(DAY2, dt.time(0, 0, 2), dt.UTC))
    commitment = client.get_object(Bucket=ARCHIVE, Key=commitment_key(DAY2))["Body"].read()
    timeline.now = dt.datetime(2025, 3, 4, 13, tzinfo=dt.UTC)
    client.put_object(Bucket=ARCHIVE, Key=commitment_key(DAY2), Body=commitment)
    audit = ArchiveReader(
        S3Store(ARCHIVE, client=client), clock=lambda: dt.datetime(2025, 3, 4, 12, tzinfo=dt.UTC), as_of=True
    )

    # Then the audit says S3 dates it after its moment, not that it is missing and was hidden since
    with pytest.raises(TamperedRecord) as tampered:
        audit.lookup(DAY2)
    assert tampered.value.message.startswith(
        "commitments/2025-03-02.json: S3 dates it 2025-03-04 13:00:00 UTC, after the moment the archive is read as"
        " of, where the publisher writes it in one write before the record that shows that day committed"
    )


def put_in_parts(client: Any, key: str, data: bytes) -> None:
    """An object written by a multipart upload, which the bucket's policy refuses (moto does not)."""
    upload = client.create_multipart_upload(Bucket=ARCHIVE, Key=key, ChecksumAlgorithm="SHA256")
    part = client.upload_part(
        Bucket=ARCHIVE, Key=key, UploadId=upload["UploadId"], PartNumber=1, Body=data, ChecksumAlgorithm="SHA256"
    )
    client.complete_multipart_upload(
        Bucket=ARCHIVE,
        Key=key,
        UploadId=upload["UploadId"],
        MultipartUpload={"Parts": [{"ETag": part["ETag"], "PartNumber": 1, "ChecksumSHA256": part["ChecksumSHA256"]}]},
    )


@pytest.mark.parametrize("later", [2, 300])
@pytest.mark.parametrize("put_at", ["2025-03-01 12:00", "2025-03-02 09:00"])
@pytest.mark.parametrize("in_parts", [False, True])
def test_a_record_of_any_later_day_put_before_a_day_was_over_revealing_its_secret_refuses_the_day_on_s3(
    day1_published: tuple[Timeline, Any, Stores], later: int, put_at: str, in_parts: bool
) -> None:
    # Given on S3 03-01 published; a secret of 03-02 chosen by whoever holds the publisher's keys, and a record of 03-04
    # (or 300 days on) revealing it, put before 03-02 began or during it (in parts: S3 lists it with no time of its
    # own); the secret and its commitment put in 03-02's first second, before its run; and 03-03's run revealing 03-02
    timeline, client, stores = day1_published
    chosen, after = bytes(range(32)), DAY2 + dt.timedelta(days=later)
    record = RevealedRecord(
        date=after, secret=chosen.hex(), commitment=seal_of(chosen), next_commitment=None, previous=None
    ).to_bytes()

    def put_later() -> None:
        if in_parts:
            put_in_parts(client, revealed_key(after), record)
        else:
            stores.archive.put_new(revealed_key(after), record)

    timeline.now = dt.datetime.fromisoformat(put_at).replace(tzinfo=dt.UTC)
    if put_at < "2025-03-02":
        put_later()
    put_secret_again(timeline, stores, chosen, DAY2)
    if put_at > "2025-03-02":
        timeline.now = dt.datetime.fromisoformat(put_at).replace(tzinfo=dt.UTC)
        put_later()
    timeline.publish(stores, dt.datetime.combine(DAY3, dt.time(0, 0, 2), dt.UTC))

    # Then a live reader on 03-03 at noon and an audit on 03-05 refuse a game of 03-02, its honest faces recorded,
    # naming that record (review: both answered it fair: no record after the next day's was looked for)
    said = (
        "reveals the secret of 2025-03-02, and S3 gives no time of its own for it"
        if in_parts
        else f"was written at {put_at}:00 UTC, before 2025-03-02 was over"
    )
    faces = [seed_004.faces(chosen, DAY2.isoformat(), PLAYER)]
    for moment, as_of in ((NOW, False), (NOW + dt.timedelta(days=2), True)):
        reader = ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda moment=moment: moment, as_of=as_of)
        with pytest.raises(TamperedRecord, match=re.escape(f"{revealed_key(after)} {said}")):
            daily_verdict(reader, DAY2, PLAYER, faces)


@pytest.mark.parametrize("storage_class", ["STANDARD", "GLACIER"])
def test_a_day_whose_earlier_days_commitment_s3_keeps_in_glacier_is_503_archive_unavailable_never_fair(
    day1_published: tuple[Timeline, Any, Stores],
    monkeypatch: pytest.MonkeyPatch,
    load_event: Callable[[str], Event],
    storage_class: str,
) -> None:
    # Given on S3 03-01 published by its run, then on 03-01 at 12:00 a commitment to a secret chosen then put under
    # 02-28, a day before the archive, by whoever holds the publisher's keys, kept in `storage_class`; that secret put
    # under 03-02 in its first second, before its run, and 03-03 published by its run
    timeline, client, stores = day1_published
    chosen, missed = bytes([7]) * 32, DAY1 - dt.timedelta(days=1)
    timeline.now = dt.datetime.combine(DAY1, dt.time(12), dt.UTC)
    written = Commitment(date=missed, commitment=seal_of(chosen), published_at=timeline.now).to_bytes()
    client.put_object(Bucket=ARCHIVE, Key=commitment_key(missed), Body=written, StorageClass=storage_class)
    put_secret_again(timeline, stores, chosen, DAY2)
    # Then the game's route gives no roll of 03-02 as it is played, as the readers answer the day later: tampered
    # where 02-28's commitment is read, not readable yet where S3 keeps it in Glacier (review: taken as not there,
    # the route gave 03-02's rolls all day)
    played = dt.datetime.combine(DAY2, dt.time(12), dt.UTC)
    with pytest.raises(TamperedRecord if storage_class == "STANDARD" else NotReadableYet) as refused:
        TodaysRolls(stores).roll(PLAYER, played)
    expected = "commits to the secret of" if storage_class == "STANDARD" else f"{commitment_key(missed)} in S3"
    assert expected in refused.value.message
    timeline.publish(stores, dt.datetime.combine(DAY3, dt.time(0, 0, 2), dt.UTC))
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: NOW))
    faces = seed_004.faces(chosen, DAY2.isoformat(), PLAYER)
    answers = (day_record(load_event, DAY2), verify_from_archive(load_event, DAY2, [faces]))

    # Then GET /daily/2025-03-02 and POST /verify with the player's faces refuse the day where 02-28's commitment is
    # read, and answer it 503 archive_unavailable, naming that commitment, where S3 keeps it in Glacier: what it
    # holds decides the day, never fair (review: read as none, the day was revealed and the player's roll fair)
    for answer in answers:
        if storage_class == "STANDARD":
            assert_tampered(answer, f"commits to the secret of {missed}, as {commitment_key(missed)} does")
            continue
        assert answer.status == 503, answer.text
        assert answer.json["error"]["code"] == "archive_unavailable", answer.text
        assert answer.json["error"]["message"].startswith(f"{commitment_key(missed)} in S3 bucket {ARCHIVE} is kept")
        assert answer.headers["Retry-After"] == RESTORE_RETRY_AFTER
        assert "Cache-Control" not in answer.headers


def test_a_record_s3_keeps_in_glacier_is_503_archive_unavailable_to_read_once_restored_not_tampered(
    s3: Any, load_event: Callable[[str], Event]
) -> None:
    # Given 03-01's record put over in S3 Glacier, whose bytes S3 gives only once it is restored (review: GET /daily and
    # POST /verify answered it 502 tampered_record, final, where its bytes were never read and an audit's line said
    # archive_unavailable, to be read again once restored)
    record_bytes = s3.get_object(Bucket=ARCHIVE, Key=revealed_key(DAY1))["Body"].read()
    s3.put_object(Bucket=ARCHIVE, Key=revealed_key(DAY1), Body=record_bytes, StorageClass="GLACIER")
    link = f"scheme=daily&date={DAY1.isoformat()}&player={PLAYER}"
    check = at(load_event("api-daily-record"), "GET", "/check/", link)
    check["queryStringParameters"] = {"scheme": "daily", "date": DAY1.isoformat(), "player": PLAYER}

    # Then GET /daily, POST /verify and the day's game-over link answer it as an archive not read: 503
    # archive_unavailable with Retry-After, saying the record is kept in an archive storage class, read once restored
    for answer in (day_record(load_event, DAY1), verify_from_archive(load_event, DAY1), invoke(check)):
        assert answer.status == 503, answer.text
        error = answer.json["error"]
        assert error["code"] == "archive_unavailable", error
        assert error["message"].startswith(f"{revealed_key(DAY1)} in S3 bucket {ARCHIVE} is kept in GLACIER"), error
        assert "an archive storage class" in error["message"] and "once it is restored" in error["message"], error
        assert answer.headers["Retry-After"] == RESTORE_RETRY_AFTER  # an hour: a restore, asked for, takes hours
        assert "Cache-Control" not in answer.headers

    # And a batch's game of that day is such an entry, whose code is the class's
    batch = {"requests": [{"scheme": "daily", "date": DAY1.isoformat(), "player_id": PLAYER}]}
    entry = invoke(with_body(load_event("api-verify-batch"), json.dumps(batch))).json["results"][0]
    assert entry["error"]["code"] == "archive_unavailable", entry
    assert "is kept in GLACIER, an archive storage class" in entry["error"]["message"], entry

    # And a browser's page says so, not "Try again in a minute", which no wait alone makes true
    check["headers"]["accept"] = "text/html"
    page = invoke(check)
    assert page.status == 503 and page.headers["Retry-After"] == RESTORE_RETRY_AFTER
    assert "kept in an archive storage class" in page.text and "once it is restored" in page.text
    assert "Try again in a minute" not in page.text and "does not add up" not in page.text

    # And the README's list of errors says so, beside the archive that cannot be read
    said = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    errors = said[said.index("503 (with `Retry-After`) when the archive cannot be read") :].split(" 502 for")[0]
    assert "kept in an archive storage class such as Glacier" in errors
    assert "(`archive_unavailable`, as an audit's line says it, not `tampered_record`" in errors
