"""No structural lever buys a `fair`: an operator who holds the revealed key and wants chosen dice called fair.

The searcher may set every structural field a caller can (labels, first, first_turn, line, game,
opening, count, and how numbers and labels are written) and knows every roll the key gives. It
picks a run of four rolls the game did not start with but that the key does give somewhere (so a
lever that reaches it exists), finds every request that would compute those rolls, and sends each
with its seal and those rolls recorded, through POST /verify, GET /check, POST /verify/batch and the
CLI. It may get mismatch, incomplete, withheld or a 4xx; never fair. The game the key really starts
with, sent the same ways, is fair: the channels are not simply refusing everything. The two channels
that give verdicts elsewhere get the same requests: `fairdice audit`, over one file of them all, gives
each line POST /verify's verdict in its findings and counts them so in its summary; and the offline
page, which needs the run's Chromium and so is driven from tests/integration/test_offline_page.py, gives
each the core's verdict, by its form and by its link.

A second searcher moves every structural field of an honest game (numbers and yes-or-no answers in every
spelling, secrets, seals, seats, phrases, labels, games, dates and player ids, the scheme, seed 003's own
names), alone and several at once, sends back recorded whatever each request computes, and holds every
fair verdict to the honest game of the inputs it names, by the seed documents' own code.

One key and its seal give fair dice under several schemes, so the scheme is a lever too: every verdict names first
the game its dice were checked as, by its scheme and in its seed document's title, and a fair one's page shows it
first under "Is this your game?".
"""

import contextlib
import datetime as dt
import hashlib
import hmac
import html
import io
import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from fairdice import cli, schemes
from fairdice.errors import InvalidInput, UnknownDay
from fairdice.links import build_link, parse_link
from fairdice.page import render_page
from fairdice.schemes import parse_request
from fairdice.schemes.base import RevealedDay
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from testkit.lambda_context import FakeLambdaContext
from testkit.oracles import GAME_TITLES, seed_000, seed_001, seed_002, seed_003, seed_004

RUN = 4  # rolls in the wanted run: too many for opening or not, or a neighbouring game, to explain by chance
SEARCH = 400  # roll numbers and turns the searcher scans for the run
Request = dict[str, Any]


def rolls_of(request: Request) -> list[list[int]]:
    """The dice the key gives for a request, as the searcher (who holds the key) computes them."""
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


# ---- the channels ---------------------------------------------------------------------------------------


def _event(
    method: str, path: str, body: str | None = None, query: str = "", accept: str = "application/json"
) -> dict[str, Any]:
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": query,
        "headers": {"content-type": "application/json", "accept": accept, "host": "fairdice.test"},
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "api",
            "domainName": "fairdice.test",
            "http": {"method": method, "path": path, "protocol": "HTTP/1.1", "sourceIp": "192.0.2.1", "userAgent": "t"},
            "requestId": "id",
            "routeKey": "$default",
            "stage": "$default",
            "time": "30/Nov/2026:12:00:00 +0000",
            "timeEpoch": 1796040000000,
        },
        "body": body,
        "isBase64Encoded": False,
    }


def _handler(event: dict[str, Any]) -> tuple[int, Any]:
    from verify_api.app import lambda_handler

    answer = lambda_handler(event, FakeLambdaContext())
    status, body = answer["statusCode"], json.loads(answer["body"])
    # Whatever the channel, a verdict names first the game it says its dice were checked as
    for verdict in [body] if "verdict" in body else [result.get("verdict") for result in body.get("results", [])]:
        if isinstance(verdict, dict) and "identified_by" in verdict:
            assert_names_the_game_first(verdict, verdict["scheme"], event["rawQueryString"] or event["body"])
    return status, body


def assert_names_the_game_first(verdict: dict[str, Any], scheme: str, how: object) -> None:
    """The verdict is `scheme`'s and names it first among what identifies the game, with its title, and only there."""
    game = {"field": "scheme", "value": scheme, "description": f"the game: {GAME_TITLES[scheme]}"}
    assert verdict["scheme"] == scheme, how
    assert verdict["identified_by"][0] == game, how
    assert all(given["field"] != "scheme" for given in verdict["identified_by"][1:]), how


_IDENTITY = re.compile(r"<h2>Is this your game\?</h2>.*?<dl class=identity>(.*?)</dl>", re.DOTALL)
_ENTRY = re.compile(r"<dt>(.*?)</dt><dd>(.*?)</dd>", re.DOTALL)


def assert_page_names_the_game_first(page: str, scheme: str, how: object) -> None:
    """The verdict page shows `scheme`'s game first under "Is this your game?", by its title and its id, and no other
    game after it."""
    section = _IDENTITY.search(page)
    assert section is not None, how
    entries = _ENTRY.findall(section.group(1))
    shown = [(html.unescape(name), html.unescape(re.sub(r"<[^>]*>", "", value))) for name, value in entries]
    assert shown[0] == (f"The game: {GAME_TITLES[scheme]}", scheme), (how, shown)
    assert not any(name.startswith("The game") for name, _ in shown[1:]), (how, shown)


def via_verify(request: Request) -> str:
    status, body = _handler(_event("POST", "/verify", json.dumps(request)))
    return body["verdict"] if status == 200 else str(status)


