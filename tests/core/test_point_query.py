"""point_query() against GEOS on many random points: inside, the distance, the closest point.

Each kind of shape gets seeded random shapes with four points near each, a third of the
points moved to within 1e-3 of the boundary (either side). For a polygon or a box GEOS answers
directly: ``covers`` for inside, the boundary's distance, and the distance from the boundary
to the closest point found. GEOS has no circles: for one it gives the distance between the
centre and the point, exact, and the test checks that shapely's polygon circle agrees where
its flats cannot matter.
"""

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, Circle, Polygon, Region, ShapeError, point_query, voronoi_region
from random_shapes import random_box, random_circle, random_polygon

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
CHUNK = 2_000
CLEAR = 1e-9
"""Points whose exact distance to the boundary is within this may go either way on inside."""
SPREAD = {"Polygon": 1.0, "Box": 1.0, "Circle": 2.0}
"""How far out the points go, in squared reaches from the centre: about half land inside."""
MAKERS = {"polygon": random_polygon, "box": random_box, "circle": random_circle}


def _points(rng, shapes, gaps):
    """A point near each shape: about half inside; every third moved to ``gaps`` from the boundary."""
    if isinstance(shapes[0], Circle):
        centres, reach = np.array([s.center for s in shapes]), np.array([s.radius for s in shapes])
    else:
        centres = np.array([s.centroid for s in shapes])
        reach = np.array([np.hypot(*(s.world_vertices() - c).T).max() for s, c in zip(shapes, centres)])
    heading = rng.uniform(0, 2 * np.pi, len(shapes))
    spread = reach * np.sqrt(rng.uniform(0, SPREAD[type(shapes[0]).__name__], len(shapes)))
    points = centres + spread[:, None] * np.column_stack([np.cos(heading), np.sin(heading)])
    grazing = np.arange(len(shapes)) % 3 == 0
    aimed, nearest, inside = _geos(shapes, points)
    away = points - nearest
    length = np.hypot(*away.T)
    # Outward from the boundary, then the aimed gap along it: inside when the gap is negative.
    outward = np.where(inside[:, None], -away, away) / np.where(length > 0, length, 1.0)[:, None]
    return np.where(grazing[:, None], nearest + gaps[:, None] * outward, points)


def _geos(shapes, points):
    """GEOS's distance from each point to its shape's boundary, the nearest boundary point, and
    whether the shape covers the point."""
    if isinstance(shapes[0], Circle):
        centres = np.array([s.center for s in shapes])
        radii = np.array([s.radius for s in shapes])
        between = shapely.distance(shapely.points(centres), shapely.points(points))
        away = (points - centres) / between[:, None]
        return np.abs(between - radii), centres + away * radii[:, None], between <= radii
    geoms = oracle.polygons([s.world_vertices() for s in shapes])
    boundaries = shapely.boundary(geoms)
    where = shapely.points(points)
    nearest = shapely.get_coordinates(shapely.shortest_line(boundaries, where)).reshape(-1, 2, 2)[:, 0, :]
    return shapely.distance(boundaries, where), nearest, shapely.covers(geoms, where)


def _on_boundary(shapes, closest):
    """How far each reported closest point is from its shape's boundary, by GEOS."""
    if isinstance(shapes[0], Circle):
        centres = np.array([s.center for s in shapes])
        return np.abs(shapely.distance(shapely.points(centres), shapely.points(closest)) - [s.radius for s in shapes])
    geoms = oracle.polygons([s.world_vertices() for s in shapes])
    return shapely.distance(shapely.boundary(geoms), shapely.points(closest))


def _judge(shapes, points):
    """Every way the chunk's answers disagree with GEOS, as readable lines."""
    to_boundary, _, covers = _geos(shapes, points)
    answers = [point_query(s, p) for s, p in zip(shapes, points)]
    inside = np.array([a.inside for a in answers])
    distance = np.array([a.distance for a in answers])
    closest = np.array([a.closest for a in answers])
    push = np.array([a.push for a in answers])

    def say(i, what):
        return f"case {i}: {shapes[i]!r} point {tuple(points[i])}: {what}"

    clear = to_boundary > CLEAR
    failures = [say(i, f"inside {inside[i]}, GEOS covers {covers[i]}") for i in np.flatnonzero(clear & (inside != covers))]
    sided = clear & ((distance < 0) != covers)
    failures += [say(i, f"distance {distance[i]!r} on the wrong side") for i in np.flatnonzero(sided)]
    wrong = ~np.isclose(np.abs(distance), to_boundary, rtol=1e-9, atol=1e-12)
    failures += [say(i, f"distance {distance[i]!r}, GEOS {to_boundary[i]!r}") for i in np.flatnonzero(wrong)]
    off = _on_boundary(shapes, closest) > 1e-9 * (1 + np.abs(closest).max(axis=1))
    failures += [say(i, f"closest {closest[i]} is off the boundary") for i in np.flatnonzero(off)]
    pushed = (push != closest - points).any(axis=1)
    failures += [say(i, f"push {push[i]} is not closest - point") for i in np.flatnonzero(pushed)]
    for i, (shape, answer) in enumerate(zip(shapes, answers)):
        if isinstance(shape, Polygon):
            expected = voronoi_region(shape, points[i])
        else:
            expected = (Region.INSIDE if answer.distance <= 0 else Region.EDGE, 0, answer.closest)
        if answer.feature != expected or answer.feature.closest != answer.closest:
            failures.append(say(i, f"feature {answer.feature}, expected {expected}"))
    return failures, int(np.sum(to_boundary <= 1e-3)), int(np.sum(clear & covers))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", list(MAKERS))
