"""The minkowski scene driven without GL: the two views' numbers agree (GJK and EPA against SAT),
B's drag and turn move A - B, Step and Back walk the iterations, both MTV arrows match."""

import math

import numpy as np
import pytest

from scenes.minkowski import ORIGIN
from sandbox.kit.theme import DARK

PAIRS = [("box", "box"), ("polygon", "polygon"), ("box", "circle")]
"""The kinds of A and B the scene offered before each had its own picker."""

PLACES = [(-250, 15), (-300, -20), (-380, -40), (-120, 60), (-60, -200), (-380, 150), (-200, -120)]


def _agree(scene):
    """The two views tell the same story: verdict, depth and normal, or the gap and the distance."""
    tested, walked = scene.result.sat, scene.result.gjk
    assert walked.colliding == tested.colliding
    if tested.colliding:
        assert walked.depth == pytest.approx(tested.depth, abs=1e-9)
        assert np.allclose(walked.normal, tested.normal, atol=1e-9)
        assert np.allclose(walked.mtv, tested.mtv, atol=1e-9)
    else:
        # SAT's gap on its separating axis is a lower bound on the distance GJK finds.
        assert -tested.separating_axis.overlap <= walked.distance + 1e-9
        assert math.dist(walked.closest_a, walked.closest_b) == pytest.approx(walked.distance, abs=1e-9)


@pytest.mark.parametrize("pair", PAIRS)
def test_the_two_views_agree_wherever_b_is_dragged_and_turned(drive, pair):
    driver = drive("minkowski")
    driver.session.set_setting("kind_a", pair[0])
    driver.session.set_setting("kind_b", pair[1])
    scene = driver.scene
    seen = set()
    for place in PLACES:
        driver.drag(tuple(scene.shapes["B"].position), place)
        assert tuple(scene.shapes["B"].position) == pytest.approx(place)
        _agree(scene)
        seen.add(scene.result.sat.colliding)
        driver.move(place)
        driver.tap("R")
        _agree(scene)
    assert seen == {True, False}


def test_dragging_b_moves_a_minus_b_the_other_way(drive):
    driver = drive("minkowski")
    scene = driver.scene
    before = np.array(scene.result.difference)
    start = tuple(scene.shapes["B"].position)
    driver.drag(start, (start[0] + 30, start[1] - 20))
    assert np.allclose(np.array(scene.result.difference), before - (30, -20))


def test_turning_b_turns_a_minus_b(drive):
    driver = drive("minkowski")
    scene = driver.scene
    before = scene.result.difference
    driver.move(tuple(scene.shapes["B"].position))
    driver.tap("R")
    after = scene.result.difference
    assert scene.shapes["B"].angle != pytest.approx(-0.2)
    assert not np.allclose(np.array(before)[:4], np.array(after)[:4])


def test_step_and_back_walk_the_iterations(drive):
    driver = drive("minkowski")
    scene = driver.scene
    walked = scene.result.gjk
    total = len(walked.steps) + len(walked.epa.steps)
    assert scene.result.step == total - 1 and walked.epa is not None
    driver.click("Back")
    assert scene.result.step == total - 2
    for _ in range(total):
        driver.click("Back")
    assert scene.result.step == 0
    driver.frame()
    first = [call for call in driver.painter.of("point") if call[2] == DARK.max_corner]
    assert tuple(walked.steps[0].support) in [tuple(np.subtract(call[1], ORIGIN)) for call in first]
    driver.click("Step")
    assert scene.result.step == 1


def test_both_mtv_arrows_are_the_same_vector_in_the_same_colour(drive):
    driver = drive("minkowski")
    driver.frame()
    scene = driver.scene
    mtv = scene.result.sat.mtv
    arrows = [call for call in driver.painter.of("arrow") if call[3] == DARK.mtv]
    starts = {tuple(call[1]): np.subtract(call[2], call[1]) for call in arrows}
    assert np.allclose(starts[tuple(scene.shapes["B"].position)], mtv)
    assert np.allclose(starts[ORIGIN], mtv)


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("place", [(-250, 15), (-150, 140)])
def test_the_panel_fits_1280_by_720_for_every_pair_apart_or_not(drive, pair, place):
    driver = drive("minkowski")
    driver.session.set_setting("kind_a", pair[0])
    driver.session.set_setting("kind_b", pair[1])
    driver.drag(tuple(driver.scene.shapes["B"].position), place)
    for step in range(len(driver.scene.result.gjk.steps) + 3):
        driver.session.set_setting("step", step)
        for _ in range(3):
            driver.frame()
        assert driver.places["scroll"] == 0, f"step {step}: the panel scrolls by {driver.places['scroll']:.0f} pixels"
