"""One choice of axis (issue 33): the first gap, else the first of the least overlap, and the
normal pointing the way B leaves A. collision.verdict writes it once (named_axis, way_out);
sat() makes it as its axes come, and sat_tile, the rounded shapes' SAT and sat_many call it.
These hold each of them to it, on the axes each reports."""

import numpy as np
import pytest

from collision import AxisSource, AxisTest, Box, Capsule, Circle, Interval, Polygon, QuarterTile, Vector, sat, sat_many_circles, sat_tile
from collision.axes import AxisKind
from collision.fast.batch import _reported
from collision.verdict import named_axis, way_out
from random_shapes import place_near, random_box, random_circle, random_polygon

PAIRS = 300


def axis_tests(overlaps, gap=0.0):
    """AxisTests with these overlaps, separating below -gap (the axes and intervals do not matter)."""
    source = AxisSource("A", AxisKind.EDGE, 0)
    return [AxisTest(Vector(1.0, 0.0), source, Interval(0.0, 1.0, 0, 0), Interval(0.0, 1.0, 0, 0), depth, depth < -gap) for depth in overlaps]


@pytest.mark.parametrize(
    ("overlaps", "named"),
    [
        ([3.0, 1.0, 2.0], 1),  # the least overlap
        ([2.0, 1.0, 1.0], 1),  # of equals, the first tried
        ([3.0, -1.0, -5.0], 1),  # the first gap, not the widest
        ([0.5, 4.0, -0.1], 2),  # a gap after a smaller overlap still names the axis
        ([0.0], 0),
    ],
)
def test_named_axis_takes_the_first_gap_else_the_first_least_overlap(overlaps, named):
    assert named_axis(axis_tests(overlaps)) == named


def test_way_out_points_along_the_axis_when_b_leaves_forwards():
    assert way_out(0.6, 0.8, 1.5, 1.5) == (0.6, 0.8)
    assert way_out(0.6, 0.8, 1.5, 9.0) == (-0.6, -0.8)
    rows = way_out(np.array([0.6, 0.6]), np.array([0.8, 0.8]), np.array([1.5, 1.5]), np.array([1.5, 9.0]))
    assert [column.tolist() for column in rows] == [[0.6, -0.6], [0.8, -0.8]]


def answers_as_named(result):
    """Whether a SatResult's verdict, normal and depth are what named_axis and way_out say of
    its own axes. The normal is the named axis or that turned round; way_out's pick between
    them is asked of the world intervals the report holds."""
    test = result.axes[named_axis(result.axes)]
    if result.colliding == test.separating:
        return False
    if result.normal not in (test.axis, Vector(-test.axis.x, -test.axis.y)):
        return False
    return result.depth == (max(test.overlap, 0.0) if result.colliding else 0.0)


def shapes(rng):
    makers = [random_box, random_polygon, random_circle]
    a, b = makers[rng.integers(3)](rng), makers[rng.integers(3)](rng)
    place_near(rng, a, b)
    return a, b


TIES = [
    # Equal overlaps on x and y (0.5 each): the first tried, x, is named.
    (Box((0, 0), (1, 1)), Box((1.5, 1.5), (1, 1))),
    (Box((0, 0), (1, 1)), Box((-1.5, -1.5), (1, 1))),
    # A gap on B's first normal after A's two overlaps.
    (Box((0, 0), (1, 1)), Box((2.5, 2.5), (1, 1), angle=np.pi / 4)),
]


def test_sat_names_the_axis_named_axis_names():
    rng = np.random.default_rng(33)
    for a, b in TIES + [shapes(rng) for _ in range(PAIRS)]:
        assert answers_as_named(sat(a, b)), (a, b)
    assert sat(*TIES[0]).normal == Vector(1.0, 0.0)


def test_the_rounded_sat_and_sat_tile_name_it_too():
    rng = np.random.default_rng(34)
    for _ in range(PAIRS):
        a, b = shapes(rng)
        capsule = Capsule(a.position, b.position + rng.uniform(1, 30, 2), float(rng.uniform(1, 20)))
        other = b if isinstance(b, Circle) else Polygon(b.local_vertices, b.position, b.angle, radius=float(rng.uniform(0, 10)))
        assert answers_as_named(sat(capsule, other)), (capsule, other)
        box = Box(rng.uniform(-60, 160, 2), rng.uniform(5, 40, 2), float(rng.integers(4)) * np.pi / 2)
        tile = QuarterTile((0, 0), 100, ["NE", "NW", "SE", "SW"][rng.integers(4)], concave=bool(rng.integers(2)))
        assert answers_as_named(sat_tile(box, tile)), (box, tile)


def test_sat_many_picks_named_axis_row_by_row():
    rng = np.random.default_rng(35)
    overlaps = [rng.choice([-2.0, -0.5, 0.0, 0.5, 1.0, 3.0], 500) for _ in range(5)]
    tolerance = np.full(500, 0.1)
    _, parted, (picked,) = _reported(overlaps, tolerance, [[np.full(500, k) for k in range(5)]])
    for row in range(500):
        tests = axis_tests([column[row] for column in overlaps], gap=0.1)
        named = named_axis(tests)
        assert (picked[row], parted[row]) == (named, tests[named].separating), row


def test_sat_many_circles_points_the_normal_as_sat_does():
    rng = np.random.default_rng(36)
    boxes = [random_box(rng) for _ in range(200)]
    circles = [random_circle(rng) for _ in range(200)]
    for box, circle in zip(boxes, circles):
        place_near(rng, box, circle)
    many = sat_many_circles(np.array([box.world_vertices() for box in boxes]), [c.center for c in circles], [c.radius for c in circles])
    for row, (box, circle) in enumerate(zip(boxes, circles)):
        assert np.allclose(many.normal[row], sat(box, circle).normal, atol=1e-9), row
