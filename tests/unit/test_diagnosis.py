"""Near-miss diagnosis: rolls recorded under each mistake people make are traced back to it.

Every test builds the game as it really was, takes its rolls, then sends them with one
mistake. The diagnosis must name that mistake, and its `try`, applied to the mistaken
request, must give a fair verdict (or a matching roll check when no seal is given).
"""

import collections
import datetime as dt
import hashlib
import html
import itertools
import math
import random
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from fairdice import diagnosis as diagnosis_module
from fairdice import schemes
from fairdice.diagnosis import MAX_FINDINGS, OTHER_GAME_CHANCE, _hypotheses, _one_time_in, _too_few_fit, _try, diagnose
from fairdice.dice import keyed_mac
from fairdice.links import parse_link
from fairdice.page import render_page
from fairdice.schemes import narde, parse_request
from fairdice.schemes.base import CHANCE, MAX_COMPARED, Case, RevealedDay, chance_of_at_least, recased, trimmed
from fairdice.verdict import CAUSE_MEANINGS, Finding, Tally, Verdict
from fairdice.verify import verify
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from testkit.oracles import seed_001
from unit.strategies import requests
from unit.test_verify import OneDay

KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
OTHER_KEY = "ff" * 32
PLAYER = "123e4567-e89b-12d3-a456-426614174000"

PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "seal": SEAL, "client_seeds": ["a", "b"]}
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "fingerprint": SEAL, "phrase": "test"}
THREE: dict[str, Any] = {
    "scheme": "three-dice",
    "seed": KEY,
    "commit": SEAL,
    "client_seeds": {"white": "w-seed", "black": "b-seed"},
}
BOT: dict[str, Any] = {"scheme": "bg-dice-v1", "key": KEY, "lock": SEAL}
ONLINE: dict[str, Any] = {"scheme": "bg-online-v1", "server_number": KEY, "seal": SEAL, "app_numbers": ["0a1b", "ff02"]}
DAILY: dict[str, Any] = {
    "scheme": "daily",
    "date": "2026-10-28",
    "player_id": PLAYER,
    "secret": KEY,
    "commitment": SEAL,
}


def rolls_of(request: dict[str, Any]) -> list[list[int]]:
    """The dice the game really rolled."""
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def check(request: dict[str, Any]) -> Verdict:
    return verify(parse_request(request))


def rolls_word(request: dict[str, Any]) -> str:
    """What the request's scheme calls its rolls, as a finding counts them: three-dice's plies."""
    return schemes.of(parse_request(request)).words.rolls


def secret_word(request: dict[str, Any]) -> str:
    """What the request's scheme calls its secret, as a finding names it: bg-dice-v1's key, three-dice's seed."""
    return schemes.of(parse_request(request)).words.secret


def apply(request: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The request with a finding's `try` applied: a null value leaves the field out."""
    changed = dict(request)
    for name, value in change.items():
        if value is None:
            changed.pop(name, None)
        else:
            changed[name] = value
    return changed


def finding(verdict: Verdict, cause: str) -> Finding:
    assert verdict.verdict == "mismatch"
    assert verdict.diagnosis is not None
    causes = [f.cause for f in verdict.diagnosis]
    assert cause in causes, f"{cause} not in {causes}"
    return next(f for f in verdict.diagnosis if f.cause == cause)


def assert_try_is_fair(request: dict[str, Any], found: Finding) -> None:
    assert found.try_ is not None
    fixed = check(apply(request, found.try_))
    assert fixed.checks.rolls == "match"
    # Fair exactly when nothing else is missing: the seal, a whole game, a commitment in time (daily)
    assert fixed.verdict in ("fair", "incomplete")
    assert (fixed.verdict == "fair") == (not fixed.reasons)


def assert_only_a_piece(found: Finding, piece: str) -> None:
    """The rolls fit only a window or a take-back line of the whole game sent: said, but offered as no fix."""
    assert found.try_ is None
    assert piece in found.detail
    assert "not offered as a fix" in found.detail


# ---- numbering ---------------------------------------------------------------------------


def test_pair36_rolls_numbered_one_later_are_traced_to_the_numbering_but_offered_as_no_fix() -> None:
    # Given rolls that start at roll number 2 (one opening roll-off before them)
    mistaken = PAIR36 | {"recorded": rolls_of(PAIR36 | {"first": 2, "count": 52})}

    # When they are verified as the match from roll 1
    verdict = check(mistaken)

    # Then the diagnosis says the numbering is off by one, but sending them from roll 2 would only check a window
    found = finding(verdict, "numbering_shifted")
    assert found.explains == "52 of 52 rolls"
    assert "+1" in found.detail
    assert_only_a_piece(found, "rolls 2 to 53 only: the match's rolls from roll 1 are needed")
    assert check(mistaken | {"first": 2}).verdict == "incomplete"


def test_pair36_rolls_numbered_from_two_are_brought_back_to_the_match_start() -> None:
    # Given the match's rolls from roll 1, sent as if they started at roll 2
    mistaken = PAIR36 | {"first": 2, "recorded": rolls_of(PAIR36 | {"count": 52})}

    # Then the diagnosis finds them at roll 1, and that try checks the whole match
    found = finding(check(mistaken), "numbering_shifted")
    assert found.try_ == {"first": 1}
    assert_try_is_fair(mistaken, found)


def test_narde_rolls_counted_from_one_are_traced_to_the_zero_based_numbering() -> None:
    mistaken = NARDE | {"first": 1, "recorded": rolls_of(NARDE | {"count": 30})}
    found = finding(check(mistaken), "numbering_shifted")
    assert found.try_ == {"first": 0}
    assert "from 0" in found.detail
    assert_try_is_fair(mistaken, found)


def test_three_dice_plies_shifted_by_two_are_found_but_are_only_a_window() -> None:
    mistaken = THREE | {"recorded": rolls_of(THREE | {"first": 2, "count": 20})}
    found = finding(check(mistaken), "numbering_shifted")
    assert_only_a_piece(found, "plies 2 to 21 only: the game's plies from ply 0 are needed")


def test_a_three_dice_finding_counts_what_it_explains_in_plies_as_the_page_and_seed_003_do() -> None:
    # Review: three-dice's findings explained "19 of 20 rolls" in the JSON, where the page and their details said plies
    game = rolls_of(THREE | {"count": 20})
    game[5] = [die % 6 + 1 for die in game[5]]
    request = parse_request(THREE | {"recorded": game})
    verdict = verify(request)
    assert finding(verdict, "few_rolls_differ").explains == "19 of 20 plies"
    assert "19 of the 20 recorded plies fit; 1 differs" in render_page(verdict, request)
    # (too_few_rolls_fit: one ply beside the seed's own commit is too few to tell whose it is, changed deliberately
    # from rolls_from_other_game)
    one = finding(check(THREE | {"first": 1, "recorded": game[:1]}), "too_few_rolls_fit")
    assert one.explains == "0 of 1 ply"


# (beside the seed's own commit, too_few_rolls_fit: one ply is too few to tell whose it is, changed deliberately from
# rolls_from_other_game)
@pytest.mark.parametrize(("commit", "cause"), [(SEAL, "too_few_rolls_fit"), ("00" * 32, "secret_from_other_game")])
def test_a_three_dice_finding_on_too_few_plies_to_tell_a_mistake_counts_them_in_plies(commit: str, cause: str) -> None:
    # Given a three-dice request of one ply that no mistake tried explains, fewer than a mistake needs to be named
    sent = THREE | {"commit": commit, "first": 1, "recorded": rolls_of(THREE | {"count": 1})}

    # When it is diagnosed
    found = finding(check(sent), cause)

    # Then the plies are counted as the scheme and `explains` count them (review: "0 of 1 ply" beside "with 1 recorded
    # roll, the mistakes tried cannot be told from chance")
    assert found.explains == "0 of 1 ply"
    # (changed deliberately from "none of the mistakes tried (…) explains …(with 1 recorded ply, the mistakes tried
    # cannot be told from chance)": none was weighed on one ply)
    assert "cannot be weighed on" in found.detail
    assert "(1 recorded ply is too few to tell any of them from chance)" in found.detail


def test_a_later_game_of_a_classic_match_is_found_far_from_roll_one() -> None:
    # Given the second game of a match that kept counting: its rolls start at roll number 53
    mistaken = PAIR36 | {"recorded": rolls_of(PAIR36 | {"first": 53, "count": 40})}
    found = finding(check(mistaken), "numbering_shifted")
    assert "game to game" in found.detail
    # A later game of a match given alone is a window of the match: found, but no fix
    assert_only_a_piece(found, "rolls 53 to 92 only: the match's rolls from roll 1 are needed")


@pytest.mark.parametrize("count", [3, 4, 5])
def test_a_start_found_in_the_window_is_weighed_among_every_start_scanned(count: int) -> None:
    # Given a match's rolls from roll 100, sent as its first: the window of START_WINDOW starts finds them there, but
    # any 3 rolls of two dice appear somewhere in it 1 time in about 182 (each start 1 time in 46,656), so 3 or 4 fit
    # there no better than another game's would (measured: 3 random pair36 rolls were "numbered from" some start in 55
    # of 10,000 draws, each start held to CHANCE alone)
    assert 1 / 46_656 < CHANCE < diagnosis_module.START_WINDOW / 46_656
    mistaken = PAIR36 | {"count": count, "recorded": rolls_of(PAIR36 | {"first": 100, "count": count})}
    verdict = check(mistaken)
    causes = [f.cause for f in verdict.diagnosis or []]
    if count < 5:
        # Then it is no cause where so few fit: said as a reading, with the odds of any start fitting as well, weighed
        # together with the other starts scanned
        assert "numbering_shifted" not in causes
        (found,) = verdict.diagnosis or []
        assert "the recorded rolls fit roll number 100 onward, not 1" in found.detail
        # of the starts tried as such: the 256 scanned but roll 1, the one given, and rolls 2 to 4, tried as the
        # numbers near it (review: "the 255 other readings", 4 of them not tried so)
        assert "of the 251 other readings like it tried" in found.detail
        return
    # and a cause where more fit than all of the starts together would by luck, as before
    assert_only_a_piece(finding(verdict, "numbering_shifted"), "rolls 100 to 104 only")


@pytest.mark.parametrize(
    ("game", "recorded", "reading", "odds"),
    [
        # Random rolls found by drawing another game's: 3 of 4 fit roll 3 onward, one of the 3 numbers near 1 tried
        (
            PAIR36,
            "6-4 3-4 3-1 4-6",
            "fit roll number 3 onward, not 1",
            "of the 2 other readings like it tried 1 time in about 3,971",
        ),
        # 3 of 4 fit game 2 with the apps' numbers the other way round, one of the 16 games and seat orders tried
        (
            ONLINE,
            "5-4 6-6 4-6 1-6",
            "fit game 2 of the match",
            "of the 15 other readings like it tried 1 time in about 745",
        ),
    ],
    ids=["pair36-numbering", "bg-online-v1-match-game"],
)
def test_a_reading_among_several_tried_alike_is_held_to_the_bar_together(
    game: dict[str, Any], recorded: str, reading: str, odds: str
) -> None:
    # Given another game's 4 rolls that 3 of 4 of one of the numbers near the first (or one of the other games and seat
    # orders of the match) fit by luck: each alone 1 time in about 11,900, any of them about 1 in 4,000 (or 1 in 745)
    verdict = check(game | {"recorded": recorded})
    (found,) = verdict.diagnosis or []
    # Then it is no cause (review: 4 random rolls were "numbered from 3" about 2 times in 10,000, "game 3 of the match"
    # 5 times, each reading held to CHANCE alone), but a reading said with the odds of any of them fitting as well
    assert found.cause not in ("numbering_shifted", "match_game", "seat_order", "opening_roll")
    assert reading in found.detail
    assert f"3 of 4 rolls of another game would fit it or one {odds}" in found.detail or (
        f"3 of 4 rolls copied wrong would fit it or one {odds}" in found.detail
    )


def test_three_of_four_rolls_of_a_numbering_near_the_first_are_this_games_if_the_game_was_so() -> None:
    # Given narde's rolls 0 to 3 sent from roll 1, the last copied wrong: 3 of 4 fit roll 0 onward, one of the 4 numbers
    # near 1 tried, which any 4 rolls fit 1 time in about 2,978
    verdict = check(NARDE | {"first": 1, "recorded": "15 46 34 12"})
    (found,) = verdict.diagnosis or []
    # Then it is no cause, but not "most likely another game's rolls" either, which that luck makes no likelier: the
    # key is right if the game was so, the shift offered with its odds and the roll that differs under it
    assert found.cause == "few_rolls_differ"
    assert "most likely" not in found.detail
    assert found.try_ == {"first": 0}
    assert "the key is right if the game was so" in found.detail
    assert (
        "3 of 4 rolls copied wrong would fit it or one of the 3 other readings like it tried 1 time in about 2,978"
        in (found.detail)
    )
    assert "check roll 4, which differs under it too" in found.detail


@pytest.mark.parametrize("seal", [SEAL, None, "00" * 32], ids=["its seal", "no seal", "another seal"])
def test_rolls_a_reading_offered_as_no_fix_fits_beyond_ordinary_luck_are_not_most_likely_another_games(
    seal: str | None,
) -> None:
    # Given game 1 of a match without its opening roll, 3 rolls, sent as the whole game 1: they fit "game 1 without an
    # opening roll", one of the 16 readings of the match tried, which another game's 3 rolls would fit 1 time in about
    # 2,916 (46,656 / 16), too few to name it, and a piece of the game, so no fix
    sent = ONLINE | {"seal": seal, "recorded": rolls_of(ONLINE | {"opening": False, "count": 3})}

    # When it is diagnosed
    (found,) = check(sent).diagnosis or []

    # Then the reading is said with its odds, and the rolls are not "most likely another game's" (rolls_from_other_game
    # or, beside another seal, secret_from_other_game), which luck that rare makes no likelier, but too few to tell
    assert "the rolls fit game 1 without an opening roll" in found.detail
    assert "of the 15 other readings like it tried 1 time in about 2,916" in found.detail
    assert found.cause == "too_few_rolls_fit"
    assert "most likely" not in found.detail
    assert "may be from another match than both" in found.detail or "may be another game's rolls" in found.detail
    assert "but 3 rolls telling the reading above apart are too few to tell which" in found.detail
    assert _words_against_code(check(sent)) == []


@pytest.mark.parametrize("game", [PAIR36 | {"first": 11}, ONLINE | {"game": 2}], ids=["pair36", "bg-online-v1"])
def test_a_real_shift_of_twenty_rolls_is_named_among_as_many_tried(game: dict[str, Any]) -> None:
    # Given 20 rolls of the game one before the one given (roll 10 onward, or game 1 without its opening roll)
    real = game | {"first": 10} if "first" in game else game | {"game": 1, "opening": False}
    mistaken = game | {"recorded": rolls_of(real | {"count": 20})}
    # Then the reading is still named, 20 rolls far beyond what any of those tried would fit by luck
    found = (check(mistaken).diagnosis or [])[0]
    assert found.cause in ("numbering_shifted", "match_game")
    assert found.explains == "20 of 20 rolls"


# ---- seats -------------------------------------------------------------------------------


def test_pair36_client_seeds_in_the_other_seat_order_are_found() -> None:
    mistaken = PAIR36 | {"client_seeds": ["b", "a"], "recorded": rolls_of(PAIR36 | {"count": 40})}
    found = finding(check(mistaken), "seat_order")
    assert found.try_ == {"client_seeds": ["a", "b"]}
    assert_try_is_fair(mistaken, found)


def test_pair36_three_seats_in_any_order_are_found() -> None:
    real = PAIR36 | {"client_seeds": ["c", "a", "b"], "count": 30}
    mistaken = PAIR36 | {"client_seeds": ["a", "b", "c"], "recorded": rolls_of(real)}
    found = finding(check(mistaken), "seat_order")
    assert found.try_ == {"client_seeds": ["c", "a", "b"]}
    assert_try_is_fair(mistaken, found)


def test_three_dice_white_and_black_swapped_are_found() -> None:
    swapped = {"white": "b-seed", "black": "w-seed"}
    mistaken = THREE | {"client_seeds": swapped, "recorded": rolls_of(THREE | {"count": 20})}
    found = finding(check(mistaken), "seat_order")
    assert found.try_ == {"client_seeds": THREE["client_seeds"]}
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize("phrase", ["test ", " test", "test  ", "\u00a0test\u3000"])
def test_a_phrase_with_a_space_copied_at_an_end_is_found_and_shown(phrase: str) -> None:
    # Review (a player's pages): `phrase=test%20` was a mismatch whose one cause was "another game's rolls"
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"count": 12})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "spaces_at_ends"
    found = finding(verdict, "spaces_at_ends")
    assert found.try_ == {"phrase": "test"}
    assert found.detail.startswith("the rolls fit the phrase without the space")
    assert '"test", not ' in found.detail
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize("phrase", ["Test", "TEST", "tEST"])
def test_a_phrase_typed_with_other_capitals_is_found_and_shown(phrase: str) -> None:
    # Review (support): a phrase whose first letter a phone capitalised was a mismatch whose one cause was "most likely
    # another game's rolls", though the key, the seal and every roll were the game's
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"count": 12})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "letter_case"
    found = finding(verdict, "letter_case")
    assert found.try_ == {"phrase": "test"}
    assert found.detail.startswith(f'the rolls fit the phrase with other capitals: "test", not "{phrase}"')
    assert_try_is_fair(mistaken, found)
    # and the page's "Check again with …" link says the phrase to try
    assert schemes.get("narde-v1").change_words(found.try_) == 'the phrase "test"'


@pytest.mark.parametrize(
    ("real", "phrase", "phone"),
    [
        ("test", "Test", True),
        ("test", "TEST", False),
        ("Test", "test", False),
        # Review: a Turkish phone writes i's capital İ and caps lock I's small letter ı, which Python's lower() and
        # upper() do not (İ became "i" and a combining dot); every word capitalised was not tried
        ("istanbul", "\u0130stanbul", True),
        ("istanbul", "\u0130STANBUL", False),
        ("\u0131stanbul", "ISTANBUL", False),
        ("Good Luck", "good luck", False),
        # Review: a digraph's title case (ǅ, the capital of ǆ at a word's start, where Ǆ is both letters raised) was
        # tried of neither "ǆemal" nor "ǄEMAL", as upper() raises ǆ to Ǆ; nor a Greek vowel's with an iota below
        ("\u01c5emal", "\u01c6emal", False),
        ("\u01c6emal", "\u01c5emal", True),
        ("\u01c5emal", "\u01c4EMAL", False),  # caps lock over it
        ("\u01c8ubav", "\u01c9ubav", False),
        ("\u1fbcδης", "\u1fb3δης", False),
    ],
)
def test_a_phrase_typed_with_other_capitals_names_a_phone_only_where_its_first_letter_was_raised(
    real: str, phrase: str, phone: bool
) -> None:
    # Review: "a phone may have capitalised its first letter" was said beside "TEST" typed for "test" (caps lock), and
    # beside "test" typed for "Test", where no phone capitalised anything
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": real, "count": 12})}
    found = finding(check(mistaken), "letter_case")
    assert found.try_ == {"phrase": real}
    assert ("a phone may have capitalised its first letter" in found.detail) is phone
    assert found.detail.endswith(
        "capitals and all: a phone may have capitalised its first letter)" if phone else "capitals and all)"
    )


@pytest.mark.parametrize(
    ("phrase", "said"),
    [
        (
            "Test ",
            '"test", not "Test " (the text goes into every roll as the game showed it, capitals, spaces and all:',
        ),
        (
            " TEST",
            '"test", not " TEST" (the text goes into every roll as the game showed it, capitals, spaces and all)',
        ),
    ],
)
def test_a_phrase_typed_with_other_capitals_and_a_space_at_an_end_is_found(phrase: str, said: str) -> None:
    # Review: a phone capitalises the first letter and puts a space after the word; "Test " for "test" was "most
    # likely another game's rolls", neither mistake alone explaining them
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"count": 12})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "letter_case"
    found = finding(verdict, "letter_case")
    assert found.try_ == {"phrase": "test"}
    where = "end" if phrase.endswith(" ") else "start"
    assert found.detail.startswith(
        f"the rolls fit the phrase with other capitals and without the space at its {where}: "
    )
    assert said in found.detail
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    ("real", "phrase"),
    [("Test", "TEST"), ("Good Luck", "GOOD LUCK"), ("Good luck", "GOOD LUCK"), ("\u0130stanbul", "\u0130STANBUL")],
)
def test_a_capitalised_phrase_typed_with_caps_lock_on_is_found(real: str, phrase: str) -> None:
    # Second review: caps lock over a phrase whose first letter (or every word's) is a capital raises it whole; such a
    # phrase was "most likely another game's rolls", letter case tried, as only the first letter was ever lowered alone
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": real, "count": 12})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "letter_case"
    found = finding(verdict, "letter_case")
    assert found.try_ == {"phrase": real}
    assert found.detail == (
        f'the rolls fit the phrase with other capitals: "{real}", not "{phrase}" (the text goes into every roll as the'
        " game showed it, capitals and all)"
    )
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    ("phrase", "count", "named"), [(" \u0130stanbul iI ", 3, False), (" \u0130stanbul iI ", 4, True), ("TEST", 3, True)]
)
def test_the_spellings_of_a_phrase_tried_weigh_together_never_naming_the_typing_for_another_games_rolls_by_luck(
    phrase: str, count: int, named: bool
) -> None:
    # Review: each spelling tried was held alone to CHANCE, 3 rolls of two dice for narde-v1 (1 time in 46,656), but up
    # to 36 are tried on one phrase: another game's 3 rolls fitting one of the 20 spellings of " İstanbul iI " by luck,
    # 1 time in about 2,333, named the player's typing their cause. The spellings tried together are held to CHANCE: 4
    # rolls there; "TEST", of 3 spellings, still 3
    spellings = recased(phrase)
    trim = trimmed(phrase)
    among = len(spellings) + len(recased(trim) if trim is not None else [])
    case = Case.of(schemes.get("narde-v1"), parse_request(NARDE | {"phrase": phrase}), bytes.fromhex(KEY))
    needed = case.evidence_among(among)
    assert among * (1 / 36) ** needed < CHANCE <= among * (1 / 36) ** (needed - 1) or needed == case.evidence
    real = spellings[-1]
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": real, "count": count})}
    verdict = check(mistaken)
    assert verdict.verdict == "mismatch"
    assert any(found.cause == "letter_case" for found in verdict.diagnosis or []) is named
    if named:
        assert finding(verdict, "letter_case").try_ == {"phrase": real}


def test_a_spelling_too_few_rolls_fit_of_many_tried_is_offered_with_the_odds_of_any_of_them() -> None:
    # Review: one of the 20 spellings of " İstanbul iI " that 3 rolls fit, too few for one of 20, was offered as a
    # reading that "3 rolls copied wrong would fit 1 time in 46,656", the odds of it alone, where one of the 20 fits
    # them so about 1 time in 2,333, and "(the other rolls read the same either way)" where no other roll was recorded
    phrase = " \u0130stanbul iI "
    real = recased(phrase)[-1]
    verdict = check(NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": real, "count": 3})})
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.try_) == ("few_rolls_differ", {"phrase": real})
    assert (
        "But rolls 0, 1 and 2 alone tell it from the settings given, and 3 rolls copied wrong would fit it or one of"
        " the 19 other readings like it tried 1 time in about 2,333: if the game was so, check again with that change."
    ) in found.detail
    assert "the same either way" not in found.detail
    assert "46,656" not in found.detail


def test_the_spellings_of_a_phrase_tried_weigh_together_with_the_rolls_that_miss() -> None:
    # Review: held to 3 rolls that fit, the 2 spellings tried on "test" named the typing the cause of 4 rolls of which
    # 3 fit "TEST" and one did not, as one of 2 spellings fits 3 or more of 4 another game's rolls 1 time in about
    # 5,950 by luck, more often than CHANCE
    real = rolls_of(NARDE | {"phrase": "TEST", "count": 4})
    other = next(roll for roll in ([a, b] for a in range(1, 7) for b in range(1, 7)) if roll != real[2])
    mistaken = NARDE | {"recorded": [*real[:2], other, real[3]]}
    verdict = check(mistaken)
    assert verdict.verdict == "mismatch"
    assert all(found.cause != "letter_case" for found in verdict.diagnosis or [])
    # while all 12 of a game's rolls, one of them missed, still name it
    twelve = rolls_of(NARDE | {"phrase": "TEST", "count": 12})
    twelve[5] = next(roll for roll in ([a, b] for a in range(1, 7) for b in range(1, 7)) if roll != twelve[5])
    assert finding(check(NARDE | {"recorded": twelve}), "letter_case").try_ == {"phrase": "TEST"}


@pytest.mark.parametrize(("real", "phrase"), [("STRASSE", "stra\u00dfe"), ("FISH", "\ufb01sh")])
def test_a_phrase_spelt_with_other_letters_is_not_said_to_have_other_capitals(real: str, phrase: str) -> None:
    # Review: "straße" typed for "STRASSE" was "with other capitals", but ß is no small SS: Unicode's upper() makes
    # two letters of one, as of the ligature ﬁ, another spelling, not the same text in other capitals
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": real, "count": 12})}
    verdict = check(mistaken)
    assert verdict.verdict == "mismatch"
    assert all(found.cause != "letter_case" for found in verdict.diagnosis or [])


def test_a_phrase_of_no_capitals_to_change_is_tried_in_no_other_case() -> None:
    mistaken = NARDE | {"phrase": "12-3", "recorded": rolls_of(NARDE | {"count": 12})}
    assert all(found.cause != "letter_case" for found in check(mistaken).diagnosis or [])
    assert "letter case" not in (check(mistaken).diagnosis or [])[0].detail


@pytest.mark.parametrize(
    ("phrase", "untried"),
    [("\u10d0 \u1c91\u1c92", "\u10d0 \u1c91\u10d2"), ("\u10d1\u10d0 \u2d07", "\u10d1\u10d0 \u10a7")],
)
def test_a_georgian_phrase_is_not_tried_with_one_words_first_letter_left_small_and_anothers_raised(
    phrase: str, untried: str
) -> None:
    # Review: a title case tried for the digraphs (ǅ) was Unicode's for every letter, and a Georgian small letter's
    # is the letter itself: "ა ᲑᲒ" was tried as "ა Ბგ", its first word's letter left small beside the second's
    # raised, a spelling no phone or title writes, one more each phrase so spelt is held to (`Hypothesis.among`)
    assert untried not in recased(phrase)
    assert "\u01c5emal" in recased("\u01c6emal")  # while a digraph's title case is still tried


def test_a_three_dice_client_seed_with_a_space_copied_at_its_end_is_found() -> None:
    seats = {"white": "w-seed", "black": "b-seed "}
    mistaken = THREE | {"client_seeds": seats, "recorded": rolls_of(THREE | {"count": 20})}
    found = finding(check(mistaken), "spaces_at_ends")
    assert found.try_ == {"client_seeds": THREE["client_seeds"]}
    assert "black's client seed without the space at its end" in found.detail
    # in three-dice's word for its rolls (review: "the rolls fit black's client seed", "into every roll", of plies)
    assert found.detail.startswith("the plies fit black's client seed")
    assert "goes into every ply and shows nowhere" in found.detail
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize("commit", [SEAL, None], ids=["its commit", "no commit"])
def test_one_ply_too_few_to_weigh_spaces_at_the_ends_is_not_said_unexplained_by_them(commit: str | None) -> None:
    # Given one ply of a game whose white client seed is "w-seed", sent as "w-seed ": the spaces at the ends explain it,
    # but one ply is too few for any mistake tried to be told from chance, so none is scored
    seats = {"white": "w-seed ", "black": "b-seed"}
    mistaken = THREE | {"commit": commit, "client_seeds": seats, "recorded": rolls_of(THREE | {"count": 1})}

    # When it is diagnosed
    found = finding(check(mistaken), "too_few_rolls_fit")

    # Then it does not say that none of the mistakes tried explains it, which is untrue of the spaces (changed
    # deliberately from "none of the mistakes tried (…, spaces at the ends, …) explains it (with 1 recorded ply, the
    # mistakes tried cannot be told from chance)"), but that one ply is too few to weigh them
    assert "explains" not in found.detail
    assert (
        "the mistakes tried (numbering, seat order, spaces at the ends, dice order) cannot be weighed on it (1 recorded"
        " ply is too few to tell any of them from chance)" in found.detail
    )


@pytest.mark.parametrize(
    "seats", [{"white": "w-seed ", "black": "b-seed "}, {"white": " w-seed", "black": "b-seed\u00a0"}]
)
def test_both_three_dice_client_seeds_copied_with_spaces_are_found(seats: dict[str, str]) -> None:
    # Review: each seat's hypothesis kept the other as written, so two seeds copied with their spaces from one
    # transcript fitted neither, and the cause given was another game's rolls
    mistaken = THREE | {"client_seeds": seats, "recorded": rolls_of(THREE | {"count": 20})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "spaces_at_ends"
    found = finding(verdict, "spaces_at_ends")
    assert found.try_ == {"client_seeds": THREE["client_seeds"]}
    # in three-dice's word for its rolls (changed deliberately from "the rolls fit": review, of plies)
    assert found.detail.startswith('the plies fit both client seeds without the spaces at their ends: "w-seed" and')
    assert found.detail.endswith("goes into every ply and shows nowhere)")
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(("phrase", "shown"), [("test\u200b", "test⟨U+200B⟩"), ("\ufefftest", "⟨U+FEFF⟩test")])
def test_a_phrase_with_an_invisible_character_copied_at_an_end_is_found_and_shown(phrase: str, shown: str) -> None:
    # Review (support): a zero-width space or a byte order mark copied with the phrase was "another game's rolls"
    mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"count": 12})}
    verdict = check(mistaken)
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "spaces_at_ends"
    found = finding(verdict, "spaces_at_ends")
    assert found.try_ == {"phrase": "test"}
    assert found.detail.startswith("the rolls fit the phrase without the invisible character at its")
    assert f'"test", not "{shown}"' in found.detail
    assert_try_is_fair(mistaken, found)


def test_a_three_dice_client_seed_with_an_invisible_character_at_its_end_is_found() -> None:
    seats = {"white": "w-seed\u200b", "black": "b-seed"}
    mistaken = THREE | {"client_seeds": seats, "recorded": rolls_of(THREE | {"count": 20})}
    found = finding(check(mistaken), "spaces_at_ends")
    assert found.try_ == {"client_seeds": THREE["client_seeds"]}
    assert "white's client seed without the invisible character at its end" in found.detail
    assert_try_is_fair(mistaken, found)


def test_text_that_is_spaces_alone_or_has_none_at_its_ends_is_no_such_mistake() -> None:
    for phrase in ("test", "te st"):
        mistaken = NARDE | {"phrase": phrase, "recorded": rolls_of(NARDE | {"phrase": "other", "count": 12})}
        assert all(found.cause != "spaces_at_ends" for found in check(mistaken).diagnosis or [])


def test_a_daily_roll_of_another_player_names_the_player_id_and_the_date() -> None:
    # Review (support): a daily roll's faces checked under another player's id were "another game's rolls", after a
    # list of mistakes tried (numbering, seat order, take-backs) that a daily roll cannot make
    faces = rolls_of(DAILY | {"player_id": "123e4567-e89b-12d3-a456-426614174001"})
    found = finding(check(DAILY | {"recorded": faces}), "rolls_from_other_game")
    assert found.detail.endswith(
        "another player's or another day's roll: check the player id and the date (the UTC day it was rolled)"
    )
    assert "seat order" not in found.detail and "game of the match" not in found.detail


def test_a_daily_roll_of_another_day_lists_the_day_before_or_after_and_the_dice_order_as_tried() -> None:
    # Given a day's secret and the faces of another day's roll, which neither the day beside it nor the dice read the
    # other way round explain
    faces = rolls_of(DAILY | {"date": "2026-10-20"})

    # When they are checked
    found = finding(check(DAILY | {"recorded": faces}), "rolls_from_other_game")

    # Then the mistakes said to be tried are those the diagnosis tried (review: "none of the mistakes tried explains",
    # where the room's list was empty)
    assert " mistakes tried (day before or after, dice order) explains it" in found.detail


@pytest.mark.parametrize(
    ("request_", "tried"),
    [
        (PAIR36, "numbering, seat order, dice order"),
        (NARDE, "numbering, letter case, dice order"),
        (NARDE | {"phrase": "test "}, "numbering, spaces at the ends, letter case, dice order"),
        (THREE, "numbering, seat order, dice order"),
        (
            THREE | {"client_seeds": {"white": "w", "black": " b"}},
            "numbering, seat order, spaces at the ends, dice order",
        ),
        (BOT, "numbering, game of the match, take-backs, dice order"),
        (ONLINE, "seat order, game of the match, dice order"),
    ],
    ids=lambda value: value["scheme"] if isinstance(value, dict) else None,
)
def test_rolls_of_another_game_list_only_the_mistakes_the_schemes_diagnosis_tries(
    request_: dict[str, Any], tried: str
) -> None:
    # Given the rolls of another key's game, which no mistake explains
    secret = schemes.of(parse_request(request_)).request.REVEALED_FIELD
    mistaken = request_ | {"recorded": rolls_of(request_ | {secret: OTHER_KEY, "count": 40})}

    # When they are checked
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then the mistakes said to be tried are those the room's diagnosis tries (review: three-dice's and narde-v1's
    # named seat order, take-backs or a game of the match, mistakes their diagnosis never tries)
    assert f" mistakes tried ({tried}) explains them" in found.detail


def doubles_of(request: dict[str, Any], many: int = 40) -> list[list[int]]:
    """The first doubles of a game's rolls: rolls whose dice read the same either way."""
    return [roll for roll in rolls_of(request | {"count": 3000}) if roll[0] == roll[1]][:many]


