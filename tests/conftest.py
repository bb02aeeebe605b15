"""Test set-up: headless GL for the whole run, chosen before anything imports pyglet.window."""

import os
import shutil
import subprocess
import tempfile

import pytest

# The tests keep out of the user's remembered preferences, and the user's out of the tests.
_CONFIG = tempfile.mkdtemp(prefix="sandbox-tests-config-")
os.environ["XDG_CONFIG_HOME"] = _CONFIG

from sandbox.boot import gl

gl.configure(headless=True)

from driver import Driver  # after configure(): it imports pyglet.window
from imgui_bundle import imgui
from xvfb import needed_tools


# A teacher's scene folder, loaded on purpose by the tests that need it: were it collected, its
# scene would join the registry for every test.
collect_ignore = ["driven/user_scenes"]


def pytest_addoption(parser):
    parser.addoption(
        "--record-screenshots",
        action="store_true",
        help="re-record the screenshot baselines in tests/screenshots/ instead of comparing (look at each one)",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, for fixtures to see how it went."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def no_imgui_context_left(monkeypatch, request):
    """Fail any test that leaves an ImGui context behind (a Driver or a window not closed): a
    context left over can be the current one in whatever test runs next in the same worker."""
    live = []
    create, destroy = imgui.create_context, imgui.destroy_context

    def creating(*args, **kwargs):
        live.append(create(*args, **kwargs))
        return live[-1]

    def destroying(context=None):
        gone = imgui.get_current_context() if context is None else context
        live[:] = [each for each in live if each is not gone]
        destroy(context)

    monkeypatch.setattr(imgui, "create_context", creating)
    monkeypatch.setattr(imgui, "destroy_context", destroying)
    yield
    left = len(live)
    for context in live:
        destroy(context)
    # A test that failed half-way has said what went wrong; its unclosed context is no news.
    failed = getattr(request.node, "report_call", None) is not None and request.node.report_call.failed
    assert not left or failed, f"the test left {left} ImGui context(s) behind: close its Driver (drive does) or window"


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


@pytest.fixture
def display():
    """A fresh virtual display (Xvfb) for one test: the environment to run the app in. Xvfb picks
    a free display number itself and says which, so tests running side by side never share one."""
    needed_tools()
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )
    os.close(write)
    try:
        with os.fdopen(read) as said:
            number = said.readline().strip()
        if not number:
            raise AssertionError("Xvfb did not start")
        yield {**os.environ, "DISPLAY": f":{number}"}
    finally:
        server.terminate()
        server.wait(10)


def pytest_unconfigure(config):
    shutil.rmtree(_CONFIG, ignore_errors=True)
