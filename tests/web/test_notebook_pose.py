"""Figure.pose takes world units, as a lesson's and a layout's poses do: every step of a
lesson, posed again through a notebook Figure (its settings set, each shape and handle placed
at the step's numbers), gives the very facts the lesson's step gives.

Before, the vectors figure read pose()'s numbers in grid squares: the lesson's a = [-150, -50]
gave a.b = -13 in the lesson and -650 in the notebook."""

from pathlib import Path

import pytest

from sandbox.app import walkthrough
from sandbox.app.session import Session

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))


def posed_as(step):
    """A notebook Figure of ``step``'s scene, its settings and poses set through the public API."""
    from sandbox.notebook import Figure

    figure = Figure(step.scene)
    for name, value in {**step.layout["settings"], **step.layout["overlays"]}.items():
        figure.set(name, value)
    for name, entry in step.layout["shapes"].items():
        turns = {row[0]: row[3] for row in figure.poses}[name] is not None
        figure.pose(name, *entry["position"], angle=entry.get("angle") if turns else None)
    for name, at in step.layout["handles"].items():
        figure.pose(name, *at)
    return figure


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_a_lesson_step_posed_through_figure_pose_gives_the_same_facts(path):
    lesson = walkthrough.load(path)
    session = Session(walkthrough=lesson)
    for index, step in enumerate(lesson.steps):
        if step.seed is not None or step.time or "view" in step.layout:
            continue  # a seeded, run or zoomed step is more than poses and settings
        session.player.go(index, revealed=True)
        figure = posed_as(step)
        assert figure.report.answers == session.report().answers, f"step {index + 1}: {figure.status}"


def test_the_vectors_lesson_and_the_notebook_agree_on_a_dot_b():
    from sandbox.notebook import Figure

    figure = Figure("vectors")
    figure.pose("a", x=-150, y=-50)  # the lesson's step 5: a = (-3, -1) in grid squares
    assert figure.report.answers["dot"] == "-13"
    assert dict((name, (x, y)) for name, x, y, _ in figure.poses)["a"] == ("-150", "-50")
