"""The watchdog, fed its schedule's event (events/scheduled-watchdog.json) with a fixed clock.

Its archive is a local folder filled by the publisher's own lifecycle; its metrics are read from
the EMF line it prints, its logs from the Powertools handler's stream.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from daily_watchdog import app
from fairdice.errors import ArchiveUnavailable
from fairdice.storage import Stores
from scheduled_run import Event, Run, at, run_at

from testkit.stores import Unreadable
from testkit.timeline import Timeline


@pytest.fixture
def timeline() -> Timeline:
    """The test's time, which the stores date what they write by."""
    return Timeline(at("2025-03-01 00:00"))


@pytest.fixture
def stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timeline: Timeline) -> Stores:
    local = timeline.stores(tmp_path)
    monkeypatch.setattr(app, "archive", local.archive)
    return local


@pytest.fixture
def invoke(
    stores: Stores, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[[Event, str], Run]:
    """Run the handler at a UTC time, capturing what it logs and prints."""

    def run(event: Event, now: str) -> Run:
        return run_at(app, event, now, monkeypatch, capsys)

    return run


def test_after_a_good_night_both_answers_are_one(
    timeline: Timeline, invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    # Given the publisher's midnight runs on 1 and 2 March
    timeline.publish(stores, at("2025-03-01 00:00:02"))
    timeline.publish(stores, at("2025-03-02 00:00:02"))

    # When the watchdog runs at 00:15 on 2 March
    run = invoke(load_event("scheduled-watchdog"), "2025-03-02 00:15:00")

    # Then it reports both days done, as metrics of 1 for this stack, and logs it at INFO
    assert run.result["today"] == "2025-03-02" and run.result["yesterday"] == "2025-03-01"
    assert (run.value("TodayCommitted"), run.value("YesterdayRevealed")) == (1.0, 1.0)
    # The namespace and dimensions the stack's alarms watch (tests/deploy/test_observability.py)
    assert run.metrics["stack"] == "local" and run.metrics["service"] == "fairdice"
    (declared,) = run.metrics["_aws"]["CloudWatchMetrics"]
    assert declared["Namespace"] == "fairdice"
    assert [set(d) for d in declared["Dimensions"]] == [{"service", "stack"}]
    assert "the daily archive is up to date" in run.logs and '"level":"INFO"' in run.logs.replace(" ", "")


def test_a_missed_night_is_two_zeros_and_an_error_in_the_log(
    timeline: Timeline, invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    # Given only 1 March's run: nothing happened at midnight on 2 March
    timeline.publish(stores, at("2025-03-01 00:00:02"))

    run = invoke(load_event("scheduled-watchdog"), "2025-03-02 00:15:00")

    assert (run.value("TodayCommitted"), run.value("YesterdayRevealed")) == (0.0, 0.0)
    assert run.result["problems"] == ["commitments/2025-03-02.json is missing", "revealed/2025-03-01.json is missing"]
    assert "the daily archive needs attention" in run.logs and '"level":"ERROR"' in run.logs.replace(" ", "")
    assert '"scheduled_time":"2025-03-02T00:15:00Z"' in run.logs.replace(" ", "")


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
def test_an_archive_it_cannot_read_fails_the_invocation_and_answers_nothing(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "archive", Unreadable("the watchdog"))

    with pytest.raises(ArchiveUnavailable, match="SlowDown"):
        invoke(load_event("scheduled-watchdog"), "2025-03-02 00:15:00")


def test_the_watchdog_is_never_given_the_secrets() -> None:
    # Its module holds the archive alone; the template gives it no secrets bucket either
    # (tests/security/test_least_privilege.py).
    assert not any("secret" in name.lower() for name in vars(app))
