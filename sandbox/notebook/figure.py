"""The notebook figure: the kernel computes and draws SVG, the browser shows it and sends the mouse.

The figure is an app :class:`~sandbox.app.session.Session` drawing its scene alone (as a handout's
picture), so a drag, a turn with R or T, a setting or a button goes through the very methods the
desktop window calls: the browser sends a press, a drag or a key at a pixel of the picture, the
session picks and moves the shape with its camera and controller, and the figure is drawn again
(``sandbox.app.figure_svg``) with its Report's verdict, tables and poses.
"""

from importlib import resources

import anywidget
import traitlets

from sandbox.app import figure_svg, keys
from sandbox.app import poses as pose_editor
from sandbox.app.handout import report_html
from sandbox.app.session import Session
from sandbox.app.walkthrough import Walkthrough
from sandbox.kit.report import Report
from sandbox.kit.theme import THEMES, with_palette

_HERE = resources.files("sandbox.notebook")
TURN = {"r": "R", "t": "T"}


class Figure(anywidget.AnyWidget):
    """Scene ``scene_id`` (``python sandbox.py --list`` names them) as a live figure of
    ``width`` x ``height`` pixels, in ``theme`` ("dark" or "projector") and ``palette``.

    Drag a shape or a handle; R and T turn the shape under the pointer (or the last one
    grabbed) 3 degrees a press. ``fig.report`` is the scene's Report, ``fig.pose("B", x=...,
    y=..., angle=...)`` places a shape (world units and degrees, as a lesson's poses), and
    ``fig.scene`` is the scene itself, its ``shapes`` the collision shapes the figure tests.
    """

    _esm = _HERE / "figure.js"
    _css = _HERE / "figure.css"

    svg = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    tables = traitlets.Unicode("").tag(sync=True)
    """The Report's claims and tables, as the handout prints them (HTML)."""
    poses = traitlets.List().tag(sync=True)
    """[name, x, y, angle in degrees or None] of every shape and handle, as text: x and y in
    world units, as :meth:`Figure.pose` takes them."""
    settings = traitlets.List().tag(sync=True)
    """The scene's settings with a widget: name, label, kind, value, low, high, choices."""
    actions = traitlets.List().tag(sync=True)
    """The scene's buttons: [name, label]."""
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, scene_id: str, width: int = 800, height: int = 450, theme: str = "dark", palette: str = "standard") -> None:
        super().__init__()
        _check_theme(theme)
        self._start(Session(scene_id, size=(width, height), palette=palette), theme, palette)

    @classmethod
    def at_step(cls, lesson: Walkthrough, number: int, width: int = 800, height: int = 450, theme: str = "dark", palette: str = "standard") -> "Figure":
        """Step ``number`` (from 1) of ``lesson`` at its own poses, settings, seed and time, as
        the class first sees it: a step with a question asks it, the overlays that would give
        the answer away and the verdict hidden until :meth:`reveal`."""
        if not 1 <= number <= len(lesson.steps):
            raise ValueError(f"{lesson.title} has steps 1 to {len(lesson.steps)}, not {number}")
        _check_theme(theme)
        figure = cls.__new__(cls)
        super(Figure, figure).__init__()
        session = Session(size=(width, height), walkthrough=lesson, palette=palette)
        session.player.go(number - 1)
        figure._start(session, theme, palette)
        return figure

    def _start(self, session: Session, theme: str, palette: str) -> None:
        self._session = session
        session.figure_only, session.show_panel = True, False
        session.theme = with_palette(THEMES[theme], palette)
        session.refresh()
        self._dragging = False
        scene = session.scene
        self.title = f"{scene.category}: {scene.title}"
        self.actions = [[action.name, action.label] for action in scene.actions]
        self.on_msg(self._message)
        self._show()

    @property
    def asking(self) -> bool:
        """Whether a lesson step's question is open (:meth:`at_step`): its answer not yet shown."""
        return self._session.asking

    def reveal(self) -> None:
        """Show a lesson step's answer: the overlays its question hid, the verdict and the tables."""
        if self._session.step is not None and self._session.asking:
            self._session.player.reveal()
            self._show()

    @property
    def explanation(self) -> str:
        """What a lesson step says with its answer, filled from the figure's facts as now posed; or ""."""
        step = self._session.step
        return "" if step is None else step.filled(step.explain, self.scene)

    @property
    def scene(self):
        """The scene the figure shows."""
        return self._session.scene

    @property
    def report(self) -> Report:
        """The scene's Report as now posed: verdict, tables, numbers, answers."""
        return self._session.report()

    def pose(self, name: str, x: float | None = None, y: float | None = None, angle: float | None = None) -> None:
        """Put shape or handle ``name`` at (``x``, ``y``) in world units, as a lesson's and a
        layout's ``shapes`` and ``handles`` say, turned ``angle`` degrees; what is left out
        stays as it is. ValueError, in the pose editor's words, for a value refused."""
        current = pose_editor.texts(self._session).get(name)
        if current is None:
            raise ValueError(f"{self.scene.id} has no shape or handle {name!r}: it has {', '.join(pose_editor.texts(self._session))}")
        # The pose editor takes the scene's own units (the vectors scene's grid squares): the
        # world's numbers go in divided by pose_unit, so the lesson's [-150, -50] is a = (-3, -1).
        x, y = (None if value is None else _scene_units(value, self.scene.pose_unit) for value in (x, y))
        x, y, turn = (current[i] if value is None else str(value) for i, value in enumerate((x, y, angle)))
        if angle is not None and current[2] is None:
            raise ValueError(f"{name} does not turn in this scene: give its x and y only")
        if not pose_editor.place(self._session, name, x, y, turn):
            raise ValueError(self._session.status)
        self._show()

    def set(self, name: str, value) -> None:
        """Change the scene's setting ``name`` (as the panel does); ValueError names what it takes."""
        param = next((p for p in self.scene.params if p.name == name), None)
        if param is None:
            raise ValueError(f"{self.scene.id} has no setting {name!r}: it has {', '.join(p.name for p in self.scene.params)}")
        try:
            checked = param.check(value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        self._session.set_setting(name, checked)
        self._show()

    def _repr_svg_(self) -> str:
        return self.svg

    def _message(self, widget, content, buffers) -> None:
        """What the browser sends: the pointer at picture pixel (x, y), y down, as the SVG's."""
        session = self._session
        kind = content.get("kind")
        # The session takes the window's pixels: y up from the bottom.
        x, y = float(content.get("x", 0)), session.camera.height - float(content.get("y", 0))
        if kind == "move" and not self._dragging:
            # Only the hover changes: draw again only if it moved to another shape.
            before = session.controller.hovered
            session.input.on_mouse_motion(x, y, 0, 0)
            if session.controller.hovered != before:
                self._show()
            return
        if kind in ("down", "key", "set", "act"):
            session.status = ""
        if kind == "down":
            self._dragging = True
            session.input.on_mouse_press(x, y, keys.LEFT_BUTTON)
        elif kind == "move":
            session.input.on_mouse_drag(x, y, 0, 0, frozenset({keys.LEFT_BUTTON}))
        elif kind == "up":
            self._dragging = False
            session.input.on_mouse_release(x, y, keys.LEFT_BUTTON)
        elif kind == "key" and content.get("key", "").lower() in TURN:
            symbol = TURN[content["key"].lower()]
            session.input.on_mouse_motion(x, y, 0, 0)
            session.input.on_key_press(symbol)
            session.input.on_key_release(symbol)
        elif kind == "set":
            try:
                self.set(content.get("name", ""), content.get("value"))
            except ValueError as error:
                session.status = str(error)
        elif kind == "act" and any(action.name == content.get("name") for action in self.scene.actions):
            session.act(content["name"])
        else:
            return
        self._show()

    def _show(self) -> None:
        """Send the figure, its Report and its poses to the browser."""
        session = self._session
        report = session.report()
        with self.hold_sync():
            self.svg = figure_svg.figure(session)
            # While a lesson's question is open its tables would give the answer away.
            self.tables = "" if session.asking else report_html(report)
            # In world units, as pose() takes them: the table is what a student types there.
            unit = self.scene.pose_unit
            self.poses = [[name, _world(x, unit), _world(y, unit), angle] for name, (x, y, angle) in pose_editor.texts(session).items()]
            self.settings = [
                {"name": p.name, "label": p.label, "kind": p.kind.__name__, "value": self.scene.settings[p.name],
                 "low": p.low, "high": p.high, "choices": list(p.choices)}
                for p in self.scene.params if p.widget
            ]
            self.status = session.fault or session.status


def _scene_units(value, unit: float):
    """A world coordinate in the scene's units; what is no number is passed on as it is, for
    the pose editor to refuse in its own words."""
    try:
        return float(value) / unit
    except (TypeError, ValueError):
        return value


def _world(text: str, unit: float) -> str:
    """A coordinate the pose editor shows in the scene's units, in world units."""
    return text if unit == 1 else f"{float(text) * unit:g}"


def _check_theme(theme: str) -> None:
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}, got {theme!r}")
