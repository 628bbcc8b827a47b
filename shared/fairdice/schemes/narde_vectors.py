"""narde-v1's test vectors (seed 002), assembled by `fairdice.vectors`; not in the layer."""

from typing import Any

from fairdice.schemes import narde
from fairdice.schemes.base import SEED_KEY
from fairdice.seal import seal_of
from fairdice.vectors import FF, stand_in_bytes, stand_in_hex, stream, table_mac


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    return [
        (
            "narde-v1-seed-example",
            "seed 002's test: phrase test gives 1-5, 4-6, 3-4 (HMACs c0a03654…, 1b6b74e5…, 32c986d4…)",
            {
                "scheme": "narde-v1",
                "key": SEED_KEY.hex(),
                "fingerprint": seal_of(SEED_KEY),
                "phrase": "test",
                "count": 3,
            },
        ),
        (
            "narde-v1-unicode-phrase-from-roll-58",
            "a phrase with spaces, a pipe and non-ASCII letters (hashed as UTF-8), rolls 58 to 60",
            {
                "scheme": "narde-v1",
                "key": stand_in_hex("narde-v1 unicode", 32),
                "fingerprint": seal_of(stand_in_bytes("narde-v1 unicode", 32)),
                "phrase": "Нарды | 長い夜 🎲",
                "first": 58,
                "count": 3,
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """A roll whose first blocks run short."""
    phrase, i = "p", 7
    blocks = {
        narde.message(phrase, i): FF * 31 + bytes([1]),
        narde.message(phrase, i, 1): b"\xfe" * 32,
        narde.message(phrase, i, 2): bytes([3]) + FF * 31,
    }
    return [
        stream(
            "narde-v1-next-blocks",
            "narde-v1|p|7 has one usable byte (1 gives 2), …|7|1 none, …|7|2 gives the second die (3 gives 4)",
            {"phrase": phrase, "i": i},
            blocks,
            narde.roll(table_mac(blocks), phrase, i),
        )
    ]
