"""Debian's Chromium driven by Playwright, for the tests of the web pages and the notebook widget.

No browser is downloaded: Playwright launches the system's /usr/bin/chromium (``apt-get install
chromium``), without its sandbox, which needs privileges a container lacks.
"""

import os

import pytest

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the whole module."""
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()
