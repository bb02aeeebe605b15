"""Vectors: Metanet's appendix (figures 11 and 12) and GameDev.net's worked projection."""

import math
from typing import NamedTuple

from collision import Vector
from sandbox.kit import Action, Fact, Line, Param, Report, Scene, Verdict, register
from sandbox.kit.events import Event, answer_is
from sandbox.kit.figures.clear import keep_lines_clear
from sandbox.kit.figures.strips import clip

UNIT = 50.0
"""World units per grid unit: the numbers are read in grid units, small enough to check by hand."""

TENTH = UNIT / 10
"""The handles snap to tenths of a unit, so the numbers stay the ones a class can work out."""

EXAMPLE = {"a": (2 * UNIT, 6 * UNIT), "b": (3 * UNIT, 4 * UNIT), "O": (0.0, 0.0)}
"""GameDev.net step 2: the corner (2, 6) projected onto the axis (3, 4)."""

GRID = (-4, -4, 8, 9)
"""The grid drawn, in units: (min x, min y, max x, max y)."""


class Result(NamedTuple):
    """Everything the figure and the panel show, in grid units."""

    a: Vector
    b: Vector
    dot: float
    """a . b = ax bx + ay by."""

    length_a: float
    length_b: float
    projection: Vector
    """a projected onto b, (a . b / |b|^2) b; None when b is the zero vector."""

    along: float
    """The projection's signed length a . b / |b| (a . unit b); None when b is zero."""

    right: Vector
    """b's right-hand normal (by, -bx) in this y-up world."""

    left: Vector
    """b's left-hand normal (-by, bx)."""

    unit_a: Vector
    """a normalised; None for the zero vector, which has no direction."""

    unit_b: Vector
    perproduct: float
    """a . (b's right normal): positive when a lies to b's right."""