def link_of(request: Request) -> str | None:
    """The request's link, as GET /check and the offline page read it; None for a request the API would refuse, for
    which no link can be built."""
    try:
        return build_link(parse_request(request))
    except ValidationError:
        return None


def via_check(request: Request) -> str:
    link = link_of(request)
    if link is None:
        return "422"
    status, body = _handler(_event("GET", "/check/", query=urlsplit(link).query))
    return body["verdict"] if status == 200 else str(status)


def via_batch(request: Request) -> str:
    status, body = _handler(_event("POST", "/verify/batch", json.dumps({"requests": [request]})))
    if status != 200:
        return str(status)
    (result,) = body["results"]
    return result["verdict"]["verdict"] if "verdict" in result else "error"


def via_cli(request: Request) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _stdin(json.dumps(request)):
        status = cli.main(["verify", "-"])
    if not out.getvalue():
        return f"exit {status}"
    verdict = json.loads(out.getvalue())
    assert_names_the_game_first(verdict, verdict["scheme"], request)
    return str(verdict["verdict"])


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    import sys

    saved, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


AUDIT_VERDICTS = ("fair", "mismatch", "incomplete", "withheld")


def via_audit(requests: list[Request]) -> list[str]:
    """`fairdice audit` over one file holding every request, one game a line: each line's verdict, as its findings
    give it, or "not verified"; the summary's counts are checked to be those of the lines."""
    with tempfile.TemporaryDirectory() as folder:
        games, out = Path(folder) / "games.jsonl", Path(folder) / "audit"
        games.write_text(
            "".join(json.dumps(request | {"id": f"line-{n}"}) + "\n" for n, request in enumerate(requests))
        )
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = cli.main(["audit", str(games), "--out", str(out), "--workers", "1"])
        findings = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
        summary = json.loads((out / "summary.json").read_text())
    assert status in (0, 1), status  # the audit finished: clean, or with findings
    found: dict[int, str] = {}
    for finding in findings:
        if finding.get("error", {}).get("code") in ("repeated_game", "duplicate_id"):
            continue  # said of a line beside its verdict, which is counted still: these lines share a key
        assert finding["line"] not in found, finding
        found[finding["line"]] = finding.get("verdict", "not verified")
    got = [found.get(line, "fair") for line in range(1, len(requests) + 1)]
    counted = Counter(got)
    assert {name: summary[name] for name in AUDIT_VERDICTS} == {name: counted[name] for name in AUDIT_VERDICTS}
    assert (summary["games"], summary["errors"]) == (len(got) - counted["not verified"], counted["not verified"])
    return got


CHANNELS: dict[str, Callable[[Request], str]] = {
    "POST /verify": via_verify,
    "GET /check": via_check,
    "POST /verify/batch": via_batch,
    "CLI": via_cli,
}


def answers(request: Request) -> dict[str, str]:
    """What every channel answers for one request."""
    return {name: channel(request) for name, channel in CHANNELS.items()}


# ---- the searcher, per scheme -------------------------------------------------------------------------


def window_run(base: Request, field: str, start: int, game_start: list[list[int]]) -> tuple[int, list[list[int]]]:
    """A run of RUN rolls the key gives at `field` = some position past the start (by two or more, so that a list
    from the roll before it is a window too), unlike the game's own start."""
    stream = rolls_of(base | {field: start, "count": SEARCH + RUN})
    for offset in range(2, SEARCH):
        run = stream[offset : offset + RUN]
        if run != game_start:
            return start + offset, run
    raise AssertionError("every window equals the game's start")


def numbered_levers(base: Request, start: int) -> Iterator[tuple[Request, list[list[int]]]]:
    """pair36, narde-v1, three-dice: the run sits at first = p past the start; every spelling of p."""
    game_start = rolls_of(base | {"count": RUN})
    position, run = window_run(base, "first", start, game_start)
    for first in (position, str(position), f"0{position}", f"+{position}", f"{position}.0"):
        yield base | {"first": first, "count": RUN}, run
        yield base | {"first": first}, run
    # The run found anywhere in a longer list, sent as if the list began there.
    yield (
        base | {"first": position - 1, "count": RUN + 1},
        [rolls_of(base | {"first": position - 1, "count": 1})[0], *run],
    )
    # The run pasted with line numbers: from its own place, from the game's start, or against the first given.
    for form in SHEETS:
        for number in (position, start):
            yield base | {"recorded": sheet(run, number, form)}, []
            yield base | {"first": start if number == position else position, "recorded": sheet(run, number, form)}, []


SHEETS = ("{n}: {dice}", "#{n} {dice}", "Roll {n}: {dice}", "{n} {digits}")


def sheet(run: list[list[int]], first: int, form: str) -> str:
    """A run of rolls as a numbered dice sheet lists them, one a line."""
    return "\n".join(
        form.format(n=first + at, dice="-".join(map(str, roll)), digits="".join(map(str, roll)))
        for at, roll in enumerate(run)
    )


