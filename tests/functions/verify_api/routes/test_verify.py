"""POST /verify and GET /check through the handler (POST /verify/batch: test_verify_batch.py)."""

import datetime as dt
import hashlib
import hmac
import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote_plus

import pytest
from fairdice.archive.reader import ArchiveReader
from fairdice.errors import InvalidInput
from fairdice.links import parse_link
from fairdice.problems import describe
from fairdice.storage import FolderStore
from pydantic import ValidationError
from verify_api import archive as api_archive
from verify_api_calls import Event, assert_error, at, invoke, with_body

from testkit.oracles import seed_004

KEY = bytes(range(32))

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_a_mismatch_names_the_roll_that_differs(load_event: Callable[[str], Event]) -> None:
    verdict = invoke(load_event("api-verify-pair36-mismatch")).json
    assert verdict["checks"] == {"seal": "match", "rolls": "mismatch"}
    assert verdict["summary"]["mismatches"] == 1
    assert verdict["summary"]["first_mismatch"] == 3
    assert [r["matches"] for r in verdict["rolls"]] == [True, True, False, True, True]


def test_a_withheld_three_dice_reveal_is_a_verdict_not_an_error(load_event: Callable[[str], Event]) -> None:
    verdict = invoke(load_event("api-verify-three-dice-withheld")).json
    assert verdict["verdict"] == "withheld"
    assert verdict["rolls"] == []
    assert "mirror pair" in verdict["withheld"]["reason"]


def test_a_base64_body_is_read_like_a_plain_one(load_event: Callable[[str], Event]) -> None:
    plain = invoke(load_event("api-verify-narde-fair"))
    encoded_event = load_event("api-verify-narde-base64")
    assert encoded_event["isBase64Encoded"] is True
    assert invoke(encoded_event).json == plain.json


def _seed_000_roll(seed: bytes, client_seeds: list[str], number: int) -> tuple[int, int]:
    """Seed 000's formula as the document writes it, independent of fairdice."""
    part = ":".join(client_seeds)
    while True:
        mac = hmac.new(seed, f"{part}:{number}".encode(), hashlib.sha256).digest()
        byte = next((b for b in mac if b < 252), None)
        if byte is not None:
            return byte % 36 // 6 + 1, byte % 6 + 1
        part += "+"


def test_the_seed_000_link_resolves_exactly_as_that_document_prints_it(load_event: Callable[[str], Event]) -> None:
    # Given the link form seed 000 prints: /check/?seed=…&seal=…&client=a,b&n=52&rolls=6344…
    event = load_event("api-check-seed000")
    assert event["rawPath"] == "/check/"
    assert re.fullmatch(
        r"seed=[0-9a-f]{64}&seal=[0-9a-f]{64}&client=a,b&n=52&rolls=[1-6]{104}", event["rawQueryString"]
    )
    digits = event["queryStringParameters"]["rolls"]
    # ... whose rolls are, two digits per roll, what the document's own formula gives
    expected = [_seed_000_roll(KEY, ["a", "b"], n) for n in range(1, 53)]
    assert [(int(digits[i]), int(digits[i + 1])) for i in range(0, 104, 2)] == expected
    # When it is checked, Then every one of the 52 rolls and the seal match.
    verdict = invoke(event).json
    assert verdict["verdict"] == "fair"
    assert verdict["summary"] == {
        "count": 52,
        "compared": 52,
        "mismatches": 0,
        "first_mismatch": None,
        "differ": 0,
        "missing": 0,
        "extra": 0,
    }
    assert [r["message"] for r in verdict["rolls"][:2]] == ["a:b:1", "a:b:2"]


