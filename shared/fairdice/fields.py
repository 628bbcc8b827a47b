"""Constrained field types, defined once and shared by every scheme's request model (and `BasePath`,
shared by the functions' settings).

Each validator says in words what is wrong, so an API or CLI error can name the field and the
reason (`fairdice.problems`).
"""

import datetime as dt
import ipaddress
import itertools
import re
import string
import unicodedata
from collections.abc import Callable
from typing import Annotated, TypeVar
from urllib.parse import unquote, urlsplit
from uuid import UUID

from pydantic import AfterValidator, BeforeValidator, Field, SkipValidation, ValidationInfo, WithJsonSchema
from pydantic_core import PydanticCustomError

from fairdice.prose import counted, number, quoted, repr_of

MAX_ROLLS = 10_000
# Rolls listed from the game's start when neither count nor recorded rolls say how many: seed 002's own snippet
# prints 60 (`for i in range(60)`), seed 001's page lists every roll when none are entered, and the offline page
# lists as many. Nothing recorded, nothing compared: such a verdict is at most incomplete.
DEFAULT_ROLLS = 60
MAX_SEATS = 8
_HEX = re.compile(r"[0-9a-fA-F]*")
_CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _fullwidth_of(character: str) -> str:
    """The ASCII character of which `character` is the fullwidth form (U+FF01-U+FF5E), as a Chinese, Japanese or Korean
    keyboard types it; "" for any other. The block alone, by its fixed offset, not NFKC, whose mappings grow with each
    Unicode, so that a browser's newer one says the same (verifier.js's `fullwidthOf`)."""
    return chr(ord(character) - 0xFEE0) if "\uff01" <= character <= "\uff5e" else ""


def _not_hex(text: str) -> str:
    """`, but 'g' is not a hex digit` for the first character of `text` that is none, in Python's repr; "" when every
    one is. A zero-width space or a full stop copied with the value is seen nowhere else (review: "must be hex digits"
    for 64 of them and an invisible U+200B). verifier.js's `notHex` says the same."""
    bad = next((character for character in text if character not in string.hexdigits), None)
    if bad is None:
        return ""
    # A fullwidth digit or letter is named as the one it looks like (review: "'０' is not a hex digit" was said of what
    # reads as 0)
    alike = _fullwidth_of(bad)
    named = f", a look-alike of {alike}," if alike and alike in string.hexdigits else ""
    return f", but {repr_of(bad)}{named} is not a hex digit"


# The most digits a hand's selection is taken to slip by: a value so far off is said short or long by them and to be
# copied again. Farther off, the count alone does not tell the value cut short (or copied with more beside it) from
# another value, a 16-byte secret or a SHA-1 in a seal's place (review: 32 digits of another value were "32 digits
# short; copy it again")
_SLIP = 2


def _off_by(count: int, needed: int, what: str) -> str:
    """What a value of `count` hex digits, where `what` has `needed`, is told: how far off, and what to do."""
    off, the = count - needed, f"the {what.removeprefix('a ')}"
    digits = "one digit" if abs(off) == 1 else f"{abs(off)} digits"
    if -_SLIP <= off < 0:
        return f": it is {digits} short; copy it again"
    if 0 < off <= _SLIP:
        return f": it has {digits} too many; copy it again"
    if off < 0:
        return f": it may be {the} cut short by {-off} digits, or another value; copy {the} again"
    return f": it may be {the} with {off} more digits copied beside it, or another value; copy {the} again"


