"""One shard's audit: every game verified by the core, every line that is not a fair game a finding."""

import base64
import datetime as dt
import errno
import fcntl
import hashlib
import io
import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fairdice import schemes
from fairdice.audit import shard
from fairdice.audit.duplicates import repeats
from fairdice.audit.lines import LONE_CR, NUL_WITHIN, Unreadable, numbered_lines
from fairdice.audit.report import read_findings, render
from fairdice.audit.shard import (
    FINDINGS,
    GAME_LINE,
    GAMES,
    IDS,
    SCRATCH_PREFIX,
    SCRATCH_STALE_AFTER,
    SHARED,
    SUMMARY,
    audit_shard,
    compact,
    game_key,
    partial_key,
    parts_key,
)
from fairdice.audit.store import FolderResults
from fairdice.audit.summary import Summary
from fairdice.audit.tally import Partial
from fairdice.cli import main
from fairdice.errors import ShardTooLarge
from fairdice.problems import MAX_MESSAGE
from fairdice.schemes import parse_request
from fairdice.schemes.base import GameParts
from fairdice.schemes.bg_online import online_key
from fairdice.verify import Checked, check, verify
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from testkit import toy_scheme
from unit.audit import games

GAME_KEYS = {
    "id",
    "file",
    "line",
    "scheme",
    "verdict",
    "reasons",
    "first_mismatch",
    "causes",
    "differ",
    "missing",
    "extra",
}
LINE_KEYS = {"file", "line", "id", "error"}


def audit(
    tmp_path: Path, shard: list[Any], name: str = "s", today: dt.date | None = None
) -> tuple[Partial, list[dict[str, Any]], list[str]]:
    store = FolderResults(tmp_path)
    data = games.jsonl(shard)
    partial = audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, name, today=today)
    findings = [json.loads(line) for line in (tmp_path / partial_key(name, FINDINGS)).read_text().splitlines()]
    ids = (tmp_path / partial_key(name, IDS)).read_text().splitlines()
    assert Partial.model_validate_json((tmp_path / partial_key(name, SUMMARY)).read_text()) == partial
    return partial, findings, ids


def test_every_outcome_is_counted_and_every_game_that_is_not_fair_is_a_finding(tmp_path: Path) -> None:
    fair = games.narde(1)
    mismatch = games.mismatched(games.narde(2))
    incomplete = games.unsealed(games.narde(3))
    withheld = {"scheme": "three-dice", "seed": None, "client_seeds": None, "id": "mirror-1"}
    partial, findings, _ = audit(tmp_path, [fair, mismatch, incomplete, withheld])

    assert partial.counts.model_dump() == {
        "games": 4, "rolls": 60, "fair": 1, "mismatch": 1, "incomplete": 1, "withheld": 1, "errors": 0,
        "rolls_differ": 1, "rolls_missing": 0, "rolls_extra": 0,
        "duplicate_ids": 0, "repeated_games": 0,  # found by the merge, across shards
        "windows": 0,
    }  # fmt: skip
    assert partial.by_scheme["narde-v1"].counts.games == 3
    # a withheld game's says too whether it will be at most incomplete (changed on purpose: it said so in words alone)
    assert [set(f) for f in findings] == [GAME_KEYS, GAME_KEYS, GAME_KEYS | {"at_most_incomplete"}]
    by_id = {f["id"]: f for f in findings}
    assert [(f["file"], f["line"], f["id"]) for f in findings] == [
        ("day.jsonl", 2, "narde-v1-2"),
        ("day.jsonl", 3, "narde-v1-3"),
        ("day.jsonl", 4, "mirror-1"),
    ]
    assert by_id["narde-v1-2"]["verdict"] == "mismatch"
    assert by_id["narde-v1-2"]["first_mismatch"] == 0
    assert "few_rolls_differ" in by_id["narde-v1-2"]["causes"] or by_id["narde-v1-2"]["causes"]
    assert by_id["narde-v1-3"]["verdict"] == "incomplete" and by_id["narde-v1-3"]["reasons"]
    assert by_id["mirror-1"]["verdict"] == "withheld" and by_id["mirror-1"]["first_mismatch"] is None


def test_each_line_that_cannot_be_verified_is_a_finding_naming_file_and_line_and_the_rest_are_audited(
    tmp_path: Path,
) -> None:
    shard: list[Any] = [
        games.narde(1),
        "not json at all",
        "[1, 2, 3]",
        {**games.narde(4), "scheme": "ludo"},
        {k: v for k, v in games.narde(5).items() if k != "id"},
        {**games.narde(6), "id": "x" * 129},
        {**games.narde(7), "key": "zz"},
        {"scheme": "daily", "date": "2026-11-29", "player_id": "123e4567-e89b-12d3-a456-426614174000", "id": "d"},
        json.dumps(games.narde(9)).replace('"phrase": ', '"phrase": "other", "phrase": '),
        games.narde(10),
    ]
    partial, findings, _ = audit(tmp_path, shard)

    assert partial.counts.games == 2 and partial.counts.fair == 2 and partial.counts.errors == 8
    assert [set(f) for f in findings] == [LINE_KEYS] * 8
    assert [(f["file"], f["line"]) for f in findings] == [("day.jsonl", n) for n in range(2, 10)]
    errors = {f["line"]: f["error"] for f in findings}
    assert errors[2]["code"] == "not_json" and "carriage return" not in errors[2]["message"]
    assert errors[3]["problems"] == [
        {"field": "request", "message": "a line is one JSON object: a verify request and its id"}
    ]
    assert errors[4]["problems"][0]["field"] == "scheme"
    assert errors[5]["problems"][0]["field"] == "id" and findings[3]["id"] is None
    assert errors[6]["problems"] == [
        {"field": "id", "message": f'must be text of 1 to 128 characters, not "{"x" * 38}…'}
    ]
    assert errors[7]["problems"][0]["field"] == "key" and findings[5]["id"] == "narde-v1-7"
    # A daily game without its secret: the audit reads no archive, so the core says what is missing.
    assert errors[8]["problems"][0]["field"] == "secret"
    # A key given twice: which value is the game's? Not read, as a line that is not JSON is not.
    assert errors[9]["code"] == "not_json" and findings[7]["id"] is None
    assert errors[9]["message"] == "the line gives the key 'phrase' more than once in one object; give it once"
    # Lines whose scheme is known count against that scheme.
    assert partial.by_scheme["narde-v1"].counts.errors == 3  # lines 5, 6 and 7


def test_a_line_fairdice_fails_on_is_a_finding_and_the_rest_are_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a core that fails, as a bug would, on one game's phrase
    games.core_failing(monkeypatch, KeyError("a bug"), games.narde(2)["phrase"])

    # When the shard is audited
    partial, findings, _ = audit(tmp_path, [games.narde(1), games.narde(2), games.narde(3)])

    # Then that line is a finding that says fairdice failed (never a verdict), counted as a line not verified, and the
    # other games are audited
    assert (partial.counts.games, partial.counts.fair, partial.counts.errors) == (2, 2, 1)
    assert partial.by_scheme["narde-v1"].counts.errors == 1
    assert [(f["line"], f["id"], f["error"]["code"]) for f in findings] == [(2, "narde-v1-2", "internal_error")]
    assert findings[0]["error"]["message"].startswith("fairdice failed on this line (KeyError: 'a bug')")


