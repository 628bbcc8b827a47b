"""What the stack tells its operators: logs that expire, alarms that notify, one dashboard."""

from typing import Any

import pytest
from security.cloudformation import load_template

from deploy.stack import functions, resources


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def retention(template: dict[str, Any], group: str) -> Any:
    found = template["Resources"][group]
    assert found["Type"] == "AWS::Logs::LogGroup", group
    return found["Properties"]["RetentionInDays"]


@pytest.mark.parametrize("function", sorted(functions(load_template())))
def test_every_function_logs_to_a_log_group_of_the_stack_that_expires(template: dict[str, Any], function: str) -> None:
    # Without its own group a function logs to one Lambda creates on first use, kept forever.
    config = template["Resources"][function]["Properties"]["LoggingConfig"]
    group = config["LogGroup"]["Ref"]
    assert retention(template, group) == {"Ref": "LogRetentionDays"}
    name = template["Resources"][group]["Properties"]["LogGroupName"]["Fn::Sub"]
    assert name.startswith("/aws/lambda/${AWS::StackName}/")


def test_the_api_access_log_expires_as_the_functions_logs_do(template: dict[str, Any]) -> None:
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    group = api["Properties"]["AccessLogSettings"]["DestinationArn"]["Fn::GetAtt"][0]
    assert retention(template, group) == {"Ref": "LogRetentionDays"}


def test_every_log_group_in_the_stack_belongs_to_one_function_or_the_api(template: dict[str, Any]) -> None:
    used = {f["Properties"]["LoggingConfig"]["LogGroup"]["Ref"] for f in functions(template).values()}
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    used.add(api["Properties"]["AccessLogSettings"]["DestinationArn"]["Fn::GetAtt"][0])
    assert set(resources(template, "AWS::Logs::LogGroup")) == used


def test_log_retention_is_a_parameter_cloudwatch_accepts(template: dict[str, Any]) -> None:
    parameter = template["Parameters"]["LogRetentionDays"]
    assert parameter["Type"] == "Number"
    assert int(parameter["Default"]) in parameter["AllowedValues"]
    assert set(parameter["AllowedValues"]) <= {1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096}
