"""fairdice.schemes.bg_dice (seed 001, a game against a bot): the document's examples verified, a game's labels
(opening roll-offs, turns, take-back lines) and its rolls against seed 001's own code, and the labels a request may
list."""

from collections.abc import Sequence

import pytest
from fairdice.dice import Mac, Rolls, keyed_mac
from fairdice.schemes import bg_dice, labelled, parse_request
from fairdice.schemes.base import Case
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from testkit.oracles import seed_001
from unit.common import FINGERPRINT, KEY, problems
from unit.strategies import SETTINGS, bg_narde_keys


def test_bg_dice_v1_game_with_the_documents_key_is_fair_and_the_bot_wins_the_opening() -> None:
    # Given the document's key, its lock and the rolls it names (opening 4-6, then turn 2's 1-3)
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "recorded": "4-6 1-3"})

    # When the game is verified
    verdict = verify(request)

    # Then both checks match, and the bot (second die, 6 > 4) won the opening roll
    assert verdict.verdict == "fair"
    assert [r["message"] for r in verdict.rolls] == ["bg-dice-v1:opening:0:0", "bg-dice-v1:turn:2:0"]
    assert verdict.rolls[0]["winner"] == "bot"


def test_bg_dice_v1_documents_three_rolls_are_two_games_by_explicit_labels() -> None:
    # Seed 001's test lists opening:0 (4-6), turn:1 (5-4 "would be") and turn:2 (1-3): no single game rolls all
    # three, since the opening's winner plays it as turn 1. A first game: the opening, then turn 2.
    first = ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"]
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "labels": first})
    assert verify(request.model_copy(update={"recorded": [[4, 6], [1, 3]]})).verdict == "fair"
    # A later game of a match with this key: turn 1, then turn 2.
    later = ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"]
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "labels": later})
    assert verify(request.model_copy(update={"recorded": [[5, 4], [1, 3]]})).verdict == "fair"
    # The document's three labels in one list are not a piece of any game.
    with pytest.raises(ValidationError, match="turn:1 cannot follow bg-dice-v1:opening:0"):
        parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": [*first[:1], *later]})


@SETTINGS
@given(key=bg_narde_keys, count=st.integers(1, 12))
def test_bg_dice_v1_game_labels_are_opening_k_until_no_tie_then_turn_2_onwards(key: bytes, count: int) -> None:
    rolls = list(bg_dice.bot_rolls(keyed_mac(key), opening=True, first_turn=None, line=0, count=count))
    labels = [r.label for r in rolls]
    ties = 0
    while ties < len(rolls) and rolls[ties].winner == "tie":
        ties += 1
    expected = [f"bg-dice-v1:opening:{k}" for k in range(min(ties + 1, count))]
    expected += [f"bg-dice-v1:turn:{t}" for t in range(2, 2 + count - len(expected))]
    assert labels == expected
    assert [r.message for r in rolls] == [f"{label}:0" for label in expected]
    assert [r.number for r in rolls] == list(range(1, count + 1))


@SETTINGS
@given(key=bg_narde_keys, count=st.integers(1, 6), line=st.integers(1, 99), first_turn=st.integers(1, 99))
def test_bg_dice_v1_take_back_lines_and_later_games_have_no_opening(
    key: bytes, count: int, line: int, first_turn: int
) -> None:
    later = list(bg_dice.bot_rolls(keyed_mac(key), opening=False, first_turn=None, line=0, count=count))
    assert [r.label for r in later] == [f"bg-dice-v1:turn:{t}" for t in range(1, count + 1)]
    practice = list(bg_dice.bot_rolls(keyed_mac(key), opening=False, first_turn=first_turn, line=line, count=count))
    assert [r.label for r in practice] == [
        f"bg-dice-v1:turn:{t}:line:{line}" for t in range(first_turn, first_turn + count)
    ]


@SETTINGS
@given(key=st.binary(min_size=32, max_size=32), count=st.integers(1, 30), opening=st.booleans())
def test_bg_dice_v1_game_through_verify_agrees_with_seed_001_snippet(key: bytes, count: int, opening: bool) -> None:
    _, roll = seed_001.snippet(key.hex())
    verdict = verify(parse_request({"scheme": "bg-dice-v1", "key": key.hex(), "opening": opening, "count": count}))
    for report in verdict.rolls:
        assert report["label"] is not None
        assert report["dice"] == roll(report["label"])


