"""A turnable axis P: a line through a fixed pivot, turned by dragging its grey handle "P"."""

import math

from collision import Vector

from sandbox.kit import Scene
from sandbox.kit.figures.clear import keep_lines_clear
from sandbox.kit.labels import clip
from sandbox.kit.painter import Painter, Point, interval_ends
from sandbox.kit.theme import Theme

NEAREST = 20
"""How close to the pivot the handle may come: nearer, its direction would be noise."""


class TurnableAxis(Scene):
    """A scene with an axis P through ``pivot``, turned by the handle "P"
    (declared in the scene's ``handles``). The axis points from the pivot to the handle."""

    pivot = (0.0, 0.0)

    def unit(self) -> Vector:
        (px, py), (hx, hy) = self.pivot, self.points["P"]
        length = math.hypot(hx - px, hy - py)
        return Vector((hx - px) / length, (hy - py) / length)

    def offset(self) -> float:
        """How far the line through the pivot lies left of the parallel line through the origin."""
        unit = self.unit()
        return -unit.y * self.pivot[0] + unit.x * self.pivot[1]

    def drop(self, point: Point) -> Point:
        """Where ``point`` lands on the axis line, dropped at right angles."""
        unit, offset = self.unit(), self.offset()
        along = unit.x * point[0] + unit.y * point[1]
        return (along * unit.x - offset * unit.y, along * unit.y + offset * unit.x)

    def constrain(self, name: str, point: Point) -> Point:
        if math.dist(point, self.pivot) < NEAREST:
            raise ValueError(f"must be at least {NEAREST} units from the pivot {list(self.pivot)}")
        return point

    # Scene.directions says (float, float) pairs; the controller takes (name, angle) ones, as here.
    def directions(self) -> tuple[tuple[str, float], ...]:  # type: ignore[override]
        """Turned shapes snap to P (an edge along P) and across it (two corners tie on P)."""
        unit = self.unit()
        return (("P", math.atan2(unit.y, unit.x)), ("P's normal", math.atan2(unit.x, -unit.y)))

    def draw_axis(self, painter: Painter, theme: Theme) -> None:
        """The axis line across the free area and its handle, labelled P."""
        unit, handle = self.unit(), self.points["P"]
        ends = clip(self.pivot, unit, self.view.rect)
        if ends is not None:
            middle = unit.x * self.pivot[0] + unit.y * self.pivot[1]
            painter.interval(unit, middle + ends[0], middle + ends[1], self.offset(), theme.axis, 1)
            # P's name beside its handle, not across the line it turns.
            keep_lines_clear(painter, [interval_ends(unit, middle + ends[0], middle + ends[1], self.offset())], 2 * self.view.pixel)
        # A handle is neutral (red is the max corner's): the dot is bigger, and it is named.
        painter.point(handle, theme.highlight if self.hovered == "P" else theme.axis, 8)
        painter.text((handle[0] + 10 * self.view.pixel, handle[1] + 6 * self.view.pixel), "P", theme.axis, 16)
