"""The daily archive's two buckets in moto, as template.yaml makes them, for the tests that run on S3.

The public archive is under Object Lock (COMPLIANCE) so that written days are written once; the secrets
bucket is private. The three S3 test modules build their archives on these.
"""

from typing import Any

REGION = "eu-west-1"
ARCHIVE, SECRETS = "fairdice-archive", "fairdice-secrets"


def create_archive_buckets(client: Any) -> None:
    """The archive bucket (Object Lock, one year's COMPLIANCE retention by default) and the secrets bucket."""
    where = {"LocationConstraint": REGION}
    client.create_bucket(Bucket=ARCHIVE, CreateBucketConfiguration=where, ObjectLockEnabledForBucket=True)
    client.put_object_lock_configuration(
        Bucket=ARCHIVE,
        ObjectLockConfiguration={
            "ObjectLockEnabled": "Enabled",
            "Rule": {"DefaultRetention": {"Mode": "COMPLIANCE", "Years": 1}},
        },
    )
    client.create_bucket(Bucket=SECRETS, CreateBucketConfiguration=where)
