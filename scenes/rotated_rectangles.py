"""Two rotated rectangles the GameDev.net way: four axes from corner differences, corners projected
as vectors and as scalars, and the article's three optimisations counted."""

import math
from typing import NamedTuple

from collision import Box, Vector
from sandbox.kit import Param, Report, Scene, Table, Verdict, faded, number, register
from sandbox.kit.events import Event

UNIT = 40.0
"""World units per unit of the numbers shown: small numbers, as in the article's (2, 6)."""

AXES = (("A", "UR", "UL"), ("A", "UR", "LR"), ("B", "UL", "LL"), ("B", "UL", "UR"))
"""GameDev.net's Axis1..Axis4: the first corner minus the second, of that rectangle."""

CORNERS = ("UL", "UR", "LR", "LL")

PER_AXIS = 8
"""Dot products one axis costs: each of the eight corners projected onto it."""


class AxisRow(NamedTuple):
    vector: Vector
    """The axis, a corner difference in units (not normalised: the scalars only need its direction)."""

    a: tuple
    """(min, max) of A's corner scalars, corner . axis."""

    b: tuple
    overlap: bool
    """B.min <= A.max and B.max >= A.min, as the article tests."""

    status: str
    """How the optimisations treated it: "projected", "x of A's frame", "skipped"..."""


class Result(NamedTuple):
    axes: tuple
    """An AxisRow for each of the four axes, always all computed, for the table."""

    corners: dict
    """For the shown axis: name -> [(corner, projected vector, scalar)] for A and B."""

    colliding: bool
    """Every axis overlaps."""

    circles: tuple
    """(distance between centres, radius of A + radius of B), in units."""

    rejected: bool
    """The bounding-circle quick reject answered (the circles are apart, and it is on)."""

    tested: int
    """Axes looked at before the answer."""

    dots: int
    """Dot products spent, with the optimisations that are on (plain SAT: 4 axes x 8 corners)."""

    local: tuple
    """B's corners in A's frame (A centred, unturned), in units."""


def units(point):
    return Vector(point[0] / UNIT, point[1] / UNIT)


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def fmt(value):
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def pair(v):
    return f"({fmt(v[0])}, {fmt(v[1])})"


