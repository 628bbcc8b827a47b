"""Seed 003's Python ("Verify it yourself"), as printed: the module is the document's code."""

# fmt: off
import hashlib
import hmac
import struct


def roll(server_seed_hex: str, client_white: str, client_black: str, ply: int) -> list[int]:
    server_seed = bytes.fromhex(server_seed_hex)
    w, b = client_white.encode("utf-8"), client_black.encode("utf-8")
    message = (
        struct.pack(">I", len(w)) + w
        + struct.pack(">I", len(b)) + b
        + struct.pack(">q", ply)          # int64be
    )

    dice: list[int] = []
    block = 0
    while len(dice) < 3:
        digest = hmac.new(
            server_seed, message + struct.pack(">i", block), hashlib.sha256
        ).digest()
        for byte in digest:
            if len(dice) == 3:
                break
            if byte < 252:                 # reject to avoid modulo bias
                dice.append(byte % 6 + 1)
        block += 1
    return dice


def commit_matches(server_seed_hex: str, commit_hex: str) -> bool:
    return hashlib.sha256(bytes.fromhex(server_seed_hex)).hexdigest() == commit_hex
