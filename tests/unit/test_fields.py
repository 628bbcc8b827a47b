"""fairdice.fields: the constrained field types every scheme's request is made of. Hex in any case, and as people
copy it, in groups, read as the bytes it writes; secrets', seals' and counts' limits; dates, player ids and phrases;
each refusal in words, naming its field."""

import sys
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fairdice.fields import _CONTROL_OR_SURROGATE, MAX_ROLLS, base_url
from fairdice.links import parse_link
from fairdice.problems import describe
from fairdice.prose import shown
from fairdice.schemes import all_schemes, parse_request
from fairdice.verify import verify
from pydantic import ValidationError

from unit.common import DAILY, PAIR36, problems

# Seed 001 writes its test key "00 01 02 … 1f"; a seal copied from a card often comes in groups or lines.
KEY_AS_SEED_001_WRITES_IT = " ".join(f"{byte:02x}" for byte in range(32))
SEAL_IN_GROUPS = "630dcd29 66c43366 91125448 bbb25b4f\nf412a49c 732db2c8 abc1b858 1bd710dd"
NARDE: dict[str, Any] = {"scheme": "narde-v1", "phrase": "test", "recorded": "1-5 4-6 3-4"}
KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
README = Path(__file__).resolve().parents[2] / "README.md"
ONLINE: dict[str, Any] = {"scheme": "bg-online-v1", "server_number": KEY, "count": 1}
THREE_DICE: dict[str, Any] = {"scheme": "three-dice", "seed": KEY, "count": 1}


