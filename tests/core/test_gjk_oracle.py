"""gjk() and its EPA against GEOS and sat() on many random pairs: the verdict, the distance and
closest points, and the depth and normal of every overlap.

The pairs are test_sat_oracle's: seeded, every third one moved to within 1e-3 of touching.
GEOS gives the exact distance (shapely.distance, or point-polygon distance less the radius)
and the exact depth (the Minkowski difference, or point-polygon distance plus the radius).
"""

import math

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, Circle, Polygon, ShapeError, Stop, gjk, minkowski_difference, regular_polygon, sat, support
from random_shapes import random_box, random_circle
from test_sat_oracle import CATEGORIES, CLEAR, PolygonCirclePairs, _draw

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
CHUNK = 2_000
CLOSE = 1e-9
"""How closely distances, depths, normals and closest points must match."""


class BoxCirclePairs(PolygonCirclePairs):
    make = staticmethod(lambda rng: (random_box(rng), random_circle(rng)))


FAMILIES = {
    "box-box": CATEGORIES["box-box"],
    "polygon-polygon": CATEGORIES["polygon-polygon"],
    "box-circle": BoxCirclePairs(),
}


def _distances(a, b):
    """GEOS's distance between each pair, and from each closest point to its own shape."""
    shapes_a = oracle.polygons([shape.world_vertices() for shape in a])
    if isinstance(b[0], Circle):
        centres = np.array([c.center for c in b])
        radii = np.array([c.radius for c in b])
        apart = shapely.distance(shapes_a, shapely.points(centres)) - radii

        def off_b(points):
            return np.abs(np.hypot(*(points - centres).T) - radii)

    else:
        shapes_b = oracle.polygons([shape.world_vertices() for shape in b])
        apart = shapely.distance(shapes_a, shapes_b)

        def off_b(points):
            return shapely.distance(shapely.boundary(shapes_b), shapely.points(points))

    def off_a(points):
        return shapely.distance(shapely.boundary(shapes_a), shapely.points(points))

    return apart, off_a, off_b


def _tie(result):
    """Whether another axis comes within CLOSE of sat's least overlap: then either is the way out."""
    overlaps = sorted(test.overlap for test in result.axes)
    return len(overlaps) > 1 and overlaps[1] - overlaps[0] <= CLOSE


def _judge(family, a, b):
    gap, _ = family.gaps(a, b)
    apart, off_a, off_b = _distances(a, b)
    results = [gjk(x, y) for x, y in zip(a, b)]
    separated = np.array([not r.colliding for r in results])
    nearest_a = np.array([r.closest_a if r.closest_a else (0.0, 0.0) for r in results])
    nearest_b = np.array([r.closest_b if r.closest_b else (0.0, 0.0) for r in results])
    on_a, on_b = off_a(nearest_a), off_b(nearest_b)
    failures = []
    for i, result in enumerate(results):
        where = f"pair {i}: A={a[i]!r} B={b[i]!r} exact gap {gap[i]:.3e}"
        if result.stop is Stop.ITERATION_CAP or (result.epa and result.epa.stop is Stop.ITERATION_CAP):
            failures.append(f"{where}: hit the iteration cap")
        if abs(gap[i]) <= CLEAR:
            continue
        if result.colliding != (gap[i] < 0):
            failures.append(f"{where}: colliding {result.colliding}")
        elif separated[i]:
            if abs(result.distance - apart[i]) > CLOSE:
                failures.append(f"{where}: distance {result.distance!r}, GEOS {apart[i]!r}")
            if abs(math.dist(result.closest_a, result.closest_b) - result.distance) > CLOSE:
                failures.append(f"{where}: closest points {result.closest_a}, {result.closest_b} not {result.distance} apart")
            if on_a[i] > CLOSE or on_b[i] > CLOSE:
                failures.append(f"{where}: closest points off their shapes by {on_a[i]:.3e}, {on_b[i]:.3e}")
        else:
            expected = sat(a[i], b[i])
            if abs(result.depth - expected.depth) > CLOSE or abs(result.depth + gap[i]) > CLOSE:
                failures.append(f"{where}: depth {result.depth!r}, sat {expected.depth!r}, GEOS {-gap[i]!r}")
            if not _tie(expected) and np.abs(np.subtract(result.normal, expected.normal)).max() > CLOSE:
                failures.append(f"{where}: normal {result.normal}, sat {expected.normal}")
            if isinstance(b[i], Polygon) and result.epa is None:
                failures.append(f"{where}: two polygons overlap, yet no EPA")
    return failures, int(np.sum(np.abs(gap) <= 1e-3)), int(np.sum(gap < -CLEAR))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(FAMILIES))
def test_gjk_agrees_with_geos_and_sat(name, size):
    family = FAMILIES[name]
    rng = np.random.default_rng([size, 100 + list(FAMILIES).index(name)])
    failures, grazing, overlapping = [], 0, 0
    for _ in range(size // CHUNK):
        found, graze, overlap = _judge(family, *_draw(family, rng, CHUNK))
        failures += found
        grazing += graze
        overlapping += overlap
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    # The sample itself must be worth testing: many grazing pairs, many of both verdicts.
    assert grazing >= size // 4
    assert size // 5 <= overlapping <= size * 4 // 5