def _hex(min_bytes: int, max_bytes: int, what: str) -> Callable[[object], str]:
    # The length a value must have, as the refusals say it: made once, with the check, not for each value checked
    if min_bytes == max_bytes:
        span = f"{min_bytes} bytes ({2 * min_bytes} hex digits)"
    else:
        span = f"{min_bytes} to {max_bytes} bytes ({2 * min_bytes}-{2 * max_bytes} hex digits)"

    def check(value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"{what} must be a string of hex digits")
        # Seed 001 writes its key "00 01 02 … 1f", and a seal may be copied in groups or across lines: the spaces in
        # hex change no byte, so they are left out; every message about the digits then says so.
        text = "".join(value.split())
        spaced = text != value.strip()
        if not _HEX.fullmatch(text):
            left_out = "; its spaces were left out" if spaced else ""
            # A value copied from a tool that writes hex as 0x… (support review: its x was named, not the 0x to drop);
            # a 0x with no digit after it is no value at all (review: it was told to leave the 0x out, leaving nothing)
            prefixed = text[:2] in ("0x", "0X") and _HEX.fullmatch(text[2:]) is not None
            drop = ""
            if prefixed:
                drop = (
                    ": leave out the 0x in front"
                    if text[2:]
                    else f": no digits follow its 0x; copy the {what[2:]} again"
                )
            raise ValueError(f"{what} must be hex digits (0-9, a-f){left_out}{_not_hex(text)}{drop}")
        not_counted = ", spaces not counted" if spaced else ""
        if len(text) % 2:
            # Said with the length it must have and, one digit from a length of its own, which way it is off (support
            # review: a seal copied without its last digit was "an odd number of hex digits (63)", with no word of the
            # 64 it needs; then "one was lost or added" for 63 and 65 alike). A secret of 31 digits may be a link cut
            # short: not a digit lost, so not said so. Farther off, as an even count is (review: 61 digits had no
            # advice, where 62 were "2 digits short"). Of a value whose length may be any in a span (a secret of 16 to
            # 64 bytes), which way is not known, but within the span an odd count is no value's: a digit was lost or
            # added (review: 63 digits of a secret had no advice at all). Outside it, it may be another value, as an
            # even count there may be: the span alone is said.
            if min_bytes == max_bytes:
                slip = _off_by(len(text), 2 * min_bytes, what)
            elif 2 * min_bytes < len(text) < 2 * max_bytes:
                slip = ": a digit of it was lost or one added (hex is two digits a byte); copy it again"
            else:
                slip = ""
            raise ValueError(
                f"{what} has an odd number of hex digits ({len(text)}{not_counted}), where it must be {span}{slip}"
            )
        size = len(text) // 2
        if not min_bytes <= size <= max_bytes:
            got = f"{size} byte" if size == 1 else f"{size} bytes"
            advice = ""
            if size == 2 * max_bytes and text[: len(text) // 2].lower() == text[len(text) // 2 :].lower():
                advice = f": its two halves are the same {max_bytes} bytes, as if it was pasted twice; give it once"
            elif min_bytes == max_bytes and text:
                # Said in the digits a person counts, and what to do, as an odd count is (support review: a seal copied
                # without its last two digits was "got 31 bytes", with no word of the digits lost or of copying again).
                # Not of an empty value, which was never copied (review: "got 0 bytes: it is 64 digits short; copy it
                # again")
                advice = _off_by(len(text), 2 * min_bytes, what)
            raise ValueError(f"{what} must be {span}, got {got}{f' ({not_counted[2:]})' if spaced else ''}{advice}")
        return text.lower()

    return check


def _bytes(least: int, most: int) -> str:
    """`16-64 bytes`, or `32 bytes` where both bounds are one (review: "32-32 bytes")."""
    return f"{least} bytes" if least == most else f"{least}-{most} bytes"


def _hex_schema(min_bytes: int, max_bytes: int, what: str) -> WithJsonSchema:
    return WithJsonSchema(
        {
            "type": "string",
            "pattern": f"^\\s*([0-9a-fA-F]\\s*[0-9a-fA-F]\\s*){{{min_bytes},{max_bytes}}}$",
            "description": f"{what}: {_bytes(min_bytes, max_bytes)} as hex, any case; spaces are left out",
        }
    )


Secret = Annotated[str, BeforeValidator(_hex(16, 64, "a secret")), _hex_schema(16, 64, "a secret")]
Seal = Annotated[str, BeforeValidator(_hex(32, 32, "a seal")), _hex_schema(32, 32, "a seal (SHA-256)")]
# Seeds 001 and 002: a bot game's key (bg-dice-v1) and a narde-v1 key are 32 bytes, where a secret in general may be 16
# to 64 (review: a 16-byte key, which neither app makes, read fair)
Key32 = Annotated[str, BeforeValidator(_hex(32, 32, "a key")), _hex_schema(32, 32, "the game's key")]
DaySecret = Annotated[str, BeforeValidator(_hex(32, 32, "a day secret")), _hex_schema(32, 32, "a day secret")]


def _app_number(value: object) -> str:
    text = "".join(value.split()) if isinstance(value, str) else ""
    if not 1 <= len(text) <= 128 or not _HEX.fullmatch(text):
        spaced = " (its spaces were left out)" if isinstance(value, str) and text != value.strip() else ""
        # The character that is no hex digit named, as a secret's is (review: a zero-width space in an app's number
        # was "must be 1 to 128 hex digits", the character seen nowhere)
        raise ValueError(f"an app's number must be 1 to 128 hex digits{spaced}{_not_hex(text)}{_app_0x(text)}")
    return text.lower()


def _app_0x(text: str) -> str:
    """What a number written 0x… is told (review: "'x' is not a hex digit", no word of the 0x to leave out). Seed 001's
    key takes the number as the app wrote it, so the digits after the 0x are said to be checked too: a tool that writes
    0x may have left out zeros in front, and the same number with another count of them rolls other dice."""
    if text[:2] not in ("0x", "0X") or not _HEX.fullmatch(text[2:]):
        return ""
    if not text[2:]:
        return ": no digits follow its 0x; copy the app's number again"
    return (
        ": leave out the 0x in front, and check the digits after it against your app's, zeros in front and all: with"
        " another count of zeros, the same number rolls other dice"
    )


AppNumber = Annotated[
    str,
    BeforeValidator(_app_number),
    WithJsonSchema({"type": "string", "pattern": "^\\s*([0-9a-fA-F]\\s*){1,128}$"}),
]


def _client_seed(value: object) -> str:
    if isinstance(value, str) and _CLIENT_SEED.fullmatch(value):
        return value
    rule = "a client seed is 1 to 128 characters of letters, digits, _ and -"
    if not isinstance(value, str):
        raise ValueError(rule)
    # A space copied with a seed is said (review: "b " was refused with no word of the space; pair36.js alike)
    stripped = value.strip()
    if _CLIENT_SEED.fullmatch(stripped):
        raise ValueError(f"{rule}: {repr_of(stripped)} has a space before or after it")
    # and so is any other character it may not hold, an invisible one as its escape (review: "b\u200b" was refused
    # with no word of what was wrong)
    bad = next((c for c in value if not _CLIENT_SEED.fullmatch(c)), None)
    if bad is None:  # every character one it may hold: its length is wrong, said as a phrase's is (review)
        raise ValueError(f"{rule}: it is empty" if not value else f"{rule}: it has {number(len(value))}")
    # A fullwidth letter or digit named as the one it looks like (review: "'ａ' is none of them" of letters and digits)
    alike = _fullwidth_of(bad)
    named = f", a look-alike of {alike}," if alike and _CLIENT_SEED.fullmatch(alike) else ""
    raise ValueError(f"{rule}: {repr_of(bad)}{named} is none of them")


ClientSeed = Annotated[
    str,
    BeforeValidator(_client_seed),
    WithJsonSchema({"type": "string", "pattern": "^[A-Za-z0-9_-]{1,128}$"}),
]


# Unicode's categories Cc (control characters) and Cs (surrogates), whole: both are closed sets (Unicode's stability
# policy fixes Cc; Cs is the surrogate range), so one search in C reads a phrase, not a category lookup per character.
_CONTROL_OR_SURROGATE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _control(value: str, found: re.Match[str]) -> str:
    """The control character `found` in `value`, as a person pasting text sees it: a line break or a tab, where it is at
    an end (review: "test" pasted with the line break after it was told it "must not contain control characters", a
    character the person could not see and was not named). verifier.js's `control` says the same."""
    character, at = found[0], found.start()
    # A vertical tab, a form feed or a next line is a line break too (Unicode's mandatory breaks: a word processor's
    # line or page break, copied with the text), said so with its escape, which names which one (review: "'\x0b'", a
    # character the person had seen as a line break)
    said = (
        "a line break"
        if character in "\n\r"
        else "a tab"
        if character == "\t"
        else f"a line break ({repr_of(character)})"
        if character in "\x0b\x0c\x85"
        else repr_of(character)
    )
    if not value[at + 1 :].strip():
        return f"{said} at its end"
    return f"{said} at its start" if not value[:at].strip() else said


_COUNTED_AS = " (counted as Unicode counts characters, where an emoji or an accented letter may be more than one)"


def _printable(max_chars: int, what: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or not 1 <= len(value) <= max_chars:
            # How long it is, where it is text (review: a phrase of 257 characters was told the bound alone, no word of
            # whether it was too long or empty), counted as the bound is, by code point. Where it holds a character
            # that is no ASCII one, said so: a person counts as one an emoji with a skin tone, a flag, a family or a
            # letter with its accent written apart, each two or more (review: 100 family emoji were "it has 500")
            has = (
                ""
                if not isinstance(value, str)
                else ": it is empty"
                if not value
                else f": it has {number(len(value))}{'' if value.isascii() else _COUNTED_AS}"
            )
            raise ValueError(f"{what} must be text of 1 to {max_chars} characters{has}")
        # Control characters and lone surrogates are refused. A code point this Python's Unicode has not assigned is
        # accepted, and shown as its code point (`prose.unseen`): a browser's newer Unicode may have assigned it, and
        # the two must not give one link two answers.
        if _CONTROL_OR_SURROGATE.search(value):
            # Each said as what it is: a lone surrogate (JSON's "\ud800") is no control character (review)
            if control := _CONTROL.search(value):
                raise ValueError(f"{what} must not contain control characters: it holds {_control(value, control)}")
            raise ValueError(f"{what} must not contain a lone surrogate, which is no character")
        return value

    return check


MAX_PHRASE = 256  # a phrase's most characters (the audit's fast path takes a phrase only within it)
Phrase = Annotated[
    str,
    BeforeValidator(_printable(MAX_PHRASE, "a phrase")),
    WithJsonSchema(
        {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_PHRASE,
            "description": "the phrase the app showed for the game (no control characters): it goes into every roll",
        }
    ),
]
SeatSeed = Annotated[
    str,
    BeforeValidator(_printable(256, "a client seed")),
    WithJsonSchema(
        {
            "type": "string",
            "minLength": 1,
            "maxLength": 256,
            "description": "the seat's client seed as the game showed it (no control characters)",
        }
    ),
]


def _whole_number(value: object) -> object:
    # Pydantic's lax mode reads true as 1, and "007", "+7" or "7_0" as numbers: a number that places a roll in a game
    # is written one way only, so that no spelling of it can stand for another or be searched over.
    if isinstance(value, bool):
        raise ValueError(f"must be a whole number, got {quoted(value)}")
    if isinstance(value, float):  # 5.0 in JSON is read as 5 by lax mode: a second spelling of 5
        raise ValueError(f"must be a whole number without a decimal point or exponent, got {repr_of(value)}")
    if isinstance(value, str) and not _CANONICAL_INT.fullmatch(value):
        if any(character.isdigit() for character in value):
            raise ValueError(
                f"must be a whole number in the digits 0-9, without leading zeros, spaces or signs, got {quoted(value)}"
            )
        raise ValueError(f"must be a whole number, got {quoted(value)}")
    return value


_CANONICAL_INT = re.compile(r"0|[1-9][0-9]{0,15}")
# Last in a type's metadata, after its Field: so placed, pydantic keeps the bounds in the JSON schema.
WHOLE_NUMBER = BeforeValidator(_whole_number)


def _yes_or_no(value: object) -> object:
    # Pydantic's lax mode reads a float as a yes or no too: 1.0 as true, 0.0 as false, and 1e-400, which JSON's reader
    # makes 0.0, as false. A yes or no is true or false (or the word, 1 or 0 a link carries), never a number with a
    # point or an exponent, as a whole number is never one (WHOLE_NUMBER).
    if isinstance(value, float):
        raise ValueError(f"must be true or false, not a number with a decimal point or exponent, got {repr_of(value)}")
    return value


# Before pydantic's own bool: what else it reads (true/false, yes/no, on/off, 1/0 and their words) is left to it.
YES_OR_NO = BeforeValidator(_yes_or_no)
Count = Annotated[
    int,
    Field(
        ge=1,
        le=MAX_ROLLS,
        description=f"how many rolls, 1 to {number(MAX_ROLLS)}; without count or recorded rolls, {DEFAULT_ROLLS}"
        " are listed",
    ),
    WHOLE_NUMBER,
]


def _stranger(text: str, own: str, said: str) -> str:
    """`: '\\u200b' is none of its {said}` for the first character of `text` that is no ASCII one, a fullwidth one named
    as the one of `own` it looks like; "" where every one is ASCII, seen as typed, which the rule's form says enough of.
    A character copied with the value that shows nothing or looks like one of its own (a zero-width space, a curly
    quote, an en dash, a fullwidth digit) is seen nowhere else (review: "a UUID such as …" said of what reads as one).
    daily.js's `stranger` says the same."""
    bad = next((character for character in text if not character.isascii()), None)
    if bad is None:
        return ""
    alike = _fullwidth_of(bad)
    named = f", a look-alike of {alike}," if alike and alike in own else ""
    return f": {repr_of(bad)}{named} is none of its {said}"


_DAY_RULE = "a date is written YYYY-MM-DD (UTC)"


def _day(value: object) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value.strip()):
        # Its character that is no ASCII one named, as a player id's is (review: a date copied with a zero-width space,
        # or typed in fullwidth digits, was only told the form it reads as)
        text = value.strip() if isinstance(value, str) else ""
        said = _stranger(text, string.digits + "-", "digits and hyphens") or _day_off(text)
        raise ValueError(f"{_DAY_RULE}{said}")
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"{value.strip()} is not a date in the calendar") from None


