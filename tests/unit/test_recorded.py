"""Recorded rolls as people paste them are read exactly; anything else is refused naming `recorded`."""

import copy
import pickle
from unittest import mock

import pytest
from fairdice import recorded
from fairdice.fields import DEFAULT_ROLLS, MAX_ROLLS
from fairdice.problems import describe
from fairdice.recorded import _TOKEN_SPLIT, Paste, ReadRolls, RecordedError, _tokens, parse_recorded, read_recorded
from fairdice.schemes import parse_request
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

PAIR = (6, 6)
THREE = (6, 6, 6)
DAILY = (4, 6, 8, 10, 12, 20)
SEVEN_TWO = [(6, 3), (4, 4), (1, 2)]


@pytest.mark.parametrize(
    "pasted",
    [
        "6-3 4-4 1-2",
        "63 44 12",
        "634412",  # a link's digits: two per roll
        "1: 6-3\n2: 4-4\n3: 1-2",
        "1. 63\n2) 44\n#3: 1-2",
        "6-3, 4-4; 1-2",
        "6:3 4:4 1:2",
        "  6/3\n\n4x4\t1–2  ",
        "[[6, 3], [4, 4], [1, 2]]",
        '["6-3", "44", "1-2"]',
    ],
)
def test_pair_rolls_are_read_from_every_way_people_write_them(pasted: str) -> None:
    assert parse_recorded(pasted, PAIR) == SEVEN_TWO


def test_pair_rolls_are_read_from_a_list_of_dice_lists() -> None:
    assert parse_recorded([[6, 3], [4, 4], ["1", "2"]], PAIR) == SEVEN_TWO


@pytest.mark.parametrize("pasted", ["6-3-4 1-2-3", "634 123", "634123", "0: 634\n1: 1-2-3", [[6, 3, 4], [1, 2, 3]]])
def test_three_dice_rolls_take_three_faces_each(pasted: object) -> None:
    assert parse_recorded(pasted, THREE) == [(6, 3, 4), (1, 2, 3)]


def test_three_dice_rolls_given_as_strings_are_rolls_not_one_flat_roll() -> None:
    assert parse_recorded(["634", "123", "222"], THREE) == [(6, 3, 4), (1, 2, 3), (2, 2, 2)]
    assert parse_recorded(["6-3-4", "1-2-3", "2-2-2"], THREE) == [(6, 3, 4), (1, 2, 3), (2, 2, 2)]


@pytest.mark.parametrize(
    "pasted",
    [
        "3-5-7-10-12-20",
        "3 5 7 10 12 20",
        "3, 5, 7, 10, 12, 20",
        [3, 5, 7, 10, 12, 20],
        ["3", "5", "7", "10", "12", "20"],
        [[3, 5, 7, 10, 12, 20]],
        "[3, 5, 7, 10, 12, 20]",
    ],
)
def test_daily_six_faces_are_read_in_the_order_d4_to_d20(pasted: object) -> None:
    assert parse_recorded(pasted, DAILY) == [(3, 5, 7, 10, 12, 20)]


