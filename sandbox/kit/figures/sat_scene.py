"""A scene of two shapes, A and B, under the full SAT: the base of box-box and hex-triangle."""

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from collision import SatResult, sat

from sandbox.kit.code_trace import CODE_VIEW, Trace, step_code, trace, with_code
from sandbox.kit.figures import sat_view
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.figures.strips import Strip
from sandbox.kit import Action, Code, Context, Cost, Line, Painter, Param, Report, Scene, Theme
from sandbox.kit.painter import Point
from sandbox.kit.view import Bounds

CROWD = 12
"""Beyond this many axes their strips would hide the shapes and each other: only the axis the
verdict names is drawn beside them."""

PAGE = Param("page", "One axis at a time", -1, low=-1, high=127, widget=False)
"""DemoSAT3's paging: the axis shown alone, or -1 for all of them."""

PAGING = (
    Action("next_axis", "Next axis", key="N", help="Show one axis at a time, the next one each press (DemoSAT3's button)"),
    Action("all_axes", "All axes"),
    CODE_VIEW,
)
"""The actions that page the axes, and show the code that tests them."""

AXIS_LOOP = "for ax, ay, _, a_min, a_max, b_min, b_max in candidate_axes("
"""sat()'s loop over the axes: each time it runs, a step (an axis) begins."""

OVERLAP = "depth = overlap(a_min, a_max, b_min, b_max)"
"""The line that applies the overlap rule to one axis: one axis tried each time it runs."""

SHADOWS = ("a_min, a_max = extent(pose_a, ax, ay)", "b_min, b_max = extent(pose_b, ax, ay)")
"""The lines that cast a shape's shadow on an axis (a shape's own normals need none)."""

TRACED_AXES = CROWD
"""The most axes a Code view traces line by line; more would take too long to record as you drag."""


class PairResult(NamedTuple):
    sat: SatResult
    """The full test, every axis."""

    early: SatResult
    """The same pair with an early exit: which axes it never reached."""

    page: int
    """The axis shown alone (the page setting folded into the axes there are), or -1."""

    strips: tuple[Strip, ...]
    """Where each drawn axis sits beside the shapes (sat_view.Strip)."""

    trace: Trace | None = None
    """sat() as it ran, line by line, when the Code view is on (and the axes few enough)."""


class PairSatScene(Scene):
    """Shapes A and B tested on every axis, drawn all at once or a page at a time (DemoSAT3).

    A subclass makes ``shapes`` in ``setup`` and declares the overlays it has of
    "projections", "guides" (corner drop lines, one axis at a time) and "mtv".
    """

    actions = PAGING

    def compute(self, ctx: Context) -> PairResult:
        a, b = self.shapes["A"], self.shapes["B"]
        result, recorded = sat(a, b), None
        if self.settings.get("code") and len(result.axes) <= TRACED_AXES:
            # The figure is drawn from the traced run itself: code, counts and picture agree.
            recorded = trace(sat, a, b)
            result = recorded.result
        page = self.settings["page"]
        page = page % len(result.axes) if page >= 0 else -1
        shown: Sequence[int] = range(len(result.axes)) if page < 0 else [page]
        if len(shown) > CROWD:
            shown = [sat_view.named_axis(result)]
        strips: tuple[Strip, ...] = ()
        if self.settings.get("projections"):
            taken = [*self.label_boxes(self.mtv_avoid(result)), *self.other_labels()]
            strips = sat_view.place_strips(result.axes, shown, [a, b], ctx.view, taken, self.strip_memory, sat_view.named_axis(result))
        return PairResult(result, sat(a, b, early_exit=True), page, strips, recorded)

    def other_labels(self) -> list[Bounds]:
        """The world rectangles of the scene's labels besides its shapes' names, which the
        strips keep clear of too (none here; polygons' "(0, 0)")."""
        return []

    def next_axis(self) -> None:
        page = self.settings["page"]
        self.settings["page"] = 0 if page < 0 else (page + 1) % len(self.result.sat.axes)

    def all_axes(self) -> None:
        self.settings["page"] = -1

    def mtv_avoid(self, result: SatResult) -> tuple[Point, ...]:
        tip = sat_view.mtv_tip(result, self.shapes["B"]) if self.settings.get("mtv") else None
        return () if tip is None else (tip,)

    def draw(self, result: PairResult, painter: Painter, theme: Theme) -> None:
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
        if result.trace is not None:
            # The Code view's run counted on the canvas too, as the panel's Work counted line
            # ("what: count"): the class reads what the loop did without the panel.
            covered = [self.shapes[name].aabb() for name in ("A", "B")]
            # Left out where no corner is clear (a small window at 3x): the panel counts it too.
            draw_meter(painter, theme, self.view, self.reported, covered, sat_view.strip_lines(result.sat, result.strips, self.view), clear_only=True)

    def pair_lines(self, result: PairResult) -> list[Line]:
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

    def report(self, result: PairResult) -> Report:
        report = sat_view.sat_report(result.sat, result.early, self.pair_lines(result))
        if not self.settings.get("code"):
            return report
        if result.trace is None:
            lines = (*report.lines, Line(f"Code view: {len(result.sat.axes)} axes are too many to trace line by line; {TRACED_AXES} or fewer are."))
            return dataclasses.replace(report, lines=lines)
        return with_code(report, self.code(result, result.trace), costs(result.trace))

    def code(self, result: PairResult, recorded: Trace) -> Code:
        """sat()'s lines for the axis shown (the whole call when all are shown), from
        ``recorded``, the result's trace."""
        tests = result.sat.axes
        steps = [step for step in recorded.steps(AXIS_LOOP)[1:] if any(recorded.listing.text(run.line) == OVERLAP for run in step)]
        if result.page < 0:
            said = f"the whole call: {len(steps)} of {len(tests)} axes tried"
            if len(steps) < len(tests):
                # early_exit reads False beside a loop that left early: it only decides whether
                # the result goes on to measure the axes the loop never reached.
                said += "; the loop stops at the first gap either way (early_exit=False: the result measures the rest afterwards)"
            return step_code(recorded, recorded.runs, said, "return result")
        name = sat_view.axis_name(result.page)
        if result.page >= len(steps):
            gap = sat_view.axis_name(len(steps) - 1)
            return step_code(recorded, steps[-1], f"axis {name} is never tried: sat() left the loop at the gap on {gap}", "break")
        return step_code(recorded, steps[result.page], f"axis {name}, {result.page + 1} of {len(tests)}", "if depth < gap:")


def costs(recorded: Trace) -> tuple[Cost, ...]:
    """sat()'s work in the traced run: the axes it tried and the shadows it cast (a shape's
    shadow on its own edge normals was known before the loop)."""
    return (
        Cost("axes tried", recorded.ran(OVERLAP)),
        Cost("shadows cast", sum(recorded.ran(line) for line in SHADOWS)),
    )
