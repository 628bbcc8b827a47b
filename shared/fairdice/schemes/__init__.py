"""The scheme registry: every dice scheme fairdice verifies, one room (module) each.

The rest of the core looks a scheme up here (by id, or by the type of a request) and never names
one. A room is registered by adding it to `_BUILT_IN` below; tests may register schemes of their
own with `register` (and take them back with `unregister`).
"""

from functools import cache
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from fairdice.fields import NAMES
from fairdice.request import RequestBase
from fairdice.schemes import bg_dice, bg_online, daily, narde, pair36, three_dice
from fairdice.schemes.base import Scheme

_SCHEMES: dict[str, Scheme[Any]] = {}
_BY_MODEL: dict[type[RequestBase], Scheme[Any]] = {}


def register(scheme: Scheme[Any]) -> Scheme[Any]:
    """Add a scheme; its id must be new and its request model tagged with that id."""
    if scheme.id in _SCHEMES:
        raise ValueError(f"a scheme {scheme.id!r} is registered already")
    _SCHEMES[scheme.id] = scheme
    _BY_MODEL[scheme.request] = scheme
    _adapter.cache_clear()
    return scheme


def unregister(scheme_id: str) -> None:
    """Take a scheme out again (for tests that registered one of their own)."""
    scheme = _SCHEMES.pop(scheme_id)
    del _BY_MODEL[scheme.request]
    _adapter.cache_clear()


def get(scheme_id: str) -> Scheme[Any]:
    """The scheme with this id; KeyError if there is none."""
    return _SCHEMES[scheme_id]


def of(request: RequestBase) -> Scheme[Any]:
    """The scheme a validated request belongs to."""
    return _BY_MODEL[type(request)]


def ids() -> list[str]:
    """Every scheme's id, in the order they were registered."""
    return list(_SCHEMES)


def all_schemes() -> list[Scheme[Any]]:
    """Every scheme, in the order they were registered."""
    return list(_SCHEMES.values())


def request_models() -> dict[str, type[RequestBase]]:
    """Every scheme's request model by scheme id, in the order they were registered."""
    return {scheme_id: scheme.request for scheme_id, scheme in _SCHEMES.items()}


def bare_link_scheme() -> Scheme[Any]:
    """The scheme a game-over link without a `scheme` parameter is read as (seed 000's links name none)."""
    return next(scheme for scheme in _SCHEMES.values() if scheme.bare_links)


def request_union() -> Any:
    """Every scheme's request model as one pydantic union, discriminated on `scheme` (for typed routes)."""
    models = tuple(scheme.request for scheme in _SCHEMES.values())
    return Annotated[Union[models], Field(discriminator="scheme")]  # noqa: UP007 (a union built at run time)


@cache
def _adapter() -> TypeAdapter[Any]:
    return TypeAdapter(request_union())


def parse_request(data: object, names: dict[str, str] | None = None) -> RequestBase:
    """Validate a decoded JSON object into the request model of its scheme.

    `names` are the input's own names for fields (a link's parameters), for messages that name another field.
    """
    result: RequestBase = _adapter().validate_python(data, context={NAMES: names} if names else None)
    return result


_BUILT_IN = (pair36, bg_dice, bg_online, narde, three_dice, daily)
for _room in _BUILT_IN:
    register(_room.SCHEME)
