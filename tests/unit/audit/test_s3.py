"""audit/s3.py: the audit functions' settings and the prefixes they work under."""

import json

import pytest
from fairdice.audit import s3
from fairdice.audit.s3 import AuditSettings
from pydantic import ValidationError


def test_the_audit_bucket_is_read_from_its_variable() -> None:
    assert AuditSettings.from_environ({"FAIRDICE_AUDIT_BUCKET": "fairdice-audit-1"}).bucket == "fairdice-audit-1"


def test_a_missing_audit_bucket_fails_the_cold_start_naming_its_variable() -> None:
    with pytest.raises(RuntimeError, match="FAIRDICE_AUDIT_BUCKET is not set"):
        AuditSettings.from_environ({})


@pytest.mark.parametrize("name", ["My_Bucket", "ab", "-fairdice", "fairdice..audit", "a" * 64])
def test_an_audit_bucket_s3_would_not_name_fails_the_cold_start_as_every_bucket_setting_does(name: str) -> None:
    # Review: only its length was checked, so a name no bucket can have failed at the first S3 call instead
    with pytest.raises(ValidationError) as raised:
        AuditSettings.from_environ({"FAIRDICE_AUDIT_BUCKET": name})
    assert raised.value.errors()[0]["loc"] == ("bucket",)


@pytest.mark.parametrize(
    ("item", "read"),
    [
        ({"Key": "games/", "Size": 0}, ("games/", 0)),
        ({"Key": "games/", "Size": 2}, ("games/", 2)),
        ({"Key": "games/"}, ("games/", None)),
        ({"Key": "games/", "Size": False}, ("games/", None)),
        ({"Key": 5, "Size": 0}, None),
        ("games/", None),
    ],
)
def test_a_child_s_shard_is_read_from_one_parse_of_its_input_and_false_is_no_size(item: object, read: object) -> None:
    # Given a child execution whose Input is the map's item for its shard, as JSON text
    execution = {"Input": json.dumps({"shard": item})}

    # Then its key and listed size are read from it, and JSON's false is no size (Python counts False as 0, so an object
    # whose item said false would have been taken for the S3 console's folder and left unnamed)
    assert s3._shard(execution) == read
