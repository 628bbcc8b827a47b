"""The local server (tools/local_server.py) started with its clock stopped at a moment a test chose.

A test that publishes "yesterday" and "today" by the wall clock, then asks a server that reads the wall clock on its own
about them, fails whenever 00:00 UTC passes in between: the days the test holds are no longer the server's yesterday and
today. The whole suite runs for over twenty minutes at any time of day, so about one run in a hundred crosses midnight.
A server whose API clock (`verify_api.archive.clock`, read at each request) is a fixed moment, and an archive published
at moments of the same days, agree whenever the test runs.
"""

import datetime as dt
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "tools" / "local_server.py"

_STOPPED = """
import datetime as dt, runpy, sys
sys.path[:0] = [{shared!r}, {functions!r}]
from verify_api import archive
archive.clock = lambda: dt.datetime.fromisoformat({now!r})
sys.argv[0] = {server!r}
runpy.run_path({server!r}, run_name="__main__")
"""


def server_at(now: dt.datetime, *args: str) -> list[str]:
    """The command that runs tools/local_server.py with `args`, its verify API's clock stopped at `now` (UTC)."""
    assert now.utcoffset() == dt.timedelta(0), "a moment in UTC"
    code = _STOPPED.format(
        shared=str(ROOT / "shared"), functions=str(ROOT / "functions"), now=now.isoformat(), server=str(SERVER)
    )
    return [sys.executable, "-c", code, *args]
