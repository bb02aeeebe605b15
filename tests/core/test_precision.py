"""Issue 9 item 16: touching is judged relative to the shapes' scale and position, from the
very small to the far away, against GEOS."""

import math

import numpy as np
import pytest

import oracle
from collision import TOLERANCE, Box, Circle, Polygon, QuarterTile, regular_polygon, sat, sat_many, sat_tile
from random_shapes import convex_vertices, place_near


def test_tiny_circles_fifty_radii_apart_are_separated():
    for radius in (1e-12, 1e-9, 1e-6):
        result = sat(Circle((0, 0), radius), Circle((50 * radius, 0), radius))
        assert not result.colliding, radius


def test_tiny_boxes_twenty_five_widths_apart_are_separated():
    for half in (2e-12, 1e-9):
        result = sat(Box((0, 0), (half, half)), Box((50 * half, 0), (half, half)))
        assert not result.colliding and not sat_many([result_vertices(half, 0)], [result_vertices(half, 50 * half)]).colliding[0]


def result_vertices(half, x):
    return Box((x, 0), (half, half)).world_vertices()


@pytest.mark.parametrize("offset", [0.0, 1e3, 1e6, 1e9])
def test_exactly_touching_turned_boxes_far_away_touch(offset):
    """Fourteen turns of two boxes placed edge to edge: rounding at 1e9 is ~1e-7, far above
    a fixed 1e-10, yet they touch."""
    touching = []
    for k in range(14):
        angle = 0.1 + k * 0.43
        a = Box((offset, offset), (30, 20), angle)
        # B's centre 30 + 45 along A's own x: B's left edge on A's right edge.
        b = Box((offset + 75 * math.cos(angle), offset + 75 * math.sin(angle)), (45, 10), angle)
        one, many = sat(a, b), sat_many([a.world_vertices()], [b.world_vertices()])
        touching.append((one.colliding, one.touching, bool(many.colliding[0]), bool(many.touching[0])))
    assert touching == [(True, True, True, True)] * 14


def test_the_tolerance_is_a_few_float_spacings():
    """TOLERANCE times any number is 2 to 4 of its float spacings (ulps), at any magnitude."""
    for number in (1e-300, 3e-9, 0.7, 1.0, 1.5, 75.3, 1e9, 1e15, 2.0**60, 1e20, 1e150):
        assert 2 * math.ulp(number) <= TOLERANCE * number <= 4 * math.ulp(number), number
    assert "relative" in sat.__doc__ and "TOLERANCE" in sat.__doc__


AT_1E15 = 1e15
"""Where floats are 0.125 apart: the old tolerance (1e-14 of it) was 10 units, 80 of them."""


def test_a_gap_of_a_few_ulps_is_a_gap_at_1e15():
    """Issue 35 item 6: at 1e15 boxes 3 apart touched, a ray 9 units outside started inside,
    time_of_impact hit at time 0 and manifold kept a point 0.5 apart (4 float spacings)."""
    from collision import manifold, ray_cast
    from collision.toi import time_of_impact

    a = Box((AT_1E15, 0), (1, 1))
    assert not sat(a, Box((AT_1E15 + 5, 0), (1, 1))).colliding
    assert sat(a, Box((AT_1E15 + 2, 0), (1, 1))).touching
    assert manifold(a, Box((AT_1E15 + 2.5, 0), (1, 1))).points == ()
    assert len(manifold(a, Box((AT_1E15 + 2, 0), (1, 1))).points) == 2
    ray = ray_cast(a, (AT_1E15 - 10, 0), (20, 0))
    assert ray.hit and ray.fraction == 0.45 and ray.normal == (-1.0, 0.0)
    # 3 apart, closing by 3: the touch at time 1, to within the 4 float spacings (0.5) that
    # the posed box's position can round by on the way.
    found = time_of_impact(a, (0, 0), Box((AT_1E15 + 5, 0), (1, 1)), (-3, 0))
    assert found.hit and found.time == pytest.approx(1.0, abs=0.5 / 3)
    assert not time_of_impact(a, (0, 0), Box((AT_1E15 + 5, 0), (1, 1)), (0, 0)).hit


