"""Pydantic models at the core's boundary: verify requests (one per scheme) and the verdict.

Constrained types are defined once here and reused by every request model; each validator
says in words what is wrong, so an API or CLI error can name the field and the reason.
"""

import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import Annotated, Any, ClassVar, Literal, NotRequired
from uuid import UUID

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    TypeAdapter,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from fairdice import __version__
from fairdice.recorded import RecordedError, parse_recorded
from fairdice.schemes.daily import SIDES as DAILY_SIDES

MAX_ROLLS = 10_000
MAX_SEATS = 8
MAX_LABELS = MAX_ROLLS
_HEX = re.compile(r"[0-9a-fA-F]*")
_CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _hex(min_bytes: int, max_bytes: int, what: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"{what} must be a string of hex digits")
        text = value.strip()
        if not _HEX.fullmatch(text):
            raise ValueError(f"{what} must be hex digits (0-9, a-f)")
        if len(text) % 2:
            raise ValueError(f"{what} has an odd number of hex digits ({len(text)})")
        size = len(text) // 2
        if not min_bytes <= size <= max_bytes:
            if min_bytes == max_bytes:
                span = f"{min_bytes} bytes ({2 * min_bytes} hex digits)"
            else:
                span = f"{min_bytes} to {max_bytes} bytes ({2 * min_bytes}-{2 * max_bytes} hex digits)"
            raise ValueError(f"{what} must be {span}, got {size} bytes")
        return text.lower()

    return check


def _hex_schema(min_bytes: int, max_bytes: int, what: str) -> WithJsonSchema:
    return WithJsonSchema(
        {
            "type": "string",
            "pattern": f"^([0-9a-fA-F]{{2}}){{{min_bytes},{max_bytes}}}$",
            "description": f"{what}: {min_bytes}-{max_bytes} bytes as hex, any case",
        }
    )


Secret = Annotated[str, BeforeValidator(_hex(16, 64, "a secret")), _hex_schema(16, 64, "a secret")]
Seal = Annotated[str, BeforeValidator(_hex(32, 32, "a seal")), _hex_schema(32, 32, "a seal (SHA-256)")]
DaySecret = Annotated[str, BeforeValidator(_hex(32, 32, "a day secret")), _hex_schema(32, 32, "a day secret")]


def _app_number(value: object) -> str:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 128 or not _HEX.fullmatch(value.strip()):
        raise ValueError("an app's number must be 1 to 128 hex digits")
    return value.strip().lower()


AppNumber = Annotated[
    str,
    BeforeValidator(_app_number),
    WithJsonSchema({"type": "string", "pattern": "^[0-9a-fA-F]{1,128}$"}),
]


def _client_seed(value: object) -> str:
    if not isinstance(value, str) or not _CLIENT_SEED.fullmatch(value):
        raise ValueError("a client seed is 1 to 128 characters of letters, digits, _ and -")
    return value


ClientSeed = Annotated[
    str,
    BeforeValidator(_client_seed),
    WithJsonSchema({"type": "string", "pattern": "^[A-Za-z0-9_-]{1,128}$"}),
]


def _printable(max_chars: int, what: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or not 1 <= len(value) <= max_chars:
            raise ValueError(f"{what} must be text of 1 to {max_chars} characters")
        if any(unicodedata.category(c) in ("Cc", "Cs", "Cn") for c in value):
            raise ValueError(f"{what} must not contain control characters")
        return value

    return check


Phrase = Annotated[
    str,
    BeforeValidator(_printable(256, "a phrase")),
    WithJsonSchema({"type": "string", "minLength": 1, "maxLength": 256}),
]
SeatSeed = Annotated[
    str,
    BeforeValidator(_printable(256, "a client seed")),
    WithJsonSchema({"type": "string", "minLength": 1, "maxLength": 256}),
]


def _not_a_bool(value: object) -> object:
    # Pydantic's lax mode reads true as 1: a count or roll number is never meant as true or false.
    if isinstance(value, bool):
        raise ValueError(f"must be a whole number, got {str(value).lower()}")
    return value


# Last in a type's metadata, after its Field: so placed, pydantic keeps the bounds in the JSON schema.
NOT_A_BOOL = BeforeValidator(_not_a_bool)
Count = Annotated[int, Field(ge=1, le=MAX_ROLLS, description=f"how many rolls, 1 to {MAX_ROLLS}"), NOT_A_BOOL]
RollNumber = Annotated[int, Field(ge=0, le=2**53, strict=False), NOT_A_BOOL]
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


def _day(value: object) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value.strip()):
        raise ValueError("a date is written YYYY-MM-DD (UTC)")
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"{value.strip()} is not a date in the calendar") from None


