"""Every reach into a private Powertools name, in one place: what fairdice needs that Powertools keeps private.

Each function here says which private name it uses and why no public one serves.
tests/functions/verify_api/test_powertools_private.py exercises each against the installed
Powertools and fails naming the version and the name when an upgrade breaks one; the
pinned version is in shared/requirements.txt.
"""

from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Tracer
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.middlewares.openapi_validation import OpenAPIRequestValidationMiddleware
from aws_lambda_powertools.shared.version import VERSION
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2

POWERTOOLS_VERSION = VERSION
Gate = Callable[[APIGatewayProxyEventV2], None]


def tracing_disabled() -> bool:
    """Whether Powertools will switch tracing off here (outside Lambda, `sam local`, POWERTOOLS_TRACE_DISABLED).

    Private: `Tracer._is_tracer_disabled()`, the Tracer's own test, asked before a Tracer exists
    so that none is built with the X-Ray SDK where it would record nothing.
    """
    return bool(Tracer._is_tracer_disabled())


class _GatedRequestValidation(OpenAPIRequestValidationMiddleware):
    """Powertools' request validation, behind a gate that refuses a body it must not parse at all."""

    def __init__(self, gate: Gate, ahead: Gate | None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._gate = gate
        self._ahead = ahead

    def handler(self, app: Any, next_middleware: Any) -> Any:
        # Ahead of the route's parameters and body: what `ahead` refuses is refused whatever they hold
        if self._ahead is not None:
            self._ahead(app.current_event)
        return super().handler(app, next_middleware)

    def _get_body(self, app: Any) -> Any:
        # Asked only of a route that reads a body, before it is parsed: the gate acts there alone. A body sent where no
        # route reads one is left unread (review: GET /check/ with a text/plain body was 415 "send the body as JSON",
        # an unknown path with one 415 and a wrong method with a large one 413, not 404 and 405).
        self._gate(app.current_event)
        # Past the gate a body is JSON by its media type, compared without regard to case as RFC 9110 says, or there
        # is none. Powertools' own choice compares "application/json" case-sensitively and raises an error no
        # handler maps (a 500) for any other type, even on an empty body, which is a missing body like any other.
        return app.current_event.json_body


def gate_request_validation(app: APIGatewayHttpResolver, gate: Gate, *, ahead: Gate | None = None) -> None:
    """Run `gate` on the body of every request whose route reads one, before Powertools parses it; what it lets
    through is read as JSON. A route that reads no body, an unknown path and a wrong method leave it unread. `ahead`,
    if given, is run on every request before its route's parameters are read, an unknown path's included.

    Private: `ApiGatewayResolver._request_validation_middleware`. Powertools runs its request
    validation before any user middleware and offers no hook ahead of it; the body cap must act
    before parsing, so the gated validation takes its place. Private too:
    `OpenAPIRequestValidationMiddleware._get_body`, overridden: Powertools asks it for the body of a route that
    reads one, and only then, so the gate runs there; and the gate decides which media types are JSON (any case of
    `application/json`), which Powertools' choice cannot be told. Private too: the middleware's `handler`, extended
    to run `ahead` first.
    """
    if not isinstance(getattr(app, "_request_validation_middleware", None), OpenAPIRequestValidationMiddleware):
        # Set blindly, the attribute would be ignored and every body parsed uncapped: stop the cold start instead.
        raise RuntimeError(
            f"Powertools {VERSION} has no ApiGatewayResolver._request_validation_middleware to gate:"
            " the body cap cannot be put ahead of request validation"
        )
    app._request_validation_middleware = _GatedRequestValidation(gate, ahead)


def route_methods(app: APIGatewayHttpResolver, path: str | None = None) -> list[str]:
    """The methods some route of `app` takes at `path` (without one, at any path), sorted; none for a path no route
    has. What an Allow header names is `routes.allowed_methods`, which adds HEAD and OPTIONS to these.

    Private: `_static_routes` and `_dynamic_routes`. Powertools answers 404 to a wrong method and
    keeps its route table private; a 405 with its Allow header needs the table.
    """
    routes = app._static_routes + app._dynamic_routes
    return sorted({route.method for route in routes if path is None or route.rule.match(path)})


def route_body(app: APIGatewayHttpResolver, method: str, path: str) -> str | None:
    """What the route that takes `method` at `path` says its body is: its body parameter's description, as the OpenAPI
    document gives it. None where no route takes the method there, or the route reads no body.

    Private: `_static_routes` and `_dynamic_routes`, as `route_methods`; and each route's `dependant`, the parameters
    Powertools read from its function's signature, which it keeps to validate a request and offers no other way.
    """
    routes = app._static_routes + app._dynamic_routes
    found = next((r for r in routes if r.method == method and r.rule.match(path) and r.dependant.body_params), None)
    description: str | None = found.dependant.body_params[0].field_info.description if found else None
    return description


# A route's parameter (`<name>` in its rule) as Powertools compiles it into the route's pattern.
_PARAMETER = APIGatewayHttpResolver._compile_regex("/<parameter>")


def parameter_takes(text: str) -> bool:
    """Whether a route's parameter takes every character of `text` (true of ""). Powertools' pattern takes letters,
    digits, `_` and a list of others, but not `"`, `#`, `?`, a backslash or a symbol such as `€`: a path with one in a
    parameter's place matches no route.

    Private: `ApiGatewayResolver._compile_regex`, by which Powertools makes a route's pattern of its rule; what a
    parameter takes is in private names too (`_SAFE_URI`, `_UNSAFE_URI`), and no public one says it.
    """
    return not text or _PARAMETER.fullmatch(f"/{text}") is not None


def base_path(app: APIGatewayHttpResolver) -> str:
    """The stage's path this request came through ("" for `$default`), as Powertools' own Swagger UI names it.

    Private: `_get_base_path()`, what `enable_swagger` uses for the document's server.
    """
    path: str = app._get_base_path()
    return path


def swagger_ui_asset(name: str) -> bytes:
    """One of the Swagger UI assets Powertools ships (`swagger-ui-bundle.min.js`, `swagger-ui.min.css`), as bytes.

    Private: the files `event_handler/openapi/swagger_ui/*` of the Powertools package. `enable_swagger` inlines
    them into every /docs page (1.7 MB) when given no CDN, and offers no way to serve them apart; read from the
    same place, they are served apart, cached, from this API.
    """
    from importlib.resources import files

    return files("aws_lambda_powertools.event_handler.openapi.swagger_ui").joinpath(name).read_bytes()
