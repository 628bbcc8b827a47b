"""Seed 000's recipe ("How a roll is computed"), transcribed; the document prints no code.

    mac  = HMAC-SHA256(key = server seed bytes, message = clientSeed1 ":" clientSeed2 ":" rollNumber)
    byte = the first byte of mac that is below 252
    v    = byte mod 36
    dice = (floor(v / 6) + 1,  v mod 6 + 1)
    none below 252: "a + is appended to the client-seed part": clientSeed1:clientSeed2+:rollNumber, then ++

`hmac_sha256(key, message)` is a parameter so the `+` branch can be driven by a stand-in.
"""

import hashlib
import hmac


def real_hmac(key, message):
    return hmac.new(key, message, hashlib.sha256).digest()


def roll(server_seed, client_seeds, roll_number, hmac_sha256=real_hmac):
    """(the dice, the message that gave them) for one roll number."""
    client_part = ":".join(client_seeds)
    while True:
        message = client_part + ":" + str(roll_number)
        mac = hmac_sha256(server_seed, message.encode())
        below = [byte for byte in mac if byte < 252]
        if below:
            v = below[0] % 36
            return (v // 6 + 1, v % 6 + 1), message
        client_part = client_part + "+"


def seal(server_seed):
    return hashlib.sha256(server_seed).hexdigest()
