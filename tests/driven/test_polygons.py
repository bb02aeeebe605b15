"""The polygons scene driven by mouse, keys and panel: vertex drags kept convex, presets, the offset
trick and the early out, each held against the core's sat() on polygons rebuilt independently."""

import math

import numpy as np
import pytest

from collision import Polygon, project, sat


def rebuilt(shape):
    """The same polygon made afresh from its local vertices, position and angle."""
    return Polygon(shape.local_vertices.tolist(), tuple(shape.position), shape.angle)


def check_against_core(scene):
    a, b = (rebuilt(scene.shapes[name]) for name in "AB")
    full, early = sat(a, b), sat(a, b, early_exit=True)
    result = scene.result
    assert result.sat.colliding == full.colliding and len(result.sat.axes) == len(full.axes)
    for mine, theirs, offsets in zip(result.sat.axes, full.axes, result.offsets):
        assert tuple(mine.axis) == pytest.approx(tuple(theirs.axis))
        assert mine.overlap == pytest.approx(theirs.overlap)
        for k, shape in enumerate((a, b)):
            low, high = offsets.local[k]
            shifted = (low + offsets.shift[k], high + offsets.shift[k])
            dots = shape.world_vertices() @ np.asarray(theirs.axis)
            assert shifted == pytest.approx((dots.min(), dots.max()))
            assert offsets.direct[k] == pytest.approx(shifted)
            core = project(shape, theirs.axis)
            assert (core.min, core.max) == pytest.approx(shifted)
    assert len(result.early.axes) == len(early.axes)
    assert scene.reported.numbers["early_out"] == {"tested": len(early.axes), "of": len(full.axes)}


def convex_and_ccw(points):
    n = len(points)
    edges = [np.subtract(points[(i + 1) % n], points[i]) for i in range(n)]
    return all(edges[i][0] * edges[(i + 1) % n][1] - edges[i][1] * edges[(i + 1) % n][0] > 0 for i in range(n))


def test_the_default_layout_agrees_with_the_core(drive):
    driver = drive("polygons")
    check_against_core(driver.scene)


def test_a_vertex_drag_moves_that_vertex_in_local_coordinates(drive):
    driver = drive("polygons")
    scene = driver.scene
    square = scene.shapes["A"]
    start = tuple(square.world_vertices()[2])
    end = (start[0] + 30, start[1] + 20)
    driver.drag(start, end)
    moved = scene.shapes["A"]
    assert tuple(moved.world_vertices()[2]) == pytest.approx(end)
    assert tuple(moved.position) == tuple(square.position) and moved.angle == square.angle
    # The local vertex is the world offset turned back by A's angle.
    c, s = math.cos(square.angle), math.sin(square.angle)
    dx, dy = end[0] - square.position[0], end[1] - square.position[1]
    assert tuple(moved.local_vertices[2]) == pytest.approx((c * dx + s * dy, -s * dx + c * dy))
    assert not scene.result.refused
    check_against_core(scene)


def test_a_vertex_dragged_inwards_stops_while_the_polygon_is_convex(drive):
    driver = drive("polygons")
    scene = driver.scene
    vertices = scene.shapes["A"].world_vertices()
    middle = vertices.mean(axis=0)
    # Past the centre and out the far side: the square would fold inwards at vertex 2.
    target = tuple(middle + (middle - vertices[2]) * 0.8)
    driver.drag(tuple(vertices[2]), target)
    after = scene.shapes["A"].world_vertices()
    assert convex_and_ccw(after.tolist())
    assert math.dist(after[2], target) > 20
    assert "stops" in scene.result.refused
    driver.frame()
    check_against_core(scene)


def test_a_preset_replaces_the_polygon_in_its_place(drive):
    driver = drive("polygons")
    scene = driver.scene
    before = scene.shapes["B"]
    driver.session.set_setting("preset_b", "pentagon")
    after = scene.shapes["B"]
    assert len(after.local_vertices) == 5
    assert tuple(after.position) == tuple(before.position) and after.angle == before.angle
    assert len(scene.result.sat.axes) == 2 + 5
    check_against_core(scene)


def test_the_early_out_stops_at_the_first_separating_axis(drive):
    driver = drive("polygons")
    scene = driver.scene
    assert scene.result.sat.colliding and len(scene.result.early.axes) == len(scene.result.sat.axes)
    b = scene.shapes["B"]
    driver.drag(tuple(b.position), (b.position[0] + 60, b.position[1] + 200))
    result = scene.result
    first = next(i for i, test in enumerate(result.sat.axes) if test.separating)
    assert not result.sat.colliding and len(result.early.axes) == first + 1 < len(result.sat.axes)
    assert scene.reported.verdict.detail.endswith(f"early out after {first + 1} of {len(result.sat.axes)} axes")
    check_against_core(scene)


def test_turning_a_keeps_its_shift_on_bs_axes(drive):
    driver = drive("polygons")
    scene = driver.scene
    driver.move(scene.shapes["A"].centroid)
    before = scene.result.offsets
    driver.tap("R")
    after = scene.result.offsets
    assert scene.shapes["A"].angle != pytest.approx(0.2)
    # Axes 2.. are B's (the square has two): B did not turn, so A's shift on them is unchanged.
    for old, new in zip(before[2:], after[2:]):
        assert new.shift[0] == pytest.approx(old.shift[0]) and new.local[0] != pytest.approx(old.local[0])
    check_against_core(scene)


def test_the_panel_fits_with_a_pentagon_and_a_refused_drag(drive):
    """The things to try as written: a pentagon for B (2 + 5 axes), and a drag refused."""
    driver = drive("polygons")
    scene = driver.scene
    driver.session.set_setting("preset_b", "pentagon")
    vertices = scene.shapes["B"].world_vertices()
    driver.drag(tuple(vertices[0]), tuple(vertices[2] * 0.5 + vertices[3] * 0.5))
    assert scene.result.refused and len(scene.result.sat.axes) == 2 + 5
    for _ in range(3):
        driver.frame()
    assert driver.places["scroll"] == 0