def test_check_with_and_without_the_trailing_slash_is_the_same(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-check-seed000")
    without_slash = at(event, "GET", "/check", event["rawQueryString"])
    assert invoke(without_slash).json == invoke(event).json


def test_a_link_with_a_mail_client_s_tracking_parameters_is_checked_as_without_them(
    load_event: Callable[[str], Event],
) -> None:
    # Given seed 000's link as a mail client passes it on, with utm_ parameters added
    event = load_event("api-check-seed000")
    tracked = at(event, "GET", "/check/", event["rawQueryString"] + "&utm_source=mail&utm_medium=email&fbclid=x")
    # Then it is the same verdict (it used to be a 422 for an unknown parameter)
    assert invoke(tracked).json == invoke(event).json


def test_a_bad_value_in_a_link_is_named_by_the_link_s_own_parameter(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-check-seed000")
    query = event["rawQueryString"].replace("client=a,b", "client=a,b%20c").replace("&rolls=", "&rolls=9")
    error = assert_error(invoke(at(event, "GET", "/check/", query)), 422, "invalid_input")
    assert sorted(problem["field"] for problem in error["problems"]) == ["client[1]", "rolls"]


def test_a_links_answer_too_large_to_return_names_the_links_own_count(load_event: Callable[[str], Event]) -> None:
    # Given a link of 10,000 rolls of 8 seats of 128 characters, whose verdict is tens of megabytes as JSON
    event = load_event("api-check-seed000")
    seats = ",".join(["s" * 128] * 8)
    query = f"seed={KEY.hex()}&client={seats}&n=10000"

    # Then its 422 names the link's parameter, n, not the request's field, count (API review)
    error = assert_error(invoke(at(event, "GET", "/check/", query)), 422, "invalid_input")
    assert [problem["field"] for problem in error["problems"]] == ["n"]


@pytest.mark.parametrize(
    ("query", "field", "said"),
    [
        (f"seed={KEY.hex()}&client=a,b&x{'y' * 50}=1", "x" + "y" * 50, "is not a parameter of a pair36 link;"),
        (f"seed={KEY.hex()}&client=a,b&x{'y' * 50}%3D1", "x" + "y" * 50 + "=1", "is a parameter's name and value"),
        (f"x{'y' * 50}%3D1%26seed%3D00", "x" + "y" * 50 + "=1&seed=00", "is all of the link's parameters as one;"),
        (f"seed={KEY.hex()}&x{'y' * 50}%FF=1", "link", "the parameter"),
    ],
)
def test_a_long_name_a_link_gives_is_quoted_cut_short_with_a_mark(
    load_event: Callable[[str], Event], query: str, field: str, said: str
) -> None:
    # Given a link whose parameter's name runs past 40 characters, unknown, holding its value or not UTF-8
    event = at(load_event("api-check-seed000"), "GET", "/check/", query)

    # When GET /check reads it, Then its name is quoted cut short with "...", as every value a message quotes is
    # (review: cut at 40 characters with no mark, it read as the whole name)
    (problem,) = assert_error(invoke(event), 422, "invalid_input")["problems"]
    assert problem["field"] == field
    quote = f"'x{'y' * 35}..."
    assert problem["message"].startswith(f"{said} {quote} " if field == "link" else f"{quote} {said}")

    # And the error page says it once: in its subject, cut at 40 characters, where it names the parameter
    event["headers"]["accept"] = "text/html"
    (item,) = re.findall("<li>.*?</li>", invoke(event).text)
    assert item.count("xyyyy") == 1


@pytest.mark.parametrize(
    ("rolls", "said"),
    [
        (
            "6+3",
            "roll 1: 6 was read as a roll's number, which leaves 1 die, '3'; the game writes each roll's 2 dice"
            " together in a link, such as 63",
        ),
        (
            "12+3+4",
            "roll 2: 12 was read as the roll 1-2, which leaves 2 dice, '3 4'; the game writes each roll's 2 dice"
            " together in a link, such as 34",
        ),
        (
            "6344+1+2",
            "roll 3: 6344 was read as rolls 6-3 4-4, which leaves 2 dice, '1 2'; the game writes each roll's 2"
            " dice together in a link, such as 12",
        ),
    ],
)
def test_a_links_rolls_read_after_a_number_as_dice_each_alone_are_named_by_their_roll_and_copied_again(
    load_event: Callable[[str], Event], rolls: str, said: str
) -> None:
    # Given a link whose rolls start with digits and then dice each alone
    event = at(load_event("api-check-seed000"), "GET", "/check/", f"seed={KEY.hex()}&client=a,b&rolls={rolls}")

    # When GET /check reads it
    (problem,) = assert_error(invoke(event), 422, "invalid_input")["problems"]

    # Then the dice left are named by their roll, as the link's other rolls are, and the link is to be copied again from
    # the game (review: "line 1: … write each roll's 2 dice together", a paste's words, of a link, which has no lines
    # and is copied, not typed)
    assert problem == {"field": "rolls", "message": f"{said}: copy the link again from the game"}


@pytest.mark.parametrize(
    ("rolls", "said", "pasted"),
    [
        ("5:", "roll 5 has no dice:", "line 1: roll 5 has no dice"),
        (
            "1:+63%0A3:+44",
            "roll 3 follows roll 1, and roll 2 is not in the link:",
            "line 2 is numbered 3, but the rolls above it end at roll 1: roll 2 is not in the paste. List every roll,"
            " in order, or leave the numbers out",
        ),
        (
            "3:+63%0A4:+44%0A3:+11",
            "roll 3 comes again after roll 4 in the link:",  # review: "follows rolls 3 and 4 …, listed twice or …"
            "line 3 is numbered 3, but the lines above it already hold rolls 3 and 4: number each line by its first"
            " roll and list each roll once, in order, or leave the numbers out",
        ),
        (
            "3:+63+44%0A4:+11",
            "roll 4 comes twice in a row in the link:",
            "line 2 is numbered 4, but the lines above it already hold rolls 3 and 4: number each line by its first"
            " roll and list each roll once, in order, or leave the numbers out",
        ),
        (
            "5:+63%0A3:+11",
            "roll 3 comes out of order, after roll 5 in the link:",
            "line 2 is numbered 3, but the lines above it already hold roll 5: number each line by its first roll and"
            " list each roll once, in order, or leave the numbers out",
        ),
        (
            "63+44%0A1:+55",
            "roll 1 follows 2 rolls in the link, which its number does not count:",
            "line 2 is numbered 1, but 2 rolls come before it: the numbers must count every roll, one after another",
        ),
        (
            "1:+63&first=3",
            "roll 1 is the link's first roll, but first is 3: the two must say the same;",
            "is numbered from 1, but first is 3: the paste's numbers and first must say the same (or leave one of them"
            " out)",
        ),
    ],
)
def test_a_links_numbered_rolls_are_named_by_their_roll_and_copied_again_not_told_of_a_pastes_lines(
    load_event: Callable[[str], Event], rolls: str, said: str, pasted: str
) -> None:
    # Given a link whose rolls are numbered as a paste's lines are, with a roll that has no dice, one left out, one
    # listed twice, a number that does not count the rolls before it, or a first that says otherwise
    event = at(load_event("api-check-seed000"), "GET", "/check/", f"seed={KEY.hex()}&client=a,b&rolls={rolls}")

    # When GET /check reads it
    (problem,) = assert_error(invoke(event), 422, "invalid_input")["problems"]

    # Then the roll is named alone and the link is to be copied again from the game (review: "line 1: roll 5 has no
    # dice", "… not in the paste. List every roll", "the paste's numbers and first", a paste's words of a link, which
    # has no lines and whose rolls come from the game)
    assert problem == {"field": "rolls", "message": f"{said} copy the link again from the game"}

    # while the same rolls pasted into POST /verify keep a paste's words
    text, _, first = unquote_plus(rolls).partition("&first=")
    body = {"scheme": "pair36", "server_seed": KEY.hex(), "client_seeds": ["a", "b"], "recorded": text}
    pasted_event = with_body(load_event("api-verify-pair36-fair"), json.dumps(body | ({"first": 3} if first else {})))
    (problem,) = assert_error(invoke(pasted_event), 422, "invalid_input")["problems"]
    assert problem == {"field": "recorded", "message": pasted}


def test_a_labelled_schemes_link_numbered_from_past_1_names_the_roll_and_is_copied_again(
    load_event: Callable[[str], Event],
) -> None:
    # Given a bg-dice-v1 link, whose rolls are told apart by their labels, with its rolls numbered from 2
    event = at(load_event("api-check-seed000"), "GET", "/check/", f"scheme=bg-dice-v1&key={KEY.hex()}&rolls=2:+46")

    # When GET /check reads it
    (problem,) = assert_error(invoke(event), 422, "invalid_input")["problems"]

    # Then the roll is named and the link is to be copied again from the game, as a numbered scheme's link is told
    # (review: "number the paste from 1, its first roll, or leave the numbers out", a paste's words, of a link)
    assert problem == {
        "field": "rolls",
        "message": "roll 2 is the link's first roll, but these rolls are told apart by their labels, not by numbers:"
        " copy the link again from the game",
    }

    # while the same rolls pasted into POST /verify keep a paste's words
    body = json.loads(load_event("api-verify-bg-dice-fair")["body"]) | {"recorded": "2: 4-6"}
    (problem,) = assert_error(
        invoke(with_body(load_event("api-verify-bg-dice-fair"), json.dumps(body))), 422, "invalid_input"
    )["problems"]
    assert problem == {
        "field": "recorded",
        "message": "is numbered from 2, but these rolls are told apart by their labels, not by numbers: number the"
        " paste from 1, its first roll, or leave the numbers out",
    }


@pytest.mark.parametrize(
    ("query", "said", "body", "pasted"),
    [
        (
            f"seed={KEY.hex()}&client=a,b&rolls=0:+63",
            "roll 0 is the link's first roll, but this scheme numbers its rolls from 1:",
            {"scheme": "pair36", "server_seed": KEY.hex(), "client_seeds": ["a", "b"], "recorded": "0: 6-3"},
            "is numbered from 0, but this scheme numbers its rolls from 1",
        ),
        (
            f"scheme=narde-v1&key={KEY.hex()}&phrase=a&rolls=10000:+1-1",
            "roll 10,000 of the link is past 9,999, the last number a game reaches:",
            {"scheme": "narde-v1", "key": KEY.hex(), "phrase": "a", "recorded": "10000: 1-1"},
            "is numbered 10,000, past 9,999, the last number a game reaches",
        ),
        (
            f"scheme=narde-v1&key={KEY.hex()}&phrase=a&rolls=9999:+1-1+2-2+3-3",
            "roll 10,000 of the link is past 9,999, the last number a game reaches:",
            {"scheme": "narde-v1", "key": KEY.hex(), "phrase": "a", "recorded": "9999: 1-1 2-2 3-3"},
            "is numbered 9,999 to 10,001, past 9,999, the last number a game reaches",
        ),
    ],
)
def test_a_numbered_schemes_link_outside_its_numbers_names_the_roll_and_is_copied_again(
    load_event: Callable[[str], Event], query: str, said: str, body: dict[str, object], pasted: str
) -> None:
    # Given a link whose rolls are numbered before the scheme's first number or past the last a game reaches
    event = at(load_event("api-check-seed000"), "GET", "/check/", query)

    # When GET /check reads it
    (problem,) = assert_error(invoke(event), 422, "invalid_input")["problems"]

    # Then the roll is named as the link's and the link is to be copied again from the game, as its other numbered
    # rolls are told (review: "is numbered from 0, but this scheme numbers its rolls from 1", a paste's words)
    assert problem == {"field": "rolls", "message": f"{said} copy the link again from the game"}

    # while the same rolls pasted into POST /verify keep a paste's words
    (problem,) = assert_error(
        invoke(with_body(load_event("api-verify-pair36-fair"), json.dumps(body))), 422, "invalid_input"
    )["problems"]
    assert problem == {"field": "recorded", "message": pasted}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        # a query string that starts like a link is still a query, as the page reads `location.search` (`?` and all),
        # never the link inside it
        (f"/check/?seed={KEY.hex()}&client=a,b&n=2", "/check/?seed"),
        (f"https://dice.example/check/?seed={KEY.hex()}&client=a,b&n=2", "https://dice.example/check/?seed"),
        # a tab in a value is kept, as the page keeps it, and refused where the value may not hold one
        (f"scheme=narde-v1&key={KEY.hex()}&phrase=a\tb&n=1", "phrase"),
    ],
)
def test_check_reads_its_query_string_as_the_offline_page_reads_the_same_address(
    load_event: Callable[[str], Event], query: str, field: str
) -> None:
    # Given GET /check/?<query>, which the offline page at ?<query> reads as fromLink(location.search)
    event = at(load_event("api-check-seed000"), "GET", "/check/", query)
    # Then the API names the same parameter the core names for `?<query>` (the Chromium parity test's reading)
    error = assert_error(invoke(event), 422, "invalid_input")
    with pytest.raises((InvalidInput, ValidationError)) as caught:
        parse_link(f"?{query}")
    assert error["problems"] == [problem.model_dump() for problem in describe(caught.value)]
    assert [problem["field"] for problem in error["problems"]] == [field]


