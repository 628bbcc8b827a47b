"""Every roll a verify request describes, recomputed from the revealed secret by its scheme."""

from fairdice import schemes
from fairdice.dice import Rolls
from fairdice.errors import InvalidInput
from fairdice.request import RequestBase


def recompute(request: RequestBase, secret: bytes) -> Rolls:
    """Every roll the request describes, in order, from the revealed secret."""
    try:
        scheme = schemes.of(request)
    except KeyError:
        raise InvalidInput(f"scheme {type(request).__name__} cannot be recomputed", field="scheme") from None
    return scheme.rolls(request, secret)
