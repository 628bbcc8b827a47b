"""`pair36` (seed 000): one byte mod 36 per roll, `+` retry when a MAC has no usable byte.

Rolls are numbered from 1 across the whole match; the message is the seats' client seeds and the
roll number, `c1:c2:…:n`. Its links are seed 000's own, `/check/?seed=…&client=a,b&n=52&rolls=…`,
with no `scheme` parameter.
"""

import re
from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import Annotated, ClassVar, Literal

from pydantic import Field, JsonValue

from fairdice.dice import Mac, Roll, Rolls, fill, keyed_mac, macs
from fairdice.fields import MAX_SEATS, WHOLE_NUMBER, ClientSeed, Seal, Secret
from fairdice.prose import cut
from fairdice.request import NumberedRequest
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    SEAT_ORDER,
    STARTS_SHOWN,
    Case,
    Example,
    Hypothesis,
    LinkParam,
    MatchWords,
    Numbering,
    Scheme,
    computed_span,
    or_placeholder,
    py,
)
from fairdice.verdict import GameInput, Verdict

USABLE_BELOW = 252  # 7 x 36
# A usable first byte v gives the dice (v mod 36 div 6 + 1, v mod 36 mod 6 + 1); 0 marks a rejected one.
_FIRST_DIE = bytes(b % 36 // 6 + 1 if b < USABLE_BELOW else 0 for b in range(256))
_SECOND_DIE = bytes(b % 36 % 6 + 1 if b < USABLE_BELOW else 0 for b in range(256))


MATCH_ROLLS = 10_000  # the most rolls fairdice takes a match to have: roll numbers run 1 to 10,000


class Pair36Request(NumberedRequest):
    """Seed 000: a server seed, the seats' client seeds, roll numbers from 1."""

    REVEALED_FIELD: ClassVar[str] = "server_seed"
    SEAL_FIELD: ClassVar[str] = "seal"
    FIRST: ClassVar[int] = 1
    LAST: ClassVar[int] = MATCH_ROLLS

    scheme: Literal["pair36"]
    server_seed: Secret
    seal: Seal | None = None
    client_seeds: Annotated[
        list[ClientSeed],
        Field(
            min_length=1,
            max_length=MAX_SEATS,
            description="the seats' client seeds in seat order, each letters, digits, _ and - as the game showed it",
        ),
    ]
    first: Annotated[
        int, Field(ge=1, le=MATCH_ROLLS, description="the first roll's number; a match starts at roll 1"), WHOLE_NUMBER
    ] = 1


def message(client_seeds: Sequence[str], number: int, retry: int = 0) -> str:
    """`c1:c2:…:n`, with `retry` `+` signs appended to the client-seed part."""
    return ":".join(client_seeds) + "+" * retry + ":" + str(number)


def roll(mac: Mac, client_seeds: Sequence[str], number: int, first: bytes | None = None) -> Roll:
    """Roll number `number` (from 1) of the match (`first`: its first MAC, if already computed)."""
    retry = 0
    while True:
        text = message(client_seeds, number, retry)
        block = first if first and not retry else mac(text.encode())
        for byte in block:
            if byte < USABLE_BELOW:
                v = byte % 36
                return Roll(number, text, (v // 6 + 1, v % 6 + 1))
        retry += 1


def rolls(mac: Mac, client_seeds: Sequence[str], first: int, count: int) -> Rolls:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    numbers = range(first, first + count)
    prefix = ":".join(client_seeds) + ":"
    digits = list(map(str, numbers))
    blocks = macs(mac, prefix.encode(), map(str.encode, digits))
    messages = list(map(prefix.__add__, digits))
    # Both dice come from the first usable byte: byte 0 read through both tables.
    reads = ((0, _FIRST_DIE), (0, _SECOND_DIE))
    return fill(numbers, messages, blocks, lambda at, block: roll(mac, client_seeds, numbers[at], block), reads=reads)


_HEX_WITH_CAPITALS = re.compile(r"[0-9a-fA-F]*[A-F][0-9a-fA-F]*")


def _capitals(seed: str) -> str:
    """What the player must see of a hex client seed's capital letters (seed 000's app sends 32 hex characters): the
    seed goes into every roll as written, so the same digits with another letter's case roll other dice."""
    if not _HEX_WITH_CAPITALS.fullmatch(seed):
        return ""
    capitals = "a capital letter" if sum(map(str.isupper, seed)) == 1 else "capital letters"
    return (
        f"; {cut(seed, STARTS_SHOWN)} holds {capitals}: in another case the same seed rolls other dice, so check that"
        " your app showed it in the same case"
    )


def _other_orders(seeds: Sequence[str]) -> list[tuple[str, ...]]:
    """The seat orders the diagnosis tries besides the one given: every other for up to 3 seats, else the reverse. Those
    that write the seeds as given (one seat, seats alike) are none: they roll the same dice."""
    orders = permutations(seeds) if len(seeds) <= 3 else iter([tuple(reversed(seeds))])
    return [order for order in orders if list(order) != list(seeds)]


class Pair36(Scheme[Pair36Request]):
    """Seed 000's scheme."""

    request = Pair36Request
    words = MatchWords("server seed", "seal")
    tried = ("numbering", SEAT_ORDER, DICE_ORDER)
    link = (
        LinkParam("seed", "server_seed"),
        LinkParam("seal", "seal"),
        LinkParam("client", "client_seeds", "list"),
        LinkParam("first", "first", "int"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("pair36.js",)
    bare_links = True
    numbering = Numbering(
        "roll number", "rolls are numbered from 1 across the whole match, opening roll-offs included", game="match"
    )
    game = (
        "A match's rolls are numbered from 1 across all its games, opening roll-offs included: a whole match starts"
        " at roll 1. Rolls from a later roll (first > 1), a later game of a match given alone, are a window of it:"
        f" at most incomplete. Roll numbers run to {MATCH_ROLLS:,}."
    )
    title = "Dice you can check"
    example = Example(
        "a whole game of 5 rolls, with its seal: fair",
        {
            "server_seed": EXAMPLE_KEY,
            "seal": EXAMPLE_SEAL,
            "client_seeds": ["a", "b"],
            "recorded": "2-5 4-2 6-4 3-4 3-1",
        },
    )

    def rolls(self, request: Pair36Request, secret: bytes) -> Rolls:
        return rolls(keyed_mac(secret), request.client_seeds, request.first, request.roll_count)

    def identity(self, request: Pair36Request) -> list[GameInput]:
        return [
            GameInput(
                field="client_seeds",
                value=list(request.client_seeds),
                description="the client seeds of the match's seats, in seat order: yours is the one your app showed"
                + "".join(map(_capitals, request.client_seeds)),
            )
        ]

    def hypotheses(self, case: Case[Pair36Request]) -> Iterator[Hypothesis]:
        """The client seeds in another seat order: each one more chance for another game's rolls to fit one by luck,
        so all weigh together (`Hypothesis.among`: 5 of 3 seats)."""
        orders = _other_orders(case.request.client_seeds)
        for order in orders:
            yield Hypothesis(
                "seat_order",
                f"the rolls fit the client seeds in the order {', '.join(order)}: list them in seat order, as"
                " the dice sheet does",
                {"client_seeds": list(order)},
                among=len(orders),
            )

    def field_words(self, name: str, value: JsonValue) -> str | None:
        if name == "client_seeds" and isinstance(value, list):
            return f"the client seeds in the order {', '.join(map(str, value))}"
        return super().field_words(name, value)

    def recipe(self, verdict: Verdict, request: Pair36Request | None) -> tuple[str, str]:
        first, count = computed_span(verdict)
        seeds = request.client_seeds if request is not None else ["CLIENT SEED 1", "CLIENT SEED 2"]
        steps = (
            "Roll number <i>n</i> (from 1, across the whole match) is "
            "<code>HMAC-SHA256(key = server seed bytes, message = clientSeed1:clientSeed2:n)</code>. "
            "Take the first byte of it below 252, <code>v = byte mod 36</code>, and the dice are "
            "<code>(floor(v / 6) + 1, v mod 6 + 1)</code>. 252 is 7 × 36, so all 36 rolls are equally likely. "
            "If no byte is below 252 (never seen), a <code>+</code> is appended to the client-seed part and the MAC "
            "computed again."
        )
        seed = or_placeholder(request.server_seed if request else None, "PASTE THE SERVER SEED")
        code = f"""import hashlib, hmac

seed = bytes.fromhex({py(seed)})
client_seeds = {py(list(seeds))}
print(hashlib.sha256(seed).hexdigest())  # the seal

for n in range({first}, {first + count}):
    mac = hmac.new(seed, f"{{':'.join(client_seeds)}}:{{n}}".encode(), hashlib.sha256).digest()
    v = next(byte for byte in mac if byte < 252) % 36
    print(n, [v // 6 + 1, v % 6 + 1])
"""
        return steps, code


SCHEME = Pair36()
