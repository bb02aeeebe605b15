"""Mouse and R/T keys acting on a scene: hover, drag with a grab offset, turn, pan and zoom.

Every method returns whether it changed the scene or the view, so the session knows when to
recompute; the controller itself never does.
"""

import math

from sandbox.app import keys
from sandbox.app.snap import edge_directions, snap

ROTATE_STEP = math.radians(3)
"""How far one tap of R or T turns the selected shape."""

ROTATE_SPEED = math.radians(90)
"""How fast a held R or T turns it, per second, once the hold is recognised."""

HOLD_DELAY = 0.25
"""How long a key must stay down before it counts as held, so a tap turns exactly one step."""

TURN_KEYS = {"R": 1, "T": -1}
"""R turns counter-clockwise, T clockwise."""


class Controller:
    """Turns window events (window pixels, y up; keys and buttons in sandbox.app.keys's names) into changes to a scene."""

    def __init__(self, scene, camera):
        self.scene = scene
        self.camera = camera
        self._grab = None
        self._panning = False
        self._turning = {}
        self.hovered = None
        """The handle or shape under the pointer, by name: the scene gets it in its Context."""
        self.selected = None
        """The last one grabbed, by name."""
        self.focused = None
        """The shape or handle the keyboard focused (Tab), by name: R and T turn it, whatever is under the pointer."""
        self.aligned = None
        """What the last turn snapped to, for the session to show: "B aligned with A"."""

    def shape_at(self, sx, sy):
        """The handle or topmost shape under window pixel (sx, sy), or None."""
        return self.scene.pick(self.camera.to_world(sx, sy), self.scene.grab_radius / self.camera.zoom)

    def on_mouse_motion(self, x, y):
        hovered = self.shape_at(x, y)
        changed = hovered != self.hovered
        self.hovered = hovered
        return changed

    def on_mouse_press(self, x, y, button):
        if button == keys.LEFT_BUTTON:
            name = self.shape_at(x, y)
            wx, wy = self.camera.to_world(x, y)
            if name is None:
                self.scene.click((wx, wy))
                self.selected = None
                self.scene.invalidate()
                return True
            px, py = self.scene.position_of(name)
            # Keep the point grabbed under the cursor: no jump to the centre.
            self._grab = (name, px - wx, py - wy)
            self.selected = name
            return True
        if button in (keys.RIGHT_BUTTON, keys.MIDDLE_BUTTON):
            self._panning = True
        return False

    def on_mouse_drag(self, x, y, dx, dy):
        if self._grab is not None:
            name, ox, oy = self._grab
            wx, wy = self.camera.to_world(x, y)
            self.scene.move(name, (wx + ox, wy + oy))
            return True
        if self._panning:
            self.camera.pan(dx, dy)
            return True
        return False

    def on_mouse_release(self, x, y, button):
        if button == keys.LEFT_BUTTON:
            self._grab = None
        else:
            self._panning = False
        self.hovered = self.shape_at(x, y)
        return True

    def on_mouse_scroll(self, x, y, scroll_y):
        self.camera.zoom_about(x, y, 1.1**scroll_y)
        return True

    def on_key_press(self, symbol):
        """Start turning on R or T; True if that changed the scene."""
        direction = TURN_KEYS.get(symbol)
        if direction is None:
            return False
        self._turning[direction] = 0.0
        return self._turn(direction * ROTATE_STEP, snapping=True)

    def on_key_release(self, symbol):
        held = self._turning.pop(TURN_KEYS.get(symbol), None)
        # A long hold ends like a tap: close to an alignment, it lands there.
        return held is not None and held > HOLD_DELAY and self._turn(0.0, snapping=True)

    def update(self, dt):
        changed = False
        for direction, held in self._turning.items():
            self._turning[direction] = held + dt
            if held + dt > HOLD_DELAY:
                changed |= self._turn(direction * ROTATE_SPEED * dt, snapping=False)
        return changed

    def _turn(self, radians, snapping):
        # The one the keyboard focused, else the shape under the cursor, else the last one grabbed.
        name = self.focused or self.hovered or self.selected
        shape = self.scene.shapes.get(name)
        if shape is None or not hasattr(shape, "angle") or not self.scene.turnable:
            return False
        self.selected = name
        shape.angle += radians
        self.aligned = None
        if snapping:
            landed = snap(shape, self._targets(name))
            if landed is not None:
                shape.angle += landed[0]
                self.aligned = f"{name} aligned with {landed[1]}"
        return True

    def _targets(self, turning):
        """(name, direction) of every edge of the other shapes and every direction the scene adds."""
        targets = [(name, direction) for name, shape in self.scene.shapes.items() if name != turning for direction in edge_directions(shape)]
        return targets + list(self.scene.directions())
