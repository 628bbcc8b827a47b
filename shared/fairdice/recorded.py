"""Recorded rolls as people paste them, turned into dice or refused with a clear reason."""

import json
import re
from collections.abc import Sequence
from functools import cache
from itertools import product

# A roll number a person may put in front of a roll: "1:", "12.", "3)" or "#4".
_NUMBER_PREFIX = re.compile(r"^\s*#?\d+\s*[:.)]\s*")
_TOKEN_SPLIT = re.compile(r"[\s,;]+")
_DIE_SPLIT = re.compile(r"[-/x×–]")

MAX_TEXT = 200_000


class RecordedError(ValueError):
    """The recorded rolls could not be read; the message says where and why."""


def _shown(token: str) -> str:
    """A token quoted in a message, cut short: the message must stay readable whatever was pasted."""
    return repr(token) if len(token) <= 24 else f"{token[:20]!r}… ({len(token)} characters)"


def _die(text: str, sides: int, where: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise RecordedError(f"{where}: {_shown(text)} is not a die face")
    if len(text.lstrip("0")) > len(str(sides)):
        # Too many digits for any face (and int() would refuse a few thousand of them).
        raise RecordedError(f"{where}: {_shown(text)} is not a face of a {sides}-sided die")
    face = int(text)
    if not 1 <= face <= sides:
        raise RecordedError(f"{where}: {face} is not a face of a {sides}-sided die")
    return face


def _roll_from_token(token: str, sides: Sequence[int], where: str) -> list[tuple[int, ...]]:
    """One token: `6-3`, `63`, or a run of digits holding several rolls (`6344`)."""
    per_roll = len(sides)
    parts = _DIE_SPLIT.split(token)
    if len(parts) > 1:
        if len(parts) != per_roll:
            raise RecordedError(f"{where}: {_shown(token)} has {len(parts)} dice, a roll has {per_roll}")
        return [tuple(_die(p, s, where) for p, s in zip(parts, sides, strict=True))]
    if not token.isascii() or not token.isdigit() or max(sides) > 9:
        raise RecordedError(f"{where}: {_shown(token)} is not a roll (write it like {_example(sides)})")
    if len(token) % per_roll:
        raise RecordedError(f"{where}: {_shown(token)} has {len(token)} digits, not a multiple of {per_roll} dice")
    return [tuple(_die(token[i + j], s, where) for j, s in enumerate(sides)) for i in range(0, len(token), per_roll)]


@cache
def _single_rolls(sides: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Every one-roll token (`6-3`, `6/3`, `6x3`, `63`…) for dice of one-digit faces, and its dice.

    A dict lookup reads a pasted 10,000-roll game in milliseconds; any other token (a link's run
    of digits, or a mistake to explain) goes through `_roll_from_token`.
    """
    table: dict[str, tuple[int, ...]] = {}
    for roll in product(*(range(1, n + 1) for n in sides)):
        faces = [str(face) for face in roll]
        for separator in ("", "-", "/", "x", "×", "–"):
            table[separator.join(faces)] = roll
    return table


def _example(sides: Sequence[int]) -> str:
    return "-".join(str(min(s, 6 - i)) for i, s in enumerate(sides))


def _from_text(text: str, sides: Sequence[int]) -> list[tuple[int, ...]]:
    if len(text) > MAX_TEXT:
        raise RecordedError(f"is {len(text)} characters long, more than {MAX_TEXT}")
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise RecordedError(f"looks like JSON but is not: {exc.msg}") from None
        except RecursionError:
            raise RecordedError("looks like JSON but is nested too deeply") from None
        except ValueError:  # the one other failure: an integer beyond Python's 4300-digit limit
            raise RecordedError("looks like JSON but holds a number too long to read") from None
        return _from_list(value, sides)
    if max(sides) > 9:
        return _from_numbers(stripped, sides)
    single_rolls = _single_rolls(tuple(sides))
    rolls: list[tuple[int, ...]] = []
    for line_no, line in enumerate(stripped.splitlines(), start=1):
        line = _NUMBER_PREFIX.sub("", line, count=1)
        tokens = list(filter(None, _TOKEN_SPLIT.split(line.strip())))
        known = list(map(single_rolls.get, tokens))
        if None not in known:  # every token a plain roll: the whole line in one step
            rolls.extend(known)  # type: ignore[arg-type]
            continue
        for token, roll in zip(tokens, known, strict=True):
            if roll is not None:
                rolls.append(roll)
            else:
                rolls.extend(_roll_from_token(token, sides, f"line {line_no}, roll {len(rolls) + 1}"))
    return rolls


def _from_numbers(text: str, sides: Sequence[int]) -> list[tuple[int, ...]]:
    """Dice with two-digit faces, which cannot be run together: one roll's faces however separated
    (daily's `3 5 7 10 12 20`), or several rolls each written with its faces joined (`3-2,2-11`)."""
    numbers = [t for t in re.split(r"[\s,;\-/]+", text) if t]
    rolls = [t for t in _TOKEN_SPLIT.split(text) if t]
    if len(numbers) != len(sides) and len(rolls) > 1 and all(len(_DIE_SPLIT.split(t)) == len(sides) for t in rolls):
        return _from_list(list(rolls), sides)
    return _from_list([numbers], sides) if numbers else []


def _single_face(item: object, sides: int) -> bool:
    """Whether a list item is one die's face rather than a whole roll such as "634"."""
    if isinstance(item, bool):
        return False
    if isinstance(item, int):
        return True
    return isinstance(item, str) and item.strip().isdigit() and len(item.strip()) <= len(str(sides))


def _from_list(value: list[object], sides: Sequence[int]) -> list[tuple[int, ...]]:
    per_roll = len(sides)
    if per_roll > 2 and len(value) == per_roll and all(_single_face(v, s) for v, s in zip(value, sides, strict=True)):
        value = [value]  # a single roll given flat, such as daily's six faces
    rolls: list[tuple[int, ...]] = []
    for n, item in enumerate(value, start=1):
        where = f"roll {n}"
        if isinstance(item, str):
            rolls.extend(_roll_from_token(item.strip(), sides, where))
            continue
        if not isinstance(item, list | tuple) or len(item) != per_roll:
            raise RecordedError(f"{where}: expected a list of {per_roll} dice, got {item!r}"[:200])
        faces = []
        for face, s in zip(item, sides, strict=True):
            if isinstance(face, bool) or not isinstance(face, int | str):
                raise RecordedError(f"{where}: {face!r} is not a die face"[:200])
            faces.append(_die(str(face).strip(), s, where))
        rolls.append(tuple(faces))
    return rolls


def parse_recorded(value: object, sides: Sequence[int]) -> list[tuple[int, ...]]:
    """Read recorded rolls for dice with these `sides` (one entry per die of a roll).

    Accepts a list of dice lists, or text: `6-3 4-4`, `63 44`, numbered lines `1: 6-3`, the
    digit string of a link (`6344`), or JSON. Raises `RecordedError` on anything else.
    """
    if isinstance(value, str):
        return _from_text(value, sides)
    if isinstance(value, list | tuple):
        return _from_list(list(value), sides)
    raise RecordedError("must be text such as '6-3 4-4' or a list of dice lists")
