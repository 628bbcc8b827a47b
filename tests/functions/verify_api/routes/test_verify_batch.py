"""POST /verify/batch through the handler: a batch's entries, summary and limits as the API answers them."""

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from fairdice.batch import MAX_GAMES
from verify_api import app as api

from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

Event = dict[str, Any]


def invoke(event: Event) -> tuple[int, dict[str, str], str]:
    answer = api.lambda_handler(event, FakeLambdaContext())
    return answer["statusCode"], answer.get("headers", {}), answer.get("body", "")


def with_body(event: Event, body: object) -> Event:
    changed = copy.deepcopy(event)
    changed["body"] = json.dumps(body)
    return changed


def test_a_batch_answers_every_game_and_a_bad_one_only_spoils_itself(load_event: Callable[[str], Event]) -> None:
    status, headers, body = invoke(load_event("api-verify-batch"))
    assert (status, headers["Content-Type"]) == (200, "application/json")
    answer = json.loads(body)
    results = answer["results"]
    assert [r["index"] for r in results] == [0, 1, 2, 3]
    assert [r["verdict"]["verdict"] for r in results[:3]] == ["fair", "mismatch", "fair"]
    assert results[1]["verdict"]["diagnosis"][0]["try"] == {"first": 0}
    error = results[3]["error"]
    assert set(error) == {"code", "message", "problems"}
    assert (error["code"], error["problems"][0]["field"]) == ("invalid_input", "server_seed")
    assert answer["summary"] == {
        "games": 4,
        "fair": 2,
        "mismatch": 1,
        "incomplete": 0,
        "withheld": 0,
        "errors": 1,
    }


def test_a_batch_over_the_roll_cap_is_refused_whole_naming_requests(load_event: Callable[[str], Event]) -> None:
    status, headers, body = invoke(load_event("api-verify-batch-over-cap"))
    assert (status, headers["Content-Type"]) == (422, "application/json")
    error = json.loads(body)["error"]
    assert error["problems"][0]["field"] == "requests"
    assert "12,000 rolls in all, more than a batch's limit of 10,000" in error["message"]


@pytest.mark.parametrize(
    "body",
    [{"requests": []}, {"requests": [{"scheme": "narde-v1"}] * (MAX_GAMES + 1)}, {}, {"requests": "all of them"}],
    ids=["no games", "too many games", "no requests", "not a list"],
)
def test_a_malformed_batch_is_a_422_naming_requests(load_event: Callable[[str], Event], body: object) -> None:
    status, _, text = invoke(with_body(load_event("api-verify-batch"), body))
    assert status == 422
    assert json.loads(text)["error"]["problems"][0]["field"] == "requests"


def test_one_verify_request_sent_as_a_batch_is_told_where_it_goes_and_how_a_batch_holds_it(
    load_event: Callable[[str], Event],
) -> None:
    # Review: POST /verify's own body sent here was "requests: is required (and 4 more problems)", each of its fields
    # "is not a field of this request"
    # Given one game's verify request as the whole body
    game = json.loads(load_event("api-verify-batch")["body"])["requests"][0]
    status, _, text = invoke(with_body(load_event("api-verify-batch"), game))

    # Then one problem names requests, says the body is one game's, and where it goes
    assert status == 422
    assert json.loads(text)["error"]["problems"] == [
        {
            "field": "requests",
            "message": "is required: this body is one verify request, which POST /verify takes; a batch sends its"
            ' games as {"requests": [one verify request a game]}',
        }
    ]


def test_a_batch_with_requests_misspelt_beside_a_scheme_is_not_told_it_is_one_verify_request(
    load_event: Callable[[str], Event],
) -> None:
    # Review: {"scheme": …, "request": [...]} was told "this body is one verify request, which POST /verify takes",
    # which it is not, and nothing named the misspelt "request"
    # Given a batch's games under "request", beside a scheme shared by them
    games = json.loads(load_event("api-verify-batch")["body"])["requests"]
    status, _, text = invoke(with_body(load_event("api-verify-batch"), {"scheme": "narde-v1", "request": games}))

    # Then each name the batch does not take is a problem of its own, as for any other body
    assert status == 422
    assert json.loads(text)["error"]["problems"] == [
        {"field": "requests", "message": "is required"},
        {"field": "scheme", "message": "is not a field of this request"},
        {"field": "request", "message": "is not a field of this request"},
    ]


def test_a_batch_entry_that_is_not_an_object_is_an_error_entry(load_event: Callable[[str], Event]) -> None:
    status, _, text = invoke(with_body(load_event("api-verify-batch"), {"requests": [42, None]}))
    assert status == 200
    answer = json.loads(text)
    assert [r["error"]["code"] for r in answer["results"]] == ["invalid_input", "invalid_input"]
    assert answer["summary"]["errors"] == 2


def test_the_openapi_document_has_the_batch_route_and_the_page(load_event: Callable[[str], Event]) -> None:
    _, _, text = invoke(load_event("api-openapi"))
    paths = json.loads(text)["paths"]
    assert "post" in paths["/verify/batch"]
    assert "text/html" in paths["/check"]["get"]["responses"]["200"]["content"]