def bg_dice_levers(base: Request) -> Iterator[tuple[Request, list[list[int]]]]:
    """bg-dice-v1: turns from elsewhere, take-back lines, and label lists of every shape."""
    game_start = rolls_of(base | {"count": RUN})
    turn, run = window_run(base | {"opening": False}, "first_turn", 1, game_start)
    yield base | {"opening": False, "first_turn": turn, "count": RUN}, run
    yield base | {"first_turn": turn, "count": RUN}, run
    labels = [f"bg-dice-v1:turn:{t}" for t in range(turn, turn + RUN)]
    yield base | {"labels": labels}, run
    yield base | {"labels": ["bg-dice-v1:opening:0", *labels[1:]]}, [rolls_of(base | {"count": 1})[0], *run[1:]]
    yield base | {"labels": [label.replace(f":{turn}", f":0{turn}") for label in labels]}, run
    yield base | {"labels": [label.replace(str(turn)[-1], "\uff15") for label in labels]}, run
    yield base | {"labels": list(reversed(labels))}, run[::-1]
    yield base | {"labels": [labels[0]] * RUN}, [run[0]] * RUN
    # The run pasted as a sheet numbered from its turn, or from 1 as if it began the game.
    for form in SHEETS:
        yield base | {"recorded": sheet(run, turn, form)}, []
        yield base | {"recorded": sheet(run, 1, form)}, []
    # Take-back lines: the first rolls of each of the first lines, and of a line from a chosen turn.
    for line in range(1, 20):
        on_line = base | {"opening": False, "line": line, "count": RUN}
        yield on_line, rolls_of(on_line)
        line_labels = [f"bg-dice-v1:turn:{t}:line:{line}" for t in range(turn, turn + RUN)]
        yield base | {"labels": line_labels}, rolls_of(base | {"labels": line_labels})
    yield base | {"line": 10**6, "opening": False, "count": RUN}, run


def bg_online_levers(base: Request) -> Iterator[tuple[Request, list[list[int]]]]:
    """bg-online-v1: game 1 without its opening, games past a match's length, an opening for a later game."""
    without = base | {"opening": False, "count": RUN}
    yield without, rolls_of(without)
    for game in (2, 3, 50, 10**6):
        yield base | {"game": game, "opening": True, "count": RUN}, rolls_of(base | {"game": 2, "count": RUN})
    yield base | {"game": 50, "count": RUN}, rolls_of(base | {"game": 49, "count": RUN})
    yield base | {"game": "02", "count": RUN}, rolls_of(base | {"game": 2, "count": RUN})


def three_dice_levers(base: Request, start: int) -> Iterator[tuple[Request, list[list[int]]]]:
    """three-dice: plies from elsewhere; and a withheld reveal claimed while the seeds are given."""
    yield from numbered_levers(base, start)
    yield {"scheme": "three-dice", "commit": base["commit"], "client_seeds": base["client_seeds"], "count": RUN}, []


KEYS = st.binary(min_size=32, max_size=32)


def _games(key: bytes) -> dict[str, tuple[Request, Iterator[tuple[Request, list[list[int]]]]]]:
    seal = seal_of(key)
    pair36 = {"scheme": "pair36", "server_seed": key.hex(), "seal": seal, "client_seeds": ["a", "b"]}
    narde = {"scheme": "narde-v1", "key": key.hex(), "fingerprint": seal, "phrase": "test"}
    seats = {"white": "w", "black": "b"}
    three = {"scheme": "three-dice", "seed": key.hex(), "commit": seal, "client_seeds": seats}
    bot = {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal}
    online = {"scheme": "bg-online-v1", "server_number": key.hex(), "seal": seal, "app_numbers": ["0a", "0b"]}
    return {
        "pair36": (pair36, numbered_levers(pair36, 1)),
        "narde-v1": (narde, numbered_levers(narde, 0)),
        "three-dice": (three, three_dice_levers(three, 0)),
        "bg-dice-v1": (bot, bg_dice_levers(bot)),
        "bg-online-v1": (online, bg_online_levers(online)),
    }


def candidates(scheme: str, key: bytes) -> tuple[list[Request], Request]:
    """Every request the searcher builds under `key` to have a chosen run computed, sent with it recorded; and the
    game the key really starts with, its rolls recorded."""
    base, levers = _games(key)[scheme]
    chosen = [request | {"recorded": run} if run else request for request, run in levers]
    return chosen, base | {"recorded": rolls_of(base | {"count": 12})}


SEARCHED = ["pair36", "narde-v1", "three-dice", "bg-dice-v1", "bg-online-v1"]
SEARCH_SETTINGS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("scheme", SEARCHED)
@SEARCH_SETTINGS
@given(key=KEYS)
def test_no_structural_lever_makes_a_chosen_run_of_rolls_fair_through_any_channel(scheme: str, key: bytes) -> None:
    # Given every request the searcher builds to have a chosen run computed, sent with it recorded
    chosen, game = candidates(scheme, key)
    assert len(chosen) >= 5
    verdicts = []
    for request in chosen:
        # When it is sent through every channel
        got = answers(request)
        # Then none says fair
        assert "fair" not in got.values(), (request, got)
        verdicts.append(got["POST /verify"])

    # And the game the key really starts with is fair through every channel
    assert set(answers(game).values()) == {"fair"}

    # And an audit of them all, one game a line, gives each line POST /verify's verdict, and counts them so: a request
    # the API refuses is a line not verified
    audited = via_audit([*chosen, game])
    assert audited == [verdict if verdict in AUDIT_VERDICTS else "not verified" for verdict in [*verdicts, "fair"]]


