"""The verdict as a page a person reads in a browser, which the browser checks again by itself.

`verdict_page` turns a verdict (and, when known, the request it answers) into the page: the verdict
in one sentence, the seal check with the characters where two seals differ marked, every roll with
its HMAC message, the diagnosis in words (a "Check again with …" link for each change), and the
recipe to recompute it all by hand, as the seed documents give it. Its one script (the verifier the
offline page runs, and recheck.js) recomputes the rolls in the player's browser and says, roll by
roll, whether it agrees; a scheme the script does not know is said to be one it cannot check. Who gets
the page (Accept) and with which headers is the handler's business. Every value that came from
outside is escaped, its invisible characters shown as code points; the table of rolls stops at
MAX_TABLE_BYTES, so a page stays within what a Lambda function can return (every roll of a usual
game is listed).
"""

import datetime as dt
import json
import re
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from pydantic import JsonValue, ValidationError

from fairdice import schemes
from fairdice.archive.layout import not_kept
from fairdice.links import link_query
from fairdice.markup import (
    STYLE,
    Page,
    capital,
    csp_hash,
    data_block,
    document,
    e,
    mark,
    marked,
    roll_mark,
    sentence,
    visible,
    whole_dates,
)
from fairdice.offline import page_script
from fairdice.prose import counted, none_recorded, number, reorders, utc_time
from fairdice.request import RequestBase
from fairdice.schemes.base import Scheme, Words
from fairdice.verdict import Finding, RollReport, Verdict

# What the second rendering of a value whose characters a screen may reorder says it is (offline.js says the same).
TYPED_ORDER = "In the order it was typed, left to right:"
# What the page says of a seal that came with the request (offline.js says the same): fairdice cannot see it shown.
SEAL_TO_RECOGNISE = (
    "Check that this is the {seal} {shown}: fairdice knows only the {seal} it was given, and {shows} the {secret} was"
    " fixed before the play."
)
# The table of rolls stops here: Lambda returns at most 6 MiB, and 10,000 rows of long escaped messages can pass it.
MAX_TABLE_BYTES = 3 * 1024 * 1024
# Characters of a link's long value shown before its cut (a list's, recorded rolls'); offline.js cuts rolls alike.
SHOWN_MOST = 300

# Each in the scheme's own words (`Words`), as the page around it: a three-dice game's "One ply differs" beside its
# counts of plies, narde-v1's fingerprint where the page heads its seal so (review: "rolls", "the seal" there), a day's
# roll another player's or another day's (review: "The roll belongs to another game" above "another player's or another
# day's roll")
_CAUSE_TITLES = {
    "numbering_shifted": "The {roll} numbers are shifted",
    "seat_order": "The client seeds are in the other seat order",
    "spaces_at_ends": "A space or an invisible character was copied with the text",
    "letter_case": "The text was typed with other capitals",
    "opening_roll": "The game is of the other kind, with an opening roll or without one",
    "match_game": "These are another game of the match",
    "take_back_line": "A take-back started a new line",
    "dice_order": "Each {roll}'s dice are listed the other way round",
    "date_shifted": "The date is another day",
    "roll_count": "The number of {rolls} differs",
    "secret_and_seal_swapped": "The {secret} and the {seal} are swapped",
    "secret_pasted_twice": "The {secret} was pasted twice",
    "secret_in_seal_field": "The {secret} was pasted as the {seal}",
    "seal_in_secret_field": "The {seal} was pasted as the {secret}",
    "seal_of_hex_text": "The {seal} was computed over the hex text",
    "seal_from_other_game": "The {seal} belongs to {other_game}",
    "rolls_from_other_game": "The {rolls} belong to {other_rolls}",
    "too_few_rolls_fit": "Too few {rolls} fit the {secret} to tell whose they are",
    "secret_from_other_game": "The {secret} belongs to {other_game}",
    "secret_not_committed": "The archive revealed a {secret} it had not committed to",
    "few_rolls_differ": "Some {rolls} differ",  # as many as differ, said by `_title`
    "roll_left_out": "A {roll} is missing from the list",
    "roll_added": "The list holds a {roll} too many",
    "roll_cut_short": "The {rolls} were cut short inside a face",
}
# A code of the recipe's steps with no markup inside, and a word of it (`_words_whole`).
_CODE = re.compile(r"<code>([^<]*)</code>")
_WORD = re.compile(r"[^ ]+")


def headline(verdict: Verdict) -> str:
    """The verdict in one sentence, as the page's title states it: fair only with what it is about."""
    words = _words(verdict)
    summary = verdict.summary
    if verdict.verdict == "withheld":
        # The reasons: why it is withheld, then what the request says against the archive already (another commitment)
        reason = "; ".join(verdict.reasons) or "the secret is not revealed yet"
        return f"Not yet verifiable: {reason}."
    if verdict.verdict == "fair":
        rolls = (
            f"the recorded {words.roll} is the one it gives"
            if summary.compared == 1
            else f"both recorded {words.rolls} are the ones it gives"
            if summary.compared == 2  # as the diagnosis says it (review: "all 2 recorded rolls")
            else f"all {number(summary.compared)} recorded {words.rolls} are the ones it gives"
        )
        scope = f": {verdict.scope.description}" if verdict.scope is not None else ""
        return f"Fair: the {words.secret} matches the {words.seal} shown before the game, and {rolls}{scope}."
    if verdict.verdict == "mismatch":
        cause = " The likely cause is below." if verdict.diagnosis else ""
        return f"Mismatch: {'; '.join(verdict.reasons)}.{cause}"
    return f"Nothing failed, but the check is incomplete: {'; '.join(verdict.reasons)}."


