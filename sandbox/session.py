"""Everything the app does that needs no GL: the current scene, the view, keys and layouts.

The window forwards its events here (when ImGui does not want them), and tests drive the very
same methods, so what a test does is what a user's mouse and keyboard do.
"""

import math
from pathlib import Path

from pyglet.window import key

from . import layout, palette
from .camera import Camera
from .controller import Controller
from .scene import all_scenes

KEYS = (
    ("Left drag", "move a shape (grab it anywhere, or by its centre dot)"),
    ("R / T", "turn the shape under the cursor, or the last one grabbed; hold to keep turning"),
    ("Wheel", "zoom about the cursor"),
    ("Right or middle drag", "pan the view"),
    ("Tab / Shift+Tab", "next / previous scene"),
    ("Home", "back to the starting layout"),
    ("Space", "pause or resume an animated scene; in a walkthrough, the next step"),
    ("Right, Page Down / Left, Page Up", "next / previous walkthrough step"),
    ("Ctrl+S", "save the layout"),
    ("F12", "save a screenshot"),
    ("F11", "full screen, or back"),
    ("F10", "hide or show the panel (captions and key hints stay)"),
    ("F9", "projector theme (light, high contrast, thicker lines), or back"),
    ("F1", "show or hide this help"),
    ("Esc", "quit"),
)
NEXT = (key.RIGHT, key.SPACE, key.PAGEDOWN)
BACK = (key.LEFT, key.PAGEUP)

HINTS = "Drag: move   R/T: turn   Wheel: zoom   Right-drag: pan   Tab: next scene   Home: reset   F1: help"


