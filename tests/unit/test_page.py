"""The verdict page: what the page says, and that nothing in it can run (who gets it: test_negotiation.py)."""

import datetime as dt
import hashlib
import re
from html import unescape
from typing import Any

import pytest
from fairdice import diagnosis as diagnosis_module
from fairdice import schemes
from fairdice.archive.layout import commitment_deadline, day_start, publication
from fairdice.fields import MAX_ROLLS
from fairdice.links import parse_link
from fairdice.markup import csp_hash, whole_dates
from fairdice.notices import error_page
from fairdice.offline import offline
from fairdice.page import MAX_TABLE_BYTES, headline, identity_value, recheck_script, render_page, verdict_page
from fairdice.problems import Problem
from fairdice.request import RequestBase
from fairdice.schemes import parse_request
from fairdice.schemes.base import PendingDay
from fairdice.verdict import Verdict
from fairdice.verify import verify

from testkit.oracles import GAME_TITLES
from unit.common import recipe_of, run
from unit.test_diagnosis import miscopied
from unit.test_verify import OneDay

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
HOSTILE = '<script>alert("x")</script>\'"&amp;'

GAMES: dict[str, dict[str, Any]] = {
    "pair36": {"scheme": "pair36", "server_seed": KEY, "seal": SEAL, "client_seeds": ["a", "b"], "count": 12},
    "bg-dice-v1": {"scheme": "bg-dice-v1", "key": KEY, "lock": SEAL, "count": 12},
    "bg-online-v1": {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": ["0A1b", "ff"], "count": 12},
    "narde-v1": {"scheme": "narde-v1", "key": KEY, "fingerprint": SEAL, "phrase": "test", "count": 12},
    "three-dice": {
        "scheme": "three-dice",
        "seed": KEY,
        "commit": SEAL,
        "client_seeds": {"white": "w", "black": "b"},
        "first": 3,
        "count": 12,
    },
    "daily": {
        "scheme": "daily",
        "date": "2026-10-28",
        "player_id": "123e4567-e89b-12d3-a456-426614174000",
        "secret": KEY,
    },
}


def page_of(data: dict[str, Any], *, with_request: bool = True) -> tuple[Verdict, str]:
    request = parse_request(data)
    verdict = verify(request)
    return verdict, render_page(verdict, request if with_request else None)


# ---- what the page says ------------------------------------------------------------------


@pytest.mark.parametrize("scheme", list(GAMES))
def test_every_scheme_gets_a_page_with_every_roll_and_its_hmac_message(scheme: str) -> None:
    verdict, page = page_of(GAMES[scheme])
    assert page.startswith("<!doctype html>")
    assert '<meta name=viewport content="width=device-width,initial-scale=1">' in page
    assert f"<h1>{whole_dates(headline(verdict).replace(chr(39), '&#x27;'))}</h1>" in page
    assert page.count("<tr><td class=n>") == len(verdict.rolls)
    for report in verdict.rolls:
        assert f"<td class=msg>{report['message']}<td class" in page


TIED = "04" * 32  # bg-dice-v1:opening:0 and :1 are ties under this key
BG_BOT, BG_ONLINE = GAMES["bg-dice-v1"], GAMES["bg-online-v1"]
RECIPES: dict[str, dict[str, Any]] = GAMES | {
    # longer games, whose labels the recipe builds run by run rather than listing them
    "bg-dice-v1, 30 rolls": BG_BOT | {"count": 30},
    "bg-dice-v1, 60 rolls": BG_BOT | {"count": 60},
    "bg-dice-v1, a window": BG_BOT | {"opening": False, "first_turn": 5, "count": 30},
    "bg-dice-v1, a later game": BG_BOT | {"opening": False, "count": 25},
    "bg-dice-v1, a take-back line": BG_BOT | {"line": 2, "count": 30},
    "bg-dice-v1, opening ties": {"scheme": "bg-dice-v1", "key": TIED, "count": 30},
    "bg-dice-v1, a take-back part way": {
        "scheme": "bg-dice-v1",
        "key": KEY,
        "labels": [
            "bg-dice-v1:opening:0",
            *(f"bg-dice-v1:turn:{turn}" for turn in range(2, 20)),
            *(f"bg-dice-v1:turn:{turn}:line:1" for turn in range(19, 30)),
            "bg-dice-v1:turn:29:line:2",
        ],
    },
    "bg-online-v1, 60 rolls": BG_ONLINE | {"count": 60},
    "bg-online-v1, game 3": BG_ONLINE | {"game": 3, "count": 30},
}


@pytest.mark.parametrize("game", list(RECIPES))
def test_the_recipe_on_the_page_prints_every_roll_of_the_verdict(game: str) -> None:
    # Given a page for a game
    verdict, page = page_of(RECIPES[game])

    # When its Python recipe is run as a person would run it
    lines = run(recipe_of(page))

    # Then it prints the seal first, then every roll the verdict lists, by its label where it has one
    assert lines[0] == verdict.seal.computed
    printed = [line.rsplit(" [", 1) for line in lines[1:]]
    assert [dice.rstrip("]") for _, dice in printed] == [
        ", ".join(map(str, report["dice"] or [])) for report in verdict.rolls
    ]
    if "label" in verdict.rolls[0]:
        assert [label for label, _ in printed] == [report["label"] for report in verdict.rolls]


@pytest.mark.parametrize("scheme", list(GAMES))
def test_without_the_request_the_recipe_has_placeholders_and_no_secret(scheme: str) -> None:
    _, page = page_of(GAMES[scheme], with_request=False)
    assert "PASTE" in recipe_of(page)
    assert KEY not in page
    assert "What was checked" not in page


def test_a_fair_verdict_says_so_in_one_sentence() -> None:
    verdict, page = page_of(GAMES["narde-v1"] | {"count": None, "recorded": "15 46 34"})
    assert headline(verdict) == (
        "Fair: the key matches the fingerprint shown before the game, and all 3 recorded rolls are the ones it gives:"
        " rolls 0 to 2 from the game's start."
    )
    assert page.count("<span class=ok>✓</span>") == 1  # the seal
    assert page.count('<span class=ok role=img aria-label="matches">✓</span>') == 3  # and the three rolls


def test_a_seal_that_came_with_the_request_is_for_the_player_to_recognise_as_the_one_shown_before_the_game() -> None:
    # Given a fair game whose seal came with the link, as whoever made the link chose it
    verdict, page = page_of(GAMES["narde-v1"] | {"count": None, "recorded": "15 46 34"})
    assert verdict.verdict == "fair"

    # Then the page asks the player to check it is the seal the game showed before its first roll
    assert (
        "Check that this is the fingerprint your game showed before its first roll: fairdice knows only the fingerprint"
        " it was given, and only that one shows the key was fixed before the play." in unescape(page)
    )
    # And a page with no seal has none to ask about
    _, without = page_of({k: v for k, v in GAMES["narde-v1"].items() if k != "fingerprint"})
    assert "Check that this is the fingerprint" not in unescape(without)


def test_a_mismatch_page_marks_the_rolls_that_differ_and_shows_the_diagnosis_with_a_retry_link() -> None:
    # Given the match's rolls from roll 1, sent as if numbered from 2
    real = verify(parse_request(GAMES["pair36"]))
    recorded = " ".join("-".join(map(str, r["dice"] or [])) for r in real.rolls)
    verdict, page = page_of(GAMES["pair36"] | {"first": 2, "count": None, "recorded": recorded})

    # Then the page says mismatch, marks the differing rows, and explains the likely cause
    assert headline(verdict).startswith("Mismatch: ")
    assert page.count("<tr class=x") == verdict.summary.mismatches
    assert "id=first-mismatch" in page
    assert "The roll numbers are shifted" in page
    link = re.search(r'<a href="([^"]+)">Check again with roll numbers starting at 1</a>', page)
    assert link is not None

    # And the retry link is a game-over link whose verdict is fair
    assert verify(parse_link(unescape(link.group(1)))).verdict == "fair"


def test_a_roll_cut_short_is_said_accounted_for_by_its_cause_never_to_fit_it() -> None:
    # Given a day's link whose last face, 20, a chat cut to 2
    player = "00000000-0000-0000-0000-000000000002"
    request = parse_link(f"?scheme=daily&date=2026-01-01&player={player}&secret={KEY}&rolls=3-3-2-5-8-2")
    verdict = verify(request)
    assert [finding.explains for finding in verdict.diagnosis or []] == ["1 of 1 roll"]

    # When its page is drawn
    page = unescape(render_page(verdict, request))

    # Then the cut is said to account for the roll, which fits nothing computed (review: "it fits the recorded roll"
    # beside "0 match, 1 differs"), under a heading that speaks of the one roll, as the words do (review: "The rolls
    # were cut short" above "the recorded roll was most likely cut short")
    assert "The roll was cut short inside a face</b> <span class=muted>(it accounts for the recorded roll)" in page
    assert "The rolls were cut short" not in page
    assert "it fits the recorded roll" not in page


@pytest.mark.parametrize(
    "game",
    [
        GAMES["daily"] | {"commitment": SEAL},
        # beside the commitment of the secret's hex text, which the rolls are weighed beside as beside its own
        GAMES["daily"] | {"commitment": hashlib.sha256(KEY.encode()).hexdigest()},
        # (pair36's one roll of two dice left out deliberately: beside its own seal it is too few to tell whose it is,
        # too_few_rolls_fit, headed "One roll is too few to tell whose it is")
    ],
    ids=["daily", "daily, hex text"],
)
def test_one_recorded_roll_of_another_game_is_headed_as_one_roll(game: dict[str, Any]) -> None:
    # Given one recorded roll, a day's or a game's of one roll, that no mistake tried makes this secret's
    verdict, page = page_of(game | {"recorded": [[1, 1, 1, 1, 1, 1] if game["scheme"] == "daily" else [6, 6]]})
    found = [finding for finding in verdict.diagnosis or [] if finding.cause == "rolls_from_other_game"]
    assert [finding.explains for finding in found] == ["0 of 1 roll"]
    assert "the recorded roll is not its roll" in found[0].detail
    assert "it is most likely another" in found[0].detail
    # Then its heading speaks of that roll as its words do, "it is most likely another ... roll" (review: "The rolls
    # belong to another game" above a day's one roll)
    page = unescape(page)
    # (changed deliberately: a day's roll is headed as its words say it, another player's or another day's)
    whose = "another player or another day" if game["scheme"] == "daily" else "another game"
    assert f"<b>The roll belongs to {whose}</b> <span class=muted>(it does not fit the recorded roll)" in page
    assert f"The rolls belong to {whose}" not in page


@pytest.mark.parametrize(
    ("commitment", "recorded", "heading"),
    [
        (SEAL, [1, 1, 1, 1, 1, 1], "The roll belongs to another player or another day"),
        ("another", None, "The commitment belongs to another day"),
        ("another", [1, 1, 1, 1, 1, 1], "The day secret belongs to another day"),
        ("another", [], "The commitment, the day secret or both belong to another day"),
    ],
    ids=["roll", "commitment", "day secret", "either"],
)
def test_a_days_findings_of_whose_it_is_are_headed_by_day_and_player_not_game(
    commitment: str, recorded: list[int] | None, heading: str
) -> None:
    # Review: a day's page headed "The roll belongs to another game" above "it is most likely another player's or
    # another day's roll": a day's roll is one player's of one day, its secret and commitment the day's
    # Given a day's roll, another player's or with another day's commitment (or none recorded: [])
    game = GAMES["daily"]
    if commitment == "another":
        commitment = hashlib.sha256(b"another day").hexdigest()
    sent = game | {"commitment": commitment} | ({"recorded": recorded or rolls_of(game)} if recorded != [] else {})
    verdict, page = page_of(sent)
    assert verdict.verdict == "mismatch"
    # Then its finding is headed so on the page, and no heading speaks of another game
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", unescape(page))
    assert headings == [heading]
    assert "another game" not in " ".join(headings)
    # and its words below it say whose as the heading does, a day's (review: "The commitment belongs to another day"
    # above "the commitment is most likely another game's")
    assert "most likely another game" not in unescape(page)
    assert "another game than both" not in unescape(page)
    # while a game's stay another game's (of two rolls: one beside its own seal is too few to tell whose, changed
    # deliberately)
    _, other = page_of(GAMES["pair36"] | {"count": 2, "recorded": [[6, 6], [6, 6]]})
    assert "<b>The rolls belong to another game</b>" in unescape(other)


def test_a_seal_of_another_game_beside_a_roll_cut_short_says_the_roll_fits_but_for_the_cut_face() -> None:
    # Given the same cut link with another game's commitment: the roll fits this secret in every face but the last
    player = "00000000-0000-0000-0000-000000000002"
    link = f"?scheme=daily&date=2026-01-01&player={player}&secret={KEY}&commitment={'ab' * 32}&rolls=3-3-2-5-8-2"
    request = parse_link(link)
    verdict = verify(request)
    assert [(finding.cause, finding.explains) for finding in verdict.diagnosis or []] == [
        ("roll_cut_short", "1 of 1 roll"),
        ("seal_from_other_game", "0 of 1 roll"),
    ]

    # When its page is drawn
    page = unescape(render_page(verdict, request))

    # Then the seal's finding says what its words say, the roll fitting but for the face cut short (review: "it does
    # not fit the recorded roll" above "the recorded roll fits this day secret in every face but the last, cut short")
    # (changed deliberately from "another game": a day's commitment is the day's)
    assert (
        "The commitment belongs to another day</b> <span class=muted>(it fits every face of the recorded roll but the"
        " last, cut short)"
    ) in page
    assert "it does not fit the recorded roll" not in page


def test_a_game_without_an_opening_roll_is_not_headed_as_an_opening_roll_counted_differently() -> None:
    # Given game 1 of a bg-online-v1 match listed without its opening roll, sent as game 1 (which has one)
    game = GAMES["bg-online-v1"] | {"game": 1}
    verdict, page = page_of(game | {"recorded": rolls_of(game | {"opening": False})})
    (found,) = verdict.diagnosis or []
    assert found.cause == "opening_roll"
    assert found.detail.startswith("the rolls fit game 1 without an opening roll")

    # Then the finding's heading says what its words say, a game of the other kind, with or without an opening roll
    # (review: "The opening roll is counted differently" above words saying the game has none)
    assert "<b>The game is of the other kind, with an opening roll or without one</b>" in page
    assert "counted differently" not in page


def rolls_of(data: dict[str, Any]) -> list[list[int]]:
    """The dice the game really rolled."""
    return [list(report["dice"] or []) for report in verify(parse_request(data)).rolls]


def test_an_incomplete_verdict_says_what_was_not_given() -> None:
    verdict, _ = page_of(GAMES["bg-online-v1"])
    assert headline(verdict) == (
        "Nothing failed, but the check is incomplete: no seal was given, so nothing shows the server number was"
        " fixed before the game; no rolls were recorded, so the 12 rolls computed were not compared."
    )


def test_a_withheld_game_gets_a_page_without_rolls_or_recipe() -> None:
    verdict, page = page_of({"scheme": "three-dice", "commit": SEAL})
    assert verdict.verdict == "withheld"
    assert headline(verdict).startswith("Not yet verifiable: no seed and no client seeds were given")
    assert "<table" not in page
    assert "recipe-python" not in page
    # as its heading says (review), and naming the game by its title before its scheme (review: a chat's preview)
    assert "<title>Not yet verifiable · Provably-Fair Dice: three dice a ply · three-dice · fairdice</title>" in page


def test_a_withheld_game_says_the_seal_it_carries_was_given_and_is_not_checked_yet() -> None:
    # Given a mirror pair's game, its reveal withheld, whose link carries its commit
    _, page = page_of({"scheme": "three-dice", "commit": SEAL, "recorded": "123"})

    # Then the commit's section says it was given and is not checked yet, never that none was given
    found = re.search(r"<h2>The commit</h2><p>(.*?)</p>", page)
    assert found is not None
    assert re.sub(r"<[^>]+>", "", found.group(1)) == (
        "not checked yet: the commit was given, but the seed that would check it is not revealed yet"
    )


def test_a_withheld_game_says_the_rolls_it_carries_were_received_and_not_compared_yet() -> None:
    # Review: a day's roll asked with the faces seen (GET /daily/{date}/{player_id}?recorded=…) was a page that never
    # said they came, where the verdict says `not_checked`
    player = "3d69a2e7-5183-492a-8c98-68afa9ab7bbd"
    day = {"scheme": "daily", "player_id": player, "date": "2999-06-01"}
    today = dt.date(2026, 12, 3)
    verdict = verify(parse_request({**day, "recorded": "1 2 3 4 5 6"}), today=today)
    assert (verdict.verdict, verdict.checks.rolls) == ("withheld", "not_checked")

    # the day's one roll said as one (review: "The recorded rolls came with the request: they are compared")
    received = "The recorded roll came with the request: it is compared once the day secret is revealed."
    assert received in unescape(re.sub(r"<[^>]+>", "", verdict_page(verdict).html))
    # and without it, nothing is said to have come
    assert "came with the request" not in verdict_page(verify(parse_request(day), today=today)).html
    # and a mirror pair's two plies, as several
    pair = verify(parse_request({"scheme": "three-dice", "commit": SEAL, "recorded": "3-5-6 1-2-4"}), today=today)
    assert (pair.verdict, pair.checks.rolls) == ("withheld", "not_checked")
    several = "The recorded plies came with the request: they are compared once the seed is revealed."
    assert several in unescape(re.sub(r"<[^>]+>", "", verdict_page(pair).html))


def test_a_withheld_games_recorded_rolls_are_shown_as_given_not_as_checked() -> None:
    # Given a day's roll not revealed yet, asked with the faces seen (review: GET /daily/{date}/{player_id}?recorded=…
    # said they came, and showed them nowhere)
    day = {"scheme": "daily", "player_id": "3d69a2e7-5183-492a-8c98-68afa9ab7bbd", "date": "2999-06-01"}
    verdict = verify(parse_request({**day, "recorded": "3 5 7 10 12 20"}), today=dt.date(2026, 12, 3))

    # Then the verdict carries them as given, and its page shows them so, each roll whole, with no mark of a check
    assert verdict.withheld is not None and verdict.withheld.recorded == [[3, 5, 7, 10, 12, 20]]
    assert verdict.rolls == [] and verdict.checks.rolls == "not_checked"
    page = verdict_page(verdict).html
    assert (
        "<dl class=values><dt>Recorded, as given (not checked)</dt><dd><code><span class=roll>3-5-7-10-12-20</span>"
        "</code></dd></dl>"
    ) in page
    assert "<span class=ok>" not in page
    # and without them, none is shown
    alone = verify(parse_request(day), today=dt.date(2026, 12, 3))
    assert alone.withheld is not None and alone.withheld.recorded is None
    assert "Recorded, as given" not in verdict_page(alone).html


@pytest.mark.parametrize(
    "link",
    [
        "/check/?scheme=daily&date=2999-06-01&player=3d69a2e7-5183-492a-8c98-68afa9ab7bbd&rolls=3-5-7-10-12-20",
        f"/check/?scheme=three-dice&commit={SEAL}&rolls=3-5-6+1-2-4",
    ],
)
def test_a_withheld_link_names_the_game_before_the_rolls_it_carries(link: str) -> None:
    # Given a withheld link that carries the rolls the player saw (review: the page showed the faces first, and only
    # below them the player and the day they are of)
    request = parse_link(link)
    page = render_page(verify(request, today=dt.date(2026, 12, 3)), request)

    # Then "Is this your game?" comes before what is said of the rolls and before the rolls themselves
    assert (
        page.index("<h2>Is this your game?</h2>")
        < page.index("came with the request")
        < page.index("<dt>Recorded, as given (not checked)</dt>")
    )


@pytest.mark.parametrize(
    ("link", "rolls"),
    [
        (
            "/check/?scheme=daily&date=2999-06-01&player=3d69a2e7-5183-492a-8c98-68afa9ab7bbd&rolls=3-5-7-10-12-20",
            "3-5-7-10-12-20",
        ),
        (f"/check/?scheme=three-dice&commit={SEAL}&rolls=3-5-6+1-2-4", "1-2-4"),
    ],
)
def test_a_withheld_links_recorded_rolls_are_shown_once(link: str, rolls: str) -> None:
    # Given a link whose secret is not revealed yet, with the rolls seen (review: a pending day's link showed its faces
    # twice, as given and again among the link's values)
    request = parse_link(link)
    verdict = verify(request, today=dt.date(2026, 12, 4))
    assert verdict.verdict == "withheld"

    page = render_page(verdict, request)

    # Then they are shown once, as given and not checked, and the link's other values are listed still
    assert page.count(f"<span class=roll>{rolls}</span>") == 1
    assert "<dt>Recorded, as given (not checked)</dt>" in page and "<dt>rolls</dt>" not in page
    assert "<h2>The link's values</h2>" in page


def seal_section(page: str) -> str:
    """The words of a verdict page's section on its seal, up to the next section."""
    section = re.search(r"<h2>The (?:commitment|commit|seal)</h2>(.*?)(?:<h2>|<footer)", page, re.S)
    assert section is not None
    return unescape(re.sub(r"<[^>]+>", " ", section.group(1)))


def test_a_pending_days_roll_says_no_commitment_came_and_which_one_counts_never_a_dash() -> None:
    # Given a player's roll of a day whose secret is not revealed yet, asked without a commitment (review: its page
    # listed "given —" and "SHA-256 of the day secret —", a commitment that came blank)
    day = {"scheme": "daily", "player_id": "3d69a2e7-5183-492a-8c98-68afa9ab7bbd", "date": "2026-12-03"}
    verdict = verify(parse_request(day), today=dt.date(2026, 12, 3))
    assert verdict.verdict == "withheld"

    said = " ".join(seal_section(verdict_page(verdict).html).split())

    # Then it says that none came, and that the one to hold the secret to is the one the archive publishes for the day
    assert "—" not in said
    assert said == (
        "not checked yet: the day secret that would check a commitment is not revealed yet"
        " None came with this request: the commitment that counts is the one the daily archive publishes for the day"
        " between 00:00 and 00:15 UTC."
    )


@pytest.mark.parametrize(
    ("published", "in_time", "tab"),
    [
        (None, None, "Not yet verifiable"),
        ("2026-12-03T00:00:02+00:00", True, "Not yet verifiable"),
        (None, False, "Not yet verifiable, at most incomplete once revealed"),
        ("2026-12-03T00:20:00+00:00", False, "Not yet verifiable, at most incomplete once revealed"),
    ],
)
def test_a_pending_days_roll_whose_commitment_missed_its_time_is_tabbed_at_most_incomplete(
    published: str | None, in_time: bool | None, tab: str
) -> None:
    # Given a player's roll of a day not revealed yet whose commitment is not published yet, published in time, none
    # published in its time, or published late (review: each tab read "Not yet verifiable", as if the roll could yet
    # be fair, where its heading and the day's record page say it is at most incomplete once revealed)
    day = {"scheme": "daily", "player_id": "3d69a2e7-5183-492a-8c98-68afa9ab7bbd", "date": "2026-12-03"}
    pending = PendingDay(
        reveal_at=dt.datetime(2026, 12, 4, tzinfo=dt.UTC),
        commitment=None if published is None else "ab" * 32,
        published_at=None if published is None else dt.datetime.fromisoformat(published),
        in_time=in_time,
    )
    verdict = verify(parse_request(day), day_secrets=OneDay(pending), today=dt.date(2026, 12, 3))
    assert verdict.verdict == "withheld"

    # Then its tab says so after "Not yet verifiable", as its heading's reasons do
    title = re.search(r"<title>(.*?)</title>", verdict_page(verdict).html)
    assert title is not None
    assert unescape(title[1]) == f"{tab} · {GAME_TITLES['daily']} · daily · fairdice"
    assert ("at most incomplete" in tab) == ("at most incomplete" in headline(verdict))


@pytest.mark.parametrize(
    ("given", "pending"),
    [
        # None published in its time, with a commitment given with the request: of that one the archive's time says
        # nothing, so the seal's in_time is null, but its reasons say the day is at most incomplete (review: its tab
        # read "Not yet verifiable" alone)
        ({"commitment": "cd" * 32}, PendingDay(reveal_at=dt.datetime(2026, 12, 4, tzinfo=dt.UTC), in_time=False)),
        # Published in time, but not kept under Object Lock: another may be shown in its place (review)
        (
            {},
            PendingDay(
                reveal_at=dt.datetime(2026, 12, 4, tzinfo=dt.UTC),
                commitment="ab" * 32,
                published_at=dt.datetime(2026, 12, 3, 0, 0, 2, tzinfo=dt.UTC),
                in_time=True,
                locked=False,
            ),
        ),
    ],
    ids=["none in time, one given", "not kept"],
)
def test_a_pending_days_roll_at_most_incomplete_once_revealed_is_tabbed_so_whatever_its_seal_says(
    given: dict[str, str], pending: PendingDay
) -> None:
    # Given a player's roll of a day not revealed yet that no secret revealed can make fair
    day = {"scheme": "daily", "player_id": "3d69a2e7-5183-492a-8c98-68afa9ab7bbd", "date": "2026-12-03"} | given
    verdict = verify(parse_request(day), day_secrets=OneDay(pending), today=dt.date(2026, 12, 3))
    assert verdict.verdict == "withheld" and verdict.withheld is not None
    assert verdict.seal.in_time is not False

    # Then its JSON says it will be at most incomplete, and its tab says so after "Not yet verifiable", as its heading's
    # reasons do
    assert verdict.withheld.at_most_incomplete
    assert "at most incomplete" in headline(verdict)
    title = re.search(r"<title>(.*?)</title>", verdict_page(verdict).html)
    assert title is not None
    assert unescape(title[1]) == (
        f"Not yet verifiable, at most incomplete once revealed · {GAME_TITLES['daily']} · daily · fairdice"
    )


def test_a_future_days_roll_does_not_say_its_commitment_is_published_already() -> None:
    # Review: a day not begun yet read "the one the daily archive published that day", as if it existed
    day = {"scheme": "daily", "player_id": "3d69a2e7-5183-492a-8c98-68afa9ab7bbd", "date": "2026-12-06"}
    said = " ".join(seal_section(verdict_page(verify(parse_request(day), today=dt.date(2026, 12, 4))).html).split())
    assert "the one the daily archive publishes for the day between 00:00 and 00:15 UTC" in said
    assert "published" not in said


def test_a_seal_not_given_or_not_computed_yet_is_said_in_words_as_the_offline_page_says_it() -> None:
    # Given a game without its seal, and a withheld one whose commit came with the link
    _, without = page_of(GAMES["pair36"] | {"seal": None})
    _, withheld = page_of({"scheme": "three-dice", "commit": SEAL})

    # Then the missing value is said, never drawn as a dash
    assert "given not given SHA-256 of the server seed" in " ".join(seal_section(without).split())
    assert f"given {SEAL} SHA-256 of the seed not computed yet: the seed is not revealed yet" in " ".join(
        seal_section(withheld).split()
    )
    assert "—" not in seal_section(without) + seal_section(withheld)


def link_values(link: str) -> list[tuple[str, str]]:
    """The page GET /check gives for a link, as its list of the link's values: (parameter, value) pairs."""
    request = parse_link(link)
    section = re.search(
        r"<h2>The link's values</h2><dl class=values>(.*?)</dl>", render_page(verify(request), request), re.S
    )
    assert section is not None
    return [
        (unescape(name), unescape(re.sub(r"<[^>]+>", "", value)))
        for name, value in re.findall(r"<dt>(.*?)</dt><dd><code>(.*?)</code>", section.group(1))
    ]


@pytest.mark.parametrize(
    ("link", "values"),
    [
        (
            f"?seed={KEY}&client=a,b&n=2&rolls=6344",
            [("seed", KEY), ("client", "a, b"), ("n", "2"), ("rolls", "6-3 4-4")],
        ),
        # a withheld game: its rolls are listed once, above, as given and not checked
        (f"?scheme=three-dice&commit={SEAL}&rolls=123", [("commit", SEAL)]),
        (
            f"?scheme=narde-v1&key={KEY}&phrase=test&first=0&n=1",
            [("key", KEY), ("phrase", "test"), ("first", "0"), ("n", "1")],
        ),
    ],
    ids=["pair36 with its rolls", "a withheld mirror pair's game", "a first the link gives"],
)
def test_the_links_values_are_exactly_those_the_link_carried_its_rolls_too_and_no_default(
    link: str, values: list[tuple[str, str]]
) -> None:
    assert link_values(link) == values


# ---- safety and size -----------------------------------------------------------------------


def test_a_links_long_rolls_are_cut_at_300_characters_and_the_cut_is_shown_as_typed_not_as_a_code_point() -> None:
    # Given a withheld three-dice link carrying 120 rolls (479 characters as the page writes them)
    link = f"?scheme=three-dice&commit={SEAL}&rolls=" + "123" * 120
    request = parse_link(link)
    section = re.search(
        r"<dt>Recorded, as given \(not checked\)</dt><dd>(.*?)</dd>", render_page(verify(request), request)
    )
    assert section is not None
    # Then the whole rolls of the first 300 characters are shown, a roll at a time, and the cut after them is `…`, not
    # ⟨U+2026⟩ as a value's own `…` is
    shown = " ".join(["<span class=roll>1-2-3</span>"] * 50)
    assert section.group(1) == f"<code>{shown}</code>…"


@pytest.mark.parametrize(
    "data",
    [
        GAMES["narde-v1"] | {"phrase": HOSTILE, "fingerprint": "00" * 32, "recorded": "1-1 2-2 3-3"},
        GAMES["three-dice"] | {"client_seeds": {"white": HOSTILE, "black": "</pre><img src=x onerror=alert(1)>"}},
    ],
    ids=["phrase", "three-dice seeds"],
)
def test_text_from_the_request_cannot_inject_markup(data: dict[str, Any]) -> None:
    _, page = page_of(data)
    # Besides the page's own script, the one other script element is the data it rechecks, which never runs
    outside = re.sub(r"<script type=application/json id=fairdice-recheck>[^<]*</script>", "", page)
    outside = outside.replace(f"<script>{recheck_script()}</script>", "")
    assert "<script" not in outside.lower()
    assert "<img" not in outside.lower()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#x27;&quot;&amp;amp;" in page
    # And the recipe still carries the text exactly, as a Python literal
    assert repr(HOSTILE) in recipe_of(page)


def test_the_page_loads_nothing_from_elsewhere_and_runs_only_its_own_script_allowed_by_its_hash() -> None:
    request = parse_request(GAMES["pair36"] | {"seal": "00" * 32, "count": None, "recorded": "11 22 33"})
    page = verdict_page(verify(request), request)
    scripts = re.findall(r"<script>(.*?)</script>", page.html, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page.html, re.S)

    assert scripts == [recheck_script()]
    assert page.policy == (
        f"default-src 'none'; script-src {csp_hash(scripts[0])}; style-src {csp_hash(styles[0])}; base-uri 'none';"
        " form-action 'none'; frame-ancestors 'none'"
    )
    meta = page.policy.removesuffix("; frame-ancestors 'none'")
    assert f'content="{meta}"' in page.html
    without_script = page.html.replace(scripts[0], "")
    assert not re.search(r"<(link|img|iframe|object|embed|form)\b", without_script, re.I)
    assert not re.search(r"\b(src|action)=", without_script, re.I)
    assert not re.search(r'href="(?!\?)', without_script)  # only retry links, relative to the check page itself


def test_a_game_at_the_roll_cap_renders_every_roll_and_stays_bounded() -> None:
    # Given the largest game a request may ask for, all of it recorded wrong
    request: RequestBase = parse_request(GAMES["three-dice"] | {"first": 0, "count": MAX_ROLLS})
    verdict = verify(request)

    # When it is rendered
    page = render_page(verdict, request)

    # Then every roll has its row, and the page stays within a few hundred bytes a roll beside what a page of one roll
    # holds (201 a roll: 2,317,628 bytes at 10,000 rolls, 310,993 at one), which is bounded on its own: the browser's
    # re-check script, the style, the data block (the bound was 230 a roll and 16 KiB in all beside them, which the
    # re-check script's growth, about 11 KB, ran over, though no row grew)
    assert page.count("<tr><td class=n>") == MAX_ROLLS
    one = parse_request(GAMES["three-dice"] | {"first": 0, "count": 1})
    one_page = render_page(verify(one), one)
    assert len(one_page.encode()) < 400 * 1024
    assert len(page.encode()) - len(one_page.encode()) < 215 * (MAX_ROLLS - 1)
    recipe = recipe_of(page)
    assert f"range(0, {MAX_ROLLS})" in recipe


def test_a_page_of_long_escaped_messages_lists_what_fits_and_says_where_the_rest_is() -> None:
    # Given the longest phrase, all of it markup that escaping makes four times longer, at the roll cap
    data = GAMES["narde-v1"] | {"phrase": "<" * 256, "count": MAX_ROLLS}
    _, page = page_of(data)

    # Then the page stays within what Lambda can return, and says the JSON lists the rest
    assert len(page.encode()) <= MAX_TABLE_BYTES + 512 * 1024  # with the script and the rolls it rechecks
    listed = page.count("<tr><td class=n>")
    assert 0 < listed < MAX_ROLLS
    assert f"The other {MAX_ROLLS - listed:,} rolls are not listed" in page
    # and where all of them are, without promising a JSON answer that may be too large for one (review)
    assert "The JSON answer lists every one when it fits in one answer" in page
    assert "<code>fairdice check</code> with this page's address lists them all" in page


def test_a_fair_verdict_of_two_rolls_says_both() -> None:
    verdict, _ = page_of(GAMES["narde-v1"] | {"count": None, "recorded": "15 46"})
    assert headline(verdict).startswith(
        "Fair: the key matches the fingerprint shown before the game, and both recorded rolls are the ones it gives:"
    )


def test_a_fair_verdicts_tab_says_which_rolls_it_is_about_as_its_heading_does() -> None:
    # Given a game's first 3 rolls sent as if the game had no more: fair, of those 3 rolls (review: the tab, which a
    # chat's preview of the link shows alone, said "Fair" of them as of a whole game)
    game = GAMES["pair36"] | {"count": 3}
    verdict, page = page_of(game | {"recorded": _recorded(game)})
    assert verdict.verdict == "fair" and verdict.scope is not None
    assert verdict.scope.description == "rolls 1 to 3 from the match's start"

    # Then its tab says fair of those rolls, as its heading does
    assert (
        "<title>Fair: rolls 1 to 3 from the match&#x27;s start · Dice you can check · pair36 · fairdice</title>" in page
    )
    assert headline(verdict).endswith(": rolls 1 to 3 from the match's start.")


def test_a_window_of_a_game_is_never_headlined_fair_and_says_what_is_needed() -> None:
    # Given rolls that match, with the seal, but from roll 5 of the game
    real = verify(parse_request(GAMES["narde-v1"] | {"first": 5, "count": 4}))
    recorded = " ".join("-".join(map(str, r["dice"] or [])) for r in real.rolls)
    verdict, page = page_of(GAMES["narde-v1"] | {"first": 5, "count": None, "recorded": recorded})

    # Then the page says the check is incomplete, what was checked, and what would make it whole
    assert verdict.verdict == "incomplete"
    assert headline(verdict) == (
        "Nothing failed, but the check is incomplete: rolls 5 to 8 only: the game's rolls from roll 0 are needed."
    )
    assert "Fair" not in headline(verdict)
    assert "<p class=scope><b>Checked:</b> rolls 5 to 8 only: the game&#x27;s rolls from roll 0 are needed.</p>" in page


@pytest.mark.parametrize(
    ("recorded", "said"),
    [
        (12, "<b>Checked:</b> rolls 1 to 12 from the match&#x27;s start."),
        (
            5,
            "<b>Computed:</b> rolls 1 to 12 from the match&#x27;s start. <b>Compared:</b> the first 5 only: the rest"
            " were not recorded.",
        ),
        (
            1,
            "<b>Computed:</b> rolls 1 to 12 from the match&#x27;s start. <b>Compared:</b> the first roll only: the"
            " rest were not recorded.",
        ),
        (
            0,
            "<b>Computed:</b> rolls 1 to 12 from the match&#x27;s start. <b>Compared:</b> none: no rolls were"
            " recorded.",
        ),
    ],
)
def test_the_page_says_checked_only_of_rolls_each_compared_with_a_recorded_one(recorded: int, said: str) -> None:
    # Given 12 rolls of a game with the first `recorded` of them recorded, as they were rolled (review: 5 of 12
    # recorded were headed "Checked: rolls 1 to 12")
    rolls = [r["dice"] or [] for r in verify(parse_request(GAMES["pair36"])).rolls]
    verdict, page = page_of(GAMES["pair36"] | {"recorded": rolls[:recorded] or None})

    # Then the line under the headline says which rolls were computed, and how many of them were compared
    assert verdict.summary.compared == recorded
    assert f"<p class=scope>{said}</p>" in page
    assert ("<b>Checked:</b>" in page) == (recorded == 12)


def test_the_inputs_that_identify_the_game_are_shown_for_the_player_to_recognise() -> None:
    _, page = page_of(GAMES["pair36"])
    assert "<h2>Is this your game?</h2>" in page
    assert "<dd><code>a, b</code></dd>" in page
    assert "yours is the one your app showed" in page


# ---- words a player understands (issue 14's "Why", for a player on a phone) ------------------


def _prose(page: str) -> str:
    """What a person reads as sentences: the page without its code, its recipe, its data and its script."""
    for pattern in (r"<script.*?</script>", r"<pre.*?</pre>", r"<code>.*?</code>", r"<style>.*?</style>"):
        page = re.sub(pattern, " ", page, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", page))


def _recorded(data: dict[str, Any], change: int | None = None, keep: int | None = None) -> str:
    dice = [list(r["dice"] or []) for r in verify(parse_request(data)).rolls]
    if change is not None:
        dice[change][1] = dice[change][1] % 6 + 1
    return " ".join("-".join(map(str, roll)) for roll in dice[:keep])


def test_a_link_with_8_of_12_rolls_says_the_last_4_were_not_recorded_and_none_differs() -> None:
    verdict, page = page_of(GAMES["pair36"] | {"recorded": _recorded(GAMES["pair36"], keep=8)})
    assert headline(verdict) == "Nothing failed, but the check is incomplete: rolls 9 to 12 were not recorded."
    assert "12 rolls computed; 8 compared: 8 match, 0 differ; 4 not recorded." in page
    assert "differs" not in _prose(page) and "4 of 12" not in page


def test_a_roll_left_out_says_not_recorded_in_its_row_as_the_offline_page_does() -> None:
    # Given a link whose last 4 of 12 rolls were left out
    _, page = page_of(GAMES["pair36"] | {"recorded": _recorded(GAMES["pair36"], keep=8)})
    # Then each of their rows says so in its recorded cell, where an empty cell and a dash read as nothing to a screen
    # reader, and the row of a roll that was recorded shows its dice
    row_9 = re.search(r"<tr><td class=n>9<.*?</tr>", page)
    assert row_9 is not None
    assert "<td class=dice><span class=muted>not recorded</span><td>" in row_9[0]
    assert "<td class=dice>not recorded" not in page and "<td class=dice>2-5<td class=dice>2-5<td>" in page


def test_a_link_without_rolls_leaves_each_rows_recorded_cell_empty() -> None:
    _, page = page_of(GAMES["pair36"])
    assert "not recorded</span>" not in page


def test_a_few_rolls_differ_says_how_many_fit_and_how_many_differ_apart() -> None:
    _, page = page_of(GAMES["pair36"] | {"recorded": _recorded(GAMES["pair36"], change=4)})
    assert "<b>One roll differs</b> <span class=muted>(11 of the 12 recorded rolls fit; 1 differs)</span>" in page
    assert "(11 of 12 rolls)" not in page
    assert "Mismatch: 1 of the 12 recorded rolls differs from the computed one (roll 5)." in page


def test_rolls_that_differ_are_headed_as_many_as_differ_never_a_few_where_half_or_all_do() -> None:
    # Given a pair36 game with 6 of its 12 rolls changed, which fit the seed far more than another game's would, and
    # seed 001's example game turned round, "6-4 3-1 6-6", with a count of 2, which fits as given in none of the 2 rolls
    # compared (review: the cause was headed "A few rolls differ" above "6 of the 12 recorded rolls fit; 6 differ")
    dice = [list(report["dice"] or []) for report in verify(parse_request(GAMES["pair36"])).rolls]
    half = " ".join(f"{a}-{b % 6 + 1}" if at < 6 else f"{a}-{b}" for at, (a, b) in enumerate(dice))
    verdict, page = page_of(GAMES["pair36"] | {"recorded": half})
    turned, turned_page = page_of(
        {"scheme": "bg-dice-v1", "key": KEY, "lock": SEAL, "count": 2, "recorded": "6-4 3-1 6-6"}
    )

    # Then each heads the rolls that differ as what they are, the JSON's cause unchanged
    assert [(finding.cause, finding.explains) for finding in verdict.diagnosis or []] == [
        ("few_rolls_differ", "6 of 12 rolls")
    ]
    assert "<b>Some rolls differ</b> <span class=muted>(6 of the 12 recorded rolls fit; 6 differ)</span>" in page
    assert [(finding.cause, finding.explains) for finding in turned.diagnosis or []] == [
        ("few_rolls_differ", "0 of the first 2 rolls")
    ]
    # (of the 3 rolls recorded, the 2 compared: the third, 6-6, reads the same turned round and fits; review: it was
    # headed "Every recorded roll differs")
    assert turned.summary.extra == 1
    assert "<b>Every roll compared differs</b> <span class=muted>(0 of the 2 rolls compared fit; 2 differ)</span>" in (
        turned_page
    )
    assert "A few" not in page + turned_page and "Every recorded roll" not in turned_page


def test_the_one_roll_compared_that_differs_beside_rolls_recorded_beyond_the_count_is_headed_as_compared() -> None:
    # Given a pair36 game whose roll 1 is a double, miscopied as another double, its rolls 2 to 4 turned round, sent
    # with a count of 1: 4 rolls recorded, 1 compared (review: headed "The recorded roll differs", as if one were
    # recorded)
    game = GAMES["pair36"] | {"client_seeds": ["s2", "b"]}
    real = [list(report["dice"] or []) for report in verify(parse_request(game | {"count": 4})).rolls]
    assert real[0][0] == real[0][1]
    miscopied = [[real[0][0] % 6 + 1] * 2] + [roll[::-1] for roll in real[1:]]
    verdict, page = page_of(game | {"count": 1, "recorded": miscopied})

    # Then it is headed as the roll compared that differs
    assert [(finding.cause, finding.explains) for finding in verdict.diagnosis or []] == [
        ("few_rolls_differ", "0 of the first 1 roll")
    ]
    assert "<b>The roll compared differs</b> <span class=muted>(it is the only roll compared)</span>" in page
    assert "of the 1 roll" not in page
    assert "The recorded roll differs" not in page


@pytest.mark.parametrize(
    ("rolls", "lock", "count", "title", "explains"),
    [
        # rolls of another game, with a count: read as the request rolls them with its count raised, the first 200
        ("other", False, 10, "The rolls belong to another game", "it fits 8 of the first 200 recorded rolls"),
        # this key's rolls, roll 1 changed, beside another key's lock and a count of 1: the lock's finding counts the
        # rolls past the count too
        ("changed", True, 1, "The lock belongs to another game", "it fits 199 of the first 200 recorded rolls"),
        # every roll changed, beside another key's lock: none of them this key's
        ("all changed", True, 10, "The key belongs to another game", "it fits none of the first 200 recorded rolls"),
    ],
)
def test_a_finding_that_counts_the_first_rolls_recorded_says_the_first_once(
    rolls: str, lock: bool, count: int, title: str, explains: str
) -> None:
    # Given 300 rolls recorded of a bot game, more than the diagnosis reads, sent with a count
    bot = GAMES["bg-dice-v1"]
    real, other = (
        [list(r["dice"] or []) for r in verify(parse_request(bot | key | {"count": 300})).rolls]
        for key in ({}, {"key": "ff" * 32})
    )
    changed = [[die % 6 + 1 for die in roll] for roll in real]
    recorded = {"other": other, "changed": [changed[0], *real[1:]], "all changed": changed}[rolls]
    locked = {"lock": hashlib.sha256(bytes.fromhex("ff" * 32)).hexdigest()} if lock else {}
    _, page = page_of(bot | locked | {"count": count, "recorded": recorded})

    # Then the finding counts them as "the first 200", once (review: "of the the first 200 recorded rolls")
    assert f"<b>{title}</b> <span class=muted>({explains})</span>" in page
    assert "the the" not in page


@pytest.mark.parametrize(
    ("game", "title", "seal"),
    [
        ("narde-v1", "The key was pasted as the fingerprint", "fingerprint"),
        ("three-dice", "The seed was pasted as the commit", "commit"),
        ("pair36", "The server seed was pasted as the seal", "seal"),
    ],
)
def test_a_finding_of_the_seal_alone_names_the_seal_in_the_schemes_word(game: str, title: str, seal: str) -> None:
    # Given a game whose secret was pasted in its seal's field too: the finding accounts for the seal alone
    data = GAMES[game]
    seal_field = {"narde-v1": "fingerprint", "three-dice": "commit", "pair36": "seal"}[game]
    _, page = page_of(data | {seal_field: KEY})
    # Then the page says so in the scheme's word for its seal, as its heading does (review: "The key was pasted as the
    # fingerprint (it accounts for the seal)")
    assert f"<b>{title}</b> <span class=muted>(it accounts for the {seal})</span>" in page


def test_a_finding_that_fits_none_of_the_one_roll_labelled_of_many_recorded_says_it_is_the_first() -> None:
    # Given 20 rolls of a bot game sent with the label of its first roll alone, that roll changed: the finding counts
    # the one roll the label asks for ("0 of the first 1 roll"), the 19 past it not rolled at
    bot = GAMES["bg-dice-v1"] | {"count": 20}
    verdict = verify(parse_request(bot))
    real = [list(report["dice"] or []) for report in verdict.rolls]
    label = verdict.rolls[0]["label"]
    changed = [[die % 6 + 1 for die in real[0]], *real[1:]]
    _, page = page_of(GAMES["bg-dice-v1"] | {"count": None, "labels": [label], "recorded": changed})
    # Then the page says it does not fit the first recorded roll, not "the recorded roll", as if it were the only one
    assert "<b>The rolls belong to another game</b> <span class=muted>(it does not fit the first recorded roll)" in page


@pytest.mark.parametrize(
    ("game", "title", "words"),
    [
        # 1 of 3 fitting as given, seed 001's example turned round: no more than another game's rolls might
        (
            {"recorded": "6-4 3-1 6-6"},
            "The lock, the key or both belong to another game",
            "the lock, the key or both are most likely another game",
        ),
        # the one roll recorded fits, as another game's would 1 time in 36
        ({"count": 1}, "The lock, the key or both belong to another game", "the lock, the key or both are most likely"),
        # none recorded
        (
            {"count": 3, "recorded": None},
            "The lock, the key or both belong to another game",
            "(no rolls were recorded)",
        ),
        # the 12 recorded fit: they show the key is theirs, so the lock alone is blamed
        ({}, "The lock belongs to another game", "so the lock is most likely another game"),
    ],
    ids=["1 of 3", "1 of 1", "none recorded", "12 of 12"],
)
def test_a_seal_of_another_game_is_headed_as_its_words_blame_it(game: dict[str, Any], title: str, words: str) -> None:
    # Given a bot game's rolls, or none, sent with another key's lock
    bot = GAMES["bg-dice-v1"] | game
    recorded = bot.get("recorded", [list(r["dice"] or []) for r in verify(parse_request(bot)).rolls])
    lock = hashlib.sha256(bytes.fromhex("ff" * 32)).hexdigest()
    verdict, page = page_of(bot | {"lock": lock, "recorded": recorded})
    (sealed,) = (f for f in verdict.diagnosis or [] if f.cause == "seal_from_other_game")
    assert words in sealed.detail
    # Then the lock's finding is headed as its words blame it: the lock alone only where they do (review: "The lock
    # belongs to another game" above "the lock, the key or both are most likely another game's")
    assert f"<b>{title}</b>" in page
    assert ("The lock belongs to another game" in page) == (title == "The lock belongs to another game")


@pytest.mark.parametrize(
    ("total", "fit", "heading"),
    [
        # 3 of 5 (about 1 in 4,866) and 2 of 5 (about 1 in 137): above CHANCE, below OTHER_GAME_CHANCE
        # (too_few_rolls_fit, headed as that code is beside a seal that does not fit: changed deliberately from "to
        # tell whether the {seal} or the {secret} is another game's", of seal_from_other_game)
        (5, 3, "Too few rolls fit the {secret} to tell whose it is"),
        (5, 2, "Too few rolls fit the {secret} to tell whose it is"),
        # 2 of 6 (about 1 in 93): luck that ordinary explains them, the seal, the secret or both; another match's
        # where a seal covers a whole match, as pair36's does (changed deliberately from "another game" for every room)
        (6, 2, "The {seal}, the {secret} or both belong to {other_game}"),
        # 4 of 6, below CHANCE: the seal alone
        (6, 4, "The {seal} belongs to {other_game}"),
    ],
    ids=["3 of 5", "2 of 5", "2 of 6", "4 of 6"],
)
@pytest.mark.parametrize("scheme", ["pair36", "narde-v1"])
def test_a_seal_of_another_game_beside_too_few_rolls_fitting_to_tell_is_headed_as_its_words_say(
    scheme: str, total: int, fit: int, heading: str
) -> None:
    # Given a game's first `fit` rolls, sent with a count of `fit`, another game's seal, and rolls past the count
    # recorded with other dice
    game = GAMES[scheme] | {"count": total}
    words = schemes.of(parse_request(game)).words
    recorded = miscopied(rolls_of(game), range(fit, total))
    seal = hashlib.sha256(b"another game").hexdigest()
    verdict, page = page_of(game | {parse_request(game).SEAL_FIELD: seal, "count": fit, "recorded": recorded})
    cause = "too_few_rolls_fit" if heading.startswith("Too few") else "seal_from_other_game"
    (found,) = (f for f in verdict.diagnosis or [] if f.cause == cause)
    assert ("too few fit to tell whether the" in found.detail) == heading.startswith("Too few")
    # Then the page heads it as its words say: where too few fit to tell which is another game's, that, where it said
    # "The seal, the server seed or both belong to another game" above "too few fit to tell whether the seal is another
    # game's or the server seed is"
    title = heading.format(seal=words.seal, secret=words.secret, other_game=words.other_game)
    assert f"<b>{title}</b> <span class=muted>(it fits {fit} of the {total} recorded rolls)" in unescape(page)
    assert (f"or both belong to {words.other_game}" in page) == ("or both" in heading)


@pytest.mark.parametrize(
    ("scheme", "count", "heading"),
    [
        ("bg-dice-v1", 2, "The rolls fit the key, but are too few to tell whose it is (it fits both recorded rolls)"),
        (
            "pair36",
            2,
            "The rolls fit the server seed, but are too few to tell whose it is (it fits both recorded rolls)",
        ),
        ("three-dice", 1, "The ply fits the seed, but one is too few to tell whose it is (it fits the recorded ply)"),
    ],
    ids=["bg-dice-v1 2 of 2", "pair36 2 of 2", "three-dice 1 of 1"],
)
def test_too_few_rolls_to_tell_whose_the_secret_is_all_fitting_are_headed_as_too_few_not_as_too_few_fitting(
    scheme: str, count: int, heading: str
) -> None:
    # Review: "Too few rolls fit the key to tell whose it is (it fits both recorded rolls)": both fit, so it is not
    # too few that fit but too few rolls
    # Given a game's every roll recorded, too few for whose the secret is, with another game's seal
    game = GAMES[scheme] | {"count": count}
    seal = hashlib.sha256(b"another game").hexdigest()
    verdict, page = page_of(game | {parse_request(game).SEAL_FIELD: seal, "recorded": rolls_of(game)})
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.too_few_to_tell) == ("too_few_rolls_fit", True)
    assert found.tally is not None and found.tally.fit == found.tally.of == count
    # Then the page heads it plainly
    shown = unescape(re.sub(r"<[^>]+>", "", page))
    assert heading in shown
    assert "Too few" not in shown


@pytest.mark.parametrize(("total", "fit", "fitting"), [(2, 1, 2), (5, 3, 3)], ids=["2 of 2", "3 of 5"])
@pytest.mark.parametrize("scheme", ["bg-dice-v1", "pair36"])
def test_a_roll_count_with_its_fix_beside_too_few_rolls_fitting_to_tell_whose_the_secret_is_reads_as_one(
    scheme: str, total: int, fit: int, fitting: int
) -> None:
    # Review: the seal's too_few_rolls_fit may follow a finding of the rolls that carries a fix: the count, where the
    # rolls compared fit and more are recorded, as many of them fitting as another game's would by luck rarer than
    # 1 time in 100 (2 of 2: 1 in 1,296; 3 of 5: 1 in 4,866)
    # Given a game's first `fitting` rolls, the rest of `total` recorded with other dice, sent with a count of `fit`
    # and another game's seal
    game = GAMES[scheme] | {"count": total}
    request = parse_request(game)
    words = schemes.of(request).words
    recorded = miscopied(rolls_of(game), range(fitting, total))
    seal = hashlib.sha256(b"another game").hexdigest()
    sent = game | {request.SEAL_FIELD: seal, "count": fit, "recorded": recorded}
    verdict, page = page_of(sent)
    # Then the JSON carries both codes, the count's fix and none for the seal's
    answer = [(f["cause"], f["try"]) for f in verdict.model_dump(mode="json")["diagnosis"]]
    assert answer == [("roll_count", {"count": total}), ("too_few_rolls_fit", None)]
    _, sealed = verdict.diagnosis or []
    assert sealed.too_few_to_tell and sealed.tally == (fitting, total, False)
    # and the page shows them in that order, each headed as it says: the count with its link, then whose the secret
    # is, counted over every roll recorded, as the count's words say only those compared fit
    shown = unescape(re.sub(r"<[^>]+>", "", page.split("<h2>Why it may not match</h2>", 1)[1].split("<h2>", 1)[0]))
    every = "both recorded rolls" if fitting == total == 2 else f"{fitting} of the {total} recorded rolls"
    # (changed deliberately: "Too few rolls fit the key to tell whose it is (it fits both recorded rolls)" of 2 of 2)
    whose = (
        f"The {words.rolls} fit the {words.secret}, but are too few to tell whose it is"
        if fitting == total
        else f"Too few {words.rolls} fit the {words.secret} to tell whose it is"
    )
    heads = [
        f"The number of {words.rolls} differs (it fits the first {'' if fit == 1 else f'{fit} '}recorded {words.roll}"
        + ("" if fit == 1 else "s"),
        f"{whose} (it fits {every})",
    ]
    assert shown.index(heads[0]) < shown.index(heads[1]), shown
    assert f"Every {words.roll} compared fits, but {total} {words.rolls} were recorded and {fit} computed" in shown
    assert shown.count(f"Check again with {total} {words.rolls}") == 1
    # (another match's of pair36, whose seal covers a match: changed deliberately from "another game's")
    assert f"too few fit to tell whether the {words.seal} is {words.other_game}'s or the {words.secret} is" in shown
    assert ("only" in sealed.detail) == (fitting < total)
    # and the count's fix, applied, leaves one finding of the same code and rolls: the seal's where they all fit, the
    # rolls' where some differ, too few fitting to tell whose the secret is either way
    fixed = verify(parse_request(sent | {"count": total}))
    (again,) = fixed.diagnosis or []
    assert (again.cause, again.tally, again.too_few_to_tell) == ("too_few_rolls_fit", sealed.tally, True)
    assert (again.detail == sealed.detail) == (fitting == total)
    if fitting < total:
        assert f"too few fit to tell whether the {words.secret} is from {words.other_game} than both" in again.detail


def test_the_seals_finding_is_weighed_against_chance_once_where_its_words_are_written_not_again_for_its_heading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a bot game's 12 rolls, one changed, sent with another key's lock: a finding of the rolls and the lock's
    weighed: list[Any] = []
    weigh = diagnosis_module.seal_alone

    def counted(fit: Any, one_in: int, *, cut: bool = False) -> bool:
        weighed.append(fit)
        return weigh(fit, one_in, cut=cut)

    monkeypatch.setattr(diagnosis_module, "seal_alone", counted)
    lock = hashlib.sha256(bytes.fromhex("ff" * 32)).hexdigest()
    request = parse_request(GAMES["bg-dice-v1"] | {"lock": lock, "recorded": _recorded(GAMES["bg-dice-v1"], change=4)})
    verdict = verify(request)
    assert [f.cause for f in verdict.diagnosis or []] == ["few_rolls_differ", "seal_from_other_game"]
    # Then the lock's finding alone is weighed, once, by the diagnosis that words it (1.4 ms each for 8 rolls of 200)
    assert len(weighed) == 1
    # and the page weighs nothing against chance again (it called `seal_alone` itself, which could disagree with the
    # words), heading it as before
    chances: list[Any] = []
    chance = diagnosis_module.chance_of_at_least
    monkeypatch.setattr(diagnosis_module, "chance_of_at_least", lambda *args: chances.append(args) or chance(*args))
    page = render_page(verdict, request)
    assert len(weighed) == 1
    assert chances == []
    assert "<b>The lock belongs to another game</b>" in page


def test_the_heading_of_a_seals_finding_is_the_one_its_diagnosis_decided() -> None:
    # Given the lock's finding of a bot game's 12 rolls, one changed, sent with another key's lock, which blames the
    # lock alone
    lock = hashlib.sha256(bytes.fromhex("ff" * 32)).hexdigest()
    request = parse_request(GAMES["bg-dice-v1"] | {"lock": lock, "recorded": _recorded(GAMES["bg-dice-v1"], change=4)})
    verdict = verify(request)
    rolls, sealed = verdict.diagnosis or []
    assert sealed.seal_alone and "the lock is most likely another game's" in sealed.detail
    # When the finding said otherwise (the lock, the key or both), its numbers the same
    either = sealed.model_copy(update={"seal_alone": False})
    page = render_page(verdict.model_copy(update={"diagnosis": [rolls, either]}), request)
    # Then the page heads it as the finding says, not as it would weigh the numbers itself
    assert "<b>The lock, the key or both belong to another game</b>" in page
    assert "The lock belongs to another game" not in page
    # and the flag is none of the JSON's, as the tally is not
    assert "seal_alone" not in verdict.model_dump_json()


def test_a_likely_cause_is_headed_in_the_schemes_own_words_as_the_page_around_it() -> None:
    # Given a three-dice game with one ply changed, and a narde-v1 game whose fingerprint is another game's (review: the
    # causes were headed "A few rolls differ" beside counts of plies, and "The seal belongs to another game" under a
    # section headed "The fingerprint")
    _, plies = page_of(GAMES["three-dice"] | {"recorded": _recorded(GAMES["three-dice"], change=4)})
    _, fingerprint = page_of(GAMES["narde-v1"] | {"fingerprint": "ab" * 32, "recorded": _recorded(GAMES["narde-v1"])})

    # Then each cause is headed in its scheme's words
    assert "<b>One ply differs</b> <span class=muted>(11 of the 12 recorded plies fit; 1 differs)</span>" in plies
    assert "<b>The fingerprint belongs to another game</b>" in fingerprint
    assert "A few rolls differ" not in plies and "The seal belongs" not in fingerprint


def test_where_two_seals_differ_the_characters_that_differ_are_marked_on_both() -> None:
    given = SEAL[:10] + ("0" if SEAL[10] != "0" else "1") + SEAL[11:]
    _, page = page_of(GAMES["pair36"] | {"seal": given, "recorded": _recorded(GAMES["pair36"])})
    assert f"<dd><code>{given[:10]}<mark>{given[10]}</mark>{given[11:]}</code></dd>" in page
    assert f"<dd><code>{SEAL[:10]}<mark>{SEAL[10]}</mark>{SEAL[11:]}</code></dd>" in page


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"first": 2, "count": None}, "Check again with roll numbers starting at 1"),
        ({"client_seeds": ["b", "a"]}, "Check again with the client seeds in the order a, b"),
        ({"server_seed": SEAL, "seal": KEY}, "Check again with the server seed and the seal swapped"),
    ],
    ids=["numbering", "seat order", "swapped"],
)
def test_a_cause_says_what_to_change_in_words_never_as_json_or_field_names(change: dict[str, Any], words: str) -> None:
    game = GAMES["pair36"] | {"recorded": _recorded(GAMES["pair36"])}
    _, page = page_of(game | change)
    assert words in page
    prose = _prose(page)
    assert "Change:" not in prose and '{"' not in prose
    for field in ("server_seed", "client_seeds", "first_mismatch", "first_turn"):
        assert field not in prose, field


