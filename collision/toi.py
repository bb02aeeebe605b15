"""Time of impact with rotation: conservative advancement on GJK's distance.

:func:`~collision.sweep.sweep` answers exactly for a shape sliding without turning. A plank that
spins as it flies can pass through a thin wall between two frames although neither end pose
touches it, and no straight sweep sees that. Conservative advancement (Mirtich's, the idea
under Box2D's time of impact) walks forward in time instead, never past the first touch:

1. at time t, GJK gives the distance d between the shapes and the direction n from A to B;
2. no point of B can close on A faster than a bound v (below), so nothing can touch before
   t + d / v: step there;
3. stop when d is within ``TARGET`` of the shapes' size (a hit), or t passes 1 (a miss).

The bound: a shape turning at ω about its position moves none of its points faster than
|ω| r, r its reach from the position. Without turning, the distance along a straight
translation is a convex function of time (the distance from the origin to A - B moved along a
line), so it closes no faster than the relative velocity along n does now: one step lands on
the touch of two flat faces. With turning, n itself turns, and the whole relative speed counts.

``collision.time_of_impact`` is this function with its speed tricks
(:mod:`collision.fast.toi_kernel`: no copy of a shape per step, no step records), tested
against it; asked for the steps, or traced, it runs this one.
"""

from __future__ import annotations

import copy
import math
from typing import Any, NamedTuple

from ._validate import finite_number
from .capsule import Capsule
from .errors import ShapeError
from .gjk import gjk
from .minkowski import checked
from .shapes import Circle, Polygon
from .vector import Vector
from .verdict import TOLERANCE

TARGET = 1e-4
"""Close enough to count as touching, relative to the smaller shape's size: conservative
advancement nears the touch and never reaches it exactly, so it stops within this."""

MAX_STEPS = 1000
"""The most advancement steps: a near miss of a fast-turning shape takes many small steps. If
they run out, the answer is a miss at the time reached, all of it free of contact."""

_NO_NORMAL = Vector(0.0, 0.0)


class Motion(NamedTuple):
    """A shape's motion over one step: at time t in [0, 1] it is moved by t (dx, dy) and turned
    by t dangle (radians, counter-clockwise) about its position."""

    dx: float
    dy: float
    dangle: float = 0.0


class ToiStep(NamedTuple):
    """One step of conservative advancement."""

    time: float
    """The time this step looked at."""

    distance: float
    """GJK's distance between the shapes at that time."""

    normal: Vector
    """Unit, from A towards B, along the gap."""

    closest_a: Vector | None
    """A's point nearest B at that time (None once they touch)."""

    closest_b: Vector | None
    """B's point nearest A."""

    speed: float
    """The bound on how fast the gap can close from here; 0 when it cannot close."""


class Impact(NamedTuple):
    """The outcome of :func:`time_of_impact`."""

    hit: bool
    """The shapes come within ``TARGET`` of touching during the step (or touch at its start)."""

    time: float
    """When: the last time known free of contact, within ``TARGET`` of the touch; 0 when they
    touch or overlap at the start; 1.0 on a miss (earlier only if ``MAX_STEPS`` ran out)."""

    point: Vector | None
    """Midway between the nearest points at ``time``; None on a miss or an overlap at the start."""

    normal: Vector
    """Unit, from A towards B, at ``time``; (0, 0) on a miss."""

    steps: tuple[ToiStep, ...]
    """Every :class:`ToiStep`, time rising, when :func:`time_of_impact` was asked for them (a
    figure pages them); else empty."""


def _motion(value: Any, role: str) -> Motion:
    """``value`` as a Motion of finite floats, or ShapeError naming ``role``."""
    try:
        parts = tuple(value)
    except TypeError:
        parts = None
    if parts is None or len(parts) not in (2, 3):
        raise ShapeError(f"{role} must be a Motion(dx, dy, dangle) or (dx, dy), got {value!r}")
    names = ("dx", "dy", "dangle")
    return Motion(*(finite_number(v, f"{role} {name}") for v, name in zip(parts, names)))


def _reach(shape: Polygon | Circle | Capsule) -> float:
    """How far the shape's furthest point lies from its position: what turning moves fastest."""
    if isinstance(shape, Circle):
        # A circle turned about its centre is the same circle.
        return 0.0
    px, py = shape.position
    return max(math.hypot(x - px, y - py) for x, y in shape._placed().points)


def _size(shape: Polygon | Circle | Capsule) -> float:
    low_x, low_y, high_x, high_y = shape.aabb()
    return max(high_x - low_x, high_y - low_y)


