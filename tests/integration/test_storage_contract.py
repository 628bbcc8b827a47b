"""One contract, two backends: the local folders and S3 (moto's in-process mock).

The contract tests take the `store` fixture, parametrized over both backends; the daily
lifecycle then runs end to end over each. S3-only behaviour (412 from If-None-Match, error
mapping, pagination, an Object Lock bucket like the template's) is tested below them.
"""

import base64
import datetime as dt
import hashlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import botocore.exceptions
import fairdice
import pytest
from botocore.config import Config
from botocore.stub import Stubber
from fairdice.archive.layout import revealed_key, secret_key
from fairdice.archive.publisher import publish
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.errors import ArchiveRefused, ArchiveUnavailable, MissingCredentials, NotADocument, NotReadableYet
from fairdice.storage import (
    MAX_OBJECT_BYTES,
    NOT_KNOWN,
    BudgetedStore,
    FolderStore,
    History,
    ObjectStore,
    S3Connection,
    S3Results,
    S3Store,
    StorageSettings,
    Stores,
)
from moto import mock_aws
from moto.core.models import DEFAULT_ACCOUNT_ID
from moto.s3.models import s3_backends
from pydantic import ValidationError

from testkit.stores import PassingStore

REGION = "eu-west-1"


@pytest.fixture
def aws(fake_aws_credentials: None) -> Iterator[None]:
    """moto's S3 with fake credentials; nothing leaves the process."""
    with mock_aws():
        yield


def make_bucket(name: str, *, object_lock: bool = False) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(
        Bucket=name,
        CreateBucketConfiguration={"LocationConstraint": REGION},  # type: ignore[typeddict-item]
        ObjectLockEnabledForBucket=object_lock,
    )
    if object_lock:
        s3.put_object_lock_configuration(
            Bucket=name,
            ObjectLockConfiguration={
                "ObjectLockEnabled": "Enabled",
                "Rule": {"DefaultRetention": {"Mode": "COMPLIANCE", "Years": 100}},
            },
        )


