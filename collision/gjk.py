"""GJK (the distance between two convex shapes) and EPA (the penetration depth), step by step.

Both walk on A - B (see :mod:`collision.minkowski`) through support points only. Circles
are handled as Box2D handles rounded shapes: GJK runs on the cores (a circle's core is its
centre, a polygon is its own core) and the radii are taken off at the end, so a circle's
distance and depth are exact, with no polygon standing in for it. Each iteration is kept,
for a figure to step through.
"""

from __future__ import annotations

import math
from enum import Enum
from collections.abc import Callable
from typing import Any, NamedTuple, cast

from .capsule import Capsule
from .minkowski import checked, core
from .shapes import Circle, Polygon
from .vector import Pair, Vector
from .verdict import TOLERANCE

MAX_ITERATIONS = 100
"""Iterations GJK, and EPA, make beyond the number of both shapes' vertices before giving up.
Without rounding each ends sooner: every iteration brings in a vertex pair not yet used."""


Ids = tuple[int, int]
"""A point of the cores' A - B named by the vertices it comes from: (A's, B's)."""

Support = Callable[[float, float], tuple[Ids, Pair]]
"""A - B's support function: a direction (dx, dy) to the furthest point's Ids and the point."""

Vertex = tuple[Ids, Pair, float]
"""A simplex vertex: its Ids, the point, and its weight in the simplex's point nearest the origin."""


class Stop(Enum):
    """Why GJK or EPA stopped."""

    ENCLOSED = "enclosed"
    """GJK: the simplex, a triangle, holds the origin: the cores overlap (or touch)."""

    ON_SIMPLEX = "on simplex"
    """GJK: the origin lies on the simplex (a point or a segment): the cores touch."""

    NO_CLOSER = "no closer"
    """GJK: the new support point is one already used, or no further along the search
    direction than the simplex: the simplex's point nearest the origin is A - B's."""

    ON_HULL = "on hull"
    """EPA: the support point beyond the nearest edge is one already used, or no further out:
    that edge is an edge of A - B, and its distance from the origin is the depth."""

    ITERATION_CAP = "iteration cap"
    """Gave up after MAX_ITERATIONS plus the vertex count: rounding kept finding support points
    a hair further out (nearly parallel edges). The answer is the best found, within rounding."""


class GjkStep(NamedTuple):
    """One GJK iteration, in the cores' A - B."""

    direction: Vector
    """The search direction: from the last simplex's nearest point towards the origin."""

    support: Vector
    """The point of A - B furthest along the direction."""

    from_a: Vector
    """A's vertex furthest along the direction (a circle's centre: its core)."""

    from_b: Vector
    """B's vertex furthest against it: ``support`` is ``from_a - from_b``."""

    simplex: tuple[Vector, ...]
    """The simplex after the support point joined it and only the part nearest the origin was
    kept: 1 to 3 Vectors (unchanged on the last step of a NO_CLOSER stop)."""

    closest: Vector
    """The simplex's point nearest the origin ((0, 0) once it holds the origin)."""


class EpaStep(NamedTuple):
    """One EPA iteration, in the cores' A - B."""

    polytope: tuple[Vector, ...]
    """The expanding polygon's vertices, counter-clockwise, as Vectors."""

    edge: int
    """Its edge nearest the origin, from vertex ``edge`` to the next."""

    normal: Vector
    """That edge's unit outward normal."""

    distance: float
    """The origin's distance from that edge's line."""

    support: Vector
    """The point of A - B furthest along the normal."""


class Epa(NamedTuple):
    """The penetration of two overlapping shapes, found by EPA."""

    depth: float
    """How far B must move to leave A: the origin's distance from A - B's nearest edge."""

    normal: Vector
    """Unit, from A towards B: that edge's outward normal."""

    mtv: Vector
    """``normal * depth``: the shortest translation that moves B out of A."""

    steps: tuple[EpaStep, ...]
    """Every EpaStep, the polytope growing until its nearest edge is A - B's."""

    stop: Stop
    """ON_HULL, or ITERATION_CAP."""