def test_a_question_mark_inside_a_value_of_checks_query_string_is_part_of_the_value(
    load_event: Callable[[str], Event],
) -> None:
    event = at(load_event("api-check-seed000"), "GET", "/check/", f"scheme=narde-v1&key={KEY.hex()}&phrase=why?&n=2")
    verdict = invoke(event).json
    assert [roll["message"] for roll in verdict["rolls"]] == ["narde-v1|why?|0", "narde-v1|why?|1"]


def test_a_body_that_gives_a_key_twice_is_400_never_verified_with_either_value(
    load_event: Callable[[str], Event],
) -> None:
    # Given a fair game's body with another key given first: Python's json keeps the last key (this fair game),
    # a person reading the ticket or another parser may take the first
    event = load_event("api-verify-narde-fair")
    fair = invoke(event).json
    assert fair["verdict"] == "fair"
    body = event["body"].replace('{"scheme": "narde-v1", ', f'{{"scheme": "narde-v1", "key": "{"ab" * 32}", ', 1)
    assert body.count('"key"') == 2
    # Then it is refused as a malformed body, naming the key, in the one error shape
    error = assert_error(invoke(with_body(event, body)), 400, "malformed_body")
    assert error == {
        "code": "malformed_body",
        "message": "the body's JSON gives the key 'key' more than once in one object; give it once",
        "problems": [],
    }


