"""fairdice.problems: a refusal in words, naming its field: a missing or unknown scheme, a field that is missing or
not the scheme's, every problem at once, a domain error; and a name a scheme does not take says which one it most
likely meant."""

import json
from typing import Any

import pytest
from fairdice import schemes
from fairdice.errors import InvalidInput
from fairdice.problems import Parameter, Problem, describe, did_you_mean, path_meant

from unit.common import PAIR36, problems

KEY = bytes(range(32)).hex()
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "phrase": "test", "count": 3}


def test_another_scheme_s_name_for_the_seal_suggests_this_scheme_s() -> None:
    # A support agent sends seed 000's `seal` for a narde game: narde-v1 calls it the fingerprint
    assert problems(NARDE | {"seal": SEAL}) == [
        (
            "seal",
            "is not a field of scheme narde-v1; did you mean fingerprint (narde-v1's name for the seal shown before"
            " the game)?",
        )
    ]


def test_another_scheme_s_name_for_the_secret_suggests_this_scheme_s() -> None:
    assert problems({"scheme": "three-dice", "server_seed": KEY, "count": 1}) == [
        (
            "server_seed",
            "is not a field of scheme three-dice; did you mean seed (three-dice's name for the revealed secret)?",
        )
    ]


@pytest.mark.parametrize(
    ("sent", "meant"),
    [("fingerprnt", "fingerprint"), ("Phrase", "phrase"), ("frist", "first")],
)
def test_a_misspelt_field_suggests_the_one_spelt_alike(sent: str, meant: str) -> None:
    [(_, message)] = [p for p in problems(NARDE | {sent: "x"}) if p[0] == sent]
    assert message == f"is not a field of scheme narde-v1; did you mean {meant}?"


def test_a_field_in_camel_case_suggests_its_snake_case_name() -> None:
    assert ("serverSeed", "is not a field of scheme pair36; did you mean server_seed?") in problems(
        {"scheme": "pair36", "serverSeed": KEY, "client_seeds": ["a"], "count": 1}
    )


def test_a_link_s_parameter_sent_as_json_suggests_the_field_it_fills() -> None:
    assert problems(PAIR36 | {"rolls": "6344"}) == [
        ("rolls", "is not a field of scheme pair36; did you mean recorded (rolls is its name in a link)?")
    ]


def test_a_name_nothing_is_near_gets_no_suggestion() -> None:
    assert problems(PAIR36 | {"phrase": "test"}) == [("phrase", "is not a field of scheme pair36")]


def test_in_a_link_the_suggestion_is_the_link_s_own_parameter() -> None:
    pair36, narde = schemes.get("pair36"), schemes.get("narde-v1")
    assert did_you_mean("recorded", pair36, in_link=True) == "; did you mean rolls (the link's name for recorded)?"
    assert did_you_mean("count", narde, in_link=True) == "; did you mean n (the link's name for count)?"
    assert did_you_mean("fingerprint", pair36, in_link=True) == (
        "; did you mean seal (pair36's name for the seal shown before the game)?"
    )
    assert did_you_mean("phrse", narde, in_link=True) == "; did you mean phrase?"


def test_a_request_without_a_scheme_whose_fields_only_one_scheme_takes_names_it() -> None:
    # Given seed 003's GET /games/{id} answer sent as it is, without "scheme"
    found = problems({"seed": KEY, "clientSeeds": {"white": "w", "black": "b"}, "commit": SEAL})
    one_of = "pair36, bg-dice-v1, bg-online-v1, narde-v1, three-dice, daily"
    assert found == [
        (
            "scheme",
            f'is required and must be one of {one_of}: these fields are three-dice\'s, so add "scheme": "three-dice"',
        )
    ]
    # fields two schemes take (bg-dice-v1's and narde-v1's key) name neither
    assert problems({"key": KEY}) == [("scheme", f"is required and must be one of {one_of}")]


def test_a_field_of_another_scheme_is_named_as_not_a_field_of_this_one() -> None:
    assert problems(PAIR36 | {"phrase": "test"}) == [("phrase", "is not a field of scheme pair36")]


def test_a_missing_field_is_required() -> None:
    assert problems({"scheme": "narde-v1", "key": KEY, "count": 1}) == [("phrase", "is required")]


