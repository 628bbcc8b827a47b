"""`narde-v1` (seed 002): roll i from 0 is HMAC(key, `narde-v1|phrase|i`), next block `…|i|1`."""

import binascii
import hmac
import json
import re
from collections.abc import Iterator
from itertools import count as counter
from typing import Annotated, ClassVar, Literal

from pydantic import Field, JsonValue

from fairdice.dice import D6_PAIR, Mac, Roll, Rolls, fill, hmac_key, keyed_mac, leading_dice, macs, read_on
from fairdice.fields import MAX_PHRASE, MAX_ROLLS, WHOLE_NUMBER, Key32, Phrase, Seal
from fairdice.prose import shown
from fairdice.request import NumberedRequest
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    LETTER_CASE,
    PLAIN_CHAR,
    SPACES_AT_ENDS,
    Case,
    Example,
    GameParts,
    Hypothesis,
    LinkParam,
    Numbering,
    PlainFair,
    Scheme,
    Words,
    computed_span,
    or_placeholder,
    py,
    recased,
    recased_words,
    spaces_words,
    start_of,
    trimmed,
)
from fairdice.seal import seal_of
from fairdice.verdict import GameInput, Verdict


class NardeRequest(NumberedRequest):
    """Seed 002: key + phrase, roll i from 0."""

    REVEALED_FIELD: ClassVar[str] = "key"
    SEAL_FIELD: ClassVar[str] = "fingerprint"

    scheme: Literal["narde-v1"]
    key: Key32
    fingerprint: Seal | None = None
    phrase: Phrase
    first: Annotated[
        int, Field(ge=0, le=MAX_ROLLS - 1, description="the first roll's i; a game starts at roll 0"), WHOLE_NUMBER
    ] = 0


def message(phrase: str, i: int, block: int = 0) -> str:
    """The HMAC message of roll `i`'s block `block` (block 0 has no block suffix)."""
    base = f"narde-v1|{phrase}|{i}"
    return base if block == 0 else f"{base}|{block}"


def roll(mac: Mac, phrase: str, i: int, first: bytes | None = None) -> Roll:
    """Roll `i`: the first two usable bytes of its blocks (`first`: block 0, if already computed)."""
    text = message(phrase, i)
    first = first or mac(text.encode())
    dice = leading_dice(first) or read_on(first, (mac(message(phrase, i, block).encode()) for block in counter(1)))
    return Roll(i, text, dice)


def rolls(mac: Mac, phrase: str, first: int, count: int) -> Rolls:
    """Rolls `first`, `first + 1`, … (`count` of them)."""
    numbers = range(first, first + count)
    prefix = f"narde-v1|{phrase}|"
    digits = list(map(str, numbers))
    blocks = macs(mac, prefix.encode(), map(str.encode, digits))
    messages = list(map(prefix.__add__, digits))

    def by_rule(at: int, block: bytes) -> Roll:
        return roll(mac, phrase, numbers[at], block)

    return fill(numbers, messages, blocks, by_rule, sides=D6_PAIR)


# The plain form of a request (`Narde.plain_members`): key and fingerprint 64 lower-case hex digits, as `fields._hex`
# gives them back; the phrase 1 to MAX_PHRASE characters JSON writes as they are; the rolls recorded as text of faces,
# dashes and spaces alone, at most MAX_ROLLS rolls' long. Whether that text is the usual form of two six-sided dice
# (`6-3 4-4 …`, `recorded._usual_form`) is known when it is compared with the text the dice computed are written as
# (`_usual_text`, `plain_fair`): the pattern's own check of each roll's form cost more than the comparison.
_HEX = rb"[0-9a-f]{64}"
_ROLL_CHARS = 4  # "6-3 ": a roll and the space after it
_PLAIN_MEMBERS = (
    rb'"key": ?"(?P<key>%s)", ?"fingerprint": ?"(?P<seal>%s)", ?' % (_HEX, _HEX)
    + rb'"phrase": ?"(?P<phrase>%s{1,%d})", ?' % (PLAIN_CHAR, MAX_PHRASE)
    + rb'"recorded": ?"(?P<recorded>[-1-6 ]{3,%d})"' % (_ROLL_CHARS * MAX_ROLLS - 1)
)
_ROLL_TEXT = bytearray(b"0-0 ")  # a roll as the usual form writes it, its faces' places filled from the dice
_DIGIT = bytes((b + ord("0")) % 256 for b in range(256))  # a face's value to its digit's byte


