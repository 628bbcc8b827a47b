"""Counts and spans of rolls in words, singular and plural right, numbers grouped by thousands.

The verdict's reasons, the scopes' descriptions and the page say counts this way; the browser's
script (verifier.js) says them in the same words, and a test in Chromium holds the two to it.
"""

import re
import unicodedata

# Characters str.isprintable() accepts that show nothing all the same: Unicode's default-ignorable letters and marks
# (the combining grapheme joiner, the Hangul fillers, Khmer's and Mongolian's invisible marks, the variation
# selectors) and the blank braille pattern. verifier.js holds the same list.
_BLANK = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
# Hangul's conjoining jamo: a leading consonant, a vowel and a trailing consonant written apart render as one
# syllable, like the composed one (가 and \u1100\u1161); they are letters, not marks. verifier.js holds the same
# ranges.
_JAMO = re.compile("[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]")


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


def unseen(text: str) -> list[bool]:
    """For each character of `text`, whether a page writes it as its code point, so that no value can look like
    another: a character that shows nothing or looks like another (what str.isprintable() refuses, other than the
    plain space; a default-ignorable letter or mark; the blank braille pattern); a plain space that a page would drop
    or fold into the one before it (first, last, or after a space); and, in text that is not in Unicode's composed
    form (NFC), every character that NFC would change or join to another: a combining mark (a letter and its accent
    apart look like the composed letter), a conjoining Hangul jamo (apart, they look like the composed syllable), and
    a character Unicode holds equal to another (the Kelvin sign U+212A, which looks like K; the Ohm sign; the
    compatibility ideographs). So of two different texts that Unicode holds equal (one NFC), the other is never
    shown like the first."""
    decomposed = not unicodedata.is_normalized("NFC", text)
    last = len(text) - 1
    return [
        (i in (0, last) or text[i - 1] == " ")
        if character == " "
        else not character.isprintable()
        or _BLANK.match(character) is not None
        or (
            decomposed
            and (
                unicodedata.category(character).startswith("M")
                or _JAMO.match(character) is not None
                or unicodedata.normalize("NFC", character) != character
            )
        )
        for i, character in enumerate(text)
    ]


def shown(text: str) -> str:
    """The text with every character `unseen` picks written as its code point, ⟨U+034F⟩."""
    return "".join(
        f"⟨U+{ord(character):04X}⟩" if hidden else character
        for character, hidden in zip(text, unseen(text), strict=True)
    )
