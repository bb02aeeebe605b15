"""Scenes announced by any installed distribution's entry point join the app."""

import os
import subprocess
import sys
from pathlib import Path

from sandbox.app import registry

ROOT = Path(__file__).resolve().parents[2]

SCENE = '''
from collision import Circle
from sandbox.kit import Report, Scene, Verdict, register


@register("test-entry-point", "Teachers' scenes", "From an entry point")
class FromEntryPoint(Scene):
    lesson = "A scene another package installs."
    things_to_try = ("Look at it.",)
    handles = {"c": (0, 0)}
    frame = (-100.0, -100.0, 100.0, 100.0)

    def compute(self, ctx):
        return Circle(self.points["c"], 40)

    def draw(self, result, painter, theme):
        painter.circle(result.center, result.radius, theme.shape_a)

    def report(self, result):
        return Report(Verdict("ONE CIRCLE", "separating"))
'''


def dist(folder, name, text):
    (folder / name).mkdir(parents=True)
    (folder / name / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0].split('.')[0]}\nVersion: 1.0\n")
    if text is not None:
        (folder / name / "entry_points.txt").write_text(text)


def test_a_scene_package_another_distribution_announces_is_listed_and_drawn(tmp_path):
    (tmp_path / "more_scenes").mkdir()
    (tmp_path / "more_scenes" / "__init__.py").write_text("")
    (tmp_path / "more_scenes" / "circle.py").write_text(SCENE)
    dist(tmp_path, "more_scenes-1.0.dist-info", f"[{registry.ENTRY_POINTS}]\nextra = more_scenes\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    listed = subprocess.run([sys.executable, "sandbox.py", "--list"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert listed.returncode == 0, listed.stderr
    assert "test-entry-point" in listed.stdout and "box-box" in listed.stdout
    shot = tmp_path / "shot.png"
    drawn = subprocess.run([sys.executable, "sandbox.py", "--scene", "test-entry-point", "--screenshot", str(shot)],
                           cwd=ROOT, env=env, capture_output=True, text=True)
    assert drawn.returncode == 0 and shot.exists(), drawn.stderr
