"""The daily archive's two buckets in moto, as template.yaml makes them, for the tests that run on S3.

The public archive is under Object Lock (COMPLIANCE) so that written days are written once; the secrets
bucket is private. The three S3 test modules build their archives on these.
"""

import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import boto3
import pytest

REGION = "eu-west-1"
ARCHIVE, SECRETS = "fairdice-archive", "fairdice-secrets"


def create_archive_buckets(client: Any) -> None:
    """The archive bucket (Object Lock, a production stack's 100 years of COMPLIANCE retention by default: a retention
    that has ended keeps nothing, and a year's from the tests' 2025 would end before some of them read it) and the
    secrets bucket."""
    where = {"LocationConstraint": REGION}
    client.create_bucket(Bucket=ARCHIVE, CreateBucketConfiguration=where, ObjectLockEnabledForBucket=True)
    client.put_object_lock_configuration(
        Bucket=ARCHIVE,
        ObjectLockConfiguration={
            "ObjectLockEnabled": "Enabled",
            "Rule": {"DefaultRetention": {"Mode": "COMPLIANCE", "Years": 100}},
        },
    )
    client.create_bucket(Bucket=SECRETS, CreateBucketConfiguration=where)


@contextmanager
def s3_endpoint(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """moto's S3 as a server on loopback, named by FAIRDICE_S3_ENDPOINT_URL (what a local emulator is set as), and a
    client of it; other processes reach it too. No buckets yet, and none left after: moto keeps its state in this
    process, so the server's is reset when the block ends."""
    from moto.server import ThreadedMotoServer

    for name, value in (("AWS_ACCESS_KEY_ID", "testing"), ("AWS_SECRET_ACCESS_KEY", "testing")):
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("AWS_REGION", REGION)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        url = f"http://{host}:{port}"
        monkeypatch.setenv("FAIRDICE_S3_ENDPOINT_URL", url)
        try:
            yield boto3.client("s3", endpoint_url=url, region_name=REGION)
        finally:
            urllib.request.urlopen(urllib.request.Request(f"{url}/moto-api/reset", method="POST"), timeout=30).close()
    finally:
        server.stop()
