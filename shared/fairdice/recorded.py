"""Recorded rolls as people paste them, turned into dice or refused with a clear reason.

A paste is read line by line. A line may start with the number of its first roll, written
`1:`, `1.`, `1)`, `#1`, `Roll 1:` or `ply 0` (a word, `#` or a mark after the digits makes it a
number), or as bare digits and a space (`1 25`, a sheet's number column beside its dice column).
Bare digits that could themselves be a roll (`12 25` is 1-2 then 2-5, or roll 12 then 2-5) are a
number only when every line of the paste starts with one and they count the rolls up, one after
another, so a list of rolls is never read as numbered by accident. `1:5` is the roll 1-5 (`:`
separates dice as `-` does); a number's colon is followed by a space.

Numbers say where the paste starts (`Paste.first_number`); they must count every roll once, in
order, so the paste is still one contiguous run of rolls. What a number means in a game is the
request's business (`fairdice.request`): it places the rolls, and it never changes what is compared.
"""

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, product
from typing import Any, NoReturn, cast

from fairdice import json_input
from fairdice.errors import RepeatedKey
from fairdice.prose import COPY_LINK, counted, repr_of, span
from fairdice.prose import number as grouped

# A number in front of a line's rolls: after a word ("Roll 1"), after "#", or before ".", ")", a colon and a space,
# or a space. Its digits are ASCII: a number that places rolls is written one way.
_NUMBER = re.compile(
    r"\s*(?P<word>(?:roll|ply)\s*)?(?P<hash>#\s*)?(?P<number>[0-9]{1,16})"
    r"(?P<mark>\s*[.)]\s*|\s*:(?:\s+|$)|\s+|$)",
    re.IGNORECASE,
)
_TOKEN_SPLIT = re.compile(r"[\s,;]+")
_ROLL_WORD = re.compile(r"(?:roll|ply|#)", re.IGNORECASE)  # what starts a numbered roll, a space after it or not
_DIE_MARKS = r"\-/x×–:"  # what parts a roll's dice (6-3, 6/3, 6x3, 6×3, 6–3, 6:3)
_DIE_SPLIT = re.compile(f"[{_DIE_MARKS}]")
_NUMBER_SPLIT = re.compile(rf"[\s,;{_DIE_MARKS}]+")  # what parts faces: rolls' separators and dice's
_SEPARATORS = ("", "-", "/", "x", "×", "–", ":")

MAX_TEXT = 200_000
# An ASCII digit's byte to its value, for `bytes.translate`: the faces of a paste of the usual form, a column at a time.
_DIGIT_VALUE = bytes((b - ord("0")) % 256 for b in range(256))


class RecordedError(ValueError):
    """The recorded rolls could not be read; the message says where and why."""


_WHOLE = 24  # a token up to this many characters is shown whole in a message,
_CUT = 20  # a longer one by its first this many (verifier.js's `quoted` and `past` alike)


def _shown(token: str) -> str:
    """A token quoted in a message, cut short: the message must stay readable whatever was pasted. The cut is marked
    `...` after the closing quote, in ASCII: a page writes `…` as its code point (it looks like `...`), and after the
    quote it cannot be read as the token's own (verifier.js says the same)."""
    if len(token) <= _WHOLE:
        return repr_of(token)
    return f"{repr_of(token[:_CUT])}... ({counted(len(token), 'character', 'characters')})"


def _past(token: str) -> str:
    """Where a long token that `_shown` cuts short holds a character that is no digit, if past what it shows: a link
    copied with the full stop or bracket after it (review: `…164356.` was "'25426434314163162516'... (25 characters)
    is not a roll", its one wrong character not shown). verifier.js says the same."""
    if len(token) <= _WHOLE:
        return ""
    at = next((at for at, character in enumerate(token) if not "0" <= character <= "9"), None)
    return "" if at is None or at < _CUT else f"; its character {grouped(at + 1)}, {repr_of(token[at])}, is no die"


