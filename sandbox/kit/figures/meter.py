"""A cost meter on the canvas: a few short lines of work counted, side by side per method.

The block goes in the first corner of the free area (lower left, upper left, lower right,
upper right) where it meets none of the rectangles the scene says its figure covers. Its lines
are one block: the label layout draws them as they are and keeps the figure's labels off it.
On paper it is never smaller than what prints at 8 pt (View.least_points): a figure with no
corner clear for it at that size leaves it out, and the handout prints it under the figure.
"""

from collections.abc import Sequence

from sandbox.kit.labels import boxes_meet, segment_meets_box, text_box
from sandbox.kit.painter import Painter, Point
from sandbox.kit.report import Report
from sandbox.kit.theme import Theme
from sandbox.kit.view import Bounds, View

SIZE = 11
"""Points at scale 1: small beside the figure's labels."""

LARGEST = 1.8
"""The most the presenter's scale enlarges it on screen: at 3x, 20 points, legible from the
back of a room and small enough to leave the figure its corner."""

LEADING = 1.6
"""Line spacing, in text sizes: a label and the pad the label layout keeps round it."""


def draw_meter(painter: Painter, theme: Theme, view: View, report: Report, covered: Sequence[Bounds] = (), crossing: Sequence[tuple[Point, Point]] = (),
               clear_only: bool = False) -> bool:
    """``report``'s meter (Report.meter_lines: a heading such as "work counted", then a line
    per method), written from its facts, stacked in a clear corner, away
    from ``covered`` (world rectangles x0, y0, x1, y1: the shapes, a path, their labels) and
    from ``crossing`` (segments, each two world points: lines drawn across the figure).
    With ``clear_only`` (a swarm filling its world, where a label moved would still sit on
    objects) the meter is left out when no corner is clear; returns whether it was drawn."""
    lines = report.meter_lines()
    if not lines:
        return False
    pixel = view.pixel
    # The label layout enlarges text by the view's scale; the meter takes at most LARGEST of it,
    # but never less than the medium's smallest text (on paper, 8 pt).
    points = max(SIZE * min(view.text_scale, LARGEST), view.least_points)
    size = points / view.text_scale
    scale = points / SIZE
    x0, y0, x1, y1 = view.rect
    margin, step = 10 * pixel, SIZE * LEADING * 96 / 72 * pixel * scale
    widths = [text_box((0.0, 0.0), line, SIZE, pixel, scale)[2] for line in lines]
    width, height = max(widths), step * len(lines)
    corners = ((x0 + margin, y0 + margin), (x0 + margin, y1 - margin - height), (x1 - margin - width, y0 + margin), (x1 - margin - width, y1 - margin - height))
    blocks = [(x, y, x + width, y + height) for x, y in corners]

    def spoiled(block: Bounds) -> int:
        return sum(boxes_meet(block, rect, margin) for rect in covered) + sum(segment_meets_box(a, b, block, margin) for a, b in crossing)

    best, (left, bottom) = min(zip(blocks, corners), key=lambda pair: spoiled(pair[0]))
    if clear_only and spoiled(best):
        return False
    texts = [((left, bottom + height - (row + 1) * step + 0.3 * step), text, theme.dim_text if row == 0 else theme.text, size)
             for row, text in enumerate(lines)]
    block = getattr(painter, "block", None)
    if block is not None:
        block(best, texts)  # the label layout's: the lines as one block, labels kept off it
    else:
        for at, text, color, text_size in texts:
            painter.text(at, text, color, text_size)
    return True
