"""The real window on a virtual display, driven by xdotool exactly as a user would drive it."""

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from sandbox.app.window import png
from sandbox.app.controller import ROTATE_STEP
from sandbox.app.session import Session
from xvfb import find_window, stop, wait_for, xdotool

ROOT = Path(__file__).resolve().parents[2]
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


class App:
    """The sandbox running on the virtual display, with a layout file that Ctrl+S writes back to."""

    def __init__(self, display, layout_path):
        self.display, self.layout_path = display, layout_path
        self.process = launch(display, ROOT, "--layout", str(layout_path))
        self.window = find_window(display, self.process)
        geometry = dict(line.split("=") for line in xdotool(display, "getwindowgeometry", "--shell", self.window).split())
        self.left, self.top, width, height = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
        # The same session the app opened, to map world points to the window's pixels.
        self.camera = Session(None, (width, height), layout_path).camera
        self.height = height
        time.sleep(1.0)  # let the first frames draw
        xdotool(display, "windowfocus", "--sync", self.window)

    def screen(self, x, y):
        sx, sy = self.camera.to_screen(x, y)
        return round(self.left + sx), round(self.top + self.height - sy)  # X11 counts y down

    def key(self, name):
        xdotool(self.display, "key", name)
        time.sleep(0.15)

    def save(self):
        """Ctrl+S, and the layout as saved."""
        before = self.layout_path.stat().st_mtime_ns
        self.key("ctrl+s")
        wait_for(lambda: self.layout_path.stat().st_mtime_ns != before, 10, "Ctrl+S to save the layout")
        return json.loads(self.layout_path.read_text())

    def close(self):
        self.process.terminate()
        output = self.process.communicate(timeout=10)[0]
        assert "Traceback" not in output, output
        return output


def write_layout(tmp_path, data):
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data))
    return path


def test_drag_b_onto_a_turn_it_and_save(display, tmp_path):
    app = App(display, write_layout(tmp_path, {
        "scene": "box-box",
        "shapes": {
            "A": {"kind": "box", "position": [-330, -70], "angle": 20},
            "B": {"kind": "box", "position": [-20, 160], "angle": -10},
        },
    }))
    try:
        grab = (-20 + 25, 160 - 10)  # inside B, off its centre: B must not jump to the cursor
        drop = (-250 + 25, 0 - 10)
        xdotool(display, "mousemove", *app.screen(*grab))
        time.sleep(0.2)
        xdotool(display, "mousedown", 1)
        for step in range(1, 11):
            x = grab[0] + (drop[0] - grab[0]) * step / 10
            y = grab[1] + (drop[1] - grab[1]) * step / 10
            xdotool(display, "mousemove", *app.screen(x, y))
            time.sleep(0.05)
        xdotool(display, "mouseup", 1)
        time.sleep(0.2)
        app.key("r")
        saved = app.save()
    finally:
        output = app.close()
    b = saved["shapes"]["B"]
    # One pixel of the window is 1 / zoom world units.
    assert b["position"] == pytest.approx([-250, 0], abs=1.0 / app.camera.zoom), output
    assert b["angle"] == pytest.approx(-10 + math.degrees(ROTATE_STEP), abs=1e-6), output
    assert saved["shapes"]["A"]["position"] == [-330, -70]


def aligned(a_degrees, b_degrees, period):
    return abs(math.remainder(b_degrees - a_degrees, period)) < 1e-9


