"""Ray casts: where a segment from ``origin`` along ``translation`` first meets a shape.

A ray here is a segment, as in Box2D: it starts at ``origin`` and ends at ``origin +
translation``, and the answer is the fraction of ``translation`` travelled before the first
point of the shape is reached. Three algorithms, one for each kind of shape, each written to
be read:

- a Box, the slab test: in the box's own frame the box is the crossing of two slabs, |x| <= hx
  and |y| <= hy; the segment is inside each slab for one span of fractions, and inside the
  box where the spans overlap. Each slab is kept as a :class:`Slab`, for a scene to page.
- any other Polygon, Cyrus-Beck clipping (Box2D's ``b2RayCastPolygon``): the polygon is the
  crossing of its edges' half-planes, and the segment is cut down by each in turn.
- a Circle, the quadratic |origin + t d - centre| = radius, solved the stable way.

``collision.ray_cast`` is this function with its speed tricks (:mod:`collision.fast.raycast_kernel`),
tested against it; asked for the steps, or traced, it runs this one.
"""

from __future__ import annotations

import math
from typing import NamedTuple, cast

from . import rounded
from ._validate import finite_pair
from .capsule import Capsule
from .errors import ShapeError
from .point_query import point_query
from .shapes import Box, Circle, Polygon
from .vector import Pair, PairLike, Vector
from .verdict import TOLERANCE

# TOLERANCE, relative as in SAT: an origin within ``TOLERANCE * scale`` of the shape counts as
# on it (a hit at fraction 0), and a segment that runs along an edge within it grazes that edge
# (a hit). ``scale`` is the largest |x| or |y| that the origin, the end or the shape reaches:
# float rounding grows with the coordinates' magnitude, not with the shapes' size.

_NO_NORMAL = Vector(0.0, 0.0)


class Slab(NamedTuple):
    """One slab of the slab test on a Box: the segment against |x| <= hx (or |y| <= hy) in the
    box's own frame."""

    axis: Vector
    """The box's own unit axis that the slab lies across, in the world (x first, then y)."""

    entry: float
    """The fraction at which the segment's line enters the slab: -inf when it runs parallel
    to the slab inside it (always in), +inf when it runs parallel outside it (never in).
    Parallel means drifting across the slab by at most the tolerance over the whole segment."""

    exit: float
    """The fraction at which the line leaves the slab: +inf parallel inside, -inf parallel outside."""

    lower: float
    """The latest entry so far, this slab's included, starting from 0 (the segment's start)."""

    upper: float
    """The earliest exit so far, this slab's included, starting from 1 (the segment's end).
    ``lower > upper`` means the spans do not overlap: a miss."""

    decides: bool
    """This slab settled the answer: on a hit from outside, its entry is the hit (the face hit
    lies across this axis); on a miss, it is the slab after which ``lower > upper`` first.
    Neither slab decides when the origin starts inside or on the box."""


class RayHit(NamedTuple):
    """The outcome of :func:`ray_cast`."""

    hit: bool
    """The segment meets the shape (touching counts, as does starting inside or on it)."""

    fraction: float
    """The fraction of ``translation``, in [0, 1], travelled to the first point on the shape: 0
    when the origin is inside or on it; 1.0 on a miss (read ``hit``: a hit at the very end is 1.0 too)."""

    point: Vector | None
    """The first point on the shape, ``origin + fraction * translation`` (the origin itself
    when it starts inside or on it); None on a miss."""

    normal: Vector
    """The shape's unit outward normal at ``point``: the face's normal for a polygon (at a
    vertex, that of the face the segment crossed last in the clipping), the radial direction
    for a circle; (0, 0) when the origin starts inside or on the shape, or on a miss."""

    steps: tuple[Slab, ...] = ()
    """For a Box, its two :class:`Slab` steps, x then y, when :func:`ray_cast` was asked for
    them (a figure pages them); empty for any other shape, or when not asked."""


