"""What a scheme room provides: the contract every module under `fairdice.schemes` fulfils.

A scheme is one module that knows everything about one game's dice: its request model, how its
rolls are computed from the revealed secret, its game-over link, the words its seed document uses,
the mistakes people make with it (for the diagnosis) and how to check it by hand (for the page).
The rest of the core looks a scheme up in the registry (`fairdice.schemes`) and never names one.
"""

import datetime as dt
import json
import math
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, Protocol, TypeVar, get_args

from pydantic import JsonValue, ValidationError

from fairdice.dice import Rolls, hmac_key
from fairdice.errors import InvalidInput
from fairdice.prose import counted, listed, number, shown, span
from fairdice.request import RequestBase
from fairdice.seal import seal_of
from fairdice.verdict import Cause, GameInput, Scope

if TYPE_CHECKING:
    from fairdice.verdict import Verdict

R = TypeVar("R", bound=RequestBase)


@dataclass(frozen=True)
class Words:
    """What the scheme's seed document calls its revealed secret, the seal shown before the game, and a roll, and the
    sentences the diagnosis and the page build of them: one home for a scheme's words, a room whose own differ
    overriding the methods in a subclass (daily's). Its fields alone are the browser's too (`fairdice.offline`)."""

    secret: str
    seal: str
    roll: str = "roll"
    rolls: str = "rolls"
    # Where the player saw the seal before the play: a game's own screen, or daily's archive
    shown: str = "your game showed before its first roll"
    # Which seal alone can show the secret was fixed before the play: the one shown, or daily's archive's, but only
    # published in its time and kept under Object Lock (README's "Daily secrets")
    shows: str = "only that one shows"
    # Whose, other than this game's, recorded rolls and a seal or a secret may be, as the page heads them ("The rolls
    # belong to another game"): a day's roll is one player's of one day, its secret and commitment the day's alone
    other_rolls: str = "another game"
    other_game: str = "another game"

    def elsewhere(self, rolls: str) -> str:
        """What recorded rolls that none of the mistakes tried explains most likely are, `rolls` the scheme's word for
        them in number as the diagnosis chose it: "another game's roll" for one (review: "they are most likely another
        game's rolls" of one roll)."""
        return f"another game's {rolls}"

    def apart(self, they: str) -> str:
        """What recorded rolls that none of the mistakes tried explains and the secret given most likely are, with no
        seal given to tell which of them is this game's, `they` the rolls as the diagnosis names them ("it", "they")."""
        return f"{they} and the {self.secret} most likely come from different games"

    def seal_shown(self) -> str:
        """Where the seal, the other value of a pair pasted in one field, was shown, as the diagnosis says it."""
        return f"the one the game showed before its first {self.roll}"

    def secret_shown(self) -> str:
        """Where the secret, the other value of a pair pasted in one field, was revealed, as the diagnosis says it."""
        return f"the one the game revealed after its last {self.roll}"

    def sealed_as(self) -> str:
        """How the scheme computes its seal, as the diagnosis says it beside one computed otherwise."""
        return f"A game's {self.seal} is SHA-256 of the bytes"

    def copy_both(self) -> str:
        """Where to copy the secret and the seal again from when the seal is most likely not this game's, and what it
        is if both were copied correctly, as the diagnosis says it."""
        return (
            f"copy both from the same game. If both were copied correctly from this game, the {self.secret} is"
            " not the one it committed to"
        )

    def copy_secret(self) -> str:
        """Where to copy the secret again from when it is most likely not this game's, as the diagnosis says it."""
        return "copy it again from the game"


@dataclass(frozen=True)
class MatchWords(Words):
    """The words of a scheme whose seal covers a whole match, every game of it rolled from the one secret (seed 000's
    roll numbers run across the match; seed 001's online key is the match's): a seal or a secret that is not this
    game's is not another game's of the match either, which shares them, but another match's (review: "the seal is
    most likely another game's" of a pair36 match)."""

    other_game: str = "another match"

    def copy_both(self) -> str:
        # Any game of the match shows the same seal and reveals the same secret
        return (
            f"copy both from the same match. If both were copied correctly from this match, the {self.secret} is"
            " not the one it committed to"
        )


@dataclass(frozen=True)
class LinkParam:
    """One parameter of a scheme's game-over link: its name in the URL and the request field it fills."""

    name: str
    field: str  # a dotted path for a nested field: client_seeds.white
    kind: Literal["text", "list", "int", "bool", "rolls", "labels"] = "text"
    prefix: str = ""  # labels: the start every label shares, left out of the link


# The seeds' key, 00 01 02 … 1f (seeds 001 and 002: "the key 00 01 02 … 1f"), and its SHA-256, in hex: the secret and
# the seal of every scheme's example. The test vectors' key is the same (fairdice.vectors).
SEED_KEY = bytes(range(32))
EXAMPLE_KEY = SEED_KEY.hex()
EXAMPLE_SEAL = seal_of(SEED_KEY)