def test_bg_labels_list_every_roll_so_other_roll_choices_are_refused() -> None:
    labels = ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"]
    base = {"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": labels}
    assert problems(base | {"first_turn": 2}) == [
        ("labels", "labels list every roll already: leave opening, first_turn and line out")
    ]
    assert problems(base | {"count": 3}) == [("count", "count is 3 but 2 labels were given")]
    assert problems(base | {"labels": ["turn:2"]}) == [
        (
            "labels[0]",
            "a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1, its numbers in"
            " the digits 0-9 without leading zeros",
        )
    ]


@SETTINGS
@given(
    key=bg_narde_keys,
    opening=st.booleans(),
    first_turn=st.none() | st.integers(1, 60),
    line=st.sampled_from([0, 1, 2, 1_000]) | st.integers(0, 1_000),
    count=st.integers(1, 12),
)
def test_every_structured_games_labels_given_as_a_list_get_the_same_rolls_verdict_and_scope(
    key: bytes, opening: bool, first_turn: int | None, line: int, count: int
) -> None:
    # Given a piece of a game asked for by its structure (opening roll-offs, turns, a line), recorded as rolled
    sealed = {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal_of(key)}
    game = sealed | {"opening": opening, "line": line, "count": count}
    game |= {"first_turn": first_turn} if not opening or first_turn == 2 else {}
    rolled = verify(parse_request(game))
    labels, recorded = [r["label"] for r in rolled.rolls], [r["dice"] for r in rolled.rolls]

    # When the same labels are given as a list (a take-back of turn 1's move gives opening:0, then turn:2:line:1)
    listed = verify(parse_request(sealed | {"labels": labels, "recorded": recorded}))

    # Then the list is accepted and rolls the same dice
    assert [r["dice"] for r in listed.rolls] == recorded
    if line and not any(":line:" in label for label in labels):
        return  # only the opening roll-off computed: the list says nothing of the line the request asked for
    # And it gets the same verdict, scope and reasons: rolls on a take-back line are never fair
    asked = verify(parse_request(game | {"recorded": recorded}))
    assert (listed.verdict, listed.checks, listed.scope, listed.reasons) == (
        asked.verdict,
        asked.checks,
        asked.scope,
        asked.reasons,
    )
    # And rolls that end at an opening roll that tied (rolled again after a tie) are an unfinished game, and those
    # alone of the rolls from the game's start (a take-back line is one before)
    last = listed.rolls[-1]
    tied = ":opening:" in last["label"] and last["dice"][0] == last["dice"][1]
    assert (listed.scope.kind == "unfinished") == (not line and tied), (labels, recorded)
    assert listed.verdict == ("incomplete" if line or listed.scope.kind in ("window", "unfinished") else "fair")


def test_turns_computed_from_first_turn_and_count_stay_within_a_game_as_labels_do() -> None:
    base = {"scheme": "bg-dice-v1", "key": KEY.hex(), "opening": False}
    assert problems(base | {"first_turn": 10_000, "count": 10_000}) == [
        ("count", "count 10,000 from turn 10000 runs to turn 19,999: turns run to 10,000 in a game")
    ]
    # the last turn a game reaches, from either start
    assert parse_request(base | {"first_turn": 9_991, "count": 10})
    assert parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "count": 10_000})


@SETTINGS
@given(key=bg_narde_keys, line=st.integers(1, 1000))
def test_a_take_back_line_asked_for_is_never_fair_even_when_only_the_opening_is_computed(key: bytes, line: int) -> None:
    # Given a game's opening roll-off (one roll, more after ties) recorded as rolled, and a take-back line asked for
    mac = keyed_mac(key)
    openings = list(bg_dice.bot_rolls(mac, opening=True, first_turn=None, line=0, count=12))
    roll_off = openings[: next(at for at, roll in enumerate(openings) if roll.winner != "tie") + 1]
    request = {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal_of(key), "recorded": [r.dice for r in roll_off]}

    # When it is verified with the line and without it
    on_a_line, game = verify(parse_request({**request, "line": line})), verify(parse_request(request))

    # Then the same rolls match both ways, but asked for on a line they are at most incomplete, and say why
    assert (game.verdict, game.scope.kind) == ("fair", "game")
    assert (on_a_line.verdict, on_a_line.checks.rolls, on_a_line.scope.kind) == ("incomplete", "match", "take_back")
    assert on_a_line.reasons == [on_a_line.scope.description]
    assert on_a_line.scope.description.startswith(f"rolls asked for on take-back line {line}: ")


