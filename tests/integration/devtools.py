"""Headless Chromium driven over the DevTools protocol on a pipe, with the standard library only.

`chromium --remote-debugging-pipe` reads protocol commands on its file descriptor 3 and writes
answers and events on 4, each message JSON ended by a NUL byte. One browser serves a whole test
module: pages are opened at any viewport size, scripts evaluated in them (DevTools evaluation is
not bound by the page's Content-Security-Policy, so the real page is measured, not a copy) and
screenshots taken, without a browser start per page.
"""

import base64
import fcntl
import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

# How long the browser may take to answer one command, to load a page, or to make a condition true: long, so that a
# machine loaded many times over its cores (test runs side by side) makes a test slower, never makes it fail; a browser
# that hangs still fails it, saying so, after that long. (Review: on two cores at a load of 12 one walk of /docs's
# texts, tried out, took 27 s, and at a load of 20 and more the 60 s this was timed out: "the browser did not answer
# in time".) No test passes or fails by how long a step takes.
TIMEOUT = 300.0
# An evaluation's own limit, within the wait for its answer: one that runs over is stopped and named by the browser,
# where with the same limit the wait for its answer could end first, naming no expression
EVALUATION_TIMEOUT = TIMEOUT - 30


# Every element with a box that reaches past the viewport's left or right edge, named by tag, id and class; but an
# element inside a box that scrolls sideways (`.scroll`, the rolls table's), which does not widen the page itself.
_OVERFLOW = r"""
(() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.parentElement.closest(".scroll")) continue;
    const box = node.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      const name = `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""} ${node.className}`;
      wide.push(`${name}: ${Math.round(box.left)} to ${Math.round(box.right)}`);
    }
  }
  return { width, scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 10) };
})()
"""

# The box of every character of the first element a selector finds, in the order the characters were typed, each
# with the element's own box: where the browser drew them (a right-to-left run is drawn right to left).
_CHARACTERS = r"""
((selector) => {
  const element = document.querySelector(selector);
  const boxes = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let at = 0; at < node.length; at += node.data.codePointAt(at) > 0xffff ? 2 : 1) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + (node.data.codePointAt(at) > 0xffff ? 2 : 1));
      const { left, right, top, bottom } = range.getBoundingClientRect();
      boxes.push({ character: range.toString(), left, right, top, bottom });
    }
  }
  const { left, right, top, bottom } = element.getBoundingClientRect();
  return { element: { left, right, top, bottom }, characters: boxes };
})
"""


class DevToolsError(RuntimeError):
    """The browser answered a command with an error, or did not answer in time."""


def _high(fd: int) -> int:
    """The same pipe end on a descriptor above 4, so moving the child's ends onto 3 and 4 cannot clash."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    """One headless Chromium process and one page in it."""

    def __init__(self, executable: str, profile: Path) -> None:
        to_browser, commands = map(_high, os.pipe())
        answers, from_browser = map(_high, os.pipe())

        def onto_3_and_4() -> None:
            os.dup2(to_browser, 3)  # os.dup2 makes them inheritable: they survive the exec
            os.dup2(from_browser, 4)

        self.process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--no-sandbox",  # the tests may run as root in a container
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=onto_3_and_4,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._commands = commands
        self._answers = answers
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.page("Page.enable")

    def close(self) -> None:
        """End the browser (the one process this object started)."""
        try:
            self.send("Browser.close")
        except (DevToolsError, OSError):
            self.process.kill()
        self.process.wait(timeout=30)
        os.close(self._commands)
        os.close(self._answers)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """Send one command and wait for its answer; events that come first are kept in `events`."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self.events.append(reply)

    def page(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the page."""
        return self.send(method, params, self._session)

    def _read(self, deadline: float | None = None) -> dict[str, Any]:
        deadline = deadline or time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._answers], [], [], max(left, 0))
            if not ready:
                raise DevToolsError("the browser did not answer in time")
            chunk = os.read(self._answers, 1 << 20)
            if not chunk:
                raise DevToolsError("the browser closed its end of the pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def open(self, url: str, width: int, height: int = 900) -> None:
        """Load `url` in a viewport `width` CSS pixels wide (a phone's, below 600) and wait for its load event."""
        self.page(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.events.clear()
        self.page("Page.navigate", {"url": url})
        deadline = time.monotonic() + TIMEOUT
        while not any(event.get("method") == "Page.loadEventFired" for event in self.events):
            self.events.append(self._read(deadline))

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited); a thrown error fails."""
        answer = self.page(
            "Runtime.evaluate",
            {
                "expression": expression,
                "awaitPromise": True,
                "returnByValue": True,
                "timeout": EVALUATION_TIMEOUT * 1000,
            },
        )
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise DevToolsError(details.get("exception", {}).get("description") or details.get("text"))
        return answer["result"].get("value")

    def accessible_name(self, expression: str) -> str:
        """The name the browser's accessibility tree gives the element a JavaScript expression finds: what a screen
        reader says of it."""
        found = self.page("Runtime.evaluate", {"expression": expression})["result"]["objectId"]
        node = self.page("DOM.describeNode", {"objectId": found})["node"]
        tree = self.page("Accessibility.getPartialAXTree", {"backendNodeId": node["backendNodeId"]})
        (it,) = [n for n in tree["nodes"] if n.get("backendDOMNodeId") == node["backendNodeId"]]
        name: str = it["name"]["value"]
        return name

    def wait_for(self, expression: str) -> Any:
        """Evaluate `expression` until it is truthy, and return that value."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise DevToolsError(f"still false after {TIMEOUT} s: {expression}")

    def overflow(self) -> dict[str, Any]:
        """How the open page fits its viewport: its width, its scroll width, and (up to 10) elements past an edge."""
        measured: dict[str, Any] = self.evaluate(_OVERFLOW)
        return measured

    def characters(self, selector: str) -> dict[str, Any]:
        """Where the first element `selector` finds was drawn (`element`), and each of its characters in the order they
        were typed (`characters`: the character, its left, right, top and bottom), in CSS pixels of the viewport."""
        drawn: dict[str, Any] = self.evaluate(f"{_CHARACTERS}({json.dumps(selector)})")
        return drawn

    def picture(self, selector: str) -> bytes:
        """A PNG of the first element `selector` finds, just as it is drawn (scrolled into view first)."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.scrollIntoView();"
            " const b = e.getBoundingClientRect();"
            " return { x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height }; })()"
        )
        shot = self.page(
            "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": box | {"scale": 1}}
        )
        return base64.b64decode(shot["data"])

    def screenshot(self, path: Path) -> Path:
        """A PNG of the whole page, at the viewport's width."""
        metrics = self.page("Page.getLayoutMetrics")
        width, height = metrics["cssContentSize"]["width"], metrics["cssContentSize"]["height"]
        shot = self.page(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
            },
        )
        path.write_bytes(base64.b64decode(shot["data"]))
        return path