def scaled_pairs(rng, count, size, offset):
    """Random polygon pairs about ``size`` across, near each other, both ``offset`` away from
    the origin along x and y."""
    pairs = []
    for _ in range(count):
        a = Polygon(convex_vertices(rng, int(rng.integers(3, 9))) * size / 100, (0, 0), rng.uniform(0, 2 * np.pi))
        b = Polygon(convex_vertices(rng, int(rng.integers(3, 9))) * size / 100, (0, 0), rng.uniform(0, 2 * np.pi))
        place_near(rng, a, b)
        a.position = np.add(a.position, offset)
        b.position = np.add(b.position, offset)
        pairs.append((a, b))
    return pairs


SCALES = [(size, offset) for size in (1e-6, 1e-3, 1.0, 1e3, 1e6) for offset in (0.0, 1e3, 1e6, 1e9) if offset <= 1e6 * size]


@pytest.mark.parametrize("size, offset", SCALES, ids=[f"size{s:g}-offset{o:g}" for s, o in SCALES])
def test_verdict_and_depth_agree_with_geos_at_every_scale(size, offset):
    """Pairs whose exact gap (GEOS, on the very vertices sat() sees) is clear of the float
    noise at their place are judged: the verdict, and the depth to a part in 1e-9 of the
    shapes' reach from the origin."""
    rng = np.random.default_rng([int(math.log10(size) + 10), int(math.log10(offset + 1))])
    pairs = scaled_pairs(rng, 120, size, offset)
    a = [x.world_vertices() for x, _ in pairs]
    b = [y.world_vertices() for _, y in pairs]
    gap, _ = oracle.minkowski(a, b)
    reach = max(np.abs(np.concatenate(a + b)).max(), size)
    clear = np.abs(gap) > 1e-9 * reach
    assert clear.sum() >= 100
    for i in np.flatnonzero(clear):
        result = sat(*pairs[i])
        assert result.colliding == (gap[i] < 0), (size, offset, i, gap[i])
        if result.colliding:
            assert abs(result.depth + gap[i]) <= 1e-9 * reach, (size, offset, i, result.depth, gap[i])


FAR = 1e20
"""Where floats are 16384 apart: a box's corners' x round to its centre's (issue 22, case 9)."""


def test_boxes_far_out_along_x_keep_their_overlap_along_y():
    """Measured from A's position, B's offset (0, 50) is exact: the boxes overlap by 70 on y,
    though their world vertices' x all round to 1e20; the report says what the verdict does."""
    result = sat(Box((FAR, 0), (110, 60)), Box((FAR, 50), (110, 60)))
    assert (result.colliding, result.touching, result.depth, tuple(result.normal)) == (True, False, 70.0, (0.0, 1.0))
    assert [test.overlap for test in result.axes] == [220.0, 70.0]
    assert [test.separating for test in result.axes] == [False, False]
    # And 5 apart along y they are apart: the gap is far wider than y's rounding.
    apart = sat(Box((FAR, 0), (110, 60)), Box((FAR, 125), (110, 60)))
    assert (apart.colliding, tuple(apart.normal), apart.separating_axis.overlap) == (False, (0.0, 1.0), -5.0)


def test_circles_polygons_and_tiles_far_out_along_x_keep_their_overlap_along_y():
    """The same for a circle against a circle, a box against a circle, a hexagon against a
    triangle and a box against a round tile, each going out along y: each depth as it is at
    the origin. (Along an axis that runs partly along x, x's rounding at 1e20 counts: see
    TOLERANCE.)"""
    pairs = [
        lambda x: sat(Circle((x, 0), 60), Circle((x, 100), 60)),
        lambda x: sat(Box((x, 0), (110, 60)), Circle((x, 100), 60)),
        lambda x: sat(regular_polygon(6, 60, (x, 0)), regular_polygon(3, 40, (x, 80), -math.pi / 2)),
        lambda x: sat_tile(Box((x, 105), (20, 10)), QuarterTile((x, 0), 100, "NE")),
    ]
    for collide in pairs:
        near, far = collide(0.0), collide(FAR)
        assert near.colliding and not near.touching and near.depth > 1
        assert (far.colliding, far.touching, tuple(far.normal)) == (True, False, tuple(near.normal))
        assert far.depth == pytest.approx(near.depth, rel=1e-12)
