"""Served under a custom domain's base path (FAIRDICE_BASE_PATH), read at cold start: fresh processes.

API Gateway's API mapping with a path (`dice` on api.example.com) leaves that path in front of
every request's rawPath. Every route must answer there as it does at the root (the API's own URL
stays usable), and links built from such a request must keep the base path.
"""

import copy
import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cold_start import answered
from fairdice.archive.publisher import publish
from fairdice.http import PATH_SAID, cut_path
from fairdice.storage import StorageSettings
from verify_api_calls import EVENTS, Event

DOMAIN = "api.example.com"


def through(event: Event, base: str = "") -> Event:
    """The event as it arrives through the custom domain, under `base` (API Gateway keeps it in rawPath)."""
    changed = copy.deepcopy(event)
    changed["rawPath"] = changed["requestContext"]["http"]["path"] = base + event["rawPath"]
    changed["requestContext"]["domainName"] = changed["headers"]["host"] = DOMAIN
    changed["requestContext"]["domainPrefix"] = "api"
    return changed


def servers_in(page: str) -> list[str]:
    """The server URLs of the OpenAPI document the Swagger UI page carries."""
    return re.findall(r'"servers":\s*\[\s*\{\s*"url":\s*"([^"]*)"', page)


API_EVENTS = sorted(path.stem for path in EVENTS.glob("api-*.json"))


@pytest.fixture(scope="module")
def under_dice(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, Any]]:
    """Each api-*.json event answered at the domain's root and under /dice, with FAIRDICE_BASE_PATH=dice."""
    events = [json.loads((EVENTS / f"{name}.json").read_text()) for name in API_EVENTS]
    data = str(tmp_path_factory.mktemp("archive"))
    answers = answered(
        [through(event) for event in events] + [through(event, "/dice") for event in events],
        "verify_api.app",
        FAIRDICE_BASE_PATH="dice",
        FAIRDICE_DATA_DIR=data,
    )
    return {name: (answers[i], answers[len(events) + i]) for i, name in enumerate(API_EVENTS)}


@pytest.mark.parametrize("name", API_EVENTS)
def test_every_route_answers_under_the_base_path_as_at_the_root(
    under_dice: dict[str, tuple[Any, Any]], name: str
) -> None:
    root, based = under_dice[name]
    assert based["status"] == root["status"], based["body"]
    assert based["headers"].get("Content-Type") == root["headers"].get("Content-Type")
    if name == "api-method-not-allowed":
        assert based["status"] == 405 and based["headers"]["Allow"] == root["headers"]["Allow"]
    elif name not in ("api-links-pair36", "api-docs", "api-not-found", "api-method-not-allowed"):
        # A page's link to the offline verifier (GET /) keeps the base path it came under, as links do.
        assert based["body"].replace('href="/dice/"', 'href="/"') == root["body"]


def test_a_link_built_under_the_base_path_keeps_it(under_dice: dict[str, tuple[Any, Any]]) -> None:
    root, based = under_dice["api-links-pair36"]
    assert json.loads(root["body"])["url"].startswith(f"https://{DOMAIN}/check/?")
    assert json.loads(based["body"])["url"] == json.loads(root["body"])["url"].replace("/check/", "/dice/check/")


def test_the_docs_page_calls_the_api_back_and_loads_swagger_ui_under_the_base_path(
    under_dice: dict[str, tuple[Any, Any]],
) -> None:
    root, based = under_dice["api-docs"]
    assert servers_in(based["body"]) == ["/dice"]
    assert servers_in(root["body"]) == ["/"]
    assert re.search(r"<script src='/dice/docs/swagger-ui-[0-9.]+/swagger-ui-bundle.min.js'>", based["body"])
    assert re.search(r"<script src='/docs/swagger-ui-[0-9.]+/swagger-ui-bundle.min.js'>", root["body"])


def test_only_the_base_path_itself_is_taken_off(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-schemes")
    near_misses = [through(event, "/dicey"), through(event, "/dice/dice"), through(event, "/other")]

    answers = answered(near_misses, "verify_api.app", FAIRDICE_BASE_PATH="/dice/")

    assert [answer["status"] for answer in answers] == [404, 404, 404]


def test_a_days_record_page_names_the_players_address_under_the_base_path(tmp_path: Path) -> None:
    # Given a revealed day in a local archive, and the day's record asked for by a browser through /dice
    stores = StorageSettings(data_dir=tmp_path).stores()
    publish(stores, dt.datetime(2025, 3, 1, tzinfo=dt.UTC))
    publish(stores, dt.datetime(2025, 3, 2, tzinfo=dt.UTC))
    event = json.loads((EVENTS / "api-daily-record.json").read_text())
    event["headers"]["accept"] = "text/html"

    (page,) = answered(
        [through(event, "/dice")], "verify_api.app", FAIRDICE_BASE_PATH="dice", FAIRDICE_DATA_DIR=str(tmp_path)
    )

    # Then where a player's roll is and the offline verifier keep the base path
    assert page["status"] == 200, page["body"][:500]
    assert "<code>/dice/daily/2025-03-01/</code>" in page["body"]
    assert 'href="/dice/"' in page["body"]


def test_a_missing_body_under_the_base_path_names_the_route_as_it_was_called(
    load_event: Callable[[str], Event],
) -> None:
    # Given POST /dice/verify with no body, and with a list, through the custom domain (review: "POST /verify takes",
    # the route named without the base path its 404 and 405 keep)
    event = through(load_event("api-verify-narde-fair"), "/dice")
    no_body, a_list = copy.deepcopy(event), {**event, "body": "[]"}
    del no_body["body"]

    answers = answered([no_body, a_list], "verify_api.app", FAIRDICE_BASE_PATH="dice")

    # Then each 422 says what POST /dice/verify takes
    messages = [json.loads(answer["body"])["error"]["message"] for answer in answers]
    assert [answer["status"] for answer in answers] == [422, 422]
    assert messages[0].startswith("request: is required: POST /dice/verify takes one verify request")
    assert messages[1].startswith("request: must be a JSON object: POST /dice/verify takes one verify request")


def test_a_missing_body_under_a_base_path_longer_than_an_error_quotes_names_the_route_cut(
    load_event: Callable[[str], Event],
) -> None:
    # Given a base path longer than an error quotes a path (the one way a long path reaches a POST route: POST /verify,
    # /verify/batch and /links take no parameter), and POST <base>/verify with no body, through the custom domain
    base = "/" + "/".join(["dice"] * 60)
    event = through(load_event("api-verify-narde-fair"), base)
    del event["body"]

    (answer,) = answered([event], "verify_api.app", FAIRDICE_BASE_PATH=base)

    # Then the 422 names the route by its path cut, as a 404 and a 405 quote a long path
    message = json.loads(answer["body"])["error"]["message"]
    said = cut_path(f"{base}/verify")
    assert answer["status"] == 422 and said.endswith("…") and len(said) == PATH_SAID
    assert message.startswith(f"request: is required: POST {said} takes one verify request")
