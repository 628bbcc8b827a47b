"""`three-dice` (seed 003): a length-prefixed binary message, three dice per ply.

message(n) = uint32be(len white) white uint32be(len black) black int64be(n), lengths in UTF-8
bytes; each block is HMAC(seed, message ++ int32be(block)). A ladder mirror pair's game reveals
nothing until both games have ended: its verdict is `withheld`, not an error.
"""

import datetime as dt
import struct
from collections.abc import Iterator
from itertools import count as counter
from itertools import repeat
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AliasChoices, AliasPath, BaseModel, ConfigDict, Field, JsonValue, model_validator

from fairdice.dice import D6_TRIPLE, Mac, Roll, Rolls, fill, keyed_mac, leading_dice, macs, read_on
from fairdice.errors import InvalidInput
from fairdice.fields import MAX_ROLLS, WHOLE_NUMBER, Seal, SeatSeed, Secret, field_error
from fairdice.request import NumberedRequest
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    SEAT_ORDER,
    SPACES_AT_ENDS,
    Case,
    DaySecrets,
    Example,
    Hypothesis,
    LinkParam,
    Numbering,
    Revealed,
    Scheme,
    Withheld,
    Words,
    computed_span,
    or_placeholder,
    py,
    spaces_words,
    trimmed,
)
from fairdice.verdict import GameInput, Verdict

_BLOCK_0 = struct.pack(">i", 0)
_PLY_BLOCK_0 = struct.Struct(">qi")  # a ply's tail: int64be(ply) ++ int32be(block 0)


class SeatSeeds(BaseModel):
    """three-dice's revealed client seeds, one per colour."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    white: SeatSeed
    black: SeatSeed


# Seed 003's GameEnded event, `{"GameEnded": {"over": …, "seed": …, "clientSeeds": {"white", "black"}}}`.
GAME_ENDED = "GameEnded"
_EVENT_FIELDS = ("over", "seed", "clientSeeds")


class ThreeDiceRequest(NumberedRequest):
    """Seed 003: revealed seed and client seeds, or both null when the reveal is withheld; seed 003's own JSON is
    read as it is too: clientSeeds (GET /games/{id}) for client_seeds, and a GameEnded event whole."""

    SIDES: ClassVar[tuple[int, ...]] = (6, 6, 6)
    REVEALED_FIELD: ClassVar[str] = "seed"
    SEAL_FIELD: ClassVar[str] = "commit"

    scheme: Literal["three-dice"]
    seed: Secret | None = Field(
        default=None,
        validation_alias=AliasChoices("seed", AliasPath(GAME_ENDED, "seed")),
        description="the revealed server seed; null while a mirror pair's reveal is withheld",
    )
    commit: Seal | None = None
    client_seeds: SeatSeeds | None = Field(
        default=None,
        validation_alias=AliasChoices("client_seeds", "clientSeeds", AliasPath(GAME_ENDED, "clientSeeds")),
        description="white's and black's client seeds (seed 003's clientSeeds, read under that name too)",
    )
    first: Annotated[
        int, Field(ge=0, le=MAX_ROLLS - 1, description="the first ply; a game starts at ply 0"), WHOLE_NUMBER
    ] = 0

    @model_validator(mode="before")
    @classmethod
    def _seed_003_names(cls, data: Any) -> Any:
        # The seeds are looked for where the request put them, and named as it named them: a transcript's problems
        # are reported in the document's words.
        if not isinstance(data, dict):
            return data
        if "client_seeds" in data and "clientSeeds" in data:
            raise field_error("clientSeeds", "is seed 003's name for client_seeds: give one of them")
        if not _NAMES.issuperset(data):
            # A name three-dice does not take (another scheme's request sent as three-dice's, say) is said first, with
            # the one it most likely meant: the seeds' pairing, said alone, hid it (support review: pair36's request
            # was "seed: the revealed seed is needed with the client seeds", no word of server_seed or seal)
            event = data.get(GAME_ENDED)
            if GAME_ENDED in data and not (isinstance(event, dict) and event.keys() & {"seed", "clientSeeds"}):
                # An event none of whose values is read would be said to be "not a field of scheme three-dice", which
                # GameEnded is: the names it does not take are said alone, as verifier.js says them (review)
                return {name: value for name, value in data.items() if name != GAME_ENDED}
            return data
        if GAME_ENDED in data:
            seed, seeds = _game_ended(data)
        else:
            seeds_name = "clientSeeds" if "clientSeeds" in data else "client_seeds"
            seed, seeds = ("seed", data.get("seed")), (seeds_name, data.get(seeds_name))
        # GameEnded shows seed and clientSeeds both null for a mirror pair's game, and both revealed otherwise; one
        # without the other is a transcript cut short, not a withheld reveal.
        if seed[1] is not None and seeds[1] is None:
            raise field_error(seeds[0], "white's and black's client seeds are needed with a revealed seed")
        if seed[1] is None and seeds[1] is not None:
            raise field_error(
                seed[0],
                "the revealed seed is needed with the client seeds; only a mirror pair's game not revealed yet shows"
                " seed and client seeds both null",
            )
        return data

    @property
    def withheld(self) -> bool:
        """A mirror pair's game not revealed yet: seed and client seeds both null (seed 003)."""
        return self.seed is None and self.client_seeds is None


