"""sat() against GEOS on many random pairs: the verdict, the exact depth, the MTV, symmetry.

Each category draws seeded random pairs, a third of them moved to within 1e-3 of touching.
GEOS gives the exact signed gap: shapely's intersects and distances for the verdict, the
Minkowski difference (polygons) or point-polygon distance (circles) for the depth.
"""

import numpy as np
import pytest
import shapely

import oracle
from collision import sat
from random_shapes import grazing_offsets, place_near, random_box, random_circle, random_polygon

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
CHUNK = 2_000
CLEAR = 1e-9
"""Pairs whose exact gap is within this of zero may go either way and are not judged."""
DEPTH = 1e-6
"""How closely depth and the touching after the MTV must match GEOS."""


def _vertices(shapes, shifts=None):
    vertices = [shape.world_vertices() for shape in shapes]
    return vertices if shifts is None else [v + s for v, s in zip(vertices, shifts)]


def _centres(circles, shifts=None):
    centres = np.array([c.center for c in circles])
    return centres if shifts is None else centres + shifts


def _radii(circles):
    return np.array([c.radius for c in circles])


class PolygonPairs:
    """Both shapes polygons: Minkowski difference for the gap, intersects for the verdict."""

    def __init__(self, make):
        self.make = make

    def gaps(self, a, b, shifts=None):
        return oracle.minkowski(_vertices(a), _vertices(b, shifts))

    def grazing_moves(self, a, b, touch, eps):
        gap, _ = self.gaps(a, b)
        # Move B to the touching translation, then eps further out along M's outward normal.
        unit = touch / np.hypot(*touch.T)[:, None]
        outward = np.where((gap < 0)[:, None], unit, -unit)
        return touch + eps[:, None] * outward

    def intersects(self, a, b):
        return shapely.intersects(oracle.polygons(_vertices(a)), oracle.polygons(_vertices(b)))


class PolygonCirclePairs:
    """A polygon and a circle: point-polygon distances for both the gap and the verdict."""

    make = staticmethod(lambda rng: (random_polygon(rng), random_circle(rng)))

    def gaps(self, a, b, shifts=None):
        return oracle.circle_polygon(oracle.polygons(_vertices(a)), _centres(b, shifts), _radii(b))

    def grazing_moves(self, a, b, nearest, eps):
        gap, _ = self.gaps(a, b)
        centres = _centres(b)
        away = centres - nearest
        # Outward from the boundary: towards the centre if it is outside, away from it if inside.
        outward = np.where((gap < -_radii(b))[:, None], -away, away) / np.hypot(*away.T)[:, None]
        return nearest + (_radii(b) + eps)[:, None] * outward - centres

    def intersects(self, a, b):
        return self.gaps(a, b)[0] <= 0


class CirclePairs:
    """Two circles: the distance between centres for both the gap and the verdict."""

    make = staticmethod(lambda rng: (random_circle(rng), random_circle(rng)))

    def gaps(self, a, b, shifts=None):
        return oracle.circle_circle(_centres(a), _radii(a), _centres(b, shifts), _radii(b)), None

    def grazing_moves(self, a, b, _, eps):
        between = _centres(b) - _centres(a)
        unit = between / np.hypot(*between.T)[:, None]
        target = _centres(a) + unit * (_radii(a) + _radii(b) + eps)[:, None]
        return target - _centres(b)

    def intersects(self, a, b):
        return self.gaps(a, b)[0] <= 0


CATEGORIES = {
    "box-box": PolygonPairs(lambda rng: (random_box(rng), random_box(rng))),
    "polygon-polygon": PolygonPairs(lambda rng: (random_polygon(rng), random_polygon(rng))),
    "polygon-circle": PolygonCirclePairs(),
    "circle-circle": CirclePairs(),
}


