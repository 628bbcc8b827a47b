"""Who gets the verdict as a page and who as JSON, through the handler, and the headers that come with each.

The page's content is tested in tests/unit/test_page.py; who prefers HTML, in test_negotiation.py.
"""

import copy
import datetime as dt
import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fairdice.archive.publisher import publish
from fairdice.archive.reader import ArchiveReader
from fairdice.errors import ArchiveUnavailable
from fairdice.markup import csp_hash
from fairdice.storage import FolderStore, Stores
from unit.common import recipe_of, run
from verify_api import app as api
from verify_api import archive as api_archive
from verify_api.answers import shared_copy
from verify_api_calls import at
from verify_api_calls import invoke as invoke_answer

from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

Event = dict[str, Any]
HTML = "text/html; charset=utf-8"


def invoke(event: Event) -> tuple[int, dict[str, str], str]:
    answer = api.lambda_handler(event, FakeLambdaContext())
    return answer["statusCode"], answer.get("headers", {}), answer.get("body", "")


def accepting(event: Event, accept: str | None) -> Event:
    changed = copy.deepcopy(event)
    changed["headers"].pop("accept", None)
    if accept is not None:
        changed["headers"]["accept"] = accept
    return changed


# ---- the page, or JSON ------------------------------------------------------------------------


def test_a_browser_opening_a_mismatched_link_gets_a_page_that_explains_it(load_event: Callable[[str], Event]) -> None:
    # Given a phone's browser opening a game-over link whose rolls are numbered one off
    event = load_event("api-check-mismatch-html")

    # When the handler answers it
    status, headers, page = invoke(event)

    # Then it is a page, safe to render, that the cache keeps apart from the JSON answer
    assert (status, headers["Content-Type"]) == (200, HTML)
    (script,) = re.findall(r"<script>(.*?)</script>", page, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert headers["Content-Security-Policy"] == (
        f"default-src 'none'; script-src {csp_hash(script)}; style-src {csp_hash(style)}; base-uri 'none';"
        " form-action 'none'; frame-ancestors 'none'"
    )
    assert headers["Vary"] == "Accept"
    # And it says mismatch, lists the 20 rolls, and names the cause with a link to check again
    assert "<h1>Mismatch: " in page
    assert page.count("<tr") == 1 + 20
    assert "The roll numbers are shifted" in page
    retry = re.search(r'<a href="([^"]+)">Check again with roll numbers starting at 1</a>', page)
    assert retry is not None

    # And following that link (as a program this time) gives a fair verdict
    link = urlsplit(unescape(retry.group(1)))
    again = accepting(event, "application/json")
    again["rawQueryString"] = link.query
    status, headers, body = invoke(again)
    assert (status, headers["Content-Type"], json.loads(body)["verdict"]) == (200, "application/json", "fair")


@pytest.mark.parametrize(
    "accept",
    [
        "application/json",
        "*/*",
        None,
        "text/html;q=0.5, application/json",
        # HTTP's blanks are a space and a tab alone: `text/html` and a no-break space or a 0x1F is no media range the
        # page is, answered as an unknown one is (review: str.strip() took them off, and these got the page)
        "text/html\u00a0",
        "text/html\x1f",
    ],
)
def test_programs_get_the_json_verdict_with_its_diagnosis(
    load_event: Callable[[str], Event], accept: str | None
) -> None:
    status, headers, body = invoke(accepting(load_event("api-check-mismatch-html"), accept))
    assert (status, headers["Content-Type"], headers["Vary"]) == (200, "application/json", "Accept")
    verdict = json.loads(body)
    assert verdict["verdict"] == "mismatch"
    assert verdict["diagnosis"][0] == {
        "cause": "numbering_shifted",
        "explains": "20 of 20 rolls",
        "detail": verdict["diagnosis"][0]["detail"],
        "try": {"first": 1},
    }


def test_a_bad_link_is_a_page_for_a_browser_that_names_the_links_parameter_and_json_for_a_program(
    load_event: Callable[[str], Event],
) -> None:
    # Given a link with a parameter its scheme does not take (`sede`, mistyped)
    event = accepting(load_event("api-check-bad-link"), "text/html,*/*;q=0.8")

    # When a browser opens it, then it gets a page that says what is wrong, in the link's words
    status, headers, page = invoke(event)
    assert (status, headers["Content-Type"], headers["Vary"]) == (422, HTML, "Accept")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert "<h1>This link cannot be checked</h1>" in page
    assert "<code>sede</code>" in page and "it takes seed, seal, client, first, n, rolls" in page
    assert "Copy the link again, whole" in page
    # And a program gets the same error as JSON
    status, headers, body = invoke(accepting(event, "application/json"))
    assert (status, headers["Content-Type"], headers["Vary"]) == (422, "application/json", "Accept")
    assert json.loads(body)["error"]["code"] == "invalid_input"


def _revealed_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """2025-03-01 published and then revealed in a local archive, the API reading it an hour into 2 March."""
    stores = Stores(secrets=FolderStore(tmp_path / "private", private=True), archive=FolderStore(tmp_path / "archive"))
    publish(stores, dt.datetime(2025, 3, 1, tzinfo=dt.UTC))
    publish(stores, dt.datetime(2025, 3, 2, tzinfo=dt.UTC))
    clock = dt.datetime(2025, 3, 2, 1, tzinfo=dt.UTC)
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: clock))
    monkeypatch.setattr(api_archive, "clock", lambda: clock)


