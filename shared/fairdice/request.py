"""What every verify request shares: the scheme's tag, the recorded rolls and their limits.

Each scheme's own request model (in its room under `fairdice.schemes`) derives from one of these.
"""

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    ModelWrapValidatorHandler,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from fairdice.fields import DEFAULT_ROLLS, MAX_ROLLS, Count, RecordedInput, field_error, in_link, named
from fairdice.prose import COPY_LINK, ends, repr_of
from fairdice.prose import number as grouped
from fairdice.recorded import Paste, RecordedError, read_recorded

_NUMBERED_FROM = "numbered_from"


def _misnumbered(info: ValidationInfo, of_link: str, of_paste: str) -> PydanticCustomError:
    """A numbered paste's rolls that cannot be placed, said of a link where one is read: a link is no paste, and its
    rolls come from the game, so it is to be copied again (review)."""
    return field_error("recorded", f"{of_link} {COPY_LINK}" if in_link(info) else of_paste)


class RequestBase(BaseModel):
    """What every verify request shares: the scheme, recorded rolls and their limits."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    SIDES: ClassVar[tuple[int, ...]] = (6, 6)
    REVEALED_FIELD: ClassVar[str] = ""
    SEAL_FIELD: ClassVar[str] = ""

    if TYPE_CHECKING:  # each scheme's model declares it as its own id, the union's tag, after its other fields
        scheme: str
    recorded: RecordedInput = None

    @model_validator(mode="wrap")
    @classmethod
    def _numbered_paste(cls, data: Any, handler: ModelWrapValidatorHandler[Self], info: ValidationInfo) -> Self:
        # Pasted text is read once, here: its lines' numbers say where its rolls sit (`_placed`).
        paste = None
        if isinstance(data, dict) and isinstance(data.get("recorded"), str):
            try:
                paste = read_recorded(data["recorded"], cls.SIDES)
            except RecordedError:
                pass  # the field's own validation says what is wrong, beside any other problem
            else:
                data = {**data, "recorded": paste}
                if paste.first_number is not None:
                    data = cls._placed(data, paste, paste.first_number, info)
        request = handler(data)
        if paste is not None and paste.first_number is not None:
            # Kept where pydantic keeps private attributes (compared and copied with the fields, never serialised), but
            # not declared as one: pydantic then sets a request's private attributes up by a hook of every class of its
            # hierarchy, four calls for each narde request, a tenth of its validation.
            object.__setattr__(request, "__pydantic_private__", {_NUMBERED_FROM: paste.first_number})
        return request

    @classmethod
    def _placed(cls, data: dict[str, Any], paste: Paste, number: int, info: ValidationInfo) -> dict[str, Any]:
        """The request's fields with a numbered paste's rolls placed, `number` its first roll's. By default a scheme's
        rolls are told apart by their place in the request alone (labels, turns), so a paste may only be numbered from
        1, its first roll."""
        if number != 1:
            raise _misnumbered(
                info,
                f"roll {grouped(number)} is the link's first roll, but these rolls are told apart by their labels,"
                " not by numbers:",
                f"is numbered from {grouped(number)}, but these rolls are told apart by their labels, not by"
                " numbers: number the paste from 1, its first roll, or leave the numbers out",
            )
        return data

    @property
    def numbered_from(self) -> int | None:
        """The number a pasted list of recorded rolls gave its first roll (None: the paste was not numbered)."""
        return (self.__pydantic_private__ or {}).get(_NUMBERED_FROM)

    @field_validator("recorded", mode="before")
    @classmethod
    def _read_recorded(cls, value: object, info: ValidationInfo) -> list[tuple[int, ...]] | None:
        if value is None:
            return None
        try:
            # A link's rolls are read as a paste's, but said as a link's where it may have been cut short
            rolls = (
                value.rolls if isinstance(value, Paste) else read_recorded(value, cls.SIDES, link=in_link(info)).rolls
            )
        except RecordedError as exc:
            raise ValueError(str(exc)) from None
        if len(rolls) > MAX_ROLLS:
            raise ValueError(f"has {grouped(len(rolls))} rolls, more than the limit of {grouped(MAX_ROLLS)}")
        # An empty paste is a field left blank: comparing nothing must not make a verdict fair.
        return rolls or None

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        # Up to 10,000 recorded rolls are summed up: a request's repr is logged (Powertools formats
        # a route's arguments for its debug line on every request, debug on or not).
        for name, value in super().__repr_args__():
            yield name, (f"<{len(value)} rolls>" if name == "recorded" and value is not None else value)

    @property
    def count_is_free(self) -> bool:
        """Whether `count` alone would say how many rolls there are (no other field fixes it)."""
        return True

    @classmethod
    def first_rolls(cls, fields: dict[str, Any], size: int) -> dict[str, Any]:
        """The request's JSON fields changed to describe just its first `size` rolls (one roll: unchanged)."""
        return fields

    @property
    def secret_hex(self) -> str | None:
        """The revealed secret, under whatever name the scheme's seed gives it."""
        value: str | None = getattr(self, self.REVEALED_FIELD, None)
        return value

    @property
    def seal_hex(self) -> str | None:
        """The seal shown before the game, under the seed's own name, if given."""
        value: str | None = getattr(self, self.SEAL_FIELD, None)
        return value