@pytest.mark.parametrize(
    ("pasted", "sides", "reason"),
    [
        ("6-7", PAIR, "7 is not a face of a 6-sided die"),
        ("0-3", PAIR, "0 is not a face of a 6-sided die"),
        ("6-3-1", PAIR, "has 3 dice, a roll has 2"),
        # a count of dice is grouped, as the count of characters beside it (review: "has 1000 dice")
        ("-".join(["1"] * 1000), PAIR, "\\(1,999 characters\\) has 1,000 dice, a roll has 2$"),
        ("1-x", PAIR, "'1-x' is not a roll \\(write it like 6-5\\)"),
        ("6--3", PAIR, "'6--3' is not a roll"),
        ("6-3-", THREE, "'6-3-' is not a roll \\(write it like 6-5-4\\)"),
        # The mark with no die beside it is named (review: a link's rolls ending 6x3x said only "is not a roll")
        (
            "6-3 6x3x",
            PAIR,
            "roll 2: '6x3x' is not a roll \\(.*\\); its character 4, 'x', separates dice, but no die comes after it$",
        ),
        ("63x", PAIR, "'63x' is not a roll \\(.*\\); its character 3, 'x', separates dice, but no die comes after it$"),
        (
            "x63",
            PAIR,
            "'x63' is not a roll \\(.*\\); its character 1, 'x', separates dice, but no die comes before it$",
        ),
        ("6-x3", PAIR, "; its characters 2 and 3, '-' and 'x', separate dice, but no die comes between them$"),
        (
            "24" * 12 + "x",
            PAIR,
            "\\(25 characters\\) is not a roll \\(.*\\); its character 25, 'x', separates dice, but",
        ),
        # A mark beside a run of digits, rolls written together, is named where it is (review: "…251643x5" blamed the
        # run as "not a face of a 6-sided die", the x not named)
        (
            "63x5",
            PAIR,
            "^line 1, roll 1: '63x5' is not a roll \\(.*\\); its character 3, 'x', separates dice, but 2 digits"
            " come before it, not one die$",
        ),
        (
            "6-3 5x2542",
            PAIR,
            "roll 2: '5x2542' is not a roll \\(.*\\); its character 2, 'x', separates dice, but 4"
            " digits come after it, not one die$",
        ),
        (
            "1-2-3 4x5x66",
            THREE,
            "roll 2: '4x5x66' is not a roll \\(.*\\); its character 4, 'x', separates dice, but 2"
            " digits come after it, not one die$",
        ),
        # The first misplaced mark is named, where marks part too many dice beside a run of digits, or one has no die
        # after it (review: "'2542631644x5x3' has 3 dice, a roll has 2", and the last x alone named)
        (
            "2542631644x5x3",
            PAIR,
            "^line 1, roll 1: '2542631644x5x3' is not a roll \\(.*\\); its character 11, 'x', separates dice, but 10"
            " digits come before it, not one die$",
        ),
        (
            "25426316443161316251643x5x",
            PAIR,
            "\\(26 characters\\) is not a roll \\(.*\\); its character 24, 'x', separates dice, but 23 digits come"
            " before it, not one die$",
        ),
        (
            "x254",
            PAIR,
            "'x254' is not a roll \\(.*\\); its character 1, 'x', separates dice, but no die comes before it$",
        ),
        ("7x63", PAIR, "^line 1, roll 1: 7 is not a face of a 6-sided die$"),  # the first die wrong is named first
        ("20x120", (20, 20), "'120' is not a face of a 20-sided die$"),  # no run: dice of two digits
        ("x", PAIR, "^line 1, roll 1: 'x' is not a roll \\(write it like 6-5\\)$"),  # marks alone: nothing to point at
        ("634", PAIR, "has 3 digits, not a multiple of 2 dice: 1 whole roll from there, then 1 digit over;"),
        ("254264343", PAIR, "line 1, roll 1: '254264343' has 9 digits, not a multiple of 2 dice: 4 whole rolls from"),
        # both numbers grouped by thousands alike (review: "has 4301 digits … 2,150 whole rolls")
        ("6" * 4301, PAIR, "'... \\(4,301 characters\\) has 4,301 digits, not a multiple of 2 dice: 2,150 whole rolls"),
        ("6" * 4300 + "x5", PAIR, "\\(4,302 characters\\) .*; its character 4,301, .* but 4,300 digits come before"),
        ("6" * 4300 + "x", PAIR, "\\(4,301 characters\\) .*; its character 4,301, 'x', separates dice, but no die"),
        ("6" * 4300 + ".", PAIR, "\\(4,301 characters\\) .*; its character 4,301, '.', is no die$"),
        (
            "1-2-3 45678",
            (6, 6, 6),
            "roll 2: '45678' has 5 digits, not a multiple of 3 dice: 1 whole roll from there,"
            " then 2 digits over; a roll was cut short",
        ),
        (
            "1-2-3 45",
            (6, 6, 6),
            "roll 2: '45' has 2 digits, not a multiple of 3 dice: less than one roll; a roll was cut short",
        ),
        ("a-b", PAIR, "is not a die face"),
        ("seven", PAIR, "is not a roll"),
        ("roll: 6-3", PAIR, "'roll:' is not a roll"),
        # a player's own labels are said to be words, not a misplaced mark (support review: "its character 6, ':',
        # separates dice, but no die comes after it")
        (
            "white: 4-1\nblack: 2-6",
            PAIR,
            "^line 1, roll 1: 'white:' is not a roll \\(write it like 6-5\\): a word, such as a name or a label, is no"
            " dice; paste the rolls without them \\(a line may start with its roll's number, Roll 1: 6-5\\)$",
        ),
        ("Player 1: 2-4-3", (6, 6, 6), "^line 1, roll 1: 'Player' is not a roll \\(write it like 6-5-4\\): a word,"),
        # and one written against its roll (review: "'white' is not a die face")
        ("white:15", PAIR, "^line 1, roll 1: 'white:15' is not a roll \\(write it like 6-5\\): .* paste the rolls"),
        ("P1:2-4-3", (6, 6, 6), "^line 1, roll 1: 'P1:2-4-3' is not a roll \\(write it like 6-5-4\\): a word,"),
        (
            "6 3",
            PAIR,
            "^line 1: its first number, 6, was read as its roll's number \\(a line may start with one\\), which"
            " leaves 1 die, '3'; write each roll's 2 dice together, such as 6-3 or 63$",
        ),
        ("6-3 4", PAIR, "^line 1, roll 2: '4' is one die; write each roll's 2 dice together, such as 6-5 or 65$"),
        ("[[6, 3]", PAIR, "looks like JSON but is not"),
        # JSON has no NaN nor infinities, which Python's json reads as floats (review: "roll 2: nan is not a die face",
        # where the page's JSON.parse refuses them), and which value an object giving a key twice means is unknown
        ("[[4, 6], [NaN, 1]]", PAIR, "^looks like JSON but is not: NaN is not a JSON value$"),
        ("[[4, 6], [1, Infinity]]", PAIR, "^looks like JSON but is not: Infinity is not a JSON value$"),
        ("[[4, 6], [-Infinity, 1]]", PAIR, "^looks like JSON but is not: -Infinity is not a JSON value$"),
        ('[[4, 6], {"a": 1, "a": 2}]', PAIR, "^looks like JSON but is not: gives the key 'a' more than once in one"),
        # review: "looks like JSON but is not: Extra data"
        (
            "[2,5],[4,2],[6,4]",
            PAIR,
            "more follows its first list; put every roll in one list, \\[\\[2, 5\\], \\[4, 2\\]\\]",
        ),
        ([[6, 3, 1]], PAIR, "expected a list of 2 dice"),
        ([[True, 3]], PAIR, "^roll 1: true is not a die face$"),
        # a float is quoted as it was written (review: 1e300 was quoted as 1e+300, 1e-400 as 0.0, 1e999 as inf)
        ("[[1e300, 3]]", PAIR, "^roll 1: 1e300 is not a die face$"),
        ("[[6, 3], [1e-400, 3]]", PAIR, "^roll 2: 1e-400 is not a die face$"),
        ("[[1e999, 3]]", PAIR, "^roll 1: 1e999 is not a die face$"),
        ("[[2.50, 3]]", PAIR, "^roll 1: 2.50 is not a die face$"),
        ({"1": [6, 3]}, PAIR, "must be text such as"),
        (63, PAIR, "must be text such as"),
        ("5-5-7-10-12-20", DAILY, "5 is not a face of a 4-sided die"),
        ("3-5-7-10-12-21", DAILY, "21 is not a face of a 20-sided die"),
        # Said of the text as typed (review: "expected a list of 6 dice, got ['3', '5', '7', '10', '12']")
        ("3-5-7-10-12", DAILY, "^roll 1: 5 faces, where a roll has 6 dice$"),
        ("3 2 1", DAILY, "^roll 1: 3 faces, where a roll has 6 dice$"),
        # the dice's names beside their faces are named, not counted as faces (support review: "12 faces")
        (
            "d4: 3 d6: 3 d8: 4 d10: 9 d12: 2 d20: 5",
            DAILY,
            "^roll 1: 'd4' is no face: a day's one roll is its 6 faces alone, with no dice's names or other words"
            " beside them$",
        ),
        # and a word with five faces, six pieces (review: "'white' is not a die face")
        (
            "white: 1-5-3-2-3",
            DAILY,
            "^roll 1: 'white' is no face: a day's one roll is its 6 faces alone, with no dice's names or other words"
            " beside them$",
        ),
        ("3–5–7–10–12", DAILY, "^roll 1: 5 faces, where a roll has 6 dice$"),  # an en dash parts faces too
        # A roll number is no face (review J: "8 faces", "7 faces")
        (
            "Roll 1: 3-5-7-10-12-20",
            DAILY,
            "^roll 1: a day's one roll is its 6 faces alone, with no number before them$",
        ),
        ("1: 3-5-7-10-12-20", DAILY, "^roll 1: a day's one roll is its 6 faces alone, with no number before them$"),
        ("#1 3 5 7 10 12 20", DAILY, "^roll 1: a day's one roll is its 6 faces alone, with no number before them$"),
        ("Roll 1:3-5-7-10-12-20", DAILY, "^roll 1: a day's one roll is its 6 faces alone, with no number before them$"),
        ("Roll1:3-5-7-10-12-20", DAILY, "^roll 1: a day's one roll is its 6 faces alone, with no number before them$"),
    ],
)
def test_anything_else_is_refused_with_the_reason(pasted: object, sides: tuple[int, ...], reason: str) -> None:
    with pytest.raises(RecordedError, match=reason):
        parse_recorded(pasted, sides)


