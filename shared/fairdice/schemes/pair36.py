"""`pair36` (seed 000): one byte mod 36 per roll, `+` retry when a MAC has no usable byte."""

from collections.abc import Sequence

from fairdice.dice import Mac, Roll, Rolls, fill, macs

USABLE_BELOW = 252  # 7 x 36
# A usable first byte v gives the dice (v mod 36 div 6 + 1, v mod 36 mod 6 + 1); 0 marks a rejected one.
_FIRST_DIE = bytes(b % 36 // 6 + 1 if b < USABLE_BELOW else 0 for b in range(256))
_SECOND_DIE = bytes(b % 36 % 6 + 1 if b < USABLE_BELOW else 0 for b in range(256))


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
