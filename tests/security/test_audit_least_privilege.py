"""The audit's part of template.yaml: each role does its step and no more, the bucket is private and encrypted.

Read as in test_least_privilege.py (short-form tags in their long form). moto runs no IAM check,
so these are the tests of what the audit's roles may do.
"""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from security.cloudformation import load_template
from security.test_least_privilege import (
    ARCHIVE,
    READS_PUBLISHED_DAYS,
    arn_text,
    as_list,
    bucket_policy,
    grants,
    role_statements,
    statement,
    work_grants,
)

ROOT = Path(__file__).resolve().parents[2]
AUDIT = "${AuditBucket.Arn}"
READS = {"s3:GetObject", "s3:ListBucket", "s3:GetObjectRetention"}  # the last: whether a version read is locked
AUDIT_FUNCTIONS = ["AuditWorkerFunction", "AuditMergeFunction", "AuditReportFunction"]


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def test_the_worker_reads_shards_and_published_days_and_writes_partial_results_only(template: dict[str, Any]) -> None:
    # Daily games are checked against the public archive, as POST /verify checks them: its published days only.
    assert work_grants(template, "AuditWorkerFunction") == {
        ("Allow", "s3:GetObject", f"{AUDIT}/games/*"),
        ("Allow", "s3:PutObject", f"{AUDIT}/audits/*/partials/*"),
        # A large part goes up in parts: a failed upload is aborted at once (review: refused, its parts left billed)
        ("Allow", "s3:AbortMultipartUpload", f"{AUDIT}/audits/*/partials/*"),
        *READS_PUBLISHED_DAYS,
    }


