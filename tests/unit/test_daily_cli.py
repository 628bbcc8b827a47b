"""`fairdice daily create|reveal|show` over the local folders, with `--now` as the clock."""

import contextlib
import datetime as dt
import json
import os
from pathlib import Path
from unittest import mock

import pytest
from fairdice import daily_cli
from fairdice.archive.layout import Commitment, commitment_key, revealed_key, secret_key
from fairdice.cli import main
from fairdice.storage import FolderStore
from integration.archive_buckets import ARCHIVE, REGION, SECRETS, s3_endpoint

from testkit.timeline import Timeline

PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAY = dt.date(2025, 3, 1)


def run(capsys: pytest.CaptureFixture[str], *argv: str, machine: dt.datetime | None = None) -> tuple[int, str, str]:
    """Run `fairdice` with this machine's clock at `machine`, else at the --now given (these tests act at the moments
    they name), else the real clock."""
    if machine is None and "--now" in argv:
        with contextlib.suppress(ValueError):  # a malformed --now is the parser's to refuse
            machine = dt.datetime.fromisoformat(argv[argv.index("--now") + 1]).replace(tzinfo=dt.UTC)
    if machine is None:
        status = main(list(argv))
    else:
        with mock.patch.object(daily_cli, "clock", lambda: machine):
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
    # The folder dates the commitment by the real clock; whoever holds it can date it back to 00:00:05 that day, as
    # a dishonest operator would, and here does.
    made = dt.datetime(2025, 3, 1, 0, 0, 5, tzinfo=dt.UTC).timestamp()
    os.utime(tmp_path / "archive" / commitment_key(DAY), (made, made))
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    secret = FolderStore(tmp_path / "private").get(secret_key(DAY)) or b""

    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", "2025-03-02T08:00Z")
    shown = json.loads(out)
    assert status == 0 and shown["status"] == "revealed" and shown["record"]["secret"] == secret.hex()

    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER)
    verdict = json.loads(out)
    assert status == 4 and verdict["verdict"] == "incomplete" and verdict["checks"]["seal"] == "match"
    faces = " ".join(str(face) for face in verdict["rolls"][0]["dice"])

    status, out, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", faces
    )
    # every roll matches, but a folder's times are not witnessed: however dated, at most incomplete, and it says why
    verdict = json.loads(out)
    assert status == 4 and verdict["verdict"] == "incomplete"
    assert verdict["checks"] == {"seal": "match", "rolls": "match"}
    assert verdict["seal"]["in_time"] is False
    assert verdict["reasons"] == [
        "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set:"
        " it does not show when 2025-03-01's commitment was published, so it does not show the secret was fixed before"
        " the day's play (only AWS S3's own LastModified does)"
    ]

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
    assert status == 4 and verdict["verdict"] == "withheld"
    assert verdict["withheld"]["reveal_at"] == "2025-03-02T00:00:00Z"


