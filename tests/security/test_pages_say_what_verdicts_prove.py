"""A page says what its verdict proves, no more: searched over verdicts that prove less than a whole game.

A seeded searcher draws, for each of the five schemes, requests whose verdict is not a whole fair game: no rolls
recorded, the first rolls of a game only, a count below the game's, a window from past the game's first roll (by
`first`, by labels, by a later turn, on a take-back line, a match's first game without its opening or a later game), no
seal, rolls that differ beside rolls not recorded; and daily rolls, of days committed to in time or late, revealed,
pending or not begun, with faces or none. Each goes to GET /check (a daily roll to its address too) through the handler,
by a real API Gateway event, once as a program asks (JSON) and once as a browser does (the page). The page's title and
heading must say the JSON verdict, first, in its own word, and the heading every reason the JSON gives (which rolls were
not recorded, which piece was checked, what differs); and neither says "fair" of a verdict that is not. A fair verdict's
title and heading say which rolls it is about. A daily record page's tab and heading say what keeps its day from being
proven, as its JSON gives it.

And the whole body, as a person reads it (`Body`, by the standard library's HTML parser), says no more than the JSON: no
block of it calls fair a verdict that is not, and one that calls a fair verdict fair says which rolls; the line saying
what was checked names the JSON's scope and how many were compared; every count of rolls the heading and the rolls'
section give (computed, compared, matching, differing, not recorded, recorded beyond the count), the table's rows, their
marks and their "not recorded" cells, and the rolls said not recorded are the JSON's summary; no other count of rolls is
said outside a finding, the link's values and the recipe; the seal's mark (✓, ✗ or none) is the JSON's check; the
recipe, run, prints the JSON's rolls, no more and no fewer; a commitment's time and a secret's due time are the JSON's,
said in time only where the JSON has it so; rolls recorded for a secret not revealed are said to have come, and shown
as they came.

And what the pages' scripts write in a browser, in the run's one headless Chromium (tests/conftest.py): each served page
opened, recheck.js recomputes its rolls and agrees, in the colour of good news only beside a fair verdict it checks
whole (not a daily roll's the archive made fair, whose archive it does not read), never saying fair or ✓, counting the
rolls it marked the same, beside a verdict not fair in words that say it agrees with the page's recomputation and does
not show the game fair, the tab and the heading still the JSON's once it has written; and the offline page opened with
the same link, verifier.js's verdict is the JSON's and offline.js's words hold to it as the server's page's do ("Fair"
only of a fair verdict, with which rolls; no fair, ✓ or agreement in a verdict that is not; its reasons, scope, counts,
seal's mark and rolls' marks the JSON's); a daily roll's link, whose secret the offline page cannot read, stops there,
and opened with the secret the served page carries is no fairer than the JSON's.
"""

import contextlib
import copy
import datetime as dt
import html
import io
import json
import random
import re
import uuid
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fairdice.archive.reader import ArchiveReader
from fairdice.links import build_link
from fairdice.markup import sentence
from fairdice.offline import offline_page
from fairdice.page import verdict_page
from fairdice.schemes import get as scheme_of
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verdict import Verdict
from fairdice.verify import verify
from integration.devtools import Browser
from verify_api import archive as api_archive

from security.test_verdicts_cannot_be_bought import TIED
from testkit.lambda_context import FakeLambdaContext
from testkit.oracles import GAME_TITLES
from testkit.timeline import Timeline

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

SEEDS = range(12)  # each seed draws DRAWS requests of every scheme
DRAWS = 6
DAILY_SEEDS = range(6)  # each draws DRAWS daily rolls, each asked by its link and by its address
# The archives the daily seeds read in turn: the pending day committed to late, in time, or in time on a bucket that
# keeps no version (no Object Lock), each with the store's times witnessed as S3's are
DAILY_ARCHIVES = (("late", True), ("in time", True), ("in time", False))
EVENT = json.loads((Path(__file__).resolve().parents[2] / "events" / "api-check-html.json").read_text())
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
Request = dict[str, Any]

# What the tab and the heading say first, for each verdict
TITLE_WORD = {"fair": "Fair", "incomplete": "Incomplete", "mismatch": "Mismatch", "withheld": "Not yet verifiable"}
HEADING_START = {
    "fair": "Fair: ",
    "incomplete": "Nothing failed, but the check is incomplete: ",
    "mismatch": "Mismatch: ",
    "withheld": "Not yet verifiable: ",
}
_FAIR = re.compile(r"\bfair\b", re.IGNORECASE)
# A clause that says something cannot show fair, which calls nothing fair: a finding's "a piece of a game cannot show
# the game was fair, so this is not offered as a fix"
_CANNOT_SHOW_FAIR = re.compile(r"\b(?:cannot|does not|do not|never) show\b[^.;:]*?\bfair\b", re.IGNORECASE)
_SEALS = ("seal", "lock", "fingerprint", "commit")


def _get(query: str, accept: str, path: str = "/check/") -> tuple[int, str]:
    from verify_api.app import lambda_handler

    event = copy.deepcopy(EVENT)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"], event["queryStringParameters"] = query, None
    event["headers"]["accept"] = accept
    answer = lambda_handler(event, FakeLambdaContext())
    return answer["statusCode"], answer["body"]


def _rolls(request: Request) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def _bases(key: bytes) -> dict[str, Request]:
    seal = seal_of(key)
    return {
        "pair36": {"scheme": "pair36", "server_seed": key.hex(), "seal": seal, "client_seeds": ["a", "b"]},
        "narde-v1": {"scheme": "narde-v1", "key": key.hex(), "fingerprint": seal, "phrase": "test"},
        "three-dice": {
            "scheme": "three-dice",
            "seed": key.hex(),
            "commit": seal,
            "client_seeds": {"white": "w", "black": "b"},
        },
        "bg-dice-v1": {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal},
        "bg-online-v1": {
            "scheme": "bg-online-v1",
            "server_number": key.hex(),
            "seal": seal,
            "app_numbers": ["0a", "0b"],
        },
    }


def _changed(roll: list[int]) -> list[int]:
    return [roll[0] % 6 + 1, *roll[1:]]


def kinds_of(scheme: str) -> list[str]:
    """The kinds of request `draw` draws of `scheme`: each proves less than a whole fair game."""
    kinds = ["no rolls", "first rolls only", "count below the game's", "no seal", "differs beside rolls not recorded"]
    return (
        kinds
        + {
            "pair36": ["window"],
            "narde-v1": ["window"],
            "three-dice": ["window", "seed withheld"],
            "bg-dice-v1": ["labels of a piece", "take-back line", "from a later turn"],
            "bg-online-v1": ["later game", "without its opening"],
        }[scheme]
    )


