"""What the integration tests share: one headless Chromium for the whole run, driven over DevTools.

Starting Chromium takes seconds; every browser test (the offline page against the core, the server's
pages, /docs) opens its pages in this one browser. Skipped, saying why, where Debian's `chromium`
package is not installed.
"""

import shutil
from collections.abc import Iterator

import pytest
from integration.devtools import Browser

CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "chromium is not installed: apt-get install -y chromium (Debian) runs these tests"


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """The one headless Chromium of the run."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    browser = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield browser
    finally:
        browser.close()