@pytest.mark.parametrize(
    ("pasted", "sides", "said"),
    [
        # Support review: dice in a sheet's two columns, a tab between, were "line 1, roll 1: '1' is one die", the 4
        # before it taken as the roll's number and never said
        (
            "4\t1\n2\t6\n2\t1",
            PAIR,
            "line 1: its first number, 4, was read as its roll's number (a line may start with one), which leaves 1"
            " die, '1'; write each roll's 2 dice together, such as 4-1 or 41",
        ),
        (
            "1 2 3\n4 5 6",
            THREE,
            "line 1: its first number, 1, was read as its roll's number (a line may start with one), which leaves 2"
            " dice, '2 3'; write each roll's 3 dice together, such as 1-2-3 or 123",
        ),
        # Support review: dice each in its own column, or on one line with spaces, a whole roll or more after the first,
        # were "line 1, roll 1: '1' is one die" alike
        (
            "4\t1\t2\t6",
            PAIR,
            "line 1: its first number, 4, was read as its roll's number (a line may start with one), which leaves 3"
            " dice, '1 2 6'; write each roll's 2 dice together, such as 4-1 or 41",
        ),
        (
            "6 3 4 4",
            PAIR,
            "line 1: its first number, 6, was read as its roll's number (a line may start with one), which leaves 3"
            " dice, '3 4 4'; write each roll's 2 dice together, such as 6-3 or 63",
        ),
        (
            "6 3 4",
            PAIR,
            "line 1: its first number, 6, was read as its roll's number (a line may start with one), which leaves 2"
            " dice, '3 4'; write each roll's 2 dice together, such as 3-4 or 34",
        ),
        (
            "1 2 3 4 5 6",
            THREE,
            "line 1: its first number, 1, was read as its roll's number (a line may start with one), which leaves 5"
            " dice, '2 3 4 5 6'; write each roll's 3 dice together, such as 1-2-3 or 123",
        ),
        # a number column beside two columns of dice: the example is the line's own dice
        (
            "1\t4\t1\n2\t2\t6",
            PAIR,
            "line 1: its first number, 1, was read as its roll's number (a line may start with one), which leaves 2"
            " dice, '4 1'; write each roll's 2 dice together, such as 4-1 or 41",
        ),
        # a number that is no die: the roll is shown as any roll is
        (
            "7 3",
            PAIR,
            "line 1: its first number, 7, was read as its roll's number (a line may start with one), which leaves 1"
            " die, '3'; write each roll's 2 dice together, such as 6-5 or 65",
        ),
    ],
)
def test_dice_in_columns_say_the_first_was_read_as_the_rolls_number_and_how_to_write_them(
    pasted: str, sides: tuple[int, ...], said: str
) -> None:
    with pytest.raises(RecordedError) as caught:
        parse_recorded(pasted, sides)
    assert str(caught.value) == said


