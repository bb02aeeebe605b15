"""Collide and slide: a character's motion clipped against the planes it touches (Box2D v3.1's mover).

A character cast straight along its wish stops at the first thing it grazes: the floor it
walks on, a seam between two tiles, the foot of a wall. Box2D's mover (``mover.c`` and the
Mover sample) slides instead, repeating three steps a few times:

1. **collide**: every obstacle the mover touches or is in gives a *plane*: the unit normal from
   the obstacle towards the mover, and how deep the mover is in (its radius and the
   obstacle's, less their cores' distance);
2. **solve** (:func:`solve_planes`, ``b2SolvePlanes``): take the motion still wished for and push
   it out along each plane's normal until it would leave the mover no deeper than a slop in
   any of them; the pushes only ever push (never pull the mover into a plane), so a plane the
   motion leaves costs nothing. Sliding along a floor keeps the along-floor part whole;
3. **cast** (:func:`~collision.cast.shape_cast` with encroaching): move along the solved
   motion until something new is touched, then collide again from there.

It stops when a pass moves less than :data:`TOLERANCE`. A seam is no obstacle to a round
mover: both tiles' planes point up, and the solver sees one floor. The moving shape must be
rounded (a capsule, circle or rounded polygon, radius above two slops), as Box2D asserts: the
planes are measured between cores, and a sharp shape's core is its surface.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from ._validate import finite_pair
from .cast import SLOP, Proxy, Shape, cast_proxies, core_distance, moved, proxy, shape_cast
from .errors import ShapeError
from .vector import PairLike, Vector

MAX_PASSES = 5
"""Collide, solve and cast passes, as in Box2D's Mover sample."""

SOLVER_SWEEPS = 20
"""The most sweeps :func:`solve_planes` makes over the planes (``b2SolvePlanes``'s cap)."""

TOLERANCE = 2 * SLOP
"""A pass that moves less than this ends the slide (the Mover sample's 0.01 m, two slops)."""

WEDGED = 0.01 * SLOP
"""How far past a plane's allowance a solved motion may still go (the solver stops once a
sweep pushes less than a slop in all): beyond it, the planes conflict and the mover is wedged."""


class Plane(NamedTuple):
    """One obstacle's plane, as the mover touches it (Box2D's ``b2CollisionPlane``)."""

    normal: Vector
    """Unit, out of the obstacle towards the mover."""

    depth: float
    """How far the mover is into the obstacle along ``normal`` (0 when just touching):
    Box2D's plane offset."""

    point: Vector
    """On the obstacle's surface, nearest the mover."""

    obstacle: int
    """The obstacle's index in the list given to :func:`slide`."""

    push: float
    """How far :func:`solve_planes` pushed the motion out along ``normal`` (0 when the motion
    already leaves the plane)."""


class SlideStep(NamedTuple):
    """One pass of collide, solve and cast."""

    start: Vector
    """Where the pass starts, as a translation from the mover's own position."""

    planes: tuple[Plane, ...]
    """The :class:`Plane` of every obstacle touched at ``start``."""

    solved: Vector
    """The motion still wished for, after the solver pushed it out of the planes."""

    fraction: float
    """How much of ``solved`` the cast allows before a new obstacle is touched (1: all)."""

    moved: Vector
    """``fraction * solved``: how far this pass moves."""

    sweeps: int
    """Sweeps the solver made over the planes."""


class Slide(NamedTuple):
    """The outcome of :func:`slide`."""

    translation: Vector
    """The motion achieved: where the mover ends, less where it began."""

    planes: tuple[Plane, ...]
    """The planes of the last pass (what the mover touches where it ends), with the solver's
    pushes: what :func:`clip_vector` clips a velocity against."""

    iterations: tuple[SlideStep, ...]
    """Every :class:`SlideStep`, in order."""


def collide_planes(mover: Proxy, obstacles: list[Proxy]) -> tuple[Plane, ...]:
    """The plane of every obstacle the mover's surface touches or is in (``b2CollideMover``).

    Cores that overlap have no way apart and give no plane; the cast keeps a mover's core from
    ever getting there."""
    planes = []
    for index, obstacle in enumerate(obstacles):
        found = core_distance(obstacle, mover)
        reach = obstacle.radius + mover.radius
        if found.distance == 0.0 or found.distance > reach:
            continue
        nx, ny = found.normal
        (px, py) = found.point_a
        point = Vector(px + obstacle.radius * nx, py + obstacle.radius * ny)
        planes.append(Plane(found.normal, reach - found.distance, point, index, 0.0))
    return tuple(planes)