def render_page(verdict: Verdict, request: RequestBase | None = None, recheck: dict[str, Any] | None = None) -> str:
    """The whole HTML page for a verdict (see `verdict_page`)."""
    return verdict_page(verdict, request, recheck).html


def verdict_page(verdict: Verdict, request: RequestBase | None = None, recheck: dict[str, Any] | None = None) -> Page:
    """The page for a verdict and its policy. With the request, its values fill in the recipe and the retry links;
    `recheck` is the request (as JSON, its secret included) the player's browser recomputes the rolls from,
    by default the request itself; its secret fills in the recipe when the request has none."""
    words = _words(verdict)
    if recheck is None and request is not None:
        recheck = request.model_dump(mode="json", exclude_none=True)
    game = _game(verdict)
    parts = [
        f"<p class=muted>fairdice · {e(game)}scheme <b>{e(verdict.scheme)}</b></p>",
        f'<div class="verdict {e(verdict.verdict)}"><h1>{whole_dates(visible(headline(verdict)))}</h1></div>',
    ]
    if verdict.withheld is not None and verdict.withheld.reveal_at is not None:
        # Due then, not revealed then: the archive may not have revealed it yet when the time is past (review), and
        # once the runs that reveal it have all had their time, the page says it is late (review: a time 18 hours past
        # read as a day still to come)
        due = f"<b class=when>{utc_time(verdict.withheld.reveal_at)}</b>"
        late = verdict.withheld.overdue
        parts.append(f"<p>Due at {due}, not revealed yet: late.</p>" if late else f"<p>To be revealed at {due}.</p>")
    if verdict.scope is not None:
        said = " ".join(f"<b>{e(label)}:</b> {visible(text)}." for label, text in checked(words, verdict))
        parts.append(f"<p class=scope>{said}</p>")
    parts.extend(_identity_section(verdict))
    # After the values that say whose game it is, as every verdict's rolls are (review: a day's faces came first)
    if verdict.checks.rolls == "not_checked":  # review: the page of a day's roll never said the faces seen came
        recorded = verdict.withheld.recorded if verdict.withheld is not None else None
        # One roll said as one (review: a day's one roll read "The recorded rolls came with the request")
        one = recorded is not None and len(recorded) == 1
        came = (
            f"{e(words.roll)} came with the request: it is"
            if one
            else f"{e(words.rolls)} came with the request: they are"
        )
        parts.append(f"<p class=muted>The recorded {came} compared once the {e(words.secret)} is revealed.</p>")
        if recorded is not None:
            # Shown as given, not as checked (review: acknowledged, never shown, on the day's roll's own address)
            parts.append(
                f"<dl class=values><dt>Recorded, as given (not checked)</dt><dd>{_rolls_given(recorded)}</dd></dl>"
            )
    seal = "\n".join(_seal_section(verdict, words))
    parts.append(seal)
    # The diagnosis and the recipe, each its heading then its part (what the browser's own check holds the page to)
    diagnosis = list(_diagnosis_section(verdict, request, words)) if verdict.diagnosis else []
    recipe = list(_recipe_section(verdict, request, recheck, words)) if verdict.verdict != "withheld" else []
    parts.extend(diagnosis)
    script, tail = None, ""
    if verdict.rolls and any(report["message"] is not None for report in verdict.rolls):
        rows = _table_rows(verdict)
        drawn = {"findings": "\n".join(diagnosis[1:]) or None, "recipe": "\n".join(recipe[1:]) or None}
        if verdict.seal.in_time is not None:  # the seal part of a commitment the archive published, below its heading
            drawn["published_part"] = seal[seal.index("</h2>") + len("</h2>") :]
            drawn["heading"] = parts[1]  # and the archive's verdict, as its box draws it
        section, script, tail = _recheck_section(verdict, recheck, rows, request, drawn)
        parts.append(section)
        if request is not None:
            parts.extend(_inputs_section(request))
        parts.extend(_rolls_section(verdict, words, rows))
    elif request is not None:
        # A withheld verdict's recorded rolls are listed above, as given: not again among the link's values (review: a
        # pending day's link showed its faces twice)
        parts.extend(_inputs_section(request, rolls=verdict.withheld is None or verdict.withheld.recorded is None))
    parts.extend(recipe)
    parts.append(
        f"<footer class=muted>Computed by {e(verdict.verifier.name)} {e(verdict.verifier.version)}."
        " Programs get the same verdict as JSON: ask with <code>Accept: application/json</code>.</footer>"
    )
    # The tab says what the heading says first: a withheld game is "Not yet verifiable" there (review), and a fair one
    # is fair with what it is about, as the heading says it: a link's preview in a chat shows the tab alone, where
    # "Fair" of the first 3 rolls of a game read as the whole game's (review). A game at most incomplete once revealed
    # (`WithheldReport.at_most_incomplete`: a day whose commitment came out of its time, has no time of its own, or is
    # not kept, or whose archive's times are no witness) says so, as
    # its reasons do: not a check merely waiting (review: its tab read as a day whose roll could yet be fair, as the
    # day's record page no longer does)
    said = "Not yet verifiable" if verdict.verdict == "withheld" else verdict.verdict.capitalize()
    if verdict.withheld is not None and verdict.withheld.at_most_incomplete:
        said += ", at most incomplete once revealed"
    if verdict.verdict == "fair" and verdict.scope is not None:
        said = f"Fair: {verdict.scope.description}"
    title = f"{said} · {game}{verdict.scheme} · fairdice"
    return document(title, "\n".join(parts), script=script, tail=tail)


