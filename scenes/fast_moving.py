"""Fast-moving objects: Metanet sections 4 and 5, a static test, multisampling and a swept test
of one step of a small fast box against a thin wall."""

import math
from typing import NamedTuple

from collision import Box, SatResult, Sweep, Vector, sat, sweep
from collision.sweep import _polygons
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, trace, with_code
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.labels import GAP as LABEL_GAP, boxes_meet, text_box
from sandbox.kit.figures.step_arrow import CarriedStep
from sandbox.kit import Action, Column, Cost, Fact, Meter, Param, Report, Verdict, faded, register
from sandbox.kit.events import Event, answer_is

WALL = ((0.0, 0.0), (8.0, 110.0))
"""The thin wall's centre and half size."""

OBJECT = (15.0, 15.0)
"""The fast box's half size: its radius, in Metanet's sense, is the smaller half, 15."""

NORMAL_LENGTH = 60.0
"""World units: the drawn length of the swept test's normal."""

PRESETS = {
    "Tunnelling": {
        "caption": "It jumps clean over the wall: the static test and 4 samples miss, the sweep hits.",
        "B": (-230.0, 20.0), "tip": (170.0, -10.0), "samples": 4,
    },
    "Far side": {
        "caption": "It ends past the wall's middle: the static MTV pushes it out the far side.",
        "B": (-200.0, -20.0), "tip": (5.0, -20.0), "samples": 4,
    },
    "Over the top": {
        "caption": "It hits the wall's face near the top: the MTV jumps axis and lifts it over.",
        "B": (-200.0, 140.0), "tip": (0.0, 110.0), "samples": 4,
    },
    "Grazing": {
        "caption": "Its corner clips the wall's: the static test misses, and 20 samples that keep Metanet's rule miss too.",
        "B": (-148.0, 43.0), "tip": (92.0, 193.0), "samples": 20,
    },
}
"""The teaching cases, each a pose of the box (unturned), its displacement's tip and a sample count."""


class Push(NamedTuple):
    """A static test's answer at one place on the path, judged against the swept test."""

    sat: SatResult
    way: str
    """"back" (out the face the sweep says it hit), "far side", "sideways" (the MTV jumped axis),
    or "" when they do not collide."""


class Step(NamedTuple):
    displacement: Vector
    end: Box
    """The box where the step puts it."""

    static: Push
    """The static test at the end of the step."""

    samples: tuple
    """(box, Push) at each of the multisampling tests, 1/n, 2/n... of the way along d, the last at the end."""

    first: int
    """Index into ``samples`` of the first that collides, or -1."""

    spacing: float
    """How far apart the samples are: |displacement| / count."""

    radius: float
    swept: Sweep
    contact: object
    """The box where the sweep stops it, or None when it misses."""

    trace: Trace | None = None
    """sweep()'s swept intervals as they ran, line by line: the sweep drawn, and its axes counted."""


SWEPT_AXES = "still_along = still.world_vertices() @ axes.T"
"""The first line of the swept test after it gathers its axes: they are in its variables there."""


def tried(result):
    """The axes sat() tried: it leaves its loop at the first that separates."""
    return next((k + 1 for k, test in enumerate(result.axes) if test.separating), len(result.axes))


def swept_axes(recorded):
    """How many axes the swept test projected onto, read from its own variables as it ran."""
    at = recorded.listing.find(SWEPT_AXES)
    return len(next(run.values["axes"] for run in recorded.runs if run.line == at))


def judge(result, swept):
    """Which way ``result``'s MTV sends the box, against the face ``swept`` says it met first."""
    if not result.colliding:
        return ""
    along = result.normal.x * swept.normal.x + result.normal.y * swept.normal.y
    if along > 1 - 1e-9:
        return "back"
    return "far side" if along < -0.5 else "sideways"


