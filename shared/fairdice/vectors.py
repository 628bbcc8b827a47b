"""Test vectors for every scheme, as one JSON document other implementations can test against.

Regenerate the committed file with `python -m fairdice.vectors > tests/vectors/vectors.json`;
the test suite regenerates it and fails if the two differ. Everything here is deterministic:
secrets and seeds are SHA-256 of fixed names, so the document is the same on every machine.

Two sections:
- `vectors`: a verify request (`request`, the same JSON `POST /verify` takes), its link, and
  what it gives: the seal and, per roll, the exact HMAC message, the HMAC of that message, the
  dice. Sending `request` with `recorded` set to the listed dice yields verdict `fair` when a
  seal is given (`incomplete` without one).
- `streams`: the branches a real HMAC never reaches (a block with no usable byte). Each lists
  the blocks a stand-in MAC returns, keyed by message (three-dice: the message bytes in hex),
  and the dice they give; a correct implementation asks for exactly those messages.
"""

import datetime as dt
import hashlib
import json
import re
import struct
import sys
from collections.abc import Callable
from typing import Any
from uuid import UUID

from fairdice.dice import Mac, Roll, keyed_mac
from fairdice.links import build_link
from fairdice.models import parse_request
from fairdice.recompute import recompute
from fairdice.schemes import bg, daily, narde, pair36, three_dice
from fairdice.seal import seal_of

FORMAT = 1
SEED_KEY = bytes(range(32))  # seeds 001 and 002: "the key 00 01 02 … 1f"
FF = b"\xff"
_INT_LIST = re.compile(r"\[\s*((?:\d+,\s*)*\d+)\s*\]")


