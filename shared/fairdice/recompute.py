"""Every roll a verify request describes, recomputed from the revealed secret."""

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
    mac = keyed_mac(secret)
    match request:
        case Pair36Request():
            return pair36.rolls(mac, request.client_seeds, request.first, request.roll_count)
        case BgDiceRequest(labels=list() as labels):
            return bg.explicit_rolls(mac, labels)
        case BgDiceRequest():
            return bg.bot_rolls(mac, request.opening, request.first_turn, request.line, request.roll_count)
        case BgOnlineRequest():
            online = keyed_mac(bg.online_key(secret, request.app_numbers))
            return bg.online_rolls(online, request.game, request.has_opening, request.roll_count)
        case NardeRequest():
            return narde.rolls(mac, request.phrase, request.first, request.roll_count)
        case ThreeDiceRequest(client_seeds=seeds) if seeds is not None:
            return three_dice.rolls(mac, seeds.white, seeds.black, request.first, request.roll_count)
        case DailyRequest():
            return daily.rolls(mac, request.date, [request.player_id])
    raise InvalidInput(f"scheme {type(request).__name__} cannot be recomputed", field="scheme")
