"""The Minkowski difference A - B of two shapes, and the support functions GJK walks on.

A and B overlap exactly when A - B = {a - b : a in A, b in B} holds the origin, and the
shortest way from the origin out of A - B is the MTV. For polygons A - B is a convex polygon
whose edges are A's edges and B's edges reversed, so its edge normals are SAT's axes.
"""

from __future__ import annotations

import math

from ._validate import finite_pair
from .capsule import Capsule
from .errors import ShapeError
from .shapes import Circle, Polygon
from .vector import Pair, PairLike, Vector

ARC_STEP = 2 * math.pi / 64
"""The widest angle between two points on a drawn arc of a rounded outline: a chord then lies
within r (1 - cos(ARC_STEP / 2)), under 0.13% of the radius, inside the exact arc."""


def checked(shape: object, role: str) -> Polygon | Circle | Capsule:
    """``shape`` if it is a Polygon, Box, Circle or Capsule, else ShapeError naming its ``role``."""
    if not isinstance(shape, (Polygon, Circle, Capsule)):
        raise ShapeError(f"expected a Polygon, Box, Circle or Capsule as {role}, got {type(shape).__name__}")
    return shape


def core(shape: Polygon | Circle | Capsule) -> tuple[tuple[Pair, ...], float]:
    """The shape's core and radius, as GJK uses them (Box2D's rounded shapes): a polygon is its
    own world vertices and its radius (0 unless rounded); a capsule its segment's two ends and
    its radius; a circle its centre alone and its radius."""
    if isinstance(shape, Circle):
        x, y = shape.center
        return ((x, y),), shape.radius
    return shape._placed().points, shape.radius


def support(shape: Polygon | Circle, direction: PairLike) -> Vector:
    """The point of ``shape`` furthest along ``direction`` (any length, not zero), as a Vector.

    For a polygon it is a vertex (the first of a tied edge); for a circle it is exact:
    the centre plus the radius along the unit direction.

    >>> from collision import Box, Circle
    >>> support(Box((0, 0), (2, 1)), (1, 1))
    Vector(x=2.0, y=1.0)
    >>> support(Circle((1, 1), 2), (0, -5))
    Vector(x=1.0, y=-1.0)
    """
    dx, dy = finite_pair(direction, "the direction")
    length = math.hypot(dx, dy)
    if not length:
        raise ShapeError("a support point needs a direction that is not (0, 0)")
    points, radius = core(checked(shape, "the shape"))
    x, y = max(points, key=lambda p: p[0] * dx + p[1] * dy)
    return Vector(x + radius * dx / length, y + radius * dy / length)


def minkowski_difference(a: Polygon | Circle, b: Polygon | Circle) -> Polygon | Circle:
    """A - B as a convex :class:`Polygon` in world coordinates (position (0, 0), angle 0).

    Polygons: A's edges and B's reversed, merged by angle (parallel ones joined), so every
    vertex is a vertex of A less one of B. With a circle the exact A - B is rounded: the
    other shape's outline grown by the radius (two circles: one circle, radii added). It is
    drawn as a polygon whose vertices lie on the exact outline: each corner's arc is cut into
    equal steps of at most :data:`ARC_STEP`, so the straight chords lie just inside it. GJK
    never uses this outline; it uses the exact :func:`support` functions.

    >>> from collision import Box, Circle
    >>> minkowski_difference(Box((0, 0), (1, 1)), Box((3, 0), (1, 1))).world_vertices().tolist()
    [[-5.0, -2.0], [-1.0, -2.0], [-1.0, 2.0], [-5.0, 2.0]]

    A circle of radius 1 against a square of side 2: 4 corners, each a quarter arc of 16 steps.

    >>> len(minkowski_difference(Circle((0, 0), 1), Box((0, 0), (1, 1))).world_vertices())
    68
    """
    points_a, radius_a = core(checked(a, "A"))
    points_b, radius_b = core(checked(b, "B"))
    negated = [(-x, -y) for x, y in points_b]
    outline = _sum_outline(list(points_a), negated)
    radius = radius_a + radius_b
    if radius:
        outline = grown_outline(outline, radius)
    elif len(outline) < 3:
        raise ShapeError("A - B of these shapes has no area (bare segments along one line, or a segment and a point): give a capsule a radius")
    return Polygon(outline)


def _sum_outline(p: list[Pair], q: list[Pair]) -> list[Pair]:
    """The corners of the convex sum of two counter-clockwise outlines (either may be a point)."""
    start = (min(p, key=lambda v: (v[1], v[0])), min(q, key=lambda v: (v[1], v[0])))
    edges = []
    for points in (p, q):
        if len(points) > 1:
            edges += [(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])]
    # From the lowest corner the edges turn anticlockwise through one full turn, from angle 0.
    edges.sort(key=lambda e: math.atan2(e[1], e[0]) % (2 * math.pi))
    x, y = start[0][0] + start[1][0], start[0][1] + start[1][1]
    outline = [(x, y)]
    for ex, ey in edges[:-1]:
        x, y = x + ex, y + ey
        outline.append((x, y))
    return _corners(outline)


def _corners(outline: list[Pair]) -> list[Pair]:
    """``outline`` without the points where a parallel edge merely continues the last one."""
    kept = list(outline)
    k = 0
    while len(kept) > 2 and k < len(kept):
        (x0, y0), (x1, y1), (x2, y2) = kept[k - 1], kept[k], kept[(k + 1) % len(kept)]
        ex, ey, fx, fy = x1 - x0, y1 - y0, x2 - x1, y2 - y1
        if abs(ex * fy - ey * fx) <= 1e-12 * math.hypot(ex, ey) * math.hypot(fx, fy):
            del kept[k]
        else:
            k += 1
    return kept


def grown_outline(outline: list[tuple[float, float]], radius: float) -> list[tuple[float, float]]:
    """Counter-clockwise ``outline`` grown by ``radius``: each corner becomes an arc between its
    edges' normals, in steps of at most :data:`ARC_STEP` (a capsule's core, two points, gets a
    half circle at each end; one point, a circle). How a rounded shape is drawn."""
    if len(outline) == 1:
        cx, cy = outline[0]
        return [(cx + radius * math.cos(t), cy + radius * math.sin(t)) for t in _arc(0.0, 2 * math.pi)[:-1]]
    grown = []
    n = len(outline)
    for i, (x, y) in enumerate(outline):
        (px, py), (nx, ny) = outline[i - 1], outline[(i + 1) % n]
        # The outward normal of an edge (ex, ey) of a counter-clockwise outline is (ey, -ex).
        before = math.atan2(-(x - px), y - py)
        after = math.atan2(-(nx - x), ny - y)
        while after < before:
            after += 2 * math.pi
        grown += [(x + radius * math.cos(t), y + radius * math.sin(t)) for t in _arc(before, after)]
    return grown


def _arc(start: float, end: float) -> list[float]:
    """Angles from ``start`` to ``end`` in equal steps of at most ARC_STEP, both ends included."""
    steps = max(1, math.ceil((end - start) / ARC_STEP - 1e-9))
    return [start + (end - start) * k / steps for k in range(steps + 1)]
