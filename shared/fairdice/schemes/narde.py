"""`narde-v1` (seed 002): roll i from 0 is HMAC(key, `narde-v1|phrase|i`), next block `…|i|1`."""

from collections.abc import Iterator
from functools import partial
from itertools import count as counter

from fairdice.dice import Mac, Roll, leading_dice, read_on


def message(phrase: str, i: int, block: int = 0) -> str:
    """The HMAC message of roll `i`'s block `block` (block 0 has no block suffix)."""
    base = f"narde-v1|{phrase}|{i}"
    return base if block == 0 else f"{base}|{block}"


def roll(mac: Mac, phrase: str, i: int) -> Roll:
    """Roll `i`: the first two usable bytes of its blocks."""
    text = message(phrase, i)
    first = mac(text.encode())
    dice = leading_dice(first) or read_on(first, (mac(message(phrase, i, block).encode()) for block in counter(1)))
    return Roll(i, text, dice)


def rolls(mac: Mac, phrase: str, first: int, count: int) -> Iterator[Roll]:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    return map(partial(roll, mac, phrase), range(first, first + count))
