"""The tutorials' own cases, each checked against GEOS or against the geometry worked out by hand."""

import math
import pickle

import numpy as np
import pytest
import shapely

import oracle
from collision import AxisKind, Box, Circle, Polygon, Region, SatResult, regular_polygon, sat, voronoi_region
from random_shapes import place_near, random_box, random_circle, random_polygon


def geom(shape):
    return shapely.Polygon(shape.world_vertices())


def exact_depth(a, b):
    gap, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices()])
    return -gap[0]


def test_cross_collision():
    """GameDev.net figure 1: two bars crossing with no corner of either inside the other."""
    a = Box((0, 0), (90, 10), 0.2)
    b = Box((4, 2), (80, 12), 0.2 + math.pi / 2 + 0.3)
    assert not any(geom(b).contains(shapely.Point(p)) for p in a.world_vertices())
    assert not any(geom(a).contains(shapely.Point(p)) for p in b.world_vertices())
    result = sat(a, b)
    assert result.colliding and geom(a).intersects(geom(b))
    assert result.depth == pytest.approx(exact_depth(a, b), abs=1e-9)


def test_rotated_rectangles_whose_bounds_overlap_are_apart():
    """GameDev.net figure 2: the min/max bounds test says collision, SAT rightly says no."""
    a = Box((0, 0), (60, 8), math.pi / 4)
    b = Box((30, -30), (60, 8), math.pi / 4)
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.aabb(), b.aabb()
    assert ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1
    assert not geom(a).intersects(geom(b))
    result = sat(a, b)
    assert not result.colliding
    assert result.separating_axis.overlap == pytest.approx(-shapely.distance(geom(a), geom(b)))


def demosat5_says_collision(box, circle):
    """DemoSAT5's single test: the box's extent along the centre-to-centre line only."""
    between = np.subtract(circle.center, box.center)
    unit = between / np.linalg.norm(between)
    reach = max(np.dot(corner - box.center, unit) for corner in box.world_vertices())
    return not (np.linalg.norm(between) - reach - circle.radius > 0)


def test_demosat5_false_collision_near_a_corner():
    box, circle = Box((0, 0), (50, 50)), Circle((70, 54), 20)
    assert demosat5_says_collision(box, circle)
    assert shapely.Point(circle.center).distance(geom(box)) > circle.radius
    assert voronoi_region(box, circle.center).region is Region.VERTEX
    result = sat(box, circle)
    assert not result.colliding
    assert result.separating_axis.source.kind is AxisKind.VERTEX


def test_vertex_axis_only_in_a_vertex_region():
    box = Box((0, 0), (50, 30))
    kinds = lambda circle: [t.source.kind for t in sat(box, circle).axes]
    assert kinds(Circle((70, 10), 25)) == [AxisKind.EDGE, AxisKind.EDGE]  # edge region
    assert kinds(Circle((10, 5), 5)) == [AxisKind.EDGE, AxisKind.EDGE]  # inside
    assert kinds(Circle((60, 40), 20)) == [AxisKind.EDGE, AxisKind.EDGE, AxisKind.VERTEX]  # corner


@pytest.mark.parametrize(
    "angle_b, count",
    [(0.0, 2), (0.3, 4), (math.pi / 2, 2), (math.pi, 2), (1.0, 4)],
)
def test_box_pairs_test_four_axes_or_two_when_they_share_an_orientation(angle_b, count):
    result = sat(Box((0, 0), (40, 20)), Box((30, 10), (25, 15), angle_b))
    assert len(result.axes) == count
    assert len(result.axes) + result.merged == 8


@pytest.mark.parametrize("sides_a, sides_b", [(4, 4), (4, 3), (3, 3), (100, 570)])
def test_axis_counts_before_merging_are_the_gpwiki_sums(sides_a, sides_b):
    """GPWiki: 8, 7, 6 and 670 lines to test before any are merged."""
    result = sat(regular_polygon(sides_a, 100), regular_polygon(sides_b, 100, (10, 0), 0.01))
    assert len(result.axes) + result.merged == sides_a + sides_b


