"""The view: which part of the y-up world the window shows, and at what zoom."""


class Camera:
    """Maps world units to window pixels; pyglet's window coordinates are y-up too.

    The default view puts world (0, 0) at the centre of the window, 1 unit to 1 pixel.
    """

    MIN_ZOOM, MAX_ZOOM = 0.1, 10.0

    def __init__(self, width, height, center=(0.0, 0.0), zoom=1.0):
        self.width, self.height = width, height
        self.center = (float(center[0]), float(center[1]))
        self.zoom = float(zoom)

    def to_screen(self, x, y):
        return ((x - self.center[0]) * self.zoom + self.width / 2, (y - self.center[1]) * self.zoom + self.height / 2)

    def to_world(self, sx, sy):
        return ((sx - self.width / 2) / self.zoom + self.center[0], (sy - self.height / 2) / self.zoom + self.center[1])

    def zoom_about(self, sx, sy, factor):
        """Zoom by ``factor`` keeping the world point under window pixel (sx, sy) in place."""
        before = self.to_world(sx, sy)
        self.zoom = min(max(self.zoom * factor, self.MIN_ZOOM), self.MAX_ZOOM)
        after = self.to_world(sx, sy)
        self.center = (self.center[0] + before[0] - after[0], self.center[1] + before[1] - after[1])

    def pan(self, dx, dy):
        """Move the view with the mouse: the world follows a drag of (dx, dy) pixels."""
        self.center = (self.center[0] - dx / self.zoom, self.center[1] - dy / self.zoom)

    def resize(self, width, height):
        self.width, self.height = width, height
