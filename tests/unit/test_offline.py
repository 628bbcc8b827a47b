"""The offline verifier page as a file: one script and one style, allowed by hash, nothing loaded from elsewhere.

What the page does in a browser is tested in real Chromium (tests/integration/test_offline_page.py).
"""

import base64
import hashlib
import re
import subprocess
import sys
from importlib.resources import files

import pytest
from fairdice import markup, offline, schemes


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_pages_policy_allows_its_one_script_and_one_style_by_their_hashes_and_nothing_else() -> None:
    page = offline.offline_page()
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    policy = re.search(r'http-equiv=Content-Security-Policy content="([^"]+)"', page)

    assert len(scripts) == len(styles) == 1
    assert policy is not None
    assert policy.group(1) == (
        f"default-src 'none'; script-src {_sha256(scripts[0])}; style-src {_sha256(styles[0])}; "
        "base-uri 'none'; form-action 'none'"
    )
    assert offline.offline().policy == policy.group(1) + "; frame-ancestors 'none'"


def test_the_page_names_no_other_address_to_load() -> None:
    page = offline.offline_page()
    for pattern in (r"\bsrc=", r"\bhref=", r"url\(", r"@import", r"https?://"):
        assert not re.search(pattern, page, re.I), pattern


def test_the_script_holds_the_verifier_then_the_files_each_scheme_room_names_once_then_the_pages_own() -> None:
    script = offline.page_script()
    names = [name for scheme in schemes.all_schemes() for name in scheme.browser]
    sources = [files("fairdice").joinpath("verifier.js").read_text("utf-8")]
    sources += [files("fairdice").joinpath("schemes", name).read_text("utf-8") for name in dict.fromkeys(names)]
    sources += [files("fairdice").joinpath(name).read_text("utf-8") for name in ("view.js", "offline.js")]
    assert script == "\n".join(sources)
    assert offline.scheme_files() == [
        "pair36.js",
        "labelled.js",
        "bg_dice.js",
        "bg_online.js",
        "narde.js",
        "three_dice.js",
        "daily.js",
    ]


# The form rows the offline page copies from a seed's own checker page: each label and its help as the document writes
# them, its quotes and apostrophes included (the documents are normative byte for byte).
SEED_FORMS = {
    "pair36.js": [  # seed 000
        (
            "Server seed",
            'The game-over card shows it under "Seal opened". Tap it to copy. During a game it is still closed, on'
            " purpose.",
        ),
        (
            "Seal shown before the game (optional)",
            "Leave it empty and the page just computes the fingerprint for the seed above.",
        ),
        ("Client seeds, one per line", "In seat order, as the dice sheet lists them. Offline there is only yours."),
        (
            "Number of rolls",
            "Rolls are numbered from 1 across the whole match. Opening roll-offs count too, and a Classic match keeps"
            " counting from game to game.",
        ),
        (
            "Recorded rolls (optional)",
            "The rolls as the dice sheet lists them, with or without their numbers. Paste them and every roll is"
            " compared, not just shown.",
        ),
    ],
    "bg_dice.js": [  # seed 001, against a bot
        ("Key", "Once the game is over, Game info (\u24d8 on the board) shows it under Dice: tap Copy beside it."),
        ("Lock (optional)", "Just under the key: the fingerprint the game showed before move 1."),
        (
            "Did the game begin with an opening roll?",
            "Yes for a single game or a match\u2019s first game. In a match, the winner of each game starts the next"
            " without one.",
        ),
        (
            "Take-backs made before these rolls",
            "Only in a Practice game: after each take-back the rolls carry on from a fresh line. Otherwise leave it at"
            " 0.",
        ),
    ],
    "labelled.js": [  # seed 001's rolls, both games
        (
            "The rolls you saw (optional)",
            "In the order they came, starting with the opening roll, for example 4-6 1-3 6-6. Each is compared with the"
            " key\u2019s.",
        ),
    ],
}


@pytest.mark.parametrize("name", SEED_FORMS)
def test_the_form_rows_copied_from_a_seed_page_are_its_own_words(name: str) -> None:
    source = files("fairdice").joinpath("schemes", name).read_text("utf-8")
    for label, help_text in SEED_FORMS[name]:
        row = rf"""label: (["']){re.escape(label)}\1,\s+help: (["']){re.escape(help_text)}\2,"""
        assert re.search(row, source), label


def test_every_built_in_scheme_names_browser_files_that_sit_beside_its_module() -> None:
    for scheme in schemes.all_schemes():
        assert scheme.browser, scheme.id
        for name in scheme.browser:
            assert files("fairdice").joinpath("schemes", name).is_file(), (scheme.id, name)


def test_a_scheme_without_browser_files_is_named_as_one_the_page_cannot_check(toy: None) -> None:
    # Given the test-only scheme registered, which names no browser file
    page = offline.offline_page()

    # Then the page says it cannot recompute it, its script is unchanged, and the script is told so too
    assert offline.uncheckable() == ["toy-d20"]
    assert "fairdice also knows toy-d20, which this page cannot recompute" in page
    assert '<script type=application/json id=fairdice-uncheckable>["toy-d20"]</script>' in page
    assert "toy" not in offline.page_script()


def test_without_such_a_scheme_the_page_says_nothing_of_it() -> None:
    assert offline.uncheckable() == []
    assert "id=uncheckable" not in offline.offline_page()


def test_a_source_that_would_end_its_inline_element_is_refused() -> None:
    with pytest.raises(ValueError, match="'</script'"):
        markup.inline('const s = "</SCRIPT>";', "page script")


@pytest.mark.parametrize("kind", ["script", "style"])
def test_a_page_whose_script_or_style_would_end_its_element_is_refused_each_time_one_is_made(kind: str) -> None:
    # A text's hash is worked out once: its refusal is said again for every page, never taken as allowed
    for _ in range(2):
        with pytest.raises(ValueError, match=f"the page {kind} holds '</{kind}'"):
            markup.document("a page", "<p>text</p>", **{kind: f"x </{kind.upper()}> y"})


def test_each_page_allows_by_their_hashes_its_own_script_and_style_whichever_pages_came_before() -> None:
    for script, style in [("a()", "p{}"), ("b()", "p{}"), ("a()", "q{}"), ("a()", "p{}")]:
        page = markup.document("a page", "<p>text</p>", script=script, style=style)
        assert f"script-src {markup.csp_hash(script)}; style-src {markup.csp_hash(style)};" in page.html
        assert page.html.count(f"<script>{script}</script>") == page.html.count(f"<style>{style}</style>") == 1


def test_a_data_block_cannot_end_its_element_whatever_the_value_holds() -> None:
    block = markup.data_block("x", {"phrase": "</script><script>alert(1)</script>"})
    assert block.count("</script>") == 1 and block.endswith("</script>")


def test_python_m_fairdice_offline_writes_the_page_for_publishing_as_a_static_file() -> None:
    written = subprocess.run(
        [sys.executable, "-m", "fairdice.offline"], capture_output=True, check=True, timeout=60
    ).stdout
    assert written.decode() == offline.offline_page()
