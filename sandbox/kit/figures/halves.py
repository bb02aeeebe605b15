"""A figure split in two views side by side (minkowski's "A and B, SAT" and "A - B and O,
GJK"): what one view draws is cut at the divider, so that it never runs into the other. Pulled
clear, B sent A - B across into the SAT half, over its strips."""

from collections.abc import Sequence
from typing import Any

from sandbox.kit.painter import Color, Painter, Point


class RightOf:
    """A painter that draws only what lies right of the vertical line at ``x``: polygons cut
    there, with no edge drawn along the cut (the shape runs on beyond it); segments and arrows
    shortened (an arrow whose tip is cut loses its head); points beyond it left out. Any other
    call (text) goes through."""

    def __init__(self, painter: Painter, x: float) -> None:
        self.painter, self.x = painter, x

    def __getattr__(self, name: str) -> Any:
        return getattr(self.painter, name)

    def polygon(self, points: Sequence[Point], outline: Color, fill: Color | None = None, width: float = 2) -> None:
        corners = [(float(p[0]), float(p[1])) for p in points]
        if min(x for x, _ in corners) >= self.x:
            self.painter.polygon(corners, outline, fill, width)
            return
        kept = cut(corners, self.x)
        if fill is not None and len(kept) > 2:
            self.painter.polygon(kept, fill, fill, 1)
        for start, end in zip(corners, corners[1:] + corners[:1]):
            self.segment(start, end, outline, width)

    def segment(self, start: Point, end: Point, color: Color, width: float = 1) -> None:
        kept = shortened(start, end, self.x)
        if kept is not None:
            self.painter.segment(*kept, color, width)

    def arrow(self, start: Point, end: Point, color: Color, width: float = 2) -> None:
        kept = shortened(start, end, self.x)
        if kept is not None:
            (self.painter.arrow if kept[1] == (end[0], end[1]) else self.painter.segment)(*kept, color, width)

    def point(self, at: Point, color: Color, size: float = 5) -> None:
        if at[0] >= self.x:
            self.painter.point(at, color, size)


def crossing(a: Point, b: Point, x: float) -> Point:
    """Where the segment from ``a`` to ``b`` crosses the line at ``x`` (one end on each side)."""
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def cut(points: Sequence[Point], x: float) -> list[Point]:
    """The part of a convex polygon right of the line at ``x`` (Sutherland and Hodgman, one edge).

    >>> cut([(-1.0, 0.0), (1.0, 0.0), (1.0, 2.0), (-1.0, 2.0)], 0.0)
    [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0)]
    >>> cut([(-3.0, 0.0), (-1.0, 0.0), (-2.0, 1.0)], 0.0)
    []
    """
    kept: list[Point] = []
    for a, b in zip(points, [*points[1:], points[0]]):
        if a[0] >= x:
            kept.append(a)
        if (a[0] >= x) != (b[0] >= x):
            kept.append(crossing(a, b, x))
    return kept


def shortened(start: Point, end: Point, x: float) -> tuple[Point, Point] | None:
    """The part of a segment right of the line at ``x``, as (start, end), or None if none is.

    >>> shortened((-2.0, 0.0), (2.0, 4.0), 0.0)
    ((0.0, 2.0), (2.0, 4.0))
    >>> shortened((-2.0, 0.0), (-1.0, 4.0), 0.0) is None
    True
    """
    start, end = (start[0], start[1]), (end[0], end[1])
    if start[0] >= x and end[0] >= x:
        return start, end
    if start[0] < x and end[0] < x:
        return None
    return (crossing(start, end, x), end) if start[0] < x else (start, crossing(start, end, x))
