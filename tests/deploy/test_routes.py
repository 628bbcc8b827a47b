"""The HTTP API's routes: each declared once, and every event file names one of them."""

from typing import Any

import pytest
from security.cloudformation import load_template

from deploy.stack import EVENTS, event_file, routes


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def test_check_is_one_route_because_api_gateway_serves_check_slash_on_it(template: dict[str, Any]) -> None:
    # API Gateway matches /check/ to the GET /check route; a second GET /check/ route gets the same
    # invoke permission ARN, so the deployment may conflict or drop one of them.
    declared = routes(template)
    assert "GET /check" in declared
    assert not [key for key in declared if key.endswith("/")]


@pytest.mark.parametrize("name", sorted(p.name for p in EVENTS.glob("*.json") if "routeKey" in p.read_text()))
def test_every_http_event_file_names_a_route_the_template_declares(template: dict[str, Any], name: str) -> None:
    event = event_file(name)
    route = event["routeKey"]
    assert route == "$default" or route in routes(template), f"{name}: {route} is not a route of template.yaml"
    assert event["requestContext"]["routeKey"] == route
