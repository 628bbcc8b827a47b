"""fairdice.schemes.pair36 (seed 000): a roll's HMAC message, the rolls against seed 000's recipe, its `+` retries
on hand-made blocks, and the client seeds a pair36 request takes."""

import pytest
from fairdice.schemes import pair36, parse_request
from fairdice.verify import verify
from hypothesis import given
from hypothesis import strategies as st

from testkit.oracles import seed_000
from testkit.oracles.fake_mac import StreamMac, TableMac
from unit.common import NONE_USABLE, PAIR36, Recording, problems
from unit.strategies import SETTINGS, client_seeds, keys


@SETTINGS
@given(key=keys, seats=st.lists(client_seeds, min_size=1, max_size=8), number=st.integers(1, 10**9))
def test_pair36_message_is_the_client_seeds_and_roll_number_joined_by_colons(
    key: bytes, seats: list[str], number: int
) -> None:
    mac = Recording(key)
    roll = pair36.roll(mac, seats, number)
    expected = ":".join([*seats, str(number)])
    assert mac.messages == [expected.encode()]
    assert roll.message == expected


# Seed 000's recipe and the package on the same random inputs: first with real HMACs, then with stand-in MACs that
# reject most bytes, so that every `+` retry is taken many times over.
@SETTINGS
@given(
    key=keys,
    seats=st.lists(client_seeds, min_size=1, max_size=8),
    first=st.integers(1, 9_971),  # a match's roll numbers run to 10,000
    count=st.integers(1, 30),
)
def test_pair36_agrees_with_seed_000_recipe(key: bytes, seats: list[str], first: int, count: int) -> None:
    request = parse_request(
        {"scheme": "pair36", "server_seed": key.hex(), "client_seeds": seats, "first": first, "count": count}
    )
    verdict = verify(request)
    assert verdict.seal.computed == seed_000.seal(key)
    for report in verdict.rolls:
        dice, message = seed_000.roll(key, seats, report["index"])
        assert (report["dice"], report["message"]) == (list(dice), message)


@SETTINGS
@given(
    stream=st.builds(StreamMac, salt=st.binary(min_size=1, max_size=8), cut=st.integers(1, 4)),
    seats=st.lists(client_seeds, min_size=1, max_size=3),
    number=st.integers(1, 10**6),
)
def test_pair36_plus_retries_agree_with_seed_000_recipe_on_byte_streams_without_usable_bytes(
    stream: StreamMac, seats: list[str], number: int
) -> None:
    dice, message = seed_000.roll(b"", seats, number, lambda _key, m: stream(m))
    assert pair36.roll(stream, seats, number)[1:3] == (message, dice)


# Branches a real HMAC never reaches (a block without a byte below 252), driven by hand-made blocks. Each expected value
# is worked out by hand from the seed's rule, in the comment beside it. The stand-in MAC knows only the listed messages,
# so asking for any other block fails the test.
def test_pair36_retries_with_a_plus_after_the_client_seed_part_when_no_byte_is_below_252() -> None:
    mac = TableMac({b"a:b:1": NONE_USABLE, b"a:b+:1": bytes([251]) + bytes(31)})
    roll = pair36.roll(mac, ["a", "b"], 1)
    # 251 mod 36 = 35 → (35 div 6 + 1, 35 mod 6 + 1) = (6, 6)
    assert (roll.message, roll.dice) == ("a:b+:1", (6, 6))


def test_pair36_second_retry_appends_a_second_plus() -> None:
    mac = TableMac({b"a:b:7": NONE_USABLE, b"a:b+:7": NONE_USABLE, b"a:b++:7": b"\xff\xfc" + bytes([13]) + bytes(29)})
    roll = pair36.roll(mac, ["a", "b"], 7)
    # first byte below 252 is 13 → 13 div 6 + 1 = 3, 13 mod 6 + 1 = 2
    assert (roll.number, roll.message, roll.dice) == (7, "a:b++:7", (3, 2))


def test_pair36_retry_with_one_seat_puts_the_plus_after_that_seed() -> None:
    mac = TableMac({b"mine:3": NONE_USABLE, b"mine+:3": bytes(32)})
    assert pair36.roll(mac, ["mine"], 3).message == "mine+:3"


@pytest.mark.parametrize(
    ("seed", "named"),
    [
        ("a b", "' '"),
        ("é", "'é'"),
        ("a:b", "':'"),
        ("a+", "'+'"),
        ("b\u200b", "'\\u200b'"),
        # a fullwidth letter or digit as the one it looks like (review: "'ａ' is none of them" of letters and digits),
        # fullwidth punctuation that is none either not
        ("\uff41b", "'\uff41', a look-alike of a,"),
        ("b\uff17", "'\uff17', a look-alike of 7,"),
        ("b\uff3f", "'\uff3f', a look-alike of _,"),
        ("b\uff0b", "'\uff0b'"),
    ],
)
def test_a_pair36_client_seed_is_1_to_128_letters_digits_underscores_and_hyphens(seed: str, named: str | None) -> None:
    # The character it may not hold is named, an invisible one as its escape (review: support)
    rule = "a client seed is 1 to 128 characters of letters, digits, _ and -"
    assert problems(PAIR36 | {"client_seeds": ["ok", seed]}) == [
        ("client_seeds[1]", rule if named is None else f"{rule}: {named} is none of them")
    ]


@pytest.mark.parametrize(
    ("seed", "length"), [("", "it is empty"), ("x" * 129, "it has 129"), ("x" * 1000, "it has 1,000")]
)
def test_a_pair36_client_seed_of_no_character_or_too_many_says_its_length(seed: str, length: str) -> None:
    # Review: an empty seed and one of 129 characters were told the rule alone, no word of which was wrong; a phrase
    # says its length (pair36.js says the same words)
    rule = "a client seed is 1 to 128 characters of letters, digits, _ and -"
    assert problems(PAIR36 | {"client_seeds": ["ok", seed]}) == [("client_seeds[1]", f"{rule}: {length}")]


def test_a_pair36_client_seed_of_128_characters_is_accepted() -> None:
    assert parse_request(PAIR36 | {"client_seeds": ["Z_-9" * 32]})


def test_pair36_needs_at_least_one_seat() -> None:
    assert problems(PAIR36 | {"client_seeds": []}) == [("client_seeds", "must have at least 1 entry")]


def test_a_hex_client_seed_with_capital_letters_says_that_another_case_rolls_other_dice() -> None:
    # Given the same hex digits in two cases: seed 000's message holds a client seed as written
    match = {"scheme": "pair36", "server_seed": bytes(range(32)).hex(), "count": 3}
    mixed, small = "9f86d081884c7d659A2feAa0", "9f86d081884c7d659a2feaa0"
    verdicts = [verify(parse_request(match | {"client_seeds": [seed, "B", "x_Y"]})) for seed in (mixed, small)]
    assert verdicts[0].rolls != verdicts[1].rolls

    # Then the identity says so of each seed of hex digits with a capital (B too), and of no other seed
    descriptions = [verdict.identified_by[1].description for verdict in verdicts]
    assert descriptions[0].endswith(
        "yours is the one your app showed; 9f86d081884c… holds capital letters: in another case the same"
        " seed rolls other dice, so check that your app showed it in the same case; B holds a capital letter: in"
        " another case the same seed rolls other dice, so check that your app showed it in the same case"
    )
    assert descriptions[1].endswith(
        "yours is the one your app showed; B holds a capital letter: in another case the same seed rolls other dice, so"
        " check that your app showed it in the same case"
    )
