"""What the stack tells its operators: logs that expire, alarms that notify, one dashboard."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
from security.cloudformation import load_template

from deploy.stack import functions, resources


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


@pytest.fixture(scope="module")
def readme() -> str:
    return (Path(__file__).resolve().parents[2] / "README.md").read_text()


def the_line(readme: str, holding: str) -> str:
    """The README's one line that holds `holding`."""
    (line,) = [line for line in readme.splitlines() if holding in line]
    return line


def alarm_row(readme: str, name: str) -> str:
    """The one row of the README's table of alarms that names alarm `name`."""
    (row,) = [line for line in readme.splitlines() if line.startswith(f"| `{name}` |")]
    return row


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


def test_every_log_group_in_the_stack_belongs_to_one_function_the_api_or_the_state_machine(
    template: dict[str, Any],
) -> None:
    used = {f["Properties"]["LoggingConfig"]["LogGroup"]["Ref"] for f in functions(template).values()}
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    used.add(api["Properties"]["AccessLogSettings"]["DestinationArn"]["Fn::GetAtt"][0])
    (machine,) = resources(template, "AWS::Serverless::StateMachine").values()
    (destination,) = machine["Properties"]["Logging"]["Destinations"]
    used.add(destination["CloudWatchLogsLogGroup"]["LogGroupArn"]["Fn::GetAtt"][0])
    assert set(resources(template, "AWS::Logs::LogGroup")) == used
    assert len(used) == len(functions(template)) + 2, "no two of them share a group"


def test_the_audit_state_machine_logs_its_errors_to_a_group_that_expires_and_traces(template: dict[str, Any]) -> None:
    # Its execution history is kept 90 days; its errors stay as long as the functions' logs do, each
    # with its data (object keys, counts, errors: the worker returns keys only), and its trace joins
    # the functions' (Tracing: Active).
    machine = template["Resources"]["AuditStateMachine"]["Properties"]
    logging = machine["Logging"]
    assert (logging["Level"], logging["IncludeExecutionData"]) == ("ERROR", True)
    (destination,) = logging["Destinations"]
    group = destination["CloudWatchLogsLogGroup"]["LogGroupArn"]["Fn::GetAtt"]
    assert group == ["AuditStateMachineLogs", "Arn"]
    assert retention(template, group[0]) == {"Ref": "LogRetentionDays"}
    # Vended logs: CloudWatch Logs' resource policy for them covers the prefix, not one policy per group.
    name = template["Resources"][group[0]]["Properties"]["LogGroupName"]["Fn::Sub"]
    assert name == "/aws/vendedlogs/states/${AWS::StackName}-audit"
    assert machine["Tracing"] == {"Enabled": True}
    assert template["Globals"]["Function"]["Tracing"] == "Active"


def test_log_retention_is_a_parameter_cloudwatch_accepts(template: dict[str, Any]) -> None:
    parameter = template["Parameters"]["LogRetentionDays"]
    assert parameter["Type"] == "Number"
    assert int(parameter["Default"]) in parameter["AllowedValues"]
    assert set(parameter["AllowedValues"]) <= {1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096}


# ---- alarms --------------------------------------------------------------------------------

WATCHDOG_DIMENSIONS = {"service": "fairdice", "stack": {"Ref": "AWS::StackName"}}


def alarms(template: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: r["Properties"] for name, r in resources(template, "AWS::CloudWatch::Alarm").items()}