class Gjk(NamedTuple):
    """The outcome of :func:`gjk`."""

    colliding: bool
    """The shapes overlap or touch (a gap within the pair's tolerance, as in ``sat``)."""

    touching: bool
    """Colliding with a depth of zero, within the pair's tolerance."""

    distance: float
    """The gap between the shapes; 0 when they touch or overlap."""

    depth: float
    """How far B must move to leave A; 0 when separated or touching."""

    normal: Vector
    """Unit, from A towards B: along the gap when separated, the MTV's direction when colliding."""

    mtv: Vector
    """``normal * depth``: the shortest translation that moves B out of A."""

    closest_a: Vector | None
    """A's point nearest B when separated; None when colliding."""

    closest_b: Vector | None
    """B's point nearest A when separated; None when colliding."""

    steps: tuple[GjkStep, ...]
    """Every GjkStep, in the cores' A - B."""

    stop: Stop
    """Why GJK stopped: ENCLOSED, ON_SIMPLEX, NO_CLOSER or ITERATION_CAP."""

    epa: Epa | None
    """EPA on the cores when they overlap or touch; None when they are apart (a circle's
    radius then gives the depth directly) or both are circles' centres."""

    radius: float
    """The radii the cores were grown by: A - B is the cores' A - B grown by this much."""


def gjk(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule) -> Gjk:
    """GJK on shapes ``a`` and ``b`` (each a Polygon, Box, Circle or Capsule): their distance, the closest
    points, and every iteration; EPA when they overlap. Returns a :class:`Gjk`.

    Separated, the nearest points and the gap; GJK's simplex shrinks to the segment nearest
    the origin:

    >>> from collision import Box, Circle
    >>> result = gjk(Box((0, 0), (1, 1)), Box((5, 6), (1, 1)))
    >>> result.colliding, result.distance, result.closest_a, result.closest_b
    (False, 5.0, Vector(x=1.0, y=1.0), Vector(x=4.0, y=5.0))
    >>> result.stop, len(result.steps[-1].simplex)
    (<Stop.NO_CLOSER: 'no closer'>, 1)

    Beside each other, the simplex is the segment of A - B nearest the origin:

    >>> beside = gjk(Box((0, 0), (1, 1)), Box((4, 0.5), (1, 1)))
    >>> beside.distance, [tuple(p) for p in beside.steps[-1].simplex]
    (2.0, [(-2.0, 1.5), (-2.0, -2.5)])

    Boxes sharing an edge touch: the origin lies on A - B's edge, and EPA finds depth 0.

    >>> touching = gjk(Box((0, 0), (1, 1)), Box((2, 0), (1, 1)))
    >>> touching.colliding, touching.touching, touching.distance, touching.depth
    (True, True, 0.0, 0.0)

    Coincident shapes: the origin is A - B's centre, and the simplex collapses to a segment
    through it (opposite corners); EPA widens that segment to a polygon and grows it out.

    >>> same = gjk(Box((0, 0), (1, 1)), Box((0, 0), (1, 1)))
    >>> same.stop, len(same.steps[-1].simplex), same.depth, same.epa.stop
    (<Stop.ON_SIMPLEX: 'on simplex'>, 2, 2.0, <Stop.ON_HULL: 'on hull'>)
    >>> gjk(Circle((0, 0), 1), Circle((0, 0), 2)).mtv
    Vector(x=3.0, y=0.0)

    A circle's centre outside the box: the radius alone covers the gap, and no EPA is needed.

    >>> inside = gjk(Box((0, 0), (1, 1)), Circle((1.5, 0), 1))
    >>> inside.depth, inside.normal, inside.epa
    (0.5, Vector(x=1.0, y=0.0), None)
    """
    checked(a, "A")
    checked(b, "B")
    points_a, radius_a = core(a)
    points_b, radius_b = core(b)
    radius = radius_a + radius_b
    tolerance = TOLERANCE * max(_scale(a), _scale(b))
    support = _support(points_a, points_b)
    cap = MAX_ITERATIONS + len(points_a) + len(points_b)
    start = _start(a, b)
    steps, stop, simplex, (vx, vy) = _gjk(support, points_a, points_b, start, tolerance, cap)
    gap = math.hypot(vx, vy)
    distance = gap - radius
    colliding = distance <= tolerance
    epa = None
    if stop is not Stop.ENCLOSED and gap > tolerance:
        # Cores apart: the way out is along the gap, however far the radii reach over it.
        normal = Vector(0.0 - vx / gap, 0.0 - vy / gap)
        depth = -distance if distance < 0 else 0.0
    elif len(points_a) + len(points_b) == 2:
        # Two circles' centres at one place: any way out is as short; take x, as sat() does.
        normal, depth = Vector(1.0, 0.0), radius + gap
    else:
        epa = _epa(support, simplex, tolerance, cap, start)
        normal, depth = epa.normal, epa.depth + radius
    closest_a = closest_b = None
    if not colliding:
        (ax, ay), (bx, by) = _mixed(points_a, points_b, simplex)
        closest_a = Vector(ax + radius_a * normal.x, ay + radius_a * normal.y)
        closest_b = Vector(bx - radius_b * normal.x, by - radius_b * normal.y)
    return Gjk(
        colliding,
        colliding and depth <= tolerance,
        0.0 if colliding else distance,
        depth if colliding else 0.0,
        normal,
        Vector(normal.x * depth, normal.y * depth) if colliding else Vector(0.0, 0.0),
        closest_a,
        closest_b,
        tuple(steps),
        stop,
        epa,
        radius,
    )