def draw(choose: random.Random, scheme: str, base: Request, kind: str | None = None) -> tuple[str, Request]:
    """One request of `scheme` that proves less than a whole fair game, and what kind it is: `kind`, or one drawn."""
    count = choose.randint(3, 20)
    game = _rolls(base | {"count": count})
    kept = choose.randint(1, count - 1)
    kind = choose.choice(kinds_of(scheme)) if kind is None else kind
    if kind == "no rolls":
        return kind, base | {"count": count}
    if kind == "first rolls only":
        return kind, base | {"count": count, "recorded": game[:kept]}
    if kind == "count below the game's":
        # the rolls a game began with, sent as if it had no more: the game's first rolls, with what they are about
        return kind, base | {"count": kept, "recorded": game[:kept]}
    if kind == "no seal":
        return kind, {name: value for name, value in base.items() if name not in _SEALS} | {"recorded": game[:kept]}
    if kind == "differs beside rolls not recorded":
        recorded = [list(roll) for roll in game[:kept]]
        at = choose.randrange(kept)
        recorded[at] = _changed(recorded[at])
        return kind, base | {"count": count, "recorded": recorded}
    if kind == "window":
        first = choose.randint(2, 30)
        return kind, base | {"first": first, "recorded": _rolls(base | {"first": first, "count": kept})}
    if kind == "seed withheld":
        # with the game's first plies recorded or none, by the count drawn already: the draws after it are unchanged
        first = {"recorded": game[:kept]} if kept % 2 else {}
        return kind, {"scheme": "three-dice", "commit": base["commit"], "count": count} | first
    if kind == "labels of a piece":
        turn = choose.randint(2, 20)
        labels = [f"bg-dice-v1:turn:{t}" for t in range(turn, turn + kept)]
        return kind, base | {"labels": labels, "recorded": _rolls(base | {"labels": labels})}
    if kind == "take-back line":
        line = base | {"opening": False, "line": choose.randint(1, 9), "count": count}
        return kind, line | {"recorded": _rolls(line)[:kept]}
    if kind == "from a later turn":
        later = base | {"opening": False, "first_turn": choose.randint(2, 20), "count": kept}
        return kind, later | {"recorded": _rolls(later)}
    if kind == "without its opening":
        without = base | {"opening": False, "count": kept}
        return kind, without | {"recorded": _rolls(without)}
    assert kind == "later game"
    later = base | {"game": choose.randint(2, 7), "count": count}
    return kind, later | {"recorded": _rolls(later)[:kept]}


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def said(page: str) -> tuple[str, str, str]:
    """The page's title, its heading and the first sentence before the heading, as a person reads them."""
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.DOTALL)
    assert title is not None and heading is not None
    before = page[page.index("<body") : heading.start()]
    return _text(title.group(1)), _text(heading.group(1)), _text(before)


class Body(HTMLParser):
    """A page's body as a person reads it, by the standard library's parser: its visible text block by block (a heading,
    a paragraph, a term, its value, a row), each with the section (`h2`) it is under and whether it is in a finding of
    the diagnosis; and the rows of its table of rolls, cell by cell, a roll's mark by the name it is spoken by. The
    page's script, style and data are not read; what its script shows (`hidden`) and what shows without it
    (`noscript`) are both read."""

    BLOCKS = frozenset({"p", "h1", "h2", "h3", "dt", "dd", "div", "tr", "pre", "footer", "li", "noscript", "table"})
    UNREAD = frozenset({"script", "style", "template", "head"})

    def __init__(self, page: str) -> None:
        super().__init__()
        self.blocks: list[tuple[str, bool, str]] = []
        self.rows: list[list[str]] = []
        self.recipe: str | None = None  # the recipe's Python, as a person copies it
        self._recipe: list[str] | None = None
        self._text: list[str] = []
        self._unread = 0
        self._divs: list[bool] = []  # each open div: whether it is a finding
        self._section = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._body = False
        self._img = False
        self.feed(page)
        self.close()
        self._end_block()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "body":
            self._body = True
        if tag in self.UNREAD:
            self._unread += 1
        if tag in ("td", "th", "tr"):
            self._end_cell()
        if tag == "tr":
            self._end_row()
            self._row = []
        if tag in ("td", "th") and self._row is not None:
            self._cell = []
        if tag in self.BLOCKS:
            self._end_block()
        if tag == "div":
            self._divs.append("finding" in (named.get("class") or "").split())
        if tag == "pre" and named.get("id") == "recipe-python":
            self._recipe = []
        if named.get("role") == "img" and named.get("aria-label"):
            self._said(f"[{named['aria-label']}]")
            self._img = True

    def handle_endtag(self, tag: str) -> None:
        if tag in self.UNREAD:
            self._unread -= 1
        if tag in ("tr", "tbody", "table"):
            self._end_cell()
            self._end_row()
        if tag in self.BLOCKS or tag == "h2":
            self._end_block(heading=tag == "h2")
        if tag == "div" and self._divs:
            self._divs.pop()
        if tag == "span":
            self._img = False
        if tag == "pre" and self._recipe is not None:
            self.recipe, self._recipe = "".join(self._recipe), None

    def handle_data(self, data: str) -> None:
        # a roll's mark is read by its spoken name, given by its label, not by its glyph
        if not self._unread and self._body and not self._img:
            self._said(data)

    def _said(self, data: str) -> None:
        self._text.append(data)
        if self._recipe is not None:
            self._recipe.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def _end_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
        self._cell = None

    def _end_row(self) -> None:
        if self._row:
            self.rows.append(self._row)
        self._row = None

    def _end_block(self, *, heading: bool = False) -> None:
        text = " ".join("".join(self._text).split())
        self._text = []
        if text:
            self.blocks.append((self._section, any(self._divs), text))
            if heading:
                self._section = text


def _n(text: str) -> int:
    return int(text.replace(",", ""))


# What the rolls' section says of their counts (`page.counts`), read as a person reads it, whatever builds it
_COUNTS = re.compile(
    r"(?P<count>[\d,]+) \w+ computed; (?:none recorded to compare|(?P<compared>[\d,]+) compared:"
    r" (?P<match>[\d,]+) match(?:es)?, (?P<differ>[\d,]+) differs?)(?:; (?P<missing>[\d,]+) not recorded)?"
    r"(?:; (?P<extra>[\d,]+) more recorded than computed)?\."
)
# Which rolls were not recorded, as the heading says it: "rolls 5 to 7", "plies 5 and 6", "roll 5" (`prose.span`)
_NOT_RECORDED = re.compile(r"\b\w+ (?P<first>[\d,]+)(?: (?:to|and) (?P<last>[\d,]+))? (?:was|were) not recorded\b")
# A count of rolls said anywhere else, which the search does not know how to hold to the JSON: "3 rolls", "12 plies".
# It starts with a digit: the comma of "can choose one, so rolls asked for" is no count
_A_COUNT = re.compile(r"\b\d[\d,]* (?:\w+ )?(?:rolls?|plies|ply)\b")


