"""The one error map: every failure, whatever raised it, gets one error shape and its status."""

import base64
import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import botocore.exceptions
import pytest
from fairdice import batch
from fairdice.errors import (
    ArchiveRefused,
    ArchiveUnavailable,
    MissingBucket,
    NotReadableYet,
    TamperedRecord,
    UnknownDay,
)
from fairdice.http import PATH_SAID, cut_path
from fairdice.problems import MAX_PROBLEMS, describe
from fairdice.schemes import parse_request
from fairdice.storage import S3Store
from pydantic import ValidationError
from unsent_events import UNSENT, assert_unsent
from verify_api import app as api
from verify_api.routes import verify as verify_routes
from verify_api_calls import ERROR_EVENTS, Event, assert_error, at, invoke, with_body

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


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


# A GET, a GET with a query and a POST with a body: what each holds, changed as API Gateway never sends it
@pytest.mark.parametrize("name", ["api-schemes", "api-check-seed000", "api-verify-pair36-fair"])
@pytest.mark.parametrize(("change", "field"), UNSENT)
def test_an_event_api_gateway_never_sends_is_a_logged_400_naming_what_cannot_be_read_never_a_500(
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    change: Callable[[Event], object],
    field: str,
) -> None:
    # Given one of the events, changed into a shape API Gateway's HTTP API (payload format 2.0) never sends, which
    # only a direct invoke holds (review: a KeyError or a TypeError out of the handler, or a 500 "fairdice failed on
    # its side")
    event = copy.deepcopy(load_event(name))
    change(event)
    warned: list[object] = []
    failed: list[object] = []
    monkeypatch.setattr(api.logger, "warning", lambda msg, *a, **k: warned.append(k["extra"]["problems"]))
    monkeypatch.setattr(api.logger, "exception", lambda msg, *a, **k: failed.append(msg))

    # When the handler is invoked with it
    answer = invoke(event)

    # Then it is a 400 in the one error shape naming the field, with every answer's headers, logged as a warning, and
    # no error of fairdice's
    problems = assert_unsent(answer.status, answer.headers, answer.json, field)
    assert warned == [problems] and failed == []


def test_a_wrong_method_is_405_with_the_allowed_ones(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-method-not-allowed"))
    assert answer.headers["Allow"] == "OPTIONS, POST"
    assert_error(invoke(at(load_event("api-schemes"), "DELETE", "/check/")), 405, "method_not_allowed")


def test_a_wrong_method_on_a_get_route_names_head_too(load_event: Callable[[str], Event]) -> None:
    answer = invoke(at(load_event("api-schemes"), "POST", "/check"))
    assert answer.headers["Allow"] == "GET, HEAD, OPTIONS"
    assert assert_error(answer, 405, "method_not_allowed")["message"] == "/check takes GET or HEAD, not POST"


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("get", "/schemes", "GET, HEAD, OPTIONS"),
        ("Get", "/check", "GET, HEAD, OPTIONS"),
        ("post", "/verify", "OPTIONS, POST"),
        ("head", "/schemes", "GET, HEAD, OPTIONS"),
        ("options", "/schemes", "GET, HEAD, OPTIONS"),
        # before a route's parameters are read: a date no route would take is still a 405, not its 422
        ("get", "/daily/2025-3-1", "GET, HEAD, OPTIONS"),
    ],
)
def test_a_method_not_in_capitals_is_no_method_a_route_takes_but_a_405_naming_them(
    load_event: Callable[[str], Event], method: str, path: str, allow: str
) -> None:
    # Given a method named in another case, as `curl -X get` sends it: methods are case-sensitive (RFC 9110 9.1), and
    # the local server's http.server reads them so (review: answered as the GET, 200)
    answer = invoke(at(load_event("api-schemes"), method, path))
    # Then it is the 405 of any other method the path does not take, its content sent: a `head` is no HEAD; and, since
    # the path takes the method in capitals, it says so (review: "not get" alone read as if GET were refused)
    assert answer.headers["Allow"] == allow
    said = assert_error(answer, 405, "method_not_allowed")["message"]
    assert said.endswith(f", not {method}: a method's name is case-sensitive, so write {method.upper()}")


@pytest.mark.parametrize(("method", "path"), [("post", "/schemes"), ("delete", "/verify"), ("PUT", "/verify")])
def test_a_method_the_path_takes_in_no_case_is_a_405_saying_nothing_of_case(
    load_event: Callable[[str], Event], method: str, path: str
) -> None:
    said = assert_error(invoke(at(load_event("api-schemes"), method, path)), 405, "method_not_allowed")["message"]
    assert said.endswith(f", not {method}")


def test_a_method_not_in_capitals_on_no_route_is_404(load_event: Callable[[str], Event]) -> None:
    assert_error(invoke(at(load_event("api-schemes"), "get", "/nowhere")), 404, "not_found")


def test_an_options_preflight_not_in_capitals_is_no_preflight(load_event: Callable[[str], Event]) -> None:
    # API Gateway and the local server tell a preflight by OPTIONS in capitals (fairdice.http.is_preflight)
    event = at(load_event("api-schemes"), "options", "/schemes")
    event["headers"] |= {"origin": "https://example.com", "access-control-request-method": "GET"}
    assert_error(invoke(event), 405, "method_not_allowed")


GAME_TODAY = "/game/today/123e4567-e89b-12d3-a456-426614174000"


@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_a_wrong_method_on_the_games_route_is_405_naming_get(load_event: Callable[[str], Event], method: str) -> None:
    # Given a method the game's route does not take: API Gateway sends it to this function through $default (review:
    # it answered 404, "there is no /game/today/... here", though the path is the game's)
    answer = invoke(at(load_event("api-schemes"), method, GAME_TODAY))
    assert answer.headers["Allow"] == "GET, OPTIONS"
    assert assert_error(answer, 405, "method_not_allowed")["message"] == f"{GAME_TODAY} takes GET, not {method}"


def test_a_get_of_the_games_route_that_reaches_this_function_is_404(load_event: Callable[[str], Event]) -> None:
    # Neither API Gateway nor the local server sends it here (both route it to TodayRollFunction); a direct invoke of
    # this function with such an event does, and is told there is no such path here
    assert_error(invoke(at(load_event("api-schemes"), "GET", GAME_TODAY)), 404, "not_found")


