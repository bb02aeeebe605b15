"""Projection on an axis: DemoSAT1 of the Tuts+ tutorial, Metanet figure 2, GameDev.net step 2."""

import math
from typing import NamedTuple

from collision import Box, Interval, Vector, project
from collision.projection import extent
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, trace, with_code
from sandbox.kit.figures.axis_handle import TurnableAxis
from sandbox.kit.figures.clear import avoid_lines
from sandbox.kit import Action, Claim, Column, Cost, Fact, Line, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.figures.sat_view import axis_degrees
from sandbox.kit.events import Event, claim_wrong

PIVOT = (-215.0, -190.0)
"""Where the axis line P turns about: below the boxes, in the middle of the figure."""

UNIT_LENGTH = 100.0
"""World units from the pivot to the handle that make |P| = 1 when P is not normalised."""


class Result(NamedTuple):
    """What the scene shows, computed once per change."""

    axis: Vector
    """P as used for the numbers: the unit axis, or the handle's offset / UNIT_LENGTH."""

    unit: Vector
    """P's direction, for drawing."""

    a: Interval
    """Box A projected onto P."""

    b: Interval
    """Box B projected onto P."""

    gap: float
    """Space between the intervals along P: positive apart, zero touching, negative penetrating."""

    quick: tuple
    """Each box's extent along P the quick way, 2 (|xw . P| + |yw . P|)."""

    demosat1: tuple
    """DemoSAT1's numbers (c.P, a.P, b.P, gap = c.P - a.P + b.P) with a, b and c its fixed vectors."""

    trace: Trace | None = None
    """extent() as it ran on A's corners and then B's, when the Code view is on."""

    corners: tuple = ()
    """That trace cut into one step per corner projected: A's four, then B's."""

    corner: int = -1
    """The corner step shown (the setting folded into the steps there are), or -1 for the whole run."""


FIRST_CORNER = "low = high = x * ax + y * ay"
"""extent()'s line that projects a polygon's first vertex, both ends of the shadow so far."""

NEXT_CORNER = "dot = x * ax + y * ay"
"""extent()'s line that projects each further vertex."""

CALL = "box = pose.box"
"""extent()'s first line: each call (a box's shadow) begins here."""

SO_FAR = "for x, y in vertices:"
"""The loop's head: it runs after each vertex, with the smallest and largest so far."""

CORNER_WORDS = ("1st", "2nd", "3rd", "4th")


def describe(gap):
    if gap > 1e-9:
        return "apart"
    return "touching" if gap >= -1e-9 else "penetrating"