def test_the_merge_reads_partials_and_map_runs_and_writes_summary_and_findings_only(template: dict[str, Any]) -> None:
    assert work_grants(template, "AuditMergeFunction") == {
        ("Allow", "s3:ListBucket", AUDIT),
        ("Allow", "s3:GetObject", f"{AUDIT}/audits/*/partials/*"),
        ("Allow", "s3:GetObject", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:PutObject", f"{AUDIT}/audits/*/summary.json"),
        ("Allow", "s3:PutObject", f"{AUDIT}/audits/*/findings.jsonl"),
        ("Allow", "s3:AbortMultipartUpload", f"{AUDIT}/audits/*/summary.json"),
        ("Allow", "s3:AbortMultipartUpload", f"{AUDIT}/audits/*/findings.jsonl"),
    }
    listing = statement(role_statements(template, "AuditMergeRole"), "ListShardsAndPartials")
    assert listing["Condition"] == {"StringLike": {"s3:prefix": ["games/*", "audits/*"]}}


def test_the_report_reads_the_merged_results_and_writes_the_page_only(template: dict[str, Any]) -> None:
    assert work_grants(template, "AuditReportFunction") == {
        ("Allow", "s3:GetObject", f"{AUDIT}/audits/*/summary.json"),
        ("Allow", "s3:GetObject", f"{AUDIT}/audits/*/findings.jsonl"),
        ("Allow", "s3:PutObject", f"{AUDIT}/audits/*/report.html"),
    }


def test_no_audit_role_reaches_the_secrets_or_writes_outside_the_audit_bucket_or_may_delete(
    template: dict[str, Any],
) -> None:
    # Beside its work, each writes its own log group and its traces alone (test_least_privilege.py).
    for name in AUDIT_FUNCTIONS:
        for _, action, resource in work_grants(template, name):
            read_only_archive = name == "AuditWorkerFunction" and resource.startswith(ARCHIVE)
            assert resource.startswith(AUDIT) or read_only_archive, (name, action, resource)
            assert action in READS or resource.startswith(AUDIT), (name, action, resource)
            assert "Delete" not in action and "Secrets" not in resource, (name, action, resource)
        variables = set(template["Resources"][name]["Properties"]["Environment"]["Variables"])
        expected = {"FAIRDICE_AUDIT_BUCKET"} | ({"FAIRDICE_ARCHIVE_BUCKET"} if name == "AuditWorkerFunction" else set())
        assert variables - {"FAIRDICE_STACK_NAME"} == expected
    worker = template["Resources"]["AuditWorkerFunction"]["Properties"]["Environment"]["Variables"]
    assert worker["FAIRDICE_ARCHIVE_BUCKET"] == {"Ref": "ArchiveBucket"}


def test_the_state_machine_invokes_its_functions_lists_shards_writes_map_runs_and_runs_its_children(
    template: dict[str, Any],
) -> None:
    machine = template["Resources"]["AuditStateMachine"]["Properties"]
    statements = [s for policy in machine["Policies"] for s in policy["Statement"]]
    found = {(effect, action, resource) for effect, action, resource in grants(statements)}
    name = "${AWS::StackName}-audit"
    states = "arn:${AWS::Partition}:states:${AWS::Region}:${AWS::AccountId}"
    assert found == {
        ("Allow", "lambda:InvokeFunction", "${AuditWorkerFunction.Arn}"),
        ("Allow", "lambda:InvokeFunction", "${AuditMergeFunction.Arn}"),
        ("Allow", "lambda:InvokeFunction", "${AuditReportFunction.Arn}"),
        ("Allow", "s3:ListBucket", AUDIT),
        ("Allow", "s3:PutObject", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:GetObject", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:ListMultipartUploadParts", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:AbortMultipartUpload", f"{AUDIT}/map-runs/*"),
        ("Allow", "states:StartExecution", f"{states}:stateMachine:{name}"),
        ("Allow", "states:DescribeExecution", f"{states}:execution:{name}/*"),
        ("Allow", "states:StopExecution", f"{states}:execution:{name}/*"),
    } | {("Allow", action, "*") for action in LOG_DELIVERY}
    assert machine["Name"] == {"Fn::Sub": name}
    assert statement(statements, "ListShards")["Condition"] == {"StringLike": {"s3:prefix": ["games/*"]}}


# What Step Functions asks of a role that logs to CloudWatch Logs; none of these takes a resource but "*".
LOG_DELIVERY = {
    "logs:CreateLogDelivery",
    "logs:GetLogDelivery",
    "logs:UpdateLogDelivery",
    "logs:DeleteLogDelivery",
    "logs:ListLogDeliveries",
    "logs:PutResourcePolicy",
    "logs:DescribeResourcePolicies",
    "logs:DescribeLogGroups",
}


def test_only_the_log_delivery_is_granted_on_everything_and_it_writes_no_log_event(template: dict[str, Any]) -> None:
    # The role sets up the delivery; CloudWatch Logs itself writes the events. Nothing else of the
    # state machine's reaches "*", and the delivery's actions reach nothing else.
    statements = [
        s
        for policy in template["Resources"]["AuditStateMachine"]["Properties"]["Policies"]
        for s in policy["Statement"]
    ]
    on_everything = {action for _, action, resource in grants(statements) if resource == "*"}
    assert on_everything == LOG_DELIVERY
    delivery = statement(statements, "DeliverItsLog")
    assert (delivery["Effect"], set(delivery["Action"]), delivery["Resource"]) == ("Allow", LOG_DELIVERY, "*")


def test_the_audit_bucket_is_private_encrypted_versioned_and_tls_only(template: dict[str, Any]) -> None:
    bucket = template["Resources"]["AuditBucket"]
    properties = bucket["Properties"]
    assert properties["PublicAccessBlockConfiguration"] == dict.fromkeys(
        ("BlockPublicAcls", "IgnorePublicAcls", "BlockPublicPolicy", "RestrictPublicBuckets"), True
    )
    (rule,) = properties["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] == "aws:kms"
    assert properties["VersioningConfiguration"] == {"Status": "Enabled"}
    assert properties["OwnershipControls"]["Rules"] == [{"ObjectOwnership": "BucketOwnerEnforced"}]
    policy = bucket_policy(template, "AuditBucket")
    assert all(s["Effect"] == "Deny" for s in policy)
    tls = statement(policy, "TlsOnly")
    assert {arn_text(r) for r in as_list(tls["Resource"])} == {AUDIT, f"{AUDIT}/*"}
    assert tls["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


def test_the_audit_bucket_aborts_uploads_left_incomplete_within_days(template: dict[str, Any]) -> None:
    # A partial result, the merge's findings or a map run's results go up in parts when large; an upload that fails or
    # is cut short (a function timed out) leaves parts billed and never listed. The rule aborts them, for the whole
    # bucket, and does nothing else: no object or version of an audit expires.
    (rule,) = template["Resources"]["AuditBucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    assert rule["Status"] == "Enabled"
    assert 1 <= rule["AbortIncompleteMultipartUpload"]["DaysAfterInitiation"] <= 7
    assert set(rule) == {"Id", "Status", "AbortIncompleteMultipartUpload"}


def test_the_definitions_placeholders_are_exactly_the_templates_substitutions(template: dict[str, Any]) -> None:
    machine = template["Resources"]["AuditStateMachine"]["Properties"]
    text = (ROOT / machine["DefinitionUri"]).read_text()
    assert set(re.findall(r"\$\{(\w+)\}", text)) == set(machine["DefinitionSubstitutions"])
    assert machine["DefinitionSubstitutions"]["MaxConcurrency"] == {"Ref": "AuditMaxConcurrency"}
    assert machine["DefinitionSubstitutions"]["ToleratedFailurePercentage"] == {
        "Ref": "AuditToleratedFailurePercentage"
    }
    definition = json.loads(text)
    audit = definition["States"]["AuditShards"]
    assert audit["ItemProcessor"]["ProcessorConfig"]["Mode"] == "DISTRIBUTED"
    assert audit["ItemReader"]["Resource"] == "arn:aws:states:::s3:listObjectsV2"
    assert audit["ResultWriter"]["Parameters"] == {"Bucket": "${AuditBucket}", "Prefix": "map-runs"}


@pytest.mark.parametrize(
    ("field", "path", "substitution"),
    [
        ("MaxConcurrencyPath", "max_concurrency", "MaxConcurrency"),
        ("ToleratedFailurePercentagePath", "tolerated_failure_percentage", "ToleratedFailurePercentage"),
    ],
)
def test_each_audit_parameter_reaches_the_map_from_the_template(
    template: dict[str, Any], field: str, path: str, substitution: str
) -> None:
    # Review: moto's interpreter ignores the tolerated failure percentage, so no run under it fails when the map stops
    # reading it; only the definition shows it. From the execution's start to the map, each state before it passes the
    # value on under one name, and the map reads it there.
    machine = template["Resources"]["AuditStateMachine"]["Properties"]
    states = json.loads((ROOT / machine["DefinitionUri"]).read_text())["States"]
    assert states["Settings"]["Parameters"][f"{path}.$"] == f"States.StringToJson('${{{substitution}}}')"
    name = states["Settings"]["Next"]
    while name != "AuditShards":
        assert states[name]["Type"] == "Pass"
        assert states[name]["Parameters"][f"{path}.$"] == f"$.{path}"
        name = states[name]["Next"]
    assert states["AuditShards"][field] == f"$.{path}"


def test_the_layer_stays_light_and_the_worker_needs_the_core_alone(template: dict[str, Any]) -> None:
    # Every audit function runs on the stack's one core layer (Globals), which has none of the heavy libraries.
    assert template["Globals"]["Function"]["Layers"] == [{"Ref": "CoreLayer"}]
    for name in AUDIT_FUNCTIONS:
        assert "Layers" not in template["Resources"][name]["Properties"], name
    heavy = ("scipy", "numpy", "matplotlib", "rich")
    layer = (ROOT / "shared" / "requirements.txt").read_text()
    assert not any(re.search(rf"^{name}\b", layer, re.M) for name in heavy)
    assert not (ROOT / "functions" / "audit_worker" / "requirements.txt").exists()
    # Importing the worker's handler loads none of the audit's heavy libraries.
    probe = (
        "import os, sys; os.environ['FAIRDICE_AUDIT_BUCKET'] = 'audit-bucket';"
        "os.environ['AWS_DEFAULT_REGION'] = 'eu-west-1';"
        "import audit_worker.app; print(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{heavy!r}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": f"{ROOT / 'shared'}:{ROOT / 'functions'}", "PATH": ""},
    )
    assert loaded.stdout.strip() == "[]"
