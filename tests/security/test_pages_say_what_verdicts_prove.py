"""A page says what its verdict proves, no more: searched over verdicts that prove less than a whole game.

A seeded searcher draws, for each of the five schemes, requests whose verdict is not a whole fair game: no rolls
recorded, the first rolls of a game only, a count below the game's, a window from past the game's first roll (by
`first`, by labels, by a later turn, on a take-back line, a match's first game without its opening or a later game), no
seal, rolls that differ beside rolls not recorded; and daily rolls, of days committed to in time or late, revealed,
pending or not begun, with faces or none. Each goes to GET /check (a daily roll to its address too) through the handler,
by a real API Gateway event, once as a program asks (JSON) and once as a browser does (the page). The page's title and
heading must say the JSON verdict, first, in its own word, and the heading every reason the JSON gives (which rolls were
not recorded, which piece was checked, what differs); and neither says "fair" of a verdict that is not. A fair verdict's
title and heading say which rolls it is about. A daily record page's tab and heading say what keeps its day from being
proven, as its JSON gives it.
"""

import copy
import datetime as dt
import html
import json
import random
import re
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fairdice.archive.reader import ArchiveReader
from fairdice.links import build_link
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from verify_api import archive as api_archive

from testkit.lambda_context import FakeLambdaContext
from testkit.oracles import GAME_TITLES
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

SEEDS = range(12)  # each seed draws DRAWS requests of every scheme
DRAWS = 6
DAILY_SEEDS = range(6)  # each draws DRAWS daily rolls, each asked by its link and by its address
# The archives the daily seeds read in turn: the pending day committed to late, in time, or in time on a bucket that
# keeps no version (no Object Lock), each with the store's times witnessed as S3's are
DAILY_ARCHIVES = (("late", True), ("in time", True), ("in time", False))
EVENT = json.loads((Path(__file__).resolve().parents[2] / "events" / "api-check-html.json").read_text())
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
Request = dict[str, Any]

# What the tab and the heading say first, for each verdict
TITLE_WORD = {"fair": "Fair", "incomplete": "Incomplete", "mismatch": "Mismatch", "withheld": "Not yet verifiable"}
HEADING_START = {
    "fair": "Fair: ",
    "incomplete": "Nothing failed, but the check is incomplete: ",
    "mismatch": "Mismatch: ",
    "withheld": "Not yet verifiable: ",
}
_FAIR = re.compile(r"\bfair\b", re.IGNORECASE)
_SEALS = ("seal", "lock", "fingerprint", "commit")


def _get(query: str, accept: str, path: str = "/check/") -> tuple[int, str]:
    from verify_api.app import lambda_handler

    event = copy.deepcopy(EVENT)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"], event["queryStringParameters"] = query, None
    event["headers"]["accept"] = accept
    answer = lambda_handler(event, FakeLambdaContext())
    return answer["statusCode"], answer["body"]


def _rolls(request: Request) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def _bases(key: bytes) -> dict[str, Request]:
    seal = seal_of(key)
    return {
        "pair36": {"scheme": "pair36", "server_seed": key.hex(), "seal": seal, "client_seeds": ["a", "b"]},
        "narde-v1": {"scheme": "narde-v1", "key": key.hex(), "fingerprint": seal, "phrase": "test"},
        "three-dice": {
            "scheme": "three-dice",
            "seed": key.hex(),
            "commit": seal,
            "client_seeds": {"white": "w", "black": "b"},
        },
        "bg-dice-v1": {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal},
        "bg-online-v1": {
            "scheme": "bg-online-v1",
            "server_number": key.hex(),
            "seal": seal,
            "app_numbers": ["0a", "0b"],
        },
    }


def _changed(roll: list[int]) -> list[int]:
    return [roll[0] % 6 + 1, *roll[1:]]


