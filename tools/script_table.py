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

`.venv/bin/python tools/script_table.py marks` prints instead `_COMBINING_ALIKE`, `_COMBINING_ABROAD`,
`_MARKS_AT_HOME` and `_MARKS_AT_HOME_ON`, for prose.py, then for verifier.js: the marks of `diacritical` alike to
another, those of them not at home on a letter of `_SCRIPTS`, and, for each script whose letters (but those of
`_SCRIPTS`) some mark alike to another is at home on, those letters and the marks at home on them, and the letters on
which others are (`at_home`), and the marks at home on a Cyrillic letter and not (`cyrillic`); then `_MARKS_SPELLED`
(`spelled`) and `_DEPRECATED_ALIKE` (`deprecated`), each for prose.py, then for verifier.js.
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


def _mark(member: str) -> bool:
    """A combining mark (Mn, Me) or a spacing one (Mc: the Bengali visarga ঃ, like the Gurmukhi ਃ) NFC leaves as it
    is, that a page does not show whatever is around it."""
    return (
        len(member) == 1
        and unicodedata.category(member) in ("Mn", "Me", "Mc")
        and unicodedata.normalize("NFC", member) == member
        and not prose._traits(member).hidden
    )


def diacritical(mark: str) -> bool:
    """Whether a mark is of the Combining Diacritical Marks (U+0300 to U+036F) or of their Supplement (U+1DC0 to
    U+1DFF), the marks of Latin, Greek, Coptic, Cyrillic and Armenian (`_SCRIPTS`), whose Script_Extensions name no
    script: the acute accent ́, the combining Latin small letter a ͣ, the combining Latin letter small capital m ᷟ."""
    return "\u0300" <= mark <= "\u036f" or "\u1dc0" <= mark <= "\u1dff"


def _extensions(mark: str) -> set[str]:
    """The scripts (ISO 15924 codes) of a mark's Script_Extensions but Inherited and Common, and, of a mark of
    `diacritical`, those of `_SCRIPTS` (Latin, Greek, Coptic, Cyrillic, Armenian), whose letters write it."""
    codes = {code for code in font_unicode.Scripts.NAMES if regex.match(rf"\p{{scx={code}}}", mark)}
    if diacritical(mark):
        codes |= {"Latn", "Grek", "Copt", "Cyrl", "Armn"}
    return codes - {"Zinh", "Zyyy", "Zzzz"}


def _native(mark: str) -> set[str]:
    """The scripts (ISO 15924 codes) of a mark's own Script_Extensions but Inherited and Common: Latin's of the
    combining Latin small letter a ͣ, Cyrillic's of the combining Cyrillic letter a ⷶ; none of the acute accent."""
    codes = {code for code in font_unicode.Scripts.NAMES if regex.match(rf"\p{{scx={code}}}", mark)}
    return codes - {"Zinh", "Zyyy", "Zzzz"}


def _composed() -> set[tuple[str, str]]:
    """Each letter and mark of Unicode's canonical decompositions (NFD) of a character: the shin ש and the shin dot of
    שׁ (U+FB2A), the vav ו and the holam of וֹ (U+FB4B), the e and the acute accent of é."""
    pairs = set()
    for point in range(0x110000):
        spelled = unicodedata.normalize("NFD", chr(point))
        pairs.update((spelled[0], mark) for mark in spelled[1:])
    return pairs


_FIVE = ("Latn", "Grek", "Copt", "Cyrl", "Armn")


@cache
def _written_on() -> dict[str, set[str]]:
    """For each script (ISO 15924 code), the marks a legacy national character set writes on its letters: those of the
    canonical decomposition (NFD) of a character one holds (`everyday`) whose letter is of the script, of `_SCRIPTS`
    together: the cedilla of ç (cp1252), the ogonek of ą and the caron of č (cp1250), the breve of й (cp1251)."""
    found: dict[str, set[str]] = {}
    for point in range(0x110000):
        spelled = unicodedata.normalize("NFD", chr(point))
        if len(spelled) > 1 and everyday(chr(point)):
            code = font_unicode.script(spelled[0])
            for each in _FIVE if code in _FIVE else (code,):
                found.setdefault(each, set()).update(spelled[1:])
    return found


def at_home() -> tuple[set[str], list[tuple[str, list[tuple[int, int]], set[str]]], dict[str, set[str]], set[str]]:
    """`_COMBINING_ALIKE`, `_MARKS_AT_HOME`, `_MARKS_AT_HOME_ON` and `_COMBINING_ABROAD` (`_homes`)."""
    combining, table, on, abroad, _ = _homes()
    return combining, table, on, abroad


def cyrillic() -> tuple[set[str], set[str]]:
    """`_CYRILLIC_MARKS_AT_HOME`, the marks of `_MARKS_ALIKE` at home on a Cyrillic letter, and
    `_CYRILLIC_MARKS_ABROAD`, the marks of `_COMBINING_ALIKE` not at home there (`_homes`): the combining Cyrillic
    letter a ⷶ is, the combining Latin small letter a ͣ, like it, is not."""
    combining, _, _, _, kept = _homes()
    return {m for m in kept if m not in combining}, combining - kept


