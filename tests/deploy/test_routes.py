"""The HTTP API's routes: each declared once, and every event file names one of them."""

from typing import Any

import pytest
from security.cloudformation import load_template

from deploy.stack import EVENTS, event_file, events_of, resources, routes


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


def test_check_is_one_route_because_api_gateway_serves_check_slash_on_it(template: dict[str, Any]) -> None:
    # API Gateway matches /check/ to the GET /check route; a second GET /check/ route gets the same
    # invoke permission ARN, so the deployment may conflict or drop one of them.
    declared = routes(template)
    assert "GET /check" in declared
    assert not [key for key in declared if key.endswith("/") and key != "GET /"]  # the root, the offline page


@pytest.mark.parametrize("name", sorted(p.name for p in EVENTS.glob("*.json") if "routeKey" in p.read_text()))
def test_every_http_event_file_names_a_route_the_template_declares(template: dict[str, Any], name: str) -> None:
    event = event_file(name)
    route = event["routeKey"]
    assert route in routes(template), f"{name}: {route} is not a route of template.yaml"
    assert event["requestContext"]["routeKey"] == route


def test_the_paths_other_functions_serve_are_those_the_verify_function_names_in_its_405s(
    template: dict[str, Any],
) -> None:
    # A wrong method on another function's route reaches the verify function through $default, which names the methods
    # that route takes (routes.SERVED_ELSEWHERE): kept equal to template.yaml's routes (review J)
    from verify_api.routes import served_elsewhere

    elsewhere = {key for key, function in routes(template).items() if function != "VerifyApiFunction"}
    assert elsewhere == {"GET /game/today/{player_id}"}
    for key in elsewhere:
        method, path = key.split(" ", 1)
        assert served_elsewhere(path.replace("{player_id}", "123e4567-e89b-12d3-a456-426614174000")) == (method,)


def test_a_request_no_route_matches_is_the_verify_functions_to_answer_in_the_one_error_shape(
    template: dict[str, Any],
) -> None:
    # A wrong method or an unknown path reaches the function, which answers 405 (with Allow) or 404 in the one error
    # shape (review: API Gateway answered them itself, {"message":"Not Found"}, without the function's headers)
    assert routes(template)["$default"] == "VerifyApiFunction"


TODAYS_ROLL = "GET /game/today/{player_id}"


def test_the_games_route_alone_takes_only_iam_signed_requests(template: dict[str, Any]) -> None:
    (api,) = resources(template, "AWS::Serverless::HttpApi").values()
    assert api["Properties"]["Auth"] == {"EnableIamAuthorizer": True}, "no default authorizer: the rest stays open"
    authorised = {
        f"{p['Method']} {p['Path']}": p["Auth"] for p in events_of(template, "HttpApi").values() if "Auth" in p
    }
    assert authorised == {TODAYS_ROLL: {"Authorizer": "AWS_IAM"}}
    assert routes(template)[TODAYS_ROLL] == "TodayRollFunction"


def test_only_the_game_servers_role_is_granted_that_route_and_nothing_more(template: dict[str, Any]) -> None:
    grant = template["Resources"]["GameServerMayAskTodaysRoll"]
    assert grant["Type"] == "AWS::IAM::Policy" and grant["Condition"] == "HasGameServerRole"
    assert grant["Properties"]["Roles"] == [{"Ref": "GameServerRoleName"}]
    (statement,) = grant["Properties"]["PolicyDocument"]["Statement"]
    route_arn = "arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:${HttpApi}/*/GET/game/today/*"
    assert (statement["Effect"], statement["Action"], statement["Resource"]) == (
        "Allow",
        "execute-api:Invoke",
        {"Fn::Sub": route_arn},
    )
    assert template["Parameters"]["GameServerRoleName"]["Default"] == ""
    # No other policy of the stack grants anyone a route.
    others = [n for n, r in resources(template, "AWS::IAM::Policy").items() if n != "GameServerMayAskTodaysRoll"]
    assert not any("execute-api" in repr(template["Resources"][n]) for n in others)
