"""`narde-v1` (seed 002): roll i from 0 is HMAC(key, `narde-v1|phrase|i`), next block `…|i|1`."""

from itertools import count as counter

from fairdice.dice import D6_PAIR, Mac, Roll, Rolls, fill, leading_dice, macs, read_on


def message(phrase: str, i: int, block: int = 0) -> str:
    """The HMAC message of roll `i`'s block `block` (block 0 has no block suffix)."""
    base = f"narde-v1|{phrase}|{i}"
    return base if block == 0 else f"{base}|{block}"


def roll(mac: Mac, phrase: str, i: int, first: bytes | None = None) -> Roll:
    """Roll `i`: the first two usable bytes of its blocks (`first`: block 0, if already computed)."""
    text = message(phrase, i)
    first = first or mac(text.encode())
    dice = leading_dice(first) or read_on(first, (mac(message(phrase, i, block).encode()) for block in counter(1)))
    return Roll(i, text, dice)


def rolls(mac: Mac, phrase: str, first: int, count: int) -> Rolls:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    numbers = range(first, first + count)
    prefix = f"narde-v1|{phrase}|"
    digits = list(map(str, numbers))
    blocks = macs(mac, prefix.encode(), map(str.encode, digits))
    messages = list(map(prefix.__add__, digits))

    def by_rule(at: int, block: bytes) -> Roll:
        return roll(mac, phrase, numbers[at], block)

    return fill(numbers, messages, blocks, by_rule, sides=D6_PAIR)
