"""GET /: the offline verifier page, the same file `python -m fairdice.offline` writes for publishing elsewhere.

The page is built when first asked for (never at a cold start) and kept. Its address names no version,
so it is cached for a day and revalidated by its ETag: a deploy reaches every player within a day.
"""

import hashlib
from functools import cache
from http import HTTPStatus

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from fairdice.http import BLANKS

from verify_api.answers import page_answer
from verify_api.routes import http_event

router = Router()  # type: ignore[no-untyped-call]  # Powertools leaves its __init__ unannotated

A_DAY = "public, max-age=86400"


@router.get("/", include_in_schema=False)
def home_route() -> Response[str]:
    html, policy, etag = _home()
    asked = http_event(router).headers.get("if-none-match") or ""
    # Compared weakly, as RFC 9110 13.1.2 has If-None-Match compared: a CDN that compresses the page sends the tag back
    # as W/"…"; `*` is any representation, and this one exists. HTTP's blanks alone are taken off around a tag, a space
    # or a tab (RFC 9110 5.6.3): str.strip() took a no-break space or a control such as 0x1F off too, and a tag with one
    # of them by it, which is no tag, was told 304 (review)
    if any(tag.strip(BLANKS).removeprefix("W/") in (etag, "*") for tag in asked.split(",")):
        return Response(HTTPStatus.NOT_MODIFIED, None, "", headers={"ETag": etag, "Cache-Control": A_DAY})
    answer = page_answer(html, policy, A_DAY)
    answer.headers["ETag"] = etag
    return answer


@cache
def _home() -> tuple[str, str, str]:
    from fairdice.offline import offline

    page = offline()
    return page.html, page.policy, f'"{hashlib.sha256(page.html.encode()).hexdigest()[:32]}"'
