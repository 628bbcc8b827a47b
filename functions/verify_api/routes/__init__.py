"""The verify API's routes, one Powertools `Router` per area; app.py includes each.

What every area asks of the resolver serving it is here: the request, as the HTTP API's
payload v2, the resolver itself (for its OpenAPI document and route table), and where the
request came in: through a custom domain's API mapping its path starts with the configured base
path (`FAIRDICE_BASE_PATH`), which the resolver strips before routing and links must keep.
"""

from typing import Any, cast
from urllib.parse import unquote

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from fairdice import http
from fairdice.http import GAME_ROUTE, HttpApiEvent
from fairdice.prose import shows_nothing

from verify_api import settings
from verify_api.powertools_private import base_path, parameter_takes, route_methods

# Paths of this API that another function serves (template.yaml: TodayRollFunction's GET /game/today/{player_id}), with
# the methods it takes there: any other method on them comes to this function through $default.
SERVED_ELSEWHERE = ((GAME_ROUTE, ("GET",)),)
# Rounds of percent-decoding a path gets (`decoded`): a few, never as many as a long path of `%25…` would ask for.
_DECODINGS = 4


def served_elsewhere(path: str) -> tuple[str, ...]:
    """The methods another function of the API takes at `path` (as the routes see it); none for a path of this one."""
    return next((methods for pattern, methods in SERVED_ELSEWHERE if pattern.fullmatch(path)), ())


# An OPTIONS's target in asterisk-form (RFC 9112 3.2.4), which asks about the server as a whole, no resource of it (RFC
# 9110 9.3.7): as the local server hands it on, the event's path
SERVER_WIDE = "*"


def server_wide_methods(app: APIGatewayHttpResolver) -> list[str]:
    """What some path of the API takes, another function's included, as the Allow of the answer to `OPTIONS *`
    (`SERVER_WIDE`) names it (review: `OPTIONS *` was a 404, "there is no * here"). Only OPTIONS asks so: `*` is no
    path, so no other method takes it, and no 405 names these (review: `DELETE *` was told "* takes GET, HEAD or POST",
    where `GET *` is a 404)."""
    methods = route_methods(app) + [method for _, taken in SERVED_ELSEWHERE for method in taken]
    return sorted({*methods, "HEAD", "OPTIONS"} if "GET" in methods else {*methods, "OPTIONS"})


def allowed_methods(app: APIGatewayHttpResolver, path: str) -> list[str]:
    """What `path` (as the routes see it) takes, as an Allow header names it: its routes' methods, HEAD where GET is
    (`as_resolved`), and OPTIONS, which every path that takes a method answers; on a path another function serves, what
    that takes. None for a path with no method at all, `SERVER_WIDE` among them (`server_wide_methods`)."""
    elsewhere = served_elsewhere(path)
    methods = list(elsewhere) or route_methods(app, path)
    if "GET" in methods and not elsewhere:  # another function's GET is answered there, its HEAD here
        methods.append("HEAD")
    return sorted([*methods, "OPTIONS"]) if methods else []


def as_resolved(event: Any) -> tuple[Any, bool]:
    """The event to resolve, its path decoded (`decoded`), and whether it is a HEAD, whose answer goes without its
    content.

    HEAD is GET without the content (RFC 9110 9.3.2): a link checker's or `curl -I`'s request is answered as the GET
    it asks about, status and headers alike; on a path another function serves, by the 405 naming what that takes. An
    empty path, which only a hand-made event holds, is the root's, as `routed_path` reads it (review: GET "" was "takes
    GET or HEAD, not GET", a 405).

    pydantic's ValidationError for an event that is no `HttpApiEvent`, which API Gateway never sends: only a direct
    invoke's hand-made event holds one (`fairdice.http.unsent_answer` answers it).
    """
    HttpApiEvent.model_validate(event)
    http = event["requestContext"]["http"]
    resolved = {**event, "rawPath": decoded(event["rawPath"]) or "/"}
    if http["method"] != "HEAD":
        return resolved, False
    if served_elsewhere(routed_path(APIGatewayProxyEventV2(resolved))):
        return resolved, True
    return {**resolved, "requestContext": {**event["requestContext"], "http": {**http, "method": "GET"}}}, True


