"""Test set-up: headless GL for the whole run, chosen before anything imports pyglet.window."""

import pytest

from sandbox import gl

gl.configure(headless=True)

from driver import Driver  # after configure(): it imports pyglet.window


def pytest_addoption(parser):
    parser.addoption(
        "--record-screenshots",
        action="store_true",
        help="re-record the screenshot baselines in tests/screenshots/ instead of comparing (look at each one)",
    )


@pytest.fixture
def drive():
    """Make Drivers (sessions driven as the window drives them), closed after the test."""
    made = []

    def make(*args, **kwargs):
        made.append(Driver(*args, **kwargs))
        return made[-1]

    yield make
    for driver in made:
        driver.close()
