"""The painter that draws with pyglet shapes, reusing them frame after frame.

Shapes are given world coordinates: the camera's view matrix, set on the window while the
world batch draws, turns them into pixels on the GPU (pyglet's camera example). Only sizes
meant in pixels (line widths, dots) are divided by the zoom, and labels, drawn at their size
in pixels, are placed in a batch of their own in window pixels.
"""

from collections import defaultdict

import numpy as np
import pyglet
from pyglet import gl, shapes
from pyglet.math import Mat4
from pyglet.graphics.shader import Shader, ShaderProgram

from sandbox.boot import glyphs, tweaks
from sandbox.kit.painter import arrow_head, interval_ends


_LINES_VERTEX = """#version 150 core
in vec2 position;
in vec4 colors;
out vec4 vertex_colors;
uniform WindowBlock { mat4 projection; mat4 view; } window;
void main() {
    gl_Position = window.projection * window.view * vec4(position, 0.0, 1.0);
    vertex_colors = colors;
}
"""
_LINES_FRAGMENT = """#version 150 core
in vec4 vertex_colors;
out vec4 final_colors;
void main() { final_colors = vertex_colors; }
"""

# A rectangle is one square point, as wide as its longer side: thousands of objects a few
# pixels across are dots, and llvmpipe (OpenGL on the processor) sets up one point for less
# than the two triangles of a rectangle, in the thread that draws. The view's scale (its
# first entry: no rotation) makes the world side pixels.
_DOTS_VERTEX = """#version 150 core
in vec4 corners;
in vec4 colors;
out vec4 vertex_colors;
uniform WindowBlock { mat4 projection; mat4 view; } window;
uniform float least;
void main() {
    gl_Position = window.projection * window.view * vec4((corners.xy + corners.zw) / 2.0, 0.0, 1.0);
    gl_PointSize = max(max(corners.z - corners.x, corners.w - corners.y) * window.view[0][0], least);
    vertex_colors = colors;
}
"""


LEAST_PIXELS = 2.0
"""The smallest side, in pixels, of a rectangle drawn by ``rects``."""


class _BlendedGroup(pyglet.graphics.Group):
    """Draws with ``program``, blending by alpha."""

    def __init__(self, program, order, sized_points=False):
        super().__init__(order=order)
        self.program = program
        self.sized_points = sized_points

    def set_state(self):
        self.program.use()
        gl.glEnable(gl.GL_BLEND)
        gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)
        if self.sized_points:
            gl.glEnable(gl.GL_PROGRAM_POINT_SIZE)

    def unset_state(self):
        if self.sized_points:
            gl.glDisable(gl.GL_PROGRAM_POINT_SIZE)
        gl.glDisable(gl.GL_BLEND)
        self.program.stop()

    # A batch merges groups that compare equal: two of these with different programs must not.
    def __eq__(self, other):
        return isinstance(other, _BlendedGroup) and self.program is other.program and self.order == other.order

    def __hash__(self):
        return hash((id(self.program), self.order))


def _update(shape, **values):
    """Set the shape's properties that changed: each of pyglet's setters works out the shape's
    vertices again, and most shapes of a frame are where they were. Only for shapes whose
    getters give back what was set (a Line; a Triangle's x2 adds its x)."""
    for name, value in values.items():
        if getattr(shape, name) != value:
            setattr(shape, name, value)


def _write(vertex_list, name, data):
    """Write ``data`` into attribute ``name`` of ``vertex_list`` through a numpy view of its
    buffer (thousands of points a frame), and mark it for upload, only when it changed: a paused
    scene, or a quadtree whose splits stayed, draws the same lines frame after frame. (The
    attribute's own getter marks the whole list for upload whenever it is read.)"""
    buffer = vertex_list.domain.attrib_name_buffers[name]
    stored = np.ctypeslib.as_array(buffer.get_region(vertex_list.start, vertex_list.count))
    if not np.array_equal(stored, data):
        stored[:] = data
        buffer.invalidate_region(vertex_list.start, vertex_list.count)


def tint(label, color):
    """Set ``label``'s colour only when it changed: the setter writes every glyph's vertex colours."""
    r, g, b, *a = color
    color = (r, g, b, a[0] if a else 255)
    if tuple(label.color) != color:
        label.color = color


