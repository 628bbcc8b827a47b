"""The offline verifier page in real Chromium: its scheme scripts against the Python core, and how it looks.

One headless Chromium, driven over DevTools (devtools.py), opens the page from a file, as a player
who saved it would, and runs in it:
- every entry of tests/vectors/vectors.json: seals, HMAC messages, HMACs, dice, labels, winners,
  bg-online-v1's derived key; the streams with the stand-in blocks the vectors list;
- random games of every scheme (seeded): with real HMACs through the page's verdict, and with a
  stand-in MAC that rejects most bytes, so the rare branches (reading on into later blocks,
  pair36's `+` retry) are taken often;
- every vector's link, tracking parameters added to a link, and pasted rolls in every form
  fairdice.recorded reads;
and compares dice, messages and verdicts with the core. Then the page at 390 and 1280 px wide
(fair, mismatch, wrong seal; three-dice's long messages and daily's six faces at 390): a
screenshot of each (under pytest's temporary folder, paths printed with `pytest -s`), no element
wider than the viewport, and no request but the page itself.

The core on this branch does not have issue 11's verdict rules yet (scope, missing apart from
differ, daily at most incomplete without the archive); `issue_11` below states them over the
core's own comparison, and the page is held to that.
"""

import datetime as dt
import json
import random
import shutil
import string
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fairdice.dice import Mac, Rolls
from fairdice.errors import InvalidInput
from fairdice.links import parse_link
from fairdice.models import (
    MAX_ROLLS,
    SCHEMES,
    BgDiceRequest,
    BgOnlineRequest,
    DailyRequest,
    NardeRequest,
    Pair36Request,
    RequestBase,
    ThreeDiceRequest,
    Verdict,
    parse_request,
)
from fairdice.offline import offline_page
from fairdice.recorded import RecordedError, parse_recorded
from fairdice.schemes import bg, daily, narde, pair36, three_dice
from fairdice.schemes.browser import SCRIPTS
from fairdice.seal import seal_of
from fairdice.verdict import verify
from integration.devtools import Browser
from oracles.fake_mac import StreamMac

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed: apt-get install -y chromium (Debian) runs these tests"
)

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "tests" / "vectors" / "vectors.json").read_text(encoding="utf-8"))
TODAY = "2027-06-01"  # the page's clock in these tests: every daily date here is a closed day
KEY = bytes(range(32))
PHONE, DESKTOP = 390, 1280
GAMES_PER_SCHEME = 8

# Test-only helpers, defined in the page by DevTools: they call the page's own functions.
HARNESS = r"""
globalThis.harness = (() => {
  const plain = (value) => JSON.parse(JSON.stringify(value, (k, v) => (typeof v === "bigint" ? v.toString() : v)));
  const caught = (error) => ({
    problems: error.problems || [{ field: error.field || "?", message: String(error.message || error) }],
  });

  function tableMac(blocks, binary) {
    const asked = [];
    const mac = async (message) => {
      const key = binary ? fairdice.hex(message) : new TextDecoder().decode(message);
      asked.push(key);
      if (!(key in blocks)) throw new Error(`no block listed for message ${key}`);
      return fairdice.fromHex(blocks[key]);
    };
    return { mac, asked };
  }

  // tests/oracles/fake_mac.py's StreamMac: SHA-256(salt + message), bytes at or above `cut` moved to 252-255.
  function streamMac(saltHex, cut) {
    const salt = fairdice.fromHex(saltHex);
    return async (message) =>
      (await fairdice.sha256(fairdice.concat(salt, message))).map((b) => (b < cut ? b : 252 + (b % 4)));
  }

  async function keyOf(request) {
    const scheme = fairdice.schemes.get(request.scheme);
    const secret = fairdice.fromHex(request[scheme.secret.field]);
    return scheme.key ? scheme.key(secret, request) : secret;
  }

  async function rolls(data, stand) {
    try {
      const request = fairdice.parse(data);
      const mac = stand ? streamMac(stand.salt, stand.cut) : fairdice.hmac(await keyOf(request));
      return plain({ rolls: await fairdice.rolls(request, mac) });
    } catch (error) {
      return caught(error);
    }
  }

  async function verdict(data, today) {
    try {
      return plain(await fairdice.verify(data, { today }));
    } catch (error) {
      return caught(error);
    }
  }

  async function vector(v, today) {
    const out = { rolls: await rolls(v.request), verdict: await verdict(v.recordedRequest, today) };
    if (v.expected.rolls.length) {
      const request = fairdice.parse(v.request);
      const scheme = fairdice.schemes.get(request.scheme);
      const key = await keyOf(request);
      const mac = fairdice.hmac(key);
      const binary = request.scheme === "three-dice";
      out.hmacs = [];
      for (const roll of v.expected.rolls) {
        out.hmacs.push(fairdice.hex(await mac(binary ? fairdice.fromHex(roll.message) : fairdice.text(roll.message))));
      }
      if (scheme.keyMessage) out.key = { message: scheme.keyMessage(request), key: fairdice.hex(key) };
    }
    return out;
  }

  async function stream(s, scheme) {
    const { mac, asked } = tableMac(s.blocks, scheme === "three-dice");
    try {
      const roll = await fairdice.schemes.get(scheme).roll(mac, s.inputs);
      return plain({ roll, asked });
    } catch (error) {
      return caught(error);
    }
  }

  function recorded(text, sides) {
    try {
      return { rolls: fairdice.readRecorded(text, sides) };
    } catch (error) {
      return { refused: error.message };
    }
  }

  async function link(text, today) {
    try {
      const data = fairdice.fromLink(text);
      return { data, rolls: await rolls(data) };
    } catch (error) {
      return caught(error);
    }
  }

  const all = (items, f) => Promise.all(items.map(f));
  return { rolls, verdict, vector, stream, recorded, link, all };
})();
true
"""