def _identity_section(verdict: Verdict) -> Iterator[str]:
    yield (
        "<h2>Is this your game?</h2><p>The game and these values decide every roll. Whoever sends them chooses them,"
        " so check each is your game's:</p><dl class=identity>"
    )
    for given in verdict.identified_by:
        items = [str(item) for item in given.value] if isinstance(given.value, list) else None
        yield f"<dt>{e(capital(given.description))}</dt><dd>{identity_value(given.text, items)}</dd>"
    yield "</dl>"


def identity_value(text: str, items: list[str] | None = None) -> str:
    """A value that identifies the game as HTML, as the offline page shows it too (offline.js): isolated from the
    text around it (`<bdi>`), its spaces marked and kept at a line's end (`code.id`), and, when a screen may show
    its characters in another order (`prose.reorders`), again in the order it was typed, left to right. A list
    (`items`, whose `text` joins them) has each item's spaces marked, not the ", " between them (review: two seats'
    seeds read as one holding a space)."""
    shown = ", ".join(visible(item, spaces=True) for item in items) if items is not None else visible(text, spaces=True)
    value = f"<code class=id><bdi>{shown}</bdi></code>"
    if not reorders(text):
        return value
    return (
        f"{value}<p class=typed><span class=muted>{TYPED_ORDER}</span> "
        f"<code class=id><bdo dir=ltr>{shown}</bdo></code></p>"
    )


def _seal_section(verdict: Verdict, words: Words) -> Iterator[str]:
    secret, seal = words.secret, words.seal
    check = verdict.checks.seal
    # A seal from the daily archive (the verdict says whether it was published in time, `in_time`, which only a seal
    # an archive published has) was published, not given (review: a wrong secret given read as if the player's
    # commitment were wrong), whether or not the secret is the archive's
    origin = "published" if verdict.seal.in_time is not None else "given"
    given, computed = verdict.seal.given, verdict.seal.computed
    # None given, and none published in its time (`SealReport.in_time`), before its secret is revealed: said as the
    # verdict's reasons say it (review: "None came with this request: the commitment that counts is the one … between
    # 00:00 and 00:15 UTC", as if one might still come in time, under a heading saying it was missed)
    missed = verdict.verdict == "withheld" and given is None and verdict.seal.in_time is False
    if missed:
        not_given = f"{mark(False)} none was published in its time"
    elif verdict.verdict == "withheld":  # a day's commitment is published, though none was given with the link (review)
        not_given = (
            f"<span class=muted>not checked yet: the {e(secret)} that would check a {e(seal)} is not revealed"
            " yet</span>"
        )
    else:
        not_given = f"<span class=muted>not checked: no {e(seal)} was given</span>"
    status = {
        "match": f"{mark(True)} the SHA-256 of the {e(secret)} is the {e(seal)} {origin}",
        "mismatch": f"{mark(False)} the SHA-256 of the {e(secret)} is not the {e(seal)} {origin}: the characters that"
        " differ are marked",
        "not_given": not_given,
        "not_checked": f"<span class=muted>not checked yet: the {e(seal)} was {origin}, but the {e(secret)} that would"
        " check it is not revealed yet</span>",
    }[check]
    yield f"<h2>The {e(seal)}</h2><p>{status}</p>"
    if missed:
        yield (
            f"<p>None came with this request, nor was one published in time: the {e(seal)} that counts is the one"
            f" {e(words.shown)}, and one published later does not show the {e(secret)} was fixed before the day's"
            " play, so that day's rolls are at most incomplete.</p>"
        )
    elif given is None and computed is None:
        # A pending day's roll listed "given —" and "SHA-256 of the day secret —", as if a commitment had come blank,
        # where none came with the address and the one to hold the secret to is the archive's (review)
        yield f"<p>None came with this request: the {e(seal)} that counts is the one {e(words.shown)}.</p>"
    else:  # a value missing is said in words, as the offline page says it (view.marked), not as a dash
        revealed = f"not computed yet: the {e(secret)} is not revealed yet"
        yield f"<dl class=seals><dt>{origin}</dt><dd>{_hex(given, computed, 'not given')}</dd>"
        yield f"<dt>SHA-256 of the {e(secret)}</dt><dd>{_hex(computed, given, revealed)}</dd></dl>"
    if check == "match" and origin == "given":
        # A seal given with the request or link is whoever sent it's, as the inputs that identify the game are: only
        # the player can say it is the one shown before the game (review: a link made after the game read fair)
        asked = SEAL_TO_RECOGNISE.format(seal=e(seal), secret=e(secret), shown=e(words.shown), shows=e(words.shows))
        yield f"<p>{asked}</p>"
    withheld = verdict.verdict == "withheld"
    if withheld and given is not None and origin == "published":
        # A day not revealed yet: its commitment is published already, and the player sees the one its secret will be
        # held to, but nothing is checked before then (review: the page said none came, where the day's record had it)
        yield (
            f"<p>This is the {e(seal)} the daily archive published for the day: once the {e(secret)} is revealed, its"
            f" SHA-256 must be this {e(seal)}. Nothing is checked until then.</p>"
        )
    published = verdict.seal.published_at
    if published is not None and withheld:
        # Said as a time, not as a check: no mark, and nothing proven yet (review)
        timing = (
            "before the day's play began"
            if verdict.seal.in_time
            else "which does not show it was published before the day's play began"
        )
        yield f"<p>Published at {utc_time(published)} by the archive's time, {timing}.</p>"
    elif published is not None:
        when = utc_time(published)
        unseen = verdict.seal.versions_unseen
        if verdict.seal.in_time and unseen is not None:
            # In time by the version read, but S3 refused to list the others: one hidden and another written again over
            # it is not ruled out, as the day's record page says it (review: a ✓ beside reasons saying at most
            # incomplete)
            yield (
                f"<p>{mark(False)} The {e(seal)} was published at {when} by the archive's time, before the game's play"
                f" began, but {whole_dates(e(unseen))}: that does not show the {e(secret)} was fixed before the game's"
                " play.</p>"
            )
        elif verdict.seal.in_time:
            yield f"<p>{mark(True)} The {e(seal)} was published at {when}, before the game's play began.</p>"
        else:
            # Not always late: published before its day, or in time by an archive whose times can be set (a folder);
            # the reasons say which (review: a folder's time 30 seconds into the day was called too late)
            yield (
                f"<p>{mark(False)} The {e(seal)} was published at {when} by the archive's time, but that does not show"
                f" the {e(secret)} was fixed before the game's play: the reasons above say why.</p>"
            )
    if verdict.seal.locked is False and verdict.seal.in_time:
        # Published in time, but not kept under Object Lock, as the day's record page says it below its time (review:
        # the roll's said its time alone, as of a commitment that shows the secret was fixed, where the day's page said
        # it did not); one out of its time is said so above, as there
        kept = not_kept("it" if withheld else "it or the day's record", revealed=not withheld)
        yield (
            f"<p>{mark(False)} But {kept}: it does not show the {e(secret)} was fixed before anyone rolled, and that"
            " day's rolls are at most incomplete.</p>"
        )
    if verdict.source:
        yield f"<p class=muted>The {e(secret)} came from {visible(verdict.source)}.</p>"


