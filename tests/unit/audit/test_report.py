"""report.html: one page that needs nothing from elsewhere, a chart per scheme, findings escaped and bounded."""

import datetime as dt
import html
import io
import json
import math
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from fairdice.audit import report
from fairdice.audit.lines import numbered_lines
from fairdice.audit.merge import merge
from fairdice.audit.report import read_findings
from fairdice.audit.shard import audit_shard
from fairdice.audit.store import FolderResults
from fairdice.audit.summary import Summary, Uniformity
from fairdice.audit.tally import Counts, InputRecord
from fairdice.prose import listed
from fairdice.verdict import CAUSE_MEANINGS, INCOMPLETE_WHEN, Cause, ScopeKind
from pydantic import ValidationError

from unit.audit import games


def bare(page: str) -> str:
    """The page without the column name each cell carries for a narrow screen (`data-h`, tested on its own)."""
    return re.sub(r' data-h="[^"]*"', "", page)


def render(
    summary: Summary,
    findings: Iterable[dict[str, Any]],
    *,
    shown: int = report.FINDINGS_SHOWN,
    read_as: report.ReadAs = "shard",
) -> str:
    """The page `report.render` draws, bare."""
    return bare(report.render(summary, findings, shown=shown, read_as=read_as))


def test_every_cell_of_the_counts_statistics_and_findings_names_its_column_for_a_narrow_screen(tmp_path: Path) -> None:
    store = FolderResults(tmp_path)
    data = games.jsonl([games.narde(n) for n in range(40)] + [games.mismatched(games.narde(99))])
    audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    with (tmp_path / "findings.jsonl").open("rb") as stream:
        page = report.render(summary, read_findings(stream))

    tables = re.findall(r"<table class='?cards[^>]*>(.*?)</table>", page, re.S)
    # the counts of games and of rolls, narde-v1's faces and statistics, the findings, the inputs
    assert len(tables) == 6
    for table in tables:
        heads, cells = re.findall(r"<th\b", table), re.findall(r"<td( data-h=\"[^\"]+\")?", table)
        assert heads and all(cells), table[:300]
    assert '<td data-h="die 2">' in tables[2]
    assert '<td data-h="runs p">' in tables[3] and '<td data-h="why" class=t>' in tables[4]
    assert '<td data-h="lines not verified">' in tables[0] and '<td data-h="rolls that differ">' in tables[1]


def audited(tmp_path: Path, content: list[object]) -> str:
    store = FolderResults(tmp_path)
    data = games.jsonl(content)  # type: ignore[arg-type]
    audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    with (tmp_path / "findings.jsonl").open("rb") as stream:
        return render(summary, read_findings(stream), shown=2)


def test_the_page_is_self_contained_with_an_svg_chart_per_die(tmp_path: Path) -> None:
    page = audited(tmp_path, [games.narde(n) for n in range(5)] + [games.three_dice(9)])
    assert page.startswith("<!doctype html>")
    assert len(re.findall(r"<svg\b", page)) == 2 + 3  # narde's two dice, three-dice's three
    # No script, and nothing fetched: no external URL in any src, href or url().
    assert "<script" not in page.lower()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", page)
    assert "url(http" not in page and "@import" not in page
    # and its policy lets nothing else in: no script, no base URL, no form sending anything anywhere
    policy = re.search(r'http-equiv=Content-Security-Policy content="([^"]*)"', page)
    assert policy is not None
    directives = dict(d.strip().split(" ", 1) for d in policy.group(1).split(";"))
    assert directives == {
        "default-src": "'none'",
        "style-src": "'unsafe-inline'",
        "base-uri": "'none'",
        "form-action": "'none'",
    }
    assert "All 6 games read are fair" in page
    assert "99% band of a fair die" in page


def test_findings_are_escaped_and_only_the_first_ones_are_listed(tmp_path: Path) -> None:
    bad = [games.mismatched({**games.narde(n), "id": f"<script>alert({n})</script>"}) for n in range(4)]
    page = audited(tmp_path, bad)
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(0)&lt;/script&gt;" in page
    assert "and 2 more in <code>findings.jsonl</code>" in page
    assert "4 of 4 games do not match what was computed or published" in page
    assert "The first 2 findings are listed under Findings, mismatches first; all 4 are in" in page


def test_a_games_finding_says_where_the_game_is(tmp_path: Path) -> None:
    # The same id given to a fair game and to one that is not: the row names the line of the one that is not
    page = audited(tmp_path, [games.narde(1), {**games.mismatched(games.narde(2)), "id": games.narde(1)["id"]}])
    findings = page[page.index("<h2>Findings</h2>") :]
    assert "<td class='t w'>narde-v1<br>day.jsonl, line 2</td><td class=t>mismatch</td>" in findings


def test_an_id_holding_a_character_that_shows_nothing_is_shown_with_its_code_point(tmp_path: Path) -> None:
    # A right-to-left override in a game's id would reorder what the auditor reads; a zero-width space would hide
    page = audited(tmp_path, [games.mismatched({**games.narde(1), "id": "game-\u202e12\u200b3"})])
    assert "\u202e" not in page and "\u200b" not in page
    assert "game-<span class=cp" in page and "⟨U+202E⟩" in page and "⟨U+200B⟩" in page


def test_the_counts_tell_rolls_not_recorded_from_rolls_that_differ(tmp_path: Path) -> None:
    page = audited(tmp_path, [games.cut_short(games.narde(1, 20), 16), games.mismatched(games.narde(2, 20))])
    counts = page[page.index("<h2>Counts</h2>") : page.index("<h2>", page.index("<h2>Counts</h2>") + 1)]
    assert "<th>rolls that differ</th><th>rolls not recorded</th>" in counts
    # all: 2 games, 0 fair, 1 mismatch, 1 incomplete, 0 withheld, 0 errors; 40 rolls, 1 differs, 4 not recorded
    assert "<td class='t n'><b>all</b></td><td>2</td><td>0</td><td>1</td><td>1</td><td>0</td><td>0</td>" in counts
    assert "<td class='t n'><b>all</b></td><td>40</td><td>1</td><td>4</td><td>0</td></tr>" in counts


def test_lines_that_name_no_scheme_have_a_row_of_their_own_so_the_rows_add_up(tmp_path: Path) -> None:
    page = audited(
        tmp_path, [games.narde(1), "{oops", {**games.narde(2), "scheme": "nope"}, {**games.narde(3), "key": 1}]
    )
    counts = page[page.index("<h2>Counts</h2>") : page.index("</table>", page.index("<h2>Counts</h2>"))]
    # narde-v1: 1 game read and fair, 1 line not verified (its key); 2 lines name no scheme fairdice knows
    assert "<td class='t n'>narde-v1</td><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>1</td>" in counts
    assert (
        "<td class='t n'><i>no scheme read</i></td>"
        "<td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>2</td>" in counts
    )
    assert "<td class='t n'><b>all</b></td><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>3</td>" in counts


@pytest.mark.parametrize("read_as", ["shard", "file"])
def test_the_counts_column_of_lines_not_verified_counts_no_shard_not_audited(read_as: report.ReadAs) -> None:
    # Given an audit of one fair narde-v1 game and one narde-v1 line not verified, beside two shards (or files) not
    # audited, each one of `errors`
    by_scheme = {"narde-v1": Counts(games=1, fair=1, errors=1)}
    counts = Summary(games=1, fair=1, errors=3, not_audited=2, by_scheme=by_scheme)

    # When its page is drawn
    page = render(counts, [], read_as=read_as)
    start = page.index("<h2>Counts</h2>")
    table, said = page[start : page.index("</table>", start)], page[start : page.index("<h2>", start + 1)]

    # Then the column of lines not verified counts the one line, as the headline does, and no row of lines naming no
    # scheme is drawn for the two not audited (review: the column said 3, and a row of 2 lines naming no scheme, where
    # the headline said 1 line could not be verified and 2 shards were not audited); they are said under the tables
    assert "<td class='t n'>narde-v1</td><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>1</td>" in table
    assert "<td class='t n'><b>all</b></td><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>1</td>" in table
    assert "no scheme read" not in table
    assert f"2 {read_as}s were not audited" in page and "1 line could not be verified" in page
    words = "not audited (none of their games is counted, each a finding of its own): 2."
    assert "</table></div><p>Duplicate ids: 0." in said and f"{read_as.capitalize()}s {words}" in said


