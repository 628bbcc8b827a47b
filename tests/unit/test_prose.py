"""fairdice.prose: which characters of a value a page writes as code points, so that no value can look like another.

An operator who holds the revealed key may search the inputs that identify a game (a narde phrase, a three-dice
seat) for a spelling that gives the dice it wants and reads like the one the player saw. Every spelling that renders
like another must show apart: characters that show nothing, spaces a page folds, accents apart from their letters,
Hangul jamo apart from their syllable, and characters Unicode holds equal to others (the Kelvin sign and K). A value
mixing right-to-left letters with digits or Latin ones may be shown in another order than it was typed (a Hebrew
word, a space and 12 looks like 12, a space and the word), so it is shown again in the order it was typed.
"""

import ast
import os
import re
import string
import subprocess
import sys
import unicodedata
from functools import cache
from importlib.resources import files

import confusable_homoglyphs.utils
import pytest
from fairdice import prose
from fairdice.markup import visible
from fairdice.page import render_page
from fairdice.problems import describe
from fairdice.prose import reorders, shown, typed_order, unseen
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.verify import verify
from hypothesis import example, given
from hypothesis import strategies as st
from pydantic import ValidationError

KEY = bytes(range(32))


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("test", "test"),
        ("a b", "a b"),
        # printable to str.isprintable(), but showing nothing: a combining grapheme joiner, a Hangul filler
        ("t\u034fest\u115f", "t⟨U+034F⟩est⟨U+115F⟩"),
        ("\u3164\uffa0\u2800", "⟨U+3164⟩⟨U+FFA0⟩⟨U+2800⟩"),
        # the musical null notehead: a symbol (So, not default-ignorable) with no glyph and no width, as a filler
        ("test\U0001d159", "test⟨U+1D159⟩"),
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
        # a character Unicode holds equal to another: the Kelvin sign, the Ohm sign, the Angstrom sign, the Greek
        # question mark (;) and a compatibility ideograph; each looks like what NFC makes of it
        ("\u212aevin", "⟨U+212A⟩evin"),
        ("1\u2126 \u212b", "1⟨U+2126⟩ ⟨U+212B⟩"),
        ("a\u037e", "a⟨U+037E⟩"),
        ("\uf900", "⟨U+F900⟩"),
        # Hangul jamo written apart look like the composed syllable, and a conjoining jamo alone like the jamo a
        # keyboard types: every conjoining jamo is shown, even those that compose into nothing (an old spelling); the
        # composed syllable and the typed jamo are as given
        ("\u1100\u1161\u1102\u1161", "⟨U+1100⟩⟨U+1161⟩⟨U+1102⟩⟨U+1161⟩"),
        ("\uac00\ub098", "\uac00\ub098"),
        ("\u1113\u1161", "⟨U+1113⟩⟨U+1161⟩"),
        ("\u110f\u110f \u314b\u314b", "⟨U+110F⟩⟨U+110F⟩ \u314b\u314b"),
        # Thai's sara am as typed, and the nikhahit and sara aa that look like it
        ("\u0e19\u0e49\u0e33 \u0e19\u0e49\u0e4d\u0e32", "\u0e19\u0e49\u0e33 \u0e19\u0e49⟨U+0E4D⟩\u0e32"),
        # a character Unicode holds compatible with another (NFKC): a mathematical sans-serif K, a fullwidth K, a
        # ligature, a superscript two; its text needs no other sign
        ("\U0001d5aaevin", "⟨U+1D5AA⟩evin"),
        ("\uff2bevin", "⟨U+FF2B⟩evin"),
        ("\ufb01sh x\u00b2", "⟨U+FB01⟩sh x⟨U+00B2⟩"),
        # and compatible with one other non-ASCII character, beside ASCII or not: the micro sign (μ), a Kangxi radical
        # (人), Arabic presentation forms (س and م; the ligature ﻼ of two letters is as typed), halfwidth katakana
        # (アイ)
        ("\u00b5test \u03bctest", "⟨U+00B5⟩test \u03bctest"),
        ("\u5927\u2f08 \u5927\u4eba", "\u5927⟨U+2F08⟩ \u5927\u4eba"),
        ("\ufeb3\ufefc\ufee1 \u0633\u0644\u0627\u0645", "⟨U+FEB3⟩\ufefc⟨U+FEE1⟩ \u0633\u0644\u0627\u0645"),
        ("\uff71\uff72 \u30a2\u30a4", "⟨U+FF71⟩⟨U+FF72⟩ \u30a2\u30a4"),
        # in a value with an ASCII letter or digit, whatever looks like an ASCII character (Unicode's confusables),
        # accented or not, and a mark on an ASCII character: Cyrillic е, Greek Α, a small capital ᴠ, a Lisu ꓗ,
        # a hyphen ‐, a Devanagari ०, a Cyrillic ё, i with a second dot, _ with a line below
        ("K\u0435vin", "K⟨U+0435⟩vin"),
        ("\u0391BC 7", "⟨U+0391⟩BC 7"),
        ("K.\u0435.v.i.n", "K.⟨U+0435⟩.v.i.n"),
        ("Ke\u1d20in \ua4d7", "Ke⟨U+1D20⟩in ⟨U+A4D7⟩"),
        ("table\u20107 \u0966", "table⟨U+2010⟩7 ⟨U+0966⟩"),
        ("Jo\u0451l", "Jo⟨U+0451⟩l"),
        ("Kevi\u0307n alice_\u0332", "Kevi⟨U+0307⟩n alice_⟨U+0332⟩"),
        # and what looks like the string an ASCII character looks like: " as two apostrophes, by a double prime, the
        # curly quotes, a fullwidth one (review: "say \u02bahi\u02ba" read as the phrase say "hi")
        ("say \u02bahi\u02ba", "say ⟨U+02BA⟩hi⟨U+02BA⟩"),
        ("say \u201chi\u201d 50\u066a", "say ⟨U+201C⟩hi⟨U+201D⟩ 50⟨U+066A⟩"),
        # a mark on nothing, the value's first, and those after it (review: an accent over nothing, then "test")
        ("\u0301test", "⟨U+0301⟩test"),
        ("\u0300\u0301\u0302", "⟨U+0300⟩⟨U+0301⟩⟨U+0302⟩"),
        ("\U00016fe4test", "⟨U+16FE4⟩test"),
        # a look-alike that NFKC makes another non-ASCII look-alike: the non-breaking hyphen, the lunate sigma ϲ
        ("table\u20117 ali\u03f2e", "table⟨U+2011⟩7 ali⟨U+03F2⟩e"),
        # beside an ASCII letter, what NFKC makes an ASCII punctuation mark; CJK text keeps its own punctuation
        ("table\uff0d7 alice\uff3f99", "table⟨U+FF0D⟩7 alice⟨U+FF3F⟩99"),
        # without an ASCII letter: with an ASCII digit, what looks like ASCII but letters; letters when all do
        ("2024\u20107", "2024⟨U+2010⟩7"),
        ("\u0421\u0435\u0440\u0433\u0435\u0439-7", "\u0421\u0435\u0440\u0433\u0435\u0439-7"),
        ("\u0430\u04cf\u0456\u03f2\u0435", "⟨U+0430⟩⟨U+04CF⟩⟨U+0456⟩⟨U+03F2⟩⟨U+0435⟩"),
        # accented Latin letters and letters that look like no ASCII one are as given beside it
        ("caf\u00e9 \u0416\u0438\u0437\u043d\u044c", "caf\u00e9 \u0416\u0438\u0437\u043d\u044c"),
        ("caf\u00e9 \u03bb", "caf\u00e9 \u03bb"),
        # and so are "Kim 김", "Bob 日本" and "Tok 日本", whose letters look like Cherokee or Lisu ones: the rare
        # spelling is shown instead, each letter of Cherokee, Lisu, Canadian syllabics… that looks like an ASCII one or
        # like a letter of Greek, Cyrillic… in a word with none of such a script that looks like none (review: "Kim 김"
        # was shown as ⟨U+004B⟩⟨U+0069⟩⟨U+006D⟩ 김 and "ᏦᎥᎷ 김" as typed; "Bob 日本", "ᏴᎾᏏ 日本" likewise)
        ("Kim \uae40", "Kim \uae40"),
        ("Kate \uae40", "Kate \uae40"),
        ("Bob \u65e5\u672c", "Bob \u65e5\u672c"),
        ("Tok \u65e5\u672c", "Tok \u65e5\u672c"),
        ("\u13e6\u13a5\u13b7 \uae40", "⟨U+13E6⟩⟨U+13A5⟩⟨U+13B7⟩ \uae40"),
        ("\u13f4\u13be\u13cf \u65e5\u672c", "⟨U+13F4⟩⟨U+13BE⟩⟨U+13CF⟩ \u65e5\u672c"),
        ("\u13f4\u13be\u13cf\u65e5\u672c", "⟨U+13F4⟩⟨U+13BE⟩⟨U+13CF⟩\u65e5\u672c"),
        ("\ua4d4\ua4f3\ua4d7 \u65e5\u672c", "⟨U+A4D4⟩⟨U+A4F3⟩⟨U+A4D7⟩ \u65e5\u672c"),
        ("\u0436 \u13e6\u13a5\u13b7", "\u0436 ⟨U+13E6⟩⟨U+13A5⟩⟨U+13B7⟩"),
        ("\u0436 Kim", "\u0436 Kim"),
        # (the Lisu ꓥ, like the Greek Λ and the Cyrillic Л, is such a letter; shown, it is read as no other, so a
        # Cyrillic ВоЬ beside it is shown as a word of look-alikes beside a letter of another script)
        ("Bob \ua4e5", "Bob ⟨U+A4E5⟩"),
        ("\u0412\u043e\u042c \ua4e5", "⟨U+0412⟩⟨U+043E⟩⟨U+042C⟩ ⟨U+A4E5⟩"),
        # but not in a word with a letter of such a script that looks like none (the ו of "שלום", the ا of "سلام", the
        # Cherokee Ꮃ and Ꭹ of "ᏣᎳᎩ", beside the ש, the ل and the Ꮳ), where a Latin letter looking like one is shown
        # instead when each does (the W and Y of "ᏣWY", the l of "שלlם"); a word of such look-alikes alone is shown
        # (the Cherokee ᏴᎾᏏ beside the Hebrew שלום), but not a Hebrew, Arabic or Georgian one in a value holding a
        # letter of its own script that looks like none, as everyday text writes it (the ו of "א ו", the יין of "כוס
        # יין", "a glass of wine"; review: shown as ⟨U+05D5⟩ and ⟨U+05D9⟩⟨U+05D9⟩⟨U+05DF⟩), where a Latin word each
        # of whose letters looks like one of that script's is shown instead (the l of "א l"; not "world" of "שלום
        # world", whose w, r and d look like none: its ו is shown there all the same, as it looks like |, see below)
        ("\u05e9\u05dc\u05d5\u05dd \u0633\u0644\u0627\u0645", "\u05e9\u05dc\u05d5\u05dd \u0633\u0644\u0627\u0645"),
        ("\u13e3\u13b3\u13a9", "\u13e3\u13b3\u13a9"),
        ("\u13e3WY", "\u13e3⟨U+0057⟩⟨U+0059⟩"),
        ("\u05e9\u05dcl\u05dd", "\u05e9\u05dc⟨U+006C⟩\u05dd"),
        ("\u13f4\u13be\u13cf \u05e9\u05dc\u05d5\u05dd", "⟨U+13F4⟩⟨U+13BE⟩⟨U+13CF⟩ \u05e9\u05dc\u05d5\u05dd"),
        ("\u05d0 \u0627", "\u05d0 ⟨U+0627⟩"),
        ("\u05d0 \u05d5", "\u05d0 \u05d5"),
        ("\u05d0 l", "\u05d0 ⟨U+006C⟩"),
        ("\u05db\u05d5\u05e1 \u05d9\u05d9\u05df", "\u05db\u05d5\u05e1 \u05d9\u05d9\u05df"),
        ("\u05d9\u05d9\u05df \u05d0\u05d3\u05d5\u05dd", "\u05d9\u05d9\u05df \u05d0\u05d3\u05d5\u05dd"),
        ("\u10d0 \u10e7", "\u10d0 \u10e7"),
        ("\u05e9\u05dc\u05d5\u05dd world", "\u05e9\u05dc⟨U+05D5⟩\u05dd world"),
        # and so in a value holding an ASCII letter too, where its Latin look-alike there is shown instead (the U of
        # "Lucky Uገር", like the Ethiopic ሀ of "Lucky ሀገር"; the W and Y of "Bob ᏣWY"; the L of "Go Lᓕᒃ", like the
        # Inuktitut ᒪ of "Go ᒪᓕᒃ"; review: the ሀ, the Ꮃ and Ꭹ, the ᒪ were shown as code points, and the U, W, Y, L as
        # typed); but not one that also looks like an ASCII digit or punctuation mark, which would split the word and
        # is shown by no rule (the ו of "שלום world" above, like the | of "של|ם world"), nor one in a word with no
        # letter of its own script that looks like none (the ሀ of "Lucky ሀ", like "Lucky U"), nor one of another
        # script there (the Lisu ꓴ of "Lucky ꓴገር", like the ሀ)
        ("Lucky \u1200\u1308\u122d", "Lucky \u1200\u1308\u122d"),
        ("Lucky U\u1308\u122d", "Lucky ⟨U+0055⟩\u1308\u122d"),
        ("Bob \u13e3\u13b3\u13a9", "Bob \u13e3\u13b3\u13a9"),
        ("Bob \u13e3WY", "Bob \u13e3⟨U+0057⟩⟨U+0059⟩"),
        ("Go \u14aa\u14d5\u1483", "Go \u14aa\u14d5\u1483"),
        ("Go L\u14d5\u1483", "Go ⟨U+004C⟩\u14d5\u1483"),
        ("Lucky \u1200", "Lucky ⟨U+1200⟩"),
        ("Lucky \ua4f4\u1308\u122d", "Lucky ⟨U+A4F4⟩\u1308\u122d"),
        # real look-alikes stay shown: the Cyrillic а of "Kаvin"; the Inuktitut ᒪᐃ, like the Coptic ⳐⲆ, and ᐱ, like
        # the Greek Λ; the Cherokee ᎠᏂᏴᏫᏯ, like "DhB⊖ῶ"; the Devanagari visarga of "रविः 2026", like the colon of
        # "रवि: 2026"
        ("K\u0430vin", "K⟨U+0430⟩vin"),
        ("\u14aa\u1403", "⟨U+14AA⟩⟨U+1403⟩"),
        ("\u1431", "⟨U+1431⟩"),
        ("\u13a0\u13c2\u13f4\u13eb\u13ef", "⟨U+13A0⟩⟨U+13C2⟩⟨U+13F4⟩⟨U+13EB⟩⟨U+13EF⟩"),
        ("\u0930\u0935\u093f\u0903 2026", "\u0930\u0935\u093f⟨U+0903⟩ 2026"),
        # and a Latin letter in a word holding a letter whose look-alike is not letters of its script alone is still
        # shown (`_ALIKE_APART`: the ص, like a Coptic epact digit): the o of "Bob oصح", like the heh goal ہ of the
        # ligature's "Bob ہﰠ", which is as typed
        ("Bob \u06c1\ufc20", "Bob \u06c1\ufc20"),
        ("Bob o\u0635\u062d", "Bob ⟨U+006F⟩\u0635\u062d"),
        # and such a letter where nothing in its word anchors it (no letter of its script there looks like none but
        # one of `_ALIKE_APART`), whose look-alike is as typed there too (review: both as typed): the Inuktitut ᑕ of
        # "Bob ᑕ", like "Bob ⊂"; ᑧ, like "Bob U'"; ᑆ, like "Bob ·ᐹ"; the Malayalam ഉ, like the Tamil உ and ௨; but not
        # beside a letter of its script that anchors it ("Go ᒪᓕᒃ", the ᑕ of "Bob ᑕᓕ"), nor without a Latin letter;
        # the ⊂, · and ௨ of their twins are shown too, as every character but a letter or a mark that looks like a
        # letter is, in any value (`_LOOKS_LETTER`; changed with it: each was as typed here, its twin shown)
        ("Bob \u1455", "Bob ⟨U+1455⟩"),
        ("Bob \u2282", "Bob ⟨U+2282⟩"),
        ("Bob \u1467", "Bob ⟨U+1467⟩"),
        ("Bob U'", "Bob U'"),
        ("Bob \u1446", "Bob ⟨U+1446⟩"),
        ("Bob \u00b7\u1439", "Bob ⟨U+00B7⟩\u1439"),
        ("Bob \u0d09", "Bob ⟨U+0D09⟩"),
        ("Bob \u0b89", "Bob \u0b89"),
        ("Bob \u0be8", "Bob ⟨U+0BE8⟩"),
        ("Bob \u1455\u1455", "Bob ⟨U+1455⟩⟨U+1455⟩"),
        ("Bob \u1455\u14d5", "Bob \u1455\u14d5"),
        ("Go \u14aa\u14d5\u1483", "Go \u14aa\u14d5\u1483"),
        ("\u1403\u14c4\u1483\u144e\u1450\u1466", "\u1403\u14c4\u1483\u144e\u1450\u1466"),
        ("\u1455", "\u1455"),
        # and a character but a letter or a mark that looks like a letter but an ASCII one, in any value, whose twin
        # holding the letter is as typed (review: each pair shown alike, as typed): "Bob ⊂ᓕ" and "Bob ᑕᓕ", "⊂" and "ᑕ",
        # "∆ελτα" and "Δελτα"
        ("Bob \u2282\u14d5", "Bob ⟨U+2282⟩\u14d5"),
        ("\u2282", "⟨U+2282⟩"),
        ("\u2206\u03b5\u03bb\u03c4\u03b1", "⟨U+2206⟩\u03b5\u03bb\u03c4\u03b1"),
        ("\u0394\u03b5\u03bb\u03c4\u03b1", "\u0394\u03b5\u03bb\u03c4\u03b1"),
        # and one composed of such a symbol and a mark, drawn as the two (review: as typed, like its letter's twin with
        # the mark): the ⊄ of "Bob ⊄ᓕ", like the ᑕ̸ of "Bob ᑕ̸ᓕ"; ∄, like Ǝ̸
        ("Bob \u2284\u14d5", "Bob ⟨U+2284⟩\u14d5"),
        ("\u2204", "⟨U+2204⟩"),
        ("\u2226", "⟨U+2226⟩"),
        # but where the symbol is in everyday use (a legacy national character set holds it) and its letters are not,
        # the symbol is as typed and the letters shown, in any value (review: "¢5" and "∞" were shown for their rare
        # twins ȼ, ꝏ and ꚙ): the cent sign and the Latin ȼ, the infinity and the Latin ꝏ, the Cyrillic ꚙ
        ("\u00a25", "\u00a25"),
        ("\u023c5", "⟨U+023C⟩5"),
        ("\u221e", "\u221e"),
        ("x \u221e", "x \u221e"),
        ("\ua74f", "⟨U+A74F⟩"),
        ("\ua699", "⟨U+A699⟩"),
        # and where both are in everyday use, the symbol is shown still: the euro sign, like the Ukrainian Є; the em
        # dash, like the Han 一 and the Katakana ー; and the middle dots, like the Canadian syllabics ᐧ, whose use no
        # such set tells
        ("\u20ac5", "⟨U+20AC⟩5"),
        ("\u04045", "\u04045"),
        ("a\u2014b", "a⟨U+2014⟩b"),
        ("l\u00b7l", "l⟨U+00B7⟩l"),
        # and a combining mark that looks like another, but one of U+0300 to U+036F, on a letter of Latin, Greek,
        # Coptic, Cyrillic or Armenian (review: "ж́" and "ж॔" shown alike, as typed): the Devanagari ॔ and the Arabic
        # َ, like ́; the acute accent there and a Thai mark on a Thai letter stay as typed
        ("\u0436\u0954", "\u0436⟨U+0954⟩"),
        ("\u0436\u064e", "\u0436⟨U+064E⟩"),
        ("\u0436\u0301", "\u0436\u0301"),
        ("\u0436\u0301\u0954", "\u0436\u0301⟨U+0954⟩"),
        ("\u03c9\u0954", "\u03c9⟨U+0954⟩"),
        ("\u0e44\u0e21\u0e48", "\u0e44\u0e21\u0e48"),
        # and a combining mark on a character shown whatever is around it (a joiner, a Hangul filler, the blank braille
        # pattern), which would be drawn on its code point's ⟩ (review: "ж\u200d\u0301" and "ж\u200d\u0954" were
        # shown alike, as ж⟨U+200D⟩ and the accent as typed)
        ("\u0436\u200d\u0301", "\u0436⟨U+200D⟩⟨U+0301⟩"),
        ("\u0436\u200d\u0954", "\u0436⟨U+200D⟩⟨U+0954⟩"),
        ("a\u3164\u0301", "a⟨U+3164⟩⟨U+0301⟩"),
        ("\u0436\u2800\u0300", "\u0436⟨U+2800⟩⟨U+0300⟩"),
        ("\u0436\u034f\u0301", "\u0436⟨U+034F⟩⟨U+0301⟩"),
        # but shown where the value also holds a letter of Latin, Greek, Coptic, Cyrillic, Armenian or another of
        # Hebrew, Arabic and Georgian that looks like none, whose look-alike it may be (the ו of "ש ו ж", like the
        # Cyrillic ӏ; review: both as typed); not beside Han, which has none (the כוס יין of "כוס יין 日本" as typed)
        ("\u05e9 \u05d5 \u0436", "\u05e9 ⟨U+05D5⟩ \u0436"),
        ("\u05e9 \u04cf \u0436", "\u05e9 \u04cf \u0436"),
        ("\u05e9 \u05d5 \u0633", "\u05e9 ⟨U+05D5⟩ \u0633"),
        ("\u05e9 \u05d5 \u03a9", "\u05e9 ⟨U+05D5⟩ \u03a9"),
        ("\u10d0 \u10e7 \u0436", "\u10d0 ⟨U+10E7⟩ \u0436"),
        ("\u0141\u00f3d\u017a \u0629 \u062c", "\u0141\u00f3d\u017a ⟨U+0629⟩ \u062c"),
        ("\u05db\u05d5\u05e1 \u05d9\u05d9\u05df \u65e5", "\u05db\u05d5\u05e1 \u05d9\u05d9\u05df \u65e5"),
        ("iPhone\u0e23\u0e32\u0e04\u0e32", "iPhone\u0e23\u0e32\u0e04\u0e32"),
        # and a letter of Greek, Cyrillic… that looks like one of such a script in a word with one that looks like
        # none, whatever its own script there (the Cyrillic Ү of "ж ᏣᎳҮ", like the Cherokee Ꭹ)
        ("\u0436 \u13e3\u13b3\u04ae", "\u0436 \u13e3\u13b3⟨U+04AE⟩"),
        # and a letter of another script that looks like one in a word whose letters that look like none are Hebrew,
        # Arabic or Georgian, or one of theirs in a word of another script's (the Myanmar ဝ of "כוဝ יין", like the ס of
        # "כוס יין"; the Hebrew ו of "خוث", like the ا of "خاث"; review: each as typed, alike)
        ("\u05db\u05d5\u101d \u05d9\u05d9\u05df", "\u05db\u05d5⟨U+101D⟩ \u05d9\u05d9\u05df"),
        ("\u062e\u05d5\u062b", "\u062e⟨U+05D5⟩\u062b"),
        ("\u062e\u0627\u062b", "\u062e\u0627\u062b"),
        ("\u13e3\u13b3\u05d5", "\u13e3\u13b3⟨U+05D5⟩"),
        # and every look-alike of a word whose letters that look like none are of two scripts, its own among them (the
        # ו of "שוخ" beside a Hebrew ש and an Arabic خ, like the ا of "שاخ"; the Cherokee Ꮃ of "ᏣשᎳ", like the Lisu ꓪ;
        # review: each as typed, alike)
        ("\u05e9\u05d5\u062e", "\u05e9⟨U+05D5⟩\u062e"),
        ("\u05e9\u0627\u062e", "\u05e9⟨U+0627⟩\u062e"),
        ("\u13e3\u05e9\u13b3", "\u13e3\u05e9⟨U+13B3⟩"),
        ("\u05e9\u05d5 \u062e", "\u05e9\u05d5 \u062e"),
        # and a look-alike of another script than the word's letters that look like none, whatever the two scripts
        # are (the Lisu ꓟ of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ", and the Cherokee Ꮇ of "ꓘᎷ", like the Lisu ꓟ of
        # "ꓘꓟ"; the Warang Citi 𑢠 beside an Osage 𐓙, like the Osage 𐒴; the Myanmar ဝ beside a Thai ก, whose script
        # has no look-alike; review: each as typed beside the Cherokee, Lisu, Osage or Thai letter)
        ("\u13e3\u13b3\ua4df", "\u13e3\u13b3⟨U+A4DF⟩"),
        ("\u13e3\u13b3\u13b7", "\u13e3\u13b3\u13b7"),
        ("\ua4d8\u13b7", "\ua4d8⟨U+13B7⟩"),
        ("\ua4d8\ua4df", "\ua4d8\ua4df"),
        ("\U000104d9\U000118a0", "\U000104d9⟨U+118A0⟩"),
        ("\U000104d9\U000104b4", "\U000104d9\U000104b4"),
        ("\u0e01\u101d", "\u0e01⟨U+101D⟩"),
        # in a value without one, every letter when all of them look like ASCII ones: a Cyrillic АВС, a Greek ΗΑΪΤΙ
        ("\u0410\u0412\u0421", "⟨U+0410⟩⟨U+0412⟩⟨U+0421⟩"),
        ("\u0397\u0391\u03aa\u03a4\u0399", "⟨U+0397⟩⟨U+0391⟩⟨U+03AA⟩⟨U+03A4⟩⟨U+0399⟩"),
        # Greek and Cyrillic letters side by side: those of either that look like one of the other (the Greek ρ in a
        # Russian word, like the Cyrillic р); each alphabet alone is as typed
        ("\u043f\u03c1\u0438\u0432\u0435\u0442", "⟨U+043F⟩⟨U+03C1⟩⟨U+0438⟩⟨U+0432⟩⟨U+0435⟩⟨U+0442⟩"),
        # a word that mixes Latin, Greek, Coptic, Cyrillic or Armenian letters: those of its letters that look like
        # letters of another of them (the Latin ʙ in a Russian word, the IPA ɛ in a Greek one, the Coptic ⲣ); words of
        # one script each, side by side, are as typed
        (
            "\u0299\u0430\u0441\u044f \u0432\u0430\u0441\u044f",
            "⟨U+0299⟩⟨U+0430⟩⟨U+0441⟩⟨U+044F⟩ \u0432\u0430\u0441\u044f",
        ),
        ("\u025b\u03bb\u03bb", "⟨U+025B⟩⟨U+03BB⟩⟨U+03BB⟩"),
        ("\u043f\u2ca3\u0438", "⟨U+043F⟩⟨U+2CA3⟩⟨U+0438⟩"),
        ("Kevin \u0418\u0432\u0430\u043d", "Kevin \u0418\u0432⟨U+0430⟩\u043d"),
        ("\u039f\u03c1\u03bf\u03c2", "\u039f\u03c1\u03bf\u03c2"),
        # and none when one of them does not: ordinary Russian, Greek, Armenian, Thai, Korean, Chinese
        (
            "\u0418\u0433\u0440\u0430 \u0441 \u0434\u0440\u0443\u0433\u043e\u043c",
            "\u0418\u0433\u0440\u0430 \u0441 \u0434\u0440\u0443\u0433\u043e\u043c",
        ),
        ("\u043f\u0440\u0438\u0432\u0435\u0442", "\u043f\u0440\u0438\u0432\u0435\u0442"),
        ("\u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1", "\u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1"),
        ("\u0535\u0580\u0587\u0561\u0576", "\u0535\u0580\u0587\u0561\u0576"),
        ("\u0e19\u0e49\u0e33 \u314b\u314b", "\u0e19\u0e49\u0e33 \u314b\u314b"),
        ("\u4f60\u597d\uff0c\u4e16\u754c\uff01", "\u4f60\u597d\uff0c\u4e16\u754c\uff01"),
        # a value holding characters of two of Han, Hiragana, Katakana and Hangul: those that look like one of another
        # (the Han 一 and 力 among Katakana, the Katakana ー beside Han); Katakana or Hiragana alone is as typed
        ("\u30c6\u4e00\u30d6\u30eb", "\u30c6⟨U+4E00⟩\u30d6\u30eb"),
        ("\u529b\u5915\u529b\u30ca", "⟨U+529B⟩⟨U+5915⟩⟨U+529B⟩\u30ca"),
        ("\u7b2c\u4e00\u30c6\u30fc\u30d6\u30eb", "\u7b2c⟨U+4E00⟩\u30c6⟨U+30FC⟩\u30d6\u30eb"),
        ("\u30c6\u30fc\u30d6\u30eb \u30ab\u30bf\u30ab\u30ca", "\u30c6\u30fc\u30d6\u30eb \u30ab\u30bf\u30ab\u30ca"),
        # and one whose characters of those scripts all look like ones of another: each (カタ and 力夕, ロト and 口卜)
        ("\u30ab\u30bf 7", "⟨U+30AB⟩⟨U+30BF⟩ 7"),
        ("\u529b\u5915", "⟨U+529B⟩⟨U+5915⟩"),
        ("\u30ed\u30c8", "⟨U+30ED⟩⟨U+30C8⟩"),
        ("\u4e8c\u4eba", "\u4e8c\u4eba"),
        ("\u3072\u3089\u304c\u306a \u3078", "\u3072\u3089\u304c\u306a \u3078"),
        # every digit of Arabic's two sets, each like the same digit of the other, alone or among letters
        ("\u0661\u0662\u0663", "⟨U+0661⟩⟨U+0662⟩⟨U+0663⟩"),
        ("\u0645\u06f1\u06f2", "\u0645⟨U+06F1⟩⟨U+06F2⟩"),
        # every Arabic letter Persian or Urdu write apart from one like it: كتاب بيت and کتاب بیت are drawn alike
        # (review), so each is shown in both, but the one a legacy set holds where its twin is not: the yeh of بيت is
        # as typed, the Farsi yeh of بیت shown (review: the yeh of the plain Arabic "العَرَبِيَّة" was shown)
        ("\u0643\u062a\u0627\u0628 \u0628\u064a\u062a", "⟨U+0643⟩\u062a\u0627\u0628 \u0628\u064a\u062a"),
        ("\u06a9\u062a\u0627\u0628 \u0628\u06cc\u062a", "⟨U+06A9⟩\u062a\u0627\u0628 \u0628⟨U+06CC⟩\u062a"),
        # where such a letter is drawn like no other, as typed: a kaf and a yeh last (ملك, علي); an alef maksura and
        # a Farsi yeh last are drawn alike (على, علی): the Farsi yeh is shown, and one before a zero-width non-joiner
        # is last too
        ("\u0645\u0644\u0643 \u0639\u0644\u064a", "\u0645\u0644\u0643 \u0639\u0644\u064a"),
        ("\u0639\u0644\u0649 \u0639\u0644\u06cc", "\u0639\u0644\u0649 \u0639\u0644⟨U+06CC⟩"),
        # the plain Arabic "العَرَبِيَّة" and "الله", and their twins with a Farsi yeh and an ae
        (
            "\u0627\u0644\u0639\u064e\u0631\u064e\u0628\u0650\u064a\u064e\u0651\u0629",
            "\u0627\u0644\u0639\u064e\u0631\u064e\u0628\u0650\u064a\u064e\u0651\u0629",
        ),
        (
            "\u0627\u0644\u0639\u064e\u0631\u064e\u0628\u0650\u06cc\u064e\u0651\u0629",
            "\u0627\u0644\u0639\u064e\u0631\u064e\u0628\u0650⟨U+06CC⟩⟨U+064E⟩⟨U+0651⟩\u0629",
        ),
        ("\u0627\u0644\u0644\u0647", "\u0627\u0644\u0644\u0647"),
        ("\u0627\u0644\u0644\u06d5", "\u0627\u0644\u0644⟨U+06D5⟩"),
        ("\u0645\u06cc\u200c\u0631\u0648\u0645", "\u0645⟨U+06CC⟩⟨U+200C⟩\u0631\u0648\u0645"),
        # in a value without a Latin letter or an ASCII digit: a mark of punctuation like an ASCII one, as the
        # hyphen ‐ in Cyrillic or Greek text (review: "привет‐мир" and "привет-мир" were drawn alike), or a digit
        # like one (the Devanagari ०); the ASCII hyphen is as typed, and so are a mark (the visarga of दुःख) and
        # CJK's fullwidth punctuation, which NFKC makes ASCII
        (
            "\u043f\u0440\u0438\u0432\u0435\u0442\u2010\u043c\u0438\u0440",
            "\u043f\u0440\u0438\u0432\u0435\u0442⟨U+2010⟩\u043c\u0438\u0440",
        ),
        (
            "\u043f\u0440\u0438\u0432\u0435\u0442-\u043c\u0438\u0440",
            "\u043f\u0440\u0438\u0432\u0435\u0442-\u043c\u0438\u0440",
        ),
        (
            "\u0395\u03bb\u03bb\u03ac\u03b4\u03b1\u2010\u03bc\u03bf\u03c5",
            "\u0395\u03bb\u03bb\u03ac\u03b4\u03b1⟨U+2010⟩\u03bc\u03bf\u03c5",
        ),
        ("\u0916\u0947\u0932 \u0966", "\u0916\u0947\u0932 ⟨U+0966⟩"),
        ("\u0926\u0941\u0903\u0916", "\u0926\u0941\u0903\u0916"),
        ("\u4f60\u597d\uff01", "\u4f60\u597d\uff01"),
        # a vowel mark on an Arabic letter shown is shown too (it would sit on the code point's bracket); a modifier
        # letter like an ASCII mark, as punctuation is (Ukrainian's apostrophe ʼ, like '); in Latin text of non-ASCII
        # letters, a fullwidth mark of punctuation (review of the change: none of these was held by a test)
        ("\u0643\u0650\u062a\u064e\u0627\u0628", "⟨U+0643⟩⟨U+0650⟩\u062a\u064e\u0627\u0628"),
        ("\u043f\u0430\u043c\u02bc\u044f\u0442\u044c", "\u043f\u0430\u043c⟨U+02BC⟩\u044f\u0442\u044c"),
        ("\u0141\u00f3\u017a\uff0d", "\u0141\u00f3\u017a⟨U+FF0D⟩"),
        # in a value of Latin letters none of them ASCII, every character like an ASCII one, as beside an ASCII
        # letter (review: "ŁóᏧź" for "Łódź", "Æᴦø" for "Ærø")
        ("\u0141\u00f3\u13e7\u017a", "\u0141\u00f3⟨U+13E7⟩\u017a"),
        ("\u00c6\u1d26\u00f8", "\u00c6⟨U+1D26⟩\u00f8"),
        ("\u0141\u00f3d\u017a", "\u0141\u00f3d\u017a"),
        # a letter of Latin, Greek, Coptic, Cyrillic or Armenian that looks like a letter of another script, beside a
        # letter that looks like none (ж, Ω, 日, א), when no letter of its own script there looks like none: the value
        # written again in the script of its other letters looks alike (the Latin o of "жo" and the Cyrillic о of
        # "жо", the Cyrillic о of "日本о" and the Greek ο of "日本ο", the ö of "жö" and the Cyrillic ӧ of "жӧ")
        ("\u0436o", "\u0436⟨U+006F⟩"),
        ("\u0436\u043e", "\u0436\u043e"),
        ("\u0436\u0436 o", "\u0436\u0436 ⟨U+006F⟩"),
        ("\u0436\u0436 \u0585", "\u0436\u0436 ⟨U+0585⟩"),
        ("\u0416OP", "\u0416⟨U+004F⟩⟨U+0050⟩"),
        ("\u0436\u00f6", "\u0436⟨U+00F6⟩"),
        ("\u0436\u04e7", "\u0436\u04e7"),
        ("\u03a9o", "\u03a9⟨U+006F⟩"),
        ("\u03a9\u03bf", "\u03a9\u03bf"),
        # (but not the Latin o of "日本o", which no Han letter looks like: the Myanmar ဝ of "日本ဝ", like it, is shown)
        ("\u65e5\u672co", "\u65e5\u672co"),
        ("\u65e5\u672c\u101d", "\u65e5\u672c⟨U+101D⟩"),
        ("\u65e5\u672c\u043e", "\u65e5\u672c⟨U+043E⟩"),
        ("\u65e5\u672c\u03bf", "\u65e5\u672c⟨U+03BF⟩"),
        ("\u05d0o", "\u05d0⟨U+006F⟩"),
        # and none where a letter of its own script looks like no other (the t of "test", the k of "Tokyo")
        ("Tokyo \u6771\u4eac", "Tokyo \u6771\u4eac"),
        # where letters of two of Greek, Coptic, Cyrillic and Armenian look like none, a word of look-alikes alone, in
        # either script: "ж о ֆ" and "ж օ ֆ", the Cyrillic о and the Armenian օ; "Ω ο ⲁ" and "Ω ⲟ ⲁ", the Greek ο and
        # the Coptic ⲟ (review: both of each pair as typed)
        ("\u0436 \u043e \u0586", "\u0436 ⟨U+043E⟩ \u0586"),
        ("\u0436 \u0585 \u0586", "\u0436 ⟨U+0585⟩ \u0586"),
        ("\u03a9 \u03bf \u2c81", "\u03a9 ⟨U+03BF⟩ \u2c81"),
        ("\u03a9 \u2c9f \u2c81", "\u03a9 ⟨U+2C9F⟩ \u2c81"),
        # and none in a word with a letter of its own script that looks like none (its twin mixes two scripts in a word)
        ("\u0436\u043e \u0586", "\u0436\u043e \u0586"),
        ("\u0436\u0585 \u0586", "\u0436⟨U+0585⟩ \u0586"),
    ],
)
def test_a_character_that_shows_nothing_or_like_another_is_written_as_its_code_point(text: str, written: str) -> None:
    assert shown(text) == written
    assert len(unseen(text)) == len(text)


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        ("\u3164", "'\\u3164'"),
        ("1-5 \u2800", "'1-5 \\u2800'"),
        ("test\U0001d159", "'test\\U0001d159'"),
        (["\u115f", 2, {"k": "\ufe0f"}], "['\\u115f', 2, {'k': '\\ufe0f'}]"),
        ("b\u200b", "'b\\u200b'"),  # repr's own escapes are kept
        ("caf\u00e9 \u05e9", "'caf\u00e9 \u05e9'"),  # a character that draws is quoted as it is
    ],
)
def test_a_value_a_message_quotes_holds_no_character_that_draws_nothing(value: object, quoted: str) -> None:
    # Review: a pasted roll of a Hangul filler alone was refused as "'' is not a roll", in the API's JSON and pages
    assert prose.repr_of(value) == quoted


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ([1, None], "[1, null]"),
        ({"a": None, "b": [True, False]}, "{'a': null, 'b': [true, false]}"),
        ("None", "'None'"),  # text is quoted as before, whatever it says
        (["it's True", {"None": "\\False'"}], "[\"it's True\", {'None': \"\\\\False'\"}]"),
        ([[None, "\u3164"]], "[[null, '\\u3164']]"),
    ],
)
def test_a_message_quotes_null_true_and_false_as_json_writes_them_and_text_as_before(
    value: object, quoted: str
) -> None:
    # Review: `{"scheme": null}` was refused as "not None", a list holding null quoted as [1, None]: Python's words to
    # people who wrote JSON
    assert prose.repr_of(value) == quoted


