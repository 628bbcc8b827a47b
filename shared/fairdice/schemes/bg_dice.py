"""`bg-dice-v1` (seed 001, a game against a bot): opening roll-offs, then turns, labelled rolls.

The opening roll is `bg-dice-v1:opening:0` (`:1`, `:2`… after a tie; your die first) and its
winner plays it as turn 1, so turns go on at `turn:2`; a later game of a match has no opening and
starts at `turn:1`. After take-backs in a Practice game the rolls carry on from a fresh line:
`…:turn:7:line:1`. A request may also list the labels itself.
"""

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise, takewhile
from operator import eq
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, JsonValue, ValidationInfo, WithJsonSchema, model_validator

from fairdice.dice import Mac, Roll, Rolls, keyed_mac
from fairdice.errors import InvalidInput
from fairdice.fields import MAX_ROLLS, WHOLE_NUMBER, YES_OR_NO, Key32, Seal, field_error, named
from fairdice.prose import span
from fairdice.request import CountedRequest
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    Case,
    Example,
    GameParts,
    Hypothesis,
    LinkParam,
    Scheme,
    Words,
    labels_of,
    or_placeholder,
    start_of,
)
from fairdice.schemes.labelled import (
    STEPS,
    dice_for,
    labelled,
    labelled_rolls,
    recipe_code,
    tied_at_the_end,
    unfinished,
)
from fairdice.verdict import GameInput, Scope, Verdict

BOT = "bg-dice-v1"
SEATS = ("you", "bot")
MAX_LABELS = MAX_ROLLS
MAX_TURN = MAX_ROLLS  # a game has at most as many turns as fairdice takes it to have rolls
MAX_TAKE_BACKS = 1_000  # take-back lines of one Practice game
MAX_SHIFT = 3  # turn numbers tried either side of the first one
OPENING_DESCRIPTION = (
    "whether the game began with an opening roll: yes for a single game or a match's first game, no for a later game"
    " of a match"
)
TRIED_LINES = 3  # take-back lines the diagnosis tries
_TURN = re.compile(r":turn:([0-9]+)")
_GAME_STARTS = frozenset({"bg-dice-v1:opening:0", "bg-dice-v1:turn:1"})  # a bot game's first roll, opening or none
# Numbers in the digits 0-9 only, without leading zeros: one spelling per label, so none can be searched over.
_BOT_LABEL = re.compile(
    r"bg-dice-v1:(?:opening:(0|[1-9][0-9]{0,4})|turn:([1-9][0-9]{0,4})(?::line:([1-9][0-9]{0,3}))?)"
)


def first_turn_of(opening: bool, first_turn: int | None) -> int:
    """The turn a game's turns start at: `first_turn` where given, else 2 after the opening roll (its winner plays it as
    turn 1), else 1 (a later game of a match)."""
    return first_turn if first_turn is not None else (2 if opening else 1)


@dataclass(frozen=True)
class Label:
    """A bot game's label, read: an opening roll-off k, or a turn on a take-back line (0: none taken back)."""

    text: str
    opening: int | None
    turn: int | None
    line: int

    @classmethod
    def read(cls, text: str) -> "Label":
        """The parts of a label that `BotLabel` accepted."""
        found = _BOT_LABEL.fullmatch(text)
        assert found is not None, text
        return cls(text, *_numbers(found))


def _numbers(found: re.Match[str]) -> tuple[int | None, int | None, int]:
    """A label's opening roll-off, turn and take-back line (0: none), from its match of the labels' pattern."""
    opening, turn, line = found.groups()
    return None if opening is None else int(opening), None if turn is None else int(turn), int(line or 0)


def _bot_label(value: object) -> str:
    found = _BOT_LABEL.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise ValueError(
            "a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1, its numbers in"
            " the digits 0-9 without leading zeros"
        )
    # From this match, not by `Label.read`, which would match the label again: the request's check reads each whole
    _, turn, line = _numbers(found)
    if (turn or 0) > MAX_TURN or line > MAX_TAKE_BACKS:
        raise ValueError(f"turns run to {MAX_TURN} and take-back lines to {MAX_TAKE_BACKS} in a game")
    return found.group(0)