def test_a_label_list_that_is_no_piece_of_a_game_is_refused_naming_the_label_that_breaks_it() -> None:
    key = bytes(range(32)).hex()
    base = {"scheme": "bg-dice-v1", "key": key}
    status, body = _handler(_event("POST", "/verify", json.dumps(base | {"labels": [
        "bg-dice-v1:turn:5", "bg-dice-v1:turn:7",
    ]})))  # fmt: skip
    assert status == 422
    assert body["error"]["problems"][0]["field"] == "labels[1]"
    assert "cannot follow bg-dice-v1:turn:5" in body["error"]["problems"][0]["message"]
    # seed 001's key: opening:0 is 4-6, no tie, so no second roll-off follows it
    status, body = _handler(_event("POST", "/verify", json.dumps(base | {"labels": [
        "bg-dice-v1:opening:0", "bg-dice-v1:opening:1",
    ]})))  # fmt: skip
    assert status == 422
    assert body["error"]["problems"][0] == {
        "field": "labels[1]",
        "message": "bg-dice-v1:opening:0 is not a tie with this key, so no bg-dice-v1:opening:1 is rolled:"
        " bg-dice-v1:turn:2 comes next",
    }


def test_the_bounds_a_game_reaches_are_in_the_catalog(tmp_path: Path) -> None:
    status, body = _handler(_event("GET", "/schemes"))
    assert status == 200
    limits = {(s["id"], f["name"]): f["limits"] for s in body["schemes"] for f in s["fields"]}
    assert limits[("pair36", "first")]["maximum"] == 10_000
    assert limits[("narde-v1", "first")]["maximum"] == 9_999
    assert limits[("three-dice", "first")]["maximum"] == 9_999
    assert limits[("bg-dice-v1", "first_turn")]["maximum"] == 10_000
    assert limits[("bg-dice-v1", "line")]["maximum"] == 1_000
    assert limits[("bg-online-v1", "game")]["maximum"] == 49
    games = {s["id"]: s["game"] for s in body["schemes"]}
    assert "window" in games["narde-v1"] and "take-back" in games["bg-dice-v1"]


def test_a_daily_secret_of_ones_own_never_makes_chosen_faces_fair() -> None:
    # Given an operator who wants a player's daily roll to show chosen faces: it picks, among secrets of its own,
    # one whose faces for the player are the wanted ones, with that secret's own commitment
    player = "123e4567-e89b-12d3-a456-426614174000"
    wanted = rolls_of({"scheme": "daily", "date": "2026-11-01", "player_id": player, "secret": "07" * 32})[0]
    for date in ("2026-11-01", "2026-11-30", "2099-01-01", "2020-02-29"):
        for n in range(64):
            secret = bytes([n]) * 32
            request = {"scheme": "daily", "date": date, "player_id": player, "secret": secret.hex()}
            faces = rolls_of(request)[0]
            if date == "2026-11-01" and faces != wanted:
                continue
            # When it is sent with that commitment and the faces recorded, through every channel
            got = answers(request | {"commitment": seal_of(secret), "recorded": [faces]})
            # Then the archive (which has no commitment for those days here) never lets it be fair
            assert "fair" not in got.values(), (date, got)


# ---- every lever at once, each fair verdict judged by the seeds' own code ------------------------------------
#
# The searcher above picks a run and looks for a request that computes it. This one turns it round: it moves every
# structural field of an honest game, one at a time in every spelling and then several at once, has the API compute
# what each request rolls, and sends those very rolls back recorded, as a list and as pasted text, through POST
# /verify and through a link written by hand (the link parser's own reading, not build_link's). Whatever comes back
# fair must be the honest game of the inputs the verdict names: its rolls from the first, by the seed documents' own
# code (testkit.oracles), under the seal of the secret sent.

KEY = bytes(range(32)).hex()
COMBINED = 150  # requests per scheme that move two to four fields at once
LEFT_OUT = object()  # a field left out of the request


def spelt(number: int) -> list[Any]:
    """A number as a caller may write it: canonical, as text, padded, signed, with a point, an exponent or a blank,
    in Arabic-Indic or fullwidth digits, as true or false, in a list, null, and left out."""
    arabic = "".join(chr(0x0660 + int(digit)) for digit in str(number))
    fullwidth = "".join(chr(0xFF10 + int(digit)) for digit in str(number))
    return [number, str(number), f"0{number}", f"+{number}", f"{number}.0", float(number), f" {number}", f"{number}e0",
            arabic, fullwidth, f"{number}\u200b", -number, number == 1, [number], None, LEFT_OUT]  # fmt: skip


YES_NO = [True, False, "true", "false", "1", "0", 1, 0, "yes", "no", "off", "t", "", None, LEFT_OUT, 2, [True]]


def secrets(key: str) -> list[Any]:
    """The key as sent: in capitals, in spaced pairs, after a no-break space, with a zero byte more or one less."""
    pairs = " ".join(key[i : i + 2] for i in range(0, len(key), 2))
    return [key.upper(), pairs, "\u00a0" + key, key + "00", key[:-2], key * 2, None, LEFT_OUT]


def seals(key: str) -> list[Any]:
    """The seal as sent: in capitals, of the key with a zero byte more, the key itself, cut short, left out."""
    sealed = seal_of(bytes.fromhex(key))
    return [sealed.upper(), seal_of(bytes.fromhex(key + "00")), key, sealed[:-1], None, LEFT_OUT]


