"""`fairdice audit`: three outputs, exit 0 / 1 / 2, every core, an interrupted run resumed without redoing a block."""

import argparse
import contextlib
import datetime as dt
import errno
import gzip
import hashlib
import importlib.util
import io
import json
import multiprocessing
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fairdice import cli, schemes
from fairdice.audit import cli as audit_cli
from fairdice.audit import local, store
from fairdice.audit.lines import LINES_VERSION, MAX_LINE_BYTES, numbered_lines
from fairdice.audit.local import UsageError, run
from fairdice.audit.progress import TerminalProgress
from fairdice.audit.shard import audit_shard
from fairdice.audit.store import FolderResults
from fairdice.cli import main
from fairdice.dice import keyed_mac
from fairdice.schemes import narde

from unit.audit import games

ROOT = Path(__file__).resolve().parents[3]


def many(count: int) -> list[games.Game]:
    """`count` fair narde-v1 games of 30 rolls, each a game of its own (its own key and phrase) under its own id
    `g<n>`: the same list twice is the same games again. Their keys are none of `games.narde`'s."""
    keys = [hashlib.sha256(f"many-{n}".encode()).hexdigest() for n in range(count)]
    return [
        {
            "scheme": "narde-v1",
            "key": secret,
            "fingerprint": games.seal(secret),
            "phrase": f"p{n}",
            "recorded": [list(dice) for dice in narde.rolls(keyed_mac(bytes.fromhex(secret)), f"p{n}", 0, 30).dice],
            "id": f"g{n:07d}",
        }
        for n, secret in enumerate(keys)
    ]


def summary(out: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((out / "summary.json").read_text())
    return document


def test_an_all_fair_audit_exits_0_writes_three_outputs_and_shows_no_progress_off_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games.write(tmp_path / "in" / "a.jsonl.gz", many(30))
    games.write(tmp_path / "in" / "more" / "b.jsonl", [games.three_dice(1), games.pair36(2)])

    # The results go inside the input folder: a run never reads its own results as input.
    out = tmp_path / "in" / "out"
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 0
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 0

    assert sorted(p.name for p in out.iterdir()) == [
        "findings.jsonl", "partials", "report.html", "summary.json"
    ]  # fmt: skip
    document = summary(out)
    assert [record["file"] for record in document["inputs"]] == [
        str(tmp_path / "in" / "a.jsonl.gz"),
        str(tmp_path / "in" / "more" / "b.jsonl"),
    ]
    assert document["games"] == document["fair"] == 32
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.count("32 games: 32 fair") == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full: a device every write to fails, as a full disk")
def test_an_audit_whose_line_cannot_be_written_exits_3_never_the_status_of_what_it_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair audit whose stdout is a full disk (review: a traceback and exit 1, the status of findings)
    games.write(tmp_path / "in.jsonl", many(2))
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        # When its line is printed, Then the status is 3, an audit not finished, and stderr says why
        assert main(["audit", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 3
    assert capsys.readouterr().err == "fairdice: stdout: the output could not be written: No space left on device\n"
    assert summary(tmp_path / "out")["fair"] == 2


def test_a_game_that_is_not_fair_or_a_line_not_read_exits_1(tmp_path: Path) -> None:
    games.write(tmp_path / "a.jsonl", [games.narde(1), games.mismatched(games.narde(2))])
    games.write(tmp_path / "b.jsonl", [games.narde(3), "{broken"])
    assert main(["audit", str(tmp_path / "a.jsonl"), "--out", str(tmp_path / "o1")]) == 1
    assert main(["audit", str(tmp_path / "b.jsonl"), "--out", str(tmp_path / "o2")]) == 1
    assert json.loads((tmp_path / "o2" / "findings.jsonl").read_text())["line"] == 2


def test_inputs_that_hold_no_game_exit_1_for_nothing_is_proven_fair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "blank.jsonl").write_bytes(b"\n  \n\n")
    for name in ("empty.jsonl", "blank.jsonl"):
        out = tmp_path / f"out-{name}"
        assert main(["audit", str(tmp_path / name), "--out", str(out), "--workers", "1"]) == 1
        assert summary(out)["games"] == 0
        assert (
            "No game was verified, so nothing is proven fair: nothing was audited." in (out / "report.html").read_text()
        )
        assert "All 0 games" not in (out / "report.html").read_text()
    captured = capsys.readouterr()
    assert "0 games: 0 fair" in captured.out
    assert captured.err.count("no game was read in the inputs, so nothing is proven fair") == 2


def test_inputs_whose_lines_were_read_but_none_verified_exit_1_saying_so_not_that_no_game_was_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games.write(tmp_path / "day.jsonl", ["{broken", {**games.narde(1), "scheme": "nope"}])
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1
    err = capsys.readouterr().err
    assert "no game was read" not in err
    assert err == "fairdice: audit: no game could be verified (2 lines not verified), so nothing is proven fair\n"


def test_a_line_that_gives_a_key_twice_is_a_finding_naming_it_and_every_other_game_is_audited(
    tmp_path: Path,
) -> None:
    # Given a shard whose second line is a fair game with another key given first: json.loads keeps the last (the
    # fair game), a person reading the line may take the first
    fair = games.narde(2)
    twice = json.dumps(fair).replace('"key": ', f'"key": "{games.key(99)}", "key": ', 1)
    games.write(tmp_path / "day.jsonl", [games.narde(1), twice, games.narde(3)])

    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1

    message = "the line gives the key 'key' more than once in one object; give it once"
    [finding] = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert finding == {
        "file": str(tmp_path / "day.jsonl"),
        "line": 2,
        "id": None,
        "error": {"code": "not_json", "message": message, "problems": [{"field": "request", "message": message}]},
    }
    document = summary(tmp_path / "out")
    assert (document["games"], document["fair"], document["errors"]) == (2, 2, 1)


def test_a_daily_roll_of_a_day_not_over_by_this_machines_clock_is_withheld_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given this machine's clock at 2026-11-29 12:00 UTC, and a file of fair games with a daily roll of that day that
    # carries its secret and commitment, audited without an archive by two worker processes
    monkeypatch.setattr(audit_cli, "clock", lambda: dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC))
    games.write(tmp_path / "a.jsonl", [games.narde(1), games.daily(2, "2026-11-29"), games.pair36(3)])

    # When it is audited, Then the daily roll is withheld: not a fair game, so the audit exits 1
    assert main(["audit", str(tmp_path / "a.jsonl"), "--out", str(tmp_path / "out"), "--workers", "2"]) == 1
    document = summary(tmp_path / "out")
    assert (document["games"], document["fair"], document["withheld"]) == (3, 2, 1)
    finding = json.loads((tmp_path / "out" / "findings.jsonl").read_text())
    assert (finding["id"], finding["verdict"]) == ("daily-2", "withheld")
    assert "3 games: 2 fair, 0 mismatch, 0 incomplete, 1 withheld" in capsys.readouterr().out


def test_a_game_filed_again_under_another_id_exits_1_and_the_closing_line_and_summary_count_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the security review's three lines: one game under three ids, the third recording only its first two rolls
    game = many(1)[0]
    lines = [{**game, "id": "table7-0001"}, {**game, "id": "table7-0002"}]
    lines.append({**game, "id": "table7-0003", "recorded": game["recorded"][:2]})
    games.write(tmp_path / "day.jsonl", lines)

    # When the command audits them
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then every game is fair, but two lines repeat the first's game: exit 1, and the line and summary say so
    assert status == 1
    assert "3 games: 3 fair, 0 mismatch" in (said := capsys.readouterr().out)
    assert "0 duplicate ids, 2 repeated games." in said
    document = summary(tmp_path / "out")
    assert (document["fair"], document["duplicate_ids"], document["repeated_games"]) == (3, 0, 2)
    assert (
        "2 lines repeat an earlier line&#x27;s game under another id" in (tmp_path / "out" / "report.html").read_text()
    )


def test_windows_are_counted_in_the_closing_line_the_summary_and_the_report_not_taken_for_whole_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a whole game and two windows of games (review: the summary counted them among the incomplete games alone,
    # where a reader took them for whole games with something missing)
    whole, other = many(2)
    lines = [whole, {**whole, "first": 2, "recorded": whole["recorded"][2:], "id": "w-1"}]
    lines.append({**other, "first": 5, "recorded": other["recorded"][5:], "id": "w-2"})
    games.write(tmp_path / "day.jsonl", lines)

    # When the command audits them
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then the closing line, the summary (overall and by scheme) and the report count the two windows
    assert status == 1
    assert "3 games (2 of them windows): 1 fair, 0 mismatch, 2 incomplete" in capsys.readouterr().out
    document = summary(tmp_path / "out")
    assert (document["games"], document["incomplete"], document["windows"]) == (3, 2, 2)
    assert document["by_scheme"]["narde-v1"]["windows"] == 2
    page = (tmp_path / "out" / "report.html").read_text()
    assert "2 games are windows, checked from a roll past the game&#x27;s first" in page
    assert "never fair): 2.</p>" in page


def test_a_line_whose_count_or_labels_ask_for_fewer_rolls_than_it_records_is_a_mismatch_never_counted_fair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair game, and two whose every roll asked for matches while they record more: a narde-v1 game of 20 rolls
    # whose count asks for 12, a bg-dice-v1 game of 6 whose labels list 3 (the lead's question: is such a line, proven
    # only to its count, counted fair, the audit saying "all fair"?)
    lines = [
        games.pair36(3),
        games.past_what_it_asks(games.narde(1), 12),
        games.past_what_it_asks(games.bg_dice(2), 3),
    ]
    games.write(tmp_path / "day.jsonl", lines)

    # When the command audits them
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then the two are mismatches, as POST /verify says, their rolls past what they ask for recorded beyond, and no
    # output rounds them up to fair: the closing line, the summary, the findings and the report
    assert status == 1
    out = capsys.readouterr().out
    assert "3 games: 1 fair, 2 mismatch, 0 incomplete, 0 withheld;" in out
    assert "27 rolls recomputed: 0 differ, 0 not recorded, 11 recorded beyond." in out
    document = summary(tmp_path / "out")
    assert [document[k] for k in ("games", "fair", "mismatch", "rolls", "rolls_extra")] == [3, 1, 2, 27, 11]
    for scheme in ("narde-v1", "bg-dice-v1"):
        assert (document["by_scheme"][scheme]["fair"], document["by_scheme"][scheme]["mismatch"]) == (0, 1)
    found = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [(f["id"], f["verdict"], f["reasons"], f["extra"]) for f in found] == [
        ("narde-v1-1", "mismatch", ["8 more rolls were recorded than computed"], 8),
        ("bg-dice-v1-2", "mismatch", ["3 more rolls were recorded than computed"], 3),
    ]
    page = (tmp_path / "out" / "report.html").read_text()
    assert "<title>fairdice audit: 3 games, not all proven fair</title>" in page
    (headline,) = re.findall(r"<p class=verdict>(.*?)</p>", page, re.S)
    assert "2 of 3 games do not match what was computed or published" in headline
    assert "are fair" not in headline


def test_a_mirror_pairs_second_game_is_said_in_the_closing_line_not_taken_for_a_game_of_dice_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair three-dice game and the same line under another id: seed 003's mirror pair, or a copy filed to make
    # one game count as two, which no line tells apart (review: the closing line said "2 games: 2 fair", exit 0, where
    # summary.json and the report say one line is a mirror pair's second game, the first's dice again)
    game = games.three_dice(1)
    games.write(tmp_path / "day.jsonl", [game, {**game, "id": "three-dice-1-mirror"}])

    # When the command audits them
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then the pair stands (exit 0), and the closing line says that one of the two games is its first game's dice again
    assert status == 0
    assert "2 games (1 of them a mirror pair's second game, its first game's dice again): 2 fair," in (
        capsys.readouterr().out
    )
    assert summary(tmp_path / "out")["mirror_games"] == {"three-dice": 1}


def test_a_repeated_games_line_copied_whole_is_its_duplicate_id_only_not_a_repeat_again(tmp_path: Path) -> None:
    # Given one game under id A, again under id B, then B's line copied whole, and A's line again (review: the copy
    # of B's line was counted a repeated game of A's as well as B's duplicate id)
    game = many(1)[0]
    lines = [{**game, "id": "A"}, {**game, "id": "B"}, {**game, "id": "B"}, {**game, "id": "A"}, {**game, "id": "C"}]
    games.write(tmp_path / "day.jsonl", lines)

    # When they are audited
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1

    # Then lines 3 and 4 are duplicate ids only, and lines 2 and 5 the repeated games, each said once
    document = summary(tmp_path / "out")
    assert (document["games"], document["duplicate_ids"], document["repeated_games"]) == (5, 2, 2)
    found = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    said = sorted((finding["line"], finding["error"]["code"]) for finding in found)
    assert said == [(2, "repeated_game"), (3, "duplicate_id"), (4, "duplicate_id"), (5, "repeated_game")]


def test_a_game_filed_again_under_a_secret_with_a_zero_byte_appended_and_its_own_seal_exits_1_naming_the_repeat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair game, and under another id the same game whose server seed is the first's with a zero byte appended
    # and whose seal is that seed's own: each is fair, and HMAC pads its key with zero bytes, so their dice are one (a
    # pair36 game: a narde-v1 key is 32 bytes, so it cannot carry one)
    game = {**games.pair36(1), "id": "table7-0001"}
    seed = game["server_seed"] + "00"
    again = {**game, "server_seed": seed, "seal": games.seal(seed), "id": "table7-0002"}
    games.write(tmp_path / "day.jsonl", [game, again])

    # When the command audits them
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then both are fair, but the second repeats the first's game: exit 1, and its finding names the first
    assert status == 1
    assert "2 games: 2 fair, 0 mismatch" in (said := capsys.readouterr().out)
    assert "0 duplicate ids, 1 repeated game." in said
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert (finding["line"], finding["id"], finding["error"]["code"]) == (2, "table7-0002", "repeated_game")
    assert f'the game on line 1 of {tmp_path / "day.jsonl"} (id "table7-0001")' in finding["error"]["message"]
    document = summary(tmp_path / "out")
    assert (document["fair"], document["repeated_games"]) == (2, 1)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["audit", "nowhere.jsonl", "--out", "o"], "nowhere.jsonl: no such file or folder"),
        (["audit", "-", "--out", "o"], "-: the audit reads files and folders, not stdin"),
        (["audit", ".", "--out", "o", "--resume"], "holds no interrupted audit"),
        (["audit", "x.jsonl", "--out", "o", "--workers", "0"], "must be at least 1"),
        (
            ["audit", "x.jsonl", "--out", "o", "--workers", "abc"],
            "argument --workers: must be a whole number of at least 1, not 'abc'",
        ),
        (["audit", "x.jsonl"], "--out"),
    ],
)
def test_usage_errors_and_inputs_that_cannot_be_opened_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    games.write(tmp_path / "x.jsonl", [games.narde(1)])
    assert main(args) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("out", "words"),
    [
        ("results.txt", "--out results.txt: not a folder"),
        ("results.txt/audit", "--out results.txt/audit: cannot be made or written in (Not a directory)"),
        ("/proc/nope", "--out /proc/nope: cannot be made or written in"),
        ("dangling", "--out dangling: a link to nothing (nowhere): make that folder first"),
    ],
    ids=["a-file", "under-a-file", "cannot-be-made", "a-link-to-nothing"],
)
def test_an_out_that_is_a_file_or_cannot_be_made_is_a_usage_error_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], out: str, words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    games.write(tmp_path / "day.jsonl", [games.narde(1)])
    (tmp_path / "results.txt").write_text("kept\n")
    (tmp_path / "dangling").symlink_to("nowhere")  # review: "cannot be made or written in (File exists)"
    before = sorted(tmp_path.rglob("*"))

    assert main(["audit", "day.jsonl", "--out", out, "--workers", "1"]) == 2

    err = capsys.readouterr().err
    assert err.startswith(f"fairdice: audit: {words}") and len(err.splitlines()) == 1
    assert sorted(tmp_path.rglob("*")) == before and (tmp_path / "results.txt").read_text() == "kept\n"


@pytest.mark.parametrize(
    ("stored", "given"),
    [
        ("r1/findings.jsonl", "r1/findings.jsonl"),
        ("r1/summary.json", "r1/summary.json"),
        ("r1/report.html", "r1/report.html"),
        ("r1/partials/plan.json", "r1/partials/plan.json"),
        ("r1/partials/old/day.jsonl", "r1/partials"),
        ("r1/findings.jsonl", "day.jsonl"),  # a link to it
    ],
)
@pytest.mark.parametrize("resume", [False, True], ids=["afresh", "resumed"])
def test_an_input_that_is_or_lies_under_one_of_the_audits_own_outputs_is_refused_and_kept(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stored: str,
    given: str,
    resume: bool,
) -> None:
    # Given a day's games copied to where the audit writes one of its outputs (review: `mkdir r1; cp day.jsonl
    # r1/findings.jsonl; fairdice audit r1/findings.jsonl --out r1` deleted the input)
    monkeypatch.chdir(tmp_path)
    games.write(tmp_path / stored, [games.narde(1)])
    if given == "day.jsonl":
        (tmp_path / given).symlink_to(tmp_path / stored)
    if resume:
        games.write(tmp_path / "r1" / "partials" / "plan.json", [])
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}

    # When it is audited into that folder, Then it is refused, naming the output, and nothing is deleted or written
    arguments = ["audit", given, "--out", "r1", "--workers", "1"]
    assert main([*arguments, "--resume"] if resume else arguments) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fairdice: audit: {given}: ") and len(err.splitlines()) == 1
    assert "the audit's own" in err
    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before


def test_a_folder_of_hidden_files_alone_is_said_to_hold_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Review: "h2: the folder holds no file", with no word of the hidden ones it passed over
    games.write(tmp_path / "h2" / ".x" / "a.jsonl", many(1))
    games.write(tmp_path / "h2" / ".late.jsonl", many(1))
    assert main(["audit", str(tmp_path / "h2"), "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: {tmp_path / 'h2'}: the folder holds no file but what the audit passes over (hidden, or not"
        " a file: .x, .late.jsonl)\n"
    )


@pytest.mark.parametrize("given", ["games/", "."])
def test_an_out_that_holds_the_input_folder_leaves_out_only_the_audits_own_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    # Given a folder of games under the folder the results go to, beside a file of games of one's own there (review:
    # `cd w1; fairdice audit games/ --out .` said "games/: the folder holds no file")
    monkeypatch.chdir(tmp_path)
    games.write(tmp_path / "games" / "day.jsonl", many(3))
    games.write(tmp_path / "more.jsonl", [games.narde(1)])

    # When it is audited twice into that folder, Then every file of games is read each time, and not the outputs
    for _ in range(2):
        assert main(["audit", given, "--out", ".", "--workers", "1"]) == 0
        inputs = [Path(record["file"]).as_posix() for record in summary(tmp_path)["inputs"]]
        assert inputs == (["games/day.jsonl"] if given == "games/" else ["games/day.jsonl", "more.jsonl"])
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("spelt", ["in/out", "in/sub/../out", "ABS/in/./out/"], ids=["as-is", "dot-dot", "absolute"])
def test_the_files_of_a_folder_given_are_told_from_the_outputs_of_an_out_in_it_by_whole_names_and_where_links_lead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelt: str
) -> None:
    # Given --out in the folder given, however it is spelt, holding an earlier audit's outputs beside files whose names
    # start as theirs do, a link in the folder to its partials/, and one in partials/ to a file outside --out
    monkeypatch.chdir(tmp_path)
    folder, out = tmp_path / "in", tmp_path / "in" / "out"
    (folder / "sub").mkdir(parents=True)
    own = ["out/summary.json", "out/findings.jsonl", "out/report.html", "out/partials/plan.json"]
    own += ["out/partials/00000-0000000/findings.jsonl"]
    others = ["day.jsonl", "out/summary.json.bak", "out/partials-old/plan.json", "out/partials.jsonl", "outer.jsonl"]
    for name in [*own, *others]:
        games.write(folder / name, [games.narde(1)])
    (folder / "to-partials").symlink_to(out / "partials")
    (out / "partials" / "to-day.jsonl").symlink_to(folder / "day.jsonl")
    held: list[Path] = []

    # When the folder's files are found for that --out
    files = local.find_inputs(["in"], Path(spelt.replace("ABS", str(tmp_path))), outputs_held=held)

    # Then only what lies in the places of the outputs, as written or where a link leads, is left out, the file a link
    # there leads to among them (it is read under its own name); every other file is read, whatever its name starts with
    assert sorted(path.as_posix() for path in files) == sorted(f"in/{name}" for name in others)
    reached = {f"in/{name}" for name in own} | {"in/out/partials/to-day.jsonl"}
    reached |= {f"in/to-partials/{name.removeprefix('out/partials/')}" for name in own if "partials/" in name}
    assert {path.as_posix() for path in held} <= reached
    assert {path.resolve() for path in held} == {(folder / name).resolve() for name in [*own, "day.jsonl"]}


@pytest.mark.parametrize(
    ("planted", "earlier"),
    [
        ("partials/day2.jsonl", True),
        ("partials/00000-0000000/more.jsonl", True),
        ("findings.jsonl", False),
        ("report.html", False),
        ("partials/plan.json", False),
    ],
)
def test_games_planted_where_the_audit_writes_in_an_out_within_the_input_are_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: str, earlier: bool
) -> None:
    # Given a folder handed over with a fair game, and an unfair one filed where the audit writes its results, with or
    # without an earlier audit's results there (review: skipped, removed, exit 0 and passed_over empty)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    if earlier:
        assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 0
    games.write(folder / planted, [games.mismatched(games.narde(9))])
    capsys.readouterr()
    before = {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}

    # When it is audited afresh into the folder itself
    status = main(["audit", str(folder), "--out", str(folder), "--workers", "1"])

    # Then the run is refused before anything is removed, naming the file
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fairdice: audit: --out {folder} lies in a folder given as input and holds {planted}")
    assert {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()} == before


@pytest.mark.parametrize(
    "planted", ["partials/.day2.jsonl", "partials/00000-0000000/.x.jsonl", "partials/.hid/g.jsonl"]
)
@pytest.mark.parametrize("resume", [False, True], ids=["afresh", "resumed"])
def test_hidden_games_or_games_on_resume_in_the_places_of_the_outputs_in_an_out_within_the_input_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: str, resume: bool
) -> None:
    # Given an earlier audit of a folder into itself, then an unfair game filed hidden in its partials, or in plain
    # sight before a resume (review: removed unread and unlisted, exit 0; a resume did not look)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 0
    games.write(folder / (planted if not resume else planted.replace("/.", "/")), [games.mismatched(games.narde(9))])
    capsys.readouterr()
    before = {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}

    # When it is audited again into itself
    status = main(["audit", str(folder), "--out", str(folder), "--workers", "1", *(["--resume"] if resume else [])])

    # Then it is refused, naming what is there, and nothing is removed
    assert status == 2
    assert "lies in a folder given as input and holds partials/" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()} == before


def test_games_reached_through_a_link_in_the_place_of_the_outputs_are_refused_not_removed_midway(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given --out within the input folder whose partials is a link to a folder of games elsewhere (review: the link
    # was removed as the run began and the run ended unfinished, exit 3, on a file it could no longer read)
    games.write(tmp_path / "elsewhere" / "day2.jsonl", [games.mismatched(games.narde(9))])
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    (folder / "res").mkdir()
    (folder / "res" / "partials").symlink_to(tmp_path / "elsewhere")

    # When it is audited, Then it is refused naming it, and the link and the games are kept
    assert main(["audit", str(folder), "--out", str(folder / "res"), "--workers", "1"]) == 2
    assert "holds partials where the audit writes its results" in capsys.readouterr().err
    assert (folder / "res" / "partials").is_symlink() and (tmp_path / "elsewhere" / "day2.jsonl").is_file()


@pytest.mark.parametrize(
    "planted",
    [
        "partials/00000-0000000/summary.json",  # a link whose name is a result's (review)
        "partials/00000-0000000",  # a link to a folder named as a block's
        "partials/sub/",  # an empty folder that is no block's
    ],
)
def test_links_and_folders_in_the_places_of_the_outputs_are_refused_whatever_their_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: str
) -> None:
    # Given an earlier audit of a folder into itself, then one of its results swapped for a link to games elsewhere,
    # or an empty folder put among them
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 0
    games.write(tmp_path / "elsewhere" / "summary.json", [games.mismatched(games.narde(9))])
    place = folder / planted.rstrip("/")
    if planted.endswith("/"):
        place.mkdir()
    else:
        shutil.rmtree(place) if place.is_dir() else place.unlink()
        target = tmp_path / "elsewhere" / ("summary.json" if planted.endswith(".json") else "")
        place.symlink_to(target)
    capsys.readouterr()

    # When it is audited again into itself, Then it is refused, naming what is there, and the link is kept
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 2
    assert f"holds {planted.rstrip('/')} where the audit writes its results" in capsys.readouterr().err
    assert place.is_symlink() or place.is_dir()


@pytest.mark.parametrize("output", ["summary.json", "findings.jsonl", "report.html"])
@pytest.mark.parametrize("resume", [False, True])
def test_a_link_in_the_place_of_an_output_of_an_out_outside_the_inputs_is_removed_as_itself_fresh_or_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], output: str, resume: bool
) -> None:
    # Given an audit into an --out outside the inputs, then one of its outputs swapped for a link to a file of the
    # user's elsewhere, before the audit is run again, afresh or resumed
    games.write(tmp_path / "in" / "a.jsonl", many(2))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    mine = games.write(tmp_path / "elsewhere" / "mine.jsonl", [games.mismatched(games.narde(9))]).read_bytes()
    (out / output).unlink()
    (out / output).symlink_to(tmp_path / "elsewhere" / "mine.jsonl")
    capsys.readouterr()

    # When it is run again, Then the link is removed as itself, as a fresh run removes one, losing nothing: the file
    # it led to is untouched, and the run writes its output in its place, clean (review: a resumed run stopped, exit 3,
    # saying the link was put there while the audit ran, where a fresh run removed it)
    assert main([*arguments, *(["--resume"] if resume else [])]) == 0, capsys.readouterr().err
    assert not (out / output).is_symlink() and (out / output).is_file()
    assert (tmp_path / "elsewhere" / "mine.jsonl").read_bytes() == mine
    assert summary(out)["fair"] == 2


@pytest.mark.parametrize("output", ["summary.json", "findings.jsonl", "report.html"])
@pytest.mark.parametrize("held", ["no-audit", "another-audits-plan"])
def test_a_resume_refused_as_it_begins_leaves_a_link_in_the_place_of_an_output_outside_the_inputs_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], output: str, held: str
) -> None:
    # Given a folder of the user's, outside the inputs, with a link of theirs where the audit writes an output, and
    # no audit in it, or the plan of an audit of other inputs
    games.write(tmp_path / "in" / "a.jsonl", many(2))
    out = tmp_path / "mine"
    if held == "no-audit":
        out.mkdir()
    else:
        games.write(tmp_path / "other" / "b.jsonl", many(1))
        assert main(["audit", str(tmp_path / "other"), "--out", str(out), "--workers", "1"]) == 0
        (out / output).unlink()
    (tmp_path / "page.html").write_text("my own page")
    (out / output).symlink_to(tmp_path / "page.html")
    capsys.readouterr()

    # When the inputs' audit is resumed into it, Then the resume is refused, exit 2, and the link is left as it is
    # (review: it was removed as the resume began, before the resume was refused, where a refused run removes nothing)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1", "--resume"]) == 2
    assert capsys.readouterr().err.startswith("fairdice: audit: --resume: ")
    assert (out / output).is_symlink() and (out / output).read_text() == "my own page"


