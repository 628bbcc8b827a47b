"""The `fairdice` command: verdict JSON on stdout, exit 0 / 1 / 2 / 3 / 4, problems on stderr naming the field."""

import datetime as dt
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import fairdice
import pytest
from fairdice import cli, schemes
from fairdice.cli import main
from fairdice.errors import ArchiveUnavailable, TamperedRecord

from testkit.oracles import seed_004

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
FAIR: dict[str, Any] = {
    "scheme": "narde-v1",
    "key": KEY,
    "fingerprint": SEAL,
    "phrase": "test",
    "recorded": "1-5 4-6 3-4",
}


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_verify_prints_the_verdict_and_exits_0_when_fair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", write(tmp_path, FAIR)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["verdict"] == "fair"
    assert [r["message"] for r in verdict["rolls"]] == ["narde-v1|test|0", "narde-v1|test|1", "narde-v1|test|2"]


def test_verify_reads_stdin_for_a_dash_and_exits_1_on_a_mismatch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(FAIR | {"recorded": "1-5 4-6 3-3"})))
    assert main(["verify", "-"]) == 1
    assert json.loads(capsys.readouterr().out)["summary"]["first_mismatch"] == 2


def test_verify_exits_4_for_an_incomplete_verdict_never_the_status_of_a_fair_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the rolls of a game without the rolls recorded: nothing contradicts them, nothing proves them
    # When a script verifies it (`fairdice verify game.json && …`), Then the status is not 0, which only fair gives
    assert main(["verify", write(tmp_path, {"scheme": "narde-v1", "key": KEY, "phrase": "test", "count": 2})]) == 4
    assert json.loads(capsys.readouterr().out)["verdict"] == "incomplete"


def test_verify_pretty_indents_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--pretty", write(tmp_path, FAIR)]) == 0
    assert capsys.readouterr().out.startswith('{\n  "scheme": "narde-v1",')


@pytest.mark.parametrize(
    ("data", "stderr"),
    [
        (FAIR | {"count": 10_001}, "fairdice: count: must be at most 10,000, got 10001\n"),
        (FAIR | {"phrase": None}, "fairdice: phrase: a phrase must be text of 1 to 256 characters\n"),
        ({"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"},
         "fairdice: secret: this check reads no daily archive: give the day's secret, which the archive reveals"
         " once the day is over: add \"secret\": \"<the revealed day secret>\" to the request, or name the archive to"
         " read it from: FAIRDICE_ARCHIVE_BUCKET, or FAIRDICE_DATA_DIR (a folder holding archive/)\n"),
    ],
)  # fmt: skip
def test_verify_exits_2_on_bad_input_naming_the_field_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, stderr: str
) -> None:
    assert main(["verify", write(tmp_path, data)]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", stderr)


def test_verify_exits_2_when_the_input_is_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "request.json"
    path.write_text("{scheme: pair36}")
    assert main(["verify", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"fairdice: request: {path} is not JSON: ")


@pytest.mark.parametrize("command", ["verify", "link"])
def test_a_request_file_that_gives_a_key_twice_exits_2_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # Given the fair game's file with another key given first: json.loads keeps the last (the fair one), a person
    # reading the file may take the first
    path = tmp_path / "request.json"
    path.write_text(json.dumps(FAIR).replace('"key": ', f'"key": "{"ab" * 32}", "key": ', 1))
    assert main([command, str(path)]) == 2
    assert capsys.readouterr() == (
        "",
        f"fairdice: request: {path} gives the key 'key' more than once in one object; give it once\n",
    )


def test_a_fields_name_from_a_link_or_a_file_reaches_the_terminal_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a link whose unknown parameter's name holds terminal escapes that move the cursor up, erase the line and
    # draw a green "fair" in its place, then hide the rest (review R5)
    name = "%1b[1A%1b[2K%0d%1b[32mfair%3A%20every%20roll%20matches%1b[8m"
    assert main(["check", f"https://x/check/?seed=00&{name}=1"]) == 2
    err = capsys.readouterr().err
    # Then the error is written with each character that prints nothing as its code point
    assert "\x1b" not in err and "\r" not in err
    assert err.startswith("fairdice: ⟨U+001B⟩[1A⟨U+001B⟩[2K⟨U+000D⟩⟨U+001B⟩[32mfair: every roll matches⟨U+001B⟩[8m: ")
    # and so is a key of a request file, and a bidi override
    path = tmp_path / "request.json"
    path.write_text(json.dumps(FAIR | {"\u001b[8mhidden\u202e": 1}))
    assert main(["verify", str(path)]) == 2
    assert capsys.readouterr().err.startswith("fairdice: ⟨U+001B⟩[8mhidden⟨U+202E⟩: ")


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "https://x/check/?seed=00", "\x1b[1A\x1b[2K\rfair"],  # a link pasted unquoted, split at a space
        ["daily", "show", "--d=\x1b[1A\x1b[2K\rfair"],  # argparse's "ambiguous option", quoting it as given
        ["--\u202efair", "verify"],  # before the command: main's own "unrecognized arguments"
    ],
    ids=["unrecognized", "ambiguous", "before the command"],
)
def test_an_arguments_escapes_reach_the_terminal_as_code_points_in_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # Given an argument holding escapes that move the cursor up, erase the line and write "fair" (review: argparse
    # quoted it as given, and the terminal ran them)
    # When the command line is refused, Then the error is the usage's (exit 2), each such character as its code point
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert not set(err) & {"\x1b", "\r", "\u202e"}
    assert "⟨U+001B⟩[1A⟨U+001B⟩[2K⟨U+000D⟩fair" in err or "⟨U+202E⟩fair" in err