@pytest.fixture(params=["folder", "s3"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "s3":
        request.getfixturevalue("aws")
    return str(request.param)


@pytest.fixture
def store(backend: str, tmp_path: Path) -> ObjectStore:
    if backend == "folder":
        return FolderStore(tmp_path / "store")
    make_bucket("fairdice-contract")
    return S3Store("fairdice-contract", S3Connection(region=REGION))


@pytest.fixture
def stores(backend: str, tmp_path: Path) -> Stores:
    if backend == "folder":
        return StorageSettings(data_dir=tmp_path).stores()
    make_bucket("fairdice-archive", object_lock=True)
    make_bucket("fairdice-secrets")
    return StorageSettings(archive_bucket="fairdice-archive", secrets_bucket="fairdice-secrets", region=REGION).stores()


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


# ---- the contract --------------------------------------------------------------------------


def test_a_missing_key_reads_as_none(store: ObjectStore) -> None:
    assert store.get("revealed/2025-03-01.json") is None


def test_put_new_writes_once_and_never_overwrites(store: ObjectStore) -> None:
    assert store.put_new("secrets/2025-03-01", b"first") is True
    assert store.put_new("secrets/2025-03-01", b"second") is False
    assert store.get("secrets/2025-03-01") == b"first"


def test_replace_overwrites(store: ObjectStore) -> None:
    store.replace("index.json", b"old")
    store.replace("index.json", b"new")
    assert store.get("index.json") == b"new"


def test_list_gives_the_keys_under_a_prefix_sorted(store: ObjectStore) -> None:
    for key in ("revealed/2025-03-02.json", "revealed/2025-03-01.json", "commitments/2025-03-01.json", "index.json"):
        store.put_new(key, b"{}")
    assert store.list("revealed/") == ["revealed/2025-03-01.json", "revealed/2025-03-02.json"]
    assert store.list("secrets/") == []


def test_list_after_a_key_gives_those_under_the_prefix_that_sort_after_it_alone(store: ObjectStore) -> None:
    for day in ("01", "02", "03"):
        store.put_new(f"revealed/2025-03-{day}.json", b"{}")
    store.put_new("secrets/2025-03-04", b"{}")
    after = store.list("revealed/", "revealed/2025-03-01.json")
    assert after == ["revealed/2025-03-02.json", "revealed/2025-03-03.json"]
    assert store.list("revealed/", "revealed/2025-03-03.json") == []


def test_list_through_a_key_gives_none_that_sorts_after_it(store: ObjectStore) -> None:
    for day in ("01", "02", "03", "04"):
        store.put_new(f"revealed/2025-03-{day}.json", b"{}")
    store.put_new("revealed/zz-not-a-day", b"{}")
    through = store.list("revealed/", "revealed/2025-03-01.json", "revealed/2025-03-03.json")
    assert through == ["revealed/2025-03-02.json", "revealed/2025-03-03.json"]
    assert store.list("revealed/", through="revealed/2025-03-01.json") == ["revealed/2025-03-01.json"]
    assert store.list("revealed/", through="revealed/2025-02-28.json") == []


def test_list_dated_gives_the_keys_list_gives_each_with_the_time_a_read_gives_and_no_more_of_a_witness(
    store: ObjectStore,
) -> None:
    for day in ("01", "02", "03", "04"):
        store.put_new(f"revealed/2025-03-{day}.json", b"{}")
    store.put_new("revealed/zz-not-a-day", b"{}")
    store.put_new("secrets/2025-03-02", b"{}")
    for after, through in [
        ("", ""),
        ("revealed/2025-03-01.json", ""),
        ("revealed/2025-03-01.json", "revealed/2025-03-03.json"),
    ]:
        dated = store.list_dated("revealed/", after, through)
        assert [key for key, _, _ in dated] == store.list("revealed/", after, through)
        for key, when, witnessed in dated:
            found = store.read(key)
            assert found is not None and when != NOT_KNOWN
            # S3's GetObject gives LastModified to the second, its listing to the millisecond: the same time
            assert found.modified <= when < found.modified + dt.timedelta(seconds=1)
            assert found.witnessed or not witnessed
    assert store.list_dated("commitments/") == []


def test_a_folders_listing_dates_a_record_that_is_a_link_as_its_read_does(tmp_path: Path) -> None:
    # Given a folder archive whose record of 03-02 is a symbolic link, made at 03-03 12:00, to a file elsewhere dated
    # 03-02 09:00 (one of the days `list` lists: it follows the link)
    store = FolderStore(tmp_path / "archive")
    store.put_new("revealed/2025-03-01.json", b"{}")
    target = tmp_path / "elsewhere.json"
    target.write_bytes(b"{}")
    written = dt.datetime(2025, 3, 2, 9, 0, tzinfo=dt.UTC).timestamp()
    os.utime(target, (written, written))
    link = tmp_path / "archive" / "revealed" / "2025-03-02.json"
    link.symlink_to(target)
    linked = dt.datetime(2025, 3, 3, 12, 0, tzinfo=dt.UTC).timestamp()
    os.utime(link, (linked, linked), follow_symlinks=False)

    # Then its listing with times gives it the time its read gives, the file's, as it says (review: the link's own, so
    # the readers, which judge a later day's record by the listing's time, judged it otherwise than by its read)
    found = store.read("revealed/2025-03-02.json")
    assert found is not None
    dated = {key: when for key, when, _ in store.list_dated("revealed/")}
    assert dated["revealed/2025-03-02.json"] == found.modified == dt.datetime.fromtimestamp(written, dt.UTC)


def test_a_folders_listing_with_times_dates_a_file_whose_name_is_no_key_as_its_listing_lists_it(tmp_path: Path) -> None:
    # Given a folder archive holding, beside its records, a copy a file manager made of one, named with a space
    store = FolderStore(tmp_path / "archive")
    store.put_new("revealed/2025-03-01.json", b"{}")
    copy = tmp_path / "archive" / "revealed" / "2025-03-01 copy.json"
    copy.write_bytes(b"{}")
    written = dt.datetime(2025, 3, 2, 9, 0, tzinfo=dt.UTC)
    os.utime(copy, (written.timestamp(), written.timestamp()))

    # Then its listing with times gives every key its listing gives, the copy with its file's time (review: it raised
    # ValueError, as the copy's name is no key a read takes, so every day a reader checked in that folder failed with a
    # traceback)
    dated = store.list_dated("revealed/")
    assert (
        [key for key, _, _ in dated]
        == store.list("revealed/")
        == ["revealed/2025-03-01 copy.json", "revealed/2025-03-01.json"]
    )
    assert dated[0] == ("revealed/2025-03-01 copy.json", written, False)


@pytest.mark.parametrize("wrapped", [False, True], ids=["s3", "wrapped"])
def test_a_budgeted_s3_listing_asks_for_no_page_once_its_seconds_are_spent(aws: None, wrapped: bool) -> None:
    # Given a bucket of 2,100 records, three pages of ListObjectsV2, each taking 3 s of a monotonic clock, and a budget
    # of 4 s; the bucket's store given to the budget as it is, or handed on through a test's stand-in (any store the
    # budget wraps takes its check before each page, as the storage protocol says: the budget no longer tells an S3
    # store by its class, which missed one wrapped)
    make_bucket("fairdice-paged")
    for n in range(2100):
        s3_backends[DEFAULT_ACCOUNT_ID]["global"].put_object("fairdice-paged", f"revealed/{n:05d}.json", b"{}")
    clock = [0.0]
    paged = SlowPages(boto3.client("s3", region_name=REGION), clock)

    # Then its listing, with times or not, stops before the third page, the first asked once the budget was spent
    # (review: it was checked once a listing, and every page was asked for, whatever the time)
    for listing in ("list_dated", "list"):
        paged.pages, clock[0] = 0, 0.0
        bucket = S3Store("fairdice-paged", client=paged)
        store = BudgetedStore(PassingStore(bucket) if wrapped else bucket, 4.0, lambda: clock[0])
        with pytest.raises(ArchiveUnavailable, match="spent the 4 s it may wait for the archive before asking for"):
            getattr(store, listing)("revealed/")
        assert paged.pages == 2
    # and unbudgeted, it lists every page
    assert len(S3Store("fairdice-paged", client=paged).list("revealed/")) == 2100


class SlowPages:
    """An S3 client each of whose pages of ListObjectsV2 takes 3 s of a monotonic clock of the test's."""

    def __init__(self, client: Any, clock: list[float]) -> None:
        self.client, self.clock, self.pages = client, clock, 0

    @property
    def meta(self) -> Any:
        return self.client.meta

    def get_object(self, **kwargs: Any) -> Any:
        return self.client.get_object(**kwargs)

    def put_object(self, **kwargs: Any) -> Any:
        return self.client.put_object(**kwargs)

    def list_objects_v2(self, **kwargs: Any) -> Any:
        self.pages += 1
        self.clock[0] += 3.0
        return self.client.list_objects_v2(**kwargs)


def test_bytes_come_back_exactly(store: ObjectStore) -> None:
    data = bytes(range(256)) * 3
    store.put_new("secrets/2025-03-01", data)
    assert store.get("secrets/2025-03-01") == data


def test_an_object_larger_than_any_document_is_refused_not_read_whole(store: ObjectStore) -> None:
    store.replace("index.json", b" " * MAX_OBJECT_BYTES)
    assert store.get("index.json") == b" " * MAX_OBJECT_BYTES

    store.replace("index.json", b" " * (MAX_OBJECT_BYTES + 1))
    for read in (store.get, store.read):
        with pytest.raises(NotADocument, match=r"^index.json in .* is larger than 1,048,576 bytes") as refused:
            read("index.json")
        # final: an object written once is never another, so a reader may keep the refusal
        assert not isinstance(refused.value, NotReadableYet)


@pytest.mark.parametrize("key", ["../escape", "/absolute", "a//b", "", "secrets/.hidden", "spaces here"])
def test_keys_outside_the_layout_are_refused(store: ObjectStore, key: str) -> None:
    with pytest.raises(ValueError, match="an object key is path segments"):
        store.get(key)


def test_the_daily_lifecycle_runs_the_same_over_each_backend(stores: Stores) -> None:
    for day in range(1, 5):
        publish(stores, at(f"2025-03-0{day} 00:00"))
    report = publish(stores, at("2025-03-04 00:10"))
    assert report.reveal.revealed == [] and not report.today.created

    reader = ArchiveReader(stores.archive, clock=lambda: at("2025-03-04 12:00"))
    for day in range(1, 4):
        shown = reader.record(dt.date(2025, 3, day))
        assert shown.status == "revealed" and shown.seal == "match"
    assert reader.record(dt.date(2025, 3, 4)).status == "pending"
    verdict = daily_verdict(reader, "2025-03-03", "123e4567-e89b-12d3-a456-426614174000")
    assert verdict.checks.seal == "match"
    assert stores.archive.get(revealed_key(dt.date(2025, 3, 3))) is not None
    assert stores.archive.get(secret_key(dt.date(2025, 3, 3))) is None  # secrets stay in their own store


# ---- S3 only -------------------------------------------------------------------------------


def test_moto_answers_if_none_match_with_412_precondition_failed(aws: None) -> None:
    make_bucket("fairdice-412")
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_object(Bucket="fairdice-412", Key="k", Body=b"1", IfNoneMatch="*")
    with pytest.raises(botocore.exceptions.ClientError) as raised:
        s3.put_object(Bucket="fairdice-412", Key="k", Body=b"2", IfNoneMatch="*")
    assert raised.value.response["Error"]["Code"] == "PreconditionFailed"
    assert raised.value.response["ResponseMetadata"]["HTTPStatusCode"] == 412


def test_an_object_lock_bucket_takes_write_once_records_and_new_index_versions(aws: None) -> None:
    # The archive bucket of template.yaml: versioned, Object Lock in compliance mode
    make_bucket("fairdice-locked", object_lock=True)
    store = S3Store("fairdice-locked", S3Connection(region=REGION))
    assert store.put_new("revealed/2025-03-01.json", b"{}")
    store.replace("index.json", b"1")
    store.replace("index.json", b"2")

    versions = boto3.client("s3", region_name=REGION).list_object_versions(Bucket="fairdice-locked", Prefix="index")
    assert len(versions["Versions"]) == 2
    assert store.get("index.json") == b"2"


def test_history_gives_every_version_and_delete_marker_of_the_key_itself(aws: None) -> None:
    # On the archive's kind of bucket a plain DeleteObject puts a delete marker (Object Lock removes no version), and
    # write-once succeeds over it: the key then holds two versions and a marker, which its history shows, S3's times
    make_bucket("fairdice-versions", object_lock=True)
    store = S3Store("fairdice-versions", S3Connection(region=REGION))
    key = "revealed/2025-03-02.json"
    assert store.put_new(key, b"early")
    assert store.put_new(key + ".bak", b"a key it prefixes")  # not the key's: left out
    honest = store.history(key)
    assert honest is not None and len(honest.versions) == 1 and honest.markers == ()
    assert not honest.rewritten

    boto3.client("s3", region_name=REGION).delete_object(Bucket="fairdice-versions", Key=key)
    hidden = store.history(key)
    assert hidden is not None and hidden.rewritten
    assert (hidden.versions, len(hidden.markers)) == (honest.versions, 1)
    assert store.put_new(key, b"again")

    history = store.history(key)
    assert history is not None and history.rewritten
    assert (len(history.versions), len(history.markers)) == (2, 1)
    assert history.versions[0] == honest.versions[0] <= history.markers[0] <= history.versions[1]
    assert all(when.tzinfo is dt.UTC for when in (*history.versions, *history.markers))
    assert store.history("revealed/2025-03-03.json") == History((), ())


def test_history_asks_for_no_page_past_the_first_that_lists_another_key(aws: None) -> None:
    # The key sorts before every key it prefixes: once a page lists one of those, every version of the key is listed
    # (without it, a third page was asked for, which the stub has no answer for)
    store, stub, _ = stubbed_store(aws)
    key = "revealed/2025-03-02.json"
    written = dt.datetime(2025, 3, 3, 0, 0, 2, tzinfo=dt.UTC)
    marker = dt.datetime(2025, 3, 2, 9, 1, tzinfo=dt.UTC)
    stub.add_response(
        "list_object_versions",
        {
            "Versions": [{"Key": key, "VersionId": "2", "LastModified": written}],
            "IsTruncated": True,
            "NextKeyMarker": key,
            "NextVersionIdMarker": "2",
        },
        {"Bucket": "fairdice-stub", "Prefix": key},
    )
    stub.add_response(
        "list_object_versions",
        {
            "DeleteMarkers": [{"Key": key, "VersionId": "1", "LastModified": marker}],
            "Versions": [{"Key": key + ".bak", "VersionId": "3", "LastModified": written}],
            "IsTruncated": True,
            "NextKeyMarker": key + ".bak",
            "NextVersionIdMarker": "3",
        },
        {"Bucket": "fairdice-stub", "Prefix": key, "KeyMarker": key, "VersionIdMarker": "2"},
    )
    with stub:
        assert store.history(key) == History((written,), (marker,))
    stub.assert_no_pending_responses()


def test_history_asks_for_no_page_past_the_first_that_shows_the_key_rewritten(aws: None) -> None:
    # Whoever may delete can hide a key and write it again as often as they like, each a version and a marker: a day
    # rewritten a hundred thousand times took a hundred pages to list, past any request's read budget, so it read as an
    # outage ("try again later", for good) where it is tampered with. The first page that shows a second version or a
    # marker decides: no later page is asked for (without it, a second was, which the stub has no answer for), and the
    # history says it is not every version S3 keeps
    store, stub, _ = stubbed_store(aws)
    key = "revealed/2025-03-02.json"
    written = [dt.datetime(2025, 3, 3, 0, 0, second, tzinfo=dt.UTC) for second in (2, 3)]
    stub.add_response(
        "list_object_versions",
        {
            "Versions": [{"Key": key, "VersionId": str(n), "LastModified": when} for n, when in enumerate(written)],
            "IsTruncated": True,
            "NextKeyMarker": key,
            "NextVersionIdMarker": "1",
        },
        {"Bucket": "fairdice-stub", "Prefix": key},
    )
    with stub:
        history = store.history(key)
    stub.assert_no_pending_responses()
    assert history is not None and history.rewritten and not history.whole
    assert (history.versions, history.markers) == (tuple(written), ())


def test_an_emulator_that_lists_no_versions_keeps_none_to_show_where_aws_s3_is_unavailable(aws: None) -> None:
    # An S3-compatible endpoint of one's own (FAIRDICE_S3_ENDPOINT_URL) that does not implement ListObjectVersions
    # answers NotImplemented, for good: every revealed day read as an outage ("try again later") for ever, where its
    # days were at most incomplete (its times witness nothing). It keeps no versions it shows, as a folder: None. AWS's
    # own S3 implements the call, so there the answer stays an outage, never a history
    for endpoint, kept in (("http://127.0.0.1:9000", True), (None, False)):
        client = boto3.client(
            "s3", region_name=REGION, endpoint_url=endpoint, config=Config(retries={"total_max_attempts": 1})
        )
        stub = Stubber(client)
        stub.add_client_error("list_object_versions", "NotImplemented", "not implemented", 501)
        store = S3Store("fairdice-stub", client=client)
        with stub:
            if kept:
                assert store.history("revealed/2025-03-02.json") is None
            else:
                with pytest.raises(ArchiveUnavailable, match=r"\(NotImplemented\); try again later"):
                    store.history("revealed/2025-03-02.json")


def test_history_refused_is_archive_refused(aws: None) -> None:
    # A reader not allowed s3:ListBucketVersions: S3's AccessDenied, which the readers take as nothing shown either way
    store, stub, _ = stubbed_store(aws)
    stub.add_client_error("list_object_versions", "AccessDenied", "Access Denied", 403)
    with stub, pytest.raises(ArchiveRefused, match=r"cannot list the versions of commitments/2025-03-02\.json"):
        store.history("commitments/2025-03-02.json")


def test_a_folder_keeps_no_history_and_a_spent_budget_asks_for_none(tmp_path: Path) -> None:
    folder = FolderStore(tmp_path)
    assert folder.put_new("revealed/2025-03-02.json", b"{}")
    assert folder.history("revealed/2025-03-02.json") is None
    with pytest.raises(ArchiveUnavailable, match="spent the 1 s"):
        BudgetedStore(folder, 1.0, iter([0.0, 2.0]).__next__).history("revealed/2025-03-02.json")


def test_a_write_names_no_storage_class_nor_encryption_so_the_archives_policy_lets_it_through(aws: None) -> None:
    # The archive's policy refuses a record or the index that names a storage class other than STANDARD, an SSE-C key
    # or a KMS key (template.yaml): the store's writes name none, and take S3 Standard and the bucket's default keys
    make_bucket("fairdice-headers")
    client = boto3.client("s3", region_name=REGION)
    sent: list[set[str]] = []
    client.meta.events.register("before-send.s3.PutObject", lambda request, **_: sent.append(set(request.headers)))
    store = S3Store("fairdice-headers", client=client)
    assert store.put_new("commitments/2025-03-01.json", b"{}")
    store.replace("index.json", b"{}")

    assert len(sent) == 2
    named = {"x-amz-storage-class", "x-amz-server-side-encryption", "x-amz-server-side-encryption-customer-algorithm"}
    assert all(not {header.lower() for header in headers} & named for headers in sent)
    assert client.head_object(Bucket="fairdice-headers", Key="index.json").get("StorageClass", "STANDARD") == "STANDARD"


def stubbed_store(aws_env: None) -> tuple[S3Store, Stubber, list[float]]:
    client = boto3.client("s3", region_name=REGION, config=Config(retries={"total_max_attempts": 1}))
    pauses: list[float] = []
    return S3Store("fairdice-stub", client=client, pause=pauses.append), Stubber(client), pauses


def test_list_reads_every_page(aws: None) -> None:
    store, stub, _ = stubbed_store(aws)
    stub.add_response(
        "list_objects_v2",
        {"Contents": [{"Key": "revealed/2025-03-02.json"}], "IsTruncated": True, "NextContinuationToken": "more"},
        {"Bucket": "fairdice-stub", "Prefix": "revealed/"},
    )
    stub.add_response(
        "list_objects_v2",
        {"Contents": [{"Key": "revealed/2025-03-01.json"}], "IsTruncated": False},
        {"Bucket": "fairdice-stub", "Prefix": "revealed/", "ContinuationToken": "more"},
    )
    with stub:
        assert store.list("revealed/") == ["revealed/2025-03-01.json", "revealed/2025-03-02.json"]
    stub.assert_no_pending_responses()


def test_list_after_a_key_asks_s3_to_start_after_it(aws: None) -> None:
    # S3 sends no key before it (StartAfter), however many the prefix holds: one call for a few days' records
    store, stub, _ = stubbed_store(aws)
    stub.add_response(
        "list_objects_v2",
        {"Contents": [{"Key": "revealed/2025-03-02.json"}], "IsTruncated": False},
        {"Bucket": "fairdice-stub", "Prefix": "revealed/", "StartAfter": "revealed/2025-03-01.json"},
    )
    with stub:
        assert store.list("revealed/", "revealed/2025-03-01.json") == ["revealed/2025-03-02.json"]
    stub.assert_no_pending_responses()


def test_list_through_a_key_asks_s3_for_no_page_past_the_first_that_reaches_beyond_it(aws: None) -> None:
    # Keys after it, however many (junk put after the days looked back to), cost one page at most: S3 lists in order,
    # so no later page holds one up to it (without `through` honoured, a second page was asked for, which the stub has
    # no answer for)
    store, stub, _ = stubbed_store(aws)
    stub.add_response(
        "list_objects_v2",
        {
            "Contents": [{"Key": "revealed/2025-03-02.json"}, {"Key": "revealed/2025-03-09.json"}],
            "IsTruncated": True,
            "NextContinuationToken": "more",
        },
        {"Bucket": "fairdice-stub", "Prefix": "revealed/", "StartAfter": "revealed/2025-03-01.json"},
    )
    with stub:
        listed = store.list("revealed/", "revealed/2025-03-01.json", "revealed/2025-03-03.json")
        assert listed == ["revealed/2025-03-02.json"]
    stub.assert_no_pending_responses()


@pytest.mark.parametrize(("status", "in_time"), [(None, True), ("COMPLETED", True), ("REPLICA", False)])
def test_a_replica_s_last_modified_proves_no_time_it_was_written_here(
    aws: None, status: str | None, in_time: bool
) -> None:
    # A replica keeps its source object's LastModified: a time from another bucket, which could be before a deadline
    store, stub, _ = stubbed_store(aws)
    written = dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC)
    answer: dict[str, Any] = {"Body": io.BytesIO(b"{}"), "LastModified": written}
    stub.add_response("get_object", answer | ({"ReplicationStatus": status} if status else {}))
    with stub:
        found = store.read("commitments/2025-03-01.json")
    assert found is not None and found.data == b"{}"
    assert found.modified == (written if in_time else NOT_KNOWN)


@pytest.mark.parametrize(
    ("etag", "in_time"), [('"9b2cf535f27731c974343645a3985328"', True), ('"3858f62230ac3c91-2"', False)]
)
@pytest.mark.parametrize("listed", [True, False], ids=["listed", "read"])
def test_a_multipart_uploads_last_modified_proves_no_time_its_bytes_were_written_listed_or_read(
    aws: None, listed: bool, etag: str, in_time: bool
) -> None:
    # Its LastModified is when the upload began: begun before a deadline, completed with bytes chosen after it (review)
    store, stub, _ = stubbed_store(aws)
    written = dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC)
    time = written if in_time else NOT_KNOWN
    if listed:
        # A listing gives each object's LastModified and ETag, but not whether it is a replica, whose LastModified is
        # its source's: a time of another bucket, so no listed time is a witness here, even through AWS's own endpoint
        item = {"Key": "revealed/2025-03-01.json", "LastModified": written, "ETag": etag, "Size": 2}
        stub.add_response("list_objects_v2", {"Contents": [item], "IsTruncated": False})
        with stub:
            dated = store.list_dated("revealed/")
        assert dated == [("revealed/2025-03-01.json", time, False)]
    else:
        stub.add_response("get_object", {"Body": io.BytesIO(b"{}"), "LastModified": written, "ETag": etag})
        with stub:
            found = store.read("commitments/2025-03-01.json")
        assert found is not None and found.modified == time