def two_blocks_outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, cut_short: bool) -> tuple[Path, list[str]]:
    """15 fair games in tmp_path/in, audited in blocks of 10 into tmp_path/out, outside the inputs: the out and the
    command's arguments. With `cut_short`, the audit is run, clean, and its second block's result then lost, as if the
    run was cut short."""
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    games.write(tmp_path / "in" / "a.jsonl", many(15))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]
    if cut_short:
        assert main(arguments) == 0
        (out / "partials" / "00000-0000001" / "summary.json").unlink()
    return out, arguments


@pytest.mark.parametrize("output", ["summary.json", "findings.jsonl", "report.html", "a-folder"])
def test_what_is_not_an_earlier_audits_output_in_its_place_refuses_a_resume_outside_the_inputs_before_any_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], output: str
) -> None:
    # Given an audit of two blocks into an --out outside the inputs, one block's result then lost as if cut short, and a
    # file of a game not fair (or a folder) put in the place of one of its outputs before it is resumed
    out, arguments = two_blocks_outside(tmp_path, monkeypatch, cut_short=True)
    name = "summary.json" if output == "a-folder" else output
    (out / name).unlink()
    if output == "a-folder":
        (out / name).mkdir()
    else:
        late = games.write(out / name, [games.mismatched(games.narde(90))]).read_bytes()
    capsys.readouterr()

    # When it is resumed, Then it is refused as it begins, exit 2, naming what is there as there before it began, and
    # kept: no block is audited (review: it audited every block left, then stopped, exit 3, saying the file was put
    # there while the audit ran)
    assert main([*arguments, "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --resume: --out {out} holds {name} where the audit writes its results, which is not an"
        " earlier audit's (which a resume writes anew), so nothing was audited: move it out, and resume again\n"
    )
    assert not (out / "partials" / "00000-0000001" / "summary.json").exists()
    assert (out / name).is_dir() if output == "a-folder" else (out / name).read_bytes() == late
    # And once it is moved out, the resume finishes the audit, clean
    (out / name).rename(tmp_path / "kept")
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["fair"] == 15


@pytest.mark.parametrize("where", ["the-input-folder", "elsewhere"])
def test_a_resume_reads_each_earlier_output_once_to_know_it_an_earlier_audits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # Given an audit of two blocks, one game not fair, its --out in the input folder or elsewhere, one block's result
    # then lost as if cut short, its three outputs left
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", [*many(14), games.mismatched(games.narde(90))])
    out = {"the-input-folder": folder, "elsewhere": tmp_path / "out"}[where]
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 1
    (out / "partials" / "00000-0000001" / "summary.json").unlink()
    read: list[str] = []
    real = local._holds_results

    def reading(path: Path, name: str) -> bool:
        read.append(name)
        return real(path, name)

    monkeypatch.setattr(local, "_holds_results", reading)

    # When it is resumed, Then each output is read once, as the resume begins, to know it an earlier audit's, and not
    # again before it is written anew, unchanged since (review: with --out in the input folder, each was read twice, 4.7
    # s of a core each time for a million findings)
    assert main([*arguments, "--resume"]) == 1
    assert sorted(name for name in read if name in local.OUTPUTS) == sorted(local.OUTPUTS)
    assert summary(out)["mismatch"] == 1
    # And one written to once the resume looked at it (a game put in it, the same file) is kept, not read again, and
    # the run stops saying so
    (out / "partials" / "00000-0000001" / "summary.json").unlink()
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(91))]).read_bytes()
    put_while_audited(monkeypatch, lambda: (out / "findings.jsonl").write_bytes(late))
    assert main([*arguments, "--resume"]) == 3
    assert (out / "findings.jsonl").read_bytes() == late