def test_faces_count_the_dice_the_core_recomputes_for_every_game(tmp_path: Path) -> None:
    shard = [games.pair36(1), games.mismatched(games.pair36(2)), games.three_dice(3), games.daily(4)]
    partial, _, _ = audit(tmp_path, shard)

    # The dice the core computes for each game (a mismatched game's own dice, not its recorded ones).
    expected: dict[str, list[list[int]]] = {}
    for game in shard:
        request = {k: v for k, v in game.items() if k != "id"}
        for roll in verify(parse_request(request)).rolls:
            for position, face in enumerate(roll["dice"] or []):
                counts = expected.setdefault(game["scheme"], [])
                while len(counts) <= position:
                    counts.append([0] * 20)
                counts[position][face - 1] += 1
    for scheme, dice in partial.by_scheme.items():
        assert [die.faces for die in dice.dice.values()] == [
            c[: len(d.faces)] for c, d in zip(expected[scheme], dice.dice.values(), strict=True)
        ]
    assert list(partial.by_scheme["pair36"].dice) == ["1", "2"]
    assert sum(partial.by_scheme["pair36"].dice["1"].faces) == 24
    assert list(partial.by_scheme["three-dice"].dice) == ["1", "2", "3"]
    daily = partial.by_scheme["daily"].dice
    assert list(daily) == ["d4", "d6", "d8", "d10", "d12", "d20"]
    assert [len(die.faces) for die in daily.values()] == [4, 6, 8, 10, 12, 20]


def test_the_shard_keeps_its_ids_sorted_with_their_lines_for_the_duplicate_check(tmp_path: Path) -> None:
    _, _, ids = audit(tmp_path, [{**games.narde(1), "id": "b"}, {**games.narde(2), "id": "a"}, "bad line"])
    assert ids == ['"a"\t000000000002\tnarde-v1', '"b"\t000000000001\tnarde-v1']


def test_each_finding_gives_the_verdicts_own_reasons(tmp_path: Path) -> None:
    shard = [games.unsealed(games.narde(1)), games.mismatched(games.narde(2)), games.daily(3)]
    _, findings, _ = audit(tmp_path, shard)
    for game, finding in zip(shard, findings, strict=True):
        verdict = verify(parse_request({k: v for k, v in game.items() if k != "id"}))
        assert finding["reasons"] == verdict.reasons and finding["reasons"]
    # A daily roll with its secret: the audit reads no archive, so nothing shows the commitment came in time.
    assert findings[2]["verdict"] == "incomplete"
    assert any("archive" in reason for reason in findings[2]["reasons"])


def test_without_an_archive_a_daily_roll_whose_day_is_not_over_by_the_runs_today_is_withheld(tmp_path: Path) -> None:
    # Given daily rolls with their secret and commitment, of the day before the run's today, of today and of the day
    # after, audited without an archive
    shard = [games.daily(1, "2026-11-28"), games.daily(2, "2026-11-29"), games.daily(3, "2026-11-30")]
    partial, findings, _ = audit(tmp_path, shard, today=dt.date(2026, 11, 29))

    # Then only the closed day's roll is recomputed (incomplete, for want of an archive); the others are withheld
    counts = partial.by_scheme["daily"].counts
    assert (counts.games, counts.incomplete, counts.withheld, counts.rolls) == (3, 1, 2, 1)
    assert [(f["id"], f["verdict"]) for f in findings] == [
        ("daily-1", "incomplete"),
        ("daily-2", "withheld"),
        ("daily-3", "withheld"),
    ]
    # each with why it is at most incomplete once revealed, as the closed day's roll is incomplete (changed on
    # purpose: a withheld one said only that its secret is not revealed yet)
    unproven = (
        "no daily archive was consulted here, so nothing shows when {day}'s commitment was published: it does not show"
        " the secret was fixed before the day's play"
    )
    assert findings[1]["reasons"] == [
        "the secret of 2026-11-29 is not revealed yet: the archive reveals it in the minutes after that day ends in"
        " UTC",
        unproven.format(day="2026-11-29"),
    ]
    assert findings[2]["reasons"] == [
        "2026-11-30 has not begun in UTC: its secret is not revealed, so none is confirmed or denied",
        unproven.format(day="2026-11-30"),
    ]
    assert unproven.format(day="2026-11-28") in findings[0]["reasons"]


def test_a_withheld_games_finding_says_whether_it_will_be_at_most_incomplete_as_its_verdict_does(
    tmp_path: Path,
) -> None:
    # Given today's daily roll audited without an archive (at most incomplete once revealed: nothing shows when its
    # commitment was published) and a three-dice mirror pair's game without its seed (withheld, but may yet be fair)
    daily = games.daily(1, "2026-11-29")
    mirror = {"scheme": "three-dice", "seed": None, "client_seeds": None, "id": "mirror-1"}
    _, findings, _ = audit(tmp_path, [daily, mirror], today=dt.date(2026, 11, 29))

    # Then both are withheld, and each finding says what its verdict says of it: less than a whole game proven is said
    assert [(f["id"], f["verdict"], f["at_most_incomplete"]) for f in findings] == [
        ("daily-1", "withheld", True),
        ("mirror-1", "withheld", False),
    ]
    for finding, game in zip(findings, (daily, mirror), strict=True):
        request = {key: value for key, value in game.items() if key != "id"}
        verdict = verify(parse_request(request), today=dt.date(2026, 11, 29))
        assert verdict.withheld is not None and finding["at_most_incomplete"] is verdict.withheld.at_most_incomplete
    # And the report lists it so
    with (tmp_path / partial_key("s", FINDINGS)).open("rb") as stream:
        page = render(Summary(games=2, withheld=2), read_findings(stream))
    assert '"verdict or error" class=t>withheld, at most incomplete once revealed</td>' in page
    assert '"verdict or error" class=t>withheld</td>' in page


def test_rolls_not_recorded_are_counted_apart_from_rolls_that_differ(tmp_path: Path) -> None:
    # Given a game whose record stops 5 rolls early, and one with a differing roll and 3 extra recorded
    short = games.cut_short(games.narde(1, 20), 15)
    differing = games.mismatched(games.narde(2, 20))
    differing |= {"count": 20, "recorded": [*differing["recorded"], [1, 1], [2, 2], [3, 3]]}
    partial, findings, _ = audit(tmp_path, [short, differing])

    # Then the short game is incomplete with 5 missing and none differing; the other a mismatch
    by_id = {f["id"]: f for f in findings}
    assert (by_id["narde-v1-1"]["verdict"], by_id["narde-v1-1"]["first_mismatch"]) == ("incomplete", None)
    assert [by_id["narde-v1-1"][k] for k in ("differ", "missing", "extra")] == [0, 5, 0]
    assert by_id["narde-v1-2"]["verdict"] == "mismatch"
    assert [by_id["narde-v1-2"][k] for k in ("differ", "missing", "extra")] == [1, 0, 3]
    counts = partial.counts
    assert (counts.rolls, counts.rolls_differ, counts.rolls_missing, counts.rolls_extra) == (40, 1, 5, 3)
    assert partial.by_scheme["narde-v1"].counts == counts


def test_a_window_that_starts_past_the_games_first_roll_is_incomplete_however_well_it_matches(
    tmp_path: Path,
) -> None:
    partial, findings, _ = audit(tmp_path, [games.window(games.narde(1, 20))])
    (finding,) = findings
    assert finding["verdict"] == "incomplete" and (finding["differ"], finding["missing"]) == (0, 0)
    assert any("only" in reason for reason in finding["reasons"])
    assert (partial.counts.incomplete, partial.counts.fair) == (1, 0)


