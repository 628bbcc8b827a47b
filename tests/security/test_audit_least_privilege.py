"""The audit's part of template.yaml: each role does its step and no more, the bucket is private and encrypted.

Read as in test_least_privilege.py (short-form tags in their long form). moto runs no IAM check,
so these are the tests of what the audit's roles may do.
"""

import json
import re
import subprocess
import sys
from fnmatch import fnmatch, fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fairdice.audit.shard import FINDINGS, GAMES, IDS, PARTIALS, SUMMARY
from fairdice.audit.summary import REPORT

from security.cloudformation import load_template
from security.test_least_privilege import (
    ARCHIVE,
    READS_PUBLISHED_DAYS,
    arn_text,
    as_list,
    bucket_policy,
    denied_to_all_but,
    grants,
    role_statements,
    statement,
    work_grants,
)

ROOT = Path(__file__).resolve().parents[2]
AUDIT = "${AuditBucket.Arn}"
# The last two: whether a version read is locked, and whether its key holds another version or a delete marker
READS = {"s3:GetObject", "s3:ListBucket", "s3:GetObjectRetention", "s3:ListBucketVersions"}
AUDIT_FUNCTIONS = ["AuditWorkerFunction", "AuditMergeFunction", "AuditReportFunction"]
MACHINE_NAME = "${AWS::StackName}-audit"  # AuditStateMachine's Name
STATES = "arn:${AWS::Partition}:states:${AWS::Region}:${AWS::AccountId}"
MAP_RUNS = f"{STATES}:mapRun:{MACHINE_NAME}/*"


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
        # what Step Functions counted of the audit state machine's map runs, which the result files must name
        ("Allow", "states:DescribeMapRun", MAP_RUNS),
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
            if (name, action, resource) == ("AuditMergeFunction", "states:DescribeMapRun", MAP_RUNS):
                continue  # a read of Step Functions' own record, no object
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
    assert found == {
        ("Allow", "lambda:InvokeFunction", "${AuditWorkerFunction.Arn}"),
        ("Allow", "lambda:InvokeFunction", "${AuditMergeFunction.Arn}"),
        ("Allow", "lambda:InvokeFunction", "${AuditReportFunction.Arn}"),
        ("Allow", "s3:ListBucket", AUDIT),
        ("Allow", "s3:PutObject", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:GetObject", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:ListMultipartUploadParts", f"{AUDIT}/map-runs/*"),
        ("Allow", "s3:AbortMultipartUpload", f"{AUDIT}/map-runs/*"),
        ("Allow", "states:StartExecution", f"{STATES}:stateMachine:{MACHINE_NAME}"),
        ("Allow", "states:DescribeExecution", f"{STATES}:execution:{MACHINE_NAME}/*"),
        ("Allow", "states:StopExecution", f"{STATES}:execution:{MACHINE_NAME}/*"),
    } | {("Allow", action, "*") for action in LOG_DELIVERY}
    assert machine["Name"] == {"Fn::Sub": MACHINE_NAME}
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


# ---- who may write where the audit's results are kept ---------------------------------------------------------------

# The principals that may write the audit bucket: the three functions' roles, the role SAM makes for the state machine
# (it names none: SAM names it after it), as which Step Functions writes the map run's result files, and any other
# principal of the account whose own policy allows s3:PutObject on every bucket (AdministratorAccess, a CI role).
WORKER, MERGE, REPORTER = "AuditWorkerRole", "AuditMergeRole", "AuditReportRole"
MACHINE = "AuditStateMachineRole"
ANOTHER = "another principal"
PRINCIPALS = [WORKER, MERGE, REPORTER, MACHINE, ANOTHER]