def watched(alarm: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """What an alarm watches: (namespace, metric, dimensions), one per metric of a metric-math alarm."""
    stats = (
        [alarm] if "MetricName" in alarm else [q["MetricStat"]["Metric"] for q in alarm["Metrics"] if "MetricStat" in q]
    )
    return [(m["Namespace"], m["MetricName"], {d["Name"]: d["Value"] for d in m.get("Dimensions", [])}) for m in stats]


def alarms_on(template: dict[str, Any], namespace: str, metric: str, **dimensions: Any) -> list[dict[str, Any]]:
    return [a for a in alarms(template).values() if (namespace, metric, dimensions) in watched(a)]


def assert_raised_by_one(alarm: dict[str, Any], statistic: str) -> None:
    """Raised once the period's `statistic` reaches 1."""
    assert (alarm["Statistic"], alarm["Threshold"], alarm["ComparisonOperator"]) == (
        statistic,
        1,
        "GreaterThanOrEqualToThreshold",
    )


def test_every_alarm_notifies_the_topic_the_deployer_names_and_again_when_it_clears(template: dict[str, Any]) -> None:
    assert "Default" not in template["Parameters"]["AlarmTopicArn"], "a stack nobody hears from is what this fixes"
    assert len(alarms(template)) >= 10
    for name, alarm in alarms(template).items():
        assert alarm["AlarmActions"] == [{"Ref": "AlarmTopicArn"}], name
        assert alarm["OKActions"] == [{"Ref": "AlarmTopicArn"}], name
        assert alarm["AlarmDescription"], f"{name} says nothing to whoever it wakes"
        assert "AlarmName" not in alarm, "a fixed name would not fit a second stack"


@pytest.mark.parametrize(
    ("namespace", "metric", "dimensions"),
    [
        ("AWS/Lambda", "Errors", {"FunctionName": {"Ref": "DailyPublisherFunction"}}),
        ("AWS/Lambda", "Throttles", {"FunctionName": {"Ref": "DailyPublisherFunction"}}),
        ("AWS/States", "ExecutionsFailed", {"StateMachineArn": {"Ref": "AuditStateMachine"}}),
    ],
    ids=["publisher-Errors", "publisher-Throttles", "audit-ExecutionsFailed"],
)
def test_a_publisher_error_or_throttle_and_a_failed_audit_execution_are_alarmed_on_the_first(
    template: dict[str, Any], namespace: str, metric: str, dimensions: dict[str, Any]
) -> None:
    (alarm,) = alarms_on(template, namespace, metric, **dimensions)
    assert_raised_by_one(alarm, "Sum")
    assert alarm["TreatMissingData"] == "notBreaching"


# A publisher run that failed every attempt, and a run a schedule could not hand to Lambda (the scheduler's dead-letter
# queue, tests/deploy/test_schedules.py, would keep it unseen without its alarm)
@pytest.mark.parametrize("queue", ["PublisherFailedRuns", "UndeliveredSchedules"])
def test_a_run_kept_in_a_queue_is_alarmed_until_the_queue_is_purged(
    template: dict[str, Any], readme: str, queue: str
) -> None:
    name = {"Fn::GetAtt": [queue, "QueueName"]}
    (alarm,) = alarms_on(template, "AWS/SQS", "ApproximateNumberOfMessagesVisible", QueueName=name)
    assert_raised_by_one(alarm, "Maximum")
    # SQS sends a queue's metrics only while it is active: a queue holding an unread run can fall silent, and missing
    # data must keep the alarm raised, not clear it (review: notBreaching cleared it while the run still waited)
    assert alarm["TreatMissingData"] == "ignore"
    # and the runbook reads the runs without hiding them, which would clear the alarm for the queue's 30 seconds
    read = the_line(readme, f"<{queue}QueueUrl>")
    assert "aws sqs receive-message" in read and "--visibility-timeout 0" in read


def test_the_runbook_says_reading_a_run_a_schedule_could_not_hand_over_flicks_its_alarm(readme: str) -> None:
    # The runbook says that reading the runs a schedule could not hand over without `--visibility-timeout 0` flicks
    # their alarm too, and where a run that never started, the watchdog's as well as the publisher's, is made up
    # (review: it named PublisherFailedRunsAlarm alone)
    runbook = readme[readme.index("### Runbook: a missed night") :]
    step = " ".join(runbook[: runbook.index("\n2. ")].split())
    flicks = step[step.index("`--visibility-timeout 0` leaves") :]
    assert "`UndeliveredSchedulesAlarm`) clears and is raised again" in flicks
    assert "Steps 3 and 4 run both functions by hand" in step and "the watchdog's" in step


@pytest.mark.parametrize("metric", ["TodayCommitted", "YesterdayRevealed"])
def test_a_watchdog_answer_of_zero_is_alarmed_until_an_answer_of_one(template: dict[str, Any], metric: str) -> None:
    # The watchdog answers twice a night: between answers its alarm keeps its state (ignore), so an
    # alarm raised at 00:15 stays raised until an answer of 1 (at 00:30, or after a manual run).
    (alarm,) = [
        a for a in alarms_on(template, "fairdice", metric, **WATCHDOG_DIMENSIONS) if a["Statistic"] != "SampleCount"
    ]
    # Any function's log line in embedded metric format adds a sample to this metric (its namespace and
    # dimensions are no secret): the period's lowest answer is alarmed on, so a written 1 cannot hide a 0.
    assert alarm["Statistic"] == "Minimum"
    assert (alarm["Threshold"], alarm["ComparisonOperator"]) == (1, "LessThanThreshold")
    assert alarm["TreatMissingData"] == "ignore"
    assert alarm["EvaluationPeriods"] == alarm.get("DatapointsToAlarm", 1) == 1, "raised by the first 0"
    assert alarm["Period"] * alarm["EvaluationPeriods"] <= 15 * 60, "raised before the 00:30 answer"


def assert_breaches_after_a_silent_day(alarm: dict[str, Any]) -> None:
    """Raised once every period of a range longer than a day (and no longer than CloudWatch allows) counts nothing
    or is missing: missing data breaches."""
    assert alarm["TreatMissingData"] == "breaching"
    assert (alarm["Threshold"], alarm["ComparisonOperator"]) == (1, "LessThanThreshold")
    assert alarm["DatapointsToAlarm"] == alarm["EvaluationPeriods"]
    assert 24 * 3600 < alarm["Period"] * alarm["EvaluationPeriods"] <= 7 * 24 * 3600  # CloudWatch's longest range


def test_a_watchdog_that_stops_running_is_alarmed_on_lambdas_own_count_of_its_runs(template: dict[str, Any]) -> None:
    # No run in 25 hours: every period of the range is missing, and missing data breaches. A healthy
    # watchdog runs at least once in any 25 hours, so the range is never all missing. Lambda counts the
    # invocations itself: samples of the watchdog's own metrics, which a log line can add, keep it quiet no more.
    (silent,) = alarms_on(template, "AWS/Lambda", "Invocations", FunctionName={"Ref": "DailyWatchdogFunction"})
    assert silent["Statistic"] == "Sum"
    assert_breaches_after_a_silent_day(silent)
    assert alarms_on(template, "AWS/Lambda", "Errors", FunctionName={"Ref": "DailyWatchdogFunction"})


def test_a_failed_watchdog_run_stays_alarmed_for_a_day(template: dict[str, Any], readme: str) -> None:
    # A failed run answers nothing and the answers' alarms keep the night before's state: with a period of 5 minutes
    # this one cleared minutes after the run, and a night whose two runs both failed was green by morning (review)
    (alarm,) = alarms_on(template, "AWS/Lambda", "Errors", FunctionName={"Ref": "DailyWatchdogFunction"})
    assert_raised_by_one(alarm, "Sum")
    assert (alarm["Period"], alarm["EvaluationPeriods"], alarm["DatapointsToAlarm"]) == (3600, 24, 1)
    assert alarm["TreatMissingData"] == "notBreaching", "an hour without a run neither raises nor keeps it"
    row = alarm_row(readme, "WatchdogErrorsAlarm")
    assert "stays raised for a day" in row and "its OK means only" in row


def test_only_the_watchdogs_answers_and_the_publishers_counts_are_alarmed_on_a_metric_a_log_line_can_write(
    template: dict[str, Any],
) -> None:
    # Any function's log line in embedded metric format can add to these: the alarms on them are the answers' zeros,
    # answers that stop arriving though the watchdog runs (a written line can only keep that one quiet, not the run
    # count), and the publisher's counts and the audit merge's not-clean above 0 (a written 0 cannot hide them),
    # nothing else.
    on_log_lines = [a for a in alarms(template).values() if any(ns == "fairdice" for ns, _, _ in watched(a))]
    assert sorted((a["MetricName"], a["Statistic"]) for a in on_log_lines) == [
        ("AuditsNotClean", "Maximum"),
        ("LateCommitments", "Maximum"),
        ("Orphans", "Maximum"),
        ("RecordsNotYetOver", "Maximum"),
        ("TodayCommitted", "Minimum"),
        ("TodayCommitted", "SampleCount"),
        ("YesterdayRevealed", "Minimum"),
    ]


@pytest.mark.parametrize("metric", ["LateCommitments", "Orphans", "RecordsNotYetOver"])
def test_a_day_needing_attention_found_by_a_publisher_run_is_alarmed(template: dict[str, Any], metric: str) -> None:
    # The publisher counts these at every run (daily_publisher/app.py), with the watchdog's namespace and dimensions.
    (alarm,) = alarms_on(template, "fairdice", metric, **WATCHDOG_DIMENSIONS)
    # The period's highest count: a written 0 cannot hide a count above 0.
    assert_raised_by_one(alarm, "Maximum")
    assert alarm.get("DatapointsToAlarm", 1) == 1, "raised by the first count"
    publisher = template["Resources"]["DailyPublisherFunction"]["Properties"]["Environment"]["Variables"]
    assert publisher["FAIRDICE_STACK_NAME"] == {"Ref": "AWS::StackName"}


@pytest.mark.parametrize("metric", ["Orphans", "RecordsNotYetOver"])
def test_a_day_every_run_counts_again_stays_alarmed_until_a_run_counts_zero(
    template: dict[str, Any], metric: str
) -> None:
    # Counted at 00:00 and 00:05 only: between runs the alarm keeps its state, cleared by a run's 0 alone (review: it
    # cleared itself ten minutes later, while an orphan stays for good)
    (alarm,) = alarms_on(template, "fairdice", metric, **WATCHDOG_DIMENSIONS)
    assert alarm["TreatMissingData"] == "ignore"
    assert alarm["EvaluationPeriods"] == 1


def test_a_late_commitment_stays_alarmed_for_a_day_after_the_run_that_counted_it(
    template: dict[str, Any], readme: str
) -> None:
    # Only the run that publishes a day's commitment late counts it (fairdice.archive.publisher): with a period of 5
    # minutes the next run's 0, at 00:05, cleared the alarm minutes after its notice, and whoever looked in the morning
    # saw it OK (review). Raised while any hour of the last day counted one: the next run's 0 does not clear it.
    (alarm,) = alarms_on(template, "fairdice", "LateCommitments", **WATCHDOG_DIMENSIONS)
    assert (alarm["Period"], alarm["EvaluationPeriods"], alarm["DatapointsToAlarm"]) == (3600, 24, 1)
    assert alarm["TreatMissingData"] == "notBreaching", "an hour without a run neither raises nor keeps it"
    assert "stays raised for a day" in alarm_row(readme, "LateCommitmentsAlarm")


def test_a_watchdog_whose_answers_stop_arriving_is_alarmed(template: dict[str, Any]) -> None:
    (unheard,) = [
        a
        for a in alarms_on(template, "fairdice", "TodayCommitted", **WATCHDOG_DIMENSIONS)
        if a["Statistic"] == "SampleCount"
    ]
    assert_breaches_after_a_silent_day(unheard)


def test_the_verify_api_is_alarmed_on_its_5xx_rate_its_p99_latency_and_throttles(template: dict[str, Any]) -> None:
    api = {"ApiId": {"Ref": "HttpApi"}, "Stage": "$default"}
    (rate,) = alarms_on(template, "AWS/ApiGateway", "5xx", **api)
    assert ("AWS/ApiGateway", "Count", api) in watched(rate), "a rate of errors among all requests"
    (expression,) = [q for q in rate["Metrics"] if q.get("ReturnData", True) and "Expression" in q]
    assert "/" in expression["Expression"]
    (latency,) = alarms_on(template, "AWS/Lambda", "Duration", FunctionName={"Ref": "VerifyApiFunction"})
    assert latency["ExtendedStatistic"] == "p99"
    # Well before the function's timeout (10 s), where API Gateway would answer a bare 500.
    assert latency["Threshold"] < 10_000
    assert alarms_on(template, "AWS/Lambda", "Throttles", FunctionName={"Ref": "VerifyApiFunction"})


def test_the_5xx_rate_alarm_sends_whoever_it_wakes_to_the_log_that_names_the_route(
    template: dict[str, Any], readme: str
) -> None:
    # It counts every route's answers, the game's route's 503 on a missed night among them: the API's access log says
    # which route answered 5xx, the verify function's log only its own (review: both sent everyone there)
    api = {"ApiId": {"Ref": "HttpApi"}, "Stage": "$default"}
    (rate,) = alarms_on(template, "AWS/ApiGateway", "5xx", **api)
    access = template["Resources"]["HttpApi"]["Properties"]["AccessLogSettings"]
    assert '"route":"$context.routeKey"' in access["Format"] and '"status":"$context.status"' in access["Format"]
    group = access["DestinationArn"]["Fn::GetAtt"][0]
    assert template["Outputs"]["ApiAccessLogGroup"]["Value"] == {"Ref": group}
    assert "ApiAccessLogGroup" in rate["AlarmDescription"]
    row = alarm_row(readme, "Verify5xxRateAlarm")
    assert "`ApiAccessLogGroup`" in row and "/game/today/" in row


# ---- the dashboard -------------------------------------------------------------------------


def test_the_dashboard_shows_every_alarm_and_every_function(template: dict[str, Any]) -> None:
    (dashboard,) = resources(template, "AWS::CloudWatch::Dashboard").values()
    body = dashboard["Properties"]["DashboardBody"]["Fn::Sub"]
    # The body is JSON once CloudFormation has put in each ${Name}; a placeholder keeps it JSON here.
    document = json.loads(re.sub(r"\$\{([A-Za-z0-9:.]+)\}", r"<\1>", body))
    shown = json.dumps(document)
    (alarm_widget,) = [w for w in document["widgets"] if w["type"] == "alarm"]
    assert sorted(alarm_widget["properties"]["alarms"]) == sorted(f"<{name}.Arn>" for name in alarms(template))
    for function in functions(template):
        assert f"<{function}>" in shown, f"{function} is not on the dashboard"
    assert '"fairdice", "TodayCommitted"' in shown and '"YesterdayRevealed"' in shown


def test_the_readme_says_when_each_alarm_is_raised_and_where_to_look(template: dict[str, Any], readme: str) -> None:
    table = readme[readme.index("### The dashboard and the alarms") : readme.index("### Runbook: a missed night")]
    for name in alarms(template):
        assert f"| `{name}` |" in table, f"{name} is not in the README's table of alarms"


def test_an_audit_that_ran_to_its_end_and_is_not_clean_is_alarmed(template: dict[str, Any]) -> None:
    # An execution succeeds whatever its audit found (review): the merge's metric says whether it is clean
    (alarm,) = alarms_on(template, "fairdice", "AuditsNotClean", **WATCHDOG_DIMENSIONS)
    assert_raised_by_one(alarm, "Maximum")
    assert alarm["TreatMissingData"] == "notBreaching"
    merge = template["Resources"]["AuditMergeFunction"]["Properties"]["Environment"]["Variables"]
    assert merge["FAIRDICE_STACK_NAME"] == {"Ref": "AWS::StackName"}
