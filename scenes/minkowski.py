"""SAT beside the Minkowski difference A - B of the same two shapes, with GJK and EPA stepped."""

import math
from dataclasses import replace
from typing import NamedTuple

from collision import Circle, Gjk, Polygon, SatResult, ShapeError, gjk, minkowski_difference, regular_polygon, sat
from collision import rounded
from collision.gjk import _epa, _gjk
from collision.minkowski import _sum_outline, core as core_of
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, trace
from sandbox.kit.figures import any_shape, sat_scene, sat_view
from sandbox.kit.figures.halves import RightOf, cut, shortened
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.labels import INK_DOWN, POINT, distance_to_box, outline_meets_box, text_box
from sandbox.kit import Action, Cost, Fact, Param, Report, Scene, Verdict, View, faded, register
from sandbox.kit.events import Event

ORIGIN = (380.0, 10.0)
"""Where the right-hand view puts A - B's origin: a point p of A - B is drawn at ORIGIN + p."""
SPLIT = 0.0
"""The world x between the two views."""
RADIUS = {"A": 95, "B": 70}
"""A polygon's reach from its centre."""
HALF = {"A": (100, 60), "B": (70, 45)}
"""A box's half size, and the size the rounded kinds are made to."""
CIRCLE = 60
"""A circle's radius."""
ARROW = 110
"""World units: the length a search direction is drawn at."""
GJK_LOOP, EPA_LOOP = "dx, dy = direction", "edge, (nx, ny), distance = _nearest_edge("
"""The first line of each iteration of GJK's loop (in _gjk) and EPA's (in _epa)."""
SAT_SHOWN = ("axes", "separating_axes", "depth")
"""The facts of sat_view.sat_facts the panel shows beside GJK's (the verdict is the panel's headline
already: its row would push the panel past 1280x720 beside the two kind pickers)."""
SUPPORT = ("ids, w = support(dx, dy)", "ids, w = support(nx, ny)")
"""The lines that ask A - B's support function for a point: GJK's (and EPA's widening), EPA's."""


class Result(NamedTuple):
    sat: SatResult
    """SAT on A and B, every axis."""

    gjk: Gjk
    """GJK on A and B, with EPA when they overlap."""

    difference: tuple
    """A - B's outline (rounded where a shape is round), in A - B's own coordinates."""

    core: tuple
    """The cores' A - B that GJK walks on (a polygon, a segment or a point), when a round shape
    rounds A - B; else empty."""

    chosen: int
    """The SAT axis shown in both views: the first separating one, or the least overlap."""

    step: int
    """The iteration shown: GJK's steps first, then EPA's."""

    strips: tuple
    """Where each SAT axis is drawn beside the shapes."""

    trace: Trace | None = None
    """GJK's and EPA's loops line by line: the Code view's listing and the meter's counts."""

    sat_trace: Trace | None = None

    flat: str | None = None
    """Why A - B has no area (two bare segments along one line), when it has none; else None."""
    """sat() line by line: the axes it tried and the shadows it cast, for the meter."""


def shifted(point):
    return (point[0] + ORIGIN[0], point[1] + ORIGIN[1])


def _below(point, other, top):
    """``point`` moved along the line from ``other`` down to height ``top``, if it lies above it."""
    if point[1] <= top or point[1] == other[1]:
        return point
    share = (top - other[1]) / (point[1] - other[1])
    return (other[0] + (point[0] - other[0]) * share, top)


