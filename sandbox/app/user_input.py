"""The input layer: keys (in sandbox.app.keys's names) and the mouse (window pixels, y up), as
the window, the presenter, the notebook and the tests hand them over, turned into what the
session does. The key table dispatches the keys and lists them for F1.
"""

import functools
from pathlib import Path
from typing import NamedTuple

from sandbox.app import focus, keys, layout
from sandbox.kit.theme import DARK, PROJECTOR, with_palette

NEXT = ("RIGHT", "SPACE", "PAGEDOWN")
BACK = ("LEFT", "PAGEUP")
ARROWS = {"LEFT": (-1, 0), "RIGHT": (1, 0), "UP": (0, 1), "DOWN": (0, -1)}

QUIT_ARMED = 4.0
"""Seconds a first Esc waits for the second, as long as its "press Esc again" status shows."""


class Binding(NamedTuple):
    """One row of the key table: F1 lists it, and a key press runs its command."""

    keys: str
    """The keys as F1 shows them."""

    does: str
    """What they do, as F1 says it."""

    symbols: tuple[keys.Key, ...] = ()
    """The keys (sandbox.app.keys names) that press it; none for the mouse's rows."""

    command: str = ""
    """The UserInput method (or else the Session's) a press calls with (symbol, modifiers); it
    returns False to pass the key on."""

    ctrl: bool = False
    """Whether Ctrl must be held."""


BINDINGS = (
    Binding("Left drag", "move a shape or a handle (grab it anywhere, or by its centre dot)"),
    Binding("R / T", "turn the shape under the cursor, or the last one grabbed; hold to keep turning"),
    Binding("Wheel", "zoom about the cursor"),
    Binding("Right or middle drag", "pan the view"),
    Binding("Arrows / Shift+arrows", "move the focused shape or handle a grid step / a tenth of one", tuple(ARROWS), "nudge"),
    Binding("Right, Space, Page Down / Left, Page Up", "next / previous walkthrough step", NEXT + BACK, "page"),
    Binding("Tab / Shift+Tab", "focus the next / previous shape, handle or panel action; past the last, the next scene "
            "(Shift+Tab with nothing focused: the previous scene; a walkthrough keeps its step)", ("TAB",), "tab"),
    Binding("Enter", "press the focused panel action", ("ENTER", "NUM_ENTER"), "press"),
    Binding("D", "show or hide the figure in words (what the Report says, and what is focused)", ("D",), "toggle_description"),
    Binding("V", "speak the figure in words now and again whenever it changes (espeak-ng), or stop", ("V",), "toggle_speech"),
    Binding("G", "a sound that follows the gap while a shape moves: higher as they close, a tick as they touch", ("G",), "toggle_sound"),
    Binding("Home", "back to the starting layout and view", ("HOME",), "reset"),
    Binding("P", "pause or resume an animated scene, or play a replay that has ended again (Space too, outside a walkthrough)", ("P", "SPACE"), "pause"),
    Binding("Ctrl+S", "save the layout", ("S",), "save_layout", ctrl=True),
    Binding("F12", "save a screenshot", ("F12",), "ask_screenshot"),
    Binding("F11", "full screen, or back", ("F11",), "ask_fullscreen"),
    Binding("F10", "hide or show the panel (captions and key hints stay)", ("F10",), "toggle_panel"),
    Binding("F9", "projector theme (light, high contrast, thicker lines), or back", ("F9",), "toggle_theme"),
    Binding("F1", "show or hide this help", ("F1",), "toggle_help"),
    Binding("L", "show or hide the colour legend: what each colour of the figure means", ("L",), "toggle_legend"),
    Binding(", / .", "Code view: the line before / after the one marked", ("COMMA", "PERIOD"), "code_line"),
    Binding("Esc", "clear the focus; else leave full screen; otherwise press twice to quit", ("ESCAPE",), "escape"),
)
"""The app's keys: F1's list and the dispatch both read this table."""


def _scene_input(handler):
    """An input handler whose scene code (click, constrain...) may raise: reported as a fault."""

    @functools.wraps(handler)
    def guarded(self, *args):
        return self.session.guarded("input", handler, self, *args)

    return guarded