@dataclass(frozen=True)
class Example:
    """A request of the scheme for the API's documentation (/docs' "Try it out" sends it): a game of `EXAMPLE_KEY`
    whose recorded rolls are the core's, and what it is, ending in the verdict it gets (a test holds it to that). Its
    `request` holds the scheme's fields but `scheme`, which the room's id is (the documentation puts it first)."""

    summary: str
    request: Mapping[str, JsonValue]


@dataclass(frozen=True)
class Numbering:
    """How a scheme numbers its rolls when a request says where to start (its `first` field)."""

    what: str  # "roll number", "ply"
    rule: str  # the seed's own rule, as the diagnosis quotes it
    game: str = "game"  # what the numbering runs through: a "match" keeps counting from game to game


# ---- where a secret comes from ---------------------------------------------------------------


# Not frozen: a frozen dataclass sets each of its fields through object.__setattr__, and every game checked builds
# one (BENCHMARKS.md section 7, stop 62); nothing changes one once made
@dataclass(slots=True)
class Revealed:
    """The secret to recompute with, the seal to check it against, and where they came from.

    `caveats` are reasons the seal proves less than that the secret was fixed before the game (a
    commitment published late, say): each keeps the verdict from `fair`, in these words.
    `contradictions` are what the request says that an authority (the daily archive) does not, or what
    the authority says against itself: each makes the verdict a `mismatch`. `seal_published_at` and
    `seal_in_time` say when the seal was published and whether that was before the game's play, where
    an archive knows; `seal_locked`, whether the archive keeps it (and the record that revealed the
    secret) under Object Lock in compliance mode as it was read, where its times are S3's own.
    `seal_source` names where an authority published the seal; `source_uncommitted`
    says the secret recomputed with is the authority's own and does not give the seal it published;
    `uncommitted_secret` is the authority's own where it does not give that seal and the secret recomputed
    with is another, given with the request (None otherwise): rolls recorded from it are this day's, rolled
    from a secret the authority had not committed to, which the diagnosis says, naming where it came from
    (`uncommitted_source`, None where `uncommitted_secret` is).
    """

    secret: bytes
    seal: str | None
    source: str | None = None
    seal_origin: str = "given"  # how the reasons name where the seal came from: "the daily archive published"
    caveats: tuple[str, ...] = ()
    contradictions: tuple[str, ...] = ()
    seal_published_at: dt.datetime | None = None
    seal_in_time: bool | None = None
    seal_locked: bool | None = None
    seal_source: str | None = None
    source_uncommitted: bool = False
    uncommitted_secret: bytes | None = None
    uncommitted_source: str | None = None
    # Why the archive's versions of the seal (and its record) could not be listed, in words (`RevealedDay.unseen`):
    # one of its caveats too; None where they were, or no archive was read
    seal_unseen: str | None = None


def start_of(rolls: Rolls) -> str | int | None:
    """Where rolls start: the first roll's label where rolls are labelled, else its number; None: no roll."""
    if not len(rolls):
        return None
    return rolls.labels[0] if rolls.labels is not None else rolls.numbers[0]


class GameParts(NamedTuple):
    """What the audit's repeated-game check reads of a game checked (`Scheme.game_parts`, `audit.shard.game_key`).

    `sealed`: what the seal fixed for the game's dice (the secret as HMAC uses it, and, where one secret rolls many
    players' dice, whose they are); `inputs`: what that secret rolls every one of its games with (one set of them: a
    line with the same `sealed` and other inputs is no game its secret was made for); `start`: where the line's rolls
    start among the secret's games. Lines that agree in all three are one game filed twice. `shared`: where `sealed`
    holds more than the secret (a day's secret rolls every player's roll of its day), the secret as HMAC uses it alone,
    or where the dice are rolled with a key derived from the secret (a bg-online-v1 match's), that key as HMAC uses it:
    which no game of another scheme may have; None where `sealed` is that already. `shared_by`: what the lines sharing
    it are lines of (a day's secret: its day; a match's key: nothing more, one match derives it), which no other may
    share.
    """

    sealed: object
    inputs: object
    start: object
    shared: object = None
    shared_by: object = None


# A JSON string's character written as it is, with no escape: printable ASCII but the quote and the backslash. A room's
# plain form (`Scheme.plain_members`) and the audit's id take text only of these, which JSON reads as written.
PLAIN_CHAR = rb"[ !#-\[\]-~]"


class PlainFair(NamedTuple):
    """A fair game a room read from its plain form (`Scheme.plain_fair`): its rolls, and its parts for the audit's
    repeated-game check, as the full path computes them (`Scheme.rolls`, `Scheme.game_parts`)."""

    rolls: Rolls
    parts: GameParts