def test_one_roll_computed_and_none_recorded_is_said_for_one_roll_under_the_headline() -> None:
    # Given a day's roll checked with its secret and a game of one roll, neither with its roll recorded (review:
    # "Compared: none: no rolls were recorded" of one roll), and a game of two
    pages = [page_of(GAMES["daily"])[1], page_of(GAMES["narde-v1"] | {"count": 1})[1]]
    _, two = page_of(GAMES["narde-v1"] | {"count": 2})

    # Then the line under the headline says it for one roll, and for two as before
    for page in pages:
        assert "<b>Compared:</b> none: no roll was recorded.</p>" in page
    assert "<b>Compared:</b> none: no rolls were recorded.</p>" in two


def test_singular_and_plural_are_right_for_one_roll() -> None:
    verdict, page = page_of(GAMES["narde-v1"] | {"count": 1, "recorded": "1-5"})
    assert headline(verdict) == (
        "Fair: the key matches the fingerprint shown before the game, and the recorded roll is the one it gives:"
        " roll 0 from the game's start."
    )
    assert "1 roll computed; 1 compared: 1 matches, 0 differ." in page
    verdict, _ = page_of(GAMES["narde-v1"] | {"count": 1})
    assert "no roll was recorded, so the one roll computed was not compared" in verdict.reasons