def test_a_die_of_no_dice_has_no_chart_and_a_die_of_too_few_no_figure_it_cannot_support(tmp_path: Path) -> None:
    # Given a scheme whose one game is withheld (no dice), and a game of one roll
    withheld = {"scheme": "three-dice", "seed": None, "client_seeds": None, "id": "mirror-1"}
    page = audited(tmp_path, [withheld, games.narde(1, 1)])

    # Then only the game of one roll is drawn (a chart for each of its two dice); its dice's figures are dashes and
    # "too few dice", never a bias of more than 100 points; the withheld scheme's dice say so
    assert len(re.findall(r"<svg\b", page)) == 2
    three_dice = page[page.index("<h2>three-dice</h2>") : page.index("</table>", page.index("<h2>three-dice</h2>"))]
    assert "<svg" not in three_dice and three_dice.count("no dice yet") == 3
    statistics = page.index("<th rowspan=2>sides</th>", page.index("<h2>narde-v1</h2>"))
    narde = page[page.index("<h2>narde-v1</h2>") : page.index("</table>", statistics)]
    assert narde.count("<td>none: too few dice</td><td class='t sizes'>–</td>") == 2
    assert " pp" not in narde


def test_an_inputs_name_is_shown_as_it_is_not_as_a_right_to_left_override_would_draw_it() -> None:
    # "games\u202elnosj.txt" is drawn by a browser as "gamestxt.jsonl"
    record = InputRecord(file="games\u202elnosj.txt", bytes=1, sha256="0" * 64, version="v\u200b1")
    page = render(Summary(inputs=[record]), [])
    assert "\u202e" not in page and "\u200b" not in page
    assert "⟨U+202E⟩" in page and "⟨U+200B⟩" in page


def test_a_games_finding_written_before_findings_named_their_line_is_still_listed() -> None:
    # An AWS report step run again after a deploy reads the findings its audit wrote: a game's had no file nor line
    finding = {"id": "x", "scheme": "bg-dice-v1", "verdict": "mismatch", "reasons": ["r"], "first_mismatch": 1}
    page = render(Summary(games=1, mismatch=1), [{**finding, "causes": [], "differ": 1, "missing": 0, "extra": 0}])
    assert "<td class='t w'>bg-dice-v1</td><td class=t>mismatch</td>" in page


def test_findings_that_could_not_be_read_are_never_said_to_be_none_while_the_summary_counts_them() -> None:
    # Given a summary of a mismatch and an incomplete game, and a findings file that holds none of their lines (cut
    # short, or lost between the merge and the report; review: the page said every game read was fair)
    page = render(Summary(games=3, fair=1, mismatch=1, incomplete=1), [])

    # Then the findings are not said to be none: the page points to the file, with the count the summary gives
    assert "every game read is fair" not in page
    assert "None could be listed here, though the summary counts 2: read <code>findings.jsonl</code>" in page
    # and the headline does not say they are listed (review: "Each finding is listed under Findings.")
    assert "listed under Findings" not in page
    assert "No finding could be listed here, of the 2 the summary counts: read <code>findings.jsonl</code>." in page


def test_the_headline_says_how_many_findings_are_listed_when_the_findings_file_holds_fewer_than_the_summary() -> None:
    # Given a summary of two mismatches, and a findings file that holds one of them (cut short)
    finding = {"id": "g1", "file": "a.jsonl", "line": 1, "scheme": "narde-v1", "verdict": "mismatch"}
    page = render(Summary(games=2, mismatch=2), [finding])

    # Then the headline says the one listed is the first, and that both are in the file, as the table's foot does
    assert "Each finding is listed" not in page
    assert "The first 1 finding is listed under Findings, mismatches first; all 2 are in" in page
    assert "… and 1 more in <code>findings.jsonl</code>" in page


def test_the_findings_not_listed_are_counted_from_the_summary_which_counts_every_line_of_findings(
    tmp_path: Path,
) -> None:
    # Given a shard with a finding of every kind: games not fair (mismatch, incomplete, withheld), lines not verified
    # (not JSON, an unknown scheme, no id), an id used twice and a game filed again under another id
    fair = games.narde(1)
    content: list[object] = [
        fair,
        games.mismatched(games.narde(2)),
        games.unsealed(games.narde(3)),
        games.daily(4, day="2999-01-01"),
        "not json",
        {"id": "x", "scheme": "nope"},
        {k: v for k, v in games.narde(5).items() if k != "id"},
        {**games.narde(6), "id": fair["id"]},
        {**fair, "id": "again"},
    ]
    store = FolderResults(tmp_path)
    data = io.BytesIO(games.jsonl(content))
    audit_shard(numbered_lines(data, "day.jsonl"), "day.jsonl", store, "s", today=dt.date(2026, 12, 2))
    summary = merge(store)
    lines = (tmp_path / "findings.jsonl").read_bytes().splitlines()
    assert summary.withheld and summary.mismatch and summary.incomplete and summary.errors == 3
    assert summary.duplicate_ids == summary.repeated_games == 1

    # Then the summary counts every line of findings.jsonl
    assert summary.finding_lines == len(lines) == 8

    # And a report listing 2 reads only as far as it needs, and says how many more the summary counts
    read: list[int] = []

    def findings() -> Iterator[dict[str, object]]:
        for n, finding in enumerate(read_findings(io.BytesIO(b"\n".join(lines))), start=1):
            read.append(n)
            yield finding

    page = render(summary, findings(), shown=2)
    # (the mismatch, then the first line not verified, before the incomplete and withheld games: four lines read)
    assert read == [1, 2, 3, 4]
    assert "and 6 more in <code>findings.jsonl</code>" in page
    listed = page[page.index("<h2>Findings</h2>") :]
    assert listed.index("mismatch</td>") < listed.index("not_json</td>")
    assert "incomplete</td>" not in listed


def test_findings_are_listed_mismatches_first_then_lines_not_verified_and_reading_stops_once_each_kind_is_shown() -> (
    None
):
    # Review: a duplicate id, which the merge writes after every game's finding, never reached a page full of windows
    def game(n: int, verdict: str) -> dict[str, object]:
        return {"id": f"{verdict}-{n}", "file": "day.jsonl", "line": n, "scheme": "narde-v1", "verdict": verdict}

    def error(n: int, code: str) -> dict[str, object]:
        return {"file": "day.jsonl", "line": n, "id": f"{code}-{n}", "error": {"code": code, "message": "m"}}

    lines = [game(n, "incomplete") for n in range(5)] + [game(5, "withheld"), game(6, "mismatch")]
    lines += [error(7, "duplicate_id"), error(8, "repeated_game"), game(9, "withheld")]
    summary = Summary(games=8, mismatch=1, incomplete=5, withheld=2, duplicate_ids=1, repeated_games=1)
    read: list[str] = []

    def findings() -> Iterator[dict[str, object]]:
        for finding in lines:
            read.append(str(finding["id"]))
            yield finding

    page = render(summary, findings(), shown=4)
    ids = re.findall(r"<tr><td class='t w'>([a-z_]+-\d)</td>", page)
    assert ids == ["mismatch-6", "duplicate_id-7", "repeated_game-8", "incomplete-0"]
    assert read[-1] == "repeated_game-8"  # the last withheld game is not read: the page is full
    assert "and 6 more in <code>findings.jsonl</code>" in page


