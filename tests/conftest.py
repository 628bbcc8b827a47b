"""Fixtures shared by every test layer."""

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EVENTS = ROOT / "events"


def pytest_configure(config: pytest.Config) -> None:
    """Point the embedded local-disk archive at a fresh folder, never at a developer's var/."""
    if "FAIRDICE_DATA_DIR" not in os.environ:
        os.environ["FAIRDICE_DATA_DIR"] = tempfile.mkdtemp(prefix="fairdice-tests-")


@pytest.fixture
def load_event() -> Callable[[str], dict[str, Any]]:
    """Read `events/<name>.json`: the same files `sam local invoke -e` takes."""

    def load(name: str) -> dict[str, Any]:
        path = EVENTS / (name if name.endswith(".json") else f"{name}.json")
        event: dict[str, Any] = json.loads(path.read_text())
        return event

    return load
