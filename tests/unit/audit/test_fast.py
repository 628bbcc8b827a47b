"""The common line's fast path (`audit.fast`): for every line it takes, the shard's partial is the full path's, byte for
byte; every other line, a game that is not fair among them, is audited by the full path."""

import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fairdice import schemes
from fairdice.audit.fast import fair_line, plain_lines
from fairdice.audit.lines import numbered_lines
from fairdice.audit.shard import FINDINGS, GAMES, IDS, ShardAudit, audit_shard, partial_key
from fairdice.audit.store import FolderResults
from fairdice.dice import keyed_mac
from fairdice.fields import MAX_PHRASE, MAX_ROLLS
from fairdice.schemes import narde
from hypothesis import example, given, settings
from hypothesis import strategies as st

from unit.audit import games

# Printable ASCII: a phrase or an id the fast path may take, but the quote and the backslash (JSON escapes them)
PLAIN = "".join(map(chr, range(0x20, 0x7F)))
FIELDS = ("scheme", "key", "fingerprint", "phrase", "recorded")


def fair_game(n: int, phrase: str, rolls: int, game_id: str) -> dict[str, Any]:
    """A fair narde-v1 game of `rolls` rolls recorded in the usual form, its fields in the model's order, id last."""
    secret = games.key(n)
    dice = narde.rolls(keyed_mac(bytes.fromhex(secret)), phrase, 0, rolls).dice
    recorded = " ".join(f"{a}-{b}" for a, b in dice)
    return {
        "scheme": "narde-v1",
        "key": secret,
        "fingerprint": games.seal(secret),
        "phrase": phrase,
        "recorded": recorded,
        "id": game_id,
    }


def written(game: dict[str, Any], id_first: bool = False, compact: bool = False) -> bytes:
    """A game as an exporter writes its line: `json.dumps`, the id first or last, with spaces or without."""
    ordered = {"id": game["id"], **game} if id_first else game
    return json.dumps(ordered, separators=(",", ":") if compact else None).encode()


def outputs(lines: list[bytes], *, fast_path: bool) -> tuple[Any, ...]:
    """A shard of `lines` audited: its partial, findings, ids and game keys as stored, and how many lines the fast path
    took."""
    with tempfile.TemporaryDirectory() as folder:
        store = FolderResults(Path(folder))
        data = io.BytesIO(b"\n".join(lines) + b"\n")
        counted: list[int] = []
        real = ShardAudit.line

        def line(self: ShardAudit, number: int, item: Any) -> None:
            real(self, number, item)
            counted[:] = [self.fast_lines]

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ShardAudit, "line", line)
            partial = audit_shard(numbered_lines(data, "day.jsonl"), "day.jsonl", store, "s", fast_path=fast_path)
        stored = [(Path(folder) / partial_key("s", part)).read_bytes() for part in (FINDINGS, IDS, GAMES)]
    return partial.model_dump_json(), *stored, counted[0] if counted else 0


def assert_alike(lines: list[bytes]) -> int:
    """The shard audited with the fast path gives what it gives without; how many lines the fast path took."""
    fast, full = outputs(lines, fast_path=True), outputs(lines, fast_path=False)
    assert fast[:-1] == full[:-1]
    assert full[-1] == 0
    return int(fast[-1])


# How a canonical line is changed into a near one: each gives the line's bytes from the game's fields
_FACES_OFF = {"1": "2", "2": "3", "3": "4", "4": "5", "5": "6", "6": "1"}