def _stray(token: str) -> tuple[int, str]:
    """Where a token's mark between dice has no die on one side of it: at its start, at its end, or beside another mark
    (review: a link's rolls ending `6x3x` were "'6x3x' is not a roll", the stray x not named), and that mark's place. A
    token of marks alone is said as it is. verifier.js says the same."""
    marks = [_DIE_SPLIT.fullmatch(character) is not None for character in token]
    if all(marks):
        return 0, ""
    if marks[0]:
        return 0, f"; its character 1, {repr_of(token[0])}, separates dice, but no die comes before it"
    at = next(at for at in range(1, len(token)) if marks[at] and (at + 1 == len(token) or marks[at + 1]))
    if at + 1 == len(token):
        return at, f"; its character {grouped(at + 1)}, {repr_of(token[at])}, separates dice, but no die comes after it"
    return at, (
        f"; its characters {grouped(at + 1)} and {grouped(at + 2)}, {repr_of(token[at])} and"
        f" {repr_of(token[at + 1])}, separate dice, but no die comes between them"
    )


def _is_run(part: str) -> bool:
    """Whether a part of a token between its marks is a run of digits, too many for a die of one digit."""
    return part.isascii() and part.isdigit() and len(part.lstrip("0")) > 1


def _run(token: str, parts: list[str], n: int) -> tuple[int, str]:
    """Where a token's mark between dice has a run of digits on one side, part `n` of it, too many for one die: rolls
    written together, then a mark (review: `…251643x5` was "'25426316443161316251643' is not a face of a 6-sided die",
    the x not named), and that mark's place. verifier.js says the same."""
    start = sum(len(part) + 1 for part in parts[:n])  # where part n starts, past each part before it and its mark
    digits = len(parts[n])
    at, side = (start + digits, "before") if n + 1 < len(parts) else (start - 1, "after")
    return at, (
        f"; its character {grouped(at + 1)}, {repr_of(token[at])}, separates dice, but"
        f" {counted(digits, 'digit', 'digits')} come {side} it, not one die"
    )


def _misplaced(token: str, parts: list[str], one_digit: bool) -> str | None:
    """Of a token whose marks part no roll, where the first misplaced mark is: one with no die on a side (`_stray`), or,
    where every die has one digit, one beside a run of digits (`_run`), whichever comes first, the stray at a tie. None
    where no mark is either (review: `2542631644x5x3` was "has 3 dice, a roll has 2", and `…251643x5x` named its last x
    alone). verifier.js says the same."""
    found = [_stray(token)] if "" in parts else []
    run = next((n for n, part in enumerate(parts) if _is_run(part)), None) if one_digit else None
    if run is not None:
        found.append(_run(token, parts, run))
    return min(found, key=lambda place: place[0])[1] if found else None


def _at(line: int | None, roll: int) -> str:
    """`line 3, roll 2,151`, or `roll 2,151` where there are no lines (a list, a link's rolls): where a roll is, its
    numbers grouped as counts are (review: "line 1, roll 2151" beside "has 4,301 digits"). Built only where a message
    is raised: the audit's per-game path reads every roll without it."""
    roll_at = f"roll {grouped(roll)}"
    return roll_at if line is None else f"line {grouped(line)}, {roll_at}"


def _die(text: str, sides: int, line: int | None, roll: int) -> int:
    """Die face `text` of a die with `sides` sides, in the roll `_at(line, roll)` names if it is not one."""
    if not text.isdigit() or not text.isascii():
        raise RecordedError(f"{_at(line, roll)}: {_shown(text)} is not a die face")
    if len(text.lstrip("0")) > len(str(sides)):
        # Too many digits for any face (and int() would refuse a few thousand of them).
        raise RecordedError(f"{_at(line, roll)}: {_shown(text)} is not a face of a {sides}-sided die")
    face = int(text)
    if not 1 <= face <= sides:
        raise RecordedError(f"{_at(line, roll)}: {face} is not a face of a {sides}-sided die")
    return face


# A word pasted beside the rolls, a name or a label (`white: 6-3`, `P1: 6-3`, `white:15`): Latin letters and digits,
# alone or with a colon after them and a roll or not, from a letter but x, which parts dice (6x3) and may start a token
# whose mark is misplaced (`x63`)
_LABEL = re.compile("[a-wyzA-WYZ][A-Za-z0-9_]*(?::|$)")