def _hex(value: str | None, other: str | None, missing: str) -> str:
    """A seal as HTML, where it differs from `other` marked, or what `missing` says in its place."""
    return f"<code>{marked(value, other)}</code>" if value else f"<span class=muted>{missing}</span>"


def _explains(finding: Finding, words: Words, *, cut: bool = False, beyond: bool = False) -> str:
    """How much a cause accounts for, in words that cannot be read as how much differs. `cut`: the diagnosis found the
    last roll cut short inside its last face, so a finding beside it counts the rolls before that one as fitting.
    `beyond`: rolls are recorded beyond the count, so those `few_rolls_differ` counts are the rolls compared, as its
    heading says (`_title`), not every one recorded."""
    if finding.tally is None:
        # The seal in the scheme's word, as the heading above names it (review: "The key was pasted as the fingerprint
        # (it accounts for the seal)"); a finding read back from JSON, which carries no tally, as its explains says
        return (
            f"it accounts for the {words.seal}"
            if finding.explains == "the seal"
            else f"it accounts for {finding.explains}"
        )
    # The numbers the diagnosis wrote `explains` from; "first " alone, as these words put their own "the" before it
    fit, total, first = finding.tally.fit, finding.tally.of, "first " if finding.tally.first else ""
    roll, rolls = words.roll, words.rolls
    if cut and finding.cause != "roll_cut_short" and fit == total - 1 and not first:
        # The rolls fit this secret but for the face cut short, as the finding's words say (review: "it does not fit
        # the recorded roll" above "the recorded roll fits this day secret in every face but the last, cut short")
        recorded = f"the recorded {roll}" if total == 1 else f"the {number(total)} recorded {rolls}"
        return f"it fits every face of {recorded} but the last, cut short"
    if finding.cause == "few_rolls_differ":
        if total == 1 and not fit:
            # (review: "0 of the 1 roll compared fit; 1 differs")
            return f"it is the only {roll} compared" if beyond else f"it is the only {roll} recorded"
        differ = total - fit
        # (review: "0 of the 2 recorded rolls fit" beside 3 rolls recorded, under "Every roll compared differs")
        counts = counted(total, f"{roll} compared", f"{rolls} compared") if beyond else None
        # "the 10 rolls compared", which says they are the first ones, not "the first 10 rolls compared"
        first = "" if beyond else first
        return (
            f"{number(fit)} of the {first}{counts or counted(total, 'recorded ' + roll, 'recorded ' + rolls)} fit;"
            f" {counted(differ, 'differs', 'differ')}"
        )
    if fit == 0:
        # "the first recorded roll" where more are recorded than the labels ask for (review: "it does not fit the
        # recorded roll" of 20 recorded, 1 labelled)
        return (
            f"it does not fit the {first}recorded {roll}"
            if total == 1
            else f"it fits none of the {first}{number(total)} recorded {rolls}"
        )
    if fit == total and not first:
        # A roll cut short fits no roll computed, so the cause that accounts for it does not fit it (review: "it fits
        # the recorded roll" above "0 match, 1 differs")
        # (nor one that says the last cut short, `Finding.cut_short`: review, "it fits the recorded roll" above "the
        # recorded roll fits the day secret the archive revealed for the day in every face but the last")
        fits = "accounts for" if finding.cause == "roll_cut_short" or finding.cut_short else "fits"
        if total == 1:
            return f"it {fits} the recorded {roll}"
        return f"it {fits} both recorded {rolls}" if total == 2 else f"it {fits} all {number(total)} recorded {rolls}"
    if fit == total:
        # Of the first alone, where labels ask for fewer than are recorded (review: "it fits 2 of the first 2 recorded
        # rolls", "1 of the first 1 recorded roll")
        return (
            f"it fits the first recorded {roll}"
            if total == 1
            else f"it fits the first {number(total)} recorded {rolls}"
        )
    return f"it fits {number(fit)} of the {first}{counted(total, 'recorded ' + roll, 'recorded ' + rolls)}"


