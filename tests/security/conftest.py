"""The local server as a separate process, over a daily archive with revealed, pending and missing days."""

import datetime as dt
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fairdice.archive.publisher import publish
from fairdice.storage import StorageSettings

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class LocalApi:
    """A running `tools/local_server.py`, and the days its archive holds."""

    url: str
    revealed: list[dt.date]
    today: dt.date

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        request = urllib.request.Request(f"{self.url}{path}", headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:  # loopback only
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())

    def post(self, path: str, payload: object) -> tuple[int, Any]:
        body = json.dumps(payload).encode()
        request = urllib.request.Request(
            f"{self.url}{path}", data=body, headers={"Content-Type": "application/json"}, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())


@pytest.fixture(scope="session")
def local_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalApi]:
    """`tools/local_server.py --port 0` on 127.0.0.1, its archive in a folder of its own.

    The publisher ran on each of the last four days (UTC), so three days are revealed and today
    is pending; every earlier day is unknown.
    """
    data = tmp_path_factory.mktemp("local-api")
    now = dt.datetime.now(dt.UTC)
    stores = StorageSettings(data_dir=data).stores()
    for days_ago in (3, 2, 1, 0):
        publish(stores, now - dt.timedelta(days=days_ago))
    out, err = data / "stdout.txt", data / "stderr.txt"
    environ = {**os.environ, "FAIRDICE_DATA_DIR": str(data), "FAIRDICE_ARCHIVE_BUCKET": "", "NO_PROXY": "127.0.0.1"}
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "local_server.py"), "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT,
            stdout=stdout,
            stderr=stderr,
            env=environ,
        )
    try:
        deadline = time.monotonic() + 60
        while not out.read_text() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        first = (out.read_text().splitlines() or [""])[0]
        match = re.fullmatch(r"fairdice API listening on (http://127\.0\.0\.1:\d+)", first)
        assert match, f"the server did not start: {first!r} {err.read_text()[-2000:]}"
        today = now.date()
        yield LocalApi(match.group(1), [today - dt.timedelta(days=n) for n in (3, 2, 1)], today)
    finally:
        process.terminate()
        process.wait(timeout=10)
