"""Shape casts: how far one convex shape can slide along a translation before it touches another.

Box2D v3.1's ``b2ShapeCast``, read line for line, is *conservative advancement* on the cores'
distance (as :mod:`collision.toi` does with turning, here without):

1. measure the distance d between the cores (the shapes less their radii) and the direction n
   from A to B;
2. B moving by the translation t closes that gap at most at ``-t . n`` a unit of fraction (a
   straight slide: the distance is convex in the fraction), so nothing touches before the
   fraction grows by ``(d - target) / (-t . n)``: advance there;
3. stop when d is within a quarter slop of the target (a hit), or when B no longer closes
   (``t . n >= 0``) or the fraction passes 1 (a miss).

The *target* is where a hit is reported: the radii's sum less one :data:`SLOP`, at least one
slop, so two sharp shapes stop a slop apart and two rounded ones a slop into each other. Both
are Box2D's, which keeps resting contacts a slop deep so that they stay found frame after frame.

**Casts that start touching or overlapping** (Box2D's rule, documented here once): if the very
first distance is already within the target,

- a plain cast reports an *initial overlap*: ``hit`` true, ``fraction`` 0, ``normal`` (0, 0) (no
  way is the way out), and ``point`` midway between the two surfaces' nearest points;
- an *encroaching* cast (``can_encroach=True``, what Box2D's mover casts with) whose cores are
  still more than two slops apart instead lowers the target to a slop short of where the cores
  are now, and casts on: a rounded shape already a little into another may move closer by a
  slop at most, and freely away. Cores closer than two slops are an initial overlap as above.

Every shape is a core grown by a radius, as in Box2D's ``b2ShapeProxy``: a polygon's vertices
(radius 0, or its rounding), a capsule's two ends, a circle's centre.
"""

from __future__ import annotations

from typing import NamedTuple

from ._validate import finite_pair
from .capsule import Capsule
from .minkowski import checked, core
from .rounded import segment_closest
from .shapes import Circle, Polygon
from .vector import Pair, PairLike, Vector

SLOP = 0.05
"""Box2D's ``B2_LINEAR_SLOP`` in this package's units (shapes tens of units across): how far
short of the touch a cast stops, and how deep a resting contact is allowed to stay."""

MAX_ITERATIONS = 20
"""Box2D's cap on advancement steps; a flat face is met in one, a round one in a few."""

Shape = Polygon | Circle | Capsule


class Proxy(NamedTuple):
    """A shape as the cast reads it (Box2D's ``b2ShapeProxy``): a core and a radius."""

    points: tuple[Pair, ...]
    """The core's world points as (x, y) float pairs: one, two, or a convex polygon's ring."""

    radius: float
    """How far the shape reaches beyond its core."""


class CoreDistance(NamedTuple):
    """The distance between two cores and where it is measured (Box2D's ``b2DistanceOutput``)."""

    distance: float
    """Between the cores: 0 when they touch or overlap."""

    point_a: Vector
    """A's core point nearest B's (a point both cores hold when they overlap)."""

    point_b: Vector
    """B's core point nearest A's (the same as ``point_a`` when they overlap)."""

    normal: Vector
    """Unit, from A's core towards B's; (0, 0) when the cores touch or overlap."""


class CastHit(NamedTuple):
    """The outcome of :func:`shape_cast`."""

    hit: bool
    """B touches A within the translation (or already did: see ``fraction``)."""

    fraction: float
    """How much of the translation B moves before it touches A: 0 for an initial overlap,
    and 0 for a miss (as in Box2D, read ``hit`` first)."""

    point: Vector
    """On A's surface where B touches it; for an initial overlap, midway between the
    surfaces' nearest points. (0, 0) for a miss."""

    normal: Vector
    """A's surface normal at ``point``, unit, pointing out of A towards B; (0, 0) for a miss
    and for an initial overlap."""

    iterations: int
    """Distances measured (advancement steps taken), at least 1."""


def proxy(shape: Shape, role: str = "the shape") -> Proxy:
    """``shape``'s core and radius as a :class:`Proxy`, or ShapeError naming ``role``."""
    points, radius = core(checked(shape, role))
    return Proxy(tuple((float(x), float(y)) for x, y in points), float(radius))


def moved(shape: Proxy, dx: float, dy: float) -> Proxy:
    """``shape`` slid by (dx, dy)."""
    return Proxy(tuple((x + dx, y + dy) for x, y in shape.points), shape.radius)


def core_distance(a: Proxy, b: Proxy) -> CoreDistance:
    """The distance between the cores of ``a`` and ``b``, exactly: the nearest pair among every
    edge (or point) of one against every edge of the other, Ericson's segment test, which for
    convex cores is what GJK converges to.

    >>> far = core_distance(Proxy(((0, 0), (2, 0)), 1), Proxy(((5, 3),), 1))
    >>> far.distance, far.point_a, far.normal
    (4.242640687119285, Vector(x=2.0, y=0.0), Vector(x=0.7071067811865476, y=0.7071067811865476))

    Cores that cross have no way apart: distance 0, a point both hold, normal (0, 0).

    >>> core_distance(Proxy(((0, -1), (0, 1)), 0), Proxy(((-1, 0), (1, 0)), 0))[:2]
    (0.0, Vector(x=0.0, y=0.0))
    """
    inside = _vertex_inside(a.points, b.points) or _vertex_inside(b.points, a.points)
    if inside is not None:
        # One core holds a vertex of the other: they overlap, and that vertex is in both.
        return CoreDistance(0.0, Vector(*inside), Vector(*inside), Vector(0.0, 0.0))
    pairs = (segment_closest(p, q, r, s) for p, q in _edges(a.points) for r, s in _edges(b.points))
    distance, on_a, on_b, _, _ = min(pairs, key=lambda found: found[0])
    if distance == 0.0:
        # The edges cross: that crossing is in both cores.
        return CoreDistance(0.0, Vector(*on_a), Vector(*on_a), Vector(0.0, 0.0))
    return CoreDistance(
        distance, Vector(*on_a), Vector(*on_b), Vector((on_b[0] - on_a[0]) / distance, (on_b[1] - on_a[1]) / distance)
    )