def overlap(a: str, b: str) -> bool:
    """Whether some key matches both resource patterns, "*" standing for any characters, "/" included, as in S3."""
    assert "?" not in a + b, "a pattern this test cannot read"

    @cache
    def rest(i: int, j: int) -> bool:
        if i < len(a) and a[i] == "*":
            return rest(i + 1, j) or (j < len(b) and rest(i, j + 1))
        if j < len(b) and b[j] == "*":
            return rest(i, j + 1) or (i < len(a) and rest(i + 1, j))
        if i == len(a) or j == len(b):
            return i == len(a) and j == len(b)
        return a[i] == b[j] and rest(i + 1, j + 1)

    return rest(0, 0)


def audit_bucket_writers(template: dict[str, Any]) -> dict[str, set[str]]:
    """Every role of the stack allowed s3:PutObject in the audit bucket, and where, as its policies write it: a role of
    the template's own, or one SAM makes (`<resource>Role`) for a resource given SAM's Policies."""
    writers: dict[str, set[str]] = {}
    for name, resource in template["Resources"].items():
        properties = resource.get("Properties", {})
        if resource["Type"] == "AWS::IAM::Role":
            role, statements = name, role_statements(template, name)
        elif resource["Type"].startswith("AWS::Serverless::") and "Policies" in properties:
            assert "Role" not in properties and all("Statement" in policy for policy in properties["Policies"]), name
            role, statements = f"{name}Role", [s for policy in properties["Policies"] for s in policy["Statement"]]
        else:
            continue
        puts = {
            where
            for effect, action, where in grants(statements)
            if effect == "Allow" and fnmatch("s3:putobject", action.lower()) and overlap(where, f"{AUDIT}/*")
        }
        if puts:
            writers[role] = puts
    return writers


def may_put(template: dict[str, Any], principal: str, key: str) -> bool:
    """Whether `principal` may put `key` in the audit bucket over TLS: its own policy allows it (another principal's
    allows every key), and no statement of the bucket's policy denies it."""
    arn = f"{AUDIT}/{key}"
    granted = {f"{AUDIT}/*"} if principal == ANOTHER else audit_bucket_writers(template)[principal]
    allowed = any(fnmatchcase(arn, where) for where in granted)
    for s in bucket_policy(template, "AuditBucket"):
        acts = any(fnmatch("s3:putobject", action.lower()) for action in as_list(s["Action"]))
        if s["Effect"] != "Deny" or not acts or not any(fnmatchcase(arn, arn_text(r)) for r in as_list(s["Resource"])):
            continue
        condition = s.get("Condition")
        if condition == {"Bool": {"aws:SecureTransport": "false"}}:
            continue
        assert condition is not None and set(condition) == {"ArnNotEquals"}, f"{s['Sid']}: a condition not read here"
        if {"Fn::GetAtt": [principal, "Arn"]} not in as_list(condition["ArnNotEquals"]["aws:PrincipalArn"]):
            return False
    return allowed


EXECUTION = "audits/2026-11/audit-2026-11-a/"
PARTIAL = f"{EXECUTION}{PARTIALS}{'0' * 64}/"
WHO_MAY_WRITE = [
    (f"{PARTIAL}{IDS}", {WORKER}),
    (f"{PARTIAL}{GAMES}", {WORKER}),
    # S3's "*" spans "/": the merge's own grant (audits/*/summary.json) reaches a partial's summary and findings too
    (f"{PARTIAL}{SUMMARY}", {WORKER, MERGE}),
    (f"{PARTIAL}{FINDINGS}", {WORKER, MERGE}),
    (f"{EXECUTION}{SUMMARY}", {MERGE}),
    (f"{EXECUTION}{FINDINGS}", {MERGE}),
    (f"{EXECUTION}{REPORT}", {REPORTER}),
    # An output prefix and an execution both named "partials" (which the state machine and the functions refuse; the
    # policy alone is read here): the merge and the report may still write theirs, and the worker, whose grant reaches
    # the page there, may not write it
    (f"audits/partials/partials/{SUMMARY}", {MERGE, WORKER}),
    (f"audits/partials/partials/{REPORT}", {REPORTER}),
    (f"{EXECUTION}notes.txt", set()),
    ("map-runs/0f5c7f5e-8a4e-3f0b-9d27-4b5b1a2f6c11/manifest.json", {MACHINE}),
    ("map-runs/0f5c7f5e-8a4e-3f0b-9d27-4b5b1a2f6c11/SUCCEEDED_0.json", {MACHINE}),
    ("map-runs/0f5c7f5e-8a4e-3f0b-9d27-4b5b1a2f6c11/FAILED_0.json", {MACHINE}),
    # The operator's shards: the bucket's policy leaves them to whoever the account allows
    ("games/2026-11/shard-0001.jsonl.gz", {ANOTHER}),
]


