"""No value of the fields added since the first searcher buys a `fair`, searched at random and at their edges.

tests/security/test_verdicts_cannot_be_bought.py moves each field through a list of spellings written out by hand.
This searcher draws the values instead (Hypothesis, a bounded number of examples a scheme): bg-dice-v1's `opening`,
left out or answered in any spelling, beside labels that start at a roll-off, at turn 1, mid-game or on a take-back
line and go on by the next turn, a turn again, a skip, a step back, a fresh line or a roll-off again; `first_turn` and
`line` at and past their bounds; a numbered scheme's `first` beside a paste numbered from anywhere, counting up,
skipping or repeating a number, with a word, `#`, a colon or bare digits (`12 3 4`); and bg-online-v1's game, opening
and apps' numbers. The operator holds the key: for each request it has the API compute the rolls, and sends back
recorded those rolls, and the rolls it wants instead (a 6-6 first, or the game's rolls one place on), through POST
/verify's handler, a link written by hand to GET /check (its spaces as %20 and as +), and `fairdice verify`. A daily
roll's date (a day around the archive's one closed day, in any spelling), player id, secret and commitment are drawn
too, and verified by the core against that archive, as a request and as a link. Whatever comes back fair must be the
honest game of the inputs the verdict names, from its first roll, recomputed by the seed documents' own code.
"""

import contextlib
import datetime as dt
import io
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from fairdice import cli
from fairdice.errors import InvalidInput, UnknownDay
from fairdice.links import parse_link
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from security.test_verdicts_cannot_be_bought import (
    KEYS,
    LEFT_OUT,
    PLAYER,
    SHEETS,
    YES_NO,
    ClosedDay,
    Request,
    _event,
    _handler,
    _stdin,
    assert_honest_if_fair,
    changed,
    sheet,
    via_link,
    written_link,
)
from testkit.oracles import seed_004

EXAMPLES = 200  # requests drawn a test: each is sent with up to six recordings through the four CHANNELS
SEARCH = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOT = "bg-dice-v1"


def verdict_by_post(request: Request) -> dict[str, Any] | None:
    status, body = _handler(_event("POST", "/verify", json.dumps(request)))
    return body if status == 200 else None


def verdict_by_link(request: Request, plus: bool = False) -> dict[str, Any] | None:
    """The request as a link's query written by hand (spaces as %20, or as + where `plus`), sent to GET /check."""
    query = written_link(request["scheme"], request)
    if query is None:
        return None
    status, body = via_link(query.replace("%20", "+") if plus else query)
    return body if status == 200 else None


def verdict_by_cli(request: Request) -> dict[str, Any] | None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), _stdin(json.dumps(request)):
        cli.main(["verify", "-"])
    return json.loads(out.getvalue()) if out.getvalue() else None


CHANNELS: dict[str, Callable[[Request], dict[str, Any] | None]] = {
    "POST /verify": verdict_by_post,
    "GET /check": verdict_by_link,
    "GET /check, spaces as +": lambda request: verdict_by_link(request, plus=True),
    "fairdice verify": verdict_by_cli,
}


SEEN: Counter[str] = Counter()  # what the search running now has seen, as its statistics name it (`event`)
REACHED = 10  # verdicts of each kind a search must reach through each channel: a run of 200 reaches 40 or more


def seen(outcome: str) -> None:
    event(outcome)
    SEEN[outcome] += 1


def assert_search_reaches_fair_and_not(search: Callable[[], None], channels: list[str]) -> None:
    """Run `search` (a Hypothesis search): it must reach, through each channel, verdicts that are fair and verdicts that
    are not, or a change that refused every request, or never came back fair, would leave it asserting nothing."""
    SEEN.clear()
    search()
    for name in channels:
        assert SEEN[f"{name}: fair"] >= REACHED and SEEN[f"{name}: mismatch"] >= REACHED, SEEN


def computed(request: Request) -> tuple[list[list[int]], int] | None:
    """The rolls POST /verify computes for a request and the index of its first (None: refused, or nothing computed)."""
    verdict = verdict_by_post(request)
    if verdict is None or not verdict["rolls"] or verdict["rolls"][0]["dice"] is None:
        seen("refused, or nothing computed")
        return None
    return [roll["dice"] for roll in verdict["rolls"]], verdict["rolls"][0]["index"]