@dataclass(frozen=True)
class Withheld:
    """The secret is not revealed yet: why, when it is due if known, and whether that is past. `seal` is the seal an
    authority (the daily archive) published for it already, with when, whether in time and whether kept, as `Revealed`
    says them; `contradictions`, what the request says that the authority does not (another commitment); `caveats`,
    what keeps the game from `fair` whatever is revealed (no commitment published in its time, one S3 gives no time of
    its own for, one not kept under Object Lock, an archive whose times are not AWS S3's own, or no archive consulted
    at all): the verdict says it (`WithheldReport.at_most_incomplete`)."""

    reason: str
    reveal_at: dt.datetime | None = None
    overdue: bool = False
    seal: str | None = None
    seal_published_at: dt.datetime | None = None
    seal_in_time: bool | None = None
    seal_locked: bool | None = None
    contradictions: tuple[str, ...] = ()
    caveats: tuple[str, ...] = ()


@dataclass(frozen=True)
class RevealedDay:
    """A closed day's secret as the archive revealed it, with its commitment and when that was published."""

    secret: bytes
    commitment: str
    source: str
    published_at: dt.datetime
    in_time: bool  # published within the grace after 00:00 UTC, before the day's play, by a witnessed time
    witnessed: bool  # False: `published_at` is a file's time, which whoever holds the folder can set
    revealed_at: dt.datetime | None = None  # the record's time by the archive; None when it gives none
    revealed_in_time: bool | None = None  # revealed after the day was over, by a witnessed time; None: not witnessed
    committed: bool = True  # the secret gives the commitment published before the day (the reader checks it once)
    locked: bool = False  # its commitment and record are kept whatever anyone asks, still now (`storage.locked_at`)
    # Why the archive's versions of its commitment and record could not be listed, in words (a reader not allowed to):
    # nothing rules out one hidden or written again, so the day is at most incomplete; None where they were listed
    unseen: str | None = None


@dataclass(frozen=True)
class PendingDay:
    """A day whose secret exists but may not be revealed before `reveal_at`; `overdue` once the runs that reveal it
    have all had their time (the archive's reveal deadline) and it is still not revealed."""

    reveal_at: dt.datetime
    overdue: bool = False
    # The moment an audit reads the archive as of, when that is before the day's reveal was final (every run that
    # reveals it had ended): withheld in every shard of the audit alike, whatever the archive holds when each reads it
    as_of: dt.datetime | None = None
    # The day's commitment as the archive published it, what its secret is held to once revealed, and when, as
    # `RevealedDay` says them (`published_at` None where the archive gives no time of its own); None: none published.
    # `in_time` False with no commitment, as the day's record says it (`DayRecord.commitment_in_time`): none published,
    # and the time one had to be published in to show the secret was fixed before the day's play (the grace after
    # 00:00 UTC) was over when the archive was read: whatever is revealed, the day's rolls are at most incomplete
    commitment: str | None = None
    published_at: dt.datetime | None = None
    in_time: bool | None = None
    # Its commitment kept under S3 Object Lock in compliance mode as the archive is read, as the day's record says it
    # (`DayRecord.locked`): False, it may be deleted and another shown in its place, so whatever is revealed, the day's
    # rolls are at most incomplete; None where the archive's times are not S3's own, or none is published
    locked: bool | None = None
    # Whether the archive's times are a witness (`ObjectStore.witnessed`): where they are not (a folder, an S3 endpoint
    # other than AWS's), whatever is revealed, the day's rolls are at most incomplete
    witnessed: bool = True


class DaySecrets(Protocol):
    """Where a scheme whose secrets are published by day finds one that a request does not carry."""

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The revealed day, or when it will be; raises UnknownDay for a day with no secret (FutureDay, its
        kind, for a day not begun) and ArchiveUnavailable when the archive cannot be read."""
        ...


# ---- the diagnosis' vocabulary ----------------------------------------------------------------


def _blank(character: str) -> bool:
    """A character copied at a value's end that shows nothing: a space of any kind, or an invisible format character
    (a zero-width space, a byte order mark, a direction mark)."""
    return character.isspace() or unicodedata.category(character) == "Cf"


def _ends(value: str) -> tuple[int, int]:
    """Where the text between the blanks at the value's ends begins and ends."""
    start, end = 0, len(value)
    while start < end and _blank(value[start]):
        start += 1
    while end > start and _blank(value[end - 1]):
        end -= 1
    return start, end


def trimmed(value: str) -> str | None:
    """Text without the spaces (or invisible characters) at its ends, where it has them and something else
    (`spaces_at_ends`): a space or a zero-width space a person copied with a phrase or a seed goes into every roll's
    HMAC, and is seen nowhere."""
    start, end = _ends(value)
    return value[start:end] if start < end and (start, end) != (0, len(value)) else None


def _quoted(value: str) -> str:
    """The value in quotes, each invisible character at its ends written as its code point, ⟨U+200B⟩."""
    start, end = _ends(value)
    marked = ["".join(c if c.isspace() else shown(c) for c in part) for part in (value[:start], value[end:])]
    return json.dumps(marked[0] + value[start:end] + marked[1], ensure_ascii=False)


