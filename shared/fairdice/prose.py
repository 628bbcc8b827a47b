"""Counts and spans of rolls in words, singular and plural right, numbers grouped by thousands; moments in UTC.

The verdict's reasons, the scopes' descriptions and the page say counts this way; the browser's
script (verifier.js) says them in the same words, and a test in Chromium holds the two to it.
"""

import datetime as dt
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

# Characters str.isprintable() accepts that show nothing all the same: Unicode's default-ignorable letters and marks
# (the combining grapheme joiner, the Hangul fillers, Khmer's and Mongolian's invisible marks, the variation
# selectors), the blank braille pattern and the musical null notehead (a symbol with "no visible glyph appearance and
# no advance width", as the Hangul fillers, but not default-ignorable: its category is So). verifier.js holds the same
# list.
_BLANK = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U0001d159\U000e0100-\U000e01ef]"
)
# Hangul's conjoining jamo: a leading consonant, a vowel and a trailing consonant written apart render as one
# syllable, like the composed one (가 and \u1100\u1161), and a consonant alone like the compatibility jamo keyboards
# type (ㅋ and \u110f); they are letters, not marks. verifier.js holds the same ranges.
_JAMO = re.compile("[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]")
# Hangul's compatibility jamo, which keyboards type for a consonant or vowel alone (ㅋㅋ): NFKC makes each a conjoining
# jamo, which looks like it and is what is written as a code point instead (`_JAMO`). verifier.js holds the same range.
_TYPED = re.compile("[\u3131-\u318e]")
# Thai's and Lao's nikhahit: with a sara aa after it (ํา), it looks like the sara am people type (ำ), which NFKC
# spells that way. verifier.js holds the same.
_NIKHAHIT = re.compile("[\u0e4d\u0ecd]")
# Every character that Unicode's confusables (UTS #39) list as looking like an ASCII letter, digit or punctuation
# mark, other than those NFKC makes an ASCII letter or digit (see `unseen`): the Cyrillic е and the Greek Ο, the Latin
# small capital ᴠ and the dotless ı, the Lisu ꓗ, the Devanagari digit ०, the hyphens ‐ and ‑, the Hebrew samekh ס and
# the NKo digit zero ߀ (right to left). A test holds the set to the confusable_homoglyphs library's copy of Unicode's
# data; verifier.js holds the same.
_LOOKS_ASCII = frozenset(
    "\u00b4\u00b8\u00d7\u0131\u0184\u018d\u0196\u01a6\u01a7\u01b7\u01bc\u01bd\u01c0\u01c3\u021c\u0222"
    "\u0223\u0241\u0251\u0261\u0263\u0269\u026a\u026f\u028b\u028f\u0294\u02b9\u02bb\u02bc\u02bd\u02be"
    "\u02c2\u02c3\u02c4\u02c6\u02c8\u02ca\u02cb\u02d0\u02d7\u02db\u02dc\u02f4\u02f8\u0374\u037a\u037e"
    "\u037f\u0384\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7"
    "\u03b1\u03b3\u03b9\u03bd\u03bf\u03c1\u03c3\u03c5\u03d2\u03dc\u03e8\u03f1\u03f2\u03f3\u03f9\u03fa"
    "\u0405\u0406\u0408\u0410\u0412\u0415\u0417\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425"
    "\u042c\u0430\u0431\u0433\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u0461\u0474\u0475"
    "\u04ae\u04af\u04bb\u04bd\u04c0\u04cf\u04e0\u0501\u050c\u051b\u051c\u051d\u054d\u054f\u0555\u055a"
    "\u055d\u0561\u0563\u0566\u0570\u0578\u057c\u057d\u0581\u0584\u0585\u0589\u05c0\u05c3\u05d5\u05d8"
    "\u05d9\u05df\u05e1\u05f3\u060d\u0627\u0647\u0660\u0661\u0665\u0667\u066b\u066d\u06be\u06c1\u06d4"
    "\u06d5\u06f0\u06f1\u06f5\u06f7\u0701\u0702\u0703\u0704\u07c0\u07ca\u07f4\u07f5\u07fa\u0903\u0966"
    "\u097d\u09e6\u09ea\u09ed\u0a66\u0a67\u0a6a\u0a83\u0ae6\u0b03\u0b20\u0b66\u0b68\u0be6\u0c02\u0c66"
    "\u0c82\u0ce6\u0d02\u0d20\u0d66\u0d6d\u0d82\u0e50\u0ed0\u101d\u1040\u10e7\u10ff\u1200\u12d0\u13a0"
    "\u13a1\u13a2\u13a5\u13a9\u13aa\u13ab\u13ac\u13ae\u13b3\u13b7\u13bb\u13bd\u13c0\u13c2\u13c3\u13ce"
    "\u13cf\u13d2\u13d4\u13d5\u13d9\u13da\u13de\u13df\u13e2\u13e6\u13e7\u13ee\u13f3\u13f4\u1400\u142f"
    "\u1433\u1438\u144a\u144c\u146d\u146f\u1472\u148d\u14aa\u14bf\u1541\u157c\u157d\u1587\u15af\u15b4"
    "\u15c5\u15de\u15ea\u15f0\u15f7\u166d\u166e\u16b2\u16b7\u16c1\u16cc\u16d5\u16d6\u16ec\u16ed\u1735"
    "\u1803\u1809\u1d04\u1d0f\u1d11\u1d1c\u1d20\u1d21\u1d22\u1d26\u1d83\u1d8c\u1e9d\u1eff\u1fbd\u1fbe"
    "\u1fbf\u1fc0\u1fef\u1ffd\u1ffe\u2010\u2011\u2012\u2013\u2018\u2019\u201a\u201b\u2024\u2032\u2035"
    "\u2039\u203a\u2041\u2043\u2044\u204e\u2053\u205a\u212e\u213d\u2212\u2215\u2216\u2217\u2223\u2228"
    "\u222a\u2236\u223c\u22a4\u22c1\u22c3\u22ff\u2373\u2374\u237a\u23fd\u2571\u2573\u2768\u2769\u276e"
    "\u276f\u2772\u2773\u2774\u2775\u2795\u2796\u27cb\u27cd\u27d9\u292b\u292c\u29f5\u29f8\u29f9\u2a2f"
    "\u2c85\u2c8e\u2c92\u2c94\u2c98\u2c9a\u2c9e\u2c9f\u2ca2\u2ca3\u2ca4\u2ca5\u2ca6\u2ca8\u2cac\u2cba"
    "\u2cc6\u2cca\u2ccc\u2cd0\u2cd2\u2d38\u2d39\u2d4f\u2d51\u2d54\u2d55\u2d5d\u2e40\u2f02\u2f03\u3007"
    "\u3014\u3015\u3033\u30a0\u30ce\u31d3\u31d4\u4e36\u4e3f\ua4d0\ua4d1\ua4d2\ua4d3\ua4d4\ua4d6\ua4d7"
    "\ua4d9\ua4da\ua4dc\ua4dd\ua4df\ua4e0\ua4e1\ua4e2\ua4e3\ua4e6\ua4e7\ua4ea\ua4eb\ua4ec\ua4ee\ua4f0"
    "\ua4f2\ua4f3\ua4f4\ua4f8\ua4f9\ua4fd\ua4ff\ua60e\ua644\ua647\ua6df\ua6eb\ua6ef\ua731\ua75a\ua76a"
    "\ua76e\ua778\ua789\ua78c\ua798\ua799\ua79f\ua7ab\ua7b2\ua7b3\ua7b4\uab32\uab35\uab3d\uab47\uab48"
    "\uab4e\uab52\uab5a\uab75\uab81\uab83\uab93\uaba9\uabaa\uabaf\ufba6\ufba7\ufba8\ufba9\ufbaa\ufbab"
    "\ufbac\ufbad\ufd3e\ufd3f\ufe30\ufe4d\ufe4e\ufe4f\ufe58\ufe68\ufe8d\ufe8e\ufee9\ufeea\ufeeb\ufeec"
    "\uff01\uff07\uff1a\uff3b\uff3c\uff3d\uff40\uffe8\U00010282\U00010286\U00010287\U0001028a\U00010290"
    "\U00010292\U00010295\U00010296\U00010297\U0001029b\U000102a0\U000102a1\U000102a2\U000102a5\U000102ab"
    "\U000102b0\U000102b1\U000102b2\U000102b4\U000102cf\U000102f5\U00010301\U00010302\U00010309\U00010311"
    "\U00010315\U00010317\U0001031a\U0001031f\U00010320\U00010322\U00010404\U00010415\U0001041b\U00010420"
    "\U0001042c\U0001043d\U00010448\U000104b4\U000104c2\U000104ce\U000104d2\U000104ea\U000104f6\U00010513"
    "\U00010516\U00010518\U0001051c\U0001051d\U00010525\U00010526\U00010527\U00010a50\U000114d0\U00011706"
    "\U0001170a\U0001170e\U0001170f\U000118a0\U000118a2\U000118a3\U000118a4\U000118a6\U000118a9\U000118ac"
    "\U000118ae\U000118af\U000118b2\U000118b5\U000118b8\U000118bb\U000118bc\U000118c0\U000118c1\U000118c2"
    "\U000118c3\U000118c4\U000118c6\U000118c8\U000118ca\U000118cc\U000118d5\U000118d6\U000118d7\U000118d8"
    "\U000118dc\U000118e0\U000118e5\U000118e6\U000118e9\U000118ec\U000118ef\U000118f2\U00016f08\U00016f0a"
    "\U00016f16\U00016f28\U00016f35\U00016f3a\U00016f3b\U00016f3f\U00016f40\U00016f42\U00016f43\U00016f51"
    "\U00016f52\U0001d114\U0001d16d\U0001d206\U0001d20d\U0001d20f\U0001d212\U0001d213\U0001d216\U0001d22a"
    "\U0001d236\U0001d237\U0001d23a\U0001d23b\U0001d6a4\U0001d6a8\U0001d6a9\U0001d6ac\U0001d6ad\U0001d6ae"
    "\U0001d6b0\U0001d6b1\U0001d6b3\U0001d6b4\U0001d6b6\U0001d6b8\U0001d6bb\U0001d6bc\U0001d6be\U0001d6c2"
    "\U0001d6c4\U0001d6ca\U0001d6ce\U0001d6d0\U0001d6d2\U0001d6d4\U0001d6d6\U0001d6e0\U0001d6e2\U0001d6e3"
    "\U0001d6e6\U0001d6e7\U0001d6e8\U0001d6ea\U0001d6eb\U0001d6ed\U0001d6ee\U0001d6f0\U0001d6f2\U0001d6f5"
    "\U0001d6f6\U0001d6f8\U0001d6fc\U0001d6fe\U0001d704\U0001d708\U0001d70a\U0001d70c\U0001d70e\U0001d710"
    "\U0001d71a\U0001d71c\U0001d71d\U0001d720\U0001d721\U0001d722\U0001d724\U0001d725\U0001d727\U0001d728"
    "\U0001d72a\U0001d72c\U0001d72f\U0001d730\U0001d732\U0001d736\U0001d738\U0001d73e\U0001d742\U0001d744"
    "\U0001d746\U0001d748\U0001d74a\U0001d754\U0001d756\U0001d757\U0001d75a\U0001d75b\U0001d75c\U0001d75e"
    "\U0001d75f\U0001d761\U0001d762\U0001d764\U0001d766\U0001d769\U0001d76a\U0001d76c\U0001d770\U0001d772"
    "\U0001d778\U0001d77c\U0001d77e\U0001d780\U0001d782\U0001d784\U0001d78e\U0001d790\U0001d791\U0001d794"
    "\U0001d795\U0001d796\U0001d798\U0001d799\U0001d79b\U0001d79c\U0001d79e\U0001d7a0\U0001d7a3\U0001d7a4"
    "\U0001d7a6\U0001d7aa\U0001d7ac\U0001d7b2\U0001d7b6\U0001d7b8\U0001d7ba\U0001d7bc\U0001d7be\U0001d7c8"
    "\U0001d7ca\U0001e8c7\U0001e8cb\U0001ee00\U0001ee24\U0001ee64\U0001ee80\U0001ee84\U0001f74c\U0001f768"
) | frozenset(
    # and those like the string an ASCII character looks like itself: " like two apostrophes (the double prime, the
    # curly quotes), % like a masculine ordinal, a slash and a subscript zero (the Arabic percent sign), m like rn
    # (review: a phrase holding the modifier letter double prime where the app showed " was shown as plain text)
    "\u02ba\u02dd\u02ee\u02f6\u05f2\u05f4\u066a\u1cd3\u201c\u201d\u201f\u2033\u2036\u2052\u3003\uff02"
    "\U00011700\U000118e3"
)
# Every character but a letter or a mark that Unicode's confusables (UTS #39) hold alike, directly or through
# others, to a letter but an ASCII one (other than those of `_LOOKS_ASCII`, and those a page shows whatever is around
# them), but one in everyday use whose letters alike are not: the increment ∆, like the Greek Δ; the subset ⊂, like
# the Canadian syllabics ᑕ; the em dash —, like the Katakana ー and the Han 一; the middle dot ·, like the Latin ꞏ and
# the Canadian syllabics ᐧ. Each is shown in any value: a value holding one has a twin holding the letter for it,
# which may be as typed where it is (review: "∆ελτα" and "Δελτα", "Bob ⊂ᓕ" and "Bob ᑕᓕ" were each shown alike, as
# typed). Of such look-alikes, the side in everyday use is as typed and the other shown: a character is in everyday
# use where a legacy national character set holds it (tools/script_table.py's `EVERYDAY_CODECS`: Windows' code pages,
# Thai's, Kazakh's, JIS, GB 2312, Big5, KS X 1001); where both sides are (—, 一), or neither (∆), or a letter is of a
# script none of those sets holds (the Canadian syllabics' ᐧ and ᑕ, whose everyday use they cannot tell), the symbol
# is shown. tools/script_table.py writes the set from the confusable_homoglyphs library's copy of Unicode's data,
# which a test holds it to; verifier.js holds the same.
_LOOKS_LETTER = frozenset(
    "\u00a5\u00af\u00b7\u02d3\u02d8\u02d9\u0375\u060f\u0be7\u0be8\u0bea\u0bed\u0bee\u0bf0\u0bf8\u0d6a"
    "\u0d6f\u0d79\u0dea\u0deb\u0fd5\u0fd6\u1041\u16eb\u16ef\u16f0\u17d4\u19d0\u19d1\u1a80\u1a90\u1b52"
    "\u1b53\u1b58\u2014\u2015\u2016\u2022\u2025\u2027\u203e\u205d\u205e\u20ac\u20ad\u20bd\u2108\u2127"
    "\u2129\u2141\u2142\u2143\u2191\u2195\u21be\u21bf\u2200\u2203\u2206\u2207\u220f\u2211\u2219\u2225"
    "\u2229\u222b\u2282\u2283\u2295\u2296\u2299\u229d\u22a5\u22c2\u22c4\u22c5\u22c8\u22d6\u22d7\u22ee"
    "\u22ef\u22f4\u2341\u2365\u2369\u236c\u2375\u237f\u239c\u239f\u23a2\u23a5\u23aa\u23ae\u2500\u2501"
    "\u2594\u25b3\u25bd\u25c7\u25ca\u2609\u2625\u2630\u2662\u276c\u27c2\u27e8\u2999\u29c4\u29d6\u2a00"
    "\u2a01\u2a1d\u2a21\u2aaa\u2aab\u2e26\u2e27\u2e31\u2e39\u2e3d\u2e82\u2e83\u2e85\u2e89\u2e8b\u2e8e"
    "\u2e8f\u2e90\u2e92\u2e93\u2e94\u2e96\u2e97\u2e98\u2e99\u2e9b\u2e9e\u2ea0\u2ea1\u2ea2\u2ea3\u2ea4"
    "\u2ea6\u2ea8\u2eab\u2ead\u2eaf\u2eb1\u2eb2\u2eb9\u2eba\u2ebe\u2ebf\u2ec0\u2ec1\u2ec2\u2ec3\u2ec4"
    "\u2ec5\u2ec8\u2ec9\u2ecb\u2ecc\u2ecd\u2ecf\u2ed0\u2ed1\u2ed2\u2ed3\u2ed4\u2ed6\u2ed8\u2ed9\u2eda"
    "\u2edb\u2edc\u2edd\u2edf\u2ee0\u2ee2\u2ee4\u2ee5\u2ee8\u2ee9\u2eeb\u2eec\u2eed\u2eee\u2eef\u2ef0"
    "\u2ef2\u3008\u30fb\u31d0\u31d1\u31d6\u31da\u31db\u31df\u31e0\ua494\ua49c\ua49e\ua4a7\ua4a8\ua4ac"
    "\ua4b0\ua4ba\ua4be\ua4bf\ua4c0\ua4c2\ua67e\uaa53\uaa56\ufe19\ufe49\ufe4a\ufe4b\ufe4c\uff0d\uffe3"
    "\U00010101\U000102e1\U000102e4\U000102e8\U000102f2\U000103d1\U000103d3\U000104a0\U0001d202"
    "\U0001d20b\U0001d214\U0001d215\U0001d217\U0001d21a\U0001d21c\U0001d221\U0001d222\U0001d22b"
    "\U0001d230\U0001d23f\U0001d245\U0001e8cd\U0001f701\U0001f702\U0001f704\U0001f714\U0001f728"
    "\U0001f754"
)
# Every letter but an ASCII one alike so to a symbol in everyday use, where it is not itself and no letter alike is
# (`_LOOKS_LETTER`): the Latin ȼ, like the cent sign ¢; the Latin ꝏ and the Cyrillic ꚙ, like the infinity ∞. Each is
# shown in any value, and its symbol is as typed (review: "¢5" and "∞" were shown as code points for their rare twins).
# tools/script_table.py writes the set, which a test holds to the confusable_homoglyphs library's copy of Unicode's
# data; verifier.js holds the same.
_LOOKS_EVERYDAY_SIGN = frozenset("\u023c\ua699\ua74f")
# Every combining mark but those of the Combining Diacritical Marks block and its Supplement (U+0300 to U+036F, U+1DC0
# to U+1DFF) that Unicode's confusables (UTS #39) hold alike, directly or through others, to another mark NFC leaves as
# it is: the Devanagari acute accent ॔ and the Arabic fatha َ, like the acute accent ́; the Lao tone mark ່, like the
# Thai ่; and the spacing marks (Mc) alike across scripts, the Bengali visarga ঃ, like the Gurmukhi ਃ (review: "কঃ"
# and "কਃ" were shown alike, as typed; now the Gurmukhi one is shown on the Bengali letter). On a letter of Latin,
# Greek, Coptic, Cyrillic or Armenian (`_SCRIPTS`), whose marks are those blocks', each is shown (review: "ж́" and "ж॔"
# were shown alike, as typed). A test holds the set to the confusable_homoglyphs library's copy of Unicode's data;
# verifier.js holds the same.
_MARKS_ALIKE = frozenset(
    "\u0596\u0598\u0599\u059a\u059c\u059d\u05a4\u05a8\u05ad\u05ae\u05af\u05b4\u05b9\u05ba\u05c1\u05c2\u05c4\u05c5"
    "\u0618\u0619\u061a\u064b\u064c\u064d\u064e\u064f\u0650\u0652\u0653\u0655\u0656\u0657\u0658\u0659\u065a\u065b"
    "\u065c\u065d\u065f\u0670\u06db\u06df\u06e8\u06ec\u073c\u0740\u0741\u0742\u0747\u07eb\u07ed\u07ee\u07f3\u08e5"
    "\u08e8\u08ea\u08eb\u08ed\u08ee\u08f0\u08f1\u08f2\u08f3\u08f8\u08f9\u08fa\u08ff\u0900\u0901\u0902\u0903\u093a"
    "\u093c\u0941\u0942\u0946\u094d\u0952\u0953\u0954\u0981\u0983\u09bc\u09be\u09bf\u09c7\u09cb\u09cc\u09cd\u09d7"
    "\u0a02\u0a03\u0a3c\u0a4b\u0a4d\u0a81\u0a82\u0a83\u0abc\u0ac1\u0ac2\u0acd\u0b01\u0b3c\u0b82\u0bbf\u0bcd\u0c00"
    "\u0c02\u0c03\u0c81\u0c82\u0c83\u0d01\u0d02\u0d03\u0d3f\u0d40\u0d41\u0d42\u0d43\u0d82\u0d83\u0e34\u0e35\u0e36"
    "\u0e37\u0e38\u0e39\u0e48\u0e49\u0e4a\u0e4b\u0eb8\u0eb9\u0ec8\u0ec9\u0eca\u0ecb\u0f37\u1036\u1038\u17b7\u17b8"
    "\u17b9\u17ba\u17c6\u17cb\u17d3\u1ab4\u1ab7\u1cd0\u1cd2\u1cd5\u1cd8\u1cd9\u1cda\u1cdc\u1cdd\u1cde\u1ced\u20db"
    "\u20e9\u2de8\u2dea\u2dec\u2ded\u2def\u2df6\u2df7\u302c\u302d\u309a\ua66f\ua67c\ua6f0\ua6f1\U00010a3a"
    "\U000111ca\U000111cb\U00011300\U000114b0\U000114b1\U000114b9\U000114bc\U000114bd\U000114be\U000114bf"
    "\U000114c1\U000114c2\U000114c3\U000115b2\U000115b3\U000115dc\U000115dd\U00011caa\U00011cb2\U00016f51"
    "\U00016f52"
)
# Every mark of U+0300 to U+036F and U+1DC0 to U+1DFF that Unicode's confusables (UTS #39) hold alike, directly or
# through others, to another mark NFC leaves as it is (the acute accent ́, like the Devanagari ॔ and the Arabic fatha َ;
# the combining Latin letter small capital m ᷟ, like the combining Cyrillic em ⷨ): with `_MARKS_ALIKE`, every
# mark alike to another. On a character of no script of `_SCRIPTS`, each is shown but where it is its letter's own
# (`_MARKS_AT_HOME`): the Lao tone mark ່ of "ไม່", like the Thai ่ of "ไม่"; the ́ of "क́", like the ॔ of "क॔"; the small
# fatha ؘ of "بؘ", like the fatha َ of "بَ" (review: each pair was shown alike, as typed). tools/script_table.py writes
# the set from the confusable_homoglyphs library's copy of Unicode's data, which a test holds it to; verifier.js holds
# the same.
_COMBINING_ALIKE = frozenset(
    "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u030d\u030e\u0310"
    "\u0311\u0312\u0313\u0314\u0315\u0316\u0317\u0320\u0321\u0322\u0323\u0324\u0325\u0326\u0327\u0328"
    "\u0329\u032b\u032d\u032e\u0331\u0333\u0335\u0336\u0337\u0338\u0339\u0342\u0345\u0347\u0350\u0352"
    "\u0354\u0355\u0357\u0358\u0363\u0364\u0366\u0368\u036e\u036f\u1ddf\u1dee"
)
# Of those, the marks not at home on a letter of `_SCRIPTS`: of each group of marks alike, the one Latin, Greek, Coptic,
# Cyrillic and Armenian keep is chosen as `_MARKS_AT_HOME` chooses (one a legacy national character set writes on their
# letters, else one it holds, else the first), and the others of U+0300 to U+036F there are shown: the comma below ̦ and
# the right half ring below ̹ of "ж̦" and "ж̹", like the cedilla ̧ of ç (review: "ж̧" and "ж̦" were shown alike, as
# typed; then the cedilla was shown and the ̹ a Japanese set holds kept); and the candrabindu ̐, like a breve and a dot
# above one after another, both kept there (review: "ш̐" and "ш̆̇" were shown alike, as typed). tools/script_table.py
# writes the set, which a test holds to the data; verifier.js holds the same.
_COMBINING_ABROAD = frozenset(
    "\u0305\u030c\u0310\u0311\u0315\u0321\u0322\u0326\u0331\u0336\u0338\u0339\u0342\u0345\u0347\u0357\u0358\u0366\u036e"
)
# On a Cyrillic letter, of those marks alike, Cyrillic's own are at home where a legacy national character set neither
# writes nor holds one of the group (tools/script_table.py's `cyrillic`): the combining Cyrillic letters of Church
# Slavonic ⷶ, ⷷ, ⷭ, ⷯ, ⷨ, ⷬ and the vzmet ꙯ are as typed there (`_CYRILLIC_MARKS_AT_HOME`), and the Latin ones like
# them, ͣ, ͤ, ͨ, ͯ, are shown with the others of `_COMBINING_ABROAD` (`_CYRILLIC_MARKS_ABROAD`); on a letter of Latin,
# Greek, Coptic or Armenian the Latin ones are as typed and the Cyrillic ones shown (review: "жⷶ" was shown, "жͣ", like
# it, as typed). tools/script_table.py writes both, which a test holds to the data; verifier.js holds the same.
_CYRILLIC_MARKS_AT_HOME = frozenset("\u2de8\u2dec\u2ded\u2def\u2df6\u2df7\ua66f")
_CYRILLIC_MARKS_ABROAD = frozenset(
    "\u0305\u030c\u0310\u0311\u0315\u0321\u0322\u0326\u0331\u0336\u0338\u0339\u0342\u0345\u0347\u0357"
    "\u0358\u0363\u0364\u0366\u0368\u036e\u036f\u1ddf\u1dee"
)
# Each sequence of marks Unicode's confusables hold alike to one character, alike to no other character and not
# deprecated: its last mark after the others is shown (`_lookalikes`), as Unicode writes that vowel with the one sign
# (review: "കെെ", two e signs, and "കൈ", an ai sign, were shown alike, as typed; "కుా" and "కూ" too; then "жႃ̊", a Shan
# sign aa and a ring above, and "ж႞", the Myanmar symbol Shan one, a character but no mark). tools/script_table.py
# writes them (`spelled`), which a test holds them to; verifier.js holds the same.
_MARKS_SPELLED = ("\u0c41\u0c3e", "\u0c43\u0c3e", "\u0d46\u0d46", "\u1083\u030a")
# Each deprecated character (Unicode's Deprecated property) that Unicode's confusables hold alike to another character
# or sequence: the Tibetan vowel signs vocalic rr ཷ and vocalic ll ཹ, like ྲཱྀ and ླཱྀ, which Unicode writes instead; the
# Khmer independent vowel qaq ឣ, like the qa អ; the Arabic alef with wavy hamza below ٳ, like إ; and the Khmer
# independent vowel qaa ឤ, like the អា the Unicode Standard writes instead, which the confusables data lacks. What it
# looks like is at home and the deprecated character is shown, in any value (review: "ཀཷ" and "ཀྲཱྀ", "កឣ" and "កអ",
# "ឤ" and "អា" were shown alike, as typed). tools/script_table.py writes them (`deprecated`), which a test holds them
# to; verifier.js holds the same.
_DEPRECATED_ALIKE = frozenset("\u0149\u0673\u0f77\u0f79\u17a3\u17a4\u2329\u232a")
# For each script but those of `_SCRIPTS` (by its ISO 15924 code), its letters, as Unicode's Script property names them
# and the core's Unicode knows, and the marks at home on them: of each group of marks alike to each other (Unicode's
# confusables, through others too), the one whose Script_Extensions hold the script (those of U+0300 to U+036F count as
# Latin's, Greek's, Coptic's, Cyrillic's and Armenian's too), the one a legacy national character set writes on the
# script's letters where several do (in a character it holds that Unicode decomposes so: the cedilla of ç), else the one
# in everyday use (a legacy national character set holds it: the fatha َ, not the small fatha ؘ), else the script's own
# (its own Script_Extensions hold the script: on a Cyrillic letter, the Cyrillic ⷶ, not the Latin ͣ), else the first by
# code point; but none of a group where each mark of a sequence alike to its marks is at home (the candrabindu ̐, like
# the breve and the dot above ̆̇, on the Latin, Greek and Cyrillic letters here). Every other mark of `_MARKS_ALIKE` or
# `_COMBINING_ALIKE` on such a letter, and on any character of no script here, is shown (`_lookalikes`).
# On a letter Unicode composes some of a group's marks with (a character's canonical decomposition holds the two), those
# are at home there instead (`_MARKS_AT_HOME_ON`): the shin dot and the sin dot on the shin ש, the holam on every other
# Hebrew letter (the וֹ of "שָׁלוֹם" and its שׁ are as typed, "שֹ" is shown).
# Python's unicodedata has no Script property: tools/script_table.py writes the table from the regex package's, which a
# test holds it to; verifier.js holds the same. Each script's letters are the text of a character class, compiled only
# at their first use (`_mark_home`), not at import.
_MARKS_AT_HOME = (
    (  # Caucasian Albanian
        "Aghb",
        "[\U00010530-\U00010563]",
        frozenset("\u0304\u0331"),
    ),
    (  # Arabic
        "Arab",
        (
            "[\u0620-\u063f\u0641-\u064a\u066e-\u066f\u0671-\u06d3\u06d5\u06e5-\u06e6\u06ee-\u06ef"
            "\u06fa-\u06fc\u06ff\u0750-\u077f\u0870-\u0887\u0889-\u088e\u08a0-\u08c9\ufb50-\ufbb1"
            "\ufbd3-\ufd3d\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe70-\ufe74\ufe76-\ufefc"
            "\U0001ee00-\U0001ee03\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27"
            "\U0001ee29-\U0001ee32\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49"
            "\U0001ee4b\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b"
            "\U0001ee5d\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72"
            "\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b"
            "\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb]"
        ),
        frozenset(
            "\u064b\u064c\u064d\u064e\u064f\u0650\u0652\u0653\u0655\u0656\u0657\u0658\u0659\u065b\u065c\u065d"
            "\u0670\u06db\u06e8\u06ec\u08eb\u08ee\u08f8\u08f9\u08fa"
        ),
    ),
    (  # Bamum
        "Bamu",
        "[\ua6a0-\ua6e5\U00016800-\U00016a38]",
        frozenset("\ua6f0\ua6f1"),
    ),
    (  # Bengali
        "Beng",
        (
            "[\u0980\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09bd\u09ce"
            "\u09dc-\u09dd\u09df-\u09e1\u09f0-\u09f1\u09fc]"
        ),
        frozenset("\u0952\u0981\u0983\u09bc\u09be\u09bf\u09c7\u09cb\u09cc\u09cd\u09d7\u1cd0\u1cd2\u1cd5\u1cd8\u1ced"),
    ),
    (  # Bopomofo
        "Bopo",
        "[\u3105-\u312f\u31a0-\u31bf]",
        frozenset("\u302c\u302d"),
    ),
    (  # Cherokee
        "Cher",
        "[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]",
        frozenset("\u0300\u0301\u0302\u0304\u030b\u030c\u0323\u0324\u0331"),
    ),
    (  # Cyrillic
        "Cyrl",
        "[\U0001e030-\U0001e06d]",
        frozenset(
            "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030a\u030b\u030d\u030e\u0312\u0313\u0314"
            "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032b\u032d\u032e\u0333\u0335\u0337\u0350"
            "\u0352\u0354\u0355\u2de8\u2dec\u2ded\u2def\u2df6\u2df7\ua66f"
        ),
    ),
    (  # Devanagari
        "Deva",
        "[\u0904-\u0939\u093d\u0950\u0958-\u0961\u0971-\u097f\ua8f2-\ua8f7\ua8fb\ua8fd-\ua8fe]",
        frozenset(
            "\u0900\u0901\u0902\u0903\u093a\u093c\u0941\u0942\u0946\u094d\u0952\u1cd0\u1cd2\u1cd5\u1cd8\u1cd9"
            "\u1cda\u1cdc\u1cde\u1ced"
        ),
    ),
    (  # Duployan
        "Dupl",
        "[\U0001bc00-\U0001bc6a\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99]",
        frozenset("\u0307\u0308\u030a\u0323\u0324"),
    ),
    (  # Elbasan
        "Elba",
        "[\U00010500-\U00010527]",
        frozenset("\u0305"),
    ),
    (  # Ethiopic
        "Ethi",
        (
            "[\u1200-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d"
            "\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310"
            "\u1312-\u1315\u1318-\u135a\u1380-\u138f\u2d80-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6"
            "\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\uab01-\uab06\uab09-\uab0e"
            "\uab11-\uab16\uab20-\uab26\uab28-\uab2e\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb"
            "\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe]"
        ),
        frozenset("\u030e"),
    ),
    (  # Glagolitic
        "Glag",
        "[\u2c00-\u2c5f]",
        frozenset("\u0303\u0305\ua66f"),
    ),
    (  # Gothic
        "Goth",
        "[\U00010330-\U00010340\U00010342-\U00010349]",
        frozenset("\u0304\u0308\u0331"),
    ),
    (  # Grantha
        "Gran",
        (
            "[\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330"
            "\U00011332-\U00011333\U00011335-\U00011339\U0001133d\U00011350\U0001135d-\U00011361]"
        ),
        frozenset("\u0952\u1cd0\u1cd2\U00011300"),
    ),
    (  # Greek
        "Grek",
        "[\u1dbf\u2126]",
        frozenset(
            "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030a\u030b\u030d\u030e\u0312\u0313\u0314"
            "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032b\u032d\u032e\u0333\u0335\u0337\u0350"
            "\u0352\u0354\u0355\u0363\u0364\u0368\u036f\u1ddf\u1dee"
        ),
    ),
    (  # Gujarati
        "Gujr",
        (
            "[\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abd\u0ad0"
            "\u0ae0-\u0ae1\u0af9]"
        ),
        frozenset("\u0952\u0a81\u0a82\u0a83\u0abc\u0ac1\u0ac2\u0acd"),
    ),
    (  # Gurmukhi
        "Guru",
        (
            "[\u0a05-\u0a0a\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39"
            "\u0a59-\u0a5c\u0a5e\u0a72-\u0a74]"
        ),
        frozenset("\u0952\u0a02\u0a03\u0a3c\u0a4b\u0a4d"),
    ),
    (  # Han
        "Hani",
        (
            "[\u3005\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufa6d\ufa70-\ufad9\U00016fe3\U00020000-\U0002a6df"
            "\U0002a700-\U0002b739\U0002b740-\U0002b81d\U0002b820-\U0002cea1\U0002ceb0-\U0002ebe0"
            "\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U000323af]"
        ),
        frozenset("\u302c\u302d"),
    ),
    (  # Hebrew
        "Hebr",
        (
            "[\u05d0-\u05ea\u05ef-\u05f2\ufb1d\ufb1f-\ufb28\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41"
            "\ufb43-\ufb44\ufb46-\ufb4f]"
        ),
        frozenset("\u0308\u0596\u0598\u0599\u059a\u059c\u05af\u05b4\u05b9"),
    ),
    (  # Hiragana
        "Hira",
        "[\u3041-\u3096\u309d-\u309f\U0001b001-\U0001b11f\U0001b132\U0001b150-\U0001b152]",
        frozenset("\u309a"),
    ),
    (  # Katakana
        "Kana",
        (
            "[\u30a1-\u30fa\u30fd-\u30ff\u31f0-\u31ff\uff66-\uff6f\uff71-\uff9d\U0001aff0-\U0001aff3"
            "\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000\U0001b120-\U0001b122\U0001b155"
            "\U0001b164-\U0001b167]"
        ),
        frozenset("\u0305\u0323\u309a"),
    ),
    (  # Kharoshthi
        "Khar",
        "[\U00010a00\U00010a10-\U00010a13\U00010a15-\U00010a17\U00010a19-\U00010a35]",
        frozenset("\U00010a3a"),
    ),
    (  # Khmer
        "Khmr",
        "[\u1780-\u17b3\u17d7\u17dc]",
        frozenset("\u17b7\u17b8\u17b9\u17ba\u17c6\u17cb"),
    ),
    (  # Kannada
        "Knda",
        (
            "[\u0c80\u0c85-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3\u0cb5-\u0cb9\u0cbd\u0cdd-\u0cde"
            "\u0ce0-\u0ce1\u0cf1-\u0cf2]"
        ),
        frozenset("\u0952\u0c81\u0c82\u0c83\u1cd0\u1cd2\u1cda"),
    ),
    (  # Lao
        "Laoo",
        (
            "[\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5\u0ea7-\u0eb0\u0eb2-\u0eb3\u0ebd\u0ec0-\u0ec4"
            "\u0ec6\u0edc-\u0edf]"
        ),
        frozenset("\u0eb8\u0eb9\u0ec8\u0ec9\u0eca\u0ecb"),
    ),
    (  # Latin
        "Latn",
        (
            "[\u00aa\u00ba\u02b0-\u02b8\u02e0-\u02e4\u1d80-\u1dbe\u2071\u207f\u2090-\u209c\u212a-\u212b\u2132"
            "\u214e\u2183-\u2184\ufb00-\ufb06\uff21-\uff3a\uff41-\uff5a\U00010780-\U00010785"
            "\U00010787-\U000107b0\U000107b2-\U000107ba\U0001df00-\U0001df1e\U0001df25-\U0001df2a]"
        ),
        frozenset(
            "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030a\u030b\u030d\u030e\u0312\u0313\u0314"
            "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032b\u032d\u032e\u0333\u0335\u0337\u0350"
            "\u0352\u0354\u0355\u0363\u0364\u0368\u036f\u1ddf\u1dee"
        ),
    ),
    (  # Marchen
        "Marc",
        "[\U00011c72-\U00011c8f]",
        frozenset("\U00011caa"),
    ),
    (  # Malayalam
        "Mlym",
        "[\u0d04-\u0d0c\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e\u0d54-\u0d56\u0d5f-\u0d61\u0d7a-\u0d7f]",
        frozenset("\u0952\u0d01\u0d02\u0d03\u0d3f\u0d41\u1cda"),
    ),
    (  # Myanmar
        "Mymr",
        (
            "[\u1000-\u102a\u103f\u1050-\u1055\u105a-\u105d\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e"
            "\ua9e0-\ua9e4\ua9e6-\ua9ef\ua9fa-\ua9fe\uaa60-\uaa76\uaa7a\uaa7e-\uaa7f]"
        ),
        frozenset("\u1036\u1038"),
    ),
    (  # Newa
        "Newa",
        "[\U00011400-\U00011434\U00011447-\U0001144a\U0001145f-\U00011461]",
        frozenset("\u0952\u1cd5\u1cd8\u1ced"),
    ),
    (  # Nko
        "Nkoo",
        "[\u07ca-\u07ea\u07f4-\u07f5\u07fa]",
        frozenset("\u07eb\u07ed\u07ee\u07f3"),
    ),
    (  # Oriya
        "Orya",
        (
            "[\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d"
            "\u0b5c-\u0b5d\u0b5f-\u0b61\u0b71]"
        ),
        frozenset("\u0952\u0b01\u0b3c\u1cda"),
    ),
    (  # Osage
        "Osge",
        "[\U000104b0-\U000104d3\U000104d8-\U000104fb]",
        frozenset("\u0301\u0304\u030b\u0358"),
    ),
    (  # Old Permic
        "Perm",
        "[\U00010350-\U00010375]",
        frozenset("\u0300\u0306\u0307\u0308\u0313"),
    ),
    (  # Miao
        "Plrd",
        "[\U00016f00-\U00016f4a\U00016f50\U00016f93-\U00016f9f]",
        frozenset("\U00016f51"),
    ),
    (  # Sharada
        "Shrd",
        "[\U00011183-\U000111b2\U000111c1-\U000111c4\U000111da\U000111dc]",
        frozenset("\u1cd9\u1cdc\u1cdd\u1ced\U000111cb"),
    ),
    (  # Siddham
        "Sidd",
        "[\U00011580-\U000115ae\U000115d8-\U000115db]",
        frozenset("\U000115b2\U000115b3"),
    ),
    (  # Sinhala
        "Sinh",
        "[\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6]",
        frozenset("\u0d82\u0d83"),
    ),
    (  # Syriac
        "Syrc",
        "[\u0710\u0712-\u072f\u074d-\u074f\u0860-\u086a]",
        frozenset(
            "\u0303\u0304\u0307\u0308\u0323\u0324\u0325\u032d\u032e\u0331\u064b\u064c\u064d\u064e\u064f\u0650"
            "\u0652\u0655\u0670\u073c"
        ),
    ),
    (  # Tai Le
        "Tale",
        "[\u1950-\u196d\u1970-\u1974]",
        frozenset("\u0300\u0301\u0307\u0308\u030c"),
    ),
    (  # Tamil
        "Taml",
        (
            "[\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c\u0b9e-\u0b9f\u0ba3-\u0ba4"
            "\u0ba8-\u0baa\u0bae-\u0bb9\u0bd0]"
        ),
        frozenset("\u0952\u0b82\u0bbf\u0bcd\u1cda"),
    ),
    (  # Telugu
        "Telu",
        "[\u0c05-\u0c0c\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3d\u0c58-\u0c5a\u0c5d\u0c60-\u0c61]",
        frozenset("\u0952\u0c00\u0c02\u0c03\u1cd5\u1cd8\u1cda"),
    ),
    (  # Tifinagh
        "Tfng",
        "[\u2d30-\u2d67\u2d6f]",
        frozenset("\u0302\u0304\u0306\u0307\u0308\u0309\u0323"),
    ),
    (  # Thai
        "Thai",
        "[\u0e01-\u0e30\u0e32-\u0e33\u0e40-\u0e46]",
        frozenset("\u0303\u0331\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e48\u0e49\u0e4a\u0e4b"),
    ),
    (  # Tibetan
        "Tibt",
        "[\u0f00\u0f40-\u0f47\u0f49-\u0f6c\u0f88-\u0f8c]",
        frozenset("\u0f37"),
    ),
    (  # Tirhuta
        "Tirh",
        "[\U00011480-\U000114af\U000114c4-\U000114c5\U000114c7]",
        frozenset(
            "\u0952\u1cd5\U000114b0\U000114b1\U000114b9\U000114bc\U000114bd\U000114be\U000114bf\U000114c1"
            "\U000114c2\U000114c3"
        ),
    ),
)