class CountedRequest(RequestBase):
    """A scheme whose rolls are counted: `count` rolls, or as many as recorded, or DEFAULT_ROLLS."""

    count: Count | None = None

    @property
    def roll_count(self) -> int:
        """How many rolls to recompute: the count, else one per recorded roll, else the default listing."""
        if self.count is not None:
            return self.count
        if self.recorded is not None:
            return len(self.recorded)
        return self.default_count

    @property
    def default_count(self) -> int:
        """How many rolls are listed when neither count nor recorded rolls are given."""
        return DEFAULT_ROLLS

    @classmethod
    def first_rolls(cls, fields: dict[str, Any], size: int) -> dict[str, Any]:
        """The request's JSON fields changed to describe just its first `size` rolls."""
        return {**fields, "count": size}


class NumberedRequest(CountedRequest):
    """A scheme whose rolls are numbered through the game from FIRST; `first` says where a request starts.

    A game fairdice checks has at most MAX_ROLLS rolls, so no roll numbered past LAST exists: a bound
    on what anyone can ask for, not only on what one request computes.
    """

    FIRST: ClassVar[int] = 0
    LAST: ClassVar[int] = MAX_ROLLS - 1

    if TYPE_CHECKING:  # each scheme declares it with its own bounds
        first: int

    @classmethod
    def _placed(cls, data: dict[str, Any], paste: Paste, number: int, info: ValidationInfo) -> dict[str, Any]:
        """A numbered paste's first number, `number`, is its first roll's number in the game: `first` when first is
        not given. Given, first must say the same. Either way the request is one that could be sent with `first` and no
        numbers, so a number can place rolls but never make them a whole game they are not."""
        given, first = data.get("first"), named(info, "first")
        if given is not None:
            same = given == number if isinstance(given, int) and not isinstance(given, bool) else given == str(number)
            if not same and (isinstance(given, int) or str(given).isdecimal()):
                shown = repr_of(given) if isinstance(given, bool) else given  # true as JSON writes it, not True
                raise _misnumbered(
                    info,
                    f"roll {grouped(number)} is the link's first roll, but {first} is {shown}: the two must say the"
                    " same;",
                    f"is numbered from {grouped(number)}, but {first} is {shown}: the paste's numbers and {first} must"
                    " say the same (or leave one of them out)",
                )
            return data  # the same number, or a first that its own validation refuses
        last = number + len(paste.rolls) - 1
        if number < cls.FIRST:
            raise _misnumbered(
                info,
                f"roll {grouped(number)} is the link's first roll, but this scheme numbers its rolls from"
                f" {grouped(cls.FIRST)}:",
                f"is numbered from {grouped(number)}, but this scheme numbers its rolls from {grouped(cls.FIRST)}",
            )
        if last > cls.LAST:
            raise _misnumbered(  # of a link, its first roll past the last
                info,
                f"roll {grouped(max(number, cls.LAST + 1))} of the link is past {grouped(cls.LAST)}, the last number"
                " a game reaches:",
                f"is numbered {ends(number, last, grouped)}, past {grouped(cls.LAST)}, the last number a game reaches",
            )
        return {**data, "first": number}

    @property
    def default_count(self) -> int:
        """The default listing, cut at the last number a game reaches."""
        return min(DEFAULT_ROLLS, self.LAST - self.first + 1)

    @model_validator(mode="after")
    def _within_a_game(self, info: ValidationInfo) -> "NumberedRequest":
        last = self.first + self.roll_count - 1
        if last > self.LAST:
            raise field_error(
                "first",
                f"rolls {ends(self.first, last, grouped)} go past {grouped(self.LAST)}, the last a game reaches"
                f" ({named(info, 'first')} is {grouped(self.FIRST)} at a game's start)",
            )
        return self