def epa(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule) -> Epa | None:
    """The penetration of overlapping shapes ``a`` and ``b`` by EPA: an :class:`Epa`, or None
    when EPA has nothing to do (separated, or only a circle's radius reaching over the gap;
    ``gjk(a, b)`` has the depth then).

    >>> from collision import Box
    >>> found = epa(Box((0, 0), (1, 1)), Box((1.5, 0.2), (1, 1)))
    >>> found.depth, found.normal, found.stop
    (0.5, Vector(x=1.0, y=0.0), <Stop.ON_HULL: 'on hull'>)
    """
    return gjk(a, b).epa


def _scale(shape: Polygon | Circle | Capsule) -> float:
    """What rounding grows with, as sat() measures it."""
    return shape._placed().scale


def _start(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule) -> Pair:
    """The first search direction: from A towards B, where the origin lies from A - B's middle."""
    (ax, ay), (bx, by) = a.position, b.position
    return (bx - ax, by - ay) if (ax, ay) != (bx, by) else (1.0, 0.0)


def _support(points_a: tuple[Pair, ...], points_b: tuple[Pair, ...]) -> Support:
    """The cores' A - B support function: direction -> ((i, j), point), i and j the vertices."""
    count_a, count_b = range(len(points_a)), range(len(points_b))

    def support(dx: float, dy: float) -> tuple[Ids, Pair]:
        i = max(count_a, key=lambda k: points_a[k][0] * dx + points_a[k][1] * dy)
        j = min(count_b, key=lambda k: points_b[k][0] * dx + points_b[k][1] * dy)
        (x0, y0), (x1, y1) = points_a[i], points_b[j]
        return (i, j), (x0 - x1, y0 - y1)

    return support