@pytest.mark.parametrize(
    ("request_", "recorded", "tried"),
    [
        (PAIR36 | {"client_seeds": ["a"]}, None, "numbering, dice order"),
        (PAIR36 | {"client_seeds": ["a", "a"]}, None, "numbering, dice order"),
        (ONLINE | {"app_numbers": ["0a1b", "0A1B"]}, None, "game of the match, dice order"),
        (THREE | {"client_seeds": {"white": "s", "black": "s"}}, None, "numbering, dice order"),
        (PAIR36, doubles_of(PAIR36 | {"server_seed": OTHER_KEY}), "numbering, seat order"),
        (NARDE, doubles_of(NARDE | {"key": OTHER_KEY}), "numbering, letter case"),
    ],
    ids=["one-seat", "seats-alike", "apps-alike", "three-dice-seats-alike", "pair36-doubles", "narde-doubles"],
)
def test_rolls_of_another_game_list_no_mistake_tried_that_cannot_change_their_dice(
    request_: dict[str, Any], recorded: list[list[int]] | None, tried: str
) -> None:
    # Given the rolls of another key's game, under seats whose values are all alike or as doubles alone
    secret = schemes.of(parse_request(request_)).request.REVEALED_FIELD
    mistaken = request_ | {"recorded": recorded or rolls_of(request_ | {secret: OTHER_KEY, "count": 40})}

    # When they are checked
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then the seat order and the dice order are not said to be tried where swapping changes nothing (review:
    # "(numbering, seat order, dice order)" of one client seed, "dice order" of rolls all doubles)
    assert f" mistakes tried ({tried}) explains them" in found.detail


def test_labelled_rolls_of_another_game_all_doubles_are_said_to_be_changed_by_no_mistake_tried() -> None:
    # Given a bot game's labels, under which no other game or take-back is tried, and another key's rolls all doubles
    labels = [f"bg-dice-v1:turn:{turn}" for turn in range(1, 41)]
    mistaken = BOT | {"labels": labels, "recorded": doubles_of(BOT | {"key": OTHER_KEY})}

    # When they are checked
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then no mistake is said to be tried, as the dice order, the one left, changes none of them (review: "none of the
    # mistakes tried (dice order)")
    assert "are not its rolls and none of the mistakes the diagnosis tries can change them: they are" in found.detail


@pytest.mark.parametrize("lock", [None, SEAL], ids=["lock-not-given", "lock-given"])
def test_too_few_labelled_doubles_of_another_game_are_not_said_too_few_to_tell_the_mistakes_tried_from_chance(
    lock: str | None,
) -> None:
    # Given a bot game's labels, under which the dice order is the one mistake tried, and two doubles of another key's,
    # fewer rolls than make evidence
    labels = ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"]
    mistaken = BOT | {"lock": lock, "labels": labels, "recorded": doubles_of(BOT | {"key": OTHER_KEY}, 2)}

    # When they are checked
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then the finding says no mistake it tries can change them, and no note of the mistakes tried beside it (review:
    # "none of the mistakes the diagnosis tries can change the recorded rolls (with 2 recorded rolls, the mistakes
    # tried cannot be told from chance)")
    assert "none of the mistakes the diagnosis tries can change " in found.detail
    assert "too few to tell any of them from chance" not in found.detail


@pytest.mark.parametrize(("many", "rolls"), [(1, "roll"), (2, "rolls")])
def test_too_few_labelled_doubles_under_another_lock_are_said_changed_by_no_mistake_tried_as_without_it(
    many: int, rolls: str
) -> None:
    # Given a bot game's labels, under which the dice order is the one mistake tried, doubles of another key's, fewer
    # than make evidence, and the lock of another key
    labels = [f"bg-dice-v1:turn:{turn}" for turn in range(1, many + 1)]
    other_lock = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    mistaken = BOT | {"lock": other_lock, "labels": labels, "recorded": doubles_of(BOT | {"key": OTHER_KEY}, many)}

    # When they are checked
    found = finding(check(mistaken), "secret_from_other_game")

    # Then the finding says no mistake it tries can change them, as `rolls_from_other_game` does without the lock, and
    # no note of the mistakes tried beside it (review: "none of the mistakes tried explains the rolls (with 1 recorded
    # roll, the mistakes tried cannot be told from chance)")
    assert f" and none of the mistakes the diagnosis tries can change the {rolls}: the key is most" in found.detail
    assert "too few to tell any of them from chance" not in found.detail


def test_rolls_of_another_game_given_labels_list_only_the_dice_order_as_tried() -> None:
    # Given a bot game's labels, which say every roll's own, and the rolls of another key's game under them
    labels = [f"bg-dice-v1:turn:{turn}" for turn in range(1, 41)]
    mistaken = BOT | {"labels": labels, "recorded": rolls_of(BOT | {"key": OTHER_KEY, "labels": labels})}

    # When they are checked
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then the mistakes said to be tried are the dice order alone, as no other game or take-back is tried for labels
    # (review: the finding listed "numbering, game of the match, take-backs, dice order")
    assert " mistakes tried (dice order) explains them" in found.detail


def test_a_finding_of_a_daily_roll_says_it_explains_so_many_of_1_roll() -> None:
    # Review: a day's one roll, another game's, was "0 of 1 rolls"
    player = "00000000-0000-4000-8000-000000000000"
    # (its roll is 1-5-3-2-3-11, which 1-5-3-2-3-1 would be cut inside: another game's differs in three faces; changed
    # deliberately from two, 2-5-3-2-3-1, whose 4 of 6 faces fitting another roll's would 1 time in about 387, rarer
    # than 1 in 100: too few to tell, no longer most likely another's)
    request = parse_link(f"?scheme=daily&date=2026-01-01&player={player}&secret={'00' * 32}&rolls=2-6-3-2-3-1")
    verdict = verify(request)
    found = finding(verdict, "rolls_from_other_game")
    assert found.explains == "0 of 1 roll"
    # and the page still words it, as it did "0 of 2 rolls"
    assert "it does not fit the recorded roll" in render_page(verdict, request)


def test_a_days_link_cut_inside_its_last_face_is_said_cut_short_not_another_games() -> None:
    # Review: a day's link whose d20 face 20 a chat cut to 2 read as six faces, a mismatch diagnosed "they and the
    # secret most likely come from different games"
    link = f"?scheme=daily&date=2026-01-01&player=00000000-0000-0000-0000-000000000002&secret={KEY}&rolls="
    assert verify(parse_link(f"{link}3-3-2-5-8-20")).rolls[0]["dice"] == [3, 3, 2, 5, 8, 20]
    verdict = verify(parse_link(f"{link}3-3-2-5-8-2"))
    assert [f.cause for f in verdict.diagnosis or []] == ["roll_cut_short"]
    assert finding(verdict, "roll_cut_short").detail.startswith(
        "the last roll recorded ends in 2, the first digit of the 20 computed there, and every other face fits this"
        " day secret: the recorded roll was most likely cut short inside that face, as a chat or a mail program cuts a"
        " link, or a digit was lost copying it: copy the link or the roll again from the game."
    )
    # A last face that does not start the computed one, or another face that differs too, is no cut
    for rolls in ("3-3-2-5-8-1", "3-3-1-5-8-2"):
        assert "roll_cut_short" not in [f.cause for f in verify(parse_link(f"{link}{rolls}")).diagnosis or []]


def test_a_seal_of_another_game_beside_a_roll_cut_short_is_never_said_to_fit_the_roll() -> None:
    # Review: beside "the recorded roll was most likely cut short inside that face", a commitment of another game was
    # "1 of 1 roll", "the recorded roll fits this day secret", and the page read "(it fits the recorded roll)"
    link = f"?scheme=daily&date=2026-01-01&player=00000000-0000-0000-0000-000000000002&secret={KEY}&commitment="
    request = parse_link(f"{link}{'ab' * 32}&rolls=3-3-2-5-8-2")
    verdict = verify(request)
    assert [f.cause for f in verdict.diagnosis or []] == ["roll_cut_short", "seal_from_other_game"]
    sealed = finding(verdict, "seal_from_other_game")
    assert sealed.explains == "0 of 1 roll"
    assert "the recorded roll fits this day secret in every face but the last, cut short, so the commitment" in (
        sealed.detail
    )
    assert "fits the recorded roll" not in render_page(verdict, request)


def test_a_days_roll_sent_as_a_list_with_its_last_face_cut_is_not_told_to_copy_a_link_it_never_gave() -> None:
    # Review: `"recorded": [3, 3, 2, 5, 8, 2]` sent to POST /verify, no link read, was told "the recorded roll was most
    # likely cut short inside that face, as a chat or a mail program cuts a link: copy the link again from the game"
    day = DAILY | {"date": "2026-01-01", "player_id": "00000000-0000-0000-0000-000000000002", "commitment": None}
    assert rolls_of(day) == [[3, 3, 2, 5, 8, 20]]
    for recorded in ([3, 3, 2, 5, 8, 2], "3-3-2-5-8-2"):
        found = finding(check(day | {"recorded": recorded}), "roll_cut_short")
        assert "copy the link again" not in found.detail
        assert "or a digit was lost copying it: copy the link or the roll again from the game." in found.detail


# ---- games of a match, openings, take-backs ----------------------------------------------


def test_a_bot_game_without_opening_sent_as_one_with_it_is_offered_with_the_odds_of_its_one_roll() -> None:
    # Given a later game of a match (no opening roll, turns from 1), sent with the default opening: with this key the
    # opening is no tie, so the two differ in roll 1 alone, too little to name a cause, but the player knows the game
    mistaken = BOT | {"recorded": rolls_of(BOT | {"opening": False, "count": 30})}
    found = finding(check(mistaken), "few_rolls_differ")
    assert found.try_ == {"opening": False}
    assert "a later game of a match has none" in found.detail and "1 time in 36" in found.detail
    assert_try_is_fair(mistaken, found)


def test_a_bot_game_with_opening_sent_as_one_without_is_offered_with_the_odds_of_its_one_roll() -> None:
    mistaken = BOT | {"opening": False, "recorded": rolls_of(BOT | {"count": 30})}
    found = finding(check(mistaken), "few_rolls_differ")
    assert found.try_ == {"opening": True}
    assert "1 time in 36" in found.detail
    assert_try_is_fair(mistaken, found)


def test_a_bot_games_opening_is_never_named_a_cause_on_its_first_roll_alone() -> None:
    # Review (support): seed 001's example game with roll 1 replaced, "5-4 1-3 6-6 5-6", was `opening_roll` explaining 4
    # of 4 rolls; without an opening roll the labels from turn:2 on are the request's, so it rested on roll 1, which
    # fits turn:1 for 1 of the 36 dice it can show
    assert rolls_of(BOT | {"opening": False, "count": 1}) == [[5, 4]]
    (found,) = check(BOT | {"recorded": "5-4 1-3 6-6 5-6"}).diagnosis or []
    assert (found.cause, found.explains, found.try_) == ("few_rolls_differ", "3 of 4 rolls", {"opening": False})
    assert found.detail.startswith("only roll 1 differs: the rest fit this key, so the key is right.")
    assert "roll 1 alone tells it from the settings given" in found.detail and "1 time in 36" in found.detail
    # and none of the other 34 dice roll 1 can show is offered a reading
    game = rolls_of(BOT | {"count": 4})
    for dice in itertools.product(range(1, 7), repeat=2):
        if list(dice) not in (game[0], [5, 4]):
            (found,) = check(BOT | {"recorded": [list(dice), *game[1:]]}).diagnosis or []
            assert (found.cause, found.try_) == ("few_rolls_differ", None), dice


def test_a_later_game_of_three_rolls_sent_with_an_opening_roll_is_offered_without_it() -> None:
    # Its 2 rolls from turn:2 on fit as given: too few alone to be this key's, but with roll 1 read without the opening
    # roll, all 3 fit
    mistaken = BOT | {"recorded": rolls_of(BOT | {"opening": False, "count": 3})}
    (found,) = check(mistaken).diagnosis or []
    assert (found.cause, found.explains, found.try_) == ("few_rolls_differ", "2 of 3 rolls", {"opening": False})
    assert found.detail.startswith("only roll 1 differs: the rest fit this key as given, too few to tell it from")
    assert_try_is_fair(mistaken, found)


def test_rolls_recorded_beyond_the_count_tell_a_mistake_apart_only_where_it_reads_them_otherwise() -> None:
    # Given a later game of a match (no opening roll) sent with the default opening and a count of 10: roll 1 alone
    # differs between the two, and rolls 11 and 12, recorded beyond the count, are turn:11 and turn:12 either way
    real = rolls_of(BOT | {"opening": False, "count": 12})
    assert rolls_of(BOT | {"count": 12})[1:] == real[1:]
    # When 11 of its rolls are checked, the reading names roll 1 alone as what tells it apart, with roll 1's odds
    (found,) = check(BOT | {"count": 10, "recorded": real[:11]}).diagnosis or []
    assert (found.cause, found.try_) == ("few_rolls_differ", {"opening": False, "count": 11})
    assert "But roll 1 alone tells it from the settings given" in found.detail
    assert "a roll copied wrong would fit it 1 time in 36" in found.detail
    assert "roll 11" not in found.detail and "rolls 1 and 11" not in found.detail
    # And with 12 checked, it is never named a cause on roll 1 alone (review: `opening_roll` "12 of 12 rolls")
    assert [f.cause for f in check(BOT | {"count": 10, "recorded": real}).diagnosis or []] == ["few_rolls_differ"]


def test_a_double_recorded_beyond_the_count_is_no_evidence_the_dice_were_turned_round() -> None:
    # Review: "6-4 3-1 6-6" with a count of 2 was `dice_order` on "3 of 3 rolls": the 6-6 beyond the count reads the
    # same either way, so rolls 1 and 2 alone tell it, too few to name a cause, as with no count given
    with_count = check(BOT | {"count": 2, "recorded": "6-4 3-1 6-6"})
    assert [f.cause for f in with_count.diagnosis or []] == ["few_rolls_differ"]
    assert "But rolls 1 and 2 alone tell it from the settings given" in (with_count.diagnosis or [])[0].detail


def miscopied(rolls: list[list[int]], at: Iterable[int]) -> list[list[int]]:
    """The rolls with those at the positions `at` copied wrong: each die one more, a 6 as a 1."""
    positions = set(at)
    return [[die % 6 + 1 for die in roll] if n in positions else roll for n, roll in enumerate(rolls)]


@pytest.mark.parametrize(
    ("total", "at", "explains", "words"),
    [
        # 5 of the 10 compared fit, and the 10 recorded beyond the count fit too, where the verdict marks them as
        # differing, having computed none there: they are this key's but the 5 that differ (review:
        # "rolls_from_other_game", "15 of 20 rolls", "they are most likely another game's rolls")
        (
            20,
            range(5, 10),
            "5 of the first 10 rolls",
            "rolls 6, 7, 8, 9 and 10 differ: the other 5 fit this key, and so do the 10 rolls recorded beyond the"
            " count, far more than another game's rolls would",
        ),
        # 3 of the 10 compared fit, which another game's would 1 time in about 450: what makes them far more than
        # chance is said, the rolls past the count too (review: "the other 3 fit this key, far more than another
        # game's rolls would")
        (
            20,
            range(3, 10),
            "3 of the first 10 rolls",
            "rolls 4, 5, 6, 7, 8, 9 and 10 differ: the other 3 fit this key, and so do the 10 rolls recorded beyond the"
            " count, far more than another game's rolls would, so the key is right. The count leaves out the 10 rolls"
            " recorded beyond it: check again with 20 rolls to compare them too. Check rolls 4, 5, 6, 7, 8, 9 and 10",
        ),
        # 8 of the 10 recorded beyond the count fit: said as 8 of the 10 there (review: "and so do the 8 rolls
        # recorded beyond the count", of 10)
        (
            20,
            [*range(3, 10), 14, 15],
            "3 of the first 10 rolls",
            "rolls 4, 5, 6, 7, 8, 9 and 10 differ: the other 3 fit this key, and so do 8 of the 10 rolls recorded"
            " beyond the count, far more than another game's rolls would",
        ),
        # and one of 2 there alike, in the singular
        (
            12,
            [*range(4, 10), 11],
            "4 of the first 10 rolls",
            "rolls 5, 6, 7, 8, 9 and 10 differ: the other 4 fit this key, and so does 1 of the 2 rolls recorded beyond"
            " the count, far more than another game's rolls would",
        ),
        # 290 recorded beyond the count, of which the diagnosis reads the first 190 (MAX_COMPARED recorded rolls in
        # all): the rolls fitting there are said as the first 190 of the 290 (review: "the 190 rolls recorded beyond
        # the count")
        (
            300,
            (2, 4),
            "8 of the first 10 rolls",
            "rolls 3 and 5 differ: the other 8 fit this key, and so do the first 190 of the 290 rolls recorded beyond"
            " the count, far more than another game's rolls would",
        ),
        # and as some of those, where some of them differ too
        (
            300,
            (2, 4, 100),
            "8 of the first 10 rolls",
            "rolls 3 and 5 differ: the other 8 fit this key, and so do 189 of the first 190 of the 290 rolls recorded"
            " beyond the count, far more than another game's rolls would",
        ),
    ],
    ids=[
        "5 of 10 and 10 past",
        "3 of 10 and 10 past",
        "8 of 10 past",
        "1 of 2 past",
        "190 of 290 past",
        "189 of 190 of 290 past",
    ],
)
def test_rolls_recorded_beyond_the_count_that_fit_are_said_beside_the_rolls_compared_that_fit(
    total: int, at: Iterable[int], explains: str, words: str
) -> None:
    # Given the rolls of a bot game, some copied wrong, sent with a count of 10
    assert MAX_COMPARED == 200
    recorded = miscopied(rolls_of(BOT | {"count": total}), at)
    (found,) = check(BOT | {"count": 10, "recorded": recorded}).diagnosis or []
    # Then they are this key's but those compared that differ, and the rolls past the count that fit are said
    assert (found.cause, found.explains) == ("few_rolls_differ", explains)
    assert found.detail.startswith(words)


def test_rolls_recorded_beyond_the_count_that_fit_are_no_evidence_of_another_game() -> None:
    # Given 20 rolls of a bot game, rolls 6 to 10 miscopied: with no count given they are this key's but the 5 that
    # differ, as with a count of 10 (above)
    (whole,) = check(BOT | {"recorded": miscopied(rolls_of(BOT | {"count": 20}), range(5, 10))}).diagnosis or []
    assert (whole.cause, whole.explains) == ("few_rolls_differ", "15 of 20 rolls")


@pytest.mark.parametrize(
    ("count", "changed", "explains", "words"),
    [
        (
            1,
            1,
            "0 of the first 1 roll",
            "roll 1 differs: it does not fit this key, but the 19 rolls recorded beyond the count do",
        ),
        (
            2,
            1,
            "1 of the first 2 rolls",
            "only roll 1 differs: the other one fits this key, and so do the 18 rolls recorded beyond the count",
        ),
        (
            2,
            2,
            "0 of the first 2 rolls",
            "rolls 1 and 2 differ: none fits this key, but the 18 rolls recorded beyond the count do",
        ),
    ],
    ids=["count 1", "count 2, one changed", "count 2, both changed"],
)
def test_rolls_changed_within_a_small_count_beside_rolls_past_it_that_fit_are_never_called_another_games(
    count: int, changed: int, explains: str, words: str
) -> None:
    # Given 20 rolls of a bot game whose first rolls show other dice (the game's, changed), sent with a count of 1 or 2,
    # as a link may set it: too few compared fit to tell, but the rolls recorded beyond the count fit this key
    recorded = miscopied(rolls_of(BOT | {"count": 20}), range(changed))
    (found,) = check(BOT | {"count": count, "recorded": recorded}).diagnosis or []
    # Then they are this key's but those that differ, to check and report, as with no count given (review:
    # `rolls_from_other_game`, "19 of 20 rolls", "they are most likely another game's rolls")
    assert (found.cause, found.explains) == ("few_rolls_differ", explains)
    # and the key alone is said to be right: the count, one of the settings, leaves rolls out, to compare (review:
    # "so the key and the settings" were right, of a count of 1 and 20 rolls recorded)
    assert found.detail.startswith(
        f"{words}, far more than another game's rolls would, so the key is right. The count leaves out the {20 - count}"
        " rolls recorded beyond it: check again with 20 rolls to compare them too."
    )
    assert found.detail.endswith("the dice shown were not the committed ones: keep the key and report it")


def test_a_seal_of_another_game_beside_rolls_that_fit_past_a_count_of_1_counts_the_rolls_its_words_say_fit() -> None:
    # Given 20 rolls of a bot game whose roll 1 shows other dice, sent with a count of 1 and another key's lock
    recorded = miscopied(rolls_of(BOT | {"count": 20}), [0])
    lock = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    verdict = check(BOT | {"lock": lock, "count": 1, "recorded": recorded})
    assert finding(verdict, "few_rolls_differ").explains == "0 of the first 1 roll"
    # Then the lock's finding, which says the recorded rolls fit this key, counts those that do, as the mistakes tried
    # read them, where it took "0 of 1 roll" (the page: "it does not fit the recorded roll")
    found = finding(verdict, "seal_from_other_game")
    assert (
        "19 of the 20 recorded rolls fit this key, far more than another game's rolls would, so the lock is most likely"
        " another game's" in found.detail
    )
    assert found.explains == "19 of 20 rolls"


@pytest.mark.parametrize(
    ("game", "words"),
    [
        # count 10, rolls 1 to 12 changed: the 8 past the count that fit are evidence
        (
            BOT | {"count": 10, "recorded": miscopied(rolls_of(BOT | {"count": 20}), range(12))},
            "; 8 of the 20 recorded rolls fit this key, far more than another game's rolls would, so the lock is most"
            " likely another game's",
        ),
        # roll 5 changed, few_rolls_differ
        (
            BOT | {"recorded": miscopied(rolls_of(BOT | {"count": 20}), [4])},
            "; 19 of the 20 recorded rolls fit this key, far more than another game's rolls would, so the lock",
        ),
        # count 1, the 19 past it not this key's: every roll compared fits (roll_count), and that is all
        (
            NARDE | {"count": 1, "recorded": miscopied(rolls_of(NARDE | {"count": 20}), range(1, 20))},
            "; only 1 of the 20 recorded rolls fits this key, as another game's rolls might: the fingerprint, the"
            " key or both are most likely another game's: copy both from the same game. If both were copied correctly"
            " from this game, the key is not the one it committed to: keep both and report it.",
        ),
        # few_rolls_differ resting on a reading too few rolls tell from chance: 1 of 3 fit as given
        (
            BOT | {"recorded": [[6, 4], [3, 1], [6, 6]]},
            "; only 1 of the 3 recorded rolls fits this key, as another game's rolls might: the lock, the key or"
            " both are most likely another game's",
        ),
    ],
    ids=["8 of 20 past a count of 10", "19 of 20", "1 of 20 past a count of 1", "1 of 3 and a reading"],
)
def test_a_seal_of_another_game_says_as_many_recorded_rolls_fit_the_secret_as_do(
    game: dict[str, Any], words: str
) -> None:
    # Given rolls of which only some fit this secret as given, and the seal of another secret
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    seal_field = "fingerprint" if game["scheme"] == "narde-v1" else "lock"
    found = finding(check(game | {seal_field: other}), "seal_from_other_game")
    # Then the seal's finding says how many fit, and blames the seal only where they are more than another game's rolls
    # would fit (review: "the recorded rolls fit this key" beside "8 of 20 rolls", "1 of 20" and "1 of 3")
    assert words in found.detail
    assert "the recorded rolls fit this key" not in found.detail


def diagnosed_again(request: Any, verdict: Verdict, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Finding], int]:
    """The request diagnosed again, and how many times the request as given was probed, with nothing changed, over
    every roll the diagnosis reads: each such probe computes the rolls `Case.as_given` holds."""
    probed = []
    probe = Case.probe

    def counting(case: Case[Any], change: dict[str, Any], size: int | None = None) -> Any:
        if not change and size in (None, case.compared):
            probed.append(size)
        return probe(case, change, size)

    monkeypatch.setattr(Case, "probe", counting)
    again = diagnose(request, bytes.fromhex(KEY), verdict.model_copy(update={"diagnosis": None}))
    return again, len(probed)


@pytest.mark.parametrize("scheme", [BOT, PAIR36], ids=["bg-dice-v1", "pair36"])
def test_the_rolls_the_request_rolls_with_its_count_raised_are_computed_once_per_diagnosis(
    scheme: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given 20 rolls of a game, rolls 4 to 10 miscopied, sent with a count of 10: the hypotheses, the roll left out,
    # the odds and the words on the rolls past the count each read the rolls the request rolls with its count raised
    recorded = miscopied(rolls_of(scheme | {"count": 20}), range(3, 10))
    request = parse_request(scheme | {"count": 10, "recorded": recorded})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    assert "and so do the 10 rolls recorded beyond the count" in found.detail

    # When it is diagnosed again, the request as given probed with nothing changed counted
    again, probed = diagnosed_again(request, verdict, monkeypatch)

    # Then the same finding is made, and those rolls computed once (review: up to four times, five with bg-dice-v1's
    # take-backs)
    assert again == [found]
    assert probed == 1


@pytest.mark.parametrize(
    ("changed", "explains", "words", "to_check", "shown"),
    [
        # the first 5 changed: 5 of the 10 labelled fit, far more than chance (review: "rolls_from_other_game", "5 of 20
        # rolls", "they are most likely another game's rolls", the 10 rolls past the labels counted as not fitting)
        (
            range(5),
            "5 of the first 10 rolls",
            "rolls 1, 2, 3, 4 and 5 differ: the other 5 fit this key, far more than another game's rolls would, so the"
            " key",
            "rolls 1, 2, 3, 4 and 5 against the game's own roll list; if the settings given are the game's and they"
            " were copied correctly",
            # half of them differing, those that fit show the key, not the settings (changed deliberately)
            " is right.",
        ),
        # roll 3 changed: the rolls past the labels are not said to differ from what the key rolls there, which is
        # nothing (review: "But the 10 rolls recorded beyond the count differ from what this key rolls there")
        (
            [2],
            "9 of the first 10 rolls",
            "only roll 3 differs: the rest fit this key, so the key",
            "roll 3 against the game's own roll list; if it was copied correctly",
            " and the settings are right.",
        ),
    ],
    ids=["first 5 changed", "roll 3 changed"],
)
def test_rolls_recorded_past_the_labels_which_the_request_rolls_nothing_at_are_no_rolls_that_differ(
    changed: Iterable[int], explains: str, words: str, to_check: str, shown: str
) -> None:
    # Given 20 rolls of a bot game, as the game rolled them but those changed, sent with the labels of its first 10: the
    # labels fix the count, so the request rolls nothing at the 10 past them, even with its count raised
    game = BOT | {"count": 20}
    labels = [report["label"] for report in check(game).rolls][:10]
    recorded = miscopied(rolls_of(game), changed)
    (found,) = check(BOT | {"labels": labels, "recorded": recorded}).diagnosis or []
    # Then the rolls are this key's but those changed, to report, as with the 10 labelled rolls alone
    assert (found.cause, found.explains) == ("few_rolls_differ", explains)
    assert found.detail.startswith(words)
    assert found.detail.endswith("the dice shown were not the committed ones: keep the key and report it")
    assert "beyond the count" not in found.detail
    (alone,) = check(BOT | {"labels": labels, "recorded": recorded[:10]}).diagnosis or []
    # (the same rolls counted, those of the first 10 where 20 are recorded: "the first" said of those alone)
    assert (alone.cause, alone.explains) == (found.cause, found.explains.replace("the first ", ""))
    # and the key alone is said to be right, the labels leaving the 10 rolls past them out, to compare too, where the
    # words were those of the 10 labelled rolls alone: "so the key and the settings are right" (review); with a label
    # for each, where they said "The count leaves out ...: check again with 20 rolls", which no request with labels
    # can send (changed deliberately)
    assert alone.detail.startswith(f"{words}{shown}")
    assert found.detail == (
        f"{words} is right. The labels given leave out the 10 rolls recorded beyond them: check again with a label for"
        f" each of the 20 rolls to compare them too. Check {to_check}, the dice shown were not the committed ones: keep"
        " the key and report it"
    )


@pytest.mark.parametrize(
    ("lock", "fitting", "cause", "explains", "words"),
    [
        # another game's rolls but 4 of the 10 labelled, under the key's own lock: as many as another game's would fit 1
        # time in about 9,150, too few to tell whose they are (said "rolls_from_other_game" before OTHER_GAME_CHANCE)
        (SEAL, [0, 3, 5, 7], "too_few_rolls_fit", "4 of the first 10 rolls", "it fits 4 of the first 10 recorded"),
        # the same under another key's lock: too few to tell whose the key is (secret_from_other_game before its cause
        # said so)
        (None, [0, 3, 5, 7], "too_few_rolls_fit", "4 of the first 10 rolls", "it fits 4 of the first 10 recorded"),
        # the game's rolls, the first 4 changed, under another key's lock: the lock's finding
        (None, range(4, 20), "seal_from_other_game", "6 of the first 10 rolls", "6 of the first 10 recorded rolls fit"),
    ],
    ids=["rolls of another game", "secret of another game", "seal of another game"],
)
def test_rolls_recorded_past_the_labels_are_not_counted_as_rolls_that_differ_in_what_a_finding_explains(
    lock: str | None, fitting: Iterable[int], cause: str, explains: str, words: str
) -> None:
    # Given 20 rolls recorded, sent with the labels of a bot game's first 10 turns, which fix the count: the request
    # rolls nothing at the 10 past them, even with its count raised
    game = BOT | {"count": 20}
    labels = [report["label"] for report in check(game).rolls][:10]
    real, other = rolls_of(game), rolls_of(game | {"key": OTHER_KEY})
    recorded = [roll if at in fitting else changed for at, (roll, changed) in enumerate(zip(real, other, strict=True))]
    locked = lock or hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    request = parse_request(BOT | {"lock": locked, "labels": labels, "recorded": recorded})
    verdict = verify(request)
    found = finding(verdict, cause)
    # Then what it explains counts the 10 the request rolls, the first recorded, where it counted the 10 past them as
    # not fitting ("4 of 20 rolls")
    assert found.explains == explains
    # and so do the page's words of it, or the lock's finding's own
    said = found.detail if cause == "seal_from_other_game" else render_page(verdict, request)
    assert words in said


@pytest.mark.parametrize(
    ("scheme", "count", "changed", "words"),
    [
        # roll 1 changed and roll 2, the first past a count of 1
        (BOT, 1, [0, 1], "compare it too. Check roll 1 against the game's own roll list; if it was copied correctly"),
        # roll 3 changed and the 10 past a count of 10
        (
            PAIR36,
            10,
            [2, *range(10, 20)],
            "compare them too. Check roll 3 against the game's own roll list; if it was copied correctly",
        ),
        # rolls 1 and 2 changed and roll 5, past a count of 2
        (
            BOT,
            2,
            [0, 1, 4],
            # (none of the 2 compared fitting, the settings given are a condition: changed deliberately)
            "compare it too. Check rolls 1 and 2 against the game's own roll list; if the settings given are the"
            " game's and they were copied correctly",
        ),
    ],
    ids=["count 1", "count 10", "count 2"],
)
def test_the_rolls_compared_to_check_are_named_after_the_rolls_past_the_count_that_differ(
    scheme: dict[str, Any], count: int, changed: list[int], words: str
) -> None:
    # Given 20 rolls of a game, some compared and some past the count showing other dice than the secret's
    recorded = miscopied(rolls_of(scheme | {"count": 20}), changed)
    (found,) = check(scheme | {"count": count, "recorded": recorded}).diagnosis or []
    assert found.cause == "few_rolls_differ"
    # Then the rolls compared that differ, to check against the game's list and report, are named, where "Check that
    # roll" after "1 of the 19 rolls recorded beyond the count differs ...: compare it too" read as that one
    assert words in found.detail
    assert "Check that roll" not in found.detail and "Check those rolls" not in found.detail


@pytest.mark.parametrize(
    ("lock", "cause"),
    [(SEAL, "rolls_from_other_game"), (hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(), "secret_from_other_game")],
    ids=["lock of this key", "lock of another key"],
)
def test_rolls_of_another_game_past_the_count_are_counted_from_the_rolls_computed_once(
    lock: str, cause: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given 20 rolls of another game sent with a count of 10: the mistakes tried and `explains` read all 20, as the
    # request as given rolls them with its count raised
    other = rolls_of(PAIR36 | {"server_seed": OTHER_KEY, "count": 20})
    request = parse_request(PAIR36 | {"seal": lock, "count": 10, "recorded": other})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains) == (cause, "0 of 20 rolls")

    # When it is diagnosed again, the request as given probed with nothing changed counted
    again, probed = diagnosed_again(request, verdict, monkeypatch)

    # Then the same finding is made, and those rolls computed once (`Case.as_given`), where `explains` computed them
    # again
    assert again == [found]
    assert probed == 1


def test_rolls_past_a_count_that_fit_beside_the_secrets_own_seal_are_not_computed_for_the_seals_finding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given 20 rolls of a game sent with a count of 10 and the seed's own seal: every roll compared fits
    request = parse_request(PAIR36 | {"count": 10, "recorded": rolls_of(PAIR36 | {"count": 20})})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    assert found.cause == "roll_count"
    # When it is diagnosed again, the request as given probed with nothing changed counted
    again, probed = diagnosed_again(request, verdict, monkeypatch)
    # Then the rolls past the count, which only a seal of another game's finding counts, are not computed
    assert again == [found]
    assert probed == 0


def test_a_mistake_that_fits_no_more_rolls_than_the_request_as_given_past_the_count_is_no_cause() -> None:
    # Given a pair36 game of 12 rolls, 6 of them doubles, whose rolls 2, 3 and 4 are recorded with their dice the other
    # way round: read turned round, the 6 doubles and those 3 fit, 9 of 12, as many as fit as given
    game = PAIR36 | {"server_seed": "172e1676eda470ede17e9d491554bcbe97ba4691f92880064c8cb29ec35a467e", "seal": None}
    real = rolls_of(game | {"count": 12})
    assert sum(1 for roll in real if roll[0] == roll[1]) == 6
    recorded = [roll[::-1] if at in (1, 2, 3) else roll for at, roll in enumerate(real)]
    (whole,) = check(game | {"recorded": recorded}).diagnosis or []
    assert (whole.cause, whole.explains) == ("few_rolls_differ", "9 of 12 rolls")
    # When they are sent with a count of 4, the 8 past it fitting as given
    (found,) = check(game | {"count": 4, "recorded": recorded}).diagnosis or []
    # Then the dice turned round are no cause, as without the count: their `try` turns the 3 others round too (review:
    # "dice_order", "9 of 12 rolls", the rolls past the count counted as misses of the request as given)
    assert found.cause == "few_rolls_differ"
    assert found.detail.startswith(
        "rolls 2, 3 and 4 differ: the other one fits this server seed, and so do the 8 rolls recorded beyond the count"
    )


def test_a_roll_left_out_is_found_with_rolls_recorded_beyond_the_count() -> None:
    # Given a bot game's first 17 rolls with roll 5 left out, sent with a count of 12: 4 rolls recorded beyond it
    real = rolls_of(BOT | {"count": 17})
    recorded = real[:4] + real[5:]
    # Then the roll left out is found, as with no count given (review: not found, the numbering the first finding)
    for sent in (BOT | {"count": 12}, BOT):
        found = (check(sent | {"recorded": recorded}).diagnosis or [])[0]
        assert (found.cause, found.explains) == ("roll_left_out", "15 of 16 rolls")
        assert "roll 5 (" in found.detail and ") is not in the list" in found.detail


def test_a_reading_offered_with_rolls_recorded_beyond_the_count_counts_the_rolls_its_finding_counts() -> None:
    # Given seed 001's example game turned round, "6-4 3-1 6-6", with a count of 2: the verdict compares rolls 1 and 2,
    # and the reading (each roll's dice the other way round) is read over all 3 recorded, the 6-6 beyond the count too
    verdict = check(BOT | {"count": 2, "recorded": "6-4 3-1 6-6"})
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains) == ("few_rolls_differ", "0 of the first 2 rolls")
    # Then the words count the 2 rolls `explains` counts, where they said "the other 0 fit this key as given, too few
    # to tell it from chance, and 3 fit it with the reading below" beside "0 of 2 rolls"
    assert found.detail.startswith(
        "rolls 1 and 2 differ: none fits this key as given, and both fit it with the reading below, so the key is"
        " right if the game was so. Every roll fits another reading"
    )
    # and with a count of 1, of its one roll
    (one,) = check(BOT | {"count": 1, "recorded": "6-4 3-1 6-6"}).diagnosis or []
    assert (one.cause, one.explains) == ("few_rolls_differ", "0 of the first 1 roll")
    assert one.detail.startswith(
        "roll 1 differs: it does not fit this key as given, but it does with the reading below, so the key is right if"
        " the game was so."
    )


def test_a_reading_that_only_rolls_recorded_beyond_the_count_fit_is_not_said_to_fit_the_roll_compared() -> None:
    # Given a pair36 game whose roll 1 is a double, which reads the same either way, and of whose rolls 2 to 4 one is:
    # roll 1 miscopied as another double, rolls 2 to 4 turned round, sent with a count of 1
    game = PAIR36 | {"client_seeds": ["s2", "b"]}
    real = rolls_of(game | {"count": 4})
    assert real[0][0] == real[0][1] and sum(a == b for a, b in real[1:]) == 1
    miscopied = [[real[0][0] % 6 + 1] * 2] + [roll[::-1] for roll in real[1:]]
    (found,) = check(game | {"count": 1, "recorded": miscopied}).diagnosis or []
    # Then the reading offered (the dice turned round) fits rolls 2 to 4 and not roll 1, the one compared, and the
    # finding says so, where it said "it does not fit this server seed as given, but it does with the reading below"
    # beside "check roll 1, which differs under it too"
    assert (found.cause, found.explains) == ("few_rolls_differ", "0 of the first 1 roll")
    assert found.detail.startswith(
        "roll 1 differs: it does not fit this server seed as given, nor with the reading below, which the rolls"
        " recorded beyond the count fit, so the server seed is right if the game was so. Every roll but roll 1 fits"
        " another reading"
    )
    assert "check roll 1, which differs under it too" in found.detail
    assert "but it does with the reading below" not in found.detail


def test_a_later_game_with_another_roll_miscopied_is_offered_without_opening_and_that_roll_still_differs() -> None:
    # Review (support): a later game of a match sent with an opening roll, its roll 5 miscopied too (3-3 for 6-3), was
    # to be told "rolls 1, 5 differ ... the secret and the settings are right ... report it": its setting was wrong
    mistaken = BOT | {"recorded": "5-4 1-3 6-6 5-6 3-3 2-3 6-4 5-3"}
    (found,) = check(mistaken).diagnosis or []
    assert (found.cause, found.explains, found.try_) == ("few_rolls_differ", "6 of 8 rolls", {"opening": False})
    assert "the settings are right" not in found.detail
    assert "Every roll but roll 5 fits another reading: the rolls fit a game without an opening roll" in found.detail
    assert "roll 1 alone tells it" in found.detail and "check roll 5, which differs under it too" in found.detail
    # Then the `try` leaves roll 5 alone differing, and the settings are right
    fixed = check(apply(mistaken, found.try_ or {}))
    assert [r["index"] for r in fixed.rolls if r["matches"] is False] == [5]
    (then,) = fixed.diagnosis or []
    assert then.cause == "few_rolls_differ" and then.try_ is None and "the settings are right" in then.detail


def test_a_take_back_line_is_never_named_a_cause_on_the_rolls_every_line_shares() -> None:
    # Review (support): "4-6 5-1 3-1 4-1" was `take_back_line` explaining 3 of 4 rolls: the opening roll is the same on
    # every line, so it rested on 2 rolls, which 14 of 3,000 random endings after 4-6 fitted
    assert [f.cause for f in check(BOT | {"recorded": "4-6 5-1 3-1 4-1"}).diagnosis or []] == ["rolls_from_other_game"]
    # Given a game of 4 rolls on take-back line 1: its 3 rolls on the line are evidence enough
    found = finding(check(BOT | {"recorded": rolls_of(BOT | {"line": 1, "count": 4})}), "take_back_line")
    assert found.explains == "4 of 4 rolls"


def test_a_roll_with_the_same_dice_either_way_is_no_evidence_of_a_mistake() -> None:
    # Review: narde's "1-5 3-3 4-6 3-4" (its rolls 0-2 with 3-3 added) was numbered from roll 74, explaining 3 of 4
    # rolls; roll 74 is 1-5 as roll 0 is, so it rested on 3-3 4-6, which 2 rolls of another game fit 1 time in 1,296
    assert rolls_of(NARDE | {"first": 74, "count": 3}) == [[1, 5], [3, 3], [4, 6]]
    assert rolls_of(NARDE | {"count": 1}) == [[1, 5]]
    verdict = check(NARDE | {"recorded": "1-5 3-3 4-6 3-4"})
    assert "numbering_shifted" not in [f.cause for f in verdict.diagnosis or []]
    # Given a pair36 game of 3 rolls with its client seeds swapped, this key's roll 1 is 6-3 in either seat order
    game = PAIR36 | {"server_seed": "16fdf52770225412c28956e43d21be61231af68aed8dba43258dc27da781d529", "seal": None}
    assert rolls_of(game | {"client_seeds": ["b", "a"], "count": 1}) == [[6, 3]] == rolls_of(game | {"count": 1})
    swapped = rolls_of(game | {"client_seeds": ["b", "a"], "count": 3})
    mistaken = game | {"client_seeds": ["a", "b"], "recorded": swapped}
    # Then the seat order is told from the seeds given by rolls 2 and 3 alone: too few to name it, so it is offered
    (found,) = check(mistaken).diagnosis or []
    assert (found.cause, found.try_) == ("few_rolls_differ", {"client_seeds": ["b", "a"]})
    assert "rolls 2 and 3 alone tell it" in found.detail and "1 time in 1,296" in found.detail
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    ("lock", "said"),
    [
        (
            SEAL,
            "the key matches the lock, but the recorded rolls are not its rolls as the settings given read them.",
        ),
        # roll 1, the opening roll, fits the key as given: said, where it said "neither the lock nor the recorded rolls
        # fit this key as the settings given read them"
        (
            OTHER_KEY,
            "the lock does not fit this key, and only 1 of the 3 recorded rolls fits it as the settings given read"
            " them, as another game's rolls might.",
        ),
        (None, "the recorded rolls do not fit this key as the settings given read them."),
    ],
    ids=["its-lock", "another-lock", "no-lock"],
)
def test_a_short_game_on_a_take_back_line_is_said_to_fit_it_where_too_few_rolls_tell_it(
    lock: str | None, said: str
) -> None:
    # Review: seed 001's example game on take-back line 1, "4-6 5-1 5-6" by the seed's own code, was
    # `rolls_from_other_game` saying none of the mistakes tried explains the rolls, which the line fits every one of;
    # it reads 2 of them otherwise, too few to be told from chance
    _, roll = seed_001.snippet(KEY)
    game = [roll("bg-dice-v1:opening:0"), roll("bg-dice-v1:turn:2:line:1"), roll("bg-dice-v1:turn:3:line:1")]
    assert game == [[4, 6], [5, 1], [5, 6]]
    (found,) = check(BOT | {"lock": lock, "recorded": game}).diagnosis or []
    assert found.detail.startswith(said)
    assert "none of the mistakes tried" not in found.detail
    assert "Every roll fits another reading: the rolls fit take-back line 1" in found.detail
    assert "rolls 2 and 3 alone tell it" in found.detail and "2 rolls of another game would fit it 1 time in 1,296" in (
        found.detail
    )
    assert "If not, none of the other mistakes tried" in found.detail
    # and a whole game is never turned into a piece of one: no `try`, and it says so
    assert found.try_ is None and "a piece of a game cannot show the game was fair" in found.detail


def test_the_rolls_another_reading_reads_alike_are_said_in_number_and_two_rolls_as_two() -> None:
    # Review: seed 001's example game on take-back line 1, "4-6 5-1 5-6", was told "rolls 2, 3 alone tell it from the
    # settings given (the other rolls read the same either way)", the other being roll 1 alone, and its two rolls
    # listed as fairdice lists two rolls nowhere else ("rolls 2 and 3 were not recorded")
    (found,) = check(BOT | {"lock": None, "recorded": [[4, 6], [5, 1], [5, 6]]}).diagnosis or []
    assert (
        "And rolls 2 and 3 alone tell it from the settings given (the other roll reads the same either way), and 2"
        " rolls of another game would fit it 1 time in 1,296" in found.detail
    )
    # and a reading that tells one roll of eight apart says the other seven as many
    (found,) = check(BOT | {"recorded": "5-4 1-3 6-6 5-6 3-3 2-3 6-4 5-3"}).diagnosis or []
    said = "But roll 1 alone tells it from the settings given (the other rolls read the same either way)"
    assert said in found.detail


def test_a_short_game_on_a_take_back_line_under_another_lock_is_told_the_lock_is_still_to_report() -> None:
    # Review: with a lock that is not the key's, the reading said "if the game was so, the rolls are this key's" and no
    # more: a player whose game was on that line was left with rolls that fit and no word that the lock does not, which
    # `seal_from_other_game` says of rolls that fit as given
    (found,) = check(BOT | {"lock": OTHER_KEY, "recorded": [[4, 6], [5, 1], [5, 6]]}).diagnosis or []
    # too few rolls to tell the key another game's, its two rolls fitting the line 1 time in 1,296 (changed deliberately
    # from secret_from_other_game, "most likely from another game than both")
    assert found.cause == "too_few_rolls_fit"
    # as the seal's finding says it: reported if both were copied correctly from this game, not if the lock is this
    # game's, which a key copied from another game beside this game's own lock is too (there: copy the key again)
    assert (
        "if the game was so, the rolls are this key's. Then the lock given is not this key's: copy both from the same"
        " game. If both were copied correctly from this game, the key is not the one it committed to: keep both and"
        " report it. If not, none of the other mistakes tried" in found.detail
    )
    assert "if it is the lock this game showed" not in found.detail
    # and with the key's own lock, or none, there is no lock to report
    for lock in (SEAL, None):
        (found,) = check(BOT | {"lock": lock, "recorded": [[4, 6], [5, 1], [5, 6]]}).diagnosis or []
        assert "if the game was so, the rolls are this key's. If not, none" in found.detail


def test_a_bot_game_listed_without_its_opening_roll_is_traced_to_the_numbering() -> None:
    # Given the rolls of a game with an opening roll, listed without it (from turn 2)
    game = rolls_of(BOT | {"count": 31})
    opening_rolls = sum(1 for r in check(BOT | {"count": 31}).rolls if "opening" in (r.get("label") or ""))
    mistaken = BOT | {"recorded": game[opening_rolls:]}
    found = finding(check(mistaken), "numbering_shifted")
    assert_only_a_piece(found, "rolls from bg-dice-v1:turn:2 only")


def test_a_later_game_of_a_match_listed_from_turn_2_is_not_said_to_leave_out_an_opening_roll_it_never_had() -> None:
    # Given a later game of a match (seed 001: it "has no opening roll and starts at bg-dice-v1:turn:1"), listed without
    # its first roll, turn:1, and sent with the default opening: its rolls from turn:2 on are a first game's too
    later = rolls_of(BOT | {"opening": False, "count": 21})[1:]
    found = finding(check(BOT | {"recorded": later}), "numbering_shifted")
    # Then the roll left out is said to be the game's first, whichever game it was (review: "the list leaves the
    # opening roll out" of a game that has none)
    assert found.detail.startswith(
        "the rolls fit bg-dice-v1:turn:2 onward: the list leaves out the game's first roll, its opening roll (whose"
        " winner plays it as turn 1) or, in a later game of a match, which has none, bg-dice-v1:turn:1"
    )
    assert_only_a_piece(found, "rolls from bg-dice-v1:turn:2 only")


def test_a_bot_game_on_a_take_back_line_is_found_but_offered_as_no_fix() -> None:
    mistaken = BOT | {"recorded": rolls_of(BOT | {"line": 2, "count": 25})}
    found = finding(check(mistaken), "take_back_line")
    assert_only_a_piece(found, "rolls on take-back line 2")
    assert check(mistaken | {"line": 2}).verdict == "incomplete"


def test_one_roll_added_to_a_bot_game_is_never_called_a_take_back() -> None:
    # Review (support): seed 001's example game with one roll added, 3-3, was "a take-back before roll 5" explaining 5
    # of 5 rolls; it rested on that one roll, which 5 of the 36 dice it could show fitted on some take-back line
    game = rolls_of(BOT | {"count": 4})
    for dice in itertools.product(range(1, 7), repeat=2):
        verdict = check(BOT | {"recorded": [*game, list(dice)]})
        causes = [f.cause for f in verdict.diagnosis or []]
        assert "take_back_line" not in causes, (dice, causes)
    assert [f.cause for f in check(BOT | {"recorded": "4-6 1-3 6-6 5-6 3-3"}).diagnosis or []] == ["few_rolls_differ"]


@pytest.mark.parametrize(
    ("labels", "before", "line_from"),
    [
        # a Practice game: the opening, turns 2-6, then a take-back of turn 6 and play on line 1
        pytest.param(
            ["bg-dice-v1:opening:0"]
            + [f"bg-dice-v1:turn:{t}" for t in range(2, 7)]
            + [f"bg-dice-v1:turn:{t}:line:1" for t in range(6, 20)],
            "before roll 7",
            "bg-dice-v1:turn:6:line:1",
            id="part-way",
        ),
        # the opening, then its winner's move (turn 1) taken back, and play on line 1 from turn 2
        pytest.param(
            ["bg-dice-v1:opening:0"] + [f"bg-dice-v1:turn:{t}:line:1" for t in range(2, 20)],
            "before roll 2",
            "bg-dice-v1:turn:2:line:1",
            id="the-opening-rolls-move",
        ),
    ],
)
def test_a_take_back_in_a_practice_game_is_found_and_labelled(labels: list[str], before: str, line_from: str) -> None:
    # Given a Practice game with a take-back, its rolls recorded
    mistaken = BOT | {"recorded": rolls_of(BOT | {"labels": labels})}

    # When verified as one line
    verdict = check(mistaken)

    # Then the take-back is found where it was made, but a game with a take-back line is offered as no fix
    assert verdict.verdict == "mismatch"
    found = [f for f in verdict.diagnosis or [] if f.cause == "take_back_line" and before in f.detail]
    assert len(found) == 1
    assert_only_a_piece(found[0], f"rolls on take-back line 1 (from {line_from})")
    # and the game as it was played checks to incomplete, never fair
    assert check(mistaken | {"labels": labels}).verdict == "incomplete"


@pytest.mark.parametrize(
    ("piece", "said"),
    [
        (
            BOT | {"labels": ["bg-dice-v1:opening:0"] + [f"bg-dice-v1:turn:{t}:line:1" for t in range(2, 22)]},
            "rolls on take-back line 1",
        ),
        (PAIR36 | {"first": 5, "count": 20}, "rolls 5 to 24"),
    ],
    ids=["take-back-line", "window"],
)
def test_a_fix_for_a_piece_of_a_game_says_the_check_stays_incomplete(piece: dict[str, Any], said: str) -> None:
    # Review (support): a take-back line's dice listed the other way round had a `try` that led to `incomplete`, unsaid
    mistaken = piece | {"recorded": [roll[::-1] for roll in rolls_of(piece)]}
    found = finding(check(mistaken), "dice_order")
    assert "the check can say incomplete, never fair: the rolls asked for are " + said in found.detail
    assert found.try_ is not None
    assert check(apply(mistaken, found.try_)).verdict == "incomplete"


def test_a_later_bot_game_numbered_from_turn_2_is_brought_back_to_its_start_and_nothing_else_is_said() -> None:
    # Review (support): besides the numbering, an opening roll fitting 19 of the 20 rolls was listed, whose `try` still
    # mismatched; and a fix that makes the piece asked for a whole game says nothing of pieces
    mistaken = BOT | {"opening": False, "first_turn": 2, "recorded": rolls_of(BOT | {"opening": False, "count": 20})}
    verdict = check(mistaken)
    assert [f.cause for f in verdict.diagnosis or []] == ["numbering_shifted"]
    found = finding(verdict, "numbering_shifted")
    assert found.try_ == {"first_turn": 1}
    assert "never fair" not in found.detail
    assert check(apply(mistaken, found.try_)).verdict == "fair"


def test_a_fix_for_a_whole_game_says_nothing_of_pieces() -> None:
    mistaken = PAIR36 | {"recorded": [roll[::-1] for roll in rolls_of(PAIR36 | {"count": 20})]}
    assert "never fair" not in finding(check(mistaken), "dice_order").detail


def test_the_wrong_game_of_an_online_match_is_found() -> None:
    mistaken = ONLINE | {"recorded": rolls_of(ONLINE | {"game": 2, "count": 30})}
    found = finding(check(mistaken), "match_game")
    assert found.try_ == {"game": 2}
    assert_try_is_fair(mistaken, found)


def test_an_online_game_listed_without_its_opening_roll_is_found_but_is_only_a_window() -> None:
    mistaken = ONLINE | {"recorded": rolls_of(ONLINE | {"opening": False, "count": 30})}
    found = finding(check(mistaken), "opening_roll")
    assert_only_a_piece(found, "rolls from bg-online-v1:g1:roll:1 only")


def test_an_online_first_game_listed_without_its_opening_is_brought_back_to_it() -> None:
    mistaken = ONLINE | {"opening": False, "recorded": rolls_of(ONLINE | {"count": 30})}
    found = finding(check(mistaken), "opening_roll")
    assert found.try_ == {"opening": None}
    assert_try_is_fair(mistaken, found)


# ---- dice order and dates ----------------------------------------------------------------


@pytest.mark.parametrize(
    "game",
    [PAIR36 | {"count": 30}, NARDE | {"count": 30}, THREE | {"count": 20}, BOT | {"count": 30}],
    ids=["pair36", "narde-v1", "three-dice", "bg-dice-v1"],
)
def test_each_roll_listed_with_its_dice_the_other_way_round_is_found(game: dict[str, Any]) -> None:
    flipped = [roll[::-1] for roll in rolls_of(game)]
    mistaken = {name: value for name, value in game.items() if name != "count"} | {"recorded": flipped}
    found = finding(check(mistaken), "dice_order")
    assert found.explains == f"{len(flipped)} of {len(flipped)} {rolls_word(game)}"
    assert_try_is_fair(mistaken, found)


def test_a_daily_roll_listed_with_its_faces_the_other_way_round_is_said_as_one_roll() -> None:
    # Given a day's roll whose faces read the other way round are faces of its dice too, so listed
    game = DAILY | {"player_id": "123e4567-e89b-12d3-a456-426614174004"}
    (faces,) = rolls_of(game)
    mistaken = game | {"recorded": [faces[::-1]]}

    # When it is checked
    found = finding(check(mistaken), "dice_order")

    # Then the finding speaks of one roll (review: "the rolls fit with each roll's dice in the other order" of one)
    assert found.detail.startswith(
        "the roll fits with its dice in the other order: list its dice in the order the scheme reads them (d4, d6,"
    )
    assert_try_is_fair(mistaken, found)


def test_a_game_turned_round_with_one_double_says_its_secret_is_shown_by_the_reading_not_by_the_double() -> None:
    # Review: seed 001's example game's first 3 rolls turned round, "6-4 3-1 6-6", were told "rolls 1, 2 differ: the
    # other one fits this secret, so the secret is right": 6-6 fits any key 1 time in 36, and what shows the key is
    # right is all 3 fitting with each roll's dice in the other order
    mistaken = BOT | {"recorded": "6-4 3-1 6-6"}
    (found,) = check(mistaken).diagnosis or []
    assert (found.cause, found.explains) == ("few_rolls_differ", "1 of 3 rolls")
    assert found.detail.startswith(
        "rolls 1 and 2 differ: the other one fits this key as given, too few to tell it from chance, and all 3 fit it"
        " with the reading below, so the key is right if the game was so. Every roll fits another reading: the rolls"
        " fit with each roll's dice in the other order"
    )
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize("seal", ["other", "own", "none"])
def test_a_secret_shown_by_a_reading_too_few_rolls_tell_from_chance_is_not_said_right_outright(seal: str) -> None:
    # Given seed 001's example game turned round, "6-4 3-1 6-6": 1 of 3 fits as given, all 3 with each roll's dice
    # turned round, which rolls 1 and 2 alone tell from the request as given, and 2 rolls copied wrong fit 1 time in
    # 1,296; with another key's lock, the lock's finding says so: "the lock, the key or both are most likely another
    # game's"
    lock = {"other": hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(), "own": SEAL, "none": None}[seal]
    verdict = check(BOT | {"recorded": "6-4 3-1 6-6"} | ({"lock": lock} if lock else {}))
    found = finding(verdict, "few_rolls_differ")
    # Then the key is right only if the game was so, as the reading's words say, where it was "so the key is right"
    # beside the lock's finding blaming the lock, the key or both (review)
    assert "so the key is right if the game was so. Every roll fits another reading" in found.detail
    assert "so the key is right." not in found.detail
    if seal == "other":
        assert (
            "the lock, the key or both are most likely another game's"
            in finding(verdict, "seal_from_other_game").detail
        )


def test_daily_faces_of_the_local_date_instead_of_the_utc_one_are_found() -> None:
    mistaken = DAILY | {"recorded": rolls_of(DAILY | {"date": "2026-10-27"})}
    found = finding(check(mistaken), "date_shifted")
    assert found.try_ == {"date": "2026-10-27"}
    assert_try_is_fair(mistaken, found)


# ---- the seal and the key ----------------------------------------------------------------


def test_rolls_that_fit_but_a_seal_from_another_game_say_so_without_a_fix() -> None:
    # Given the right rolls and secret but the seal of another game
    mistaken = NARDE | {"fingerprint": hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(), "recorded": "15 46 34"}
    found = finding(check(mistaken), "seal_from_other_game")
    # Then nothing in the request can fix it, and a committed-to-another-secret case is not ruled out
    assert found.try_ is None
    assert found.explains == "3 of 3 rolls"
    assert "report it" in found.detail
    assert "case" in found.detail  # hex case is already ignored: it is not the cause


def test_a_daily_roll_that_fits_beside_another_commitment_is_said_as_one_roll() -> None:
    # Given a day's secret and its roll, and the commitment of another secret
    mistaken = DAILY | {"commitment": hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(), "recorded": rolls_of(DAILY)}

    # When it is diagnosed
    found = finding(check(mistaken), "seal_from_other_game")

    # Then the finding speaks of one roll (review: "the recorded rolls fit this day secret" of one roll), and of the
    # commitment as a day's, as its heading does (changed deliberately from "another game's")
    assert "; the recorded roll fits this day secret, so the commitment is most likely another day's" in found.detail


def test_two_rolls_that_fit_beside_another_seal_are_said_as_two_where_the_count_asks_for_one() -> None:
    # Given a game's first two rolls, a count of 1 and the seal of another key: one roll is compared, two recorded
    mistaken = NARDE | {"fingerprint": "00" * 32, "count": 1, "recorded": rolls_of(NARDE | {"count": 2})}

    # When it is diagnosed
    verdict = check(mistaken)
    # (too_few_rolls_fit, its code saying what its words say: changed deliberately from seal_from_other_game, which
    # told a program reading the code alone that the fingerprint is another game's)
    found = finding(verdict, "too_few_rolls_fit")
    assert found.too_few_to_tell
    assert "seal_from_other_game" not in [f.cause for f in verdict.diagnosis or []]

    # Then the recorded rolls are said as the two they are, as `roll_count` counts them, which another key's rolls would
    # fit 1 time in 1,296, so that the fingerprint is not blamed alone (review: "so the fingerprint is most likely
    # another game's", of 2 rolls), nor either most likely, as luck rarer than OTHER_GAME_CHANCE (changed deliberately
    # from "as another game's rolls might: the fingerprint, the key or both are most likely another game's")
    assert (
        "; the recorded rolls fit this key: too few fit to tell whether the fingerprint is another game's or the key"
        " is (another game's rolls would fit as many or more 1 time in about 1,296)" in found.detail
    )


@pytest.mark.parametrize(
    ("game", "words"),
    [
        # one roll, which another key's fits 1 time in 36
        (
            NARDE | {"count": 1},
            "; the recorded roll fits this key, as another game's roll might: the fingerprint, the key or both are most"
            " likely another game's",
        ),
        # two, 1 time in 1,296, rarer than OTHER_GAME_CHANCE: too few to tell which (changed deliberately from "as
        # another game's rolls might: the seal, the server seed or both are most likely another game's"); a pair36
        # seal covers a match, so another match's (changed deliberately from "another game's")
        (
            PAIR36 | {"count": 2},
            "; the recorded rolls fit this server seed: too few fit to tell whether the seal is another match's or the"
            " server seed is (another game's rolls would fit as many or more 1 time in about 1,296)",
        ),
        # none: nothing shows which
        (
            NARDE | {"count": 3, "recorded": None},
            "; only the fingerprint could be compared (no rolls were recorded): the fingerprint, the key or both are"
            " most likely another game's",
        ),
        # three, 1 time in 46,656: they show the key is theirs
        (
            NARDE | {"count": 3},
            "; the recorded rolls fit this key, so the fingerprint is most likely another game's",
        ),
    ],
    ids=["1 roll", "2 rolls", "no rolls", "3 rolls"],
)
def test_a_seal_of_another_game_is_blamed_alone_only_where_more_rolls_fit_the_secret_than_another_games_would(
    game: dict[str, Any], words: str
) -> None:
    # Given a game's rolls, every one of them fitting its secret, or none recorded, and the seal of another key
    seal_field = "fingerprint" if game["scheme"] == "narde-v1" else "seal"
    recorded = game.get("recorded", rolls_of(game))
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    # too_few_rolls_fit where its words say too few fit to tell which (changed deliberately from seal_from_other_game)
    cause = "too_few_rolls_fit" if "too few fit to tell" in words else "seal_from_other_game"
    found = finding(check(game | {seal_field: other, "recorded": recorded}), cause)
    # Then the seal alone is blamed only where the rolls fit the secret more than another game's would, as where some
    # differ (review: "the recorded roll fits this key, so the fingerprint is most likely another game's" of one roll,
    # which another key's fits 1 time in 36)
    assert words in found.detail


@pytest.mark.parametrize("game", [PAIR36, NARDE, BOT, ONLINE, THREE], ids=lambda game: game["scheme"])
def test_one_roll_that_does_not_fit_the_secrets_own_seal_is_too_few_to_tell_whose_it_is(game: dict[str, Any]) -> None:
    # Given a game's first roll (or ply), sent under the secret's own seal with another roll that no mistake tried
    # gives: this game's, copied wrong or shown with other dice, or another game's, which does not fit either
    request = parse_request(game)
    words = schemes.of(request).words
    real = rolls_of(game | {"count": 1})[0]
    wrong = [real[0] % 6 + 1, *(die % 6 + 1 for die in real[1:])]
    verdict = check(game | {"count": 1, "recorded": [wrong]})
    (found,) = verdict.diagnosis or []
    # Then neither is said most likely (review: "it is most likely another game's roll" of one roll of two dice,
    # which another game's misses 35 times in 36 and this game's copied wrong every time): one roll is too few to tell
    assert (found.cause, found.explains) == ("too_few_rolls_fit", f"0 of 1 {words.roll}")
    assert "most likely" not in found.detail
    assert (
        f"one {words.roll} is little evidence either way, too few fit to tell whether it is another game's"
        f" {words.roll} or this game's, copied wrong or shown with other dice than the committed ones." in found.detail
    )
    assert found.detail.endswith(
        f"if the settings given are the game's and it was copied correctly from this game, the dice shown were not the"
        f" committed ones: keep the {words.secret} and report it"
    )
    # and the page heads it so, not "The roll belongs to another game"
    page = html.unescape(render_page(verdict, parse_request(game | {"count": 1, "recorded": [wrong]})))
    assert f"<b>One {words.roll} is too few to tell whose it is</b>" in page
    assert "belongs to another game" not in page
    assert _words_against_code(verdict) == []
    # and two rolls that fit nothing are another game's, as before
    two = [wrong, [die % 6 + 1 for die in rolls_of(game | {"count": 2})[1]]]
    (found,) = check(game | {"count": 2, "recorded": two}).diagnosis or []
    assert (found.cause, "most likely" in found.detail) == ("rolls_from_other_game", True)


@pytest.mark.parametrize(
    ("game", "whose", "copy"),
    [
        (PAIR36, "another match's", "copy both from the same match. If both were copied correctly from this match"),
        (ONLINE, "another match's", "copy both from the same match. If both were copied correctly from this match"),
        (NARDE, "another game's", "copy both from the same game. If both were copied correctly from this game"),
        (BOT, "another game's", "copy both from the same game. If both were copied correctly from this game"),
        (THREE, "another game's", "copy both from the same game. If both were copied correctly from this game"),
    ],
    ids=["pair36", "bg-online-v1", "narde-v1", "bg-dice-v1", "three-dice"],
)
def test_a_seal_that_covers_a_whole_match_is_said_another_matchs_not_another_games(
    game: dict[str, Any], whose: str, copy: str
) -> None:
    # Given a game's rolls, every one fitting its secret, sent with another secret's seal
    request = parse_request(game)
    words = schemes.of(request).words
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    sent = game | {request.SEAL_FIELD: other, "recorded": rolls_of(game | {"count": 10})}
    verdict = check(sent)
    found = finding(verdict, "seal_from_other_game")
    # Then, where one seal covers every game of a match (pair36's roll numbers run across the match, bg-online-v1's
    # key is the match's), the seal is said to be another match's, to copy from the same match: another game of the
    # same match shows this very seal (review: "the seal is most likely another game's: copy both from the same game")
    assert f"so the {words.seal} is most likely {whose}: {copy}" in found.detail
    # and the page heads it so
    page = html.unescape(render_page(verdict, parse_request(sent)))
    assert f"<b>The {words.seal} belongs to {whose[:-2]}</b>" in page


@pytest.mark.parametrize(
    ("game", "copy"),
    [
        (PAIR36, "copy both from the same match. If both were copied correctly from this match"),
        (NARDE, "copy both from the same game. If both were copied correctly from this game"),
    ],
    ids=["pair36", "narde-v1"],
)
def test_a_reading_offered_beside_another_seal_says_where_to_copy_both_in_the_rooms_words(
    game: dict[str, Any], copy: str
) -> None:
    # Given 3 rolls from roll 100, sent as the first, with another secret's seal: too few fit the start the window scan
    # finds to name it, so it is offered as a reading, which would leave the rolls this secret's and the seal not
    request = parse_request(game)
    words = schemes.of(request).words
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    sent = game | {request.SEAL_FIELD: other, "count": 3, "recorded": rolls_of(game | {"first": 100, "count": 3})}
    verdict = check(sent)
    (found,) = verdict.diagnosis or []
    assert "100 onward, not" in found.detail
    # Then whose the seal is under that reading is said as the room says it elsewhere: a pair36 seal covers the whole
    # match, so both are copied again from the same match (review: "the seal given is not this server
    # seed's: another game's, or, if both were copied correctly from this game", beside "another match" in the rest)
    assert f"Then the {words.seal} given is not this {words.secret}'s: {copy}" in found.detail
    assert "another game's, or" not in found.detail
    # and its words claim no more than its code does
    assert _words_against_code(verdict) == []


@pytest.mark.parametrize(
    ("labelled", "explains", "page_words"),
    [
        (2, "2 of the first 2 rolls", "the first 2 recorded rolls"),
        (1, "1 of the first 1 roll", "the first recorded roll"),
    ],
)
def test_rolls_recorded_past_the_labels_are_not_counted_in_what_the_count_finding_explains(
    labelled: int, explains: str, page_words: str
) -> None:
    # Given 20 rolls of a bot game, each as the game rolled it, sent with the labels of the first 1 or 2: the labels fix
    # the count, and the request rolls nothing at the rolls past them
    game = BOT | {"count": 20}
    labels = [report["label"] for report in check(game).rolls][:labelled]
    request = parse_request(BOT | {"labels": labels, "recorded": rolls_of(game)})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    # Then the count's finding counts the rolls the labels ask for, as the request as given is counted, not the rolls
    # past them as rolls that do not fit (review: "2 of 20 rolls" beside "20 rolls were recorded and 2 computed")
    assert (found.cause, found.explains) == ("roll_count", explains)
    assert f"(it fits {page_words})" in render_page(verdict, request)
    # and it asks for what a request with labels can send, a label for each roll recorded, where it said "check again
    # with 20 rolls", which the labels, fixing the count, leave no way to send; with no `try`, as before
    assert found.detail.endswith("check again with a label for each of the 20 rolls to compare exactly those")
    assert found.try_ is None


@pytest.mark.parametrize("seal", [SEAL, "00" * 32], ids=["own seal", "another seal"])
def test_rolls_recorded_past_a_count_given_alone_are_not_counted_in_what_the_count_finding_explains(seal: str) -> None:
    # Given 20 rolls of a game, each as the game rolled it, sent with a count of 10: the 10 past it are not compared
    request = parse_request(PAIR36 | {"seal": seal, "count": 10, "recorded": rolls_of(PAIR36 | {"count": 20})})
    verdict = verify(request)
    found = finding(verdict, "roll_count")
    # Then the count's finding counts the 10 compared, as where labels fix the count, not the 10 past them as rolls that
    # do not fit (review: "10 of 20 rolls", "it fits 10 of the 20 recorded rolls", beside "the recorded rolls fit this
    # server seed" of the seal's finding), its try still the count that compares them all
    assert (found.explains, found.try_) == ("10 of the first 10 rolls", {"count": 20})
    assert "<b>The number of rolls differs</b> <span class=muted>(it fits the first 10 recorded rolls)" in render_page(
        verdict, request
    )


@pytest.mark.parametrize(
    ("labelled", "words"),
    [
        (1, "; the first recorded roll fits this key, as another game's roll might: the lock, the key or both"),
        # 1 time in 1,296: too few to tell which (changed deliberately from "as another game's rolls might: the lock,
        # the key or both")
        (2, "; the first 2 recorded rolls fit this key: too few fit to tell whether the lock is another game's or the"),
    ],
)
def test_a_seal_of_another_game_says_the_first_rolls_the_labels_ask_for_as_the_page_says_them(
    labelled: int, words: str
) -> None:
    # Given 20 rolls of a bot game, each as the game rolled it, sent with the labels of the first 1 or 2 and another
    # key's lock: the seal's finding counts the rolls the labels ask for
    game = BOT | {"count": 20}
    labels = [report["label"] for report in check(game).rolls][:labelled]
    lock = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    # too_few_rolls_fit where its words say too few fit to tell which (changed deliberately from seal_from_other_game)
    cause = "too_few_rolls_fit" if "too few fit to tell" in words else "seal_from_other_game"
    found = finding(check(BOT | {"lock": lock, "labels": labels, "recorded": rolls_of(game)}), cause)
    # Then its words say them as the page does ("it fits the first recorded roll"), where one was "the first 1 recorded
    # roll"
    assert words in found.detail
    assert "first 1 " not in found.detail


def test_a_wrong_seal_with_no_rolls_recorded_is_still_diagnosed() -> None:
    verdict = check(NARDE | {"fingerprint": "00" * 32, "count": 3})
    found = finding(verdict, "seal_from_other_game")
    assert found.explains == "the seal"


def test_an_explains_of_the_seal_alone_is_one_the_json_schema_describes() -> None:
    # Given a finding that counts no rolls, of narde-v1, whose seal is a fingerprint
    found = finding(check(NARDE | {"fingerprint": KEY, "count": 3}), "secret_in_seal_field")
    assert found.explains == "the seal"
    # Then the schema the API documents names that explains among those it gives, where it named counts of rolls alone
    description = Finding.model_json_schema()["properties"]["explains"]["description"]
    assert "'the seal'" in description
    assert "whatever the scheme calls it" in description


def test_a_seal_that_fits_with_rolls_from_another_key_says_the_rolls_are_another_games() -> None:
    mistaken = PAIR36 | {"recorded": rolls_of(PAIR36 | {"server_seed": OTHER_KEY, "count": 40})}
    found = finding(check(mistaken), "rolls_from_other_game")
    assert found.try_ is None
    # The secret matches the seal given, which is not said to be one shown before the game: fairdice cannot know that,
    # and a daily archive's commitment may not show it (review: "the secret is the one sealed before the game", under a
    # heading that said the commitment does not show the secret was fixed before the day's play)
    assert found.detail.startswith("the server seed matches the seal, but the recorded rolls are not its rolls")
    assert "before the game" not in found.detail


def test_neither_seal_nor_rolls_fitting_says_the_secret_is_another_games() -> None:
    mistaken = PAIR36 | {"server_seed": OTHER_KEY, "recorded": rolls_of(PAIR36 | {"count": 40})}
    verdict = check(mistaken)
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_from_other_game"]


@pytest.mark.parametrize(
    ("game", "secret", "seal", "words"),
    [
        (
            BOT,
            "key",
            "lock",
            "neither the lock nor the recorded rolls fit this key and none of the mistakes tried (numbering, game of"
            " the match, take-backs, dice order) explains the rolls: the key is most likely from another game than"
            " both",
        ),
        (
            THREE,
            "seed",
            "commit",
            "neither the commit nor the recorded plies fit this seed and none of the mistakes tried (numbering, seat"
            " order, dice order) explains the plies: the seed is most likely from another game than both",
        ),
    ],
)
def test_neither_seal_nor_rolls_fitting_is_said_in_the_schemes_words(
    game: dict[str, Any], secret: str, seal: str, words: str
) -> None:
    # Given a game's rolls sent with another game's secret, and a seal that fits neither
    mistaken = game | {secret: OTHER_KEY, seal: "00" * 32, "recorded": rolls_of(game | {"count": 20})}

    # When it is diagnosed
    (found,) = check(mistaken).diagnosis or []

    # Then the finding names the seal, the secret and the rolls as the scheme does, as its other findings and the page
    # do (review: bg-dice-v1's "neither the seal nor the recorded rolls fit this secret", where seed 001 says lock and
    # key)
    assert found.cause == "secret_from_other_game"
    assert found.detail.startswith(words)


@pytest.mark.parametrize(
    ("game", "seal", "given", "words"),
    [
        (
            BOT,
            "lock",
            True,
            "the key matches the lock, but the recorded roll is not its roll and the mistakes tried",
        ),
        # one roll beside no seal too (changed deliberately from "it and the key most likely come from different
        # games": one roll is little evidence either way)
        (
            BOT,
            "lock",
            False,
            "the recorded roll does not fit this key and the mistakes tried (numbering, game of the match,"
            " take-backs) cannot be weighed on it (1 recorded roll is too few to tell any of them from chance): one"
            " roll is little evidence either way, too few fit to tell whether it is another game's roll or this game's,"
            " copied wrong or shown with other dice than the committed ones. Give the lock too,",
        ),
        (
            THREE,
            "commit",
            True,
            "the seed matches the commit, but the recorded ply is not its ply and the mistakes tried",
        ),
        # one ply beside the seed's own commit is too few to tell whose it is (changed deliberately from "it is most
        # likely another game's ply")
        (THREE, "commit", True, "too few fit to tell whether it is another game's ply or this game's"),
        (
            THREE,
            "commit",
            False,
            "cannot be weighed on it (1 recorded ply is too few to tell any of them from chance): one ply is little"
            " evidence either way, too few fit to tell whether it is another game's ply or this game's",
        ),
    ],
    ids=["bg-its-lock", "bg-no-lock", "three-dice-its-commit", "three-dice-elsewhere", "three-dice-no-commit"],
)
def test_rolls_of_another_game_are_said_in_the_schemes_words(
    game: dict[str, Any], seal: str, given: bool, words: str
) -> None:
    # Given rolls no mistake tried explains, with the game's own seal or with none
    mistaken = game | {seal: game[seal] if given else None, "recorded": [[6] * len(rolls_of(game | {"count": 1})[0])]}

    # When it is diagnosed: beside the secret's own seal, or none, one roll is too few to tell whose it is
    # (too_few_rolls_fit, changed deliberately from rolls_from_other_game)
    found = finding(check(mistaken), "too_few_rolls_fit")
    assert "most likely" not in found.detail

    # Then the finding names the seal, the secret and the rolls as the scheme does, as `secret_from_other_game` does
    # (review: bg-dice-v1's "the secret matches the seal", where seed 001 says key and lock, and three-dice's "the
    # recorded rolls are not its rolls" beside "0 of 1 ply"), and its one roll as one (review: "the recorded rolls:
    # they and the day secret" of a daily roll)
    assert words in found.detail


def test_a_daily_roll_of_another_game_without_the_commitment_is_said_as_one_roll() -> None:
    # Given a day's secret, no commitment, and one roll that is none of its
    mistaken = DAILY | {"commitment": None, "recorded": "1-1-1-1-1-1"}

    # When it is diagnosed
    found = finding(check(mistaken), "rolls_from_other_game")

    # Then the finding speaks of one roll (review: "explains the recorded rolls: they and the day secret" of one roll),
    # another player's or of another day (changed deliberately: "it and the day secret most likely come from different
    # games")
    assert found.detail.startswith(
        "none of the mistakes tried (day before or after) explains the recorded roll: it is most likely another"
        " player's roll, or it and the day secret are of different days"
    )


@pytest.mark.parametrize(
    ("game", "secret", "seal", "words", "explains"),
    [
        (
            DAILY,
            "secret",
            "commitment",
            "neither the commitment nor the recorded roll fits this day secret and none",
            " explains the roll",
        ),
        (
            THREE,
            "seed",
            "commit",
            # (changed deliberately from "and none" of the mistakes tried "explains the ply": none is weighed on one)
            "neither the commit nor the recorded ply fits this seed and the mistakes tried",
            " cannot be weighed on the ply",
        ),
    ],
    ids=["daily", "three-dice"],
)
def test_neither_seal_nor_one_roll_fitting_is_said_of_one_roll(
    game: dict[str, Any], secret: str, seal: str, words: str, explains: str
) -> None:
    # Given one roll of a game, sent with another game's secret and a seal that fits neither
    real = rolls_of(game if game is DAILY else game | {"count": 1})
    mistaken = game | {secret: OTHER_KEY, seal: "00" * 32, "recorded": real}

    # When it is diagnosed
    found = finding(check(mistaken), "secret_from_other_game")

    # Then the finding speaks of one roll, in the scheme's word for it (review: "the recorded rolls" of one roll)
    assert found.detail.startswith(words)
    assert explains in found.detail


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (
            BOT,
            "only roll 10 differs: the rest fit this key, so the key and the settings are right. Check that roll"
            " against the game's own roll list; if it was copied correctly, the dice shown were not the committed"
            " ones: keep the key and report it",
        ),
        (
            THREE,
            "only ply 9 differs: the rest fit this seed, so the seed and the settings are right. Check that ply"
            " against the game's own ply list; if it was copied correctly, the dice shown were not the committed"
            " ones: keep the seed and report it",
        ),
    ],
    ids=["bg-dice-v1", "three-dice"],
)
def test_a_few_rolls_that_differ_are_said_in_the_schemes_words(game: dict[str, Any], words: str) -> None:
    # Given a game of 20 rolls whose tenth was miscopied
    rolls = rolls_of(game | {"count": 20})
    rolls[9] = [1] * len(rolls[9]) if set(rolls[9]) != {1} else [2] * len(rolls[9])

    # When it is diagnosed
    found = finding(check(game | {"recorded": rolls}), "few_rolls_differ")

    # Then the secret and the rolls are named as the scheme does, as `explains` and its other findings name them
    # (review: "the rest fit this secret, so the secret is right" of bg-dice-v1's key and three-dice's seed)
    assert found.detail == words


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (
            BOT,
            "the recorded rolls fit this key up to roll 5, and each one after it fits the roll after its own: roll 6"
            " (2-3) is not in the list, as if a line was lost when it was copied. If the game's own list has it, copy"
            " the list again; if the game never showed it, the dice shown were not the committed ones: keep the key and"
            " report it",
        ),
        (
            THREE,
            "the recorded plies fit this seed up to ply 4, and each one after it fits the ply after its own: ply 5"
            " (1-3-5) is not in the list, as if a line was lost when it was copied. If the game's own list has it, copy"
            " the list again; if the game never showed it, the dice shown were not the committed ones: keep the seed"
            " and report it",
        ),
    ],
    ids=["bg-dice-v1", "three-dice"],
)
def test_a_roll_left_out_is_said_in_the_schemes_words(game: dict[str, Any], words: str) -> None:
    # Given a game of 20 rolls with its sixth left out of the list
    rolls = rolls_of(game | {"count": 20})

    # When it is diagnosed
    found = finding(check(game | {"recorded": rolls[:5] + rolls[6:]}), "roll_left_out")

    # Then the secret is named as the scheme does (review: "fit this secret ... keep the secret" of a key and a seed)
    assert found.detail == words