BOT_LABELS = [f"bg-dice-v1:{label}" for label in ("opening:0", "turn:2", "turn:3", "turn:4")]
LATER_GAME = [f"bg-dice-v1:turn:{turn}" for turn in range(1, 5)]
OPENINGS = ["bg-dice-v1:opening:0", "bg-dice-v1:opening:1"]  # a tie, rolled again
SEATS = {"white": "w", "black": "b"}

# A key whose opening roll-off ties, with the bot (bg-dice-v1:opening:0 is 3-3) and online (g1:opening:0 is 2-2, apps'
# numbers 0a and 0b): the searcher moves a game's fields over its roll-offs too.
TIED = "19581e27de7ced00ff1ce50b2047e7a567c76b1cbaebabe5ef03f7c3017bb5b7"
SCHEMES = ["bg-dice-v1", "bg-online-v1", "narde-v1", "pair36", "three-dice"]
GAMES = [(scheme, KEY) for scheme in SCHEMES] + [("bg-dice-v1", TIED), ("bg-online-v1", TIED)]


def levers(scheme: str, key: str) -> tuple[Request, dict[str, list[Any]]]:
    """A scheme's honest game under `key`, and every value the searcher gives each of its fields."""
    sealed = seal_of(bytes.fromhex(key))
    return {
        "pair36": (
            {"scheme": "pair36", "server_seed": key, "seal": sealed, "client_seeds": ["a", "b"], "count": 4},
            {"server_seed": secrets(key), "seal": seals(key),
             "client_seeds": [["b", "a"], ["a"], ["a", "b", "a"], ["A", "b"], ["a:b"], "a,b", ["a,b"], ["a", "b "],
                              ["a", "b+"], ["а", "b"], ["a", ""], []],
             "first": [*spelt(1), *spelt(2), 0, 9_997], "count": [*spelt(4), 1, 60],
             "scheme": ["Pair36", "pair36 ", "pair３6", LEFT_OUT]},
        ),
        "narde-v1": (
            {"scheme": "narde-v1", "key": key, "fingerprint": sealed, "phrase": "test", "count": 4},
            {"key": secrets(key), "fingerprint": seals(key),
             "phrase": ["test ", " test", "tеst", "test|0", "test|1", "te|st", "test\u200b", "Test", "test\u0301",
                        "ｔｅｓｔ", "test|0|1", "", None, 5, ["test"]],
             "first": [*spelt(0), *spelt(1), 9_996], "count": [*spelt(4), 1, 60]},
        ),
        "three-dice": (
            {"scheme": "three-dice", "seed": key, "commit": sealed, "client_seeds": SEATS, "count": 4},
            {"seed": secrets(key), "commit": seals(key),
             "client_seeds": [{"white": "b", "black": "w"}, SEATS | {"grey": "x"}, {"white": "w"},
                              {"white": "w ", "black": "b"}, {"white": "wb", "black": ""},
                              {"white": "ｗ", "black": "b"}, ["w", "b"], None, LEFT_OUT],
             "clientSeeds": [SEATS, {"white": "b", "black": "w"}, None],
             "GameEnded": [{"over": {}, "seed": key, "clientSeeds": SEATS}, {"seed": None, "clientSeeds": None},
                           {"seed": key, "clientSeeds": {"white": "b", "black": "w"}}],
             "first": [*spelt(0), *spelt(1)], "count": [*spelt(4), 1, 60]},
        ),
        "bg-dice-v1": (
            {"scheme": "bg-dice-v1", "key": key, "lock": sealed, "count": 4},
            {"key": secrets(key), "lock": seals(key), "opening": YES_NO,
             "first_turn": [*spelt(1), *spelt(2), *spelt(3)], "line": [*spelt(0), *spelt(1), 1_000],
             "labels": [BOT_LABELS, BOT_LABELS[1:], LATER_GAME, ["bg-dice-v1:turn:2"],
                        [BOT_LABELS[0], *LATER_GAME[:3]], [*BOT_LABELS[:2], "bg-dice-v1:opening:1"],
                        [BOT_LABELS[0], *(f"{label}:line:0" for label in BOT_LABELS[1:])],
                        [BOT_LABELS[0], BOT_LABELS[1], "bg-dice-v1:turn:2:line:1", "bg-dice-v1:turn:3:line:1"],
                        [LATER_GAME[0], "bg-dice-v1:turn:1:line:1"], [label.replace(":", ":0", 2)[:-1] for label in
                        LATER_GAME], [label.upper() for label in LATER_GAME], [f"{label} " for label in LATER_GAME],
                        LATER_GAME[::-1], [LATER_GAME[0]] * 4, ["bg-online-v1:g1:opening:0"], LATER_GAME[0], [],
                        ["bg-dice-v1:opening:00"], ["bg-dice-v1:turn:１"], [*OPENINGS, *BOT_LABELS[1:3]],
                        [OPENINGS[1], BOT_LABELS[1]], OPENINGS, OPENINGS[1:], [*OPENINGS, "bg-dice-v1:opening:2"],
                        [*OPENINGS, LATER_GAME[0]]],
             "count": [*spelt(4), 1, 60]},
        ),
        "bg-online-v1": (
            {"scheme": "bg-online-v1", "server_number": key, "seal": sealed, "app_numbers": ["0a", "0b"], "count": 4},
            {"server_number": secrets(key), "seal": seals(key),
             "app_numbers": [["0b", "0a"], ["0A", "0b"], ["a", "0b"], ["00a", "0b"], [" 0a", "0b"], ["0a", "0b", "0c"],
                             ["0a:0b"], ["0a", "0 b"], ["0x0a", "0b"], ["０a", "0b"], ["0a"], "0a,0b", ["0a", ""]],
             "game": [*spelt(1), *spelt(2), 49, 50, 0], "opening": YES_NO, "count": [*spelt(4), 1, 60]},
        ),
    }[scheme]  # fmt: skip


