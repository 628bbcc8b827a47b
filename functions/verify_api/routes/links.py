"""Links and what they may say: POST /links builds a game-over link, GET /schemes lists every scheme."""

import ipaddress
import re

from aws_lambda_powertools.event_handler.api_gateway import Router
from fairdice.catalog import SchemeCatalog, scheme_catalog
from fairdice.links import game_link
from pydantic import BaseModel

from verify_api import settings
from verify_api.documented import BODY_ERRORS, INVALID, VerifyBody, responses
from verify_api.routes import came_through, http_event

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

# A host by name, or an IPv6 literal in brackets, as the local server is reached on `[::1]:3000` (review: it was given
# a relative link); either with a port. ASCII: `\d` takes ٣ for a digit (review)
_HOST = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[(?P<ipv6>[0-9A-Fa-f:.]{2,45})\])(?::(?P<port>[0-9]{1,5}))?")
# A port is 1 to 65535 (RFC 6335 6): a link on a greater one is a URL no browser opens (review: localhost:99999); nor on
# port 0, which names no port a connection is made to (reserved; a server asked to listen on it takes a free one), so a
# Host that names it never names the server that answered (`Host: x:0` was given http://x:0/check/…)
_PORT_MAX = 65535


class LinkResponse(BaseModel):
    """A static game-over link: everything needed to verify the game is in the URL."""

    url: str


# The address of the route that builds a link, which a POST mistyped is asked about (`verify.BODY_PATHS`)
LINKS_PATH = "/links"


@router.post(LINKS_PATH, cors=False, summary="Build a game-over link", responses=responses("the link", *BODY_ERRORS))
def links_route(request: VerifyBody) -> LinkResponse:
    return LinkResponse(url=game_link(request, settings.SETTINGS.public_base_url or _own_base_url()))


# Powertools documents a 422 on every validated route; this one documents it in the one error shape.
@router.get("/schemes", summary="The schemes, their fields and limits", responses=responses("every scheme", INVALID))
def schemes_route() -> SchemeCatalog:
    return scheme_catalog()


def _own_base_url() -> str:
    """The scheme, host and base path this request came to: API Gateway's domain (with its API mapping's
    path), or the local server's host:port."""
    event = http_event(router)
    host = event.request_context.domain_name or ""
    named = _HOST.fullmatch(host)
    if (
        not named
        or (named["port"] is not None and not 0 < int(named["port"]) <= _PORT_MAX)
        or not _bracketed_is_ipv6(named)
    ):
        return came_through(event)  # a link from the root of the page's site still works on the page that asked
    scheme = "http" if event.headers.get("x-forwarded-proto") == "http" else "https"
    return f"{scheme}://{host}{came_through(event)}"


def _bracketed_is_ipv6(named: re.Match[str]) -> bool:
    """Whether a Host's bracketed literal, if it has one, is an IPv6 address (`[::1]`, not `[::g]` nor `[1.2.3.4]`);
    True for a host by name, which has none. The brackets' characters hold no `%`, so no zone id (`[fe80::1%eth0]`),
    which only this machine can resolve, is ever put into a link."""
    if named["ipv6"] is None:
        return True
    try:
        ipaddress.IPv6Address(named["ipv6"])
    except ValueError:
        return False
    return True
