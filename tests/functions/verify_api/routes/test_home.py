"""GET /: the offline verifier page, served by the API as `python -m fairdice.offline` writes it."""

import re
from collections.abc import Callable

import pytest
from fairdice.markup import csp_hash
from fairdice.offline import offline_page
from verify_api_calls import Event, invoke

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_the_home_page_is_the_offline_verifier_with_its_hashed_script_policy_and_a_days_caching(
    load_event: Callable[[str], Event],
) -> None:
    answer = invoke(load_event("api-home"))

    assert (answer.status, answer.headers["Content-Type"]) == (200, "text/html; charset=utf-8")
    assert answer.text == offline_page()
    (script,) = re.findall(r"<script>(.*?)</script>", answer.text, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", answer.text, re.S)
    assert answer.headers["Content-Security-Policy"] == (
        f"default-src 'none'; script-src {csp_hash(script)}; style-src {csp_hash(style)}; base-uri 'none';"
        " form-action 'none'; frame-ancestors 'none'"
    )
    assert answer.headers["Cache-Control"] == "public, max-age=86400"
    assert re.fullmatch(r'"[0-9a-f]{32}"', answer.headers["ETag"])


def test_a_browser_that_has_the_page_already_is_told_it_has_not_changed(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-home")
    etag = invoke(event).headers["ETag"]
    event["headers"]["if-none-match"] = f'"other", {etag}'

    answer = invoke(event)

    assert (answer.status, answer.text) == (304, "")
    assert answer.headers["ETag"] == etag


@pytest.mark.parametrize("asked", ['W/"{etag}"', '"other", W/"{etag}"', "*"])
def test_the_tag_is_compared_weakly_and_a_star_matches(load_event: Callable[[str], Event], asked: str) -> None:
    # Given a tag sent back weak, as a CDN that compresses the page makes it, or `*` (review: both got the whole page)
    event = load_event("api-home")
    etag = invoke(event).headers["ETag"]
    event["headers"]["if-none-match"] = asked.format(etag=etag.strip('"'))
    # Then the page has not changed, as RFC 9110 compares If-None-Match
    assert invoke(event).status == 304


@pytest.mark.parametrize(
    ("asked", "status"),
    [
        ('\u00a0"{etag}"', 200),  # a no-break space before the tag: no tag (review: 304, as str.strip() took it off)
        ('"{etag}"\x1f', 200),  # a control after it, as API Gateway hands one on
        ('"other",\u3000"{etag}"', 200),  # an ideographic space
        ('"other",\t "{etag}" \t', 304),  # HTTP's blanks, a space or a tab, are no part of a tag
    ],
)
def test_a_tag_loses_http_s_blanks_around_it_alone(load_event: Callable[[str], Event], asked: str, status: int) -> None:
    event = load_event("api-home")
    etag = invoke(event).headers["ETag"]
    event["headers"]["if-none-match"] = asked.format(etag=etag.strip('"'))
    assert invoke(event).status == status


def test_another_tag_gets_the_page(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-home")
    event["headers"]["if-none-match"] = 'W/"other", "0123"'
    assert invoke(event).status == 200
