"""Every size a caller controls is capped with a 4xx that names it; a request at the caps is answered in time.

The caps: 10,000 rolls a request (count, recorded rolls, bg labels, a batch's games together),
8 seats, 16-64 byte secrets (32 a bg-dice-v1 or narde-v1 key), 128 hex digits an app number, 256 characters
a phrase or a three-dice seed, 200,000 characters of pasted rolls, 100 games a batch, a 1 MiB body (413
beyond), and the 6 MiB a Lambda function can return (a verdict of 10,000 rolls of long seeds
would be tens of megabytes; it is refused with a 422 naming `count`, not left to API Gateway's
bare 500).

At the caps, each scheme's slowest request (10,000 rolls with recorded rolls given, all wrong so
that the mismatch diagnosis runs, and with `FAIRDICE_FUZZ_LONG=1` all matching too; its body
padded to exactly 1 MiB) goes through the real handler in-process. Its time is printed, never
asserted: see the README's Security section for the figures, and rerun them with
`.venv/bin/pytest tests/security/test_limits.py -s -k at_the_caps`.
"""

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fairdice.batch import MAX_GAMES
from fairdice.fields import MAX_ROLLS, MAX_SEATS
from fairdice.links import build_link
from fairdice.recorded import MAX_TEXT
from fairdice.schemes import parse_request
from fairdice.verify import verify
from verify_api import app as api
from verify_api.settings import LAMBDA_MAX_ANSWER, MIB

from security.cloudformation import function_timeout, load_template
from security.fuzzing import LONG
from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

EVENTS = Path(__file__).resolve().parents[2] / "events"
KEY = bytes(range(64)).hex()  # the longest secret
KEY32 = bytes(range(32)).hex()  # a bg-dice-v1 or narde-v1 key: 32 bytes, as seeds 001 and 002 make it
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DICE = "🎲"


def post(path: str, body: str) -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / "api-verify-narde-fair.json").read_text())
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["body"], event["isBase64Encoded"] = body, False
    return event


def get(query: str, accept: str = "application/json") -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / "api-check-seed000.json").read_text())
    event["rawQueryString"] = query
    event["headers"]["accept"] = accept
    return event


def call(event: dict[str, Any]) -> tuple[int, Any, int]:
    answer = api.lambda_handler(event, FakeLambdaContext())
    body = answer.get("body", "")
    parsed = json.loads(body) if answer["headers"].get("Content-Type") == "application/json" else body
    return answer["statusCode"], parsed, len(json.dumps(answer, ensure_ascii=False).encode())


# ---- beyond a cap: refused, naming what is too big ----------------------------------------------

PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 3}
NARDE: dict[str, Any] = {"scheme": "narde-v1", "key": KEY32, "phrase": "test", "count": 3}
OVER_THE_CAPS: dict[str, tuple[dict[str, Any], str]] = {
    "count": (PAIR36 | {"count": MAX_ROLLS + 1}, "count"),
    "recorded rolls": (PAIR36 | {"count": None, "recorded": [[1, 1]] * (MAX_ROLLS + 1)}, "recorded"),
    "recorded text": (PAIR36 | {"recorded": "1-1 " * (MAX_TEXT // 4 + 1)}, "recorded"),
    "seats": (PAIR36 | {"client_seeds": ["a"] * (MAX_SEATS + 1)}, "client_seeds"),
    "a client seed": (PAIR36 | {"client_seeds": ["a" * 129]}, "client_seeds"),
    "a secret": (PAIR36 | {"server_seed": "ab" * 65}, "server_seed"),
    "a phrase": (NARDE | {"phrase": "x" * 257}, "phrase"),
    "a three-dice seed": (
        {"scheme": "three-dice", "seed": KEY, "client_seeds": {"white": "w" * 257, "black": "b"}, "count": 1},
        "client_seeds",
    ),
    "an app number": (
        {"scheme": "bg-online-v1", "server_number": KEY, "app_numbers": ["a" * 129, "b"], "count": 1},
        "app_numbers",
    ),
    "labels": ({"scheme": "bg-dice-v1", "key": KEY32, "labels": ["bg-dice-v1:turn:2"] * (MAX_ROLLS + 1)}, "labels"),
    "a turn": ({"scheme": "bg-dice-v1", "key": KEY32, "first_turn": 10**9 + 1, "count": 1}, "first_turn"),
    "a roll number": (NARDE | {"first": 2**53 + 1}, "first"),
}


@pytest.mark.parametrize(("data", "field"), OVER_THE_CAPS.values(), ids=OVER_THE_CAPS)
def test_a_request_over_a_cap_is_422_naming_the_field(data: dict[str, Any], field: str) -> None:
    body = {name: value for name, value in data.items() if value is not None}
    status, answer, _ = call(post("/verify", json.dumps(body)))
    assert status == 422, answer
    assert answer["error"]["code"] == "invalid_input"
    assert field in [problem["field"].split("[")[0].split(".")[0] for problem in answer["error"]["problems"]]


def test_a_body_over_1_mib_is_413_and_one_of_exactly_1_mib_is_read() -> None:
    request = json.dumps(NARDE)
    status, answer, _ = call(post("/verify", request.ljust(MIB + 1)))
    assert (status, answer["error"]["code"]) == (413, "body_too_large")
    status, answer, _ = call(post("/verify", request.ljust(MIB)))
    assert status == 200, answer


def test_a_batch_over_its_caps_is_422_naming_requests() -> None:
    too_many = {"requests": [NARDE] * (MAX_GAMES + 1)}
    too_long = {"requests": [NARDE | {"count": MAX_ROLLS // 2 + 1}] * 2}
    for batch in (too_many, too_long):
        status, answer, _ = call(post("/verify/batch", json.dumps(batch)))
        assert status == 422, answer
        assert answer["error"]["problems"][0]["field"].startswith("requests")


def test_a_link_over_the_roll_cap_is_422_naming_the_rolls() -> None:
    status, answer, _ = call(get(f"seed={KEY}&client=a,b&rolls={'11' * (MAX_ROLLS + 1)}"))
    assert status == 422
    assert answer["error"]["problems"][0]["field"] == "rolls"  # the link's own name for the recorded rolls


def test_an_answer_lambda_could_not_return_is_422_naming_count_not_a_bare_500() -> None:
    # 10,000 rolls whose HMAC messages each carry eight 128-character seeds: an 11 MB verdict
    seats = ["s" * 128] * MAX_SEATS
    status, answer, size = call(post("/verify", json.dumps(PAIR36 | {"client_seeds": seats, "count": MAX_ROLLS})))
    assert (status, answer["error"]["problems"][0]["field"]) == (422, "count"), answer
    assert "more than the 6 MiB a Lambda function can return: ask for fewer rolls" in answer["error"]["message"]
    assert size < LAMBDA_MAX_ANSWER
    # The same through a batch names the batch, and the same game in fewer rolls is answered.
    halves = [PAIR36 | {"client_seeds": seats, "count": half} for half in (6000, 4000)]
    status, answer, _ = call(post("/verify/batch", json.dumps({"requests": halves})))
    assert (status, answer["error"]["problems"][0]["field"]) == (422, "requests")
    status, _, size = call(post("/verify", json.dumps(PAIR36 | {"client_seeds": seats, "count": 4000})))
    assert status == 200 and size <= LAMBDA_MAX_ANSWER


# ---- at the caps: answered, and timed ------------------------------------------------------------


def at_the_caps() -> dict[str, dict[str, Any]]:
    """Each scheme's heaviest request of 10,000 rolls that Lambda can still return."""
    return {
        # Roll numbers, turns, lines and games are bounded by what a game reaches: the longest messages are
        # the longest seeds and phrase with the game's highest numbers.
        "pair36": PAIR36 | {"client_seeds": ["s" * 32] * 2, "count": MAX_ROLLS, "first": 1},
        "bg-dice-v1": {"scheme": "bg-dice-v1", "key": KEY32, "opening": False, "line": 1_000, "count": MAX_ROLLS},
        "bg-dice-v1 labels": {
            "scheme": "bg-dice-v1",
            "key": KEY32,
            "labels": [f"bg-dice-v1:turn:{1 + i}:line:1000" for i in range(MAX_ROLLS)],
        },
        "bg-online-v1": {
            "scheme": "bg-online-v1",
            "server_number": KEY,
            "app_numbers": ["f" * 128, "e" * 128],
            "game": 49,
            "count": MAX_ROLLS,
        },
        "narde-v1": NARDE | {"phrase": "p" * 256, "count": MAX_ROLLS, "first": 0},
        "three-dice": {
            "scheme": "three-dice",
            "seed": KEY,
            "client_seeds": {"white": "w" * 64, "black": "b" * 64},
            "count": MAX_ROLLS,
            "first": 0,
        },
    }


def too_large_to_return() -> dict[str, dict[str, Any]]:
    """10,000 rolls whose messages carry the longest seeds or phrase: tens of megabytes of verdict."""
    seats = {"white": DICE * 256, "black": DICE * 256}
    return {
        "pair36 8 seats of 128": PAIR36 | {"client_seeds": ["s" * 128] * MAX_SEATS, "count": MAX_ROLLS},
        "narde-v1 256 emoji": NARDE | {"phrase": DICE * 256, "count": MAX_ROLLS},
        "three-dice 2 x 256 emoji": {"scheme": "three-dice", "seed": KEY, "client_seeds": seats, "count": MAX_ROLLS},
    }


def padded(data: dict[str, Any]) -> str:
    """The request as a body of exactly 1 MiB: its JSON, then spaces (which JSON allows)."""
    text = json.dumps(data)
    assert len(text.encode()) <= MIB, len(text.encode())
    return text + " " * (MIB - len(text.encode()))


def test_requests_at_the_caps_are_answered_and_their_time_is_printed() -> None:
    timeout = function_timeout(load_template(), "VerifyApiFunction")
    rows = []
    for name, data in at_the_caps().items():
        computed = [roll["dice"] for roll in verify(parse_request(data)).rolls]
        wrong = [[7 - face for face in dice] for dice in computed]
        # All wrong is the heavier (the diagnosis runs); all matching is timed too in a long run.
        for outcome, recorded in (("fair", computed), ("mismatch", wrong))[0 if LONG else 1 :]:
            body = padded(data | {"recorded": recorded})
            started = time.perf_counter()
            status, answer, size = call(post("/verify", body))
            took = time.perf_counter() - started
            assert status == 200, (name, answer)
            assert (answer["verdict"], answer["summary"]["compared"]) == (
                "incomplete" if outcome == "fair" else "mismatch",  # no seal given: incomplete at best
                MAX_ROLLS,
            )
            rows.append((f"POST /verify {name}, recorded {outcome}", len(body.encode()), size, took))
    # Longest seeds and phrases: computed in full, then refused as too large for Lambda to return.
    for name, data in too_large_to_return().items():
        computed = [roll["dice"] for roll in verify(parse_request(data)).rolls]
        body = padded(data | {"recorded": computed})
        started = time.perf_counter()
        status, answer, size = call(post("/verify", body))
        took = time.perf_counter() - started
        assert (status, answer["error"]["problems"][0]["field"]) == (422, "count"), name
        rows.append((f"POST /verify {name}, refused: answer too large", len(body.encode()), size, took))
    # The heaviest link and its page: 10,000 recorded rolls in the query, a browser asking.
    game = at_the_caps()["pair36"]
    link = build_link(parse_request(game | {"recorded": [r["dice"] for r in verify(parse_request(game)).rolls]}))
    for accept in ("application/json", "text/html"):
        started = time.perf_counter()
        status, _, size = call(get(link.split("?", 1)[1], accept))
        rows.append((f"GET /check 10,000 rolls as {accept}", len(link), size, time.perf_counter() - started))
        assert status == 200
    # The heaviest page to draw: 10,000 messages holding a long phrase, each character of each one asked whether it is
    # shown as its code point (review: a 251-character Hebrew phrase took 5 to 8 s, an ASCII one of 256 up to 4 s).
    for name, phrase in (("256 ASCII", "p" * 256), ("251 Hebrew and digits", ("\u05d0\u05d1 12 " * 42).strip())):
        link = build_link(parse_request(NARDE | {"phrase": phrase, "count": MAX_ROLLS}))
        started = time.perf_counter()
        status, _, size = call(get(link.split("?", 1)[1], "text/html"))
        rows.append((f"GET /check page, narde phrase of {name}", len(link), size, time.perf_counter() - started))
        assert status == 200
    print(f"\nRequests at the caps, in-process, this machine (the Lambda timeout is {timeout} s):")
    for label, request_bytes, answer_bytes, took in rows:
        print(
            f"  {label:64} request {request_bytes / MIB:5.2f} MiB  answer {answer_bytes / MIB:5.2f} MiB  {took:6.3f} s"
        )
    slowest = max(rows, key=lambda row: row[3])
    print(f"  slowest: {slowest[0]}, {slowest[3]:.3f} s")
