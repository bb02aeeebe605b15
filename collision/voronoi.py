"""Voronoi regions of a convex polygon: which feature (edge or vertex) a point is closest to."""

import math
from enum import Enum
from typing import NamedTuple

from ._validate import finite_pair
from .shapes import Polygon
from .errors import ShapeError
from .vector import Vector


class Region(Enum):
    """The kind of feature whose Voronoi region holds a point."""

    INSIDE = "inside"
    """The point is inside the polygon or on its boundary."""

    EDGE = "edge"
    """Outside, and closest to the inner part of an edge."""

    VERTEX = "vertex"
    """Outside, and closest to a vertex."""


class Feature(NamedTuple):
    """The answer of :func:`voronoi_region`."""

    region: Region
    """Inside, edge or vertex."""

    index: int
    """The vertex index, the edge index (edge i runs from vertex i to i + 1), or for a point
    inside, the edge nearest to it."""

    closest: Vector
    """The nearest point on the polygon's boundary."""


def vertex_region(points, px, py):
    """Index of the vertex whose Voronoi region holds (px, py), or -1; ``points`` counter-clockwise."""
    n = len(points)
    for i in range(n):
        x, y = points[i]
        before_x, before_y = points[i - 1]
        after_x, after_y = points[(i + 1) % n]
        dx, dy = px - x, py - y
        # Past the end of the edge that arrives here, and short of the start of the edge that leaves.
        if dx * (x - before_x) + dy * (y - before_y) > 0 and dx * (after_x - x) + dy * (after_y - y) < 0:
            return i
    return -1


def voronoi_region(polygon, point):
    """Find the feature of ``polygon`` whose Voronoi region holds ``point``.

    Returns a :class:`Feature`. A point on the border between two regions goes to the vertex;
    a point on the polygon's boundary counts as inside. The answer holds far from the origin
    too, where the polygon's placed vertices would round together:

    >>> from collision import Box
    >>> box = Box((0, 0), (1, 1))
    >>> voronoi_region(box, (3, 0))
    Feature(region=<Region.EDGE: 'edge'>, index=0, closest=Vector(x=1.0, y=0.0))
    >>> voronoi_region(box, (2, 2))
    Feature(region=<Region.VERTEX: 'vertex'>, index=1, closest=Vector(x=1.0, y=1.0))
    >>> voronoi_region(box, (0, 0.5)).region
    <Region.INSIDE: 'inside'>
    >>> voronoi_region(Box((1e20, 0), (110, 60)), (0, 0))
    Feature(region=<Region.EDGE: 'edge'>, index=2, closest=Vector(x=1e+20, y=0.0))
    """
    if not isinstance(polygon, Polygon):
        raise ShapeError(f"voronoi_region needs a Polygon or Box, got {type(polygon).__name__}")
    px, py = finite_pair(point, "point")
    # Work in the polygon's own frame, centred on its position: placed at 1e20, a box 220 wide
    # has vertices that round to the same float, but its shape relative to its position is exact.
    ox, oy = polygon.position
    px, py = px - ox, py - oy
    if not math.isfinite(px + py):
        raise ShapeError(f"point {tuple(point)} is too far from the polygon at {tuple(polygon.position)} to compare")
    c, s = math.cos(polygon.angle), math.sin(polygon.angle)
    points = [(c * x - s * y, s * x + c * y) for x, y in polygon.local_vertices.tolist()]
    vertex = vertex_region(points, px, py)
    if vertex >= 0:
        return Feature(Region.VERTEX, vertex, Vector(*polygon._placed().points[vertex]))
    inside = True
    nearest = (math.inf, True, -1, 0.0, 0.0)
    for i, ((x0, y0), (x1, y1)) in enumerate(zip(points, points[1:] + points[:1])):
        ex, ey = x1 - x0, y1 - y0
        length = math.hypot(ex, ey)
        # Along the unit edge, so no product of two large lengths can overflow.
        ux, uy = ex / length, ey / length
        dx, dy = px - x0, py - y0
        outside = dx * uy - dy * ux > 0
        if outside:
            # On the right of a counter-clockwise edge: outside the polygon.
            inside = False
        t = min(max((dx * ux + dy * uy) / length, 0.0), 1.0)
        cx, cy = x0 + t * ex, y0 + t * ey
        # Far away, distances to opposite edges round to the same float: the edge the point
        # lies outside of is the one whose region holds it.
        rank = (math.hypot(px - cx, py - cy), not outside)
        if rank < nearest[:2]:
            nearest = (*rank, i, cx, cy)
    _, _, index, cx, cy = nearest
    return Feature(Region.INSIDE if inside else Region.EDGE, index, Vector(cx + ox, cy + oy))
