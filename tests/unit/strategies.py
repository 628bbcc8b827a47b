"""Hypothesis strategies for valid verify requests of every scheme, as the JSON a client sends; and the keys, stand-in
MACs and settings the schemes' own properties share."""

from typing import Any

from fairdice.request import RequestBase
from fairdice.schemes import parse_request
from hypothesis import settings
from hypothesis import strategies as st

from testkit.oracles.fake_mac import StreamMac

# Text the models accept for phrases and three-dice seeds: anything but control characters and surrogates.
TEXT_CHARS = st.characters(exclude_categories=("Cc", "Cs"))


def hex_of(min_bytes: int, max_bytes: int) -> st.SearchStrategy[str]:
    """Bytes as hex, in lower, upper or mixed case (hex is case-insensitive on input)."""
    return st.tuples(
        st.binary(min_size=min_bytes, max_size=max_bytes), st.sampled_from(["lower", "upper", "mixed"])
    ).map(lambda pair: _cased(pair[0].hex(), pair[1]))


def _cased(text: str, case: str) -> str:
    if case == "upper":
        return text.upper()
    if case == "mixed":
        return "".join(c.upper() if i % 2 else c for i, c in enumerate(text))
    return text


secrets = hex_of(16, 64)
keys32 = hex_of(32, 32)  # seeds 001 and 002: a bg-dice-v1 or narde-v1 key
seals = st.none() | hex_of(32, 32)
client_seeds = st.from_regex(r"[A-Za-z0-9_-]{1,128}", fullmatch=True)
free_text = st.text(TEXT_CHARS, min_size=1, max_size=40)
counts = st.integers(min_value=1, max_value=40)

SETTINGS = settings(max_examples=100, deadline=None)  # the schemes' own properties
keys = st.binary(min_size=16, max_size=64)
bg_narde_keys = st.binary(min_size=32, max_size=32)  # seeds 001 and 002: a bg-dice-v1 or narde-v1 key
# Stand-in MACs: keep bytes below `cut`, push the rest into the rejected range.
stream_macs = st.builds(StreamMac, salt=st.binary(min_size=1, max_size=8), cut=st.integers(1, 64))


