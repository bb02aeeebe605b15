"""The drawing protocol scenes use: points in world units, widths and text sizes in pixels.

Three implementations: :class:`RecordingPainter` keeps every call as a tuple, for tests without
GL; ``sandbox.app.window.pyglet_painter.PygletPainter`` draws with pyglet shapes; and
``sandbox.kit.svg.SvgPainter`` writes the same figure as SVG (``Scene.to_svg``).
"""

import math
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
from numpy.typing import ArrayLike

Point = tuple[float, float]
"""A world point, or anything of two numbers (a Vector, a row of an array)."""

Color = tuple[int, ...]
"""RGBA, 0-255 (the Theme's colours)."""


def interval_ends(axis: Point, low: float, high: float, offset: float) -> tuple[Point, Point]:
    """World end points of the projection [low, high] on the line along unit ``axis`` moved
    ``offset`` to its left: each end lies where a perpendicular drop from the shape lands."""
    ax, ay = axis
    nx, ny = -ay, ax
    return (low * ax + offset * nx, low * ay + offset * ny), (high * ax + offset * nx, high * ay + offset * ny)


def arrow_head(start: Point, end: Point, size: float) -> tuple[Point, Point, Point] | None:
    """The three corners of an arrow head of ``size`` world units at ``end``, or None if too short."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return None
    ux, uy = dx / length, dy / length
    size = min(size, length)
    back = (end[0] - ux * size, end[1] - uy * size)
    return end, (back[0] - uy * size / 2, back[1] + ux * size / 2), (back[0] + uy * size / 2, back[1] - ux * size / 2)


class Painter(Protocol):
    """What a scene draws with. Points are world units; widths, sizes and text sizes pixels.
    ``text`` anchors its point at the label's left, "center" or right end, at its baseline."""

    def polygon(self, points: Sequence[Point], outline: Color, fill: Color | None = None, width: float = 2) -> None: ...
    def circle(self, center: Point, radius: float, outline: Color, fill: Color | None = None, width: float = 2) -> None: ...
    def segment(self, start: Point, end: Point, color: Color, width: float = 1) -> None: ...
    def arrow(self, start: Point, end: Point, color: Color, width: float = 2) -> None: ...
    def point(self, at: Point, color: Color, size: float = 5) -> None: ...
    def text(self, at: Point, string: str, color: Color, size: float = 13, anchor: str = "left") -> None: ...
    def interval(self, axis: Point, low: float, high: float, offset: float, color: Color, width: float = 5) -> None: ...
    def lines(self, segments: ArrayLike, colors: ArrayLike) -> None: ...
    def rects(self, rects: ArrayLike, colors: ArrayLike) -> None: ...


class RecordingPainter:
    """Records each call as ``(name, arguments...)`` in ``calls``."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def polygon(self, points: Sequence[Point], outline: Color, fill: Color | None = None, width: float = 2) -> None:
        self.calls.append(("polygon", tuple(map(tuple, points)), outline, fill, width))

    def circle(self, center: Point, radius: float, outline: Color, fill: Color | None = None, width: float = 2) -> None:
        self.calls.append(("circle", tuple(center), radius, outline, fill, width))

    def segment(self, start: Point, end: Point, color: Color, width: float = 1) -> None:
        self.calls.append(("segment", tuple(start), tuple(end), color, width))

    def arrow(self, start: Point, end: Point, color: Color, width: float = 2) -> None:
        self.calls.append(("arrow", tuple(start), tuple(end), color, width))

    def point(self, at: Point, color: Color, size: float = 5) -> None:
        self.calls.append(("point", tuple(at), color, size))

    def text(self, at: Point, string: str, color: Color, size: float = 13, anchor: str = "left") -> None:
        self.calls.append(("text", tuple(at), string, color, size, anchor))

    def interval(self, axis: Point, low: float, high: float, offset: float, color: Color, width: float = 5) -> None:
        self.calls.append(("interval", tuple(axis), low, high, offset, color, width))

    def lines(self, segments: ArrayLike, colors: ArrayLike) -> None:
        """Many segments at once: ``segments`` (K, 4) of x0, y0, x1, y1; ``colors`` (K, 4) or one colour."""
        self.calls.append(("lines", np.array(segments, dtype=float), np.array(colors)))

    def rects(self, rects: ArrayLike, colors: ArrayLike) -> None:
        """Many small filled axis-aligned rectangles at once, which may be drawn as dots (a
        square of the longer side at the centre): ``rects`` (K, 4) of min_x, min_y, max_x,
        max_y; ``colors`` (K, 4) or one colour."""
        self.calls.append(("rects", np.array(rects, dtype=float), np.array(colors)))

    def of(self, name: str) -> list[tuple[Any, ...]]:
        """The calls of one kind, e.g. ``painter.of("arrow")``."""
        return [call for call in self.calls if call[0] == name]
