"""The real window on a virtual display, driven by xdotool exactly as a user would drive it."""

import json
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox.controller import ROTATE_STEP

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.gui


def needed_tools():
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing and os.environ.get("CI"):
        pytest.fail(f"CI must have {' and '.join(missing)}: .ci/run installs Debian's xvfb and xdotool")
    if missing:
        pytest.skip(f"needs {' and '.join(missing)} (Debian: apt-get install xvfb xdotool)")


def wait_for(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def display():
    needed_tools()
    number = next(n for n in range(99, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10, "Xvfb to start")
        yield {**os.environ, "DISPLAY": f":{number}"}
    finally:
        server.terminate()
        server.wait(10)


def xdotool(env, *args):
    return subprocess.run(["xdotool", *map(str, args)], env=env, check=True, capture_output=True, text=True).stdout


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
    app = subprocess.Popen(
        [sys.executable, "sandbox.py", "--scene", "box-box", "--layout", str(lesson)],
        cwd=ROOT,
        env=display,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        window = wait_for(
            lambda: subprocess.run(
                ["xdotool", "search", "--name", "Collision Sandbox"], env=display, capture_output=True, text=True
            ).stdout.split(),
            30,
            "the sandbox window",
        )[0]
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
