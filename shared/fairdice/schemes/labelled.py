"""Seed 001's labelled rolls, shared by `bg-dice-v1` and `bg-online-v1`: two dice from `label:block`.

A roll's label names it (`bg-dice-v1:turn:2`); its dice are the first two usable bytes of
HMAC(key, `label:0`), then `label:1`… if a block runs short. An opening roll is rolled again
after a tie (`opening:0`, `:1`…), and the higher die wins it.
"""

import re
from collections.abc import Iterable
from itertools import compress, repeat
from itertools import count as counter
from operator import add, contains

from fairdice.dice import D6_PAIR, Mac, Roll, Rolls, fill, leading_dice, macs, read_on
from fairdice.schemes.base import py

OPENING = ":opening:"
Seats = tuple[str, str]  # who rolls the first die and who the second, as an opening roll names its winner


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
    winner = _winner(dice, first_die, second_die) if OPENING in label else None
    return Roll(index, f"{label}:0", dice, label=label, winner=winner)


def labelled(mac: Mac, labels: list[str], seats: Seats, openings: Iterable[int] | None = None) -> Rolls:
    """The rolls of `labels`, numbered from 1; opening labels (at `openings`, else found) get their winner."""
    messages = list(map(add, labels, repeat(":0")))
    blocks = macs(mac, b"", map(str.encode, messages))

    def by_rule(at: int, block: bytes) -> Roll:
        return labelled_roll(mac, at + 1, labels[at], *seats, block)

    rolls = fill(range(1, len(labels) + 1), messages, blocks, by_rule, sides=D6_PAIR)
    rolls.labels = labels
    if openings is None:
        openings = compress(counter(), map(contains, labels, repeat(OPENING)))
    first_die, second_die = rolls.faces
    rolls.winners = {at: _winner((first_die[at], second_die[at]), *seats) for at in openings}
    return rolls


def tied_at_the_end(rolls: Rolls) -> str | None:
    """The label of the last roll when it is an opening roll that tied: seed 001 rolls the opening again after a tie,
    so rolls that end there end before their game does, however well they match."""
    last = len(rolls) - 1
    if rolls.labels is None or rolls.winners.get(last) != "tie":
        return None
    return rolls.labels[last]


def unfinished(rolls_checked: str, tied: str) -> str:
    """Why rolls from a game's start that end at an opening roll that tied (`tied`) are no whole game, in words."""
    return (
        f"{rolls_checked}, ending at {tied}, a tie: the opening is rolled again after a tie, so the game's rolls go on"
        " past it"
    )


def labelled_rolls(
    mac: Mac, prefix: str, seats: Seats, opening: bool, turn_word: str, first_turn: int, count: int, line: int = 0
) -> Rolls:
    """`count` rolls in the order they came: opening roll-offs until one is not a tie, then turns."""
    labels: list[str] = []
    if opening:
        for k in counter():
            if len(labels) == count:
                break
            labels.append(f"{prefix}{OPENING}{k}")
            if labelled_roll(mac, k + 1, labels[-1], *seats).winner != "tie":
                break
    turns = map(f"{prefix}:{turn_word}:".__add__, map(str, range(first_turn, first_turn + count - len(labels))))
    openings = range(len(labels))
    labels.extend(map(add, turns, repeat(f":line:{line}")) if line else turns)
    return labelled(mac, labels, seats, openings)


STEPS = (
    "A roll is read from HMAC-SHA256, keyed with the key, of the roll's label followed by <code>:0</code> "
    "(then <code>:1</code>, <code>:2</code>… if more bytes are needed): a byte of 252 or more is skipped, "
    "any other gives a die of <code>(byte mod 6) + 1</code>, and the first two dice read are the roll."
)
# A label's number and what comes either side of it: `bg-dice-v1:turn:` 7 `:line:1`, `bg-online-v1:g3:roll:` 5
_NUMBERED = re.compile(r"(.*?:(?:opening|turn|roll):)([0-9]+)(.*)")


def _label_lines(labels: list[str]) -> str:
    """Python that builds `labels` in order, a line for each run of consecutive numbers: every roll is printed, and the
    program stays short for the longest game."""
    runs: list[tuple[str, int, int, str]] = []  # (before, first, last, after)
    for label in labels:
        found = _NUMBERED.fullmatch(label)
        assert found is not None, label
        before, at, after = found.group(1), int(found.group(2)), found.group(3)
        if runs and runs[-1][::3] == (before, after) and runs[-1][2] + 1 == at:
            runs[-1] = (before, runs[-1][1], at, after)
        else:
            runs.append((before, at, at, after))
    lines = ["labels = []"]
    for before, first, last, after in runs:
        if first == last:
            lines.append(f"labels.append({py(f'{before}{first}{after}')})")
        else:
            lines.append(f"labels += [f{py(before + '{n}' + after)} for n in range({first}, {last + 1})]")
    return "\n".join(lines) + "\n"


def recipe_code(key_lines: str, labels: list[str]) -> str:
    """Seed 001's own Python, printing the rolls of every one of `labels` under the key `key_lines` sets up."""
    return f"""import hashlib, hmac

{key_lines}

def roll(label):
    dice, block = [], 0
    while True:
        for byte in hmac.new(key, f"{{label}}:{{block}}".encode(), hashlib.sha256).digest():
            if byte < 252:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice
        block += 1


{_label_lines(labels)}for label in labels:
    print(label, roll(label))
"""