def _gjk(
    support: Support, points_a: tuple[Pair, ...], points_b: tuple[Pair, ...], direction: Pair, tolerance: float, cap: int
) -> tuple[list[GjkStep], Stop, list[Vertex], Any]:
    """Run GJK: the steps, why it stopped, the last simplex as [(ids, point, weight)], and the
    simplex's point nearest the origin."""
    steps: list[GjkStep] = []
    simplex: list[Vertex] = []
    closest: Pair | None = None
    used: set[Ids] = set()
    for _ in range(cap):
        dx, dy = direction
        ids, w = support(dx, dy)
        pair = (Vector(*points_a[ids[0]]), Vector(*points_b[ids[1]]))
        if closest is not None:
            vx, vy = closest
            # w is no further towards the origin than the simplex: the distance is found.
            if ids in used or (vx * vx + vy * vy) - (vx * w[0] + vy * w[1]) <= tolerance * math.hypot(vx, vy):
                steps.append(GjkStep(Vector(dx, dy), Vector(*w), *pair, _points(simplex), Vector(*closest)))
                return steps, Stop.NO_CLOSER, simplex, closest
        simplex.append((ids, w, 1.0))
        # Before dropping any: a vertex just dropped must not come back and cycle.
        used = {ids for ids, _, _ in simplex}
        simplex, closest, enclosed = _nearest(simplex)
        steps.append(GjkStep(Vector(dx, dy), Vector(*w), *pair, _points(simplex), Vector(*closest)))
        if enclosed:
            return steps, Stop.ENCLOSED, simplex, (0.0, 0.0)
        if math.hypot(*closest) <= tolerance:
            return steps, Stop.ON_SIMPLEX, simplex, closest
        direction = (-closest[0], -closest[1])
    return steps, Stop.ITERATION_CAP, simplex, closest


def _points(simplex: list[Vertex]) -> tuple[Vector, ...]:
    return tuple(Vector(*w) for _, w, _ in simplex)


def _nearest(simplex: list[Vertex]) -> tuple[list[Vertex], Pair, bool]:
    """The simplex's part nearest the origin (with barycentric weights), its nearest point,
    and whether a triangle holds the origin."""
    if len(simplex) == 1:
        ids, w, _ = simplex[0]
        return [(ids, w, 1.0)], w, False
    if len(simplex) == 2:
        return _segment(*simplex)
    p, q, r = (w for _, w, _ in simplex)
    area = _cross(p, q, r)
    if area and all(_cross(s, t, (0.0, 0.0)) * area >= 0 for s, t in ((p, q), (q, r), (r, p))):
        return simplex, (0.0, 0.0), True
    # Outside the triangle (or it is flat): the nearest of its three edges.
    options = [_segment(simplex[i], simplex[k]) for i, k in ((0, 1), (1, 2), (2, 0))]
    return min(options, key=lambda option: math.hypot(*option[1]))


def _segment(first: Vertex, second: Vertex) -> tuple[list[Vertex], Pair, bool]:
    """The part of segment first-second nearest the origin: one end, or both with weights."""
    (ids_p, (px, py), _), (ids_q, (qx, qy), _) = first, second
    ex, ey = qx - px, qy - py
    t = -(px * ex + py * ey) / (ex * ex + ey * ey)
    # Origin beyond an end: that end alone is nearest.
    if t <= 0:
        return [(ids_p, (px, py), 1.0)], (px, py), False
    if t >= 1:
        return [(ids_q, (qx, qy), 1.0)], (qx, qy), False
    # Across the segment from its line, not p + t (q - p): the nearest point then lies exactly
    # square to the segment, and the next search direction is not tilted by rounding in t.
    across = (ey * px - ex * py) / (ex * ex + ey * ey)
    return [(ids_p, (px, py), 1 - t), (ids_q, (qx, qy), t)], (ey * across, -ex * across), False


def _cross(p: Pair, q: Pair, r: Pair) -> float:
    """Twice the signed area of triangle p q r: positive when it turns anticlockwise."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _mixed(points_a: tuple[Pair, ...], points_b: tuple[Pair, ...], simplex: list[Vertex]) -> tuple[Pair, Pair]:
    """The points of A's and B's cores that the simplex's weights mix to its nearest point."""
    ax = ay = bx = by = 0.0
    for (i, j), _, weight in simplex:
        ax += weight * points_a[i][0]
        ay += weight * points_a[i][1]
        bx += weight * points_b[j][0]
        by += weight * points_b[j][1]
    return (ax, ay), (bx, by)