_MARKS_AT_HOME_ON = {
    "\u05e9": frozenset("\u0308\u0596\u0598\u0599\u059a\u059c\u05af\u05b4\u05c1\u05c2"),
}


@lru_cache(maxsize=1)
def _mark_home() -> re.Pattern[str]:
    """One pattern of `_MARKS_AT_HOME`'s letters, each a group, for one match per letter: the group that matched is its
    script's place. Compiled at its first use, a mark on a letter of another script than five, not at import: about
    3.4 ms the verify function's cold start paid for every request (review), and as much again for each script's
    letters compiled apart, which the table now holds as text (review)."""
    return re.compile("|".join(f"({letters})" for _, letters, _ in _MARKS_AT_HOME))


_MARKS_ALIKE_ANY = _MARKS_ALIKE | _COMBINING_ALIKE
# Every letter but ASCII ones of the Latin, Greek, Coptic, Cyrillic and Armenian scripts (`_SCRIPTS`) that Unicode's
# confusables (UTS #39) hold alike to a letter of another of them, directly or through others: the Greek ρ and the
# Cyrillic р (both like p), the Greek Γ and the Cyrillic Г, the Latin ʙ and the Cyrillic в, the Coptic ⲣ. Each is
# shown in a word that mixes those scripts, and in a value that holds Greek and Cyrillic letters (`unseen`). A test
# holds the set to the confusable_homoglyphs library's copy of Unicode's data; verifier.js holds the same.
_LOOKS_ACROSS = frozenset(
    "\u00c6\u00c7\u00de\u00df\u00e6\u00e7\u00fe\u0127\u0131\u0138\u017f\u0180\u0182\u0183\u0184\u0185"
    "\u0186\u018d\u018f\u0190\u0196\u019e\u019f\u01a7\u01a8\u01a9\u01b7\u01bd\u01bf\u01c0\u01dd\u01f6"
    "\u021c\u021d\u0237\u0245\u024d\u024e\u024f\u0251\u0254\u0259\u025b\u025c\u0261\u0262\u0263\u0266"
    "\u0269\u026a\u026f\u0270\u0275\u0278\u028b\u028d\u028f\u0292\u0298\u0299\u029c\u029f\u0370\u0374"
    "\u0376\u0377\u037a\u037b\u037d\u037f\u0391\u0392\u0393\u0394\u0395\u0396\u0397\u0398\u0399\u039a"
    "\u039b\u039c\u039d\u039f\u03a0\u03a1\u03a3\u03a4\u03a5\u03a6\u03a7\u03a8\u03b1\u03b2\u03b3\u03b4"
    "\u03b5\u03b7\u03b8\u03b9\u03ba\u03bb\u03bd\u03bf\u03c0\u03c1\u03c3\u03c4\u03c5\u03c6\u03c7\u03c8"
    "\u03c9\u03d0\u03d1\u03d2\u03d5\u03d6\u03d7\u03dc\u03e8\u03e9\u03f0\u03f1\u03f2\u03f3\u03f4\u03f5"
    "\u03f7\u03f8\u03f9\u03fa\u03fd\u03ff\u0404\u0405\u0406\u0408\u0410\u0411\u0412\u0413\u0415\u0417"
    "\u0418\u041a\u041b\u041c\u041d\u041e\u041f\u0420\u0421\u0422\u0423\u0424\u0425\u0428\u042c\u0430"
    "\u0431\u0432\u0433\u0435\u0437\u0438\u043a\u043b\u043c\u043d\u043e\u043f\u0440\u0441\u0442\u0443"
    "\u0444\u0445\u0448\u044c\u044f\u0454\u0455\u0456\u0458\u0459\u045b\u0461\u0462\u0463\u0470\u0471"
    "\u0472\u0473\u0474\u0475\u048c\u048d\u0493\u049a\u049e\u04a2\u04aa\u04ab\u04ae\u04af\u04b0\u04b1"
    "\u04bb\u04bd\u04c0\u04cf\u04d4\u04d5\u04d8\u04d9\u04e0\u04e1\u04e8\u04e9\u0501\u050a\u050c\u050d"
    "\u0510\u0511\u051b\u051c\u051d\u054d\u054f\u0553\u0555\u0561\u0563\u0566\u056e\u0570\u0575\u0578"
    "\u057a\u057c\u057d\u0581\u0584\u0585\u1d04\u1d08\u1d0b\u1d0d\u1d0e\u1d0f\u1d10\u1d11\u1d19\u1d1b"
    "\u1d1c\u1d20\u1d21\u1d24\u1d26\u1d28\u1d2b\u1e9d\u1e9f\u1eff\u1fbe\u2c67\u2c69\u2c75\u2c84\u2c85"
    "\u2c86\u2c88\u2c89\u2c8e\u2c92\u2c94\u2c95\u2c96\u2c98\u2c9a\u2c9e\u2c9f\u2ca0\u2ca2\u2ca3\u2ca4"
    "\u2ca5\u2ca6\u2ca8\u2caa\u2cab\u2cac\u2cad\u2cae\u2cb1\u2cbc\u2cbd\u2cca\u2ccc\u2ccd\u2cd0\u2cd1"
    "\u2cd2\u2ce4\ua644\ua645\ua647\ua64c\ua64d\ua668\ua695\ua698\ua699\ua731\ua73e\ua73f\ua740\ua74a"
    "\ua74b\ua74e\ua74f\ua75a\ua76a\ua76b\ua76e\ua78c\ua792\ua793\ua798\ua799\ua79f\ua7ab\ua7b2\ua7b3"
    "\ua7b4\ua7b5\ua7b6\ua7b7\uab32\uab35\uab3d\uab47\uab48\uab4e\uab52\uab53\uab55\uab5a\uab60"
)
# The scripts whose letters look alike across them, each as the blocks its letters are in: Latin (ASCII letters,
# Latin-1's, the extended ones, IPA's, the phonetic ones), Greek, Coptic, Cyrillic, Armenian. verifier.js holds the
# same.
_LATIN = re.compile(
    "[A-Za-z\u00c0-\u024f\u0250-\u02af\u1d00-\u1d7f\u1e00-\u1eff\u2c60-\u2c7f\ua720-\ua7ff\uab30-\uab6f]"
)
_GREEK = re.compile("[\u0370-\u03e1\u03f0-\u03ff\u1f00-\u1fff]")
_COPTIC = re.compile("[\u03e2-\u03ef\u2c80-\u2cff]")
_CYRILLIC = re.compile("[\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f]")
_ARMENIAN = re.compile("[\u0531-\u058f\ufb13-\ufb17]")
_SCRIPTS = (_LATIN, _GREEK, _COPTIC, _CYRILLIC, _ARMENIAN)
_CYRILLIC_AT = _SCRIPTS.index(_CYRILLIC)  # (whose letters keep marks of their own: `_CYRILLIC_MARKS_AT_HOME`)
_GREEK_AT = _SCRIPTS.index(_GREEK)
# The ASCII letters a letter of each script but Latin looks like, directly or through others (Unicode's confusables,
# UTS #39), by the script's place in `_SCRIPTS`, None for a script none of them (Cherokee Ꮶ, Lisu ꓮ, Myanmar ဝ, Ahom
# 𑜀 like m): a value whose Latin letters each look like a letter of a script it holds can be written again in that
# script's letters and look alike (the o of "жo", like the Cyrillic о of "жо"), and one whose Latin letters stand in
# a word with a letter of such a script, in that script's (the W and Y of "ᏣWY", like the Cherokee ᏣᎳᎩ): see `_strays`.
# No letter looks like k or t. A test holds them to the confusable_homoglyphs library's copy of Unicode's data;
# verifier.js holds the same.
_ASCII_LIKE_IN: dict[int | None, frozenset[str]] = {
    1: frozenset("ABEFHIJKMNOPTXYZaijlopuvy"),  # Greek
    2: frozenset("CHIKLMNOPTXYclopr"),  # Coptic
    3: frozenset("ABCEGHIJKMOPSTVWXYabcdehijlopqrsvwxy"),  # Cyrillic
    4: frozenset("OSUfghnoquw"),  # Armenian
    None: frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZbcdghilmorsuvwxyz"),
}
_ASCII_ALIKE = frozenset().union(*_ASCII_LIKE_IN.values())
# Every letter of a script other than those and Han, kana and Hangul (Cherokee, Lisu, Canadian syllabics, Tifinagh,
# Deseret) that Unicode's confusables hold alike, directly or through others, to a letter of one of those five but to
# no ASCII one (`_LOOKS_ASCII` holds those): the Lisu ꓥ, like the Greek Λ and the Cyrillic Л; the Cherokee Ꮎ, like
# the Greek Θ. Each is shown as such a script's look-alikes are (`_others`). A test holds the set to the
# confusable_homoglyphs library's copy of Unicode's data; verifier.js holds the same.
_OTHERS_ALIKE = frozenset(
    "\u05f0\u0629\u06c3\u10a0\u10f3\u1206\u1223\u1240\u1260\u1261\u1294\u12ae\u1323\u13a4\u13a8\u13b0\u13b1"
    "\u13be\u13bf\u13c7\u13cb\u13cc\u13eb\u13ef\u13f0\u13f2\u13fb\u13fc\u1403\u1427\u1431\u1445\u144e\u14a5\u1577"
    "\u15b7\u15c4\u15ef\u162e\u162f\u1634\u1635\u16d8\u1d90\u2183\u2184\u2d31\u2d37\u2d3a\u2d41\u2d49\u2d59\u2d60"
    "\ua4d5\ua4db\ua4e4\ua4e5\ua4ef\ua4f1\ua4f5\ua6a1\ua6b1\ua6cd\ua6ce\ua6db\uab70\uab71\uab72\uab7a\uab7b\uab7c"
    "\uab7e\uab80\uab87\uab8b\uab8e\uab90\uab9b\uab9c\uab9f\uaba2\uabae\uabb2\uabb6\uabbb\U00010285\U0001028d"
    "\U000102a3\U000102a8\U000102ad\U000102b3\U000102b5\U000102b6\U00010312\U00010401\U00010412\U0001041f\U00010423"
    "\U00010425\U00010429\U0001042a\U0001043a\U0001043f\U00010442\U00010443\U0001044b\U0001044d\U000104b0\U000104bc"
    "\U000104c3\U000104c4\U000104cd\U000104d1\U000104d8\U000104db\U000104eb\U000104f9\U000118ce\U00016f07\U00016f1a"
    "\U00016f1c\U00016f2d\U00016f3d"
)
# Every letter `_others` reads (`_read_by_others`) that Unicode's confusables hold alike, directly or through others,
# to an ASCII digit or punctuation mark: the ו and the ا, like 1, l and |; the Ethiopic ዐ, like 0 and O; the Canadian
# syllabics ᐳ, like >. In a value holding an ASCII letter such a letter is shown in a word of its own script too
# (`_lookalikes`): the word can be written again with the ASCII character, which splits it and is shown by no rule (the
# ו of "Hello שלום", like the | of "Hello של|ם"). A test holds the set to the confusable_homoglyphs library's copy of
# Unicode's data; verifier.js holds the same.
_LOOKS_ASCII_SIGN = frozenset(
    "\u05d5\u05d9\u05df\u05f2\u0627\u07ca\u097d\u0b20\u12d0\u13ae\u13ce\u13ee\u1433\u1438\u144a\u14bf\u16b2\u16c1"
    "\u16cc\u2d4f\u2d51\u2d54\ua4f2\ua4f3\U0001028a\U00010292\U0001029b\U000102ab\U00010309\U0001031a\U0001031f"
    "\U00010404\U000104c2\U000104d2\U00010516\U000118ac\U000118af\U000118b5\U000118bb\U000118c6\U000118ca\U000118cc"
    "\U000118d5\U000118d6\U00016f28\U00016f3b\U00016f3f"
)
# Every letter `_others` reads of a script of `_OTHER_SCRIPTS`, but those of `_LOOKS_ASCII`, that Unicode's confusables
# hold alike, directly or through others, to what is not letters of that script and marks alone, unless to what a page
# shows whatever is around it: the Canadian syllabics ᑕ, like ⊂, and ᑆ, like ·ᐹ (its word split apart); ᑧ, like U';
# ᐃ, like ∆; the Malayalam ഉ, like the Tamil உ (of a script of none of them). A word holding one is not one whose
# look-alikes `_lookalikes` leaves as typed beside an ASCII letter: written again with its look-alike, a Latin letter
# there may stand apart from that script's letters (review: "Bob ᒪᑕ", its ᒪ as typed, was drawn like "Bob L⊂", all as
# typed). A test holds the set to the confusable_homoglyphs library's copy of Unicode's data; verifier.js holds the
# same.
_ALIKE_APART = frozenset(
    "\u05f0\u05f1\u0623\u0625\u0629\u062f\u0635\u0637\u0639\u0648\u0672\u0673\u0675\u06c3\u06ff\u08b1\u093d\u0d09"
    "\u0d0a\u0d0c\u0d19\u0d1c\u0d23\u0d34\u0d36\u0d3a\u0d4e\u0d5f\u0d7b\u0d7c\u1010\u1065\u10a0\u10f3\u1206\u1223"
    "\u1240\u1260\u1261\u1294\u12ae\u1323\u13a4\u13a8\u13b0\u13b1\u13be\u13bf\u13c7\u13cb\u13cc\u13eb\u13ef\u13f0"
    "\u13f2\u13fb\u13fc\u1403\u140c\u140d\u140e\u140f\u1410\u1411\u1412\u1413\u1414\u1415\u1417\u1418\u1419\u141a"
    "\u1427\u142c\u1431\u1435\u1437\u143a\u143b\u143c\u143d\u143e\u143f\u1440\u1441\u1442\u1443\u1444\u1445\u1446"
    "\u1447\u144e\u1450\u1454\u1455\u1457\u1458\u1459\u145a\u145b\u145c\u145d\u145e\u145f\u1460\u1461\u1462\u1463"
    "\u1464\u1467\u1468\u1469\u146a\u1473\u1474\u1475\u1476\u1477\u1478\u1479\u147a\u147b\u147c\u147d\u147e\u147f"
    "\u1480\u1481\u1485\u1486\u1487\u1488\u1492\u1493\u1494\u1495\u1496\u1497\u1498\u1499\u149a\u149b\u149c\u149d"
    "\u149e\u149f\u14a5\u14ac\u14ad\u14ae\u14af\u14b0\u14b1\u14b2\u14b3\u14b4\u14b5\u14b6\u14b7\u14b8\u14b9\u14c9"
    "\u14ca\u14cb\u14cc\u14cd\u14ce\u14dc\u14dd\u14de\u14df\u14e0\u14e1\u14e2\u14e3\u14e4\u14e5\u14e6\u14e7\u14e8"
    "\u14e9\u14f6\u14f7\u14f8\u14f9\u14fa\u14fb\u14fc\u14fd\u14fe\u14ff\u1500\u1501\u1502\u1503\u150c\u150e\u1517"
    "\u1518\u1519\u151a\u151b\u151c\u151d\u151e\u151f\u1520\u1521\u1522\u1523\u1524\u152f\u1530\u1531\u1532\u1533"
    "\u1534\u1535\u1536\u1537\u1538\u1539\u153a\u153b\u153c\u154e\u154f\u155b\u155c\u1568\u1569\u1577\u157f\u1581"
    "\u1583\u1584\u1591\u15b5\u15b7\u15c4\u15d2\u15d5\u15e1\u15ef\u162e\u162f\u1634\u1635\u1660\u1673\u1677\u1678"
    "\u1679\u167a\u167b\u167c\u167d\u16b9\u16bd\u16c2\u16cb\u16cf\u16d0\u16d8\u16da\u16dc\u16de\u16e6\u16e8\u18b3"
    "\u18b6\u18b9\u18c2\u18c6\u18c7\u18c8\u18c9\u18ca\u18cb\u18cc\u18cd\u18ce\u18cf\u18d0\u18d1\u18d2\u18d3\u18e0"
    "\u18e3\u18e4\u18e5\u18e8\u18ea\u18ed\u18f0\u18f2\u1d90\u2132\u2183\u2184\u2d31\u2d37\u2d3a\u2d40\u2d41\u2d42"
    "\u2d48\u2d49\u2d57\u2d59\u2d60\u2d63\ua4d5\ua4db\ua4de\ua4e4\ua4e5\ua4e8\ua4ed\ua4ef\ua4f1\ua4f5\ua4f6\ua4f7"
    "\ua6a1\ua6b0\ua6b1\ua6cd\ua6ce\ua6db\ua8fb\uab70\uab71\uab72\uab74\uab7a\uab7b\uab7c\uab7e\uab80\uab87\uab8b"
    "\uab8e\uab90\uab9b\uab9c\uab9f\uaba2\uabae\uabb2\uabb6\uabbb\ufbea\ufbeb\ufbec\ufbed\ufc37\ufc51\ufc52\ufc53"
    "\ufc54\ufc80\ufc88\ufc9b\ufca0\ufca5\ufccd\ufcd6\ufcd7\ufcd8\ufcd9\ufcde\ufce0\ufce2\ufce4\ufce6\ufce8\ufcea"
    "\ufcef\ufcf1\ufd31\ufd32\ufd3c\ufd3d\ufd93\ufd94\ufdf2\ufdf3\ufdf7\ufdfa\ufdfb\ufef7\ufef8\ufef9\ufefa\ufefb"
    "\ufefc\U00010285\U0001028d\U00010294\U000102a3\U000102a8\U000102ad\U000102b3\U000102b5\U000102b6\U000102b8"
    "\U000102bc\U000102c0\U00010312\U00010401\U00010411\U00010412\U0001041f\U00010423\U00010425\U00010429"
    "\U0001042a\U0001043a\U0001043f\U00010442\U00010443\U0001044b\U0001044d\U000104b0\U000104bc\U000104c3"
    "\U000104c4\U000104cd\U000104d0\U000104d1\U000104d8\U000104db\U000104eb\U000104f9\U000118a8\U000118b7"
    "\U000118ce\U00016f00\U00016f07\U00016f1a\U00016f1c\U00016f26\U00016f2d\U00016f3d"
)
# Hebrew, Arabic and Georgian, each as the blocks its letters are in, with the ASCII letters one of its letters looks
# like (Unicode's confusables, as `_ASCII_LIKE_IN`): everyday text of them writes a word of their look-alikes alone
# beside one of their letters that looks like none (the ס, ו and ן of "כוס יין", "a glass of wine"; the آ of "آه يا
# ليل"), so such a word is as typed in a value holding one, and a Latin word beside it is shown instead where each of
# its letters looks like one of theirs (the l of "א l", like the ו of "א ו"; not "world" of "שלום world", whose
# ו is shown there as it looks like |, by `_lookalikes`). A test holds the letters to the confusable_homoglyphs
# library's copy of Unicode's data; verifier.js holds the same.
_EVERYDAY_OTHERS = (
    (re.compile("[\u0590-\u05ff\ufb1d-\ufb4f]"), frozenset("Ilov")),
    (re.compile("[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]"), frozenset("Ilo")),
    (re.compile("[\u10a0-\u10ff\u1c90-\u1cbf\u2d00-\u2d2f]"), frozenset("oy")),
)
# The scripts of the letters `_others` reads (`_read_by_others`: no modifier letter, of none of `_SCRIPTS` and
# `_EAST_ASIAN`, none `_compatible` shows for another) that hold a letter which looks like one of another script
# (`_LOOKS_ASCII`, `_LOOKS_ACROSS`, `_OTHERS_ALIKE`): Cherokee, Lisu, Canadian syllabics, Myanmar, Hebrew, Arabic,
# Georgian…, each by its ISO 15924 code, as every such
# letter of it Unicode's Script property names and the core's Unicode knows. In a word whose letters that look like
# none are of one script, a look-alike of another is shown (the Lisu ꓟ of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ").
# Python's unicodedata has no Script property: written by tools/script_table.py from the regex package's, which a
# test holds it to; verifier.js holds the same, and a test in Chromium holds the browser's \p{Script=…} to it.
_OTHER_SCRIPTS = (
    (  # Ahom
        "Ahom",
        re.compile("[\U00011700-\U0001171a\U00011740-\U00011746]"),
    ),
    (  # Arabic
        "Arab",
        re.compile(
            "[\u0620-\u063f\u0641-\u064a\u066e-\u066f\u0671-\u06d3\u06d5\u06ee-\u06ef\u06fa-\u06fc\u06ff"
            "\u0750-\u077f\u0870-\u0887\u0889-\u088e\u08a0-\u08c8\ufbdd\ufbea-\ufbfb\ufc00-\ufd3d"
            "\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe70-\ufe74\ufe76-\ufe7f\ufef5-\ufefc]"
        ),
    ),
    (  # Bamum
        "Bamu",
        re.compile("[\ua6a0-\ua6e5\U00016800-\U00016a38]"),
    ),
    (  # Canadian Aboriginal
        "Cans",
        re.compile("[\u1401-\u166c\u166f-\u167f\u18b0-\u18f5\U00011ab0-\U00011abf]"),
    ),
    (  # Carian
        "Cari",
        re.compile("[\U000102a0-\U000102d0]"),
    ),
    (  # Cherokee
        "Cher",
        re.compile("[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]"),
    ),
    (  # Devanagari
        "Deva",
        re.compile("[\u0904-\u0939\u093d\u0950\u0958-\u0961\u0972-\u097f\ua8f2-\ua8f7\ua8fb\ua8fd-\ua8fe]"),
    ),
    (  # Deseret
        "Dsrt",
        re.compile("[\U00010400-\U0001044f]"),
    ),
    (  # Elbasan
        "Elba",
        re.compile("[\U00010500-\U00010527]"),
    ),
    (  # Ethiopic
        "Ethi",
        re.compile(
            "[\u1200-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d"
            "\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310"
            "\u1312-\u1315\u1318-\u135a\u1380-\u138f\u2d80-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6"
            "\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\uab01-\uab06\uab09-\uab0e"
            "\uab11-\uab16\uab20-\uab26\uab28-\uab2e\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb"
            "\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe]"
        ),
    ),
    (  # Georgian
        "Geor",
        re.compile(
            "[\u10a0-\u10c5\u10c7\u10cd\u10d0-\u10fa\u10fd-\u10ff\u1c90-\u1cba\u1cbd-\u1cbf\u2d00-\u2d25\u2d27\u2d2d]"
        ),
    ),
    (  # Hebrew
        "Hebr",
        re.compile(
            "[\u05d0-\u05ea\u05ef-\u05f2\ufb1d\ufb1f\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44"
            "\ufb46-\ufb4f]"
        ),
    ),
    (  # Old Italic
        "Ital",
        re.compile("[\U00010300-\U0001031f\U0001032d-\U0001032f]"),
    ),
    (  # Latin
        "Latn",
        re.compile("[\u1d80-\u1d9a\u2132\u214e\u2183-\u2184\U0001df00-\U0001df1e\U0001df25-\U0001df2a]"),
    ),
    (  # Lisu
        "Lisu",
        re.compile("[\ua4d0-\ua4f7\U00011fb0]"),
    ),
    (  # Lycian
        "Lyci",
        re.compile("[\U00010280-\U0001029c]"),
    ),
    (  # Malayalam
        "Mlym",
        re.compile("[\u0d04-\u0d0c\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e\u0d54-\u0d56\u0d5f-\u0d61\u0d7a-\u0d7f]"),
    ),
    (  # Myanmar
        "Mymr",
        re.compile(
            "[\u1000-\u102a\u103f\u1050-\u1055\u105a-\u105d\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e"
            "\ua9e0-\ua9e4\ua9e7-\ua9ef\ua9fa-\ua9fe\uaa60-\uaa6f\uaa71-\uaa76\uaa7a\uaa7e-\uaa7f]"
        ),
    ),
    (  # Nko
        "Nkoo",
        re.compile("[\u07ca-\u07ea]"),
    ),
    (  # Oriya
        "Orya",
        re.compile(
            "[\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d"
            "\u0b5c-\u0b5d\u0b5f-\u0b61\u0b71]"
        ),
    ),
    (  # Osage
        "Osge",
        re.compile("[\U000104b0-\U000104d3\U000104d8-\U000104fb]"),
    ),
    (  # Miao
        "Plrd",
        re.compile("[\U00016f00-\U00016f4a\U00016f50]"),
    ),
    (  # Runic
        "Runr",
        re.compile("[\u16a0-\u16ea\u16f1-\u16f8]"),
    ),
    (  # Tifinagh
        "Tfng",
        re.compile("[\u2d30-\u2d67]"),
    ),
    (  # Warang Citi
        "Wara",
        re.compile("[\U000118a0-\U000118df\U000118ff]"),
    ),
)
# (one pattern of them all, each a group, for one match per letter: the group that matched is its script's place)
_OTHER_SCRIPT = re.compile("|".join(f"({script.pattern})" for _, script in _OTHER_SCRIPTS))
# Han, Hiragana, Katakana and Hangul, each as the blocks its characters are in (Han's radicals, Katakana's
# halfwidth forms, Hangul's jamo with its syllables). Japanese writes Han and kana side by side, and Korean may write
# Hangul beside Han, so no word or value of them is odd for mixing them. verifier.js holds the same.
_HAN = re.compile("[\u2e80-\u2fdf\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]")
_HIRAGANA = re.compile("[\u3040-\u309f]")
_KATAKANA = re.compile("[\u30a0-\u30ff\u31f0-\u31ff\uff65-\uff9f]")
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]")
_EAST_ASIAN = (_HAN, _HIRAGANA, _KATAKANA, _HANGUL)
# Every character of those scripts that Unicode's confusables (UTS #39) hold alike to one of
# another of them, directly or through others: the Katakana ー and the Han 一 (and the Hangul
# ㅡ), カ and 力, タ and 夕, ロ and 口, the Hiragana へ and the Katakana ヘ. Each is shown in a
# value that holds characters of two of those scripts (`unseen`). A test holds the set to the
# confusable_homoglyphs library's copy of Unicode's data; verifier.js holds the same.
_LOOKS_ACROSS_EAST = frozenset(
    "\u1173\u1175\u2e85\u2f00\u2f01\u2f03\u2f06\u2f0b\u2f12\u2f18\u2f1d\u2f1e\u2f23\u2f2f\u304f\u3078"
    "\u309b\u309c\u30a4\u30a8\u30ab\u30bf\u30c8\u30cb\u30ce\u30cf\u30d8\u30ed\u30fc\u3161\u3163\u4e00"
    "\u4e28\u4e3f\u4e8c\u4ebb\u516b\u529b\u535c\u53e3\u56d7\u5915\u5de5\uf98a\uff9e\uff9f\U00021fe8"
)
# Arabic's two sets of digits: the Arabic-Indic ٠ to ٩ and the Extended Arabic-Indic ۰ to ۹ of Persian and Urdu.
# Unicode's confusables hold each digit of one alike to the same digit of the other, so any number can be written
# again in the other set, whole, and roll other dice: every one of them is shown, in any value. verifier.js holds the
# same.
_ARABIC_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
# Arabic's letters that Persian, Urdu or Kurdish write apart from one drawn alike, in the place of a word where they
# are: joined to the letter after them (initial or medial), the kaf and the keheh (ك ک), the yeh and the Farsi yeh (ي
# ی), the heh and the heh doachashmee (ه ھ); not joined to it (final or alone), the alef maksura and the Farsi yeh (ى
# ی), the heh and the ae (ه ە). Unicode's confusables do not list them (they are the Arabic script's variant letters
# of its IDN tables); each pair was drawn pixel for pixel alike there, and apart in the other places, by Chromium
# (tests/integration/test_pages_in_chromium.py holds the page to it). A value can be written again with the other
# letter, whole, and roll other dice: each is shown where it is drawn alike, but the one in everyday use where its twin
# is not (a legacy national character set holds it, as of `_LOOKS_EVERYDAY_SIGN`: Windows' Arabic code page holds the
# yeh, the alef maksura and the heh, not the Farsi yeh and the ae), which is as typed while its twin is shown (review:
# the yeh of the plain Arabic word "العَرَبِيَّة", the alef maksura of "على" and the heh of "الله" were shown as code
# points). Where both are (ك ک, ه ھ joined), both are shown. A test holds the choice to tools/script_table.py's
# `everyday`; verifier.js holds the same.
_ARABIC_JOINED = re.compile("[\u0643\u0647\u06a9\u06be\u06cc]")
_ARABIC_ENDING = re.compile("[\u06cc\u06d5]")
# The characters a letter before them joins to: those Unicode's Joining_Type says join on that side (dual- or
# right-joining, or join-causing), of any script, that the core's Unicode knows and a page draws as themselves:
# Arabic's letters (the tatweel too) but the hamza and the high hamza ٴ, which join to none, and those of Arabic
# Extended-A and -B (review: the heh of "هࢠ" joins the ࢠ as of "هب", drawn as the heh doachashmee of "ھࢠ", both as
# typed); and the letters of the other joining scripts, which Chromium joins an Arabic letter to as to its own (review:
# the kaf of "كܒ", before a Syriac beth, was drawn pixel for pixel as the keheh of "کܒ", both as typed; NKo's,
# Mandaic's, Mongolian's, Adlam's… too). A character the core's Unicode does not know (the Arabic Extended-C letters
# of Unicode 16, U+10EC2 to U+10EC7, which a newer browser knows) is written as its code point, after which a letter is
# drawn as not joined. A test holds it to the regex package's Joining_Type. The class is text, compiled at its first
# use (`_joins`: an Arabic letter drawn like another in the value), not at import.
_ARABIC_JOINS = (
    "[\u0620\u0622-\u064a\u066e-\u066f\u0671-\u0673\u0675-\u06d3\u06d5\u06ee-\u06ef\u06fa-\u06fc\u06ff"
    "\u0710\u0712-\u072f\u074d-\u077f\u07ca-\u07ea\u07fa\u0840-\u0858\u0860\u0862-\u0865\u0867-\u086a"
    "\u0870-\u0886\u0889-\u088e\u08a0-\u08ac\u08ae-\u08c8\u1807\u180a\u1820-\u1878\u1887-\u18a8\u18aa"
    "\ua840-\ua871\U00010ac0-\U00010ac5\U00010ac7\U00010ac9-\U00010aca\U00010ace-\U00010ad6"
    "\U00010ad8-\U00010ae1\U00010ae4\U00010aeb-\U00010aef\U00010b80-\U00010b91\U00010ba9-\U00010bae"
    "\U00010d01-\U00010d23\U00010f30-\U00010f44\U00010f51-\U00010f54\U00010f70-\U00010f81\U00010fb0"
    "\U00010fb2-\U00010fb6\U00010fb8-\U00010fbf\U00010fc1-\U00010fc4\U00010fc9-\U00010fca"
    "\U0001e900-\U0001e943]"
)


