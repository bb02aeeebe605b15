"""Min and max corners on an axis: DemoSAT2 of the Tuts+ tutorial, GameDev.net figures 2 and 6."""

from typing import NamedTuple

from collision import Box, project, sat
from sandbox.kit.figures.axis_handle import TurnableAxis
from sandbox.kit import CORNER_WORDS, Claim, Column, Fact, Line, Param, Report, Scene, Verdict, register
from sandbox.kit.events import Event, claim_wrong

PIVOT = (-215.0, -200.0)
TIE = 1e-6
"""Corners whose projections differ by less than this many world units share the max or min."""


class Corners(NamedTuple):
    """One box's corners on P."""

    projections: tuple
    """Each corner's projection (dot product with the unit axis), in the order of Box.CORNERS."""

    highest: tuple
    """Indices of the corners with the largest projection: two when an edge lies across P."""

    lowest: tuple
    """Indices of the corners with the smallest projection."""


class Result(NamedTuple):
    a: Corners
    b: Corners
    separated: bool
    """Whether P alone separates the boxes (a gap between their intervals)."""

    bounds_overlap: bool
    """Whether the boxes' axis-aligned bounds overlap, the min/max test of GameDev.net figure 2."""

    colliding: bool
    """The full SAT's verdict, to hold the other two against."""

    gap: float
    """The signed gap between the shadows on P: positive apart, minus the overlap when they overlap."""


def corners_on(box, axis):
    projections = tuple(float(x * axis.x + y * axis.y) for x, y in box.world_vertices())
    high, low = max(projections), min(projections)
    return Corners(
        projections,
        tuple(i for i, p in enumerate(projections) if high - p <= TIE),
        tuple(i for i, p in enumerate(projections) if p - low <= TIE),
    )


