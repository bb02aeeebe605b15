"""Scenes announced by any installed distribution's entry point join the app, found as Python's
own metadata lookup finds them (the registry reads entry_points.txt itself, to start faster)."""

import importlib.metadata
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


def metadata_pairs(group):
    return sorted((entry.name, entry.value) for entry in importlib.metadata.entry_points(group=group))


def test_the_same_entry_points_as_importlib_metadata_finds(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    dist(first, "more_scenes-1.0.dist-info", "[console_scripts]\nmore = more_scenes:main\n\n"
         f"[{registry.ENTRY_POINTS}]\n# a comment\nextra = more_scenes\nother = more_scenes.inner:PACKAGE [fast]\n")
    dist(first, "No_Entry-2.0.dist-info", None)
    dist(first, "old_style.egg-info", f"[{registry.ENTRY_POINTS}]\nold = old_scenes\n")
    # The same project again further along the path: the first one found is the one installed.
    dist(second, "More.Scenes-0.9.dist-info", f"[{registry.ENTRY_POINTS}]\nshadowed = nowhere\n")
    dist(second, "no_entry-1.0.dist-info", f"[{registry.ENTRY_POINTS}]\nshadowed_too = nowhere\n")
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    for group in (registry.ENTRY_POINTS, "console_scripts"):
        assert sorted(registry.entry_points(group)) == metadata_pairs(group)
    assert ("extra", "more_scenes") in registry.entry_points() and ("old", "old_scenes") in registry.entry_points()


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