def problem(data: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    [found] = describe(caught.value)
    return found.field, found.message


def test_a_key_and_a_seal_grouped_with_spaces_are_read_as_their_bytes() -> None:
    # Given seed 002's test game, with the key as seed 001 prints it and the fingerprint in groups over two lines
    request = parse_request(NARDE | {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": SEAL_IN_GROUPS})

    # Then they are the same hex as written without spaces, and the game is fair
    assert request.secret_hex == bytes(range(32)).hex()
    assert request.seal_hex == SEAL_IN_GROUPS.replace(" ", "").replace("\n", "")
    assert verify(request).verdict == "fair"


def test_a_non_breaking_space_copied_from_a_web_page_is_a_space_too() -> None:
    assert (
        parse_request(NARDE | {"key": KEY_AS_SEED_001_WRITES_IT.replace(" ", "\u00a0")}).secret_hex
        == bytes(range(32)).hex()
    )


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"key": KEY_AS_SEED_001_WRITES_IT[:-1] + "g"},
            ("key", "a key must be hex digits (0-9, a-f); its spaces were left out, but 'g' is not a hex digit"),
        ),
        (
            {"key": "00 01 0"},
            (
                "key",
                "a key has an odd number of hex digits (5, spaces not counted), where it must be 32 bytes"
                " (64 hex digits): it may be the key cut short by 59 digits, or another value; copy the key again",
            ),
        ),
        (
            {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": SEAL[:-1]},
            (
                "fingerprint",
                "a seal has an odd number of hex digits (63), where it must be 32 bytes (64 hex digits): it is one"
                " digit short; copy it again",
            ),
        ),
        # one digit too many is told apart from one missing (review: "one was lost or added" for both)
        (
            {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": SEAL + "0"},
            (
                "fingerprint",
                "a seal has an odd number of hex digits (65), where it must be 32 bytes (64 hex digits): it has one"
                " digit too many; copy it again",
            ),
        ),
        # and three digits or more off, as an even count so far off is (review: 61 digits had no word of what to do)
        (
            {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": SEAL[:-3]},
            (
                "fingerprint",
                "a seal has an odd number of hex digits (61), where it must be 32 bytes (64 hex digits): it may be the"
                " seal cut short by 3 digits, or another value; copy the seal again",
            ),
        ),
        (
            {"key": KEY + "abc"},
            (
                "key",
                "a key has an odd number of hex digits (67), where it must be 32 bytes (64 hex digits): it may be the"
                " key with 3 more digits copied beside it, or another value; copy the key again",
            ),
        ),
        (
            {"key": KEY_AS_SEED_001_WRITES_IT + " 2"},
            (
                "key",
                "a key has an odd number of hex digits (65, spaces not counted), where it must be 32 bytes (64 hex"
                " digits): it has one digit too many; copy it again",
            ),
        ),
        (
            {"key": KEY_AS_SEED_001_WRITES_IT, "fingerprint": "630d cd29"},
            (
                "fingerprint",
                "a seal must be 32 bytes (64 hex digits), got 4 bytes (spaces not counted): it may be the seal cut"
                " short by 56 digits, or another value; copy the seal again",
            ),
        ),
        ({"key": "zz" * 16}, ("key", "a key must be hex digits (0-9, a-f), but 'z' is not a hex digit")),
        (
            {"key": "0x" + KEY},
            ("key", "a key must be hex digits (0-9, a-f), but 'x' is not a hex digit: leave out the 0x in front"),
        ),
        ({"key": "0x" + KEY + "g"}, ("key", "a key must be hex digits (0-9, a-f), but 'x' is not a hex digit")),
        # a 0x with no digit after it is no value whose 0x to leave out (review: leaving it out left nothing)
        (
            {"key": KEY, "fingerprint": " 0X "},
            (
                "fingerprint",
                "a seal must be hex digits (0-9, a-f), but 'X' is not a hex digit: no digits follow its 0x; copy the"
                " seal again",
            ),
        ),
        (
            {"key": KEY_AS_SEED_001_WRITES_IT.replace(" ", "") + "\u200b"},
            ("key", "a key must be hex digits (0-9, a-f), but '\\u200b' is not a hex digit"),
        ),
        (
            {"key": "0 0"},
            (
                "key",
                "a key must be 32 bytes (64 hex digits), got 1 byte (spaces not counted): it may be the key cut short"
                " by 62 digits, or another value; copy the key again",
            ),
        ),
    ],
)
def test_an_error_about_hex_says_when_spaces_were_found(fields: dict[str, Any], expected: tuple[str, str]) -> None:
    assert problem(NARDE | fields) == expected


def test_a_fullwidth_hex_digit_is_named_as_the_one_it_looks_like() -> None:
    # Review (pasting from a phone): a key typed on a Chinese, Japanese or Korean keyboard was told "'０' is not a hex
    # digit", of what reads as 0; a fullwidth letter that is no hex digit as ASCII either is not called a look-alike
    fullwidth = "".join(chr(ord(c) + 0xFEE0) for c in KEY)
    assert problem(NARDE | {"key": fullwidth}) == (
        "key",
        "a key must be hex digits (0-9, a-f), but '\uff10', a look-alike of 0, is not a hex digit",
    )
    assert problem(NARDE | {"key": KEY[:-1] + "\uff26"}) == (
        "key",
        "a key must be hex digits (0-9, a-f), but '\uff26', a look-alike of F, is not a hex digit",
    )
    assert problem(NARDE | {"key": KEY[:-1] + "\uff47"}) == (
        "key",
        "a key must be hex digits (0-9, a-f), but '\uff47' is not a hex digit",
    )
    online = {"scheme": "bg-online-v1", "server_number": KEY, "count": 1}
    assert problem(online | {"app_numbers": ["0a1\uff42", "ff"]}) == (
        "app_numbers[0]",
        "an app's number must be 1 to 128 hex digits, but '\uff42', a look-alike of b, is not a hex digit",
    )


def test_an_app_number_grouped_with_spaces_is_read_and_its_errors_say_so() -> None:
    online = {"scheme": "bg-online-v1", "server_number": "00" * 32, "count": 1}
    assert parse_request(online | {"app_numbers": ["0A 1b", "ff"]}).app_numbers == ["0a1b", "ff"]
    assert problem(online | {"app_numbers": ["0a 1b", "x 1"]}) == (
        "app_numbers[1]",
        "an app's number must be 1 to 128 hex digits (its spaces were left out), but 'x' is not a hex digit",
    )


def test_an_invisible_character_in_an_app_number_is_named_by_its_code_point() -> None:
    # Review (README walk-through): a zero-width space in an app's number was "must be 1 to 128 hex digits", where one
    # in a key is named; spaces of every kind are left out, a character that is none is not
    online = {"scheme": "bg-online-v1", "server_number": "00" * 32, "count": 1}
    assert parse_request(online | {"app_numbers": ["0a\t1b\u00a0", "f\u3000f"]}).app_numbers == ["0a1b", "ff"]
    assert problem(online | {"app_numbers": ["0a1b\u200b", "ff"]}) == (
        "app_numbers[0]",
        "an app's number must be 1 to 128 hex digits, but '\\u200b' is not a hex digit",
    )


def test_an_app_number_written_with_0x_is_told_to_leave_it_out_and_check_its_zeros() -> None:
    # Review: "0x0a1b" was told "'x' is not a hex digit", no word of the 0x; the key takes the number as written, so a
    # tool's 0x form, which may have dropped its zeros in front (0x0a1b as 0xa1b), is said to be checked for them
    online = {"scheme": "bg-online-v1", "server_number": KEY, "count": 1}
    for written in ("0x0a1b", "0X0A1B", "0x 0a1b"):
        field, message = problem(online | {"app_numbers": [written, "ff"]})
        assert field == "app_numbers[0]"
        assert message.endswith(
            "is not a hex digit: leave out the 0x in front, and check the digits after it against your app's, zeros"
            " in front and all: with another count of zeros, the same number rolls other dice"
        )
    # a 0x with no digit after it is no number to be told to keep
    assert problem(online | {"app_numbers": ["ff", "0x"]}) == (
        "app_numbers[1]",
        "an app's number must be 1 to 128 hex digits, but 'x' is not a hex digit: no digits follow its 0x; copy the"
        " app's number again",
    )
    # nor is another character than an x after a 0 told of one
    assert problem(online | {"app_numbers": ["0g0a", "ff"]})[1].endswith("but 'g' is not a hex digit")
    # and the digits after the 0x, zeros and all, are the number's: another count of zeros rolls other dice
    with_zero = verify(parse_request(online | {"app_numbers": ["0a1b", "ff"], "count": 4}))
    without = verify(parse_request(online | {"app_numbers": ["a1b", "ff"], "count": 4}))
    assert [roll["dice"] for roll in with_zero.rolls] != [roll["dice"] for roll in without.rolls]


def test_hex_is_case_insensitive_and_stored_lowercase() -> None:
    request = parse_request(PAIR36 | {"server_seed": KEY.upper(), "seal": SEAL.upper()})
    assert request.secret_hex == KEY
    assert request.seal_hex == SEAL
    assert verify(request).checks.seal == "match"


@pytest.mark.parametrize("size", [16, 32, 64])
def test_secrets_of_16_to_64_bytes_are_accepted(size: int) -> None:
    assert parse_request(PAIR36 | {"server_seed": "ab" * size}).secret_hex == "ab" * size


@pytest.mark.parametrize(
    ("secret", "message"),
    [
        ("00", "a secret must be 16 to 64 bytes (32-128 hex digits), got 1 byte"),
        ("ab" * 15, "a secret must be 16 to 64 bytes (32-128 hex digits), got 15 bytes"),
        ("ab" * 65, "a secret must be 16 to 64 bytes (32-128 hex digits), got 65 bytes"),
        # An odd count within the span is no value's: a digit was lost or added (review: 63 digits had no advice),
        # which way not said, as a secret may be any length in it
        (
            "abc" * 11,
            "a secret has an odd number of hex digits (33), where it must be 16 to 64 bytes (32-128 hex digits): a"
            " digit of it was lost or one added (hex is two digits a byte); copy it again",
        ),
        (
            KEY[:-1],
            "a secret has an odd number of hex digits (63), where it must be 16 to 64 bytes (32-128 hex digits): a"
            " digit of it was lost or one added (hex is two digits a byte); copy it again",
        ),
        # Outside it, a value cut short or another value: the span alone is said, as of an even count there
        (
            "a" * 31,
            "a secret has an odd number of hex digits (31), where it must be 16 to 64 bytes (32-128 hex digits)",
        ),
        (
            "a" * 129,
            "a secret has an odd number of hex digits (129), where it must be 16 to 64 bytes (32-128 hex digits)",
        ),
        ("zz" * 16, "a secret must be hex digits (0-9, a-f), but 'z' is not a hex digit"),
        (1234, "a secret must be a string of hex digits"),
    ],
)
def test_a_secret_outside_the_seeds_limits_is_refused_in_words(secret: object, message: str) -> None:
    assert problems(PAIR36 | {"server_seed": secret}) == [("server_seed", message)]


@pytest.mark.parametrize(
    ("request_", "field"), [(NARDE, "key"), ({"scheme": "bg-dice-v1", "key": KEY_AS_SEED_001_WRITES_IT}, "key")]
)
@pytest.mark.parametrize(
    ("key", "message"),
    [
        # 32 digits are a value cut short or another value, a 16-byte secret: the count alone does not tell (review:
        # "it is 32 digits short; copy it again"), where a hand's slip of a digit or two is said as one
        (
            "ab" * 16,
            "a key must be 32 bytes (64 hex digits), got 16 bytes: it may be the key cut short by 32 digits, or another"
            " value; copy the key again",
        ),
        ("ab" * 33, "a key must be 32 bytes (64 hex digits), got 33 bytes: it has 2 digits too many; copy it again"),
        (
            "ab" * 35,
            "a key must be 32 bytes (64 hex digits), got 35 bytes: it may be the key with 6 more digits copied beside"
            " it, or another value; copy the key again",
        ),
        (
            SEAL + SEAL.upper(),
            "a key must be 32 bytes (64 hex digits), got 64 bytes: its two halves are the same 32 bytes, as if it was"
            " pasted twice; give it once",
        ),
    ],
)
def test_a_bot_game_or_narde_key_is_the_32_bytes_its_seed_says(
    request_: dict[str, Any], field: str, key: str, message: str
) -> None:
    # Review (seeds): seeds 001 and 002 make a key of 32 bytes; one of 16 to 64, as any secret may be, read fair
    assert problems(request_ | {field: key}) == [(field, message)]
    assert parse_request(request_ | {field: SEAL}).secret_hex == SEAL


@pytest.mark.parametrize("scheme", ["bg-dice-v1", "narde-v1"])
def test_a_keys_schema_says_its_size_once(scheme: str) -> None:
    # GET /schemes and the OpenAPI document: "a key: the game's 32 bytes: 32 bytes as hex" said the size twice
    [model] = [s.request for s in all_schemes() if s.id == scheme]
    said = model.model_json_schema()["properties"]["key"]["description"]
    assert said == "the game's key: 32 bytes as hex, any case; spaces are left out"


@pytest.mark.parametrize("key", ["", "  "])
def test_an_empty_key_is_not_told_to_be_copied_again(key: str) -> None:
    # Review: a key left empty was "got 0 bytes: it is 64 digits short; copy it again", as if a copy had lost them all
    assert problems(NARDE | {"key": key}) == [("key", "a key must be 32 bytes (64 hex digits), got 0 bytes")]


def test_a_seal_is_a_sha256_of_32_bytes() -> None:
    # Review (support): a seal copied without its last two digits was "got 31 bytes", in bytes no one counts and with no
    # word of what to do; an odd count already said the digit lost and to copy it again
    assert problems(PAIR36 | {"seal": SEAL[:-2]}) == [
        ("seal", "a seal must be 32 bytes (64 hex digits), got 31 bytes: it is 2 digits short; copy it again")
    ]


def test_counts_above_the_cap_are_refused_with_the_limit_named() -> None:
    assert problems(PAIR36 | {"count": MAX_ROLLS + 1}) == [("count", "must be at most 10,000, got 10001")]
    assert parse_request(PAIR36 | {"count": MAX_ROLLS})


def test_a_bounds_limit_is_grouped_as_every_other_number_and_the_value_quoted_as_given() -> None:
    # Review: "first: must be at most 9999, got '12000'" beside "rolls 9,999 and 10,000 go past 9,999"
    assert problem(NARDE | {"key": KEY, "first": "12000"}) == ("first", "must be at most 9,999, got '12000'")
    assert problem(NARDE | {"key": KEY, "recorded": None, "count": 12000}) == (
        "count",
        "must be at most 10,000, got 12000",
    )
    # and the limit of a list's entries too
    assert problem({"scheme": "bg-dice-v1", "key": KEY, "labels": ["bg-dice-v1:turn:1"] * (MAX_ROLLS + 1)}) == (
        "labels",
        "must have at most 10,000 entries",
    )


def test_a_count_must_be_a_positive_whole_number() -> None:
    assert problems(PAIR36 | {"count": 0}) == [("count", "must be at least 1, got 0")]
    assert problems(PAIR36 | {"count": "many"}) == [("count", "must be a whole number, got 'many'")]


def test_dates_are_validated_against_the_calendar() -> None:
    assert problems(DAILY | {"date": "2026-02-30"}) == [("date", "2026-02-30 is not a date in the calendar")]
    assert problems(DAILY | {"date": "28/10/2026"}) == [("date", "a date is written YYYY-MM-DD (UTC)")]


@pytest.mark.parametrize(
    ("date", "named"),
    [
        ("2026-01-01\u200b", "'\\u200b'"),
        ("\u200b2026-01-01", "'\\u200b'"),
        ("\uff12\uff10\uff12\uff16-01-01", "'\uff12', a look-alike of 2,"),
        ("2026\uff0d01-01", "'\uff0d', a look-alike of -,"),
        ("2026\u201001\u201001", "'\u2010'"),
    ],
)
def test_a_date_holding_a_character_that_looks_like_another_or_like_nothing_names_it(date: str, named: str) -> None:
    # Review: a date copied with a zero-width space, typed in fullwidth digits or with a hyphen a word processor wrote
    # was told only "a date is written YYYY-MM-DD (UTC)", of what reads as one; a player id's such character is named
    rule = "a date is written YYYY-MM-DD (UTC)"
    said = [("date", f"{rule}: {named} is none of its digits and hyphens")]
    assert problems(DAILY | {"date": date}) == said
    link = f"/check/?scheme=daily&date={quote(date)}&player={DAILY['player_id']}"
    with pytest.raises(ValidationError) as caught:
        parse_link(link)
    assert [(p.field, p.message) for p in describe(caught.value)] == [("date", said[0][1])]
    # and an ASCII character, seen as typed, is not named: the rule says the form
    assert problems(DAILY | {"date": "2026/01/01"}) == [("date", rule)]


@pytest.mark.parametrize(
    ("date", "advice"),
    [
        ("2026-01-01T00:00:00Z", "write the date alone, as 2026-01-01"),
        ("2026-01-01T00:00:00.000Z", "write the date alone, as 2026-01-01"),
        ("2026-1-1T12:00+00:00", "write the date alone, as 2026-01-01"),
        ("2026-01-01 00:00:00 UTC", "write the date alone, as 2026-01-01"),
        ("2026-01-01 12:00", "write the date alone, as 2026-01-01"),
        ("2026-1-1", "write its month and day in two digits, as 2026-01-01"),
        ("2026-03-9", "write its month and day in two digits, as 2026-03-09"),
        # at an offset from UTC the day may be another: no example of it
        ("2026-01-01T23:00:00-05:00", "write the date alone, as the day it is in UTC"),
    ],
)
def test_a_date_written_with_a_time_or_without_its_zeros_is_told_how_to_write_it(date: str, advice: str) -> None:
    # Review: `2026-01-01T00:00:00Z` and `2026-1-1` were told the form alone, no word of what to change
    said = [("date", f"a date is written YYYY-MM-DD (UTC): {advice}")]
    assert problems(DAILY | {"date": date}) == said
    with pytest.raises(ValidationError) as caught:
        parse_link(f"/check/?scheme=daily&date={quote(date)}&player={DAILY['player_id']}")
    assert [(p.field, p.message) for p in describe(caught.value)] == said


@pytest.mark.parametrize("date", ["2026-13-01T00:00:00Z", "2026-2-30", "2026-01-01T", "2026-01-01Z", "20260101"])
def test_a_date_not_in_the_calendar_or_not_a_date_and_time_gets_the_form_alone(date: str) -> None:
    # No example is made of a day that is none, nor of what is no date with a time
    assert problems(DAILY | {"date": date}) == [("date", "a date is written YYYY-MM-DD (UTC)")]


def test_player_ids_are_canonicalised_to_lowercase_hyphenated_uuids() -> None:
    for written in [
        "123E4567-E89B-12D3-A456-426614174000",
        "123e4567e89b12d3a456426614174000",
        " 123e4567-e89b-12d3-a456-426614174000 ",
    ]:
        assert parse_request(DAILY | {"player_id": written}).player_id == "123e4567-e89b-12d3-a456-426614174000"


def test_a_player_id_that_is_not_a_uuid_is_refused() -> None:
    assert problems(DAILY | {"player_id": "player-1"}) == [
        ("player_id", "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000")
    ]


@pytest.mark.parametrize(
    ("player", "named"),
    [
        ("123e4567-e89b-12d3-a456-426614174000\u200b", "'\\u200b'"),
        ("\u201c123e4567-e89b-12d3-a456-426614174000\u201d", "'\u201c'"),
        ("123e4567\u2013e89b-12d3-a456-426614174000", "'\u2013'"),
        ("\uff11\uff12\uff13e4567-e89b-12d3-a456-426614174000", "'\uff11', a look-alike of 1,"),
        ("123e4567\uff0de89b-12d3-a456-426614174000", "'\uff0d', a look-alike of -,"),
    ],
)
def test_a_player_id_holding_a_character_that_looks_like_another_or_like_nothing_names_it(
    player: str, named: str
) -> None:
    # Second review: an id copied with a zero-width space, in curly quotes or with an en dash a word processor wrote was
    # told "a UUID such as …", of what reads as one, the character that is wrong named nowhere; as a link says it too
    rule = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000"
    said = [("player_id", f"{rule}: {named} is none of its hex digits and hyphens")]
    assert problems(DAILY | {"player_id": player}) == said
    link = f"/check/?scheme=daily&date={DAILY['date']}&player={quote(player)}"
    with pytest.raises(ValidationError) as caught:
        parse_link(link)
    assert [(p.field, p.message) for p in describe(caught.value)] == [("player", said[0][1])]
    # and an ASCII character, seen as typed, is not named: the rule's example says the form
    assert problems(DAILY | {"player_id": "player-1"}) == [("player_id", rule)]


@pytest.mark.parametrize(
    ("player", "said"),
    [
        ("123e4567-e89b-12d3-a456-42661417400", ": it has 31 hex digits, where a UUID has 32; copy it again"),
        ("123e4567e89b12d3a4564266141740000", ": it has 33 hex digits, where a UUID has 32; copy it again"),
        ("123e4567e-89b-12d3-a456-426614174000", ": its hyphens are not where a UUID's are (8-4-4-4-12 digits)"),
        ("{123e4567-e89b-12d3-a456-426614174000}", ": leave out the braces around it"),
        ("URN:UUID:123e4567-e89b-12d3-a456-426614174000", ": leave out the urn:uuid: in front"),
        ("player-1", ""),
        ("--", ""),
        ("{player-1}", ""),
    ],
)
def test_a_player_id_nearly_a_uuid_is_told_what_is_wrong_with_it(player: str, said: str) -> None:
    # Review: an id copied without its last digit, with more, or as another program writes one (in braces, after
    # urn:uuid:) was told "a UUID such as …", no word of what was wrong; other text keeps the rule's example alone
    rule = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000"
    assert problems(DAILY | {"player_id": player}) == [("player_id", f"{rule}{said}")]


@pytest.mark.parametrize(
    ("player", "said"),
    [
        (
            "42",
            ": it has 2 hex digits, where a UUID has 32; it may be the player id cut short by 30 digits, or another",
        ),
        ("7", ": it has 1 hex digit, where a UUID has 32; it may be the player id cut short by 31 digits, or another"),
        ("ab" * 32, ": it has 64 hex digits, where a UUID has 32; it may be the player id with 32 more digits copied"),
        ("123e4567-e89b-12d3-a456-4266141740", ": it has 30 hex digits, where a UUID has 32; copy it again"),
        ("123e4567-e89b-12d3-a456-42661417400000", ": it has 34 hex digits, where a UUID has 32; copy it again"),
    ],
)
def test_a_player_id_of_hex_digits_far_from_32_is_not_told_a_digit_was_lost(player: str, said: str) -> None:
    # Review: "42", a player's number, and a 64-digit key pasted into the field were told "… hex digits, where a UUID
    # has 32; copy it again", as if an id's digit had slipped, and "1 hex digits"; farther off than a slip of the hand
    # (two digits, as a hex value's count is read), the count alone does not tell an id cut short from another value
    rule = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000"
    ((field, message),) = problems(DAILY | {"player_id": player})
    assert field == "player_id" and message.startswith(f"{rule}{said}")
    assert message.endswith(
        "copy it again" if "copy it again" in said else "or another value; copy the player id again"
    )


def test_a_phrase_may_be_any_text_but_not_control_characters() -> None:
    assert parse_request({"scheme": "narde-v1", "key": KEY, "phrase": "長い |夜 🎲", "count": 1})
    assert problems({"scheme": "narde-v1", "key": KEY, "phrase": "a\nb", "count": 1}) == [
        ("phrase", "a phrase must not contain control characters: it holds a line break")
    ]


COUNTED_AS = " (counted as Unicode counts characters, where an emoji or an accented letter may be more than one)"


def assert_refused_as_a_phrase_and_a_seat_seed(text: object, rule: str) -> None:
    """`text` as narde-v1's phrase, and as three-dice's black seat's seed, is refused alone: `a phrase must {rule}`,
    and `a client seed must {rule}`."""
    assert problems({"scheme": "narde-v1", "key": KEY, "phrase": text, "count": 1}) == [
        ("phrase", f"a phrase must {rule}")
    ]
    seats = {"white": "w", "black": text}
    assert problems({"scheme": "three-dice", "seed": KEY, "client_seeds": seats, "count": 1}) == [
        ("client_seeds.black", f"a client seed must {rule}")
    ]


@pytest.mark.parametrize(
    ("given", "has"),
    [
        ("", ": it is empty"),
        ("x" * 257, ": it has 257"),
        ("\U0001f3b2" * 257, f": it has 257{COUNTED_AS}"),
        # a family emoji, three people joined by zero-width joiners, is five code points a person counts as one (review)
        ("\U0001f468\u200d\U0001f469\u200d\U0001f467" * 100, f": it has 500{COUNTED_AS}"),
        (7, ""),
    ],
)
def test_a_phrase_or_a_seat_seed_of_no_length_it_may_have_says_how_long_it_is(given: object, has: str) -> None:
    # Review: a phrase of 257 characters was told "must be text of 1 to 256 characters", no word of whether it was too
    # long or empty; counted by code point (a die emoji is one), as the page counts it too, and said so where the text
    # is not all ASCII, where a person may count otherwise (review: 100 family emoji were "it has 500"). Not of what is
    # no text
    assert_refused_as_a_phrase_and_a_seat_seed(given, f"be text of 1 to 256 characters{has}")


@pytest.mark.parametrize(
    ("phrase", "held"),
    [
        ("test\n", "a line break at its end"),
        ("test \r\n", "a line break at its end"),
        ("\ttest", "a tab at its start"),
        ("te\x00st", "'\\x00'"),
        # a vertical tab, a form feed and a next line are line breaks too, each named by its escape (review)
        ("\x85test", "a line break ('\\x85') at its start"),
        ("te\x0bst", "a line break ('\\x0b')"),
        ("test\x0c", "a line break ('\\x0c') at its end"),
    ],
)
def test_a_control_character_in_a_phrase_or_a_seat_seed_is_named_and_placed(phrase: str, held: str) -> None:
    # Review (pasting from a phone): "test" pasted with the line break after it was told it "must not contain control
    # characters", a character the person cannot see, neither named nor placed
    assert_refused_as_a_phrase_and_a_seat_seed(phrase, f"not contain control characters: it holds {held}")


def test_a_lone_surrogate_in_a_phrase_or_a_seat_seed_is_refused_as_what_it_is() -> None:
    # Given JSON's "\ud800", which decodes to half of a UTF-16 pair: no control character, and no character at all
    # (review: refused as "must not contain control characters")
    assert problems({"scheme": "narde-v1", "key": KEY, "phrase": "caf\ud800", "count": 1}) == [
        ("phrase", "a phrase must not contain a lone surrogate, which is no character")
    ]
    seats = {"white": "w\udfff", "black": "b"}
    assert problems({"scheme": "three-dice", "seed": KEY, "client_seeds": seats, "count": 1}) == [
        ("client_seeds.white", "a client seed must not contain a lone surrogate, which is no character")
    ]
    # and one beside a control character is refused for the control character, as before
    assert problems({"scheme": "narde-v1", "key": KEY, "phrase": "a\nb\ud800", "count": 1}) == [
        ("phrase", "a phrase must not contain control characters: it holds a line break")
    ]


def test_a_code_point_this_unicode_has_not_assigned_is_accepted_and_shown_as_its_code_point() -> None:
    # A browser's newer Unicode may have assigned it (U+1C89 is a letter since Unicode 16): refusing it here would give
    # the link two answers, the page's and the server's
    request = parse_request({"scheme": "narde-v1", "key": KEY, "phrase": "table\u0378", "count": 1})
    _, given = verify(request).identified_by
    assert given.value == "table\u0378"
    assert shown(given.text) == "table⟨U+0378⟩"


def test_the_control_characters_refused_are_unicodes_categories_cc_and_cs_exactly() -> None:
    refused = {code for code in range(sys.maxunicode + 1) if _CONTROL_OR_SURROGATE.search(chr(code))}
    assert refused == {code for code in range(sys.maxunicode + 1) if unicodedata.category(chr(code)) in ("Cc", "Cs")}


def _seats(white: str) -> dict[str, Any]:
    return THREE_DICE | {"client_seeds": {"white": white, "black": "b"}}


@pytest.mark.parametrize(
    ("scheme", "said", "at_the_bound", "past_it"),
    [
        (
            "bg-online-v1",
            "each 1-128 hex digits",
            ONLINE | {"app_numbers": ["f" * 128, "0"]},
            ONLINE | {"app_numbers": ["f" * 129, "0"]},
        ),
        (
            "narde-v1",
            "1-256 characters, no control characters",
            NARDE | {"key": KEY, "phrase": "é" * 256},
            NARDE | {"key": KEY, "phrase": "é" * 257},
        ),
        ("three-dice", "each 1-256 characters, no control characters", _seats("é" * 256), _seats("é" * 257)),
    ],
)
def test_the_bounds_fairdice_sets_where_the_seed_sets_none_are_documented_with_each_schemes_fields(
    scheme: str, said: str, at_the_bound: dict[str, Any], past_it: dict[str, Any]
) -> None:
    # Given the README's row of the scheme's fields
    [row] = [line for line in README.read_text().splitlines() if line.startswith(f"| `{scheme}` |")]

    # Then it says the bound, as fairdice's own and not the seed document's
    assert f"{said}: fairdice's bound, not the seed's" in row
    # and it is the bound the request keeps: a value at it is read, one character longer is refused
    assert parse_request(at_the_bound).scheme == scheme
    with pytest.raises(ValidationError):
        parse_request(past_it)


@pytest.mark.parametrize(
    ("given", "taken"),
    [
        ("https://dice.example/", "https://dice.example"),
        ("http://127.0.0.1:3000", "http://127.0.0.1:3000"),
        ("http://[::1]:3000", "http://[::1]:3000"),  # as the local server prints its own on IPv6 (review)
        ("https://dice.example/game", "https://dice.example/game"),
    ],
)
def test_a_base_url_is_an_http_url_by_name_or_address(given: str, taken: str) -> None:
    assert base_url(given) == taken


@pytest.mark.parametrize(
    "given",
    [
        "dice.example",
        "https://dice.example/?a=1",
        "https://dice.example/#x",
        "http://[zz]",
        "http://[1.2.3.4]",  # no IPv6 address in brackets: links under it cannot be read (review I)
        "http://x:99999",  # no port, no host, or a label that starts with a hyphen (review J)
        "http://x:0",  # port 0, which no connection is made to
        "http://x:000/dice",
        "http://.",
        "http://-host",
        "http://[:]",
        "http://[::::]",
    ],
)
def test_a_base_url_no_link_would_open_under_is_refused(given: str) -> None:
    with pytest.raises(ValueError, match="must be an http"):
        base_url(given)