OVERFLOW = r"""
(() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const node of document.querySelectorAll("body *")) {
    const box = node.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      const name = `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""} ${node.className}`;
      wide.push(`${name}: ${Math.round(box.left)} to ${Math.round(box.right)}`);
    }
  }
  return { width, scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 10) };
})()
"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline page saved to disk, as a player would save it."""
    path = tmp_path_factory.mktemp("offline-page") / "verifier.html"
    path.write_text(offline_page(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, page: Path) -> Iterator[Browser]:
    """One headless Chromium for the module, on the page with the test helpers loaded."""
    chromium = Browser(CHROMIUM or "chromium", tmp_path_factory.mktemp("chromium-profile"))
    try:
        chromium.open(page.as_uri(), DESKTOP)
        chromium.wait_for("document.body.dataset.state === 'ready'")
        chromium.evaluate(HARNESS)
        yield chromium
    finally:
        chromium.close()


def run(browser: Browser, function: str, items: list[Any], *extra: Any) -> list[Any]:
    """`harness.<function>(item, *extra)` for every item, side by side in the page."""
    arguments = "".join(f", {json.dumps(value)}" for value in extra)
    result: list[Any] = browser.evaluate(f"harness.all({json.dumps(items)}, (x) => harness.{function}(x{arguments}))")
    return result


# ---- what the core says, under issue 11's rules -------------------------------------------------


def scope_of(request: RequestBase) -> str:
    """game, window or take_back, as the design note's structure per scheme has it."""
    match request:
        case Pair36Request():
            return "window" if request.first > 1 else "game"
        case NardeRequest() | ThreeDiceRequest():
            return "window" if request.first > 0 else "game"
        case BgDiceRequest():
            if request.line:
                return "take_back"
            start = 2 if request.opening else 1
            return "window" if request.first_turn not in (None, start) else "game"
        case BgOnlineRequest():
            return "window" if request.game == 1 and not request.has_opening else "game"
    return "game"


def issue_11(request: RequestBase, core: Verdict) -> dict[str, Any]:
    """The verdict and counts issue 11's rules give over the core's own roll-by-roll comparison."""
    if core.verdict == "withheld":
        return {"verdict": "withheld"}
    reports = core.rolls
    recorded = request.recorded is not None
    differ = sum(1 for r in reports if r["dice"] is not None and r["recorded"] is not None and not r["matches"])
    missing = sum(1 for r in reports if recorded and r["dice"] is not None and r["recorded"] is None)
    extra = sum(1 for r in reports if r["dice"] is None)
    scope = scope_of(request)
    if core.checks.seal == "mismatch" or differ or extra:
        outcome = "mismatch"
    elif (
        core.checks.seal == "not_given"
        or not recorded
        or missing
        or scope != "game"
        or isinstance(request, DailyRequest)  # offline: no archive shows when the commitment was published
    ):
        outcome = "incomplete"
    else:
        outcome = "fair"
    first = next(
        (r["index"] for r in reports if r["dice"] is None or (r["recorded"] is not None and not r["matches"])), None
    )
    return {
        "verdict": outcome,
        "scope": scope,
        "summary": {
            "count": core.summary.count,
            "compared": core.summary.compared,
            "differ": differ,
            "missing": missing,
            "extra": extra,
            "mismatches": differ + extra,
            "first_mismatch": None if first is None else str(first),
        },
    }


def rows(rolls: Any) -> list[tuple[str, str | None, list[int] | None]]:
    return [(str(r.number), r.message, list(r.dice)) for r in rolls]


def js_rows(rolls: list[dict[str, Any]]) -> list[tuple[str, str | None, list[int] | None]]:
    return [(r["index"], r["message"], r["dice"]) for r in rolls]


def assert_same_verdict(js: dict[str, Any], request: RequestBase, core: Verdict) -> None:
    expected = issue_11(request, core)
    assert "problems" not in js, js
    assert js["verdict"] == expected["verdict"]
    if expected["verdict"] == "withheld":
        return
    assert js["scope"]["kind"] == expected["scope"]
    assert js["summary"] == expected["summary"]
    assert js["checks"]["seal"] == core.checks.seal
    assert js["seal"] == {"given": core.seal.given, "computed": core.seal.computed}
    assert [(r["index"], r["message"], r["dice"], r["recorded"]) for r in js["rolls"]] == [
        (str(r["index"]), r["message"], r["dice"], r["recorded"]) for r in core.rolls
    ]
    assert [r.get("label") for r in js["rolls"]] == [r.get("label") for r in core.rolls]
    assert [r.get("winner") for r in js["rolls"]] == [r.get("winner") for r in core.rolls]
    assert (js["verdict"] == "fair") == (js["reasons"] == [])


# ---- the test vectors -------------------------------------------------------------------------------


def test_the_page_registers_every_scheme_the_core_knows_from_the_files_listed_for_it(browser: Browser) -> None:
    assert browser.evaluate("[...fairdice.schemes.keys()]") == list(SCRIPTS) == list(SCHEMES)


def test_every_test_vector_gives_the_same_seal_messages_hmacs_dice_and_verdict_in_the_browser(browser: Browser) -> None:
    cases = []
    for vector in VECTORS["vectors"]:
        with_rolls = dict(vector["request"])
        if vector["expected"]["rolls"]:
            with_rolls["recorded"] = [roll["dice"] for roll in vector["expected"]["rolls"]]
        cases.append({**vector, "recordedRequest": with_rolls})

    results = run(browser, "vector", cases, TODAY)

    for case, js in zip(cases, results, strict=True):
        expected = case["expected"]
        core = verify(parse_request(case["recordedRequest"]))
        if not expected["rolls"]:  # three-dice's withheld mirror pair
            assert js["verdict"]["verdict"] == core.verdict == "withheld", case["name"]
            continue
        assert js["rolls"]["rolls"] == [
            {
                "index": str(roll["index"]),
                "message": roll["message"],
                "dice": roll["dice"],
                **{k: roll[k] for k in ("label", "winner") if k in roll},
            }
            for roll in expected["rolls"]
        ], case["name"]
        assert js["hmacs"] == [roll["hmac"] for roll in expected["rolls"]], case["name"]
        if "key" in expected:
            assert js["key"] == {"message": expected["key_message"], "key": expected["key"]}
        if "labels" in case["request"]:
            # Seed 001's example by labels puts turn:1 after the opening roll, which no game does (issue 11).
            assert js["verdict"]["problems"] == [
                {
                    "field": "labels[1]",
                    "message": "bg-dice-v1:turn:1 cannot follow bg-dice-v1:opening:0: after an opening roll"
                    " that did not tie comes turn:2 (its winner plays it as turn 1)",
                }
            ]
            continue
        assert js["verdict"]["seal"]["computed"] == expected["seal"]
        assert_same_verdict(js["verdict"], parse_request(case["recordedRequest"]), core)


def test_every_stream_gives_its_dice_from_exactly_the_blocks_it_lists(browser: Browser) -> None:
    schemes = {"pair36": "pair36", "bg-dice-v1": "bg-dice-v1", "narde-v1": "narde-v1"}
    schemes |= {"three-dice": "three-dice", "daily": "daily"}
    streams = VECTORS["streams"]
    names = [next(s for prefix, s in schemes.items() if stream["name"].startswith(prefix)) for stream in streams]
    results = browser.evaluate(
        f"Promise.all({json.dumps(streams)}.map((s, at) => harness.stream(s, {json.dumps(names)}[at])))"
    )
    assert len(results) == len(streams) == 5
    for stream, js in zip(streams, results, strict=True):
        assert {"message": js["roll"]["message"], "dice": js["roll"]["dice"]} == stream["expected"], stream["name"]
        assert sorted(js["asked"]) == sorted(stream["blocks"]), stream["name"]


# ---- random games -----------------------------------------------------------------------------------


def _text(rng: random.Random, alphabet: str, low: int, high: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(low, high)))


