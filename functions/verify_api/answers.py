"""A 200 answer: a model serialised once, checked against what Lambda can return, as JSON or as a page."""

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import Response, content_types
from fairdice.errors import InvalidInput
from fairdice.http import SECURITY_HEADERS
from fairdice.request import RequestBase
from fairdice.verdict import Verdict
from pydantic import BaseModel

from verify_api.negotiation import PAGE_CONTENT_TYPE, prefers_html
from verify_api.settings import LAMBDA_MAX_ANSWER, MIB

# Room for the status line and the headers, next to the body, in Lambda's answer.
_ENVELOPE = 16 * 1024


def secured(answer: dict[str, Any]) -> dict[str, Any]:
    """A Lambda answer for API Gateway with the headers every answer carries; one a shared cache may keep varies by
    `Origin` too (`shared_copy`)."""
    answer["headers"] = shared_copy({**(answer.get("headers") or {}), **SECURITY_HEADERS})
    return answer


def shared_copy(headers: dict[str, str]) -> dict[str, str]:
    """`headers` with `Origin` among those the answer varies by, where a shared cache may keep it (`public`): API
    Gateway puts the CORS headers on an answer only when the request names an Origin, so a copy kept from a request
    without one, a link opened in a browser, would be served to a page's script without them, and the browser would
    refuse it for as long as it is kept, a year for a settled day (review)."""
    if "public" not in headers.get("Cache-Control", ""):
        return headers
    varies = [name.strip() for name in headers.get("Vary", "").split(",") if name.strip()]
    if "origin" not in (name.lower() for name in varies):
        headers["Vary"] = ", ".join([*varies, "Origin"])
    return headers


def json_answer(answer: BaseModel, cache: str | None = None, *, field: str = "count") -> Response[str]:
    """The model as a JSON answer, with its Cache-Control when it has one; `field` is blamed if it is too large."""
    # Serialised here, once, by pydantic: handing Powertools the model would validate a verdict's
    # 10,000 rolls again and encode them twice.
    headers = {"Cache-Control": cache} if cache else None
    return Response(
        HTTPStatus.OK, content_types.APPLICATION_JSON, returnable(answer.model_dump_json(), field), headers=headers
    )


def returnable(body: str, field: str) -> str:
    """The body, unless Lambda could not return it: 10,000 rolls of long seeds make tens of megabytes."""
    # Counted as Lambda counts it: UTF-8 bytes of its JSON answer, where the body's quotes are escaped
    # (the python3.12+ runtimes write other characters as they are); and room for status and headers.
    room = LAMBDA_MAX_ANSWER - _ENVELOPE
    raw = len(body.encode())
    if raw * 6 <= room:  # even if every byte were escaped as \u00XX it would fit: no need to count
        return body
    size = len(json.dumps(body, ensure_ascii=False).encode()) + _ENVELOPE
    if size > LAMBDA_MAX_ANSWER:
        raise InvalidInput(
            f"the answer would be {size / MIB:.1f} MiB, more than the {LAMBDA_MAX_ANSWER // MIB} MiB a Lambda"
            " function can return: ask for fewer rolls at a time",
            field=field,
        )
    return body


def verdict_answer(
    verdict: Verdict,
    accept: str | None,
    request: RequestBase | None = None,
    cache: str | None = None,
    recheck: Callable[[], dict[str, Any] | None] | None = None,
    field: str = "count",
) -> Response[str]:
    """The verdict as JSON, or as a page when the client prefers HTML (a browser opening a link); `recheck` gives
    the request the page's browser check recomputes from, when it is not the request itself (a daily roll); `field`
    is what is blamed when the answer is too large for Lambda (a link names its own parameter for the count)."""
    if prefers_html(accept):
        # Imported by the first request answered with a page: a cold start that serves POST /verify,
        # /links, /schemes or a program's GET /check never loads it.
        from fairdice.page import verdict_page

        # A withheld verdict's page recomputes nothing, so its recheck is not asked: a daily roll's would look its day
        # up again, and find it withheld again
        rechecked = recheck() if recheck is not None and verdict.verdict != "withheld" else None
        page = verdict_page(verdict, request, rechecked)
        answer = page_answer(page.html, page.policy, cache, field=field)
    else:
        answer = json_answer(verdict, cache, field=field)
    answer.headers["Vary"] = "Accept"  # one URL, two representations: a cache must key on Accept
    return answer


def page_answer(
    html: str, policy: str, cache: str | None = None, *, status: int = HTTPStatus.OK, field: str = "count"
) -> Response[str]:
    """A page, with the policy that allows only its own script and style, and its Cache-Control when it has one."""
    headers = {"Content-Security-Policy": policy} | ({"Cache-Control": cache} if cache else {})
    return Response(status, PAGE_CONTENT_TYPE, returnable(html, field), headers=headers)
