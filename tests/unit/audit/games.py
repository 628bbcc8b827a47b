"""Games to audit, made with the core itself: a fair game records exactly the rolls the core computes."""

import copy
import gzip
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fairdice.schemes import parse_request
from fairdice.verify import verify

Game = dict[str, Any]


def key(n: int) -> str:
    return hashlib.sha256(f"key-{n}".encode()).hexdigest()


def seal(secret_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(secret_hex)).hexdigest()


def narde(n: int, rolls: int = 20) -> Game:
    """A fair narde-v1 game (seal given, every roll recorded) with id `n-<n>`."""
    secret = key(n)
    return recorded(
        {"scheme": "narde-v1", "key": secret, "fingerprint": seal(secret), "phrase": f"p{n}", "count": rolls}, n
    )


def pair36(n: int, rolls: int = 12) -> Game:
    secret = key(n)
    request = {"scheme": "pair36", "server_seed": secret, "seal": seal(secret), "client_seeds": ["a", f"b{n}"]}
    return recorded({**request, "count": rolls}, n)


def three_dice(n: int, rolls: int = 10) -> Game:
    secret = key(n)
    request = {
        "scheme": "three-dice",
        "seed": secret,
        "commit": seal(secret),
        "client_seeds": {"white": "w", "black": f"b{n}"},
    }
    return recorded({**request, "count": rolls}, n)


def daily(n: int, day: str = "2026-11-29") -> Game:
    """A daily roll with its day's secret and commitment: incomplete, as an audit without `--archive` reads no daily
    archive that would show the commitment was published before the day's play (withheld if the day is not over)."""
    secret = key(n)
    player = f"123e4567-e89b-12d3-a456-{n:012d}"
    return recorded(
        {"scheme": "daily", "date": day, "player_id": player, "secret": secret, "commitment": seal(secret)}, n
    )


def recorded(request: Game, n: int) -> Game:
    """The request with the rolls the core computes for it recorded, and its id."""
    verdict = verify(parse_request(request))
    game = {key: value for key, value in request.items() if key != "count"}
    game["recorded"] = [roll["dice"] for roll in verdict.rolls]
    game["id"] = f"{request['scheme']}-{n}"
    return game


def window(game: Game, skip: int = 2) -> Game:
    """The same narde-v1 game from roll `skip` on (it numbers from 0): a window, incomplete however well it matches."""
    return {**game, "first": skip, "recorded": game["recorded"][skip:]}


def cut_short(game: Game, keep: int) -> Game:
    """The same game with only its first `keep` rolls recorded: the rest are missing, none differs."""
    return {**game, "count": len(game["recorded"]), "recorded": game["recorded"][:keep]}


def mismatched(game: Game) -> Game:
    """The same game with its first recorded roll changed."""
    changed = copy.deepcopy(game)
    first = changed["recorded"][0]
    first[0] = first[0] % 6 + 1
    return changed


def unsealed(game: Game) -> Game:
    """The same game without its seal: incomplete."""
    return {k: v for k, v in game.items() if k not in ("seal", "fingerprint", "commit", "lock", "commitment")}


def jsonl(games: Iterable[Game | str]) -> bytes:
    """JSON Lines of games (a str is written as the raw line)."""
    return b"".join((g if isinstance(g, str) else json.dumps(g)).encode() + b"\n" for g in games)


def write(path: Path, games: Iterable[Game | str]) -> Path:
    data = jsonl(games)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(data) if path.name.lower().endswith(".gz") else data)
    return path