_SEAT = string.ascii_letters + string.digits + "_-"
_WORDS = string.ascii_letters + " |:-Ωé長夜黒🎲♔"


def _game(rng: random.Random, scheme: str, n: int) -> dict[str, Any]:
    count = rng.randint(1, 24)
    secret = rng.randbytes(rng.choice((16, 32, 64)))
    match scheme:
        case "pair36":
            first = rng.choice((1, 1, 1, rng.randint(2, 10**6), 2**53 - rng.randint(0, 3)))
            seats = [_text(rng, _SEAT, 1, 32) for _ in range(rng.randint(1, 4))]
            return {
                "scheme": scheme,
                "server_seed": secret.hex(),
                "client_seeds": seats,
                "first": first,
                "count": count,
            }
        case "bg-dice-v1":
            data: dict[str, Any] = {"scheme": scheme, "key": secret.hex(), "opening": rng.random() < 0.7}
            data["line"] = rng.choice((0, 0, 0, rng.randint(1, 3)))
            if rng.random() < 0.3:
                data["first_turn"] = rng.randint(1, 40)
            return data | {"count": count}
        case "bg-online-v1":
            game = rng.choice((1, 1, 2, 3))
            apps = [_text(rng, "0123456789abcdefABCDEF", 1, 40) for _ in range(2)]
            data = {"scheme": scheme, "server_number": secret.hex(), "app_numbers": apps, "game": game, "count": count}
            if game == 1 and rng.random() < 0.3:
                data["opening"] = False
            return data
        case "narde-v1":
            first = rng.choice((0, 0, 0, rng.randint(1, 10**6), 2**53 - rng.randint(0, 3)))
            return {
                "scheme": scheme,
                "key": secret.hex(),
                "phrase": _text(rng, _WORDS, 1, 24),
                "first": first,
                "count": count,
            }
        case "three-dice":
            if n == 0:  # a ladder mirror pair's game, its reveal withheld
                return {"scheme": scheme, "seed": None, "client_seeds": None, "commit": seal_of(secret)}
            seats = {"white": _text(rng, _WORDS, 1, 20), "black": _text(rng, _WORDS, 1, 20)}
            first = rng.choice((0, 0, 0, rng.randint(1, 10**6)))
            return {"scheme": scheme, "seed": secret.hex(), "client_seeds": seats, "first": first, "count": count}
    day = dt.date(2020, 1, 1) + dt.timedelta(days=rng.randint(0, 2500))
    player = uuid.UUID(bytes=rng.randbytes(16), version=4)
    shown = rng.choice((str(player), str(player).upper(), player.hex))
    return {"scheme": "daily", "date": day.isoformat(), "player_id": shown, "secret": rng.randbytes(32).hex()}