# A date as another program writes one: its month or day in one digit, or a time after it (ISO 8601's `T`, or a
# space), in UTC (`Z`, `UTC`, an offset of zeros) or at an offset
_DAY_WRITTEN = re.compile(
    r"(?P<year>[0-9]{4})-(?P<month>[0-9]{1,2})-(?P<day>[0-9]{1,2})"
    r"(?P<time>[Tt ][0-9]{1,2}(?::[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?)?"
    r" ?(?P<zone>[Zz]|UTC|GMT|[+-][0-9]{2}(?::?[0-9]{2})?)?)?"
)


def _day_off(text: str) -> str:
    """What to write for `text`, of ASCII characters alone, that is a date written with a time after it or with its
    month or day in one digit (`2026-01-01T00:00:00Z`, `2026-1-1`): the date alone, or in two digits each, as
    `2026-01-01`; where the time is at an offset from UTC, the day in UTC, which may be another (no example, as it may
    be the day before or after). "" for anything else, or a date not in the calendar, which the rule's form says
    enough of (review: both were told the form alone). daily.js's `dayOff` says the same."""
    written = _DAY_WRITTEN.fullmatch(text)
    if written is None:
        return ""
    date = f"{written['year']}-{int(written['month']):02}-{int(written['day']):02}"
    try:
        dt.date.fromisoformat(date)
    except ValueError:
        return ""
    zone = written["zone"]
    if zone is not None and zone.upper() not in ("Z", "UTC", "GMT") and zone.strip("+-:0"):
        return ": write the date alone, as the day it is in UTC"
    if written["time"] is None:
        return f": write its month and day in two digits, as {date}"
    return f": write the date alone, as {date}"