def test_files_passed_over_keep_an_audit_whose_games_read_are_all_fair_from_being_clean() -> None:
    # Review: a game in .late.jsonl was not in the audit, and the page's verdict said "All games are fair. Every line
    # was read", the file named only at the foot of the page; then (review) the page said the games read were fair,
    # titled "all fair", and the command exited 0, a mismatch hidden in .late.jsonl
    summary = Summary(games=1, fair=1, passed_over=["in/.late.jsonl"])
    assert not summary.clean
    page = render(summary, [])
    headline = page[page.index("<p class=verdict>") : page.index("</p>", page.index("<p class=verdict>"))]
    assert "<title>fairdice audit: 1 game, not all proven fair</title>" in page
    assert "is fair" not in headline and "Findings" not in headline
    assert (
        "<span class=bad>1 file or folder in the folders given was not read (hidden, its name starting with a dot; not"
        " a file; put there while the audit ran; or a folder that could no longer be read): any game in it is not in"
        " this audit.</span> The file or folder not read is listed under Inputs read." in headline
    )
    mismatch = {"id": "g2", "file": "in/a.jsonl", "line": 2, "scheme": "narde-v1", "verdict": "mismatch"}
    two = render(Summary(games=2, fair=1, mismatch=1, passed_over=["in/.a", "in/.b"]), [mismatch])
    assert "2 files or folders in the folders given were not read" in two
    assert (
        "any game in them is not in this audit.</span> Each finding is listed under Findings. The files or folders not"
        " read are listed under Inputs read." in two
    )


def test_an_audit_of_no_game_says_so_under_findings_too() -> None:
    page = render(Summary(), [])
    assert "<title>fairdice audit: no game verified</title>" in page
    assert "No game was verified, so nothing is proven fair: nothing was audited." in page
    assert "None, and no game was read: nothing is proven fair." in page
    assert "every game is fair" not in page


def test_a_test_that_fails_says_so_in_words_and_a_tiny_p_value_is_not_shown_as_zero() -> None:
    # Review: a failing p-value was marked by its colour alone, and p = 1e-22 read 0.0000
    assert report._p(1e-22) == "<td class=bad>&lt; 0.0001 fails</td>"
    assert report._p(0.0099) == "<td class=bad>0.00990 fails</td>"
    assert report._p(0.00996) == "<td class=bad>0.00996 fails</td>"  # not "0.0100 fails"
    assert report._p(0.009999) == "<td class=bad>0.00999 fails</td>"  # not "0.01 fails"
    assert report._p(0.005) == "<td class=bad>0.00500 fails</td>"
    assert report._p(0.0001) == "<td class=bad>0.000100 fails</td>"
    assert report._p(0.01) == "<td>0.0100</td>"
    assert report._p(0.5) == "<td>0.5000</td>"
    assert report._p(None) == "<td>–</td>"


def test_the_same_audit_draws_the_same_page_whose_ids_are_each_used_once(tmp_path: Path) -> None:
    content = [games.narde(n) for n in range(40)] + [games.daily(n) for n in range(20)]
    first, again = audited(tmp_path / "a", content), audited(tmp_path / "b", content)
    assert first == again
    ids = re.findall(r"""\bid=["']([^"']+)""", first)
    assert ids and len(ids) == len(set(ids))


def test_the_inputs_are_said_hashed_whole_not_read_whole_and_only_s3_objects_have_a_version_column() -> None:
    # (a local run's page, as the command draws it: its inputs are files)
    local = render(Summary(inputs=[InputRecord(file="day.jsonl", bytes=3, sha256="0" * 64)]), [], read_as="file")
    assert "read whole" not in local and "1 file read, hashed whole" in local
    assert "<th class=t>version</th>" not in local
    shard = InputRecord(file="games/a.jsonl", bytes=3, sha256="0" * 64, version="v1")
    assert "<th class=t>version</th>" in render(Summary(inputs=[shard]), [])

    # and each cell names its own column for a narrow screen, the version's where there is one (review: the inputs
    # table ran past a phone's edge)
    def named(record: InputRecord) -> list[str]:
        page = report.render(Summary(inputs=[record]), [])
        return re.findall(r'<td data-h="([^"]+)"', page[page.index("<h2>Inputs read</h2>") :])

    # (an AWS run's page heads the column of what it read "shard", as it calls them; a local run's "file")
    assert named(shard) == ["shard", "version", "bytes", "SHA-256"]
    assert named(InputRecord(file="day.jsonl", bytes=3, sha256="0" * 64)) == ["shard", "bytes", "SHA-256"]


def test_the_counts_table_is_whole_from_a_width_sized_by_the_counts_it_shows_not_by_the_shards_not_audited() -> None:
    # Given a run of one line not verified beside 10 billion shards not audited (each one of `errors`, but said under
    # the tables, where the column of lines not verified shows 1), and a run of that one line alone
    def whole_from(summary: Summary) -> int:
        found = re.search(r"and \(max-width:(\d+)rem\)", report.render(summary, []))
        assert found
        return int(found[1])

    shards_not_audited = Summary(errors=10**10 + 1, not_audited=10**10)

    # Then its counts' table is drawn whole from the same width as the run's of one line, no count in it longer
    # (review: sized from `errors`, 14 characters no cell shows)
    assert "<td>1</td>" in bare(report.render(shards_not_audited, []).split("<h2>Counts</h2>")[1].split("</table>")[0])
    assert whole_from(shards_not_audited) == whole_from(Summary(errors=1))
    # while a run whose lines not verified are that many is drawn whole from a wider page
    assert whole_from(Summary(errors=10**10 + 1)) > whole_from(Summary(errors=1))


def test_no_summary_the_page_is_drawn_from_counts_less_than_its_schemes_or_shards_not_audited_do() -> None:
    # A summary whose schemes count more lines not verified than it does (the row of lines that name no scheme would
    # show a negative count: review, -2), or more shards not audited than its errors (the column of lines not verified
    # would), is none the merge writes: refused, never drawn
    with pytest.raises(ValidationError, match="its schemes count 3 errors, more than its 1 overall"):
        Summary(errors=1, by_scheme={"narde-v1": Counts(errors=3)})
    with pytest.raises(ValidationError, match="2 not audited, each one of errors, more than its 1 errors"):
        Summary(errors=1, not_audited=2)
    # while one whose lines name no scheme shows them in a row of their own
    page = render(Summary(errors=3, not_audited=1, by_scheme={"narde-v1": Counts(errors=1)}), [])
    assert "<td class='t n'><i>no scheme read</i></td><td>0</td>" in page
    assert re.findall(r"<i>no scheme read</i></td>((?:<td>[^<]*</td>)*)", page)[0].count("<td>1</td>") == 1


def test_an_aws_runs_page_calls_what_it_read_shards_as_its_headline_does_and_a_local_runs_files() -> None:
    # Given a clean audit of two inputs, each of one fair game
    records = [InputRecord(file=f"games/a/{n}.jsonl", bytes=3, sha256="0" * 64, version="v1") for n in (1, 2)]
    counts = Summary(inputs=records, games=2, fair=2, by_scheme={"narde-v1": Counts(games=2, fair=2)})

    # When its page is drawn for an AWS run, and for a local run
    aws, local = render(counts, []), render(counts, [], read_as="file")

    # Then the AWS run's names what it read shards, in the headline, the findings and the inputs alike (review: the
    # inputs said "2 files read", and the headline, the findings and the box of the inputs' table "the files read",
    # where the headline of a run with shards not audited says "shards"); a local run's, files
    assert "2 shards read, each hashed whole" in aws and "check that every shard you expect is listed" in aws
    assert "Every line of the shards read was verified" in aws
    assert "every line of the shards read was verified" in aws
    assert 'aria-label="shards read"' in aws
    assert "Inputs list every shard read with its SHA-256: a shard left out does not appear" in aws
    assert "files read" not in aws and "2 file" not in aws and "every file" not in aws
    assert "2 files read, each hashed whole" in local and "check that every file you expect is listed" in local
    assert "Every line of the files read was verified" in local and 'aria-label="files read"' in local
    assert "Inputs list every file read with its SHA-256: a file left out does not appear" in local
    # and the inputs' table heads the column of what was read alike (review: "file" on an AWS run's page)
    assert "<th class=t>shard</th>" in aws and "<th class=t>file</th>" not in aws
    assert "<th class=t>file</th>" in local and "<th class=t>shard</th>" not in local
    assert "shard" not in local


