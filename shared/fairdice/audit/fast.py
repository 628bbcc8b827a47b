"""The common line's fast path: a fair narde-v1 game written in one plain form, audited without its request model.

An audit's lines are mostly fair games that one exporter wrote alike. For each, the full path (the line read as JSON,
the request validated by its pydantic model, `verify.check` with its `Summary` and `Checked`, the game key read
through them) took about as long beside the recompute as the recompute itself, in a dozen parts of 1 to 13 µs each
(BENCHMARKS.md section 7, stops 54 to 64). Here a line is taken only where its bytes are one JSON object in the form
`CANONICAL` matches, in which each field is a value the model takes as it is, so that reading and validating it would
change nothing and refuse nothing:

- the fields scheme, key, fingerprint, phrase, recorded, in that order, with id first or last (a space or none after
  each colon and comma, none anywhere else); the scheme the narde room's id (`narde.SCHEME.id`);
- key and fingerprint 64 lower-case hex digits;
- phrase and id printable ASCII without a quote or a backslash (JSON then writes them as they are, with no escape),
  of 1 to 256 and 1 to 128 characters;
- recorded in the usual form of two six-sided dice, `6-3 4-4 …`, of at most MAX_ROLLS rolls.

And only where its game is fair: the fingerprint is the key's SHA-256 (`seal_of`, `seal_matches`) and every recorded
roll is the one recomputed, by the room's own roll function (`narde.rolls`, which the full path calls too), the game
starting at roll 0 (no `first`). What the worker keeps of such a game (`FairLine`) is then what the full path keeps:
its id as JSON, its scheme, its rolls (their count and dice), and its parts for the game key (the room's own
`Narde.phrase_parts`). Any other line, and any game that is not fair, gives None: the full path audits it, and says why
it is not fair or could not be read. Nothing is kept from one line to the next.
"""

import binascii
import re
from typing import NamedTuple

from fairdice.audit.lines import MAX_ID
from fairdice.dice import Rolls, keyed_mac
from fairdice.fields import MAX_PHRASE, MAX_ROLLS
from fairdice.schemes import narde
from fairdice.schemes.base import GameParts
from fairdice.seal import seal_matches, seal_of

_TEXT = rb"[ !#-\[\]-~]"  # printable ASCII but the quote and the backslash: a JSON string's character as it is
_ID = rb'"id": ?(?P<%s>"%s{1,%d}")' % (b"%s", _TEXT, MAX_ID)  # the id kept as JSON writes it, quotes and all
_HEX = rb"[0-9a-f]{64}"  # as `fields._hex` gives a key or a seal back, unchanged
CANONICAL = re.compile(
    rb"\{(?:%s, ?)?" % (_ID % b"id_first")
    + rb'"scheme": ?"%s", ?' % re.escape(narde.SCHEME.id.encode())  # the room's id, looked up as the core does
    + rb'"key": ?"(?P<key>%s)", ?"fingerprint": ?"(?P<seal>%s)", ?' % (_HEX, _HEX)
    + rb'"phrase": ?"(?P<phrase>%s{1,%d})", ?' % (_TEXT, MAX_PHRASE)
    + rb'"recorded": ?"(?P<recorded>(?:[1-6]-[1-6] )*[1-6]-[1-6])"'  # `recorded._usual_form` for two six-sided dice
    + rb"(?:, ?%s)?\}" % (_ID % b"id_last")
)
_ROLL_CHARS = 4  # "6-3 ": a roll and the space after it
_MOST_CHARS = _ROLL_CHARS * MAX_ROLLS - 1
_FACE = bytes((b - ord("0")) % 256 for b in range(256))  # a digit's byte to its value


class FairLine(NamedTuple):
    """A fair game the fast path audited: what the worker counts and keeps of it."""

    id_json: bytes  # the game's id as `json.dumps` writes it
    scheme: str
    rolls: Rolls
    parts: GameParts


def fair_line(item: bytes) -> FairLine | None:
    """The fair narde-v1 game of a line as read (its bytes, without its line break), where the line is in the form the
    fast path takes (module docstring); None for any other line, which the full path audits."""
    found = CANONICAL.fullmatch(item)
    if found is None:
        return None
    id_first, id_last, recorded = found["id_first"], found["id_last"], found["recorded"]
    if (id_first is None) == (id_last is None) or len(recorded) > _MOST_CHARS:  # one id, neither or two: not taken
        return None
    secret = binascii.a2b_hex(found["key"])
    if not seal_matches(found["seal"].decode(), seal_of(secret)):
        return None
    phrase = found["phrase"].decode()
    rolls = narde.rolls(keyed_mac(secret), phrase, 0, (len(recorded) + 1) // _ROLL_CHARS)
    first, second = rolls.faces
    if recorded[0::_ROLL_CHARS].translate(_FACE) != first or recorded[2::_ROLL_CHARS].translate(_FACE) != second:
        return None
    game_id = id_first if id_last is None else id_last
    return FairLine(game_id, narde.SCHEME.id, rolls, narde.SCHEME.phrase_parts(phrase, rolls, secret))
