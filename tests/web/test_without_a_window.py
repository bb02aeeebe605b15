"""Batch work runs where there is no window: with pyglet unimportable and no display, a lesson is
exported (its pages, SVG figures and step JSON; the PNGs need GL), checked and written as a
notebook, and a scene becomes a notebook figure. In the web tier: the notebook figure needs the notebook extra's anywidget."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LESSON = "vectors-and-the-dot-product.toml"

BATCH = r"""
import json, sys
from pathlib import Path

sys.modules["pyglet"] = None  # every import of pyglet, or of anything under it, now raises ImportError

from sandbox.app import handout, lesson_notebook, lessoncheck, walkthrough
from sandbox.notebook import Figure

lesson = walkthrough.load(Path("walkthroughs") / sys.argv[1])
out = Path(sys.argv[2])
handout.export(lesson, out, pngs=False)
figure = Figure("box-box")
before = figure.report.verdict.text
figure.pose("B", *figure.scene.shapes["A"].position)  # onto A: they collide
print(json.dumps({
    "written": sorted(path.name for path in out.iterdir()),
    "first step": json.loads((out / "step-01.json").read_text()),
    "problems": lessoncheck.problems(lesson),
    "notebook": [cell["id"] for cell in lesson_notebook.notebook(lesson)["cells"]],
    "figure": figure.svg[:4],
    "verdicts": [before, figure.report.verdict.text],
    "loaded": sorted(name for name, module in sys.modules.items() if module is not None and name.split(".")[0] in ("pyglet", "OpenGL")),
}))
"""


def test_a_lesson_exports_checks_and_a_figure_draws_without_pyglet_or_a_display(tmp_path):
    env = {name: value for name, value in os.environ.items() if name not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run([sys.executable, "-c", BATCH, LESSON, str(tmp_path / "out")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    steps = len([name for name in found["written"] if name.endswith(".json") and name.startswith("step-")])
    assert steps > 1 and {"index.html", "teacher.html", "lesson.html", "step-01.svg"} <= set(found["written"])
    assert not [name for name in found["written"] if name.endswith(".png")]
    assert found["first step"]["step"] == 1 and found["first step"]["numbers"]
    assert found["problems"] == []
    assert found["notebook"][:3] == ["title", "lesson", "step-1"] and f"step-{steps}" in found["notebook"]
    assert found["figure"] == "<svg" and found["verdicts"] == ["SEPARATED", "COLLIDING"]
    assert found["loaded"] == []
