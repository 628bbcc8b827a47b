"""From a validated request to its verdict: check the seal, recompute, compare (`check`), then write it up (`written`).

`verify` does both. The audit checks every game and writes up only those that are not fair: the
outcome is decided in `check` alone, whoever reads it.
"""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count as count_from
from typing import Any

from fairdice import schemes
from fairdice.diagnosis import diagnose
from fairdice.dice import Rolls
from fairdice.prose import counted, none_recorded, number, reorders, shown, span, typed_order, unseen, was
from fairdice.recorded import ReadRolls
from fairdice.request import RequestBase
from fairdice.schemes.base import DaySecrets, Revealed, Scheme, Withheld, Words
from fairdice.seal import seal_matches, seal_of
from fairdice.verdict import (
    CheckResult,
    Checks,
    GameInput,
    Outcome,
    RollReport,
    RollsCheck,
    Scope,
    SealReport,
    Summary,
    Verdict,
    WithheldReport,
)


def matched(computed: Rolls, recorded: Sequence[Sequence[int]] | None) -> list[bool] | None:
    """Whether each recorded roll matches the computed one at its place, for as many as both have (None: none were
    recorded). A game whose rolls all match is compared a die at a time: the recorded rolls' dice as columns, as the
    computed ones are kept, so a column is one comparison and no tuple is made per roll. Only a game where something
    differs is compared roll by roll."""
    if recorded is None:
        return None
    head = recorded[: len(computed)]
    size = len(head)
    if isinstance(recorded, ReadRolls):  # read with its columns: each compared as it is, in C
        if len(recorded.columns) == len(computed.faces) and all(
            theirs[:size] == ours[:size] for theirs, ours in zip(recorded.columns, computed.faces, strict=True)
        ):
            return [True] * size
    else:
        try:
            columns = list(zip(*head, strict=True))
        except ValueError:  # rolls of different sizes: compared one by one below, where such a roll differs
            columns = []
        if columns and columns == [tuple(column[:size]) for column in computed.faces]:
            return [True] * size
    return [tuple(seen) == roll for seen, roll in zip(head, computed.dice, strict=False)]


def summed(
    computed: Rolls, recorded: Sequence[Sequence[int]] | None, matches: list[bool] | None
) -> tuple[Summary, RollsCheck]:
    """The counts a verdict rests on. A recorded roll that differs, or one beyond those computed, is a mismatch; a
    computed roll the recorded list stops before is missing, which is not the same thing."""
    count = len(computed)
    if recorded is None or matches is None:
        return Summary(count=count, compared=0, mismatches=0, first_mismatch=None), "not_given"
    numbers = computed.numbers
    compared = len(matches)
    missing, extra = count - compared, len(recorded) - compared
    differ = matches.count(False)
    if differ:
        first_mismatch: int | None = numbers[matches.index(False)]
    elif extra:  # the first recorded roll beyond the count: nothing was computed for it, so it cannot match
        first_mismatch = (numbers[-1] if count else 0) + 1
    else:
        first_mismatch = None
    summary = Summary(
        count=count,
        compared=compared,
        mismatches=differ + extra,
        first_mismatch=first_mismatch,
        differ=differ,
        missing=missing,
        extra=extra,
    )
    check: RollsCheck = "mismatch" if differ or extra else "partial" if missing else "match"
    return summary, check


def reported(computed: Rolls, recorded: Sequence[Sequence[int]] | None, matches: list[bool] | None) -> list[RollReport]:
    """Every roll as the verdict lists it: computed, recorded beside it, and whether they match; then any recorded
    roll beyond those computed, which cannot match."""
    numbers, count = computed.numbers, len(computed)
    dice = list(map(list, computed.dice))
    if recorded is None or matches is None:
        reports: list[RollReport] = [
            {"index": n, "message": m, "dice": d, "recorded": None, "matches": None}
            for n, m, d in zip(numbers, computed.messages, dice, strict=True)
        ]
        _label(reports, computed)
        return reports
    compared = len(matches)
    missing = count - compared
    seen: list[list[int] | None] = [*map(list, recorded[:compared]), *[None] * missing]
    flags: list[bool | None] = [*matches, *[None] * missing]
    reports = [
        {"index": n, "message": m, "dice": d, "recorded": r, "matches": ok}
        for n, m, d, r, ok in zip(numbers, computed.messages, dice, seen, flags, strict=True)
    ]
    _label(reports, computed)
    last_index = numbers[-1] if count else 0
    for roll, index in zip(recorded[count:], count_from(last_index + 1)):
        reports.append({"index": index, "message": None, "dice": None, "recorded": list(roll), "matches": False})
    return reports


def _label(reports: list[RollReport], computed: Rolls) -> None:
    """bg schemes' rolls also say their label, and an opening roll who won it."""
    if computed.labels is not None:
        for report, label in zip(reports, computed.labels, strict=False):
            report["label"] = label
    for at, winner in computed.winners.items():
        reports[at]["winner"] = winner


