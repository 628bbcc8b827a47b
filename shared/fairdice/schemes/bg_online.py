"""`bg-online-v1` (seed 001, online): the key comes from the server's number and both apps' numbers.

key = HMAC(server number, `bg-online-v1:seeds:` + both apps' numbers in lowercase hex, `:`-separated).
Game G's rolls are labelled `bg-online-v1:gG:opening:k` (game 1 only), then `bg-online-v1:gG:roll:1`,
`roll:2`…, each read as seed 001's labelled rolls.
"""

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Annotated, ClassVar, Literal

from pydantic import Field, JsonValue, model_validator

from fairdice.dice import Mac, Rolls, hmac_key, keyed_mac
from fairdice.fields import WHOLE_NUMBER, YES_OR_NO, AppNumber, Seal, Secret, field_error
from fairdice.prose import counted, cut, span
from fairdice.request import CountedRequest
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    SEAT_ORDER,
    STARTS_SHOWN,
    Case,
    Example,
    GameParts,
    Hypothesis,
    LinkParam,
    MatchWords,
    Scheme,
    labels_of,
    or_placeholder,
    py,
    start_of,
)
from fairdice.schemes.labelled import STEPS, labelled_rolls, recipe_code, tied_at_the_end, unfinished
from fairdice.verdict import GameInput, Scope, Verdict

ONLINE = "bg-online-v1"
SEATS = ("first", "second")
# A match to 25 points, the longest played online, has at most 49 games (each game scores at least a point).
MATCH_GAMES = 49
MAX_GAME = 4  # games tried by the diagnosis besides the neighbours of the given one


class BgOnlineRequest(CountedRequest):
    """Seed 001 online: the key comes from the server's number and both apps' numbers."""

    REVEALED_FIELD: ClassVar[str] = "server_number"
    SEAL_FIELD: ClassVar[str] = "seal"

    scheme: Literal["bg-online-v1"]
    server_number: Secret
    seal: Seal | None = None
    app_numbers: Annotated[
        list[AppNumber],
        Field(min_length=2, max_length=2, description="both apps' numbers as the game showed them, hex"),
    ]
    game: Annotated[
        int,
        Field(ge=1, le=MATCH_GAMES, description="which game of the match: 1 to the most a match reaches"),
        WHOLE_NUMBER,
    ] = 1
    opening: Annotated[bool | None, YES_OR_NO] = Field(
        default=None, description="default: only game 1 has an opening roll; false for game 1 is a window"
    )

    @model_validator(mode="after")
    def _no_opening_after_game_1(self) -> "BgOnlineRequest":
        if self.game > 1 and self.opening:
            raise field_error(
                "opening",
                f"game {self.game} has no opening roll: only a match's first game starts with one; game {self.game}"
                f" starts at {ONLINE}:g{self.game}:roll:1",
            )
        return self

    @property
    def has_opening(self) -> bool:
        """Game 1 starts with an opening roll, later games at roll:1, unless told otherwise."""
        return self.game == 1 if self.opening is None else self.opening


def online_key(server_number: bytes, app_numbers: Sequence[str]) -> bytes:
    """HMAC(server number, `bg-online-v1:seeds:` + the apps' numbers in lowercase hex)."""
    message = key_message(app_numbers)
    return hmac.new(server_number, message.encode(), hashlib.sha256).digest()


def key_message(app_numbers: Sequence[str]) -> str:
    """The message the key is derived from: `bg-online-v1:seeds:` + the numbers in lowercase hex."""
    return f"{ONLINE}:seeds:" + ":".join(n.lower() for n in app_numbers)


def online_rolls(mac: Mac, game: int, opening: bool, count: int) -> Rolls:
    """Game `game` of an online match: `gG:opening:k`, then `gG:roll:1`, `roll:2`…"""
    return labelled_rolls(mac, f"{ONLINE}:g{game}", SEATS, opening, "roll", 1, count)


def _leading_zeros(app_number: str) -> str:
    """What the player must see of a number's leading zeros: the key's message holds the number as written, so the same
    number with another count of zeros in front rolls other dice (seed 001 fixes neither its length nor its zeros)."""
    zeros = min(len(app_number) - len(app_number.lstrip("0")), len(app_number) - 1)  # 0 is the number zero's digit
    if not zeros:
        return ""
    start = cut(app_number, STARTS_SHOWN)
    return (
        f"; {start} starts with {counted(zeros, 'zero', 'zeros')}: written with another count of zeros in front, the"
        f" same number rolls other dice, so check that your app showed {'it' if zeros == 1 else 'them'}"
    )