def pipes_looked_at(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the pipes the run looks at for whether they hold results (`local._holds_results`), where the real
    look would wait on one for a writer for ever: each is recorded and answered no."""
    read: list[str] = []
    real = local._holds_results

    def reading(path: Path, name: str) -> bool:
        if path.is_fifo():
            read.append(name)
            return False
        return real(path, name)

    monkeypatch.setattr(local, "_holds_results", reading)
    return read


@pytest.mark.parametrize("resume", [False, True], ids=["afresh", "resumed"])
def test_a_pipe_put_in_the_place_of_an_output_while_the_audit_runs_is_kept_unread_and_the_run_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], resume: bool
) -> None:
    # Given an audit into an --out outside the inputs, afresh or resumed (one block's result lost as if cut short)
    out, arguments = two_blocks_outside(tmp_path, monkeypatch, cut_short=resume)
    read = pipes_looked_at(monkeypatch)

    def put_a_pipe() -> None:
        if not (out / "report.html").is_fifo():
            (out / "report.html").unlink(missing_ok=True)
            os.mkfifo(out / "report.html")

    put_while_audited(monkeypatch, put_a_pipe)
    capsys.readouterr()

    # When a pipe is put in the report's place while the blocks are audited, Then it is not read (a read waits on a
    # pipe, and takes what a writer sends it), but kept, and the run stops saying so, leaving no summary (review: it
    # was opened to be read, and the run waited there for ever)
    assert main([*arguments, *(["--resume"] if resume else [])]) == 3
    assert read == []
    assert (out / "report.html").is_fifo()
    assert not (out / "summary.json").exists()
    assert "report.html" in capsys.readouterr().err


def test_a_pipe_named_as_an_earlier_blocks_result_put_in_partials_of_an_out_in_the_input_is_listed_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an audit of a folder into itself, and a pipe named as another block's findings put in its partials/ while
    # the blocks are audited
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    pipe = folder / "partials" / "00009-0000000" / "findings.jsonl"
    read = pipes_looked_at(monkeypatch)

    def put_a_pipe() -> None:
        if not pipe.is_fifo():
            pipe.parent.mkdir(parents=True, exist_ok=True)
            os.mkfifo(pipe)

    put_while_audited(monkeypatch, put_a_pipe)

    # When it is audited, Then the pipe is not read (a read waits on a pipe, and takes what a writer sends it), but
    # listed as not read, and the audit is not clean (review: it was opened to be read, and the run waited there for
    # ever)
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    assert read == []
    assert pipe.is_fifo()
    assert summary(folder)["passed_over"] == [str(pipe)]


def test_an_out_hidden_in_the_input_folder_is_checked_and_what_else_it_holds_is_listed_as_passed_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder whose results go to a hidden folder in it, which holds a file of games of its own (review: the
    # hidden --out was passed over whole, its games in partials/ removed unread and its other files unlisted)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    out = folder / ".res"
    games.write(out / "notes.jsonl", [games.narde(3)])

    # When it is audited, Then the file beside the results is listed as not read, and the run is otherwise clean
    result = run([str(folder)], out, workers=1)
    assert result.summary.passed_over == [str(out / "notes.jsonl")]
    assert result.summary.games == 1

    # And games filed in the places of its outputs are refused, before anything is removed
    games.write(out / "partials" / "day2.jsonl", [games.mismatched(games.narde(9))])
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 2
    assert "holds partials/day2.jsonl where the audit writes its results" in capsys.readouterr().err
    assert (out / "partials" / "day2.jsonl").is_file()


@pytest.fixture
def ctrl_c_as_a_terminal_sends_it() -> Iterator[None]:
    """Ctrl-C's default handler in place in this process for a test that sends it, as a terminal starts the command,
    and the handler found put back after: a runner started in the background, as a script may start it, inherits
    SIGINT ignored (a shell ignores it in its background jobs), which the command keeps ignored, and the test's Ctrl-C
    was lost, the run going on to exit 0, not 130 (review)."""
    found = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, found)


@pytest.mark.usefixtures("ctrl_c_as_a_terminal_sends_it")
def test_signal_handlers_are_put_back_after_an_interrupted_run_and_an_ignored_ctrl_c_stays_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run that is sent Ctrl-C as it goes (in this process: review, it left SIGINT and SIGTERM ignored after)
    games.write(tmp_path / "day.jsonl", many(1))
    real = local.run

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "run", interrupted)
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]

    # Then it exits 130, and the handlers it found are back
    assert main(arguments) == 130
    assert {number: signal.getsignal(number) for number in before} == before

    # And a command started with Ctrl-C ignored (a background job of a script) keeps it ignored and runs on
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert main(arguments) == 0
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before[signal.SIGINT])


@pytest.mark.parametrize(
    ("when", "number"),
    [("report-written", signal.SIGINT), ("report-written", signal.SIGTERM), ("line-said", signal.SIGINT)],
    ids=["ctrl-c-as-the-report-is-written", "sigterm-as-the-report-is-written", "ctrl-c-as-the-line-is-said"],
)
@pytest.mark.usefixtures("ctrl_c_as_a_terminal_sends_it")
def test_a_signal_once_the_outputs_are_written_stops_nothing_and_the_audit_ends_with_its_own_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], number: int, when: str
) -> None:
    # Given an audit of fair games sent Ctrl-C or SIGTERM as its last output, the report, is written, or as it says its
    # line (review: exit 130, "audit interrupted; finish it with: ... --resume", its three outputs whole)
    games.write(tmp_path / "day.jsonl", many(3))
    if when == "report-written":
        real_put = FolderResults.put

        def put(store: FolderResults, key: str, data: bytes) -> None:
            real_put(store, key, data)
            if key == "report.html":
                os.kill(os.getpid(), number)

        monkeypatch.setattr(FolderResults, "put", put)
    else:
        real_emit = audit_cli.emit

        def emit(text: str) -> None:
            os.kill(os.getpid(), number)
            real_emit(text)

        monkeypatch.setattr(audit_cli, "emit", emit)
    before = {stop: signal.getsignal(stop) for stop in (signal.SIGINT, signal.SIGTERM)}

    # When it runs
    status = main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then it ends as an audit not stopped does: all fair, exit 0, its line said, nothing said of an interrupt
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.err == ""
    assert captured.out.startswith("3 games: 3 fair")
    assert (tmp_path / "out" / "report.html").is_file() and summary(tmp_path / "out")["fair"] == 3
    assert {stop: signal.getsignal(stop) for stop in before} == before


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize(("number", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"])
@pytest.mark.usefixtures("ctrl_c_as_a_terminal_sends_it")
def test_a_stop_lost_in_a_weak_references_callback_as_the_report_is_drawn_still_stops_the_audit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], number: int, status: int
) -> None:
    # Given Ctrl-C or SIGTERM handled in a weak reference's callback as the report is drawn, where the exception it
    # raises is printed as "Exception ignored" and lost (review: matplotlib's; the command ran on, exit 0, deaf to it)
    games.write(tmp_path / "day.jsonl", many(3))
    real = local.render

    def render(*args: Any, **kwargs: Any) -> str:
        drawn = argparse.Namespace()
        reference = weakref.ref(drawn, lambda _: os.kill(os.getpid(), number))
        del drawn
        assert reference() is None
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "render", render)

    # Then the audit stops before its report, as for a stop not lost, and says how to finish it
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == status
    assert not (tmp_path / "out" / "report.html").exists()
    assert "--resume" in capsys.readouterr().err


@pytest.mark.usefixtures("ctrl_c_as_a_terminal_sends_it")
def test_a_ctrl_c_before_the_report_is_written_still_stops_the_audit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given Ctrl-C as the report is rendered, before it is written: the outputs are not whole
    games.write(tmp_path / "day.jsonl", many(3))
    real = local.render

    def render(*args: Any, **kwargs: Any) -> str:
        os.kill(os.getpid(), signal.SIGINT)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "render", render)

    # Then the audit is interrupted, exit 130, with no report
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 130
    assert not (tmp_path / "out" / "report.html").exists()


def test_ctrl_c_while_the_audit_imports_its_packages_is_one_line_and_exit_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given Ctrl-C pressed while the audit imports what it runs on, before it handles Ctrl-C itself (review: a
    # traceback of the import machinery)
    class CtrlC:
        def find_spec(self, name: str, *args: Any) -> None:
            if name == "fairdice.audit.local":
                raise KeyboardInterrupt

    games.write(tmp_path / "day.jsonl", many(1))
    monkeypatch.delitem(sys.modules, "fairdice.audit.local")
    monkeypatch.setattr(sys, "meta_path", [CtrlC(), *sys.meta_path])

    # Then the command says it was interrupted, in one line, exit 130, and has written nothing
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out")]) == 130
    assert capsys.readouterr().err == "fairdice: interrupted\n"
    assert not (tmp_path / "out").exists()


# Ctrl-C arriving while a block is submitted, when the pool forks its workers: run in a process of its own, whose main
# thread is its only one, as the command's is (off a terminal), so that the signal can reach no other thread (in the
# test's process, one a library started, such as a BLAS's, let it in at once, a test before this one having loaded it)
_CTRL_C_AS_THE_POOL_FORKS = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as a terminal starts it, the runner in the background too
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from fairdice.cli import main

real = ProcessPoolExecutor.submit

def submit(pool, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)
    future = real(pool, *args, **kwargs)
    print("forked")  # reached only when the signal waited for the submit to end
    return future

ProcessPoolExecutor.submit = submit
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_as_the_pool_forks_its_workers_is_handled_after_the_fork_and_stops_the_command(tmp_path: Path) -> None:
    # Given Ctrl-C arriving while a block is submitted, when the pool forks its workers (review: handled inside an
    # at-fork hook, it was printed and lost, and the command audited to its end, exit 0, deaf to Ctrl-C and SIGTERM)
    games.write(tmp_path / "day.jsonl", many(3 * local.BLOCK_LINES))
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}

    # When it runs
    run = subprocess.run([sys.executable, "-c", _CTRL_C_AS_THE_POOL_FORKS, *arguments], env=env, capture_output=True)

    # Then it is handled once the submit is done: the command stops, exit 130, its resume line said
    assert (run.returncode, run.stdout) == (130, b"forked\n"), run.stderr
    assert b"--resume" in run.stderr
    assert b"Traceback" not in run.stderr


def test_a_stop_whose_raise_was_lost_as_a_block_was_handed_out_stops_the_audit_at_the_next_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a Ctrl-C handled as the pool forks, whose KeyboardInterrupt is lost there (Python prints one raised in an
    # at-fork hook and goes on), as when another thread of the process let the signal in (review: the command audited
    # every block, deaf to Ctrl-C and SIGTERM, and stopped only before the report)
    games.write(tmp_path / "day.jsonl", many(3 * local.BLOCK_LINES))
    real = ProcessPoolExecutor.submit
    handed: list[bool] = []

    def submit(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        with contextlib.suppress(KeyboardInterrupt):  # lost
            audit_cli._interrupted(signal.SIGINT, None)
        handed.append(True)
        return real(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "2"]

    # Then the command stops once that block is handed out: exit 130, no other block handed out
    assert main(arguments) == 130
    assert handed == [True]


def test_a_worker_forked_with_ctrl_c_and_sigterm_held_lets_them_in_once_its_handlers_are_set() -> None:
    # Given a worker forked while the command holds Ctrl-C and SIGTERM back, as it does as its pool forks
    with ProcessPoolExecutor(max_workers=1, initializer=local._worker_started) as pool, local._stops_held():
        held = pool.submit(signal.pthread_sigmask, signal.SIG_BLOCK, []).result(timeout=60)
        handlers = pool.submit(_handlers).result(timeout=60)
    # Then, started, it holds neither back: Ctrl-C is ignored, SIGTERM ends it (once its scratch folder is removed)
    assert not held & {signal.SIGINT, signal.SIGTERM}
    assert handlers == (signal.SIG_IGN, local._worker_terminated)


def test_the_stops_held_are_let_in_again_even_when_a_signal_is_handled_as_they_are_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a Ctrl-C handled the moment Ctrl-C and SIGTERM are held (review: the mask was left blocked)
    real = signal.pthread_sigmask
    before = real(signal.SIG_BLOCK, [])

    def interrupted(how: int, mask: Any) -> Any:
        held = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGINT in set(mask):
            raise KeyboardInterrupt
        return held

    monkeypatch.setattr(signal, "pthread_sigmask", interrupted)
    with pytest.raises(KeyboardInterrupt), local._stops_held():
        pass
    # Then the mask is what it was
    assert real(signal.SIG_BLOCK, []) == before


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="each thread's signal mask is read from /proc")
def test_the_progress_bars_thread_is_started_with_the_stops_held_so_that_a_hold_elsewhere_holds(
    tmp_path: Path,
) -> None:
    # Given the progress bar a terminal shows, which draws from a thread of its own (rich's), and an audit of one worker
    # (review: the thread was started with Ctrl-C and SIGTERM let in, so that one held back by the main thread, as a
    # staged file is made or the pool forks, was taken by it, and handled in the main thread at once, inside the hold)
    games.write(tmp_path / "day.jsonl", many(3))
    masks: list[tuple[str, int]] = []

    class Watched(TerminalProgress):
        def advance(self, read_bytes: int, games: int) -> None:
            for thread in threading.enumerate():
                if thread is not threading.main_thread() and thread.native_id is not None:
                    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
                    (blocked,) = [line.split()[1] for line in status.splitlines() if line.startswith("SigBlk:")]
                    masks.append((thread.name, int(blocked, 16)))
            super().advance(read_bytes, games)

    # When it is audited
    run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1, progress=Watched())

    # Then every other thread holds both back for its life, leaving them to the main thread
    stops = (1 << (signal.SIGINT - 1)) | (1 << (signal.SIGTERM - 1))
    assert masks and all(blocked & stops == stops for _, blocked in masks), masks


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="the bar is started with the stops held back")
def test_a_ctrl_c_that_comes_as_the_progress_bar_starts_puts_the_bar_away(tmp_path: Path) -> None:
    # Given a progress bar a Ctrl-C reaches as it starts (review: held back as the bar started and handled as the hold
    # ended, it was raised before the run's `try`, and the bar was never put away: drawn again over the command's last
    # words, the terminal's cursor left hidden)
    games.write(tmp_path / "day.jsonl", many(3))
    calls: list[str] = []

    class Reached(local.Progress):
        def start(self, total_bytes: int) -> None:
            calls.append("start")
            os.kill(os.getpid(), signal.SIGINT)

        def stop(self) -> None:
            calls.append("stop")

    # When it is audited with Ctrl-C's default handler, Then the run stops, and the bar is put away
    put_back = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1, progress=Reached())
    finally:
        signal.signal(signal.SIGINT, put_back)
    assert calls == ["start", "stop"]


def _handlers() -> tuple[Any, Any]:
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


def test_an_out_in_a_hidden_folder_reached_through_a_link_in_the_input_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an input folder with a link to a folder whose hidden folder holds --out, games filed in its partials
    # (review: the walk passed the hidden folder over whole, nothing was checked, the games were removed, exit 0)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    (folder / "link").symlink_to(tmp_path / "other", target_is_directory=True)
    out = tmp_path / "other" / ".x" / "res"
    games.write(out / "partials" / "day2.jsonl", [games.mismatched(games.narde(9))])

    # When it is audited, Then it is refused, and the games are kept
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 2
    assert "holds partials/day2.jsonl where the audit writes its results" in capsys.readouterr().err
    assert (out / "partials" / "day2.jsonl").is_file()


def test_a_hidden_folder_one_of_whose_files_is_named_is_still_listed_for_the_others(tmp_path: Path) -> None:
    # Given a hidden folder of two files, one of them named as an input too (review: the folder left passed_over)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    games.write(folder / ".x" / "b.jsonl", [games.narde(2)])
    games.write(folder / ".x" / "c.jsonl", [games.narde(3)])
    games.write(folder / ".y" / "d.jsonl", [games.narde(4)])

    games.write(tmp_path / "data" / "e.jsonl", [games.narde(5)])
    (folder / ".z").mkdir()
    (folder / ".z" / "link").symlink_to(tmp_path / "data", target_is_directory=True)
    games.write(folder / ".z" / "f.jsonl", [games.narde(6)])
    named = [folder / ".x" / "b.jsonl", folder / ".y" / "d.jsonl", folder / ".z" / "f.jsonl"]

    # When it is audited, Then a folder that holds a file not read is listed (through a link too), and one whose only
    # file was read is not
    result = run([str(folder), *map(str, named)], tmp_path / "o", workers=1)
    assert result.summary.passed_over == [str(folder / ".x"), str(folder / ".z")]


def test_a_hidden_file_named_like_a_staged_one_is_listed_even_if_it_is_one(tmp_path: Path) -> None:
    # Given an input folder that is also --out, with a file of games named ".incoming-late.jsonl" (review: skipped as a
    # file the run stages, unlisted) beside a file named as one the run stages (".incoming-" and 8 characters): left by
    # a run cut short, or by anyone, it is not read, and listed so (review: a game in it went unsaid, exit 0)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    games.write(folder / ".incoming-late.jsonl", [games.narde(3)])
    (folder / ".incoming-k2x_9q0z").write_bytes(b"half")

    result = run([str(folder)], folder, workers=1)

    assert result.summary.passed_over == [str(folder / ".incoming-k2x_9q0z"), str(folder / ".incoming-late.jsonl")]


def test_hidden_files_in_an_input_folder_that_is_also_the_out_are_listed_as_passed_over(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    games.write(folder / ".late.jsonl", [games.mismatched(games.narde(9))])

    result = run([str(folder)], folder, workers=1)

    assert result.summary.passed_over == [str(folder / ".late.jsonl")]


def test_a_folder_that_holds_only_the_audits_own_outputs_is_a_usage_error_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games.write(tmp_path / "day.jsonl", many(2))
    out = tmp_path / "r1"
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()

    assert main(["audit", str(out), "--out", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: {out}: the folder holds no file but the audit's own outputs in --out {out}"
        " (summary.json, findings.jsonl, report.html, partials/), which are not read\n"
    )


def test_an_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "empty" / "inside").mkdir(parents=True)
    with pytest.raises(UsageError, match=r"holds no file"):
        run([str(tmp_path / "empty")], tmp_path / "out")


def test_every_file_under_a_folder_is_audited_whatever_its_name_and_through_linked_folders(tmp_path: Path) -> None:
    # Given a folder whose games are in files of every name, gzip-compressed as .GZ, behind a link to another folder
    # (and a link back up, followed once), beside a note that holds no game
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))
    games.write(folder / "b.JSONL", [games.mismatched(games.narde(90))])
    games.write(folder / "c.ndjson", [games.narde(91)])
    games.write(folder / "d.jsonl.GZ", [games.narde(92)])
    games.write(tmp_path / "elsewhere" / "e.jsonl", [games.narde(93)])
    (folder / "more").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere" / "up").symlink_to(folder, target_is_directory=True)
    (folder / "notes.txt").write_text("the games of 29 November\n")

    # When it is audited
    result = run([str(folder)], tmp_path / "out", workers=1)

    # Then every file is an input, the mismatch is found, the .GZ file is read as gzip and the note's line is a
    # finding: nothing is passed over for its name
    assert [Path(record.file).name for record in result.summary.inputs] == [
        "a.jsonl", "b.JSONL", "c.ndjson", "d.jsonl.GZ", "e.jsonl", "notes.txt"
    ]  # fmt: skip
    assert (result.summary.games, result.summary.fair, result.summary.mismatch) == (7, 6, 1)
    findings = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [(Path(f["file"]).name, f["line"], f["error"]["code"]) for f in findings if "error" in f] == [
        ("notes.txt", 1, "not_json")
    ]
    assert main(["audit", str(folder), "--out", str(tmp_path / "out2")]) == 1


def test_hidden_files_and_folders_and_what_is_not_a_file_are_not_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder of games that is also a git checkout on a Mac, with a pipe and a socket in it (review)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))
    games.write(folder / ".git" / "objects" / "x.jsonl", [games.mismatched(games.narde(90))])
    (folder / ".gitkeep").touch()
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    (folder / "._a.jsonl").write_bytes(b"\x00\x05\x16\x07")
    os.mkfifo(folder / "pipe.jsonl")
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(folder / "sock.jsonl"))

        # When it is audited, then only the games file is read: no wait on the pipe, no finding for the tools' files
        result = run([str(folder)], tmp_path / "out", workers=1)

    assert [Path(record.file).name for record in result.summary.inputs] == ["a.jsonl"]
    assert result.summary.games == result.summary.fair == 3
    # And the rest is listed, which keeps the audit from being clean: a mismatch is hidden in .git here, and a folder's
    # hidden file could be any game's (review: exit 0); the files named themselves make a clean audit. An empty hidden
    # file holds no game: it is not listed (review: a .gitkeep made an audit exit 1)
    listed = [".DS_Store", "._a.jsonl", ".git", "pipe.jsonl", "sock.jsonl"]
    assert result.summary.passed_over == [str(folder / name) for name in listed]
    assert not result.summary.clean
    assert main(["audit", str(folder / "a.jsonl"), "--out", str(tmp_path / "out3")]) == 0
    # And a pipe named as an input is refused, not waited on
    assert main(["audit", str(folder / "pipe.jsonl"), "--out", str(tmp_path / "out2")]) == 2
    assert "pipe.jsonl: not a file or a folder" in capsys.readouterr().err


def test_gzip_under_a_name_without_gz_is_audited_and_a_link_to_a_file_is_read_under_the_files_own_name(
    tmp_path: Path,
) -> None:
    # Given a folder of a .gz file and a link to it whose name sorts first and does not end in .gz, and a plain file of
    # gzip data named .jsonl (review: each was read as text under the name without .gz, each line a finding that it
    # was not JSON, and no game audited)
    folder = tmp_path / "in"
    gz = games.write(folder / "g.jsonl.gz", many(3))
    (folder / "a.jsonl").symlink_to("g.jsonl.gz")
    plain = folder / "p.jsonl"
    plain.write_bytes(gzip.compress(games.jsonl([games.narde(1)])))
    # When it is audited, Then every game is audited, fair: exit 0
    out = tmp_path / "out"
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 0
    document = summary(out)
    assert (document["games"], document["fair"], document["errors"]) == (4, 4, 0)
    # and the linked file is read once, under its own name
    assert [record["file"] for record in document["inputs"]] == [str(gz), str(plain)]


def test_a_file_put_in_a_folder_given_while_the_audit_reads_it_is_listed_as_not_read(tmp_path: Path) -> None:
    # Given a folder of fair games, into which whoever writes it puts a file of a game not fair, and a hidden one, once
    # the run has found its inputs (as the run hands out its first block), and a link to a file it reads
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))

    def put_meanwhile() -> None:
        games.write(folder / "b.jsonl", [games.mismatched(games.narde(90))])
        games.write(folder / ".late.jsonl", [games.mismatched(games.narde(91))])
        if not (folder / "a-again.jsonl").exists():
            (folder / "a-again.jsonl").symlink_to(folder / "a.jsonl")

    # When it is audited
    result = run([str(folder)], tmp_path / "out", workers=1, asked=put_meanwhile)

    # Then the two files put there are listed as not read, and the audit is not clean (review: neither was said, and
    # the audit was clean, exit 0, where on AWS a shard put under the prefix after the listing is a finding); the link
    # leads to a file read
    assert [Path(record.file).name for record in result.summary.inputs] == ["a.jsonl"]
    assert result.summary.games == result.summary.fair == 3
    assert result.summary.passed_over == [str(folder / ".late.jsonl"), str(folder / "b.jsonl")]
    assert not result.summary.clean


def test_a_file_put_in_a_folder_given_under_the_inode_of_a_file_read_is_listed_as_not_read(tmp_path: Path) -> None:
    # Given a folder of two fair files, the first of which, once read, is renamed and written anew with a game not fair,
    # as a file put there under the inode of one removed once read is, on a file system that gives a freed inode at
    # once (ext4)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", [games.narde(1)])
    games.write(folder / "c.jsonl", [games.narde(2)])
    inode = (folder / "a.jsonl").stat().st_ino

    blocks: list[None] = []

    def put_meanwhile() -> None:
        blocks.append(None)
        if len(blocks) == 2:  # the second file's one block: the first was read, and closed
            (folder / "a.jsonl").rename(folder / "b.jsonl")
            games.write(folder / "b.jsonl", [games.mismatched(games.narde(90))])

    # When it is audited, the first file renamed and written anew as the second's block is handed out
    result = run([str(folder)], tmp_path / "out", workers=1, asked=put_meanwhile)

    # Then the file under the first's inode is listed as not read, and the audit is not clean (review: taken for the
    # file read, by its inode alone, it was not said, and the audit was clean); the first, gone from its name since it
    # was read, is not audited
    assert (folder / "b.jsonl").stat().st_ino == inode
    assert result.summary.games == result.summary.fair == 1
    assert result.summary.not_audited == 1
    assert result.summary.passed_over == [str(folder / "b.jsonl")]
    assert not result.summary.clean


@pytest.mark.parametrize("where", ["the-input-folder", "hidden-in-the-input"])
def test_a_file_put_among_the_partial_results_of_an_out_within_the_input_while_the_audit_runs_is_listed_as_not_read(
    tmp_path: Path, where: str
) -> None:
    # Given a folder of fair games, its --out within it, and whoever writes the folder putting a file of a game not fair
    # among the run's partial results as the run hands out its first block
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = {"the-input-folder": folder, "hidden-in-the-input": folder / ".audit"}[where]

    def put_meanwhile() -> None:
        games.write(out / "partials" / "late.jsonl", [games.mismatched(games.narde(90))])

    # When it is audited
    result = run([str(folder)], out, workers=1, asked=put_meanwhile)

    # Then the file is listed as not read, and the audit is not clean (review: the walk leaves the run's own outputs
    # out, so it was neither read nor said, and the audit was clean, exit 0; the next run refused it)
    assert result.summary.games == result.summary.fair == 3
    assert result.summary.passed_over == [str(out / "partials" / "late.jsonl")]
    assert not result.summary.clean


@pytest.mark.parametrize("when", ["as-a-block-is-handed-out", "once-the-run-looked-there"])
@pytest.mark.parametrize("output", ["summary.json", "findings.jsonl", "report.html"])
@pytest.mark.parametrize("where", ["the-input-folder", "elsewhere"])
def test_a_file_put_in_the_place_of_an_output_while_the_audit_runs_is_kept_and_the_run_stops_saying_so(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    output: str,
    where: str,
    when: str,
) -> None:
    # Given a folder of fair games, its own --out or another, and whoever writes --out putting a file of a game not fair
    # where the run writes one of its three outputs: as the run hands out its first block, there when the run looks at
    # the places of its outputs; or once the run has looked there, as the merge begins (summary.json, findings.jsonl),
    # or as the report is drawn (report.html)
    folder = tmp_path / "in"
    out = {"the-input-folder": folder, "elsewhere": tmp_path / "out"}[where]
    games.write(folder / "day.jsonl", many(3))
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()

    def put() -> None:
        (out / output).write_bytes(late)

    if when == "as-a-block-is-handed-out":
        step = "run"

        def putting(*args: Any, **kwargs: Any) -> Any:
            return real(*args, **{**kwargs, "asked": put})
    else:
        step = "render" if output == "report.html" else "merge"

        def putting(*args: Any, **kwargs: Any) -> Any:
            put()
            return real(*args, **kwargs)

    real = getattr(local, step)
    monkeypatch.setattr(local, step, putting)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    capsys.readouterr()

    # When it is audited, Then the file is kept, not written over, and the run stops saying so, exit 3, and leaves no
    # output (review: in the input folder it was listed as not read and written over with the run's own output, its
    # game lost; elsewhere the summary and findings were written before the run stopped at the report, or the run wrote
    # its output over it without a word, and the audit was clean, exit 0)
    assert main(arguments) == 3
    assert (out / output).read_bytes() == late
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == [output]
    assert capsys.readouterr().err == (
        f"fairdice: audit: {out / output}: put there while the audit ran, where it writes this result: it is kept,"
        " not written over; move it out. The audit did not finish: once that is mended, finish it with: fairdice audit"
        f" {folder} --out {out} --workers 1 --resume\n"
    )
    # And once it is moved out, the resume it names finishes the audit, clean
    monkeypatch.setattr(local, step, real)
    (out / output).rename(tmp_path / "kept")
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["fair"] == 3 and summary(out)["passed_over"] == []


@pytest.mark.parametrize("where", ["the-input-folder", "elsewhere"])
def test_files_put_in_the_places_of_several_outputs_while_the_audit_runs_are_all_named_as_the_run_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    # Given a folder of fair games, its own --out or another, and whoever writes --out putting a game not fair where the
    # run writes its summary and another where it writes its report, as the run hands out its first block
    folder = tmp_path / "in"
    out = {"the-input-folder": folder, "elsewhere": tmp_path / "out"}[where]
    games.write(folder / "day.jsonl", many(3))
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    put = ("summary.json", "report.html")
    put_while_audited(monkeypatch, lambda: [(out / name).write_bytes(late) for name in put])
    capsys.readouterr()

    # When it is audited, Then both are kept, and the run stops naming both, exit 3 (review: it named the first, and
    # the resume that was to finish the audit once it was moved out stopped at the second)
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 3
    assert all((out / name).read_bytes() == late for name in put)
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {out / 'summary.json'}: put there while the audit ran, where it writes this result: it is"
        f" kept, not written over, and so are {out / 'report.html'}, kept alike; move them out. The audit did not"
        " finish"
    )


@pytest.mark.parametrize("output", ["summary.json", "findings.jsonl", "report.html"])
@pytest.mark.parametrize("resume", [False, True], ids=["afresh", "resumed"])
def test_another_audits_output_put_in_the_place_of_an_output_while_the_audit_runs_is_kept_as_any_file_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, output: str, resume: bool
) -> None:
    # Given another audit's outputs, of a game not fair, and a folder of fair games audited into an --out of its own,
    # afresh or resumed once finished (its outputs there as the resume begins), and whoever writes --out copying one of
    # the other audit's outputs where the run writes the same output, as the run hands out its first block
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    games.write(tmp_path / "other.jsonl", [games.mismatched(games.narde(90))])
    assert main(["audit", str(tmp_path / "other.jsonl"), "--out", str(tmp_path / "other"), "--workers", "1"]) == 1
    theirs = (tmp_path / "other" / output).read_bytes()
    out = tmp_path / "out"
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    if resume:
        assert main(arguments) == 0
    put_while_audited(monkeypatch, lambda: (out / output).write_bytes(theirs))

    # When it is audited, Then the copy is kept, not removed as an earlier audit's output there, and the run stops,
    # exit 3, as for any file put there (review: it holds what the audit writes there, so it was removed and written
    # over, and the audit was clean, exit 0: another audit's findings lost, or one's own page headed as a report)
    assert main([*arguments, "--resume"] if resume else arguments) == 3
    assert (out / output).read_bytes() == theirs
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == [output]


def _fair_folder_and_out(tmp_path: Path, where: str) -> tuple[Path, Path]:
    """A folder of 3 fair games, and --out beside it ("elsewhere") or the folder itself ("the-input-folder")."""
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    return folder, {"elsewhere": tmp_path / "out", "the-input-folder": folder}[where]


@pytest.mark.parametrize("step", ["merge", "put_summary"], ids=["before-the-report-is-drawn", "once-it-is-drawn"])
@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_findings_put_in_the_place_of_those_the_merge_wrote_stop_the_run_and_are_kept_not_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str, step: str
) -> None:
    # Given a folder of fair games, and whoever writes --out putting findings of their own in the place of those the
    # merge wrote (removing the run's): before the report is drawn from them, or once it is drawn
    folder, out = _fair_folder_and_out(tmp_path, where)
    theirs = json.dumps({"id": "x", "scheme": "narde-v1", "verdict": "mismatch", "reasons": ["theirs"]}) + "\n"
    real = getattr(local, step)

    def put() -> None:
        (out / "findings.jsonl").unlink()
        (out / "findings.jsonl").write_text(theirs)

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        if step == "put_summary":  # as the summary is written, the report drawn and written
            put()
        done = real(*args, **kwargs)
        if step == "merge":  # once the merge wrote its findings, before the report is drawn from them
            put()
        return done

    monkeypatch.setattr(local, step, put_meanwhile)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    capsys.readouterr()

    # When it is audited, Then the run stops, exit 3, saying so, their findings kept, and leaves no output of its own
    # (review: the report was drawn from their findings, or written beside them with the summary, every game fair, and
    # the audit was clean, exit 0)
    assert main(arguments) == 3
    assert (out / "findings.jsonl").read_text() == theirs
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == [
        "findings.jsonl"
    ]
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {out / 'findings.jsonl'}: put there while the audit ran, where it writes this result: it is"
        " kept, not written over; move it out."
    )
    # And once they are moved out, the resume finishes the audit, clean
    monkeypatch.setattr(local, step, real)
    (out / "findings.jsonl").rename(tmp_path / "kept")
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["fair"] == 3 and (out / "findings.jsonl").read_bytes() == b""


@pytest.mark.parametrize(
    ("output", "step"),
    [("report.html", "render"), ("summary.json", "put_summary"), ("report.html", "put_summary")],
    ids=["the-report-as-it-is-drawn", "the-summary-once-the-report-is-written", "the-report-once-it-is-written"],
)
@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_a_run_stopped_by_a_file_put_in_the_place_of_its_report_or_summary_leaves_no_output_to_be_read_as_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, output: str, step: str
) -> None:
    # Given a folder of fair games, and whoever writes --out putting a file of a game not fair where the run writes its
    # report once the run has looked there (as the report is drawn), or its summary once the report is written, or in
    # the place of the report it wrote (removing it) as the summary is written
    folder, out = _fair_folder_and_out(tmp_path, where)
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    real = getattr(local, step)

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        (out / output).unlink(missing_ok=True)
        (out / output).write_bytes(late)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, step, put_meanwhile)

    # When it is audited, Then the run stops, exit 3, the file kept, and leaves no other output: not summary.json, whose
    # counts, every game fair, nothing passed over, not audited or found, read as a finished clean audit beside a run
    # that did not finish (review: the summary was written before the report, and kept when the report's place was
    # taken), nor the report, headed "All 3 games read are fair", nor the findings it wrote (review: both were left
    # beside a run that did not finish), nor the summary beside the report put there (review: it was, exit 0)
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 3
    assert (out / output).read_bytes() == late
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == [output]


def test_a_run_stopped_whose_output_cannot_be_withdrawn_says_its_own_error_and_what_it_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder of fair games, whoever writes --out putting a file in the place of its summary once the report is
    # written, and from then on the findings the run wrote that cannot be removed (a folder no longer written in; on
    # Windows, a file another program holds open)
    folder, out = _fair_folder_and_out(tmp_path, "elsewhere")
    real_put_summary, real_unlink = local.put_summary, os.unlink

    def unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        if os.fspath(path) == str(out / "findings.jsonl"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        real_unlink(path, *args, **kwargs)

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        (out / "summary.json").write_text("mine")
        monkeypatch.setattr(os, "unlink", unlink)
        return real_put_summary(*args, **kwargs)

    monkeypatch.setattr(local, "put_summary", put_meanwhile)
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, on its own error, the summary's place taken, and says the findings it
    # could not remove (review: the PermissionError of their removal was said instead, the place taken unsaid)
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {out / 'summary.json'}: put there while the audit ran, where it writes this result: it is"
        f" kept, not written over; move it out; {out / 'findings.jsonl'} (Permission denied) could not be removed:"
        " written by this run, which did not finish, it is no finished audit's output; remove it. The audit did not"
        " finish"
    )
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == [
        "summary.json",
        "findings.jsonl",
    ]


@pytest.mark.parametrize(("stop", "status"), [(KeyboardInterrupt, 130), (MemoryError, 3)], ids=["ctrl-c", "no-memory"])
def test_a_run_stopped_as_it_draws_its_report_leaves_no_findings_to_be_read_as_a_finished_audits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: type[BaseException], status: int
) -> None:
    # Given a folder of fair games, and a Ctrl-C, or memory running short, as the report is drawn, once the merge has
    # written findings.jsonl
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = tmp_path / "out"
    real = local.render

    def stopped(*args: Any, **kwargs: Any) -> str:
        assert (out / "findings.jsonl").is_file()  # written by the merge, before the report is drawn
        raise stop

    monkeypatch.setattr(local, "render", stopped)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]

    # When it is audited, Then the run stops with its status and leaves no output: not findings.jsonl, empty for fair
    # games, which read as an audit that found nothing beside a run that did not finish (review: it was left)
    assert main(arguments) == status
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []
    # And the resume finishes the audit, clean
    monkeypatch.setattr(local, "render", real)
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["fair"] == 3


def test_on_a_file_system_without_hard_links_the_outputs_are_written_and_a_file_put_in_their_place_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a file system that keeps no hard links (FAT, exFAT, some network shares: a link is refused, EPERM)
    def refused(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", refused)
    games.write(tmp_path / "day.jsonl", many(3))
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]

    # When it is audited, Then its outputs are written all the same, clean
    assert main(arguments) == 0
    assert summary(tmp_path / "out")["fair"] == 3 and (tmp_path / "out" / "report.html").is_file()

    # And a file put where the report goes as it is drawn is kept, not written over, and the run stops, exit 3
    real = local.render

    def put_meanwhile(*args: Any, **kwargs: Any) -> str:
        (tmp_path / "out" / "report.html").write_bytes(b"my own page")
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "render", put_meanwhile)
    assert main(arguments) == 3
    assert (tmp_path / "out" / "report.html").read_bytes() == b"my own page"


def test_a_folder_put_among_the_partial_results_of_an_out_within_the_input_that_cannot_be_read_is_listed_as_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a folder of fair games that is its own --out, and whoever writes the folder putting a folder holding a game
    # not fair among the run's partial results as the run hands out its first block, and taking its read permission
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    scandir = os.scandir
    locked: list[None] = []

    def put_meanwhile() -> None:
        games.write(folder / "partials" / "locked" / "late.jsonl", [games.mismatched(games.narde(90))])
        locked.append(None)

    def refusing(path: Any = ".") -> Any:  # what a folder without read permission gives (this runs as root)
        if locked and str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)

    # When it is audited
    result = run([str(folder)], folder, workers=1, asked=put_meanwhile)

    # Then the folder is listed as not read, and the audit is not clean (review: the walk of partials/ passed it by
    # without a word, and the audit was clean, exit 0)
    assert result.summary.games == result.summary.fair == 3
    assert result.summary.passed_over == [str(folder / "partials" / "locked")]
    assert not result.summary.clean


def test_a_folder_under_the_input_that_cannot_be_read_is_a_usage_error_not_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games.write(tmp_path / "in" / "a.jsonl", many(2))
    games.write(tmp_path / "in" / "locked" / "b.jsonl", [games.mismatched(games.narde(9))])
    scandir = os.scandir

    def refusing(path: Any = ".") -> Any:  # what a folder without read permission gives (this runs as root)
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    assert main(["audit", str(tmp_path / "in"), "--out", str(tmp_path / "out")]) == 2
    assert "locked: cannot be opened (Permission denied)" in capsys.readouterr().err


def test_a_folder_under_the_input_that_cannot_be_read_once_its_files_were_is_listed_as_not_read_and_the_audit_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a folder of fair games whose subfolder, read as the run found its inputs, cannot be read from the moment
    # the run hands out its first block (its permissions taken away meanwhile)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(2))
    games.write(folder / "locked" / "b.jsonl", many(2))
    scandir = os.scandir
    locked: list[None] = []

    def refusing(path: Any = ".") -> Any:  # what a folder without read permission gives (this runs as root)
        if locked and str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)

    # When it is audited
    result = run([str(folder)], tmp_path / "out", workers=1, asked=lambda: locked.append(None))

    # Then every game read is counted and the folder is listed as not read: the audit is not clean, and its outputs
    # are written (review: a UsageError after every block was audited, nothing written, the run's work thrown away)
    assert result.summary.games == result.summary.fair == 4
    assert result.summary.passed_over == [str(folder / "locked")]
    assert not result.summary.clean
    assert summary(tmp_path / "out")["passed_over"] == [str(folder / "locked")]
    # and the words that say what was not read name it (review: they named hidden files, what is not a file and what was
    # put there while the audit ran, none of them it)
    page = (tmp_path / "out" / "report.html").read_text()
    assert "or a folder that could no longer be read): any game it holds is not in this audit" in page


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
def test_an_out_that_may_be_written_in_but_not_read_is_a_usage_error_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], again: list[str]
) -> None:
    # Given an --out of mode d-wx, as a user other than root finds it (review: no run held it, so a second audit went
    # on beside the first; every later run stopped, exit 3, asking for a --resume that stopped alike)
    games.write(tmp_path / "day.jsonl", many(1))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    before = sorted(out.rglob("*"))
    opened = os.open

    def refusing(path: Any, flags: int, *rest: Any, **named: Any) -> int:  # this runs as root
        if Path(path) == out and flags & os.O_ACCMODE == os.O_RDONLY:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return opened(path, flags, *rest, **named)

    monkeypatch.setattr(os, "open", refusing)
    capsys.readouterr()

    # When it is audited into it, afresh or resumed, Then it is refused, exit 2, saying what to do, and nothing written
    assert main([*arguments, *again]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out}: cannot be read (Permission denied): the audit lists it for an earlier audit's"
        " results and holds it so that no other audit writes there at once; let it be read (chmod u+r), or give"
        " another --out\n"
    )
    assert sorted(out.rglob("*")) == before


@pytest.mark.parametrize("named", ["itself", "its-folder"])
def test_a_file_whose_name_is_not_utf8_is_a_usage_error_naming_it_and_an_earlier_audit_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    # Given an earlier audit in --out, and a folder from another system with a file named in bytes that are no UTF-8
    games.write(tmp_path / "day.jsonl", many(2))
    out = tmp_path / "out"
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    kept = {path: path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}
    folder = tmp_path / "in"
    folder.mkdir()
    odd = os.fsdecode(bytes(folder) + b"/\xffgames.jsonl")
    games.write(Path(odd), many(2))
    given = odd if named == "itself" else str(folder)

    # When it is audited into the same --out (review: a traceback, exit 1, the earlier results gone)
    status = main(["audit", given, "--out", str(out), "--workers", "1"])

    # Then it is a usage error that names the file, its odd byte as an escape, and nothing in --out is touched
    assert status == 2
    err = capsys.readouterr().err
    assert (
        err.startswith(f"fairdice: audit: {folder}/\\xffgames.jsonl: its name is not UTF-8 text")
        and len(err.splitlines()) == 1
    )
    assert {path: path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()} == kept


def test_a_hidden_file_whose_name_is_not_utf8_is_listed_as_passed_over_with_its_byte_as_an_escape(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(2))
    (folder / os.fsdecode(b".\xfe~")).write_bytes(b"x")

    result = run([str(folder)], tmp_path / "out", workers=1)

    assert result.summary.passed_over == [f"{folder}/.\\xfe~"]
    assert summary(tmp_path / "out")["passed_over"] == [f"{folder}/.\\xfe~"]
    assert "\\xfe" in (tmp_path / "out" / "report.html").read_text()


def test_a_link_to_nothing_in_a_folder_or_named_is_an_input_that_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games.write(tmp_path / "in" / "a.jsonl", many(2))
    (tmp_path / "in" / "b.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    assert main(["audit", str(tmp_path / "in"), "--out", str(tmp_path / "out")]) == 2
    assert "b.jsonl: cannot be opened" in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "in" / "b.jsonl"), "--out", str(tmp_path / "out")]) == 2
    assert "b.jsonl: cannot be opened (a link to nothing)" in capsys.readouterr().err


def test_two_workers_give_the_summary_and_findings_that_one_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local, "BLOCK_LINES", 7)
    content: list[Any] = [*many(40), games.mismatched(games.narde(99)), "nope", games.three_dice(5)]
    games.write(tmp_path / "in" / "a.jsonl.gz", content)
    games.write(tmp_path / "in" / "b.jsonl", many(11))  # ids g0000000..: duplicates of a's
    one = run([str(tmp_path / "in")], tmp_path / "one", workers=1)
    two = run([str(tmp_path / "in")], tmp_path / "two", workers=2)
    assert one.summary == two.summary
    assert (tmp_path / "one" / "findings.jsonl").read_bytes() == (tmp_path / "two" / "findings.jsonl").read_bytes()
    assert one.summary.duplicate_ids == 11 and one.audited_blocks == 7 + 2
    assert one.summary.repeated_games == 0  # b's lines are a's first 11 copied whole: duplicate ids only


def test_a_block_of_long_lines_ends_once_its_lines_hold_64_mib_so_memory_does_not_grow_with_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given 80 lines of nearly the line cap, 1 MiB, each (review: a block took 2,000 lines whatever their size, so
    # such lines were held 2 GiB to a block, in the main process and again in its worker, for each block in flight:
    # 800 MB of them took 900 MB)
    long = b"x" * (MAX_LINE_BYTES - 1) + b"\n"
    day = tmp_path / "day.jsonl"
    day.write_bytes(long * 80)
    held: list[int] = []
    audited = local.audit_block

    def measured(out: str, name: str, file: str, block: list[Any], *rest: Any) -> Any:
        held.append(sum(len(read) for _, read in block))
        return audited(out, name, file, block, *rest)

    monkeypatch.setattr(local, "audit_block", measured)
    # When it is audited
    whole = run([str(day)], tmp_path / "out", workers=1)
    # Then a block holds 64 MiB of lines at most and the line that reaches it (65 such lines), each line read once
    assert held == [65 * len(long.strip()), 15 * len(long.strip())] and whole.summary.errors == 80
    # And a resume cuts the blocks alike: only the one lost is audited again
    (tmp_path / "out" / "partials" / "00000-0000001" / "summary.json").unlink()
    resumed = run([str(day)], tmp_path / "out", workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1) and resumed.summary == whole.summary


def test_a_resume_of_a_run_that_cut_blocks_by_their_lines_alone_is_refused_as_its_blocks_are_cut_otherwise(
    tmp_path: Path,
) -> None:
    # Given an interrupted run of an earlier fairdice, whose plan keeps no most bytes of a block
    games.write(tmp_path / "day.jsonl", many(3))
    run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1)
    plan = tmp_path / "out" / local.PLAN
    # indented, as fairdice has always written it (a plan of one line is refused by a fresh run: it could be a game)
    plan.write_text(json.dumps({**json.loads(plan.read_text()), "block_bytes": None}, indent=2))
    # When it is resumed, Then it is refused, saying why and what to do (review: "the inputs are not those of the
    # audit", of the same inputs, and "audit them afresh", which did not say how)
    with pytest.raises(UsageError) as refused:
        run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: the audit in {tmp_path / 'out'} was begun by an earlier fairdice, which cut its blocks by their"
        " lines alone, where this one also ends a block at 67,108,864 bytes; this fairdice cannot finish it: audit the"
        f" inputs afresh, with the same command without --resume (which removes that audit's results in"
        f" {tmp_path / 'out'} first)"
    )
    # And the same command without --resume audits them afresh
    assert run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1).summary.fair == 3


def put_while_audited(monkeypatch: pytest.MonkeyPatch, put: Callable[[], object]) -> None:
    """`fairdice audit` as the command runs it, with `put` called as each block is handed out (`local.run`'s `asked`):
    something put in the audit's way while it runs."""
    real = local.run
    monkeypatch.setattr(local, "run", lambda *args, **kwargs: real(*args, **{**kwargs, "asked": put}))


@pytest.mark.parametrize("put", ["a-file-as-partials", "a-pipe-as-a-block", "a-file-as-a-block"])
def test_what_is_put_in_the_place_of_a_folder_the_run_keeps_block_results_in_stops_it_naming_that(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], put: str
) -> None:
    # Given a file of fair games cut into two blocks, and whoever writes --out putting, once the first block is
    # audited, a file in the place of partials/ (removing it), or a pipe or a file in the place of the second block's
    # folder
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", many(4))
    out = tmp_path / "out"
    there = out / "partials" if put == "a-file-as-partials" else out / "partials" / "00000-0000001"

    def put_it() -> None:
        if put == "a-file-as-partials" and (out / "partials").is_dir():
            shutil.rmtree(out / "partials")
        if not os.path.lexists(there):
            os.mkfifo(there) if put == "a-pipe-as-a-block" else there.write_text("mine")

    put_while_audited(monkeypatch, put_it)
    arguments = ["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming what is there, which is kept, and what to do (review: "File
    # exists", or "Not a directory" naming the block's folder where partials/ was the file, and the resume asked for
    # stopped alike, with the same words)
    assert main(arguments) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {there}: not a folder, where the audit keeps its results: it is kept, not written over; move"
        " it out. The audit did not finish"
    )
    assert there.is_fifo() if put == "a-pipe-as-a-block" else there.read_text() == "mine"
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []
    # And once a block's is moved out, the resume audits that block alone, and the audit is whole
    if put != "a-file-as-partials":
        there.unlink()
        resumed = run([str(tmp_path / "in")], out, workers=1, resume=True)
        assert (resumed.audited_blocks, resumed.resumed_blocks, resumed.summary.fair) == (1, 1, 4)


@pytest.mark.parametrize(
    "put",
    [
        "the-first-blocks-folder-removed",
        "a-link-as-the-first-blocks-folder-once-written",
        "a-link-as-the-last-blocks-folder",
    ],
)
def test_a_block_whose_result_the_merge_cannot_find_stops_the_run_not_counted_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], put: str
) -> None:
    # Given a file of fair games cut into three blocks, and whoever writes --out, as they are handed out, removing the
    # first block's folder once its result is written, or moving it aside and putting a link to a folder of theirs in
    # its place, or putting such a link in the place of the last's before it is written
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", many(6))
    out = tmp_path / "out"
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    first, last = out / "partials" / "00000-0000000", out / "partials" / "00000-0000002"

    def put_it() -> None:
        if put == "the-first-blocks-folder-removed" and (first / "summary.json").exists():
            shutil.rmtree(first)
        elif put == "a-link-as-the-first-blocks-folder-once-written" and (first / "summary.json").exists():
            first.rename(out / "moved")
            first.symlink_to(theirs)
        elif put == "a-link-as-the-last-blocks-folder" and (out / "partials" / "00000-0000001").exists():
            with contextlib.suppress(FileExistsError):
                last.symlink_to(theirs)

    put_while_audited(monkeypatch, put_it)
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming the block, and leaves no output (review: the merge counted the
    # blocks it found, 4 games of 6, every one fair, exit 0, the file named as read whole); a link in the place of a
    # block's folder before its result is written stops the write, which does not go through it (review: the result
    # was written through it, over a file of theirs of the same name)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 3
    if put == "a-link-as-the-last-blocks-folder":
        assert capsys.readouterr().err.startswith(
            f"fairdice: audit: {last}: not a folder, where the audit keeps its results: it is kept, not written over;"
            " move it out. The audit did not finish"
        )
    else:
        assert capsys.readouterr().err.startswith(
            f"fairdice: audit: {first}: the block's result is not where the audit stored it (removed, or its folder"
            " replaced, while the audit ran), and its games would go uncounted. The audit did not finish"
        )
    assert list(theirs.iterdir()) == []
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
@pytest.mark.parametrize("moment", ["as-the-write-begins", "as-the-file-is-written"])
@pytest.mark.parametrize("place", ["partials", "a-block"])
def test_a_link_put_in_the_place_of_a_folder_of_results_as_they_are_written_is_not_written_through(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    held: bool,
    moment: str,
    place: str,
) -> None:
    # Given a file of fair games cut into two blocks, a folder of someone else's holding files named as the second
    # block's result (in a folder named as that block, for a link in the place of partials/), and whoever writes
    # --out moving partials/ or the second block's folder aside, where there is one, and putting a link to theirs in
    # its place, as the write of that block's findings begins or once its file is made, before it is written and given
    # its place; where each folder on the way is held open (POSIX), and where it is looked at instead (Windows)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", many(4))
    out = tmp_path / "out"
    there = out / "partials" if place == "partials" else out / "partials" / "00000-0000001"
    theirs = tmp_path / "theirs"
    kept = theirs / "00000-0000001" if place == "partials" else theirs
    kept.mkdir(parents=True)
    for name in ("findings.jsonl", "ids.txt", "games.txt", "summary.json"):
        (kept / name).write_text("mine")

    def held_there() -> dict[Path, str]:
        return {path: path.read_text() if path.is_file() else "a folder" for path in theirs.rglob("*")}

    before = held_there()

    def put_link() -> None:
        if os.path.lexists(there):
            there.rename(out / "moved")
        there.symlink_to(theirs)

    if moment == "as-the-write-begins":
        real_put_file = FolderResults.put_file

        def put_file(self: FolderResults, name: str, path: Path) -> None:
            if name == "partials/00000-0000001/findings.jsonl":
                put_link()
            real_put_file(self, name, path)

        monkeypatch.setattr(FolderResults, "put_file", put_file)
    else:
        real_new_file = store._new_file

        def new_file(folder: Any, mark: str = "") -> Any:
            made = real_new_file(folder, mark)
            if folder.path == out / "partials" / "00000-0000001" and not os.path.lexists(out / "moved"):
                put_link()
            return made

        monkeypatch.setattr(store, "_new_file", new_file)
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming the link, and nothing is written through it: theirs are as they
    # were, and nothing is added beside them (review: the block's result was written through it, over their files of
    # the same names, and only then did the run stop)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {there}: not a folder, where the audit keeps its results: it is kept, not written over;"
        " move it out. The audit did not finish"
    )
    assert held_there() == before
    assert there.is_symlink()
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
@pytest.mark.parametrize("place", ["partials", "a-block"])
def test_a_link_put_in_the_place_of_a_folder_of_results_as_they_are_merged_stops_the_run_not_counted_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], held: bool, place: str
) -> None:
    # Given a file of fair games cut into three blocks, and whoever writes --out, once every block's result is found
    # where the run stored it and before the merge reads them, moving partials/ or the first block's folder aside and
    # putting a link to a copy of it in its place; where each folder is held open (POSIX), and where it is looked at
    # (Windows)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", many(6))
    out = tmp_path / "out"
    there = out / "partials" if place == "partials" else out / "partials" / "00000-0000000"
    found = local._every_block_found

    def then_a_link(out: Path, names: set[str]) -> None:
        found(out, names)
        shutil.copytree(there, tmp_path / "theirs")
        there.rename(tmp_path / "moved")
        there.symlink_to(tmp_path / "theirs", target_is_directory=True)

    monkeypatch.setattr(local, "_every_block_found", then_a_link)
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming the link, and leaves no output (review: the merge read the
    # blocks through a link as partials/, and passed over one as a block's folder: 4 games of 6 counted, all fair, the
    # file named as read whole, exit 0)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {there}: not a folder, where the audit keeps its results: it is kept, not written over;"
        " move it out. The audit did not finish"
    )
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
@pytest.mark.parametrize("removed", ["the-blocks-folder", "its-summary"])
def test_a_blocks_result_removed_once_every_one_was_found_and_before_the_merge_stops_the_run_not_counted_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], held: bool, removed: str
) -> None:
    # Given a file of fair games cut into three blocks, and whoever writes --out, once every block's result is found
    # where the run stored it and before the merge lists them, removing the second block's folder, or its summary.json
    # alone; where each folder is held open (POSIX), and where it is looked at (Windows)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", many(6))
    out = tmp_path / "out"
    second = out / "partials" / "00000-0000001"
    found = local._every_block_found

    def then_removed(out: Path, names: set[str]) -> None:
        found(out, names)
        if removed == "the-blocks-folder":
            shutil.rmtree(second)
        else:
            (second / "summary.json").unlink()

    monkeypatch.setattr(local, "_every_block_found", then_removed)
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming the block, as a block found missing before, and leaves no
    # output (review: the merge counted the blocks it listed, 4 games of 6, every one fair, the file named as read
    # whole, exit 0)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {second}: the block's result is not where the audit stored it (removed, or its folder"
        " replaced, while the audit ran), and its games would go uncounted. The audit did not finish"
    )
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []

    # And a resume audits the block again, and counts every game
    monkeypatch.setattr(local, "_every_block_found", found)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1", "--resume"]) == 0
    assert summary(out)["games"] == summary(out)["fair"] == 6


