"""The one map from a domain error to the HTTP status every function answers it with."""

from http import HTTPStatus
from itertools import accumulate
from typing import Any

import pytest
import regex
from fairdice.errors import (
    ArchiveRefused,
    ArchiveUnavailable,
    FairdiceError,
    FutureDay,
    InvalidInput,
    LateCommitment,
    MissingBucket,
    MissingCredentials,
    NotReadableYet,
    RepeatedKey,
    StoreUnavailable,
    TamperedRecord,
    UnknownDay,
)
from fairdice.http import (
    METHOD_SAID,
    PATH_SAID,
    as_sent,
    cut_path,
    error_headers,
    game_id_slashed,
    http_status,
    not_allowed,
    readable,
)


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (InvalidInput("x"), HTTPStatus.UNPROCESSABLE_ENTITY),
        (RepeatedKey("key"), HTTPStatus.UNPROCESSABLE_ENTITY),
        (UnknownDay("x"), HTTPStatus.NOT_FOUND),
        (FutureDay("x"), HTTPStatus.NOT_FOUND),
        (ArchiveUnavailable("x"), HTTPStatus.SERVICE_UNAVAILABLE),
        (TamperedRecord("x"), HTTPStatus.BAD_GATEWAY),
        (LateCommitment("x"), HTTPStatus.BAD_GATEWAY),
        # the stack's fault, which waiting does not mend: no 503 with Retry-After (review J)
        (MissingBucket("x"), HTTPStatus.INTERNAL_SERVER_ERROR),
        # no AWS credentials: the deployment's to give, which no wait mends either
        (MissingCredentials("x"), HTTPStatus.INTERNAL_SERVER_ERROR),
        # what no request to the API causes (the audit's own failures): the function's fault
        (StoreUnavailable("x"), HTTPStatus.INTERNAL_SERVER_ERROR),
        (FairdiceError("x"), HTTPStatus.INTERNAL_SERVER_ERROR),
    ],
)
def test_each_domain_error_has_one_http_status(error: FairdiceError, status: HTTPStatus) -> None:
    assert http_status(error) == status


def test_a_refused_archive_read_is_answered_as_the_archive_not_answering() -> None:
    assert http_status(ArchiveRefused("s3:GetObject was refused")) == HTTPStatus.SERVICE_UNAVAILABLE


def test_only_a_503_asks_to_be_tried_again_later() -> None:
    assert error_headers(HTTPStatus.SERVICE_UNAVAILABLE) == {"Retry-After": "30"}
    assert error_headers(HTTPStatus.SERVICE_UNAVAILABLE, ArchiveRefused) == {"Retry-After": "30"}
    # An object not readable until a restore, which someone must ask for and which takes hours (review: 30 seconds)
    assert error_headers(HTTPStatus.SERVICE_UNAVAILABLE, NotReadableYet) == {"Retry-After": "3600"}
    assert error_headers(HTTPStatus.BAD_GATEWAY, NotReadableYet) is None
    assert [error_headers(HTTPStatus(status)) for status in (422, 404, 502, 500)] == [None] * 4


@pytest.mark.parametrize(
    ("method", "said"),
    [
        ("get", "/schemes takes GET or HEAD, not get: a method's name is case-sensitive, so write GET"),
        ("hEaD", "/schemes takes GET or HEAD, not hEaD: a method's name is case-sensitive, so write HEAD"),
        # OPTIONS named where it is the one meant (review: "takes GET or HEAD, not options", then "so write OPTIONS")
        (
            "options",
            "/schemes takes GET, HEAD or OPTIONS, not options: a method's name is case-sensitive, so write OPTIONS",
        ),
        ("post", "/schemes takes GET or HEAD, not post"),
        ("POST", "/schemes takes GET or HEAD, not POST"),
        # a dotless ı, which looks like the i of options there, encoded (`test_a_405_quotes_a_method_…`)
        ("opt\u0131ons", "/schemes takes GET or HEAD, not opt%C4%B1ons"),
    ],
)
def test_a_405_tells_a_method_the_path_takes_in_another_case_that_a_method_s_name_is_case_sensitive(
    method: str, said: str
) -> None:
    assert not_allowed("/schemes", method, ["GET", "HEAD", "OPTIONS"]) == said