def assert_body_says_its_verdict(page: str, verdict: dict[str, Any], how: object) -> None:
    """The whole body's visible text says no more than the JSON verdict: no sentence calls fair a verdict that is not;
    the line saying what was checked names the JSON's scope and how many were compared; the rolls' counts, the rows of
    the table and the rolls the heading says were not recorded are the JSON's summary; the seal's check and a day's
    commitment's time are the JSON's."""
    body = Body(page)
    heading = said(page)[1]  # its words are the JSON's reasons, each held by `assert_page_says_its_verdict`
    outcome, summary, scope = verdict["verdict"], verdict["summary"], verdict["scope"]
    title = GAME_TITLES[verdict["scheme"]]
    for section, _, text in body.blocks:
        # No sentence anywhere calls fair a verdict that is not (a game's title may hold "Fair": three-dice's)
        told = _CANNOT_SHOW_FAIR.sub("", text.replace(title, ""))
        if outcome != "fair":
            assert _FAIR.search(told) is None, (how, section, text)
        # and one that says fair of a fair verdict says which rolls it is about
        elif _FAIR.search(told):
            assert scope["description"] in text, (how, section, text)
    # What was checked: the JSON's scope, told once, and how many of its rolls were compared
    lines = [text for _, _, text in body.blocks if text.startswith(("Checked: ", "Computed: "))]
    assert len(lines) == (scope is not None), (how, lines)
    if scope is not None:
        (line,) = lines
        assert_checked_line(line, verdict, how)
    # Which rolls were not recorded, wherever the page says it outside a finding: as many as the JSON's missing, the
    # last of them the scope's last
    for _, finding, text in body.blocks:
        for told in [] if finding else _NOT_RECORDED.finditer(text):
            first, last = _n(told["first"]), _n(told["last"] or told["first"])
            many = 2 if told["last"] and " and " in told.group() else last - first + 1
            assert many == summary["missing"], (how, text, summary)
            assert scope is not None and last == scope["last"], (how, text, scope)
    # The heading's counts of rolls (the JSON's reasons, or a fair verdict's): the JSON's summary
    assert_heading_counts(heading, verdict, how)
    # The rolls' counts: the JSON's summary (not the heading's, held above, whose reasons may say "… recorded than
    # computed; " before a reason that follows it, as the scope of a game that ends at a tie)
    headings = tuple(HEADING_START.values())
    counted = [
        _COUNTS.fullmatch(text) for _, _, text in body.blocks if " computed; " in text and not text.startswith(headings)
    ]
    assert len(counted) == (len(body.rows) > 1), (how, counted)
    for got in counted:
        assert got is not None, (how, [text for _, _, text in body.blocks if " computed; " in text])
        assert_counts_line(got.group(), verdict, how)
    # The table's rows: from the scope's first roll on, each row's mark and recorded cell as the summary counts them
    rolls = [row for row in body.rows if row and re.fullmatch(r"[\d,]+", row[0])]
    if rolls:
        assert scope is not None, how
        others = re.search(r"The other ([\d,]+) \w+ are not listed", page)
        listed = len(rolls) + (_n(others[1]) if others else 0)
        assert listed == summary["count"] + summary["extra"], (how, len(rolls), summary)
        assert [_n(row[0]) for row in rolls] == list(range(scope["first"], scope["first"] + len(rolls))), how
        marks = [row[-1] for row in rolls]
        if others is None:
            assert marks.count("[matches]") == summary["compared"] - summary["differ"], (how, marks, summary)
            assert marks.count("[differs]") == summary["mismatches"], (how, marks, summary)
            assert marks.count("[not compared]") == summary["count"] - summary["compared"], (how, marks, summary)
            assert [row[3] for row in rolls].count("not recorded") == summary["missing"], (how, summary)
    # No other count of rolls is told outside a finding and the values shown (the heading's are the reasons, held
    # above)
    for section, finding, text in body.blocks:
        if finding or text.startswith(("Checked: ", "Computed: ")) or " computed; " in text:
            continue
        rest = _NOT_RECORDED.sub("", text)
        rest = re.sub(r"The other [\d,]+ \w+ are not listed", "", rest)
        if text == heading:
            continue
        assert _A_COUNT.search(rest) is None or section in ("Check it without this page", "The link's values"), (
            how,
            section,
            text,
        )
    # The recipe to recompute by hand, run as a person runs it: the seal, then the JSON's rolls, no more and no fewer
    if body.recipe is not None:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(body.recipe, {})
        lines = printed.getvalue().splitlines()
        assert lines[0] == verdict["seal"]["computed"], (how, lines[0])
        assert [line.rsplit(" [", 1)[1].removesuffix("]") for line in lines[1:]] == [
            ", ".join(map(str, roll["dice"])) for roll in verdict["rolls"] if roll["dice"] is not None
        ], (how, lines)
    # The seal's check, as the JSON gives it: ✓ only where it matched, ✗ only where it did not
    check, words = verdict["checks"]["seal"], scheme_of(verdict["scheme"]).words
    status = next(text for section, _, text in body.blocks if section == f"The {words.seal}")
    assert status.startswith("✓ ") is (check == "match"), (how, status, check)
    assert status.startswith("✗ ") is (check == "mismatch"), (how, status, check)
    # A commitment's time, as the JSON gives it, told in time (✓, "before the day's play began") only where it was
    published = verdict["seal"].get("published_at")
    times = [
        text
        for _, _, text in body.blocks
        if re.search(r"\bpublished at \d{4}-", text, re.IGNORECASE) and text != heading
    ]
    assert len(times) == (published is not None), (how, times)
    for text in times:
        assert re.search(rf"published at {re.escape(_utc(published))}\b", text, re.IGNORECASE), (how, text, published)
        in_time = verdict["seal"]["in_time"] is True
        assert text.startswith("✓ ") is (in_time and outcome != "withheld"), (how, text, verdict["seal"])
        assert ("before the day's play began" in text and "does not show" not in text) is (
            in_time and outcome == "withheld"
        ), (how, text, verdict["seal"])
    # Rolls recorded for a secret not revealed: said to have come, one as one, and shown as they came, not as checked
    recorded = (verdict.get("withheld") or {}).get("recorded")
    came = [text for _, _, text in body.blocks if " came with the request: " in text]
    assert len(came) == (recorded is not None), (how, came)
    if recorded is not None:
        assert (" came with the request: it is " in came[0]) is (len(recorded) == 1), (how, came, recorded)
        texts = [text for _, _, text in body.blocks]
        shown = texts[texts.index("Recorded, as given (not checked)") + 1]
        given = " ".join("-".join(map(str, roll)) for roll in recorded)
        assert given.startswith(shown.removesuffix("…")) if shown.endswith("…") else shown == given, (how, shown)
    # When a secret not revealed is due, and whether it is late, as the JSON gives it
    withheld = verdict.get("withheld") or {}
    due = [text for _, _, text in body.blocks if text.startswith(("Due at ", "To be revealed at "))]
    assert len(due) == (withheld.get("reveal_at") is not None), (how, due)
    for text in due:
        late = withheld["overdue"]
        told = (
            f"Due at {_utc(withheld['reveal_at'])}, not revealed yet: late."
            if late
            else f"To be revealed at {_utc(withheld['reveal_at'])}."
        )
        assert text == told, (how, text, withheld)


