"""GET /openapi.json and GET /docs through the handler."""

from collections.abc import Callable

import pytest
from verify_api import app as api
from verify_api.routes.docs import SWAGGER_UI
from verify_api_calls import Event, at, invoke

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_the_openapi_document_is_served_as_json(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-openapi"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json["info"]["title"] == "fairdice"


def test_the_docs_page_links_swagger_ui_instead_of_inlining_it(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-docs"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html"
    assert f"{SWAGGER_UI}/swagger-ui-bundle.min.js" in answer.text
    assert len(answer.text) < 100_000  # the spec is inlined; Swagger UI's 1.7 MB of assets are not


@pytest.mark.parametrize(("query", "stage"), [("", "$default"), ("format=json", "$default"), ("", "prod")])
def test_the_docs_page_is_what_powertools_enable_swagger_serves(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, query: str, stage: str
) -> None:
    # Given Powertools' own Swagger UI route beside ours, registered for this test only
    for table in ("_static_routes", "_route_keys"):
        monkeypatch.setattr(api.app, table, list(getattr(api.app, table)))
    api.app.enable_swagger(path="/swagger-by-powertools", swagger_base_url=SWAGGER_UI)
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