def test_a_character_that_draws_nothing_though_printable_reaches_the_terminal_as_its_code_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a pasted roll holding a Hangul filler, which str.isprintable() takes and a terminal draws as nothing
    # (review: the refusal read "'' is not a roll"; the audit's S3 prefixes refuse it by the same test). The core's
    # message quotes it by its escape, as repr quotes a character it refuses (prose.repr_of).
    path = tmp_path / "request.json"
    path.write_text(json.dumps(FAIR | {"recorded": "1-5 \u3164"}))

    # When it is verified, Then the refusal names the character by its escape
    assert main(["verify", str(path)]) == 2
    assert "'\\u3164' is not a roll" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ('{"scheme": null}', "scheme: must be one of {ids}, not null"),
        ('{"scheme": true}', "scheme: must be one of {ids}, not true"),
        ('{"scheme": false}', "scheme: must be one of {ids}, not false"),
        (json.dumps(FAIR)[:-1] + ', "count": [1, null]}', "count: must be a whole number, got [1, null]"),
        (json.dumps(FAIR)[:-1] + ', "count": {"a": null}}', "count: must be a whole number, got {'a': null}"),
        (
            json.dumps(FAIR)[:-1] + ', "count": 1e300}',
            "count: must be a whole number without a decimal point or exponent, got 1e300",
        ),
    ],
)
def test_a_value_given_in_json_is_quoted_in_jsons_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], given: str, said: str
) -> None:
    # Given a request written in JSON holding null, true or false (review: it was refused as "not None", in Python's
    # words), When it is verified, Then the refusal quotes them as JSON writes them
    monkeypatch.setattr(sys, "stdin", io.StringIO(given))
    assert main(["verify", "-"]) == 2
    assert capsys.readouterr() == ("", f"fairdice: {said.replace('{ids}', ', '.join(schemes.ids()))}\n")


def test_verify_exits_2_when_the_file_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.startswith("fairdice: request: cannot read ")


