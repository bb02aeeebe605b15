"""Everything the app does that needs no GL: the current scene, the view and layouts; a
walkthrough's steps are played by its player (``session.player``, sandbox.app.player).

The window forwards its events to the session's input layer (``session.input``, a
sandbox.app.user_input.UserInput) unless they belong to the panel, and tests drive the very
same methods, so what a test does is what a user's mouse and keyboard do. After every
input that changes a scene's state or the view the session marks the scene out of date and
hands it a new Context; the kit computes once, when the frame (or a handout) reads the result.
"""

from pathlib import Path

from sandbox.app import focus, guard, watchdog
from sandbox.app import layout
from sandbox.app import screen, seen
from sandbox.app.camera import Camera
from sandbox.app.controller import Controller
from sandbox.app.access import Access
from sandbox.app.dashes import DashedPainter
from sandbox.app.player import Player
from sandbox.app.user_input import UserInput
from sandbox.kit import Context, Report, View, framing
from sandbox.app.registry import SceneError, all_scenes
from sandbox.kit.theme import DARK, with_palette

HINTS = ("Drag: move", "R/T: turn", "Wheel: zoom", "Right-drag: pan", "Tab: focus", "Home: reset", "F1: help")
WALKTHROUGH_HINTS = ("Right/Space: next step", "Left: back", "Drag: move", "R/T: turn", "Home: reset", "P: pause", "F1: help")
SHORT_HINTS = "F1: keys and help"


def hints(scene, walkthrough: bool, ended: bool = False, asking: bool = False) -> str:
    """The key hints under the figure: only the keys that do something in ``scene`` (R/T where
    its shapes turn, P where it moves, not while a question holds it still: in the mover, "R/T:
    turn" promised what no key did), in the words of what they do now: P plays a motion that
    has ``ended`` (Session.ended) again."""
    shown = {"R/T: turn": scene.turnable, "P: pause": scene.animated and not asking}
    said = {"P: pause": "P: replay" if ended else "P: pause"}
    return "   ".join(said.get(hint, hint) for hint in (WALKTHROUGH_HINTS if walkthrough else HINTS) if shown.get(hint, True))

STATUS_SECONDS = 4.0
"""How long a status line ("layout saved to ...") stays on screen."""