def _roll_from_token(
    token: str, sides: Sequence[int], line: int | None, first: int, link: bool = False, ends: bool = True
) -> list[tuple[int, ...]]:
    """One token: `6-3`, `63`, or a run of digits holding several rolls (`6344`), whose first roll is number `first`
    (`line` says which line it is on, or is None). A wrong die in a run is named by its own roll's number (review: the
    twelfth roll of a link's digits was "roll 1"). `link`: the token is a link's rolls, which a chat or a mail program
    may have cut short inside a roll, where `ends` says the token ends them: only there."""
    where = _at(line, first)
    per_roll = len(sides)
    if not token[:1].isdigit() and _LABEL.match(token):  # a token of rolls starts with a digit: not matched again
        # Support review: `white: 4-1` was "its character 6, ':', separates dice, but no die comes after it", and
        # `white:15` "'white' is not a die face"; a link's rolls are copied, not pasted, again (review)
        again = (
            f", and the link's rolls hold one: {COPY_LINK}"
            if link
            else f"; paste the rolls without them (a line may start with its roll's number, Roll 1: {_example(sides)})"
        )
        raise RecordedError(
            f"{where}: {_shown(token)} is not a roll (write it like {_example(sides)}): a word, such as a name or a"
            f" label, is no dice{again}"
        )
    parts = _DIE_SPLIT.split(token)
    if len(parts) > 1:
        # A mark doubled or at an end (`6--3`, `6-3-`; `1-x`, x being a mark too), or as many dice as no roll has: the
        # first misplaced mark is named, where one is
        one_digit = max(sides) <= 9  # dice of one digit each may be written together
        if "" in parts or len(parts) != per_roll:
            if (misplaced := _misplaced(token, parts, one_digit)) is None:
                raise RecordedError(f"{where}: {_shown(token)} has {grouped(len(parts))} dice, a roll has {per_roll}")
            raise RecordedError(f"{where}: {_shown(token)} is not a roll (write it like {_example(sides)}){misplaced}")
        faces = []
        for n, (part, side) in enumerate(zip(parts, sides, strict=True)):
            # so a run of them beside a mark is rolls, not a die
            if one_digit and _is_run(part):
                _, said = _run(token, parts, n)
                raise RecordedError(f"{where}: {_shown(token)} is not a roll (write it like {_example(sides)}){said}")
            faces.append(_die(part, side, line, first))
        return [tuple(faces)]
    if not token.isascii() or not token.isdigit() or max(sides) > 9:
        raise RecordedError(f"{where}: {_shown(token)} is not a roll (write it like {_example(sides)}){_past(token)}")
    if len(token) == 1 and not link:  # in a link, a roll cut short (support review: "write each roll's 2 dice")
        raise RecordedError(
            f"{where}: {_shown(token)} is one die; write each roll's {per_roll} dice together, such as"
            f" {_example(sides)} or {_example(sides).replace('-', '')}"
        )
    if over := len(token) % per_roll:
        # Said as whole rolls and the digits over, from the roll `where` names (support review: a link's digits cut
        # inside its last roll said "line 1, roll 1" alone)
        whole = len(token) // per_roll
        # Fewer digits than a roll (two of three dice) are no whole rolls and no digits "over" one (review)
        held = (
            f"{counted(whole, 'whole roll', 'whole rolls')} from there, then {counted(over, 'digit', 'digits')} over"
            if whole
            else "less than one roll"
        )
        digits = counted(len(token), "digit", "digits")  # grouped, as the whole rolls and `_shown` are (review)
        # A link is cut short at its end: digits amiss before other rolls of it were lost or added (review: a digit
        # alone between a link's rolls was "a roll was cut short")
        slip = "a roll was cut short, or a digit lost or added" if ends or not link else "a digit was lost or added"
        again = f": {COPY_LINK}" if link else ""
        raise RecordedError(
            f"{where}: {_shown(token)} has {digits}, not a multiple of {per_roll} dice: {held}; {slip}{again}"
        )
    # Each roll's digits read by the table of single rolls, a wrong die's roll named only once one is found: the audit
    # reads a link's digits so, and a roll's number said of each die made the run a quarter slower (review)
    table = _single_rolls(tuple(sides))
    rolls = [table.get(token[i : i + per_roll]) for i in range(0, len(token), per_roll)]
    if None in rolls:
        at = rolls.index(None)
        for die, s in zip(token[at * per_roll : (at + 1) * per_roll], sides, strict=True):
            _die(die, s, line, first + at)
    return cast("list[tuple[int, ...]]", rolls)