def test_check_verifies_a_link_and_exits_by_its_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    link = f"https://dice.example/check/?scheme=narde-v1&key={KEY}&fingerprint={SEAL}&phrase=test&rolls=154634"
    assert main(["check", link]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "fair"
    assert main(["check", link.replace("rolls=154634", "rolls=154633")]) == 1


def test_check_exits_2_on_a_bad_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", f"/check/?seed={KEY}&client=a&n=1&colour=red"]) == 2
    assert capsys.readouterr().err == (
        "fairdice: colour: 'colour' is not a parameter of a pair36 link; it takes seed, seal, client, first, n, rolls\n"
    )


@pytest.mark.parametrize("command", ["verify", "link"])
def test_an_empty_request_file_is_a_usage_error_naming_what_to_give(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # `fairdice verify "$GAME"` with GAME unset (review: "request: cannot read : [Errno 2] No such file or directory")
    assert main([command, ""]) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"fairdice {command}: error: argument file: is empty: name the request's file (- for stdin)\n")


def test_check_says_a_link_holding_a_byte_that_is_not_utf8_is_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    # Given a link typed in a UTF-8 terminal with a byte of Latin-1 in its phrase ($'\xe9'), which Python's argv keeps
    # as the lone surrogate U+DCE9 (review: "a phrase must not contain control characters")
    link = f"/check/?scheme=narde-v1&key={KEY}&fingerprint={SEAL}&phrase=caf\udce9&rolls=154634"

    assert main(["check", link]) == 2
    byte = link.index("\udce9") + 1  # the link is ASCII up to it: one byte a character
    assert (
        capsys.readouterr().err
        == f"fairdice: link: the link is not UTF-8 text: invalid continuation byte at byte {byte}\n"
    )


def test_check_says_a_link_holding_a_surrogate_no_byte_gives_is_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    # Given a link handed to main() holding U+D800, which no byte decodes to (the parsers' fuzzer: a traceback)
    assert main(["check", "\ud800/check/?seed=00000000000000000000000000000000&client=0&n=1"]) == 2
    assert capsys.readouterr().err == (
        "fairdice: link: the link is not UTF-8 text: a lone surrogate, no character, at character 1\n"
    )


@pytest.mark.parametrize("command", ["verify", "link"])
def test_a_request_file_named_with_a_surrogate_no_byte_gives_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # Given a file name handed to main() holding U+D800, which no file system names (a read of the whole change: a
    # UnicodeEncodeError traceback from open())
    assert main([command, "x\ud800"]) == 2
    assert capsys.readouterr().err == (
        "fairdice: request: cannot read the file: its name holds a lone surrogate, no character, at character 2\n"
    )


PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def clock_at(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """This machine's clock, for the command, at `text` UTC."""
    monkeypatch.setattr(cli, "clock", lambda: dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC))


def daily_roll(day: str) -> dict[str, Any]:
    """A daily roll carrying a day secret, its commitment and the faces seed 004 gives for them."""
    faces = seed_004.faces(bytes.fromhex(KEY), day, PLAYER)
    return {"scheme": "daily", "date": day, "player_id": PLAYER, "secret": KEY, "commitment": SEAL, "recorded": faces}


def test_verify_withholds_a_daily_roll_until_its_day_is_over_by_this_machines_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a daily roll of 2026-10-28 with its secret, its commitment and its faces, and no archive
    request = write(tmp_path, daily_roll("2026-10-28"))

    # When it is verified during that day (UTC), Then it is withheld: nothing of the secret is confirmed
    clock_at(monkeypatch, "2026-10-28 23:59:59")
    assert main(["verify", request]) == 4
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["verdict"], verdict["rolls"], verdict["seal"]["computed"]) == ("withheld", [], None)
    assert verdict["withheld"] == {
        "reason": "the secret of 2026-10-28 is not revealed yet: the archive reveals it in the minutes after that day"
        " ends in UTC",
        "reveal_at": "2026-10-29T00:00:00Z",
        "overdue": False,
        # at most incomplete once revealed: no archive shows when its commitment was published (changed on purpose:
        # false, where the same check once the day is over is incomplete, below)
        "at_most_incomplete": True,
        "recorded": [seed_004.faces(bytes.fromhex(KEY), "2026-10-28", PLAYER)],
    }

    # When it is verified once the day is over, Then its secret is checked: every face matches
    clock_at(monkeypatch, "2026-10-29 00:00:00")
    assert main(["verify", request]) == 4
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["verdict"], verdict["checks"]) == ("incomplete", {"seal": "match", "rolls": "match"})


@pytest.mark.parametrize(
    ("day", "reveal_at"), [("2026-10-29", "2026-10-30T00:00:00Z"), ("9999-12-31", None)], ids=["tomorrow", "last day"]
)
def test_check_withholds_a_link_to_a_daily_roll_of_a_day_not_begun(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], day: str, reveal_at: str | None
) -> None:
    clock_at(monkeypatch, "2026-10-28 12:00")
    link = f"/check/?scheme=daily&date={day}&player={PLAYER}&secret={KEY}&commitment={SEAL}"
    assert main(["check", link]) == 4
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["verdict"] == "withheld"
    assert verdict["withheld"] == {
        "reason": f"{day} has not begun in UTC: its secret is not revealed, so none is confirmed or denied",
        "reveal_at": reveal_at,
        "overdue": False,
        # no archive here either (changed on purpose, as for a day not over: it was false)
        "at_most_incomplete": True,
        "recorded": None,
    }