BotLabel = Annotated[
    str,
    BeforeValidator(_bot_label),
    WithJsonSchema({"type": "string", "pattern": _BOT_LABEL.pattern}),
]


class BgDiceRequest(CountedRequest):
    """Seed 001 against a bot: opening roll-offs, then turns; take-back lines; or explicit labels."""

    REVEALED_FIELD: ClassVar[str] = "key"
    SEAL_FIELD: ClassVar[str] = "lock"

    scheme: Literal["bg-dice-v1"]
    key: Key32
    lock: Seal | None = None
    # None: not said, so yes unless labels are given, which say it themselves
    opening: Annotated[
        bool | None, Field(description=f"{OPENING_DESCRIPTION}; not given: yes, or what the labels say"), YES_OR_NO
    ] = None
    first_turn: (
        Annotated[
            int,
            Field(ge=1, le=MAX_TURN, description="the first turn listed: 2 after the opening, 1 in a later game"),
            WHOLE_NUMBER,
        ]
        | None
    ) = None
    line: Annotated[
        int,
        Field(ge=0, le=MAX_TAKE_BACKS, description="take-backs made before these rolls (Practice games)"),
        WHOLE_NUMBER,
    ] = 0
    labels: (
        Annotated[
            list[BotLabel],
            Field(
                min_length=1,
                max_length=MAX_LABELS,
                description="the rolls' own labels in order (bg-dice-v1:opening:0, bg-dice-v1:turn:2, …), instead of"
                " opening, first_turn and line",
            ),
        ]
        | None
    ) = None

    @model_validator(mode="after")
    def _a_piece_of_a_game(self, info: ValidationInfo) -> "BgDiceRequest":
        count, first_turn, opening, line = (named(info, name) for name in ("count", "first_turn", "opening", "line"))
        if self.labels is not None:
            if self.count is not None and self.count != len(self.labels):
                raise field_error("count", f"{count} is {self.count} but {len(self.labels)} labels were given")
            if self.first_turn is not None or self.line:
                raise field_error(
                    "labels", f"labels list every roll already: leave {opening}, {first_turn} and {line} out"
                )
            labels = [Label.read(text) for text in self.labels]
            said = opening_of(labels[0])
            if self.opening is not None and said is not None and self.opening != said:
                # An answer the labels contradict is not taken silently, whichever it is (review: false was refused
                # with labels that agreed, true taken with labels that did not)
                raise field_error(
                    "opening",
                    f"{opening} says the game began {'with' if self.opening else 'without'} an opening roll, but the"
                    f" labels start with {labels[0].text}, {_FIRST_ROLLS[said]}: leave {opening} out, the labels say"
                    " it",
                )
            opened = labels[0].opening is not None  # roll-offs come first in a list, or not at all
            for at, (before, label) in enumerate(pairwise(labels), start=1):
                expected = _what_follows(before, label, opened)
                if expected is not None:
                    raise field_error(
                        f"labels[{at}]", f"{label.text} cannot follow {before.text} in a game: {expected} comes next"
                    )
        elif self.has_opening and self.first_turn not in (None, 2):
            raise field_error(
                "first_turn",
                f"after the opening roll the turns go on at turn 2 (its winner plays it as turn 1): leave {first_turn}"
                f" out, or give {opening} false for rolls that start at another turn",
            )
        else:
            # As labels are bounded: the turns these rolls reach stay within a game's (the opening's roll-offs and
            # its tie-breaks take rolls of their own, so with an opening the last turn is below this)
            start = first_turn_of(self.has_opening, self.first_turn)
            last = start + self.roll_count - (2 if self.has_opening else 1)
            if last > MAX_TURN:
                raise field_error(
                    "count",
                    f"{count} {self.roll_count:,} from turn {start} runs to turn {last:,}: turns run to {MAX_TURN:,}"
                    " in a game",
                )
        return self

    @property
    def has_opening(self) -> bool:
        """Whether the rolls asked for by turn begin with the opening roll: yes unless `opening` says no."""
        return self.opening is not False

    @property
    def roll_count(self) -> int:
        """How many rolls to recompute: one per label when labels are given."""
        return len(self.labels) if self.labels is not None else super().roll_count

    @property
    def count_is_free(self) -> bool:
        """The labels, when given, fix how many rolls there are."""
        return self.labels is None

    @classmethod
    def first_rolls(cls, fields: dict[str, Any], size: int) -> dict[str, Any]:
        """The first `size` labels when labels are listed, else the first `size` rolls."""
        labels = fields.get("labels")
        if isinstance(labels, list):
            return {**fields, "labels": labels[:size], "count": None}
        return super().first_rolls(fields, size)