def outcome(
    seal: CheckResult, rolls: RollsCheck, scope: Scope, caveats: Sequence[str] = (), contradictions: Sequence[str] = ()
) -> Outcome:
    """fair only for a whole game whose seal and every roll were checked and matched, with nothing that
    weakens the seal; any mismatch (or what an authority contradicts) wins over what is missing."""
    if "mismatch" in (seal, rolls) or contradictions:
        return "mismatch"
    if seal == rolls == "match" and scope.kind == "game" and not caveats:
        return "fair"
    return "incomplete"


def reasons(
    words: Words,
    seal: CheckResult,
    rolls: RollsCheck,
    summary: Summary,
    scope: Scope,
    caveats: Sequence[str],
    contradictions: Sequence[str] = (),
    seal_origin: str = "given",
) -> list[str]:
    """Why a verdict is not fair, in words: what differs first, then what is missing."""
    roll, plural = words.roll, words.rolls
    found: list[str] = [*contradictions]
    if seal == "mismatch":
        found.append(f"the {words.secret} does not match the {words.seal} {seal_origin}")
    if summary.differ:
        first = f"{roll} {number(summary.first_mismatch or 0)}"
        # Rolls recorded beyond the count or labels are not compared, so those that were are "compared", not "the
        # recorded" ones (review: "1 of the 4 recorded rolls differs" of 10 recorded with a count of 4)
        one, many = (
            (f"{roll} compared", f"{plural} compared") if summary.extra else (f"recorded {roll}", f"recorded {plural}")
        )
        if summary.compared == 1:
            found.append(f"the {one} differs from the computed one ({first})")
        elif summary.differ == 1:
            found.append(f"1 of the {number(summary.compared)} {many} differs from the computed one ({first})")
        else:
            every = "both" if summary.compared == 2 else f"all {number(summary.compared)}"
            share = (
                every
                if summary.differ == summary.compared
                else f"{number(summary.differ)} of the {number(summary.compared)}"
            )
            found.append(f"{share} {many} differ from the computed ones (first: {first})")
    if summary.extra:
        found.append(
            f"{counted(summary.extra, 'more ' + roll, 'more ' + plural)} {was(summary.extra)} recorded than computed"
        )
    if seal == "not_given":
        found.append(f"no {words.seal} was given, so nothing shows the {words.secret} was fixed before the game")
    found.extend(caveats)
    if scope.kind != "game":
        found.append(scope.description)
    if rolls == "not_given":
        # one roll said as one (review: a day's one roll was "no rolls were recorded, so the 1 roll computed")
        n = summary.count
        computed = f"one {roll}" if n == 1 else counted(n, roll, plural)
        found.append(f"{none_recorded(n, roll, plural)}, so the {computed} computed {was(n)} not compared")
    elif summary.missing and scope.last is not None:
        start = scope.last - summary.missing + 1
        found.append(f"{span(roll, plural, start, scope.last)} {was(summary.missing)} not recorded")
    return found


def identified_by(request: RequestBase) -> list[GameInput]:
    """What identifies the game: first the game itself (the scheme, described by its `title`), then the inputs the
    scheme names. One revealed key and its seal give fair dice under several schemes, so the game the dice were checked
    as is the player's to recognise, as the inputs are. A value holding characters that show nothing or
    look like others (`prose.unseen`) is said so in its description, with those characters as code points; a value
    whose characters a screen may show in another order (`prose.reorders`: right-to-left letters beside digits or
    Latin ones) is said so too, with its characters one by one in the order they were typed: the player must
    recognise the value, and the JSON shows it as it was given."""
    scheme = schemes.of(request)
    inputs = [GameInput(field="scheme", value=scheme.id, description=f"the game: {scheme.title}")]
    inputs.extend(scheme.identity(request))
    for given in inputs:
        values = given.value if isinstance(given.value, list) else [given.value]
        texts = [value for value in values if isinstance(value, str)]
        if any(any(unseen(text)) for text in texts):
            given.description += (
                "; it holds characters that show nothing or look like others, here as code points: "
                + ", ".join(map(shown, texts))
            )
        if reorders(given.text):
            given.description += (
                "; it holds right-to-left text, which a screen may show in another order; its characters in the"
                " order they were typed: " + typed_order(given.text)
            )
    return inputs


def withheld_verdict(request: RequestBase, withheld: Withheld) -> Verdict:
    """The verdict on a request whose secret is not revealed yet: nothing checked, and why. A seal or recorded rolls
    it carries are `not_checked` (given, but nothing can check them yet), never `not_given`; so is the seal an
    authority published already (the daily archive's commitment), which is the one reported, as once revealed."""
    given = request.seal_hex if withheld.seal is None else withheld.seal
    seal: CheckResult = "not_given" if given is None else "not_checked"
    rolls: RollsCheck = "not_given" if request.recorded is None else "not_checked"
    return Verdict(
        scheme=request.scheme,
        verdict="withheld",
        checks=Checks(seal=seal, rolls=rolls),
        seal=SealReport(
            given=given,
            computed=None,
            published_at=withheld.seal_published_at,
            in_time=withheld.seal_in_time,
            locked=withheld.seal_locked,
        ),
        rolls=[],
        summary=Summary(count=0, compared=0, mismatches=0, first_mismatch=None),
        withheld=WithheldReport(
            reason=withheld.reason,
            reveal_at=withheld.reveal_at,
            overdue=withheld.overdue,
            # What keeps the game from fair whatever is revealed (`Withheld.caveats`): its page's tab says it too
            at_most_incomplete=bool(withheld.caveats),
            recorded=None if request.recorded is None else [list(roll) for roll in request.recorded],
        ),
        reasons=[withheld.reason, *withheld.contradictions, *withheld.caveats],
        identified_by=identified_by(request),
    )