def test_an_object_s3_put_in_parts_is_read_with_no_time(aws: None) -> None:
    # The same through S3 (moto): an object completed from a multipart upload, read back
    client = boto3.client("s3", region_name=REGION)
    client.create_bucket(
        Bucket="fairdice-parts",
        CreateBucketConfiguration={"LocationConstraint": REGION},  # type: ignore[typeddict-item]
    )
    upload = client.create_multipart_upload(Bucket="fairdice-parts", Key="commitments/2025-03-01.json")
    part = client.upload_part(
        Bucket="fairdice-parts",
        Key="commitments/2025-03-01.json",
        UploadId=upload["UploadId"],
        PartNumber=1,
        Body=b"{}",
    )
    client.complete_multipart_upload(
        Bucket="fairdice-parts",
        Key="commitments/2025-03-01.json",
        UploadId=upload["UploadId"],
        MultipartUpload={"Parts": [{"ETag": part["ETag"], "PartNumber": 1}]},
    )
    found = S3Store("fairdice-parts", client=client).read("commitments/2025-03-01.json")
    assert found is not None and found.data == b"{}" and found.modified == NOT_KNOWN
    # and listed with no time, as read
    assert S3Store("fairdice-parts", client=client).list_dated("commitments/") == [
        ("commitments/2025-03-01.json", NOT_KNOWN, False)
    ]
    assert S3Store("fairdice-parts", client=client).put_new("commitments/2025-03-02.json", b"{}")
    single = S3Store("fairdice-parts", client=client).read("commitments/2025-03-02.json")
    assert single is not None and single.modified != NOT_KNOWN