@cache
def _homes() -> tuple[
    set[str], list[tuple[str, list[tuple[int, int]], set[str]]], dict[str, set[str]], set[str], set[str]
]:
    """`_COMBINING_ALIKE`, the marks of `diacritical` that Unicode's confusables hold alike to another mark;
    `_MARKS_AT_HOME`: of each group of marks alike, on a letter of a script (but of `_SCRIPTS`), the one mark at home
    there, of those whose Script_Extensions hold the script (`_extensions`), the one a legacy national character set
    writes on its letters (`_written_on`), else the one in everyday use (`everyday`), else the one of the script's own
    (`_native`: of Cyrillic's, ⷶ, not the Latin ͣ), else the first; each script by
    the ranges of its letters (`_SCRIPTS`' but) and the marks at home on them; and
    `_MARKS_AT_HOME_ON`, each letter on which the marks at home are others: where Unicode composes some of them with it
    (`_composed`), those (the shin dot and the sin dot on ש, not the holam at home on every other Hebrew letter); and
    `_COMBINING_ABROAD`, the marks of `_COMBINING_ALIKE` not at home so on a letter of Latin, Greek, Coptic or
    Armenian (the comma below ̦ and the right half ring below ̹, like the cedilla ̧ of ç, which cp1252 holds; the
    candrabindu ̐, like the breve and the dot above kept there, one after another); and the marks at home so on a
    Cyrillic letter (`cyrillic`)."""
    combining: set[str] = set()
    groups: list[tuple[list[str], dict[str, set[str]]]] = []
    native: dict[str, set[str]] = {}
    # (and each group's marks alike to two or more marks one after another: the candrabindu ̐, like a breve and a dot
    # above, ̆̇)
    spelled: list[tuple[list[str], list[str]]] = []
    for members in _groups():
        marks = sorted(m for m in members if _mark(m))
        if len(marks) > 1:
            combining.update(m for m in marks if diacritical(m))
            groups.append((marks, {m: _extensions(m) for m in marks}))
            native.update({m: _native(m) for m in marks})
            if sequences := [m for m in members if len(m) > 1 and all(map(_mark, m))]:
                spelled.append((marks, sequences))
    composed = _composed()

    def kept(code: str, letter: str | None) -> set[str]:
        found: set[str] = set()
        for marks, extensions in groups:
            if at := [m for m in marks if code in extensions[m]]:
                own = [m for m in at if (letter, m) in composed]
                written = _written_on().get(code, set())
                # (of those alike a legacy set neither writes nor holds, the script's own: the Cyrillic ⷶ, not the
                # Latin ͣ, on a Cyrillic letter)
                found.update(
                    own or [min(at, key=lambda m: (m not in written, not everyday(m), code not in native[m], m))]
                )
        # where the marks of a sequence alike to a group's are at home, that group's are not: the breve and the dot
        # above are kept, the candrabindu shown
        for marks, sequences in spelled:
            if any(set(sequence) <= found for sequence in sequences):
                found -= set(marks)
        return found

    table = []
    on: dict[str, set[str]] = {}
    candidates = "".join(
        chr(point)
        for point in range(0x110000)
        if unicodedata.category(chr(point)).startswith("L") and not any(own.match(chr(point)) for own in prose._SCRIPTS)
    )
    for code in sorted(set().union(*(e for _, extensions in groups for e in extensions.values()))):
        points = [ord(letter) for letter in regex.findall(rf"\p{{Script={code}}}", candidates)]
        ranges: list[tuple[int, int]] = []
        for point in points:
            if ranges and ranges[-1][1] == point - 1:
                ranges[-1] = (ranges[-1][0], point)
            else:
                ranges.append((point, point))
        if ranges:
            table.append((code, ranges, kept(code, None)))
            of_script = set(map(chr, points))
            for letter in sorted({letter for letter, _ in composed if letter in of_script}):
                if (marks := kept(code, letter)) != table[-1][2]:
                    on[letter] = marks
    # Cyrillic's letters keep their own marks where Latin's, Greek's, Coptic's and Armenian's keep the Latin ones alike
    others = [kept(code, None) for code in _FIVE if code != "Cyrl"]
    if any(other != others[0] for other in others):
        raise SystemExit("Latin, Greek, Coptic and Armenian keep different marks: prose reads them alike")
    abroad = {m for m in combining if m not in others[0]}
    return combining, table, on, abroad, kept("Cyrl", None)


def _escaped_all(characters: set[str], *, js: bool) -> str:
    return "".join(escaped(ord(character), js=js) for character in sorted(characters))