def posed(shape: Polygon | Circle | Capsule, motion: Motion, time: float) -> Polygon | Circle | Capsule:
    """A copy of ``shape`` as it is at ``time`` of ``motion``."""
    moved = copy.copy(shape)
    x, y = shape.position
    moved.position = (x + time * motion.dx, y + time * motion.dy)
    # A circle turned about its centre is the same circle.
    if isinstance(moved, (Polygon, Capsule)):
        moved.angle = moved.angle + time * motion.dangle
    return moved


def time_of_impact(
    a: Polygon | Circle | Capsule,
    motion_a: Motion | tuple[float, ...],
    b: Polygon | Circle | Capsule,
    motion_b: Motion | tuple[float, ...],
    steps: bool = False,
) -> Impact:
    """When shapes ``a`` and ``b`` (Polygon, Box or Circle), moving by ``motion_a`` and
    ``motion_b`` (each a :class:`Motion` or an (dx, dy) pair), first touch within the step.
    With ``steps`` it keeps every :class:`ToiStep` for a figure to page; without, ``steps`` is
    empty.

    A plank turning a quarter turn as it flies over a short wall: sliding without turning it
    clears the wall, and it is clear at both ends of the step, yet its end swings down into the
    wall's top corner on the way:

    >>> from collision import Box, Circle, sat, sweep
    >>> from collision.toi import posed
    >>> wall = Box((0, 0), (0.1, 1.5))
    >>> plank = Box((-4, 2.5), (2, 0.2))
    >>> spin = Motion(8, 0, math.pi / 2)
    >>> sweep(plank, wall, (8, 0)).hit, sat(posed(plank, spin, 1), wall).colliding
    (False, False)
    >>> found = time_of_impact(plank, spin, wall, Motion(0, 0), steps=True)
    >>> found.hit, round(found.time, 3), round(found.point.x, 3), round(found.point.y, 3), len(found.steps)
    (True, 0.559, -0.1, 1.5, 12)

    Without turning, flat faces meet in one step, which stops half of ``TARGET`` short of the
    touch (here at 0.3), so that the pose it returns is free of contact:

    >>> found = time_of_impact(Box((0, 0), (1, 1)), (10, 0), Box((5, 0), (1, 1)), (0, 0), steps=True)
    >>> found.time, found.point, found.normal, len(found.steps)
    (0.29999, Vector(x=3.99995, y=0.0), Vector(x=1.0, y=0.0), 2)
    >>> time_of_impact(Circle((0, 0), 1), (0, 10), Circle((5, 0), 1), (0, 0)).hit
    False
    >>> time_of_impact(Circle((0, 0), 1), (0, float("nan")), Circle((5, 0), 1), (0, 0))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: motion of A dy must be a finite number, got nan
    """
    checked(a, "A")
    checked(b, "B")
    move_a, move_b = _motion(motion_a, "motion of A"), _motion(motion_b, "motion of B")
    # The relative translation of B seen from A, and how fast turning can move a point.
    vx, vy = move_b.dx - move_a.dx, move_b.dy - move_a.dy
    turning = abs(move_a.dangle) * _reach(a) + abs(move_b.dangle) * _reach(b)
    scale = max(a._placed().scale, b._placed().scale) + max(map(abs, (*move_a[:2], *move_b[:2])))
    target = max(TARGET * min(_size(a), _size(b)), TOLERANCE * scale)
    record: list[ToiStep] = []
    time = 0.0
    for _ in range(MAX_STEPS):
        at_a, at_b = posed(a, move_a, time), posed(b, move_b, time)
        found = gjk(at_a, at_b)
        nx, ny = found.normal
        if turning:
            speed = math.hypot(vx, vy) + turning
        else:
            # Convex in time: it closes no faster than it closes now.
            speed = max(0.0, -(vx * nx + vy * ny))
        record.append(ToiStep(time, found.distance, found.normal, found.closest_a, found.closest_b, speed))
        if found.colliding and time == 0.0 and found.depth > 0:
            impact = Impact(True, 0.0, None, found.normal, tuple(record))
            break
        if found.distance <= target:
            point = None
            if found.closest_a is not None and found.closest_b is not None:
                (ax, ay), (bx, by) = found.closest_a, found.closest_b
                point = Vector(0.5 * (ax + bx), 0.5 * (ay + by))
            impact = Impact(True, time, point, found.normal, tuple(record))
            break
        if speed <= 0.0 or time >= 1.0:
            impact = Impact(False, 1.0, None, _NO_NORMAL, tuple(record))
            break
        # Nothing can touch before the gap, less the target, has closed at the bound.
        time = min(1.0, time + (found.distance - 0.5 * target) / speed)
    else:
        impact = Impact(False, time, None, _NO_NORMAL, tuple(record))
    # The steps are a figure's pages: a caller that did not ask for them gets none.
    return impact if steps else impact._replace(steps=())
