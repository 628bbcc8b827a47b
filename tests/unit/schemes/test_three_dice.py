"""three-dice (seed 003): the document's own JSON, the GameEnded event and the answer of GET /games/{id}, is a request.

The seeds come as seed 003 publishes them: `seed` and `clientSeeds` (camel case), inside a GameEnded event or beside
the `commit` of the create response. One canonical request comes out of every form, and problems are named as the
document names its fields.
"""

from typing import Any

import pytest
from fairdice.problems import describe
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from pydantic import ValidationError

SEED = bytes(range(32)).hex()
COMMIT = seal_of(bytes(range(32)))
SEATS = {"white": "3f2a9c", "black": "guest-81"}
# The live event at the end of a game, as seed 003 shows its shape (here a normal game's: the seeds are revealed)
GAME_ENDED = {"over": {"result": {"Draw": {}}, "termination": "Aborted"}, "seed": SEED, "clientSeeds": SEATS}
CANONICAL: dict[str, Any] = {"scheme": "three-dice", "seed": SEED, "commit": COMMIT, "client_seeds": SEATS}


def plies(count: int) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(CANONICAL | {"count": count})).rolls]


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(problem.field, problem.message) for problem in describe(caught.value)]


@pytest.mark.parametrize(
    "transcript",
    [
        {"GameEnded": GAME_ENDED, "commit": COMMIT},  # the GameEnded event, beside the commit of the create response
        {"seed": SEED, "clientSeeds": SEATS, "commit": COMMIT},  # GET /games/{id} after the end, with the commit
    ],
    ids=["GameEnded", "GET /games/{id}"],
)
def test_seed_003_s_own_json_is_the_canonical_request_and_checks_fair(transcript: dict[str, Any]) -> None:
    # Given the game's plies as the player saw them
    recorded = plies(8)

    # When seed 003's JSON is sent as it is, with the scheme named
    request = parse_request({"scheme": "three-dice", "recorded": recorded} | transcript)

    # Then it is the one canonical request (client_seeds in every answer and link), and the game is fair
    assert request == parse_request(CANONICAL | {"recorded": recorded})
    assert request.model_dump(mode="json")["client_seeds"] == SEATS
    assert verify(request).verdict == "fair"


@pytest.mark.parametrize(
    "transcript",
    [
        {"GameEnded": {"over": {"result": {"Draw": {}}, "termination": "Aborted"}, "seed": None, "clientSeeds": None}},
        {"seed": None, "clientSeeds": None},
    ],
    ids=["GameEnded", "GET /games/{id}"],
)
def test_a_mirror_pair_s_game_with_seed_and_client_seeds_null_is_withheld(transcript: dict[str, Any]) -> None:
    verdict = verify(parse_request({"scheme": "three-dice"} | transcript))
    assert verdict.verdict == "withheld"
    assert verdict.withheld is not None and "GET /games/{id}" in verdict.withheld.reason


def test_a_seed_without_client_seeds_or_the_other_way_round_is_refused_in_the_document_s_names() -> None:
    assert problems({"scheme": "three-dice", "seed": SEED, "clientSeeds": None}) == [
        ("clientSeeds", "white's and black's client seeds are needed with a revealed seed")
    ]
    ended = {"over": {}, "seed": None, "clientSeeds": SEATS}
    assert problems({"scheme": "three-dice", "GameEnded": ended}) == [
        (
            "GameEnded.seed",
            "the revealed seed is needed with the client seeds; only a mirror pair's game not revealed yet shows seed"
            " and client seeds both null",
        )
    ]


def test_a_problem_inside_the_event_is_named_by_its_path_in_the_event() -> None:
    ended = {"over": {}, "seed": "zz", "clientSeeds": {"white": "w"}}
    assert problems({"scheme": "three-dice", "GameEnded": ended, "count": 1}) == [
        ("GameEnded.seed", "a secret must be hex digits (0-9, a-f)"),
        ("GameEnded.clientSeeds.black", "is required"),
    ]


@pytest.mark.parametrize(
    ("transcript", "problem"),
    [
        ({"GameEnded": [GAME_ENDED]}, ("GameEnded", "must be seed 003's GameEnded event")),
        ({"GameEnded": GAME_ENDED | {"ply": 3}}, ("GameEnded.ply", "is not in seed 003's GameEnded event")),
        ({"GameEnded": {"seed": SEED}}, ("GameEnded.clientSeeds", "is required: seed 003's GameEnded event")),
        ({"GameEnded": GAME_ENDED, "seed": SEED}, ("seed", "is given beside GameEnded, which carries it already")),
        ({"seed": SEED, "clientSeeds": SEATS, "client_seeds": SEATS}, ("clientSeeds", "is seed 003's name for")),
    ],
)
def test_a_transcript_that_says_a_seed_twice_or_holds_what_the_event_does_not_is_refused(
    transcript: dict[str, Any], problem: tuple[str, str]
) -> None:
    [(field, message)] = problems({"scheme": "three-dice", "count": 1} | transcript)
    assert field == problem[0]
    assert message.startswith(problem[1])