@lru_cache(maxsize=1)
def _joins() -> re.Pattern[str]:
    """`_ARABIC_JOINS` compiled, at its first use: read only of a value holding an Arabic letter drawn like another."""
    return re.compile(_ARABIC_JOINS)


def number(n: int) -> str:
    """A whole number as a person reads it: 10,000."""
    return f"{n:,}"


def utc_time(moment: dt.datetime) -> str:
    """`2026-03-01 00:00:02 UTC`: a moment as the pages, the verdicts and the archive's messages say it."""
    return f"{moment.astimezone(dt.UTC):%Y-%m-%d %H:%M:%S} UTC"


def given_more_than_once(times: int, where: str) -> str:
    """`is given twice in the link; give it once`: a parameter given more than once, in a link or an address (one
    wording for both, review J). verifier.js says it alike."""
    return f"is given {'twice' if times == 2 else f'{number(times)} times'} in {where}; give it once"


def counted(n: int, one: str, many: str) -> str:
    """`1 roll`, `12 rolls`: the count with its noun (or noun and verb) in the right number."""
    return f"{number(n)} {one if n == 1 else many}"


def repr_of(value: object, most: int | None = None) -> str:
    """A value as messages quote what was sent: text as Python writes it (`repr`: 'abc', in single quotes with its
    escapes), and null, true and false as JSON writes them, alone or in a list or an object, since what is sent is
    JSON (review: `{"scheme": null}` was refused as "not None", `[1, null]` quoted as [1, None]); words instead for a
    value nested too deeply for `repr` (JSON lists thousands of levels deep, which the decoder reads but `repr` cannot
    write).

    A character that draws nothing though `repr` keeps it (`_BLANK`: a Hangul filler, the blank braille pattern) is
    escaped as `repr` escapes those it refuses, as \\u3164: written as is, a pasted roll of a Hangul filler alone was
    refused as "'' is not a roll" (review). verifier.js's `pyRepr` does the same.

    With `most`, for a message that cuts the quote short, only the start of it is written: the whole quote, or its
    first `most` characters or more (its escapes lengthen it), so that a huge value costs `repr`'s one pass and no
    more (JSON's words written all through a body of 1 MiB of nulls took four times as long as refusing it did)."""
    try:
        written = repr(value)
    except RecursionError:
        return "a value nested too deeply to show"
    if most is not None:  # the start, with whole any word of Python's begun in it (False is five long)
        written = written[: most + 4]
    # Python's words are found where `repr` writes them, outside its quoted text (a text quoted as 'None' stays so);
    # only a value that holds one is searched: a long list of text alone costs no more than its repr
    if not isinstance(value, str) and any(word in written for word in _JSON_WORDS):
        written = _TEXT_OR_WORD.sub(_json_word, written)
    return _BLANK.sub(_escaped, written[:most])  # each of JSON's words is as long as Python's: the whole's start