@pytest.mark.parametrize("storage_class", ["GLACIER", "DEEP_ARCHIVE"])
def test_an_object_s3_keeps_in_an_archive_storage_class_is_no_document_never_try_again_later(
    aws: None, storage_class: str
) -> None:
    # Given a commitment put as the bucket policy lets the publisher's role put one (a new key, If-None-Match) but in a
    # storage class S3 hands back only once restored, which the publisher never writes: whoever holds its keys can
    make_bucket("fairdice-archived", object_lock=True)
    client = boto3.client("s3", region_name=REGION)
    key = "commitments/2025-03-03.json"
    client.put_object(Bucket="fairdice-archived", Key=key, Body=b"{}", IfNoneMatch="*", StorageClass=storage_class)

    # Then it is read as no document of the archive, never as S3 not answering for now (ArchiveUnavailable: the
    # publisher's runs failing as an outage, every night: review); the API answers it as an archive not read, 503
    # archive_unavailable, as an audit says its line, not 502 tampered_record, as its bytes were not read
    store = S3Store("fairdice-archived", client=client)
    for read in (store.get, store.read):
        said = rf"^{key} in S3 bucket fairdice-archived is kept in {storage_class}"
        with pytest.raises(NotADocument, match=said) as no:
            read(key)
        # but not for good: a restore makes its bytes readable, so a reader reads it again
        assert isinstance(no.value, NotReadableYet)


