"""``collision.ray_cast``: :func:`collision.raycast.ray_cast` with its speed tricks, the same answer to the last bit.

Read collision/raycast.py first: this is that function again for sharp boxes, polygons and
circles (issue 36 asks it within 1.5 times pymunk's ``segment_query``; benchmarks/issue36.py
measures it):

- an origin and a translation of plain floats within range pass at once; anything else goes
  to the readable function, which checks it and says what to fix;
- a polygon's world vertices and normals are read from its cached Pose, not copied into
  numpy arrays and back, and its edges are walked once, not twice; the tolerance is known
  to lie between two made from the Pose's cached ``scale`` and the ray alone, and the
  vertices' own is worked out only for a test that falls between them;
- a box's two :class:`~collision.raycast.Slab` steps are made only when a figure asks for them
  (``steps=True``), and then the readable function runs;
- the slab test's two axes are written out, with ``min``, ``max`` and ``abs`` as comparisons
  that pick the same float;
- NamedTuples are made with ``tuple.__new__``, which skips their Python-level ``__new__``.

Rounded shapes (capsules, rounded polygons) go to the readable function. Under a tracer (a
scene's Code view, a debugger) the readable function runs, so that what is traced is the
function a lesson shows. tests/core/test_raycast_kernel.py holds every field of the two
results to each other.
"""

from __future__ import annotations

import math
from itertools import chain
from functools import update_wrapper
from sys import gettrace
from typing import cast

from .._validate import LIMIT
from ..capsule import Capsule
from ..raycast import RayHit
from ..raycast import ray_cast as readable_ray_cast
from ..shapes import Box, Circle, Polygon
from ..vector import Pair, PairLike, Vector
from ..verdict import TOLERANCE

# tuple.__new__ skips a NamedTuple's Python-level __new__.
_new = tuple.__new__

_INF = math.inf
_NO_NORMAL = Vector(0.0, 0.0)
_MISS = RayHit(False, 1.0, None, _NO_NORMAL, ())


def ray_cast(shape: Polygon | Circle | Capsule, origin: PairLike, translation: PairLike, steps: bool = False) -> RayHit:
    # collision.raycast.ray_cast's answer from the same floats; its docstring is that
    # function's (update_wrapper below), examples and all.
    if steps or gettrace() is not None:
        # A figure pages the slabs, or a tracer shows the lines: the readable function.
        return readable_ray_cast(shape, origin, translation, steps)
    try:
        ox, oy = origin
        dx, dy = translation
    except (TypeError, ValueError):
        return readable_ray_cast(shape, origin, translation)
    kind = type(shape)
    if (
        type(ox) is not float or type(oy) is not float or type(dx) is not float or type(dy) is not float
        or not (-LIMIT <= ox <= LIMIT and -LIMIT <= oy <= LIMIT and -LIMIT <= dx <= LIMIT and -LIMIT <= dy <= LIMIT)
        or (dx == 0.0 and dy == 0.0) or (kind is not Box and kind is not Polygon and kind is not Circle)
    ):
        # Anything but plain floats in range, a length and a sharp shape of ours: the readable
        # function, which checks it (and says what to fix) or hands it on.
        return readable_ray_cast(shape, origin, translation)
    if kind is Circle:
        return _circle(shape, ox, oy, dx, dy)  # type: ignore[arg-type]
    if shape._rounded:
        return readable_ray_cast(shape, origin, translation)
    if kind is Box:
        return _box(shape, ox, oy, dx, dy)  # type: ignore[arg-type]
    return _polygon(shape, ox, oy, dx, dy)  # type: ignore[arg-type]


# help(collision.ray_cast) reads the readable one's docstring.
update_wrapper(ray_cast, readable_ray_cast, assigned=("__doc__",), updated=())


def _scale(reach: float, ox: float, oy: float, dx: float, dy: float) -> float:
    """raycast._scale: the largest |x| or |y| of the origin, the end and the shape."""
    return max(reach, abs(ox), abs(oy), abs(ox + dx), abs(oy + dy))