# The names a three-dice request takes, seed 003's own among them: made once, not for each game an audit reads
_NAMES = frozenset(ThreeDiceRequest.model_fields) | {"clientSeeds", GAME_ENDED}


def _game_ended(data: dict[str, Any]) -> tuple[tuple[str, object], tuple[str, object]]:
    """The seed and the client seeds of a GameEnded event given whole, each with its name in the event."""
    event = data[GAME_ENDED]
    # Its values as words, not "…": a page writes that as its code point (review)
    shape = (
        'seed 003\'s GameEnded event, {"over": {"result": {...}, "termination": "..."}, "seed": "<hex>", "clientSeeds":'
        ' {"white": "<text>", "black": "<text>"}}'
    )
    if not isinstance(event, dict):
        raise field_error(GAME_ENDED, f"must be {shape}")
    for name in event:
        if name not in _EVENT_FIELDS:
            raise field_error(f"{GAME_ENDED}.{str(name)[:40]}", f"is not in {shape}")
    for name in ("seed", "clientSeeds"):
        if name not in event:
            raise field_error(f"{GAME_ENDED}.{name}", f"is required: {shape}; both null while the reveal is withheld")
    for name in ("seed", "client_seeds", "clientSeeds"):
        if name in data:
            raise field_error(name, f"is given beside {GAME_ENDED}, which carries it already: give it once")
    return (f"{GAME_ENDED}.seed", event["seed"]), (f"{GAME_ENDED}.clientSeeds", event["clientSeeds"])


def message(white: str, black: str, ply: int) -> bytes:
    """uint32be(len) ++ white ++ uint32be(len) ++ black ++ int64be(ply), lengths in UTF-8 bytes."""
    w, b = white.encode("utf-8"), black.encode("utf-8")
    return struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)


def roll(mac: Mac, white: str, black: str, ply: int, first: bytes | None = None) -> Roll:
    """The three dice of ply `ply`; the reported message is block 0's bytes in hex.

    `first` is block 0's MAC when it is already computed."""
    base = message(white, black, ply)
    start = base + _BLOCK_0
    first = first or mac(start)
    dice = leading_dice(first, 3) or read_on(first, (mac(base + struct.pack(">i", b)) for b in counter(1)), 3)
    return Roll(ply, start.hex(), dice)


def rolls(mac: Mac, white: str, black: str, first: int, count: int) -> Rolls:
    """Plies `first`, `first + 1`, … (`count` of them)."""
    plies = range(first, first + count)
    seats = message(white, black, 0)[:-8]  # the length-prefixed seeds, the same for every ply
    tails = list(map(_PLY_BLOCK_0.pack, plies, repeat(0)))
    blocks = macs(mac, seats, tails)
    messages = list(map(seats.hex().__add__, map(bytes.hex, tails)))

    def by_rule(at: int, block: bytes) -> Roll:
        return roll(mac, white, black, plies[at], block)

    return fill(plies, messages, blocks, by_rule, sides=D6_TRIPLE)