def _daily_on(day: str) -> dict[str, str]:
    """A daily roll's request for `day`, carrying a secret, its own commitment and the faces seed 004 gives for them."""
    player = "123e4567-e89b-12d3-a456-426614174000"
    return {
        "scheme": "daily",
        "date": day,
        "player_id": player,
        "secret": KEY.hex(),
        "commitment": hashlib.sha256(KEY).hexdigest(),
        "recorded": " ".join(map(str, seed_004.faces(KEY, day, player))),
    }


def _daily_link(request: dict[str, str]) -> str:
    return (
        f"scheme=daily&date={request['date']}&player={request['player_id']}&secret={request['secret']}"
        f"&commitment={request['commitment']}&rolls={request['recorded'].replace(' ', '-')}"
    )


@pytest.fixture
def clock_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[str], None]:
    """The function's clock at `text` UTC, over a daily archive of its own with no day in it."""
    monkeypatch.setattr(
        api_archive, "DAILY", ArchiveReader(FolderStore(tmp_path / "archive"), clock=lambda: api_archive.clock())
    )

    def set_clock(text: str) -> None:
        now = dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)
        monkeypatch.setattr(api_archive, "clock", lambda: now)

    return set_clock


def test_a_secret_given_for_today_is_withheld_by_verify_and_check_until_the_day_is_over(
    load_event: Callable[[str], Event], clock_at: Callable[[str], None]
) -> None:
    # Given a daily roll of 2026-10-28 with a secret, its commitment and its faces, and no commitment in the archive
    request = _daily_on("2026-10-28")
    posted = with_body(load_event("api-verify-daily-own-secret"), json.dumps(request))
    linked = at(load_event("api-check-seed000"), "GET", "/check/", _daily_link(request))

    # When it is posted to /verify or its link checked at /check during that day (UTC)
    clock_at("2026-10-28 23:59:59")
    # Then it is withheld until the next midnight: nothing computed, the secret neither confirmed nor denied; and, no
    # commitment published in the day's first 15 minutes, at most incomplete once revealed, as its reasons say
    reason = (
        "the secret of 2026-10-28 is not revealed yet: the archive reveals it in the minutes after that day ends in UTC"
    )
    assert_withheld([posted, linked], reason, "2026-10-29T00:00:00Z", request["recorded"], at_most_incomplete=True)

    # When the day is over, Then the same requests are checked against their secret: every face matches
    clock_at("2026-10-29 00:00:00")
    for event in (posted, linked):
        verdict = invoke(event).json
        assert (verdict["verdict"], verdict["checks"]) == ("incomplete", {"seal": "match", "rolls": "match"})