def _hit(ox: float, oy: float, dx: float, dy: float, fraction: float, nx: float, ny: float) -> RayHit:
    """raycast._hit: + 0.0 turns a -0.0 into 0.0."""
    point = _new(Vector, (ox + fraction * dx, oy + fraction * dy))
    hit: RayHit = _new(RayHit, (True, fraction, point, _new(Vector, (nx + 0.0, ny + 0.0)), ()))
    return hit


def _inside(ox: float, oy: float) -> RayHit:
    inside: RayHit = _new(RayHit, (True, 0.0, _new(Vector, (ox, oy)), _NO_NORMAL, ()))
    return inside


def _box(box: Box, ox: float, oy: float, dx: float, dy: float) -> RayHit:
    """raycast._box with its two slabs written out."""
    (cx, cy), (hx, hy) = box._position, box._half_size
    angle = box._angle
    c, s = math.cos(angle), math.sin(angle)
    reach = max(abs(cx), abs(cy)) + hx + hy
    tolerance = TOLERANCE * _scale(reach, ox, oy, dx, dy)
    rx, ry = ox - cx, oy - cy
    # The x slab, across (c, s).
    at = rx * c + ry * s
    inside = abs(at) <= hx + tolerance
    along = dx * c + dy * s
    if abs(along) <= tolerance:
        entry, exit_ = (-_INF, _INF) if abs(at) <= hx + tolerance else (_INF, -_INF)
    else:
        near, far = (-hx - at) / along, (hx - at) / along
        # min(near, far) and max(near, far): near, unless far is less (or more).
        entry, exit_ = (far, near) if far < near else (near, far) if far > near else (near, near)
    lower, upper, decider, missed = 0.0, 1.0, -1, False
    if entry > lower:
        lower, decider = entry, 0
    if exit_ < upper:
        upper = exit_
    if lower > upper:
        missed, decider = True, 0
    # The y slab, across (0.0 - s, c).
    ax = 0.0 - s
    at = rx * ax + ry * c
    inside = inside and abs(at) <= hy + tolerance
    along = dx * ax + dy * c
    if abs(along) <= tolerance:
        entry, exit_ = (-_INF, _INF) if abs(at) <= hy + tolerance else (_INF, -_INF)
    else:
        near, far = (-hy - at) / along, (hy - at) / along
        entry, exit_ = (far, near) if far < near else (near, far) if far > near else (near, near)
    if entry > lower and not missed:
        lower, decider = entry, 1
    if exit_ < upper:
        upper = exit_
    if lower > upper and not missed:
        missed, decider = True, 1
    if inside:
        return _inside(ox, oy)
    if missed or decider < 0:
        return _MISS
    nx, ny = (c, s) if decider == 0 else (ax, c)
    sign = -1.0 if dx * nx + dy * ny > 0 else 1.0
    return _hit(ox, oy, dx, dy, lower, sign * nx, sign * ny)


def _polygon(polygon: Polygon, ox: float, oy: float, dx: float, dy: float) -> RayHit:
    """raycast._polygon (Cyrus-Beck) on the Pose's float pairs. Its tolerance grows with the
    largest |x| or |y| of a vertex, a pass over them all. That lies between 0 and the Pose's
    ``scale`` (|position| + the largest |x| or |y| of the turned vertices: the vertices' own
    sums with their terms made no smaller, rounded the same way), so the tolerance lies
    between the two made of those. Only a test that falls between them needs the vertices'
    own: then the clipping runs again with it."""
    pose = polygon._pose or polygon._placed()
    points, normals = pose.points, pose.normals
    # The largest |x| or |y| of the origin and the end (_scale's, less the shape's), as comparisons.
    ex, ey = ox + dx, oy + dy
    near = ox if ox > 0.0 else -ox
    value = oy if oy > 0.0 else -oy
    if value > near:
        near = value
    value = ex if ex > 0.0 else -ex
    if value > near:
        near = value
    value = ey if ey > 0.0 else -ey
    if value > near:
        near = value
    scale = pose.scale
    found = _clipped(points, normals, ox, oy, dx, dy, TOLERANCE * near, TOLERANCE * (scale if scale > near else near))
    if found is None:
        # max() picks one of the |x| and |y|, as the readable function's nested max() does.
        tolerance = TOLERANCE * _scale(max(map(abs, chain.from_iterable(points))), ox, oy, dx, dy)
        found = _clipped(points, normals, ox, oy, dx, dy, tolerance, tolerance)
    return cast(RayHit, found)