class PygletPainter:
    """Draws into one batch. Shapes are pooled by kind: each frame reuses them in order,
    changing their properties, and hides the ones it did not need."""

    def __init__(self, camera):
        self.camera = camera
        # Widths and label sizes are multiplied by these: the projector theme draws thicker
        # lines, and labels follow the theme and the presenter font scale.
        self.line_scale = 1.0
        self.text_scale = 1.0
        self.batch = pyglet.graphics.Batch()
        """The world: drawn through the camera's view matrix."""
        self.labels = pyglet.graphics.Batch()
        """The labels, in window pixels: drawn after the world, over it."""
        self._fills = pyglet.graphics.Group(order=0)
        self._lines = pyglet.graphics.Group(order=1)
        self._labels = pyglet.graphics.Group(order=2)
        self._pools = defaultdict(list)
        self._used = defaultdict(int)
        program = ShaderProgram(Shader(_LINES_VERTEX, "vertex"), Shader(_LINES_FRAGMENT, "fragment"))
        self._bulk_group = _BlendedGroup(program, order=1)
        dots = ShaderProgram(Shader(_DOTS_VERTEX, "vertex"), Shader(_LINES_FRAGMENT, "fragment"))
        dots["least"] = LEAST_PIXELS
        self._rects_group = _BlendedGroup(dots, order=1, sized_points=True)
        self._bulk = defaultdict(list)
        self._bulk_used = defaultdict(int)

    def begin(self):
        self._used.clear()
        self._bulk_used.clear()

    def end(self):
        for kind, pool in self._pools.items():
            for item in pool[self._used[kind] :]:
                item.visible = False
        for mode, pool in self._bulk.items():
            for vertex_list in pool[self._bulk_used[mode] :]:
                vertex_list.delete()
            del pool[self._bulk_used[mode] :]

    def draw(self, window):
        """The world through the camera's view matrix, then the labels over it in window pixels,
        all of it cut to the free area: a line the scene draws long (a surface, an axis) stops
        at the title, the caption, the legend and the panel instead of running under them."""
        ratio = window.get_framebuffer_size()[0] / max(window.width, 1)
        x0, y0, x1, y1 = (round(v * ratio) for v in self.camera.area)
        gl.glEnable(gl.GL_SCISSOR_TEST)
        gl.glScissor(x0, y0, max(x1 - x0, 0), max(y1 - y0, 0))
        window.view = Mat4(*self.camera.view())
        self.batch.draw()
        window.view = Mat4()
        self.labels.draw()
        gl.glDisable(gl.GL_SCISSOR_TEST)

    def _pixels(self, size):
        """``size`` pixels in world units."""
        return size / self.camera.zoom

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
        line = self._take("line", lambda: shapes.Line(0, 0, 1, 1, batch=self.batch, group=self._lines))
        _update(line, position=(float(start[0]), float(start[1])), x2=float(end[0]), y2=float(end[1]),
                thickness=self._pixels(width * self.line_scale), color=tuple(color))

    def _triangle(self, a, b, c, color, group):
        (x, y), (x2, y2), (x3, y3) = ((float(p[0]), float(p[1])) for p in (a, b, c))
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
        x, y = float(center[0]), float(center[1])
        r = float(radius)
        if fill is not None:
            disc = self._take("disc", lambda: shapes.Circle(0, 0, 1, segments=64, batch=self.batch, group=self._fills))
            disc.position, disc.radius, disc.color = (x, y), r, fill
        # pyglet's Arc takes its angle in degrees (clockwise): 360 is the whole ring.
        ring = self._take(
            "ring", lambda: shapes.Arc(0, 0, 1, segments=64, angle=360.0, batch=self.batch, group=self._lines)
        )
        ring.position, ring.radius, ring.thickness, ring.color = (x, y), r, self._pixels(width * self.line_scale), outline

    def segment(self, start, end, color, width=1):
        self._line(start, end, color, width)

    def arrow(self, start, end, color, width=2):
        self._line(start, end, color, width)
        head = arrow_head(start, end, 4 * width / self.camera.zoom + 6 / self.camera.zoom)
        if head is not None:
            self._triangle(*head, color, self._lines)

    def point(self, at, color, size=5):
        dot = self._take("dot", lambda: shapes.Circle(0, 0, 1, segments=16, batch=self.batch, group=self._lines))
        dot.position, dot.radius, dot.color = (float(at[0]), float(at[1])), self._pixels(size * self.line_scale), color

    def text(self, at, string, color, size=13, anchor="left"):
        x, y = self.camera.to_screen(*at)
        label = self._take(
            "label", lambda: pyglet.text.Label("", font_size=size, batch=self.labels, group=self._labels)
        )
        size = round(size * self.text_scale)
        # Text, size and anchor laid out together, once, and only when one of them changed: a
        # pooled label may come back with another label's text and size, and each setter
        # alone lays it out again.
        if (label.text, label.font_size, label.anchor_x) != (string, size, anchor) and not (
            # A count whose digits alone changed (a meter's, every frame): those glyphs redrawn.
            (label.font_size, label.anchor_x) == (size, anchor) and tweaks.on("glyph-swap") and glyphs.swap(label, string)
        ):
            # (end_update lays the label out whether or not anything changed.)
            label.begin_update()
            if label.text != string:
                label.text = string
            if label.font_size != size:
                label.font_size = size
            if label.anchor_x != anchor:
                label.anchor_x = anchor
            label.end_update()
        label.position = (round(x), round(y), 0)
        tint(label, color)

    def lines(self, segments, colors):
        """Many one-pixel segments in one vertex list: the quadtree's hundreds of boxes."""
        segments = np.asarray(segments, dtype=np.float32).reshape(-1, 2)
        colors = np.asarray(colors, dtype=np.uint8).reshape(-1, 4)
        self._bulk_vertices(gl.GL_LINES, segments, colors, 2)

    def rects(self, rects, colors):
        """Many filled rectangles in one vertex list, each as a dot: a square point as wide as
        its longer side, at least LEAST_PIXELS, at its centre. For thousands of objects a few
        pixels across, where a dot reads as well as the rectangle and costs half as much."""
        rects = np.asarray(rects, dtype=np.float32).reshape(-1, 2)
        colors = np.asarray(colors, dtype=np.uint8).reshape(-1, 4)
        self._bulk_vertices(gl.GL_POINTS, rects.reshape(-1, 4), colors, 1)

    def _bulk_vertices(self, mode, world, colors, per_item):
        """Write the rows of ``world`` (points, or for GL_POINTS a rectangle's corners; one
        colour per ``per_item`` rows) into the next vertex list of this mode kept from the last
        frame, made or resized to hold exactly them."""
        count = len(world)
        if count == 0:
            return
        colors = np.broadcast_to(colors, (count // per_item, 4))
        pool, index = self._bulk[mode], self._bulk_used[mode]
        self._bulk_used[mode] += 1
        if index == len(pool):
            pool.append(self._new_bulk(count, mode))
        elif pool[index].count != count:
            # Exactly as many vertices as drawn: llvmpipe (OpenGL on the processor) transforms
            # every vertex of a list in the thread that draws, transparent spares too.
            pool[index].resize(count)
        vertex_list = pool[index]
        _write(vertex_list, "corners" if mode == gl.GL_POINTS else "position", world.ravel())
        _write(vertex_list, "colors", (np.repeat(colors, per_item, axis=0) if per_item > 1 else colors).ravel())

    def _new_bulk(self, count, mode):
        colors = ("Bn", np.zeros(4 * count, dtype=np.uint8))
        if mode == gl.GL_POINTS:
            return self._rects_group.program.vertex_list(
                count, mode, batch=self.batch, group=self._rects_group, corners=("f", np.zeros(4 * count, dtype=np.float32)), colors=colors,
            )
        return self._bulk_group.program.vertex_list(
            count, mode, batch=self.batch, group=self._bulk_group, position=("f", np.zeros(2 * count, dtype=np.float32)), colors=colors,
        )

    def interval(self, axis, low, high, offset, color, width=5):
        start, end = interval_ends(axis, low, high, offset)
        self._line(start, end, color, width)