def solve_planes(wish: PairLike, planes: Iterable[Plane]) -> tuple[Vector, tuple[Plane, ...], int]:
    """``b2SolvePlanes``: the motion nearest ``wish`` that leaves the mover no deeper than a
    slop in any plane: (that motion, the planes with their pushes, sweeps made).

    Each sweep takes the planes in turn and pushes the motion out along the normal by what is
    still missing; a plane's total push is kept at least 0, so a later plane can take back only
    what an earlier push gave. Against a floor, the part of a walk into it is taken off:

    >>> floor = Plane(Vector(0.0, 1.0), 0.0, Vector(0.0, 0.0), 0, 0.0)
    >>> motion, planes, sweeps = solve_planes((3, -2), [floor])
    >>> round(motion.x, 9), round(motion.y, 9), planes[0].push, sweeps
    (3.0, -0.05, 1.95, 2)

    A walk away from every plane is left alone:

    >>> solve_planes((3, 2), [floor])[0]
    Vector(x=3.0, y=2.0)
    """
    dx, dy = finite_pair(wish, "wish")
    planes = list(planes)
    pushes = [0.0] * len(planes)
    sweeps = 0
    for sweeps in range(1, SOLVER_SWEEPS + 1):
        total = 0.0
        for i, plane in enumerate(planes):
            nx, ny = plane.normal
            # How far the motion leaves the plane, less its depth; a slop deep is allowed, so
            # that a resting contact stays found next frame and does not jitter.
            separation = dx * nx + dy * ny - plane.depth + SLOP
            # Push by what is missing, but never let this plane's total pull the mover in.
            before = pushes[i]
            pushes[i] = max(0.0, before - separation)
            push = pushes[i] - before
            dx, dy = dx + push * nx, dy + push * ny
            total += abs(push)
        if total < SLOP:
            break
    solved = tuple(plane._replace(push=push) for plane, push in zip(planes, pushes))
    return Vector(dx, dy), solved, sweeps


def clip_vector(vector: PairLike, planes: Iterable[Plane]) -> Vector:
    """``b2ClipVector``: ``vector`` (a velocity) less its part into each plane that pushed.

    >>> wall = Plane(Vector(-1.0, 0.0), 0.0, Vector(0.0, 0.0), 0, 1.0)
    >>> clip_vector((4, 3), [wall]), clip_vector((-4, 3), [wall])
    (Vector(x=0.0, y=3.0), Vector(x=-4.0, y=3.0))
    """
    vx, vy = finite_pair(vector, "vector")
    for plane in planes:
        if plane.push == 0.0:
            # The motion was already leaving this plane: it does not bend the velocity.
            continue
        nx, ny = plane.normal
        into = min(0.0, vx * nx + vy * ny)
        vx, vy = vx - into * nx, vy - into * ny
    return Vector(vx, vy)


def slide(shape: Shape, translation: PairLike, obstacles: Iterable[Shape]) -> Slide:
    """Move ``shape`` (rounded: a Capsule, Circle or rounded Polygon) by ``translation`` among the
    still ``obstacles``, sliding along what it touches as Box2D's mover does: a :class:`Slide`
    whose ``translation`` is the motion achieved.

    A circle resting on a floor (a slop deep, as contacts rest) walked down and right keeps
    all of the walk along the floor and loses the part into it:

    >>> from collision import Box, Circle
    >>> floor = [Box((0, -10), (50, 10))]
    >>> walked = slide(Circle((0, 4.95), 5), (10, -3), floor)
    >>> [round(v, 9) for v in walked.translation], walked.planes[0].normal
    ([10.0, 0.0], Vector(x=0.0, y=1.0))

    The first pass made the whole walk; the second found nothing left to do:

    >>> [step.moved.x for step in walked.iterations]
    [10.0, 0.0]

    Cast straight, the same walk does not move at all: it starts touching the floor.

    >>> shape_cast(floor[0], Circle((0, 4.95), 5), (10, -3)).fraction
    0.0
    >>> slide(Box((0, 0), (1, 1)), (1, 0), floor)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: slide needs a rounded moving shape (radius above 0.1), got radius 0.0: use a Capsule, a Circle or a Polygon with a radius
    """
    mover = proxy(shape, "the moving shape")
    if mover.radius <= 2 * SLOP:
        raise ShapeError(
            f"slide needs a rounded moving shape (radius above {2 * SLOP:g}), got radius {mover.radius}: "
            "use a Capsule, a Circle or a Polygon with a radius"
        )
    tx, ty = finite_pair(translation, "translation")
    cores = [proxy(obstacle, f"obstacle {i}") for i, obstacle in enumerate(obstacles)]
    x = y = 0.0
    steps = []
    planes: tuple[Plane, ...] = ()
    for _ in range(MAX_PASSES):
        at = moved(mover, x, y)
        # Collide and solve from where the mover stands, for what is left of the wish.
        planes = collide_planes(at, cores)
        solved, planes, sweeps = solve_planes((tx - x, ty - y), planes)
        # Planes the solver could not all satisfy (a mover wedged between two obstacles whose
        # normals oppose) leave the motion going into one of them; the cast skips what it
        # starts touching, so that motion would sink the mover a little more each pass. It
        # stays where it is instead.
        wedged = any(solved.x * p.normal.x + solved.y * p.normal.y - p.depth + SLOP < -WEDGED for p in planes)
        fraction = 0.0 if wedged else _cast_fraction(at, solved, cores)
        dx, dy = fraction * solved.x, fraction * solved.y
        steps.append(SlideStep(Vector(x, y), planes, solved, fraction, Vector(dx, dy), sweeps))
        x, y = x + dx, y + dy
        if math.hypot(dx, dy) < TOLERANCE:
            break
    return Slide(Vector(x, y), planes, tuple(steps))


def _cast_fraction(at: Proxy, motion: Vector, obstacles: list[Proxy]) -> float:
    """How much of ``motion`` the mover at ``at`` can make before it touches a new obstacle
    (``b2World_CastMover``): the least fraction of an encroaching cast against each. A cast
    that starts touching (fraction 0) is left out, as Box2D leaves it: the solver has dealt
    with that obstacle's plane already."""
    fraction = 1.0
    for obstacle in obstacles:
        found = cast_proxies(obstacle, at, (motion.x, motion.y), can_encroach=True)
        if found.hit and 0.0 < found.fraction < fraction:
            fraction = found.fraction
    return fraction