@pytest.mark.parametrize(
    ("path", "takes"),
    [("/verify", "OPTIONS or POST"), ("/check/", "GET, HEAD or OPTIONS"), (GAME_TODAY, "GET or OPTIONS")],
)
def test_an_options_not_in_capitals_is_told_that_the_path_takes_options_in_capitals(
    load_event: Callable[[str], Event], path: str, takes: str
) -> None:
    # Given `curl -X options`: the path takes OPTIONS, which asks what it takes (review: "/verify takes POST, not
    # options: a method's name is case-sensitive, so write OPTIONS", telling to write a method the list had left out)
    answer = invoke(at(load_event("api-schemes"), "options", path))

    # Then the 405 names OPTIONS among what the path takes, as its Allow header does
    said = assert_error(answer, 405, "method_not_allowed")["message"]
    assert said == f"{path} takes {takes}, not options: a method's name is case-sensitive, so write OPTIONS"
    assert "OPTIONS" in answer.headers["Allow"]


@pytest.mark.parametrize("name", ["api-check-seed000", "api-home", "api-daily-record", "api-schemes"])
def test_head_is_answered_as_get_without_the_content(load_event: Callable[[str], Event], name: str) -> None:
    # Given a GET route asked with HEAD, as a link checker or `curl -I` asks (review: 405 on every one)
    event = load_event(name)
    got = invoke(event)
    head = invoke(at(event, "HEAD", event["rawPath"], event["rawQueryString"]))
    # Then its status and headers are the GET's, and it has no content
    assert (head.status, head.headers, head.text) == (got.status, got.headers, "")


@pytest.mark.parametrize(
    ("path", "allow"), [("/verify", "OPTIONS, POST"), (GAME_TODAY, "GET, OPTIONS"), ("/nowhere", None)]
)
def test_head_where_get_is_not_served_is_its_error_without_content(
    load_event: Callable[[str], Event], path: str, allow: str | None
) -> None:
    answer = invoke(at(load_event("api-schemes"), "HEAD", path))
    assert (answer.status, answer.headers.get("Allow"), answer.text) == (405 if allow else 404, allow, "")


@pytest.mark.parametrize(
    ("path", "allow"),
    [
        ("/", "GET, HEAD, OPTIONS"),
        ("/verify", "OPTIONS, POST"),
        ("/verify/batch", "OPTIONS, POST"),
        ("/check", "GET, HEAD, OPTIONS"),
        ("/check/", "GET, HEAD, OPTIONS"),
        ("/links", "OPTIONS, POST"),
        ("/schemes", "GET, HEAD, OPTIONS"),
        ("/daily/2025-03-01", "GET, HEAD, OPTIONS"),
        ("/daily/2025-03-01/123e4567-e89b-12d3-a456-426614174000", "GET, HEAD, OPTIONS"),
        ("/openapi.json", "GET, HEAD, OPTIONS"),
        ("/docs", "GET, HEAD, OPTIONS"),
        (GAME_TODAY, "GET, OPTIONS"),
    ],
)
def test_an_options_that_is_no_preflight_says_what_the_path_takes_as_a_405_there_does(
    load_event: Callable[[str], Event], path: str, allow: str
) -> None:
    # Given OPTIONS without Access-Control-Request-Method, a client asking what a path takes (review: 204 without Allow,
    # on every path, as if a preflight)
    answer = invoke(at(load_event("api-schemes"), "OPTIONS", path))
    # Then it is 204 with Allow, and a method the path does not take is a 405 naming the same
    assert (answer.status, answer.headers.get("Allow"), answer.text) == (204, allow, "")
    assert invoke(at(load_event("api-schemes"), "PATCH", path)).headers["Allow"] == allow


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [("POST", "/daily/" + "x" * 3000, 405, "method_not_allowed"), ("GET", "/nowhere/" + "x" * 3000, 404, "not_found")],
    ids=["405", "404"],
)
def test_a_405_or_a_404_quotes_at_most_200_characters_of_a_long_path(
    load_event: Callable[[str], Event], method: str, path: str, status: int, code: str
) -> None:
    # Given a long path under /daily/, which takes GET and HEAD only (a 405 for POST), or one under no route (a 404),
    # When it is asked for
    message = assert_error(invoke(at(load_event("api-schemes"), method, path)), status, code)
    # Then the message quotes the path's first 199 characters and an ellipsis, not the 3,000 (review: a 405 did)
    assert path[:199] + "…" in message["message"] and len(message["message"]) < 260


# A zero-width space and a space sent encoded, which an error quotes encoded, as sent (`routes.readable`)
ENCODED_EACH = ("%E2%80%8B", "%20")


def whole_characters(quoted: list[str], most: int = 199) -> str:
    """The start of a path quoted character by character (`quoted`), as much of it as `most` characters hold, a
    character's escapes never split."""
    start = ""
    for character in quoted:
        if len(start) + len(character) > most:
            break
        start += character
    return start


@pytest.mark.parametrize(
    ("method", "start", "status", "says"),
    [
        ("POST", "/daily/", 405, "{} takes GET or HEAD, not POST"),
        ("GET", "/nowhere/", 404, "there is no {} here"),
        # near a route, but offered no address: one cut leads nowhere (test_a_long_path_near_a_route_…)
        ("GET", "/Daily/2025-03-01/", 404, "there is no {} here; see GET /docs"),
    ],
    ids=["405", "404", "near-a-route"],
)
@pytest.mark.parametrize("encoded", ENCODED_EACH)
@pytest.mark.parametrize("pad", range(12))
def test_a_long_path_is_cut_between_characters_never_within_one_characters_escapes(
    load_event: Callable[[str], Event], method: str, start: str, status: int, says: str, encoded: str, pad: int
) -> None:
    # Given a long path whose characters from the 180th on are each sent percent-encoded, asked for so that the cut at
    # 200 characters falls at each place of a character's escapes (review: "…%2…" and "…%E2%80…" were quoted, a
    # malformed escape and a byte that is no character, which pasted ask for another path)
    quoted = list(start) + ["x"] * (180 + pad - len(start)) + [encoded] * 20
    answer = invoke(at(load_event("api-schemes"), method, "".join(quoted)))
    # Then the path is quoted up to the last whole character within 199 and an ellipsis
    message = assert_error(answer, status, "not_found" if status == 404 else "method_not_allowed")["message"]
    assert says.format(whole_characters(quoted) + "…") in message


