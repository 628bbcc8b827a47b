"""`report.html`: one self-contained page that a person reads, drawn from the summary and the findings.

The counts, then for each scheme a chart per die of its face frequencies against a fair die's,
with the 99% band that a fair die's frequency falls in (matplotlib, inlined as SVG), the tests'
figures in words, the sample sizes that would detect a given bias, then the findings and the
inputs. Nothing is fetched: no script, stylesheet, font or image from elsewhere.
"""

import html
import io
import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from decimal import ROUND_DOWN, Decimal
from functools import lru_cache
from statistics import NormalDist
from typing import Any, Literal

from fairdice.audit.summary import MIN_EXPECTED, MIN_SEQUENCE, MIN_SIDE, Summary, not_read
from fairdice.audit.tally import Counts
from fairdice.markup import visible
from fairdice.prose import counted, listed
from fairdice.schemes import daily
from fairdice.schemes.base import chance_of_at_least
from fairdice.verdict import CAUSE_MEANINGS, INCOMPLETE_WHEN

FINDINGS_SHOWN = 1000
# What a run's inputs are called: an AWS run's, the shards under its prefix; a local run's, the files it read
ReadAs = Literal["shard", "file"]
ALPHA = 0.01
BIASES = (0.01, 0.005, 0.001)  # excess chances of one face, for the sample-size table
# What counting dice again does to the smallest detectable bias (stats.detectable_bias: it goes as 1/√n): exact of the
# figure computed whatever the share counted again, where "√2 times smaller" held only where every die is counted twice
# (review: a window from roll 2 beside each whole game of 30 rolls counts 28 of its 30 rolls twice, 1.46 points where
# the dice's own is 2.03, not 2.03/√2); and given from the dice counted, where the dice thrown may be too few for one
# (review: a game of 20 narde rolls beside its window from roll 2 showed a figure, where the game alone is too few dice)
_BIAS_COUNTED_TWICE = (
    "the dice's own times the square root of the dice thrown over the dice counted, so divided by √2 only where every"
    " die is counted twice, and given wherever the dice counted are enough for one, even where the dice thrown are too"
    " few"
)
_Z = NormalDist().inv_cdf(1 - ALPHA / 2)

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem}
table{border-collapse:collapse;margin:.6rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .55rem;text-align:right}
th{background:#f6f8fa}td.t,th.t{text-align:left}.bad{color:#b42318;font-weight:600}.ok{color:#1a7f37;font-weight:600}
.verdict{font-size:1.15rem;padding:.7rem 1rem;border-radius:6px;background:#f6f8fa}code{font-size:.9em}
figure{margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.5rem}svg{max-width:100%;height:auto}
td{overflow-wrap:break-word}td.w{overflow-wrap:anywhere;min-width:9rem}.scroll{overflow-x:auto}
.scroll:focus-visible{outline:2px solid #0969da;outline-offset:2px}
td.n{white-space:nowrap}caption{text-align:left;font-weight:600;padding:.2rem 0}
@media (max-width:40rem){body{font-size:16px}
table.cards,table.cards caption,table.cards tbody,table.cards tr,table.cards td{display:block}
table.cards thead{display:none}table.cards tr{border:1px solid #d0d7de;margin:.6rem 0}
table.cards td{border:0;border-top:1px solid #eaeef2;text-align:left;min-width:0}table.cards td:first-child{border:0}
table.cards td::before{content:attr(data-h);display:block;font-size:.8em;color:#57606a}}
.cp{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8em;color:#b42318;white-space:nowrap}
@media print{tr,.verdict,figure>svg{break-inside:avoid}h2,h3,caption{break-after:avoid}}
"""
# Between a phone's width and the one from which the counts' and the statistics' tables are whole (`_whole_from`), each
# of their rows is a card whose cells stand side by side, as many as fit, each named (review: from 680 to 820 px wide
# those tables scrolled sideways, 44 to 210 px of each out of sight; at a month's counts, the counts' up to 1,104 px).
_SIDE_BY_SIDE = """
@media (min-width:40.01rem) and (max-width:{until}rem){{
table.wide,table.wide caption,table.wide tbody,table.wide td{{display:block}}table.wide thead{{display:none}}
table.wide tr{{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));border:1px solid #d0d7de;
margin:.6rem 0}}table.wide td{{border:0;border-top:1px solid #eaeef2;text-align:left;min-width:0}}
table.wide td:first-child{{grid-column:1/-1;border:0;font-weight:600}}table.wide td.sizes{{grid-column:span 2}}
table.wide td::before{{content:attr(data-h);display:block;font-size:.8em;font-weight:400;color:#57606a}}}}
"""
# How wide those tables are drawn whole, in CSS pixels, in DejaVu Sans (Debian's system-ui, wider than macOS's or
# Windows'): the games' counts, 9 columns, 858 px while no count is longer than 9,999 and about 36 px more for each
# further character (1,073 px at 999,999,999); a scheme's statistics 843 px, about 9 px more for each further character
# of its dice.
_WHOLE_PX, _SHORT = 860, len("9,999")
_PX_PER_CHARACTER_OF_COUNTS, _PX_PER_CHARACTER_OF_DICE = 36, 9
# Nothing but the page's own style: no script runs, nothing is fetched, whatever the input wrote into the page; no
# base URL or form either, as the API's pages allow none (review: a page that let one through would send it on).
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"


def render(
    summary: Summary, findings: Iterable[dict[str, Any]], *, shown: int = FINDINGS_SHOWN, read_as: ReadAs = "shard"
) -> str:
    """The report page for a summary and its findings (the first `shown` findings listed). `read_as`: what the run's
    inputs are called, an AWS run's the shards under its prefix, a local run's the files it read."""
    chosen = _chosen(summary, findings, shown)  # before the headline, which says how many are listed
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f'<meta http-equiv=Content-Security-Policy content="{_POLICY}">',
        "<meta name=viewport content='width=device-width,initial-scale=1'>",
        f"<title>fairdice audit: {_title(summary)}</title>"
        f"<style>{_STYLE}{_SIDE_BY_SIDE.format(until=_whole_from(summary))}</style></head><body><main>",
        "<h1>fairdice audit</h1>",
        f"<p class=verdict>{_headline(summary, len(chosen), read_as)}</p>",
        _counts(summary, read_as),
    ]
    for scheme in summary.faces:
        parts.append(_scheme(summary, scheme))
    parts.append(_findings(summary, chosen, read_as))
    parts.append(_inputs(summary, read_as))
    parts.append(_how_to_read(read_as))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def _whole_from(s: Summary) -> int:
    """The page width, in rem, up to which the counts' and the statistics' rows are cards: wider, their tables are
    whole, with room for the page's padding (2rem) and for a font 2rem wider than the one measured. Sized from the
    counts the table shows: its column of lines not verified counts lines alone, the shards not audited said under the
    tables (review: sized from `errors`, they made it wider than any count in it)."""
    shown = {**s.model_dump(include={key for key, _ in _GAME_COUNTS}), "errors": s.errors - s.not_audited}
    counts = max(len(f"{shown[key]:,}") for key, _ in _GAME_COUNTS)
    dice = max((len(f"{sum(c):,}") for faces in s.faces.values() for c in faces.values()), default=0)
    longer = max(_PX_PER_CHARACTER_OF_COUNTS * (counts - _SHORT), _PX_PER_CHARACTER_OF_DICE * (dice - _SHORT), 0)
    return math.ceil((_WHOLE_PX + longer) / 16) + 4


def read_findings(stream: io.BufferedIOBase | Any) -> Iterator[dict[str, Any]]:
    """The findings of a `findings.jsonl` stream, one at a time."""
    for line in stream:
        if line.strip():
            finding: dict[str, Any] = json.loads(line)
            yield finding


def _headline(s: Summary, listed_rows: int, read_as: ReadAs) -> str:
    """The page's first words; `listed_rows`: how many findings the page lists (fewer than the summary counts where
    the page has no room for them, or the findings file holds fewer: review, one cut short was said to be listed)."""
    said = _what_is_not_fair(s, read_as)
    if s.clean:
        games = "The 1 game read is fair" if s.games == 1 else f"All {s.games:,} games read are fair"
        head = (
            f"<span class=ok>{games}.</span> Every line of the {read_as}s read was verified; no id is used twice; no"
            " game is filed twice."
        )
    elif not s.games:
        # No game verified: lines that could not be, or none at all (review: a file of unreadable lines was headed
        # only "4 lines could not be verified")
        why = f": {'; '.join(said)}" if said else ": nothing was audited"
        head = f"<span class=bad>No game was verified, so nothing is proven fair{html.escape(why)}.</span>"
    else:
        listed = (
            ""
            if not s.finding_lines
            else "Each finding is listed under Findings."
            if s.finding_lines <= listed_rows
            else f"No finding could be listed here, of the {s.finding_lines:,} the summary counts: read"
            " <code>findings.jsonl</code>."
            if not listed_rows
            else f"The first {counted(listed_rows, 'finding is', 'findings are')} listed under Findings, mismatches"
            f" first; all {s.finding_lines:,} are in <code>findings.jsonl</code>."
        )
        head = "<span class=bad>" + html.escape("; ".join(said)) + f".</span> {listed}".rstrip()
    if s.passed_over:
        not_read = "The file or folder not read is" if len(s.passed_over) == 1 else "The files or folders not read are"
        head += f" {not_read} listed under Inputs read."
    head += _statistics(s)
    return head


def _statistics(s: Summary) -> str:
    """The headline's word on the dice tests: how many were made and how many fail, named, or none (review: a die whose
    chi-square failed at p < 0.0001 was said only deep in its scheme's table, under a green headline). `fair` is about
    each game's rolls following from its secret; these tests are about the dice of all of them."""
    made = 0
    failing: list[str] = []
    for scheme, dice in s.uniformity.items():
        for die, uniformity in dice.items():
            independence = s.independence[scheme][die]
            tests = (
                ("chi²", uniformity.p_value),
                ("runs", independence.runs_p_value),
                ("serial correlation", independence.serial_p_value),
            )
            for test, p_value in tests:
                if p_value is not None:
                    made += 1
                    if p_value < ALPHA:
                        failing.append(f"{scheme} die {die}, {test}")
    if not made:
        return ""
    if not failing:
        return f" None of the {made:,} tests of the dice fails at 99% confidence.{_mirrored_in_headline(s)}"
    named = "; ".join(failing[:3]) + (f"; and {len(failing) - 3:,} more" if len(failing) > 3 else "")
    return (
        f" <span class=bad>{len(failing):,} of the {made:,} tests of the dice"
        f" {'fails' if len(failing) == 1 else 'fail'} at 99% confidence ({html.escape(named)}).</span>"
        f" {_by_chance(len(failing), made)}: a failure is a reason to look at the dice, not a verdict on a game."
        f"{_filed_twice_in_headline(s)}{_mirrored_in_headline(s)}"
    )


def _filed_twice_in_headline(s: Summary) -> str:
    """After the chance of the failures, the word on windows and repeated games, whose dice are another line's counted
    again where that line is filed too: fair dice then fail the tests more often than that chance says, as for a mirror
    pair's second game (review: fair narde-v1 games, each filed whole and as a window from roll 2, failed 3 of 6 tests
    "by chance in about 1 audit in 51,000", and the headline said nothing of the windows' dice)."""
    filed = [name for count, name in ((s.windows, "windows"), (s.repeated_games, "repeated games")) if count]
    if not filed:
        return ""
    return (
        f" The dice of {' and '.join(filed)} may be other lines' dice counted again: fair dice then fail the tests"
        " more often than that chance says (see How to read this report)."
    )


_MIRROR_GAME = "line is a mirror pair's second game"
_MIRROR_GAMES = "lines are mirror pairs' second games"
_FIRST_GAME, _FIRST_GAMES = "its first game's", "their first games'"


def _mirrored_in_headline(s: Summary) -> str:
    """The headline's word on mirror pairs' second games, whose dice the tests count twice: fair dice then fail more
    often than the chances it says (review: fair ladder games, every one a pair, failed three tests "by chance in about
    1 audit in 12,000")."""
    count = sum(s.mirror_games.values())
    if not count:
        return ""
    schemes = ", ".join(html.escape(scheme) for scheme in s.mirror_games)
    return (
        f" {counted(count, _MIRROR_GAME, _MIRROR_GAMES)} ({schemes}), whose dice are"
        f" {_FIRST_GAME if count == 1 else _FIRST_GAMES} and are counted twice: those tests fail fair dice"
        " more often than 1 in 100 (see below)."
    )


def _counted_twice(s: Summary, scheme: str) -> str:
    """Under a scheme's tests, its lines whose dice are another line's, and what counting them twice does to the tests
    and the smallest detectable bias: mirror pairs' second games (`Summary.mirror_games`), windows and repeated games
    (review: the bias was said too small beside a mirror pair's second game only: 200 fair narde-v1 games of 30 rolls,
    each filed whole and as a window from roll 2, showed 1.46 points for each die, where their 6,000 dice's own is 2.03,
    with no word of it)."""
    counts = s.by_scheme.get(scheme)
    lines = (
        (
            s.mirror_games.get(scheme, 0),
            "line is a mirror pair's second game: a game of its own whose dice are its first game's, so those dice are"
            " counted twice in these figures.",
            "lines are mirror pairs' second games: games of their own whose dice are their first games', so those dice"
            " are counted twice in these figures.",
            "each pair's first game alone",
        ),
        (
            counts.windows if counts else 0,
            "line is a window, checked from a roll past its game's first: where its whole game is filed too, those dice"
            " are counted twice in these figures.",
            "lines are windows, each checked from a roll past its game's first: where a window's whole game is filed"
            " too, its dice are counted twice in these figures.",
            "the whole games without their windows",
        ),
        (
            counts.repeated_games if counts else 0,
            "line is a repeated game, whose dice may be an earlier line's, counted again in these figures.",
            "lines are repeated games, whose dice may be earlier lines', counted again in these figures.",
            "the games without their repeated lines",
        ),
    )
    said = [(counted(count, one, many), alone) for count, one, many, alone in lines if count]
    if not said:
        return ""
    return (
        f"<p>{' '.join(what for what, _ in said)} The tests then fail fair dice more often than 1 in 100 (when every"
        " game's dice are counted twice, chi² fails fair d6 dice about 18 times in 100, the runs and serial correlation"
        " tests about 7), and the smallest detectable bias shown is smaller than the dice's own:"
        f" {_BIAS_COUNTED_TWICE}. For the dice's own figures, audit {listed([a for _, a in said])}.</p>"
    )


def _by_chance(failed: int, made: int) -> str:
    """How often fair dice fail at least as many of the tests made as failed: the binomial tail of `failed` or more
    of `made` tests failing one time in 100 each (review: "one or more" was said whatever the number that failed, so
    five failures read as routine as one). Tests of one die are not quite independent: the figure is said as about. A
    chance from 1 in 10 up is said in hundredths (review: 40 in 100 read "1 audit in 2")."""
    tail = _tail(failed, made)
    if tail >= 0.995:
        often = "in nearly every audit"
    elif tail >= 0.1:
        often = f"in about {tail:.0%} of audits"
    elif tail >= 1e-9:
        often = f"in about 1 audit in {_two_figures(1 / tail)}"
    else:
        often = "in fewer than 1 audit in a billion"
    expected = made * ALPHA
    if expected >= 1:
        return f"About {expected:.2g} would fail by chance alone, and {failed:,} or more {often}"
    if made == 1:
        which = "this test fails"
    elif failed == made:
        which = f"all {made:,} of these tests fail"
    else:
        which = f"{'one' if failed == 1 else f'{failed:,}'} or more of these {made:,} tests fail"
    return f"By chance alone, {which} {often}"


def _tail(failed: int, made: int) -> float:
    """The chance that `failed` or more of `made` independent tests fail, each one time in 100 (ALPHA), in whole
    numbers (the AWS report function has matplotlib, not scipy: review)."""
    return chance_of_at_least(failed, made, round(1 / ALPHA))


def _two_figures(n: float) -> str:
    """A count of audits to two significant figures (86,000), a small one whole (20)."""
    whole = round(n)
    return f"{round(whole, 2 - len(str(whole))) if whole >= 100 else whole:,}"


def _what_is_not_fair(s: Summary, read_as: ReadAs) -> list[str]:
    """The headline's parts: what keeps the audit from proving every game fair, the worst first."""
    said: list[str] = []
    # Each verdict that is not fair in words of its own: an incomplete or withheld game is not proven fair, which is
    # not the same as a mismatch, and a mismatch among thousands of windows must not read as one of them (review)
    verdicts = [
        # what differs may be a roll, the seal, a roll recorded beyond those computed, or a daily secret or commitment
        # the archive contradicts: each finding says which (review)
        (s.mismatch, "does not match what was computed or published", "do not match what was computed or published"),
        (
            s.incomplete,
            "is incomplete, not proven fair: something needed to prove it is missing",
            "are incomplete, not proven fair: something needed to prove them is missing",
        ),
        (
            s.withheld,
            "is withheld, not proven fair: its secret is not revealed yet",
            "are withheld, not proven fair: their secret is not revealed yet",
        ),
    ]
    for count, one, more in verdicts:
        if count:
            of = "" if said else f" of {counted(s.games, 'game', 'games')}"
            said.append(f"{count:,}{of} {one if count == 1 else more}")
    if s.windows:
        # a window is one of the games counted, incomplete or a mismatch: said apart, so that no reader takes it for a
        # whole game with something missing (review: nothing counted them)
        said.append(
            f"{counted(s.windows, 'game is a window', 'games are windows')}, checked from a roll past the game's first:"
            " never proven fair, whatever the rest of the game"
        )
    if s.not_audited:
        # a shard (or file) not audited is one finding, one of `errors`, but none of its lines, however many, is counted
        shards = counted(s.not_audited, f"{read_as} was", f"{read_as}s were")
        said.append(f"{shards} not audited: none of {'its' if s.not_audited == 1 else 'their'} games is counted")
    if s.never_listed:
        # no shard, and none of `errors`: the result files name a key the map never listed, so none can be held to them
        keys = len(s.never_listed)
        said.append(
            f"{counted(keys, 'key', 'keys')} named in the result files of the map run {'is' if keys == 1 else 'are'} no"
            " shard: not under the input prefix, where the map lists, so the files cannot be held to the run"
        )
    lines = s.errors - s.not_audited
    if lines:
        said.append(f"{counted(lines, 'line', 'lines')} could not be verified")
    if s.duplicate_ids:
        said.append(f"{counted(s.duplicate_ids, 'game reuses', 'games reuse')} an earlier game's id")
    if s.repeated_games:
        said.append(
            f"{counted(s.repeated_games, 'line repeats', 'lines repeat')} an earlier line's game under another id, or"
            " its secret with other inputs or under another scheme"
        )
    if s.passed_over:
        # A hidden file's games are not in the audit, fair as the games read may be: the audit is not clean (review:
        # a mismatch in .late.jsonl beside fair games, exit 0 and "all fair")
        count = len(s.passed_over)
        said.append(f"{not_read(count)}: any game in {'it' if count == 1 else 'them'} is not in this audit")
    return said


def _scrolling(label: str, table: str) -> str:
    """A table in a box that scrolls sideways should it be wider than the page (a count of a dozen digits, a large
    font): a region named `label`, which a keyboard can reach and scroll and a screen reader names (review: a box that
    scrolls was neither)."""
    return f'<div class=scroll role=region tabindex=0 aria-label="{html.escape(label)}">{table}</div>'


def _title(s: Summary) -> str:
    if not s.games:
        return "no game verified"
    games = counted(s.games, "game", "games")
    return f"{games}, all fair" if s.clean else f"{games}, not all proven fair"


# The counts in two tables, games and rolls, each a column a count (its name, the column's heading): thirteen columns
# in one table ran past a desktop page from about 100,000 games, however narrow its cells (review).
_GAME_COUNTS = (
    ("games", "games read"), ("fair", "fair"), ("mismatch", "mismatch"), ("incomplete", "incomplete"),
    ("withheld", "withheld"), ("errors", "lines not verified"), ("duplicate_ids", "duplicate ids"),
    ("repeated_games", "repeated games"),
)  # fmt: skip
_ROLL_COUNTS = (
    ("rolls", "rolls recomputed"), ("rolls_differ", "rolls that differ"), ("rolls_missing", "rolls not recorded"),
    ("rolls_extra", "rolls recorded beyond"),
)  # fmt: skip


def _counts(s: Summary, read_as: ReadAs) -> str:
    named = [(html.escape(scheme), counts.model_dump()) for scheme, counts in s.by_scheme.items()]
    # Lines not verified that name no scheme fairdice knows (not JSON, an unknown scheme): a row of their own, so that
    # the rows add up to `all`. A shard (or file) not audited is one of `errors` but no line: said under the tables,
    # as the headline says it apart (review: the column of lines not verified counted each, in that row and in `all`)
    lines = s.errors - s.not_audited
    unnamed = lines - sum(counts.errors for counts in s.by_scheme.values())
    if unnamed:
        none = dict.fromkeys((key for key, _ in _GAME_COUNTS + _ROLL_COUNTS), 0)
        named.append(("<i>no scheme read</i>", {**none, "errors": unnamed}))
    # its counts alone: the whole summary dumped for them held every input's record too (0.6 s of 100,000 shards)
    named.append(("<b>all</b>", {**s.model_dump(include=set(Counts.model_fields)), "errors": lines}))
    tables = "".join(
        _scrolling(
            f"{what} counted by scheme",
            "<table class='cards wide'><thead><tr><th class=t>scheme</th>"
            + "".join(f"<th>{heading}</th>" for _, heading in columns)
            + "</tr></thead>"
            + "".join(_count_row(label, counts, columns) for label, counts in named)
            + "</table>",
        )
        for what, columns in (("games", _GAME_COUNTS), ("rolls", _ROLL_COUNTS))
    )
    not_audited = (
        f" {read_as.capitalize()}s not audited (none of their games is counted, each a finding of its own):"
        f" {s.not_audited:,}."
        if s.not_audited
        else ""
    )
    return (
        f"<h2>Counts</h2>{tables}<p>Duplicate ids:"
        f" {s.duplicate_ids:,}. Repeated games (an earlier line's game under another id, or its secret with other"
        f" inputs or under another scheme): {s.repeated_games:,}. Windows (games checked from a roll past the game's"
        f" first, each one of the games read, incomplete or a mismatch, never fair): {s.windows:,}.{not_audited}</p>"
        "<p>A recorded roll that differs from the recomputed one makes its game a mismatch; a roll that was"
        " not recorded leaves its game incomplete, and is not counted as differing.</p>"
    )


def _count_row(label: str, c: dict[str, Any], columns: Sequence[tuple[str, str]]) -> str:
    cells = "".join(f"<td>{c[key]:,}</td>" for key, _ in columns)
    return _labelled(f"<tr><td class='t n'>{label}</td>{cells}</tr>", ["scheme", *(heading for _, heading in columns)])


def _labelled(row: str, columns: Sequence[str]) -> str:
    """A row whose every cell names its column (`data-h`), which a narrow screen shows above the cell, each row drawn
    as a card of its own (`table.cards`): a table wider than a phone hid all but its first columns (review). Cells'
    contents are escaped, so `<td` starts a cell and nothing else."""
    first, *cells = row.split("<td")
    return first + "".join(f"{start}{cell}" for start, cell in zip(_cells_named(tuple(columns)), cells, strict=True))


@lru_cache(maxsize=64)
def _cells_named(columns: tuple[str, ...]) -> tuple[str, ...]:
    """Each cell's start naming its column, escaped once for a table's rows: an audit's inputs' table has a row for each
    of 100,000 shards, and their names escaped again in each row were a third of its time."""
    return tuple(f'<td data-h="{html.escape(c)}"' for c in columns)


def _scheme(s: Summary, scheme: str) -> str:
    faces = s.faces[scheme]
    rows = []
    for die, counts in faces.items():
        n = sum(counts)
        uni = s.uniformity[scheme][die]
        ind = s.independence[scheme][die]
        bias = s.power[scheme][die]
        row = (
            f"<tr><td class=t>{html.escape(die)}</td><td>{len(counts)}</td><td>{n:,}</td>"
            f"<td>{_num(uni.chi2)}</td><td>{uni.df}</td>{_p(uni.p_value)}"
            f"<td>{_num(ind.runs_z)}</td>{_p(ind.runs_p_value)}<td>{_num(ind.serial_correlation, 5)}</td>"
            f"{_p(ind.serial_p_value)}<td>{_bias(n, bias)}</td><td class='t sizes'>{_sizes(n, bias)}</td></tr>"
        )
        rows.append(_labelled(row, _STATISTICS_COLUMNS))
    head = (
        "<thead><tr><th class=t rowspan=2>die</th><th rowspan=2>sides</th><th rowspan=2>dice</th>"
        "<th colspan=3>uniformity (chi²)</th><th colspan=2>runs</th><th colspan=2>serial correlation</th>"
        "<th rowspan=2>smallest detectable bias</th><th class=t rowspan=2>dice needed to detect a bias of</th></tr>"
        "<tr><th>chi²</th><th>df</th><th>p</th><th>z</th><th>p</th><th>r</th><th>p</th></tr></thead>"
    )
    # A die of no dice (a scheme whose every game was withheld) has no shares to draw: its row says "no dice yet".
    drawn = {die: counts for die, counts in faces.items() if sum(counts)}
    chart = f"<figure>{_chart(scheme, drawn)}</figure>{_faces(scheme, drawn)}" if drawn else ""
    return (
        f"<h2>{html.escape(scheme)}</h2>{chart}"
        + _scrolling(f"{scheme}: each die's statistics", f"<table class='cards wide'>{head}{''.join(rows)}</table>")
        + _counted_twice(s, scheme)
    )


_STATISTICS_COLUMNS = (
    "die", "sides", "dice", "chi²", "df", "chi² p", "runs z", "runs p", "serial correlation r", "serial correlation p",
    "smallest detectable bias", "dice needed to detect a bias of",
)  # fmt: skip


def _chart(scheme: str, faces: dict[str, list[int]]) -> str:
    """A chart per die, side by side where the page is wide enough and one under another where it is not: a figure of
    its own each, so that its words stay readable on a phone (review: six dice in one figure drew 3-pixel text)."""
    import matplotlib  # matplotlib: only the report needs it

    # Text as text (the page's font; no glyphs drawn as paths, whose ids every chart would repeat), and ids drawn from
    # a fixed salt: the same audit draws the same page.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "fairdice"}):
        return "".join(_die_chart(scheme, die, counts) for die, counts in faces.items())


# A chart is drawn 3.6 in wide (259.2 pt) and shrunk to the page: to 288 px on a 320 px phone, where its words at 10 pt
# are 11.1 px and its title at 11 pt 12.2 px (review: at 7 pt its ticks and legend were 7.8 px there, 9.3 on a desktop).
_WORDS_PT, _TITLE_PT = 10, 11
_ONE_ROW = 12  # faces named on one row, at most: a d20's twenty names at 10 pt overlap on one
_SVG_ID = re.compile(r'(\bid="|url\(#|href="#)([^")]+)')


def _own_ids(svg: str, prefix: str) -> str:
    """A chart's SVG with its ids (and what refers to them) prefixed: matplotlib names each figure's parts alike
    (`figure_1`, `axes_1`), and a page's ids are each used once."""
    return _SVG_ID.sub(lambda found: f"{found.group(1)}{prefix}{found.group(2)}", svg)


def _die_chart(scheme: str, die: str, counts: list[int]) -> str:
    """One die's face frequencies as bars from a fair die's chance, the chance as a line, its 99% band shaded."""
    from matplotlib.colors import to_rgb
    from matplotlib.figure import Figure

    figure = Figure(figsize=(3.6, 3.9), layout="constrained")
    ax = figure.subplots()
    n, sides = sum(counts), len(counts)
    chance = 1 / sides
    shares = [c / n for c in counts]
    band = _half_band(n, sides)
    judged, half = band is not None, band or 0.0
    outside = _outside(counts)
    if judged:
        # Its edges dashed in a blue 5.1:1 on white and 3.9:1 on the band (WCAG 1.4.11 asks 3:1 of a graphic one needs
        # to read the chart; review: the pale fill alone, 1.3:1 on white, was all that showed where the band ended)
        ax.axhspan(
            chance - half,
            chance + half,
            facecolor=(*to_rgb("#9ecae1"), 0.5),
            edgecolor="#2171b5",
            linestyle="--",
            linewidth=0.8,
            label="99% band of a fair die's face",
        )
    ax.axhline(chance, color="#08519c", linewidth=1, label=f"1/{sides}")
    faces_axis = list(range(1, sides + 1))
    ax.vlines(faces_axis, chance, shares, color="#6e7781", linewidth=1)
    # Not clipped at the axes: a share of 0 or 1, where the axis ends, is a whole point, not half of one (review). A
    # face outside the band is a red diamond, named in the legend: not told by its colour alone, which is 2.2:1 on a
    # face within's near black (review: WCAG 1.4.1).
    for marks, shape, size, colour, said in (
        ([not o for o in outside], "o", 18, "#24292f", None),
        (outside, "D", 26, "#b42318", "a face outside the band"),
    ):
        if any(marks):
            ax.scatter(
                [face for face, m in zip(faces_axis, marks, strict=True) if m],
                [share for share, m in zip(shares, marks, strict=True) if m],
                s=size,
                marker=shape,
                zorder=3,
                clip_on=False,
                color=colour,
                label=said,
            )
    # Every face named, a d20's too (review: a red point at face 12 could not be read off); more than a d12's faces
    # are named on two rows, every other one a line lower, which leaves each name two faces' room at a legible size
    ax.set_xticks(faces_axis, [f"\n{face}" if sides > _ONE_ROW and not face % 2 else str(face) for face in faces_axis])
    too_few = "" if judged else ": too few for a band"
    # The die on one line, its dice on the next: at 11 pt a title of both on one ran past the chart's edge
    ax.set_title(f"{scheme} die {die}\n({counted(n, 'die', 'dice')}{too_few})", fontsize=_TITLE_PT)
    ax.set_xlabel("face", fontsize=_WORDS_PT)
    ax.set_ylabel("share of dice", fontsize=_WORDS_PT)
    # Zoomed on the fair chance: a bias of a fraction of a point must show, bars from 0 would hide it. A share is
    # between 0 and 1, and so is the axis (review: a few dice drew it from -1 to 1.5).
    low, high = min([*shares, chance - half]), max([*shares, chance + half])
    margin = (high - low) * 0.15 or chance * 0.1
    ax.set_ylim(max(low - margin, 0), min(high + margin, 1))
    ax.tick_params(labelsize=_WORDS_PT)
    # Below the chart, never over a point (review: the legend hid the one face outside the band); one entry a line, as
    # two side by side at 10 pt ran past the chart's edges.
    figure.legend(fontsize=_WORDS_PT, loc="outside lower center", ncols=1, frameon=False)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    # Inline: no XML declaration or doctype inside HTML. A scheme's id and a die's name are a chart's own on a page.
    # Said in words too, for whoever cannot see it (review: WCAG 1.1.1, a chart with no text alternative)
    said = _chart_words(
        scheme,
        die,
        n,
        sides,
        half if judged else None,
        [face for face, o in zip(faces_axis, outside, strict=True) if o],
    )
    svg = svg[svg.index("<svg") :].replace("<svg", f'<svg role="img" aria-label="{html.escape(said)}"', 1)
    return _own_ids(svg, f"{scheme}-{die}-")


def _half_band(n: int, sides: int) -> float | None:
    """Half the width of the band a fair die's face's share falls in about 99 times in 100, in `n` dice (the normal
    approximation: computed exactly from the binomial, a fair face of the daily game's dice leaves it 0.5 to 1.7 times
    in 100 below 1,000 dice, a d4 at 20 the most, and 0.8 to 1.2 from there to 5,000); None below MIN_EXPECTED dice
    expected of each face, where the normal band is not what it says (a fair face leaves it up to 3.6 times in 100 for
    a d6, at 5 dice, 5.7 for a d20, at 8): no band, no face called outside it (review). The chi-square test may still
    be made."""
    if n < MIN_EXPECTED * sides:
        return None
    chance = 1 / sides
    return _Z * math.sqrt(chance * (1 - chance) / n)


def _outside(counts: list[int]) -> list[bool]:
    """Which faces' shares lie outside a fair die's 99% band: none where the dice are too few for one (`_half_band`).
    What the chart draws as red diamonds and the table under it says in words."""
    n, sides = sum(counts), len(counts)
    half = _half_band(n, sides)
    return [half is not None and abs(count / n - 1 / sides) > half for count in counts]


def _faces(scheme: str, drawn: dict[str, list[int]]) -> str:
    """What the charts draw, as a table: each face's dice and share for each die, and the band (review: the charts'
    figures were in no table, only in summary.json, and a chart's words said no face's figure)."""
    names = [f"die {die}" for die in drawn]
    outside = {die: _outside(counts) for die, counts in drawn.items()}
    places = {die: _share_places(sum(counts), len(counts)) for die, counts in drawn.items()}
    rows = []
    for face in range(1, max(map(len, drawn.values())) + 1):
        cells = []
        for die, counts in drawn.items():
            if face > len(counts):
                cells.append("<td>–</td>")  # a die of fewer faces (the daily game's d4 beside its d20)
                continue
            share = f"{counts[face - 1] / sum(counts):.{places[die]}%}"
            if outside[die][face - 1]:
                cells.append(f"<td class=bad>{counts[face - 1]:,}<br>{share}, outside the band</td>")
            else:
                cells.append(f"<td>{counts[face - 1]:,}<br>{share}</td>")
        rows.append(_labelled(f"<tr><td class=t>{face}</td>{''.join(cells)}</tr>", ["face", *names]))
    bands = []
    for die, counts in drawn.items():
        n, sides = sum(counts), len(counts)
        half = _half_band(n, sides)
        # A share is never below 0: where the band would reach past it (a d20 below 126 dice, a d6 below 33), it starts
        # at 0 (review: a d20 of 100 dice read "-0.61% to 10.61%")
        bands.append(
            "<td>none: too few dice</td>"
            if half is None
            else f"<td>{max(1 / sides - half, 0):.{places[die]}%}<br>to {1 / sides + half:.{places[die]}%}</td>"
        )
    rows.append(_labelled(f"<tr><td class=t>99% band</td>{''.join(bands)}</tr>", ["face", *names]))
    head = "<thead><tr><th class=t>face</th>" + "".join(f"<th>{html.escape(n)}</th>" for n in names) + "</tr></thead>"
    caption = f"<caption>{html.escape(scheme)}: each face's dice and share, as the charts draw them</caption>"
    # As wide as its dice and its longest count (a column each, of 9 px a character): wider than a page of 40rem holds
    # (608 px inside its padding), its rows are cards up to the width the other tables need, as theirs are
    longest = max(len(f"{count:,}") for counts in drawn.values() for count in counts)
    widest = len("30.%") + max(places.values())
    wide = " wide" if (len(drawn) + 1) * (max(longest, widest) * 9 + 17) > 608 else ""
    return _scrolling(
        f"{scheme}: each face's dice and share", f"<table class='cards{wide}'>{caption}{head}{''.join(rows)}</table>"
    )


def _share_places(n: int, sides: int) -> int:
    """The decimal places a share of `n` dice is written with, in percent: two, and more where the 99% band's half-width
    is under a tenth of a point (from about 320,000 d20 dice, 920,000 d6), so that it shows to two figures. With two
    places only, 100,000,000 d6 dice had a band of "16.66% to 16.68%" and two faces at "16.68%", one of them outside
    it and one within (review)."""
    half = _half_band(n, sides)
    return 2 if not half else max(2, 1 - math.floor(math.log10(100 * half)))  # none, or a die of one face


def _chart_words(scheme: str, die: str, n: int, sides: int, half: float | None, outside: list[int]) -> str:
    """What a die's chart shows, in words: its text alternative."""
    dice = counted(n, "die", "dice")
    # A die of one face has no "each" of them (review: "each of its 1 faces")
    faces = "its 1 face" if sides == 1 else f"each of its {sides} faces"
    shown = f"{scheme} die {die}: the share of {faces} in {dice}, against 1/{sides}"
    if half is None:
        return f"{shown}; too few dice for a 99% band"
    where = (
        "every face is within it"
        if not outside
        else f"{'face' if len(outside) == 1 else 'faces'} {', '.join(map(str, outside))} outside it"
    )
    return f"{shown} and a fair die's 99% band (1/{sides} ± {_points(half)} percentage points): {where}"


def _sizes(n: int, bias: float | None) -> str:
    if bias is None:
        return "–"
    # The test's noncentrality grows with n times the squared bias: n·b_min² is the same for every b.
    return "<br>".join(f"{_pp(b)}: {math.ceil(n * (bias / b) ** 2):,}" for b in BIASES)  # each size on its own line


def _bias(n: int, bias: float | None) -> str:
    if n == 0:
        return "no dice yet"
    return "none: too few dice" if bias is None else _pp(bias)


def _findings(s: Summary, chosen: list[dict[str, Any]], read_as: ReadAs) -> str:
    """The findings the page lists (`_chosen`) as a table, mismatches first, and how many more the summary counts."""
    rows = [_finding_row(finding) for finding in chosen]
    if not rows:
        if s.finding_lines:  # a findings file that holds fewer than the summary counts: its word, not the file's
            return (
                f"<h2>Findings</h2><p>None could be listed here, though the summary counts {s.finding_lines:,}: read"
                " <code>findings.jsonl</code> beside this page.</p>"
            )
        if not s.games and not s.errors:
            return "<h2>Findings</h2><p>None, and no game was read: nothing is proven fair.</p>"
        return (
            f"<h2>Findings</h2><p>None: every game read is fair and every line of the {read_as}s read was verified.</p>"
        )
    head = "<thead><tr>" + "".join(f"<th class=t>{column}</th>" for column in _FINDING_COLUMNS) + "</tr></thead>"
    more = s.finding_lines - len(rows)
    errors = _kind_words(read_as, bool(s.never_listed))[_RANKS["error"]][1]
    order = (
        f"<p>Mismatches first, then {errors.replace(' or ', ' and ')}, then games incomplete, then withheld; each in"
        " the order of <code>findings.jsonl</code>.</p>"
    )
    left = _left_out(s, chosen, read_as)
    tail = f"<p>… and {more:,} more in <code>findings.jsonl</code>{left}.</p>" if more > 0 else ""
    table = _scrolling("findings", f"<table class=cards>{head}{''.join(rows)}</table>")
    return f"<h2>Findings</h2>{order}{table}{tail}"


# The order findings are listed in: a mismatch first, however late in findings.jsonl (review: one mismatch after a
# thousand incomplete windows was left off the page), then lines not verified (ids used twice, repeated games, shards
# not audited and keys the map never listed among them, which the merge writes after every game's finding), then games
# incomplete, then withheld.
_RANKS = {"mismatch": 0, "error": 1, "incomplete": 2, "withheld": 3}


def _kinds(s: Summary) -> list[int]:
    """How many findings of each kind the summary counts, in the order of `_RANKS`: a key the map never listed (on AWS)
    is a finding of the error kind, though none of `errors` (review: left out here, its finding was not listed, and the
    page said "… and 1 more" of no kind)."""
    return [s.mismatch, s.errors + s.duplicate_ids + s.repeated_games + len(s.never_listed), s.incomplete, s.withheld]


def _rank(finding: dict[str, Any]) -> int:
    return _RANKS.get("error" if "error" in finding else finding.get("verdict", "error"), _RANKS["error"])


def _kind_words(read_as: ReadAs, never_listed: bool) -> tuple[tuple[str, str], ...]:
    """Each kind of finding in words, one and many, in the order of `_RANKS`; with `never_listed`, the error kind's
    words name a key the map never listed too, which is one of them (`_kinds`; review: one left off the page was
    counted as a line not verified, id used twice, repeated game or shard not audited, none of which it is)."""
    one = f"line not verified, id used twice, repeated game or {read_as} not audited"
    many = f"lines not verified, ids used twice, repeated games or {read_as}s not audited"
    if never_listed:
        one = f"{one.replace(' or ', ', ')} or key never listed"
        many = f"{many.replace(' or ', ', ')} or keys never listed"
    return (
        ("mismatch", "mismatches"),
        (one, many),
        ("incomplete",) * 2,
        ("withheld",) * 2,
    )


def _left_out(s: Summary, chosen: list[dict[str, Any]], read_as: ReadAs) -> str:
    """Of each kind, how many findings the page does not list (review: with the page full of mismatches, nothing said
    that every line not verified and every incomplete game was left out)."""
    listed = [0] * len(_RANKS)
    for finding in chosen:
        listed[_rank(finding)] += 1
    parts = [
        f"{left:,} {one if left == 1 else many}"
        for count, done, (one, many) in zip(_kinds(s), listed, _kind_words(read_as, bool(s.never_listed)), strict=True)
        if (left := count - done) > 0
    ]
    return f": {'; '.join(parts)}" if parts else ""


def _chosen(s: Summary, findings: Iterable[dict[str, Any]], shown: int) -> list[dict[str, Any]]:
    """The `shown` findings the page lists, in the order of `_RANKS`, each kind's first ones. Reading stops once every
    kind has as many as the page has room for, as the summary counts them: a report of millions of findings whose
    first ones fill the page reads only those (review: it parsed every one, for its count)."""
    wanted, room = [], shown
    for count in _kinds(s):
        wanted.append(min(count, room))
        room -= wanted[-1]
    kept: list[list[dict[str, Any]]] = [[] for _ in _RANKS]
    for finding in findings:
        rank = _rank(finding)
        if len(kept[rank]) < shown:
            kept[rank].append(finding)
        if all(len(have) >= want for have, want in zip(kept, wanted, strict=True)):
            break
    return [finding for rank in kept for finding in rank][:shown]


def _finding_row(finding: dict[str, Any]) -> str:
    # A game's finding written before games' findings named their line has neither file nor line.
    line = finding.get("line")
    where = ", ".join(part for part in (finding.get("file"), line and f"line {line}") if part)
    if "error" in finding:
        return _labelled(
            f"<tr><td class='t w'>{_text(finding.get('id'))}</td><td class='t w'>{visible(where)}</td>"
            f"<td class=t>{html.escape(finding['error']['code'])}</td>"
            f"<td class=t>{_error_words(finding['error'])}</td></tr>",
            _FINDING_COLUMNS,
        )
    words = "; ".join(finding.get("reasons") or [])
    causes = ", ".join(finding.get("causes") or [])
    return _labelled(
        f"<tr><td class='t w'>{_text(finding['id'])}</td>"
        f"<td class='t w'>{html.escape(finding['scheme'])}{'<br>' if where else ''}{visible(where)}</td>"
        f"<td class=t>{html.escape(finding['verdict'])}{_AT_MOST if finding.get('at_most_incomplete') else ''}</td>"
        f"<td class=t>{visible(words)}{_likely(causes)}</td></tr>",
        _FINDING_COLUMNS,
    )


_FINDING_COLUMNS = ("id", "scheme, file and line", "verdict or error", "why")
# A withheld game's that will be at most incomplete whatever is revealed, as its verdict's page says it
_AT_MOST = ", at most incomplete once revealed"


def _error_words(error: dict[str, Any]) -> str:
    """An error's message, and when it has more than one problem, every one (review: a field the input named that
    no scheme has was only "(and 2 more problems)" on the page)."""
    problems = error.get("problems") or []
    if len(problems) < 2:
        return visible(error["message"])
    listed = "".join(f"<li>{visible(problem['field'])}: {visible(problem['message'])}</li>" for problem in problems)
    return f"<ul>{listed}</ul>"


def _likely(causes: str) -> str:
    return f" (likely: {html.escape(causes)})" if causes else ""


def _inputs(s: Summary, read_as: ReadAs) -> str:
    # A version is an S3 object's: a local run's files have none, and no column of blanks.
    versions = any(r.version for r in s.inputs)
    # headed as the page calls what it read: an AWS run's inputs are its shards (review: "file", where the page says
    # shards above the table). Each column's name and whether it holds text (left-aligned), one source for the head
    # and for each cell's name (`_labelled`)
    columns = [(read_as, True), *([("version", True)] if versions else []), ("bytes", False), ("SHA-256", True)]
    names = [name for name, _ in columns]
    rows = "".join(
        _labelled(
            f"<tr><td class='t w'>{visible(r.file)}</td>{_version(r.version) if versions else ''}"
            f"<td>{r.bytes:,}</td><td class='t w'><code>{r.sha256}</code></td></tr>",
            names,
        )
        for r in s.inputs
    )
    heads = "".join(f"<th{' class=t' if text else ''}>{name}</th>" for name, text in columns)
    head = f"<thead><tr>{heads}</tr></thead>"
    passed = ""
    if s.passed_over:
        listed = "".join(f"<li>{visible(path)}</li>" for path in s.passed_over)
        count = len(s.passed_over)
        holds = "it holds" if count == 1 else "they hold"
        passed = (
            f"<h3>Not read</h3><p>{not_read(count)}: any game {holds} is not in this audit. A hidden file is"
            f" audited where it is named itself.</p><ul>{listed}</ul>"
        )
    # Each file's bytes were read and hashed whole; its games were read up to where it broke, if it broke (review: a
    # file cut short was said to be "read whole"). An AWS run's are its shards, as its headline names them (review:
    # they were called files here)
    read = (
        f"<p>{counted(len(s.inputs), read_as, f'{read_as}s')} read, {'each ' if len(s.inputs) != 1 else ''}hashed"
        f" whole (its size and SHA-256): check that every {read_as} you expect is listed. A {read_as} that"
        " breaks partway (a gzip file cut short, corrupt data) is a finding naming the line where it broke: no game"
        " after it was read.</p>"
    )
    table = _scrolling(f"{read_as}s read", f"<table class=cards>{head}{rows}</table>")
    return f"<h2>Inputs read</h2>{read}{_archives(s)}{_made_by(s, read_as)}{table}{passed}"


def _made_by(s: Summary, read_as: ReadAs) -> str:
    """Which fairdice audited the games, for anyone who audits them again: one version, or several when partial results
    written by another were merged (a resumed run, a layer changed during an execution)."""
    if not s.fairdice:
        return ""  # a summary written before summaries named it
    named = " and ".join(f"<code>{visible(version)}</code>" for version in s.fairdice)
    if len(s.fairdice) == 1:
        return f"<p>Audited by fairdice {named}.</p>"
    return (
        # a local run's partial results are of blocks of its files, an AWS run's of its shards
        f"<p>Audited by fairdice {named}: not every {'shard' if read_as == 'shard' else 'block'}'s partial result"
        " was written by the fairdice that merged them. Audit again with one version to compare.</p>"
    )


def _archives(s: Summary) -> str:
    """Which daily archive daily rolls were checked against, if any (review: the page did not say)."""
    if s.archives:
        named = ", ".join(f"<code>{visible(name)}</code>" for name in s.archives)
        return f"<p>Daily rolls were checked against the daily archive {named}.</p>"
    if (tally := s.by_scheme.get(daily.SCHEME.id)) is not None and tally.games:
        return (
            "<p>Daily rolls were checked against no archive, each against the secret it carries: at most"
            " incomplete, since nothing shows that its day's commitment was published before the day's play.</p>"
        )
    return ""


def _version(version: str | None) -> str:
    return f"<td class=t>{visible(version or '')}</td>"


# What leaves a game incomplete, in the words the README's audit paragraph lists too (`INCOMPLETE_WHEN`), one source
# for both (review: the page left out a daily roll whose commitment is not kept under Object Lock)
_INCOMPLETE = html.escape(listed(list(INCOMPLETE_WHEN), "or"), quote=False)

# Each cause a finding can carry, with what it means: the words the API's document gives (`CAUSE_MEANINGS`), one
# source for both, where the page wrote its own beside them
_CAUSES = ", ".join(
    f"<code>{name}</code> ({html.escape(meaning, quote=False)})" for name, meaning in CAUSE_MEANINGS.items()
)


def _how_to_read(read_as: ReadAs = "shard") -> str:
    return (
        "<h2>How to read this report</h2><ul>"
        "<li><b>fair</b>: the seal matched, and the rolls from the game's first roll are every one the recorded "
        "ones; fairdice cannot know a game's length, so the rolls recorded (or the line's <code>count</code>) say "
        "how many were checked. "
        "<b>mismatch</b>: something differs; <b>incomplete</b>: something needed to prove fairness is missing "
        f"({_INCOMPLETE}); <b>withheld</b>: the secret is not revealed yet. "
        "Each finding gives the verdict's own reasons.</li>"
        # review: the cause codes were never explained here, and one read as an innocent mix-up where a die was changed
        # Every cause a finding can carry (review: too_few_rolls_fit, and most of the rest, were left to the README)
        "<li><b>likely</b>, after a mismatch's reasons: the diagnosis' guesses at how its recorded rolls came to "
        "differ, best first, each a mistake that would explain them or, where none does, what the rolls show: "
        f'{_CAUSES}; the README\'s "For support staff" says more of each. A guess, never a finding of who did '
        "what: dice changed on purpose can look like a record mixed up, the more so in a short game.</li>"
        # Review: a game filed whole and again as a window from roll 2, every game so, failed fair d6 dice's chi² 18
        # times in 100 and the runs and serial correlation tests 6 to 7, and nothing on the page said why
        "<li>The charts and the tests count the <em>recomputed</em> dice of every line read: a game's dice filed "
        "twice (a window from a later roll beside the whole game, a repeated game, a mirror pair's second game) are "
        "counted twice, and the tests then fail fair dice more often than 1 in 100 (when every game is filed twice, "
        "chi² about 18 times in 100 for d6 dice, the runs and serial correlation tests about 7), and the smallest "
        f"detectable bias is smaller than the dice's own ({_BIAS_COUNTED_TWICE}). "
        "Each face's share of a fair die "
        "falls inside the shaded band, its edges dashed, about 99 times in 100 (98.3 to 99.5 with fewer than 1,000 "
        "dice, 98.8 to 99.2 from there: the band is a normal approximation to whole counts; and it is each face's, "
        "with no allowance "
        "for the many faces drawn: all the faces of a fair die are inside it together less often, about 94 times in "
        "100 for a d6 and 74 to 82 for a d20, and in an audit of the six daily dice at least one face is outside it "
        "about half the time); a face outside it is a red diamond, a face within it a black dot. Below "
        f"{MIN_EXPECTED} dice expected of each face no band is drawn (too few for "
        "one); the chi² test below says whether the faces differ.</li>"
        "<li>chi² tests that every face is equally likely; the runs test and the serial correlation test two "
        "common kinds of dependence on the die before (high and low faces bunched or alternating, and a face "
        "following the one before up or down): a die that depends on the one before in other ways can pass both "
        "(a d6 that never shows the face before it again, nor the face opposite it, passes both and chi² too). "
        "Each die is tested alone: the dice of one roll are not tested against each other (two dice that always "
        "show a double pass every test). "
        "Each die is read as one stream: the files in the order of their names (sorted as text), each file's "
        "games by line, each game's rolls in order. A p-value under 0.01 fails at 99% confidence "
        "(shown in red); with many dice, about 1 test in 100 fails by chance. A dash: the test cannot be made "
        "on these dice (none, all on one side of the middle, for chi² fewer dice than faces, for serial "
        f"correlation fewer than {MIN_SEQUENCE} dice, for runs fewer than {MIN_SIDE} dice or a tenth of them on "
        "either side of the middle, where a p-value would fail fair dice too often, or could not fail at all).</li>"
        "<li><b>Smallest detectable bias</b>: how much more often than 1/sides one face would have to come up, "
        "the others sharing the loss alike, for the chi² test to catch it (99% confidence, 80% power) with this "
        "many dice, in percentage points. It is the usual noncentral chi² approximation, and optimistic: the "
        "test's true power at that bias is lower, the more so with fewer dice and more sides (71% for 30 d6 dice, "
        f'79% for 10,000; 67% for 100 d20 dice). "Too few dice" below {MIN_EXPECTED} dice expected of each face, where '
        "that approximation is far off. The last column "
        "gives, by the same approximation and as optimistic, how many dice of the row's die it takes to catch a "
        "smaller bias: each die is tested alone, so for a die of a pair that many rolls, and the figures depend on "
        "the die's sides alone, not on the dice read, the same for every die of as many sides, and are given where "
        "the smallest detectable bias is (a dash where it is none).</li>"
        f"<li>Inputs list every {read_as} read with its SHA-256: a {read_as} left out does not appear, so check that"
        f" every {read_as} you expect is there.</li>"
        "<li>The audit proves that each game's rolls follow from its revealed secret and seal, not that the seal was"
        " shown to the players before the game.</li></ul>"
    )


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _p(value: float | None) -> str:
    if value is None:
        return "<td>–</td>"
    shown = f"{value:.4f}" if value >= ALPHA else _failing(value) if value >= 0.0001 else "&lt; 0.0001"
    # Failing is said in words, not by colour alone
    return f"<td class=bad>{shown} fails</td>" if value < ALPHA else f"<td>{shown}</td>"


def _failing(value: float) -> str:
    """A p-value under ALPHA to three figures, cut rather than rounded, so that it never reads as ALPHA itself
    (review: 0.00996 read "0.0100 fails", and 0.009999 "0.01 fails")."""
    exact = Decimal(repr(value))
    return str(exact.quantize(Decimal(1).scaleb(exact.adjusted() - 2), rounding=ROUND_DOWN))


def _pp(bias: float | None) -> str:
    return "–" if bias is None else f"{_points(bias)} pp"


def _points(chance: float) -> str:
    """A chance in percentage points, to two significant figures with their zeros (7.0, 0.50, 83): the smallest
    detectable bias is an approximation whose test has 67% to 79% power there, not 80%: it holds no third figure
    (review: "%.3g" wrote one bias "6.95 pp" and, its zero dropped, another "5.4 pp" on the same page; and the biases of
    the dice needed "1 pp" and "0.5 pp"). The 99% band of a chart's words is written alike."""
    points = float(f"{100 * chance:.2g}")  # rounded first: 9.96 is "10", not "10.0"
    if not points:
        return "0"  # the band of a die of one face has no width (review: log10 of it raised, and no page was drawn)
    return f"{points:.{max(0, 1 - math.floor(math.log10(points)))}f}"


def _text(value: object) -> str:
    """A value from the input (a game's id), every character that shows nothing written as its code point."""
    return "–" if value is None else visible(value)