def _bytes(name: str, size: int = 32) -> bytes:
    """Deterministic stand-in randomness: SHA-256 of `name #0`, `name #1`, … cut to `size` bytes."""
    blocks = (hashlib.sha256(f"fairdice test vector: {name} #{n}".encode()).digest() for n in range(size // 32 + 1))
    return b"".join(blocks)[:size]


def _hex(name: str, size: int = 32) -> str:
    return _bytes(name, size).hex()


def _first_key(name: str, wanted: Callable[[bytes], bool]) -> bytes:
    """The first key `name/0`, `name/1`, … for which `wanted` holds (to show a rare case)."""
    attempt = 0
    while not wanted(_bytes(f"{name}/{attempt}")):
        attempt += 1
    return _bytes(f"{name}/{attempt}")


def _ties(mac: Mac, prefix: str, times: int) -> bool:
    return all(len(set(bg.dice_for(mac, f"{prefix}:opening:{k}"))) == 1 for k in range(times))


def _requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    bot_tie_key = _first_key("bg-dice-v1 two ties", lambda key: _ties(keyed_mac(key), bg.BOT, 2))
    apps = [_hex("bg-online-v1 app one", 16).upper(), _hex("bg-online-v1 app two", 16)]
    online_tie_server = _first_key(
        "bg-online-v1 tie", lambda server: _ties(keyed_mac(bg.online_key(server, apps)), f"{bg.ONLINE}:g1", 1)
    )
    seed_lock = seal_of(SEED_KEY)
    return [
        (
            "pair36-two-seats",
            "seed 000: a 32-byte server seed and two apps' 32-hex-character client seeds, rolls from 1",
            {
                "scheme": "pair36",
                "server_seed": _hex("pair36 two seats"),
                "seal": seal_of(_bytes("pair36 two seats")),
                "client_seeds": [_hex("pair36 seat 1", 16), _hex("pair36 seat 2", 16)],
                "count": 12,
            },
        ),
        (
            "pair36-offline-one-seat",
            "seed 000 offline: only your client seed; a 16-byte server seed, the shortest allowed",
            {"scheme": "pair36", "server_seed": _hex("pair36 offline", 16), "client_seeds": ["me"], "count": 6},
        ),
        (
            "pair36-four-seats-from-roll-50",
            "seed 000: four seats in seat order, a 64-byte server seed, rolls 50 to 54 of a match",
            {
                "scheme": "pair36",
                "server_seed": _hex("pair36 four seats", 64),
                "seal": seal_of(_bytes("pair36 four seats", 64)),
                "client_seeds": ["North", "east_2", "S-3", "w"],
                "first": 50,
                "count": 5,
            },
        ),
        (
            "bg-dice-v1-seed-example",
            "seed 001's test: key 00 01 … 1f, lock 630dcd29…, opening 4-6 (the bot's 6 wins), turn 2 is 1-3",
            {"scheme": "bg-dice-v1", "key": SEED_KEY.hex(), "lock": seed_lock, "count": 4},
        ),
        (
            "bg-dice-v1-seed-example-labels",
            "seed 001's test by explicit labels: opening:0 4-6, turn:1 5-4, turn:2 1-3",
            {
                "scheme": "bg-dice-v1",
                "key": SEED_KEY.hex(),
                "lock": seed_lock,
                "labels": ["bg-dice-v1:opening:0", "bg-dice-v1:turn:1", "bg-dice-v1:turn:2"],
            },
        ),
        (
            "bg-dice-v1-opening-ties",
            "an opening roll tied twice: opening:0 and :1 tie, :2 decides, then turn:2",
            {"scheme": "bg-dice-v1", "key": bot_tie_key.hex(), "lock": seal_of(bot_tie_key), "count": 5},
        ),
        (
            "bg-dice-v1-later-game-of-a-match",
            "a later game of a match: no opening roll, starts at turn:1",
            {"scheme": "bg-dice-v1", "key": _hex("bg-dice-v1 match game 2"), "opening": False, "count": 4},
        ),
        (
            "bg-dice-v1-take-back-line",
            "a Practice game after one take-back: turn:7:line:1 onwards",
            {
                "scheme": "bg-dice-v1",
                "key": _hex("bg-dice-v1 practice"),
                "opening": False,
                "first_turn": 7,
                "line": 1,
                "count": 3,
            },
        ),
        (
            "bg-online-v1-game-1",
            "online: key from the server's number and both apps' numbers (given in upper case, hashed lowercase)",
            {
                "scheme": "bg-online-v1",
                "server_number": _hex("bg-online-v1 server"),
                "seal": seal_of(_bytes("bg-online-v1 server")),
                "app_numbers": apps,
                "count": 5,
            },
        ),
        (
            "bg-online-v1-opening-tie",
            "online game 1 whose opening roll ties once: g1:opening:0, g1:opening:1, then g1:roll:1",
            {
                "scheme": "bg-online-v1",
                "server_number": online_tie_server.hex(),
                "seal": seal_of(online_tie_server),
                "app_numbers": apps,
                "count": 4,
            },
        ),
        (
            "bg-online-v1-game-2",
            "online game 2 of a match: no opening roll, g2:roll:1 onwards",
            {
                "scheme": "bg-online-v1",
                "server_number": _hex("bg-online-v1 server"),
                "app_numbers": apps,
                "game": 2,
                "count": 4,
            },
        ),
        (
            "narde-v1-seed-example",
            "seed 002's test: phrase test gives 1-5, 4-6, 3-4 (HMACs c0a03654…, 1b6b74e5…, 32c986d4…)",
            {"scheme": "narde-v1", "key": SEED_KEY.hex(), "fingerprint": seed_lock, "phrase": "test", "count": 3},
        ),
        (
            "narde-v1-unicode-phrase-from-roll-58",
            "a phrase with spaces, a pipe and non-ASCII letters (hashed as UTF-8), a 64-byte key, rolls 58 to 60",
            {
                "scheme": "narde-v1",
                "key": _hex("narde-v1 unicode", 64),
                "fingerprint": seal_of(_bytes("narde-v1 unicode", 64)),
                "phrase": "Нарды | 長い夜 🎲",
                "first": 58,
                "count": 3,
            },
        ),
        (
            "three-dice-ascii-seeds",
            "seed 003: the length-prefixed message, three dice per ply from ply 0",
            {
                "scheme": "three-dice",
                "seed": _hex("three-dice ascii"),
                "commit": seal_of(_bytes("three-dice ascii")),
                "client_seeds": {"white": "w-4f1c9a", "black": "player-b"},
                "count": 6,
            },
        ),
        (
            "three-dice-unicode-seeds",
            "client seeds are UTF-8: lengths count bytes, not characters",
            {
                "scheme": "three-dice",
                "seed": _hex("three-dice unicode"),
                "commit": seal_of(_bytes("three-dice unicode")),
                "client_seeds": {"white": "Ωhite ♔", "black": "黒🎲"},
                "first": 40,
                "count": 3,
            },
        ),
        (
            "three-dice-withheld-mirror-pair",
            "a ladder mirror pair's game: seed and client seeds null until both games end; verdict withheld",
            {
                "scheme": "three-dice",
                "seed": None,
                "commit": seal_of(_bytes("three-dice mirror")),
                "client_seeds": None,
            },
        ),
        (
            "daily-2026-10-28",
            "seed 004: six faces d4 d6 d8 d10 d12 d20 from HMAC(day secret, date|uuid)",
            {
                "scheme": "daily",
                "date": "2026-10-28",
                "player_id": str(UUID(bytes=_bytes("daily player one", 16), version=4)),
                "secret": _hex("daily 2026-10-28"),
                "commitment": seal_of(_bytes("daily 2026-10-28")),
            },
        ),
        (
            "daily-2027-01-01",
            "seed 004 on another day and player; the uuid is given without hyphens and in upper case",
            {
                "scheme": "daily",
                "date": "2027-01-01",
                "player_id": UUID(bytes=_bytes("daily player two", 16), version=4).hex.upper(),
                "secret": _hex("daily 2027-01-01"),
                "commitment": seal_of(_bytes("daily 2027-01-01")),
            },
        ),
    ]


def _roll_entry(roll: Roll, mac: Mac, binary_message: bool) -> dict[str, Any]:
    message = bytes.fromhex(roll.message) if binary_message else roll.message.encode()
    entry: dict[str, Any] = {"index": roll.number, "message": roll.message, "hmac": mac(message).hex()}
    entry["dice"] = list(roll.dice)
    if roll.label is not None:
        entry["label"] = roll.label
    if roll.winner is not None:
        entry["winner"] = roll.winner
    return entry


def _vector(name: str, shows: str, data: dict[str, Any]) -> dict[str, Any]:
    request = parse_request(data)
    vector: dict[str, Any] = {"name": name, "shows": shows, "request": data, "link": build_link(request)}
    secret_hex = request.secret_hex
    if secret_hex is None:
        vector["expected"] = {"verdict": "withheld", "seal": None, "rolls": []}
        return vector
    secret = bytes.fromhex(secret_hex)
    mac = keyed_mac(secret)
    expected: dict[str, Any] = {"seal": seal_of(secret)}
    if data["scheme"] == bg.ONLINE:
        key_message = f"{bg.ONLINE}:seeds:" + ":".join(n.lower() for n in data["app_numbers"])
        key = bg.online_key(secret, data["app_numbers"])
        expected["key_message"] = key_message
        expected["key"] = key.hex()
        mac = keyed_mac(key)
    binary = data["scheme"] == "three-dice"
    expected["rolls"] = [_roll_entry(roll, mac, binary) for roll in recompute(request, secret)]
    vector["expected"] = expected
    return vector


def _stream(name: str, shows: str, inputs: dict[str, Any], blocks: dict[str, bytes], roll: Roll) -> dict[str, Any]:
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


def _streams() -> list[dict[str, Any]]:
    """Hand-built blocks that drive each scheme into its rare branches."""
    streams = []

    seeds, number = ["a", "b"], 1
    blocks = {"a:b:1": FF * 32, "a:b+:1": b"\xfc" * 32, "a:b++:1": b"\xfd" * 5 + bytes([35]) + bytes(26)}
    streams.append(
        _stream(
            "pair36-plus-retry",
            "no byte below 252 in a:b:1 nor in a:b+:1: the roll comes from a:b++:1 (byte 35 gives 6-6)",
            {"client_seeds": seeds, "number": number},
            blocks,
            pair36.roll(table_mac(blocks), seeds, number),
        )
    )

    label = "bg-dice-v1:turn:2"
    blocks = {f"{label}:0": FF * 31 + bytes([11]), f"{label}:1": b"\xfc" * 32, f"{label}:2": bytes(32)}
    streams.append(
        _stream(
            "bg-dice-v1-next-blocks",
            "label:0 has one usable byte (11 gives 6), label:1 none, label:2 gives the second die (0 gives 1)",
            {"label": label},
            blocks,
            bg.labelled_roll(table_mac(blocks), 1, label, "you", "bot"),
        )
    )

    phrase, i = "p", 7
    blocks = {
        narde.message(phrase, i): FF * 31 + bytes([1]),
        narde.message(phrase, i, 1): b"\xfe" * 32,
        narde.message(phrase, i, 2): bytes([3]) + FF * 31,
    }
    streams.append(
        _stream(
            "narde-v1-next-blocks",
            "narde-v1|p|7 has one usable byte (1 gives 2), …|7|1 none, …|7|2 gives the second die (3 gives 4)",
            {"phrase": phrase, "i": i},
            blocks,
            narde.roll(table_mac(blocks), phrase, i),
        )
    )

    white, black, ply = "w", "b", 3
    base = three_dice.message(white, black, ply)
    binary_blocks = {
        (base + struct.pack(">i", 0)).hex(): FF * 30 + bytes([0, 5]),
        (base + struct.pack(">i", 1)).hex(): FF * 32,
        (base + struct.pack(">i", 2)).hex(): bytes([0xFC, 2]) + bytes(30),
    }
    streams.append(
        _stream(
            "three-dice-block-counter",
            "block 0 gives two dice (0 → 1, 5 → 6), block 1 none, block 2 the third (252 skipped, 2 → 3)",
            {"client_seeds": {"white": white, "black": black}, "ply": ply},
            binary_blocks,
            three_dice.roll(table_mac(binary_blocks, binary=True), white, black, ply),
        )
    )

    day, player = dt.date(2026, 1, 1), UUID("00000000-0000-4000-8000-000000000000")
    text = daily.message(day, player)
    first_block = bytes([0xFF, 0xFC, 0xFB, 0xFF, 0xFA, 0xF9, 0xFC, 0xFB]) + b"\xf0" * 24
    blocks = {text: first_block, f"{text}|1": b"\xf5" * 32, f"{text}|2": bytes([0xEF]) + bytes(31)}
    streams.append(
        _stream(
            "daily-per-die-limits-and-next-blocks",
            "each die's limit: d4 keeps 255, d6 skips 252 keeps 251, d8 keeps 255, d10 skips 250 keeps 249,"
            " d12 skips 252 keeps 251, d20 skips 240 and up into message|1 and |2 (239 → 20): 4 6 8 10 12 20",
            {"date": day.isoformat(), "player_id": str(player)},
            blocks,
            daily.roll(table_mac(blocks), day, player),
        )
    )
    return streams


def document() -> dict[str, Any]:
    """The whole test-vector document."""
    return {
        "about": (
            "fairdice test vectors: per scheme, a verify request and the seal, HMAC messages, HMACs and dice"
            " it gives; streams: hand-made MAC blocks for the branches real HMACs never reach."
            " HMAC is HMAC-SHA256; hex is lowercase; three-dice messages are bytes shown in hex."
        ),
        "format": FORMAT,
        "vectors": [_vector(name, shows, data) for name, shows, data in _requests()],
        "streams": _streams(),
    }


def render() -> str:
    """The document as the committed file holds it: UTF-8 JSON, two-space indent, final newline."""
    text = json.dumps(document(), indent=2, ensure_ascii=False)
    # Dice on one line (`[4, 6]`), as people read them; JSON all the same.
    return _INT_LIST.sub(lambda m: "[" + ", ".join(re.findall(r"\d+", m.group(1))) + "]", text) + "\n"


if __name__ == "__main__":
    sys.stdout.buffer.write(render().encode())
