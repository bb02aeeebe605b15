"""gjk(), epa() and minkowski_difference() on bad input, degenerate and hard cases, against GEOS."""

import math

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, Circle, Polygon, ShapeError, Stop, epa, gjk, minkowski_difference, regular_polygon, support
from random_shapes import place_near, random_box, random_circle, random_polygon


@pytest.mark.parametrize("call", [gjk, epa, minkowski_difference])
@pytest.mark.parametrize("bad", [None, (0, 0), "box", [(0, 0), (1, 0), (0, 1)]])
def test_bad_input_is_one_clear_error(call, bad):
    with pytest.raises(ShapeError, match=r"^expected a Polygon, Box, Circle or Capsule as [AB], got \w+$"):
        call(Box((0, 0), (1, 1)), bad)
    with pytest.raises(ShapeError, match="as A"):
        call(bad, Circle((0, 0), 1))


def test_support_needs_a_direction():
    with pytest.raises(ShapeError, match=r"not \(0, 0\)"):
        support(Box((0, 0), (1, 1)), (0, 0))


def test_minkowski_difference_is_the_hull_of_all_differences():
    rng = np.random.default_rng(3)
    for _ in range(300):
        a, b = random_polygon(rng), random_polygon(rng)
        place_near(rng, a, b)
        ours = shapely.Polygon(minkowski_difference(a, b).world_vertices())
        va, vb = a.world_vertices(), b.world_vertices()
        hull = shapely.convex_hull(shapely.MultiPoint((va[:, None, :] - vb[None, :, :]).reshape(-1, 2)))
        assert shapely.hausdorff_distance(ours, hull) < 1e-9
        assert len(minkowski_difference(a, b).world_vertices()) == len(shapely.get_coordinates(hull)) - 1


def test_rounded_outline_lies_on_the_exact_one_within_the_arc_step():
    rng = np.random.default_rng(4)
    for _ in range(100):
        box, circle = random_box(rng), random_circle(rng)
        outline = minkowski_difference(box, circle).world_vertices()
        core = shapely.Polygon(box.world_vertices() - np.asarray(circle.center))
        # Every drawn vertex is on the exact outline: the radius from the box's A - centre.
        assert np.allclose(shapely.distance(core, shapely.points(outline)), circle.radius, atol=1e-9)
        # The chords stay within r (1 - cos(step / 2)) inside it.
        exact = core.buffer(circle.radius, quad_segs=256)
        assert shapely.Polygon(outline).area <= exact.area
        assert exact.area - shapely.Polygon(outline).area <= 2 * math.pi * circle.radius * 2e-3 * circle.radius + 1e-6


def test_two_circles_difference_is_a_circle():
    outline = minkowski_difference(Circle((1, 2), 3), Circle((4, 6), 2)).world_vertices()
    assert np.allclose(np.hypot(*(outline - (-3, -4)).T), 5.0)


def test_circle_support_is_exact():
    assert support(Circle((1, 1), 2), (3, 4)) == (1 + 1.2, 1 + 1.6)


def test_swapping_the_shapes_reverses_the_answer():
    rng = np.random.default_rng(5)
    for _ in range(500):
        a, b = random_polygon(rng), random_circle(rng) if rng.uniform() < 0.5 else random_polygon(rng)
        place_near(rng, a, b)
        forward, backward = gjk(a, b), gjk(b, a)
        assert forward.colliding == backward.colliding
        assert forward.distance == pytest.approx(backward.distance, abs=1e-9)
        assert forward.depth == pytest.approx(backward.depth, abs=1e-9)
        if not forward.colliding:
            assert math.dist(forward.closest_a, backward.closest_b) < 1e-9


@pytest.mark.parametrize("turn", [1e-15, 1e-12, 1e-9, 1e-6])
@pytest.mark.parametrize("gap", [-1e-3, 1e-9, 1e-3])
def test_nearly_parallel_edges_end_before_the_cap(turn, gap):
    """Long edges at a hair's angle: GJK and EPA end by their rules, not the cap, and agree with GEOS."""
    for sides in (4, 64):
        a = regular_polygon(sides, 100, (0, 0), math.pi / sides)
        b = regular_polygon(sides, 100, (0, 0), math.pi / sides + turn)
        b.position = (2 * 100 * math.cos(math.pi / sides) + gap, 0.0)
        result = gjk(a, b)
        assert result.stop is not Stop.ITERATION_CAP
        assert result.epa is None or result.epa.stop is Stop.ON_HULL
        exact, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices()])
        assert (result.distance if not result.colliding else -result.depth) == pytest.approx(exact[0], abs=1e-9)


def test_a_polygon_of_many_sides_against_a_circle():
    polygon = regular_polygon(1024, 100)
    circle = Circle((0, 130), 30.5)
    result = gjk(polygon, circle)
    geos = shapely.distance(shapely.Polygon(polygon.world_vertices()), shapely.Point(0, 130)) - 30.5
    assert result.depth == pytest.approx(-geos, abs=1e-9)


def test_closest_points_are_none_when_colliding():
    result = gjk(Box((0, 0), (1, 1)), Polygon([(0, 0), (3, 0), (0, 3)], position=(0.5, 0.5)))
    assert result.colliding and result.closest_a is None and result.closest_b is None


@pytest.mark.parametrize("along", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("circle_first", [True, False])
def test_a_circle_centred_on_a_capsules_core(along, circle_first):
    """A - B of the cores is a segment through the origin (issue 35: EPA raised IndexError).
    The way out is square to the core, by both radii; GEOS checks that moving B by the MTV
    leaves the shapes touching."""
    from collision import Capsule

    capsule = Capsule((0, 0), (1, 1), 0.5)
    circle = Circle((along, along), 1)
    a, b = (circle, capsule) if circle_first else (capsule, circle)
    found = gjk(a, b)
    assert found.colliding and found.depth == pytest.approx(1.5)
    assert abs(found.normal.x + found.normal.y) < 1e-12
    # The MTV moves B out of A: the circle moves by it as B, against it as A.
    moved_centre = np.add((along, along), np.negative(found.mtv) if circle_first else found.mtv)
    core = shapely.LineString([(0, 0), (1, 1)])
    assert core.distance(shapely.Point(moved_centre)) == pytest.approx(1.5)
