"""Seals: the SHA-256 commitment a game shows before its first roll."""

import hashlib
import hmac


def seal_of(secret: bytes) -> str:
    """Return SHA-256 of the secret's bytes as lowercase hex, as every scheme publishes it."""
    return hashlib.sha256(secret).hexdigest()


def of_hex_text(seal: str, secret: bytes) -> bool:
    """Whether `seal` is the SHA-256 of the secret written as hex text, in lower or upper case, not of its bytes: a
    commitment to that secret all the same, hashed as text where every scheme hashes its bytes."""
    return seal.lower() in (seal_of(secret.hex().encode()), seal_of(secret.hex().upper().encode()))


def seal_matches(given: str, computed: str) -> bool:
    """Compare two hex seals in constant time, ignoring case."""
    return hmac.compare_digest(given.lower().encode(), computed.lower().encode())
