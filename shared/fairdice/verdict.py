"""The verdict: what one verify request is answered with (SPEC §3), and its parts."""

import datetime as dt
from typing import Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, JsonValue
from typing_extensions import TypedDict

from fairdice import __version__

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
