"""fairdice.prose: which characters of a value a page writes as code points, so that no value can look like another.

An operator who holds the revealed key may search the inputs that identify a game (a narde phrase, a three-dice
seat) for a spelling that gives the dice it wants and reads like the one the player saw. Every spelling that renders
like another must show apart: characters that show nothing, spaces a page folds, accents apart from their letters.
"""

import re
import unicodedata
from importlib.resources import files

import pytest
from fairdice import prose
from fairdice.prose import shown, unseen
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify

KEY = bytes(range(32))


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("test", "test"),
        ("a b", "a b"),
        # printable to str.isprintable(), but showing nothing: a combining grapheme joiner, a Hangul filler
        ("t\u034fest\u115f", "t⟨U+034F⟩est⟨U+115F⟩"),
        ("\u3164\uffa0\u2800", "⟨U+3164⟩⟨U+FFA0⟩⟨U+2800⟩"),
        # a variation selector and a zero-width joiner, as emoji carry them: accepted, and shown
        ("\u2764\ufe0f", "\u2764⟨U+FE0F⟩"),
        ("a\u200db", "a⟨U+200D⟩b"),
        # spaces a page drops or folds into the one before
        (" a  b ", "⟨U+0020⟩a ⟨U+0020⟩b⟨U+0020⟩"),
        ("a\u00a0b", "a⟨U+00A0⟩b"),
        # an accent apart from its letter looks like the composed letter: shown only when the text is not composed
        ("te\u0301st", "te⟨U+0301⟩st"),
        ("t\u00e9st", "t\u00e9st"),
        ("\u0915\u093f", "\u0915\u093f"),  # Devanagari ki: a mark that composes with nothing, in composed text
    ],
)
def test_a_character_that_shows_nothing_or_like_another_is_written_as_its_code_point(text: str, written: str) -> None:
    assert shown(text) == written
    assert len(unseen(text)) == len(text)


def test_two_spellings_that_render_alike_are_shown_apart() -> None:
    composed = "caf\u00e9 noir"
    alike = ("caf\u00e9  noir", "caf\u00e9 noir\u034f", "caf\u00e9\u00a0noir", unicodedata.normalize("NFD", composed))
    for other in alike:
        assert shown(other) != shown(composed), other


def test_a_phrase_searched_for_hidden_characters_is_named_as_such_in_the_verdict() -> None:
    # Given a narde-v1 game under seed 002's key whose phrase, "test" with hidden characters, an operator chose
    phrase = "t\u034fest\u115f\u034f"
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}

    verdict = verify(parse_request(request))

    # Then the verdict keeps the phrase as given, and says what it holds in code points the player can read
    (identity,) = verdict.identified_by
    assert identity.value == phrase
    assert identity.description == (
        "the phrase your app showed for this game; it holds characters that show nothing or look like others,"
        " here as code points: t⟨U+034F⟩est⟨U+115F⟩⟨U+034F⟩"
    )


def test_an_ordinary_phrase_is_described_as_the_scheme_describes_it() -> None:
    request = {"scheme": "narde-v1", "key": KEY.hex(), "phrase": "caf\u00e9 noir", "count": 1}
    (identity,) = verify(parse_request(request)).identified_by
    assert identity.description == "the phrase your app showed for this game"


def _class_members(members: str) -> set[str]:
    """The characters of a regular expression's character class written as characters and ranges (`a-z`)."""
    found: set[str] = set()
    at = 0
    while at < len(members):
        if at + 2 < len(members) and members[at + 1] == "-":
            found.update(map(chr, range(ord(members[at]), ord(members[at + 2]) + 1)))
            at += 3
        else:
            found.add(members[at])
            at += 1
    return found


def test_the_browser_writes_the_same_blank_characters_as_code_points() -> None:
    # verifier.js holds the list again, as the offline page runs on its own: a character left out of one list would
    # let a phrase pass for another on that side only
    source = files("fairdice").joinpath("verifier.js").read_text("utf-8")
    (escaped,) = re.findall(r"const BLANK = /\[(.*?)\]/u;", source)
    written = re.sub(r"\\u\{([0-9A-Fa-f]+)\}|\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m[1] or m[2], 16)), escaped)
    browser = _class_members(written)
    assert browser == _class_members(prose._BLANK.pattern.removeprefix("[").removesuffix("]"))
    assert {"\u034f", "\u2800", "\U000e0100", "\U000e01ef"} <= browser
