"""The schedules: when each function runs, how long its retries may go on, and where a failed run goes.

The publisher's runs are timed against the commitment grace: a commitment published more than
15 minutes after 00:00 UTC proves nothing for its day, so every attempt of every run, the schedule's
own retries and Lambda's asynchronous ones included, must have ended by 00:15.
"""

import re
from typing import Any

import pytest
from security.cloudformation import function_timeout, load_template

from deploy.stack import event_file, events_of, resources

COMMITMENT_GRACE_SECONDS = 15 * 60
# EventBridge Scheduler hands a run to Lambda's queue; its delivery and Lambda's start take moments,
# which this margin covers with room to spare.
MARGIN_SECONDS = 60


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def schedules(template: dict[str, Any], function: str) -> dict[str, dict[str, Any]]:
    """A function's ScheduleV2 events, by cron expression."""
    return {
        p["ScheduleExpression"]: p for (name, _), p in events_of(template, "ScheduleV2").items() if name == function
    }


def minutes_after_midnight(cron: str) -> int:
    """The minute of the day a daily `cron(M H * * ? *)` expression fires."""
    match = re.fullmatch(r"cron\((\d+) (\d+) \* \* \? \*\)", cron)
    assert match, f"{cron} is not a daily cron expression"
    return int(match.group(2)) * 60 + int(match.group(1))


def only_senders(template: dict[str, Any], queue: str) -> list[Any]:
    """The principals a queue's policy lets send to it: it denies sqs:SendMessage to every other one.

    An alarm on a queue is raised by any message in it: a principal of the account whose own policy allows
    sqs:SendMessage could raise it falsely, or hide a real message among made-up ones.
    """
    policies = [
        p["Properties"]
        for p in resources(template, "AWS::SQS::QueuePolicy").values()
        if p["Properties"]["Queues"] == [{"Ref": queue}]
    ]
    assert len(policies) == 1, f"{queue} has no policy of its own: any principal allowed sqs:SendMessage sends to it"
    (policy,) = policies
    (statement,) = policy["PolicyDocument"]["Statement"]
    assert (statement["Effect"], statement["Principal"], statement["Action"]) == ("Deny", "*", "sqs:SendMessage")
    assert statement["Resource"] == {"Fn::GetAtt": [queue, "Arn"]}
    senders: list[Any] = statement["Condition"]["ArnNotEquals"]["aws:PrincipalArn"]
    return sorted(senders, key=str)


def a_queue_of_the_stacks_keeping_14_days(template: dict[str, Any], queue: str) -> None:
    """`queue` is a queue of the stack, named by CloudFormation, keeping a message 14 days, encrypted at rest."""
    assert queue in resources(template, "AWS::SQS::Queue")
    properties = template["Resources"][queue]["Properties"]
    assert "QueueName" not in properties, "a fixed name would not fit a second stack"
    assert properties["MessageRetentionPeriod"] == 14 * 24 * 3600
    assert properties["SqsManagedSseEnabled"] is True


def test_every_schedule_is_named_by_cloudformation_so_two_stacks_fit_one_account(template: dict[str, Any]) -> None:
    found = events_of(template, "ScheduleV2")
    assert found
    for (function, event), properties in found.items():
        assert properties.get("OmitName") is True, f"{function}.{event} gets a fixed name"
        assert "Name" not in properties
        assert properties["ScheduleExpressionTimezone"] == "UTC"


def test_the_publisher_runs_at_midnight_and_again_at_five_past(template: dict[str, Any]) -> None:
    assert {minutes_after_midnight(c) for c in schedules(template, "DailyPublisherFunction")} == {0, 5}


