"""Many creators racing on one day end with exactly one secret, which every one of them returns.

Threads race over real HTTP against moto's threaded S3 server on 127.0.0.1 (each thread with
its own client, like separate Lambda invocations), and on the local folders; processes race in
test_daily_processes.py. Each racer brings its own random secret, so a second winner could not
hide.

moto checks If-None-Match and stores the object in two steps without one lock around them, so
unlike S3 it could in principle let two racers through; 300 rounds of 16 threads never did.
"""

import datetime as dt
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from fairdice.archive.layout import revealed_key, secret_key
from fairdice.archive.publisher import get_or_create_secret, publish
from fairdice.seal import seal_of
from fairdice.storage import FolderStore, StorageSettings, Stores
from moto.server import ThreadedMotoServer

REGION = "eu-west-1"
DAY = dt.date(2025, 3, 1)
RACERS = 12


def own_secret(racer: int) -> bytes:
    return bytes([racer + 1]) * 32


@pytest.fixture
def moto_server(monkeypatch: pytest.MonkeyPatch, fake_aws_credentials: None) -> Iterator[str]:
    """moto's S3 as a real HTTP server on loopback, for the length of one test."""
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    url = f"http://{host}:{port}"
    reset_moto(url)  # moto's state is per process, shared by every server it starts
    s3 = boto3.client("s3", endpoint_url=url, region_name=REGION)
    for bucket in ("fairdice-archive", "fairdice-secrets"):
        s3.create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": REGION})  # type: ignore[typeddict-item]
    try:
        yield url
    finally:
        reset_moto(url)
        server.stop()


def reset_moto(url: str) -> None:
    urllib.request.urlopen(urllib.request.Request(f"{url}/moto-api/reset", method="POST"), timeout=10).close()


def s3_stores(url: str) -> Stores:
    """What one Lambda invocation would open: its own client over HTTP."""
    return StorageSettings(
        archive_bucket="fairdice-archive", secrets_bucket="fairdice-secrets", endpoint_url=url, region=REGION
    ).stores()


def race(count: int, work: Any) -> list[Any]:
    """Run work(i) in `count` threads released together; every result, or the first error."""
    start = threading.Barrier(count)
    results: list[Any] = [None] * count
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            start.wait(timeout=30)
            results[i] = work(i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results


def test_threads_racing_over_http_end_with_one_secret(moto_server: str) -> None:
    racers = [s3_stores(moto_server) for _ in range(RACERS)]
    for stores in racers:
        stores.secrets.list("secrets/")  # connect before the start line: the race is the write

    results = race(RACERS, lambda i: get_or_create_secret(racers[i].secrets, DAY, lambda n: own_secret(i)))

    secrets = {secret for secret, _ in results}
    assert len(secrets) == 1
    assert sum(created for _, created in results) == 1
    assert racers[0].secrets.get(secret_key(DAY)) in secrets


def test_publishers_racing_over_http_agree_on_the_secret_and_the_chain(moto_server: str) -> None:
    racers = [s3_stores(moto_server) for _ in range(RACERS)]
    for stores in racers:
        stores.archive.list("revealed/")
    midnight = dt.datetime(2025, 3, 1, tzinfo=dt.UTC)

    opened = race(RACERS, lambda i: publish(racers[i], midnight, lambda n: own_secret(i)))
    assert len({report.today.commitment for report in opened}) == 1
    assert sum(report.today.created for report in opened) == 1

    revealed = race(RACERS, lambda i: publish(racers[i], midnight + dt.timedelta(days=1), lambda n: own_secret(i)))
    assert sorted(day for report in revealed for day in report.reveal.revealed) == [DAY]
    assert len({report.reveal.head for report in revealed}) == 1
    secret = racers[0].secrets.get(secret_key(DAY)) or b""
    record = racers[0].archive.get(revealed_key(DAY)) or b""
    assert secret.hex() in record.decode() and seal_of(secret) == opened[0].today.commitment


def test_threads_racing_on_the_local_folders_end_with_one_secret(tmp_path: Path) -> None:
    store = FolderStore(tmp_path)

    results = race(RACERS, lambda i: get_or_create_secret(store, DAY, lambda n: own_secret(i)))

    assert len({secret for secret, _ in results}) == 1
    assert sum(created for _, created in results) == 1