def field_error(field: str, message: str) -> PydanticCustomError:
    """A model-level error that names the field it is about (pydantic would name the model).

    `fairdice.problems.describe` reads the field from the error's context. Pydantic only
    substitutes `{field}` in the message, so other braces pass through as written.
    """
    return PydanticCustomError("field_error", message, {"field": field})


Day = Annotated[dt.date, BeforeValidator(_day), WithJsonSchema({"type": "string", "format": "date"})]


def _player(value: object) -> str:
    text = str(value).strip() if isinstance(value, str | UUID) else ""
    if not re.fullmatch(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}", text):
        raise ValueError("a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000")
    return str(UUID(text))


PlayerId = Annotated[str, BeforeValidator(_player), WithJsonSchema({"type": "string", "format": "uuid"})]

RecordedInput = Annotated[
    list[list[int]] | None,
    WithJsonSchema(
        {
            "description": (
                "the rolls as seen: text such as '6-3 4-4', '63 44', '1: 6-3' lines, a link's digits,"
                " or a list of dice lists"
            ),
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
                {"type": "null"},
            ],
        }
    ),
]


class RequestBase(BaseModel):
    """What every verify request shares: the scheme, recorded rolls and their limits."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    SIDES: ClassVar[tuple[int, ...]] = (6, 6)
    REVEALED_FIELD: ClassVar[str] = ""
    SEAL_FIELD: ClassVar[str] = ""

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


class Pair36Request(CountedRequest):
    """Seed 000: a server seed, the seats' client seeds, roll numbers from 1."""

    REVEALED_FIELD: ClassVar[str] = "server_seed"
    SEAL_FIELD: ClassVar[str] = "seal"
    FIRST: ClassVar[int] = 1

    scheme: Literal["pair36"]
    server_seed: Secret
    seal: Seal | None = None
    client_seeds: Annotated[list[ClientSeed], Field(min_length=1, max_length=MAX_SEATS)]
    first: Annotated[int, Field(ge=1, le=2**53), NOT_A_BOOL] = 1


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


class BgOnlineRequest(CountedRequest):
    """Seed 001 online: the key comes from the server's number and both apps' numbers."""

    REVEALED_FIELD: ClassVar[str] = "server_number"
    SEAL_FIELD: ClassVar[str] = "seal"

    scheme: Literal["bg-online-v1"]
    server_number: Secret
    seal: Seal | None = None
    app_numbers: Annotated[list[AppNumber], Field(min_length=2, max_length=2)]
    game: Annotated[int, Field(ge=1, le=10**6), NOT_A_BOOL] = 1
    opening: bool | None = Field(default=None, description="default: only game 1 has an opening roll")

    @property
    def has_opening(self) -> bool:
        """Game 1 starts with an opening roll, later games at roll:1, unless told otherwise."""
        return self.game == 1 if self.opening is None else self.opening


class NardeRequest(CountedRequest):
    """Seed 002: key + phrase, roll i from 0."""

    REVEALED_FIELD: ClassVar[str] = "key"
    SEAL_FIELD: ClassVar[str] = "fingerprint"

    scheme: Literal["narde-v1"]
    key: Secret
    fingerprint: Seal | None = None
    phrase: Phrase
    first: RollNumber = 0


class SeatSeeds(BaseModel):
    """three-dice's revealed client seeds, one per colour."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    white: SeatSeed
    black: SeatSeed


class ThreeDiceRequest(CountedRequest):
    """Seed 003: revealed seed and client seeds, or nulls when the reveal is withheld."""

    SIDES: ClassVar[tuple[int, ...]] = (6, 6, 6)
    REVEALED_FIELD: ClassVar[str] = "seed"
    SEAL_FIELD: ClassVar[str] = "commit"

    scheme: Literal["three-dice"]
    seed: Secret | None = None
    commit: Seal | None = None
    client_seeds: SeatSeeds | None = None
    first: RollNumber = 0

    @model_validator(mode="after")
    def _seeds_together(self) -> "ThreeDiceRequest":
        if self.seed is not None and self.client_seeds is None:
            raise field_error("client_seeds", "client_seeds (white and black) are needed with a revealed seed")
        return self

    def _needs_count(self) -> bool:
        return self.seed is not None

    @property
    def withheld(self) -> bool:
        """A mirror pair's game whose seed is not revealed yet (seed null)."""
        return self.seed is None


