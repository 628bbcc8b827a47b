"""`bg-dice-v1` and `bg-online-v1` (seed 001): labelled rolls, two dice from `label:block`."""

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from itertools import count as counter

from fairdice.dice import Mac, Roll, leading_dice, read_on

BOT = "bg-dice-v1"
ONLINE = "bg-online-v1"


def dice_for(mac: Mac, label: str) -> tuple[int, ...]:
    """The two dice of one label: HMAC of `label:0`, then `label:1`… if a block runs short."""
    first = mac(f"{label}:0".encode())
    return leading_dice(first) or read_on(first, (mac(f"{label}:{block}".encode()) for block in counter(1)))


def labelled_roll(mac: Mac, index: int, label: str, first_die: str, second_die: str) -> Roll:
    """One roll; an opening roll also says who won it (first die higher) or that it tied."""
    dice = dice_for(mac, label)
    winner = None
    if ":opening:" in label:
        winner = "tie" if dice[0] == dice[1] else first_die if dice[0] > dice[1] else second_die
    return Roll(index, f"{label}:0", dice, label=label, winner=winner)


def bot_turn_label(turn: int, line: int) -> str:
    """`bg-dice-v1:turn:T`, or `…:turn:T:line:L` after L take-backs."""
    return f"{BOT}:turn:{turn}" + (f":line:{line}" if line else "")


def labelled_rolls(
    mac: Mac, prefix: str, opening: bool, turn_word: str, first_turn: int, line: int = 0
) -> Iterator[Roll]:
    """Rolls in the order they came: opening roll-offs until one is not a tie, then turns."""
    first_die, second_die = ("you", "bot") if prefix == BOT else ("first", "second")
    index = 1
    if opening:
        for k in counter():
            played = labelled_roll(mac, index, f"{prefix}:opening:{k}", first_die, second_die)
            yield played
            index += 1
            if played.winner != "tie":
                break
    suffix = f":line:{line}" if line else ""
    for turn in counter(first_turn):
        label = f"{prefix}:{turn_word}:{turn}{suffix}"
        message = f"{label}:0"
        first = mac(message.encode())
        dice = leading_dice(first) or dice_for(mac, label)
        yield Roll(index, message, dice, label)
        index += 1


def bot_rolls(mac: Mac, opening: bool, first_turn: int | None, line: int) -> Iterator[Roll]:
    """A game against a bot; the opening's winner plays it as turn 1, so turns go on at 2."""
    start = first_turn if first_turn is not None else (2 if opening else 1)
    return labelled_rolls(mac, BOT, opening, "turn", start, line)


def explicit_rolls(mac: Mac, labels: Sequence[str]) -> Iterator[Roll]:
    """Rolls for labels the caller lists, in that order."""
    for index, label in enumerate(labels, start=1):
        yield labelled_roll(mac, index, label, "you", "bot")


def online_key(server_number: bytes, app_numbers: Sequence[str]) -> bytes:
    """HMAC(server number, `bg-online-v1:seeds:` + the apps' numbers in lowercase hex)."""
    message = f"{ONLINE}:seeds:" + ":".join(n.lower() for n in app_numbers)
    return hmac.new(server_number, message.encode(), hashlib.sha256).digest()


def online_rolls(mac: Mac, game: int, opening: bool) -> Iterator[Roll]:
    """Game `game` of an online match: `gG:opening:k`, then `gG:roll:1`, `roll:2`…"""
    return labelled_rolls(mac, f"{ONLINE}:g{game}", opening, "roll", 1)