def _written(rng: random.Random, rolls: list[list[int]]) -> object:
    """Recorded rolls written the ways people paste them."""
    style = rng.choice(("dash", "digits", "numbered", "list", "link"))
    if max(max(r) for r in rolls) > 9 or len(rolls[0]) > 3:
        return rng.choice((" ".join(map(str, rolls[0])), rolls[0], "-".join(map(str, rolls[0]))))
    match style:
        case "dash":
            return " ".join("-".join(map(str, r)) for r in rolls)
        case "digits":
            return " ".join("".join(map(str, r)) for r in rolls)
        case "numbered":
            return "\n".join(f"{n}: {'-'.join(map(str, r))}" for n, r in enumerate(rolls, start=1))
        case "list":
            return rolls
    return "".join(str(face) for r in rolls for face in r)


def _recorded(rng: random.Random, data: dict[str, Any], sides: tuple[int, ...]) -> dict[str, Any]:
    """The game's own rolls, then perhaps one changed, the last ones missing or one too many; and a seal."""
    model = SCHEMES[data["scheme"]]
    if data.get(model.REVEALED_FIELD) is None:
        return data
    dice = [r["dice"] for r in verify(parse_request(data)).rolls]
    change = rng.choice(("exact", "exact", "differs", "missing", "extra", "none"))
    if change == "differs":
        at, die = rng.randrange(len(dice)), rng.randrange(len(sides))
        dice[at] = [*dice[at]]
        dice[at][die] = dice[at][die] % sides[die] + 1
    elif change == "missing" and len(dice) > 1:
        dice = dice[: rng.randrange(1, len(dice))]
    elif change == "extra" and "count" in data:
        dice = [*dice, [1] * len(sides)]
    if change != "none":
        data = data | {"recorded": _written(rng, dice)}
        if change == "exact" and rng.random() < 0.5:
            data.pop("count", None)
    seal = rng.choice(("right", "right", "none", "wrong"))
    secret = bytes.fromhex(data[model.REVEALED_FIELD])
    if seal != "none":
        data[model.SEAL_FIELD] = seal_of(secret if seal == "right" else secret[::-1] + b"x")
    return data