def test_windows_are_counted_apart_from_whole_games_overall_and_by_scheme(tmp_path: Path) -> None:
    # Given a whole game, a window of it that matches, a window of another that does not, and a game with no seal
    # (incomplete, but a whole game)
    whole, other = games.narde(1, 20), games.narde(2, 20)
    shard = [whole, {**games.window(whole), "id": "w-1"}, {**games.mismatched(games.window(other)), "id": "w-2"}]
    shard.append(games.unsealed(games.narde(3, 20)))

    # When the shard is audited
    partial, _, _ = audit(tmp_path, shard)

    # Then the two windows are counted as such, the incomplete one and the mismatch alike, and the unsealed game is not
    counts = partial.counts
    assert (counts.games, counts.fair, counts.incomplete, counts.mismatch, counts.windows) == (4, 1, 2, 1, 2)
    assert partial.by_scheme["narde-v1"].counts.windows == 2


def test_a_scheme_known_only_to_the_registry_is_audited_with_its_own_dice(tmp_path: Path, toy: None) -> None:
    # Given the test-only scheme (a d20 and a d12 a toss), registered for this test alone
    request = {"scheme": toy_scheme.TOY, "key": games.key(1), "fingerprint": games.seal(games.key(1))}
    request |= {"seed": "s", "count": 50}
    game = games.recorded(request, 1)
    partial, findings, _ = audit(tmp_path, [game])
    # Then its dice are named by position and have the scheme's own sides
    dice = partial.by_scheme[toy_scheme.TOY].dice
    assert {name: die.sides for name, die in dice.items()} == {"1": 20, "2": 12}
    assert sum(dice["1"].faces) == sum(dice["2"].faces) == 50
    assert findings == [] and partial.counts.fair == 1


def key_of(request: dict[str, Any]) -> bytes:
    """The repeated-game key of a request as the shard checks it (its id, if any, left out)."""
    checked = check(parse_request({name: value for name, value in request.items() if name != "id"}))
    assert isinstance(checked, Checked)
    return game_key(checked)


SECRET = games.key(7)


def test_the_same_game_under_two_ids_has_one_key_whatever_it_records() -> None:
    game = games.narde(1)
    assert key_of(game) == key_of({**game, "id": "another"})
    # Fewer rolls recorded, another seal, rolls that differ: still the one game (its secret, phrase, start)
    assert key_of(game) == key_of(games.cut_short(game, 2)) == key_of(games.mismatched(game))
    assert key_of(game) == key_of({**game, "fingerprint": None})
    assert key_of(game) != key_of({**game, "phrase": "another table"}) != key_of(games.narde(2))


def test_a_window_of_a_game_is_not_the_game_itself() -> None:
    game = games.narde(1)
    assert key_of(games.window(game)) != key_of(game)


def test_a_pair36_matchs_later_game_under_the_same_seed_is_another_game() -> None:
    match = {"scheme": "pair36", "server_seed": SECRET, "client_seeds": ["a", "b"], "count": 12}
    assert key_of(match) != key_of({**match, "first": 13})
    assert key_of(match) != key_of({**match, "client_seeds": ["b", "a"]})


def test_a_three_dice_seed_with_its_client_seeds_the_other_way_round_is_other_inputs() -> None:
    white_first = {"scheme": "three-dice", "seed": SECRET, "client_seeds": {"white": "ann", "black": "bo"}, "count": 5}
    swapped = {**white_first, "client_seeds": {"white": "bo", "black": "ann"}}
    assert key_of(white_first).sealed == key_of(swapped).sealed
    assert key_of(white_first).inputs != key_of(swapped).inputs


