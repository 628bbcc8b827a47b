"""Counts and spans of rolls in words, singular and plural right, numbers grouped by thousands.

The verdict's reasons, the scopes' descriptions and the page say counts this way; the browser's
script (verifier.js) says them in the same words, and a test in Chromium holds the two to it.
"""


def number(n: int) -> str:
    """A whole number as a person reads it: 10,000."""
    return f"{n:,}"


def counted(n: int, one: str, many: str) -> str:
    """`1 roll`, `12 rolls`: the count with its noun (or noun and verb) in the right number."""
    return f"{number(n)} {one if n == 1 else many}"


def span(one: str, many: str, first: int, last: int) -> str:
    """`roll 5` for one roll, `rolls 5 to 7` for more."""
    return f"{one} {number(first)}" if first == last else f"{many} {number(first)} to {number(last)}"


def was(n: int) -> str:
    """`was` for one, `were` for any other count."""
    return "was" if n == 1 else "were"


def listed(parts: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}" if parts else ""
