"""Near-miss diagnosis: when a verdict has a mismatch, test the mistakes people make and say which fit.

A hypothesis is a change to the request (the `try` a person can apply: other roll numbers,
the seats in the other order, another game of the match, a take-back line...) or to how the
recorded rolls are read (each roll's dice in the other order). It is scored by how many
recorded rolls it reproduces. The work is bounded whatever the request: at most
MAX_COMPARED recorded rolls per hypothesis, a fixed list of hypotheses per scheme plus one
scan of START_WINDOW roll numbers (at most MAX_STARTS starts found there are tried), and a
hypothesis is dropped as soon as it can no longer reach the reporting bar.
"""

import datetime as dt
import hashlib
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from operator import eq
from typing import Any

from pydantic import JsonValue, ValidationError

from fairdice.dice import Roll
from fairdice.models import (
    BgDiceRequest,
    BgOnlineRequest,
    Cause,
    CountedRequest,
    DailyRequest,
    Finding,
    NardeRequest,
    Pair36Request,
    RequestBase,
    ThreeDiceRequest,
    Verdict,
    parse_request,
)
from fairdice.recompute import recompute
from fairdice.schemes.bg import bot_turn_label
from fairdice.seal import seal_of

MAX_COMPARED = 200  # recorded rolls compared per hypothesis
MAX_SHIFT = 3  # roll numbers tried either side of the given first one
MAX_LINE = 3  # take-back lines tried
MAX_GAME = 4  # bg-online games tried besides the neighbours of the given one
START_WINDOW = 256  # roll numbers scanned from the scheme's first for where the recorded rolls begin
SCORE_HEAD = 8  # rolls beyond the misses allowed that a hypothesis is tried on first
MAX_STARTS = 4  # places in that window where the recorded rolls may begin, tried in full
MAX_FINDINGS = 5
PARTIAL = 0.75  # a hypothesis that explains fewer than this share of the rolls is not reported
CHANCE = 1e-4  # the most a wrong hypothesis may match by luck: sets how many rolls are evidence
_TURN = re.compile(r":turn:(\d+)")
_HEX_NOTE = "Hex case and spaces around the hex are ignored, so they are not the cause."


@dataclass(frozen=True)
class _Hypothesis:
    cause: Cause
    detail: str
    change: dict[str, JsonValue]  # request fields, as JSON; None leaves a field out
    flip: bool = False  # read each recorded roll's dice in the other order


@dataclass(frozen=True)
class _Case:
    """What every hypothesis is scored against."""

    request: RequestBase
    secret: bytes
    fields: dict[str, JsonValue]  # the request as JSON, without its recorded rolls
    recorded: list[tuple[int, ...]]  # the first MAX_COMPARED recorded rolls
    flipped: list[tuple[int, ...]]
    total: int  # how many rolls were recorded in all
    evidence: int  # matching rolls needed before a match is more than luck

    @property
    def compared(self) -> int:
        return len(self.recorded)


def diagnose(request: RequestBase, secret: bytes, verdict: Verdict) -> list[Finding]:
    """The likely causes of a mismatch verdict, the best explanation first.

    Each finding names a cause, how many recorded rolls it explains, the cause in words and
    the request fields to change (`try`) that test it. Pure and deterministic; at most
    MAX_FINDINGS findings.
    """
    findings = _seal_findings(request, secret, verdict) if verdict.checks.seal == "mismatch" else []
    if any(finding.cause == "secret_and_seal_swapped" for finding in findings):
        return findings
    fit: str | None = _fit_as_given(verdict)
    if verdict.checks.rolls == "mismatch":
        roll_findings, fit = _roll_findings(request, secret, verdict)
        findings.extend(roll_findings[: MAX_FINDINGS - 1])
    if verdict.checks.seal == "mismatch" and fit is not None and all(f.cause not in _SEAL for f in findings):
        findings.append(_seal_elsewhere(request, verdict, fit))
    return findings[:MAX_FINDINGS]


# Findings that already account for the seal.
_SEAL: frozenset[Cause] = frozenset(
    {"secret_and_seal_swapped", "secret_in_seal_field", "seal_of_hex_text", "secret_from_other_game"}
)


def _fit_as_given(verdict: Verdict) -> str:
    """How the rolls fit when they are not in question: all of them, or none recorded."""
    if verdict.checks.rolls == "not_given":
        return "the seal"
    return f"{verdict.summary.compared} of {verdict.summary.compared} rolls"


# ---- the seal ------------------------------------------------------------------------------


