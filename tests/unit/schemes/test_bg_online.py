"""bg-online-v1 (seed 001, online): the key comes from the server's number and both apps' numbers, in an order the
document does not fix; the diagnosis tries them the other way round."""

from typing import Any

from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify

KEY = bytes(range(32)).hex()
ONLINE: dict[str, Any] = {
    "scheme": "bg-online-v1",
    "server_number": KEY,
    "seal": seal_of(bytes(range(32))),
    "app_numbers": ["0a1b", "ff02"],
}


def rolls_of(request: dict[str, Any]) -> list[list[int]]:
    return [list(report["dice"] or []) for report in verify(parse_request(request)).rolls]


def test_the_apps_numbers_sent_the_other_way_round_are_found_and_the_try_is_fair() -> None:
    # Given a game whose key joined the apps' numbers as ff02:0a1b, sent as 0a1b, ff02 (seed 001 only says "both
    # apps' numbers … separated by a colon")
    played = ONLINE | {"app_numbers": ["ff02", "0a1b"]}
    mistaken = ONLINE | {"recorded": rolls_of(played | {"count": 30})}

    # When it is verified
    verdict = verify(parse_request(mistaken))

    # Then the diagnosis says the numbers are the other way round, and its try checks the whole game fair
    assert verdict.verdict == "mismatch" and verdict.diagnosis is not None
    found = verdict.diagnosis[0]
    assert (found.cause, found.explains, found.try_) == (
        "seat_order",
        "30 of 30 rolls",
        {"app_numbers": ["ff02", "0a1b"]},
    )
    assert "does not say which comes first" in found.detail
    assert verify(parse_request(mistaken | found.try_)).verdict == "fair"


def test_another_game_of_the_match_with_the_numbers_the_other_way_round_is_found_too() -> None:
    played = ONLINE | {"app_numbers": ["ff02", "0a1b"], "game": 2}
    mistaken = ONLINE | {"recorded": rolls_of(played | {"count": 30})}
    verdict = verify(parse_request(mistaken))
    assert verdict.diagnosis is not None
    found = verdict.diagnosis[0]
    assert (found.cause, found.try_) == ("match_game", {"game": 2, "app_numbers": ["ff02", "0a1b"]})
    assert found.detail.endswith("not game 1, with the apps' numbers the other way round")
    assert verify(parse_request(mistaken | found.try_)).verdict == "fair"


def test_equal_numbers_are_not_tried_swapped() -> None:
    same = ONLINE | {"app_numbers": ["0a", "0a"]}
    mistaken = same | {"recorded": rolls_of(same | {"game": 3, "count": 30})}
    verdict = verify(parse_request(mistaken))
    assert verdict.diagnosis is not None
    assert all("other way round" not in finding.detail for finding in verdict.diagnosis)
