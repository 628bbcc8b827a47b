"""What every verify request shares: the scheme's tag, the recorded rolls and their limits.

Each scheme's own request model (in its room under `fairdice.schemes`) derives from one of these.
"""

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from fairdice.fields import MAX_ROLLS, Count, RecordedInput, field_error
from fairdice.recorded import RecordedError, parse_recorded


class RequestBase(BaseModel):
    """What every verify request shares: the scheme, recorded rolls and their limits."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    SIDES: ClassVar[tuple[int, ...]] = (6, 6)
    REVEALED_FIELD: ClassVar[str] = ""
    SEAL_FIELD: ClassVar[str] = ""

    if TYPE_CHECKING:  # each scheme's model declares it as its own id, the union's tag, after its other fields
        scheme: str
    recorded: RecordedInput = None

    @field_validator("recorded", mode="before")
    @classmethod
    def _read_recorded(cls, value: object) -> list[tuple[int, ...]] | None:
        if value is None:
            return None
        try:
            rolls = parse_recorded(value, cls.SIDES)
        except RecordedError as exc:
            raise ValueError(str(exc)) from None
        if len(rolls) > MAX_ROLLS:
            raise ValueError(f"has {len(rolls)} rolls, more than the limit of {MAX_ROLLS}")
        # An empty paste is a field left blank: comparing nothing must not make a verdict fair.
        # The field's own validation then turns each roll's tuple into a list.
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
    """A scheme whose rolls are numbered: `count` rolls from `first`, or as many as recorded."""

    FIRST: ClassVar[int] = 0
    count: Count | None = None

    @model_validator(mode="after")
    def _count_or_recorded(self) -> "CountedRequest":
        if self.count is None and self.recorded is None and self._needs_count():
            raise field_error("count", "give count (how many rolls to compute) or the recorded rolls")
        return self

    def _needs_count(self) -> bool:
        return True

    @property
    def roll_count(self) -> int:
        """How many rolls to recompute."""
        if self.count is not None:
            return self.count
        return len(self.recorded or [])

    @classmethod
    def first_rolls(cls, fields: dict[str, Any], size: int) -> dict[str, Any]:
        """The request's JSON fields changed to describe just its first `size` rolls."""
        return {**fields, "count": size}


class NumberedRequest(CountedRequest):
    """A scheme whose rolls are numbered through the game from FIRST; `first` says where a request starts.

    A game fairdice checks has at most MAX_ROLLS rolls, so no roll numbered past LAST exists: a bound
    on what anyone can ask for, not only on what one request computes.
    """

    LAST: ClassVar[int] = MAX_ROLLS - 1

    if TYPE_CHECKING:  # each scheme declares it with its own bounds
        first: int

    @model_validator(mode="after")
    def _within_a_game(self) -> "NumberedRequest":
        last = self.first + self.roll_count - 1
        if last > self.LAST:
            raise field_error(
                "first",
                f"rolls {self.first} to {last} go past {self.LAST}, the last a game reaches (first is {self.FIRST})",
            )
        return self