@pytest.mark.parametrize(
    ("choice", "said"),
    [
        ({}, [True]),
        ({"opening": True, "first_turn": 2}, [True]),
        ({"opening": False}, [False]),
        ({"opening": False, "line": 1}, [False]),
        ({"labels": ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"]}, [True]),
        ({"labels": ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"]}, [False]),
        ({"labels": ["bg-dice-v1:turn:3"]}, []),  # from mid-game: a window, which no answer makes whole
        ({"labels": ["bg-dice-v1:turn:1:line:1"]}, []),  # a take-back line: at most incomplete whatever the start
    ],
)
def test_whether_the_game_began_with_an_opening_roll_is_shown_for_the_player_to_recognise(
    choice: dict[str, object], said: list[bool]
) -> None:
    # Given the document's key asked for with an opening roll, without one (a later game of a match), or by labels
    request = parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT} | choice)

    # When it is verified
    verdict = verify(request)

    # Then the verdict lists the answer among the inputs that identify the game, after the game; yes or no on the pages
    inputs = verdict.identified_by[1:]
    assert [shown.value for shown in inputs] == said
    assert [shown.text for shown in inputs] == ["yes" if value else "no" for value in said]
    for shown in inputs:
        assert shown.field == "opening"
        assert shown.description == bg_dice.OPENING_DESCRIPTION


@pytest.mark.parametrize(
    ("labels", "agrees", "refused"),
    [
        (
            ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2"],
            True,
            "opening says the game began without an opening roll, but the labels start with bg-dice-v1:opening:0,"
            " its opening roll: leave opening out, the labels say it",
        ),
        (
            ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"],
            False,
            "opening says the game began with an opening roll, but the labels start with bg-dice-v1:turn:1, a later"
            " game of a match's first roll: leave opening out, the labels say it",
        ),
    ],
    ids=["first-game", "later-game"],
)
def test_an_opening_answer_beside_labels_is_taken_where_they_agree_and_refused_where_they_contradict_it(
    labels: list[str], agrees: bool, refused: str
) -> None:
    # Review: opening false beside a later game's labels, which say the same, was refused, while opening true beside
    # them was taken silently, and the verdict said the game began without an opening roll
    base = {"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT, "labels": labels}
    verdict = verify(parse_request(base | {"opening": agrees}))
    assert [shown.value for shown in verdict.identified_by[1:]] == [agrees]
    assert problems(base | {"opening": not agrees}) == [("opening", refused)]


@pytest.mark.parametrize("opening", [True, False])
def test_an_opening_answer_beside_labels_from_mid_game_which_do_not_say_is_taken(opening: bool) -> None:
    request = parse_request(
        {"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": ["bg-dice-v1:turn:3"], "opening": opening}
    )
    assert verify(request).scope.kind == "window"


def test_one_key_rolls_two_whole_games_and_the_verdict_says_which_was_checked() -> None:
    # Given the document's key: its first game (opening 4-6, turn 2 1-3) and the later game it would roll (turn 1
    # 5-4, turn 2 1-3), each recorded whole
    game = {"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT}
    first = verify(parse_request(game | {"recorded": "4-6 1-3"}))
    later = verify(parse_request(game | {"opening": False, "recorded": "5-4 1-3"}))

    # Then both are fair, since nothing in the key says which game it rolled; the player tells them apart by the answer
    # the verdict shows, as they tell online games apart by the game's number
    assert first.verdict == later.verdict == "fair"
    assert [given.text for given in first.identified_by] == ["bg-dice-v1", "yes"]
    assert [given.text for given in later.identified_by] == ["bg-dice-v1", "no"]


def test_take_backs_with_no_roll_between_them_skip_a_line_and_the_diagnosis_finds_them() -> None:
    # Seed 001: "after each take-back the rolls carry on from a fresh line", and its form counts them ("Take-backs made
    # before these rolls"); nothing in it rolls between two take-backs. A move taken back twice before the next roll
    # (its dice kept, as turn T + 1 on the next line after turn T has them) leaves line 1 without a roll: turn:11, then
    # turn:12:line:2, as turn 1's move taken back twice gives opening:0, then turn:2:line:2
    mac = keyed_mac(KEY)
    labels = [
        "bg-dice-v1:opening:0",
        *(f"bg-dice-v1:turn:{turn}" for turn in range(2, 12)),
        *(f"bg-dice-v1:turn:{turn}:line:2" for turn in range(12, 32)),
    ]
    recorded = [list(labelled.dice_for(mac, label)) for label in labels]
    listed = verify(parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": labels, "recorded": recorded}))
    assert (listed.checks.rolls, listed.scope.kind) == ("match", "take_back")

    # And the same rolls recorded as a game are found to fit that take-back, the one the diagnosis tries on line 2
    game = verify(parse_request({"scheme": "bg-dice-v1", "key": KEY.hex(), "recorded": recorded}))
    assert game.diagnosis is not None
    found = game.diagnosis[0]
    assert (found.cause, found.explains) == ("take_back_line", "31 of 31 rolls")
    assert "then bg-dice-v1:turn:12:line:2 onward" in found.detail


def test_too_few_rolls_to_name_a_take_back_part_way_are_not_computed_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # Given a game of 3 rolls, as many as make evidence (1 in 36 a roll): a take-back after roll 1 at the earliest
    # leaves at most 2 to tell it, too few to name it, so no such hypothesis can be scored
    game = {"scheme": "bg-dice-v1", "key": KEY.hex()}
    real = [report["dice"] for report in verify(parse_request(game | {"count": 3})).rolls]
    request = parse_request(game | {"recorded": [real[0], [6, 6], [6, 6]]})
    case = Case.of(bg_dice.SCHEME, request, KEY)
    assert case.evidence == case.compared == 3

    # When its hypotheses are listed (as the diagnosis lists the mistakes tried, for their kinds alone), with the rolls
    # of the request as given or on another line not to be computed
    def computed(*_: object) -> Rolls:
        raise AssertionError("rolls computed for a hypothesis no roll can tell")

    monkeypatch.setattr(Case, "rolls", computed)
    monkeypatch.setattr(bg_dice, "explicit_rolls", computed)
    hypotheses = list(bg_dice.SCHEME.hypotheses(case))

    # Then it tries the whole list on other lines, and nothing part way, whose rolls it never computes
    assert {hypothesis.cause for hypothesis in hypotheses} == {"opening_roll", "numbering_shifted", "take_back_line"}
    assert not any("take-back before roll" in hypothesis.detail for hypothesis in hypotheses)


def test_a_game_that_began_with_an_opening_roll_never_rolls_turn_1_on_any_line() -> None:
    # Seed 001: "The opening roll's winner plays it as turn 1", and a take-back of turn 1's move rolls nothing (the
    # opening roll is kept): bg-dice-v1:turn:1 is rolled only in a later game of a match, which has no opening roll
    key = KEY.hex()
    opened = ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2", "bg-dice-v1:turn:3"]
    assert problems({"scheme": "bg-dice-v1", "key": key, "labels": [*opened, "bg-dice-v1:turn:1:line:1"]}) == [
        (
            "labels[3]",
            "bg-dice-v1:turn:1:line:1 cannot follow bg-dice-v1:turn:3 in a game: bg-dice-v1:turn:4 or, after"
            " take-backs, bg-dice-v1:turn:T:line:L for a turn T from 2 up to 4 and a line L from 1 (a fresh line for"
            " each take-back; a game that began with an opening roll plays it as turn 1) comes next",
        )
    ]
    # Turn 2 on a fresh line is the take-back to turn 1's move; in a later game of a match, turn 1 is rolled again
    parse_request({"scheme": "bg-dice-v1", "key": key, "labels": [*opened, "bg-dice-v1:turn:2:line:1"]})
    later = ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2", "bg-dice-v1:turn:1:line:1"]
    parse_request({"scheme": "bg-dice-v1", "key": key, "labels": later})


def test_a_label_that_cannot_follow_says_what_can_with_no_placeholder_left_in_braces() -> None:
    # Review: after turn:2, an opening label was refused with "…:turn:{turn}:line:1 for a turn up to 3", as if a
    # placeholder had been left unfilled
    found = problems(
        {"scheme": "bg-dice-v1", "key": KEY.hex(), "labels": ["bg-dice-v1:turn:2", "bg-dice-v1:opening:0"]}
    )
    assert len(found) == 1
    field, message = found[0]
    assert field == "labels[1]"
    assert "{" not in message
    assert (
        "bg-dice-v1:turn:3 or, after take-backs, bg-dice-v1:turn:T:line:L for a turn T up to 3 and a line L from 1 (a"
        " fresh line for each take-back)" in message
    )


def test_a_take_back_tried_part_way_through_the_rolls_computes_each_labels_dice_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Review: the diagnosis tries a take-back from two turns on each line, which share every label but one, and it
    # computed the dice of those shared labels again for the second
    asked: list[str] = []
    explicit_rolls = bg_dice.explicit_rolls

    def recording(mac: Mac, labels: Sequence[str]) -> Rolls:
        asked.extend(labels)
        return explicit_rolls(mac, labels)

    game = {"scheme": "bg-dice-v1", "key": KEY.hex(), "lock": FINGERPRINT}
    rolls = [list(report["dice"] or []) for report in verify(parse_request(game | {"count": 40})).rolls]
    rolls[15] = [1, 1] if rolls[15] != [1, 1] else [2, 2]
    monkeypatch.setattr(bg_dice, "explicit_rolls", recording)

    verdict = verify(parse_request(game | {"recorded": rolls}))

    assert [finding.cause for finding in verdict.diagnosis or []] == ["few_rolls_differ"]
    assert len(asked) == len(set(asked)) == 3 * 26  # lines 1-3, each from turn 15 to turn 40


def _key_whose_opening_ties_twice() -> bytes:
    """The first of a fixed run of keys whose opening:0 and opening:1 both tie, by seed 001's own roll(label)."""
    for n in range(10_000):
        key = n.to_bytes(32, "big")
        _, roll = seed_001.snippet(key.hex())
        if all(len(set(roll(f"bg-dice-v1:opening:{k}"))) == 1 for k in (0, 1)):
            return key
    raise AssertionError("no key of the run ties twice")


def test_rolls_that_end_at_an_opening_roll_that_tied_are_no_whole_game_and_never_fair() -> None:
    # Given a key whose opening:0 and opening:1 tie, so seed 001 rolls opening:2 after them
    key = _key_whose_opening_ties_twice()
    _, roll = seed_001.snippet(key.hex())
    rolled = [roll(f"bg-dice-v1:opening:{k}") for k in range(3)] + [roll("bg-dice-v1:turn:2")]
    base = {"scheme": "bg-dice-v1", "key": key.hex(), "lock": seal_of(key)}
    labels = [f"bg-dice-v1:opening:{k}" for k in range(3)] + ["bg-dice-v1:turn:2"]

    for count in (1, 2):
        # When the game is given as ending at either tie, by a count or by its labels, every roll recorded as rolled
        for ask in ({"count": count}, {"labels": labels[:count]}):
            verdict = verify(parse_request(base | ask | {"recorded": rolled[:count]}))

            # Then every roll matches, but the game goes on past its last roll, so the verdict is incomplete, saying so
            assert (verdict.verdict, verdict.checks.seal, verdict.checks.rolls) == ("incomplete", "match", "match")
            assert verdict.scope.kind == "unfinished"
            assert verdict.reasons == [verdict.scope.description]
            assert verdict.scope.description.endswith(
                f"ending at bg-dice-v1:opening:{count - 1}, a tie: the opening is rolled again after a tie, so the"
                " game's rolls go on past it"
            )
    # And once the opening is decided the same rolls are a game from its start, fair
    for count in (3, 4):
        for ask in ({"count": count}, {"labels": labels[:count]}):
            verdict = verify(parse_request(base | ask | {"recorded": rolled[:count]}))
            assert (verdict.verdict, verdict.scope.kind) == ("fair", "game")