class UserInput:
    """What the user's keys and mouse do to ``session`` (a Session): the key table's commands,
    Tab's focus, the walkthrough's clicker keys, and the mouse passed to the session's controller."""

    def __init__(self, session) -> None:
        self.session = session
        self._quit_armed = 0.0
        self.code_mark: tuple[tuple[str, str] | None, int] = (None, 0)
        """The Code view's (step, line) the teacher stepped to with , and ."""

    def update(self, dt: float) -> None:
        """``dt`` seconds on: a first Esc stops waiting for the second."""
        self._quit_armed = max(self._quit_armed - dt, 0.0)

    def _command(self, name):
        """The key table's command ``name``: this layer's own, the access toggles (D, V, G), or the session's (reset)."""
        owner = next(each for each in (self, self.session.access, self.session) if hasattr(type(each), name))
        return getattr(owner, name)

    @_scene_input
    def on_key_press(self, symbol: keys.Key, modifiers: keys.Modifiers = keys.NONE) -> None:
        for binding in BINDINGS:
            if symbol in binding.symbols and (keys.CTRL <= modifiers or not binding.ctrl):
                if self._command(binding.command)(symbol, modifiers) is not False:
                    return
        if (action := self._action_key(symbol)) is not None:
            self.session.act(action.name, action.argument)
        elif self.session.controller.on_key_press(symbol):
            self._turned()

    def key_help(self):
        """(keys, what they do) for F1: the key table, then the scene's own action keys."""
        rows = [(binding.keys, binding.does) for binding in BINDINGS]
        return rows + [(action.key, action.label) for action in self.session.scene.actions if action.key]

    def page(self, symbol, modifiers):
        """Presentation clickers send Page Down and Page Up. A question takes two clicks: the
        first reveals its answer, the next moves on; back hides the answer again."""
        player = self.session.player
        if player.walkthrough is None:
            return False
        if symbol in NEXT and player.asking:
            player.reveal()
        elif symbol in BACK and player.step.question and not player.asking:
            player.ask()
        elif symbol in NEXT:
            if player.index + 1 < len(player.walkthrough.steps):
                player.go(player.index + 1, animated=True)
        elif player.index > 0:
            player.go(player.index - 1, revealed=True)
        return True

    def tab(self, symbol, modifiers):
        """Focus the next Tab stop (focus.stops), as a web page does; past the last one, the next
        scene. Shift+Tab goes back through them, and with nothing focused back a scene."""
        session = self.session
        back = keys.SHIFT <= modifiers
        stops = focus.stops(session.scene) if session.fault is None else []
        at = stops.index(session.focus) if session.focus in stops else None
        if back:
            if at is None:
                self.step_scene(-1)
                return
            self.set_focus(stops[at - 1] if at > 0 else None)
        elif (0 if at is None else at + 1) < len(stops):
            self.set_focus(stops[0 if at is None else at + 1])
        else:
            self.set_focus(None)
            self.step_scene(1)

    def nudge(self, symbol, modifiers):
        """An arrow key moves the focused shape or handle a grid step (Shift: a tenth of one);
        with nothing so focused it is passed on (a walkthrough's Right and Left)."""
        session = self.session
        if session.focus is None or session.focus.kind == "action":
            return False
        dx, dy = ARROWS[symbol]
        distance = focus.step(session.scene, keys.SHIFT <= modifiers)
        x, y = session.scene.position_of(session.focus.name)
        session.scene.move(session.focus.name, (x + dx * distance, y + dy * distance))
        session.status = focus.words(session.scene, session.focus)
        session.refresh()

    def press(self, symbol, modifiers):
        """Enter presses the focused panel action."""
        session = self.session
        if session.focus is None or session.focus.kind != "action":
            return False
        action = session.scene.actions[session.focus.index]
        session.act(action.name, action.argument)
        session.status = f"pressed {action.label}"

    def pause(self, symbol, modifiers):
        session = self.session
        if not session.scene.animated:
            return
        if session.asking:
            # An open question holds the scene still: run on, it would show the answer.
            session.status = "held still while the question is open: Right reveals it"
            return
        if session.ended():
            # A replay at its end: pausing it would change nothing to see; P plays it again.
            session.guarded("act", session.scene.restart)
            session.paused = False
            session.status = "running from the start"
            session.refresh()
            return
        session.paused = not session.paused
        session.status = "paused: P resumes" if session.paused else "running"

    def ask_screenshot(self, symbol, modifiers):
        self.session.screenshot_requested = True

    def ask_fullscreen(self, symbol, modifiers):
        self.session.fullscreen_requested = True

    def toggle_panel(self, symbol, modifiers):
        session = self.session
        session.show_panel = not session.show_panel
        session.refresh()

    def toggle_legend(self, symbol, modifiers):
        session = self.session
        session.show_legend = not session.show_legend
        session.refresh()

    def toggle_theme(self, symbol, modifiers):
        session = self.session
        session.theme = with_palette(DARK if session.theme.name == PROJECTOR.name else PROJECTOR, session.theme.palette)
        session.status = f"{session.theme.name} theme"
        session.refresh()

    def toggle_help(self, symbol, modifiers):
        self.session.show_help = not self.session.show_help

    def code_line(self, symbol, modifiers):
        """Step the Code view's marked line back or on, within the lines the step ran."""
        session = self.session
        code = session.report().code
        if code is None:
            return False
        at = self.code_at(code) + (1 if symbol == "PERIOD" else -1)
        self.code_mark = ((code.name, code.step), min(max(at, 0), len(code.runs) - 1))

    def _action_key(self, symbol):
        """The scene's declared action that key ``symbol`` presses, or None."""
        return next((a for a in self.session.scene.actions if a.key and keys.action_key(a.key) == symbol), None)

    def escape(self, *pressed):
        session = self.session
        if session.focus is not None:
            self.set_focus(None)
        elif session.fullscreen:
            session.fullscreen_requested = True
        elif self._quit_armed > 0:
            session.quit_requested = True
        else:
            self._quit_armed = QUIT_ARMED
            session.status = "press Esc again to quit"

    def _turned(self):
        session = self.session
        if session.controller.aligned:
            session.status = session.controller.aligned
        elif session.focus is not None and session.focus.kind == "shape":
            session.status = focus.words(session.scene, session.focus)  # its new angle
        session.refresh()

    @_scene_input
    def on_key_release(self, symbol: keys.Key, modifiers: keys.Modifiers = keys.NONE) -> None:
        if self.session.controller.on_key_release(symbol):
            self._turned()

    @_scene_input
    def on_mouse_motion(self, x, y, dx, dy):
        if self.session.controller.on_mouse_motion(x, y):
            self.session.refresh()

    @_scene_input
    def on_mouse_press(self, x: float, y: float, button: keys.Button, modifiers: keys.Modifiers = keys.NONE) -> None:
        session = self.session
        if session.controller.on_mouse_press(x, y, button):
            if session.focus is not None and session.focus.kind != "action":
                # A click moves the keyboard's focus too, as on a web page: R then turns what was grabbed.
                grabbed = session.controller.selected
                session.focus = next((stop for stop in focus.stops(session.scene) if stop.kind != "action" and stop.name == grabbed), None)
                session.controller.focused = grabbed if session.focus is not None else None
            session.refresh()

    @_scene_input
    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: frozenset[keys.Button], modifiers: keys.Modifiers = keys.NONE) -> None:
        if self.session.controller.on_mouse_drag(x, y, dx, dy):
            self.session.refresh()

    @_scene_input
    def on_mouse_release(self, x: float, y: float, button: keys.Button, modifiers: keys.Modifiers = keys.NONE) -> None:
        if self.session.controller.on_mouse_release(x, y, button):
            self.session.refresh()

    @_scene_input
    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        if self.session.controller.on_mouse_scroll(x, y, scroll_y):
            self.session.refresh()

    def set_focus(self, stop):
        """Focus ``stop`` (a focus.Stop of this scene) or nothing: a focused shape or handle is
        also the selection, which R and T turn and the scene draws lit."""
        session = self.session
        session.focus = stop
        name = stop.name if stop is not None and stop.kind != "action" else None
        session.controller.focused = name
        if name is not None:
            session.controller.selected = name
        session.status = focus.words(session.scene, stop) if stop is not None else "nothing focused"
        session.refresh()

    def step_scene(self, step):
        session = self.session
        if session.player.walkthrough is not None:
            session.status = "Tab stays in a walkthrough's step: Right and Left move between its steps"
            return
        ids = list(session.classes)
        session.open(ids[(ids.index(session.scene.id) + step) % len(ids)])
        session.status = f"{session.scene.category}: {session.scene.title}"

    def code_at(self, code):
        """The index in ``code.runs`` the Code view marks: the step's own line until the
        teacher steps away from it, and again once the step changes."""
        step, at = self.code_mark
        return min(at, len(code.runs) - 1) if step == (code.name, code.step) else code.marked

    def save_layout(self, *pressed):
        """Ctrl+S: the layout as it is now, to where _layout_file says."""
        session = self.session
        path = self._layout_file()
        try:
            layout.save(layout.capture(session.scene, session.camera), path)
        except OSError as error:
            session.status = f"could not save the layout to {path}: {error.strerror}"
        else:
            session.status = f"layout saved to {path}"

    def _layout_file(self):
        """Where Ctrl+S writes: the --layout file for its own scene, else layouts/<scene-id>.json."""
        session = self.session
        if session.layout_path is not None and session.layout_scene == session.scene.id:
            return session.layout_path
        return Path("layouts") / f"{session.scene.id}.json"
