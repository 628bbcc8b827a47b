"""The private Powertools names the handler relies on, each exercised against the installed Powertools.

When an upgrade renames or changes one, the test fails naming the version and the name, instead of
the handler failing at a cold start (or, worse, silently: an ignored validation gate parses every
body uncapped).
"""

import copy
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import pytest
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Body
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from verify_api import powertools_private
from verify_api.powertools_private import (
    POWERTOOLS_VERSION,
    base_path,
    gate_request_validation,
    parameter_takes,
    route_body,
    route_methods,
    swagger_ui_asset,
    tracing_disabled,
)
from verify_api_calls import EVENTS

from testkit.lambda_context import FakeLambdaContext

EVENT = json.loads((EVENTS / "api-schemes.json").read_text())


@contextmanager
def relied_on(name: str) -> Iterator[None]:
    """Turn any failure inside into one that says which private name broke, in which Powertools."""
    try:
        yield
    except Exception as exc:
        pytest.fail(
            f"Powertools {POWERTOOLS_VERSION} broke {name}, which functions/verify_api/powertools_private.py"
            f" relies on: {type(exc).__name__}: {exc}",
            pytrace=False,
        )


def request_event(method: str, path: str, stage: str = "$default") -> dict[str, Any]:
    event: dict[str, Any] = copy.deepcopy(EVENT)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["requestContext"]["http"]["method"] = method
    event["requestContext"]["stage"] = stage
    return event


def request(app: APIGatewayHttpResolver, method: str, path: str, stage: str = "$default") -> dict[str, Any]:
    answer: dict[str, Any] = app.resolve(request_event(method, path, stage), FakeLambdaContext())
    return answer


def test_tracer_is_tracer_disabled_still_answers_whether_tracing_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    with relied_on("Tracer._is_tracer_disabled()"):
        monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
        assert tracing_disabled() is True
        monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "false")
        monkeypatch.setenv("LAMBDA_TASK_ROOT", "/var/task")  # what tells Powertools it runs in Lambda
        monkeypatch.delenv("AWS_SAM_LOCAL", raising=False)
        monkeypatch.delenv("AWS_CHALICE_CLI_MODE", raising=False)
        assert tracing_disabled() is False


def test_the_gate_replaces_the_request_validation_middleware_and_runs_before_the_body_is_read() -> None:
    # Given a resolver with a route that reads a body and one that reads none
    app = APIGatewayHttpResolver(enable_validation=True)
    seen: list[str] = []

    @app.post("/needs/<number>")
    def needs_a_body(number: int, body: Annotated[dict[str, int], Body()]) -> dict[str, int]:
        return {"number": number, **body}

    @app.get("/needs/<number>")
    def needs_no_body(number: int) -> dict[str, int]:
        return {"number": number}

    def gate(event: APIGatewayProxyEventV2) -> None:
        seen.append(f"{event.http_method} {event.path}")
        if event.body == "refused":
            raise ValueError("the gate refused the body")

    def sent(method: str, path: str, body: str) -> dict[str, Any]:
        event = request_event(method, path)
        event.update(body=body, isBase64Encoded=False, headers={"content-type": "application/json"})
        answer: dict[str, Any] = app.resolve(event, FakeLambdaContext())
        return answer

    with relied_on("_request_validation_middleware and OpenAPIRequestValidationMiddleware._get_body"):
        gate_request_validation(app, gate)
        # When a body comes to the route that reads it, Then the gate saw it and validation still ran after it
        assert sent("POST", "/needs/seven", '{"dice": 6}')["statusCode"] == 422
        assert json.loads(sent("POST", "/needs/7", '{"dice": 6}')["body"]) == {"number": 7, "dice": 6}
        assert seen == ["POST /needs/seven", "POST /needs/7"]
        # and one it refuses is never parsed (it is no JSON)
        with pytest.raises(ValueError, match="the gate refused the body"):
            sent("POST", "/needs/7", "refused")
        # When one comes to a route that reads none, an unknown path or a wrong method, Then the gate never sees it
        seen.clear()
        assert json.loads(sent("GET", "/needs/7", "refused")["body"]) == {"number": 7}
        assert sent("GET", "/nowhere", "refused")["statusCode"] == 404
        assert sent("PUT", "/needs/7", "refused")["statusCode"] == 404
        assert seen == []


def test_what_runs_ahead_of_validation_sees_every_request_before_its_parameters_are_read() -> None:
    # Given a route whose path parameter is typed, and a check ahead of validation that refuses a PUT
    app = APIGatewayHttpResolver(enable_validation=True)

    @app.put("/needs/<number>")
    def needs_a_number(number: int) -> dict[str, int]:
        return {"number": number}

    seen: list[str] = []

    def ahead(event: APIGatewayProxyEventV2) -> None:
        seen.append(f"{event.http_method} {event.path}")
        raise LookupError("refused ahead")

    with relied_on("OpenAPIRequestValidationMiddleware.handler"):
        gate_request_validation(app, lambda event: None, ahead=ahead)
        # When a request's parameter is invalid, or its path is no route's, Then the check ran first all the same
        for path in ("/needs/seven", "/nowhere"):
            with pytest.raises(LookupError, match="refused ahead"):
                request(app, "PUT", path)
        assert seen == ["PUT /needs/seven", "PUT /nowhere"]