@pytest.mark.parametrize("scene, settings, target", [
    ("box-box", {}, lambda saved: saved["shapes"]["A"]["angle"]),
    # The same kind of target as box-box's, in another scene: in the slow run only.
    pytest.param("hex-triangle", {"sides_a": 4, "sides_b": 4}, lambda saved: saved["shapes"]["A"]["angle"], marks=pytest.mark.slow),
    ("min-max-corners", {}, lambda saved: math.degrees(math.atan2(saved["handles"]["P"][1] + 200, saved["handles"]["P"][0] + 215))),
])
def test_tapping_r_on_b_reaches_exact_alignment_within_a_dozen_taps(display, tmp_path, scene, settings, target):
    """From the scene's own start (A at 20.054 degrees and B at -10 in box-box), R taps on B land
    on a pose where B's edges line up: 2 axes, or two corners tied on P."""
    app = App(display, write_layout(tmp_path, {"scene": scene, "settings": settings}))
    try:
        b = Session(scene).scene.shapes["B"].position
        xdotool(display, "mousemove", *app.screen(*b))
        time.sleep(0.2)
        for taps in range(1, 13):
            app.key("r")
            saved = app.save()
            if aligned(target(saved), saved["shapes"]["B"]["angle"], 90.0):
                break
    finally:
        app.close()
    assert aligned(target(saved), saved["shapes"]["B"]["angle"], 90.0), f"not aligned after {taps} taps: {saved['shapes']}"


# Lessons' steps are exported and checked without a window (test_walkthrough_regression)
# and their questions driven through the session (test_questions); here the clicker keys drive
# the real window to the end of one lesson, with questions and an animated scene, in the default
# run, and of every lesson in the slow run (4 to 13 s each).
CLICKED = "why-quadtrees"


@pytest.mark.parametrize("name", [
    pytest.param(path.stem, marks=() if path.stem == CLICKED else pytest.mark.slow)
    for path in sorted((ROOT / "walkthroughs").glob("*.toml"))
])
def test_a_shipped_walkthrough_runs_to_the_end_with_the_clicker_keys(display, tmp_path, name):
    from sandbox.app import walkthrough

    path = ROOT / "walkthroughs" / f"{name}.toml"
    lesson = walkthrough.load(path)
    app = launch(display, tmp_path, "--walkthrough", str(path))  # Ctrl+S writes layouts/<scene>.json here
    try:
        window = find_window(display, app)
        time.sleep(1.5)
        xdotool(display, "windowfocus", "--sync", window)
        keys = ["Right", "space", "Next"]  # Next is Page Down, what presentation clickers send
        for step in range(1, len(lesson.steps)):
            # A question takes a click to reveal before the next moves on.
            for press in range(1 + bool(lesson.steps[step - 1].question)):
                xdotool(display, "key", keys[(step + press) % 3])
                time.sleep(0.1)
            time.sleep(lesson.steps[step].animate)
        xdotool(display, "key", "Prior")
        time.sleep(0.3)
        # Forward again: a last step that asks opens asking, and the next press reveals it.
        for _ in range(1 + bool(lesson.steps[-1].question)):
            xdotool(display, "key", "Right")
            time.sleep(0.3 + lesson.steps[-1].animate)
        xdotool(display, "key", "ctrl+s")
        saved_path = tmp_path / "layouts" / f"{lesson.steps[-1].scene}.json"
        wait_for(saved_path.exists, 10, "Ctrl+S to save the last step's layout")
    finally:
        output = stop(app)
    saved, last = json.loads(saved_path.read_text()), lesson.steps[-1].layout
    assert saved["overlays"] == last["overlays"] and saved["settings"] == last["settings"], output
    for shape, entry in last["shapes"].items():
        assert saved["shapes"][shape]["position"] == pytest.approx(entry["position"]), output
    assert "Traceback" not in output


def test_a_plain_start_draws_into_its_early_window_and_takes_keys(display, tmp_path):
    """``python sandbox.py --scene box-box`` opens its window before loading the app
    (sandbox.boot.early): the app takes that window over, draws into it and hears its keys."""
    process = launch(display, tmp_path, "--scene", "box-box")
    try:
        window = find_window(display, process)
        time.sleep(1.0)  # let the first frames draw
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "key", "F12")
        wait_for(lambda: list((tmp_path / "screenshots").glob("box-box-*.png")), 10, "F12 to write a screenshot")
        shot = next((tmp_path / "screenshots").glob("box-box-*.png"))
        # The scene and the panel, not the early window's plain background.
        assert len(np.unique(png.read(shot).reshape(-1, 4), axis=0)) > 20
    finally:
        process.terminate()
        output = process.communicate(timeout=10)[0]
    assert "Traceback" not in output, output
