"""A capsule: a segment grown by a radius, as Box2D makes one.

Its *core* is the segment from ``p1`` to ``p2``; the capsule is every point within ``radius``
of it. A radius of 0 leaves the bare segment. Rounded polygons (``Polygon(..., radius=r)``)
are the same idea with a polygon for a core; :mod:`collision.rounded` holds the algorithms
that read both.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from ._validate import finite_number, finite_pair
from .errors import ShapeError
from .shapes import Pose
from .vector import Bounds, PairLike, Vector

_new = tuple.__new__


def radius_at_least_zero(value: object, what: str) -> float:
    """``value`` as a float at least 0, or ShapeError saying what to fix."""
    number = finite_number(value, what)
    if number < 0:
        raise ShapeError(f"{what} must be at least 0 (0 is no rounding), got {number}")
    return number


class Capsule:
    """A segment from ``p1`` to ``p2`` (local points, placed by ``position`` and ``angle`` as a
    Polygon's vertices are) grown by ``radius`` (at least 0; 0 is the segment itself).

    >>> pill = Capsule((-2, 0), (2, 0), 1, position=(10, 5))
    >>> pill.world_points().tolist()
    [[8.0, 5.0], [12.0, 5.0]]
    >>> pill.aabb()
    (7.0, 4.0, 13.0, 6.0)
    >>> Capsule((0, 0), (1, 0), -1)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: capsule radius must be at least 0 (0 is no rounding), got -1.0
    >>> Capsule((1, 1), (1, 1), 1)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: capsule ends p1 and p2 are the same point: move them apart, or use a Circle
    """

    __slots__ = ("_local", "_radius", "_position", "_angle", "_pose")

    _pose: Pose | None

    _rounded = True
    """Read by the algorithms that take cores and radii (see :mod:`collision.rounded`)."""

    def __init__(self, p1: PairLike, p2: PairLike, radius: float, position: PairLike = (0.0, 0.0), angle: float = 0.0) -> None:
        first, second = finite_pair(p1, "capsule p1"), finite_pair(p2, "capsule p2")
        if first == second:
            raise ShapeError("capsule ends p1 and p2 are the same point: move them apart, or use a Circle")
        self._local = (first, second)
        self._radius = radius_at_least_zero(radius, "capsule radius")
        self._pose = None
        self.position = position
        self.angle = angle

    @property
    def position(self) -> Vector:
        """Where the local origin sits in the world; settable."""
        return self._position

    @position.setter
    def position(self, value: PairLike) -> None:
        self._position = _new(Vector, finite_pair(value, "position"))
        self._pose = None

    @property
    def angle(self) -> float:
        """Rotation about the local origin in radians, counter-clockwise; settable."""
        return self._angle

    @angle.setter
    def angle(self, value: float) -> None:
        self._angle = finite_number(value, "angle")
        self._pose = None

    @property
    def radius(self) -> float:
        """How far the capsule reaches beyond its core segment."""
        return self._radius

    @property
    def local_points(self) -> NDArray[np.float64]:
        """The core's two ends in local coordinates: array (2, 2)."""
        return np.array(self._local)

    def world_points(self) -> NDArray[np.float64]:
        """The core's two ends in the world: array (2, 2)."""
        return np.array(self._placed().points)

    @property
    def centroid(self) -> Vector:
        """The middle of the core, in the world."""
        (x0, y0), (x1, y1) = self._placed().points
        return Vector((x0 + x1) / 2, (y0 + y1) / 2)

    def _placed(self) -> Pose:
        """The core as a Pose: two points, the two normals of its sides (edge 0 runs p1 to p2,
        edge 1 back), one axis. Its radius stays on the capsule: the Pose is the core's."""
        pose = self._pose
        if pose is not None:
            return pose
        c, s = math.cos(self._angle), math.sin(self._angle)
        px, py = self._position
        points = tuple((c * x - s * y + px, s * x + c * y + py) for x, y in self._local)
        (x0, y0), (x1, y1) = points
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, (x0 - x1) / length
        scale = max(max(abs(x), abs(y)) for x, y in points) + self._radius
        offsets = tuple((x - px, y - py) for x, y in points)
        reach = max(max(abs(x), abs(y)) for x, y in offsets)
        pose = self._pose = _new(
            Pose, ((), 0.0, px, py, scale, (Vector(nx, ny),), (), (), offsets, reach, points, ((nx, ny), (-nx, -ny)), (0,), (), ())
        )
        return pose

    def aabb(self) -> Bounds:
        """World bounds ``(min_x, min_y, max_x, max_y)``: the core's, grown by the radius."""
        (x0, y0), (x1, y1) = self._placed().points
        r = self._radius
        return (min(x0, x1) - r, min(y0, y1) - r, max(x0, x1) + r, max(y0, y1) + r)

    def __repr__(self) -> str:
        (p1, p2) = self._local
        return f"Capsule({p1}, {p2}, {self._radius}, position={tuple(self._position)}, angle={self._angle})"