def test_show_now_judges_by_that_moment_which_days_are_over_and_reads_the_archive_as_it_is_now(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given 2025-03-01 revealed by a run at 2025-03-02T05:51:00Z (review: `show --now` before that run showed the day
    # revealed, where --help said it acts as if it were that moment)
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T05:51:00Z")

    # When it is shown at a moment before the day was over, and at one after it but before that run
    shown = {}
    for now in ("2025-03-01T12:00:00Z", "2025-03-02T00:00:00Z"):
        status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", now)
        shown[now] = (status, json.loads(out)["status"])

    # Then the first is pending, and the second shows the record the archive holds now, written after that moment
    assert shown == {"2025-03-01T12:00:00Z": (0, "pending"), "2025-03-02T00:00:00Z": (0, "revealed")}
    # and --help says so, where it said only "act as if it were TIME"
    status, out, _ = run(capsys, "daily", "show", "--help")
    said = " ".join(out.split())
    assert status == 0
    assert (
        "show judges by it only which days are over and overdue: it reads the archive as it is now, records written"
        " after TIME included" in said
    )


def test_a_day_without_a_secret_is_bad_input_with_a_clear_message(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    (Path(where[1]) / "archive").mkdir()
    status, _, err = run(capsys, "daily", "show", *where, "--date", "2025-02-01", "--now", "2025-03-01T12:00Z")

    # Then it is bad input, and the words hold for the operator too: an empty archive may have begun after the day, or
    # a late run may yet reveal it
    assert status == 2
    assert err.strip() == (
        "fairdice: --date: the daily archive has no secret for 2025-02-01, nor a commitment, and has revealed no day"
        " yet: it may have begun after it. Check it is the UTC day of the roll; if so, try again later (a late run"
        " reveals it if the game made its secret), and if it stays missing, ask the operator if the game ran then"
    )


def test_show_of_a_folder_that_holds_no_archive_says_so_not_that_the_day_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Review: a mistyped --dir read as an archive lacking the day ("pending", or "no secret for" it)
    for folder in (tmp_path / "nowhere", tmp_path):
        status, out, err = run(capsys, "daily", "show", "--dir", str(folder), "--date", "2025-02-01")
        assert (status, out) == (2, "")
        assert err == (
            f"fairdice: --dir: {folder} holds no daily archive (no folder {folder / 'archive'}): name the folder"
            " fairdice daily create made (--dir), or the archive's bucket (--bucket)\n"
        )


@pytest.mark.parametrize("odd", ["a link to /dev/zero", "a FIFO", "a folder"])
def test_show_of_a_document_that_is_no_regular_file_says_so_in_one_line(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str], odd: str
) -> None:
    # Given the day's commitment replaced by a link to /dev/zero (review: read until memory ran out, a traceback), by
    # a FIFO (review: a read that waited for ever) or by a folder (review: a traceback, IsADirectoryError)
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    path = tmp_path / "archive" / commitment_key(DAY)
    path.unlink()
    if odd == "a FIFO":
        os.mkfifo(path)
    elif odd == "a folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")

    status, out, err = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", "2025-03-01T12:00Z")

    assert (status, out) == (3, "")
    assert err == (
        f"fairdice: daily show: commitments/2025-03-01.json in {tmp_path / 'archive'} is no regular file (a device, a"
        " FIFO, a folder): not read\n"
    )


def test_show_names_the_variable_or_the_default_that_gave_a_folder_with_no_archive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: --dir was blamed where FAIRDICE_DATA_DIR, or the default var, named the folder
    monkeypatch.setenv("FAIRDICE_DATA_DIR", str(tmp_path))
    _, _, err = run(capsys, "daily", "show", "--date", "2025-02-01")
    assert err.startswith(f"fairdice: FAIRDICE_DATA_DIR: {tmp_path} holds no daily archive")
    monkeypatch.delenv("FAIRDICE_DATA_DIR")
    monkeypatch.chdir(tmp_path)
    _, _, err = run(capsys, "daily", "show", "--date", "2025-02-01")
    assert err.startswith("fairdice: --dir: var (the default folder) holds no daily archive (no folder var/archive)")


def test_daily_problems_name_the_option_that_gave_the_value(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Review: "player_id:", "recorded:", "date:" (the request's fields), and "request:" for the archive
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    player = "123e4567-e89b-12d3-a456-426614174000"
    shown = [
        ("--player", "not-a-uuid"),
        ("--player", player, "--recorded", "3 5 x"),
        ("--date", "2025-03-05"),
    ]
    said = []
    for options in shown:
        status, _, err = run(capsys, "daily", "show", *where, *options, "--now", "2025-03-01T12:00Z")
        assert status == 2
        said.append(err.split(":", 2)[1].strip())
    assert said == ["--player", "--recorded", "--date"]
    # but a record's own field stays the record's (review: a record dated otherwise was blamed on --date, in reveal too)
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    record = Path(where[1]) / "archive" / "revealed" / "2025-03-01.json"
    record.write_text(record.read_text().replace('"date":"2025-03-01"', '"date":"2025-02-28"'))
    for command in (["show", "--date", "2025-03-01"], ["reveal"]):
        status, _, err = run(capsys, "daily", *command, *where, "--now", "2025-03-05T00:00:05Z")
        assert status == 3 and "\nfairdice: date: revealed/2025-03-01.json is dated 2025-02-28" in f"\n{err}", err
    # and a store that cannot be read (here a file where its folder would be), as the command's problem, not a request's
    (Path(where[1]) / "file").write_text("not a folder")
    status, _, err = run(capsys, "daily", "create", "--dir", str(Path(where[1]) / "file"))
    assert status == 3 and err.startswith("fairdice: daily create: cannot read secrets/")


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


@pytest.mark.parametrize("command", ["create", "reveal", "show"])
@pytest.mark.parametrize("now", ["9999-12-31T12:00:00Z", "9999-12-30T23:00:00-02:00", "0001-01-01T00:00:00+01:00"])
def test_a_time_beyond_the_calendar_is_refused_by_the_parser(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str], command: str, now: str
) -> None:
    # Given an archive, and a --now whose day has no end datetime can hold, or that its offset takes before year 1
    # (review: a traceback, OverflowError, and exit 1, a mismatch's status)
    machine = dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)
    assert run(capsys, "daily", "create", *where, machine=machine)[0] == 0

    # When a command is given it, Then it is the option's error (exit 2), as a malformed time is
    status, out, err = run(capsys, "daily", command, *where, "--now", now, machine=machine)
    assert (status, out) == (2, "")
    assert f"argument --now: '{now}' is not a time from 0001-01-01T00:00:00Z to 9999-12-30T23:59:59Z" in err


@pytest.mark.parametrize("command", ["create", "reveal", "show"])
def test_an_empty_dir_is_refused_by_the_parser_not_this_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # --dir "$DIR" with DIR unset: Path("") is ".", where create made private/, the day's secret in it, unasked (review)
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "daily", command, "--dir", "")
    assert (status, out) == (2, "")
    assert "argument --dir: is empty: name the folder of the secrets and the archive (. for this one)" in err
    assert list(tmp_path.iterdir()) == []