def test_a_line_with_several_problems_lists_every_one() -> None:
    error = {
        "code": "invalid_input",
        "message": "key: a secret must be hex digits (0-9, a-f) (and 1 more problem)",
        "problems": [
            {"field": "key", "message": "a secret must be hex digits (0-9, a-f)"},
            {"field": "<b>colour</b>", "message": "is not a field of a narde-v1 request"},
        ],
    }
    page = render(Summary(errors=1), [{"file": "day.jsonl", "line": 1, "id": "x", "error": error}])
    assert "<li>key: a secret must be hex digits (0-9, a-f)</li>" in page
    assert "<li>&lt;b&gt;colour&lt;/b&gt;: is not a field of a narde-v1 request</li>" in page


def test_the_page_says_which_archive_daily_rolls_were_checked_against_or_that_none_was(tmp_path: Path) -> None:
    archived = render(Summary(games=1, incomplete=1, archives=["s3://the-archive"]), [])
    assert "Daily rolls were checked against the daily archive <code>s3://the-archive</code>." in archived
    alone = audited(tmp_path, [games.daily(1)])
    assert "Daily rolls were checked against no archive, each against the secret it carries: at most" in alone
    assert "Daily rolls" not in audited(tmp_path / "narde", [games.narde(1)])


def test_a_figure_that_is_no_number_is_a_dash_on_the_page_as_it_is_null_in_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A local run draws the page from the summary it holds, not from summary.json (review: "nan" would show)
    from fairdice.audit import stats

    monkeypatch.setattr(stats, "detectable_bias", lambda die: float("nan"))
    monkeypatch.setattr(stats, "_serial_correlation", lambda die: float("inf"))
    page = audited(tmp_path, [games.narde(n) for n in range(3)])
    assert "nan" not in page.lower() and "inf " not in page
    assert Uniformity(chi2=float("nan"), df=5, p_value=float("inf")) == Uniformity(chi2=None, df=5, p_value=None)


def test_a_file_of_lines_none_of_which_could_be_verified_is_headed_no_game_verified() -> None:
    # Review: headed only "4 lines could not be verified"
    page = render(Summary(errors=4), [])
    assert "No game was verified, so nothing is proven fair: 4 lines could not be verified." in page