def test_verify_of_tomorrows_roll_on_a_folder_archive_says_it_at_most_incomplete_once_revealed_as_todays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the archive FAIRDICE_DATA_DIR names, a folder, whose times whoever holds it can set (review: tomorrow's
    # roll there read at_most_incomplete false, "Not yet verifiable" alone, where today's read true)
    (tmp_path / "archive").mkdir()
    monkeypatch.delenv("FAIRDICE_ARCHIVE_BUCKET", raising=False)
    monkeypatch.setenv("FAIRDICE_DATA_DIR", str(tmp_path))
    clock_at(monkeypatch, "2026-10-28 12:00")

    # When tomorrow's roll is verified, without its secret
    roll = {"scheme": "daily", "date": "2026-10-29", "player_id": PLAYER}
    assert main(["verify", write(tmp_path, roll)]) == 4

    # Then it is withheld, at most incomplete once revealed, saying why
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["verdict"] == "withheld"
    assert verdict["withheld"]["at_most_incomplete"] is True
    assert "whose times whoever holds it can set" in verdict["reasons"][-1]


def test_check_of_a_daily_link_without_its_secret_or_an_archive_says_how_to_give_it_and_that_way_checks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a daily roll's link as the game gives it, without the day's secret, on a machine that names no archive
    monkeypatch.delenv("FAIRDICE_ARCHIVE_BUCKET", raising=False)
    monkeypatch.delenv("FAIRDICE_DATA_DIR", raising=False)
    clock_at(monkeypatch, "2026-10-29 12:00")
    faces = "-".join(map(str, seed_004.faces(bytes.fromhex(KEY), "2026-10-28", PLAYER)))
    link = f"/check/?scheme=daily&date=2026-10-28&player={PLAYER}&rolls={faces}"

    # When it is checked, Then the command says how it takes the secret (review: it asked for it, not how to give it)
    assert main(["check", link]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        "fairdice: secret: this check reads no daily archive: give the day's secret, which the archive reveals once the"
        " day is over: add secret=<the revealed day secret> to the link, or name the archive to read it from:"
        " FAIRDICE_ARCHIVE_BUCKET, or FAIRDICE_DATA_DIR (a folder holding archive/)\n",
    )

    # And the link with the secret added as it says is checked: its faces match (incomplete: no archive's commitment)
    assert main(["check", f"{link}&secret={KEY}"]) == 4
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["verdict"], verdict["checks"]["rolls"]) == ("incomplete", "match")


def test_link_prints_the_link_for_a_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", write(tmp_path, FAIR), "--base", "https://dice.example"]) == 0
    assert capsys.readouterr().out == (
        f"https://dice.example/check/?scheme=narde-v1&key={KEY}&fingerprint={SEAL}&phrase=test&n=3&rolls=154634\n"
    )


@pytest.mark.parametrize("base", ["dice.example", "https://dice.example/?a=1", "https://dice.example/#top"])
def test_link_refuses_a_base_no_link_would_open_under(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str
) -> None:
    # Review: `dice.example/check/?…` and `https://dice.example/?a=1/check/?…` were printed, exit 0
    assert main(["link", write(tmp_path, FAIR), "--base", base]) == 2
    assert (
        "argument --base: must be an http(s) URL of a host's name or address (a port, if any, 1 to 65535)"
        in capsys.readouterr().err
    )