def assert_checked_line(line: str, verdict: dict[str, Any], how: object) -> None:
    """The line saying what was checked (the server's page's or the offline page's): the JSON's scope, and how many of
    its rolls were compared, "Checked" only where every roll computed was compared."""
    scope, summary = verdict["scope"], verdict["summary"]
    if line.startswith("Checked: "):
        assert line == f"Checked: {scope['description']}.", (how, line)
        assert summary["missing"] == 0 and verdict["checks"]["rolls"] != "not_given", (how, line)
        return
    assert line.startswith("Computed: "), (how, line)
    computed, _, compared = line.removeprefix("Computed: ").partition(". Compared: ")
    assert computed == scope["description"], (how, line)
    if compared.startswith("none: "):
        assert summary["compared"] == 0, (how, line)
    else:
        first = re.fullmatch(r"the first (?:(?P<n>[\d,]+)|[^\W\d]+) only: the rest were not recorded\.", compared)
        assert first is not None, (how, line)
        assert (_n(first["n"]) if first["n"] else 1) == summary["compared"], (how, line, summary)
        assert summary["missing"] > 0, (how, line, summary)


def assert_counts_line(line: str, verdict: dict[str, Any], how: object) -> None:
    """The rolls' counts (the server's page's or the offline page's): the JSON's summary."""
    summary = verdict["summary"]
    got = _COUNTS.fullmatch(line)
    assert got is not None, (how, line)
    told = {name: _n(value) for name, value in got.groupdict().items() if value is not None}
    assert told.get("missing", 0) == summary["missing"], (how, line, summary)
    assert told.get("extra", 0) == summary["extra"], (how, line, summary)
    assert told["count"] == summary["count"], (how, line, summary)
    assert told.get("compared", 0) == summary["compared"], (how, line, summary)
    assert told.get("differ", 0) == summary["differ"], (how, line, summary)
    assert told.get("match", 0) == summary["compared"] - summary["differ"], (how, line, summary)


# What a heading counts, in the words `verify.reasons` and `page.headline` give them, each to the JSON's summary
# "recorded rolls" where none is recorded beyond those compared, "rolls compared" where some are
_DIFFER_SOME = re.compile(
    r"\b(?P<differ>[\d,]+) of the (?P<compared>[\d,]+) (?:(?P<recorded>recorded) \w+|\w+ compared) differs?\b"
)
_DIFFER_ALL = re.compile(r"\b(?:all (?P<compared>[\d,]+)|both) (?:(?P<recorded>recorded) \w+|\w+ compared) differ\b")
_ONE_COMPARED = re.compile(r"\bthe \w+ compared differs\b")  # the only roll compared, with rolls beyond it
_FAIR_ALL = re.compile(r"\b(?:all (?P<compared>[\d,]+)|both) recorded \w+ are the ones it gives\b")
_EXTRA = re.compile(r"\b(?P<extra>[\d,]+) more \w+ (?:was|were) recorded than computed\b")
_NONE = re.compile(r"\bno \w+ (?:was|were) recorded, so the (?:one|(?P<count>[\d,]+)) \w+ computed (?:was|were) not\b")


def assert_heading_counts(heading: str, verdict: dict[str, Any], how: object) -> None:
    """Every count of rolls the heading gives is the JSON's summary's: how many differ of how many compared, how many
    were recorded beyond those computed, how many computed where none was recorded, how many a fair verdict compared;
    and it gives no count this does not know."""
    summary = verdict["summary"]
    one = " the recorded " in f" {heading}"  # "the recorded roll differs", "the recorded roll is the one it gives"
    for got in _DIFFER_SOME.finditer(heading):
        assert _n(got["differ"]) == summary["differ"] < summary["compared"], (how, heading, summary)
        assert _n(got["compared"]) == summary["compared"], (how, heading, summary)
    for pattern in (_DIFFER_ALL, _FAIR_ALL):
        for got in pattern.finditer(heading):
            compared = _n(got["compared"]) if got["compared"] else 2
            assert compared == summary["compared"], (how, heading, summary)
            differ = compared if pattern is _DIFFER_ALL else 0
            assert differ == summary["differ"], (how, heading, summary)
    # "the 4 recorded rolls" are every one recorded: with rolls recorded beyond the count (`extra`), the 4 are the
    # rolls compared, and said so (review: "1 of the 4 recorded rolls differs" of 10 recorded, 4 compared)
    for got in [*_DIFFER_SOME.finditer(heading), *_DIFFER_ALL.finditer(heading)]:
        assert bool(got["recorded"]) is (summary["extra"] == 0), (how, heading, summary)
    for got in _EXTRA.finditer(heading):
        assert _n(got["extra"]) == summary["extra"], (how, heading, summary)
    for got in _NONE.finditer(heading):
        assert (_n(got["count"]) if got["count"] else 1) == summary["count"], (how, heading, summary)
        assert summary["compared"] == 0, (how, heading, summary)
    if one:
        assert summary["compared"] == 1, (how, heading, summary)
    if re.search(r"\bthe recorded \w+ differs\b", heading):
        assert summary["extra"] == 0, (how, heading, summary)
    if _ONE_COMPARED.search(heading):
        assert summary["compared"] == 1 and summary["extra"] > 0, (how, heading, summary)
    rest = heading
    for pattern in (_DIFFER_SOME, _DIFFER_ALL, _FAIR_ALL, _EXTRA, _NONE, _NOT_RECORDED):
        rest = pattern.sub("", rest)
    assert _A_COUNT.search(rest) is None, (how, heading)


def _utc(moment: str) -> str:
    """A moment of the JSON as the page says it (`2026-03-01 00:00:02 UTC`)."""
    return f"{dt.datetime.fromisoformat(moment).astimezone(dt.UTC):%Y-%m-%d %H:%M:%S} UTC"


def assert_page_says_its_verdict(page: str, verdict: dict[str, Any], how: object) -> None:
    """The title and the heading say the JSON verdict first, the heading every reason it gives; nothing says fair of a
    verdict that is not."""
    outcome = verdict["verdict"]
    title, heading, first = said(page)
    game = f"{GAME_TITLES[verdict['scheme']]} · {verdict['scheme']} · fairdice"
    assert title.endswith(f" · {game}"), (how, title)
    # A fair verdict's tab says what it is about, as its heading does: a chat's preview of a link shows the tab alone
    about = f": {verdict['scope']['description']}" if outcome == "fair" else ""
    # A day whose commitment came out of its time, or is not kept, is at most incomplete once revealed, as its JSON
    # and its reasons say: so its tab
    if outcome == "withheld" and verdict["withheld"]["at_most_incomplete"]:
        about = ", at most incomplete once revealed"
    if outcome == "withheld":
        reasons_say = any("at most incomplete" in reason for reason in verdict["reasons"])
        assert verdict["withheld"]["at_most_incomplete"] is reasons_say, (how, verdict["reasons"])
    assert title.removesuffix(f" · {game}") == TITLE_WORD[outcome] + about, (how, title)
    assert heading.startswith(HEADING_START[outcome]), (how, heading)
    for reason in verdict["reasons"]:
        assert _text(html.escape(reason)) in heading, (how, reason, heading)
    if outcome == "fair":
        assert verdict["scope"]["kind"] == "game", how
        assert heading.endswith(f": {verdict['scope']['description']}."), (how, heading)
        return
    # Before the heading the page names the game and its scheme alone (a game's title may hold "Fair": three-dice's)
    assert _FAIR.search(first.replace(GAME_TITLES[verdict["scheme"]], "")) is None, (how, first)
    assert _FAIR.search(heading) is None, (how, heading)
    if verdict["summary"]["missing"]:
        assert "were not recorded" in heading or "was not recorded" in heading, (how, heading)
    if verdict["scope"] is not None and verdict["scope"]["kind"] != "game":
        assert verdict["scope"]["description"] in heading, (how, heading)