def field_error(field: str, message: str) -> PydanticCustomError:
    """A model-level error that names the field it is about (pydantic would name the model).

    `fairdice.problems.describe` reads the field from the error's context. Pydantic only
    substitutes `{field}` in the message, so other braces pass through as written.
    """
    return PydanticCustomError("field_error", message, {"field": field})


# The validation context's key for the names the input gives its fields (a link's parameters), by field.
NAMES = "names"


def named(info: ValidationInfo, field: str) -> str:
    """A field as the input calls it, for a message that names another field: a link's own parameter when a link
    is read (`NAMES` in the validation context), else the request's field."""
    names: dict[str, str] = (info.context or {}).get(NAMES, {})
    return names.get(field, field)


def in_link(info: ValidationInfo) -> bool:
    """Whether a link is read (`NAMES` in the validation context, as `fairdice.links` gives it)."""
    return NAMES in (info.context or {})


Day = Annotated[
    dt.date,
    BeforeValidator(_day),
    WithJsonSchema({"type": "string", "format": "date", "description": "a UTC day, YYYY-MM-DD"}),
]


_PLAYER_RULE = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000"


def _player(value: object) -> str:
    text = str(value).strip() if isinstance(value, str | UUID) else ""
    if not _UUID.fullmatch(text):
        # A character copied with the id that is no ASCII one named, as a hex value's is (`_stranger`); an address's
        # id, which comes percent-encoded, is named as it reads decoded (`_in_address`)
        said = _stranger(text, string.hexdigits + "-", "hex digits and hyphens") or _uuid_off(text)
        raise ValueError(f"{_PLAYER_RULE}{said}")
    return str(UUID(text))