def test_a_value_nested_deeper_than_repr_writes_is_still_said_in_words() -> None:
    deep: list[object] = []
    for _ in range(200_000):
        deep = [deep, None]
    assert prose.repr_of(deep) == "a value nested too deeply to show"


# JSON values whose text holds what `repr_of` must read right: quotes, backslashes, Python's words, a character that
# draws nothing
_quoted_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.lists(st.sampled_from(["'", '"', "\\", "None", "False", "e", " ", "\u3164"]), max_size=6).map("".join),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=12,
)


@given(value=_quoted_values, most=st.integers(0, 60))
def test_a_quote_cut_short_is_the_start_of_the_whole_quote(value: object, most: int) -> None:
    whole, start = prose.repr_of(value), prose.repr_of(value, most=most)
    assert whole.startswith(start)
    assert start == whole or len(start) >= most


@given(text=st.text(st.sampled_from([" ", "a", "0", "-", "\t", "\x00", "\x7f"]), max_size=8))
@example(text="a  b")
@example(text=" a")
@example(text="a ")
@example(text="a\tb")
@example(text="a b")
def test_an_ascii_value_shows_each_control_and_each_space_a_page_drops_or_folds(text: str) -> None:
    # Each character of an ASCII value by the rule itself, where `unseen` answers a value it shows none of whole (an
    # audit's page lists 100,000 shards' keys): a control, and a space first, last or after a space
    last = len(text) - 1
    by_character = [
        (at in (0, last) or text[at - 1] == " ") if character == " " else not character.isprintable()
        for at, character in enumerate(text)
    ]
    assert unseen(text) == by_character


