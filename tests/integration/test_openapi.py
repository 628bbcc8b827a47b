"""The OpenAPI document the verify API serves: valid, and describing every route and model."""

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from fairdice.schemes import request_models
from fairdice.verdict import Cause
from openapi_spec_validator import validate
from verify_api.app import lambda_handler

from testkit.lambda_context import FakeLambdaContext

SCHEMES = request_models()

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

ROOT = Path(__file__).resolve().parents[2]
# Their paths hold parameters; tests/functions/verify_api/routes/test_daily.py and test_docs.py serve them with real
# ones.
DAILY_ROUTES = {("get", "/daily/{date}"), ("get", "/daily/{date}/{player_id}")}
ASSET_ROUTES = {("get", "/docs/{folder}/{asset}")}
# Served, but not operations of the API the document describes: its documents, and the offline verifier page.
DOCUMENT_ROUTES = {("get", "/openapi.json"), ("get", "/docs"), ("get", "/")} | ASSET_ROUTES
# Documented, and served by API Gateway on the GET /check route (it matches the trailing slash):
# seed 000's links are /check/?….
SLASH_ROUTES = {("get", "/check/")}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    event = json.loads((ROOT / "events" / "api-openapi.json").read_text())
    answer = lambda_handler(event, FakeLambdaContext())
    assert answer["statusCode"] == 200
    served: dict[str, Any] = json.loads(answer["body"])
    return served


def template_routes() -> set[tuple[str, str]]:
    """The HttpApi routes template.yaml sends to VerifyApiFunction."""

    class CloudFormationLoader(yaml.SafeLoader):
        """Reads !Ref, !Sub and the other intrinsic tags as nothing: only plain values matter here."""

    CloudFormationLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
    template = yaml.load((ROOT / "template.yaml").read_text(), Loader=CloudFormationLoader)
    events = template["Resources"]["VerifyApiFunction"]["Properties"]["Events"]
    return {
        (event["Properties"]["Method"].lower(), event["Properties"]["Path"])
        for event in events.values()
        if event["Type"] == "HttpApi" and event["Properties"]["Path"] != UNMATCHED
    }


# The route of every request no other route matches (a wrong method, an unknown path): no route of the document, but
# the function's own 405 or 404 (tests/deploy/test_routes.py).
UNMATCHED = "$default"


def documented_routes(document: dict[str, Any]) -> set[tuple[str, str]]:
    return {(method, path) for path, item in document["paths"].items() for method in item}


def test_the_document_is_valid_openapi(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)


def test_it_describes_every_route_the_template_sends_to_the_function(document: dict[str, Any]) -> None:
    routes = template_routes()
    assert routes >= DAILY_ROUTES | DOCUMENT_ROUTES
    assert documented_routes(document) == (routes - DOCUMENT_ROUTES) | SLASH_ROUTES


def test_every_route_the_template_sends_to_the_function_is_served(load_event: Callable[[str], Any]) -> None:
    for method, path in template_routes() - DAILY_ROUTES - ASSET_ROUTES:
        event = load_event("api-schemes")
        event["rawPath"] = event["requestContext"]["http"]["path"] = path
        event["requestContext"]["http"]["method"] = method.upper()
        status = lambda_handler(event, FakeLambdaContext())["statusCode"]
        assert status not in (404, 405), (method, path, status)


@pytest.mark.parametrize(
    ("method", "path", "status"), [("GET", "/verify", 405), ("PUT", "/links", 405), ("GET", "/nothing", 404)]
)
def test_a_request_no_route_matches_is_answered_in_the_one_error_shape(
    load_event: Callable[[str], Any], method: str, path: str, status: int
) -> None:
    # Given what the template's $default route sends the function: a wrong method, an unknown path
    event = load_event("api-method-not-allowed")
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["requestContext"]["http"]["method"] = method

    # Then the function answers its own 405 or 404, in the one error shape, with the headers every answer carries
    answer = lambda_handler(event, FakeLambdaContext())
    assert answer["statusCode"] == status
    assert set(json.loads(answer["body"])) == {"error"}
    assert answer["headers"]["X-Content-Type-Options"] == "nosniff"


