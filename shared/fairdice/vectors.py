"""Test vectors for every scheme, as one JSON document other implementations can test against.

Regenerate the committed file with `python -m fairdice.vectors > tests/vectors/vectors.json`;
the test suite regenerates it and fails if the two differ. Each scheme's vectors sit beside its
room, in `fairdice/schemes/<room>_vectors.py`; this module holds what they share and puts the
document together in the registry's order. Neither ships in the Lambda layer. Everything here is deterministic:
secrets and seeds are SHA-256 of fixed names, so the document is the same on every machine.

Two sections:
- `vectors`: a verify request (`request`, the same JSON `POST /verify` takes), its link, and
  what it gives: the seal and, per roll, the exact HMAC message, the HMAC of that message, the
  dice; and `verdict` and `scope`: what sending `request` with `recorded` set to the listed dice
  yields. Only a whole game with its seal is `fair`; a window of a game (from a later roll), a
  take-back line, rolls that end at an opening roll that tied (rolled again: the game goes on),
  or a game without its seal is `incomplete`.
- `streams`: the branches a real HMAC never reaches (a block with no usable byte). Each lists
  the blocks a stand-in MAC returns, keyed by message (three-dice: the message bytes in hex),
  and the dice they give; a correct implementation asks for exactly those messages.
"""

import hashlib
import importlib
import json
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from fairdice import schemes
from fairdice.dice import Mac, Roll, keyed_mac
from fairdice.links import build_link
from fairdice.recompute import recompute
from fairdice.schemes.base import Scheme
from fairdice.seal import seal_of
from fairdice.verify import verify

FORMAT = 2  # 2: each vector says the verdict and scope its own dice give (what `fair` proves)
FF = b"\xff"
_INT_LIST = re.compile(r"\[\s*((?:\d+,\s*)*\d+)\s*\]")


def stand_in_bytes(name: str, size: int = 32) -> bytes:
    """Deterministic stand-in randomness: SHA-256 of `name #0`, `name #1`, … cut to `size` bytes."""
    blocks = (hashlib.sha256(f"fairdice test vector: {name} #{n}".encode()).digest() for n in range(size // 32 + 1))
    return b"".join(blocks)[:size]


def stand_in_hex(name: str, size: int = 32) -> str:
    """`stand_in_bytes` as hex."""
    return stand_in_bytes(name, size).hex()


def first_key(name: str, wanted: Callable[[bytes], bool]) -> bytes:
    """The first key `name/0`, `name/1`, … for which `wanted` holds (to show a rare case)."""
    attempt = 0
    while not wanted(stand_in_bytes(f"{name}/{attempt}")):
        attempt += 1
    return stand_in_bytes(f"{name}/{attempt}")


def _roll_entry(roll: Roll, mac: Mac, binary_message: bool) -> dict[str, Any]:
    message = bytes.fromhex(roll.message) if binary_message else roll.message.encode()
    entry: dict[str, Any] = {"index": roll.number, "message": roll.message, "hmac": mac(message).hex()}
    entry["dice"] = list(roll.dice)
    if roll.label is not None:
        entry["label"] = roll.label
    if roll.winner is not None:
        entry["winner"] = roll.winner
    return entry


def _vector(room: ModuleType, name: str, shows: str, data: dict[str, Any]) -> dict[str, Any]:
    request = schemes.parse_request(data)
    vector: dict[str, Any] = {"name": name, "shows": shows, "request": data, "link": build_link(request)}
    secret_hex = request.secret_hex
    if secret_hex is None:
        vector["expected"] = {"verdict": "withheld", "seal": None, "rolls": []}
        return vector
    secret = bytes.fromhex(secret_hex)
    expected: dict[str, Any] = {"seal": seal_of(secret)}
    mac: Mac = keyed_mac(secret)
    mac_for = getattr(room, "mac_for", None)
    if mac_for is not None:  # a scheme whose rolls are keyed with a key derived from the secret
        extras, mac = mac_for(data, secret)
        expected.update(extras)
    binary = getattr(room, "BINARY_MESSAGES", False)
    rolls = list(recompute(request, secret))
    expected["rolls"] = [_roll_entry(roll, mac, binary) for roll in rolls]
    verdict = verify(request.model_copy(update={"recorded": [roll.dice for roll in rolls]}))
    expected["verdict"] = verdict.verdict
    expected["scope"] = verdict.scope.kind if verdict.scope is not None else None
    vector["expected"] = expected
    return vector


def stream(name: str, shows: str, inputs: dict[str, Any], blocks: dict[str, bytes], roll: Roll) -> dict[str, Any]:
    """A `streams` entry: the stand-in blocks, keyed by message, and the roll they give."""
    return {
        "name": name,
        "shows": shows,
        "inputs": inputs,
        "blocks": {message: block.hex() for message, block in blocks.items()},
        "expected": {"message": roll.message, "dice": list(roll.dice)},
    }


def table_mac(blocks: dict[str, bytes], binary: bool = False) -> Mac:
    """A stand-in MAC that answers only the listed messages (text, or hex when `binary`)."""

    def mac(message: bytes) -> bytes:
        key = message.hex() if binary else message.decode()
        if key not in blocks:
            raise KeyError(f"no block listed for message {key!r}")
        return blocks[key]

    return mac


def vectors_of(scheme: Scheme[Any]) -> ModuleType:
    """The module of a scheme's vectors, beside its room: `<room>_vectors`."""
    return importlib.import_module(f"{scheme.module}_vectors")


def document() -> dict[str, Any]:
    """The whole test-vector document, every registered scheme's vectors and streams in registry order."""
    rooms = [vectors_of(scheme) for scheme in schemes.all_schemes()]
    return {
        "about": (
            "fairdice test vectors: per scheme, a verify request and the seal, HMAC messages, HMACs and dice"
            " it gives, and the verdict and scope the request gets with those dice recorded (fair only for a whole game"
            " with its seal); streams: hand-made MAC blocks for the branches real HMACs never reach."
            " HMAC is HMAC-SHA256; hex is lowercase; three-dice messages are bytes shown in hex."
        ),
        "format": FORMAT,
        "vectors": [_vector(room, name, shows, data) for room in rooms for name, shows, data in room.requests()],
        "streams": [entry for room in rooms for entry in room.streams()],
    }


def render() -> str:
    """The document as the committed file holds it: UTF-8 JSON, two-space indent, final newline."""
    text = json.dumps(document(), indent=2, ensure_ascii=False)
    # Dice on one line (`[4, 6]`), as people read them; JSON all the same.
    return _INT_LIST.sub(lambda m: "[" + ", ".join(re.findall(r"\d+", m.group(1))) + "]", text) + "\n"


if __name__ == "__main__":
    sys.stdout.buffer.write(render().encode())