@pytest.mark.parametrize(
    ("method", "shown"),
    [
        ("GE\u00adT", "GE%C2%ADT"),  # a soft hyphen, drawn as nothing
        ("POS\u200bT", "POS%E2%80%8BT"),  # a zero-width space
        ("GET\u00a0", "GET%C2%A0"),  # a no-break space
        ("GET\x7f", "GET%7F"),  # a control, as a hand-made event may bring one
        ("GET\u202e", "GET%E2%80%AE"),  # a right-to-left override, which turns what follows round
        ("G\u0415T", "G%D0%95T"),  # a Cyrillic Е, like the Latin E of GET
        # cut within 20 characters as shown, ellipsis included, the escape left out whole (these rows said, before,
        # that a method was cut at 19 of its characters before it was encoded, and quoted longer than 20)
        ("X" * 18 + "\u00ad" + "X" * 10, "X" * 18 + "…"),
        ("X" * 18 + "e\u0301", "X" * 18 + "…"),  # an e and its combining accent, never cut apart (review: `e…`)
        ("X" * 18 + "\u00e9X", "X" * 18 + "\u00e9X"),  # an é of one character, shown as itself: whole at 20
        # A `%` sent in a method, which no one percent-decodes (the local server no longer passes a byte from 0x80 up
        # on as `%XX`, it refuses the method): quoted `%25`, no escape (review: `POS%54` was quoted as sent, read as
        # POST), and cut as any other character. These rows said, before, that a `%XX` in a method was an escape
        ("POS%54", "POS%2554"),
        ("GET%AD", "GET%25AD"),
        ("X" * 18 + "%AD", "X" * 18 + "…"),
        ("X" * 16 + "%E2%82%AC", "X" * 16 + "%25…"),
        ("X" * 10 + "%E2%82%AC" + "X" * 5, "X" * 10 + "%25E2%258…"),
    ],
)
def test_a_405_quotes_a_method_that_shows_nothing_or_looks_like_another_percent_encoded(
    method: str, shown: str
) -> None:
    # Given a method with a character in it that shows nothing or looks like another, as a hand-made event or the local
    # server brings one (review: quoted as sent, "/verify takes POST, not POS\u200bT" read as "not POST")
    said = not_allowed("/verify", method, ["OPTIONS", "POST"])
    # Then the 405 quotes it encoded, as it quotes a path
    assert said == f"/verify takes POST, not {shown}"


@pytest.mark.parametrize(
    "method",
    [
        "\u00ad" * 30,
        "X" + "\U0001f600" * 30,
        "%" * 30,
        "e\u0301" * 20,
        "\u0415" * 5 + "E" * 30,
        "X" * 21,
        "X" * 19 + "%",
    ],
)
def test_a_method_is_quoted_within_its_limit_as_shown_cut_between_its_characters(method: str) -> None:
    # Given a method shown longer than a 405 quotes, each character of it encoded (review: cut at 19 of its characters
    # before it was encoded, a method of soft hyphens was quoted 115 characters long)
    said = not_allowed("/verify", method, ["OPTIONS", "POST"]).removeprefix("/verify takes POST, not ")
    # Then it is quoted within the limit: the start of its whole quote, and an ellipsis
    whole = readable(method.replace("%", "%25"))
    assert len(whole) > METHOD_SAID
    assert len(said) <= METHOD_SAID
    assert said.endswith("…") and whole.startswith(said.removesuffix("…"))


@pytest.mark.parametrize(
    ("method", "kept"),
    [
        ("X" * 18 + "\U0001f44d\U0001f3fdX", 18),  # a thumbs-up and its skin tone (review: quoted as the plain one)
        ("X" * 18 + "\U0001f1eb\U0001f1f7X", 18),  # a flag's two letters (review: quoted as one letter)
        ("X" * 17 + "\U0001f1eb\U0001f1f7\U0001f1e9\U0001f1eaX", 19),  # two flags: cut between them
        ("X" * 17 + "\U0001f468\u200d\U0001f469X", 17),  # two emoji a joiner makes one (review: its first)
        ("X" * 10 + "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f" + "X" * 5, 10),
        ("X" * 18 + "\u1100\u1161X", 18),  # a Hangul syllable written in jamo
        ("X" * 18 + "\u0915\u094d\u0937X", 18),  # a Devanagari conjunct, its virama between two consonants
        ("X" * 18 + "e\u0301X", 18),
        # What the cut read as apart, review: a zero-width non-joiner, Thai's SARA AM, a halfwidth katakana voiced mark,
        # a prepended sign (the Arabic number sign), a syllable after a leading jamo, a consonant after a virama and
        # what is drawn on it, a carriage return and its line feed
        ("X" * 18 + "\u0628\u200cX", 18),
        ("X" * 18 + "\u0e01\u0e33X", 18),
        ("X" * 10 + "\uff76\uff9eX", 10),
        ("X" * 13 + "\u0600\u0661\u0662", 13),
        ("X" * 10 + "\u1100\uac00X", 10),
        ("X" * 8 + "\u0915\u094d\U0001f3fe\u0937" + "X" * 5, 8),
        ("X" * 16 + "\r\nX", 16),
    ],
)
def test_a_method_is_cut_at_the_last_boundary_of_unicode_s_segmentation_that_fits(method: str, kept: int) -> None:
    # Given a method whose cut would fall within what is drawn as one: an emoji and its skin tone, a flag, emoji
    # joined, a flag of a subdivision (a black flag and its tags), a syllable, a conjunct, a letter and its accent
    said = not_allowed("/verify", method, ["OPTIONS", "POST"]).removeprefix("/verify takes POST, not ")
    # Then it is quoted up to the last boundary between Unicode's grapheme clusters (the regex package's \X) whose
    # quote fits within the limit with the ellipsis
    boundaries = list(accumulate(len(cluster) for cluster in regex.findall(r"\X", method)))
    fitting = [end for end in boundaries if len(readable(method[:end])) < METHOD_SAID]
    assert kept == max(fitting)
    assert said == readable(method[:kept]) + "…"