def overlap(a, b):
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@register("min-max-corners", "Basics", "Min and max corners", order=3)
class MinMaxCorners(TurnableAxis, Scene):
    lesson = (
        "To find a box's shadow on P, project all four corners and keep the largest (red) and the "
        "smallest (yellow). The rest can never decide anything. When an edge lies square across "
        "P, two corners project to the same value: both are the max, or both the min, and the "
        "choice does not matter. Bounding boxes along x and y are a cheaper test, but turned "
        "boxes can have overlapping bounds and still be apart."
    )
    things_to_try = (
        "Point at a box and tap R or T until an edge lies across P: two red dots, and the panel says so.",
        "Drag P's handle and watch which corners take over as max and min.",
        "Switch on the bounds and find boxes whose bounds overlap while the boxes do not.",
        "Move B until P separates them, then turn P until it no longer does.",
    )
    params = (
        Param("guides", "Drop lines from the corners", True, overlay=True),
        Param("bounds", "Axis-aligned bounds (min/max of x and y)", False, overlay=True),
    )
    # DemoSAT2's P is (1, -1) in Flash's downward y: up and to the right.
    pivot = PIVOT
    handles = {"P": (PIVOT[0] + 240, PIVOT[1] + 240)}
    frame = (-600.0, -260.0, 170.0, 250.0)
    events = (
        Event("bounds-fooled", "The axis-aligned bounds overlap, yet the boxes are apart",
              claim_wrong("The bounding-box test"), settings={"bounds": True}),
    )

    def setup(self):
        self.shapes = {"A": Box((-380, 60), (80, 40), 0.3), "B": Box((-110, 40), (60, 45), 0.6)}

    def compute(self, ctx):
        a, b = self.shapes["A"], self.shapes["B"]
        axis = self.unit()
        ia, ib = project(a, axis), project(b, axis)
        return Result(
            corners_on(a, axis),
            corners_on(b, axis),
            ia.max < ib.min or ib.max < ia.min,
            overlap(a.aabb(), b.aabb()),
            sat(a, b).colliding,
            # The later start less the earlier end: the gap, or minus the overlap (containment too).
            max(ia.min, ib.min) - min(ia.max, ib.max),
        )

    def _verdict(self, result):
        report = result
        if self.settings["bounds"]:
            boxes = "the boxes collide" if report.colliding else "the boxes are apart"
            if report.bounds_overlap:
                return Verdict("BOUNDS OVERLAP", "overlap", boxes)
            return Verdict("BOUNDS APART", "separating", boxes)
        ties = sum(len(c.highest) > 1 or len(c.lowest) > 1 for c in (report.a, report.b))
        # The gap as the projection scene writes it, so the headline's number is the panel's.
        detail = f"gap on P {report.gap:+.1f}"
        if ties:
            detail += f", {ties} box{'es' if ties != 1 else ''} with tied corners"
        if report.separated:
            return Verdict("SEPARATED ON P", "separating", detail)
        return Verdict("OVERLAPPING ON P", "overlap", detail)

    def _numbers(self, result):
        report = result
        boxes = {
            name: {
                "corners": dict(zip(Box.CORNERS, corners.projections)),
                "max": [Box.CORNERS[i] for i in corners.highest],
                "min": [Box.CORNERS[i] for i in corners.lowest],
            }
            for name, corners in (("A", report.a), ("B", report.b))
        }
        return {**boxes, "separated_on_P": report.separated, "bounds_overlap": report.bounds_overlap, "colliding": report.colliding}

    def draw(self, result, painter, theme):
        report, unit, offset = result, self.unit(), self.offset()
        self.draw_axis(painter, theme)
        for name, corners, side in (("A", report.a, -7), ("B", report.b, 7)):
            box, color = self.shapes[name], theme.shape(name)
            if self.settings["bounds"]:
                x0, y0, x1, y1 = box.aabb()
                painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color[:3] + (140,), None, 1)
            self.draw_shape(painter, theme, name)
            painter.interval(unit, min(corners.projections), max(corners.projections), offset + side, color, 5)
            for index, point in enumerate(box.world_vertices()):
                if self.settings["guides"]:
                    painter.segment(point, self.drop(point), theme.guide, 1)
                if index in corners.highest:
                    painter.point(point, theme.max_corner, 6)
                if index in corners.lowest:
                    painter.point(point, theme.min_corner, 6)
        if report.separated:
            first, second = sorted((report.a.projections, report.b.projections), key=min)
            painter.interval(unit, max(first), min(second), offset, theme.separating, 4)
        self.label_shapes(painter, theme)

    def report(self, result):
        lines = []
        for name, corners in (("A", result.a), ("B", result.b)):
            for kind, chosen in (("max", corners.highest), ("min", corners.lowest)):
                if len(chosen) > 1:
                    lines.append(Line(f"Tie in {name}: {' and '.join(Box.CORNERS[i] for i in chosen)} share the {kind}; either will do.", f"{kind}_corner"))
        claims = ()
        if self.settings["bounds"]:
            claims = (Claim("The bounding-box test", "OVERLAP" if result.bounds_overlap else "APART", result.bounds_overlap == result.colliding),)
        return Report(self._verdict(result), tuple(lines), numbers=self._numbers(result), claims=claims, facts=self._facts(result))

    def _facts(self, result):
        report = result
        rows = {}
        for index, corner in enumerate(Box.CORNERS):
            rows[corner] = {"corner": corner}
            for key, corners in (("a", report.a), ("b", report.b)):
                rows[corner][key] = corners.projections[index]
                rows[corner][f"{key}_end"] = " ".join(end for end, ends in (("max", corners.highest), ("min", corners.lowest)) if index in ends) or None
        columns = (Column("corner"), Column("a", "A on P", digits=2), Column("a_end", "A's end"), Column("b", "B on P", digits=2),
                   Column("b_end", "B's end"))
        facts = [Fact("projected", rows, "Each corner projected on P", columns=columns)]
        for name, corners in (("A", report.a), ("B", report.b)):
            facts += [
                Fact(f"{name}.shadow", [min(corners.projections), max(corners.projections)], f"{name}'s shadow on P", form="interval"),
                Fact(f"{name}.max_corner", " and ".join(CORNER_WORDS[Box.CORNERS[i]] for i in corners.highest), f"{name}'s max corner (red)"),
                Fact(f"{name}.min_corner", " and ".join(CORNER_WORDS[Box.CORNERS[i]] for i in corners.lowest), f"{name}'s min corner (yellow)"),
            ]
        facts.append(Fact("gap", report.gap, "gap on P") if report.gap > 0 else Fact("overlap", -report.gap, "overlap on P"))
        facts.append(Fact("separated_on_P", report.separated, "P separates them"))
        if self.settings["bounds"]:
            facts.append(Fact("bounds_overlap", report.bounds_overlap, "their bounding boxes overlap"))
        facts.append(Fact("colliding", report.colliding, "the boxes collide (every axis)"))
        return facts