def test_a_huge_value_a_message_cuts_short_is_written_only_as_far_as_it_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a count of 100,000 nulls, of which the message shows the first few: JSON's words written for all of them
    # made the refusal of a body of 1 MiB four times as long
    words: list[str] = []
    write = prose._json_word
    monkeypatch.setattr(prose, "_json_word", lambda found: words.append(found.group()) or write(found))
    with pytest.raises(ValidationError) as caught:
        parse_request({"scheme": "narde-v1", "key": "00" * 32, "phrase": "p", "count": [None] * 100_000})
    # When it is refused, Then the message quotes its start, and no more of it was written in JSON's words
    [problem] = describe(caught.value)
    assert problem.message == "must be a whole number, got [null, null, null, null, null, null, ..."
    assert len(words) <= 10


def test_a_number_written_with_a_character_that_draws_nothing_is_refused_naming_it_by_its_escape() -> None:
    with pytest.raises(ValidationError) as caught:
        parse_request({"scheme": "narde-v1", "key": "00" * 32, "phrase": "p", "count": "12\u3164"})
    (problem,) = describe(caught.value)
    assert problem.message.endswith("spaces or signs, got '12\\u3164'")


def test_every_character_that_draws_nothing_is_quoted_by_an_escape_python_reads_back_as_it() -> None:
    blank = [chr(code) for code in range(0x110000) if prose._BLANK.fullmatch(chr(code))]
    assert len(blank) == 270
    for character in blank:
        quoted = prose.repr_of(f"a{character}'")
        assert not prose.shows_nothing(quoted) and ast.literal_eval(quoted) == f"a{character}'"


def test_two_spellings_that_render_alike_are_shown_apart() -> None:
    composed = "caf\u00e9 noir"
    alike = ("caf\u00e9  noir", "caf\u00e9 noir\u034f", "caf\u00e9\u00a0noir", unicodedata.normalize("NFD", composed))
    assert shown(composed) == composed
    for other in alike:
        assert shown(other) != shown(composed), other
        # two texts differ whenever their characters do, shown or not: one drawn alike is shown apart only by what is
        # written as its code point
        assert "⟨U+" in shown(other), other


@cache
def _held_equal() -> dict[str, list[str]]:
    """Each character that another, alone, normalises to (NFC), with those others: K for the Kelvin sign."""
    found: dict[str, list[str]] = {}
    for code in range(0x110000):
        other = chr(code)
        normal = unicodedata.normalize("NFC", other)
        if normal != other and len(normal) == 1:
            found.setdefault(normal, []).append(other)
    return found


def test_no_character_unicode_holds_compatible_with_a_letter_or_digit_is_shown_like_it() -> None:
    # Every character whose compatibility form (NFKC) is an ASCII letter or digit: 𝖪, Ｋ, ᴷ, ⓚ, … for K
    latin = set(string.ascii_letters + string.digits)
    alike = [chr(code) for code in range(0x110000) if unicodedata.normalize("NFKC", chr(code)) in latin]
    assert len(alike) > 1000
    for other in alike:
        normal = unicodedata.normalize("NFKC", other)
        if other != normal:
            assert shown(f"a{other}b") == f"a⟨U+{ord(other):04X}⟩b", hex(ord(other))


