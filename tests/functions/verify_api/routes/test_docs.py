"""GET /openapi.json, GET /docs and Swagger UI's assets through the handler.

That /docs renders in a real browser with no internet is tests/integration/test_pages_in_chromium.py's.
"""

import base64
import gzip
import json
import re
from collections.abc import Callable

import pytest
from fairdice import schemes
from fairdice.markup import csp_hash
from verify_api import app as api
from verify_api.documented import VERIFY_EXAMPLES
from verify_api.powertools_private import swagger_ui_asset
from verify_api.routes.docs import ASSETS, ASSETS_FOLDER
from verify_api_calls import Event, at, invoke, with_body

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_the_openapi_document_is_served_as_json(load_event: Callable[[str], Event]) -> None:
    answer = invoke(load_event("api-openapi"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json["info"]["title"] == "fairdice"


def test_the_docs_page_loads_swagger_ui_from_this_api_and_names_no_other_address(
    load_event: Callable[[str], Event],
) -> None:
    answer = invoke(load_event("api-docs"))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html"
    assert f"<script src='/docs/{ASSETS_FOLDER}/swagger-ui-bundle.min.js'></script>" in answer.text
    assert f"href='/docs/{ASSETS_FOLDER}/swagger-ui.min.css'" in answer.text
    assert "cdn" not in answer.text.lower()
    assert not re.search(r"""(src|href)=['"]?https?:""", answer.text)
    # The spec is inlined (about 100 kB, growing with the causes' meanings); Swagger UI's 1.7 MB of assets are not.
    assert len(answer.text) < 250_000


def test_the_docs_page_allows_only_its_own_inline_script_and_style_these_assets_and_this_api_and_no_framing(
    load_event: Callable[[str], Event],
) -> None:
    answer = invoke(load_event("api-docs"))
    # its own, which marks the boxes that scroll sideways, and Powertools', which starts Swagger UI
    own, powertools = re.findall(r"<script>(.*?)</script>", answer.text, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", answer.text, re.S)
    assert answer.headers["Content-Security-Policy"] == (
        f"default-src 'none'; script-src 'self' {csp_hash(own)} {csp_hash(powertools)};"
        f" style-src 'self' {csp_hash(style)}; img-src 'self' data:; connect-src 'self'; base-uri 'none';"
        " form-action 'none'; frame-ancestors 'none'"
    )
    assert answer.headers["X-Frame-Options"] == "DENY"
    # the route reads the parsed query, as Powertools' own does (`at` sets only the raw one: that asked for /docs again)
    event = at(load_event("api-docs"), "GET", "/docs", "format=oauth2-redirect")
    event["queryStringParameters"] = {"format": "oauth2-redirect"}
    redirect = invoke(event)
    (inline,) = re.findall(r"<script>(.*?)</script>", redirect.text, re.S)
    assert "swaggerUIRedirectOauth2" in inline
    assert csp_hash(inline) in redirect.headers["Content-Security-Policy"]
    assert redirect.headers["X-Frame-Options"] == "DENY"


def _asset_event(load_event: Callable[[str], Event], folder: str, asset: str) -> Event:
    event = at(load_event("api-docs-asset"), "GET", f"/docs/{folder}/{asset}")
    event["pathParameters"] = {"folder": folder, "asset": asset}
    return event


@pytest.mark.parametrize("asset", list(ASSETS))
def test_each_asset_is_the_one_powertools_ships_cached_for_a_year_and_gzipped_when_asked(
    load_event: Callable[[str], Event], asset: str
) -> None:
    event = _asset_event(load_event, ASSETS_FOLDER, asset)
    event["headers"]["accept-encoding"] = "gzip, br"

    answer = invoke(event)

    assert (answer.status, answer.headers["Content-Type"]) == (200, ASSETS[asset])
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(base64.b64decode(answer.text)) == swagger_ui_asset(asset)
    # and a cache keeps the gzipped copy for clients that ask for it alone (API review)
    assert answer.headers["Vary"] == "Accept-Encoding, Origin"
    del event["headers"]["accept-encoding"]
    plain = invoke(event)
    assert "Content-Encoding" not in plain.headers and plain.headers["Vary"] == "Accept-Encoding, Origin"


@pytest.mark.parametrize(
    ("accepted", "gzipped"),
    [
        ("gzip;q=0.5", True),
        ("gzip;q=0, br", False),  # q=0: not acceptable (review: Powertools gzipped it, finding the text "gzip")
        ("br, *;q=0.5, gzip;q=0", False),
        ("identity", False),
        ("gzipped-not", False),
        ("gzip;q=oops", False),  # a malformed weight says nothing
        # Taken by accepts_gzip, but Powertools compresses only where the header holds the text "gzip": the asset goes
        # as it is, which these accept too (review G)
        ("GZIP", False),
        ("*", False),
    ],
)
def test_an_asset_is_gzipped_only_where_gzip_is_named_and_weighed_above_0(
    load_event: Callable[[str], Event], accepted: str, gzipped: bool
) -> None:
    asset = next(iter(ASSETS))
    event = _asset_event(load_event, ASSETS_FOLDER, asset)
    event["headers"]["accept-encoding"] = accepted
    answer = invoke(event)
    assert answer.status == 200
    if gzipped:
        assert answer.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(base64.b64decode(answer.text)) == swagger_ui_asset(asset)
    else:
        assert "Content-Encoding" not in answer.headers
        assert answer.text.encode() == swagger_ui_asset(asset)


@pytest.mark.parametrize(
    ("folder", "asset", "path"),
    [
        (ASSETS_FOLDER, "html.py", f"/docs/{ASSETS_FOLDER}/html.py"),
        (ASSETS_FOLDER, "..%2Foauth2.py", f"/docs/{ASSETS_FOLDER}/../oauth2.py"),
        ("swagger-ui-1.0.0", "swagger-ui.min.css", "/docs/swagger-ui-1.0.0/swagger-ui.min.css"),
        # a character no route's parameter takes, sent encoded or not: quoted as itself, as the address bar shows it
        ("%22", "x", '/docs/"/x'),
        ('"', "x", '/docs/"/x'),
    ],
)
def test_nothing_else_is_served_there_and_the_404_says_where_the_documents_are(
    load_event: Callable[[str], Event], folder: str, asset: str, path: str
) -> None:
    # Review: a name of the assets' route was "there is no /docs/%22/x here", where any other wrong path says where to
    # look: each is the error map's 404 for a path it does not know
    answer = invoke(_asset_event(load_event, folder, asset))
    assert answer.status == 404
    assert answer.json["error"] == {
        "code": "not_found",
        "message": f"there is no {path} here; see GET /docs",
        "problems": [],
    }


@pytest.mark.parametrize(("query", "stage"), [("", "$default"), ("format=json", "$default"), ("", "prod")])
def test_the_docs_page_is_what_powertools_enable_swagger_serves(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch, query: str, stage: str
) -> None:
    # Given Powertools' own Swagger UI route beside ours, registered for this test only, with our assets
    for table in ("_static_routes", "_route_keys"):
        monkeypatch.setattr(api.app, table, list(getattr(api.app, table)))
    base = "" if stage == "$default" else f"/{stage}"
    api.app.enable_swagger(path="/swagger-by-powertools", swagger_base_url=f"{base}/docs/{ASSETS_FOLDER}")
    answers = []
    for path in ("/docs", "/swagger-by-powertools"):
        event = at(load_event("api-docs"), "GET", f"{base}{path}", query)
        event["requestContext"]["stage"] = stage
        event["queryStringParameters"] = dict([query.split("=")]) if query else None
        answers.append(invoke(event))
    # Then both answer the same page (or the same document, for ?format=json); ours with its policy besides, and with
    # a viewport meta tag, its own style and its own script last in its head, after Swagger UI's style sheet: the style
    # darkening its colours where they fall short of WCAG 2's AA, the script making each box that scrolls sideways a
    # named region the keyboard reaches (tests/integration/test_pages_in_chromium.py measures them).
    ours, powertools = answers
    assert ours.status == 200
    own = re.findall(
        r'<meta name="viewport"[^>]*>\n<style>.*?</style>\n<script>.*?</script>\n(?=</head>)', ours.text, re.S
    )
    assert len(own) == (0 if query else 1)
    assert (ours.text.replace("".join(own), ""), ours.headers["Content-Type"]) == (
        powertools.text,
        powertools.headers["Content-Type"],
    )


def test_post_verify_is_documented_with_a_request_of_every_scheme_each_given_the_verdict_its_summary_names(
    load_event: Callable[[str], Event],
) -> None:
    # Given the examples /openapi.json gives POST /verify's body (review: with none, Swagger UI's "Try it out" made one
    # of each hex field's pattern, mostly spaces, and sent it)
    document = invoke(load_event("api-openapi")).json
    examples = document["paths"]["/verify"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    assert list(examples) == [scheme.id for scheme in schemes.all_schemes()] == list(VERIFY_EXAMPLES)

    # When each is sent to POST /verify, then its answer is the verdict its summary ends in
    for name, example in examples.items():
        answer = invoke(with_body(load_event("api-verify-pair36-fair"), json.dumps(example["value"])))
        assert answer.status == 200, (name, answer.text)
        assert example["summary"].startswith(f"{name}: ")
        said = example["summary"].rsplit(": ", 1)[1].split(" ")[0]
        assert said == answer.json["verdict"], (name, answer.json["verdict"], answer.json["reasons"])

    # And POST /verify/batch's example is the same games in one batch, each answered as alone
    (batch,) = document["paths"]["/verify/batch"]["post"]["requestBody"]["content"]["application/json"][
        "examples"
    ].values()
    assert batch["value"] == {"requests": [example["value"] for example in examples.values()]}
    answer = invoke(
        with_body(at(load_event("api-verify-pair36-fair"), "POST", "/verify/batch"), json.dumps(batch["value"]))
    )
    assert answer.status == 200, answer.text
    assert answer.json["summary"]["fair"] == 5 and answer.json["summary"]["incomplete"] == 1, answer.json["summary"]
