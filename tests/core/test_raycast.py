"""ray_cast() against GEOS and an exact circle computation, on many random rays.

Each case is a seeded random Box, Polygon or Circle and a segment near it. Two thirds of the
segments are ordinary (both ends anywhere within twice the shape's reach); a third graze: along
an edge's line from beyond one of its ends, aimed at a vertex, tangent to a circle, or starting
on the boundary. GEOS answers for polygons: the segment's intersection with the polygon, and
its point nearest the origin. Circles are computed exactly in the test from the foot of the
perpendicular from the centre (a different route from the code's quadratic). Where the two
disagree on hit or miss, the case must be a graze within the tolerance: a hit GEOS misses
passes within it of the shape, a miss GEOS hits never gets deeper into the shape than it.
"""

import math

import numpy as np
import pytest
import shapely

import collision
import oracle
from collision import Box, Circle, Polygon, ShapeError, Vector
from collision.raycast import RayHit, Slab, ray_cast
from random_shapes import random_box, random_circle, random_polygon, reach

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
TIGHT = 1e-9
"""Relative to the case's scale: how far apart the two first points may be on an ordinary ray,
and how far a grazing ray's point may be from the boundary."""
MAKERS = (random_polygon, random_box, random_circle)
GRAZES = ("along edge", "at vertex", "on boundary", "inside")


