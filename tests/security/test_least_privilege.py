"""template.yaml grants each function what it needs and nothing more, and the buckets keep what they hold.

The template is read as CloudFormation reads it: short-form tags (`!Ref`, `!Sub`, `!GetAtt`) become
their long form, and every ARN is written back as the `${Resource.Arn}/...` text it stands for, so
the assertions below read like the policies themselves. checkov runs over the same file
(`.checkov.yaml`, `make checkov`); each finding accepted there is skipped beside its resource with
a reason, and the last test here holds every skip to giving one.
"""

import re
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from deploy.stack import events_of, functions

from security.cloudformation import TEMPLATE, function_timeout, load_template

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = "${ArchiveBucket.Arn}"
SECRETS = "${SecretsBucket.Arn}"
Grant = tuple[str, str, str]  # (effect, action, resource)


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def resources(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {name: r for name, r in template["Resources"].items() if r["Type"] == kind}


def arn_text(value: Any) -> str:
    """An ARN as the template writes it: `${Bucket.Arn}/prefix/*`, `${Bucket.Arn}` or `${Bucket}`."""
    if isinstance(value, str):
        return value
    if "Fn::Sub" in value:
        return str(value["Fn::Sub"])
    if "Fn::GetAtt" in value:
        return "${" + ".".join(value["Fn::GetAtt"]) + "}"
    if "Ref" in value:
        return "${" + value["Ref"] + "}"
    raise AssertionError(f"an ARN the test cannot read: {value!r}")


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def grants(statements: list[dict[str, Any]]) -> set[Grant]:
    return {
        (s["Effect"], action, arn_text(resource))
        for s in statements
        for action in as_list(s["Action"])
        for resource in as_list(s["Resource"])
    }


def function_grants(template: dict[str, Any], name: str) -> set[Grant]:
    """Every permission a function is given: its role's, a role of the stack's whose every statement is here."""
    function = template["Resources"][name]["Properties"]
    # A function given SAM's Policies runs as a role SAM makes, with AWSLambdaBasicExecutionRole attached:
    # logs:CreateLogGroup, CreateLogStream and PutLogEvents on "*", lines in every log group of the account.
    assert "Policies" not in function, f"{name}: SAM's role for it would write every log group"
    role = function.get("Role")
    assert isinstance(role, dict) and set(role) == {"Fn::GetAtt"}, f"{name}: its role is not the stack's"
    assert role["Fn::GetAtt"][1] == "Arn", f"{name}: its role is not the stack's"
    return grants(role_statements(template, role["Fn::GetAtt"][0]))


def writes_its_log_and_traces(group: str) -> set[Grant]:
    """What every function's role needs beside its work: lines in its own log group, and its traces."""
    return {
        ("Allow", "logs:CreateLogStream", f"${{{group}.Arn}}"),
        ("Allow", "logs:PutLogEvents", f"${{{group}.Arn}}"),
        # Tracing: Active (Globals): Lambda refuses a traced function whose role cannot send its traces.
        ("Allow", "xray:PutTraceSegments", "*"),
        ("Allow", "xray:PutTelemetryRecords", "*"),
    }


def log_group(template: dict[str, Any], name: str) -> str:
    """The log group a function writes to (its LoggingConfig)."""
    group: str = template["Resources"][name]["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
    return group


def work_grants(template: dict[str, Any], name: str) -> set[Grant]:
    """A function's grants for its work: all of them but its log group's lines and its traces, which every function
    has, exactly those (test_every_function_runs_as_a_role_of_its_own_that_writes_its_own_log_group_alone)."""
    return function_grants(template, name) - writes_its_log_and_traces(log_group(template, name))


def role_statements(template: dict[str, Any], role: str) -> list[dict[str, Any]]:
    """The statements of a role of the stack: its inline policies and the IAM policies attached to it."""
    properties = template["Resources"][role]["Properties"]
    assert not properties.get("ManagedPolicyArns"), f"{role}: a managed policy's actions are not in this file"
    statements = [s for policy in properties.get("Policies", []) for s in policy["PolicyDocument"]["Statement"]]
    for policy in resources(template, "AWS::IAM::Policy").values():
        if {"Ref": role} in policy["Properties"]["Roles"]:
            statements += policy["Properties"]["PolicyDocument"]["Statement"]
    return statements


def bucket_policy(template: dict[str, Any], bucket: str, *, conditions: bool = True) -> list[dict[str, Any]]:
    """A bucket's policy statements, a conditional one taken as if its condition were `conditions`."""
    for policy in resources(template, "AWS::S3::BucketPolicy").values():
        if policy["Properties"]["Bucket"] == {"Ref": bucket}:
            statements: list[dict[str, Any]] = []
            for written in policy["Properties"]["PolicyDocument"]["Statement"]:
                if "Fn::If" in written:
                    _, when_true, when_false = written["Fn::If"]
                    written = when_true if conditions else when_false
                if written != {"Ref": "AWS::NoValue"}:
                    statements.append(written)
            return statements
    raise AssertionError(f"{bucket} has no bucket policy")


def statement(statements: list[dict[str, Any]], sid: str) -> dict[str, Any]:
    return next(s for s in statements if s.get("Sid") == sid)


def key_policy(template: dict[str, Any]) -> list[dict[str, Any]]:
    statements: list[dict[str, Any]] = template["Resources"]["SecretsKey"]["Properties"]["KeyPolicy"]["Statement"]
    return statements


# ---- the functions --------------------------------------------------------------------------


# What a reader of the daily archive may do: get the published days and the index (read when a record is missing past
# its deadline, to tell a deleted record from an outage; public or not, PublicArchive=false), and list the bucket (S3
# answers 404 rather than 403 for a missing key only to a caller that may list it).
READS_PUBLISHED_DAYS = {
    ("Allow", "s3:GetObject", f"{ARCHIVE}/commitments/*"),
    ("Allow", "s3:GetObject", f"{ARCHIVE}/revealed/*"),
    ("Allow", "s3:GetObject", f"{ARCHIVE}/index.json"),
    ("Allow", "s3:ListBucket", ARCHIVE),
    # to see that the version read is under Object Lock in compliance mode, which a fair verdict rests on
    ("Allow", "s3:GetObjectRetention", f"{ARCHIVE}/commitments/*"),
    ("Allow", "s3:GetObjectRetention", f"{ARCHIVE}/revealed/*"),
    # to see that a day's commitment and record are the one version of their keys, none hidden behind a delete marker
    # and written again, which a fair verdict rests on too
    ("Allow", "s3:ListBucketVersions", ARCHIVE),
}


def test_only_the_readers_of_published_days_for_a_verdict_may_list_the_archives_versions(
    template: dict[str, Any],
) -> None:
    # The verify function, the watchdog and the audit's worker judge days; no other function lists any versions
    functions = resources(template, "AWS::Serverless::Function")
    listing = {
        name for name in functions if any(g[1] == "s3:ListBucketVersions" for g in function_grants(template, name))
    }
    assert listing == {"VerifyApiFunction", "DailyWatchdogFunction", "AuditWorkerFunction"}
    for name in listing:
        assert {g for g in function_grants(template, name) if g[1] == "s3:ListBucketVersions"} == {
            ("Allow", "s3:ListBucketVersions", ARCHIVE)
        }


def test_the_verify_function_reads_published_days_and_nothing_else(template: dict[str, Any]) -> None:
    assert work_grants(template, "VerifyApiFunction") == READS_PUBLISHED_DAYS


def test_the_verify_function_is_never_told_where_the_secrets_are(template: dict[str, Any]) -> None:
    function = template["Resources"]["VerifyApiFunction"]["Properties"]
    assert "SecretsBucket" not in repr(function)
    assert set(function["Environment"]["Variables"]) == {
        "FAIRDICE_ARCHIVE_BUCKET",
        "FAIRDICE_PUBLIC_BASE_URL",
        "FAIRDICE_BASE_PATH",
    }


def test_the_watchdog_reads_what_the_public_may_read_and_nothing_else(template: dict[str, Any]) -> None:
    assert work_grants(template, "DailyWatchdogFunction") == READS_PUBLISHED_DAYS
    function = template["Resources"]["DailyWatchdogFunction"]["Properties"]
    assert "SecretsBucket" not in repr(function)


def test_the_publisher_writes_where_the_lifecycle_writes_and_deletes_nothing(template: dict[str, Any]) -> None:
    assert work_grants(template, "DailyPublisherFunction") == {
        ("Allow", "s3:GetObject", f"{SECRETS}/secrets/*"),
        ("Allow", "s3:PutObject", f"{SECRETS}/secrets/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/commitments/*"),
        ("Allow", "s3:PutObject", f"{ARCHIVE}/commitments/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/revealed/*"),
        ("Allow", "s3:PutObject", f"{ARCHIVE}/revealed/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/index.json"),
        ("Allow", "s3:PutObject", f"{ARCHIVE}/index.json"),
        ("Allow", "s3:ListBucket", SECRETS),
        ("Allow", "s3:ListBucket", ARCHIVE),
        # What its own role needs beside: its failed runs' queue.
        ("Allow", "sqs:SendMessage", "${PublisherFailedRuns.Arn}"),
    }


FUNCTIONS = sorted(functions(load_template()))

# Each function's log group: its own, named after it.
LOG_GROUPS = {
    "VerifyApiFunction": "VerifyApiLogs",
    "DailyPublisherFunction": "PublisherLogs",
    "TodayRollFunction": "TodayRollLogs",
    "DailyWatchdogFunction": "WatchdogLogs",
    "AuditWorkerFunction": "AuditWorkerLogs",
    "AuditMergeFunction": "AuditMergeLogs",
    "AuditReportFunction": "AuditReportLogs",
}


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_function_runs_as_a_role_of_its_own_that_writes_its_own_log_group_alone(
    template: dict[str, Any], function: str
) -> None:
    # README: each function writes only its own log group. A role that could write any group could put
    # lines in another function's log: a publisher's run, a watchdog's answer, that never happened.
    granted = function_grants(template, function)
    group = log_group(template, function)
    assert group == LOG_GROUPS[function]
    assert {g for g in granted if g[1].startswith(("logs:", "xray:"))} == writes_its_log_and_traces(group)
    role = template["Resources"][function]["Properties"]["Role"]["Fn::GetAtt"][0]
    assert template["Resources"][role]["Type"] == "AWS::IAM::Role"
    assert template["Resources"][role]["Properties"]["AssumeRolePolicyDocument"]["Statement"] == [
        {"Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}
    ]


@pytest.mark.parametrize("function", FUNCTIONS)
def test_a_function_waits_for_every_policy_attached_to_its_role(template: dict[str, Any], function: str) -> None:
    # A policy apart from its role (AWS::IAM::Policy) is attached once the role exists. The function refers to its
    # role alone: without DependsOn it could be created, and run, before it may do its work.
    role = template["Resources"][function]["Properties"]["Role"]["Fn::GetAtt"][0]
    attached = {
        name
        for name, policy in resources(template, "AWS::IAM::Policy").items()
        if {"Ref": role} in policy["Properties"]["Roles"]
    }
    assert attached <= set(as_list(template["Resources"][function].get("DependsOn", []))), function


def test_each_role_is_one_functions_own_and_only_those_the_key_names_are_named(template: dict[str, Any]) -> None:
    # The publisher's role writes secrets and records; the game's route, which serves requests, has a role of its
    # own; and so has every other function. The secrets key's policy names two roles: those two have fixed names.
    roles = {name: f["Properties"]["Role"]["Fn::GetAtt"][0] for name, f in functions(template).items()}
    assert roles == {
        "VerifyApiFunction": "VerifyApiRole",
        "DailyPublisherFunction": "PublisherRole",
        "TodayRollFunction": "TodayRollRole",
        "DailyWatchdogFunction": "WatchdogRole",
        "AuditWorkerFunction": "AuditWorkerRole",
        "AuditMergeFunction": "AuditMergeRole",
        "AuditReportFunction": "AuditReportRole",
    }
    named = {name for name, role in resources(template, "AWS::IAM::Role").items() if "RoleName" in role["Properties"]}
    assert named == {"PublisherRole", "TodayRollRole"}


def test_the_games_route_reads_todays_secret_and_commitment_and_writes_nothing(template: dict[str, Any]) -> None:
    assert work_grants(template, "TodayRollFunction") == {
        ("Allow", "s3:GetObject", f"{SECRETS}/secrets/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/commitments/*"),
        # the records of the days looked back to, one of which may reveal today's secret, public or private archive
        ("Allow", "s3:GetObject", f"{ARCHIVE}/revealed/*"),
        # S3 answers 404 rather than 403 for a secret or a commitment not made yet only to a caller that may list; the
        # route lists the records looked back to with it
        ("Allow", "s3:ListBucket", SECRETS),
        ("Allow", "s3:ListBucket", ARCHIVE),
    }
    # No write of any kind (a secret, a record, the index, a failed run) beside its own log lines and traces.
    granted = {action for _, action, _ in function_grants(template, "TodayRollFunction")}
    writes = ("s3:Put", "s3:Delete", "s3:Restore", "s3:Replicate", "s3:Abort", "sqs:", "kms:")
    assert not [action for action in granted if action.startswith(writes)]


def test_no_function_is_granted_a_wildcard_action_or_a_whole_bucket_of_objects(template: dict[str, Any]) -> None:
    for name in functions(template):
        for _, action, resource in function_grants(template, name):
            assert "*" not in action and "Delete" not in action, (name, action)
            assert not resource.endswith(".Arn}/*"), (name, resource)
            # X-Ray's two write actions exist on "*" only; nothing else may be granted on everything.
            assert resource != "*" or action.startswith("xray:Put"), (name, action, resource)


def named_role(template: dict[str, Any], role: str) -> str:
    """The name a named role is given, which holds the stack's and the region's (two stacks, or regions, never share
    it), and which only Lambda may assume."""
    properties = template["Resources"][role]["Properties"]
    name: str = properties["RoleName"]["Fn::Sub"]
    assert "${AWS::StackName}" in name and "${AWS::Region}" in name
    assert properties["AssumeRolePolicyDocument"]["Statement"] == [
        {"Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}
    ]
    return name


def test_the_publishers_role_is_named_from_the_stack_and_is_the_one_its_key_and_bucket_name(
    template: dict[str, Any],
) -> None:
    name = named_role(template, "PublisherRole")
    assert template["Resources"]["DailyPublisherFunction"]["Properties"]["Role"] == {
        "Fn::GetAtt": ["PublisherRole", "Arn"]
    }
    # The key's policy builds the role's ARN from the same name (a reference would be a cycle).
    uses = statement(key_policy(template), "OnlyThePublisherUsesTheKey")
    publisher_arn, break_glass = uses["Principal"]["AWS"]["Fn::If"][1]
    assert publisher_arn == {"Fn::Sub": f"arn:${{AWS::Partition}}:iam::${{AWS::AccountId}}:role/{name}"}
    assert uses["Principal"]["AWS"]["Fn::If"][2] == publisher_arn
    assert break_glass == {"Ref": "BreakGlassRoleArn"}
    assert "PublisherRole" in template["Resources"]["SecretsKey"]["DependsOn"]


def test_the_games_routes_role_is_named_from_the_stack_and_may_only_decrypt_with_the_secrets_key(
    template: dict[str, Any],
) -> None:
    name = named_role(template, "TodayRollRole")
    # The key's policy builds the role's ARN from the same name, and lets it decrypt through S3, nothing more.
    decrypts = statement(key_policy(template), "TheGamesRouteOnlyDecrypts")
    assert decrypts["Principal"] == {
        "AWS": {"Fn::Sub": f"arn:${{AWS::Partition}}:iam::${{AWS::AccountId}}:role/{name}"}
    }
    assert (decrypts["Effect"], decrypts["Action"]) == ("Allow", "kms:Decrypt")
    assert decrypts["Condition"] == {"StringEquals": {"kms:ViaService": {"Fn::Sub": "s3.${AWS::Region}.amazonaws.com"}}}
    # KMS refuses a key policy that names a role that does not exist yet.
    assert set(template["Resources"]["SecretsKey"]["DependsOn"]) == {"PublisherRole", "TodayRollRole"}


@pytest.mark.parametrize("role", ["PublisherRole", "TodayRollRole"])
def test_a_named_role_fits_iams_64_characters_for_a_stack_name_of_39_in_any_region(
    template: dict[str, Any], role: str
) -> None:
    # The README allows stack names of at most 39 characters; ap-southeast-3 is as long as a region's name gets.
    name = template["Resources"][role]["Properties"]["RoleName"]["Fn::Sub"]
    longest = name.replace("${AWS::StackName}", "s" * 39).replace("${AWS::Region}", "ap-southeast-3")
    assert len(longest) <= 64, longest


def test_every_function_has_a_timeout_and_the_publishers_leaves_room_to_catch_up(template: dict[str, Any]) -> None:
    verify = function_timeout(template, "VerifyApiFunction")
    publisher = function_timeout(template, "DailyPublisherFunction")
    # API Gateway's HTTP API gives up on an integration after 30 s: the function must answer first.
    assert 0 < verify <= 29
    assert publisher > verify


# ---- the schedules --------------------------------------------------------------------------

# The account's default group in the stack's region, which the stack's schedules are in: the scheduler names a
# schedule's group as aws:SourceArn when it assumes the schedule's role (its guide: never a schedule's ARN).
SCHEDULE_GROUP = "arn:${AWS::Partition}:scheduler:${AWS::Region}:${AWS::AccountId}:schedule-group/default"


def schedule_roles(template: dict[str, Any]) -> dict[tuple[str, str], str]:
    """The role each schedule runs as, by (function, event): a role of the stack's, or the test fails."""
    roles = {}
    for (function, event), properties in events_of(template, "ScheduleV2").items():
        # Without RoleArn SAM makes the schedule a role of its own, which trusts the scheduler for any schedule
        # of any account.
        role = properties.get("RoleArn")
        assert isinstance(role, dict) and set(role) == {"Fn::GetAtt"}, f"{function}.{event} runs as SAM's role"
        name, attribute = role["Fn::GetAtt"]
        assert attribute == "Arn" and template["Resources"][name]["Type"] == "AWS::IAM::Role", (function, event)
        roles[function, event] = name
    assert roles
    return roles


def trusts_the_scheduler(template: dict[str, Any], role: str) -> bool:
    statements = template["Resources"][role]["Properties"]["AssumeRolePolicyDocument"]["Statement"]
    return any(
        "scheduler.amazonaws.com" in as_list(s.get("Principal", {}).get("Service", [])) for s in as_list(statements)
    )


def test_every_role_the_scheduler_may_assume_is_only_for_schedules_of_this_account_in_the_stacks_region(
    template: dict[str, Any],
) -> None:
    # A role trusting scheduler.amazonaws.com with no condition may be named by a schedule of any account, which then
    # invokes what the role may invoke (the confused deputy): the scheduler's guide conditions its trust on
    # aws:SourceAccount and aws:SourceArn.
    roles = set(schedule_roles(template).values())
    assert roles == {name for name in resources(template, "AWS::IAM::Role") if trusts_the_scheduler(template, name)}
    for role in roles:
        (trust,) = template["Resources"][role]["Properties"]["AssumeRolePolicyDocument"]["Statement"]
        assert (trust["Effect"], trust["Principal"], trust["Action"]) == (
            "Allow",
            {"Service": "scheduler.amazonaws.com"},
            "sts:AssumeRole",
        ), role
        condition = trust["Condition"]
        assert condition["StringEquals"] == {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}, role
        assert arn_text(condition["ArnEquals"]["aws:SourceArn"]) == SCHEDULE_GROUP, role
        assert set(condition) == {"StringEquals", "ArnEquals"}, role


def test_every_schedule_is_in_the_group_its_roles_trust(template: dict[str, Any]) -> None:
    # A schedule moved to a group of its own would no longer be let in by its role's trust: it would never run.
    for (function, event), properties in events_of(template, "ScheduleV2").items():
        assert properties.get("GroupName", "default") == "default", f"{function}.{event}"


def test_a_schedules_role_invokes_its_function_and_keeps_what_it_could_not_hand_over_and_nothing_else(
    template: dict[str, Any],
) -> None:
    # As SAM's role for each schedule was granted: lambda:InvokeFunction on its target, sqs:SendMessage on its
    # dead-letter queue. A role shared by two functions' schedules could invoke either.
    roles = schedule_roles(template)
    for role in set(roles.values()):
        (function,) = {f for (f, _), r in roles.items() if r == role}
        events = [p for (f, _), p in events_of(template, "ScheduleV2").items() if f == function]
        queues = {arn_text(p["DeadLetterConfig"]["Arn"]) for p in events}
        assert grants(role_statements(template, role)) == {
            ("Allow", "lambda:InvokeFunction", f"${{{function}.Arn}}"),
            *(("Allow", "sqs:SendMessage", queue) for queue in queues),
        }, role


# ---- the buckets ----------------------------------------------------------------------------


def test_the_secrets_bucket_blocks_all_public_access_and_is_encrypted(template: dict[str, Any]) -> None:
    bucket = template["Resources"]["SecretsBucket"]
    properties = bucket["Properties"]
    assert properties["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "IgnorePublicAcls": True,
        "BlockPublicPolicy": True,
        "RestrictPublicBuckets": True,
    }
    (rule,) = properties["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in ("aws:kms", "aws:kms:dsse")
    # The stack's own key, not the AWS-managed one that every principal with S3 rights may use.
    assert rule["ServerSideEncryptionByDefault"]["KMSMasterKeyID"] == {"Fn::GetAtt": ["SecretsKey", "Arn"]}
    assert properties["OwnershipControls"]["Rules"] == [{"ObjectOwnership": "BucketOwnerEnforced"}]
    assert (bucket["DeletionPolicy"], bucket["UpdateReplacePolicy"]) == ("Retain", "Retain")


def test_only_the_publisher_may_touch_a_secret_and_only_over_tls(template: dict[str, Any]) -> None:
    policy = bucket_policy(template, "SecretsBucket")
    assert all(s["Effect"] == "Deny" for s in policy), "the secrets bucket's policy only ever takes rights away"
    write_once = statement(policy, "SecretsAreWriteOnce")
    assert write_once["Condition"] == {"Null": {"s3:if-none-match": "true"}}
    tls = statement(policy, "TlsOnly")
    assert (tls["Action"], tls["Condition"]) == ("s3:*", {"Bool": {"aws:SecureTransport": "false"}})


# How an administrator could try to read, or arrange to copy, secrets not revealed yet: read an object
# or its versions, attributes and checksums; let replication read it; open it with an ACL; or change
# the bucket so that copies are made or a later read is allowed: replication rules, inventory, ACLs,
# ownership, the policy itself, public access, the encryption key. S3 Batch Operations copies and
# replicates with these same reads. GetObject is denied to every principal but the publisher's role and
# the game's route's (which reads today's secret), PutObject to every principal but the publisher's role;
# every other read or write of a secret, and every change of the bucket, to every principal, those two
# roles included: neither needs one (review: the publisher's role was spared them all, so whoever acted
# as it could delete the policy, or write a replica over a committed secret).
SECRET_READS = [
    "s3:GetObjectVersion",
    "s3:GetObjectVersionForReplication",
    "s3:GetObjectAttributes",
    "s3:GetObjectVersionAttributes",
    "s3:GetObjectTorrent",
    "s3:GetObjectVersionTorrent",
    "s3:GetObjectAcl",
    "s3:GetObjectVersionAcl",
]
SECRET_OBJECT_ACTIONS = [
    "s3:RestoreObject",
    "s3:PutObjectAcl",
    "s3:PutObjectVersionAcl",
    "s3:PutObjectTagging",
    "s3:ReplicateObject",
    "s3:ReplicateDelete",
]
SECRET_BUCKET_ACTIONS = [
    "s3:PutReplicationConfiguration",
    "s3:PutInventoryConfiguration",
    "s3:PutBucketAcl",
    "s3:PutBucketOwnershipControls",
    "s3:PutBucketPolicy",
    "s3:DeleteBucketPolicy",
    "s3:PutBucketPublicAccessBlock",
    "s3:PutEncryptionConfiguration",
]
PUBLISHER_ROLE = {"Fn::GetAtt": ["PublisherRole", "Arn"]}
GAMES_ROUTE_ROLE = {"Fn::GetAtt": ["TodayRollRole", "Arn"]}
ANYONE_BUT_THE_PUBLISHER = {"ArnNotEquals": {"aws:PrincipalArn": PUBLISHER_ROLE}}
ANYONE_BUT_THE_PUBLISHER_AND_THE_GAMES_ROUTE = {
    "ArnNotEquals": {"aws:PrincipalArn": [PUBLISHER_ROLE, GAMES_ROUTE_ROLE]}
}


def denied_to_all_but(
    policy: list[dict[str, Any]],
    action: str,
    resource: str,
    condition: dict[str, Any] | None = ANYONE_BUT_THE_PUBLISHER,
) -> bool:
    """Whether some Deny statement refuses `action` on `resource` to every principal but those `condition` spares
    (None: to every principal)."""
    return any(
        s["Effect"] == "Deny"
        and s["Principal"] == "*"
        and s.get("Condition") == condition
        and any(fnmatch(action.lower(), pattern.lower()) for pattern in as_list(s["Action"]))
        and resource in {arn_text(r) for r in as_list(s["Resource"])}
        for s in policy
    )


def spared(policy: list[dict[str, Any]], action: str, resource: str, principal: dict[str, Any]) -> bool:
    """Whether no Deny statement that could refuse `action` on `resource` refuses it to `principal` (by its ARN)."""
    for s in policy:
        matches = any(fnmatch(action.lower(), pattern.lower()) for pattern in as_list(s["Action"]))
        if s["Effect"] != "Deny" or not matches or resource not in {arn_text(r) for r in as_list(s["Resource"])}:
            continue
        spares = s.get("Condition", {}).get("ArnNotEquals", {}).get("aws:PrincipalArn")
        if s.get("Condition") is None or spares is None:
            continue  # denied to all alike (TLS, write-once, deletes): not a question of who asks
        if principal not in as_list(spares):
            return False
    return True


def denied_to_all(policy: list[dict[str, Any]], action: str, resource: str) -> bool:
    """Whether some Deny statement without a condition refuses `action` on `resource` to every principal."""
    return denied_to_all_but(policy, action, resource, condition=None)


def test_only_the_publisher_and_the_games_route_may_read_a_secret(template: dict[str, Any]) -> None:
    policy = bucket_policy(template, "SecretsBucket")
    assert denied_to_all_but(policy, "s3:GetObject", f"{SECRETS}/*", ANYONE_BUT_THE_PUBLISHER_AND_THE_GAMES_ROUTE)
    for role in (PUBLISHER_ROLE, GAMES_ROUTE_ROLE):
        assert spared(policy, "s3:GetObject", f"{SECRETS}/*", role)
    assert not denied_to_all(policy, "s3:GetObject", f"{SECRETS}/*")


def test_only_the_publisher_may_write_a_secret(template: dict[str, Any]) -> None:
    policy = bucket_policy(template, "SecretsBucket")
    assert denied_to_all_but(policy, "s3:PutObject", f"{SECRETS}/*")
    assert not spared(policy, "s3:PutObject", f"{SECRETS}/*", GAMES_ROUTE_ROLE)
    assert spared(policy, "s3:PutObject", f"{SECRETS}/*", PUBLISHER_ROLE)
    assert not denied_to_all(policy, "s3:PutObject", f"{SECRETS}/*")


@pytest.mark.parametrize("action", SECRET_READS + SECRET_OBJECT_ACTIONS)
def test_no_one_may_read_or_write_a_secret_any_other_way_the_publishers_role_included(
    template: dict[str, Any], action: str
) -> None:
    # A replica written in needs no If-None-Match, and a replicated delete marker is no DeleteObject: either, as the
    # publisher's role, would replace or hide a secret already committed to (review).
    assert denied_to_all(bucket_policy(template, "SecretsBucket"), action, f"{SECRETS}/*")


@pytest.mark.parametrize("action", SECRET_BUCKET_ACTIONS)
def test_no_one_may_arrange_copies_of_future_secrets_the_publishers_role_included(
    template: dict[str, Any], action: str
) -> None:
    # Spared these, whoever acted as the publisher's role could delete the policy, and every denial in it (review).
    assert denied_to_all(bucket_policy(template, "SecretsBucket"), action, SECRETS)


BUCKETS_KEPT = ["SecretsBucket", "ArchiveBucket", "SecretsAuditLogs", "AuditBucket"]


def test_every_bucket_the_stack_keeps_when_it_goes_is_held_to_keep_its_policy(template: dict[str, Any]) -> None:
    # The list below is written by hand: the audit bucket was retained and left out of it, its policy not (review)
    kept = {n for n, r in resources(template, "AWS::S3::Bucket").items() if r.get("DeletionPolicy") == "Retain"}
    assert kept == set(BUCKETS_KEPT)


@pytest.mark.parametrize("bucket", BUCKETS_KEPT)
def test_each_buckets_policy_stays_with_the_bucket(template: dict[str, Any], bucket: str) -> None:
    # Most deny DeleteBucketPolicy to every principal: a stack deletion that tried would fail, and
    # the retained bucket must keep refusing reads of the secrets, rewrites of the records, or deletes of
    # the trail's log of who read a secret, it holds (review: the trail's log bucket was kept, its policy not);
    # the audit bucket's games and findings must stay TLS only (review: its policy went with the stack).
    (name,) = [
        n
        for n, r in resources(template, "AWS::S3::BucketPolicy").items()
        if r["Properties"]["Bucket"] == {"Ref": bucket}
    ]
    policy = template["Resources"][name]
    assert (policy["DeletionPolicy"], policy["UpdateReplacePolicy"]) == ("Retain", "Retain")


def test_only_the_publishers_role_and_the_break_glass_role_use_the_secrets_key_and_only_through_s3(
    template: dict[str, Any],
) -> None:
    key = template["Resources"]["SecretsKey"]
    assert (key["DeletionPolicy"], key["UpdateReplacePolicy"]) == ("Retain", "Retain")
    assert key["Properties"]["EnableKeyRotation"] is True
    users = [s for s in key_policy(template) if any(fnmatch(a, "kms:Decrypt") for a in as_list(s["Action"]))]
    # and the game's route's role decrypts (test_the_games_routes_role_..._may_only_decrypt_with_the_secrets_key)
    assert [s["Sid"] for s in users] == ["OnlyThePublisherUsesTheKey", "TheGamesRouteOnlyDecrypts"]
    encrypts = [s for s in key_policy(template) if any(fnmatch("kms:GenerateDataKey", a) for a in as_list(s["Action"]))]
    assert [s["Sid"] for s in encrypts] == ["OnlyThePublisherUsesTheKey"]
    (uses,) = encrypts
    assert (uses["Effect"], set(uses["Action"])) == ("Allow", {"kms:Decrypt", "kms:GenerateDataKey"})
    assert uses["Condition"] == {"StringEquals": {"kms:ViaService": {"Fn::Sub": "s3.${AWS::Region}.amazonaws.com"}}}
    assert template["Conditions"]["HasBreakGlassRole"] == {
        "Fn::Not": [{"Fn::Equals": [{"Ref": "BreakGlassRoleArn"}, ""]}]
    }
    assert template["Parameters"]["BreakGlassRoleArn"]["Default"] == ""


def test_the_accounts_administrators_manage_the_secrets_key_but_never_use_it(template: dict[str, Any]) -> None:
    admin = statement(key_policy(template), "AdministeredByTheAccountNeverUsedByIt")
    assert admin["Principal"] == {"AWS": {"Fn::Sub": "arn:${AWS::Partition}:iam::${AWS::AccountId}:root"}}
    using = ["kms:Decrypt", "kms:Encrypt", "kms:GenerateDataKey", "kms:GenerateDataKeyWithoutPlaintext"]
    using += ["kms:ReEncryptFrom", "kms:ReEncryptTo", "kms:CreateGrant", "kms:GenerateDataKeyPair"]
    for action in using:
        assert not any(fnmatch(action, granted) for granted in admin["Action"]), f"administrators may {action}"
    # The policy must stay changeable (KMS refuses one that locks everyone out): that change is logged.
    assert any(fnmatch("kms:PutKeyPolicy", granted) for granted in admin["Action"])
    principals = [s["Principal"] for s in key_policy(template)]
    assert "*" not in principals and {"AWS": "*"} not in principals


@pytest.mark.parametrize("bucket", ["ArchiveBucket", "SecretsBucket"])
def test_nothing_in_either_bucket_can_be_deleted(template: dict[str, Any], bucket: str) -> None:
    deny = statement(bucket_policy(template, bucket), "NothingIsEverDeleted")
    assert (deny["Effect"], deny["Principal"]) == ("Deny", "*")
    assert {"s3:DeleteObject", "s3:DeleteObjectVersion", "s3:DeleteBucket", "s3:PutLifecycleConfiguration"} <= set(
        deny["Action"]
    )
    arn = "${" + bucket + ".Arn}"
    assert {arn_text(r) for r in deny["Resource"]} == {arn, f"{arn}/*"}
    properties = template["Resources"][bucket]["Properties"]
    assert properties["VersioningConfiguration"] == {"Status": "Enabled"}
    assert template["Resources"][bucket]["DeletionPolicy"] == "Retain"


def test_no_archive_record_arrives_by_replication_with_a_time_from_another_bucket(template: dict[str, Any]) -> None:
    # The reader judges a commitment in time by LastModified, which a replica takes from its source object
    deny = statement(bucket_policy(template, "ArchiveBucket"), "NothingArrivesByReplication")
    assert (deny["Effect"], deny["Principal"], deny["Action"]) == ("Deny", "*", "s3:Replicate*")
    # the index as well, which only the publisher writes (review: replication could replace or hide it)
    assert {arn_text(r) for r in deny["Resource"]} == set(ARCHIVE_RECORDS)
    # and a multipart upload (LastModified: when it began) stays refused: it is a PutObject without If-None-Match
    write_once = statement(bucket_policy(template, "ArchiveBucket"), "RecordsAreWriteOnce")
    assert write_once["Action"] == "s3:PutObject" and write_once["Condition"] == {"Null": {"s3:if-none-match": "true"}}


ARCHIVE_RECORDS = [f"{ARCHIVE}/commitments/*", f"{ARCHIVE}/revealed/*", f"{ARCHIVE}/index.json"]


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("resource", ARCHIVE_RECORDS)
def test_no_one_but_the_publisher_may_write_a_record_or_the_index(
    template: dict[str, Any], resource: str, conditions: bool
) -> None:
    # A record written before the publisher's, by any principal whose IAM rights allow PutObject (an
    # administrator, or a role that runs request-serving code), would be taken for the publisher's own.
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    assert denied_to_all_but(policy, "s3:PutObject", resource)
    assert not spared(policy, "s3:PutObject", resource, GAMES_ROUTE_ROLE)


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("resource", ARCHIVE_RECORDS)
def test_no_one_may_put_a_record_or_the_index_under_a_key_its_readers_cannot_use(
    template: dict[str, Any], resource: str, conditions: bool
) -> None:
    # A record under a key its writer keeps (SSE-C) is read by no one without that key, and one under a KMS key by
    # those who may use the key alone (the secrets' key: the publisher and the game's route): the public and the verify
    # API are refused it (review). Whoever acts as the publisher's role could put either, so it is not spared. A
    # PutObject, a CopyObject and a multipart upload all ask s3:PutObject with the headers these conditions read.
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    sse_c = {"Null": {"s3:x-amz-server-side-encryption-customer-algorithm": "false"}}
    kms = {"StringEquals": {"s3:x-amz-server-side-encryption": ["aws:kms", "aws:kms:dsse"]}}
    assert denied_to_all_but(policy, "s3:PutObject", resource, sse_c)
    assert denied_to_all_but(policy, "s3:PutObject", resource, kms)
    # while the publisher's own writes name no encryption, and so take the bucket's default, S3's own keys
    default = template["Resources"]["ArchiveBucket"]["Properties"]["BucketEncryption"]
    assert default["ServerSideEncryptionConfiguration"] == [
        {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}
    ]


def refuses(statement: dict[str, Any], header: str, value: str | None) -> bool:
    """Whether a Deny statement whose condition reads `Null` and `StringNotEquals` on request header `header` refuses a
    request that sends it as `value` (None: not sent), as IAM evaluates them: a key absent from the request is null, and
    a negated operator holds where the key is absent."""
    condition = statement["Condition"]
    assert set(condition) == {"Null", "StringNotEquals"}, "the test reads these two operators alone"
    null = condition["Null"][header] == "true"
    return (value is None) == null and (value is None or value not in as_list(condition["StringNotEquals"][header]))


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("resource", ARCHIVE_RECORDS)
def test_no_one_may_put_a_record_or_the_index_in_a_storage_class_whose_bytes_its_readers_may_not_get(
    template: dict[str, Any], resource: str, conditions: bool
) -> None:
    # A record in Glacier or Deep Archive (or an Intelligent-Tiering archive tier) is refused to every GetObject until
    # a restore, and its readers take it for no record (review: the policy let the publisher's role put one so). Only
    # S3 Standard is allowed, to every principal, the publisher's role included; a PutObject, a CopyObject and a
    # multipart upload all ask s3:PutObject with the header the condition reads
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    standard = statement(policy, "EveryRecordInStandardStorage")
    assert denied_to_all_but(policy, "s3:PutObject", resource, standard["Condition"])
    for kept in ("GLACIER", "DEEP_ARCHIVE", "GLACIER_IR", "INTELLIGENT_TIERING", "STANDARD_IA", "ONEZONE_IA"):
        assert refuses(standard, "s3:x-amz-storage-class", kept), kept
    # while the publisher's own writes, which name no class (S3 Standard, the default), and one naming STANDARD pass
    assert not refuses(standard, "s3:x-amz-storage-class", None)
    assert not refuses(standard, "s3:x-amz-storage-class", "STANDARD")


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
def test_no_one_may_change_the_archives_default_encryption_the_publishers_role_included(
    template: dict[str, Any], conditions: bool
) -> None:
    # Set to a KMS key, the bucket's default would put every new record under it, which its readers refuse as no record
    # (review: the secrets bucket's policy denied this change, the archive's did not). No role needs it once the bucket
    # is made
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    assert denied_to_all(policy, "s3:PutEncryptionConfiguration", ARCHIVE)
    for role in resources(template, "AWS::IAM::Role"):
        for effect, action, _ in grants(role_statements(template, role)):
            assert effect != "Allow" or not fnmatch("s3:putencryptionconfiguration", action.lower()), role


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("action", ["s3:PutBucketPolicy", "s3:DeleteBucketPolicy"])
def test_no_one_may_change_or_delete_the_archives_policy_the_publishers_role_included(
    template: dict[str, Any], action: str, conditions: bool
) -> None:
    # Write-once and no-delete are this policy's statements: an administrator who could delete it could then
    # hide a record behind a delete marker or a new version (Object Lock keeps versions, not the current one).
    # The publisher's role is not spared either: whoever acts as it could otherwise lift NothingIsEverDeleted, hide a
    # record revealed during its day behind a delete marker and write it again once the day is over, to read as
    # revealed in time (review). Only the account's root user can (S3 always lets it), and CloudTrail records it.
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    unchanged = statement(policy, "NoOneChangesThisPolicy")
    assert (unchanged["Effect"], unchanged["Principal"]) == ("Deny", "*") and action in unchanged["Action"]
    assert arn_text(unchanged["Resource"]) == ARCHIVE and "Condition" not in unchanged
    deleted = statement(policy, "NothingIsEverDeleted")
    assert "Condition" not in deleted and {"s3:DeleteObject", "s3:DeleteObjectVersion"} <= set(deleted["Action"])


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
def test_no_one_may_change_the_archives_default_retention_once_the_bucket_is_made(
    template: dict[str, Any], conditions: bool
) -> None:
    # Records carry no retention of their own: the bucket's default keeps them. Given a policy that let anyone with
    # IAM rights shorten it, every later record would be kept by the bucket policy alone. No role is spared, the
    # publisher's included: none needs it once the bucket is made.
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    deny = statement(policy, "NoOneShortensRetention")
    assert (deny["Effect"], deny["Principal"], deny["Action"]) == ("Deny", "*", "s3:PutBucketObjectLockConfiguration")
    assert arn_text(deny["Resource"]) == ARCHIVE and "Condition" not in deny
    for role in resources(template, "AWS::IAM::Role"):
        for effect, action, _ in grants(role_statements(template, role)):
            assert effect != "Allow" or not fnmatch("s3:putbucketobjectlockconfiguration", action.lower()), role


@pytest.mark.parametrize("conditions", [True, False], ids=["public", "private"])
def test_no_one_may_give_a_version_of_the_archive_a_retention_of_its_own(
    template: dict[str, Any], conditions: bool
) -> None:
    # A PutObject naming a lock mode and a date (S3 asks s3:PutObjectRetention of it) may set a retention shorter
    # than the bucket's default, or governance mode: whoever acts as the publisher's role, given that right, could
    # write a record whose version could be deleted outright once it ends and the policy is gone (review). No role
    # is spared: none sets a retention, and a record's is the default alone.
    policy = bucket_policy(template, "ArchiveBucket", conditions=conditions)
    deny = statement(policy, "NoVersionGetsARetentionOfItsOwn")
    assert (deny["Effect"], deny["Principal"], deny["Action"]) == ("Deny", "*", "s3:PutObjectRetention")
    assert arn_text(deny["Resource"]) == f"{ARCHIVE}/*" and "Condition" not in deny
    for role in resources(template, "AWS::IAM::Role"):
        for effect, action, _ in grants(role_statements(template, role)):
            assert effect != "Allow" or not fnmatch("s3:putobjectretention", action.lower()), role


def test_the_archive_keeps_every_version_under_compliance_object_lock(template: dict[str, Any]) -> None:
    properties = template["Resources"]["ArchiveBucket"]["Properties"]
    assert properties["ObjectLockEnabled"] is True
    retention = properties["ObjectLockConfiguration"]["Rule"]["DefaultRetention"]
    assert retention["Mode"] == "COMPLIANCE"  # governance mode could be bypassed by a privileged user
    # Chosen at each deploy (tests/deploy/test_parameters.py): 100 years in production, as the README says.
    assert retention["Years"] == {"Ref": "ArchiveRetentionYears"}
    assert template["Parameters"]["ArchiveRetentionYears"]["MaxValue"] >= 100


def test_archive_records_are_write_once_and_public_only_where_published(template: dict[str, Any]) -> None:
    policy = bucket_policy(template, "ArchiveBucket")
    write_once = statement(policy, "RecordsAreWriteOnce")
    assert {arn_text(r) for r in write_once["Resource"]} == {f"{ARCHIVE}/commitments/*", f"{ARCHIVE}/revealed/*"}
    assert write_once["Condition"] == {"Null": {"s3:if-none-match": "true"}}
    public = [s for s in policy if s["Effect"] == "Allow"]
    assert grants(public) == {
        ("Allow", "s3:GetObject", f"{ARCHIVE}/commitments/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/revealed/*"),
        ("Allow", "s3:GetObject", f"{ARCHIVE}/index.json"),
    }
    blocks = template["Resources"]["ArchiveBucket"]["Properties"]["PublicAccessBlockConfiguration"]
    assert blocks["BlockPublicAcls"] and blocks["IgnorePublicAcls"]


def test_where_account_level_block_public_access_is_on_the_archive_can_be_deployed_private(
    template: dict[str, Any],
) -> None:
    # Account-level Block Public Access refuses a policy that lets anyone read: PublicArchive=false
    # leaves that statement out and blocks public access on the bucket too.
    assert template["Conditions"]["ArchiveIsPublic"] == {"Fn::Equals": [{"Ref": "PublicArchive"}, "true"]}
    assert template["Parameters"]["PublicArchive"]["Default"] == "true"
    private = bucket_policy(template, "ArchiveBucket", conditions=False)
    assert [s for s in private if s["Effect"] == "Allow"] == []
    assert {s["Sid"] for s in private} == {
        "RecordsAreWriteOnce",
        "OnlyThePublisherWritesRecords",
        "NoRecordUnderAKeyOfItsWritersOwn",
        "NoRecordUnderAKmsKey",
        "NoOneChangesTheDefaultEncryption",
        "EveryRecordInStandardStorage",
        "NoOneChangesThisPolicy",
        "NothingIsEverDeleted",
        "NoOneShortensRetention",
        "NoVersionGetsARetentionOfItsOwn",
        "NothingArrivesByReplication",
        "TlsOnly",
    }
    blocks = template["Resources"]["ArchiveBucket"]["Properties"]["PublicAccessBlockConfiguration"]
    for setting in ("BlockPublicPolicy", "RestrictPublicBuckets"):
        assert blocks[setting] == {"Fn::If": ["ArchiveIsPublic", False, True]}


def test_secrets_never_live_in_the_public_archive(template: dict[str, Any]) -> None:
    public = grants([s for s in bucket_policy(template, "ArchiveBucket") if s["Effect"] == "Allow"])
    assert not any("secrets/" in resource for _, _, resource in public)
    publisher = function_grants(template, "DailyPublisherFunction")
    assert not any(resource.startswith(ARCHIVE) and "secrets/" in resource for _, _, resource in publisher)


def test_every_object_call_on_the_secrets_bucket_and_every_archive_write_can_be_recorded_with_its_caller(
    template: dict[str, Any],
) -> None:
    # Given SecretsAuditTrail=true, a trail of the stack's records the secrets bucket's data events, and the archive's
    # writes (review: the tamper runbook sends the operator to a record of who wrote an archive object, which no trail
    # of the stack kept)
    assert template["Conditions"]["AuditSecrets"] == {"Fn::Equals": [{"Ref": "SecretsAuditTrail"}, "true"]}
    trail = template["Resources"]["SecretsTrail"]
    assert trail["Condition"] == "AuditSecrets"
    properties = trail["Properties"]
    assert properties["IsLogging"] is True and properties["EnableLogFileValidation"] is True
    secrets, archive = ({f["Field"]: f for f in s["FieldSelectors"]} for s in properties["AdvancedEventSelectors"])
    for fields in (secrets, archive):
        assert fields["eventCategory"]["Equals"] == ["Data"]
        assert fields["resources.type"]["Equals"] == ["AWS::S3::Object"]
    assert [arn_text(a) for a in secrets["resources.ARN"]["StartsWith"]] == [f"{SECRETS}/"]
    assert "readOnly" not in secrets  # reads of secrets too
    assert [arn_text(a) for a in archive["resources.ARN"]["StartsWith"]] == [f"{ARCHIVE}/"]
    assert archive["readOnly"]["Equals"] == ["false"]
    # and everything it needs exists only then, its log kept with nothing ever deleted
    logs = properties["S3BucketName"]["Ref"]
    assert template["Resources"][logs]["Condition"] == "AuditSecrets"
    assert template["Resources"][logs]["DeletionPolicy"] == "Retain"
    assert statement(bucket_policy(template, logs), "NothingIsEverDeleted")["Effect"] == "Deny"
    # and no one lifts that, by changing or deleting the policy, but the account's root user (review)
    for action in ("s3:PutBucketPolicy", "s3:DeleteBucketPolicy"):
        assert denied_to_all(bucket_policy(template, logs), action, f"${{{logs}.Arn}}")
    # The trail writes only under its own prefix, and only as this trail.
    writes = statement(bucket_policy(template, logs), "TheTrailWritesItsLog")
    assert writes["Principal"] == {"Service": "cloudtrail.amazonaws.com"}
    source = writes["Condition"]["StringEquals"]["aws:SourceArn"]["Fn::Sub"]
    assert source.endswith(":trail/" + properties["TrailName"]["Fn::Sub"])


# ---- the API --------------------------------------------------------------------------------


def test_the_http_api_is_throttled(template: dict[str, Any]) -> None:
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    settings = api["Properties"]["DefaultRouteSettings"]
    assert 0 < settings["ThrottlingRateLimit"] <= settings["ThrottlingBurstLimit"] <= 5000


def test_the_http_api_logs_every_request_to_a_log_group_with_a_retention(template: dict[str, Any]) -> None:
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    logs = api["Properties"]["AccessLogSettings"]
    group = logs["DestinationArn"]["Fn::GetAtt"][0]
    assert template["Resources"][group]["Type"] == "AWS::Logs::LogGroup"
    assert template["Resources"][group]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
    assert min(template["Parameters"]["LogRetentionDays"]["AllowedValues"]) > 0
    assert max(template["Parameters"]["LogRetentionDays"]["AllowedValues"]) <= 400
    fields = set(re.findall(r"\$context\.[A-Za-z.]+", logs["Format"]))
    assert {"$context.requestId", "$context.identity.sourceIp", "$context.status"} <= fields
    # A link's query carries a whole game: it is not copied into a second log.
    assert not any("query" in field.lower() or field == "$context.path" for field in fields)


def test_cors_lets_browsers_only_read(template: dict[str, Any]) -> None:
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    assert api["Properties"]["CorsConfiguration"]["AllowMethods"] == ["GET"]


# ---- checkov's accepted findings --------------------------------------------------------------


def test_every_checkov_skip_in_the_template_says_why() -> None:
    skips = re.findall(r"#\s*checkov:skip=([A-Z0-9_]+)(.*)", TEMPLATE.read_text())
    assert skips, "checkov's accepted findings are skipped in the template with their reasons"
    for check, reason in skips:
        assert len(reason.lstrip(": ").split()) >= 5, f"{check} is skipped without a reason"
    assert "skip-check" not in (ROOT / ".checkov.yaml").read_text(), "skip beside the resource, not globally"
