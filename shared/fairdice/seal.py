"""Seals: the SHA-256 commitment a game shows before its first roll."""

import hashlib
import hmac


def seal_of(secret: bytes) -> str:
    """Return SHA-256 of the secret's bytes as lowercase hex, as every scheme publishes it."""
    return hashlib.sha256(secret).hexdigest()


# What may follow a secret's hex text where a seal is computed over the text by mistake, and how it is said: nothing, or
# the line break `echo` ends a line with (`echo <hex> | sha256sum`; "\r\n" where a Windows tool wrote the line). A text
# in mixed case is not tried: the fields keep the hex in lower case alone, and its case forms are 2 to the power of its
# letters.
_HEX_TEXT_ENDS = (
    ("", ""),
    ("\n", " with a line break at its end (as echo and sha256sum give it)"),
    ("\r\n", " with a Windows line break at its end"),
)


def hex_text_form(seal: str, secret: bytes) -> str | None:
    """How `seal` is the SHA-256 of the secret written as hex text, in lower or upper case, not of its bytes: "" of the
    text alone, else the words of what followed it (" with a line break at its end ..."); None where it is none of
    them."""
    given = seal.lower()
    for text in (secret.hex(), secret.hex().upper()):
        for end, said in _HEX_TEXT_ENDS:
            if seal_of((text + end).encode()) == given:
                return said
    return None


def of_hex_text(seal: str, secret: bytes) -> bool:
    """Whether `seal` is the SHA-256 of the secret written as hex text (`hex_text_form`), not of its bytes: a commitment
    to that secret all the same, hashed as text where every scheme hashes its bytes."""
    return hex_text_form(seal, secret) is not None


def seal_matches(given: str, computed: str) -> bool:
    """Compare two hex seals in constant time, ignoring case."""
    return hmac.compare_digest(given.lower().encode(), computed.lower().encode())