def test_every_attempt_of_every_publisher_run_ends_before_the_commitment_grace(template: dict[str, Any]) -> None:
    publisher = template["Resources"]["DailyPublisherFunction"]["Properties"]
    lambda_retries = publisher["EventInvokeConfig"]
    assert lambda_retries["MaximumRetryAttempts"] >= 1, "a failed run is tried again"
    timeout = function_timeout(template, "DailyPublisherFunction")
    for cron, schedule in schedules(template, "DailyPublisherFunction").items():
        retry = schedule["RetryPolicy"]
        assert retry["MaximumRetryAttempts"] >= 1, f"{cron}: the scheduler retries a failed hand-over"
        # The scheduler hands the run over at most this late; Lambda starts its last attempt at most
        # its event age after that; the attempt runs at most the function's timeout.
        last_end = (
            60 * minutes_after_midnight(cron)
            + retry["MaximumEventAgeInSeconds"]
            + lambda_retries["MaximumEventAgeInSeconds"]
            + timeout
        )
        assert last_end + MARGIN_SECONDS <= COMMITMENT_GRACE_SECONDS, f"{cron} may still run at {last_end} s"


def test_a_publisher_run_that_fails_every_attempt_is_kept_in_a_queue_only_the_publisher_sends_to(
    template: dict[str, Any],
) -> None:
    publisher = template["Resources"]["DailyPublisherFunction"]["Properties"]
    destination = publisher["EventInvokeConfig"]["DestinationConfig"]["OnFailure"]
    assert destination["Type"] == "SQS"
    queue = destination["Destination"]["Fn::GetAtt"][0]
    a_queue_of_the_stacks_keeping_14_days(template, queue)
    # Lambda sends a failed run's record as the function's execution role (SAM grants the role it makes
    # sqs:SendMessage on the destination): any other principal could raise PublisherFailedRunsAlarm (review)
    assert only_senders(template, queue) == [publisher["Role"]]


def test_a_run_a_schedule_could_not_hand_to_lambda_is_kept_in_a_queue_only_the_schedules_send_to(
    template: dict[str, Any],
) -> None:
    # Without a dead-letter queue the scheduler drops a run it could not hand over (throttled past its retries, its
    # right to invoke or the function gone) without a trace (review): only the watchdog at 00:15 noticed
    found = events_of(template, "ScheduleV2")
    queues = {p["DeadLetterConfig"]["Arn"]["Fn::GetAtt"][0] for p in found.values() if "DeadLetterConfig" in p}
    assert all("DeadLetterConfig" in p for p in found.values()), "every schedule keeps what it could not hand over"
    (queue,) = queues
    a_queue_of_the_stacks_keeping_14_days(template, queue)
    # The scheduler sends as the schedule's role (a role of the stack's, which may send to this queue): no one else
    # may send
    assert all("RoleArn" in p for p in found.values()), "a schedule without one runs as a role SAM makes"
    roles = {p["RoleArn"]["Fn::GetAtt"][0] for p in found.values()}
    assert only_senders(template, queue) == sorted(({"Fn::GetAtt": [role, "Arn"]} for role in roles), key=str)


def test_the_watchdog_looks_after_the_commitment_grace_and_again_at_half_past(template: dict[str, Any]) -> None:
    times = {minutes_after_midnight(c) for c in schedules(template, "DailyWatchdogFunction")}
    assert times == {15, 30}
    assert min(times) * 60 >= COMMITMENT_GRACE_SECONDS


SCHEDULE_EVENTS = {
    "scheduled-midnight.json": "DailyPublisherFunction",
    "scheduled-retry.json": "DailyPublisherFunction",
    "scheduled-watchdog.json": "DailyWatchdogFunction",
}


@pytest.mark.parametrize(("name", "function"), SCHEDULE_EVENTS.items())
def test_each_schedule_event_file_is_sent_at_a_time_its_function_is_scheduled(
    template: dict[str, Any], name: str, function: str
) -> None:
    sent = event_file(name)["time"]  # 2025-03-01T00:05:00Z
    minute = int(sent[11:13]) * 60 + int(sent[14:16])
    assert minute in {minutes_after_midnight(cron) for cron in schedules(template, function)}, name
