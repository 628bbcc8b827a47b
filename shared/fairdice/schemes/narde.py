"""`narde-v1` (seed 002): roll i from 0 is HMAC(key, `narde-v1|phrase|i`), next block `…|i|1`."""

from collections.abc import Iterator
from itertools import count as counter

from fairdice.dice import Mac, Roll, six_sided


def message(phrase: str, i: int, block: int = 0) -> str:
    """The HMAC message of roll `i`'s block `block` (block 0 has no block suffix)."""
    base = f"narde-v1|{phrase}|{i}"
    return base if block == 0 else f"{base}|{block}"


def roll(mac: Mac, phrase: str, i: int) -> Roll:
    """Roll `i`: the first two usable bytes of its blocks."""
    text = message(phrase, i)
    dice = six_sided(
        mac(text.encode()),
        lambda: (mac(message(phrase, i, block).encode()) for block in counter(1)),
        2,
    )
    return Roll(i, text, dice)


def rolls(mac: Mac, phrase: str, first: int, count: int) -> Iterator[Roll]:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    for i in range(first, first + count):
        yield roll(mac, phrase, i)
