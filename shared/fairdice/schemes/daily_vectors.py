"""daily's test vectors (seed 004), assembled by `fairdice.vectors`; not in the layer."""

import datetime as dt
from typing import Any
from uuid import UUID

from fairdice.schemes import daily
from fairdice.seal import seal_of
from fairdice.vectors import stand_in_bytes, stand_in_hex, stream, table_mac


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    return [
        (
            "daily-2026-10-28",
            "seed 004: six faces d4 d6 d8 d10 d12 d20 from HMAC(day secret, date|uuid)",
            {
                "scheme": "daily",
                "date": "2026-10-28",
                "player_id": str(UUID(bytes=stand_in_bytes("daily player one", 16), version=4)),
                "secret": stand_in_hex("daily 2026-10-28"),
                "commitment": seal_of(stand_in_bytes("daily 2026-10-28")),
            },
        ),
        (
            "daily-2025-01-01",
            "seed 004 on another day (over, as every vector's: its verdict is the one a day over gets) and player;"
            " the uuid is given without hyphens and in upper case",
            {
                "scheme": "daily",
                "date": "2025-01-01",
                "player_id": UUID(bytes=stand_in_bytes("daily player two", 16), version=4).hex.upper(),
                "secret": stand_in_hex("daily 2025-01-01"),
                "commitment": seal_of(stand_in_bytes("daily 2025-01-01")),
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """Each die's own limit, and the blocks after the first."""
    day, player = dt.date(2026, 1, 1), UUID("00000000-0000-4000-8000-000000000000")
    text = daily.message(day, player)
    first_block = bytes([0xFF, 0xFC, 0xFB, 0xFF, 0xFA, 0xF9, 0xFC, 0xFB]) + b"\xf0" * 24
    blocks = {text: first_block, f"{text}|1": b"\xf5" * 32, f"{text}|2": bytes([0xEF]) + bytes(31)}
    return [
        stream(
            "daily-per-die-limits-and-next-blocks",
            "each die's limit: d4 keeps 255, d6 skips 252 keeps 251, d8 keeps 255, d10 skips 250 keeps 249,"
            " d12 skips 252 keeps 251, d20 skips 240 and up into message|1 and |2 (239 → 20): 4 6 8 10 12 20",
            {"date": day.isoformat(), "player_id": str(player)},
            blocks,
            daily.roll(table_mac(blocks), day, player),
        )
    ]