def quoted(given: object) -> str:
    """A value a message quotes as sent (`repr_of`: 'abc', true, [1, null]), cut at 40 characters, `...` ending one cut
    short: a message must stay readable whatever was sent. verifier.js's `shown` does the same."""
    text = repr_of(given, most=41)  # one more than is shown: enough to tell whether it is cut
    return text if len(text) <= 40 else text[:37] + "..."


# Python's words for JSON's null, true and false, which `repr` writes bare, and the quoted text `repr` writes, in
# single or double quotes, whose quote and backslash are escaped within it; cut short by `most`, a quoted text may
# end without its closing quote, after its backslash alone too
_JSON_WORDS = {"None": "null", "True": "true", "False": "false"}
_TEXT_OR_WORD = re.compile(
    r"""'[^'\\]*(?:\\.[^'\\]*)*(?:'|\\?\Z)|"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|\b(?:None|True|False)\b"""
)


def _json_word(found: re.Match[str]) -> str:
    return _JSON_WORDS.get(found.group(), found.group())


def _escaped(found: re.Match[str]) -> str:
    """A character as `repr` escapes one it refuses: \\u3164, \\U0001d159 (none of `_BLANK` is below U+0100)."""
    code = ord(found.group())
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def cut(text: str, most: int, mark: str = "…") -> str:
    """The text, or its start and `mark` (`…` unless given) when it is longer than `most` characters (`mark`
    included)."""
    return text if len(text) <= most else text[: most - len(mark)] + mark


