"""POST /links and GET /schemes through the handler."""

import json
import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from fairdice.catalog import SchemeCatalog
from fairdice.schemes import request_models
from verify_api import settings as api_settings
from verify_api.settings import ApiSettings
from verify_api_calls import VERDICT_EVENTS, Event, assert_error, at, invoke, with_body

SCHEMES = request_models()

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


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
        r"seed=[0-9a-f]{64}&seal=[0-9a-f]{64}&client=a,b&n=5&rolls=[1-6]{10}",
        url,
    )


def test_links_use_the_configured_public_base_url(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = ApiSettings.from_environ({"FAIRDICE_PUBLIC_BASE_URL": "https://dice.example.com/"})
    monkeypatch.setattr(api_settings, "SETTINGS", settings)
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


def test_a_host_whose_port_is_in_digits_other_than_ascii_gives_a_relative_link(
    load_event: Callable[[str], Event],
) -> None:
    # Given a host whose port is written in Arabic-Indic digits, as the local server hands on a Host header read as
    # UTF-8 (review: `\d` took them for a port, and the link was http://localhost:٣٠٠٠/…, a URL no browser opens)
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = "localhost:\u0663\u0660\u0660\u0660"
    event["headers"]["x-forwarded-proto"] = "http"
    # Then the link is relative to the page that asked, as for any other host that is no host name and port
    assert invoke(event).json["url"].startswith("/check/?seed=")


@pytest.mark.parametrize(
    ("port", "relative"),
    [("65535", False), ("65536", True), ("99999", True), ("0", True), ("00000", True), ("1", False), ("00001", False)],
)
def test_a_host_whose_port_is_0_or_over_65535_gives_a_relative_link(
    load_event: Callable[[str], Event], port: str, relative: bool
) -> None:
    # Given a host whose port is five ASCII digits beyond any port (review: the link was http://localhost:99999/…, a
    # URL no browser opens, as one on a port in Arabic-Indic digits was), or port 0, however many its zeros, which no
    # connection is made to (review: `Host: x:0` was given http://x:0/check/…)
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = f"localhost:{port}"
    event["headers"]["x-forwarded-proto"] = "http"
    url = invoke(event).json["url"]
    # Then the link is relative to the page that asked, as for any other host that is no host name and port; the
    # greatest port and the least are still ones
    assert url.startswith("/check/?seed=") if relative else url.startswith(f"http://localhost:{port}/check/?seed=")


@pytest.mark.parametrize("host", ["[::1]:3000", "[::1]", "[2001:db8::7]:8080", "[::ffff:127.0.0.1]:3000"])
def test_a_host_that_is_a_bracketed_ipv6_literal_keeps_it_in_the_link(
    load_event: Callable[[str], Event], host: str
) -> None:
    # Given the local server reached on its IPv6 address, as it prints it (review: `Host: [::1]:3000` was given a
    # relative link, as if it were no host)
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = host
    event["headers"]["x-forwarded-proto"] = "http"
    # Then the link is on that address and port
    assert invoke(event).json["url"].startswith(f"http://{host}/check/?seed=")


@pytest.mark.parametrize(
    "host",
    ["[::1", "::1]:3000", "[::g]:3000", "[:::1]:3000", "[1.2.3.4]:3000", "[fe80::1%eth0]:3000", "[::1]:0", "[::1]x"],
)
def test_a_malformed_ipv6_literal_gives_a_relative_link(load_event: Callable[[str], Event], host: str) -> None:
    # Given a Host whose brackets hold no IPv6 address, or hold a zone only this machine knows, or a port 0
    event = load_event("api-links-pair36")
    event["requestContext"]["domainName"] = host
    event["headers"]["x-forwarded-proto"] = "http"
    # Then the link is relative to the page that asked, as for any other host that is no host name and port
    assert invoke(event).json["url"].startswith("/check/?seed=")


OPENINGS = ["bg-dice-v1:opening:0", "bg-dice-v1:opening:1"]


def test_a_link_is_refused_as_verify_refuses_its_request(load_event: Callable[[str], Event]) -> None:
    # Given a bot game whose second roll-off is listed after a first one that, with this key, is not a tie (3-4)
    body = json.dumps({"scheme": "bg-dice-v1", "key": "00" * 32, "labels": OPENINGS})
    links = with_body(load_event("api-links-pair36"), body)
    # When POST /links is asked for its link, Then it is refused with /verify's own error, not made into a link that
    # GET /check refuses
    refused = assert_error(invoke(links), 422, "invalid_input")
    assert refused == assert_error(invoke(with_body(at(links, "POST", "/verify"), body)), 422, "invalid_input")
    assert refused["problems"][0]["field"] == "labels[1]"
    assert "is not a tie with this key" in refused["message"]


def test_a_link_after_a_tie_is_built_and_verifies(load_event: Callable[[str], Event]) -> None:
    # Given the same labels with a key whose first roll-off is a tie (3-3)
    body = json.dumps({"scheme": "bg-dice-v1", "key": "02" * 32, "labels": OPENINGS})
    answer = invoke(with_body(load_event("api-links-pair36"), body))
    assert answer.status == 200, answer.text
    url = urlsplit(answer.json["url"])
    # Then the link answers what POST /verify answers
    verified = invoke(with_body(at(load_event("api-links-pair36"), "POST", "/verify"), body))
    assert verified.status == 200
    assert invoke(at(load_event("api-check-seed000"), "GET", url.path, url.query)).json == verified.json


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
