"""The Scene base class and the small values it speaks in (View, Verdict, Table)."""

import math
from typing import NamedTuple

from collision import Circle, Polygon, Region, ShapeError, Vector, voronoi_region

from sandbox.kit.params import Param
from sandbox.kit.theme import faded

LABEL_SIZE = 16
"""Pixels: the size of a shape's name at scale 1."""

CORNER_WORDS = {"LR": "lower right", "UR": "upper right", "UL": "upper left", "LL": "lower left"}
"""Box.CORNERS in words, in the box's own frame, for tables and answers."""

class View(NamedTuple):
    """The part of the world the figure may use: the free area of the window, in world units."""

    rect: tuple
    """(min_x, min_y, max_x, max_y) of the free area."""

    pixel: float
    """World units per screen pixel, for sizing labels and gaps."""

    text_scale: float = 1.0
    """How much larger than 1x labels are drawn (theme and presenter font scale)."""


class Verdict(NamedTuple):
    """The one line a class reads first, large on the canvas and at the top of the panel."""

    text: str
    """For example "COLLIDING"."""

    role: str
    """The theme colour it is drawn in: "separating", "overlap", "mtv"..."""

    detail: str = ""
    """The key number, for example "MTV 12.3 along R"."""


class Table(NamedTuple):
    """Some of a scene's numbers as a class reads them, in a handout: plain words, no code names."""

    headers: tuple
    """Column headings; empty for a list of "name, value" rows, each headed by its first cell."""

    rows: tuple
    """Rows of cell texts, as many cells as headers (or two, without headers)."""

    title: str = ""
    """A line above the table, or none."""


