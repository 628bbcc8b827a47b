"""`bg-dice-v1` and `bg-online-v1` (seed 001): labelled rolls, two dice from `label:block`."""

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from itertools import compress, repeat
from itertools import count as counter
from operator import add, contains

from fairdice.dice import D6_PAIR, Mac, Roll, Rolls, fill, leading_dice, macs, read_on

BOT = "bg-dice-v1"
ONLINE = "bg-online-v1"


def dice_for(mac: Mac, label: str, first: bytes | None = None) -> tuple[int, ...]:
    """The two dice of one label: HMAC of `label:0`, then `label:1`… if a block runs short.

    `first` is the MAC of `label:0` when it is already computed."""
    first = first or mac(f"{label}:0".encode())
    return leading_dice(first) or read_on(first, (mac(f"{label}:{block}".encode()) for block in counter(1)))


def _winner(dice: tuple[int, ...], first_die: str, second_die: str) -> str:
    return "tie" if dice[0] == dice[1] else first_die if dice[0] > dice[1] else second_die


def labelled_roll(
    mac: Mac, index: int, label: str, first_die: str, second_die: str, first: bytes | None = None
) -> Roll:
    """One roll; an opening roll also says who won it (first die higher) or that it tied."""
    dice = dice_for(mac, label, first)
    winner = _winner(dice, first_die, second_die) if ":opening:" in label else None
    return Roll(index, f"{label}:0", dice, label=label, winner=winner)


def bot_turn_label(turn: int, line: int) -> str:
    """`bg-dice-v1:turn:T`, or `…:turn:T:line:L` after L take-backs."""
    return f"{BOT}:turn:{turn}" + (f":line:{line}" if line else "")


def _seats(prefix: str) -> tuple[str, str]:
    return ("you", "bot") if prefix == BOT else ("first", "second")


def _labelled(mac: Mac, labels: list[str], seats: tuple[str, str], openings: Iterable[int] | None = None) -> Rolls:
    """The rolls of `labels`, numbered from 1; opening labels (at `openings`, else found) get their winner."""
    messages = list(map(add, labels, repeat(":0")))
    blocks = macs(mac, b"", map(str.encode, messages))

    def by_rule(at: int, block: bytes) -> Roll:
        return labelled_roll(mac, at + 1, labels[at], *seats, block)

    rolls = fill(range(1, len(labels) + 1), messages, blocks, by_rule, sides=D6_PAIR)
    rolls.labels = labels
    if openings is None:
        openings = compress(counter(), map(contains, labels, repeat(":opening:")))
    first_die, second_die = rolls.faces
    rolls.winners = {at: _winner((first_die[at], second_die[at]), *seats) for at in openings}
    return rolls


def labelled_rolls(
    mac: Mac, prefix: str, opening: bool, turn_word: str, first_turn: int, count: int, line: int = 0
) -> Rolls:
    """`count` rolls in the order they came: opening roll-offs until one is not a tie, then turns."""
    labels: list[str] = []
    if opening:
        for k in counter():
            if len(labels) == count:
                break
            labels.append(f"{prefix}:opening:{k}")
            if labelled_roll(mac, k + 1, labels[-1], *_seats(prefix)).winner != "tie":
                break
    turns = map(f"{prefix}:{turn_word}:".__add__, map(str, range(first_turn, first_turn + count - len(labels))))
    openings = range(len(labels))
    labels.extend(map(add, turns, repeat(f":line:{line}")) if line else turns)
    return _labelled(mac, labels, _seats(prefix), openings)


def bot_rolls(mac: Mac, opening: bool, first_turn: int | None, line: int, count: int) -> Rolls:
    """A game against a bot; the opening's winner plays it as turn 1, so turns go on at 2."""
    start = first_turn if first_turn is not None else (2 if opening else 1)
    return labelled_rolls(mac, BOT, opening, "turn", start, count, line)


def explicit_rolls(mac: Mac, labels: Sequence[str]) -> Rolls:
    """Rolls for labels the caller lists, in that order."""
    return _labelled(mac, list(labels), ("you", "bot"))


def online_key(server_number: bytes, app_numbers: Sequence[str]) -> bytes:
    """HMAC(server number, `bg-online-v1:seeds:` + the apps' numbers in lowercase hex)."""
    message = f"{ONLINE}:seeds:" + ":".join(n.lower() for n in app_numbers)
    return hmac.new(server_number, message.encode(), hashlib.sha256).digest()


def online_rolls(mac: Mac, game: int, opening: bool, count: int) -> Rolls:
    """Game `game` of an online match: `gG:opening:k`, then `gG:roll:1`, `roll:2`…"""
    return labelled_rolls(mac, f"{ONLINE}:g{game}", opening, "roll", 1, count)
