"""audit/s3.py: the audit functions' settings and the prefixes they work under."""

import pytest
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