@pytest.mark.parametrize("before", ["", "a", "\u5927", "\u0e19"])
def test_no_character_unicode_holds_compatible_with_one_other_is_shown_like_it(before: str) -> None:
    # Every character NFKC spells otherwise (µ as μ, ⼈ as 人, ㅋ as ᄏ, ｱ as ア, 𝖪 as K, ำ as ํา), after nothing, an
    # ASCII letter, a Chinese or a Thai one: two spellings roll different dice, so they are shown apart (one or both
    # in code points). Left as typed: a ligature of several non-ASCII letters (Armenian և, Lao ໜ, ㈱), and, without
    # an ASCII letter beside it, what NFKC makes ASCII punctuation (the fullwidth ！ and the ellipsis … of Chinese).
    def rendered(text: str) -> str:
        return unicodedata.normalize("NFKC", shown(text))

    kept = []
    for code in range(0x110000):
        character = chr(code)
        other = unicodedata.normalize("NFKC", character)
        if other != character and rendered(before + character) == rendered(before + other):
            kept.append((character, other))
    latin = any(c.isascii() and c.isalpha() for c in before)
    ligatures = [c for c, other in kept if len(other) > 1 and not any(o.isascii() and o.isalnum() for o in other)]
    punctuation = [c for c, other in kept if all(o.isascii() and not o.isalnum() for o in other)]
    assert {c for c, _ in kept} == {*ligatures, *punctuation}
    assert "\u0587" in ligatures
    assert ("\uff01" in punctuation) is not latin
    assert {"\u00b5", "\u2f08", "\u3131", "\uff71", "\ufeb3", "\u0e33"}.isdisjoint(c for c, _ in kept)


@pytest.mark.parametrize("composed", ["Kevin", "\uac00\ub098", "caf\u00e9", "1\u03a9 \u00c5", "\u8c48"])
def test_no_spelling_unicode_holds_equal_to_another_is_shown_like_it(composed: str) -> None:
    # Every text whose composed form (NFC) is `composed`, one character spelled another way at a time, is shown as
    # something a page renders otherwise: texts with one NFC render alike, so the shown texts' NFC must differ
    assert unicodedata.is_normalized("NFC", composed)

    def rendered(text: str) -> str:
        return unicodedata.normalize("NFC", shown(text))

    for at, character in enumerate(composed):
        for other in _held_equal().get(character, []):
            spelled = composed[:at] + other + composed[at + 1 :]
            assert rendered(spelled) != rendered(composed), spelled
        decomposed = composed[:at] + unicodedata.normalize("NFD", character) + composed[at + 1 :]
        assert decomposed == composed or rendered(decomposed) != rendered(composed), decomposed


def test_every_character_nfc_joins_to_the_one_before_it_is_a_mark_or_a_jamo() -> None:
    # Why `unseen` may look at marks and jamo alone in text that is not composed: every canonical decomposition in
    # Unicode is a character followed by marks or (Hangul) jamo, so only those join what comes before them; and a
    # character NFC changes on its own is written as its code point whatever it is.
    joining = set()
    for code in range(0x110000):
        joining.update(unicodedata.normalize("NFD", chr(code))[1:])
    assert joining
    for character in joining:
        assert unicodedata.category(character).startswith("M") or prose._JAMO.match(character), hex(ord(character))


def test_a_phrase_searched_for_hidden_characters_is_named_as_such_in_the_verdict() -> None:
    # Given a narde-v1 game under seed 002's key whose phrase, "test" with hidden characters, an operator chose
    phrase = "t\u034fest\u115f\u034f"
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}

    verdict = verify(parse_request(request))

    # Then the verdict keeps the phrase as given, and says what it holds in code points the player can read
    _, identity = verdict.identified_by
    assert identity.value == phrase
    assert identity.description == (
        "the phrase your app showed for this game; it holds characters that show nothing or look like others,"
        " here as code points: t⟨U+034F⟩est⟨U+115F⟩⟨U+034F⟩"
    )


def test_a_phrase_with_a_null_notehead_after_it_is_not_shown_as_the_phrase_alone() -> None:
    # Given a narde-v1 game whose phrase is "test" and U+1D159, the musical null notehead: printable to
    # str.isprintable() and not default-ignorable, but drawn as nothing, with no width (Unicode's list, 2016-09)
    phrase = "test\U0001d159"
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}

    # When it is verified
    _, identity = verify(parse_request(request)).identified_by

    # Then its description names the character by its code point: the page would show "test", whose rolls differ
    assert identity.description.endswith("here as code points: test⟨U+1D159⟩")


@pytest.mark.parametrize(
    ("seed", "written"),
    [
        ("\u07c0\u07c0", "⟨U+07C0⟩⟨U+07C0⟩"),  # the NKo digit zero twice: OO
        ("\u05e1\u05d5", "⟨U+05E1⟩⟨U+05D5⟩"),  # samekh and vav, drawn right to left: lo
    ],
)
def test_a_seat_seed_of_right_to_left_letters_that_all_look_like_ascii_ones_is_shown_as_code_points(
    seed: str, written: str
) -> None:
    # Given a three-dice game whose white seat's seed is written in right-to-left characters that each look like an
    # ASCII one, so that the page drew it as OO or lo (review: Unicode's data writes them between left-to-right marks,
    # and they were not read as look-alikes)
    seats = {"white": seed, "black": "bob"}
    request = {"scheme": "three-dice", "seed": KEY.hex(), "client_seeds": seats, "count": 2}

    # When it is verified
    _, white, _ = verify(parse_request(request)).identified_by

    # Then its description gives every character by its code point: the player who typed OO does not read it as theirs
    assert white.description.endswith(f"here as code points: {written}")


@pytest.mark.parametrize(
    ("phrase", "seen", "written"),
    [
        ("\u212aevin", "Kevin", "⟨U+212A⟩evin"),
        ("\u1100\u1161\u1102\u1161", "\uac00\ub098", "⟨U+1100⟩⟨U+1161⟩⟨U+1102⟩⟨U+1161⟩"),
        ("K\u0435vin", "Kevin", "K⟨U+0435⟩vin"),
        # the review's: Katakana spelled with a Han look-alike, Arabic-Indic digits with Extended ones, whole or mixed
        ("\u30c6\u4e00\u30d6\u30eb", "\u30c6\u30fc\u30d6\u30eb", "\u30c6⟨U+4E00⟩\u30d6\u30eb"),
        ("\u06f1\u06f2", "\u0661\u0662", "⟨U+06F1⟩⟨U+06F2⟩"),
        ("\u0661\u06f2", "\u0661\u0662", "⟨U+0661⟩⟨U+06F2⟩"),
    ],
)
def test_a_phrase_spelled_to_look_like_another_is_named_as_such(phrase: str, seen: str, written: str) -> None:
    # Given a narde-v1 game whose phrase looks like the one the player saw, `seen` ("Kevin" with the Kelvin sign or a
    # Cyrillic е, 가나 with its jamo apart): another phrase, so other dice, that a page would show as `seen`
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}
    assert verify(parse_request(request)).rolls != verify(parse_request({**request, "phrase": seen})).rolls

    _, identity = verify(parse_request(request)).identified_by

    # Then the verdict keeps the phrase as given, and says which characters are not what they look like
    assert identity.value == phrase
    assert identity.description.endswith(f"look like others, here as code points: {written}")


@pytest.mark.parametrize(
    ("phrase", "twin", "written"),
    [
        ("\u0436o", "\u0436\u043e", "\u0436⟨U+006F⟩"),  # жo: a Latin o beside a Cyrillic ж, like жо
        ("\u65e5\u672c\u043e", "\u65e5\u672c\u03bf", "\u65e5\u672c⟨U+043E⟩"),  # Cyrillic о after Han, like Greek ο
        ("\u0436\u00f6", "\u0436\u04e7", "\u0436⟨U+00F6⟩"),  # a Latin ö beside ж, like the Cyrillic ӧ
        ("\u0436 \u043e \u0586", "\u0436 \u0585 \u0586", "\u0436 ⟨U+043E⟩ \u0586"),  # Cyrillic о beside ֆ, like օ
        # a word of Cherokee or Lisu look-alikes beside Han or Hangul, like a Latin one, which is as typed (review:
        # the Latin one was shown as code points and the Cherokee or Lisu one as typed)
        ("\u13f4\u13be\u13cf \u65e5\u672c", "Bob \u65e5\u672c", "⟨U+13F4⟩⟨U+13BE⟩⟨U+13CF⟩ \u65e5\u672c"),
        ("\u13e6\u13a5\u13b7 \uae40", "Kim \uae40", "⟨U+13E6⟩⟨U+13A5⟩⟨U+13B7⟩ \uae40"),
        ("\ua4d4\ua4f3\ua4d7 \u65e5\u672c", "Tok \u65e5\u672c", "⟨U+A4D4⟩⟨U+A4F3⟩⟨U+A4D7⟩ \u65e5\u672c"),
        # Latin letters in a word with a Cherokee letter that looks like none, like the Cherokee ᏣᎳᎩ
        ("\u13e3WY", "\u13e3\u13b3\u13a9", "\u13e3⟨U+0057⟩⟨U+0059⟩"),
        # and so beside a Latin word too, where the Cherokee or Ethiopic look-alikes are as typed (review: the Ꮃ and Ꭹ
        # of "Bob ᏣᎳᎩ", the ሀ of "Lucky ሀገር" were shown as code points, and their Latin twins as typed)
        ("Bob \u13e3WY", "Bob \u13e3\u13b3\u13a9", "Bob \u13e3⟨U+0057⟩⟨U+0059⟩"),
        ("Lucky U\u1308\u122d", "Lucky \u1200\u1308\u122d", "Lucky ⟨U+0055⟩\u1308\u122d"),
        # but not in a word holding a letter that looks like what is not letters of its script and marks alone, whose
        # Latin twin sets its Latin letter apart from that script's (review: both as typed): the Inuktitut ᒪ beside ᑕ,
        # like ⊂; beside ᑆ, like ·ᐹ; beside ᑧ, like U'; before ᐃ, like ∆; the Malayalam ഠ beside ഉ, like the Tamil உ
        # (and the ᑕ, ᑆ, ᑧ and ഉ there too, as nothing in their word anchors them: "Bob ᒪ⊂" shows its ᒪ alone)
        ("Bob \u14aa\u1455", "Bob L\u2282", "Bob ⟨U+14AA⟩⟨U+1455⟩"),
        ("Bob \u14aa\u1446", "Bob L\u00b7\u1439", "Bob ⟨U+14AA⟩⟨U+1446⟩"),
        ("Bob \u14aa\u1467", "Bob LU'", "Bob ⟨U+14AA⟩⟨U+1467⟩"),
        ("Go \u14aa\u1403\u14d5", "Go L\u2206\u14d5", "Go ⟨U+14AA⟩\u1403\u14d5"),
        ("Bob \u0d20\u0d09", "Bob o\u0b89", "Bob ⟨U+0D20⟩⟨U+0D09⟩"),
        # and a character but a letter or a mark that looks like a letter, beside its twin's as typed letter (review:
        # both as typed): the ⊂ of "Bob ⊂ᓕ", like the ᑕ of "Bob ᑕᓕ"; ⊂ alone, like ᑕ; the ∆ of "∆ελτα", like Δ
        ("Bob \u2282\u14d5", "Bob \u1455\u14d5", "Bob ⟨U+2282⟩\u14d5"),
        ("\u2282", "\u1455", "⟨U+2282⟩"),
        ("Bob \u2284\u14d5", "Bob \u1455\u0338\u14d5", "Bob ⟨U+2284⟩\u14d5"),
        # and a combining mark like another on a Cyrillic letter: the Devanagari ॔ of "ж॔", like the ́ of "ж́"
        ("\u0436\u0954", "\u0436\u0301", "\u0436⟨U+0954⟩"),
        # and after a joiner, shown as its code point, on whose ⟩ it would be drawn: "ж\u200d॔", like "ж\u200d́"
        ("\u0436\u200d\u0954", "\u0436\u200d\u0301", "\u0436⟨U+200D⟩⟨U+0954⟩"),
        ("\u2206\u03b5\u03bb\u03c4\u03b1", "\u0394\u03b5\u03bb\u03c4\u03b1", "⟨U+2206⟩\u03b5\u03bb\u03c4\u03b1"),
        # and a rare letter like a symbol in everyday use, beside its twin's as typed symbol: the ȼ of "ȼ5", like the
        # cent sign of "¢5"; the ꝏ of "x ꝏ", like the infinity of "x ∞"
        ("\u023c5", "\u00a25", "⟨U+023C⟩5"),
        ("x \ua74f", "x \u221e", "x ⟨U+A74F⟩"),
        # a Latin word beside a Cyrillic one, like the Cyrillic look-alikes: the Latin is shown, the Cyrillic as typed
        (
            "hello \u0436\u0438\u0437\u043d\u044c",
            "\u04bb\u0435\u04cf\u04cf\u043e \u0436\u0438\u0437\u043d\u044c",
            "⟨U+0068⟩⟨U+0065⟩⟨U+006C⟩⟨U+006C⟩⟨U+006F⟩ \u0436\u0438\u0437\u043d\u044c",
        ),
    ],
)
def test_a_phrase_with_a_letter_of_another_script_than_its_own_is_told_from_its_twin(
    phrase: str, twin: str, written: str
) -> None:
    # Given two narde-v1 phrases a screen draws alike (the Latin o of "жo" and the Cyrillic о of "жо"), which give
    # other dice, each verified fair
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}
    other = {**request, "phrase": twin}
    assert verify(parse_request(request)).rolls != verify(parse_request(other)).rolls
    fair = [verify(parse_request({**given, "recorded": _recorded(given)})) for given in (request, other)]
    assert [verdict.verdict for verdict in fair] == ["fair", "fair"]

    # Then the two are told apart as a screen draws them: in the verdict's description of the phrase, and on the page,
    # whose "Is this your game?" shows the one that holds a letter of another script by its code point
    (_, mine), (_, theirs) = (verdict.identified_by for verdict in fair)
    assert mine.description.endswith(f"look like others, here as code points: {written}")
    assert _drawn(shown(phrase)) != _drawn(shown(twin))
    assert _drawn(mine.description) != _drawn(theirs.description)
    page = render_page(fair[0])
    assert f"<bdi>{visible(phrase, spaces=True)}</bdi>" in page
    assert "<span class=cp " in visible(phrase, spaces=True)


def _recorded(request: dict[str, object]) -> str:
    """The rolls a request computes, as recorded rolls: so verified, it is fair."""
    return " ".join("-".join(map(str, roll["dice"] or ())) for roll in verify(parse_request(request)).rolls)


def _drawn(text: str) -> str:
    """Text as a screen draws it: each character as the one it looks like (the Cyrillic о as o), a test's rough
    stand-in for the eye."""
    return text.translate(
        {0x043E: "o", 0x03BF: "o", 0x0585: "o", 0x04E7: "\u00f6", 0x04BB: "h", 0x0435: "e", 0x04CF: "l"}
        # Cherokee and Lisu letters as the review read them: ᏴᎾᏏ as Bob, ᏦᎥᎷ as Kim, ꓔꓳꓗ as Tok, ᏣᎳᎩ as ᏣWY
        | {0x13F4: "B", 0x13BE: "o", 0x13CF: "b", 0x13E6: "K", 0x13A5: "i", 0x13B7: "m", 0x13B3: "W", 0x13A9: "Y"}
        | {0xA4D4: "T", 0xA4F3: "o", 0xA4D7: "k"}
        | {0x1200: "U"}  # the Ethiopic ሀ of "Lucky ሀገር"
        # the Inuktitut ᒪ as L, ᑕ as ⊂, ᑆ as ·ᐹ, ᑧ as U', ᐃ as ∆; the Malayalam ഠ as o and ഉ as the Tamil உ
        | {0x14AA: "L", 0x1455: "\u2282", 0x1446: "\u00b7\u1439", 0x1467: "U'", 0x1403: "\u2206"}
        | {0x0D20: "o", 0x0D09: "\u0b89"}
        | {0x0394: "\u2206"}  # the Greek Δ as the increment ∆
        | {0x023C: "\u00a2", 0xA74F: "\u221e"}  # the Latin ȼ as the cent sign, ꝏ as the infinity
        | {0x0954: "\u0301"}  # the Devanagari acute accent as the acute accent
    )