_UUID = re.compile(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}")


def _uuid_off(text: str) -> str:
    """What is wrong with `text`, of ASCII characters alone, that is nearly a UUID: a count of hex digits not 32 (an id
    cut short, or copied with more), hyphens elsewhere than a UUID's, or the braces or urn:uuid: another program writes
    one with; "" for anything else, which the rule's example says enough of (review: an id copied without its last
    digit was told "a UUID such as …", no word of the digit). daily.js's `uuidOff` says the same."""
    digits = text.replace("-", "")
    if digits and _HEX.fullmatch(digits):
        off = len(digits) - 32
        if off:
            # Copied again where a digit or two was lost or added, as a hex value is; farther off, the count alone does
            # not tell the id cut short from another value, worded by `_off_by` (review: "42", a player's number, and a
            # 64-digit key pasted into the field were "… hex digits, where a UUID has 32; copy it again")
            advice = (
                "copy it again" if abs(off) <= _SLIP else _off_by(len(digits), 32, "a player id").removeprefix(": ")
            )
            return f": it has {counted(len(digits), 'hex digit', 'hex digits')}, where a UUID has 32; {advice}"
        return ": its hyphens are not where a UUID's are (8-4-4-4-12 digits)"
    if text[:1] == "{" and text[-1:] == "}" and _UUID.fullmatch(text[1:-1]):
        return ": leave out the braces around it"
    if text[:9].lower() == "urn:uuid:" and _UUID.fullmatch(text[9:]):
        return ": leave out the urn:uuid: in front"
    return ""


