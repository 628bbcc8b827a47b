"""The verdict page in a real browser: headless Chromium against the local server (`make serve`).

Chromium sends its own Accept header, so these tests also prove the negotiation a player's phone
gets. Skipped, saying why, where Debian's `chromium` package is not installed. The screenshot
is written under pytest's temporary folder and its path printed (`pytest -s` shows it).
"""

import json
import re
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import Request, urlopen

import pytest
from fairdice.fields import MAX_ROLLS
from fairdice.schemes import parse_request
from fairdice.verify import verify

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed: apt-get install -y chromium (Debian) runs these tests"
)

ROOT = Path(__file__).resolve().parents[2]
KEY = bytes(range(32)).hex()
SEAL = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
PHONE = (412, 900)  # a common phone viewport, in CSS pixels
BROWSER_SECONDS = 120


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """tools/local_server.py on a free loopback port, as `make serve` runs it; its base URL."""
    folder = tmp_path_factory.mktemp("browser-server")
    out = folder / "stdout.txt"
    with out.open("w") as stdout:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "local_server.py"), "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT,
            stdout=stdout,
            stderr=subprocess.DEVNULL,
        )
    try:
        deadline = time.monotonic() + 60
        while "Ctrl-C" not in out.read_text() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        match = re.match(r"fairdice API listening on (http://127\.0\.0\.1:\d+)", out.read_text())
        assert match, f"the local server did not start: {out.read_text()[-2000:]}"
        yield match.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)


def link_for(server: str, request: dict[str, object]) -> str:
    """The game-over link POST /links builds for a verify request."""
    sent = Request(f"{server}/links", data=json.dumps(request).encode(), headers={"Content-Type": "application/json"})
    with urlopen(sent, timeout=30) as reply:  # a loopback URL this test built
        url: str = json.load(reply)["url"]
    return url


def chromium(profile: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Headless Chromium with nothing running besides the page: no network of its own, no sync."""
    return subprocess.run(
        [
            CHROMIUM or "chromium",
            "--headless",
            "--no-sandbox",  # the test may run as root in a container
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            f"--window-size={PHONE[0]},{PHONE[1]}",
            *arguments,
        ],
        capture_output=True,
        text=True,
        timeout=BROWSER_SECONDS,
        check=True,
    )


def dom_of(url: str, tmp_path: Path) -> str:
    return chromium(tmp_path / "profile", "--dump-dom", url).stdout


def rows_of(dom: str) -> list[str]:
    body = re.search(r"<tbody>(.*)</tbody>", dom, re.S)
    assert body is not None, "the page has no table of rolls"
    return re.findall(r"<tr[ >].*?</tr>", body.group(1), re.S)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def shifted_game() -> dict[str, object]:
    """A pair36 match of 20 rolls recorded from roll number 1 but sent as if from 2."""
    real = verify(parse_request({"scheme": "pair36", "server_seed": KEY, "client_seeds": ["a", "b"], "count": 20}))
    recorded = " ".join("-".join(map(str, r["dice"] or [])) for r in real.rolls)
    game = {"scheme": "pair36", "server_seed": KEY, "seal": SEAL, "client_seeds": ["a", "b"], "first": 2}
    return game | {"recorded": recorded}


def test_a_phone_browser_renders_the_verdict_page_with_every_roll_and_a_screenshot(server: str, tmp_path: Path) -> None:
    # Given the game-over link of a game whose rolls are numbered one off
    url = link_for(server, shifted_game())

    # When a headless Chromium the size of a phone opens it
    dom = dom_of(url, tmp_path)
    screenshot = tmp_path / "verdict-page.png"
    chromium(tmp_path / "profile", f"--screenshot={screenshot}", url)

    # Then the page it rendered states the verdict, lists the 20 rolls and their HMAC messages
    assert re.search(r"<h1>Mismatch: 20 of the 20 recorded rolls differ", dom)
    rows = rows_of(dom)
    assert len(rows) == 20
    assert all(f"a:b:{n}<" in row for n, row in enumerate(rows, start=2))
    assert "The roll numbers are shifted" in dom
    assert "Check again with this change" in dom
    # And a screenshot of the phone-sized viewport was produced
    assert png_size(screenshot) == PHONE
    print(f"\nscreenshot of the verdict page: {screenshot}")


def test_the_retry_link_on_the_page_opens_a_fair_verdict_in_the_browser(server: str, tmp_path: Path) -> None:
    dom = dom_of(link_for(server, shifted_game()), tmp_path)
    retry = re.search(r'<a href="([^"]+)">Check again with this change</a>', dom)
    assert retry is not None
    again = dom_of(urljoin(link_for(server, shifted_game()), retry.group(1).replace("&amp;", "&")), tmp_path)
    assert "<h1>Fair: the server seed matches the seal" in again
    assert len(rows_of(again)) == 20


def test_markup_in_a_phrase_is_shown_as_text_and_never_runs(server: str, tmp_path: Path) -> None:
    hostile = '<script>document.title="owned"</script><img src=x onerror="document.title=1">"\''
    url = link_for(server, {"scheme": "narde-v1", "key": KEY, "phrase": hostile, "recorded": "1-1 2-2"})
    dom = dom_of(url, tmp_path)
    assert "<script" not in dom and "<img" not in dom
    assert "&lt;script&gt;document.title=" in dom
    title = re.search(r"<title>(.*?)</title>", dom)
    assert title is not None and "owned" not in title.group(1)


def test_a_game_at_the_roll_cap_renders_whole(server: str, tmp_path: Path) -> None:
    url = link_for(server, {"scheme": "narde-v1", "key": KEY, "phrase": "long", "count": MAX_ROLLS})
    dom = dom_of(url, tmp_path)
    rows = rows_of(dom)
    assert len(rows) == MAX_ROLLS
    assert f"narde-v1|long|{MAX_ROLLS - 1}<" in rows[-1]
