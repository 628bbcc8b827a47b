"""Near-miss diagnosis: when a verdict has a mismatch, test the mistakes people make and say which fit.

A hypothesis is a change to the request (the `try` a person can apply: other roll numbers,
the seats in the other order, another game of the match, a take-back line...) or to how the
recorded rolls are read (each roll's dice in the other order). It is scored by how many
recorded rolls it reproduces, and named a cause only where `Case.evidence` of the rolls it reads otherwise than
the request fit with it: the rolls it leaves alone fit, or differ, whether or not it is true. One that fits every
roll it reads otherwise, on fewer of them, is offered within `few_rolls_differ`, with its odds and its `try`, or said
without a `try` in the finding left, where its `try` would make a whole game a piece of one. The work is bounded
whatever the request: at most
`schemes.base.MAX_COMPARED` recorded rolls per hypothesis, a fixed list of hypotheses per scheme plus one
scan of START_WINDOW roll numbers (at most MAX_STARTS starts found there are tried), and a
hypothesis is dropped as soon as it can no longer reach the reporting bar. The mistakes every
scheme shares are here; each scheme's own come from its room (`Scheme.hypotheses`).
"""

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from operator import eq
from typing import Any, Literal, NamedTuple

from pydantic import JsonValue, ValidationError

from fairdice import schemes
from fairdice.dice import Rolls
from fairdice.errors import InvalidInput
from fairdice.prose import counted, listed, number, was
from fairdice.request import CountedRequest, RequestBase
from fairdice.schemes.base import CHANCE, Case, Hypothesis, Words, chance_of_at_least
from fairdice.seal import hex_text_form, of_hex_text, seal_of
from fairdice.verdict import Cause, Finding, Scope, Tally, Verdict

MAX_SHIFT = 3  # roll numbers tried either side of the given first one
START_WINDOW = 256  # roll numbers scanned from the scheme's first for where the recorded rolls begin
SCORE_HEAD = 8  # rolls beyond the misses allowed that a hypothesis is tried on first
MAX_STARTS = 4  # places in that window where the recorded rolls may begin, tried in full
MAX_FINDINGS = 5
PARTIAL = 0.75  # a hypothesis that explains fewer than this share of the rolls is not reported
# Beside the secret's own seal, recorded rolls none of the mistakes tried explains are said to be most likely another
# game's only where another game's would fit the secret as many times by chance at least 1 time in 100 (1 of 20 of two
# dice fits so 43 times in 100, 2 of 6 about 1 in 93): luck that ordinary explains them. Where it is rarer (2 of 5, 1 in
# 137; 3 of 5, 1 in about 4,866), yet not rarer than CHANCE, below which they are this secret's but those that differ
# (`few_rolls_differ`), luck explains them no better than this game's rolls with the rest shown otherwise: too few fit
# to tell which (`too_few_rolls_fit`). 1 in 100 is the level the audit's tests fail fair dice at, too.
OTHER_GAME_CHANCE = 1e-2
_HEX_NOTE = "Hex case and spaces around the hex are ignored, so they are not the cause."


def diagnose(
    request: RequestBase,
    secret: bytes,
    verdict: Verdict,
    *,
    seal_source: str | None = None,
    source_uncommitted: bool = False,
    uncommitted_secret: bytes | None = None,
    uncommitted_source: str | None = None,
) -> list[Finding]:
    """The likely causes of a mismatch verdict, the best explanation first.

    Each finding names a cause, how many recorded rolls it explains, the cause in words and
    the request fields to change (`try`) that test it. Pure and deterministic; at most
    MAX_FINDINGS findings. `seal_source` names where an authority (the daily archive) published
    the seal; `source_uncommitted` says the secret is the authority's own and does not give it.
    `uncommitted_secret`: the authority's own secret, which does not give its seal, where `secret` is another, given;
    `uncommitted_source`: where the authority revealed it.
    """
    if source_uncommitted:
        # The secret is the authority's own: no mistake of the player's explains the seal, and none of the roll
        # findings may blame a secret the player did not give (review: "copy it again from the game"). A seal it
        # published over that secret's hex text is a commitment to it all the same, hashed as text: said so, not "not
        # the one it committed to", and the rolls weighed as beside its own seal, as beside such a seal given
        as_text = _of_hex_text(verdict, secret)
        if as_text:
            findings = [_archive_hashed_text(request, verdict, secret, seal_source)]
        else:
            findings = [_not_committed(request, verdict, secret, seal_source)]
        if verdict.checks.rolls == "mismatch":
            named = f"the {schemes.of(request).words.seal} the archive published" if as_text else None
            # Whose the rolls are is weighed as beside the secret's own seal: the secret is the archive's, and the seal
            # that does not fit it is the archive's to report, not a sign the secret is another day's (review: a roll a
            # face or two off got no finding, its words asking whether the commitment or the secret is another day's)
            revealed_at = None if as_text else verdict.source or ""
            found, _ = _roll_findings(request, secret, verdict, as_text=named, revealed=revealed_at)
            findings.extend(finding for finding in found if not _of_secret_given(finding))
        return findings[:MAX_FINDINGS]
    if uncommitted_secret is not None and verdict.checks.seal == "match" and verdict.checks.rolls != "mismatch":
        # Nothing the player gave differs: the secret is the one committed to and the rolls are its. The mismatch is the
        # archive's, which revealed another: said as a finding, not left to the reasons alone (review: a mismatch with
        # no "Why it may not match" on its page)
        return [_revealed_another(request, verdict, uncommitted_secret, seal_source, uncommitted_source)]
    published = bytes.fromhex(verdict.seal.given or "") if seal_source is not None else None
    if verdict.checks.seal == "mismatch" and published is not None and seal_of(published) == secret.hex():
        # The seal is the authority's own, not a value given: the secret given is the SHA-256 of what it published, no
        # field swapped (review: "the SHA-256 of the value given as the commitment" with no commitment given); the
        # rolls are that seal's or none of the secret given's, whose words would blame the player's copying
        return [_seal_hashed_as_secret(request, published, seal_source or "")]
    findings = _seal_findings(request, secret, verdict, seal_source) if verdict.checks.seal == "mismatch" else []
    if verdict.checks.seal == "not_given" and verdict.checks.rolls == "mismatch":
        findings = _pasted_twice_by_rolls(request, secret)
    # (and `too_few_rolls_fit` of one value given in both fields, which accounts for the seal and the roll alike)
    mistaken = ("secret_and_seal_swapped", "secret_pasted_twice", "seal_in_secret_field", "too_few_rolls_fit")
    if any(f.cause in mistaken for f in findings):
        return findings
    fit = _fit_as_given(request, verdict)  # None where no rolls are recorded
    if verdict.checks.rolls == "mismatch":
        # A seal computed over the secret's hex text is this secret's all the same: the rolls are weighed as beside its
        # own seal, not another game's (review: "the day secret is most likely from another game than both" below "the
        # commitment given is the SHA-256 of the day secret written as hex text")
        as_text = any(f.cause == "seal_of_hex_text" for f in findings)
        # The seal an authority published is its own, not one given (review: "the commitment given" of the archive's)
        whose = "the archive published" if seal_source is not None else "given"
        named = f"the {schemes.of(request).words.seal} {whose}" if as_text else None
        # The rolls are the secret's the authority revealed, not the one given: this day's, not another's (review:
        # "another player's or another day's roll: check the player id and the date"), whether the secret given is the
        # one it committed to or neither (review: a third secret was "another day's or copied wrong. Leave it out",
        # which led on to the archive's secret not committed to)
        committed = verdict.checks.seal == "match" or as_text
        rolled = _rolled_uncommitted(
            request,
            verdict,
            secret,
            uncommitted_secret,
            seal_source,
            uncommitted_source,
            as_text=as_text,
            committed=committed,
        )
        if rolled is not None:
            roll_findings, fit = [rolled], None  # the rolls fit the secret given not at all
        else:
            roll_findings, fit = _roll_findings(request, secret, verdict, as_text=named)  # None: they fit it not at all
            if uncommitted_secret is not None and verdict.checks.seal == "match":
                # The secret given is the one committed to, its rolls not all its own: the archive revealed another all
                # the same, which no mistake in the rolls explains (review: a roll of it cut short, or one die copied
                # wrong, left the archive's secret not committed to to the reasons alone, the findings the rolls')
                revealed = _revealed_another(request, verdict, uncommitted_secret, seal_source, uncommitted_source)
                roll_findings = [revealed, *roll_findings]
        findings.extend(roll_findings[: MAX_FINDINGS - 1])
        if seal_source is not None and verdict.checks.seal == "mismatch":
            # The seal is an authority's (the daily archive's), not one copied from a game: the secret given is what
            # does not fit it, as `_seal_elsewhere` says, whatever the rolls (review: a day's roll that does not fit was
            # "the day secret is most likely from another game than both; copy it again from the game")
            findings = [
                _seal_elsewhere(request, verdict, found.tally, seal_source) if _of_secret_given(found) else found
                for found in findings
            ]
    rolls_fit = fit is not None or verdict.checks.rolls == "not_given"
    if verdict.checks.seal == "mismatch" and rolls_fit and all(f.cause not in _SEAL for f in findings):
        cut = any(f.cause == "roll_cut_short" for f in findings)
        findings.append(_seal_elsewhere(request, verdict, fit, seal_source, cut=cut))
    return findings[:MAX_FINDINGS]


# Findings that already account for the seal. Read only beside a seal that does not fit the secret, where a
# `too_few_rolls_fit` does: too few rolls fit to tell whether the secret is another game's, or whether the seal or the
# secret is (`Finding.too_few_to_tell`); but beside `seal_of_hex_text`, which accounts for the seal itself, where it
# speaks of whose the rolls are.
_SEAL: frozenset[Cause] = frozenset(
    {
        "secret_and_seal_swapped",
        "secret_pasted_twice",
        "secret_in_seal_field",
        "seal_in_secret_field",
        "seal_of_hex_text",
        "secret_from_other_game",
        "too_few_rolls_fit",
        "secret_not_committed",
    }
)


def _of_secret_given(finding: Finding) -> bool:
    """Whether a roll finding beside a seal that does not fit the secret says the secret given may be another game's,
    to copy again: `secret_from_other_game`, and `too_few_rolls_fit` where too few fit to tell whose it is
    (`Finding.too_few_to_tell`). Where the secret is an authority's, such words are not the player's to act on."""
    too_few = finding.cause == "too_few_rolls_fit" and finding.too_few_to_tell
    return too_few or finding.cause == "secret_from_other_game"


# Findings that say the recorded rolls are this secret's, all but some.
_THIS_SECRET: frozenset[Cause] = frozenset({"few_rolls_differ", "roll_left_out", "roll_added"})


def _fit_as_given(request: RequestBase, verdict: Verdict) -> Tally | None:
    """How the rolls fit when they are not in question: all of them, or none recorded (None)."""
    if verdict.checks.rolls == "not_given":
        return None
    return Tally(verdict.summary.compared, verdict.summary.compared)


# ---- the seal ------------------------------------------------------------------------------


def _explained(request: RequestBase, secret: bytes) -> Tally | None:
    """What a seal finding explains: the seal (None), and as many recorded rolls as the secret it points to fits."""
    if not request.recorded:
        return None
    return _as_given(_case(request, secret))


def _as_given(case: Case[Any]) -> Tally:
    """A finding's `explains` of the request as given, counted as a hypothesis' is: over the recorded rolls it reads,
    with the count raised to cover them, or over the first it rolls where labels fix the count. Read from
    `Case.as_given`, which the rolls recorded beyond the count are read by too (`_given_dice`), not computed again."""
    rolls = case.as_given
    if rolls is None:
        return _explains(0, case)
    fit = sum(map(eq, rolls.dice, case.recorded))
    if len(rolls) < case.compared:
        # Labels fix the count: the rolls recorded past them, which the request rolls nothing at, are no rolls that
        # differ (review: "4 of 20 rolls" of 10 labelled, the 10 past them counted as not fitting)
        return Tally(fit, len(rolls), first=True)
    return _explains(fit, case)


