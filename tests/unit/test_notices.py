"""Error pages: each problem named as the person sees it, in words that no caller's text can turn round."""

import datetime as dt
import html
import re

import pytest
from fairdice.archive.layout import RevealedRecord, reveal_time
from fairdice.archive.reader import DayRecord
from fairdice.errors import ArchiveRefused, InvalidInput, NotReadableYet
from fairdice.links import parse_link
from fairdice.markup import whole_dates
from fairdice.notices import day_page, error_page
from fairdice.problems import Problem, describe
from fairdice.prose import quoted
from fairdice.seal import seal_of


def test_a_link_parameter_holding_a_right_to_left_override_is_named_with_its_code_point() -> None:
    # Given a link whose unknown parameter's name starts with U+202E, which would draw the rest of the line backwards
    page = error_page(422, "bad link", [Problem(field="\u202ex", message="'\u202ex' is not a parameter")], where="link")
    # Then the name is written with the override as its code point, never as the character itself
    assert "\u202e" not in page.html
    assert "The link's <code><span class=cp" in page.html and "⟨U+202E⟩</span>x</code>" in page.html


def test_a_long_name_is_cut_at_40_characters_and_its_quote_in_the_message_left_out() -> None:
    # Given a problem whose message quotes a long name as the core quotes it (prose.quoted, cut short with "...")
    name = "Your account is locked: call 555-0100 now " * 10
    problem = Problem(field=name, message=f"{quoted(name)} is not a parameter")
    page = error_page(422, "bad link", [problem], where="link")
    # Then the name is said once, in the subject, cut at 40 characters (review: the quote stayed after the subject)
    assert f"<li>The link's <code>{name[:40]}…</code> is not a parameter.</li>" in page.html
    assert name[:41] not in page.html


def test_a_message_cut_at_its_most_ends_in_words_not_in_a_character_the_page_writes_as_its_code_point() -> None:
    # Given a problem whose message runs past the 300 characters a message is cut at
    problems = describe(InvalidInput("x" * 320, field="date"))
    # When its page is drawn
    page = error_page(404, problems[0].message, problems, where="link")
    # Then the cut reads as a cut, in ASCII after the text kept (review: it ended "xxx⟨U+2026⟩.", the "…" the cut
    # wrote drawn as a character of the sender's)
    assert problems[0].message == "x" * 285 + "... (cut short)"
    assert "U+2026" not in page.html and "…" not in page.html
    assert f"{'x' * 285}... (cut short).</li>" in page.html


def _day(published: str, in_time: bool) -> DayRecord:
    secret = bytes(range(32))
    day = dt.date(2025, 3, 1)
    return DayRecord(
        date=day,
        status="revealed",
        reveal_at=reveal_time(day),
        commitment=seal_of(secret),
        commitment_published_at=dt.datetime.fromisoformat(published),
        commitment_in_time=in_time,
        record=RevealedRecord(
            date=day, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=None
        ),
        seal="match",
    )


def test_a_days_page_says_before_the_days_play_only_when_the_commitments_time_shows_it() -> None:
    # Given a revealed day whose secret matches its commitment, published in time: in the minutes after 00:00 UTC of
    # the day, as the page's time says, never before the day (review: "published before the day" beside 00:00:02)
    page = day_page(_day("2025-03-01T00:00:02+00:00", True)).html
    assert "2025-03-01 00:00:02 UTC" in page
    assert "The SHA-256 of the secret is the commitment published before the day's play." in page
    assert "published before the day." not in page

    # And one published after the grace: said so, and the match is with the commitment published for the day
    page = day_page(_day("2025-03-01T00:20:00+00:00", False)).html
    assert "Published outside the first 15 minutes of the day in UTC" in page
    assert "The SHA-256 of the secret is the commitment published for the day." in page
    assert "before the day." not in page

    # And one in the minutes after 00:00 by a time that no S3 gave: said so, not called late
    page = day_page(_day("2025-03-01T00:00:02+00:00", False)).html
    assert "Its time of publication is not one S3 itself gave" in page
    assert "outside the first" not in page and "before the day." not in page


def test_a_day_not_kept_under_object_lock_is_not_said_to_show_the_secret_was_fixed() -> None:
    # Given a revealed day published in time whose commitment or record is not kept under Object Lock (review: headed
    # incomplete, its commitment was still said to show "the secret was fixed before anyone rolled")
    page = day_page(_day("2025-03-01T00:00:02+00:00", True).model_copy(update={"locked": False})).html

    # Then nothing on it says the secret was shown fixed; it says why not
    assert "it shows the secret was fixed" not in page
    assert "it does not show the secret was fixed before anyone rolled" in page
    # And a kept one still says it
    kept = day_page(_day("2025-03-01T00:00:02+00:00", True)).html
    assert "it shows the secret was fixed before anyone rolled" in kept