@register("minkowski", "Beyond", "SAT and GJK: A - B", order=1)
class Minkowski(Scene):
    lesson = (
        "A - B, every point of A less every point of B, holds O exactly when A and B overlap. Its "
        "edges are A's and B's, so its normals are SAT's axes; the MTV is the shortest way from O out "
        "of it. GJK walks A - B by support points towards O; EPA grows a polygon in it to its nearest edge."
    )
    things_to_try = (
        "Drag B: A - B moves the other way, and the shapes collide exactly when O is inside it.",
        "Push B into A: the purple MTV on B is the purple arrow from O to A - B's nearest edge.",
        "Press Back until iteration 1, then Step: each red support point brings the simplex nearer O.",
        "Pick a circle for B: A - B gets round corners; GJK walks the box and the circle's centre.",
        "Pick a capsule or a rounded polygon: GJK walks the cores, and the rounding comes off its distance at the end.",
        "Pull B clear: SAT's gap on the green axis is never more than GJK's distance.",
    )
    params = (
        Param("axes", "SAT's axes beside the shapes", True, overlay=True),
        Param("mtv", "MTV and the chosen axis", True, overlay=True),
        Param("steps", "GJK and EPA iterations", True, overlay=True),
        # No checkbox (the panel has no row to spare at 1280x720): a lesson hides A - B while it
        # asks whether A - B holds O, and the reveal draws it.
        Param("difference", "A - B itself", True, overlay=True, widget=False),
        Param("kind_a", "A's shape", "box", choices=any_shape.KINDS),
        Param("kind_b", "B's shape", "box", choices=any_shape.KINDS),
        Param("sides_a", "Sides of A", 5, low=3, high=12, help="A polygon's or a rounded polygon's sides."),
        Param("sides_b", "Sides of B", 4, low=3, high=12, help="A polygon's or a rounded polygon's sides."),
        Param("rounding", "Rounding", 20, low=0, high=45, help="The radius of a rounded polygon and of a capsule."),
        Param("step", "Iteration shown", -1, low=-1, high=999, widget=False),
        CODE,
    )
    frame = (-640.0, -300.0, 640.0, 300.0)
    _o_placed: tuple[object, float, tuple[float, float]] = (None, 0.0, (0.0, 0.0))
    """(report, line scale, spot): where O's name went, for the report it was placed for."""
    events = (
        Event("long-gjk", "GJK needs five or more iterations to settle it",
              lambda report: int(report.answers["gjk_iterations"]) >= 5, vary=("kind_a", "kind_b", "sides_a", "sides_b")),
    )
    actions = (Action("step_back", "Back"), Action("step_on", "Step"), CODE_VIEW)

    def setup(self):
        self.shapes = {name: self.make(name, position, angle) for name, position, angle in (("A", (-380, -40), 0.35), ("B", (-250, 15), -0.2))}

    def make(self, name, position, angle):
        """Shape ``name`` of its chosen kind at ``position`` and ``angle``."""
        kind, sides = self.settings[f"kind_{name.lower()}"], self.settings[f"sides_{name.lower()}"]
        if kind == "polygon":
            return regular_polygon(sides, RADIUS[name], position, angle)
        if kind == "circle":
            return Circle(position, CIRCLE)
        return any_shape.sized(kind, HALF[name], position, angle, self.settings["rounding"], sides)

    def settle(self):
        # A changed kind, side count or rounding rebuilds the shape in its place, keeping its turn.
        for name in ("A", "B"):
            old = self.shapes[name]
            new = self.make(name, old.position, getattr(old, "angle", 0.0))
            if any_shape.differs(old, new):
                self.shapes[name] = new

    def compute(self, ctx):
        a, b = self.shapes["A"], self.shapes["B"]
        # Both traced every time, their lines only unless the Code view shows GJK's variables:
        # the figure is drawn from these runs, and the meter counts their work.
        # Round shapes' SAT is collision.rounded's: its lines are the ones counted then.
        sat_run = trace(sat, a, b, keep_values=False, within=rounded.sat if a._rounded or b._rounded else sat)
        tested = sat_run.result
        recorded = trace(gjk, a, b, within=(_gjk, _epa), keep_values=bool(self.settings["code"]))
        walked = recorded.result
        # The axis SAT's answer comes from: the least overlap (the MTV's) or, apart, the widest
        # gap, the one GJK's distance is compared with (from-sat-to-gjk step 10 speaks of S's
        # gap; the first gap, P's, was the one drawn and kept where room was short).
        chosen = min(range(len(tested.axes)), key=lambda i: tested.axes[i].overlap)
        total = _count(walked)
        step = self.settings["step"]
        step = total - 1 if step < 0 or step >= total else step
        # GJK's cores' A - B: A's core less B's (a circle's is its centre, a capsule's its segment).
        (points_a, _), (points_b, _) = core_of(a), core_of(b)
        cores = tuple(_sum_outline(list(points_a), [(-x, -y) for x, y in points_b]))
        core, flat = (cores if walked.radius else ()), None
        try:
            difference = tuple(map(tuple, minkowski_difference(a, b).world_vertices()))
        except ShapeError as error:
            # Two bare segments along one line: A - B is a segment, with no inside for O to be in.
            difference, flat = cores, str(error)
        strips = ()
        if self.settings["axes"]:
            # The strips stay in the left view, below its heading.
            x0, y0, _, _ = ctx.view.rect
            top = self.headings()[0][0][1] - 10 * ctx.view.pixel
            left = View((x0, y0, SPLIT, top), ctx.view.pixel, ctx.view.text_scale)
            shown = range(len(tested.axes)) if len(tested.axes) <= 6 else [chosen]
            strips = sat_view.place_strips(tested.axes, shown, [any_shape.stand_in(a), any_shape.stand_in(b)], left, self.label_boxes(self.mtv_avoid(tested)), self.strip_memory, chosen)
        return Result(tested, walked, difference, core, chosen, step, strips, recorded, sat_run, flat)

    def headings(self):
        x0, _, x1, y1 = self.frame
        return (((x0 + SPLIT) / 2, y1 - 20), "A and B, SAT"), (((SPLIT + x1) / 2, y1 - 20), "A - B and O, GJK")

    def mtv_avoid(self, tested):
        tip = sat_view.mtv_tip(tested, self.shapes["B"]) if self.settings["mtv"] else None
        return () if tip is None else (tip,)

    def _verdict(self, result):
        walked = result.gjk
        if result.flat:
            return Verdict("A - B HAS NO AREA", "separating", "give a capsule a radius")
        if walked.colliding:
            return sat_view.verdict(result.sat)
        return Verdict("SEPARATED", "separating", f"GJK distance {walked.distance:.1f}")

    def _numbers(self, result):
        report, walked = result, result.gjk
        return {
            **sat_view.sat_numbers(report.sat),
            "verdict": sat_view.verdict(report.sat).text.lower(),
            "chosen_axis": sat_view.axis_name(report.chosen),
            "gjk": {
                "colliding": walked.colliding,
                "distance": walked.distance,
                "depth": walked.depth,
                "normal": list(walked.normal),
                "mtv": list(walked.mtv),
                "gjk_steps": len(walked.steps),
                "epa_steps": len(walked.epa.steps) if walked.epa else 0,
                "stop": walked.stop.value,
                "step_shown": report.step,
            },
        }

    def _facts(self, result):
        """SAT's axes and verdict beside GJK's: one table of single facts, where the panel has
        room for GJK's (the first line names the MTV's axis and the axis table counts the axes)."""
        walked = result.gjk
        facts = [fact for fact in sat_view.sat_facts(result.sat) if fact.name in SAT_SHOWN]
        facts += [Fact("origin_inside", walked.colliding, "O inside A - B"), Fact("gjk_iterations", len(walked.steps), "GJK iterations")]
        if walked.epa:
            facts += [Fact("epa_iterations", len(walked.epa.steps), "EPA iterations"), Fact("epa_depth", walked.depth, "EPA depth", digits=2)]
        elif walked.colliding:
            # The cores apart, the radii reaching over their gap: no EPA, the depth is what they reach over.
            facts.append(Fact("gjk_depth", walked.depth, "GJK depth (the radii past the gap)", digits=2))
        else:
            facts.append(Fact("gjk_distance", walked.distance, "GJK distance from O to A - B", digits=2))
        return facts

    def draw(self, result, painter, theme):
        report = result
        x0, y0, x1, y1 = self.frame
        painter.segment((SPLIT, y0), (SPLIT, y1), theme.guide, 1)
        for at, text in self.headings():
            painter.text(at, text, theme.dim_text, 16, "center")
        any_shape.draw_named(self, painter, theme, "A", theme.guide)
        any_shape.draw_named(self, painter, theme, "B", theme.guide)
        for strip in report.strips:
            # The chosen axis in the colour it has on the right: green if it separates, else purple.
            marked = replace(theme, axis=theme.mtv) if strip.index == report.chosen and self.settings["mtv"] else theme
            sat_view.draw_strip(painter, marked, report.sat.axes[strip.index], strip, sat_view.axis_name(strip.index))
        # A - B's half drawn cut at the divider: pulled clear, B sent A - B across it, over SAT's strips.
        right = RightOf(painter, SPLIT)
        if self.settings["difference"]:
            self.draw_difference(report, right, theme)
        if self.settings["mtv"]:
            self.draw_chosen(result, right, theme)
            sat_view.draw_mtv(painter, theme, report.sat, self.shapes["B"])
        if self.settings["steps"]:
            self.draw_step(result, painter, right, theme)
        painter.point(ORIGIN, theme.highlight, 6)
        # O's name on the side of its dot that nothing drawn from O takes: by a support point
        # or along an arrow, "O" read as that point's name (handlook2 #4).
        # Placed once for each report (a change of pose, setting or view makes a new one): the
        # search cost 3 ms a frame, and the window draws every frame.
        if self._o_placed[0] is not report or self._o_placed[1] != theme.line_scale:
            outline = _drawn_outline(report) if self.settings["difference"] else None
            self._o_placed = (report, theme.line_scale, _beside_o(self.marks_at_o(report), outline, self.view, theme.line_scale))
        painter.text(self._o_placed[2], "O", theme.highlight, 16, "center")
        if self.settings["difference"]:
            top = max(p[1] for p in report.difference)
            left = max(min(p[0] for p in report.difference) + ORIGIN[0], SPLIT + 6 * self.view.pixel)
            painter.text((left, top + 10 + ORIGIN[1]), "A - B", theme.text, 16)
        self.label_shapes(painter, theme, self.mtv_avoid(report.sat))
        if self.settings["steps"]:
            self.draw_meter(painter, theme, report, y0, y1)

    def marks_at_o(self, report):
        """What the figure draws from or near O, as (start, end, pixels across) in A - B's own
        coordinates, a dot a segment of no length: the MTV or the gap, and the iteration shown's
        arrow, support point, simplex or polygon (corners and edges) and nearest point."""
        test = report.sat.axes[report.chosen]
        nx, ny = report.sat.normal
        reach = max(x * nx + y * ny for x, y in report.difference)
        marks = []
        if self.settings["mtv"]:
            marks.append(((0.0, 0.0), (reach * nx, reach * ny) if test.separating else tuple(report.sat.mtv), 4))
        if self.settings["steps"]:
            walked = report.gjk
            if report.step < len(walked.steps):
                step = walked.steps[report.step]
                length = math.hypot(*step.direction)
                marks.append(((0.0, 0.0), (step.direction[0] / length * ARROW, step.direction[1] / length * ARROW), 4))
                marks += [(point, point, 2 * size) for point, size in ((step.support, 8), (step.closest, 3), *((corner, 5) for corner in step.simplex))]
                corners = list(step.simplex)
                marks += [(start, end, 2) for start, end in zip(corners, corners[1:] + corners[:1])] if len(corners) > 1 else []
            else:
                epa = walked.epa.steps[report.step - len(walked.steps)]
                marks += [((0.0, 0.0), (epa.normal[0] * epa.distance, epa.normal[1] * epa.distance), 2), (epa.support, epa.support, 16)]
                corners = list(epa.polytope)
                marks += [(start, end, 2) for start, end in zip(corners, corners[1:] + corners[:1])]
        return [mark for mark in marks if math.hypot(*mark[1]) > 1e-9]

    def draw_meter(self, painter, theme, report, y0, y1):
        """The work counted (the Report's costs: SAT's, GJK's and EPA's): last, in a clear
        corner, once the figure's own labels have taken their places."""
        crossing = [((SPLIT, y0), (SPLIT, y1)), *sat_view.strip_lines(report.sat, report.strips, self.view)]
        draw_meter(painter, theme, self.view, self.reported, self.covered(report), crossing, clear_only=True)

    def covered(self, report):
        """What the figure covers, for the meter to keep clear of: A and B, A - B, the headings."""
        room = 30 * self.view.pixel * self.view.text_scale
        rects = [shape.aabb() for shape in self.shapes.values()]
        moved = [shifted(p) for p in report.difference]
        rects.append((min(x for x, _ in moved), min(y for _, y in moved), max(x for x, _ in moved), max(y for _, y in moved)))
        rects += [(x - 200, y - 20, x + 200, y + 30) for (x, y), _ in self.headings()]
        return [(x0 - room, y0 - room, x1 + room, y1 + room) for x0, y0, x1, y1 in rects]

    def draw_difference(self, report, painter, theme):
        """A - B on the right, and the cores' A - B inside it where the shapes are rounded."""
        if len(report.difference) > 2:
            outline = [shifted(p) for p in report.difference]
            painter.polygon(outline, theme.text, faded(theme.text, 35), 2)
            # Labels off its outline as off A's and B's: "O" on the edge read as that edge's name.
            drawn = _drawn_outline(report)
            if drawn is not None:
                getattr(painter, "keep_off", lambda shape: None)(drawn)
        else:
            painter.segment(*map(shifted, report.difference), theme.text, 3)
        if len(report.core) > 2:
            painter.polygon([shifted(p) for p in report.core], theme.guide, None, 1)
        elif len(report.core) == 2:
            painter.segment(*map(shifted, report.core), theme.guide, 1)
        elif report.core:
            painter.point(shifted(report.core[0]), theme.guide, 3)

    def draw_chosen(self, report, painter, theme):
        """The chosen SAT axis as A - B's supporting line across it, and the MTV (or gap) from O."""
        test = report.sat.axes[report.chosen]
        nx, ny = report.sat.normal
        reach = max(x * nx + y * ny for x, y in report.difference)
        color = theme.separating if test.separating else theme.mtv
        foot = (reach * nx, reach * ny)
        span = 0.7 * max(math.dist(p, foot) for p in report.difference)
        start, end = shifted((foot[0] - ny * span, foot[1] + nx * span)), shifted((foot[0] + ny * span, foot[1] - nx * span))
        # Below the heading: run up into it, the line crossed "A - B and O, GJK" (at 2x and 3x).
        heading = self.headings()[1][0][1] - (INK_DOWN * 16 * POINT + 8) * self.view.text_scale * self.view.pixel
        start, end = _below(start, end, heading), _below(end, start, heading)
        # Named at its end in A - B's half: cut at the divider, at the cut.
        kept = shortened(start, end, SPLIT)
        if kept is not None:
            painter.segment(*kept, color, 1)
            painter.text(kept[1], sat_view.axis_name(report.chosen), color, 14)
        if test.separating:
            painter.segment(shifted(foot), ORIGIN, theme.separating, 4)
        elif report.sat.depth > 0:
            painter.arrow(ORIGIN, shifted(report.sat.mtv), theme.mtv, 3)

    def draw_step(self, report, painter, right, theme):
        """The iteration shown: GJK's direction, support point and simplex, or EPA's polytope,
        drawn with ``right`` (A - B's half); the support point's corners of A and B with ``painter``."""
        walked = report.gjk
        if report.step < len(walked.steps):
            # The simplices before this one, faded: the walk towards O stays in view.
            for earlier in walked.steps[: report.step]:
                traced = [shifted(p) for p in earlier.simplex]
                if len(traced) == 3:
                    right.polygon(traced, faded(theme.axis, 90), None, 1)
                elif len(traced) == 2:
                    right.segment(*traced, faded(theme.axis, 90), 1)
            step = walked.steps[report.step]
            simplex = [shifted(p) for p in step.simplex]
            if len(simplex) == 3:
                right.polygon(simplex, theme.axis, faded(theme.axis, 40), 2)
            elif len(simplex) == 2:
                right.segment(*simplex, theme.axis, 3)
            for corner in simplex:
                right.point(corner, theme.axis, 5)
            right.point(shifted(step.closest), theme.highlight, 3)
            _support_mark(right, shifted(step.support), theme)
            _support_mark(painter, step.from_a, theme)
            _support_mark(painter, step.from_b, theme)
            painter.segment(step.from_a, step.from_b, faded(theme.max_corner, 120), 1)
            # The direction from O last, over the MTV: the support point is A - B's furthest that way.
            length = math.hypot(*step.direction)
            tip = shifted((step.direction[0] / length * ARROW, step.direction[1] / length * ARROW))
            right.arrow(ORIGIN, tip, theme.text, 4)
            painter.text((tip[0] + step.direction[0] / length * 8 * self.view.pixel, tip[1] + step.direction[1] / length * 8 * self.view.pixel),
                         "d", theme.text, 16, "left" if step.direction[0] >= 0 else "right")
            return
        epa = walked.epa.steps[report.step - len(walked.steps)]
        right.polygon([shifted(p) for p in epa.polytope], theme.axis, faded(theme.axis, 30), 2)
        start, end = epa.polytope[epa.edge], epa.polytope[(epa.edge + 1) % len(epa.polytope)]
        right.segment(shifted(start), shifted(end), theme.mtv, 4)
        right.arrow(ORIGIN, shifted((epa.normal[0] * epa.distance, epa.normal[1] * epa.distance)), theme.mtv, 2)
        _support_mark(right, shifted(epa.support), theme)

    def step_back(self):
        self.settings["step"] = max(self.result.step - 1, 0)

    def step_on(self):
        self.settings["step"] = min(self.result.step + 1, _count(self.result.gjk) - 1)

    def report(self, result):
        walked, tested = result.gjk, result.sat
        # SAT's depth or gap beside GJK's is the facts' table (no line writes them again).
        lines = [_describe(walked, result.step)]
        if result.flat:
            lines.insert(0, f"{result.flat}.")
        if self.settings["axes"]:
            shown = range(len(tested.axes)) if len(tested.axes) <= 6 else [result.chosen]
            lines += sat_view.left_out(tested, result.strips, shown, sat_view.UNPAGED)  # no Next axis here
        costs = (*(replace(cost, by="SAT") for cost in _sat_costs(result.sat_trace, any(shape._rounded for shape in self.shapes.values()))), *_costs(result.trace))
        # SAT's two counts beside GJK's and EPA's: facts by their words (axes_tried,
        # gjk_support_points...), the canvas's meter, the panel's "Work counted" line; and in the JSON.
        numbers = {**self._numbers(result), "work": {cost.what.lower().replace(" ", "_"): cost.count for cost in costs}}
        if not walked.epa:
            costs = tuple(cost for cost in costs if cost.by != "EPA")  # EPA never ran: no line for it
        code = _code(result) if self.settings["code"] else None
        return Report(self._verdict(result), tuple(lines), numbers=numbers, costs=costs, code=code, facts=self._facts(result))