def recordings(rolls: list[list[int]], first: int, numbering: int) -> list[tuple[Any, list[list[int]]]]:
    """What the operator sends recorded, with the rolls that says: the rolls computed (as a list, as dashes, and as a
    sheet numbered from their index and from `numbering`), a 6-6 in place of the first, and the rolls one place on."""
    dashes = " ".join("-".join(map(str, roll)) for roll in rolls)
    wanted = [[6] * len(rolls[0]), *rolls[1:]]
    sent: list[tuple[Any, list[list[int]]]] = [
        (rolls, rolls),
        (dashes, rolls),
        (sheet(rolls, first, SHEETS[0]), rolls),
        (sheet(rolls, numbering, SHEETS[numbering % len(SHEETS)]), rolls),
        (wanted, wanted),
    ]
    if len(rolls) > 1:
        sent.append((rolls[1:], rolls[1:]))
    return sent


def assert_no_fair_but_the_honest_game(request: Request, numbering: int) -> None:
    """Every recording of the request's computed rolls, through every channel: a fair verdict is the honest game."""
    found = computed(request)
    if found is None:
        return
    rolls, first = found
    key = request.get("key") or request.get("server_seed") or request.get("seed") or request.get("server_number")
    for recorded, says in recordings(rolls, first, numbering):
        sent = request | {"recorded": recorded}
        for name, channel in CHANNELS.items():
            verdict = channel(sent)
            seen(f"{name}: {verdict['verdict'] if verdict else 'refused'}")
            if verdict is not None:
                assert_honest_if_fair(request["scheme"], verdict, str(key), says, (name, sent))


# ---- bg-dice-v1: opening, first_turn, line and labels ---------------------------------------------------------------


def _label(opening: int | None, turn: int, line: int) -> str:
    if opening is not None:
        return f"{BOT}:opening:{opening}"
    return f"{BOT}:turn:{turn}" + (f":line:{line}" if line else "")


STEPS = ("next", "next", "next", "again", "skip", "back", "fresh line", "roll-off", "turn 1", "turn 2")


@st.composite
def bot_labels(draw: st.DrawFn) -> list[str]:
    """Labels that start at a roll-off, at turn 1, mid-game or on a take-back line, and go on by steps a game takes
    and steps it does not; now and then one spelt otherwise (a leading zero, a fullwidth digit, a space)."""
    opening: int | None = draw(st.sampled_from([0, 0, 1, 2, None, None, None]))
    turn = draw(st.integers(1, 8)) if opening is None else 1
    line = draw(st.sampled_from([0, 0, 0, 1, 2, 999, 1000, 1001])) if opening is None else 0
    labels = [_label(opening, turn, line)]
    for step in draw(st.lists(st.sampled_from(STEPS), max_size=6)):
        if step == "next":
            opening, turn = None, (2 if opening is not None else turn + 1)
        elif step == "skip":
            opening, turn = None, turn + 2
        elif step == "back":
            opening, turn = None, max(1, turn - 1)
        elif step == "fresh line":
            opening, line = None, line + 1
        elif step == "roll-off":
            opening = 0 if opening is None else opening + 1
        elif step in ("turn 1", "turn 2"):
            opening, turn = None, int(step[-1])
        labels.append(_label(opening, turn, line))
    spelling = draw(mostly(st.none(), st.sampled_from(["zero", "fullwidth", "space", "upper"])))
    if spelling is not None:
        at = draw(st.integers(0, len(labels) - 1))
        head, _, number = labels[at].rpartition(":")
        labels[at] = {
            "zero": f"{head}:0{number}",
            "fullwidth": head + ":" + "".join(chr(0xFF10 + int(digit)) for digit in number),
            "space": f"{labels[at]} ",
            "upper": labels[at].upper(),
        }[spelling]
    return labels