def test_verify_and_check_read_the_archive_the_variables_name_as_the_api_does(
    tmp_path: Path, where: tuple[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given 2025-03-01 made and revealed in the folders FAIRDICE_DATA_DIR names, and a player's roll without its secret
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER)
    shown = json.loads(out)
    faces = " ".join(str(face) for face in shown["rolls"][0]["dice"])
    monkeypatch.setenv("FAIRDICE_DATA_DIR", str(tmp_path))
    request = tmp_path / "roll.json"
    request.write_text(json.dumps({"scheme": "daily", "date": "2025-03-01", "player_id": PLAYER, "recorded": faces}))

    # When `fairdice verify` and `fairdice check` are given it (review: refused, "give the day's secret", where POST
    # /verify reads the same JSON from the archive)
    status, out, _ = run(capsys, "verify", str(request))
    verdict = json.loads(out)
    link = f"/check/?scheme=daily&date=2025-03-01&player={PLAYER}&rolls={faces.replace(' ', '-')}"
    checked_status, checked, _ = run(capsys, "check", link)

    # Then each reads the day's secret from the archive, and says what `daily show` says: the faces match, and a folder
    # is no witness of when the commitment was published
    assert status == checked_status == 4
    _, expected, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", faces
    )
    assert verdict == json.loads(checked) == json.loads(expected)
    assert (verdict["verdict"], verdict["checks"]) == ("incomplete", {"seal": "match", "rolls": "match"})
    assert verdict["source"] == "daily archive revealed/2025-03-01.json"