@register("projection", "Basics", "Projection on an axis", order=2)
class Projection(TurnableAxis, Scene):
    lesson = (
        "Shine a light across the axis P and each box casts a shadow on it: the interval between "
        "its smallest and largest corner projections. If the two shadows leave a gap, a line fits "
        "between the boxes. A box's shadow can also be found without its corners: twice the sum of "
        "its halfwidth vectors projected onto P. DemoSAT1's first attempt used three fixed vectors "
        "a, b and c instead, and that only works while the boxes stay in order."
    )
    things_to_try = (
        "Drag P's handle round and watch the shadows grow and shrink.",
        "Find a direction where the shadows overlap although the boxes clearly do not touch.",
        "Switch on DemoSAT1's formula, then press 'Swap the boxes': it claims they penetrate.",
        "Un-normalise P and drag the handle out: every number scales, the verdict stays.",
    )
    params = (
        Param("guides", "Drop lines from the corners", True, overlay=True),
        Param("quick", "Extent the quick way (halfwidths)", True, overlay=True),
        Param("demosat1", "DemoSAT1's one-axis formula", False, overlay=True),
        Param("raw", "Use P un-normalised (|P| = handle distance / 100)", False, overlay=True),
        Param("corner", "Corner shown", -1, low=-1, high=7, widget=False),
        CODE,
    )
    pivot = PIVOT
    handles = {"P": (PIVOT[0] + 240, PIVOT[1] + 240)}
    frame = (-600.0, -250.0, 170.0, 250.0)
    events = (
        Event("demosat1-wrong", "DemoSAT1's one-axis formula gives the wrong answer",
              claim_wrong("DemoSAT1's formula"), settings={"demosat1": True}, handles=("P",)),
    )
    actions = (
        Action("swap", "Swap the boxes"),
        Action("next_corner", "Next corner", key="N", help="With the Code view: project the corners one at a time, the next each press"),
        Action("all_corners", "All corners"),
        CODE_VIEW,
    )

    def setup(self):
        # Squares turned 45 degrees against P, as in DemoSAT1: its fixed corners are the right ones.
        self.shapes = {"A": Box((-390, 40), (50, 50), -math.pi / 4), "B": Box((-120, 40), (40, 40), -math.pi / 4)}

    def compute(self, ctx):
        a, b = self.shapes["A"], self.shapes["B"]
        unit = self.unit()
        dx, dy = self.points["P"][0] - PIVOT[0], self.points["P"][1] - PIVOT[1]
        axis = Vector(dx / UNIT_LENGTH, dy / UNIT_LENGTH) if self.settings["raw"] else unit
        ia, ib = project(a, axis), project(b, axis)
        quick = tuple(2 * (abs(box.xw.x * axis.x + box.xw.y * axis.y) + abs(box.yw.x * axis.x + box.yw.y * axis.y)) for box in (a, b))
        # DemoSAT1: a from box 1's centre to its corner 1 (UL), b from box 2's centre to its corner 4 (LL).
        vector_a = _minus(a.corner("UL"), a.center)
        vector_b = _minus(b.corner("LL"), b.center)
        vector_c = _minus(b.center, a.center)
        pc, pa, pb = (_dot(v, axis) for v in (vector_c, vector_a, vector_b))
        recorded, corners, corner = None, (), -1
        if self.settings["code"]:
            # Each box as the polygon of its four corners, so that extent() takes its every-vertex
            # loop (a box's own branch is the quick way, drawn beside it). The shadows drawn are
            # this run's, moved out to where each centre projects.
            recorded = trace(_shadows, a, b, axis.x, axis.y, within=extent)
            (low_a, high_a), (low_b, high_b) = recorded.result
            ia = ia._replace(min=low_a + _dot(a.center, axis), max=high_a + _dot(a.center, axis))
            ib = ib._replace(min=low_b + _dot(b.center, axis), max=high_b + _dot(b.center, axis))
            corners = corner_steps(recorded)
            corner = self.settings["corner"] % len(corners) if self.settings["corner"] >= 0 else -1
        gap = max(ia.min, ib.min) - min(ia.max, ib.max)
        return Result(axis, unit, ia, ib, gap, quick, (pc, pa, pb, pc - pa + pb), recorded, corners, corner)

    def next_corner(self):
        """Page the corners as extent() projects them (the Code view comes on with it)."""
        self.settings["code"] = True
        corner = self.settings["corner"]
        self.settings["corner"] = 0 if corner < 0 else (corner + 1) % 8

    def all_corners(self):
        self.settings["corner"] = -1

    def _verdict(self, result):
        gap = result.gap
        text = {"apart": "SHADOWS APART", "touching": "SHADOWS TOUCH", "penetrating": "SHADOWS OVERLAP"}[describe(gap)]
        return Verdict(text, "separating" if describe(gap) == "apart" else "overlap", f"gap on P {gap:+.1f}")

    def _numbers(self, result):
        """What only the JSON and the questions hold: P, the gap signed (below 0 the shadows
        overlap), the quick extents, and DemoSAT1's numbers while its formula is off."""
        pc, pa, pb, gap = result.demosat1
        return {"axis": list(result.axis), "gap": result.gap, "quick": list(result.quick), "demosat1": {"c_P": pc, "a_P": pa, "b_P": pb, "gap": gap}}

    def _facts(self, result):
        extents = {
            name: {"box": name, "min": interval.min, "max": interval.max, "length": interval.max - interval.min, "quick": quick}
            for name, interval, quick in (("A", result.a, result.quick[0]), ("B", result.b, result.quick[1]))
        }
        facts = [
            Fact("extents", extents, "Extents on P", columns=(Column("box"), *(Column(key, heading, digits=2) for key, heading in (
                ("min", "min"), ("max", "max"), ("length", "max - min"), ("quick", "2(|xw.P|+|yw.P|)"))))),
            Fact("axis_degrees", axis_degrees(result.axis), "axis P", "°", label="P"),
        ]
        if self.settings["raw"]:
            facts.append(Fact("axis_length", math.hypot(*result.axis), "|P|", digits=2, label="P"))
        facts += [Fact("a", [result.a.min, result.a.max], "A's shadow on P", form="interval"),
                  Fact("b", [result.b.min, result.b.max], "B's shadow on P", form="interval")]
        # The gap, or by how much the shadows overlap (the JSON's gap, signed, is both).
        facts.append(Fact("gap", result.gap, "gap") if result.gap > 0 else Fact("overlap", -result.gap, "overlap"))
        facts.append(Fact("verdict", describe(result.gap), "the shadows are"))
        if self.settings["demosat1"]:
            pc, pa, pb, gap = result.demosat1
            facts += [Fact("demosat1.c_P", pc, "DemoSAT1's c·P"), Fact("demosat1.a_P", pa, "DemoSAT1's a·P"), Fact("demosat1.b_P", pb, "DemoSAT1's b·P"),
                      Fact("demosat1.gap", gap, "DemoSAT1's gap c·P - a·P + b·P"), Fact("demosat1.says", describe(gap), "DemoSAT1 says they are")]
        return facts

    def draw(self, result, painter, theme):
        unit, offset = result.unit, self.offset()
        scale = _dot(result.axis, result.unit)  # numbers along P are this many times world units
        self.draw_axis(painter, theme)
        self.draw_shape(painter, theme, "A")
        self.draw_shape(painter, theme, "B")
        for name, interval, side in (("A", result.a, -7), ("B", result.b, 7)):
            painter.interval(unit, interval.min / scale, interval.max / scale, offset + side, theme.shape(name), 5)
            if self.settings["guides"]:
                drops = [(corner, self.drop(corner)) for corner in self.shapes[name].world_vertices()]
                for corner, foot in drops:
                    painter.segment(corner, foot, theme.guide, 1)
                # Names cross a thin guide only where they find no room beside it ("vector c" did).
                avoid_lines(painter, drops)
        low, high = sorted((max(result.a.min, result.b.min) / scale, min(result.a.max, result.b.max) / scale))
        painter.interval(unit, low, high, offset, theme.separating if result.gap > 0 else theme.overlap, 4)
        if self.settings["quick"]:
            for name, extent, side in (("A", result.quick[0], -18), ("B", result.quick[1], 18)):
                middle = _dot(self.shapes[name].center, unit)
                painter.interval(unit, middle, middle + extent / 2 / scale, offset + side, faded(theme.shape(name), 150), 3)
        if self.settings["demosat1"]:
            a, b = self.shapes["A"], self.shapes["B"]
            vectors = (("a", a.center, a.corner("UL"), theme.text), ("b", b.center, b.corner("LL"), theme.text), ("c", a.center, b.center, theme.dim_text))
            for label, start, end, color in vectors:
                painter.arrow(start, end, color, 2)
                # Past the tip, on the arrow's line, reading away from it.
                length = math.dist(start, end) or 1.0
                ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
                reach = 12 * self.view.pixel
                at = (end[0] + ux * reach, end[1] + uy * reach - 5 * self.view.pixel)
                if label == "c":  # c ends inside B, by b's tip: name it under its first third instead
                    at = (start[0] + (end[0] - start[0]) / 3, start[1] + (end[1] - start[1]) / 3 - reach - 26 * self.view.pixel)
                painter.text(at, f"vector {label}", color, 14, "left" if ux >= 0 or label == "c" else "right")
        if result.corner >= 0:
            self.draw_corner(result, painter, theme, scale)
        # The vectors' tips sit on the boxes' corners: keep the boxes' names clear of them.
        tips = (self.shapes["A"].corner("UL"), self.shapes["B"].corner("LL")) if self.settings["demosat1"] else ()
        self.label_shapes(painter, theme, tips)

    def draw_corner(self, result, painter, theme, scale):
        """The corner the step projects, its drop onto P, and its box's shadow so far (black)."""
        name = "AB"[result.corner // 4]
        box = self.shapes[name]
        values = result.corners[result.corner][-1].values
        corner = (box.center[0] + values["x"], box.center[1] + values["y"])
        painter.segment(corner, self.drop(corner), theme.text, 2)
        painter.point(corner, theme.text, 7)
        middle = _dot(box.center, result.axis)
        side = -1 if name == "A" else 1
        painter.interval(result.unit, (middle + values["low"]) / scale, (middle + values["high"]) / scale, self.offset() + side * 28, theme.text, 3)

    def swap(self):
        """Swap the boxes' places: DemoSAT1's fixed corners then face the wrong way."""
        a, b = self.shapes["A"], self.shapes["B"]
        a.position, b.position = b.position, a.position

    def report(self, result):
        lines = [f"P = ({result.axis.x:.3f}, {result.axis.y:.3f}), |P| = {math.hypot(*result.axis):.3f}"]
        claims = ()
        if self.settings["demosat1"]:
            pc, pa, pb, gap = result.demosat1
            says = describe(gap)
            lines.append(f"DemoSAT1: c.P - a.P + b.P = {pc:.2f} - {pa:.2f} + {pb:.2f} = {gap:+.2f}: {says}")
            if says != describe(result.gap):
                lines.append(Line("a and b are fixed corners: they only fit one order."))
            claims = (Claim("DemoSAT1's formula", says.upper(), says == describe(result.gap)),)
        report = Report(self._verdict(result), tuple(lines), numbers=self._numbers(result), claims=claims, facts=self._facts(result))
        if result.trace is None:
            return report
        return with_code(report, self.code(result), (Cost("corners projected", len(result.corners)),))

    def code(self, result):
        """extent()'s lines for the corner shown, or the whole run (both boxes)."""
        if result.corner < 0:
            return step_code(result.trace, result.trace.runs, "A's shadow, then B's: every corner, measured from the box's centre", "return low, high")
        name, index = "AB"[result.corner // 4], result.corner % 4
        words = f"{name}'s {CORNER_WORDS[index]} corner of 4: the smallest and largest so far, from {name}'s centre"
        return step_code(result.trace, result.corners[result.corner], words, SO_FAR)

def _shadows(a, b, ax, ay):
    """A's and B's shadows on (ax, ay) by extent()'s every-vertex loop, each from its centre."""
    return extent(a._placed()._replace(box=()), ax, ay), extent(b._placed()._replace(box=()), ax, ay)


def corner_steps(recorded):
    """The trace of _shadows cut into one step per corner projected: each call's lines up to
    its first projection and the loop's head, then each further projection to the next head."""
    steps = []
    for call in recorded.steps(CALL):
        starts = [k for k, run in enumerate(call) if recorded.listing.text(run.line) in (FIRST_CORNER, NEXT_CORNER)]
        bounds = [0, *starts[1:], len(call)]
        steps += [call[start:end] for start, end in zip(bounds, bounds[1:])]
    return tuple(steps)


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def _minus(u, v):
    return (u[0] - v[0], u[1] - v[1])
