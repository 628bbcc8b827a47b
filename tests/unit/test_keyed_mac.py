"""keyed_mac precomputes HMAC's padded keys; it must give exactly the bytes of hmac.digest."""

import hmac

from fairdice.dice import keyed_mac
from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=200)
@given(key=st.binary(min_size=0, max_size=130), message=st.binary(max_size=200))
def test_keyed_mac_equals_the_standard_library_hmac(key: bytes, message: bytes) -> None:
    assert keyed_mac(key)(message) == hmac.digest(key, message, "sha256")


def test_keyed_mac_is_reusable_across_messages() -> None:
    mac = keyed_mac(bytes(range(32)))
    first = mac(b"narde-v1|test|0")
    mac(b"something else")
    assert mac(b"narde-v1|test|0") == first
    assert first.hex().startswith("c0a03654")