def test_an_ordinary_phrase_is_described_as_the_scheme_describes_it() -> None:
    request = {"scheme": "narde-v1", "key": KEY.hex(), "phrase": "caf\u00e9 noir", "count": 1}
    _, identity = verify(parse_request(request)).identified_by
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


def _members(pattern: re.Pattern[str]) -> set[str]:
    """The characters of one of prose's character classes."""
    return _class_members(pattern.pattern.removeprefix("[").removesuffix("]"))


@cache
def _verifier_js() -> str:
    return files("fairdice").joinpath("verifier.js").read_text("utf-8")


def _unescaped(escaped: str) -> str:
    """Characters as verifier.js escapes them (`\\u05D0`, `\\u{10800}`), as themselves."""
    return re.sub(r"\\u\{([0-9A-Fa-f]+)\}|\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m[1] or m[2], 16)), escaped)


def _written(escaped: str) -> set[str]:
    """The characters of a character class as verifier.js escapes them (`\\u05D0-\\u05EA\\u{10800}`)."""
    return _class_members(_unescaped(escaped))


def _js_class(name: str) -> set[str]:
    """The characters of verifier.js's `const NAME = /[…]/u;`."""
    (escaped,) = re.findall(rf"const {name} = /\[(.*?)\]/u;", _verifier_js())
    return _written(escaped)


def _js_table(name: str) -> set[str]:
    """The characters of verifier.js's `const NAME = new RegExp("[" + "…" + "]", "u");`, a class written from
    unicodedata."""
    (lines,) = re.findall(rf'const {name} = new RegExp\((.*?),\s*"u",\s*\);', _verifier_js(), re.S)
    return _written("".join(re.findall(r'"(.*?)"', lines)).removeprefix("[").removesuffix("]"))


def _js_set(name: str) -> set[str]:
    """The characters of verifier.js's `const NAME = new Set("…" + "…");`."""
    (block,) = re.findall(rf"const {name} = new Set\((.*?),\s*\);", _verifier_js(), re.S)
    return set(_unescaped("".join(re.findall(r'"(.*?)"', block))))


def test_the_browser_writes_the_same_blank_characters_as_code_points() -> None:
    # verifier.js holds the list again, as the offline page runs on its own: a character left out of one list would
    # let a phrase pass for another on that side only
    browser = _js_class("BLANK")
    assert browser == _members(prose._BLANK)
    assert {"\u034f", "\u2800", "\U000e0100", "\U000e01ef"} <= browser


def test_the_characters_that_look_ascii_are_those_unicodes_confusables_say() -> None:
    # Unicode's confusables (UTS #39), as the confusable_homoglyphs library ships them: every character listed as
    # looking like an ASCII letter, digit or punctuation mark, but for those NFKC makes an ASCII letter or digit (shown
    # for that). The data writes a right-to-left character between two left-to-right marks (\u200e߀\u200e, like O):
    # it is the character all the same (review: those 52, the Hebrew samekh ס like o among them, were left out)
    # Also those listed as looking like the string an ASCII character itself is listed as looking like: " like two
    # apostrophes, % like º/₀, m like rn (review: the modifier letter double prime, like ", was not shown)
    confusables = confusable_homoglyphs.utils.load("confusables.json")
    ascii_ = set(string.ascii_letters + string.digits + string.punctuation)
    through = {o["c"].strip("\u200e") for a in ascii_ if a in confusables for o in confusables[a]} - ascii_
    assert through >= {"''", "rn"}
    expected = {
        character
        for written, alike in confusables.items()
        if len(character := written.strip("\u200e")) == 1
        and not character.isascii()
        and any(other["c"].strip("\u200e") in ascii_ | through for other in alike)
        and not any(c.isascii() and c.isalnum() for c in unicodedata.normalize("NFKC", character))
    }
    assert expected == prose._LOOKS_ASCII
    assert {"\u0435", "\u1d20", "\ua4d7", "\u2010", "\u0966", "\u0131", "\u05e1", "\u07c0"} <= prose._LOOKS_ASCII
    assert {"\u02ba", "\u2033", "\u201c", "\u201d", "\uff02", "\u066a"} <= prose._LOOKS_ASCII


@cache
def _alike() -> list[list[str]]:
    """Unicode's confusables as one relation, what looks like what through any other character: its groups, as
    tools/script_table.py reads them (`_groups`), which writes the look-alike sets from them. A left-to-right mark the
    data writes around a right-to-left digit (۲ like \u200e٢\u200e) is not part of it."""
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    return table._groups()


def _across(scripts: tuple[re.Pattern[str], ...], *, letters: bool) -> set[str]:
    """Every character of `scripts` (only letters, with `letters`) alike to one of another of them, but ASCII ones."""

    def script(character: str) -> int | None:
        if len(character) != 1 or (letters and not unicodedata.category(character).startswith("L")):
            return None
        return next((n for n, script in enumerate(scripts) if script.match(character)), None)

    found = set()
    for members in _alike():
        if len({script(member) for member in members} - {None}) > 1:
            found.update(member for member in members if script(member) is not None and not member.isascii())
    return found


def test_the_look_alikes_across_scripts_are_those_unicodes_confusables_say() -> None:
    # Every letter but ASCII ones of the Latin, Greek, Coptic, Cyrillic and Armenian scripts alike to a letter of
    # another of them
    expected = _across(prose._SCRIPTS, letters=True)
    assert expected == prose._LOOKS_ACROSS
    assert {"\u03c1", "\u0440", "\u0393", "\u0413", "\u0299", "\u025b", "\u2ca3"} <= prose._LOOKS_ACROSS


def test_the_characters_but_letters_that_look_like_a_letter_are_those_unicodes_confusables_say() -> None:
    # Every character but a letter or a mark, but ASCII ones and those of `_LOOKS_ASCII`, that Unicode's confusables
    # hold alike, directly or through others, to a letter but an ASCII one, where a page shows neither whatever is
    # around it (a blank, one NFKC makes another): the increment ∆, like Δ; the subset ⊂, like ᑕ; the em dash —, like
    # ー and 一 (review: about 250 were shown as typed beside their twins)
    def drawn(character: str) -> bool:
        return not prose._traits(character).hidden and not prose._traits(character).compat

    # But a symbol in everyday use (a legacy national character set holds it: tools/script_table.py's `everyday`) whose
    # letters are not, and are of scripts those sets hold (`judged`), is as typed, and its letters are shown instead
    # (`_LOOKS_EVERYDAY_SIGN`): the cent sign ¢, like the Latin ȼ; the infinity ∞, like the Latin ꝏ (review: shown in
    # any value for their rare twins). Where both are, or neither, or a letter is of a script none holds, the symbol
    # is shown: the em dash, like the Han 一; the euro sign, like the Ukrainian Є; the middle dot, like the Canadian ᐧ
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    expected, letters = set(), set()
    for members in _alike():
        ones = [m for m in members if len(m) == 1 and not m.isascii() and drawn(m)]
        of_letters = [m for m in ones if unicodedata.category(m).startswith("L")]
        signs = [m for m in ones if unicodedata.category(m)[0] not in "LM" and m not in prose._LOOKS_ASCII]
        rare = all(table.judged(m) and not table.everyday(m) for m in of_letters)
        if of_letters and rare and any(map(table.everyday, signs)):
            letters.update(of_letters)
            signs = [m for m in signs if not table.everyday(m)]
        expected.update(signs if of_letters else ())
    assert expected == prose._LOOKS_LETTER
    assert letters == prose._LOOKS_EVERYDAY_SIGN
    assert {"\u2206", "\u2282", "\u2014", "\u00b7", "\u0be8", "\u20ac", "\u30fb"} <= prose._LOOKS_LETTER
    assert not {"\u0394", "\u1455", "\u2010", "-", "\u00a2", "\u221e"} & prose._LOOKS_LETTER
    assert {"\u023c", "\ua74f", "\ua699"} <= prose._LOOKS_EVERYDAY_SIGN
    assert not {"\u1427", "\u1455", "\u0404", "\u4e00"} & prose._LOOKS_EVERYDAY_SIGN


def test_the_marks_alike_are_those_unicodes_confusables_say() -> None:
    # Every combining mark (Mn, Me, and the spacing Mc) NFC leaves as it is, but those of U+0300 to U+036F and U+1DC0
    # to U+1DFF, that
    # Unicode's confusables hold alike, directly or through others, to another such mark: the Devanagari ॔ and the
    # Arabic َ, like ́
    def mark(member: str) -> bool:
        return (
            len(member) == 1
            and unicodedata.category(member) in ("Mn", "Me", "Mc")
            and unicodedata.normalize("NFC", member) == member
            and not prose._traits(member).hidden
        )

    expected = set()
    for members in _alike():
        marks = [member for member in members if mark(member)]
        if len(marks) > 1:
            expected.update(
                member for member in marks if not ("\u0300" <= member <= "\u036f" or "\u1dc0" <= member <= "\u1dff")
            )
    assert expected == prose._MARKS_ALIKE
    assert {"\u0954", "\u064e", "\u0ec8", "\u0e48"} <= prose._MARKS_ALIKE
    assert not {"\u0301", "\u0307", "\u0e31"} & prose._MARKS_ALIKE


def _marks_alike() -> list[list[str]]:
    """Each group of Unicode's confusables' marks (Mn, Me, Mc) NFC leaves as it is, shown by no rule whatever is around
    them, that holds two or more."""

    def mark(member: str) -> bool:
        return (
            len(member) == 1
            and unicodedata.category(member) in ("Mn", "Me", "Mc")
            and unicodedata.normalize("NFC", member) == member
            and not prose._traits(member).hidden
        )

    return [marks for members in _alike() if len(marks := sorted(filter(mark, members))) > 1]


def test_no_two_marks_alike_are_both_as_typed_on_a_letter_of_any_script() -> None:
    # Given each two marks Unicode's confusables hold alike (directly or through others), on the first letter of each
    # of Unicode's scripts a page shows as typed, on a shin, a star, ж, ω and Ł (review: "ไม่" and "ไม່", a Lao tone
    # mark on a Thai letter, "क॔" and "क́", "ש॔" and "ש́", "بؘ" and "بَ", "ж̧" and "ж̦" were each shown alike, neither
    # marked)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    bases: dict[str, str] = {}
    for point in range(0x110000):
        letter = chr(point)
        if unicodedata.category(letter) in ("Lu", "Ll", "Lo") and not any(unseen(letter)):
            bases.setdefault(table.font_unicode.script(letter), letter)
    assert len(bases) > 140
    composed = table._composed()
    both = []
    for marks in _marks_alike():
        for base in [*bases.values(), "\u05e9", "\u2605", "\u0436", "\u03c9", "\u0141"]:
            typed = [mark for mark in marks if not unseen(base + mark)[-1]]
            # (but two Unicode composes with the letter itself: the shin dot and the sin dot on ש)
            if all((base, mark) in composed for mark in typed):
                typed = typed[:1]
            if len(typed) > 1:
                both.append(base + "".join(typed))

    # Then of each two on each, one at least is written as its code point
    assert both == []


def test_no_mark_and_marks_alike_to_it_one_after_another_are_both_as_typed_on_a_letter_of_any_script() -> None:
    # Given each mark Unicode's confusables hold alike to another mark and to two or more marks one after another (the
    # candrabindu ̐, like a breve and a dot above), on the first letter of each of Unicode's scripts a page shows as
    # typed, on ж, ω and Ł (review: "ш̐" and "ш̆̇" were each shown as typed, alike)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    bases: dict[str, str] = {}
    for point in range(0x110000):
        letter = chr(point)
        if unicodedata.category(letter) in ("Lu", "Ll", "Lo") and not any(unseen(letter)):
            bases.setdefault(table.font_unicode.script(letter), letter)
    assert len(bases) > 140
    pairs = [
        (mark, sequence)
        for members in _alike()
        if len(marks := [m for m in members if table._mark(m)]) > 1
        for mark in marks
        for sequence in members
        if len(sequence) > 1 and all(map(table._mark, sequence))
    ]
    assert ("\u0310", "\u0306\u0307") in pairs
    both = [
        base + mark + " " + base + sequence
        for mark, sequence in pairs
        for base in [*bases.values(), "\u0436", "\u0448", "\u03c9", "\u0141"]
        if not any(unseen(base + mark)) and not any(unseen(base + sequence))
    ]

    # Then of each mark and its sequence on each, one at least is written as code points
    assert both == []


@pytest.mark.parametrize(
    ("typed", "shown_apart"),
    [
        ("\u0e44\u0e21\u0e48", "\u0e44\u0e21\u0ec8"),  # Thai ไม่, and a Lao tone mark on its ม
        ("\u0ec4\u0ea1\u0ec8", "\u0ec4\u0ea1\u0e48"),  # Lao ໄມ່, and a Thai tone mark on its ມ
        ("\u0915\u0941", "\u0915\u0ac1"),  # Devanagari कु, and a Gujarati vowel sign u
        ("\u0915\u094d\u0937", "\u0915\u0acd\u0937"),  # क्ष, and a Gujarati virama
        ("\u0628\u064e", "\u0628\u0618"),  # Arabic بَ with a fatha, and with a small fatha
        ("\u0628\u064e", "\u0628\u0301"),  # and with an acute accent
        ("\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd", "\u05e9\u05b8\u05b9\u05dc\u05d5\u05b9\u05dd"),  # שָׁלוֹם
        ("\u05dc\u05b9", "\u05dc\u05c1"),  # a holam on a lamed, and a shin dot
        ("\u0436\u0301", "\u0436\u0954"),  # ж́, and a Devanagari acute accent
        ("\u0436\u0327", "\u0436\u0339"),  # ж̧ with a cedilla, as in ç, and a right half ring below, like it
        ("\u0436\u0327", "\u0436\u0326"),  # and a comma below
        ("\u0436\u0328", "\u0436\u0322"),  # ж̨ with an ogonek, as in ą, and a retroflex hook below, like it
        ("\u0995\u0983", "\u0995\u0a03"),  # Bengali কঃ with its visarga, and a Gurmukhi one (spacing marks, Mc)
        ("\u0a15\u0a03", "\u0a15\u0983"),  # Gurmukhi ਕਃ, and a Bengali visarga
        ("\u0d15\u0d02", "\u0d15\u0c82"),  # Malayalam കം with its anusvara, and a Kannada one
        ("\u1000\u1038", "\u1000\u0d03"),  # Myanmar ကး with its visarga, and a Malayalam one
    ],
)
def test_a_mark_at_home_on_its_letter_is_as_typed_and_its_look_alike_there_is_shown(
    typed: str, shown_apart: str
) -> None:
    assert not any(unseen(typed))
    assert shown(typed) != shown(shown_apart) and "\u27e8U+" in shown(shown_apart)


@pytest.mark.parametrize(
    "word",
    [
        "\u0d2e\u0d32\u0d2f\u0d3e\u0d33\u0d02",  # Malayalam മലയാളം
        "\u0d15\u0d41\u0d1f\u0d4d\u0d1f\u0d3f",  # കുട്ടി
        "\u0d24\u0d3f\u0d30\u0d41\u0d35\u0d28\u0d28\u0d4d\u0d24\u0d2a\u0d41\u0d30\u0d02",  # തിരുവനന്തപുരം
        "\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd",  # Hebrew שָׁלוֹם
        "\u05e9\u05c2\u05d5\u05b9\u05e0\u05b5\u05d0",  # שׂוֹנֵא
        "\u05d9\u05b4\u05e9\u05b0\u05c2\u05e8\u05b8\u05d0\u05b5\u05dc",  # יִשְׂרָאֵל
        "\u05d1\u05b0\u05bc\u05e8\u05b5\u05d0\u05e9\u05b4\u05c1\u05d9\u05ea",  # בְּרֵאשִׁית
        "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22",  # Thai ภาษาไทย
        "\u0e19\u0e49\u0e33",  # น้ำ
        "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35",  # สวัสดี
        "\u0e1c\u0e39\u0e49\u0e43\u0e2b\u0e0d\u0e48",  # ผู้ใหญ่
        "\u0e17\u0e35\u0e48\u0e19\u0e35\u0e48",  # ที่นี่
        "\u0928\u092e\u0938\u094d\u0924\u0947",  # Devanagari नमस्ते
        "\u0938\u0902\u0938\u094d\u0915\u0943\u0924",  # संस्कृत
        "\u092e\u0941\u0902\u092c\u0908",  # मुंबई
        "\u091a\u093e\u0901\u0926",  # चाँद
        "\u0926\u0941\u0928\u093f\u092f\u093e",  # दुनिया
        "\u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f",  # Arabic مُحَمَّد
        "\u0627\u0644\u0633\u064e\u0651\u0644\u064e\u0627\u0645\u064f",  # السَّلَامُ
        "\u0642\u064f\u0631\u0652\u0622\u0646",  # قُرْآن
        "fa\u00e7ade",  # Latin with a cedilla: façade
        "T\u00fcrk\u00e7e",  # Türkçe
        "\u015ei\u015fli",  # Şişli
        "\u0136egums",  # Ķegums
        "Timi\u0219oara",  # Timișoara
        "\u0d15\u0d48",  # Malayalam കൈ, an ai sign
        "\u0c24\u0c46\u0c32\u0c41\u0c17\u0c41",  # Telugu తెలుగు
        "\u0c15\u0c42\u0c30",  # కూర, a uu sign
        "\u0436\u0327",  # and a cedilla on a letter Unicode composes none with
    ],
)
def test_everyday_words_of_the_scripts_with_marks_alike_are_as_typed(word: str) -> None:
    # Given an everyday word of a script some of whose marks look like others (review: of the cedilla, the comma below
    # and the right half ring below, the cedilla was shown on a letter of Latin, Greek, Coptic, Cyrillic or Armenian
    # Unicode composes with none, the ̹ kept, as a Japanese set holds it; now the one written on those scripts' letters
    # in a legacy set, as in ç, is kept)
    assert unicodedata.is_normalized("NFC", word)
    # Then it is as typed
    assert not any(unseen(word))


@pytest.mark.parametrize(
    ("word", "shown_at"),
    [
        ("\u0d2a\u0d42\u0d35\u0d4d", {1}),  # Malayalam പൂവ്: its ൂ, like ു, which is kept
        ("\u0d15\u0d43\u0d37\u0d3f", {1}),  # കൃഷി: its ൃ, like ു too
        ("\u05e9\u05b9\u05c1\u05de\u05b5\u05e8", {1, 2}),  # Hebrew שֹׁמֵר: its holam, like the shin dot, and so
        # the shin dot after it
    ],
)
def test_everyday_marks_alike_to_the_one_kept_are_shown(word: str, shown_at: set[int]) -> None:
    # Given an everyday word with a mark Unicode's confusables hold alike (the same skeleton, UTS #39) to another at
    # home on its letter (by the data's direct pairs alone too, ു or both ൂ and ൃ would have to be shown)
    assert unicodedata.is_normalized("NFC", word)
    # Then the mark is shown, and nothing else of the word
    assert {at for at, shown_there in enumerate(unseen(word)) if shown_there} == shown_at


@pytest.mark.parametrize("text", ["\u0915\u0954", "\u0915\u0301", "\u05e9\u0954", "\u05e9\u0301", "\u2605\u0301"])
def test_a_mark_alike_to_another_on_a_letter_it_is_not_at_home_on_is_shown(text: str) -> None:
    assert unseen(text) == [False, True]


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        ("\u0363", "\u2df6"),
        ("\u0364", "\u2df7"),
        ("\u0368", "\u2ded"),
        ("\u036f", "\u2def"),
        ("\u1ddf", "\u2de8"),
        ("\u1dee", "\u2dec"),
    ],
)
def test_on_a_cyrillic_letter_its_own_combining_letters_are_as_typed_and_the_latin_ones_like_them_shown(
    latin: str, cyrillic: str
) -> None:
    # Given a combining Latin small letter and the combining Cyrillic letter Unicode's confusables hold alike to it
    # (ͣ and ⷶ), whose Script_Extensions are Latin's and Cyrillic's, neither held by a legacy set (review: on a Cyrillic
    # letter the Cyrillic one of Church Slavonic was shown and the Latin one, like it, as typed); and those of the
    # Combining Diacritical Marks Supplement, Latin's as the block's name says though their Script_Extensions name no
    # script (review: the small capital m ᷟ of "łᷟ" was shown on a Latin letter, as the Cyrillic em ⷨ of "łⷨ", like it)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    assert table.cyrillic() == (prose._CYRILLIC_MARKS_AT_HOME, prose._CYRILLIC_MARKS_ABROAD)
    assert any({latin, cyrillic} <= set(marks) for marks in _marks_alike())

    # Then on a Cyrillic letter the Cyrillic one is as typed and the Latin one shown, on a letter of Latin or Greek the
    # Latin one as typed and the Cyrillic one shown
    for letter in ("\u0436", "\u0434", "\ua641"):
        assert unseen(letter + cyrillic) == [False, False] and unseen(letter + latin) == [False, True]
    for letter in ("\u0142", "\u00e9", "\u03c9"):
        assert unseen(letter + latin) == [False, False] and unseen(letter + cyrillic)[-1]
    latin_letters = {"\u0363", "\u0364", "\u0368", "\u036f", "\u1ddf", "\u1dee"}
    assert prose._COMBINING_ABROAD | latin_letters == prose._CYRILLIC_MARKS_ABROAD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\u03bb\u2de8", [False, True]),  # λⷨ: a Cyrillic em above a Greek lamda, the mark alone shown
        ("\u03b2\u03bb\u2df6", [False, False, True]),  # βλⷶ
        ("\u03be\u03bf\u2df6", [False, False, True]),  # ξοⷶ: its Greek omicron as typed
        ("\u03be\u043e\u2df6", [False, True, True]),  # ξоⷶ: a Cyrillic о beside the Greek ξ, shown
        ("\u0569\u0585\u2df6", [False, False, True]),  # Armenian թօⷶ
        ("\u00e6\u2de8", [False, True]),  # Latin æⷨ
    ],
)
def test_a_cyrillic_mark_on_a_letter_of_another_script_is_shown_and_not_the_letter_under_it(
    text: str, expected: list[bool]
) -> None:
    # Given a combining Cyrillic letter (a mark, though of the Cyrillic block) on a Greek, Armenian or Latin letter
    # that looks like one of another script (review: the λ of "λⷨ" was shown as a Greek letter beside a Cyrillic one,
    # and the æ of "æⷨ" as a letter in a word of two scripts; the mark is shown for what it is on that letter)
    # Then the mark is shown, and the letters are as they are without it
    assert unseen(text) == expected
    assert unseen(text[:-1]) == expected[:-1]