def test_bg_online_game_2_is_not_game_1_and_a_bot_game_with_or_without_its_opening_is_the_keys_one_game() -> None:
    online = {"scheme": "bg-online-v1", "server_number": SECRET, "app_numbers": ["0a", "0b"], "count": 6}
    assert key_of(online) != key_of({**online, "game": 2})
    assert key_of(online) == key_of({**online, "app_numbers": ["0A", "0B"]})  # the same numbers, read as the seed does
    # Seed 001 picks a key before each game against the bot; a game with its opening roll and one without (a match's
    # later game) share every roll from turn:2, so one key under both is one game filed twice (review: it was two, and
    # a good game's key filed under another id with `opening: false` passed the audit clean)
    bot = {"scheme": "bg-dice-v1", "key": SECRET, "count": 6}
    assert key_of(bot) == key_of({**bot, "opening": False})
    labelled = {"scheme": "bg-dice-v1", "key": SECRET}
    assert key_of(bot) == key_of({**labelled, "labels": ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"]})
    # A window, or a take-back line, still starts apart, however it is written (review: one window, written with
    # first_turn and with labels, was two games)
    window = {**labelled, "labels": ["bg-dice-v1:turn:2", "bg-dice-v1:turn:3"]}
    assert key_of(bot) != key_of(window) == key_of({**bot, "opening": False, "first_turn": 2, "count": 2})
    take_back = {**labelled, "labels": ["bg-dice-v1:turn:1:line:1"]}
    assert key_of(bot) != key_of(take_back) == key_of({**bot, "opening": False, "line": 1, "count": 1})


def test_a_bot_games_key_filed_again_without_its_opening_roll_is_a_repeated_game(tmp_path: Path) -> None:
    # The review's lines: the second's first roll (turn:1) the good game never had, the rest its rolls
    key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    lock = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    good = {"id": "game-A", "scheme": "bg-dice-v1", "key": key, "lock": lock, "recorded": "4-6 1-3 6-6 5-6 6-3 2-3"}
    again = {**good, "id": "game-B", "opening": False, "recorded": "5-4 1-3 6-6 5-6 6-3 2-3"}
    games.write(tmp_path / "day.jsonl", [good, again])
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert (summary["fair"], summary["repeated_games"]) == (2, 1)


def test_a_daily_roll_is_keyed_by_the_secret_that_reveals_it_its_player_and_day() -> None:
    roll = games.daily(1)
    assert key_of(roll) == key_of({**roll, "id": "again"})
    other_player = {**roll, "player_id": "123e4567-e89b-12d3-a456-000000000099"}
    assert key_of(roll) != key_of(other_player) != key_of({**roll, "date": "2026-11-28"})


def bg_online(n: int) -> games.Game:
    secret = games.key(n)
    request = {
        "scheme": "bg-online-v1",
        "server_number": secret,
        "seal": games.seal(secret),
        "app_numbers": ["0a", "0b"],
    }
    return games.recorded({**request, "count": 6}, n)


def bg_dice(n: int) -> games.Game:
    secret = games.key(n)
    return games.recorded({"scheme": "bg-dice-v1", "key": secret, "lock": games.seal(secret), "count": 6}, n)


def rekeyed(game: games.Game, secret_hex: str, game_id: str) -> games.Game:
    """The game under another id, its secret and seal replaced by `secret_hex` and that secret's own seal."""
    model = schemes.get(game["scheme"]).request
    return {**game, model.REVEALED_FIELD: secret_hex, model.SEAL_FIELD: games.seal(secret_hex), "id": game_id}


# A daily roll's secret, a narde-v1 key and a bg-dice-v1 key are exactly 32 bytes, so none can carry one with a zero
# byte appended.
@pytest.mark.parametrize("made", [games.pair36, games.three_dice, bg_online])
def test_a_secret_and_the_same_secret_with_a_zero_byte_appended_are_one_game_each_fair_under_its_own_seal(
    tmp_path: Path, made: Callable[[int], games.Game]
) -> None:
    # Given a fair game, and the same game under another id whose secret is the first's with a zero byte appended and
    # whose seal is that longer secret's own: HMAC pads its key with zero bytes, so both roll the very same dice
    game = made(1)
    again = rekeyed(game, game[schemes.get(game["scheme"]).request.REVEALED_FIELD] + "00", "again")

    # When the shard audits them
    partial_result, findings, _ = audit(tmp_path, [game, again])

    # Then both are fair, and their lines keep one game key, so the second is the first's game repeated
    assert (partial_result.counts.games, partial_result.counts.fair, findings) == (2, 2, [])
    entries = (tmp_path / partial_key("s", GAMES)).read_text().splitlines()
    # (a bg-online-v1 match's derived key, the same for both, is one entry besides: written once a shard)
    games_entries = [entry for entry in entries if not entry.split("\t")[2].endswith(SHARED.decode())]
    assert len({entry.split("\t")[0] for entry in games_entries}) == 1
    assert len(entries) == 2 + (game["scheme"] == "bg-online-v1")
    (repeat,) = repeats([partial(FolderResults(tmp_path).open, partial_key("s", GAMES))], ["day.jsonl"], tmp_path)
    first_id = json.dumps(game["id"]).encode()
    assert (repeat.file, repeat.line, repeat.first_file, repeat.first_line) == ("day.jsonl", 2, "day.jsonl", 1)
    # the same inputs and start: one game
    assert repeat.more.rsplit(b"\t", 1) == [repeat.first_more.rsplit(b"\t", 1)[0], b'"again"']
    assert repeat.first_more.endswith(b"\t" + first_id)


def test_a_secret_with_a_byte_changed_or_a_zero_byte_put_in_front_is_another_game() -> None:
    game = games.pair36(1)
    secret = game["server_seed"]
    assert key_of(game) != key_of(rekeyed(game, secret[:-2] + ("01" if secret[-2:] != "01" else "02"), "other"))
    assert key_of(game) != key_of(rekeyed(game, "00" + secret, "other"))


@pytest.mark.parametrize("made", [games.pair36, bg_online])
def test_a_secret_longer_than_hmacs_block_and_its_sha256_are_one_game(made: Callable[[int], games.Game]) -> None:
    # Given a game whose secret is longer than HMAC's 64-byte block, and the same game under that secret's SHA-256, with
    # which HMAC keys it: no request carries such a secret (every secret field takes 16 to 64 bytes), so the game's
    # check has its revealed secret replaced by hand
    game = made(1)
    long = bytes(range(65))
    with pytest.raises(ValidationError, match="64 bytes"):
        parse_request({name: value for name, value in rekeyed(game, long.hex(), "long").items() if name != "id"})
    checked = check(parse_request({name: value for name, value in game.items() if name != "id"}))
    assert isinstance(checked, Checked)

    def keyed(secret: bytes) -> bytes:
        return game_key(replace(checked, revealed=replace(checked.revealed, secret=secret)))

    # Then the two are one game, and another than the game's own secret's or the long secret's first 64 bytes'
    assert keyed(long) == keyed(hashlib.sha256(long).digest()) != keyed(checked.revealed.secret)
    assert keyed(long) != keyed(long[:64])


def test_the_shard_keeps_a_key_per_game_checked_sorted_and_none_for_a_line_not_checked(tmp_path: Path) -> None:
    game = games.narde(1)
    withheld = {"scheme": "three-dice", "seed": None, "client_seeds": None, "id": "mirror"}
    audit(tmp_path, [game, "oops", {**game, "id": "copy"}, withheld, {**game, "id": 5}])
    entries = (tmp_path / partial_key("s", GAMES)).read_text().splitlines()
    assert entries == sorted(entries)
    key = [compact(part).decode() for part in key_of(game)[:3]]
    assert [entry.split("\t") for entry in entries] == [
        [key[0], "000000000001", key[1] + key[2], "narde-v1", '"narde-v1-1"'],
        [key[0], "000000000003", key[1] + key[2], "narde-v1", '"copy"'],
    ]
    assert all(GAME_LINE.fullmatch(entry.encode()) for entry in entries)
    assert len(entries[1]) == 22 + 1 + 12 + 1 + 22 + 1 + len("narde-v1") + 1 + len('"copy"')


@pytest.mark.parametrize(
    ("given", "shown"), [(12345, "12345"), (["a"], '["a"]'), ("", '""')], ids=["number", "list", "empty"]
)
def test_an_id_that_is_no_id_is_shown_in_its_findings_words(tmp_path: Path, given: object, shown: str) -> None:
    _, (finding,), _ = audit(tmp_path, [{**games.narde(1), "id": given}])
    assert finding["id"] is None
    assert finding["error"]["problems"] == [
        {"field": "id", "message": f"must be text of 1 to 128 characters, not {shown}"}
    ]


@pytest.mark.parametrize("written", ["1E5", "1e999", "2.50"])
def test_an_id_that_is_a_number_with_a_point_or_an_exponent_is_shown_as_the_line_wrote_it(
    tmp_path: Path, written: str
) -> None:
    # Given a game whose id is such a number, which json.dumps would write another way (100000.0, Infinity, 2.5)
    line = json.dumps({**games.narde(1), "id": None})[:-1].replace('"id": null', f'"id": {written}') + "}"

    # When it is audited, Then its finding quotes the id as the line wrote it
    _, (finding,), _ = audit(tmp_path, [line])
    assert finding["error"]["problems"] == [
        {"field": "id", "message": f"must be text of 1 to 128 characters, not {written}"}
    ]


def test_a_line_that_could_not_be_read_has_the_error_shape_of_every_other(tmp_path: Path) -> None:
    unreadable = Unreadable("line_too_long", "the line is longer than 1,048,576 bytes, the most a game may take")
    audit_shard([(1, unreadable)], "day.jsonl", FolderResults(tmp_path), "s")
    (finding,) = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]
    assert finding["error"] == {
        "code": "line_too_long",
        "message": unreadable.message,
        "problems": [{"field": "request", "message": unreadable.message}],
    }


def test_a_file_whose_lines_end_in_cr_alone_is_one_line_not_json_and_the_finding_says_why(tmp_path: Path) -> None:
    # Given three games in a file whose lines end in CR alone, under the line cap, and one in CR LF
    alone = b"\r".join(json.dumps(games.narde(n)).encode() for n in (1, 2, 3)) + b"\r"
    ended = b"\r\n".join([*(json.dumps(games.narde(n)).encode() for n in (4, 5)), b"oops"]) + b"\r\n"
    store = FolderResults(tmp_path)
    partial = audit_shard(numbered_lines(io.BytesIO(ended + alone), "mac.jsonl"), "mac.jsonl", store, "s")
    findings = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]

    # Then the CR LF games are audited, a line of them that is not JSON is only that, and the rest is one line, not
    # JSON, whose finding says why
    assert (partial.counts.games, partial.counts.fair, partial.counts.errors) == (2, 2, 2)
    oops, finding = findings
    assert (oops["line"], oops["error"]["code"]) == (3, "not_json")
    assert "carriage return" not in oops["error"]["message"]
    assert (finding["line"], finding["error"]["code"]) == (4, "not_json")
    assert finding["error"]["message"].startswith("the line is not JSON: Extra data")
    assert finding["error"]["message"].endswith(LONE_CR)