def test_verify_reads_no_archive_the_variables_do_not_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a trial archive in var/ under the working directory (make serve's default), with 2025-03-01 revealed
    monkeypatch.chdir(tmp_path)
    run(capsys, "daily", "create", "--dir", "var", "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", "--dir", "var", "--now", "2025-03-02T00:00:05Z")
    monkeypatch.delenv("FAIRDICE_ARCHIVE_BUCKET", raising=False)
    request = tmp_path / "roll.json"

    # When a daily roll is verified with no variable naming an archive, or FAIRDICE_DATA_DIR blank
    for blank in (False, True):
        if blank:
            monkeypatch.setenv("FAIRDICE_DATA_DIR", "")
        else:
            monkeypatch.delenv("FAIRDICE_DATA_DIR", raising=False)
        request.write_text(json.dumps({"scheme": "daily", "date": "2025-03-01", "player_id": PLAYER}))
        status, _, err = run(capsys, "verify", str(request))

        # Then no archive is read: the roll needs its secret (review: the trial archive was read, and a real game's
        # roll with its own secret was a mismatch against it)
        assert status == 2 and err.startswith("fairdice: secret: this check reads no daily archive")


def test_a_variable_of_the_archive_refuses_only_a_daily_roll_which_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a bucket variable that is no bucket's name
    monkeypatch.setenv("FAIRDICE_ARCHIVE_BUCKET", "Not_A_Bucket")
    narde = tmp_path / "narde.json"
    narde.write_text(json.dumps({"scheme": "narde-v1", "key": "00" * 32, "phrase": "x", "count": 1}))
    daily = tmp_path / "daily.json"
    daily.write_text(json.dumps({"scheme": "daily", "date": "2025-03-01", "player_id": PLAYER}))

    # Then a game of another scheme is verified all the same (incomplete: no rolls recorded), and a daily roll is
    # refused naming the variable
    assert run(capsys, "verify", str(narde))[0] == 4
    status, _, err = run(capsys, "verify", str(daily))
    assert status == 2 and err.startswith("fairdice: FAIRDICE_ARCHIVE_BUCKET: ")


def test_a_commitment_written_now_for_a_past_day_is_late_and_never_fair(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a day's secret made (by acting as if it were that day) long after the day began
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")

    # Then no verdict of that day can be fair: a folder's times are no witness (in S3 the commitment's LastModified
    # would be today's, late: tests/unit/schemes/test_daily.py)
    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER)
    faces = " ".join(str(face) for face in json.loads(out)["rolls"][0]["dice"])
    status, out, _ = run(
        capsys, "daily", "show", *where, "--date", "2025-03-01", "--player", PLAYER, "--recorded", faces
    )
    verdict = json.loads(out)
    assert status == 4 and verdict["verdict"] == "incomplete"
    assert verdict["reasons"][0].startswith("the daily archive here is a folder or an S3 endpoint other than AWS's")


def test_create_refuses_a_now_on_another_day_than_the_clocks_and_reveal_accepts_one(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given this machine's clock on 2025-03-03, two days after 2025-03-01, which had no secret
    machine = dt.datetime(2025, 3, 3, 9, tzinfo=dt.UTC)

    # When an operator "fills the gap" of 2025-03-01
    status, out, err = run(capsys, "daily", "create", *where, "--now", "2025-03-01T12:00:00Z", machine=machine)

    # Then it is refused, saying why, and nothing is made: a past day's secret would be committed after its rolls
    assert (status, out) == (2, "")
    assert err.startswith("fairdice: --now: 2025-03-01T12:00:00Z is not today (2025-03-03 UTC by this machine's clock)")
    assert not (tmp_path / "private" / secret_key(DAY)).exists()
    # while a moment earlier today is still accepted for create, and a past moment for reveal
    assert run(capsys, "daily", "create", *where, "--now", "2025-03-03T00:00:05Z", machine=machine)[0] == 0
    assert run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z", machine=machine)[0] == 0


def test_a_refused_now_in_year_1_is_said_with_its_year_in_four_digits(
    where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    machine = dt.datetime(2025, 3, 3, 9, tzinfo=dt.UTC)

    status, _, err = run(capsys, "daily", "create", *where, "--now", "0001-01-01T00:00:00Z", machine=machine)

    # review: strftime's %Y wrote it 1-01-01T00:00:00Z
    assert status == 2
    assert err.startswith("fairdice: --now: 0001-01-01T00:00:00Z is not today (2025-03-03 UTC by this machine's clock)")


def test_reveal_acting_today_publishes_todays_commitment_before_the_record_that_names_it(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given 2025-03-01's secret, and no `create` run yet on 2025-03-02
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    archive = FolderStore(tmp_path / "archive")
    following = commitment_key(dt.date(2025, 3, 2))
    assert archive.get(following) is None

    # When reveal runs on 2025-03-02 (a `create` might run at the same moment, from another cron line)
    status, out, err = run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")

    # Then today's commitment is published first, as the scheduled run does, and 2025-03-01's record names it: a
    # record naming none while a concurrent create published it first would read as tampered for good (review)
    assert status == 0 and json.loads(out)["revealed"] == ["2025-03-01"]
    assert (
        err == "fairdice: today's secret (2025-03-02) made, and its commitment published: 2025-03-01's record, revealed"
        " now, names it\n"
    )
    published = Commitment.model_validate_json(archive.get(following) or b"")
    record = json.loads(archive.get(revealed_key(DAY)) or b"")
    assert record["next_commitment"] == published.commitment
    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", "2025-03-02T08:00Z")
    assert status == 0 and json.loads(out)["status"] == "revealed"

    # and run again, with nothing missing, it says nothing of today (review: "today's secret (…) was made already: a
    # closed day's record names it" on every run, as if there were something to act on)
    status, out, err = run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:10:00Z")
    assert (status, json.loads(out)["revealed"], err) == (0, [], "")


def test_reveal_acting_today_says_it_published_todays_commitment_where_only_that_was_missing(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given today's secret made, and its commitment not published (lost, say)
    run(capsys, "daily", "create", *where, "--now", "2025-03-02T00:00:05Z")
    (tmp_path / "archive" / commitment_key(dt.date(2025, 3, 2))).unlink()

    # When reveal runs that day
    status, _, err = run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:10:00Z")

    # Then it publishes the commitment, and says so
    assert status == 0 and FolderStore(tmp_path / "archive").get(commitment_key(dt.date(2025, 3, 2))) is not None
    assert err == "fairdice: today's secret (2025-03-02) was made already; its commitment is published now\n"


def test_reveal_replayed_before_a_revealed_day_was_over_is_refused_and_changes_nothing(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given 2025-03-01 and 2025-03-02 revealed, on 2025-03-03
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-03T00:00:05Z")
    index = (tmp_path / "archive" / "index.json").read_bytes()
    assert json.loads(index)["revealed"] == ["2025-03-01", "2025-03-02"]

    # When a reveal is replayed at a moment of 2025-03-02, before that day was over
    machine = dt.datetime(2025, 3, 3, 9, tzinfo=dt.UTC)
    status, out, err = run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:05:00Z", machine=machine)

    # Then it is refused, saying why: its pass would take the index back to 2025-03-01 and call 2025-03-02's record
    # written ahead of its time (review)
    assert (status, out) == (2, "")
    assert err.startswith(
        "fairdice: --now: 2025-03-02T00:05:00Z is before 2025-03-02 was over, and the archive reveals it already"
    )
    assert (tmp_path / "archive" / "index.json").read_bytes() == index
    # while a past moment after the last revealed day is over is still accepted
    assert run(capsys, "daily", "reveal", *where, "--now", "2025-03-03T00:05:00Z", machine=machine)[0] == 0


@pytest.mark.parametrize("command", ["create", "reveal"])
def test_create_and_reveal_in_a_days_first_moments_wait_as_the_scheduled_run_does(
    tmp_path: Path,
    where: tuple[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    # Given this machine's clock 0.3 s into 2025-03-01, where S3's may still show the day before: a secret made then
    # would be dated the day before, and a record written then dated within its own day, revealed early (review)
    timeline = Timeline(dt.datetime(2025, 3, 1, 0, 0, 0, 300000, tzinfo=dt.UTC))
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        timeline.now += dt.timedelta(seconds=seconds)

    monkeypatch.setattr(daily_cli, "clock", timeline)
    monkeypatch.setattr(daily_cli, "pause", pause)

    status, out, _ = run(capsys, "daily", command, *where)

    # Then it waits out the store's clock lag first, as the scheduled run does, and acts only then
    assert status == 0 and pauses == [pytest.approx(1.7)]
    if command == "reveal":
        return
    assert json.loads(out)["created"] is True
    published = Commitment.model_validate_json((tmp_path / "archive" / commitment_key(DAY)).read_bytes())
    assert published.published_at == dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC)


# ---- the real clock, the environment, and AWS ------------------------------------------------


@pytest.mark.parametrize("command", ["create", "reveal"])
def test_create_and_reveal_refuse_a_now_later_than_the_clock(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # A later --now would make tomorrow's secret today, or reveal today before it is over.
    later = "2025-03-03T12:00:00Z"

    status, out, err = run(
        capsys, "daily", command, *where, "--now", later, machine=dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)
    )

    assert (status, out) == (2, "")
    assert err.startswith(f"fairdice: --now: {later} is later than this machine's clock")
    assert "never act ahead of time" in err
    assert list(tmp_path.iterdir()) == []


def test_the_options_default_to_the_fairdice_variables_the_functions_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the variables of README "Settings": a data folder, and separately two buckets on an S3 endpoint
    monkeypatch.setenv("FAIRDICE_DATA_DIR", str(tmp_path / "data"))
    assert run(capsys, "daily", "create", "--now", "2025-03-01T00:00:05Z")[0] == 0
    assert FolderStore(tmp_path / "data" / "private").get(secret_key(DAY)) is not None

    with s3_endpoint(monkeypatch) as client:
        for bucket in (ARCHIVE, SECRETS):
            client.create_bucket(
                Bucket=bucket,
                CreateBucketConfiguration={"LocationConstraint": REGION},  # type: ignore[typeddict-item]
            )
        monkeypatch.setenv("FAIRDICE_ARCHIVE_BUCKET", "fairdice-archive")
        monkeypatch.setenv("FAIRDICE_SECRETS_BUCKET", "fairdice-secrets")
        status, out, _ = run(capsys, "daily", "create", "--now", "2025-03-01T00:00:05Z")
        assert status == 0 and json.loads(out)["created"] is True
        assert client.list_objects_v2(Bucket="fairdice-archive")["Contents"][0]["Key"] == commitment_key(DAY)

        # And an option given on the command line wins: --dir alone means the local folders, not the buckets
        local = json.loads(FolderStore(tmp_path / "data" / "archive").get(commitment_key(DAY)) or b"")
        status, out, _ = run(
            capsys,
            "daily",
            "show",
            "--dir",
            str(tmp_path / "data"),
            "--date",
            "2025-03-01",
            "--now",
            "2025-03-01T12:00Z",
        )
        assert status == 0 and json.loads(out)["commitment"] == local["commitment"]


@pytest.mark.parametrize("variable", ["FAIRDICE_ARCHIVE_BUCKET", "FAIRDICE_SECRETS_BUCKET"])
def test_a_bad_bucket_variable_is_named_in_one_line_without_a_traceback(
    where: tuple[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str
) -> None:
    monkeypatch.setenv(variable, "Fairdice_Archive")

    status, out, err = run(capsys, "daily", "show", "--date", "2025-03-01")

    assert (status, out) == (2, "")
    assert err.startswith(f"fairdice: {variable}: an S3 bucket name is 3 to 63 lowercase letters")
    assert "'Fairdice_Archive'" in err
    assert "Traceback" not in err and "validation error" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "endpoint", ["foo", "ftp://127.0.0.1:9000", "http://", "http://127.0.0.1:port", "http://h/?a=1"]
)
def test_an_endpoint_that_is_no_http_url_is_refused_as_a_variable_and_as_an_option(
    where: tuple[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], endpoint: str
) -> None:
    # Review: `foo` was taken, and botocore's "Invalid endpoint" came later as a traceback, exit 1 (a "mismatch")
    monkeypatch.setenv("FAIRDICE_ARCHIVE_BUCKET", "fairdice-archive")
    monkeypatch.setenv("FAIRDICE_S3_ENDPOINT_URL", endpoint)
    status, out, err = run(capsys, "daily", "show", "--date", "2025-03-01")
    assert (status, out) == (2, "")
    assert (
        err.startswith("fairdice: FAIRDICE_S3_ENDPOINT_URL: an S3 endpoint is an http(s) URL such as")
        and len(err.splitlines()) == 1
    )
    monkeypatch.delenv("FAIRDICE_S3_ENDPOINT_URL")
    status, _, err = run(capsys, "daily", "show", "--endpoint-url", endpoint)
    assert status == 2 and "argument --endpoint-url: an S3 endpoint is an http(s) URL" in err


@pytest.mark.parametrize(
    ("environ", "options", "named"),
    [
        ({"FAIRDICE_ARCHIVE_BUCKET": "fairdice-archive"}, [], "FAIRDICE_ARCHIVE_BUCKET"),
        ({}, ["--bucket", "fairdice-archive"], "--bucket"),
    ],
)
def test_a_bucket_without_boto3_installed_is_said_in_one_line(
    without_boto3: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    environ: dict[str, str],
    options: list[str],
    named: str,
) -> None:
    # Given a machine set up by `make serve` alone, which installs no boto3 (review: ModuleNotFoundError, exit 1)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    status, out, err = run(capsys, "daily", "show", "--date", "2025-03-01", *options)
    assert (status, out) == (2, "")
    assert err == (
        f"fairdice: {named}: an S3 bucket is read with boto3, which is not installed here: pip install boto3 (in a"
        " checkout of fairdice: make install)\n"
    )


def test_show_of_a_folder_archive_needs_no_boto3_for_a_secrets_bucket_it_does_not_read(
    tmp_path: Path, without_boto3: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Review: with only FAIRDICE_SECRETS_BUCKET set, show (which reads the archive alone) demanded boto3
    monkeypatch.setenv("FAIRDICE_SECRETS_BUCKET", "fairdice-secrets")
    monkeypatch.setenv("FAIRDICE_DATA_DIR", str(tmp_path))
    (tmp_path / "archive").mkdir()
    status, _, err = run(capsys, "daily", "show", "--date", "2025-03-01", "--now", "2025-03-02T12:00Z")
    assert status == 2  # the folder's
    assert err.startswith("fairdice: --date: the daily archive has no secret for 2025-03-01")


@pytest.mark.parametrize("variable", ["FAIRDICE_ARCHIVE_BUCKET", "FAIRDICE_SECRETS_BUCKET", "FAIRDICE_S3_ENDPOINT_URL"])
def test_dir_alone_means_the_folders_even_where_a_bucket_variable_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str
) -> None:
    # README: --dir given alone means the local folders even where the bucket variables are set (review: a bad one was
    # still read, and refused)
    monkeypatch.setenv(variable, "Fairdice_Archive")
    (tmp_path / "archive").mkdir()
    status, out, err = run(
        capsys, "daily", "show", "--date", "2025-03-01", "--dir", str(tmp_path), "--now", "2025-03-02T12:00Z"
    )
    # Then the (empty) folder is what is read
    assert (status, out) == (2, "")
    assert err.startswith("fairdice: --date: the daily archive has no secret for 2025-03-01")


def test_a_bad_bucket_option_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "daily", "show", "--bucket", "Fairdice_Archive")

    assert status == 2
    assert "argument --bucket: an S3 bucket name is 3 to 63 lowercase letters" in err


def test_without_aws_credentials_the_cli_says_they_are_missing_and_how_to_give_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given buckets to use and no credentials anywhere boto3 looks (variables, files, a profile, instance roles)
    for name in (
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_SESSION_TOKEN",
        "AWS_PROFILE",
        "AWS_DEFAULT_PROFILE",
    ):
        monkeypatch.delenv(name, raising=False)
    for name in ("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("AWS_WEB_IDENTITY_TOKEN_FILE", raising=False)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_REGION", "eu-west-1")
    monkeypatch.setenv("FAIRDICE_ARCHIVE_BUCKET", "fairdice-archive")
    monkeypatch.setenv("FAIRDICE_S3_ENDPOINT_URL", "http://127.0.0.1:9")  # never reached: nothing signs the call

    status, out, err = run(capsys, "daily", "show", "--date", "2025-03-01", "--now", "2025-03-02T12:00Z")

    assert (status, out) == (3, "")
    assert "no AWS credentials were found" in err and "AWS_PROFILE" in err and "AWS_ACCESS_KEY_ID" in err
    assert "try again later" not in err


def test_create_leaves_a_stale_index_to_reveal_which_rebuilds_it_and_show_reads_the_records_alone(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given 03-01 made and revealed, and the index then set back (lost, or an overlapping run's older one)
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    index = tmp_path / "archive" / "index.json"
    rebuilt = index.read_bytes()
    index.write_bytes(b'{"revealed":[],"head":null}')

    # When the next day is made, Then the index is as it was: create writes no record, so none of what it derives from
    assert run(capsys, "daily", "create", *where, "--now", "2025-03-02T00:10:00Z")[0] == 0
    assert index.read_bytes() == b'{"revealed":[],"head":null}'
    # and show finds the revealed day by its record all the same
    status, out, _ = run(capsys, "daily", "show", *where, "--date", "2025-03-01", "--now", "2025-03-02T00:11Z")
    assert status == 0 and json.loads(out)["status"] == "revealed"

    # Then the next reveal rebuilds it from the records
    assert run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:12:00Z")[0] == 0
    assert index.read_bytes() == rebuilt


def test_show_of_the_calendars_last_day_is_a_day_not_begun_whatever_the_archive_holds_under_it(
    tmp_path: Path, where: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a commitment and a record put under 9999-12-31, whose end no datetime can hold
    run(capsys, "daily", "create", *where, "--now", "2025-03-01T00:00:05Z")
    run(capsys, "daily", "reveal", *where, "--now", "2025-03-02T00:00:05Z")
    archive = tmp_path / "archive"
    for folder, name in (("commitments", "{}.json"), ("revealed", "{}.json")):
        (archive / folder / name.format("9999-12-31")).write_bytes((archive / folder / name.format(DAY)).read_bytes())

    # When that day is shown, Then it is a day not begun, said in one line naming --date, never a traceback
    status, out, err = run(capsys, "daily", "show", *where, "--date", "9999-12-31", "--now", "2025-03-02T12:00Z")
    assert (status, out) == (2, "")
    assert err.startswith("fairdice: --date: no secret exists yet for 9999-12-31") and err.count("\n") == 1

    # and a player's roll that day is withheld, with no time to reveal it at
    shown = ("daily", "show", *where, "--date", "9999-12-31", "--player", PLAYER, "--now", "2025-03-02T12:00Z")
    status, out, _ = run(capsys, *shown)
    verdict = json.loads(out)
    assert (status, verdict["verdict"], verdict["withheld"]["reveal_at"]) == (4, "withheld", None)
