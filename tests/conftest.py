"""Test set-up: headless GL for the whole run, chosen before anything imports pyglet.window."""

from sandbox import gl

gl.configure(headless=True)


def pytest_addoption(parser):
    parser.addoption(
        "--record-screenshots",
        action="store_true",
        help="re-record the screenshot baselines in tests/screenshots/ instead of comparing (look at each one)",
    )
