"""Problems in words: a name a scheme does not take says which one it most likely meant."""

from typing import Any

import pytest
from fairdice import schemes
from fairdice.problems import describe, did_you_mean
from fairdice.schemes import parse_request
from pydantic import ValidationError

KEY = bytes(range(32)).hex()
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY, "phrase": "test", "count": 3}
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 3}


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(problem.field, problem.message) for problem in describe(caught.value)]


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