def _clipped(
    points: tuple[Pair, ...], normals: tuple[Pair, ...], ox: float, oy: float, dx: float, dy: float, low: float, high: float
) -> RayHit | None:
    """Cyrus-Beck with a tolerance known to lie in [low, high]: the RayHit, or None when a test
    falls between the two. One pass over the edges, clipping until a miss; the readable
    function first asks whether the origin starts inside or on the polygon, which wins over a
    miss, so after a miss the rest of the edges are only measured for that, unless an edge the
    origin lies beyond has been seen (then it starts outside, and the miss stands)."""
    most = -_INF
    lower, upper, entered, missed = 0.0, 1.0, -1, False
    i = 0
    edges = zip(points, normals)
    for (vx, vy), (nx, ny) in edges:
        beyond = nx * (ox - vx) + ny * (oy - vy)
        if beyond > most:
            most = beyond
        closing = nx * dx + ny * dy
        # |closing| <= high, and then |closing| > low, as comparisons.
        if -high <= closing <= high:
            if not -low <= closing <= low or low < beyond <= high:
                return None
            # Parallel to the edge: outside its half-plane all the way, or never cut by it.
            if beyond > high:
                missed = True
                break
        else:
            cut = -beyond / closing
            if closing < 0.0:
                if cut > lower:
                    lower, entered = cut, i
            elif cut < upper:
                upper = cut
            if upper < lower:
                missed = True
                break
        i += 1
    if missed:
        if most > high:
            # Outside, so not on it, and a miss: what the readable function finds too.
            return _MISS
        for (vx, vy), (nx, ny) in edges:
            beyond = nx * (ox - vx) + ny * (oy - vy)
            if beyond > most:
                most = beyond
    if most <= high:
        if most > low:
            return None
        return _inside(ox, oy)
    if missed or entered < 0:
        return _MISS
    nx, ny = normals[entered]
    point = _new(Vector, (ox + lower * dx, oy + lower * dy))
    hit: RayHit = _new(RayHit, (True, lower, point, _new(Vector, (nx + 0.0, ny + 0.0)), ()))
    return hit


def _circle(circle: Circle, ox: float, oy: float, dx: float, dy: float) -> RayHit:
    """raycast._circle: the nearer root of the quadratic, in distance along the direction."""
    (cx, cy), radius = circle._center, circle._radius
    reach = max(abs(cx), abs(cy)) + radius
    tolerance = TOLERANCE * _scale(reach, ox, oy, dx, dy)
    sx, sy = ox - cx, oy - cy
    if math.hypot(sx, sy) - radius <= tolerance:
        return _inside(ox, oy)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    toward = sx * ux + sy * uy
    if toward >= 0.0:
        return _MISS
    gap = sx * sx + sy * sy - radius * radius
    half_chord2 = toward * toward - gap
    if half_chord2 < 0.0:
        passing = math.sqrt(max(sx * sx + sy * sy - toward * toward, 0.0))
        if -half_chord2 / (passing + radius) > tolerance:
            return _MISS
        half_chord2 = 0.0
    distance = gap / (-toward + math.sqrt(half_chord2))
    if distance > length:
        return _MISS
    fraction = min(distance / length, 1.0)
    px, py = ox + fraction * dx, oy + fraction * dy
    nx, ny = px - cx, py - cy
    away = math.hypot(nx, ny)
    return _hit(ox, oy, dx, dy, fraction, nx / away, ny / away)