def _title(finding: Finding, words: Words, *, beyond: bool = False, alone: bool = True, one: bool = False) -> str:
    """A finding's heading, in the scheme's words. `few_rolls_differ` names the rolls that differ as many as its
    `explains` counts, which may be half of them or all (the diagnosis names it where more fit than another game's
    would, or where a reading fits them): "A few rolls differ" headed 6 of 12 (review). `beyond`: rolls are recorded
    beyond the count, which `explains` does not count, so those it counts are the ones compared, not every one
    recorded (review: "Every recorded roll differs" above 3 rolls recorded with a count of 2, the third fitting).
    `alone`: `seal_from_other_game` blames the seal alone (`Finding.seal_alone`), else the seal, the secret or
    both, as its heading says (review: "The lock belongs to another game" above "the lock, the key or both"). `one`:
    one roll is recorded, which `rolls_from_other_game` and `roll_cut_short` speak of as one, as their words do
    (review: "The rolls belong to another game" above a day's one roll, "it is most likely another player's or another
    day's roll"; "The rolls were cut short" above "the recorded roll was most likely cut short")."""
    template = _CAUSE_TITLES.get(finding.cause)
    if template is None:
        return finding.cause
    if finding.cause == "rolls_from_other_game" and one:
        template = "The {roll} belongs to {other_rolls}"
    if finding.cause == "roll_cut_short" and one:
        template = "The {roll} was cut short inside a face"
    if finding.cause == "secret_in_seal_field" and finding.secret_published:
        # The rolls were computed from the archive's commitment, as its words say (`Finding.secret_published`): no paste
        # of the player's (review: "The day secret was pasted as the commitment" above "it was computed from the
        # commitment the archive published ... keep this link and report it")
        template = (
            "The {roll} was computed from the {seal} the archive published"
            if one
            else "The {rolls} were computed from the {seal} the archive published"
        )
    if finding.cause == "secret_not_committed" and finding.secret_published:
        # Its commitment is the secret itself, as its words say: published, not changed (review: "The archive revealed
        # a day secret it had not committed to" above "the archive published the day secret as its commitment")
        template = "The archive published the {secret} as its {seal}"
    if finding.cause == "seal_from_other_game" and not alone:
        template = "The {seal}, the {secret} or both belong to {other_game}"
    if finding.cause == "too_few_rolls_fit" and one and not finding.too_few_to_tell:
        # One roll, fitting the secret in every face but one or two, as its words say (review: "Too few rolls fit the
        # day secret to tell whose they are" above one roll)
        template = "Too few of the {roll}'s faces fit the {secret} to tell whose it is"
    if finding.cause == "too_few_rolls_fit" and finding.too_few_to_tell:
        # As its words say (`Finding.too_few_to_tell`), beside a seal that does not fit the secret: "too few fit to
        # tell whether the server seed is from another game than both or this game's", or "whether the seal is another
        # game's or the server seed is": either way, whose the secret is
        template = "Too few {rolls} fit the {secret} to tell whose it is"
        if finding.tally is not None and finding.tally.fit == finding.tally.of:
            # Every one counted fits: too few of them, not too few fitting (review: "Too few rolls fit the key to tell
            # whose it is (it fits both recorded rolls)")
            template = (
                "The {roll} fits the {secret}, but one is too few to tell whose it is"
                if finding.tally.of == 1
                else "The {rolls} fit the {secret}, but are too few to tell whose it is"
            )
        elif one and finding.tally is not None and finding.tally.fit == 0:
            # One roll, fitting in every face but one or two, as its words say (review: "Too few rolls fit the day
            # secret to tell whose it is" above one roll's faces)
            template = "Too few of the {roll}'s faces fit the {secret} to tell whose it is"
    if finding.cause == "few_rolls_differ" and finding.tally is not None:
        fit, total = finding.tally.fit, finding.tally.of
        which = "{roll} compared" if beyond else "recorded {roll}"
        if total - fit == 1:
            template = f"The {which} differs" if total == 1 else "One {roll} differs"
        elif fit == 0:
            template = f"Every {which} differs"
    if finding.heading is not None:
        # Chosen where its words were written, as they say it (`Finding.heading`)
        template = finding.heading
    return template.format(
        roll=words.roll,
        rolls=words.rolls,
        secret=words.secret,
        seal=words.seal,
        other_rolls=words.other_rolls,
        other_game=words.other_game,
    )


def _diagnosis_section(verdict: Verdict, request: RequestBase | None, words: Words) -> Iterator[str]:
    scheme = _scheme(verdict)
    yield "<h2>Why it may not match</h2>"
    cut = any(finding.cause == "roll_cut_short" for finding in verdict.diagnosis or [])
    beyond = verdict.summary.extra > 0
    one = verdict.summary.compared + verdict.summary.extra == 1  # the rolls recorded: those compared and those past
    for finding in verdict.diagnosis or []:
        # As the diagnosis decided it when it wrote the finding's words (`Finding.seal_alone`), not weighed again
        title = _title(finding, words, beyond=beyond, alone=finding.seal_alone, one=one)
        explains = _explains(finding, words, cut=cut, beyond=beyond)
        yield f"<div class=finding><b>{e(title)}</b> <span class=muted>({e(explains)})</span>"
        yield f"<p>{visible(sentence(finding.detail))}</p>"
        if finding.try_:
            change = scheme.change_words(finding.try_) if scheme is not None else "the change the diagnosis gives"
            link = _retry_link(request, finding.try_) if request is not None else None
            if link is not None:
                yield f'<p><a href="{e(link)}">Check again with {visible(change)}</a></p>'
            else:
                yield f"<p>Check again with {visible(change)}.</p>"
        yield "</div>"