def _changed(game: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    return {**game, field: value}


def _rephrased(game: dict[str, Any], phrase: str) -> dict[str, Any]:
    """The same key's fair game under another phrase: its rolls recorded as the core computes them for it."""
    dice = narde.rolls(keyed_mac(bytes.fromhex(game["key"])), phrase, 0, len(game["recorded"].split())).dice
    return {**game, "phrase": phrase, "recorded": " ".join(f"{a}-{b}" for a, b in dice)}


NEAR = {
    "upper-case key": lambda g: written(_changed(g, "key", g["key"].upper())),
    "upper-case fingerprint": lambda g: written(_changed(g, "fingerprint", g["fingerprint"].upper())),
    "another key's fingerprint": lambda g: written(_changed(g, "fingerprint", games.seal(games.key(99)))),
    "no fingerprint": lambda g: written({k: v for k, v in g.items() if k != "fingerprint"}),
    "no id": lambda g: written({k: v for k, v in g.items() if k != "id"}),
    "no recorded": lambda g: written({k: v for k, v in g.items() if k != "recorded"}),
    "first roll's face off": lambda g: written(
        _changed(g, "recorded", _FACES_OFF[g["recorded"][0]] + g["recorded"][1:])
    ),
    "last roll's face off": lambda g: written(
        _changed(g, "recorded", g["recorded"][:-1] + _FACES_OFF[g["recorded"][-1]])
    ),
    "a roll more": lambda g: written(_changed(g, "recorded", g["recorded"] + " 1-1")),
    "a roll less": lambda g: written(_changed(g, "recorded", g["recorded"][:-4] or "1-1")),
    "rolls with two spaces": lambda g: written(_changed(g, "recorded", g["recorded"].replace(" ", "  ", 1))),
    "rolls with a space after them": lambda g: written(_changed(g, "recorded", g["recorded"] + " ")),
    "rolls as a list": lambda g: written(
        _changed(g, "recorded", [[int(r[0]), int(r[2])] for r in g["recorded"].split()])
    ),
    "rolls joined by x": lambda g: written(_changed(g, "recorded", g["recorded"].replace("-", "x"))),
    # The pattern takes recorded text of faces, dashes and spaces alone; only the comparison with the dice's own text
    # finds it in the usual form or not
    "a space in a dash's place": lambda g: written(_changed(g, "recorded", g["recorded"].replace("-", " ", 1))),
    "a dash in a space's place": lambda g: written(_changed(g, "recorded", g["recorded"].replace(" ", "-", 1))),
    "a dash in a face's place": lambda g: written(_changed(g, "recorded", "-" + g["recorded"][1:])),
    "a face in a dash's place": lambda g: written(_changed(g, "recorded", g["recorded"].replace("-", "1", 1))),
    "a first roll's dash and space swapped": lambda g: written(
        _changed(g, "recorded", g["recorded"][0] + " " + g["recorded"][2] + "-" + g["recorded"][4:])
    ),
    "a space before the rolls": lambda g: written(_changed(g, "recorded", " " + g["recorded"])),
    "rolls as faces and spaces": lambda g: written(_changed(g, "recorded", g["recorded"].replace("-", " "))),
    "rolls as faces and dashes": lambda g: written(_changed(g, "recorded", g["recorded"].replace(" ", "-"))),
    "rolls without their dashes": lambda g: written(_changed(g, "recorded", g["recorded"].replace("-", ""))),
    "a first of 0": lambda g: written({**g, "first": 0}),
    "a first of 1": lambda g: written({**g, "first": 1}),
    "a count": lambda g: written({**g, "count": len(g["recorded"].split())}),
    "a field it does not know": lambda g: written({**g, "note": "x"}),
    "the phrase twice": lambda g: written(g)[:-1] + b', "phrase": "other"}',
    "the id twice": lambda g: written(g)[:-1] + b', "id": "other"}',
    "an id first and last": lambda g: written(g, id_first=True)[:-1] + b', "id": "other"}',
    "fields in another order": lambda g: written({"phrase": g["phrase"], **g}),
    # Fair as JSON reads it (the phrase "A…"), and so not as its text; fair as its text (the phrase "\u0041…"), not as
    # JSON reads it: the id too, kept as JSON writes it
    "the phrase with a character escaped": lambda g: written(_rephrased(g, "A" + g["phrase"])).replace(
        b'"phrase": "A', b'"phrase": "\\u0041', 1
    ),
    "a phrase fair as its text, not as JSON reads it": lambda g: written(
        _rephrased(g, "\\u0041" + g["phrase"])
    ).replace(b"\\\\u0041", b"\\u0041", 1),
    "the id with a character escaped": lambda g: written(_changed(g, "id", "A")).replace(b'"A"', b'"\\u0041"'),
    "a non-ASCII phrase": lambda g: written(_rephrased(g, g["phrase"] + "é")),
    "a fullwidth digit in the key": lambda g: json.dumps(
        _changed(g, "key", "０" + g["key"][1:]), ensure_ascii=False
    ).encode(),
    "a Cyrillic a in the phrase": lambda g: json.dumps(_rephrased(g, "а" + g["phrase"]), ensure_ascii=False).encode(),
    "a tab in the phrase": lambda g: written(_rephrased(g, g["phrase"] + "\t")),
    "a quote in the phrase": lambda g: written(_rephrased(g, '"' + g["phrase"])),
    "a phrase of 256 characters, the most": lambda g: written(_rephrased(g, "p" * MAX_PHRASE)),
    "a phrase of 257 characters": lambda g: written(_rephrased(g, "p" * (MAX_PHRASE + 1))),
    "an id of 128 characters, the most": lambda g: written(_changed(g, "id", "i" * 128)),
    "a DEL in the id, which JSON writes escaped": lambda g: written(g).replace(b'"id": "', b'"id": "\x7f', 1),
    "an id of 129 characters": lambda g: written(_changed(g, "id", "i" * 129)),
    "an empty id": lambda g: written(_changed(g, "id", "")),
    "an id that is a number": lambda g: written(_changed(g, "id", 7)),
    "a space before the line": lambda g: b" " + written(g),
    "a carriage return after it": lambda g: written(g) + b"\r",
    "a tab between fields": lambda g: written(g).replace(b", ", b",\t", 1),
    "two spaces after a colon": lambda g: written(g).replace(b": ", b":  ", 1),
    "a byte order mark": lambda g: b"\xef\xbb\xbf" + written(g),
    "the scheme of another room": lambda g: written(_changed(g, "scheme", "pair36")),
    "the scheme in capitals": lambda g: written(_changed(g, "scheme", "NARDE-V1")),
    "a list, not an object": lambda g: b"[" + written(g) + b"]",
    "10,000 rolls, the most": lambda g: written(fair_game(2, g["phrase"], MAX_ROLLS, g["id"])),
    "10,001 rolls": lambda g: written(fair_game(2, g["phrase"], MAX_ROLLS + 1, g["id"])),
    # The pattern takes any text of faces, dashes and spaces up to 10,000 rolls' length: at that length, one that is no
    # roll at all; one byte over it, the longest game with a space after it
    "spaces alone, 10,000 rolls long": lambda g: written(_changed(g, "recorded", " " * (4 * MAX_ROLLS - 1))),
    "dashes alone, 10,000 rolls long": lambda g: written(_changed(g, "recorded", "-" * (4 * MAX_ROLLS - 1))),
    "10,000 rolls with a space after them": lambda g: written(
        _changed(long := fair_game(2, g["phrase"], MAX_ROLLS, g["id"]), "recorded", long["recorded"] + " ")
    ),
    "three spaces for rolls": lambda g: written(_changed(g, "recorded", "   ")),
    "a fingerprint in mixed case": lambda g: written(
        _changed(g, "fingerprint", g["fingerprint"][:32].upper() + g["fingerprint"][32:])
    ),
    "narde-v1's members under another room's scheme": lambda g: written(_changed(g, "scheme", "bg-dice-v1")),
    # Text the model keeps as it is, spaces and all: the dice are rolled with it untrimmed, by either path
    "a phrase of a space alone": lambda g: written(_rephrased(g, " ")),
    "a phrase with spaces at its ends": lambda g: written(_rephrased(g, " " + g["phrase"] + " ")),
    "an id of a space alone": lambda g: written(_changed(g, "id", " ")),
}
# The changes that write a line of 10,000 rolls' length or more: too slow to draw often
LONG = {
    "10,000 rolls, the most",
    "10,001 rolls",
    "spaces alone, 10,000 rolls long",
    "dashes alone, 10,000 rolls long",
    "10,000 rolls with a space after them",
}
# The changes after which the line is still a fair game in the canonical form: a shorter whole game, the longest one
STILL_FAIR = {
    "a roll less",
    "10,000 rolls, the most",
    "a phrase of 256 characters, the most",
    "an id of 128 characters, the most",
    "a phrase of a space alone",
    "a phrase with spaces at its ends",
    "an id of a space alone",
}


@st.composite
def canonical_games(draw: st.DrawFn) -> dict[str, Any]:
    # Lengths about the most the model takes drawn as often as short ones
    phrase_size = draw(st.one_of(st.integers(1, 8), st.integers(MAX_PHRASE - 1, MAX_PHRASE + 1)))
    id_size = draw(st.one_of(st.integers(1, 8), st.integers(127, 129)))
    phrase = draw(st.text(PLAIN, min_size=phrase_size, max_size=phrase_size))
    game_id = draw(st.text(PLAIN, min_size=id_size, max_size=id_size))
    return fair_game(draw(st.integers(0, 3)), phrase, draw(st.integers(1, 70)), game_id)


@st.composite
def lines(draw: st.DrawFn) -> bytes:
    """A canonical line, or one near it: a named change, or one byte changed, added or taken out anywhere."""
    game = draw(canonical_games())
    line = written(game, id_first=draw(st.booleans()), compact=draw(st.booleans()))
    how = draw(st.sampled_from(["as it is", "named", "byte changed", "byte added", "byte taken out"]))
    if how == "named":
        return NEAR[draw(st.sampled_from(sorted(set(NEAR) - LONG)))](game)  # type: ignore[no-any-return]
    at = draw(st.integers(0, len(line) - 1))
    byte = bytes([draw(st.sampled_from(b'"\\ ,:{}[]0aAfF16-\t\x7f\xc3'))])
    if how == "byte changed":
        return line[:at] + byte + line[at + 1 :]
    if how == "byte added":
        return line[:at] + byte + line[at:]
    if how == "byte taken out":
        return line[:at] + line[at + 1 :]
    return line


@st.composite
def repeated(draw: st.DrawFn) -> list[bytes]:
    """Two lines the shard's checks across lines meet: one game again under another id, or one id again on another
    game or the same one, each line in the canonical form (the fast path's) or with a count (the full path's)."""
    game = draw(canonical_games())
    again = draw(
        st.sampled_from([{"id": game["id"] + "2"}, {"id": game["id"]}, {**draw(canonical_games()), "id": game["id"]}])
    )

    def line(fields: dict[str, Any]) -> bytes:
        if draw(st.booleans()):
            return written(fields, id_first=draw(st.booleans()), compact=draw(st.booleans()))
        return written({**fields, "count": len(fields["recorded"].split())})

    return [line(game), line({**game, **again})]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.one_of(lines().map(lambda line: [line]), repeated()), min_size=1, max_size=4).map(
        lambda groups: [line for group in groups for line in group]
    )
)
@example([written(fair_game(0, "p", 3, "a"))])
def test_a_shard_audited_with_the_fast_path_is_byte_for_byte_the_one_audited_without(shard: list[bytes]) -> None:
    # Given canonical lines, lines one change away from canonical, and pairs of lines of one game or one id, either
    # path's; when the shard is audited with the fast path and without it, then its partial summary, findings, ids and
    # game keys are the same bytes
    assert_alike(shard)


