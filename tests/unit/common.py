"""What several module-named unit tests share: the seed documents' test key, requests of two schemes made with it,
and a request's refusals in words."""

from typing import Any

import pytest
from fairdice.problems import describe
from fairdice.schemes import parse_request
from pydantic import ValidationError

KEY = bytes(range(32))  # seeds 001 and 002: "the key 00 01 02 … 1f"
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY.hex(), "client_seeds": ["a", "b"], "count": 3}
DAILY: dict[str, Any] = {"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"}


def problems(data: object) -> list[tuple[str, str]]:
    """The (field, message) pairs a request that does not validate is refused with."""
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(p.field, p.message) for p in describe(caught.value)]
