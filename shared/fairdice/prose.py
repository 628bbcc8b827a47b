"""Counts and spans of rolls in words, singular and plural right, numbers grouped by thousands.

The verdict's reasons, the scopes' descriptions and the page say counts this way; the browser's
script (verifier.js) says them in the same words, and a test in Chromium holds the two to it.
"""

import re
import unicodedata
from itertools import groupby

# Characters str.isprintable() accepts that show nothing all the same: Unicode's default-ignorable letters and marks
# (the combining grapheme joiner, the Hangul fillers, Khmer's and Mongolian's invisible marks, the variation
# selectors) and the blank braille pattern. verifier.js holds the same list.
_BLANK = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
# Hangul's conjoining jamo: a leading consonant, a vowel and a trailing consonant written apart render as one
# syllable, like the composed one (가 and \u1100\u1161); they are letters, not marks. verifier.js holds the same
# ranges.
_JAMO = re.compile("[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]")
# The letters (of the Basic Multilingual Plane) of the five scripts whose letters most often look alike: Latin, Greek,
# Cyrillic, Armenian and Cherokee. A value that mixes them is how one letter passes for another (a Cyrillic е in
# "Kevin"). verifier.js holds the same classes; a test holds them to Unicode's Script property.
_LOOKALIKE_SCRIPTS = (
    (
        "Latin",
        re.compile(
            "["
            "\u0041-\u005a\u0061-\u007a\u00aa\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02b8\u02e0-\u02e4"
            "\u1d00-\u1d25\u1d2c-\u1d5c\u1d62-\u1d65\u1d6b-\u1d77\u1d79-\u1dbe\u1e00-\u1eff\u2071\u207f"
            "\u2090-\u209f\u212a-\u212b\u2132\u214e\u2183-\u2184\u2c60-\u2c7f\ua722-\ua787\ua78b-\ua7dd\ua7e2"
            "\ua7f1-\ua7ff\uab30-\uab5a\uab5c-\uab64\uab66-\uab69\uab6c-\uab6d\ufb00-\ufb06\uff21-\uff3a"
            "\uff41-\uff5a"
            "]"
        ),
    ),
    (
        "Greek",
        re.compile(
            "["
            "\u0370-\u0373\u0376-\u0377\u037a-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03e1"
            "\u03f0-\u03f5\u03f7-\u03ff\u1d26-\u1d2a\u1d5d-\u1d61\u1d66-\u1d6a\u1dbf\u1f00-\u1f15\u1f18-"
            "\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-"
            "\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4"
            "\u1ff6-\u1ffc\u2126\uab65"
            "]"
        ),
    ),
    (
        "Cyrillic",
        re.compile("[\u0400-\u0481\u048a-\u052f\u1c80-\u1c8a\u1d2b\u1d78\ua640-\ua66e\ua67f-\ua69d]"),
    ),
    (
        "Armenian",
        re.compile("[\u0531-\u0556\u0558-\u0559\u0560-\u0588\u058b-\u058c\ufb13-\ufb17]"),
    ),
    (
        "Cherokee",
        re.compile("[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]"),
    ),
)

