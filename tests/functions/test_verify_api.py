"""The verify API handler, fed the same events/api-*.json files `sam local invoke -e` takes."""

import base64
import copy
import hashlib
import hmac
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

import pytest
from fairdice.catalog import SchemeCatalog
from fairdice.errors import ArchiveUnavailable, TamperedRecord, UnknownDay
from fairdice.problems import describe
from fairdice.schemes import parse_request, request_models
from fairdice.settings import ApiSettings
from lambda_context import FakeLambdaContext
from pydantic import ValidationError
from verify_api import app as api

SCHEMES = request_models()

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

Event = dict[str, Any]
KEY = bytes(range(32))
EVENTS = Path(__file__).resolve().parents[2] / "events"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    @property
    def json(self) -> Any:
        return json.loads(self.text)


def invoke(event: Event) -> Answer:
    result = api.lambda_handler(event, FakeLambdaContext())
    return Answer(result["statusCode"], result.get("headers", {}), result.get("body", ""))


def with_body(event: Event, body: str, *, base64_encoded: bool = False, content_type: str | None = None) -> Event:
    changed = copy.deepcopy(event)
    changed["body"] = base64.b64encode(body.encode()).decode() if base64_encoded else body
    changed["isBase64Encoded"] = base64_encoded
    if content_type is not None:
        changed["headers"]["content-type"] = content_type
    return changed


def at(event: Event, method: str, path: str, query: str = "") -> Event:
    changed = copy.deepcopy(event)
    changed["rawPath"] = changed["requestContext"]["http"]["path"] = path
    changed["requestContext"]["http"]["method"] = method
    changed["rawQueryString"] = query
    changed["routeKey"] = changed["requestContext"]["routeKey"] = f"{method} {path}"
    return changed


def assert_error(answer: Answer, status: int, code: str) -> dict[str, Any]:
    assert answer.status == status, answer.text
    assert answer.headers["Content-Type"] == "application/json"
    body = answer.json
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "problems"}
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


# ---- the events themselves -------------------------------------------------------------------

API_EVENTS = sorted(path.stem for path in EVENTS.glob("api-*.json"))


@pytest.mark.parametrize("name", API_EVENTS)
def test_each_api_event_has_the_http_api_v2_shape_sam_local_takes(
    load_event: Callable[[str], Event], name: str
) -> None:
    event = load_event(name)
    assert event["version"] == "2.0"
    assert {"routeKey", "rawPath", "rawQueryString", "headers", "requestContext", "isBase64Encoded"} <= set(event)
    http = event["requestContext"]["http"]
    assert http["path"] == event["rawPath"]
    assert http["method"] in ("GET", "POST")
    assert event["requestContext"]["stage"] == "$default"
    # A route with parameters keeps them in its key: GET /daily/{date} for /daily/2025-03-01; and
    # API Gateway serves /check/ on the GET /check route.
    method, _, route = event["routeKey"].partition(" ")
    route_pattern = re.sub(r"\\{[a-z_]+\\}", "[^/]+", re.escape(route)) + "/?"
    assert event["routeKey"] == "$default" or (method == http["method"] and re.fullmatch(route_pattern, http["path"]))
    assert ("body" in event) == (http["method"] == "POST")


def test_every_api_event_is_exercised_by_a_test() -> None:
    named = set(VERDICT_EVENTS) | set(ERROR_EVENTS)
    named |= {"api-links-pair36", "api-schemes", "api-openapi", "api-docs", "api-check-html"}
    named |= {"api-daily-record", "api-daily-roll"}  # served in test_verify_api_daily.py
    # served in test_verify_api_batch_and_page.py
    named |= {"api-verify-batch", "api-verify-batch-over-cap", "api-check-mismatch-html", "api-daily-roll-html"}
    assert set(API_EVENTS) == named


# ---- verdicts ------------------------------------------------------------------------------

