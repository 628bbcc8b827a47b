"""From a validated request to its verdict: check the seal, recompute, compare."""

import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Protocol

from fairdice.dice import Roll, keyed_mac
from fairdice.errors import InvalidInput
from fairdice.models import (
    BgDiceRequest,
    BgOnlineRequest,
    CheckResult,
    Checks,
    DailyRequest,
    NardeRequest,
    Outcome,
    Pair36Request,
    RequestBase,
    RollReport,
    SealReport,
    Summary,
    ThreeDiceRequest,
    Verdict,
    WithheldReport,
)
from fairdice.schemes import bg, daily, narde, pair36, three_dice
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


def recompute(request: RequestBase, secret: bytes) -> Iterator[Roll]:
    """Every roll the request describes, in order, from the revealed secret."""
    mac = keyed_mac(secret)
    match request:
        case Pair36Request():
            return pair36.rolls(mac, request.client_seeds, request.first, request.roll_count)
        case BgDiceRequest(labels=list() as labels):
            return bg.explicit_rolls(mac, labels)
        case BgDiceRequest():
            rolls = bg.bot_rolls(mac, request.opening, request.first_turn, request.line)
            return islice(rolls, request.roll_count)
        case BgOnlineRequest():
            online = keyed_mac(bg.online_key(secret, request.app_numbers))
            return islice(bg.online_rolls(online, request.game, request.has_opening), request.roll_count)
        case NardeRequest():
            return narde.rolls(mac, request.phrase, request.first, request.roll_count)
        case ThreeDiceRequest(client_seeds=seeds) if seeds is not None:
            return three_dice.rolls(mac, seeds.white, seeds.black, request.first, request.roll_count)
        case DailyRequest():
            return iter([daily.roll(mac, request.date, request.player_id)])
    raise InvalidInput(f"scheme {type(request).__name__} cannot be recomputed", field="scheme")


def _report(roll: Roll, recorded: list[int] | None, matches: bool | None) -> RollReport:
    report: RollReport = {
        "index": roll.number,
        "message": roll.message,
        "dice": list(roll.dice),
        "recorded": recorded,
        "matches": matches,
    }
    if roll.label is not None:
        report["label"] = roll.label
    if roll.winner is not None:
        report["winner"] = roll.winner
    return report


def compare(
    computed: Iterable[Roll], recorded: list[list[int]] | None
) -> tuple[list[RollReport], Summary, CheckResult]:
    """Pair computed rolls with recorded ones; a missing or extra recorded roll is a mismatch."""
    if recorded is None:
        reports = [_report(roll, None, None) for roll in computed]
        summary = Summary(count=len(reports), compared=0, mismatches=0, first_mismatch=None)
        return reports, summary, "not_given"
    reports = []
    mismatches = 0
    first_mismatch: int | None = None
    last_index = 0
    for position, roll in enumerate(computed):
        last_index = roll.number
        mine = recorded[position] if position < len(recorded) else None
        matches = mine is not None and tuple(mine) == roll.dice
        if not matches:
            mismatches += 1
            first_mismatch = roll.number if first_mismatch is None else first_mismatch
        reports.append(_report(roll, mine, matches))
    count = len(reports)
    for extra in recorded[count:]:
        # Recorded rolls beyond the count: nothing was computed for them, so they cannot match.
        last_index += 1
        mismatches += 1
        first_mismatch = last_index if first_mismatch is None else first_mismatch
        reports.append({"index": last_index, "message": None, "dice": None, "recorded": extra, "matches": False})
    summary = Summary(
        count=count, compared=min(count, len(recorded)), mismatches=mismatches, first_mismatch=first_mismatch
    )
    return reports, summary, "mismatch" if mismatches else "match"


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
    seal_given = request.seal_hex
    source = None
    if isinstance(request, ThreeDiceRequest) and request.withheld:
        return _withheld(
            request,
            "the server withholds this game's seeds until both games of its mirror pair have ended;"
            " ask GET /games/{id} again then",
        )
    if isinstance(request, DailyRequest) and secret_hex is None:
        if day_secrets is None:
            raise InvalidInput("no daily archive is configured here: give the day's secret", field="secret")
        found = day_secrets.lookup(request.date)
        if isinstance(found, PendingDay):
            return _withheld(
                request,
                f"the secret of {request.date.isoformat()} is revealed once that day is over in UTC",
                found.reveal_at,
            )
        secret_hex = found.secret.hex()
        source = found.source
        if seal_given is None:
            seal_given = found.commitment
    if secret_hex is None:
        raise InvalidInput("the revealed secret is needed", field=request.REVEALED_FIELD)
    secret = bytes.fromhex(secret_hex)
    computed = seal_of(secret)
    seal_check: CheckResult = (
        "not_given" if seal_given is None else ("match" if seal_matches(seal_given, computed) else "mismatch")
    )
    reports, summary, rolls_check = compare(recompute(request, secret), request.recorded)
    return Verdict(
        scheme=_scheme_id(request),
        verdict=outcome(seal_check, rolls_check),
        checks=Checks(seal=seal_check, rolls=rolls_check),
        seal=SealReport(given=seal_given, computed=computed),
        rolls=reports,
        summary=summary,
        source=source,
    )


def _scheme_id(request: RequestBase) -> str:
    scheme: str = request.scheme  # type: ignore[attr-defined]
    return scheme