def test_a_daily_roll_without_its_secret_audited_without_an_archive_is_told_how_an_audit_takes_one(
    tmp_path: Path,
) -> None:
    # Review: the finding said "give the day's secret", and not that the line or --archive gives it
    # Given a daily roll with no secret, and no archive
    roll = {k: v for k, v in games.daily(1).items() if k not in ("secret", "commitment")}
    _, (finding,), _ = audit(tmp_path, [roll])

    # Then its finding names the secret, and says both ways to give it
    assert finding["error"]["problems"] == [
        {
            "field": "secret",
            "message": "this check reads no daily archive: give the day's secret, which the archive reveals once the"
            ' day is over: add "secret" to the line, or audit against the archive with --archive s3://BUCKET',
        }
    ]


def test_a_line_that_is_not_json_is_placed_by_its_column_not_by_a_line_1_the_finding_contradicts(
    tmp_path: Path,
) -> None:
    # Review: a line cut short on line 2 of the file was "not JSON: … line 1 column 36 (char 35)", beside "line": 2
    # Given a game, then a line cut short
    cut = b'{"id": "t-2", "scheme": "narde-v1",'
    lines = io.BytesIO(json.dumps(games.narde(1)).encode() + b"\n" + cut + b"\n")
    audit_shard(numbered_lines(lines, "day.jsonl"), "day.jsonl", FolderResults(tmp_path), "s")
    (finding,) = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]

    # Then the finding names the file's line, and its message says where in that line, by its column alone
    assert (finding["line"], finding["error"]["code"]) == (2, "not_json")
    assert finding["error"]["message"] == (
        "the line is not JSON: Expecting property name enclosed in double quotes (column 36)"
    )


def test_a_line_in_another_encoding_than_utf8_or_after_a_byte_order_mark_is_a_finding_as_the_api_refuses_it(
    tmp_path: Path,
) -> None:
    # Review: json.loads read a line in UTF-16 or UTF-32, or after a BOM, and the audit counted its game, where POST
    # /verify refuses the same bytes as a body
    game = json.dumps(games.narde(1))
    accented = json.dumps({**games.narde(2), "id": "table-é"}, ensure_ascii=False)
    shard = [game.encode("utf-8-sig"), game.encode("utf-32-le"), accented.encode("utf-16-le"), game.encode()]
    store = FolderResults(tmp_path)
    partial = audit_shard(numbered_lines(io.BytesIO(b"\n".join(shard)), "day.jsonl"), "day.jsonl", store, "s")
    findings = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]

    assert (partial.counts.games, partial.counts.fair, partial.counts.errors) == (1, 1, 3)
    assert [(f["line"], f["error"]["code"]) for f in findings] == [(1, "not_json"), (2, "not_json"), (3, "not_json")]
    assert findings[0]["error"]["message"].startswith(
        "the line is not JSON: it starts with a byte order mark (U+FEFF), which JSON text does not have"
    )
    assert findings[1]["error"]["message"].startswith("the line is not JSON: ")  # ASCII in UTF-32: UTF-8 with NULs
    assert findings[2]["error"]["message"].startswith("the line is not UTF-8 text: ")


def test_a_file_in_utf16_or_utf32_is_one_finding_a_line_each_saying_its_lines_hold_nul_bytes_as_such_text_does(
    tmp_path: Path,
) -> None:
    # Review: a file of two games in UTF-16 (as Windows PowerShell writes one) was three lines not verified, "Expecting
    # property name enclosed in double quotes (column 2)" and "Expecting value (column 1)" twice, nothing saying why,
    # nor why three: each line feed's NUL byte is read as the start of the next line, and the last one as a line. Now
    # a line of NUL bytes alone is blank, as it holds no game: a blank line between the two games too
    games_text = json.dumps(games.narde(0)) + "\r\n\r\n" + json.dumps(games.narde(1)) + "\r\n"
    for encoding in ("utf-16", "utf-16-le", "utf-32-le", "utf-16-be"):
        store = FolderResults(tmp_path / encoding)
        data = io.BytesIO(games_text.encode(encoding))
        partial = audit_shard(numbered_lines(data, "day.jsonl"), "day.jsonl", store, "s")
        findings = (tmp_path / encoding / partial_key("s", FINDINGS)).read_text().splitlines()

        assert partial.counts.games == 0
        assert [json.loads(finding)["line"] for finding in findings] == [1, 3], encoding
        assert partial.counts.errors == 2
        for finding in map(json.loads, findings):
            assert finding["error"]["message"].endswith(
                "; it holds NUL bytes (0x00), as UTF-16 or UTF-32 text does: JSON Lines is UTF-8 (in little-endian,"
                " each line feed's NUL bytes are read as the next line's start)"
            ), (encoding, finding)
            assert "carriage returns" not in finding["error"]["message"]  # a CR LF's, in UTF-16: no CR alone


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_each_finding_of_a_file_in_utf16_or_utf32_stays_within_a_messages_length(tmp_path: Path, encoding: str) -> None:
    # Review: each was 308 to 342 characters, past the 300 a message is kept to (problems.MAX_MESSAGE)
    games_text = "".join(json.dumps(games.narde(n)) + "\r\n" for n in range(2))
    store = FolderResults(tmp_path)
    audit_shard(numbered_lines(io.BytesIO(games_text.encode(encoding)), "day.jsonl"), "day.jsonl", store, "s")
    findings = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]

    assert findings
    for finding in findings:
        message = finding["error"]["message"]
        assert message.endswith(NUL_WITHIN) and len(message) <= MAX_MESSAGE, (len(message), message)


def test_an_id_holding_half_a_character_is_a_finding_not_an_id_that_another_game_shares(tmp_path: Path) -> None:
    # Given 😀 as an id, the same id's two halves as CESU-8 bytes (not UTF-8), and a half alone escaped in JSON
    # (review: the first two were one id, "\ud83d\ude00", in the duplicate check)
    line = json.dumps({**games.narde(1), "id": "@"}).encode()
    shard = [
        line.replace(b'"@"', '"😀"'.encode()),
        line.replace(b'"@"', b'"\xed\xa0\xbd\xed\xb8\x80"').replace(b"narde-v1-1", b"narde-v1-1x"),
        line.replace(b'"@"', b'"a\\udfff"'),
    ]
    store = FolderResults(tmp_path)
    partial = audit_shard(numbered_lines(io.BytesIO(b"\n".join(shard)), "day.jsonl"), "day.jsonl", store, "s")
    findings = [json.loads(line) for line in (tmp_path / partial_key("s", FINDINGS)).read_text().splitlines()]
    ids = (tmp_path / partial_key("s", IDS)).read_text().splitlines()

    # Then the first is a game, and each of the others a finding that says why, and no id is kept twice
    assert (partial.counts.games, partial.counts.errors) == (1, 2)
    assert len(ids) == 1
    assert [f["error"]["message"] for f in findings[:1]] == [
        f"the line is not UTF-8 text: invalid continuation byte at byte {line.index(b'@') + 1:,}"
    ]
    assert [f["error"]["problems"][0]["message"] for f in findings[1:]] == [
        "must be text: it holds U+DFFF, half of a character and none itself",
    ]