@pytest.mark.parametrize(
    ("pasted", "sides", "said"),
    [
        # Review: `12 3 4` was "line 1, roll 2: '3' is one die", its 12 read as the roll 1-2 unsaid, where a person
        # meant roll 12, 3-4: a line's bare number is read as one only where the lines count the rolls up
        (
            "12 3 4",
            PAIR,
            "line 1: its first number, 12, was read as the roll 1-2 (bare digits number a line only where every line's"
            " do, counting the rolls up), which leaves 2 dice, '3 4'; write each roll's 2 dice together, such as 3-4 or"
            " 34, and a line's number with a colon, 12: 3-4",
        ),
        (
            "25 63\n1234 5 6",
            PAIR,
            "line 2: its first number, 1234, was read as rolls 1-2 3-4 (bare digits number a line only where every"
            " line's do, counting the rolls up), which leaves 2 dice, '5 6'; write each roll's 2 dice together, such as"
            " 5-6 or 56, and a line's number with a colon, 1234: 5-6",
        ),
    ],
)
def test_bare_digits_read_as_a_roll_before_dice_each_alone_say_so_and_how_to_number_the_line(
    pasted: str, sides: tuple[int, ...], said: str
) -> None:
    with pytest.raises(RecordedError) as caught:
        parse_recorded(pasted, sides)
    assert str(caught.value) == said


def test_a_line_numbered_as_the_message_on_bare_digits_says_is_read_as_numbered() -> None:
    assert read_recorded("12: 3-4", PAIR) == Paste([(3, 4)], 12)

    # The number was written as one (Roll 4:, 4.): only bare digits are said to have been read as a number, and the
    # roll is named by it
    for pasted in ("Roll 4: 1", "4. 1", "#4 1"):
        with pytest.raises(RecordedError) as caught:
            parse_recorded(pasted, PAIR)
        said = str(caught.value)
        assert said == "line 1, roll 4: '1' is one die; write each roll's 2 dice together, such as 6-5 or 65", pasted


def test_a_refused_paste_names_the_field_recorded_and_says_where() -> None:
    with pytest.raises(ValidationError) as caught:
        parse_request({"scheme": "narde-v1", "key": "00" * 32, "phrase": "p", "recorded": "6-3 4-4 9-1"})
    [problem] = describe(caught.value)
    assert problem.field == "recorded"
    assert problem.message == "line 1, roll 3: 9 is not a face of a 6-sided die"


@pytest.mark.parametrize(
    ("pasted", "said"),
    [
        # a link's digits, twelve rolls written together, the last one wrong (review: "line 1, roll 1" named the first)
        ("254264343141631625164359", "line 1, roll 12: 9 is not a face of a 6-sided die"),
        ("6-3 25426407", "line 1, roll 5: 0 is not a face of a 6-sided die"),
        (["6-3", "4470"], "roll 3: 7 is not a face of a 6-sided die"),
        # the first roll of a run is still named by the run's own number
        ("6-3 7142", "line 1, roll 2: 7 is not a face of a 6-sided die"),
    ],
)
def test_a_wrong_die_in_rolls_written_together_names_its_own_roll(pasted: object, said: str) -> None:
    with pytest.raises(RecordedError) as caught:
        parse_recorded(pasted, PAIR)
    assert str(caught.value) == said


