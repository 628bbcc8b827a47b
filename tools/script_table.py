"""Write the table of scripts fairdice.prose and verifier.js tell a look-alike's script by (`_OTHER_SCRIPTS`).

Run at development time, when the look-alike sets or the core's Unicode change: `.venv/bin/python
tools/script_table.py` prints the table for prose.py, then for verifier.js, to paste over the old one (then
`ruff format`). It reads the Script property from
the `regex` package (Python's unicodedata has none) and keeps to the letters the core's unicodedata knows, so the
two read every letter alike; tests/unit/test_prose.py holds both copies to `regex`, and the browser's own
`\\p{Script=…}` to the table.
"""

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


def main() -> None:
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