@pytest.mark.parametrize(("key", "writers"), WHO_MAY_WRITE, ids=[key for key, _ in WHO_MAY_WRITE])
def test_only_the_role_that_writes_a_partial_a_map_runs_results_or_an_audits_files_may_write_them(
    template: dict[str, Any], key: str, writers: set[str]
) -> None:
    # The merge holds each partial to what its worker returned to the map, kept in the map run's result files: another
    # principal that could write both (review: any with s3:PutObject on the bucket) could have any shard counted fair.
    assert {principal for principal in PRINCIPALS if may_put(template, principal, key)} == writers


def test_each_role_the_bucket_policy_spares_is_one_its_own_grants_let_write_there(template: dict[str, Any]) -> None:
    # So the two cannot drift apart: a role spared where it writes nothing, or a write moved and its role not spared.
    writers = audit_bucket_writers(template)
    assert set(writers) == {WORKER, MERGE, REPORTER, MACHINE}, "a new writer of the audit bucket: name it in its policy"
    assert "Role" not in template["Resources"]["AuditStateMachine"]["Properties"], f"SAM makes {MACHINE} no more"
    sparing = [s for s in bucket_policy(template, "AuditBucket") if "ArnNotEquals" in s.get("Condition", {})]
    assert [s["Sid"] for s in sparing] == [
        "OnlyTheMapRunWritesItsResults",
        "OnlyTheAuditFunctionsWriteAudits",
        "OnlyTheMergeAndTheWorkerWriteSummariesAndFindings",
        "OnlyTheReportWritesReports",
    ]
    for s in sparing:
        # s3:ReplicateObject: a replica written in is no PutObject, and would put an object there all the same
        assert (s["Effect"], s["Principal"], s["Action"]) == ("Deny", "*", ["s3:PutObject", "s3:ReplicateObject"])
        for spared_role in as_list(s["Condition"]["ArnNotEquals"]["aws:PrincipalArn"]):
            (role, attribute) = spared_role["Fn::GetAtt"]
            assert attribute == "Arn"
            for resource in as_list(s["Resource"]):
                assert any(overlap(arn_text(resource), where) for where in writers[role]), (s["Sid"], role, resource)
    machine = {"ArnNotEquals": {"aws:PrincipalArn": {"Fn::GetAtt": [MACHINE, "Arn"]}}}
    assert denied_to_all_but(bucket_policy(template, "AuditBucket"), "s3:PutObject", f"{AUDIT}/map-runs/*", machine)


def test_the_bucket_policy_leaves_games_and_deletes_alone(template: dict[str, Any]) -> None:
    # games/ is the operator's to fill. A partial, a map run's file or an audit's deleted is a shard not audited or a
    # file missing, never a game counted: deletes stay the account's to allow.
    for s in bucket_policy(template, "AuditBucket"):
        if s["Sid"] == "TlsOnly":
            continue
        assert not any(overlap(arn_text(r), f"{AUDIT}/games/*") for r in as_list(s["Resource"])), s["Sid"]
        assert not any(fnmatch(action.lower(), "s3:delete*") for action in as_list(s["Action"])), s["Sid"]
    assert may_put(template, ANOTHER, "games/2026-11/shard-0001.jsonl.gz")
