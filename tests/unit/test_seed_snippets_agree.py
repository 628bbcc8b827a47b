"""The package agrees with the seed documents' own code (001, 002, 003) and recipes (000, 004).

Each property runs the oracle in `tests/oracles` and the package on the same random inputs,
first with real HMACs, then with stand-in MACs that reject most bytes so that every later
block, `+` retry and per-die limit is taken many times over.
"""

from datetime import date
from unittest import mock
from uuid import UUID

from fairdice.dice import keyed_mac
from fairdice.schemes import daily, labelled, narde, pair36, parse_request, three_dice
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from testkit.oracles import seed_000, seed_001, seed_002, seed_003, seed_004
from testkit.oracles.fake_mac import StreamMac
from unit.strategies import client_seeds, free_text, one_bot_label

SETTINGS = settings(max_examples=100, deadline=None)
keys = st.binary(min_size=16, max_size=64)
online_labels = st.tuples(st.integers(1, 99), st.sampled_from(["opening", "roll"]), st.integers(0, 99)).map(
    lambda t: f"bg-online-v1:g{t[0]}:{t[1]}:{t[2]}"
)
# Stand-in MACs: keep bytes below `cut`, push the rest into the rejected range.
stream_macs = st.builds(StreamMac, salt=st.binary(min_size=1, max_size=8), cut=st.integers(1, 64))


@SETTINGS
@given(key=keys, labels=st.lists(one_bot_label | online_labels, min_size=1, max_size=8))
def test_bg_rolls_and_lock_agree_with_seed_001_snippet(key: bytes, labels: list[str]) -> None:
    lock, roll = seed_001.snippet(key.hex())
    mac = keyed_mac(key)
    assert seal_of(key) == lock
    for label in labels:
        assert list(labelled.dice_for(mac, label)) == roll(label)


@SETTINGS
@given(key=st.binary(min_size=32, max_size=32), count=st.integers(1, 30), opening=st.booleans())
def test_bg_dice_v1_game_through_verify_agrees_with_seed_001_snippet(key: bytes, count: int, opening: bool) -> None:
    _, roll = seed_001.snippet(key.hex())
    verdict = verify(parse_request({"scheme": "bg-dice-v1", "key": key.hex(), "opening": opening, "count": count}))
    for report in verdict.rolls:
        assert report["label"] is not None
        assert report["dice"] == roll(report["label"])


@SETTINGS
@given(stream=stream_macs, labels=st.lists(one_bot_label | online_labels, min_size=1, max_size=4))
def test_bg_later_blocks_agree_with_seed_001_snippet_on_byte_streams_that_run_short(
    stream: StreamMac, labels: list[str]
) -> None:
    _, roll = seed_001.snippet(bytes(16).hex())
    with mock.patch.object(seed_001, "hmac", stream):
        for label in labels:
            assert list(labelled.dice_for(stream, label)) == roll(label)


@SETTINGS
@given(key=keys, phrase=free_text, count=st.integers(1, 40))
def test_narde_rolls_and_fingerprint_agree_with_seed_002_snippet(key: bytes, phrase: str, count: int) -> None:
    fingerprint, expected = seed_002.snippet(key.hex(), phrase, count)
    verdict = verify(parse_request({"scheme": "narde-v1", "key": key.hex(), "phrase": phrase, "count": count}))
    assert verdict.seal.computed == fingerprint
    assert [r["dice"] for r in verdict.rolls] == expected
    assert [r["index"] for r in verdict.rolls] == list(range(count))


@SETTINGS
@given(stream=stream_macs, phrase=free_text, i=st.integers(0, 30))
def test_narde_agrees_with_seed_002_snippet_whenever_the_first_block_has_two_usable_bytes(
    stream: StreamMac, phrase: str, i: int
) -> None:
    assume(sum(b < 252 for b in stream(narde.message(phrase, i).encode())) >= 2)
    with mock.patch.object(seed_002, "hmac", stream):
        _, expected = seed_002.snippet(bytes(16).hex(), phrase, i + 1)
    assert list(narde.roll(stream, phrase, i).dice) == expected[i]