def draw(choose: random.Random, scheme: str, base: Request) -> tuple[str, Request]:
    """One request of `scheme` that proves less than a whole fair game, and what kind it is."""
    count = choose.randint(3, 20)
    game = _rolls(base | {"count": count})
    kept = choose.randint(1, count - 1)
    kinds = ["no rolls", "first rolls only", "count below the game's", "no seal", "differs beside rolls not recorded"]
    kinds += {
        "pair36": ["window"],
        "narde-v1": ["window"],
        "three-dice": ["window", "seed withheld"],
        "bg-dice-v1": ["labels of a piece", "take-back line", "from a later turn"],
        "bg-online-v1": ["later game", "without its opening"],
    }[scheme]
    kind = choose.choice(kinds)
    if kind == "no rolls":
        return kind, base | {"count": count}
    if kind == "first rolls only":
        return kind, base | {"count": count, "recorded": game[:kept]}
    if kind == "count below the game's":
        # the rolls a game began with, sent as if it had no more: the game's first rolls, with what they are about
        return kind, base | {"count": kept, "recorded": game[:kept]}
    if kind == "no seal":
        return kind, {name: value for name, value in base.items() if name not in _SEALS} | {"recorded": game[:kept]}
    if kind == "differs beside rolls not recorded":
        recorded = [list(roll) for roll in game[:kept]]
        at = choose.randrange(kept)
        recorded[at] = _changed(recorded[at])
        return kind, base | {"count": count, "recorded": recorded}
    if kind == "window":
        first = choose.randint(2, 30)
        return kind, base | {"first": first, "recorded": _rolls(base | {"first": first, "count": kept})}
    if kind == "seed withheld":
        return kind, {"scheme": "three-dice", "commit": base["commit"], "count": count}
    if kind == "labels of a piece":
        turn = choose.randint(2, 20)
        labels = [f"bg-dice-v1:turn:{t}" for t in range(turn, turn + kept)]
        return kind, base | {"labels": labels, "recorded": _rolls(base | {"labels": labels})}
    if kind == "take-back line":
        line = base | {"opening": False, "line": choose.randint(1, 9), "count": count}
        return kind, line | {"recorded": _rolls(line)[:kept]}
    if kind == "from a later turn":
        later = base | {"opening": False, "first_turn": choose.randint(2, 20), "count": kept}
        return kind, later | {"recorded": _rolls(later)}
    if kind == "without its opening":
        without = base | {"opening": False, "count": kept}
        return kind, without | {"recorded": _rolls(without)}
    assert kind == "later game"
    later = base | {"game": choose.randint(2, 7), "count": count}
    return kind, later | {"recorded": _rolls(later)[:kept]}


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def said(page: str) -> tuple[str, str, str]:
    """The page's title, its heading and the first sentence before the heading, as a person reads them."""
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.DOTALL)
    assert title is not None and heading is not None
    before = page[page.index("<body") : heading.start()]
    return _text(title.group(1)), _text(heading.group(1)), _text(before)


def assert_page_says_its_verdict(page: str, verdict: dict[str, Any], how: object) -> None:
    """The title and the heading say the JSON verdict first, the heading every reason it gives; nothing says fair of a
    verdict that is not."""
    outcome = verdict["verdict"]
    title, heading, first = said(page)
    game = f"{GAME_TITLES[verdict['scheme']]} · {verdict['scheme']} · fairdice"
    assert title.endswith(f" · {game}"), (how, title)
    # A fair verdict's tab says what it is about, as its heading does: a chat's preview of a link shows the tab alone
    about = f": {verdict['scope']['description']}" if outcome == "fair" else ""
    # A day whose commitment came out of its time, or is not kept, is at most incomplete once revealed, as its JSON
    # and its reasons say: so its tab
    if outcome == "withheld" and verdict["withheld"]["at_most_incomplete"]:
        about = ", at most incomplete once revealed"
    if outcome == "withheld":
        reasons_say = any("at most incomplete" in reason for reason in verdict["reasons"])
        assert verdict["withheld"]["at_most_incomplete"] is reasons_say, (how, verdict["reasons"])
    assert title.removesuffix(f" · {game}") == TITLE_WORD[outcome] + about, (how, title)
    assert heading.startswith(HEADING_START[outcome]), (how, heading)
    for reason in verdict["reasons"]:
        assert _text(html.escape(reason)) in heading, (how, reason, heading)
    if outcome == "fair":
        assert verdict["scope"]["kind"] == "game", how
        assert heading.endswith(f": {verdict['scope']['description']}."), (how, heading)
        return
    # Before the heading the page names the game and its scheme alone (a game's title may hold "Fair": three-dice's)
    assert _FAIR.search(first.replace(GAME_TITLES[verdict["scheme"]], "")) is None, (how, first)
    assert _FAIR.search(heading) is None, (how, heading)
    if verdict["summary"]["missing"]:
        assert "were not recorded" in heading or "was not recorded" in heading, (how, heading)
    if verdict["scope"] is not None and verdict["scope"]["kind"] != "game":
        assert verdict["scope"]["description"] in heading, (how, heading)


