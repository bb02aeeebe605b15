"""Projection on an axis: DemoSAT1 of the Tuts+ tutorial, Metanet figure 2, GameDev.net step 2."""

import math
from typing import NamedTuple

from imgui_bundle import imgui

from collision import Box, Interval, Vector, project
from sandbox import palette
from sandbox.axis_handle import AxisHandle, TurnableAxis
from sandbox.scene import Scene, register

PIVOT = (-215.0, -190.0)
"""Where the axis line P turns about: below the boxes, in the middle of the free view."""

UNIT_LENGTH = 100.0
"""World units from the pivot to the handle that make |P| = 1 when P is not normalised."""


class Report(NamedTuple):
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
    """DemoSAT1's numbers (C.P, A.P, B.P, gap = C.P - A.P + B.P) with A, B and C its fixed vectors."""


def describe(gap):
    if gap > 1e-9:
        return "apart"
    return "touching" if gap >= -1e-9 else "penetrating"


@register("projection", "SAT", "Projection on an axis")
class Projection(TurnableAxis, Scene):
    lesson = (
        "Shine a light across the axis P and each box casts a shadow on it: the interval between "
        "its smallest and largest corner projections. If the two shadows leave a gap, a line fits "
        "between the boxes. A box's shadow can also be found without its corners: twice the sum of "
        "its halfwidth vectors projected onto P. DemoSAT1's first attempt used fixed corner "
        "vectors A, B and C instead, and that only works while the boxes stay in order."
    )
    things_to_try = (
        "Drag P's red handle round and watch the shadows grow and shrink.",
        "Find a direction where the shadows overlap although the boxes clearly do not touch.",
        "Switch on DemoSAT1's formula, then press 'Swap the boxes': it claims they penetrate.",
        "Un-normalise P and drag the handle out: every number scales, the verdict stays.",
    )
    overlays = {
        "guides": ("Drop lines from the corners", True),
        "quick": ("Extent the quick way (halfwidths)", True),
        "demosat1": ("DemoSAT1's one-axis formula", False),
        "raw": ("Use P un-normalised (|P| = handle distance / 100)", False),
    }

    def setup(self):
        # Squares turned 45 degrees against P, as in DemoSAT1: its fixed corners are the right ones.
        self.shapes = {"A": Box((-390, 40), (50, 50), -math.pi / 4), "B": Box((-120, 40), (40, 40), -math.pi / 4)}
        self.p = AxisHandle(PIVOT, (PIVOT[0] + 240, PIVOT[1] + 240))

    def refresh(self):
        a, b = self.shapes["A"], self.shapes["B"]
        unit = self.p.unit()
        dx, dy = self.p.handle[0] - PIVOT[0], self.p.handle[1] - PIVOT[1]
        axis = Vector(dx / UNIT_LENGTH, dy / UNIT_LENGTH) if self.overlay["raw"] else unit
        ia, ib = project(a, axis), project(b, axis)
        quick = tuple(2 * (abs(box.xw.x * axis.x + box.xw.y * axis.y) + abs(box.yw.x * axis.x + box.yw.y * axis.y)) for box in (a, b))
        # DemoSAT1: A from box 1's centre to its corner 1 (UL), B from box 2's centre to its corner 4 (LL).
        vector_a = _minus(a.corner("UL"), a.center)
        vector_b = _minus(b.corner("LL"), b.center)
        vector_c = _minus(b.center, a.center)
        pc, pa, pb = (_dot(v, axis) for v in (vector_c, vector_a, vector_b))
        self.result = Report(axis, unit, ia, ib, max(ia.min, ib.min) - min(ia.max, ib.max), quick, (pc, pa, pb, pc - pa + pb))

    def numbers(self):
        report = self.result
        return {
            "axis": list(report.axis),
            "a": [report.a.min, report.a.max],
            "b": [report.b.min, report.b.max],
            "gap": report.gap,
            "verdict": describe(report.gap),
            "quick": list(report.quick),
            "demosat1": dict(zip(("C.P", "A.P", "B.P", "gap"), report.demosat1)),
        }

    def draw(self, painter):
        report = self.result
        unit, offset = report.unit, self.p.offset()
        scale = _dot(report.axis, report.unit)  # numbers along P are this many times world units
        self.p.draw(painter, self.hovered == "P")
        self.draw_shape(painter, "A", palette.SHAPE_A)
        self.draw_shape(painter, "B", palette.SHAPE_B)
        for name, interval, color, side in (("A", report.a, palette.SHAPE_A, -7), ("B", report.b, palette.SHAPE_B, 7)):
            painter.interval(unit, interval.min / scale, interval.max / scale, offset + side, color, 5)
            if self.overlay["guides"]:
                for corner in self.shapes[name].world_vertices():
                    painter.segment(corner, self.p.drop(corner), palette.GUIDE, 1)
        low, high = sorted((max(report.a.min, report.b.min) / scale, min(report.a.max, report.b.max) / scale))
        painter.interval(unit, low, high, offset, palette.SEPARATING if report.gap > 0 else palette.OVERLAP, 4)
        if self.overlay["quick"]:
            for name, extent, color, side in (("A", report.quick[0], palette.SHAPE_A, -18), ("B", report.quick[1], palette.SHAPE_B, 18)):
                middle = _dot(self.shapes[name].center, unit)
                painter.interval(unit, middle, middle + extent / 2 / scale, offset + side, palette.faded(color, 150), 3)
        if self.overlay["demosat1"]:
            a, b = self.shapes["A"], self.shapes["B"]
            painter.arrow(a.center, a.corner("UL"), palette.TEXT, 2)
            painter.arrow(b.center, b.corner("LL"), palette.TEXT, 2)
            painter.arrow(a.center, b.center, palette.DIM_TEXT, 2)
            for label, at in (("A", a.corner("UL")), ("B", b.corner("LL")), ("C", _midpoint(a.center, b.center))):
                painter.text((at[0] + 6, at[1] + 6), label, palette.TEXT, 13)

    def panel(self):
        report = self.result
        imgui.text(f"P = ({report.axis.x:.3f}, {report.axis.y:.3f}), |P| = {math.hypot(*report.axis):.3f}")
        flags = imgui.TableFlags_.borders | imgui.TableFlags_.sizing_fixed_fit
        if imgui.begin_table("extents", 5, flags):
            for heading in ("box", "min", "max", "max - min", "2(|xw.P|+|yw.P|)"):
                imgui.table_setup_column(heading)
            imgui.table_headers_row()
            for name, interval, quick in (("A", report.a, report.quick[0]), ("B", report.b, report.quick[1])):
                for cell in (name, f"{interval.min:.2f}", f"{interval.max:.2f}", f"{interval.max - interval.min:.2f}", f"{quick:.2f}"):
                    imgui.table_next_column()
                    imgui.text(cell)
            imgui.end_table()
        color = palette.SEPARATING if report.gap > 1e-9 else palette.OVERLAP
        imgui.text_colored(palette.imgui_color(color), f"Gap on P: {report.gap:+.2f}, {describe(report.gap)}")
        if self.overlay["demosat1"]:
            pc, pa, pb, gap = report.demosat1
            imgui.separator_text("DemoSAT1")
            imgui.text(f"C.P - A.P + B.P = {pc:.2f} - {pa:.2f} + {pb:.2f} = {gap:+.2f}: {describe(gap)}")
            if describe(gap) != describe(report.gap):
                imgui.text_colored(palette.imgui_color(palette.MAX_CORNER), "Wrong! A and B are fixed corners: they only fit one order.")
            else:
                imgui.text("Agrees with the shadows, in this order.")
        if imgui.button("Swap the boxes"):
            a, b = self.shapes["A"], self.shapes["B"]
            a.position, b.position = b.position, a.position
            self.refresh()



def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def _minus(u, v):
    return (u[0] - v[0], u[1] - v[1])


def _midpoint(u, v):
    return ((u[0] + v[0]) / 2, (u[1] + v[1]) / 2)