@pytest.mark.parametrize(
    ("field", "value", "cause", "words"),
    [
        (
            "commit",
            "00" * 32,
            "seal_from_other_game",
            "the recorded plies fit this seed, so the commit is most likely another game's: copy both from the same"
            " game. If both were copied correctly from this game, the seed is not the one it committed to",
        ),
        (
            "seed",
            SEAL,
            "seal_in_secret_field",
            "the seed given is the commit itself, and the recorded plies are not its plies: the commit was pasted as"
            " the seed too. The seed is the other value, the one the game revealed after its last ply",
        ),
    ],
    ids=["another-commit", "commit-as-seed"],
)
def test_a_three_dice_seal_finding_speaks_of_plies(field: str, value: str, cause: str, words: str) -> None:
    # Given a three-dice game's plies sent with another game's commit, or with the commit pasted as the seed too
    mistaken = THREE | {field: value, "recorded": rolls_of(THREE | {"count": 20})}

    # When it is diagnosed
    found = finding(check(mistaken), cause)

    # Then the plies are named as the scheme and `explains` name them (review: "the recorded rolls fit this secret"
    # beside "20 of 20 plies")
    assert words in found.detail


def test_secret_and_seal_pasted_into_each_others_fields_are_found() -> None:
    # Given a 32-byte secret whose seal is known: the two values pasted the wrong way round
    secret = KEY
    mistaken = NARDE | {"key": SEAL, "fingerprint": secret, "recorded": "15 46 34"}
    found = finding(check(mistaken), "secret_and_seal_swapped")
    assert found.try_ == {"key": secret, "fingerprint": SEAL}
    assert found.explains == "3 of 3 rolls"
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    ("text", "said"),
    [(KEY, ""), (KEY + "\n", " with a line break at its end (as echo and sha256sum give it)")],
    ids=["hex text", "echo"],
)
@pytest.mark.parametrize("game", [PAIR36, NARDE, DAILY], ids=lambda game: game["scheme"])
def test_secret_and_a_seal_over_its_hex_text_pasted_into_each_others_fields_are_found(
    game: dict[str, Any], text: str, said: str
) -> None:
    # Review: a game whose seal was computed over the secret's hex text, its secret and seal pasted the wrong way round,
    # was "the key is most likely from another game than both": the swap went unseen, as the seal is not the bytes'
    # Given such a seal, and the two values pasted into each other's fields beside the game's own rolls
    request = parse_request(game)
    seal_field, secret_field = request.SEAL_FIELD, request.REVEALED_FIELD
    text_seal = hashlib.sha256(text.encode()).hexdigest()
    real = rolls_of(game if game["scheme"] == "daily" else game | {"count": 5})
    mistaken = game | {seal_field: KEY, secret_field: text_seal, "recorded": real}
    verdict = check(mistaken)
    # Then the swap is found, saying the seal is the hex text's, and swapping them back leaves the seal over the hex
    # text, its own finding, with every roll fitting
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_and_seal_swapped"]
    found = finding(verdict, "secret_and_seal_swapped")
    assert found.try_ == {secret_field: KEY, seal_field: text_seal}
    assert f"written as hex text{said}, is the value given as the" in found.detail
    assert "another" not in found.detail
    fixed = check(apply(mistaken, found.try_))
    assert fixed.checks.rolls == "match"
    assert [f.cause for f in fixed.diagnosis or []] == ["seal_of_hex_text"]


