"""Projection of a shape onto an axis: its extent along it, and which vertex gives each end."""

import math
from typing import NamedTuple

from ._validate import finite_pair
from .errors import ShapeError

# tuple.__new__ skips a NamedTuple's Python-level __new__: a third of the cost on the hot path.
_new = tuple.__new__


class Interval(NamedTuple):
    """A shape's extent along an axis."""

    min: float
    """The smallest projection (dot product with the axis)."""

    max: float
    """The largest projection."""

    min_index: int
    """The vertex that gives ``min`` (the first one, on a tie); -1 for a circle."""

    max_index: int
    """The vertex that gives ``max`` (the first one, on a tie); -1 for a circle."""


def _points_interval(points, ax, ay):
    """The Interval of the float pairs ``points`` along (ax, ay)."""
    dots = [x * ax + y * ay for x, y in points]
    low, high = min(dots), max(dots)
    return _new(Interval, (low, high, dots.index(low), dots.index(high)))


def points_projector(points):
    """A function ``(ax, ay) -> Interval`` over the float pairs ``points``."""

    def along(ax, ay):
        return _points_interval(points, ax, ay)

    return along


def box_projector(points, center, xw, yw):
    """A function ``(ax, ay) -> Interval`` for a box with corners LR, UR, UL, LL (``points``)."""
    cx, cy = center
    xx, xy = xw
    yx, yy = yw

    def along(ax, ay):
        ex = xx * ax + xy * ay
        ey = yx * ax + yy * ay
        if not (ex and ey):
            # Two corners tie: let the general path pick the first, as documented.
            return _points_interval(points, ax, ay)
        # A box's extent is twice the sum of its halfwidths along the axis (Metanet figure 2).
        middle = cx * ax + cy * ay
        reach = abs(ex) + abs(ey)
        # The signs of ex and ey name the corner furthest along; the nearest is opposite it.
        high = (1 if ey > 0 else 0) if ex > 0 else (2 if ey > 0 else 3)
        return _new(Interval, (middle - reach, middle + reach, (high + 2) % 4, high))

    return along


def circle_projector(center, radius):
    """A function ``(ax, ay) -> Interval`` for a circle; both indices are -1."""
    cx, cy = center

    def along(ax, ay):
        middle = cx * ax + cy * ay
        # The radius scales with the axis like every other projection does.
        reach = radius * math.hypot(ax, ay)
        return _new(Interval, (middle - reach, middle + reach, -1, -1))

    return along


def project(shape, axis):
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
    return projector_of(shape)(ax, ay)


def projector_of(shape):
    """The shape's cached projector, or ShapeError if it is not a shape."""
    make = getattr(shape, "_projector", None)
    if make is None:
        raise ShapeError(f"expected a Polygon, Box or Circle, got {type(shape).__name__}")
    return make()
