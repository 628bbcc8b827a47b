"""Who gets the verdict page: HTML only when the Accept header ranks it above JSON."""

import pytest
from verify_api.negotiation import accepts_gzip, prefers_html

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


@pytest.mark.parametrize(
    ("accept", "html"),
    [
        (BROWSER, True),
        ("text/html", True),
        ("application/xhtml+xml", True),
        ("text/*", True),
        ("text/html;q=0.9, application/json;q=0.8", True),
        (None, False),
        ("", False),
        ("*/*", False),
        ("application/json", False),
        ("application/json, text/html", False),  # a tie: JSON, the API's own answer
        ("text/html;q=0.5, application/json", False),
        ("text/html;q=0, */*", False),
        # */* weighs for JSON too (review: it was never read, so these got the page)
        ("text/html;q=0.5, */*;q=0.9", False),
        ("text/html;q=0.9, */*", False),
        ("text/html, */*;q=0.9", True),
        ("application/*;q=0.5, */*", True),  # JSON weighs 0.5 by its more specific range
        # IE 11 and legacy Edge: HTML named, JSON only by */*, at one weight (review I)
        ("text/html, application/xhtml+xml, image/jxr, */*", True),
        # HTML refused outright: never the page, though */* would take XHTML (review I)
        ("text/html;q=0, application/json;q=0.5, */*;q=0.8", False),
        ("application/json;q=0.5, text/html;q=0, */*", False),
        ("application/*, text/html;q=0.9", False),
        ("text/html;q=bogus", False),  # a malformed weight: the range is ignored
        ("text/html;q=1.5", False),
        ("TEXT/HTML", True),
        ("garbage", False),
        ("," * 500 + "text/html", False),  # read only so far: no unbounded header parsing
        # Only HTTP's blanks, a space or a tab, are no part of a range or a weight (review: str.strip() took a no-break
        # space, a NEL or a control such as 0x1F off too, and gave these the page): no media range, left out
        ("text/html\t, application/json;q=0.5", True),
        ("text/html;q=1\t, application/json;q=0.5", True),
        ("text/html\u00a0", False),
        ("text/html\x1f", False),
        ("text/html\x0b", False),
        ("\x85text/html", False),
        ("text/html\u3000", False),
        ("text/html;q=1\u00a0, application/json;q=0.5", False),  # a malformed weight: the range is ignored
        # around a parameter's name too: one with another blank by it is no weight (review: it weighed 0)
        ("text/html;\u00a0q=0", True),
        ("text/html;q\x1f=0", True),
        ("text/html;\t q \t=0, */*", False),
    ],
)
def test_html_only_when_the_client_ranks_it_above_json(accept: str | None, html: bool) -> None:
    assert prefers_html(accept) is html


@pytest.mark.parametrize(
    ("header", "takes"),
    [
        ("gzip, deflate, br", True),
        ("GZIP", True),  # codings are named without regard to case
        ("x-gzip", True),
        ("gzip;q=0", False),  # named, and not acceptable
        ("gzip;q=0, *", False),  # named outweighs *
        ("br, *;q=0.5", True),  # not named: * speaks for it
        ("br, *;q=0", False),
        ("identity", False),
        ("gzipped", False),
        ("gzip;q=2", False),  # a weight out of range says nothing
        ("", False),
        (None, False),  # no header: nothing but the content as it is
        ("gzip\t", True),
        ("gzip\u00a0", False),  # only a space or a tab is no part of a coding's name (review: it was taken as gzip)
        ("gzip;\u00a0q=0", True),  # nor of a parameter's name: no weight of 0
        ("gzip; \tq=0", False),
    ],
)
def test_gzip_is_taken_as_accept_encoding_weighs_it(header: str | None, takes: bool) -> None:
    assert accepts_gzip(header) is takes
