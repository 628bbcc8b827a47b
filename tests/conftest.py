"""Fixtures shared by every test layer."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EVENTS = ROOT / "events"


@pytest.fixture
def load_event() -> Callable[[str], dict[str, Any]]:
    """Read `events/<name>.json`: the same files `sam local invoke -e` takes."""

    def load(name: str) -> dict[str, Any]:
        path = EVENTS / (name if name.endswith(".json") else f"{name}.json")
        event: dict[str, Any] = json.loads(path.read_text())
        return event

    return load
