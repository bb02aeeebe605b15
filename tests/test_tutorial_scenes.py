"""The five tutorial scenes beyond box-box, driven through the window's input path without GL."""

import math

import numpy as np
import pytest

from collision import AxisKind, Quadtree, Region, sat
from driver import key


def corner_dots(box, axis):
    return box.world_vertices() @ np.asarray(axis)


# projection


def test_dragging_p_turns_the_axis_and_the_shadows_follow(drive):
    driver = drive("projection")
    scene = driver.scene
    handle = scene.handles()["P"]
    pivot = scene.p.pivot
    driver.drag(handle, (pivot[0] + 200, pivot[1]))  # P now points along +x
    report = scene.result
    assert tuple(report.unit) == pytest.approx((1, 0))
    for name, interval in (("A", report.a), ("B", report.b)):
        xs = scene.shapes[name].world_vertices()[:, 0]
        assert (interval.min, interval.max) == pytest.approx((xs.min(), xs.max()))


def test_the_quick_extent_is_the_shadow_length(drive):
    driver = drive("projection")
    for angle in np.linspace(0, math.pi, 7):
        driver.scene.shapes["B"].angle = angle
        driver.scene.refresh()
        report = driver.scene.result
        assert report.quick[1] == pytest.approx(report.b.max - report.b.min)


def test_demosat1_is_right_in_order_and_wrong_once_swapped(drive):
    driver = drive("projection")
    scene = driver.scene
    scene.set_overlay("demosat1", True)
    gap, formula = scene.result.gap, scene.result.demosat1[3]
    assert gap > 0 and formula == pytest.approx(gap)
    a, b = scene.shapes["A"], scene.shapes["B"]
    a.position, b.position = b.position, a.position
    scene.refresh()
    assert scene.result.gap > 0  # still apart
    assert scene.result.demosat1[3] < 0  # DemoSAT1 says they penetrate
    driver.frame()  # the panel shows it without trouble


def test_an_unnormalised_axis_scales_the_numbers_not_the_verdict(drive):
    driver = drive("projection")
    scene = driver.scene
    before = scene.result
    scene.set_overlay("raw", True)  # what the panel's checkbox calls
    after = scene.result
    length = math.dist(scene.p.handle, scene.p.pivot) / 100
    assert after.a.max == pytest.approx(before.a.max * length)
    assert after.gap == pytest.approx(before.gap * length)
    assert (after.gap > 0) == (before.gap > 0)


def test_the_panel_checkbox_refreshes_the_numbers(drive):
    """Clicking 'Use P un-normalised' in the panel, as a user does, changes P's length at once."""
    driver = drive("projection")
    driver.frame()
    driver.click_panel(827, 407)  # the checkbox's row at the default panel layout
    assert driver.scene.overlay["raw"], "the click missed the checkbox: has the panel's layout moved?"
    length = math.dist(driver.scene.p.handle, driver.scene.p.pivot) / 100
    assert math.hypot(*driver.scene.result.axis) == pytest.approx(length)


# min-max-corners


def test_red_and_yellow_corners_are_the_extremes(drive):
    driver = drive("min-max-corners")
    driver.frame()
    scene = driver.scene
    for name in ("A", "B"):
        dots = corner_dots(scene.shapes[name], scene.p.unit())
        corners = getattr(scene.result, name.lower())
        assert corners.highest == (int(np.argmax(dots)),) and corners.lowest == (int(np.argmin(dots)),)


def test_an_edge_across_p_marks_both_corners(drive):
    driver = drive("min-max-corners")
    scene = driver.scene
    b = scene.shapes["B"]
    b.angle = math.radians(45 - 3 * 5)  # five R taps short of square to P, which points at 45 degrees
    driver.move(b.position)
    for _ in range(5):
        driver.tap(key.R)
    driver.frame()
    corners = scene.result.b
    assert len(corners.highest) == 2 and len(corners.lowest) == 2


def test_bounds_that_overlap_around_boxes_that_do_not(drive):
    driver = drive("min-max-corners")
    scene = driver.scene
    scene.shapes["A"].position, scene.shapes["A"].angle = (-300, 0), math.pi / 4
    scene.shapes["B"].position, scene.shapes["B"].angle = (-200, -80), math.pi / 4
    scene.set_overlay("bounds", True)
    assert scene.result.bounds_overlap and not scene.result.colliding
    assert not sat(scene.shapes["A"], scene.shapes["B"]).colliding


# hex-triangle


def test_side_sliders_set_the_axis_count(drive):
    driver = drive("hex-triangle")
    scene = driver.scene
    assert len(scene.result.axes) == 3 + 3 and scene.result.merged == 3
    scene.apply_settings({"sides": {"A": 4, "B": 4}})
    assert len(scene.result.axes) == 4
    scene.shapes["B"].angle = scene.shapes["A"].angle
    scene.refresh()
    assert len(scene.result.axes) == 2
    scene.apply_settings({"sides": {"A": 64, "B": 33}})
    assert len(scene.result.axes) + scene.result.merged == 97
    driver.frame()