class BgOnline(Scheme[BgOnlineRequest]):
    """Seed 001's scheme for online games."""

    request = BgOnlineRequest
    words = MatchWords("server number", "seal")
    tried = (SEAT_ORDER, "game of the match", DICE_ORDER)
    link = (
        LinkParam("server", "server_number"),
        LinkParam("seal", "seal"),
        LinkParam("app", "app_numbers", "list"),
        LinkParam("g", "game", "int"),
        LinkParam("opening", "opening", "bool"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("labelled.js", "bg_online.js")

    game = (
        f"Game 1 of a match starts with its opening roll {ONLINE}:g1:opening:0 (then :1, :2 only after a tie), then"
        f" {ONLINE}:g1:roll:1, roll:2…; game G > 1 has no opening and starts at {ONLINE}:gG:roll:1. Game 1 without its"
        f" opening (opening false) is a window: at most incomplete. Rolls that end at an opening roll that tied are"
        f" unfinished (the opening is rolled again): at most incomplete. Games run to {MATCH_GAMES}."
    )
    title = "Backgammon Room, online match"
    example = Example(
        "the first 4 rolls of a match's first game, with its seal: fair",
        {
            "server_number": EXAMPLE_KEY,
            "seal": EXAMPLE_SEAL,
            "app_numbers": ["0a1b2c3d", "4e5f6071"],
            "recorded": "3-6 5-6 2-2 5-3",
        },
    )

    def rolls(self, request: BgOnlineRequest, secret: bytes) -> Rolls:
        online = keyed_mac(online_key(secret, request.app_numbers))
        return online_rolls(online, request.game, request.has_opening, request.roll_count)

    def dice_key(self, request: BgOnlineRequest, secret: bytes) -> bytes:
        """The key derived from the server's number and the apps' numbers, which the rolls are keyed with."""
        return hmac_key(online_key(secret, request.app_numbers))

    def game_parts(self, request: BgOnlineRequest, rolls: Rolls, secret: bytes) -> GameParts:
        """The server's number is what the seal fixed, for one match: its apps' numbers are the match's one pair, in
        one order (the key is derived from both, so every other order or spelling of them, `01a2b` for `1a2b`, rolls
        other dice under the same seal: review, a server number filed with its apps' numbers reordered or zero-padded
        was as many fair games), and each game of the match starts apart (`g2:roll:1`). The key derived from them, which
        the match's dice are rolled with, is the match's secret too, shared by its games, and no other game's: anyone
        who checked the match derives it once its server's number is revealed (review: it filed again as a narde-v1 key,
        or as another match's server number, was a fair game)."""
        return GameParts(
            hmac_key(secret), list(request.app_numbers), start_of(rolls), self.dice_key(request, secret), None
        )

    def scope(self, request: BgOnlineRequest, rolls: Rolls, secret: bytes) -> Scope:
        """Game G from its start; game 1 without its opening roll is a window."""
        count, game = len(rolls), request.game
        start = (rolls.labels or [""])[0]
        if game == 1 and not request.has_opening:
            return Scope(
                kind="window",
                first=1,
                last=count,
                description=f"rolls from {start} only: game 1's rolls from {ONLINE}:g1:opening:0 are needed",
            )
        rolls_checked = f"{span('roll', 'rolls', 1, count)} of game {game} from its start ({start})"
        tied = tied_at_the_end(rolls)
        if tied is not None:
            return Scope(kind="unfinished", first=1, last=count, description=unfinished(rolls_checked, tied))
        return Scope(
            kind="game",
            first=1,
            last=count,
            description=rolls_checked,
        )

    def identity(self, request: BgOnlineRequest) -> list[GameInput]:
        return [
            GameInput(
                field="app_numbers",
                value=list(request.app_numbers),
                # Seed 001 does not say which number comes first, and the other order rolls other dice: the order is
                # part of what the player recognises.
                description=(
                    "both apps' numbers, in the order the game lists them (the other order rolls other dice): yours"
                    " is the one your app showed" + "".join(map(_leading_zeros, request.app_numbers))
                ),
            ),
            # Each game of a match rolls from labels of its own (gG) under the one server number: which it was is
            # the player's to recognise, as the numbers are.
            GameInput(field="game", value=request.game, description="which game of the match this was, from 1"),
        ]

    def hypotheses(self, case: Case[BgOnlineRequest]) -> Iterator[Hypothesis]:
        """The apps' numbers the other way round (seed 001 does not fix their order), and other games of the match,
        each with and without an opening roll, with the numbers either way: each one more chance for another game's
        rolls to fit one by luck, so all weigh together (`Hypothesis.among`; measured: 4 random rolls of game 1 were one
        of its 16 readings 27 times in 30,000, "game 3 of the match" and the like 16 of them, each held to CHANCE
        alone)."""
        found = list(self._readings(case))
        for hypothesis in found:
            yield replace(hypothesis, among=len(found))

    def _readings(self, case: Case[BgOnlineRequest]) -> Iterator[Hypothesis]:
        given = list(case.request.app_numbers)
        orders = [given] if given[0] == given[1] else [given, given[::-1]]
        if len(orders) == 2:
            yield Hypothesis(
                "seat_order",
                f"the rolls fit the apps' numbers the other way round ({', '.join(orders[1])}): seed 001 joins them"
                " with a colon but does not say which comes first, so list them in the order this game used",
                {"app_numbers": list[JsonValue](orders[1])},
            )
        game, opening = case.request.game, case.request.has_opening
        games = sorted({*range(1, MAX_GAME + 1), game - 1, game + 1} - {0})
        for numbers in orders:
            swapped = "" if numbers is given else ", with the apps' numbers the other way round"
            for other in games:
                for with_opening in (other == 1, other != 1):
                    if (other, with_opening) == (game, opening) and numbers is given:
                        continue  # the request itself (swapped, it is the hypothesis above: the diagnosis keeps one)
                    default = with_opening == (other == 1)
                    change: dict[str, JsonValue] = {"game": other, "opening": None if default else with_opening}
                    if numbers is not given:
                        change["app_numbers"] = list[JsonValue](numbers)
                    roll_word = f"bg-online-v1:g{other}:" + ("opening:0" if with_opening else "roll:1")
                    if other != game:
                        yield Hypothesis(
                            "match_game",
                            f"the rolls fit game {other} of the match (from {roll_word}), not game {game}{swapped}",
                            change,
                        )
                    else:
                        yield Hypothesis(
                            "opening_roll",
                            f"the rolls fit game {game} {'with' if with_opening else 'without'} an opening roll (from"
                            f" {roll_word}){swapped}: only a match's first game has one, and a list may leave it out",
                            change,
                        )

    def field_words(self, name: str, value: JsonValue) -> str | None:
        match name, value:
            case "game", int():
                return f"game {value} of the match"
            case "opening", bool():
                return "an opening roll" if value else "no opening roll"
            case "opening", None:
                return ""  # the game's own default: said by the game's number
            case "app_numbers", [*numbers]:
                return f"the apps' numbers in the order {', '.join(map(str, numbers))}"
        return super().field_words(name, value)

    def recipe(self, verdict: Verdict, request: BgOnlineRequest | None) -> tuple[str, str]:
        steps = STEPS + (
            " Online, the key is HMAC-SHA256, keyed with the server's number, of <code>bg-online-v1:seeds:</code> "
            "followed by both apps' numbers in lowercase hex, separated by a colon."
        )
        numbers = request.app_numbers if request is not None else ["APP NUMBER 1", "APP NUMBER 2"]
        server = or_placeholder(request.server_number if request is not None else None, "PASTE IT")
        key_lines = (
            f"server_number = bytes.fromhex({py(server)})\n"
            f"app_numbers = {py(list(numbers))}\n"
            'message = "bg-online-v1:seeds:" + ":".join(n.lower() for n in app_numbers)\n'
            "key = hmac.new(server_number, message.encode(), hashlib.sha256).digest()\n"
            "print(hashlib.sha256(server_number).hexdigest())  # the seal\n"
        )
        return steps, recipe_code(key_lines, list(labels_of(verdict)))


SCHEME = BgOnline()
