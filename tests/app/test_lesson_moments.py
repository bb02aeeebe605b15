"""A lesson shows live what its handout printed: every step driven by the clicker keys with
frames elapsing (motion finished, the class thinking), its answer and, in an animated scene, all
its numbers equal to the recorded export in tests/render/walkthroughs/; and a step's seed and
time give one moment, the same wherever it is computed."""

import json
import math
from pathlib import Path

import numpy as np
import pytest

from sandbox.app import handout, walkthrough
from sandbox.app.registry import all_scenes
from sandbox.app.walkthrough import WalkthroughError
import tiers

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "render" / "walkthroughs"
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))


def differences(actual, expected, where=""):
    """Where two JSON values differ, floats within 1e-9."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if set(actual) != set(expected):
            return [where]
        return [d for name in expected for d in differences(actual[name], expected[name], f"{where}.{name}")]
    if isinstance(expected, list) and isinstance(actual, (list, tuple)) and len(actual) == len(expected):
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in differences(a, e, f"{where}[{i}]")]
    if isinstance(expected, float) and isinstance(actual, (int, float)):
        return [] if math.isclose(actual, expected, abs_tol=1e-9) else [where]
    return [] if actual == expected else [where]


# Every other lesson by default, every one under -m slow.
@pytest.mark.parametrize("path", tiers.every(2, LESSONS, ids=lambda path: path.stem))
def test_every_step_shows_live_what_its_handout_printed(drive, path):
    lesson = walkthrough.load(path)
    driver = drive(walkthrough=lesson)
    for index, step in enumerate(lesson.steps):
        recorded = json.loads((RECORDED / path.stem / f"step-{index + 1:02d}.json").read_text())
        assert driver.session.player.index == index
        if step.question or driver.scene.animated:
            # The motion into place over, then a second of the class thinking.
            for _ in range(math.ceil(step.animate * 60) + 60):
                driver.frame()
        if step.question:
            assert driver.session.asking
            driver.tap("RIGHT")  # reveal
            assert step.answer_text(driver.scene) == recorded["answer"], f"step {index + 1}"
        if driver.scene.animated:
            assert differences(driver.session.report().numbers, recorded["numbers"]) == [], f"step {index + 1}"
        driver.tap("RIGHT")
    assert driver.session.player.index == len(lesson.steps) - 1


def lesson(tmp_path, fields):
    path = tmp_path / "lesson.toml"
    path.write_text(f'title = "Moments"\n[[steps]]\nscene = "quadtree"\ncaption = "c"\nsettings = {{ count = 40 }}\n{fields}\n')
    return path


def test_a_steps_seed_and_time_are_the_moment_the_window_the_handout_and_the_answer_show(drive, tmp_path):
    path = lesson(tmp_path, 'seed = 7\ntime = 2.0\nquestion = "How many pair checks?"\nanswer = "candidate_pairs"')
    step = walkthrough.load(path).steps[0]
    # By hand: the scene made with seed 7, run 120 frames of 1/60 s.
    scene = {cls.id: cls for cls in all_scenes()}["quadtree"]()
    scene.seed = 7
    scene.setup()
    scene.settings["count"] = 40
    scene.invalidate()  # the swarm follows its count, as a layout's settings make it
    start = scene.position.copy()
    for _ in range(120):
        scene.update(1 / 60)
    scene.invalidate()
    assert not np.allclose(scene.position, start)
    driver = drive(walkthrough=walkthrough.load(path))
    assert np.array_equal(driver.scene.position, scene.position)
    for _ in range(30):
        driver.frame()
    driver.tap("RIGHT")
    assert step.answer_text(driver.scene) == scene.reported.answers["candidate_pairs"]
    folder = handout.export(walkthrough.load(path), tmp_path / "out").parent
    assert json.loads((folder / "step-01.json").read_text())["numbers"] == json.loads(json.dumps(scene.reported.numbers))
    # Home goes back to the step's moment, not the scene's start.
    driver.tap("P")
    for _ in range(30):
        driver.frame()
    assert not np.array_equal(driver.scene.position, scene.position)
    driver.tap("HOME")
    assert np.array_equal(driver.scene.position, scene.position) and driver.session.paused


@pytest.mark.parametrize(
    "fields, message",
    [
        ("seed = -1", "seed must be a whole number from 0 to 4294967295, got -1"),
        ("seed = 1.5", "seed must be a whole number"),
        ("time = -2", "time must be a number of seconds from 0 to 600, got -2"),
        ('time = "soon"', "time must be a number of seconds from 0 to 600, got 'soon'"),
    ],
)
def test_a_bad_seed_or_time_is_refused_in_one_line(tmp_path, fields, message):
    path = lesson(tmp_path, fields)
    with pytest.raises(WalkthroughError, match=f"step 1: {message}"):
        walkthrough.load(path)


def test_seed_and_time_are_refused_where_nothing_is_random_or_moves(tmp_path):
    path = tmp_path / "still.toml"
    for field, message in (("seed = 3", "seed is only for a scene that starts from a random seed; the box-box scene does not"),
                           ("time = 1", "time is only for an animated scene; the box-box scene holds still")):
        path.write_text(f'title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\n{field}\n')
        with pytest.raises(WalkthroughError, match=message):
            walkthrough.load(path)