def opening_of(first: Label) -> bool | None:
    """Whether a game whose listed rolls start at `first` began with an opening roll: yes from a roll-off, no from a
    later game's turn 1 (on no take-back line); None from mid-game, which does not say."""
    if first.opening is not None:
        return True
    if first.turn == 1 and not first.line:
        return False
    return None


# What a game's first roll is, as `opening_of` reads it
_FIRST_ROLLS = {True: "its opening roll", False: "a later game of a match's first roll"}


def _what_follows(before: Label, label: Label, opened: bool) -> str | None:
    """None when `label` can come right after `before` in a game, else what can (ties are checked with the dice).
    `opened`: the game began with an opening roll, whose winner plays it as turn 1, so it never rolls turn 1."""
    if before.opening is not None:
        # Turn 2 on any line: taking back turn 1's move (the opening roll's) rolls nothing, however often it is done
        if label.opening == before.opening + 1 or label.turn == 2:
            return None
        return (
            f"{BOT}:opening:{before.opening + 1} (after a tie) or {BOT}:turn:2 (after take-backs of turn 1's move,"
            f" {BOT}:turn:2:line:1 and on)"
        )
    turn = before.turn or 0
    # A take-back to turn 1's move in a game that began with an opening roll keeps that roll: turn 2 comes next
    least = 2 if opened else 1
    if label.opening is None and label.turn is not None:
        if (label.line, label.turn) == (before.line, turn + 1):
            return None
        # Take-backs: the rolls carry on from a fresh line for each, at the turn taken back to; two with no roll
        # between them (a move taken back twice, its dice kept) leave a line unrolled, as after the opening
        if label.line > before.line and least <= label.turn <= turn + 1:
            return None
    # T: the turn taken back to (review: "{turn}" read as a slip)
    turns = f"a turn T from 2 up to {turn + 1}" if opened else f"a turn T up to {turn + 1}"
    fresh = f"{BOT}:turn:T:line:L for {turns} and a line L from {before.line + 1}"
    why = "; a game that began with an opening roll plays it as turn 1" if opened else ""
    return (
        f"{bot_turn_label(turn + 1, before.line)} or, after take-backs, {fresh} (a fresh line for each take-back{why})"
    )


def bot_turn_label(turn: int, line: int) -> str:
    """`bg-dice-v1:turn:T`, or `…:turn:T:line:L` after L take-backs."""
    return f"{BOT}:turn:{turn}" + (f":line:{line}" if line else "")


def bot_rolls(mac: Mac, opening: bool, first_turn: int | None, line: int, count: int) -> Rolls:
    """A game against a bot; the opening's winner plays it as turn 1, so turns go on at 2."""
    return labelled_rolls(mac, BOT, SEATS, opening, "turn", first_turn_of(opening, first_turn), count, line)


def explicit_rolls(mac: Mac, labels: Sequence[str]) -> Rolls:
    """Rolls for labels the caller lists, in that order."""
    return labelled(mac, list(labels), SEATS)


