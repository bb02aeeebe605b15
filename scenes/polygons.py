"""Any two convex polygons: GPWiki's intersection test, with its offset trick and early out."""

import math
from typing import NamedTuple

from collision import Polygon, ShapeError, Vector
from sandbox.kit import Column, Fact, Param, Report, register
from sandbox.kit.code_trace import CODE
from sandbox.kit.figures.sat_scene import PAGE, PairSatScene
from sandbox.kit.figures.sat_view import axis_name
from sandbox.kit.labels import text_box

PRESETS = {
    "triangle": [(80.0 * math.cos(k * 2 * math.pi / 3 + math.pi / 2), 80.0 * math.sin(k * 2 * math.pi / 3 + math.pi / 2)) for k in range(3)],
    # GPWiki's square: local corners from (0, 0), so its position is a corner, not its middle.
    "GPWiki square": [(0.0, 0.0), (110.0, 0.0), (110.0, 110.0), (0.0, 110.0)],
    "pentagon": [(75.0 * math.cos(k * 2 * math.pi / 5 + math.pi / 2), 75.0 * math.sin(k * 2 * math.pi / 5 + math.pi / 2)) for k in range(5)],
    "hexagon": [(80.0 * math.cos(k * math.pi / 3), 80.0 * math.sin(k * math.pi / 3)) for k in range(6)],
    "kite": [(0.0, -100.0), (55.0, 0.0), (0.0, 45.0), (-55.0, 0.0)],
}

PRESETS_LIST = list(PRESETS)

THINNEST = 6.0
"""World units: a vertex keeps at least this far from the line through its two neighbours, so
the polygon stays convex and never goes flat there."""


class Offsets(NamedTuple):
    """One axis by GPWiki's offset trick beside the direct projection."""

    local: tuple
    """(A's, B's) intervals of the vertices turned about their own origin but not moved: (min, max)."""

    shift: tuple
    """(A's, B's) position . axis: how far the move slides each interval."""

    direct: tuple
    """(A's, B's) intervals of the world vertices, projected one by one."""


class PolygonsResult(NamedTuple):
    sat: object
    early: object
    page: int
    strips: tuple
    trace: object
    """sat() line by line, with the Code view on (PairResult's)."""

    offsets: tuple
    """An Offsets for every axis the full test tried, in its order."""

    refused: str
    """Why the last vertex drag stopped short, or ""."""


def convex_problem(points, before=None, moved=None):
    """Why ``points`` (counter-clockwise) would not make a fair convex polygon, or "".

    Dragged from ``before`` (the vertices as they were) by vertex ``moved``, no corner may come
    nearer than THINNEST to the line through its neighbours, except one that was that thin
    already: the dragged vertex may not get thinner still, its neighbours need only stay
    convex. So a fine polygon of many vertices keeps its drags. A whole polygon given at once
    (a layout's) need only be convex.
    """
    if before is not None:
        for i in range(len(points)):
            height, was = _height(points, i), _height(before, i)
            if height < THINNEST and (was >= THINNEST or (i == moved and height < was)):
                return f"vertex {i} would turn inwards or go flat (within {THINNEST:g} of the line through its neighbours)"
    try:
        Polygon(points)
    except ShapeError as error:
        return str(error)
    return ""


def _height(points, i):
    """How far vertex ``i`` stands out from the line through its neighbours (below 0: inwards)."""
    n = len(points)
    (x0, y0), (x1, y1), (x2, y2) = points[i - 1], points[i], points[(i + 1) % n]
    chord = math.hypot(x2 - x0, y2 - y0)
    # Twice the area of the corner's triangle over its base: the corner's height over the chord.
    return ((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)) / chord if chord else 0.0


def interval(points, axis):
    dots = [x * axis[0] + y * axis[1] for x, y in points]
    return (min(dots), max(dots))


