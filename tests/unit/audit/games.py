"""Games to audit, made with the core itself: a fair game records exactly the rolls the core computes; and a day
of the daily archive, published as the publisher publishes it, with its players' rolls."""

import copy
import datetime as dt
import gzip
import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from fairdice import schemes
from fairdice.archive.reader import ArchiveReader
from fairdice.schemes import parse_request
from fairdice.storage import ObjectStore, Stores
from fairdice.verify import verify

from testkit.timeline import Timeline

Game = dict[str, Any]


def core_failing(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, phrase: str | None = None
) -> Callable[..., Any]:
    """The core's `parse_request` raising `error` (as a bug would, or the machine) for the game of `phrase`, or for
    every game; the real one, to put back."""
    real = schemes.parse_request

    def failing(data: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        if phrase is None or data.get("phrase") == phrase:
            raise error
        return real(data, *args, **kwargs)

    monkeypatch.setattr(schemes, "parse_request", failing)
    return real


def key(n: int, scheme: str = "") -> str:
    """Game n's secret; a scheme's own (`scheme`), so that games of two schemes with one number are two secrets: one
    secret filed under two schemes is a repeated game."""
    return hashlib.sha256(f"{scheme}key-{n}".encode()).hexdigest()


def seal(secret_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(secret_hex)).hexdigest()


def narde(n: int, rolls: int = 20) -> Game:
    """A fair narde-v1 game (seal given, every roll recorded) with id `n-<n>`."""
    secret = key(n)
    return recorded(
        {"scheme": "narde-v1", "key": secret, "fingerprint": seal(secret), "phrase": f"p{n}", "count": rolls}, n
    )


def pair36(n: int, rolls: int = 12) -> Game:
    secret = key(n, "pair36")
    request = {"scheme": "pair36", "server_seed": secret, "seal": seal(secret), "client_seeds": ["a", f"b{n}"]}
    return recorded({**request, "count": rolls}, n)


def three_dice(n: int, rolls: int = 10) -> Game:
    secret = key(n, "three-dice")
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
    secret = key(n, "daily")
    player = f"123e4567-e89b-12d3-a456-{n:012d}"
    return recorded(
        {"scheme": "daily", "date": day, "player_id": player, "secret": secret, "commitment": seal(secret)}, n
    )


# The day a daily archive holds, committed in time and revealed, read the morning after.
ARCHIVED_DAY = "2025-03-01"
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
MORNING_AFTER = dt.datetime(2025, 3, 2, 9, tzinfo=dt.UTC)


def publish_archived_day(timeline: Timeline, stores: Stores) -> None:
    """The publisher's two runs that put ARCHIVED_DAY in the stores: committed at 00:00:03, revealed at the next
    midnight."""
    timeline.publish(stores, dt.datetime(2025, 3, 1, 0, 0, 3, tzinfo=dt.UTC))
    timeline.publish(stores, dt.datetime(2025, 3, 2, 0, 0, 1, tzinfo=dt.UTC))


def morning_after(archive: ObjectStore) -> ArchiveReader:
    """A reader of the archive at MORNING_AFTER."""
    return ArchiveReader(archive, clock=lambda: MORNING_AFTER)


def archived_daily(reader: ArchiveReader, n: int, player: str = PLAYER, **fields: Any) -> Game:
    """A daily roll of ARCHIVED_DAY as the player saw it (the faces the archive's secret gives), with id `daily-<n>`."""
    request = {"scheme": "daily", "date": ARCHIVED_DAY, "player_id": player}
    dice = verify(parse_request(request), day_secrets=reader).rolls[0]["dice"]
    return {**request, "recorded": [dice], "id": f"daily-{n}", **fields}


def recorded(request: Game, n: int) -> Game:
    """The request with the rolls the core computes for it recorded, and its id."""
    verdict = verify(parse_request(request))
    game = {key: value for key, value in request.items() if key != "count"}
    game["recorded"] = [roll["dice"] for roll in verdict.rolls]
    game["id"] = f"{request['scheme']}-{n}"
    return game


def bg_dice(n: int, rolls: int = 6) -> Game:
    """A fair bg-dice-v1 game from its opening roll, its rolls' own labels listed (as the core computes them)."""
    secret = key(n, "bg-dice-v1")
    request = {"scheme": "bg-dice-v1", "key": secret, "lock": seal(secret), "count": rolls}
    labels = [roll["label"] for roll in verify(parse_request(request)).rolls]
    return recorded({**request, "count": None, "labels": labels}, n)


def past_what_it_asks(game: Game, keep: int) -> Game:
    """The same game asking for its first `keep` rolls alone (its first `keep` labels where it lists them, else a
    `count`) while it still records every one: those past them are recorded beyond the rolls computed."""
    asked = {"labels": game["labels"][:keep]} if "labels" in game else {"count": keep}
    return {**game, **asked}


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