def _checked(shape: object, origin: PairLike, translation: PairLike) -> tuple[Pair, Pair]:
    """The shape, the origin and the translation as float pairs, or ShapeError saying what to fix."""
    if not isinstance(shape, (Polygon, Circle, Capsule)):
        raise ShapeError(f"ray_cast needs a Polygon, Box, Circle or Capsule, got {type(shape).__name__}")
    ox, oy = finite_pair(origin, "ray origin")
    dx, dy = finite_pair(translation, "ray translation")
    if dx == 0.0 and dy == 0.0:
        raise ShapeError("ray translation is (0, 0): give the ray a direction and a length, e.g. (10, 0)")
    return (ox, oy), (dx, dy)


def _scale(reach: float, origin: Pair, translation: Pair) -> float:
    """What rounding grows with: the largest |x| or |y| of the origin, the end and the shape."""
    (ox, oy), (dx, dy) = origin, translation
    return max(reach, abs(ox), abs(oy), abs(ox + dx), abs(oy + dy))


def _hit(origin: Pair, translation: Pair, fraction: float, normal: Pair, steps: tuple[Slab, ...] = ()) -> RayHit:
    (ox, oy), (dx, dy) = origin, translation
    # + 0.0 turns a -0.0 into 0.0: (-1, 0), not (-1, -0).
    point = Vector(ox + fraction * dx, oy + fraction * dy)
    return RayHit(True, fraction, point, Vector(normal[0] + 0.0, normal[1] + 0.0), steps)


def _inside(origin: Pair, steps: tuple[Slab, ...] = ()) -> RayHit:
    return RayHit(True, 0.0, Vector(*origin), _NO_NORMAL, steps)


def _miss(steps: tuple[Slab, ...] = ()) -> RayHit:
    return RayHit(False, 1.0, None, _NO_NORMAL, steps)


def ray_cast(shape: Polygon | Circle | Capsule, origin: PairLike, translation: PairLike, steps: bool = False) -> RayHit:
    """Cast the segment from ``origin`` to ``origin + translation`` at ``shape`` (a Box,
    Polygon or Circle); return a :class:`RayHit`.

    ``origin`` and ``translation`` are (x, y) pairs; the translation must not be (0, 0). A
    Box goes through the slab test (asked for ``steps``, its two :class:`Slab` steps come back
    in ``steps`` for a figure to page), any other polygon through Cyrus-Beck clipping, a
    circle through the quadratic. Touching counts, within the relative :data:`TOLERANCE`.

    A segment from the left meets a box's left face a quarter of the way along; the x slab
    decides, and the y slab, crossed parallel, is always in:

    >>> from collision import Box, Circle, Polygon
    >>> box = Box((0, 0), (2, 1))
    >>> hit = ray_cast(box, (-4, 0), (8, 0), steps=True)
    >>> hit.hit, hit.fraction, hit.point, hit.normal
    (True, 0.25, Vector(x=-2.0, y=0.0), Vector(x=-1.0, y=0.0))
    >>> [(s.entry, s.exit, s.decides) for s in hit.steps]
    [(0.25, 0.75, True), (-inf, inf, False)]

    Grazing: a segment along the top face touches it from its first corner on; one a hair
    above it misses, the y slab, parallel and outside, deciding:

    >>> ray_cast(box, (-4, 1), (8, 0))[:4]
    (True, 0.25, Vector(x=-2.0, y=1.0), Vector(x=-1.0, y=0.0))
    >>> above = ray_cast(box, (-4, 1.001), (8, 0), steps=True)
    >>> above.hit, above.fraction, above.point, [s.decides for s in above.steps]
    (False, 1.0, None, [False, True])

    Starting inside or on the shape is a hit at fraction 0, at the origin, with no normal;
    a segment that stops short, or points away, misses:

    >>> ray_cast(box, (2, 0.5), (5, 5))[:4]
    (True, 0.0, Vector(x=2.0, y=0.5), Vector(x=0.0, y=0.0))
    >>> ray_cast(box, (-4, 0), (1, 0)).hit, ray_cast(box, (-4, 0), (-8, 0)).hit
    (False, False)

    A turned box, a triangle and a circle:

    >>> diamond = Box((0, 0), (1, 1), angle=math.pi / 4)
    >>> round(ray_cast(diamond, (-3, 0), (6, 0)).point.x, 12)
    -1.414213562373
    >>> ray_cast(Polygon([(0, 0), (4, 0), (0, 4)]), (4, 4), (-4, -4))[:4]
    (True, 0.5, Vector(x=2.0, y=2.0), Vector(x=0.7071067811865475, y=0.7071067811865475))
    >>> ray_cast(Circle((0, 0), 1), (0, -3), (0, 4))[:4]
    (True, 0.5, Vector(x=0.0, y=-1.0), Vector(x=0.0, y=-1.0))

    Tangent to a circle is a hit, exactly at the touching point:

    >>> ray_cast(Circle((0, 0), 1), (-2, 1), (4, 0))[:4]
    (True, 0.5, Vector(x=0.0, y=1.0), Vector(x=0.0, y=1.0))

    A segment needs a length:

    >>> ray_cast(box, (0, 0), (0, 0))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: ray translation is (0, 0): give the ray a direction and a length, e.g. (10, 0)
    """
    origin, translation = _checked(shape, origin, translation)
    if shape._rounded:
        # A capsule or a rounded polygon: its edges pushed out, a circle at each corner.
        return _rounded(shape, origin, translation)
    if isinstance(shape, Box):
        found = _box(shape, origin, translation)
        # The slabs are a figure's pages: a caller that did not ask for them gets none.
        return found if steps else found._replace(steps=())
    if isinstance(shape, Polygon):
        return _polygon(shape, origin, translation)
    # A capsule is always rounded, and went the first way: a circle is left.
    return _circle(cast(Circle, shape), origin, translation)