class Session:
    """The app's state: one scene at a time, with its camera and controller.

    ``layout_path`` is a layout file to start from (its scene is used unless ``scene_id``
    names one, which must then match). Raises ``layout.LayoutError`` or ``SceneError`` (both
    SandboxErrors) for a bad file or an unknown scene, before anything opens. With ``walkthrough`` (a loaded
    Walkthrough) the session starts at its first step, and its player (``player.go``) moves between steps.
    """

    def __init__(self, scene_id=None, size=(1280, 720), layout_path=None, walkthrough=None, palette="standard"):
        self.classes = {cls.id: cls for cls in all_scenes()}
        self.camera = Camera(*size)
        self.layout_path = Path(layout_path) if layout_path else None
        self.theme = with_palette(DARK, palette)
        self.paused = False
        self.show_help = False
        self.show_panel = True
        self.show_legend = False
        """Whether the canvas shows the colour legend (L), at the right of the figure."""
        self.font_scale = 1.0
        self.least_points = 0.0
        """The smallest the verdict line's parts are drawn, in points as kit.headline counts them:
        set for print, where their size at 1x is under 8 pt on paper."""
        self.fullscreen = False
        self.quit_requested = False
        self.screenshot_requested = False
        self.fullscreen_requested = False
        self._status, self._status_left = "", 0.0
        self.pose_drafts = {}
        """What the pose editor's fields hold while it is open: name -> [x, y, angle] as text."""
        self.input = UserInput(self)
        """Keys and the mouse: what the window, the notebook and the tests send go through it."""
        self.player = Player(self, walkthrough)
        """The walkthrough's steps: which is shown, and whether its question is open."""
        self.figure_only = False
        """Draw the figure alone (handouts): no panel, title, caption or key hints."""
        self.fault = None
        """What the scene's own code raised (guard.fault), shown on the canvas in place of its figure; or None."""
        self.leaves_slow_scenes = False
        """Whether a scene the watchdog stopped is left with its fault shown (the window), not the command ended."""
        self.focus = None
        """The Tab stop focused (focus.Stop), or None."""
        self.access = Access(self)
        """The figure in words, speech and the gap sound (D, V, G)."""
        if walkthrough is not None:
            self.layout_scene = None
            self.player.go(0)
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

    # The status line.

    @property
    def status(self):
        return self._status

    @status.setter
    def status(self, text):
        self._status, self._status_left = text, STATUS_SECONDS

    # Scenes, views and steps. The step and whether its question is open are the player's; seen
    # and figure_svg read them here, as they read a class's figure (classroom.figure.Figure).

    @property
    def step(self):
        """The walkthrough step shown, or None."""
        return self.player.step

    @property
    def asking(self):
        """Whether the step's question is open: its revealing overlays and the verdict hidden."""
        return self.player.asking

    @property
    def caption(self):
        """The walkthrough step's caption, with its question and, once revealed, the answer; or "".
        Its quoted numbers are filled in from the scene's Report."""
        return _caption(self, lambda text: self.step.filled(text, self.scene), self.access.description() if self.access.describing else "")

    def verdict(self):
        """The scene's Verdict, or None while a question is open (it would give the answer away)."""
        if self.asking:
            return None
        return self.report().verdict

    def claims(self):
        """What the scene's flawed methods claim, or none while a question is open."""
        return () if self.asking else self.report().claims

    def report(self):
        """The scene's Report, read through ``guarded``: an empty one when the scene's code
        raised, or when what it reported names a colour the theme lacks (``fault`` says which)."""
        if self.fault is not None:
            return Report()
        reported = self.guarded("report", lambda: self.scene.reported)
        if reported is None:
            return Report()
        wrong = guard.report_problem(reported)
        if wrong is not None:
            self.fault = self.status = f"scene {self.scene.id} ({guard.source(type(self.scene))}, line {guard.line_of(type(self.scene).report)}): {wrong}"
            return Report()
        return reported

    def guarded(self, what, method, *args):
        """``method(*args)``, a scene's own; an exception raised in the scene's file becomes
        ``fault`` (and the status line) and None is returned, so a teacher's scene cannot end
        the app. An exception that never passed through the scene's file is the app's: raised.
        A call the watchdog stopped leaves the scene where ``leaves_slow_scenes`` (the window);
        elsewhere its SceneTimeout ends the command."""
        try:
            return method(*args)
        except watchdog.SceneTimeout as error:
            if not self.leaves_slow_scenes:
                raise
            self.fault = self.status = str(error)
            if hasattr(self, "scene") and not isinstance(self.scene, guard.FailedScene):
                # Left: nothing of it runs again (a FailedScene keeps its fault through refresh).
                self.scene = guard.FailedScene(type(self.scene))
                self.controller = Controller(self.scene, self.camera)
                self.focus = None
            return None
        except Exception as error:
            line = guard.fault(error, method if isinstance(method, type) else type(self.scene), what)
            if line is None:
                raise
            self.fault = line
            self.status = line
            return None

    def open(self, scene_id, data=None, where="the starting layout", step=None):
        """Show scene ``scene_id`` at its default layout, or at the layout ``data`` (from ``where``);
        with a walkthrough ``step``, started from its seed and run for its time."""
        if scene_id not in self.classes:
            raise SceneError(f'there is no scene "{scene_id}"; python sandbox.py --list shows them all')
        self.fault = None
        self.scene = self.guarded("setup", self.classes[scene_id]) or guard.FailedScene(self.classes[scene_id])
        if step is not None and not isinstance(self.scene, guard.FailedScene):
            self.guarded("setup", step.seeded, self.scene)
        self.camera.fitted = True
        if data is not None and not isinstance(self.scene, guard.FailedScene):
            layout.apply(layout.parse(data, self.scene, where), self.scene, self.camera)
        if step is not None and self.fault is None:
            self.guarded("update", step.run, self.scene)
        self.start = layout.capture(self.scene, self.camera)
        self.controller = Controller(self.scene, self.camera)
        self.focus = None
        self.refresh()

    def refresh(self):
        """Frame the view in the free area (unless the user moved it), hand the scene its new
        context and mark it out of date: it computes when its result is next read."""
        camera = self.camera
        if self.figure_only:
            camera.place(screen.figure_area(camera.width, camera.height, self.font_scale))
        else:
            # The caption as written, about as long as filled in: filling it would compute the
            # scene before it has its new context.
            words = self.access.described if self.access.describing else ""
            camera.place(screen.free_area(camera.width, camera.height, self.font_scale, self.show_panel, _caption(self, str, words), self.show_legend))
        if camera.fitted:
            camera.fit(self.scene.frame)
        # A scene that failed as it was made keeps saying so; any other starts afresh.
        self.fault = self.fault if isinstance(self.scene, guard.FailedScene) else None
        view = View(camera.visible(), 1 / camera.zoom, self.label_scale(), self.least_points)
        context = Context(view, self.controller.hovered, self.controller.selected)
        # use() and invalidate() run the scene's settle(): a teacher's may raise.
        self.guarded("settle", lambda: (self.scene.use(context), self.scene.invalidate()))

    def draw(self, painter):
        """Draw the scene with ``painter`` in the theme; in the colour-blind palette B's lines dashed."""
        painter = self.figure_painter(painter)
        # The report first: one that fails shows its fault, in place of the figure, from the first frame.
        self.report()
        if self.fault is None:
            # The labels keep off the focus ring, drawn over the figure once it is done.
            ring = () if self.focus is None else focus.ring_edges(self.scene, self.focus, 1 / self.camera.zoom, self.font_scale)
            self.guarded("draw", self.scene.paint, painter, self.theme, ring)
        if self.fault is None and self.focus is not None:
            focus.ring(painter, self.theme, self.scene, self.focus, 1 / self.camera.zoom, self.font_scale)
        if self.fault is not None:
            guard.draw_fault(painter, self.theme, self.camera, self.fault)

    def figure_painter(self, painter, dashes=True):
        """``painter`` as the figure is drawn with it: in the colour-blind palette B's lines
        dashed (unless the painter dashes them itself, ``dashes`` False); while a question is
        open, its answer written "?" wherever a label shows it."""
        if dashes and self.theme.dashed_b:
            painter = DashedPainter(painter, self.theme, 1 / self.camera.zoom)
        return seen.hiding(painter, self)

    def label_scale(self):
        """How much larger than 1x the figure's labels are drawn (the kit's rule, which an SVG follows too)."""
        return framing.label_scale(self.theme.label_scale, self.font_scale, self.camera.zoom)

    def reset(self, *pressed):
        """Back to the layout the scene started from, in a scene made afresh (so an animated
        scene's objects start over too), and the view framed again."""
        if self.player.walkthrough is not None:
            # The step's own moment too: its seed and time, held still.
            self.player.go(self.player.index, revealed=not self.asking)
        else:
            self.open(self.scene.id, self.start)
        self.camera.fitted = True
        self.refresh()
        self.status = "layout reset"

    def set_font_scale(self, scale):
        before, self.font_scale = self.font_scale, min(max(float(scale), 1.0), 3.0)
        if (before < screen.FOLD_SCALE) != (self.font_scale < screen.FOLD_SCALE):
            # At a presenter scale the canvas has the window: the panel folds to its strip
            # (and comes back below it); the teacher opens it with a click or F10.
            self.show_panel = self.font_scale < screen.FOLD_SCALE
        self.refresh()

    def set_palette(self, palette):
        """Switch to ``palette`` (one of theme.PALETTES) in the same theme; ValueError names the choices."""
        self.theme = with_palette(self.theme, palette)
        self.status = f"{palette} palette" + (": B is drawn dashed" if self.theme.dashed_b else "")
        self.refresh()

    def set_setting(self, name, value):
        """Change one of the scene's declared parameters, from the panel."""
        self.scene.settings[name] = value
        self.refresh()

    def act(self, name, argument=None):
        """Press the scene's declared action ``name`` (a panel button or its key)."""
        self.guarded("act", self.scene.act, name, argument)
        self.refresh()

    def update(self, dt):
        self._status_left = max(self._status_left - dt, 0.0)
        if self._status_left == 0.0:
            self._status = ""
        self.input.update(dt)
        changed = False
        if self.player.move(dt):
            self.refresh()
        changed |= self.controller.update(dt)
        # An open question holds an animated scene still: the answer revealed is then the one
        # the class predicted from, and the one the handout printed, not wherever it drifted.
        # One whose motion has ended (a replay at its end) is not computed again each frame.
        if self.scene.animated and not self.paused and not self.asking and self.fault is None and not self.ended():
            self.guarded("update", self.scene.update, dt)
            changed = True
        if changed:
            self.refresh()
        self.access.follow(dt)

    def ended(self) -> bool:
        """Whether the scene is animated and its motion has run its course (Scene.ended: a
        replay at its end), read through ``guarded``."""
        return self.scene.animated and bool(self.guarded("update", self.scene.ended))

    # What the canvas and the panel read.

    def legend(self):
        """What the figure's colours mean (Scene.legend), or none when the scene's code fails."""
        if self.fault is not None:
            return ()
        return self.guarded("draw", self.scene.legend, self.theme) or ()

    def on_resize(self, width, height):
        self.camera.resize(width, height)
        self.refresh()


def _caption(session, fill, described=""):
    """The caption (Session.caption) with ``fill`` filling in its quoted numbers, and ``described`` below it."""
    step = session.step
    if session.figure_only:
        return ""
    if step is None:
        return described
    if described:
        return f"{_caption(session, fill)}\n{described}"
    if not step.question:
        return fill(step.caption)
    if session.asking:
        offered = f"  {step.offered()}" if step.choices else ""
        return f"{fill(step.caption)}\n{fill(step.question)}{offered}  Next reveals."
    # The answer follows the figure the class made; where that is not the step's own, the
    # explanation (written for the step's layout) is said to be about that one: it read
    # "Answer: yes. No: both pushes are up" once B was dragged.
    answer, now = session.player.answer, step.answer_text(session.scene)
    moved = f" (At the step's own layout: {answer}.)" if answer is not None and now != answer else ""
    return f"{fill(step.caption)}\n{fill(step.question)}  Answer: {now}.{moved} {fill(step.explain)}".rstrip()