def check(request: Request, how: object, path: str = "/check/") -> str:
    """The request's link through GET /check (or the query at `path`), as JSON and as a page: the page says the JSON
    verdict."""
    query = urlsplit(build_link(parse_request(request))).query if path == "/check/" else request["query"]
    status, body = _get(query, "application/json", path)
    assert status == 200, (how, body)
    verdict = json.loads(body)
    status, page = _get(query, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", path)
    assert status == 200, (how, page[:500])
    assert_page_says_its_verdict(page, verdict, how)
    return str(verdict["verdict"])


@pytest.mark.parametrize("seed", SEEDS)
def test_no_page_of_a_verdict_on_less_than_a_whole_game_reads_as_a_whole_fair_game(seed: int) -> None:
    choose = random.Random(seed)
    key = choose.randbytes(32)
    outcomes: dict[str, set[str]] = {}
    for scheme, base in _bases(key).items():
        for _ in range(DRAWS):
            kind, request = draw(choose, scheme, base)
            outcome = check(request, (seed, scheme, kind, request))
            outcomes.setdefault(kind, set()).add(outcome)
    # A count below the game's is the only piece a fair verdict can be about: its heading says which rolls
    assert all(kind == "count below the game's" or "fair" not in got for kind, got in outcomes.items()), outcomes


@pytest.mark.parametrize("rolls", [None, "1-2-3-4-5-6"])
def test_a_daily_roll_of_a_day_not_begun_is_not_yet_verifiable_on_its_page_as_in_its_json(rolls: str | None) -> None:
    request: Request = {"scheme": "daily", "date": "2999-01-01", "player_id": PLAYER}
    assert check(request | ({"recorded": rolls} if rolls else {}), rolls) == "withheld"


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


@pytest.mark.parametrize("seed", DAILY_SEEDS)
def test_no_page_of_a_daily_roll_says_more_than_its_verdict(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an archive of folders whose 2025-03-01 was committed to in time, 2025-03-02 twenty minutes late, both
    # revealed, 2025-03-03 pending, committed to late or in time, and 2025-03-04 not begun; its versions kept as
    # Object Lock keeps them, or (a bucket without it) not
    pending, kept = DAILY_ARCHIVES[seed % len(DAILY_ARCHIVES)]
    timeline = Timeline(_at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path, kept=kept)
    for when in (
        "2025-03-01 00:00",
        "2025-03-02 00:20",
        "2025-03-03 00:20" if pending == "late" else "2025-03-03 00:00",
    ):
        timeline.publish(stores, _at(when))
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: _at("2025-03-03 01:00")))
    choose = random.Random(seed)
    outcomes = set()
    for _ in range(DRAWS):
        # When a player's roll of a drawn day is asked for, by its link and by its address, with no faces, the faces
        # the archive gives, or one of them changed
        day = choose.choice(["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"])
        player = str(uuid.UUID(int=choose.getrandbits(128), version=4))
        request: Request = {"scheme": "daily", "date": day, "player_id": player}
        status, body = _get("", "application/json", f"/daily/{day}/{player}")
        faces = json.loads(body)["rolls"][0]["dice"] if status == 200 and json.loads(body)["rolls"] else None
        given = choose.choice(["none", "as rolled", "one changed"]) if faces else "none"
        if given != "none":
            faces = list(faces)
            if given == "one changed":
                faces[0] = faces[0] % 4 + 1
            request["recorded"] = " ".join(map(str, faces))
        how = (seed, pending, kept, day, given)
        # Then each page says its JSON verdict, in its title and its heading, and no more
        outcomes.add(check(request, how))
        query = f"recorded={'+'.join(map(str, faces))}" if given != "none" and faces else ""
        outcomes.add(check({"query": query}, how, f"/daily/{day}/{player}"))
    assert outcomes - {"fair"}, outcomes
    # And each day's record page says in its tab and its heading what keeps the day from being proven, as its JSON
    # gives it, and its tab never says fair (a chat's preview of its address shows the tab alone)
    for day in ("2025-03-01", "2025-03-02", "2025-03-03"):
        record = json.loads(_get("", "application/json", f"/daily/{day}")[1])
        title, heading, _ = said(_get("", "text/html", f"/daily/{day}")[1])
        revealed = record["status"] == "revealed"
        assert heading.startswith(f"The secret of {day} is {'revealed' if revealed else 'not'}")
        assert title.startswith("Revealed" if revealed else "Not revealed yet"), (day, title)
        unproven = record["commitment_in_time"] is not True or record["locked"] is False
        assert ("at most incomplete" in heading) == unproven, (day, record, heading)
        assert ("at most incomplete" in title) == unproven, (day, record, title)
        assert _FAIR.search(title.removesuffix(" · fairdice")) is None, (day, title)
        # And a roll of a day not revealed yet says it will be at most incomplete exactly where the day's record does
        if not revealed:
            roll = json.loads(_get("", "application/json", f"/daily/{day}/{PLAYER}")[1])
            assert roll["withheld"]["at_most_incomplete"] is unproven, (day, record, roll["reasons"])
