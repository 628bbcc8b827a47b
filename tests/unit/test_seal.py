"""fairdice.seal: a secret's seal is the SHA-256 of its bytes, as the seed documents print it."""

from fairdice.seal import seal_of

from unit.common import FINGERPRINT, KEY


def test_seal_of_the_shared_key_is_the_documents_fingerprint() -> None:
    assert seal_of(KEY) == FINGERPRINT
    assert seal_of(KEY).startswith("630dcd29")
