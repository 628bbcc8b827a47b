"""Every parser of the core, fed hostile text and JSON of any shape: a valid request, or a refusal naming the field.

A refusal is pydantic's `ValidationError` or fairdice's `InvalidInput`, and
`fairdice.problems.describe` turns it into problems that each name a field and say what is wrong
in a few words. Any other exception fails the test: that is what would reach the API's catch-all
as a 500. Where the rule is simple enough to state independently (hex of so many bytes, a UUID, a
calendar date) the test states it and checks the parser agrees in both directions.
"""

import contextlib
import datetime as dt
import io
import json
import re
import tempfile
import unicodedata
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fairdice import cli, console
from fairdice.archive.reader import ArchiveReader, daily_record
from fairdice.errors import InvalidInput, UnknownDay
from fairdice.fields import MAX_ROLLS, MAX_SEATS
from fairdice.links import build_link, parse_link
from fairdice.problems import Problem, describe, encoded
from fairdice.recorded import RecordedError, parse_recorded
from fairdice.request import RequestBase
from fairdice.schemes import all_schemes, parse_request, request_models
from fairdice.storage import FolderStore
from fairdice.verdict import Verdict
from fairdice.verify import verify
from hypothesis import assume, example, given
from hypothesis import strategies as st
from pydantic import ValidationError
from unit.strategies import request_data, requests

from security.fuzzing import any_text, assert_named, bounded, field_root, hostile_text, json_values, near_text

SCHEMES = request_models()

