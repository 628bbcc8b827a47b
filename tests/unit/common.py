"""What several module-named unit tests share: the seed documents' test key and its seal, requests of two schemes
made with the key, a block no six-sided die can read, a MAC that remembers what it was asked, a request's refusals
in words, and a verdict page's Python recipe and what it prints when run."""

import re
import subprocess
import sys
from html import unescape
from typing import Any

import pytest
from fairdice.dice import Mac, keyed_mac
from fairdice.problems import describe
from fairdice.schemes import parse_request
from pydantic import ValidationError

KEY = bytes(range(32))  # seeds 001 and 002: "the key 00 01 02 … 1f"
FINGERPRINT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
PAIR36: dict[str, Any] = {"scheme": "pair36", "server_seed": KEY.hex(), "client_seeds": ["a", "b"], "count": 3}
DAILY: dict[str, Any] = {"scheme": "daily", "date": "2026-10-28", "player_id": "123e4567-e89b-12d3-a456-426614174000"}
NONE_USABLE = b"\xfc\xfd\xfe\xff" * 8  # every byte is 252 or more: rejected by every six-sided rule


class Recording:
    """A real HMAC that remembers every message it was asked for."""

    def __init__(self, key: bytes) -> None:
        self.mac: Mac = keyed_mac(key)
        self.messages: list[bytes] = []

    def __call__(self, message: bytes) -> bytes:
        self.messages.append(message)
        return self.mac(message)


def problems(data: object) -> list[tuple[str, str]]:
    """The (field, message) pairs a request that does not validate is refused with."""
    with pytest.raises(ValidationError) as caught:
        parse_request(data)
    return [(p.field, p.message) for p in describe(caught.value)]


def recipe_of(page: str) -> str:
    """The Python recipe a verdict page carries, as a person would copy it."""
    found = re.search(r"<pre id=recipe-python[^>]*><code>(.*?)</code></pre>", page, re.S)
    assert found is not None
    return unescape(found.group(1))


def run(code: str) -> list[str]:
    """The lines a recipe prints, run as a program by itself."""
    done = subprocess.run([sys.executable, "-I", "-"], input=code, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()