@pytest.mark.parametrize("recorded", [rolls_of(PAIR36 | {"count": 20}), None])
def test_the_secret_pasted_twice_is_found(recorded: list[list[int]] | None) -> None:
    # Review (support): a server seed pasted twice in its field was "the secret is most likely from another game", and
    # with no rolls "the seal is another game's ... or the secret is not the one committed to: report it"
    mistaken = PAIR36 | {"server_seed": f"{KEY} {KEY.upper()}", "recorded": recorded}
    verdict = check(mistaken)
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_pasted_twice"]
    found = finding(verdict, "secret_pasted_twice")
    assert found.try_ == {"server_seed": KEY}
    assert found.explains == ("20 of 20 rolls" if recorded else "the seal")
    assert found.detail.startswith("the server seed was pasted twice")
    if recorded:
        assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    ("text", "said"),
    [(KEY, ""), (KEY + "\n", " with a line break at its end (as echo and sha256sum give it)")],
    ids=["hex text", "echo"],
)
@pytest.mark.parametrize("base", [PAIR36, THREE, ONLINE], ids=lambda base: base["scheme"])
def test_the_secret_pasted_twice_beside_a_seal_over_its_hex_text_is_found(
    base: dict[str, Any], text: str, said: str
) -> None:
    # Review: a secret pasted twice beside a seal computed over its hex text was "the server seed is most likely from
    # another game than both": only the SHA-256 of the half's bytes was tried against the seal
    # Given such a seal, the secret pasted twice, and the game's own rolls
    request = parse_request(base)
    seal_field, secret_field = request.SEAL_FIELD, request.REVEALED_FIELD
    text_seal = hashlib.sha256(text.encode()).hexdigest()
    game = base | {seal_field: text_seal, "count": 5}
    mistaken = game | {secret_field: f"{KEY} {KEY}", "recorded": rolls_of(game)}
    verdict = check(mistaken)
    # Then the paste is found, shown by the half's hex text, and given once the rolls fit and the seal is the hex text's
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_pasted_twice"]
    found = finding(verdict, "secret_pasted_twice")
    assert found.try_ == {secret_field: KEY}
    seal = schemes.of(request).words.seal
    assert f"the SHA-256 of that half written as hex text{said} is the {seal} given" in found.detail
    assert "another" not in found.detail
    fixed = check(apply(mistaken, found.try_))
    assert fixed.checks.rolls == "match"
    assert [f.cause for f in fixed.diagnosis or []] == ["seal_of_hex_text"]


# A bg-dice-v1 or narde-v1 key pasted twice is refused as one: it is 32 bytes (test_fields)
@pytest.mark.parametrize("base", [PAIR36, THREE, ONLINE], ids=lambda base: base["scheme"])
def test_the_secret_pasted_twice_without_its_seal_is_found_by_the_rolls(base: dict[str, Any]) -> None:
    # Review (support): with no seal to show it, a secret pasted twice was "most likely another game's rolls"
    secret_field, seal_field = (
        type(schemes.parse_request(base)).REVEALED_FIELD,
        type(schemes.parse_request(base)).SEAL_FIELD,
    )
    unsealed = {name: value for name, value in base.items() if name != seal_field}
    mistaken = unsealed | {secret_field: KEY + KEY, "recorded": rolls_of(unsealed | {"count": 20})}
    verdict = check(mistaken)
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_pasted_twice"]
    found = finding(verdict, "secret_pasted_twice")
    assert found.try_ == {secret_field: KEY}
    assert found.explains == f"20 of 20 {rolls_word(base)}"
    assert f"the recorded {rolls_word(base)} fit that half" in found.detail
    assert_try_is_fair(mistaken, found)


def test_a_secret_of_two_equal_halves_whose_rolls_are_not_its_halfs_is_no_such_mistake() -> None:
    mistaken = PAIR36 | {
        "server_seed": KEY + KEY,
        "recorded": rolls_of(PAIR36 | {"server_seed": OTHER_KEY, "count": 20}),
    }
    mistaken.pop("seal")
    assert all(f.cause != "secret_pasted_twice" for f in check(mistaken).diagnosis or [])


@pytest.mark.parametrize("sealed", [True, False], ids=["sealed", "unsealed"])
def test_a_key_of_two_equal_halves_whose_half_is_no_key_is_not_said_pasted_twice(sealed: bool) -> None:
    # Given a narde-v1 key of 32 bytes that is 16 bytes twice, with the rolls (and the fingerprint) of those 16 bytes: a
    # key neither app makes, which the key field refuses
    half = bytes(range(16))
    dice = narde.rolls(keyed_mac(half), "test", 0, 20).dice
    mistaken = {"scheme": "narde-v1", "key": (half + half).hex(), "phrase": "test", "recorded": [list(d) for d in dice]}
    if sealed:
        mistaken["fingerprint"] = hashlib.sha256(half).hexdigest()

    # Then it is not said to be pasted twice, with a `try` the field refuses: every `try` offered is a request
    diagnosis = check(mistaken).diagnosis or []
    assert all(f.cause != "secret_pasted_twice" for f in diagnosis)
    for found in diagnosis:
        if found.try_ is not None:
            parse_request(apply(mistaken, found.try_))


def test_a_secret_of_two_equal_halves_not_sealed_so_is_no_such_mistake() -> None:
    mistaken = PAIR36 | {"server_seed": KEY + KEY, "seal": hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()}
    assert all(f.cause != "secret_pasted_twice" for f in check(mistaken | {"count": 3}).diagnosis or [])


def test_the_secret_pasted_as_the_seal_is_found() -> None:
    found = finding(check(NARDE | {"fingerprint": KEY.upper(), "recorded": "15 46 34"}), "secret_in_seal_field")
    assert found.try_ is None
    assert "the fingerprint is the other value, the one the game showed before its first roll" in found.detail


def test_a_days_secret_and_commitment_pasted_into_one_field_are_said_the_archives_not_a_games() -> None:
    # Review: a day's commitment was "the one the game showed before its first roll", its secret "the one the game
    # revealed after its last roll": the daily archive publishes and reveals them, no game
    # Given the day secret in both fields, then the commitment in both, each beside the day's roll
    secret_twice = parse_request(DAILY | {"commitment": KEY})
    seal_twice = parse_request(DAILY | {"secret": SEAL, "recorded": rolls_of(DAILY)})

    # When each is diagnosed and its page rendered
    in_seal, in_secret = verify(secret_twice), verify(seal_twice)

    # Then each names the archive, on the finding and on the page, and no game
    shown = finding(in_seal, "secret_in_seal_field").detail
    assert shown.endswith(
        "the commitment is the other value, the one the daily archive publishes for the day between 00:00 and 00:15 UTC"
    )
    revealed = finding(in_secret, "seal_in_secret_field").detail
    assert revealed.endswith(
        "The day secret is the other value, the one the daily archive reveals once the day is over in UTC"
    )
    pages = render_page(in_seal, secret_twice), render_page(in_secret, seal_twice)
    assert "the one the daily archive publishes for the day between 00:00 and 00:15 UTC" in pages[0]
    assert "the one the daily archive reveals once the day is over in UTC" in pages[1]
    for detail, page in zip((shown, revealed), pages, strict=True):
        assert "game" not in detail
        assert "the one the game" not in page


@pytest.mark.parametrize("base", [PAIR36, BOT, ONLINE, NARDE, THREE, DAILY])
def test_the_seal_pasted_as_the_secret_is_found_and_the_seal_field_is_not_blamed(base: dict[str, Any]) -> None:
    # Support review: the seal in both fields was "the seal given is the secret itself", sending the reader to change
    # the seal, which was right, and then "the secret is most likely from another game"
    request = parse_request(base)
    real = rolls_of(base if base is DAILY else base | {"count": 3})
    verdict = check(base | {request.REVEALED_FIELD: base[request.SEAL_FIELD], "recorded": real})

    assert [f.cause for f in verdict.diagnosis or []] == ["seal_in_secret_field"]
    found = finding(verdict, "seal_in_secret_field")
    assert found.try_ is None
    words = schemes.of(request).words
    assert f"the {words.seal} was pasted as the {words.secret} too" in found.detail


def test_the_seal_pasted_as_the_secret_beside_one_daily_roll_says_the_roll_is_not_its() -> None:
    # Given the day's commitment in both fields and the day's roll
    verdict = check(DAILY | {"secret": SEAL, "recorded": rolls_of(DAILY)})

    # When it is diagnosed
    found = finding(verdict, "seal_in_secret_field")

    # Then the finding speaks of one roll (review: "the recorded rolls are not its rolls" of one roll)
    assert "the day secret given is the commitment itself, and the recorded roll is not its roll:" in found.detail


@pytest.mark.parametrize("base", [PAIR36, NARDE, THREE])
def test_the_secret_in_both_fields_with_one_roll_that_differs_is_no_seal_pasted_and_the_roll_is_to_report(
    base: dict[str, Any],
) -> None:
    # Given the secret pasted as the seal too, and the game's rolls but one, as dice changed after the commitment show
    request = parse_request(base)
    rolls = [list(roll) for roll in rolls_of(base | {"count": 20})]
    rolls[7][0] = rolls[7][0] % 6 + 1
    verdict = check(base | {request.SEAL_FIELD: base[request.REVEALED_FIELD], "recorded": rolls})

    # Then the secret field, whose value 19 of the 20 rolls fit, is not said to hold the seal, and the roll is to report
    # (review: "the fingerprint was pasted as the key too", the roll that differs left unsaid)
    causes = [f.cause for f in verdict.diagnosis or []]
    assert causes == ["secret_in_seal_field", "few_rolls_differ"]
    assert "the dice shown were not the committed ones" in finding(verdict, "few_rolls_differ").detail


def test_a_seal_computed_over_the_hex_text_is_found() -> None:
    text_seal = hashlib.sha256(KEY.encode()).hexdigest()
    found = finding(check(NARDE | {"fingerprint": text_seal, "count": 3}), "seal_of_hex_text")
    assert SEAL in found.detail


def test_a_commitment_given_over_the_day_secrets_hex_text_is_said_of_a_day_not_a_game() -> None:
    # Review: a day's commitment given over the secret's hex text read "A game's commitment is SHA-256 of the bytes",
    # where the archive's own such commitment reads "A day's"
    # Given a day's secret and a commitment over its hex text
    request = parse_request(DAILY | {"commitment": hashlib.sha256(KEY.encode()).hexdigest()})

    # When it is diagnosed and its page rendered
    verdict = verify(request)

    # Then the rule is said of a day, on the finding and on the page
    found = finding(verdict, "seal_of_hex_text")
    assert found.detail.endswith(
        f"whatever computed it hashed the text. A day's commitment is SHA-256 of the bytes, {SEAL}"
    )
    assert "game" not in found.detail
    assert "A day&#x27;s commitment is SHA-256 of the bytes" in render_page(verdict, request)


def test_a_days_commitment_of_another_day_is_copied_again_from_the_archive_not_a_game() -> None:
    # Review: a day's roll that fits its day secret beside another commitment read "copy both from the same game. If
    # both were copied correctly from this game": the daily archive publishes both for a day, no game
    # Given a day's secret and roll, and the commitment to another secret
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    request = parse_request(DAILY | {"commitment": other, "recorded": rolls_of(DAILY)})

    # When it is diagnosed and its page rendered
    verdict = verify(request)

    # Then both are to be copied again from the archive for the day, on the finding and on the page, never a game
    found = finding(verdict, "seal_from_other_game")
    said = (
        "copy both from the daily archive for the same day. If both were copied correctly from the archive for this"
        " day, the day secret is not the one the archive committed to: keep both and report it."
    )
    assert said in found.detail
    assert "game" not in found.detail
    assert said in render_page(verdict, request)


def test_a_day_secret_of_another_day_is_copied_again_from_the_archive_not_a_game() -> None:
    # Review: with no archive to read, a day secret that fits neither the commitment nor the day's roll read "copy it
    # again from the game": the daily archive reveals a day's secret, no game
    # Given a day's commitment and roll, and another day's secret
    request = parse_request(DAILY | {"secret": OTHER_KEY, "recorded": rolls_of(DAILY)})

    # When it is diagnosed and its page rendered
    verdict = verify(request)

    # Then the secret is to be copied again from the archive for the day, on the finding and on the page, never a game
    found = finding(verdict, "secret_from_other_game")
    said = (
        "the day secret is most likely from another day than both; copy it again from the daily archive for this day."
    )
    assert said in found.detail
    assert "game" not in found.detail
    assert said in render_page(verdict, request)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (KEY + "\n", " with a line break at its end (as echo and sha256sum give it)"),
        (KEY.upper() + "\n", " with a line break at its end (as echo and sha256sum give it)"),
        (KEY + "\r\n", " with a Windows line break at its end"),
    ],
    ids=["echo", "echo, upper case", "windows"],
)
@pytest.mark.parametrize("game", [PAIR36, NARDE, DAILY], ids=lambda game: game["scheme"])
def test_a_seal_computed_over_the_hex_text_and_its_line_break_is_found_and_said_so(
    game: dict[str, Any], text: str, said: str
) -> None:
    # Review: the seal of `echo KEY | sha256sum`, the hex text and the line break echo ends it with, was not found, and
    # a roll that did not fit the key was "the key is most likely from another game than both": a player's common
    # mistake read as another game's secret
    # Given a game's seal computed so, and its rolls all recorded with other dice
    request = parse_request(game)
    words = schemes.of(request).words
    real = rolls_of(game if game["scheme"] == "daily" else game | {"count": 5})
    seal = hashlib.sha256(text.encode()).hexdigest()
    verdict = check(game | {request.SEAL_FIELD: seal, "recorded": miscopied(real, range(len(real)))})
    # Then the seal's finding is the hex text's, saying which text was hashed, and the rolls are weighed as beside the
    # secret's own seal: another game's rolls, never another game's secret
    causes = [f.cause for f in verdict.diagnosis or []]
    assert causes == ["seal_of_hex_text", "rolls_from_other_game"]
    found = finding(verdict, "seal_of_hex_text")
    assert found.detail.startswith(
        f"the {words.seal} given is the SHA-256 of the {words.secret} written as hex text{said}, not of its bytes"
    )
    assert all("another game than both" not in f.detail for f in verdict.diagnosis or [])


@pytest.mark.parametrize(
    ("game", "fit"),
    [*((game, fit) for game in (PAIR36, NARDE, ONLINE, THREE) for fit in (0, 2)), (DAILY, 0)],
    ids=lambda value: value["scheme"] if isinstance(value, dict) else f"{value} fit",
)
def test_rolls_beside_a_seal_computed_over_the_secrets_hex_text_never_make_the_secret_another_games(
    game: dict[str, Any], fit: int
) -> None:
    # Review: beside "the commitment given is the SHA-256 of the day secret written as hex text", the rolls' finding
    # said "neither the commitment nor the recorded roll fits this day secret ...: the day secret is most likely from
    # another game than both", and, where 2 of 4 fitted, too few to tell whether it is: the seal shows it is this one
    request = parse_request(game)
    words = schemes.of(request).words
    # Given a game's rolls (a day's one, else 5), all but the first `fit` of them recorded with other dice, sent with
    # the seal of the secret's hex text
    real = rolls_of(game if game["scheme"] == "daily" else game | {"count": 5})
    recorded = miscopied(real, range(fit, len(real)))
    text_seal = hashlib.sha256(game[request.REVEALED_FIELD].encode()).hexdigest()
    verdict = check(game | {request.SEAL_FIELD: text_seal, "recorded": recorded})
    causes = [f.cause for f in verdict.diagnosis or []]
    # Then the seal's finding says so, and the rolls' finding is one beside the secret's own seal: the rolls another
    # game's, or too few fitting to tell whose the rolls are, never whose the secret is
    assert causes[0] == "seal_of_hex_text"
    (rolled,) = verdict.diagnosis[1:] if verdict.diagnosis else []
    assert rolled.cause == ("too_few_rolls_fit" if fit else "rolls_from_other_game")
    assert not rolled.too_few_to_tell
    assert rolled.detail.startswith(f"the {words.seal} given is this {words.secret}'s, computed over its hex text, but")
    assert "another game than both" not in rolled.detail
    assert f"the {words.secret} is not the one it committed to" not in rolled.detail
    # and what the code means says so of it
    assert "beside seal_of_hex_text, a seal that is the secret's" in CAUSE_MEANINGS["too_few_rolls_fit"]


@pytest.mark.parametrize("given", [False, True], ids=["archive's secret", "its secret given"])
@pytest.mark.parametrize("fits", [True, False], ids=["roll fits", "roll of another day"])
def test_an_archives_commitment_over_its_own_secrets_hex_text_is_said_so_never_a_secret_it_had_not_committed_to(
    given: bool, fits: bool
) -> None:
    # Review: a day whose archive published the SHA-256 of its secret's hex text, then revealed that secret, was "the
    # day secret the archive revealed is not the one it committed to ... No mistake in copying explains it", and a roll
    # that does not fit it went unsaid: the seal of the hex text, which `seal_of_hex_text` finds beside a seal given,
    # is a commitment to that secret, hashed as text
    text_seal = hashlib.sha256(KEY.encode()).hexdigest()
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), text_seal, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", *(() if given else ("secret",)))}
    recorded = rolls_of(DAILY) if fits else [[1, 1, 1, 1, 1, 1]]
    verdict = verify(parse_request(day | {"recorded": recorded}), day_secrets=archive)
    assert verdict.verdict == "mismatch"
    # Then the archive is said to have hashed the text of the secret it revealed, to report, and a roll that does not
    # fit that secret is weighed as beside its own commitment: another player's or another day's
    found = verdict.diagnosis or []
    assert [f.cause for f in found] == ["seal_of_hex_text", *(() if fits else ("rolls_from_other_game",))]
    assert found[0].detail.startswith("the commitment the archive published for the day (daily archive ")
    assert "is the SHA-256 of the day secret it revealed (archive 2026-10-28) written as hex text" in found[0].detail
    assert "keep this link and report it" in found[0].detail
    assert all("not the one it committed to" not in f.detail for f in found)
    if not fits:
        assert found[1].detail.startswith(
            "the commitment the archive published is this day secret's, computed over its hex text, but the recorded"
            " roll is not its roll"
        )
        assert "another player's or another day's roll" in found[1].detail
    # and a commitment over another secret's hex text is still a secret it had not committed to
    other = OneDay(
        RevealedDay(
            bytes.fromhex(KEY),
            hashlib.sha256(OTHER_KEY.encode()).hexdigest(),
            "archive 2026-10-28",
            ARCHIVED,
            True,
            True,
            committed=False,
        )
    )
    verdict = verify(parse_request(day | {"recorded": recorded}), day_secrets=other)
    assert [f.cause for f in verdict.diagnosis or []] == ["secret_not_committed"]


@pytest.mark.parametrize("recorded", [False, True], ids=["no roll", "the day's roll"])
def test_an_archives_commitment_pasted_as_the_day_secret_is_said_so_never_a_commitment_given(recorded: bool) -> None:
    # Review: a day's commitment, the one the archive published, pasted as its day secret with no commitment given was
    # "the commitment given is the day secret itself; the commitment is the other value, the one the daily archive
    # publishes": no commitment was given, and the one in the secret's field is the archive's
    # Given a day the archive revealed, its commitment given as the day secret, with no roll or with the day's own
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    verdict = verify(parse_request(day | ({"recorded": rolls_of(DAILY)} if recorded else {})), day_secrets=archive)
    # Then the archive's commitment is said to be pasted as the day secret, and where the day secret is
    (found,) = verdict.diagnosis or []
    assert found.cause == "seal_in_secret_field"
    assert found.detail == (
        "the day secret given is the commitment the archive published for the day (daily archive"
        f" commitments/2026-10-28.json) itself{', and the recorded roll is not its roll' if recorded else ''}: the"
        " commitment was pasted as the day secret. The day secret is the other value, the one the daily archive"
        " reveals once the day is over in UTC"
    )
    # and given with no archive read, the commitment in both fields is said as before
    alone = verify(parse_request(day | {"commitment": SEAL, "recorded": rolls_of(DAILY)}))
    assert [f.cause for f in alone.diagnosis or []] == ["seal_in_secret_field"]
    assert (alone.diagnosis or [])[0].detail.startswith("the day secret given is the commitment itself, and")