def changed(base: Request, changes: Request) -> Request:
    """The request with `changes` made (LEFT_OUT takes a field out)."""
    request = {**base, **changes}
    return {name: value for name, value in request.items() if value is not LEFT_OUT}


def lever_requests(scheme: str, key: str, seed: int) -> Iterator[Request]:
    """The honest game with every field moved to every value alone, then COMBINED requests moving two to four fields
    at once (a seeded choice, the same every run)."""
    base, moved = levers(scheme, key)
    yield base
    for name, values in moved.items():
        for value in values:
            yield fitted(base, {name: value})
    choose = random.Random(seed)
    for _ in range(COMBINED):
        names = choose.sample(sorted(moved), choose.randint(2, min(4, len(moved))))
        yield fitted(base, {name: choose.choice(moved[name]) for name in names})


def fitted(base: Request, changes: Request) -> Request:
    """The request with `changes` made, where labels it lists say how many rolls there are: the honest game's count is
    then left to them, unless the change moves the count too."""
    if "labels" in changes and "count" not in changes:
        changes = {**changes, "count": LEFT_OUT}
    return changed(base, changes)


def pasted(rolls: list[list[int]], first: int) -> list[Any]:
    """The rolls as a list, as text (dashes, bare digits, JSON) and as a sheet numbered from `first`."""
    dashes = " ".join("-".join(map(str, roll)) for roll in rolls)
    digits = "".join("".join(map(str, roll)) for roll in rolls)
    return [rolls, dashes, digits, json.dumps(rolls), sheet(rolls, first, SHEETS[0])]


def written_link(scheme: str, request: Request) -> str | None:
    """The request as a link's query written by hand, its values as the request gives them (a number as text, a list
    joined by commas, labels with their prefix left out): what the link parser reads, where build_link would only
    write what the model made of them. None for a field no link carries."""
    room = schemes.get(scheme)
    params = {param.field: param for param in room.link}
    pairs = [] if room.bare_links and request.get("scheme") == scheme else [("scheme", str(request.get("scheme")))]
    for name, value in request.items():
        if name == "scheme" or value is None:
            continue
        if name == "client_seeds" and isinstance(value, dict):
            if set(value) - {"white", "black"}:
                return None
            pairs += [(params[f"client_seeds.{seat}"].name, str(seed)) for seat, seed in value.items()]
            continue
        param = params.get(name)
        if param is None:
            return None
        if param.kind in ("list", "labels"):
            if not isinstance(value, list):
                return None
            text = ",".join(str(item).removeprefix(param.prefix) for item in value)
        elif param.kind == "rolls" and isinstance(value, list):
            faces = [list(map(str, roll)) for roll in value]  # run together, as seed 000's links; daily's d10-d20 apart
            apart = any(len(face) > 1 for roll in faces for face in roll)
            text = ",".join(map("-".join, faces)) if apart else "".join(map("".join, faces))
        elif isinstance(value, bool):
            text = "1" if value else "0"
        else:
            text = value if isinstance(value, str) else json.dumps(value)
        pairs.append((param.name, text))
    return "&".join(f"{name}={quote(text, safe=',:')}" for name, text in pairs)


def via_link(query: str) -> tuple[int, Any]:
    return _handler(_event("GET", "/check/", query=query))


def page_of(query: str) -> str:
    """The page a browser opening the link gets (Accept: text/html)."""
    from verify_api.app import lambda_handler

    return str(lambda_handler(_event("GET", "/check/", query=query, accept="text/html"), FakeLambdaContext())["body"])


def honest_game(scheme: str, named: dict[str, Any], key: bytes, count: int) -> list[list[int]] | None:
    """The first `count` rolls, from the game's first, of the game that the inputs a verdict names identify under this
    key, by the seed documents' own code; None where they name no whole game."""
    if scheme == "pair36":
        return [list(seed_000.roll(key, named["client_seeds"], n)[0]) for n in range(1, count + 1)]
    if scheme == "narde-v1":
        return [list(roll) for roll in seed_002.snippet(key.hex(), named["phrase"], count)[1]]
    if scheme == "three-dice":
        white, black = named["client_seeds.white"], named["client_seeds.black"]
        return [seed_003.roll(key.hex(), white, black, ply) for ply in range(count)]
    if scheme == "bg-dice-v1":
        if "opening" not in named:
            return None
        _, roll = seed_001.snippet(key.hex())
        return labelled_game(roll, "bg-dice-v1", named["opening"], "turn", 2 if named["opening"] else 1, count)
    message = "bg-online-v1:seeds:" + ":".join(number.lower() for number in named["app_numbers"])
    _, roll = seed_001.snippet(hmac.new(key, message.encode(), hashlib.sha256).hexdigest())
    game = named["game"]
    return labelled_game(roll, f"bg-online-v1:g{game}", game == 1, "roll", 1, count)