def cut_short(tmp_path: Path) -> tuple[Path, Path, Path, dict[str, Any]]:
    """Three games audited from tmp_path/day.jsonl into tmp_path/out, the result of its one block then lost, as if
    the run was cut short: the input, the out, its plan, and what the plan says."""
    day, out = tmp_path / "day.jsonl", tmp_path / "out"
    games.write(day, many(3))
    run([str(day)], out, workers=1)
    plan = out / local.PLAN
    (out / "partials" / "00000-0000000" / "summary.json").unlink()
    return day, out, plan, json.loads(plan.read_text())


def test_a_resume_of_a_run_that_read_lines_another_way_is_refused_as_begun_by_another_fairdice(
    tmp_path: Path,
) -> None:
    # Given a run cut short, its plan naming the way its lines were read, as this fairdice writes it
    day, out, plan, written = cut_short(tmp_path)
    assert written["lines_version"] == LINES_VERSION
    # When it is resumed, Then it is finished
    assert run([str(day)], out, workers=1, resume=True).summary.fair == 3

    # Given its plan as a fairdice that kept no word of how it read lines wrote it, or one that read them otherwise
    # (review: a UTF-16 file audited before its line feeds' NUL bytes were read as blank, resumed after, was said to
    # have changed since: "lines 1 to 2 are not those it audited")
    def refused(lines_version: int | None) -> str:
        kept = {key: value for key, value in written.items() if key != "lines_version"}
        if lines_version is not None:
            kept["lines_version"] = lines_version
        plan.write_text(json.dumps(kept, indent=2))  # indented, as fairdice writes it
        with pytest.raises(UsageError) as refusal:
            run([str(day)], out, workers=1, resume=True)
        return str(refusal.value)

    def said(who: str, which: str) -> str:
        return (
            f"--resume: the audit in {out} was begun by {who} fairdice, which {which}; this fairdice cannot finish it:"
            " audit the inputs afresh, with the same command without --resume (which removes that audit's results in"
            f" {out} first)"
        )

    # When it is resumed, Then it is refused in the words of a run an earlier fairdice began
    assert refused(None) == said(
        "an earlier",
        "kept no word of how it read its inputs' lines, which fairdice has read otherwise since (little-endian UTF-16"
        " or UTF-32, gzip under a name without .gz), so the blocks it audited may not hold the lines this one reads",
    )
    otherwise = "read its inputs' lines otherwise than this one does, so the blocks it audited may not hold the lines"
    assert refused(LINES_VERSION - 1) == said("an earlier", otherwise + " this one reads")
    assert refused(LINES_VERSION + 1) == said("a later", otherwise + " this one reads")
    # And the same command without --resume audits them afresh
    assert run([str(day)], out, workers=1).summary.fair == 3


@pytest.mark.parametrize(("field", "value"), [("block_lines", 1000), ("block_bytes", 1 << 20)])
def test_a_resume_of_a_run_that_cut_blocks_of_another_size_is_refused_as_begun_by_another_fairdice(
    tmp_path: Path, field: str, value: int
) -> None:
    # Given a run cut short whose plan says it cut blocks of another size, as another fairdice would
    day, out, plan, written = cut_short(tmp_path)
    plan.write_text(json.dumps({**written, field: value}, indent=2))
    # When it is resumed, Then it is refused as another fairdice's, saying what to do (review: "the inputs are not
    # those of the audit", of the same inputs, with no advice for one and "audit them afresh" for the other)
    with pytest.raises(UsageError) as refusal:
        run([str(day)], out, workers=1, resume=True)
    lines, size = written["block_lines"], written["block_bytes"]
    then = {"block_lines": lines, "block_bytes": size, field: value}
    assert str(refusal.value) == (
        f"--resume: the audit in {out} was begun by another fairdice, which cut its blocks at"
        f" {then['block_lines']:,} lines or {then['block_bytes']:,} bytes, where this one cuts them at {lines:,} lines"
        f" or {size:,} bytes; this fairdice cannot finish it: audit the inputs afresh, with the same command without"
        f" --resume (which removes that audit's results in {out} first)"
    )
    # And the same command without --resume audits them afresh
    assert run([str(day)], out, workers=1).summary.fair == 3


def test_a_resume_from_a_damaged_plan_names_the_plan_and_says_to_audit_afresh_into_another_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an audit whose plan is then damaged (a value of the wrong kind)
    day, out = tmp_path / "day.jsonl", tmp_path / "out"
    games.write(day, many(3))
    run([str(day)], out, workers=1)
    plan = out / local.PLAN
    plan.write_text(json.dumps({**json.loads(plan.read_text()), "block_lines": "x"}, indent=2))
    capsys.readouterr()
    # When it is resumed, Then it is refused, exit 2, naming the plan and what to do (review: it said only
    # "fairdice: block_lines: must be a whole number, got 'x'")
    assert main(["audit", str(day), "--out", str(out), "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --resume: {plan}, the plan of the audit in {out}, is not as fairdice writes it (block_lines:"
        " must be a whole number, got 'x'): the audit cannot be resumed from it; audit the inputs afresh, with the"
        f" same command without --resume and another --out (a fresh run into {out} refuses it too, as it removes only"
        " an earlier audit's results)\n"
    )
    # And so is a plan that is not JSON, in the same words
    plan.write_text('{"files": [\n')
    with pytest.raises(UsageError, match=r"plan\.json, the plan of the audit in .*\(Invalid JSON: .*\): the audit can"):
        run([str(day)], out, workers=1, resume=True)
    # And as they say, a fresh run into that --out is refused, and one into another audits the inputs
    with pytest.raises(UsageError, match=r"partials/plan\.json where the audit writes its results"):
        run([str(day)], out, workers=1)
    assert run([str(day)], tmp_path / "again", workers=1).summary.fair == 3


@contextlib.contextmanager
def ends_if_waiting(seconds: int = 30) -> Any:
    """Stop a read that waits on a pipe for a writer, with an error, after `seconds`: a regression fails, not hangs."""

    def waited(*_: object) -> None:
        raise AssertionError(f"waited {seconds} s on a pipe for a writer")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("why", ["permission-denied", "a-folder", "a-pipe"])
def test_a_resume_whose_plan_cannot_be_read_names_the_plan_and_why_and_removes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], why: str
) -> None:
    # Given a run cut short whose plan cannot then be read: its read permission taken (faked: this runs as root), or a
    # folder or a pipe put in its place
    day, out, plan, _ = cut_short(tmp_path)
    opened: list[Path] = []
    if why == "a-folder":
        plan.unlink()
        plan.mkdir()
        reason = "not a file"
    elif why == "a-pipe":
        plan.unlink()
        os.mkfifo(plan)
        reason = "not a file"
        opens = local.open_file

        def recorded(path: Path) -> Any:
            if path.is_fifo():
                opened.append(path)
            return opens(path)

        monkeypatch.setattr(local, "open_file", recorded)
    else:
        opens = local.open_file

        def denied(path: Path) -> Any:
            if path == plan:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return opens(path)

        monkeypatch.setattr(local, "open_file", denied)
        reason = "Permission denied"
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))
    capsys.readouterr()

    # When it is resumed, Then it is refused, exit 2, naming the plan, why and what to do (review: exit 3 asking for the
    # --resume that fails alike, or, for a folder, "holds no interrupted audit to resume"), and nothing is removed
    with ends_if_waiting():
        assert main(["audit", str(day), "--out", str(out), "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --resume: {plan}, the plan of the audit in {out}, cannot be read ({reason}): once it is a"
        " file that can be read, resume again; or audit the inputs afresh, with the same command without --resume and"
        f" another --out (a fresh run into {out} refuses it too, as it removes only an earlier audit's results)\n"
    )
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept
    # And a pipe there is not opened (review: a look for files a run cut short left staged read it, and the resume
    # waited on it for ever)
    assert opened == []
    # And as it says, a fresh run into another --out audits the inputs
    assert run([str(day)], tmp_path / "again", workers=1).summary.fair == 3


def test_a_pipe_put_in_the_place_of_an_input_while_the_run_reads_another_is_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder of two files of fair games, and whoever writes it putting a pipe in the place of the second (its
    # file removed) once the first is handed out to be audited
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))
    pipe = games.write(folder / "b.jsonl", many(6)[3:])

    def put() -> None:
        if not pipe.is_fifo():
            pipe.unlink()
            os.mkfifo(pipe)

    put_while_audited(monkeypatch, put)
    out = tmp_path / "out"
    capsys.readouterr()

    # When it is audited, Then it stops, exit 3, naming the pipe, and leaves no output (review: it opened the pipe to
    # read it, and waited on it for a writer for ever)
    with ends_if_waiting():
        assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(
        f"fairdice: audit: {pipe}: not a file (a pipe, a socket, a device or a folder). The audit did not finish"
    )
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []
    assert pipe.is_fifo()


@pytest.mark.parametrize("place", ["the-plan", "summary.json"])
def test_a_pipe_put_where_a_file_was_looked_at_a_moment_before_is_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], place: str
) -> None:
    # Given a pipe in the place of a file the run reads in --out as it begins, put there between the look that found a
    # file there and the read: the plan of a run cut short, resumed into an --out outside the inputs, or an earlier
    # audit's summary.json where --out is the input folder (the look made to find a file, the pipe there already)
    if place == "the-plan":
        day, out, pipe, _ = cut_short(tmp_path)
        arguments = ["audit", str(day), "--out", str(out), "--resume"]
        words = f"--resume: {pipe}, the plan of the audit in {out}, cannot be read (not a file (a pipe"
    else:
        out = tmp_path / "in"
        games.write(out / "day.jsonl", many(3))
        arguments = ["audit", str(out), "--out", str(out), "--workers", "1"]
        assert main(arguments) == 0
        pipe = out / "summary.json"
        words = f"--out {out} lies in a folder given as input and holds summary.json where the audit writes its results"
    pipe.unlink()
    os.mkfifo(pipe)
    is_file = Path.is_file
    monkeypatch.setattr(Path, "is_file", lambda path, **kwargs: path == pipe or is_file(path, **kwargs))
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))
    capsys.readouterr()

    # When it is run, Then it is refused, exit 2, naming the pipe, and removes nothing (review: the plan's, or the
    # summary's, read opened the pipe, and the run waited on it for a writer for ever)
    with ends_if_waiting():
        assert main(arguments) == 2
    assert capsys.readouterr().err.startswith(f"fairdice: audit: {words}")
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept
    assert pipe.is_fifo()


@pytest.mark.parametrize("part", ["findings.jsonl", "ids.txt", "games.txt"])
def test_a_resume_whose_done_blocks_result_is_a_pipe_is_refused_naming_it_and_waits_on_nothing(
    tmp_path: Path, part: str
) -> None:
    # Given a run of two files cut short (the second's block lost), its --out outside the inputs, and a pipe put in
    # the place of a result of the block it did (review: the merge opened the pipe, and the resume waited on it for a
    # writer for ever)
    inputs = tmp_path / "in"
    games.write(inputs / "a.jsonl", many(3))
    games.write(inputs / "b.jsonl", many(6)[3:])
    out = tmp_path / "out"
    assert run([str(inputs)], out, workers=1).summary.fair == 6
    (out / "partials" / "00001-0000000" / "summary.json").unlink()
    pipe = out / "partials" / "00000-0000000" / part
    pipe.unlink()
    os.mkfifo(pipe)
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    command = [sys.executable, "-m", "fairdice", "audit", str(inputs), "--out", str(out), "--resume"]

    # When it is resumed (in a process of its own, ended if it waits: a regression fails, not hangs)
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)

    # Then it is refused, exit 2, naming the pipe and what to do, and nothing is removed or audited: the pipe is no
    # earlier audit's result, as a fresh run into this --out refuses it too
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == (
        f"fairdice: audit: --resume: --out {out} holds {pipe.relative_to(out)} where the audit keeps a block's result,"
        " which is not a file (a pipe, a socket, a folder or a link), so nothing was audited: move it out, and resume"
        " again (the block is audited again)\n"
    )
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept
    assert pipe.is_fifo()
    # And as it says, once the pipe is moved out the resume audits that block again, and the audit is whole
    pipe.unlink()
    resumed = run([str(inputs)], out, workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks, resumed.summary.fair) == (2, 0, 6)


@pytest.mark.parametrize("put", ["a-pipe", "a-file", "a-link-to-nothing", "a-link-to-a-folder"])
def test_a_resume_whose_block_folder_is_no_folder_is_refused_as_it_begins_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, put: str
) -> None:
    # Given a run of two blocks cut short, its --out outside the inputs, and what is not a folder put in the place of
    # the folder of the block it lost (review: the resume audited every block before it, then stopped, exit 3, saying
    # mkdir's "File exists"; or, through a link to a folder of theirs, wrote the block's result there, which the merge
    # does not find, and a file of theirs of its name was written over)
    out, _ = two_blocks_outside(tmp_path, monkeypatch, cut_short=True)
    inputs = tmp_path / "in"
    there = out / "partials" / "00000-0000001"
    shutil.rmtree(there)
    if put == "a-pipe":
        os.mkfifo(there)
    elif put == "a-file":
        there.write_text("mine")
    elif put == "a-link-to-nothing":
        there.symlink_to(tmp_path / "nothing")
    else:
        (tmp_path / "theirs").mkdir()
        (tmp_path / "theirs" / "summary.json").write_text("theirs")
        there.symlink_to(tmp_path / "theirs")
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))

    # When it is resumed, Then it is refused as it begins, naming it, and nothing is removed or audited
    with pytest.raises(UsageError) as refused, ends_if_waiting():
        run([str(inputs)], out, workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: --out {out} holds partials/00000-0000001 where the audit keeps a block's results, which is not a"
        " folder (a pipe, a socket, a file or a link), so nothing was audited: move it out, and resume again (the block"
        " is audited again)"
    )
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept
    if put == "a-link-to-a-folder":
        assert os.listdir(tmp_path / "theirs") == ["summary.json"]
        assert (tmp_path / "theirs" / "summary.json").read_text() == "theirs"
    # And as it says, once it is moved out the resume audits that block alone
    there.unlink()
    resumed = run([str(inputs)], out, workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks, resumed.summary.fair) == (1, 1, 15)


@pytest.mark.parametrize("part", ["summary.json", "findings.jsonl", "ids.txt", "games.txt"])
def test_a_resume_whose_done_blocks_result_is_a_link_to_a_file_is_refused_as_it_begins_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part: str
) -> None:
    # Given a run of two blocks cut short, its --out outside the inputs, and a result of the block it did moved aside
    # and a link to it put in its place (review: the resume read the block's result through the link, from wherever it
    # led)
    out, _ = two_blocks_outside(tmp_path, monkeypatch, cut_short=True)
    inputs = tmp_path / "in"
    there = out / "partials" / "00000-0000000" / part
    there.rename(tmp_path / "theirs")
    there.symlink_to(tmp_path / "theirs")
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))

    # When it is resumed, Then it is refused as it begins, naming the link, and nothing is removed or audited
    with pytest.raises(UsageError) as refused:
        run([str(inputs)], out, workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: --out {out} holds partials/00000-0000000/{part} where the audit keeps a block's result, which is"
        " not a file (a pipe, a socket, a folder or a link), so nothing was audited: move it out, and resume again (the"
        " block is audited again)"
    )
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept
    # And as it says, once the link is moved out the resume audits that block again, and the audit is whole
    there.unlink()
    resumed = run([str(inputs)], out, workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks, resumed.summary.fair) == (2, 0, 15)


def test_a_resume_whose_blocks_results_are_pipes_names_them_all_in_the_plural(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run of two blocks cut short (the second's summary lost), and pipes put in the places of four results of
    # the two
    out, _ = two_blocks_outside(tmp_path, monkeypatch, cut_short=True)
    inputs = tmp_path / "in"
    pipes = [
        out / "partials" / block / part
        for block in ("00000-0000000", "00000-0000001")
        for part in ("ids.txt", "games.txt")
    ]
    for pipe in pipes:
        pipe.unlink()
        os.mkfifo(pipe)
    kept = sorted(path.relative_to(out) for path in out.rglob("*"))

    # When it is resumed, Then it is refused, naming the first three and counting the other, in the plural (review:
    # "which are not a file")
    with pytest.raises(UsageError) as refused, ends_if_waiting():
        run([str(inputs)], out, workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: --out {out} holds partials/00000-0000000/games.txt, partials/00000-0000000/ids.txt,"
        " partials/00000-0000001/games.txt and 1 more where the audit keeps a block's result, which are not files (a"
        " pipe, a socket, a folder or a link), so nothing was audited: move them out, and resume again (their blocks"
        " are audited again)"
    )
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == kept


def test_a_resumed_run_audits_only_the_blocks_left_and_ends_as_a_whole_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a finished run of 5 blocks, 2 of whose partial results are then lost, as if cut short
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    games.write(tmp_path / "in" / "day.jsonl", [*many(45), games.unsealed(games.narde(77))])
    whole = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    assert whole.audited_blocks == 5
    for name in ("00000-0000001", "00000-0000004"):
        (tmp_path / "out" / "partials" / name / "summary.json").unlink()
    # When it is resumed
    resumed = run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)
    # Then only those 2 blocks are audited again, and the outputs are the whole run's
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (2, 3)
    assert resumed.summary == whole.summary


def test_a_run_resumed_on_a_later_day_judges_daily_rolls_by_the_day_its_interrupted_run_began(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run begun on 2026-11-29 over two blocks, each with a daily roll of that day (withheld then), the second
    # block's result lost as if cut short
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    monkeypatch.setattr(audit_cli, "clock", lambda: dt.datetime(2026, 11, 29, 23, 59, tzinfo=dt.UTC))
    daily = [games.daily(n, "2026-11-29") for n in (1, 2)]
    fair = many(18)
    games.write(tmp_path / "in" / "day.jsonl", [daily[0], *fair[:9], daily[1], *fair[9:]])
    out = tmp_path / "out"
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 1
    whole = summary(out)
    assert whole["withheld"] == 2 and json.loads((out / local.PLAN).read_text())["today"] == "2026-11-29"
    (out / "partials" / "00000-0000001" / "summary.json").unlink()

    # When it is resumed the next day, when 2026-11-29 is over
    monkeypatch.setattr(audit_cli, "clock", lambda: dt.datetime(2026, 11, 30, 0, 1, tzinfo=dt.UTC))
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--resume"]) == 1

    # Then the block audited again judges by the interrupted run's day: the audit is one audit, of one day
    assert summary(out) == whole


def test_a_resume_whose_plan_says_it_began_later_than_this_clock_is_refused(tmp_path: Path) -> None:
    # Given a run begun on 2026-11-29, its plan then edited to say it began in 2030: every day would be over by then
    began = dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC)
    games.write(tmp_path / "in" / "day.jsonl", many(3))
    run([str(tmp_path / "in")], tmp_path / "out", workers=1, started=began)
    plan = tmp_path / "out" / local.PLAN
    edited = json.loads(plan.read_text()) | {"started": "2030-01-01T00:00:00Z", "today": "2030-01-01"}
    plan.write_text(json.dumps(edited))

    # When it is resumed, Then it is refused: the moment the days are judged by is bounded by this machine's clock
    with pytest.raises(UsageError, match="later than this machine's clock"):
        run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True, started=began)


def test_a_block_done_without_its_game_keys_is_audited_again_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a finished run of 5 blocks, one of which has no games.txt (as a run by an earlier version left it)
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    games.write(tmp_path / "in" / "day.jsonl", [*many(45), {**many(1)[0], "id": "again"}])
    whole = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    (tmp_path / "out" / "partials" / "00000-0000001" / "games.txt").unlink()

    # When it is resumed, that block is audited again, and the repeated game is still found
    resumed = run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 4)
    assert resumed.summary == whole.summary and whole.summary.repeated_games == 1


def test_a_game_appended_to_an_input_as_its_block_is_audited_leaves_the_file_not_audited_and_the_run_not_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an input read to its end, to which a game not fair is appended as its block is audited (a file still
    # written to; review: the summary hashed it with the rest, so the file's SHA-256 vouched for a game never audited,
    # and the run was clean, exit 0)
    day = games.write(tmp_path / "day.jsonl", many(3))
    read = day.read_bytes()
    audited = local.audit_block

    def appending(*args: Any) -> Any:
        with day.open("ab") as writer:
            writer.write(games.jsonl([games.mismatched(games.narde(9))]))
        return audited(*args)

    monkeypatch.setattr(local, "audit_block", appending)
    # When it is audited
    result = run([str(day)], tmp_path / "out", workers=1)
    # Then it is not audited, as a shard changed after its worker read it is not: its games are not counted, it is
    # not named among the inputs read, and its finding says it was written to
    assert (result.summary.inputs, result.summary.games, result.summary.not_audited) == ([], 0, 1)
    assert not result.summary.clean
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (str(day), "not_audited")
    assert f"held {len(read):,} bytes then" in finding["error"]["message"]


@pytest.mark.parametrize("part", ["findings.jsonl", "summary.json", "ids.txt", "games.txt"])
def test_a_blocks_result_written_to_once_stored_leaves_its_file_not_audited_and_the_run_not_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part: str
) -> None:
    # Given two files of games, of which the first's block, once its worker stored its result, is written to in place
    # before the merge reads it (review: the merge counted what was written there, not what the audit found)
    first = games.write(tmp_path / "a.jsonl", [games.mismatched(games.narde(1)), games.narde(2)])
    second = games.write(tmp_path / "b.jsonl", many(2))
    out = tmp_path / "out"
    audited = local.audit_block

    def written_to(out_: str, name: str, *rest: Any) -> Any:
        stored = audited(out_, name, *rest)
        if name == "00000-0000000":
            with (out / "partials" / name / part).open("r+b") as result:
                data = result.read()
                result.seek(0)
                result.truncate()
                result.write(data + b" " if part == "summary.json" else data.replace(b"mismatch", b"fair"))
        return stored

    monkeypatch.setattr(local, "audit_block", written_to)
    # When they are audited
    result = run([str(tmp_path)], out, workers=1)
    # Then the first file is not audited: its games are not counted, it is not named among the inputs read, and its
    # finding says its block's result was changed once stored; the second is audited
    assert [record.file for record in result.summary.inputs] == [str(second)]
    assert (result.summary.games, result.summary.fair, result.summary.not_audited) == (2, 2, 1)
    assert not result.summary.clean
    (finding,) = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (str(first), "not_audited")
    assert f"block 00000-0000000 (partials/00000-0000000/{part} in --out) was changed" in finding["error"]["message"]


