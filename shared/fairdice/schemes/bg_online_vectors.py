"""bg-online-v1's test vectors (seed 001, online), assembled by `fairdice.vectors`; not in the layer."""

from typing import Any

from fairdice.dice import Mac, keyed_mac
from fairdice.schemes.bg_dice_vectors import ties
from fairdice.schemes.bg_online import ONLINE, key_message, online_key
from fairdice.seal import seal_of
from fairdice.vectors import first_key, stand_in_bytes, stand_in_hex


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    apps = [stand_in_hex("bg-online-v1 app one", 16).upper(), stand_in_hex("bg-online-v1 app two", 16)]
    online_tie_server = first_key(
        "bg-online-v1 tie", lambda server: ties(keyed_mac(online_key(server, apps)), f"{ONLINE}:g1", 1)
    )
    return [
        (
            "bg-online-v1-game-1",
            "online: key from the server's number and both apps' numbers (given in upper case, hashed lowercase)",
            {
                "scheme": "bg-online-v1",
                "server_number": stand_in_hex("bg-online-v1 server"),
                "seal": seal_of(stand_in_bytes("bg-online-v1 server")),
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
            "bg-online-v1-ends-at-a-tie",
            "the same match's game 1 up to g1:opening:0, a tie: the opening is rolled again after it, so the game goes"
            " on past it, unfinished, at most incomplete",
            {
                "scheme": "bg-online-v1",
                "server_number": online_tie_server.hex(),
                "seal": seal_of(online_tie_server),
                "app_numbers": apps,
                "count": 1,
            },
        ),
        (
            "bg-online-v1-game-2",
            "online game 2 of a match: no opening roll, g2:roll:1 onwards",
            {
                "scheme": "bg-online-v1",
                "server_number": stand_in_hex("bg-online-v1 server"),
                "app_numbers": apps,
                "game": 2,
                "count": 4,
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """None: its rolls are read exactly as bg-dice-v1's."""
    return []


def mac_for(data: dict[str, Any], secret: bytes) -> tuple[dict[str, Any], Mac]:
    """The derived key, its message, and the MAC the rolls are computed with."""
    key = online_key(secret, data["app_numbers"])
    return {"key_message": key_message(data["app_numbers"]), "key": key.hex()}, keyed_mac(key)
