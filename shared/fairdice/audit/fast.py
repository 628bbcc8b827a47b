"""The common line's fast path: a fair game written in its room's one plain form, audited without its request model.

An audit's lines are mostly fair games that one exporter wrote alike. For each, the full path (the line read as JSON,
the request validated by its pydantic model, `verify.check` with its `Summary` and `Checked`, the game key read
through them) took about as long beside the recompute as the recompute itself, in a dozen parts of 1 to 13 µs each
(BENCHMARKS.md section 7, stops 54 to 64). A room that has such a form says what it looks like and when its game is
fair (`Scheme.plain_members`, `Scheme.plain_fair`: narde-v1's room has one); this module knows only what a line adds:

- the line is one JSON object, nothing before or after it: `{`, the room's members, `}`;
- its id is one member more, first or last (a space or none after its colon and comma), 1 to MAX_ID characters that
  JSON writes as they are (`PLAIN_CHAR`), so that it is kept as JSON writes it, quotes and all.

A line is taken only where its bytes match that whole, and only where the room finds its game fair. What the worker
keeps of such a game (`FairLine`) is then what the full path keeps: its id as JSON, its scheme, its rolls (their count
and dice), and its parts for the game key. Any other line, and any game that is not fair, gives None: the full path
audits it, and says why it is not fair or could not be read. Nothing is kept from one line to the next.
"""

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, NamedTuple

from fairdice import schemes
from fairdice.audit.lines import MAX_ID
from fairdice.dice import Rolls
from fairdice.schemes.base import PLAIN_CHAR, GameParts, Scheme

_ID = rb'"id": ?(?P<%s>"%s{1,%d}")' % (b"%s", PLAIN_CHAR, MAX_ID)  # the id kept as JSON writes it, quotes and all


class FairLine(NamedTuple):
    """A fair game the fast path audited: what the worker counts and keeps of it."""

    id_json: bytes  # the game's id as `json.dumps` writes it
    scheme: str
    rolls: Rolls
    parts: GameParts


class PlainLine(NamedTuple):
    """A room's plain form as a whole line: the pattern of its members with the id first or last, and the room."""

    pattern: re.Pattern[bytes]
    room: Scheme[Any]


@cache
def _line_pattern(members: bytes) -> re.Pattern[bytes]:
    return re.compile(rb"\{(?:%s, ?)?%s(?:, ?%s)?\}" % (_ID % b"id_first", members, _ID % b"id_last"))


def plain_lines(rooms: Iterable[Scheme[Any]]) -> tuple[PlainLine, ...]:
    """The plain forms of those rooms that have one (`Scheme.plain_members`), as lines."""
    return tuple(
        PlainLine(_line_pattern(members), room) for room in rooms if (members := room.plain_members()) is not None
    )


def fair_line(item: bytes, plain: Sequence[PlainLine] | None = None) -> FairLine | None:
    """The fair game of a line as read (its bytes, without its line break), where the line is in a room's plain form
    (module docstring; `plain`: the rooms' forms, by default those of every scheme registered); None for any other
    line, which the full path audits."""
    for pattern, room in plain_lines(schemes.all_schemes()) if plain is None else plain:
        found = pattern.fullmatch(item)
        if found is None:
            continue  # another room's form, maybe: each names its own scheme
        id_first, id_last = found.group("id_first", "id_last")
        if (id_first is None) == (id_last is None):  # one id, neither or two: not taken
            return None
        fair = room.plain_fair(found)
        return None if fair is None else FairLine(id_first or id_last, room.id, fair.rolls, fair.parts)
    return None