PlayerId = Annotated[
    str,
    BeforeValidator(_player),
    WithJsonSchema({"type": "string", "format": "uuid", "description": "the player's id, a UUID"}),
]

_Checked = TypeVar("_Checked")


def _in_address(check: Callable[[object], _Checked], rule: str) -> Callable[[object], _Checked]:
    """`check` of a value in an address's path, which the routes hand over with each character no route takes
    percent-encoded (`/daily/2025-03-01/{id}%E2%80%8B`): checked as it comes, so that no escape makes it another value,
    and refused in the words of it decoded, which name the character (review: a zero-width space or an en dash in the
    player id of GET /daily/{date}/{player_id} was told "a UUID such as …" alone, where a body's or a link's is named,
    as the first character that is no ASCII one was the % of its escape). What decodes to a value `check` takes but
    for the blanks around it, which an address's value may not hold (review: `/daily/2025-03-01%20`, once the day's
    record), is told its `rule` and where they are (review: told the rule alone, of what reads as a date or an id);
    what decodes to no UTF-8 keeps the words of it as it came."""

    def read(value: object) -> _Checked:
        try:
            return check(value)
        except ValueError:
            words = _decoded_words(check, value)
            if words is None:
                raise
            raise ValueError(words or f"{rule}: {_blanks_around(unquote(str(value)))}") from None

    return read