@register("polygons", "SAT", "Any two convex polygons", order=3)
class Polygons(PairSatScene):
    lesson = (
        "Vertices live in local coordinates, placed by a position and an angle. GPWiki projects the "
        "turned local vertices and adds position . axis instead of moving every vertex."
    )
    things_to_try = (
        "Drag a dot of A inwards past its neighbours: it stops.",
        "Pick pentagon for B: 2 + 5 axes to test.",
        "Drag B up and away: the test stops at the first green axis.",
        "Press Next axis (or N) and step through the axes: local + shift = direct.",
        "On B's axis R, tap R inside A: A's shift stays put.",
    )
    params = (
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        Param("preset_a", "Polygon A", "GPWiki square", choices=tuple(PRESETS)),
        Param("preset_b", "Polygon B", "triangle", choices=tuple(PRESETS)),
        PAGE,
        CODE,
    )
    frame = (-540.0, -300.0, 230.0, 300.0)
    reshapable = ("A", "B")

    def setup(self):
        self.shapes = {"A": Polygon(PRESETS["GPWiki square"], (-250, -70), 0.2), "B": Polygon(PRESETS["triangle"], (-120, 50), -0.3)}
        self.presets = {"A": "GPWiki square", "B": "triangle"}
        self.refused = ""

    # Vertex dots: "A.2" is vertex 2 of A, dragged in the world and stored in A's local frame.

    def pick(self, point, reach):
        # A centre dot first: GPWiki's square has its origin on a corner, and dragging there moves it.
        for name, shape in self.shapes.items():
            if math.dist(point, shape.position) <= reach:
                return name
        for name, shape in self.shapes.items():
            for i, (x, y) in enumerate(shape.world_vertices()):
                if math.dist(point, (x, y)) <= reach:
                    return f"{name}.{i}"
        return super().pick(point, reach)

    def position_of(self, name):
        if "." in name:
            shape, index = self._vertex(name)
            return Vector(*map(float, shape.world_vertices()[index]))
        return super().position_of(name)

    def constrain(self, name, point):
        """A vertex goes where it is dragged while its polygon stays convex; asked past that,
        it stops at the last convex place, and where none is nearer it stays (ValueError)."""
        shape, index = self._vertex(name)
        start = self.position_of(name)
        before = [tuple(v) for v in shape.local_vertices.tolist()]
        problem = convex_problem(self._moved(shape, index, point), before, index)
        if not problem:
            return point
        low, high = 0.0, 1.0
        for _ in range(30):
            middle = (low + high) / 2
            if convex_problem(self._moved(shape, index, _between(start, point, middle)), before, index):
                high = middle
            else:
                low = middle
        if low == 0.0:
            raise ValueError(problem)
        return _between(start, point, low)

    def move(self, name, point):
        if "." not in name:
            self.refused = ""
            super().move(name, point)
            return
        shape, index = self._vertex(name)
        problem = convex_problem(self._moved(shape, index, point), [tuple(v) for v in shape.local_vertices.tolist()], index)
        self.refused = f"{name.replace('.', ' vertex ')} stops: {problem}" if problem else ""
        try:
            placed = self.constrain(name, point)
        except ValueError:
            return
        self.shapes[name[0]] = self.reshaped(name[0], self._moved(shape, index, placed))

    def reshaped(self, name, vertices):
        problem = convex_problem(vertices)
        if problem:
            raise ValueError(problem)
        return super().reshaped(name, vertices)

    def _vertex(self, name):
        shape_name, index = name.split(".")
        return self.shapes[shape_name], int(index)

    def _moved(self, shape, index, point):
        """``shape``'s local vertices with vertex ``index`` at world ``point``."""
        (px, py), c, s = shape.position, math.cos(shape.angle), math.sin(shape.angle)
        dx, dy = point[0] - px, point[1] - py
        points = [tuple(v) for v in shape.local_vertices.tolist()]
        points[index] = (c * dx + s * dy, -s * dx + c * dy)
        return points

    def settle(self):
        # A newly chosen preset replaces the polygon in its place, keeping its turn.
        for name in ("A", "B"):
            preset, old = self.settings[f"preset_{name.lower()}"], self.shapes[name]
            if preset != self.presets[name]:
                self.shapes[name] = Polygon(PRESETS[preset], old.position, old.angle)
                self.presets[name] = preset

    def origin_spot(self):
        """Where the origin's name goes: just below and right of it."""
        pixel = self.view.pixel
        return (6 * pixel, -20 * pixel)

    def other_labels(self):
        # The strips keep off the origin's name: crowded round (0, 0), it had no room at its size.
        return [text_box(self.origin_spot(), "(0, 0)", 13, self.view.pixel, self.view.text_scale)]

    def compute(self, ctx):
        pair = super().compute(ctx)
        offsets = tuple(self._offsets(test.axis) for test in pair.sat.axes)
        return PolygonsResult(*pair, offsets, self.refused)

    def _offsets(self, axis):
        local, shift, direct = [], [], []
        for name in ("A", "B"):
            shape = self.shapes[name]
            c, s = math.cos(shape.angle), math.sin(shape.angle)
            turned = [(c * x - s * y, s * x + c * y) for x, y in shape.local_vertices.tolist()]
            local.append(interval(turned, axis))
            shift.append(shape.position[0] * axis[0] + shape.position[1] * axis[1])
            direct.append(interval(shape.world_vertices().tolist(), axis))
        return Offsets(tuple(local), tuple(shift), tuple(direct))

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        # The local frames always: they are what "placed by a position and an angle" means.
        painter.point((0.0, 0.0), theme.dim_text, 4)
        painter.text(self.origin_spot(), "(0, 0)", theme.dim_text, 13)
        for shape in self.shapes.values():
            (px, py), c, s = shape.position, math.cos(shape.angle), math.sin(shape.angle)
            painter.segment((0.0, 0.0), (px, py), theme.guide, 1)
            painter.arrow((px, py), (px + 40 * c, py + 40 * s), theme.dim_text, 1)
            painter.arrow((px, py), (px - 40 * s, py + 40 * c), theme.dim_text, 1)
        super().draw(result, painter, theme)
        for name, shape in self.shapes.items():
            for i, vertex in enumerate(shape.world_vertices()):
                hot = f"{name}.{i}" in (self.hovered, self.selected)
                painter.point(vertex, theme.highlight if hot else theme.shape(name), 7 if hot else 5)
        if result.refused:
            # Along the bottom of the free area, clear of the strips' labels round the shapes.
            x0, y0, _, _ = self.view.rect
            painter.text((x0 + 14 * pixel, y0 + 40 * pixel), result.refused, theme.text, 15)

    def offsets_fact(self, result):
        """GPWiki's offset trick on one axis (the one shown, else the first that separates): the
        local interval shifted by position . axis, beside the direct projection."""
        shown = result.page if result.page >= 0 else next((i for i, t in enumerate(result.sat.axes) if t.separating), 0)
        offsets = result.offsets[shown]
        rows = {}
        for k, name in enumerate("AB"):
            (low, high), shift = offsets.local[k], offsets.shift[k]
            rows[name] = {"shape": name, "local": [low, high], "shift": shift, "moved": [low + shift, high + shift], "direct": list(offsets.direct[k])}
        columns = (Column("shape", f"on {axis_name(shown)}"), Column("local", form="interval"), Column("shift", "+ p.axis"),
                   Column("moved", "= moved", form="interval"), Column("direct", form="interval"))
        return Fact("offset_trick", rows, "GPWiki's offset trick", columns=columns)

    def report(self, result):
        """The SAT report, with the early-out count in the verdict and GPWiki's offsets."""
        report = super().report(result)
        tested, total = len(result.early.axes), len(result.sat.axes)
        count = f"early out after {tested} of {total} axes" if tested < total else f"all {total} axes tested"
        numbers = dict(report.numbers)
        numbers["early_out"] = {"tested": tested, "of": total}
        numbers["offsets"] = [
            {"local": [list(i) for i in o.local], "shift": list(o.shift), "direct": [list(i) for i in o.direct]} for o in result.offsets
        ]
        numbers["local_vertices"] = {name: shape.local_vertices.tolist() for name, shape in self.shapes.items()}
        # A new Report, not a copy of the one above: its tables and answers come from all the facts.
        return Report(report.verdict._replace(detail=f"{report.verdict.detail}; {count}"), report.lines, numbers=numbers, claims=report.claims,
                      costs=report.costs, code=report.code, facts=(*report.facts, self.offsets_fact(result)))


def _between(start, end, t):
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