def test_every_model_is_described(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    request_models = {model.__name__ for model in SCHEMES.values()}
    answers = {"Verdict", "RollReport", "Summary", "SealReport", "Checks", "LinkResponse", "SchemeCatalog"}
    errors = {"ErrorResponse", "ErrorDetail", "Problem"}
    assert request_models | {"SeatSeeds"} | answers | {"SchemeSpec", "FieldSpec"} | errors <= set(schemas)
    for model in SCHEMES.values():
        assert set(schemas[model.__name__]["properties"]) == set(model.model_fields)


def test_a_findings_cause_is_listed_and_each_cause_described(document: dict[str, Any]) -> None:
    # Review: the cause was an enum of names alone, too_few_rolls_fit among them, none of them said what it means
    cause = document["components"]["schemas"]["Finding"]["properties"]["cause"]
    assert cause["enum"] == list(get_args(Cause))
    for name in cause["enum"]:
        assert f"{name} (" in cause["description"], name
    # (changed deliberately from "some recorded rolls fit the secret, more than another game's would but for luck rarer
    # than 1 time in 100, too few to tell another game's rolls from this game's shown with other dice;", which the
    # seal's finding of it, every roll fitting, is not)
    assert (
        "too_few_rolls_fit (as many recorded rolls fit the secret, some or all of them, as another game's would by luck"
        " rarer than 1 time in 100, yet too few to show them its: where none of the mistakes tried explains the rolls,"
        " too few to tell another game's rolls from this game's shown with other dice;"
    ) in cause["description"]


def test_secret_from_other_game_is_described_as_no_more_than_its_code_says_of_every_finding_that_carries_it(
    document: dict[str, Any],
) -> None:
    # Review: it was described as "neither the seal nor the rolls fit the secret ... most likely another game's secret",
    # where its findings may say some rolls fit, and, where too few fit to tell, that the secret may as well be this
    # game's: a program reading the code alone, as the document describes it, took the stronger claim
    description = document["components"]["schemas"]["Finding"]["properties"]["cause"]["description"]
    meaning = description.split("secret_from_other_game (", 1)[1].split(");", 1)[0]
    assert "neither the seal nor the rolls fit" not in meaning
    # Where too few fit to tell, the finding's cause is now too_few_rolls_fit, so this one says only what every finding
    # of it says (it said "too few to tell" too, and that "the cause alone does not say the secret is another game's")
    assert "too few to tell" not in meaning
    assert "no more of which fit the secret than another game's might, most likely another game's secret" in meaning
    too_few = description.split("too_few_rolls_fit (", 1)[1].split(");", 1)[0]
    assert (
        "where the seal does not fit the secret either (checks.seal mismatch), too few to tell another game's secret"
        " from this game's" in too_few
    )


def test_the_seals_and_the_secrets_other_game_causes_are_described_as_every_finding_of_them_says(
    document: dict[str, Any],
) -> None:
    # Review: seal_from_other_game was "the rolls fit the secret but the seal does not: another game's seal, or a
    # secret that is not the one committed to", where its findings of no rolls recorded, or of no more fitting than
    # another game's would, say the seal, the secret or both may be another game's; and secret_from_other_game spoke of
    # rolls no mistake explains, where a daily finding of it says the secret does not fit the archive's published seal
    description = document["components"]["schemas"]["Finding"]["properties"]["cause"]["description"]
    meanings = dict(re.findall(r"(\w+) \(([^()]*)\)(?:; |$)", description))
    assert not meanings["seal_from_other_game"].startswith("the rolls fit the secret")
    assert (
        "the seal, the secret or both another game's where no more fit, or none were recorded"
        in (meanings["seal_from_other_game"])
    )
    # and where as many fit as another game's would by luck rarer than 1 time in 100, too few to tell which, as its
    # findings now say: under too_few_rolls_fit, whose code says so, not seal_from_other_game (moved deliberately)
    too_few = description.split("too_few_rolls_fit (", 1)[1].split(");", 1)[0]
    assert (
        "by luck rarer than 1 time in 100: too few to tell whether the seal or the secret is another game's" in too_few
    )
    assert "too few to tell" not in meanings["seal_from_other_game"]
    assert (
        "daily, the seal the archive published, so the secret given is another day's or copied wrong"
        in (meanings["secret_from_other_game"])
    )


def test_both_request_bodies_are_the_union_of_the_schemes(document: dict[str, Any]) -> None:
    for path in ("/verify", "/links"):
        schema = document["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert schema["discriminator"]["propertyName"] == "scheme"
        mapping = schema["discriminator"]["mapping"]
        assert mapping == {scheme: f"#/components/schemas/{model.__name__}" for scheme, model in SCHEMES.items()}


def test_every_error_answer_is_documented_with_the_one_error_shape(document: dict[str, Any]) -> None:
    error_ref = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert response["content"]["application/json"]["schema"] == error_ref, (method, path, status)


def test_an_archive_object_not_readable_until_restored_is_documented_as_a_503_not_a_502(
    document: dict[str, Any],
) -> None:
    # Review: the document said only "Bad Gateway" and "Service Unavailable", and an object S3 keeps in Glacier was
    # answered 502 tampered_record, where its bytes were never read: it is an archive not read, a 503
    for path in ("/verify", "/check/", "/daily/{date}", "/daily/{date}/{player_id}"):
        responses = next(iter(document["paths"][path].values()))["responses"]
        unavailable, tampered = responses["503"]["description"], responses["502"]["description"]
        assert "`archive_unavailable`" in unavailable and "archive storage class such as Glacier" in unavailable, path
        assert "once it is restored" in unavailable and "Retry-After" in unavailable, path
        assert "`tampered_record`" in tampered and "Glacier" not in tampered, path


# A number in prose as the product writes it (prose.number): 10,000. Four digits may be a year (YYYY), so five or more.
UNGROUPED = re.compile(r"\b[0-9]{5,}\b")


def descriptions(node: object) -> Iterator[str]:
    """Every description in a served document, however deep."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield value
            else:
                yield from descriptions(value)
    elif isinstance(node, list):
        for item in node:
            yield from descriptions(item)


@pytest.mark.parametrize("name", ["api-openapi", "api-schemes"])
def test_no_description_of_the_document_or_the_catalog_writes_a_number_ungrouped(
    load_event: Callable[[str], Any], name: str
) -> None:
    # Review: GET /schemes and GET /openapi.json said "how many rolls, 1 to 10000" and a batch's "together at most 10000
    # rolls", where every message says 10,000
    answer = lambda_handler(load_event(name), FakeLambdaContext())
    assert answer["statusCode"] == 200
    said = list(descriptions(json.loads(answer["body"])))
    assert [description for description in said if UNGROUPED.search(description)] == []
    assert any("10,000" in description for description in said)  # the rolls' limit among them, as it is written