def _seal_findings(request: RequestBase, secret: bytes, verdict: Verdict) -> list[Finding]:
    """Mistakes that show in the seal alone: fields swapped, the secret pasted twice, the hex text hashed."""
    given = (verdict.seal.given or "").lower()
    secret_hex = secret.hex()
    seal_field, secret_field = request.SEAL_FIELD, request.REVEALED_FIELD
    if request.secret_hex is not None and seal_of(bytes.fromhex(given)) == secret_hex:
        swapped = bytes.fromhex(given)
        explains = "the seal"
        if request.recorded:
            case = _case(request, swapped)
            explains = _explains(_score(case, _Hypothesis("secret_and_seal_swapped", "", {})) or 0, case)
        return [
            Finding(
                cause="secret_and_seal_swapped",
                explains=explains,
                detail=(
                    f"the {secret_field} and the {seal_field} were pasted into each other's fields:"
                    f" the SHA-256 of the value given as {seal_field} is the value given as {secret_field}"
                ),
                try_={secret_field: given, seal_field: secret_hex},
            )
        ]
    if given == secret_hex:
        return [
            Finding(
                cause="secret_in_seal_field",
                explains="the seal",
                detail=(
                    f"the {seal_field} given is the {secret_field} itself; the {seal_field} is the other value,"
                    " the fingerprint the game showed before its first roll"
                ),
            )
        ]
    if given in (_sha256_text(secret_hex), _sha256_text(secret_hex.upper())):
        return [
            Finding(
                cause="seal_of_hex_text",
                explains="the seal",
                detail=(
                    f"the {seal_field} given is the SHA-256 of the {secret_field} written as hex text, not of its"
                    f" bytes: whatever computed it hashed the text. A game's {seal_field} is SHA-256 of the bytes,"
                    f" {verdict.seal.computed}"
                ),
            )
        ]
    return []


def _sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _seal_elsewhere(request: RequestBase, verdict: Verdict, fit: str) -> Finding:
    seal_field, secret_field = request.SEAL_FIELD, request.REVEALED_FIELD
    if verdict.checks.rolls == "not_given":
        why = f"only the {seal_field} could be compared (no rolls were recorded), so"
    else:
        why = "the recorded rolls fit this secret, so"
    return Finding(
        cause="seal_from_other_game",
        explains=fit,
        detail=(
            f"the {secret_field}'s SHA-256 is {verdict.seal.computed}, not the {seal_field} given; {why} the"
            f" {seal_field} is most likely another game's: copy both from the same game. If it is the {seal_field}"
            f" this game showed before its first roll, the {secret_field} is not the one it committed to:"
            f" keep both and report it. {_HEX_NOTE}"
        ),
    )


# ---- the rolls -----------------------------------------------------------------------------


def _roll_findings(request: RequestBase, secret: bytes, verdict: Verdict) -> tuple[list[Finding], str | None]:
    """Findings about the recorded rolls, and how far the best of them fits this secret (None: not at all)."""
    case = _case(request, secret)
    matched = sum(1 for report in verdict.rolls if report["matches"])
    if matched == verdict.summary.compared and case.total != verdict.summary.count:
        finding = _count_finding(case, verdict)
        return [finding], finding.explains
    bar = max(case.evidence, math.ceil(PARTIAL * case.compared))
    scored: list[tuple[int, int, _Hypothesis]] = []
    if bar <= case.compared:
        baseline = sum(1 for report in verdict.rolls[: case.compared] if report["matches"])
        seen: set[str] = set()
        for order, hypothesis in enumerate(_hypotheses(case)):
            change = _changed(case, hypothesis.change)
            key = repr((sorted(change.items()), hypothesis.flip))
            if not (change or hypothesis.flip) or key in seen:
                continue
            seen.add(key)
            k = _score(case, hypothesis, misses_allowed=case.compared - bar)
            if k is not None and k >= bar and (k == case.compared or k > baseline):
                scored.append((-k, order, replace(hypothesis, change=change)))
    scored.sort(key=lambda entry: entry[:2])
    findings = [
        Finding(cause=h.cause, explains=_explains(-negative_k, case), detail=h.detail, try_=_try(case, h))
        for negative_k, _, h in scored
    ]
    if findings:
        return findings, findings[0].explains
    finding = _unexplained(case, verdict, matched)
    return [finding], finding.explains if finding.cause == "few_rolls_differ" else None


def _case(request: RequestBase, secret: bytes) -> _Case:
    recorded = [tuple(roll) for roll in (request.recorded or [])[:MAX_COMPARED]]
    chance = 1 / math.prod(request.SIDES)
    return _Case(
        request=request,
        secret=secret,
        fields=request.model_dump(mode="json", exclude={"recorded"}),
        recorded=recorded,
        flipped=[roll[::-1] for roll in recorded],
        total=len(request.recorded or []),
        evidence=math.ceil(math.log(CHANCE) / math.log(chance)),
    )