@pytest.mark.parametrize("part", ["summary.json", "findings.jsonl", "ids.txt", "games.txt"])
def test_a_file_of_a_blocks_result_removed_as_the_merge_reads_it_stops_the_run_exit_3_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], part: str
) -> None:
    # Given a file of fair games whose block's result loses one of its files as the merge opens it, after the run's
    # last look at the block's results (README, exit 3: removed once that look is made, the file is named)
    day = games.write(tmp_path / "day.jsonl", many(3))
    out = tmp_path / "out"
    removed = out / "partials" / "00000-0000000" / part
    opened = FolderResults.open

    def removed_as_read(self: FolderResults, name: str) -> Any:
        if self.where(name) == str(removed) and removed.exists():
            removed.unlink()
        return opened(self, name)

    monkeypatch.setattr(FolderResults, "open", removed_as_read)
    arguments = ["audit", str(day), "--out", str(out), "--workers", "1"]

    # When it is audited, Then the run stops, exit 3, naming that file and how to finish it, and writes no summary
    assert main(arguments) == 3
    assert capsys.readouterr().err.splitlines() == [
        f"fairdice: audit: {removed}: No such file or directory. The audit did not finish: once that is mended, finish"
        f" it with: fairdice audit {day} --out {out} --workers 1 --resume"
    ]
    assert not (out / "summary.json").exists()

    # And the resume audits the block again, and finishes
    monkeypatch.setattr(FolderResults, "open", opened)
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["games"] == 3


def test_a_blocks_result_written_to_after_the_run_looked_at_it_as_the_merge_reads_it_leaves_its_file_not_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a file of a game not fair whose block's result is written to in place after the run looked at it again,
    # as the merge begins: its mismatch made fair in its summary, its finding removed (review: the look came before the
    # merge read the results, so what was written in that moment was counted, every game fair, the run clean)
    games.write(tmp_path / "a.jsonl", [games.mismatched(games.narde(1)), games.narde(2)])
    out = tmp_path / "out"
    block = out / "partials" / "00000-0000000"
    merged = local.merge
    merges: list[None] = []

    def written_to(*args: Any, **kwargs: Any) -> Any:
        if merges.append(None) or len(merges) > 1:  # as the first merge begins only
            return merged(*args, **kwargs)
        for part, was, now in [
            ("summary.json", b'"fair":1,"mismatch":1', b'"fair":2,"mismatch":0'),
            ("summary.json", b'"rolls_differ":1', b'"rolls_differ":0'),
            ("findings.jsonl", None, None),
        ]:
            with (block / part).open("r+b") as result:
                data = result.read()
                result.seek(0)
                result.truncate()
                if was is not None and now is not None:
                    assert was in data
                    result.write(data.replace(was, now))
        return merged(*args, **kwargs)

    monkeypatch.setattr(local, "merge", written_to)
    # When it is audited
    result = run([str(tmp_path)], out, workers=1)
    # Then the file is not audited, as one whose block's result was changed before the run looked is: its games not
    # counted, not named among the inputs read, its finding naming the block, and the run is not clean
    assert result.summary.inputs == []
    assert (result.summary.games, result.summary.fair, result.summary.not_audited) == (0, 0, 1)
    assert not result.summary.clean
    (finding,) = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (str(tmp_path / "a.jsonl"), "not_audited")
    assert (
        "block 00000-0000000 (partials/00000-0000000/summary.json in --out) was changed" in finding["error"]["message"]
    )
    assert json.loads((out / "summary.json").read_text())["not_audited"] == 1


def test_the_readme_says_a_blocks_result_written_to_once_stored_exits_1_as_the_command_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a block's findings written to once stored (review: the command exited 1, not clean, where the README's
    # account of exit statuses said nothing of it, and put a block's result removed under 3 alone)
    games.write(tmp_path / "in" / "a.jsonl", [games.narde(1), games.narde(2)])
    out = tmp_path / "out"
    audited = local.audit_block

    def written_to(out_: str, name: str, *rest: Any) -> Any:
        stored = audited(out_, name, *rest)
        with (out / "partials" / name / "findings.jsonl").open("ab") as result:
            result.write(b"")
            os.utime(result.fileno(), ns=(1, 1))
        return stored

    monkeypatch.setattr(local, "audit_block", written_to)
    # When the command audits it, then it exits 1
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 1
    # And the README's exit status 1 names a block's stored result written to, and its exit status 3 a block's result
    # removed only where its folder or summary.json is
    readme = " ".join((Path(__file__).parents[3] / "README.md").read_text().split())
    account = readme[readme.index("- Exit status: **0**") :]
    one, three = account[: account.index("**2**")], account[account.index("**3**") : account.index("**130**")]
    assert "a block's result the audit stored in `partials/` was written to or replaced" in one
    assert "a block's result (its folder, or its `summary.json`) removed once written" in three


def test_the_command_whose_only_file_changed_as_it_was_audited_says_no_game_audited_not_a_line_not_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an input to which a game not fair is appended as its block is audited, the only file given
    day = games.write(tmp_path / "day.jsonl", many(3))
    audited = local.audit_block

    def appending(*args: Any) -> Any:
        with day.open("ab") as writer:
            writer.write(games.jsonl([games.mismatched(games.narde(9))]))
        return audited(*args)

    monkeypatch.setattr(local, "audit_block", appending)
    # When the command audits it, Then it exits 1, saying no game was audited as the file was not, counting no line
    # not verified (review: "no game could be verified (1 line not verified)", where every line was verified and the
    # file is not audited, its games not counted)
    assert main(["audit", str(day), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1
    said = capsys.readouterr()
    assert "; 0 lines not verified, 1 file not audited (none of its games is counted)," in said.out
    assert said.err == "fairdice: audit: no game was audited (1 file not audited), so nothing is proven fair\n"


def _change(path: Path, change: str) -> None:
    """Change a file of games as whoever writes the files may once it is read: a game not fair appended, the file
    replaced by one holding it, removed, or a game not fair written in its last bytes' place and its time of change
    set back, its size kept (`touch -d`)."""
    bad = games.jsonl([games.mismatched(games.narde(90))])
    status = path.stat()
    if change == "appended":
        with path.open("ab") as stream:
            stream.write(bad)
    elif change == "replaced":
        (path.parent / "new").write_bytes(path.read_bytes() + bad)
        (path.parent / "new").replace(path)
    elif change == "removed":
        path.unlink()
    else:
        # past the file system's tick, which may be as coarse as 10 ms: its time of change then moves on when written
        time.sleep(0.02)
        held = path.read_bytes()
        path.write_bytes(held[: len(held) - len(bad)] + bad)
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


CHANGES = {
    "appended": "written to",
    "replaced": "another file was put in its place",
    "removed": "removed",
    "its time set back": "its time of change set back",
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_file_changed_after_it_was_read_is_not_audited_its_games_left_out_and_the_summary_written(
    tmp_path: Path, change: str
) -> None:
    # Given two files of fair games, the first of which is changed once it is read, as the second's block is handed
    # out (review: the audit was clean, exit 0, its summary naming the first file's bytes before the change)
    folder = tmp_path / "in"
    first = games.write(folder / "a.jsonl", many(3))
    second = games.write(folder / "b.jsonl", [games.narde(1)])
    handed: list[int] = []

    def change_the_first() -> None:
        handed.append(1)
        if len(handed) == 2:
            _change(first, change)

    # When it is audited
    result = run([str(folder)], tmp_path / "out", workers=1, asked=change_the_first)
    # Then the first is a finding, not audited, saying what became of it; its games are not counted, nor is it named
    # among the inputs read, as a shard changed or removed after its worker read it is not; the second is audited
    assert [record.file for record in result.summary.inputs] == [str(second)]
    assert (result.summary.games, result.summary.fair, result.summary.errors) == (1, 1, 1)
    assert result.summary.not_audited == 1 and not result.summary.clean
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert (finding["file"], finding["line"], finding["error"]["code"]) == (str(first), None, "not_audited")
    assert CHANGES[change] in finding["error"]["message"]
    assert "its games are not counted" in finding["error"]["message"]
    assert summary(tmp_path / "out")["not_audited"] == 1
    # And the report calls it a file, as the run read it, not a shard, the AWS word (review)
    page = (tmp_path / "out" / "report.html").read_text()
    assert "1 file was not audited: none of its games is counted" in page
    assert "shard" not in page


def test_a_file_read_under_one_of_its_two_names_and_written_to_is_not_audited_its_other_name_not_said_put_there(
    tmp_path: Path,
) -> None:
    # Given a file of a fair game under two names (a hard link), read once, to which a game not fair is appended once
    # it is read
    folder = tmp_path / "in"
    first = games.write(folder / "a.jsonl", [games.narde(1)])
    os.link(first, folder / "a-hard.jsonl")

    def append() -> None:
        with first.open("ab") as stream:
            stream.write(games.jsonl([games.mismatched(games.narde(90))]))

    # When it is audited
    result = run([str(folder)], tmp_path / "out", workers=1, asked=append)
    # Then the file is not audited, said once, as written to; its other name was there as the run began, and is not
    # listed as put there while it ran (review: the name not read was, beside the finding of the one read)
    assert result.summary.passed_over == []
    assert result.summary.not_audited == 1 and not result.summary.clean
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert "it was written to after the audit opened it" in finding["error"]["message"]


@pytest.mark.parametrize("change", CHANGES)
def test_the_command_exits_1_with_its_outputs_written_when_a_file_changed_after_it_was_read(
    tmp_path: Path, change: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the same two files, the first changed as the second's block is handed out
    folder = tmp_path / "in"
    first = games.write(folder / "a.jsonl", many(3))
    games.write(folder / "b.jsonl", [games.narde(1)])
    handed: list[int] = []
    asked = audit_cli._lost

    def change_the_first() -> None:
        handed.append(1)
        if len(handed) == 2:
            _change(first, change)
        asked()

    monkeypatch.setattr(audit_cli, "_lost", change_the_first)
    # When the command audits them, Then it exits 1, not clean, with its three outputs written (review: exit 0)
    out = tmp_path / "out"
    assert main(["audit", str(folder), "--out", str(out), "--workers", "1"]) == 1
    assert summary(out)["not_audited"] == 1 and summary(out)["games"] == 1
    # (the report calls it a file, as a local run read it: it said "shard", the AWS word, review)
    assert "1 file was not audited: none of its games is counted" in (out / "report.html").read_text()
    # And the line it ends with counts no line not verified, and says the file not audited apart, as the report's
    # headline and counts do (review: the file was counted there as a line not verified, "1 line not verified")
    said = capsys.readouterr().out
    assert "; 0 lines not verified, 1 file not audited (none of its games is counted), 0 duplicate ids," in said


def test_a_second_audit_into_the_out_a_run_is_writing_in_is_refused_and_the_run_counts_its_own_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run of games not fair, and an audit of fair games started into the same --out as the run is about to
    # merge (two terminals, a script run twice at once; review: the second removed the run's block results and wrote
    # its own under the same names, and the run merged them as its own: clean, naming its file of games not fair)
    bad = games.write(tmp_path / "bad.jsonl", [games.mismatched(games.narde(n)) for n in (1, 2)])
    fair = games.write(tmp_path / "fair.jsonl", many(2))
    out = tmp_path / "out"
    merged = local.merge
    second: list[str] = []

    def another_run_first(store: FolderResults, **kwargs: Any) -> Any:
        monkeypatch.setattr(local, "merge", merged)
        with pytest.raises(UsageError) as refused:
            run([str(fair)], out, workers=1)
        second.append(str(refused.value))
        return merged(store, **kwargs)

    monkeypatch.setattr(local, "merge", another_run_first)
    # When the run merges
    result = run([str(bad)], out, workers=1)
    # Then the second audit was refused before it removed or wrote anything, and the run counts its own games
    assert second == [
        f"--out {out}: another fairdice audit is writing there (or the workers of one just stopped, which end within a"
        " second or two), and each would count the other's results as its own: wait for it to end, or give another"
        " --out"
    ]
    assert (result.summary.games, result.summary.mismatch, result.summary.clean) == (2, 2, False)
    assert summary(out)["inputs"][0]["file"] == str(bad)
    # And once the run has ended, the folder is free for the next
    assert run([str(fair)], out, workers=1).summary.clean


def test_a_second_audit_into_the_out_a_run_is_writing_in_is_told_so_not_to_move_the_runs_results_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a run, and a second audit into the same --out that looks at the run's results there as the run renames one
    # it staged into its place (review, run for real: the second was told the run's
    # partials/00000-0000005/.incoming-… were not an earlier audit's: "move them out, or give another --out")
    day = games.write(tmp_path / "day.jsonl", many(2))
    other = games.write(tmp_path / "other.jsonl", many(3))
    out = tmp_path / "out"
    merged, looked = local.merge, local._holds_results
    second: list[str] = []

    def renamed_as_it_is_looked_at(path: Path, where: str) -> bool:
        if path.name.startswith(".incoming-"):
            path.unlink()
        return looked(path, where)

    def another_run_first(store: FolderResults, **kwargs: Any) -> Any:
        monkeypatch.setattr(local, "merge", merged)
        staged = out / "partials" / "00000-0000000" / ".incoming-abcdefgh"
        staged.write_bytes(b"")
        monkeypatch.setattr(local, "_holds_results", renamed_as_it_is_looked_at)
        with pytest.raises(UsageError) as refused:
            run([str(other)], out, workers=1)
        monkeypatch.setattr(local, "_holds_results", looked)
        staged.unlink(missing_ok=True)
        second.append(str(refused.value))
        return merged(store, **kwargs)

    monkeypatch.setattr(local, "merge", another_run_first)
    # When the run merges
    result = run([str(day)], out, workers=1)
    # Then the second audit was told another audit is writing there, and the run counts its own games
    assert len(second) == 1 and second[0].startswith(f"--out {out}: another fairdice audit is writing there"), second
    assert result.summary.games == 2 and summary(out)["inputs"][0]["file"] == str(day)


def test_a_resume_into_no_folder_is_refused_though_a_fresh_run_makes_it_and_writes_its_plan_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a --resume into an --out not made yet, and a fresh run into it (a script run twice, once with --resume) that
    # makes it and writes its plan as the resume has found no folder to hold (review: the resume went on unheld, found
    # the plan and audited beside the fresh run, both exit 0)
    day = games.write(tmp_path / "day.jsonl", many(3))
    out = tmp_path / "out"
    opened = os.open
    fresh: list[int] = []

    def a_fresh_run_meanwhile(path: Any, *args: Any, **kwargs: Any) -> int:
        try:
            return opened(path, *args, **kwargs)
        except FileNotFoundError:
            if path == out and not fresh:
                fresh.append(run([str(day)], out, workers=1).summary.games)
            raise

    monkeypatch.setattr(os, "open", a_fresh_run_meanwhile)
    # When the resume runs
    with pytest.raises(UsageError) as refused:
        run([str(day)], out, workers=1, resume=True)
    # Then it is refused, as there was nothing to resume when it looked, and the fresh run's results are its own
    assert str(refused.value) == f"--resume: {out} holds no interrupted audit to resume"
    assert fresh == [3]
    assert summary(out)["games"] == 3


def test_a_resume_over_changed_inputs_is_refused(tmp_path: Path) -> None:
    games.write(tmp_path / "in" / "day.jsonl", many(3))
    run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    games.write(tmp_path / "in" / "day.jsonl", many(4))
    with pytest.raises(UsageError, match="not those of the audit"):
        run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)


def test_a_resume_naming_the_inputs_by_another_path_says_which_and_how_to_name_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: "the inputs are not those of the audit in OUT (a file changed or moved)", though nothing had
    monkeypatch.chdir(tmp_path)
    games.write(tmp_path / "in" / "day.jsonl", many(3))
    run(["in"], Path("out"), workers=1)
    with pytest.raises(UsageError) as refused:
        run([str(tmp_path / "in")], Path("out"), workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: the inputs are not those of the audit in out: it read in/day.jsonl where these read"
        f" {tmp_path / 'in' / 'day.jsonl'}: name the inputs by the paths that run named them by"
    )
    # A file added to the folder, or one removed, is said so, not put down to naming (review)
    games.write(tmp_path / "in" / "a-more.jsonl", many(2))
    with pytest.raises(UsageError, match=r": these inputs hold in/a-more\.jsonl, which it did not read \(a file added"):
        run(["in"], Path("out"), workers=1, resume=True)
    (tmp_path / "in" / "a-more.jsonl").unlink()
    (tmp_path / "in" / "day.jsonl").rename(tmp_path / "in" / "later.jsonl")
    with pytest.raises(UsageError, match=r": it read in/day\.jsonl where these read in/later\.jsonl"):
        run(["in"], Path("out"), workers=1, resume=True)
    games.write(tmp_path / "two" / "x.jsonl", many(1))
    games.write(tmp_path / "two" / "y.jsonl", many(1))
    run(["two"], Path("out2"), workers=1)
    (tmp_path / "two" / "y.jsonl").unlink()
    with pytest.raises(UsageError, match=r": it read two/y\.jsonl, which these inputs do not hold \(removed"):
        run(["two"], Path("out2"), workers=1, resume=True)


def test_a_resume_naming_a_folders_files_one_by_one_is_refused_as_it_would_leave_its_hidden_file_unsaid(
    tmp_path: Path,
) -> None:
    # Given an audit of a folder of fair games that also holds a hidden file, which it passes over: not clean
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))
    games.write(folder / "b.jsonl", [games.narde(1)])
    games.write(folder / ".late.jsonl", [games.mismatched(games.narde(2))])
    whole = run([str(folder)], tmp_path / "out", workers=1)
    assert whole.summary.passed_over == [str(folder / ".late.jsonl")] and not whole.summary.clean

    # When it is resumed naming the folder's files one by one (the same files read; the hidden one not named)
    # Then it is refused, saying how the run named them (review: it was resumed clean, exit 0, the hidden file unsaid)
    with pytest.raises(UsageError) as refused:
        run([str(folder / "a.jsonl"), str(folder / "b.jsonl")], tmp_path / "out", workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: the inputs are not those of the audit in {tmp_path / 'out'}: it named {folder}, which these do"
        " not: name the inputs as that run named them (a folder as the folder, not its files one by one)"
    )
    with pytest.raises(UsageError, match=rf": these name {folder / 'a.jsonl'}, which it did not: name the inputs"):
        run([str(folder), str(folder / "a.jsonl")], tmp_path / "out", workers=1, resume=True)
    # And named as the run named them (a folder with or without its last /), it ends as the run did
    assert run([f"{folder}/"], tmp_path / "out", workers=1, resume=True).summary == whole.summary


def test_a_resume_naming_the_folder_of_files_its_run_named_one_by_one_is_told_to_name_the_files(
    tmp_path: Path,
) -> None:
    # Given an audit of a file named by itself, alone in its folder
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(3))
    run([str(folder / "a.jsonl")], tmp_path / "out", workers=1)

    # When it is resumed naming the folder, Then it is refused, and told to name the file, not the folder (review: it
    # was told to name "a folder as the folder, not its files one by one", as this resume had)
    with pytest.raises(UsageError) as refused:
        run([str(folder)], tmp_path / "out", workers=1, resume=True)
    assert str(refused.value) == (
        f"--resume: the inputs are not those of the audit in {tmp_path / 'out'}: it named {folder / 'a.jsonl'}, which"
        " these do not: name the inputs as that run named them (a file by its own name, not by its folder)"
    )


def test_a_plan_of_an_earlier_fairdice_which_kept_no_word_of_how_its_inputs_were_named_is_audited_afresh(
    tmp_path: Path,
) -> None:
    # Given an audit of a folder whose plan an earlier fairdice wrote, with no word of how its inputs were named
    folder = tmp_path / "in" / "day"
    games.write(folder / "a.jsonl", many(3))
    games.write(tmp_path / "in" / ".late.jsonl", [games.mismatched(games.narde(2))])
    run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    plan = tmp_path / "out" / "partials" / "plan.json"
    written = json.loads(plan.read_text())
    del written["named"]
    plan.write_text(json.dumps(written))

    # When it is resumed, even naming a folder that reads the same files, Then it is refused: a folder inside the one
    # the run named would leave its hidden file unsaid (review: accepting folders did), and nothing tells them apart
    for named in (folder, tmp_path / "in"):
        with pytest.raises(UsageError) as refused:
            run([str(named)], tmp_path / "out", workers=1, resume=True)
        assert str(refused.value) == (
            f"--resume: the audit in {tmp_path / 'out'} was begun by an earlier fairdice, which kept no word of how its"
            " inputs were named (a folder, or its files one by one); this fairdice cannot finish it: audit the inputs"
            f" afresh, with the same command without --resume (which removes that audit's results in"
            f" {tmp_path / 'out'} first)"
        )


def test_the_command_that_finishes_an_audit_names_its_inputs_or_counts_them() -> None:
    def resumed(inputs: list[str], archive: str | None = None, workers: int | None = None) -> str:
        return audit_cli._resumed(argparse.Namespace(inputs=inputs, out=Path("o ut"), archive=archive, workers=workers))

    assert resumed(["a.jsonl", "my games/"]) == "fairdice audit a.jsonl 'my games/' --out 'o ut' --resume"
    assert resumed(["a.jsonl"], "s3://arch") == "fairdice audit a.jsonl --out 'o ut' --archive s3://arch --resume"
    # The workers the run was given, where it was given some: a resume on every core could run short of memory
    # (review: it was left out)
    kept = resumed(["a.jsonl"], "s3://arch", workers=2)
    assert kept == "fairdice audit a.jsonl --out 'o ut' --workers 2 --archive s3://arch --resume"
    parsed = cli.build_parser().parse_args(shlex.split(kept)[1:])
    assert (parsed.workers, parsed.archive, parsed.resume) == (2, "s3://arch", True)
    # A value that starts with "-" is given so that the command reads it again (review: "required: INPUT")
    assert resumed(["-day.jsonl"]) == "fairdice audit --out 'o ut' --resume -- -day.jsonl"
    dashed = audit_cli._resumed(argparse.Namespace(inputs=["a.jsonl"], out=Path("-res"), archive="-x", workers=None))
    assert dashed == "fairdice audit a.jsonl --out=-res --archive=-x --resume"
    parsed = cli.build_parser().parse_args(shlex.split(dashed)[1:])
    assert (parsed.inputs, parsed.out, parsed.archive, parsed.resume) == (["a.jsonl"], Path("-res"), "-x", True)
    parsed = cli.build_parser().parse_args(shlex.split(resumed(["-day.jsonl"]))[1:])
    assert (parsed.inputs, parsed.resume) == (["-day.jsonl"], True)
    many_inputs = [f"shard-{n:05d}.jsonl.gz" for n in range(100)]
    assert resumed(many_inputs) == (
        "fairdice audit with the same 100 inputs as this run, in the same order, --out 'o ut' --resume"
    )