def ends(first: int, last: int, shown: Callable[[int], str] = str) -> str:
    """The numbers from `first` to `last`, each as `shown` writes it: `5 to 7`, `5` alone, and `5 and 6` for two
    (review: "rolls 11 to 12 were not recorded" read as more rolls than two). verifier.js's `ends` says the same."""
    if first == last:
        return shown(first)
    return f"{shown(first)} {'and' if last == first + 1 else 'to'} {shown(last)}"


def span(one: str, many: str, first: int, last: int) -> str:
    """`roll 5` for one roll, `rolls 5 and 6` for two, `rolls 5 to 7` for more."""
    return f"{one if first == last else many} {ends(first, last, number)}"


def was(n: int) -> str:
    """`was` for one, `were` for any other count."""
    return "was" if n == 1 else "were"


# What every message about a link that a chat, a mail program or a web page changed says to do (verifier.js's COPY_LINK)
COPY_LINK = "copy the link again from the game"


def none_recorded(n: int, one: str, many: str) -> str:
    """`no roll was recorded` of a game of one roll, `no rolls were recorded` of any other: what a verdict and its page
    say where no roll came with the request (review: a day's one roll read "no rolls were recorded"). verifier.js's
    `noneRecorded` says the same."""
    return f"no {one} was recorded" if n == 1 else f"no {many} were recorded"