def test_the_gated_validation_still_reads_the_body_it_lets_through_as_json() -> None:
    # Given a route with a body, behind a gate that lets everything through
    app = APIGatewayHttpResolver(enable_validation=True)

    @app.post("/echo")
    def echo(body: Annotated[dict[str, int], Body()]) -> dict[str, int]:
        return body

    def post(body: str, content_type: str) -> dict[str, Any]:
        event = request_event("POST", "/echo")
        event.update(body=body, isBase64Encoded=False, headers={"content-type": content_type})
        answer: dict[str, Any] = app.resolve(event, FakeLambdaContext())
        return answer

    with relied_on("OpenAPIRequestValidationMiddleware._get_body"):
        gate_request_validation(app, lambda event: None)
        # When the media type is JSON in another case, Then it is read as JSON
        assert json.loads(post('{"dice": 6}', "APPLICATION/JSON")["body"]) == {"dice": 6}
        # And no body under another media type is a body missing, not an error Powertools leaves unmapped
        assert post("", "text/plain")["statusCode"] == 422


def test_without_the_middleware_to_replace_the_cold_start_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    app = APIGatewayHttpResolver(enable_validation=True)
    monkeypatch.delattr(app, "_request_validation_middleware")
    with pytest.raises(RuntimeError, match=f"Powertools {POWERTOOLS_VERSION} has no .*_request_validation_middleware"):
        gate_request_validation(app, lambda event: None)


def test_the_route_tables_still_give_every_method_a_path_takes() -> None:
    app = APIGatewayHttpResolver()
    handler: Callable[[], dict[str, str]] = dict
    app.get("/things")(handler)
    app.post("/things")(handler)
    app.delete("/things/<name>")(handler)
    with relied_on("ApiGatewayResolver._static_routes and _dynamic_routes"):
        assert route_methods(app, "/things") == ["GET", "POST"]
        assert route_methods(app, "/things/dice") == ["DELETE"]
        assert route_methods(app, "/nothing") == []


def test_a_route_s_dependant_still_holds_its_body_s_description() -> None:
    app = APIGatewayHttpResolver(enable_validation=True)

    def takes(thing: Annotated[dict[str, int], Body(description="one thing")]) -> None: ...

    def lists() -> None: ...

    app.post("/things")(takes)
    app.get("/things")(lists)
    with relied_on("Route.dependant.body_params"):
        assert route_body(app, "POST", "/things") == "one thing"
        assert route_body(app, "GET", "/things") is None
        assert route_body(app, "POST", "/nothing") is None


@pytest.mark.parametrize(
    "text", ["2025-03-01", "café", "%22", "a b", "~!$&'()*+,;=:@", '"', "#", "?", "\\", "€", "a/b"]
)
def test_compile_regex_still_makes_a_parameter_that_takes_what_parameter_takes_says(text: str) -> None:
    app = APIGatewayHttpResolver()

    @app.get("/things/<name>")
    def thing(name: str) -> dict[str, str]:
        return {}

    with relied_on("ApiGatewayResolver._compile_regex"):
        assert parameter_takes(text) == (route_methods(app, f"/things/{text}") == ["GET"])


@pytest.mark.parametrize(("stage", "expected"), [("$default", ""), ("prod", "/prod")])
def test_get_base_path_still_names_the_stage(stage: str, expected: str) -> None:
    app = APIGatewayHttpResolver()
    found: list[str] = []

    @app.get("/here")
    def here() -> dict[str, str]:
        found.append(base_path(app))
        return {}

    with relied_on("ApiGatewayResolver._get_base_path()"):
        request(app, "GET", f"/{stage}/here" if expected else "/here", stage)
        assert found == [expected]


@pytest.mark.parametrize("name", ["swagger-ui-bundle.min.js", "swagger-ui.min.css"])
def test_powertools_still_ships_swagger_uis_assets_where_enable_swagger_reads_them(name: str) -> None:
    with relied_on(f"the file event_handler/openapi/swagger_ui/{name}"):
        asset = swagger_ui_asset(name)
        assert len(asset) > 100_000
        assert asset.startswith(b"/*! For license information") or b".swagger-ui" in asset[:20_000]


def test_every_private_name_is_used_from_this_one_module() -> None:
    # The package's other modules reach Powertools' private names through powertools_private only.
    package = Path(powertools_private.__file__).parent
    private = ("._request_validation_middleware", "._static_routes", "._dynamic_routes", "._get_base_path(")
    private += ("._is_tracer_disabled(", "_get_body", 'openapi.swagger_ui")', "._compile_regex(")
    for module in sorted(package.rglob("*.py")):
        if module.name != "powertools_private.py":
            text = module.read_text()
            assert not [name for name in private if name in text], module
