"""The tutorial scenes one by one, driven through the window's input path without GL."""

import math

import numpy as np
import pytest

from collision import AxisKind, Quadtree, Region, sat
from sandbox.kit.figures.sat_view import axis_name


def corner_dots(box, axis):
    return box.world_vertices() @ np.asarray(axis)


def pose(driver, name, position=None, angle=None):
    """Put a shape somewhere as a layout would, and let the session recompute."""
    shape = driver.scene.shapes[name]
    if position is not None:
        shape.position = position
    if angle is not None:
        shape.angle = angle
    driver.session.refresh()


# projection


def test_dragging_p_turns_the_axis_and_the_shadows_follow(drive):
    driver = drive("projection")
    scene = driver.scene
    pivot = scene.pivot
    driver.drag(scene.points["P"], (pivot[0] + 200, pivot[1]))  # P now points along +x
    report = scene.result
    assert tuple(report.unit) == pytest.approx((1, 0))
    for name, interval in (("A", report.a), ("B", report.b)):
        xs = scene.shapes[name].world_vertices()[:, 0]
        assert (interval.min, interval.max) == pytest.approx((xs.min(), xs.max()))


def test_p_cannot_be_dragged_onto_its_pivot(drive):
    driver = drive("projection")
    scene = driver.scene
    before = scene.points["P"]
    driver.drag(before, (scene.pivot[0] + 3, scene.pivot[1] + 2))
    assert math.dist(scene.points["P"], scene.pivot) >= 20
    assert all(math.isfinite(v) for v in scene.result.unit)


def test_the_quick_extent_is_the_shadow_length(drive):
    driver = drive("projection")
    for angle in np.linspace(0, math.pi, 7):
        pose(driver, "B", angle=angle)
        report = driver.scene.result
        assert report.quick[1] == pytest.approx(report.b.max - report.b.min)


def test_demosat1_is_right_in_order_and_wrong_once_swapped(drive):
    driver = drive("projection")
    scene = driver.scene
    driver.click("DemoSAT1's one-axis formula")
    assert scene.settings["demosat1"]
    gap, formula = scene.result.gap, scene.result.demosat1[3]
    assert gap > 0 and formula == pytest.approx(gap)
    driver.click("Swap the boxes")
    assert scene.result.gap > 0  # still apart
    assert scene.result.demosat1[3] < 0  # DemoSAT1 says they penetrate


def test_the_panel_checkbox_unnormalises_p_at_once(drive):
    """Clicking 'Use P un-normalised' in the panel, as a user does, changes the numbers, not the verdict."""
    driver = drive("projection")
    before = driver.scene.result
    driver.click("Use P un-normalised (|P| = handle distance / 100)")
    after = driver.scene.result
    length = math.dist(driver.scene.points["P"], driver.scene.pivot) / 100
    assert math.hypot(*after.axis) == pytest.approx(length)
    assert after.a.max == pytest.approx(before.a.max * length)
    assert after.gap == pytest.approx(before.gap * length)
    assert (after.gap > 0) == (before.gap > 0)


# min-max-corners


def test_red_and_yellow_corners_are_the_extremes(drive):
    driver = drive("min-max-corners")
    driver.frame()
    scene = driver.scene
    for name in ("A", "B"):
        dots = corner_dots(scene.shapes[name], scene.unit())
        corners = getattr(scene.result, name.lower())
        assert corners.highest == (int(np.argmax(dots)),) and corners.lowest == (int(np.argmin(dots)),)


@pytest.mark.parametrize("b_at", [(-110, 40), (-300, 40)])
def test_the_verdict_says_the_gap_on_p_the_panel_shows(drive, b_at):
    """The headline's detail is the signed gap between the shadows, worked from the corners here,
    and the panel's gap or overlap row reads the same number (issue 34: the verdict had no detail)."""
    driver = drive("min-max-corners")
    scene = driver.scene
    pose(driver, "B", b_at)
    dots = [corner_dots(scene.shapes[name], scene.unit()) for name in "AB"]
    gap = max(d.min() for d in dots) - min(d.max() for d in dots)
    reported = scene.reported
    assert reported.verdict.detail == f"gap on P {gap:+.1f}"
    assert reported.answers["gap" if gap > 0 else "overlap"] == f"{abs(gap):.1f}"


