"""The verify API: an HTTP request in, one call into fairdice, a verdict or one shape of error out.

The resolver and what it is made of: one Powertools `Router` per area (routes/verify.py: POST
/verify, POST /verify/batch, GET /check and /check/; routes/links.py: POST /links, GET /schemes;
routes/daily.py: GET /daily/{date}[/{player_id}]; routes/docs.py: GET /openapi.json, /docs and Swagger UI's
assets; routes/home.py: GET /, the offline verifier page),
the one error map (errors.py), the body gate ahead of request validation (body.py), the refusal of a
method not named in capitals (`refuse_other_cases`), the answer to an OPTIONS that is no CORS preflight
(`answer_options`), and the Lambda handler with its Logger, Tracer and Metrics. Everything that is not
about HTTP lives in the fairdice core layer.
"""

from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig, Response
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from aws_lambda_powertools.utilities.typing import LambdaContext
from fairdice import __version__
from fairdice.http import ALLOW_ORIGIN, CORS, is_preflight, preflight_headers, unsent_answer
from pydantic import ValidationError

from verify_api import body, errors, settings
from verify_api.answers import secured
from verify_api.observability import logger, metrics, tracer
from verify_api.powertools_private import gate_request_validation
from verify_api.routes import (
    SERVER_WIDE,
    allowed_methods,
    as_resolved,
    daily,
    docs,
    home,
    links,
    routed_path,
    server_wide_methods,
    verify,
)


class _TemplateCors(CORSConfig):
    """Powertools' CORS with the template's headers alone: Powertools adds five of its own (Authorization, X-Amz-…),
    which the template's CorsConfiguration does not allow (review: the function's preflight allowed them)."""

    _REQUIRED_HEADERS: list[str] = []  # noqa: RUF012  # Powertools' own class attribute, read as a list


app = APIGatewayHttpResolver(
    enable_validation=True,
    json_body_deserializer=body.load_json,
    # The HttpApi's CorsConfiguration (fairdice.http.CORS) sets the CORS headers of every answer, ignoring a function's
    # own. It answers a preflight itself, unless the $default route passes it on (review: AWS's documentation says that
    # route catches OPTIONS too): then this answers it, 204, with the same origin, methods, headers and age
    # (`answer_options`). To any other request with an Origin, Powertools' CORS puts the template's origin, headers and
    # age on the answer, but for the POST routes', which set `cors=False` (API Gateway's own header is on all of them).
    cors=_TemplateCors(allow_origin=ALLOW_ORIGIN, allow_headers=CORS["AllowHeaders"], max_age=CORS["MaxAge"]),
    # A custom domain's API mapping leaves its path in front of every request's path (routes/__init__.py).
    strip_prefixes=[settings.SETTINGS.base_path] if settings.SETTINGS.base_path else None,
)


def refuse_other_cases(event: APIGatewayProxyEventV2) -> None:
    """A method is read as sent: methods are case-sensitive (RFC 9110 9.1), so `get` is no GET but a method no route
    takes, the error map's 405 with Allow (or 404 where nothing is), as the local server's http.server reads it too.
    Powertools routes the method upper-cased (review: `curl -X get` was answered as a GET)."""
    if event.http_method != event.http_method.upper():
        raise NotFoundError


# The body cap must act before anything parses the body: the gate runs where Powertools' validation reads a body. A
# method not in capitals is refused before a route's parameters or body are read, as another method no route takes is.
gate_request_validation(app, body.gate, ahead=refuse_other_cases)
app.configure_openapi(
    title="fairdice",
    version=__version__,
    description="Recomputes provably-fair dice from the revealed secrets and says whether they were fair.",
)
for area in (home, verify, links, docs, daily, errors):
    app.include_router(area.router)


def answer_options(resolving: APIGatewayHttpResolver, next_middleware: NextMiddleware) -> Response[str]:
    """An OPTIONS that is no CORS preflight asks what its path takes (RFC 9110 9.3.7): 204 with Allow, or the error
    map's 404 where nothing is; `OPTIONS *`, what the server's paths take (`server_wide_methods`). Powertools answers
    every OPTIONS as a preflight, 204 without Allow, on any path. A preflight is answered as API Gateway answers it by
    the template's CorsConfiguration (`preflight_headers`), as the game's route and the local server answer it:
    Powertools' allowed GET and OPTIONS, where the template allows GET alone (review)."""
    event = resolving.current_event
    # Every other method first, its headers unread: Powertools copies them at each read, on every request (review)
    if event.http_method != "OPTIONS":
        return next_middleware(resolving)
    if is_preflight(event.http_method, event.headers):
        return Response(HTTPStatus.NO_CONTENT, None, "", headers=preflight_headers())
    path = routed_path(event)
    allowed = server_wide_methods(resolving) if path == SERVER_WIDE else allowed_methods(resolving, path)
    if not allowed:
        raise NotFoundError
    return Response(HTTPStatus.NO_CONTENT, None, "", headers={"Allow": ", ".join(allowed)})


app.use(middlewares=[answer_options])


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    try:
        resolved, head = as_resolved(event)
    except ValidationError as unread:
        return secured(unsent_answer(unread, logger))
    answer = secured(app.resolve(resolved, context))
    return {**answer, "body": "", "isBase64Encoded": False} if head else answer
