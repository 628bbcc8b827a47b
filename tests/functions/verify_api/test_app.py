"""The verify API's handler end to end, fed the same events/api-*.json files `sam local invoke -e` takes."""

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from fairdice.http import READ_AS_ANOTHER, percent_encoded, preflight_headers
from fairdice.schemes import request_models
from security.cloudformation import load_template
from verify_api import app as api
from verify_api.routes import _given_back
from verify_api_calls import ERROR_EVENTS, EVENTS, VERDICT_EVENTS, Event, assert_error, at, invoke

SCHEMES = request_models()

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


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
    named |= {"api-daily-record", "api-daily-roll"}  # served in routes/test_daily.py
    named |= {"api-home", "api-docs-asset"}  # routes/test_home.py, routes/test_docs.py
    # served in routes/test_verify_batch.py and test_answers.py
    named |= {"api-verify-batch", "api-verify-batch-over-cap", "api-check-mismatch-html", "api-daily-roll-html"}
    assert set(API_EVENTS) == named


# ---- verdicts ------------------------------------------------------------------------------


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
    # seed 001: opening:0 4-6, and turn:2 1-3 (the opening's winner plays it as turn 1)
    assert [r["dice"] for r in bg["rolls"]] == [[4, 6], [1, 3]]


def test_cors_headers_answer_a_browser_on_get_check_only(load_event: Callable[[str], Event]) -> None:
    check = load_event("api-check-seed000")
    check["headers"]["origin"] = "https://game.example.com"
    assert invoke(check).headers["Access-Control-Allow-Origin"] == "*"
    post = load_event("api-verify-narde-fair")
    post["headers"]["origin"] = "https://game.example.com"
    assert "Access-Control-Allow-Origin" not in invoke(post).headers


def test_a_preflight_the_default_route_passes_on_is_answered_as_the_templates_cors_answers_it(
    load_event: Callable[[str], Event],
) -> None:
    # API Gateway answers a preflight from the HttpApi's CorsConfiguration, unless its $default route takes the OPTIONS
    # (review: AWS's documentation says it catches them too); then the function answers it, 204, with the template's
    # origin, age and headers (API Gateway puts its own CORS headers on the answer in any case)
    (api,) = [r for r in load_template()["Resources"].values() if r["Type"] == "AWS::Serverless::HttpApi"]
    configured = api["Properties"]["CorsConfiguration"]
    for path in ("/check", "/daily/2025-03-01", "/game/today/p1", "/verify", "/no-such-path"):
        event = load_event("api-check-seed000")
        event["rawPath"] = event["requestContext"]["http"]["path"] = path
        event["requestContext"]["http"]["method"] = "OPTIONS"
        event["headers"] |= {"origin": "https://game.example.com", "access-control-request-method": "GET"}
        answer = invoke(event)
        assert answer.status == 204, (path, answer.text)
        assert [answer.headers["Access-Control-Allow-Origin"]] == configured["AllowOrigins"]
        assert answer.headers["Access-Control-Max-Age"] == str(configured["MaxAge"])
        allowed = {name.strip().lower() for name in answer.headers["Access-Control-Allow-Headers"].split(",")}
        assert allowed == set(configured["AllowHeaders"])  # review: Powertools' own five were allowed too
        # and the methods the template allows, as the game's route and the local server say them (review: GET,OPTIONS)
        assert answer.headers["Access-Control-Allow-Methods"] == ",".join(configured["AllowMethods"])
        assert {k: v for k, v in answer.headers.items() if k.startswith("Access-Control-")} == preflight_headers()


