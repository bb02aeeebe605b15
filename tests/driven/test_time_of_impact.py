"""time-of-impact: each preset shows what its caption says, against the core run here on shapes
rebuilt from plain numbers, and the pages step through the advancement."""

import math

import pytest

from collision import Box, Motion, sat, sweep, time_of_impact
from collision.toi import posed
from scenes.time_of_impact import PLANK, PRESETS, WALL


def preset(drive, name):
    driver = drive("time-of-impact")
    driver.click(name)
    return driver, driver.scene


def core(name):
    case = PRESETS[name]
    plank = Box(case["B"], PLANK)
    motion = Motion(case["tip"][0] - case["B"][0], case["tip"][1] - case["B"][1], math.radians(case["spin"]))
    return Box(*WALL), plank, motion


def test_spinning_plank_hits_where_the_sliding_sweep_misses(drive):
    _, scene = preset(drive, "Spinning plank")
    wall, plank, motion = core("Spinning plank")
    expected = time_of_impact(wall, (0, 0), plank, motion)
    assert scene.result.impact.hit and scene.result.impact.time == pytest.approx(expected.time)
    assert not sweep(plank, wall, motion[:2]).hit and not scene.result.straight.hit
    # Clear of the wall at both ends of the step, touching on the way.
    assert not sat(wall, plank).colliding and not sat(wall, posed(plank, motion, 1.0)).colliding
    assert scene.reported.claims[0].text() == "the sweep without turning: MISS (wrong)"


def test_no_spin_one_step_lands_on_the_touch_as_the_sweep_does(drive):
    _, scene = preset(drive, "No spin")
    impact, straight = scene.result.impact, scene.result.straight
    assert impact.hit and len(impact.steps) == 2 and impact.time == pytest.approx(straight.time, abs=1e-3)


def test_fast_spin_hits_and_near_miss_runs_to_the_end(drive):
    _, scene = preset(drive, "Fast spin")
    assert scene.result.impact.hit
    _, scene = preset(drive, "Near miss")
    impact = scene.result.impact
    assert not impact.hit and impact.steps[-1].time == 1.0
    assert min(step.distance for step in impact.steps) < 10


def test_back_and_step_page_the_advancement(drive):
    driver, scene = preset(drive, "Spinning plank")
    count = len(scene.result.impact.steps)
    for _ in range(count):
        driver.click("Back")
    assert scene.result.page == 0 and scene.reported.lines[0].text.startswith(f"Step 1 of {count}: t = 0.0000")
    driver.click("Step (N)")
    assert scene.result.page == 1


def test_step_from_the_whole_run_starts_at_the_first_step(drive):
    # The scene opens on the whole run, its last step: a first Step there did nothing.
    driver, scene = preset(drive, "Spinning plank")
    assert scene.result.page == len(scene.result.impact.steps) - 1
    driver.click("Step (N)")
    assert scene.result.page == 0


def test_a_preset_brings_back_the_plank_and_the_wall_its_caption_tells_of(drive):
    driver = drive("time-of-impact")
    driver.session.set_setting("kind_a", "circle")
    driver.session.set_setting("kind_b", "capsule")
    driver.click("Spinning plank")
    scene = driver.scene
    wall, plank, motion = core("Spinning plank")
    assert (scene.settings["kind_a"], scene.settings["kind_b"]) == ("box", "box")
    assert scene.result.impact.time == pytest.approx(time_of_impact(wall, (0, 0), plank, motion).time)
