"""Fixtures shared by every test layer."""

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from integration.devtools import Browser

ROOT = Path(__file__).resolve().parent.parent
EVENTS = ROOT / "events"

# Hypothesis times each example against a deadline (200 ms unless a test says otherwise) and fails a test whose first
# examples take over a second to draw (the too_slow health check): both are timings, and this suite runs on a shared
# 2-core machine that it loads itself, where a process can be off the CPU for longer than that. A property whose
# examples take a few milliseconds failed with DeadlineExceeded (or "Unreliable test timings") whenever one example was
# delayed past 250 ms. What a property checks is its assertions, never how fast it ran: a profile of this suite's own,
# loaded here before any test module builds its settings, turns both timings off for every property; `max_examples`
# and every other setting stay each test's own.
settings.register_profile("fairdice", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("fairdice")


def pytest_configure(config: pytest.Config) -> None:
    """Point the embedded local-disk archive at a fresh folder, never at a developer's var/."""
    if "FAIRDICE_DATA_DIR" not in os.environ:
        os.environ["FAIRDICE_DATA_DIR"] = tempfile.mkdtemp(prefix="fairdice-tests-")


@pytest.fixture
def fake_aws_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fake credentials and a region for moto, so no test can reach a real AWS account."""
    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "eu-west-1",
    }.items():
        monkeypatch.setenv(name, value)


@pytest.fixture
def without_boto3(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine set up by `make serve` alone, which installs no boto3: no module of that name is found."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "boto3" else real(name, *a))


@pytest.fixture
def toy() -> Iterator[None]:
    """The test-only scheme (`testkit.toy_scheme`), registered for one test."""
    from testkit import toy_scheme

    toy_scheme.register()
    try:
        yield
    finally:
        toy_scheme.unregister()


@pytest.fixture
def load_event() -> Callable[[str], dict[str, Any]]:
    """Read `events/<name>.json`: the same files `sam local invoke -e` takes."""

    def load(name: str) -> dict[str, Any]:
        path = EVENTS / (name if name.endswith(".json") else f"{name}.json")
        event: dict[str, Any] = json.loads(path.read_text())
        return event

    return load


CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "chromium is not installed: apt-get install -y chromium (Debian) runs these tests"


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """The one headless Chromium of the run, driven over DevTools (`integration.devtools`): starting it takes seconds,
    so every browser test (the offline page against the core, the server's pages, /docs, the pages' searcher in
    tests/security) opens its pages in this one. Skipped, saying why, where Debian's `chromium` package is not
    installed."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    browser = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield browser
    finally:
        browser.close()