@pytest.mark.parametrize("name", ["api-verify-narde-fair", "api-check-seed000"])
def test_a_request_of_another_method_than_options_is_never_read_as_a_preflight(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # Only an OPTIONS can be a preflight: reading another request's headers for one copied them on every request, a fair
    # verdict's included (review: Powertools' event gives a new case-insensitive copy of the headers at each read)
    asked: list[str] = []
    told = api.is_preflight
    monkeypatch.setattr(api, "is_preflight", lambda method, headers: asked.append(method) or told(method, headers))
    event = load_event(name)
    event["headers"] |= {"origin": "https://game.example.com", "access-control-request-method": "GET"}

    # When a POST or a GET comes, even with the headers a preflight holds
    answer = invoke(event)

    # Then it is answered as ever, and never asked whether it is a preflight
    assert answer.status == 200 and answer.json["verdict"] == "fair"
    assert asked == []
    # while an OPTIONS still is, and is answered as one
    preflight = invoke(at(event, "OPTIONS", event["rawPath"]))
    assert (preflight.status, asked) == (204, ["OPTIONS"])


# ---- the path as API Gateway hands it over ----------------------------------------------------------------


def _slashes_encoded(path: str) -> str:
    return "/" + quote(path[1:], safe="")


def _every_byte_encoded(path: str) -> str:
    return "/" + "".join(f"%{byte:02X}" for byte in path[1:].encode())


def _encoded_twice(path: str) -> str:
    return "/" + quote(quote(path[1:], safe=""), safe="")


@pytest.mark.parametrize("encode", [_slashes_encoded, _every_byte_encoded, _encoded_twice])
@pytest.mark.parametrize("name", API_EVENTS)
def test_a_path_is_answered_alike_whether_api_gateway_hands_it_over_decoded_or_as_sent(
    load_event: Callable[[str], Event], name: str, encode: Callable[[str], str]
) -> None:
    # Given a request whose path the client percent-encoded (`/check%2F`, `/daily%2F2025-03-01`): API Gateway's HTTP API
    # may hand `rawPath` over decoded, as the events hold it, or as sent (review: /check%2F was 404 where /check/ was
    # the verdict, /daily/2025-03-01%2F{player_id} a 422 on the date where the decoded form was the player's roll)
    event = load_event(name)
    as_sent = {**event, "rawPath": encode(event["rawPath"])}
    # Then both get the same answer, status, headers and content
    decoded, encoded = invoke(event), invoke(as_sent)
    assert (encoded.status, encoded.headers, encoded.text) == (decoded.status, decoded.headers, decoded.text)


@pytest.mark.parametrize(
    "path",
    [
        "/check/%2E%2E/schemes",
        "/check/..%2Fschemes",
        "/check/../schemes",
        "/daily/2025-03-01/%2E%2E%2F%2E%2E%2Fschemes",
        "/docs/%2E%2E%2F%2E%2E%2Fopenapi.json",
        "/docs/swagger-ui-0/..%2F..%2F..%2Fapp.py",
        # and a path ending in a newline is not the route before it (Powertools' pattern ends in `$`)
        "/schemes%0A",
        "/schemes\n",
    ],
)
def test_a_dot_segment_or_a_control_character_encoded_or_not_reaches_no_other_route_or_file(
    load_event: Callable[[str], Event], path: str
) -> None:
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    assert answer.status == 404, answer.text
    assert answer.json["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("path", "status", "said"),
    [
        # a byte that is not UTF-8, sent encoded or handed over decoded (review: quoted as U+FFFD)
        ("/check%FF", 404, "there is no /check%FF here; see GET /docs"),
        ("/check%25FF", 404, "there is no /check%FF here; see GET /docs"),
        ("/caf%C3", 404, "there is no /caf%C3 here; see GET /docs"),
        # a lone surrogate, which only a hand-made event holds (review: its error could not be written, a 500)
        ("/\ud800", 404, "there is no /%ED%A0%80 here; see GET /docs"),
        ("/schemes\udfff", 404, "there is no /schemes%ED%BF%BF here; see GET /docs"),
        ("/daily/\ud800", 422, "date: a date is written YYYY-MM-DD (UTC)"),
        # and a character that shows nothing, quoted as sent, never as a blank or as nothing (review)
        ("/schemes%C2%A0", 404, "there is no /schemes%C2%A0 here; see GET /docs"),
        ("/schemes\u200b", 404, "there is no /schemes%E2%80%8B here; see GET /docs"),
    ],
)
def test_a_path_not_utf8_text_or_showing_nothing_is_quoted_percent_encoded_in_the_one_error_shape(
    load_event: Callable[[str], Event], path: str, status: int, said: str
) -> None:
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    error = assert_error(answer, status, "not_found" if status == 404 else "invalid_input")
    assert error["message"] == said


@pytest.mark.parametrize(
    ("method", "path", "said"),
    [
        # a character no route's parameter takes, handed over decoded or sent encoded: as the address bar shows it
        ("GET", "/nope\u20b9", "there is no /nope\u20b9 here; see GET /docs"),
        ("GET", "/nope%E2%82%B9", "there is no /nope\u20b9 here; see GET /docs"),
        ("GET", "/caf\u00e9\u20b9", "there is no /caf\u00e9\u20b9 here; see GET /docs"),
        ("GET", '/x"y', 'there is no /x"y here; see GET /docs'),
        ("POST", "/daily/2025-03-01\u20b9", "/daily/2025-03-01\u20b9 takes GET or HEAD, not POST"),
        # beside what shows nothing, or joins the character before it, still encoded
        ("GET", "/x\u20b9\u200b", "there is no /x\u20b9%E2%80%8B here; see GET /docs"),
        ("GET", "/x\u0301", "there is no /x%CC%81 here; see GET /docs"),
        # beside an ASCII letter, what looks like an ASCII character there, as a page reads it in the whole path
        # (review: read alone, "/x\uff01" and "/x\u2024y" were quoted as themselves, which read as /x! and /x.y)
        ("GET", "/x\uff01", "there is no /x%EF%BC%81 here; see GET /docs"),
        ("GET", "/x%E2%80%A4y", "there is no /x%E2%80%A4y here; see GET /docs"),
        ("GET", "/x\u20b9\u2024", "there is no /x\u20b9%E2%80%A4 here; see GET /docs"),
        # and what is still encoded after the rounds of decoding, which no character was encoded to: as it is
        ("GET", "/x%2525252541", "there is no /x%41 here; see GET /docs"),
    ],
)
def test_a_character_no_routes_parameter_takes_is_quoted_as_itself_where_it_shows_as_itself(
    load_event: Callable[[str], Event], method: str, path: str, said: str
) -> None:
    # Review: a 404 quoted /caf\u00e9\u20ac as "/caf\u00e9%E2%82%AC", the one character a route's parameter does not
    # take percent-encoded, which no one typed
    answer = invoke(at(load_event("api-schemes"), method, path))
    status, code = (405, "method_not_allowed") if method == "POST" else (404, "not_found")
    assert assert_error(answer, status, code)["message"] == said


@pytest.mark.parametrize(
    ("method", "path", "said"),
    [
        # a % sent as %25, or handed over decoded (review: quoted as a bare %, the start of a character encoded)
        ("GET", "/x%25", "there is no /x%25 here; see GET /docs"),
        ("GET", "/x%", "there is no /x%25 here; see GET /docs"),
        ("GET", "/x%25zz", "there is no /x%25zz here; see GET /docs"),
        ("GET", "/x%zz", "there is no /x%25zz here; see GET /docs"),
        ("GET", "/x%25%E2%82%B9", "there is no /x%25\u20b9 here; see GET /docs"),
        ("POST", "/daily/2025-03-01%25", "/daily/2025-03-01%25 takes GET or HEAD, not POST"),
        ("POST", "/daily/2025-03-01%", "/daily/2025-03-01%25 takes GET or HEAD, not POST"),
        (
            "GET",
            "/Daily/2025-03-01/abc%25",
            "there is no /Daily/2025-03-01/abc%25 here; did you mean /daily/2025-03-01/abc%25?",
        ),
        # and a / sent as %2F, which is routed as a slash: quoted as the slash the path was routed by
        ("GET", "/x%2Fy", "there is no /x/y here; see GET /docs"),
        # and one still encoded after decoding's rounds, which the path was not routed by: encoded
        ("GET", "/x%252525252Fy", "there is no /x%2Fy here; see GET /docs"),
        # a # sent as %23, encoded twice, or handed over decoded (review: "there is no /x#y/z here", which an address
        # bar reads as /x and a fragment)
        ("GET", "/x%23y/z", "there is no /x%23y/z here; see GET /docs"),
        ("GET", "/x#y/z", "there is no /x%23y/z here; see GET /docs"),
        ("GET", "/x%2523y/z", "there is no /x%23y/z here; see GET /docs"),
        ("GET", "/x%2525252523", "there is no /x%23 here; see GET /docs"),  # still encoded after decoding's rounds
        ("POST", "/daily/2025-03-01%23", "/daily/2025-03-01%23 takes GET or HEAD, not POST"),
        ("POST", "/daily/2025-03-01#", "/daily/2025-03-01%23 takes GET or HEAD, not POST"),
        (
            "GET",
            "/Daily/2025-03-01/abc%23",
            "there is no /Daily/2025-03-01/abc%23 here; did you mean /daily/2025-03-01/abc%23?",
        ),
        # beside a " and a ₹, which have no such meaning there: still as typed
        ("GET", '/x"%23%E2%82%B9', 'there is no /x"%23\u20b9 here; see GET /docs'),
        ("GET", '/x"#\u20b9', 'there is no /x"%23\u20b9 here; see GET /docs'),
        # a backslash sent as %5C, or handed over decoded (review: quoted as typed, "there is no /x\\y here", which a
        # browser asks for as /x/y, reading a backslash of an http(s) address as a slash)
        ("GET", "/x%5Cy", "there is no /x%5Cy here; see GET /docs"),
        ("GET", "/x\\y", "there is no /x%5Cy here; see GET /docs"),
        ("POST", "/daily/2025-03-01%5C", "/daily/2025-03-01%5C takes GET or HEAD, not POST"),
        (
            "GET",
            "/Daily/2025-03-01/abc\\",
            "there is no /Daily/2025-03-01/abc%5C here; did you mean /daily/2025-03-01/abc%5C?",
        ),
        ("GET", '/x"\\\u20b9', 'there is no /x"%5C\u20b9 here; see GET /docs'),
    ],
)
def test_a_character_that_bare_reads_as_another_path_is_quoted_encoded_where_a_slash_is_quoted_as_routed(
    load_event: Callable[[str], Event], method: str, path: str, said: str
) -> None:
    # Given a path holding a %, a # or a backslash, as the client sent it or as API Gateway may hand it over decoded:
    # quoted bare, pasted into an address bar, a % would read as the start of a character encoded, a # as the start of
    # a fragment, the rest of the path left out, and a backslash as a slash (a ?, which no route takes, is the 404 of a
    # link whose ? came as %3F: test_errors; the game's route's 405: test_today_roll_api)
    answer = invoke(at(load_event("api-schemes"), method, path))
    # Then the error quotes it percent-encoded, as no other path can read it
    status, code = (405, "method_not_allowed") if method == "POST" else (404, "not_found")
    assert assert_error(answer, status, code)["message"] == said


@pytest.mark.parametrize("character", READ_AS_ANOTHER)
@pytest.mark.parametrize("times_encoded", [0, 1, 2])
def test_every_character_the_core_reads_as_another_path_is_never_given_back_and_is_quoted_encoded(
    load_event: Callable[[str], Event], character: str, times_encoded: int
) -> None:
    # Given each character of the one set the core quotes encoded (`fairdice.http.READ_AS_ANOTHER`), with which the
    # routes' `_given_back` agreed by a docstring only: a character added to the set is held to the verify API's
    # quoting here too, and `_given_back` written apart from the set again fails here
    encoded = percent_encoded(character)
    form = [character, encoded, encoded.replace("%", "%25")][times_encoded]
    # Then the routes never say it was given back encoded to be quoted as itself
    assert not _given_back(character)
    # And the verify API's 404 quotes it encoded, sent bare, encoded or encoded twice
    answer = invoke(at(load_event("api-schemes"), "GET", f"/x{form}y"))
    assert assert_error(answer, 404, "not_found")["message"].startswith(f"there is no /x{encoded}y here; ")


def test_the_handler_package_keeps_each_module_small() -> None:
    # A module a newcomer opens should fit in one reading: the package splits by what each part does.
    package = Path(api.__file__).parent
    sizes = {
        module.relative_to(package).as_posix(): len(module.read_text().splitlines()) for module in package.rglob("*.py")
    }
    assert sizes and max(sizes.values()) <= 250, sizes