def served(request: Request, how: object, path: str = "/check/") -> tuple[dict[str, Any], str, str]:
    """The request's link through GET /check (or the query at `path`), as JSON and as a page: the page says the JSON
    verdict. The JSON verdict, the page and the query asked."""
    query = urlsplit(build_link(parse_request(request))).query if path == "/check/" else request["query"]
    status, body = _get(query, "application/json", path)
    assert status == 200, (how, body)
    verdict: dict[str, Any] = json.loads(body)
    status, page = _get(query, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", path)
    assert status == 200, (how, page[:500])
    assert_page_says_its_verdict(page, verdict, how)
    assert_body_says_its_verdict(page, verdict, how)
    return verdict, page, query


def check(request: Request, how: object, path: str = "/check/") -> str:
    """The request's link through GET /check (or the query at `path`): the page says the JSON verdict, which this is."""
    return str(served(request, how, path)[0]["verdict"])


@pytest.mark.parametrize("seed", SEEDS)
def test_no_page_of_a_verdict_on_less_than_a_whole_game_reads_as_a_whole_fair_game(seed: int) -> None:
    choose = random.Random(seed)
    key = choose.randbytes(32)
    outcomes: dict[str, set[str]] = {}
    for scheme, base in _bases(key).items():
        for _ in range(DRAWS):
            kind, request = draw(choose, scheme, base)
            outcome = check(request, (seed, scheme, kind, request))
            outcomes.setdefault(kind, set()).add(outcome)
    # A count below the game's is the only piece a fair verdict can be about: its heading says which rolls
    assert all(kind == "count below the game's" or "fair" not in got for kind, got in outcomes.items()), outcomes


# The seed documents' key, whose opening roll-off is won at once, and one whose first roll-off ties (3-3)
@pytest.mark.parametrize(
    ("key", "count"), [("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", 1), (TIED, 2)]
)
def test_a_page_of_rolls_asked_for_on_a_take_back_line_before_any_take_back_says_no_more_than_its_verdict(
    key: str, count: int
) -> None:
    # Given rolls asked for on a take-back line where only the opening roll-off is computed, whose heading says
    # "whoever decides take-backs can choose one, so rolls asked for on a line are at most incomplete (here roll 1, …)"
    request = {**_bases(bytes.fromhex(key))["bg-dice-v1"], "line": 1, "count": count}
    # When its link is served, as JSON and as a page
    verdict, _, _ = served({**request, "recorded": _rolls(request)}, request)
    # Then the page is held to the verdict, incomplete: the comma before "so rolls" is no count of rolls it says
    assert (verdict["verdict"], verdict["scope"]["kind"]) == ("incomplete", "take_back"), verdict


@pytest.mark.parametrize("seed", SEEDS)
def test_a_page_counts_the_rolls_that_differ_of_those_compared_where_more_were_recorded_than_the_count(
    seed: int,
) -> None:
    # Given each scheme's game with more rolls recorded than its count, some of those the count covers miscopied (its
    # own draws, so the searcher's above are unchanged; review: "1 of the 4 recorded rolls differs …; 6 more rolls were
    # recorded than computed" of 10 recorded, 4 compared)
    choose = random.Random(f"beyond the count {seed}")
    key = choose.randbytes(32)
    for scheme, base in _bases(key).items():
        count = choose.randint(1, 12)
        recorded = _rolls(base | {"count": count + choose.randint(1, 8)})
        for at in choose.sample(range(count), choose.randint(1, count)):
            recorded[at] = _changed(recorded[at])
        request = base | {"count": count, "recorded": recorded}
        # Then the heading counts them of the rolls compared, and the JSON's summary counts what the heading says
        assert check(request, (seed, scheme, request)) == "mismatch"


@pytest.mark.parametrize("rolls", [None, "1-2-3-4-5-6"])
def test_a_daily_roll_of_a_day_not_begun_is_not_yet_verifiable_on_its_page_as_in_its_json(rolls: str | None) -> None:
    request: Request = {"scheme": "daily", "date": "2999-01-01", "player_id": PLAYER}
    assert check(request | ({"recorded": rolls} if rolls else {}), rolls) == "withheld"


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


@pytest.mark.parametrize("seed", DAILY_SEEDS)
def test_no_page_of_a_daily_roll_says_more_than_its_verdict(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an archive of folders whose 2025-03-01 was committed to in time, 2025-03-02 twenty minutes late, both
    # revealed, 2025-03-03 pending, committed to late or in time, and 2025-03-04 not begun; its versions kept as
    # Object Lock keeps them, or (a bucket without it) not
    pending, kept = DAILY_ARCHIVES[seed % len(DAILY_ARCHIVES)]
    timeline = Timeline(_at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path, kept=kept)
    for when in (
        "2025-03-01 00:00",
        "2025-03-02 00:20",
        "2025-03-03 00:20" if pending == "late" else "2025-03-03 00:00",
    ):
        timeline.publish(stores, _at(when))
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: _at("2025-03-03 01:00")))
    choose = random.Random(seed)
    outcomes = set()
    for _ in range(DRAWS):
        # When a player's roll of a drawn day is asked for, by its link and by its address, with no faces, the faces
        # the archive gives, or one of them changed
        day = choose.choice(["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"])
        player = str(uuid.UUID(int=choose.getrandbits(128), version=4))
        request: Request = {"scheme": "daily", "date": day, "player_id": player}
        status, body = _get("", "application/json", f"/daily/{day}/{player}")
        faces = json.loads(body)["rolls"][0]["dice"] if status == 200 and json.loads(body)["rolls"] else None
        given = choose.choice(["none", "as rolled", "one changed"]) if faces else "none"
        if given != "none":
            faces = list(faces)
            if given == "one changed":
                faces[0] = faces[0] % 4 + 1
            request["recorded"] = " ".join(map(str, faces))
        how = (seed, pending, kept, day, given)
        # Then each page says its JSON verdict, in its title and its heading, and no more
        outcomes.add(check(request, how))
        query = f"recorded={'+'.join(map(str, faces))}" if given != "none" and faces else ""
        outcomes.add(check({"query": query}, how, f"/daily/{day}/{player}"))
    assert outcomes - {"fair"}, outcomes
    # And each day's record page says in its tab and its heading what keeps the day from being proven, as its JSON
    # gives it, and its tab never says fair (a chat's preview of its address shows the tab alone)
    for day in ("2025-03-01", "2025-03-02", "2025-03-03"):
        record = json.loads(_get("", "application/json", f"/daily/{day}")[1])
        title, heading, _ = said(_get("", "text/html", f"/daily/{day}")[1])
        revealed = record["status"] == "revealed"
        assert heading.startswith(f"The secret of {day} is {'revealed' if revealed else 'not'}")
        assert title.startswith("Revealed" if revealed else "Not revealed yet"), (day, title)
        unproven = record["commitment_in_time"] is not True or record["locked"] is False
        assert ("at most incomplete" in heading) == unproven, (day, record, heading)
        assert ("at most incomplete" in title) == unproven, (day, record, title)
        assert _FAIR.search(title.removesuffix(" · fairdice")) is None, (day, title)
        # And a roll of a day not revealed yet says it will be at most incomplete exactly where the day's record does
        if not revealed:
            roll = json.loads(_get("", "application/json", f"/daily/{day}/{PLAYER}")[1])
            assert roll["withheld"]["at_most_incomplete"] is unproven, (day, record, roll["reasons"])