def test_each_rolls_mark_is_named_in_words_a_screen_reader_says_as_the_offline_page_names_it() -> None:
    # Given a game of 3 rolls with the first recorded right, the second wrong and the third left out (review: the ✓
    # and ✗ had no words, where the offline page says "matches" and "differs", and the – a screen reader may skip)
    _, page = page_of(GAMES["narde-v1"] | {"count": 3, "recorded": "1-5 4-5"})

    # Then each row's mark is an image named in words
    marks = re.findall(r"<td>(<span [^>]*>.</span>)</tr>", page)
    assert marks == [
        '<span class=ok role=img aria-label="matches">✓</span>',
        '<span class=bad role=img aria-label="differs">✗</span>',
        '<span class=muted role=img aria-label="not compared">–</span>',
    ]


def test_invisible_characters_are_shown_as_code_points_in_every_value_and_in_the_hmac_message() -> None:
    # Given seat seeds holding a right-to-left override and a zero-width joiner, accepted as input
    seats = {"white": "w\u202eb", "black": "\u200dz"}
    _, page = page_of(GAMES["three-dice"] | {"client_seeds": seats})
    shown = (
        '<span class=cp title="U+202E, shown as its code point: it shows nothing, or looks like another character">'
        "⟨U+202E⟩</span>"
    )
    # Then the page marks them wherever the values appear (the game's identity, the link's values)
    assert f"<code>w{shown}b</code>" in page
    assert page.count("⟨U+202E⟩") >= 2 and page.count("⟨U+200D⟩") >= 2
    assert "\u202e" not in _prose(page) and "\u200d" not in _prose(page)
    # And the recipe still carries the exact values, as Python literals that name them
    assert "'w\\u202eb'" in recipe_of(page)
    # And a message holding them (narde's) is shown escaped in the table
    _, page = page_of(GAMES["narde-v1"] | {"phrase": "a\u202eb", "count": 1})
    assert f"<td class=msg>narde-v1|a{shown}b|0<td" in page


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(GAMES["pair36"], id="pair36"),
        pytest.param(GAMES["bg-dice-v1"], id="bg-dice-v1"),
        pytest.param(BG_BOT | {"labels": ["bg-dice-v1:turn:3"], "count": None}, id="bg-dice-v1 from mid-game"),
        pytest.param(GAMES["bg-online-v1"], id="bg-online-v1"),
        pytest.param(GAMES["narde-v1"], id="narde-v1"),
        pytest.param(GAMES["three-dice"], id="three-dice"),
        pytest.param({"scheme": "three-dice", "commit": SEAL}, id="three-dice withheld"),
        pytest.param(GAMES["daily"], id="daily"),
    ],
)
def test_is_this_your_game_names_the_game_first(data: dict[str, Any]) -> None:
    # Given a game of each scheme (review: one key and its seal are fair under several schemes, and "Is this your game?"
    # listed only the inputs, a bot game from mid-game none at all)
    _, page = page_of(data)

    # Then the section names first the game its dice were checked as, in the words its players know, by its scheme
    section = re.search(r"<h2>Is this your game\?</h2>.*?<dl class=identity>(.*?)</dl>", page, re.S)
    assert section is not None
    first = re.match(r"<dt>(.*?)</dt><dd>(.*?)</dd>", section.group(1).lstrip())
    assert first is not None
    assert unescape(first.group(1)) == f"The game: {GAME_TITLES[data['scheme']]}"
    assert first.group(2) == f"<code class=id><bdi>{data['scheme']}</bdi></code>"