def _refiled(original: games.Game, game_id: str, **fields: Any) -> games.Game:
    """The game's secret and seal filed again under `game_id` with other `fields`, recording the rolls they give."""
    request = {name: value for name, value in original.items() if name not in ("id", "recorded")}
    counted = {} if original["scheme"] == "daily" else {"count": len(original["recorded"])}  # daily: one roll
    return {**games.recorded({**request, **fields, **counted}, 0), "id": game_id}


def _repeats(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [finding for finding in findings if finding.get("error", {}).get("code") == "repeated_game"]


def _repeated(tmp_path: Path, lines: list[games.Game]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    games.write(tmp_path / "day.jsonl", lines)
    return _audited(tmp_path / "day.jsonl", tmp_path / "out")


def _audited(given: Path, out: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The audit of a file, or of every file under a folder (each a shard), by one worker: its summary and findings,
    its exit status checked against them."""
    exit_status = main(["audit", str(given), "--out", str(out), "--workers", "1"])
    summary = json.loads((out / "summary.json").read_text())
    findings = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    assert exit_status == (0 if summary["fair"] == summary["games"] and not findings else 1)
    return summary, findings


ONLINE = {"scheme": "bg-online-v1", "server_number": games.key(5), "seal": games.seal(games.key(5))}


@pytest.mark.parametrize(
    ("game", "other"),
    [
        # Review: each was as many fair games as the operator had spellings, exit 0 and no repeated game
        (games.narde(1), {"phrase": "p1\u200b"}),  # an invisible character after the phrase
        (games.pair36(1), {"client_seeds": ["A", "b1"]}),  # a client seed in capitals
        (games.pair36(1), {"client_seeds": ["b1", "a"]}),  # the seats the other way round
        ({**ONLINE, "app_numbers": ["1a2b", "3c4d"], "recorded": [[1, 1]] * 8}, {"app_numbers": ["3c4d", "1a2b"]}),
        ({**ONLINE, "app_numbers": ["1a2b", "3c4d"], "recorded": [[1, 1]] * 8}, {"app_numbers": ["01a2b", "3c4d"]}),
        (games.three_dice(1), {"client_seeds": {"white": "w", "black": "b1\u200b"}}),  # another pair of seats
        # review: the seats the other way round roll other dice; seed 003's mirror pair replays the same (below)
        (games.three_dice(1), {"client_seeds": {"white": "b1", "black": "w"}}),
    ],
    ids=[
        "narde-phrase",
        "pair36-case",
        "pair36-seats",
        "online-order",
        "online-zero",
        "three-dice-seat",
        "three-dice-swap",
    ],
)
def test_a_secret_filed_again_with_other_inputs_is_a_repeated_game_whatever_its_start(
    tmp_path: Path, game: games.Game, other: dict[str, Any]
) -> None:
    # Given a fair game, and its secret and seal filed again under another id with other inputs, recording the dice
    # those give (fair too: one secret, as many games as spellings; only one of them was played)
    first = _refiled(game, "first")
    again = _refiled(game, "again", **other)
    later = _refiled(game, "later", **other, **_later_start(game))

    # When they are audited
    summary, findings = _repeated(tmp_path, [first, again, later])

    # Then the two with the other inputs are fair alone (the later one starts a window, or game 2), and each line with
    # the other inputs is a repeated game naming the first
    assert summary["fair"] == 2 + (game["scheme"] == "bg-online-v1")
    assert summary["repeated_games"] == 2
    assert [finding["id"] for finding in _repeats(findings)] == ["again", "later"]
    for finding in _repeats(findings):
        assert finding["error"]["code"] == "repeated_game"
        assert finding["error"]["message"].startswith("the game on line 1 of ")
        assert '(id "first") has this secret, with other inputs' in finding["error"]["message"]


def _later_start(game: games.Game) -> dict[str, Any]:
    """Fields that start the same secret's rolls later: another game of its match, or a window of its game."""
    if game["scheme"] == "bg-online-v1":
        return {"game": 2}
    return {"first": 3 if game["scheme"] != "pair36" else 20}


@pytest.mark.parametrize(
    ("game", "more"),
    [
        (games.pair36(1), {"first": 13}),  # a match's later game
        (games.narde(1), {"first": 5}),  # a window of the game (incomplete, never fair)
        ({**ONLINE, "app_numbers": ["1a2b", "3c4d"], "recorded": [[1, 1]] * 8}, {"game": 2}),
    ],
    ids=["pair36-match", "narde-window", "online-game-2"],
)
def test_a_secrets_other_games_with_its_inputs_are_not_repeated_games(
    tmp_path: Path, game: games.Game, more: dict[str, Any]
) -> None:
    summary, findings = _repeated(tmp_path, [_refiled(game, "first"), _refiled(game, "next", **more)])
    assert (summary["repeated_games"], _repeats(findings)) == (0, [])


@pytest.mark.parametrize(
    "other",
    [
        {"scheme": "pair36", "server_seed": games.key(1), "seal": games.seal(games.key(1)), "client_seeds": ["a"]},
        {
            "scheme": "three-dice",
            "seed": games.key(1),
            "commit": games.seal(games.key(1)),
            "client_seeds": {"white": "w", "black": "b"},
        },
        {**ONLINE, "server_number": games.key(1), "seal": games.seal(games.key(1)), "app_numbers": ["1a2b", "3c4d"]},
    ],
    ids=["pair36", "three-dice", "bg-online"],
)
def test_a_secret_filed_again_under_another_scheme_is_a_repeated_game(tmp_path: Path, other: games.Game) -> None:
    # Given a fair narde-v1 game, and its secret and seal filed again as a game of another scheme, recording the dice
    # that scheme rolls with it (fair too: one secret, a game in each scheme; review: the audit kept each scheme's
    # secrets apart, and found none of these)
    first = _refiled(games.narde(1), "first")
    again = _refiled({**other, "recorded": [[1, 1]] * 8}, "again")

    # When they are audited
    summary, findings = _repeated(tmp_path, [first, again])

    # Then both are fair alone, and the second is a repeated game naming the first and its scheme
    assert (summary["fair"], summary["repeated_games"]) == (2, 1)
    ((finding),) = _repeats(findings)
    assert finding["id"] == "again"
    assert finding["error"]["message"].startswith("the game on line 1 of ")
    assert (
        '(id "first") has this secret, as a narde-v1 game: a secret rolls the dice of one game, match or day'
        in finding["error"]["message"]
    )
    assert summary["by_scheme"][other["scheme"]]["repeated_games"] == 1
    # and the report's words for a repeated game name it too, in its headline and under its counts
    report = (tmp_path / "out" / "report.html").read_text()
    assert report.count("its secret with other inputs or under another scheme") == 2


def test_a_three_dice_mirror_pairs_second_game_stands_and_a_third_line_of_it_is_a_repeated_game(tmp_path: Path) -> None:
    # Seed 003's ladder mirror pair shares "one seed and client-seed pair", the players' colours swapped, so that its
    # second game replays "the identical dice sequence": the same seed, client seeds and dice under another game id
    # (review: it was a repeated game, and every ladder day's audit failed)
    game = games.three_dice(1)
    lines = [_refiled(game, "ladder-17a"), _refiled(game, "ladder-17b"), _refiled(game, "ladder-17c")]
    summary, findings = _repeated(tmp_path, lines)
    assert (summary["fair"], summary["repeated_games"]) == (3, 1)
    # the second's dice are the first's, counted again: the summary says so (review: they failed fair dice's tests)
    assert summary["mirror_games"] == {"three-dice": 1}
    (finding,) = findings
    assert finding["id"] == "ladder-17c" and '(id "ladder-17a") is this game already' in finding["error"]["message"]
    # The allowance is the secret's first inputs' alone: the seeds swapped, filed twice, are two repeated games
    # (review: the second stood as a mirror game)
    swapped = {"white": "b1", "black": "w"}
    lines = [
        _refiled(game, "a"),
        _refiled(game, "s1", client_seeds=swapped),
        _refiled(game, "s2", client_seeds=swapped),
    ]
    summary, findings = _repeated(tmp_path / "swapped", lines)
    assert summary["repeated_games"] == 2
    assert [finding["id"] for finding in findings] == ["s1", "s2"]
    # A narde key rolls one game: its second line under another id is a repeated game, as before
    narde = games.narde(1)
    summary, _ = _repeated(tmp_path / "narde", [_refiled(narde, "a"), _refiled(narde, "b")])
    assert summary["repeated_games"] == 1


def test_two_players_rolls_of_one_day_are_two_games_and_a_line_is_counted_once_whatever_it_repeats(
    tmp_path: Path,
) -> None:
    # A daily secret rolls every player's roll of its day
    roll = games.daily(1)
    other_player = _refiled(roll, "other-player", player_id="123e4567-e89b-12d3-a456-000000000099")
    summary, findings = _repeated(tmp_path / "daily", [_refiled(roll, "first"), other_player])
    # (each incomplete: no archive shows its commitment was published before the day's play)
    assert (summary["incomplete"], summary["repeated_games"]) == (2, 0)
    assert [finding["id"] for finding in findings] == ["first", "other-player"]
    # A line filing the secret with other inputs, then that line's game again under a third id: two lines repeat, each
    # once (the second is the first's game, and has other inputs than the secret's first line: one finding)
    game = games.narde(1)
    lines = [_refiled(game, "first"), _refiled(game, "again", phrase="p1 "), _refiled(game, "copy", phrase="p1 ")]
    summary, findings = _repeated(tmp_path / "narde", lines)
    assert summary["repeated_games"] == 2
    assert [(finding["id"], "other inputs" in finding["error"]["message"]) for finding in findings] == [
        ("again", True),
        ("copy", False),
    ]
    assert '(id "again") is this game already' in findings[1]["error"]["message"]
    assert summary["by_scheme"]["narde-v1"]["repeated_games"] == 2


def test_a_days_secret_filed_as_a_game_of_another_scheme_is_a_repeated_game_said_once_whatever_the_shards(
    tmp_path: Path,
) -> None:
    # Given a day's secret (public once the day is over) that two players rolled with, in each of two shards, and the
    # same secret filed as a narde-v1 key (review: a daily roll is keyed by its player too, so the two never met)
    roll = {**games.daily(1), "secret": games.key(1), "commitment": games.seal(games.key(1))}
    players = [f"123e4567-e89b-12d3-a456-0000000000{n:02d}" for n in range(4)]
    rolls = [_refiled(roll, f"daily-{n}", player_id=player) for n, player in enumerate(players)]
    narde = _refiled(games.narde(1), "narde")
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", [*rolls[:2], narde])
    games.write(folder / "b.jsonl", rolls[2:])

    # When they are audited, each file a shard of its own
    summary, findings = _audited(folder, tmp_path / "out")

    # Then the narde-v1 line is a repeated game naming the day's first roll; the day's rolls are four players' rolls of
    # one day, in both shards, and no finding of their own beside their verdict's
    ((finding),) = _repeats(findings)
    assert finding["id"] == "narde"
    assert '(id "daily-0") has this secret, as a daily game' in finding["error"]["message"]
    assert (summary["repeated_games"], summary["by_scheme"]["narde-v1"]["repeated_games"]) == (1, 1)

    # And with the narde-v1 line first, the day's first roll in each shard is the secret's again: one finding, at the
    # first of them
    games.write(folder / "a.jsonl", [narde, *rolls[:2]])
    _, findings = _audited(folder, tmp_path / "out")
    ((finding),) = _repeats(findings)
    assert finding["id"] == "daily-0"
    assert '(id "narde") has this secret, as a narde-v1 game' in finding["error"]["message"]


def test_a_days_secret_rolled_again_on_another_day_is_a_repeated_game_said_once_whatever_the_shards(
    tmp_path: Path,
) -> None:
    # Given a day's secret (public once the day is over) that two players rolled with, in each of two shards, and the
    # same secret and commitment rolled with again the next day (review: the day's entries of one secret were taken for
    # another shard's rolls of the day, whatever their day, and the audit found nothing)
    roll = games.daily(1, "2026-11-27")
    players = [f"123e4567-e89b-12d3-a456-0000000000{n:02d}" for n in range(4)]
    rolls = [_refiled(roll, f"first-{n}", player_id=player) for n, player in enumerate(players)]
    again = [_refiled(roll, f"again-{n}", player_id=player, date="2026-11-28") for n, player in enumerate(players)]
    folder = tmp_path / "in"
    games.write(folder / "a.jsonl", [*rolls[:2], *again[:2]])
    games.write(folder / "b.jsonl", [*rolls[2:], *again[2:]])

    # When they are audited, each file a shard of its own
    summary, findings = _audited(folder, tmp_path / "out")

    # Then the second day's first roll is a repeated game naming the first day's, once, and the days' other rolls are
    # no finding of their own beside their verdict's
    ((finding),) = _repeats(findings)
    assert finding["id"] == "again-0"
    assert '(id "first-0") has this secret, as the daily game of another day' in finding["error"]["message"]
    assert (summary["repeated_games"], summary["by_scheme"]["daily"]["repeated_games"]) == (1, 1)


@pytest.mark.parametrize(
    "other",
    [
        {"scheme": "narde-v1", "phrase": "p"},
        {"scheme": "bg-dice-v1"},
        {"scheme": "bg-online-v1", "app_numbers": ["5e", "6f"]},
    ],
    ids=["narde", "bg-dice", "bg-online"],
)
def test_a_bg_online_matchs_key_filed_again_as_a_secret_is_a_repeated_game_whatever_the_order_and_shards(
    tmp_path: Path, other: games.Game
) -> None:
    # Given a bg-online-v1 match of two games, one in each of two shards, and the key its dice are rolled with (derived
    # from its server's number and apps' numbers, which anyone who checked the match can derive) filed again as the
    # secret of another game, with that key's own seal (review: the audit keyed the match by its server's number alone,
    # and found nothing, exit 0, though the second game's dice were known to the match's players before it began)
    match = {**ONLINE, "app_numbers": ["1a2b", "3c4d"], "recorded": [[1, 1]] * 8}
    derived = online_key(bytes.fromhex(ONLINE["server_number"]), match["app_numbers"]).hex()
    model = schemes.get(other["scheme"]).request
    again = _refiled(
        {**other, model.REVEALED_FIELD: derived, model.SEAL_FIELD: games.seal(derived), "recorded": [[1, 1]] * 8},
        "again",
    )
    first, second = _refiled(match, "first"), _refiled(match, "second", game=2)
    folder = tmp_path / "in"

    for lines in ([first, again], [again, first]):
        games.write(folder / "a.jsonl", lines)
        games.write(folder / "b.jsonl", [second])

        # When they are audited, each file a shard of its own
        summary, findings = _audited(folder, tmp_path / "out")

        # Then each is fair alone, and the line met second is a repeated game naming the first, once
        assert (summary["fair"], summary["repeated_games"]) == (3, 1)
        ((finding),) = _repeats(findings)
        assert finding["id"] == lines[1]["id"]
        assert f'(id "{lines[0]["id"]}") has this secret' in finding["error"]["message"]
        assert "another day" not in finding["error"]["message"]

    # And a match of two games, one in each shard, with nothing else, is no repeated game
    games.write(folder / "a.jsonl", [first])
    summary, findings = _audited(folder, tmp_path / "out")
    assert (summary["fair"], summary["repeated_games"], findings) == (2, 0, [])


def test_each_schemes_counts_give_its_duplicate_ids_and_repeated_games(tmp_path: Path) -> None:
    # Review: summary.json's by_scheme lacked duplicate_ids, which issue 13 lists among "the same counts"
    narde, pair36 = games.narde(1), games.pair36(2)
    lines = [narde, pair36, {**games.pair36(3), "id": pair36["id"]}, {**narde, "id": "narde-again"}]
    summary, _ = _repeated(tmp_path, lines)
    counted = {scheme: (c["duplicate_ids"], c["repeated_games"]) for scheme, c in summary["by_scheme"].items()}
    assert counted == {"narde-v1": (0, 1), "pair36": (1, 0)}
    assert (summary["duplicate_ids"], summary["repeated_games"]) == (1, 1)


def test_a_line_of_another_scheme_copied_whole_is_a_duplicate_id_and_not_a_second_repeated_game(
    tmp_path: Path,
) -> None:
    # Given a fair narde-v1 game, its secret filed again as a pair36 game, and that pair36 line copied whole (review:
    # the copy was a duplicate id and a second repeated game, where a copy of a line of the secret's first scheme is a
    # duplicate id alone)
    other = {"scheme": "pair36", "server_seed": games.key(1), "seal": games.seal(games.key(1)), "client_seeds": ["a"]}
    again = _refiled({**other, "recorded": [[1, 1]] * 8}, "again")

    # When they are audited
    summary, findings = _repeated(tmp_path, [_refiled(games.narde(1), "first"), again, again])

    # Then the pair36 line is one repeated game, and its copy one duplicate id
    assert (summary["repeated_games"], summary["duplicate_ids"]) == (1, 1)
    assert sorted((finding["line"], finding["error"]["code"]) for finding in findings) == [
        (2, "repeated_game"),
        (3, "duplicate_id"),
    ]


def _scratch_folders(root: Path) -> list[str]:
    return sorted(path.name for path in root.glob(f"{SCRATCH_PREFIX}*"))


def test_a_shards_scratch_folder_is_gone_once_it_is_audited_or_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "t"))
    (tmp_path / "t").mkdir()
    audit(tmp_path / "out", [games.narde(1)])
    with pytest.raises(ShardTooLarge):
        audit_shard(
            numbered_lines(io.BytesIO(games.jsonl([games.narde(1), games.narde(2)])), "day.jsonl"),
            "day.jsonl",
            FolderResults(tmp_path / "out"),
            "s",
            max_lines=1,
        )
    assert _scratch_folders(tmp_path / "t") == []


def test_a_scratch_folder_a_process_ended_at_once_left_is_removed_by_the_next_shards_audit_and_no_one_elses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given, in the temporary folder, a scratch folder left by a shard's audit ended at once (SIGKILL, a Lambda timed
    # out: nothing unwinds), one a running audit holds, and one made a moment ago, not held yet (review: a warm audit
    # worker's /tmp kept one for each shard it failed to finish)
    root = tmp_path / "t"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    left, running, new = (root / f"{SCRATCH_PREFIX}{name}" for name in ("left", "running", "new"))
    for folder in (left, running, new):
        folder.mkdir()
        (folder / FINDINGS).write_bytes(b"{}\n")
    old = time.time() - 2 * SCRATCH_STALE_AFTER
    for folder in (left, running):
        os.utime(folder, (old, old))
    held = os.open(running, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        # When a shard is audited on the machine
        audit(tmp_path / "out", [games.narde(1)])
    finally:
        os.close(held)

    # Then the one left is removed, and the running one and the new one are kept
    assert _scratch_folders(root) == [new.name, running.name]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40))