def mostly(usual: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`usual` four draws in five, else `odd`: most requests are taken, so the search reaches verdicts, and the odd
    values are tried still."""
    return st.integers(0, 4).flatmap(lambda n: usual if n else odd)


def numbers(low: int, high: int) -> st.SearchStrategy[Any]:
    """A number a caller may set: near the start of its range or left out, else at and past its bounds either side,
    huge, spelt as text, with a sign, a point, a space or other digits, or null."""
    near = st.integers(low, low + 6)
    odd = st.one_of(
        st.sampled_from([low - 1, high, high + 1, -1, 0, 10**6, 2**63, -(2**63), None, True]),
        near.flatmap(
            lambda n: st.sampled_from([str(n), f"0{n}", f"+{n}", f"{n}.0", f" {n}", chr(0xFF10 + n % 10), f"{n}e0"])
        ),
    )
    return mostly(st.one_of(near, st.just(LEFT_OUT)), odd)


ANSWERS = mostly(st.sampled_from([LEFT_OUT, True, False]), st.sampled_from(YES_NO))
COUNTS = mostly(st.one_of(st.just(LEFT_OUT), st.integers(1, 6)), st.sampled_from([0, -1, 10_001, "3", 2.0, None]))


@SEARCH
@given(
    key=KEYS,
    labels=st.one_of(st.just(LEFT_OUT), bot_labels()),
    opening=ANSWERS,
    turns=st.tuples(numbers(1, 10_000), numbers(0, 1_000)),
    beside_labels=st.integers(0, 9),
    count=COUNTS,
    numbering=st.integers(0, 12),
)
def search_bot_games(
    key: bytes, labels: Any, opening: Any, turns: tuple[Any, Any], beside_labels: int, count: Any, numbering: int
) -> None:
    # Given a bot game's request with its opening answer, turns, line, labels and count drawn (turns, line and count
    # beside labels only now and then, which refuse them)
    base: Request = {"scheme": BOT, "key": key.hex(), "lock": seal_of(key)}
    if labels is not LEFT_OUT and beside_labels:
        turns, count = (LEFT_OUT, LEFT_OUT), LEFT_OUT
    first_turn, line = turns
    request = changed(
        base, {"labels": labels, "opening": opening, "first_turn": first_turn, "line": line, "count": count}
    )
    # When the operator sends back the rolls it computes, a 6-6 in place of the first, or the rolls one place on,
    # numbered or not, through POST /verify, a link and the CLI
    # Then any fair verdict is the honest game of the opening answer it names, from the game's first roll
    assert_no_fair_but_the_honest_game(request, numbering)


def test_no_opening_first_turn_line_or_labels_make_a_bot_games_other_dice_fair() -> None:
    assert_search_reaches_fair_and_not(search_bot_games, list(CHANNELS))


# ---- numbered schemes: first beside a numbered paste --------------------------------------------------------------


NUMBERED_BASES: dict[str, Callable[[bytes], Request]] = {
    "pair36": lambda key: {"scheme": "pair36", "server_seed": key.hex(), "seal": seal_of(key), "client_seeds": ["a"]},
    "narde-v1": lambda key: {"scheme": "narde-v1", "key": key.hex(), "fingerprint": seal_of(key), "phrase": "p"},
    "three-dice": lambda key: {
        "scheme": "three-dice",
        "seed": key.hex(),
        "commit": seal_of(key),
        "client_seeds": {"white": "w", "black": "b"},
    },
}


@st.composite
def numbered_paste(draw: st.DrawFn, rolls: list[list[int]], index: int) -> tuple[str, list[list[int]]]:
    """The rolls as a numbered sheet: from their own place `index` or a game's first number (0 or 1), mostly, so that
    the search reaches fair verdicts, else from any number; counting up, skipping or repeating one; each line's number
    written with a word, `#`, a colon or as bare digits, one roll or two a line. Returns the text and the rolls it
    lists."""
    start = draw(
        mostly(st.sampled_from([index, 0, 1]), st.sampled_from([2, 9, 10, 11, 12, 9_999, 10_000]) | st.integers(0, 30))
    )
    per_line = draw(st.sampled_from([1, 1, 2]))
    form = draw(st.sampled_from(["{n}: {dice}", "#{n} {dice}", "Roll {n}: {dice}", "ply {n} {dice}", "{n} {dice}",
                                 "{n}. {dice}", "{n}) {dice}", "{n}\t{dice}"]))  # fmt: skip
    glitch = draw(mostly(st.none(), st.sampled_from(["skip", "repeat", "back"])))
    lines, number = [], start
    for at in range(0, len(rolls), per_line):
        chunk = rolls[at : at + per_line]
        dice = " ".join("".join(map(str, roll)) if form == "{n} {dice}" else "-".join(map(str, roll)) for roll in chunk)
        lines.append(form.format(n=number, dice=dice))
        number += len(chunk)
        if glitch is not None and at == 0:
            number += {"skip": 1, "repeat": -len(chunk), "back": -2}[glitch]
    return "\n".join(lines), rolls


@SEARCH
@given(
    scheme=st.sampled_from(sorted(NUMBERED_BASES)),
    key=KEYS,
    first=numbers(0, 9_999),
    count=COUNTS,
    data=st.data(),
)
def search_numbered_games(scheme: str, key: bytes, first: Any, count: Any, data: st.DataObject) -> None:
    # Given a numbered scheme's request with its first roll and count drawn
    request = changed(NUMBERED_BASES[scheme](key), {"first": first, "count": count})
    found = computed(request)
    if found is None:
        return
    rolls, index = found
    key_hex = key.hex()
    # When the operator sends back the rolls it computes, or a 6-6 in place of the first, as a paste numbered from
    # anywhere (skipping or repeating a number now and then), with `first` as drawn or left out
    wanted = [[6] * len(rolls[0]), *rolls[1:]]
    for run in (rolls, wanted):
        text, says = data.draw(numbered_paste(run, index), label="paste")
        for sent in (request | {"recorded": text}, changed(request, {"first": LEFT_OUT, "recorded": text})):
            for name, channel in CHANNELS.items():
                verdict = channel(sent)
                seen(f"{name}: {verdict['verdict'] if verdict else 'refused'}")
                if verdict is not None:
                    # Then any fair verdict is the honest game of the inputs it names, from its first roll
                    assert_honest_if_fair(scheme, verdict, key_hex, says, (name, sent, index))


def test_no_first_or_numbering_of_a_paste_makes_a_numbered_games_other_dice_fair() -> None:
    assert_search_reaches_fair_and_not(search_numbered_games, list(CHANNELS))


# ---- bg-online-v1: game, opening and the apps' numbers --------------------------------------------------------------


APP_NUMBER = st.one_of(
    st.text("0123456789abcdefABCDEF", min_size=1, max_size=6),
    st.text("0123456789abcdefABCDEF", min_size=1, max_size=6),
    st.sampled_from(["0a", "00a", "0A", " 0a", "0a ", "０a", "0x0a", "", "a:b", "-1"]),
)


@SEARCH
@given(
    key=KEYS,
    apps=st.one_of(st.lists(APP_NUMBER, min_size=2, max_size=2), st.lists(APP_NUMBER, max_size=3)),
    game=numbers(1, 49),
    opening=ANSWERS,
    count=COUNTS,
    numbering=st.integers(0, 3),
)
def search_online_games(key: bytes, apps: list[str], game: Any, opening: Any, count: Any, numbering: int) -> None:
    # Given an online game's request with its game, opening answer, apps' numbers and count drawn
    base: Request = {"scheme": "bg-online-v1", "server_number": key.hex(), "seal": seal_of(key), "app_numbers": apps}
    request = changed(base, {"game": game, "opening": opening, "count": count})
    # When the operator sends back the rolls it computes, or others, through every channel
    # Then any fair verdict is the honest game of the game and the apps' numbers it names, from its first roll
    assert_no_fair_but_the_honest_game(request, numbering)


def test_no_game_opening_or_apps_numbers_make_an_online_games_other_dice_fair() -> None:
    assert_search_reaches_fair_and_not(search_online_games, list(CHANNELS))


# ---- daily: dates, player ids, secrets and commitments --------------------------------------------------------------


def _spelt_day(day: dt.date, spelling: str) -> Any:
    text = day.isoformat()
    return {
        "iso": text,
        "space": f" {text} ",
        "fullwidth": "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in text),
        "arabic": "".join(chr(0x0660 + int(c)) if c.isdigit() else c for c in text),
        "compact": text.replace("-", ""),
        "time": f"{text}T00:00:00Z",
        "unpadded": f"{day.year}-{day.month}-{day.day}",
        "number": int(text.replace("-", "")),
        "null": None,
        "out": LEFT_OUT,
    }[spelling]


DAY_SPELLINGS = ["space", "fullwidth", "arabic", "compact", "time", "unpadded", "number", "null",
                 "out"]  # fmt: skip
PLAYERS = [PLAYER, PLAYER.upper(), PLAYER.replace("-", ""), "{" + PLAYER + "}", f" {PLAYER}", PLAYER + "\u200b",
           PLAYER[:-1] + "1", "", LEFT_OUT]  # fmt: skip


@SEARCH
@given(
    offset=mostly(st.just(0), st.integers(-9, 2)),
    spelling=mostly(st.just("iso"), st.sampled_from(DAY_SPELLINGS)),
    player=mostly(st.just(PLAYER), st.sampled_from(PLAYERS)),
    secret=st.sampled_from(["archive", "archive upper", "other", "long", None, LEFT_OUT]),
    commitment=st.sampled_from(["archive", "other", "of the secret", None, LEFT_OUT]),
    wanted=st.lists(st.integers(1, 4), min_size=6, max_size=6),
)
def search_daily_rolls(
    offset: int, spelling: str, player: Any, secret: str, commitment: str, wanted: list[int]
) -> None:
    # Given a daily request whose date (a day around the archive's closed day, in any spelling), player id, secret and
    # commitment are drawn, verified against an archive holding one closed day
    archive, today = ClosedDay(), dt.date(2026, 12, 1)
    other = bytes([7]) * 32
    secrets = {"archive": archive.secret.hex(), "archive upper": archive.secret.hex().upper(), "other": other.hex(),
               "long": archive.secret.hex() + "00", None: None, LEFT_OUT: LEFT_OUT}  # fmt: skip
    given_secret = secrets[secret]
    commitments = {"archive": seal_of(archive.secret), "other": seal_of(other), None: None, LEFT_OUT: LEFT_OUT,
                   "of the secret": seal_of(other if secret == "other" else archive.secret)}  # fmt: skip
    request = changed(
        {"scheme": "daily"},
        {
            "date": _spelt_day(archive.day + dt.timedelta(days=offset), spelling),
            "player_id": player,
            "secret": given_secret,
            "commitment": commitments[commitment],
        },
    )
    try:
        faces = list(verify(parse_request(request), day_secrets=archive, today=today).rolls[0]["dice"] or [])
    except (ValidationError, InvalidInput, UnknownDay):
        seen("daily: refused")
        return
    # When the operator sends back the faces it computes, or faces it wants, as a list and as a link
    for recorded in ([faces], " ".join(map(str, faces)), [wanted]):
        sent = request | {"recorded": recorded}
        for as_link in (False, True):
            try:
                read = parse_link(written_link("daily", sent) or "") if as_link else parse_request(sent)
                verdict = verify(read, day_secrets=archive, today=today)
            except (ValidationError, InvalidInput, UnknownDay):
                continue
            seen(f"daily{' link' if as_link else ''}: {verdict.verdict}")
            if verdict.verdict != "fair":
                continue
            # Then a fair one is the archive's roll of the closed day and the player it names, under its commitment
            named = {given.field: given.value for given in verdict.identified_by}
            expected = seed_004.faces(archive.secret, archive.day.isoformat(), str(named["player_id"]))
            assert named["date"] == archive.day.isoformat(), sent
            assert [list(roll["recorded"] or []) for roll in verdict.rolls] == [expected], sent
            assert verdict.seal.given == verdict.seal.computed == seal_of(archive.secret), sent


def test_no_date_player_secret_or_commitment_makes_other_faces_fair_on_a_daily_roll() -> None:
    assert_search_reaches_fair_and_not(search_daily_rolls, ["daily", "daily link"])
