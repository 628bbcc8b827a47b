"""fairdice.schemes.bg_online (seed 001, online, bg-online-v1): the key comes from the server's number and both apps'
numbers, in an order the document does not fix, and the diagnosis tries them the other way round; the key and a game's
labels are as seed 001 writes them, and a game's seal and rolls through verify are those of seed 001's own code under
that key; a request takes two apps' numbers in hex."""

import hashlib
import hmac
from typing import Any

from fairdice.dice import keyed_mac
from fairdice.schemes import bg_online, parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import given
from hypothesis import strategies as st

from testkit.oracles import seed_001
from unit.common import problems
from unit.strategies import SETTINGS, keys

KEY = bytes(range(32)).hex()
ONLINE: dict[str, Any] = {
    "scheme": "bg-online-v1",
    "server_number": KEY,
    "seal": seal_of(bytes(range(32))),
    "app_numbers": ["0a1b", "ff02"],
}


def rolls_of(request: dict[str, Any]) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def test_the_apps_numbers_sent_the_other_way_round_are_found_and_the_try_is_fair() -> None:
    # Given a game whose key joined the apps' numbers as ff02:0a1b, sent as 0a1b, ff02 (seed 001 only says "both
    # apps' numbers … separated by a colon")
    played = ONLINE | {"app_numbers": ["ff02", "0a1b"]}
    mistaken = ONLINE | {"recorded": rolls_of(played | {"count": 30})}

    # When it is verified
    verdict = verify(parse_request(mistaken))

    # Then the diagnosis says the numbers are the other way round, and its try checks the whole game fair
    assert verdict.verdict == "mismatch" and verdict.diagnosis is not None
    found = verdict.diagnosis[0]
    assert (found.cause, found.explains, found.try_) == (
        "seat_order",
        "30 of 30 rolls",
        {"app_numbers": ["ff02", "0a1b"]},
    )
    assert "does not say which comes first" in found.detail
    assert verify(parse_request(mistaken | found.try_)).verdict == "fair"


def test_another_game_of_the_match_with_the_numbers_the_other_way_round_is_found_too() -> None:
    played = ONLINE | {"app_numbers": ["ff02", "0a1b"], "game": 2}
    mistaken = ONLINE | {"recorded": rolls_of(played | {"count": 30})}
    verdict = verify(parse_request(mistaken))
    assert verdict.diagnosis is not None
    found = verdict.diagnosis[0]
    assert (found.cause, found.try_) == ("match_game", {"game": 2, "app_numbers": ["ff02", "0a1b"]})
    assert found.detail.endswith("not game 1, with the apps' numbers the other way round")
    assert verify(parse_request(mistaken | found.try_)).verdict == "fair"


def test_equal_numbers_are_not_tried_swapped() -> None:
    same = ONLINE | {"app_numbers": ["0a", "0a"]}
    mistaken = same | {"recorded": rolls_of(same | {"game": 3, "count": 30})}
    verdict = verify(parse_request(mistaken))
    assert verdict.diagnosis is not None
    assert all("other way round" not in finding.detail for finding in verdict.diagnosis)


# Two apps' numbers as the apps write them: hex digits in either case, of any length a key takes
APPS_NUMBERS = st.lists(st.text("0123456789abcdefABCDEF", min_size=1, max_size=64), min_size=2, max_size=2)


@SETTINGS
@given(
    server=keys,
    apps=APPS_NUMBERS,
    game=st.integers(1, 50),
    count=st.integers(1, 8),
)
def test_bg_online_v1_key_and_labels_are_as_seed_001_writes_them(
    server: bytes, apps: list[str], game: int, count: int
) -> None:
    key = hmac.new(server, f"bg-online-v1:seeds:{apps[0].lower()}:{apps[1].lower()}".encode(), hashlib.sha256).digest()
    assert bg_online.online_key(server, apps) == key
    rolls = list(bg_online.online_rolls(keyed_mac(key), game, opening=game == 1, count=count))
    if game == 1:
        openings = [r.label for r in rolls if r.winner is not None]
        assert openings == [f"bg-online-v1:g1:opening:{k}" for k in range(len(openings))]
        assert all(r.winner == "tie" for r in rolls[: len(openings) - 1])
        assert {r.winner for r in rolls[: len(openings)]} <= {"tie", "first", "second"}
    else:
        openings = []
    turns = [r.label for r in rolls[len(openings) :]]
    assert turns == [f"bg-online-v1:g{game}:roll:{n}" for n in range(1, len(turns) + 1)]