@dataclass(slots=True)  # not frozen: a frozen dataclass sets each field through object.__setattr__, once per game
class Checked:
    """What `verify` decides about a request, before it is written up as a `Verdict`: the outcome and every fact it
    rests on. The audit reads this for each game and writes up only the games that are not fair; a verify request
    writes up every one. Either way the outcome is decided here, once."""

    request: RequestBase
    scheme: Scheme[Any]
    revealed: Revealed
    seal_computed: str
    seal: CheckResult
    rolls: Rolls
    scope: Scope
    matches: list[bool] | None
    summary: Summary
    rolls_check: RollsCheck
    verdict: Outcome


def check(
    request: RequestBase, *, day_secrets: DaySecrets | None = None, today: dt.date | None = None
) -> Checked | Withheld:
    """Check the seal, recompute every roll and compare them with what was recorded: the outcome and its facts, or
    why the secret is withheld.

    `day_secrets` supplies the secret of a scheme published by day when the request has none; it
    is where the archive and its clock come in, so this function itself reads neither. `today` is
    the UTC day by the caller's clock: without an archive, a day not over by it is withheld, whatever
    secret is given. Every command and function that answers for a game reads its clock and passes
    it; None trusts the request's date, for callers with no clock of their own to go by (the test
    vectors, whose verdicts must not change with the day they are made).
    """
    scheme = schemes.of(request)
    revealed = scheme.revealed(request, day_secrets, today)
    if isinstance(revealed, Withheld):
        return revealed
    computed = seal_of(revealed.secret)
    seal_given = revealed.seal
    seal_check: CheckResult = (
        "not_given" if seal_given is None else ("match" if seal_matches(seal_given, computed) else "mismatch")
    )
    rolls = scheme.rolls(request, revealed.secret)
    scope = scheme.scope(request, rolls, revealed.secret)
    matches = matched(rolls, request.recorded)
    summary, rolls_check = summed(rolls, request.recorded, matches)
    return Checked(
        request=request,
        scheme=scheme,
        revealed=revealed,
        seal_computed=computed,
        seal=seal_check,
        rolls=rolls,
        scope=scope,
        matches=matches,
        summary=summary,
        rolls_check=rolls_check,
        verdict=outcome(seal_check, rolls_check, scope, revealed.caveats, revealed.contradictions),
    )


def written(checked: Checked) -> Verdict:
    """A checked request written up as its verdict: every roll, the reasons in words, the inputs that identify the
    game and, for a mismatch, the diagnosis."""
    request, scheme, revealed = checked.request, checked.scheme, checked.revealed
    # Built here from values made here: validating up to 10,000 roll reports again would cost more
    # than computing them (BENCHMARKS.md), so the model is constructed as is.
    verdict = Verdict.model_construct(
        scheme=scheme.id,
        verdict=checked.verdict,
        checks=Checks(seal=checked.seal, rolls=checked.rolls_check),
        seal=SealReport(
            given=revealed.seal,
            computed=checked.seal_computed,
            published_at=revealed.seal_published_at,
            in_time=revealed.seal_in_time,
            locked=revealed.seal_locked,
            versions_unseen=revealed.seal_unseen,
        ),
        rolls=reported(checked.rolls, request.recorded, checked.matches),
        summary=checked.summary,
        scope=checked.scope,
        reasons=reasons(
            scheme.words,
            checked.seal,
            checked.rolls_check,
            checked.summary,
            checked.scope,
            revealed.caveats,
            revealed.contradictions,
            revealed.seal_origin,
        ),
        identified_by=identified_by(request),
        source=revealed.source,
    )
    if verdict.verdict == "mismatch":
        verdict.diagnosis = diagnose(
            request,
            revealed.secret,
            verdict,
            seal_source=revealed.seal_source,
            source_uncommitted=revealed.source_uncommitted,
            uncommitted_secret=revealed.uncommitted_secret,
            uncommitted_source=revealed.uncommitted_source,
        )
    return verdict


def verify(request: RequestBase, *, day_secrets: DaySecrets | None = None, today: dt.date | None = None) -> Verdict:
    """Check the seal, recompute every roll and compare them with what was recorded: the verdict (`check`, written
    up). `day_secrets` and `today` are as `check` takes them."""
    checked = check(request, day_secrets=day_secrets, today=today)
    if isinstance(checked, Withheld):
        return withheld_verdict(request, checked)
    return written(checked)
