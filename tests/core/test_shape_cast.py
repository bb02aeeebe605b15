"""shape_cast against GEOS: the cores' exact distance at the fraction found, the swept core's
distance for a miss, and a sampled search along the translation for the first touch.

What Box2D's cast promises, in the cores' distance d(t) at fraction t of the translation
(``target`` = the radii's sum less a slop, at least a slop):

- a hit at fraction f > 0: d(f) within a quarter slop above the target, and d never below
  the target before f (conservative advancement never steps past a touch);
- a miss: d stays above the target all the way (GEOS's distance to B's core swept along the
  whole translation, the hull of its two ends, is exactly the least d over the cast);
- a cast that starts within a quarter slop of the target: an initial overlap, fraction 0.

Each oracle was seen failing on a planted error (the advance overshot by 1 %; a miss
reported for any fraction past a half).
"""

import math

import numpy as np
import pytest
import shapely

from collision import Box, Capsule, Circle, Polygon, shape_cast
from collision.cast import SLOP
from random_shapes import convex_vertices

SIZES = [pytest.param(400, id="400"), pytest.param(4_000, id="4k", marks=pytest.mark.slow)]
SAMPLES = 200
"""Points of the sampled search along the translation."""
TIGHT = 1e-9
"""Float noise, relative to the case's largest coordinate."""


def random_shape(rng, kind):
    position, angle = rng.uniform(-60, 60, 2), rng.uniform(0, 2 * np.pi)
    if kind == 0:
        return Box(position, rng.uniform(5, 40, 2), angle)
    if kind == 1:
        return Polygon(convex_vertices(rng, int(rng.integers(3, 9))), position, angle)
    if kind == 2:
        return Polygon(convex_vertices(rng, int(rng.integers(3, 7))), position, angle, radius=rng.uniform(1, 15))
    if kind == 3:
        half = rng.uniform(5, 40)
        return Capsule((-half, 0), (half, 0), rng.uniform(1, 20), position, angle)
    return Circle(position, rng.uniform(3, 40))


def core(shape, offset=(0.0, 0.0)):
    """The shape's core as a GEOS geometry, slid by ``offset``, and its radius."""
    if isinstance(shape, Circle):
        points = np.array([shape.center])
    elif isinstance(shape, Capsule):
        points = shape.world_points()
    else:
        points = shape.world_vertices()
    points = points + np.asarray(offset)
    if len(points) == 1:
        return shapely.Point(points[0]), shape.radius
    if len(points) == 2:
        return shapely.LineString(points), shape.radius
    return shapely.Polygon(points), shape.radius


def cases(count, seed):
    rng = np.random.default_rng(seed)
    for index in range(count):
        a, b = random_shape(rng, index % 5), random_shape(rng, (index // 5) % 5)
        # Half aimed at A, half anywhere; long enough to reach it or pass it.
        aim = np.asarray(a.aabb()[:2]) - np.asarray(b.aabb()[:2]) if index % 2 else rng.normal(size=2)
        aim = aim / (np.hypot(*aim) or 1.0) * rng.uniform(20, 300)
        yield index, a, b, aim


def distance_at(a, b, translation, t):
    core_a, _ = core(a)
    core_b, _ = core(b, t * np.asarray(translation))
    return core_a.distance(core_b)


@pytest.mark.parametrize("count", SIZES)
def test_shape_cast_against_geos_and_a_sampled_search(count):
    seen = {"hit": 0, "miss": 0, "overlap": 0}
    for index, a, b, d in cases(count, seed=37):
        found = shape_cast(a, b, d)
        target = max(SLOP, a.radius + b.radius - SLOP)
        tight = TIGHT * (max(abs(v) for s in (a, b) for v in s.aabb()) + float(np.abs(d).max()))
        start = distance_at(a, b, d, 0.0)
        if start < target + 0.25 * SLOP - tight:
            # Already within the aim: Box2D's initial overlap.
            assert found.hit and found.fraction == 0.0 and found.normal == (0.0, 0.0), (index, found)
            seen["overlap"] += 1
            continue
        if start < target + 0.25 * SLOP + tight:
            continue  # on the knife edge of the rule: either answer is right
        # The sampled search: the first sample where B's core comes within the aim.
        samples = np.linspace(0.0, 1.0, SAMPLES + 1)
        first = next((t for t in samples if distance_at(a, b, d, t) < target), None)
        core_a, _ = core(a)
        swept = shapely.convex_hull(shapely.union(core(b)[0], core(b, d)[0]))
        if not found.hit:
            # GEOS: B's core swept over the whole translation stays beyond the aim.
            assert core_a.distance(swept) >= target - tight, (index, a, b, d)
            assert first is None, (index, first)
            seen["miss"] += 1
            continue
        seen["hit"] += 1
        f = found.fraction
        assert 0.0 < f < 1.0, (index, found)
        # GEOS at the fraction found: within a quarter slop above the aim.
        gap = distance_at(a, b, d, f)
        assert target - tight <= gap <= target + 0.25 * SLOP + tight, (index, gap, target, found)
        # And never inside the aim before it: B's core swept from 0 to f.
        swept_to_f = shapely.convex_hull(shapely.union(core(b)[0], core(b, f * d)[0]))
        assert core_a.distance(swept_to_f) >= target - tight, (index, found)
        # The sampled search finds no touch before the fraction (less a quarter slop of travel).
        if first is not None:
            assert f <= first + 0.25 * SLOP / np.hypot(*d) + TIGHT, (index, f, first)
        # The point lies on A's surface and the normal runs along the cores' nearest line.
        assert abs(core_a.distance(shapely.Point(found.point)) - a.radius) <= tight * 10, (index, found)
        line = shapely.shortest_line(core_a, core(b, f * d)[0])
        (x0, y0), (x1, y1) = line.coords
        length = math.hypot(x1 - x0, y1 - y0)
        assert math.hypot(found.normal.x - (x1 - x0) / length, found.normal.y - (y1 - y0) / length) <= 1e-6, (index, found)
    assert min(seen.values()) > count // 20, seen


def test_an_encroaching_cast_moves_a_slop_closer_then_stops():
    """Rounded shapes already a little into each other: the plain cast is stuck at 0, the
    encroaching one closes by one slop and no more, and either may leave freely."""
    a, b = Box((0, 0), (10, 10), radius=2), Circle((15, 0), 4)
    assert distance_at(a, b, (0, 0), 0) == pytest.approx(5.0)
    plain = shape_cast(a, b, (-10, 0))
    assert plain.hit and plain.fraction == 0.0
    closer = shape_cast(a, b, (-10, 0), can_encroach=True)
    assert closer.hit and closer.fraction * 10 == pytest.approx(SLOP)
    assert closer.normal == (1.0, 0.0)
    assert not shape_cast(a, b, (10, 0), can_encroach=True).hit


def test_bad_input_says_what_to_fix():
    from collision import ShapeError

    with pytest.raises(ShapeError, match="expected a Polygon, Box, Circle or Capsule as B, got tuple"):
        shape_cast(Circle((0, 0), 1), (0, 0), (1, 0))
    with pytest.raises(ShapeError, match=r"translation must be an \(x, y\) pair, got 5"):
        shape_cast(Circle((0, 0), 1), Circle((5, 0), 1), 5)