@cache
def _single_rolls(sides: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Every one-roll token (`6-3`, `6/3`, `6x3`, `63`…) for dice of one-digit faces, and its dice.

    A dict lookup reads a pasted 10,000-roll game in milliseconds; any other token (a link's run
    of digits, or a mistake to explain) goes through `_roll_from_token`.
    """
    table: dict[str, tuple[int, ...]] = {}
    for roll in product(*(range(1, n + 1) for n in sides)):
        faces = [str(face) for face in roll]
        for separator in _SEPARATORS:
            table[separator.join(faces)] = roll
    return table


def _example(sides: Sequence[int]) -> str:
    return "-".join(str(min(s, 6 - i)) for i, s in enumerate(sides))


class ReadRolls(list[tuple[int, ...]]):
    """Rolls read whole in a few C calls, each die's faces kept as a column beside them: `columns[k][i]` is die k of
    roll i, so a game's rolls are compared a column at a time (`verify.matched`), as its computed rolls are kept.

    A list like any other (each roll a tuple of faces), which is never changed: the columns must say what the list
    does, so every method that would change it raises.
    """

    __slots__ = ("_columns",)

    def __init__(self, columns: Sequence[bytes]) -> None:
        super().__init__(zip(*columns, strict=True))
        self._columns = tuple(columns)

    @property
    def columns(self) -> tuple[bytes, ...]:
        """Each die's faces, in roll order: `columns[k][i]` is die k of roll i."""
        return self._columns

    def __reduce__(self) -> tuple[type["ReadRolls"], tuple[tuple[bytes, ...]]]:
        return ReadRolls, (self._columns,)

    def _unchanged(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("rolls read from a paste are not changed: make a list of them to change")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _unchanged
    append = extend = insert = pop = remove = clear = sort = reverse = _unchanged


@cache
def _faces(sides: int) -> bytes:
    """The faces of a die with these sides, as bytes."""
    return bytes(range(1, sides + 1))


@cache
def _usual_form(sides: tuple[int, ...]) -> re.Pattern[str] | None:
    """The usual form of a paste for dice of these sides, `6-3 4-4 …` (one-digit faces joined by "-", rolls by one
    space, on one line), as a pattern; None where a face has two digits."""
    if max(sides) > 9:
        return None
    roll = "-".join(f"[1-{n}]" for n in sides)
    return re.compile(f"(?:{roll} )*{roll}")


def _usual(text: str, sides: tuple[int, ...]) -> ReadRolls | None:
    """A paste of the usual form read in a few C calls: every roll takes the same number of characters, so die k's
    faces are every (2 x dice)th character from the kth face. None for any other paste, which the general reader
    reads (to the same rolls, where this one reads them)."""
    pattern = _usual_form(sides)
    if pattern is None or pattern.fullmatch(text) is None:
        return None
    raw = text.encode("ascii")
    step = 2 * len(sides)
    return ReadRolls([raw[2 * k :: step].translate(_DIGIT_VALUE) for k in range(len(sides))])


def _plain(value: list[object], sides: Sequence[int]) -> ReadRolls | None:
    """A list of rolls each a list of whole numbers (no text, no true or false) that are faces of their dice, read in a
    few C calls; None for any other list, which is read roll by roll (to the same rolls, where this one reads them)."""
    if not value or set(map(type, value)) - {list, tuple} or set(map(len, value)) != {len(sides)}:  # type: ignore[arg-type]
        return None
    if set(map(type, chain.from_iterable(value))) != {int}:  # type: ignore[arg-type]
        return None
    try:
        faces = bytes(chain.from_iterable(value))  # type: ignore[arg-type]
    except ValueError:  # a number from 256 up, or below 0: no face
        return None
    step = len(sides)
    columns = [faces[k::step] for k in range(step)]
    # Each column holds nothing but faces of its die when taking them all out of it leaves nothing.
    if any(column.translate(None, _faces(n)) for column, n in zip(columns, sides, strict=True)):
        return None
    return ReadRolls(columns)


@dataclass(frozen=True)
class Paste:
    """Recorded rolls as read, and the number the paste gives its first roll (None: not numbered)."""

    rolls: list[tuple[int, ...]]
    first_number: int | None = None


# A line's number, the text after it, and whether it is surely a number (False: bare digits that could be a roll).
_Number = tuple[int, str, bool]


def _from_text(text: str, sides: Sequence[int], link: bool = False) -> Paste:
    if len(text) > MAX_TEXT:
        raise RecordedError(f"is {grouped(len(text))} characters long, more than {grouped(MAX_TEXT)}")
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            # As fairdice reads all JSON, NaN and a key given twice refused as verifier.js refuses them (review: NaN
            # was a float, "roll 2: nan is not a die face", where the page said "looks like JSON but is not")
            value = json_input.loads(stripped)
        except json.JSONDecodeError as exc:
            if exc.msg == "Extra data":  # `[2,5],[4,2]`: lists one after another, not one list of them (review)
                raise RecordedError(
                    "looks like JSON but is not: more follows its first list; put every roll in one list,"
                    " [[2, 5], [4, 2]]"
                ) from None
            raise RecordedError(f"looks like JSON but is not: {exc.msg}") from None
        except RepeatedKey as repeated:  # which value is meant is unknown: refused as JSON fairdice does not read
            raise RecordedError(f"looks like JSON but is not: {repeated}") from None
        except RecursionError:
            raise RecordedError("looks like JSON but is nested too deeply") from None
        except ValueError:  # the one other failure: an integer beyond Python's 4300-digit limit
            raise RecordedError("looks like JSON but holds a number too long to read") from None
        return Paste(_from_list(value, sides))
    shape = tuple(sides)
    if (usual := _usual(stripped, shape)) is not None:
        return Paste(usual)
    if max(sides) > 9:
        return Paste(_from_numbers(stripped, sides, link))
    table = _single_rolls(shape)
    lines = [(at, line) for at, line in enumerate(stripped.splitlines(), start=1) if line and not line.isspace()]
    numbers = read = [_number(line, sides) for _, line in lines]
    if any(number is not None and not number[2] for number in numbers) and not _counts_up(lines, numbers, table, sides):
        numbers = [None if number is None or not number[2] else number for number in numbers]
    rolls: list[tuple[int, ...]] = []
    first: int | None = None
    for (at, line), number, bare in zip(lines, numbers, read, strict=True):
        above = _roll_before(first, len(rolls))  # the roll before the line, as the lines above it name it
        if number is None:
            try:
                rolls.extend(_rolls_of_line(line, table, sides, at, above, link, at == lines[-1][0]))
            except RecordedError:
                # Bare digits that could be a roll, read as one (`12 3 4`, roll 12 as 1-2): said so, where what is left
                # is dice each alone (review: "line 1, roll 2: '3' is one die", the 12 read as a roll unsaid)
                link_at = above if link else None
                if bare is None or (said := _number_then_dice(at, line, bare[1], sides, link_at, as_roll=True)) is None:
                    raise
                raise RecordedError(said) from None
            continue
        first = _placed(at, number[0], len(rolls), first, link)
        try:
            # Placed, the line's number is its first roll's: the roll before it is one less
            found = _rolls_of_line(number[1], table, sides, at, number[0] - 1, link, at == lines[-1][0])
        except RecordedError:
            # The line's number may be a die read as one (`6 3`): the dice left are named as the lines above name them
            if (said := _number_then_dice(at, line, number[1], sides, above if link else None)) is None:
                raise
            raise RecordedError(said) from None
        if not found:
            # A link has no lines: the roll alone is named (review: "line 1: roll 5 has no dice" of a link's `5:`)
            where = "" if link else f"line {grouped(at)}: "
            raise RecordedError(f"{where}roll {grouped(number[0])} has no dice{f': {COPY_LINK}' if link else ''}")
        rolls.extend(found)
    return Paste(rolls, first)


def _roll_before(first: int | None, read: int) -> int:
    """The roll before the next, after `read` rolls, as a message names it: by its place, or by its number where the
    paste numbers its rolls from `first` (review: "5000: 1-1 1-7" was "roll 2: 7 is not a face", of roll 5,001).
    verifier.js's `rollBefore` says the same."""
    return read if first is None else first + read - 1


def _number(line: str, sides: Sequence[int]) -> _Number | None:
    """The number a line starts with, if it starts with one."""
    found = _NUMBER.match(line)
    if found is None:
        return None
    word, hash_, digits, mark = found.groups()
    rest = line[found.end() :]
    if word or hash_ or (mark and not mark.isspace()):
        return int(digits), rest, True
    if not rest or rest.isspace():
        return None  # bare digits alone on their line are rolls ("25", a link's "6344")
    return int(digits), rest, not _could_be_rolls(digits, sides)


def _number_then_dice(
    at: int, line: str, rest: str, sides: Sequence[int], link_at: int | None = None, *, as_roll: bool = False
) -> str | None:
    """Where line `at` starts with bare digits, read as its roll's number, and `rest`, what follows them, is dice each
    a digit alone, fewer than a roll or more: that the first number was read so, and a roll written as it should be
    (support review: a sheet's columns of dice, `4<tab>1` and `4<tab>1<tab>2<tab>6`, were "'1' is one die", the 4
    taken as the roll's number unsaid). The example is the first roll of the dice, or else of the line's digits, where
    they make whole rolls (`1<tab>4<tab>1`, a number column beside two dice columns, is 4-1). None for any other line.
    `as_roll`: the digits could be a roll and were read as one, the lines not counting up (`12 3 4`): said so, with how
    to number a line so that they are its number. `link_at`: the line is a link's rolls, after that many of them: a
    link has no lines and its rolls are copied, not typed, so the dice left are named by their roll alone, written as
    the game writes them, and the link is to be copied again (review: "line 1: … write each roll's 2 dice together" of
    a link's rolls). verifier.js says the same."""
    head = line[: len(line) - len(rest)].strip()
    dice = _tokens(rest)
    if not (head.isascii() and head.isdigit()) or not dice:
        return None
    if not all(len(die) == 1 and die.isascii() and die.isdigit() for die in dice):
        return None
    faces = "".join(dice)
    rolls = next((digits for digits in (faces, head + faces) if _could_be_rolls(digits, sides)), None)
    example = "-".join(rolls[: len(sides)]) if rolls else _example(sides)
    left = f"which leaves {counted(len(dice), 'die', 'dice')}, {_shown(' '.join(dice))}"
    as_rolls = f"{'the roll' if len(head) == len(sides) else 'rolls'} {_written(head, sides)}"
    if link_at is not None:
        # The dice left start the roll after those the digits made, where they were read as rolls
        roll = link_at + (len(head) // len(sides) if as_roll else 0) + 1
        read = as_rolls if as_roll else "a roll's number"
        return (
            f"{_at(None, roll)}: {head} was read as {read}, {left}; the game"
            f" writes each roll's {len(sides)} dice together in a link, such as {example.replace('-', '')}: {COPY_LINK}"
        )
    read = (
        f"was read as {as_rolls} (bare digits number a line only where every line's do, counting the rolls up)"
        if as_roll
        else "was read as its roll's number (a line may start with one)"
    )
    numbered = f", and a line's number with a colon, {head}: {example}" if as_roll else ""
    return (
        f"line {grouped(at)}: its first number, {head}, {read}, {left}; write each roll's {len(sides)} dice together,"
        f" such as {example} or {example.replace('-', '')}{numbered}"
    )


def _written(digits: str, sides: Sequence[int]) -> str:
    """Digits that make whole rolls written as rolls: `1234` as `1-2 3-4`."""
    per_roll = len(sides)
    return " ".join("-".join(digits[at : at + per_roll]) for at in range(0, len(digits), per_roll))


def _could_be_rolls(digits: str, sides: Sequence[int]) -> bool:
    """Whether bare digits read as one or more rolls (`25`, `6344`), so they may not be a number."""
    per_roll = len(sides)
    return len(digits) % per_roll == 0 and all(
        1 <= int(digit) <= sides[at % per_roll] for at, digit in enumerate(digits)
    )


def _counts_up(
    lines: list[tuple[int, str]], numbers: list[_Number | None], table: dict[str, tuple[int, ...]], sides: Sequence[int]
) -> bool:
    """Whether every line starts with a number and, read as numbers, they count the rolls up one after another."""
    if len(lines) < 2:
        return False
    count = 0
    for (at, _), number in zip(lines, numbers, strict=True):
        if number is None or numbers[0] is None or number[0] != numbers[0][0] + count:
            return False
        try:
            count += len(_rolls_of_line(number[1], table, sides, at, count))
        except RecordedError:
            return False
    return True


def _placed(at: int, number: int, before: int, first: int | None, link: bool = False) -> int:
    """The number of the paste's first roll, checked against line `at`, numbered `number`, after `before` rolls.
    `link`: the text is a link's rolls, which have no lines and come from the game: the roll is named alone and the link
    is to be copied again (review: "line 2 is numbered 3, … not in the paste. List every roll" of a link's rolls).
    verifier.js says the same."""
    if first is None:
        if number < before:
            if link:
                raise RecordedError(
                    f"roll {grouped(number)} follows {counted(before, 'roll', 'rolls')} in the link, which its number"
                    f" does not count: {COPY_LINK}"
                )
            raise RecordedError(
                f"line {grouped(at)} is numbered {grouped(number)}, but {counted(before, 'roll comes', 'rolls come')}"
                " before it: the numbers must count every roll, one after another"
            )
        return number - before
    expected = first + before
    if number > expected:
        missing = f"{span('roll', 'rolls', expected, number - 1)} {'is' if number == expected + 1 else 'are'}"
        if link:
            raise RecordedError(
                f"roll {grouped(number)} follows roll {grouped(expected - 1)}, and {missing} not in the link:"
                f" {COPY_LINK}"
            )
        raise RecordedError(
            f"line {grouped(at)} is numbered {grouped(number)}, but the rolls above it end at roll"
            f" {grouped(expected - 1)}: {missing} not in the paste. List every roll, in order, or leave the numbers out"
        )
    if number < expected:
        if link:
            # said plainly, a roll again or one before the first (review: "follows rolls 3 and 4 in the link, listed
            # twice or out of order")
            after = f"after roll {grouped(expected - 1)}"
            if number == expected - 1:
                after = "twice in a row"
            elif number >= first:
                after = f"again {after}"
            else:
                after = f"out of order, {after}"
            raise RecordedError(f"roll {grouped(number)} comes {after} in the link: {COPY_LINK}")
        # one roll is said as one (review: "already run from 5 to 5")
        held = span("roll", "rolls", first, expected - 1)
        raise RecordedError(
            f"line {grouped(at)} is numbered {grouped(number)}, but the lines above it already hold {held}: number each"
            " line by its first roll and list each roll once, in order, or leave the numbers out"
        )
    return first


def _rolls_of_line(
    text: str,
    table: dict[str, tuple[int, ...]],
    sides: Sequence[int],
    at: int,
    before: int,
    link: bool = False,
    last: bool = True,
) -> list[tuple[int, ...]]:
    """The rolls written on line `at` (without its number), after the roll a message names `before` (`_roll_before`:
    the rolls above it counted, or the paste's own number of the last of them) (`link`: a link's rolls, whose rolls
    are named without a line: a link is copied, not written in lines; `last`: the line is the text's last, where a link
    cut short ends)."""
    tokens = _tokens(text)
    known = list(map(table.get, tokens))
    if all(known):  # every token a plain roll (a non-empty tuple): the whole line in one step
        return known  # type: ignore[return-value]
    rolls: list[tuple[int, ...]] = []
    for n, (token, roll) in enumerate(zip(tokens, known, strict=True), start=1):
        if roll is not None:
            rolls.append(roll)
        else:
            ends = last and n == len(tokens)
            rolls.extend(_roll_from_token(token, sides, None if link else at, before + len(rolls) + 1, link, ends))
    return rolls


def _tokens(text: str) -> list[str]:
    """A line's tokens: what whitespace, commas and semicolons separate. `str.split` splits on exactly the
    whitespace `\\s` matches (both ask `str.isspace`), and in one C call: a line without a comma or a
    semicolon, nearly every line, is split by it."""
    if "," in text or ";" in text:
        return [token for token in _TOKEN_SPLIT.split(text) if token]
    return text.split()


def _from_numbers(text: str, sides: Sequence[int], link: bool = False) -> list[tuple[int, ...]]:
    """Dice with two-digit faces, which cannot be run together: one roll's faces however separated
    (daily's `3 5 7 10 12 20`), or several rolls each written with its faces joined (`3-2,2-11`). `link`: the text is
    a link's rolls, which a chat or a mail program may have cut short."""
    # Faces are parted by what parts a roll's dice (`_DIE_SPLIT`: an en dash, a colon, an x too) or rolls (review: a
    # roll written 3–5–7–10–12–20 was read as one face)
    numbers = [t for t in _NUMBER_SPLIT.split(text) if t]
    rolls = [t for t in _TOKEN_SPLIT.split(text) if t]
    if len(numbers) != len(sides) and len(rolls) > 1 and all(len(_DIE_SPLIT.split(t)) == len(sides) for t in rolls):
        return _from_list(list(rolls), sides)
    if numbers and len(numbers) != len(sides):  # said of the text as typed, not of a list it never was (review)
        numbered = _NUMBER.match(text)
        if _ROLL_WORD.match(text) or (numbered and numbered["mark"].strip()):
            # "Roll 1: 3-5-7-10-12-20": its number is no face (review J: "8 faces")
            raise RecordedError(f"roll 1: a day's one roll is its {len(sides)} faces alone, with no number before them")
        if (word := _word(numbers)) is not None:
            # Support review: "d4: 3 d6: 3 …", the dice's names beside their faces, was "12 faces", the names counted
            raise _beside(word, sides, link)
        # In a link, fewer faces than a roll are a link cut short (support review: "roll 1: 4 faces", no word of why)
        cut = (
            f"; the link's rolls end short of the day's {len(sides)} faces: it was cut short; {COPY_LINK}"
            if link and len(numbers) < len(sides)
            else ""
        )
        raise RecordedError(
            f"roll 1: {counted(len(numbers), 'face', 'faces')}, where a roll has {len(sides)} dice{cut}"
        )
    if (word := _word(numbers)) is not None and _LABEL.match(word):
        # A word and the faces after it that make as many pieces as a roll has dice (review: a day's link's
        # `white:1-5-3-2-3` was "'white' is not a die face")
        raise _beside(word, sides, link)
    return _from_list([numbers], sides) if numbers else []


def _word(numbers: list[str]) -> str | None:
    """The first of a day's pieces that is no number: a word, or a face written otherwise."""
    return next((n for n in numbers if not (n.isascii() and n.isdigit())), None)


def _beside(word: str, sides: Sequence[int], link: bool) -> RecordedError:
    """A word written beside a day's faces, a die's name or a player's label; a link's rolls are copied, not typed,
    again (review). verifier.js says the same."""
    again = f"; the link's rolls hold a word: {COPY_LINK}" if link else ""
    return RecordedError(
        f"roll 1: {_shown(word)} is no face: a day's one roll is its {len(sides)} faces alone, with no dice's names or"
        f" other words beside them{again}"
    )


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
    if (plain := _plain(value, sides)) is not None:
        return plain
    rolls: list[tuple[int, ...]] = []
    # A roll written as text is read in one step, as a line's are
    table = _single_rolls(tuple(sides)) if max(sides) <= 9 else {}
    for n, item in enumerate(value, start=1):
        if isinstance(item, str):
            token = item.strip()
            rolls.extend([roll] if (roll := table.get(token)) else _roll_from_token(token, sides, None, n))
            continue
        if not isinstance(item, list | tuple) or len(item) != per_roll:
            raise RecordedError(
                f"{_at(None, n)}: expected a list of {per_roll} dice, got {repr_of(item, most=200)}"[:200]
            )
        faces = []
        for face, s in zip(item, sides, strict=True):
            if isinstance(face, bool) or not isinstance(face, int | str):
                raise RecordedError(f"{_at(None, n)}: {repr_of(face, most=200)} is not a die face"[:200])
            faces.append(_die(str(face).strip(), s, None, n))
        rolls.append(tuple(faces))
    return rolls


def read_recorded(value: object, sides: Sequence[int], *, link: bool = False) -> Paste:
    """Read recorded rolls for dice with these `sides` (one entry per die of a roll), with the paste's numbers.

    Accepts a list of dice lists, or text: `6-3 4-4`, `63 44`, `6:3`, numbered lines (`1: 6-3`,
    `#1 2-5`, `Roll 1: 2-5`, `1 25`), the digit string of a link (`6344`), or JSON. Raises
    `RecordedError` on anything else, and on numbers that skip or repeat a roll. `link`: the text is a link's
    `rolls`: digits that end inside a roll, one alone too, are said to be a roll cut short, the link to be copied again.
    """
    if isinstance(value, str):
        return _from_text(value, sides, link)
    if isinstance(value, list | tuple):
        return Paste(_from_list(list(value), sides))
    raise RecordedError("must be text such as '6-3 4-4' or a list of dice lists")


def parse_recorded(value: object, sides: Sequence[int]) -> list[tuple[int, ...]]:
    """The rolls of `read_recorded`, without the paste's numbers."""
    return read_recorded(value, sides).rolls
