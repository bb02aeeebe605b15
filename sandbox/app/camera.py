"""The view: which part of the y-up world the window shows, and at what zoom."""

from collections.abc import Sequence

from sandbox.kit import framing
from sandbox.kit.painter import Point
from sandbox.kit.view import Bounds


class Camera:
    """Maps world units to window pixels; pyglet's window coordinates are y-up too.

    World ``center`` is drawn at window pixel ``anchor``, the middle of the free area (the
    window less the panel and the text bands). ``fit`` frames a region there; once the user
    zooms or pans, ``fitted`` is False and refits leave the view alone.
    """

    MIN_ZOOM, MAX_ZOOM = framing.MIN_ZOOM, framing.MAX_ZOOM

    def __init__(self, width: float, height: float, center: Point = (0.0, 0.0), zoom: float = 1.0) -> None:
        self.width, self.height = width, height
        self.center = (float(center[0]), float(center[1]))
        self.zoom = float(zoom)
        self.anchor = (width / 2, height / 2)
        self.area: Bounds = (0.0, 0.0, float(width), float(height))
        self.fitted = True

    def to_screen(self, x: float, y: float) -> Point:
        return ((x - self.center[0]) * self.zoom + self.anchor[0], (y - self.center[1]) * self.zoom + self.anchor[1])

    def view(self) -> tuple[float, ...]:
        """``to_screen`` as a column-major 4 x 4 matrix (OpenGL's order, as pyglet's Mat4 takes
        it): the window's view matrix while the world is drawn, so that the GPU moves and
        scales every vertex instead of Python."""
        zoom = self.zoom
        return (zoom, 0.0, 0.0, 0.0,
                0.0, zoom, 0.0, 0.0,
                0.0, 0.0, 1.0, 0.0,
                self.anchor[0] - self.center[0] * zoom, self.anchor[1] - self.center[1] * zoom, 0.0, 1.0)

    def to_world(self, sx: float, sy: float) -> Point:
        return ((sx - self.anchor[0]) / self.zoom + self.center[0], (sy - self.anchor[1]) / self.zoom + self.center[1])

    def place(self, area: Sequence[float]) -> None:
        """Use the window rectangle ``area`` (x0, y0, x1, y1 in pixels) as the free area."""
        x0, y0, x1, y1 = (float(v) for v in area)
        self.area = (x0, y0, x1, y1)
        self.anchor = ((self.area[0] + self.area[2]) / 2, (self.area[1] + self.area[3]) / 2)

    def fit(self, region: Bounds, margin: float = 12) -> None:
        """Show world ``region`` (x0, y0, x1, y1) as large as the free area allows, centred in it."""
        self.center, self.zoom = framing.fit(region, self.area, margin)
        self.fitted = True

    def visible(self) -> Bounds:
        """The free area in world units: (min_x, min_y, max_x, max_y)."""
        x0, y0 = self.to_world(self.area[0], self.area[1])
        x1, y1 = self.to_world(self.area[2], self.area[3])
        return (x0, y0, x1, y1)

    def zoom_about(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the world point under window pixel (sx, sy) in place."""
        before = self.to_world(sx, sy)
        self.zoom = min(max(self.zoom * factor, self.MIN_ZOOM), self.MAX_ZOOM)
        after = self.to_world(sx, sy)
        self.center = (self.center[0] + before[0] - after[0], self.center[1] + before[1] - after[1])
        self.fitted = False

    def pan(self, dx: float, dy: float) -> None:
        """Move the view with the mouse: the world follows a drag of (dx, dy) pixels."""
        self.center = (self.center[0] - dx / self.zoom, self.center[1] - dy / self.zoom)
        self.fitted = False

    def resize(self, width: float, height: float) -> None:
        self.width, self.height = width, height