def _usual_text(faces: list[bytearray]) -> bytearray:
    """Two dice's columns as the usual form writes them, `6-3 4-4 …`: every byte made in C, a column at a time."""
    first, second = faces
    text = _ROLL_TEXT * len(first)
    text[0::_ROLL_CHARS] = first.translate(_DIGIT)
    text[2::_ROLL_CHARS] = second.translate(_DIGIT)
    del text[-1]  # no space after the last roll
    return text


class Narde(Scheme[NardeRequest]):
    """Seed 002's scheme."""

    request = NardeRequest
    words = Words("key", "fingerprint")
    tried = ("numbering", SPACES_AT_ENDS, LETTER_CASE, DICE_ORDER)
    link = (
        LinkParam("key", "key"),
        LinkParam("fingerprint", "fingerprint"),
        LinkParam("phrase", "phrase"),
        LinkParam("first", "first", "int"),
        LinkParam("n", "count", "int"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("narde.js",)
    numbering = Numbering("roll", "roll i counts from 0, the opening roll included")
    game = (
        "Roll i counts from 0, the opening roll included: a whole game starts at roll 0. Rolls from a later roll"
        f" (first > 0) are a window of it: at most incomplete. Rolls run to i = {MAX_ROLLS - 1:,}."
    )
    title = "Narde"
    example = Example(
        "a game of 3 rolls, with its fingerprint: fair",
        {
            "key": EXAMPLE_KEY,
            "fingerprint": EXAMPLE_SEAL,
            "phrase": "test",
            "recorded": "1-5 4-6 3-4",
        },
    )

    def rolls(self, request: NardeRequest, secret: bytes) -> Rolls:
        return rolls(keyed_mac(secret), request.phrase, request.first, request.roll_count)

    def identity(self, request: NardeRequest) -> list[GameInput]:
        return [GameInput(field="phrase", value=request.phrase, description="the phrase your app showed for this game")]

    def game_parts(self, request: NardeRequest, rolls: Rolls, secret: bytes) -> GameParts:
        """The default's parts, the phrase read as `identity` gives it, without building its `GameInput`: a model whose
        value is validated as JSON, made for every game an audit keys, read once (BENCHMARKS.md section 7, stop 61)."""
        return self.phrase_parts(request.phrase, rolls, secret)

    def dice_key(self, request: NardeRequest | None, secret: bytes) -> bytes:
        """The default's key, the secret's own block, which reads no field of the request: `phrase_parts` asks it
        without one, so that the audit's fast path and the full path key a game by this one rule."""
        return hmac_key(secret)

    def phrase_parts(self, phrase: str, rolls: Rolls, secret: bytes) -> GameParts:
        """`game_parts` from the phrase alone, for the audit's fast path, which keys a fair game without building its
        request (`plain_fair`): the dice key is the room's `dice_key`, which needs no request."""
        return GameParts(self.dice_key(None, secret), [phrase], start_of(rolls))

    def plain_members(self) -> bytes:
        """scheme (this room's id), key, fingerprint, phrase and recorded, in that order: the whole game from roll 0 (no
        `first`), its seal given, its rolls recorded as text (module's `_PLAIN_MEMBERS`)."""
        return rb'"scheme": ?"%s", ?' % re.escape(self.id.encode()) + _PLAIN_MEMBERS

    def plain_fair(self, found: re.Match[bytes]) -> PlainFair | None:
        """The game, where its fingerprint is its key's SHA-256 (`seal_of`; compared as `seal_matches` does, both in
        lower case here) and its recorded text is, byte for byte, the usual form of the dice the room's `rolls` computes
        from roll 0; its parts as `game_parts` gives them (`phrase_parts`)."""
        key, seal, phrase, recorded = found.group("key", "seal", "phrase", "recorded")
        secret = binascii.a2b_hex(key)
        if not hmac.compare_digest(seal, seal_of(secret).encode()):
            return None
        text = phrase.decode()
        computed = rolls(keyed_mac(secret), text, 0, (len(recorded) + 1) // _ROLL_CHARS)
        # Unequal where the text is of another length than its rolls' or any byte of it is not theirs in the usual form:
        # a face off, a dash or a space out of place, two spaces, a space at the end
        if recorded != _usual_text(computed.faces):
            return None
        return PlainFair(computed, self.phrase_parts(text, computed, secret))

    def field_words(self, name: str, value: JsonValue) -> str | None:
        """The phrase a diagnosis' change gives, in quotes, as its finding's detail shows it."""
        if name == "phrase" and isinstance(value, str):
            return f"the phrase {json.dumps(shown(value), ensure_ascii=False)}"
        return super().field_words(name, value)

    def hypotheses(self, case: Case[NardeRequest]) -> Iterator[Hypothesis]:
        """The phrase without a space copied at its start or end, or typed with other capitals, or both."""
        phrase = trimmed(case.request.phrase)
        if phrase is not None:
            yield Hypothesis("spaces_at_ends", spaces_words("the phrase", [case.request.phrase]), {"phrase": phrase})
        spellings = recased(case.request.phrase)
        # Both at once, as a phone types them: its first letter capitalised and a space after the word (review: "Test "
        # for "test" was "most likely another game's rolls")
        trimmed_spellings = recased(phrase) if phrase is not None else []
        # Each spelling is one more chance for another game's rolls to fit one by luck: as many as are tried weigh
        # together (review: up to 36 spellings, each held to CHANCE alone, named the typing the cause of another game's
        # rolls up to 36 times as often)
        among = len(spellings) + len(trimmed_spellings)
        for spelling in spellings:
            words = recased_words("the phrase", case.request.phrase, spelling)
            yield Hypothesis("letter_case", words, {"phrase": spelling}, among=among)
        for spelling in trimmed_spellings:
            words = recased_words("the phrase", case.request.phrase, spelling, trim=True)
            yield Hypothesis("letter_case", words, {"phrase": spelling}, among=among)

    def recipe(self, verdict: Verdict, request: NardeRequest | None) -> tuple[str, str]:
        first, count = computed_span(verdict)
        steps = (
            "Roll number <i>i</i> (from 0, the opening roll included) is "
            "<code>HMAC-SHA256(key, narde-v1|phrase|i)</code>. Bytes 252–255 are skipped; every other byte "
            "<i>b</i> gives a die <code>b mod 6 + 1</code>. The first two dice are the roll; if a block has fewer "
            "than two usable bytes, the next one is <code>…|i|1</code>. CyberChef (gchq.github.io/CyberChef) can do "
            "it too: operation HMAC, key type Hex, function SHA256, input <code>narde-v1|phrase|0</code>; read the "
            "result two hex digits at a time, skip fc, fd, fe, ff, and take each number mod 6, plus 1."
        )
        key = or_placeholder(request.key if request else None, "PASTE THE KEY")
        phrase = request.phrase if request else "PASTE THE PHRASE"
        code = f"""import hashlib, hmac

key = bytes.fromhex({py(key)})
phrase = {py(phrase)}
print(hashlib.sha256(key).hexdigest())  # must equal the fingerprint
for i in range({first}, {first + count}):
    mac = hmac.new(key, f"narde-v1|{{phrase}}|{{i}}".encode(), hashlib.sha256).digest()
    print(i, [b % 6 + 1 for b in mac if b < 252][:2])
"""
        return steps, code


SCHEME = Narde()