def spaces_words(what: str, given: Sequence[str], words: Words | None = None) -> str:
    """What the hypothesis of `trimmed` says: which text (one value, or several trimmed together), and where its
    spaces (or invisible characters) were, in the scheme's `words` for a roll (three-dice's plies)."""
    roll, rolls = (words.roll, words.rolls) if words is not None else ("roll", "rolls")
    bounds = [_ends(value) for value in given]
    copied = "".join(value[:start] + value[end:] for value, (start, end) in zip(given, bounds, strict=True))
    spaces = all(character.isspace() for character in copied)
    one, many = ("space", "spaces") if spaces else ("invisible character", "invisible characters")
    if len(given) == 1:
        (value,), ((start, end),) = given, bounds
        ends = " and ".join(side for side, there in (("start", start > 0), ("end", end < len(value))) if there)
        where = f"the {many if len(copied) > 1 else one} at its {ends}"
    else:
        where = f"the {many} at their ends"
    without = " and ".join(
        json.dumps(value[start:end], ensure_ascii=False) for value, (start, end) in zip(given, bounds, strict=True)
    )
    shown = " and ".join(_quoted(value) for value in given)
    return (
        f"the {rolls} fit {what} without {where}: {without}, not {shown} ({'a' if spaces else 'an'} {one} copied"
        f" with the text goes into every {roll} and shows nowhere)"
    )


# Unicode's SpecialCasing.txt for Turkish and Azeri, whose i and dotless ı are two letters with a capital each (İ, I):
# Python's lower() and upper() follow Unicode's default mappings, which make İ "i" and a combining dot, and ı's capital
# and i's both I, so "İstanbul" typed on a Turkish phone for "istanbul" was no other spelling of it
_TURKISH_LOWER = str.maketrans({"\u0130": "i", "I": "\u0131"})
_TURKISH_UPPER = str.maketrans({"i": "\u0130", "\u0131": "I"})
_TURKISH_PAIRS = frozenset({("\u0130", "i"), ("i", "\u0130"), ("I", "\u0131"), ("\u0131", "I")})
_WORD_START = re.compile(r"(?<!\S)\S")
_WORD = re.compile(r"\S+")


def _case_pair(a: str, b: str) -> bool:
    """Whether one character is the other in another case, one letter for one (a mapping that makes ß "SS" or İ two
    characters makes another text, not the same in other capitals)."""
    return a == b or b in (a.lower(), a.upper()) or a in (b.lower(), b.upper()) or (a, b) in _TURKISH_PAIRS


def _spellings(value: str, lower: Callable[[str], str], upper: Callable[[str], str]) -> Iterator[str]:
    yield from (lower(value[:1]) + value[1:], lower(value), upper(value[:1]) + value[1:], upper(value))
    yield "".join(upper(c) if lower(c) == c else lower(c) for c in value)
    # Every word capitalised, or none (review: "good luck" typed for "Good Luck" was not tried)
    yield _WORD_START.sub(lambda word: upper(word[0]), value)
    yield _WORD_START.sub(lambda word: lower(word[0]), value)
    # and caps lock over a capitalised text, its first letter or every word's kept and the rest lowered (second review:
    # "TEST" for "Test", "GOOD LUCK" for "Good Luck" and "İSTANBUL" for "İstanbul" were "another game's rolls")
    yield upper(value[:1]) + lower(value[1:])
    yield _WORD.sub(lambda word: upper(word[0][:1]) + lower(word[0][1:]), value)


def recased(value: str) -> list[str]:
    """The text as it may have been typed with other capitals (`letter_case`): a phone capitalises the first letter
    typed, caps lock turns every letter round (or raises a capitalised text whole), a title capitalises every word, a
    Turkish phone writes i's capital İ; each spelling once, none the text itself, and each the text letter for letter in
    another case (`_case_pair`). A phrase goes into every roll's HMAC as the app showed it, so "Test" rolls other dice
    than "test" (support review: such a phrase was "most likely another game's rolls")."""
    spellings = [
        *_spellings(value, str.lower, str.upper),
        *_spellings(
            value,
            lambda text: text.translate(_TURKISH_LOWER).lower(),
            lambda text: text.translate(_TURKISH_UPPER).upper(),
        ),
        *_titled(value),
    ]
    return [
        spelling
        for spelling in dict.fromkeys(spellings)
        if spelling != value and len(spelling) == len(value) and all(map(_case_pair, spelling, value))
    ]


def _titled(value: str) -> Iterator[str]:
    """The spellings of `_spellings` that raise a word's first letter, raised to its title case where that is not its
    capital: the digraphs ǅ, ǈ, ǋ and ǲ, whose capital is two capitals (Ǆ), and the Greek vowels with an iota below
    (ᾳ, title ᾼ, whose capital is two letters, ΑΙ), as a phone or a title writes them at a word's start (review:
    "ǆemal" typed for "ǅemal" was not tried, nor "ǄEMAL" for it with caps lock on). Of every other letter the title
    case is the capital, or more than one letter (ß, "Ss"), or, of a Georgian letter, the letter itself: Georgian has no
    title case, and Unicode maps its small letters' to themselves, so that a word's first letter "raised" to it was left
    small beside the words whose first letter was raised (review: "ა ᲑᲒ" was tried as "ა Ბგ", a spelling no phone or
    title writes). Such a letter is raised to its capital, as `_spellings` raises it: no other spelling."""

    def title(text: str) -> str:
        titled = text.title()
        return text.upper() if titled == text.lower() else titled

    yield title(value[:1]) + value[1:]
    yield _WORD_START.sub(lambda word: title(word[0]), value)
    yield title(value[:1]) + value[1:].lower()
    yield _WORD.sub(lambda word: title(word[0][:1]) + word[0][1:].lower(), value)