def _box(box: Box, origin: Pair, translation: Pair) -> RayHit:
    """The slab test, one axis of the box at a time in the box's own frame."""
    (ox, oy), (dx, dy) = origin, translation
    (cx, cy), (hx, hy) = box.center, box.half_size
    c, s = math.cos(box.angle), math.sin(box.angle)
    axes = (Vector(c, s), Vector(0.0 - s, c))
    reach = max(abs(cx), abs(cy)) + hx + hy
    tolerance = TOLERANCE * _scale(reach, origin, translation)
    rx, ry = ox - cx, oy - cy
    lower, upper = 0.0, 1.0
    spans, decider, missed, inside = [], None, False, True
    for k, ((ax, ay), half) in enumerate(zip(axes, (hx, hy))):
        # The origin and the translation along this axis of the box: its own frame's coordinate.
        at = rx * ax + ry * ay
        inside = inside and abs(at) <= half + tolerance
        along = dx * ax + dy * ay
        if abs(along) <= tolerance:
            # Parallel to the slab (drifting across it by no more than the tolerance over the
            # whole segment): inside it all the way, or never.
            entry, exit_ = (-math.inf, math.inf) if abs(at) <= half + tolerance else (math.inf, -math.inf)
        else:
            # The two faces of the slab, at -half and +half; the nearer one is the entry.
            near, far = (-half - at) / along, (half - at) / along
            entry, exit_ = min(near, far), max(near, far)
        if entry > lower and not missed:
            # The latest entry yet: the face across this axis is the one reached first.
            lower, decider = entry, k
        upper = min(upper, exit_)
        if lower > upper and not missed:
            # The spans no longer overlap: the segment is never in both slabs at once.
            missed, decider = True, k
        spans.append((entry, exit_, lower, upper))
    if inside:
        # Starting inside or on the box (within the tolerance in both slabs): no face is
        # crossed, so no slab decides.
        return _inside(origin, tuple(Slab(axes[k], *span, False) for k, span in enumerate(spans)))
    steps = tuple(Slab(axes[k], *span, k == decider) for k, span in enumerate(spans))
    if missed or decider is None:
        # The spans do not overlap. (An origin outside the box always has a slab it enters
        # after the start, or one it never enters, so a decider is set: the second test only
        # guards the lookup below.)
        return _miss(steps)
    ax, ay = axes[decider]
    # Entering through the face of this slab that faces the origin: against the motion.
    sign = -1.0 if dx * ax + dy * ay > 0 else 1.0
    return _hit(origin, translation, lower, (sign * ax, sign * ay), steps)