def test_the_marks_at_home_on_each_script_are_those_unicodes_data_say() -> None:
    # Python's unicodedata has no Script property: tools/script_table.py writes, from the regex package's and Unicode's
    # confusables, the marks of U+0300 to U+036F alike to another, and for each script the letters and the marks at
    # home on them (`at_home`), which the core holds
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    combining, scripts, on, abroad = table.at_home()
    assert combining == prose._COMBINING_ALIKE
    assert abroad == prose._COMBINING_ABROAD
    assert {"\u0326", "\u0339", "\u0342"} <= abroad
    assert not {"\u0300", "\u0301", "\u0303", "\u0307", "\u0327", "\u0328"} & abroad
    assert {m for marks in _marks_alike() for m in marks} == prose._MARKS_ALIKE | prose._COMBINING_ALIKE
    held = [(code, _members(re.compile(letters)), marks) for code, letters, marks in prose._MARKS_AT_HOME]
    assert held == [
        (code, {chr(p) for first, last in ranges for p in range(first, last + 1)}, marks)
        for code, ranges, marks in scripts
    ]
    assert on == prose._MARKS_AT_HOME_ON
    homes = {code: marks for code, _, marks in prose._MARKS_AT_HOME}
    assert {"\u0e48", "\u0e38"} <= homes["Thai"] and not {"\u0ec8", "\u0301"} & homes["Thai"]
    assert {"\u064e", "\u064f"} <= homes["Arab"] and not {"\u0618", "\u0301"} & homes["Arab"]
    assert "\u05b9" in homes["Hebr"] and {"\u05c1", "\u05c2"} <= prose._MARKS_AT_HOME_ON["\u05e9"]


def test_importing_prose_compiles_no_scripts_letters_of_the_marks_at_home() -> None:
    # Given a fresh process, as a function's cold start, that counts each pattern compiled while prose is imported
    # (review: each script's letters of `_MARKS_AT_HOME` were compiled at import, about 6.7 ms of every cold start, for
    # a table read only for a mark on a letter of another script than five)
    counting = (
        "import re, sys\n"
        "compiled = []\n"
        "compile_ = re.compile\n"
        "re.compile = lambda pattern, flags=0: compiled.append(pattern) or compile_(pattern, flags)\n"
        "from fairdice import prose\n"
        "rows = {getattr(letters, 'pattern', letters) for _, letters, _ in prose._MARKS_AT_HOME}\n"
        # (but those that are also a script's letters of `_OTHER_SCRIPTS`, which `_others` reads at once)
        "rows -= {letters.pattern for _, letters in prose._OTHER_SCRIPTS}\n"
        "print(len(rows), sum(pattern in rows for pattern in compiled if isinstance(pattern, str)))\n"
    )
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    ran = subprocess.run(
        [sys.executable, "-c", counting], capture_output=True, text=True, check=True, timeout=120, env=environ
    )

    # Then none of them was compiled (they are, together, at a mark's first need: `_mark_home`)
    rows, compiled = map(int, ran.stdout.split())
    assert rows > 30
    assert compiled == 0
    assert (
        prose._marks_at_home("\u0e21") == prose._MARKS_AT_HOME[[c for c, _, _ in prose._MARKS_AT_HOME].index("Thai")][2]
    )


def test_the_browser_holds_the_same_marks_at_home() -> None:
    (block,) = re.findall(r"const MARKS_AT_HOME = \[(.*?)\n  \];", _verifier_js(), re.S)
    browser = [
        (
            code,
            _written("".join(re.findall(r'"(.*?)"', letters)).removeprefix("[").removesuffix("]")),
            set(_unescaped("".join(re.findall(r'"(.*?)"', marks)))),
        )
        for code, letters, marks in re.findall(
            r'\["(\w+)", new RegExp\((.*?),\s*"u"\), new Set\((.*?)\)\]', block, re.S
        )
    ]
    assert browser == [
        (code, _members(re.compile(letters)), set(marks)) for code, letters, marks in prose._MARKS_AT_HOME
    ]
    (on,) = re.findall(r"const MARKS_AT_HOME_ON = new Map\(\[(.*?)\]\);", _verifier_js(), re.S)
    assert {
        _unescaped(letter): frozenset(_unescaped(marks))
        for letter, marks in re.findall(r'\["(.*?)", new Set\("(.*?)"\)\]', on)
    } == prose._MARKS_AT_HOME_ON


def _blocks(printed: str) -> tuple[list[str], list[str]]:
    """The tables tools/script_table.py prints, for prose.py (`_NAME = …`) and for verifier.js (`  const NAME = …`),
    each from its first line to the next table's or a blank line."""
    core: list[list[str]] = []
    browser: list[list[str]] = []
    block: list[str] | None = None
    for line in printed.splitlines(keepends=True):
        if re.match(r"_[A-Z_]+ = ", line):
            core.append(block := [line])
        elif line.startswith("  const "):
            browser.append(block := [line])
        elif not line.strip():
            block = None
        elif block is not None:
            block.append(line)
    return ["".join(lines) for lines in core], ["".join(lines) for lines in browser]


