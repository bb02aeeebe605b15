"""The real window on a virtual display, driven by xdotool exactly as a user would drive it."""

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox.controller import ROTATE_STEP
from xvfb import find_window, wait_for, xdotool

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.gui


def launch(display, cwd, *args):
    """Start the sandbox on the virtual display, in ``cwd``, with ``args``; its output kept."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), *args],
        cwd=cwd,
        env=display,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_drag_b_onto_a_turn_it_and_save(display, tmp_path):
    lesson = tmp_path / "lesson.json"
    lesson.write_text(
        json.dumps(
            {
                "scene": "box-box",
                "shapes": {
                    "A": {"kind": "box", "position": [-330, -70], "angle": 20},
                    "B": {"kind": "box", "position": [-20, 160], "angle": -10},
                },
                "view": {"center": [0, 0], "zoom": 1.0},
            }
        )
    )
    app = launch(display, ROOT, "--scene", "box-box", "--layout", str(lesson))
    try:
        window = find_window(display)
        geometry = dict(line.split("=") for line in xdotool(display, "getwindowgeometry", "--shell", window).split())
        left, top, width, height = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))

        def screen(x, y):
            # World y is up, X11's is down; the default view puts world (0, 0) mid-window.
            return round(left + width / 2 + x), round(top + height / 2 - y)

        time.sleep(1.0)  # let the first frames draw
        xdotool(display, "windowfocus", "--sync", window)
        grab = (-20 + 25, 160 - 10)  # inside B, off its centre: B must not jump to the cursor
        drop = (-250 + 25, 0 - 10)
        xdotool(display, "mousemove", *screen(*grab))
        time.sleep(0.2)
        xdotool(display, "mousedown", 1)
        for step in range(1, 11):
            x = grab[0] + (drop[0] - grab[0]) * step / 10
            y = grab[1] + (drop[1] - grab[1]) * step / 10
            xdotool(display, "mousemove", *screen(x, y))
            time.sleep(0.05)
        xdotool(display, "mouseup", 1)
        time.sleep(0.2)
        xdotool(display, "key", "r")
        time.sleep(0.2)
        before = lesson.read_text()
        xdotool(display, "key", "ctrl+s")
        wait_for(lambda: lesson.read_text() != before, 10, "Ctrl+S to save the layout")
    finally:
        app.terminate()
        output = app.communicate(timeout=10)[0]
    saved = json.loads(lesson.read_text())
    b = saved["shapes"]["B"]
    assert b["position"] == pytest.approx([-250, 0], abs=1.0), output
    assert b["angle"] == pytest.approx(-10 + math.degrees(ROTATE_STEP), abs=1e-6), output
    assert saved["shapes"]["A"]["position"] == [-330, -70]
    assert "Traceback" not in output


@pytest.mark.parametrize("name", ["sat-from-scratch", "why-quadtrees"])
def test_a_shipped_walkthrough_runs_to_the_end_with_the_clicker_keys(display, tmp_path, name):
    from sandbox import walkthrough

    path = ROOT / "walkthroughs" / f"{name}.toml"
    lesson = walkthrough.load(path)
    app = launch(display, tmp_path, "--walkthrough", str(path))  # Ctrl+S writes layouts/<scene>.json here
    try:
        window = find_window(display)
        time.sleep(1.5)
        xdotool(display, "windowfocus", "--sync", window)
        keys = ["Right", "space", "Next"]  # Next is Page Down, what presentation clickers send
        for step in range(1, len(lesson.steps)):
            xdotool(display, "key", keys[step % 3])
            time.sleep(0.1 + lesson.steps[step].animate)
        xdotool(display, "key", "Prior")
        time.sleep(0.3)
        xdotool(display, "key", "Right")
        time.sleep(0.3 + lesson.steps[-1].animate)
        xdotool(display, "key", "ctrl+s")
        saved_path = tmp_path / "layouts" / f"{lesson.steps[-1].scene}.json"
        wait_for(saved_path.exists, 10, "Ctrl+S to save the last step's layout")
    finally:
        app.terminate()
        output = app.communicate(timeout=10)[0]
    saved, last = json.loads(saved_path.read_text()), lesson.steps[-1].layout
    assert saved["overlays"] == last["overlays"] and saved["settings"] == last["settings"], output
    for shape, entry in last["shapes"].items():
        assert saved["shapes"][shape]["position"] == pytest.approx(entry["position"]), output
    assert "Traceback" not in output
