"""The painter that draws with pyglet shapes, reusing them frame after frame."""

import math
from collections import defaultdict

import pyglet
from pyglet import shapes

from .painter import arrow_head, interval_ends


class PygletPainter:
    """Draws into one batch. Shapes are pooled by kind: each frame reuses them in order,
    changing their properties, and hides the ones it did not need."""

    def __init__(self, camera):
        self.camera = camera
        self.batch = pyglet.graphics.Batch()
        self._fills = pyglet.graphics.Group(order=0)
        self._lines = pyglet.graphics.Group(order=1)
        self._labels = pyglet.graphics.Group(order=2)
        self._pools = defaultdict(list)
        self._used = defaultdict(int)

    def begin(self):
        self._used.clear()

    def end(self):
        for kind, pool in self._pools.items():
            for item in pool[self._used[kind] :]:
                item.visible = False

    def draw(self):
        self.batch.draw()

    def _take(self, kind, make):
        pool, index = self._pools[kind], self._used[kind]
        self._used[kind] += 1
        if index < len(pool):
            pool[index].visible = True
            return pool[index]
        item = make()
        pool.append(item)
        return item

    def _line(self, start, end, color, width):
        (x, y), (x2, y2) = self.camera.to_screen(*start), self.camera.to_screen(*end)
        line = self._take("line", lambda: shapes.Line(0, 0, 1, 1, batch=self.batch, group=self._lines))
        line.position = (x, y)
        line.x2, line.y2 = x2, y2
        line.thickness = width
        line.color = color

    def _triangle(self, a, b, c, color, group):
        (x, y), (x2, y2), (x3, y3) = (self.camera.to_screen(*p) for p in (a, b, c))
        kind = "fill" if group is self._fills else "head"
        triangle = self._take(kind, lambda: shapes.Triangle(0, 0, 1, 0, 0, 1, batch=self.batch, group=group))
        triangle.position = (x, y)
        triangle.x2, triangle.y2, triangle.x3, triangle.y3 = x2, y2, x3, y3
        triangle.color = color

    def polygon(self, points, outline, fill=None, width=2):
        points = [tuple(p) for p in points]
        if fill is not None:
            # A convex polygon is a fan of triangles from its first vertex.
            for b, c in zip(points[1:-1], points[2:]):
                self._triangle(points[0], b, c, fill, self._fills)
        for start, end in zip(points, points[1:] + points[:1]):
            self._line(start, end, outline, width)

    def circle(self, center, radius, outline, fill=None, width=2):
        x, y = self.camera.to_screen(*center)
        r = radius * self.camera.zoom
        if fill is not None:
            disc = self._take("disc", lambda: shapes.Circle(0, 0, 1, segments=64, batch=self.batch, group=self._fills))
            disc.position, disc.radius, disc.color = (x, y), r, fill
        ring = self._take(
            "ring", lambda: shapes.Arc(0, 0, 1, segments=64, angle=math.tau, batch=self.batch, group=self._lines)
        )
        ring.position, ring.radius, ring.thickness, ring.color = (x, y), r, width, outline

    def segment(self, start, end, color, width=1):
        self._line(start, end, color, width)

    def arrow(self, start, end, color, width=2):
        self._line(start, end, color, width)
        head = arrow_head(start, end, 4 * width / self.camera.zoom + 6 / self.camera.zoom)
        if head is not None:
            self._triangle(*head, color, self._lines)

    def point(self, at, color, size=5):
        x, y = self.camera.to_screen(*at)
        dot = self._take("dot", lambda: shapes.Circle(0, 0, 1, segments=16, batch=self.batch, group=self._lines))
        dot.position, dot.radius, dot.color = (x, y), size, color

    def text(self, at, string, color, size=13):
        x, y = self.camera.to_screen(*at)
        label = self._take(
            "label", lambda: pyglet.text.Label("", font_size=size, batch=self.batch, group=self._labels)
        )
        if label.text != string:
            label.text = string
        if label.font_size != size:
            label.font_size = size
        label.position = (x, y, 0)
        label.color = color

    def interval(self, axis, low, high, offset, color, width=5):
        start, end = interval_ends(axis, low, high, offset)
        self._line(start, end, color, width)