def _retry_link(request: RequestBase, change: dict[str, JsonValue]) -> str | None:
    """The game-over link of the request with a finding's change applied (None leaves a field out).

    Relative to the check page it is on (its query alone), so it keeps whatever base path the page came under.
    """
    data: dict[str, Any] = request.model_dump(mode="json", exclude_none=True)
    for name, value in change.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    try:
        return "?" + link_query(schemes.parse_request(data))
    except ValidationError:
        # A change is built to be valid; one that is not simply gets no link, the page still shows it.
        return None


def _recheck_section(
    verdict: Verdict,
    recheck: dict[str, Any] | None,
    rows: list[str],
    request: RequestBase | None = None,
    drawn: dict[str, str | None] | None = None,
) -> tuple[str, str | None, str]:
    """The browser's own check of the rolls listed: its section, its script and the data it recomputes from. With the
    data, what the page draws that the browser cannot recompute and holds the drawing to: the values of the link
    (`request`) the recheck does not carry (a daily link's commitment, where the browser recomputes the day the archive
    revealed), the seal the archive published, drawn as the verdict's seal, and `drawn`: the markup under "Why it may
    not match" (`findings`) and under "Check it without this page" (`recipe`), None where the page has none, and of a
    seal the archive published, the markup of its part (`published_part`: when it was published, whether it is kept)
    and of the verdict's box (`heading`: the archive's verdict and its reasons, which the browser reads no archive
    for)."""
    scheme = _scheme(verdict)
    head = "<h2>Your browser's own check</h2>"
    if scheme is None or not scheme.browser:
        return (
            f"{head}<p id=recheck-status>Your browser cannot recompute these rolls itself: this page's script does"
            f" not know the scheme {e(verdict.scheme)}. The recipe below recomputes them by hand.</p>",
            None,
            "",
        )
    # A request without the secret the archive revealed (a daily roll's, where the archive did not give it again) is no
    # recheck: the browser's check of it could only say it failed (review)
    if recheck is None or recheck.get(scheme.request.REVEALED_FIELD) is None:
        return (
            f"{head}<p id=recheck-status>This page does not carry the revealed secret, so your browser cannot"
            " recompute these rolls itself. The recipe below recomputes them by hand.</p>",
            None,
            "",
        )
    listed = [
        [report["index"], report["dice"]] for report in verdict.rolls[: len(rows)] if report["message"] is not None
    ]
    # What the page says of the rolls, for the browser to hold its own verdict against. A verdict from the daily
    # archive is the archive's to give (the browser reads no archive, so it can only say incomplete): there the
    # browser holds the rolls' check, the scope and the counts to the page's, not the verdict itself.
    summary, scope = verdict.summary, verdict.scope
    said = {
        "verdict": None if verdict.seal.in_time is not None else verdict.verdict,
        "rolls": verdict.checks.rolls,
        "scope": None if scope is None else [scope.kind, scope.first, scope.last],
        "counts": [summary.differ, summary.missing, summary.extra],
    }
    data: dict[str, Any] = {"request": recheck, "seal": verdict.seal.computed, "rolls": listed, "said": said}
    if request is not None:
        linked = request.model_dump(mode="json", exclude_none=True)
        data["linked"] = {name: value for name, value in linked.items() if recheck.get(name) is None}
    if verdict.seal.in_time is not None:
        data["published"] = verdict.seal.given
    # The diagnosis's words and the recipe, which the browser cannot work out itself (it has no diagnosis, and the
    # recipe is a program in Python): the page drawn there held to them, where a page drawing other findings, or a
    # recipe printing other rolls from other seeds, got "agree" (review). The recipe's values are the request's, which
    # the browser recomputes from; its program and the findings' words are the server's word, as the rest of the data.
    # So is what the page says of when the archive published a day's commitment, which the browser reads no archive for
    # (review: a day's page rewritten from "✗ published at 00:40 … does not show" to "✓ … before the game's play
    # began", its heading fair, got "agree")
    data |= drawn or {"findings": None, "recipe": None}
    data["fair"] = verdict.verdict == "fair"
    section = (
        # Until the script runs, a line saying the browser has checked nothing, which the script makes "recomputing…"
        # and then removes: where the script never runs (JavaScript off, a page rewritten so that its policy blocks the
        # script, or an element left open that swallows it) the line stays, where the part held an empty status, read
        # as the check's silence (review); not "recomputing…", which with JavaScript off said both that the browser is
        # recomputing the rolls and that it cannot (review). Beside it a status (a polite live region), empty until
        # the script is done: what it says then, that the browser agrees, disagrees or could not check, is read out to
        # a screen reader's user, who otherwise heard "recomputing…" and never the outcome (review: WCAG 4.1.3); and
        # that alone, where the status held "recomputing…" while the browser computed, read out first or instead
        # (review)
        f"{head}<p id=recheck-wait>{NOT_RECHECKED}</p>"
        "<p id=recheck-status role=status></p>"
        "<noscript><p>Your browser recomputes the rolls itself when JavaScript is on; it seems to be off.</p>"
        "</noscript>"
    )
    return section, recheck_script(), data_block("fairdice-recheck", data) + "\n"


