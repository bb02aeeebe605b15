"""The pyglet window: draws the session's scene, the key hints and the ImGui panel."""

import time
from collections import deque
from pathlib import Path

import numpy as np
import pyglet
from imgui_bundle import imgui
from imgui_bundle.python_backends import pyglet_backend
from pyglet import gl, shapes

from . import palette, panel, png
from .pyglet_painter import PygletPainter
from .session import HINTS, KEYS


def _forward_mouse(name):
    """A handler passing a mouse event to the session unless ImGui wants the mouse."""

    def handler(self, *event):
        if not imgui.get_io().want_capture_mouse:
            getattr(self.session, name)(*event)

    handler.__name__ = name
    return handler


class SandboxWindow(pyglet.window.Window):
    """A window showing ``session``. With ``deterministic`` (screenshots) nothing that varies
    from run to run is drawn, such as the frame time."""

    def __init__(self, session, visible=True, deterministic=False):
        width, height = session.camera.width, session.camera.height
        # Eight bits a channel: left to choose, EGL's headless surface comes up 16-bit (RGB565).
        config = pyglet.gl.Config(double_buffer=True, red_size=8, green_size=8, blue_size=8, alpha_size=8)
        super().__init__(width, height, caption="Collision Sandbox", resizable=True, visible=visible, config=config)
        self.session = session
        self.deterministic = deterministic
        self._imgui_context = imgui.create_context()
        imgui.get_io().set_ini_filename("")
        # The backend pushes its own handlers; they return nothing, so ours still run after them.
        self.imgui = pyglet_backend.create_renderer(self)
        self.painter = PygletPainter(session.camera)
        self.hud = pyglet.graphics.Batch()
        self._hint = pyglet.text.Label(HINTS, x=10, y=10, font_size=11, color=palette.DIM_TEXT, batch=self.hud)
        self._status = pyglet.text.Label("", x=10, y=30, font_size=12, color=palette.TEXT, batch=self.hud)
        self._title = pyglet.text.Label("", x=10, font_size=16, color=palette.TEXT, batch=self.hud)
        self._caption_label = pyglet.text.Label(
            "", x=10, y=56, width=width - panel.WIDTH - 30, multiline=True, anchor_y="bottom",
            font_size=18, color=palette.TEXT, batch=self.hud, group=pyglet.graphics.Group(order=1),
        )
        # A band behind the caption keeps it readable over whatever the scene draws there.
        self._caption_band = shapes.Rectangle(0, 50, width - panel.WIDTH, 0, color=palette.CAPTION_BACK, batch=self.hud)
        self._help = self._help_overlay()
        self._frame_ms = deque(maxlen=60)
        self._last = time.perf_counter()
        self._look = None

    def _help_overlay(self):
        batch = pyglet.graphics.Batch()
        lines = ["Keys"] + [f"{keys}: {action}" for keys, action in KEYS]
        height = 24 * len(lines) + 26
        labels = [
            pyglet.text.Label(line, x=60, y=60 + height - 34 - 24 * row, font_size=15 if row == 0 else 12,
                              color=palette.TEXT, batch=batch, group=pyglet.graphics.Group(order=1))
            for row, line in enumerate(lines)
        ]
        width = max(label.content_width for label in labels) + 40
        backing = shapes.Rectangle(40, 60, width, height, color=(10, 12, 16, 235), batch=batch)
        self._help_items = [backing, *labels]
        return batch

    on_mouse_motion = _forward_mouse("on_mouse_motion")
    on_mouse_press = _forward_mouse("on_mouse_press")
    on_mouse_drag = _forward_mouse("on_mouse_drag")
    on_mouse_scroll = _forward_mouse("on_mouse_scroll")

    def on_mouse_release(self, *event):
        # Always: a drag that ends over the panel must still end.
        self.session.on_mouse_release(*event)

    def on_key_press(self, symbol, modifiers):
        if not imgui.get_io().want_capture_keyboard:
            self.session.on_key_press(symbol, modifiers)

    def on_key_release(self, symbol, modifiers):
        self.session.on_key_release(symbol, modifiers)

    def on_resize(self, width, height):
        super().on_resize(width, height)
        self.session.on_resize(width, height)

    def tick(self, dt):
        """One frame of the running app: advance, draw, and act on what the keys asked for."""
        self.session.update(dt)
        if self.session.fullscreen_requested:
            self.session.fullscreen_requested = False
            self.set_fullscreen(not self.fullscreen)
        if self.session.quit_requested:
            self.close()
            pyglet.app.exit()

    def on_draw(self):
        started = time.perf_counter()
        now = started
        imgui.get_io().delta_time = 1 / 60 if self.deterministic else max(now - self._last, 1e-4)
        self._last = now
        self.render()
        self._frame_ms.append((time.perf_counter() - started) * 1000)
        if self.session.screenshot_requested:
            self.session.screenshot_requested = False
            path = Path("screenshots") / f"{self.session.scene.id}-{time.strftime('%Y%m%d-%H%M%S')}.png"
            self.session.status = f"screenshot saved to {png.write(self.pixels(), path)}"

    def _restyle(self):
        """Follow the theme and the presenter font scale: colours, line widths, text sizes."""
        scale = self.session.font_scale
        imgui.get_style().font_scale_main = scale
        look = (palette.theme, scale, self.session.show_panel)
        if look == self._look:
            return
        self._look = look
        gl.glClearColor(*palette.imgui_color(palette.BACKGROUND))
        (imgui.style_colors_light if palette.theme == "projector" else imgui.style_colors_dark)()
        self.painter.line_scale = palette.LINE_SCALE
        self.painter.text_scale = palette.LABEL_SCALE * scale
        text = scale  # the key hints, title and caption: already large, they follow the font scale only
        for label, size in ((self._hint, 11), (self._status, 12), (self._title, 16), (self._caption_label, 18)):
            label.font_size = round(size * text)
            label.color = palette.DIM_TEXT if label is self._hint else palette.TEXT
        # Key hints at the bottom, the status line above them, the caption above both.
        self._status.y = round(10 + 20 * text)
        self._caption_label.y = round(10 + 46 * text)
        self._caption_label.width = self.width - (panel.WIDTH * scale if self.session.show_panel else 0) - 30
        self._caption_band.y = self._caption_label.y - 6
        self._caption_band.width = self._caption_label.width + 30
        self._caption_band.color = palette.CAPTION_BACK
        self._caption_band.height = self._caption_label.content_height + 12 if self._caption_label.text else 0

    def render(self):
        """Draw one frame: scene, key hints and help, then the panel on top."""
        session = self.session
        self._restyle()
        self.clear()
        self.painter.begin()
        session.scene.draw(self.painter)
        self.painter.end()
        self.painter.draw()
        title = f"{session.scene.category}: {session.scene.title}" + ("  (paused)" if session.paused else "")
        caption = ""
        if session.walkthrough is not None:
            steps = session.walkthrough.steps
            title = f"{session.walkthrough.title}: step {session.step_index + 1} of {len(steps)}   ({title})"
            caption = steps[session.step_index].caption
        if self._title.text != title:
            self._title.text = title
        if self._caption_label.text != caption:
            self._caption_label.text = caption
            self._caption_band.height = self._caption_label.content_height + 12 if caption else 0
        self._title.y = self.height - round(30 * self.session.font_scale)
        self._status.text = session.status
        self.hud.draw()
        if session.show_help:
            self._help.draw()
        imgui.new_frame()
        frame_ms = None if self.deterministic or not self._frame_ms else float(np.median(self._frame_ms))
        if session.show_panel:
            left, width = panel.draw(session, frame_ms)
        imgui.render()
        if session.show_panel:
            self._clear_panel(left, width)
        self.imgui.render(imgui.get_draw_data())

    def _clear_panel(self, left, width):
        """Paint the panel's background by clearing its rectangle: a software rasteriser
        (llvmpipe, where there is no GPU) would otherwise blend every pixel of it, which cost
        more than drawing a thousand boxes."""
        scale = self.get_framebuffer_size()[0] / self.width
        gl.glEnable(gl.GL_SCISSOR_TEST)
        gl.glScissor(round(left * scale), 0, round(width * scale) + 1, self.get_framebuffer_size()[1])
        # ImGui's window colour as it would look laid over the scene's background.
        window = imgui.get_style().color_(imgui.Col_.window_bg)
        scene = palette.imgui_color(palette.BACKGROUND)
        gl.glClearColor(*(window.w * a + (1 - window.w) * b for a, b in zip((window.x, window.y, window.z), scene)), 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        gl.glDisable(gl.GL_SCISSOR_TEST)
        gl.glClearColor(*palette.imgui_color(palette.BACKGROUND))

    def pixels(self):
        """What the window shows now, as an (H, W, 4) uint8 array, top row first."""
        buffer = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
        data = buffer.get_data("RGBA", buffer.width * 4)
        pixels = np.frombuffer(data, dtype=np.uint8).reshape(buffer.height, buffer.width, 4)[::-1].copy()
        # The screen is opaque whatever blending left in the alpha channel.
        pixels[..., 3] = 255
        return pixels

    def on_close(self):
        self.imgui.shutdown()
        imgui.destroy_context(self._imgui_context)
        super().on_close()


def run(session):
    """Open a window on ``session`` and run until it closes."""
    window = SandboxWindow(session)
    pyglet.clock.schedule_interval(window.tick, 1 / 60)
    pyglet.app.run()


def screenshot(session, path):
    """Render ``session`` once in a hidden window and write the PNG to ``path``."""
    window = SandboxWindow(session, visible=False, deterministic=True)
    # ImGui sizes its windows from what the previous frame drew: settle before capturing.
    for _ in range(3):
        window.render()
    written = png.write(window.pixels(), path)
    window.on_close()
    return written
