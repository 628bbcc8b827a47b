"""`pair36` (seed 000): one byte mod 36 per roll, `+` retry when a MAC has no usable byte."""

from collections.abc import Iterator, Sequence

from fairdice.dice import Mac, Roll

USABLE_BELOW = 252  # 7 x 36


def message(client_seeds: Sequence[str], number: int, retry: int = 0) -> str:
    """`c1:c2:…:n`, with `retry` `+` signs appended to the client-seed part."""
    return ":".join(client_seeds) + "+" * retry + ":" + str(number)


def roll(mac: Mac, client_seeds: Sequence[str], number: int) -> Roll:
    """Roll number `number` (from 1) of the match."""
    retry = 0
    while True:
        text = message(client_seeds, number, retry)
        for byte in mac(text.encode()):
            if byte < USABLE_BELOW:
                v = byte % 36
                return Roll(number, text, (v // 6 + 1, v % 6 + 1))
        retry += 1


def rolls(mac: Mac, client_seeds: Sequence[str], first: int, count: int) -> Iterator[Roll]:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    seeds = ":".join(client_seeds)
    for number in range(first, first + count):
        text = f"{seeds}:{number}"
        for byte in mac(text.encode()):
            if byte < USABLE_BELOW:
                v = byte % 36
                yield Roll(number, text, (v // 6 + 1, v % 6 + 1))
                break
        else:  # no usable byte in 32 (never seen): the `+` retries
            yield roll(mac, client_seeds, number)