def test_hundred_gon_against_570_gon_merges_only_opposite_edges():
    """Edge k of a regular n-gon (vertex 0 on the x axis) has its normal at (2k + 1)pi/n, so each
    polygon's normals pair off into n/2 lines; none of the 100-gon's lines, odd multiples of
    pi/100, is one of the 570-gon's, odd multiples of pi/570 (57(2k+1) = 10(2j+1) has no solution)."""
    result = sat(regular_polygon(100, 100), regular_polygon(570, 90, (5, 0)))
    assert len(result.axes) == 50 + 285
    assert result.merged == 670 - 335


def test_a_box_inside_another_leaves_the_shortest_way():
    """The small box is 40 from the big one's right side, 50 from its top: out through the right."""
    big, small = Box((0, 0), (100, 50)), Box((70, 10), (10, 10))
    result = sat(big, small)
    assert result.colliding
    assert result.mtv == pytest.approx((40.0, 0.0))
    assert result.depth == pytest.approx(exact_depth(big, small))
    assert sat(small, big).mtv == pytest.approx((-40.0, 0.0))


def test_a_circle_inside_a_box_leaves_the_shortest_way():
    """Centre 20 below the top and 100 from either side: up and out, 20 + 10."""
    result = sat(Box((0, 0), (100, 50)), Circle((0, 30), 10))
    assert result.mtv == pytest.approx((0.0, 30.0))


def test_a_box_inside_a_circle_leaves_the_shortest_way():
    """The box's right edge must reach the circle's far side at x = 100: 95 to the right."""
    circle, box = Circle((0, 0), 100), Box((10, 0), (5, 5))
    result = sat(circle, box)
    assert result.mtv == pytest.approx((95.0, 0.0))
    gap, _ = oracle.circle_polygon(oracle.polygons([box.world_vertices() + result.mtv]), np.zeros((1, 2)), np.array([100.0]))
    assert gap[0] == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    "a, b",
    [
        (Box((0, 0), (1, 1)), Box((2, 0), (1, 1))),  # edge to edge
        (Box((0, 0), (1, 1)), Box((2, 2), (1, 1))),  # corner to corner
        (Box((0, 0), (1, 1)), Box((1 + math.sqrt(2), 0.3), (1, 1), math.pi / 4)),  # corner on edge
        (Box((0, 0), (1, 1)), Circle((2, 0.5), 1)),  # circle on edge
        (Box((0, 0), (1, 1)), Circle((1.6, 1.8), 1)),  # circle on corner: 0.6, 0.8 from it
        (Circle((0, 0), 1), Circle((3, 4), 4)),  # circles 5 apart, radii 1 + 4
        (Polygon([(0, 0), (2, 0), (1, 2)]), Polygon([(0, 0), (2, 0), (1, -2)], (1, 0))),  # tip on edge
    ],
)
def test_touching_shapes_collide_with_zero_depth(a, b):
    for x, y in ((a, b), (b, a)):
        result = sat(x, y)
        assert result.colliding and result.touching
        assert result.depth == 0.0 and result.mtv == (0.0, 0.0)


def test_concentric_circles_get_a_valid_mtv():
    result = sat(Circle((5, 5), 1), Circle((5, 5), 2))
    assert result.colliding and not result.touching
    assert result.depth == 3.0
    assert math.hypot(*result.normal) == pytest.approx(1.0)
    moved = np.add((5, 5), result.mtv)
    assert math.dist(moved, (5, 5)) == pytest.approx(3.0)


def test_early_exit_stops_at_the_first_separating_axis_and_lists_the_rest():
    a, b = Box((0, 0), (40, 20)), Box((200, 0), (25, 15), 0.5)
    full, early = sat(a, b), sat(a, b, early_exit=True)
    assert not full.colliding and not early.colliding
    assert early.axes == full.axes[: len(early.axes)]
    assert early.axes[-1] == full.separating_axis == early.separating_axis
    assert [c.source for c in early.skipped] == [t.source for t in full.axes[len(early.axes) :]]
    assert full.skipped == ()


