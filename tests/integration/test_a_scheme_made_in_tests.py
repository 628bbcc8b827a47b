"""A scheme defined only in the tests, registered there, served by the real handler over real HTTP.

The local server is started in its own process after `testkit.toy_scheme.register()`: the routes'
request models, the links, GET /schemes, the verdict page and the diagnosis must all serve it
without a line of the package naming it.
"""

import http.client
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEY = bytes(range(32, 64)).hex()
LAUNCH = (
    "import runpy, sys; from testkit import toy_scheme; toy_scheme.register();"
    " sys.argv = ['local_server.py', '--host', '127.0.0.1', '--port', '0'];"
    " runpy.run_path('tools/local_server.py', run_name='__main__')"
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The local server with the toy scheme registered, on a free loopback port."""
    folder = tmp_path_factory.mktemp("toy-server")
    out, err = folder / "stdout.txt", folder / "stderr.txt"
    env = {"PYTHONPATH": f"{ROOT}/shared:{ROOT}/functions:{ROOT}", "FAIRDICE_DATA_DIR": str(folder / "var")}
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-c", LAUNCH], cwd=ROOT, stdout=stdout, stderr=stderr, env=env)
    try:
        deadline = time.monotonic() + 60
        while "Ctrl-C" not in out.read_text() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        match = re.match(r"fairdice API listening on (http://127\.0\.0\.1:\d+)", out.read_text())
        assert match, f"the server did not start: {err.read_text()[-2000:]}"
        yield match.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)


def call(base: str, method: str, target: str, body: Any = None, accept: str = "application/json") -> tuple[int, str]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    headers = {"accept": accept} | ({"content-type": "application/json"} if body is not None else {})
    try:
        connection.request(method, target, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def test_a_scheme_registered_in_the_tests_works_through_every_route_the_page_and_the_diagnosis(base: str) -> None:
    request = {"scheme": "toy-d20", "key": KEY, "seed": "abc", "count": 12}

    # GET /schemes lists it, with its dice and its own field names
    status, text = call(base, "GET", "/schemes")
    spec = next(s for s in json.loads(text)["schemes"] if s["id"] == "toy-d20")
    assert (status, spec["dice"], spec["secret_field"]) == (200, [20, 12], "key")

    # POST /verify computes its rolls; sent back as recorded, they are not a mismatch
    status, text = call(base, "POST", "/verify", request)
    verdict = json.loads(text)
    assert (status, verdict["scheme"], len(verdict["rolls"])) == (200, "toy-d20", 12)
    rolls = [roll["dice"] for roll in verdict["rolls"]]
    status, text = call(base, "POST", "/verify", request | {"recorded": rolls})
    assert json.loads(text)["checks"]["rolls"] == "match"

    # POST /links builds its link, and GET /check reads it back to the same verdict, as JSON and as a page
    status, text = call(base, "POST", "/links", request | {"recorded": rolls})
    url = json.loads(text)["url"]
    assert status == 200 and "scheme=toy-d20" in url
    target = url[url.index("/check/") :]
    status, text = call(base, "GET", target)
    assert (status, json.loads(text)["checks"]["rolls"]) == (200, "match")
    status, page = call(base, "GET", target, accept="text/html")
    assert status == 200 and "toy fingerprint" in page and "toy|abc|1" in page

    # A mismatch is diagnosed: by the shared numbering rule, and by the room's own mistake
    status, text = call(base, "POST", "/verify", request | {"first": 3, "count": None, "recorded": rolls})
    finding = json.loads(text)["diagnosis"][0]
    assert (finding["cause"], finding["try"]) == ("numbering_shifted", {"first": 1})
    status, text = call(base, "POST", "/verify", request | {"seed": "ABC"})
    upper = [roll["dice"] for roll in json.loads(text)["rolls"]]
    status, text = call(base, "POST", "/verify", request | {"recorded": upper})
    finding = json.loads(text)["diagnosis"][0]
    assert (finding["cause"], finding["try"]) == ("seat_order", {"seed": "ABC"})
