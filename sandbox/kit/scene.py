"""The Scene base class: what a scene writes, and what the kit does for every scene.

A scene declares its params, handles, actions and frame, and writes three methods:
``compute(ctx)`` returns its result from its state and the frozen Context the app passes in;
``draw(result, painter, theme)`` draws that result; ``report(result)`` returns the one Report
every surface shows. The kit computes lazily, at most once for each change: input marks the
scene dirty, and the result is computed when something (the frame's drawing, the panel, a
handout) first reads it.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from collision import Capsule, Circle, Polygon, Region, ShapeError, Vector, point_query, voronoi_region

from sandbox.kit.labels import LabelLayout, Outline
from sandbox.kit.painter import Painter, Point, RecordingPainter
from sandbox.kit.params import Param
from sandbox.kit.report import Report
from sandbox.kit.theme import Color, LegendEntry, Theme, faded, legend
from sandbox.kit.view import Bounds, Context, View

LABEL_SIZE = 16
"""Pixels: the size of a shape's name at scale 1."""

CORNER_WORDS = {"LR": "lower right", "UR": "upper right", "UL": "upper left", "LL": "lower left"}
"""Box.CORNERS in words, in the box's own frame, for tables and answers."""

@dataclass(frozen=True)
class Action:
    """A button (and optionally a key) that changes the scene: ``Action("swap", "Swap the
    boxes")`` calls the scene's ``swap()``, with ``argument`` if one is given. The panel shows
    it, ``key`` (a letter such as "N") presses it, and the kit recomputes after it."""

    name: str
    label: str
    argument: Any = None
    key: str = ""
    help: str = ""