def test_every_report_is_consistent_with_its_verdict():
    a, b = Box((0, 0), (40, 20), 0.4), Box((50, 15), (25, 15), 1.2)
    result = sat(a, b)
    assert result.colliding == (not any(t.separating for t in result.axes))
    for test in result.axes:
        assert math.hypot(*test.axis) == pytest.approx(1.0)
        assert test.a.min <= test.a.max and test.b.min <= test.b.max
    assert result.depth == min(t.overlap for t in result.axes)


def _kinds_of_pairs(rng):
    """Random pairs of every kind sat() takes, with boxes turned by quarter turns among them
    (their projections tie two corners, the projector's other path)."""
    for _ in range(400):
        square = rng.uniform(0, 4) < 1
        angle = lambda: rng.integers(0, 4) * math.pi / 2 if square else rng.uniform(0, 7)
        yield Box(rng.uniform(-50, 50, 2), rng.uniform(5, 40, 2), angle()), Box(rng.uniform(-50, 50, 2), rng.uniform(5, 40, 2), angle())
        yield random_polygon(rng), random_polygon(rng)
        yield random_box(rng), random_circle(rng)
        yield random_circle(rng), random_polygon(rng)
        yield random_circle(rng), random_circle(rng)


def test_the_verdict_is_the_reports_to_the_last_bit():
    """sat() decides from the axes up to the first gap and builds the report only when read:
    the two must be the same floats, whichever shapes."""
    rng = np.random.default_rng(41)
    for a, b in _kinds_of_pairs(rng):
        place_near(rng, a, b)
        result = sat(a, b)
        overlaps = [t.overlap for t in result.axes]
        if result.colliding:
            chosen = result.axes[overlaps.index(min(overlaps))]
            assert not any(t.separating for t in result.axes)
            assert result.depth == max(chosen.overlap, 0.0), (a, b)
        else:
            chosen = result.separating_axis
            assert result.depth == 0.0 and result.mtv == (0.0, 0.0)
        sign = -1.0 if chosen.a.max - chosen.b.min > chosen.b.max - chosen.a.min else 1.0
        assert result.normal == (sign * chosen.axis.x, sign * chosen.axis.y), (a, b)


def test_the_report_is_of_the_shapes_as_they_were_when_tested():
    a, b = Box((0, 0), (40, 20), 0.4), Polygon([(0, 0), (30, 0), (10, 25)], (50, 15), 1.2)
    at_once = sat(a, b)
    expected = (at_once.axes, at_once.skipped)
    later, early = sat(a, b), sat(a, b, early_exit=True)
    a.position, a.angle, b.position, b.angle = (300, 0), 0.0, (-300, 0), 2.0
    assert (later.axes, later.skipped) == expected
    assert early.axes == expected[0][: len(early.axes)]


def test_a_result_reads_as_the_named_tuple_it_was():
    result = sat(Box((0, 0), (1, 1)), Box((1.5, 0), (1, 1)))
    # Pickled before its report is read, and after.
    assert pickle.loads(pickle.dumps(result)) == result
    colliding, touching, normal, depth, mtv, axes, skipped, merged = result
    assert (colliding, touching, normal, depth, mtv, skipped, merged) == (True, False, (1.0, 0.0), 0.5, (0.5, 0.0), (), 6)
    assert len(result) == 8 and result[5] == axes == result.axes and result[-1] == 6
    assert result == tuple(result) and result == sat(Box((0, 0), (1, 1)), Box((1.5, 0), (1, 1)))
    assert result._asdict()["mtv"] == mtv and list(result._asdict()) == list(SatResult._fields)
    assert result._replace(depth=0.0).depth == 0.0 and result._replace(depth=0.0).axes == axes
    assert repr(result).startswith("SatResult(colliding=True, touching=False, normal=Vector(x=1.0, y=0.0), depth=0.5,")
    assert hash(result) == hash(tuple(result))