def test_what_seal_in_secret_field_means_names_the_archives_commitment_pasted_with_no_commitment_given() -> None:
    # Review: the code's meaning, in the API's document and the audit report, said only "the seal given as the secret
    # too", where a day's finding of that code is the archive's commitment pasted as the day secret, no commitment given
    # Given the archive's commitment given as the day secret, and no commitment
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    (found,) = verify(parse_request(day), day_secrets=archive).diagnosis or []
    assert found.cause == "seal_in_secret_field"
    # Then what its code means says so too, beside the seal given in both fields it means elsewhere
    meaning = CAUSE_MEANINGS[found.cause]
    assert meaning.startswith("the seal given as the secret too")
    assert "daily, also the commitment the archive published given as the day secret, with or without it given" in (
        meaning
    )


@pytest.mark.parametrize("committed", [True, False], ids=["to the secret it revealed", "to nothing"])
def test_an_archives_commitment_given_as_the_day_secret_with_its_roll_is_said_the_archives_never_a_commitment_given(
    committed: bool,
) -> None:
    # Review: a day secret given that is the commitment the archive published, with the roll computed from that value,
    # was "the commitment given is the day secret itself; the commitment is the other value, the one the daily archive
    # publishes": no commitment was given, and the one the roll was computed from is the archive's
    # Given a day whose commitment the archive published, over the secret it revealed or no secret's at all
    commitment = SEAL if committed else OTHER_KEY
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), commitment, "archive 2026-10-28", ARCHIVED, True, True, committed=committed)
    )
    # and that commitment given as the day secret, with the roll computed from it
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": commitment}
    verdict = verify(parse_request(day | {"recorded": rolls_of(day)}), day_secrets=archive)
    # Then the commitment is named the archive's, the roll its, to report
    (found,) = verdict.diagnosis or []
    assert found.cause == "secret_in_seal_field"
    assert found.detail == (
        "the day secret given is the commitment the archive published for the day (daily archive"
        " commitments/2026-10-28.json) itself, and the recorded roll fits it: it was computed from the commitment the"
        " archive published, not from a day secret whose SHA-256 it is. No mistake in copying explains it: keep this"
        " link and report it"
    )
    # and given in both fields with no archive read, the secret is said pasted as the commitment as before
    alone = verify(parse_request(day | {"commitment": commitment, "recorded": rolls_of(day)}))
    assert [f.cause for f in alone.diagnosis or []] == ["secret_in_seal_field"]
    assert (alone.diagnosis or [])[0].detail.startswith("the commitment given is the day secret itself;")


@pytest.mark.parametrize("archived", [True, False], ids=["archive's commitment", "no archive read"])
def test_a_roll_cut_short_inside_its_last_face_is_the_values_given_in_both_fields_never_said_not_its_roll(
    archived: bool,
) -> None:
    # Review: a day's roll computed from the archive's commitment, given as the day secret, its d20 cut to one digit as
    # a chat cuts a link, was "the recorded roll is not its roll: the commitment was pasted as the day secret", though
    # every face but the cut one is that value's; so too of the day secret pasted in both fields with no archive read
    # Given the value given in both fields, or the archive's commitment given as the day secret, and the roll computed
    # from it, cut inside its last face
    given = SEAL if archived else KEY
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": given}
    (roll,) = rolls_of(day)
    assert roll[-1] >= 10  # the d20's face has two digits to cut
    cut = [[*roll[:-1], int(str(roll[-1])[0])]]
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    request = parse_request(day | {"recorded": cut} | ({} if archived else {"commitment": KEY}))
    verdict = verify(request, day_secrets=archive if archived else None)
    # Then the seal's finding is the value in the seal's field, its roll cut short beside it, never a paste whose roll
    # is not the value's
    causes = [found.cause for found in verdict.diagnosis or []]
    assert causes == ["secret_in_seal_field", "roll_cut_short"]
    detail = (verdict.diagnosis or [])[0].detail
    assert "is not its roll" not in detail
    if archived:
        assert detail.startswith(
            "the day secret given is the commitment the archive published for the day (daily archive"
            " commitments/2026-10-28.json) itself, and the recorded roll fits it in every face but the last, cut short:"
            " it was computed from the commitment the archive published"
        )
    else:
        assert detail.startswith("the commitment given is the day secret itself;")


@pytest.mark.parametrize("recorded", ["none", "day", "commitment"], ids=["no roll", "the day's roll", "its roll"])
def test_the_sha256_of_the_archives_commitment_given_as_the_day_secret_is_never_said_a_commitment_given(
    recorded: str,
) -> None:
    # Review: the SHA-256 of the commitment the archive published, given as the day secret with no commitment, was
    # "the day secret and the commitment were pasted into each other's fields: the SHA-256 of the value given as the
    # commitment is the value given as the day secret", with a `try` giving the archive's commitment as the day secret
    # Given a day the archive revealed, the SHA-256 of its commitment given as the day secret, no commitment, and no
    # roll, the day's roll, or the roll computed from that commitment
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    hashed = hashlib.sha256(bytes.fromhex(SEAL)).hexdigest()
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": hashed}
    rolls = {"none": None, "day": rolls_of(DAILY), "commitment": rolls_of(day | {"secret": SEAL})}[recorded]
    request = parse_request(day | ({"recorded": rolls} if rolls else {}))
    verdict = verify(request, day_secrets=archive)
    # Then the commitment is named the archive's, hashed in the day secret's place, with no `try` swapping it in
    (found,) = verdict.diagnosis or []
    head = (
        "the day secret given is the SHA-256 of the commitment the archive published for the day (daily archive"
        " commitments/2026-10-28.json), not the day secret"
    )
    assert found.try_ is None
    if recorded == "commitment":
        # and a roll computed from that commitment is named the archive's, to report
        assert (found.cause, found.secret_published) == ("secret_in_seal_field", True)
        assert found.detail == (
            f"{head}, and the recorded roll fits that commitment itself: it was computed from the commitment the"
            " archive published, not from a day secret whose SHA-256 it is. No mistake in copying explains it: keep"
            " this link and report it"
        )
    else:
        assert found.cause == "seal_in_secret_field"
        assert found.detail == (
            f"{head}: the commitment, hashed, was given as the day secret. The day secret is the one the daily archive"
            " reveals once the day is over in UTC"
        )
    assert "given as the commitment" not in found.detail
    # and given with the commitment in its own field, no archive read, the two are still said swapped
    alone = verify(parse_request(day | {"commitment": SEAL}))
    assert [f.cause for f in alone.diagnosis or []] == ["secret_and_seal_swapped"]


@pytest.mark.parametrize("recorded", ["none", "day"], ids=["no roll", "the day's roll"])
def test_the_page_heads_the_sha256_of_the_archives_commitment_given_as_the_day_secret_as_hashed_never_pasted(
    recorded: str,
) -> None:
    # Review: the finding says "the day secret given is the SHA-256 of the commitment the archive published", but the
    # page headed it "The commitment was pasted as the day secret", which it was not: its SHA-256 was given
    # Given a day the archive revealed, the SHA-256 of its commitment given as the day secret, no commitment, and no
    # roll or the day's roll
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    hashed = hashlib.sha256(bytes.fromhex(SEAL)).hexdigest()
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": hashed}
    request = parse_request(day | ({"recorded": rolls_of(DAILY)} if recorded == "day" else {}))
    verdict = verify(request, day_secrets=archive)
    assert [f.cause for f in verdict.diagnosis or []] == ["seal_in_secret_field"]
    # Then the page heads it as the commitment's SHA-256 given as the day secret, as its words say
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == ["The SHA-256 of the commitment was given as the day secret"]
    # and the commitment pasted as the day secret itself is still headed as pasted
    pasted = parse_request(day | {"secret": SEAL})
    assert re.findall(
        r"<div class=finding><b>([^<]*)</b>", render_page(verify(pasted, day_secrets=archive), pasted)
    ) == ["The commitment was pasted as the day secret"]


@pytest.mark.parametrize("archived", [True, False], ids=["archive's secret", "secret and commitment given"])
def test_a_days_roll_with_one_die_copied_wrong_is_too_few_to_tell_never_most_likely_another_players(
    archived: bool,
) -> None:
    # Review: a day's roll of the secret that matches its commitment, one die copied wrong, was "it is most likely
    # another player's or another day's roll", though five of its six faces fit that secret, which another roll's would
    # 1 time in about 8,378: rarer than 1 in 100, below which the diagnosis says no roll most likely another's
    # Given the day's roll with its d6 changed, checked against the archive or with the secret and commitment given
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    (roll,) = rolls_of(DAILY)
    wrong = [roll[0], roll[1] % 6 + 1, *roll[2:]]
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", "secret")} if archived else DAILY
    request = parse_request(day | {"recorded": [wrong]})
    verdict = verify(request, day_secrets=archive if archived else None)
    # Then the finding says how far the roll fits, with the odds, and too few to tell whose it is, in a day's words
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains, found.try_) == ("too_few_rolls_fit", "0 of 1 roll", None)
    assert found.detail == (
        f"the day secret matches the commitment, but the recorded roll fits it in every face but its d6 ({wrong[1]}"
        f" where it rolls {roll[1]}), as another roll would fit as many or more 1 time in about 8,378, and none of the"
        f" mistakes tried ({'' if archived else 'day before or after, '}dice order) explains it: too few fit to tell"
        " whether it is this day secret's roll with its d6 copied wrong or shown otherwise, or another player's or"
        " another day's roll: check the player id and the date (the UTC day it was rolled). If the settings given are"
        " the game's and the roll was copied correctly from it, the dice shown were not the committed ones: keep the"
        " day secret and report it"
    )
    assert "most likely" not in found.detail
    # and the page heads it as one roll's faces
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == ["Too few of the roll&#x27;s faces fit the day secret to tell whose it is"]
    # and what its code means says so
    assert "daily, also one roll fitting the secret in every face but one" in CAUSE_MEANINGS[found.cause]
    # and with no commitment given, nor archive read, the commitment is asked for before the dice are blamed
    alone = {name: value for name, value in DAILY.items() if name != "commitment"} | {"recorded": [wrong]}
    (unsealed,) = check(alone).diagnosis or []
    assert unsealed.cause == "too_few_rolls_fit"
    assert unsealed.detail.startswith(f"the recorded roll fits this day secret in every face but its d6 ({wrong[1]}")
    assert unsealed.detail.endswith(
        "Give the commitment too: if it fits, the settings given are the game's and the roll was copied correctly from"
        " it, the dice shown were not the committed ones: keep the day secret and report it"
    )
    # and three dice changed are still most likely another player's or another day's (changed deliberately from two:
    # 4 of 6 faces fitting, as another roll's would 1 time in about 387, is too few to tell too; 3 of 6 about 1 in 35)
    two = [roll[0] % 4 + 1, *wrong[1:3], roll[3] % 10 + 1, *wrong[4:]]
    (other,) = (
        verify(parse_request(day | {"recorded": [two]}), day_secrets=archive if archived else None).diagnosis or []
    )
    assert other.cause == "rolls_from_other_game"


@pytest.mark.parametrize("given", ["secret", "archive's commitment"])
def test_a_days_roll_with_two_dice_copied_wrong_is_too_few_to_tell_never_most_likely_another_players(
    given: str,
) -> None:
    # Review: a day's roll with one die copied wrong is too few to tell, 5 of its 6 faces fitting as another roll's
    # would 1 time in about 8,378, but with two copied wrong, 4 of 6 fitting as another roll's would 1 time in about
    # 387, still rarer than 1 in 100, it was "most likely another player's or another day's roll", and beside the
    # archive's commitment given as the day secret "the recorded roll is not its roll: the commitment was pasted"
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"}
    day |= {"secret": KEY if given == "secret" else SEAL}
    (roll,) = rolls_of(day)
    wrong = [roll[0] % 4 + 1, roll[1] % 6 + 1, *roll[2:]]
    request = parse_request(day | {"recorded": [wrong]})
    verdict = verify(request, day_secrets=archive)
    # Then the finding names both dice, with the odds of 4 of 6 faces, and does not say whose the roll most likely is
    (found,) = verdict.diagnosis or []
    fits = f"fits it in every face but its d4 and d6 ({wrong[0]} and {wrong[1]} where it rolls {roll[0]} and {roll[1]})"
    assert "as another roll would fit as many or more 1 time in about 387" in found.detail
    assert "most likely" not in found.detail
    assert "is not its roll" not in found.detail
    if given == "secret":
        assert (found.cause, found.explains) == ("too_few_rolls_fit", "0 of 1 roll")
        assert f"the day secret matches the commitment, but the recorded roll {fits}" in found.detail
        assert "this day secret's roll with its d4 and d6 copied wrong or shown otherwise" in found.detail
        assert _words_against_code(verdict) == []
    else:
        assert (found.cause, found.heading) == (
            "seal_in_secret_field",
            "The {seal} was given as the {secret}; too few of the {roll}'s faces fit it to tell why",
        )
        assert f"itself, and the recorded roll {fits}" in found.detail


def test_a_days_roll_fitting_in_every_face_but_one_beside_another_commitment_is_too_few_to_tell_whose() -> None:
    # Review: a day secret given with another day's commitment, its roll one die copied wrong, was "neither the
    # commitment nor the recorded roll fits this day secret ...: the day secret is most likely from another day than
    # both", though five of its six faces fit that secret, which another roll's would 1 time in about 8,378
    # Given the day's secret, another secret's commitment, no archive read, and the day's roll with its d6 changed
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    (roll,) = rolls_of(DAILY)
    wrong = [roll[0], roll[1] % 6 + 1, *roll[2:]]
    verdict = check(DAILY | {"commitment": other, "recorded": [wrong]})
    # Then too few fit to tell whether the commitment or the secret is another day's, both to copy again
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains, found.too_few_to_tell) == ("too_few_rolls_fit", "0 of 1 roll", True)
    assert found.detail == (
        f"the SHA-256 of the day secret is {SEAL}, not the commitment given; the recorded roll fits this day secret in"
        f" every face but its d6 ({wrong[1]} where it rolls {roll[1]}), as another roll would fit as many or more 1"
        " time in about 8,378, and none of the mistakes tried (day before or after, dice order) explains it: too few"
        " fit to tell whether the commitment is another day's or the day secret is: copy both from the daily archive"
        " for the same day. If both were copied correctly from the archive for this day, the day secret is not the one"
        " the archive committed to: keep both and report it. Hex case and spaces around the hex are ignored, so they"
        " are not the cause."
    )
    assert "most likely" not in found.detail
    assert _words_against_code(verdict) == []
    # and beside the archive's commitment, the day secret given is still said not to be the day's
    archive = OneDay(RevealedDay(bytes.fromhex(OTHER_KEY), other, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"}
    (given,) = verify(parse_request(day | {"recorded": [wrong]}), day_secrets=archive).diagnosis or []
    assert given.cause == "secret_from_other_game"
    assert "the day secret given is not this day's" in given.detail


@pytest.mark.parametrize("given", ["other commitment", "secret twice", "commitment twice"])
def test_the_page_heads_a_days_roll_fitting_in_every_face_but_one_beside_a_seal_that_does_not_fit_by_its_faces(
    given: str,
) -> None:
    # Review: beside a commitment that does not fit the day secret, or one value in both fields, a day's one roll that
    # fits in every face but one was headed "Too few rolls fit the day secret to tell whose it is": of one roll, whose
    # faces its words weigh, and of one value in both fields, where its words ask which of the two it is, not whose
    # Given the day's roll with its d6 changed, beside another day's commitment, or the secret or the commitment given
    # in both fields, no archive read
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    value = {"secret twice": KEY, "commitment twice": SEAL}.get(given)
    day = DAILY | ({"commitment": other} if value is None else {"secret": value, "commitment": value})
    (roll,) = rolls_of(day)
    request = parse_request(day | {"recorded": [[roll[0], roll[1] % 6 + 1, *roll[2:]]]})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains, found.too_few_to_tell) == ("too_few_rolls_fit", "0 of 1 roll", True)
    # Then the page heads it by the roll's faces: whose the day secret is, or which of the two the value given twice is
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == [
        "Too few of the roll&#x27;s faces fit the day secret to tell whose it is"
        if value is None
        else "Too few of the roll&#x27;s faces fit the value given in both fields to tell which it is"
    ]


@pytest.mark.parametrize("value", ["secret", "commitment"])
def test_one_value_in_both_fields_beside_a_roll_fitting_it_in_every_face_but_one_is_too_few_to_tell(value: str) -> None:
    # Review: the day secret pasted as the commitment too (or the commitment as the day secret), with its roll one die
    # copied wrong, was "the recorded roll is not its roll: the commitment was pasted as the day secret too", though
    # five of its six faces fit that value, which another roll's would 1 time in about 8,378
    # Given one value in both fields, no archive read, and the roll that value gives with its d6 changed
    given = KEY if value == "secret" else SEAL
    day = DAILY | {"secret": given, "commitment": given}
    (roll,) = rolls_of(day)
    wrong = [roll[0], roll[1] % 6 + 1, *roll[2:]]
    verdict = check(day | {"recorded": [wrong]})
    # Then the finding says both readings, with the odds, and blames neither
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains, found.too_few_to_tell) == ("too_few_rolls_fit", "0 of 1 roll", True)
    assert found.detail == (
        "the same value was given as the day secret and as the commitment, and the recorded roll fits it in every face"
        f" but its d6 ({wrong[1]} where it rolls {roll[1]}), as another roll would fit as many or more 1 time in about"
        " 8,378: too few fit to tell whether it is the day secret, pasted as the commitment too, and the d6 copied"
        " wrong or shown otherwise, or the commitment, pasted as the day secret too. Give each in its own field: the"
        " commitment is the one the daily archive publishes for the day between 00:00 and 00:15 UTC, the day secret the"
        " one the daily archive reveals once the day is over in UTC. If the day secret is this value, its commitment"
        " fits it and the roll was copied correctly, the dice shown were not the committed ones: keep the day secret"
        " and report it"
    )
    assert "is not its roll" not in found.detail
    # and the drawn tests' check of what the codes claim holds it
    assert _words_against_code(verdict) == []


@pytest.mark.parametrize("die", [0, 1, 5], ids=["d4", "d6", "d20"])
def test_a_roll_from_the_archives_commitment_with_one_die_copied_wrong_is_never_said_not_its_roll(die: int) -> None:
    # Review: a day's roll computed from the archive's commitment, given as the day secret, one die copied wrong, was
    # "the recorded roll is not its roll: the commitment was pasted as the day secret", though its five other faces fit
    # that commitment, which another roll's would 1 time in about 8,378 (rarer than 1 in 100, too few to show it)
    # Given the archive's commitment given as the day secret, and the roll computed from it with one die changed
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    (roll,) = rolls_of(day)
    sides = (4, 6, 8, 10, 12, 20)[die]
    wrong = [*roll[:die], roll[die] % sides + 1, *roll[die + 1 :]]
    verdict = verify(parse_request(day | {"recorded": [wrong]}), day_secrets=archive)
    # Then the finding says how far the roll fits the commitment, with the odds, and does not say it is not its roll
    (found,) = verdict.diagnosis or []
    assert found.cause == "seal_in_secret_field"
    assert "is not its roll" not in found.detail
    assert found.detail == (
        "the day secret given is the commitment the archive published for the day (daily archive"
        f" commitments/2026-10-28.json) itself, and the recorded roll fits it in every face but its d{sides}"
        f" ({wrong[die]} where it rolls {roll[die]}), as another roll would fit as many or more 1 time in about 8,378:"
        f" too few to tell whether the roll was computed from that commitment and the d{sides} copied wrong, or the"
        " commitment was pasted as the day secret. Copy the roll again from the game: if it then fits, it was computed"
        " from the commitment the archive published, which no mistake in copying explains: keep this link and report"
        f" it. If the game shows {wrong[die]} there too, leave the day secret out to check the roll against the one the"
        " archive revealed"
    )
    # and three dice changed are still another roll, the commitment pasted as the day secret (changed deliberately
    # from two: 4 of 6 faces fitting, as another roll's would 1 time in about 387, is too few to tell too)
    two = [*wrong[:3], roll[3] % 10 + 1, wrong[4], roll[5] % 20 + 1] if die != 5 else [wrong[0] % 4 + 1, *wrong[1:]]
    two = two if die != 5 else [*two[:3], roll[3] % 10 + 1, *two[4:]]
    (other,) = verify(parse_request(day | {"recorded": [two]}), day_secrets=archive).diagnosis or []
    assert other.cause == "seal_in_secret_field"
    assert "the recorded roll is not its roll: the commitment was pasted as the day secret" in other.detail


def test_the_page_heads_the_archives_commitment_as_the_day_secret_beside_its_roll_one_die_off_as_given() -> None:
    # Review: the finding says "too few to tell whether the roll was computed from that commitment and the d6 copied
    # wrong, or the commitment was pasted as the day secret", but the page headed it "The commitment was pasted as the
    # day secret", one of the two it cannot tell apart
    # Given the archive's commitment given as the day secret, and the roll computed from it with its d6 changed
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    (roll,) = rolls_of(day)
    request = parse_request(day | {"recorded": [[roll[0], roll[1] % 6 + 1, *roll[2:]]]})
    verdict = verify(request, day_secrets=archive)
    assert [f.cause for f in verdict.diagnosis or []] == ["seal_in_secret_field"]
    # Then the page heads it as the commitment given as the day secret, too few faces fitting to tell why
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == [
        "The commitment was given as the day secret; too few of the roll&#x27;s faces fit it to tell why"
    ]
    # and beside a roll three dice off, the commitment pasted as the day secret, still headed as pasted
    two = parse_request(day | {"recorded": [[roll[0] % 4 + 1, roll[1] % 6 + 1, roll[2] % 8 + 1, *roll[3:]]]})
    assert re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verify(two, day_secrets=archive), two)) == [
        "The commitment was pasted as the day secret"
    ]


@pytest.mark.parametrize("committed", [True, False], ids=["to the secret it revealed", "to nothing"])
def test_a_roll_computed_from_the_archives_commitment_is_headed_so_not_as_a_paste(committed: bool) -> None:
    # Review: the finding of a day secret given that is the archive's commitment, the roll computed from it, says to
    # report it, under the heading "The day secret was pasted as the commitment", which reads as the player's paste
    # Given a day whose commitment the archive published, that commitment given as the day secret and the roll
    # computed from it
    commitment = SEAL if committed else OTHER_KEY
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), commitment, "archive 2026-10-28", ARCHIVED, True, True, committed=committed)
    )
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": commitment}
    request = parse_request(day | {"recorded": rolls_of(day)})
    verdict = verify(request, day_secrets=archive)
    (found,) = verdict.diagnosis or []
    assert found.cause == "secret_in_seal_field"
    # Then the page heads it as its words say it: the roll computed from what the archive published, no paste
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == ["The roll was computed from the commitment the archive published"]
    # and the player's own paste, with no archive read, keeps its heading
    alone = parse_request(day | {"commitment": commitment, "recorded": rolls_of(day)})
    pasted = verify(alone)
    assert [f.cause for f in pasted.diagnosis or []] == ["secret_in_seal_field"]
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(pasted, alone))
    assert headings == ["The day secret was pasted as the commitment"]


@pytest.mark.parametrize("given", [False, True], ids=["archive's secret", "its secret given"])
@pytest.mark.parametrize("recorded", [False, True], ids=["no roll", "the day's roll"])
def test_an_archives_secret_published_as_its_own_commitment_is_said_so_to_report(given: bool, recorded: bool) -> None:
    # Review: an archive that published the day secret it revealed as that day's commitment, not its SHA-256, was "the
    # day secret the archive revealed is not the one it committed to", which says nothing of the secret made public
    # Given such a day, checked with its own secret or with that secret given, and its roll or none
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), KEY, "archive 2026-10-28", ARCHIVED, True, True, committed=False))
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", "secret")}
    day |= {"secret": KEY} if given else {}
    verdict = verify(parse_request(day | ({"recorded": rolls_of(DAILY)} if recorded else {})), day_secrets=archive)
    # Then the archive is said to have published the secret as its commitment, to report
    (found,) = verdict.diagnosis or []
    assert found.cause == "secret_not_committed"
    assert found.detail == (
        "the commitment the archive published for the day (daily archive commitments/2026-10-28.json) is the day"
        f" secret it revealed (archive 2026-10-28) itself, not its SHA-256, {SEAL}: the archive published the day"
        " secret as its commitment, so whoever read it could compute the day's rolls. No mistake in copying explains"
        " it: keep this link and report it"
    )


def test_an_archives_secret_published_as_its_own_commitment_is_headed_so_not_as_a_secret_changed() -> None:
    # Review: the finding of an archive whose commitment is the day secret it revealed says the archive published the
    # secret as its commitment, under the heading "The archive revealed a day secret it had not committed to", which
    # reads as a secret other than the one committed to
    # Given such a day, and another whose commitment is that of another secret
    published = OneDay(
        RevealedDay(bytes.fromhex(KEY), KEY, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    changed = OneDay(
        RevealedDay(
            bytes.fromhex(KEY),
            hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(),
            "archive 2026-10-28",
            ARCHIVED,
            True,
            True,
            committed=False,
        )
    )
    request = parse_request({name: value for name, value in DAILY.items() if name not in ("commitment", "secret")})
    headings = {}
    for name, archive in (("published", published), ("changed", changed)):
        verdict = verify(request, day_secrets=archive)
        assert [f.cause for f in verdict.diagnosis or []] == ["secret_not_committed"]
        headings[name] = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    # Then the page heads the first as its words say it, the secret published as the commitment
    assert headings["published"] == ["The archive published the day secret as its commitment"]
    # and the other keeps its heading
    assert headings["changed"] == ["The archive revealed a day secret it had not committed to"]


def test_the_reason_of_an_archives_secret_published_as_its_own_commitment_says_so_as_its_finding_does() -> None:
    # Review: beside the finding "the archive published the day secret as its commitment", the verdict's reason, which
    # the page's heading and the audit say first, was "the archive revealed a secret it had not committed to", which
    # reads as a secret other than the one committed to
    # Given a day whose commitment is the day secret the archive revealed
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), KEY, "archive 2026-10-28", ARCHIVED, True, True, committed=False))
    request = parse_request({name: value for name, value in DAILY.items() if name not in ("commitment", "secret")})
    verdict = verify(request, day_secrets=archive)
    # Then its reason says the commitment is the secret, published, as the finding below it does
    assert verdict.reasons[0] == (
        "the day secret the daily archive revealed for 2026-10-28 does not give the commitment it published for"
        " 2026-10-28 before the day as its SHA-256: that commitment is the day secret itself, so the archive published"
        " the day secret as its commitment"
    )
    assert "the archive published the day secret as its commitment" in (verdict.diagnosis or [])[0].detail
    # and the drawn tests' check of what secret_not_committed claims holds it too (review: it asked every such reason
    # to say "a secret it had not committed to", which no drawn day of this shape reached)
    assert _claims_unmet(DAILY, verdict, archive) == []
    # and README says so of the finding, the reason and the page's heading
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert (
        "where that commitment is the secret itself, it, the verdict's reason and the page's heading (\"The archive"
        ' published the day secret as its commitment") say the archive published the secret as its commitment'
    ) in readme
    assert "The archive published the day secret as its commitment" in render_page(verdict, request)


def test_what_secret_not_committed_means_says_the_secret_published_as_its_commitment_as_its_finding_does() -> None:
    # Review: the code's meaning, in the API's document and the audit report, said only "the archive revealed a secret
    # it had not committed to" of an archive whose commitment is the secret itself, which its finding, its reason and
    # the page say was published as the commitment
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), KEY, "archive 2026-10-28", ARCHIVED, True, True, committed=False))
    request = parse_request({name: value for name, value in DAILY.items() if name not in ("commitment", "secret")})
    (found,) = verify(request, day_secrets=archive).diagnosis or []
    assert found.cause == "secret_not_committed"
    assert "the archive published the day secret as its commitment" in found.detail
    meaning = CAUSE_MEANINGS[found.cause]
    assert "where that commitment is the secret itself, the archive published the secret as its commitment" in meaning
    assert meaning.startswith("daily, the archive revealed a secret it had not committed to")


@pytest.mark.parametrize("off", [[1], [1, 2], [5]], ids=["d6", "d6 and d8", "d20"])
def test_a_roll_a_face_or_two_off_the_archives_own_secret_it_had_not_committed_to_gets_a_finding(
    off: list[int],
) -> None:
    # Given the archive's own secret for the day, which does not give the commitment it published, nothing given but
    # the date and the player, and the day's roll with a face or two changed
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), other, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", "secret")}
    roll = rolls_of(DAILY)[0]
    wrong = [die % 4 + 1 if at in off else die for at, die in enumerate(roll)]
    assert [at for at, (a, b) in enumerate(zip(roll, wrong, strict=True)) if a != b] == off
    verdict = verify(parse_request(day | {"recorded": [wrong]}), day_secrets=archive)
    # Then, besides the archive's secret it had not committed to, the roll is weighed as beside the secret's own seal:
    # too few of its faces fit to tell this day's roll, a face copied wrong or shown otherwise, from another player's
    # or another day's (review: it had no finding; the one the rolls gave asked whether the commitment or the secret is
    # another day's, of the archive's, and was dropped)
    causes = [found.cause for found in verdict.diagnosis or []]
    assert causes == ["secret_not_committed", "too_few_rolls_fit"]
    found = finding(verdict, "too_few_rolls_fit")
    assert (found.explains, found.too_few_to_tell) == ("0 of 1 roll", False)
    assert found.detail.startswith("the recorded roll fits the day secret the archive revealed (archive 2026-10-28) in")
    assert "too few fit to tell whether it is this day secret's roll with its d" in found.detail
    assert "another player's or another day's roll: check the player id and the date" in found.detail
    assert found.detail.endswith("the dice shown were not those this day secret rolls: keep this link and report it")
    # and nothing in it asks to copy again a secret the player did not give
    assert "copy" not in found.detail
    assert "keep the day secret" not in found.detail


def test_the_readme_says_a_roll_computed_from_the_archives_commitment_of_the_cause_the_diagnosis_gives_it() -> None:
    # Review: README said the archive's commitment "given as the day secret with the roll computed from it" within
    # seal_in_secret_field's words, where the diagnosis gives it secret_in_seal_field
    # Given the archive's commitment given as the day secret, with the roll computed from it
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    (found,) = verify(parse_request(day | {"recorded": rolls_of(day)}), day_secrets=archive).diagnosis or []
    # Then README says it of that cause, with its heading, and not of seal_in_secret_field
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    said = (
        "the commitment the archive published given as the day secret with the roll computed from it: named the"
        " archive's, to report, and the page heads it"
        ' "The roll was computed from the commitment the archive published"'
    )
    assert f"`{found.cause}` (daily, also {said})" in readme
    in_secret = readme.split("`seal_in_secret_field`:", 1)[1].split("`seal_of_hex_text`", 1)[0]
    assert "computed from it" not in in_secret


@pytest.mark.parametrize("given", ["hashed", "commitment", "other commitment", "twice"])
def test_the_readme_and_the_codes_meaning_say_the_findings_of_a_days_roll_one_face_off_and_their_headings(
    given: str,
) -> None:
    # Review: what too_few_rolls_fit means, in the API's document and the audit report, said of a day's one roll that
    # fits in every face but one only "too few to tell it from another player's or another day's", where beside another
    # commitment it says too few to tell whether the commitment or the secret is another day's, and of one value in
    # both fields which of the two it is; the comment above the meanings said a day's roll is never too_few_rolls_fit;
    # and README named none of the headings the page gives these findings
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    (roll,) = rolls_of(DAILY)
    off = [roll[0], roll[1] % 6 + 1, *roll[2:]]
    alone = {name: value for name, value in DAILY.items() if name != "commitment"}
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    if given == "hashed":
        request = parse_request(alone | {"secret": hashlib.sha256(bytes.fromhex(SEAL)).hexdigest()})
    elif given == "commitment":
        (sealed,) = rolls_of(alone | {"secret": SEAL})
        request = parse_request(alone | {"secret": SEAL, "recorded": [[sealed[0], sealed[1] % 6 + 1, *sealed[2:]]]})
    else:
        pair = {"commitment": other} if given == "other commitment" else {"commitment": KEY}
        request = parse_request(DAILY | pair | {"recorded": [off]})
    verdict = verify(request, day_secrets=archive if given in ("hashed", "commitment") else None)
    (found,) = verdict.diagnosis or []
    (heading,) = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    # Then README names the page's heading of it
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert f'"{html.unescape(heading)}"' in readme
    # and what its code means says what it says
    meaning = CAUSE_MEANINGS[found.cause]
    said = {
        "hashed": "or its SHA-256 given as the day secret",
        "commitment": "the commitment the archive published given as the day secret",
        "other commitment": "beside a commitment that does not fit the secret, whether the commitment or the secret is"
        " another day's",
        "twice": "with one value given as both the secret and the commitment, which of the two it is",
    }[given]
    assert said in meaning


def test_what_secret_in_seal_field_means_names_a_roll_from_the_archives_commitment_as_its_finding_does() -> None:
    # Review: the code's meaning, in the API's document and the audit report, said only "the secret given as the seal",
    # a paste of the player's, of a day's roll computed from the commitment the archive published, which its finding
    # and the page name the archive's, to report
    # Given the archive's commitment given as the day secret, with the roll computed from it
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": SEAL}
    (found,) = verify(parse_request(day | {"recorded": rolls_of(day)}), day_secrets=archive).diagnosis or []
    assert found.cause == "secret_in_seal_field"
    assert "keep this link and report it" in found.detail
    # Then what its code means says so too, beside the player's paste it means elsewhere
    meaning = CAUSE_MEANINGS[found.cause]
    assert meaning.startswith("the secret given as the seal")
    assert (
        "daily, also the commitment the archive published given as the day secret with the roll computed from it:"
        " the archive's, to report" in meaning
    )