def test_a_digest_is_written_as_url_safe_base64_without_padding(digest: bytes) -> None:
    # games.txt's digests, written by binascii directly: what base64's own URL-safe function writes, padding cut
    assert compact(digest) == base64.urlsafe_b64encode(digest).rstrip(b"=")


_PART = st.one_of(
    st.none(), st.integers(), st.text(max_size=20), st.binary(max_size=80), st.lists(st.text(max_size=10), max_size=3)
)


@settings(max_examples=300, deadline=None)
@given(_PART, _PART, _PART, _PART, _PART)
def test_a_games_key_is_the_blake2b_of_each_parts_repr(
    sealed: object, inputs: object, start: object, shared: object, shared_by: object
) -> None:
    # Each digest made by copying an empty hasher of its size: the bytes `hashlib.blake2b(data, digest_size=…)` gives,
    # as every partial written before holds them
    def digest(value: object, size: int) -> bytes:
        return hashlib.blake2b(repr(value).encode(), digest_size=size).digest()

    key = parts_key(GameParts(sealed, inputs, start, shared, shared_by))
    assert key.sealed == digest(sealed, 16)
    assert (key.inputs, key.start) == (digest(inputs, 8), digest(start, 8))
    if shared is None:
        assert (key.shared, key.shared_by) == (None, b"")
    else:
        assert (key.shared, key.shared_by) == (digest(shared, 16), digest(shared_by, 8))