def random_games(seed: int = 14) -> list[dict[str, Any]]:
    """GAMES_PER_SCHEME seeded random games of every scheme, as verify requests."""
    rng = random.Random(seed)
    return [
        _recorded(rng, _game(rng, scheme, n), model.SIDES)
        for scheme, model in SCHEMES.items()
        for n in range(GAMES_PER_SCHEME)
    ]


def core_rolls(request: RequestBase, mac: Mac) -> Rolls:
    """The core's rolls for a request, from any MAC (recompute keys a real HMAC itself)."""
    match request:
        case Pair36Request():
            return pair36.rolls(mac, request.client_seeds, request.first, request.roll_count)
        case BgDiceRequest():
            return bg.bot_rolls(mac, request.opening, request.first_turn, request.line, request.roll_count)
        case BgOnlineRequest():
            return bg.online_rolls(mac, request.game, request.has_opening, request.roll_count)
        case NardeRequest():
            return narde.rolls(mac, request.phrase, request.first, request.roll_count)
        case ThreeDiceRequest() if request.client_seeds is not None:
            seats = request.client_seeds
            return three_dice.rolls(mac, seats.white, seats.black, request.first, request.roll_count)
        case DailyRequest():
            return daily.rolls(mac, request.date, [request.player_id])
    raise AssertionError(f"no rolls for {request!r}")


def test_random_games_of_every_scheme_get_the_same_rolls_and_verdicts_in_the_browser(browser: Browser) -> None:
    games = random_games()

    results = run(browser, "verdict", games, TODAY)

    rolls = 0
    outcomes = set()
    for data, js in zip(games, results, strict=True):
        request = parse_request(data)
        core = verify(request)
        assert_same_verdict(js, request, core)
        rolls += len(core.rolls)
        outcomes.add((data["scheme"], js["verdict"]))
    print(f"\n{len(games)} random games, {rolls} rolls, the same in the browser and the core")
    assert rolls >= 300
    assert {outcome for _, outcome in outcomes} == {"fair", "mismatch", "incomplete", "withheld"}


def test_random_games_read_the_same_dice_from_a_stand_in_mac_that_rejects_most_bytes(browser: Browser) -> None:
    # Given MAC blocks with few usable bytes: rolls read on into later blocks, pair36 retries with `+`
    rng = random.Random(1400)
    games = [data for data in random_games(seed=15) if data.get(SCHEMES[data["scheme"]].REVEALED_FIELD)]
    stands = [{"salt": rng.randbytes(4).hex(), "cut": rng.choice((3, 8, 24, 64))} for _ in games]

    results = browser.evaluate(
        f"Promise.all({json.dumps(games)}.map((g, at) => harness.rolls(g, {json.dumps(stands)}[at])))"
    )

    messages = 0
    for data, stand, js in zip(games, stands, results, strict=True):
        mac = StreamMac(bytes.fromhex(stand["salt"]), stand["cut"])
        expected = core_rolls(parse_request(data), mac)
        assert js_rows(js["rolls"]) == rows(expected), data
        messages += len(mac.messages)
    print(f"\n{len(games)} games on stand-in MACs: {messages} MAC blocks asked for by the core")
    assert any("+" in r["message"] for js in results for r in js["rolls"])  # pair36's retry was taken


# ---- links and pasted rolls ----------------------------------------------------------------------------


def test_every_vector_link_gives_the_same_rolls_in_the_browser(browser: Browser) -> None:
    links = [vector["link"] for vector in VECTORS["vectors"]]
    # A mail client's tracking parameters are not part of the game.
    links += [links[0] + "&utm_source=mail&utm_medium=email", links[11] + "&fbclid=abc"]

    results = run(browser, "link", links, TODAY)

    for link, js in zip(links, results, strict=True):
        core = verify(parse_link(link.split("&utm_")[0].split("&fbclid")[0]))
        assert js["data"]["scheme"] == core.scheme
        if core.verdict == "withheld":
            assert js["rolls"]["problems"], "a withheld game has no secret to recompute with"
            continue
        assert js_rows(js["rolls"]["rolls"]) == [(str(r["index"]), r["message"], r["dice"]) for r in core.rolls]


def test_a_link_with_a_parameter_its_scheme_does_not_take_is_refused_naming_that_parameter(browser: Browser) -> None:
    link = VECTORS["vectors"][11]["link"] + "&seal=630d"
    with pytest.raises(InvalidInput) as core:
        parse_link(link)

    js = run(browser, "link", [link])[0]

    assert js["problems"][0]["field"] == core.value.field == "seal"
    takes = js["problems"][0]["message"].split("it takes ")[1]
    assert set(takes.split(", ")) == set(core.value.message.split("it takes ")[1].split(", "))


