"""The API's own documents: GET /openapi.json and GET /docs (Swagger UI), outside the document itself."""

from functools import cache
from http import HTTPStatus

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router

from verify_api.powertools_private import base_path
from verify_api.routes import came_through, http_event, resolver

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

# Swagger UI's assets come from a CDN so that /docs stays tens of kilobytes (inlined, they add 1.7 MB).
SWAGGER_UI = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.35.0"


@router.get("/openapi.json", include_in_schema=False)
def openapi_route() -> Response[str]:
    return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, _openapi_json())


@router.get("/docs", include_in_schema=False)
def docs_route() -> Response[str]:
    """What `app.enable_swagger(path="/docs", swagger_base_url=SWAGGER_UI)` serves, without its cost.

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
        return Response(HTTPStatus.OK, content_types.TEXT_HTML, generate_oauth2_redirect_html())
    # Inside a <script>: "</" is escaped so that the document cannot close it. Its server is where this page
    # was asked for: the stage's path, and a custom domain's base path, so that "Try it out" calls back there.
    server = base_path(resolver(router)) + came_through(http_event(router))
    spec = _openapi_json(server or "/").replace("</", "<\\/")
    if asked == "json":
        return Response(HTTPStatus.OK, content_types.APPLICATION_JSON, spec)
    assets = f"{SWAGGER_UI}/swagger-ui-bundle.min.js", f"{SWAGGER_UI}/swagger-ui.min.css"
    page = generate_swagger_html(spec, *assets, SWAGGER_UI, None, persist_authorization=False)
    return Response(HTTPStatus.OK, content_types.TEXT_HTML, page)


@cache
def _openapi_json(server: str = "/") -> str:
    # /openapi.json names the server "/"; the copy inside /docs names the stage's path, as Powertools' did.
    from aws_lambda_powertools.event_handler.openapi.models import Server

    return resolver(router).get_openapi_json_schema(servers=[Server(url=server)])
