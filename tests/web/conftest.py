"""The web tier: every test here needs the web extra (pip install -e ".[web]") and is marked
browser, so the default run (-m "not slow and not browser") deselects it where the extra is
missing. Its modules import that extra inside the tests, so that they still collect there."""

from pathlib import Path

import pytest

from app_fixtures import display, drive, no_imgui_context_left  # noqa: F401  (this tier runs the app)

HERE = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark this folder's tests before -m deselects: tryfirst, ahead of pytest's own mark plugin."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)
