"""A scene of one's own: one file in a folder, loaded with --scenes, its handles dragged like any other."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from collision import Polygon, Region
from driver import Driver
from sandbox.app import keys
from sandbox.app import layout
from sandbox.app import registry
from sandbox.kit import registration

ROOT = Path(__file__).resolve().parents[2]
FOLDER = Path(__file__).parent / "user_scenes"


@pytest.fixture
def own_scenes(monkeypatch):
    """The registry with the teacher's folder loaded, put back as it was afterwards."""
    registry.all_scenes()
    monkeypatch.setattr(registration, "_scenes", dict(registration._scenes))
    registry.load_folder(FOLDER)


def test_one_file_makes_a_scene_with_draggable_corners_and_a_point(own_scenes, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = Driver("test-triangle")
    try:
        scene = driver.scene
        assert scene.result.region is Region.EDGE
        driver.drag(scene.points["q"], (0, 0))  # into the triangle
        assert scene.result.region is Region.INSIDE and driver.scene.reported.verdict.text == "INSIDE"
        driver.drag(scene.points["c"], (10, 160))
        assert tuple(scene.points["c"]) == pytest.approx((10, 160))
        # Dragging a corner onto the line through the other two would flatten it: it stops short.
        a, b = scene.points["a"], scene.points["b"]
        flat = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        driver.drag(scene.points["c"], flat)
        assert tuple(scene.points["c"]) != pytest.approx(flat)
        Polygon([scene.points[k] for k in "abc"])
        driver.tap("S", keys.CTRL)
        saved = layout.read(tmp_path / "layouts" / "test-triangle.json")
        assert saved["handles"]["c"] == pytest.approx(list(scene.points["c"])) and saved["handles"]["q"] == pytest.approx([0, 0])
        driver.frame()
    finally:
        driver.close()


def test_a_duplicate_scene_id_is_refused_naming_both_files(own_scenes, tmp_path):
    copy = tmp_path / "copy.py"
    copy.write_text((FOLDER / "triangle.py").read_text())
    problems = registry.load_folder(tmp_path)
    assert len(problems) == 1
    assert re.fullmatch(r'scene id "test-triangle" in .*copy.py is taken by .*triangle.py: choose another id', problems[0])
    assert registration._scenes["test-triangle"].__module__ == "user_scenes.triangle"


def test_the_command_line_lists_and_renders_a_folder_of_scenes(tmp_path):
    listed = subprocess.run([sys.executable, "sandbox.py", "--scenes", str(FOLDER), "--list"], cwd=ROOT, capture_output=True, text=True)
    assert listed.returncode == 0 and "test-triangle" in listed.stdout.splitlines()[-1]
    shot = tmp_path / "t.png"
    drawn = subprocess.run([sys.executable, "sandbox.py", "--scenes", str(FOLDER), "--scene", "test-triangle", "--screenshot", str(shot)],
                           cwd=ROOT, capture_output=True, text=True)
    assert drawn.returncode == 0 and shot.exists()


@pytest.mark.parametrize("content, message", [
    ("import nowhere_to_be_found\n", "broken.py, line 1 failed to load: ModuleNotFoundError"),
    ("raise SyntaxError('x')\n", "broken.py, line 1 failed to load: SyntaxError"),
])
def test_a_broken_scene_file_is_one_line_and_the_others_load(tmp_path, content, message):
    (tmp_path / "broken.py").write_text(content)
    done = subprocess.run([sys.executable, "sandbox.py", "--scenes", str(tmp_path), "--list"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and message in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "box-box" in done.stdout


def test_a_missing_folder_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "sandbox.py", "--scenes", str(tmp_path / "nope"), "--list"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "not a folder of scene files" in done.stderr and "Traceback" not in done.stderr