@pytest.mark.parametrize("fits", [True, False], ids=["roll fits", "roll of another day"])
@pytest.mark.parametrize("end", ["", "\n"], ids=["hex text", "echo"])
def test_an_archives_commitment_over_the_hex_text_of_the_secret_given_not_the_one_it_revealed_is_named_the_archives(
    fits: bool, end: str
) -> None:
    # Review: where the archive published the SHA-256 of the hex text of one day secret, revealed another, and the
    # player gave the first, both findings said "the commitment given", of the commitment the archive published
    # Given such a day, its first secret given, no commitment, and a roll of that secret or of another day
    text_seal = hashlib.sha256((OTHER_KEY + end).encode()).hexdigest()
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), text_seal, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    recorded = rolls_of(day) if fits else [[1, 1, 1, 1, 1, 1]]
    verdict = verify(parse_request(day | {"recorded": recorded}), day_secrets=archive)
    # Then the commitment is named the archive's and the secret the one given, in every finding
    found = verdict.diagnosis or []
    assert [f.cause for f in found] == ["seal_of_hex_text", *(() if fits else ("rolls_from_other_game",))]
    assert found[0].detail.startswith(
        "the commitment the archive published for the day (daily archive commitments/2026-10-28.json) is the SHA-256"
        " of the day secret given written as hex text"
    )
    assert "the archive hashed the text" in found[0].detail
    assert all("commitment given" not in f.detail for f in found)
    if not fits:
        assert found[1].detail.startswith(
            "the commitment the archive published is this day secret's, computed over its hex text, but the recorded"
            " roll is not its roll"
        )
    # and where no archive is read, the commitment given is still the one given
    alone = verify(parse_request(day | {"commitment": text_seal, "recorded": recorded}))
    assert (alone.diagnosis or [])[0].detail.startswith(
        "the commitment given is the SHA-256 of the day secret written as hex text"
    )


def _committed_to_one_revealed_another(text_end: str | None) -> OneDay:
    """A day whose archive committed to OTHER_KEY, as the SHA-256 of its bytes (`text_end` None) or of its hex text
    followed by `text_end`, and revealed KEY."""
    committed = bytes.fromhex(OTHER_KEY) if text_end is None else (OTHER_KEY + text_end).encode()
    commitment = hashlib.sha256(committed).hexdigest()
    return OneDay(
        RevealedDay(bytes.fromhex(KEY), commitment, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )


@pytest.mark.parametrize("fits", [True, False], ids=["roll of the secret revealed", "roll of neither"])
@pytest.mark.parametrize("text_end", [None, "", "\n"], ids=["bytes committed", "hex text committed", "echo committed"])
def test_a_days_roll_from_the_secret_the_archive_revealed_beside_the_one_it_committed_to_given_is_said_to_report(
    text_end: str | None, fits: bool
) -> None:
    # Review: where the archive committed to one day secret and revealed another, a player who gave the one committed
    # to, with the roll the one revealed gives, was told "it is most likely another player's or another day's roll:
    # check the player id and the date", their own copying, where the roll is this day's, rolled from a secret the
    # archive revealed but had not committed to: the operator's fault, to report. The diagnosis never had that secret
    # Given such a day, the secret committed to given, no commitment, and the roll of the secret revealed or of neither
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    recorded = rolls_of(DAILY) if fits else [[1, 1, 1, 1, 1, 1]]
    assert recorded != rolls_of(day)
    archive = _committed_to_one_revealed_another(text_end)
    verdict = verify(parse_request(day | {"recorded": recorded}), day_secrets=archive)
    # Then the verdict is a mismatch still, on the same checks
    assert verdict.verdict == "mismatch"
    as_text = text_end is not None
    assert (verdict.checks.seal, verdict.checks.rolls) == ("mismatch" if as_text else "match", "mismatch")
    found = verdict.diagnosis or []
    head = ["seal_of_hex_text"] if as_text else []
    if not fits:
        # and a roll that fits neither secret is another player's or another day's, as before, after what says the
        # archive's commitment is not of the secret it revealed: over the hex text, or, of the bytes,
        # secret_not_committed
        # (changed deliberately: of the bytes, the roll's finding stood alone, the archive's fault left to the reasons)
        said = head or ["secret_not_committed"]
        assert [f.cause for f in found] == [*said, "rolls_from_other_game"]
        assert "another player's or another day's roll: check the player id and the date" in found[-1].detail
        return
    # and the roll is said rolled from the secret the archive revealed, not the one it committed to, to report
    assert [f.cause for f in found] == [*head, "secret_not_committed"]
    rolled = found[-1]
    assert (rolled.explains, rolled.try_) == ("1 of 1 roll", None)
    echo = " with a line break at its end (as echo and sha256sum give it)" if text_end else ""
    committed = f"the SHA-256 of it written as hex text{echo}" if as_text else "its SHA-256"
    # and names where the secret revealed came from, as it names the commitment's file (review: the verdict's source is
    # empty there, the secret recomputed with being the one given, and the finding named the commitment's file alone)
    assert verdict.source is None
    assert rolled.detail == (
        "the recorded roll fits the day secret the archive revealed for the day (archive 2026-10-28), not the day"
        " secret given, which is the one it committed to: the commitment the archive published for the day (daily"
        " archive"
        f" commitments/2026-10-28.json) is {committed}. It was rolled from a day secret the archive revealed but had"
        " not committed to. No mistake in copying explains it: keep this link and report it"
    )
    assert all("check the player id" not in f.detail for f in found)


def test_the_page_of_a_days_roll_from_the_secret_the_archive_revealed_not_the_one_committed_to_heads_it_so() -> None:
    # Review: the page headed such a roll "The roll belongs to another player or another day"
    # Given the archive's day that committed to one secret and revealed another, the one committed to given, and the
    # roll the one revealed gives
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    request = parse_request(day | {"recorded": rolls_of(DAILY)})
    verdict = verify(request, day_secrets=_committed_to_one_revealed_another(None))
    # Then the page's section of the diagnosis heads it as the archive's secret not committed to, fitting the roll
    page = render_page(verdict, request)
    section = page.split("<h2>Why it may not match</h2>", 1)[1].split("<h2>", 1)[0]
    assert (
        "<b>The archive revealed a day secret it had not committed to</b> <span class=muted>(it fits the recorded"
        " roll)</span>" in section
    )
    assert "It was rolled from a day secret the archive revealed but had not committed to." in section
    assert "keep this link and report it" in section
    assert "another player" not in section


@pytest.mark.parametrize("recorded", [True, False], ids=["its roll", "no roll"])
def test_the_secret_committed_to_given_with_its_own_roll_beside_another_revealed_says_why_on_the_page(
    recorded: bool,
) -> None:
    # Review: where the archive committed to one day secret and revealed another, a player who gave the one committed
    # to, with the roll it gives or none, got a mismatch with no "Why it may not match" on its page: only the reasons
    # said the archive revealed a secret it had not committed to, and nothing said the player's values are right
    # Given such a day, the secret committed to given, no commitment, and its own roll or none
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    request = parse_request(day | ({"recorded": rolls_of(day)} if recorded else {}))
    verdict = verify(request, day_secrets=_committed_to_one_revealed_another(None))
    assert (verdict.verdict, verdict.checks.seal) == ("mismatch", "match")
    assert verdict.checks.rolls == ("match" if recorded else "not_given")
    # Then the diagnosis says the secret given is the one committed to, and the archive revealed another, to report
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains, found.try_) == ("secret_not_committed", "the seal", None)
    assert found.detail == (
        "the day secret given is the one the archive committed to: the commitment it published for the day (daily"
        " archive commitments/2026-10-28.json) is its SHA-256"
        f"{', and the recorded roll fits it' if recorded else ''}. But the day secret the archive revealed for the day"
        f" (archive 2026-10-28) is another, whose SHA-256 is {SEAL}, not that commitment: the archive revealed a day"
        " secret it had not committed to. No mistake in copying explains it: keep this link and report it"
    )
    # and the page says why under its heading
    page = render_page(verdict, request)
    section = page.split("<h2>Why it may not match</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<b>The archive revealed a day secret it had not committed to</b>" in section


@pytest.mark.parametrize("mistake", ["cut", "one die", "another roll"])
def test_the_secret_committed_to_given_with_its_own_roll_mistaken_beside_another_revealed_still_says_so(
    mistake: str,
) -> None:
    # Review: the secret the archive committed to given beside another it revealed is said as secret_not_committed with
    # its own roll or none, but with its own roll cut short inside its last face, one die copied wrong, or another roll,
    # the findings spoke of the roll alone, and only the reasons said the archive revealed a secret it had not
    # committed to
    # Given such a day, the secret committed to given, no commitment, and its roll with a mistake
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    (roll,) = rolls_of(day)
    assert roll[-1] >= 10  # the d20's face has two digits to cut
    recorded = {
        "cut": [*roll[:-1], int(str(roll[-1])[0])],
        "one die": [roll[0], roll[1] % 6 + 1, *roll[2:]],
        "another roll": [1, 1, 1, 1, 1, 1],
    }[mistake]
    request = parse_request(day | {"recorded": [recorded]})
    verdict = verify(request, day_secrets=_committed_to_one_revealed_another(None))
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("mismatch", "match", "mismatch")
    # Then the diagnosis says first that the archive revealed a secret it had not committed to, the secret given the one
    # it committed to, and then what explains the roll, as before
    first, *rest = verdict.diagnosis or []
    assert (first.cause, first.explains, first.try_) == ("secret_not_committed", "the seal", None)
    assert first.detail == (
        "the day secret given is the one the archive committed to: the commitment it published for the day (daily"
        " archive commitments/2026-10-28.json) is its SHA-256. But the day secret the archive revealed for the day"
        f" (archive 2026-10-28) is another, whose SHA-256 is {SEAL}, not that commitment: the archive revealed a day"
        " secret it had not committed to. No mistake in copying explains it: keep this link and report it"
    )
    causes = {"cut": "roll_cut_short", "one die": "too_few_rolls_fit", "another roll": "rolls_from_other_game"}
    assert [found.cause for found in rest] == [causes[mistake]]
    # and the page heads it so
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings[0] == "The archive revealed a day secret it had not committed to"


@pytest.mark.parametrize("given", ["committed", "third"], ids=["secret committed to", "a third secret"])
def test_a_days_roll_from_the_secret_the_archive_revealed_cut_short_in_its_last_face_is_said_to_report(
    given: str,
) -> None:
    # Review: where the archive committed to one day secret and revealed another, the roll the one revealed gives, its
    # d20 cut to one digit as a chat cuts a link, fell back to "it is most likely another player's or another day's
    # roll: check the player id and the date", where every face before the cut fits the secret revealed
    # Given such a day, the secret committed to (or a third) given, no commitment, and the revealed secret's roll cut
    # inside its last face
    secret = OTHER_KEY if given == "committed" else "ab" * 32
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": secret}
    (roll,) = rolls_of(DAILY)
    assert roll[-1] >= 10  # the d20's face has two digits to cut
    cut = [*roll[:-1], int(str(roll[-1])[0])]
    verdict = verify(parse_request(day | {"recorded": [cut]}), day_secrets=_committed_to_one_revealed_another(None))
    # Then the roll is said rolled from the secret the archive revealed, which it had not committed to, to report, its
    # last face cut short
    (found,) = verdict.diagnosis or []
    assert found.cause == "secret_not_committed"
    assert (found.explains, found.try_) == ("1 of 1 roll", None)
    assert found.detail.startswith(
        "the recorded roll fits the day secret the archive revealed for the day (archive 2026-10-28) in every face but"
        " the last,"
    )
    assert (
        f"The last face ends in {cut[-1]}, the first digit of the {roll[-1]} that day secret rolls there: most likely"
        " cut short inside it, as a chat or a mail program cuts a link, or a digit was lost copying it."
    ) in found.detail
    assert found.detail.endswith(
        f"{'it' if given == 'third' else 'No mistake in copying'} explains the day secret it was rolled from: keep"
        " this link and report it"
    )
    assert "another player" not in found.detail


@pytest.mark.parametrize("given", ["committed", "third"], ids=["secret committed to", "a third secret"])
def test_the_page_says_the_revealed_secrets_roll_cut_short_accounted_for_never_fitting(given: str) -> None:
    # Review: the finding says "the recorded roll fits the day secret the archive revealed for the day in every face but
    # the last", cut short, but the page said "(it fits the recorded roll)" beside its heading, which it does not
    # Given a day whose archive committed to one secret and revealed another, the one committed to (or a third) given,
    # and the revealed secret's roll cut inside its last face
    secret = OTHER_KEY if given == "committed" else "ab" * 32
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": secret}
    (roll,) = rolls_of(DAILY)
    request = parse_request(day | {"recorded": [[*roll[:-1], int(str(roll[-1])[0])]]})
    verdict = verify(request, day_secrets=_committed_to_one_revealed_another(None))
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.explains) == ("secret_not_committed", "1 of 1 roll")
    # Then the page says it accounts for the roll, as of a roll cut short, not that it fits it
    page = render_page(verdict, request)
    assert "<span class=muted>(it accounts for the recorded roll)</span>" in page
    assert "(it fits the recorded roll)" not in page
    # and the revealed secret's own roll, whole, is still said to fit
    whole = parse_request(day | {"recorded": [roll]})
    assert "(it fits the recorded roll)" in render_page(
        verify(whole, day_secrets=_committed_to_one_revealed_another(None)), whole
    )


def test_a_days_roll_from_the_secret_the_archive_revealed_beside_a_third_secret_given_is_said_to_report() -> None:
    # Review: where the archive committed to one day secret and revealed another, a player who gave a third, neither
    # of them, with the roll the one revealed gives, was told "the day secret given is not this day's, most likely
    # another day's or copied wrong. Leave it out to check against the day secret the archive revealed", which led on
    # to the archive's secret not committed to: the roll is this day's, rolled from that secret, to report
    # Given such a day, a third secret given, no commitment, and the roll of the secret revealed
    third = "ab" * 32
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": third}
    request = parse_request(day | {"recorded": rolls_of(DAILY)})
    verdict = verify(request, day_secrets=_committed_to_one_revealed_another(None))
    assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("mismatch", "mismatch", "mismatch")
    # Then the roll is said rolled from the secret the archive revealed, which it had not committed to, to report, and
    # the secret given is said to be neither, not the cause
    (found,) = verdict.diagnosis or []
    assert found.cause == "secret_not_committed"
    assert (found.explains, found.try_) == ("1 of 1 roll", None)
    given = hashlib.sha256(bytes.fromhex(third)).hexdigest()
    assert found.detail == (
        "the recorded roll fits the day secret the archive revealed for the day (archive 2026-10-28), which is not the"
        f" one it committed to: its SHA-256 is {SEAL}, not the commitment the archive published for the day (daily"
        " archive commitments/2026-10-28.json). It was rolled from a day secret the archive revealed but had not"
        " committed to. The day secret given is neither that one nor the one committed to (its SHA-256 is"
        f" {given}), but no mistake in copying it explains the roll: keep this link and report it"
    )
    # and the page heads it as the archive's secret not committed to
    headings = re.findall(r"<div class=finding><b>([^<]*)</b>", render_page(verdict, request))
    assert headings == ["The archive revealed a day secret it had not committed to"]


@pytest.mark.parametrize("given", [False, True], ids=["archive's secret", "its secret given"])
def test_the_reason_of_an_archives_commitment_over_its_own_secrets_hex_text_says_so_as_its_diagnosis_does(
    given: bool,
) -> None:
    # Review: beside the diagnosis "the commitment the archive published ... is the SHA-256 of the day secret it
    # revealed ... written as hex text", the verdict's reason said "the archive revealed a secret it had not committed
    # to": the page contradicted itself
    text_seal = hashlib.sha256(KEY.encode()).hexdigest()
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), text_seal, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", *(() if given else ("secret",)))}
    request = parse_request(day | {"recorded": rolls_of(DAILY)})
    verdict = verify(request, day_secrets=archive)
    # Then it is a mismatch still, whose reason says what the archive did, as the finding below it says
    assert verdict.verdict == "mismatch"
    assert [f.cause for f in verdict.diagnosis or []] == ["seal_of_hex_text"]
    reason = (
        f"the day secret the daily archive revealed for {DAILY['date']} does not give the commitment it published for"
        f" {DAILY['date']} before the day as its bytes' SHA-256: the archive committed to it as the SHA-256 of its hex"
        " text, not of its bytes"
    )
    assert reason in verdict.reasons
    page = render_page(verdict, request)
    assert "not committed to" not in page
    assert "had not committed" not in page


def test_the_reason_of_an_archives_commitment_over_its_secrets_hex_text_and_a_line_break_says_the_line_break() -> None:
    # Review: beside the diagnosis "... written as hex text with a line break at its end (as echo and sha256sum give
    # it)", the verdict's reason said the archive committed to the secret "as the SHA-256 of its hex text" alone
    # Given a day whose archive published the SHA-256 of its secret's hex text and echo's line break
    text_seal = hashlib.sha256((KEY + "\n").encode()).hexdigest()
    archive = OneDay(
        RevealedDay(bytes.fromhex(KEY), text_seal, "archive 2026-10-28", ARCHIVED, True, True, committed=False)
    )
    day = {name: value for name, value in DAILY.items() if name not in ("commitment", "secret")}
    request = parse_request(day | {"recorded": rolls_of(DAILY)})
    verdict = verify(request, day_secrets=archive)
    # Then the reason says what was hashed, as the finding does
    said = " with a line break at its end (as echo and sha256sum give it)"
    assert verdict.verdict == "mismatch"
    found = finding(verdict, "seal_of_hex_text")
    assert f"written as hex text{said}" in found.detail
    reason = (
        f"the day secret the daily archive revealed for {DAILY['date']} does not give the commitment it published for"
        f" {DAILY['date']} before the day as its bytes' SHA-256: the archive committed to it as the SHA-256 of its hex"
        f" text{said}, not of its bytes"
    )
    assert reason in verdict.reasons


def test_a_days_roll_that_does_not_fit_its_day_secret_with_no_commitment_is_said_another_players_or_days() -> None:
    # Review: below the heading "The roll belongs to another player or another day", a day's roll that did not fit the
    # day secret, no commitment given, was "it and the day secret most likely come from different games"
    # Given a day's roll recorded with other dice, its day secret and no commitment
    day = {name: value for name, value in DAILY.items() if name != "commitment"}
    real = rolls_of(DAILY)
    verdict = check(day | {"recorded": miscopied(real, range(len(real)))})
    # Then it is said in a day's words: another player's roll or another day's, never another game's
    found = finding(verdict, "rolls_from_other_game")
    assert found.detail.endswith(
        "explains the recorded roll: it is most likely another player's roll, or it and the day secret are of different"
        " days: check the player id and the date (the UTC day it was rolled); give the commitment too to tell which"
    )
    assert "game" not in found.detail


# ---- counts and a few differing rolls -----------------------------------------------------


@pytest.mark.parametrize("base", [PAIR36, BOT, THREE])
def test_a_roll_left_out_of_the_list_is_found_and_offers_no_fix(base: dict[str, Any]) -> None:
    # Review (support): a line lost in the middle of a pasted list was "most likely another game's rolls"
    real = rolls_of(base | {"count": 30})
    verdict = check(base | {"recorded": real[:12] + real[13:]})
    assert [f.cause for f in verdict.diagnosis or []] == ["roll_left_out"]
    found = finding(verdict, "roll_left_out")
    assert found.try_ is None
    assert found.explains == f"28 of 29 {rolls_word(base)}"
    here = verdict.rolls[12]
    assert f"{here['index']} ({'-'.join(map(str, real[12]))}) is not in the list" in found.detail


@pytest.mark.parametrize("lost", [1, 2])
def test_a_roll_left_out_early_in_the_list_is_not_called_a_list_numbered_from_later(lost: int) -> None:
    # Review (support): a list missing its roll 3 fitted rolls 2 onward 17 times in 19 and was said to be numbered
    # from roll 2, which its first rolls are not
    real = rolls_of(PAIR36 | {"count": 20})
    verdict = check(PAIR36 | {"recorded": real[:lost] + real[lost + 1 :]})
    assert verdict.diagnosis is not None and verdict.diagnosis[0].cause == "roll_left_out"
    assert verdict.diagnosis[0].explains == "18 of 19 rolls"


def test_many_rolls_fitting_if_not_nearly_all_are_not_called_another_games() -> None:
    # Review (support): every other roll written with its dice the other way round (each seat's own die first) left
    # 12 of 20 fitting, far more than another game's would (about 1 in 36 each), and was "another game's rolls"
    real = rolls_of(NARDE | {"count": 20})
    written = [roll[::-1] if i % 2 else roll for i, roll in enumerate(real)]
    verdict = check(NARDE | {"recorded": written})
    differ = [r["index"] for r in verdict.rolls if r["matches"] is False]
    assert 2 < len(differ) < 10
    assert [f.cause for f in verdict.diagnosis or []] == ["few_rolls_differ"]
    found = finding(verdict, "few_rolls_differ")
    shown = f"{', '.join(map(str, differ[:-1]))} and {differ[-1]}"
    assert found.detail.startswith(f"rolls {shown} differ: the other {20 - len(differ)} fit")
    assert "far more than another game's rolls would" in found.detail
    # 8 of 20 differing: those that fit show the key, not the settings, which the one every other roll turned round
    # is (changed deliberately, where "if they were copied correctly" alone)
    assert (
        "so the key is right. Check those rolls against the game's own roll list; if the settings given are the game's"
        " and they were copied correctly"
    ) in found.detail


def test_a_roll_copied_twice_into_the_list_is_found_and_offers_no_fix() -> None:
    real = rolls_of(PAIR36 | {"count": 20})
    verdict = check(PAIR36 | {"recorded": [real[0], *real]})
    assert [f.cause for f in verdict.diagnosis or []] == ["roll_added"]
    found = finding(verdict, "roll_added")
    assert found.try_ is None
    assert found.explains == "20 of 21 rolls"
    assert f"then the list holds {'-'.join(map(str, real[0]))} as roll 2" in found.detail


def test_a_roll_left_out_beside_another_games_seal_says_the_seal_is_the_others() -> None:
    real = rolls_of(PAIR36 | {"count": 20})
    other_seal = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    verdict = check(PAIR36 | {"seal": other_seal, "recorded": real[:5] + real[6:]})
    assert [f.cause for f in verdict.diagnosis or []] == ["roll_left_out", "seal_from_other_game"]


def test_fewer_recorded_rolls_than_the_count_asks_for_are_missing_not_a_mismatch() -> None:
    verdict = check(PAIR36 | {"count": 52, "recorded": rolls_of(PAIR36 | {"count": 50})})
    assert verdict.verdict == "incomplete"
    assert verdict.diagnosis is None
    assert "rolls 51 and 52 were not recorded" in verdict.reasons


def test_rolls_from_far_into_a_narde_game_are_a_later_part_of_the_game_not_of_a_match() -> None:
    # narde-v1 numbers each game from 0: only pair36's match keeps counting from game to game
    mistaken = NARDE | {"recorded": rolls_of(NARDE | {"first": 40, "count": 20})}
    found = finding(check(mistaken), "numbering_shifted")
    assert "they are a later part of the game" in found.detail
    assert "match" not in found.detail and "game to game" not in found.detail


def test_more_recorded_rolls_than_the_count_asks_for_is_found() -> None:
    mistaken = PAIR36 | {"count": 50, "recorded": rolls_of(PAIR36 | {"count": 52})}
    found = finding(check(mistaken), "roll_count")
    assert found.try_ == {"count": 52}
    assert_try_is_fair(mistaken, found)


def test_more_recorded_plies_than_the_count_asks_for_are_said_in_plies() -> None:
    # Given a three-dice game's 3 plies sent with a count of 1
    mistaken = THREE | {"count": 1, "recorded": rolls_of(THREE | {"count": 3})}
    found = finding(check(mistaken), "roll_count")
    # Then every word of the finding counts plies, as its explains does (review: "more rolls than the 1 ply asked for")
    assert found.explains == "1 of the first 1 ply"
    assert "the recorded list holds more plies than the 1 ply asked for; check again with 3 plies" in found.detail
    assert "roll" not in found.detail


def test_a_shift_is_fixed_and_a_count_asked_for_beyond_the_recorded_rolls_is_kept() -> None:
    # Given a match said to have 60 rolls, 50 of them recorded, sent with the wrong first roll
    mistaken = PAIR36 | {"first": 3, "count": 60, "recorded": rolls_of(PAIR36 | {"count": 50})}
    found = finding(check(mistaken), "numbering_shifted")
    # Then the fix moves the first roll and keeps the 60 asked for: the last 10 were not recorded, so it is
    # incomplete, never a fair 50-roll game
    assert found.try_ == {"first": 1}
    fixed = check(apply(mistaken, found.try_))
    assert (fixed.verdict, fixed.summary.compared, fixed.summary.missing) == ("incomplete", 50, 10)


def test_a_count_too_small_for_the_recorded_rolls_is_raised_with_the_fix() -> None:
    mistaken = PAIR36 | {"first": 3, "count": 40, "recorded": rolls_of(PAIR36 | {"count": 50})}
    found = finding(check(mistaken), "numbering_shifted")
    assert found.try_ == {"first": 1, "count": 50}
    assert_try_is_fair(mistaken, found)


@pytest.mark.parametrize(
    "mistaken",
    [
        pytest.param(
            PAIR36 | {"count": 14, "recorded": [roll[::-1] for roll in rolls_of(PAIR36 | {"count": 12})]},
            id="dice-turned-round",
        ),
        pytest.param(
            PAIR36
            | {"count": 14, "recorded": rolls_of(PAIR36 | {"client_seeds": PAIR36["client_seeds"][::-1], "count": 12})},
            id="seats-swapped",
        ),
    ],
)
def test_no_fix_lowers_the_count_a_link_asked_for(mistaken: dict[str, Any]) -> None:
    # The review's case: 12 of a 14-roll match recorded, each roll's dice typed the other way round (or the seats
    # given the other way round)
    tries = [found.try_ for found in check(mistaken).diagnosis or [] if found.try_ is not None]
    assert tries
    for change in tries:
        assert change.get("count", 14) == 14, change
        fixed = check(apply(mistaken, change))
        assert (fixed.verdict, fixed.checks.rolls, fixed.summary.missing) == ("incomplete", "partial", 2), change


def test_one_differing_roll_among_many_is_named_not_explained_away() -> None:
    rolls = rolls_of(PAIR36 | {"count": 40})
    rolls[9] = [1, 1] if rolls[9] != [1, 1] else [2, 2]
    verdict = check(PAIR36 | {"recorded": rolls})
    found = finding(verdict, "few_rolls_differ")
    assert found.explains == "39 of 40 rolls"
    assert "roll 10 differs" in found.detail
    assert "Check that roll against the game's own roll list; if it was copied correctly" in found.detail
    assert found.try_ is None


@pytest.mark.parametrize("base", [PAIR36, BOT, NARDE])
def test_one_roll_added_at_the_end_of_a_list_is_first_said_to_be_maybe_not_the_games(base: dict[str, Any]) -> None:
    # Review (support): seed 000's two-seat example with 3-3 added at the end was only "if it was copied correctly,
    # the dice shown were not the committed ones: keep the secret and report it"
    real = rolls_of(base | {"count": 13})
    added = [1, 1] if real[-1] != [1, 1] else [2, 2]
    verdict = check(base | {"recorded": [*real[:-1], added]})
    found = finding(verdict, "few_rolls_differ")
    last = verdict.rolls[-1]["index"]
    secret = secret_word(base)
    assert found.detail.startswith(f"only roll {last} differs: the rest fit this {secret}")
    assert (
        "It is the last roll recorded and may be none of this game's, copied in at the end of the list: check whether"
        f" the game's own roll list has a roll {last}. If not, check again with that list; if it has and the roll was"
        f" copied correctly, the dice shown were not the committed ones: keep the {secret} and report it"
    ) in found.detail
    assert found.try_ is None


def test_the_last_recorded_roll_differing_with_rolls_asked_for_after_it_is_not_said_to_be_added() -> None:
    # The request says the game goes on past that roll: it is one of the game's, copied wrong or not the committed one
    real = rolls_of(PAIR36 | {"count": 12})
    verdict = check(PAIR36 | {"count": 14, "recorded": [*real[:-1], [1, 1] if real[-1] != [1, 1] else [2, 2]]})
    found = finding(verdict, "few_rolls_differ")
    assert "Check that roll against the game's own roll list; if it was copied correctly" in found.detail
    assert "last roll recorded" not in found.detail


def test_rolls_recorded_beyond_the_count_are_not_said_to_differ_beside_one_that_does() -> None:
    # Given a count of 10 and 12 recorded rolls of this game's, roll 3 copied wrong: the verdict compares 10, and rolls
    # 11 and 12, beyond the count, are extra, not rolls computed that differ (they fit this seed)
    real = rolls_of(PAIR36 | {"count": 12})
    real[2] = [1, 1] if real[2] != [1, 1] else [2, 2]
    verdict = check(PAIR36 | {"count": 10, "recorded": real})
    found = finding(verdict, "few_rolls_differ")
    # Then the words count the rolls `explains` counts, the 10 compared
    assert found.explains == "9 of the first 10 rolls"
    assert found.detail.startswith("only roll 3 differs: the rest fit this server seed")
    # named, after the words on the rolls past the count, which the count leaves out (review: "the server seed and the
    # settings are right" of a count of 10 and 12 rolls recorded)
    assert "Check roll 3 against the game's own roll list; if it was copied correctly" in found.detail
    assert (
        "so the server seed is right. The count leaves out the 2 rolls recorded beyond it: check again with 12 rolls to"
        " compare them too." in found.detail
    )
    assert "last roll recorded" not in found.detail


@pytest.mark.parametrize(
    ("game", "past"),
    [
        (PAIR36 | {"count": 10}, "the 10 rolls"),
        (PAIR36 | {"count": 19}, "the roll"),
        (PAIR36 | {"count": 10, "first": 3}, "the 10 rolls"),
    ],
    ids=["10 past the count", "1 past the count", "10 past a count from roll 3"],
)
def test_rolls_recorded_beyond_the_count_that_fit_beside_one_compared_that_does_not_leave_the_settings_said_right(
    game: dict[str, Any], past: str
) -> None:
    # Given 20 rolls of a game sent with a count below them, roll 3 copied wrong, every roll past the count this seed's
    recorded = miscopied(rolls_of(game | {"count": 20}), [2])
    (found,) = check(game | {"recorded": recorded}).diagnosis or []
    # Then the seed is right, but not the settings, the count among them: it leaves the rolls past it out, and the
    # words say to raise it (review: "so the server seed and the settings are right", nothing said of those rolls)
    assert found.cause == "few_rolls_differ"
    assert found.detail.startswith(
        f"only roll {game.get('first', 1) + 2} differs: the rest fit this server seed, so the server seed is right."
        f" The count leaves out {past} recorded beyond it: check again with 20 rolls to compare"
        f" {'it' if past == 'the roll' else 'them'} too. Check roll {game.get('first', 1) + 2} against"
    )
    assert "settings are right" not in found.detail


@pytest.mark.parametrize(
    ("changed", "words"),
    [
        (range(10, 20), "But the 10 rolls recorded beyond the count differ from what this server seed rolls there:"),
        ([14], "But 1 of the 10 rolls recorded beyond the count differs from what this server seed rolls there:"),
    ],
    ids=["all past the count", "one past the count"],
)
def test_rolls_recorded_beyond_the_count_that_differ_beside_one_compared_that_does_leave_the_settings_in_question(
    changed: list[int], words: str
) -> None:
    # Given 20 rolls of a game sent with a count of 10, roll 3 copied wrong, and rolls past the count showing other dice
    # than this seed's (changed, or the count is not the game's)
    recorded = miscopied(rolls_of(PAIR36 | {"count": 20}), [2, *changed])
    (found,) = check(PAIR36 | {"count": 10, "recorded": recorded}).diagnosis or []
    # Then the seed is right, but the settings are not said to be, and the rolls past the count are said to differ, to
    # compare (review: "only roll 3 differs: the rest fit this server seed, so the server seed and the settings are
    # right", nothing said of those)
    assert (found.cause, found.explains) == ("few_rolls_differ", "9 of the first 10 rolls")
    assert found.detail.startswith(
        f"only roll 3 differs: the rest fit this server seed, so the server seed is right. {words} check again with 20"
        " rolls to compare"
    )
    assert "settings are right" not in found.detail
    assert found.detail.endswith("the dice shown were not the committed ones: keep the server seed and report it")


@pytest.mark.parametrize(
    ("lock", "cause"),
    [
        (hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest(), "secret_from_other_game"),
        (SEAL, "rolls_from_other_game"),
        (None, "rolls_from_other_game"),
    ],
    ids=["lock of another key", "lock of this key", "no lock"],
)
def test_rolls_of_another_game_recorded_beyond_the_count_are_counted_as_the_words_count_them(
    lock: str | None, cause: str
) -> None:
    # Given a count of 1 and two recorded rolls that are not this key's: the verdict compares one, and the words speak
    # of both recorded rolls, on which the mistakes were tried
    verdict = check(BOT | {"lock": lock, "count": 1, "recorded": [[1, 2], [3, 4]]})
    found = finding(verdict, cause)
    assert "the recorded rolls" in found.detail
    assert "(2 recorded rolls are too few to tell any of them from chance)" in found.detail
    # Then `explains` counts the same two rolls, where it said "0 of 1 roll"
    assert found.explains == "0 of 2 rolls"


# ---- when there is nothing to diagnose, and bounds ----------------------------------------


@pytest.mark.parametrize(
    "request_data",
    [
        NARDE | {"recorded": "15 46 34"},
        NARDE | {"count": 3},
        NARDE | {"fingerprint": None, "recorded": "15 46 34"},
        {"scheme": "three-dice", "commit": SEAL},
    ],
    ids=["fair", "no rolls recorded", "no seal", "withheld"],
)
def test_a_verdict_without_mismatch_has_no_diagnosis(request_data: dict[str, Any]) -> None:
    verdict = check(request_data)
    assert verdict.verdict != "mismatch"
    assert verdict.diagnosis is None
    assert verdict.model_dump(mode="json")["diagnosis"] is None


def test_a_finding_serialises_its_try_under_the_json_key_try() -> None:
    verdict = check(PAIR36 | {"first": 2, "recorded": rolls_of(PAIR36 | {"count": 10})})
    dumped = verdict.model_dump(mode="json")["diagnosis"][0]
    assert set(dumped) == {"cause", "explains", "detail", "try"}
    assert '"try":{"first":1}' in verdict.model_dump_json()


def test_a_long_game_is_diagnosed_from_its_first_rolls_only() -> None:
    rolls = rolls_of(PAIR36 | {"count": 1000})
    found = finding(check(PAIR36 | {"first": 2, "recorded": rolls}), "numbering_shifted")
    assert found.explains == f"{MAX_COMPARED} of the first {MAX_COMPARED} rolls"
    assert found.try_ == {"first": 1}