@register("fast-moving", "Motion and response", "Fast-moving objects", order=2)
class FastMoving(CarriedStep):
    lesson = (
        "A game moves a box by its displacement d each frame and tests it where it lands. A box "
        "small and fast enough jumps a thin wall without ever touching it; landing deep, the "
        "shortest way out (the MTV) can be out the far side or up and over. Multisampling tests "
        "several places along d (Metanet: keep them closer than the box's radius). A swept test "
        "finds the exact fraction t of d at which they first touch."
    )
    things_to_try = (
        "Drag the tip of d back onto the wall: the static test catches it, but pushes it back only if the end stops short of the wall's middle.",
        "Raise the samples until the spacing drops below the radius: the samples catch the tunnelling.",
        "Press 'Far side' and 'Over the top': the purple MTV sends the box the wrong way.",
        "Press 'Grazing', then turn B with R: a few taps and it clears the corner; at 45° the normal tilts with B's face.",
    )
    params = (
        Param("corridor", "Swept corridor (corners' paths)", True, overlay=True),
        Param("mtv", "MTV pushes (purple)", True, overlay=True),
        Param("method", "Show", "all three", choices=("all three", "static", "multisampling", "swept")),
        Param("samples", "Samples per step", 4, low=1, high=40, help="Metanet: keep the spacing |d| / samples below the box's radius."),
        CODE,
    )
    handles = {"d": PRESETS["Tunnelling"]["tip"]}
    frame = (-270.0, -130.0, 240.0, 215.0)
    events = (
        Event("tunnels", "Multisampling steps over the wall: every sample misses, yet the sweep hits",
              answer_is("samples.finds", "misses"), move=("B",), turn=False, handles=("d",), vary=("samples",), ranges={"samples": (2, 40)}),
        Event("far-side", "The static test's MTV pushes the box out the far side of the wall",
              answer_is("static.finds", "pushed out the far side"), move=("B",), turn=False, handles=("d",)),
    )
    actions = (*(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items()), CODE_VIEW)

    def setup(self):
        self.shapes = {"wall": Box(*WALL), "B": Box(PRESETS["Tunnelling"]["B"], OBJECT)}

    def preset(self, name):
        """Put the wall, the box, d and the sample count as the teaching case ``name`` has them."""
        case = PRESETS[name]
        for shape, position in ((self.shapes["wall"], WALL[0]), (self.shapes["B"], case["B"])):
            shape.position, shape.angle = position, 0.0
        self.points["d"] = Vector(*case["tip"])
        self.settings["samples"] = case["samples"]

    def placed(self, fraction):
        """B moved ``fraction`` of the way along d."""
        box, (dx, dy) = self.shapes["B"], self.displacement()
        x, y = box.position
        return Box((x + dx * fraction, y + dy * fraction), box.half_size, box.angle)

    def displacement(self):
        x, y = self.shapes["B"].position
        return Vector(self.points["d"].x - x, self.points["d"].y - y)

    def compute(self, ctx):
        wall, box, d = self.shapes["wall"], self.shapes["B"], self.displacement()
        # Traced every time (a line-by-line record of one call costs well under a millisecond):
        # the sweep drawn, its Code view and its axes counted are this one run.
        recorded = trace(sweep, box, wall, d, within=_polygons)
        swept = recorded.result
        count = self.settings["samples"]
        samples = []
        for i in range(1, count + 1):
            here = self.placed(i / count)
            result = sat(wall, here)
            samples.append((here, Push(result, judge(result, swept))))
        first = next((i for i, (_, push) in enumerate(samples) if push.sat.colliding), -1)
        end = self.placed(1.0)
        static = sat(wall, end)
        return Step(
            d, end, Push(static, judge(static, swept)), tuple(samples), first, math.hypot(*d) / count,
            min(box.half_size), swept, self.placed(swept.time) if swept.hit else None, recorded,
        )

    def outcomes(self, step):
        """Each method's answer in a few words, and whether it is wrong: (method, words, wrong)."""
        rows = []
        for method, push in (("static", step.static), ("multisampling", step.samples[step.first][1] if step.first >= 0 else None)):
            if push is None or not push.sat.colliding:
                rows.append((method, "misses" if step.swept.hit else "clear", step.swept.hit))
            else:
                words = {"back": "pushed back out", "far side": "pushed out the far side", "sideways": "pushed sideways (axis jump)"}[push.way]
                rows.append((method, words, push.way != "back"))
        rows.append(("swept", "hits" if step.swept.hit else "clear", False))
        return rows

    def _verdict(self, result):
        step = result
        if not step.swept.hit:
            return Verdict("CLEAR PATH", "separating", "nothing in the way: no method hits")
        # The verdict speaks of the methods shown, and only of them.
        shown = self.settings["method"]
        if shown == "swept":
            return Verdict("SWEPT: FIRST TOUCH", "mtv", f"at t = {step.swept.time:.3f}")
        detail = {
            "all three": f"swept: first touch at t = {step.swept.time:.3f}",
            "static": "tested once, at the end of the step",
            "multisampling": f"tested at {len(step.samples)} points along the step",
        }[shown]
        wrong = [(method, words) for method, words, bad in self.outcomes(result) if bad and shown in (method, "all three")]
        names = {"static": "STATIC", "multisampling": "SAMPLES"}
        if not wrong:
            caught = {"all three": "ALL THREE CATCH IT", "static": "STATIC CATCHES IT", "multisampling": "SAMPLES CATCH IT"}[shown]
            return Verdict(caught, "mtv", detail)
        misses = [names[method] for method, words in wrong if words == "misses"]
        pushes = [names[method] for method, words in wrong if words != "misses"]
        clauses = []
        if misses:
            clauses.append(" AND ".join(misses) + (" MISSES" if misses == ["STATIC"] else " MISS"))
        if pushes:
            clauses.append(" AND ".join(pushes) + (" PUSHES" if pushes == ["STATIC"] else " PUSH") + " WRONG WAY")
        return Verdict(", ".join(clauses), "text", detail)

    def _numbers(self, result):
        """What the table does not show: the verdict's words (the methods that are wrong), the
        slider's count, each push's MTV and way, the samples that hit."""
        step = result

        def push(p):
            # No way at all where they do not collide: none, not an empty word.
            return {"colliding": p.sat.colliding, "mtv": list(p.sat.mtv), "way": p.way or None}

        swept = step.swept
        wrong = [method for method, _, bad in self.outcomes(result) if bad]
        return {
            "length": math.hypot(*step.displacement),
            "wrong": " and ".join(wrong) or "none",
            "static": push(step.static),
            # The count is the slider's; the panel does not write it again.
            "samples": {"count": len(step.samples), "colliding": [i + 1 for i, (_, p) in enumerate(step.samples) if p.sat.colliding],
                        "first": None if step.first < 0 else push(step.samples[step.first][1])},
            "swept": {"hit": swept.hit, "time": swept.time, "point": None if swept.point is None else list(swept.point)},
        }

    def _facts(self, result):
        step = result
        d, swept = step.displacement, step.swept
        finds = {method: words for method, words, _ in self.outcomes(result)}
        facts = [
            Fact("displacement", list(d), "the step d"),
            Fact("samples.spacing", step.spacing, "sample spacing"),
            Fact("samples.radius", step.radius, "B's radius", digits=0),
            Fact("samples.rule_kept", step.spacing < step.radius, "spacing below the radius (Metanet's rule)"),
            Fact("static.finds", finds["static"], "static test"),
            Fact("samples.finds", finds["multisampling"], "multisampling"),
        ]
        if step.first >= 0:
            facts.append(Fact("samples.first_hit", step.first + 1, "its first sample to hit"))
        if swept.hit:
            facts += [Fact("swept.time", swept.time, "swept test: first touch at t", digits=3), Fact("swept.normal", list(swept.normal), "swept normal", digits=2)]
        else:
            facts.append(Fact("swept.hit", False, "swept test hits"))
        counts = [cost.count for cost in self.costs(step)]
        work = {method: {"method": method, "tests": tests, "axes": axes}
                for method, tests, axes in zip(("static", "multisampling", "swept"), counts[0::2], counts[1::2])}
        facts.append(Fact("work", work, "work counted", columns=(Column("method"), Column("tests"), Column("axes"))))
        return facts

    def draw(self, result, painter, theme):
        step, method, pixel = result, self.settings["method"], self.view.pixel
        self.draw_shape(painter, theme, "wall")
        start, tip = self.shapes["B"], self.points["d"]
        painter.arrow(start.position, tip, theme.shape_b, 3)
        if self.settings["corridor"] and method in ("all three", "swept"):
            for a, b in zip(start.world_vertices(), step.end.world_vertices()):
                painter.segment(a, b, theme.guide, 1)
        if method in ("all three", "multisampling"):
            self.draw_samples(result, painter, theme, numbered=len(step.samples) - (method == "all three"))
        if method in ("all three", "static"):
            painter.polygon(step.end.world_vertices(), theme.shape_b, None, 2)
            x0, y0, x1, _ = step.end.aabb()
            # The last sample is the end of the step: one label for both.
            name = f"{len(step.samples)} = end" if method == "all three" else "end"
            # Under the end box on the side away from a sideways push: centred, the label was
            # moved off the wall to under the pushed-out box (fast-objects step 2, printed).
            push = step.static.sat.mtv[0] if step.static.sat.colliding and self.settings["mtv"] else 0.0
            x, anchor = (x0, "right") if push > 0 else (x1, "left") if push < 0 else ((x0 + x1) / 2, "center")
            painter.text((x, y0 - 20 * pixel * self.view.text_scale), name, theme.shape_b, 14, anchor)
            self.draw_push(painter, theme, step.static, step.end)
        if method in ("all three", "swept") and step.contact is not None:
            self.draw_contact(result, painter, theme)
        self.draw_shape(painter, theme, "B")
        painter.point(tip, theme.highlight if self.hovered == "d" else theme.shape_b, 7)
        painter.text(self._d_spot(step), "d", theme.shape_b, 16, "center")
        # The wall's name at its foot: its top is where the action is.
        x0, y0, x1, _ = self.shapes["wall"].aabb()
        painter.text(((x0 + x1) / 2, y0 - 22 * pixel * self.view.text_scale), "wall", theme.shape_a, 16, "center")
        painter.text(self.label_spots()["B"], "B", theme.shape_b, 16)
        # Last: the figure's own labels take their places first, the meter the room left (none:
        # a crowded small window leaves it to the panel's table).
        draw_meter(painter, theme, self.view, self.reported, self.covered(result), clear_only=True)

    def covered(self, step):
        """What the figure covers, for the meter to keep clear of: the wall, and the box at the
        start, at each sample and at the end, each with room for its label below or above."""
        room = 30 * self.view.pixel * self.view.text_scale
        boxes = [self.shapes["wall"], self.shapes["B"], step.end, *(box for box, _ in step.samples)]
        return [(x0 - room, y0 - room, x1 + room, y1 + room) for x0, y0, x1, y1 in (box.aabb() for box in boxes)]

    def draw_samples(self, step, painter, theme, numbered):
        """Each sample's box, red where it hits the wall; the first ``numbered`` numbered."""
        pixel = self.view.pixel
        for i, (box, push) in enumerate(step.samples):
            hit = push.sat.colliding
            # A sample that hits is colliding: purple; one that misses, neutral.
            color = theme.mtv if hit else theme.guide
            # Many samples crowd the path: only the ones that hit stay bold.
            outline = color if hit or len(step.samples) <= 8 else faded(color, 110)
            painter.polygon(box.world_vertices(), outline, faded(color, 60) if i == step.first else None, 2 if hit or len(step.samples) <= 8 else 1)
            painter.point(box.position, color, 4)
            # Numbers only where they fit beside the boxes: fewer samples at a presenter's scale.
            if i < numbered and len(step.samples) <= 12 / max(self.view.text_scale, 1.0):
                painter.text((box.position[0], box.aabb()[1] - 18 * pixel * self.view.text_scale), str(i + 1), color, 14, "center")
        if step.first >= 0:
            box, push = step.samples[step.first]
            self.draw_push(painter, theme, push, box)

    def draw_push(self, painter, theme, push, box):
        """The MTV out of the wall, and the box where it would put it."""
        if not push.sat.colliding or not self.settings["mtv"]:
            return
        (x, y), (mx, my) = box.position, push.sat.mtv
        out = Box((x + mx, y + my), box.half_size, box.angle)
        painter.polygon(out.world_vertices(), theme.mtv, faded(theme.mtv, 70), 2)
        # From the box's leading face, not its centre: a short push drawn from the centre lay
        # under the dot at d's tip (fast-objects step 2 printed it 1 mm long, hidden).
        length = math.hypot(mx, my)
        reach = max((vx - x) * mx + (vy - y) * my for vx, vy in box.world_vertices()) / length if length else 0.0
        start = (x + mx / length * reach, y + my / length * reach) if length else (x, y)
        painter.arrow(start, (start[0] + mx, start[1] + my), theme.mtv, 3)
        x0, _, x1, y1 = out.aabb()
        painter.text((x1 + 6 * self.view.pixel, y1 - 14 * self.view.pixel), "MTV", theme.mtv, 14)

    def _d_spot(self, step):
        """Where d's name goes: on the arrow's left, clear of the sample boxes that ride on it
        (a box's half diagonal and a bit), a quarter of the way along (the tip is crowded) or,
        where the swept test's "t = ..." or B's name holds that spot, an eighth or three
        eighths, or as far along on its right. Asked for where "t = 0.517" stood at 3x, the
        layout moved d 2 ems off the arrow."""
        pixel, scale = self.view.pixel, self.view.text_scale
        (dx, dy), length = step.displacement, math.hypot(*step.displacement)
        x, y = self.shapes["B"].position
        # Clear of the sample boxes where they are drawn; else just off the arrow (kept a box's
        # half diagonal off with no box on it, d stood 1.5 ems above its arrow).
        samples = self.settings["method"] in ("all three", "multisampling")
        aside = (math.hypot(*OBJECT) if samples else 8 * pixel * scale) + 10 * pixel
        taken = [text_box(self.label_spots()["B"], "B", 16, pixel, scale)]
        if self.settings["method"] in ("all three", "swept") and step.contact is not None:
            x0, _, _, y1 = step.contact.aabb()
            # As draw_contact asks for it, and half a line above, where the layout may lift it.
            low = text_box((x0 - 6 * pixel, y1 + 6 * pixel), f"t = {step.swept.time:.3f}", 14, pixel, scale, "right")
            taken.append((low[0], low[1], low[2], low[3] + (low[3] - low[1]) / 2))
        spots = [(x + dx * share - dy / length * aside, y + dy * share + dx / length * aside - 6 * pixel) for share in (1 / 4, 1 / 8, 3 / 8)]
        # Then on its right, the box's top as far from the arrow.
        high = text_box((0.0, 0.0), "d", 16, pixel, scale, "center")[3]
        if self.settings["method"] in ("all three", "multisampling") and len(step.samples) <= 12 / max(scale, 1.0):
            # The samples' numbers under their boxes (draw_samples), there where they are drawn.
            taken += [text_box((box.position[0], box.aabb()[1] - 18 * pixel * scale), str(i + 1), 14, pixel, scale, "center")
                      for i, (box, _) in enumerate(step.samples)]
        spots += [(x + dx * share + dy / length * aside, y + dy * share - dx / length * aside - high) for share in (1 / 4, 1 / 8, 3 / 8)]
        for at in spots:
            box = text_box(at, "d", 16, pixel, scale, "center")
            if not any(boxes_meet(box, other, LABEL_GAP * (box[3] - box[1])) for other in taken):
                return at
        return spots[0]

    def draw_contact(self, step, painter, theme):
        pixel = self.view.pixel
        swept, box = step.swept, step.contact
        painter.polygon(box.world_vertices(), theme.highlight, faded(theme.shape_b, 90), 2)
        x0, y0, x1, y1 = box.aabb()
        painter.text((x0 - 6 * pixel, y1 + 6 * pixel), f"t = {swept.time:.3f}", theme.highlight, 14, "right")
        at = swept.point if swept.point is not None else box.position
        painter.arrow(at, (at[0] + swept.normal.x * NORMAL_LENGTH, at[1] + swept.normal.y * NORMAL_LENGTH), theme.axis, 3)
        painter.point(at, theme.axis, 6)
        painter.text((at[0] + swept.normal.x * NORMAL_LENGTH, at[1] + swept.normal.y * NORMAL_LENGTH + 8 * pixel), "n", theme.axis, 16, "center")

    def costs(self, step):
        """Each method's work in this run: tests made and axes tried (sat() stops at a gap)."""
        return (
            Cost("static tests", 1), Cost("static axes tried", tried(step.static.sat)),
            Cost("multisampling tests", len(step.samples)), Cost("multisampling axes tried", sum(tried(push.sat) for _, push in step.samples)),
            Cost("swept tests", 1), Cost("swept axes", swept_axes(step.trace)),
        )

    def code(self, step):
        """sweep()'s swept intervals for the Code view: one pass over every axis at once."""
        return step_code(step.trace, step.trace.runs, f"the swept intervals on all {swept_axes(step.trace)} axes at once", "return time, normal")

    def report(self, result):
        # Every number is a fact of the table (the rule's row says what it compares); no line repeats one.
        # The verdict itself is what the static test and multisampling claim against the sweep.
        report = Report(self._verdict(result), numbers=self._numbers(result), costs=self.costs(result),
                        facts=self._facts(result), meter=Meter("work", ("tests", "axes")))
        return with_code(report, self.code(result), report.costs) if self.settings["code"] else report