KEY = bytes(range(32)).hex()
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
BASES: dict[str, dict[str, Any]] = {
    "pair36": {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 3},
    "bg-dice-v1": {"scheme": "bg-dice-v1", "key": KEY, "count": 3},
    "bg-online-v1": {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": ["ab", "cd"], "count": 3},
    "narde-v1": {"scheme": "narde-v1", "key": KEY, "phrase": "test", "count": 3},
    "three-dice": {"scheme": "three-dice", "seed": KEY, "client_seeds": {"white": "w", "black": "b"}, "count": 3},
    "daily": {"scheme": "daily", "date": "2026-10-28", "player_id": PLAYER, "secret": KEY},
}
KNOWN_FIELDS = {name for model in SCHEMES.values() for name in model.model_fields} | {"scheme", "request"}


def outcome(data: object) -> RequestBase | list[Problem]:
    """Validate as the API and the CLI do: the request, or the problems its refusal describes."""
    try:
        return parse_request(data)
    except ValidationError as exc:
        problems = describe(exc)
    assert_named(problems)
    return problems


def assert_verifies(request: RequestBase) -> Verdict | None:
    """A valid request always gets a verdict, except daily without a secret here (no archive given)."""
    try:
        return verify(request)
    except InvalidInput as exc:
        assert (request.scheme, exc.field) == ("daily", "secret")  # type: ignore[attr-defined]
        assert_named(describe(exc), "secret")
        return None


# ---- hex fields -------------------------------------------------------------------------------

# (scheme, field, bytes at least, bytes at most, may be null)
HEX_FIELDS = [
    ("pair36", "server_seed", 16, 64, False),
    ("pair36", "seal", 32, 32, True),
    ("bg-dice-v1", "key", 32, 32, False),  # seed 001: its key's 32 bytes
    ("bg-dice-v1", "lock", 32, 32, True),
    ("bg-online-v1", "server_number", 16, 64, False),
    ("bg-online-v1", "seal", 32, 32, True),
    ("narde-v1", "key", 32, 32, False),  # seed 002: the app's 32 random bytes
    ("narde-v1", "fingerprint", 32, 32, True),
    # Null only together with the client seeds (a withheld mirror pair); the base request gives them.
    ("three-dice", "seed", 16, 64, False),
    ("three-dice", "commit", 32, 32, True),
    ("daily", "secret", 32, 32, True),
    ("daily", "commitment", 32, 32, True),
]
hexish = (
    st.binary(max_size=70).map(bytes.hex)
    | st.binary(min_size=15, max_size=65).map(lambda b: f" {b.hex().upper()}\n")
    # grouped as seed 001 writes its key ("00 01 02 … 1f"), or broken over lines
    | st.binary(min_size=15, max_size=65).map(lambda b: " ".join(f"{x:02x}" for x in b))
    | st.binary(min_size=15, max_size=65).map(lambda b: f"{b[:8].hex()}\r\n{b[8:].hex()}")
    | st.text("0123456789abcdefABCDEF", max_size=140)
    | hostile_text
    | json_values
)


@bounded(150)
@given(where=st.sampled_from(HEX_FIELDS), value=hexish)
def test_a_hex_field_takes_hex_of_its_size_in_any_case_or_is_refused_naming_it(
    where: tuple[str, str, int, int, bool], value: object
) -> None:
    scheme, field, low, high, nullable = where
    result = outcome(BASES[scheme] | {field: value})
    # White space anywhere changes no byte and is left out (the field's schema says so too).
    digits = "".join(value.split()) if isinstance(value, str) else None
    is_hex = digits is not None and re.fullmatch(rf"([0-9a-fA-F]{{2}}){{{low},{high}}}", digits)
    if is_hex or (value is None and nullable):
        assert isinstance(result, RequestBase), result
        assert getattr(result, field) == (None if digits is None else digits.lower())
    else:
        assert isinstance(result, list), f"{field}={value!r} was accepted"
        assert [p.field for p in result] == [field]


# ---- client seeds, app numbers, phrases ----------------------------------------------------------


def printable(text: object, most: int) -> bool:
    return (
        isinstance(text, str)
        and 1 <= len(text) <= most
        and not any(unicodedata.category(c) in ("Cc", "Cs") for c in text)
    )


seed_lists = st.lists(st.from_regex(r"[A-Za-z0-9_-]{1,130}", fullmatch=True) | hostile_text, max_size=MAX_SEATS + 2)


@bounded(150)
@given(seeds=seed_lists | json_values)
def test_pair36_client_seeds_are_1_to_8_seeds_of_the_seeds_alphabet_or_refused_naming_the_seat(seeds: object) -> None:
    result = outcome(BASES["pair36"] | {"client_seeds": seeds})
    valid = (
        isinstance(seeds, list)
        and 1 <= len(seeds) <= MAX_SEATS
        and all(isinstance(s, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,128}", s) for s in seeds)
    )
    assert isinstance(result, RequestBase) == valid, (seeds, result)
    if isinstance(result, list):
        assert_named(result, "client_seeds")
    else:
        assert_verifies(result)


@bounded(150)
@given(white=hostile_text | json_values, black=st.just("b") | any_text, extra=st.booleans())
def test_three_dice_seats_are_printable_text_or_refused_naming_the_seat(white: object, black: str, extra: bool) -> None:
    seats: dict[str, object] = {"white": white, "black": black} | ({"grey": "g"} if extra else {})
    result = outcome(BASES["three-dice"] | {"client_seeds": seats})
    assert isinstance(result, RequestBase) == (printable(white, 256) and printable(black, 256) and not extra)
    if isinstance(result, list):
        assert_named(result, "client_seeds")
    else:
        assert_verifies(result)


@bounded(150)
@given(numbers=st.lists(st.text("0123456789abcdefABCDEF \r\n", max_size=130) | hostile_text, max_size=3) | json_values)
def test_online_app_numbers_are_two_hex_numbers_or_refused_naming_them(numbers: object) -> None:
    result = outcome(BASES["bg-online-v1"] | {"app_numbers": numbers})
    valid = (
        isinstance(numbers, list)
        and len(numbers) == 2
        # white space anywhere is left out, as in every hex field
        and all(isinstance(n, str) and re.fullmatch(r"[0-9a-fA-F]{1,128}", "".join(n.split())) for n in numbers)
    )
    assert isinstance(result, RequestBase) == valid, (numbers, result)
    if isinstance(result, list):
        assert_named(result, "app_numbers")


@bounded(150)
@given(phrase=hostile_text | st.text(min_size=250, max_size=260) | json_values)
def test_a_narde_phrase_is_printable_text_up_to_256_characters_or_refused_naming_it(phrase: object) -> None:
    result = outcome(BASES["narde-v1"] | {"phrase": phrase})
    assert isinstance(result, RequestBase) == printable(phrase, 256), (phrase, result)
    if isinstance(result, list):
        assert_named(result, "phrase")
    else:
        assert_verifies(result)


# ---- numbers ------------------------------------------------------------------------------


@bounded(100)
@given(field=st.sampled_from(["count", "first"]), value=json_values | st.integers(-5, MAX_ROLLS + 5))
def test_counts_and_roll_numbers_are_whole_numbers_in_range_or_refused_naming_them(field: str, value: object) -> None:
    result = outcome(BASES["pair36"] | {field: value})
    if isinstance(result, RequestBase):
        # a null count is a count not given: the default listing
        assert isinstance(getattr(result, field), int) or (field, value) == ("count", None)
        assert 1 <= result.roll_count <= MAX_ROLLS
        assert_verifies(result)
    else:
        assert_named(result, field)


# ---- recorded rolls ------------------------------------------------------------------------

rolls_text = st.one_of(
    near_text,
    any_text,
    st.lists(st.tuples(st.integers(0, 21), st.integers(0, 21)), max_size=20).map(
        lambda rolls: " ".join(f"{a}-{b}" for a, b in rolls)
    ),
    st.lists(st.integers(0, 21), max_size=8).map(lambda faces: " ".join(map(str, faces))),
    st.text("123456", max_size=60),
    st.recursive(
        st.integers(-1, 25) | st.text("0123456789", max_size=3), lambda inner: st.lists(inner, max_size=7)
    ).map(json.dumps),
    st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(1, 6000).map(lambda digits: "[[" + "9" * digits + ", 1]]"),
)


@bounded(150)
@given(scheme=st.sampled_from(list(SCHEMES)), recorded=rolls_text | json_values)
def test_recorded_rolls_are_dice_of_the_schemes_sides_or_refused_naming_recorded(scheme: str, recorded: object) -> None:
    sides = SCHEMES[scheme].SIDES
    try:
        rolls = parse_recorded(recorded, sides)
    except RecordedError as exc:
        assert str(exc).strip()
    else:
        for roll in rolls:
            assert len(roll) == len(sides) and all(1 <= face <= n for face, n in zip(roll, sides, strict=True))
    result = outcome(BASES[scheme] | {"recorded": recorded})
    if isinstance(result, list):
        assert_named(result, "recorded")
    else:
        assert result.recorded is None or all(len(roll) == len(sides) for roll in result.recorded)
        assert_verifies(result)


def test_recorded_text_nested_or_numbered_beyond_what_json_can_read_is_refused_in_words() -> None:
    for text in ["[" * 100_000, "[" * 150_000 + "]" * 50_000, "[[" + "9" * 5000 + ", 1]]"]:
        (problem,) = outcome(BASES["narde-v1"] | {"recorded": text})  # type: ignore[misc]
        assert problem.field == "recorded"
        assert problem.message in (
            "looks like JSON but is nested too deeply",
            "looks like JSON but holds a number too long to read",
        )


# ---- dates and player ids --------------------------------------------------------------------

dateish = (
    st.dates().map(dt.date.isoformat)
    | st.from_regex(r"\s?[0-9]{4}-[0-9]{2}-[0-9]{2}\s?", fullmatch=True)
    | st.from_regex(r"\d{4}-\d{2}-\d{2}", fullmatch=True)
    | hostile_text
    | json_values
)


def calendar_date(value: object) -> dt.date | None:
    if not isinstance(value, str) or not re.fullmatch(r"\s*[0-9]{4}-[0-9]{2}-[0-9]{2}\s*", value):
        return None
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        return None


@bounded(150)
@given(date=dateish)
def test_a_date_is_a_calendar_day_written_yyyy_mm_dd_or_refused_naming_date(date: object) -> None:
    result = outcome(BASES["daily"] | {"date": date})
    expected = calendar_date(date)
    if expected is None:
        assert isinstance(result, list), f"{date!r} was accepted"
        assert_named(result, "date")
    else:
        assert isinstance(result, RequestBase) and result.date == expected  # type: ignore[attr-defined]
        assert_verifies(result)


uuidish = (
    st.uuids().map(str)
    | st.uuids().map(lambda u: u.hex.upper())
    | st.uuids().map(lambda u: f" {u} ")
    | st.uuids().map(lambda u: str(u)[:-1] + "g")
    | st.from_regex(r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{11,13}", fullmatch=True)
    | hostile_text
    | json_values
)
UUID_TEXT = r"\s*[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}\s*"


@bounded(150)
@given(player=uuidish)
def test_a_player_id_is_a_uuid_written_with_or_without_hyphens_or_refused_naming_it(player: object) -> None:
    result = outcome(BASES["daily"] | {"player_id": player})
    if isinstance(player, str) and re.fullmatch(UUID_TEXT, player):
        assert isinstance(result, RequestBase)
        assert result.player_id == str(uuid.UUID(player.strip()))  # type: ignore[attr-defined]
        assert_verifies(result)
    else:
        assert isinstance(result, list), f"{player!r} was accepted"
        assert_named(result, "player_id")


@bounded(100)
@given(date=dateish)
def test_the_archive_reader_takes_a_date_from_a_path_or_refuses_naming_it(date: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        reader = ArchiveReader(FolderStore(Path(folder)), clock=lambda: dt.datetime(2026, 10, 28, 12, tzinfo=dt.UTC))
        try:
            shown = daily_record(reader, date)  # type: ignore[arg-type]
        except ValidationError as exc:
            assert_named(describe(exc), "date")
        except UnknownDay as exc:
            assert exc.field == "date"
        else:
            assert shown.status == "pending" and shown.date == dt.date(2026, 10, 28)


# ---- JSON bodies of any shape ----------------------------------------------------------------


@st.composite
def shaped_like_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Objects with request-like keys (and others) holding JSON of any shape."""
    names = st.sampled_from(sorted(KNOWN_FIELDS - {"request"})) | hostile_text
    data: dict[str, Any] = draw(st.dictionaries(names, json_values, max_size=8))
    if draw(st.booleans()):
        data["scheme"] = draw(st.sampled_from(list(SCHEMES)))
    return data


@st.composite
def mutated_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A valid request with one field replaced by JSON of any shape, dropped, or one added."""
    data: dict[str, Any] = dict(draw(request_data))
    key = draw(st.sampled_from(sorted(data)))
    match draw(st.sampled_from(["replace", "drop", "add"])):
        case "replace":
            data[key] = draw(json_values)
        case "drop":
            del data[key]
        case _:
            data[draw(st.sampled_from(sorted(KNOWN_FIELDS - {"request"})) | hostile_text)] = draw(json_values)
    return data


@bounded(200)
@given(data=json_values | shaped_like_requests() | mutated_requests())
def test_json_of_any_shape_is_a_request_or_refused_naming_fields_that_exist(data: Any) -> None:
    result = outcome(data)
    if isinstance(result, RequestBase):
        assert_verifies(result)
        return
    given_keys = set(data) if isinstance(data, dict) else set()
    for problem in result:
        named = field_root(problem.field) in KNOWN_FIELDS or any(problem.field.startswith(k) for k in given_keys)
        assert named, problem


# ---- links -------------------------------------------------------------------------------

PARAM_NAMES = sorted({p.name for scheme in all_schemes() for p in scheme.link} | {"scheme"})


@st.composite
def queries(draw: st.DrawFn) -> str:
    """Query strings of link parameters (and strangers) with hostile values, percent-encoded or raw."""
    pairs = draw(
        st.lists(
            st.tuples(
                st.sampled_from(PARAM_NAMES) | hostile_text,
                st.sampled_from(list(SCHEMES)) | hostile_text | st.binary(max_size=8).map(lambda b: b.hex()),
                st.sampled_from(["quote", "raw", "bytes"]),
            ),
            max_size=8,
        )
    )
    parts = []
    for name, value, how in pairs:
        raw_name, raw_value = (text.encode("utf-8", "surrogatepass") for text in (name, value))
        if how == "quote":
            parts.append(f"{quote(raw_name)}={quote(raw_value)}")
        elif how == "raw":
            parts.append(f"{name}={value}")
        else:
            parts.append(f"{quote(raw_name)}=" + "".join(f"%{b:02x}" for b in raw_value))
    return "&".join(parts)


@st.composite
def mutated_links(draw: st.DrawFn) -> str:
    """A link built from a valid request, with one character changed, dropped or put in."""
    link = build_link(draw(requests), draw(st.sampled_from(["", "https://dice.example"])))
    at = draw(st.integers(0, len(link)))
    char = draw(st.sampled_from([*"&=%,;:+?#-/", "%ff", "%00", "\x00", "é", "\ud800"]) | st.characters())
    match draw(st.sampled_from(["insert", "delete", "replace"])):
        case "insert":
            return link[:at] + char + link[at:]
        case "delete":
            return link[:at] + link[at + 1 :]
    return link[:at] + char + link[at + 1 :]


def link_outcome(link: str) -> RequestBase | list[Problem]:
    try:
        return parse_link(link)
    except (InvalidInput, ValidationError) as exc:
        problems = describe(exc)
    assert_named(problems)
    return problems


@bounded(200)
@given(link=hostile_text | queries() | queries().map(lambda q: f"/check/?{q}") | mutated_links())
@example(link="/check/?scheme=three-dice&seed=0#000&white=0&black=0&n=1")  # the fragment drops white and black
@example(link="%3D")  # a name holding "=": a query a mail program encoded, said so (found by this test)
def test_any_link_is_a_request_or_refused_naming_a_parameter_or_field(link: str) -> None:
    result = link_outcome(link)
    if isinstance(result, RequestBase):
        assert_verifies(result)
        # What a link gives back, it builds again to a link that gives the same request.
        assert parse_link(build_link(result)) == result
    else:
        names = KNOWN_FIELDS | set(PARAM_NAMES) | {"link", "client_seeds"}
        for problem in result:
            # A parameter no link has is named as it was sent, whatever its name, saying it is none, or, where its name
            # holds "=", that a mail program encoded the query; a field two parameters fill is named by both
            # (three-dice's client seeds: `white and black`).
            named = {field_root(part) for part in problem.field.split(" and ")}
            unknown = "is not a parameter of a" in problem.message or any(
                encoded(held) in problem.message for held in ("=", "&", "=&")
            )
            assert named <= names or unknown, problem


# ---- the CLI reads the same things from files and arguments -----------------------------------


# A verdict's exit status, by the verdict printed: 0 for fair alone
VERDICT_STATUS = {"fair": console.EXIT_OK, "mismatch": console.EXIT_MISMATCH, "incomplete": console.EXIT_NOT_PROVEN}
VERDICT_STATUS["withheld"] = console.EXIT_NOT_PROVEN


def run_cli(*argv: str) -> tuple[int, str]:
    """The command's status and its stderr; where it printed a verdict, a status that is the verdict's own."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    if status != console.EXIT_BAD_INPUT:
        assert status == VERDICT_STATUS[json.loads(out.getvalue())["verdict"]], status
    return status, err.getvalue()


@bounded(80)
@given(body=json_values.map(json.dumps) | hostile_text | st.integers(1, 3000).map(lambda n: "[" * n))
def test_the_cli_answers_any_request_file_with_an_exit_status_never_a_traceback(body: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "request.json"
        path.write_bytes(body.encode("utf-8", "surrogatepass"))
        status, errors = run_cli("verify", str(path))
    assert status in (*VERDICT_STATUS.values(), console.EXIT_BAD_INPUT), status
    if status == console.EXIT_BAD_INPUT:
        assert errors.startswith("fairdice: ")


@pytest.mark.parametrize("body", ["[" * 100_000, '{"scheme": "pair36", "count": ' + "9" * 5000 + "}"])
def test_the_cli_refuses_json_it_cannot_read_in_words(body: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "request.json"
        path.write_text(body)
        status, errors = run_cli("verify", str(path))
    assert status == console.EXIT_BAD_INPUT
    assert errors.startswith("fairdice: request: ") and "Traceback" not in errors


@bounded(80)
@given(link=queries() | mutated_links())
def test_the_cli_checks_any_link_with_an_exit_status_never_a_traceback(link: str) -> None:
    assume(not link.startswith("-"))  # an option to argparse, not a link
    status, _ = run_cli("check", link)
    assert status in (*VERDICT_STATUS.values(), console.EXIT_BAD_INPUT), status