@pytest.mark.parametrize("near", sorted(NEAR))
def test_each_line_near_the_canonical_form_is_audited_by_the_full_path_alike(near: str) -> None:
    # Given a fair canonical line and the same line changed one way (its game no longer fair, or its form not one the
    # fast path takes), beside two fair canonical lines of other games
    change = NEAR[near]
    shard = [written(fair_game(1, "table", 12, "a")), change(fair_game(2, "a phrase", 10, "b"))]
    shard.append(written(fair_game(3, "p!#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}~", 5, "c")))

    # Then the shard's outputs are the full path's, and the fast path took the two fair lines alone (and the changed
    # one where it is still a fair game in the canonical form, STILL_FAIR)
    assert assert_alike(shard) == (3 if near in STILL_FAIR else 2)


def test_a_canonical_fair_line_is_taken_by_the_fast_path_and_a_line_it_refuses_by_the_full_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given two fair canonical lines (id last with spaces, id first without), a fair game whose key is written in
    # capitals, and a canonical line whose last roll is off
    fair = fair_game(1, "table-1", 60, "game-1")
    shard = [
        written(fair),
        written(fair_game(2, "table-2", 60, "game-2"), id_first=True, compact=True),
        written(_changed(fair_game(3, "table-3", 60, "game-3"), "key", games.key(3).upper())),
        NEAR["last roll's face off"](fair_game(4, "table-4", 60, "game-4")),
    ]
    validated: list[str] = []
    real = schemes.parse_request

    def counting(data: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        validated.append(data["phrase"])
        return real(data, *args, **kwargs)

    monkeypatch.setattr(schemes, "parse_request", counting)
    audit = ShardAudit("day.jsonl", io.BytesIO())

    # When they are audited
    for number, line in enumerate(shard, 1):
        audit.line(number, line)

    # Then the fast path took the two fair canonical lines, and the full path validated the other two
    assert audit.fast_lines == 2
    assert validated == ["table-3", "table-4"]
    assert audit.counts["fair"] == 3
    assert audit.counts["mismatch"] == 1


def test_the_fast_path_takes_no_game_whose_seal_or_rolls_do_not_match() -> None:
    fair = fair_game(5, "table", 20, "g")
    assert fair_line(written(fair)) is not None
    for near in ("another key's fingerprint", "first roll's face off", "last roll's face off", "a roll more"):
        assert fair_line(NEAR[near](fair)) is None, near


def test_the_fast_path_keys_a_game_as_the_full_path_does() -> None:
    # The games.txt line of a fair game: the same key whichever path checked it, so the merge meets a repeat of it
    game = fair_game(6, "table", 30, "g")
    line = written(game)
    taken = fair_line(line)
    assert taken is not None
    assert taken.id_json == json.dumps("g").encode()
    assert taken.parts == schemes.get("narde-v1").game_parts(
        schemes.parse_request({k: v for k, v in game.items() if k != "id"}), taken.rolls, bytes.fromhex(game["key"])
    )


def test_the_fast_path_keys_a_game_by_the_rooms_dice_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # Given the room's dice key changed (as a room deriving its HMAC key from the secret would give it)
    room = schemes.get("narde-v1")
    monkeypatch.setattr(type(room), "dice_key", lambda self, request, secret: b"derived:" + secret)
    game = fair_game(7, "table", 10, "g")

    # When a fair canonical line is taken by the fast path
    taken = fair_line(written(game))

    # Then its game is keyed by that rule, as the full path keys it by `dice_key`: one rule, not a copy of it
    assert taken is not None
    assert taken.parts.sealed == b"derived:" + bytes.fromhex(game["key"])


def test_the_fast_path_asks_only_the_rooms_that_say_their_plain_form() -> None:
    # Given every scheme registered: narde-v1's room says its plain form (`Scheme.plain_members`), the others do not
    # Then the fast path asks narde-v1's room alone, and every other scheme's lines take the full path
    assert [form.room.id for form in plain_lines(schemes.all_schemes())] == ["narde-v1"]