@pytest.mark.parametrize(
    ("pasted", "link", "said"),
    [
        # Review: "line 2, roll 2" and, of a link, "roll 2", where the paste and the link number it 5001
        ("5000: 1-1\n5001: 1-7", False, "line 2, roll 5,001: 7 is not a face of a 6-sided die"),
        ("5000: 1-1 1-7", True, "roll 5,001: 7 is not a face of a 6-sided die"),
        # a line without a number after a numbered one goes on counting from it, and a game's roll 0 is roll 0
        ("5000: 1-1\n1-7", False, "line 2, roll 5,001: 7 is not a face of a 6-sided die"),
        ("0: 1-7", True, "roll 0: 7 is not a face of a 6-sided die"),
        # a run of rolls written together, its wrong die's own roll by its number
        ("5000: 11 2117", True, "roll 5,002: 7 is not a face of a 6-sided die"),
        # bare digits read as a roll in a numbered link: the dice left are named by their number too
        ("5000: 1-1\n12 3 4", True, "roll 5,002: 12 was read as the roll 1-2, which leaves 2 dice, '3 4'; the game"),
        # and a line's number that may be a die read as one names the dice left as the lines above it number them
        ("5000: 1-1\n5001 3", True, "roll 5,001: 5001 was read as a roll's number, which leaves 1 die, '3'; the game"),
    ],
)
def test_a_wrong_die_in_numbered_rolls_is_named_by_the_rolls_number_not_its_place(
    pasted: str, link: bool, said: str
) -> None:
    with pytest.raises(RecordedError) as caught:
        read_recorded(pasted, PAIR, link=link)
    assert str(caught.value).startswith(said)


@pytest.mark.parametrize(
    ("pasted", "said"),
    [
        # Review: "line 1, roll 2151", where the counts beside it are grouped ("has 4,301 digits")
        ("66" * 2150 + "67", "line 1, roll 2,151: 7 is not a face of a 6-sided die"),
        (["6-3"] * 1500 + [[6, 7]], "roll 1,501: 7 is not a face of a 6-sided die"),
        (
            "6-3\n" * 1200 + "Roll 1100: 4-4",
            "line 1,201 is numbered 1,100, but 1,200 rolls come before it: the numbers",
        ),
        (
            "Roll 2000: 6-3\nRoll 2005: 4-4",
            "line 2 is numbered 2,005, but the rolls above it end at roll 2,000: rolls 2,001 to 2,004 are not in",
        ),
        ("Roll 2000: 6-3\nRoll 1500: 4-4", "line 2 is numbered 1,500, but the lines above it already hold roll 2,000:"),
    ],
)
def test_roll_and_line_numbers_are_grouped_by_thousands_as_counts_are(pasted: object, said: str) -> None:
    with pytest.raises(RecordedError) as caught:
        parse_recorded(pasted, PAIR)
    assert str(caught.value).startswith(said)


@pytest.mark.parametrize(
    ("pasted", "sides"),
    [("634412", PAIR), (["6-3", "44", "1-2"], PAIR), ("634412512", THREE), (["634", "412", "5-1-2"], THREE)],
)
def test_rolls_written_together_or_as_a_list_s_text_are_read_whole_not_die_by_die(
    pasted: object, sides: tuple[int, ...]
) -> None:
    # Given rolls an audit line may hold as a link's digits or as a list of texts (the worker's per-game path)
    expected = parse_recorded(pasted, sides)
    # Then each roll is read whole from the table of single rolls, no die read and named by its roll one at a time
    with mock.patch.object(recorded, "_die", side_effect=AssertionError("a die read one by one")):
        assert parse_recorded(pasted, sides) == expected


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("field", ["recorded", "count"])
def test_a_value_nested_too_deeply_to_write_back_is_refused_in_words_not_a_failure_of_fairdice(field: str) -> None:
    # Given a list nested deeper than repr can write (review: the line was fairdice's own failure, internal_error)
    deep = _nested(200_000)
    with pytest.raises(RecursionError):
        repr(deep)
    request = {"scheme": "narde-v1", "key": "00" * 32, "phrase": "p", "recorded": "6-3", field: [deep]}

    # When it is read, Then it is refused, naming the field and saying why it is not shown
    with pytest.raises(ValidationError) as caught:
        parse_request(request)
    [problem] = describe(caught.value)
    assert problem.field == field
    assert "a value nested too deeply to show" in problem.message


