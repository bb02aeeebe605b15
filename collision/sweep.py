"""Swept tests (Metanet section 5): when a shape moving in a straight line first touches one that
stands still, so that a fast object cannot pass through a thin wall between two frames."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from . import rounded
from ._validate import finite_pair
from .capsule import Capsule
from .errors import ShapeError
from .sat import sat
from .shapes import Circle, Polygon
from .vector import Pair, PairLike, Vector
from .verdict import TOLERANCE

_NO_NORMAL = Vector(0.0, 0.0)

Found = str | tuple[Any, Any] | None
"""What a swept test finds: "start" (touching or overlapping already), (time, normal) or None."""


class Sweep(NamedTuple):
    """The outcome of :func:`sweep`."""

    hit: bool
    """The moving shape touches the still one somewhere along its displacement (touching counts)."""

    time: float
    """The first fraction of the displacement, in [0, 1], at which they touch: 0 when they already
    overlap or touch at the start, 1.0 when there is no hit (the whole step is free; a hit that
    only touches at the very end is 1.0 too, so read ``hit``)."""

    normal: Vector
    """Unit, at the contact, pointing from the still shape towards the moving one; when they
    already touch or overlap at the start, ``sat(still, moving).normal``; (0, 0) when there is no hit."""

    point: Vector | None
    """Where they touch: the vertex (or circle point) of a vertex contact, the middle of the
    shared stretch of an edge-edge contact; None when there is no hit or when they start overlapping."""


def _checked(shape: object, role: str) -> Polygon | Circle | Capsule:
    if not isinstance(shape, (Polygon, Circle, Capsule)):
        raise ShapeError(f"sweep needs a Polygon, Box, Circle or Capsule as {role}, got {type(shape).__name__}")
    return shape


def _scale(shape: Polygon | Circle | Capsule, dx: float = 0.0, dy: float = 0.0) -> float:
    """What rounding grows with, measured as sat() measures it (the largest |x| or |y| the shape
    reaches, for a polygon an estimate a little above it), with the shape moved by (dx, dy)."""
    if isinstance(shape, Circle):
        (x, y), radius = shape.center, shape.radius
        return max(abs(x + dx), abs(y + dy)) + radius
    # sat's own figure, so that whatever sat calls touching at the start, sweep does too.
    return shape._placed().scale + max(abs(dx), abs(dy))


def sweep(moving: Polygon | Circle | Capsule, still: Polygon | Circle | Capsule, displacement: PairLike) -> Sweep:
    """When ``moving``, translated along ``displacement``, first touches ``still``.

    Each shape is a Polygon, Box, Circle or Capsule; ``displacement`` is an (x, y) pair. The answer is
    exact, not sampled: for two polygons the Separating Axis Theorem on swept intervals (along
    each edge normal of either polygon, the span of time in which the moving shadow overlaps the
    still one; they touch first when the last axis to close has closed, if no axis has opened
    again by then); with a circle, a ray from the centre against the other shape grown by the
    radius (edges pushed out by it, a circle round each vertex), or a quadratic for two circles.
    Touching counts, within the same relative tolerance as :func:`sat` (:data:`TOLERANCE` times
    the largest coordinate along the path). Returns a :class:`Sweep`.

    A box moving 10 to the right meets a wall 3 away at 30% of the way, edge to edge: the normal
    is the wall's left face's, the point the middle of the stretch the two edges share:

    >>> from collision import Box, Circle
    >>> wall = Box((5, 0), (1, 5))
    >>> sweep(Box((0, 0), (1, 1)), wall, (10, 0))
    Sweep(hit=True, time=0.3, normal=Vector(x=-1.0, y=0.0), point=Vector(x=4.0, y=0.0))

    Tunnelling: a thin wall that a static test at the end of the step misses, as the box
    jumped clean over it, but the sweep hits. Its corner reaches the wall first, and that
    vertex is the contact point:

    >>> thin = Box((5, 0), (0.05, 5), angle=0.0)
    >>> sat(thin, Box((20, 0), (1, 1))).colliding
    False
    >>> diamond = sweep(Box((0, 0), (1, 1), angle=math.pi / 4), thin, (20, 0))
    >>> round(diamond.time, 6), diamond.normal, round(diamond.point.x, 12), round(diamond.point.y, 12)
    (0.176789, Vector(x=-1.0, y=0.0), 4.95, -0.0)
    >>> sweep(Circle((0, 0), 1), thin, (20, 0))
    Sweep(hit=True, time=0.1975, normal=Vector(x=-1.0, y=0.0), point=Vector(x=4.95, y=0.0))

    Already touching is time 0, with sat's normal; no displacement answers whether they touch
    now; a miss runs the whole step (time 1.0) with no normal and no point:

    >>> sweep(Box((3, 0), (1, 1)), wall, (5, 5))
    Sweep(hit=True, time=0.0, normal=Vector(x=-1.0, y=0.0), point=Vector(x=4.0, y=0.0))
    >>> sweep(Box((0, 0), (1, 1)), wall, (0, 0))
    Sweep(hit=False, time=1.0, normal=Vector(x=0.0, y=0.0), point=None)
    >>> sweep(Box((0, 0), (1, 1)), wall, (0, 10)).hit
    False

    Grazing parallel edges: a box sliding along the top of another touches it all the way, so
    the contact is at the start, the point in the middle of the shared stretch. Sliding along
    the same line from beside it, it first touches corner to corner (the seam between two floor
    tiles), and the axis that closed last is the one that moved: x.

    >>> floor = Box((0, 0), (4, 1))
    >>> sweep(Box((2, 2), (1, 1)), floor, (3, 0))
    Sweep(hit=True, time=0.0, normal=Vector(x=0.0, y=1.0), point=Vector(x=2.0, y=1.0))
    >>> sweep(Box((-9, 2), (1, 1)), floor, (8, 0))
    Sweep(hit=True, time=0.5, normal=Vector(x=-1.0, y=0.0), point=Vector(x=-4.0, y=1.0))

    >>> sweep(Box((0, 0), (1, 1)), wall, (float("nan"), 0))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: displacement x must be a finite number, got nan
    """
    _checked(moving, "moving")
    _checked(still, "still")
    dx, dy = finite_pair(displacement, "displacement")
    scale = max(_scale(still), _scale(moving), _scale(moving, dx, dy))
    tolerance = TOLERANCE * scale
    # "start", (time, normal) or None; the time and normal are numpy's or Python's floats.
    found: Any
    if moving._rounded or still._rounded:
        # A capsule or a rounded polygon: a ray against the cores' difference grown by the radii.
        found = rounded.sweep(moving, still, (dx, dy), tolerance)
    elif isinstance(moving, Polygon) and isinstance(still, Polygon):
        found = _polygons(moving, still, dx, dy, tolerance)
    else:
        found = _with_circle(moving, still, dx, dy, scale, tolerance)
    if found is None:
        return Sweep(False, 1.0, _NO_NORMAL, None)
    if found == "start":
        static = sat(still, moving)
        normal = Vector(static.normal.x + 0.0, static.normal.y + 0.0)
        # Overlapping more than touching: an area in common, no single point (sat gives the way out).
        point = None if static.depth > tolerance else _contact(still, moving, 0.0, 0.0, normal, tolerance)
        return Sweep(True, 0.0, normal, point)
    time, (nx, ny) = found
    # + 0.0 turns a -0.0 into 0.0, here and in the point: (-1, 0), not (-1, -0).
    normal = Vector(float(nx) + 0.0, float(ny) + 0.0)
    return Sweep(True, float(time), normal, _contact(still, moving, time * dx, time * dy, normal, tolerance))


def _polygons(moving: Polygon, still: Polygon, dx: float, dy: float, tolerance: float) -> Found:
    """Two polygons: "start", (time, normal) or None, from the swept interval on every edge normal."""
    axes = np.concatenate([still.normals(), moving.normals()])
    still_along = still.world_vertices() @ axes.T
    moving_along = moving.world_vertices() @ axes.T
    s_min, s_max = still_along.min(axis=0), still_along.max(axis=0)
    m_min, m_max = moving_along.min(axis=0), moving_along.max(axis=0)
    speed = axes @ (dx, dy)
    # Moved by t * speed along an axis, the moving shadow overlaps the still one (within the
    # tolerance, as sat counts touching) while  low <= t * speed <= high.
    exact_low, exact_high = s_min - m_max, s_max - m_min
    low, high = exact_low - tolerance, exact_high + tolerance
    frozen = speed == 0
    if np.any(frozen & ((low > 0) | (high < 0))):
        # Moving square across an axis that separates them: the shadows on it never move, so never meet.
        return None
    divisor = np.where(frozen, 1.0, speed)
    # A nearly frozen axis gives an enormous or infinite time, which is what it is.
    with np.errstate(over="ignore"):
        enter = np.where(frozen, -np.inf, np.where(speed > 0, low, high) / divisor)
        leave = np.where(frozen, np.inf, np.where(speed > 0, high, low) / divisor)
        # The same without the tolerance: when the gap truly closes, for the time reported.
        exact = np.where(speed > 0, exact_low, exact_high) / divisor
    last = int(np.argmax(enter))
    first_out = leave.min()
    if enter[last] > first_out or enter[last] > 1.0 or first_out < 0.0:
        return None
    if enter[last] <= 0.0:
        return "start"
    # Kept inside the span in which every shadow overlaps within tolerance, so that a graze
    # along a nearly frozen axis still reports a time at which the shapes touch.
    time = min(exact[last], first_out, 1.0)
    # Moving along -axis it came from the axis's positive side, where the normal points
    # (0.0 - x rather than -x: no -0.0 in a normal such as (-1, 0)).
    normal = axes[last] if speed[last] < 0 else 0.0 - axes[last]
    return time, normal


def _with_circle(moving: Any, still: Any, dx: float, dy: float, scale: float, tolerance: float) -> Found:
    """A circle and any shape (either may be the circle: typed Any, the branches tell them
    apart): "start", (time, normal) or None, from a ray against a grown shape.

    Worked in units of the power of two just above ``scale``, so that no square overflows."""
    origin: Any
    cast: Callable[..., Found]
    shape: Any
    grow = moving.radius if isinstance(moving, Circle) else 0.0
    grow += still.radius if isinstance(still, Circle) else 0.0
    if isinstance(moving, Circle):
        # The moving centre runs along the displacement towards the still shape grown by its radius.
        origin, direction, target, flip = moving.center, (dx, dy), still, 1.0
    else:
        # The polygon moves, the circle stands: relative to the polygon the centre runs backwards,
        # and the outward normal found is the polygon's, pointing at the circle: flip it.
        origin, direction, target, flip = still.center, (-dx, -dy), moving, -1.0
    if isinstance(target, Circle):
        cast = _ray_disc
        shape = np.asarray(target.center, dtype=float)
    else:
        cast = _ray_rounded_polygon
        shape = (target.world_vertices(), target.normals())
    # A power of two, so that scaling rounds nothing: a sweep of round numbers stays round.
    unit = 2.0 ** math.frexp(scale)[1]
    origin = np.asarray(origin, dtype=float)
    found = cast(origin / unit, np.asarray(direction) / unit, shape, grow / unit, tolerance / unit, unit)
    if found is None or isinstance(found, str):  # "start"
        return found
    time, normal = found
    return time, normal if flip > 0 else 0.0 - normal


def _ray_disc(origin: Any, direction: Any, center: Any, radius: float, tolerance: float, unit: float) -> Found:
    """First t in [0, 1] at which origin + t * direction is within ``radius`` of ``center``."""
    center = center / unit
    offset = origin - center
    if math.hypot(*offset) <= radius + tolerance:
        return "start"
    # Touching within tolerance decides; the exact radius, when the ray reaches it, gives the time.
    touch = _disc_time(offset, direction, radius + tolerance)
    if touch is None or touch > 1.0:
        return None
    exact = _disc_time(offset, direction, radius)
    reached = touch if exact is None else min(exact, 1.0)
    at = offset + reached * direction
    return reached, at / math.hypot(*at)


def _disc_time(offset: Any, direction: Any, radius: float) -> Any:
    """The first t at which |offset + t direction| = radius, when the ray approaches from outside."""
    a = direction @ direction
    b = direction @ offset
    if a == 0.0 or b >= 0.0:
        # Standing still, or moving away (or square across): never any closer.
        return None
    # From the closest approach, found as a point: the textbook b * b - a * c cancels away most
    # digits when a long path passes near the centre (Ray Tracing Gems, chapter 7).
    nearest = -b / a
    miss = math.hypot(*(offset + nearest * direction))
    if miss > radius:
        return None
    return nearest - math.sqrt((radius - miss) * (radius + miss) / a)


def _ray_rounded_polygon(origin: Any, direction: Any, polygon: tuple[Any, Any], radius: float, tolerance: float, unit: float) -> Found:
    """First t in [0, 1] at which origin + t * direction is within ``radius`` of the polygon
    (world vertices and outward normals), with the outward normal there."""
    points, normals = polygon
    points = points / unit
    edges = np.roll(points, -1, axis=0) - points
    offsets = origin - points
    along = np.clip(np.einsum("ij,ij->i", offsets, edges) / np.einsum("ij,ij->i", edges, edges), 0.0, 1.0)
    outside = np.einsum("ij,ij->i", offsets, normals)
    distance = 0.0 if outside.max() <= 0.0 else np.hypot(*(offsets - along[:, None] * edges).T).min()
    if distance <= radius + tolerance:
        return "start"
    # Touching within tolerance decides; the exact radius, when the ray reaches it, gives the time.
    touch = _first_feature(offsets, edges, normals, outside, direction, radius + tolerance)
    if touch is None or touch[0] > 1.0:
        return None
    exact = _first_feature(offsets, edges, normals, outside, direction, radius)
    return touch if exact is None else (min(exact[0], 1.0), exact[1])


def _first_feature(offsets: Any, edges: Any, normals: Any, outside: Any, direction: Any, radius: float) -> tuple[Any, Any] | None:
    """The earliest (t, normal) at which the ray from outside meets the polygon grown by
    ``radius``: an edge pushed out along its normal, or the circle round a vertex. Every such
    feature lies in the grown shape, so the earliest meeting is where the ray enters it."""
    best: tuple[Any, Any] | None = None
    closing = normals @ direction
    for i in np.flatnonzero(closing < 0.0):
        # Edge i's line pushed out by the radius, crossed from outside.
        t = (radius - outside[i]) / closing[i]
        share = (offsets[i] + t * direction) @ edges[i] / (edges[i] @ edges[i])
        if t >= 0.0 and 0.0 <= share <= 1.0 and (best is None or t < best[0]):
            best = (t, normals[i])
    for k in range(len(offsets)):
        t = _disc_time(offsets[k], direction, radius)
        if t is not None and (best is None or t < best[0]):
            at = offsets[k] + t * direction
            best = (t, at / math.hypot(*at))
    return best


def _feature(shape: Polygon | Circle | Capsule, shift: Pair, nx: float, ny: float, ux: float, uy: float, tolerance: float) -> tuple[Any, Any, Any]:
    """The span along (ux, uy) of the shape's points furthest along (nx, ny) (a vertex, an edge
    or a circle's point), and how far along (nx, ny) they lie."""
    if isinstance(shape, Circle):
        (cx, cy), radius = shape.center, shape.radius
        x, y = cx + shift[0] + radius * nx, cy + shift[1] + radius * ny
        across = x * ux + y * uy
        return across, across, x * nx + y * ny
    # The core's points (a polygon's vertices, a capsule's ends), then grown by any radius.
    points = np.array(shape._placed().points) + shift
    level = points @ (nx, ny)
    top = level.max()
    # Vertices level with the furthest, within rounding, make an edge of contact.
    across = points[level >= top - tolerance] @ (ux, uy)
    return across.min(), across.max(), top + shape.radius


def _contact(still: Polygon | Circle | Capsule, moving: Polygon | Circle | Capsule, sx: float, sy: float, normal: Vector, tolerance: float) -> Vector:
    """The contact point of touching shapes (``moving`` shifted by (sx, sy)) along ``normal``,
    which points from ``still`` to ``moving``: the middle of the stretch their contact features
    share, which is the vertex of a vertex contact."""
    nx, ny = normal
    ux, uy = -ny, nx
    s_low, s_high, s_level = _feature(still, (0.0, 0.0), nx, ny, ux, uy, tolerance)
    m_low, m_high, m_level = _feature(moving, (sx, sy), -nx, -ny, ux, uy, tolerance)
    middle = (max(s_low, m_low) + min(s_high, m_high)) / 2
    # The two levels agree when touching (m_level is measured along -normal).
    level = (s_level - m_level) / 2
    return Vector(float(middle * ux + level * nx) + 0.0, float(middle * uy + level * ny) + 0.0)