VERDICT_EVENTS = {
    "api-verify-pair36-fair": ("pair36", "fair"),
    "api-verify-pair36-mismatch": ("pair36", "mismatch"),
    "api-verify-bg-dice-fair": ("bg-dice-v1", "fair"),
    "api-verify-bg-online-incomplete": ("bg-online-v1", "incomplete"),
    "api-verify-narde-fair": ("narde-v1", "fair"),
    "api-verify-narde-base64": ("narde-v1", "fair"),
    "api-verify-three-dice-fair": ("three-dice", "fair"),
    "api-verify-three-dice-withheld": ("three-dice", "withheld"),
    "api-verify-daily-fair": ("daily", "fair"),
    "api-check-seed000": ("pair36", "fair"),
    "api-check-narde-mismatch": ("narde-v1", "mismatch"),
}


@pytest.mark.parametrize(("name", "expected"), VERDICT_EVENTS.items())
def test_each_event_gets_its_verdict_with_status_200(
    load_event: Callable[[str], Event], name: str, expected: tuple[str, str]
) -> None:
    answer = invoke(load_event(name))
    assert answer.status == 200, answer.text
    assert answer.headers["Content-Type"] == "application/json"
    assert (answer.json["scheme"], answer.json["verdict"]) == expected


def test_the_verify_events_cover_every_scheme_and_every_verdict_kind() -> None:
    assert {scheme for scheme, _ in VERDICT_EVENTS.values()} == set(SCHEMES)
    assert {verdict for _, verdict in VERDICT_EVENTS.values()} == {"fair", "mismatch", "incomplete", "withheld"}


def test_narde_and_bg_events_give_the_seed_documents_examples(load_event: Callable[[str], Event]) -> None:
    narde = invoke(load_event("api-verify-narde-fair")).json
    assert [r["dice"] for r in narde["rolls"]] == [[1, 5], [4, 6], [3, 4]]
    assert [r["message"] for r in narde["rolls"]] == ["narde-v1|test|0", "narde-v1|test|1", "narde-v1|test|2"]
    assert narde["seal"]["computed"].startswith("630dcd29")
    bg = invoke(load_event("api-verify-bg-dice-fair")).json
    assert [r["dice"] for r in bg["rolls"]] == [[4, 6], [5, 4], [1, 3]]


def test_a_mismatch_names_the_roll_that_differs(load_event: Callable[[str], Event]) -> None:
    verdict = invoke(load_event("api-verify-pair36-mismatch")).json
    assert verdict["checks"] == {"seal": "match", "rolls": "mismatch"}
    assert verdict["summary"]["mismatches"] == 1
    assert verdict["summary"]["first_mismatch"] == 3
    assert [r["matches"] for r in verdict["rolls"]] == [True, True, False, True, True]


def test_a_withheld_three_dice_reveal_is_a_verdict_not_an_error(load_event: Callable[[str], Event]) -> None:
    verdict = invoke(load_event("api-verify-three-dice-withheld")).json
    assert verdict["verdict"] == "withheld"
    assert verdict["rolls"] == []
    assert "mirror pair" in verdict["withheld"]["reason"]


def test_a_base64_body_is_read_like_a_plain_one(load_event: Callable[[str], Event]) -> None:
    plain = invoke(load_event("api-verify-narde-fair"))
    encoded_event = load_event("api-verify-narde-base64")
    assert encoded_event["isBase64Encoded"] is True
    assert invoke(encoded_event).json == plain.json


def _seed_000_roll(seed: bytes, client_seeds: list[str], number: int) -> tuple[int, int]:
    """Seed 000's formula as the document writes it, independent of fairdice."""
    part = ":".join(client_seeds)
    while True:
        mac = hmac.new(seed, f"{part}:{number}".encode(), hashlib.sha256).digest()
        byte = next((b for b in mac if b < 252), None)
        if byte is not None:
            return byte % 36 // 6 + 1, byte % 6 + 1
        part += "+"