def test_link_refuses_a_request_verify_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # opening:1 is rolled only after a tie at opening:0, which with this key is 3-4
    labels = ["bg-dice-v1:opening:0", "bg-dice-v1:opening:1"]
    request = write(tmp_path, {"scheme": "bg-dice-v1", "key": "00" * 32, "labels": labels})
    assert main(["link", request]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("fairdice: labels[1]: bg-dice-v1:opening:0 is not a tie with this key")


@pytest.mark.parametrize("command", ["verify", "link"])
def test_a_request_with_a_byte_order_mark_is_read_from_a_file_and_from_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # As a Windows editor may save it; stdin was refused in odd words (review)
    text = "\ufeff" + json.dumps(FAIR)
    (tmp_path / "bom.json").write_text(text, encoding="utf-8")
    assert main([command, str(tmp_path / "bom.json")]) == 0
    from_file = capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main([command, "-"]) == 0
    assert capsys.readouterr() == from_file and from_file.err == ""


def test_stdin_is_read_as_utf_8_as_a_file_is_whatever_the_locales_encoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair game whose phrase is "café", saved as JSON is (UTF-8), and a locale whose encoding is Latin-1, as
    # sys.stdin reads (Windows' cp1252 alike): "café" read as "cafÃ©" rolled other dice, a mismatch (review)
    data = json.dumps(FAIR | {"phrase": "café", "recorded": "2-1 2-6 2-2 2-5"}, ensure_ascii=False).encode()
    (tmp_path / "cafe.json").write_bytes(data)
    assert main(["verify", str(tmp_path / "cafe.json")]) == 0
    from_file = capsys.readouterr()
    # When it is piped, Then it is the same fair game
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="latin-1"))
    assert main(["verify", "-"]) == 0
    assert capsys.readouterr() == from_file

    # Given bytes that are not UTF-8, which C.UTF-8's stdin reads as lone surrogates (review: "a phrase must not
    # contain control characters"), Then stdin is refused as the file is, in the same words
    data = data.replace("é".encode(), b"\xe9")
    (tmp_path / "cafe.json").write_bytes(data)
    assert main(["verify", str(tmp_path / "cafe.json")]) == 2
    words = capsys.readouterr().err.removeprefix(f"fairdice: request: {tmp_path / 'cafe.json'} ")
    assert words.startswith("is not UTF-8 text: invalid continuation byte at byte ")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape"))
    assert main(["verify", "-"]) == 2
    assert capsys.readouterr() == ("", f"fairdice: request: stdin {words}")


@pytest.mark.parametrize("command", ["verify", "link"])
def test_a_closed_stdin_is_bad_input_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # Given a command started with stdin closed (`fairdice verify <&-`), which Python gives as None (review: a
    # traceback, AttributeError, and exit 1, a mismatch's status)
    monkeypatch.setattr(sys, "stdin", None)
    assert main([command]) == 2
    assert capsys.readouterr() == ("", "fairdice: request: stdin is closed: name the request's file\n")


def test_a_closed_stderr_keeps_each_problem_out_of_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a command started with stderr closed (`fairdice verify game.json 2>&- > verdict.json`), which Python gives
    # as None (review: print(…, file=None) wrote the problem to stdout, where the verdict goes)
    monkeypatch.setattr(sys, "stderr", None)

    assert main(["verify", "no-such-request.json"]) == 2
    assert capsys.readouterr().out == ""


def test_a_request_longer_than_post_verify_takes_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair request padded to 1 MiB, the most POST /verify and an audit line take, a BOM and CR LF not counted
    text = json.dumps(FAIR)
    most = text[:-1] + " " * ((1 << 20) - len(text)) + "}"
    (tmp_path / "most.json").write_bytes(b"\xef\xbb\xbf" + most.encode() + b"\r\n")
    (tmp_path / "over.json").write_text(most[:-1] + " }")
    # Then it is read, and one byte more is refused (review: read whole, however large)
    assert main(["verify", str(tmp_path / "most.json")]) == 0
    assert main(["verify", str(tmp_path / "over.json")]) == 2
    over = "is longer than 1,048,576 bytes, the most a verify request may take (as POST /verify)\n"
    assert capsys.readouterr().err == f"fairdice: request: {tmp_path / 'over.json'} {over}"

    # Given stdin that never ends, as /dev/zero (review: read until memory ran out, a traceback and exit 1)
    class Endless(io.RawIOBase):
        read_in_all = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            Endless.read_in_all += len(buffer)
            buffer[:] = bytes(len(buffer))
            return len(buffer)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    # Then it is refused once the cap is passed, read no further
    assert main(["verify", "-"]) == 2
    assert capsys.readouterr().err == f"fairdice: request: stdin {over}"
    assert Endless.read_in_all < 2 << 20