def test_a_daily_roll_is_one_set_of_six_faces() -> None:
    with pytest.raises(ValidationError) as caught:
        parse_request(
            {
                "scheme": "daily",
                "date": "2026-10-28",
                "player_id": "123e4567-e89b-12d3-a456-426614174000",
                "recorded": [[3, 5, 7, 10, 12, 20], [1, 1, 1, 1, 1, 1]],
            }
        )
    [problem] = describe(caught.value)
    assert (problem.field, problem.message) == (
        "recorded",
        "a daily roll is one set of six faces (d4 d6 d8 d10 d12 d20), got 2",
    )


def test_an_empty_paste_counts_as_not_given() -> None:
    request = parse_request(
        {"scheme": "pair36", "server_seed": "00" * 32, "client_seeds": ["a"], "count": 3, "recorded": " "}
    )
    assert request.recorded is None


def test_an_empty_paste_without_a_count_lists_the_default_rolls_and_compares_none() -> None:
    request = parse_request({"scheme": "pair36", "server_seed": "00" * 32, "client_seeds": ["a"], "recorded": []})
    assert (request.recorded, request.roll_count) == (None, DEFAULT_ROLLS)


def test_more_recorded_rolls_than_the_limit_are_refused() -> None:
    with pytest.raises(ValidationError) as caught:
        parse_request(
            {"scheme": "pair36", "server_seed": "00" * 32, "client_seeds": ["a"], "recorded": "11" * (MAX_ROLLS + 1)}
        )
    [problem] = describe(caught.value)
    assert problem.field == "recorded"
    assert problem.message == "has 10,001 rolls, more than the limit of 10,000"


def test_a_paste_longer_than_the_limit_says_its_length_and_the_limit_grouped() -> None:
    # Review: "is 200004 characters long, more than 200000", where "has 10,001 rolls" is grouped beside it
    with pytest.raises(RecordedError) as caught:
        read_recorded("1-1 " * 50_001, PAIR)
    assert str(caught.value) == "is 200,004 characters long, more than 200,000"


def test_rolls_of_two_digit_faces_are_read_one_roll_per_token_when_each_joins_its_faces() -> None:
    # Given dice of a d20 and a d12, whose faces cannot be run together, written as a link writes them
    sides = (20, 12)

    # When several rolls are pasted, each with its faces joined
    rolls = parse_recorded("3-2,2-11 13-2;20-12", sides)

    # Then each is one roll; and one roll's faces may still be separated by anything
    assert rolls == [(3, 2), (2, 11), (13, 2), (20, 12)]
    assert parse_recorded("17 11", sides) == [(17, 11)]
    assert parse_recorded("3 5 7 10 12 20", (4, 6, 8, 10, 12, 20)) == [(3, 5, 7, 10, 12, 20)]


def test_rolls_written_with_a_colon_between_their_dice_are_read_as_rolls_not_numbered() -> None:
    # A ticket's "1:5 4:6 3:4" was read as roll number 1 followed by a broken roll "5"
    assert read_recorded("1:5 4:6 3:4", PAIR) == Paste([(1, 5), (4, 6), (3, 4)], None)
    assert read_recorded("1:5:2\n4:6:1", THREE) == Paste([(1, 5, 2), (4, 6, 1)], None)


@pytest.mark.parametrize(
    "pasted",
    [
        "#1 2-5\n#2 4-6",
        "Roll 1: 2-5\nRoll 2: 4-6",
        "roll #1 25\nROLL #2 46",
        "1 25\n2 46",  # a sheet's number column, a space, its dice column
        "1\t25\n2\t46",
        "1: 2-5\n2: 4-6",
        "1. 25\n2) 4-6",
        "1: 2:5\n2: 4:6",
        "1 25 46",
    ],
)
def test_numbered_lines_are_read_in_every_way_a_sheet_writes_its_numbers(pasted: str) -> None:
    assert read_recorded(pasted, PAIR) == Paste([(2, 5), (4, 6)], 1)


def test_the_number_of_a_paste_s_first_roll_is_kept_to_place_its_rolls() -> None:
    # Given a sheet copied from its second row on
    paste = read_recorded("2: 6-3\n3: 4-4\n4: 1-2", PAIR)

    # Then its rolls are read, and the number of the first is kept (the request places them there)
    assert paste == Paste(SEVEN_TWO, 2)
    assert read_recorded("Ply 0: 6-3-4\nPly 1: 1-2-3", THREE) == Paste([(6, 3, 4), (1, 2, 3)], 0)
    # an unnumbered line carries on from the one above; a later number places the lines above it too
    assert read_recorded("6-3\n3: 4-4", PAIR) == Paste([(6, 3), (4, 4)], 2)
    # a line of several rolls is numbered by its first
    assert read_recorded("1: 6-3 4-4\n3: 1-2", PAIR) == Paste(SEVEN_TWO, 1)


