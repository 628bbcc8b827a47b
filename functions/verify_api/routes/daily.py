"""The daily game: GET /daily/{date} (a day's record) and GET /daily/{date}/{player_id} (a player's roll)."""

import datetime as dt
from functools import cache, partial
from typing import Annotated

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from fairdice.archive.reader import DayRecord, daily_record, daily_verdict, revealed_request
from fairdice.fields import AddressDay, AddressPlayerId, Day
from fairdice.links import address_query
from fairdice.problems import Parameter
from fairdice.schemes import daily
from fairdice.verdict import Verdict
from pydantic import TypeAdapter, ValidationError

from verify_api import archive
from verify_api.answers import json_answer, page_answer, verdict_answer
from verify_api.caching import cache_control
from verify_api.documented import ARCHIVE_ERRORS, INVALID, PAGE_NOTE, page_or_json, responses
from verify_api.negotiation import prefers_html
from verify_api.observability import counted
from verify_api.routes import http_event, site_root

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

RECORD_ADDRESS = "GET /daily/{date}"
ROLL_ADDRESS = "GET /daily/{date}/{player_id}"
# A player's roll: the day's record page tells a player to open it, their player id after the day
ROLL_PATH = "/daily/<date>/<player_id>"
# The day's record, its page to a browser
RECORD_PATH = "/daily/<date>"
DayPath = Annotated[AddressDay, Path(description="the UTC day, YYYY-MM-DD")]


@cache
def _days() -> TypeAdapter[dt.date]:
    """A date as these routes read it (`fields.Day`), built at its first use, a 404 near a daily address."""
    return TypeAdapter(Day)


def _is_day(text: str) -> bool:
    try:
        _days().validate_python(text)
    except ValidationError:
        return False
    return True


# What these routes' parameters take, for a 404 near their address (`problems.path_meant`): a date they would refuse,
# 422, is asked about as the form of a day (review: `/Dialy/x/` was asked about /daily/x)
PARAMETERS = {"date": Parameter(_is_day, "YYYY-MM-DD", "a UTC day")}


@router.get(
    RECORD_PATH,
    summary="A day's revealed secret record",
    description=PAGE_NOTE,
    responses=page_or_json(responses("the record", INVALID, *ARCHIVE_ERRORS, model=DayRecord)),
)
def daily_record_route(date: DayPath) -> Response[str]:
    # No parameter: one given is refused, as the roll's address refuses an unknown one (review: ignored)
    address_query(http_event(router).raw_query_string, (), daily.SCHEME, RECORD_ADDRESS)
    reader = archive.reader()
    shown = daily_record(reader, date)
    cache = cache_control(shown, reader.now(), date, reader.kept_until(date))
    event = http_event(router)
    if not prefers_html(event.headers.get("accept")):
        answer = json_answer(shown, cache)
    else:
        from fairdice.notices import day_page

        page = day_page(shown, home=f"{site_root(router)}/")
        answer = page_answer(page.html, page.policy, cache)
    answer.headers["Vary"] = "Accept"
    return answer


@router.get(
    ROLL_PATH,
    summary="A player's daily roll, verified from the archive",
    description=f"Optional query parameter `recorded`: the six faces seen, such as `3 5 7 10 12 20`. {PAGE_NOTE}",
    responses=page_or_json(responses("the verdict", INVALID, *ARCHIVE_ERRORS, model=Verdict)),
)
def daily_roll_route(
    date: DayPath,
    player_id: Annotated[AddressPlayerId, Path(description="the player's UUID")],
    recorded: Annotated[str | None, Query(description="the six faces seen, such as `3 5 7 10 12 20`")] = None,
) -> Response[str]:
    # Declared above for the OpenAPI document; read here from the raw query string, as a link's parameters are (review:
    # API Gateway's decoded parameters may keep `+`, a space in a form's query, and an unknown parameter was ignored)
    event = http_event(router)
    given = address_query(event.raw_query_string, ("recorded",), daily.SCHEME, ROLL_ADDRESS)
    recorded = given.get("recorded")
    reader = archive.reader()  # one read budget for the request: the verdict, and the page's own recheck after it
    verdict = counted(daily_verdict(reader, date, player_id, recorded))
    accept = event.headers.get("accept")
    recheck = partial(revealed_request, reader, date, player_id, recorded)
    cache = cache_control(verdict, reader.now(), date, reader.kept_until(date))
    return verdict_answer(verdict, accept, cache=cache, recheck=recheck)