@SETTINGS
@given(
    server=keys,
    apps=APPS_NUMBERS,
    game=st.integers(1, 49),
    count=st.integers(1, 8),
)
def test_bg_online_v1_game_through_verify_agrees_with_seed_001_snippet(
    server: bytes, apps: list[str], game: int, count: int
) -> None:
    # Seed 001's words: "Online, the key is HMAC-SHA256, keyed with the server's number, of bg-online-v1:seeds:
    # followed by both apps' numbers in lowercase hex, separated by a colon", and "the server seals its number the same
    # way" as the lock; each label's dice are read by the document's own roll(label), under that key
    message = "bg-online-v1:seeds:" + apps[0].lower() + ":" + apps[1].lower()
    key = hmac.new(server, message.encode(), hashlib.sha256).digest()
    _, roll = seed_001.snippet(key.hex())
    # "The labels are bg-online-v1:g1:opening:0 [:1, :2… after a tie], then bg-online-v1:g1:roll:1, …:roll:2… (g2 for
    # the second game, which starts at roll:1)"
    labels: list[str] = []
    if game == 1:
        for k in range(count):
            labels.append(f"bg-online-v1:g1:opening:{k}")
            if len(set(roll(labels[-1]))) == 2:
                break
    labels += [f"bg-online-v1:g{game}:roll:{n}" for n in range(1, count - len(labels) + 1)]
    request = {"scheme": "bg-online-v1", "server_number": server.hex(), "app_numbers": apps, "game": game}

    verdict = verify(parse_request(request | {"count": count}))

    assert verdict.seal.computed == hashlib.sha256(server).hexdigest()
    assert [(report["label"], report["message"], report["dice"]) for report in verdict.rolls] == [
        (label, f"{label}:0", roll(label)) for label in labels
    ]


def test_online_app_numbers_are_hex_and_there_are_two() -> None:
    base = {"scheme": "bg-online-v1", "server_number": KEY, "count": 2}
    assert parse_request(base | {"app_numbers": ["AB", "cd"]}).app_numbers == ["ab", "cd"]  # type: ignore[attr-defined]
    assert problems(base | {"app_numbers": ["ab", "xyz"]}) == [
        ("app_numbers[1]", "an app's number must be 1 to 128 hex digits, but 'x' is not a hex digit")
    ]
    assert problems(base | {"app_numbers": ["ab", "c" * 129]}) == [
        ("app_numbers[1]", "an app's number must be 1 to 128 hex digits")
    ]
    assert problems(base | {"app_numbers": ["ab"]}) == [("app_numbers", "must have at least 2 entries")]


def test_which_game_of_the_match_is_among_the_values_the_player_must_recognise() -> None:
    # Every game of a match rolls its own dice under the one server number: the game is chosen as the numbers are
    first, third = (verify(parse_request(ONLINE | {"game": game, "count": 3})) for game in (1, 3))
    assert rolls_of(ONLINE | {"game": 1, "count": 3}) != rolls_of(ONLINE | {"game": 3, "count": 3})
    assert [(given.field, given.value) for given in first.identified_by] == [
        ("scheme", "bg-online-v1"),
        ("app_numbers", ["0a1b", "ff02"]),
        ("game", 1),
    ]
    assert [given.value for given in third.identified_by] == ["bg-online-v1", ["0a1b", "ff02"], 3]
    assert third.identified_by[2].description == "which game of the match this was, from 1"


def test_an_app_number_with_leading_zeros_says_that_other_zeros_roll_other_dice() -> None:
    # Given the same apps' numbers written with and without leading zeros: seed 001's message holds them as written
    numbers = {"scheme": "bg-online-v1", "server_number": KEY, "count": 3}
    padded, bare = ["00c1d2", "0", "ff"], ["c1d2", "0", "ff"]
    assert rolls_of(numbers | {"app_numbers": padded[::2]}) != rolls_of(numbers | {"app_numbers": bare[::2]})

    # Then the identity says so of a number that has them (the number zero's own digit is not one), and of no other
    assert described(padded[:2]).endswith(
        "yours is the one your app showed; 00c1d2 starts with 2 zeros: written with another count of zeros in front,"
        " the same number rolls other dice, so check that your app showed them"
    )
    assert described(bare[1:]).endswith("yours is the one your app showed")
    cut = described(["0" + "ab" * 20, "1"])
    assert "; 0abababababa… starts with 1 zero:" in cut and cut.endswith("showed it")


def described(app_numbers: list[str]) -> str:
    """The description of the apps' numbers in the verdict of a game played with them."""
    request = {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": app_numbers, "count": 3}
    (description,) = [
        given.description for given in verify(parse_request(request)).identified_by if given.field == "app_numbers"
    ]
    return description


def test_game_1_ending_at_an_opening_roll_that_tied_is_no_whole_game_and_never_fair() -> None:
    # Given a server number (the first of a fixed run) whose game 1 opening:0 ties, by seed 001's own roll(label)
    apps = ["0a1b", "ff02"]
    for n in range(10_000):
        server = n.to_bytes(32, "big")
        key = hmac.new(server, f"bg-online-v1:seeds:{apps[0]}:{apps[1]}".encode(), hashlib.sha256).digest()
        _, roll = seed_001.snippet(key.hex())
        tie = roll("bg-online-v1:g1:opening:0")
        if tie[0] == tie[1]:
            break
    request = {"scheme": "bg-online-v1", "server_number": server.hex(), "seal": seal_of(server), "app_numbers": apps}

    # When game 1 is given as that one roll, recorded as rolled
    verdict = verify(parse_request(request | {"count": 1, "recorded": [tie]}))

    # Then it matches, but the opening is rolled again after a tie: the game goes on past it, and is not fair
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
    assert verdict.scope.kind == "unfinished"
    assert verdict.reasons == [verdict.scope.description]
    assert "ending at bg-online-v1:g1:opening:0, a tie: the opening is rolled again after a tie" in verdict.reasons[0]
    # And with the roll that follows the tie, it is a game from its start, fair
    after = roll("bg-online-v1:g1:opening:1")
    assert after[0] != after[1], "the fixed run's server number ties twice: take another"
    assert verify(parse_request(request | {"count": 2, "recorded": [tie, after]})).verdict == "fair"