def test_a_rebuilt_polygon_keeps_its_place(drive):
    driver = drive("hex-triangle")
    scene = driver.scene
    driver.drag(scene.shapes["B"].position, (-100, -150))
    scene.apply_settings({"sides": {"A": 6, "B": 5}})
    assert tuple(scene.shapes["B"].position) == pytest.approx((-100, -150))
    assert len(scene.shapes["B"].world_vertices()) == 5


# box-circle


def test_the_vertex_axis_appears_only_in_a_corner_region(drive):
    driver = drive("box-circle")
    scene = driver.scene
    box, circle = scene.shapes["A"], scene.shapes["B"]
    assert scene.feature.region is Region.VERTEX
    assert [t.source.kind for t in scene.result.axes][-1] is AxisKind.VERTEX
    assert scene.result.separating_axis.source.kind is AxisKind.VERTEX  # Metanet figure 8's moment
    driver.drag(circle.center, (box.center.x + 200, box.center.y))
    assert scene.feature.region is Region.EDGE
    assert [t.source.kind for t in scene.result.axes] == [AxisKind.EDGE, AxisKind.EDGE]


def test_demosat5_reports_a_false_collision_near_a_corner(drive):
    driver = drive("box-circle")
    scene = driver.scene
    scene.set_overlay("demosat5", True)
    driver.drag(scene.shapes["B"].center, (-212, 95))
    scene.shapes["B"].radius = 40
    scene.refresh()
    driver.frame()
    assert scene.demosat5 and not scene.result.colliding
    corner = scene.shapes["A"].corner("UR")
    assert math.dist(scene.shapes["B"].center, corner) > 40


def test_the_naive_test_always_agrees_with_the_voronoi_one(drive):
    driver = drive("box-circle")
    scene = driver.scene
    rng = np.random.default_rng(4)
    for _ in range(300):
        scene.shapes["B"].center = rng.uniform((-600, -300), (100, 300))
        scene.shapes["A"].angle = rng.uniform(0, math.pi)
        scene.refresh()
        assert scene.naive.colliding == scene.result.colliding
        assert len(scene.naive.overlaps) == 6


# quadtree


def brute_overlaps(boxes):
    a = boxes
    hit = (a[:, None, 0] <= a[None, :, 2]) & (a[None, :, 0] <= a[:, None, 2]) & (a[:, None, 1] <= a[None, :, 3]) & (a[None, :, 1] <= a[:, None, 3])
    return (np.count_nonzero(hit) - len(a)) // 2


def test_quadtree_counts_match_brute_force(drive):
    driver = drive("quadtree")
    scene = driver.scene
    scene.apply_settings({"count": 400, "max_objects": 4, "max_levels": 6})
    for _ in range(5):
        driver.frame()
    frame = scene.result
    boxes = scene.boxes()
    assert frame.collisions == brute_overlaps(boxes)
    assert frame.all_pairs == 400 * 399 // 2
    tree = Quadtree(scene_world(scene), 4, 6)
    for i, box in enumerate(boxes.tolist()):
        tree.insert(i, box)
    assert frame.candidate_pairs == tree.candidate_pairs() < frame.all_pairs


def scene_world(scene):
    from scenes.quadtree import WORLD

    return WORLD


def test_hovering_an_object_lights_what_retrieve_returns(drive):
    driver = drive("quadtree")
    scene = driver.scene
    centre = scene.handles()["7"]
    driver.move(centre)
    driver.frame()
    frame = scene.result
    assert frame.focus == 7
    tree = Quadtree(scene_world(scene), scene.max_objects, scene.max_levels)
    for i, box in enumerate(scene.boxes().tolist()):
        tree.insert(i, box)
    assert set(frame.lit) == set(tree.retrieve(scene.boxes()[7].tolist())) - {7}


def test_clicking_empty_space_adds_an_object_and_step_moves_them(drive):
    driver = drive("quadtree")
    scene = driver.scene
    before = len(scene.position)
    empty = (160, -330)
    driver.drag(empty, empty, steps=1)
    assert len(scene.position) == before + 1
    positions = scene.position.copy()
    driver.tap(key.SPACE)  # pause: frames no longer move anything
    driver.frame()
    assert np.array_equal(scene.position, positions)
    scene.step()
    assert not np.array_equal(scene.position, positions)


def test_the_variant_needs_fewer_pair_checks(drive):
    driver = drive("quadtree")
    scene = driver.scene
    scene.apply_settings({"count": 600})
    tip = scene.result.candidate_pairs
    scene.set_overlay("variant", True)
    assert scene.result.candidate_pairs < tip
    assert scene.result.collisions == brute_overlaps(scene.boxes())
