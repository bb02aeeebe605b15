"""A teacher's scene whose compute never returns, in the real window (issue 35, case 3): the
window comes back within the watchdog's few seconds, shows which method of which file took
too long, and Tab still moves on to the next scene. F12's screenshots, named after the scene
shown, say which scene the window was on."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox.app import watchdog
from sandbox.app.window import png
from xvfb import find_window, stop, wait_for, xdotool

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "app" / "slow_scenes"

pytestmark = pytest.mark.gui


def test_tab_leaves_a_scene_whose_compute_never_returns(display, tmp_path):
    # A limit of 1 s: the window waits that long with a core spinning before it comes back.
    app = subprocess.Popen([sys.executable, str(ROOT / "sandbox.py"), "--scenes", str(FOLDER), "--scene", "forever-compute"],
                           cwd=tmp_path, env={**display, watchdog.LIMIT: "1"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    shots = tmp_path / "screenshots"
    try:
        window = find_window(display, app)
        started = time.monotonic()
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "key", "F12")
        first = wait_for(lambda: sorted(shots.glob("forever-compute-*.png")), 30, "a screenshot of the stopped scene")[0]
        # Its first frame waited for the watchdog, no more: the window answered F12 soon after.
        assert time.monotonic() - started < 1 + 10
        time.sleep(1.1)  # screenshots are named to the second
        xdotool(display, "key", "Tab", "F12")
        second = wait_for(lambda: [p for p in shots.glob("*.png") if not p.name.startswith("forever-compute-")], 30, "a screenshot of the next scene")[0]
        assert app.poll() is None
    finally:
        output = stop(app)
    assert "Traceback" not in output, output
    # The canvas's words are the session's (tests/app/test_watchdog.py reads them from its painter).
    assert png.read(first).shape == png.read(second).shape


def _window_picture(env, window, folder):
    """What the window shows now, as an (H, W, 4) array taken from the X server (ImageMagick), or None."""
    path = folder / "grab.png"
    grabbed = subprocess.run(["import", "-window", str(window), f"PNG32:{path}"], env=env, capture_output=True)
    # Not yet mapped, say: nothing to take this time.
    return png.read(path) if grabbed.returncode == 0 else None


def test_the_window_keeps_drawing_while_it_waits_and_esc_stops_the_wait(display, tmp_path):
    app = subprocess.Popen([sys.executable, str(ROOT / "sandbox.py"), "--scenes", str(FOLDER), "--scene", "forever-compute"],
                           cwd=tmp_path, env=display, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        window = find_window(display, app)
        # Frames drawn while compute still runs, saying for how long it has run: the words at
        # the window's top left change from one moment to the next (a window that waits without
        # drawing shows nothing there, and the stopped scene's line stays still).
        def waiting():
            before = _window_picture(display, window, tmp_path)
            time.sleep(0.25)
            after = _window_picture(display, window, tmp_path)
            return before is not None and after is not None and (before[10:80, 10:600] != after[10:80, 10:600]).any()
        wait_for(waiting, 30, "a frame drawn while compute runs")
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "key", "Escape")
        time.sleep(0.5)
        xdotool(display, "key", "F12")
        wait_for(lambda: sorted((tmp_path / "screenshots").glob("forever-compute-*.png")), 30, "a screenshot once Esc stopped the wait")
        assert app.poll() is None
    finally:
        output = stop(app)
    assert "Traceback" not in output, output