def _identity_values(page: str) -> list[str]:
    """What the section "Is this your game?" holds for each input the scheme names, as HTML: after the game, which it
    names first (`test_is_this_your_game_names_the_game_first`)."""
    section = re.search(r"<dl class=identity>(.*?)</dl>", page, re.S)
    assert section is not None
    return re.findall(r"<dd>(.*?)</dd>", section.group(1), re.S)[1:]


def test_a_phrase_a_screen_may_reorder_is_shown_again_in_the_order_it_was_typed_left_to_right() -> None:
    # Given a narde phrase of a Hebrew word, a space and 12, which a left-to-right line shows like 12, a space and
    # the word (another phrase, other dice)
    phrase = "\u05e9\u05dc\u05d5\u05dd 12"
    _, page = page_of(GAMES["narde-v1"] | {"phrase": phrase})

    (value,) = _identity_values(page)

    # Then it is shown isolated from the text around it, and again in the order it was typed, left to right
    written = "\u05e9\u05dc\u05d5\u05dd<span class=sp> </span>12"
    assert value == (
        f"<code class=id><bdi>{written}</bdi></code><p class=typed><span class=muted>In the order it was typed, left"
        f" to right:</span> <code class=id><bdo dir=ltr>{written}</bdo></code></p>"
    )
    # And the value's own text is exactly the phrase, in both
    assert [unescape(re.sub(r"<[^>]+>", "", code)) for code in re.findall(r"<code class=id>(.*?)</code>", value)] == [
        phrase,
        phrase,
    ]