# S3's answers to a GetObject of an object whose encryption the reader cannot undo, as its documentation and its users
# report them: SSE-C without the key, and a KMS key the reader may not use (the role's policy, the key's), is disabled,
# is pending deletion
SSE_C = pytest.param(
    "InvalidRequest",
    400,
    "The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve"
    " the object.",
    id="sse-c",
)
KMS_KEY = "arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
KMS_REFUSALS = [
    pytest.param(
        "AccessDenied",
        403,
        "User: arn:aws:sts::123456789012:assumed-role/fairdice-verify/f is not authorized to perform: kms:Decrypt on"
        f" resource: {KMS_KEY} because no identity-based policy allows the kms:Decrypt action",
        id="kms-decrypt-denied",
    ),
    pytest.param(
        "AccessDenied",
        403,
        "The ciphertext refers to a customer master key that does not exist, does not exist in this region, or you are"
        " not allowed to access.",
        id="kms-key-not-allowed",
    ),
    pytest.param("KMS.DisabledException", 400, f"{KMS_KEY} is disabled.", id="kms-key-disabled"),
    pytest.param("KMS.KMSInvalidStateException", 400, f"{KMS_KEY} is pending deletion.", id="kms-key-deleted"),
]


def archive_stubbed(aws_env: None) -> tuple[S3Store, Stubber]:
    """An S3 store of the archive (`StorageSettings.archive`: every object under S3's own keys), on a client S3's
    answers are given to."""
    client = boto3.client("s3", region_name=REGION, config=Config(retries={"total_max_attempts": 1}))
    return S3Store("fairdice-stub", client=client, s3_keys_only=True), Stubber(client)


