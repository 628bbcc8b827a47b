"""The audit's AWS side under moto: a versioned audit bucket and the three handlers, imported against it."""

import importlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import boto3
import pytest
from moto import mock_aws

# The bucket events/audit-merge.json names in its ResultWriter details.
BUCKET = "fairdice-audit-bucket"
# moto runs state machines' definitions when asked; Lambda calls go to a stand-in, not to Docker.
MOTO_CONFIG: Any = {"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}}


@dataclass
class AuditAws:
    """moto's S3 with the audit bucket, and the handler modules bound to it."""

    s3: Any
    worker: ModuleType
    merger: ModuleType
    reporter: ModuleType

    def put(self, key: str, data: bytes) -> str:
        """Store an object; its version id."""
        version: str = self.s3.put_object(Bucket=BUCKET, Key=key, Body=data)["VersionId"]
        return version

    def get(self, key: str) -> bytes:
        body: bytes = self.s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
        return body

    def json(self, key: str) -> Any:
        return json.loads(self.get(key))

    def keys(self, prefix: str) -> list[str]:
        listed = self.s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix).get("Contents", [])
        return sorted(item["Key"] for item in listed)


@pytest.fixture(name="audit_aws")
def audit_aws_fixture(fake_aws_credentials: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[AuditAws]:
    """moto's S3 with a versioned audit bucket, and the handlers imported against it (import it to use it)."""
    monkeypatch.setenv("FAIRDICE_AUDIT_BUCKET", BUCKET)
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "fairdice")
    with mock_aws(config=MOTO_CONFIG):
        s3 = boto3.client("s3", region_name="eu-west-1")
        s3.create_bucket(Bucket=BUCKET, CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        s3.put_bucket_versioning(Bucket=BUCKET, VersioningConfiguration={"Status": "Enabled"})
        modules = []
        for name in ("audit_worker.app", "audit_merge.app", "audit_report.app"):
            module = importlib.import_module(name)
            # Each handler made its client at import: point it at this test's moto.
            monkeypatch.setattr(module, "s3", boto3.client("s3", region_name="eu-west-1"))
            modules.append(module)
        yield AuditAws(s3, *modules)