def labelled_game(
    roll: Callable[[str], list[int]], prefix: str, opening: bool, word: str, first: int, count: int
) -> list[list[int]]:
    """Seed 001's game: opening roll-offs until one is no tie, then the turns from `first`."""
    rolls: list[list[int]] = []
    for k in range(count if opening else 0):
        rolls.append(roll(f"{prefix}:opening:{k}"))
        if rolls[-1][0] != rolls[-1][1]:
            break
    return rolls + [roll(f"{prefix}:{word}:{first + n}") for n in range(count - len(rolls))]


def assert_honest_if_fair(scheme: str, verdict: dict[str, Any], key: str, sent: list[list[int]], how: object) -> None:
    """A fair verdict is the honest game of the inputs it names, from its first roll, under the seal of the key
    sent, and it compared the very rolls sent."""
    assert_names_the_game_first(verdict, scheme, how)
    if verdict["verdict"] != "fair":
        return
    secret = bytes.fromhex("".join(key.split()))
    assert verdict["seal"]["given"] == verdict["seal"]["computed"] == seal_of(secret), how
    named = {given["field"]: given["value"] for given in verdict["identified_by"]}
    rolls = verdict["rolls"]
    game = honest_game(scheme, named, secret, len(rolls))
    assert [roll["recorded"] for roll in rolls] == [roll["dice"] for roll in rolls] == sent == game, (how, named)


REVEALED = {scheme: schemes.get(scheme).request.REVEALED_FIELD for scheme in SCHEMES}


@pytest.mark.parametrize(("scheme", "key"), GAMES, ids=[f"{scheme}-{key[:4]}" for scheme, key in GAMES])
def test_whatever_a_lever_makes_fair_is_the_honest_game_of_the_inputs_the_verdict_names(scheme: str, key: str) -> None:
    outcomes: Counter[str] = Counter()
    pages: set[str] = set()
    for request in lever_requests(scheme, key, seed=len(scheme)):
        # Given a request with its fields moved, and the rolls the API computes for it
        status, computed = _handler(_event("POST", "/verify", json.dumps(request)))
        if status != 200 or not computed["rolls"] or computed["rolls"][0]["dice"] is None:
            outcomes[f"{status} {computed.get('verdict')}"] += 1
            continue
        rolls = [roll["dice"] for roll in computed["rolls"]]
        sent_key = request.get(REVEALED[scheme]) or request.get("GameEnded", {}).get("seed")
        for recorded in pasted(rolls, computed["rolls"][0]["index"]):
            # When they are sent back recorded, by POST /verify and by a link written by hand
            sent = request | {"recorded": recorded}
            status, verdict = _handler(_event("POST", "/verify", json.dumps(sent)))
            outcomes[f"POST {status} {verdict.get('verdict')}"] += 1
            if status == 200:
                # Then a fair verdict is the honest game of the inputs it names
                assert_honest_if_fair(scheme, verdict, sent_key, rolls, sent)
            query = written_link(scheme, sent)
            if query is not None:
                status, verdict = via_link(query)
                outcomes[f"GET {status} {verdict.get('verdict')}"] += 1
                if status == 200:
                    assert_honest_if_fair(scheme, verdict, sent_key, rolls, query)
                if status == 200 and verdict["verdict"] == "fair" and query not in pages:
                    # And its page, as a browser opening the link gets it, shows that game first
                    pages.add(query)
                    assert_page_names_the_game_first(page_of(query), scheme, query)
    # And the search reached every outcome: games called fair, others not, requests refused, through both channels
    assert outcomes["POST 200 fair"] > 20 and outcomes["GET 200 fair"] > 20, outcomes
    assert outcomes["POST 200 incomplete"] + outcomes["POST 200 mismatch"] > 5, outcomes
    assert outcomes["GET 200 incomplete"] + outcomes["GET 200 mismatch"] > 5 and outcomes["422 None"] > 5, outcomes
    assert len(pages) > 10, len(pages)


