"""The committed test vectors are what the package produces, and each one verifies through `verify()`.

Regenerate after a deliberate change: `python -m fairdice.vectors > tests/vectors/vectors.json`
(from `shared/`, or with it on PYTHONPATH).
"""

import datetime as dt
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any, get_args
from uuid import UUID

import pytest
from fairdice import vectors
from fairdice.links import parse_link
from fairdice.schemes import daily, labelled, narde, pair36, parse_request, request_models, three_dice
from fairdice.verdict import ScopeKind
from fairdice.verify import verify

from testkit.oracles.fake_mac import TableMac

SCHEMES = request_models()

VECTORS_FILE = Path(__file__).resolve().parent.parent / "vectors" / "vectors.json"
DOCUMENT: dict[str, Any] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))


def test_the_committed_file_is_exactly_what_the_package_generates() -> None:
    assert VECTORS_FILE.read_text(encoding="utf-8") == vectors.render(), (
        "tests/vectors/vectors.json is stale: regenerate it with python -m fairdice.vectors"
    )


def test_every_scheme_has_vectors_including_the_seed_documents_examples() -> None:
    assert {v["request"]["scheme"] for v in DOCUMENT["vectors"]} == set(SCHEMES)
    names = {v["name"] for v in DOCUMENT["vectors"]}
    assert {
        "bg-dice-v1-seed-example",
        "bg-dice-v1-seed-example-labels",
        "bg-dice-v1-seed-example-later-game",
        "narde-v1-seed-example",
    } <= names


def test_the_seed_examples_in_the_file_are_the_documents_numbers() -> None:
    by_name = {v["name"]: v["expected"] for v in DOCUMENT["vectors"]}
    narde_rolls = by_name["narde-v1-seed-example"]["rolls"]
    assert [r["dice"] for r in narde_rolls] == [[1, 5], [4, 6], [3, 4]]
    assert [r["hmac"][:8] for r in narde_rolls] == ["c0a03654", "1b6b74e5", "32c986d4"]
    # Seed 001: opening:0 4-6, turn:1 "would be" 5-4, turn:2 1-3: a first game and a later game of a match
    first_game = by_name["bg-dice-v1-seed-example-labels"]["rolls"]
    assert [r["dice"] for r in first_game[:2]] == [[4, 6], [1, 3]]
    later_game = by_name["bg-dice-v1-seed-example-later-game"]["rolls"]
    assert [r["dice"] for r in later_game] == [[5, 4], [1, 3]]
    assert by_name["narde-v1-seed-example"]["seal"].startswith("630dcd29")


def test_the_vectors_show_every_kind_of_scope_a_verdict_can_be_about() -> None:
    # What `fair` proves is each kind's to say (FORMAT 2), so another implementation meets every kind in the vectors
    # (review: none ended at an opening roll that tied, scope kind unfinished, which bg-dice-v1 and bg-online-v1 give)
    shown = {v["expected"].get("scope") for v in DOCUMENT["vectors"]} - {None}  # None: withheld
    assert shown == set(get_args(ScopeKind))
    tied = {v["request"]["scheme"] for v in DOCUMENT["vectors"] if v["expected"].get("scope") == "unfinished"}
    assert tied == {"bg-dice-v1", "bg-online-v1"}
    for vector in DOCUMENT["vectors"]:
        if vector["expected"].get("scope") == "unfinished":
            assert vector["expected"]["verdict"] == "incomplete" and vector["expected"]["rolls"][-1]["winner"] == "tie"