@register("rotated-rectangles", "SAT", "Rotated rectangles", order=4)
class RotatedRectangles(Scene):
    lesson = (
        "GameDev.net takes the axes from corner differences: UR - UL and UR - LR of A, UL - LL and "
        "UL - UR of B. A corner's projection is a vector on the axis, but its dot product with the "
        "axis alone orders the corners: no length needed. Three savings are counted below."
    )
    things_to_try = (
        "Drag B onto A: all four axes overlap, all are needed.",
        "Set 'Axis shown' to 3: max corner red, min yellow.",
        "Tick 'Early out': B as it is needs 1 axis, not 4.",
        "Tick 'A's frame': axes 1 and 2 need no projection.",
        "Tick 'Bounding circles', drag B far: 0 axes.",
    )
    params = (
        Param("axis", "Axis shown", 1, low=1, high=4),
        Param("early", "Early out", False, overlay=True),
        Param("local", "A's frame (B moved into it)", False, overlay=True),
        Param("circles", "Bounding circles first", False, overlay=True),
    )
    frame = (-3 * UNIT, -2 * UNIT, 13 * UNIT, 9 * UNIT)
    events = (
        Event("circles-fooled", "The bounding circles overlap, yet the boxes are apart: the quick reject cannot answer",
              lambda report: report.verdict.text == "SEPARATED" and not report.numbers["rejected"], settings={"circles": True}),
    )

    def setup(self):
        # Apart on axis 1 by a hair, yet close enough that their bounding circles meet.
        self.shapes = {
            "A": Box((4 * UNIT, 4 * UNIT), (2.5 * UNIT, 1.2 * UNIT), math.radians(20)),
            "B": Box((8.4 * UNIT, 5.0 * UNIT), (1.6 * UNIT, 1.0 * UNIT), math.radians(-35)),
        }

    def corner(self, name, corner):
        return units(self.shapes[name].corner(corner))

    def compute(self, ctx):
        vectors = [Vector(*(p - q for p, q in zip(self.corner(n, first), self.corner(n, second)))) for n, first, second in AXES]
        spans = []
        for axis in vectors:
            spans.append(tuple((min(s), max(s)) for s in ([dot(self.corner(n, c), axis) for c in CORNERS] for n in "AB")))
        overlaps = [b[0] <= a[1] and b[1] >= a[0] for a, b in spans]
        a, b = self.shapes["A"], self.shapes["B"]
        distance = math.dist(units(a.center), units(b.center))
        reach = (math.hypot(*a.half_size) + math.hypot(*b.half_size)) / UNIT
        rejected = self.settings["circles"] and distance > reach
        statuses, tested, dots = [], 0, 0
        if self.settings["circles"]:
            dots += 1  # the distance between the centres, squared, against the radii's sum squared
        if self.settings["local"] and not rejected:
            dots += 8  # B's four corners turned into A's frame, two dot products each
        stopped = rejected
        for k, overlap in enumerate(overlaps):
            if stopped:
                statuses.append("not run" if rejected else "skipped")
                continue
            tested += 1
            if self.settings["local"] and k < 2:
                statuses.append("A's x" if k == 0 else "A's y")
            else:
                statuses.append("projected")
                dots += PER_AXIS
            stopped = self.settings["early"] and not overlap
        rows = tuple(AxisRow(v, s[0], s[1], o, status) for v, s, o, status in zip(vectors, spans, overlaps, statuses))
        axis = vectors[self.settings["axis"] - 1]
        square = dot(axis, axis)
        corners = {}
        for n in "AB":
            scalars = [(c, dot(self.corner(n, c), axis)) for c in CORNERS]
            corners[n] = [(c, Vector(s / square * axis.x, s / square * axis.y), s) for c, s in scalars]
        turn, (cx, cy) = -a.angle, units(a.center)
        local = tuple(
            Vector(math.cos(turn) * (x - cx) - math.sin(turn) * (y - cy), math.sin(turn) * (x - cx) + math.cos(turn) * (y - cy))
            for x, y in (self.corner("B", c) for c in CORNERS)
        )
        return Result(rows, corners, all(overlaps), (distance, reach), rejected, tested, dots, local)

    def _verdict(self, result):
        report = result
        if report.rejected:
            return Verdict("SEPARATED", "separating", "bounding circles apart: no axis needed")
        if report.colliding:
            return Verdict("COLLIDING", "mtv", "all four axes overlap")
        first = next(k for k, row in enumerate(report.axes) if not row.overlap)
        return Verdict("SEPARATED", "separating", f"no overlap on axis {first + 1}")

    def _numbers(self, result):
        report = result
        return {
            "verdict": "colliding" if report.colliding else "separated",
            "axes": [{"axis": list(r.vector), "a": list(r.a), "b": list(r.b), "overlap": r.overlap, "status": r.status} for r in report.axes],
            "corners": {n: [{"corner": c, "vector": list(v), "scalar": s} for c, v, s in rows] for n, rows in report.corners.items()},
            "circles": list(report.circles),
            "rejected": report.rejected,
            "tested": report.tested,
            "dot_products": report.dots,
            "local_b": [list(v) for v in report.local],
        }

    def _tables(self, result):
        report = result
        axes = tuple(
            (f"{i + 1}: {name}.{first}-{name}.{second}", pair(row.vector), f"{fmt(row.a[0])}..{fmt(row.a[1])}",
             f"{fmt(row.b[0])}..{fmt(row.b[1])}", ("overlap" if row.overlap else "gap") + ("" if row.status == "projected" else f" ({row.status})"))
            for i, ((name, first, second), row) in enumerate(zip(AXES, report.axes))
        )
        k = self.settings["axis"] - 1
        corners = tuple(
            (corner, pair(va), fmt(sa), pair(vb), fmt(sb))
            for (corner, va, sa), (_, vb, sb) in zip(report.corners["A"], report.corners["B"])
        )
        work = [("verdict", self._verdict(result).text.lower()), ("axes tested", f"{report.tested} of 4"),
                ("dot products", f"{report.dots} of 32")]
        if self.settings["circles"]:
            work.append(("bounding circles", f"centres {fmt(report.circles[0])} apart, radii add to {fmt(report.circles[1])}"))
        return [
            Table(("axis", "vector", "A's c·a", "B's c·a", "overlap"), axes, "Each axis a corner difference"),
            Table(("corner", "A: vector", "c·a", "B: vector", "c·a"), corners,
                  f"Every corner on axis {k + 1}: (c·a / a·a) a, and c·a"),
            Table((), tuple(work)),
        ]

    def _answers(self, result):
        report = result
        first = next((k + 1 for k, row in enumerate(report.axes) if not row.overlap), None)
        return {"verdict": self._verdict(result).text.lower(), "separating_axis": number(first),
                "axes_tested": number(report.tested), "dot_products": number(report.dots)}

    def draw(self, result, painter, theme):
        report, pixel = result, self.view.pixel
        x0, y0, x1, y1 = self.frame
        painter.segment((x0, 0.0), (x1, 0.0), theme.guide, 1)
        painter.segment((0.0, y0), (0.0, y1), theme.guide, 1)
        painter.text((-8 * pixel, -20 * pixel), "O", theme.dim_text, 14, "right")
        if self.settings["circles"]:
            role = theme.separating if report.circles[0] > report.circles[1] else theme.guide
            for shape in self.shapes.values():
                painter.circle(shape.center, math.hypot(*shape.half_size), role, None, 1)
            # The distance the quick reject compares, drawn, and its numbers along the bottom.
            painter.segment(self.shapes["A"].center, self.shapes["B"].center, role, 1)
            distance, reach = report.circles
            x0, y0 = self.view.rect[:2]
            painter.text((x0 + 14 * pixel, y0 + 40 * pixel), f"centres {fmt(distance)} apart, radii add to {fmt(reach)}", role, 15)
        if self.settings["local"]:
            self._draw_local(result, painter, theme)
        self._draw_shown_axis(result, painter, theme)
        for name in "AB":
            self.draw_shape(painter, theme, name)
            box = self.shapes[name]
            for corner in CORNERS:
                x, y = box.corner(corner)
                dx, dy = x - box.center[0], y - box.center[1]
                length = math.hypot(dx, dy)
                spot = (x + dx / length * 12 * pixel, y + dy / length * 12 * pixel - 5 * pixel)
                painter.text(spot, corner, faded(theme.shape(name), 200), 12, "left" if dx >= 0 else "right")
        for k, ((name, first, second), row) in enumerate(zip(AXES, report.axes)):
            start, end = self.shapes[name].corner(second), self.shapes[name].corner(first)
            shown = k + 1 == self.settings["axis"]
            color = theme.separating if not row.overlap else theme.axis
            painter.arrow(start, end, color, 4 if shown else 2)
            # The axis's number just inside the middle of the edge it runs along: outside, the
            # corner names and the other rectangle crowd it.
            centre = self.shapes[name].center
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            out = (middle[0] - centre[0], middle[1] - centre[1])
            length = math.hypot(*out)
            inside = (middle[0] - out[0] / length * 16 * pixel, middle[1] - out[1] / length * 16 * pixel - 6 * pixel)
            painter.text(inside, str(k + 1), color, 15, "center")
        self.label_shapes(painter, theme)

    def _draw_shown_axis(self, report, painter, theme):
        k = self.settings["axis"] - 1
        axis = report.axes[k].vector
        length = math.hypot(*axis)
        unit = Vector(axis.x / length, axis.y / length)
        reach = max(abs(v) for v in self.frame) * 1.5
        painter.segment((-unit.x * reach, -unit.y * reach), (unit.x * reach, unit.y * reach), theme.axis, 1)
        for side, name in ((-6, "A"), (6, "B")):
            rows = report.corners[name]
            scalars = [s for _, _, s in rows]
            low, high = min(scalars), max(scalars)
            for corner, vector, scalar in rows:
                tip = (vector.x * UNIT, vector.y * UNIT)
                painter.segment(self.shapes[name].corner(corner), tip, faded(theme.guide, 120), 1)
                # Corners on an edge square to the axis tie, give or take rounding.
                tie = 1e-9 * max(abs(low), abs(high), 1.0)
                color = theme.max_corner if high - scalar <= tie else theme.min_corner if scalar - low <= tie else theme.shape(name)
                painter.point(tip, color, 5)
            painter.interval(unit, low / length * UNIT, high / length * UNIT, side, theme.shape(name), 4)

    def _draw_local(self, result, painter, theme):
        """002's figure 9, faded at the origin: A centred and unturned there, B where it sits in A's frame."""
        hx, hy = self.shapes["A"].half_size
        painter.polygon(((hx, -hy), (hx, hy), (-hx, hy), (-hx, -hy)), faded(theme.shape_a, 150), None, 1)
        painter.polygon([(x * UNIT, y * UNIT) for x, y in result.local], faded(theme.shape_b, 150), None, 1)
        painter.text((-hx, hy + 6 * self.view.pixel), "in A's frame", theme.dim_text, 13)

    def report(self, result):
        lines = []
        if self.settings["local"]:
            half = units(self.shapes["A"].half_size)
            xs, ys = [v[0] for v in result.local], [v[1] for v in result.local]
            lines.append(f"In A's frame axes 1 and 2 are plain x and y: A spans ±{fmt(half[0])} and ±{fmt(half[1])}, "
                         f"B's corners {fmt(min(xs))}..{fmt(max(xs))} and {fmt(min(ys))}..{fmt(max(ys))}")
        return Report(self._verdict(result), tuple(lines), self._tables(result), self._numbers(result), self._answers(result))

