"""Rounded shapes: capsules and rounded polygons, each a core grown by a radius (Box2D's way).

A rounded shape is every point within ``radius`` of its core: a segment for a
:class:`~collision.capsule.Capsule`, the vertices' polygon for ``Polygon(..., radius=r)``. Two
facts carry every algorithm here:

- along any unit axis, a rounded shape's shadow is its core's grown by the radius at each end;
- the distance between two rounded shapes is their cores' distance less both radii, and the
  way apart runs along the line between the cores' nearest points.

So SAT on rounded shapes tries the cores' edge normals, as for polygons, and one axis more:
the line between the cores' nearest points, which is how a rounded corner is felt (as a
circle's vertex axis is). :func:`collision.sat` and :func:`collision.sweep` send rounded shapes
to :func:`sat` and :func:`sweep` here; :func:`collision.point_query` and
:func:`collision.ray_cast` answer for them from the cores read here (:func:`core`,
:func:`segment_closest`, :func:`ray_hit`); GJK, EPA, the Minkowski difference and the manifold
read cores and radii directly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar, cast

from .axes import AxisKind, AxisSource, edge_source, vertex_source
from .capsule import Capsule
from .errors import ShapeError
from .interval import Interval
from .minkowski import _sum_outline
from .projection import overlap
from .shapes import PARALLEL, Circle, Polygon
from .vector import Pair, Vector
from .verdict import TOLERANCE, AxisTest, Candidate, SatResult, named_axis, way_out

_new = tuple.__new__

Points = TypeVar("Points", list[Pair], tuple[Pair, ...])
"""A core's points, or an outline's: a tuple or a list of float pairs."""


def is_rounded(shape: object) -> bool:
    """A capsule, or a polygon with a radius: a shape the plain polygon code does not read."""
    rounded: bool = getattr(shape, "_rounded", False)
    return rounded


def core(shape: Polygon | Circle | Capsule) -> tuple[tuple[Pair, ...], tuple[Pair, ...], float]:
    """``(points, normals, radius)``: the core's world points counter-clockwise (one for a
    circle, two for a capsule), the unit outward normals of its edges (a capsule's two sides;
    none for a circle) and the radius it is grown by."""
    if isinstance(shape, Circle):
        x, y = shape.center
        return ((x, y),), (), shape.radius
    pose = shape._placed()
    return pose.points, pose.normals, shape.radius


def scale(shape: Polygon | Circle | Capsule) -> float:
    """What rounding grows with, as sat() measures it: the largest |x| or |y| the shape reaches."""
    pose = shape._placed()
    return pose.scale + (shape.radius if isinstance(shape, Polygon) else 0.0)


def _segments(points: tuple[Pair, ...]) -> list[tuple[Pair, Pair]]:
    """The core's edges as point pairs: a point's one (itself), a segment's one, a polygon's ring."""
    if len(points) <= 2:
        return [(points[0], points[-1])]
    return list(zip(points, points[1:] + points[:1]))


def segment_closest(p: Pair, q: Pair, r: Pair, s: Pair) -> tuple[float, Pair, Pair, float, float]:
    """The nearest points of segments p-q and r-s (either may be a point): (distance, on p-q,
    on r-s, fraction along p-q, fraction along r-s). Ericson, Real-Time Collision Detection 5.1.9."""
    (px, py), (qx, qy), (rx, ry), (sx, sy) = p, q, r, s
    d1x, d1y, d2x, d2y = qx - px, qy - py, sx - rx, sy - ry
    ex, ey = px - rx, py - ry
    a, e, f = d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y, d2x * ex + d2y * ey
    if a == 0.0 and e == 0.0:
        t = u = 0.0
    elif a == 0.0:
        t, u = 0.0, min(max(f / e, 0.0), 1.0)
    else:
        c = d1x * ex + d1y * ey
        if e == 0.0:
            t, u = min(max(-c / a, 0.0), 1.0), 0.0
        else:
            b = d1x * d2x + d1y * d2y
            denominator = a * e - b * b
            t = min(max((b * f - c * e) / denominator, 0.0), 1.0) if denominator > 0.0 else 0.0
            u = (b * t + f) / e
            if u < 0.0:
                t, u = min(max(-c / a, 0.0), 1.0), 0.0
            elif u > 1.0:
                t, u = min(max((b - c) / a, 0.0), 1.0), 1.0
    # Where the segments cross, the nearest points are the crossing: make it exact.
    on_1 = (px + t * d1x, py + t * d1y)
    on_2 = (rx + u * d2x, ry + u * d2y)
    return math.hypot(on_1[0] - on_2[0], on_1[1] - on_2[1]), on_1, on_2, t, u


def _contains(points: tuple[Pair, ...], x: float, y: float) -> bool:
    """Whether a polygon core (3 or more points, counter-clockwise) holds (x, y), boundary included."""
    if len(points) < 3:
        return False
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        if (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) < 0:
            return False
    return True


def core_distance(points_a: tuple[Pair, ...], points_b: tuple[Pair, ...]) -> tuple[float, Any, Any, Any, Any]:
    """The cores' distance and nearest points ``(distance, on_a, on_b, feature_a, feature_b)``,
    each feature ``("vertex", i)`` or ``("edge", i)``; distance 0 and no points when the cores
    overlap (Any: a point and a feature, or None)."""
    best: tuple[tuple[float, Pair, Pair, float, float], int, int] | None = None
    for i, (p, q) in enumerate(_segments(points_a)):
        for j, (r, s) in enumerate(_segments(points_b)):
            found = segment_closest(p, q, r, s)
            if best is None or found[0] < best[0][0]:
                best = (found, i, j)
    (distance, on_a, on_b, t, u), i, j = cast("tuple[tuple[float, Pair, Pair, float, float], int, int]", best)  # every core has an edge
    if distance == 0.0 or _contains(points_a, *points_b[0]) or _contains(points_b, *points_a[0]):
        return 0.0, None, None, None, None
    return distance, on_a, on_b, _feature(points_a, i, t), _feature(points_b, j, u)


def _feature(points: tuple[Pair, ...], edge: int, fraction: float) -> tuple[str, int]:
    """Which feature of a core a point at ``fraction`` along its edge ``edge`` is."""
    if len(points) == 1 or fraction == 0.0:
        return ("vertex", edge)
    if fraction == 1.0:
        return ("vertex", (edge + 1) % len(points))
    return ("edge", edge)


def _shadow(points: tuple[Pair, ...], radius: float, ax: float, ay: float) -> Interval:
    """The rounded shape's Interval along the unit axis: the core's, grown by the radius."""
    dots = [x * ax + y * ay for x, y in points]
    low, high = min(dots), max(dots)
    shadow: Interval = _new(Interval, (low - radius, high + radius, dots.index(low), dots.index(high)))
    return shadow


def sat(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule, early_exit: bool = False) -> SatResult:
    """:func:`collision.sat` for shapes of which one at least is rounded: the cores' distinct
    edge normals, then the line between the cores' nearest points (when the cores are apart
    and it is no edge normal), each shape's shadow grown by its radius."""
    (points_a, normals_a, radius_a), (points_b, normals_b, radius_b) = core(a), core(b)
    tolerance = TOLERANCE * max(scale(a), scale(b))
    candidates: list[tuple[float, float, AxisSource]] = []
    for label, shape, normals in (("A", a, normals_a), ("B", b, normals_b)):
        if not normals:
            continue
        pose = shape._placed()
        for (ax, ay), edge in zip(pose.axes, pose.edges):
            if all(abs(ax * by - ay * bx) > PARALLEL for bx, by, _ in candidates):
                candidates.append((ax, ay, edge_source(label, edge)))
    edges = len(candidates)
    distance, on_a, on_b, feature_a, feature_b = core_distance(points_a, points_b)
    if distance > 0.0:
        ax, ay = (on_b[0] - on_a[0]) / distance, (on_b[1] - on_a[1]) / distance
        if all(abs(ax * by - ay * bx) > PARALLEL for bx, by, _ in candidates):
            # Named by the vertex it comes from, A's if A's nearest point is one.
            if feature_a[0] == "vertex" and len(points_a) > 1 or len(points_b) == 1:
                source = vertex_source("A", feature_a[1])
            elif len(points_a) == 1 and len(points_b) == 1:
                source = AxisSource("AB", AxisKind.CENTRES, -1)
            else:
                source = vertex_source("B", feature_b[1])
            candidates.append((ax, ay, source))
    if not candidates:
        # Two points, one place: any way out is as short; x it is, as for two circles.
        candidates.append((1.0, 0.0, AxisSource("AB", AxisKind.CENTRES, -1)))
    tests: list[AxisTest] = []
    skipped: tuple[Candidate, ...] = ()
    for k, (ax, ay, source) in enumerate(candidates):
        shadow_a, shadow_b = _shadow(points_a, radius_a, ax, ay), _shadow(points_b, radius_b, ax, ay)
        depth = overlap(shadow_a.min, shadow_a.max, shadow_b.min, shadow_b.max)
        separating = depth < -tolerance
        tests.append(AxisTest(Vector(ax, ay), source, shadow_a, shadow_b, depth, separating))
        if separating and early_exit:
            skipped = tuple(Candidate(Vector(c[0], c[1]), c[2]) for c in candidates[k + 1 :])
            break
    # As in sat(): the first gap, else the least overlap, names the axis and the normal.
    test = tests[named_axis(tests)]
    normal = Vector(*way_out(*test.axis, test.overlap, test.a.max - test.b.min))
    merged = len(normals_a) + len(normals_b) - edges
    colliding = not test.separating
    depth = test.overlap if colliding and test.overlap > 0.0 else 0.0
    mtv = Vector(normal.x * depth, normal.y * depth)
    return SatResult(colliding, colliding and depth <= tolerance, normal, depth, mtv, tuple(tests), skipped, merged)


