"""Mouse and R/T keys acting on a scene: hover, drag with a grab offset, rotate, pan and zoom."""

import math

from pyglet.window import key, mouse

from collision import Circle, Region, voronoi_region

ROTATE_STEP = math.radians(3)
"""How far one tap of R or T turns the selected shape."""

ROTATE_SPEED = math.radians(90)
"""How fast a held R or T turns it, per second, once the hold is recognised."""

HOLD_DELAY = 0.25
"""How long a key must stay down before it counts as held, so a tap turns exactly one step."""

GRAB_RADIUS = 8
"""Pixels around a shape's centre dot that still grab it."""


class Controller:
    """Turns window events (pyglet's coordinates and constants) into changes to a scene."""

    def __init__(self, scene, camera):
        self.scene = scene
        self.camera = camera
        self._grab = None
        self._panning = False
        self._turning = {}

    def shape_at(self, sx, sy):
        """The handle or topmost shape under window pixel (sx, sy), or None; later shapes draw on top."""
        point = self.camera.to_world(sx, sy)
        for name, at in self.scene.handles().items():
            if math.dist(point, at) * self.camera.zoom <= GRAB_RADIUS:
                return name
        for name in reversed(list(self.scene.shapes)):
            shape = self.scene.shapes[name]
            if math.dist(point, shape.position) * self.camera.zoom <= GRAB_RADIUS:
                return name
            if isinstance(shape, Circle):
                if math.dist(point, shape.center) <= shape.radius:
                    return name
            elif voronoi_region(shape, point).region is Region.INSIDE:
                return name
        return None

    def on_mouse_motion(self, x, y):
        self.scene.hovered = self.shape_at(x, y)

    def on_mouse_press(self, x, y, button):
        if button == mouse.LEFT:
            name = self.shape_at(x, y)
            wx, wy = self.camera.to_world(x, y)
            if name is None:
                self.scene.click((wx, wy))
                return
            px, py = self._position_of(name)
            # Keep the point grabbed under the cursor: no jump to the centre.
            self._grab = (name, px - wx, py - wy)
            self.scene.selected = name
        elif button in (mouse.RIGHT, mouse.MIDDLE):
            self._panning = True

    def _position_of(self, name):
        handles = self.scene.handles()
        return handles[name] if name in handles else self.scene.shapes[name].position

    def on_mouse_drag(self, x, y, dx, dy):
        if self._grab is not None:
            name, ox, oy = self._grab
            wx, wy = self.camera.to_world(x, y)
            if name in self.scene.shapes:
                self.scene.shapes[name].position = (wx + ox, wy + oy)
            else:
                self.scene.move_handle(name, (wx + ox, wy + oy))
            self.scene.refresh()
        elif self._panning:
            self.camera.pan(dx, dy)

    def on_mouse_release(self, x, y, button):
        if button == mouse.LEFT:
            self._grab = None
        else:
            self._panning = False
        self.scene.hovered = self.shape_at(x, y)

    def on_mouse_scroll(self, x, y, scroll_y):
        self.camera.zoom_about(x, y, 1.1**scroll_y)

    def on_key_press(self, symbol):
        """Start turning on R (counter-clockwise) or T (clockwise); True if the key was ours."""
        direction = {key.R: 1, key.T: -1}.get(symbol)
        if direction is None:
            return False
        self._turning[direction] = 0.0
        self._turn(direction * ROTATE_STEP)
        return True

    def on_key_release(self, symbol):
        self._turning.pop({key.R: 1, key.T: -1}.get(symbol), None)

    def update(self, dt):
        for direction, held in self._turning.items():
            self._turning[direction] = held + dt
            if held + dt > HOLD_DELAY:
                self._turn(direction * ROTATE_SPEED * dt)

    def _turn(self, radians):
        # The shape under the cursor if there is one, else the last one grabbed.
        name = self.scene.hovered or self.scene.selected
        shape = self.scene.shapes.get(name)
        if shape is not None and hasattr(shape, "angle"):
            self.scene.selected = name
            shape.angle += radians
            self.scene.refresh()
