"""No structural lever buys a `fair`: an operator who holds the revealed key and wants chosen dice called fair.

The searcher may set every structural field a caller can (labels, first, first_turn, line, game,
opening, count, and how numbers and labels are written) and knows every roll the key gives. It
picks a run of four rolls the game did not start with but that the key does give somewhere (so a
lever that reaches it exists), finds every request that would compute those rolls, and sends each
with its seal and those rolls recorded, through POST /verify, GET /check, POST /verify/batch and the
CLI. It may get mismatch, incomplete, withheld or a 4xx; never fair. The game the key really starts
with, sent the same ways, is fair: the channels are not simply refusing everything.
"""

import contextlib
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fairdice import cli
from fairdice.links import build_link
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from testkit.lambda_context import FakeLambdaContext

RUN = 4  # rolls in the wanted run: too many for opening or not, or a neighbouring game, to explain by chance
SEARCH = 400  # roll numbers and turns the searcher scans for the run
Request = dict[str, Any]


def rolls_of(request: Request) -> list[list[int]]:
    """The dice the key gives for a request, as the searcher (who holds the key) computes them."""
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


# ---- the channels ---------------------------------------------------------------------------------------


def _event(method: str, path: str, body: str | None = None, query: str = "") -> dict[str, Any]:
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": query,
        "headers": {"content-type": "application/json", "accept": "application/json", "host": "fairdice.test"},
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
    return answer["statusCode"], json.loads(answer["body"])


def via_verify(request: Request) -> str:
    status, body = _handler(_event("POST", "/verify", json.dumps(request)))
    return body["verdict"] if status == 200 else str(status)


def via_check(request: Request) -> str:
    try:
        link = build_link(parse_request(request))
    except ValidationError:
        return "422"  # no link can be built for a request the API would refuse
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
    return str(json.loads(out.getvalue())["verdict"]) if out.getvalue() else f"exit {status}"


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    import sys

    saved, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


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


@pytest.mark.parametrize("scheme", ["pair36", "narde-v1", "three-dice", "bg-dice-v1", "bg-online-v1"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=KEYS)
def test_no_structural_lever_makes_a_chosen_run_of_rolls_fair_through_any_channel(scheme: str, key: bytes) -> None:
    base, levers = _games(key)[scheme]

    # Given every request the searcher builds to have a chosen run computed, sent with it recorded
    tried = 0
    for request, run in levers:
        # When it is sent through every channel
        got = answers(request | {"recorded": run} if run else request)
        tried += 1
        # Then none says fair
        assert "fair" not in got.values(), (request, got)
    assert tried >= 5

    # And the game the key really starts with is fair through every channel
    game = base | {"recorded": rolls_of(base | {"count": 12})}
    assert set(answers(game).values()) == {"fair"}


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
