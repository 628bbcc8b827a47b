"""A day's commitment or record hidden or written again on S3 (moto, a bucket under Object Lock as the template's).

Object Lock in compliance mode keeps every version, but lets a plain DeleteObject put a delete marker over one (it
removes no version), and the publisher's write-once PutObject (If-None-Match: *) succeeds over a marker. So whoever may
delete on a bucket (on the stack's own, the account's root user; on another, its holder) can put a day's record while
the day is played, making its secret public, hide it, and have the publisher write it again once the day is over: read
alone, the record is then in time and locked. The readers list the versions of the day's commitment and record, and
refuse a day with more than one, or any delete marker; one that may not list them says the day is at most incomplete.
"""

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import boto3
import botocore.exceptions
import pytest
from fairdice.archive.layout import ChainLink, Commitment, RevealedRecord, commitment_key, revealed_key, secret_key
from fairdice.archive.reader import ArchiveReader, daily_record, daily_verdict
from fairdice.archive.watchdog import check_archive
from fairdice.errors import TamperedRecord
from fairdice.notices import day_page
from fairdice.page import render_page
from fairdice.seal import seal_of
from fairdice.storage import EachPage, History, S3Store, Stores
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, create_archive_buckets
from moto import mock_aws
from verify_api import archive as api_archive
from verify_api_calls import Answer, Event, invoke, with_body
from verify_api_calls import at as at_path

from testkit.oracles import seed_004
from testkit.stores import PassingStore
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