# ---- the pages' scripts, run in real headless Chromium ------------------------------------------------------------

# The searcher's verdicts run through the browser's scripts as a player meets them: the served page opened, so that
# recheck.js recomputes its rolls and writes its agreement; and the offline page opened with the same link, so that
# verifier.js computes the verdict in the browser and offline.js writes it. Kept small for CI: each seed draws
# SCRIPTED_DRAWS requests of every scheme (the searcher's `draw`), of each of the scheme's kinds in turn, carried on
# from the seed before, so that the seeds together draw every kind (`scripted_draws`); a daily roll of each day of each
# of the daily searcher's archives is asked for with no faces, its own, and one changed.
SCRIPTED_SEEDS = range(3)
SCRIPTED_DRAWS = 6


def scripted_draws(seed: int) -> Iterator[tuple[str, str, Request]]:
    """The requests the browser's search draws with this seed: of each scheme, SCRIPTED_DRAWS of its kinds in turn,
    from where the seed before left off (drawn at random, 18 draws of a scheme missed a kind: bg-online-v1's "without
    its opening" was never drawn, nor bg-dice-v1's first rolls, narde-v1's differing roll or three-dice's window). Each
    as scheme, kind and request."""
    choose = random.Random(f"scripts {seed}")
    key = choose.randbytes(32)
    for scheme, base in _bases(key).items():
        kinds = kinds_of(scheme)
        for at in range(seed * SCRIPTED_DRAWS, (seed + 1) * SCRIPTED_DRAWS):
            kind, request = draw(choose, scheme, base, kinds[at % len(kinds)])
            yield scheme, kind, request


def test_the_browsers_search_draws_every_kind_of_request_of_every_scheme() -> None:
    drawn: dict[str, set[str]] = {}
    for seed in SCRIPTED_SEEDS:
        for scheme, kind, _ in scripted_draws(seed):
            drawn.setdefault(scheme, set()).add(kind)
    assert drawn == {scheme: set(kinds_of(scheme)) for scheme in _bases(bytes(32))}, drawn


_CIRCA_FAIR = re.compile(r"\bfair\b|✓", re.IGNORECASE)
# What the offline page's fair verdict says of its rolls and its seal (offline.js `headline`), said of no other
_AGREES = re.compile(r"\b(?:is|are) the ones? it gives\b|\bmatches the \w+ shown before\b", re.IGNORECASE)

# What recheck.js wrote once it ended, and the served page as its script left it
RECHECKED = """(() => {
  const status = document.getElementById('recheck-status');
  const marks = '#rolls tbody td.recheck [role=img]';
  return {
    state: document.body.dataset.recheck || null, said: status.innerText, colour: status.className,
    marks: [...document.querySelectorAll(marks)].map((m) => m.getAttribute('aria-label')),
    shown: [...document.querySelectorAll(marks)].map((m) => [m.textContent, m.className]),
    html: document.documentElement.outerHTML,
  };
})()"""
# What offline.js wrote once its check ended
OFFLINE = """(() => {
  const box = document.querySelector('#result .verdict');
  const marks = '#rolls tbody td:last-child [role=img]';
  return {
    state: document.body.dataset.state, verdict: document.body.dataset.verdict || null,
    heading: box ? box.querySelector('h2').innerText : null, box: box ? box.innerText : null,
    result: document.getElementById('result').innerText,
    paragraphs: [...document.querySelectorAll('#result p')].map((p) => p.innerText),
    marks: [...document.querySelectorAll(marks)].map((m) => m.getAttribute('aria-label')),
  };
})()"""


def _calls_nothing_fair(text: str) -> bool:
    """Whether a text says neither fair nor ✓ of anything, but in a clause that says something cannot show fair."""
    return _CIRCA_FAIR.search(_CANNOT_SHOW_FAIR.sub("", text)) is None


def checked_whole(verdict: dict[str, Any]) -> bool:
    """Whether the browser's own check can agree with a fair verdict whole: not one the daily archive gave (its seal's
    time said), whose part, the commitment published in time and kept, the browser reads nothing of."""
    return verdict["verdict"] == "fair" and verdict["seal"]["in_time"] is None


def recheck_agrees(verdict: dict[str, Any], listed: int) -> str:
    """What recheck.js says once it agrees with a page of this verdict listing this many rolls."""
    words = scheme_of(verdict["scheme"]).words
    every = {1: f"the {words.roll} listed agrees", 2: f"both {words.rolls} listed agree"}
    agree = every.get(listed, f"all {listed:,} {words.rolls} listed agree")
    said = f"Your browser recomputed these {words.rolls} itself: {agree} with this page"
    if checked_whole(verdict):
        return f"{said}, and so does the SHA-256 of the {words.secret}."
    if verdict["verdict"] == "fair":
        # A daily roll's fair the archive gave: the browser, which reads no archive, says what it did not check of it
        return (
            f"{said}'s recomputation, and so does the SHA-256 of the {words.secret}. This shows the {words.secret}"
            f" gives them and the {words.seal} this page shows; your browser reads no daily archive, so it does not"
            f" check when the {words.seal} was published or that it is kept, on which this page's verdict rests."
        )
    return (
        f"{said}'s recomputation, and so does the SHA-256 of the {words.secret}. This shows this page computed them as"
        " your browser does; it does not show the game was fair."
    )


