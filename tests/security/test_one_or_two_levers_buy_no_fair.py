"""One or two levers of an honest game buy no `fair`: small spaces searched whole, and pairs of levers drawn at random.

The operator holds the revealed key and wants a `fair` for rolls it chose, or an honest player's paste that differs
turned into `fair`. It takes an honest game of each scheme and moves one or two of its structural fields at once.

Searched whole, through the core (`verify` of the request as `parse_request` reads it), for the key of the seed
documents and a key whose opening roll-offs tie: every combination of each scheme's structural fields over small
ranges (bg-dice-v1's `opening`, `first_turn`, `line`, `count` and a first label or roll-off pair; bg-online-v1's game,
opening, count and the apps' numbers in either order; a numbered scheme's `first` and `count`), the rolls each request
computes sent back recorded as a list, as dashes, and as a sheet numbered from the request's first roll, from 0, 1
and 2, with a colon or bare digits; and every list of one to three bg-dice-v1 labels out of fourteen (roll-offs 0 to 2,
turns 1 to 5, take-back lines 0 and 1 of turns 1 to 3), its own rolls recorded.

Drawn by Hypothesis, through POST /verify's handler: one or two fields of an honest game moved to values of the first
searcher's lists (tests/security/test_verdicts_cannot_be_bought.py's `levers`) or to numbers near the game's own, sent
with recorded either the rolls the moved request computes (what the operator can make the API give) or the honest
game's rolls with one die changed (an honest player's paste that differs); and the request's link, asked by GET /check
as JSON and as a page, must get the same verdict, its page held to it as the page searcher holds one (`served`, of
tests/security/test_pages_say_what_verdicts_prove.py: the tab and heading say the verdict first, and no more than it).

The oracle is the seed documents' own code (`honest_game`): a fair verdict compared, from the game's first roll, the
very rolls recorded, and they are the honest game of the inputs the verdict names, under the seal of the key sent.

Found: no lever moved here buys a fair, by the core, POST /verify or a link (and, run once by hand against the offline
page's verifier.js, its verdicts on the same requests are the core's). The page searcher's own count of rolls read the
comma of "whoever decides take-backs can choose one, so rolls asked for" as a number, failing the page of rolls asked
for on a take-back line that reach only the opening roll-off; fixed there.
"""

import itertools
import json
from collections import Counter
from typing import Any

import pytest
from fairdice.errors import FairdiceError
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from security.test_pages_say_what_verdicts_prove import served
from security.test_verdicts_cannot_be_bought import (
    KEY,
    LEFT_OUT,
    REVEALED,
    SCHEMES,
    TIED,
    Request,
    _event,
    _handler,
    assert_honest_if_fair,
    fitted,
    honest_game,
    levers,
)
from testkit.oracles import seed_001

KEYS = [KEY, TIED]
# Each scheme's structural fields over small ranges, every combination searched (LEFT_OUT: the field is not sent)
GRIDS: dict[str, dict[str, list[Any]]] = {
    "bg-dice-v1": {
        "opening": [True, False, None, LEFT_OUT],
        "first_turn": [1, 2, 3, LEFT_OUT],
        "line": [0, 1, LEFT_OUT],
        "count": [1, 2, 3, 5],
        "labels": [
            LEFT_OUT,
            ["bg-dice-v1:opening:0"],
            ["bg-dice-v1:opening:1"],
            ["bg-dice-v1:opening:0", "bg-dice-v1:opening:1"],
            ["bg-dice-v1:turn:1"],
            ["bg-dice-v1:turn:2"],
        ],
    },
    "bg-online-v1": {
        "game": [1, 2, 3, LEFT_OUT],
        "opening": [True, False, None, LEFT_OUT],
        "count": [1, 2, 3, 5],
        "app_numbers": [["0a", "0b"], ["0b", "0a"]],
    },
    "narde-v1": {"first": [0, 1, 2, LEFT_OUT], "count": [1, 2, 3, 5]},
    "pair36": {"first": [0, 1, 2, LEFT_OUT], "count": [1, 2, 3, 5]},
    "three-dice": {"first": [0, 1, 2, LEFT_OUT], "count": [1, 2, 3, 5]},
}
LABELS = (
    [f"bg-dice-v1:opening:{k}" for k in range(3)]
    + [f"bg-dice-v1:turn:{turn}" for turn in range(1, 6)]
    + [f"bg-dice-v1:turn:{turn}:line:{line}" for turn in range(1, 4) for line in range(2)]
)
REFUSED = (ValidationError, FairdiceError, ValueError)


