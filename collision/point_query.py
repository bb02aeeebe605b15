"""Point queries: is a point inside a shape, how far from its boundary, and the shortest way out."""

from __future__ import annotations

import math
from typing import NamedTuple

from ._validate import finite_pair
from .capsule import Capsule
from .errors import ShapeError
from .rounded import _contains, _feature, _segments, core, segment_closest
from .shapes import Circle, Polygon
from .vector import Pair, PairLike, Vector
from .verdict import TOLERANCE
from .voronoi import Feature, Region, voronoi_region


class PointQuery(NamedTuple):
    """The answer of :func:`point_query`."""

    inside: bool
    """The point is inside the shape or on its boundary (within the relative tolerance)."""

    distance: float
    """Signed Euclidean distance to the boundary: negative inside, 0 on it, positive outside."""

    closest: Vector
    """The point of the boundary nearest to the query point."""

    push: Vector
    """``closest - point``: the shortest move that puts the point on the boundary."""

    feature: Feature
    """The Voronoi feature whose region holds the point (for a circle: EDGE 0 outside, INSIDE in)."""


def point_query(shape: Polygon | Circle | Capsule, point: PairLike) -> PointQuery:
    """Query ``point`` against ``shape`` (a Polygon, Box, Circle or Capsule); return a :class:`PointQuery`.

    The boundary counts as inside, and a point within the tolerance outside it does too: its
    ``distance`` stays the true, slightly positive number. The tolerance is relative, as in
    :func:`sat`: TOLERANCE times the largest |x| or |y| of the shape's bounds and the point.
    For a polygon the feature is :func:`voronoi_region`'s answer, so ``closest`` is that
    feature's nearest point.

    >>> from collision import Box, Circle
    >>> box = Box((0, 0), (2, 1))
    >>> query = point_query(box, (3, 0))
    >>> query.inside, query.distance, query.closest, query.push
    (False, 1.0, Vector(x=2.0, y=0.0), Vector(x=-1.0, y=0.0))
    >>> query.feature.region, query.feature.index
    (<Region.EDGE: 'edge'>, 0)

    Inside, ``push`` is the shortest way out (the nearer edge wins):

    >>> query = point_query(box, (1.5, 0.25))
    >>> query.inside, query.distance, query.push
    (True, -0.5, Vector(x=0.5, y=0.0))

    On a vertex or an edge the point is inside at distance 0, with nowhere to go:

    >>> point_query(box, (2, 1))[:4]
    (True, 0.0, Vector(x=2.0, y=1.0), Vector(x=0.0, y=0.0))
    >>> point_query(box, (0, 1)).distance
    0.0

    A circle's closest point lies along the line from its centre; at the centre itself every
    rim point is as near as any other, and the answer is the one at angle 0:

    >>> point_query(Circle((0, 0), 2), (0, 5)).closest
    Vector(x=0.0, y=2.0)
    >>> centre = point_query(Circle((1, 1), 2), (1, 1))
    >>> centre.inside, centre.distance, centre.closest, centre.push
    (True, -2.0, Vector(x=3.0, y=1.0), Vector(x=2.0, y=0.0))
    >>> centre.feature.region
    <Region.INSIDE: 'inside'>
    """
    if getattr(shape, "_rounded", False):
        # A capsule or a rounded polygon: the core's nearest point, pushed out by the radius.
        return _rounded(shape, finite_pair(point, "point"))
    if isinstance(shape, Polygon):
        px, py = finite_pair(point, "point")
        feature = voronoi_region(shape, (px, py))
        cx, cy = feature.closest
        distance = math.hypot(cx - px, cy - py)
        if feature.region is Region.INSIDE:
            # 0.0 - d rather than -d: a point on the boundary reads 0.0, not -0.0.
            distance = 0.0 - distance
    elif isinstance(shape, Circle):
        px, py = finite_pair(point, "point")
        (ox, oy), radius = shape.center, shape.radius
        between = math.hypot(px - ox, py - oy)
        if between:
            cx, cy = ox + (px - ox) * radius / between, oy + (py - oy) * radius / between
        else:
            # The centre: every rim point is equally near; take the one at angle 0, as documented.
            cx, cy = ox + radius, oy
        distance = between - radius
        region = Region.INSIDE if distance <= 0 else Region.EDGE
        feature = Feature(region, 0, Vector(cx, cy))
    elif isinstance(point, (Polygon, Circle, Capsule)):
        raise ShapeError("point_query takes the shape first and the point second: point_query(shape, point)")
    else:
        raise ShapeError(f"point_query needs a Polygon, Box, Circle or Capsule as its shape, got {type(shape).__name__}")
    # Float rounding grows with the coordinates' magnitude: judge the boundary relative to it.
    scale = max(max(map(abs, shape.aabb())), abs(px), abs(py))
    return PointQuery(distance <= TOLERANCE * scale, distance, Vector(cx, cy), Vector(cx - px, cy - py), feature)


def _rounded(shape: Polygon | Circle | Capsule, point: Pair) -> PointQuery:
    """:func:`point_query` for a rounded shape (a capsule, or a polygon with a radius): the
    core's nearest point (:mod:`collision.rounded`), pushed out along the way to the query
    point by the radius."""
    px, py = point
    points, normals, radius = core(shape)
    if _contains(points, px, py):
        # Inside the core: out through the nearest edge.
        gaps = [nx * (px - x) + ny * (py - y) for (x, y), (nx, ny) in zip(points, normals)]
        edge = max(range(len(gaps)), key=gaps.__getitem__)
        nx, ny = normals[edge]
        depth = -gaps[edge]
        cx, cy = px + (depth + radius) * nx, py + (depth + radius) * ny
        distance, region, index = 0.0 - depth - radius, Region.INSIDE, edge
    else:
        found = min(
            (segment_closest(p, q, (px, py), (px, py)) + (i,) for i, (p, q) in enumerate(_segments(points))),
            key=lambda f: f[0],
        )
        between, (qx, qy), _, t, _, edge = found
        if between:
            ux, uy = (px - qx) / between, (py - qy) / between
        else:
            # On a capsule's core: every way out is as short; take the side of its first normal.
            ux, uy = normals[0] if normals else (1.0, 0.0)
        cx, cy = qx + radius * ux, qy + radius * uy
        distance = between - radius
        kind, index = _feature(points, edge, t)
        region = Region.INSIDE if distance <= 0 else (Region.VERTEX if kind == "vertex" else Region.EDGE)
    reach = max(max(map(abs, shape.aabb())), abs(px), abs(py))
    closest = Vector(cx, cy)
    return PointQuery(distance <= TOLERANCE * reach, distance, closest, Vector(cx - px, cy - py), Feature(region, index, closest))