def test_a_failing_test_of_the_dice_is_in_the_headline_even_when_every_game_is_fair(tmp_path: Path) -> None:
    # Review: a die failing chi-square at p < 0.0001 was said only in its scheme's table, under a green headline
    fair = audited(tmp_path / "fair", [games.narde(n, 60) for n in range(30)])
    assert "None of the 6 tests of the dice fails at 99% confidence." in fair
    store = FolderResults(tmp_path / "s")
    audit_shard(numbered_lines(io.BytesIO(games.jsonl([games.narde(1)])), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    summary.uniformity["narde-v1"]["1"] = Uniformity(chi2=99.0, df=5, p_value=1e-9)
    page = render(summary, [])
    headline = page[page.index("<p class=verdict>") : page.index("</p>", page.index("<p class=verdict>"))]
    assert "<span class=ok>The 1 game read is fair.</span>" in headline
    assert "1 of the" in headline and "tests of the dice fails at 99% confidence (narde-v1 die 1, chi²)" in headline
    chance = "By chance alone, one or more of these 4 tests fail in about 1 audit in 25: a failure is a reason to look"
    assert chance in headline
    # and with more tests than one is expected to fail by chance, that count (review: "about 0.06 would fail")
    summary.uniformity["narde-v1"].update({f"{n}": Uniformity(chi2=1.0, df=5, p_value=0.5) for n in range(2, 201)})
    summary.independence["narde-v1"].update({f"{n}": summary.independence["narde-v1"]["1"] for n in range(2, 201)})
    many = render(summary, [])
    assert re.search(r"tests of the dice fails .*About \d would fail by chance alone, and 1 or more in", many)
    # a chance from 1 in 10 up in hundredths: one or more of 52 tests fail in 41 audits of 100, which "1 audit in 2"
    # (its 2.5 said whole) made more than it is (review)
    fewer = summary.model_copy(deep=True)
    for n in range(27, 201):
        del fewer.uniformity["narde-v1"][f"{n}"]
    assert "By chance alone, one or more of these 52 tests fail in about 41% of audits:" in render(fewer, [])
    # and many failing said as how rarely that many fail by chance, not how often one does (review: five failures of
    # 30 tests were said to happen "in about 1 audit in 4", the chance of one); ten dice of 60, each its chi² and serial
    # correlation (too few on each side of the middle for the runs test)
    for n in range(1, 6):
        summary.uniformity["narde-v1"][f"{n}"] = Uniformity(chi2=99.0, df=5, p_value=1e-6)
    for n in range(11, 201):
        del summary.uniformity["narde-v1"][f"{n}"], summary.independence["narde-v1"][f"{n}"]
    five = render(summary, [])
    assert "5 of the 20 tests of the dice fail at 99% confidence" in five
    assert (
        "By chance alone, 5 or more of these 20 tests fail in about 1 audit in 730,000: a failure is a reason" in five
    )


def test_a_mirror_pairs_second_games_dice_are_said_counted_twice_in_the_headline_and_under_its_scheme(
    tmp_path: Path,
) -> None:
    # Review: seed 003's mirror pair stands as two games of one dice sequence, so the tests count those dice twice; an
    # audit of fair ladder games, every one filed as its pair, failed three tests of nine "by chance in about 1 audit in
    # 12,000", and nothing on the page said why (chi² fails fair d6 dice 18 times in 100 when every game is a pair)
    ladder = [games.three_dice(n, 30) for n in range(1, 4)]
    pairs = [line for game in ladder for line in (game, {**game, "id": f"{game['id']}-mirror"})]
    page = audited(tmp_path / "pairs", pairs)
    headline = page[page.index("<p class=verdict>") : page.index("</p>", page.index("<p class=verdict>"))]
    assert "3 lines are mirror pairs' second games (three-dice), whose dice are their first games' and are counted" in (
        headline
    )
    section = page[page.index("<h2>three-dice</h2>") : page.index("<h2>Findings</h2>")]
    assert "3 lines are mirror pairs' second games: games of their own whose dice are their first games'" in section
    # the detectable bias said smaller than the dice's own, by how much: not "smaller than it is" (review)
    assert "the smallest detectable bias shown is smaller than the dice's own: the dice's own times the square" in (
        section
    )
    # and the pairs' first games alone, or a game of another scheme, say nothing of it
    single = audited(tmp_path / "single", [*ladder, games.narde(1, 30)])
    assert "mirror pair's second game" not in single.split("<h2>How to read")[0]


def test_windows_and_repeated_games_beside_failing_tests_are_said_to_fail_fair_dice_more_often_than_its_chance(
    tmp_path: Path,
) -> None:
    # Review: fair narde-v1 games, each filed whole and as a window from roll 2, failed 3 of 6 tests, and the headline
    # said that happens "by chance in about 1 audit in 51,000" with no word of the windows' dice, counted twice
    whole = [games.narde(n, 30) for n in range(2000, 2200)]
    filed = [line for game in whole for line in (game, {**games.window(game), "id": f"{game['id']}-w"})]
    page = audited(tmp_path / "windows", filed)
    headline = page[page.index("<p class=verdict>") : page.index("</p>", page.index("<p class=verdict>"))]
    assert "3 of the 6 tests of the dice fail at 99% confidence" in headline
    assert "By chance alone, 3 or more of these 6 tests fail in about 1 audit in 51,000" in headline
    assert (
        "The dice of windows may be other lines' dice counted again: fair dice then fail the tests more often than"
        " that chance says (see How to read this report)." in headline
    )
    # and repeated games alike, beside windows or alone
    store = FolderResults(tmp_path / "s")
    audit_shard(numbered_lines(io.BytesIO(games.jsonl([games.narde(1)])), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    summary.uniformity["narde-v1"]["1"] = Uniformity(chi2=99.0, df=5, p_value=1e-9)
    summary.repeated_games = 2
    assert "The dice of repeated games may be other lines' dice counted again: fair dice" in render(summary, [])
    summary.windows = 1
    assert "The dice of windows and repeated games may be other lines' dice counted again" in render(summary, [])
    # and an audit of whole games, each filed once, says nothing of it
    assert "counted again" not in audited(tmp_path / "whole", whole).split("<h2>How to read")[0]


def test_windows_and_repeated_games_are_said_under_their_scheme_to_make_the_detectable_bias_smaller_than_the_dices(
    tmp_path: Path,
) -> None:
    # Review: 200 fair narde-v1 games of 30 rolls, each filed whole and as a window from roll 2, showed a smallest
    # detectable bias of 1.46 points where their 6,000 dice's own is 2.03, and the page said the figure is too small
    # beside a mirror pair's second game only
    whole = [games.narde(n, 30) for n in range(2000, 2010)]
    filed = [line for game in whole for line in (game, {**games.window(game), "id": f"{game['id']}-w"})]
    page = audited(tmp_path / "windows", filed)
    section = page[page.index("<h2>narde-v1</h2>") : page.index("<h2>Findings</h2>")]
    assert (
        "<p>10 lines are windows, each checked from a roll past its game's first: where a window's whole game is filed"
        " too, its dice are counted twice in these figures. The tests then fail fair dice more often than 1 in 100"
        in section
    )
    assert (
        "the smallest detectable bias shown is smaller than the dice's own: the dice's own times the square root of the"
        " dice thrown over the dice counted, so divided by √2 only where every die is counted twice, and given wherever"
        " the dice counted are enough for one, even where the dice thrown are too few. For the dice's own figures,"
        " audit the whole games without their windows.</p>" in section
    )
    # and repeated games alike, each kind beside the others named once, then one word on what they do to the figures
    store = FolderResults(tmp_path / "s")
    audit_shard(numbered_lines(io.BytesIO(games.jsonl(whole)), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    summary.by_scheme["narde-v1"].repeated_games = 2
    repeated = render(summary, [])
    assert (
        "<p>2 lines are repeated games, whose dice may be earlier lines', counted again in these figures. The tests"
        " then fail fair dice more often" in repeated
    )
    assert "the smallest detectable bias shown is smaller than the dice's own: the dice's own times the" in repeated
    summary.by_scheme["narde-v1"].windows, summary.mirror_games = 1, {"narde-v1": 1}
    every = render(summary, [])
    assert every.count("the smallest detectable bias shown is smaller than the dice's own") == 1
    assert (
        "For the dice's own figures, audit each pair's first game alone, the whole games without their windows and the"
        " games without their repeated lines.</p>" in every
    )
    # and whole games, each filed once, say nothing of it under their scheme
    assert "counted twice in these figures" not in audited(tmp_path / "whole", whole).split("<h2>How to read")[0]


def _merged(tmp_path: Path, content: list[dict[str, Any]]) -> Summary:
    store = FolderResults(tmp_path)
    audit_shard(numbered_lines(io.BytesIO(games.jsonl(content)), "day.jsonl"), "day.jsonl", store, "s")
    return merge(store)


def test_the_words_on_dice_counted_again_are_in_their_lines_number_and_say_the_bias_as_it_was_computed(
    tmp_path: Path,
) -> None:
    # Review: "200 lines are a window", and the detectable bias said "√2 times smaller", which holds only where every
    # die is counted twice: a window from roll 2 beside each whole game of 30 rolls counts 28 rolls of 30 again
    whole = [games.narde(n, 30) for n in range(3000, 3010)]
    windows = [{**games.window(game), "id": f"{game['id']}-w"} for game in whole]
    own, counted_again = _merged(tmp_path / "own", whole), _merged(tmp_path / "again", [*whole, *windows])
    for die in ("1", "2"):
        thrown, counted = sum(own.faces["narde-v1"][die]), sum(counted_again.faces["narde-v1"][die])
        bias, shown = own.power["narde-v1"][die], counted_again.power["narde-v1"][die]
        assert bias is not None and shown is not None
        # Then the figure shown is the dice's own times √(thrown / counted), as the page says, and here not over √2
        assert shown == pytest.approx(bias * math.sqrt(thrown / counted), rel=1e-9)
        assert abs(shown - bias / math.sqrt(2)) > 0.01 * bias
    page = html.unescape(render(counted_again, []))
    section = page[page.index("<h2>narde-v1</h2>") : page.index("<h2>Findings</h2>")]
    assert "10 lines are windows, each checked from a roll past its game's first" in section
    said = "the dice's own times the square root of the dice thrown over the dice counted, so divided by √2 only where"
    assert said in section and said in page[page.index("<h2>How to read") :]
    assert "√2 times" not in page and "lines are a " not in page
    # and one line of a kind is said as one
    one = html.unescape(audited(tmp_path / "one", [*whole, windows[0]]))
    assert "<p>1 line is a window, checked from a roll past its game's first: where its whole game is filed too" in one
    mirrored = _merged(tmp_path / "mirror", whole)
    mirrored.mirror_games = {"narde-v1": 1}
    headline = html.unescape(render(mirrored, []))
    assert "1 line is a mirror pair's second game (narde-v1), whose dice are its first game's and are counted" in (
        headline
    )


def test_a_detectable_bias_shown_from_dice_counted_again_where_the_dice_thrown_are_too_few_is_said_to_be(
    tmp_path: Path,
) -> None:
    # Given a game of 20 narde rolls, too few dice for a detectable bias of their own, beside its window from roll 2
    whole = games.narde(3000, 20)
    window = {**games.window(whole), "id": f"{whole['id']}-w"}
    own, counted_again = _merged(tmp_path / "own", [whole]), _merged(tmp_path / "again", [whole, window])
    assert own.power["narde-v1"]["1"] is None and counted_again.power["narde-v1"]["1"] is not None

    # Then the page, which shows a figure for the dice counted, says that one is given where the dice thrown are too
    # few (review: "smaller than the dice's own", where the dice's own have none)
    page = html.unescape(render(counted_again, []))
    said = "given wherever the dice counted are enough for one, even where the dice thrown are too few"
    section = page[page.index("<h2>narde-v1</h2>") : page.index("<h2>Findings</h2>")]
    assert said in section and said in page[page.index("<h2>How to read") :]


def test_the_dice_needed_are_said_as_computed_one_die_alone_by_the_same_approximation_whatever_the_dice_read(
    tmp_path: Path,
) -> None:
    # Review: the dice needed to detect a bias were given for each die, a pair's alike, with no word that they are one
    # die's dice, from the same optimistic approximation as the detectable bias, and depend on the die's sides alone
    few, many = _merged(tmp_path / "few", [games.narde(1, 30)]), _merged(tmp_path / "many", [games.narde(2, 300)])

    def sizes(summary: Summary) -> list[str]:
        return re.findall(r"<td class='t sizes'>([^<]*(?:<br>[^<]*)*)</td>", render(summary, []))

    assert sum(few.faces["narde-v1"]["1"]) != sum(many.faces["narde-v1"]["1"])
    assert sizes(few) == sizes(many) and len(sizes(few)) == 2  # narde-v1's two dice, each d6
    words = html.unescape(render(many, []))
    assert (
        "The last column gives, by the same approximation and as optimistic, how many dice of the row's die it takes to"
        " catch a smaller bias: each die is tested alone, so for a die of a pair that many rolls, and the figures"
        " depend on the die's sides alone, not on the dice read, the same for every die of as many sides, and are"
        " given where the smallest detectable bias is (a dash where it is none)." in words
    )
    # and where the dice read are too few for a detectable bias, the column is a dash, as the page says (review: the
    # figures were said not to depend on the dice read, though too few dice give none)
    too_few = _merged(tmp_path / "too-few", [games.narde(3, 20)])
    assert sizes(too_few) == ["–", "–"]
    assert "none: too few dice" in render(too_few, [])


def test_the_headline_of_a_failing_test_is_drawn_without_scipy_as_the_aws_report_function_draws_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: the binomial tail came from scipy, which the report function does not ship: no report.html on AWS for
    # an audit whose dice failed a test
    store = FolderResults(tmp_path / "s")
    audit_shard(numbered_lines(io.BytesIO(games.jsonl([games.narde(1)])), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    summary.uniformity["narde-v1"]["1"] = Uniformity(chi2=99.0, df=5, p_value=1e-9)
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    assert "tests fail in about 1 audit in 25" in render(summary, [])


def test_a_die_of_too_few_dice_is_drawn_without_a_band_or_a_point_called_outside_it(tmp_path: Path) -> None:
    # Review: 4 dice drew a red point outside a "99% band" the test itself says too few dice to judge
    page = audited(tmp_path, [{**games.narde(1, 2)}])
    assert "too few for a band" in page
    assert "99% band of a fair die" not in page.split("<h2>How to read")[0]
    assert "#b42318" not in page.split("<h2>Findings")[0].split("</style>")[1]


def test_the_page_names_the_fairdice_that_audited_and_says_when_partials_were_written_by_another() -> None:
    one = render(Summary(games=1, fair=1, fairdice=["0.1.0"]), [])
    assert "Audited by fairdice <code>0.1.0</code>." in one
    two = render(Summary(games=1, fair=1, fairdice=["0.0.9", "0.1.0"]), [])
    assert "Audited by fairdice <code>0.0.9</code> and <code>0.1.0</code>: not every shard's partial result" in two
    assert "Audited by" not in render(Summary(games=1, fair=1), [])  # a summary written before summaries named it


@pytest.mark.parametrize(("read_as", "block"), [("shard", "shard"), ("file", "block")], ids=["aws", "local"])
def test_a_local_runs_page_calls_what_it_read_files_and_an_aws_runs_shards(read_as: report.ReadAs, block: str) -> None:
    # Given a summary of a game, a mismatch, and an input not audited, merged from partials of two fairdice versions
    mismatch = {"id": "g", "scheme": "narde-v1", "verdict": "mismatch", "reasons": ["a roll differs"], "causes": []}
    unread = {"file": "day.jsonl", "line": None, "id": None, "error": {"code": "not_audited", "message": "x"}}
    counts = Summary(games=1, mismatch=1, errors=1, not_audited=1, fairdice=["0.0.9", "0.1.0"])

    # When its page is drawn for a local run (files) or an AWS run (shards), one finding listed
    page = render(counts, [mismatch, unread], shown=1, read_as=read_as)

    # Then each says what it read in its own words: a local run's report says no "shard", the AWS word (review: a local
    # run's headline said "1 shard was not audited")
    assert f"1 {read_as} was not audited: none of its games is counted" in page
    assert f"repeated games and {read_as}s not audited, then games incomplete" in page
    assert f"1 line not verified, id used twice, repeated game or {read_as} not audited.</p>" in page
    assert f"not every {block}'s partial result was written by the fairdice that merged them" in page
    assert ("shard" in page) == (read_as == "shard")


def test_the_likely_causes_beside_a_mismatch_are_explained_as_guesses() -> None:
    # Review: the cause codes were never explained on the page, and one read as an innocent mix-up for a changed die
    finding = {"id": "g", "scheme": "narde-v1", "verdict": "mismatch", "reasons": ["a roll differs"]}
    page = render(Summary(games=1, mismatch=1), [{**finding, "causes": ["few_rolls_differ"], "differ": 1}])
    assert "(likely: few_rolls_differ)" in page
    explained = page[page.index("<b>likely</b>") :]
    assert (
        "<code>few_rolls_differ</code> (only some rolls differ: if they were copied right, a mismatch to report)"
        in (explained)
    )
    assert "A guess, never a finding of who did what" in explained


def test_the_findings_left_off_the_page_are_counted_by_kind() -> None:
    # Review: with the page full of mismatches, nothing said every incomplete game and line not verified was left out
    def game(n: int, verdict: str) -> dict[str, Any]:
        return {"id": f"g{n}", "scheme": "narde-v1", "verdict": verdict, "reasons": ["x"], "causes": []}

    unread = {"file": "day.jsonl", "line": 9, "id": None, "error": {"code": "not_json", "message": "x"}}
    found = [game(1, "mismatch"), game(2, "mismatch"), game(3, "mismatch"), game(4, "incomplete"), unread]
    page = render(Summary(games=4, mismatch=3, incomplete=1, errors=1), found, shown=2)
    assert (
        "… and 3 more in <code>findings.jsonl</code>: 1 mismatch; 1 line not verified, id used twice, repeated game"
        " or shard not audited; 1 incomplete.</p>"
    ) in page
    # and more than one of a kind, in the plural (review)
    page = render(Summary(games=4, mismatch=3, incomplete=1, errors=2), [*found, unread], shown=1)
    assert (
        "… and 5 more in <code>findings.jsonl</code>: 2 mismatches; 2 lines not verified, ids used twice, repeated"
        " games or shards not audited; 1 incomplete.</p>"
    ) in page


@pytest.mark.parametrize(
    ("counts", "said"),
    [
        (
            [1_000] * 5 + [1_300],
            "narde-v1 die 1: the share of each of its 6 faces in 6,300 dice, against 1/6 and a fair die's 99% band"
            " (1/6 ± 1.2 percentage points): face 6 outside it",
        ),
        ([1_000] * 6, "in 6,000 dice, against 1/6 and a fair die's 99% band (1/6 ± 1.2 percentage points): every face"),
        (
            [1, 2, 0, 1, 0, 1],
            "narde-v1 die 1: the share of each of its 6 faces in 5 dice, against 1/6; too few dice for",
        ),
    ],
    ids=["a-face-outside", "all-within", "too-few"],
)
def test_each_chart_says_in_words_what_it_shows(counts: list[int], said: str) -> None:
    # Review (pages): the charts had no text alternative (WCAG 1.1.1); the face outside the band was only a red point
    svg = report._die_chart("narde-v1", "1", counts)
    label = re.match(r'<svg role="img" aria-label="([^"]*)"', svg)
    assert label is not None, svg[:200]
    assert said in html.unescape(label.group(1))


def test_a_die_of_one_face_in_a_partial_is_drawn_with_a_band_of_no_width(tmp_path: Path) -> None:
    # Review: a partial's die of one face merged, and the page then raised "math domain error" writing its band in words
    store = FolderResults(tmp_path)
    audit_shard(numbered_lines(io.BytesIO(games.jsonl([games.narde(0)])), "day.jsonl"), "day.jsonl", store, "s")
    partial = tmp_path / "partials" / "s" / "summary.json"
    planted = json.loads(partial.read_text())
    one_face = {"sides": 1, "faces": [10], "n": 10, "total": 10, "squares": 10, "lag": 9, "high": 0, "runs": 1}
    planted["by_scheme"]["narde-v1"]["dice"]["3"] = one_face | {"first": 1, "last": 1}
    partial.write_text(json.dumps(planted))
    page = html.unescape(render(merge(store), []))
    # and its chart's words say its one face as one (review: "the share of each of its 1 faces")
    assert "narde-v1 die 3: the share of its 1 face in 10 dice, against 1/1 and a fair die's 99% band" in page
    assert "(1/1 ± 0 percentage points): every face is within it" in page


def test_every_bias_in_percentage_points_is_written_to_two_significant_figures_with_their_zeros(tmp_path: Path) -> None:
    # Review: one page said "5.4 pp" beside "6.95 pp": "%.3g" dropped the one's zero and gave the other a third figure
    # that the noncentral approximation, whose test has 67% to 79% power there, does not hold
    store = FolderResults(tmp_path)
    data = games.jsonl([games.narde(n) for n in range(20)])
    audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, "s")
    summary = merge(store)
    summary.power["narde-v1"] = {"1": 0.054, "2": 0.0695}
    page = render(summary, [])
    statistics = page[page.index("<th rowspan=2>smallest detectable bias</th>") : page.index("<h2>Findings</h2>")]
    assert "<td>5.4 pp</td>" in statistics and "<td>7.0 pp</td>" in statistics
    # and the biases whose dice needed are listed, alike
    assert "<td class='t sizes'>1.0 pp: 11,664<br>0.50 pp: 46,656<br>0.10 pp: 1,166,400</td>" in statistics
    assert all(len(figure.replace(".", "").lstrip("0")) == 2 for figure in re.findall(r"([\d.]+) pp\b", page))
    # and a chart's band in its words: 1.0 point, not "1"
    label = re.match(r'<svg role="img" aria-label="([^"]*)"', report._die_chart("narde-v1", "1", [1_536] * 6))
    assert label is not None
    assert "(1/6 ± 1.0 percentage points): every face" in html.unescape(label.group(1))


def test_the_report_is_one_main_landmark(tmp_path: Path) -> None:
    page = audited(tmp_path, [games.narde(n) for n in range(2)])
    assert page.count("<main>") == page.count("</main>") == 1
    assert page.index("<body><main>") < page.index("<h1>") < page.index("</main></body>")


def _luminance(colour: tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour, each channel 0 to 255."""
    linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _drawn(hex_colour: str, opacity: float = 1.0) -> tuple[float, float, float]:
    """A colour as drawn with `opacity` on the chart's white."""
    rgb = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    r, g, b = (c * opacity + 255 * (1 - opacity) for c in rgb)
    return r, g, b


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_bands_edge_stands_out_3_to_1_and_a_face_outside_it_is_told_by_its_shape_not_its_colour_alone() -> None:
    # Review: the 99% band was a pale fill, 1.3:1 on the chart's white, where WCAG 1.4.11 asks 3:1 of a graphic needed
    # to read a chart; and a face outside it was a point in red, 2.2:1 against a face within's near black (1.4.1)
    svg = report._die_chart("narde-v1", "1", [1000] * 5 + [1150])

    band = re.search(r'<path d="[^"]*"[^>]*style="(fill: #9ecae1[^"]*)"', svg)
    assert band is not None, svg[:500]
    style = dict(part.split(": ") for part in band.group(1).split("; "))
    opacity = float(style.get("opacity", 1))  # the whole band's, its edge's too
    fill = _drawn(style["fill"], opacity * float(style.get("fill-opacity", 1)))
    edge = _drawn(style["stroke"], opacity)
    assert _contrast(edge, _drawn("#ffffff")) >= 3
    assert _contrast(edge, fill) >= 3

    def marker(colour: str) -> str:
        used = re.search(rf'<use xlink:href="#([^"]+)"[^>]*style="fill: {colour}', svg)
        assert used is not None, colour
        shape = re.search(rf'<path id="{used.group(1)}" d="([^"]+)"', svg)
        assert shape is not None
        return shape.group(1)

    assert marker("#b42318") != marker("#24292f")
    assert "<!-- a face outside the band -->" in svg  # named in the legend


def test_what_each_chart_draws_is_a_table_too_each_faces_dice_and_share_and_whether_it_is_outside_the_band() -> None:
    # Review: the charts' figures were in no table, only in summary.json: a reader who cannot see a chart, or prints
    # the page in black and white, had no face's count, and the chart's words name only the faces outside the band
    faces = {"1": [1000] * 5 + [1150], "2": [1, 2, 0, 1, 0, 1]}
    table = bare(report._faces("narde-v1", faces))

    assert "<caption>narde-v1: each face's dice and share, as the charts draw them</caption>" in table
    assert "<tr><th class=t>face</th><th>die 1</th><th>die 2</th></tr>" in table
    assert "<tr><td class=t>1</td><td>1,000<br>16.26%</td><td>1<br>20.00%</td></tr>" in table
    assert "<td class=bad>1,150<br>18.70%, outside the band</td><td>1<br>20.00%</td>" in table
    assert "<tr><td class=t>99% band</td><td>15.44%<br>to 17.89%</td><td>none: too few dice</td></tr>" in table
    # and a die of fewer faces beside one of more has a dash for the faces it has not
    daily = bare(report._faces("daily", {"d4": [10] * 4, "d6": [10] * 6}))
    assert "<tr><td class=t>5</td><td>–</td><td>10<br>16.67%</td></tr>" in daily


def test_a_band_narrower_than_the_shares_two_places_is_written_with_as_many_places_as_its_half_width_needs() -> None:
    # Review: at 100,000,000 d6 dice the band, ±0.0096 points, was "16.66% to 16.68%", and faces 1 and 2 both read
    # "16.68%", the one outside it, the other within: the page contradicted itself on its own figures
    counts = [16_677_000, 16_675_000, 16_660_000, 16_662_666, 16_662_666, 16_662_668]
    table = bare(report._faces("daily", {"d6": counts}))

    assert "<td class=bad>16,677,000<br>16.6770%, outside the band</td>" in table
    assert "<td>16,675,000<br>16.6750%</td>" in table
    assert "<tr><td class=t>99% band</td><td>16.6571%<br>to 16.6763%</td></tr>" in table
    # a million of each face, a band of ±0.04 points: three places; a few thousand dice keep two
    assert "<td>16.627%<br>to 16.706%</td>" in bare(report._faces("d", {"1": [1_000_000] * 6}))
    assert "<td>15.44%<br>to 17.89%</td>" in bare(report._faces("d", {"1": [1000] * 5 + [1150]}))


def test_a_band_that_would_reach_below_a_share_of_0_starts_at_0() -> None:
    # Review: a d20 of 100 dice, a band of 5% ± 5.6 points, read "-0.61% to 10.61%": a share no die can have
    table = bare(report._faces("daily", {"d20": [5] * 20, "d6": [5] * 6}))

    assert "<tr><td class=t>99% band</td><td>0.00%<br>to 10.61%</td><td>0.00%<br>to 34.19%</td></tr>" in table
    assert "-" not in table.split("99% band")[1]


def test_how_to_read_says_the_band_holds_a_fair_face_about_99_times_in_100_and_how_far_from_it() -> None:
    # Review: the band is the normal approximation to a face's whole count, and a fair face leaves it up to 1.7 times
    # in 100 (a d4 at 20 dice, the fewest it is drawn for), 1.5 for a d6 at 45, and as few as 0.5: the page said "99
    # times in 100" as if exact
    words = report._how_to_read()

    assert "99 times in 100 (" not in words.replace("about 99 times in 100 (", "")
    assert "about 99 times in 100 (98.3 to 99.5 with fewer than 1,000 dice, 98.8 to 99.2 from there" in words


def test_how_to_read_says_a_games_dice_filed_twice_as_a_window_beside_the_whole_game_are_counted_twice() -> None:
    # Review: a game filed whole and as a window from roll 2, every game so, failed fair d6 dice's chi² 18 times in 100
    # (its counts nearly doubled), and only the README said a window's dice are counted again: the page said nothing
    words = report._how_to_read()

    assert "a window from a later roll beside the whole game" in words
    assert "chi² about 18 times in 100 for d6 dice" in words


def test_how_to_read_and_the_readme_name_every_cause_the_diagnosis_gives() -> None:
    # Review: the report's list of causes left out too_few_rolls_fit, which a mismatch's "likely" may name, and sent
    # the reader to the README for the rest. Every cause of the type a finding carries is named in both, and the
    # report's list names nothing else
    causes = set(get_args(Cause))
    (likely,) = re.findall(r"<li><b>likely</b>.*?</li>", report._how_to_read())
    assert set(re.findall(r"<code>(\w+)</code>", likely)) == causes
    # each with what it means, in the words the API's document gives it, written once (`CAUSE_MEANINGS`)
    for name, meaning in CAUSE_MEANINGS.items():
        assert f"<code>{name}</code> ({html.escape(meaning, quote=False)})" in likely, name
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    listed = readme.split("The\ncauses it looks for:", 1)[1].split("\n\n", 1)[0]
    assert causes <= set(re.findall(r"`(\w+)`", listed)), sorted(causes - set(re.findall(r"`(\w+)`", listed)))


def test_how_to_read_and_the_readmes_audit_paragraph_name_everything_that_leaves_a_game_incomplete() -> None:
    # Review: both said what makes a game incomplete and left out a daily roll whose commitment the archive does not
    # keep under S3 Object Lock in compliance mode, and one whose record it does not show revealed after its day,
    # reasons a daily verdict gives. Both list every one, in the words written once (`INCOMPLETE_WHEN`)
    (words,) = re.findall(r"<b>incomplete</b>: .*?; <b>withheld</b>", report._how_to_read())
    assert f"({html.escape(listed(list(INCOMPLETE_WHEN), 'or'), quote=False)})" in words
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    paragraph = " ".join(readme.split("\nA verdict is about what was given", 1)[1].split("\n\n", 1)[0].split())
    missing = [reason for reason in INCOMPLETE_WHEN if reason not in paragraph]
    assert missing == []
    # The reasons the daily scheme gives for a commitment not kept and a record revealed early are among them
    assert any("Object Lock" in reason for reason in INCOMPLETE_WHEN)
    assert any("revealed after its day" in reason for reason in INCOMPLETE_WHEN)
    # and one whose versions S3 refused to list, which a daily verdict says at most incomplete (`versions_unseen`;
    # review: neither named it)
    assert any("refused to list the versions" in reason for reason in INCOMPLETE_WHEN)
    # and each kind of scope but a game, each at most incomplete however well its rolls match (review: rolls that end
    # at an opening roll that tied, scope kind unfinished, were named by neither)
    said_of = {"window": "a window", "take_back": "a take-back line", "unfinished": "an opening roll that tied"}
    assert set(said_of) == set(get_args(ScopeKind)) - {"game"}
    assert [kind for kind, said in said_of.items() if not any(said in reason for reason in INCOMPLETE_WHEN)] == []


def a_run_naming_a_key_never_listed() -> tuple[list[dict[str, Any]], dict[str, Any], Summary]:
    """An AWS run whose result files name a key outside the input prefix: the findings of its two shards not audited
    (two of `errors`), the key's never_listed finding (none of `errors`, after them in findings.jsonl), its summary."""
    unread = [
        {"file": f"games/a/{n}", "line": None, "id": None, "error": {"code": "not_audited", "message": "x"}}
        for n in (1, 2)
    ]
    forged = {"file": "other/key", "line": None, "id": None, "error": {"code": "never_listed", "message": "y"}}
    return unread, forged, Summary(errors=2, not_audited=2, never_listed=["other/key"])


def test_a_key_the_map_never_listed_is_listed_among_the_findings_as_the_summary_counts_it() -> None:
    # Given an AWS run whose result files name a key outside the input prefix (two shards not audited, its finding)
    unread, forged, counts = a_run_naming_a_key_never_listed()

    # When its page is drawn, with room for every finding
    page = render(counts, [*unread, forged])

    # Then the key's finding is listed with the shards', and nothing is said to be left out (review: the page read the
    # findings only as far as the two shards not audited, listed no never_listed finding and said "… and 1 more")
    assert "other/key" in page.split("<h2>Findings")[1]
    assert "… and" not in page


def test_a_key_the_map_never_listed_left_off_the_page_is_named_among_the_findings_left_out() -> None:
    # Given an AWS run whose result files name a key outside the input prefix (two shards not audited, its finding)
    unread, forged, counts = a_run_naming_a_key_never_listed()

    # When its page is drawn with room for the two shards' findings alone
    findings = render(counts, [*unread, forged], shown=2).split("<h2>Findings")[1]

    # Then the finding left out is said to be of a kind that holds a key never listed, and so is the order of the
    # findings (review: it was counted as a line not verified, id used twice, repeated game or shard not audited, none
    # of which it is)
    assert "… and 1 more in <code>findings.jsonl</code>: 1 line not verified" in findings
    assert "shard not audited or key never listed.</p>" in findings
    assert "repeated games, shards not audited and keys never listed, then games incomplete" in findings
    # And where the map named no such key the words are as they were
    plain = render(Summary(errors=3, not_audited=3), [*unread, unread[0]], shown=2).split("<h2>Findings")[1]
    assert "1 line not verified, id used twice, repeated game or shard not audited.</p>" in plain
    assert "repeated games and shards not audited, then games incomplete" in plain


def test_no_summary_the_page_is_drawn_from_counts_its_schemes_lines_and_shards_not_audited_together_exceed() -> None:
    # A summary whose lines not verified under its schemes and shards not audited, each within its errors alone, are
    # more than its errors together: a line a scheme counts is no shard not audited, so the merge never writes it
    # (review: drawn, its row of lines that name no scheme showed -1, and its scheme's row more lines than all)
    with pytest.raises(
        ValidationError, match="1 not audited beside 2 lines not verified under its schemes, each one of errors, more"
    ):
        Summary(errors=2, not_audited=1, by_scheme={"narde-v1": Counts(errors=2)})
    # while one whose schemes' lines and shards not audited are its errors is drawn, no row of lines naming no scheme
    page = report.render(Summary(errors=3, not_audited=1, by_scheme={"narde-v1": Counts(errors=2)}), [])
    assert "no scheme read" not in page
    assert re.findall(r'data-h="lines not verified">([^<]*)<', page) == ["2", "2"]


@pytest.mark.parametrize(
    "counted", [{"not_audited": -1}, {"mirror_games": {"pair36-v1": -1}}], ids=["not-audited", "mirror-games"]
)
def test_no_summary_the_page_is_drawn_from_counts_shards_not_audited_or_mirror_games_below_zero(
    counted: dict[str, Any],
) -> None:
    # A summary of one fair game that counts -1 shards not audited (drawn, "Shards not audited …: -1" under a column
    # of 1 line not verified, beside a headline saying every line was verified) or -1 mirror pairs' second games, as
    # its other counts are never below zero (review: these two were any whole number), is none the merge writes
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        Summary(games=1, fair=1, **counted)