def test_a_secret_given_for_the_calendars_last_day_is_withheld_not_a_server_error(
    load_event: Callable[[str], Event],
) -> None:
    # Given a daily roll dated 9999-12-31, the last day a date can name: it has no next midnight to be revealed at
    request = _daily_on("9999-12-31")
    posted = with_body(load_event("api-verify-daily-own-secret"), json.dumps(request))
    linked = at(load_event("api-check-seed000"), "GET", "/check/", _daily_link(request))

    # When it is posted to /verify, or its link is checked at /check, Then it is an ordinary withheld verdict, due at
    # no time, and nothing of the secret is confirmed; the archive a folder, whose times are no witness, it is at most
    # incomplete once revealed
    reason = "9999-12-31 has not begun in UTC: its secret is not revealed, so none is confirmed or denied"
    assert_withheld([posted, linked], reason, None, request["recorded"], at_most_incomplete=True)


def assert_withheld(
    events: list[Event], reason: str, reveal_at: str | None, recorded: str, *, at_most_incomplete: bool = False
) -> None:
    """Each event is answered 200 with a withheld verdict for `reason`: nothing computed, no seal checked, the
    `recorded` faces given shown as they came; `at_most_incomplete`, whether it says it will be at most incomplete
    once revealed."""
    for event in events:
        answer = invoke(event)
        assert answer.status == 200, answer.text
        verdict = answer.json
        assert verdict["verdict"] == "withheld"
        faces = [list(map(int, recorded.split()))]
        assert verdict["withheld"] == {
            "reason": reason,
            "reveal_at": reveal_at,
            "overdue": False,
            "at_most_incomplete": at_most_incomplete,
            "recorded": faces,
        }
        assert verdict["rolls"] == [] and verdict["seal"]["computed"] is None