def _first_raised(typed: str, spelling: str) -> bool:
    """Whether `typed` is `spelling` with its first letter raised, as a phone raises it (a Turkish one i to İ)."""
    first = spelling[:1]
    raised = {first.upper(), first.title(), first.translate(_TURKISH_UPPER)} - {first}
    return typed[1:] == spelling[1:] and typed[:1] in raised


def recased_words(what: str, given: str, spelling: str, *, trim: bool = False) -> str:
    """What the hypothesis of `recased` says: the text as the rolls fit it, beside the text given; with `trim`, the
    spelling is of the text without the spaces (or invisible characters) at its ends (`trimmed`), and says so."""
    start, end = _ends(given) if trim else (0, len(given))
    typed = given[start:end]
    fits = json.dumps(shown(spelling), ensure_ascii=False)
    quoted = _quoted(given) if trim else json.dumps(shown(given), ensure_ascii=False)
    without = ""
    if trim:
        copied = given[:start] + given[end:]
        spaces = all(character.isspace() for character in copied)
        one, many = ("space", "spaces") if spaces else ("invisible character", "invisible characters")
        ends = " and ".join(side for side, there in (("start", start > 0), ("end", end < len(given))) if there)
        without = f" and without the {many if len(copied) > 1 else one} at its {ends}"
    # The phone is named only where the text given is the text the rolls fit with its first letter raised (review:
    # "a phone may have capitalised its first letter" beside "TEST" typed for "test", or "test" for "Test")
    phone = ": a phone may have capitalised its first letter" if _first_raised(typed, spelling) else ""
    return (
        f"the rolls fit {what} with other capitals{without}: {fits}, not {quoted} (the text goes into every roll as"
        f" the game showed it, capitals{', spaces' if trim else ''} and all{phone})"
    )


@dataclass(frozen=True)
class Hypothesis:
    """A mistake people make: the request fields to change (`try`), or the recorded dice read the other way."""

    cause: Cause
    detail: str
    change: dict[str, JsonValue]  # request fields, as JSON; None leaves a field out
    flip: bool = False  # read each recorded roll's dice in the other order
    # How many hypotheses of its kind its room tries on the one request (`letter_case`: every spelling), any of which
    # another game's rolls may fit by luck: the rolls it needs to be named a cause (`Case.evidence_among`) are raised
    # so that all of them together fit by luck less often than CHANCE, not each alone
    among: int = 1


# Two mistakes rooms list among those tried (`Scheme.tried`), each left out of a finding's list where swapping cannot
# change the dice: the seats' values all alike, every recorded roll's dice alike (review: "dice order" listed beside
# rolls all doubles)
SEAT_ORDER = "seat order"
DICE_ORDER = "dice order"
# A mistake two rooms list, left out where the text it is tried on has no blank at its ends (`trimmed`)
SPACES_AT_ENDS = "spaces at the ends"
# A mistake narde-v1's room tries on its phrase, typed by hand (`recased`)
LETTER_CASE = "letter case"
# How a finding's list of the mistakes tried (`Scheme.tried`) names each kind of hypothesis the rooms share; a room with
# a kind of its own names it too (`Scheme.tried_as`)
TRIED_AS: Mapping[Cause, str] = {
    "numbering_shifted": "numbering",
    "seat_order": SEAT_ORDER,
    "opening_roll": "game of the match",
    "match_game": "game of the match",
    "take_back_line": "take-backs",
    "spaces_at_ends": SPACES_AT_ENDS,
    "letter_case": LETTER_CASE,
    "dice_order": DICE_ORDER,
}

CHANCE = 1e-4  # the most a wrong hypothesis may match by luck: sets how many rolls are evidence
MAX_COMPARED = 200  # recorded rolls compared per hypothesis