class Scene:
    """One tutorial figure. See the module docstring for the contract."""

    id: ClassVar[str]
    category: ClassVar[str]
    title: ClassVar[str]
    order: ClassVar[int]

    lesson: ClassVar[str] = ""
    """What the figure shows, in a few sentences."""

    things_to_try: ClassVar[tuple[str, ...]] = ()
    """Short suggestions for the learner, each doable as written."""

    params: ClassVar[tuple[Param, ...]] = ()
    """Param declarations: overlays and settings, with their widgets and limits."""

    actions: ClassVar[tuple[Action, ...]] = ()
    """Buttons the panel shows (and keys that press them)."""

    handles: ClassVar[dict[str, tuple[float, float]]] = {}
    """Draggable points that are not shapes: name -> starting world point."""

    frame: ClassVar[Bounds] = (-400.0, -300.0, 400.0, 300.0)
    """The world region that matters: the view fits it to the free area of the window."""

    animated: ClassVar[bool] = False
    """Whether pause and single-step mean anything here."""

    turnable: ClassVar[bool] = True
    """Whether R and T turn the shapes (a tile in a grid and an axis-aligned box do not)."""

    grab_radius: ClassVar[float] = 8
    """Pixels around a handle or a centre dot that still grab it."""

    pose_unit: ClassVar[float] = 1.0
    """World units in one unit the pose editor shows and takes (the vectors scene's grid square)."""

    reshapable: ClassVar[tuple[str, ...]] = ()
    """Names of polygons the user reshapes by dragging their vertices: layouts keep their vertices."""

    def __init__(self) -> None:
        self.shapes: dict[str, Any] = {}
        self.settings: dict[str, Any] = {param.name: param.default for param in self.params}
        self.points: dict[str, Vector] = {name: Vector(float(x), float(y)) for name, (x, y) in self.handles.items()}
        self._ctx = Context(View(self.frame, 1.0))
        self._result: Any = None
        self._report: Report | None = None
        self.computes = 0
        self.strip_memory: dict[int, tuple[Point, float, str]] = {}
        """Where each projection strip went last (sandbox.kit.figures.strips), so that it stays on its side."""
        self._label_memory: dict[tuple[str, int], tuple[float, float, float]] = {}
        """Where each label went last frame, so that it stays there while it fits."""
        self.labels_left_out: tuple[str, ...] = ()
        """The labels the last frame had no room for near what they name (the panel lists them)."""
        """How many times the kit has computed this scene: tests count it."""
        self.setup()

    # What a scene writes.

    def setup(self) -> None:
        """Create ``self.shapes`` (name -> shape) at the starting layout."""

    def compute(self, ctx: Context) -> Any:
        """The result of the current state and ``ctx``."""
        raise NotImplementedError

    def draw(self, result: Any, painter: Painter, theme: Theme) -> None:
        """Draw the figure from ``result``."""
        raise NotImplementedError

    def report(self, result: Any) -> Report:
        """The Report of ``result``: what the panel, headline, handout, JSON and questions show."""
        return Report()

    def settle(self) -> None:
        """Bring the state in line with the settings (rebuild a shape that a setting chooses,
        match a swarm to its count). The kit calls it whenever the state may have changed."""

    def update(self, dt: float) -> None:
        """Advance an animated scene by ``dt`` seconds."""

    def ended(self) -> bool:
        """Whether an animated scene's motion has run its course (a replay at its end), so that
        time moves nothing: the app then stops advancing it, and P starts it over (``restart``).
        Most animated scenes run on for ever."""
        return False

    def restart(self) -> None:
        """Start a motion that has ``ended`` over: what P does then."""

    def click(self, point: tuple[float, float]) -> None:
        """A left click on empty space at world ``point``."""

    def constrain(self, name: str, point: tuple[float, float]) -> tuple[float, float]:
        """Where handle ``name`` may go when asked for ``point``: the point, or ValueError saying why not."""
        return point

    def directions(self) -> tuple[tuple[float, float], ...]:
        """Directions, besides other shapes' edges, that a turned shape snaps its edges to."""
        return ()

    def reshaped(self, name: str, vertices: Any) -> Polygon:
        """Polygon ``name`` with these local vertices in its pose, not yet put in the scene;
        ValueError saying why not. A scene with stricter shapes checks them here."""
        shape = self.shapes[name]
        try:
            return Polygon(vertices, shape.position, shape.angle)
        except ShapeError as error:
            raise ValueError(str(error)) from None

    # What the kit does for every scene.

    @property
    def ctx(self) -> Context:
        """The context the next result is computed with."""
        return self._ctx

    @property
    def view(self) -> View:
        return self._ctx.view

    @property
    def hovered(self) -> str | None:
        return self._ctx.hover

    @property
    def selected(self) -> str | None:
        return self._ctx.selection

    def use(self, ctx: Context) -> None:
        """Compute with ``ctx`` from now on (the app calls this when the view, hover or
        selection changes); the result is out of date only if the context differs."""
        if ctx != self._ctx:
            self._ctx = ctx
            self.invalidate()

    def invalidate(self) -> None:
        """The state changed: compute again when the result is next read."""
        self.settle()
        self._result = self._report = None

    @property
    def result(self) -> Any:
        """The result of the current state, computed at most once for each change."""
        if self._result is None:
            self._result = self.compute(self._ctx)
            self.computes += 1
        return self._result

    @property
    def reported(self) -> Report:
        """The Report of the current result, made once for each change."""
        if self._report is None:
            self._report = self.report(self.result)
        return self._report

    def act(self, name: str, argument: Any = None) -> None:
        """Press the declared action ``name`` (the one with ``argument``, where several share a name)."""
        action = next(a for a in self.actions if a.name == name and argument in (None, a.argument))
        method = getattr(self, action.name)
        method() if action.argument is None else method(action.argument)
        self.invalidate()

    def code_view(self) -> None:
        """The Code view's action (code_trace.CODE_VIEW): show or hide the core's code."""
        self.settings["code"] = not self.settings.get("code")

    def paint(self, painter: Painter, theme: Theme, keep_off: Sequence[Outline] = ()) -> None:
        """Draw the current result, its labels placed clear of each other, the strips, the
        shapes' outlines, the outlines ``keep_off`` (of marks the app draws over the figure)
        and the free area's edge (sandbox.kit.labels)."""
        layout = LabelLayout(painter, self.view, [*self.shapes.values(), *keep_off], self._label_memory)
        self.draw(self.result, layout, theme)
        layout.finish()
        self.labels_left_out = tuple(layout.left_out)

    def legend(self, theme: Theme) -> tuple[LegendEntry, ...]:
        """What the colours of the figure as it is now mean, for the canvas's legend (L) and a
        handout: the theme's meaningful roles (theme.MEANINGS) that the figure draws with."""
        painter = RecordingPainter()
        self.draw(self.result, painter, theme)
        return legend(theme, _colours(painter.calls))

    def to_svg(self, width: int = 1280, height: int = 720, theme: Theme | None = None, scale: float = 1.0) -> str:
        """The figure drawn alone as an SVG document, as a handout's picture or ``--screenshot``
        of it shows it: the frame fitted below the verdict line (and the flawed methods'
        claims), ``width`` x ``height`` pixels, in ``theme`` (dark by default; its palette's
        dashes too) at presenter font ``scale``. The scene's own context is left as it was."""
        from sandbox.kit.svg import figure

        return figure(self, width, height, theme, scale)

    def _repr_svg_(self) -> str:
        """IPython shows a scene as its figure."""
        return self.to_svg()

    def pick(self, point: Point, reach: float) -> str | None:
        """The handle or topmost shape at world ``point`` (``reach`` world units for dots), or None."""
        for name, at in self.points.items():
            if math.dist(point, at) <= reach:
                return name
        for name in reversed(list(self.shapes)):
            shape = self.shapes[name]
            if math.dist(point, shape.position) <= reach or _inside(shape, point):
                return name
        return None

    def position_of(self, name: str) -> Point:
        return self.points[name] if name in self.points else Vector(*self.shapes[name].position)

    def move(self, name: str, point: Point) -> None:
        """Follow a drag of ``name`` to world ``point``; a handle stays where ``constrain`` refuses."""
        if name in self.points:
            try:
                self.points[name] = Vector(*map(float, self.constrain(name, point)))
            except ValueError:
                pass
        else:
            self.shapes[name].position = point
        self.invalidate()

    def draw_shape(self, painter: Painter, theme: Theme, name: str) -> None:
        """A shape in its colour, brighter when hovered or selected, with its centre dot and name."""
        shape, color = self.shapes[name], theme.shape(name)
        outline = theme.highlight if name in (self.hovered, self.selected) else color
        width = 3 if name == self.hovered else 2
        if isinstance(shape, Circle):
            painter.circle(shape.center, shape.radius, outline, faded(color, 70), width)
        else:
            painter.polygon(shape.world_vertices(), outline, faded(color, 70), width)
        painter.point(shape.position, outline, 4)

    def label_spots(self, avoid: Sequence[Point] = ()) -> dict[str, Point]:
        """Where each shape's name goes (the left end of its baseline): just above the shape,
        or below it where a point of ``avoid`` (an arrow's tip, say) would sit under the label."""
        pixel, scale = self.view.pixel, self.view.text_scale
        spots: dict[str, Point] = {}
        for name, shape in self.shapes.items():
            x0, y0, x1, y1 = shape.aabb()
            half = len(name) * LABEL_SIZE * 0.31 * pixel * scale
            left, gap, height = (x0 + x1) / 2 - half, 8 * pixel, LABEL_SIZE * 1.3 * pixel * scale
            above, below = (left, y1 + gap), (left, y0 - gap - height)
            spot = above
            if any(left - gap <= px <= left + 2 * half + gap and y1 <= py <= y1 + 2 * gap + height for px, py in avoid):
                spot = below
            # Not inside another shape where the other side is free of it: "B" written below B,
            # inside A (B dragged onto A, the MTV's tip above), read as naming A.
            middle = ((x0 + x1) / 2, spot[1] + height / 3)
            other = above if spot == below else below
            if any(_inside(shape, middle) for key, shape in self.shapes.items() if key != name) and not any(
                    _inside(shape, ((x0 + x1) / 2, other[1] + height / 3)) for key, shape in self.shapes.items() if key != name):
                spot = other
            spots[name] = spot
        return spots

    def label_boxes(self, avoid: Sequence[Point] = ()) -> list[Bounds]:
        """The world rectangles the shapes' names cover, for other labels to keep clear of."""
        pixel, scale = self.view.pixel, self.view.text_scale
        return [
            (x, y - 4 * pixel * scale, x + len(name) * LABEL_SIZE * 0.62 * pixel * scale, y + LABEL_SIZE * 1.3 * pixel * scale)
            for name, (x, y) in self.label_spots(avoid).items()
        ]

    def label_shapes(self, painter: Painter, theme: Theme, avoid: Sequence[Point] = ()) -> None:
        """Each shape's name in its colour, at its spot."""
        for name, at in self.label_spots(avoid).items():
            painter.text(at, name, theme.shape(name), LABEL_SIZE)



def _colours(calls: Iterable[tuple[Any, ...]]) -> set[Color]:
    """Every RGBA colour in recorded painter calls, the bulk calls' colour arrays included."""
    found: set[Color] = set()
    for call in calls:
        for argument in call[1:]:
            if isinstance(argument, tuple) and len(argument) == 4 and all(isinstance(c, int) for c in argument):
                found.add(argument)
            elif hasattr(argument, "ndim") and argument.dtype.kind in "iu" and argument.shape[-1:] == (4,):
                found.update(map(tuple, argument.reshape(-1, 4).tolist()))
    return found


def _inside(shape: Polygon | Circle, point: Point) -> bool:
    if isinstance(shape, Circle):
        return math.dist(point, shape.center) <= shape.radius
    if isinstance(shape, Capsule) or shape.radius:
        # A capsule or a rounded polygon: inside its true outline, the core grown by its radius.
        return point_query(shape, point).inside
    return voronoi_region(shape, point).region is Region.INSIDE