class ThreeDice(Scheme[ThreeDiceRequest]):
    """Seed 003's scheme."""

    request = ThreeDiceRequest
    words = Words("seed", "commit", "ply", "plies")
    tried = ("numbering", SEAT_ORDER, SPACES_AT_ENDS, DICE_ORDER)
    link = (
        LinkParam("seed", "seed"),
        LinkParam("commit", "commit"),
        LinkParam("white", "client_seeds.white"),
        LinkParam("black", "client_seeds.black"),
        LinkParam("first", "first", "int"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("three_dice.js",)
    numbering = Numbering("ply", "the ply counts from 0 in the order the rolls came")
    # Seed 003's ladder mirror pair: "two games that share one seed and client-seed pair with the colours swapped",
    # the players', so that the second replays "the identical dice sequence" (common random numbers): its game's
    # seed, client seeds (as white's and black's) and dice are the first's, under a game id of its own. A seed filed
    # with its client seeds the other way round rolls other dice: another game's inputs (review).
    games_alike = 2
    game = (
        "The ply counts from 0 in the order the rolls came: a whole game starts at ply 0. Plies from a later one"
        f" (first > 0) are a window of it: at most incomplete. Plies run to {MAX_ROLLS - 1:,}. Seed and client seeds"
        " both null: a mirror pair's game not revealed yet (withheld)."
    )
    title = "Provably-Fair Dice: three dice a ply"
    example = Example(
        "a game of 4 rolls, with its commitment: fair",
        {
            "seed": EXAMPLE_KEY,
            "commit": EXAMPLE_SEAL,
            "client_seeds": {"white": "white-seed", "black": "black-seed"},
            "recorded": [[2, 4, 3], [3, 1, 5], [5, 5, 3], [4, 3, 3]],
        },
    )

    def revealed(
        self, request: ThreeDiceRequest, day_secrets: DaySecrets | None, today: dt.date | None
    ) -> Revealed | Withheld:
        """A mirror pair's game reveals nothing until both its games have ended."""
        if request.withheld:
            # Said as what was given, not as what the server did: a link or form left empty holds no seeds either
            # (review: an empty three-dice link was answered "the server withholds this game's seeds")
            return Withheld(
                "no seed and no client seeds were given: seed 003's server shows both null while it withholds a mirror"
                " pair's game, until both its games have ended; check again then, with the seed and client seeds the"
                " game shows (its GET /games/{id} gives them)"
            )
        return super().revealed(request, day_secrets, today)

    def rolls(self, request: ThreeDiceRequest, secret: bytes) -> Rolls:
        seeds = request.client_seeds
        if seeds is None:
            raise InvalidInput("the seats' client seeds are needed to recompute the rolls", field="client_seeds")
        return rolls(keyed_mac(secret), seeds.white, seeds.black, request.first, request.roll_count)

    def identity(self, request: ThreeDiceRequest) -> list[GameInput]:
        seats = request.client_seeds
        if seats is None:
            return []
        return [
            GameInput(
                field="client_seeds.white", value=seats.white, description="white's client seed, as the game showed it"
            ),
            GameInput(
                field="client_seeds.black", value=seats.black, description="black's client seed, as the game showed it"
            ),
        ]

    def hypotheses(self, case: Case[ThreeDiceRequest]) -> Iterator[Hypothesis]:
        """White and black the other way round, and a client seed without a space copied at its start or end."""
        seats = case.request.client_seeds
        if seats is not None and seats.white != seats.black:
            yield Hypothesis(
                "seat_order",
                "the client seeds fit with white and black the other way round: white's seed comes first",
                {"client_seeds": {"white": seats.black, "black": seats.white}},
            )
        if seats is not None:
            given = {"white": seats.white, "black": seats.black}
            mended = {seat: trimmed(value) for seat, value in given.items()}
            for seat, value in given.items():
                if (text := mended[seat]) is not None:
                    change: dict[str, JsonValue] = {**given, seat: text}
                    # In the scheme's words (review: "the rolls fit black's client seed" of plies)
                    words = spaces_words(f"{seat}'s client seed", [value], case.scheme.words)
                    yield Hypothesis("spaces_at_ends", words, {"client_seeds": change})
            if all(mended.values()):  # both copied with spaces, as seeds from one transcript may be
                words = spaces_words("both client seeds", list(given.values()), case.scheme.words)
                yield Hypothesis("spaces_at_ends", words, {"client_seeds": dict(mended)})

    def field_words(self, name: str, value: JsonValue) -> str | None:
        if name == "client_seeds" and isinstance(value, dict):
            return f"white's client seed {value.get('white')} and black's {value.get('black')}"
        return super().field_words(name, value)

    def recipe(self, verdict: Verdict, request: ThreeDiceRequest | None) -> tuple[str, str]:
        first, count = computed_span(verdict)
        seats = request.client_seeds if request is not None else None
        steps = (
            "For ply <i>n</i> the message is <code>uint32be(len(white)) ++ white ++ uint32be(len(black)) ++ black ++ "
            "int64be(n)</code> (lengths in UTF-8 bytes, integers big-endian). Compute "
            "<code>HMAC-SHA256(serverSeed, message ++ int32be(block))</code> from block 0: every byte below 252 "
            "gives the die <code>(byte mod 6) + 1</code>, other bytes are skipped, and the first three dice are the "
            "roll. The table's message is that of block 0, in hex."
        )
        seed = or_placeholder(request.seed if request else None, "PASTE THE SEED")
        white = seats.white if seats is not None else "WHITE'S CLIENT SEED"
        black = seats.black if seats is not None else "BLACK'S CLIENT SEED"
        code = f"""import hashlib
import hmac
import struct


def roll(server_seed_hex, client_white, client_black, ply):
    server_seed = bytes.fromhex(server_seed_hex)
    w, b = client_white.encode("utf-8"), client_black.encode("utf-8")
    message = struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)
    dice, block = [], 0
    while len(dice) < 3:
        digest = hmac.new(server_seed, message + struct.pack(">i", block), hashlib.sha256).digest()
        for byte in digest:
            if len(dice) == 3:
                break
            if byte < 252:
                dice.append(byte % 6 + 1)
        block += 1
    return dice


seed = {py(seed)}
print(hashlib.sha256(bytes.fromhex(seed)).hexdigest())  # must equal the commit
for ply in range({first}, {first + count}):
    print(ply, roll(seed, {py(white)}, {py(black)}, ply))
"""
        return steps, code


SCHEME = ThreeDice()
