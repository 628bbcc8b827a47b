"""bg-dice-v1's test vectors (seed 001, against a bot), assembled by `fairdice.vectors`; not in the layer."""

from typing import Any

from fairdice.dice import Mac, keyed_mac
from fairdice.schemes import labelled
from fairdice.schemes.base import SEED_KEY
from fairdice.schemes.bg_dice import BOT, SEATS
from fairdice.seal import seal_of
from fairdice.vectors import FF, first_key, stand_in_hex, stream, table_mac


def ties(mac: Mac, prefix: str, times: int) -> bool:
    """Whether the first `times` opening rolls under `prefix` all tie."""
    return all(len(set(labelled.dice_for(mac, f"{prefix}:opening:{k}"))) == 1 for k in range(times))


def requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, what it shows, verify request) for every vector."""
    bot_tie_key = first_key("bg-dice-v1 two ties", lambda key: ties(keyed_mac(key), BOT, 2))
    seed_lock = seal_of(SEED_KEY)
    return [
        (
            "bg-dice-v1-seed-example",
            "seed 001's test: key 00 01 … 1f, lock 630dcd29…, opening 4-6 (the bot's 6 wins), turn 2 is 1-3",
            {"scheme": "bg-dice-v1", "key": SEED_KEY.hex(), "lock": seed_lock, "count": 4},
        ),
        (
            "bg-dice-v1-seed-example-labels",
            "seed 001's test as the first game it is, by explicit labels: opening:0 4-6 (the bot's 6 wins, it plays it"
            " as turn 1), then turn:2 1-3 and turn:3",
            {
                "scheme": "bg-dice-v1",
                "key": SEED_KEY.hex(),
                "lock": seed_lock,
                "labels": ["bg-dice-v1:opening:0", "bg-dice-v1:turn:2", "bg-dice-v1:turn:3"],
            },
        ),
        (
            "bg-dice-v1-seed-example-later-game",
            "seed 001's test key as a later game of a match, which has no opening roll: turn:1 5-4 (the roll turn 1"
            " 'would be'), turn:2 1-3",
            {
                "scheme": "bg-dice-v1",
                "key": SEED_KEY.hex(),
                "lock": seed_lock,
                "labels": ["bg-dice-v1:turn:1", "bg-dice-v1:turn:2"],
            },
        ),
        (
            "bg-dice-v1-opening-ties",
            "an opening roll tied twice: opening:0 and :1 tie, :2 decides, then turn:2",
            {"scheme": "bg-dice-v1", "key": bot_tie_key.hex(), "lock": seal_of(bot_tie_key), "count": 5},
        ),
        (
            "bg-dice-v1-ends-at-a-tie",
            "the same key's rolls up to opening:1, a tie: the opening is rolled again after it, so the game goes on"
            " past them, unfinished, at most incomplete",
            {"scheme": "bg-dice-v1", "key": bot_tie_key.hex(), "lock": seal_of(bot_tie_key), "count": 2},
        ),
        (
            "bg-dice-v1-later-game-of-a-match",
            "a later game of a match: no opening roll, starts at turn:1",
            {"scheme": "bg-dice-v1", "key": stand_in_hex("bg-dice-v1 match game 2"), "opening": False, "count": 4},
        ),
        (
            "bg-dice-v1-take-back-line",
            "a Practice game after one take-back: turn:7:line:1 onwards",
            {
                "scheme": "bg-dice-v1",
                "key": stand_in_hex("bg-dice-v1 practice"),
                "opening": False,
                "first_turn": 7,
                "line": 1,
                "count": 3,
            },
        ),
    ]


def streams() -> list[dict[str, Any]]:
    """A label whose first blocks run short."""
    label = "bg-dice-v1:turn:2"
    blocks = {f"{label}:0": FF * 31 + bytes([11]), f"{label}:1": b"\xfc" * 32, f"{label}:2": bytes(32)}
    return [
        stream(
            "bg-dice-v1-next-blocks",
            "label:0 has one usable byte (11 gives 6), label:1 none, label:2 gives the second die (0 gives 1)",
            {"label": label},
            blocks,
            labelled.labelled_roll(table_mac(blocks), 1, label, *SEATS),
        )
    ]