class Session:
    """The app's state: one scene at a time, with its camera and controller.

    ``layout_path`` is a layout file to start from (its scene is used unless ``scene_id``
    names one, which must then match). Raises ``layout.LayoutError`` or ``KeyError`` for a
    bad file or an unknown scene, before anything opens. With ``walkthrough`` (a loaded
    Walkthrough) the session starts at its first step, and ``go`` moves between steps.
    """

    def __init__(self, scene_id=None, size=(1280, 720), layout_path=None, walkthrough=None):
        self.classes = {cls.id: cls for cls in all_scenes()}
        self.camera = Camera(*size)
        self.layout_path = Path(layout_path) if layout_path else None
        self.paused = False
        self.show_help = False
        self.status = ""
        self.quit_requested = False
        self.screenshot_requested = False
        self.fullscreen_requested = False
        self.show_panel = True
        self.font_scale = 1.0  # the presenter font scale, 1x to 3x, for the panel and on-screen text
        self.walkthrough = walkthrough
        self._motion = None
        if walkthrough is not None:
            self.layout_scene = None
            self.go(0)
            return
        data = None
        if self.layout_path is not None:
            data = layout.read(self.layout_path)
            if scene_id is not None and scene_id != data["scene"]:
                raise layout.LayoutError(
                    f'layout {self.layout_path} is for the "{data["scene"]}" scene, not "{scene_id}"'
                )
            scene_id = data["scene"]
            if scene_id not in self.classes:
                raise layout.LayoutError(
                    f'layout {self.layout_path}: scene "{scene_id}" does not exist; python sandbox.py --list shows them all'
                )
        self.layout_scene = scene_id if data else None
        self.open(scene_id or next(iter(self.classes)), data, f"layout {self.layout_path}")

    def open(self, scene_id, data=None, where="the starting layout"):
        """Show scene ``scene_id`` at its default layout, or at the layout ``data`` (from ``where``)."""
        if scene_id not in self.classes:
            raise KeyError(f'there is no scene "{scene_id}"; python sandbox.py --list shows them all')
        self.scene = self.classes[scene_id]()
        self.camera.center, self.camera.zoom = (0.0, 0.0), 1.0
        if data is not None:
            layout.apply(data, self.scene, self.camera, where)
        self.start = layout.capture(self.scene, self.camera)
        self.controller = Controller(self.scene, self.camera)

    def go(self, index, animated=False):
        """Show walkthrough step ``index`` (clamped to the steps there are) at its own layout.

        With ``animated``, a step that asks for it moves there from the previous step's poses.
        """
        steps = self.walkthrough.steps
        index = min(max(index, 0), len(steps) - 1)
        step = steps[index]
        self.step_index = index
        self.open(step.scene, step.layout, f"walkthrough {self.walkthrough.path}, step {index + 1}")
        self._motion = None
        previous = steps[index - 1] if index > 0 else None
        if animated and step.animate > 0 and previous is not None and previous.scene == step.scene:
            self._motion = (_poses(previous.layout), _poses(step.layout), 0.0, step.animate)
            self._pose_shapes(self._motion[0])
        self.status = ""

    def _pose_shapes(self, poses):
        for name, (position, angle) in poses.items():
            shape = self.scene.shapes[name]
            shape.position = position
            if angle is not None:
                shape.angle = angle
        self.scene.refresh()

    def _advance_motion(self, dt):
        start, end, elapsed, seconds = self._motion
        elapsed = min(elapsed + dt, seconds)
        t = elapsed / seconds
        self._pose_shapes(
            {
                name: (
                    tuple(a + (b - a) * t for a, b in zip(start[name][0], end[name][0])),
                    None if end[name][1] is None else start[name][1] + (end[name][1] - start[name][1]) * t,
                )
                for name in end
            }
        )
        self._motion = None if elapsed >= seconds else (start, end, elapsed, seconds)

    def step_scene(self, step):
        ids = list(self.classes)
        self.open(ids[(ids.index(self.scene.id) + step) % len(ids)])
        self.status = f"{self.scene.category}: {self.scene.title}"

    def reset(self):
        """Back to the layout the scene started from, in a scene made afresh (so an animated
        scene's objects start over too)."""
        self.open(self.scene.id, self.start)
        self.status = "layout reset"

    def layout_file(self):
        """Where Ctrl+S writes: the --layout file for its own scene, else layouts/<scene-id>.json."""
        if self.layout_path is not None and self.layout_scene == self.scene.id:
            return self.layout_path
        return Path("layouts") / f"{self.scene.id}.json"

    def save_layout(self):
        path = self.layout_file()
        try:
            layout.save(layout.capture(self.scene, self.camera), path)
        except OSError as error:
            self.status = f"could not save the layout to {path}: {error.strerror}"
        else:
            self.status = f"layout saved to {path}"

    def update(self, dt):
        if self._motion is not None:
            self._advance_motion(dt)
        self.controller.update(dt)
        if not self.paused:
            self.scene.update(dt)

    def on_key_press(self, symbol, modifiers):
        if self.walkthrough is not None and symbol in NEXT + BACK:
            # Presentation clickers send Page Down and Page Up.
            self.go(self.step_index + (1 if symbol in NEXT else -1), animated=symbol in NEXT)
        elif symbol == key.ESCAPE:
            self.quit_requested = True
        elif symbol == key.TAB:
            self.step_scene(-1 if modifiers & key.MOD_SHIFT else 1)
        elif symbol == key.HOME:
            self.reset()
        elif symbol == key.F1:
            self.show_help = not self.show_help
        elif symbol == key.SPACE:
            self.paused = not self.paused
        elif symbol == key.F12:
            self.screenshot_requested = True
        elif symbol == key.F11:
            self.fullscreen_requested = True
        elif symbol == key.F10:
            self.show_panel = not self.show_panel
        elif symbol == key.F9:
            palette.use("dark" if palette.theme == "projector" else "projector")
            self.status = f"{palette.theme} theme"
        elif symbol == key.S and modifiers & key.MOD_CTRL:
            self.save_layout()
        else:
            self.controller.on_key_press(symbol)

    def on_key_release(self, symbol, modifiers):
        self.controller.on_key_release(symbol)

    def on_mouse_motion(self, x, y, dx, dy):
        self.controller.on_mouse_motion(x, y)

    def on_mouse_press(self, x, y, button, modifiers):
        self.controller.on_mouse_press(x, y, button)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        self.controller.on_mouse_drag(x, y, dx, dy)

    def on_mouse_release(self, x, y, button, modifiers):
        self.controller.on_mouse_release(x, y, button)

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        self.controller.on_mouse_scroll(x, y, scroll_y)

    def on_resize(self, width, height):
        self.camera.resize(width, height)


def _poses(data):
    """Shape name -> ((x, y), angle in radians or None) from a layout."""
    return {
        name: (tuple(entry["position"]), math.radians(entry["angle"]) if "angle" in entry else None)
        for name, entry in data["shapes"].items()
    }