def test_the_verdict_is_json_whatever_the_encoding_of_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair game whose phrase is Cyrillic, and stdout in Latin-1, as a locale or Windows (cp1252, where stdout
    # is a file) sets it: the verdict was a traceback and exit 1, the status of a mismatch (review)
    path = write(tmp_path, FAIR | {"phrase": "пароль", "recorded": "5-1 5-4 4-4"})
    assert main(["verify", path, "--pretty"]) == 0
    as_utf_8 = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdout", latin_1 := io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    # When it is verified, Then its status is fair's, and it prints the same JSON in ASCII, each other character as its
    # escape (not as Latin-1's bytes, which no JSON reader takes)
    assert main(["verify", path, "--pretty"]) == 0
    written = latin_1.buffer.getvalue()  # type: ignore[attr-defined]
    assert written.isascii() and "\\u043f\\u0430" in written.decode()
    assert json.loads(written) == json.loads(as_utf_8)
    assert json.loads(written)["identified_by"][1]["value"] == "пароль"


def test_a_bad_command_line_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll"]) == 2
    assert "invalid choice: 'roll'" in capsys.readouterr().err


def test_no_command_is_said_to_be_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert capsys.readouterr().err.endswith("fairdice: error: the following arguments are required: COMMAND\n")


def test_version_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"fairdice {fairdice.__version__}\n"


def test_python_dash_m_fairdice_runs_the_same_command() -> None:
    # Given the package as the layer ships it, in a fresh interpreter, When a fair request is piped in
    done = _python_with_a_fair_request(["-m", "fairdice", "verify", "-"])

    # Then it prints the verdict and exits 0
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["verdict"] == "fair"


# A Ctrl-C as the process exits: in an atexit callback registered before the command ran, as logging's and
# multiprocessing's are, which run after those registered later
_CTRL_C_AS_IT_EXITS = """
import atexit, os, signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
atexit.register(lambda: (os.kill(os.getpid(), signal.SIGINT), time.sleep(1)))
from fairdice.cli import main
sys.exit(main(sys.argv[1:]))
"""


# A Ctrl-C as the interpreter's exit joins the threads left: in a hook for that registered before the command ran, as
# concurrent.futures registers its pool's, which runs before any atexit callback
_CTRL_C_AS_THREADS_ARE_JOINED = """
import os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
threading._register_atexit(lambda: (os.kill(os.getpid(), signal.SIGINT), time.sleep(1)))
from fairdice.cli import main
sys.exit(main(sys.argv[1:]))
"""


# A Ctrl-C once the process's own command (no argv: its command line) has returned, before the interpreter's exit
_CTRL_C_ONCE_IT_RETURNED = """
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from fairdice.cli import main
status = main()
os.kill(os.getpid(), signal.SIGINT)
time.sleep(1)
sys.exit(status)
"""


@pytest.mark.parametrize("args", [["--version"], ["verify", "-"]], ids=["version", "verify"])
@pytest.mark.parametrize(
    "script",
    [_CTRL_C_AS_IT_EXITS, _CTRL_C_AS_THREADS_ARE_JOINED, _CTRL_C_ONCE_IT_RETURNED],
    ids=["as it exits", "as the exit joins threads", "once its command returned"],
)
def test_a_ctrl_c_as_the_command_exits_ends_it_by_that_signal_with_no_traceback(script: str, args: list[str]) -> None:
    # Review: a Ctrl-C just after a SIGTERM stopped an audit came as it exited, in logging's flush, and was printed as a
    # traceback under "Exception ignored in atexit callback". Then (a flaky audit test on a loaded machine) one 10 ms
    # after a SIGTERM came as the interpreter joined its threads, before atexit's callbacks, and was printed as a
    # traceback under "Exception ignored on threading shutdown", the command's status kept as if no Ctrl-C had come;
    # and one came anywhere in the exit, before any hook that could catch it (in threading's, in the hook itself)
    done = _python_with_a_fair_request(["-c", script, *args])
    assert (done.returncode, done.stderr) == (-signal.SIGINT, "")


# A Ctrl-C as the command returns, past its own handling: as it registers its atexit callback, its last step
_CTRL_C_AS_IT_RETURNS = """
import atexit, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
unregister = atexit.unregister
atexit.unregister = lambda callback: (os.kill(os.getpid(), signal.SIGINT), unregister(callback))
from fairdice.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("args", [["--version"], ["verify", "-"]], ids=["version", "verify"])
def test_a_ctrl_c_as_the_command_returns_ends_it_with_its_one_line_and_status_130(args: list[str]) -> None:
    # Review (a flaky audit test on a loaded machine): a Ctrl-C 10 ms after a SIGTERM stopped an audit came as the
    # command returned, once the audit had put Python's handler back, and was printed as a traceback
    done = _python_with_a_fair_request(["-c", _CTRL_C_AS_IT_RETURNS, *args])
    assert (done.returncode, done.stderr) == (130, "fairdice: interrupted\n")


def _python_with_a_fair_request(arguments: list[str]) -> "subprocess.CompletedProcess[str]":
    """A fresh interpreter run with `arguments`, the package as the layer ships it (its folder on PYTHONPATH), a fair
    request on its stdin."""
    env = os.environ | {"PYTHONPATH": str(Path(fairdice.__file__).resolve().parent.parent)}
    return subprocess.run(
        [sys.executable, *arguments],
        input=json.dumps(FAIR),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_an_archive_that_cannot_be_read_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def archive_down(*_args: object, **_kwargs: object) -> None:
        raise ArchiveUnavailable("the archive did not answer", field="date")

    monkeypatch.setattr(cli, "verify", archive_down)
    assert main(["verify", write(tmp_path, FAIR)]) == 3
    assert capsys.readouterr().err == "fairdice: date: the archive did not answer\n"


@pytest.mark.parametrize("command", ["verify", "check"])
def test_an_archives_problem_of_no_field_is_said_to_be_the_archives_not_the_requests(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def tampered(*_args: object, **_kwargs: object) -> None:
        raise TamperedRecord("commitments/2025-03-01.json is no document of the archive")

    monkeypatch.setattr(cli, "verify", tampered)
    given = write(tmp_path, FAIR) if command == "verify" else f"https://dice.example/check/?seed={KEY}&client=a,b&n=5"
    assert main([command, given]) == 3
    assert capsys.readouterr().err == "fairdice: archive: commitments/2025-03-01.json is no document of the archive\n"


@pytest.mark.parametrize(("rolls", "status"), [("", 4), ("&rolls=11", 1)], ids=["incomplete", "mismatch"])
def test_a_reader_that_stops_reading_ends_the_command_quietly_with_its_own_status(rolls: str, status: int) -> None:
    # Given `fairdice check LINK | head`: a verdict far larger than a pipe holds, and a reader that takes 100 bytes
    env = os.environ | {"PYTHONPATH": str(Path(fairdice.__file__).resolve().parent.parent)}
    link = f"https://dice.example/check/?seed={KEY}&client=a,b&n=5000{rolls}"
    process = subprocess.Popen(
        [sys.executable, "-m", "fairdice", "check", link],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    head = process.stdout.read(100)
    process.stdout.close()

    # When the command ends
    returncode = process.wait(timeout=60)

    # Then it says nothing (no BrokenPipeError traceback) and exits with the verdict's own status: 1 for a mismatch,
    # 4 for a verdict short of fair, as the command's status always means
    assert head.startswith(b'{"scheme":"pair36"')
    assert process.stderr.read() == b""
    assert returncode == status


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full: a device every write to fails, as a full disk")
@pytest.mark.parametrize("rolls", ["1-5 4-6 3-4", "1-5 4-6 3-3"], ids=["fair", "mismatch"])
def test_a_verdict_that_cannot_be_written_exits_3_never_the_status_of_what_it_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rolls: str
) -> None:
    # Given `fairdice verify game.json > verdict.json` on a full disk (review: a traceback and exit 1, a mismatch's
    # status, for a fair game too, and Python's own "Exception ignored" as it flushed stdout again at exit)
    path = write(tmp_path, FAIR | {"recorded": rolls})
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        # When the verdict is printed, Then the status is 3, a check not made, never 0 nor 1, and stderr says why
        assert main(["verify", path]) == 3
    assert capsys.readouterr().err == "fairdice: stdout: the output could not be written: No space left on device\n"


@pytest.mark.parametrize("rolls", ["1-5 4-6 3-4", "1-5 4-6 3-3"], ids=["fair", "mismatch"])
def test_a_verdict_to_a_closed_stdout_exits_3_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rolls: str
) -> None:
    # Given `fairdice verify game.json >&-`: Python gives the closed stdout as None, and print() writes nothing to it
    # (review: no output, no word, and the status of the verdict no one saw)
    path = write(tmp_path, FAIR | {"recorded": rolls})
    monkeypatch.setattr(sys, "stdout", None)

    assert main(["verify", path]) == 3
    assert capsys.readouterr().err == "fairdice: stdout: the output could not be written: stdout is closed\n"


def test_help_is_written_where_stdout_is_latin1_with_its_other_characters_as_escapes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given stdout in Latin-1 (a Latin-1 locale, a file on Windows) (review: link's help, "/check/?…", was a traceback,
    # UnicodeEncodeError, and exit 1)
    written = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(written, encoding="latin-1"))

    assert main(["link", "--help"]) == 0
    assert "put this site in front of /check/?\\u2026" in written.getvalue().decode("latin-1")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full: a device every write to fails, as a full disk")
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["daily", "show", "--help"]], ids=" ".join)
def test_help_and_version_that_cannot_be_written_exit_3_as_any_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # Given `fairdice --help > file` on a full disk (review: argparse said nothing, and exited 0)
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        assert main(argv) == 3
    assert capsys.readouterr().err == "fairdice: stdout: the output could not be written: No space left on device\n"
    # and `fairdice --help >&-` (review: written to stderr, and exit 0)
    monkeypatch.setattr(sys, "stdout", None)
    assert main(argv) == 3
    assert capsys.readouterr().err == "fairdice: stdout: the output could not be written: stdout is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full: a device every write to fails, as a full disk")
def test_a_stderr_that_cannot_be_written_changes_no_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Given `fairdice … 2>/dev/full` (review: each problem's line was a traceback no one saw, and exit 1, the status of
    # a mismatch, for bad input and for a verdict not written)
    with open("/dev/full", "w", buffering=1) as full:  # line by line, as Python's stderr always is
        monkeypatch.setattr(sys, "stderr", full)
        assert main(["verify", str(tmp_path / "no-such-request.json")]) == 2
        monkeypatch.setattr(sys, "stdout", full)
        assert main(["verify", write(tmp_path, FAIR)]) == 3


def test_a_daily_roll_read_from_a_bucket_where_boto3_is_not_installed_is_said_in_one_line(
    tmp_path: Path, without_boto3: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given FAIRDICE_ARCHIVE_BUCKET set where make serve installed no boto3, and a daily roll without its secret
    monkeypatch.setenv("FAIRDICE_ARCHIVE_BUCKET", "fairdice-archive")
    roll = {"scheme": "daily", "date": "2025-03-01", "player_id": "123e4567-e89b-12d3-a456-426614174000"}

    # Then the command names the variable and what to install, and exits 2
    assert main(["verify", write(tmp_path, roll)]) == 2
    assert capsys.readouterr().err == (
        "fairdice: FAIRDICE_ARCHIVE_BUCKET: an S3 bucket is read with boto3, which is not installed here: pip install"
        " boto3 (in a checkout of fairdice: make install)\n"
    )


@pytest.mark.parametrize(
    ("arguments", "command", "unknown"),
    [
        (["verify", "--nope"], "fairdice verify", "--nope"),
        (["daily", "show", "--dri", "var"], "fairdice daily show", "--dri var"),
        (["audit", "x.jsonl", "--out", "o", "--bogus"], "fairdice audit", "--bogus"),
        # Before the command's name: given to fairdice itself (review: said to be the command's)
        (["--nope", "verify", "x.json"], "fairdice", "--nope"),
        (["--nope", "daily", "show", "--dir", "var"], "fairdice", "--nope"),
        (["--nope", "verify", "x.json", "--nope"], "fairdice", "--nope"),  # by place, not by name (review)
        (["verify", "x.json", "--nope", "--nope"], "fairdice verify", "--nope --nope"),
        # With no command at all (review: said to lack a command only, the option not named)
        (["--nope"], "fairdice", "--nope"),
        (["--nope", "-x"], "fairdice", "--nope -x"),
    ],
    ids=[
        "verify",
        "daily-show",
        "audit",
        "before-verify",
        "before-daily",
        "before-and-after",
        "twice-after",
        "no-command",
        "no-command-two",
    ],
)
def test_an_unknown_option_is_said_with_the_usage_of_the_command_it_was_given_to(
    arguments: list[str], command: str, unknown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Review: the top level's usage, which names no option of the command typed
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: {command} [-h]")
    assert f"{command}: error: unrecognized arguments: {unknown}\n" in err