def dice_lists(sides: tuple[int, ...], min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[list[list[int]]]:
    """Recorded rolls: lists of faces, each within its die."""
    roll = st.tuples(*(st.integers(1, n) for n in sides)).map(list)
    return st.lists(roll, min_size=min_size, max_size=max_size)


@st.composite
def _counted(draw: st.DrawFn, sides: tuple[int, ...] = (6, 6)) -> dict[str, Any]:
    """`count` and/or `recorded`: at least one of them, as every counted scheme requires."""
    count = draw(st.none() | counts)
    recorded = draw(dice_lists(sides, min_size=0 if count else 1) if count else dice_lists(sides, min_size=1))
    fields: dict[str, Any] = {}
    if count is not None:
        fields["count"] = count
    if recorded and (count is None or draw(st.booleans())):
        fields["recorded"] = recorded
    if "count" not in fields and "recorded" not in fields:
        fields["recorded"] = recorded
    return fields


def _optional(draw: st.DrawFn, fields: dict[str, Any], name: str, strategy: st.SearchStrategy[Any]) -> None:
    value = draw(st.none() | strategy)
    if value is not None:
        fields[name] = value


@st.composite
def pair36_requests(draw: st.DrawFn) -> dict[str, Any]:
    fields = {
        "scheme": "pair36",
        "server_seed": draw(secrets),
        "client_seeds": draw(st.lists(client_seeds, min_size=1, max_size=8)),
    }
    _optional(draw, fields, "seal", hex_of(32, 32))
    # A match's roll numbers run to 10,000, and counts here to 40.
    _optional(draw, fields, "first", st.integers(1, 9_960))
    return fields | draw(_counted())


one_bot_label = st.one_of(
    st.integers(0, 20).map(lambda k: f"bg-dice-v1:opening:{k}"),
    st.integers(1, 10_000).map(lambda t: f"bg-dice-v1:turn:{t}"),
    st.tuples(st.integers(1, 10_000), st.integers(1, 1_000)).map(lambda tl: f"bg-dice-v1:turn:{tl[0]}:line:{tl[1]}"),
)


def _turn(turn: int, line: int) -> str:
    return f"bg-dice-v1:turn:{turn}" + (f":line:{line}" if line else "")


@st.composite
def bot_labels(draw: st.DrawFn) -> list[str]:
    """A contiguous piece of a bot game's labels: turns on from anywhere, with take-backs to fresh lines.

    Opening roll-offs are left to the tests that know their key: what follows one depends on its dice.
    """
    if draw(st.integers(0, 9)) == 0:
        return ["bg-dice-v1:opening:0"]
    turn, line = draw(st.integers(1, 60)), draw(st.sampled_from([0, 0, 0, 1, 2]))
    labels = []
    for _ in range(draw(st.integers(1, 12))):
        labels.append(_turn(turn, line))
        if draw(st.integers(0, 7)) == 0:  # a take-back: a fresh line, at the turn taken back to
            line, turn = line + 1, draw(st.integers(1, turn + 1))
        else:
            turn += 1
    return labels


@st.composite
def bg_dice_requests(draw: st.DrawFn) -> dict[str, Any]:
    fields: dict[str, Any] = {"scheme": "bg-dice-v1", "key": draw(keys32)}
    _optional(draw, fields, "lock", hex_of(32, 32))
    if draw(st.booleans()):
        labels = draw(bot_labels())
        fields["labels"] = labels
        if draw(st.booleans()):
            fields["count"] = len(labels)
        _optional(draw, fields, "recorded", dice_lists((6, 6), min_size=1))
        return fields
    _optional(draw, fields, "opening", st.booleans())
    # After the opening the turns go on at 2; without it (a later game, or a window) from anywhere.
    turns = st.just(2) if fields.get("opening", True) else st.integers(1, 9_960)
    _optional(draw, fields, "first_turn", turns)
    _optional(draw, fields, "line", st.integers(0, 1_000))
    return fields | draw(_counted())


@st.composite
def bg_online_requests(draw: st.DrawFn) -> dict[str, Any]:
    app_number = st.text("0123456789abcdefABCDEF", min_size=1, max_size=128)
    fields: dict[str, Any] = {
        "scheme": "bg-online-v1",
        "server_number": draw(secrets),
        "app_numbers": draw(st.lists(app_number, min_size=2, max_size=2)),
    }
    _optional(draw, fields, "seal", hex_of(32, 32))
    _optional(draw, fields, "game", st.integers(1, 49))
    # Only game 1 has an opening roll.
    _optional(draw, fields, "opening", st.booleans() if fields.get("game", 1) == 1 else st.just(False))
    return fields | draw(_counted())


@st.composite
def narde_requests(draw: st.DrawFn) -> dict[str, Any]:
    fields: dict[str, Any] = {"scheme": "narde-v1", "key": draw(keys32), "phrase": draw(free_text)}
    _optional(draw, fields, "fingerprint", hex_of(32, 32))
    _optional(draw, fields, "first", st.integers(0, 9_950))
    return fields | draw(_counted())


@st.composite
def three_dice_requests(draw: st.DrawFn) -> dict[str, Any]:
    fields: dict[str, Any] = {"scheme": "three-dice"}
    _optional(draw, fields, "commit", hex_of(32, 32))
    seats = st.fixed_dictionaries({"white": free_text, "black": free_text})
    if draw(st.booleans()):
        # The reveal is withheld: seed and client seeds both null (or left out).
        if draw(st.booleans()):
            fields["seed"] = fields["client_seeds"] = None
        _optional(draw, fields, "count", counts)
        _optional(draw, fields, "recorded", dice_lists((6, 6, 6), min_size=1))
        return fields
    fields |= {"seed": draw(secrets), "client_seeds": draw(seats)}
    _optional(draw, fields, "first", st.integers(0, 9_950))
    return fields | draw(_counted((6, 6, 6)))


@st.composite
def daily_requests(draw: st.DrawFn) -> dict[str, Any]:
    player = draw(st.uuids())
    fields: dict[str, Any] = {
        "scheme": "daily",
        "date": draw(st.dates()).isoformat(),
        "player_id": draw(st.sampled_from([str(player), player.hex, str(player).upper()])),
    }
    _optional(draw, fields, "secret", hex_of(32, 32))
    _optional(draw, fields, "commitment", hex_of(32, 32))
    _optional(draw, fields, "recorded", dice_lists((4, 6, 8, 10, 12, 20), min_size=1, max_size=1))
    return fields


request_data = st.one_of(
    pair36_requests(),
    bg_dice_requests(),
    bg_online_requests(),
    narde_requests(),
    three_dice_requests(),
    daily_requests(),
)
requests: st.SearchStrategy[RequestBase] = request_data.map(parse_request)