def _seal_findings(request: RequestBase, secret: bytes, verdict: Verdict, seal_source: str | None) -> list[Finding]:
    """Mistakes that show in the seal alone: fields swapped, the secret pasted twice, the hex text hashed.
    `seal_source`: where an authority (the daily archive) published the seal, which is then its own, not one given."""
    given = (verdict.seal.given or "").lower()
    secret_hex = secret.hex()
    seal_field, secret_field = request.SEAL_FIELD, request.REVEALED_FIELD
    scheme = schemes.of(request)
    words = scheme.words
    seal, secret_word = words.seal, words.secret
    if request.secret_hex is not None and seal_of(bytes.fromhex(given)) == secret_hex:
        return [
            _finding(
                "secret_and_seal_swapped",
                _explained(request, bytes.fromhex(given)),
                words,
                (
                    f"the {secret_word} and the {seal} were pasted into each other's fields:"
                    f" the SHA-256 of the value given as the {seal} is the value given as the {secret_word}"
                ),
                {secret_field: given, seal_field: secret_hex},
            )
        ]
    swapped_text = hex_text_form(secret_hex, bytes.fromhex(given)) if request.secret_hex is not None else None
    if swapped_text is not None:
        # Swapped, and the seal computed over the secret's hex text as well: the rolls are the value given as the
        # seal's, never another game's (review: "the key is most likely from another game than both" of such a pair)
        return [
            _finding(
                "secret_and_seal_swapped",
                _explained(request, bytes.fromhex(given)),
                words,
                (
                    f"the {secret_word} and the {seal} were pasted into each other's fields: the SHA-256 of the value"
                    f" given as the {seal}, written as hex text{swapped_text}, is the value given as the"
                    f" {secret_word}. Swapped back, the {seal} is still computed over the hex text, not the bytes:"
                    f" whatever computed it hashed the text"
                ),
                {secret_field: given, seal_field: secret_hex},
            )
        ]
    half = _half_of_twice(request, secret)
    if half is not None and seal_of(half) == given:
        explains = _explained(request, half)
        return [_pasted_twice(request, half, explains, f"the SHA-256 of that half is the {seal} given")]
    half_text = hex_text_form(given, half) if half is not None else None
    if half is not None and half_text is not None:
        # Pasted twice beside a seal over the hex text of its half: the rolls are that half's, never another game's
        # (review: "the server seed is most likely from another game than both" of such a pair)
        shown_by = (
            f"the SHA-256 of that half written as hex text{half_text} is the {seal} given, which is so computed over"
            " the hex text, not the bytes"
        )
        return [_pasted_twice(request, half, _explained(request, half), shown_by)]
    if given == secret_hex:
        recorded = _recorded(words, len(request.recorded or []))
        case = _case(request, secret)
        # Rolls cut short inside their last face are this value's all the same, as `roll_cut_short` says beside it
        # (review: a day's roll computed from the archive's commitment, its d20 cut to one digit, was "not its roll: the
        # commitment was pasted as the day secret")
        cut = verdict.checks.rolls == "mismatch" and _cut_in_last_face(case, verdict) is not None
        # So is a roll that fits it in every face but one or two, its other faces fitting by chance less often than
        # OTHER_GAME_CHANCE
        # (review: a day's roll computed from the archive's commitment, one die copied wrong, was "not its roll: the
        # commitment was pasted as the day secret")
        off = _faces_off(case, verdict) if verdict.checks.rolls == "mismatch" and not cut else None
        differ = verdict.checks.rolls == "mismatch" and not cut and not _beyond_chance(case, verdict)
        if seal_source is not None and off is not None:
            return [_archives_seal_one_face_off(request, seal_source, off)]
        if seal_source is not None and (differ or verdict.checks.rolls == "not_given"):
            # The seal is the authority's own, given or not: the one value in both is its, pasted as the secret, with
            # no roll to say otherwise (review: "the commitment given is the day secret itself" of the archive's
            # commitment pasted as the day secret, no commitment given)
            differing = f", and the recorded {recorded.rolls} {recorded.are} not its {recorded.rolls}" if differ else ""
            return [
                Finding(
                    cause="seal_in_secret_field",
                    explains="the seal",
                    detail=(
                        f"the {secret_word} given is the {seal} the archive published for the day ({seal_source})"
                        f" itself{differing}: the {seal} was pasted as the {secret_word}. The {secret_word} is the"
                        f" other value, {words.secret_shown()}"
                    ),
                )
            ]
        if seal_source is not None:
            # The authority's seal is the secret given, and the rolls fit it beyond chance: they were computed from what
            # it published, which no mistake of the player's makes (review: "the commitment given is the day secret
            # itself; the commitment is the other value" of the archive's commitment, with no commitment given)
            count = len(request.recorded or [])
            fit = f"{recorded.fit} it in every face but the last, cut short" if cut else f"{recorded.fit} it"
            return [
                Finding(
                    cause="secret_in_seal_field",
                    explains="the seal",
                    detail=(
                        f"the {secret_word} given is the {seal} the archive published for the day ({seal_source})"
                        f" itself, and the recorded {recorded.rolls} {fit}: {recorded.they} {was(count)}"
                        f" computed from the {seal} the archive published, not from a {secret_word} whose SHA-256 it"
                        " is. No mistake in copying explains it: keep this link and report it"
                    ),
                    secret_published=True,
                )
            ]
        if off is not None:
            # One value in both fields, and one roll that fits it in every face but one or two: too few to tell the
            # secret, pasted as the seal too, its roll with a die shown otherwise, from the seal pasted as the secret
            # (review: "the recorded roll is not its roll: the commitment was pasted as the day secret too" of five
            # faces of six)
            die, shown, computed, chance = off
            return [
                _finding(
                    "too_few_rolls_fit",
                    Tally(0, 1),
                    words,
                    (
                        f"the same value was given as the {secret_word} and as the {seal}, and the recorded"
                        f" {recorded.rolls} {recorded.fit} it in every face but its {die} ({shown} where it rolls"
                        f" {computed}), as another {words.roll} would fit as many or more {_one_time_in(chance)}: too"
                        f" few fit to tell whether it is the {secret_word}, pasted as the {seal} too, and the {die}"
                        f" copied wrong or shown otherwise, or the {seal}, pasted as the {secret_word} too. Give each"
                        f" in its own field: the {seal} is {words.seal_shown()}, the {secret_word}"
                        f" {words.secret_shown()}. If the {secret_word} is this value, its {seal} fits it and the"
                        f" {words.roll} was copied correctly, the dice shown were not the committed ones: keep the"
                        f" {secret_word} and report it"
                    ),
                    too_few_to_tell=True,
                    # Which of the two the value is, not whose (review: "Too few rolls fit the day secret to tell whose
                    # it is" above words that ask which field it belongs to)
                    heading="Too few of the {roll}'s faces fit the value given in both fields to tell which it is",
                )
            ]
        if differ:
            # One value in both fields, and the rolls are not its: it is the seal, pasted as the secret too (support
            # review: the seal field, which was right, was said to hold the secret). Rolls that fit it beyond chance,
            # all but a few, make it the secret: those few are then a mismatch to report, not a paste (review)
            return [
                Finding(
                    cause="seal_in_secret_field",
                    explains="the seal",
                    detail=(
                        f"the {secret_word} given is the {seal} itself, and the recorded {recorded.rolls}"
                        f" {recorded.are} not its {recorded.rolls}:"
                        f" the {seal} was pasted as the {secret_word} too. The {secret_word} is the other value,"
                        f" {words.secret_shown()}"
                    ),
                )
            ]
        return [
            Finding(
                cause="secret_in_seal_field",
                explains="the seal",
                detail=(
                    f"the {seal} given is the {secret_word} itself; the {seal} is the other value, {words.seal_shown()}"
                ),
            )
        ]
    form = hex_text_form(given, secret)
    if form is not None and seal_source is not None:
        # The archive's commitment over the hex text of the secret given, which it did not reveal: both named as they
        # are (review: "the commitment given is the SHA-256 of the day secret", of the archive's and the player's)
        return [_archive_hashed_text(request, verdict, secret, seal_source, revealed=False)]
    if form is not None:
        return [
            Finding(
                cause="seal_of_hex_text",
                explains="the seal",
                detail=(
                    f"the {seal} given is the SHA-256 of the {secret_word} written as hex text{form}, not of its"
                    f" bytes: whatever computed it hashed the text. {words.sealed_as()}, {verdict.seal.computed}"
                ),
            )
        ]
    return []


def _seal_hashed_as_secret(request: RequestBase, seal: bytes, seal_source: str) -> Finding:
    """The secret given is the SHA-256 of the seal an authority (the daily archive) published (`seal`, from
    `seal_source`): `seal_in_secret_field`, that seal, hashed, in the secret's place; or, where the recorded rolls all
    fit that seal itself, `secret_in_seal_field` of rolls computed from what the authority published, to report."""
    words = schemes.of(request).words
    seal_word, secret = words.seal, words.secret
    tally = _explained(request, seal)
    head = (
        f"the {secret} given is the SHA-256 of the {seal_word} the archive published for the day ({seal_source}), not"
        f" the {secret}"
    )
    if tally is not None and tally.of and tally.fit == tally.of:
        recorded = _recorded(words, tally.of)
        return Finding(
            cause="secret_in_seal_field",
            explains="the seal",
            detail=(
                f"{head}, and the recorded {recorded.rolls} {recorded.fit} that {seal_word} itself: {recorded.they}"
                f" {was(tally.of)} computed from the {seal_word} the archive published, not from a {secret} whose"
                " SHA-256 it is. No mistake in copying explains it: keep this link and report it"
            ),
            secret_published=True,
        )
    return Finding(
        cause="seal_in_secret_field",
        explains="the seal",
        detail=(f"{head}: the {seal_word}, hashed, was given as the {secret}. The {secret} is {words.secret_shown()}"),
        # Its SHA-256, not the seal itself, as its words say (review: "The commitment was pasted as the day secret"
        # above "the day secret given is the SHA-256 of the commitment the archive published")
        heading="The SHA-256 of the {seal} was given as the {secret}",
    )


def _archives_seal_one_face_off(request: RequestBase, seal_source: str, off: tuple[str, str, str, float]) -> Finding:
    """`seal_in_secret_field` of the authority's seal given as the secret, beside one roll that fits it in every face
    but one or two (`_faces_off`): too few to tell a roll computed from that seal, those dice copied wrong, from another
    roll beside the seal pasted as the secret."""
    words = schemes.of(request).words
    seal, secret, roll = words.seal, words.secret, words.roll
    die, shown, computed, chance = off
    return Finding(
        cause="seal_in_secret_field",
        explains="the seal",
        detail=(
            f"the {secret} given is the {seal} the archive published for the day ({seal_source}) itself, and the"
            f" recorded {roll} fits it in every face but its {die} ({shown} where it rolls {computed}), as another"
            f" {roll} would fit as many or more {_one_time_in(chance)}: too few to tell whether the {roll} was computed"
            f" from that {seal} and the {die} copied wrong, or the {seal} was pasted as the {secret}. Copy the {roll}"
            f" again from the game: if it then fits, it was computed from the {seal} the archive published, which no"
            f" mistake in copying explains: keep this link and report it. If the game shows {shown} there too, leave"
            f" the {secret} out to check the {roll} against the one the archive revealed"
        ),
        # Too few of the roll's faces fit to tell a roll computed from the seal from the seal pasted, as its words say
        # (review: "The commitment was pasted as the day secret" above "too few to tell whether the roll was computed
        # from that commitment and the d6 copied wrong, or the commitment was pasted")
        heading="The {seal} was given as the {secret}; too few of the {roll}'s faces fit it to tell why",
    )


def _of_hex_text(verdict: Verdict, secret: bytes) -> bool:
    """Whether the seal given is the SHA-256 of this secret written as hex text, not of its bytes (`of_hex_text`)."""
    return of_hex_text(verdict.seal.given or "", secret)


def _archive_hashed_text(
    request: RequestBase, verdict: Verdict, secret_bytes: bytes, seal_source: str | None, *, revealed: bool = True
) -> Finding:
    """`seal_of_hex_text` of an authority's seal over its own secret: the archive committed to the secret it revealed,
    hashed as its hex text, where the scheme hashes its bytes; or, not `revealed`, to the secret given, which is not
    the one it revealed."""
    seal, secret = _words(request)
    form = hex_text_form(verdict.seal.given or "", secret_bytes) or ""
    whose = f"{secret} it revealed{_in(verdict.source)}" if revealed else f"{secret} given"
    return Finding(
        cause="seal_of_hex_text",
        explains="the seal",
        detail=(
            f"the {seal} the archive published for the day{_in(seal_source or verdict.source)} is the SHA-256 of the"
            f" {whose} written as hex text{form}, not of its bytes: the archive hashed"
            f" the text. {schemes.of(request).words.sealed_as()}, {verdict.seal.computed}. No mistake in copying"
            " explains it: keep this link and report it"
        ),
    )