class BgDice(Scheme[BgDiceRequest]):
    """Seed 001's scheme for games against a bot."""

    request = BgDiceRequest
    words = Words("key", "lock")
    tried = ("numbering", "game of the match", "take-backs", DICE_ORDER)
    link = (
        LinkParam("key", "key"),
        LinkParam("lock", "lock"),
        LinkParam("opening", "opening", "bool"),
        LinkParam("first", "first_turn", "int"),
        LinkParam("line", "line", "int"),
        LinkParam("labels", "labels", "labels", prefix=f"{BOT}:"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("labelled.js", "bg_dice.js")

    def rolls(self, request: BgDiceRequest, secret: bytes) -> Rolls:
        mac = keyed_mac(secret)
        if request.labels is not None:
            return explicit_rolls(mac, request.labels)
        return bot_rolls(mac, request.has_opening, request.first_turn, request.line, request.roll_count)

    game = (
        f"A game against the bot starts with the opening roll {BOT}:opening:0 (then :1, :2 only after a tie; your"
        f" die first), then {BOT}:turn:2, turn:3…; a later game of a match has no opening and starts at {BOT}:turn:1"
        " (opening false). Rolls that start elsewhere (first_turn, or labels from mid-game) are a window: at most"
        " incomplete. Rolls that end at an opening roll that tied are unfinished (the opening is rolled again): at"
        " most incomplete. Rolls on a take-back line (line > 0, or labels with :line:) are at most incomplete."
        f" Turns run to {MAX_TURN:,}, take-back lines to {MAX_TAKE_BACKS:,}; labels are a contiguous piece of a game."
    )
    title = "Backgammon Room, against a bot"
    example = Example(
        "a bot game's opening and first turn, with its lock: fair",
        {
            "key": EXAMPLE_KEY,
            "lock": EXAMPLE_SEAL,
            "labels": ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"],
            "recorded": "4-6 1-3",
        },
    )

    def scope(self, request: BgDiceRequest, rolls: Rolls, secret: bytes) -> Scope:
        """A game from the opening (or from turn 1 in a later game), a window of one, or a take-back line."""
        texts = rolls.labels or []
        if request.labels is not None:
            # Roll-offs lead a game: the opening's labels and the one after them are all the check reads
            openings = sum(1 for _ in takewhile(lambda text: ":opening:" in text, texts))
            _check_openings([Label.read(text) for text in texts[: openings + 1]], rolls, secret)
        count = len(texts)
        on_a_line = next((text for text in texts if ":line:" in text), None)
        line = None if on_a_line is None else Label.read(on_a_line)
        if line is not None:
            return Scope(
                kind="take_back",
                first=1,
                last=count,
                description=f"rolls on take-back line {line.line} (from {line.text}): after a take-back the rolls carry"
                " on from a fresh line, so whoever decides take-backs can choose one, and the rolls taken back are not"
                " shown",
            )
        start, rolls_checked = Label.read(texts[0]), span("roll", "rolls", 1, count)
        if request.line:
            # A line asked for with only the opening roll-off computed: those rolls come before any take-back, but
            # what the request asks for is rolls on a line, never a game.
            return Scope(
                kind="take_back",
                first=1,
                last=count,
                description=f"rolls asked for on take-back line {request.line}: whoever decides take-backs can choose"
                f" one, so rolls asked for on a line are at most incomplete (here {rolls_checked}, from {start.text}:"
                " the opening roll-off, before any take-back)",
            )
        tied = tied_at_the_end(rolls)
        if start.opening == 0 and tied is not None:
            return Scope(
                kind="unfinished",
                first=1,
                last=count,
                description=unfinished(f"{rolls_checked} from the game's start ({start.text})", tied),
            )
        if start.opening == 0:
            return Scope(
                kind="game",
                first=1,
                last=count,
                description=f"{rolls_checked} from the game's start ({start.text})",
            )
        if start.turn == 1:
            return Scope(
                kind="game",
                first=1,
                last=count,
                description=f"{rolls_checked} from the start of a later game of a match ({start.text})",
            )
        return Scope(
            kind="window",
            first=1,
            last=count,
            description=f"rolls from {start.text} only: the game's rolls from {BOT}:opening:0 (or from {BOT}:turn:1"
            " in a later game of a match) are needed",
        )

    def identity(self, request: BgDiceRequest) -> list[GameInput]:
        """Whether the game began with an opening roll. One key rolls a game that does (opening:0, then turn:2…) and
        one that does not (a later game of a match: turn:1, turn:2…), and a bot game has no other input: which game it
        was is the player's to recognise. Labels say it by their first (none when they start mid-game: a window)."""
        opening = request.has_opening if request.labels is None else opening_of(Label.read(request.labels[0]))
        if opening is None:
            return []
        return [GameInput(field="opening", value=opening, description=OPENING_DESCRIPTION)]

    def game_parts(self, request: BgDiceRequest, rolls: Rolls, secret: bytes) -> GameParts:
        """A bot game's rolls are its key's and their labels' alone, so its first label tells games apart, however the
        request wrote them (`opening`, `first_turn`, `line` or `labels`: review, one window written both ways was two
        games). And a game from its first roll, with an opening roll or without, is the key's one game: seed 001 picks
        a key before each game, and the two share every roll from turn:2 on (review: a good game's key filed again
        under another id with `opening: false`, its first roll turn:1, was not found as a repeated game)."""
        start = start_of(rolls)
        named = "the game's first roll" if isinstance(start, str) and start in _GAME_STARTS else start
        return GameParts(self.dice_key(request, secret), [], named)

    def hypotheses(self, case: Case[BgDiceRequest]) -> Iterator[Hypothesis]:
        """Another game of a match (opening or not, turns numbered from elsewhere) and take-back lines."""
        if case.request.labels is None:
            yield from _bot_games(case.request)
            yield from _take_backs(case)

    def field_words(self, name: str, value: JsonValue) -> str | None:
        match name, value:
            case "opening", bool():
                return "an opening roll" if value else "no opening roll"
            case "opening", None:
                return ""  # said by the labels changed with it, or the default: an opening roll
            case "first_turn", int():
                return f"turns from {BOT}:turn:{value}"
            case "first_turn", None:
                return "turns from the game's start"
            case "line", int():
                return f"take-back line {value}" if value else "no take-back"
            case "labels", [str() as first, *_, str() as last]:
                return f"the {len(value)} labels from {first} to {last}"
        return super().field_words(name, value)

    def recipe(self, verdict: Verdict, request: BgDiceRequest | None) -> tuple[str, str]:
        key = or_placeholder(request.key if request is not None else None, "PASTE THE KEY")
        key_lines = f"key = bytes.fromhex({key!r})\nprint(hashlib.sha256(key).hexdigest())  # the lock\n"
        return STEPS, recipe_code(key_lines, list(labels_of(verdict)))


def _check_openings(labels: list[Label], rolls: Rolls, secret: bytes) -> None:
    """A listed opening roll-off is rolled again only after a tie: the dice say which labels can follow."""
    winners = rolls.winners
    first = labels[0].opening if labels else None
    if first:  # a list from opening:k (k > 0) exists only if every roll-off before it tied
        mac = keyed_mac(secret)
        for k in range(first):
            dice = dice_for(mac, f"{BOT}:opening:{k}")
            if dice[0] != dice[1]:
                raise InvalidInput(
                    f"{labels[0].text} is never rolled with this key: {BOT}:opening:{k} gives {dice[0]}-{dice[1]},"
                    " not a tie, so the opening ends there",
                    field="labels[0]",
                )
    for at, (label, following) in enumerate(pairwise(labels)):
        if label.opening is None:
            continue
        tied = winners.get(at) == "tie"
        if tied and following.opening is None:
            raise InvalidInput(
                f"{label.text} is a tie with this key, so the opening is rolled again as"
                f" {BOT}:opening:{label.opening + 1} before {following.text}",
                field=f"labels[{at + 1}]",
            )
        if not tied and following.opening is not None:
            raise InvalidInput(
                f"{label.text} is not a tie with this key, so no {following.text} is rolled: {BOT}:turn:2 comes next",
                field=f"labels[{at + 1}]",
            )


def _bot_games(request: BgDiceRequest) -> Iterator[Hypothesis]:
    """Opening roll on or off, the opening left out of the list, turns numbered from elsewhere."""
    opening = request.has_opening
    start = first_turn_of(opening, request.first_turn)
    if opening:
        yield Hypothesis(
            "opening_roll",
            "the rolls fit a game without an opening roll, starting at bg-dice-v1:turn:1: a later game of a match"
            " has none (its first game does)",
            {"opening": False, "first_turn": None},
        )
        # Turn 2 on is a first game's after its opening roll and a later game's after its turn 1: seed 001's later game
        # of a match "has no opening roll" (review: "the list leaves the opening roll out" of such a game)
        yield Hypothesis(
            "numbering_shifted",
            "the rolls fit bg-dice-v1:turn:2 onward: the list leaves out the game's first roll, its opening roll"
            " (whose winner plays it as turn 1) or, in a later game of a match, which has none, bg-dice-v1:turn:1",
            {"opening": False, "first_turn": 2},
        )
    else:
        yield Hypothesis(
            "opening_roll",
            "the rolls fit a game that begins with an opening roll (bg-dice-v1:opening:0), as a single game or a"
            " match's first game does",
            {"opening": True, "first_turn": None},
        )
    for turn in range(max(1, start - MAX_SHIFT), start + MAX_SHIFT + 1):
        if turn != start:
            yield Hypothesis(
                "numbering_shifted",
                f"the rolls fit turns from bg-dice-v1:turn:{turn}, not turn:{start}: the turns are numbered"
                f" {turn - start:+d} off",
                {"first_turn": turn},
            )


def _take_backs(case: Case[BgDiceRequest]) -> Iterator[Hypothesis]:
    """The whole list on another take-back line, or a take-back part way through it."""
    request = case.request
    lines = sorted({*range(1, TRIED_LINES + 1), request.line + 1} - {request.line})
    for line in lines:
        yield Hypothesis(
            "take_back_line",
            f"the rolls fit take-back line {line} (labels such as bg-dice-v1:turn:7:line:{line}): in a Practice game"
            " the rolls after a take-back carry on from a fresh line",
            {"line": line},
        )
    if case.compared < case.total:
        return  # the labels must list every roll, and only the first MAX_COMPARED are compared
    if case.compared <= case.evidence:
        # A take-back comes after roll 1 at the earliest, so fewer than `evidence` rolls follow it: none is named below,
        # and its rolls are not computed for nothing (the list of mistakes tried reads these hypotheses' kinds alone)
        return
    computed: list[Roll] = list(case.as_given) if case.as_given is not None else []
    split = next(
        (i for i, (roll, seen) in enumerate(zip(computed, case.recorded, strict=False)) if roll.dice != seen), None
    )
    if not split or len(computed) < case.compared:
        return
    turn = _TURN.search(computed[split].label or "")
    if turn is None:
        return  # the rolls part ways in the opening: a take-back cannot come before the first turn
    before = [roll.label or "" for roll in computed[:split]]
    mac = keyed_mac(case.secret)
    starts = [start for start in (int(turn.group(1)) - 1, int(turn.group(1))) if start >= 1]
    shown = case.recorded[split:]
    for line in range(request.line + 1, request.line + TRIED_LINES + 1):
        # The starts tried on a line share every label but the first: each label's dice are computed once
        labels = [bot_turn_label(t, line) for t in range(starts[0], starts[-1] + len(shown))]
        dice = explicit_rolls(mac, labels).dice
        for start in starts:
            at = start - starts[0]
            after = labels[at : at + len(shown)]
            if sum(map(eq, dice[at:], shown)) < case.evidence:
                # The rolls before the split fit as given, so only those after it are evidence of the take-back, and
                # fewer than `evidence` of them fit by chance too often to name one (review: one roll added to a game
                # was "a take-back before roll 5" for 5 of the 36 dice it could show)
                continue
            yield Hypothesis(
                "take_back_line",
                f"the rolls fit a take-back before roll {split + 1}: rolls 1-{split} on the line before, then"
                f" bg-dice-v1:turn:{start}:line:{line} onward (the change lists every label)",
                case.changed({"labels": [*before, *after], "opening": None, "first_turn": None, "line": 0}),
            )


SCHEME = BgDice()
