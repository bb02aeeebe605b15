"""What the tiers that run the app share (app, driven, render, web): headless GL chosen before
anything imports pyglet.window, a check that no test leaves an ImGui context behind, Drivers and
a virtual display. Each of those tiers' conftest.py imports these fixtures; tests/core does not,
so the core's tests run without pyglet or ImGui installed."""

import itertools
import os
import subprocess
import time
from pathlib import Path

import pytest

from sandbox.boot import gl

gl.configure(headless=True)

from driver import Driver  # noqa: E402
from imgui_bundle import imgui  # noqa: E402
from xvfb import needed_tools  # noqa: E402


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
    """A fresh virtual display (Xvfb) for one test: the environment to run the app in.

    Each worker takes display numbers from a range of its own and never the same one twice:
    letting Xvfb pick the lowest free number (-displayfd) handed a test the number another
    test's server was just giving up, and the app then met a server on its way out ("cannot
    open a window on display ':0'", now and then, in CI). A number another program holds is
    skipped; a test starts only on a display that answers and is its own server's.

    -noreset: by default Xvfb resets when its last client leaves, closing every connection then
    open. The tests' xdotool calls come and go while the app is still loading, so the app's
    first connection could be opened just as the last xdotool call left, and closed under it
    ("XIO: fatal IO error"): the app gone, its test waited for a window that never came."""
    needed_tools()
    for _ in range(20):
        number = _DISPLAYS_FROM + next(_DISPLAY_COUNT)
        env = {**os.environ, "DISPLAY": f":{number}"}
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1600x900x24", "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if _answers(server, env, number):
            break
        _stop(server)
    else:
        raise AssertionError("Xvfb did not start a display that answers")
    try:
        yield env
    finally:
        _stop(server)


_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
_DISPLAYS_FROM = 200 + 1000 * int(_WORKER[2:] or 0) + (os.getpid() % 10) * 100
"""The first display number this process tries: a range per worker (and per process, for two
runs side by side), each number used once."""

_DISPLAY_COUNT = itertools.count()


def _answers(server, env, number, seconds=10):
    """Whether ``server`` is alive, holds display ``number`` and takes a client within ``seconds``.

    Its lock file must name it: another program's server on that number (another test run on
    the machine, numbered alike) answers too, for the moment our own takes to see the lock and
    leave, and the test would run on a display that is not its own."""
    deadline = time.monotonic() + seconds
    lock = Path(f"/tmp/.X{number}-lock")
    while time.monotonic() < deadline and server.poll() is None:
        if subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True).returncode == 0:
            return server.poll() is None and _holder(lock) == server.pid
        time.sleep(0.1)
    return False


def _holder(lock):
    """The process id an X server's lock file names, or None."""
    try:
        return int(lock.read_text().strip())
    except (OSError, ValueError):
        return None


def _stop(server):
    server.terminate()
    server.wait(10)