def game_of(scheme: str, key: str) -> Request:
    """The scheme's honest game under `key`, its count left to the search."""
    base, _ = levers(scheme, key)
    return {name: value for name, value in base.items() if name != "count"}


def recorded_forms(rolls: list[list[int]], first: int) -> list[Any]:
    """The rolls as a list, as dashes, and as sheets numbered from the request's first roll and from 0, 1 and 2, with a
    colon after the number or bare digits beside it."""
    forms: list[Any] = [rolls, " ".join("-".join(map(str, roll)) for roll in rolls)]
    for start in sorted({first, 0, 1, 2}):
        forms.append("\n".join(f"{start + n}: {'-'.join(map(str, roll))}" for n, roll in enumerate(rolls)))
        forms.append("\n".join(f"{start + n} {''.join(map(str, roll))}" for n, roll in enumerate(rolls)))
    return forms


def verdict_of(request: Request) -> dict[str, Any] | None:
    """The core's verdict on the request, as JSON; None where it is refused."""
    try:
        return verify(parse_request(request)).model_dump(mode="json")
    except REFUSED:
        return None


@pytest.mark.parametrize("key", KEYS, ids=[key[:4] for key in KEYS])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_combination_of_a_games_fields_over_small_ranges_makes_other_rolls_fair(scheme: str, key: str) -> None:
    outcomes: Counter[str] = Counter()
    grid = GRIDS[scheme]
    for values in itertools.product(*grid.values()):
        # Given the honest game with every structural field set to one value of its range
        request = {**game_of(scheme, key), **dict(zip(grid, values, strict=True))}
        request = {name: value for name, value in request.items() if value is not LEFT_OUT}
        computed = verdict_of(request)
        if computed is None or not computed["rolls"] or computed["rolls"][0]["dice"] is None:
            outcomes["refused"] += 1
            continue
        rolls = [roll["dice"] for roll in computed["rolls"]]
        for recorded in recorded_forms(rolls, computed["rolls"][0]["index"]):
            # When the rolls it computes are sent back recorded, in every form
            verdict = verdict_of(request | {"recorded": recorded})
            outcomes["refused" if verdict is None else verdict["verdict"]] += 1
            if verdict is not None:
                # Then a fair verdict is the honest game of the inputs it names, from its first roll
                assert_honest_if_fair(scheme, verdict, key, rolls, (request, recorded))
    # And the search reached fair games and others: it is not refusing everything
    assert outcomes["fair"] >= 30 and outcomes["incomplete"] >= 15 and outcomes["refused"] >= 5, outcomes


@pytest.mark.parametrize("key", KEYS, ids=[key[:4] for key in KEYS])
def test_no_list_of_up_to_three_bot_labels_makes_other_rolls_fair(key: str) -> None:
    _, roll = seed_001.snippet(key)
    outcomes: Counter[str] = Counter()
    for size in range(1, 4):
        for labels in itertools.product(LABELS, repeat=size):
            # Given any list of labels, and the rolls the key gives them, recorded
            rolls = [roll(label) for label in labels]
            request = {"scheme": "bg-dice-v1", "key": key, "lock": seal_of(bytes.fromhex(key)), "labels": list(labels)}
            verdict = verdict_of(request | {"recorded": rolls})
            outcomes["refused" if verdict is None else verdict["verdict"]] += 1
            if verdict is not None:
                # Then only the honest game's first rolls, with or without its opening, are fair
                assert_honest_if_fair("bg-dice-v1", verdict, key, rolls, labels)
    assert outcomes["fair"] >= 4 and outcomes["incomplete"] >= 40 and outcomes["refused"] >= 2_000, outcomes


