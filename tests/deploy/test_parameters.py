"""What a deployer must choose, and what lets two stacks (staging beside production) share one account."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fairdice.fields import _BASE_URL, base_url, is_http_url
from security.cloudformation import load_template

# Properties that give a resource a name of its own; a fixed one would collide in a second stack.
NAME_PROPERTIES = {
    "AlarmName",
    "BucketName",
    "DashboardName",
    "FunctionName",
    "LayerName",
    "LogGroupName",
    "QueueName",
    "RoleName",
    "TopicName",
    "TrailName",
}


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def test_the_archive_retention_has_no_default_so_every_deploy_chooses_it(template: dict[str, Any]) -> None:
    # COMPLIANCE mode cannot be undone: a trial deploy with a default of 100 years leaves a bucket
    # nobody can ever empty. The README explains the trial and production values before the first deploy.
    parameter = template["Parameters"]["ArchiveRetentionYears"]
    assert "Default" not in parameter
    assert parameter["Type"] == "Number"
    assert (parameter["MinValue"], parameter["MaxValue"]) == (1, 100)


def test_the_secrets_audit_trail_is_on_unless_the_deployer_answers_false(template: dict[str, Any]) -> None:
    # Review: off by default, a stack deployed with the defaults kept no record of who read or wrote a secret, which
    # the tamper runbook sends an operator to, for a trail whose data events cost under a cent a month
    parameter = template["Parameters"]["SecretsAuditTrail"]
    assert (parameter["Default"], parameter["AllowedValues"]) == ("true", ["true", "false"])
    assert template["Conditions"]["AuditSecrets"] == {"Fn::Equals": [{"Ref": "SecretsAuditTrail"}, "true"]}


def test_the_audits_concurrency_has_no_default_so_every_deploy_chooses_what_it_can_spare(
    template: dict[str, Any],
) -> None:
    # Review: a default of 1,000 workers took a whole account's executions, the midnight publisher's among them
    assert "Default" not in template["Parameters"]["AuditMaxConcurrency"]


def _as_the_map_reads(parameter: str, value: str) -> float | None:
    """The value as the state machine reads it (States.StringToJson: JSON), if it is one the Map takes."""
    try:
        read = json.loads(value)
    except ValueError:
        return None
    if parameter == "AuditMaxConcurrency":  # a whole number of child executions; 0 would be no limit at all
        return read if type(read) is int and 1 <= read <= 10_000 else None
    return read if type(read) in (int, float) and 0 <= read <= 100 else None


WRITTEN = {  # parameter: (values deployed, values refused)
    "AuditMaxConcurrency": (
        ["1", "5", "800", "10000"],
        ["0", "10001", "2.5", "05", "5.", "1e3", "-1", "+5", " 5", "5 ", "", "NaN", "Infinity", "\u0665"],
    ),
    "AuditToleratedFailurePercentage": (
        ["0", "5", "2.5", "0.5", "99.99", "100", "100.0"],
        ["05", ".5", "5.", "100.5", "101", "-1", "-0", "+5", "1e1", " 5", "", "NaN", "\u0665"],
    ),
}


@pytest.mark.parametrize(
    ("parameter", "value", "deployed"),
    [(name, value, True) for name, (good, _) in WRITTEN.items() for value in good]
    + [(name, value, False) for name, (_, bad) in WRITTEN.items() for value in bad],
)
def test_the_audits_parameters_deploy_only_values_the_state_machine_reads(
    template: dict[str, Any], parameter: str, value: str, deployed: bool
) -> None:
    # Review: Number parameters took 2.5, 05 and .5; the state machine reads the text as JSON when an audit starts, so
    # such a value deployed and then failed every audit (`States.StringToJson`, or a MaxConcurrency not whole).
    declared = template["Parameters"][parameter]
    assert declared["Type"] == "String"
    accepted = re.fullmatch(declared["AllowedPattern"], value) is not None  # CloudFormation matches the whole value
    assert accepted == deployed
    if accepted:
        assert _as_the_map_reads(parameter, value) is not None
    if "Default" in declared:
        assert _as_the_map_reads(parameter, declared["Default"]) is not None


@pytest.mark.parametrize(
    "value",
    [
        "",
        "https://dice.example.com",
        "https://dice.example.com/",
        "http://dice.example.com",
        "http://127.0.0.1:3000",
        "https://[2001:db8::1]:8443/dice/",
        "https://api.example/dice",
        "dice.example.com",
        "https://dice.example.com/?x=1",
        "https://dice.example.com/#top",
        "ftp://dice.example.com",
        "https://dice.example.com/a b",
        "https://",
        # a host name's labels, as the cold start reads them (review: each deployed, then failed every cold start)
        "https://dice.example.com.",
        "https://localhost:3000",
        "https://x.y-z.example",
        f"https://{'a' * 63}.example",
        "https://dice..example.com",
        "https://-dice.example.com",
        "https://dice-.example.com",
        "https://.dice.example.com",
        "https://dice.example.com..",
        "https://.",
        f"https://{'a' * 64}.example",
    ],
)
def test_the_public_base_url_parameter_refuses_what_the_verify_functions_settings_refuse_and_plain_http(
    template: dict[str, Any], value: str
) -> None:
    # Review: `dice.example.com` deployed, then failed every cold start of the verify function (every route a 500).
    # CloudFormation matches the whole value; a host name's labels and a port are read as the cold start reads them
    # (review: `dice..example.com` deployed); a name's length past 255 and an IPv6 literal's own form stay the cold
    # start's alone.
    pattern = template["Parameters"]["PublicBaseUrl"]["AllowedPattern"]
    # the core's own form, written in CloudFormation's terms (`\d` as [0-9]): the two cannot drift apart (review);
    # https alone, as a player's link opens the page that judges their game (review: http:// deployed; the local
    # server's setting still takes it)
    https_only = _BASE_URL.pattern.replace("https?://", "https://", 1)
    assert https_only != _BASE_URL.pattern
    assert pattern == "^$|^" + https_only.replace("\\d", "[0-9]") + "$"
    try:
        accepted = value == "" or (bool(base_url(value)) and value.startswith("https://"))
    except ValueError:
        accepted = False
    assert bool(re.fullmatch(pattern, value)) == accepted


@pytest.mark.parametrize(
    "port",
    [
        "0",
        "00",
        "00000",
        "1",
        "01",
        "00001",
        "443",
        "8443",
        "9999",
        "10000",
        "59999",
        "65535",
        "065535",
        "65536",
        "65540",
        "65600",
        "66000",
        "70000",
        "99999",
        "100000",
        "\u0663",
    ],
)
def test_the_public_base_url_parameter_takes_a_port_as_the_cold_start_does(template: dict[str, Any], port: str) -> None:
    # Given an https base URL on a port: 0 deployed and then failed every cold start, every route a 500 (review)
    pattern = template["Parameters"]["PublicBaseUrl"]["AllowedPattern"]
    value = f"https://dice.example.com:{port}/dice"
    # Then the template deploys it exactly where the cold start reads its port as one (`is_http_url`: 1 to 65535)
    assert bool(re.fullmatch(pattern, value)) == is_http_url(value)


def test_every_name_a_resource_is_given_holds_the_stack_name(template: dict[str, Any]) -> None:
    for name, resource in template["Resources"].items():
        for key in NAME_PROPERTIES & set(resource.get("Properties", {})):
            value = resource["Properties"][key]
            text = value.get("Fn::Sub") if isinstance(value, dict) else value
            assert isinstance(text, str) and "${AWS::StackName}" in text, f"{name}.{key} is {value!r} in every stack"


@pytest.mark.parametrize(
    ("function", "parameter", "condition"),
    [
        ("DailyPublisherFunction", "PublisherReservedConcurrency", "ReservePublisherConcurrency"),
        ("VerifyApiFunction", "VerifyConcurrencyLimit", "LimitVerifyConcurrency"),
    ],
)
def test_reserved_concurrency_is_a_parameter_and_zero_reserves_none_for_low_quota_accounts(
    template: dict[str, Any], function: str, parameter: str, condition: str
) -> None:
    # Reserving any concurrency fails to deploy where the account's quota is the minimum (10): there
    # the deployer answers 0 and the property is left out.
    given = template["Parameters"][parameter]
    assert (given["Type"], given["Default"], given["MinValue"]) == ("Number", 0, 0)
    assert template["Conditions"][condition] == {"Fn::Not": [{"Fn::Equals": [{"Ref": parameter}, 0]}]}
    reserved = template["Resources"][function]["Properties"]["ReservedConcurrentExecutions"]
    assert reserved == {"Fn::If": [condition, {"Ref": parameter}, {"Ref": "AWS::NoValue"}]}


def test_the_readme_says_what_to_answer_for_every_parameter_before_the_first_deploy(template: dict[str, Any]) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    operating = readme[readme.index("## Operating fairdice") :]
    answers = operating[operating.index("### The first deploy") : operating.index("### The dashboard")]
    for parameter in template["Parameters"]:
        assert f"| `{parameter}` |" in answers, f"the guided deploy's answer for {parameter} is not in the README"
    before = operating[: operating.index("### The first deploy")]
    assert "COMPLIANCE" in before and "Block Public Access" in before


def test_the_readme_says_how_a_stack_with_an_http_public_base_url_is_deployed_again(template: dict[str, Any]) -> None:
    # Given a stack deployed with an http PublicBaseUrl, which the pattern now refuses, where an https one or an empty
    # one is taken
    pattern = template["Parameters"]["PublicBaseUrl"]["AllowedPattern"]
    assert not re.fullmatch(pattern, "http://dice.example")
    assert re.fullmatch(pattern, "https://dice.example") and re.fullmatch(pattern, "")
    # Then the README's note on the changed rules says to give a new value, where a value left empty at the guided
    # deploy's prompt, or not given, keeps the http one (review: it said "(or left empty)")
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    start = readme.index("Two parameters changed their rules.")
    note = " ".join(readme[start : readme.index("\n\n", start)].split())
    assert "left empty" not in note
    assert "an empty one" in note and "`parameter_overrides` of `samconfig.toml`" in note
