"""Projection of a shape onto an axis: its extent along it, and which vertex gives each end.

This is the step every other test in SAT is made of: the shadow a shape casts on a line.
:func:`project` is what a lesson calls; :func:`extent` is the same for a shape's placed
:class:`~collision.shapes.Pose` and an axis given as two floats, measured from the shape's own
position, what :func:`~collision.sat` calls on every axis. :func:`overlap` is the rule that compares two shadows, written once;
:func:`bounds_touch` applies it to two axis-aligned boxes on x and y, as the broad phase does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ._validate import finite_pair
from .errors import ShapeError
from .interval import Interval
from .shapes import Circle, Polygon, Pose

# tuple.__new__ skips a NamedTuple's Python-level __new__: a third of the cost on the hot path.
_new = tuple.__new__


def project(shape: Polygon | Circle, axis: tuple[float, float]) -> Interval:
    """Project ``shape`` (a Polygon, Box or Circle) onto ``axis``; return its Interval.

    The axis need not be unit length: every number scales by its length, but whether two
    intervals overlap does not change (the Tuts+ optimisation note).

    >>> from collision import Box
    >>> project(Box((0, 0), (1, 2)), (1, 0))
    Interval(min=-1.0, max=1.0, min_index=2, max_index=0)
    >>> project(Box((0, 0), (1, 2)), (2, 0))
    Interval(min=-2.0, max=2.0, min_index=2, max_index=0)
    >>> project(Box((0, 0), (1, 2)), (0, 0))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: axis has zero length: give a direction such as (1, 0)
    """
    ax, ay = finite_pair(axis, "axis")
    if ax == 0 and ay == 0:
        raise ShapeError("axis has zero length: give a direction such as (1, 0)")
    placed = getattr(shape, "_placed", None)
    if placed is None:
        raise ShapeError(f"expected a Polygon, Box or Circle, got {type(shape).__name__}")
    found = interval(placed(), ax, ay)
    if shape._rounded:
        # A capsule or a rounded polygon: its core's shadow, grown by the radius at both ends.
        grow = shape.radius * math.hypot(ax, ay)
        return Interval(found.min - grow, found.max + grow, found.min_index, found.max_index)
    return found


def extent(pose: Pose, ax: float, ay: float) -> tuple[float, float]:
    """A placed shape's shadow on the axis (ax, ay), of any length but zero, measured from the
    shape's own position: its smallest and largest projection less position . axis. SAT
    compares two shadows measured so, B's moved along the axis by the offset between the
    positions (:func:`~collision.sat`): that offset is exact where shapes far from the origin
    lie near each other, while their world vertices would round.

    >>> from collision import Box, Circle, Polygon
    >>> extent(Circle((3, 4), 2)._placed(), 0.0, 1.0)
    (-2.0, 2.0)
    >>> extent(Polygon([(0, 0), (4, 0), (0, 3)], position=(10, 0))._placed(), 1.0, 1.0)
    (0.0, 4.0)
    >>> extent(Box((1e20, 0), (2, 1))._placed(), 1.0, 0.0)
    (-2.0, 2.0)
    """
    box = pose.box
    if box:
        # A box reaches the sum of its halfwidths' shadows either side of its centre
        # (Metanet figure 2): four corners in two dot products.
        xx, xy, yx, yy = box
        ex = xx * ax + xy * ay
        ey = yx * ax + yy * ay
        reach = (ex if ex > 0.0 else -ex) + (ey if ey > 0.0 else -ey)
        return -reach, reach
    if pose.radius:
        # A circle reaches its radius either side of its centre, scaled like every other
        # projection by the axis's length.
        reach = pose.radius * math.hypot(ax, ay)
        return -reach, reach
    # Any other polygon: every vertex's dot product with the axis, the smallest and largest kept.
    vertices = iter(pose.offsets)
    x, y = next(vertices)
    low = high = x * ax + y * ay
    for x, y in vertices:
        dot = x * ax + y * ay
        if dot < low:
            low = dot
        elif dot > high:
            high = dot
    return low, high


def interval(pose: Pose, ax: float, ay: float) -> Interval:
    """A placed shape's shadow on the axis (ax, ay) where it lies in the world, and the
    vertices that give its two ends, as an :class:`Interval`: what :func:`project` returns and
    a figure labels. On a tie (an edge square to the axis) the first vertex is named.

    >>> from collision import Box, Circle
    >>> interval(Box((0, 0), (2, 1))._placed(), 1.0, 1.0)
    Interval(min=-3.0, max=3.0, min_index=3, max_index=1)
    >>> interval(Box((0, 0), (2, 1))._placed(), 1.0, 0.0)  # LR and UR tie at the top, UL and LL below
    Interval(min=-2.0, max=2.0, min_index=2, max_index=0)
    >>> interval(Circle((3, 4), 2)._placed(), 0.0, 1.0)
    Interval(min=2.0, max=6.0, min_index=-1, max_index=-1)
    """
    if pose.radius or pose.box:
        # The shadow from the shape's position, moved out to where the position projects.
        low, high = extent(pose, ax, ay)
        middle = pose.x * ax + pose.y * ay
        low, high = middle + low, middle + high
    if pose.radius:
        # A circle has no vertices.
        return _new(Interval, (low, high, -1, -1))
    if pose.box:
        # The signs of the halfwidths' shadows name the corners furthest along and furthest
        # back (LR, UR, UL, LL are 0 to 3); a zero means two corners tie, the first is named.
        xx, xy, yx, yy = pose.box
        ex, ey = xx * ax + xy * ay, yx * ax + yy * ay
        if ex > 0.0:
            top, bottom = (1, 3) if ey > 0.0 else (0, 2)
        elif ex < 0.0:
            top, bottom = (2, 0) if ey >= 0.0 else (3, 1)
        else:
            top, bottom = (1, 0) if ey > 0.0 else (0, 1)
        return _new(Interval, (low, high, bottom, top))
    # Every world vertex's dot product; the first of the smallest and of the largest name the ends.
    dots = [x * ax + y * ay for x, y in pose.points]
    low, high = min(dots), max(dots)
    return _new(Interval, (low, high, dots.index(low), dots.index(high)))


@overload
def overlap(a_min: float, a_max: float, b_min: float, b_max: float) -> float: ...
@overload
def overlap(a_min: Any, a_max: Any, b_min: Any, b_max: Any) -> NDArray[np.float64]: ...


def overlap(a_min: Any, a_max: Any, b_min: Any, b_max: Any) -> Any:
    """How far B must move along the axis, the shorter way, to leave A's interval
    [a_min, a_max], B's being [b_min, b_max]: the one rule SAT applies on every axis.
    Negative, it is the gap between them: the axis separates the shapes. It equals the
    length the intervals share unless one contains the other. Given numpy arrays of ends
    (the fast paths in :mod:`collision.fast`, many intervals at once) it answers row by row.

    >>> overlap(0.0, 4.0, 3.0, 10.0)
    1.0
    >>> overlap(0.0, 4.0, 4.0, 10.0)  # touching
    0.0
    >>> overlap(0.0, 4.0, -9.0, -2.0)  # a gap of 2
    -2.0
    >>> import numpy as np
    >>> overlap(np.zeros(3), np.full(3, 4.0), np.array([3.0, 4.0, -9.0]), np.array([10.0, 10.0, -2.0]))
    array([ 1.,  0., -2.])
    """
    # B leaves forwards past A's max, or backwards past A's min; the shorter way counts.
    forward = a_max - b_min
    backward = b_max - a_min
    try:
        return forward if forward <= backward else backward
    except ValueError:
        # Arrays: numpy will not say whether a whole column is shorter. Row by row, then.
        return np.minimum(forward, backward)


def bounds_touch(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether axis-aligned boxes ``a`` and ``b``, each ``(min_x, min_y, max_x, max_y)``,
    overlap or touch: their shadows on x overlap, and on y (:func:`overlap` on each; touching
    counts). SAT with the only two axes such boxes have: the broad phase's test.
    (:func:`collision.fast.broadphase.touching` is the same for columns of boxes.)

    >>> bounds_touch((0, 0, 2, 2), (2, 1, 3, 3)), bounds_touch((0, 0, 2, 2), (2.5, 0, 3, 1))
    (True, False)
    """
    return overlap(a[0], a[2], b[0], b[2]) >= 0 and overlap(a[1], a[3], b[1], b[3]) >= 0