# What the browser's own check says until its script has run, and says still where it never runs.
NOT_RECHECKED = (
    "Your browser has not recomputed these rolls itself: until its own check says here whether it agrees,"
    " nothing on this page is checked by your browser."
)


@cache
def recheck_script() -> str:
    """The verdict page's script (recheck.js after the verifier), carrying the page's own style by its CSP hash: the
    browser holds the page's style and policy to it, where a page rewritten with a policy allowing a style of its own
    could hide or recolour what it draws and still got "agree" (review). In the script, not in the page's data: a
    rewriter can change the data, not the script, which the policy allows by its hash. Made once: the style's hash and
    the script's statement would otherwise be worked out again for every verdict page (review)."""
    return page_script("recheck.js", f"fairdice.pageStyle = {json.dumps(csp_hash(STYLE))};")


def _inputs_section(request: RequestBase, *, rolls: bool = True) -> Iterator[str]:
    """The values the link carried, by the link's own parameter names: only those it carried (a default it left
    out, such as `first`, is not one of them), and its rolls too unless `rolls` is False (a page that lists them
    elsewhere, as a withheld verdict's does, as given)."""
    scheme = schemes.of(request)
    yield "<h2>The link's values</h2><dl class=values>"
    for param in scheme.link:
        parent, _, child = param.field.partition(".")
        if parent not in request.model_fields_set:
            continue
        value: Any = getattr(request, parent)
        if child and value is not None:
            value = getattr(value, child)
        if value is None:
            continue
        more = ""
        if param.kind == "rolls":
            if rolls:
                yield f"<dt>{e(param.name)}</dt><dd>{_rolls_given(value)}</dd>"
            continue
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, list):
            shown = ", ".join(map(str, value))
            if len(shown) > SHOWN_MOST:  # the cut marked after the value's own characters are shown, not as one of them
                shown, more = shown[:SHOWN_MOST], "…"
        elif isinstance(value, dt.date):
            shown = value.isoformat()
        else:
            shown = str(value)
        # a value a screen may draw in another order (a Hebrew word, a number) is drawn again as typed, as an identity
        value = identity_value(shown) if reorders(shown) else f"<code>{visible(shown)}</code>"
        yield f"<dt>{e(param.name)}</dt><dd>{value}{more}</dd>"
    yield "</dl>"


def _rolls_given(rolls: Sequence[Sequence[int]]) -> str:
    """Recorded rolls as HTML, as they came (a link's, a withheld verdict's): each roll whole on its line, where a line
    wraps "1-6 2" and "-5 1-6" would read as other dice (review); cut after the whole roll that ends the first 300
    characters, a roll cut short reading as other dice too (review: an empty one drawn), the cut marked after them."""
    shown = " ".join("-".join(map(str, roll)) for roll in rolls)
    more = ""
    if len(shown) > SHOWN_MOST:
        shown, more = shown[: shown.rfind(" ", 0, SHOWN_MOST + 1)], "…"
    return "<code>" + " ".join(f"<span class=roll>{e(roll)}</span>" for roll in shown.split(" ")) + f"</code>{more}"


def _table_rows(verdict: Verdict) -> list[str]:
    """The table's rows, as many as fit in MAX_TABLE_BYTES."""
    first = verdict.summary.first_mismatch
    long = max(len(report["dice"] or report["recorded"] or ()) for report in verdict.rolls) > 3
    recorded = verdict.checks.rolls != "not_given"
    rows: list[str] = []
    size = 0
    for report in verdict.rolls:
        row = _row(report, anchor=report["index"] == first and report["matches"] is False, long=long, recorded=recorded)
        size += len(row.encode())
        if size > MAX_TABLE_BYTES:
            break
        rows.append(row)
    return rows


def checked(words: Words, verdict: Verdict) -> list[tuple[str, str]]:
    """Which rolls the verdict is about, as labelled sentences (view.js says the same): "Checked" only when every roll
    computed had a recorded one to compare with; else what was computed, and how many of them were compared."""
    assert verdict.scope is not None
    summary, scope = verdict.summary, verdict.scope.description
    if verdict.checks.rolls == "not_given":
        # one roll said as one, as verify.reasons says it (review: a day's one roll was "no rolls were recorded")
        return [("Computed", scope), ("Compared", f"none: {none_recorded(summary.count, words.roll, words.rolls)}")]
    if summary.missing:
        first = f"the first {words.roll}" if summary.compared == 1 else f"the first {number(summary.compared)}"
        return [("Computed", scope), ("Compared", f"{first} only: the rest were not recorded")]
    return [("Checked", scope)]


def counts(words: Words, verdict: Verdict) -> str:
    """The verdict's counts in words: differ and missing apart, singular and plural right (view.js says the same)."""
    summary = verdict.summary
    parts = [f"{counted(summary.count, words.roll, words.rolls)} computed"]
    if verdict.checks.rolls == "not_given":
        parts.append("none recorded to compare")
    else:
        matched = summary.compared - summary.differ
        parts.append(
            f"{number(summary.compared)} compared: {counted(matched, 'matches', 'match')},"
            f" {counted(summary.differ, 'differs', 'differ')}"
        )
        if summary.missing:
            parts.append(f"{number(summary.missing)} not recorded")
        if summary.extra:
            parts.append(f"{number(summary.extra)} more recorded than computed")
    return "; ".join(parts) + "."