def test_right_to_left_words_alone_are_shown_once_as_they_are_read() -> None:
    _, page = page_of(GAMES["narde-v1"] | {"phrase": "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd"})
    (value,) = _identity_values(page)
    assert value == (
        "<code class=id><bdi>\u05e9\u05dc\u05d5\u05dd<span class=sp> </span>\u05e2\u05d5\u05dc\u05dd</bdi></code>"
    )


def test_every_space_in_a_value_that_identifies_the_game_is_marked_and_the_values_text_is_unchanged() -> None:
    # Given a phrase with spaces inside, one doubled (its second space is shown as its code point)
    _, page = page_of(GAMES["narde-v1"] | {"phrase": "a b  c"})

    (value,) = _identity_values(page)

    # Then each space is marked, and nothing is added to the text
    assert value == (
        "<code class=id><bdi>a<span class=sp> </span>b<span class=sp> </span>"
        '<span class=cp title="U+0020, shown as its code point: it shows nothing, or looks like another character">'
        "⟨U+0020⟩</span>c</bdi></code>"
    )
    # But not the ", " between two seats' seeds, which is in neither (review: "a,▯b" read as one seed with a space)
    _, page = page_of(GAMES["pair36"])
    assert _identity_values(page) == ["<code class=id><bdi>a, b</bdi></code>"]
    assert identity_value("a, b", ["a", "b c"]) == "<code class=id><bdi>a, b<span class=sp> </span>c</bdi></code>"