def assert_recheck_says_no_more(
    browser: Browser, folder: Path, verdict: dict[str, Any], page: str, how: object
) -> None:
    """The served page opened in Chromium, its script recheck.js run: it recomputes the rolls listed and agrees with
    the page (the server and the browser are both honest here), each listed roll marked the same and the agreement
    counting them; it never says fair, nor ✓, and its agreement is in the colour of good news only beside a fair
    verdict, and in its words, beside a verdict not fair, an agreement with the page's recomputation that does not
    show the game fair; and once it has written, the tab and the heading still say the JSON verdict and no more."""
    if "id=fairdice-recheck>" not in page:  # a withheld verdict, or a request without its secret: nothing to recompute
        assert "id=recheck-status role=status" not in page and "id=recheck-wait" not in page, how
        return
    saved = folder / "served.html"
    saved.write_text(page, encoding="utf-8")
    browser.open(saved.as_uri(), 1280)
    browser.wait_for("document.body.dataset.recheck")
    got: dict[str, Any] = browser.evaluate(RECHECKED)
    listed = json.loads(page.split("id=fairdice-recheck>", 1)[1].split("</script>", 1)[0])["rolls"]
    assert got["state"] == "agree", (how, got["said"])
    assert got["colour"] == ("ok" if checked_whole(verdict) else ""), (how, got["colour"], got["said"])
    assert "✓" not in got["said"], (how, got["said"])
    if verdict["verdict"] != "fair":
        assert _calls_nothing_fair(got["said"]), (how, got["said"])
    same = "your browser's dice are the same"
    assert got["marks"].count(same) == len(listed), (how, got["marks"], len(listed))
    assert set(got["marks"]) <= {same, "not recomputed"}, (how, got["marks"])
    # and each drawn as it is named, the same in a ✓ of good news only beside a fair verdict (review: a column of green
    # ✓ beside rolls that differ or were not recorded, on a mismatch page, read as those rolls checked)
    fair = checked_whole(verdict)
    drawn = {same: ["✓", "ok"] if fair else ["=", ""], "not recomputed": ["–", "muted"]}
    assert got["shown"] == [drawn[name] for name in got["marks"]], (how, got["shown"])
    agreed = re.search(
        r": (?:the \w+ listed agrees|both \w+ listed agree|all (?P<n>[\d,]+) \w+ listed agree) ", got["said"]
    )
    assert agreed is not None, (how, got["said"])
    many = _n(agreed["n"]) if agreed["n"] else (1 if "agrees" in agreed.group() else 2)
    assert many == len(listed), (how, got["said"], len(listed))
    # And its words, whole: the rolls listed are the page's recomputation, so beside a verdict not fair its agreement
    # is said to be with that, and to show the page computed them right, not the game fair (review: "all 10 rolls
    # listed agree with this page" on a mismatch page read as good news)
    assert got["said"] == recheck_agrees(verdict, len(listed)), (how, got["said"])
    assert_page_says_its_verdict(got["html"], verdict, how)


def _offline_check(browser: Browser, offline: Path, query: str) -> dict[str, Any]:
    """What the offline page, opened with a link's query, wrote once its check ended."""
    browser.open(f"{offline.as_uri()}?{query}", 1280)
    browser.wait_for("['done', 'problem'].includes(document.body.dataset.state)")
    got: dict[str, Any] = browser.evaluate(OFFLINE)
    return got


def assert_offline_says_no_more(
    browser: Browser, offline: Path, verdict: dict[str, Any], page: str, query: str, how: object
) -> None:
    """The offline page opened with the link, as a player who saved it: verifier.js computes the verdict in the browser
    and offline.js writes it. Its verdict is the JSON's; its heading is the server's tab's ("Fair" only of a fair
    verdict, with which rolls it is about); nothing in it says fair, nor puts ✓ in its verdict, of a verdict that is
    not; its reasons are the JSON's, its line of what was checked and its counts the JSON's scope and summary, the
    seal's ✓ only where the seal matched and each roll's mark as the summary counts them.

    A daily roll's link, whose secret the page cannot read from an archive, ends in what stops the check, and says
    nothing fair; opened again with the secret the served page carries for its own check, the offline page's verdict
    is the core's on that request, which reads no archive either, and is no fairer than the JSON's: a day committed to
    late, or on a bucket that keeps no version, is not made fair by a page that cannot see when it was committed to."""
    got = _offline_check(browser, offline, query)
    if verdict["scheme"] == "daily":
        assert got["state"] == "problem" and got["verdict"] is None, (how, got["result"][:500])
        assert _calls_nothing_fair(got["result"]), (how, got["result"][:500])
        if "id=fairdice-recheck>" not in page:
            return
        carried = parse_request(
            json.loads(page.split("id=fairdice-recheck>", 1)[1].split("</script>", 1)[0])["request"]
        )
        own = verify(carried).model_dump(mode="json")
        assert verdict["verdict"] == "fair" or own["verdict"] != "fair", (how, own["verdict"], verdict["verdict"])
        verdict, query = own, urlsplit(build_link(carried)).query
        got = _offline_check(browser, offline, query)
    outcome, scope, summary = verdict["verdict"], verdict["scope"], verdict["summary"]
    assert got["state"] == "done" and got["verdict"] == outcome, (how, got["result"][:500])
    about = f": {scope['description']}" if outcome == "fair" and scope else ""
    # and a withheld one's at most incomplete once revealed where its JSON says so, as the server's tab says it
    if outcome == "withheld" and verdict["withheld"]["at_most_incomplete"]:
        about = ", at most incomplete once revealed"
    assert got["heading"] == TITLE_WORD[outcome] + about, (how, got["heading"])
    if outcome == "fair":
        assert scope["kind"] == "game" and f": {scope['description']}." in got["box"], (how, got["box"])
    else:
        assert _calls_nothing_fair(got["box"]), (how, got["box"])
        # nor that the rolls are the ones the secret gives, or the secret the seal: agreement, unqualified, of a part
        assert _AGREES.search(got["box"]) is None, (how, got["box"])
        outside = [text for text in got["paragraphs"] if not text.startswith("✓ The SHA-256 of the ")]
        assert all(_calls_nothing_fair(text) for text in outside), (how, outside)
    for reason in verdict["reasons"] if outcome != "withheld" else []:
        assert sentence(reason) in got["box"].splitlines(), (how, reason, got["box"])
    if outcome == "withheld":
        return
    (line,) = [text for text in got["paragraphs"] if text.startswith(("Checked: ", "Computed: "))]
    assert_checked_line(line, verdict, how)
    (counts,) = [text for text in got["paragraphs"] if " computed; " in text]
    assert_counts_line(counts, verdict, how)
    seal = [text for text in got["paragraphs"] if text.startswith(("✓ ", "✗ "))]
    assert [text[0] for text in seal] == {"match": ["✓"], "mismatch": ["✗"]}.get(verdict["checks"]["seal"], []), how
    marks = got["marks"]
    assert marks.count("matches") == summary["compared"] - summary["differ"], (how, marks, summary)
    assert marks.count("differs") == summary["mismatches"], (how, marks, summary)
    assert marks.count("not compared") == summary["count"] - summary["compared"], (how, marks, summary)