def _rolls_section(verdict: Verdict, words: Words, rows: Sequence[str]) -> Iterator[str]:
    yield f"<h2>The {e(words.rolls)}</h2><p class=muted>{e(counts(words, verdict))}</p>"
    # In a box of its own that scrolls sideways: on a narrow phone the table may be wider than the screen (opening
    # roll-offs say who won beside their dice), and the page itself must not be. The box is a named region a keyboard
    # can reach and scroll, and a screen reader names (review: a box that scrolls was neither)
    yield f'<div class=scroll role=region tabindex=0 aria-label="The {e(words.rolls)}">'
    # "message" may break where its soft hyphen is: on a small phone the column of a daily roll's messages is no wider
    # than its header's longest word, and the six faces beside it need the room (review). Named by the words whole: the
    # accessibility tree kept the soft hyphen in the name, which a screen reader may read (review)
    yield '<table id=rolls><thead><tr><th>#<th aria-label="HMAC message">HMAC mes&shy;sage<th>dice<th>recorded'
    yield "<th aria-label=match></tr></thead><tbody>"
    yield "".join(rows)
    yield "</tbody></table></div>"
    if len(rows) < len(verdict.rolls):
        yield (
            f"<p>The other {counted(len(verdict.rolls) - len(rows), words.roll, words.rolls)} are not listed, to keep"
            " this page small. The JSON answer lists every one when it fits in one answer (ask with"
            " <code>Accept: application/json</code>); <code>fairdice check</code> with this page's address lists"
            " them all on your own machine.</p>"
        )


def _row(report: RollReport, *, anchor: bool, long: bool, recorded: bool) -> str:
    """A roll's row; `recorded` when the request had rolls, so that one it left out says "not recorded", as view.js
    says it (review: an empty cell beside a dash, which a screen reader reads as nothing)."""
    dice = "-".join(map(str, report["dice"])) if report["dice"] is not None else "—"
    if "winner" in report:
        winner = report["winner"]
        dice += f" <span class=muted>({'tie' if winner == 'tie' else e(winner) + ' won'})</span>"
    seen = (
        "-".join(map(str, report["recorded"]))
        if report["recorded"] is not None
        else "<span class=muted>not recorded</span>"
        if recorded
        else ""
    )
    attributes = (" class=x" if report["matches"] is False else "") + (" id=first-mismatch" if anchor else "")
    message = visible(report["message"]) if report["message"] is not None else "<span class=muted>not computed</span>"
    cell = "<td class='dice long'>" if long else "<td class=dice>"
    return (
        f"<tr{attributes}><td class=n>{number(report['index'])}<td class=msg>{message}{cell}{dice}{cell}{seen}"
        f"<td>{roll_mark(report['matches'])}</tr>"
    )


# ---- the recipe, per scheme, as the seed documents give it --------------------------------------


def _recipe_section(
    verdict: Verdict, request: RequestBase | None, recheck: dict[str, Any] | None, words: Words
) -> Iterator[str]:
    yield "<h2>Check it without this page</h2>"
    yield f"<p>The {e(words.seal)} is the SHA-256 of the {e(words.secret)}'s bytes, written as lowercase hex.</p>"
    steps, code = _recipe(verdict, request, recheck)
    yield f"<p>{_words_whole(steps)}</p>"
    yield "<p>In Python, with nothing to install:</p>"
    # Each line whole, in a box that scrolls sideways, reached and named as the rolls' is: wrapped at a phone's width,
    # a line broke inside a hex string or a call ("hexd" above "igest()") and read as two, or was typed so (review)
    yield (
        f'<pre id=recipe-python class=scroll role=region tabindex=0 aria-label="The recipe in Python"><code>{e(code)}'
        "</code></pre>"
    )


def _words_whole(steps: str) -> str:
    """The recipe's steps with each word (a run without a space) of their code kept whole on a line it fits on (class
    w): a browser breaks a line at a hyphen or a bar too, so at a phone's width, or a desktop's, "HMAC-" stood above
    "SHA256(day" and "narde-v1|" above "phrase|i)" (review). A word longer than a line still wraps where it ends."""
    return _CODE.sub(lambda code: "<code>" + _WORD.sub(r"<span class=w>\g<0></span>", code[1]) + "</code>", steps)


def _recipe(verdict: Verdict, request: RequestBase | None, recheck: dict[str, Any] | None) -> tuple[str, str]:
    """The steps in words (already HTML) and a Python program that prints every roll of this verdict, with the
    request's values; with the recheck's when the request has no secret and the recheck has the one the archive
    revealed (a daily roll), so the program runs as it is."""
    scheme = schemes.get(verdict.scheme)
    secret = scheme.request.REVEALED_FIELD
    if recheck is not None and recheck.get(secret) is not None and getattr(request, secret, None) is None:
        request = scheme.request.model_validate(recheck)
    return scheme.recipe(verdict, request if isinstance(request, scheme.request) else None)


def _scheme(verdict: Verdict) -> Scheme[Any] | None:
    try:
        return schemes.get(verdict.scheme)
    except KeyError:
        return None


def _game(verdict: Verdict) -> str:
    """The game by its title, ahead of its scheme's id, as the tab and the page's first line name it: a link's
    preview in a chat shows the tab, where "Fair · bg-dice-v1" named no game a player knows (review)."""
    scheme = _scheme(verdict)
    return f"{scheme.title} · " if scheme is not None else ""


def _words(verdict: Verdict) -> Words:
    """What the verdict's scheme calls its secret, its seal and its rolls."""
    scheme = _scheme(verdict)
    return scheme.words if scheme is not None else Words("secret", "seal")