def _daily_roll_event(load_event: Callable[[str], Event], address: str) -> Event:
    """A browser's GET of a player's roll of 2025-03-01: by the daily route, or as a game-over link without its secret
    (GET /check/)."""
    event = load_event("api-daily-roll-html")
    if address == "check-link":  # the same roll as a game-over link, without its secret (GET /check/)
        event = at(event, "GET", "/check/", "scheme=daily&date=2025-03-01&player=123e4567-e89b-12d3-a456-426614174000")
        event.pop("pathParameters", None)
    return event


@pytest.mark.parametrize("address", ["daily-route", "check-link"])
def test_a_browser_opening_a_daily_roll_gets_its_page_with_the_archives_caching(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, load_event: Callable[[str], Event], address: str
) -> None:
    # Given a day published and then revealed in a local archive
    _revealed_day(tmp_path, monkeypatch)
    event = _daily_roll_event(load_event, address)

    # When a browser asks for a player's roll of that day
    status, headers, page = invoke(event)

    # Then the page shows the six faces from the archive's secret, cached as the JSON would be
    _, json_headers, body = invoke(accepting(event, "application/json"))
    verdict = json.loads(body)
    assert (status, headers["Content-Type"], headers["Vary"]) == (200, HTML, "Accept, Origin")
    assert headers.get("Cache-Control") == json_headers.get("Cache-Control")
    faces = "-".join(map(str, verdict["rolls"][0]["dice"]))
    assert f"<td class=msg>2025-03-01|123e4567-e89b-12d3-a456-426614174000<td class='dice long'>{faces}<td" in page
    assert "GET /daily/2025-03-01" in re.sub(r"<[^>]+>", "", page)  # where the recipe's secret is published
    # And the browser rechecks the roll from the secret the archive revealed, which the page carries
    data = re.search(r"<script type=application/json id=fairdice-recheck>(.*?)</script>", page)
    assert data is not None
    recheck = json.loads(data.group(1))
    revealed = api_archive.DAILY.lookup(dt.date(2025, 3, 1))
    assert recheck["request"]["secret"] == revealed.secret.hex()  # type: ignore[union-attr]
    assert recheck["rolls"] == [[1, verdict["rolls"][0]["dice"]]]
    # And the recipe, run as a person would run it, has that secret and prints the commitment and the six faces
    assert run(recipe_of(page)) == [verdict["seal"]["computed"], f"1 {verdict['rolls'][0]['dice']}"]


@pytest.mark.parametrize("address", ["daily-route", "check-link"])
def test_a_daily_rolls_page_whose_secret_the_archive_does_not_give_again_says_the_browser_cannot_check_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, load_event: Callable[[str], Event], address: str
) -> None:
    # Given a day published and then revealed in a local archive, which answers the verdict's read and then fails (as an
    # S3 that refuses to list a record's versions is read again for the page's own check, within the request's budget)
    _revealed_day(tmp_path, monkeypatch)
    looked = ArchiveReader.lookup
    reads = []

    def once(reader: ArchiveReader, day: dt.date) -> Any:
        reads.append(day)
        if len(reads) > 1:
            raise ArchiveUnavailable("the archive did not answer in time")
        return looked(reader, day)

    monkeypatch.setattr(ArchiveReader, "lookup", once)
    event = _daily_roll_event(load_event, address)

    # When a browser asks for a player's roll of that day
    status, _, page = invoke(event)

    # Then its page says the browser cannot recompute the roll, and carries no check that could only fail for want of
    # the secret (review: a game-over link's page carried the link's request, without a secret, for the browser to
    # recompute from, and its check could only say it failed)
    assert status == 200 and len(reads) == 2, reads
    assert "<td class=msg>2025-03-01|123e4567-e89b-12d3-a456-426614174000<td" in page
    assert "This page does not carry the revealed secret, so your browser cannot recompute these rolls itself." in page
    assert "fairdice-recheck" not in page and "<script>" not in page


