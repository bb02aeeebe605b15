"""A walkthrough step's figure without a window: the scene, a camera (the view) and the
handout's SVG renderer (``sandbox.app.figure_svg``), posed as the step poses it.

The class server keeps one for each step shown to everyone and one for each student who drags:
a drag is picked and moved as the window's controller does (grab offset kept, so the shape does
not jump to the finger), and the figure is drawn again. It reads the scene only through the kit;
``figure_svg.figure`` takes it where it takes a session, as a duck.
"""

from collections.abc import Callable
from typing import Any

from sandbox.app import figure_svg, guard, layout, screen, seen
from sandbox.app.camera import Camera
from sandbox.app.registry import all_scenes
from sandbox.app.walkthrough import Step
from sandbox.kit import Context, Painter, Report, Verdict, View, framing
from sandbox.kit.theme import PROJECTOR, Theme

SIZE = (800, 450)
"""The picture's pixels: a phone scales it to its width; drags arrive in these pixels."""

WINDOW = (1280, 720)
"""The window a step's own view (its zoom and pan) was framed in: the picture shows the same part."""

REACH = 24
"""Picture pixels around a handle or centre dot that still grab it: a finger is wider than a cursor."""


class Figure:
    """Step ``step`` of a walkthrough (``where`` names it in messages) drawn alone, ``size``
    pixels, in ``theme``; asking its question (overlays in ``step.hide`` off, no verdict)
    while ``asking``."""

    def __init__(self, step: Step, where: str, asking: bool = False, size: tuple[int, int] = SIZE, theme: Theme = PROJECTOR) -> None:
        self.step, self.theme, self.font_scale = step, theme, 1.0
        self.least_points = 0.0  # on screen a text's size at 1x is its floor (Session.least_points)
        self.camera = Camera(*size)
        self.fault: str | None = None
        self.asking = asking and bool(step.question)
        self._grab: tuple[str, float, float] | None = None
        cls = {c.id: c for c in all_scenes()}[step.scene]
        self.scene = self.guarded("setup", cls) or guard.FailedScene(cls)
        if not isinstance(self.scene, guard.FailedScene):
            self.guarded("setup", step.seeded, self.scene)
            layout.apply(layout.parse(step.layout, self.scene, where), self.scene, self.camera)
            self.guarded("update", step.run, self.scene)
        if self.asking:
            for name in step.hide:
                self.scene.settings[name] = False
        if not self.camera.fitted:
            self._show_as_on_screen()
        self.refresh()

    def _show_as_on_screen(self) -> None:
        """Frame what the step's own view shows in the window beside the panel (as a handout does)."""
        window = Camera(*WINDOW)
        window.place(screen.free_area(*WINDOW, 1.0, True, self.step.caption))
        window.center, window.zoom = self.camera.center, self.camera.zoom
        self.camera.place(screen.figure_area(self.camera.width, self.camera.height, self.font_scale))
        self.camera.fit(window.visible(), margin=0)
        self.camera.fitted = False

    def refresh(self) -> None:
        """Frame the view (unless the step set its own) and hand the scene its context."""
        camera = self.camera
        camera.place(screen.figure_area(camera.width, camera.height, self.font_scale))
        if camera.fitted:
            camera.fit(self.scene.frame)
        view = View(camera.visible(), 1 / camera.zoom, self.label_scale())
        grabbed = None if self._grab is None else self._grab[0]
        self.guarded("settle", lambda: (self.scene.use(Context(view, grabbed, grabbed)), self.scene.invalidate()))

    def label_scale(self) -> float:
        return framing.label_scale(self.theme.label_scale, self.font_scale, self.camera.zoom)

    def guarded(self, what: str, method: Callable[..., Any], *args: Any) -> Any:
        """``method(*args)``; an exception raised in the scene's own file becomes ``fault`` and
        None is returned (as the session does), so a teacher's scene cannot stop the server."""
        try:
            return method(*args)
        except Exception as error:
            line = guard.fault(error, method if isinstance(method, type) else type(self.scene), what)
            if line is None:
                raise
            self.fault = line
            return None

    def report(self) -> Report:
        if self.fault is not None:
            return Report()
        return self.guarded("report", lambda: self.scene.reported) or Report()

    def verdict(self) -> Verdict | None:
        """None while the question is open: the verdict would give the answer away."""
        return None if self.asking else self.report().verdict

    def figure_painter(self, painter: Painter, dashes: bool = True) -> Painter:
        """``painter`` as the window's figure draws with it (figure_svg.figure asks for it): while
        the question is open, its answer written "?" wherever a label shows it."""
        return seen.hiding(painter, self)

    def svg(self) -> str:
        """The picture as an SVG document, the handout's renderer's."""
        return figure_svg.figure(self)

    def words(self) -> dict[str, str]:
        """The step's caption, question, explanation and answer, filled from this figure's scene."""
        step, scene = self.step, self.scene
        filled = {field: step.filled(getattr(step, field), scene) for field in ("caption", "question", "explain")}
        filled["answer"] = step.answer_text(scene) if step.question else ""
        return filled

    def press(self, x: float, y: float) -> bool:
        """Grab what is at picture pixel (``x``, ``y``), y down; True if something was grabbed."""
        world = self._world(x, y)
        name = self.scene.pick(world, max(self.scene.grab_radius, REACH) / self.camera.zoom)
        if name is None:
            self._grab = None
            return False
        px, py = self.scene.position_of(name)
        self._grab = (name, px - world[0], py - world[1])
        self.refresh()
        return True

    def drag(self, x: float, y: float) -> bool:
        """Move what was grabbed to picture pixel (``x``, ``y``); True if something moved."""
        if self._grab is None:
            return False
        name, ox, oy = self._grab
        wx, wy = self._world(x, y)
        self.guarded("move", self.scene.move, name, (wx + ox, wy + oy))
        return True

    def release(self) -> bool:
        """Let go; True if something was held (its highlight goes)."""
        held, self._grab = self._grab is not None, None
        if held:
            self.refresh()
        return held

    def _world(self, x: float, y: float) -> tuple[float, float]:
        # Kept inside the picture: a shape cannot be thrown out of sight.
        x = min(max(x, 0.0), float(self.camera.width))
        y = min(max(y, 0.0), float(self.camera.height))
        return self.camera.to_world(x, self.camera.height - y)

