"""The rotated-rectangles scene driven by mouse and panel, its axes, corner scalars and savings held
against the core's sat() and project() and against numpy."""

import math

import numpy as np
import pytest

from collision import project, sat
from scenes.rotated_rectangles import AXES, CORNERS, UNIT


def pose(driver, name, position=None, angle=None):
    shape = driver.scene.shapes[name]
    if position is not None:
        shape.position = position
    if angle is not None:
        shape.angle = angle
    driver.session.refresh()


def check_against_core(scene):
    a, b = scene.shapes["A"], scene.shapes["B"]
    report = scene.result
    assert report.colliding == sat(a, b).colliding
    for (name, first, second), row in zip(AXES, report.axes):
        box = scene.shapes[name]
        difference = (np.asarray(box.corner(first)) - np.asarray(box.corner(second))) / UNIT
        assert tuple(row.vector) == pytest.approx(tuple(difference))
        length = math.hypot(*row.vector)
        unit = (row.vector.x / length, row.vector.y / length)
        # The scalars are the core's projection on the unit axis, in units, times |axis|.
        for shape, span in ((a, row.a), (b, row.b)):
            core = project(shape, unit)
            assert span == pytest.approx((core.min / UNIT * length, core.max / UNIT * length))
        core_a, core_b = project(a, unit), project(b, unit)
        assert row.overlap == (core_b.min <= core_a.max and core_b.max >= core_a.min)


def test_default_axes_and_scalars_agree_with_the_core(drive):
    driver = drive("rotated-rectangles")
    check_against_core(driver.scene)
    assert not driver.scene.result.colliding and driver.scene.reported.verdict.text == "SEPARATED"


def test_every_corner_is_projected_as_a_vector_and_a_scalar(drive):
    driver = drive("rotated-rectangles")
    scene = driver.scene
    for shown in (1, 2, 3, 4):
        driver.session.set_setting("axis", shown)
        axis = np.asarray(scene.result.axes[shown - 1].vector)
        for name in "AB":
            for corner, vector, scalar in scene.result.corners[name]:
                point = np.asarray(scene.shapes[name].corner(corner)) / UNIT
                assert scalar == pytest.approx(point @ axis)
                assert tuple(vector) == pytest.approx(tuple(point @ axis / (axis @ axis) * axis))
            assert [c for c, _, _ in scene.result.corners[name]] == list(CORNERS)


def test_the_axes_are_the_rectangles_own_directions(drive):
    driver = drive("rotated-rectangles")
    scene = driver.scene
    a, b = scene.shapes["A"], scene.shapes["B"]
    for row, direction in zip(scene.result.axes, (a.xw, a.yw, b.yw, b.xw)):
        assert row.vector.x * direction.y - row.vector.y * direction.x == pytest.approx(0, abs=1e-9)


def test_the_cross_collides_with_no_corner_inside(drive):
    """GameDev.net figure 1: two long thin rectangles crossed at right angles."""
    driver = drive("rotated-rectangles")
    pose(driver, "A", (200.0, 150.0), 0.0)
    pose(driver, "B", (200.0, 150.0), math.pi / 2)
    report = driver.scene.result
    assert report.colliding and all(row.overlap for row in report.axes)
    check_against_core(driver.scene)


def test_early_out_stops_at_the_first_gap_and_counts_the_saving(drive):
    driver = drive("rotated-rectangles")
    scene = driver.scene
    plain = scene.result
    assert (plain.tested, plain.dots) == (4, 32)
    driver.click("Early out")
    report = scene.result
    first = next(k for k, row in enumerate(report.axes) if not row.overlap)
    assert report.tested == first + 1 and report.dots == 8 * (first + 1)
    assert [row.status for row in report.axes][first + 1 :] == ["skipped"] * (3 - first)


def test_a_s_frame_makes_two_axes_plain_coordinates(drive):
    driver = drive("rotated-rectangles")
    scene = driver.scene
    driver.click("A's frame (B moved into it)")
    report = scene.result
    assert [row.status for row in report.axes] == ["A's x", "A's y", "projected", "projected"]
    assert report.dots == 8 + 2 * 8
    a = scene.shapes["A"]
    hx, hy = a.half_size[0] / UNIT, a.half_size[1] / UNIT
    local = np.array(report.local)
    for k, (low, high) in enumerate(((-hx, hx), (-hy, hy))):
        row = report.axes[k]
        length = math.hypot(*row.vector)
        centre = np.asarray(a.center) / UNIT @ np.asarray(row.vector) / length
        # B's extent along A's own axis is its x (or y) extent in A's frame.
        assert (local[:, k].min(), local[:, k].max()) == pytest.approx((row.b[0] / length - centre, row.b[1] / length - centre))
        assert (row.a[0] / length - centre, row.a[1] / length - centre) == pytest.approx((low, high))
        assert row.overlap == (local[:, k].min() <= high and local[:, k].max() >= low)


def test_bounding_circles_reject_far_pairs_and_never_a_collision(drive):
    driver = drive("rotated-rectangles")
    scene = driver.scene
    driver.click("Bounding circles first")
    assert not scene.result.rejected  # the default pair is close: the circles meet
    b = scene.shapes["B"]
    driver.drag(tuple(b.position), (b.position[0] + 100, b.position[1] - 200))
    report = scene.result
    assert report.rejected and report.tested == 0 and report.dots == 1  # the circles' one test
    assert scene.reported.verdict.detail == "bounding circles apart: no axis needed"
    assert not sat(scene.shapes["A"], scene.shapes["B"]).colliding
    rng = np.random.default_rng(12)
    for _ in range(300):
        pose(driver, "A", tuple(rng.uniform(0, 400, 2)), rng.uniform(-math.pi, math.pi))
        pose(driver, "B", tuple(rng.uniform(0, 400, 2)), rng.uniform(-math.pi, math.pi))
        if scene.result.rejected:
            assert not sat(scene.shapes["A"], scene.shapes["B"]).colliding
        check_against_core(scene)


def test_the_panel_fits_with_every_saving_on(drive):
    driver = drive("rotated-rectangles")
    for label in ("Early out", "A's frame (B moved into it)", "Bounding circles first"):
        driver.click(label)
    assert all(driver.scene.settings[name] for name in ("early", "local", "circles"))
    for _ in range(3):
        driver.frame()
    assert driver.places["scroll"] == 0


def test_touching_counts_as_overlap_as_the_article_says(drive):
    """B's left edge on A's right edge: B.min <= A.max holds with equality, so they collide."""
    driver = drive("rotated-rectangles")
    pose(driver, "A", (4 * UNIT, 4 * UNIT), 0.0)
    pose(driver, "B", (4 * UNIT + 2.5 * UNIT + 1.6 * UNIT, 4 * UNIT), 0.0)
    row = driver.scene.result.axes[0]
    assert row.b[0] == row.a[1] and row.overlap
    assert driver.scene.result.colliding and sat(driver.scene.shapes["A"], driver.scene.shapes["B"]).touching
    check_against_core(driver.scene)
