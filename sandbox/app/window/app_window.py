"""The pyglet window: draws the session's scene, the key hints and the ImGui panel."""

import time
from collections import deque
from pathlib import Path

import numpy as np
import pyglet
from imgui_bundle import imgui
from pyglet import gl, shapes

from sandbox.boot import early
from sandbox.boot import gl as boot_gl
from sandbox.boot import glyphs, tweaks
from sandbox.app import panel
from sandbox.app import watchdog
from sandbox.app import screen
from sandbox.app.window import help_box, png, pyglet_keys, tones
from sandbox.app.window.pyglet_painter import PygletPainter, tint
from sandbox.app.session import SHORT_HINTS, hints as key_hints
from sandbox.kit import headline
from sandbox.kit.theme import imgui_color


class SandboxWindow(pyglet.window.Window):
    """A window showing ``session``. With ``deterministic`` (screenshots) nothing that varies
    from run to run is drawn, such as the frame time.

    Mouse events over the panel go to ImGui only: the window hit-tests the panel's rectangle
    as it is now, since ImGui's own want-capture flag is from the frame before. A drag that
    began in the scene is followed wherever it goes, and a release always reaches the scene.
    """

    def __init__(self, session, visible=True, deterministic=False, board=None):
        width, height = session.camera.width, session.camera.height
        # Before the window opens: showing it may already send on_resize, which tells the session.
        self.session = session
        super().__init__(width, height, caption=early.CAPTION, resizable=True, visible=visible, config=early.config())
        self._setup(deterministic, board)

    @classmethod
    def adopt(cls, window, session, board=None):
        """``window``, a plain pyglet window the launcher opened before the app was loaded
        (sandbox.boot.early), made a SandboxWindow showing ``session``."""
        window.__class__ = cls
        window.session = session
        window._setup(False, board)
        if (window.width, window.height) != (session.camera.width, session.camera.height):
            session.on_resize(window.width, window.height)
        return window

    def _setup(self, deterministic, board=None):
        """Everything but the window itself: ImGui, the painter and the text."""
        self.deterministic = deterministic
        self.board = board
        """With --class, the class's address and votes (class_board.Board); else None."""
        # A window goes on past a teacher's scene that never returns; a screenshot ends with it.
        self.session.leaves_slow_scenes = not deterministic
        self.session.access.sound.play = tones.play
        self._wait_label = None
        self._stop_asked = False
        if not deterministic:
            watchdog.pump_with(self._waiting)
        self.projecting = False
        """The class's window under --presenter: the figure, verdict and caption, no title, key hints or status."""
        self._imgui_context = imgui.create_context()
        # A new context is made current only where there is none: another window's may be.
        imgui.set_current_context(self._imgui_context)
        imgui.get_io().set_ini_filename("")
        # The backend pushes its own handlers; they return nothing, so ours still run after them.
        self.imgui = boot_gl.imgui_renderer(self)
        self.painter = PygletPainter(self.session.camera)
        self.hud = pyglet.graphics.Batch()
        front = pyglet.graphics.Group(order=1)
        self._hint = pyglet.text.Label("", x=10, y=10, batch=self.hud)
        self._status = pyglet.text.Label("", x=10, batch=self.hud)
        self._title = pyglet.text.Label("", x=10, batch=self.hud)
        self._verdict = pyglet.text.Label("", x=14, batch=self.hud)
        self._detail = pyglet.text.Label("", batch=self.hud)
        self._claims = pyglet.text.Label("", batch=self.hud)
        self._caption_label = pyglet.text.Label("", x=10, multiline=True, width=400, anchor_y="bottom", batch=self.hud, group=front)
        # A band behind the caption keeps it readable over whatever the scene draws there.
        self._caption_band = shapes.Rectangle(0, 0, 1, 0, batch=self.hud)
        # The folded panel: a strip at the right edge, its name written up it (screen.strip_width).
        self._strip = shapes.Rectangle(0, 0, 0, 0, batch=self.hud)
        self._strip_label = pyglet.text.Label("", anchor_x="left", anchor_y="center", rotation=90, batch=self.hud, group=front)
        self._legend = None
        """The colour legend's batch and what it shows, laid out again when that changes."""
        self._help = None
        """(what it was laid out for, the F1 box: help_box.HelpBox), laid out when first shown and
        again when its room changes (a step's caption band): most sessions never open it."""
        self._scene_drag = False
        self._frame_ms = deque(maxlen=60)
        self._last = time.perf_counter()
        self._look = None
        self._header_scale = 1.0
        """The font scale of the title and verdict: the presenter's, within their share of the height."""
        self._fitted = {}
        self._headline = (None, {})
        self._verdict_y = 0  # the verdict line's baseline, set with the look (_restyle)
        self._shown = False
        """Whether tick has shown a frame: from the second on, each is shown one tick late."""

    def _over_panel(self, x, y):
        if not self.session.show_panel:
            return False
        left, _, _, _ = panel.rect(self.width, self.height, self.session.font_scale)
        return x >= left

    def on_mouse_motion(self, x, y, dx, dy):
        if not self._over_panel(x, y):
            self.session.input.on_mouse_motion(x, y, dx, dy)

    def _strip_width(self):
        session = self.session
        if session.figure_only or self.projecting:
            return 0.0
        return screen.strip_width(session.font_scale, session.show_panel)

    def on_mouse_press(self, x, y, button, modifiers):
        if x >= self.width - self._strip_width():
            # The folded panel's strip: a click opens the panel, as F10 does.
            self.session.input.toggle_panel(None, None)
            self._scene_drag = False
            return
        self._scene_drag = not self._over_panel(x, y)
        if self._scene_drag:
            self.session.input.on_mouse_press(x, y, pyglet_keys.button(button), pyglet_keys.modifiers(modifiers))

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        if self._scene_drag:
            self.session.input.on_mouse_drag(x, y, dx, dy, pyglet_keys.buttons(buttons), pyglet_keys.modifiers(modifiers))

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        if not self._over_panel(x, y):
            self.session.input.on_mouse_scroll(x, y, scroll_x, scroll_y)

    def on_mouse_release(self, x, y, button, modifiers):
        # Always: a drag that ends over the panel must still end.
        self._scene_drag = False
        self.session.input.on_mouse_release(x, y, pyglet_keys.button(button), pyglet_keys.modifiers(modifiers))

    def on_key_press(self, symbol, modifiers):
        if not self.imgui.io.want_capture_keyboard:
            self.session.input.on_key_press(*pyglet_keys.press(symbol, modifiers))

    def on_key_release(self, symbol, modifiers):
        self.session.input.on_key_release(*pyglet_keys.press(symbol, modifiers))

    def on_resize(self, width, height):
        super().on_resize(width, height)
        self.session.on_resize(width, height)

    def tick(self, dt):
        """One frame of the running app: advance, draw, and act on what the keys asked for."""
        self.session.update(dt)
        if self.board is not None:
            self.board.tick()
        if self.session.fullscreen_requested:
            self.session.fullscreen_requested = False
            self.set_fullscreen(not self.fullscreen)
            self.session.fullscreen = self.fullscreen
        if self.session.quit_requested:
            self.close()
            pyglet.app.exit()
        elif self in pyglet.app.windows:  # not closed in the meantime
            self.switch_to()
            # The frame drawn last tick is shown now, after this tick's update: llvmpipe (no
            # GPU) rasterised it in its threads meanwhile, where a flip straight after drawing
            # waited for it with Python idle. The first is shown at once. Measured (frame_bench
            # --window 6, grid-broadphase at 10,000, five runs each in turn, load 4.8-5.7 on 2
            # cores): median 22.0 frames a second, against 16.4 with this tweak off.
            late = tweaks.on("late-flip") and self._shown
            if late:
                self.flip()
            self.dispatch_event("on_draw")
            self.dispatch_event("on_refresh", dt)
            if late:
                gl.glFlush()  # hands the frame to the rasteriser's threads
            else:
                self.flip()
            self._shown = True

    def on_draw(self):
        started = time.perf_counter()
        now = started
        self.imgui.io.delta_time = 1 / 60 if self.deterministic else max(now - self._last, 1e-4)
        self._last = now
        self.render()
        self._frame_ms.append((time.perf_counter() - started) * 1000)
        if self.session.screenshot_requested:
            self.session.screenshot_requested = False
            path = Path("screenshots") / f"{self.session.scene.id}-{time.strftime('%Y%m%d-%H%M%S')}.png"
            try:
                self.session.status = f"screenshot saved to {png.write(self.pixels(), path)}"
            except OSError as error:
                self.session.status = f"could not save the screenshot to {path}: {error.strerror or error}"

    def _restyle(self):
        """Follow the theme, the presenter font scale and the window's size: colours, line
        widths, text sizes, and where the text bands sit (as sandbox.app.screen reserves them)."""
        session = self.session
        scale, theme = session.font_scale, session.theme
        imgui.get_style().font_scale_main = scale
        look = (theme, scale, session.show_panel, self.width, self.height)
        if look == self._look:
            return
        self._look = look
        gl.glClearColor(*imgui_color(theme.background))
        (imgui.style_colors_light if theme.imgui_style == "light" else imgui.style_colors_dark)()
        # A handout's figure is drawn larger than the screen's: its lines grow with it.
        self.painter.line_scale = theme.line_scale * (scale if session.figure_only else 1)
        # The bands keep to their shares of the height (sandbox.app.screen), the figure the rest.
        header = scale if session.figure_only else screen.header_scale(scale, self.height)
        hints = screen.hints_scale(scale, self.height)
        self._header_scale = header
        for label, size in ((self._hint, 11), (self._status, 13)):
            label.font_size = round(size * hints)
        for label in (self._hint, self._status, self._title, self._caption_label, self._detail):
            label.color = theme.dim_text if label is self._hint else theme.text
        self._status.y = round(10 + 20 * hints)
        self._title.y = round(self.height - 26 * header)
        verdict_top = screen.VERDICT if session.figure_only else screen.TITLE + screen.VERDICT
        self._verdict_y = round(self.height - (verdict_top - 10) * header)
        self._caption_label.y = round(screen.HINTS * hints + 8)
        self._caption_label.width = round(screen.text_width(self.width, scale, session.show_panel))
        self._caption_band.y = screen.HINTS * hints
        self._caption_band.width = self._caption_label.width + 30
        self._caption_band.color = theme.caption_back

    def _help_overlay(self, session):
        """The F1 box listing every key, in the theme's colours and at the font scale, across
        the window (the panel steps aside while it shows: beside the opened panel at --present
        the box had 380 pixels and small type) and above the caption band (help_box)."""
        rows = ["Keys", *(f"{keys}: {action}" for keys, action in session.input.key_help())]
        width = screen.text_width(self.width, session.font_scale, False) - 40
        bottom = self._caption_band.y + self._caption_band.height
        wanted = (rows, session.theme, session.font_scale, 40, width, bottom, self.height)
        if self._help is None or self._help[0] != wanted:
            self._help = (wanted, help_box.lay_out(*wanted))
        return self._help[1]

    def _draw_legend(self, session):
        """The colour legend at the right of the figure: a swatch and the words of each
        meaningful colour the figure draws with (Scene.legend, the theme's one table)."""
        scale = session.font_scale
        entries = session.legend()
        width = screen.legend_width(self.width, scale, True)
        _, _, x1, top = screen.free_area(self.width, self.height, scale, session.show_panel, session.caption, True)
        wanted = (entries, scale, self.width, self.height, session.show_panel, session.caption, session.theme)
        if self._legend is None or self._legend[0] != wanted:
            batch = pyglet.graphics.Batch()
            size = round(11 * min(scale, 2.0))
            items, y = [], top - 8
            title = pyglet.text.Label("Colours", x=x1 + 10, y=y, font_size=size + 1, color=session.theme.text, anchor_y="top",
                                      batch=batch, weight="bold")
            items.append(title)
            y -= title.content_height + 6
            for entry in entries:
                label = pyglet.text.Label(entry.words, x=x1 + 16 + size * 1.6, y=y, font_size=size, color=session.theme.text,
                                          anchor_y="top", multiline=True, width=max(round(width - 30 - size * 1.6), 40), batch=batch)
                swatch = shapes.Rectangle(x1 + 10, y - size * 1.4, size * 1.3, size * 1.3, color=entry.color, batch=batch)
                items += [label, swatch]
                y -= max(label.content_height, size * 1.6) + 6
            self._legend = (wanted, batch, items)
        self._legend[1].draw()

    def _fit(self, label, text, points, room):
        """Show ``text`` at ``points``, as the headline's layout chose from the glyphs' advances
        before the label is laid out, so that a change is laid out once: the verdict's counts
        change every frame in the animated scenes, and a layout costs about half a millisecond."""
        wanted = (text, points, round(room))
        if self._fitted.get(label) == wanted:
            return
        self._fitted[label] = wanted
        # Still wider at a third of its size: shortened with an ellipsis, never run off the
        # window. (Rounding may leave a few pixels over; the room keeps a margin for that.)
        # Measured from the glyphs' advances, so that the label is laid out once: shortened
        # label by label, the grid's detail was laid out six times a frame.
        while len(text) > 1 and _line_width(label, text, points) > room + 20:
            text = text[:-2].rstrip() + "…"
        if label.font_size == points and tweaks.on("glyph-swap") and glyphs.swap(label, text):
            return  # only the counts' digits changed: their quads rewritten, nothing laid out
        label.begin_update()
        _set(label, text)
        if label.font_size != points:
            label.font_size = points
        label.end_update()

    def _blank(self, label):
        """Empty ``label``, forgetting what ``_fit`` last set on it: remembered, the same text
        fitted again later was taken as shown, and the verdict stayed blank after a question's
        reveal (collision-response steps 2-6, from-sat-to-gjk 5-9)."""
        _set(label, "")
        self._fitted.pop(label, None)

    def _measure(self, text, points):
        """The pixels ``text`` takes at ``points`` in the verdict line's font."""
        return _line_width(self._verdict, text, points)

    def render(self):
        """Draw one frame: scene, verdict, key hints and help, then the panel on top."""
        session = self.session
        imgui.set_current_context(self._imgui_context)
        self._restyle()
        self.painter.text_scale = session.label_scale()
        self.clear()
        self.painter.begin()
        session.draw(self.painter)
        self.painter.end()
        self.painter.draw(self)
        title = f"{session.scene.category}: {session.scene.title}" + ("  (paused: P resumes)" if session.paused else "")
        if session.player.walkthrough is not None:
            steps = session.player.walkthrough.steps
            title = f"{session.player.walkthrough.title}: step {session.player.index + 1} of {len(steps)}   ({title})"
        room = screen.text_width(self.width, session.font_scale, session.show_panel)
        header = self._header_scale
        self._fit(self._title, title, headline.fit(title, 16 * header, room, lambda text, points: _line_width(self._title, text, points))[0], room)
        hints = key_hints(session.scene, session.player.walkthrough is not None, session.ended(), session.asking)
        _set(self._hint, hints if len(hints) * 0.62 * self._hint.font_size <= room else SHORT_HINTS)
        labels = session.scene.labels_left_out
        strips = [part for line in session.report().lines for part in line.missing]
        if (labels or strips) and not session.show_panel:
            # The panel names the labels and strips the figure had no room for; with it hidden, this line does.
            told = ([f"the labels {', '.join(labels)}"] if labels else []) + ([", ".join(strips)] if strips else [])
            long, short = f"No room for {'; '.join(told)} (F10 shows the panel)", f"No room for {', '.join([*labels, *strips])} (F10)"
            _set(self._hint, long if len(long) * 0.62 * self._hint.font_size <= room else short)
        caption_size = round(screen.CAPTION_SIZE * screen.caption_scale(session.caption, room, session.font_scale, self.height))
        if self._caption_label.font_size != caption_size:
            self._caption_label.font_size = caption_size
        _set(self._caption_label, session.caption)
        self._caption_band.height = self._caption_label.content_height + 16 if session.caption else 0
        if session.figure_only:
            # A handout's picture: the figure and its verdict; the page gives title and caption.
            for label in (self._title, self._hint, self._status, self._caption_label):
                self._blank(label)
            self._caption_band.height = 0
        if self.projecting:
            for label in (self._title, self._hint):
                self._blank(label)
        # The verdict line laid out as every renderer lays it out (kit.headline), measured in
        # the window's font; a part with no room is left empty.
        verdict, claims = session.verdict(), tuple(session.claims())
        key = (verdict, claims, room, header, session.least_points)
        if self._headline[0] != key:
            # Measured again only when it changes: a layout measures glyphs, each frame would cost.
            self._headline = (key, {part.kind: part for part in headline.layout(verdict, claims, room, header, self._measure,
                                                                                 session.least_points)})
        parts = self._headline[1]
        for kind, label in (("verdict", self._verdict), ("claims", self._claims), ("detail", self._detail)):
            part = parts.get(kind)
            if part is None:
                self._blank(label)
                continue
            self._fit(label, part.text, part.points, room - part.x)
            label.x, label.y = round(part.x), self._verdict_y + round(part.lift)
            tint(label, getattr(session.theme, part.role))
        # Within the canvas, as the title is: at 3x beside the opened panel it ran on under it.
        self._fit(self._status, "" if self.projecting else session.status, self._status.font_size, room)
        strip = self._strip_width()
        self._strip.x, self._strip.y, self._strip.width, self._strip.height = self.width - strip, 0, strip, self.height if strip else 0
        self._strip.color = (*session.theme.text[:3], 28)  # a tint of the text's colour: seen on either theme
        _set(self._strip_label, "panel: click here or F10" if strip else "")
        self._strip_label.font_size = round(11 * min(session.font_scale, 2.0))
        self._strip_label.color = session.theme.text
        self._strip_label.x, self._strip_label.y = round(self.width - strip / 2), self.height - 20
        self.hud.draw()
        if self.board is not None:
            # Left of the panel, when it shows.
            right = self.width - (screen.panel_width(self.width, session.font_scale) if session.show_panel and not session.figure_only else 0)
            self.board.draw(right, self.height, session.font_scale, session.theme)
        if session.show_legend and not session.figure_only:
            self._draw_legend(session)
        if session.show_help:
            self._help_overlay(session).batch.draw()
        imgui.new_frame()
        frame_ms = None if self.deterministic or not self._frame_ms else float(np.median(self._frame_ms))
        shown = session.show_panel and not session.figure_only and not session.show_help
        if shown:
            left, width = panel.draw(session, frame_ms)
        imgui.render()
        if shown:
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
        scene = imgui_color(self.session.theme.background)
        # Rounded to whole 8-bit levels: a level's exact half, left to the driver, came out one
        # level apart in a process's first window and the next.
        blend = (round((window.w * a + (1 - window.w) * b) * 255) / 255 for a, b in zip((window.x, window.y, window.z), scene))
        gl.glClearColor(*blend, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        gl.glDisable(gl.GL_SCISSOR_TEST)
        gl.glClearColor(*scene)

    def pixels(self):
        """What the window shows now, as an (H, W, 4) uint8 array, top row first."""
        buffer = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
        data = buffer.get_data("RGBA", buffer.width * 4)
        pixels = np.frombuffer(data, dtype=np.uint8).reshape(buffer.height, buffer.width, 4)[::-1].copy()
        # The screen is opaque whatever blending left in the alpha channel.
        pixels[..., 3] = 255
        return pixels

    def _waiting(self, seconds, what):
        """A frame drawn while a teacher's scene method runs aside (sandbox.app.watchdog): what
        it waits for, and for how long. The session hears no input meanwhile (it is in the middle
        of that call); Esc stops the call at once. Returns whether it was pressed."""
        if self._wait_label is None:
            self._wait_label = pyglet.text.Label("", x=20, multiline=True, width=max(self.width - 40, 100), anchor_y="top")
        self._wait_label.y = self.height - 20
        self._wait_label.text = (f"Waiting for {what}: {seconds:.1f} s so far. It is stopped at {watchdog.SECONDS:g} s; "
                                 "Esc stops it now.")
        self.switch_to()
        self.clear()
        self._wait_label.draw()
        self.flip()
        self._stop_asked = False
        self.push_handlers(**{name: self._held for name in _HELD})
        try:
            self.dispatch_events()
        finally:
            self.pop_handlers()
        return self._stop_asked

    def _held(self, *args):
        if args and args[0] == pyglet.window.key.ESCAPE and len(args) == 2:
            self._stop_asked = True
        return pyglet.event.EVENT_HANDLED

    def on_close(self):
        watchdog.pump_with(None)
        imgui.set_current_context(self._imgui_context)
        self.imgui.shutdown()
        imgui.destroy_context(self._imgui_context)
        super().on_close()


_HELD = ("on_key_press", "on_key_release", "on_text", "on_text_motion", "on_text_motion_select", "on_mouse_motion", "on_mouse_press",
         "on_mouse_release", "on_mouse_drag", "on_mouse_scroll", "on_resize", "on_draw", "on_expose", "on_close")
"""The events held back from the session while a scene method runs aside."""


def _line_width(label, text, size):
    """The width in pixels of ``text`` laid out on one line by ``label`` at ``size`` points: its
    glyphs' advances, as pyglet's layout sums them, without laying it out."""
    styles = label.document.styles
    font = pyglet.font.load(styles.get("font_name"), size, weight=styles.get("weight", "normal"), italic=styles.get("italic", False),
                            stretch=styles.get("stretch", False), dpi=label.dpi)
    glyphs, offsets = font.get_glyphs(text)
    return sum(glyph.advance for glyph in glyphs) + sum(offset.x_advance for offset in offsets)


def _set(label, text):
    """Change a label's text only when it differs (a new text lays the label out again); True if it did."""
    if label.text == text:
        return False
    label.text = text
    return True


def run(session, board=None, opened=None):
    """Open a window on ``session`` (or take over ``opened``, see SandboxWindow.adopt), with the
    class's ``board`` if any, and run until it closes."""
    loop(SandboxWindow(session, board=board) if opened is None else SandboxWindow.adopt(opened, session, board))


def loop(window):
    """Run ``window`` until it closes: 60 times a second a tick, which draws the frame it
    advanced to. One schedule, not pyglet's redraw beside our own tick, so that every frame
    drawn follows exactly one update (frame_bench.py --window counts them)."""
    pyglet.clock.schedule_interval(window.tick, 1 / 60)
    pyglet.app.run(interval=None)


def screenshot(session, path, follow_links=True):
    """Render ``session`` once in a hidden window and write the PNG to ``path`` (through a
    symbolic link unless ``follow_links`` is false)."""
    window = SandboxWindow(session, visible=False, deterministic=True)
    # ImGui sizes its windows from what the previous frame drew: settle before capturing.
    for _ in range(3):
        window.render()
    written = png.write(window.pixels(), path, follow_links)
    window.on_close()
    return written