PASTED = [
    ("6-3 4-4", (6, 6)),
    ("63 44", (6, 6)),
    ("6344", (6, 6)),
    ("1: 6-3\n2: 4-4\n3. 1-2\n#4) 5-5", (6, 6)),
    ("6/3, 4x4; 5×1 2–2", (6, 6)),
    ("[[6, 3], [4, 4]]", (6, 6)),
    ('["63", "4-4"]', (6, 6)),
    ("  \n ", (6, 6)),
    ("6-3-1 4-4-4", (6, 6, 6)),
    ("631444", (6, 6, 6)),
    ("3 5 7 10 12 20", (4, 6, 8, 10, 12, 20)),
    ("3-5-7-10-12-20", (4, 6, 8, 10, 12, 20)),
    ("[3, 5, 7, 10, 12, 20]", (4, 6, 8, 10, 12, 20)),
    ("7-3", (6, 6)),
    ("634", (6, 6)),
    ("6-3-2", (6, 6)),
    ("six three", (6, 6)),
    ("[[6, 3]", (6, 6)),
    ("3 5 7 10 12 21", (4, 6, 8, 10, 12, 20)),
    ("3 5 7 10 12", (4, 6, 8, 10, 12, 20)),
    ("٦-٣", (6, 6)),
    ("١: 6-3", (6, 6)),
    ("6-3\u00a04-4\u20035-5\u30001-1", (6, 6)),
    ("6-3\x1c4-4\x855-5\u2028 1-1", (6, 6)),
    ("6-3\ufeff4-4", (6, 6)),
]


def _pasted_at_random(rng: random.Random) -> str:
    pieces = ["6", "3", "1", "0", "7", "-", "/", "x", " ", "\n", ",", ";", ":", ".", ")", "#", "12", "\u00a0", "٣"]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))


def test_pasted_rolls_are_read_or_refused_as_the_core_reads_them(browser: Browser) -> None:
    rng = random.Random(6344)
    cases = PASTED + [(_pasted_at_random(rng), (6, 6)) for _ in range(300)]

    results = browser.evaluate(
        f"{json.dumps([[text, list(sides)] for text, sides in cases])}.map(([t, s]) => harness.recorded(t, s))"
    )

    for (text, sides), js in zip(cases, results, strict=True):
        try:
            expected: list[list[int]] | None = [list(roll) for roll in parse_recorded(text, sides)] or None
        except RecordedError:
            assert "refused" in js, f"{text!r}: the core refuses it, the page reads {js}"
            continue
        assert js == {"rolls": expected}, repr(text)


# ---- the page as a player sees it ----------------------------------------------------------------------


def _pair36_link(*, seal: bytes = KEY, change_roll: int | None = None) -> str:
    """Seed 000's game-over link for 12 rolls of the seeds' example key, as recorded (one roll changed)."""
    game = {"scheme": "pair36", "server_seed": KEY.hex(), "client_seeds": ["a", "b"], "count": 12}
    dice = [r["dice"] or [] for r in verify(parse_request(game)).rolls]
    if change_roll is not None:
        dice[change_roll] = [dice[change_roll][0], dice[change_roll][1] % 6 + 1]
    digits = "".join(str(face) for roll in dice for face in roll)
    return f"?seed={KEY.hex()}&seal={seal_of(seal)}&client=a,b&n=12&rolls={digits}"


def _vector_link(name: str, *, with_rolls: bool = False) -> str:
    """A test vector's link as the page's query; with its own rolls recorded, when asked."""
    vector = next(v for v in VECTORS["vectors"] if v["name"] == name)
    query: str = vector["link"].removeprefix("/check/")
    if with_rolls:
        query += "&rolls=" + ",".join("-".join(map(str, r["dice"])) for r in vector["expected"]["rolls"])
    return query


STATES = {
    "fair": (
        _pair36_link(),
        "fair",
        "The server seed matches the seal shown before the game, and all 12 recorded rolls are the ones it gives.",
    ),
    "mismatch": (_pair36_link(change_roll=4), "mismatch", "1 roll differs from the recorded one (roll 5)."),
    "wrong-seal": (
        _pair36_link(seal=KEY[::-1]),
        "mismatch",
        "The server seed does not give the seal shown before the game.",
    ),
}


def _open(browser: Browser, page: Path, query: str, width: int) -> dict[str, Any]:
    """Open the saved page with a link's query; what it says and how wide it is once checked."""
    browser.open(page.as_uri() + query, width)
    browser.wait_for("['done', 'problem'].includes(document.body.dataset.state)")
    measured: dict[str, Any] = browser.evaluate(OVERFLOW)
    measured["text"] = browser.evaluate("document.getElementById('result').innerText")
    measured["verdict"] = browser.evaluate("document.body.dataset.verdict || null")
    return measured