def _epa(support: Support, simplex: list[Vertex], tolerance: float, cap: int, start: Pair) -> Epa:
    """EPA from GJK's last simplex, which holds the origin or touches it; ``start`` is the
    direction from A towards B that GJK started along."""
    polytope = [(ids, w) for ids, w, _ in simplex]
    if len(polytope) < 3:
        # GJK stopped on a point or a segment through the origin: widen it across that segment
        # (or along x from a point) to a polygon that holds the origin.
        (px, py), (qx, qy) = polytope[0][1], polytope[-1][1]
        nx, ny = (qy - py, px - qx) if len(polytope) == 2 else (0.0, 1.0)
        for dx, dy in ((nx, ny), (-nx, -ny), (1.0, 0.0), (-1.0, 0.0)):
            ids, w = support(dx, dy)
            if len(polytope) < 3 and all(ids != old for old, _ in polytope):
                polytope.append((ids, w))
    if len(polytope) < 3:
        # Still a segment: the cores' A - B is flat (a circle's centre on a capsule's core, a
        # point and a segment), with the origin on it. The cores' depth is 0, and the way out
        # is square to that segment; both sides are as short, so take the one towards B.
        return _flat(polytope, start)
    if _cross(polytope[0][1], polytope[1][1], polytope[2][1]) < 0:
        polytope.reverse()
    steps: list[EpaStep] = []
    for _ in range(cap):
        edge, (nx, ny), distance = _nearest_edge([w for _, w in polytope])
        ids, w = support(nx, ny)
        steps.append(EpaStep(tuple(Vector(*p) for _, p in polytope), edge, Vector(nx, ny), distance, Vector(*w)))
        # Nothing beyond the nearest edge: it is A - B's own.
        if any(ids == old for old, _ in polytope) or nx * w[0] + ny * w[1] - distance <= tolerance:
            return _depth(distance, (nx, ny), steps, Stop.ON_HULL)
        polytope.insert(edge + 1, (ids, w))
    return _depth(distance, (nx, ny), steps, Stop.ITERATION_CAP)


def _flat(polytope: list[tuple[Ids, Pair]], start: Pair) -> Epa:
    """EPA's answer when A - B is a segment through the origin: depth 0, the normal square to
    the segment on B's side of A (or its left side when B's position lies along it)."""
    (px, py), (qx, qy) = polytope[0][1], polytope[-1][1]
    ex, ey = qx - px, qy - py
    length = math.hypot(ex, ey)
    nx, ny = (-ey / length + 0.0, ex / length + 0.0) if length else (0.0, 1.0)
    if nx * start[0] + ny * start[1] < 0:
        nx, ny = -nx, -ny
    step = EpaStep(tuple(Vector(*p) for _, p in polytope), 0, Vector(nx, ny), 0.0, Vector(px, py))
    return _depth(0.0, (nx, ny), [step], Stop.ON_HULL)


def _nearest_edge(points: list[Pair]) -> tuple[int, Pair, float]:
    """The polygon's edge nearest the origin: its index, unit outward normal and distance."""
    best: tuple[int, Pair, float] | None = None
    for i, (px, py) in enumerate(points):
        qx, qy = points[(i + 1) % len(points)]
        length = math.hypot(qx - px, qy - py)
        nx, ny = (qy - py) / length, (px - qx) / length
        distance = nx * px + ny * py
        if best is None or distance < best[2]:
            best = (i, (nx, ny), distance)
    return cast("tuple[int, Pair, float]", best)  # a polygon has edges


def _depth(distance: float, normal: Pair, steps: list[EpaStep], stop: Stop) -> Epa:
    depth = distance if distance > 0 else 0.0
    return Epa(depth, Vector(*normal), Vector(normal[0] * depth, normal[1] * depth), tuple(steps), stop)
