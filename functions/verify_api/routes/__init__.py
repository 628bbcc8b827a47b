"""The verify API's routes, one Powertools `Router` per area; app.py includes each.

What every area asks of the resolver serving it is here: the request, as the HTTP API's
payload v2, and the resolver itself (for its OpenAPI document and route table).
"""

from typing import cast

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2


def http_event(router: Router) -> APIGatewayProxyEventV2:
    """The request being served: this function's one resolver is for HTTP APIs (payload v2)."""
    return cast(APIGatewayProxyEventV2, router.current_event)


def resolver(router: Router) -> APIGatewayHttpResolver:
    """The resolver that included `router` (`app.include_router`)."""
    serving = router.api_resolver
    if not isinstance(serving, APIGatewayHttpResolver):
        raise TypeError(f"the router is not included in an APIGatewayHttpResolver, but in {serving!r}")
    return serving