def test_a_resume_over_a_file_changed_at_the_same_size_and_time_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an audit of 3 blocks, 2 of them done, where the file's mismatched game is then swapped for a recording of
    # the dice at the same size and its time set back: its plan (path, size, time) is as it was
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    bad = games.mismatched(games.narde(99))
    good = games.narde(99)
    day = tmp_path / "in" / "day.jsonl"
    games.write(day, [bad, *many(25)])
    first = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    assert first.summary.mismatch == 1
    (tmp_path / "out" / "partials" / "00000-0000002" / "summary.json").unlink()
    before = day.stat()
    changed = games.jsonl([good, *many(25)])
    assert len(changed) == before.st_size
    day.write_bytes(changed)
    os.utime(day, ns=(before.st_atime_ns, before.st_mtime_ns))

    # When it is resumed, it is refused, naming the file and the lines: the stored block is of other lines
    with pytest.raises(UsageError, match=r"day\.jsonl changed since .* lines 1 to 10 are not those it audited"):
        run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)
    assert main(["audit", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--resume"]) == 2

    # And audited afresh, the new file is what the outputs describe
    again = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    assert again.summary.fair == again.summary.games == 26


def test_a_resume_counts_only_the_blocks_its_inputs_make(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Given an audit of 2 blocks with a mismatch, one block then lost, and beside them partials its inputs do not
    # make: another run's block copied in, and one whose counts are negative (they would cancel the mismatch out; it
    # is left out by its name, unread: a partial read with counts below zero is refused, test_merge.py)
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    games.write(tmp_path / "in" / "day.jsonl", [games.mismatched(games.narde(99)), *many(15)])
    whole = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    games.write(tmp_path / "other" / "x.jsonl", [games.narde(50)])
    run([str(tmp_path / "other")], tmp_path / "out-other", workers=1)
    partials = tmp_path / "out" / "partials"
    shutil.copytree(tmp_path / "out-other" / "partials" / "00000-0000000", partials / "00001-0000000")
    shutil.copytree(partials / "00000-0000001", partials / "zz")
    planted = json.loads((partials / "zz" / "summary.json").read_text())
    planted["counts"] |= {"games": -1, "mismatch": -1, "fair": 0}
    (partials / "zz" / "summary.json").write_text(json.dumps(planted))
    (partials / "00000-0000001" / "summary.json").unlink()

    # When it is resumed, then the outputs are the whole run's: no other partial is counted
    resumed = run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    assert resumed.summary == whole.summary
    assert main(["audit", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--resume"]) == 1


def test_a_block_done_in_an_older_format_is_audited_again_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a finished run of 3 blocks, one done by a version that made its game keys otherwise (and one that kept no
    # digest of its lines)
    monkeypatch.setattr(local, "BLOCK_LINES", 10)
    games.write(tmp_path / "in" / "day.jsonl", many(25))
    whole = run([str(tmp_path / "in")], tmp_path / "out", workers=1)
    for name, older in (("00000-0000000", {"format": 1}), ("00000-0000001", {"lines_sha256": None})):
        stored = tmp_path / "out" / "partials" / name / "summary.json"
        stored.write_text(json.dumps({**json.loads(stored.read_text()), **older}))

    # When it is resumed, those two are audited again, and the outputs are the whole run's
    resumed = run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (2, 1)
    assert resumed.summary == whole.summary


def test_a_block_done_before_withheld_findings_said_at_most_incomplete_is_audited_again_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a finished run begun on 2026-11-29 over two blocks, each with a daily roll of that day, withheld and at most
    # incomplete once revealed (no archive read); the first block's partial as a fairdice of format 13 wrote it before
    # its withheld findings said at_most_incomplete
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(tmp_path / "in" / "day.jsonl", [games.narde(1), games.daily(2), games.narde(3), games.daily(4)])
    started = dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC)
    run([str(tmp_path / "in")], tmp_path / "out", workers=1, started=started)
    older = tmp_path / "out" / "partials" / "00000-0000000"
    (finding,) = [json.loads(line) for line in (older / "findings.jsonl").read_text().splitlines()]
    del finding["at_most_incomplete"]
    (older / "findings.jsonl").write_text(json.dumps(finding) + "\n")
    (older / "summary.json").write_text(json.dumps({**json.loads((older / "summary.json").read_text()), "format": 13}))

    # When it is resumed
    resumed = run([str(tmp_path / "in")], tmp_path / "out", workers=1, resume=True)

    # Then that block is audited again, and both withheld findings say they are at most incomplete, as the report does
    # (review: the block was kept, and its finding read a bare "withheld")
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    findings = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [(f["id"], f.get("at_most_incomplete")) for f in findings] == [("daily-2", True), ("daily-4", True)]
    assert (tmp_path / "out" / "report.html").read_text().count("withheld, at most incomplete once revealed") == 2


def test_a_resume_says_it_audited_again_blocks_whose_result_was_stored_and_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a finished run begun on 2026-11-29 over three blocks, the first's partial as a fairdice of format 13 wrote
    # it, the second's counting a line fairdice failed on, the third's kept as it was
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    games.write(
        tmp_path / "in" / "day.jsonl",
        [games.narde(n) for n in range(1, 7)],
    )
    started = dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC)
    run([str(tmp_path / "in")], tmp_path / "out", workers=1, started=started)
    for name, changed in (("00000-0000000", {"format": 13}), ("00000-0000001", {"failed": 1})):
        summary = tmp_path / "out" / "partials" / name / "summary.json"
        summary.write_text(json.dumps({**json.loads(summary.read_text()), **changed}))
    capsys.readouterr()

    # When it is resumed by the command
    assert main(["audit", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--workers", "1", "--resume"]) == 0

    # Then it says on stderr that it audited two blocks again whose result was stored, and why each, where it said
    # nothing of them (review: a resume after a format's change audited every block again without a word)
    err = capsys.readouterr().err
    assert (
        "fairdice: audit: --resume audited again 2 blocks whose result was stored (1 stored by another fairdice in"
        f" another form; 1 {local.REDONE_LINES}), by the moment the interrupted run began: nothing is lost"
    ) in err, err


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(
    "signals",
    [[signal.SIGINT], [signal.SIGINT, signal.SIGINT], [signal.SIGTERM, signal.SIGINT]],
    ids=["ctrl-c", "ctrl-c-twice", "term-then-ctrl-c"],
)
def test_an_interrupted_command_exits_130_and_resume_finishes_it_without_redoing_a_block(
    tmp_path: Path, workers: str, signals: list[signal.Signals]
) -> None:
    # Given an audit of several blocks, interrupted by Ctrl-C (to the whole process group, as a
    # terminal sends it) once its first block is stored; or by Ctrl-C twice, or SIGTERM then Ctrl-C, 10 ms apart
    # (review: a second signal while the pool shut down hung the command, its processes waiting on each other)
    blocks = 8  # more than two workers hold at once (two running, two queued), so some are left
    process, _, out = _started_with_workers(tmp_path, blocks, workers=workers, session=True)
    for number in signals:
        os.killpg(process.pid, number)
        time.sleep(0.01)
    _, err = process.communicate(timeout=120)  # never hangs
    # A second signal is ignored while the command stops; a Ctrl-C that comes as the process exits ends it by that
    # signal, which a shell shows as 130 too, or, caught by fairdice's own last word on Ctrl-C, with status 130
    exits = {130 if signals[0] == signal.SIGINT else 143} | ({-signal.SIGINT, 130} if len(signals) > 1 else set())
    assert process.returncode in exits, err
    if process.returncode == 130 and signals[0] == signal.SIGTERM:
        # The Ctrl-C came as it exited, past its own handling; or both were pending at once (the command not run in the
        # 10 ms between them), and Python runs SIGINT's handler first
        assert "fairdice: interrupted\n" in err or "fairdice: audit interrupted; finish it with" in err, err
    assert "--resume" in err
    assert "Traceback" not in err
    done = {p.parent.name for p in (out / "partials").glob("*/summary.json")}
    assert 1 <= len(done) < blocks
    stamps = {name: (out / "partials" / name / "summary.json").stat().st_mtime_ns for name in done}

    # When it is resumed
    status = main(["audit", str(tmp_path / "day.jsonl.gz"), "--out", str(out), "--workers", workers, "--resume"])

    # Then it ends as an uninterrupted run does, and no block stored before was audited again
    assert status == 0
    assert {name: (out / "partials" / name / "summary.json").stat().st_mtime_ns for name in done} == stamps
    assert summary(out)["games"] == blocks * local.BLOCK_LINES


# SIGTERM, then Ctrl-C, both pending when the command next runs Python, as when it was not run in the moment between
_BOTH_AT_ONCE = """
import os, signal
from fairdice.audit import cli

signal.signal(signal.SIGTERM, cli._terminated)
signal.signal(signal.SIGINT, cli._interrupted)
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
os.kill(os.getpid(), signal.SIGTERM)
os.kill(os.getpid(), signal.SIGINT)
try:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    for _ in range(1000):
        pass
except (KeyboardInterrupt, cli.Terminated) as stop:
    print(type(stop).__name__)
for _ in range(1000):
    pass
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks to hold both signals with")
def test_a_sigterm_and_a_ctrl_c_pending_at_once_stop_the_command_once_and_print_no_traceback() -> None:
    # Review (a CI run): the second signal's handler, set to SIG_IGN by the first's, was printed as a traceback
    # "OSError: Signal 15 ignored due to race condition"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    done = subprocess.run([sys.executable, "-c", _BOTH_AT_ONCE], capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "KeyboardInterrupt\n", "")


@pytest.mark.parametrize(("fair", "status"), [(True, 0), (False, 1)], ids=["all-fair", "findings"])
def test_a_reader_that_stops_reading_ends_the_command_quietly_with_its_own_status(
    tmp_path: Path, fair: bool, status: int
) -> None:
    # Given `fairdice audit … | true`: a reader that closes the pipe before the command's last line
    chosen = many(5) if fair else [*many(4), {**many(1)[0], "id": "changed", "recorded": "6-6"}]
    games.write(tmp_path / "day.jsonl", chosen)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    command = [sys.executable, "-m", "fairdice", "audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()

    # When the command ends
    returncode = process.wait(timeout=120)

    # Then it says nothing on stderr (no BrokenPipeError traceback), its results are written, and its status is
    # its own: 0 all fair, 1 findings
    assert process.stderr.read() == b""
    assert returncode == status
    assert (tmp_path / "out" / "report.html").exists()


# A worker process killed (the kernel's OOM killer sends SIGKILL) while auditing block 1: run in a process of its own,
# whose workers are forked from it with the stand-in in place.
_KILLED_WORKER = """
import os, signal, sys
from fairdice.audit import cli as audit_cli
from fairdice.audit import local
from fairdice.cli import main

real = local.audit_block

def killed(out, name, *rest):
    if name.endswith("-0000001"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(out, name, *rest)

local.audit_block = killed
sys.exit(main(sys.argv[1:]))
"""


def test_a_worker_process_killed_ends_the_run_in_one_line_exit_3_and_resume_finishes_it(tmp_path: Path) -> None:
    # Given an audit of three blocks on two workers, whose worker on block 1 is killed
    blocks = 3
    games.write(tmp_path / "day.jsonl", many(blocks * local.BLOCK_LINES))
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}

    # When it runs
    killed = subprocess.run([sys.executable, "-c", _KILLED_WORKER, *arguments], env=env, capture_output=True, text=True)

    # Then it says so in one line, not finished (exit 3), and names --resume; resumed, it finishes
    assert killed.returncode == 3, killed.stderr
    assert killed.stderr.splitlines() == [
        "fairdice: audit: a worker process ended abruptly (killed, perhaps short of memory: try fewer --workers)."
        " The audit did not finish: once that is mended, finish it with:"
        f" fairdice audit {tmp_path / 'day.jsonl'} --out {tmp_path / 'out'} --workers 2 --resume"
    ]
    assert not (tmp_path / "out" / "summary.json").exists()
    assert main([*arguments, "--resume"]) == 0
    assert summary(tmp_path / "out")["games"] == blocks * local.BLOCK_LINES


# A worker process killed (SIGKILL) as it copies block 1's findings into the file it stages in the block's folder: run
# in a process of its own, whose workers are forked from it with the stand-in in place.
_KILLED_AS_IT_STAGES = """
import os, shutil, signal, sys
from fairdice.cli import main

real = shutil.copyfileobj

def killed(source, staged, *rest):
    if "-0000001" in os.readlink(f"/proc/self/fd/{staged.fileno()}"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(source, staged, *rest)

shutil.copyfileobj = killed
sys.exit(main(sys.argv[1:]))
"""


def test_what_a_worker_killed_as_it_wrote_a_blocks_result_left_staged_is_removed_by_the_resume(
    tmp_path: Path,
) -> None:
    # Given an audit of three blocks on two workers, whose worker is killed as it writes block 1's result, leaving the
    # file it staged in that block's folder (review: never listed nor counted, and left there by every resume), beside
    # a file named as a staged one that this run did not make (another mark), holding no game
    blocks = 3
    games.write(tmp_path / "day.jsonl", many(blocks * local.BLOCK_LINES))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    killed = subprocess.run(
        [sys.executable, "-c", _KILLED_AS_IT_STAGES, *arguments], env=env, capture_output=True, text=True
    )
    assert killed.returncode == 3, killed.stderr
    block = out / "partials" / "00000-0000001"
    left = [path.name for path in block.iterdir() if path.name.startswith(".incoming-")]
    assert len(left) == 1, left
    anyones = block / ".incoming-0000aaaa0a1b2c3d"
    anyones.write_bytes(b"not this run's\n")

    # When it is resumed
    assert main([*arguments, "--resume"]) == 0

    # Then the file the run staged is gone, the other is kept, and every game is counted
    assert sorted(path.name for path in block.iterdir() if path.name.startswith(".incoming-")) == [anyones.name]
    assert summary(out)["games"] == blocks * local.BLOCK_LINES


def test_a_fresh_run_into_an_out_whose_blocks_folder_cannot_be_listed_is_refused_as_before_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an earlier audit cut short in --out, a block's folder of which cannot be listed (another user's, mode 0700)
    out, arguments = two_blocks_outside(tmp_path, monkeypatch, cut_short=True)
    block = str(out / "partials" / "00000-0000001")
    scandir = os.scandir

    def refused(path: Any = ".") -> Any:
        if os.fspath(path) == block:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), block)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)
    plan = (out / "partials" / "plan.json").read_bytes()
    capsys.readouterr()

    # When a fresh run starts there, Then it is refused as one that cannot remove the earlier audit's results, exit 2,
    # and nothing is removed (review: the look for what the earlier run left staged stopped it, exit 3, asking for a
    # --resume of the earlier audit)
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out}: cannot remove the results of an earlier audit there ({block}:"
        f" {os.strerror(errno.EACCES)}); give another --out\n"
    )
    assert (out / "partials" / "plan.json").read_bytes() == plan


def test_results_that_cannot_be_written_end_the_run_in_one_line_exit_3_and_resume_finishes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a disk that fills up as the second block's result is stored
    monkeypatch.setattr(local, "BLOCK_LINES", 5)
    games.write(tmp_path / "day.jsonl", many(10))
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]
    real = FolderResults.put_file

    def full(self: FolderResults, key: str, path: Path) -> None:
        if "-0000001/" in key:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.root / key))
        real(self, key, path)

    monkeypatch.setattr(FolderResults, "put_file", full)

    # When it runs, then it says where and why in one line, not finished (exit 3)
    assert main(arguments) == 3
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"fairdice: audit: {tmp_path / 'out' / 'partials' / '00000-0000001' / 'findings.jsonl'}: No space left on"
        " device. The audit did not finish: once that is mended, finish it with:"
        f" fairdice audit {tmp_path / 'day.jsonl'} --out {tmp_path / 'out'} --workers 1 --resume"
    ]

    # And once there is room, the resumed run finishes it without the first block audited again
    first = tmp_path / "out" / "partials" / "00000-0000000" / "summary.json"
    stamp = first.stat().st_mtime_ns
    monkeypatch.setattr(FolderResults, "put_file", real)
    assert main([*arguments, "--resume"]) == 0
    assert summary(tmp_path / "out")["games"] == 10
    assert first.stat().st_mtime_ns == stamp


def test_a_full_disk_met_while_a_blocks_result_is_copied_in_names_the_place_in_out_not_the_scratch_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a disk that is full for the copy of the second block's result, as the copy's write says so, naming no file
    # (review: shutil's copy of a file named the file copied from, "/tmp/fairdice-shard-…/games.txt: No space left on
    # device")
    monkeypatch.setattr(local, "BLOCK_LINES", 5)
    games.write(tmp_path / "day.jsonl", many(10))
    copyfileobj = shutil.copyfileobj

    def full(source: Any, staged: Any, length: int = 0) -> None:
        if "-0000001" in os.readlink(f"/proc/self/fd/{staged.fileno()}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        copyfileobj(source, staged, length)

    monkeypatch.setattr(shutil, "copyfileobj", full)

    # When it runs, Then it names the result in --out it was writing
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 3
    err = capsys.readouterr().err
    written = tmp_path / "out" / "partials" / "00000-0000001" / "findings.jsonl"
    assert err.startswith(f"fairdice: audit: {written}: No space left on device. The audit did not finish")


def test_an_input_that_fails_as_it_is_read_is_named_in_the_one_line_that_ends_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a file that opens but whose reads fail (Linux answers EIO for this one; review: no file was named)
    given = "/proc/self/mem"

    # When it is audited, Then the run ends unfinished (exit 3), naming it
    assert main(["audit", given, "--out", str(tmp_path / "out"), "--workers", "1"]) == 3
    assert capsys.readouterr().err.startswith(f"fairdice: audit: {given}: Input/output error. The audit did not finish")


def test_a_files_name_reaches_the_terminal_without_its_escapes_whichever_way_the_run_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder holding a file whose name holds a terminal escape, and whose reads fail (review: the run's end
    # printed the name with its escape, which a terminal acts on)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "g\x1b[31mred.jsonl").symlink_to("/proc/self/mem")

    # When it is audited, Then the run ends unfinished, naming the file with the escape as its code point
    assert main(["audit", str(folder), "--out", str(tmp_path / "out"), "--workers", "1"]) == 3
    err = capsys.readouterr().err
    assert "\x1b" not in err and "g⟨U+001B⟩[31mred.jsonl" in err


def test_only_games_ids_count_as_duplicates_and_a_file_named_twice_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given two lines that are no game under one id, then a game under it too, named by two paths
    broken = {**games.narde(1), "key": "zz"}
    games.write(tmp_path / "day.jsonl", [broken, broken, games.narde(1)])
    monkeypatch.chdir(tmp_path)

    # When they are audited
    status = main(["audit", "day.jsonl", str(tmp_path / "day.jsonl"), "--out", "out", "--workers", "1"])

    # Then the file is read once, under its first name; each broken line is its own finding, and no id is a duplicate
    assert status == 1
    document = summary(tmp_path / "out")
    assert [record["file"] for record in document["inputs"]] == [str(tmp_path / "day.jsonl")]
    assert (document["games"], document["errors"], document["duplicate_ids"]) == (1, 2, 0)
    findings = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [(f["line"], f["error"]["code"]) for f in findings] == [(1, "invalid_input"), (2, "invalid_input")]


def test_a_file_and_its_hard_link_in_one_folder_are_read_once(tmp_path: Path) -> None:
    # Given a folder holding a file of two fair games and a hard link to it: one file under two names
    folder = tmp_path / "in"
    folder.mkdir()
    games.write(folder / "a.jsonl", [games.narde(1), games.narde(2)])
    os.link(folder / "a.jsonl", folder / "b.jsonl")

    # When the folder is audited
    status = main(["audit", str(folder), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then its games are read once, under the first name, and none is a duplicate of itself (review: exit 1, every
    # game counted twice and each id a duplicate)
    assert status == 0
    document = summary(tmp_path / "out")
    assert [record["file"] for record in document["inputs"]] == [str(folder / "a.jsonl")]
    assert (document["games"], document["fair"], document["duplicate_ids"]) == (2, 2, 0)


# The command with its workers started by a given method: `fork` (Linux's default to 3.13) or `forkserver` (3.14's).
# The command as a terminal starts it: Ctrl-C's default handler in place, even under a runner started in the
# background, whose processes inherit SIGINT ignored (a shell ignores it in its background jobs).
# The run waits for the test's signal (a minute at most) as it is about to hand out block 5, more than two workers hold
# at once: it is under way when the signal comes, which it could otherwise finish before, exit 0, where the test's
# process was not run for the few seconds the run takes (review: four signal tests got exit 0 under load, not 130)
_STARTED_BY = """
import multiprocessing, signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
multiprocessing.set_start_method(sys.argv[1])
from fairdice.audit import local
from fairdice.cli import main

submit = local._Blocks.submit

def held_for_the_signal(self, name, *rest):
    if name.endswith("-0000005"):
        time.sleep(60)
    return submit(self, name, *rest)

local._Blocks.submit = held_for_the_signal
sys.argv[1:] = sys.argv[2:]  # run as the console script runs it: the process's own command line
sys.exit(main())
"""


def _started_with_workers(
    tmp_path: Path, blocks: int, method: str = "fork", session: bool = False, workers: str = "2"
) -> tuple["subprocess.Popen[str]", set[int], Path]:
    """`fairdice audit` of `blocks` blocks on `workers` workers (in a session of its own with `session`), once its
    first block is stored: the process, every process under it (its workers, and a fork server's), and its --out. With
    more than 5 blocks, the run does not end before it is sent a signal, or a minute has passed (`_STARTED_BY`)."""
    games.write(tmp_path / "day.jsonl.gz", many(blocks * local.BLOCK_LINES))
    out = tmp_path / "out"
    command = [sys.executable, "-c", _STARTED_BY, method, "audit", str(tmp_path / "day.jsonl.gz"), "--workers", workers]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    process = subprocess.Popen(
        [*command, "--out", str(out)], env=env, stderr=subprocess.PIPE, text=True, start_new_session=session
    )
    first = out / "partials" / "00000-0000000" / "summary.json"
    deadline = time.monotonic() + 120
    while not first.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    under = _descendants(process.pid)
    assert len(under) >= (2 if workers == "2" else 0)
    return process, under, out


def _command_line(pid: int) -> str:
    """A process's command line, its arguments joined by spaces; empty for one that is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except FileNotFoundError:
        return ""


def _blocked(pid: int) -> int:
    """The signals a process holds back (its SigBlk), as a bit mask; 0 for one that is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return 0
    return int(next(line for line in status.splitlines() if line.startswith("SigBlk:")).split()[1], 16)


def _lets_in(pid: int, signals: int, within: float) -> bool:
    """Whether the process is seen holding none of `signals` back within `within` seconds: the main process holds them
    for a moment each time the pool may fork a worker (`_stops_held`), which a single look could fall on (it failed
    CI once), and lets them in again at once."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not _blocked(pid) & signals:
            return True
        time.sleep(0.01)
    return False


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in map(int, (task / "children").read_text().split()):
            found |= {child, *_descendants(child)}
    return found


def _gone(pids: set[int], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            return True
        time.sleep(0.1)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return "gone"


def test_sigterm_stops_the_run_as_ctrl_c_does_with_its_workers_and_resume_finishes_it(tmp_path: Path) -> None:
    # Given an audit on two workers, under way; when its main process alone is sent SIGTERM (a service stopping)
    process, workers, out = _started_with_workers(tmp_path, blocks=8)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)

    # Then it stops as Ctrl-C stops it: one line naming --resume, exit 143, and no worker left behind
    assert process.returncode == 143, err
    assert err.splitlines() == [
        f"fairdice: audit terminated; finish it with: fairdice audit {tmp_path / 'day.jsonl.gz'} --out {out}"
        " --workers 2 --resume"
    ]
    assert _gone(workers, within=10)
    assert main(["audit", str(tmp_path / "day.jsonl.gz"), "--out", str(out), "--workers", "1", "--resume"]) == 0
    assert summary(out)["games"] == 8 * local.BLOCK_LINES


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_workers_whose_main_process_is_killed_stop_too(tmp_path: Path, method: str) -> None:
    # Given an audit on two workers, under way; when its main process is killed (SIGKILL: it cannot stop them)
    process, workers, _ = _started_with_workers(tmp_path, blocks=8, method=method)
    # (and none of the processes that audit holds Ctrl-C or SIGTERM back once started; a fork server, started with
    # them held for the pool's fork, keeps them held, which the workers it forks start with and then let go)
    stops = (1 << (signal.SIGINT - 1)) | (1 << (signal.SIGTERM - 1))
    auditing = {pid for pid in workers if "forkserver" not in _command_line(pid)}
    assert auditing
    assert all(_lets_in(pid, stops, within=10) for pid in {process.pid, *auditing})
    process.kill()
    process.communicate(timeout=120)

    # Then its workers stop within a second or two, rather than audit on for no one (10 s allowed: a busy machine)
    assert _gone(workers, within=10)


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_workers_hold_the_lock_on_out_whatever_starts_them_so_no_run_starts_there_while_one_audits_on(
    tmp_path: Path, method: str
) -> None:
    import fcntl

    # Given an audit on two workers, under way, its workers started by `method`; when they are held still (SIGSTOP) and
    # its main process is killed (SIGKILL), as a worker may audit on for a moment after it (review: under `forkserver`,
    # 3.14's default, the workers held no lock, and a new run started in --out beside them)
    process, under, out = _started_with_workers(tmp_path, blocks=8, method=method)
    # the workers, forked by the main process or a fork server (which bear its command line), or spawned: not the fork
    # server, whose children they are, nor a resource tracker
    workers = {pid for pid in under if not _descendants(pid) and "resource_tracker" not in _command_line(pid)}
    assert len(workers) == 2, [_command_line(pid) for pid in under]
    try:
        for pid in workers:
            os.kill(pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while any(_state(pid) != "T" for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.01)
        process.kill()
        process.wait(timeout=120)  # its stderr, which the workers share, is read once they are gone

        # Then --out is still held, by the workers: another run there is refused until they are gone
        held = os.open(out, os.O_RDONLY)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(held)
    finally:
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.communicate(timeout=120)
    assert _gone(under, within=10)


def test_sigterm_to_the_whole_process_group_stops_the_run_in_one_line(tmp_path: Path) -> None:
    # Given an audit on two workers, under way; when its process group is sent SIGTERM (a service manager stopping it)
    process, workers, out = _started_with_workers(tmp_path, blocks=8, session=True)
    os.killpg(process.pid, signal.SIGTERM)
    _, err = process.communicate(timeout=120)

    # Then the workers end at once (as the pool ends them), and the command says so once, exit 143: no traceback
    assert process.returncode == 143, err
    assert err.splitlines() == [
        f"fairdice: audit terminated; finish it with: fairdice audit {tmp_path / 'day.jsonl.gz'} --out {out}"
        " --workers 2 --resume"
    ]
    assert _gone(workers, within=10)


def test_a_fresh_run_that_cannot_remove_an_earlier_runs_results_does_not_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given an --out holding another run's block results that cannot be removed (a folder made read-only, or immutable,
    # by whoever prepared it): a resume would count them as blocks done
    games.write(tmp_path / "day.jsonl", many(3))
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]
    assert main(arguments) == 0
    stuck = tmp_path / "out" / "partials" / "00000-0000000" / "summary.json"

    unlink = store._Folder.unlink  # partials/ is removed in each folder held, not by path

    def refused(folder: store._Folder, name: str) -> None:
        if folder.path / name == stuck:
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(stuck))
        unlink(folder, name)

    monkeypatch.setattr(store._Folder, "unlink", refused)

    # When a fresh run starts there, then it does not: exit 2, one line, and the plan there is its own, marked as
    # removing the earlier audit's results, which a resume refuses: nothing of the earlier audit is counted as done,
    # and nothing of the fresh one was audited
    plan = tmp_path / "out" / "partials" / "plan.json"
    assert main(arguments) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"fairdice: audit: --out {tmp_path / 'out'}: cannot remove the results of an earlier audit there ({stuck}:"
        " Operation not permitted); give another --out"
    ]
    assert json.loads(plan.read_bytes())["removing"] is True
    assert main([*arguments, "--resume"]) == 2
    assert "was begun afresh and stopped as it removed an earlier audit's results" in capsys.readouterr().err


def test_what_a_folder_holds_and_the_audit_does_not_read_is_listed_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a folder of fair games, with a mismatched game in a hidden file and another in a hidden folder, and a pipe
    folder = tmp_path / "day"
    games.write(folder / "games.jsonl", many(2))
    games.write(folder / ".late.jsonl", [games.mismatched(games.narde(1))])
    games.write(folder / ".day2" / "games.jsonl", [games.mismatched(games.narde(2))])
    os.mkfifo(folder / "pipe")

    # When the folder is audited
    status = main(["audit", str(folder), "--out", str(tmp_path / "out"), "--workers", "1"])

    # Then the games read are fair, but what was not read is listed in the summary and the report, and said on stderr,
    # and the audit is not clean: exit 1 (review: exit 0, the two mismatches unread)
    assert status == 1
    passed_over = [str(folder / ".day2"), str(folder / ".late.jsonl"), str(folder / "pipe")]
    assert summary(tmp_path / "out")["passed_over"] == passed_over
    assert capsys.readouterr().err.splitlines() == [
        "fairdice: audit: 3 files or folders in the folders given were not read (hidden, its name starting with a dot;"
        " not a file; put there while the audit ran; or a folder that could no longer be read): see passed_over in"
        f" {tmp_path / 'out' / 'summary.json'}; a hidden file is audited where it is named itself"
    ]
    page = (tmp_path / "out" / "report.html").read_text()
    assert "<h3>Not read</h3><p>3 files or folders in the folders given were not read (hidden" in page
    assert "A hidden file is audited where it is named itself.</p>" in page
    assert all(f"<li>{path}</li>" in page for path in passed_over)


def test_not_read_is_what_was_not_read_once_each_never_the_runs_own_results(tmp_path: Path) -> None:
    # Given a folder with a hidden file and a hidden folder, the results in a hidden folder inside it (left there by a
    # run killed mid-write, with a half-written block result), and the folder named twice (by a link) beside its hidden
    # file
    folder = tmp_path / "day"
    games.write(folder / "games.jsonl", many(2))
    games.write(folder / ".late.jsonl", [games.narde(1)])
    games.write(folder / ".day2" / "games.jsonl", [games.narde(2)])
    out = folder / ".audit"
    (tmp_path / "same").symlink_to(folder, target_is_directory=True)
    arguments = [str(folder), str(folder / ".late.jsonl"), str(tmp_path / "same"), "--out", str(out)]
    assert main(["audit", *arguments, "--workers", "1"]) == 1  # .day2 is not read
    (out / "partials" / "00000-0000000" / ".incoming-abc123de").write_bytes(b"half")

    # When it is audited again, afresh and resumed
    for again in ([], ["--resume"]):
        assert main(["audit", *arguments, "--workers", "1", *again]) == 1

        # Then what was not read is the hidden folder alone: the hidden file named was read, the results are the run's
        assert summary(out)["passed_over"] == [str(folder / ".day2")]
        assert summary(out)["games"] == 3


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
@pytest.mark.parametrize("where", ["elsewhere", "hidden-in-the-input", "the-input-folder"])
def test_what_a_run_cut_short_left_staged_beside_its_outputs_is_removed_by_the_next_run_and_never_counted(
    tmp_path: Path, where: str, again: list[str]
) -> None:
    # Given a run of fair games killed as it wrote its report: the page half written in the file it stages beside its
    # outputs, `.incoming-…` and the mark its plan names, as FolderResults names it (review, run for real with SIGKILL:
    # the file was left in --out by every later run, and where --out lies in the folder audited, listed by each as
    # passed over, exit 1)
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = {"elsewhere": tmp_path / "out", "hidden-in-the-input": folder / ".audit", "the-input-folder": folder}[where]
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    page = (out / "report.html").read_bytes()
    (out / "report.html").unlink()
    (out / f".incoming-{staged_mark(out)}0a1b2c3d").write_bytes(page[: len(page) // 2])

    # When it is audited again, afresh or resumed
    exit_status = main([*arguments, *again])

    # Then the staged file is gone, nothing is listed as not read, and the audit is clean, as the games are
    assert [path.name for path in out.iterdir() if path.name.startswith(".incoming-")] == []
    assert summary(out)["passed_over"] == []
    assert exit_status == 0


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
@pytest.mark.parametrize("where", ["hidden-in-the-input", "the-input-folder"])
def test_a_game_put_in_the_place_of_a_staged_file_once_the_run_looked_at_it_is_kept_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, again: list[str]
) -> None:
    # Given a run of fair games killed as it wrote its report, the page half written in the file it stages beside its
    # outputs, and whoever writes --out putting a game in that file's place (removing it) once the next run has looked
    # at it, as that run begins
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = {"hidden-in-the-input": folder / ".audit", "the-input-folder": folder}[where]
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    page = (out / "report.html").read_bytes()
    (out / "report.html").unlink()
    staged = out / f".incoming-{staged_mark(out)}0a1b2c3d"
    staged.write_bytes(page[: len(page) // 2])
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    real = local._prepare

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        staged.unlink()
        staged.write_bytes(late)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "_prepare", put_meanwhile)

    # When it is audited again, afresh or resumed, Then the game is kept, listed as not read, and the audit is not
    # clean (review: it was removed unread, as the half page it replaced, and the audit was clean, exit 0)
    assert main([*arguments, *again]) == 1
    assert staged.read_bytes() == late
    assert summary(out)["passed_over"] == [str(staged)]


@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_a_game_put_in_the_place_of_an_earlier_output_once_a_fresh_run_judged_it_refuses_the_run_removing_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    # Given an earlier audit's outputs in --out, and whoever writes --out putting a game in the place of its summary
    # (removing it) once a fresh run has judged it an earlier audit's, as that run begins
    folder, out = _fair_folder_and_out(tmp_path, where)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    real = local._left_staged

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        (out / "summary.json").unlink()
        (out / "summary.json").write_bytes(late)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "_left_staged", put_meanwhile)
    capsys.readouterr()

    # When it is audited afresh, Then it is refused, exit 2, naming it, and nothing is removed (review: it was removed
    # unread with the earlier outputs, and where --out is the input folder the audit was clean, exit 0)
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out} holds summary.json where the audit writes its results, put there or written to"
        " as the run began, once it had looked there, so nothing was removed or audited: move it out, or give another"
        " --out\n"
    )
    assert (out / "summary.json").read_bytes() == late
    assert all((out / name).is_file() for name in ("findings.jsonl", "report.html", "partials/plan.json"))


@pytest.mark.parametrize("put", ["a-file-in-partials", "a-block-result-written-to", "a-file-as-partials"])
@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_a_game_put_in_partials_once_a_fresh_run_judged_it_refuses_the_run_removing_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str, put: str
) -> None:
    # Given an earlier audit's results in --out, and whoever writes --out putting a game in partials/ once a fresh run
    # has judged what it holds an earlier audit's, as that run begins: a file of its own there, a game written over a
    # block's findings, or a file in the place of partials/ (removed)
    folder, out = _fair_folder_and_out(tmp_path, where)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    there, shown = {
        "a-file-in-partials": (out / "partials" / "late.jsonl", "partials/late.jsonl"),
        "a-block-result-written-to": (
            out / "partials" / "00000-0000000" / "findings.jsonl",
            "partials/00000-0000000/findings.jsonl",
        ),
        "a-file-as-partials": (out / "partials", "partials"),
    }[put]
    real = local._left_staged

    def put_meanwhile(*args: Any, **kwargs: Any) -> Any:
        if put == "a-file-as-partials":
            shutil.rmtree(there)
        there.write_bytes(late)
        return real(*args, **kwargs)

    monkeypatch.setattr(local, "_left_staged", put_meanwhile)
    earlier = {path.relative_to(out) for path in out.rglob("*")}
    kept = {path for path in earlier if put != "a-file-as-partials" or path.parts[0] != "partials"} | {Path(shown)}
    capsys.readouterr()

    # When it is audited afresh, Then it is refused, exit 2, naming it, and nothing is removed (review: partials/ was
    # removed whole, the game unread with it, and where --out is the input folder the audit was clean, exit 0)
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out} holds {shown} where the audit writes its results, put there or written to as the"
        " run began, once it had looked there, so nothing was removed or audited: move it out, or give another --out\n"
    )
    assert there.read_bytes() == late
    assert {path.relative_to(out) for path in out.rglob("*")} == kept


@pytest.mark.parametrize("output", ["partials/plan.json", "summary.json", "findings.jsonl", "report.html"])
@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_a_game_written_over_an_earlier_output_as_a_fresh_run_removes_partials_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str, output: str
) -> None:
    # Given an earlier audit's results in --out, and whoever writes --out writing a game over the earlier plan or one of
    # its three outputs as a fresh run removes partials/, having judged it an earlier audit's (review: the plan written
    # over so was kept, but an output was removed unchecked once partials/ was gone, the game unread)
    folder, out = _fair_folder_and_out(tmp_path, where)
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    place = out / output
    late = games.write(tmp_path / "late", [games.mismatched(games.narde(90))]).read_bytes()
    unlink = store._Folder.unlink  # partials/ is removed in each folder held, not by path

    def written_meanwhile(folder: store._Folder, name: str) -> None:
        if folder.path.name == "00000-0000000" and place.read_bytes() != late:
            place.write_bytes(late)
        unlink(folder, name)

    monkeypatch.setattr(store._Folder, "unlink", written_meanwhile)
    capsys.readouterr()

    # When it is audited afresh, Then the game is kept, not removed unread, and the run stops, exit 2, naming it
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out}: cannot remove the results of an earlier audit there ({place}: written to as"
        " it was being removed, so it is kept); give another --out\n"
    )
    assert place.read_bytes() == late


def staged_mark(out: Path) -> str:
    """The mark of the files the run in `out` stages beside its outputs, as its plan names it."""
    mark = json.loads((out / "partials" / "plan.json").read_text())["staged"]
    assert isinstance(mark, str)
    return mark


def test_a_blocks_folder_swapped_for_a_link_once_partials_is_listed_lets_no_staged_file_where_it_leads_be_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an earlier run's results in --out, and elsewhere a file bearing its mark that holds no game; and whoever
    # writes --out moving a block's folder away and putting a link to that place in its stead, once the next run has
    # listed partials/ for what the earlier run left staged and before it lists the block's folder, and again once the
    # run has removed the link with the earlier results (review: the file where the link led was listed as left staged,
    # and removed through it)
    games.write(tmp_path / "day.jsonl", many(1))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / f".incoming-{staged_mark(out)}0a1b2c3d"
    theirs.write_bytes(b"not a game, and not in --out\n")
    block, partials = out / "partials" / "00000-0000000", out / "partials"
    armed = [False]

    def swap() -> None:
        if armed[0]:
            armed[0] = False
            block.rename(tmp_path / "moved")
            block.symlink_to(elsewhere, target_is_directory=True)

    def of_partials(where: Any) -> bool:
        named = os.readlink(f"/proc/self/fd/{where}") if isinstance(where, int) else os.fspath(where)
        return Path(named) == partials

    real_scandir, real_listdir = os.scandir, os.listdir
    real_plan_found, real_prepare = local._plan_found, local._prepare

    class Listed(contextlib.nullcontext[Any]):
        """A listing read whole, as os.scandir's is used: entered, iterated and closed."""

        def __init__(self, entries: list[Any]) -> None:
            super().__init__(self)
            self.entries = iter(entries)

        def __iter__(self) -> Any:
            return self.entries

        def __next__(self) -> Any:
            return next(self.entries)

        def close(self) -> None:
            pass

    def scandir(where: Any = ".") -> Any:
        with real_scandir(where) as listed:
            entries = list(listed)
        if of_partials(where):
            swap()
        return Listed(entries)

    def listdir(where: Any = ".") -> list[Any]:
        listed = real_listdir(where)
        if of_partials(where):
            swap()
        return listed

    def plan_found(*args: Any) -> Any:
        armed[0] = True  # what the run left staged is looked for next
        return real_plan_found(*args)

    def prepare(*args: Any) -> Any:
        prepared = real_prepare(*args)
        if not block.is_symlink():
            block.symlink_to(elsewhere, target_is_directory=True)
        return prepared

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "listdir", listdir)
    monkeypatch.setattr(local, "_plan_found", plan_found)
    monkeypatch.setattr(local, "_prepare", prepare)

    # When it is audited afresh into it, Then the file where the link leads is kept
    main(arguments)
    assert block.is_symlink()
    assert theirs.read_bytes() == b"not a game, and not in --out\n"


