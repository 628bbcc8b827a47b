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
from fairdice import offline
from fairdice.models import SCHEMES
from fairdice.schemes.browser import SCRIPTS


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


def test_the_page_names_no_other_address_to_load() -> None:
    page = offline.offline_page()
    for pattern in (r"\bsrc=", r"\bhref=", r"url\(", r"@import", r"https?://"):
        assert not re.search(pattern, page, re.I), pattern


def test_the_script_holds_the_verifier_then_every_scheme_file_once_then_the_page() -> None:
    script = offline.page_script()
    files_in_order = ["verifier.js", *offline.scheme_files(), "offline.js"]
    sources = [
        (files("fairdice") / ("schemes/" + name if name in offline.scheme_files() else name)).read_text("utf-8")
        for name in files_in_order
    ]
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


def test_every_scheme_of_the_core_has_its_browser_files() -> None:
    assert list(SCRIPTS) == list(SCHEMES)


def test_a_source_that_would_end_its_inline_element_is_refused() -> None:
    with pytest.raises(ValueError, match="'</script'"):
        offline._inline('const s = "</SCRIPT>";', "page script")


def test_python_m_fairdice_offline_writes_the_page_for_publishing_as_a_static_file() -> None:
    written = subprocess.run(
        [sys.executable, "-m", "fairdice.offline"], capture_output=True, check=True, timeout=60
    ).stdout
    assert written.decode() == offline.offline_page()