def _case(rng, index):
    """A shape, an origin, a translation, and whether the ray grazes: every third one does."""
    shape = MAKERS[index % 3](rng)
    centre = np.asarray(shape.position, dtype=float)
    size = reach(shape)
    if index % 3 != (index // 3) % 3:
        # Ordinary: both ends anywhere within twice the reach.
        origin = centre + rng.uniform(-2, 2, 2) * size
        end = centre + rng.uniform(-2, 2, 2) * size
        if np.array_equal(origin, end):
            end = end + 1.0
        return shape, origin, end - origin, False
    kind = GRAZES[int(rng.integers(len(GRAZES)))]
    if isinstance(shape, Circle):
        return (shape, *_circle_graze(rng, shape, kind), True)
    return (shape, *_polygon_graze(rng, shape, kind), True)


def _circle_graze(rng, circle, kind):
    c, r = np.asarray(circle.center), circle.radius
    heading = rng.uniform(0, 2 * np.pi)
    n = np.array([np.cos(heading), np.sin(heading)])
    rim = c + r * n
    if kind == "inside":
        return c + rng.uniform(0, 0.9) * r * n, rng.uniform(-3, 3, 2) * r
    if kind == "on boundary":
        return rim, rng.uniform(-3, 3, 2) * r
    # Tangent at the rim point: from one side of it along the tangent, past it or not.
    t = np.array([-n[1], n[0]])
    before = rng.uniform(0.1, 2) * r
    return rim - before * t, t * before * rng.uniform(0.5, 3)


def _polygon_graze(rng, polygon, kind):
    points = polygon.world_vertices()
    normals = polygon.normals()
    i = int(rng.integers(len(points)))
    v, w = points[i], points[(i + 1) % len(points)]
    edge = w - v
    if kind == "inside":
        centroid = np.asarray(polygon.centroid)
        return centroid + rng.uniform(0, 0.9) * (v - centroid), rng.uniform(-3, 3, 2) * np.linalg.norm(edge)
    if kind == "on boundary":
        return v + rng.uniform(0, 1) * edge, rng.uniform(-3, 3, 2) * np.linalg.norm(edge)
    if kind == "along edge":
        # On the edge's line, from before its first end (or beyond its last), heading along it.
        sign = 1.0 if rng.uniform() < 0.5 else -1.0
        start = v - rng.uniform(0.1, 1) * edge if sign > 0 else w + rng.uniform(0.1, 1) * edge
        return start, sign * edge * rng.uniform(0.5, 3)
    # At a vertex, from a direction between its two edges' normals: in through the vertex.
    before = normals[i - 1]
    mix = rng.uniform(0, 1)
    out = mix * before + (1 - mix) * normals[i]
    out /= np.linalg.norm(out)
    origin = v + out * rng.uniform(0.1, 1) * np.linalg.norm(edge)
    return origin, (v - origin) * rng.uniform(0.5, 3)


def _geos_polygons(polygons, origins, translations):
    """GEOS's distance from each origin to the segment's first point in its polygon, or nan."""
    geoms = oracle.polygons([p.world_vertices() for p in polygons])
    lines = shapely.linestrings(np.stack([origins, origins + translations], axis=1))
    crossing = shapely.intersection(lines, geoms)
    coords, owner = shapely.get_coordinates(crossing, return_index=True)
    first = np.full(len(polygons), np.nan)
    # The crossing is a piece (or pieces) of the segment: its nearest point is one of the coordinates.
    np.fmin.at(first, owner, np.hypot(*(coords - origins[owner]).T))
    return first, geoms, lines


def _exact_circles(circles, origins, translations):
    """The exact distance from each origin to the segment's first point in its circle, or nan,
    from the foot of the perpendicular from the centre."""
    out = np.full(len(circles), np.nan)
    for k, (circle, o, d) in enumerate(zip(circles, origins, translations)):
        c, r = np.asarray(circle.center), circle.radius
        length = math.hypot(*d)
        u = d / length
        to_centre = c - o
        if math.hypot(*to_centre) <= r:
            out[k] = 0.0
            continue
        foot = to_centre @ u
        miss_by = math.hypot(*(to_centre - foot * u))
        if foot >= 0 and miss_by <= r:
            first = foot - math.sqrt(r * r - miss_by * miss_by)
            out[k] = first if first <= length else np.nan
    return out


def _segment_circle_distance(circle, o, d):
    """How far the segment passes from the circle's centre."""
    c = np.asarray(circle.center)
    t = np.clip((c - o) @ d / (d @ d), 0.0, 1.0)
    return math.hypot(*(o + t * d - c))


BOTH = [pytest.param(ray_cast, id="readable"), pytest.param(collision.ray_cast, id="kernel")]
"""collision/raycast.py's ray_cast() and the package's, its kernel (collision/fast/raycast_kernel.py)."""


@pytest.mark.parametrize("function", BOTH)
@pytest.mark.parametrize("count", SIZES)
def test_against_geos(count, function):
    rng = np.random.default_rng(24)
    cases = [_case(rng, k) for k in range(count)]
    # Plain floats, as a program passes them (the kernel sends numpy's to the readable function).
    hits = [function(shape, tuple(o.tolist()), tuple(d.tolist())) for shape, o, d, _ in cases]
    polygon_at = [k for k, case in enumerate(cases) if not isinstance(case[0], Circle)]
    circle_at = [k for k, case in enumerate(cases) if isinstance(case[0], Circle)]
    origins = np.array([case[1] for case in cases], dtype=float)
    translations = np.array([case[2] for case in cases], dtype=float)
    expected = np.full(count, np.nan)
    first, geoms, lines = _geos_polygons([cases[k][0] for k in polygon_at], origins[polygon_at], translations[polygon_at])
    expected[polygon_at] = first
    expected[circle_at] = _exact_circles([cases[k][0] for k in circle_at], origins[circle_at], translations[circle_at])
    geom_of = dict(zip(polygon_at, range(len(polygon_at))))

    hit_count = 0
    for k, ((shape, o, d, grazing), hit) in enumerate(zip(cases, hits)):
        scale = max(np.abs(o).max(), np.abs(o + d).max(), np.abs(shape.aabb()).max())
        length = math.hypot(*d)
        tight = TIGHT * scale
        where = f"case {k}: {shape!r}, origin {tuple(o)}, translation {tuple(d)}: {hit}"
        assert 0.0 <= hit.fraction <= 1.0, where
        if hit.hit and not np.isnan(expected[k]):
            hit_count += 1
            assert math.dist(hit.point, o + hit.fraction * d) <= tight, where
            if not grazing:
                assert abs(hit.fraction * length - expected[k]) <= tight, where
            else:
                # Along an edge, or at a tangent, the first point moves far for a rounding in
                # where the line lies: it must be on the boundary, with nothing deeper before it.
                _check_first_point(shape, hit, o, tight, geoms[geom_of[k]] if k in geom_of else None, where)
            _check_normal(shape, hit, d, tight, where)
        elif hit.hit:
            # GEOS misses: the segment must pass within the tolerance of the shape.
            if isinstance(shape, Circle):
                assert _segment_circle_distance(shape, o, d) - shape.radius <= tight, where
            else:
                assert shapely.distance(lines[geom_of[k]], geoms[geom_of[k]]) <= tight, where
        elif not np.isnan(expected[k]):
            # We miss what the oracle hits: only a graze, never deeper into the shape than the tolerance.
            assert grazing, where
            if isinstance(shape, Circle):
                assert _segment_circle_distance(shape, o, d) >= shape.radius - tight, where
            else:
                shrunk = shapely.buffer(geoms[geom_of[k]], -tight)
                assert not shapely.intersects(lines[geom_of[k]], shrunk), where
        else:
            assert hit == RayHit(False, 1.0, None, Vector(0.0, 0.0), hit.steps), where
    # Not vacuous: a good share of the rays hit.
    assert hit_count > count // 4


def _check_first_point(shape, hit, o, tight, geom, where):
    """A grazing hit's point is on the shape's boundary (or the origin, for a start on or in
    it), and the segment up to it gets no deeper into the shape than the tolerance."""
    p = np.array(hit.point)
    if isinstance(shape, Circle):
        c, r = np.asarray(shape.center), shape.radius
        assert math.dist(p, c) - r <= tight, where
        if hit.fraction > 0:
            assert abs(math.dist(p, c) - r) <= tight, where
            assert _segment_circle_distance(shape, o, p - o) >= r - tight, where
        return
    assert shapely.distance(shapely.Point(p), geom) <= tight, where
    if hit.fraction > 0:
        assert shapely.distance(shapely.Point(p), geom.boundary) <= tight, where
        assert not shapely.intersects(shapely.LineString([o, p]), shapely.buffer(geom, -tight)), where


def _check_normal(shape, hit, d, tight, where):
    """The normal at a hit: (0, 0) for a start inside or on the shape, else unit, facing the
    ray, and the outward normal of a face through the point (radial, for a circle)."""
    if hit.fraction == 0.0 and hit.normal == (0.0, 0.0):
        return
    n = np.array(hit.normal)
    assert abs(np.linalg.norm(n) - 1.0) <= 1e-12, where
    assert n @ d <= tight * np.linalg.norm(d), where
    p = np.array(hit.point)
    if isinstance(shape, Circle):
        radial = (p - np.asarray(shape.center)) / shape.radius
        assert np.abs(n - radial).max() <= 1e-6, where
        return
    points, normals = shape.world_vertices(), shape.normals()
    faces = [i for i in range(len(points)) if np.abs(n - normals[i]).max() <= 1e-12]
    assert faces, where
    assert abs((p - points[faces[0]]) @ normals[faces[0]]) <= tight, where


def test_box_agrees_with_its_polygon():
    """The slab test and Cyrus-Beck on the same box's vertices give the same answer."""
    rng = np.random.default_rng(7)
    for _ in range(500):
        box = random_box(rng)
        same = Polygon(box.world_vertices())
        o = np.asarray(box.center) + rng.uniform(-2, 2, 2) * reach(box)
        d = rng.uniform(-4, 4, 2) * reach(box)
        a, b = ray_cast(box, tuple(o), tuple(d)), ray_cast(same, tuple(o), tuple(d))
        assert a.hit == b.hit, (box, o, d)
        assert abs(a.fraction - b.fraction) <= 1e-12
        assert np.abs(np.array(a.normal) - np.array(b.normal)).max() <= 1e-12


def test_slab_steps():
    """Each slab's span, the running lower and upper ends, and the slab that decides."""
    box = Box((0, 0), (2, 1))
    # Along a diagonal: the y slab is entered at 0.3 and the x slab at 0.25: y decides.
    hit = ray_cast(box, (-3, -4), (4, 10), steps=True)
    x, y = hit.steps
    assert (x.entry, x.exit, x.lower, x.upper) == (0.25, 1.25, 0.25, 1.0)
    assert (y.entry, y.exit, y.lower, y.upper) == (0.3, 0.5, 0.3, 0.5)
    assert (x.decides, y.decides) == (False, True)
    assert hit.fraction == 0.3 and hit.normal == (0.0, -1.0) and hit.point == (-1.8, -1.0)
    # Passing above the corner: into the x slab at 0.5, but out of the y slab at 0.25 already.
    miss = ray_cast(box, (-4, 0), (4, 4), steps=True)
    assert not miss.hit and [s.decides for s in miss.steps] == [False, True]
    assert (miss.steps[1].entry, miss.steps[1].exit) == (-0.25, 0.25)
    assert (miss.steps[1].lower, miss.steps[1].upper) == (0.5, 0.25)
    # From inside, nothing decides, and the steps still show both spans round 0.
    inside = ray_cast(box, (1, 0), (10, 0), steps=True)
    assert inside[:4] == (True, 0.0, (1.0, 0.0), (0.0, 0.0))
    assert not any(s.decides for s in inside.steps) and inside.steps[0].entry < 0 < inside.steps[0].exit
    assert all(isinstance(s, Slab) for s in inside.steps)
    # A turned box's slabs lie across its own axes.
    turned = ray_cast(Box((0, 0), (1, 1), angle=math.pi / 6), (-5, 0), (10, 0), steps=True)
    assert [tuple(round(v, 12) for v in s.axis) for s in turned.steps] == [(0.866025403784, 0.5), (-0.5, 0.866025403784)]
    assert ray_cast(Polygon([(0, 0), (1, 0), (0, 1)]), (-1, 0.5), (3, 0), steps=True).steps == ()
    # Not asked, a box's hit has no steps either: they are a figure's pages.
    assert ray_cast(box, (-3, -4), (4, 10)) == hit._replace(steps=())


def test_starts_inside_or_on():
    shapes = [Box((0, 0), (2, 1), 0.4), Polygon([(0, 0), (4, 0), (0, 4)]), Circle((1, 1), 2)]
    for shape in shapes:
        for start in [(0.5, 0.5), (1, 0)]:
            hit = ray_cast(shape, start, (100, 37))
            assert hit[:4] == (True, 0.0, start, (0.0, 0.0)), shape
    # Exactly on a corner and heading away: still a hit at 0.
    assert ray_cast(Box((0, 0), (2, 1)), (2, 1), (1, 1))[:2] == (True, 0.0)
    assert ray_cast(Circle((0, 0), 1), (0, 1), (0, 5))[:2] == (True, 0.0)


def test_parallel_to_a_face():
    """A segment parallel to a face, outside it, misses however the other faces cut it; on the
    face's line it grazes from the face's first corner."""
    triangle = Polygon([(0, 0), (4, 0), (0, 4)])
    assert not ray_cast(triangle, (-1, -0.5), (10, 0)).hit
    assert ray_cast(triangle, (-1, 0), (10, 0))[:4] == (True, 0.1, (0.0, 0.0), (-1.0, 0.0))
    assert not ray_cast(Box((0, 0), (2, 1)), (-4, -1.5), (10, 0)).hit
    assert ray_cast(Box((0, 0), (2, 1)), (-4, -1), (10, 0))[:4] == (True, 0.2, (-2.0, -1.0), (-1.0, 0.0))


def test_tangents_hit_at_the_touching_point():
    """A segment tangent to a circle touches it: float rounding puts the line a hair inside or
    outside, and within the tolerance it is a hit near the tangent point, never a miss."""
    rng = np.random.default_rng(5)
    for _ in range(300):
        circle = random_circle(rng)
        heading = rng.uniform(0, 2 * np.pi)
        n = np.array([np.cos(heading), np.sin(heading)])
        touch = np.asarray(circle.center) + circle.radius * n
        along = np.array([-n[1], n[0]]) * rng.uniform(1, 50)
        hit = ray_cast(circle, tuple(touch - along), tuple(2 * along))
        assert hit.hit, (circle, touch, along)
        assert math.dist(hit.point, touch) <= 1e-6 * circle.radius
        assert np.abs(np.array(hit.normal) - n).max() <= 1e-6


def test_a_start_within_the_tolerance_outside_counts_as_on():
    """Rounding can put a point on the boundary a hair outside: it still starts on the shape,
    and no slab decides."""
    hair = math.nextafter(-2.0, -3.0)
    hit = ray_cast(Box((0, 0), (2, 1)), (hair, 0.0), (10, 0), steps=True)
    assert hit[:4] == (True, 0.0, (hair, 0.0), (0.0, 0.0))
    assert hit.steps[0].entry > 0 and not any(s.decides for s in hit.steps)
    assert ray_cast(Polygon([(-2, -1), (2, -1), (2, 1), (-2, 1)]), (hair, 0.0), (10, 0)).fraction == 0.0
    assert ray_cast(Circle((0, 0), 2), (hair, 0.0), (10, 0)).fraction == 0.0
    # Beyond the tolerance it is outside: the hit is the first face reached.
    assert ray_cast(Box((0, 0), (2, 1)), (-2.5, 0.0), (10, 0))[:2] == (True, 0.05)


def test_end_on_the_boundary_is_a_hit_at_one():
    assert ray_cast(Box((0, 0), (1, 1)), (-3, 0), (2, 0))[:4] == (True, 1.0, (-1.0, 0.0), (-1.0, 0.0))
    assert ray_cast(Circle((0, 0), 1), (-3, 0), (2, 0))[:4] == (True, 1.0, (-1.0, 0.0), (-1.0, 0.0))
    assert not ray_cast(Circle((0, 0), 1), (-3, 0), (1.999, 0)).hit


def test_far_out_coordinates_do_not_overflow():
    big = 1e150
    hit = ray_cast(Circle((0, 0), big / 10), (big, 0), (-big, 0))
    assert hit.hit and math.isclose(hit.fraction, 0.9)
    hit = ray_cast(Box((0, 0), (big / 10, big / 10)), (big, 0), (-big, 0))
    assert hit.hit and math.isclose(hit.fraction, 0.9) and hit.normal == (1.0, 0.0)
    assert ray_cast(Circle((0, 0), 1), (5, 0), (-1e-300, 0)).hit is False


@pytest.mark.parametrize(
    ("origin", "translation", "message"),
    [
        ((0, 0), (0, 0), "ray translation is (0, 0): give the ray a direction"),
        ((0, 0), (0.0, -0.0), "ray translation is (0, 0)"),
        ((float("nan"), 0), (1, 0), "ray origin x must be a finite number, got nan"),
        ((0, 0), (1, float("inf")), "ray translation y must be a finite number, got inf"),
        ((0, 0), (2e150, 0), "ray translation x is 2e+150: too far out"),
        ((0, -1e151), (1, 0), "ray origin y is -1e+151: too far out"),
        ((0, 0, 0), (1, 0), "ray origin must be an (x, y) pair"),
        ((0, 0), 5, "ray translation must be an (x, y) pair, got 5"),
        (("0", 0), (1, 0), "ray origin x must be a number, got '0'"),
        ((0, 0), (True, 0), "ray translation x must be a number, got True"),
        (None, (1, 0), "ray origin must be an (x, y) pair, got None"),
    ],
)
def test_bad_rays_are_refused(origin, translation, message):
    for shape in (Box((0, 0), (1, 1)), Polygon([(0, 0), (1, 0), (0, 1)]), Circle((0, 0), 1)):
        with pytest.raises(ShapeError, match=f"^{message.replace('(', '[(]').replace(')', '[)]').replace('+', '[+]')}"):
            ray_cast(shape, origin, translation)


def test_a_shape_is_needed():
    with pytest.raises(ShapeError, match="ray_cast needs a Polygon, Box, Circle or Capsule, got tuple"):
        ray_cast((0, 0, 1, 1), (0, 0), (1, 0))
