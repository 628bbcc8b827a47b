"""Every roll a verify request describes, recomputed from the revealed secret."""

from collections.abc import Callable
from typing import Any

from fairdice.dice import Rolls, keyed_mac
from fairdice.errors import InvalidInput
from fairdice.models import (
    BgDiceRequest,
    BgOnlineRequest,
    DailyRequest,
    NardeRequest,
    Pair36Request,
    RequestBase,
    ThreeDiceRequest,
)
from fairdice.schemes import bg, daily, narde, pair36, three_dice


def recompute(request: RequestBase, secret: bytes) -> Rolls:
    """Every roll the request describes, in order, from the revealed secret."""
    scheme = _SCHEMES.get(type(request))
    if scheme is None:
        raise InvalidInput(f"scheme {type(request).__name__} cannot be recomputed", field="scheme")
    return scheme(request, secret)


def _pair36(request: Pair36Request, secret: bytes) -> Rolls:
    return pair36.rolls(keyed_mac(secret), request.client_seeds, request.first, request.roll_count)


def _bg_dice(request: BgDiceRequest, secret: bytes) -> Rolls:
    mac = keyed_mac(secret)
    if request.labels is not None:
        return bg.explicit_rolls(mac, request.labels)
    return bg.bot_rolls(mac, request.opening, request.first_turn, request.line, request.roll_count)


def _bg_online(request: BgOnlineRequest, secret: bytes) -> Rolls:
    online = keyed_mac(bg.online_key(secret, request.app_numbers))
    return bg.online_rolls(online, request.game, request.has_opening, request.roll_count)


def _narde(request: NardeRequest, secret: bytes) -> Rolls:
    return narde.rolls(keyed_mac(secret), request.phrase, request.first, request.roll_count)


def _three_dice(request: ThreeDiceRequest, secret: bytes) -> Rolls:
    seeds = request.client_seeds
    if seeds is None:
        raise InvalidInput("the seats' client seeds are needed to recompute the rolls", field="client_seeds")
    return three_dice.rolls(keyed_mac(secret), seeds.white, seeds.black, request.first, request.roll_count)


def _daily(request: DailyRequest, secret: bytes) -> Rolls:
    return daily.rolls(keyed_mac(secret), request.date, [request.player_id])


# A table, not `match`: a class pattern on a pydantic model is an isinstance check in Python
# (about 1 µs each), which one-roll daily requests paid several times over.
_SCHEMES: dict[type[RequestBase], Callable[[Any, bytes], Rolls]] = {
    Pair36Request: _pair36,
    BgDiceRequest: _bg_dice,
    BgOnlineRequest: _bg_online,
    NardeRequest: _narde,
    ThreeDiceRequest: _three_dice,
    DailyRequest: _daily,
}
