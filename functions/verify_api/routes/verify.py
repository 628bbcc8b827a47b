"""Verifying games: POST /verify, POST /verify/batch, and GET /check (a game-over link), with or without its slash."""

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from fairdice import schemes
from fairdice.archive.reader import ArchiveReader, revealed_request
from fairdice.batch import BATCH_BODY, BatchRequest, BatchResult, verify_batch
from fairdice.links import link_name, parse_link
from fairdice.request import RequestBase
from fairdice.schemes.daily import DailyRequest
from fairdice.verdict import Verdict
from fairdice.verify import verify

from verify_api import archive
from verify_api.answers import json_answer, verdict_answer
from verify_api.caching import cache_control
from verify_api.documented import (
    ARCHIVE_ERRORS,
    BATCH_EXAMPLES,
    BODY_ERRORS,
    INVALID,
    PAGE_NOTE,
    VerifyBody,
    page_or_json,
    responses,
)
from verify_api.observability import count_batch, counted
from verify_api.routes import http_event
from verify_api.routes.links import LINKS_PATH

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

_LINK_FORMS = "; ".join(
    f"{scheme.id}{' (no scheme parameter, seed 000)' if scheme.bare_links else f' (scheme={scheme.id})'}: "
    + ", ".join(param.name for param in scheme.link)
    for scheme in schemes.all_schemes()
)


# The addresses of the routes that read a game's body, which a POST mistyped is asked about (`errors._unknown_route`)
VERIFY_PATH, BATCH_PATH = "/verify", "/verify/batch"
BODY_PATHS = (VERIFY_PATH, BATCH_PATH, LINKS_PATH)


@router.post(
    VERIFY_PATH,
    cors=False,
    summary="Verify a game",
    responses=responses("the verdict", *BODY_ERRORS, *ARCHIVE_ERRORS, model=Verdict),
)
def verify_route(request: VerifyBody) -> Response[str]:
    return json_answer(_verdict(request))


@router.post(
    BATCH_PATH,
    cors=False,
    summary="Verify many games",
    description="One result per game, in order: its verdict, or its error in the error shape; then a summary.",
    responses=responses("one result per game and a summary", *BODY_ERRORS, model=BatchResult),
)
def verify_batch_route(
    batch: Annotated[BatchRequest, Body(description=f"the games as {BATCH_BODY}", openapi_examples=BATCH_EXAMPLES)],
) -> Response[str]:
    result = verify_batch(batch, day_secrets=archive.reader(), today=archive.today())
    count_batch(result.summary.games)
    return json_answer(result, field="requests")


def check_route() -> Response[str]:
    # A link's parameters depend on its scheme: the query string is read whole, by the core's link parser. With its
    # `?`, as the page reads `location.search`: a query that starts like a URL (`?/check/?seed=…`) is still a query.
    event = http_event(router)
    request = parse_link(f"?{event.raw_query_string}")
    reader = archive.reader()  # one read budget for the request: the verdict, and the page's own recheck after it
    recheck = _from_the_archive(reader, request)
    # An answer too large for Lambda names the link's own parameter for the count (`n`), as every link error does
    scheme = schemes.of(request)
    count = link_name("count", scheme)
    verdict = _verdict(request, reader)
    # A game published by day is answered from the archive and the clock, as GET /daily/{date}/{player_id} answers it,
    # and is cached alike: never past the reveal a withheld verdict waits for, for a year only once it is final.
    day = scheme.archive_day(request)
    cache = cache_control(verdict, reader.now(), day, reader.kept_until(day)) if day is not None else None
    return verdict_answer(verdict, event.headers.get("accept"), request, cache=cache, recheck=recheck, field=count)


def _from_the_archive(reader: ArchiveReader, request: RequestBase) -> Callable[[], dict[str, Any] | None] | None:
    """For a daily roll's link without its secret, the request with the secret the archive revealed: what the page's
    own check recomputes from, as GET /daily/{date}/{player_id} gives it. None for every other link (the page
    recomputes from the request itself)."""
    if not isinstance(request, DailyRequest) or request.secret is not None:
        return None
    recorded = [list(roll) for roll in request.recorded] if request.recorded is not None else None
    return partial(revealed_request, reader, request.date, request.player_id, recorded)


# A game-over link's addresses: seed 000 prints /check/?…; both forms are served
LINK_PATHS = ("/check", "/check/")

for _path in LINK_PATHS:
    router.get(
        _path,
        summary="Verify a game-over link",
        description=f"The query string of a link from POST /links. Parameters: {_LINK_FORMS}. {PAGE_NOTE}",
        responses=page_or_json(responses("the verdict", INVALID, *ARCHIVE_ERRORS, model=Verdict)),
    )(check_route)


def _verdict(request: RequestBase, reader: ArchiveReader | None = None) -> Verdict:
    """The request's verdict, by the archive `reader` (a fresh one for this request when not given) and today."""
    return counted(verify(request, day_secrets=archive.reader() if reader is None else reader, today=archive.today()))