def chance_of_at_least(least: int, of: int, one_in: int) -> float:
    """The chance that `least` or more of `of` independent trials succeed, each one time in `one_in`: counted in whole
    numbers, the sum of C(of, k) (one_in - 1)^(of - k) over one_in^of, so that no library is needed (scipy is the
    audit's extra, in neither the verify layer nor the AWS report function) and no rounding piles up. Each term is the
    one after it times k (one_in - 1) / (of - k + 1), a whole number, not a binomial and a power computed afresh: so
    the 9,901 terms of 100 or more of 10,000 rolls took 25 s, a mismatch's diagnosis of such a game with them. Where
    fewer terms lie below `least`, they are summed and taken from one_in^of, the same whole number (254 terms, not
    9,747, of 254 or more of 10,000: as many as fit another game's rolls)."""
    if least <= 0:
        return 1.0  # every term: one_in^of of one_in^of (review: 10,000 rolls none of which fit summed them all)
    other = one_in - 1
    if least <= of - least and other:
        term = other**of  # the term of no success: C(of, 0) (one_in - 1)^of
        below = term
        for k in range(least - 1):
            term = term * (of - k) // ((k + 1) * other)  # C(of, k + 1) (one_in - 1)^(of - k - 1), a whole number
            below += term
        return float((one_in**of - below) / one_in**of)
    term = 1  # the term of `of` successes: C(of, of) (one_in - 1)^0
    ways = term if least <= of else 0
    for k in range(of, least, -1):
        term = term * k * other // (of - k + 1)  # C(of, k - 1) (one_in - 1)^(of - k + 1), a whole number
        ways += term
    return float(ways / one_in**of)


@dataclass(frozen=True)
class Case(Generic[R]):
    """A mismatched request as the diagnosis scores hypotheses against it."""

    scheme: "Scheme[R]"
    request: R
    secret: bytes
    fields: dict[str, JsonValue]  # the request as JSON, without its recorded rolls
    recorded: list[tuple[int, ...]]  # the first MAX_COMPARED recorded rolls
    flipped: list[tuple[int, ...]]
    total: int  # how many rolls were recorded in all
    evidence: int  # matching rolls needed before a match is more than luck

    @classmethod
    def of(cls, scheme: "Scheme[R]", request: R, secret: bytes) -> "Case[R]":
        """The case of one request: its JSON, its first recorded rolls and how many make evidence."""
        recorded = [tuple(roll) for roll in (request.recorded or [])[:MAX_COMPARED]]
        chance = 1 / math.prod(request.SIDES)
        return cls(
            scheme=scheme,
            request=request,
            secret=secret,
            fields=request.model_dump(mode="json", exclude={"recorded"}),
            recorded=recorded,
            flipped=[roll[::-1] for roll in recorded],
            total=len(request.recorded or []),
            evidence=math.ceil(math.log(CHANCE) / math.log(chance)),
        )

    def evidence_among(self, among: int) -> int:
        """The matching rolls needed before a match of one of `among` hypotheses tried alike is more than luck: so many
        that `among` wrong ones fit them by luck, one roll in the product of its dice's sides, less often than CHANCE
        together (narde-v1's 20 spellings of " İstanbul iI ": 4 rolls of two dice, not 3, which one of 20 fits 1 time
        in about 2,333). `evidence` for one."""
        if among <= 1:
            return self.evidence
        chance = 1 / math.prod(self.request.SIDES)
        return max(self.evidence, math.ceil(math.log(CHANCE / among) / math.log(chance)))

    def beyond_luck(self, told: int, among: int = 1) -> bool:
        """Whether `told` compared rolls that fit a hypothesis, one of `among` tried alike, are more than luck: at least
        `evidence_among` of them, and, where more than one is tried, `among` wrong ones fitting as many or more of the
        compared, the rest missed, less often than CHANCE together (3 of 4 rolls of two dice fit one 1 time in about
        11,900, so one of 2 spellings about 1 time in 5,950). One alone is held to `evidence`, as ever."""
        if told < self.evidence_among(among):
            return False
        return among <= 1 or among * chance_of_at_least(told, self.compared, math.prod(self.request.SIDES)) < CHANCE

    @property
    def compared(self) -> int:
        """How many recorded rolls a hypothesis is scored on."""
        return len(self.recorded)

    def changed(self, change: dict[str, JsonValue]) -> dict[str, JsonValue]:
        """Only the fields whose value the change alters."""
        return {name: value for name, value in change.items() if self.fields.get(name) != value}

    def probe(self, change: dict[str, JsonValue], size: int | None = None) -> R | None:
        """The request with `change` applied, describing just its first `size` rolls (by default all those
        to compare); None if that is not a valid request."""
        data: dict[str, Any] = {**self.fields, **change}
        data = self.scheme.request.first_rolls(data, self.compared if size is None else size)
        try:
            return self.scheme.request.model_validate(data)
        except ValidationError:
            # Built from the request's own values, a hypothesis can still break a rule of the model
            # (a label too long, say): it is then not a request anyone could send, so it is no finding.
            return None

    def rolls(self, request: R) -> Rolls:
        """The rolls a probe describes, under this case's secret."""
        return self.scheme.rolls(request, self.secret)

    @cached_property
    def as_given(self) -> Rolls | None:
        """The rolls the request as given rolls at every compared roll, its count raised to cover those recorded beyond
        it (None: no such request). Computed once for every reader of a diagnosis (`diagnosis._given_dice`, bg-dice-v1's
        take-backs): read beside rolls recorded beyond the count, they were computed up to five times in one."""
        probe = self.probe({})
        return self.rolls(probe) if probe is not None else None


# ---- the scheme -----------------------------------------------------------------------------


