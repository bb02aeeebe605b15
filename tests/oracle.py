"""Exact answers from GEOS (through shapely), independent of the code under test.

Every function takes world vertices or centres in bulk and answers for all pairs at once.
A signed gap is the distance between two shapes when apart and minus the penetration depth
when they overlap.
"""

import numpy as np
import shapely


def _first_points(lines):
    """The first coordinate of each LineString: on the first geometry of shortest_line."""
    return shapely.get_coordinates(lines).reshape(-1, 2, 2)[:, 0, :]


def polygons(vertex_arrays):
    """A shapely Polygon for each array of vertices, made all at once."""
    counts = [len(v) for v in vertex_arrays]
    rings = shapely.linearrings(np.concatenate(vertex_arrays), indices=np.repeat(np.arange(len(counts)), counts))
    return shapely.polygons(rings)


def minkowski(a_vertices, b_vertices):
    """The exact signed gap of each polygon pair, from the Minkowski difference M = A - B,
    and the translation of B that would make the pair just touch (M's boundary point nearest
    the origin)."""
    diffs = [(a[:, None, :] - b[None, :, :]).reshape(-1, 2) for a, b in zip(a_vertices, b_vertices)]
    index = np.repeat(np.arange(len(diffs)), [len(d) for d in diffs])
    # A line string through the differences has the same hull as their multipoint, and GEOS
    # builds it from the coordinates alone, without a point geometry for each (10x faster).
    hulls = shapely.convex_hull(shapely.linestrings(np.concatenate(diffs), indices=index))
    origins = shapely.points(np.zeros((len(diffs), 2)))
    touch = _first_points(shapely.shortest_line(shapely.boundary(hulls), origins))
    distance = np.hypot(touch[:, 0], touch[:, 1])
    inside = shapely.contains_xy(hulls, 0.0, 0.0)
    return np.where(inside, -distance, distance), touch


def circle_polygon(polygon_geoms, centers, radii):
    """The exact signed gap of each (polygon, circle) pair, and the polygon's boundary point
    nearest each centre."""
    points = shapely.points(centers)
    boundaries = shapely.boundary(polygon_geoms)
    to_boundary = shapely.distance(boundaries, points)
    inside = shapely.contains_xy(polygon_geoms, centers[:, 0], centers[:, 1])
    nearest = _first_points(shapely.shortest_line(boundaries, points))
    return np.where(inside, -(radii + to_boundary), to_boundary - radii), nearest


def circle_circle(centers_a, radii_a, centers_b, radii_b):
    """The exact signed gap of each circle pair."""
    between = shapely.distance(shapely.points(centers_a), shapely.points(centers_b))
    return between - radii_a - radii_b


def outline(shape):
    """Any of the core's shapes as GEOS holds it: a round part as a buffer of 512 steps a
    quarter turn, within r (1 - cos(pi / 2048)) of the true arc (under 1e-4 for radii up to 100)."""
    from collision import Capsule, Circle

    if isinstance(shape, Circle):
        return shapely.Point(shape.center).buffer(shape.radius, quad_segs=512)
    if isinstance(shape, Capsule):
        return shapely.LineString(shape.world_points()).buffer(shape.radius, quad_segs=512)
    core = shapely.Polygon(shape.world_vertices())
    return core.buffer(shape.radius, quad_segs=512) if shape.radius else core