DAY1, DAY2, DAY3 = dt.date(2025, 3, 1), dt.date(2025, 3, 2), dt.date(2025, 3, 3)
NOW = dt.datetime(2025, 3, 3, 12, 0, tzinfo=dt.UTC)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(day: dt.date, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


@pytest.fixture
def timeline() -> Timeline:
    return Timeline(at(DAY1, "00:00:00"))


@pytest.fixture
def s3(fake_aws_credentials: None, timeline: Timeline) -> Iterator[Any]:
    """03-01 revealed and 03-02 committed by their midnight runs (03-03's run is each test's own)."""
    with mock_aws(), timeline.moto():
        client = boto3.client("s3", region_name=REGION)
        create_archive_buckets(client)
        for day in (DAY1, DAY2):
            timeline.publish(stores_on(client), at(day, "00:00:02"))
        yield client


def stores_on(client: Any) -> Stores:
    return Stores(secrets=S3Store(SECRETS, client=client), archive=S3Store(ARCHIVE, client=client))


def roll_of(client: Any, day: dt.date) -> list[int]:
    secret = client.get_object(Bucket=SECRETS, Key=secret_key(day))["Body"].read()
    return seed_004.faces(secret, day.isoformat(), PLAYER)


def hide(timeline: Timeline, client: Any, key: str, moment: dt.datetime) -> None:
    """A delete marker over the key's version, as a plain DeleteObject puts one under Object Lock (removing none)."""
    timeline.now = moment
    client.delete_object(Bucket=ARCHIVE, Key=key)


def put_day2_record_early(timeline: Timeline, client: Any, moment: dt.datetime) -> None:
    """03-02's record as the publisher would write it, put while 03-02 is played: its secret is public from then."""
    timeline.now = moment
    secret = client.get_object(Bucket=SECRETS, Key=secret_key(DAY2))["Body"].read()
    before = client.get_object(Bucket=ARCHIVE, Key=revealed_key(DAY1))["Body"].read()
    record = RevealedRecord(
        date=DAY2,
        secret=secret.hex(),
        commitment=seal_of(secret),
        next_commitment=None,
        previous=ChainLink(date=DAY1, sha256=hashlib.sha256(before).hexdigest()),
    )
    assert S3Store(ARCHIVE, client=client).put_new(revealed_key(DAY2), record.to_bytes())


def reader_on(client: Any) -> ArchiveReader:
    return ArchiveReader(S3Store(ARCHIVE, client=client), clock=lambda: NOW)


def versions_of(client: Any, key: str) -> tuple[int, int]:
    listed = client.list_object_versions(Bucket=ARCHIVE, Prefix=key)
    return len(listed.get("Versions", [])), len(listed.get("DeleteMarkers", []))


def test_a_record_put_while_its_day_is_played_hidden_and_written_again_once_it_is_over_is_never_fair(
    timeline: Timeline, s3: Any, monkeypatch: pytest.MonkeyPatch, load_event: Callable[[str], Event]
) -> None:
    # Given 03-02's record put at 09:00 on 03-02 (its secret public while the day is played), hidden behind a delete
    # marker at 09:01, and written again over the marker by 03-03's midnight run (write-once succeeds there)
    put_day2_record_early(timeline, s3, at(DAY2, "09:00"))
    hide(timeline, s3, revealed_key(DAY2), at(DAY2, "09:01"))
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    assert versions_of(s3, revealed_key(DAY2)) == (2, 1)
    faces = roll_of(s3, DAY2)

    # When the readers read 03-02, its record as read in time and under Object Lock
    said = (
        "revealed/2025-03-02.json: S3 keeps 2 versions (written at 2025-03-02 09:00:00 UTC, 2025-03-03 00:00:02 UTC)"
        " and 1 delete marker (put at 2025-03-02 09:01:00 UTC) of it"
    )
    early = "the one written at 2025-03-02 09:00:00 UTC, before 2025-03-02 was over, made its secret public"

    # Then POST /verify's daily scheme refuses the day (it answered fair, locked and in time), saying what S3 keeps
    with pytest.raises(TamperedRecord) as refused:
        daily_verdict(reader_on(s3), DAY2, PLAYER, [faces])
    assert said in refused.value.message and early in refused.value.message
    monkeypatch.setattr(api_archive, "DAILY", reader_on(s3))
    body = json.dumps({"scheme": "daily", "date": DAY2.isoformat(), "player_id": PLAYER, "recorded": [faces]})
    answer: Answer = invoke(with_body(load_event("api-verify-daily-from-archive"), body))
    assert (answer.status, answer.json["error"]["code"]) == (502, "tampered_record"), answer.text
    assert said in answer.json["error"]["message"]
    record = invoke(at_path(load_event("api-daily-record"), "GET", f"/daily/{DAY2.isoformat()}"))
    assert (record.status, record.json["error"]["code"]) == (502, "tampered_record"), record.text

    # and an audit's reader refuses it too
    audit = ArchiveReader(S3Store(ARCHIVE, client=s3), clock=lambda: NOW, as_of=True)
    with pytest.raises(TamperedRecord, match="S3 keeps 2 versions"):
        daily_verdict(audit, DAY2, PLAYER, [faces])

    # and the watchdog does not call the day revealed
    check = check_archive(S3Store(ARCHIVE, client=s3), at(DAY3, "00:15:00"))
    assert not check.yesterday_revealed
    assert any(said in problem for problem in check.problems)


def test_a_record_hidden_and_not_written_again_is_tampered_not_missed(timeline: Timeline, s3: Any) -> None:
    # Given 03-02 revealed by 03-03's midnight run, then its record hidden behind a delete marker at 09:00
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    hide(timeline, s3, revealed_key(DAY2), at(DAY3, "09:00"))

    # Then the day is refused, never read as one to wait for
    with pytest.raises(TamperedRecord, match=r"revealed/2025-03-02\.json is missing"):
        daily_verdict(reader_on(s3), DAY2, PLAYER, [roll_of(s3, DAY2)])


def test_a_commitment_with_two_versions_is_never_fair(timeline: Timeline, s3: Any) -> None:
    # Given 03-02's commitment hidden at 00:01 and another version of it written at 00:02, within the grace (the same
    # document, as write-once writes it over the marker), then 03-02 revealed by 03-03's run
    key = commitment_key(DAY2)
    again = s3.get_object(Bucket=ARCHIVE, Key=key)["Body"].read()
    hide(timeline, s3, key, at(DAY2, "00:01"))
    timeline.now = at(DAY2, "00:02")
    assert Commitment.model_validate_json(again).date == DAY2
    assert S3Store(ARCHIVE, client=s3).put_new(key, again)
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))

    # Then a roll of the day is refused, saying what S3 keeps of the commitment
    with pytest.raises(TamperedRecord) as refused:
        daily_verdict(reader_on(s3), DAY2, PLAYER, [roll_of(s3, DAY2)])
    assert refused.value.field == "commitment"
    assert (
        "commitments/2025-03-02.json: S3 keeps 2 versions (written at 2025-03-02 00:00:02 UTC, 2025-03-02 00:02:00 UTC)"
        " and 1 delete marker (put at 2025-03-02 00:01:00 UTC) of it"
    ) in refused.value.message