# Of the other four scripts' letters, those that look like a Latin letter or a digit (Unicode's confusables, UTS #39):
# a run of one script's letters made of these alone reads as Latin (a Cyrillic АВС for ABC). A test holds them to the
# confusable_homoglyphs library's copy of Unicode's data; verifier.js holds the same.
_LOOKS_LATIN = {
    "Greek": frozenset(
        "\u037a\u037f\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7"
        "\u03b1\u03b3\u03b9\u03bd\u03bf\u03c1\u03c3\u03c5\u03d2\u03dc\u03f1\u03f2\u03f3\u03f9\u03fa\u1d26"
        "\u1fbe"
    ),
    "Cyrillic": frozenset(
        "\u0405\u0406\u0408\u0410\u0412\u0415\u0417\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425"
        "\u042c\u0430\u0431\u0433\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u0461\u0474\u0475"
        "\u04ae\u04af\u04bb\u04bd\u04c0\u04cf\u04e0\u0501\u050c\u051b\u051c\u051d\ua644\ua647"
    ),
    "Armenian": frozenset("\u054d\u054f\u0555\u0561\u0563\u0566\u0570\u0578\u057c\u057d\u0581\u0584\u0585"),
    "Cherokee": frozenset(
        "\u13a0\u13a1\u13a2\u13a5\u13a9\u13aa\u13ab\u13ac\u13b3\u13b7\u13bb\u13bd\u13c0\u13c2\u13c3\u13ce"
        "\u13cf\u13d2\u13d4\u13d5\u13d9\u13da\u13de\u13df\u13e2\u13e6\u13e7\u13ee\u13f3\u13f4\uab75\uab81"
        "\uab83\uab93\uaba9\uabaa\uabaf"
    ),
}


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
    another:

    - a character that shows nothing or looks like another (what str.isprintable() refuses, other than the plain
      space; a default-ignorable letter or mark; the blank braille pattern);
    - a plain space that a page would drop or fold into the one before it (first, last, or after a space);
    - in text that is not in Unicode's composed form (NFC), every character that NFC would change or join to another:
      a combining mark (a letter and its accent apart look like the composed letter), a conjoining Hangul jamo (apart,
      they look like the composed syllable), a character Unicode holds equal to another (the Kelvin sign, like K);
      so of two different texts that Unicode holds equal (one NFC), the other is never shown like the first;
    - every character Unicode holds compatible with another (NFKC changes it): the mathematical 𝖪, the fullwidth Ｋ,
      the ligature ﬁ, the superscript ²;
    - in a value that mixes letters of the scripts whose letters look alike (Latin, Greek, Cyrillic, Armenian,
      Cherokee), every letter of those not of the script it has most of (of the first such letter's, on a tie): the
      Cyrillic е of "Kеvin"; and every run of one of the four others' letters that all look Latin: the Cyrillic АВС
      that reads as ABC.
    """
    decomposed = not unicodedata.is_normalized("NFC", text)
    compatible = not unicodedata.is_normalized("NFKC", text)
    lookalike = _lookalike_letters(text)
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
        or (compatible and unicodedata.normalize("NFKC", character) != character)
        or i in lookalike
        for i, character in enumerate(text)
    ]


def _lookalike_letters(text: str) -> set[int]:
    """The positions of the letters `unseen` shows for scripts that look alike: in a value that mixes them, every one
    not of its main script; and every run of one other script's letters that reads as Latin."""
    if text.isascii():
        return set()
    scripts: list[str | None] = [None] * len(text)
    by_script: dict[str, list[int]] = {}
    for name, letters in _LOOKALIKE_SCRIPTS:  # the classes do not overlap
        places = [match.start() for match in letters.finditer(text)]
        for at in places:
            scripts[at] = name
        if places:
            by_script[name] = places
    # in the order each script is first met
    by_script = dict(sorted(by_script.items(), key=lambda item: item[1][0]))
    found: set[int] = set()
    if len(by_script) > 1:
        # dicts keep their order, so on a tie max() keeps the script met first
        main = max(by_script, key=lambda script: len(by_script[script]))
        found.update(at for script, places in by_script.items() if script != main for at in places)
    at = 0
    for script, run in groupby(scripts):
        end = at + len(list(run))
        if script in _LOOKS_LATIN and set(text[at:end]) <= _LOOKS_LATIN[script]:
            found.update(range(at, end))
        at = end
    return found


def shown(text: str) -> str:
    """The text with every character `unseen` picks written as its code point, ⟨U+034F⟩."""
    return "".join(
        f"⟨U+{ord(character):04X}⟩" if hidden else character
        for character, hidden in zip(text, unseen(text), strict=True)
    )
