"""A turnable axis P: a line through a fixed pivot, turned by dragging its red handle."""

import math

from collision import Vector

from . import palette

NEAREST = 20
"""How close to the pivot the handle may come: nearer, its direction would be noise."""


class AxisHandle:
    """The axis's pivot and handle; the axis points from the pivot to the handle."""

    def __init__(self, pivot, handle):
        self.pivot = pivot
        self.handle = handle

    def unit(self):
        dx, dy = self.handle[0] - self.pivot[0], self.handle[1] - self.pivot[1]
        length = math.hypot(dx, dy)
        return Vector(dx / length, dy / length)

    def offset(self):
        """How far the line through the pivot lies left of the parallel line through the origin."""
        unit = self.unit()
        return -unit.y * self.pivot[0] + unit.x * self.pivot[1]

    def move(self, point):
        if math.dist(point, self.pivot) >= NEAREST:
            self.handle = (float(point[0]), float(point[1]))

    def draw(self, painter, hovered, reach=520):
        """The axis line and its red handle, labelled P."""
        unit = self.unit()
        middle = unit.x * self.pivot[0] + unit.y * self.pivot[1]
        painter.interval(unit, middle - reach, middle + reach, self.offset(), palette.AXIS, 1)
        painter.point(self.handle, palette.HIGHLIGHT if hovered else palette.MAX_CORNER, 7)
        painter.text((self.handle[0] + 10, self.handle[1] + 6), "P", palette.MAX_CORNER, 14)

    def drop(self, point):
        """Where ``point`` lands on the axis line, dropped at right angles."""
        unit, offset = self.unit(), self.offset()
        along = unit.x * point[0] + unit.y * point[1]
        return (along * unit.x - offset * unit.y, along * unit.y + offset * unit.x)

    def settings(self):
        return {"handle": list(self.handle)}

    def check(self, settings):
        """The handle a layout's settings ask for, or ValueError naming what is wrong."""
        handle = settings.get("handle", self.handle)
        if not (
            isinstance(handle, (list, tuple))
            and len(handle) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in handle)
        ):
            raise ValueError("handle must be [x, y], where P's red handle sits")
        if math.dist(handle, self.pivot) < NEAREST:
            raise ValueError(f"handle must be at least {NEAREST} units from the pivot {list(self.pivot)}")
        return (float(handle[0]), float(handle[1]))


class TurnableAxis:
    """Scene methods for a scene whose one handle is its axis ``self.p``, an AxisHandle."""

    def handles(self):
        return {"P": self.p.handle}

    def move_handle(self, name, point):
        self.p.move(point)

    def settings(self):
        return self.p.settings()

    def apply_settings(self, settings):
        self.p.handle = self.p.check(settings)