def _draw(category, rng, count):
    """``count`` placed pairs, every third one moved to graze."""
    pairs = [category.make(rng) for _ in range(count)]
    for a, b in pairs:
        place_near(rng, a, b)
    a, b = map(list, zip(*pairs))
    grazing = np.arange(count) % 3 == 0
    ga, gb = [a[i] for i in np.flatnonzero(grazing)], [b[i] for i in np.flatnonzero(grazing)]
    _, touch = category.gaps(ga, gb)
    moves = category.grazing_moves(ga, gb, touch, grazing_offsets(rng, len(ga)))
    for shape, move in zip(gb, moves):
        shape.position = np.asarray(shape.position) + move
    return a, b


def _judge(category, a, b):
    """Every way the chunk's results disagree with GEOS, as readable lines."""
    gap, _ = category.gaps(a, b)
    intersects = category.intersects(a, b)
    results = [sat(x, y) for x, y in zip(a, b)]
    swapped = [sat(y, x) for x, y in zip(a, b)]
    mtvs = np.array([r.mtv for r in results])
    after, _ = category.gaps(a, b, mtvs)
    failures = []
    for i, (result, other) in enumerate(zip(results, swapped)):
        if abs(gap[i]) <= CLEAR:
            continue
        # The pair's description only for a failure: making it for every pair costs more than judging it.
        where = lambda: f"pair {i}: A={a[i]!r} B={b[i]!r} exact gap {gap[i]:.3e}"
        if bool(intersects[i]) != (gap[i] < 0):
            failures.append(f"{where()}: the oracle contradicts itself (intersects={intersects[i]})")
        if result.colliding != (gap[i] < 0) or other.colliding != result.colliding:
            failures.append(f"{where()}: colliding {result.colliding}, swapped {other.colliding}")
        elif result.colliding:
            if abs(result.depth + gap[i]) > DEPTH:
                failures.append(f"{where()}: depth {result.depth!r}, exact {-gap[i]!r}")
            if abs(after[i]) > DEPTH:
                failures.append(f"{where()}: after moving B by {result.mtv} the gap is {after[i]:.3e}")
            if max(abs(result.mtv.x + other.mtv.x), abs(result.mtv.y + other.mtv.y)) > 1e-9:
                failures.append(f"{where()}: mtv {result.mtv} but swapped {other.mtv}")
        elif result.mtv != (0.0, 0.0) or result.depth != 0.0 or result.separating_axis is None:
            failures.append(f"{where()}: separated, yet mtv {result.mtv}, depth {result.depth}")
    return failures, int(np.sum(np.abs(gap) <= 1e-3)), int(np.sum(gap < -CLEAR))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(CATEGORIES))
def test_sat_agrees_with_geos(name, size):
    category = CATEGORIES[name]
    rng = np.random.default_rng([size, list(CATEGORIES).index(name)])
    failures, grazing, overlapping = [], 0, 0
    for _ in range(size // CHUNK):
        found, graze, overlap = _judge(category, *_draw(category, rng, CHUNK))
        failures += found
        grazing += graze
        overlapping += overlap
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    # The sample itself must be worth testing: many grazing pairs, many of both verdicts.
    assert grazing >= size // 4
    assert size // 5 <= overlapping <= size * 4 // 5


def test_grazing_moves_land_where_aimed():
    """The generator's grazing pairs really are within 1e-3 of touching, on both sides."""
    rng = np.random.default_rng(7)
    for category in CATEGORIES.values():
        a, b = _draw(category, rng, 300)
        gap, _ = category.gaps(a, b)
        aimed = gap[::3]
        assert np.abs(aimed).max() <= 1.01e-3
        assert (aimed < 0).any() and (aimed > 0).any()


def test_circle_is_b_or_a_alike():
    """A circle as shape A gets the same axes as as shape B, with the MTV reversed."""
    rng = np.random.default_rng(11)
    for _ in range(200):
        polygon, circle = random_polygon(rng), random_circle(rng)
        place_near(rng, polygon, circle)
        forward, backward = sat(polygon, circle), sat(circle, polygon)
        assert [t.source._replace(shape="B") for t in forward.axes] == [t.source for t in backward.axes]
        assert np.allclose(forward.mtv, np.negative(backward.mtv), atol=1e-9)