def _screenshot(browser: Browser, folder: pytest.TempPathFactory, name: str) -> None:
    print(f"\nscreenshot: {browser.screenshot(folder.mktemp('screenshots') / f'offline-{name}.png')}")


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
@pytest.mark.parametrize("state", list(STATES))
def test_the_page_opened_with_a_game_over_link_says_the_verdict_and_fits_the_screen(
    browser: Browser, page: Path, tmp_path_factory: pytest.TempPathFactory, state: str, width: int
) -> None:
    query, verdict, sentence = STATES[state]
    # Given the page saved to disk, opened with a game-over link's query
    measured = _open(browser, page, query, width)

    # Then it checked at once, said the verdict in words, and nothing is wider than the screen
    assert measured["verdict"] == verdict
    assert sentence in measured["text"]
    assert measured["scrollWidth"] <= measured["width"] == width
    assert measured["wide"] == []
    _screenshot(browser, tmp_path_factory, f"{state}-{width}")


@pytest.mark.parametrize("vector", ["three-dice-unicode-seeds", "daily-2026-10-28", "bg-dice-v1-opening-ties"])
def test_long_messages_six_faces_and_opening_winners_fit_a_phone(
    browser: Browser, page: Path, tmp_path_factory: pytest.TempPathFactory, vector: str
) -> None:
    measured = _open(browser, page, _vector_link(vector, with_rolls=True), PHONE)
    assert measured["wide"] == [] and measured["scrollWidth"] <= PHONE, measured
    _screenshot(browser, tmp_path_factory, f"{vector}-{PHONE}")


def test_roll_numbers_past_2_to_the_53_are_exact_and_fit_a_phone(browser: Browser, page: Path) -> None:
    # Given pair36 rolls numbered from 2^53, where a JavaScript number would lose the last digit
    query = f"?seed={KEY.hex()}&client=a,b&first={2**53}&n=3"
    core = verify(parse_link(query))

    measured = _open(browser, page, query, PHONE)

    assert measured["wide"] == [] and measured["scrollWidth"] <= PHONE, measured
    for report in core.rolls:
        assert f"a:b:{report['index']}\t{'-'.join(map(str, report['dice'] or []))}" in measured["text"]


def test_daily_says_offline_it_cannot_see_when_the_commitment_was_published(browser: Browser, page: Path) -> None:
    measured = _open(browser, page, _vector_link("daily-2026-10-28", with_rolls=True), PHONE)
    assert measured["verdict"] == "incomplete"
    assert "This page cannot see when the day’s commitment was published" in measured["text"]


def test_a_window_of_a_game_is_answered_but_never_called_fair(browser: Browser, page: Path) -> None:
    # Given narde-v1's rolls 58 to 60, recorded right, with the right fingerprint
    measured = _open(browser, page, _vector_link("narde-v1-unicode-phrase-from-roll-58", with_rolls=True), PHONE)
    assert measured["verdict"] == "incomplete"
    assert "Only rolls 58 to 60 were checked: the game’s rolls from roll 0" in measured["text"]


def test_the_saved_page_asks_for_nothing_but_itself(browser: Browser, page: Path) -> None:
    browser.page("Network.enable")
    try:
        _open(browser, page, _pair36_link(), PHONE)
        asked = {
            e["params"]["request"]["url"].split("?")[0]
            for e in browser.events
            if e.get("method") == "Network.requestWillBeSent"
        }
    finally:
        browser.page("Network.disable")
    assert asked == {page.as_uri()}


def test_a_field_the_page_cannot_read_is_named_in_the_forms_words_and_the_links(browser: Browser, page: Path) -> None:
    measured = _open(browser, page, "?seed=12zz&client=a,b&n=3", PHONE)
    assert measured["verdict"] is None
    assert "Server seed (the link’s seed): a secret must be hex digits (0-9, a-f)" in measured["text"]


def test_a_player_who_types_seed_002s_example_into_the_form_gets_fair(browser: Browser, page: Path) -> None:
    # Given the page opened without a link, and narde-v1's form filled as seed 002's test example
    browser.open(page.as_uri(), PHONE)
    browser.wait_for("document.body.dataset.state === 'ready'")
    fields = {
        "key": KEY.hex(),
        "fingerprint": seal_of(KEY),
        "phrase": "test",
        "recorded": "0: 1-5\n1: 4-6\n2: 3-4",
    }
    browser.evaluate(
        "(() => { const s = document.getElementById('scheme'); s.value = 'narde-v1';"
        " s.dispatchEvent(new Event('change'));"
        f" const f = document.querySelector('form[data-scheme=\"narde-v1\"]'); const v = {json.dumps(fields)};"
        " for (const [name, value] of Object.entries(v)) f.elements[name].value = value;"
        " f.querySelector('button[type=submit]').click(); })()"
    )

    # When it is checked, then the verdict is fair, in the seed's words
    browser.wait_for("document.body.dataset.state === 'done'")
    text = browser.evaluate("document.getElementById('result').innerText")
    assert browser.evaluate("document.body.dataset.verdict") == "fair"
    assert (
        "The key matches the fingerprint shown before the game, and all 3 recorded rolls are the ones it gives." in text
    )