class Recording:
    """An S3 client that records each call it passes on, and refuses ListObjectVersions where told (AccessDenied)."""

    def __init__(self, client: Any, *, versions_refused: bool = False) -> None:
        self.client = client
        self.versions_refused = versions_refused
        self.calls: list[tuple[str, str]] = []

    @property
    def meta(self) -> Any:
        return self.client.meta

    def get_object(self, **kwargs: Any) -> Any:
        self.calls.append(("GetObject", kwargs["Key"]))
        return self.client.get_object(**kwargs)

    def put_object(self, **kwargs: Any) -> Any:
        raise AssertionError("a reader never writes")

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self.calls.append(("ListObjectsV2", kwargs.get("Prefix", "")))
        return self.client.list_objects_v2(**kwargs)

    def list_object_versions(self, **kwargs: Any) -> Any:
        self.calls.append(("ListObjectVersions", kwargs["Prefix"]))
        if self.versions_refused:
            error = {"Error": {"Code": "AccessDenied", "Message": "Access Denied"}}
            raise botocore.exceptions.ClientError(error, "ListObjectVersions")  # type: ignore[arg-type]
        return self.client.list_object_versions(**kwargs)


def test_an_honest_day_is_fair_listing_the_versions_of_its_commitment_and_record_once(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-02 revealed by 03-03's midnight run, nothing hidden or written again
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    recording = Recording(s3)
    reader = ArchiveReader(S3Store(ARCHIVE, client=recording), clock=lambda: NOW)

    # Then a roll of it is fair, from one ListObjectVersions of each of the day's two keys
    verdict = daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)])
    assert verdict.verdict == "fair", verdict.reasons
    assert verdict.seal.locked is True and verdict.seal.in_time is True
    listed = [key for operation, key in recording.calls if operation == "ListObjectVersions"]
    assert listed == [commitment_key(DAY2), revealed_key(DAY2)]
    print(f"one daily verify of a revealed day: {len(recording.calls)} S3 calls, {recording.calls}")

    # and a second roll of the day lists nothing again: the day checked is kept
    calls = len(recording.calls)
    assert daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)]).verdict == "fair"
    assert len(recording.calls) == calls


def test_a_reader_not_allowed_to_list_versions_says_the_day_is_at_most_incomplete(timeline: Timeline, s3: Any) -> None:
    # Given 03-02 revealed by 03-03's midnight run, read by a reader S3 refuses ListObjectVersions (AccessDenied)
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    reader = ArchiveReader(S3Store(ARCHIVE, client=Recording(s3, versions_refused=True)), clock=lambda: NOW)

    # Then a roll of it that matches is incomplete, never fair, saying why
    verdict = daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)])
    assert verdict.verdict == "incomplete"
    assert verdict.checks.rolls == "match"
    assert any(
        "S3 refused to list the versions of commitments/2025-03-02.json and revealed/2025-03-02.json (AccessDenied"
        in reason
        and "nothing shows 2025-03-02's commitment and record were not hidden or written again" in reason
        for reason in verdict.reasons
    ), verdict.reasons


