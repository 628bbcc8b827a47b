"""Write the table of scripts fairdice.prose and verifier.js tell a look-alike's script by (`_OTHER_SCRIPTS`).

Run at development time, when the look-alike sets or the core's Unicode change: `.venv/bin/python
tools/script_table.py` prints the table for prose.py, then for verifier.js, to paste over the old one (then
`ruff format`). It reads the Script property from
the `regex` package (Python's unicodedata has none) and keeps to the letters the core's unicodedata knows, so the
two read every letter alike; tests/unit/test_prose.py holds both copies to `regex`, and the browser's own
`\\p{Script=…}` to the table.

`.venv/bin/python tools/script_table.py twins` prints instead `_LOOKS_LETTER` and `_LOOKS_EVERYDAY_SIGN`, for
prose.py, then for verifier.js: of each group of look-alikes that holds a symbol and a letter but an ASCII one
(Unicode's confusables, as the confusable_homoglyphs library ships them), the side not in everyday use (`everyday`).
Then `ruff format`, as for the table.
"""

import sys
import unicodedata
from functools import cache

import confusable_homoglyphs.utils
import regex
from fairdice import prose

# only to name a letter's script, which regex matches but does not tell (it comes with matplotlib, a dev dependency)
from fontTools import unicodedata as font_unicode


def concerned() -> list[str]:
    """The scripts (ISO 15924 codes) of the letters of the look-alike sets that `_others` reads (`_read_by_others`)."""
    codes = set()
    for character in prose._LOOKS_ASCII | prose._LOOKS_ACROSS | prose._OTHERS_ALIKE:
        if prose._read_by_others(character):
            codes.add(font_unicode.script(character))
    return sorted(codes - {"Zyyy", "Zinh", "Zzzz"})


def letters(code: str) -> list[tuple[int, int]]:
    """The ranges of the letters of one script that `_others` reads."""
    script = regex.compile(rf"\p{{Script={code}}}")
    points = [point for point in range(0x110000) if script.match(chr(point)) and prose._read_by_others(chr(point))]
    ranges: list[tuple[int, int]] = []
    for point in points:
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1] = (ranges[-1][0], point)
        else:
            ranges.append((point, point))
    return ranges


def escaped(point: int, *, js: bool) -> str:
    if point < 0x10000:
        return f"\\u{point:04X}" if js else f"\\u{point:04x}"
    return f"\\u{{{point:X}}}" if js else f"\\U{point:08x}"


def lines(ranges: list[tuple[int, int]], *, js: bool) -> list[str]:
    """The ranges escaped, `\\u05d0-\\u05ea`, in lines of at most 96 characters."""
    out = [""]
    for first, last in ranges:
        item = escaped(first, js=js) if first == last else f"{escaped(first, js=js)}-{escaped(last, js=js)}"
        if len(out[-1]) + len(item) > 96:
            out.append("")
        out[-1] += item
    return out


# The legacy national character sets, each the set of the world's text of a script or a nation before Unicode, as
# Python's own codecs hold them: Windows' code pages for Central European, Cyrillic, Western, Greek, Turkish, Hebrew,
# Arabic, Baltic and Vietnamese text; Thailand's TIS-620 (as Windows' 874); Kazakhstan's KZ-1048; Japan's JIS X 0208
# (Shift_JIS), JIS X 0212 (EUC-JP) and JIS X 0213 (Shift_JIS-2004, EUC-JIS-2004); China's GB 2312; Taiwan's Big5; and
# Korea's KS X 1001 (EUC-KR). A character one of them holds was on the keyboards and in the fonts of the text it was
# made for; one none holds was not. Not GB 18030 nor the UTFs, which hold every character. Python holds no codec of
# Armenian's, Ethiopic's, Devanagari's or the Canadian syllabics' sets (ARMSCII-8, ISCII…): of a letter of a script none
# of these holds a letter of, they tell nothing (`judged`).
EVERYDAY_CODECS = (
    *(f"cp{page}" for page in range(1250, 1259)),
    "cp874",
    "kz1048",
    "shift_jis",
    "euc_jp",
    "shift_jis_2004",
    "euc_jis_2004",
    "gb2312",
    "big5",
    "euc_kr",
)


def everyday(character: str) -> bool:
    """Whether a legacy national character set holds the character (`EVERYDAY_CODECS`)."""
    for codec in EVERYDAY_CODECS:
        try:
            character.encode(codec)
        except UnicodeEncodeError:
            continue
        return True
    return False


