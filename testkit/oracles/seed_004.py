"""Seed 004's algorithm ("The algorithm, exactly"), transcribed; the document prints no code.

    Message  YYYY-MM-DD|<player_id>  (UTC date, canonical lowercase hyphenated uuid)
    Stream   HMAC-SHA256(secret, message); if exhausted, HMAC-SHA256(secret, message + "|1"), then "|2", …
    Dice     d4, d6, d8, d10, d12, d20, in that order
    Per die  limit = 256 − (256 mod n); discard any byte ≥ limit; face = (byte mod n) + 1

`hmac_sha256(key, message)` is a parameter so block continuation can be driven by a stand-in.
"""

import hashlib
import hmac


def real_hmac(key, message):
    return hmac.new(key, message, hashlib.sha256).digest()


def faces(secret, date_text, player_id, hmac_sha256=real_hmac):
    """The six faces, as a list in the order d4 d6 d8 d10 d12 d20."""
    message = date_text + "|" + player_id
    result = []
    block = 0
    stream = hmac_sha256(secret, message.encode())
    position = 0
    for n in (4, 6, 8, 10, 12, 20):
        limit = 256 - (256 % n)
        while True:
            if position == len(stream):
                block += 1
                stream = hmac_sha256(secret, (message + "|" + str(block)).encode())
                position = 0
            byte = stream[position]
            position += 1
            if byte < limit:
                result.append(byte % n + 1)
                break
    return result
