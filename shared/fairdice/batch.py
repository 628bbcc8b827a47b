"""Many verify requests in one call, for support tooling: one verdict or one error per game, and a summary.

A game that cannot be verified (bad input, a day with no secret, the archive unreachable, or
its time for archive reads spent by the games before it) gets an error entry in the API's error
shape; the other games are verified all the same. Only the batch itself can be refused as a
whole: more than MAX_GAMES games, more than MAX_BATCH_ROLLS rolls asked for in all (the same cap
a single request has), or games on more than MAX_BATCH_DAYS days of the daily archive.
"""

import datetime as dt
from collections import Counter
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, model_validator

from fairdice import schemes
from fairdice.errors import DEPLOYMENT_FAULTS, FairdiceError, InvalidInput
from fairdice.fields import MAX_ROLLS, field_error
from fairdice.problems import ErrorDetail, invalid, is_one_request
from fairdice.prose import number
from fairdice.request import CountedRequest, RequestBase
from fairdice.schemes import parse_request
from fairdice.schemes.base import DaySecrets
from fairdice.verdict import Verdict
from fairdice.verify import verify

MAX_GAMES = 100
MAX_BATCH_ROLLS = MAX_ROLLS
# Each day is a few archive reads, one after another: a month of one player's daily rolls is read in
# time, while a hundred days would not be on a slow day.
MAX_BATCH_DAYS = 31
BATCH_FIELD = "requests"
# What POST /verify/batch takes, as its OpenAPI entry and its errors say it
BATCH_BODY = '{"requests": [one verify request a game]}'


class BatchRequest(BaseModel):
    """`POST /verify/batch`: the verify requests, each as POST /verify takes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # Each item is read as a request of its own (`_parse`), whatever it holds: a game nested too deeply for pydantic to
    # walk is that game's error, not the whole batch's (review: one such game refused them all, in pydantic's words)
    requests: Annotated[
        list[Any],
        Field(
            min_length=1,
            max_length=MAX_GAMES,
            description=f"1 to {MAX_GAMES} verify requests; together at most {number(MAX_BATCH_ROLLS)} rolls, and"
            f" daily games on at most {MAX_BATCH_DAYS} different days",
        ),
    ]

    @model_validator(mode="before")
    @classmethod
    def _not_one_game_alone(cls, data: Any) -> Any:
        # One verify request sent here, as POST /verify takes it, was "requests: is required" and each of its fields
        # "is not a field of this request" (review): say what it is, and where it goes. Only a body that names nothing
        # but a request's fields is one: {"scheme": …, "request": [...]} is a batch misspelt, whose problems say so
        if isinstance(data, dict) and BATCH_FIELD not in data and is_one_request(data):
            raise field_error(
                BATCH_FIELD,
                "is required: this body is one verify request, which POST /verify takes; a batch sends its games as"
                f" {BATCH_BODY}",
            )
        return data


class VerifiedGame(BaseModel):
    """One game's verdict; `index` is its position in `requests`, from 0."""

    index: int
    verdict: Verdict


class FailedGame(BaseModel):
    """One game that could not be verified; `index` is its position in `requests`, from 0."""

    index: int
    error: ErrorDetail


class BatchSummary(BaseModel):
    """How many games got each outcome, and how many could not be verified."""

    games: int
    fair: int
    mismatch: int
    incomplete: int
    withheld: int
    errors: int


class BatchResult(BaseModel):
    """One result per game, in the order sent, and the counts over them."""

    results: list[VerifiedGame | FailedGame]
    summary: BatchSummary


def verify_batch(
    batch: BatchRequest, *, day_secrets: DaySecrets | None = None, today: dt.date | None = None
) -> BatchResult:
    """Verify every game of a batch; a game's own failure becomes its error entry.

    Raises InvalidInput (on `requests`) only when the games together ask for more than
    MAX_BATCH_ROLLS rolls, or for more than MAX_BATCH_DAYS days of `day_secrets`, which serves
    them as in `verify`, by the one `today` of the whole batch.
    """
    parsed = [_parse(item) for item in batch.requests]
    valid = [item for item in parsed if isinstance(item, RequestBase)]
    asked = sum(_rolls_asked(item) for item in valid)
    if asked > MAX_BATCH_ROLLS:
        raise InvalidInput(
            f"the games ask for {number(asked)} rolls in all, more than a batch's limit of {number(MAX_BATCH_ROLLS)}:"
            " send them in smaller batches",
            field=BATCH_FIELD,
        )
    days = {day for item in valid if (day := schemes.of(item).archive_day(item)) is not None}
    if len(days) > MAX_BATCH_DAYS:
        raise InvalidInput(
            f"the games are on {len(days)} different days of the daily archive, more than a batch's limit of"
            f" {MAX_BATCH_DAYS}: send them in smaller batches, by day",
            field=BATCH_FIELD,
        )
    results = [_verify_one(index, item, day_secrets, today) for index, item in enumerate(parsed)]
    outcomes = Counter(result.verdict.verdict for result in results if isinstance(result, VerifiedGame))
    summary = BatchSummary(
        games=len(results),
        fair=outcomes["fair"],
        mismatch=outcomes["mismatch"],
        incomplete=outcomes["incomplete"],
        withheld=outcomes["withheld"],
        errors=sum(1 for result in results if isinstance(result, FailedGame)),
    )
    return BatchResult(results=results, summary=summary)


def _verify_one(
    index: int, item: RequestBase | ErrorDetail, day_secrets: DaySecrets | None, today: dt.date | None
) -> VerifiedGame | FailedGame:
    if isinstance(item, ErrorDetail):
        return FailedGame(index=index, error=item)
    try:
        return VerifiedGame(index=index, verdict=verify(item, day_secrets=day_secrets, today=today))
    except DEPLOYMENT_FAULTS:
        # The deployment's fault, not the game's: it fails the batch, as it fails POST /verify, for an operator to mend
        # (review: each daily game's entry was `archive_unavailable`, a 503's code to wait out, telling the caller to
        # set AWS_PROFILE, in a 200 nothing logged as an error)
        raise
    except FairdiceError as exc:
        return FailedGame(index=index, error=invalid(exc))


def _parse(item: JsonValue) -> RequestBase | ErrorDetail:
    try:
        return parse_request(item)
    except ValidationError as exc:
        return invalid(exc)


def _rolls_asked(request: RequestBase) -> int:
    """The rolls a game's verdict will list: those computed, or those recorded if there are more."""
    recorded = len(request.recorded or [])
    if isinstance(request, CountedRequest):
        return max(request.roll_count, recorded)
    return max(1, recorded)