def _explains(k: int, case: _Case) -> str:
    if case.compared == case.total:
        return f"{k} of {case.total} rolls"
    return f"{k} of the first {case.compared} rolls"


def _count_finding(case: _Case, verdict: Verdict) -> Finding:
    computed, total = verdict.summary.count, case.total
    fix: dict[str, JsonValue] | None = {"count": total}
    if isinstance(case.request, BgDiceRequest) and case.request.labels is not None:
        fix = None  # the labels fix the count; the labels would need changing, not a number
    what = "only the first" if total < computed else "more rolls than the"
    return Finding(
        cause="roll_count",
        explains=f"{verdict.summary.compared} of {total} rolls",
        detail=(
            f"every roll compared fits, but {total} rolls were recorded and {computed} computed: the recorded list"
            f" holds {what} {min(total, computed)} rolls asked for; give count {total} to compare exactly those"
        ),
        try_=fix,
    )


def _unexplained(case: _Case, verdict: Verdict, matched: int) -> Finding:
    differ = [r["index"] for r in verdict.rolls if r["matches"] is False]
    compared = verdict.summary.compared
    if matched >= case.evidence and len(differ) <= max(1, compared // 10):
        shown = ", ".join(str(index) for index in differ[:10]) + (", ..." if len(differ) > 10 else "")
        return Finding(
            cause="few_rolls_differ",
            explains=f"{matched} of {compared} rolls",
            detail=(
                f"only roll{'s' if len(differ) > 1 else ''} {shown} differ{'' if len(differ) > 1 else 's'}: the rest"
                " fit this secret, so the secret and the settings are right. Check those rolls against the game's own"
                " roll list; if they were copied correctly, the dice shown were not the committed ones: keep the"
                " secret and report it"
            ),
        )
    thin = (
        f" (with {case.compared} recorded roll{'s' if case.compared != 1 else ''}, the mistakes tried cannot be told"
        " from chance)"
        if case.compared < case.evidence
        else ""
    )
    if verdict.checks.seal == "mismatch":
        return Finding(
            cause="secret_from_other_game",
            explains=f"{matched} of {compared} rolls",
            detail=(
                "neither the seal nor the recorded rolls fit this secret, and none of the mistakes tried explains the"
                f" rolls{thin}: the secret is most likely from another game than both; copy it again from the game."
                f" {_HEX_NOTE}"
            ),
        )
    if verdict.checks.seal == "match":
        detail = (
            "the secret is the one sealed before the game, but the recorded rolls are not its rolls and none of the"
            f" mistakes tried (numbering, seat order, game of the match, take-backs, dice order) explains them{thin}:"
            " they are most likely another game's rolls"
        )
    else:
        detail = (
            "none of the mistakes tried (numbering, seat order, game of the match, take-backs, dice order) explains"
            f" the recorded rolls{thin}: they and the secret most likely come from different games; give the seal too"
            " to tell which"
        )
    return Finding(cause="rolls_from_other_game", explains=f"{matched} of {compared} rolls", detail=detail)


def _try(case: _Case, hypothesis: _Hypothesis) -> dict[str, JsonValue]:
    """The fields to send: the change, the rolls turned round, the count that makes them exactly the recorded."""
    request, change = case.request, dict(hypothesis.change)
    if hypothesis.flip:
        change["recorded"] = _flipped_text(request)
    if isinstance(request, CountedRequest) and request.count not in (None, case.total) and "labels" not in change:
        change["count"] = case.total
    return change


def _score(case: _Case, hypothesis: _Hypothesis, misses_allowed: int | None = None) -> int | None:
    """How many compared rolls the hypothesis reproduces; None once it has missed more than allowed.

    A wrong hypothesis misses nearly every roll, so it is first tried on just enough rolls to
    miss more than allowed; only a hypothesis that survives them has the rest computed.
    """
    recorded = case.flipped if hypothesis.flip else case.recorded
    allowed = case.compared if misses_allowed is None else misses_allowed
    matched = 0
    for size in dict.fromkeys((min(allowed + SCORE_HEAD, case.compared), case.compared)):
        probe = _probe(case, hypothesis.change, size)
        if probe is None:
            return None
        dice = recompute(probe, case.secret).dice
        matched = sum(map(eq, dice, recorded[:size]))
        if min(len(dice), size) - matched > allowed:
            return None
    return matched if case.compared - matched <= allowed else None


def _probe(case: _Case, change: dict[str, JsonValue], size: int | None = None) -> RequestBase | None:
    """The request with `change` applied, computing just its first `size` rolls (by default all
    those to compare); None if it is not valid."""
    data: dict[str, Any] = {**case.fields, **change}
    if isinstance(case.request, CountedRequest):
        size = case.compared if size is None else size
        labels = data.get("labels")
        if isinstance(labels, list):
            data["labels"], data["count"] = labels[:size], None
        else:
            data["count"] = size
    try:
        return parse_request(data)
    except ValidationError:
        # Built from the request's own values, a hypothesis can still break a rule of the model
        # (a label too long, say): it is then not a request anyone could send, so it is no finding.
        return None


# ---- the hypotheses, per scheme ------------------------------------------------------------


def _hypotheses(case: _Case) -> Iterator[_Hypothesis]:
    request = case.request
    yield from _shifts(case)
    match request:
        case Pair36Request():
            yield from _seat_orders(request)
        case ThreeDiceRequest(client_seeds=seats) if seats is not None and seats.white != seats.black:
            yield _Hypothesis(
                "seat_order",
                "the client seeds fit with white and black the other way round: white's seed comes first",
                {"client_seeds": {"white": seats.black, "black": seats.white}},
            )
        case BgDiceRequest(labels=None):
            yield from _bot_games(request)
            yield from _take_backs(case, request)
        case BgOnlineRequest():
            yield from _online_games(request)
        case DailyRequest(secret=str()):
            yield from _days(request)
    yield from _dice_order(case)


_NUMBERING = {
    "pair36": ("roll number", "rolls are numbered from 1 across the whole match, opening roll-offs included"),
    "narde-v1": ("roll", "roll i counts from 0, the opening roll included"),
    "three-dice": ("ply", "the ply counts from 0 in the order the rolls came"),
}


def _shifts(case: _Case) -> Iterator[_Hypothesis]:
    """Roll numbers a few either side of `first`, then wherever in the first START_WINDOW the rolls begin."""
    request = case.request
    if not isinstance(request, Pair36Request | NardeRequest | ThreeDiceRequest):
        return
    first, lowest = request.first, type(request).FIRST
    what, rule = _NUMBERING[_fields_scheme(case)]
    near = [first + d for d in range(-MAX_SHIFT, MAX_SHIFT + 1) if d and first + d >= lowest]
    for start in near:
        yield _Hypothesis(
            "numbering_shifted",
            f"the recorded rolls fit {what} {start} onward, not {first}: the numbering is off by {start - first:+d}"
            f" ({rule})",
            {"first": start},
        )
    for start in _starts_in_window(case, lowest):
        if start != first and start not in near:
            yield _Hypothesis(
                "numbering_shifted",
                f"the recorded rolls fit {what} {start} onward, not {first}: they are a later part of the"
                " match, which keeps counting from game to game",
                {"first": start},
            )


def _fields_scheme(case: _Case) -> str:
    scheme = case.fields["scheme"]
    return scheme if isinstance(scheme, str) else ""


def _starts_in_window(case: _Case, lowest: int) -> list[int]:
    """Roll numbers in [lowest, lowest + START_WINDOW) where the first recorded rolls appear in a row."""
    needed = min(case.evidence, case.compared)
    probe = _probe(case, {"first": lowest})
    if probe is None or needed == 0:
        return []
    window_probe = probe.model_copy(update={"count": START_WINDOW + needed})
    dice = [roll.dice for roll in recompute(window_probe, case.secret)]
    head = case.recorded[:needed]
    return [lowest + s for s in range(START_WINDOW) if dice[s : s + needed] == head][:MAX_STARTS]


def _seat_orders(request: Pair36Request) -> Iterator[_Hypothesis]:
    seeds = request.client_seeds
    orders = permutations(seeds) if len(seeds) <= 3 else iter([tuple(reversed(seeds))])
    for order in orders:
        if list(order) != seeds:
            yield _Hypothesis(
                "seat_order",
                f"the rolls fit the client seeds in the order {', '.join(order)}: list them in seat order, as the"
                " dice sheet does",
                {"client_seeds": list(order)},
            )


def _bot_games(request: BgDiceRequest) -> Iterator[_Hypothesis]:
    """Opening roll on or off, the opening left out of the list, turns numbered from elsewhere."""
    opening = request.opening
    start = request.first_turn if request.first_turn is not None else (2 if opening else 1)
    if opening:
        yield _Hypothesis(
            "opening_roll",
            "the rolls fit a game without an opening roll, starting at bg-dice-v1:turn:1: a later game of a match"
            " has none (its first game does)",
            {"opening": False, "first_turn": None},
        )
        yield _Hypothesis(
            "numbering_shifted",
            "the rolls fit bg-dice-v1:turn:2 onward: the list leaves the opening roll out (its winner plays it as"
            " turn 1)",
            {"opening": False, "first_turn": 2},
        )
    else:
        yield _Hypothesis(
            "opening_roll",
            "the rolls fit a game that begins with an opening roll (bg-dice-v1:opening:0), as a single game or a"
            " match's first game does",
            {"opening": True, "first_turn": None},
        )
    for turn in range(max(1, start - MAX_SHIFT), start + MAX_SHIFT + 1):
        if turn != start:
            yield _Hypothesis(
                "numbering_shifted",
                f"the rolls fit turns from bg-dice-v1:turn:{turn}, not turn:{start}: the turns are numbered"
                f" {turn - start:+d} off",
                {"first_turn": turn},
            )


def _take_backs(case: _Case, request: BgDiceRequest) -> Iterator[_Hypothesis]:
    """The whole list on another take-back line, or a take-back part way through it."""
    lines = sorted({*range(1, MAX_LINE + 1), request.line + 1} - {request.line})
    for line in lines:
        yield _Hypothesis(
            "take_back_line",
            f"the rolls fit take-back line {line} (labels such as bg-dice-v1:turn:7:line:{line}): in a Practice game"
            " the rolls after a take-back carry on from a fresh line",
            {"line": line},
        )
    if case.compared < case.total:
        return  # the labels must list every roll, and only the first MAX_COMPARED are compared
    probe = _probe(case, {})
    computed: list[Roll] = list(recompute(probe, case.secret)) if probe is not None else []
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
            yield _Hypothesis(
                "take_back_line",
                f"the rolls fit a take-back before roll {split + 1}: rolls 1-{split} on the line before, then"
                f" bg-dice-v1:turn:{start}:line:{line} onward (try lists every label)",
                _changed(case, {"labels": [*before, *after], "opening": True, "first_turn": None, "line": 0}),
            )


def _online_games(request: BgOnlineRequest) -> Iterator[_Hypothesis]:
    """Other games of the match, each with and without an opening roll."""
    game, opening = request.game, request.has_opening
    games = sorted({*range(1, MAX_GAME + 1), game - 1, game + 1} - {0})
    for other in games:
        for with_opening in (other == 1, other != 1):
            if (other, with_opening) == (game, opening):
                continue
            default = with_opening == (other == 1)
            change: dict[str, JsonValue] = {"game": other, "opening": None if default else with_opening}
            roll_word = f"bg-online-v1:g{other}:" + ("opening:0" if with_opening else "roll:1")
            if other != game:
                yield _Hypothesis(
                    "match_game",
                    f"the rolls fit game {other} of the match (from {roll_word}), not game {game}",
                    change,
                )
            else:
                yield _Hypothesis(
                    "opening_roll",
                    f"the rolls fit game {game} {'with' if with_opening else 'without'} an opening roll (from"
                    f" {roll_word}): only a match's first game has one, and a list may leave it out",
                    change,
                )


def _days(request: DailyRequest) -> Iterator[_Hypothesis]:
    ordinal = request.date.toordinal()
    for day in (dt.date.fromordinal(n) for n in (ordinal - 1, ordinal + 1) if 1 <= n <= dt.date.max.toordinal()):
        yield _Hypothesis(
            "date_shifted",
            f"the faces fit {day.isoformat()} with this secret: the date is the UTC day the roll was made, which"
            " can differ from the local one (and the secret must be that day's)",
            {"date": day.isoformat()},
        )


def _dice_order(case: _Case) -> Iterator[_Hypothesis]:
    if case.flipped == case.recorded:
        return  # every roll reads the same both ways (doubles): nothing to test
    yield _Hypothesis(
        "dice_order",
        "the rolls fit with each roll's dice in the other order: list every roll's dice in the order the scheme"
        f" reads them ({_dice_words(case.request.SIDES)})",
        {},
        flip=True,
    )


def _flipped_text(request: RequestBase) -> str:
    """Every recorded roll with its dice the other way round, as a person would paste them."""
    return " ".join("-".join(str(face) for face in reversed(roll)) for roll in request.recorded or [])


def _dice_words(sides: Sequence[int]) -> str:
    if len(set(sides)) > 1:
        return ", ".join(f"d{n}" for n in sides)
    return "the first die read first"


def _changed(case: _Case, change: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Only the fields whose value the change alters."""
    return {name: value for name, value in change.items() if case.fields.get(name) != value}