def test_tapping_r_reaches_the_tie_from_the_default_layout(drive):
    """The lesson's first 'thing to try', as written: turn a box with taps until two corners tie."""
    driver = drive("min-max-corners")
    scene = driver.scene
    driver.move(scene.shapes["B"].position)
    for taps in range(1, 16):
        driver.tap("R")
        corners = scene.result.b
        if len(corners.highest) == 2:
            break
    assert len(corners.highest) == 2 and len(corners.lowest) == 2, "no tie within 15 taps"
    assert driver.session.status.startswith("B aligned with P")
    assert driver.scene.reported.verdict.detail.endswith(", 1 box with tied corners")


def test_bounds_that_overlap_around_boxes_that_do_not(drive):
    driver = drive("min-max-corners")
    scene = driver.scene
    pose(driver, "A", (-300, 0), math.pi / 4)
    pose(driver, "B", (-200, -80), math.pi / 4)
    driver.click("Axis-aligned bounds (min/max of x and y)")
    assert scene.result.bounds_overlap and not scene.result.colliding
    assert not sat(scene.shapes["A"], scene.shapes["B"]).colliding


# hex-triangle


def test_side_settings_set_the_axis_count(drive):
    driver = drive("hex-triangle")
    scene, session = driver.scene, driver.session
    assert len(scene.result.sat.axes) == 3 + 3 and scene.result.sat.merged == 3
    session.set_setting("sides_a", 4)
    session.set_setting("sides_b", 4)
    assert len(scene.result.sat.axes) == 4
    session.set_setting("sides_a", 64)
    session.set_setting("sides_b", 33)
    assert len(scene.result.sat.axes) + scene.result.sat.merged == 97
    driver.frame()


@pytest.mark.parametrize("position", [(40, 60), (-100, 0)], ids=["apart", "overlapping"])
def test_many_axes_draw_only_the_one_the_verdict_names_and_scroll_in_their_table(drive, position):
    driver = drive("hex-triangle")
    driver.session.set_setting("sides_a", 64)
    pose(driver, "B", position=position)
    driver.frame()
    result = driver.scene.result.sat
    assert len(result.axes) == 35
    [strip] = driver.scene.result.strips
    if result.colliding:
        assert result.axes[strip.index].overlap == min(test.overlap for test in result.axes)
    else:
        assert result.axes[strip.index] is result.separating_axis
    assert driver.scene.reported.verdict.detail.endswith(" " + axis_name(strip.index))
    assert driver.places["scroll"] == 0, f"the panel scrolls by {driver.places['scroll']:.0f} pixels"


def test_four_against_four_reaches_two_axes_by_tapping(drive):
    driver = drive("hex-triangle")
    driver.session.set_setting("sides_a", 4)
    driver.session.set_setting("sides_b", 4)
    driver.move(driver.scene.shapes["B"].position)
    for _ in range(12):
        driver.tap("R")
        if len(driver.scene.result.sat.axes) == 2:
            break
    assert len(driver.scene.result.sat.axes) == 2, "the squares never lined up within 12 taps"


def test_a_rebuilt_polygon_keeps_its_place_and_turn(drive):
    driver = drive("hex-triangle")
    scene = driver.scene
    driver.drag(scene.shapes["B"].position, (-100, -150))
    angle = scene.shapes["B"].angle
    driver.session.set_setting("sides_b", 5)
    assert tuple(scene.shapes["B"].position) == pytest.approx((-100, -150))
    assert scene.shapes["B"].angle == angle
    assert len(scene.shapes["B"].world_vertices()) == 5


# box-circle


def test_the_vertex_axis_appears_only_in_a_corner_region(drive):
    driver = drive("box-circle")
    scene = driver.scene
    box, circle = scene.shapes["A"], scene.shapes["B"]
    assert scene.result.feature.region is Region.VERTEX
    assert [t.source.kind for t in scene.result.sat.axes][-1] is AxisKind.VERTEX
    assert scene.result.sat.separating_axis.source.kind is AxisKind.VERTEX  # Metanet figure 8's moment
    driver.drag(circle.center, (box.center.x + 200, box.center.y))
    assert scene.result.feature.region is Region.EDGE
    assert [t.source.kind for t in scene.result.sat.axes] == [AxisKind.EDGE, AxisKind.EDGE]


