"""Drive a Session as the window does: keys and buttons in our names (sandbox.app.keys), window pixels, no GL.

Each frame updates the session, draws into a RecordingPainter and builds the ImGui panel in a
context without a renderer, so scene drawing and panel code run exactly as in the app. Panel
widgets are found by their label: each frame records where every button, checkbox, slider and
selectable was laid out.
"""

from contextlib import contextmanager

from imgui_bundle import imgui

from sandbox.app import keys, panel
from sandbox.kit.painter import RecordingPainter
from sandbox.app.session import Session

WIDGETS = ("button", "checkbox", "slider_int", "slider_float", "selectable", "combo", "begin_combo", "input_text")


@contextmanager
def widget_places(places):
    """Record each widget's rectangle (x0, y0, x1, y1, y down) in ``places`` by its label, and
    under "scroll" how far the panel's scrolling region would scroll."""
    originals = {name: getattr(imgui, name) for name in (*WIDGETS, "end_child")}

    def end_child():
        places["scroll"] = imgui.get_scroll_max_y()
        originals["end_child"]()

    def recording(name):
        def widget(label, *args, **kwargs):
            answer = originals[name](label, *args, **kwargs)
            (x0, y0), (x1, y1) = imgui.get_item_rect_min(), imgui.get_item_rect_max()
            # By the label shown, and by the whole label for widgets whose shown labels repeat ("x##B").
            places[label.split("##")[0]] = places[label] = (x0, y0, x1, y1)
            return answer

        return widget

    for name in WIDGETS:
        setattr(imgui, name, recording(name))
    imgui.end_child = end_child
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(imgui, name, original)


class Driver:
    def __init__(self, scene_id=None, layout_path=None, size=(1280, 720), walkthrough=None):
        self.session = Session(scene_id, size, layout_path, walkthrough)
        self.painter = RecordingPainter()
        self.places = {}
        self._context = imgui.create_context()
        io = self.io
        io.set_ini_filename("")
        io.display_size = size
        io.delta_time = 1 / 60
        # No renderer here: say textures are handled so ImGui builds frames without a GPU.
        io.backend_flags |= imgui.BackendFlags_.renderer_has_textures

    @property
    def scene(self):
        return self.session.scene

    @property
    def io(self):
        """This driver's ImGui io, its context made current: create_context makes a new context
        current only where there is none, and a test may hold a window or another driver."""
        imgui.set_current_context(self._context)
        return imgui.get_io()

    def close(self):
        imgui.destroy_context(self._context)

    def screen(self, world):
        return self.session.camera.to_screen(*world)

    def frame(self, dt=1 / 60):
        self.session.update(dt)
        self.painter = RecordingPainter()
        self.session.draw(self.painter)
        imgui.set_current_context(self._context)
        imgui.get_style().font_scale_main = self.session.font_scale
        imgui.new_frame()
        self.places = {}
        with widget_places(self.places):
            panel.draw(self.session, 1.0)
        imgui.render()

    def move(self, world):
        x, y = self.screen(world)
        self.session.input.on_mouse_motion(x, y, 0, 0)

    def drag(self, start, end, steps=8, button=keys.LEFT_BUTTON):
        """Press at world point ``start``, move in steps to ``end``, release: a real drag."""
        (x0, y0), (x1, y1) = self.screen(start), self.screen(end)
        self.session.input.on_mouse_motion(x0, y0, 0, 0)
        self.session.input.on_mouse_press(x0, y0, button)
        x, y = x0, y0
        for i in range(1, steps + 1):
            nx, ny = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            self.session.input.on_mouse_drag(nx, ny, nx - x, ny - y, frozenset({button}))
            x, y = nx, ny
        self.session.input.on_mouse_release(x1, y1, button)

    def click_panel(self, x, y):
        """Click the ImGui panel at window pixel (x, y), y down as ImGui counts, over three frames."""
        io = self.io
        io.add_mouse_pos_event(x, y)
        self.frame()
        io.add_mouse_button_event(0, True)
        self.frame()
        io.add_mouse_button_event(0, False)
        self.frame()

    def click(self, label):
        """Click the panel widget labelled ``label`` (a slider at its left end)."""
        self.frame()
        assert label in self.places, f"no widget {label!r} in the panel; it has {sorted(self.places)}"
        x0, y0, x1, y1 = self.places[label]
        self.click_panel((x0 + x1) / 2 if x1 - x0 < 60 else x0 + 10, (y0 + y1) / 2)

    def type_into(self, label, text):
        """Click the text field ``label`` (its text all selected), type ``text`` and press Enter."""
        self.click(label)
        io = self.io
        io.add_input_characters_utf8(text)
        self.frame()
        io.add_key_event(imgui.Key.enter, True)
        self.frame()
        io.add_key_event(imgui.Key.enter, False)
        self.frame()

    def tap(self, symbol, modifiers=keys.NONE):
        """Press and release key ``symbol`` (a sandbox.app.keys name: "TAB", "R") with ``modifiers`` held."""
        self.session.input.on_key_press(symbol, modifiers)
        self.session.input.on_key_release(symbol, modifiers)

    def hold(self, symbol, seconds, dt=1 / 60):
        self.session.input.on_key_press(symbol)
        for _ in range(round(seconds / dt)):
            self.frame(dt)
        self.session.input.on_key_release(symbol)