def _support_mark(painter, at, theme):
    """A support point (or the corner of A or B it comes from) as a red ring: O is a dot, and
    on a greyscale print red and O's black are one black, so only the shape tells them apart."""
    painter.point(at, theme.max_corner, 8)
    painter.point(at, theme.background, 4)


SIDES = tuple((math.cos(turn * math.pi / 8), math.sin(turn * math.pi / 8)) for turn in (12, *range(12), 13, 14, 15))
"""The directions O's name is tried in, a sixteenth of a turn apart, below O first."""


def _drawn_outline(report):
    """A - B's outline as drawn, the part right of the divider, as a Polygon (None if flat or
    all beyond the divider): what labels keep off."""
    kept = cut([shifted(p) for p in report.difference], SPLIT) if len(report.difference) > 2 else []
    return Polygon(kept) if len(kept) > 2 else None


def _beside_o(marks, outline, view, line_scale):
    """Where O's name goes: of the spots 22, 26 or 30 pixels from O in each of SIDES, one clear
    of O's dot and where it can be of A - B's ``outline`` (the label layout moves a name off it,
    perhaps towards another mark), nearer O's dot than any other dot where it can be (a name
    reads as the nearest dot's), and of those the one standing furthest from every one of
    ``marks`` (from marks_at_o, arrows too) for its distance from O's dot."""
    pixel = view.pixel * view.text_scale
    drawn = [([shifted(_between(start, end, share / 8)) for share in range(9)], across / 2 * line_scale * view.pixel) for start, end, across in marks]
    dots = [shifted(start) for start, end, _ in marks if start == end]
    dot = (6 * line_scale + 2) * view.pixel  # O's dot (painter.point's size is its radius) and a gap

    def room(at):
        box = text_box(at, "O", 16, view.pixel, view.text_scale, "center")
        own = distance_to_box(ORIGIN, box)
        nearest = min((distance_to_box(point, box) - half for points, half in drawn for point in points), default=math.inf)
        crosses = outline is not None and outline_meets_box(outline, box, 2 * view.pixel)
        nearer_own = all(distance_to_box(point, box) > own for point in dots)
        return (own >= dot, not crosses, nearer_own, nearest - own)
    # The baseline 6 pixels down: the ink's middle is then the spot.
    spots = [(ORIGIN[0] + x * reach * pixel, ORIGIN[1] + y * reach * pixel - 6 * pixel) for reach in (22, 26, 30) for x, y in SIDES]
    return max(spots, key=room)


