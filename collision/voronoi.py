"""Voronoi regions of a convex polygon: which feature (edge or vertex) a point is closest to."""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from ._validate import finite_pair
from .shapes import Polygon
from .errors import ShapeError
from .vector import Pair, PairLike, Vector


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

    # The field shadows tuple.index, as a field of this name must; the API has had it from the start.
    index: int  # type: ignore[assignment]
    """The vertex index, the edge index (edge i runs from vertex i to i + 1), or for a point
    inside, the edge nearest to it."""

    closest: Vector
    """The nearest point on the polygon's boundary."""


def vertex_region(points: Sequence[Pair], px: float, py: float) -> int:
    """Index of the vertex whose Voronoi region holds (px, py), or -1; ``points`` counter-clockwise."""
    for i in range(len(points)):
        if in_vertex_region(points, i, px, py):
            return i
    return -1


def in_vertex_region(points: Sequence[Pair], i: int, px: float, py: float) -> bool:
    """Whether (px, py) lies in the Voronoi region of vertex ``i`` of the counter-clockwise
    ``points``: beyond the end of the edge that arrives there and short of the start of the
    edge that leaves, so that the vertex itself is the polygon's nearest point.

    >>> square = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    >>> in_vertex_region(square, 2, 3.0, 2.0), in_vertex_region(square, 2, 3.0, 0.5)
    (True, False)
    """
    x, y = points[i]
    before_x, before_y = points[i - 1]
    after_x, after_y = points[(i + 1) % len(points)]
    dx, dy = px - x, py - y
    return dx * (x - before_x) + dy * (y - before_y) > 0 and dx * (after_x - x) + dy * (after_y - y) < 0


def nearest_vertex(points: Sequence[Pair], px: float, py: float) -> int:
    """Index of the vertex of ``points`` nearest (px, py), the first of equals. If any
    vertex's Voronoi region holds the point, it is this vertex's: there the vertex is the
    polygon's nearest point.

    >>> nearest_vertex(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)), 2.0, 2.0)
    2
    """
    nearest, best = 0, math.inf
    for index, (x, y) in enumerate(points):
        distance = (x - px) * (x - px) + (y - py) * (y - py)
        if distance < best:
            nearest, best = index, distance
    return nearest


def box_corner_region(box: Sequence[float], dx: float, dy: float) -> int:
    """Index of the box corner whose Voronoi region holds the point (dx, dy) from the box's
    centre, or -1: the box-circle lesson's test in the box's own frame. ``box`` is (xx, xy,
    yx, yy), the halfwidth vectors. The point is in a corner's region when it lies beyond the
    box's sides along both of the box's own axes; the signs name the corner (LR, UR, UL, LL
    are 0 to 3, as in :class:`~collision.Box`).

    >>> box = (2.0, 0.0, 0.0, 1.0)
    >>> box_corner_region(box, 3.0, 2.0), box_corner_region(box, -3.0, -2.0), box_corner_region(box, 3.0, 0.5)
    (1, 3, -1)
    """
    xx, xy, yx, yy = box
    # Along each halfwidth vector w, the point is beyond the box where d . w > w . w.
    along_x, along_y = dx * xx + dy * xy, dx * yx + dy * yy
    if abs(along_x) <= xx * xx + xy * xy or abs(along_y) <= yx * yx + yy * yy:
        # Level with a side, or inside: an edge's region (or none).
        return -1
    if along_x > 0:
        return 1 if along_y > 0 else 0
    return 2 if along_y > 0 else 3


def voronoi_region(polygon: Polygon, point: PairLike) -> Feature:
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