def forty_blocks_cut_short_before_their_merge(tmp_path: Path) -> tuple[Path, list[str]]:
    """An earlier run of 40 files, each a block of its own, cut short before its merge in --out; its --out and
    arguments."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    for number, game in enumerate(many(40)):
        games.write(inputs / f"d{number:02d}.jsonl", [game])
    out = tmp_path / "out"
    arguments = ["audit", str(inputs), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    for output in ("summary.json", "report.html", "findings.jsonl"):
        (out / output).unlink()
    return out, arguments


def descriptors_counted_as_what_was_left_staged_is_held(monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[int]]:
    """The descriptors open now, and a list filled, as the run prepares, with those open then."""
    real_prepare = local._prepare
    opened_then: list[int] = []

    def prepare(*args: Any) -> Any:
        opened_then.append(len(os.listdir("/proc/self/fd")))  # as what was left staged is held, to be removed
        return real_prepare(*args)

    monkeypatch.setattr(local, "_prepare", prepare)
    opened_before = len(os.listdir("/proc/self/fd"))
    return opened_before, opened_then


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
def test_a_run_into_an_out_of_many_blocks_holds_open_only_the_blocks_folders_where_a_file_may_be_left_staged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, again: list[str]
) -> None:
    # Given an earlier run of 40 files, each a block of its own, cut short before its merge in --out, having left a
    # staged file holding no game in its last block's folder (review: a folder held open for every block while the
    # next run removed what was left stopped it, exit 3, "Too many open files", where the blocks were more than the
    # descriptors a process may open, 256 by default on macOS; its resume alike)
    out, arguments = forty_blocks_cut_short_before_their_merge(tmp_path)
    staged = out / "partials" / "00039-0000000" / f".incoming-{staged_mark(out)}0a1b2c3d"
    staged.write_bytes(b"")
    opened_before, opened_then = descriptors_counted_as_what_was_left_staged_is_held(monkeypatch)

    # When it is audited again into it, Then the staged file is removed, and the run holds open a few descriptors as
    # it does so (--out's lock, --out, partials/, the one block's folder), not one for each block's folder
    assert main([*arguments, *again]) == 0
    assert not staged.exists()
    assert opened_then[0] - opened_before <= 6, opened_then[0] - opened_before


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
def test_a_run_into_an_out_whose_every_block_holds_a_file_left_staged_holds_a_few_descriptors_as_it_removes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, again: list[str]
) -> None:
    # Given an earlier run of 40 files, each a block of its own, cut short before its merge in --out, having left a
    # staged file holding no game in every block's folder (review: a folder held open for each block holding one while
    # the next run removed them stopped it, exit 3, "Too many open files", 300 blocks under a limit of 256; its resume
    # alike)
    out, arguments = forty_blocks_cut_short_before_their_merge(tmp_path)
    blocks = sorted(block for block in (out / "partials").iterdir() if block.is_dir())
    assert len(blocks) == 40
    staged = [block / f".incoming-{staged_mark(out)}0a1b2c3d" for block in blocks]
    for each in staged:
        each.write_bytes(b"")
    opened_before, opened_then = descriptors_counted_as_what_was_left_staged_is_held(monkeypatch)

    # When it is audited again into it, Then every staged file is removed, and the run holds open a few descriptors as
    # it does so (--out's lock, --out, partials/), not one for each block's folder holding one
    assert main([*arguments, *again]) == 0
    assert not any(each.exists() for each in staged)
    assert opened_then[0] - opened_before <= 6, opened_then[0] - opened_before


def test_a_blocks_folder_swapped_for_a_link_once_what_it_left_staged_is_found_lets_nothing_where_it_leads_be_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an earlier run cut short in --out, having left a staged file holding no game in its block's folder, and
    # elsewhere a file of that name; and whoever writes --out moving the block's folder away and putting a link to
    # elsewhere in its stead once a resume has found what was left staged, before it removes it (the block's folder is
    # opened again to remove it, not held from its listing)
    games.write(tmp_path / "day.jsonl", many(1))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    for output in ("summary.json", "report.html", "findings.jsonl"):
        (out / output).unlink()
    block = out / "partials" / "00000-0000000"
    name = f".incoming-{staged_mark(out)}0a1b2c3d"
    (block / name).write_bytes(b"")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / name).write_bytes(b"")
    real_prepare = local._prepare

    def prepare(*args: Any) -> Any:
        prepared = real_prepare(*args)
        block.rename(tmp_path / "moved")
        block.symlink_to(elsewhere, target_is_directory=True)
        return prepared

    monkeypatch.setattr(local, "_prepare", prepare)

    # When it is resumed, Then the file where the link leads is kept, the link not gone through, and the run stops as
    # the merge finds the block's folder replaced (exit 3), as where the folder was held, not on the removal
    assert main([*arguments, "--resume"]) == 3
    assert block.is_symlink()
    assert (elsewhere / name).exists()


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
def test_a_users_file_named_as_a_staged_one_that_holds_no_game_is_kept_by_a_run_into_that_out(
    tmp_path: Path, again: list[str]
) -> None:
    # Given an earlier run's results in --out and, beside them, a user's note named as a file the run stages (review:
    # "nothing lost", yet every run into that --out removed it, as it held no game)
    games.write(tmp_path / "day.jsonl", many(1))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    (out / ".incoming-mynotes1").write_bytes(b"my own notes, not a game\n")

    # When it is audited again into it, afresh or resumed
    assert main([*arguments, *again]) == 0

    # Then the note is kept: the run removes only the staged files that bear its plan's mark
    assert (out / ".incoming-mynotes1").read_bytes() == b"my own notes, not a game\n"


def test_a_file_named_as_a_staged_one_beside_a_plan_that_holds_a_game_is_kept_and_listed_as_not_read(
    tmp_path: Path,
) -> None:
    # Given an earlier run's results in the folder audited, beside them a file named as one the run stages that holds a
    # game: no part of an output, whoever put it there
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(1))
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 0
    games.write(folder / ".incoming-0a1b2c3d", [games.mismatched(games.narde(9))])

    # When it is audited again, Then the file is not removed unread: it is kept, and listed as not read (exit 1)
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    assert summary(folder)["passed_over"] == [str(folder / ".incoming-0a1b2c3d")]
    assert (folder / ".incoming-0a1b2c3d").is_file()


def test_a_fresh_run_removes_earlier_results_that_are_a_link(tmp_path: Path) -> None:
    games.write(tmp_path / "day.jsonl", many(1))
    for made in ("link", "dangling"):
        out = tmp_path / f"out-{made}"
        out.mkdir()
        elsewhere = tmp_path / f"elsewhere-{made}"
        if made == "link":
            elsewhere.mkdir()
            (elsewhere / "keep.txt").write_text("not the run's")
        (out / "partials").symlink_to(elsewhere, target_is_directory=True)
        assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]) == 0, made
        assert (out / "partials").is_dir() and not (out / "partials").is_symlink()
        assert made != "link" or (elsewhere / "keep.txt").read_text() == "not the run's"


@pytest.mark.parametrize(
    ("held", "shown"),
    [
        ({"partials/notes.txt": "my notes"}, "partials/notes.txt"),
        ({"partials/keep/important.txt": "mine"}, "partials/keep"),
        ({"partials": "a file of that name"}, "partials"),
        ({"summary.json": '{"mine": 1}'}, "summary.json"),
        ({"report.html": "<!DOCTYPE html>\n<title>My own quarterly report</title>\n"}, "report.html"),
    ],
    ids=[
        "a-file-in-partials",
        "a-folder-in-partials",
        "a-file-named-partials",
        "a-summary-without-a-plan",
        "a-page-without-a-summary",
    ],
)
def test_a_fresh_run_removes_nothing_but_an_earlier_audits_results_wherever_out_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], held: dict[str, str], shown: str
) -> None:
    # Given an --out beside the inputs (not in a folder given) holding a user's files where the audit writes its
    # results (review: a fresh run removed them)
    games.write(tmp_path / "in" / "day.jsonl", many(1))
    out = tmp_path / "out"
    for name, text in held.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text)

    # When it is audited afresh, Then it is refused and they are kept
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 2
    assert f"--out {out} holds {shown} where the audit writes its results" in capsys.readouterr().err
    assert all((out / name).read_text() == text for name, text in held.items())

    # And an earlier audit's results there are removed and written anew, as before, its partials there or not (an AWS
    # run's three outputs, copied as the README copies them; review: refused)
    shutil.rmtree(out)
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 0
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 0
    shutil.rmtree(out / "partials")
    assert main(["audit", str(tmp_path / "in"), "--out", str(out), "--workers", "1"]) == 0


def test_more_workers_than_cores_start_one_per_core_and_the_command_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a machine of 3 cores, and --workers 999 (review: the pool forked nearly a thousand processes, 2 GB)
    monkeypatch.setattr(local, "cores", lambda: 3)
    started: list[int] = []

    class Pool(ProcessPoolExecutor):
        def __init__(self, max_workers: int, **kwargs: Any) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(local, "ProcessPoolExecutor", Pool)
    games.write(tmp_path / "day.jsonl", many(3))
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "999"]) == 0
    # Then 3 processes audit, and stderr says why
    assert started == [3]
    assert "fairdice: audit: --workers 999: 3 processes audit, the most it starts on 3 cores" in capsys.readouterr().err
    monkeypatch.setattr(local, "cores", lambda: 1)
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "5"]) == 0
    assert "--workers 5: 2 processes audit, the most it starts on 1 core\n" in capsys.readouterr().err
    monkeypatch.setattr(local, "cores", lambda: 3)
    # And by default as many; on one core, two at most
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out")]) == 0
    monkeypatch.setattr(local, "cores", lambda: 1)
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "5"]) == 0
    assert started == [3, 2, 3, 2]


def test_an_audit_started_with_stderr_closed_finishes_with_its_own_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given `fairdice audit … 2>&-`, whose stderr Python gives as None (review: the progress asked None whether it was a
    # terminal, and the audit stopped with exit 1, the status of findings, writing nothing)
    games.write(tmp_path / "day.jsonl", many(2))
    monkeypatch.setattr(sys, "stderr", None)

    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith("2 games: 2 fair, 0 mismatch")
    assert (tmp_path / "out" / "summary.json").is_file()


def test_an_out_whose_name_stdout_cannot_encode_is_said_with_its_escape_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given stdout in Latin-1 (a Latin-1 locale, or a file on Windows) and an --out named in Cyrillic (review: the
    # closing line was a traceback, UnicodeEncodeError, and exit 1, the status of findings, for fair games)
    games.write(tmp_path / "day.jsonl", many(2))
    written = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(written, encoding="latin-1"))

    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "аудит"), "--workers", "1"]) == 0
    said = written.getvalue().decode("latin-1")
    assert said.startswith("2 games: 2 fair") and said.endswith(
        f"See {tmp_path}/\\u0430\\u0443\\u0434\\u0438\\u0442/report.html\n"
    )


def test_an_empty_out_is_a_usage_error_not_this_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --out "$OUT" with OUT unset: Path("") is ".", where the results would go unasked (review)
    games.write(tmp_path / "in" / "day.jsonl", many(1))
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "in", "--out", ""]) == 2
    assert "--out: is empty: name the folder for the results (. for this one)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_an_empty_input_is_a_usage_error_not_this_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # fairdice audit "$GAMES" with GAMES unset: Path("") is ".", whose every file was audited unasked, a note or a
    # backup each a finding, exit 1 (review)
    games.write(tmp_path / "in" / "day.jsonl", many(1))
    (tmp_path / "notes.txt").write_text("not a game\n")
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "", "--out", "out"]) == 2
    assert "argument INPUT: is empty: name a file or folder to audit (. for this one)" in capsys.readouterr().err
    assert main(["audit", "in", "", "--out", "out"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "notes.txt"]


def test_an_empty_archive_is_a_usage_error_naming_the_bucket_to_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --archive "$BUCKET" with BUCKET unset (review: "--archive : the daily archive is its S3 bucket", an error that
    # named nothing given)
    games.write(tmp_path / "day.jsonl", many(1))
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--archive", ""]) == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "fairdice audit: error: argument --archive: is empty: name the daily archive's bucket, s3://BUCKET\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("absent", "archive", "words"),
    [
        (
            "rich",
            False,
            "fairdice: audit needs rich: pip install 'fairdice[audit]' (in a checkout of fairdice: make install)",
        ),
        ("boto3", True, "fairdice: audit needs boto3: pip install boto3 (in a checkout of fairdice: make install)"),
    ],
    ids=["report-extra", "archive-reader"],
)
def test_a_package_the_run_needs_and_does_not_have_is_a_usage_error_naming_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    absent: str,
    archive: bool,
    words: str,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == absent else real(name, *a))
    games.write(tmp_path / "day.jsonl", [games.narde(1)])
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out")]
    assert main([*arguments, *(["--archive", "s3://my-fairdice-archive"] if archive else [])]) == 2
    assert capsys.readouterr().err.splitlines() == [words]
    assert not (tmp_path / "out").exists()


def test_a_resume_audits_again_the_blocks_with_lines_fairdice_failed_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given blocks of two games, fairdice failing (as a bug would) on the third game
    monkeypatch.setattr(local, "BLOCK_LINES", 2)
    chosen = many(4)
    games.write(tmp_path / "day.jsonl", chosen)
    real = games.core_failing(monkeypatch, KeyError("a bug"), chosen[2]["phrase"])
    out = tmp_path / "out"
    first = run([str(tmp_path / "day.jsonl")], out, workers=1)
    assert (first.summary.games, first.summary.errors) == (3, 1)

    # When fairdice is mended and the audit resumed, then the block with that line is audited again, the other kept
    monkeypatch.setattr(schemes, "parse_request", real)
    resumed = run([str(tmp_path / "day.jsonl")], out, workers=1, resume=True)
    assert (resumed.audited_blocks, resumed.resumed_blocks) == (1, 1)
    assert (resumed.summary.games, resumed.summary.fair, resumed.summary.errors) == (4, 4, 0)


def test_a_missing_module_or_memory_stops_the_shard_rather_than_become_a_lines_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Not the line's fault but the machine's: a finding stored as done would never be audited again
    games.core_failing(monkeypatch, ModuleNotFoundError("No module named 'botocore'"))
    games.write(tmp_path / "day.jsonl", [games.narde(1)])
    with pytest.raises(ModuleNotFoundError):
        run([str(tmp_path / "day.jsonl")], tmp_path / "out", workers=1)
    assert not (tmp_path / "out" / "partials" / "00000-0000000" / "summary.json").exists()


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (MemoryError(), "the machine ran short of memory (try fewer --workers)"),
        (ModuleNotFoundError("No module named 'botocore'"), "a package fairdice needs cannot be imported (No module"),
    ],
    ids=["memory", "import"],
)
def test_a_machine_short_of_memory_or_a_package_ends_the_run_unfinished_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception, words: str
) -> None:
    games.core_failing(monkeypatch, error)
    games.write(tmp_path / "day.jsonl", [games.narde(1)])
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 3
    (said,) = capsys.readouterr().err.splitlines()
    assert said.startswith(f"fairdice: audit: {words}") and said.endswith(
        f"--out {tmp_path / 'out'} --workers 1 --resume"
    )


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_the_outputs_are_made_as_the_users_umask_has_files_made(tmp_path: Path, umask: int) -> None:
    # Staged by mkstemp, they were 0600 whatever the umask: another user could not read the report (review)
    games.write(tmp_path / "day.jsonl", [games.narde(1)])
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    run = [sys.executable, "-m", "fairdice", *arguments]
    done = subprocess.run(run, env=env, capture_output=True, text=True, umask=umask, check=False)
    assert done.returncode == 0, done.stderr
    made = [path for path in (tmp_path / "out").rglob("*") if path.is_file()]
    assert {path.name for path in made} >= {"summary.json", "findings.jsonl", "report.html", "ids.txt"}
    assert {path.stat().st_mode & 0o777 for path in made} == {0o666 & ~umask}


def test_the_outputs_follow_the_umask_of_the_moment_they_are_written(tmp_path: Path) -> None:
    # Not the one found when the store was imported (review: read once at import, a later umask was not followed)
    before = os.umask(0o027)
    try:
        FolderResults(tmp_path).put("report.html", b"x")
    finally:
        os.umask(before)
    assert (tmp_path / "report.html").stat().st_mode & 0o777 == 0o640
    assert [path.name for path in tmp_path.iterdir()] == ["report.html"]


@pytest.mark.parametrize(
    ("named", "made"),
    [
        ("summary.json", "game"),
        ("report.html", "page and game"),
        ("findings.jsonl", "finding and game"),
        ("partials/00000-0000001/ids.txt", "game"),
        ("partials/00000-0000001/summary.json", "game"),
        ("partials/.incoming-0000aaaa", "game"),
    ],
)
@pytest.mark.parametrize("out", [".", "audit"])
def test_a_game_filed_under_a_results_name_beside_a_plan_in_an_out_within_the_input_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str, made: str, out: str
) -> None:
    # Given a folder handed over with a fair game, and an unfair one filed where the audit writes its results, under a
    # result's name, beside a plan forged in two lines (review: judged by name alone, it was removed unread, exit 0)
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    unfair = games.jsonl([games.mismatched(games.narde(9))])
    before_it = {
        "game": b"",
        "page and game": b"<!doctype html><html><body>\n",
        "finding and game": b'{"id": "x", "verdict": "mismatch"}\n',
    }[made]
    (folder / out / named).parent.mkdir(parents=True, exist_ok=True)
    (folder / out / named).write_bytes(before_it + unfair)
    (folder / out / "partials").mkdir(parents=True, exist_ok=True)
    (folder / out / "partials" / "plan.json").write_text('{"files": [], "block_lines": 2000}')
    before = {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}

    # When it is audited afresh, Then it is refused naming the file, and nothing is removed
    assert main(["audit", str(folder), "--out", str(folder / out), "--workers", "1"]) == 2
    assert "where the audit writes its results" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()} == before


def test_a_game_in_utf16_in_an_earlier_report_is_refused_as_a_line_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The audit reads UTF-8 lines alone, as POST /verify reads its body; a results file with a line that is not UTF-8
    # is no result of the audit's, whatever it holds
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 0
    line = json.dumps(games.mismatched(games.narde(9))).encode("utf-16-le")
    with (folder / "report.html").open("ab") as report:
        report.write(b"\n" + line + b"\n")
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 2


def test_an_earlier_audits_own_results_with_findings_are_removed_and_written_anew(tmp_path: Path) -> None:
    # Given a folder audited into itself whose earlier results hold findings of every kind
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", [*many(2), games.mismatched(games.narde(9)), "not json", many(1)[0]])
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    first = summary(folder)

    # When it is audited again, Then the earlier results are its own, removed and written anew
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    assert summary(folder) == first


def test_a_hidden_file_named_as_a_staged_one_beside_the_outputs_is_listed_as_not_read(tmp_path: Path) -> None:
    # Review: `.incoming-0000aaaa` in the folder that is --out was left out of passed_over, whoever made it
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    games.write(folder / ".incoming-0000aaaa", [games.mismatched(games.narde(9))])
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    assert summary(folder)["passed_over"] == [str(folder / ".incoming-0000aaaa")]
    assert "1 file or folder in the folders given was not read" in (folder / "report.html").read_text()


def _forged(named: str, game: bytes) -> bytes:
    """A file of a result's name that passed a check by its shape while a line of it, as the audit reads a line, is a
    game (the review of the first check)."""
    utf16_cr = game.rstrip(b"\n").decode().encode("utf-16-be") + b"\0\r\n"
    within = b"\n\n" + game  # bytes that decode as UTF-16 characters of a string, and split at LF hold the game
    within += b"\n" * (len(within) % 2)
    return {
        "nested in summary.json": b'{"by_scheme": {"x":\n' + game + b"}}\n",
        "nested in a partial summary": b'{"file": "x", "first_line": 1, "last_line": 1, "counts":\n' + game + b"}\n",
        "in a UTF-16 summary.json's string": '{"passed_over": ["'.encode("utf-16-le")
        + within
        + '"]}'.encode("utf-16-le"),
        "in UTF-16 ending in CR in report.html": b"<!doctype html>\n" + utf16_cr,
        "in UTF-16 ending in CR in a staged file": utf16_cr,
        "with a verdict in findings.jsonl": game.rstrip(b"}\n") + b', "verdict": "fair"}\n',
    }[named]


@pytest.mark.parametrize(
    ("named", "where"),
    [
        ("nested in summary.json", "summary.json"),
        ("nested in a partial summary", "partials/00000-0000001/summary.json"),
        ("in a UTF-16 summary.json's string", "summary.json"),
        ("in UTF-16 ending in CR in report.html", "report.html"),
        ("in UTF-16 ending in CR in a staged file", "partials/00000-0000001/.incoming-abcdefgh"),
        ("with a verdict in findings.jsonl", "findings.jsonl"),
    ],
)
def test_a_game_within_a_file_shaped_as_a_result_in_an_out_within_the_input_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str, where: str
) -> None:
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", many(1))
    game = games.jsonl([games.mismatched(games.narde(9))])
    (folder / where).parent.mkdir(parents=True, exist_ok=True)
    (folder / where).write_bytes(_forged(named, game))
    (folder / "partials").mkdir(exist_ok=True)
    (folder / "partials" / "plan.json").write_text('{"files": [], "block_lines": 2000}')
    # (the line is a game to the audit: audited alone, it is the mismatch; a UTF-16 line was one until the audit read
    # UTF-8 alone, as POST /verify does: now it is a line not verified, and refused here all the same, as not UTF-8)
    games.write(tmp_path / "alone" / "x.jsonl", [])
    (tmp_path / "alone" / "x.jsonl").write_bytes((folder / where).read_bytes())
    said = main(["audit", str(tmp_path / "alone"), "--out", str(tmp_path / "alone-out"), "--workers", "1"])
    alone = summary(tmp_path / "alone-out")
    if named.startswith("in UTF-16 ending in CR"):
        assert said == 1 and alone["games"] == 0 and alone["errors"] >= 1
    elif named != "with a verdict in findings.jsonl":  # that line is no game: a line not verified, exit 1 all the same
        assert said == 1 and alone["mismatch"] == 1
    before = {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}

    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 2
    assert "where the audit writes its results" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()} == before


def test_an_earlier_audit_of_odd_ids_and_lines_is_its_own_results_again(tmp_path: Path) -> None:
    # Ids with a NUL, quotes, a backslash, non-ASCII; a line of NUL bytes (four, as no blank line in UTF-16 or UTF-32
    # leaves); a CR LF line: every result is UTF-8 text
    folder = tmp_path / "in"
    odd = [{**games.narde(n), "id": name} for n, name in enumerate(["a\u0000b", 'q"uo\\te', "表7-é😀"])]
    (folder).mkdir()
    (folder / "a.jsonl").write_bytes(
        games.jsonl(odd) + b"\0\0\0\0\n" + games.jsonl([games.narde(7)]).rstrip() + b"\r\n"
    )
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    first = summary(folder)
    assert main(["audit", str(folder), "--out", str(folder), "--workers", "1"]) == 1
    assert summary(folder) == first


@pytest.mark.parametrize("where", ["partials/00000-0000001/.incoming-abcdefgh", "report.html", "findings.jsonl"])
def test_a_line_nested_too_deeply_to_look_at_in_an_earlier_result_is_refused_not_taken_for_no_game(
    tmp_path: Path, where: str
) -> None:
    # Review: a game nested some 9,995 levels deep, which the check could not parse and the audit could, passed for
    # no game and was removed unread
    deep = b"[" * 100_000 + b"]" * 100_000 + b"\n"
    (tmp_path / "partials" / "00000-0000001").mkdir(parents=True)
    (tmp_path / where).write_bytes((b"<!doctype html>\n" if where == "report.html" else b"") + deep)
    assert not local._holds_results(tmp_path / where, where)


@pytest.mark.parametrize("before", [b"", b"  ", b"\t", b"\r", b" \r\t "], ids=["none", "spaces", "tab", "cr", "mixed"])
def test_a_game_after_jsons_white_space_on_a_line_of_an_earlier_plan_or_staged_file_is_refused_not_taken_for_no_game(
    tmp_path: Path, before: bytes
) -> None:
    # Given an earlier run's plan whose list of files holds, on a line of its own after JSON's white space, a game with
    # a file's fields (which a plan's file ignores), and a file staged by that run holding the same line
    game = json.dumps({**games.narde(1), "file": "day.jsonl", "bytes": 1, "mtime_ns": 1}).encode()
    plan = local.Plan(files=[], block_lines=local.BLOCK_LINES).model_dump_json(indent=2).encode()
    (tmp_path / "partials").mkdir()
    (tmp_path / "partials" / "plan.json").write_bytes(
        plan.replace(b'"files": []', b'"files": [\n' + before + game + b"\n]")
    )
    (tmp_path / ".incoming-0123abcd").write_bytes(b"{\n" + before + game + b"\n}\n")
    # Then neither holds what the audit writes there: the game would be removed unread
    assert (
        local.Plan.model_validate_json((tmp_path / "partials" / "plan.json").read_bytes()).files[0].file == "day.jsonl"
    )
    assert not local._holds_results(tmp_path / "partials" / "plan.json", "partials/plan.json")
    assert not local._holds_results(tmp_path / ".incoming-0123abcd", ".incoming-0123abcd")
    # And without the game, both do
    (tmp_path / "partials" / "plan.json").write_bytes(plan)
    (tmp_path / ".incoming-0123abcd").write_bytes(b"{\n" + before + b'"files": [],\n}\n')
    assert local._holds_results(tmp_path / "partials" / "plan.json", "partials/plan.json")
    assert local._holds_results(tmp_path / ".incoming-0123abcd", ".incoming-0123abcd")


def test_a_fresh_run_removes_the_results_an_earlier_version_wrote(tmp_path: Path) -> None:
    # Given an earlier audit's results in --out whose ids.txt and games.txt are as fairdice wrote them before the game
    # keys of stop 41 (an id and its line; a key in hex, a line and an id), or in hex with each line's scheme (review: a
    # fresh run refused them as not an earlier audit's, exit 2)
    games.write(tmp_path / "day.jsonl", many(3))
    out = tmp_path / "out"
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]) == 0
    (block,) = [folder for folder in (out / "partials").iterdir() if folder.is_dir()]
    for form, (ids, keys) in enumerate(
        [
            ('"g0000000"\t000000000001\n', f'{"a" * 32}\t000000000001\t"g0000000"\n'),
            ('"g0000000"\t000000000001\n', f'{"a" * 32}\t000000000001\t{"b" * 16}\t{"c" * 16}\tnarde-v1\t"g0"\n'),
        ]
    ):
        (block / "ids.txt").write_text(ids)
        (block / "games.txt").write_text(keys)
        # When a fresh run writes to the same --out, Then it removes them and audits anew
        assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]) == 0, form
        assert summary(out)["games"] == 3


def _audited_then_emptied(tmp_path: Path, out_in_input: bool = False) -> tuple[Path, list[str], bytes, str]:
    """An audit of three games run whole into --out (a folder of its own, or the folder audited), then its three outputs
    and partials/ removed and partials/ made again, empty, as a run killed as it staged its plan leaves it: --out, the
    arguments that audit it afresh, the plan that audit wrote and the mark it names (`staged_mark`)."""
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = folder if out_in_input else tmp_path / "out"
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    plan, mark = (out / "partials" / "plan.json").read_bytes(), staged_mark(out)
    for name in ("summary.json", "findings.jsonl", "report.html"):
        (out / name).unlink()
    shutil.rmtree(out / "partials")
    (out / "partials").mkdir()
    return out, arguments, plan, mark


@pytest.mark.parametrize("written", ["whole", "empty"])
@pytest.mark.parametrize("where", ["elsewhere", "the-input-folder"])
def test_a_plan_left_staged_by_a_run_killed_as_it_wrote_it_is_removed_by_the_next_fresh_run(
    tmp_path: Path, where: str, written: str
) -> None:
    # Given a run killed (SIGKILL) as it staged its plan, the first thing a run writes once it has removed an earlier
    # audit's results: --out holds partials/.incoming-MARK…, the plan whole or not yet written, bearing the mark the
    # plan names, and no plan (review: every later run refused that --out, its file "not an earlier audit's", and the
    # user was to find out what to remove)
    out, arguments, plan, mark = _audited_then_emptied(tmp_path, out_in_input=where == "the-input-folder")
    staged = f".incoming-{mark}0a1b2c3d"
    (out / "partials" / staged).write_bytes(plan if written == "whole" else b"")

    # When it is audited afresh into the same --out
    exit_status = main(arguments)

    # Then the staged plan is removed, the audit runs whole and is clean, nothing listed as not read
    assert exit_status == 0
    assert staged not in os.listdir(out / "partials")
    assert summary(out)["games"] == 3
    assert summary(out)["passed_over"] == []


@pytest.mark.parametrize("written", ["another mark", "cut short"])
def test_a_staged_plan_not_told_apart_from_anyones_file_is_kept_and_the_run_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    # Given --out holding, alone in partials/, a file named as a run stages its plan that is not one a run killed as it
    # staged it left: a plan bearing another mark than its name's, or a plan cut short (no mark to judge it by)
    out, arguments, plan, its_mark = _audited_then_emptied(tmp_path)
    mark = "0000aaaa" if its_mark != "0000aaaa" else "0000bbbb"
    staged = out / "partials" / f".incoming-{mark}0a1b2c3d"
    left = plan if written == "another mark" else plan[: len(plan) // 2]
    staged.write_bytes(left)

    # When it is audited afresh into the same --out, Then the run is refused, saying what the file may be and what to
    # do, and the file is kept as it was: a plan cut short may be a run's killed as it wrote it, a whole plan bearing
    # another mark is no run's (a run stages its own plan under its own mark), and is said as anyone's file is
    capsys.readouterr()
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        (
            f"fairdice: audit: --out {out} holds partials/{staged.name} alone, named as a fresh run stages its plan,"
            " the first thing it writes and before it audits anything, but is no whole plan bearing that name's mark:"
            " left by a run killed as it wrote its plan (so holding no result of it), or anyone's; kept, as holding no"
            " game but not told apart from anyone's file: remove it if it is no one's, and run again, or give another"
            " --out\n"
        )
        if written == "cut short"
        else (
            f"fairdice: audit: --out {out} holds partials/{staged.name} where the audit writes its results, and they"
            " are not an earlier audit's (which a fresh run removes): move them out, or give another --out\n"
        )
    )
    assert staged.read_bytes() == left


@pytest.mark.parametrize(
    "written", ["a key a plan has not", "its mark repeated", "an object, no plan", "a note", "a lone surrogate"]
)
def test_a_staged_plan_that_no_run_killed_as_it_wrote_it_left_is_said_as_anyones_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    # Given --out holding, alone in partials/, a file named as a run stages its plan, bearing its name's mark where it
    # names one, that is no plan a run killed as it wrote it left: a whole JSON document (a run's plan cut short is
    # none), or one that begins otherwise than every plan fairdice writes (review: each was said to be "left by a run
    # killed as it wrote its plan"); or a plan bearing its name's mark with a lone surrogate escaped in it ("\ud800"):
    # JSON Python reads, which a plan is not read from (review: the run stopped, exit 2, "fairdice: request: Invalid
    # JSON: ...", naming no file)
    out, arguments, plan, mark = _audited_then_emptied(tmp_path)
    staged = out / "partials" / f".incoming-{mark}0a1b2c3d"
    left = {
        "a key a plan has not": plan[:-1] + b', "note": 1}',
        "its mark repeated": plan[:-1] + f', "staged": "{mark}"}}'.encode(),
        "an object, no plan": b"{}",
        "a note": b"my notes, not a plan\n",
        "a lone surrogate": json.dumps({**json.loads(plan), "named": ["\ud800"]}, indent=2).encode(),
    }[written]
    assert written != "a lone surrogate" or b"\\ud800" in left
    staged.write_bytes(left)

    # When it is audited afresh into the same --out, Then the run is refused, naming the file, as anyone's, and the
    # file is kept as it was
    capsys.readouterr()
    assert main(arguments) == 2
    assert capsys.readouterr().err == (
        f"fairdice: audit: --out {out} holds partials/{staged.name} where the audit writes its results, and they are"
        " not an earlier audit's (which a fresh run removes): move them out, or give another --out\n"
    )
    assert staged.read_bytes() == left


@pytest.mark.parametrize("swapped", ["a block's folder", "partials"])
def test_a_folder_swapped_for_a_link_once_a_fresh_run_judged_it_lets_no_file_where_it_leads_be_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swapped: str
) -> None:
    # Given an earlier audit's results in --out, and whoever writes there moving a block's folder (or partials/
    # whole) elsewhere and putting a link to it in its place once a fresh run has judged what partials/ holds, before
    # it removes it (review: the files judged were removed by their paths, through the link, where they now sit)
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    out = tmp_path / "out"
    arguments = ["audit", str(folder), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    place = out / "partials" / "00000-0000000" if swapped == "a block's folder" else out / "partials"
    elsewhere = tmp_path / "elsewhere"
    real = local._partials_as_judged

    def swap(*args: Any) -> Any:
        judged = real(*args)
        place.rename(elsewhere)
        place.symlink_to(elsewhere, target_is_directory=True)
        return judged

    monkeypatch.setattr(local, "_partials_as_judged", swap)
    kept = {path: path.read_bytes() for path in place.rglob("*") if path.is_file()}
    assert kept

    # When it is audited afresh into the same --out
    main(arguments)

    # Then every file where the link leads is kept as it was
    moved = {elsewhere / path.relative_to(place): data for path, data in kept.items()}
    assert {path: path.read_bytes() for path in elsewhere.rglob("*") if path.is_file()} == moved


class _Killed(BaseException):
    """Stands for a SIGKILL: nothing after it runs, no handler, no cleanup of the run's."""