def test_a_scheme_the_pages_script_does_not_know_is_said_to_be_one_the_browser_cannot_check(toy: None) -> None:
    request = parse_request({"scheme": "toy-d20", "key": KEY, "seed": "abc", "count": 3})
    page = verdict_page(verify(request), request)
    assert "Your browser cannot recompute these rolls itself: this page's script does not know the scheme" in page.html
    assert "<script>" not in page.html and "script-src" not in page.policy


def test_whether_a_bot_game_began_with_an_opening_roll_is_shown_as_yes_or_no() -> None:
    # Given a bot game checked as a first game and as a later game of a match (one key rolls both)
    for opening, shown in ((True, "yes"), (False, "no")):
        _, page = page_of(GAMES["bg-dice-v1"] | {"opening": opening})

        # Then "Is this your game?" asks it, with the answer the check used
        assert _identity_values(page) == [f"<code class=id><bdi>{shown}</bdi></code>"]
        assert "Whether the game began with an opening roll: yes for a single game" in page


def test_every_page_of_the_api_has_one_main_landmark_and_its_footer_after_it() -> None:
    # Review (pages): no page had a `main` landmark, where a screen reader's user goes first; only a footer
    _, verdict_html = page_of(GAMES["narde-v1"])
    refused = error_page(422, "bad link", [Problem(field="n", message="must be a whole number")], where="link").html
    for page in (verdict_html, refused, offline().html):
        assert page.count("<main>") == page.count("</main>") == 1
        main = page[page.index("<main>") : page.index("</main>")]
        assert "<h1" in main or "<h2" in main
        assert "<footer" not in main
        assert page.index("</main>") < page.index("<footer")