@pytest.mark.parametrize(
    "game",
    [
        {"scheme": "bg-dice-v1", "key": KEY.hex(), "count": 2},
        {"scheme": "bg-online-v1", "server_number": KEY.hex(), "app_numbers": ["ab", "cd"], "count": 2},
    ],
    ids=["bg-dice-v1", "bg-online-v1"],
)
@pytest.mark.parametrize("written", ["1e-400", "0.0", "-0.0", "1.0", "1e0"])
def test_a_yes_or_no_written_as_a_number_with_a_point_or_an_exponent_is_refused_naming_it(
    load_event: Callable[[str], Event], game: dict[str, object], written: str
) -> None:
    # Given a game's body whose opening is a JSON number with a point or an exponent: JSON's reader makes 1e-400 the
    # float 0.0, and pydantic read a float as a yes or no, so a number that is not zero was a game with no opening roll
    body = json.dumps(game)[:-1] + f', "opening": {written}}}'
    answer = invoke(with_body(load_event("api-verify-narde-fair"), body))
    # Then it is refused as a number is where a whole number is asked for, naming opening and quoting it as written
    error = assert_error(answer, 422, "invalid_input")
    assert [problem["field"] for problem in error["problems"]] == ["opening"]
    assert error["problems"][0]["message"] == (
        f"must be true or false, not a number with a decimal point or exponent, got {written}"
    )


@pytest.mark.parametrize(
    ("given", "field", "said"),
    [
        ({"scheme": None}, "scheme", ", not null"),
        ({"scheme": True}, "scheme", ", not true"),
        ({"scheme": False}, "scheme", ", not false"),
        ({"count": [1, None]}, "count", "must be a whole number, got [1, null]"),
        ({"count": {"a": None}}, "count", "must be a whole number, got {'a': null}"),
        ({"recorded": [[True, False]]}, "recorded", "roll 1: true is not a die face"),
    ],
)
def test_a_value_sent_in_json_is_quoted_in_jsons_words(
    load_event: Callable[[str], Event], given: dict[str, object], field: str, said: str
) -> None:
    # Given a body holding null, true or false where no such value is taken (review: `{"scheme": null}` was refused
    # as "not None", `[1, null]` quoted as [1, None]: Python's words to people who wrote JSON)
    event = load_event("api-verify-narde-fair")
    answer = invoke(with_body(event, json.dumps(json.loads(event["body"]) | given)))
    # Then the refusal quotes each as JSON writes it
    error = assert_error(answer, 422, "invalid_input")
    [problem] = [p for p in error["problems"] if p["field"] == field]
    assert problem["message"].endswith(said)


@pytest.mark.parametrize(("query", "name"), [("%", "%"), ("seed=ab%2", "seed")])
def test_a_check_link_with_a_percent_that_starts_no_escape_is_refused_naming_it(
    load_event: Callable[[str], Event], query: str, name: str
) -> None:
    # Given GET /check/?% (review: "'%' is not a parameter of a pair36 link"), as API Gateway hands on its raw query
    event = at(load_event("api-check-seed000"), "GET", "/check/", query)
    event["queryStringParameters"] = None
    # Then it is the link's 422 naming the parameter and the malformed escape
    error = assert_error(invoke(event), 422, "invalid_input")
    assert error["problems"][0]["field"] == "link"
    assert error["problems"][0]["message"].startswith(f"the parameter '{name}' holds '")
    assert "a % with no two hex digits after it" in error["message"]