def _polygon(polygon: Polygon, origin: Pair, translation: Pair) -> RayHit:
    """Cyrus-Beck: clip the segment against each edge's half-plane, n . (p - v) <= 0."""
    (ox, oy), (dx, dy) = origin, translation
    points = polygon.world_vertices().tolist()
    normals = polygon.normals().tolist()
    reach = max(max(abs(x), abs(y)) for x, y in points)
    tolerance = TOLERANCE * _scale(reach, origin, translation)
    # How far outside each edge's line the origin is: all at most zero, inside or on.
    outside = [nx * (ox - vx) + ny * (oy - vy) for (vx, vy), (nx, ny) in zip(points, normals)]
    if max(outside) <= tolerance:
        return _inside(origin)
    lower, upper, entered = 0.0, 1.0, None
    for i, ((nx, ny), beyond) in enumerate(zip(normals, outside)):
        # The point at fraction t is beyond + t * closing outside this edge's line.
        closing = nx * dx + ny * dy
        if abs(closing) <= tolerance:
            # Parallel to the edge (drifting across its line by no more than the tolerance over
            # the whole segment): outside its half-plane all the way, or never cut by it.
            if beyond > tolerance:
                return _miss()
            continue
        cut = -beyond / closing
        if closing < 0.0:
            # Moving in across this edge: the segment is outside until the cut.
            if cut > lower:
                lower, entered = cut, i
        elif cut < upper:
            # Moving out across this edge: the segment leaves the half-plane at the cut.
            upper = cut
        if upper < lower:
            # Out through one edge before in through another: the segment passes the polygon by.
            return _miss()
    if entered is None:
        # Outside, yet no edge was crossed inwards after the start: the polygon is behind.
        return _miss()
    return _hit(origin, translation, lower, normals[entered])


def _circle(circle: Circle, origin: Pair, translation: Pair) -> RayHit:
    """|s + t d| = r with s = origin - centre, in distance along the unit direction u = d / |d|:
    t^2 + 2 (s . u) t + (s . s - r^2) = 0. Working in distance keeps every product within
    floats for coordinates up to the core's limit, where d . d times s . s would overflow."""
    (ox, oy), (dx, dy) = origin, translation
    (cx, cy), radius = circle.center, circle.radius
    reach = max(abs(cx), abs(cy)) + radius
    tolerance = TOLERANCE * _scale(reach, origin, translation)
    sx, sy = ox - cx, oy - cy
    if math.hypot(sx, sy) - radius <= tolerance:
        return _inside(origin)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    toward = sx * ux + sy * uy
    if toward >= 0.0:
        # Outside and heading away from the centre (or square across it): the circle is behind.
        return _miss()
    gap = sx * sx + sy * sy - radius * radius
    # The squared half-chord: how far the line passes inside the rim, (s.u)^2 - (s.s - r^2).
    half_chord2 = toward * toward - gap
    if half_chord2 < 0.0:
        # The line passes outside the rim: by more than the tolerance, a miss; by less, it
        # grazes, touching at the point nearest the centre (a zero half-chord).
        passing = math.sqrt(max(sx * sx + sy * sy - toward * toward, 0.0))
        if -half_chord2 / (passing + radius) > tolerance:
            return _miss()
        half_chord2 = 0.0
    # The nearer root, gap / (-(s.u) + sqrt(...)): the same number as -(s.u) - sqrt(...),
    # without the cancellation when the origin is close to the rim.
    distance = gap / (-toward + math.sqrt(half_chord2))
    if distance > length:
        # The circle is ahead, beyond the segment's end.
        return _miss()
    fraction = min(distance / length, 1.0)
    px, py = ox + fraction * dx, oy + fraction * dy
    # The radial direction at the hit, from the centre: the outward normal.
    nx, ny = px - cx, py - cy
    away = math.hypot(nx, ny)
    return _hit(origin, translation, fraction, (nx / away, ny / away))


def _rounded(shape: Polygon | Circle | Capsule, origin: Pair, translation: Pair) -> RayHit:
    """:func:`ray_cast` for a rounded shape (a capsule, or a polygon with a radius): inside (or
    on) at fraction 0, else the first of the core's edges pushed out by the radius and the
    circles round its corners that the segment meets (:func:`collision.rounded.ray_hit`)."""
    points, normals, radius = rounded.core(shape)
    tolerance = TOLERANCE * _scale(rounded.scale(shape), origin, translation)
    if point_query(shape, origin).distance <= tolerance:
        return _inside(origin)
    found = rounded.ray_hit(points, normals, radius, origin, translation, tolerance)
    if found is None:
        return _miss()
    return _hit(origin, translation, *found)