def test_bare_digits_that_could_be_a_roll_are_numbers_only_when_every_line_counts_up_with_them() -> None:
    # Given bare digits that read as a roll too ("11" is 1-1), in front of every line and counting up
    assert read_recorded("11 25\n12 33\n13 44", PAIR) == Paste([(2, 5), (3, 3), (4, 4)], 11)
    # And digits that cannot be a roll ("9", "10") followed by ones that can
    assert read_recorded("9 25\n10 63\n11 44", PAIR) == Paste([(2, 5), (6, 3), (4, 4)], 9)

    # Then rolls that merely start a line are still rolls: alone, or not counting up
    assert read_recorded("11 25", PAIR) == Paste([(1, 1), (2, 5)], None)
    assert read_recorded("11 25\n33 44", PAIR) == Paste([(1, 1), (2, 5), (3, 3), (4, 4)], None)
    assert read_recorded("1 25\n2 63\n33 44", PAIR) == Paste([(2, 5), (6, 3), (3, 3), (4, 4)], 1)
    assert read_recorded("25\n63", PAIR) == Paste([(2, 5), (6, 3)], None)


@pytest.mark.parametrize(
    ("pasted", "reason"),
    [
        (
            "1: 6-3\n3: 4-4",
            "line 2 is numbered 3, but the rolls above it end at roll 1: roll 2 is not in the paste. List every roll,"
            " in order, or leave the numbers out",
        ),
        ("5: 6-3\n\n9: 4-4", "line 3 is numbered 9, but the rolls above it end at roll 5: rolls 6 to 8 are not in"),
        ("5: 6-3\n8: 4-4", "line 2 is numbered 8, but the rolls above it end at roll 5: rolls 6 and 7 are not in"),
        (
            "1: 6-3 4-4\n2: 1-2",
            "line 2 is numbered 2, but the lines above it already hold rolls 1 and 2: number each line by its first"
            " roll",
        ),
        ("1: 6-3 4-4 5-5\n2: 1-2", "line 2 is numbered 2, but the lines above it already hold rolls 1 to 3"),
        # one roll said as one (review: "already run from 5 to 5")
        ("2: 6-3\n1: 4-4", "line 2 is numbered 1, but the lines above it already hold roll 2:"),
        ("5: 2-5\n5: 4-2", "line 2 is numbered 5, but the lines above it already hold roll 5:"),
        ("6-3 4-4\n1: 1-2", "line 2 is numbered 1, but 2 rolls come before it"),
        ("1: 6-3\n2:", "line 2: roll 2 has no dice"),
    ],
)
def test_numbers_that_skip_or_repeat_a_roll_are_refused_in_words(pasted: str, reason: str) -> None:
    with pytest.raises(RecordedError) as caught:
        read_recorded(pasted, PAIR)
    assert reason in str(caught.value)


WHITESPACE = "".join(chr(c) for c in range(0x110000) if chr(c).isspace())


@given(st.text(alphabet=st.sampled_from(WHITESPACE + ",;-x:0123456789a\u00a0\u200b"), max_size=40))
def test_a_line_is_split_into_the_same_tokens_by_the_fast_split_and_the_pattern(text: str) -> None:
    # Whitespace of every kind, commas and semicolons separate tokens; a line without a comma or a semicolon is split
    # by str.split, which must cut exactly where the pattern does (a zero-width space is not whitespace to either).
    assert _tokens(text) == [token for token in _TOKEN_SPLIT.split(text) if token]


def test_rolls_separated_by_any_whitespace_are_read_alike() -> None:
    for space in WHITESPACE:
        assert parse_recorded(f"6-3{space}4-4{space * 2}1-2", PAIR) == SEVEN_TWO


