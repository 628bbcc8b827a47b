"""Processes racing to create one day's secret on the local folders end with exactly one.

Kept apart from the S3 tests so that each spawned process imports only what it needs.
"""

import datetime as dt
import multiprocessing
from pathlib import Path
from typing import Any

from fairdice.archive.layout import secret_key
from fairdice.archive.publisher import get_or_create_secret
from fairdice.storage import FolderStore

DAY = dt.date(2025, 3, 1)
PROCESSES = 6


def own_secret(racer: int) -> bytes:
    return bytes([racer + 1]) * 32


def create_in_a_process(root: str, racer: int, start: Any, results: Any) -> None:
    """One racing process: wait for the others, then get or create the day's secret."""
    start.wait(timeout=60)
    secret, created = get_or_create_secret(FolderStore(Path(root)), DAY, lambda n: own_secret(racer))
    results.put((racer, secret, created))


def test_processes_racing_on_the_local_folders_end_with_one_secret(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(PROCESSES)
    results = context.Queue()
    processes = [
        context.Process(target=create_in_a_process, args=(str(tmp_path), racer, start, results))
        for racer in range(PROCESSES)
    ]
    for process in processes:
        process.start()
    outcomes = [results.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=60)

    assert all(process.exitcode == 0 for process in processes)
    assert len({secret for _, secret, _ in outcomes}) == 1
    assert sum(created for _, _, created in outcomes) == 1
    assert FolderStore(tmp_path).get(secret_key(DAY)) == outcomes[0][1]
    assert [p.name for p in (tmp_path / "secrets").iterdir()] == ["2025-03-01"]  # no temporary file left behind
