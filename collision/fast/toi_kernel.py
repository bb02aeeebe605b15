"""``collision.time_of_impact``: :func:`collision.toi.time_of_impact` with its speed tricks, the same answer to the last bit.

Read collision/toi.py first: this is that function again, lean (issue 36):

- each shape is copied once a call, not once a step, and the copy is moved to each step's
  time by its own setters, so its points are the readable function's to the last bit; a shape
  that does not turn is given its angle once (``angle + 0.0 * dangle``, what every step's
  ``angle + time * dangle`` comes to), so its turned vertices are kept, and a move only shifts
  them;
- each step's GJK is :func:`collision.gjk.gjk`'s loop without its records (no
  :class:`~collision.gjk.GjkStep`, no Vectors for them), its support function written as
  loops that pick the same vertex; when the cores overlap or touch (EPA's case) the step runs
  the readable ``gjk`` instead;
- no :class:`~collision.toi.ToiStep` is made: a figure that pages the steps asks for them
  (``steps=True``), and then the readable function runs, which records them.

Under a tracer (a scene's Code view, a debugger) the readable function runs.
tests/core/test_toi_kernel.py holds every field of the two results to each other.
"""

from __future__ import annotations

import copy
import math
from functools import update_wrapper
from sys import gettrace
from typing import Any

from ..capsule import Capsule
from ..gjk import MAX_ITERATIONS, _mixed, _nearest, gjk
from ..minkowski import checked
from ..shapes import Circle, Polygon
from ..toi import MAX_STEPS, TARGET, Impact, Motion, _motion, _reach, _size
from ..toi import time_of_impact as readable_time_of_impact
from ..vector import Pair, Vector
from ..verdict import TOLERANCE

# tuple.__new__ skips a NamedTuple's Python-level __new__.
_new = tuple.__new__

_NO_NORMAL = Vector(0.0, 0.0)

Shape = Polygon | Circle | Capsule


def time_of_impact(a: Shape, motion_a: Motion | tuple[float, ...], b: Shape, motion_b: Motion | tuple[float, ...], steps: bool = False) -> Impact:
    # collision.toi.time_of_impact's answer from the same floats; its docstring is that
    # function's (update_wrapper below), examples and all.
    if steps or gettrace() is not None:
        # A figure pages the steps, or a tracer shows the lines: the readable function.
        return readable_time_of_impact(a, motion_a, b, motion_b, steps)
    checked(a, "A")
    checked(b, "B")
    move_a, move_b = _motion(motion_a, "motion of A"), _motion(motion_b, "motion of B")
    vx, vy = move_b.dx - move_a.dx, move_b.dy - move_a.dy
    turning = abs(move_a.dangle) * _reach(a) + abs(move_b.dangle) * _reach(b)
    scale = max(a._placed().scale, b._placed().scale) + max(map(abs, (*move_a[:2], *move_b[:2])))
    target = max(TARGET * min(_size(a), _size(b)), TOLERANCE * scale)
    at_a, at_b = _mover(a, move_a), _mover(b, move_b)
    time = 0.0
    for _ in range(MAX_STEPS):
        _pose(at_a, a, move_a, time)
        _pose(at_b, b, move_b, time)
        colliding, depth, distance, normal, closest_a, closest_b = _gap(at_a, at_b)
        nx, ny = normal
        if turning:
            speed = math.hypot(vx, vy) + turning
        else:
            speed = max(0.0, -(vx * nx + vy * ny))
        if colliding and time == 0.0 and depth > 0:
            return Impact(True, 0.0, None, normal, ())
        if distance <= target:
            point = None
            if closest_a is not None and closest_b is not None:
                (ax, ay), (bx, by) = closest_a, closest_b
                point = Vector(0.5 * (ax + bx), 0.5 * (ay + by))
            return Impact(True, time, point, normal, ())
        if speed <= 0.0 or time >= 1.0:
            break
        time = min(1.0, time + (distance - 0.5 * target) / speed)
    else:
        return Impact(False, time, None, _NO_NORMAL, ())
    return Impact(False, 1.0, None, _NO_NORMAL, ())


# help(collision.time_of_impact) reads the readable one's docstring.
update_wrapper(time_of_impact, readable_time_of_impact, assigned=("__doc__",), updated=())


def _mover(shape: Shape, motion: Motion) -> Any:
    """The one copy of ``shape`` a call moves from step to step (toi.posed's copy, made once).
    A shape that does not turn gets its angle now: every step's ``angle + time * dangle`` is
    ``angle + 0.0 * dangle`` then, to the sign of a zero."""
    moved: Any = copy.copy(shape)
    if not isinstance(shape, Circle) and motion.dangle == 0.0:
        moved.angle = shape.angle + 0.0 * motion.dangle
    return moved