def other_value(value: Any) -> Any:
    """Another value a caller could mean for a field: the last hex digit changed, a list reversed, a number plus one,
    the seats swapped."""
    if isinstance(value, str):
        return value[:-1] + ("0" if value[-1] != "0" else "1")
    if isinstance(value, list):
        return value[::-1]
    if isinstance(value, dict):
        return dict(zip(value, reversed(list(value.values())), strict=True))
    return value + 1


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_field_given_twice_is_refused_in_a_body_and_in_a_link_never_one_of_its_values_picked(scheme: str) -> None:
    base, _ = levers(scheme, KEY)
    game = base | {"recorded": rolls_of(base)}
    body, query = json.dumps(game), written_link(scheme, game)
    assert query is not None
    honest = via_link(query)[1]
    for name, value in game.items():
        if name == "scheme":
            continue
        # Given the honest game with one of its fields given again, with another value
        again = json.dumps(other_value(value))
        escaped = "".join(f"\\u{ord(character):04x}" for character in name)
        bodies = [body[:-1] + f', "{name}": {again}}}', body[:-1] + f', "{escaped}": {again}}}']
        param = next(param.name for param in schemes.get(scheme).link if param.field.partition(".")[0] == name)
        encoded = "".join(f"%{ord(character):02X}" for character in param)
        first = next(pair for pair in query.split("&") if pair.startswith(f"{param}="))
        links = [f"{query}&{first}", f"{query}&{encoded}={first.partition('=')[2]}1", f"{query}&{param}="]
        # When it is sent as a body, or as a link that names the parameter again (spelt as it is, percent-encoded,
        # or left blank the second time)
        for text in bodies:
            status, answer = _handler(_event("POST", "/verify", text))
            # Then it is refused, naming what was given twice
            assert status == 400 and "more than once" in answer["error"]["message"], (text, answer)
        for link in links:
            status, answer = via_link(link)
            assert status == 422 and "twice" in answer["error"]["message"], (link, answer)
        # And the other value under a tracking parameter's name (utm_…) is not read at all: the game stays fair
        status, answer = via_link(f"{query}&utm_{param}={quote(again, safe='')}")
        assert (status, answer["verdict"], answer["rolls"]) == (200, "fair", honest["rolls"]), answer
    # And the game given once is fair both ways
    assert (_handler(_event("POST", "/verify", body))[1]["verdict"], honest["verdict"]) == ("fair", "fair")


class ClosedDay:
    """A daily archive holding one closed day, committed in time and kept under lock, as AWS's archive shows one."""

    day = dt.date(2026, 11, 1)
    secret = bytes(range(32))

    def lookup(self, day: dt.date) -> RevealedDay:
        if day != self.day:
            raise UnknownDay(f"no secret for {day}")
        return RevealedDay(
            secret=self.secret,
            commitment=seal_of(self.secret),
            source="daily archive",
            published_at=dt.datetime(2026, 11, 1, 0, 0, 3, tzinfo=dt.UTC),
            in_time=True,
            witnessed=True,
            revealed_at=dt.datetime(2026, 11, 2, 0, 1, tzinfo=dt.UTC),
            revealed_in_time=True,
            locked=True,
        )


PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAILY_LEVERS: dict[str, list[Any]] = {
    "date": [" 2026-11-01", "2026-11-1", "20261101", "2026-W44-7", "2026-11-01T00:00:00", "2026-11-02", "2026-10-31",
             "２０２６-11-01", 20261101, None, LEFT_OUT],
    "player_id": [PLAYER.upper(), PLAYER.replace("-", ""), "{" + PLAYER + "}", "urn:uuid:" + PLAYER, " " + PLAYER,
                  PLAYER + "\u200b", PLAYER[:-1] + "1", LEFT_OUT],
    "secret": [bytes(range(32)).hex(), bytes(range(32)).hex().upper(), (bytes([7]) * 32).hex(),
               bytes(range(32)).hex() + "00", None],
    "commitment": [seal_of(bytes(range(32))), seal_of(bytes(range(32))).upper(), seal_of(bytes([7]) * 32), None],
}  # fmt: skip


def test_whatever_a_lever_makes_fair_on_a_daily_roll_is_the_archives_roll_for_the_day_and_player_it_names() -> None:
    archive, today, choose = ClosedDay(), dt.date(2026, 12, 1), random.Random(4)
    base: Request = {"scheme": "daily", "date": "2026-11-01", "player_id": PLAYER}
    requests = [base, *(changed(base, {name: value}) for name, values in DAILY_LEVERS.items() for value in values)]
    for _ in range(COMBINED * 2):
        names = choose.sample(sorted(DAILY_LEVERS), choose.randint(2, 4))
        requests.append(changed(base, {name: choose.choice(DAILY_LEVERS[name]) for name in names}))
    fair = 0
    for request in requests:
        # Given a daily request with its fields moved, and the faces it computes against the archive, sent back recorded
        try:
            computed = verify(parse_request(request), day_secrets=archive, today=today).rolls[0]["dice"]
        except (ValidationError, InvalidInput, UnknownDay):
            continue
        for recorded in ([computed], " ".join(map(str, computed)), "-".join(map(str, computed))):
            sent = request | {"recorded": recorded}
            # When it is verified as a request and as a link, against the archive
            for as_link in (False, True):
                try:
                    read = parse_link(written_link("daily", sent) or "") if as_link else parse_request(sent)
                    verdict = verify(read, day_secrets=archive, today=today)
                except (ValidationError, InvalidInput, UnknownDay):
                    continue
                assert_names_the_game_first(verdict.model_dump(mode="json"), "daily", sent)
                if verdict.verdict != "fair":
                    continue
                # Then a fair one is the archive's roll of the day and player it names, under the archive's commitment,
                # and its page shows the daily roll first
                fair += 1
                assert_page_names_the_game_first(render_page(verdict, read), "daily", sent)
                named = {given.field: given.value for given in verdict.identified_by}
                assert named["date"] == archive.day.isoformat(), sent
                expected = seed_004.faces(archive.secret, str(named["date"]), str(named["player_id"]))
                assert [list(roll["recorded"] or []) for roll in verdict.rolls] == [expected] == [computed], sent
                assert verdict.seal.given == verdict.seal.computed == seal_of(archive.secret), sent
    assert fair > 20
