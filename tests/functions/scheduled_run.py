"""A scheduled handler run at a fixed UTC time, with what it logged and the metrics it printed.

The daily publisher's and the watchdog's tests both run their handler this way: the clock swapped for a
fixed one, the logs captured from the Powertools handler's stream, the EMF line read from stdout.
"""

import datetime as dt
import io
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from testkit.lambda_context import FakeLambdaContext

Event = dict[str, Any]


@dataclass
class Run:
    result: dict[str, Any]
    logs: str
    stdout: str

    @property
    def metrics(self) -> dict[str, Any]:
        """The EMF document the run printed: metric name -> value or list of values."""
        for line in self.stdout.splitlines():
            if line.startswith("{") and "_aws" in line:
                document: dict[str, Any] = json.loads(line)
                return document
        raise AssertionError("no metrics were printed")

    def values(self, name: str) -> list[float]:
        """Every value of a metric, none when it was not printed."""
        value = self.metrics.get(name, [])
        return value if isinstance(value, list) else [value]

    def value(self, name: str) -> float:
        """The one value of a metric (EMF may write it as a list of one)."""
        found = self.metrics[name]
        (value,) = found if isinstance(found, list) else [found]
        return float(value)


def at(text: str) -> dt.datetime:
    """An ISO time read as UTC."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)


def run_at(
    app: ModuleType, event: Event, now: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Run:
    """Run `app.lambda_handler` on `event` at the UTC time `now`, capturing what it logs and prints."""
    logs = io.StringIO()
    monkeypatch.setattr(app.logger.registered_handler, "stream", logs)
    monkeypatch.setattr(app, "clock", lambda: at(now))
    capsys.readouterr()
    result = app.lambda_handler(event, FakeLambdaContext())
    return Run(result=result, logs=logs.getvalue(), stdout=capsys.readouterr().out)