@cache
def _judged_scripts() -> frozenset[str]:
    """The scripts (ISO 15924 codes) of which a set of `EVERYDAY_CODECS` holds a letter."""
    return frozenset(
        font_unicode.script(chr(point))
        for point in range(0x110000)
        if unicodedata.category(chr(point)).startswith("L") and everyday(chr(point))
    )


def judged(letter: str) -> bool:
    """Whether `everyday` tells of a letter whether it is in everyday use: its script is one a set of
    `EVERYDAY_CODECS` holds letters of: so of the Latin ȼ, not of the Canadian syllabics' ᑕ."""
    return font_unicode.script(letter) in _judged_scripts()


def _groups() -> list[list[str]]:
    """Unicode's confusables as one relation, what looks like what through any other: its groups (a left-to-right
    mark the data writes around a right-to-left character is not part of it)."""
    parent: dict[str, str] = {}

    def root(character: str) -> str:
        while parent.setdefault(character, character) != character:
            character = parent[character]
        return character

    for character, alike in confusable_homoglyphs.utils.load("confusables.json").items():
        for other in alike:
            parent[root(character)] = root(other["c"].strip("\u200e"))
    groups: dict[str, list[str]] = {}
    for character in parent:
        groups.setdefault(root(character), []).append(character)
    return list(groups.values())


def twins() -> tuple[set[str], set[str]]:
    """`_LOOKS_LETTER`, the symbols shown in any value, and `_LOOKS_EVERYDAY_SIGN`, the letters: of each group that
    holds a character but a letter or a mark (but those of `_LOOKS_ASCII`) and a letter but an ASCII one, each drawn
    as itself (shown by no other rule whatever is around it), the letters where some symbol there is `everyday` and
    each letter there is `judged` and not `everyday`, else the symbols: where both sides are in everyday use, or
    neither, or a letter's use is not told, the symbol is shown, as for the em dash — and the Han 一."""
    symbols: set[str] = set()
    letters: set[str] = set()
    for members in _groups():
        ones = [
            m
            for m in members
            if len(m) == 1 and not m.isascii() and not prose._traits(m).hidden and not prose._traits(m).compat
        ]
        of_letters = [m for m in ones if unicodedata.category(m).startswith("L")]
        signs = [m for m in ones if unicodedata.category(m)[0] not in "LM" and m not in prose._LOOKS_ASCII]
        if not of_letters or not signs:
            continue
        if any(everyday(m) for m in signs) and all(judged(m) and not everyday(m) for m in of_letters):
            letters.update(of_letters)
            symbols.update(m for m in signs if not everyday(m))
        else:
            symbols.update(signs)
    return symbols, letters


def print_twins() -> None:
    """`_LOOKS_LETTER` and `_LOOKS_EVERYDAY_SIGN` for prose.py, then for verifier.js, to paste over the old ones."""
    sets = list(zip(("LOOKS_LETTER", "LOOKS_EVERYDAY_SIGN"), twins(), strict=True))
    for name, members in sets:
        text = lines([(ord(m), ord(m)) for m in sorted(members)], js=False)
        print(f"_{name} = frozenset(\n" + "\n".join(f'    "{line}"' for line in text) + "\n)")
    for name, members in sets:
        text = lines([(ord(m), ord(m)) for m in sorted(members)], js=True)
        print(f"  const {name} = new Set(\n" + " +\n".join(f'      "{line}"' for line in text) + ",\n  );")


def main() -> None:
    if sys.argv[1:] == ["twins"]:
        print_twins()
        return
    table = [(code, letters(code)) for code in concerned()]
    print("_OTHER_SCRIPTS = (")
    for code, ranges in table:
        text = lines(ranges, js=False)
        text[0] = "[" + text[0]
        text[-1] += "]"
        print(f'    (  # {font_unicode.script_name(code)}\n        "{code}",\n        re.compile(')
        print("\n".join(f'            "{line}"' for line in text))
        print("        ),\n    ),")
    print(")\n")
    print("  const OTHER_SCRIPTS = [")
    for code, ranges in table:
        print(f'    // {font_unicode.script_name(code)}\n    ["{code}", new RegExp(')
        text = lines(ranges, js=True)
        print(" +\n".join(f'      "{line}"' for line in ["[", *text, "]"]) + ', "u")],')
    print("  ];")


if __name__ == "__main__":
    main()
