"""`daily` (seed 004): six dice d4 … d20 from HMAC(day secret, `YYYY-MM-DD|uuid`)."""

from datetime import date
from itertools import count as counter
from uuid import UUID

from fairdice.dice import Mac, Roll, read_dice

SIDES = (4, 6, 8, 10, 12, 20)


def message(day: date, player_id: UUID | str) -> str:
    """`YYYY-MM-DD|<canonical lowercase hyphenated uuid>` (a str player id must be canonical)."""
    return f"{day.isoformat()}|{player_id}"


def roll(mac: Mac, day: date, player_id: UUID | str) -> Roll:
    """The day's six faces for one player, in the order d4, d6, d8, d10, d12, d20."""
    text = message(day, player_id)
    blocks = (mac((f"{text}|{block}" if block else text).encode()) for block in counter())
    return Roll(1, text, read_dice(blocks, SIDES))