def test_without_a_number_of_rolls_or_the_rolls_the_page_lists_the_first_60(browser: Browser, page: Path) -> None:
    measured = _open(browser, page, f"?scheme=bg-dice-v1&key={KEY.hex()}", PHONE)
    assert measured["verdict"] == "incomplete"
    assert "No number of rolls and no rolls were given, so the first 60 are listed." in measured["text"]
    assert browser.evaluate("document.querySelectorAll('#result tbody tr').length") == 60


def test_a_mirror_pairs_game_and_a_day_not_over_are_not_yet_verifiable(browser: Browser, page: Path) -> None:
    measured = _open(browser, page, f"?scheme=three-dice&commit={seal_of(KEY)}", PHONE)
    assert measured["verdict"] == "withheld"
    assert "until both games of its mirror pair have ended" in measured["text"]
    player = "00000000-0000-4000-8000-000000000000"
    measured = _open(browser, page, f"?scheme=daily&date=2999-01-01&player={player}&secret={KEY.hex()}", PHONE)
    assert measured["verdict"] == "withheld"
    assert "The secret of 2999-01-01 is published once that day is over in UTC." in measured["text"]


def test_a_game_at_the_roll_cap_is_recomputed_whole_in_the_page(browser: Browser, page: Path) -> None:
    started = time.monotonic()
    measured = _open(browser, page, f"?scheme=narde-v1&key={KEY.hex()}&phrase=long&n={MAX_ROLLS}", DESKTOP)
    print(f"\n{MAX_ROLLS} narde-v1 rolls recomputed and listed by the page in {time.monotonic() - started:.1f} s")
    assert measured["verdict"] == "incomplete"
    # The first 500 rows are listed at once, the rest on a tap: a phone lays out 10,000 rows in seconds.
    assert browser.evaluate("document.querySelectorAll('#result tbody tr').length") == 500
    browser.evaluate("document.getElementById('all-rolls').click()")
    assert browser.evaluate("document.querySelectorAll('#result tbody tr').length") == MAX_ROLLS
    last = browser.evaluate("document.querySelector('#result tbody tr:last-child').innerText")
    assert f"narde-v1|long|{MAX_ROLLS - 1}" in last


def test_a_link_fills_the_form_with_its_values_and_leaves_the_rest_at_the_forms_defaults(
    browser: Browser, page: Path
) -> None:
    values = "(s) => Object.fromEntries([...document.querySelector(`form[data-scheme='${s}']`).elements]"
    values += ".filter((e) => e.name).map((e) => [e.name, e.value]))"
    later = next(v for v in VECTORS["vectors"] if v["name"] == "bg-dice-v1-later-game-of-a-match")

    _open(browser, page, _vector_link(later["name"]), PHONE)
    form = browser.evaluate(f"({values})('bg-dice-v1')")
    assert form["key"] == later["request"]["key"] and form["opening"] == "0" and form["count"] == "4"

    _open(browser, page, _vector_link("narde-v1-seed-example"), PHONE)
    assert browser.evaluate("document.getElementById('scheme').value") == "narde-v1"
    _open(browser, page, _vector_link("bg-dice-v1-seed-example"), PHONE)
    form = browser.evaluate(f"({values})('bg-dice-v1')")
    assert form["opening"] == "1" and form["line"] == "" and form["recorded"] == ""


def test_a_link_with_8_of_12_rolls_says_the_last_4_were_not_recorded_not_that_they_differ(
    browser: Browser, page: Path
) -> None:
    query = _pair36_link()
    cut = query[: query.index("&rolls=") + len("&rolls=") + 16]  # 8 rolls of two digits

    measured = _open(browser, page, cut, PHONE)

    assert measured["verdict"] == "incomplete"
    assert "Rolls 9 to 12 were not recorded, so they were not compared." in measured["text"]
    assert "12 rolls computed, 8 compared, 0 differ, 4 not recorded." in measured["text"]


def test_rolls_on_a_take_back_line_are_compared_but_never_called_fair(browser: Browser, page: Path) -> None:
    measured = _open(browser, page, _vector_link("bg-dice-v1-take-back-line", with_rolls=True), PHONE)
    assert measured["verdict"] == "incomplete"
    assert "These rolls are on take-back line 1: the rolls taken back are not here" in measured["text"]