def test_demosat5_reports_a_false_collision_near_a_corner(drive):
    driver = drive("box-circle")
    scene = driver.scene
    driver.click("DemoSAT5's centre-to-centre test")
    driver.drag(scene.shapes["B"].center, (-217, 107))
    driver.frame()
    assert scene.result.demosat5 and not scene.result.sat.colliding
    assert math.dist(scene.shapes["B"].center, scene.shapes["A"].corner("UR")) > scene.shapes["B"].radius


def test_the_naive_test_always_agrees_with_the_voronoi_one(drive):
    driver = drive("box-circle")
    scene = driver.scene
    rng = np.random.default_rng(4)
    for _ in range(300):
        pose(driver, "B", rng.uniform((-600, -300), (100, 300)))
        pose(driver, "A", angle=rng.uniform(0, math.pi))
        assert scene.result.naive.colliding == scene.result.sat.colliding
        assert len(scene.result.naive.overlaps) == 6


# quadtree


def brute_overlaps(boxes):
    a = boxes
    hit = (a[:, None, 0] <= a[None, :, 2]) & (a[None, :, 0] <= a[:, None, 2]) & (a[:, None, 1] <= a[None, :, 3]) & (a[None, :, 1] <= a[:, None, 3])
    return (np.count_nonzero(hit) - len(a)) // 2


def world():
    from scenes.quadtree import WORLD

    return WORLD


def tip_tree(scene):
    tree = Quadtree(world(), scene.settings["max_objects"], scene.settings["max_levels"])
    for i, box in enumerate(scene.boxes().tolist()):
        tree.insert(i, box)
    return tree


def test_quadtree_counts_match_brute_force(drive):
    driver = drive("quadtree")
    scene, session = driver.scene, driver.session
    for name, value in (("count", 400), ("max_objects", 4), ("max_levels", 6)):
        session.set_setting(name, value)
    for _ in range(5):
        driver.frame()
    frame = scene.result
    assert frame.collisions == brute_overlaps(scene.boxes())
    assert frame.all_pairs == 400 * 399 // 2
    assert frame.candidate_pairs == tip_tree(scene).candidate_pairs() < frame.all_pairs


@pytest.mark.parametrize("paused", [False, True])
def test_pointing_anywhere_inside_an_object_lights_what_retrieve_returns(drive, paused):
    driver = drive("quadtree")
    scene = driver.scene
    if paused:
        driver.tap("P")
        assert driver.session.paused
    driver.frame()
    x0, y0, x1, y1 = scene.boxes()[7]
    driver.move((x0 + 0.8 * (x1 - x0), y0 + 0.2 * (y1 - y0)))  # inside, far from its centre
    frame = scene.result
    assert frame.focus == 7
    assert set(frame.lit) == set(tip_tree(scene).retrieve_tip(scene.boxes()[7].tolist())) - {7}
    assert len(frame.lit)
    driver.move((world()[2] + 5, world()[3] + 5))  # outside the world: nothing hovered
    assert scene.result.focus is None
    driver.drag((x0 + 1, y0 + 1), (x0 + 1, y0 + 1), steps=1)  # a click keeps it lit
    driver.move((world()[2] + 5, world()[3] + 5))
    assert scene.result.focus == 7


def test_clicking_empty_space_adds_an_object_and_step_moves_them(drive):
    driver = drive("quadtree")
    scene = driver.scene
    before = len(scene.position)
    empty = (160, -330)
    assert scene.pick(empty, 1) is None
    driver.drag(empty, empty, steps=1)
    assert len(scene.position) == before + 1 == scene.settings["count"]
    positions = scene.position.copy()
    driver.tap("P")  # pause: frames no longer move anything
    driver.frame()
    assert np.array_equal(scene.position, positions)
    driver.click("Step one frame")
    assert not np.array_equal(scene.position, positions)
    assert len(scene.position) == before + 1  # the click on the button added nothing


def test_the_variant_needs_fewer_pair_checks(drive):
    driver = drive("quadtree")
    scene = driver.scene
    driver.session.set_setting("count", 600)
    tip = scene.result.candidate_pairs
    driver.click("Variant: straddlers go to every child they touch")
    assert scene.result.candidate_pairs < tip
    assert scene.result.collisions == brute_overlaps(scene.boxes())
