"""A SAT lesson step done in the real window with the keyboard alone (issue 27's acceptance):
focus B by Tab, move it with the arrows until it collides, turn it with R, and the figure in
words then says so. V speaks the description and prints each one said, which is what the test
reads; whether espeak-ng is installed or not, the printed line is the same."""

import math
import subprocess
import sys
import time
from pathlib import Path

import pytest
from shapely import affinity
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.app import walkthrough
from sandbox.app.access import SETTLE
from sandbox.app.session import Session
from xvfb import find_window, stop, wait_for, xdotool

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "walkthroughs" / "sat-from-scratch.toml"
STEP = 9
"""The lesson's tenth step: box-box, one axis at a time, A and B apart."""

pytestmark = pytest.mark.gui


def test_a_sat_step_done_by_keyboard_alone_ends_described_as_colliding(display, tmp_path):
    lesson = walkthrough.load(LESSON)
    assert lesson.steps[STEP].scene == "box-box" and not lesson.steps[STEP].question
    # Right pages on; a question step takes two presses, the first revealing its answer.
    presses = sum(1 + bool(step.question) for step in lesson.steps[:STEP])
    start = Session(walkthrough=lesson)
    start.player.go(STEP)
    a, b = (start.scene.shapes[name] for name in "AB")
    shape_a, shape_b = ShapelyPolygon(a.world_vertices()), ShapelyPolygon(b.world_vertices())
    # The oracle: two 10-unit steps left past where B first overlaps A (and still does, turned 3°).
    steps = 2 + next(n for n in range(1, 100) if shape_a.intersection(affinity.translate(shape_b, -10 * n)).area > 1.0)
    turned = affinity.rotate(affinity.translate(shape_b, -10 * steps), 3, origin=(b.position[0] - 10 * steps, b.position[1]))
    assert shape_a.intersection(turned).area > 1.0
    app = subprocess.Popen([sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(LESSON)], cwd=tmp_path, env=display,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        window = find_window(display, app)
        time.sleep(1.0)
        xdotool(display, "windowfocus", "--sync", window)

        # A tenth of a second between keys, as a quick typist; then time for the last words to settle.
        xdotool(display, "key", "--delay", 100, *["Right"] * presses, "v", "d", "Tab", "Tab", *["Left"] * steps, "r")
        time.sleep(SETTLE + 1.0)
    finally:
        output = stop(app)
    said = [line.removeprefix("said: ") for line in output.splitlines() if line.startswith("said: ")]
    assert "Traceback" not in output, output
    assert said and said[0].startswith("SEPARATED"), output
    x, y = b.position[0] - 10 * steps, b.position[1]
    angle = math.remainder(math.degrees(b.angle) + 3, 360)
    assert said[-1].startswith("COLLIDING: B overlaps A by"), output
    assert f"Focus: B at ({x:.1f}, {y:.1f}), turned {angle:.0f}°" in said[-1], output
