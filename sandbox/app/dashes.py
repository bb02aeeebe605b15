"""B drawn dashed, for the colour-blind palette: a painter that wraps another.

Colours mean the same thing in every scene, so the line style can follow the colour: any
outline, segment, arrow's shaft or shadow in B's colour is drawn as dashes, and so is the outline of a shape
filled with B's colour (B when hovered or selected is outlined in the highlight colour, and
must stay dashed). Everything else passes through unchanged, so scenes need not know.
"""

import math

from sandbox.kit.painter import interval_ends
from sandbox.kit.theme import DASH, GAP

CIRCLE_STEPS = 96
"""Sides of the polygon a dashed circle follows."""


class DashedPainter:
    """Draws into ``painter`` with B's lines dashed; ``pixel`` is world units per screen pixel."""

    def __init__(self, painter, theme, pixel):
        self.painter = painter
        self._b = theme.shape_b[:3]
        self._pixel = pixel
        self._dash, self._gap = DASH * pixel, GAP * pixel

    def __getattr__(self, name):
        return getattr(self.painter, name)

    def _is_b(self, color):
        return color is not None and tuple(color[:3]) == self._b

    def polygon(self, points, outline, fill=None, width=2):
        if not (self._is_b(outline) or self._is_b(fill)):
            return self.painter.polygon(points, outline, fill, width)
        points = [tuple(p) for p in points]
        if fill is not None:
            self.painter.polygon(points, outline[:3] + (0,), fill, width)
        self._dashes(points + points[:1], outline, width)

    def circle(self, center, radius, outline, fill=None, width=2):
        if not (self._is_b(outline) or self._is_b(fill)):
            return self.painter.circle(center, radius, outline, fill, width)
        if fill is not None:
            self.painter.circle(center, radius, outline[:3] + (0,), fill, width)
        turns = (2 * math.pi * i / CIRCLE_STEPS for i in range(CIRCLE_STEPS + 1))
        self._dashes([(center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)) for t in turns], outline, width)

    def segment(self, start, end, color, width=1):
        if not self._is_b(color):
            return self.painter.segment(start, end, color, width)
        self._dashes([tuple(start), tuple(end)], color, width)

    def arrow(self, start, end, color, width=2):
        if not self._is_b(color):
            return self.painter.arrow(start, end, color, width)
        # The shaft dashed and the head whole: the vectors lesson's b printed solid on a grey
        # page whose legend says B's colour is dashed there.
        length = math.dist(start, end)
        if length == 0:
            return self.painter.arrow(start, end, color, width)
        # The painters draw a head (4 x width + 6) pixels long (kit.svg, window.pyglet_painter).
        head = min((4 * width + 6) * self._pixel, length) / length
        back = (end[0] - (end[0] - start[0]) * head, end[1] - (end[1] - start[1]) * head)
        self._dashes([tuple(start), back], color, width)
        self.painter.arrow(back, tuple(end), color, width)

    def interval(self, axis, low, high, offset, color, width=5):
        if not self._is_b(color):
            return self.painter.interval(axis, low, high, offset, color, width)
        self._dashes(list(interval_ends(axis, low, high, offset)), color, width)

    def _dashes(self, path, color, width):
        """Dash along the polyline ``path``, the pattern running on round its corners."""
        period, along = self._dash + self._gap, 0.0
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            # Where in its period the pattern is at this edge's start, and the dashes on the edge.
            start = -(along % period)
            while start < length:
                a, b = max(start, 0.0), min(start + self._dash, length)
                if b > a:
                    self.painter.segment((x0 + (x1 - x0) * a / length, y0 + (y1 - y0) * a / length),
                                         (x0 + (x1 - x0) * b / length, y0 + (y1 - y0) * b / length), color, width)
                start += period
            along += length