@pytest.mark.parametrize("again", [[], ["--resume"]], ids=["afresh", "resumed"])
def test_a_fresh_run_killed_as_it_removes_an_earlier_audits_outputs_leaves_its_plan_for_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, again: list[str]
) -> None:
    # Given an earlier audit's results in --out, which is the folder audited, and a fresh run there killed as it
    # removes them, at the first of the three outputs, its blocks' results gone by then (review, run for real with
    # SIGKILL: the plan was removed with partials/ before the outputs, which were left without it, not an earlier
    # audit's where --out lies in a folder given: every later run refused --out, exit 2, "move them out")
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    arguments = ["audit", str(folder), "--out", str(folder), "--workers", "1"]
    assert main(arguments) == 0
    unlink = Path.unlink

    def killed(path: Path, *args: Any, **kwargs: Any) -> None:
        if path == folder / "findings.jsonl":
            raise _Killed
        unlink(path, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", killed)
    with pytest.raises(_Killed):
        run([str(folder)], folder, workers=1)
    monkeypatch.setattr(Path, "unlink", unlink)

    # When it is audited again, afresh, Then it runs whole and is clean, as the games are; resumed, it is refused, as
    # nothing of the killed run was audited, and the earlier audit's plan is gone (review: the resume finished the
    # earlier audit, every block removed audited again unsaid); afresh after, it runs whole
    if again:
        assert main([*arguments, *again]) == 2
    assert main(arguments) == 0
    assert summary(folder)["games"] == 3


# How many removals a fresh run makes of an earlier audit of three games in one block: its block's four files, its
# block's folder and its three outputs (and the plan, which it puts its own in the place of)
_REMOVALS = 8


@pytest.mark.parametrize("removed", range(_REMOVALS + 1))
def test_a_fresh_run_killed_at_any_removal_leaves_nothing_a_resume_finishes_as_the_earlier_audit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], removed: int
) -> None:
    # Given an earlier audit's results in --out, and a fresh run there killed (SIGKILL) once it has removed `removed` of
    # them (review: the earlier plan, removed last, was left, and a --resume finished that earlier audit, as of its
    # moment, every block removed audited again unsaid)
    games.write(tmp_path / "day.jsonl", many(3))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    earlier = staged_mark(out)
    count = [0]
    real = {"folder": store._Folder.unlink, "rmdir": store._Folder.rmdir, "path": Path.unlink}

    def counted(kind: str) -> Callable[..., None]:
        def remove(*args: Any, **kwargs: Any) -> None:
            if count[0] == removed:
                raise _Killed
            count[0] += 1
            real[kind](*args, **kwargs)

        return remove

    with monkeypatch.context() as patched:
        patched.setattr(store._Folder, "unlink", counted("folder"))
        patched.setattr(store._Folder, "rmdir", counted("rmdir"))
        patched.setattr(Path, "unlink", counted("path"))
        try:
            run([str(tmp_path / "day.jsonl")], out, workers=1)
        except _Killed:
            killed = True
        else:
            killed = False
    assert killed == (removed < _REMOVALS)
    capsys.readouterr()

    # When it is resumed, Then it either finishes the fresh run, under its own plan, or is refused, saying why and what
    # to do; never the earlier audit's, under that audit's plan
    resumed = main([*arguments, "--resume"])
    if resumed == 0:
        assert staged_mark(out) != earlier
        assert summary(out)["games"] == 3
    else:
        assert resumed == 2
        assert capsys.readouterr().err == (
            f"fairdice: audit: --resume: the audit in {out} was begun afresh and stopped as it removed an earlier"
            " audit's results there, before it audited anything: there is nothing of it to resume; audit the inputs"
            " afresh, with the same command without --resume\n"
        )
        # And audited afresh, it runs whole and is clean, as the games are
        assert main(arguments) == 0
        assert summary(out)["games"] == 3
    assert killed or resumed == 0


def test_a_fresh_run_killed_once_it_removed_an_earlier_plan_leaves_nothing_that_run_staged_for_every_later_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an earlier audit's results in --out, which is the folder audited, beside a file that audit's run staged for
    # its report and left, killed as it wrote it (its name bearing the plan's mark), and a fresh run there killed once
    # it has removed the earlier plan, as it removes partials/'s folders (review: the staged file was removed only after
    # the plan, and no later run knew it by its mark: each listed it as not read, exit 1, however fair the games)
    folder = tmp_path / "in"
    games.write(folder / "day.jsonl", many(3))
    arguments = ["audit", str(folder), "--out", str(folder), "--workers", "1"]
    assert main(arguments) == 0
    staged = folder / f".incoming-{staged_mark(folder)}0a1b2c3d"
    staged.write_bytes(b"<!doctype html>\n")

    def killed(folder: store._Folder, name: str) -> None:
        raise _Killed

    with monkeypatch.context() as patched:
        patched.setattr(store._Folder, "rmdir", killed)
        with pytest.raises(_Killed):
            run([str(folder)], folder, workers=1)
    assert json.loads((folder / "partials" / "plan.json").read_bytes())["removing"] is True

    # When it is audited again, Then it runs whole and is clean, nothing listed as not read, the staged file gone
    assert main(arguments) == 0
    assert summary(folder)["games"] == 3
    assert summary(folder)["passed_over"] == []
    assert not staged.exists()


# A fresh run sent a stop (the signal named by its first argument) as it removes an earlier audit's blocks' results,
# once its own plan, marked as removing, is in that audit's plan's place: run in a process of its own, its one thread
# holding the stop back as the command's would (in the test's process, threads other tests left would take a stop the
# main thread holds back)
_STOPPED_AS_IT_REMOVES_THE_PLAN = """
import os, sys
from fairdice.audit import local
from fairdice.cli import main

real = local._remove_judged

def stopped(out, links, files, *rest):
    if files:
        os.kill(os.getpid(), int(sys.argv[1]))
    real(out, links, files, *rest)

local._remove_judged = stopped
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_as_a_fresh_run_removes_an_earlier_plan_leaves_that_runs_own_plan_for_the_resume_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: int
) -> None:
    # Given an earlier audit's results in --out, and a fresh run there sent Ctrl-C or SIGTERM once it has removed that
    # audit's outputs, as it removes its plan (review: the earlier plan was left alone, and the --resume the run named
    # finished that earlier audit, as of its moment, every block audited again unsaid)
    games.write(tmp_path / "day.jsonl", many(3))
    out = tmp_path / "out"
    arguments = ["audit", str(tmp_path / "day.jsonl"), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    earlier = staged_mark(out)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    command = [sys.executable, "-c", _STOPPED_AS_IT_REMOVES_THE_PLAN, str(int(number)), *arguments]
    stopped = subprocess.run(command, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert stopped.returncode == (130 if number == signal.SIGINT else 143), stopped.stderr
    assert stopped.stderr.endswith(f"; finish it with: fairdice audit {' '.join(arguments[1:])} --resume\n")

    # Then the plan in --out is the stopped run's own, none of the earlier audit's outputs left, and the resume it
    # names finishes that run, auditing every block, none said to be audited again
    assert (out / "partials" / "plan.json").is_file() and staged_mark(out) != earlier
    assert [name for name in ("summary.json", "findings.jsonl", "report.html") if (out / name).exists()] == []
    capsys.readouterr()
    assert main([*arguments, "--resume"]) == 0
    assert summary(out)["games"] == 3
    assert "audited again" not in capsys.readouterr().err


@pytest.mark.parametrize(("written", "status"), [("whole", 0), ("empty", 0), ("another mark", 2), ("cut short", 2)])
def test_a_file_named_as_a_staged_plan_is_read_once_as_a_fresh_run_judges_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str, status: int
) -> None:
    # Given --out holding, alone in partials/, a file named as a run stages its plan: a whole plan bearing its name's
    # mark, an empty one, one bearing another mark, or one cut short
    out, arguments, plan, its_mark = _audited_then_emptied(tmp_path)
    mark = its_mark if written != "another mark" else "0000aaaa" if its_mark != "0000aaaa" else "0000bbbb"
    staged = out / "partials" / f".incoming-{mark}0a1b2c3d"
    staged.write_bytes(
        {"whole": plan, "empty": b"", "another mark": plan, "cut short": plan[: len(plan) // 2]}[written]
    )
    opened: list[Path] = []
    real = local.open_file

    def counted(path: Path) -> Any:
        opened.append(path)
        return real(path)

    monkeypatch.setattr(local, "open_file", counted)

    # When it is audited afresh into the same --out, Then it is removed or kept, as ever, and was read once: what it
    # holds as judged is what tells it a plan left staged or cut short (review: read up to three times, each a look of
    # its own at a file anyone may write)
    assert main(arguments) == status
    assert staged.exists() == (status == 2)
    assert opened.count(staged) == 1


def _worker_ended_mid_shard(root: Path, out: Path, end: Callable[[], None]) -> None:
    """In a worker process (forked, started as the pool starts one), a shard's audit that `end` ends after its first
    line, its scratch folders made under `root`."""
    tempfile.tempdir = str(root)
    local._worker_started()

    def lines() -> Iterator[Any]:
        for line in numbered_lines(io.BytesIO(games.jsonl(many(3))), "day.jsonl"):
            yield line
            end()

    audit_shard(lines(), "day.jsonl", FolderResults(out), "s")


def _terminated() -> None:
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(5)  # the signal is handled here, at once


def _orphaned() -> None:
    local._stop_when_orphaned(parent=-1, sentinel=None)  # its main process gone: it stops at once


@pytest.mark.parametrize(
    ("end", "status"),
    [(_terminated, -signal.SIGTERM), (_orphaned, local.EXIT_ORPHANED)],
    ids=["terminated", "orphaned"],
)
def test_a_worker_ended_as_it_audits_a_block_leaves_no_scratch_folder(
    tmp_path: Path, end: Callable[[], None], status: int
) -> None:
    # Given a worker process auditing a block, sent SIGTERM (as the pool terminates its workers once one is killed, or a
    # service stops the command's process group), or whose main process is gone: both end it at once, unwinding
    # nothing (review: each left its block's scratch folder, fairdice-shard-…, in the temporary folder for good)
    root = tmp_path / "t"
    root.mkdir()
    worker = multiprocessing.get_context("fork").Process(target=_worker_ended_mid_shard, args=(root, tmp_path, end))
    worker.start()
    worker.join(60)

    # Then it ends as before, and its scratch folder is gone with it
    assert worker.exitcode == status
    assert [path.name for path in root.iterdir()] == []


def _worker_sent_sigterm_as_its_stops_are_held(root: Path, out: Path) -> None:
    """In a worker process (forked, started as the pool starts one), a shard's audit whose SIGTERM came the moment
    before it holds the stops to make its scratch folder under `root`: handled as the hold begins, as Python handles a
    signal that came just before its mask is set (`signal.pthread_sigmask` runs the handlers pending)."""
    tempfile.tempdir = str(root)
    local._worker_started()
    real = signal.pthread_sigmask

    def held(how: int, mask: Any) -> Any:
        before = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGTERM in set(mask):
            handler = signal.getsignal(signal.SIGTERM)
            assert callable(handler)
            handler(signal.SIGTERM, None)
        return before

    signal.pthread_sigmask = held
    audit_shard(numbered_lines(io.BytesIO(games.jsonl(many(3))), "day.jsonl"), "day.jsonl", FolderResults(out), "s")
    os._exit(0)  # not reached: the SIGTERM ends it


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks to hold SIGTERM with")
def test_a_worker_whose_sigterm_is_handled_as_it_holds_the_stops_ends_then_and_makes_no_scratch_folder(
    tmp_path: Path,
) -> None:
    # Given a worker process sent SIGTERM the moment before it holds Ctrl-C and SIGTERM to make its block's scratch
    # folder: the handler runs as the hold begins, the signal held (review: it set SIGTERM back to its default and sent
    # it again, held until the hold's end, so the worker made its scratch folder, then ended, leaving it behind)
    root = tmp_path / "t"
    root.mkdir()
    worker = multiprocessing.get_context("fork").Process(
        target=_worker_sent_sigterm_as_its_stops_are_held, args=(root, tmp_path)
    )
    worker.start()
    worker.join(60)

    # Then it ends by SIGTERM then, before anything is held, and leaves no scratch folder
    assert worker.exitcode == -signal.SIGTERM
    assert [path.name for path in root.iterdir()] == []