def _pose(moved: Any, shape: Shape, motion: Motion, time: float) -> None:
    """toi.posed, on the copy: ``shape`` as it is at ``time`` of ``motion``."""
    x, y = shape.position
    moved.position = (x + time * motion.dx, y + time * motion.dy)
    if motion.dangle != 0.0 and not isinstance(shape, Circle):
        moved.angle = shape.angle + time * motion.dangle


def _core(shape: Any) -> tuple[tuple[Pair, ...], float]:
    """minkowski.core: a circle's centre alone, else the pose's points; and the radius."""
    if isinstance(shape, Circle):
        x, y = shape.center
        return ((x, y),), shape.radius
    return shape._placed().points, shape.radius


Gap = tuple[bool, float, float, Vector, Vector | None, Vector | None]
"""What a step reads of gjk(): (colliding, depth, distance, normal, closest_a, closest_b)."""


def _gap(a: Any, b: Any) -> Gap:
    """gjk(a, b)'s colliding, depth, distance, normal and nearest points, by its loop without
    records; the readable gjk() when the cores overlap or touch (its EPA decides)."""
    points_a, radius_a = _core(a)
    points_b, radius_b = _core(b)
    radius = radius_a + radius_b
    tolerance = TOLERANCE * max(a._placed().scale, b._placed().scale)
    (ax, ay), (bx, by) = a.position, b.position
    direction = (bx - ax, by - ay) if (ax, ay) != (bx, by) else (1.0, 0.0)
    found = _walk(points_a, points_b, direction, tolerance, MAX_ITERATIONS + len(points_a) + len(points_b))
    if found is None:
        walked = gjk(a, b)
        return walked.colliding, walked.depth, walked.distance, walked.normal, walked.closest_a, walked.closest_b
    simplex, (vx, vy) = found
    gap = math.hypot(vx, vy)
    distance = gap - radius
    colliding = distance <= tolerance
    normal = _new(Vector, (0.0 - vx / gap, 0.0 - vy / gap))
    depth = -distance if distance < 0 else 0.0
    if colliding:
        return True, depth, 0.0, normal, None, None
    (px, py), (qx, qy) = _mixed(points_a, points_b, simplex)
    closest_a = _new(Vector, (px + radius_a * normal.x, py + radius_a * normal.y))
    closest_b = _new(Vector, (qx - radius_b * normal.x, qy - radius_b * normal.y))
    return False, 0.0, distance, normal, closest_a, closest_b


def _walk(points_a: tuple[Pair, ...], points_b: tuple[Pair, ...], direction: Pair, tolerance: float, cap: int) -> Any:
    """gjk._gjk without its records: (the last simplex, its point nearest the origin) when
    the cores are apart, or None when they overlap or touch (ENCLOSED, or the nearest point
    within the tolerance of the origin: gjk() runs EPA then)."""
    simplex: list[Any] = []
    closest: Pair | None = None
    used: set[tuple[int, int]] = set()
    found: Any = None
    for _ in range(cap):
        dx, dy = direction
        # gjk._support: A's vertex furthest along the direction, B's furthest against it,
        # the first of equals (as max() and min() keep it).
        i, best, k = 0, -math.inf, 0
        for x, y in points_a:
            along = x * dx + y * dy
            if along > best:
                i, best = k, along
            k += 1
        j, least, k = 0, math.inf, 0
        for x, y in points_b:
            along = x * dx + y * dy
            if along < least:
                j, least = k, along
            k += 1
        (x0, y0), (x1, y1) = points_a[i], points_b[j]
        ids, w = (i, j), (x0 - x1, y0 - y1)
        if closest is not None:
            vx, vy = closest
            if ids in used or (vx * vx + vy * vy) - (vx * w[0] + vy * w[1]) <= tolerance * math.hypot(vx, vy):
                found = (simplex, closest)
                break
        simplex.append((ids, w, 1.0))
        used = {ids for ids, _, _ in simplex}
        simplex, closest, enclosed = _nearest(simplex)
        if enclosed:
            return None
        if math.hypot(*closest) <= tolerance:
            found = (simplex, closest)
            break
        direction = (-closest[0], -closest[1])
    else:
        found = (simplex, closest)
    if math.hypot(*found[1]) <= tolerance:
        # gjk() takes the gap for touching here, and runs EPA for the way out.
        return None
    return found
