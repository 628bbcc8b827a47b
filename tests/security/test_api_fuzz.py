"""The API against its own OpenAPI document, over real HTTP, on the local server; then hostile events in-process.

Schemathesis takes the OpenAPI document the handler serves (the test below checks the running
`tools/local_server.py` serves the same at /openapi.json) and sends every operation, over HTTP to
that server, requests drawn from the document, valid and invalid, plus methods no route has. Every
answer must be no 5xx, a documented status with a documented content type and headers, and a
body that conforms to the documented schema; a method a route lacks gets 405.

Not checked, on purpose, either way round:
- that every schema-valid request is accepted: the document cannot state everything the
  validation does (count or recorded rolls, what recorded text says, which link parameters belong
  to which scheme, a date in the calendar). Such a request gets a 4xx naming the field, which
  tests/security/test_fuzz_parsers.py asserts for every parser.
- that every schema-invalid request is refused: the API reads what people paste the way they
  paste it (hex with spaces around it, a UUID without hyphens, a number or true/false written as
  text or 0/1, as links carry them), where the document states the canonical form.

The short run is part of the suite; `FAIRDICE_FUZZ_LONG=1` (`make fuzz`) draws twenty times as many.
"""

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fairdice.links import build_link, counted
from fairdice.request import RequestBase
from fairdice.schemes import parse_request
from hypothesis import assume, given
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from unit.strategies import request_data
from verify_api import app as api

from security.conftest import LocalApi
from security.fuzzing import bounded, hostile_text, json_values
from testkit.lambda_context import FakeLambdaContext

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    unsupported_method,
]
Event = dict[str, Any]
EVENTS = Path(__file__).resolve().parents[2] / "events"


def served_document() -> dict[str, Any]:
    """The OpenAPI document as the handler serves it at /openapi.json (the server serves these bytes)."""
    event: Event = json.loads((EVENTS / "api-openapi.json").read_text())
    document: dict[str, Any] = json.loads(api.lambda_handler(event, FakeLambdaContext())["body"])
    return document


schema = schemathesis.openapi.from_dict(served_document())


@schema.parametrize()
@bounded(15)
def test_every_route_answers_as_its_document_says_and_never_with_a_5xx(
    case: schemathesis.Case, local_api: LocalApi
) -> None:
    case.call_and_validate(base_url=local_api.url, checks=CHECKS)


def test_the_fuzzed_document_is_the_one_the_server_serves(local_api: LocalApi) -> None:
    status, document = local_api.get("/openapi.json")
    assert (status, document) == (200, served_document())
    operations = {(method.upper(), path) for path, item in document["paths"].items() for method in item}
    assert {
        ("POST", "/verify"),
        ("POST", "/verify/batch"),
        ("GET", "/check"),
        ("GET", "/check/"),
        ("POST", "/links"),
        ("GET", "/schemes"),
        ("GET", "/daily/{date}"),
        ("GET", "/daily/{date}/{player_id}"),
    } <= operations


# ---- stateful: a link built by POST /links verifies like the request it came from --------------


@bounded(25)
@given(data=request_data)
def test_a_link_from_post_links_verifies_over_http_as_post_verify_does(
    data: dict[str, Any], local_api: LocalApi
) -> None:
    request = parse_request(data)
    assume_verifiable(request)
    status, link = local_api.post("/links", data)
    assert status == 200
    status, by_link = local_api.get(link["url"].removeprefix(local_api.url))
    assert status == 200
    _, by_body = local_api.post("/verify", data)
    assert by_link == by_body
    # the request's link, its count said where only its rolls said it (a link cut short in its rolls is then incomplete)
    assert link["url"].removeprefix(local_api.url) == build_link(counted(request))


def assume_verifiable(request: RequestBase) -> None:
    # Scheme daily without its secret is read from the archive: a drawn date is almost never in it.
    assume(not (request.scheme == "daily" and request.secret_hex is None))  # type: ignore[attr-defined]


def test_the_archives_days_verify_over_http(local_api: LocalApi) -> None:
    player = "123e4567-e89b-12d3-a456-426614174000"
    for day in local_api.revealed:
        status, record = local_api.get(f"/daily/{day.isoformat()}")
        assert (status, record["status"], record["seal"]) == (200, "revealed", "match")
        status, verdict = local_api.get(f"/daily/{day.isoformat()}/{player}")
        assert (status, verdict["checks"]["seal"]) == (200, "match")
    status, pending = local_api.get(f"/daily/{local_api.today.isoformat()}/{player}")
    assert (status, pending["verdict"]) == (200, "withheld")
    assert (pending["rolls"], pending["seal"]["computed"]) == ([], None)  # nothing computed from a secret


# ---- in-process: hostile events of any shape never reach the catch-all --------------------------


@pytest.fixture(scope="module")
def unhandled() -> Iterator[list[str]]:
    """What reached the API's catch-all (logged as an unhandled error) while the module ran."""
    caught: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(api.logger, "exception", lambda msg, *args, **kwargs: caught.append(str(kwargs)))
        yield caught


def event_for(path: str, body: str, encoded: bool) -> Event:
    event: Event = json.loads((EVENTS / "api-verify-narde-fair.json").read_text())
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    raw = body.encode("utf-8", "surrogatepass")
    event["body"] = base64.b64encode(raw).decode() if encoded else body
    event["isBase64Encoded"] = encoded
    return event


def assert_one_error_shape(status: int, body: str) -> None:
    assert 400 <= status < 500, (status, body[:300])
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message", "problems"} and error["code"] and error["message"]
    for problem in error["problems"]:
        assert problem["field"] and problem["message"]


bodies = st.one_of(
    json_values.map(json.dumps),
    request_data.map(json.dumps),
    st.dictionaries(st.just("requests"), st.lists(json_values | request_data, max_size=5)).map(json.dumps),
    hostile_text,
    st.integers(1, 200_000).map(lambda depth: "[" * depth),
    st.integers(1, 3000).map(lambda depth: '{"scheme": "narde-v1", "recorded": ' + "[" * depth + "]" * depth + "}"),
)


@bounded(120)
@given(body=bodies, encoded=st.booleans(), path=st.sampled_from(["/verify", "/verify/batch", "/links"]))
def test_any_body_gets_an_answer_or_a_4xx_in_the_one_error_shape(
    body: str, encoded: bool, path: str, unhandled: list[str]
) -> None:
    unhandled.clear()
    answer = api.lambda_handler(event_for(path, body, encoded), FakeLambdaContext())
    if answer["statusCode"] != 200:
        assert_one_error_shape(answer["statusCode"], answer["body"])
    assert not unhandled, unhandled