def test_a_method_drawn_as_one_however_long_is_cut_reading_each_character_once() -> None:
    # Given a method of 4,000 characters a joiner makes one emoji, each character of it counted as it is copied out
    # (review: what was drawn as one so far was sliced anew at each character, which took time in the square of its
    # length: seconds for a method of 128,000 characters)
    copied = 0

    class Counted(str):
        def __getitem__(self, key: Any) -> str:
            nonlocal copied
            got = super().__getitem__(key)
            copied += len(got)
            return got

    method = Counted("\U0001f468\u200d" * 2000)
    said = not_allowed("/verify", method, ["OPTIONS", "POST"]).removeprefix("/verify takes POST, not ")
    # Then it is quoted within the limit, and no more of it is copied than its length twice over
    assert len(said) <= METHOD_SAID
    assert copied <= 2 * len(method)


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/game/today/p1/", "and nothing after it: leave out the slash after the id"),
        ("/game/today//p1", "and nothing before it: leave out the slash before the id"),
        # each side's slashes in their number (review: "the slash" where there were two)
        ("/game/today/p1//", "and nothing after it: leave out the 2 slashes after the id"),
        ("/game/today///p1", "and nothing before it: leave out the 2 slashes before the id"),
        (
            "/game/today///p1/",
            "and nothing before or after it: leave out the 2 slashes before and the slash after the id",
        ),
        ("/game/today//p1/", "and nothing before or after it: leave out the slash before and the slash after the id"),
    ],
)
def test_the_games_route_with_slashes_about_its_id_is_told_each_sides_slashes_in_their_number(
    path: str, said: str
) -> None:
    assert (
        game_id_slashed(path) == f"the game's route, GET /game/today/{{player_id}}, takes one player id, a UUID, {said}"
    )


@pytest.mark.parametrize(
    "character",
    [
        "%F0%9F%98%80",  # a character of four bytes
        "%C2%A0",  # of two
        "%FF",  # a byte that is no UTF-8, one escape
        "%e2%80%8b",  # escapes in small letters
    ],
)
@pytest.mark.parametrize("pad", range(12))
def test_a_path_is_cut_after_its_last_whole_character_within_the_limit(character: str, pad: int) -> None:
    # Given a path as `readable` writes it, longer than an error quotes, whose cut falls at each place of a character's
    # escapes
    start = "/x" + "x" * (PATH_SAID - 20 + pad)
    path = start + character * 20
    # When it is cut
    said = cut_path(path)
    # Then it is its start up to the last whole character within the limit, and an ellipsis
    whole = (PATH_SAID - 1 - len(start)) // len(character)
    assert said == start + character * whole + "…"
    assert len(said) <= PATH_SAID


@pytest.mark.parametrize(
    "drawn_as_one",
    [
        "e%CC%81",  # an e and its combining accent, encoded (review: quoted as a plain e)
        "\U0001f44d\U0001f3fd",  # a thumbs-up and its skin tone, as `readable` writes them (review: the plain one)
        "\U0001f1eb\U0001f1f7",  # a flag's two letters
        "\U0001f468%E2%80%8D\U0001f469",  # two emoji a joiner (encoded, as it shows nothing) makes one
        "\u0628%E2%80%8C",  # a letter and a zero-width non-joiner (review: quoted without it)
        "\u0e01\u0e33",  # a Thai consonant and its SARA AM
        "\u1100\uac00",  # a leading jamo and the syllable after it
    ],
)
def test_a_path_is_never_cut_within_what_is_drawn_as_one(drawn_as_one: str) -> None:
    # Given a path as `readable` writes it whose cut at the limit falls after the first character of what is drawn as
    # one: a letter and its mark, an emoji and its skin tone, a flag, emoji joined
    start = "/" + "x" * (PATH_SAID - 3)
    said = cut_path(start + drawn_as_one + "x" * 10)
    # Then it is cut before it, within the limit
    assert said == start + "…"
    assert len(said) <= PATH_SAID


def test_a_path_within_the_limit_is_quoted_whole() -> None:
    path = "/x" + "%E2%82%AC" * ((PATH_SAID - 2) // 9)
    assert cut_path(path) == path


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("text/plain; charset=latin 1", "text/plain; charset=latin 1"),
        ("identity, gzip", "identity, gzip"),
        # at either end, where HTTP trims it, a space stays encoded, so that it shows; and a tab or a no-break space,
        # which look like one, anywhere
        (" gzip ", "%20gzip%20"),
        ("a\tb", "a%09b"),
        ("a\u00a0b", "a%C2%A0b"),
        ("utf%2D8 x", "utf%252D8 x"),
    ],
)
def test_a_header_value_is_quoted_with_its_spaces_as_sent(value: str, shown: str) -> None:
    # Review: a 415 quoted `charset=latin 1` as `charset=latin%201`, which is not what was sent
    assert as_sent(value, 60) == shown


def test_a_header_value_with_spaces_is_cut_within_its_limit_counting_each_space_once() -> None:
    assert as_sent("ab " * 30, 20) == "ab " * 6 + "a…"