@pytest.mark.parametrize("vector", DOCUMENT["vectors"], ids=lambda v: v["name"])
def test_each_vector_verifies_with_its_own_dice_as_fair_only_when_a_whole_game_with_its_seal(
    vector: dict[str, Any],
) -> None:
    expected = vector["expected"]
    request = parse_request(vector["request"] | {"recorded": [r["dice"] for r in expected["rolls"]] or None})
    # By today's clock, as an app that follows the README withholds a day not over (review: a vector dated 2027 was
    # withheld by every entrance of fairdice, and passed here only because no clock was given)
    verdict = verify(request, today=dt.datetime.now(dt.UTC).date())
    if expected.get("verdict") == "withheld":
        assert verdict.verdict == "withheld"
        return
    whole_game = expected["scope"] == "game"
    assert verdict.verdict == expected["verdict"]
    if verdict.verdict == "fair":
        assert request.seal_hex and whole_game and not verdict.reasons
    else:  # a window, a take-back line, an opening roll that tied last, no seal; daily: no archive to show it in time
        assert verdict.verdict == "incomplete" and verdict.reasons
    assert verdict.scope is not None and verdict.scope.kind == expected["scope"]
    assert verdict.checks.rolls == "match"
    assert (
        verdict.seal.computed == expected["seal"] == hashlib.sha256(bytes.fromhex(request.secret_hex or "")).hexdigest()
    )
    assert [(r["index"], r["message"], r["dice"]) for r in verdict.rolls] == [
        (r["index"], r["message"], r["dice"]) for r in expected["rolls"]
    ]


@pytest.mark.parametrize("vector", DOCUMENT["vectors"], ids=lambda v: v["name"])
def test_each_vectors_hmacs_are_hmac_sha256_of_its_messages(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    if not expected["rolls"]:
        return
    key = bytes.fromhex(vector["request"].get("secret") or next(
        vector["request"][f] for f in ("server_seed", "key", "server_number", "seed") if f in vector["request"]
    ))  # fmt: skip
    if "key_message" in expected:
        key = hmac.new(key, expected["key_message"].encode(), hashlib.sha256).digest()
        assert key.hex() == expected["key"]
    binary = vector["request"]["scheme"] == "three-dice"
    for roll in expected["rolls"]:
        message = bytes.fromhex(roll["message"]) if binary else roll["message"].encode()
        assert hmac.new(key, message, hashlib.sha256).hexdigest() == roll["hmac"]


@pytest.mark.parametrize("vector", DOCUMENT["vectors"], ids=lambda v: v["name"])
def test_each_vectors_link_carries_its_request(vector: dict[str, Any]) -> None:
    assert parse_link(vector["link"]) == parse_request(vector["request"])


def _run_stream(stream: dict[str, Any]) -> tuple[str, list[int], list[bytes]]:
    inputs = stream["inputs"]
    name: str = stream["name"]
    if name.startswith("three-dice"):
        mac = TableMac({bytes.fromhex(m): bytes.fromhex(b) for m, b in stream["blocks"].items()})
        seats = inputs["client_seeds"]
        roll = three_dice.roll(mac, seats["white"], seats["black"], inputs["ply"])
    else:
        mac = TableMac({m.encode(): bytes.fromhex(b) for m, b in stream["blocks"].items()})
        if name.startswith("pair36"):
            roll = pair36.roll(mac, inputs["client_seeds"], inputs["number"])
        elif name.startswith("bg-"):
            roll = labelled.labelled_roll(mac, 1, inputs["label"], "you", "bot")
        elif name.startswith("narde"):
            roll = narde.roll(mac, inputs["phrase"], inputs["i"])
        else:
            roll = daily.roll(mac, dt.date.fromisoformat(inputs["date"]), UUID(inputs["player_id"]))
    return roll.message, list(roll.dice), mac.asked


@pytest.mark.parametrize("stream", DOCUMENT["streams"], ids=lambda s: s["name"])
def test_each_stream_gives_its_dice_from_exactly_its_blocks(stream: dict[str, Any]) -> None:
    message, dice, asked = _run_stream(stream)
    assert (message, dice) == (stream["expected"]["message"], stream["expected"]["dice"])
    listed = [bytes.fromhex(m) if stream["name"].startswith("three-dice") else m.encode() for m in stream["blocks"]]
    assert asked == listed
    assert all(len(bytes.fromhex(block)) == 32 for block in stream["blocks"].values())


def test_the_streams_cover_every_scheme_family() -> None:
    prefixes = {s["name"].split("-")[0] for s in DOCUMENT["streams"]}
    assert prefixes == {"pair36", "bg", "narde", "three", "daily"}
