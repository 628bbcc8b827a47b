"""three-dice's test vectors (seed 003), assembled by `fairdice.vectors`; not in the layer."""

import struct
from typing import Any

from fairdice.schemes import three_dice
from fairdice.seal import seal_of
from fairdice.vectors import FF, stand_in_bytes, stand_in_hex, stream, table_mac

# Its HMAC messages are bytes: the vectors show them, and key the stand-in blocks, in hex.
BINARY_MESSAGES = True


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    return [
        (
            "three-dice-ascii-seeds",
            "seed 003: the length-prefixed message, three dice per ply from ply 0",
            {
                "scheme": "three-dice",
                "seed": stand_in_hex("three-dice ascii"),
                "commit": seal_of(stand_in_bytes("three-dice ascii")),
                "client_seeds": {"white": "w-4f1c9a", "black": "player-b"},
                "count": 6,
            },
        ),
        (
            "three-dice-unicode-seeds",
            "client seeds are UTF-8: lengths count bytes, not characters",
            {
                "scheme": "three-dice",
                "seed": stand_in_hex("three-dice unicode"),
                "commit": seal_of(stand_in_bytes("three-dice unicode")),
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
                "commit": seal_of(stand_in_bytes("three-dice mirror")),
                "client_seeds": None,
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """The block counter, which a real HMAC never needs."""
    white, black, ply = "w", "b", 3
    base = three_dice.message(white, black, ply)
    blocks = {
        (base + struct.pack(">i", 0)).hex(): FF * 30 + bytes([0, 5]),
        (base + struct.pack(">i", 1)).hex(): FF * 32,
        (base + struct.pack(">i", 2)).hex(): bytes([0xFC, 2]) + bytes(30),
    }
    return [
        stream(
            "three-dice-block-counter",
            "block 0 gives two dice (0 → 1, 5 → 6), block 1 none, block 2 the third (252 skipped, 2 → 3)",
            {"client_seeds": {"white": white, "black": black}, "ply": ply},
            blocks,
            three_dice.roll(table_mac(blocks, binary=True), white, black, ply),
        )
    ]