def test_a_days_record_read_where_s3_refuses_to_list_its_versions_says_its_rolls_are_at_most_incomplete(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-02 revealed by 03-03's midnight run, read for GET /daily by a reader S3 refuses ListObjectVersions
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    reader = ArchiveReader(S3Store(ARCHIVE, client=Recording(s3, versions_refused=True)), clock=lambda: NOW)

    # When the day's record is read, and shown as its page
    record = daily_record(reader, DAY2)
    page = day_page(record).html

    # Then it says what the roll's verdict says (incomplete, not fair): nothing rules out a rewrite (it showed the day
    # revealed, in time and locked, saying nothing of the versions, where a roll of it was incomplete)
    assert (record.status, record.seal, record.commitment_in_time, record.revealed_in_time) == (
        "revealed",
        "match",
        True,
        True,
    )
    assert record.versions_unseen is not None
    assert "S3 refused to list the versions of commitments/2025-03-02.json and revealed/2025-03-02.json" in (
        record.versions_unseen
    )
    assert 'class="verdict incomplete"' in page and "its rolls are at most incomplete" in page
    assert daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)]).verdict == "incomplete"

    # and a reader allowed the listing shows nothing unseen
    honest = daily_record(reader_on(s3), DAY2)
    assert honest.versions_unseen is None and 'class="verdict fair"' in day_page(honest).html


def test_the_pages_of_a_day_whose_versions_s3_refuses_to_list_mark_nothing_it_did_not_prove(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-02 revealed by 03-03's midnight run, read by a reader S3 refuses ListObjectVersions (AccessDenied)
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    reader = ArchiveReader(S3Store(ARCHIVE, client=Recording(s3, versions_refused=True)), clock=lambda: NOW)

    # When a roll of it that matches is shown as its page, and the day's record as its own
    verdict = daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)])
    roll_page = render_page(verdict)
    day = day_page(daily_record(reader, DAY2)).html

    # Then the verdict carries why, as the day's record does, and neither page gives a ✓ to the commitment's time or the
    # record's (each said so where the reasons said at most incomplete)
    assert verdict.verdict == "incomplete"
    assert verdict.seal.in_time is True and verdict.seal.locked is True
    assert verdict.seal.versions_unseen is not None
    assert "S3 refused to list the versions of commitments/2025-03-02.json" in verdict.seal.versions_unseen
    assert "before the game's play began.</p>" not in roll_page
    assert (
        "<span class=bad>✗</span> The commitment was published at 2025-03-02 00:00:02 UTC by the archive's time,"
        " before the game's play began, but S3 refused to list the versions of"
    ) in roll_page, roll_page
    assert "<span class=ok>✓</span> Revealed after the day was over" not in day
    assert "<span class=bad>✗</span> Revealed after the day was over in UTC, by S3's own time for the version" in day

    # and a reader allowed the listing shows both with a ✓, the verdict carrying nothing unseen
    honest = daily_verdict(reader_on(s3), DAY2, PLAYER, [roll_of(s3, DAY2)])
    assert honest.verdict == "fair" and honest.seal.versions_unseen is None
    assert (
        "<span class=ok>✓</span> The commitment was published at 2025-03-02 00:00:02 UTC, before the game's play began."
        in render_page(honest)
    )
    assert "<span class=ok>✓</span> Revealed after the day was over" in day_page(daily_record(reader_on(s3), DAY2)).html


class FirstPageOnly(PassingStore):
    """The archive as S3Store lists a key rewritten more times than one page of ListObjectVersions holds: the first
    page alone, which shows it rewritten (`History.whole` False)."""

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        found = self.inner.history(key, each_page=each_page)
        return None if found is None else replace(found, whole=False)


def test_a_record_whose_versions_were_listed_in_part_says_s3_keeps_at_least_those(timeline: Timeline, s3: Any) -> None:
    # Given 03-02's record put early, hidden and written again, listed as far as the first page that shows it rewritten
    put_day2_record_early(timeline, s3, at(DAY2, "09:00"))
    hide(timeline, s3, revealed_key(DAY2), at(DAY2, "09:01"))
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    reader = ArchiveReader(FirstPageOnly(S3Store(ARCHIVE, client=s3)), clock=lambda: NOW)

    # Then the day is refused, saying S3 keeps at least what was listed, not that it keeps that many
    with pytest.raises(TamperedRecord) as refused:
        daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)])
    assert "revealed/2025-03-02.json: S3 keeps at least 2 versions (written at 2025-03-02 09:00:00 UTC" in (
        refused.value.message
    )


