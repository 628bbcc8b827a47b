"""The scheduled publisher, fed the schedule's events (events/scheduled-*.json) with a fixed clock.

The handler's stores are swapped for local folders and its clock for a fixed one; its logs are
captured from the Powertools handler's stream, its metrics from the EMF lines it prints.
"""

import base64
import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from daily_publisher import app
from fairdice.archive.layout import ArchiveIndex, RevealedRecord, revealed_key, secret_key
from fairdice.archive.publisher import PublishReport, RevealReport
from fairdice.errors import ArchiveUnavailable
from fairdice.storage import FolderStore, StorageSettings, Stores
from scheduled_run import Event, Run, run_at

from testkit.archive import put_someone_elses_record
from testkit.lambda_context import FakeLambdaContext
from testkit.stores import PassingStore
from testkit.timeline import Timeline


@pytest.fixture
def stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Stores:
    local = StorageSettings(data_dir=tmp_path).stores()
    monkeypatch.setattr(app, "stores", local)
    monkeypatch.setattr(app.metrics.provider, "namespace", "fairdice")
    return local


@pytest.fixture
def invoke(
    stores: Stores, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[[Event, str], Run]:
    """Run the handler at a UTC time, capturing what it logs and prints."""

    def run(event: Event, now: str) -> Run:
        return run_at(app, event, now, monkeypatch, capsys)

    return run


def forms_of(secret: bytes) -> list[str]:
    """Every way a secret might be written into a log."""
    return [secret.hex(), secret.hex().upper(), base64.b64encode(secret).decode(), repr(secret)]


def test_the_midnight_run_creates_todays_secret_and_reveals_yesterday(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")

    run = invoke(load_event("scheduled-midnight"), "2025-03-02 00:00:01")

    assert run.result["today"]["date"] == "2025-03-02" and run.result["today"]["created"] is True
    assert run.result["reveal"]["revealed"] == ["2025-03-01"]
    record = RevealedRecord.model_validate_json(stores.archive.get(revealed_key(dt.date(2025, 3, 1))) or b"")
    assert record.next_commitment == run.result["today"]["commitment"]
    assert run.values("DayRevealed") == [1.0] and run.values("SecretCreated") == [1.0]
    assert "daily secrets published" in run.logs


def test_logs_metrics_and_the_result_never_hold_an_unrevealed_secret(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    first = invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")
    second = invoke(load_event("scheduled-midnight"), "2025-03-02 00:00:01")
    retry = invoke(load_event("scheduled-retry"), "2025-03-02 00:05:00")

    unrevealed = stores.secrets.get(secret_key(dt.date(2025, 3, 2))) or b""
    assert len(unrevealed) == 32
    everything = "".join(r.logs + r.stdout + json.dumps(r.result) for r in (first, second, retry))
    for form in forms_of(unrevealed):
        assert form not in everything
    # The runs did log what they did: the absence above is not that of an empty log.
    assert second.result["today"]["commitment"] in second.logs


def test_the_retry_run_finds_nothing_left_to_do(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")
    invoke(load_event("scheduled-midnight"), "2025-03-02 00:00:01")
    before = {key: stores.archive.get(key) for key in stores.archive.list("")}

    run = invoke(load_event("scheduled-retry"), "2025-03-02 00:05:00")

    assert run.result["today"]["created"] is False and run.result["reveal"]["revealed"] == []
    assert run.values("DayRevealed") == [] and run.values("SecretCreated") == [0.0]
    assert (run.value("LateCommitments"), run.value("Orphans"), run.value("RecordsNotYetOver")) == (0.0, 0.0, 0.0)
    assert {key: stores.archive.get(key) for key in stores.archive.list("")} == before
    assert '"scheduled_time":"2025-03-01T00:05:00Z"' in run.logs.replace(" ", "")


def test_one_metric_value_per_day_revealed_when_missed_runs_are_caught_up(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    # Given three days whose secrets exist but whose reveal never ran
    for day in (1, 2, 3):
        stores.secrets.put_new(secret_key(dt.date(2025, 3, day)), bytes([day]) * 32)

    run = invoke(load_event("scheduled-midnight"), "2025-03-04 00:00:01")

    assert run.result["reveal"]["revealed"] == ["2025-03-01", "2025-03-02", "2025-03-03"]
    assert run.result["reveal"]["late_commitments"] == ["2025-03-01", "2025-03-02", "2025-03-03"]
    assert run.values("DayRevealed") == [1.0, 1.0, 1.0]
    # Then the late commitments are a metric an alarm watches, not a log line only
    assert (run.value("LateCommitments"), run.value("Orphans"), run.value("RecordsNotYetOver")) == (3.0, 0.0, 0.0)
    assert "days needing attention" in run.logs
    index = ArchiveIndex.model_validate_json(stores.archive.get("index.json") or b"")
    assert [d.isoformat() for d in index.revealed] == run.result["reveal"]["revealed"]


def test_a_chain_head_revealed_before_its_day_was_over_is_counted_as_a_record_of_a_day_not_over(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run whose reveal pass finds the chain's head written, by S3's time, before its day was over (the publisher
    # reports it: tests/unit/archive/test_publisher.py; here a folder's times are no witness, so the report is given)
    real = app.publish

    def publish(stores: Stores, now: dt.datetime) -> PublishReport:
        report = real(stores, now)
        report.reveal.revealed_early.append(dt.date(2025, 3, 1))
        return report

    monkeypatch.setattr(app, "publish", publish)
    invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")
    run = invoke(load_event("scheduled-midnight"), "2025-03-02 00:05")

    # Then the run counts it where the alarm on records of days not over watches, and says so in its log
    assert run.result["reveal"]["revealed_early"] == ["2025-03-01"]
    assert (run.value("RecordsNotYetOver"), run.value("Orphans"), run.value("LateCommitments")) == (1.0, 0.0, 0.0)
    assert "days needing attention" in run.logs


def test_a_run_that_fails_part_way_still_counts_the_late_commitment_it_published(
    invoke: Callable[[Event, str], Run],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Given a reveal pass that published a late commitment and then failed (tests/unit/archive/test_publisher.py hands
    # its report on with its error; review: the count was lost with the run)
    def publish(stores: Stores, now: dt.datetime) -> PublishReport:
        failed = ArchiveUnavailable("S3 answered 500 InternalError")
        failed.reveal_report = RevealReport(  # type: ignore[attr-defined]
            revealed=[],
            late_commitments=[dt.date(2025, 3, 1)],
            orphans=[],
            not_yet_over=[],
            revealed_early=[],
            index_updated=False,
            head=None,
        )
        raise failed

    monkeypatch.setattr(app, "publish", publish)

    # When it runs, Then the invocation fails, and the late commitment is counted where its alarm watches
    with pytest.raises(ArchiveUnavailable):
        invoke(load_event("scheduled-midnight"), "2025-03-02 00:00:01")
    printed = Run(result={}, logs="", stdout=capsys.readouterr().out)
    assert printed.value("LateCommitments") == 1.0
    assert printed.metrics["stack"] == "local"


def test_a_record_dated_after_today_is_a_metric_the_stacks_alarm_watches(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    # Given a well-formed record of 2030-01-01, which the publisher never wrote
    invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")
    put_someone_elses_record(stores.archive, dt.date(2030, 1, 1))

    run = invoke(load_event("scheduled-midnight"), "2025-03-02 00:00:01")

    assert run.result["reveal"]["revealed"] == ["2025-03-01"]
    assert run.result["reveal"]["not_yet_over"] == ["2030-01-01"]
    # Then it is counted, in the namespace and dimensions the stack's alarms watch (tests/deploy/test_observability.py)
    assert (run.value("RecordsNotYetOver"), run.value("Orphans"), run.value("LateCommitments")) == (1.0, 0.0, 0.0)
    assert run.metrics["stack"] == "local" and run.metrics["service"] == "fairdice"
    (declared,) = run.metrics["_aws"]["CloudWatchMetrics"]
    assert declared["Namespace"] == "fairdice"
    assert [set(d) for d in declared["Dimensions"]] == [{"service", "stack"}]
    assert "days needing attention" in run.logs


def test_a_secret_dated_before_the_chains_head_is_counted_as_an_orphan_at_every_run(
    invoke: Callable[[Event, str], Run], load_event: Callable[[str], Event], stores: Stores
) -> None:
    # Given 2025-03-05 and 2025-03-06 revealed, and a secret of 2025-03-02 that appeared after them
    invoke(load_event("scheduled-midnight"), "2025-03-05 00:00:01")
    invoke(load_event("scheduled-midnight"), "2025-03-06 00:00:01")
    invoke(load_event("scheduled-midnight"), "2025-03-07 00:00:01")
    stores.secrets.put_new(secret_key(dt.date(2025, 3, 2)), bytes([2]) * 32)

    runs = [
        invoke(load_event(name), when)
        for name, when in (("scheduled-retry", "2025-03-07 00:05:00"), ("scheduled-midnight", "2025-03-08 00:00:01"))
    ]

    # Then every run counts it, so the alarm on orphans is raised each night it stays
    assert [run.result["reveal"]["orphans"] for run in runs] == [["2025-03-02"], ["2025-03-02"]]
    assert [run.value("Orphans") for run in runs] == [1.0, 1.0]


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
def test_an_archive_that_cannot_be_written_fails_the_invocation_so_it_is_retried(
    invoke: Callable[[Event, str], Run],
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    class Unavailable(PassingStore):
        """An empty archive that reads, but refuses every write."""

        def put_new(self, key: str, data: bytes) -> bool:
            raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot write {key} (SlowDown); try again later")

        def replace(self, key: str, data: bytes) -> None:
            raise ArchiveUnavailable("unreachable")

    archive = Unavailable(FolderStore(tmp_path / "archive"))
    monkeypatch.setattr(app, "stores", Stores(secrets=app.stores.secrets, archive=archive))

    with pytest.raises(ArchiveUnavailable, match="SlowDown"):
        invoke(load_event("scheduled-midnight"), "2025-03-01 00:00:01")


@pytest.mark.parametrize(("started", "waited"), [("00:00:00.300", 1.7), ("00:00:01.999", 0.001), ("00:05:00", None)])
def test_the_midnight_run_waits_until_a_store_whose_clock_is_behind_shows_the_day_too(
    started: str,
    waited: float | None,
    tmp_path: Path,
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given S3 dating what it stores by a clock 0.4 s behind the function's, and a run started at `started`
    store_clock = Timeline(dt.datetime.fromisoformat(f"2025-03-01T{started}+00:00") - dt.timedelta(seconds=0.4))
    monkeypatch.setattr(app, "stores", store_clock.stores(tmp_path))
    monkeypatch.setattr(app.metrics.provider, "namespace", "fairdice")
    monkeypatch.setattr(app, "clock", lambda: store_clock.now + dt.timedelta(seconds=0.4))
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        store_clock.now += dt.timedelta(seconds=seconds)

    monkeypatch.setattr(app, "pause", pause)
    first = app.lambda_handler(load_event("scheduled-midnight"), FakeLambdaContext())

    # Then the run waits through the day's first two seconds by its own clock, and only then makes the secret
    assert pauses == ([] if waited is None else [pytest.approx(waited)])
    assert first["today"]["created"] is True
    kept = app.stores.secrets.read(secret_key(dt.date(2025, 3, 1)))
    assert kept is not None and kept.modified >= dt.datetime(2025, 3, 1, tzinfo=dt.UTC)
    # so the store dates it on its day, and the next run takes it for the publisher's own, not someone else's
    store_clock.now = dt.datetime(2025, 3, 1, 0, 5, tzinfo=dt.UTC)
    again = app.lambda_handler(load_event("scheduled-midnight"), FakeLambdaContext())
    assert again["today"] == {**first["today"], "created": False, "commitment_published": False}