def decoded(path: str) -> str:
    """`path` percent-decoded, as often as it was encoded: API Gateway's HTTP API may hand `rawPath` over decoded or as
    the client sent it, so each form is routed as the other (`/check%2F` as `/check/`). A `%` is in no path a route
    takes: one left after a few rounds is left for the route to refuse. Dot-segments stay as they are, a segment like
    any other, so `..` reaches no other route; a space or a character that shows nothing (`prose.shows_nothing`: a
    control, a no-break or zero-width space), in no route's path either, is given back encoded: Powertools' route
    pattern ends in `$`, which takes a path ending in a newline (`/schemes%0A`) for the route; a space, which its
    parameters take, is stripped by the date's and the player id's types (review: `/daily/2025-03-01%20` was the day's
    record, where any other date not written YYYY-MM-DD is a 422); and a 404 quoted a no-break space as a blank. So is
    any other character a route's parameter does not take (`"`, `#`, `€`): the route still matches, and its date or
    player id is refused by its type (review: `/daily/2025-03-01%22` was a 404 where `/daily/yesterday` is a 422). So is
    what is no UTF-8 text: a byte that is not (`/check%FF`, read as U+FFFD) as it was sent, and a lone surrogate a
    hand-made event holds as the bytes Python would write it in (review: an error quoting one could not be written, a
    500)."""
    for _ in range(_DECODINGS):
        once = unquote(path, errors="surrogateescape")
        if once == path:
            break
        path = once
    if _kept(path):  # nearly every path: nothing to give back encoded
        return path
    return "".join(c if _kept(c) else http.percent_encoded(c) for c in path)


def readable(path: str) -> str:
    """`path`, as `decoded` gives it, as an error quotes it (`fairdice.http.readable`, which the game's route quotes its
    path by too): a character `decoded` gave back encoded only because no route's parameter takes it (`"`, `€`)
    written as itself, as an address bar shows it, where the 404 quoted it encoded (review: "there is no
    /café%E2%82%AC here" for /café€); a `?`, a `#`, a `%` or a backslash it decoded (`%3F`, `%23`, `%25`, `%5C`)
    encoded again, as any of them bare would read as another path, the start of a query, of a fragment or of a
    character encoded, or a slash, as a browser reads a backslash (review: POST `/game/today/{id}%3F` was told
    `/game/today/{id}? takes GET`, where the game's route quotes `%3F`, and `/x%23y/z` "there is no /x#y/z here", which
    an address bar reads as /x); a `/` it decoded as the slash the path was routed by
    (`fairdice.http.game_id_slashed`: a %2F is read as one); what `decoded` left encoded after its rounds (a `%`, `/`,
    `?`, `#` or backslash, or a character a route's parameter takes) stays encoded, as no character it encoded; and a
    character that looks like another in the whole path, encoded (review: the Cyrillic а of `/Daily/2025-03-01/аbc`
    was quoted, and the address meant given, as typed, like the Latin a of another player's id)."""
    return http.readable(path, _given_back)


def _given_back(character: str) -> bool:
    """Whether `decoded` gives a character back encoded only because no route's parameter takes it (`"`, `€`), so
    that an error may quote it as itself. A `/` never is (`decoded` keeps every slash it decodes): one still encoded
    was left so after its rounds, and written bare would read as a slash the path was not routed by. Nor is a
    character that bare reads as another path (`fairdice.http.READ_AS_ANOTHER`: a `?`, `#`, `%` or backslash), which
    `fairdice.http.readable` encodes whatever this says: one set for both, where each named it of its own."""
    return character != "/" and character not in http.READ_AS_ANOTHER and not parameter_takes(character)


def _kept(text: str) -> bool:
    """Whether `text`, of a decoded path, is routed as it is: no space, no character that shows nothing, and between
    its slashes only what a route's parameter takes, or a `?`. A path holds one only where a link's `?` came encoded
    (`/check%3Fseed=…`, as a program that passed the link on may write it): matching no route, it is the 404 that says
    so (errors), not a date or a player id refused for it."""
    return " " not in text and not shows_nothing(text) and parameter_takes(text.replace("/", "").replace("?", ""))


def http_event(router: Router) -> APIGatewayProxyEventV2:
    """The request being served: this function's one resolver is for HTTP APIs (payload v2)."""
    return cast(APIGatewayProxyEventV2, router.current_event)


def resolver(router: Router) -> APIGatewayHttpResolver:
    """The resolver that included `router` (`app.include_router`)."""
    serving = router.api_resolver
    if not isinstance(serving, APIGatewayHttpResolver):
        raise TypeError(f"the router is not included in an APIGatewayHttpResolver, but in {serving!r}")
    return serving


def came_through(event: APIGatewayProxyEventV2) -> str:
    """The base path this request came through: the configured one if its path starts with it, else ""."""
    base = settings.SETTINGS.base_path
    return base if base and (event.path == base or event.path.startswith(f"{base}/")) else ""


def routed_path(event: APIGatewayProxyEventV2) -> str:
    """The request's path as the routes see it, the base path it came through taken off (as app.py's resolver does)."""
    return event.path[len(came_through(event)) :] or "/"


def site_root(router: Router) -> str:
    """This API's root as the request came to it ("" at the root): the stage's path and the base path it came
    through, for the addresses a page gives (the offline verifier at GET /, Swagger UI's assets)."""
    return base_path(resolver(router)) + came_through(http_event(router))