class Scheme(ABC, Generic[R]):
    """One dice scheme, as its seed document defines it. A room defines one subclass and one instance."""

    #: The scheme's request model: `scheme: Literal[<id>]` and the seed's own field names.
    request: type[R]
    #: What the seed calls the secret and the seal, and the sentences the diagnosis and the page build of them.
    words: Words
    #: The game-over link's parameters, in the order a link lists them.
    link: tuple[LinkParam, ...]
    #: Whether a link with no `scheme` parameter is this scheme's (seed 000's links name none).
    bare_links: bool = False
    #: How the request's `first` numbers the rolls, for schemes that have one.
    numbering: Numbering | None = None
    #: The mistakes the diagnosis tries, as its words list them, in order: the room's own (`hypotheses`)
    #: beside the numbering (where it has one) and the dice order every room's diagnosis tries. Each room says its own,
    #: as one list said of all named mistakes a room never tries (review: three-dice's take-backs); registry tests
    #: hold every kind of hypothesis tried named in it, and every name in it tried for some request. A finding lists
    #: those of the kinds its request's hypotheses are of: a room yields none of a kind where it cannot change the rolls
    #: (one client seed, no seat order), so the hypotheses alone decide (`diagnosis._listed`).
    tried: tuple[str, ...]
    #: The name in `tried` of each kind of hypothesis the room's diagnosis tries.
    tried_as: Mapping[Cause, str] = TRIED_AS
    #: Where a game starts and what follows what, in words (GET /schemes).
    game: str
    #: The game by a title from its seed document: its own name where the document gives one ("Backgammon Room, against
    #: a bot"), else the title of the checking page the document is ("Dice you can check"); the room's browser file
    #: titles it alike (a test holds the two equal). A verdict names it first among what identifies the game: one
    #: revealed key and its seal give fair dice under several schemes, so which game the dice were checked as is the
    #: player's to recognise.
    title: str
    #: The scheme's browser files beside its module (`schemes/*.js`), in load order: a file others build on
    #: first. They recompute its rolls in the browser (`fairdice.offline`); a scheme without any is one the
    #: offline page and the verdict page's script cannot check.
    browser: tuple[str, ...] = ()
    #: How many games one secret rolls alike: with the same inputs from the same start, so the same dice (the audit's
    #: repeated-game check lets that many lines of one game stand under ids of their own).
    games_alike: int = 1
    #: The scheme's request the API's documentation shows and sends (None: none shown).
    example: Example | None = None

    @cached_property
    def id(self) -> str:
        """The scheme's id, as its request model's tag spells it."""
        (tag,) = get_args(self.request.model_fields["scheme"].annotation)
        return str(tag)

    @property
    def sides(self) -> tuple[int, ...]:
        """The sides of each die of one roll, in order."""
        return self.request.SIDES

    @property
    def die_names(self) -> tuple[str, ...]:
        """Each die of one roll by name, in order: its position ("1", "2", …) unless the seed names its dice."""
        return tuple(str(position) for position in range(1, len(self.sides) + 1))

    @property
    def module(self) -> str:
        """The room's module, where its test vectors' module sits beside it (`<module>_vectors`)."""
        return type(self).__module__

    @abstractmethod
    def rolls(self, request: R, secret: bytes) -> Rolls:
        """Every roll the request describes, in order, from the revealed secret."""

    def dice_key(self, request: R, secret: bytes) -> bytes:
        """The key the dice are rolled with, as HMAC uses it (`hmac_key`): what makes two games' dice the same, beside
        their inputs. By default the secret's own block, so a secret and the same secret with zero bytes appended (64
        bytes at most in all) are one key; a room that derives its HMAC key from the secret gives that key's block."""
        return hmac_key(secret)

    def archive_day(self, request: R) -> dt.date | None:
        """The day whose secret verifying `request` looks up in `DaySecrets`; by default none (it comes with it)."""
        return None

    def revealed(self, request: R, day_secrets: DaySecrets | None, today: dt.date | None) -> Revealed | Withheld:
        """The secret to check and recompute with: by default the one the request carries. `today` is the UTC day by
        the caller's clock, for a scheme whose secrets are revealed by day (None: the caller does not say)."""
        secret_hex = request.secret_hex
        if secret_hex is None:
            raise InvalidInput("the revealed secret is needed", field=request.REVEALED_FIELD)
        return Revealed(secret=bytes.fromhex(secret_hex), seal=request.seal_hex)

    def scope(self, request: R, rolls: Rolls, secret: bytes) -> Scope:
        """Where the request's rolls sit in the game's structure; InvalidInput (naming the field) when they are
        not a contiguous piece of any game the structure can produce (the secret decides some: an opening roll is
        rolled again only after a tie). By default: numbered from `first`."""
        if self.numbering is None:
            raise NotImplementedError(f"{type(self).__name__} must say where its rolls sit in a game")
        # A scheme with a numbering has a NumberedRequest: `first`, and FIRST where a game starts.
        first: int = request.first  # type: ignore[attr-defined]
        start: int = type(request).FIRST  # type: ignore[attr-defined]
        return numbered_scope(self.words, self.numbering, start, first, len(rolls))

    def identity(self, request: R) -> list[GameInput]:
        """The inputs that identify the game (they go into every roll): what the player must recognise."""
        return []

    def game_parts(self, request: R, rolls: Rolls, secret: bytes) -> GameParts:
        """What the audit's repeated-game check reads of a game checked with `secret` (`GameParts`). By default: the
        dice key; the inputs that identify the game, which every seed but the daily one's gives one secret a game (or a
        match, whose games start apart); and where the computed rolls start (the first roll's label where rolls are
        labelled, else its number; None: no roll)."""
        return GameParts(
            self.dice_key(request, secret), [given.value for given in self.identity(request)], start_of(rolls)
        )

    def plain_members(self) -> bytes | None:
        """A pattern of the members of the room's request in its one plain form, as an exporter's `json.dumps` writes
        them (in order, a space or none after each colon and comma), whose fair games the audit counts without reading
        or validating the request (`audit.fast`, `plain_fair`); None (the default): every line of the scheme is audited
        by the full path. Its named groups are the room's to read; each value it takes must be one the request's model
        takes as it is, so that reading and validating it would change nothing and refuse nothing."""
        return None

    def plain_fair(self, found: re.Match[bytes]) -> PlainFair | None:
        """The fair game of a line whose request `plain_members` matched (`found`): its rolls and parts where its seal
        is its secret's and every recorded roll is the one the room computes, from the game's first; None for any other
        game, which the full path audits and says why."""
        return None

    def hypotheses(self, case: Case[R]) -> Iterator[Hypothesis]:
        """The mistakes people make with this scheme, beyond the ones every scheme shares."""
        return iter(())

    def change_words(self, change: Mapping[str, JsonValue]) -> str:
        """A diagnosis' change (its `try`) in words, for the page's "Check again with …": no field names, no JSON."""
        secret, seal = self.request.REVEALED_FIELD, self.request.SEAL_FIELD
        swapped = secret in change and seal in change
        parts = [f"the {self.words.secret} and the {self.words.seal} swapped"] if swapped else []
        for name, value in change.items():
            if swapped and name in (secret, seal):
                continue
            # Beside a new first roll, the rolls are sent again without the numbers a paste placed them by.
            unnumbered = name == "recorded" and "first" in change
            worded = "the rolls without their numbers" if unnumbered else self.field_words(name, value)
            if worded is None:
                worded = f"another {name.replace('_', ' ')}"  # a room's field it does not word: never a test's case
            if worded:
                parts.append(worded)
        return listed(parts)

    def field_words(self, name: str, value: JsonValue) -> str | None:
        """One changed field in words ("" to leave it unsaid, None if unknown); rooms word their own fields and
        hand the rest on to this."""
        roll, rolls = self.words.roll, self.words.rolls
        match name, value:
            case "first", int():
                return f"{roll} numbers starting at {number(value)}"
            case "count", int():
                return counted(value, roll, rolls)
            case "count", None:
                return f"as many {rolls} as were recorded"
            case "recorded", _:
                return f"each recorded {roll}'s dice in the other order"
        return None

    @abstractmethod
    def recipe(self, verdict: "Verdict", request: R | None) -> tuple[str, str]:
        """How to check the verdict by hand: the steps in words (already HTML) and a Python program
        that prints every roll of the verdict (with the request's values when it is given)."""