def number(value):
    """A value as the worked example writes it: at most two decimals, no trailing zeros, no -0."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def reach_words(along):
    """How far a reaches along b, in words: a length, or behind O a signed reach (a length is
    never negative)."""
    return f"length {number(along)}" if along >= 0 else f"{number(along)} along b, behind O"


def pair(v):
    return f"({number(v[0])}, {number(v[1])})"


def sign_word(dot, a=None, b=None):
    for name, vector in (("a", a), ("b", b)):
        if vector is not None and not any(vector):
            return f"zero: {name} is the zero vector, with no direction"
    if dot > 0:
        return "positive: a and b point the same way"
    if dot < 0:
        return "negative: a and b point away from each other"
    return "zero: a and b are perpendicular"


def unit(v, length):
    return Vector(v.x / length, v.y / length) if length > 0 else None


@register("vectors", "Basics", "Vectors and the dot product", order=1)
class Vectors(Scene):
    lesson = (
        "The dot product a.b = ax bx + ay by is one number; its sign says whether a and b point the "
        "same way. Divided by |b| it is how far a reaches along b: the length of a's projection "
        "(the thick arrow). With |b| = 1 the dot product is that length, which is why SAT normalises its axes."
    )
    things_to_try = (
        "Press 'GameDev.net's example': (2, 6) onto (3, 4) gives (3.6, 4.8), length 6.",
        "Drag a's tip round O: a.b changes sign where a crosses b's normals.",
        "Drag a's tip to b's right normal (4, -3): a.b = 0, the projection shrinks to O.",
        "Drag b's tip to (6, 8): a.b doubles, the projection stays.",
        "Drag b's tip onto O: the zero vector has no direction to project onto.",
    )
    params = (
        Param("projection", "Projection of a onto b", True, overlay=True),
        Param(
            "normals",
            "b's left and right normals",
            True,
            overlay=True,
            help="Metanet writes the right normal as (-y, x) because Flash's y points down. Here y points up, so it is (y, -x).",
        ),
        Param("units", "Unit vectors (normalised)", False, overlay=True),
    )
    handles = {"a": EXAMPLE["a"], "b": EXAMPLE["b"], "O": EXAMPLE["O"]}
    frame = (GRID[0] * UNIT, GRID[1] * UNIT, GRID[2] * UNIT, GRID[3] * UNIT)
    events = (
        Event("opposite", "a and b point away from each other: their dot product is negative",
              answer_is("sign", "negative"), handles=("a", "b")),
    )
    pose_unit = UNIT
    actions = (Action("example", "GameDev.net's example: (2, 6) onto (3, 4)"),)
    turnable = False

    def constrain(self, name, point):
        # Tenths of a unit: 2.7 stays 2.7 on screen and in the sums.
        return tuple(round(v / TENTH) * TENTH for v in point)

    def compute(self, ctx):
        origin = self.points["O"]
        # Handles sit on multiples of TENTH, so these differences and quotients are exact tenths.
        a, b = (Vector((self.points[k].x - origin.x) / UNIT, (self.points[k].y - origin.y) / UNIT) for k in "ab")
        dot = a.x * b.x + a.y * b.y
        length_a, length_b = math.hypot(*a), math.hypot(*b)
        square = b.x * b.x + b.y * b.y
        # The zero vector: no direction to project onto, and dividing by |b|^2 = 0 would give NaN.
        projection = Vector(dot / square * b.x, dot / square * b.y) if square > 0 else None
        along = dot / length_b if length_b > 0 else None
        right, left = Vector(b.y, -b.x), Vector(-b.y, b.x)
        perproduct = a.x * right.x + a.y * right.y
        return Result(a, b, dot, length_a, length_b, projection, along, right, left, unit(a, length_a), unit(b, length_b), perproduct)

    def _verdict(self, result):
        # The sign is in the words: red, green and grey mean a max corner, apart and overlap.
        role = "text"
        if result.projection is None:
            return Verdict(f"a.b = {number(result.dot)}", "text", "b is the zero vector: there is no direction to project onto")
        return Verdict(f"a.b = {number(result.dot)}", role, f"{sign_word(result.dot).split(':')[0]}; projection {reach_words(result.along)}")

    def _facts(self, result):
        # Two decimals at most and no trailing zeros, as the worked example writes them (number).
        def worked(name, value, means):
            return Fact(name, value, means, digits=2, trim=True)

        sign, says = sign_word(result.dot, result.a, result.b).split(": ")
        return (
            worked("a", list(result.a), "a"),
            worked("b", list(result.b), "b"),
            worked("dot", float(result.dot), "a . b, the dot product"),
            Fact("sign", sign, "the sign of a.b"),
            Fact("sign_says", says, "what the sign says"),
            worked("projection", _listed(result.projection), "a's projection onto b"),
            worked("length", result.along, "its length, a . b / |b| (negative: behind O)"),
            worked("right_normal", list(result.right), "b's right normal"),
            worked("left_normal", list(result.left), "b's left normal"),
            worked("unit_a", _listed(result.unit_a), "a as a unit vector"),
            worked("unit_b", _listed(result.unit_b), "b as a unit vector"),
        )

    def draw(self, result, painter, theme):
        report, pixel = result, self.view.pixel
        origin = self.points["O"]
        self._draw_grid(painter, theme)

        def at(v, scale=UNIT):
            return (origin.x + v[0] * scale, origin.y + v[1] * scale)

        def beyond(tip, text, color):
            """A label just past the tip of the arrow from O, reading away from it; where that
            leaves the view, over or under the tip instead, reading back towards O."""
            dx, dy = tip[0] - origin.x, tip[1] - origin.y
            length = math.hypot(dx, dy) or 1.0
            # Sideways at least past the tip's dot (7 pixels, thicker in the projector theme), so
            # the label's first letter never sits on it.
            aside = math.copysign(max(abs(dx) / length * 12, 7 * theme.line_scale + 3), dx if dx else 1.0) * pixel
            spot, anchor = (tip[0] + aside, tip[1] + dy / length * 12 * pixel - 5 * pixel), "left" if dx >= 0 else "right"
            width = len(text) * 15 * 0.62 * pixel * self.view.text_scale
            left, right = (spot[0], spot[0] + width) if anchor == "left" else (spot[0] - width, spot[0])
            if left < self.view.rect[0] or right > self.view.rect[2]:
                spot = (tip[0], tip[1] + (10 if dy >= 0 else -26) * pixel)
                anchor = "right" if anchor == "left" else "left"
            painter.text(spot, text, color, 15, anchor)

        def shown_end(tip):
            """The arrow from O to ``tip`` as far as it stays a label's height inside the view:
            a long normal's label goes where the class can still see the arrow, not off the figure."""
            margin = 30 * pixel * self.view.text_scale
            x0, y0, x1, y1 = self.view.rect
            inner = (x0 + margin, y0 + margin, x1 - margin, y1 - margin)
            if inner[0] <= tip[0] <= inner[2] and inner[1] <= tip[1] <= inner[3]:
                return tip
            stretch = clip(origin, (tip[0] - origin.x, tip[1] - origin.y), inner)
            if stretch is None or stretch[1] <= 0.0:
                return tip
            t = min(stretch[1], 1.0)
            return (origin.x + t * (tip[0] - origin.x), origin.y + t * (tip[1] - origin.y))

        if report.length_b > 0:
            # The line b lies on, for the projection to land on.
            reach = (max(GRID[2] - GRID[0], GRID[3] - GRID[1]) + 6) / report.length_b
            start, end = at(report.b, -reach * UNIT), at(report.b, reach * UNIT)
            # Within the free area: past it the line would run through the title and the key hints.
            stretch = clip(start, (end[0] - start[0], end[1] - start[1]), self.view.rect)
            if stretch is not None and max(stretch[0], 0.0) < min(stretch[1], 1.0):
                t0, t1 = max(stretch[0], 0.0), min(stretch[1], 1.0)
                shown = [(start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])) for t in (t0, t1)]
                painter.segment(*shown, theme.guide, 1)
                # A label across it would be cut by it: the names keep off b's line.
                keep_lines_clear(painter, [tuple(shown)], 2 * pixel)
        if self.settings["normals"] and report.length_b > 0:
            # Normals are neutral: their labels tell right from left.
            painter.arrow(origin, at(report.right), theme.axis, 2)
            painter.arrow(origin, at(report.left), theme.axis, 2)
            for normal, text, color in ((report.right, "right", theme.axis), (report.left, "left", theme.axis)):
                # a lying on a normal names itself; two labels there would overprint.
                if math.dist(at(normal), self.points["a"]) > 30 * pixel:
                    beyond(shown_end(at(normal)), f"{text} normal {pair(normal)}", color)
        if self.settings["projection"] and report.projection is not None:
            tip = at(report.projection)
            painter.segment(self.points["a"], tip, theme.dim_text, 1)
            # Wider than b's arrow drawn over it, so it shows where they coincide; neutral, labelled.
            painter.arrow(origin, tip, theme.text, 7)
            # Its length on the side of b away from a and the drop line, beside its middle, or
            # beside its tip when it is too short to keep the label off O.
            away = report.right if report.perproduct <= 0 else report.left
            nx, ny = away.x / report.length_b, away.y / report.length_b
            middle = at(report.projection, UNIT / 2) if abs(report.along) * UNIT > 150 * pixel else tip
            spot = (middle[0] + nx * 16 * pixel, middle[1] + ny * 16 * pixel - 5 * pixel)
            label_side = (spot[0] - origin.x, spot[1] - origin.y)
            painter.text(spot, f"{pair(report.projection)}, {reach_words(report.along)}", theme.text, 15, "left" if nx >= 0 else "right")
        if self.settings["units"]:
            painter.circle(origin, UNIT, theme.guide, None, 1)
            for vector, role in ((report.unit_a, theme.shape_a), (report.unit_b, theme.shape_b)):
                if vector is not None:
                    painter.arrow(origin, at(vector), role, 5)
        painter.arrow(origin, self.points["a"], theme.shape_a, 3)
        painter.arrow(origin, self.points["b"], theme.shape_b, 3)
        # The names keep off the vectors themselves, not only cross them where they must: beside
        # the narrowed canvas a long normal's name lay across a, or along its own arrow.
        vectors = [self.points["a"], self.points["b"]]
        if self.settings["normals"] and report.length_b > 0:
            vectors += [at(report.right), at(report.left)]
        keep_lines_clear(painter, [(origin, tip) for tip in vectors], 3 * pixel)
        for handle, vector, color in (("a", report.a, theme.shape_a), ("b", report.b, theme.shape_b)):
            tip = self.points[handle]
            painter.point(tip, theme.highlight if handle == self.hovered else color, 7)
            beyond(tip, f"{handle} {pair(vector)}", color)
        painter.point(origin, theme.highlight if self.hovered == "O" else theme.text, 6)
        # O's name in the corner round it furthest from every arrow leaving it.
        taken = [v for v in (report.a, report.b, report.right, report.left) if math.hypot(*v) > 0]
        if self.settings["projection"] and report.projection is not None:
            taken.append(label_side)

        def crowding(corner):
            return max((dot_unit(corner, v) for v in taken), default=-1.0)

        cx, cy = min(((-1, -1), (1, -1), (-1, 1), (1, 1)), key=crowding)
        painter.text((origin.x + cx * 12 * pixel, origin.y + (cy * 14 - 6) * pixel), "O", theme.text, 15, "left" if cx > 0 else "right")

    def _draw_grid(self, painter, theme):
        x0, y0, x1, y1 = GRID
        origin = self.points["O"]
        # The grid stays on the world's whole units; O may sit between them.
        segments = [(x * UNIT, y0 * UNIT, x * UNIT, y1 * UNIT) for x in range(x0, x1 + 1)]
        segments += [(x0 * UNIT, y * UNIT, x1 * UNIT, y * UNIT) for y in range(y0, y1 + 1)]
        painter.lines(segments, theme.guide[:3] + (60,))
        painter.segment((x0 * UNIT, origin.y), (x1 * UNIT, origin.y), theme.guide, 1)
        painter.segment((origin.x, y0 * UNIT), (origin.x, y1 * UNIT), theme.guide, 1)

    def example(self):
        """GameDev.net's example: a = (2, 6) projected onto b = (3, 4)."""
        self.points.update({name: Vector(*at) for name, at in EXAMPLE.items()})

    def report(self, result):
        a, b = result.a, result.b
        lines = [
            f"a = {pair(a)}, |a| = {number(result.length_a)}",
            f"b = {pair(b)}, |b| = {number(result.length_b)}",
            f"a.b = {number(a.x)}*{number(b.x)} + {number(a.y)}*{number(b.y)} = {number(result.dot)}: {sign_word(result.dot, a, b)}",
        ]
        if result.projection is None:
            lines += [Line("b is the zero vector: |b| = 0, no direction."),
                      Line("Projecting divides by |b|^2 = 0: nothing to show.")]
        else:
            square = result.length_b**2
            lines += [
                f"Projection (a.b / |b|^2) b = ({number(result.dot)} / {number(square)}) {pair(b)} = {pair(result.projection)}",
                f"Its length a.b / |b| = a.(unit b) = {number(result.along)}",
                f"b's normals: right {pair(result.right)}, left {pair(result.left)}; a.right = {number(result.perproduct)}",
            ]
        lines.append(", ".join(
            f"{label} = {pair(v)}" if v is not None else f"{label}: none (zero vector)"
            for label, v in (("unit a", result.unit_a), ("unit b", result.unit_b))
        ))
        # a . (b's right normal): the JSON's and questions' own, not in the panel.
        numbers = {"perproduct": result.perproduct}
        return Report(self._verdict(result), tuple(lines), facts=self._facts(result), numbers=numbers)

def dot_unit(u, v):
    """The cosine of the angle between u and v (neither zero)."""
    return (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))


def _listed(v):
    return None if v is None else list(v)