def test_a_browser_asking_for_html_gets_the_verdict_as_a_page(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-check-html")
    assert event["headers"]["accept"].startswith("text/html")
    answer = invoke_answer(event)
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "<h1>Fair: " in answer.text  # the page itself: the tests above


# ---- the headers every answer carries -----------------------------------------------------------


@pytest.mark.parametrize("accept", ["application/json", "text/html,application/xhtml+xml,*/*;q=0.8"])
@pytest.mark.parametrize("name", sorted(p.stem for p in (Path(__file__).parents[3] / "events").glob("api-*.json")))
def test_every_answer_of_every_route_is_never_sniffed_and_https_only(
    load_event: Callable[[str], Event], name: str, accept: str
) -> None:
    # Every route's event (JSON answers, pages, errors, /docs, its assets, /openapi.json, GET /), as a program
    # and as a browser asks
    status, headers, _ = invoke(accepting(load_event(name), accept))
    assert headers["X-Content-Type-Options"] == "nosniff", (name, status)
    assert headers["Strict-Transport-Security"] == "max-age=31536000", (name, status)
    # and one a shared cache may keep varies by Origin: API Gateway adds the CORS headers only when a request names one
    # (review: a copy kept from a browser's visit, without them, was served to a page's script for a year)
    if "public" in headers.get("Cache-Control", ""):
        assert "Origin" in headers["Vary"].split(", "), (name, headers.get("Vary"))


@pytest.mark.parametrize(
    ("headers", "vary"),
    [
        ({"Cache-Control": "public, max-age=60"}, "Origin"),
        ({"Cache-Control": "public, max-age=60", "Vary": "Accept"}, "Accept, Origin"),
        ({"Cache-Control": "public, max-age=31536000, immutable", "Vary": "Accept-Encoding, origin"}, None),
        ({"Cache-Control": "no-cache", "Vary": "Accept"}, None),
        ({}, None),
    ],
)
def test_only_an_answer_a_shared_cache_may_keep_varies_by_origin_and_names_it_once(
    headers: dict[str, str], vary: str | None
) -> None:
    kept = shared_copy(dict(headers))
    assert kept.get("Vary") == (vary or headers.get("Vary"))


def test_a_failure_on_fairdices_side_carries_them_too(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("verify_api.routes.links.scheme_catalog", broken)
    status, headers, _ = invoke(load_event("api-schemes"))
    assert status == 500
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Strict-Transport-Security"] == "max-age=31536000"


# ---- a player on a phone (issue 14's "Why"): a page for every answer a browser gets -------------


def test_a_link_cut_short_in_the_middle_of_its_seed_is_a_page_that_names_the_seed(
    load_event: Callable[[str], Event],
) -> None:
    # Given a seed 000 link cut short by a chat, in the middle of its server seed
    event = accepting(load_event("api-check-html"), "text/html,application/xhtml+xml,*/*;q=0.8")
    event["rawQueryString"] = event["rawQueryString"][: len("seed=") + 31]

    status, headers, page = invoke(event)

    assert (status, headers["Content-Type"]) == (422, HTML)
    assert (
        "The link's <code>seed</code>: a secret has an odd number of hex digits (31), where it must be 16 to 64"
        " bytes (32-128 hex digits).</li>"
    ) in page
    assert "The link's <code>client</code> is required.</li>" in page
    assert not page.lstrip().startswith("{")


def test_a_link_a_mail_program_added_its_own_parameters_to_still_answers_a_browser_with_a_page(
    load_event: Callable[[str], Event],
) -> None:
    event = accepting(load_event("api-check-html"), "text/html,application/xhtml+xml,*/*;q=0.8")
    event["rawQueryString"] += "&utm_source=mail&utm_medium=email"

    status, headers, page = invoke(event)

    assert headers["Content-Type"] == HTML, (status, page[:300])
    assert page.startswith("<!doctype html>")


def test_a_bare_check_link_and_a_long_pasted_roll_are_said_with_fairdices_own_cuts_shown_as_typed(
    load_event: Callable[[str], Event],
) -> None:
    # Given /check/ opened with nothing after it, then a link whose rolls hold a token of 25 digits
    bare = accepting(load_event("api-check-html"), "text/html,application/xhtml+xml,*/*;q=0.8")
    bare["rawQueryString"] = ""
    long_token = copy.deepcopy(bare)
    long_token["rawQueryString"] = re.sub(
        "rolls=[0-9]+", "rolls=" + "1234" * 6 + "5", load_event("api-check-html")["rawQueryString"]
    )

    # Then each page says what is wrong with the example and the cut in plain characters: the pages write `…` as its
    # code point wherever it is a value's (it looks like three dots), so fairdice's own words never use it
    # (review: "a check link looks like /check/?seed=⟨U+2026⟩&client=a,b&n=52")
    status, _, page = invoke(bare)
    assert status == 422 and "a check link looks like /check/?seed=SEED&amp;client=a,b&amp;n=52" in page
    status, _, page = invoke(long_token)
    assert status == 422 and "&#x27;12341234123412341234&#x27;... (25 characters) has 25 digits" in page
    for shown in (invoke(bare)[2], page):
        assert "U+2026" not in shown
