"""From a validated request to its verdict: check the seal, recompute, compare."""

import datetime as dt
from dataclasses import dataclass
from itertools import count as count_from
from operator import eq
from typing import Protocol

from fairdice.diagnosis import diagnose
from fairdice.dice import Rolls
from fairdice.errors import InvalidInput
from fairdice.models import (
    CheckResult,
    Checks,
    DailyRequest,
    Outcome,
    RequestBase,
    RollReport,
    SealReport,
    Summary,
    ThreeDiceRequest,
    Verdict,
    WithheldReport,
)
from fairdice.recompute import recompute
from fairdice.seal import seal_matches, seal_of


@dataclass(frozen=True)
class RevealedDay:
    """A closed day's secret as the archive revealed it, with the commitment made before."""

    secret: bytes
    commitment: str
    source: str


@dataclass(frozen=True)
class PendingDay:
    """A day whose secret exists but may not be revealed before `reveal_at`."""

    reveal_at: dt.datetime


class DaySecrets(Protocol):
    """Where scheme `daily` finds a day's secret when the request does not carry it."""

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The revealed day, or when it will be; raises UnknownDay for a day with no secret."""
        ...


def compare(computed: Rolls, recorded: list[list[int]] | None) -> tuple[list[RollReport], Summary, CheckResult]:
    """Pair computed rolls with recorded ones; a missing or extra recorded roll is a mismatch."""
    numbers, count = computed.numbers, len(computed)
    dice = list(map(list, zip(*computed.faces, strict=True)))
    if recorded is None:
        reports: list[RollReport] = [
            {"index": n, "message": m, "dice": d, "recorded": None, "matches": None}
            for n, m, d in zip(numbers, computed.messages, dice, strict=True)
        ]
        _label(reports, computed)
        summary = Summary(count=count, compared=0, mismatches=0, first_mismatch=None)
        return reports, summary, "not_given"
    seen: list[list[int] | None] = [*recorded[:count], *[None] * (count - len(recorded))]
    matches = list(map(eq, dice, seen))
    reports = [
        {"index": n, "message": m, "dice": d, "recorded": r, "matches": ok}
        for n, m, d, r, ok in zip(numbers, computed.messages, dice, seen, matches, strict=True)
    ]
    _label(reports, computed)
    mismatches = matches.count(False)
    first_mismatch = numbers[matches.index(False)] if mismatches else None
    # Recorded rolls beyond the count: nothing was computed for them, so they cannot match.
    last_index = numbers[-1] if count else 0
    for extra, index in zip(recorded[count:], count_from(last_index + 1)):
        mismatches += 1
        first_mismatch = index if first_mismatch is None else first_mismatch
        reports.append({"index": index, "message": None, "dice": None, "recorded": extra, "matches": False})
    summary = Summary(
        count=count, compared=min(count, len(recorded)), mismatches=mismatches, first_mismatch=first_mismatch
    )
    return reports, summary, "mismatch" if mismatches else "match"


def _label(reports: list[RollReport], computed: Rolls) -> None:
    """bg schemes' rolls also say their label, and an opening roll who won it."""
    if computed.labels is not None:
        for report, label in zip(reports, computed.labels, strict=False):
            report["label"] = label
    for at, winner in computed.winners.items():
        reports[at]["winner"] = winner


def outcome(seal: CheckResult, rolls: CheckResult) -> Outcome:
    """fair only when both checks were made and matched; any mismatch wins over not_given."""
    if "mismatch" in (seal, rolls):
        return "mismatch"
    if seal == rolls == "match":
        return "fair"
    return "incomplete"


def _withheld(request: RequestBase, reason: str, reveal_at: dt.datetime | None = None) -> Verdict:
    seal_given = request.seal_hex
    return Verdict(
        scheme=_scheme_id(request),
        verdict="withheld",
        checks=Checks(seal="not_given", rolls="not_given"),
        seal=SealReport(given=seal_given, computed=None),
        rolls=[],
        summary=Summary(count=0, compared=0, mismatches=0, first_mismatch=None),
        withheld=WithheldReport(reason=reason, reveal_at=reveal_at),
    )


def verify(request: RequestBase, *, day_secrets: DaySecrets | None = None) -> Verdict:
    """Check the seal, recompute every roll and compare them with what was recorded.

    `day_secrets` supplies scheme `daily`'s secret when the request has none; it is where the
    archive and the clock come in, so this function itself reads neither.
    """
    secret_hex = request.secret_hex
    secret = None if secret_hex is None else bytes.fromhex(secret_hex)
    seal_given = request.seal_hex
    source = None
    if isinstance(request, ThreeDiceRequest) and request.withheld:
        return _withheld(
            request,
            "the server withholds this game's seeds until both games of its mirror pair have ended;"
            " ask GET /games/{id} again then",
        )
    if isinstance(request, DailyRequest) and secret is None:
        if day_secrets is None:
            raise InvalidInput("no daily archive is configured here: give the day's secret", field="secret")
        found = day_secrets.lookup(request.date)
        if isinstance(found, PendingDay):
            return _withheld(
                request,
                f"the secret of {request.date.isoformat()} is revealed once that day is over in UTC",
                found.reveal_at,
            )
        secret = found.secret
        source = found.source
        if seal_given is None:
            seal_given = found.commitment
    if secret is None:
        raise InvalidInput("the revealed secret is needed", field=request.REVEALED_FIELD)
    computed = seal_of(secret)
    seal_check: CheckResult = (
        "not_given" if seal_given is None else ("match" if seal_matches(seal_given, computed) else "mismatch")
    )
    reports, summary, rolls_check = compare(recompute(request, secret), request.recorded)
    # Built here from values made here: validating up to 10,000 roll reports again would cost more
    # than computing them (BENCHMARKS.md), so the model is constructed as is.
    verdict = Verdict.model_construct(
        scheme=_scheme_id(request),
        verdict=outcome(seal_check, rolls_check),
        checks=Checks(seal=seal_check, rolls=rolls_check),
        seal=SealReport(given=seal_given, computed=computed),
        rolls=reports,
        summary=summary,
        source=source,
    )
    if verdict.verdict == "mismatch":
        verdict.diagnosis = diagnose(request, secret, verdict)
    return verdict


def _scheme_id(request: RequestBase) -> str:
    scheme: str = request.scheme  # type: ignore[attr-defined]
    return scheme
