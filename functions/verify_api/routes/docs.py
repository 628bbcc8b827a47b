"""The API's own documents: GET /openapi.json, GET /docs (Swagger UI) and Swagger UI's assets, outside the document.

Swagger UI's assets are the ones the pinned Powertools package ships (shared/requirements.txt; they are
in the layer already), served by this API under a name that holds Powertools' version, with a year's
caching: /docs works with no internet and trusts no CDN. They are read when first asked for, never at
a cold start. /docs allows, by its policy, only its own inline scripts and style (by hash), those assets
and requests to this API, and no framing.
"""

from functools import cache
from http import HTTPStatus

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.exceptions import NotFoundError

from verify_api.caching import IMMUTABLE
from verify_api.negotiation import accepts_gzip
from verify_api.powertools_private import POWERTOOLS_VERSION, swagger_ui_asset
from verify_api.routes import http_event, resolver, site_root

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

# Where the assets are served: a new Powertools (and its Swagger UI) gets a new name, so each can be cached for good.
ASSETS_FOLDER = f"swagger-ui-{POWERTOOLS_VERSION}"
# The names Powertools' page asks for under its `swagger_base_url`, and what each is.
ASSETS = {
    "swagger-ui-bundle.min.js": "text/javascript; charset=utf-8",
    "swagger-ui.min.css": "text/css; charset=utf-8",
}
# Swagger UI's own style sheet draws its icons from data: URIs; it asks this API for nothing but the document.
_DOCS_POLICY = (
    "default-src 'none'; script-src {script}; style-src {style}; img-src 'self' data:; connect-src 'self';"
    " base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# Swagger UI's colours for these texts fall short of WCAG 2's AA (4.5:1): the info's version (3.76:1) and OAS badges
# (2.21:1) and its link to the document (3.30:1), the GET and POST labels (2.31:1, 2.03:1), "Expand all" (1.92:1);
# and, once an operation is open and tried out, a parameter's "(query)" (3.65:1) and its required star (3.70:1) and
# word, "Execute" (3.30:1) and "Cancel" (2.91:1), a schema's constraints (2.39:1) and the star of its required
# properties (3.48:1, drawn by ::after), and an example's numbers (3.45:1, which Swagger UI's highlighter colours in the
# element's own style, on a background it sets there too: that background is darkened instead, by !important, which
# alone outdoes an element's own style, as Swagger UI's dark mode does it); once executed, an answer's "Download"
# (3.83:1).
# Each is darkened, its hue kept, by the same selector after Swagger UI's style sheet, so that it wins. So are texts
# Swagger UI draws under 12 px, the floor of every other page's text, drawn at 12: a response's "Media type" and
# "Controls Accept header." (.7em, 11.2 px; "Examples" too, in the same rule) and a required parameter's "required"
# (10 px, drawn by ::after).
_LEGIBLE = (
    ".swagger-ui .info .title small{background:#5a6170}"
    ".swagger-ui .info .title small.version-stamp{background-color:#4b7403}"
    ".swagger-ui .info a{color:#1f69c0}.swagger-ui .info a:hover{color:#174f91}"
    ".swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1a6dcc}"
    ".swagger-ui .opblock.opblock-post .opblock-summary-method{background:#137a4f}"
    ".swagger-ui .json-schema-2020-12-expand-deep-button{color:#505050}"
    ".swagger-ui .parameter__in{color:#5e5e5e}.swagger-ui .parameter__name.required span{color:#c20000}"
    ".swagger-ui .parameter__name.required:after{color:#c20000}"
    ".swagger-ui .btn.execute{background-color:#2a6fc0;border-color:#2a6fc0}"
    ".swagger-ui .btn.cancel{border-color:#c62828;color:#c62828}"
    ".swagger-ui .json-schema-2020-12__constraint--string{background-color:#8f6414}"
    ".swagger-ui .json-schema-2020-12-property--required>.json-schema-2020-12:first-of-type>.json-schema-2020-12-head"
    " .json-schema-2020-12__title:after{color:#c20000}"
    ".swagger-ui .highlight-code pre.microlight{background:#1a1a1a!important}"
    ".swagger-ui .download-contents{background:#5a6170}"
    ".swagger-ui .response-control-examples__title,.swagger-ui .response-control-media-type__title,"
    ".swagger-ui .response-control-media-type__accept-message,"
    ".swagger-ui .parameter__name.required:after{font-size:12px}"
)

# At a phone's width (320 px) Swagger UI's tables of parameters and of responses are wider than the screen once an
# operation is open, and an operation tried out puts "Cancel" and "Reset" on the line of "Parameters", 417 px long:
# the whole page then scrolled sideways. Each table scrolls in its own box instead, as the code and the schemas already
# do in Swagger UI's style, and the buttons go on a line of their own, one below the other where two do not fit, far
# enough below "Parameters" to clear the bar Swagger UI draws 15 px under it.
_FITS_A_PHONE = (
    ".swagger-ui .responses-inner,.swagger-ui .table-container{overflow-x:auto}"
    ".swagger-ui .opblock .opblock-section-header{flex-wrap:wrap;row-gap:20px}"
    ".swagger-ui .try-out.btn-group{flex-wrap:wrap}"
)
# A box that scrolls sideways is out of a keyboard's reach unless it takes the focus, and a screen reader says nothing
# of what it holds (axe's scrollable-region-focusable): each box _FITS_A_PHONE lets scroll, and the box Swagger UI
# scrolls an executed operation's curl command in (by its own style), is a region the keyboard reaches, named for what
# it holds as a verdict page's rolls are ("Parameters of GET /daily/{date}", "Curl of POST /verify", after the heading
# Swagger UI draws above it). Swagger UI draws the boxes as an operation is opened or executed, so they are marked as
# they come. A schema's box needs none of this: the buttons in it take the focus, and the arrow keys then scroll it.
_SCROLL_REGIONS = """
new MutationObserver(() => {
  const boxes = ".swagger-ui :is(.responses-inner, .table-container, pre.curl):not([role])";
  for (const box of document.querySelectorAll(boxes)) {
    const operation = box.closest(".opblock");
    const section = box.closest(".curl-command, .opblock-section, .responses-wrapper");
    const heading = section?.querySelector("h4")?.textContent;
    if (!operation || !heading) continue;
    const method = operation.querySelector(".opblock-summary-method").textContent;
    const path = operation.querySelector(".opblock-summary-path").dataset.path;
    box.setAttribute("aria-label", `${heading} of ${method} ${path}`);
    box.setAttribute("role", "region");
    box.tabIndex = 0;
  }
}).observe(document, { childList: true, subtree: true });
"""


@router.get("/openapi.json", include_in_schema=False)
def openapi_route() -> Response[str]:
    return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, _openapi_json())