def _decoded_words(check: Callable[[object], object], value: object) -> str | None:
    """What `check` says of `value` percent-decoded; "" where decoded it is a value `check` takes (which only blanks
    around it make one an address may not hold); None where it is no text holding an escape, or decodes to no
    UTF-8."""
    if not isinstance(value, str) or "%" not in value:
        return None
    try:
        shown = unquote(value, errors="strict")
        check(shown)
    except UnicodeDecodeError:
        return None
    except ValueError as refused:
        return str(refused)
    return ""


_LINE_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"


def _blanks_around(text: str) -> str:
    """`it has a space after it`: where the blanks around `text` are, and which, in their order (a tab, a line break, a
    space; `a tab then a space`); a character `str.strip` takes that is none of them (an information separator,
    U+001C to U+001F) named by its escape (review: `%09%20` was told "2 spaces", and `%1F` "a space")."""

    def kind(character: str) -> str:
        if character == "\t":
            return "tab"
        if character in _LINE_BREAKS:
            return "line break"
        return "space" if unicodedata.category(character) == "Zs" else ""

    def said(run: str) -> str:
        groups = [(named, "".join(group)) for named, group in itertools.groupby(run, kind)]
        return " then ".join(
            repr_of(group) if not named else f"a {named}" if len(group) == 1 else f"{len(group)} {named}s"
            for named, group in groups
        )

    before, after = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    sides = [f"{said(run)} {side} it" for run, side in ((before, "before"), (after, "after")) if run]
    return f"it has {' and '.join(sides)}"


# A date and a player id as an address's path gives them (GET /daily/{date}/{player_id})
AddressDay = Annotated[
    dt.date,
    BeforeValidator(_in_address(_day, _DAY_RULE)),
    WithJsonSchema({"type": "string", "format": "date", "description": "a UTC day, YYYY-MM-DD"}),
]
AddressPlayerId = Annotated[
    str,
    BeforeValidator(_in_address(_player, _PLAYER_RULE)),
    WithJsonSchema({"type": "string", "format": "uuid", "description": "the player's id, a UUID"}),
]

_PATH_SEGMENT = re.compile(r"[A-Za-z0-9._~-]+")


def _base_path(value: object) -> str | None:
    text = value.strip().strip("/") if isinstance(value, str) else "?"
    segments = text.split("/") if text else []
    if not all(_PATH_SEGMENT.fullmatch(segment) and segment not in (".", "..") for segment in segments):
        raise ValueError("a base path is path segments of letters, digits, '.', '_', '~' and '-', such as /dice")
    return f"/{text}" if text else None