def _between(start, end, share):
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


def _code(result):
    """GJK's loop at the iteration shown, or EPA's after GJK's last."""
    recorded, walked, step = result.trace, result.gjk, result.step
    if step < len(walked.steps):
        runs = recorded.steps(GJK_LOOP, 0)[step + 1]
        return step_code(recorded, runs, f"GJK iteration {step + 1} of {len(walked.steps)}", "direction = (-closest[0], -closest[1])")
    index = step - len(walked.steps)
    runs = recorded.steps(EPA_LOOP, 1)[index + 1]
    return step_code(recorded, runs, f"EPA iteration {index + 1} of {len(walked.epa.steps)}", "polytope.insert(edge + 1, (ids, w))")


ROUNDED_OVERLAP = "depth = overlap(shadow_a.min, shadow_a.max, shadow_b.min, shadow_b.max)"
"""collision.rounded.sat's line that applies the overlap rule to one axis, after casting both shadows."""


def _sat_costs(recorded, round_shape):
    """SAT's axes tried and shadows cast: sat()'s counts (sat_scene.costs), or with a
    ``round_shape`` collision.rounded.sat's, which casts both shadows on every axis it tries."""
    if not round_shape:
        return sat_scene.costs(recorded)
    tried = recorded.ran(ROUNDED_OVERLAP)
    return (Cost("axes tried", tried), Cost("shadows cast", 2 * tried))