@router.get("/docs", include_in_schema=False)
def docs_route() -> Response[str]:
    """What `app.enable_swagger(path="/docs", swagger_base_url=…)` serves, with Swagger UI's assets from this API and
    its colours darkened where they fall short of WCAG 2's AA, its smallest texts drawn at 12 px, and a viewport meta
    tag, so that a phone lays it out at its own width rather than 980 px wide and shrunk, its wide tables scrolling in
    their own box, which the keyboard reaches and a screen reader names.

    enable_swagger imports Powertools' OpenAPI models (~150 ms) when it registers the route, on every
    cold start; here they are imported when the page is asked for.
    """
    from aws_lambda_powertools.event_handler.openapi.swagger_ui import (
        generate_oauth2_redirect_html,
        generate_swagger_html,
    )

    # Read as enable_swagger reads it (untyped: any other value, or a repeated one, gets the page).
    asked = (http_event(router).query_string_parameters or {}).get("format")
    if asked == "oauth2-redirect":
        return _page(generate_oauth2_redirect_html())
    # Inside a <script>: "</" is escaped so that the document cannot close it. Its server is where this page
    # was asked for: the stage's path, and a custom domain's base path, so that "Try it out" calls back there.
    base = site_root(router)
    spec = _openapi_json(base or "/").replace("</", "<\\/")
    if asked == "json":
        return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, spec)
    assets = f"{base}/docs/{ASSETS_FOLDER}"
    js, css = (f"{assets}/{name}" for name in ASSETS)
    page = generate_swagger_html(spec, js, css, assets, None, persist_authorization=False)
    own = f"<style>{_LEGIBLE}{_FITS_A_PHONE}</style>\n<script>{_SCROLL_REGIONS}</script>"
    head = f'<meta name="viewport" content="width=device-width, initial-scale=1">\n{own}\n</head>'
    return _page(page.replace("</head>", head, 1))


@router.get("/docs/<folder>/<asset>", include_in_schema=False, compress=True)
def docs_asset_route(folder: str, asset: str) -> Response[str]:
    """One of Swagger UI's assets, under its Powertools version: it never changes, so it is cached for a year. Any
    other name is the error map's 404 for an unknown path, which says where the documents are."""
    if folder != ASSETS_FOLDER or asset not in ASSETS:
        raise NotFoundError
    # Gzipped or not by the client's Accept-Encoding: a cache keeps one copy for each (API review: a shared cache could
    # serve the gzipped copy, for a year, to a client that cannot read it). Powertools gzips where the header holds the
    # text "gzip" (compress=True), `gzip;q=0` too; the answer's own `compress` is the header weighed as RFC 9110 has it.
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    gzipped = accepts_gzip(http_event(router).headers.get("accept-encoding"))
    return Response(HTTPStatus.OK, ASSETS[asset], _asset(asset), headers=headers, compress=gzipped)


def docs_policy(page: str) -> str:
    """The policy of a /docs page: its own inline scripts and styles by hash, Swagger UI's assets and this API,
    nothing else."""
    from fairdice.markup import csp_hash

    def sources(tag: str) -> str:
        inline = (csp_hash(block.split(f"</{tag}>")[0]) for block in page.split(f"<{tag}>")[1:])
        return " ".join(["'self'", *inline])

    return _DOCS_POLICY.format(script=sources("script"), style=sources("style"))


def _page(page: str) -> Response[str]:
    headers = {"Content-Security-Policy": docs_policy(page), "X-Frame-Options": "DENY"}
    return Response(HTTPStatus.OK, content_types.TEXT_HTML, page, headers=headers)


@cache
def _asset(asset: str) -> str:
    return swagger_ui_asset(asset).decode("utf-8")


@cache
def _openapi_json(server: str = "/") -> str:
    # /openapi.json names the server "/"; the copy inside /docs names the stage's path, as Powertools' did.
    from aws_lambda_powertools.event_handler.openapi.models import Server

    return resolver(router).get_openapi_json_schema(servers=[Server(url=server)])