def ray_hit(
    points: Points, normals: Sequence[Pair], radius: float, origin: Pair, translation: Pair, tolerance: float
) -> tuple[float, Pair] | None:
    """The first fraction in [0, 1] at which the segment origin -> origin + translation meets
    the core grown by ``radius`` from outside, and the outward normal there: ``(fraction,
    normal)``, or None on a miss. Every edge of the core pushed out by the radius, and a circle
    of the radius round every vertex: the earliest of these the segment meets is where it
    enters the shape (each of them lies in it)."""
    (ox, oy), (dx, dy) = origin, translation
    best = None
    for (x0, y0), (x1, y1), (nx, ny) in zip(points, points[1:] + points[:1], normals):
        closing = nx * dx + ny * dy
        if closing >= 0.0:
            continue
        # Edge line pushed out by the radius, crossed from outside.
        t = (radius - (nx * (ox - x0) + ny * (oy - y0))) / closing
        ex, ey = x1 - x0, y1 - y0
        share = ((ox + t * dx - x0) * ex + (oy + t * dy - y0) * ey) / (ex * ex + ey * ey)
        if -tolerance <= t <= 1.0 and 0.0 <= share <= 1.0 and (best is None or t < best[0]):
            best = (max(t, 0.0), (nx, ny))
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    for vx, vy in points:
        sx, sy = ox - vx, oy - vy
        toward = sx * ux + sy * uy
        if toward >= 0.0:
            continue
        passing = abs(sx * uy - sy * ux)
        if passing > radius + tolerance:
            continue
        half_chord = math.sqrt(max((radius - passing) * (radius + passing), 0.0))
        t = (-toward - half_chord) / length
        if t <= 1.0 and (best is None or t < best[0]):
            hx, hy = sx + t * dx, sy + t * dy
            away = math.hypot(hx, hy)
            normal = (hx / away, hy / away) if away else (-ux, -uy)
            best = (max(t, 0.0), normal)
    return best