def _read_by_the_general_reader(value: object, sides: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The rolls the reader gives without its fast paths (a usual paste, a list of numbers)."""
    with (
        mock.patch.object(recorded, "_usual", return_value=None),
        mock.patch.object(recorded, "_plain", return_value=None),
    ):
        return parse_recorded(value, sides)


def _columns(rolls: list[tuple[int, ...]]) -> tuple[bytes, ...]:
    return tuple(bytes(column) for column in zip(*rolls, strict=True))


def _read_alike(fast: ReadRolls | None, value: object, sides: tuple[int, ...]) -> list[tuple[int, ...]] | None:
    """The general reader's rolls, which the fast reader's (`fast`, read from `value`) must be when it read any; None
    when the general reader refuses `value`, which the fast reader must then not have read."""
    try:
        general = _read_by_the_general_reader(value, sides)
    except RecordedError:
        assert fast is None
        return None
    assert fast is None or (fast == general and fast.columns == _columns(general))
    return general


def _usual_paste(sides: tuple[int, ...]) -> st.SearchStrategy[str]:
    roll = st.tuples(*(st.integers(1, n) for n in sides)).map(lambda faces: "-".join(map(str, faces)))
    return st.lists(roll, min_size=1, max_size=30).map(" ".join)


@settings(max_examples=300)
@given(
    data=st.data(),
    sides=st.sampled_from([PAIR, THREE, DAILY]),
)
def test_a_usual_paste_is_read_to_the_rolls_the_general_reader_reads(
    data: st.DataObject, sides: tuple[int, ...]
) -> None:
    # Given a paste of the usual form (`6-3 4-4`), or text close to it
    pasted = data.draw(
        _usual_paste(sides) | st.text(alphabet=st.sampled_from("0123456789- \n\t,x#:"), max_size=30), label="paste"
    )
    fast = recorded._usual(pasted.strip(), sides)
    # Then the fast path reads a paste as the general one does, or leaves it to it; and reads every usual paste
    general = _read_alike(fast, pasted, sides)
    if general is not None:
        assert parse_recorded(pasted, sides) == general
        if general and max(sides) <= 9 and pasted == " ".join("-".join(map(str, roll)) for roll in general):
            assert fast is not None


_FACE = st.integers(-1, 21) | st.booleans() | st.sampled_from(["3", " 4", "x", 2.0, None, [1]])


@settings(max_examples=300)
@given(sides=st.sampled_from([PAIR, THREE, DAILY]), data=st.data())
def test_a_list_of_numbers_is_read_to_the_rolls_the_general_reader_reads(
    sides: tuple[int, ...], data: st.DataObject
) -> None:
    # Given a list of rolls of whole numbers in range, or one with a face, a roll or a size that is not
    plain = st.tuples(*(st.integers(1, n) for n in sides)).map(list)
    odd = st.lists(_FACE, min_size=1, max_size=7) | st.tuples(*(_FACE for _ in sides)).map(tuple)
    value = data.draw(st.lists(plain | odd, max_size=6), label="recorded")
    fast = recorded._plain(value, sides)
    # Then the fast path reads it as the general one does, or leaves it to it; and reads every list of faces
    general = _read_alike(fast, value, sides)
    if general is not None and all(type(roll) is list and all(type(face) is int for face in roll) for roll in value):
        assert fast is not None or not value


def test_rolls_read_with_their_columns_are_a_list_that_is_never_changed() -> None:
    read = parse_recorded("6-3 4-4 1-2", PAIR)
    assert isinstance(read, ReadRolls)
    assert read == SEVEN_TWO
    assert read.columns == (b"\x06\x04\x01", b"\x03\x04\x02")
    with pytest.raises(AttributeError):
        read.columns = (b"\x01\x01\x01", b"\x01\x01\x01")  # type: ignore[misc]
    changes = [
        lambda: read.__setitem__(0, (1, 1)),
        lambda: read.__delitem__(0),
        lambda: read.__iadd__([(1, 1)]),
        lambda: read.__imul__(2),
        lambda: read.append((1, 1)),
        lambda: read.extend([(1, 1)]),
        lambda: read.insert(0, (1, 1)),
        read.pop,
        lambda: read.remove((6, 3)),
        read.clear,
        read.sort,
        read.reverse,
    ]
    for change in changes:
        with pytest.raises(TypeError, match="not changed"):
            change()
    assert read == SEVEN_TWO
    # Copied or pickled, it is the same rolls with the same columns
    for copied in (copy.copy(read), copy.deepcopy(read), pickle.loads(pickle.dumps(read))):
        assert isinstance(copied, ReadRolls)
        assert (copied, copied.columns) == (SEVEN_TWO, read.columns)
    # and a slice of it is a plain list
    assert type(read[:2]) is list


@pytest.mark.parametrize(
    ("pasted", "sides"),
    [
        ([[7, 3]], PAIR),
        ([[3, 7]], PAIR),
        ([[0, 3]], PAIR),
        ([[3, 0]], PAIR),
        ([[6, 3], [4, 9]], PAIR),
        ([[1, 2, 7]], THREE),
        ([[7, 2, 1]], THREE),
        ([[5, 6, 8, 10, 12, 21]], DAILY),
        ([[5, 7, 8, 10, 12, 20]], DAILY),
        ([[4, 6, 8, 11, 12, 20]], DAILY),
        ([[5, 6, 8, 10, 12, 20]], DAILY),
        ([5, 6, 8, 10, 12, 20], DAILY),
        ([[3, 256]], PAIR),
        ([[3, -250]], PAIR),
    ],
)
def test_a_list_with_a_number_that_is_no_face_of_its_die_is_refused(pasted: object, sides: tuple[int, ...]) -> None:
    with pytest.raises(RecordedError, match=r"is not a (die face|face of a)"):
        parse_recorded(pasted, sides)


@pytest.mark.parametrize(
    ("pasted", "sides"),
    [("6-3 4-4 1-2", PAIR), ("  6-3-4 1-2-3\n", THREE), ([[6, 3], [4, 4]], PAIR), ([[4, 6, 8, 10, 12, 20]], DAILY)],
)
def test_a_usual_paste_and_a_list_of_faces_are_read_with_their_columns(pasted: object, sides: tuple[int, ...]) -> None:
    # The fast readers are the ones used: their rolls come with each die's column, for `verify.matched`
    read = parse_recorded(pasted, sides)
    assert isinstance(read, ReadRolls)
    assert read.columns == _columns(read)