def test_a_missing_or_unknown_scheme_lists_the_schemes() -> None:
    one_of = "pair36, bg-dice-v1, bg-online-v1, narde-v1, three-dice, daily"
    assert problems({"key": KEY}) == [("scheme", f"is required and must be one of {one_of}")]
    assert problems({"scheme": "dice"}) == [("scheme", f"must be one of {one_of}, not 'dice'")]
    # a scheme's id in other capitals or spelt alike is suggested; nothing near, or not text, suggests none
    assert problems({"scheme": "Narde-V1"}) == [
        ("scheme", f"must be one of {one_of}, not 'Narde-V1'; did you mean narde-v1?")
    ]
    assert problems({"scheme": "bg online"}) == [
        ("scheme", f"must be one of {one_of}, not 'bg online'; did you mean bg-online-v1?")
    ]
    assert problems({"scheme": 36}) == [("scheme", f"must be one of {one_of}, not 36")]


def test_a_request_that_is_not_an_object_is_refused_as_a_whole() -> None:
    assert problems(["pair36"]) == [("request", "must be a JSON object")]


def test_several_problems_are_all_reported() -> None:
    found = problems({"scheme": "pair36", "server_seed": "ab", "client_seeds": ["a b"], "count": 0, "x": 1})
    assert sorted(field for field, _ in found) == ["client_seeds[0]", "count", "server_seed", "x"]


def test_a_domain_error_is_described_by_its_field() -> None:
    assert describe(InvalidInput("give the day's secret", field="secret")) == [
        Problem(field="secret", message="give the day's secret")
    ]
    assert describe(InvalidInput("cannot be verified")) == [Problem(field="request", message="cannot be verified")]


LONE = "holds a lone surrogate (an escape from \\ud800 to \\udfff on its own), which is no character"


def test_an_escaped_lone_surrogate_is_said_in_words_where_a_key_or_yes_or_no_holds_one() -> None:
    # Review: pydantic's "Input should be a valid string, unable to parse raw data as a unicode string"
    assert problems(json.loads('{"scheme": "pair36", "\\ud800": 1}')) == [("request", f"a field's name {LONE}")]
    opening = json.loads('{"scheme": "bg-dice-v1", "key": "%s", "opening": "\\ud800"}' % ("00" * 32))
    assert problems(opening) == [("opening", LONE)]
    seats = json.loads('{"scheme": "three-dice", "seed": "%s", "client_seeds": {"\\ud800": 1}}' % ("00" * 32))
    assert problems(seats) == [("client_seeds", LONE)]


def test_the_address_a_path_was_meant_for_is_offered_only_where_it_fits_whole_its_root_and_all() -> None:
    # Given an error that quotes at most `most` characters, which a cut address would leave an ellipsis in (review)
    address = "/prod/daily/2025-03-01/abc"
    # Then the address meant is offered where it fits whole, the site's root counted, and else not at all
    assert path_meant("/Daily/2025-03-01/abc", ["/daily/<date>/<player_id>"], "/prod", len(address)) == (
        f"; did you mean {address}?"
    )
    assert path_meant("/Daily/2025-03-01/abc", ["/daily/<date>/<player_id>"], "/prod", len(address) - 1) == ""


def test_an_address_meant_writes_a_parameter_s_form_where_the_path_holds_no_value_it_takes() -> None:
    # Given a route's parameter said to take digits alone, and a path near its address
    digits = {"n": Parameter(str.isdigit, "NN", "a number")}
    # Then a value it takes is kept, and one it does not is written as its form, said what it is (review: the address
    # meant kept a date its route refuses, /daily/x)
    assert path_meant("/Item/12", ["/item/<n>"], parameters=digits) == "; did you mean /item/12?"
    assert path_meant("/Item/x", ["/item/<n>"], parameters=digits) == "; did you mean /item/NN (a number)?"
    assert path_meant("/Item/x", ["/item/<n>"]) == "; did you mean /item/x?"
    # and the form counts in the length of an address offered whole or not at all
    assert (
        path_meant("/Item/x", ["/item/<n>"], "/p", len("/p/item/NN"), digits) == "; did you mean /p/item/NN (a number)?"
    )
    assert path_meant("/Item/x", ["/item/<n>"], "/p", len("/p/item/NN") - 1, digits) == ""