def test_point_query_agrees_with_geos(kind, size):
    rng = np.random.default_rng([size, list(MAKERS).index(kind), 4])
    failures, grazing, inside = [], 0, 0
    for _ in range(size // CHUNK):
        # Each shape answers for four points: making random polygons costs more than querying them.
        shapes = [MAKERS[kind](rng) for _ in range(CHUNK // 4)] * 4
        points = _points(rng, shapes, rng.uniform(-1e-3, 1e-3, CHUNK))
        found, graze, within = _judge(shapes, points)
        failures += found
        grazing += graze
        inside += within
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    # The sample itself must be worth testing: many grazing points, many on each side.
    assert grazing >= size // 4
    assert size // 4 <= inside <= size * 3 // 4


def test_circle_oracle_agrees_with_shapely_circle():
    """Where a polygon of 256 flats a quarter cannot tell (the point 1e-3 of the radius clear of
    the rim), shapely's buffered circle covers the points the exact oracle puts inside."""
    rng = np.random.default_rng(2)
    circles = [random_circle(rng) for _ in range(2000)]
    points = _points(rng, circles, rng.uniform(-1e-3, 1e-3, 2000))
    to_rim, _, covers = _geos(circles, points)
    discs = shapely.buffer(shapely.points([c.center for c in circles]), [c.radius for c in circles], quad_segs=256)
    robust = to_rim > 1e-3 * np.array([c.radius for c in circles])
    assert robust.sum() > 1000
    assert (shapely.covers(discs, shapely.points(points))[robust] == covers[robust]).all()


def test_push_jumps_as_the_point_crosses_a_diagonal():
    """Inside a box the push goes to the nearest edge, and jumps to another edge as the point
    crosses the diagonal from a corner (Metanet section 4): inside stays right, the push jumps."""
    box = Box((0, 0), (40, 20))
    below, above = point_query(box, (35, 14.9)), point_query(box, (35, 15.1))
    assert below.inside and above.inside
    assert below.push == pytest.approx((5, 0)) and above.push == pytest.approx((0, 4.9))


def test_tolerance_counts_the_boundary_as_inside():
    """Within TOLERANCE of the largest coordinate (2 to 4 of its float spacings) outside still
    counts as inside: 2e-10 out of a triangle a million units from the origin, where floats are
    1.2e-10 apart, but not 1e-9 (8 spacings), nor 2e-10 out of one at the origin."""
    far = Polygon([(1e6, 0), (1e6 + 1, 0), (1e6, 1)])
    outside_a_little = point_query(far, (1e6 + 0.5, -2e-10))
    assert outside_a_little.inside and outside_a_little.distance == pytest.approx(2e-10)
    assert outside_a_little.feature.region is Region.EDGE
    assert not point_query(far, (1e6 + 0.5, -1e-9)).inside
    assert not point_query(Polygon([(0, 0), (1, 0), (0, 1)]), (0.5, -2e-10)).inside
    assert point_query(Circle((1e6, 0), 1), (1e6 + 1 + 2e-10, 0)).inside
    assert not point_query(Circle((1e6, 0), 1), (1e6 + 1 + 1e-9, 0)).inside


def test_degenerate_points():
    triangle = Polygon([(0, 0), (4, 0), (0, 3)])
    on_vertex = point_query(triangle, (4, 0))
    assert on_vertex.inside and on_vertex.distance == 0.0 and on_vertex.push == (0.0, 0.0)
    assert on_vertex.feature.region is Region.INSIDE
    on_edge = point_query(triangle, (2, 1.5))
    assert on_edge.distance == 0.0 and on_edge.closest == (2.0, 1.5)
    on_rim = point_query(Circle((0, 0), 5), (3, 4))
    assert on_rim.inside and on_rim.distance == 0.0 and on_rim.feature.region is Region.INSIDE
    centre = point_query(Circle((5, -2), 3), (5, -2))
    assert centre.closest == (8.0, -2.0) and centre.push == (3.0, 0.0) and centre.distance == -3.0


@pytest.mark.parametrize(
    "shape, point, message",
    [
        (Circle((0, 0), 1), (0, float("nan")), "point y must be a finite number"),
        (Polygon([(0, 0), (1, 0), (0, 1)]), (1, 2, 3), r"point must be an \(x, y\) pair"),
        (Polygon([(0, 0), (1, 0), (0, 1)]), "ab", "point x must be a number"),
        ("circle", (0, 0), "needs a Polygon, Box, Circle or Capsule as its shape, got str"),
        ((0, 0), Circle((0, 0), 1), "takes the shape first and the point second"),
    ],
)
def test_bad_input_says_what_to_fix(shape, point, message):
    with pytest.raises(ShapeError, match=message):
        point_query(shape, point)