@pytest.fixture(scope="module")
def offline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline page saved to disk, as a player saves it."""
    path = tmp_path_factory.mktemp("offline-page") / "verifier.html"
    path.write_text(offline_page(), encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", SCRIPTED_SEEDS)
def test_no_script_of_a_page_says_more_than_the_verdict_it_was_drawn_for(
    seed: int, chromium: Browser, offline: Path, tmp_path: Path
) -> None:
    # Given the searcher's requests that prove less than a whole fair game, of every scheme, and its own seeds' draws
    outcomes: dict[str, set[str]] = {}
    for scheme, kind, request in scripted_draws(seed):
        how = (seed, scheme, kind, request)
        # When each is served, and its page and its link are opened in Chromium
        verdict, page, query = served(request, how)
        # Then the browser's recheck and the offline page say no more than the JSON verdict
        assert_recheck_says_no_more(chromium, tmp_path, verdict, page, how)
        assert_offline_says_no_more(chromium, offline, verdict, page, query, how)
        outcomes.setdefault(kind, set()).add(verdict["verdict"])
    assert all(kind == "count below the game's" or "fair" not in got for kind, got in outcomes.items()), outcomes


# Values a player may type that a page draws otherwise than as typed: right-to-left text, characters that show nothing
# or look like others (written as code points), a soft hyphen, marks, spaces a page would fold, a phrase at its longest,
# and U+1171E, which the core's Unicode and the browser's read apart
AWKWARD_VALUES = [
    "\u05e9\u05dc\u05d5\u05dd world",
    "\u0645\u0631\u062d\u0628\u0627 123",
    "a\u200bb\u202ec",
    "ab\u00adcd",
    "e\u0301t\u0300e\u0307\u0307",
    "\u0440\u0430\u0443pal",
    "a  b ",
    " a\u00a0b",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "a,b, c",
    ("long phrase " * 22)[:256],
    "\U0001171e",
    "a\U0001171e",
]


@pytest.mark.parametrize("value", AWKWARD_VALUES)
def test_no_script_of_an_honest_page_of_a_game_whose_values_are_drawn_otherwise_than_typed_disagrees(
    value: str, chromium: Browser, tmp_path: Path
) -> None:
    # Given a narde-v1 game of that phrase and a three-dice game of those seeds, each whole and fair, and each kind of
    # request the searcher draws (review: the browser reads the values the page draws and held them to its own writing
    # of them, and told an honest page of U+1171E it did not agree)
    choose = random.Random(f"awkward {value}")
    bases = _bases(choose.randbytes(32))
    games = {
        "narde-v1": bases["narde-v1"] | {"phrase": value},
        "three-dice": bases["three-dice"] | {"client_seeds": {"white": value, "black": value[::-1]}},
    }
    for scheme, base in games.items():
        count = choose.randint(2, 12)
        whole = base | {"count": count, "recorded": _rolls(base | {"count": count})}
        for kind, request in [("whole", whole)] + [draw(choose, scheme, base, kind) for kind in kinds_of(scheme)]:
            how = (scheme, kind, value, request)
            # When each is served, and its page opened in Chromium
            verdict, page, _ = served(request, how)
            # Then the browser agrees with it, and says no more than its verdict
            assert kind != "whole" or verdict["verdict"] == "fair", how
            assert_recheck_says_no_more(chromium, tmp_path, verdict, page, how)


@pytest.mark.parametrize(("pending", "kept"), DAILY_ARCHIVES)
def test_no_script_of_a_daily_rolls_page_says_more_than_its_verdict(
    pending: str, kept: bool, chromium: Browser, offline: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the daily searcher's archive (2025-03-01 committed to in time, 2025-03-02 late, both revealed, 2025-03-03
    # pending, committed to late or in time, on a bucket that keeps versions or not)
    timeline = Timeline(_at("2025-03-01 00:00"))
    stores = timeline.stores(tmp_path, kept=kept)
    for when in (
        "2025-03-01 00:00",
        "2025-03-02 00:20",
        "2025-03-03 00:20" if pending == "late" else "2025-03-03 00:00",
    ):
        timeline.publish(stores, _at(when))
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: _at("2025-03-03 01:00")))
    choose = random.Random(f"scripts {pending} {kept}")
    outcomes = set()
    for day in ("2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"):
        player = str(uuid.UUID(int=choose.getrandbits(128), version=4))
        status, body = _get("", "application/json", f"/daily/{day}/{player}")
        faces = json.loads(body)["rolls"][0]["dice"] if status == 200 and json.loads(body)["rolls"] else None
        for given in ("none", "as rolled", "one changed") if faces else ("none",):
            # When a player's roll of each day is asked for by its link and by its address, with no faces, the faces
            # the archive gives, or one of them changed
            request: Request = {"scheme": "daily", "date": day, "player_id": player}
            recorded = list(faces or [])
            if given == "one changed":
                recorded[0] = recorded[0] % 4 + 1
            if given != "none":
                request["recorded"] = " ".join(map(str, recorded))
            how = (pending, kept, day, given)
            verdict, page, query = served(request, how)
            # Then the browser's recheck of its page, a day's seal not locked or late among them, and the offline page
            # opened with its link say no more than the JSON verdict
            assert_recheck_says_no_more(chromium, tmp_path, verdict, page, how)
            assert_offline_says_no_more(chromium, offline, verdict, page, query, how)
            outcomes.add(verdict["verdict"])
            # And the browser's recheck of the page at the roll's own address (its query is no link: no offline page)
            address = {"query": f"recorded={'+'.join(map(str, recorded))}" if given != "none" else ""}
            verdict, page, _ = served(address, how, f"/daily/{day}/{player}")
            assert_recheck_says_no_more(chromium, tmp_path, verdict, page, how)
    assert outcomes - {"fair"}, outcomes


def test_the_offline_page_withholds_a_daily_roll_at_most_incomplete_once_revealed_and_its_heading_is_the_servers_tab(
    chromium: Browser, offline: Path
) -> None:
    # Given every way the offline page withholds a verdict: a three-dice mirror pair's game, its plies seen or not; a
    # daily roll of a day not begun or of the calendar's last day, with its secret and commitment or its faces seen; and
    # a daily roll of the browser's own day, with its secret or none
    key = bytes(range(32))
    seal = seal_of(key)
    daily = f"scheme=daily&player={PLAYER}&date="
    queries = [
        f"scheme=three-dice&commit={seal}",
        f"scheme=three-dice&commit={seal}&rolls=3-5-6+1-2-4",
        f"{daily}2999-01-01&secret={key.hex()}&commitment={seal}",
        f"{daily}2999-01-01&rolls=1-2-3-4-5-6",
        f"{daily}9999-12-31&secret={key.hex()}",
        f"{daily}{{today}}&secret={key.hex()}&commitment={seal}",
        f"{daily}{{today}}",
    ]
    reached = 0
    for query in queries:
        today = chromium.evaluate("new Date().toISOString().slice(0, 10)")
        # When the offline page is opened with its link, and the page's verifier asked for its verdict on the same day
        got = _offline_check(chromium, offline, query.replace("{today}", today))
        if "{today}" in query and chromium.evaluate("new Date().toISOString().slice(0, 10)") != today:
            continue  # the browser's day ended while it checked: that day is no longer its today
        own = chromium.evaluate(
            f"fairdice.verify(fairdice.fromLink(location.search), {{ today: {json.dumps(today)}, link: true }})"
        )
        # Then it is withheld; a daily roll, which this page checks with no archive, said at most incomplete once
        # revealed, as its check then says incomplete; a mirror pair's game not (changed on purpose: every one was held
        # to false, the server's tab's ", at most incomplete once revealed" unreachable here)
        assert got["state"] == "done" and got["verdict"] == own["verdict"] == "withheld", (query, got["result"][:500])
        daily_roll = query.startswith("scheme=daily")
        assert own["withheld"]["at_most_incomplete"] is daily_roll, (query, own["withheld"])
        # and its heading is the tab the server's page gives the same verdict
        tab = said(verdict_page(Verdict.model_validate(own)).html)[0].split(" · ")[0]
        most = ", at most incomplete once revealed" if daily_roll else ""
        assert got["heading"] == tab == f"Not yet verifiable{most}", (query, got["heading"], tab)
        reached += 1
    assert reached >= len(queries) - 1, reached