def _numbers_near(scheme: str) -> dict[str, list[Any]]:
    """Numbers near the game's own for the fields that take one, as a caller may write them."""
    near = [0, 1, 2, 3, 4, 9_999, "1", "2", 2**63, -1]
    fields = {
        "pair36": ["first", "count"],
        "narde-v1": ["first", "count"],
        "three-dice": ["first", "count"],
        "bg-dice-v1": ["first_turn", "line", "count"],
        "bg-online-v1": ["game", "count"],
    }[scheme]
    return dict.fromkeys(fields, near)


def _levers_of(scheme: str) -> dict[str, list[Any]]:
    _, moved = levers(scheme, KEY)
    pool = {name: list(values) for name, values in moved.items()}
    for name, values in _numbers_near(scheme).items():
        pool.setdefault(name, []).extend(values)
    return pool


POOLS = {scheme: _levers_of(scheme) for scheme in SCHEMES}
SEARCH = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def moved_games(draw: st.DrawFn) -> tuple[str, Request, Request]:
    """A scheme, its honest game of four rolls, and the same with one or two of its fields moved."""
    scheme = draw(st.sampled_from(SCHEMES))
    base, _ = levers(scheme, KEY)
    pool = POOLS[scheme]
    names = draw(st.lists(st.sampled_from(sorted(pool)), min_size=1, max_size=2, unique=True))
    changes = {name: draw(st.sampled_from(pool[name])) for name in names}
    return scheme, base, fitted(base, changes)


def _post(request: Request) -> tuple[int, dict[str, Any]]:
    status, body = _handler(_event("POST", "/verify", json.dumps(request)))
    return int(status), body


@SEARCH
@given(moved_games(), st.booleans(), st.integers(0, 3), st.integers(0, 1))
def test_one_or_two_levers_moved_buy_no_fair_for_rolls_chosen_or_a_paste_that_differs(
    game: tuple[str, Request, Request], own: bool, at: int, die: int
) -> None:
    scheme, base, moved = game
    status, honest = _post(base)
    assert status == 200, honest
    status, computed = _post(moved)
    if status != 200 or not computed["rolls"] or computed["rolls"][0]["dice"] is None:
        event("refused or withheld")
        return
    # Given recorded either the rolls the moved request computes, or the honest game's with one die changed
    if own:
        recorded = [roll["dice"] for roll in computed["rolls"]]
    else:
        recorded = [list(roll["dice"]) for roll in honest["rolls"]]
        recorded[at][die] = recorded[at][die] % 6 + 1
    sent = moved | {"recorded": recorded}
    status, verdict = _post(sent)
    event(f"{status} {verdict.get('verdict')}")
    if status != 200:
        return
    # Then a fair verdict is the honest game of the inputs it names, the rolls recorded
    key = sent.get(REVEALED[scheme]) or sent.get("GameEnded", {}).get("seed")
    assert_honest_if_fair(scheme, verdict, key, recorded, sent)
    # And the request's link, asked by GET /check as JSON and as a page, gets the same verdict, and its page says no
    # more than it (its tab and heading the verdict's word first, "fair" only of a fair one, the rolls it is about)
    linked, _, _ = served(sent, sent)
    assert (linked["verdict"], linked["scope"], linked["rolls"]) == (
        verdict["verdict"],
        verdict["scope"],
        verdict["rolls"],
    )


def test_the_drawn_search_starts_from_games_that_are_fair() -> None:
    """Each honest game the drawn search moves is fair with its own rolls recorded, by the seed documents' code."""
    for scheme in SCHEMES:
        base, _ = levers(scheme, KEY)
        status, verdict = _post(base)
        named = {given["field"]: given["value"] for given in verdict["identified_by"]}
        rolls = honest_game(scheme, named, bytes.fromhex(KEY), 4)
        status, verdict = _post(base | {"recorded": rolls})
        assert (status, verdict["verdict"]) == (200, "fair"), (scheme, verdict)
