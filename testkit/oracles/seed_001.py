"""Seed 001's Python ("In Python, with nothing to install"), as printed.

The printed script keys `roll` with a module-level `key`; here `snippet` takes that key's hex
and returns the lock the script prints and its `roll` function. The lines between the markers
are the document's, unchanged.
"""

# ruff: noqa: E401, I001
# fmt: off
import hashlib, hmac


def snippet(key_hex):
    """The script for one key: (its lock, its roll(label) function)."""
    key = bytes.fromhex(key_hex)
    lock = hashlib.sha256(key).hexdigest()  # the lock

    # ---- as printed ----
    def roll(label):
        dice, block = [], 0
        while True:
            for byte in hmac.new(key, f"{label}:{block}".encode(), hashlib.sha256).digest():
                if byte < 252:
                    dice.append(byte % 6 + 1)
                    if len(dice) == 2:
                        return dice
            block += 1
    # ---- end ----

    return lock, roll
