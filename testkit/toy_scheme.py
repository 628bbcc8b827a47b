"""A dice scheme that exists only in the tests: proof that adding a scheme is one room and one registration.

`toy-d20` rolls a d20 and a d12 per toss from HMAC(key, `toy|seed|n`) (then `…|n|1`… when a block
runs short), tosses numbered from 1. Nothing outside this file knows it: registered, it must work
through every route, the page, the links, the catalog and the diagnosis like a built-in scheme.
"""

from collections.abc import Iterator
from itertools import chain
from itertools import count as counter
from typing import Annotated, ClassVar, Literal

from fairdice import schemes
from fairdice.dice import Mac, Roll, Rolls, fill, keyed_mac, macs, read_dice
from fairdice.fields import WHOLE_NUMBER, ClientSeed, Seal, Secret
from fairdice.request import NumberedRequest
from fairdice.schemes.base import DICE_ORDER, Case, Hypothesis, LinkParam, Numbering, Scheme, Words, computed_span, py
from fairdice.verdict import Verdict
from pydantic import Field

TOY = "toy-d20"
SIDES = (20, 12)


class ToyRequest(NumberedRequest):
    """A test-only scheme: a key, a seed, tosses of a d20 and a d12 numbered from 1."""

    SIDES: ClassVar[tuple[int, ...]] = SIDES
    REVEALED_FIELD: ClassVar[str] = "key"
    SEAL_FIELD: ClassVar[str] = "fingerprint"
    FIRST: ClassVar[int] = 1

    scheme: Literal["toy-d20"]
    key: Secret
    fingerprint: Seal | None = None
    seed: ClientSeed
    LAST: ClassVar[int] = 10_000
    first: Annotated[int, Field(ge=1, le=10_000), WHOLE_NUMBER] = 1


def toss(mac: Mac, seed: str, n: int, first: bytes | None = None) -> Roll:
    """Toss `n`: a d20 and a d12 from the usable bytes of its blocks."""
    text = f"toy|{seed}|{n}"
    block = first or mac(text.encode())
    more = (mac(f"{text}|{b}".encode()) for b in counter(1))
    return Roll(n, text, read_dice(chain((block,), more), SIDES))


class Toy(Scheme[ToyRequest]):
    """The test-only scheme."""

    request = ToyRequest
    words = Words("toy key", "toy fingerprint", "toss", "tosses")
    tried = ("numbering", "the seed in upper case", DICE_ORDER)
    link = (
        LinkParam("key", "key"),
        LinkParam("fp", "fingerprint"),
        LinkParam("seed", "seed"),
        LinkParam("first", "first", "int"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    numbering = Numbering("toss", "tosses are numbered from 1")
    game = "Tosses are numbered from 1: a whole game starts at toss 1."
    title = "The toy game"

    def rolls(self, request: ToyRequest, secret: bytes) -> Rolls:
        mac = keyed_mac(secret)
        numbers = range(request.first, request.first + request.roll_count)
        digits = list(map(str, numbers))
        prefix = f"toy|{request.seed}|"
        blocks = macs(mac, prefix.encode(), map(str.encode, digits))
        messages = [prefix + digit for digit in digits]
        return fill(
            numbers, messages, blocks, lambda at, block: toss(mac, request.seed, numbers[at], block), sides=SIDES
        )

    def hypotheses(self, case: Case[ToyRequest]) -> Iterator[Hypothesis]:
        """The seed typed in upper case."""
        seed = case.request.seed
        if seed != seed.upper():
            yield Hypothesis("seat_order", "the tosses fit the seed written in upper case", {"seed": seed.upper()})

    def recipe(self, verdict: Verdict, request: ToyRequest | None) -> tuple[str, str]:
        first, count = computed_span(verdict)
        key = request.key if request is not None else "PASTE THE TOY KEY"
        code = f"key = bytes.fromhex({py(key)})  # tosses {first} to {first + count - 1}\n"
        return "Toss <i>n</i> is HMAC-SHA256(key, toy|seed|n): a d20, then a d12.", code


SCHEME = Toy()


def register() -> None:
    """Add the toy scheme to the registry (as a room of the package would be)."""
    schemes.register(SCHEME)


def unregister() -> None:
    """Take it out again."""
    schemes.unregister(TOY)