def shape_cast(a: Shape, b: Shape, translation: PairLike, can_encroach: bool = False) -> CastHit:
    """Cast shape ``b`` along ``translation`` against the still shape ``a`` (each a Box,
    Polygon, rounded Polygon, Capsule or Circle): a :class:`CastHit`, Box2D v3.1's
    ``b2ShapeCast``. See the module's docstring for a cast that starts touching.

    A box cast at a wall stops a slop short of it; the normal is the wall's face:

    >>> from collision import Box, Circle
    >>> found = shape_cast(Box((10, 0), (1, 5)), Box((0, 0), (1, 1)), (20, 0))
    >>> found.hit, found.fraction, found.point, found.normal, found.iterations
    (True, 0.3975, Vector(x=9.0, y=1.0), Vector(x=-1.0, y=0.0), 2)

    Moving away, or passing by, is a miss; a cast that starts inside is an initial overlap:

    >>> shape_cast(Box((10, 0), (1, 5)), Circle((0, 0), 1), (-20, 0)).hit
    False
    >>> shape_cast(Box((0, 0), (1, 1)), Circle((0.5, 0), 1), (5, 0))
    CastHit(hit=True, fraction=0.0, point=Vector(x=0.5, y=0.0), normal=Vector(x=0.0, y=0.0), iterations=1)

    Two circles already a little into each other: a plain cast is stuck, an encroaching one
    may come one slop closer and then reports the hit:

    >>> shape_cast(Circle((0, 0), 1), Circle((1.9, 0), 1), (-1, 0)).fraction
    0.0
    >>> round(shape_cast(Circle((0, 0), 1), Circle((1.9, 0), 1), (-1, 0), can_encroach=True).fraction, 6)
    0.05
    """
    tx, ty = finite_pair(translation, "translation")
    return cast_proxies(proxy(a, "A"), proxy(b, "B"), (tx, ty), can_encroach)


def cast_proxies(core_a: Proxy, core_b: Proxy, translation: tuple[float, float], can_encroach: bool = False) -> CastHit:
    """:func:`shape_cast` on shapes already read as proxies (B moving by ``translation``, a
    float pair): conservative advancement itself."""
    tx, ty = translation
    # Aim a slop inside the touch (a slop apart for sharp shapes), and call it a hit within a
    # quarter slop of that aim.
    target = max(SLOP, core_a.radius + core_b.radius - SLOP)
    tolerance = 0.25 * SLOP
    fraction = 0.0
    at = core_b
    for iteration in range(MAX_ITERATIONS):
        found = core_distance(core_a, at)
        if found.distance < target + tolerance:
            if iteration > 0:
                # A regular hit: the point on A's surface, facing B.
                (px, py), (nx, ny) = found.point_a, found.normal
                point = Vector(px + core_a.radius * nx, py + core_a.radius * ny)
                return CastHit(True, fraction, point, found.normal, iteration + 1)
            if can_encroach and found.distance > 2.0 * SLOP:
                # Already within the aim but the cores still apart: aim a slop short of here.
                target = found.distance - SLOP
            else:
                return _initial_overlap(found, core_a.radius, core_b.radius)
        # How fast B closes on A along the line between the cores, a unit of fraction.
        closing = tx * found.normal.x + ty * found.normal.y
        if closing >= 0.0:
            # B keeps its distance or moves away: it never touches.
            return _miss(iteration + 1)
        fraction += (target - found.distance) / closing
        if fraction >= 1.0:
            # The gap is wider than the whole translation closes.
            return _miss(iteration + 1)
        at = moved(core_b, fraction * tx, fraction * ty)
    # Out of steps (a long graze along a round shape): no hit is claimed.
    return _miss(MAX_ITERATIONS)


def _initial_overlap(found: CoreDistance, radius_a: float, radius_b: float) -> CastHit:
    """A cast that starts touching: fraction 0, no normal, the point midway between the
    surfaces' nearest points (the cores' common point when they overlap)."""
    (ax, ay), (bx, by), (nx, ny) = found.point_a, found.point_b, found.normal
    on_a = (ax + radius_a * nx, ay + radius_a * ny)
    on_b = (bx - radius_b * nx, by - radius_b * ny)
    point = Vector(0.5 * (on_a[0] + on_b[0]), 0.5 * (on_a[1] + on_b[1]))
    return CastHit(True, 0.0, point, Vector(0.0, 0.0), 1)


def _miss(iterations: int) -> CastHit:
    return CastHit(False, 0.0, Vector(0.0, 0.0), Vector(0.0, 0.0), iterations)


def _edges(points: tuple[Pair, ...]) -> list[tuple[Pair, Pair]]:
    """A core's edges as point pairs: a point's one (itself), a segment's one, a polygon's ring."""
    if len(points) <= 2:
        return [(points[0], points[-1])]
    return list(zip(points, points[1:] + points[:1]))


def _vertex_inside(polygon: tuple[Pair, ...], others: tuple[Pair, ...]) -> Pair | None:
    """A point of ``others`` strictly inside the convex core ``polygon`` (counter-clockwise,
    three or more points), or None; a point or segment core holds nothing inside."""
    if len(polygon) < 3:
        return None
    ring = list(zip(polygon, polygon[1:] + polygon[:1]))
    for x, y in others:
        if all((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) > 0.0 for (x0, y0), (x1, y1) in ring):
            return (x, y)
    return None
