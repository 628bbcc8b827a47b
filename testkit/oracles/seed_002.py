"""Seed 002's Python ("Python (any computer, nothing to install)"), as printed.

The printed script has two placeholders (the key and the phrase) and prints 60 rolls; here
they are parameters, `range(60)` becomes `range(count)`, and what it prints is read back.
It reads one block per roll (no `…|i|1` fallback), which agrees with the scheme whenever that
block has two usable bytes, as every real HMAC block does but with chance about 10^-55.
"""

# ruff: noqa: E401, I001
# fmt: off
import ast
import io
from contextlib import redirect_stdout

import hashlib, hmac


def snippet(key_hex, phrase, count):
    """Run the script; return (the fingerprint it prints, the dice it prints for rolls 0..count-1)."""
    out = io.StringIO()
    with redirect_stdout(out):
        # ---- as printed ----
        key = bytes.fromhex(key_hex)
        print(hashlib.sha256(key).hexdigest())   # must equal the fingerprint
        for i in range(count):
            mac = hmac.new(key, f"narde-v1|{phrase}|{i}".encode(), hashlib.sha256).digest()
            print(i, [b % 6 + 1 for b in mac if b < 252][:2])
        # ---- end ----
    fingerprint, *lines = out.getvalue().splitlines()
    rolls = []
    for i, line in enumerate(lines):
        number, dice = line.split(" ", 1)
        assert int(number) == i
        rolls.append(ast.literal_eval(dice))
    return fingerprint, rolls