def test_the_seed_000_link_resolves_exactly_as_that_document_prints_it(load_event: Callable[[str], Event]) -> None:
    # Given the link form seed 000 prints: /check/?seed=…&seal=…&client=a,b&n=52&rolls=6344…
    event = load_event("api-check-seed000")
    assert event["rawPath"] == "/check/"
    assert re.fullmatch(
        r"seed=[0-9a-f]{64}&seal=[0-9a-f]{64}&client=a,b&n=52&rolls=[1-6]{104}", event["rawQueryString"]
    )
    digits = event["queryStringParameters"]["rolls"]
    # ... whose rolls are, two digits per roll, what the document's own formula gives
    expected = [_seed_000_roll(KEY, ["a", "b"], n) for n in range(1, 53)]
    assert [(int(digits[i]), int(digits[i + 1])) for i in range(0, 104, 2)] == expected
    # When it is checked, Then every one of the 52 rolls and the seal match.
    verdict = invoke(event).json
    assert verdict["verdict"] == "fair"
    assert verdict["summary"] == {"count": 52, "compared": 52, "mismatches": 0, "first_mismatch": None}
    assert [r["message"] for r in verdict["rolls"][:2]] == ["a:b:1", "a:b:2"]


def test_check_with_and_without_the_trailing_slash_is_the_same(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-check-seed000")
    without_slash = at(event, "GET", "/check", event["rawQueryString"])
    assert invoke(without_slash).json == invoke(event).json


def test_a_browser_asking_for_html_gets_the_verdict_as_a_page(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-check-html")
    assert event["headers"]["accept"].startswith("text/html")
    answer = invoke(event)
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "<h1>Fair: " in answer.text  # the page itself: tests/functions/test_verify_api_batch_and_page.py


# ---- links ---------------------------------------------------------------------------------

GOOD_VERIFY_EVENTS = [name for name in VERDICT_EVENTS if name.startswith("api-verify-")]


@pytest.mark.parametrize("name", GOOD_VERIFY_EVENTS)
def test_the_link_of_a_request_verifies_to_the_same_verdict(load_event: Callable[[str], Event], name: str) -> None:
    verify_event = load_event(name)
    # Given a verify request, When POST /links builds its link
    links_event = at(verify_event, "POST", "/links")
    answer = invoke(links_event)
    assert answer.status == 200, answer.text
    url = urlsplit(answer.json["url"])
    assert (url.scheme, url.netloc, url.path) == ("https", verify_event["requestContext"]["domainName"], "/check/")
    # Then GET on that link answers exactly what POST /verify answers.
    check_event = at(load_event("api-check-seed000"), "GET", url.path, url.query)
    assert invoke(check_event).json == invoke(verify_event).json


def test_a_pair36_link_has_seed_000s_form(load_event: Callable[[str], Event]) -> None:
    url = invoke(load_event("api-links-pair36")).json["url"]
    assert re.fullmatch(
        r"https://abcdef1234\.execute-api\.eu-west-1\.amazonaws\.com/check/\?"
        r"seed=[0-9a-f]{64}&seal=[0-9a-f]{64}&client=a,b&rolls=[1-6]{10}",
        url,
    )


def test_links_use_the_configured_public_base_url(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = ApiSettings.from_environ({"FAIRDICE_PUBLIC_BASE_URL": "https://dice.example.com/"})
    monkeypatch.setattr(api, "SETTINGS", settings)
    url = invoke(load_event("api-links-pair36")).json["url"]
    assert url.startswith("https://dice.example.com/check/?seed=")


def test_links_from_a_plain_http_host_keep_its_scheme_and_port(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = "127.0.0.1:3000"
    event["headers"]["x-forwarded-proto"] = "http"
    assert invoke(event).json["url"].startswith("http://127.0.0.1:3000/check/?seed=")


def test_a_host_that_is_not_a_host_name_gives_a_relative_link(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = "evil.example/phish?x="
    assert invoke(event).json["url"].startswith("/check/?seed=")


# ---- schemes, documents --------------------------------------------------------------------


def test_schemes_lists_every_scheme_with_the_fields_of_its_model(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-schemes"))
    assert answer.status == 200
    catalog = SchemeCatalog.model_validate(answer.json)
    assert [s.id for s in catalog.schemes] == list(SCHEMES)
    for spec in catalog.schemes:
        model = SCHEMES[spec.id]
        top_level = {f.name.split(".")[0] for f in spec.fields}
        assert top_level == set(model.model_fields)
        required = {f.name for f in spec.fields if f.required}
        assert required == {name for name, info in model.model_fields.items() if info.is_required()}
        assert spec.secret_field in model.model_fields
        assert spec.description == (model.__doc__ or "").strip()
    pair36 = {f.name: f for f in catalog.schemes[0].fields}
    assert pair36["client_seeds"].limits == {"minItems": 1, "maxItems": 8, "items.pattern": "^[A-Za-z0-9_-]{1,128}$"}
    assert pair36["count"].limits == {"minimum": 1, "maximum": catalog.max_rolls}
    three_dice = {f.name for f in catalog.schemes[4].fields}
    assert {"client_seeds.white", "client_seeds.black"} <= three_dice


def test_the_openapi_document_is_served_as_json(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-openapi"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json["info"]["title"] == "fairdice"


def test_the_docs_page_links_swagger_ui_instead_of_inlining_it(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-docs"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html"
    assert f"{api.SWAGGER_UI}/swagger-ui-bundle.min.js" in answer.text
    assert len(answer.text) < 100_000  # the spec is inlined; Swagger UI's 1.7 MB of assets are not


@pytest.mark.parametrize(("query", "stage"), [("", "$default"), ("format=json", "$default"), ("", "prod")])
def test_the_docs_page_is_what_powertools_enable_swagger_serves(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, query: str, stage: str
) -> None:
    # Given Powertools' own Swagger UI route beside ours, registered for this test only
    for table in ("_static_routes", "_route_keys"):
        monkeypatch.setattr(api.app, table, list(getattr(api.app, table)))
    api.app.enable_swagger(path="/swagger-by-powertools", swagger_base_url=api.SWAGGER_UI)
    base = "" if stage == "$default" else f"/{stage}"
    answers = []
    for path in ("/docs", "/swagger-by-powertools"):
        event = at(load_event("api-docs"), "GET", f"{base}{path}", query)
        event["requestContext"]["stage"] = stage
        event["queryStringParameters"] = dict([query.split("=")]) if query else None
        answers.append(invoke(event))
    # Then both answer the same page (or the same document, for ?format=json).
    ours, powertools = answers
    assert ours.status == 200
    assert ours == powertools


def test_cors_headers_answer_a_browser_on_get_check_only(load_event: Callable[[str], Event]) -> None:
    check = load_event("api-check-seed000")
    check["headers"]["origin"] = "https://game.example.com"
    assert invoke(check).headers["Access-Control-Allow-Origin"] == "*"
    post = load_event("api-verify-narde-fair")
    post["headers"]["origin"] = "https://game.example.com"
    assert "Access-Control-Allow-Origin" not in invoke(post).headers


# ---- errors: one shape, the right status ------------------------------------------------------

ERROR_EVENTS = {
    "api-verify-bad-json": (400, "malformed_body", None),
    "api-verify-unknown-scheme": (422, "invalid_input", "scheme"),
    "api-verify-bad-hex": (422, "invalid_input", "server_seed"),
    "api-verify-daily-from-archive": (404, "unknown_day", None),
    "api-verify-form-encoded": (415, "unsupported_media_type", None),
    "api-check-bad-link": (422, "invalid_input", "sede"),
    "api-not-found": (404, "not_found", None),
    "api-method-not-allowed": (405, "method_not_allowed", None),
}


@pytest.mark.parametrize(("name", "expected"), ERROR_EVENTS.items())
def test_each_bad_event_gets_one_error_shape_and_its_status(
    load_event: Callable[[str], Event], name: str, expected: tuple[int, str, str | None]
) -> None:
    status, code, field = expected
    error = assert_error(invoke(load_event(name)), status, code)
    if field is None:
        assert error["problems"] == []
    else:
        assert field in [p["field"] for p in error["problems"]]
        assert error["message"].startswith(f"{field}: ")


def test_a_wrong_method_is_405_with_the_allowed_ones(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-method-not-allowed"))
    assert answer.headers["Allow"] == "POST"
    assert_error(invoke(at(load_event("api-schemes"), "DELETE", "/check/")), 405, "method_not_allowed")


def test_validation_problems_are_worded_as_the_core_words_them(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-verify-bad-hex")
    body = {**json.loads(event["body"]), "count": 0, "extra": 1}
    error = assert_error(invoke(with_body(event, json.dumps(body))), 422, "invalid_input")
    with pytest.raises(ValidationError) as raised:
        parse_request(body)
    assert error["problems"] == [p.model_dump() for p in describe(raised.value)]
    assert error["message"].endswith("(and 2 more problems)")


def test_a_body_over_the_cap_is_413_before_it_is_read(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = load_event("api-verify-narde-fair")
    assert_error(invoke(with_body(event, "x" * (1024 * 1024 + 1))), 413, "body_too_large")
    monkeypatch.setattr(api, "SETTINGS", ApiSettings(max_body_bytes=64))
    assert_error(invoke(with_body(event, "{}".ljust(65))), 413, "body_too_large")
    assert_error(invoke(with_body(event, "{}".ljust(65), base64_encoded=True)), 413, "body_too_large")
    thirty_seven_characters = '{"x": "' + "é" * 28 + '"}'  # 65 bytes
    assert_error(invoke(with_body(event, thirty_seven_characters)), 413, "body_too_large")
    # At the cap exactly, the body is read (and found wanting for other reasons).
    assert_error(invoke(with_body(event, "{}".ljust(64))), 422, "invalid_input")
    assert_error(invoke(with_body(event, "{}".ljust(64), base64_encoded=True)), 422, "invalid_input")


def test_a_base64_body_far_over_the_cap_is_refused_without_decoding(load_event: Callable[[str], Event]) -> None:
    not_even_base64 = with_body(load_event("api-verify-narde-fair"), "")
    not_even_base64["body"] = "!" * (2 * 1024 * 1024)
    not_even_base64["isBase64Encoded"] = True
    assert_error(invoke(not_even_base64), 413, "body_too_large")


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (UnknownDay("no secret was ever made for 1999-01-01", field="date"), 404, "unknown_day"),
        (ArchiveUnavailable("the archive did not answer"), 503, "archive_unavailable"),
        (TamperedRecord("the record of 2026-01-01 contradicts its commitment"), 502, "tampered_record"),
    ],
)
def test_archive_errors_map_to_their_status(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, error: Exception, status: int, code: str
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(api, "verify", fail)
    answer = invoke(load_event("api-verify-narde-fair"))
    assert assert_error(answer, status, code)["message"] == str(error)
    assert (answer.headers.get("Retry-After") is not None) == (status == 503)


def test_a_bug_is_a_500_that_names_the_request_and_hides_the_details(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("internal detail that must not leak")

    monkeypatch.setattr(api, "verify", broken)
    event = load_event("api-verify-narde-fair")
    error = assert_error(invoke(event), 500, "internal_error")
    assert event["requestContext"]["requestId"] in error["message"]
    assert "internal detail" not in error["message"]


def test_an_answer_that_breaks_its_own_model_is_our_500_not_the_callers_422(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a verdict that lacks most of its fields, as a bug in the core might produce
    monkeypatch.setattr(api, "verify", lambda request, **_: SimpleNamespace(scheme="narde-v1", verdict="fair"))
    logged: list[object] = []
    monkeypatch.setattr(api.logger, "exception", lambda msg, *a, **k: logged.append(k["extra"]["error_type"]))
    assert_error(invoke(load_event("api-verify-narde-fair")), 500, "internal_error")
    # Then serialising it failed inside the handler, and it was logged as ours.
    assert logged == ["AttributeError"]


HOSTILE_BODIES = [
    "[" * 100_000,  # deeper than any JSON parser's stack
    '{"scheme": "pair36", "count": ' + "9" * 5000 + "}",  # beyond Python's integer digit limit
    '{"scheme": "pair36", "count": NaN}',
    '{"scheme": "pair36", "count": 1e999}',
    "[]",
    "null",
    '"pair36"',
    "{}",
    '{"scheme": null}',
    '{"scheme": ["pair36"]}',
    '{"scheme": "pair36", "server_seed": {"$gt": ""}, "client_seeds": "a"}',
    '{"scheme": "pair36", "server_seed": "' + "ab" * 32 + '", "client_seeds": ["a"], "count": -1}',
    '{"scheme": "pair36", "server_seed": "' + "ab" * 32 + '", "client_seeds": ["a"], "count": 10001}',
    '{"scheme": "pair36", "server_seed": "' + "ab" * 32 + '", "client_seeds": ["a"], "first": 1e300}',
    '{"scheme": "pair36", "server_seed": "' + "ab" * 32 + '", "client_seeds": ["a\\u0000"], "count": 1}',
    '{"scheme": "narde-v1", "key": "' + "ab" * 32 + '", "phrase": "\\ud800", "count": 1}',
    '{"scheme": "narde-v1", "key": "' + "ab" * 32 + '", "phrase": "x", "recorded": ' + "[" * 900 + "]" * 900 + "}",
    '{"scheme": "narde-v1", "key": "' + "ab" * 32 + '", "phrase": "x", "recorded": "' + "6-6 " * 10_001 + '"}',
    '{"scheme": "daily", "date": "2026-02-30", "player_id": "not-a-uuid"}',
    '{"scheme": "bg-dice-v1", "key": "' + "ab" * 32 + '", "labels": ["bg-dice-v1:turn:99999999999"]}',
    '{"scheme": "three-dice", "seed": "' + "ab" * 32 + '", "client_seeds": {"white": "w"}, "count": 1}',
    "\ufeff{}",
    '{"scheme": "pair36"' + ', "x": 1' * 20_000 + "}",
]
HOSTILE_QUERIES = [
    "",
    "%ff%fe=%c3",
    "seed=zz&client=a&n=1",
    "scheme=daily&scheme=pair36",
    "scheme=" + "x" * 5000,
    "seed=" + "ab" * 32 + "&client=" + ",".join(["a"] * 100) + "&n=1",
    "seed=" + "ab" * 32 + "&client=a&n=99999999999999999999",
    "seed=" + "ab" * 32 + "&client=a&rolls=" + "7" * 20,
    "&&&=&=",
    "seed=" + "ab" * 32 + "&client=a&n=1#fragment",
]


def test_hostile_inputs_get_4xx_answers_and_never_reach_the_catch_all(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    unhandled: list[str] = []
    monkeypatch.setattr(api.logger, "exception", lambda msg, *a, **k: unhandled.append(msg))
    post = load_event("api-verify-narde-fair")
    events = [with_body(post, body) for body in HOSTILE_BODIES]
    events += [with_body(post, body, base64_encoded=True) for body in HOSTILE_BODIES[:3]]
    invalid_base64 = with_body(post, "")
    invalid_base64.update(body="not base64 at all!", isBase64Encoded=True)
    not_utf8 = with_body(post, "")
    not_utf8.update(body=base64.b64encode(b"\xff\xfe{}").decode(), isBase64Encoded=True)
    events += [invalid_base64, not_utf8]
    events += [with_body(post, "{}", content_type=ct) for ct in ("text/plain", "multipart/form-data; boundary=x", "ü")]
    check = load_event("api-check-seed000")
    events += [at(check, "GET", "/check/", query) for query in HOSTILE_QUERIES]
    events += [at(check, method, path) for method, path in [("GET", "/../etc/passwd"), ("PUT", "/links"), ("GET", "")]]
    for event in events:
        answer = invoke(event)
        assert 400 <= answer.status < 500, (event.get("body", "")[:80], event["rawQueryString"][:80], answer.text)
        assert set(answer.json) == {"error"}
    assert unhandled == []


# ---- observability, settings, cold start ----------------------------------------------------


def test_logs_carry_the_api_gateway_request_id_as_correlation_id(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-verify-narde-fair")
    invoke(event)
    assert api.logger.get_correlation_id() == event["requestContext"]["requestId"]


def test_each_verdict_is_counted_by_scheme_and_outcome_as_emf(
    load_event: Callable[[str], Event], capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    invoke(load_event("api-verify-pair36-mismatch"))
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]
    assert len(emf) == 1
    directive = emf[0]["_aws"]["CloudWatchMetrics"][0]
    assert directive["Namespace"] == "fairdice"
    assert [m["Name"] for m in directive["Metrics"]] == ["Verdicts"]
    assert set(directive["Dimensions"][0]) == {"service", "scheme", "outcome"}
    assert (emf[0]["scheme"], emf[0]["outcome"], emf[0]["Verdicts"]) == ("pair36", "mismatch", [1.0])