# An identity's description names a value it warns about by its start: this many characters, `…` included.
STARTS_SHOWN = 13


# ---- what scopes and recipes share -------------------------------------------------------------


@lru_cache(maxsize=1024)
def numbered_scope(words: Words, numbering: Numbering, start: int, first: int, count: int) -> Scope:
    """A game when the rolls start at the game's first number, else a window of it. Kept for the next request with the
    same span (a scope is frozen): an audit's games mostly start at the start and run as long as each other."""
    last = first + count - 1
    rolls, game = span(words.roll, words.rolls, first, last), numbering.game
    if first == start:
        return Scope(kind="game", first=first, last=last, description=f"{rolls} from the {game}'s start")
    return Scope(
        kind="window",
        first=first,
        last=last,
        description=f"{rolls} only: the {game}'s {words.rolls} from {words.roll} {number(start)} are needed",
    )


def computed_span(verdict: "Verdict") -> tuple[int, int]:
    """The first index and the count of the computed rolls (extra recorded rolls were not computed)."""
    computed = [report["index"] for report in verdict.rolls if report["message"] is not None]
    return (computed[0], len(computed)) if computed else (0, 0)


def or_placeholder(value: str | None, placeholder: str) -> str:
    """A value for a recipe, or the placeholder that asks for it."""
    return value if value is not None else placeholder


def py(value: object) -> str:
    """A Python literal for a value: repr escapes quotes, backslashes and line breaks in any text."""
    return repr(value)


def labels_of(verdict: "Verdict") -> Sequence[str]:
    """The labels of the computed rolls, for labelled schemes' recipes."""
    return [report.get("label", "") for report in verdict.rolls if report["message"] is not None]
