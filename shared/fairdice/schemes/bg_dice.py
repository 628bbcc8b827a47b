"""`bg-dice-v1` (seed 001, a game against a bot): opening roll-offs, then turns, labelled rolls.

The opening roll is `bg-dice-v1:opening:0` (`:1`, `:2`… after a tie; your die first) and its
winner plays it as turn 1, so turns go on at `turn:2`; a later game of a match has no opening and
starts at `turn:1`. After take-backs in a Practice game the rolls carry on from a fresh line:
`…:turn:7:line:1`. A request may also list the labels itself.
"""

import re
from collections.abc import Iterator, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, model_validator

from fairdice.dice import Mac, Roll, Rolls, keyed_mac
from fairdice.fields import MAX_ROLLS, NOT_A_BOOL, Seal, Secret, field_error
from fairdice.request import CountedRequest
from fairdice.schemes.base import Case, Hypothesis, LinkParam, Scheme, Words, labels_of, or_placeholder
from fairdice.schemes.labelled import STEPS, labelled, labelled_rolls, recipe_code
from fairdice.verdict import Verdict

BOT = "bg-dice-v1"
SEATS = ("you", "bot")
MAX_LABELS = MAX_ROLLS
MAX_SHIFT = 3  # turn numbers tried either side of the first one
MAX_LINE = 3  # take-back lines tried
_TURN = re.compile(r":turn:(\d+)")
_BOT_LABEL = re.compile(r"bg-dice-v1:(opening:\d{1,9}|turn:\d{1,9}(:line:\d{1,9})?)")


def _bot_label(value: object) -> str:
    if not isinstance(value, str) or not _BOT_LABEL.fullmatch(value):
        raise ValueError("a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1")
    return value


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
    key: Secret
    lock: Seal | None = None
    opening: bool = True
    first_turn: Annotated[int, Field(ge=1, le=10**9), NOT_A_BOOL] | None = None
    line: Annotated[int, Field(ge=0, le=10**9), NOT_A_BOOL] = 0
    labels: Annotated[list[BotLabel], Field(min_length=1, max_length=MAX_LABELS)] | None = None

    @model_validator(mode="after")
    def _labels_alone(self) -> "BgDiceRequest":
        if self.labels is not None:
            if self.count is not None and self.count != len(self.labels):
                raise field_error("count", f"count is {self.count} but {len(self.labels)} labels were given")
            if not self.opening or self.first_turn is not None or self.line:
                raise field_error("labels", "labels list every roll already: leave opening, first_turn and line out")
        return self

    def _needs_count(self) -> bool:
        return self.labels is None

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


def bot_turn_label(turn: int, line: int) -> str:
    """`bg-dice-v1:turn:T`, or `…:turn:T:line:L` after L take-backs."""
    return f"{BOT}:turn:{turn}" + (f":line:{line}" if line else "")


def bot_rolls(mac: Mac, opening: bool, first_turn: int | None, line: int, count: int) -> Rolls:
    """A game against a bot; the opening's winner plays it as turn 1, so turns go on at 2."""
    start = first_turn if first_turn is not None else (2 if opening else 1)
    return labelled_rolls(mac, BOT, SEATS, opening, "turn", start, count, line)


def explicit_rolls(mac: Mac, labels: Sequence[str]) -> Rolls:
    """Rolls for labels the caller lists, in that order."""
    return labelled(mac, list(labels), SEATS)


class BgDice(Scheme[BgDiceRequest]):
    """Seed 001's scheme for games against a bot."""

    request = BgDiceRequest
    words = Words("key", "lock")
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

    def rolls(self, request: BgDiceRequest, secret: bytes) -> Rolls:
        mac = keyed_mac(secret)
        if request.labels is not None:
            return explicit_rolls(mac, request.labels)
        return bot_rolls(mac, request.opening, request.first_turn, request.line, request.roll_count)

    def hypotheses(self, case: Case[BgDiceRequest]) -> Iterator[Hypothesis]:
        """Another game of a match (opening or not, turns numbered from elsewhere) and take-back lines."""
        if case.request.labels is None:
            yield from _bot_games(case.request)
            yield from _take_backs(case)

    def recipe(self, verdict: Verdict, request: BgDiceRequest | None) -> tuple[str, str]:
        key = or_placeholder(request.key if request is not None else None, "PASTE THE KEY")
        key_lines = f"key = bytes.fromhex({key!r})\nprint(hashlib.sha256(key).hexdigest())  # the lock\n"
        return STEPS, recipe_code(key_lines, list(labels_of(verdict)))


def _bot_games(request: BgDiceRequest) -> Iterator[Hypothesis]:
    """Opening roll on or off, the opening left out of the list, turns numbered from elsewhere."""
    opening = request.opening
    start = request.first_turn if request.first_turn is not None else (2 if opening else 1)
    if opening:
        yield Hypothesis(
            "opening_roll",
            "the rolls fit a game without an opening roll, starting at bg-dice-v1:turn:1: a later game of a match"
            " has none (its first game does)",
            {"opening": False, "first_turn": None},
        )
        yield Hypothesis(
            "numbering_shifted",
            "the rolls fit bg-dice-v1:turn:2 onward: the list leaves the opening roll out (its winner plays it as"
            " turn 1)",
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
    lines = sorted({*range(1, MAX_LINE + 1), request.line + 1} - {request.line})
    for line in lines:
        yield Hypothesis(
            "take_back_line",
            f"the rolls fit take-back line {line} (labels such as bg-dice-v1:turn:7:line:{line}): in a Practice game"
            " the rolls after a take-back carry on from a fresh line",
            {"line": line},
        )
    if case.compared < case.total:
        return  # the labels must list every roll, and only the first MAX_COMPARED are compared
    probe = case.probe({})
    computed: list[Roll] = list(case.rolls(probe)) if probe is not None else []
    split = next(
        (i for i, (roll, seen) in enumerate(zip(computed, case.recorded, strict=False)) if roll.dice != seen), None
    )
    if not split or len(computed) < case.compared:
        return
    turn = _TURN.search(computed[split].label or "")
    if turn is None:
        return  # the rolls part ways in the opening: a take-back cannot come before the first turn
    before = [roll.label or "" for roll in computed[:split]]
    for line in range(request.line + 1, request.line + MAX_LINE + 1):
        for start in (int(turn.group(1)) - 1, int(turn.group(1))):
            if start < 1:
                continue
            after = [bot_turn_label(t, line) for t in range(start, start + case.compared - split)]
            yield Hypothesis(
                "take_back_line",
                f"the rolls fit a take-back before roll {split + 1}: rolls 1-{split} on the line before, then"
                f" bg-dice-v1:turn:{start}:line:{line} onward (try lists every label)",
                case.changed({"labels": [*before, *after], "opening": True, "first_turn": None, "line": 0}),
            )


SCHEME = BgDice()