def test_too_few_recorded_rolls_to_tell_mistakes_from_chance_say_so() -> None:
    verdict = check(PAIR36 | {"recorded": rolls_of(PAIR36 | {"first": 2, "count": 2})})
    found = finding(verdict, "rolls_from_other_game")
    assert "(2 recorded rolls are too few to tell any of them from chance)" in found.detail


def test_the_diagnosis_is_deterministic_and_capped() -> None:
    request = parse_request(PAIR36 | {"seal": "00" * 32, "recorded": rolls_of(PAIR36 | {"first": 2, "count": 30})})
    first, second = verify(request), verify(request)
    assert first.diagnosis == second.diagnosis
    assert first.diagnosis is not None
    assert 1 <= len(first.diagnosis) <= MAX_FINDINGS
    assert [f.cause for f in first.diagnosis] == ["numbering_shifted", "seal_from_other_game"]


@settings(max_examples=60, deadline=None)
@given(secret=st.binary(min_size=32, max_size=32), shift=st.integers(1, 3), count=st.integers(4, 40))
def test_any_small_shift_of_any_game_is_found_and_only_a_shift_back_to_the_start_is_a_fix(
    secret: bytes, shift: int, count: int
) -> None:
    game = {"scheme": "narde-v1", "key": secret.hex(), "phrase": "p"}
    real, later = rolls_of(game | {"count": count}), rolls_of(game | {"first": shift, "count": count})
    # A roll with the same dice either way tells nothing: the shift is named where the rolls that differ are more than
    # any of the numbers near the first tried (3 to 6) would fit by luck, else offered
    told = sum(1 for dice, shifted in zip(real, later, strict=True) if dice != shifted)

    def named(first: int) -> bool:
        near = [first + d for d in range(-diagnosis_module.MAX_SHIFT, diagnosis_module.MAX_SHIFT + 1) if d]
        request = parse_request(game | {"first": first, "recorded": real})
        return Case.of(schemes.of(request), request, secret).beyond_luck(told, len([n for n in near if n >= 0]))

    # Given the game's rolls sent as if they started later: the try brings them back to the game's start
    mistaken = game | {"first": shift, "recorded": real}
    found = finding(check(mistaken), "numbering_shifted" if named(shift) else "few_rolls_differ")
    assert found.try_ == {"first": 0}
    assert_try_is_fair(mistaken, found)
    # Given a later piece of the game sent as the game from its start: found, or said, but no try makes it a window
    verdict = check(game | {"recorded": later})
    found = finding(verdict, "numbering_shifted") if named(0) else (verdict.diagnosis or [])[0]
    assert_only_a_piece(found, f"rolls {shift} to {shift + count - 1} only")


@settings(max_examples=150, deadline=None)
@given(request=requests)
def test_any_mismatch_is_diagnosed_and_every_try_is_a_valid_request(request: Any) -> None:
    assume(request.secret_hex is not None or getattr(request, "withheld", False))  # no daily archive here
    verdict = verify(request)
    if verdict.verdict != "mismatch":
        assert verdict.diagnosis is None
        return
    assert verdict.diagnosis
    data = request.model_dump(mode="json", exclude_none=True)
    for found in verdict.diagnosis:
        if found.try_ is not None:
            parse_request(apply(data, found.try_))


def test_diagnose_can_be_called_on_its_own() -> None:
    request = parse_request(NARDE | {"first": 1, "recorded": "15 46 34 46"})
    verdict = verify(request)
    assert diagnose(request, bytes.fromhex(KEY), verdict) == verdict.diagnosis


@pytest.mark.parametrize(
    "game",
    [
        PAIR36 | {"client_seeds": ["a", "b", "c"]},
        NARDE,
        THREE,
        BOT,
        ONLINE,
    ],
    ids=["pair36", "narde-v1", "three-dice", "bg-dice-v1", "bg-online-v1"],
)
def test_the_work_of_a_diagnosis_does_not_grow_with_the_games_length(
    game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a MAC that counts its calls (in the room that keys it), and games of rolls that fit no hypothesis
    room = sys.modules[schemes.get(game["scheme"]).module]
    calls = 0
    keyed = room.keyed_mac

    def counting(key: bytes) -> Any:
        mac = keyed(key)

        def counted(message: bytes) -> bytes:
            nonlocal calls
            calls += 1
            return mac(message)

        return counted

    def work(length: int) -> int:
        nonlocal calls
        sides = (6, 6, 6) if game["scheme"] == "three-dice" else (6, 6)
        recorded = [[(i * 7 + j * 3) % s + 1 for j, s in enumerate(sides)] for i in range(length)]
        request = parse_request(game | {"recorded": recorded})
        verdict = verify(request)
        monkeypatch.setattr(room, "keyed_mac", counting)
        calls = 0
        diagnose(request, bytes.fromhex(KEY), verdict)
        monkeypatch.setattr(room, "keyed_mac", keyed)
        return calls

    # When games of 1,000 and 10,000 rolls are diagnosed
    short, long = work(1_000), work(10_000)

    # Then both cost the same bounded number of HMACs, a few per hypothesis and the window scan
    assert short == long
    assert long <= 4 * MAX_COMPARED + 300


def test_a_sheet_numbered_from_one_in_a_scheme_counted_from_zero_is_sent_back_without_its_numbers() -> None:
    # Given narde-v1's first rolls pasted as a sheet numbered 1, 2, 3… (the game counts from roll 0)
    rows = rolls_of(NARDE | {"count": 20})
    mistaken = NARDE | {"recorded": "\n".join(f"{at}: {a}-{b}" for at, (a, b) in enumerate(rows, start=1))}

    # When it is verified: the numbers place the rolls from roll 1, where they do not fit
    found = finding(check(mistaken), "numbering_shifted")

    # Then the try moves them back to roll 0, with the rolls written without the numbers that said otherwise
    assert found.try_ is not None and found.try_["first"] == 0
    assert found.try_["recorded"] == " ".join(f"{a}-{b}" for a, b in rows)
    assert_try_is_fair(mistaken, found)
    # And the page says so in words
    words = schemes.get("narde-v1").change_words(found.try_)
    assert words == "roll numbers starting at 0 and the rolls without their numbers"


@pytest.mark.parametrize(
    "game",
    [
        PAIR36 | {"client_seeds": ["a", "b", "c"], "first": 3, "count": 8},
        NARDE | {"first": 2, "count": 8},
        THREE | {"count": 8},
        BOT | {"count": 8},
        BOT | {"opening": False, "first_turn": 3, "line": 1, "count": 8},
        ONLINE | {"game": 2, "count": 8},
        DAILY,
    ],
    ids=["pair36", "narde-v1", "three-dice", "bg-dice-v1", "bg-dice-v1 later", "bg-online-v1", "daily"],
)
def test_every_change_a_scheme_can_suggest_is_said_in_words_without_a_field_name(game: dict[str, Any]) -> None:
    # Given a game recorded all wrong, so that every mistake the scheme knows is tried
    scheme = schemes.get(game["scheme"])
    request = parse_request(game | {"recorded": [[1] * len(scheme.sides)] * game.get("count", 1)})
    case = Case.of(scheme, request, bytes.fromhex(KEY))

    # Then each change it would suggest reads as words, none naming a field
    changes = [_try(case, hypothesis) for hypothesis in _hypotheses(case)]
    assert changes
    for change in changes:
        worded = scheme.change_words(change)
        assert worded and "another " not in worded, change
        assert not any(name in worded for name in change if "_" in name), (change, worded)


def test_rolls_past_a_count_that_differ_are_weighed_as_the_seals_finding_weighs_them() -> None:
    # Given a pair36 game of 5 rolls, its rolls 2 and 5 changed, sent with a count of 4 and another game's seal: 3 of
    # the 4 compared fit (1 time in about 12,000 by chance), but 3 of the 5 recorded (1 time in about 4,900)
    recorded = miscopied(rolls_of(PAIR36 | {"count": 5}), [1, 4])
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    counted = check(PAIR36 | {"seal": other, "count": 4, "recorded": recorded}).diagnosis or []
    # Then no finding says the server seed is right, where few_rolls_differ said so beside the seal's finding saying
    # "the seal, the server seed or both are most likely another game's" of the same rolls
    assert not any("server seed is right" in found.detail for found in counted)
    # and the rolls are diagnosed as they are without the count, which leaves none of them out
    whole = check(PAIR36 | {"seal": other, "recorded": recorded}).diagnosis or []
    assert [(found.cause, found.explains) for found in counted] == [(found.cause, found.explains) for found in whole]
    # too few of them fitting to tell whose the server seed is (secret_from_other_game before its cause said so)
    assert [found.cause for found in counted] == ["too_few_rolls_fit"]
    # Beside the server seed's own seal, the rolls that differ stay a mismatch to report, as before: never another
    # game's rolls the player sent
    (own,) = check(PAIR36 | {"count": 4, "recorded": recorded}).diagnosis or []
    assert own.cause == "few_rolls_differ"
    assert own.detail.endswith("the dice shown were not the committed ones: keep the server seed and report it")


def test_a_secret_of_another_game_says_how_many_recorded_rolls_fit_it_where_some_do() -> None:
    # Given a pair36 game's 3 rolls, roll 2 changed, sent with another game's seal: 2 of the 3 fit the server seed, as
    # another game's would 1 time in about 440, rarer than OTHER_GAME_CHANCE
    recorded = miscopied(rolls_of(PAIR36 | {"count": 3}), [1])
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    (found,) = check(PAIR36 | {"seal": other, "recorded": recorded}).diagnosis or []
    # Then the finding says so, where it said "neither the seal nor the recorded rolls fit this server seed", with the
    # odds (no longer "as another game's rolls might": too few fit to tell whose they are), as its cause says
    # (secret_from_other_game before it said so)
    assert (found.cause, found.explains) == ("too_few_rolls_fit", "2 of 3 rolls")
    assert found.detail.startswith(
        "the seal does not fit this server seed, and only 2 of the 3 recorded rolls fit it; none of the mistakes tried"
    )
    # (a pair36 server seed is a whole match's: changed deliberately from "another game's server seed")
    assert "(another match's server seed would fit as many or more 1 time in about 440)" in found.detail
    assert "neither" not in found.detail
    # and where none fits, it is said as before
    another = rolls_of(PAIR36 | {"server_seed": OTHER_KEY, "count": 3})
    (none,) = check(PAIR36 | {"seal": other, "recorded": another}).diagnosis or []
    assert none.cause == "secret_from_other_game"
    assert none.detail.startswith("neither the seal nor the recorded rolls fit this server seed and none of the")


def test_rolls_that_differ_within_a_count_are_counted_of_the_first_rolls_as_the_count_finding_counts_them() -> None:
    # Given a pair36 game of 20 rolls sent with a count of 10: every roll compared fits, then roll 3 changed
    real = rolls_of(PAIR36 | {"count": 20})
    (counted,) = check(PAIR36 | {"count": 10, "recorded": real}).diagnosis or []
    request = parse_request(PAIR36 | {"count": 10, "recorded": miscopied(real, [2])})
    verdict = verify(request)
    (found,) = verdict.diagnosis or []
    # Then both count the rolls compared alike, "of the first 10", where few_rolls_differ said "9 of 10 rolls" beside
    # roll_count's "10 of the first 10 rolls"
    assert (counted.cause, counted.explains) == ("roll_count", "10 of the first 10 rolls")
    assert (found.cause, found.explains) == ("few_rolls_differ", "9 of the first 10 rolls")
    # and the page says them as the rolls compared, as before
    assert "(9 of the 10 rolls compared fit; 1 differs)" in render_page(verdict, request)


@pytest.mark.parametrize("count", [None, 6], ids=["no-count", "count"])
@pytest.mark.parametrize("game", [PAIR36, BOT, NARDE], ids=["pair36", "bg-dice-v1", "narde-v1"])
def test_rolls_that_fit_beyond_chance_beside_the_secrets_own_seal_are_never_another_games(
    game: dict[str, Any], count: int | None
) -> None:
    # Review: a secret its own seal fits, with some recorded rolls changed, must not be told "the recorded rolls are
    # not its rolls ... most likely another game's" where those that fit are more than chance gives: the operator
    # could have shown other dice for the rest. The bar is the one the seal's finding and `few_rolls_differ` use
    # (CHANCE): 4 of 6 fitting one time in 36 each is below it; 3 of 5 (about 1 in 4,866) is not
    assert chance_of_at_least(4, 6, 36) < CHANCE <= chance_of_at_least(3, 5, 36)
    # Given a game of 6 rolls whose rolls 2 and 5 are recorded with another first die
    recorded = rolls_of(game | {"count": 6})
    for at in (1, 4):
        recorded[at] = [recorded[at][0] % 6 + 1, recorded[at][1]]
    mistaken = game | {"recorded": recorded} | ({} if count is None else {"count": count})
    causes = [f.cause for f in check(mistaken).diagnosis or []]
    # Then the rolls are this secret's but two, which the dice shown differ in: a mismatch to report
    assert "rolls_from_other_game" not in causes
    found = finding(check(mistaken), "few_rolls_differ")
    assert found.explains == "4 of 6 rolls"
    assert "the dice shown were not the committed ones" in found.detail


@pytest.mark.parametrize(
    ("total", "changed", "cause"),
    [
        # 4 of 6 fit: another game's rolls would fit as many below CHANCE, so they are this secret's but two
        (6, [1, 4], "few_rolls_differ"),
        # 3 of 5 (about 1 in 4,866) and 2 of 5 (about 1 in 137): above CHANCE, below OTHER_GAME_CHANCE
        (5, [1, 3], "too_few_rolls_fit"),
        (5, [1, 3, 4], "too_few_rolls_fit"),
        # 2 of 6 (about 1 in 93) and 1 of 20 (43 times in 100): luck that ordinary explains them
        (6, [1, 3, 4, 5], "rolls_from_other_game"),
        (20, range(1, 20), "rolls_from_other_game"),
    ],
    ids=["4 of 6", "3 of 5", "2 of 5", "2 of 6", "1 of 20"],
)
@pytest.mark.parametrize("game", [PAIR36, BOT, NARDE], ids=["pair36", "bg-dice-v1", "narde-v1"])
def test_rolls_that_fit_the_secrets_own_seal_more_than_chance_explains_but_too_few_to_show_it_say_so(
    game: dict[str, Any], total: int, changed: list[int], cause: str
) -> None:
    # Review: beside the secret's own seal, 3 of 5 recorded rolls fitting was "most likely another game's rolls",
    # blaming the player's record, where this game's rolls with two shown otherwise fit as well. The two bars: CHANCE,
    # below which the rolls are this secret's, and OTHER_GAME_CHANCE, at or above which luck explains them
    assert chance_of_at_least(4, 6, 36) < CHANCE <= chance_of_at_least(3, 5, 36)
    assert chance_of_at_least(2, 5, 36) < OTHER_GAME_CHANCE <= chance_of_at_least(2, 6, 36)
    # Given a game whose rolls at `changed` are recorded with other dice, under its own seal
    real = rolls_of(game | {"count": total})
    mistaken = game | {"recorded": miscopied(real, changed)}
    found = finding(check(mistaken), cause)
    fit = total - len(list(changed))
    assert found.explains == f"{fit} of {total} rolls"
    secret = secret_word(game)
    if cause == "too_few_rolls_fit":
        # Then too few fit to tell whose they are, said with the odds, never "most likely another game's rolls"
        odds = f"{round(1 / chance_of_at_least(fit, total, 36)):,}"
        assert found.detail.startswith(
            f"the {secret} matches the {schemes.of(parse_request(game)).words.seal}, but only {fit} of the {total}"
            " recorded rolls fit it"
        )
        assert (
            f"too few fit to tell whether they are another game's rolls or this game's with {total - fit} rolls shown"
            f" with other dice than the committed ones (another game's rolls would fit as many or more 1 time in about"
            f" {odds}). Check them against the game's own roll list; if the settings given are the game's and they were"
            f" copied correctly from this game, the dice shown were not the committed ones: keep the {secret} and"
            " report it"
        ) in found.detail
        assert "most likely" not in found.detail
        assert found.try_ is None
    if cause == "rolls_from_other_game":
        assert found.detail.endswith("they are most likely another game's rolls")


@pytest.mark.parametrize(
    ("changed", "cause"),
    [([1, 3], "too_few_rolls_fit"), ([1, 3, 4], "too_few_rolls_fit"), ([1, 3, 4, 5], "rolls_from_other_game")],
    ids=["3 of 5", "2 of 5", "2 of 6"],
)
@pytest.mark.parametrize("game", [PAIR36, BOT, NARDE], ids=["pair36", "bg-dice-v1", "narde-v1"])
def test_rolls_too_few_of_which_fit_a_secret_sent_without_a_seal_are_not_said_most_likely_of_another_game(
    game: dict[str, Any], changed: list[int], cause: str
) -> None:
    # Given a game whose rolls at `changed` are recorded with other dice, sent without its seal
    words = schemes.of(parse_request(game)).words
    total = 6 if len(changed) == 4 else 5
    unsealed = {name: value for name, value in game.items() if name != parse_request(game).SEAL_FIELD}
    (found,) = check(unsealed | {"recorded": miscopied(rolls_of(game | {"count": total}), changed)}).diagnosis or []
    fit = total - len(changed)
    assert (found.cause, found.explains) == (cause, f"{fit} of {total} rolls")
    if cause == "rolls_from_other_game":
        # Then, where luck that ordinary explains them, they and the secret most likely come from different games
        assert "most likely come from different games" in found.detail
        return
    # Then, where it is rarer, too few fit to tell (they said "they and the secret most likely come from different
    # games"), and the seal is asked for to tell more
    odds = f"{round(1 / chance_of_at_least(fit, total, 36)):,}"
    assert found.detail.startswith(f"only {fit} of the {total} recorded rolls fit this {words.secret} and none of")
    assert found.detail.endswith(
        f": too few fit to tell whether they are another game's rolls or this game's with {len(changed)} rolls shown"
        f" with other dice than the committed ones (another game's rolls would fit as many or more 1 time in about"
        f" {odds}). Give the {words.seal} too, and check them against the game's own roll list; if the {words.seal}"
        f" fits, the settings given are the game's and they were copied correctly from this game, the dice shown were"
        f" not the committed ones: keep the {words.secret} and report it"
    )
    assert "most likely" not in found.detail


@pytest.mark.parametrize(
    ("total", "changed", "cause"),
    [
        # 4 of 6 fit, below CHANCE: the server seed is this game's, the rolls but two, and the seal another game's
        (6, [1, 4], "few_rolls_differ"),
        # 3 of 5 (about 1 in 4,866) and 2 of 5 (about 1 in 137): above CHANCE, below OTHER_GAME_CHANCE
        (5, [1, 3], "too_few"),
        (5, [1, 3, 4], "too_few"),
        # 2 of 6 (about 1 in 93): luck that ordinary explains them
        (6, [1, 3, 4, 5], "other_game"),
    ],
    ids=["4 of 6", "3 of 5", "2 of 5", "2 of 6"],
)
@pytest.mark.parametrize("game", [PAIR36, BOT, NARDE], ids=["pair36", "bg-dice-v1", "narde-v1"])
def test_a_secret_beside_another_games_seal_is_said_most_likely_another_games_only_where_luck_explains_the_rolls(
    game: dict[str, Any], total: int, changed: list[int], cause: str
) -> None:
    # Review: beside another game's seal, 3 of 5 recorded rolls fitting was "as another game's rolls might: the server
    # seed is most likely from another game than both", where this game's rolls with two shown otherwise fit as well.
    # The bars are the ones beside the secret's own seal: CHANCE and OTHER_GAME_CHANCE
    assert chance_of_at_least(4, 6, 36) < CHANCE <= chance_of_at_least(3, 5, 36)
    assert chance_of_at_least(2, 5, 36) < OTHER_GAME_CHANCE <= chance_of_at_least(2, 6, 36)
    words = schemes.of(parse_request(game)).words
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    # Given a game whose rolls at `changed` are recorded with other dice, sent with another game's seal
    recorded = miscopied(rolls_of(game | {"count": total}), changed)
    verdict = check(game | {parse_request(game).SEAL_FIELD: other, "recorded": recorded})
    fit = total - len(changed)
    if cause == "few_rolls_differ":
        # Then, beyond chance, the rolls are this secret's but those that differ, and the seal is blamed
        assert [f.cause for f in verdict.diagnosis or []] == ["few_rolls_differ", "seal_from_other_game"]
        return
    (found,) = verdict.diagnosis or []
    # Where too few fit to tell, the cause says so (too_few_rolls_fit, as beside the secret's own seal), where it was
    # secret_from_other_game, which told a program reading the code alone that the secret is another game's
    said = "too_few_rolls_fit" if cause == "too_few" else "secret_from_other_game"
    assert (found.cause, found.explains) == (said, f"{fit} of {total} rolls")
    assert found.too_few_to_tell == (cause == "too_few")
    assert verdict.model_dump(mode="json")["diagnosis"][0]["cause"] == said
    assert found.detail.startswith(
        f"the {words.seal} does not fit this {words.secret}, and only {fit} of the {total} recorded rolls fit it"
    )
    if cause == "other_game":
        # Then, where luck that ordinary explains them, the secret is most likely another game's, as before
        assert ", as another game's rolls might; none of the mistakes tried" in found.detail
        # (another match's of a pair36 server seed, a whole match's: changed deliberately from "another game")
        assert f": the {words.secret} is most likely from {words.other_game} than both; copy it again" in found.detail
        return
    # Then, where it is rarer, too few fit to tell, said with the odds, never "most likely" nor "might"
    odds = f"{round(1 / chance_of_at_least(fit, total, 36)):,}"
    assert "fit it; none of the mistakes tried" in found.detail
    assert (
        # whose, other than this game's, the secret is in the room's words: pair36's another match's (changed
        # deliberately from "another game" for every room)
        f": too few fit to tell whether the {words.secret} is from {words.other_game} than both or this game's with"
        f" {len(changed)} rolls shown with other dice than the committed ones ({words.other_game}'s {words.secret}"
        f" would fit as many or more 1 time in about {odds}). Copy the {words.secret} and the {words.seal} again from"
        f" the game; if both were copied correctly from this game, the {words.secret} is not the one it committed to:"
        " keep both and report it."
    ) in found.detail
    assert "most likely" not in found.detail
    assert "might" not in found.detail
    assert found.try_ is None


def test_too_few_rolls_fitting_a_secret_beside_an_authoritys_seal_are_said_as_the_authoritys_words_say_them() -> None:
    # Given 3 of 5 pair36 rolls fitting the server seed, beside a seal that is not its: too few fit to tell whose the
    # secret is (too_few_rolls_fit). Daily records one roll, so its requests never reach that band; the diagnosis takes
    # an authority's seal of any request
    recorded = miscopied(rolls_of(PAIR36 | {"count": 5}), [1, 3])
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    request = parse_request(PAIR36 | {"seal": other, "recorded": recorded})
    verdict = check(PAIR36 | {"seal": other, "recorded": recorded})
    assert [(f.cause, f.too_few_to_tell) for f in verdict.diagnosis or []] == [("too_few_rolls_fit", True)]
    # When the seal is an authority's, the finding says the secret given does not fit it, as where its cause was
    # secret_from_other_game, not "copy the server seed and the seal again from the game"
    (found,) = diagnose(request, bytes.fromhex(KEY), verdict, seal_source="archive 2026-10-28")
    assert found.cause == "secret_from_other_game"
    assert found.detail.startswith("the seal is the one the archive published (archive 2026-10-28)")
    assert "again from the game" not in found.detail
    # and where the secret is the authority's own, no finding tells the player to copy it again
    (found,) = diagnose(request, bytes.fromhex(KEY), verdict, seal_source="archive 2026-10-28", source_uncommitted=True)
    assert found.cause == "secret_not_committed"


@pytest.mark.parametrize("game", [PAIR36, NARDE, BOT, ONLINE], ids=lambda game: game["scheme"])
@pytest.mark.parametrize(
    ("total", "changed", "count"),
    [
        # 3 of 5 fitting as given, no mistake tried explaining the 2 that differ: too few to tell whose the secret is
        (5, [1, 3], None),
        # 2 of 2 fitting, 1 in 1,296: too few to tell whether the seal or the secret is another game's
        (2, [], 2),
    ],
    ids=["rolls", "seal"],
)
def test_too_few_rolls_fitting_beside_a_seal_that_does_not_fit_is_a_finding_that_accounts_for_the_seal(
    game: dict[str, Any], total: int, changed: list[int], count: int | None
) -> None:
    # Given a game's rolls, some or all fitting its secret, as many as another game's would by luck rarer than
    # OTHER_GAME_CHANCE, sent with another game's seal
    recorded = miscopied(rolls_of(game | {"count": total}), changed)
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    fields = {parse_request(game).SEAL_FIELD: other, "recorded": recorded} | ({"count": count} if count else {})
    verdict = check(game | fields)
    # Then its one finding of the seal is too_few_rolls_fit, whose words speak of the seal
    (found,) = verdict.diagnosis or []
    assert (found.cause, found.too_few_to_tell) == ("too_few_rolls_fit", True)
    assert f"the {schemes.of(parse_request(game)).words.seal}" in found.detail
    # and the diagnosis' own list of findings that account for the seal holds its code, where it did not: the seal's
    # finding was left out after it only because it carried no rolls that fit
    assert found.cause in diagnosis_module._SEAL


@pytest.mark.parametrize("game", [PAIR36, NARDE, BOT, ONLINE, THREE], ids=lambda game: game["scheme"])
def test_rolls_no_mistake_explains_are_never_weighed_below_chance_as_another_games(game: dict[str, Any]) -> None:
    # Review: the band of `too_few_rolls_fit` is bounded below by CHANCE, which `_of_another_game` does not check:
    # rolls that fit beyond it are `few_rolls_differ` before it is reached (`_unexplained`, `_beyond_chance`)
    request = parse_request(game)
    sides, field = math.prod(request.SIDES), request.SEAL_FIELD
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    shuffled = random.Random(13)
    below = 0
    for total in range(2, 11):
        rolls = rolls_of(game | {"count": total})
        for fit in range(total + 1):
            # Given `fit` of `total` rolls fitting, the rest copied wrong at places drawn, with the game's own seal,
            # another game's or none, and every roll compared or only the first `fit` or more
            changed = shuffled.sample(range(total), total - fit)
            for seal, count in itertools.product((game[field], other, None), (total, max(fit, 1))):
                verdict = check(game | {field: seal, "count": count, "recorded": miscopied(rolls, changed)})
                # `fit` fitting of `total` by luck rarer than CHANCE: the bound is reached
                below += chance_of_at_least(fit, total, sides) < CHANCE
                for found in verdict.diagnosis or []:
                    if found.cause not in ("too_few_rolls_fit", "rolls_from_other_game", "secret_from_other_game"):
                        continue
                    # Then no finding of rolls no mistake explains counts as many fitting as luck rarer than CHANCE
                    assert found.tally is not None
                    chance = chance_of_at_least(found.tally.fit, found.tally.of, sides)
                    assert chance >= CHANCE, (fit, total, changed, seal, count, found.cause, found.tally)
                    assert (found.cause == "too_few_rolls_fit") == (found.tally.fit > 0 and chance < OTHER_GAME_CHANCE)
    # and the sweep drew rolls that fit beyond chance, in every scheme
    assert below > 0


def _faces_chance(verdict: Verdict, sides: tuple[int, ...]) -> float:
    """Of one roll recorded that differs from the one computed in some faces, the chance of another roll fitting as
    many faces by luck or more, each die one time in its sides, counted over every way the dice may fit (changed
    deliberately from one face off alone: two off fit as many 1 time in about 387); 1.0 for a roll that fits."""
    (report,) = verdict.rolls
    fit = sum(a == b for a, b in zip(report["dice"] or [], report["recorded"] or [], strict=True))
    if fit == len(sides):
        return 1.0
    chance = 0.0
    for fits in itertools.product([True, False], repeat=len(sides)):
        if sum(fits) >= fit:
            chance += math.prod(1 / n if hit else (n - 1) / n for n, hit in zip(sides, fits, strict=True))
    return chance


def _words_against_code(verdict: Verdict) -> list[str]:
    """What in a mismatch's findings says otherwise than its code and flags, as `CAUSE_MEANINGS` means them: the
    claims of the other-game causes, and the bars of CHANCE and OTHER_GAME_CHANCE their tallies sit between."""
    room = schemes.get(verdict.scheme)
    seal, secret, sides = room.words.seal, room.words.secret, math.prod(room.sides)
    # whose other than this game's the seal or the secret is, in the room's words: daily's a day's (changed
    # deliberately from "another game" for every room)
    other = room.words.other_game
    mismatched = verdict.checks.seal == "mismatch"
    causes = [found.cause for found in verdict.diagnosis or []]
    # A seal computed over the secret's hex text is this secret's: weighed as its own seal is (added deliberately to the
    # flag's and rolls_from_other_game's checks below, where "the seal does not fit" stood for "another game's")
    as_text = "seal_of_hex_text" in causes
    wrong = [] if [f["cause"] for f in verdict.model_dump(mode="json")["diagnosis"] or []] == causes else ["json"]
    for found in verdict.diagnosis or []:
        cause, detail, tally = found.cause, found.detail, found.tally
        chance = 1.0 if tally is None else chance_of_at_least(tally.fit, tally.of, sides)
        likely = tally is None or not tally.fit or chance >= OTHER_GAME_CHANCE  # luck that ordinary explains them
        both = f"the {seal}, the {secret} or both are most likely {other}'s" in detail
        # Rolls a reading offered as no fix fits, too few to name it, yet more than luck of 1 in 100 would fit it: no
        # more likely another game's (added deliberately with that finding)
        reading = "telling the reading above apart are too few to tell which" in detail
        checks = {
            "flag seal_alone": not found.seal_alone or cause == "seal_from_other_game",
            "flag too_few_to_tell": found.too_few_to_tell
            == (cause == "too_few_rolls_fit" and mismatched and not as_text),
            # and nothing beside it says the secret is another game's, or may be
            "secret its seal's": not as_text or not (cause.endswith("other_game") and cause != "rolls_from_other_game"),
            "not another game's": not as_text
            or all(
                said not in detail
                for said in (f"{other} than both", f"whether the {secret} is", f"whether the {seal} is")
            ),
            "too few fit to tell": ("too few fit to tell" in detail or reading) == (cause == "too_few_rolls_fit"),
            "the seal": (found.explains == "the seal") == (tally is None),
        }
        if cause == "too_few_rolls_fit":
            checks["band"] = tally is not None and tally.fit > 0 and CHANCE <= chance < OTHER_GAME_CHANCE
            if "in every face but its" in detail:
                # One roll that fits in every face but one (added deliberately with that finding): its faces are what
                # sit in the band, each fitting by luck one time in its sides
                checks["band"] = (
                    tally == Tally(0, 1) and CHANCE <= _faces_chance(verdict, room.sides) < OTHER_GAME_CHANCE
                )
            if reading:
                # its odds, as the reading says them, below OTHER_GAME_CHANCE: rarer luck than what "most likely" takes
                odds = re.search(r"1 time in (?:about )?([\d,]+): if the game was so", detail)
                checks["band"] = odds is not None and 1 / int(odds[1].replace(",", "")) < OTHER_GAME_CHANCE
            if f"one {room.words.roll} is little evidence either way" in detail:
                # One roll that does not fit beside the secret's own seal, too few to tell whose (added deliberately
                # with that finding): no band, as none fits
                checks["band"] = tally == Tally(0, 1) and (not mismatched or as_text)
            checks["not most likely"] = "most likely" not in detail
        if cause == "seal_from_other_game":
            checks["seal mismatch"] = mismatched and f"most likely {other}'s" in detail
            checks["alone as said"] = both != found.seal_alone
            checks["alone beyond chance"] = not found.seal_alone or chance < CHANCE or "roll_cut_short" in causes
            checks["either as luck"] = found.seal_alone or likely
        if cause == "secret_from_other_game" and verdict.seal.published_at is not None:
            # The seal is the daily archive's, which it published: the secret given is not the day's, whatever the rolls
            checks["claim"] = mismatched and f"the {secret} given is not this day's" in detail
        elif cause == "secret_from_other_game":
            checks["claim"] = mismatched and f"the {secret} is most likely from {other} than both" in detail
            checks["as luck"] = likely
        if cause == "rolls_from_other_game":
            checks["claim"] = (not mismatched or as_text) and "most likely" in detail and likely
        wrong += [f"{cause}: {name}" for name, holds in checks.items() if not holds]
    return wrong


GAMES_DRAWN: dict[str, dict[str, Any]] = {
    game["scheme"]: {k: v for k, v in game.items() if k not in (parse_request(game).SEAL_FIELD,)}
    for game in (PAIR36, NARDE, BOT, ONLINE, THREE, DAILY)
}


def _drawn(rng: random.Random) -> dict[str, Any]:
    """A game of a scheme drawn, its secret drawn, sent with one mistake people make or none, and a seal of its own,
    another game's, the secret, the seal of its hex text or none, and a count of its rolls, fewer or more."""
    game = dict(rng.choice(list(GAMES_DRAWN.values())))
    request = parse_request(game)
    field, key = request.REVEALED_FIELD, rng.randbytes(32)
    game[field] = key.hex()
    daily = game["scheme"] == "daily"
    total = 1 if daily else rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 20, 30])
    game |= {} if daily else {"count": total}
    rolls = rolls_of(game)
    mistake = rng.random()
    if daily:
        # One roll of dice of other sides, which a die copied wrong or turned round may not fit: another day's, or none
        rolls = rolls_of(game | {field: rng.randbytes(32).hex()}) if mistake < 0.5 else rolls
    elif mistake < 0.5:
        rolls = miscopied(rolls, rng.sample(range(total), min(total, rng.choice([1, 1, 2, 3, rng.randint(0, total)]))))
    elif mistake < 0.6:
        rolls = [roll[::-1] for roll in rolls]
    elif mistake < 0.68 and total > 2:
        del rolls[rng.randrange(1, total)]
    elif mistake < 0.76 and total > 1:
        at = rng.randrange(total)
        rolls.insert(at, list(rolls[at]))
    elif mistake < 0.84 and "first" in type(request).model_fields:
        rolls = rolls_of(game | {"first": rng.randint(1, 4)})
    elif mistake < 0.9:
        rolls = rolls_of(game | {field: rng.randbytes(32).hex()})
    seals = [
        hashlib.sha256(key).hexdigest(),
        hashlib.sha256(rng.randbytes(32)).hexdigest(),
        key.hex(),
        hashlib.sha256(key.hex().encode()).hexdigest(),
        None,
    ]
    seal = rng.choices(seals, weights=[35, 40, 5, 5, 15])[0]
    if seal is not None:
        game[request.SEAL_FIELD] = seal
    if not daily:
        game["count"] = rng.choices(
            [rng.randint(1, max(1, total - 1)), total + rng.randint(1, 3), len(rolls) or 1], weights=[2, 1, 7]
        )[0]
    return game | {"recorded": rolls}