ROLL_ID = "123e4567-e89b-12d3-a456-426614174000"
DAY = "/daily/2025-03-01/"


@pytest.mark.parametrize(
    ("path", "meant"),
    [
        # the slashes doubled before the player id run past the cut: the address meant is read in the whole path
        (f"/daily/2025-03-01{'/' * 300}{ROLL_ID}", f"/daily/2025-03-01/{ROLL_ID}"),
        (f"/daily{'/' * 300}2025-03-01/{ROLL_ID}", f"/daily/2025-03-01/{ROLL_ID}"),
        (f"/Daily/2025-03-01{'/' * 300}{ROLL_ID}", f"/daily/2025-03-01/{ROLL_ID}"),
        # an address as long as an error quotes whole, given; one longer, which could only be given cut, given not at
        # all: it holds a player id longer than any the route takes
        (f"/Daily/2025-03-01/{'x' * (PATH_SAID - len(DAY))}", f"{DAY}{'x' * (PATH_SAID - len(DAY))}"),
        (f"/Daily/2025-03-01/{'x' * (PATH_SAID - len(DAY) + 1)}", None),
        (f"/Daily/2025-03-01/{'x' * 300}", None),
    ],
)
def test_a_long_path_near_a_route_is_asked_about_the_whole_address_meant_or_none_never_one_cut(
    load_event: Callable[[str], Event], path: str, meant: str | None
) -> None:
    # Given a path near the daily roll's address, longer than an error quotes (review: asked "did you mean
    # /daily/2025-03-01/xx…?" and "did you mean /daily/2025-03-01/…?", the ellipsis of the cut inside the address, which
    # leads nowhere, where the second path held the player id meant)
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    message = assert_error(answer, 404, "not_found")["message"]
    # Then the path is quoted cut, and the 404 asks about the address meant whole, or about none
    nothing_here = f"there is no {cut_path(path)} here"
    assert message == (f"{nothing_here}; did you mean {meant}?" if meant else f"{nothing_here}; see GET /docs")


def test_an_options_of_the_server_as_a_whole_says_what_its_paths_take(load_event: Callable[[str], Event]) -> None:
    # Given `OPTIONS *`, which asks about the server as a whole, no path of it (RFC 9110 9.3.7), as the local server
    # hands it on (review: a 404, "there is no * here", as if `*` were a path that is not there)
    answer = invoke(at(load_event("api-schemes"), "OPTIONS", "*"))
    # Then it is 204 with Allow naming every method some path takes, the game's route's GET among them
    assert (answer.status, answer.headers.get("Allow"), answer.text) == (204, "GET, HEAD, OPTIONS, POST", "")
    every = {"/", "/verify", "/check/", "/daily/2025-03-01", GAME_TODAY + "123e4567-e89b-12d3-a456-426614174000"}
    taken = {
        method
        for path in every
        for method in invoke(at(load_event("api-schemes"), "OPTIONS", path)).headers["Allow"].split(", ")
    }
    assert answer.headers["Allow"] == ", ".join(sorted(taken))


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "DELETE", "PUT", "options"])
def test_a_method_other_than_options_of_the_server_as_a_whole_is_the_404_of_no_such_path(
    load_event: Callable[[str], Event], method: str
) -> None:
    # Given `*`, which only OPTIONS asks about (RFC 9112 3.2.4), with another method, as only a direct invoke's event
    # holds it (review: `DELETE *` was a 405, "* takes GET, HEAD or POST", and its Allow named GET, where `GET *` is a
    # 404: what the server's paths take was said of `*` as if it were a path)
    answer = invoke(at(load_event("api-schemes"), method, "*"))
    # Then it is the 404 of a path that is not there, as before `OPTIONS *` was answered, with no Allow
    assert "Allow" not in answer.headers
    if method == "HEAD":
        assert (answer.status, answer.text) == (404, "")
    else:
        assert assert_error(answer, 404, "not_found")["message"] == "there is no * here; see GET /docs"


def test_an_options_of_an_unknown_path_is_404_in_the_one_error_shape(load_event: Callable[[str], Event]) -> None:
    answer = invoke(at(load_event("api-schemes"), "OPTIONS", "/nowhere"))
    assert assert_error(answer, 404, "not_found")["message"] == "there is no /nowhere here; see GET /docs"
    assert "Allow" not in answer.headers


