"""Each scheme asks for exactly the HMAC messages its seed writes, and every die is a face of its die."""

import hashlib
import hmac
from datetime import date
from uuid import UUID

from fairdice.dice import Mac, keyed_mac
from fairdice.request import RequestBase
from fairdice.schemes import bg_dice, bg_online, daily, labelled, narde, pair36, three_dice
from fairdice.schemes.daily import DailyRequest
from fairdice.schemes.three_dice import ThreeDiceRequest
from fairdice.verify import verify
from hypothesis import given, settings
from hypothesis import strategies as st

from unit.strategies import client_seeds, free_text, requests

SETTINGS = settings(max_examples=100, deadline=None)
keys = st.binary(min_size=16, max_size=64)


class Recording:
    """A real HMAC that remembers every message it was asked for."""

    def __init__(self, key: bytes) -> None:
        self.mac: Mac = keyed_mac(key)
        self.messages: list[bytes] = []

    def __call__(self, message: bytes) -> bytes:
        self.messages.append(message)
        return self.mac(message)


@SETTINGS
@given(request=requests)
def test_every_die_is_a_face_of_its_die(request: RequestBase) -> None:
    if isinstance(request, ThreeDiceRequest) and request.withheld:
        return
    if isinstance(request, DailyRequest) and request.secret is None:
        return
    for roll in verify(request).rolls:
        if roll["dice"] is not None:
            assert len(roll["dice"]) == len(request.SIDES)
            assert all(1 <= face <= sides for face, sides in zip(roll["dice"], request.SIDES, strict=True))


@SETTINGS
@given(key=keys, seats=st.lists(client_seeds, min_size=1, max_size=8), number=st.integers(1, 10**9))
def test_pair36_message_is_the_client_seeds_and_roll_number_joined_by_colons(
    key: bytes, seats: list[str], number: int
) -> None:
    mac = Recording(key)
    roll = pair36.roll(mac, seats, number)
    expected = ":".join([*seats, str(number)])
    assert mac.messages == [expected.encode()]
    assert roll.message == expected


@SETTINGS
@given(key=keys, count=st.integers(1, 12))
def test_bg_dice_v1_game_labels_are_opening_k_until_no_tie_then_turn_2_onwards(key: bytes, count: int) -> None:
    rolls = list(bg_dice.bot_rolls(keyed_mac(key), opening=True, first_turn=None, line=0, count=count))
    labels = [r.label for r in rolls]
    ties = 0
    while ties < len(rolls) and rolls[ties].winner == "tie":
        ties += 1
    expected = [f"bg-dice-v1:opening:{k}" for k in range(min(ties + 1, count))]
    expected += [f"bg-dice-v1:turn:{t}" for t in range(2, 2 + count - len(expected))]
    assert labels == expected
    assert [r.message for r in rolls] == [f"{label}:0" for label in expected]
    assert [r.number for r in rolls] == list(range(1, count + 1))


@SETTINGS
@given(key=keys)
def test_an_opening_roll_is_a_tie_exactly_when_both_dice_are_equal_and_your_die_comes_first(key: bytes) -> None:
    mac = keyed_mac(key)
    for k in range(4):
        roll = labelled.labelled_roll(mac, k + 1, f"bg-dice-v1:opening:{k}", "you", "bot")
        you, the_bot = roll.dice
        assert roll.winner == ("tie" if you == the_bot else "you" if you > the_bot else "bot")


@SETTINGS
@given(key=keys, count=st.integers(1, 6), line=st.integers(1, 99), first_turn=st.integers(1, 99))
def test_bg_dice_v1_take_back_lines_and_later_games_have_no_opening(
    key: bytes, count: int, line: int, first_turn: int
) -> None:
    later = list(bg_dice.bot_rolls(keyed_mac(key), opening=False, first_turn=None, line=0, count=count))
    assert [r.label for r in later] == [f"bg-dice-v1:turn:{t}" for t in range(1, count + 1)]
    practice = list(bg_dice.bot_rolls(keyed_mac(key), opening=False, first_turn=first_turn, line=line, count=count))
    assert [r.label for r in practice] == [
        f"bg-dice-v1:turn:{t}:line:{line}" for t in range(first_turn, first_turn + count)
    ]


@SETTINGS
@given(
    server=keys,
    apps=st.lists(st.text("0123456789abcdefABCDEF", min_size=1, max_size=64), min_size=2, max_size=2),
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
@given(key=keys, phrase=free_text, i=st.integers(0, 2**53))
def test_narde_message_is_narde_v1_pipe_phrase_pipe_i(key: bytes, phrase: str, i: int) -> None:
    mac = Recording(key)
    roll = narde.roll(mac, phrase, i)
    assert mac.messages == [f"narde-v1|{phrase}|{i}".encode()]
    assert (roll.number, roll.message) == (i, f"narde-v1|{phrase}|{i}")


@SETTINGS
@given(key=keys, white=free_text, black=free_text, ply=st.integers(0, 2**63 - 1))
def test_three_dice_message_is_length_prefixed_utf8_then_int64_ply_then_int32_block(
    key: bytes, white: str, black: str, ply: int
) -> None:
    w, b = white.encode("utf-8"), black.encode("utf-8")
    expected = len(w).to_bytes(4, "big") + w + len(b).to_bytes(4, "big") + b + ply.to_bytes(8, "big") + bytes(4)
    mac = Recording(key)
    roll = three_dice.roll(mac, white, black, ply)
    assert mac.messages == [expected]
    assert roll.message == expected.hex()


@SETTINGS
@given(key=st.binary(min_size=32, max_size=32), day=st.dates(), player=st.uuids())
def test_daily_message_is_the_date_a_pipe_and_the_lowercase_hyphenated_uuid(
    key: bytes, day: date, player: UUID
) -> None:
    mac = Recording(key)
    roll = daily.roll(mac, day, player)
    text = f"{day.year:04d}-{day.month:02d}-{day.day:02d}|{str(player).lower()}"
    assert mac.messages == [text.encode()]
    assert (roll.number, roll.message) == (1, text)
