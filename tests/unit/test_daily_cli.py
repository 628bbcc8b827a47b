"""`fairdice daily create|reveal|show` over the local folders, with `--now` as the clock."""

import datetime as dt
import json
import os
from pathlib import Path

import pytest
from fairdice.archive.layout import commitment_key, secret_key
from fairdice.cli import main
from fairdice.storage import FolderStore

PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAY = dt.date(2025, 3, 1)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def where(tmp_path: Path) -> tuple[str, str]:
    return ("--dir", str(tmp_path))


def test_create_then_reveal_only_once_the_day_is_over(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    created = json.loads(out)
    assert status == 0 and created["date"] == "2025-03-01" and created["created"] is True

    status, out, _ = run(capsys, "daily", "reveal", *where, "--now", "2025-03-01T23:59:59Z")
    assert status == 0 and json.loads(out)["revealed"] == []

    status, out, _ = run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00")  # no offset: UTC
    assert status == 0 and json.loads(out)["revealed"] == ["2025-03-01"]


def test_show_prints_a_revealed_day_and_a_players_verdict(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    # The folder dates the commitment by the real clock; date it as a store would have when it was written then.
    made = dt.datetime(2025, 3, 1, 0, 0, 5, tzinfo=dt.UTC).timestamp()
    os.utime(tmp_path / "archive" / commitment_key(DAY), (made, made))
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    secret = FolderStore(tmp_path / "private").get(secret_key(DAY)) or b""

    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", "2025-03-02T08:00Z")
    shown = json.loads(out)
    assert status == 0 and shown["status"] == "revealed" and shown["record"]["secret"] == secret.hex()

    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER)
    verdict = json.loads(out)
    assert status == 0 and verdict["verdict"] == "incomplete" and verdict["checks"]["seal"] == "match"
    faces = " ".join(str(face) for face in verdict["rolls"][0]["dice"])

    status, out, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", faces
    )
    assert status == 0 and json.loads(out)["verdict"] == "fair"

    wrong = "1 1 1 1 1 1" if faces != "1 1 1 1 1 1" else "2 2 2 2 2 2"
    status, out, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", wrong
    )
    assert status == 1 and json.loads(out)["verdict"] == "mismatch"


def test_show_of_todays_roll_is_withheld_until_midnight(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")

    status, out, _ = run(capsys, "daily", "show", *where, "--player", PLAYER, "--now", "2025-03-01T12:00Z")

    verdict = json.loads(out)
    assert status == 0 and verdict["verdict"] == "withheld"
    assert verdict["withheld"]["reveal_at"] == "2025-03-02T00:00:00Z"


def test_a_day_without_a_secret_is_bad_input_with_a_clear_message(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "daily", "show", *where, "--date", "2025-02-01", "--now", "2025-03-01T12:00Z")

    assert status == 2
    assert err.strip() == "fairdice: date: the daily archive has no secret for 2025-02-01"


def test_one_bucket_without_the_other_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "daily", "create", "--bucket", "fairdice-archive", "--dir", str(tmp_path))

    assert status == 2
    assert "--secrets-bucket: give both --bucket and --secrets-bucket" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (("--now", "yesterday"), "is not an ISO 8601 time"),
        (("--date", "2025-02-30"), "2025-02-30 is not a date in the calendar"),
    ],
)
def test_a_malformed_time_or_date_is_refused_by_the_parser(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str], argv: tuple[str, str], complaint: str
) -> None:
    status, _, err = run(capsys, "daily", "show", *where, *argv)

    assert status == 2 and complaint in err


def test_a_commitment_written_now_for_a_past_day_is_late_and_never_fair(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a day's secret made (by acting as if it were that day) long after the day began
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")

    # Then its commitment's own timestamp is today's, and no verdict of that day can be fair
    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER)
    faces = " ".join(str(face) for face in json.loads(out)["rolls"][0]["dice"])
    status, out, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", faces
    )
    verdict = json.loads(out)
    assert status == 0 and verdict["verdict"] == "incomplete"
    assert "after the 15 minutes after 00:00 UTC it had" in verdict["reasons"][0]