def number(value, digits=1):
    """A number as a handout prints it: ``digits`` decimals, no "-0.0"; anything else as text."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, float):
        text = f"{value:,.{digits}f}"
        return text[1:] if text.startswith("-") and not text.strip("-0.,") else text
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(number(v, digits) for v in value) + ")"
    return str(value)


class Scene:
    """One tutorial figure. See the module docstring for the contract."""

    lesson = ""
    """What the figure shows, in a few sentences."""

    things_to_try = ()
    """Short suggestions for the learner, each doable as written."""

    params = ()
    """Param declarations: overlays and settings, with their widgets and limits."""

    handles = {}
    """Draggable points that are not shapes: name -> starting world point."""

    frame = (-400.0, -300.0, 400.0, 300.0)
    """The world region that matters: the view fits it to the free area of the window."""

    animated = False
    """Whether pause and single-step mean anything here."""

    turnable = True
    """Whether R and T turn the shapes (a tile in a grid and an axis-aligned box do not)."""

    grab_radius = 8
    """Pixels around a handle or a centre dot that still grab it."""

    reshapable = ()
    """Names of polygons the user reshapes by dragging their vertices: layouts keep their vertices."""

    def __init__(self):
        self.shapes = {}
        self.settings = {param.name: param.default for param in self.params}
        self.points = {name: Vector(float(x), float(y)) for name, (x, y) in self.handles.items()}
        self.hovered = self.selected = None
        self.view = View(self.frame, 1.0)
        self.setup()
        self.refresh()

    # What a scene writes.

    def setup(self):
        """Create ``self.shapes`` (name -> shape) at the starting layout."""

    def compute(self):
        """The result of the current state (and ``self.view``): stored as ``self.result``."""
        raise NotImplementedError

    def draw(self, painter, theme):
        """Draw the figure from ``self.result``."""
        raise NotImplementedError

    def panel(self, ui):
        """The scene's own results and buttons, below the declared widgets; ``ui.button`` for actions."""

    def verdict(self):
        """The Verdict to show large, or None."""
        return None

    def numbers(self):
        """The result as plain JSON values, for handouts and regression tests."""
        return {}

    def table(self):
        """The result as Tables a student reads in a handout: readable headers and row names,
        numbers rounded, only what the figure shows. By default one "name, value" row for each
        of ``numbers()``, its keys spelt out; a scene whose keys are not words writes its own."""
        return [Table((), tuple((_words(name), number(value)) for name, value in _flat(self.numbers())))]

    def answers(self):
        """What a walkthrough question may ask of the result: field name -> the answer in words.
        By default every single value of ``numbers()`` (not lists or tables of them)."""
        return {name: number(value) for name, value in self.numbers().items() if not isinstance(value, (dict, list, tuple))}

    def update(self, dt):
        """Advance an animated scene by ``dt`` seconds."""

    def click(self, point):
        """A left click on empty space at world ``point``."""

    def constrain(self, name, point):
        """Where handle ``name`` may go when asked for ``point``: the point, or ValueError saying why not."""
        return point

    def directions(self):
        """Directions, besides other shapes' edges, that a turned shape snaps its edges to."""
        return ()

    def reshaped(self, name, vertices):
        """Polygon ``name`` with these local vertices in its pose, not yet put in the scene;
        ValueError saying why not. A scene with stricter shapes checks them here."""
        shape = self.shapes[name]
        try:
            return Polygon(vertices, shape.position, shape.angle)
        except ShapeError as error:
            raise ValueError(str(error)) from None

    # What the kit does for every scene.

    def refresh(self, view=None):
        """Store the result for the current state; the session calls this after every change."""
        if view is not None:
            self.view = view
        self.result = self.compute()

    def pick(self, point, reach):
        """The handle or topmost shape at world ``point`` (``reach`` world units for dots), or None."""
        for name, at in self.points.items():
            if math.dist(point, at) <= reach:
                return name
        for name in reversed(list(self.shapes)):
            shape = self.shapes[name]
            if math.dist(point, shape.position) <= reach or _inside(shape, point):
                return name
        return None

    def position_of(self, name):
        return self.points[name] if name in self.points else Vector(*self.shapes[name].position)

    def move(self, name, point):
        """Follow a drag of ``name`` to world ``point``; a handle stays where ``constrain`` refuses."""
        if name in self.points:
            try:
                self.points[name] = Vector(*map(float, self.constrain(name, point)))
            except ValueError:
                pass
        else:
            self.shapes[name].position = point

    def draw_shape(self, painter, theme, name):
        """A shape in its colour, brighter when hovered or selected, with its centre dot and name."""
        shape, color = self.shapes[name], theme.shape(name)
        outline = theme.highlight if name in (self.hovered, self.selected) else color
        width = 3 if name == self.hovered else 2
        if isinstance(shape, Circle):
            painter.circle(shape.center, shape.radius, outline, faded(color, 70), width)
        else:
            painter.polygon(shape.world_vertices(), outline, faded(color, 70), width)
        painter.point(shape.position, outline, 4)

    def label_spots(self, avoid=()):
        """Where each shape's name goes (the left end of its baseline): just above the shape,
        or below it where a point of ``avoid`` (an arrow's tip, say) would sit under the label."""
        pixel, scale = self.view.pixel, self.view.text_scale
        spots = {}
        for name, shape in self.shapes.items():
            x0, y0, x1, y1 = shape.aabb()
            half = len(name) * LABEL_SIZE * 0.31 * pixel * scale
            left, gap, height = (x0 + x1) / 2 - half, 8 * pixel, LABEL_SIZE * 1.3 * pixel * scale
            spot = (left, y1 + gap)
            if any(left - gap <= px <= left + 2 * half + gap and y1 <= py <= y1 + 2 * gap + height for px, py in avoid):
                spot = (left, y0 - gap - height)
            spots[name] = spot
        return spots

    def label_boxes(self, avoid=()):
        """The world rectangles the shapes' names cover, for other labels to keep clear of."""
        pixel, scale = self.view.pixel, self.view.text_scale
        return [
            (x, y - 4 * pixel * scale, x + len(name) * LABEL_SIZE * 0.62 * pixel * scale, y + LABEL_SIZE * 1.3 * pixel * scale)
            for name, (x, y) in self.label_spots(avoid).items()
        ]

    def label_shapes(self, painter, theme, avoid=()):
        """Each shape's name in its colour, at its spot."""
        for name, at in self.label_spots(avoid).items():
            painter.text(at, name, theme.shape(name), LABEL_SIZE)


def _words(key):
    return key.replace("_", " ").replace(".", ", ")


def _flat(numbers, prefix=""):
    """(dotted key, value) for every leaf of nested dicts."""
    for key, value in numbers.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _inside(shape, point):
    if isinstance(shape, Circle):
        return math.dist(point, shape.center) <= shape.radius
    return voronoi_region(shape, point).region is Region.INSIDE