def test_a_day_whose_versions_s3_refused_to_list_is_not_said_to_show_the_secret_was_fixed() -> None:
    # Given a revealed day published in time and kept, whose commitment's and record's versions S3 refused to list:
    # headed incomplete, nothing ruling out one hidden and written again (review: its commitment was still said to show
    # "the secret was fixed before anyone rolled", under a heading that said its rolls are at most incomplete)
    unseen = (
        "S3 refused to list the versions of commitments/2025-03-01.json and revealed/2025-03-01.json (AccessDenied:"
        " this reader is not allowed s3:ListBucketVersions), so nothing shows 2025-03-01's commitment and record were"
        " not hidden or written again since they were first put there"
    )
    day = _day("2025-03-01T00:00:02+00:00", True).model_copy(update={"locked": True, "versions_unseen": unseen})
    page = day_page(day).html

    # Then nothing on it says the secret was shown fixed; its commitment says why not
    assert 'class="verdict incomplete"' in page
    assert "it shows the secret was fixed" not in page
    assert "it does not show the secret was fixed before anyone rolled" in page


@pytest.mark.parametrize(
    ("change", "verdict", "heading"),
    [
        ({}, "fair", "The secret of 2025-03-01 is revealed."),
        (
            {"seal": "mismatch"},
            "mismatch",
            "The secret of 2025-03-01 is revealed, but its SHA-256 is not the commitment published for the day: report"
            " it.",
        ),
        (
            {"revealed_in_time": False, "revealed_at": dt.datetime(2025, 3, 1, 23, 0, tzinfo=dt.UTC)},
            "incomplete",
            "The secret of 2025-03-01 is revealed, but before the day was over in UTC, so its rolls are at most"
            " incomplete.",
        ),
        (
            {"revealed_in_time": False},
            "incomplete",
            "The secret of 2025-03-01 is revealed, but S3 gives no time for when it was revealed, so its rolls are at"
            " most incomplete.",
        ),
        (
            {"commitment_in_time": False},
            "incomplete",
            "The secret of 2025-03-01 is revealed, but its commitment does not show it was fixed before the day's"
            " play, so its rolls are at most incomplete.",
        ),
        (
            {"locked": False},
            "incomplete",
            "The secret of 2025-03-01 is revealed, but its commitment or record is not kept under S3 Object Lock in"
            " compliance mode, so another version may have been shown and deleted: its rolls are at most incomplete.",
        ),
    ],
)
def test_a_revealed_days_heading_says_what_keeps_it_from_proving_the_day(
    change: dict[str, object], verdict: str, heading: str
) -> None:
    # Review: a record that contradicts its commitment was headed "The secret of ... is revealed." as a sound one was,
    # told apart by the border's colour alone
    page = day_page(_day("2025-03-01T00:00:02+00:00", True).model_copy(update=change)).html
    assert f'<div class="verdict {verdict}"><h1>{whole_dates(html.escape(heading))}</h1></div>' in page


_PENDING = (
    "The secret of 2025-03-01 is not revealed yet: the archive reveals it in the minutes after that day ends in UTC, at"
    " 2025-03-02 00:00:00 UTC."
)


