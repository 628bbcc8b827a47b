"""JSON as fairdice reads a game: `json.loads`, but an object that gives a key more than once is refused, and so is
NaN or an infinity, which JSON does not have.

`{"secret": "aa…", "secret": "bb…"}` is the game of secret bb… to Python's json (the last value wins), and may be
the game of aa… to another parser or to a person reading it: what is shown and what is verified would differ.

A number written with a point or an exponent is a float, as json.loads reads it, that a message quotes as it was
written (`WrittenFloat`).
"""

import json
import re
from typing import Any, NoReturn, Self

from fairdice.errors import RepeatedKey


def loads(text: str | bytes) -> Any:
    """`json.loads(text)`, raising `RepeatedKey` for an object, at any depth, that gives a key more than once.

    `NaN`, `Infinity` and `-Infinity`, which json.loads reads as floats but JSON does not have (a browser's JSON.parse
    refuses them), are a `JSONDecodeError` where they are written. Every other failure is json.loads's own:
    `JSONDecodeError` (a `ValueError`), `UnicodeDecodeError` for bytes that are not UTF-8, a `ValueError` for an
    integer beyond Python's digit limit, `RecursionError` for deep nesting.
    Bytes are read as UTF-8 only, a byte order mark refused, as POST /verify reads its body: json.loads would also
    read UTF-16 and UTF-32 and skip a BOM, so an audit line the API refuses was audited (review).
    """
    # json.loads's own steps, on one decoder made once: json.loads(text, object_pairs_hook=…) makes a decoder per
    # call, which would double the cost of reading an audit line.
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if text.startswith("\ufeff"):
        # In words, not Python's own "(decode using utf-8-sig)" (review)
        raise json.JSONDecodeError("it starts with a byte order mark (U+FEFF), which JSON text does not have", text, 0)
    try:
        return _DECODER.decode(text)
    except _NotJson as constant:
        raise json.JSONDecodeError(f"{constant.name} is not a JSON value", text, _where(text, constant.name)) from None


class _NotJson(Exception):
    def __init__(self, name: str) -> None:
        self.name = name


def _not_json(name: str) -> NoReturn:
    raise _NotJson(name)


# A JSON string, whole (a `NaN` inside one is text), or one of the constants `_not_json` refuses
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|-?Infinity|NaN')


def _where(text: str, name: str) -> int:
    """Where the constant the decoder refused is written: the first one outside a string, the text before it having
    been read as JSON."""
    return next((found.start() for found in _STRING_OR_CONSTANT.finditer(text) if found.group() == name), 0)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) < len(pairs):  # rare: look for the key only then, so that a good object costs one dict()
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return found


class WrittenFloat(float):
    """A JSON number written with a point or an exponent: the float json.loads reads, which `repr` (and so
    `prose.repr_of`) writes as it was written, where Python's own repr wrote 1e300 as 1e+300, 1e-400 (read as zero)
    as 0.0 and 1e999 (read as infinite) as inf: a message quotes what was sent. Its value is the float's: it compares,
    hashes and is written by json.dumps as that float."""

    __slots__ = ("written",)
    written: str

    def __new__(cls, written: str) -> Self:
        number = super().__new__(cls, written)
        number.written = written
        return number

    def __repr__(self) -> str:
        return self.written

    def __str__(self) -> str:  # str() and format() write the float as before: only a quote of what was sent changes
        return float.__repr__(self)

    def __reduce__(self) -> tuple[type[Self], tuple[str]]:  # a copy is made from the text, as the decoder made it
        return (type(self), (self.written,))


_DECODER = json.JSONDecoder(object_pairs_hook=_unique, parse_constant=_not_json, parse_float=WrittenFloat)