def test_every_findings_code_says_what_its_words_and_flags_say_over_random_games_and_mistakes() -> None:
    # Review: a finding's code is what the JSON, and the audit's "likely" causes, carry alone: seal_from_other_game
    # kept its code where its words said too few fit to tell whether the seal or the secret is another game's
    rng = random.Random(13)
    drawn: collections.Counter[str] = collections.Counter()
    wrong: list[tuple[dict[str, Any], list[str]]] = []
    for _ in range(1200):
        # Given a game drawn with a mistake drawn
        game = _drawn(rng)
        verdict = check(game)
        drawn[game["scheme"]] += 1
        drawn.update(found.cause for found in verdict.diagnosis or [])
        # Then every finding's code and flags say what its words say
        said = _words_against_code(verdict)
        if said:
            wrong.append((game, said))
    assert not wrong, wrong[:3]
    # and every scheme was drawn, and every finding of the seal, the secret and other games' rolls written
    assert all(drawn[scheme] > 100 for scheme in GAMES_DRAWN), drawn
    for cause in ("seal_from_other_game", "too_few_rolls_fit", "secret_from_other_game", "rolls_from_other_game"):
        assert drawn[cause] > 10, drawn


@pytest.mark.parametrize("commitment", [False, True], ids=["no commitment given", "the archive's given"])
def test_what_secret_from_other_game_means_of_a_day_read_against_the_archive_holds_whether_or_not_a_commitment_is_given(
    commitment: bool,
) -> None:
    # Review: its meaning said of daily, "beside a commitment given", that no more rolls fit the secret than another
    # day's might, where a day read against the archive with a commitment given is said another day's or copied wrong
    # whatever the rolls, its roll fitting
    archive = OneDay(RevealedDay(bytes.fromhex(KEY), SEAL, "archive 2026-10-28", ARCHIVED, True, True))
    # Given another day's secret, its roll, and the archive's commitment or none
    day = {name: value for name, value in DAILY.items() if name != "commitment"} | {"secret": OTHER_KEY}
    request = day | {"recorded": rolls_of(day)} | ({"commitment": SEAL} if commitment else {})
    (found,) = verify(parse_request(request), day_secrets=archive).diagnosis or []
    # Then the roll fits, and the secret is said another day's or copied wrong, as the archive's clause of the meaning
    # says of it whether or not a commitment is given
    assert (found.cause, found.explains) == ("secret_from_other_game", "1 of 1 roll")
    assert "the day secret given is not this day's, most likely another day's or copied wrong" in found.detail
    meaning = CAUSE_MEANINGS["secret_from_other_game"]
    assert (
        "so the secret given is another day's or copied wrong, whatever the rolls and whether or not a commitment"
        " is given" in meaning
    )
    # and the clause of no more rolls fitting than another day's might is said only of a day with no archive read
    assert "and daily with no archive read, none of the mistakes tried" in meaning
    assert "beside a commitment given" not in meaning
    alone = verify(parse_request(day | {"commitment": SEAL, "recorded": rolls_of(DAILY)}))
    (unread,) = alone.diagnosis or []
    assert unread.cause == "secret_from_other_game"
    assert "the day secret is most likely from another day than both" in unread.detail


def test_what_each_other_game_cause_means_names_whose_its_findings_say_the_seal_the_secret_or_the_rolls_are() -> None:
    # Review: the causes' meanings, in the API's document and the audit report, said "another game's" of every scheme,
    # where a day's findings say another day's commitment or secret, and another player's or another day's roll
    rng = random.Random(62)
    seen: set[tuple[str, str]] = set()
    for _ in range(400):
        # Given a game drawn with a mistake drawn
        verdict = check(_drawn(rng))
        room = schemes.get(verdict.scheme)
        # whose, other than this game's, the room's findings say each is, as the page heads them
        of_game = f"{room.words.other_game}'s"
        of_rolls = " or ".join(f"{whose}'s" for whose in room.words.other_rolls.split(" or "))
        said = {"seal_from_other_game": of_game, "secret_from_other_game": of_game, "rolls_from_other_game": of_rolls}
        for found in verdict.diagnosis or []:
            if found.cause in said:
                # Then what its code means says so too
                assert said[found.cause] in CAUSE_MEANINGS[found.cause], (verdict.scheme, found.cause)
                seen.add((verdict.scheme, found.cause))
    # and a day's findings of each were drawn
    daily = {("daily", cause) for cause in ("seal_from_other_game", "secret_from_other_game", "rolls_from_other_game")}
    assert daily <= seen, sorted(daily - seen)


@pytest.mark.parametrize(
    ("game", "total", "changed", "count"),
    [
        # the seal's finding: 2 of 2 rolls of two dice, 1 of 1 three-dice ply, every one fitting, the seal another's
        (PAIR36, 2, [], 2),
        (THREE, 1, [], 1),
        # the rolls' finding: 3 of 5, 2 no mistake tried explains
        (PAIR36, 5, [1, 3], None),
    ],
    ids=["seal-2-of-2", "seal-1-ply", "rolls-3-of-5"],
)
def test_what_too_few_rolls_fit_means_of_every_finding_of_it_holds_where_every_roll_fits_too(
    game: dict[str, Any], total: int, changed: list[int], count: int | None
) -> None:
    # Review: its meaning began "some recorded rolls fit the secret, ... too few to tell another game's rolls from this
    # game's shown with other dice", said of every finding of it, where the seal's finding of it may fit every roll
    # and say nothing of the rolls being another game's: too few fit to tell whether the seal or the secret is
    # Given a game's rolls, all or some fitting its secret, as many as another game's would by luck rarer than
    # OTHER_GAME_CHANCE, sent with another game's seal
    request = parse_request(game)
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    fields = {request.SEAL_FIELD: other, "recorded": miscopied(rolls_of(game | {"count": total}), changed)}
    found = finding(check(game | fields | ({"count": count} if count else {})), "too_few_rolls_fit")
    assert found.tally is not None
    # Then what the code means of every finding of it, before the uses it names ("where ..."), holds of this one
    meaning = CAUSE_MEANINGS["too_few_rolls_fit"]
    every = meaning.split(": where", 1)[0]
    assert "some or all of them" in every
    assert "another game's rolls" not in every
    # and the finding is one of those it speaks of: every roll fitting, or some; rolls of another game said only where
    # no mistake tried explains them, as its words say
    assert (found.tally.fit == found.tally.of) == (not changed)
    assert ("none of the mistakes tried" in found.detail) == bool(changed)
    assert "where none of the mistakes tried explains the rolls, too few to tell another game's rolls" in meaning


ARCHIVED = dt.datetime(2026, 10, 28, 0, 0, 3, tzinfo=dt.UTC)


def _mistaken_otherwise(rng: random.Random) -> tuple[dict[str, Any], OneDay | None]:
    """A game drawn as `_drawn` draws one, sent with one of the mistakes it does not make, its scheme's: the seats in
    the other order, a space copied at a text's end, another game of the match, a take-back line, the day before or
    after, a day's roll cut inside its last face, the secret and its seal swapped, the secret pasted twice, or a day
    whose archive revealed a secret it had not committed to (that secret, none or the one it committed to given), or
    published the seal of a secret other than the one given; some with a roll copied wrong too, and with the secret's
    own seal, another game's or none. With the archive of the day read, where one is (`OneDay`)."""
    game = dict(rng.choice(list(GAMES_DRAWN.values())))
    request = parse_request(game)
    field, seal_field, key = request.REVEALED_FIELD, request.SEAL_FIELD, rng.randbytes(32)
    game[field] = key.hex()
    scheme = game["scheme"]
    if scheme != "daily":
        game["count"] = rng.choice([2, 3, 4, 6, 10, 20])
    mistakes = {
        "pair36": ["seat_order", "pasted", "swapped"],
        "narde-v1": ["spaces", "swapped"],
        "bg-dice-v1": ["take_back", "swapped"],
        "bg-online-v1": ["match_game", "seat_order", "pasted", "swapped"],
        "three-dice": ["seat_order", "spaces", "pasted", "swapped"],
        "daily": ["date_shifted", "cut", "not_committed", "archive_other", "swapped"],
    }[scheme]
    mistake = rng.choice(mistakes)
    real, sent = dict(game), dict(game)
    if mistake == "seat_order":
        seats = sent["client_seeds"] if scheme == "pair36" else sent.get("app_numbers")
        if scheme == "three-dice":
            sent["client_seeds"] = {"white": game["client_seeds"]["black"], "black": game["client_seeds"]["white"]}
        elif scheme == "pair36":
            sent["client_seeds"] = list(reversed(seats))
        else:
            sent["app_numbers"] = list(reversed(seats))
    elif mistake == "spaces":
        space = rng.choice([" ", "\u00a0", "\u200b"])
        if scheme == "narde-v1":
            sent["phrase"] = rng.choice([game["phrase"] + space, space + game["phrase"]])
        else:
            sent["client_seeds"] = game["client_seeds"] | {"black": game["client_seeds"]["black"] + space}
    elif mistake == "match_game":
        real["game"] = rng.randint(2, 3)
    elif mistake == "take_back":
        real["line"] = rng.randint(1, 2)
    elif mistake == "date_shifted" or (mistake == "not_committed" and rng.random() < 0.3):
        # The local date's roll; beside an archive's secret it had not committed to, a roll that fits no secret given
        real["date"] = rng.choice(["2026-10-27", "2026-10-29"])
    rolls = rolls_of(real)
    if mistake == "cut":
        # A chat cuts the link inside the last face, of two digits; or that face is copied as a digit it does not start
        # with, which no cut explains
        last = str(rolls[0][-1])
        if len(last) > 1:
            rolls[0][-1] = (
                int(last[0]) if rng.random() < 0.6 else rng.choice([d for d in range(1, 10) if d != int(last[0])])
            )
    elif scheme != "daily" and rng.random() < 0.2:
        rolls = miscopied(rolls, rng.sample(range(len(rolls)), 1))
    sealed, other = hashlib.sha256(key).hexdigest(), hashlib.sha256(rng.randbytes(32)).hexdigest()
    seal = rng.choices([sealed, other, None], [6, 2, 2])[0]
    if mistake == "swapped":
        sent[field], seal = sealed, key.hex()
    elif mistake == "pasted":
        sent[field] = rng.choice([key.hex() + key.hex(), f"{key.hex()} {key.hex().upper()}"])
        seal = rng.choice([sealed, None])
    archive = None
    if mistake in ("not_committed", "archive_other"):
        # The archive's day: the secret it revealed and the commitment it published, which that secret does not give,
        # or does, beside another secret given
        committed = mistake == "archive_other"
        committed_to = key if committed else rng.randbytes(32)
        commitment = hashlib.sha256(committed_to).hexdigest()
        found = RevealedDay(key, commitment, "archive 2026-10-28", ARCHIVED, True, True, committed=committed)
        archive, seal = OneDay(found), None
        if committed:
            sent[field] = rng.randbytes(32).hex()
        elif (given := rng.random()) < 0.5:
            del sent[field]
        elif given < 0.75:
            # The secret it committed to given, beside the one it revealed, whose roll is recorded (or another day's)
            sent[field] = committed_to.hex()
    if seal is not None:
        sent[seal_field] = seal
    return sent | {"recorded": rolls}, archive


_FIXES: frozenset[str] = frozenset(
    {
        "numbering_shifted",
        "seat_order",
        "opening_roll",
        "match_game",
        "take_back_line",
        "dice_order",
        "spaces_at_ends",
        "date_shifted",
        "secret_and_seal_swapped",
        "secret_pasted_twice",
    }
)


def _claims_unmet(game: dict[str, Any], verdict: Verdict, archive: OneDay | None = None) -> list[str]:
    """What the codes a mistake's finding carries claim that its request does not bear out: a fix that, applied,
    leaves the rolls it says it explains unmatched (or the seal, of the seal's mistakes); a roll cut short that is not
    the last recorded alone, cut inside its last face; a secret not committed to where the archive committed to it, or,
    of rolls it counts, where they are not the ones the secret the archive revealed gives, beside the one it committed
    to given (`archive`: the day's, where one is read)."""
    wrong = []
    for found in verdict.diagnosis or []:
        cause, tally = found.cause, found.tally
        if cause in _FIXES and found.try_ is not None:
            fixed = check(apply(game, found.try_))
            if tally is not None and tally.fit == tally.of and fixed.checks.rolls == "mismatch":
                wrong.append(f"{cause}: its fix leaves the rolls it explains unmatched")
            if cause in ("secret_and_seal_swapped", "secret_pasted_twice") and fixed.checks.seal == "mismatch":
                wrong.append(f"{cause}: its fix leaves the seal unmatched")
        if cause in _FIXES and found.try_ is None and "not offered as a fix" not in found.detail:
            wrong.append(f"{cause}: no fix, unsaid")
        if cause == "roll_cut_short":
            differ = [report for report in verdict.rolls if report["matches"] is False]
            cut = differ[-1:] == verdict.rolls[-1:] and len(differ) == 1
            shown, computed = (str(differ[-1]["recorded"][-1]), str(differ[-1]["dice"][-1])) if cut else ("", "")
            if not (cut and len(shown) < len(computed) and computed.startswith(shown)):
                wrong.append("roll_cut_short: no roll cut inside its last face")
        if cause == "secret_not_committed":
            # Or, where the commitment is the secret itself, the reason says the archive published it as its commitment
            not_committed = any(
                "a secret it had not committed to" in reason or "published the day secret as its commitment" in reason
                for reason in verdict.reasons
            )
            if not (not_committed and verdict.seal.published_at is not None):
                wrong.append("secret_not_committed: the archive committed to it, or published no seal")
            if found.explains != "the seal" and not _rolled_from_the_archives(game, verdict, found, archive):
                wrong.append("secret_not_committed: the rolls are not the ones the secret the archive revealed gives")
    return wrong


def _rolled_from_the_archives(game: dict[str, Any], verdict: Verdict, found: Finding, archive: OneDay | None) -> bool:
    """Whether a `secret_not_committed` finding that counts rolls counts them all, each the one the secret the archive
    revealed gives (or the last cut short inside its last face, where it says so), beside the secret it committed to
    given: the seal matches it, or is over its hex text; or, where it says the secret given is neither, beside a secret
    that is neither."""
    if archive is None or found.tally is None or found.tally.fit != found.tally.of:
        return False
    field = parse_request(game).REVEALED_FIELD
    revealed = verify(parse_request({k: v for k, v in game.items() if k != field}), day_secrets=archive)
    causes = [f.cause for f in verdict.diagnosis or []]
    cut = "in every face but the last" in found.detail
    rolled = (revealed.checks.rolls == "match") != cut and (
        not cut or [f.cause for f in revealed.diagnosis or []][-1:] == ["roll_cut_short"]
    )
    if "given is neither that one nor the one committed to" in found.detail:
        not_revealed = any(reason.startswith("the day secret given is not the one") for reason in verdict.reasons)
        return rolled and verdict.checks.seal == "mismatch" and not_revealed and "seal_of_hex_text" not in causes
    return rolled and (verdict.checks.seal == "match" or "seal_of_hex_text" in causes)


def test_every_findings_code_says_what_its_words_say_over_mistakes_of_each_schemes_own_fields() -> None:
    # Review: the draw of 1,200 games never reached match_game, take_back_line, seat_order, spaces_at_ends,
    # date_shifted, secret_and_seal_swapped, secret_pasted_twice, roll_cut_short or secret_not_committed: their codes
    # were held to nothing
    rng = random.Random(61)
    drawn: collections.Counter[str] = collections.Counter()
    wrong: list[tuple[dict[str, Any], list[str]]] = []
    rolled = 0
    for _ in range(480):
        # Given a game drawn with one of its scheme's own mistakes, and the day's archive where one is read
        game, archive = _mistaken_otherwise(rng)
        verdict = verify(parse_request(game), day_secrets=archive) if archive else check(game)
        drawn.update(found.cause for found in verdict.diagnosis or [])
        # (a day's roll rolled from the secret the archive revealed, beside the one it committed to given)
        rolled += sum(f.cause == "secret_not_committed" and f.tally is not None for f in verdict.diagnosis or [])
        # Then every finding's code and flags say what its words say, and what its code claims the request bears out
        said = _words_against_code(verdict) + _claims_unmet(game, verdict, archive)
        if said:
            wrong.append((game, said))
    assert not wrong, wrong[:3]
    # and each of those codes was written, and held
    for cause in [*_FIXES - {"numbering_shifted", "opening_roll", "dice_order"}, "roll_cut_short"]:
        assert drawn[cause] >= 3, (cause, drawn)
    assert drawn["secret_not_committed"] >= 3, drawn
    assert rolled >= 3, rolled


def _tail(least: int, of: int, one_in: int) -> float:
    """The chance of `least` or more of `of` trials succeeding, each one time in `one_in`, as the sum says it."""
    return float(sum(math.comb(of, k) * (one_in - 1) ** (of - k) for k in range(least, of + 1)) / one_in**of)


def test_the_chance_of_as_many_rolls_fitting_is_the_whole_sum_each_term_computed_from_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The chance the diagnosis weighs rolls by is the binomial tail, exactly, for any number of dice and rolls
    for one_in, of in itertools.product((1, 2, 36, 216, 1296), range(13)):
        for least in range(of + 2):
            assert chance_of_at_least(least, of, one_in) == _tail(least, of, one_in), (least, of, one_in)
    expected = _tail(60, 2_000, 36)
    # Review: each of its terms was a binomial and a power computed afresh, 9,901 of them for 100 or more of 10,000
    # rolls, which a game of 10,000 rolls under its own seal, few of them fitting, was weighed by in 25 s. Each term is
    # now the next one's times a whole number: no binomial is computed at all
    binomials: list[tuple[int, int]] = []
    comb = math.comb
    monkeypatch.setattr(math, "comb", lambda n, k: binomials.append((n, k)) or comb(n, k))
    assert chance_of_at_least(60, 2_000, 36) == expected
    assert binomials == []


@pytest.mark.parametrize("total", [230, 600], ids=["37 of 230", "407 of 600"])
@pytest.mark.parametrize("sealed", [True, False], ids=["own seal", "no seal"])
def test_rolls_past_the_first_ones_a_hypothesis_reads_are_weighed_as_the_finding_counts_them(
    total: int, sealed: bool
) -> None:
    # Given a game of `total` rolls whose first MAX_COMPARED are recorded from another game, the rest its own
    real = rolls_of(PAIR36 | {"count": total})
    other = rolls_of(PAIR36 | {"count": total, "server_seed": OTHER_KEY, "seal": None})
    recorded = other[:MAX_COMPARED] + real[MAX_COMPARED:]
    request = (
        PAIR36 | {"recorded": recorded}
        if sealed
        else {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "recorded": recorded}
    )
    # When it is checked (review: weighed on the first 200 alone, as 7 of 200, the rolls went on to a finding that
    # counted every one compared: "too few fit to tell" beside odds of 1 time in about 91,508,979,929,784,528, and of
    # 600, odds below the smallest float, ZeroDivisionError: the API's 500)
    (found,) = check(request).diagnosis or []
    fit = sum(a == b for a, b in zip(real, recorded, strict=True))
    # Then they are this secret's but those that differ, as many fit as another game's would fit by no luck
    assert (found.cause, found.explains) == ("few_rolls_differ", f"{fit} of {total} rolls")
    assert f"the other {fit} fit this server seed, far more than another game's rolls would" in found.detail


def _lines_run(least: int, of: int, one_in: int) -> int:
    """How many lines of `chance_of_at_least` run to weigh `least` of `of` (about two a term summed): counted, not
    timed."""
    lines = 0

    def counting(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines
        if frame.f_code is chance_of_at_least.__code__:
            lines += event == "line"
            return counting
        return None

    tracing = sys.gettrace()  # a coverage run's or a debugger's, given back
    sys.settrace(counting)
    try:
        chance_of_at_least(least, of, one_in)
    finally:
        sys.settrace(tracing)
    return lines


def test_the_chance_of_as_few_rolls_fitting_as_another_games_would_sums_the_few_terms_below_them() -> None:
    # Review: 254 of 10,000 rolls fitting, as many as another game's would, were weighed by summing the 9,747 terms of
    # 254 fitting or more, twice in a diagnosis (0.24 s of its 0.26): the 254 terms below are summed and taken from the
    # whole, the same whole number
    assert chance_of_at_least(60, 2_000, 36) == _tail(60, 2_000, 36)
    assert chance_of_at_least(0, 2_000, 36) == _tail(0, 2_000, 36) == 1.0
    assert _lines_run(60, 2_000, 36) < 4 * 60
    # and none of them fitting sums none: every term is the whole (review: 10,000 rolls none of which fit, as a request
    # at the caps sends them, summed all 10,001, 0.13 s of a diagnosis of 0.13)
    assert _lines_run(0, 2_000, 36) < 10


@pytest.mark.parametrize("line", [3, 5], ids=["a reading offered", "a line not tried"])
@pytest.mark.parametrize("sealed", [True, False], ids=["own lock", "no lock"])
def test_rolls_too_few_of_which_fit_are_said_not_the_committed_dice_only_if_the_settings_given_are_the_games(
    sealed: bool, line: int
) -> None:
    # Given a real game of 4 rolls on take-back line 3 or 5, sent as a game with no take-back: 2 of its rolls fit as
    # given (about 1 time in 224 by luck); line 3, which the diagnosis tries, reads every one, too few of them to name
    # it, and line 5 it does not try (TRIED_LINES)
    key = "11" if line == 3 else "33"
    key *= 32
    lock = hashlib.sha256(bytes.fromhex(key)).hexdigest()
    game = {"scheme": "bg-dice-v1", "key": key} | ({"lock": lock} if sealed else {})
    (found,) = check(game | {"recorded": rolls_of(game | {"line": line, "count": 4})}).diagnosis or []
    assert (found.cause, found.explains) == ("too_few_rolls_fit", "2 of 4 rolls")
    if line == 3:
        assert "Every roll fits another reading: the rolls fit take-back line 3" in found.detail
        assert "if the game was so, the rolls are this key's. If not, none of the other mistakes tried" in found.detail
    # Then the dice shown are said not to be the committed ones only if the settings given are the game's (review: said
    # of this real game whatever it was, "if they were copied correctly from this game, the dice shown were not the
    # committed ones: keep the key and report it")
    conditions = (
        "the settings given are the game's and" if sealed else "the lock fits, the settings given are the game's and"
    )
    assert found.detail.endswith(
        f"; if {conditions} they were copied correctly from this game, the dice shown were not the committed ones:"
        " keep the key and report it"
    )


@pytest.mark.parametrize("sealed", [True, False], ids=["own lock", "no lock"])
def test_rolls_that_fit_beyond_chance_with_more_than_a_few_differing_show_the_secret_not_the_settings(
    sealed: bool,
) -> None:
    # Given a real Practice game of 30 rolls: turns 1 to 10, then a take-back to turn 7 and turns 7 to 26 on line 1,
    # sent as a game with no take-back (its labels left out): its first 10 rolls fit as given, the 20 after them not
    key = "44" * 32
    lock = hashlib.sha256(bytes.fromhex(key)).hexdigest()
    labels = [f"bg-dice-v1:turn:{t}" for t in range(1, 11)] + [f"bg-dice-v1:turn:{t}:line:1" for t in range(7, 27)]
    game = {"scheme": "bg-dice-v1", "key": key} | ({"lock": lock} if sealed else {})
    (found,) = (
        check(game | {"recorded": rolls_of({"scheme": "bg-dice-v1", "key": key, "labels": labels})}).diagnosis or []
    )
    assert (found.cause, found.explains) == ("few_rolls_differ", "10 of 30 rolls")
    # Then the 10 that fit, far more than another game's would, show the key, and the dice shown are said not to be the
    # committed ones only if the settings given are the game's (review: "so the key and the settings are right ... if
    # they were copied correctly, the dice shown were not the committed ones: keep the key and report it" of this game)
    assert "the other 10 fit this key, far more than another game's rolls would, so the key is right." in found.detail
    assert "settings are right" not in found.detail
    assert found.detail.endswith(
        "Check those rolls against the game's own roll list; if the settings given are the game's and they were copied"
        " correctly, the dice shown were not the committed ones: keep the key and report it"
    )


@pytest.mark.parametrize("chance", [0.0, 1e-300, CHANCE / 2], ids=["underflow", "1 in 10^300", "below CHANCE"])
def test_the_odds_of_too_few_rolls_fitting_are_said_safely_whatever_chance_reaches_them(chance: float) -> None:
    # Given 600 rolls of a pair36 game, every one fitting its server seed: as many fit another game's rolls by a chance
    # too small for a float (0.0), which its callers send to few_rolls_differ elsewhere (`_beyond_chance`)
    game = PAIR36 | {"count": 600}
    request = parse_request(game | {"recorded": rolls_of(game)})
    case = Case.of(schemes.of(request), request, bytes.fromhex(KEY))
    assert chance_of_at_least(600, 600, 36) == 0.0
    # When the words of too few rolls fitting are written with such a chance
    found = _too_few_fit(case, Tally(600, 600), chance, " and", "none of the mistakes tried", sealed=True)
    # Then they say the odds as less than CHANCE gives, where 0.0 raised ZeroDivisionError and a chance of 1e-300 said
    # "1 time in about" a number of 301 digits; "less often than", where they said "would fit as many less than 1 time
    # in 10,000", which reads as fewer rolls
    assert "(another game's rolls would fit as many or more less often than 1 time in 10,000)" in found.detail
    assert "less than" not in found.detail
    assert "1 time in about" not in found.detail
    assert _one_time_in(chance) == "less often than 1 time in 10,000"
    # and the odds of the band are said as before
    assert _one_time_in(chance_of_at_least(3, 5, 36)) == "1 time in about 4,866"


@pytest.mark.parametrize(
    ("total", "fit", "band"),
    [
        # 4 of 6 fit, below CHANCE: the seal alone is blamed
        (6, 4, "alone"),
        # 3 of 5 (about 1 in 4,866) and 2 of 5 (about 1 in 137): above CHANCE, below OTHER_GAME_CHANCE
        (5, 3, "too_few"),
        (5, 2, "too_few"),
        # 2 of 6 (about 1 in 93): luck that ordinary explains them
        (6, 2, "might"),
    ],
    ids=["4 of 6", "3 of 5", "2 of 5", "2 of 6"],
)
@pytest.mark.parametrize("game", [PAIR36, NARDE], ids=["pair36", "narde-v1"])
def test_a_seal_of_another_game_beside_rolls_too_few_of_which_fit_to_tell_says_so_with_the_odds(
    game: dict[str, Any], total: int, fit: int, band: str
) -> None:
    # Review: beside another game's seal, 3 of 5 recorded rolls fitting the secret (1 in 4,866) was "as another game's
    # rolls might: the seal, the server seed or both are most likely another game's". The bars are those of
    # `secret_from_other_game` and `too_few_rolls_fit`: CHANCE and OTHER_GAME_CHANCE
    assert chance_of_at_least(4, 6, 36) < CHANCE <= chance_of_at_least(3, 5, 36)
    assert chance_of_at_least(2, 5, 36) < OTHER_GAME_CHANCE <= chance_of_at_least(2, 6, 36)
    words = schemes.of(parse_request(game)).words
    seal, secret = words.seal, words.secret
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    # Given a game's first `fit` rolls, sent with a count of `fit` and another game's seal, and rolls past the count
    # recorded with other dice
    recorded = miscopied(rolls_of(game | {"count": total}), range(fit, total))
    verdict = check(game | {parse_request(game).SEAL_FIELD: other, "count": fit, "recorded": recorded})
    # where too few fit to tell, the code says so as its words do: too_few_rolls_fit (changed deliberately from
    # seal_from_other_game, which told a program reading the code alone that the seal is another game's)
    found = finding(verdict, "too_few_rolls_fit" if band == "too_few" else "seal_from_other_game")
    assert found.explains == f"{fit} of {total} rolls"
    some = f"{fit} of the {total} recorded rolls fit this {secret}"
    if band == "alone":
        # Then, beyond chance, the seal alone, as before
        assert f"; {some}, far more than another game's rolls would, so the {seal} is most likely" in found.detail
        assert found.seal_alone
        assert not found.too_few_to_tell
        return
    assert not found.seal_alone
    # and the page is told whether its words say too few fit to tell, as they were written (`Finding.too_few_to_tell`)
    assert found.too_few_to_tell == (band == "too_few")
    if band == "might":
        # Then, where luck that ordinary explains them, the seal, the secret or both, as before
        # (whose in the room's words: a pair36 seal covers a match, so another match's, to copy from the same match:
        # changed deliberately from "another game's" and "the same game" for every room)
        assert (
            f"; only {some}, as another game's rolls might: the {seal}, the {secret} or both are most likely"
            f" {words.other_game}'s: {words.copy_both()}:" in found.detail
        )
        return
    # Then, where it is rarer, too few fit to tell which of the seal and the secret is another game's, with the odds,
    # never "most likely" nor "might"
    odds = f"{round(1 / chance_of_at_least(fit, total, 36)):,}"
    assert (
        f"; only {some}: too few fit to tell whether the {seal} is {words.other_game}'s or the {secret} is (another"
        f" game's rolls would fit as many or more 1 time in about {odds}). Copy both again from the game; if both were"
        f" copied correctly from this game, the {secret} is not the one it committed to: keep both and report it."
    ) in found.detail
    assert "most likely" not in found.detail
    assert "might" not in found.detail


@pytest.mark.parametrize("game", [PAIR36, NARDE, BOT, ONLINE, THREE], ids=lambda game: game["scheme"])
def test_a_seals_finding_carries_in_its_code_what_its_words_say_on_both_sides_of_each_bar(game: dict[str, Any]) -> None:
    # Review: between CHANCE and OTHER_GAME_CHANCE the seal's finding said too few fit to tell whether the seal or the
    # secret is another game's, yet kept the code seal_from_other_game, and the JSON carries the code alone (the
    # audit's "likely" causes): a program reading it took the claim the words withhold
    request = parse_request(game)
    words = schemes.of(request).words
    sides = math.prod(request.SIDES)
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    reached = set()
    for total in range(1, 7):
        for fit in range(1, total + 1):
            # Given a game's first `fit` rolls, sent with a count of `fit` and another game's seal, and the rolls past
            # the count recorded with other dice
            recorded = miscopied(rolls_of(game | {"count": total}), range(fit, total))
            verdict = check(game | {request.SEAL_FIELD: other, "count": fit, "recorded": recorded})
            causes = [f["cause"] for f in verdict.model_dump(mode="json")["diagnosis"] or []]
            chance = chance_of_at_least(fit, total, sides)
            if CHANCE <= chance < OTHER_GAME_CHANCE:
                reached.add("too few")
                # Then, in the band, the code is too_few_rolls_fit, as its words say, in the JSON too
                assert "too_few_rolls_fit" in causes, (fit, total, causes)
                assert "seal_from_other_game" not in causes, (fit, total, causes)
                found = finding(verdict, "too_few_rolls_fit")
                assert found.too_few_to_tell
                # whose other than this game's in the room's words: a match's for pair36 and bg-online-v1, whose
                # seal covers a whole match (changed deliberately from "another game's" for every room)
                assert (
                    f"too few fit to tell whether the {words.seal} is {words.other_game}'s or the {words.secret} is"
                    in found.detail
                )
                assert "most likely" not in found.detail
                continue
            # and on either side of it seal_from_other_game, which blames the seal alone below CHANCE
            reached.add("alone" if chance < CHANCE else "either")
            assert "too_few_rolls_fit" not in causes, (fit, total, causes)
            found = finding(verdict, "seal_from_other_game")
            assert (found.seal_alone, found.too_few_to_tell) == (chance < CHANCE, False)
            assert "too few fit to tell" not in found.detail
            assert f"most likely {words.other_game}'s" in found.detail
    # and every side of each bar was reached in this scheme
    assert reached == {"alone", "too few", "either"}


def test_a_days_roll_that_fits_neither_the_secret_given_nor_the_archives_commitment_blames_the_secret_given() -> None:
    # Given a day's secret other than the one the daily archive committed to, and a recorded roll that fits neither: a
    # daily request records one roll, which another secret's fits 1 time in 460,800, so as many fit as another game's
    # would never falls between CHANCE and OTHER_GAME_CHANCE: 0 of 1 fits by luck always, 1 of 1 below CHANCE
    assert chance_of_at_least(1, 1, math.prod(parse_request(DAILY).SIDES)) < CHANCE
    archive = OneDay(
        RevealedDay(
            secret=bytes.fromhex(KEY),
            commitment=SEAL,
            source="archive 2026-10-28",
            published_at=dt.datetime(2026, 10, 28, 0, 0, 3, tzinfo=dt.UTC),
            in_time=True,
            witnessed=True,
        )
    )
    day = {name: value for name, value in DAILY.items() if name != "commitment"}
    verdict = verify(parse_request(day | {"secret": OTHER_KEY, "recorded": [[1, 1, 1, 1, 1, 1]]}), day_secrets=archive)
    (found,) = verdict.diagnosis or []
    # Then the commitment is said to be the archive's, and the secret given not this day's, as where the roll fits,
    # where it said "the day secret is most likely from another game than both; copy it again from the game" of a
    # commitment no one copies from a game
    assert (found.cause, found.explains) == ("secret_from_other_game", "0 of 1 roll")
    assert found.detail.startswith("the commitment is the one the archive published (daily archive ")
    assert "the day secret given is not this day's, most likely another day's or copied wrong" in found.detail
    assert "game" not in found.detail


def test_an_authoritys_secret_it_had_not_committed_to_names_no_source_where_none_is_known() -> None:
    # Given a pair36 request whose seal the server seed does not give, and no source known of the seal or the secret
    other = hashlib.sha256(bytes.fromhex(OTHER_KEY)).hexdigest()
    request = parse_request(PAIR36 | {"seal": other})
    verdict = check(PAIR36 | {"seal": other})
    assert verdict.source is None

    # When the diagnosis is told the secret is the authority's own, with no seal_source
    (found,) = diagnose(request, bytes.fromhex(KEY), verdict, source_uncommitted=True)

    # Then its words name no source rather than "(None)" (review: "the seal the archive published for the day (None)")
    assert found.cause == "secret_not_committed"
    assert "None" not in found.detail, found.detail
    assert "()" not in found.detail, found.detail