@pytest.mark.parametrize(
    ("change", "heading", "below"),
    [
        ({}, _PENDING, "Published within 15 minutes of 00:00 UTC, before the day's play"),
        (
            {"commitment": None, "commitment_published_at": None, "commitment_in_time": None},
            f"{_PENDING} Its commitment is not published yet.",
            "Not published yet.",
        ),
        (
            {"commitment": None, "commitment_published_at": None, "commitment_in_time": False},
            f"{_PENDING} No commitment was published in the 15 minutes after 00:00 UTC it had, so its rolls are at most"
            " incomplete.",
            "None was published in the 15 minutes after 00:00 UTC it had",
        ),
        (
            {"commitment_published_at": dt.datetime(2025, 3, 1, 0, 20, tzinfo=dt.UTC), "commitment_in_time": False},
            f"{_PENDING} Its commitment does not show the secret was fixed before the day's play, so its rolls are at"
            " most incomplete.",
            "Published outside the first 15 minutes of the day in UTC",
        ),
        (
            {"locked": False},
            f"{_PENDING} Its commitment is not kept under S3 Object Lock in compliance mode, so it may be deleted and"
            " another shown in its place: its rolls are at most incomplete.",
            "it is not kept under S3 Object Lock in compliance mode",
        ),
    ],
)
def test_a_pending_days_heading_says_what_its_commitment_section_says_keeps_it_from_proving_the_day(
    change: dict[str, object], heading: str, below: str
) -> None:
    # Given a day not revealed yet whose commitment is published in time, not yet, never in its time, late, or not kept
    # (review: each said so in its commitment section alone, under the heading of a sound day)
    secret = bytes(range(32))
    day = dt.date(2025, 3, 1)
    pending = DayRecord(
        date=day,
        status="pending",
        reveal_at=reveal_time(day),
        commitment=seal_of(secret),
        commitment_published_at=dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC),
        commitment_in_time=True,
    ).model_copy(update=change)

    # When its page is drawn, Then its heading says it, as the section below it does
    page = day_page(pending).html
    assert f'<div class="verdict withheld"><h1>{whole_dates(html.escape(heading))}</h1></div>' in page
    assert below in html.unescape(page)


_PENDING_DAY = {
    "status": "pending",
    "record": None,
    "seal": None,
    "commitment_published_at": dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC),
}


@pytest.mark.parametrize(
    ("change", "state"),
    [
        ({}, "Revealed"),
        ({"seal": "mismatch"}, "Revealed, but not the secret committed to"),
        ({"revealed_in_time": False}, "Revealed, but its rolls are at most incomplete"),
        ({"commitment_in_time": False}, "Revealed, but its rolls are at most incomplete"),
        ({"locked": False}, "Revealed, but its rolls are at most incomplete"),
        (_PENDING_DAY, "Not revealed yet"),
        (_PENDING_DAY | {"overdue": True}, "Not revealed yet, late"),
        (
            _PENDING_DAY | {"commitment": None, "commitment_published_at": None, "commitment_in_time": None},
            "Not revealed yet",
        ),
        (
            _PENDING_DAY | {"commitment": None, "commitment_published_at": None, "commitment_in_time": False},
            "Not revealed yet: its rolls are at most incomplete",
        ),
        (_PENDING_DAY | {"commitment_in_time": False}, "Not revealed yet: its rolls are at most incomplete"),
        (_PENDING_DAY | {"locked": False}, "Not revealed yet: its rolls are at most incomplete"),
    ],
)
def test_a_days_tab_says_its_state_as_its_heading_does_and_never_fair(change: dict[str, object], state: str) -> None:
    # Given a day revealed, contradicting its commitment, proving at most incomplete rolls, pending, late, or pending
    # with no commitment in its time or one not kept (review: each tab read "2025-03-01 · the daily archive", whatever
    # the heading said, and a link's preview in a chat shows the tab alone)
    page = day_page(_day("2025-03-01T00:00:02+00:00", True).model_copy(update=change)).html

    # Then the tab says the state first, as the heading does, and never that anything is fair
    (title,) = re.findall(r"<title>(.*?)</title>", page)
    assert html.unescape(title) == f"{state} · 2025-03-01 · the daily archive · fairdice"
    heading = html.unescape(re.sub(r"<[^>]+>", "", page[page.index("<h1>") : page.index("</h1>")]))
    assert heading.startswith("The secret of 2025-03-01 is " + ("revealed" if state.startswith("Revealed") else "not"))
    assert ("at most incomplete" in title) == ("at most incomplete" in heading)
    assert re.search(r"\bfair\b", title, re.IGNORECASE) is None


@pytest.mark.parametrize(
    "message",
    [
        "no secret exists yet for 2026-12-09: a day's secret is made at 00:00 UTC that day and revealed once the day is"
        " over",
        "the daily archive has no secret for 2020-01-01",
    ],
)
def test_a_days_404_page_says_when_secrets_are_made_only_where_its_message_does(message: str) -> None:
    # Review: a day not begun said it twice, in its message and again below it; the page adds nothing of its own now,
    # so nothing is decided by the message's words (review J)
    page = error_page(404, message, where="address").html
    said = "made at 00:00 UTC that day and revealed once the day is over"
    assert page.count(said) == message.count(said)


