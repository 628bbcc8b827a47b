"""`daily` (seed 004): six dice d4 … d20 from HMAC(day secret, `YYYY-MM-DD|uuid`)."""

from collections.abc import Sequence
from datetime import date
from itertools import chain
from itertools import count as counter
from operator import getitem
from uuid import UUID

from fairdice.dice import Mac, Roll, Rolls, faces_in, fill, first_bytes, macs, read_dice

SIDES = (4, 6, 8, 10, 12, 20)
_TABLES = [table for _, table in first_bytes(SIDES)]


def message(day: date, player_id: UUID | str) -> str:
    """`YYYY-MM-DD|<canonical lowercase hyphenated uuid>` (a str player id must be canonical)."""
    return f"{day.isoformat()}|{player_id}"


def roll(mac: Mac, day: date, player_id: UUID | str, first: bytes | None = None) -> Roll:
    """The day's six faces for one player, in the order d4, d6, d8, d10, d12, d20.

    `first` is block 0's MAC when it is already computed."""
    text = message(day, player_id)
    first = first or mac(text.encode())
    faces = tuple(map(getitem, _TABLES, first))  # each die from its byte: right when none is rejected
    if 0 in faces or len(faces) < len(SIDES):
        more = (mac(f"{text}|{block}".encode()) for block in counter(1))
        faces = faces_in(first, SIDES) or read_dice(chain((first,), more), SIDES)
    return Roll(1, text, faces)


def rolls(mac: Mac, day: date, player_ids: Sequence[UUID | str]) -> Rolls:
    """The day's faces for each player (numbered from 1), with the day's MAC keyed once."""
    if len(player_ids) == 1:  # one request's one roll: columns would cost more than they save
        return Rolls.of([roll(mac, day, player_ids[0])])
    prefix = f"{day.isoformat()}|"
    ids = list(map(str, player_ids))
    blocks = macs(mac, prefix.encode(), map(str.encode, ids))
    numbers = range(1, len(ids) + 1)
    messages = list(map(prefix.__add__, ids))
    # About one player in eight has a rejected byte among the first six: `fill` reads on in the block.
    return fill(numbers, messages, blocks, lambda at, block: roll(mac, day, ids[at], block), sides=SIDES)