@pytest.mark.parametrize(("code", "status", "message"), [SSE_C, *KMS_REFUSALS])
def test_an_archive_object_under_a_key_its_reader_cannot_use_is_no_document_never_try_again_later(
    aws: None, code: str, status: int, message: str
) -> None:
    # Given a commitment put as the bucket policy lets the publisher's role put one (a new key, If-None-Match) but
    # encrypted with a key its writer keeps (SSE-C), or with a KMS key this reader may not use: whoever holds the
    # publisher's keys can, and S3 refuses every GetObject of it so, however long one waits
    store, stub = archive_stubbed(aws)
    key = "commitments/2025-03-03.json"
    said = (
        "a key its writer keeps (SSE-C)"
        if code == "InvalidRequest"
        else f"a KMS key that this reader cannot use ({code})"
    )
    for read in (store.get, store.read):
        stub.add_client_error("get_object", code, message, http_status_code=status)
        # Then it is no document of the archive, tampering (502, the tampering runbook), never S3 not answering for
        # now (503 "try again later" for good, and every publisher run failed as in an outage: review)
        with stub, pytest.raises(NotADocument) as raised:
            read(key)
        assert str(raised.value).startswith(f"{key} in S3 bucket fairdice-stub is encrypted with {said}")


@pytest.mark.parametrize(
    ("code", "status", "message"),
    [
        # any other bad request: a fault of this reader, not the object's
        pytest.param("InvalidRequest", 400, "Invalid Request", id="bad-request"),
        # S3 may say no more of a KMS key either: then it is a refusal, as any other
        pytest.param("AccessDenied", 403, "Access Denied", id="access-denied"),
        # what an anonymous reader of a KMS object is told: fairdice's readers always sign, so none of theirs
        pytest.param(
            "InvalidArgument",
            400,
            "Requests specifying Server Side Encryption with AWS KMS managed keys require AWS Signature Version 4.",
            id="unsigned",
        ),
    ],
)
def test_an_archive_read_refused_for_anything_else_is_not_taken_for_tampering(
    aws: None, code: str, status: int, message: str
) -> None:
    store, stub = archive_stubbed(aws)
    stub.add_client_error("get_object", code, message, http_status_code=status)
    with stub, pytest.raises(ArchiveUnavailable, match=rf"\({code}\)") as raised:
        store.read("commitments/2025-03-03.json")
    assert isinstance(raised.value, ArchiveRefused) == (code == "AccessDenied")


@pytest.mark.parametrize(("code", "status", "message"), KMS_REFUSALS)
def test_a_secret_refused_by_its_kms_key_stays_a_refusal(aws: None, code: str, status: int, message: str) -> None:
    # The secrets bucket's objects are under the stack's own KMS key: a role that may not use it (or the key disabled)
    # is the operator's to mend, not a secret someone else wrote
    store, stub, _ = stubbed_store(aws)
    stub.add_client_error("get_object", code, message, http_status_code=status)
    with stub, pytest.raises(ArchiveUnavailable) as raised:
        store.read("secrets/2025-03-03")
    assert not isinstance(raised.value, NotADocument)


def test_an_archive_object_under_a_kms_key_is_no_document_even_to_a_reader_who_may_use_the_key(aws: None) -> None:
    # Given a commitment put under a KMS key the publisher's role may use, the secrets' key: it and the game's route,
    # which may decrypt with that key too, could read it, where the public and the verify API are refused it
    make_bucket("fairdice-kms", object_lock=True)
    client = boto3.client("s3", region_name=REGION)
    key_id = boto3.client("kms", region_name=REGION).create_key()["KeyMetadata"]["KeyId"]
    key = "commitments/2025-03-03.json"
    client.put_object(
        Bucket="fairdice-kms", Key=key, Body=b"{}", IfNoneMatch="*", ServerSideEncryption="aws:kms", SSEKMSKeyId=key_id
    )

    # Then the archive's readers, the publisher's and the route's among them, all say it is no document of the archive,
    # where these read it and took it for the day's commitment while the others were refused it
    store = StorageSettings(FAIRDICE_ARCHIVE_BUCKET="fairdice-kms", AWS_REGION=REGION).archive()
    for read in (store.get, store.read):
        with pytest.raises(
            NotADocument, match=rf"^{key} in S3 bucket fairdice-kms is encrypted with a KMS key .*{key_id}"
        ):
            read(key)
    # while the secrets bucket, whose objects are all under its KMS key, reads one as it should
    client.put_object(Bucket="fairdice-kms", Key="secrets/2025-03-03", Body=b"s", ServerSideEncryption="aws:kms")
    assert S3Store("fairdice-kms", client=client).get("secrets/2025-03-03") == b"s"