def test_a_daily_commitment_given_is_for_the_player_to_recognise_as_the_one_the_archive_published() -> None:
    # Review (diff): a daily roll's commitment got the app games' words, "the commitment your game showed before its
    # first roll", where no game's screen shows it: the daily archive publishes it. And "only that one shows the day
    # secret was fixed before the play" (review): one published out of its time, or not kept under Object Lock in
    # compliance mode, shows no such thing (README's "Daily secrets"), so the words say which one can
    _, page = page_of(GAMES["daily"] | {"commitment": SEAL})
    assert (
        "Check that this is the commitment the daily archive publishes for the day between 00:00 and 00:15 UTC:"
        " fairdice knows only the commitment it was given, and only the archive's, published in that time and kept"
        " under Object Lock in compliance mode, can show the day secret was fixed before the play." in unescape(page)
    )
    assert "only that one shows the day secret" not in unescape(page)
    assert "commitment your game showed" not in unescape(page)


def test_the_daily_commitment_to_recognise_is_the_one_published_in_the_archives_grace_never_before_the_day() -> None:
    # Review (an operator on the daily archive): the page asked the player to check that the commitment given was "the
    # one the daily archive published before that day began". One published before its day is what the archive itself
    # calls early, a secret that could have been chosen for the rolls it gives, and the archive publishes at 00:00 UTC,
    # within the grace after it: the words had a careful player accept what the archive refuses, and doubt what it
    # publishes
    day = dt.date(2026, 10, 28)
    assert publication(day, day_start(day) - dt.timedelta(seconds=1)) == "early"
    assert publication(day, day_start(day)) == publication(day, commitment_deadline(day)) == "in_time"

    # Given a daily roll whose commitment came with the request
    _, page = page_of(GAMES["daily"] | {"commitment": SEAL})

    # Then the page sends the player to the archive's own window for it, and never to a time before the day
    window = f"between {day_start(day):%H:%M} and {commitment_deadline(day):%H:%M} UTC"
    assert f"the commitment the daily archive publishes for the day {window}: fairdice knows only" in unescape(page)
    assert "before that day began" not in unescape(page)


