"""How a page draws a value that identifies the game, measured in Chromium: the same checks for the verdict page and
the offline page, which build that part alike (fairdice.page.identity_value, offline.js identityValue)."""

from integration.devtools import Browser


def assert_drawn_in_typed_order(browser: Browser, selector: str, phrase: str) -> None:
    """The value under `selector` is drawn again with its characters left to right, line by line, in the order they
    were typed (its `bdo`), while the value itself (its `bdi`) is drawn as the browser orders it: here, not so."""
    typed = browser.characters(f"{selector} bdo")["characters"]
    assert "".join(box["character"] for box in typed) == phrase
    drawn = [(round(box["top"]), box["left"]) for box in typed]
    assert drawn == sorted(drawn) and len(set(drawn)) == len(drawn), typed
    isolated = browser.characters(f"{selector} bdi")["characters"]
    assert "".join(box["character"] for box in isolated) == phrase
    drawn = [(round(box["top"]), box["left"]) for box in isolated]
    assert drawn != sorted(drawn)  # a right-to-left word is drawn right to left


def first_line_holds(browser: Browser, selector: str) -> int:
    """How many characters of the value under `selector` its first line holds."""
    boxes = browser.characters(f"{selector} bdi")["characters"]
    return sum(1 for box in boxes if box["top"] == boxes[0]["top"])


def assert_space_drawn_and_marked(browser: Browser, selector: str) -> None:
    """The one space of the value under `selector` takes room inside the value's box and carries its mark."""
    drawn = browser.characters(f"{selector} bdi")
    (space,) = [box for box in drawn["characters"] if box["character"] == " "]
    assert space["right"] - space["left"] > 1, space
    assert drawn["element"]["left"] - 0.5 <= space["left"] and space["right"] <= drawn["element"]["right"] + 0.5
    mark = browser.evaluate(f"getComputedStyle(document.querySelector('{selector} .sp')).backgroundColor")
    assert mark not in ("rgba(0, 0, 0, 0)", "transparent")