# Where a custom domain's API mapping puts the API (`dice` serves it under https://domain/dice/):
# normalised to "/dice", and None for the domain's root.
BasePath = Annotated[str | None, BeforeValidator(_base_path)]

# Read and checked whole by the request's own validator (`fairdice.recorded`), which returns each roll as a tuple of
# faces: pydantic's own validation would only check again what that validator made, at a cost per roll. Tuples, not
# lists: a pasted roll is the reader's own shared tuple (`6-3` is one object however often it is pasted), so reading
# makes no object per roll, and a game compares with `Rolls.dice` as it is.
RecordedInput = Annotated[
    list[tuple[int, ...]] | None,
    SkipValidation,
    WithJsonSchema(
        {
            "description": (
                "the rolls as seen: text such as '6-3 4-4', '63 44', '1: 6-3' lines, a link's digits,"
                " or a list of dice lists"
            ),
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
                {"type": "null"},
            ],
        }
    ),
]


# A host by name, or an IPv6 address in brackets as the local server prints its own (review: http://[::1]:3000); a port
# 1 to 65535, leading zeros or not, as `is_http_url` reads one: the template's PublicBaseUrl pattern is this one, and
# took port 0, which deployed and then failed every cold start (review)
_PORT = r"(:0*(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
# A name of dotted labels, each of letters, digits and inner hyphens, as `_is_host` reads one, a final dot or not: the
# template's pattern took `dice..example.com` and `-dice.example.com`, which deployed and failed every cold start
# (review)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_BASE_URL = re.compile(
    rf"https?://(?:(?:{_LABEL}\.)*{_LABEL}\.?|\[[0-9A-Fa-f:.]+\]){_PORT}(/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?"
)


def base_url(value: str) -> str:
    """A site that links are put under (`FAIRDICE_PUBLIC_BASE_URL`, `fairdice link --base`): an http(s) URL with no
    query or fragment, its trailing slashes taken off; ValueError for anything else, whose link would not open. Nor on
    port 0 (`is_http_url`), which no connection is made to, as the verify API's own links never name it (review:
    `http://x:0` was taken, and every link put under it)."""
    if not _BASE_URL.fullmatch(value) or not is_http_url(value):
        raise ValueError(
            "must be an http(s) URL of a host's name or address (a port, if any, 1 to 65535), without query or"
            " fragment, such as https://dice.example.com"
        )
    return value.rstrip("/")


def is_http_url(value: str) -> bool:
    """An http(s) URL of a host (`_is_host`), with a port that reads (1 to 65535), no query, fragment or blank: what
    the links' base URL and the S3 endpoint both must be (one rule, review J). Port 0 names no port a connection is
    made to (review: refused in a base URL alone, an S3 endpoint `http://127.0.0.1:0` was taken, which botocore takes
    too, and every read of the archive failed once the functions ran, as one past 65535 would)."""
    try:
        parts = urlsplit(value)
        port = parts.port  # a port past 65535, or one that is no number, raises here
    except ValueError:
        return False
    return (
        port != 0
        and parts.scheme in ("http", "https")
        and _is_host(parts.hostname or "")
        and not parts.query
        and not parts.fragment
        and not any(character.isspace() for character in value)
    )


_HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def _is_host(host: str) -> bool:
    """A host a URL may name, as botocore checks an endpoint's: an IPv6 address, or a name (an IPv4 address among them)
    of ASCII letters, digits and inner hyphens in dotted labels, 255 characters at most. One rule for the links' base
    URL and the S3 endpoint (review J: each had its own, and `http://-host` passed one of them)."""
    if not host.isascii() or len(host) > 255:  # counted as botocore counts it, before a final dot is taken off
        return False
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return False
        return True
    name = host.removesuffix(".")
    return len(name) > 0 and all(_HOST_LABEL.fullmatch(label) for label in name.split("."))


BaseUrl = Annotated[str, AfterValidator(base_url)]