def test_a_message_that_starts_with_an_archive_key_keeps_its_case() -> None:
    # Review: "Revealed/2026-12-02.json is missing", though S3's keys are case-sensitive
    page = error_page(502, "revealed/2026-12-02.json is missing, though commitments/2026-12-02.json exists").html
    assert "<p>revealed/2026-12-02.json is missing, though commitments/2026-12-02.json exists.</p>" in page
    assert "<p>The archive is late.</p>" in error_page(502, "the archive is late").html


def test_a_parameter_named_by_a_character_that_draws_nothing_is_named_once_by_its_code_point() -> None:
    # The link's refusal quotes the name by its escape (prose.repr_of); the page names it once, in its subject
    with pytest.raises(InvalidInput) as caught:
        parse_link("seed=00&%E3%85%A4=1")
    page = error_page(422, "bad link", describe(caught.value), where="link").html
    (item,) = re.findall("<li>.*?</li>", page)
    assert item.startswith("<li>The link's <code><span class=cp title=") and item.count("⟨U+3164⟩") == 1
    assert "</span></code> is not a parameter of a pair36 link;" in item and "u3164" not in item


@pytest.mark.parametrize(
    ("field", "shown"),
    [
        ("link", "The link: &#x27;link&#x27; is not a parameter of a pair36 link."),
        ("request", "&#x27;request&#x27; is not a parameter of a pair36 link."),
        ("sede", "The link's <code>sede</code> is not a parameter of a pair36 link."),
    ],
)
def test_a_parameter_called_link_or_request_keeps_its_name(field: str, shown: str) -> None:
    # Review: "The link is not a parameter…" and "Is not a parameter…", the name lost where the subject names none
    problem = Problem(field=field, message=f"{field!r} is not a parameter of a pair36 link")
    assert f"<li>{shown}</li>" in error_page(422, "bad link", [problem], where="link").html


def test_a_pending_days_page_says_a_roll_is_checked_once_the_secret_is_revealed_not_now() -> None:
    # Given a day whose secret is not revealed yet (review: its page said a player's roll would be seen "checked against
    # this record", and "Or check it in your browser", where the roll's page and the offline page say "Not yet
    # verifiable")
    day = dt.date(2025, 3, 1)
    pending = DayRecord(
        date=day,
        status="pending",
        reveal_at=reveal_time(day),
        commitment=seal_of(bytes(range(32))),
        commitment_published_at=dt.datetime(2025, 3, 1, 0, 0, 2, tzinfo=dt.UTC),
        commitment_in_time=True,
    )

    said = " ".join(re.sub(r"<[^>]+>", " ", day_page(pending, home="/").html).split())

    # Then it says the roll is checked once the secret is revealed, and the browser's check then
    assert (
        "Open /daily/2025-03-01/ followed by your player id to see your roll of that day, checked against this record"
        " once its secret is revealed. Then you can also check it in your browser with the offline verifier ." in said
    )
    # And a revealed day's still says it is checked now
    revealed = " ".join(
        re.sub(r"<[^>]+>", " ", day_page(_day("2025-03-01T00:00:02+00:00", True), home="/").html).split()
    )
    assert "your roll of that day, checked against this record. Or check it in your browser with" in revealed


def test_an_object_not_readable_yet_in_a_folder_is_not_said_to_be_in_an_archive_storage_class() -> None:
    # Given the local archive's object that is no regular file (a FIFO), which its holder may replace: NotReadableYet,
    # as one S3 keeps in Glacier is (review: its page was headed "kept in an archive storage class", true of S3 alone)
    said = "revealed/2025-03-01.json in archive is no regular file (a device, a FIFO, a folder): not read"
    page = error_page(503, said, kind=NotReadableYet)
    # Then it is headed as not read yet, not as S3's storage class, nor as a record that does not add up, nor as one a
    # minute mends
    assert "<h1>An object of the daily archive cannot be read yet</h1>" in page.html
    assert "is kept in" not in page.html and "does not add up" not in page.html
    assert "Try again in a minute" not in page.html and "made it readable" in page.html


def test_a_refused_read_s_page_says_what_mends_it_never_a_minute() -> None:
    # Given a 503 of a read S3 refused (AccessDenied), which it refuses again until its credentials or the bucket's
    # policy change (review: its page said "Try again in a minute", which no wait alone makes true)
    said = "S3 bucket a refused s3:GetObject on revealed/2025-03-01.json (AccessDenied); try again later"
    page = error_page(503, said, kind=ArchiveRefused)
    # Then it says to try again once what refused it is changed
    assert "Try again in a minute" not in page.html
    assert "refuses it again until whoever keeps the archive changes what refused it" in page.html