@pytest.mark.parametrize("tables", ["marks", "twins"])
def test_the_tables_the_core_and_the_browser_hold_are_the_tools_output_as_it_prints_them(
    tables: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given what tools/script_table.py prints to paste over the tables (review: the candrabindu was taken out of the
    # rows of marks by hand and put into the browser's COMBINING_ABROAD, so their lines were no longer the tool's, and
    # the next paste of its output would have changed lines no data changed)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    ruff = pytest.importorskip("ruff.__main__", reason="prose.py's tables are the tool's output as ruff formats it")
    monkeypatch.setattr("sys.argv", ["script_table.py", tables])
    table.main()
    core, browser = _blocks(capsys.readouterr().out)
    formatted = subprocess.run(
        [ruff.find_ruff_bin(), "format", "--line-length", "120", "-"],
        input="import re\n\n" + "\n".join(core),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    blocks, _ = _blocks(formatted)
    assert len(blocks) == len(core) == len(browser) > 1

    # Then each is held byte for byte, by prose.py as ruff formats it and by verifier.js as printed
    source = files("fairdice").joinpath("prose.py").read_text("utf-8")
    assert [block.split(" =")[0] for block in blocks if block not in source] == []
    assert [block.split(" =")[0].strip() for block in browser if block not in _verifier_js()] == []


def test_the_ascii_letters_a_letter_of_each_other_script_looks_like_are_those_unicodes_confusables_say() -> None:
    # Every ASCII letter alike, directly or through others, to a letter NFKC leaves as it is of each script but Latin:
    # Greek, Coptic, Cyrillic, Armenian, or one none of them (the Cyrillic о like o; I like l like the Cyrillic І; m
    # like rn like the Ahom ka 𑜀); none is like k or t
    def script(member: str) -> int | None:
        return next((n for n, script in enumerate(prose._SCRIPTS) if script.match(member)), None)

    expected: dict[int | None, set[str]] = {}
    for members in _alike():
        others = {
            script(member)
            for member in members
            if len(member) == 1
            and not member.isascii()
            and unicodedata.category(member).startswith("L")
            and unicodedata.normalize("NFKC", member) == member
        } - {0}
        for member in members:
            if len(member) == 1 and member in string.ascii_letters:
                for other in others:
                    expected.setdefault(other, set()).add(member)
    assert expected == prose._ASCII_LIKE_IN
    assert set(string.ascii_letters) - prose._ASCII_ALIKE == set("kt")
    assert "o" in prose._ASCII_LIKE_IN[3] and "a" not in prose._ASCII_LIKE_IN[None]


def test_the_ascii_letters_a_hebrew_arabic_or_georgian_letter_looks_like_are_those_unicodes_confusables_say() -> None:
    # Every ASCII letter alike, directly or through others, to a letter NFKC leaves as it is of Hebrew, Arabic or
    # Georgian (the ו like l, the ه like o, the ყ like y), by the blocks `_EVERYDAY_OTHERS` reads each script as
    expected: list[set[str]] = [set() for _ in prose._EVERYDAY_OTHERS]
    for members in _alike():
        for n, (script, _) in enumerate(prose._EVERYDAY_OTHERS):
            if any(
                len(member) == 1
                and script.match(member)
                and unicodedata.category(member).startswith("L")
                and unicodedata.normalize("NFKC", member) == member
                for member in members
            ):
                expected[n].update(member for member in members if len(member) == 1 and member in string.ascii_letters)
    assert expected == [set(letters) for _, letters in prose._EVERYDAY_OTHERS]
    assert expected[0] >= {"l", "o"} and "w" not in set().union(*expected)


def test_the_letters_of_other_scripts_like_one_of_the_five_are_those_unicodes_confusables_say() -> None:
    # Every letter but a modifier letter, of none of Latin, Greek, Coptic, Cyrillic, Armenian, Han, kana and Hangul,
    # that NFKC leaves as it is and Unicode's confusables hold alike, directly or through others, to a letter of one of
    # those five but to no ASCII character (those are `_LOOKS_ASCII`): the Lisu ꓥ, like Λ; the Cherokee Ꮎ, like Θ
    def of_five(member: str) -> bool:
        return any(script.match(member) for script in prose._SCRIPTS)

    def other(member: str) -> bool:
        return not of_five(member) and not any(script.match(member) for script in prose._EAST_ASIAN)

    expected = set()
    for members in _alike():
        ones = [m for m in members if len(m) == 1 and unicodedata.normalize("NFKC", m) == m]
        if any(of_five(m) and not m.isascii() and unicodedata.category(m).startswith("L") for m in ones):
            expected.update(
                m
                for m in ones
                if unicodedata.category(m) in ("Lu", "Ll", "Lt", "Lo") and other(m) and m not in prose._LOOKS_ASCII
            )
    assert expected == prose._OTHERS_ALIKE
    assert {"\ua4e5", "\u13be", "\u1431"} <= prose._OTHERS_ALIKE


def test_the_letters_of_other_scripts_like_an_ascii_digit_or_mark_are_those_unicodes_confusables_say() -> None:
    # Every letter `_others` reads that Unicode's confusables hold alike, directly or through others, to an ASCII digit
    # or punctuation mark: the ו, like 1 and |; the Ethiopic ዐ, like 0. Not the Ethiopic ሀ nor the Cherokee Ꮃ and Ꭹ,
    # like the letters U, W and Y alone
    signs = set(string.digits + string.punctuation)
    expected = {
        member
        for members in _alike()
        if signs & set(members)
        for member in members
        if len(member) == 1 and prose._read_by_others(member)
    }
    assert expected == prose._LOOKS_ASCII_SIGN
    assert {"\u05d5", "\u0627", "\u12d0"} <= prose._LOOKS_ASCII_SIGN
    assert not {"\u1200", "\u13b3", "\u13a9", "\u14aa"} & prose._LOOKS_ASCII_SIGN


def test_the_letters_of_other_scripts_like_what_splits_their_word_are_those_unicodes_confusables_say() -> None:
    # Every letter `_others` reads of a script of `_OTHER_SCRIPTS`, but those of `_LOOKS_ASCII`, that Unicode's
    # confusables hold alike, directly or through others, to a string holding a character that is neither a mark nor a
    # letter of that script, unless one a page shows whatever is around it (a blank, one NFKC makes another): the
    # Inuktitut ᑕ, like ⊂; ᑆ, like ·ᐹ; ᑧ, like U'; ᐃ, like ∆; the Malayalam ഉ, like the Tamil உ. Not the Ethiopic ገ
    # nor the Cherokee Ꮳ, like none
    def kin(character: str) -> int | None:
        return prose._traits(character).kin if prose._read_by_others(character) else None

    def apart(other: str, script: int) -> bool:
        shown_anyway = any(prose._traits(c).hidden or prose._compatible(c, marks=True) for c in other)
        return not shown_anyway and not all(unicodedata.category(c).startswith("M") or kin(c) == script for c in other)

    expected = set()
    for members in _alike():
        for member in members:
            script = kin(member) if len(member) == 1 and member not in prose._LOOKS_ASCII else None
            if script is not None and any(apart(other.replace("\u200e", ""), script) for other in members):
                expected.add(member)
    assert expected == prose._ALIKE_APART
    assert {"\u1455", "\u1446", "\u1467", "\u1403", "\u0d09"} <= prose._ALIKE_APART
    assert not {"\u1308", "\u122d", "\u13e3", "\u14d5", "\u05e9"} & prose._ALIKE_APART


def _read_by_others() -> str:
    """Every letter `_others` reads (`prose._read_by_others`, as tools/script_table.py reads them), as one text."""
    return "".join(chr(point) for point in range(0x110000) if prose._read_by_others(chr(point)))


def test_the_scripts_a_look_alike_is_told_apart_by_are_those_unicodes_script_property_says() -> None:
    # Python's unicodedata has no Script property: `_OTHER_SCRIPTS` (written by tools/script_table.py) holds, for each
    # script with a letter `_others` reads that looks like one of another, every letter of it `_others` reads, as the
    # regex package's Unicode data names them, of the letters the core's Unicode knows
    regex = pytest.importorskip("regex", reason="the regex package (requirements-dev.txt) reads Unicode's Script")
    read = _read_by_others()
    # of letters, no modifier letter (Lm), as `_others` reads none: the Lisu tone letters ꓸ…ꓽ, N'Ko's ߴ, Arabic's ࣉ
    # (review: the table and the tool held them, where their words said "the letters `_others` reads")
    assert {character for character in read if unicodedata.category(character) == "Lm"} == set()
    assert not {"\ua4f8", "\ua4fd", "\u07f4", "\u08c9"} & set(read)
    for code, script in prose._OTHER_SCRIPTS:
        assert _members(script) == set(regex.findall(rf"\p{{Script={code}}}", read)), code
    # and so every look-alike `_others` reads is of one of them (a script of none is told from each), and each script
    # holds one (the Cherokee Ꮇ, the Lisu ꓟ, the Myanmar ဝ, the Hebrew ו)
    alike = {
        character
        for character in prose._LOOKS_ASCII | prose._LOOKS_ACROSS | prose._OTHERS_ALIKE
        if character in read and unicodedata.category(character) in ("Lu", "Ll", "Lt", "Lo")
    }
    kins = {
        character: [code for code, script in prose._OTHER_SCRIPTS if script.match(character)] for character in alike
    }
    assert {character for character, codes in kins.items() if len(codes) != 1} == set()
    assert {codes[0] for codes in kins.values()} == {code for code, _ in prose._OTHER_SCRIPTS}
    assert {kins["\u13b7"][0], kins["\ua4df"][0], kins["\u101d"][0], kins["\u05d5"][0]} == {
        "Cher",
        "Lisu",
        "Mymr",
        "Hebr",
    }


def test_the_browser_tells_a_look_alikes_script_by_the_same_table() -> None:
    (block,) = re.findall(r"const OTHER_SCRIPTS = \[(.*?)\n  \];", _verifier_js(), re.S)
    browser = [
        (code, _written("".join(re.findall(r'"(.*?)"', body)).removeprefix("[").removesuffix("]")))
        for code, body in re.findall(r'\["(\w+)", new RegExp\((.*?),\s*"u"\)\]', block, re.S)
    ]
    assert browser == [(code, _members(script)) for code, script in prose._OTHER_SCRIPTS]


def test_the_look_alikes_across_east_asian_scripts_are_those_unicodes_confusables_say() -> None:
    # Every character of Han, Hiragana, Katakana and Hangul alike to one of another of them: letters, and the marks
    # and radicals among them (the Katakana ー is a letter, the voiced sound mark ゛ is not)
    assert _across(prose._EAST_ASIAN, letters=False) == prose._LOOKS_ACROSS_EAST
    assert {"\u30fc", "\u4e00", "\u3161", "\u30ab", "\u529b", "\u3078", "\u30d8"} <= prose._LOOKS_ACROSS_EAST


@pytest.mark.parametrize(
    ("place", "pairs"),
    [
        ("joined", [("\u0643", "\u06a9"), ("\u064a", "\u06cc"), ("\u0647", "\u06be")]),
        ("ending", [("\u0649", "\u06cc"), ("\u0647", "\u06d5")]),
    ],
)
def test_of_two_arabic_letters_drawn_alike_the_one_in_everyday_use_where_its_twin_is_not_is_as_typed(
    place: str, pairs: list[tuple[str, str]]
) -> None:
    # Given each pair of Arabic letters Chromium draws alike where they are joined to the letter after them, or not
    # (tests/integration/test_pages_in_chromium.py's ARABIC_PAIRS; review: the yeh of "العَرَبِيَّة" was shown)
    table = pytest.importorskip("tools.script_table", reason="the tool reads the legacy character sets")
    held = prose._ARABIC_JOINED if place == "joined" else prose._ARABIC_ENDING
    for pair in pairs:
        for letter, twin in (pair, pair[::-1]):
            # Then a letter is as typed there where a legacy national character set holds it and not its twin
            at_home = table.everyday(letter) and not table.everyday(twin)
            assert (held.match(letter) is None) == at_home, (place, letter)
    word = {"joined": "\u0628{}\u0628\u0627", "ending": "\u0628\u0627\u0628{}"}[place]
    for pair in pairs:
        assert prose.shown(word.format(pair[0])) != prose.shown(word.format(pair[1]))
        # (and the letter itself is shown in one of them: two texts of other letters are never the same text)
        at = word.index("{}")
        assert unseen(word.format(pair[0]))[at] or unseen(word.format(pair[1]))[at], pair


@pytest.mark.parametrize(
    "after",
    [
        "\u08a0",  # Arabic Extended-A and -B
        "\u08b6",
        "\u0870",
        "\u0889",
        "\u0712",  # a Syriac beth
        "\u0710",  # a Syriac alaph (right-joining)
        "\u07d3",  # an NKo ba
        "\u0841",  # a Mandaic ab
        "\u1820",  # a Mongolian a
        "\U0001e900",  # an Adlam alif
    ],
)
def test_an_arabic_letter_joined_to_a_letter_of_arabic_extended_a_or_b_is_shown_where_its_twin_is_drawn_alike(
    after: str,
) -> None:
    # Given every character the regex package's Joining_Type says a letter before it joins to, of any script the core's
    # Unicode knows, but those a page writes as code points whatever is around them (review: the heh of "هࢠ" joins the
    # ࢠ and Chromium drew it pixel for pixel as the heh doachashmee of "ھࢠ", both as typed, where the heh of "هب" is
    # shown; the kaf of "كࢠ" and the keheh of "کࢠ" too; then the kaf of "كܒ", before a Syriac beth, was drawn pixel for
    # pixel as the keheh of "کܒ", both as typed)
    regex = pytest.importorskip("regex", reason="the regex package (requirements-dev.txt) reads Unicode's Joining_Type")
    letters = "".join(chr(p) for p in range(0x110000) if unicodedata.category(chr(p)) != "Cn")
    joins = r"[\p{Joining_Type=D}\p{Joining_Type=R}\p{Joining_Type=C}]"
    joining = {c for c in regex.findall(joins, letters) if not prose._traits(c).hidden}
    assert after in joining and joining == _members(re.compile(prose._ARABIC_JOINS))
    # (not the high hamza ٴ, which joins to none, nor a letter of Unicode 16's Arabic Extended-C, which the core's
    # Unicode does not know and writes as its code point: a letter before it is drawn as not joined)
    assert not {"\u0674", "\u0621", "\U00010ec2", "\u200d"} & _members(re.compile(prose._ARABIC_JOINS))
    assert unseen("\U00010ec2") == [True]

    # Then a letter before it is read as joined to it: of each pair drawn alike there, one at least is shown
    for one, other in (("\u0647", "\u06be"), ("\u0643", "\u06a9"), ("\u064a", "\u06cc")):
        for word in ("{}" + after, "\u0628{}" + after):
            at = word.index("{}")
            assert unseen(word.format(one))[at] or unseen(word.format(other))[at], word.format(one)
    assert unseen("\u0647" + after) == unseen("\u0647\u0628")


def test_each_arabic_indic_digit_looks_like_the_same_extended_one_as_unicodes_confusables_say() -> None:
    groups = {member: n for n, members in enumerate(_alike()) for member in members}
    for digit in range(10):
        arabic, extended = chr(0x0660 + digit), chr(0x06F0 + digit)
        assert groups[arabic] == groups[extended], digit
    assert all(unseen(chr(code)) == [True] for code in [*range(0x0660, 0x066A), *range(0x06F0, 0x06FA)])


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("LOOKS_ASCII", prose._LOOKS_ASCII),
        ("LOOKS_ACROSS", prose._LOOKS_ACROSS),
        ("LOOKS_ACROSS_EAST", prose._LOOKS_ACROSS_EAST),
        ("OTHERS_ALIKE", prose._OTHERS_ALIKE),
        ("LOOKS_ASCII_SIGN", prose._LOOKS_ASCII_SIGN),
        ("ALIKE_APART", prose._ALIKE_APART),
        ("LOOKS_LETTER", prose._LOOKS_LETTER),
        ("LOOKS_EVERYDAY_SIGN", prose._LOOKS_EVERYDAY_SIGN),
        ("MARKS_ALIKE", prose._MARKS_ALIKE),
        ("COMBINING_ALIKE", prose._COMBINING_ALIKE),
        ("COMBINING_ABROAD", prose._COMBINING_ABROAD),
        ("CYRILLIC_MARKS_AT_HOME", prose._CYRILLIC_MARKS_AT_HOME),
        ("CYRILLIC_MARKS_ABROAD", prose._CYRILLIC_MARKS_ABROAD),
    ],
)
def test_the_browser_holds_the_same_look_alikes(name: str, held: frozenset[str]) -> None:
    assert _js_set(name) == held


def test_no_mark_and_the_marks_alike_to_it_are_both_as_typed_where_no_other_mark_is_alike() -> None:
    # Given each sequence of marks Unicode's confusables hold alike to one character, alike to no other and not
    # deprecated (tools/script_table.py's `spelled`, which the core and the browser hold), and that mark, on the first
    # letter of each of Unicode's scripts a page shows as typed (review: "കെെ" and "കൈ", "కుా" and "కూ" were shown
    # alike)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    assert tuple(sorted(table.spelled())) == prose._MARKS_SPELLED and "\u0d46\u0d46" in prose._MARKS_SPELLED
    (browser,) = re.findall(r"const MARKS_SPELLED = \[(.*?)\];", _verifier_js())
    assert tuple(_unescaped(browser).replace('"', "").split(", ")) == prose._MARKS_SPELLED
    bases: dict[str, str] = {}
    for point in range(0x110000):
        letter = chr(point)
        if unicodedata.category(letter) in ("Lu", "Ll", "Lo") and not any(unseen(letter)):
            bases.setdefault(table.font_unicode.script(letter), letter)
    pairs = [
        (one, sequence)
        for members in _alike()
        for sequence in members
        if sequence in prose._MARKS_SPELLED
        for one in members
        if len(one) == 1
    ]
    assert len(pairs) == len(prose._MARKS_SPELLED)
    both = [
        base + one + " " + base + sequence
        for one, sequence in pairs
        for base in bases.values()
        if not any(unseen(base + one)) and not any(unseen(base + sequence))
    ]

    # Then of each on each, one at least is written as code points
    assert both == []


@pytest.mark.parametrize("base", ["\u0f40", "\u0f66", "\u0436", "\u0915", "\u05e9", "\u2605"])
def test_a_deprecated_mark_alike_to_a_sequence_of_marks_is_shown_and_the_sequence_is_as_typed(base: str) -> None:
    # Given the Tibetan vowel signs vocalic rr ཷ and vocalic ll ཹ, deprecated, which Unicode's confusables hold alike to
    # the sequences Unicode writes instead, ྲཱྀ and ླཱྀ (review: "ཀཷ" and "ཀྲཱྀ" were each shown as typed, alike)
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    assert table.deprecated() == prose._DEPRECATED_ALIKE and {"\u0f77", "\u0f79"} <= prose._DEPRECATED_ALIKE
    (browser,) = re.findall(r'const DEPRECATED_ALIKE = new Set\("(.*?)"\);', _verifier_js())
    assert set(_unescaped(browser)) == prose._DEPRECATED_ALIKE
    pairs = [
        (one, sequence)
        for members in _alike()
        for one in members
        if one in "\u0f77\u0f79"
        for sequence in members
        if len(sequence) > 1
    ]
    assert ("\u0f77", "\u0fb2\u0f71\u0f80") in pairs and ("\u0f79", "\u0fb3\u0f71\u0f80") in pairs

    # Then on a letter the deprecated mark is written as its code point, and the sequence is as typed on a Tibetan one
    for one, sequence in pairs:
        assert unseen(base + one) == [False, True]
        if base in "\u0f40\u0f66":
            assert not any(unseen(base + sequence))


@pytest.mark.parametrize(
    ("deprecated", "alike"),
    [
        ("\u1780\u17a3", "\u1780\u17a2"),
        ("\u0628\u0673", "\u0628\u0625"),
        ("\u17a3", "\u17a2"),
        ("\u1780\u17a4", "\u1780\u17a2\u17b6"),
        ("\u17a4", "\u17a2\u17b6"),
    ],
)
def test_a_deprecated_letter_alike_to_another_is_shown_and_the_other_is_as_typed(deprecated: str, alike: str) -> None:
    # Given the Khmer independent vowel qaq ឣ and the Arabic alef with wavy hamza below ٳ, deprecated, which Unicode's
    # confusables hold alike to the Khmer qa អ and the Arabic alef with hamza below إ (review: "កឣ" and "កអ" were each
    # shown as typed, alike); and the Khmer independent vowel qaa ឤ, deprecated, which the Unicode Standard writes as
    # the qa and the sign aa អា, though the confusables data lacks it (review: "ឤ" and "អា" were each shown as typed)

    # Then the deprecated letter is written as its code point, and the letter it looks like is as typed
    assert unseen(deprecated)[-1] and not any(unseen(alike))


def test_every_deprecated_character_a_page_draws_is_shown_in_any_value() -> None:
    # Given every character Unicode deprecates (its Deprecated property, from the regex package), each of which has
    # another spelling Unicode writes instead that looks like it (the Khmer ឤ, like អា; the Tibetan ཷ, like ྲཱྀ), alone
    # and after a Khmer letter
    regex = pytest.importorskip("regex", reason="the regex package (requirements-dev.txt) reads Unicode's Deprecated")
    table = pytest.importorskip("tools.script_table", reason="the tool reads Unicode's Script from fontTools")
    assert table.deprecated() == prose._DEPRECATED_ALIKE
    deprecated = [chr(point) for point in range(0x110000) if regex.match(r"\p{Deprecated}", chr(point))]
    assert len(deprecated) > 10 and "\u17a4" in deprecated

    # Then each is written as its code point
    assert [c for c in deprecated if not unseen(c)[-1]] == []
    assert [c for c in deprecated if not unseen("\u1780" + c)[-1]] == []


@pytest.mark.parametrize("base", ["\u0436", "\u00e9", "\u03c9", "\u05d0", "\u1000"])
def test_marks_alike_to_a_character_that_is_no_mark_are_not_as_typed_beside_it(base: str) -> None:
    # Given the Myanmar symbol Shan one ႞, which Unicode's confusables hold alike to the Shan sign aa and a ring above
    # one after another, ႃ̊, on a letter (review: "ж႞" and "жႃ̊" were each shown as typed, alike: the sequences whose
    # last mark is shown were those alike to one mark alone)
    assert prose.shown(base + "\u109e") == base + "\u109e"

    # Then the ring above after the sign aa is written as its code point
    assert unseen(base + "\u1083\u030a") == [False, False, True]
    assert "\u1083\u030a" in prose._MARKS_SPELLED


@pytest.mark.parametrize(
    ("group", "names", "held"),
    [
        ("SCRIPTS", ("LATIN", "GREEK", "COPTIC", "CYRILLIC", "ARMENIAN"), prose._SCRIPTS),
        ("EAST_ASIAN", ("HAN", "HIRAGANA", "KATAKANA", "HANGUL"), prose._EAST_ASIAN),
    ],
)
def test_the_browser_reads_the_same_scripts(
    group: str, names: tuple[str, ...], held: tuple[re.Pattern[str], ...]
) -> None:
    for name, script in zip(names, held, strict=True):
        assert _js_class(name) == _members(script), name
    assert f"const {group} = [{', '.join(names)}];" in _verifier_js()


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("ARABIC_DIGITS", prose._ARABIC_DIGITS),
        ("ARABIC_JOINED", prose._ARABIC_JOINED),
        ("ARABIC_ENDING", prose._ARABIC_ENDING),
        ("JAMO", prose._JAMO),
    ],
)
def test_the_browser_writes_the_same_digits_and_jamo_as_code_points(name: str, held: re.Pattern[str]) -> None:
    assert _js_class(name) == _members(held)