@SETTINGS
@given(
    key=keys,
    white=free_text | client_seeds,
    black=free_text | client_seeds,
    first=st.integers(0, 9_980),  # plies run to 9,999 in a game fairdice checks
    count=st.integers(1, 20),
)
def test_three_dice_agrees_with_seed_003_code(key: bytes, white: str, black: str, first: int, count: int) -> None:
    request = parse_request(
        {
            "scheme": "three-dice",
            "seed": key.hex(),
            "commit": seal_of(key),
            "client_seeds": {"white": white, "black": black},
            "first": first,
            "count": count,
        }
    )
    verdict = verify(request)
    assert seed_003.commit_matches(key.hex(), verdict.seal.computed or "")
    for report in verdict.rolls:
        assert report["dice"] == seed_003.roll(key.hex(), white, black, report["index"])


@SETTINGS
@given(stream=stream_macs, white=free_text, black=free_text, ply=st.integers(0, 2**62))
def test_three_dice_block_counter_agrees_with_seed_003_code_on_byte_streams_that_run_short(
    stream: StreamMac, white: str, black: str, ply: int
) -> None:
    with mock.patch.object(seed_003, "hmac", stream):
        expected = seed_003.roll(bytes(16).hex(), white, black, ply)
    assert list(three_dice.roll(stream, white, black, ply).dice) == expected


@SETTINGS
@given(
    key=keys,
    seats=st.lists(client_seeds, min_size=1, max_size=8),
    first=st.integers(1, 9_971),  # a match's roll numbers run to 10,000
    count=st.integers(1, 30),
)
def test_pair36_agrees_with_seed_000_recipe(key: bytes, seats: list[str], first: int, count: int) -> None:
    request = parse_request(
        {"scheme": "pair36", "server_seed": key.hex(), "client_seeds": seats, "first": first, "count": count}
    )
    verdict = verify(request)
    assert verdict.seal.computed == seed_000.seal(key)
    for report in verdict.rolls:
        dice, message = seed_000.roll(key, seats, report["index"])
        assert (report["dice"], report["message"]) == (list(dice), message)


@SETTINGS
@given(
    stream=st.builds(StreamMac, salt=st.binary(min_size=1, max_size=8), cut=st.integers(1, 4)),
    seats=st.lists(client_seeds, min_size=1, max_size=3),
    number=st.integers(1, 10**6),
)
def test_pair36_plus_retries_agree_with_seed_000_recipe_on_byte_streams_without_usable_bytes(
    stream: StreamMac, seats: list[str], number: int
) -> None:
    dice, message = seed_000.roll(b"", seats, number, lambda _key, m: stream(m))
    assert pair36.roll(stream, seats, number)[1:3] == (message, dice)


@SETTINGS
@given(secret=st.binary(min_size=32, max_size=32), day=st.dates(), player=st.uuids())
def test_daily_agrees_with_seed_004_recipe(secret: bytes, day: date, player: UUID) -> None:
    request = parse_request(
        {"scheme": "daily", "date": day.isoformat(), "player_id": player.hex.upper(), "secret": secret.hex()}
    )
    [report] = verify(request).rolls
    assert report["message"] == f"{day.isoformat()}|{player}"
    assert report["dice"] == seed_004.faces(secret, day.isoformat(), str(player))


@SETTINGS
@given(
    salt=st.binary(min_size=1, max_size=8),
    cut=st.integers(1, 64),
    from_=st.integers(236, 252),
    day=st.dates(),
    player=st.uuids(),
)
def test_daily_per_die_limits_and_later_blocks_agree_with_seed_004_recipe(
    salt: bytes, cut: int, from_: int, day: date, player: UUID
) -> None:
    # Bytes pushed into from_..255 are rejected by some dice and kept by others (d4 and d8 keep all);
    # byte 0 stays possible (cut >= 1), so every die is read sooner or later.
    stream = StreamMac(salt, cut, rejected_from=from_)
    expected = seed_004.faces(b"", day.isoformat(), str(player), lambda _key, m: stream(m))
    assert list(daily.roll(stream, day, player).dice) == expected
