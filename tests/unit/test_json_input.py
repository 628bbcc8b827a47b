"""JSON as fairdice reads a game: json.loads's answer, but an object that gives a key twice, at any depth, refused."""

import copy
import json
import pickle
from typing import Any

import pytest
from fairdice import json_input
from fairdice.errors import InvalidInput, RepeatedKey
from hypothesis import given
from hypothesis import strategies as st

KEY_A, KEY_B = "aa" * 32, "bb" * 32

# JSON values whose objects each give a key once (a dict cannot give one twice): read as json.loads reads them. No NaN
# or infinity, which json.dumps writes but JSON does not have (refused below).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(value=json_values)
def test_json_whose_objects_give_each_key_once_reads_as_json_loads_reads_it(value: Any) -> None:
    text = json.dumps(value)
    assert json_input.loads(text) == json.loads(text)
    assert json_input.loads(text.encode()) == json.loads(text.encode())


def test_nested_objects_and_lists_of_objects_are_read_whole() -> None:
    text = '{"scheme": "three-dice", "client_seeds": {"white": "w", "black": "b"}, "games": [{"n": 1}, {"n": 2}, []]}'
    assert json_input.loads(text) == {
        "scheme": "three-dice",
        "client_seeds": {"white": "w", "black": "b"},
        "games": [{"n": 1}, {"n": 2}, []],
    }


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (f'{{"secret": "{KEY_A}", "secret": "{KEY_B}"}}', "secret"),
        (f'{{"scheme": "narde-v1", "key": "{KEY_A}", "phrase": "p", "key": "{KEY_B}"}}', "key"),
        # at depth: an object inside an object, inside a list, inside a list of objects
        ('{"scheme": "three-dice", "client_seeds": {"white": "w", "black": "b", "white": "x"}}', "white"),
        ('{"requests": [{"scheme": "pair36"}, {"scheme": "pair36", "scheme": "daily"}]}', "scheme"),
        ('[[{"a": [{"b": 1, "b": 1}]}]]', "b"),
        # the same key spelt with an escape is the same key once read
        ('{"secret": 1, "s\\u0065cret": 2}', "secret"),
    ],
)
def test_an_object_that_gives_a_key_twice_is_refused_naming_the_key_at_any_depth(text: str, key: str) -> None:
    for given_as in (text, text.encode()):
        with pytest.raises(RepeatedKey) as caught:
            json_input.loads(given_as)
        assert caught.value.key == key
        assert caught.value.message == f"gives the key {key!r} more than once in one object; give it once"
    assert isinstance(caught.value, InvalidInput)


def test_a_long_key_is_quoted_cut_short_with_a_mark() -> None:
    key = "k" * 500
    with pytest.raises(RepeatedKey) as caught:
        json_input.loads(json.dumps({key: 1})[:-1] + f', "{key}": 2}}')
    assert caught.value.key == key
    # cut as prose.quoted cuts every quoted value, "..." where it is cut (review: cut at 40 with no mark, it read as
    # the whole, shorter key)
    assert caught.value.message == f"gives the key '{'k' * 36}... more than once in one object; give it once"


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ('{"a": 1}'.encode("utf-16"), UnicodeDecodeError),
        ('{"a": 1}'.encode("utf-32"), UnicodeDecodeError),
        ('{"a": 1}'.encode("utf-8-sig"), json.JSONDecodeError),
        (b'{"a": "\xed\xa0\xbd\xed\xb8\x80"}', UnicodeDecodeError),  # CESU-8: a UTF-16 pair's halves, each as UTF-8
    ],
    ids=["UTF-16", "UTF-32", "UTF-8 with a BOM", "CESU-8"],
)
def test_bytes_are_read_as_utf8_alone_without_a_byte_order_mark_as_the_api_reads_a_body(
    given: bytes, error: type[Exception]
) -> None:
    # Review: json.loads reads UTF-16 and UTF-32 and skips a BOM, so an audit line POST /verify refuses was audited
    with pytest.raises(error):
        json_input.loads(given)


@pytest.mark.parametrize(
    ("given_as", "error"),
    [
        ("{broken", json.JSONDecodeError),
        (b'{"a": "\xff"}', UnicodeDecodeError),
        ("[" * 100_000, RecursionError),
        ("1" * 5000, ValueError),
    ],
)
def test_json_that_cannot_be_read_fails_as_json_loads_fails(given_as: str | bytes, error: type[Exception]) -> None:
    with pytest.raises(error) as ours:
        json_input.loads(given_as)
    with pytest.raises(error) as theirs:
        json.loads(given_as)
    assert str(ours.value) == str(theirs.value)


def test_a_byte_order_mark_is_refused_in_words() -> None:
    # As json.loads refuses it, but said in words rather than Python's "(decode using utf-8-sig)" (review)
    for text in ('\ufeff{"a": 1}', '{"a": 1}'.encode("utf-8-sig")):
        with pytest.raises(json.JSONDecodeError) as caught:
            json_input.loads(text)
        assert caught.value.msg == "it starts with a byte order mark (U+FEFF), which JSON text does not have"
        assert caught.value.pos == 0


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_the_infinities_json_loads_reads_are_refused_where_they_are_written(constant: str) -> None:
    # A string holding the word before it is text, and skipped
    text = f'{{"phrase": "{constant} [", "count": [1, {constant}]}}'
    with pytest.raises(json.JSONDecodeError) as caught:
        json_input.loads(text)
    assert caught.value.msg == f"{constant} is not a JSON value"
    assert caught.value.pos == text.rindex(constant)


@pytest.mark.parametrize("written", ["1e300", "1.50", "1e-400", "1E+5", "1e999", "-0.0", "2.0", "-1.5e-7"])
def test_a_number_with_a_point_or_an_exponent_is_the_float_json_loads_reads_quoted_as_written(written: str) -> None:
    # Given a number a message quotes (review: 1e300 was quoted as 1e+300, 1e-400 as 0.0, 1e999 as inf)
    [read] = json_input.loads(f"[{written}]")
    # Then it is json.loads's float, written by str(), format() and json.dumps as that float is
    expected = json.loads(written)
    assert read == expected and isinstance(read, float)
    assert (str(read), f"{read:g}", json.dumps(read)) == (str(expected), f"{expected:g}", json.dumps(expected))
    # and repr writes it as it was written, within a list too, and after a copy
    assert repr(read) == written and repr([read, {"a": read}]) == f"[{written}, {{'a': {written}}}]"
    assert repr(copy.deepcopy(read)) == repr(pickle.loads(pickle.dumps(read))) == written
