"""How a small phone draws a daily roll's faces, a date and a rolls table, measured in Chromium: the same checks for the
verdict page and the offline page, whose rolls tables are styled alike (page.css, offline.css)."""

import json
from collections.abc import Callable, Iterable
from typing import Any

from fairdice.schemes import parse_request
from fairdice.verify import verify
from integration.devtools import Browser

_BROKEN = """[...document.querySelectorAll(SELECTED)].flatMap((element) => {
  const broken = [];
  const pattern = element.matches("td.dice") ? /[0-9]+(-[0-9]+)+/g : /[0-9]{4}-[0-9]{2}-[0-9]{2}/g;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const found of node.data.matchAll(pattern)) {
      const range = document.createRange();
      range.setStart(node, found.index); range.setEnd(node, found.index + found[0].length);
      if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) broken.push(found[0]);
    }
  }
  return broken;
})"""


def broken_dates_and_rolls(headings: str) -> str:
    """JavaScript giving each date (2026-12-04) in the elements `headings` selects, and each roll's faces (1-2-3-7-4-9)
    in a rolls table, that the browser drew on more than one line."""
    return _BROKEN.replace("SELECTED", json.dumps(f"{headings}, td.dice"))


# Every cell of the rolls table whose box ends past the right edge of the box that scrolls the table sideways, as
# "header or row: the cell's text, how far past": a column a phone hides until the player scrolls.
CELLS_OUT_OF_SIGHT = """(() => {
  const edge = document.querySelector(".scroll").getBoundingClientRect().right;
  return [...document.querySelectorAll(".scroll tr")].flatMap((row) => [...row.cells].map((cell) => [row, cell]))
    .map(([row, cell]) => [row.rowIndex, cell.innerText, cell.getBoundingClientRect().right - edge])
    .filter(([, , past]) => past > 0.5).map(([at, text, past]) => `${at}: ${text} ${past.toFixed(1)} px`);
})()"""


def drawn_on_a_phone(
    browser: Browser,
    targets: Iterable[str],
    opened: Callable[[str], dict[str, Any]],
    width: int,
    headings: str,
    table: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each target opened (`opened`: what it says and how wide it is, at `width`), held to fit that width; then by
    target, each date in `headings` and each roll's faces it drew broken (`broken_dates_and_rolls`), and, where
    `table` selects a rolls table, its cells out of sight (`CELLS_OUT_OF_SIGHT`). The verdict page and the offline
    page alike."""
    broken, hidden = {}, {}
    for target in targets:
        measured = opened(target)
        assert measured["wide"] == [] and measured["scrollWidth"] <= width, (target, measured["wide"])
        broken[target] = browser.evaluate(broken_dates_and_rolls(headings))
        if browser.evaluate(f"document.querySelector({json.dumps(table)}) !== null"):
            hidden[target] = browser.evaluate(CELLS_OUT_OF_SIGHT)
    return broken, hidden


def widest_daily_roll(day: str, secret: str) -> tuple[str, list[int]]:
    """A player whose roll of `day` has the most characters a daily roll can (14: 4-6-8-10-12-20), and its faces."""
    for number in range(1, 100_000):
        player = f"00000000-0000-4000-8000-{number:012x}"
        game = {"scheme": "daily", "date": day, "player_id": player, "secret": secret}
        faces = verify(parse_request(game)).rolls[0]["dice"] or []
        if len("-".join(map(str, faces))) == 14:
            return player, list(faces)
    raise AssertionError(f"no player of {day} has a roll of 14 characters")