def test_the_watchdog_says_todays_commitment_hidden_and_written_again_within_the_grace(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-03's commitment published by its midnight run, hidden at 00:01 and written again at 00:02, within the
    # grace: players who looked at 00:00:30 and at 00:10 were shown two publications, and the day is never fair
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    key = commitment_key(DAY3)
    again = s3.get_object(Bucket=ARCHIVE, Key=key)["Body"].read()
    hide(timeline, s3, key, at(DAY3, "00:01"))
    timeline.now = at(DAY3, "00:02")
    assert S3Store(ARCHIVE, client=s3).put_new(key, again)

    # When the watchdog runs at 00:15
    check = check_archive(S3Store(ARCHIVE, client=s3), at(DAY3, "00:15:00"))

    # Then today is not committed as the publisher commits (it said yes, the day after's run alone saying otherwise)
    assert not check.today_committed and check.yesterday_revealed
    assert check.problems == [
        "commitments/2025-03-03.json: S3 keeps 2 versions and 1 delete marker of it, where the publisher writes it once"
        " and hides it never: it was hidden or written again, and the one shown may not be the one published as the"
        " day began"
    ]

    # and a watchdog S3 refuses the listing says nothing of it, as for yesterday's (the readers say why they cannot)
    refused = check_archive(S3Store(ARCHIVE, client=Recording(s3, versions_refused=True)), at(DAY3, "00:15:00"))
    assert refused.today_committed


class SmallPages:
    """An S3 client whose ListObjectVersions pages hold `keys` entries each (MaxKeys), as S3's hold a thousand: a key
    rewritten more times than a page holds is listed as far as the first page that shows it rewritten."""

    def __init__(self, client: Any, keys: int) -> None:
        self.client = client
        self.keys = keys

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def list_object_versions(self, **kwargs: Any) -> Any:
        return self.client.list_object_versions(**kwargs, MaxKeys=self.keys)


def test_a_record_listed_as_far_as_its_first_page_says_what_it_does_not_show_of_the_rest(
    timeline: Timeline, s3: Any
) -> None:
    # Given 03-02's record put early (09:00 that day), hidden, and written again by 03-03's run, listed an entry a page:
    # S3 lists the newest first, so the listing stops at the marker, before the version written while 03-02 was played
    put_day2_record_early(timeline, s3, at(DAY2, "09:00"))
    hide(timeline, s3, revealed_key(DAY2), at(DAY2, "09:01"))
    timeline.publish(stores_on(s3), at(DAY3, "00:00:02"))
    history = S3Store(ARCHIVE, client=SmallPages(s3, 1)).history(revealed_key(DAY2))
    assert history is not None and not history.whole
    assert (len(history.versions), len(history.markers)) == (1, 1)
    reader = ArchiveReader(S3Store(ARCHIVE, client=SmallPages(s3, 1)), clock=lambda: NOW)

    # Then the day is refused, in words true of what S3 may keep beyond the page: at least the markers listed too, and
    # an earlier version, written before the day was over, not ruled out (it said "1 delete marker", and nothing of one)
    with pytest.raises(TamperedRecord) as refused:
        daily_verdict(reader, DAY2, PLAYER, [roll_of(s3, DAY2)])
    said = refused.value.message
    assert (
        "revealed/2025-03-02.json: S3 keeps at least 1 version (written at 2025-03-03 00:00:02 UTC) and at least 1"
        " delete marker (put at 2025-03-02 09:01:00 UTC) of it"
    ) in said, said
    assert (
        "S3 lists a key's newest versions first, and the listing stopped at the first page that showed it rewritten:"
        " an earlier version, written before 2025-03-02 was over and making its secret public while it was played, is"
        " not ruled out"
    ) in said, said
