"""A cost meter on the canvas: a few short lines of work counted, side by side per method.

The block goes in the first corner of the free area (lower left, upper left, lower right,
upper right) where it meets none of the rectangles the scene says its figure covers, and its
lines go through the label layout like every other label, drawn after the figure's own: where
a line still meets something it is moved to the nearest clear spot, never over anything.
"""

from collections.abc import Sequence

from sandbox.kit.labels import boxes_meet, text_box
from sandbox.kit.painter import Painter
from sandbox.kit.theme import Theme

SIZE = 11
"""Points at scale 1: small beside the figure's labels, legible at a presenter's 3x."""

LEADING = 1.6
"""Line spacing, in text sizes."""


def draw_meter(painter: Painter, theme: Theme, view, lines: Sequence[str], covered: Sequence[tuple] = ()) -> None:
    """``lines`` (the first a heading such as "work counted") stacked in a clear corner, away
    from ``covered`` (world rectangles x0, y0, x1, y1: the shapes, a path, their labels)."""
    pixel, scale = view.pixel, view.text_scale
    x0, y0, x1, y1 = view.rect
    margin, step = 10 * pixel, SIZE * LEADING * 96 / 72 * pixel * scale
    widths = [text_box((0.0, 0.0), line, SIZE, pixel, scale)[2] for line in lines]
    width, height = max(widths), step * len(lines)
    corners = ((x0 + margin, y0 + margin), (x0 + margin, y1 - margin - height), (x1 - margin - width, y0 + margin), (x1 - margin - width, y1 - margin - height))
    blocks = [(x, y, x + width, y + height) for x, y in corners]
    left, bottom = min(zip(blocks, corners), key=lambda pair: sum(boxes_meet(pair[0], rect, margin) for rect in covered))[1]
    for row, text in enumerate(lines):
        at = (left, bottom + height - (row + 1) * step + 0.3 * step)
        painter.text(at, text, theme.dim_text if row == 0 else theme.text, SIZE)
