"""Seals: the SHA-256 commitment a game shows before its first roll."""

import hashlib
import hmac


def seal_of(secret: bytes) -> str:
    """Return SHA-256 of the secret's bytes as lowercase hex, as every scheme publishes it."""
    return hashlib.sha256(secret).hexdigest()


def seal_matches(given: str, computed: str) -> bool:
    """Compare two hex seals in constant time, ignoring case."""
    return hmac.compare_digest(given.lower().encode(), computed.lower().encode())