def _half_of_twice(request: RequestBase, secret: bytes) -> bytes | None:
    """The secret's first half when the secret given is that half twice over and the half is a secret its field takes
    (None: it is not). A half the field refuses, such as a bg-dice-v1 or narde-v1 key of 16 bytes, which neither app
    makes, is no secret given twice: its `try` would be refused."""
    half = secret[: len(secret) // 2]
    if request.secret_hex is None or not half or secret != half + half:
        return None
    fields = request.model_dump(mode="json", exclude={"recorded"}) | {request.REVEALED_FIELD: half.hex()}
    try:
        type(request).model_validate(fields)
    except ValidationError:
        return None
    return half


def _pasted_twice(request: RequestBase, half: bytes, explains: Tally | None, shown_by: str) -> Finding:
    words = schemes.of(request).words
    return _finding(
        "secret_pasted_twice",
        explains,
        words,
        (
            f"the {words.secret} was pasted twice: its first half and its second are the same {len(half)} bytes, and"
            f" {shown_by}. Give it once"
        ),
        {request.REVEALED_FIELD: half.hex()},
    )


def _pasted_twice_by_rolls(request: RequestBase, secret: bytes) -> list[Finding]:
    """With no seal to show it, a secret pasted twice shows in the rolls: they are its half's (support review: such a
    secret's rolls were "most likely another game's")."""
    half = _half_of_twice(request, secret)
    if half is None:
        return []
    case = _case(request, half)
    bar = max(case.evidence, math.ceil(PARTIAL * case.compared))
    if bar > case.compared:
        return []
    k = _score(case, Hypothesis("secret_pasted_twice", "", {}), misses_allowed=case.compared - bar)
    if k is None:
        return []
    return [_pasted_twice(request, half, _explains(k, case), f"the recorded {case.scheme.words.rolls} fit that half")]


def _words(request: RequestBase) -> tuple[str, str]:
    """What the request's scheme calls its seal and its secret: a diagnosis speaks to people, not in field names."""
    words = schemes.of(request).words
    return words.seal, words.secret


def _not_committed(request: RequestBase, verdict: Verdict, secret_bytes: bytes, seal_source: str | None) -> Finding:
    """`secret_not_committed` where the secret the authority revealed (`secret_bytes`, from the verdict's source) does
    not give the seal it published (from `seal_source`), or is that seal itself."""
    seal, secret = _words(request)
    if (verdict.seal.given or "").lower() == secret_bytes.hex():
        # The archive published the secret itself as its seal, not its SHA-256 (review: "not the one it committed to"
        # of a secret published in the seal's place, which is what a report must say)
        return Finding(
            cause="secret_not_committed",
            explains="the seal",
            detail=(
                f"the {seal} the archive published for the day{_in(seal_source or verdict.source)} is the {secret} it"
                f" revealed{_in(verdict.source)} itself, not its SHA-256, {verdict.seal.computed}: the archive"
                f" published the {secret} as its {seal}, so whoever read it could compute the day's rolls. No mistake"
                " in copying explains it: keep this link and report it"
            ),
            secret_published=True,
        )
    return Finding(
        cause="secret_not_committed",
        explains="the seal",
        detail=(
            f"the {secret} the archive revealed{_in(verdict.source)} is not the one it committed to: its SHA-256 is"
            f" {verdict.seal.computed}, not the {seal} the archive published for the day"
            f"{_in(seal_source or verdict.source)}. No mistake in copying explains it: keep this link and report it"
        ),
    )


def _revealed_another(
    request: RequestBase, verdict: Verdict, uncommitted: bytes, seal_source: str | None, revealed_source: str | None
) -> Finding:
    """`secret_not_committed` where the secret given is the one the authority's seal commits to, and the recorded rolls,
    if any, are its: the authority revealed another (`uncommitted`, from `revealed_source`), which does not give it."""
    seal, secret = _words(request)
    fits = ""
    if verdict.checks.rolls == "match":
        recorded = _recorded(schemes.of(request).words, verdict.summary.compared)
        fits = f", and the recorded {recorded.rolls} {recorded.fit} it"
    return Finding(
        cause="secret_not_committed",
        explains="the seal",
        detail=(
            f"the {secret} given is the one the archive committed to: the {seal} it published for the day"
            f"{_in(seal_source)} is its SHA-256{fits}. But the {secret} the archive revealed for the day"
            f"{_in(revealed_source)} is another,"
            f" whose SHA-256 is {seal_of(uncommitted)}, not that {seal}: the archive revealed a {secret} it had not"
            " committed to. No mistake in copying explains it: keep this link and report it"
        ),
    )


def _in(source: str | None) -> str:
    """Where a value came from, in parentheses after its name; nothing where that is not known."""
    return f" ({source})" if source is not None else ""


def _rolled_uncommitted(
    request: RequestBase,
    verdict: Verdict,
    given: bytes,
    uncommitted: bytes | None,
    seal_source: str | None,
    revealed_source: str | None,
    *,
    as_text: bool,
    committed: bool = True,
) -> Finding | None:
    """`secret_not_committed` of recorded rolls that all fit the secret the authority revealed (`uncommitted`), where
    the secret `given` is the one its seal commits to (`committed`: its SHA-256, or `as_text` that of its hex text), or
    not `committed`, neither that one nor the one revealed: they were rolled from a secret the authority revealed but
    had not committed to, which came from `revealed_source`. None where they do not all fit it, or none is."""
    if uncommitted is None:
        return None
    case = _case(request, uncommitted)
    tally = _as_given(case)
    # The rolls cut short inside the last face, all but which fit it, as `roll_cut_short` says of the secret given
    # (review: a day's roll of the secret revealed, its d20 cut to one digit, was "another player's or another day's")
    cut = _cut_from(case) if tally.of and tally.fit == tally.of - 1 else None
    if not tally.of or (tally.fit != tally.of and cut is None):
        return None
    if cut is not None:
        tally = tally._replace(fit=tally.of)
    words = case.scheme.words
    seal, secret, recorded = words.seal, words.secret, _recorded(words, tally.of)
    # Where it came from, as the commitment's file is named beside it (review: the finding named the commitment's file
    # alone, the verdict's `source` being empty where the secret recomputed with is the one given)
    revealed = f" ({revealed_source})" if revealed_source is not None else ""
    fits, which, cut_short = f"{recorded.fit} the {secret} the archive revealed for the day{revealed}", None, ""
    if cut is not None:
        # A face cut short is a copying mistake, but not one that explains which secret the faces before it fit
        fits += " in every face but the last"
        cut_short = (
            f" The last face ends in {cut[0]}, the first digit of the {cut[1]} that {secret} rolls there: most likely"
            " cut short inside it, as a chat or a mail program cuts a link, or a digit was lost copying it."
        )
        which = f"the {secret} {recorded.they} {was(tally.of)} rolled from"
    if not committed:
        # The secret given fits neither the seal nor the rolls: the rolls are the archive's own secret's, which is not
        # the one its seal commits to; the secret given is a third, whose own mistake explains neither
        return _finding(
            "secret_not_committed",
            tally,
            words,
            (
                f"the recorded {recorded.rolls} {fits}, which is not the one it committed to: its SHA-256 is"
                f" {seal_of(uncommitted)}, not the {seal} the archive published for the day"
                f"{f' ({seal_source})' if seal_source is not None else ''}. {recorded.they.capitalize()}"
                f" {was(tally.of)} rolled from a {secret} the archive revealed but had not committed to.{cut_short} The"
                f" {secret} given is neither that one nor the one committed to (its SHA-256 is"
                f" {verdict.seal.computed}), but no mistake in copying it explains {which or f'the {recorded.rolls}'}:"
                " keep this link and report it"
            ),
            cut_short=cut is not None,
        )
    form = hex_text_form(verdict.seal.given or "", given) if as_text else None
    commits = f"the SHA-256 of it written as hex text{form or ''}" if as_text else "its SHA-256"
    published = f" ({seal_source})" if seal_source is not None else ""
    return _finding(
        "secret_not_committed",
        tally,
        words,
        (
            f"the recorded {recorded.rolls} {fits}, not the {secret} given, which is the one it committed to: the"
            f" {seal} the archive published for the day{published} is {commits}. {recorded.they.capitalize()}"
            f" {was(tally.of)} rolled from a {secret} the archive revealed but had not committed to.{cut_short} No"
            f" mistake in copying explains {which or recorded.them}: keep this link and report it"
        ),
        cut_short=cut is not None,
    )


def seal_alone(fit: Tally | None, one_in: int, *, cut: bool = False) -> bool:
    """Whether `seal_from_other_game` blames the seal alone, carried on it (`Finding.seal_alone`) for the page's
    heading: where the recorded rolls that fit the secret (`fit`, None where none were recorded) show it is theirs, more
    fitting than another game's rolls would (as many by chance less often than CHANCE, each roll fitting one time in
    `one_in`); where not, the seal, the secret or both. `cut`: they fit it in every face but the last, cut short
    (`_cut_in_last_face`): the faces before the cut show it (a day's roll's first five fit by chance 1 time in
    23,040)."""
    return cut or (fit is not None and chance_of_at_least(fit.fit, fit.of, one_in) < CHANCE)


def _seal_elsewhere(
    request: RequestBase, verdict: Verdict, fit: Tally | None, seal_source: str | None, *, cut: bool = False
) -> Finding:
    """The seal is another game's, or the secret is, as the rolls fit the secret (`fit`, how many do, None where none
    are recorded, said as many as fit): the seal where more fit than another game's rolls would, either or both where no
    more do (`seal_from_other_game`), and too few to tell which where as many fit as another game's would by luck rarer
    than OTHER_GAME_CHANCE (`too_few_rolls_fit`); `cut`: they fit it but for their last face, cut short
    (`_cut_in_last_face`)."""
    words = schemes.of(request).words
    seal, secret, roll, rolls = words.seal, words.secret, words.roll, words.rolls
    published = seal_source or verdict.source
    if published is not None:
        # The seal is the archive's, which is authoritative: it is the secret given that does not fit it (review: the
        # archive's commitment was said to be most likely another game's)
        return _finding(
            "secret_from_other_game",
            fit,
            words,
            (
                f"the {seal} is the one the archive published ({published}), and the SHA-256 of the {secret}"
                f" given is {verdict.seal.computed}, not it: the {secret} given is not this day's, most likely another"
                f" day's or copied wrong. Leave it out to check against the {secret} the archive revealed. {_HEX_NOTE}"
            ),
        )
    # The seal is another game's only where more rolls fit the secret than another game's would (review: "the recorded
    # rolls fit this key, so the lock is most likely another game's" of 1 of 3, and of 2 of 2, which another key's
    # rolls fit 1 time in 1,296; "only the lock could be compared ..., so the lock" of no rolls): else either or both
    alone = seal_alone(fit, math.prod(request.SIDES), cut=cut)
    whose = f"the {seal} is" if alone else f"the {seal}, the {secret} or both are"
    if fit is None:
        why = f"only the {seal} could be compared (no {rolls} were recorded):"
    elif cut:
        recorded = _recorded(words, len(request.recorded or []))
        # A roll cut short fits no roll computed: the faces before the cut are what fit (review: "the recorded roll fits
        # this day secret" and "it fits the recorded roll" below "the rolls were cut short inside a face")
        why = f"the recorded {recorded.rolls} {recorded.fit} this {secret} in every face but the last, cut short, so"
    else:
        # Said as many as fit, where not every one read does (review: "the recorded rolls fit this key" beside "8 of 20
        # rolls", and beside 1 of 20 past a count of 1)
        k, n, first = fit.fit, fit.of, "first " if fit.first else ""
        recorded = _recorded(words, n)
        some = f"{number(k)} of the {first}{counted(n, 'recorded ' + roll, 'recorded ' + rolls)}"
        fits = "fits" if k == 1 else "fit"
        if k == n:
            # Of the first MAX_COMPARED alone where more are recorded: "the first 200 recorded rolls fit"; "the first
            # recorded roll" of one, as the page says it (review: "the first 1 recorded roll fits" of 1 label and 20)
            which = f"the {first}{'' if n == 1 else number(n) + ' '}recorded" if first else "the recorded"
            said = f"{which} {recorded.rolls} {recorded.fit} this {secret}"
            why = said + (", so" if alone else f", as another game's {recorded.rolls} might:")
        else:
            said = f"only {some} {fits} this {secret}"
            why = f"{some} {fits} this {secret}, far more than another game's {rolls} would, so"
            if not alone:
                why = f"{said}, as another game's {rolls} might:"
        chance = chance_of_at_least(k, n, math.prod(request.SIDES))
        if not alone and k and chance < OTHER_GAME_CHANCE:
            # As many as another game's would fit by luck rarer than OTHER_GAME_CHANCE, as `secret_from_other_game` and
            # `too_few_rolls_fit` weigh them: not "as another game's rolls might" (review: of 2 of 2 of two dice, 1 in
            # 1,296, and 3 of 5, 1 in 4,866), nor either most likely: too few fit to tell which is another game's. The
            # cause says so, as `_of_another_game`'s does: `seal_from_other_game` would tell a program reading the code
            # alone (the audit's "likely" causes) that the seal is another game's, which these words withhold
            return _finding(
                "too_few_rolls_fit",
                fit,
                words,
                (
                    f"the SHA-256 of the {secret} is {verdict.seal.computed}, not the {seal} given; {said}: too few"
                    f" fit to tell whether the {seal} is {words.other_game}'s or the {secret} is (another game's"
                    f" {recorded.rolls} would fit as many or more {_one_time_in(chance)}). Copy both again from the"
                    f" game; if both were copied correctly from this game, the {secret} is not the one it committed to:"
                    f" keep both and report it. {_HEX_NOTE}"
                ),
                too_few_to_tell=True,
            )
    return _finding(
        "seal_from_other_game",
        fit,
        words,
        (
            f"the SHA-256 of the {secret} is {verdict.seal.computed}, not the {seal} given; {why} {whose} most"
            f" likely {words.other_game}'s: {words.copy_both()}: keep both and report it. {_HEX_NOTE}"
        ),
        seal_alone=alone,
    )


# ---- the rolls -----------------------------------------------------------------------------


def _roll_findings(
    request: RequestBase, secret: bytes, verdict: Verdict, *, as_text: str | None = None, revealed: str | None = None
) -> tuple[list[Finding], Tally | None]:
    """Findings about the recorded rolls, and how far the best of them fits this secret (None: not at all). `as_text`:
    the seal, named so ("the seal given"), is this secret's, computed over its hex text (`seal_of_hex_text`).
    `revealed`: the secret is an authority's own, revealed there (the daily archive's), which does not give its seal."""
    case = _case(request, secret)
    matched = sum(1 for report in verdict.rolls if report["matches"])
    if matched == verdict.summary.compared and case.total != verdict.summary.count:
        finding = _count_finding(case, verdict)
        # Rolls recorded beyond the count are read as the mistakes tried read them, not taken to fit: "1 of 20 rolls"
        # were said to fit the secret, beside another game's seal, where the 19 past a count of 1 did not. Read only
        # for the seal's finding, which alone says how many fit: elsewhere the rolls past the count are not computed
        beyond = case.total > verdict.summary.count and verdict.checks.seal == "mismatch"
        return [finding], _as_given(case) if beyond else finding.tally
    if (cut := _cut_in_last_face(case, verdict)) is not None:
        # It accounts for every roll, but the rolls that fit this secret are those before the one cut short
        compared = verdict.summary.compared
        return [cut], Tally(compared - 1, compared)
    bar = max(case.evidence, math.ceil(PARTIAL * case.compared))
    scored: list[tuple[int, int, Hypothesis]] = []
    weak: _Weak | None = None
    kinds: set[Cause] = set()
    if bar <= case.compared:
        given = _given_dice(case, verdict)
        # The rolls the request as given fits, those recorded beyond the count read as every hypothesis reads them,
        # where the verdict marks them as differing whatever they hold: a hypothesis must fit more (review: the dice
        # turned round were named a cause on 9 of 12 rolls past a count of 4, as many as the request as given fits)
        baseline = sum(1 for dice, seen in zip(given, case.recorded, strict=False) if dice == list(seen))
        seen: set[str] = set()
        for order, hypothesis in enumerate(_hypotheses(case)):
            change = case.changed(hypothesis.change)
            if not (change or hypothesis.flip):
                continue
            kinds.add(hypothesis.cause)
            key = repr((sorted(change.items()), hypothesis.flip))
            if key in seen:
                continue
            seen.add(key)
            read = _read(case, hypothesis, misses_allowed=case.compared - bar)
            if read is None:
                continue
            hypothesis = replace(hypothesis, change=change)
            rolls, k = read
            if k < bar or not (k == case.compared or k > baseline):
                continue
            told, against = _told_apart(hypothesis, rolls, case.recorded, given)
            # Held to the evidence of as many as its room tries alike (`Hypothesis.among`), not of one alone
            if case.beyond_luck(len(told), hypothesis.among):
                scored.append((-k, order, hypothesis))
            elif told and (not against or case.beyond_luck(len(told))) and (weak is None or k > weak.fits):
                # One that would be a cause alone, but not among as many tried alike, is said as a reading with its
                # odds, some rolls it reads otherwise not fitting: not left to "most likely another game's rolls",
                # which luck rarer than that makes no likelier (review: narde's "15 46 34 12" from 1, three of four
                # fitting roll 0 onward, one of the 4 numbers near 1 tried)
                weak = _Weak(hypothesis, k, told, _unfit(case, hypothesis, rolls), against)
    else:
        # Too few rolls for any hypothesis to reach the bar, so none is scored: the findings still name those tried
        kinds = _kinds(case)
    scored.sort(key=lambda entry: entry[:2])
    whole_game = verdict.scope is not None and verdict.scope.kind == "game"
    findings = []
    best = 0
    for negative_k, _, h in scored:
        if -negative_k < best == case.compared:
            # One explains every roll: one that explains fewer is no cause, and its `try` would still mismatch (support
            # review: a later bot game numbered from turn 2 also listed an opening roll fitting 19 of its 20 rolls)
            break
        after = _scope_after(case, h)
        if after is False and whole_game:
            continue  # not a piece of any game the structure can produce: no one could send it
        scope = after if after is not None else verdict.scope
        if not whole_game or scope is False or scope is None or scope.kind == "game":
            # A request for a piece of a game changed to another piece stays one: said, with its fix
            still = "" if scope is False or scope is None else _still_a_piece(scope)
            findings.append(
                _finding(h.cause, _explains(-negative_k, case), case.scheme.words, h.detail + still, _try(case, h))
            )
        else:
            # The rolls fit a window of the game, or a take-back line: true, and worth saying, but no fix. Offered as
            # one, it would turn a whole game into a piece chosen to fit, which is what a verdict must never reward.
            findings.append(
                _finding(h.cause, _explains(-negative_k, case), case.scheme.words, h.detail + _no_fix(scope))
            )
        best = max(best, -negative_k)
    # A list with a roll lost, or one too many, early in it fits the rolls one on or one back nearly as well: said
    # first when it fits as many or more (review: a list missing its roll 3 was "numbered from 2", which its rolls 1
    # and 2 are not)
    step = _out_of_step(case, verdict)
    if step is not None and step[0] >= best:
        findings.insert(0, step[1])
    if findings:
        return findings, findings[0].tally
    # One roll that fits in every face but one or two, none of the mistakes tried explaining it: more of its faces fit
    # than another roll's would but for luck rarer than OTHER_GAME_CHANCE, too few to show it this secret's (review: a
    # day's roll with one die copied wrong was "most likely another player's or another day's roll"). Beside a seal that
    # does not fit the secret, the seal's finding says what that leaves
    off = _faces_off(case, verdict)
    if off is not None:
        return [_one_face_fits(case, verdict, off, _listed(case, kinds), as_text=as_text, revealed=revealed)], None
    finding = _unexplained(case, verdict, matched, _offered(case, verdict, weak), _listed(case, kinds), as_text=as_text)
    if finding.cause not in _THIS_SECRET:
        return [finding], None
    if case.total > verdict.summary.count:
        # A seal's finding beside it says "the recorded rolls fit this secret", of every one recorded: counted as the
        # mistakes tried read them, the count raised, where `few_rolls_differ` counts those compared (review: "0 of 1
        # roll", "it does not fit the recorded roll", beside "the recorded rolls fit this key" and 19 of 20 that did)
        return [finding], _as_given(case)
    return [finding], finding.tally


def _cut_in_last_face(case: Case[Any], verdict: Verdict) -> Finding | None:
    """Where the one roll that differs is the last recorded, in its last face alone, and that face's digits start the
    computed face's (a day's d20 recorded 2 where it rolled 20): the rolls cut short inside that face, as a chat or a
    mail program cuts a link, which the reader cannot tell from a face of one digit (review: a day's link cut so was
    "they and the secret most likely come from different games"), or a digit lost copying them. The diagnosis does not
    know whether a link was read, so the words fit a paste and a JSON list too (review: `"recorded": [3, 3, 2, 5, 8, 2]`
    was told to copy the link again). None for any other mismatch."""
    recorded = [report for report in verdict.rolls if report["recorded"] is not None]
    if not recorded or [report for report in recorded if report["matches"] is False] != recorded[-1:]:
        return None
    last = recorded[-1]
    digits = _cut_digits(last["dice"], last["recorded"])
    if digits is None:
        return None
    shown, computed = digits
    words, compared = case.scheme.words, verdict.summary.compared
    said = _recorded(words, compared)
    return _finding(
        "roll_cut_short",
        Tally(compared, compared),
        words,
        (
            f"the last {words.roll} recorded ends in {shown}, the first digit of the {computed} computed there, and"
            f" every other face fits this {words.secret}: the recorded {said.rolls} {was(compared)} most likely"
            f" cut short inside that face, as a chat or a mail program cuts a link, or a digit was lost copying"
            f" {said.them}: copy the link or the {said.rolls} again from the game. If the game itself shows"
            f" {shown}, the dice shown were not the committed ones: keep the {words.secret} and report it"
        ),
    )


def _faces_off(case: Case[Any], verdict: Verdict) -> tuple[str, str, str, float] | None:
    """Where one roll is recorded and it differs from the one computed in some faces, as many fitting as another roll's
    would by luck rarer than OTHER_GAME_CHANCE (a day's roll 5 of its 6 faces 1 time in about 8,378, 4 of 6 about 1 in
    387; never one of two dice): the dice that differ (d6, or die 2 where dice share their sides; "d4 and d6"), the
    faces recorded there, those computed, and that chance. None otherwise."""
    if verdict.summary.compared != 1 or verdict.summary.extra or not verdict.rolls:
        return None
    dice, seen = verdict.rolls[0]["dice"], verdict.rolls[0]["recorded"]
    if dice is None or seen is None or len(dice) != len(seen):
        return None
    off = [at for at, (computed, shown) in enumerate(zip(dice, seen, strict=True)) if computed != shown]
    sides = case.request.SIDES
    chance = _faces_chance(sides, len(sides) - len(off))
    if not off or chance >= OTHER_GAME_CHANCE:
        return None
    named = [f"d{sides[at]}" if len(set(sides)) == len(sides) else f"die {at + 1}" for at in off]
    return listed(named), listed([str(seen[at]) for at in off]), listed([str(dice[at]) for at in off]), chance


def _faces_chance(sides: Sequence[int], least: int) -> float:
    """The chance that `least` or more faces of another roll of dice of `sides` fit one roll's, each die one time in
    its sides (a day's roll, 5 or more of 6: 55 in 460,800)."""
    exactly = [1.0]  # the chance that exactly k of the dice so far fit, for each k
    for n in sides:
        exactly = [
            (exactly[k] * (n - 1) if k < len(exactly) else 0.0) + (exactly[k - 1] if k else 0.0)
            for k in range(len(exactly) + 1)
        ]
        exactly = [ways / n for ways in exactly]
    return sum(exactly[least:])


def _one_face_fits(
    case: Case[Any],
    verdict: Verdict,
    off: tuple[str, str, str, float],
    tried: list[str],
    *,
    as_text: str | None,
    revealed: str | None = None,
) -> Finding:
    """`too_few_rolls_fit` of one roll that fits the secret in every face but one or two (`_faces_off`), none of the
    mistakes `tried` explaining it: too few to tell this secret's roll with that die shown otherwise from another one,
    in the scheme's words (`Words.elsewhere`), beside the secret's own seal (or one over its hex text, `as_text`) or
    none; or beside an authority's seal that does not fit its own secret, revealed at `revealed` (the daily archive's),
    which is the authority's to report, not the player's: weighed as beside the secret's own seal."""
    words = case.scheme.words
    roll, secret, seal = words.roll, words.secret, words.seal
    die, shown, computed, chance = off
    mistakes = _mistakes_tried(case, tried, "none of the", "it")
    fits = f"fits it in every face but its {die} ({shown} where it rolls {computed})"
    if revealed is not None:
        # The secret is the archive's, not given: whose the roll is, and, if it is this day's, that its dice are not
        # those the archive's secret rolls, which the player reports with the link, as the seal's finding asks
        where = f" ({revealed})" if revealed else ""
        return _finding(
            "too_few_rolls_fit",
            Tally(0, 1),
            words,
            (
                f"the recorded {roll} {fits.replace(' it ', f' the {secret} the archive revealed{where} ', 1)},"
                f" as another {roll} would fit as many or more {_one_time_in(chance)}, and {mistakes}: too few fit to"
                f" tell whether it is this {secret}'s {roll} with its {die} copied wrong or shown otherwise, or"
                f" {words.elsewhere(roll)}. If the settings given are the game's and the {roll} was copied correctly"
                f" from it, the dice shown were not those this {secret} rolls: keep this link and report it"
            ),
        )
    if verdict.checks.seal == "mismatch" and as_text is None:
        # Beside a seal that does not fit the secret, as `_seal_elsewhere` weighs rolls that fit by luck rarer than
        # OTHER_GAME_CHANCE: too few to tell whose the seal or the secret is (review: "neither the commitment nor the
        # recorded roll fits this day secret ... most likely from another day than both" of five faces of six)
        return _finding(
            "too_few_rolls_fit",
            Tally(0, 1),
            words,
            (
                f"the SHA-256 of the {secret} is {verdict.seal.computed}, not the {seal} given; the recorded {roll}"
                f" {fits.replace(' it ', f' this {secret} ', 1)}, as another {roll} would fit as many or more"
                f" {_one_time_in(chance)}, and {mistakes}: too few fit to tell whether the {seal} is"
                f" {words.other_game}'s or the {secret} is: {words.copy_both()}: keep both and report it. {_HEX_NOTE}"
            ),
            too_few_to_tell=True,
        )
    head = f"the recorded {roll} {fits.replace(' it ', f' this {secret} ', 1)}"
    check = f"Give the {seal} too: if it fits,"
    if verdict.checks.seal == "match" or as_text is not None:
        sealed = (
            f"{as_text} is this {secret}'s, computed over its hex text," if as_text else f"the {secret} matches the"
        )
        head = f"{sealed}{'' if as_text else f' {seal},'} but the recorded {roll} {fits}"
        check = "If"
    return _finding(
        "too_few_rolls_fit",
        Tally(0, 1),
        words,
        (
            f"{head}, as another {roll} would fit as many or more {_one_time_in(chance)}, and {mistakes}: too few fit"
            f" to tell whether it is this {secret}'s {roll} with its {die} copied wrong or shown otherwise, or"
            f" {words.elsewhere(roll)}. {check} the settings given are the game's and the {roll} was copied correctly"
            f" from it, the dice shown were not the committed ones: keep the {secret} and report it"
        ),
    )


def _cut_digits(dice: Sequence[int] | None, seen: Sequence[int] | None) -> tuple[str, str] | None:
    """The last face of a recorded roll (`seen`) and of the one computed there (`dice`), as digits, where every other
    face fits and the recorded one's digits start the computed one's: a roll cut short inside its last face
    (`_cut_in_last_face`). None otherwise."""
    if dice is None or seen is None or not seen or list(dice[:-1]) != list(seen[:-1]):
        return None
    shown, computed = str(seen[-1]), str(dice[-1])
    if len(shown) >= len(computed) or not computed.startswith(shown):
        return None
    return shown, computed


def _cut_from(case: Case[Any]) -> tuple[str, str] | None:
    """`_cut_digits` of the last recorded roll against what the case's secret rolls there, where every roll before it
    fits and it is the last recorded (all of them read): the rolls that secret gives, cut short inside their last face.
    """
    rolls = case.as_given
    if rolls is None or case.compared != case.total or len(rolls) < case.compared or not case.compared:
        return None
    last = case.compared - 1
    if any(rolls.dice[at] != case.recorded[at] for at in range(last)):
        return None
    return _cut_digits(rolls.dice[last], case.recorded[last])


@dataclass(frozen=True)
class _Weak:
    """A hypothesis that fits every roll it reads otherwise than the request, but too few of them to be named a cause:
    how many compared rolls fit with it, the positions of those it reads otherwise, and those of the rolls that differ
    under it."""

    hypothesis: Hypothesis
    fits: int
    told: list[int]
    unfit: list[int]
    # The positions of the rolls it reads otherwise than the request that do not fit it either
    against: list[int] = field(default_factory=list)


def _unfit(case: Case[Any], hypothesis: Hypothesis, rolls: Rolls) -> list[int]:
    """The positions of the compared rolls that differ under the hypothesis, as `_read` scores it: a roll recorded
    beyond the count among them only where it differs read so, not because the request as given computed none there."""
    recorded = case.flipped if hypothesis.flip else case.recorded
    dice = rolls.dice
    return [at for at, seen in enumerate(recorded) if at >= len(dice) or dice[at] != seen]


def _given_dice(case: Case[Any], verdict: Verdict) -> list[list[int] | None]:
    """The dice the request as given rolls at each compared roll: the verdict's, and, for a roll recorded beyond the
    count, which the verdict computed nothing for, those the request rolls there with its count raised to cover it, as
    every hypothesis is read (None: no such request)."""
    given = [report["dice"] for report in verdict.rolls[: case.compared]]
    if None in given:
        rolled = case.as_given.dice if case.as_given is not None else []
        given = [list(rolled[at]) if dice is None and at < len(rolled) else dice for at, dice in enumerate(given)]
    return given


def _told_apart(
    hypothesis: Hypothesis, rolls: Rolls, recorded: Sequence[tuple[int, ...]], given: Sequence[list[int] | None]
) -> tuple[list[int], list[int]]:
    """The compared rolls that are evidence of the hypothesis, by position: those whose dice it reads otherwise than the
    request (the dice it computes, turned round where it turns the recorded ones, against those the request rolls,
    `given`) that fit with it; and those it reads otherwise that do not fit it either (none: every one does). A roll it
    leaves alone fits, or differs, whether or not it is true (review: a game without an opening roll differs from one
    with it in roll 1 alone, and every take-back line keeps the opening roll, yet each was named on every roll it
    fitted: "4 of 4 rolls" for a roll 1 that fits it 1 time in 36). So does a roll it gives another message but the same
    dice (review: narde's "1-5 3-3 4-6 3-4" was numbered from roll 74 on 3 rolls, of which roll 0, 1-5, is 1-5 at roll
    74 too), and a roll recorded beyond the count, which the request rolls too once its count covers it (review: a 6-6
    there was evidence of the dice turned round, and two rolls past a count of 10 of a game without its opening roll
    named it on roll 1 alone)."""
    told: list[int] = []
    against: list[int] = []
    for at, (computed, seen, dice) in enumerate(zip(rolls.dice, recorded, given, strict=False)):
        shown = computed[::-1] if hypothesis.flip else computed
        if list(shown) == dice:
            continue
        (told if shown == seen else against).append(at)
    return told, against


def _no_fix(scope: Scope) -> str:
    """Why a hypothesis that makes a whole game a piece of one is offered as no fix."""
    return (
        f"; but those would be {scope.description}: a piece of a game cannot show the game was fair, so this is not"
        " offered as a fix"
    )


def _still_a_piece(scope: Scope | None) -> str:
    """What a fix cannot change: the request itself asks for a piece of the game, which no match makes fair (support
    review: a take-back line's `try` led to `incomplete` unsaid)."""
    if scope is None or scope.kind == "game":
        return ""
    return f"; with that the check can say incomplete, never fair: the rolls asked for are {scope.description}"


def _scope_after(case: Case[Any], hypothesis: Hypothesis) -> Scope | Literal[False] | None:
    """Where the request with the hypothesis' change sits in the game (None: nothing changes that; False: the
    change is not a contiguous piece of any game, so it is no finding)."""
    if not hypothesis.change:
        return None
    probe = case.probe(hypothesis.change)
    if probe is None:
        return False
    try:
        return case.scheme.scope(probe, case.rolls(probe), case.secret)
    except InvalidInput:
        return False


def _case(request: RequestBase, secret: bytes) -> Case[Any]:
    return Case.of(schemes.of(request), request, secret)


def _explains(k: int, case: Case[Any]) -> Tally:
    """`k` of the rolls a hypothesis is scored on: of every one recorded, or of the first MAX_COMPARED."""
    if case.compared == case.total:
        return Tally(k, case.total)
    return Tally(k, case.compared, first=True)


def _finding(
    cause: Cause,
    tally: Tally | None,
    words: Words,
    detail: str,
    try_: dict[str, JsonValue] | None = None,
    *,
    seal_alone: bool = False,
    too_few_to_tell: bool = False,
    heading: str | None = None,
    cut_short: bool = False,
) -> Finding:
    """A finding of `tally` recorded rolls, its `explains` written from them (`_said`) and the numbers carried with it
    (`Finding.tally`), so that nothing reads them back from the words; "the seal" where it counts none (None).
    `seal_alone`: its words blame the seal alone (`Finding.seal_alone`); `too_few_to_tell`: they say too few rolls fit
    the secret to tell whose it is (`Finding.too_few_to_tell`); `heading`: the page's heading of it, where its words
    say what the cause's own does not (`Finding.heading`); `cut_short`: they account for the last roll cut short
    (`Finding.cut_short`)."""
    explains = "the seal" if tally is None else _said(tally, words)
    return Finding(
        cause=cause,
        explains=explains,
        detail=detail,
        try_=try_,
        tally=tally,
        seal_alone=seal_alone,
        too_few_to_tell=too_few_to_tell,
        heading=heading,
        cut_short=cut_short,
    )


def _said(tally: Tally, words: Words) -> str:
    """A finding's `explains` in the scheme's word for a roll: "k of n rolls", "k of the first n rolls", "0 of 1 roll"
    for one (review: "0 of 1 rolls" of a daily roll), three-dice's "k of n plies"."""
    first = "the first " if tally.first else ""
    return f"{tally.fit} of {first}{tally.of} {_recorded(words, tally.of).rolls}"


def _count_finding(case: Case[Any], verdict: Verdict) -> Finding:
    computed, total = verdict.summary.count, case.total
    fix: dict[str, JsonValue] | None = {"count": total}
    if not case.request.count_is_free or total < computed:
        # Another field (a list of labels) fixes the count: it would need changing, not a number. And a count is never
        # lowered to the rolls recorded (`_try`): those asked for beyond them are not recorded, not fewer.
        fix = None
    words = case.scheme.words
    recheck = counted(total, words.roll, words.rolls)
    if not case.request.count_is_free:
        # Labels fix the count: no count to send (review: "check again with 20 rolls", which no request can say)
        recheck = f"a label for each of the {recheck}"
    # In the scheme's word (review: three-dice's "more rolls than the 1 ply asked for")
    what = "only the first" if total < computed else f"more {words.rolls} than the"
    asked = counted(min(total, computed), words.roll, words.rolls)
    tally = Tally(verdict.summary.compared, total)
    if total > computed:
        # The rolls recorded past the count, which the request as given computes nothing for, are counted as
        # `_as_given` counts those past labels, not as rolls that do not fit (review: "2 of 20 rolls" of 2 labelled
        # rolls that fit, "20 recorded and 2 computed"; "10 of 20 rolls", "it fits 10 of the 20 recorded rolls", of a
        # count of 10, the 10 past it never compared)
        tally = Tally(verdict.summary.compared, computed, first=True)
    return _finding(
        "roll_count",
        tally,
        words,
        (
            f"every {words.roll} compared fits, but {counted(total, words.roll, words.rolls)} {was(total)} recorded and"
            f" {computed:,} computed: the recorded list holds {what} {asked} asked for; "
            + (
                f"the {words.rolls} asked for beyond those recorded leave the game incomplete"
                if total < computed
                else f"check again with {recheck} to compare exactly those"
            )
        ),
        fix,
    )


def _out_of_step(case: Case[Any], verdict: Verdict) -> tuple[int, Finding] | None:
    """A roll left out of the list, or one in it that is not in the game (a line copied twice): the recorded rolls fit
    up to one, then every one after it fits the roll after (or before) its own. No `try`: a list with a roll taken out
    to fit is not the list the game showed."""
    reports = verdict.rolls[: case.compared + 1]
    first = next((i for i, report in enumerate(reports) if report["matches"] is False), None)
    if first is None or first == 0:
        return None
    seen = case.recorded
    # A roll recorded beyond the count has no dice in the verdict: it is read as every hypothesis reads it, with the
    # count raised (review: a roll left out of 16 recorded was not found with a count of 12)
    rolled = [*_given_dice(case, verdict), *(report["dice"] for report in reports[case.compared :])]
    dice = [tuple(computed) if computed is not None else None for computed in rolled]
    roll, rolls, secret = case.scheme.words.roll, case.scheme.words.rolls, case.scheme.words.secret
    before, here = reports[first - 1]["index"], reports[first]["index"]

    def fitting(shown: Sequence[object], computed: Sequence[object]) -> int:
        """How many rolls fit, one beside the other, when every one does and they are evidence; else 0."""
        pairs = list(zip(shown, computed, strict=False))
        return len(pairs) if len(pairs) >= case.evidence and all(a == b for a, b in pairs) else 0

    if left_out := fitting(seen[first:], dice[first + 1 :]):
        missing = "-".join(str(die) for die in dice[first] or [])
        return first + left_out, _finding(
            "roll_left_out",
            _explains(first + left_out, case),
            case.scheme.words,
            (
                f"the recorded {rolls} fit this {secret} up to {roll} {before:,}, and each one after it fits the {roll}"
                f" after its own: {roll} {here:,} ({missing}) is not in the list, as if a line was lost when it was"
                " copied. If the game's own list has it, copy the list again; if the game never showed it, the dice"
                f" shown were not the committed ones: keep the {secret} and report it"
            ),
        )
    if added := fitting(seen[first + 1 :], dice[first:]):
        extra = "-".join(str(die) for die in seen[first])
        return first + added, _finding(
            "roll_added",
            _explains(first + added, case),
            case.scheme.words,
            (
                f"the recorded {rolls} fit this {secret} up to {roll} {before:,}; then the list holds {extra} as {roll}"
                f" {here:,}, and each one after it fits the {roll} before its own: one {roll} too many is in the list"
                " (a line copied twice, say). If the game's own list has it too, the dice shown were not the committed"
                f" ones: keep the {secret} and report it"
            ),
        )
    return None


def _beyond_chance(case: Case[Any], verdict: Verdict) -> bool:
    """Whether the recorded rolls fit this secret's far more often than another game's would: the first MAX_COMPARED
    as every hypothesis reads them, and every other one the verdict compared: the chance of as many fitting by luck,
    each roll fitting one time in the product of its dice's sides, is below CHANCE. A roll recorded beyond the count
    fits where it is what the request rolls there with its count raised (`_given_dice`), as every hypothesis reads it:
    the verdict marks it as differing whatever it holds (review: 15 of 20 rolls fitting, 5 of the 10 within a count of
    10, were "most likely another game's rolls")."""
    # A roll the request rolls nothing at, even with its count raised (labels fix the count), is no trial: counted as
    # one that missed, it made a bot game labelled for 10 turns, 20 rolls recorded and 5 changed, "another game's"
    rolled = [
        dice == list(seen)
        for dice, seen in zip(_given_dice(case, verdict), case.recorded, strict=False)
        if dice is not None
    ]
    if case.total <= verdict.summary.count:
        # And those the verdict compared past the first MAX_COMPARED, which `rolls_from_other_game` and
        # `too_few_rolls_fit` count as they weigh them (review: 400 of 600 fitting, the first 200 not, were "too few
        # fit to tell" beside odds of 1 in 10^325, which raised ZeroDivisionError)
        rolled += [report["matches"] is True for report in verdict.rolls[case.compared : verdict.summary.compared]]
    n, k = len(rolled), sum(rolled)
    return k > 0 and chance_of_at_least(k, n, math.prod(case.request.SIDES)) < CHANCE


def _unexplained(
    case: Case[Any],
    verdict: Verdict,
    matched: int,
    offered: tuple[_Weak, Scope | None, bool] | None,
    tried: list[str],
    *,
    as_text: str | None = None,
) -> Finding:
    """What is left when no mistake tried is named a cause: a few rolls that differ, or rolls of another game.
    `offered`: a hypothesis that fits every roll it reads otherwise, too few of them to name it, to say here, with
    where it puts the rolls and whether its `try` is offered; `tried`: the mistakes tried, as a finding lists them;
    `as_text`: the seal, named so, is this secret's, computed over its hex text, which shows it as its own seal
    would."""
    # The rolls the verdict compared, as `explains` counts them: one recorded beyond the count is no roll computed, so
    # it is not said to differ ("rolls 3, 11 and 12 differ" of a count of 10, where 11 and 12 fit this secret)
    differ = [r["index"] for r in verdict.rolls[: verdict.summary.compared] if r["matches"] is False]
    few = len(differ) <= max(1, verdict.summary.compared // 10)
    # More fit than another game's would, counting the rolls recorded beyond the count as every hypothesis reads them:
    # asked too where few differ but too few of those compared fit to tell, as where a count of 1 or 2 leaves the rolls
    # that fit past it (review: a bot game with its roll 1 changed, sent with a count of 1, was "most likely another
    # game's rolls" beside "19 of 20 rolls")
    weighed = _beyond_chance(case, verdict)
    beyond = (not few or matched < case.evidence) and weighed
    # The rolls are this secret's where enough fit it as given, or where they fit it read as the hypothesis offered
    # reads them, as many as a cause takes (a later game of 3 rolls sent with an opening roll fits as given on its 2
    # rolls from turn:2 on alone). Beside a seal that does not fit the secret, weighed over the rolls recorded beyond
    # the count too, as the seal's finding weighs them (`seal_alone`): a count that leaves out those that differ makes
    # no more of them fit (review: "so the server seed is right" of 3 of 4 compared beside "only 3 of the 5 recorded
    # rolls fit ...: the seal, the server seed or both", roll 5 past a count of 4 differing too). Beside the secret's
    # own seal, which shows it is the one committed to, those that differ stay a mismatch to report, not another game's
    # rolls the player sent
    weighed = weighed or verdict.checks.seal != "mismatch" or as_text is not None
    as_given = (few and matched >= case.evidence and weighed) or beyond
    if (offered is not None and offered[2]) or as_given:
        return _few_differ(case, verdict, matched, differ, offered, few=few, beyond=beyond, as_given=as_given)
    return _of_another_game(case, verdict, matched, offered, tried, as_text=as_text)


def _few_differ(
    case: Case[Any],
    verdict: Verdict,
    matched: int,
    differ: list[int],
    offered: tuple[_Weak, Scope | None, bool] | None,
    *,
    few: bool,
    beyond: bool,
    as_given: bool,
) -> Finding:
    """`few_rolls_differ`: the rolls are this secret's but those that differ (`differ`, their numbers), as they fit it
    as given (`as_given`: `few` differ, or more fit than another game's would, `beyond`), or read as the hypothesis
    `offered` reads them."""
    shown, compared = _numbers(differ), verdict.summary.compared
    roll, rolls, secret = case.scheme.words.roll, case.scheme.words.rolls, case.scheme.words.secret
    # Many rolls fitting, if not nearly all, are no other game's either: one would fit about 1 in 36 of a pair
    # (review: 12 of 20 fitting was "most likely another game's rolls")
    rest = (
        "the rest fit" if few and matched > 1 else "the other one fits" if matched == 1 else f"the other {matched} fit"
    )
    if not matched:
        # None compared fits: the rolls recorded beyond the count alone are what fit (`beyond`)
        rest = "it does not fit" if compared == 1 else "none fits"
    past = _past_the_count(case, verdict)
    odds = f"{_fit_past_the_count(past, but=not matched)}, far more than another game's {rolls} would"
    odds = odds if beyond else ""
    # More than a few differing, the rolls that fit far more than another game's would show the secret, not the
    # settings: a game of this secret on settings not given differs past where they part (review: a Practice game
    # taken back after turn 10 to turn 7, sent without its labels, 10 of 30 fitting, was told "so the key and the
    # settings are right ... if they were copied correctly, the dice shown were not the committed ones")
    shown_settings = few
    check = _check_differing(case, verdict, differ, settings=not shown_settings)
    settings, fix, unfit, right = " and the settings are" if shown_settings else " is", None, "", "right"
    if offered is None and verdict.summary.extra:
        # Rolls recorded beyond the count leave the count in question, one of the settings, whatever they hold: those
        # that are not this secret's as given are said; where none of them is, or none is read (labels fix the count),
        # that the count leaves them out (review: "so the key and the settings are right" of a count of 10 and 20 rolls
        # recorded, the 10 past it uncompared and nothing saying to raise it). A reading offered names them itself, as
        # differing under it too
        unfit = _unfit_past_the_count(case, past) or _left_past_the_count(case, verdict)
        settings = " is"
        # the rolls to check named, as "that roll" after those past the count would read as one of them
        check = _check_differing(case, verdict, differ, named=True, settings=not shown_settings)
    if offered is not None:
        # Too few rolls to name it a cause, but the player may know the game was so (review: a later game of a
        # match with roll 5 miscopied too, sent with an opening roll, was told "the settings are right")
        fix, settings = _try(case, offered[0].hypothesis) if offered[2] else None, " is"
        check = _another_reading(case, verdict, *offered, "copied wrong") + check[0].lower() + check[1:]
        if not as_given:
            # Too few fit as given to be this secret's: what says so is the reading, which they fit with the rolls
            # it tells apart (review: "the other one fits this secret, so the secret is right")
            rest, odds = _by_the_reading(case, verdict, matched, offered[0], rest)
            few = few and matched > 0
            # and the reading is too few rolls to tell from chance: the secret is right only if the game was so, as the
            # reading's words say (review: "so the key is right" of 1 of 3 fitting as given, beside a seal's finding
            # saying "the lock, the key or both are most likely another game's")
            right = "right if the game was so"
    return _finding(
        "few_rolls_differ",
        # Of the first rolls, those compared, where more are recorded past the count, as `roll_count` and the seal's
        # finding count them (review: "9 of 10 rolls" beside "of the first 10")
        Tally(matched, compared, first=bool(verdict.summary.extra)),
        case.scheme.words,
        (
            f"{'only ' if few and matched else ''}{rolls if len(differ) > 1 else roll} {shown}"
            f" differ{'' if len(differ) > 1 else 's'}: {rest} this {secret}{odds}, so the {secret}{settings}"
            f" {right}.{unfit} {check}, the dice shown were not the committed ones: keep the {secret} and report it"
        ),
        fix,
    )


def _fit_past_the_count(past_the_count: tuple[int, int, str], *, but: bool = False) -> str:
    """The rolls recorded beyond the count that fit the request as given with its count raised (`_given_dice`), as
    `few_rolls_differ` says them beside those compared that fit, where `_beyond_chance` counts both: ", and so do the 10
    rolls recorded beyond the count" (review: "the other 3 fit this key, far more than another game's rolls would" of 3
    of 10, which 10 rolls past the count made so), or ", and so do 8 of the 10 rolls recorded beyond the count" where
    the others there differ, and "the first 190 of the 290" where only the first MAX_COMPARED rolls recorded are read;
    `but`: where no roll compared fits, ", but the 19 rolls recorded beyond the count do"; "" for none. Read of
    `_past_the_count`."""
    past, read, of = past_the_count
    if not past:
        return ""
    # Some of them only, where some differ: "8 of the 10" (review: "so do the 8 rolls recorded beyond the count" of 10)
    which = f"the {of}" if past == read else f"{number(past)} of the {of}"
    does = "does" if past == 1 else "do"
    return (
        f", but {which} recorded beyond the count {does}"
        if but
        else f", and so {does} {which} recorded beyond the count"
    )


def _unfit_past_the_count(case: Case[Any], past_the_count: tuple[int, int, str]) -> str:
    """The rolls recorded beyond the count that differ from what the request as given rolls there with its count raised,
    as `few_rolls_differ` says them after the rolls compared: " But the 10 rolls recorded beyond the count differ from
    what this key rolls there: check again with 20 rolls to compare them too." (review: "only roll 3 differs: the rest
    fit this key, so the key and the settings are right" beside 10 rolls past a count of 10, none of them this key's);
    "" for none. Read of `_past_the_count`."""
    past, read, of = past_the_count
    unfit = read - past
    if not unfit:
        return ""
    words = case.scheme.words
    which = f"the {of}" if unfit == read else f"{number(unfit)} of the {of}"
    differ, them = ("differs", "it") if unfit == 1 else ("differ", "them")
    return (
        f" But {which} recorded beyond the count {differ} from what this {words.secret} rolls there: check again with"
        f" {counted(case.total, words.roll, words.rolls)} to compare {them} too."
    )


def _left_past_the_count(case: Case[Any], verdict: Verdict) -> str:
    """What `few_rolls_differ` says of the rolls recorded beyond the count where none read differs: " The count leaves
    out the 10 rolls recorded beyond it: check again with 20 rolls to compare them too.", as `roll_count` says to."""
    words, extra = case.scheme.words, verdict.summary.extra
    which, them = (words.roll, "it") if extra == 1 else (counted(extra, words.roll, words.rolls), "them")
    if not case.request.count_is_free:
        # Labels fix the count: no count to send (review: "check again with 20 rolls", which no request can say), but
        # a label for each roll recorded
        return (
            f" The labels given leave out the {which} recorded beyond them: check again with a label for each of the"
            f" {counted(case.total, words.roll, words.rolls)} to compare {them} too."
        )
    return (
        f" The count leaves out the {which} recorded beyond it: check again with"
        f" {counted(case.total, words.roll, words.rolls)} to compare {them} too."
    )


def _past_the_count(case: Case[Any], verdict: Verdict) -> tuple[int, int, str]:
    """Of the rolls recorded beyond the count, those read that fit the request as given with its count raised
    (`_given_dice`), those read, and what they are read of: "10 rolls", or "first 190 of the 290 rolls" where the first
    MAX_COMPARED recorded leave some unread (review: "so do the 190 rolls recorded beyond the count" of 290)."""
    given = _given_dice(case, verdict)
    # Those the request rolls something at: where labels fix the count it rolls none there, and they are not read
    # (review: "the 10 rolls recorded beyond the count differ from what this key rolls there" of the game's own rolls)
    beyond = [
        dice == list(seen)
        for report, dice, seen in zip(verdict.rolls, given, case.recorded, strict=False)
        if report["dice"] is None and dice is not None
    ]
    of = counted(verdict.summary.extra, case.scheme.words.roll, case.scheme.words.rolls)
    if len(beyond) < verdict.summary.extra:
        first = "first" if len(beyond) == 1 else f"first {number(len(beyond))}"
        of = f"{first} of the {of}"
    return sum(beyond), len(beyond), of


def _by_the_reading(case: Case[Any], verdict: Verdict, matched: int, weak: _Weak, rest: str) -> tuple[str, str]:
    """What `few_rolls_differ` says fits this secret where too few fit it as given: how many of the rolls it counts
    fit as given (`matched`, said as `rest` where some do), and how many of those fit it read as `weak` reads them.
    Both count the rolls the verdict compared, as its `explains` does, though the reading reads every roll recorded
    (review: "the other 0 fit this key as given, too few to tell it from chance, and 3 fit it with the reading below"
    beside "0 of 2 rolls", a third roll recorded beyond the count)."""
    compared = verdict.summary.compared
    fits = sum(1 for at in range(min(compared, case.compared)) if at not in weak.unfit)
    if not fits:
        # None of them fits the reading either: those recorded beyond the count are what it fits (review: "it does not
        # fit this key as given, but it does with the reading below" beside "check roll 1, which differs under it too")
        none = "it does not fit" if compared == 1 else "none fits"
        return none, " as given, nor with the reading below, which the rolls recorded beyond the count fit"
    if compared == 1:  # the one roll differs: a roll recorded beyond the count is what the reading was read on too
        return "it does not fit", " as given, but it does with the reading below"
    share = (
        ("both fit" if compared == 2 else f"all {fits} fit")
        if fits == compared
        else ("one fits" if fits == 1 else f"{fits} fit")
    )
    chance = ", too few to tell it from chance" if matched else ""
    return rest if matched else "none fits", f" as given{chance}, and {share} it with the reading below"


def _check_differing(
    case: Case[Any], verdict: Verdict, differ: list[int], *, named: bool = False, settings: bool = False
) -> str:
    """What `few_rolls_differ` asks to check of the rolls that differ, up to "if it was copied correctly": each against
    the game's own list, or, for one that is the last recorded with none asked for after it, whether the game has it.
    `named`: they are named ("Check roll 1"), not "that roll", where the words before them speak of other rolls (those
    recorded beyond the count that differ: review, "compare it too. Check that roll" read as that one). `settings`:
    "if the settings given are the game's and they were copied correctly", where the rolls that fit do not show them."""
    roll, rolls = case.scheme.words.roll, case.scheme.words.rolls
    summary = verdict.summary
    if len(differ) == 1 and not summary.missing and not summary.extra and verdict.rolls[-1]["matches"] is False:
        # The one roll that differs is the last recorded, with none asked for after it: the plainer reading is a
        # line that is no roll of the game, copied in at the end (review: one roll appended to a game's list was
        # only a mismatch to report)
        return (
            f"It is the last {roll} recorded and may be none of this game's, copied in at the end of the list:"
            f" check whether the game's own {roll} list has a {roll} {_numbers(differ)}. If not, check again with that"
            f" list; if it has and the {roll} was copied correctly"
        )
    # Review: "Check those rolls ... if they were" said of one roll
    those, were = (f"those {rolls}", "they were") if len(differ) > 1 else (f"that {roll}", "it was")
    if named:
        those = f"{rolls if len(differ) > 1 else roll} {_numbers(differ)}"
    given = "the settings given are the game's and " if settings else ""
    return f"Check {those} against the game's own {roll} list; if {given}{were} copied correctly"


def _of_another_game(
    case: Case[Any],
    verdict: Verdict,
    matched: int,
    offered: tuple[_Weak, Scope | None, bool] | None,
    tried: list[str],
    *,
    as_text: str | None = None,
) -> Finding:
    """Rolls no mistake tried explains: `secret_from_other_game` where the seal does not fit the secret either, else
    `rolls_from_other_game`, or, either way, `too_few_rolls_fit` where as many fit the secret as another game's would by
    luck rarer than OTHER_GAME_CHANCE, listing the mistakes `tried`. The hypothesis `offered`, if any, is said as
    another reading of them. `as_text`: the seal, named so, is this secret's, computed over its hex text, so said as
    beside the secret's own seal: the secret is not another game's.

    That luck is never rarer than CHANCE here, the band's lower bound, which is not checked again: rolls that fit the
    secret so (`_beyond_chance`, which counts them as `explains` does) are `few_rolls_differ` in `_unexplained`, the
    one caller, whatever else holds."""
    explains = Tally(matched, verdict.summary.compared)
    if case.total > verdict.summary.count:
        # Rolls recorded beyond the count: the words speak of every roll recorded, as the mistakes tried read them,
        # so `explains` counts those too, where it counted the rolls compared ("0 of 1 roll" beside "with 2 recorded
        # rolls")
        explains = _as_given(case)
    # A hypothesis that fits every roll it reads otherwise, too few of them to name it, is said, not denied (review: a
    # real game of 3 rolls on take-back line 1 was "none of the mistakes tried explains them")
    read, none, other = " and", "none", ""
    seal, secret = case.scheme.words.seal, case.scheme.words.secret
    # One roll is said as one (review: "explains the recorded rolls: they and the day secret" of a daily roll)
    recorded = _recorded(case.scheme.words, case.compared)
    rolls = recorded.rolls
    if offered is not None:
        read = f" as the settings given read {recorded.them}."
        # Rolls that are this secret's leave the seal that does not fit it to report, as `seal_from_other_game` says
        # (review: "if the game was so, the rolls are this key's", the lock given, not the key's, left unsaid), in the
        # room's words: a pair36 or bg-online-v1 seal covers the whole match (review: "another game's, or, if both were
        # copied correctly from this game" of a pair36 seal, beside "the server seed is most likely from another
        # match"); without "most likely", which a reading inside `too_few_rolls_fit` may not say
        words = case.scheme.words
        unsealed = (
            f" Then the {seal} given is not this {secret}'s: {words.copy_both()}: keep both and report it."
            if verdict.checks.seal == "mismatch" and as_text is None
            else ""
        )
        none, other = _another_reading(case, verdict, *offered, "of another game", unsealed) + "none", " other"
    chance = chance_of_at_least(explains.fit, explains.of, math.prod(case.request.SIDES))
    # More fit than another game's rolls would but for rare luck, too few to show them this secret's (review: 3 of 5
    # were "most likely another game's rolls", blaming the player's record where this game's rolls with two shown
    # otherwise fit as well): with the secret's own seal, another game's (review: "the server seed is most likely from
    # another game than both" of 3 of 5) or none
    too_few = explains.fit > 0 and chance < OTHER_GAME_CHANCE
    # A reading offered as no fix that fits the rolls more often than another game's would fit it, or one tried alike,
    # but for luck rarer than OTHER_GAME_CHANCE: too few rolls to name it, yet they are no likelier another game's, so
    # neither is said most likely (review: bg-online-v1 game 1 sent without its opening roll, 3 rolls fitting "game 1
    # without an opening roll", one of 16 readings 1 time in about 2,916, were "most likely another game's rolls")
    guessed = offered is not None and _reading_chance(case, offered[0]) < OTHER_GAME_CHANCE
    # Said of the rolls that tell the reading apart, which its odds count, not of all those recorded
    apart = len(offered[0].told) + len(offered[0].against) if offered is not None else 0
    unknown = (
        f"{counted(apart, case.scheme.words.roll, case.scheme.words.rolls)} telling the reading above apart"
        f" {'is' if apart == 1 else 'are'} too few to tell which"
    )
    # One roll recorded, not fitting, no reading offered, and one roll no evidence: said by `_one_roll_differs`, beside
    # the secret's own seal or beside none
    one_roll_unfit = offered is None and case.total == 1 and explains == Tally(0, 1) and case.compared < case.evidence
    if verdict.checks.seal == "mismatch" and as_text is None:
        # The mistakes tried are said as `rolls_from_other_game` says them (review: "none of the mistakes tried
        # explains the rolls (with 1 recorded roll, …)" of rolls that none of them can change)
        mistakes = _mistakes_tried(case, tried, f"{none} of the{other}", f"the {rolls}")
        fit = f"neither the {seal} nor the recorded {rolls} {recorded.fit} this {secret}{read}"
        whose = (
            f"the {secret} is most likely from {case.scheme.words.other_game} than both;"
            f" {case.scheme.words.copy_secret()}."
        )
        if explains.fit:
            # Some rolls fit it, as many as another game's might: said as the seal's finding says them (review:
            # "neither the seal nor the recorded rolls fit this server seed" of 2 of 3 that did)
            k, first, words = explains.fit, "first " if explains.first else "", case.scheme.words
            some = (
                f"{number(k)} of the {first}{counted(explains.of, 'recorded ' + words.roll, 'recorded ' + words.rolls)}"
            )
            as_read, end = (read[:-1], ".") if offered is not None else ("", ";")
            might = "" if too_few else f", as another game's {words.rolls} might"
            fits = "fits" if k == 1 else "fit"
            fit = f"the {seal} does not fit this {secret}, and only {some} {fits} it{as_read}{might}{end}"
            if too_few:
                # As many as another game's would fit by luck rarer than OTHER_GAME_CHANCE: the secret may as well be
                # this game's with the rest shown otherwise, so neither is said most likely
                shown = counted(explains.of - k, words.roll, words.rolls)
                whose = (
                    f"too few fit to tell whether the {secret} is from {words.other_game} than both or this game's"
                    f" with {shown} shown with other dice than the committed ones ({words.other_game}'s {secret} would"
                    f" fit as many or more {_one_time_in(chance)}). Copy the {secret} and the {seal} again from the"
                    f" game; if both were copied correctly from this game, the {secret} is not the one it"
                    " committed to: keep both and report it."
                )
        if guessed and not too_few:
            whose = (
                f"the {secret} may be from {case.scheme.words.other_game} than both, but {unknown};"
                f" {case.scheme.words.copy_secret()}."
            )
        detail = f"{fit} {mistakes}: {whose} {_HEX_NOTE}"
        # Where too few fit to tell, the cause says so, as beside the secret's own seal: `secret_from_other_game` would
        # tell a program reading the code alone (the audit's "likely" causes) that the secret is another game's
        cause: Cause = "too_few_rolls_fit" if too_few or guessed else "secret_from_other_game"
        return _finding(cause, explains, case.scheme.words, detail, too_few_to_tell=too_few or guessed)
    if verdict.checks.seal == "match" or as_text is not None:
        # The seal given, not one shown before the game: only the player knows that, and a daily archive's may not show
        # it (review: said so under a heading that says the commitment does not show the secret was fixed before play)
        mistakes = _mistakes_tried(case, tried, f"{none} of the{other}", recorded.them)
        matches = f"{as_text} is this {secret}'s, computed over its hex text," if as_text is not None else None
        if too_few:
            return _too_few_fit(case, explains, chance, read, mistakes, sealed=True, matches=matches)
        if one_roll_unfit:
            return _one_roll_differs(case, mistakes, matches)
        whose = f"{recorded.they} {recorded.are} most likely {case.scheme.words.elsewhere(rolls)}"
        if guessed:
            whose = f"{recorded.they} may be {case.scheme.words.elsewhere(rolls)}, but {unknown}"
        detail = (
            f"{matches or f'the {secret} matches the {seal},'} but the recorded {rolls} {recorded.are} not its"
            f" {rolls}{read} {mistakes}: {whose}"
        )
    else:
        lead = "" if offered is None else f"the recorded {rolls} {recorded.do} not fit this {secret}{read} "
        mistakes = _mistakes_tried(case, tried, f"{none} of the{other}", f"the recorded {rolls}")
        if too_few:
            return _too_few_fit(case, explains, chance, read, mistakes, sealed=False)
        if one_roll_unfit:
            return _one_roll_differs(case, _mistakes_tried(case, tried, "none of the", "it"), None, sealed=False)
        whose = case.scheme.words.apart(recorded.they)
        if guessed:
            whose = f"{recorded.they} may be {case.scheme.words.elsewhere(rolls)}, but {unknown}"
        detail = f"{lead}{mistakes}: {whose}; give the {seal} too{'' if guessed else ' to tell which'}"
    if guessed:
        return _finding(
            "too_few_rolls_fit", explains, case.scheme.words, detail, heading="Too few {rolls} to tell whose they are"
        )
    return _finding("rolls_from_other_game", explains, case.scheme.words, detail)


def _reading_chance(case: Case[Any], weak: _Weak) -> float:
    """How often another game's rolls would fit the weak reading, or one of those its room tries alike
    (`Hypothesis.among`), as well as the recorded ones do: as many of the rolls it reads otherwise fitting, each one
    time in the product of the dice's sides, as `_another_reading` says its odds."""
    read = len(weak.told) + len(weak.against)
    return min(1.0, weak.hypothesis.among * chance_of_at_least(len(weak.told), read, math.prod(case.request.SIDES)))


def _one_roll_differs(case: Case[Any], mistakes: str, matches: str | None, *, sealed: bool = True) -> Finding:
    """`too_few_rolls_fit` of the one roll recorded, beside the secret's own seal (or one over its hex text: `matches`
    says so), or, not `sealed`, beside none, where it does not fit and one roll is no evidence (`Case.evidence`):
    another game's roll would not fit it (35 times in 36 of two dice), and neither would this game's copied wrong or
    shown with other dice, so neither is said most likely (review: "it is most likely another game's roll" of one roll
    of two dice beside the seal; "it and the key most likely come from different games" of one beside none).
    `mistakes`: as `rolls_from_other_game` says the mistakes tried."""
    words = case.scheme.words
    roll, secret = words.roll, words.secret
    head = f"{matches or f'the {secret} matches the {words.seal},'} but the recorded {roll} is not its {roll} and"
    check = f"Check it against the game's own {roll} list; if the settings given are the game's"
    if not sealed:
        # No seal to show the secret is this game's: the roll may fit it no better for being this game's own
        head = f"the recorded {roll} does not fit this {secret} and"
        check = (
            f"Give the {words.seal} too, and check the {roll} against the game's own {roll} list; if the {words.seal}"
            " fits, the settings given are the game's"
        )
    return _finding(
        "too_few_rolls_fit",
        Tally(0, 1),
        words,
        (
            f"{head} {mistakes}: one {roll} is little evidence either"
            f" way, too few fit to tell whether it is {words.elsewhere(roll)} or this game's, copied wrong or shown"
            f" with other dice than the committed ones. {check} and it was copied correctly from this game, the dice"
            f" shown were not the committed ones: keep the {secret} and report it"
        ),
        heading="One {roll} is too few to tell whose it is",
    )


def _too_few_fit(
    case: Case[Any],
    explains: Tally,
    chance: float,
    read: str,
    mistakes: str,
    *,
    sealed: bool,
    matches: str | None = None,
) -> Finding:
    """`too_few_rolls_fit`: beside the secret's own seal (`sealed`; `matches` says it where the verdict's check does not
    find it so, computed over the secret's hex text) or none, `explains` of the recorded rolls fit it, which another
    game's would by `chance` (below OTHER_GAME_CHANCE, not below CHANCE): too few to tell another game's rolls from
    this game's with the others shown otherwise. Said with the odds, the rolls to check, and what to do if
    they are this game's, whose settings too few fit to show: the dice shown are said not to be the committed ones only
    if the settings given are the game's. `read` and `mistakes`: as `rolls_from_other_game` says the reading offered
    and the mistakes tried."""
    words = case.scheme.words
    k, n, first = explains.fit, explains.of, "first " if explains.first else ""
    recorded = _recorded(words, case.compared)
    some = f"{number(k)} of the {first}{counted(n, 'recorded ' + words.roll, 'recorded ' + words.rolls)}"
    shown, elsewhere = counted(n - k, words.roll, words.rolls), words.elsewhere(words.rolls)
    fit = "fits" if k == 1 else "fit"
    head = f"only {some} {fit} this {words.secret}{read}"
    check, conditions = f"Give the {words.seal} too, and check {recorded.them}", [f"the {words.seal} fits"]
    if sealed:
        head = f"{matches or f'the {words.secret} matches the {words.seal},'} but only {some} {fit} it{read}"
        check, conditions = f"Check {recorded.them}", []
    # Too few fit to show the settings right, as `few_rolls_differ` shows them, and the mistakes tried are not every
    # setting: the dice shown are the committed ones on settings not given (review: a real game on take-back line 5, of
    # which the diagnosis tries 1 to 3, was told "if they were copied correctly from this game, the dice shown were not
    # the committed ones: keep the key and report it"), or on a reading said before, which every roll fits
    conditions.append("the settings given are the game's")
    copied = listed([*conditions, f"{recorded.they} {was(case.compared)} copied correctly from this game"])
    return _finding(
        "too_few_rolls_fit",
        explains,
        words,
        (
            f"{head} {mistakes}: too few fit to tell whether {recorded.they} {recorded.are} {elsewhere} or this game's"
            f" with {shown} shown with other dice than the committed ones ({elsewhere} would fit as many or more"
            f" {_one_time_in(chance)}). {check} against the game's own {words.roll} list; if {copied}, the"
            f" dice shown were not the committed ones: keep the {words.secret} and report it"
        ),
    )


def _one_time_in(chance: float) -> str:
    """The odds of `chance` as a finding says them, after "would fit as many or more": "1 time in about 4,866"; "less
    often than 1 time in 10,000" below CHANCE, where the whole number would be absurd (1 in 10^325), and a chance too
    small for a float (0.0: 600 of 600 rolls fitting) has none: `round(1 / chance)` divides by zero there. Its callers
    weigh such chances elsewhere (`_beyond_chance`), but the words are safe without that."""
    if not chance >= CHANCE:
        return f"less often than 1 time in {number(round(1 / CHANCE))}"
    return f"1 time in about {number(round(1 / chance))}"


class _Recorded(NamedTuple):
    """The recorded rolls as a whole in a finding's words, in number: one roll is "the recorded roll: it is", many "the
    recorded rolls: they are" (`_recorded`)."""

    rolls: str  # the scheme's word: roll or rolls, ply or plies
    they: str
    them: str
    are: str
    fit: str
    do: str


def _recorded(words: Words, recorded: int) -> _Recorded:
    """The words a finding says `recorded` recorded rolls by, as a whole, in the scheme's word for a roll."""
    if recorded == 1:
        return _Recorded(words.roll, "it", "it", "is", "fits", "does")
    return _Recorded(words.rolls, "they", "them", "are", "fit", "do")


def _mistakes_tried(case: Case[Any], listed: list[str], none: str, rolls: str) -> str:
    """The words "`none` mistakes tried (…) explains `rolls`", listing those tried (`listed`), which can change these
    rolls; or, on fewer recorded rolls than make evidence, where none was scored, that they cannot be weighed on so few;
    or, where none can change them, "none of the mistakes the diagnosis tries can change `rolls`", which is so however
    many were recorded (review: "can change the recorded rolls (with 2 recorded rolls, the mistakes tried cannot be
    told from chance)")."""
    if not listed:
        return f"none of the mistakes the diagnosis tries can change {rolls}"  # labels given and every roll a double
    tried = f"mistakes tried ({', '.join(listed)})"
    if case.compared < case.evidence:
        # None was scored: the bar is above what so few rolls can show, so none is said not to explain them (review:
        # "none of the mistakes tried (…, spaces at the ends) explains it" of three-dice's one ply of "w-seed" sent as
        # "w-seed ", which the spaces at the ends do explain). In the scheme's words, as `explains` counts them
        # (review: three-dice's "0 of 1 ply" beside "with 1 recorded roll")
        words = case.scheme.words
        recorded = counted(case.compared, f"recorded {words.roll}", f"recorded {words.rolls}")
        return (
            f"the {tried} cannot be weighed on {rolls} ({recorded} {'is' if case.compared == 1 else 'are'} too few to"
            " tell any of them from chance)"
        )
    return f"{none} {tried} explains {rolls}"


def _kinds(case: Case[Any]) -> set[Cause]:
    """The kinds of hypothesis the diagnosis tries on the case: those that change the request or the rolls' reading.
    Without the window's scan, which costs START_WINDOW rolls and yields only numbering shifts, as the roll numbers
    after `first` do already."""
    hypotheses = _hypotheses(case, window=False)
    return {hypothesis.cause for hypothesis in hypotheses if case.changed(hypothesis.change) or hypothesis.flip}


def _listed(case: Case[Any], kinds: set[Cause]) -> list[str]:
    """The mistakes tried as a finding lists them, in its room's order (`Scheme.tried`): those of the `kinds` of
    hypothesis tried, so only the mistakes that can change these rolls (review: "dice order" listed beside rolls all
    doubles, "seat order" beside one client seed), as the hypotheses themselves decide."""
    names = {case.scheme.tried_as[kind] for kind in kinds}
    return [name for name in case.scheme.tried if name in names]


def _numbers(indices: Sequence[int]) -> str:
    """Roll numbers as a finding lists them: `1 and 5`, `1, 5 and 7`, as the verdict's reasons say two rolls (`span`);
    the first ten and `...` for more."""
    shown = [f"{index:,}" for index in indices[:10]]
    return f"{', '.join(shown)}, ..." if len(indices) > 10 else listed(shown)


def _offered(case: Case[Any], verdict: Verdict, weak: _Weak | None) -> tuple[_Weak, Scope | None, bool] | None:
    """The weak hypothesis, with where its change puts the rolls and whether its `try` may be offered, as a cause's is
    (`_roll_findings`): never one that makes a whole game a piece of one. None where it is no piece of any game."""
    if weak is None:
        return None
    after = _scope_after(case, weak.hypothesis)
    scope = verdict.scope if after is None else after
    if scope is False:
        return None
    whole_game = verdict.scope is not None and verdict.scope.kind == "game"
    return weak, scope, not (whole_game and scope is not None and scope.kind != "game")


def _another_reading(
    case: Case[Any], verdict: Verdict, weak: _Weak, scope: Scope | None, fixes: bool, chance: str, then: str = ""
) -> str:
    """The words of a weak hypothesis: which rolls it fits and which still differ under it, which rolls tell it from
    the request, and the odds of a roll that is not its (`chance`: "copied wrong") fitting it as well, for the player
    who knows the game to judge. Where it `fixes` nothing (a whole game read as a piece of one), it says so. `then`:
    what else follows if the game was so."""
    roll, rolls = case.scheme.words.roll, case.scheme.words.rolls
    told = [verdict.rolls[at]["index"] for at in weak.told]
    # Those that differ under it, not those the verdict says differ: a roll recorded beyond the count differs there
    # whatever it holds (review: "check roll 11, which differs under it too" of a roll 11 that fits it)
    still = [verdict.rolls[at]["index"] for at in weak.unfit]

    def named(indices: Sequence[int]) -> str:
        return f"{roll if len(indices) == 1 else rolls} {_numbers(indices)}"

    every = f"every {roll}" + (f" but {named(still)}" if still else "")
    # The compared rolls it does not tell apart, in number (review: "the other rolls" of roll 1 alone); none where one
    # of many tried alike tells every one apart, yet too few for as many (`Hypothesis.among`)
    left = case.compared - len(told) - len(weak.against)
    other = (
        ""
        if not left
        else f" (the other {roll} reads the same either way)"
        if left == 1
        else (f" (the other {rolls} read the same either way)")
    )
    copied = f"a {roll} {chance}" if len(told) == 1 else f"{number(len(told))} {rolls} {chance}"
    odds: float = math.prod(case.request.SIDES) ** len(told)
    if weak.against:
        # Some it reads otherwise do not fit it: as many of as many fitting, not those that fit alone (three of four
        # rolls fit one of 4 readings about 1 time in 2,978, not 36^3 / 4, 11,664)
        read = len(told) + len(weak.against)
        copied = f"{number(len(told))} of {number(read)} {rolls} {chance}"
        odds = 1 / chance_of_at_least(len(told), read, math.prod(case.request.SIDES))
    # One of many tried alike: as often as any of them would fit by luck, not it alone (review: "1 time in 46,656" of
    # one of 20 spellings of a phrase, one of which 3 rolls fit by luck about 1 time in 2,333)
    among = weak.hypothesis.among
    fits = (
        f"would fit it 1 time in {number(round(odds))}"
        if among <= 1 and not weak.against
        else f"would fit it 1 time in about {number(round(odds))}"
        if among <= 1
        else f"would fit it or one of the {number(among - 1)} other readings like it tried 1 time in about"
        f" {number(round(odds / among))}"
    )
    check = (
        f", and check {named(still)}, which {'differs' if len(still) == 1 else 'differ'} under it too" if still else ""
    )
    told_apart = f"{named(told)} alone {'tells' if len(told) == 1 else 'tell'}"
    if weak.against:
        # Those it reads otherwise that do not fit it tell it from the settings given too, and are counted in its odds
        told_apart = f"{named(sorted(told + [verdict.rolls[at]['index'] for at in weak.against]))} tell"
    piece, but, so = _still_a_piece(scope), "But", "check again with that change"
    if not fixes and scope is not None:
        piece, but, so = _no_fix(scope), "And", f"the {rolls} are this {case.scheme.words.secret}'s"
    return (
        f"{every[0].upper()}{every[1:]} fits another reading: {weak.hypothesis.detail}{piece}. {but}"
        f" {told_apart} it from the settings given{other}, and {copied}"
        f" {fits}: if the game was so, {so}"
        f"{check}.{then} If not, "
    )


def _try(case: Case[Any], hypothesis: Hypothesis) -> dict[str, JsonValue]:
    """The fields to send: the change, the rolls turned round, and a count raised to cover every recorded roll. A
    count is never lowered: the rolls a request asks for beyond those recorded stay asked for (not recorded, they
    leave the game incomplete), so that no fix makes a game that was said to be longer fair on its first rolls."""
    request, change = case.request, dict(hypothesis.change)
    if hypothesis.flip:
        change["recorded"] = _flipped_text(request)
    elif "first" in change and request.numbered_from is not None:
        # The paste's own numbers say the first it was given: sent again with another first, they would contradict it.
        change["recorded"] = _rolls_text(request.recorded or [])
    raised = isinstance(request, CountedRequest) and request.count is not None and request.count < case.total
    if raised and "labels" not in change:
        change["count"] = case.total
    return change


def _score(case: Case[Any], hypothesis: Hypothesis, misses_allowed: int | None = None) -> int | None:
    """How many compared rolls the hypothesis reproduces; None once it has missed more than allowed."""
    read = _read(case, hypothesis, misses_allowed)
    return None if read is None else read[1]


def _read(case: Case[Any], hypothesis: Hypothesis, misses_allowed: int | None = None) -> tuple[Rolls, int] | None:
    """The rolls the hypothesis computes for those compared, and how many fit the recorded dice read its way; None
    once it has missed more than allowed.

    A wrong hypothesis misses nearly every roll, so it is first tried on just enough rolls to
    miss more than allowed; only a hypothesis that survives them has the rest computed.
    """
    recorded = case.flipped if hypothesis.flip else case.recorded
    allowed = case.compared if misses_allowed is None else misses_allowed
    rolls, matched = None, 0
    for size in dict.fromkeys((min(allowed + SCORE_HEAD, case.compared), case.compared)):
        probe = case.probe(hypothesis.change, size)
        if probe is None:
            return None
        rolls = case.rolls(probe)
        matched = sum(map(eq, rolls.dice, recorded[:size]))
        if min(len(rolls), size) - matched > allowed:
            return None
    if rolls is None or case.compared - matched > allowed:
        return None
    return rolls, matched


# ---- the hypotheses, per scheme ------------------------------------------------------------


def _hypotheses(case: Case[Any], *, window: bool = True) -> Iterator[Hypothesis]:
    """The numbering (for schemes numbered from `first`), the scheme's own mistakes, the dice order. `window`: scan
    START_WINDOW roll numbers for where the rolls begin too."""
    yield from _shifts(case, window=window)
    yield from case.scheme.hypotheses(case)
    yield from _dice_order(case)


def _shifts(case: Case[Any], *, window: bool = True) -> Iterator[Hypothesis]:
    """Roll numbers a few either side of `first`, then (`window`) wherever in the first START_WINDOW the rolls
    begin."""
    request, numbering = case.request, case.scheme.numbering
    if numbering is None:
        return
    first, lowest = request.first, type(request).FIRST
    what, rule, rolls = numbering.what, numbering.rule, case.scheme.words.rolls
    near = [first + d for d in range(-MAX_SHIFT, MAX_SHIFT + 1) if d and first + d >= lowest]
    # A start found in the window is one of the START_WINDOW scanned, any of which another game's rolls may fit by luck:
    # weighed together (review: 3 rolls of two dice drawn at random were "numbered from" some start in 55 of 10,000
    # draws, each start held to CHANCE alone). So are the numbers near the first: each is one more chance (measured: 4
    # random pair36 rolls from roll 1 were "numbered from" one of the 3 after it 19 times in 100,000, each held alone)
    for start in near:
        yield Hypothesis(
            "numbering_shifted",
            f"the recorded {rolls} fit {what} {start} onward, not {first}: the numbering is off by {start - first:+d}"
            f" ({rule})",
            {"first": start},
            among=len(near),
        )
    # The window's starts tried as such: not the first given, nor those near it, tried above (review: "one of the 255
    # other readings like it tried" of a window holding the first and the 3 after it, 252 tried so)
    scanned = START_WINDOW - sum(1 for start in (first, *near) if lowest <= start < lowest + START_WINDOW)
    for start in _starts_in_window(case, lowest) if window else []:
        if start != first and start not in near:
            yield Hypothesis(
                "numbering_shifted",
                f"the recorded {rolls} fit {what} {start} onward, not {first}: they are a later part of the"
                f" {numbering.game}{', which keeps counting from game to game' if numbering.game == 'match' else ''}",
                {"first": start},
                among=scanned,
            )


def _starts_in_window(case: Case[Any], lowest: int) -> list[int]:
    """Roll numbers in [lowest, lowest + START_WINDOW) where the first recorded rolls appear in a row."""
    needed = min(case.evidence, case.compared)
    probe = case.probe({"first": lowest})
    if probe is None or needed == 0:
        return []
    window_probe = probe.model_copy(update={"count": START_WINDOW + needed})
    dice = [roll.dice for roll in case.rolls(window_probe)]
    head = case.recorded[:needed]
    return [lowest + s for s in range(START_WINDOW) if dice[s : s + needed] == head][:MAX_STARTS]


def _flip_changes(case: Case[Any]) -> bool:
    """Whether reading the dice the other way changes a recorded roll: not where every roll reads the same both ways
    (doubles)."""
    return case.flipped != case.recorded


def _dice_order(case: Case[Any]) -> Iterator[Hypothesis]:
    if not _flip_changes(case):
        return  # nothing to test
    words = case.scheme.words
    recorded = _recorded(words, case.compared)  # a daily roll is one (review: "the rolls fit with each roll's dice")
    each, every = ("its", "its") if case.compared == 1 else (f"each {words.roll}'s", f"every {words.roll}'s")
    yield Hypothesis(
        "dice_order",
        f"the {recorded.rolls} {recorded.fit} with {each} dice in the other order: list {every} dice in the order the"
        f" scheme reads them ({_dice_words(case.request.SIDES)})",
        {},
        flip=True,
    )


def _flipped_text(request: RequestBase) -> str:
    """Every recorded roll with its dice the other way round, as a person would paste them."""
    return _rolls_text([roll[::-1] for roll in request.recorded or []])


def _rolls_text(rolls: Sequence[Sequence[int]]) -> str:
    """Rolls as a person pastes them, without numbers: `6-3 4-4`."""
    return " ".join("-".join(str(face) for face in roll) for roll in rolls)


def _dice_words(sides: Sequence[int]) -> str:
    if len(set(sides)) > 1:
        return ", ".join(f"d{n}" for n in sides)
    return "the first die read first"