def test_bytes_other_than_the_sha256_s3_answered_with_are_not_read(aws: None) -> None:
    # Given an object written with its SHA-256, as every object of either store is, whose bytes then come other than S3
    # says it stored them (moto's SHA-256 of it changed: a body altered on its way)
    make_bucket("fairdice-checked")
    store = S3Store("fairdice-checked", S3Connection(region=REGION))
    assert store.put_new("revealed/2025-03-01.json", b"{}")
    stored = s3_backends[DEFAULT_ACCOUNT_ID]["global"].buckets["fairdice-checked"].keys["revealed/2025-03-01.json"]
    stored.checksum_value = base64.b64encode(hashlib.sha256(b"[]").digest()).decode()

    # Then no read takes them: botocore's check fails it, as S3 not answering (review: a read of at most 1 MiB that
    # took every byte at once never reached the stream's end, where botocore checks, and read them as the object)
    for read in (store.get, store.read):
        with pytest.raises(ArchiveUnavailable, match=r"cannot read revealed/2025-03-01.json \(FlexibleChecksumError\)"):
            read("revealed/2025-03-01.json")


class Counted(io.BytesIO):
    """An object's body that counts the bytes read from it."""

    taken = 0

    def read(self, size: int | None = -1, /) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        return data


def test_an_object_larger_than_any_document_is_read_no_further_than_a_byte_past_the_most(aws: None) -> None:
    # A read goes on to the stream's end (botocore checks there), but never past the most a document is, and the body
    # is closed, its rest not kept open
    store, stub, _ = stubbed_store(aws)
    body = Counted(b" " * (3 * MAX_OBJECT_BYTES))
    stub.add_response("get_object", {"Body": body})
    with stub, pytest.raises(NotADocument):
        store.read("index.json")
    assert (body.taken, body.closed) == (MAX_OBJECT_BYTES + 1, True)


class WrittenOverAfterUpload:
    """An S3 client whose uploads write the local file over once S3 has taken it."""

    def __init__(self, s3: Any, path: Path) -> None:
        self._s3 = s3
        self._path = path

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s3, name)

    def upload_file(self, *args: Any, **kwargs: Any) -> None:
        self._s3.upload_file(*args, **kwargs)
        self._path.write_bytes(b"written over")

    def upload_fileobj(self, *args: Any, **kwargs: Any) -> None:
        self._s3.upload_fileobj(*args, **kwargs)
        self._path.write_bytes(b"written over")


@pytest.mark.parametrize("size", [1_000, 9 * 2**20], ids=["one-part", "multipart"])
def test_an_audit_file_put_in_s3_is_named_by_the_sha256_of_the_bytes_s3_took(
    aws: None, tmp_path: Path, size: int
) -> None:
    # Given a local file, of one upload part or of more (boto3's threshold is 8 MiB), put under an audit's prefix, and
    # the file written over once S3 has taken it (review: the file was read again to hash it, so the SHA-256 was of
    # whatever it then held, and every byte was read from disk twice)
    make_bucket("fairdice-audit")
    path = tmp_path / "findings.jsonl"
    path.write_bytes(os.urandom(size))
    results = S3Results(
        "fairdice-audit", "audits/x/", WrittenOverAfterUpload(boto3.client("s3", region_name=REGION), path)
    )

    results.put_file("findings.jsonl", path)

    # Then the SHA-256 it names the object by is that of the bytes stored
    stored = boto3.client("s3", region_name=REGION).get_object(Bucket="fairdice-audit", Key="audits/x/findings.jsonl")
    data = stored["Body"].read()
    assert len(data) == size
    assert ("-" in stored["ETag"]) == (size > 8 * 2**20)  # S3's ETag of an object put in parts: <digest>-<parts>
    assert results.written["findings.jsonl"] == hashlib.sha256(data).hexdigest()


def test_a_conditional_write_conflict_is_asked_again_until_s3_decides(aws: None) -> None:
    store, stub, pauses = stubbed_store(aws)
    stub.add_client_error("put_object", "ConditionalRequestConflict", http_status_code=409)
    stub.add_client_error("put_object", "ConditionalRequestConflict", http_status_code=409)
    stub.add_client_error("put_object", "PreconditionFailed", http_status_code=412)
    with stub:
        assert store.put_new("secrets/2025-03-01", b"x") is False
    assert len(pauses) == 2
    stub.assert_no_pending_responses()


def test_a_conflict_that_does_not_clear_is_unavailable(aws: None) -> None:
    store, stub, _ = stubbed_store(aws)
    for _ in range(5):
        stub.add_client_error("put_object", "ConditionalRequestConflict", http_status_code=409)
    with stub, pytest.raises(ArchiveUnavailable, match="ConditionalRequestConflict"):
        store.put_new("secrets/2025-03-01", b"x")


@pytest.mark.parametrize(
    ("operation", "call"),
    [
        ("get_object", lambda s: s.get("index.json")),
        ("put_object", lambda s: s.put_new("index.json", b"x")),
        ("put_object", lambda s: s.replace("index.json", b"x")),
        ("list_objects_v2", lambda s: s.list("revealed/")),
    ],
)
@pytest.mark.parametrize(
    ("code", "status"), [("SlowDown", 503), ("AccessDenied", 403), ("403", 403), ("InternalError", 500)]
)
def test_s3_failures_become_archive_unavailable(aws: None, operation: str, call: Any, code: str, status: int) -> None:
    store, stub, _ = stubbed_store(aws)
    stub.add_client_error(operation, code, http_status_code=status)
    with stub, pytest.raises(ArchiveUnavailable, match=f"S3 bucket fairdice-stub: cannot .* \\({code}\\)") as raised:
        call(store)
    # refused is told apart from unavailable for now: waiting does not change a refusal (a reader who may not list the
    # archive is refused a key that does not exist)
    assert isinstance(raised.value, ArchiveRefused) == (code == "AccessDenied")


