"""The few names the audit takes from the rest of fairdice, in one place.

The core's modules are being laid out anew; every audit module imports the core through here, so
re-pointing these imports is the whole change. `reasons` is the one reader of a verdict's
explanation: it uses `Verdict.reasons` where the core gives it, and says the same in its own
words from the verdict's checks until then.
"""

from functools import cache

from fairdice.errors import FairdiceError
from fairdice.models import SCHEMES, RequestBase, Verdict, parse_request
from fairdice.problems import ErrorDetail, Problem, invalid
from fairdice.verdict import verify

__all__ = [
    "ErrorDetail",
    "FairdiceError",
    "Problem",
    "RequestBase",
    "Verdict",
    "die_names",
    "invalid",
    "parse_request",
    "reasons",
    "scheme_ids",
    "verify",
]

DAILY = "daily"


def scheme_ids() -> frozenset[str]:
    """Every scheme id the core knows."""
    return frozenset(SCHEMES)


@cache
def die_names(scheme: str) -> tuple[tuple[str, int], ...]:
    """A scheme's dice as (name, sides): named by position ("1", "2", "3"), daily's by kind ("d4" … "d20")."""
    sides = SCHEMES[scheme].SIDES
    if scheme == DAILY:
        return tuple((f"d{n}", n) for n in sides)
    return tuple((str(position), n) for position, n in enumerate(sides, start=1))


def reasons(verdict: Verdict) -> list[str]:
    """Why a verdict is not `fair`, in sentences (empty when it is fair)."""
    given: list[str] | None = getattr(verdict, "reasons", None)
    if given is not None:
        return list(given)
    if verdict.verdict == "fair":
        return []
    if verdict.verdict == "withheld":
        return [verdict.withheld.reason if verdict.withheld else "the secret is not revealed yet"]
    said: list[str] = []
    checks, summary = verdict.checks, verdict.summary
    if checks.seal == "mismatch":
        said.append("the revealed secret does not give the seal shown before the game")
    elif checks.seal == "not_given":
        said.append("no seal was given, so the secret cannot be shown to be the one committed to before the game")
    if checks.rolls == "mismatch":
        said.append(
            f"{summary.mismatches} recorded roll{'s differ' if summary.mismatches != 1 else ' differs'} from the"
            f" recomputed ones, the first at roll {summary.first_mismatch}"
        )
    elif checks.rolls == "not_given":
        said.append("no recorded rolls were given, so nothing was compared")
    elif summary.compared < summary.count:
        said.append(f"only {summary.compared} of the {summary.count} rolls were recorded")
    return said or [f"the verdict is {verdict.verdict}"]
