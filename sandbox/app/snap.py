"""Snapping a turned shape to an alignment a lesson asks for: edges parallel to another shape's
edges or to an axis, where axis counts drop and corners tie. Without it a 3-degree tap from an
angle that is not a multiple of 3 would step over the pose and never land on it."""

import math
from collections.abc import Iterable

from collision import Capsule, Circle, Polygon

WITHIN = math.radians(1.5)
"""A turn that ends this close to an aligned pose lands on it; half a tap, so none is skipped."""


def edge_directions(shape: Polygon | Circle | Capsule) -> list[float]:
    """The direction of every edge of ``shape``, in radians; none for a circle, and for a
    capsule its segment's (its straight sides run along it)."""
    if isinstance(shape, Circle):
        return []
    if isinstance(shape, Capsule):
        (x1, y1), (x2, y2) = shape.world_points()
        return [math.atan2(y2 - y1, x2 - x1)]
    points = shape.world_vertices()
    return [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in zip(points, list(points[1:]) + [points[0]])]


def _half_turn(angle: float) -> float:
    """``angle`` folded into (-pi/2, pi/2]: lines, unlike arrows, repeat every half turn."""
    folded = math.remainder(angle, math.pi)
    return math.pi / 2 if folded == -math.pi / 2 else folded


def snap(shape: Polygon | Circle | Capsule, targets: Iterable[tuple[str, float]]) -> tuple[float, str] | None:
    """The smallest turn that makes an edge of ``shape`` parallel to one of ``targets``
    ((name, direction) pairs), with that target's name, or None if none is within WITHIN."""
    best = None
    for edge in edge_directions(shape):
        for name, direction in targets:
            turn = _half_turn(direction - edge)
            if abs(turn) <= WITHIN and (best is None or abs(turn) < abs(best[0])):
                best = (turn, name)
    return best
