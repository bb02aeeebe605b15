"""A scene of two shapes, A and B, under the full SAT: the base of box-box and hex-triangle."""

from typing import NamedTuple

from collision import SatResult, sat

from sandbox.kit.figures import sat_view
from sandbox.kit import Action, Line, Param, Scene

CROWD = 12
"""Beyond this many axes their strips would hide the shapes and each other: only the axis the
verdict names is drawn beside them."""

PAGE = Param("page", "One axis at a time", -1, low=-1, high=127, widget=False)
"""DemoSAT3's paging: the axis shown alone, or -1 for all of them."""

PAGING = (
    Action("next_axis", "Next axis", key="N", help="Show one axis at a time, the next one each press (DemoSAT3's button)"),
    Action("all_axes", "All axes"),
)
"""The actions that page the axes."""


class PairResult(NamedTuple):
    sat: SatResult
    """The full test, every axis."""

    early: SatResult
    """The same pair with an early exit: which axes it never reached."""

    page: int
    """The axis shown alone (the page setting folded into the axes there are), or -1."""

    strips: tuple
    """Where each drawn axis sits beside the shapes (sat_view.Strip)."""


class PairSatScene(Scene):
    """Shapes A and B tested on every axis, drawn all at once or a page at a time (DemoSAT3).

    A subclass makes ``shapes`` in ``setup`` and declares the overlays it has of
    "projections", "guides" (corner drop lines, one axis at a time) and "mtv".
    """

    actions = PAGING

    def compute(self, ctx):
        a, b = self.shapes["A"], self.shapes["B"]
        result = sat(a, b)
        page = self.settings["page"]
        page = page % len(result.axes) if page >= 0 else -1
        shown = range(len(result.axes)) if page < 0 else [page]
        if len(shown) > CROWD:
            shown = [sat_view.named_axis(result)]
        strips = ()
        if self.settings.get("projections"):
            strips = sat_view.place_strips(result.axes, shown, [a, b], ctx.view, self.label_boxes(self.mtv_avoid(result)), self.strip_memory,
                                           sat_view.named_axis(result))
        return PairResult(result, sat(a, b, early_exit=True), page, strips)

    def next_axis(self):
        page = self.settings["page"]
        self.settings["page"] = 0 if page < 0 else (page + 1) % len(self.result.sat.axes)

    def all_axes(self):
        self.settings["page"] = -1

    def mtv_avoid(self, result):
        tip = sat_view.mtv_tip(result, self.shapes["B"]) if self.settings.get("mtv") else None
        return () if tip is None else (tip,)

    def draw(self, result, painter, theme):
        self.draw_shape(painter, theme, "A")
        self.draw_shape(painter, theme, "B")
        for strip in result.strips:
            test = result.sat.axes[strip.index]
            sat_view.draw_strip(painter, theme, test, strip, sat_view.axis_name(strip.index))
            if self.settings.get("guides") and result.page >= 0:
                sat_view.draw_guides(painter, theme, self.shapes["A"], strip.offset - strip.spread, test.axis)
                sat_view.draw_guides(painter, theme, self.shapes["B"], strip.offset + strip.spread, test.axis)
        if self.settings.get("mtv"):
            sat_view.draw_mtv(painter, theme, result.sat, self.shapes["B"])
        self.label_shapes(painter, theme, self.mtv_avoid(result.sat))

    def pair_lines(self, result):
        """What the panel says of the paging and of a crowd of axes."""
        lines = []
        if result.page >= 0:
            lines.append(Line(f"One axis at a time: showing {sat_view.axis_name(result.page)} (N: next axis)"))
        if result.sat.colliding:
            lines.append(Line(f"MTV: depth {result.sat.depth:.2f} along {sat_view.degrees_text(sat_view.axis_degrees(result.sat.normal))}"))
        crowd = result.page < 0 and len(result.sat.axes) > CROWD
        if crowd and self.settings.get("projections"):
            named = sat_view.named_axis(result.sat)
            lines.append(Line(f"Over {CROWD} axes: only {sat_view.axis_name(named)}, the one the verdict names, is drawn."))
            lines.extend(sat_view.left_out(result.sat, result.strips, [named]))
        elif self.settings.get("projections"):
            lines.extend(sat_view.left_out(result.sat, result.strips, [result.page] if result.page >= 0 else range(len(result.sat.axes))))
        return lines

    def report(self, result):
        return sat_view.sat_report(result.sat, result.early, self.pair_lines(result))