def sweep(moving: Polygon | Circle | Capsule, still: Polygon | Circle | Capsule, displacement: Pair, tolerance: float) -> str | tuple[float, Pair] | None:
    """:func:`collision.sweep` for rounded shapes: moving by t d, the cores touch when t d
    reaches the cores' difference (still's core less moving's) grown by both radii; a ray from
    the origin along d finds when. ``"start"``, ``(time, normal)`` or None."""
    still_points, _, still_radius = core(still)
    moving_points, _, moving_radius = core(moving)
    outline = _sum_outline(list(still_points), [(-x, -y) for x, y in moving_points])
    normals = []
    for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        normals.append(((y1 - y0) / length, (x0 - x1) / length) if length else (0.0, 0.0))
    if len(outline) == 1:
        normals = []
    if sat(still, moving).colliding:
        return "start"
    found = ray_hit(outline, normals, still_radius + moving_radius, (0.0, 0.0), displacement, tolerance)
    if found is None:
        return None
    # The outward normal of still - moving points from still towards moving.
    return found


def checked(shape: object, role: str) -> Polygon | Circle | Capsule:
    """``shape`` if it is one of the shapes, else ShapeError naming ``role``."""
    if not isinstance(shape, (Polygon, Circle, Capsule)):
        raise ShapeError(f"expected a Polygon, Box, Circle or Capsule as {role}, got {type(shape).__name__}")
    return shape