def spelled() -> set[str]:
    """`_MARKS_SPELLED`: each sequence of two or more marks Unicode's confusables hold alike to one character that is
    alike to no other character and not deprecated (the Malayalam ൈ, like െെ; the Telugu ూ, like ుా; the Myanmar
    symbol ႞, like ႃ̊), whose last mark is shown after the others."""

    def mark(member: str) -> bool:
        return unicodedata.category(member).startswith("M")

    found = set()
    for members in _groups():
        ones = [m for m in members if len(m) == 1]
        if len(ones) == 1 and not regex.match(r"\p{Deprecated}", ones[0]):
            found.update(m for m in members if len(m) > 1 and all(map(mark, m)))
    return found


# Each deprecated character a page draws that Unicode's confusables, as the confusable_homoglyphs library ships them,
# hold alike to nothing, with what the Unicode Standard says to write instead, which looks like it: the Khmer
# independent vowel qaa ឤ, like the qa and the sign aa អា, which its Khmer chapter writes for it (review: "ឤ" and "អា"
# were shown alike, as typed).
WRITTEN_INSTEAD = {"\u17a4": "\u17a2\u17b6"}


def deprecated() -> set[str]:
    """`_DEPRECATED_ALIKE`: each deprecated character (Unicode's Deprecated property) that Unicode's confusables hold
    alike to another character or sequence: the Tibetan vowel signs ཷ and ཹ, like ྲཱྀ and ླཱྀ, the sequences Unicode
    writes instead; the Khmer independent vowel ឣ, like អ; the Arabic ٳ, like إ; and those of `WRITTEN_INSTEAD`, like
    what Unicode writes instead (the Khmer ឤ, like អា). What it looks like is at home, and the deprecated character is
    shown."""
    alike = {
        m
        for members in _groups()
        if len(members) > 1
        for m in members
        if len(m) == 1 and regex.match(r"\p{Deprecated}", m)
    }
    return alike | {m for m in WRITTEN_INSTEAD if regex.match(r"\p{Deprecated}", m)}


def print_marks() -> None:
    """`_COMBINING_ALIKE`, `_COMBINING_ABROAD`, `_MARKS_AT_HOME` and `_MARKS_AT_HOME_ON` for prose.py, then for
    verifier.js, to paste over the old ones."""
    combining, table, on, abroad = at_home()
    sets = [("COMBINING_ALIKE", combining), ("COMBINING_ABROAD", abroad)]
    sets += list(zip(("CYRILLIC_MARKS_AT_HOME", "CYRILLIC_MARKS_ABROAD"), cyrillic(), strict=True))
    for js in (False, True):
        for name, members in sets:
            text = lines([(ord(m), ord(m)) for m in sorted(members)], js=js)
            if js:
                print(f"  const {name} = new Set(\n" + " +\n".join(f'      "{line}"' for line in text) + ",\n  );")
            else:
                print(f"_{name} = frozenset(\n" + "\n".join(f'    "{line}"' for line in text) + "\n)")
        if js:
            print("  const MARKS_AT_HOME = [")
        else:
            print("_MARKS_AT_HOME = (")
        for code, ranges, marks in table:
            letters = lines(ranges, js=js)
            kept = lines([(ord(m), ord(m)) for m in sorted(marks)], js=js)
            if js:
                print(f'    // {font_unicode.script_name(code)}\n    ["{code}", new RegExp(')
                print(" +\n".join(f'      "{line}"' for line in ["[", *letters, "]"]) + ', "u"), new Set(')
                print(" +\n".join(f'      "{line}"' for line in kept) + ")],")
            else:
                letters[0] = "[" + letters[0]
                letters[-1] += "]"
                # (the letters' class as text, compiled at its first use: `_mark_home`)
                print(f'    (  # {font_unicode.script_name(code)}\n        "{code}",')
                if len(letters) == 1:
                    print(f'        "{letters[0]}",')
                else:
                    print("        (\n" + "\n".join(f'            "{line}"' for line in letters) + "\n        ),")
                print("        frozenset(")
                print("\n".join(f'            "{line}"' for line in kept))
                print("        ),\n    ),")
        print("  ];" if js else ")\n")
        if js:
            print("  const MARKS_AT_HOME_ON = new Map([")
            for letter, marks in sorted(on.items()):
                print(f'    ["{escaped(ord(letter), js=True)}", new Set("{_escaped_all(marks, js=True)}")],')
            print("  ]);")
        else:
            print("_MARKS_AT_HOME_ON = {")
            for letter, marks in sorted(on.items()):
                print(f'    "{escaped(ord(letter), js=False)}": frozenset("{_escaped_all(marks, js=False)}"),')
            print("}\n")


def main() -> None:
    if sys.argv[1:] == ["twins"]:
        print_twins()
        return
    if sys.argv[1:] == ["marks"]:
        print_marks()
        for js in (False, True):
            text = ", ".join('"' + "".join(escaped(ord(c), js=js) for c in m) + '"' for m in sorted(spelled()))
            print(f"  const MARKS_SPELLED = [{text}];" if js else f"_MARKS_SPELLED = ({text})")
        for js in (False, True):
            text = _escaped_all(deprecated(), js=js)
            print(
                f'  const DEPRECATED_ALIKE = new Set("{text}");' if js else f'_DEPRECATED_ALIKE = frozenset("{text}")'
            )
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
