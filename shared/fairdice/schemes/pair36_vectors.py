"""pair36's test vectors (seed 000), assembled by `fairdice.vectors`; not shipped in the Lambda layer."""

from typing import Any

from fairdice.schemes import pair36
from fairdice.seal import seal_of
from fairdice.vectors import FF, stand_in_bytes, stand_in_hex, stream, table_mac


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    return [
        (
            "pair36-two-seats",
            "seed 000: a 32-byte server seed and two apps' 32-hex-character client seeds, rolls from 1",
            {
                "scheme": "pair36",
                "server_seed": stand_in_hex("pair36 two seats"),
                "seal": seal_of(stand_in_bytes("pair36 two seats")),
                "client_seeds": [stand_in_hex("pair36 seat 1", 16), stand_in_hex("pair36 seat 2", 16)],
                "count": 12,
            },
        ),
        (
            "pair36-offline-one-seat",
            "seed 000 offline: only your client seed; a 16-byte server seed, the shortest allowed",
            {"scheme": "pair36", "server_seed": stand_in_hex("pair36 offline", 16), "client_seeds": ["me"], "count": 6},
        ),
        (
            "pair36-four-seats-from-roll-50",
            "seed 000: four seats in seat order, a 64-byte server seed, rolls 50 to 54 of a match",
            {
                "scheme": "pair36",
                "server_seed": stand_in_hex("pair36 four seats", 64),
                "seal": seal_of(stand_in_bytes("pair36 four seats", 64)),
                "client_seeds": ["North", "east_2", "S-3", "w"],
                "first": 50,
                "count": 5,
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """The `+` retry, which a real HMAC never needs."""
    seeds, number = ["a", "b"], 1
    blocks = {"a:b:1": FF * 32, "a:b+:1": b"\xfc" * 32, "a:b++:1": b"\xfd" * 5 + bytes([35]) + bytes(26)}
    return [
        stream(
            "pair36-plus-retry",
            "no byte below 252 in a:b:1 nor in a:b+:1: the roll comes from a:b++:1 (byte 35 gives 6-6)",
            {"client_seeds": seeds, "number": number},
            blocks,
            pair36.roll(table_mac(blocks), seeds, number),
        )
    ]