def test_the_browser_reads_the_same_characters_as_joined_to_by_the_letter_before_them() -> None:
    assert _js_table("ARABIC_JOINS") == _members(re.compile(prose._ARABIC_JOINS))


# ---- right-to-left text ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "\u05e9\u05dc\u05d5\u05dd 12",  # שלום 12
        "12 \u05e9\u05dc\u05d5\u05dd",
        "Game \u05e9\u05dc\u05d5\u05dd 12",
        "\u05d3\u05e0\u05d4 2024",  # דנה 2024, a three-dice seat
        "\u0645\u0631\u062d\u0628\u0627 \u0661\u0662",  # مرحبا ١٢, Arabic-Indic digits
        "a, \u05e9\u05dc\u05d5\u05dd",  # two seats' seeds as a page lists them
        # a character shown as its code point is written in Latin letters, which a right-to-left word can pass
        "\u05e9\u05dc\u05d5\u05dd ",
        "\u200f\u05e9\u05dc\u05d5\u05dd",
        "\u05e9\u05dc\u05d5\u05dd\u0cbf",  # a mark that is a strong left-to-right character
    ],
)
def test_right_to_left_letters_beside_digits_latin_letters_or_code_points_may_be_shown_in_another_order(
    text: str,
) -> None:
    assert reorders(text)


@pytest.mark.parametrize(
    "text",
    [
        "test",
        "12 test",
        "\u05e9\u05dc\u05d5\u05dd",  # שלום
        "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd",  # a phrase: words, a space between
        "\u05e9\u05dc\u05d5\u05dd, \u05e2\u05d5\u05dc\u05dd!",  # and ASCII punctuation
        "\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd",  # with its vowel points (non-spacing marks)
        "\u0645\u0631\u062d\u0628\u0627 \u0628\u0646\u0627",  # مرحبا بنا
        "\u202e12 ab",  # a bidi control is shown as its code point, so moves nothing
    ],
)
def test_a_value_without_right_to_left_letters_or_with_nothing_else_is_shown_in_one_order_only(text: str) -> None:
    assert not reorders(text)


def test_the_typed_order_names_each_character_and_holds_each_right_to_left_letter_in_place_by_its_code_point() -> None:
    assert (
        typed_order("\u05e9\u05dc\u05d5\u05dd 12")
        == "\u05e9 U+05E9, \u05dc U+05DC, \u05d5 U+05D5, \u05dd U+05DD, space, 1, 2"
    )
    assert typed_order("a,\u05e9\u05b8 \u200f") == "a, comma, \u05e9 U+05E9, U+05B8, space, U+200F"


@pytest.mark.parametrize(
    ("phrase", "typed"),
    [
        ("\u05e9\u05dc\u05d5\u05dd 12", "\u05e9 U+05E9, \u05dc U+05DC, \u05d5 U+05D5, \u05dd U+05DD, space, 1, 2"),
        ("12 \u05e9\u05dc\u05d5\u05dd", "1, 2, space, \u05e9 U+05E9, \u05dc U+05DC, \u05d5 U+05D5, \u05dd U+05DD"),
    ],
)
def test_a_phrase_a_screen_may_show_in_another_order_is_given_in_the_order_it_was_typed(
    phrase: str, typed: str
) -> None:
    # Given two narde-v1 phrases a left-to-right line shows alike ("12 םולש"), which give other dice
    request = {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}
    other = " ".join(reversed(phrase.split(" ")))
    assert verify(parse_request(request)).rolls != verify(parse_request({**request, "phrase": other})).rolls

    _, identity = verify(parse_request(request)).identified_by

    # Then the verdict keeps the phrase as given, and says its characters in the order they were typed
    assert identity.value == phrase
    assert identity.description == (
        "the phrase your app showed for this game; it holds right-to-left text, which a screen may show in another"
        f" order; its characters in the order they were typed: {typed}"
    )


def test_a_phrase_that_identifies_the_game_is_read_for_look_alikes_once_for_its_verdict_and_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given a narde-v1 phrase of Hebrew words beside digits and a Latin brand name, new to the function (what `unseen`
    # keeps is cleared: another test, or the same run before, may have read it): some of its letters are shown as code
    # points (the vav beside Latin letters), and a screen may show it in another order
    phrase = "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd 2024 Apple"
    prose._kept_unseen.cache_clear()
    request = parse_request(
        {"scheme": "narde-v1", "key": KEY.hex(), "fingerprint": seal_of(KEY), "phrase": phrase, "count": 3}
    )
    read = []
    lookalikes = prose._lookalikes
    monkeypatch.setattr(prose, "_lookalikes", lambda text: read.append(text) or lookalikes(text))

    # When it is verified and its page drawn
    verdict = verify(request)
    html = render_page(verdict, request)

    # Then its description and the page say it as before, and its look-alikes are found once, where the verdict's
    # description found them four times over (whether any, as code points, whether it reorders, in the order typed)
    # and the page five more (the value drawn and whether it reorders, in the identity and the inputs)
    _, identity = verdict.identified_by
    assert "here as code points: \u05e9\u05dc⟨U+05D5⟩\u05dd" in identity.description
    assert "its characters in the order they were typed: \u05e9 U+05E9, \u05dc U+05DC, U+05D5" in identity.description
    assert "<p class=typed>" in html
    assert read.count(phrase) == 1
    assert shown(phrase) != phrase and reorders(phrase)


class _CountedTraits(list[prose._Traits]):
    """Characters' traits that count how many of them are read, one by one or as a slice."""

    read = 0

    def __getitem__(self, at):  # type: ignore[no-untyped-def]
        got = super().__getitem__(at)
        self.read += len(got) if isinstance(at, slice) else 1
        return got


def test_the_arabic_letters_drawn_alike_are_found_reading_each_characters_traits_a_bounded_number_of_times() -> None:
    # Given a long Arabic text of letters drawn like another joined to the letter after them (ك, ی, ه), marks between
    # (a Farsi yeh: the yeh ي, in everyday use where the Farsi yeh is not, is as typed there)
    text = "كَیهم " * 2_000
    traits = _CountedTraits(prose._traits(character) for character in text)

    # When the letters drawn alike are found
    found = prose._arabic_alike(text, traits)

    # Then each is, reading each character's traits a few times at most, as many times as the text is long: the
    # rest of the text was copied for each such letter, which cost the square of its length (review: 8 times the
    # text took 10 to 30 times as long)
    assert len(found) == 6_000
    assert traits.read <= 4 * len(text)


def test_a_seat_seed_of_right_to_left_letters_alone_is_described_as_the_scheme_describes_it() -> None:
    seats = {"white": "\u05e9\u05e8\u05d4", "black": "\u05d3\u05e0\u05d4 \u05dc\u05d5\u05d9"}
    request = {"scheme": "three-dice", "seed": KEY.hex(), "client_seeds": seats, "count": 2}
    _, white, black = verify(parse_request(request)).identified_by
    assert white.description == "white's client seed, as the game showed it"
    assert black.description == "black's client seed, as the game showed it"


def test_the_browser_holds_the_code_points_the_cores_unicode_has_not_assigned() -> None:
    # A browser's newer Unicode may have assigned them (and draw them): the page shows each as a code point and never
    # reads it as a letter, as the core does, by a table written from the core's unicodedata
    every = [chr(point) for point in range(0x110000)]
    assert _js_table("UNASSIGNED") == {c for c in every if unicodedata.category(c) == "Cn"}


def test_the_browser_holds_the_same_right_to_left_letters_and_left_to_right_marks() -> None:
    # verifier.js has no bidi class to read: it holds the right-to-left letters (bidi class R or AL) and the
    # non-spacing marks that are strong left-to-right characters as written from Python's unicodedata
    every = [chr(point) for point in range(0x110000)]
    assert _js_table("RIGHT_TO_LEFT") == {c for c in every if unicodedata.bidirectional(c) in ("R", "AL")}
    assert _js_class("LEFT_TO_RIGHT_MARKS") == {
        c for c in every if unicodedata.category(c) in ("Mn", "Me") and unicodedata.bidirectional(c) != "NSM"
    }