def listed(parts: list[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`; `a, b or c` with `last="or"`."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {last} {parts[-1]}" if parts else ""


def not_utf8(what: str, error: UnicodeDecodeError, before: int = 0) -> str:
    """`what is not UTF-8 text: <why> at byte N`, N counted from 1 and from `before` bytes ahead of what was decoded (a
    byte order mark left out): an audit's line and the command line's request say it alike."""
    return f"{what} is not UTF-8 text: {error.reason} at byte {before + error.start + 1:,}"


def shows_nothing(text: str) -> bool:
    """Whether the text holds a character that draws nothing: one str.isprintable() refuses (a control, a bidi
    control, a zero-width space) or one it accepts that draws nothing all the same (`_BLANK`: a Hangul filler, the blank
    braille pattern, the musical null notehead). For names that must read as they are written, whatever script."""
    return not text.isprintable() or _BLANK.search(text) is not None


def unseen(text: str) -> list[bool]:
    """For each character of `text`, whether a page writes it as its code point, so that no value can look like
    another:

    - a character that shows nothing or looks like another (what str.isprintable() refuses, other than the plain
      space; a default-ignorable letter or mark; the blank braille pattern; the musical null notehead);
    - a plain space that a page would drop or fold into the one before it (first, last, or after a space);
    - every conjoining Hangul jamo (apart, they look like the composed syllable; alone, like the jamo keyboards type);
    - in text that is not in Unicode's composed form (NFC), every character that NFC would change or join to another:
      a combining mark (a letter and its accent apart look like the composed letter), a character Unicode holds equal
      to another (the Kelvin sign, like K); so of two different texts that Unicode holds equal (one NFC), the other is
      never shown like the first;
    - every character Unicode holds compatible with an ASCII letter or digit (NFKC makes it one): the mathematical
      𝖪, the fullwidth Ｋ, the ligature ﬁ, the superscript ²;
    - every character NFKC makes one other, non-ASCII character, a variant of it: the micro sign µ (the Greek μ), the
      Kangxi radical ⼈ (人), the Arabic presentation form ﺳ (س), the halfwidth ｱ (ア), the Greek ϐ (β); but for
      Hangul's compatibility jamo keyboards type (ㅋ), whose other spelling, the conjoining jamo, is shown instead;
    - every Thai or Lao nikhahit: with a sara aa after it (ํา) it looks like the sara am people type (ำ);
    - every Arabic-Indic and Extended Arabic-Indic digit: each looks like the same digit of the other set (١ and ۱);
    - every character but a letter or a mark that looks like a letter but an ASCII one (Unicode's confusables): the
      increment ∆, like the Greek Δ; the subset ⊂, like the Canadian syllabics ᑕ (`_LOOKS_LETTER`); but where that
      character is in everyday use and the letters are not, the letters instead: the Latin ȼ, like the cent sign ¢
      (`_LOOKS_EVERYDAY_SIGN`);
    - every Arabic letter that Persian, Urdu or Kurdish write apart from one drawn alike, where it is drawn alike: the
      kaf and the keheh (ك ک), the Farsi yeh (like the yeh ي), the heh and the heh doachashmee (ه ھ) joined to the
      letter after them; the Farsi yeh (like the alef maksura ى) and the ae (like the heh ه) at a word's end or alone;
    - in a value that holds an ASCII letter, every character that looks like an ASCII one (Unicode's confusables),
      accented or not, or that NFKC makes an ASCII one: the Cyrillic е of "Kеvin", the small capital ᴠ, the hyphen
      ‐, the fullwidth hyphen－; in a value that holds another Latin letter, every character that looks like an
      ASCII one (the Cherokee Ꮷ of "ŁóᏧź"), when that letter looks like no other itself; but not a letter of a
      script of `_OTHER_SCRIPTS` in a word with one of its own script that looks like none, where it looks like no
      ASCII digit or punctuation mark (the Ethiopic ሀ of "Lucky ሀገር"; the ו of "Hello שלום", like |, is shown),
      nor one in a word holding a letter of `_ALIKE_APART` (the ᒪ of "Bob ᒪᑕ", like the L of "Bob L⊂", is shown);
      and a letter of `_ALIKE_APART` in a word with no letter of its script that looks like none and is of none of
      `_ALIKE_APART` (the ᑕ of "Bob ᑕ", like the ⊂ of "Bob ⊂"; not the ᑕ of "Bob ᑕᓕ");
    - in a value without a Latin letter: every punctuation mark, symbol or digit that looks like an ASCII one (the
      hyphen of "привет‐мир", the Devanagari ०) but what NFKC makes ASCII punctuation (CJK's fullwidth ！), and when
      the value holds an ASCII digit every character but letters that does (the hyphen of "2024‐7", the fullwidth
      ！ of "2024！"); every letter when all of them look like ASCII ones (the Cyrillic АВС);
    - in a value that holds Greek and Cyrillic letters, every letter of either that looks like one of the other
      (Unicode's confusables): the Greek ρ of "пρивет", like the Cyrillic р;
    - in a value that holds characters of two of Han, Hiragana, Katakana and Hangul, every one of them that looks like
      one of another (Unicode's confusables): the Han 一 of "テ一ブル", like the Katakana ー; and every one of them when
      all of them do (the Katakana カタ, like the Han 力夕);
    - in a value holding a letter that looks like no letter of another script (ж, Ω, 日, א, t), every letter of
      Greek, Coptic, Cyrillic or Armenian that looks like one of another script when no letter of its own script there
      looks like none, and so every Latin letter when each looks like a letter of such a letter's script (`_strays`):
      the o of "жo", like the Cyrillic о of "жо"; the Cyrillic о of "日本о", like the Greek ο of "日本ο"; the ö of
      "жö", like the Cyrillic ӧ; and where letters of two of Greek, Coptic, Cyrillic and Armenian look like none,
      every letter that looks like one of another script in a word of such letters alone: the Cyrillic о of "ж о ֆ",
      like the Armenian օ of "ж օ ֆ";
    - every letter of a script other than those five and Han, kana and Hangul (Cherokee, Lisu, Myanmar) that looks
      like an ASCII letter or a letter of those five, in a word with no letter of such a script that looks like none
      (`_others`): the Cherokee ᏦᎥᎷ of "ᏦᎥᎷ 김", so that "Kim 김" is as typed; in a word with one, such a letter is as
      typed (the ו of "שלום") unless it is of another script than that one (`_OTHER_SCRIPTS`: the Myanmar ဝ of
      "כוဝ", like the ס of "כוס", is shown, as is the Lisu ꓟ of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ") or the word's
      letters that look like none are of two scripts (the ו of "שוخ", like the ا of "שاخ"), and every Latin
      letter is shown instead when each looks like one (the W and Y of "ᏣWY",
      like the Cherokee Ꮃ and Ꭹ of "ᏣᎳᎩ"), and whatever else the value holds each that looks like a letter of such
      a script there (the U of "Lucky Uገር", like the ሀ of "Lucky ሀገር"), as is a Hebrew, Arabic or Georgian one in a
      value with a letter of its own script that looks like none and none of another of those or of the five that
      does (the יין of "כוס יין"; the l of "א l" is shown instead; the ו of "ש ו ж" is shown, like the Cyrillic ӏ);
    - a combining mark that looks like another, but one of U+0300 to U+036F those scripts keep, on a letter of Latin,
      Greek, Coptic, Cyrillic or Armenian (`_MARKS_ALIKE`, `_COMBINING_ABROAD`): the Devanagari ॔ of "ж॔", like the
      acute accent of "ж́", the comma below of "ж̦", like the cedilla of "ж̧" (on a Cyrillic letter, but Cyrillic's own,
      and the Latin ones like them instead: the ͣ of "жͣ", like the ⷶ of "жⷶ", `_CYRILLIC_MARKS_ABROAD`); and on any other
      character, a mark that looks like another (one of U+0300 to U+036F too) but one at home on it (`_MARKS_AT_HOME`):
      the Lao tone mark of "ไม່", like the Thai one of "ไม่";
    - the last mark of a sequence of marks that looks like one character (`_MARKS_SPELLED`): the second e sign of
      "കെെ", like the ai sign of "കൈ";
    - a deprecated character that looks like another (`_DEPRECATED_ALIKE`): the Tibetan ཷ of "ཀཷ", like the ྲཱྀ of
      "ཀྲཱྀ"; the Khmer ឣ of "កឣ", like the អ of "កអ";
    - a combining mark on an ASCII character or on one shown (i and a dot above, _ and a line below, an accent on a
      zero-width joiner), or on nothing, the value's first character (review: the phrase "\u0301test" was shown as an
      accent over nothing, then "test").
    """
    last = len(text) - 1
    if text.isascii():  # nearly every value, and every HMAC message of an ASCII one: a page lists 10,000 of them
        if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
            # none of its characters shown, said of the text whole: an audit's page lists 100,000 shards' keys and
            # versions, where asking it of each character was most of the page's time
            return [False] * len(text)
        return [
            (i in (0, last) or text[i - 1] == " ") if character == " " else not character.isprintable()
            for i, character in enumerate(text)
        ]
    return list(_kept_unseen(text) if len(text) <= _KEPT_MOST else _unseen(text))


def _unseen(text: str) -> tuple[bool, ...]:
    """`unseen` of a text that is not ASCII (kept by `_kept_unseen`)."""
    last = len(text) - 1
    decomposed = not unicodedata.is_normalized("NFC", text)
    lookalike = _lookalikes(text)
    return tuple(
        (i in (0, last) or text[i - 1] == " ")
        if character == " "
        else (traits := _traits(character)).hidden or (decomposed and traits.composes) or i in lookalike
        for i, character in enumerate(text)
    )


# `unseen` of a text that is not ASCII, kept for the next ask: a verdict reads a value that identifies the game up to
# four times (whether it holds any, as code points, whether it reorders, in the order typed) and its page up to five
# more (the value drawn and whether it reorders, in the identity and the inputs), each finding its look-alikes
# (`_lookalikes`) over again where it was not kept. Bounded, as a warm function keeps it: 128 texts of at most
# _KEPT_MOST characters, the longest value that identifies a game (8 seats' seeds of 256 characters, joined by ", "),
# about 3.3 MB at most (4 bytes a character, 8 a flag); a longer text (a recorded list given as text, up to megabytes)
# is read each time, not kept.
_KEPT_MOST = 2_100
_kept_unseen = lru_cache(maxsize=128)(_unseen)


class _Traits(NamedTuple):
    """What `unseen` asks of one character, whatever the text around it: asked once per character (`_traits`)."""

    hidden: bool  # shown whatever is around it: not printable, blank, a conjoining jamo, a nikhahit, an Arabic digit
    composes: bool  # a mark, or a character NFC changes: shown in text that is not composed
    category: str
    alike: bool  # its base looks like an ASCII character (_LOOKS_ASCII)
    across: bool  # its base looks like a letter of another script (_LOOKS_ACROSS)
    stray: bool  # a letter that looks like one of another script: its base is alike, across, in _ASCII_ALIKE or in
    # _OTHERS_ALIKE
    base: str  # its first character apart from its accents (NFD)
    compat: bool  # NFKC makes it another character that is shown for it (`_compatible`): 𝖪, ｏ, µ
    latin: bool  # a Latin letter (_LATIN)
    script: int | None  # which of _SCRIPTS it is of (None for a mark: a combining Cyrillic letter is no letter)
    east: int | None  # which of _EAST_ASIAN it is of
    letter: bool  # a letter (its category's L)
    everyday: int | None  # which of _EVERYDAY_OTHERS its base is of
    kin: int | None  # which of _OTHER_SCRIPTS it is of
    apart: bool  # it or its base looks like what is not letters of its script and marks alone (_ALIKE_APART)


@lru_cache(maxsize=4096)  # bounded: values may hold any of a million code points, and a warm function keeps this
def _traits(character: str) -> _Traits:
    category = unicodedata.category(character)
    base = unicodedata.normalize("NFD", character)[0]
    return _Traits(
        hidden=not character.isprintable()
        or any(pattern.match(character) is not None for pattern in (_BLANK, _JAMO, _NIKHAHIT, _ARABIC_DIGITS)),
        composes=category.startswith("M") or unicodedata.normalize("NFC", character) != character,
        category=category,
        alike=base in _LOOKS_ASCII,
        across=base in _LOOKS_ACROSS,
        stray=category.startswith("L")
        and any(base in looks for looks in (_LOOKS_ASCII, _LOOKS_ACROSS, _ASCII_ALIKE, _OTHERS_ALIKE)),
        base=base,
        compat=_compatible(character),
        latin=_LATIN.match(character) is not None,
        # (a mark is no script's letter here: the Cyrillic ⷨ of "λⷨ" is a mark on a Greek letter, not a Cyrillic letter
        # beside it; review: its λ was shown as a Greek letter beside a Cyrillic one)
        script=None
        if category.startswith("M")
        else next((n for n, script in enumerate(_SCRIPTS) if script.match(character)), None),
        east=next((n for n, script in enumerate(_EAST_ASIAN) if script.match(character)), None),
        letter=category.startswith("L"),
        everyday=next((n for n, (script, _) in enumerate(_EVERYDAY_OTHERS) if script.match(base)), None),
        kin=kin.lastindex - 1 if (kin := _OTHER_SCRIPT.match(character)) and kin.lastindex else None,
        apart=character in _ALIKE_APART or base in _ALIKE_APART,
    )


def _arabic_alike(text: str, traits: list[_Traits]) -> set[int]:
    """The positions of the Arabic letters drawn there like another letter (`_ARABIC_JOINED`, `_ARABIC_ENDING`)."""
    found: set[int] = set()
    if _ARABIC_JOINED.search(text) is None and _ARABIC_ENDING.search(text) is None:
        return found
    for at, character in enumerate(text):
        joined, ending = _ARABIC_JOINED.match(character), _ARABIC_ENDING.match(character)
        if joined is None and ending is None:
            continue
        # (read from `at` on, not copied: a copy of the rest for each letter cost the square of the text's length)
        after = next((text[i] for i in range(at + 1, len(text)) if traits[i].category != "Mn"), "")
        if (joined if _joins().match(after) else ending) is not None:
            found.add(at)
    return found


def _compatible(character: str, *, marks: bool = False) -> bool:
    """Whether NFKC makes the character one other, non-ASCII character (unless keyboards type it: `_TYPED`), or one
    or more that hold an ASCII letter or digit (or, with `marks`, any ASCII character but a space)."""
    normal = unicodedata.normalize("NFKC", character)
    if normal == character:
        return False
    if len(normal) == 1 and not normal.isascii():
        return _TYPED.match(character) is None
    return any(c.isascii() and (c.isalnum() or (marks and c.isprintable() and c != " ")) for c in normal)


def _lookalikes(text: str) -> set[int]:
    """The positions of the characters `unseen` shows for looking like ASCII ones or being compatible with them (see
    there)."""
    if text.isascii():
        return set()
    traits = [_traits(character) for character in text]
    # A character looks like an ASCII one when its base (its first character apart from its accents) does.
    alike = [trait.alike for trait in traits]
    letter = [trait.category.startswith("L") for trait in traits]
    across = [trait.across for trait in traits]
    # Latin text: an ASCII letter, or a Latin letter that looks like no letter of ASCII or another script itself (the
    # Ł of "Łóź"; the small capital ʙ of "ʙася" is not one)
    latin = any(character.isascii() and character.isalpha() for character in text) or any(
        is_letter and not alike[at] and not across[at] and traits[at].latin for at, is_letter in enumerate(letter)
    )
    found = _arabic_alike(text, traits)
    # a character but a letter or a mark that looks like a letter but an ASCII one, in any value (`_LOOKS_LETTER`),
    # or the rare letter that looks like such a character in everyday use (`_LOOKS_EVERYDAY_SIGN`), by its base, as
    # one composed with a mark is drawn as it and the mark (review: the ⊄ of "Bob ⊄ᓕ", ⊂ and a long solidus, was as
    # typed, like the ᑕ̸ of "Bob ᑕ̸ᓕ")
    found.update(
        at for at, trait in enumerate(traits) if trait.base in _LOOKS_LETTER or trait.base in _LOOKS_EVERYDAY_SIGN
    )
    strays, akin = _strays(traits)
    found.update(strays)
    if not unicodedata.is_normalized("NFKC", text):
        # what NFKC makes one other non-ASCII character, or an ASCII letter or digit; in Latin text, an ASCII
        # punctuation mark too (a fullwidth hyphen), while CJK text keeps its own punctuation (，！)
        found.update(at for at, character in enumerate(text) if _compatible(character, marks=latin))
    # Greek and Cyrillic letters that look alike, side by side (but a Cyrillic mark on a Greek letter: `_Traits.script`)
    if {_GREEK_AT, _CYRILLIC_AT} <= {trait.script for trait in traits}:
        found.update(at for at, looks in enumerate(across) if looks)
    # a word of letters of two of _SCRIPTS: a look-alike among them (ʙ of "ʙася"); none where the text holds one
    for word in _words(traits) if len({trait.script for trait in traits} - {None}) > 1 else ():
        if len({traits[at].script for at in word} - {None}) > 1:
            found.update(at for at in word if across[at])
    # Han, kana and Hangul by position and script: a look-alike among two of them (ー and 一 in "テ一ブル"), or every
    # one when each is one (カタ, whose each character has a Han look-alike: 力夕)
    east = {at: trait.east for at, trait in enumerate(traits) if trait.east is not None}
    across_east = [at for at in east if text[at] in _LOOKS_ACROSS_EAST]
    if len(set(east.values())) > 1 or (east and len(across_east) == len(east)):
        found.update(across_east)
    if latin:
        # but a letter of a script of `_OTHER_SCRIPTS` in a word with one of its own script that looks like none, which
        # `_strays` leaves as typed there, where it looks like no ASCII digit or punctuation mark: the Ethiopic ሀ of
        # "Lucky ሀገር", the Cherokee Ꮃ and Ꭹ of "Bob ᏣᎳᎩ" (review: shown as code points), whose Latin look-alikes are
        # shown there instead (the U of "Lucky Uገር", by `_strays`); and not in a word holding a letter of
        # `_ALIKE_APART`, whose look-alike may set a Latin letter apart from the word (review: "Bob ᒪᑕ", its ᒪ as typed,
        # like "Bob L⊂")
        # the words, once, where a letter of `_ALIKE_APART` is there (none in nearly every value)
        words = _words(traits) if any(trait.apart for trait in traits) else []
        apart: set[int] = set()
        if akin:
            apart.update(at for word in words if any(traits[w].apart for w in word) for at in word)
        found.update(
            at
            for at, looks in enumerate(alike)
            if looks
            and not (
                at in akin
                and at not in apart
                and traits[at].kin is not None
                and traits[at].base not in _LOOKS_ASCII_SIGN
            )
        )
        # and a letter of `_ALIKE_APART` in a word with no letter of its script that looks like none and is of none of
        # `_ALIKE_APART` (nothing anchors it): its look-alike, not letters of its script, is as typed there too (review:
        # "Bob ᑕ" like "Bob ⊂", "Bob ഉ" like "Bob உ", both as typed); the ᑕ of "Bob ᑕᓕ", beside ᓕ, stays as typed
        for word in words:
            anchors = {
                trait.kin
                for trait in (traits[at] for at in word)
                if trait.kin is not None
                and trait.category in _OTHERS_CATEGORIES
                and not (trait.compat or trait.stray or trait.apart)
            }
            found.update(at for at in word if traits[at].apart and traits[at].kin not in anchors)
    else:
        # Punctuation, symbols and digits that look like ASCII ones, whatever else the value holds: its ASCII hyphen
        # written again as a hyphen of Unicode's (‐) is another game. Beside an ASCII digit, every character but letters
        # that does (a mark too: the Devanagari visarga ः, like a colon); without one, not a mark, nor what NFKC makes
        # ASCII punctuation, as CJK text writes its own (the fullwidth ！)
        digits = any(character.isascii() and character.isdigit() for character in text)
        found.update(
            at
            for at, looks in enumerate(alike)
            if looks
            and (not letter[at] or traits[at].category == "Lm")  # a modifier letter stands as punctuation: ʼ
            and (digits or _punctuation_alike(text[at], traits[at]))
        )
        letters = [at for at, is_letter in enumerate(letter) if is_letter]
        if letters and all(alike[at] for at in letters):
            found.update(letters)
    # a mark of `_MARKS_ALIKE` or `_COMBINING_ABROAD` on a letter of `_SCRIPTS` (the one before its marks): the ॔ of "ж॔",
    # like the ́ of "ж́", the comma below of "ж̦", like the cedilla of "ж̧"; on a Cyrillic one, but those at home there,
    # and with the Latin ones like them (`_CYRILLIC_MARKS_AT_HOME`, `_CYRILLIC_MARKS_ABROAD`): the ͣ of "жͣ", like ⷶ;
    # on any other character, a mark alike to another but one at home on it (`_MARKS_AT_HOME`): the Lao ່ of "ไม່", like
    # the Thai ่ of "ไม่", the ́ of "क́", like the ॔ of "क॔", the small fatha of "بؘ", like the fatha of "بَ"
    base: int | None = None
    at_base = -1
    for at, trait in enumerate(traits):
        if not trait.category.startswith("M"):
            base, at_base = trait.script, at
        elif base == _CYRILLIC_AT:  # (Cyrillic's own marks at home, the Latin ones like them not: ⷶ, not ͣ)
            mark = text[at]
            if (mark in _MARKS_ALIKE and mark not in _CYRILLIC_MARKS_AT_HOME) or mark in _CYRILLIC_MARKS_ABROAD:
                found.add(at)
        elif base is not None:
            if text[at] in _MARKS_ALIKE or text[at] in _COMBINING_ABROAD:
                found.add(at)
        elif text[at] in _MARKS_ALIKE_ANY and (at_base < 0 or text[at] not in _marks_at_home(text[at_base])):
            found.add(at)
    # a deprecated character alike to another (`_DEPRECATED_ALIKE`): the ཷ of "ཀཷ", like the ྲཱྀ of "ཀྲཱྀ"; the ឣ of "កឣ"
    found.update(at for at, character in enumerate(text) if character in _DEPRECATED_ALIKE)
    # the last mark of a sequence of `_MARKS_SPELLED`: the second െ of "കെെ", like the ൈ of "കൈ"
    for sequence in _MARKS_SPELLED:
        start = text.find(sequence)
        while start >= 0:
            found.add(start + len(sequence) - 1)
            start = text.find(sequence, start + 1)
    # a mark on nothing (the value's first), an ASCII character or one shown, and so on: one shown whatever is around
    # it too (a joiner, a Hangul filler), whose code point the mark would be drawn on (review: "ж\u200d\u0301" and
    # "ж\u200d\u0954" were each shown as ж⟨U+200D⟩ with its accent as typed on the ⟩, alike)
    for at in range(len(text)):
        shown_before = at == 0 or text[at - 1].isascii() or at - 1 in found or traits[at - 1].hidden
        if shown_before and traits[at].category in ("Mn", "Me"):
            found.add(at)
    return found


@lru_cache(maxsize=4096)  # bounded, as `_traits`
def _marks_at_home(character: str) -> frozenset[str]:
    """The marks at home on a character (`_MARKS_AT_HOME_ON`, `_MARKS_AT_HOME`): none but on a letter of a script
    there."""
    if (own := _MARKS_AT_HOME_ON.get(character)) is not None:
        return own
    script = _mark_home().match(character)
    return _MARKS_AT_HOME[script.lastindex - 1][2] if script and script.lastindex else frozenset()


def _strays(traits: list[_Traits]) -> tuple[set[int], set[int]]:
    """The positions of the letters that look like a letter of another script where a value written again with it
    (or with such a letter for it) looks alike, and no other rule shows either:

    - a letter of a script other than Latin, Greek, Coptic, Cyrillic, Armenian, Han, kana and Hangul (Cherokee, Lisu,
      Canadian syllabics, Myanmar, Hebrew) that looks like an ASCII one or a letter of those five, unless its word
      holds a letter of such a script that looks like none and is of its script (`_OTHER_SCRIPTS`), nor beside such
      letters of two scripts, or the value one of its own script where that is Hebrew, Arabic or Georgian and none of
      another of those or of the five (`_others`): the Cherokee Ᏼ of "ᏴᎾᏏ 日本", like the B of "Bob 日本"; the Lisu
      ꓥ, like the Greek Λ; not the יין of "כוס יין"; the ו of "ש ו ж" (like ӏ); the Myanmar ဝ of "כוဝ" (like the ס of
      "כוס"); the Lisu ꓟ of "ᏣᎳꓟ" (like the Cherokee Ꮇ of "ᏣᎳᎷ"); the ו of "שוخ" (like the ا of "שاخ");
    - in a value holding a letter that looks like no letter of another script (an anchor: ж, Ω, 日, k), a letter of
      Greek, Coptic, Cyrillic or Armenian that does, when no letter of its own script there looks like none: the o of
      "жo" (like the Cyrillic о of "жо"), the Cyrillic о of "日本о" (like the Greek ο of "日本ο"), the Armenian օ of
      "жж օ", the ö of "жö" (like the Cyrillic ӧ); and, where letters of two of Greek, Coptic, Cyrillic and Armenian
      are anchors, each letter that looks like one of another script in a word of such letters alone (the Cyrillic о
      of "ж о ֆ", like the Armenian օ of "ж օ ֆ");
    - a Latin letter that looks like a letter of such a script, in a word with a letter of a script of
      `_OTHER_SCRIPTS` that looks like none, whatever else the value holds: the U of "Lucky Uገር", like the Ethiopic ሀ
      of "Lucky ሀገር", which `_lookalikes` leaves as typed there;
    - every Latin letter, when no Latin letter is an anchor and each looks like a letter of an anchor's script, or is
      in a word with a letter of a script other than those that looks like none and looks like a letter of such a
      script, or looks like a Hebrew, Arabic or Georgian letter in a value holding one of that script that looks like
      none: the W and Y of "ᏣWY", like the Cherokee Ꮃ and Ꭹ of "ᏣᎳᎩ"; the l of "א l", like the ו of "א ו". Beside
      Han, kana, Hangul or a word of their own, Latin letters are as typed: a word of such a script's letters spelled
      like them is shown instead ("Bob 日本" as typed, "ᏴᎾᏏ 日本" with its letters shown); and the a of "שaם" can be
      written as no Hebrew letter, so Latin letters in a Hebrew word are shown only when none is an a, an e, an f….

    And the positions of the words with a letter of a script of `_OTHER_SCRIPTS` that looks like none (`_others`)."""
    # a letter NFKC makes another is shown for that whatever its script: none of its own here (𝖪 is no script's)
    letters = [(at, trait) for at, trait in enumerate(traits) if trait.letter and not trait.compat]
    words = _words(traits)
    found, beside_others, everyday, akin = _others(traits, words)
    # (a letter shown as its code point is read as no other: "ВоЬ ꓥ" is not drawn like "Bob ꓥ", the Lisu ꓥ shown)
    anchored = {trait.script for at, trait in letters if not trait.stray or at in found}
    if not anchored or len({trait.script for _, trait in letters}) < 2:
        return found, akin
    # a letter of one of them in a word with a letter of a script other than those that looks like none: the word
    # mixes scripts (the Cyrillic Ү of "ᏣᎳҮ", like the Cherokee Ꭹ of "ᏣᎳᎩ"), whatever its own script there
    found.update(
        at
        for at, trait in letters
        if trait.stray and trait.script not in (None, 0) and (trait.script not in anchored or at in beside_others)
    )
    if len(anchored - {None, 0}) > 1:
        # A letter of one anchored script may stand for a look-alike of another where no letter of its word tells
        # which: the Cyrillic о of "ж о ֆ", like the Armenian օ of "ж օ ֆ" (a word that mixes them is shown as such)
        for word in words:
            if all(traits[at].stray for at in word if traits[at].letter):
                found.update(at for at in word if traits[at].across)
    # a Latin letter that looks like a letter of such a script in a word with one of its letters that looks like none
    # (`_OTHER_SCRIPTS`), whatever else the value holds: the U of "Lucky Uገር", like the Ethiopic ሀ of "Lucky ሀገር",
    # which is as typed there (`_lookalikes`); the W and Y of "Bob ᏣWY", like the Cherokee Ꮃ and Ꭹ of "Bob ᏣᎳᎩ"
    found.update(
        at
        for at, trait in letters
        if trait.script == 0
        and at in akin
        and trait.stray
        and (not trait.base.isascii() or trait.base in _ASCII_LIKE_IN[None])
    )
    latin = [(at, trait) for at, trait in letters if trait.script == 0]
    if latin and 0 not in anchored:
        scripts = [_ASCII_LIKE_IN[script] for script in anchored - {None}] + [_EVERYDAY_OTHERS[n][1] for n in everyday]
        # a Latin letter that is no ASCII one with its accents (ɑ, ʙ) looks like a letter of another script itself
        if all(
            not trait.base.isascii()
            or any(trait.base in like for like in scripts)
            or (at in beside_others and trait.base in _ASCII_LIKE_IN[None])
            for at, trait in latin
        ):
            found.update(at for at, _ in latin)
    return found, akin


# The categories of the letters `_others` reads: a modifier letter (Lm: ʼ, the Lisu tone letters ꓸ…ꓽ) is no script's
# letter there, but punctuation
_OTHERS_CATEGORIES = ("Lu", "Ll", "Lt", "Lo")


def _read_by_others(character: str) -> bool:
    """Whether `_others` reads a character, as it picks its letters by their traits: a letter of `_OTHERS_CATEGORIES`
    (no modifier letter), of none of `_SCRIPTS` and `_EAST_ASIAN` (whose letters are told apart by those), that
    `_compatible` does not show for another (𝖪, ｏ). tools/script_table.py writes `_OTHER_SCRIPTS` of these letters."""
    return (
        unicodedata.category(character) in _OTHERS_CATEGORIES
        and not any(script.match(character) for script in (*_SCRIPTS, *_EAST_ASIAN))
        and not _compatible(character)
    )


def _others(traits: list[_Traits], words: list[range]) -> tuple[set[int], set[int], set[int], set[int]]:
    """Of the letters of scripts other than Latin, Greek, Coptic, Cyrillic, Armenian, Han, kana and Hangul (Cherokee,
    Lisu, Myanmar, Hebrew, Arabic: script and east None), the positions of those that look like an ASCII letter or a
    letter of Latin, Greek, Coptic, Cyrillic or Armenian (`stray`) in a word with no letter of such a script that
    looks like none (the Cherokee ᏴᎾᏏ of "ᏴᎾᏏ 日本", the Lisu ꓔꓳꓗ of "ꓔꓳꓗ 日本": each is shown, and "Bob 日本" and
    "Tok 日本" are as typed), or in a word with one where their script (`_OTHER_SCRIPTS`) is another than each of
    those there (the Myanmar ဝ of "כוဝ", like the ס of "כוס"; the Hebrew ו of "خוث", like the ا of "خاث"; the Lisu ꓟ
    of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ"), or where those there are of two scripts (the ו of "שוخ", like the ا of
    "שاخ"); and the positions of the words that do hold one (the Cherokee Ꮳ of "ᏣᎳᎩ", the Hebrew ש of "שלום", whose
    ו, like an l, is as typed: a Latin letter there is shown instead, by `_strays`); and, by
    their place in `_EVERYDAY_OTHERS`, the scripts of Hebrew, Arabic and Georgian whose letters that look like none are
    in the value: a word of their look-alikes is as typed there (the יין of "כוס יין"; review: an everyday Hebrew
    phrase was shown as code points) where no letter of Latin, Greek, Coptic, Cyrillic, Armenian or another of them
    looks like none ("ש ו ж" shows its ו, which may stand for the Cyrillic ӏ); and the positions of the words that
    hold a letter that looks like none of a script of `_OTHER_SCRIPTS` (the Ethiopic ገ of "ሀገር"; not the Thai ร of
    "iPhoneราคา", whose script has no look-alike)."""
    others = {
        at
        for at, trait in enumerate(traits)
        if trait.category in _OTHERS_CATEGORIES  # as `_read_by_others` reads a character
        and not trait.compat
        and trait.script is None
        and trait.east is None
    }
    everyday = {n for at in others if not traits[at].stray and (n := traits[at].everyday) is not None}
    # only where no letter there that looks like none is of Latin, Greek, Coptic, Cyrillic, Armenian or another of
    # them, whose word of look-alikes alone is as typed beside it too: beside a Cyrillic ж, the ו of "ש ו ж" may stand
    # for the Cyrillic ӏ of "ש ӏ ж", as the о of "ж о ֆ" may for the Armenian օ (review: the two were shown alike, as
    # were "ש ו س" and "ש ا س", "Łódź ة ج" and "Łódź ö ج"); a Han or Cherokee letter is no such letter
    anchors = {
        trait.everyday
        for trait in traits
        if trait.letter
        and not trait.compat
        and not trait.stray
        and (trait.script is not None or trait.everyday is not None)
    }
    ordinary = {n for n in everyday if anchors <= {n}}
    found: set[int] = set()
    beside: set[int] = set()
    akin: set[int] = set()
    for word in words:
        other = [at for at in word if at in others]
        if kinds := {traits[at].kin for at in other if not traits[at].stray}:
            beside.update(word)
            if kinds - {None}:  # one of a script of `_OTHER_SCRIPTS`, whose letters look like others (not Thai's)
                akin.update(word)
            # a look-alike of a script none of the word's letters that look like none is of: the word mixes scripts
            # (review: the Myanmar ဝ of "כוဝ", like the ס of "כוס", was as typed beside the כ, as was the Hebrew ו of
            # "خוث", like the ا of "خاث", and the Lisu ꓟ of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ"), each told by its
            # script (`_OTHER_SCRIPTS`; a letter of a script none of whose letters looks like another is of none of
            # them, and so of no look-alike's). Where they are of two (a Hebrew ש and an Arabic خ), each look-alike
            # may stand for one of the other's: all are shown (review: the ו of "שוخ" was as typed, like the ا of "שاخ")
            mixed = len(kinds) > 1
            found.update(at for at in other if traits[at].stray and (mixed or traits[at].kin not in kinds))
        else:
            found.update(at for at in other if traits[at].everyday not in ordinary)
    return found, beside, everyday, akin


def _punctuation_alike(character: str, trait: _Traits) -> bool:
    """Whether a character that looks like an ASCII one is shown in a value without a Latin letter or an ASCII digit:
    not a mark, and not what NFKC makes ASCII (a fullwidth form)."""
    return not trait.category.startswith("M") and unicodedata.normalize("NFKC", character) == character


def _words(traits: list[_Traits]) -> list[range]:
    """Where each word of a text (its characters' `traits`) is: each run of letters and marks."""
    words, start = [], None
    for at in range(len(traits) + 1):
        inside = at < len(traits) and traits[at].category[0] in "LM"
        if inside and start is None:
            start = at
        elif not inside and start is not None:
            words.append(range(start, at))
            start = None
    return words


def reorders(text: str) -> bool:
    """Whether a screen may show the text's characters in another order than they were typed: it holds a right-to-left
    letter (Unicode's bidi class R or AL: Hebrew, Arabic) shown as itself, and a character such a letter can trade
    places with on screen: any but another right-to-left letter, a non-spacing mark, a plain space or an ASCII
    punctuation mark, and any character shown as its code point (whose name is written left to right). A Hebrew word,
    a space and 12 shows in a left-to-right line just as 12, a space and the word does. Right-to-left words alone,
    with spaces and punctuation between them, show in one order only (reversed, as they are read): not picked.
    """
    if text.isascii():
        return False
    right_to_left = [unicodedata.bidirectional(character) in ("R", "AL") for character in text]
    if not any(right_to_left):  # nearly every value: `unseen`, the costly part, is not asked
        return False
    hidden = unseen(text)
    return any(rtl and not coded for rtl, coded in zip(right_to_left, hidden, strict=True)) and any(
        coded or not (rtl or _stays_beside_right_to_left(character))
        for character, rtl, coded in zip(text, right_to_left, hidden, strict=True)
    )


def _stays_beside_right_to_left(character: str) -> bool:
    """Whether a character between right-to-left letters keeps its place among them: a non-spacing mark (it goes
    with its letter), a plain space or an ASCII punctuation mark."""
    return unicodedata.bidirectional(character) == "NSM" or (
        character.isascii() and character.isprintable() and not character.isalnum()
    )


def typed_order(text: str) -> str:
    """The text's characters one by one, in the order they were typed, for a description a screen may itself show
    reordered: each right-to-left letter with its code point after it, which holds it in place (a Hebrew shin as the
    letter and `U+05E9`); a mark, or a character `unseen` picks, as its code point alone; the space and the comma by
    name (`space, 1, 2`)."""
    hidden = unseen(text)
    return ", ".join(
        "space"
        if character == " "
        else "comma"
        if character == ","
        else f"U+{ord(character):04X}"
        if coded or unicodedata.category(character) in ("Mn", "Me")
        else f"{character} U+{ord(character):04X}"
        if unicodedata.bidirectional(character) in ("R", "AL")
        else character
        for character, coded in zip(text, hidden, strict=True)
    )


def shown(text: str) -> str:
    """The text with every character `unseen` picks written as its code point, ⟨U+034F⟩."""
    return "".join(
        f"⟨U+{ord(character):04X}⟩" if hidden else character
        for character, hidden in zip(text, unseen(text), strict=True)
    )