@pytest.mark.parametrize("count", [100, 101, 150])
def test_a_links_long_list_of_rolls_is_cut_after_a_whole_roll(count: int) -> None:
    # Review (diff): cut at 300 characters, the list could end inside a roll or draw an empty one
    request = GAMES["narde-v1"] | {"count": None}
    dice = [report["dice"] for report in verify(parse_request(request | {"count": count})).rolls]
    _, page = page_of(request | {"recorded": dice})
    values = page[page.index("<h2>The link's values</h2>") :]
    shown = re.findall(r"<span class=roll>([^<]*)</span>", values)
    assert shown == ["-".join(map(str, roll)) for roll in dice[: len(shown)]]
    assert 0 < len(shown) < count
    assert "<span class=roll></span>…" not in values


@pytest.mark.parametrize(
    ("scheme", "total", "changed", "heading"),
    [
        # 3 of 5, which another game's would fit 1 time in about 4,866
        ("pair36", 5, (1, 3), "Too few rolls fit the server seed to tell whose they are"),
        ("narde-v1", 5, (1, 3), "Too few rolls fit the key to tell whose they are"),
        # 1 of 2 plies of three dice, 1 time in about 108
        ("three-dice", 2, (1,), "Too few plies fit the seed to tell whose they are"),
    ],
)
def test_rolls_too_few_of_which_fit_the_secrets_own_seal_are_headed_as_too_few_to_tell_whose(
    scheme: str, total: int, changed: tuple[int, ...], heading: str
) -> None:
    # Given a game's rolls, some changed, under the secret's own seal
    game = GAMES[scheme] | {"count": total}
    dice = miscopied(rolls_of(game), changed)
    verdict, page = page_of(game | {"recorded": dice})
    assert [f.cause for f in verdict.diagnosis or []] == ["too_few_rolls_fit"]
    # Then the page heads it so, naming the secret and the rolls in the scheme's words, where it said "The rolls belong
    # to another game" (and, before the secret was named, "Too few rolls fit to tell whose they are")
    fit, rolls = total - len(changed), schemes.of(parse_request(game)).words.rolls
    assert f"<b>{heading}</b> <span class=muted>(it fits {fit} of the {total} recorded {rolls})</span>" in page
    assert "belong to another game" not in page


@pytest.mark.parametrize(
    ("scheme", "total", "changed", "heading"),
    [
        # 3 of 5, which another game's secret would fit 1 time in about 4,866: too few to tell whose it is
        ("pair36", 5, (1, 3), "Too few rolls fit the server seed to tell whose it is"),
        ("narde-v1", 5, (1, 3), "Too few rolls fit the key to tell whose it is"),
        # 2 of 6, about 1 in 93: luck that ordinary explains them, and the secret is most likely another game's; a
        # pair36 server seed is a whole match's, so another match's (changed deliberately from "another game")
        ("pair36", 6, (1, 3, 4, 5), "The server seed belongs to another match"),
        ("narde-v1", 6, (1, 3, 4, 5), "The key belongs to another game"),
    ],
)
def test_a_secret_beside_another_games_seal_is_headed_another_games_only_where_its_words_say_so(
    scheme: str, total: int, changed: tuple[int, ...], heading: str
) -> None:
    # Given a game's rolls, some changed, sent with another game's seal
    game = GAMES[scheme] | {"count": total}
    dice = miscopied(rolls_of(game), changed)
    seal = hashlib.sha256(b"another game").hexdigest()
    verdict, page = page_of(game | {parse_request(game).SEAL_FIELD: seal, "recorded": dice})
    (found,) = verdict.diagnosis or []
    # too_few_rolls_fit where too few fit to tell, as its cause now says (it was secret_from_other_game either way)
    assert found.cause == ("too_few_rolls_fit" if heading.startswith("Too few") else "secret_from_other_game")
    # Then the heading says what the words say (review: "The server seed belongs to another game" above "too few fit
    # to tell whether the server seed is from another game than both or this game's")
    assert f"<b>{heading}</b> <span class=muted>(it fits {total - len(changed)} of the {total} recorded rolls)" in page
    assert ("too few fit to tell" in found.detail) == heading.startswith("Too few")