def _costs(recorded):
    """GJK's and EPA's work in the traced run, each method's own: the points it asked of A - B's
    support function (EPA's widening of a flat simplex is EPA's), GJK's simplex made nearer the
    origin and EPA's polygon grown. One count of both would credit EPA's points to GJK."""
    return (
        Cost("GJK support points", recorded.ran(SUPPORT[0], 0), "GJK"),
        Cost("simplex updates", recorded.ran("simplex, closest, enclosed = _nearest(simplex)", 0), "GJK"),
        Cost("EPA support points", recorded.ran(SUPPORT[0], 1) + recorded.ran(SUPPORT[1], 1), "EPA"),
        Cost("EPA edges added", recorded.ran("polytope.insert(edge + 1, (ids, w))", 1), "EPA"),
    )


def _distance(walked, step):
    gap = math.hypot(*step.closest)
    if not walked.radius:
        return f"distance {gap:.2f}."
    if walked.colliding:
        return f"{gap:.2f} to the thin outline, the radii reaching {walked.depth:.2f} past it."
    return f"{gap:.2f} from the thin outline, less the radius: {walked.distance:.2f}."


def _count(walked):
    return len(walked.steps) + (len(walked.epa.steps) if walked.epa else 0)


def _describe(walked, index):
    """What the iteration shown does, in a sentence or two (two lines of the panel at most)."""
    if index < len(walked.steps):
        # One line of the panel before the last step (two pickers above leave no room for more).
        where = f"GJK {index + 1} of {len(walked.steps)}"
        if index == len(walked.steps) - 1:
            ending = {
                "enclosed": "The simplex holds O: they overlap.",
                "on simplex": "O lies on the simplex: they touch.",
                "no closer": f"No nearer O: {_distance(walked, walked.steps[index])}",
                "iteration cap": "Gave up at the iteration cap.",
            }[walked.stop.value]
            return f"{where}: red is furthest along d. {ending}"
        return f"{where}: red, furthest along d, joins the simplex."
    epa = walked.epa.steps[index - len(walked.steps)]
    last = index == len(walked.steps) + len(walked.epa.steps) - 1
    ending = "Nothing beyond it: A - B's edge, the MTV." if last else "Red, beyond it, joins the polygon."
    return f"EPA {index - len(walked.steps) + 1} of {len(walked.epa.steps)}: the purple edge is {epa.distance:.2f} from O. {ending}"