def test_validation_problems_are_worded_as_the_core_words_them(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-verify-bad-hex")
    body = {**json.loads(event["body"]), "count": 0, "extra": 1}
    error = assert_error(invoke(with_body(event, json.dumps(body))), 422, "invalid_input")
    with pytest.raises(ValidationError) as raised:
        parse_request(body)
    assert error["problems"] == [p.model_dump() for p in describe(raised.value)]
    assert error["message"].endswith("(and 2 more problems)")


def test_a_body_of_eighty_thousand_wrong_fields_is_a_422_that_lists_a_hundred(
    load_event: Callable[[str], Event],
) -> None:
    # Given a request padded to nearly 1 MiB with unknown fields (review: its 422 listed all 131,554 problems, 8.8 MiB,
    # over the 6 MiB Lambda can return: API Gateway's 500, after seconds of wording them)
    event = load_event("api-verify-narde-fair")
    body = json.loads(event["body"]) | {f"x{n}": 1 for n in range(80_000)}
    answer = invoke(with_body(event, json.dumps(body)))

    # Then it is the one error shape, the first 100 problems worded, the rest counted, and every one in the headline
    error = assert_error(answer, 422, "invalid_input")
    assert len(error["problems"]) == MAX_PROBLEMS + 1
    assert error["problems"][-1] == {"field": "request", "message": "79,900 more problems, not listed here"}
    assert error["message"] == "x0: is not a field of scheme narde-v1 (and 79999 more problems)"
    assert len(answer.text) < 20_000


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (UnknownDay("no secret was ever made for 1999-01-01", field="date"), 404, "unknown_day"),
        (ArchiveUnavailable("the archive did not answer"), 503, "archive_unavailable"),
        # A TamperedRecord whose bytes were not read (kept in Glacier until restored): an archive not read, as an audit
        # says its line, not a record that contradicts its commitment (review: 502 tampered_record)
        (
            NotReadableYet("revealed/2026-01-01.json in S3 bucket a is kept in GLACIER, an archive storage class"),
            503,
            "archive_unavailable",
        ),
        (TamperedRecord("the record of 2026-01-01 contradicts its commitment"), 502, "tampered_record"),
        (
            TamperedRecord("revealed/2026-01-02.json names another day before it", field="previous"),
            502,
            "tampered_record",
        ),
    ],
)
def test_archive_errors_map_to_their_status(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, error: Exception, status: int, code: str
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(verify_routes, "verify", fail)
    answer = invoke(load_event("api-verify-narde-fair"))
    # A day without a secret is the request's date's problem, headed by it as a 422 is; a record's field (`previous`)
    # is none of the request's, and no problem of it
    error_shown = assert_error(answer, status, code)
    dated = isinstance(error, UnknownDay)
    assert error_shown["message"] == (f"date: {error}" if dated else str(error))
    assert error_shown["problems"] == ([{"field": "date", "message": str(error)}] if dated else [])
    assert (answer.headers.get("Retry-After") is not None) == (status == 503)


def test_a_bucket_of_no_such_name_is_the_stacks_fault_not_an_answer_to_wait_for(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review J: a 503 with Retry-After, and a page saying "Try again in a minute", for a fault no wait mends
    def fail(*args: object, **kwargs: object) -> None:
        raise MissingBucket("S3 bucket x: cannot read y: there is no bucket of that name (NoSuchBucket)")

    monkeypatch.setattr(verify_routes, "verify", fail)
    answer = invoke(load_event("api-verify-narde-fair"))
    assert assert_error(answer, 500, "internal_error")["message"].startswith("fairdice failed on its side")
    assert "Retry-After" not in answer.headers


def test_no_aws_credentials_to_read_the_archive_are_the_deployments_fault_not_an_answer_to_wait_for(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: a 503 with Retry-After: 30, and a page saying "Try again in a minute", though no wait gives credentials
    def fail(*args: object, **kwargs: object) -> None:
        raise S3Store("fairdice-archive", client=_NoCredentials()).get("commitments/2025-03-01.json")

    monkeypatch.setattr(verify_routes, "verify", fail)
    answer = invoke(load_event("api-verify-narde-fair"))
    assert assert_error(answer, 500, "internal_error")["message"].startswith("fairdice failed on its side")
    assert "Retry-After" not in answer.headers


def test_no_aws_credentials_to_read_the_archive_fail_a_batch_as_they_fail_one_game(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: POST /verify/batch answered 200, each daily game's entry `archive_unavailable` telling the caller to set
    # AWS_PROFILE, and logged nothing an operator's alarm would count
    def fail(*args: object, **kwargs: object) -> None:
        raise S3Store("fairdice-archive", client=_NoCredentials()).get("commitments/2025-03-01.json")

    monkeypatch.setattr(batch, "verify", fail)
    logged: list[tuple[object, BaseException | None]] = []
    monkeypatch.setattr(
        api.logger, "exception", lambda msg, *a, **k: logged.append((k["extra"]["error_type"], sys.exc_info()[1]))
    )
    answer = invoke(load_event("api-verify-batch"))
    assert assert_error(answer, 500, "internal_error")["message"].startswith("fairdice failed on its side")
    assert "Retry-After" not in answer.headers
    assert "AWS_PROFILE" not in answer.text
    # Logged as the error it is, the missing credentials named for the operator
    assert [(kind, "no AWS credentials were found" in str(exc)) for kind, exc in logged] == [
        ("MissingCredentials", True)
    ]


class _NoCredentials:
    """An S3 client as boto3 makes one where it finds no credentials: every call fails before it is sent."""

    def __getattr__(self, name: str) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            raise botocore.exceptions.NoCredentialsError()

        return call


def test_a_bug_is_a_500_that_names_the_request_and_hides_the_details(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("internal detail that must not leak")

    monkeypatch.setattr(verify_routes, "verify", broken)
    event = load_event("api-verify-narde-fair")
    error = assert_error(invoke(event), 500, "internal_error")
    assert event["requestContext"]["requestId"] in error["message"]
    assert "internal detail" not in error["message"]


def test_an_answer_that_breaks_its_own_model_is_our_500_not_the_callers_422(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a verdict that lacks most of its fields, as a bug in the core might produce
    monkeypatch.setattr(
        verify_routes, "verify", lambda request, **_: SimpleNamespace(scheme="narde-v1", verdict="fair")
    )
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
    events += [at(check, method, path) for method, path in [("GET", "/../etc/passwd"), ("PUT", "/links"), ("PUT", "")]]
    for event in events:
        answer = invoke(event)
        assert 400 <= answer.status < 500, (event.get("body", "")[:80], event["rawQueryString"][:80], answer.text)
        assert set(answer.json) == {"error"}
    assert unhandled == []


def test_a_lone_surrogate_quoted_from_a_hand_made_event_is_written_as_its_escape(
    load_event: Callable[[str], Event],
) -> None:
    # Given a hand-made event (sam local invoke -e) with a lone surrogate in its method or its Content-Type, which the
    # error quotes (review: the 405 could not be written, a 500; the 415 raised out of the handler, no answer at all)
    wrong_method = invoke(at(load_event("api-schemes"), "G\ud800", "/schemes"))
    wrong_type = invoke(with_body(load_event("api-verify-narde-fair"), "{}", content_type="application/json\ud800"))
    # Then each is its error in the one shape, the surrogate written as its escape: percent-encoded, as an error quotes
    # a path (test_http, test_body)
    assert assert_error(wrong_method, 405, "method_not_allowed")["message"].endswith(", not G%ED%A0%80")
    said = assert_error(wrong_type, 415, "unsupported_media_type")["message"]
    assert said.endswith("(it came as application/json%ED%A0%80)")


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "OPTIONS"])
def test_an_empty_path_in_a_hand_made_event_is_answered_as_the_root(
    load_event: Callable[[str], Event], method: str
) -> None:
    # Given a hand-made event whose rawPath is empty, which API Gateway never sends (a client sends "/" for an empty
    # path, RFC 9110 4.2.3) (review: GET "" was a 405, "takes GET or HEAD, not GET")
    empty, root = (invoke(at(load_event("api-schemes"), method, path)) for path in ("", "/"))
    # Then it gets the root's answer
    assert (empty.status, empty.headers, empty.text) == (root.status, root.headers, root.text)


@pytest.mark.parametrize(
    ("raw_path", "said"),
    [
        ("/check%3Fseed=abc&n=3", "/check%3Fseed=abc&n=3"),
        ("/check%253Fseed=abc", "/check%3Fseed=abc"),  # encoded twice
        ("/check?seed=abc&n=3", "/check%3Fseed=abc&n=3"),  # handed over decoded
        (
            "/daily/2025-03-01/123e4567-e89b-12d3-a456-426614174000%3Frecorded=3",
            "/daily/2025-03-01/123e4567-e89b-12d3-a456-426614174000%3Frecorded=3",
        ),
        ("/daily/2025-03-01%3F", "/daily/2025-03-01%3F"),
    ],
)
def test_a_link_whose_question_mark_came_encoded_is_a_404_saying_so(
    load_event: Callable[[str], Event], raw_path: str, said: str
) -> None:
    # Given a game-over or daily link whose ? a program that passed it on wrote as %3F: its parameters are then part of
    # the path (review: /daily/…/{a valid id}%3Frecorded=… was the 422 "a player id is a UUID", blaming a valid id; a
    # game-over link's 404 said only that there is no such address)
    answer = invoke(at(load_event("api-schemes"), "GET", raw_path))

    # Then it is a 404 quoting the address decoded but for its ?, as %3F (review: quoted bare, the ? read as the start
    # of the link's query, which is what the address lacks), that says its ? came as %3F and how to mend it
    message = assert_error(answer, 404, "not_found")["message"]
    assert message.startswith(f"there is no {said} here; its ? came as %3F")
    assert message.endswith("change %3F back to ?, or copy the link again from the game")


@pytest.mark.parametrize("path", ["/chek/", "/Check/", "/check//", "//check/", "/checks/", "/chekc/"])
def test_a_link_whose_address_is_a_near_miss_of_check_is_a_404_asking_whether_check_was_meant(
    load_event: Callable[[str], Event], path: str
) -> None:
    # Given a game-over link whose address was mistyped, in another case, or with a slash doubled (review: its 404 said
    # "see GET /docs", to a player, with no word of the address meant)
    link = load_event("api-check-seed000")
    page = load_event("api-check-html")

    # When it is opened by a program and by a browser
    answer = invoke(at(link, "GET", path, link["rawQueryString"]))
    shown = invoke(at(page, "GET", path, page["rawQueryString"]))

    # Then both are still the 404, never the verdict of an address that is wrong, and ask whether /check/ was meant
    assert assert_error(answer, 404, "not_found")["message"] == f"there is no {path} here; did you mean /check/?"
    assert shown.status == 404 and f"There is no {path} here; did you mean /check/?" in shown.text


# Another word that starts as /check does is no slip of the keys (review: /checkout and /checkin asked whether /check
# was meant, as difflib's likeness took them)
@pytest.mark.parametrize(
    ("path", "query"),
    [("/chek/", ""), ("/schemas", "seed=00"), ("/nowhere", "seed=00"), ("/checkout", "seed=00"), ("/checkin", "a=1")],
)
def test_a_path_without_a_query_or_near_no_link_s_address_is_a_404_pointing_at_the_docs(
    load_event: Callable[[str], Event], path: str, query: str
) -> None:
    answer = invoke(at(load_event("api-check-seed000"), "GET", path, query))
    assert assert_error(answer, 404, "not_found")["message"] == f"there is no {path} here; see GET /docs"


ROLL = "/daily/2025-03-01/123e4567-e89b-12d3-a456-426614174000"


@pytest.mark.parametrize("path", [ROLL.replace("/daily/", mistyped) for mistyped in ("/Daily/", "/daily//", "/dialy/")])
@pytest.mark.parametrize("query", ["recorded=3+5+7+10+12+20", ""])
def test_a_daily_rolls_address_whose_fixed_part_is_a_near_miss_is_a_404_asking_whether_it_was_meant(
    load_event: Callable[[str], Event], path: str, query: str
) -> None:
    # Given a player's daily roll opened at a mistyped /daily/, with its recorded faces or without, as the day's page
    # gives the address (review: "see GET /docs", where a mistyped link asks whether /check/ was meant)
    answer = invoke(at(load_event("api-daily-roll"), "GET", path, query))

    # Then it is still the 404, and asks whether the address with the same date and player id was meant
    assert assert_error(answer, 404, "not_found")["message"] == f"there is no {path} here; did you mean {ROLL}?"


@pytest.mark.parametrize(
    "path",
    [
        "/Daily/../x",
        "/Daily/./x",
        "/Daily/%2E%2E/x",  # sent encoded, which a browser reads as a dot-segment too
        "/Daily/2025-03-01/..",
        f"/daily//../{ROLL_ID}",
    ],
)
def test_a_404_asks_about_no_address_whose_date_or_player_id_is_a_dot_segment(
    load_event: Callable[[str], Event], path: str
) -> None:
    # Given a path near the daily roll's address with a . or .. in the date's or the player id's place (review: asked
    # "did you mean /daily/../x?", which an address bar asks for as /x, another address than the one it names)
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then it is the 404, asking about no address
    message = assert_error(answer, 404, "not_found")["message"]
    assert message.endswith(" here; see GET /docs") and "did you mean" not in message


@pytest.mark.parametrize(
    "path",
    [
        f"/daily/2025-03-01/{ROLL_ID}/",
        f"/Daily/2025-03-01/{ROLL_ID}/",
        f"/daily/2025-03-01/{ROLL_ID}//",  # its slashes doubled
    ],
)
def test_a_404_of_a_daily_roll_with_a_slash_after_its_player_id_asks_about_the_address_without_it(
    load_event: Callable[[str], Event], path: str
) -> None:
    # Given a daily roll's address with a slash after the player id (review: told "see GET /docs", where a slash
    # doubled or a letter in another case was asked about the address meant)
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then the 404 asks about the address without it
    message = assert_error(answer, 404, "not_found")["message"]
    assert message == f"there is no {path} here; did you mean /daily/2025-03-01/{ROLL_ID}?"


# Its row `/Daily/2025-03-01//` is asked about the day's page now (`test_a_404_of_a_day_s_page_…`)
@pytest.mark.parametrize("path", ["/daily/2025-03-01/../", "/Daily/./x/"])
def test_a_404_with_a_slash_after_a_dot_or_empty_segment_asks_about_no_address(
    load_event: Callable[[str], Event], path: str
) -> None:
    # Given a path near the daily roll's address that ends with a slash after a dot-segment or an empty player id
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then, the slash left out, it still asks about no address (no dot-segment, nothing empty in a route's parameter)
    message = assert_error(answer, 404, "not_found")["message"]
    assert message.endswith(" here; see GET /docs") and "did you mean" not in message


@pytest.mark.parametrize(
    ("path", "named", "page"),
    [
        ("/Daily/2025-03-01/", "/daily/2025-03-01/", "/daily/2025-03-01"),
        ("/Daily/2025-03-01//", "/daily/2025-03-01/", "/daily/2025-03-01"),  # its slashes doubled
        ("/Daily/2025-03-01/%2F", "/daily/2025-03-01/", "/daily/2025-03-01"),  # a slash sent encoded, read as one
        ("/Daily//2025-03-01/", "/daily/2025-03-01/", "/daily/2025-03-01"),
        # the date's place taken by the player id, whose own is left empty: the day's page asked about with the form
        # of a day for its date, which x is none of (this row asked about /daily/x, which answers 422, review)
        ("/Dialy/x/", "/daily/x/", "/daily/YYYY-MM-DD (a UTC day)"),
    ],
)
def test_a_404_asks_about_no_address_whose_date_or_player_id_is_empty(
    load_event: Callable[[str], Event], path: str, named: str, page: str
) -> None:
    # Given a path near the daily roll's address with nothing in the player id's place (review: asked "did you mean
    # /daily/2025-03-01/?", an address that is itself a 404, as no route's parameter takes an empty segment)
    assert assert_error(invoke(at(load_event("api-schemes"), "GET", named)), 404, "not_found")
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then it is the 404, asking about no address with an empty player id, but about the day's page, without the slash
    # after its date (this test said, before, that it asked about no address at all: the day's page is one, review)
    message = assert_error(answer, 404, "not_found")["message"]
    assert f"did you mean {named}?" not in message
    assert message.endswith(f" here; did you mean {page}?")


def test_the_readme_names_the_day_s_page_among_the_addresses_a_404_asks_about(
    load_event: Callable[[str], Event],
) -> None:
    # Given the README's words on what a 404 asks about (review: they named a link's address and a daily roll's, not
    # the day's page, which a 404 asks about too, nor the form of a day asked about where a date is none)
    said = " ".join((Path(__file__).resolve().parents[3] / "README.md").read_text().split())
    found = said[said.index("404 for an unknown route") :].split(" 405 for")[0]
    # Then they name it, with the message a 404 writes
    assert "a day's page mistyped alike or with a slash after its date, `/Daily/2025-03-01`" in found
    assert 'whose 404 asks "did you mean /daily/2025-03-01?"' in found
    # (this said "never as an address its route refuses", review: a player id that is no UUID is kept as given, and the
    # address asked about answers 422; the words name the date alone now, and say it of the player id)
    assert '"did you mean /daily/YYYY-MM-DD (a UTC day)?", never with a date its route refuses' in found
    assert (
        "a player id is kept as given, a UUID or not (`/Daily/2025-03-01/abc` asks about /daily/2025-03-01/abc, which"
        " answers 422: a player id is a UUID)"
    ) in found
    for path, page in [("/Daily/2025-03-01", "/daily/2025-03-01"), ("/Daily/x", "/daily/YYYY-MM-DD (a UTC day)")]:
        message = assert_error(invoke(at(load_event("api-schemes"), "GET", path)), 404, "not_found")["message"]
        assert message == f"there is no {path} here; did you mean {page}?"
    message = assert_error(invoke(at(load_event("api-schemes"), "GET", "/Daily/2025-03-01/abc")), 404, "not_found")
    assert message["message"] == "there is no /Daily/2025-03-01/abc here; did you mean /daily/2025-03-01/abc?"
    refused = assert_error(
        invoke(at(load_event("api-daily-record"), "GET", "/daily/2025-03-01/abc")), 422, "invalid_input"
    )
    assert "a player id is a UUID" in refused["message"]


@pytest.mark.parametrize(
    ("path", "meant"),
    [
        ("/Daily/x", "/daily/YYYY-MM-DD"),
        ("/dialy/2025-13-01", "/daily/YYYY-MM-DD"),  # a date's digits, but no day of the calendar
        ("/Daily/2025-02-30/", "/daily/YYYY-MM-DD"),
        (f"/Dialy/x/{ROLL_ID}", f"/daily/YYYY-MM-DD/{ROLL_ID}"),
    ],
)
def test_a_404_near_a_daily_address_whose_date_is_none_asks_about_its_form_not_an_address_refused(
    load_event: Callable[[str], Event], path: str, meant: str
) -> None:
    # Given a mistyped daily address whose date's place holds no day (review: `/Dialy/x/` was asked about /daily/x,
    # which its route answers 422, "a date is written YYYY-MM-DD")
    wrong = meant.replace("YYYY-MM-DD", path.split("/")[2])
    assert assert_error(invoke(at(load_event("api-daily-record"), "GET", wrong)), 422, "invalid_input")
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then the 404 asks about the address with the form of a day in the date's place, saying what it is
    message = assert_error(answer, 404, "not_found")["message"]
    assert message == f"there is no {path} here; did you mean {meant} (a UTC day)?"


@pytest.mark.parametrize(
    ("path", "page"),
    [
        (DAY, DAY.removesuffix("/")),  # a slash after the date (review: "see GET /docs")
        ("/daily/2025-03-01///", DAY.removesuffix("/")),
        ("/Daily/2025-03-01", DAY.removesuffix("/")),  # a letter in another case (this row was `see GET /docs`)
        ("/dialy/2025-03-01", DAY.removesuffix("/")),  # a slip of the keys
    ],
)
def test_a_404_of_a_day_s_page_mistyped_asks_about_the_day_s_page(
    load_event: Callable[[str], Event], path: str, page: str
) -> None:
    # Given the address of a day's page with a slash after its date, in another case or a slip away
    answer = invoke(at(load_event("api-schemes"), "GET", path))
    # Then the 404 asks about the day's page, an address of the API's, which its route answers (the day's, here one
    # the archive has no secret of: no route's 404)
    message = assert_error(answer, 404, "not_found")["message"]
    assert message == f"there is no {path} here; did you mean {page}?"
    assert invoke(at(load_event("api-daily-record"), "GET", page)).json["error"]["code"] != "not_found"


@pytest.mark.parametrize(
    ("path", "meant"),
    [
        ("/verify/", "/verify"),  # a slash after it
        ("/VERIFY", "/verify"),  # another case
        ("/verfiy", "/verify"),  # a slip of the keys
        ("/verify/batch/", "/verify/batch"),
        ("/Verify//Batch", "/verify/batch"),
        ("/link", "/links"),
    ],
)
def test_a_404_of_a_post_to_a_body_s_address_mistyped_asks_about_the_address_that_takes_it(
    load_event: Callable[[str], Event], path: str, meant: str
) -> None:
    # Given a POST of a game to the address of a route that reads a body, mistyped (review: a GET's 404 asked about the
    # address meant, and a POST to /verify/ or /VERIFY was told "see GET /docs")
    event = load_event("api-verify-pair36-fair")
    answer = invoke(at(event, "POST", path))
    # Then the 404 asks about the address that takes a POST, which answers the same body
    assert assert_error(answer, 404, "not_found")["message"] == f"there is no {path} here; did you mean {meant}?"
    if meant == "/verify":
        assert invoke(at(event, "POST", meant)).status == 200
    # and a GET's addresses are not offered to a POST, nor a POST's to a GET
    assert "did you mean" not in assert_error(invoke(at(event, "POST", "/Schemes")), 404, "not_found")["message"]
    assert "did you mean" not in assert_error(invoke(at(event, "GET", path)), 404, "not_found")["message"]
    # and the README says so among the addresses a 404 asks about
    said = " ".join((Path(__file__).resolve().parents[3] / "README.md").read_text().split())
    found = said[said.index("404 for an unknown route") :].split(" 405 for")[0]
    # (changed on purpose: it said "did you mean /verify?" of /verify/batch/ too, whose 404 asks about /verify/batch)
    assert "a `POST` to a route's address mistyped alike, `/verify/`, `/VERIFY`, `/verify/batch/` or `/link`" in found
    assert "whose 404 asks about the address that takes that body" in found
    assert f'"did you mean {meant}?"' in found.split("a `POST` to a route's address mistyped alike")[1]


@pytest.mark.parametrize(
    ("raw_path", "query", "said"),
    [
        # a player id with a character no route's parameter takes: the same id in both halves of the sentence
        (
            "/Daily/2025-03-01/abc%E2%82%B9",
            "",
            "there is no /Daily/2025-03-01/abc₹ here; did you mean /daily/2025-03-01/abc₹?",
        ),
        (
            "/daily//2025-03-01/x%22y",
            "",
            'there is no /daily//2025-03-01/x"y here; did you mean /daily/2025-03-01/x"y?',
        ),
        # and such a character counted as the one slip it is, not as the nine of its encoding
        ("/check%E2%82%B9/", "seed=00", "there is no /check₹/ here; did you mean /check/?"),
    ],
)
def test_the_address_a_404_asks_about_quotes_the_path_as_the_404_quotes_it(
    load_event: Callable[[str], Event], raw_path: str, query: str, said: str
) -> None:
    # Given a mistyped address holding a character that shows as itself but that no route's parameter takes (review:
    # "there is no /Daily/2025-03-01/abc€ here; did you mean /daily/2025-03-01/abc%E2%82%AC?", one id quoted two ways)
    answer = invoke(at(load_event("api-daily-roll"), "GET", raw_path, query))

    # Then the address meant keeps the path's own characters as the 404 quotes them, as an address bar shows them
    assert assert_error(answer, 404, "not_found")["message"] == said


@pytest.mark.parametrize(
    ("method", "raw_path", "status", "said"),
    [
        # a player id with a Cyrillic а, as typed or sent encoded: like the Latin a of another player's id
        (
            "GET",
            "/Daily/2025-03-01/\u0430bc",
            404,
            "there is no /Daily/2025-03-01/%D0%B0bc here; did you mean /daily/2025-03-01/%D0%B0bc?",
        ),
        (
            "GET",
            "/Daily/2025-03-01/%D0%B0bc",
            404,
            "there is no /Daily/2025-03-01/%D0%B0bc here; did you mean /daily/2025-03-01/%D0%B0bc?",
        ),
        # and a 405 quotes it so too
        ("POST", "/daily/2025-03-01/\u0430bc", 405, "/daily/2025-03-01/%D0%B0bc takes GET or HEAD, not POST"),
    ],
)
def test_a_character_of_the_path_that_looks_like_another_there_is_quoted_encoded(
    load_event: Callable[[str], Event], method: str, raw_path: str, status: int, said: str
) -> None:
    # Given an address holding a letter a route's parameter takes that looks like another beside the path's Latin
    # letters (review: "did you mean /daily/2025-03-01/\u0430bc?" read as the address of player abc, whose dice differ)
    answer = invoke(at(load_event("api-daily-roll"), method, raw_path))

    # Then the path, and the address meant, write it encoded, as no one takes it for the Latin a
    code = "not_found" if status == 404 else "method_not_allowed"
    assert assert_error(answer, status, code)["message"] == said


# Its row `/Daily/2025-03-01` is asked about the day's page now (`test_a_404_of_a_day_s_page_…`)
@pytest.mark.parametrize("path", [ROLL.replace("/daily/", "/weekly/"), f"{ROLL}/x"])
def test_a_path_near_no_daily_rolls_address_is_a_404_pointing_at_the_docs(
    load_event: Callable[[str], Event], path: str
) -> None:
    answer = invoke(at(load_event("api-daily-roll"), "GET", path))
    assert assert_error(answer, 404, "not_found")["message"] == f"there is no {path} here; see GET /docs"


@pytest.mark.parametrize(
    ("method", "raw_path", "said"),
    [
        (
            "GET",
            "/game/today/123e4567%2Fe89b-12d3-a456-426614174000",
            "/game/today/123e4567/e89b-12d3-a456-426614174000",
        ),
        ("GET", "/game/today/123e4567%2fe89b", "/game/today/123e4567/e89b"),
        ("POST", "/game/today/a/b", "/game/today/a/b"),
    ],
)
def test_a_player_id_holding_a_slash_is_a_404_saying_the_games_route_takes_none(
    load_event: Callable[[str], Event], method: str, raw_path: str, said: str
) -> None:
    # Given the game's route with a slash in its player id, sent as / or %2F: API Gateway decodes the path before it
    # routes it, so it matches no route of the template's and comes here through $default (review: "see GET /docs",
    # whose document has no word of the game's route)
    answer = invoke(at(load_event("api-schemes"), method, raw_path))

    # Then it is still the 404, and says that the game's route takes one player id, which holds no slash
    message = assert_error(answer, 404, "not_found")["message"]
    assert message.startswith(f"there is no {said} here; the game's route, GET /game/today/{{player_id}}, takes one")
    assert message.endswith("a UUID, which holds no slash (a %2F in the address is read as one)")


@pytest.mark.parametrize(
    ("raw_path", "said"), [(f"{GAME_TODAY}/", f"{GAME_TODAY}/"), (f"{GAME_TODAY}%2F", f"{GAME_TODAY}/")]
)
def test_a_slash_after_the_games_player_id_is_a_404_saying_the_route_takes_nothing_after_it(
    load_event: Callable[[str], Event], raw_path: str, said: str
) -> None:
    # Given the game's route with a slash after its player id: it matches no route of the template's either, and comes
    # here through $default (review: it was told the id holds no slash, which it does not)
    answer = invoke(at(load_event("api-schemes"), "GET", raw_path))

    # Then it is the 404, and says that the route takes nothing after the id
    assert assert_error(answer, 404, "not_found")["message"] == (
        f"there is no {said} here; the game's route, GET /game/today/{{player_id}}, takes one player id, a UUID, and"
        " nothing after it: leave out the slash after the id"
    )


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("raw_path", ["/game/today//", "/game/today///", "/game/today/%2F", "/game/today/"])
def test_the_games_route_with_no_player_id_is_a_404_saying_none_is_given_never_that_it_holds_a_slash(
    load_event: Callable[[str], Event], method: str, raw_path: str
) -> None:
    # Given the game's route with nothing between its slashes, as the local server and API Gateway's $default send it
    # here (review: `/game/today//` was told its player id holds a slash, where it has none at all)
    answer = invoke(at(load_event("api-schemes"), method, raw_path))

    # Then it is the 404, and says that no player id is given
    message = assert_error(answer, 404, "not_found")["message"]
    assert message.endswith(
        "; the game's route, GET /game/today/{player_id}, takes one player id, a UUID, and none is given: write the"
        " player's id after /game/today/"
    )
    assert "slash" not in message


@pytest.mark.parametrize(
    ("raw_path", "said"),
    [
        # a slash before the id (review: told the id holds a slash, which it does not)
        (GAME_TODAY.replace("today/", "today//"), "nothing before it: leave out the slash before the id"),
        # two slashes after it (review: told to "leave out the slash after the id", which leaves one)
        (f"{GAME_TODAY}//", "nothing after it: leave out the 2 slashes after the id"),
    ],
    ids=["a slash before", "two slashes after"],
)
def test_slashes_before_or_after_the_games_player_id_are_a_404_saying_where_and_how_many(
    load_event: Callable[[str], Event], raw_path: str, said: str
) -> None:
    # Given the game's route with slashes before or after its player id
    answer = invoke(at(load_event("api-schemes"), "GET", raw_path))

    # Then it is the 404, and says on which side the slashes are that the route does not take, and how many
    assert assert_error(answer, 404, "not_found")["message"].endswith(f"takes one player id, a UUID, and {said}")


@pytest.mark.parametrize(
    ("error", "retry_after", "said"),
    [
        # No wait alone makes an object S3 keeps in Glacier readable: a restore, asked for, takes hours (review:
        # Retry-After 30)
        (
            NotReadableYet("revealed/2026-01-01.json in S3 bucket a is kept in GLACIER, an archive storage class"),
            "3600",
            "once whoever keeps the archive has made it readable",
        ),
        # S3 refuses the same read again until what refused it is changed (review: "Try again in a minute")
        (
            ArchiveRefused("S3 bucket a refused s3:GetObject on revealed/2026-01-01.json (AccessDenied)"),
            "30",
            "refuses it again until whoever keeps the archive changes what refused it",
        ),
        (ArchiveUnavailable("the archive did not answer"), "30", "Try again in a minute"),
    ],
)
def test_an_archive_not_read_says_when_to_try_again_as_its_cause_allows(
    load_event: Callable[[str], Event],
    monkeypatch: pytest.MonkeyPatch,
    error: ArchiveUnavailable | NotReadableYet,
    retry_after: str,
    said: str,
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(verify_routes, "verify", fail)
    # When a program and a browser ask
    answer = invoke(load_event("api-verify-narde-fair"))
    page = invoke(load_event("api-check-html"))

    # Then each is a 503 whose Retry-After is what its cause allows, and the page's words say what mends it
    assert_error(answer, 503, "archive_unavailable")
    assert answer.headers["Retry-After"] == page.headers["Retry-After"] == retry_after
    assert page.status == 503 and said in page.text, page.text
    assert ("Try again in a minute" in page.text) == (said == "Try again in a minute")
