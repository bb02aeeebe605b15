"""--presenter under Xvfb: two windows on one lesson, the clicker's keys in either moving both."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from xvfb import stop, wait_for, xdotool

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.gui


def titles(display):
    """The sandbox's visible windows by title: {id: title}. (The presenter renders the next
    step's figure in a hidden window of the same name, made and closed again.)"""
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Collision Sandbox"], env=display, capture_output=True, text=True).stdout.split()
    found = {}
    for window in ids:
        named = subprocess.run(["xdotool", "getwindowname", window], env=display, capture_output=True, text=True)
        if named.returncode == 0:
            found[window] = named.stdout.strip()
    return found


def windows(display, app, enough):
    """The visible windows once ``enough(found)`` says so; the app's own words if it left instead
    (else the wait would only say, a minute later, that no window came)."""

    def look():
        if app.poll() is not None:
            raise AssertionError(f"the app left with code {app.returncode} before its windows appeared:\n{app.communicate()[0]}")
        found = titles(display)
        return enough(found) and found

    return wait_for(look, 60, "the windows")


def test_two_windows_and_page_down_in_either_advances_both(display):
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(ROOT / "walkthroughs" / "why-quadtrees.toml"), "--presenter"],
        env=display, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        shown = windows(display, app, lambda found: len(found) == 2)
        teacher = next(window for window, title in shown.items() if "presenter" in title)
        projector = next(window for window in shown if window != teacher)

        def press(window, key, step):
            xdotool(display, "windowfocus", "--sync", window)
            xdotool(display, "key", key)
            wait_for(lambda: all(title.endswith(f"step {step} of 7") for title in titles(display).values()), 10, f"both windows at step {step}")

        press(teacher, "Next", 2)  # Page Down in the teacher's window
        press(projector, "Next", 2)  # step 2 asks: the first click reveals
        press(projector, "Next", 3)  # Page Down in the projector's window
        press(teacher, "Prior", 2)
    finally:
        output = stop(app)
    assert "Traceback" not in output, output


def geometry(display, window):
    found = dict(line.strip().split(": ", 1) for line in xdotool(display, "getwindowgeometry", window).splitlines()[1:])
    (x, y), (width, height) = (map(int, found["Position"].split(" ")[0].split(",")), map(int, found["Geometry"].split("x")))
    return x, y, width, height


def test_the_windows_open_side_by_side_and_the_teachers_draws_within_2_s(display, tmp_path):
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(ROOT / "walkthroughs" / "why-quadtrees.toml"), "--presenter"],
        env=display, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        shown = windows(display, app, lambda found: any("presenter" in title for title in found.values()))
        mapped = time.monotonic()
        teacher = next(window for window, title in shown.items() if "presenter" in title)

        def drawn():
            # The teacher's page is light; a window not yet drawn is black.
            shot = tmp_path / "teacher.png"
            subprocess.run(["import", "-window", teacher, str(shot)], env=display, check=True, capture_output=True)
            mean = subprocess.run(["/usr/bin/convert", str(shot), "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"], capture_output=True, text=True)
            return float(mean.stdout or 0) > 0.5

        wait_for(drawn, 10, "the teacher's first frame")
        assert time.monotonic() - mapped < 2.0
        shown = windows(display, app, lambda found: len(found) == 2)
        (a, b) = [geometry(display, window) for window in shown]
        apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        assert apart, (a, b)
    finally:
        output = stop(app)
    assert "Traceback" not in output, output