class DailyRequest(RequestBase):
    """Seed 004: a day and a player; the day's secret given or taken from the archive."""

    SIDES: ClassVar[tuple[int, ...]] = DAILY_SIDES
    REVEALED_FIELD: ClassVar[str] = "secret"
    SEAL_FIELD: ClassVar[str] = "commitment"

    scheme: Literal["daily"]
    date: Day
    player_id: PlayerId
    secret: DaySecret | None = None
    commitment: Seal | None = None

    @field_validator("recorded", mode="after")
    @classmethod
    def _one_roll(cls, value: list[list[int]] | None) -> list[list[int]] | None:
        if value is not None and len(value) != 1:
            raise ValueError(f"a daily roll is one set of six faces (d4 d6 d8 d10 d12 d20), got {len(value)}")
        return value


VerifyRequest = Annotated[
    Pair36Request | BgDiceRequest | BgOnlineRequest | NardeRequest | ThreeDiceRequest | DailyRequest,
    Field(discriminator="scheme"),
]
SCHEMES: dict[str, type[RequestBase]] = {
    "pair36": Pair36Request,
    "bg-dice-v1": BgDiceRequest,
    "bg-online-v1": BgOnlineRequest,
    "narde-v1": NardeRequest,
    "three-dice": ThreeDiceRequest,
    "daily": DailyRequest,
}
request_adapter: TypeAdapter[Any] = TypeAdapter(VerifyRequest)


def parse_request(data: object) -> RequestBase:
    """Validate a decoded JSON object into the request model of its scheme."""
    result: RequestBase = request_adapter.validate_python(data)
    return result


# ---- verdict ------------------------------------------------------------------------------

Outcome = Literal["fair", "mismatch", "incomplete", "withheld"]
CheckResult = Literal["match", "mismatch", "not_given"]


class Checks(BaseModel):
    """The two things a verdict rests on."""

    seal: CheckResult
    rolls: CheckResult


class SealReport(BaseModel):
    """The seal the game showed, if given, and the one the revealed secret gives."""

    given: str | None
    computed: str | None


class RollReport(TypedDict):
    """One roll: how to recompute it, what it is, and whether it matches what was seen.

    A typed dict rather than a model: a verdict holds up to 10,000 of them, and a model per
    roll cost more than recomputing the roll (see BENCHMARKS.md). `label` and `winner` appear
    only on bg schemes' rolls (`winner` only on opening rolls).
    """

    index: int
    message: str | None
    dice: list[int] | None
    recorded: list[int] | None
    matches: bool | None
    label: NotRequired[str]
    winner: NotRequired[str]


class Summary(BaseModel):
    """Counts over the roll list."""

    count: int
    compared: int
    mismatches: int
    first_mismatch: int | None


class Verifier(BaseModel):
    """Who computed the verdict."""

    name: Literal["fairdice"] = "fairdice"
    version: str = __version__


class WithheldReport(BaseModel):
    """Why a verdict is `withheld`, and when the secret is due."""

    reason: str
    reveal_at: dt.datetime | None = None


Cause = Literal[
    "numbering_shifted",
    "seat_order",
    "opening_roll",
    "match_game",
    "take_back_line",
    "dice_order",
    "date_shifted",
    "roll_count",
    "secret_and_seal_swapped",
    "secret_in_seal_field",
    "seal_of_hex_text",
    "seal_from_other_game",
    "rolls_from_other_game",
    "secret_from_other_game",
    "few_rolls_differ",
]


class Finding(BaseModel):
    """One entry of a mismatch's diagnosis: a likely cause, how much it explains, what to change."""

    # `try` is a Python keyword: the attribute is `try_`, the JSON key `try` whoever dumps it.
    model_config = ConfigDict(frozen=True, serialize_by_alias=True, validate_by_name=True, validate_by_alias=True)

    cause: Cause
    explains: str = Field(description="how many recorded rolls this cause accounts for, as 'k of n rolls'")
    detail: str = Field(description="the cause in words, for the person who sent the request")
    try_: dict[str, JsonValue] | None = Field(
        default=None,
        alias="try",
        description="request fields to change (null: remove the field) to test this cause; null when no change can",
    )


class Verdict(BaseModel):
    """The answer to one verify request (SPEC §3)."""

    scheme: str
    verdict: Outcome
    checks: Checks
    seal: SealReport
    rolls: list[RollReport]
    summary: Summary
    verifier: Verifier = Field(default_factory=Verifier)
    withheld: WithheldReport | None = None
    source: str | None = Field(default=None, description="where the secret came from when not given")
    diagnosis: list[Finding] | None = Field(
        default=None, description="on a mismatch only: the likely causes, most rolls explained first"
    )