class TimingOut:
    """An S3 client whose every call times out, as botocore reports it."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def get_object(self, **kwargs: Any) -> Any:
        raise self.error

    def put_object(self, **kwargs: Any) -> Any:
        raise self.error

    def list_objects_v2(self, **kwargs: Any) -> Any:
        raise self.error


@pytest.mark.parametrize(
    "error",
    [
        botocore.exceptions.ReadTimeoutError(endpoint_url="https://s3"),
        botocore.exceptions.ConnectTimeoutError(endpoint_url="https://s3"),
        botocore.exceptions.EndpointConnectionError(endpoint_url="https://s3"),
    ],
)
def test_timeouts_become_archive_unavailable(error: Exception) -> None:
    store = S3Store("fairdice-timeouts", client=TimingOut(error))
    for call in (lambda: store.get("index.json"), lambda: store.put_new("index.json", b"x"), lambda: store.list("")):
        with pytest.raises(ArchiveUnavailable, match=type(error).__name__):
            call()


@pytest.mark.parametrize(
    "error",
    [
        botocore.exceptions.NoCredentialsError(),
        botocore.exceptions.PartialCredentialsError(provider="env", cred_var="AWS_SECRET_ACCESS_KEY"),
    ],
)
def test_no_credentials_are_said_to_be_missing_with_how_to_give_them_never_try_again_later(error: Exception) -> None:
    store = S3Store("fairdice-archive", client=TimingOut(error))
    for call in (lambda: store.get("index.json"), lambda: store.put_new("index.json", b"x"), lambda: store.list("")):
        with pytest.raises(MissingCredentials) as raised:
            call()
        assert "no AWS credentials were found" in raised.value.message
        assert "AWS_PROFILE" in raised.value.message and "AWS_ACCESS_KEY_ID" in raised.value.message
        assert "try again" not in raised.value.message
        assert isinstance(raised.value, ArchiveUnavailable)  # the API's 503, the CLI's status 3, as any unreadable S3


def test_boto3_is_not_imported_until_s3_is_used() -> None:
    # A fresh interpreter: this one has boto3 loaded already.
    code = (
        "import sys; from fairdice.storage import StorageSettings;"
        "s = StorageSettings(archive_bucket='fairdice-archive', secrets_bucket='fairdice-secrets').stores();"
        "import fairdice.archive.publisher, fairdice.archive.reader;"
        "print('boto3' in sys.modules, 'botocore' in sys.modules)"
    )
    shared = Path(fairdice.__file__).resolve().parent.parent
    environ = {**os.environ, "PYTHONPATH": str(shared)}
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environ)
    assert shown.stdout.split() == ["False", "False"]


def test_only_one_bucket_configured_is_refused() -> None:
    with pytest.raises(ValueError, match="must be set together"):
        StorageSettings(archive_bucket="fairdice-archive").stores()


def test_settings_come_from_the_environment_mapping_given() -> None:
    settings = StorageSettings.from_environ(
        {"FAIRDICE_ARCHIVE_BUCKET": "a-bucket", "FAIRDICE_SECRETS_BUCKET": "", "FAIRDICE_DATA_DIR": "data"}
    )
    assert settings.archive_bucket == "a-bucket" and settings.secrets_bucket is None
    assert settings.data_dir == Path("data")
    assert isinstance(StorageSettings.from_environ({}).archive(), FolderStore)


@pytest.mark.parametrize("variable", ["FAIRDICE_ARCHIVE_BUCKET", "FAIRDICE_SECRETS_BUCKET"])
def test_a_bad_bucket_variable_is_refused_by_its_name_in_words(variable: str) -> None:
    with pytest.raises(ValidationError) as raised:
        StorageSettings.from_environ({variable: "Fairdice_Archive"})
    (error,) = raised.value.errors()
    assert error["loc"] == (variable,)
    assert "an S3 bucket name is 3 to 63 lowercase letters" in error["msg"]


def test_a_read_says_whether_its_time_is_witnessed(tmp_path: Path) -> None:
    # A folder's file times are whatever whoever holds the folder sets; AWS S3's LastModified is S3's own
    folder = FolderStore(tmp_path)
    folder.put_new("a", b"x")
    with mock_aws():
        client = boto3.client("s3", region_name="eu-west-1")
        client.create_bucket(Bucket="fairdice-b", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        bucket = S3Store("fairdice-b", client=client)
        bucket.put_new("a", b"x")
        read = bucket.read("a")
    assert (folder.read("a") or pytest.fail()).witnessed is False
    assert (read or pytest.fail()).witnessed is True


def test_a_store_says_whether_its_times_are_witnessed_before_anything_is_read(tmp_path: Path) -> None:
    # A day not begun is judged before anything is read, so the store itself says whether its times are a witness, as
    # every read of it does: a folder's are not, AWS S3's are, an S3 endpoint of one's own's are not; a budget, spent
    # or not, passes the answer on, asking the store nothing
    folder = FolderStore(tmp_path)
    aws = S3Store("fairdice-b", client=boto3.client("s3", region_name="eu-west-1"))
    own = S3Store("fairdice-b", client=boto3.client("s3", region_name="eu-west-1", endpoint_url="http://127.0.0.1:9"))
    assert (folder.witnessed, aws.witnessed, own.witnessed) == (False, True, False)
    spent = iter([0.0, 2.0]).__next__
    assert BudgetedStore(aws, 1.0, spent).witnessed is True
    assert BudgetedStore(folder, 1.0, spent).witnessed is False


def test_a_read_through_an_object_lambda_alias_is_not_witnessed() -> None:
    # Given a bucket named as an S3 Object Lambda access point's alias: its Lambda writes every answer, LastModified
    # included, on AWS's own endpoint
    with mock_aws():
        client = boto3.client("s3", region_name="eu-west-1")
        alias = "fairdice-archive-q1w2e3r4t5y6u7i8o9p0--ol-s3"
        client.create_bucket(Bucket=alias, CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        bucket = S3Store(alias, client=client)
        bucket.put_new("a", b"x")

        # When it is read, Then its time witnesses nothing
        assert (bucket.read("a") or pytest.fail()).witnessed is False