def test_a_temporary_folder_whose_file_system_keeps_no_locks_still_audits_its_shards_and_sweeps_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a temporary folder on a file system that keeps no locks (flock: ENOLCK, as NFS mounted without them), and
    # in it a folder some other process's audit is working in, older than a minute, which none could hold (review: each
    # shard's audit stopped, "No locks available", exit 3, its scratch folder left behind)
    root = tmp_path / "t"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    theirs = root / f"{SCRATCH_PREFIX}theirs"
    theirs.mkdir()
    old = time.time() - 2 * SCRATCH_STALE_AFTER
    os.utime(theirs, (old, old))
    real_flock = fcntl.flock

    def flock(held: int, operation: int) -> None:
        if Path(os.readlink(f"/proc/self/fd/{held}")).parent == root:
            raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))
        real_flock(held, operation)

    monkeypatch.setattr(fcntl, "flock", flock)

    # When a shard is audited there, Then it is audited, its scratch folder removed after, and the other kept
    audited, _, _ = audit(tmp_path / "out", [games.narde(1)])
    assert audited.counts.fair == 1
    assert _scratch_folders(root) == [theirs.name]


def test_a_scratch_folder_that_cannot_be_held_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a scratch folder made, whose descriptor cannot be opened to hold it (too many files open)
    root = tmp_path / "t"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))

    def hold(folder: str) -> int:
        raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))

    monkeypatch.setattr(shard, "_hold", hold)

    # When a shard is audited, Then the audit fails on it, and the folder is removed, not left for a minute
    with pytest.raises(OSError, match="Too many open files"):
        audit(tmp_path / "out", [games.narde(1)])
    assert _scratch_folders(root) == []
