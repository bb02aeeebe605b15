"""Ray casts: a draggable segment against a box, a circle, and A and B of any kind; the box's slab test stepped."""

import math
from typing import NamedTuple

from collision import Box, Circle, Vector, ray_cast, regular_polygon
from collision.raycast import _box
from sandbox.kit.events import Event
from sandbox.kit.figures import any_shape
from sandbox.kit import Action, Column, Cost, Fact, Line, Param, Report, Scene, Verdict, register
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, traced, with_code
from sandbox.kit.figures.own_side import own_side
from sandbox.kit.labels import text_box
from sandbox.kit.scene import LABEL_SIZE

PICKED = {"A": ((150.0, 90.0), 0.3), "B": ((170.0, -110.0), 0.35)}
"""A's and B's centres and angles at the start (their kinds' Params start them as a pentagon and a capsule)."""

HALF = (83.0, 50.0)
"""The box A or B is made as big as (a capsule of radius 28: a segment 110 long grown by it)."""

SLAB_REACH = 1.0
"""The last t at which a slab's entry or exit is marked, and its face lines drawn to: the ray's
own span (past its end a line would run on across the other shapes)."""

SLAB_MARGIN = 25.0
"""World units a slab's face lines run past the box and past where the ray crosses them: near
what they explain, not across the other shapes."""

NORMAL_LENGTH = 45.0
"""World units: the drawn length of a hit's normal."""

SLAB_DOT = 5
"""Pixels: the dot where the ray enters or leaves a slab."""


PRESETS = {
    "Through the box": {"caption": "The x slab is entered last: its entry is the hit, on the box's left face.", "origin": (-330.0, 40.0), "end": (-20.0, 100.0)},
    "Along the top": {"caption": "Parallel to the box's top face, inside its slab all along: that slab never decides.", "origin": (-330.0, 100.0), "end": (40.0, 100.0)},
    "Slabs apart": {"caption": "It enters the y slab only after leaving the x slab: the spans do not overlap, a miss.", "origin": (-330.0, 60.0), "end": (-160.0, 230.0)},
    "From inside": {"caption": "Starting inside the circle: a hit at t = 0, with no normal.", "origin": (-40.0, -80.0), "end": (300.0, 40.0)},
    "At the capsule": {"caption": "B, a capsule, is its segment grown by a radius: the hit is on a round end or a side.", "origin": (60.0, -220.0), "end": (300.0, -20.0), "B": "capsule"},
}
"""Teaching layouts: the segment's two ends (and B's kind, where the layout needs it); the shapes stay as they are."""


class Result(NamedTuple):
    hits: dict
    """Shape name -> RayHit."""

    first: str | None
    """The shape met first along the segment, or None."""

    trace: Trace | None = None
    """The box's slab test line by line, when the Code view is on."""


@register("ray-cast", "Motion and response", "Ray casts", order=5)
class RayCast(Scene):
    lesson = (
        "A ray cast asks where a segment from an origin first meets a shape: the fraction t of the "
        "way along, the point, and the outward normal there. A box answers by the slab test: in its "
        "own frame it is the crossing of two slabs, and the segment is inside each for one span of t; "
        "it enters the box at the later entry, if that comes before the earlier exit. A circle solves a "
        "quadratic; a capsule is its segment grown by a radius: its pushed-out sides and round ends. "
        "A and B may be any kind: a rounded polygon is met on a pushed-out face or a corner's arc."
    )
    things_to_try = (
        "Drag the ray's end across the box: the first hit's t, point and normal follow, and the slab table says which slab decided.",
        "Press Along the top: the y slab is entered at minus infinity, since the ray runs inside it all the way.",
        "Press Slabs apart: each slab is crossed, but never both at once: the spans do not overlap.",
        "Press From inside: a ray that starts inside a shape hits at t = 0 with no normal.",
        "Press At the capsule, then drag the origin along: the hit moves from the round end onto the side.",
        "Pick a rounded polygon for A and sweep the ray across a corner: the normal turns smoothly round the arc.",
    )
    params = (
        Param("hits", "Where the ray meets each shape, with its t", True, overlay=True),
        Param("normals", "Normals at the hits", True, overlay=True),
        Param("slabs", "The box's slab test", True, overlay=True),
        Param("kind_a", "A's shape", "polygon", choices=any_shape.KINDS),
        Param("kind_b", "B's shape", "capsule", choices=any_shape.KINDS),
        Param("rounding", "Radius", 28, low=0, high=45, help="The radius A or B is grown by when a capsule or a rounded polygon."),
        CODE,
    )
    handles = {"origin": PRESETS["Through the box"]["origin"], "end": PRESETS["Through the box"]["end"]}
    frame = (-350.0, -230.0, 350.0, 230.0)
    _placed: tuple[object, float, list] = (None, 0.0, [])
    """(result, line scale, spots): the shapes' names' spots for the result they were placed for."""
    events = (
        Event("starts-inside", "The ray starts inside a shape: a hit at t = 0, with no normal",
              lambda report: report.answers["fraction"] == "0.000", handles=("origin", "end")),
        Event("capsule-first", "B, a capsule, is the first shape the ray meets",
              lambda report: report.answers["first"] == "B", settings={"kind_b": "capsule"}, handles=("origin", "end")),
    )
    actions = (*(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items()), CODE_VIEW)

    def setup(self):
        self.shapes = {
            "box": Box((-160.0, 70.0), (70.0, 45.0), 0.0),
            "circle": Circle((-10.0, -80.0), 55.0),
        }
        for name, (centre, angle) in PICKED.items():
            self.shapes[name] = self.make(name, centre, angle)

    def make(self, name, position, angle):
        """A or B of its chosen kind at ``position`` and ``angle``: the pentagon for a polygon."""
        kind = self.settings[f"kind_{name.lower()}"]
        if kind == "polygon":
            return regular_polygon(5, 65.0, position, angle)
        return any_shape.sized(kind, HALF, position, angle, self.settings["rounding"])

    def settle(self):
        # A changed kind or rounding rebuilds A or B in its place, keeping its turn.
        for name in PICKED:
            old = self.shapes[name]
            new = self.make(name, old.position, getattr(old, "angle", PICKED[name][1]))
            if any_shape.differs(old, new):
                self.shapes[name] = new

    def preset(self, name):
        case = PRESETS[name]
        self.points["origin"], self.points["end"] = Vector(*case["origin"]), Vector(*case["end"])
        if "B" in case:
            self.settings["kind_b"] = case["B"]

    def constrain(self, name, point):
        other = self.points["end" if name == "origin" else "origin"]
        if math.dist(point, other) < 5:
            raise ValueError("the ray needs a length: keep its ends at least 5 apart")
        return point

    def compute(self, ctx):
        origin, end = self.points["origin"], self.points["end"]
        translation = (end[0] - origin[0], end[1] - origin[1])
        hits = {name: ray_cast(shape, origin, translation) for name, shape in self.shapes.items()}
        # With the Code view on, the box's hit drawn is the traced run's: the slab test, line by line.
        # The scene draws the box's slabs: it asks for them (steps=True), which a plain call does not make.
        hits["box"], recorded = traced(self.settings["code"], ray_cast, self.shapes["box"], origin, translation, True, within=_box)
        met = [name for name, hit in hits.items() if hit.hit]
        return Result(hits, min(met, key=lambda name: hits[name].fraction) if met else None, recorded)

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        origin, end = self.points["origin"], self.points["end"]
        # The shapes' names first, each by its own shape, clear of the handles' names;
        # then the handles' names, each beyond its end of the ray: asked for on the ray after the
        # slabs' and the hit's labels, "origin" was pushed 2-3 ems off at 2x and 3x.
        length = math.dist(origin, end) or 1.0
        ahead = ((end[0] - origin[0]) / length, (end[1] - origin[1]) / length)
        handles = [(name, self._name_spot(at, away, name, theme)) for name, at, away in (("origin", origin, (-ahead[0], -ahead[1])), ("end", end, ahead))]
        # Placed once for each result (a change of pose, setting or view makes a new one): the
        # search cost 5 ms a frame, and the window draws every frame.
        if self._placed[0] is not result or self._placed[1] != theme.line_scale:
            lines, marks = self._marks(result, theme)
            marks += [text_box(spot, name, 15, pixel, self.view.text_scale) for name, spot in handles]
            taken, spots = [], []
            for name in self.shapes:
                # Read as naming whichever shape it stands by: at 2x "box", moved off the crowded
                # top of the box by the label layout, stood beside the circle.
                others = [other for key, other in self.shapes.items() if key != name]
                spot, box = own_side(self.view, name, LABEL_SIZE, self.shapes[name], others, lines=lines, taken=taken, marks=marks)
                taken.append(box)
                spots.append(spot)
            self._placed = (result, theme.line_scale, spots)
        for name, spot in zip(self.shapes, self._placed[2]):
            painter.text(spot, name, theme.shape(name), LABEL_SIZE)
        for name, spot in handles:
            painter.text(spot, name, theme.axis, 15)
        shown = [(name, hit, theme.highlight if name == result.first else theme.guide)
                 for name, hit in result.hits.items() if hit.hit and self.settings["hits"]]
        # The hits' t next, then the slabs' entries and exits: at 2x the slabs' labels took the
        # room below the box, and the first hit's t was drawn at 1x inside it.
        for name, hit, color in shown:
            painter.text((hit.point[0] + 8 * pixel, hit.point[1] - 18 * pixel), f"t = {self.reported.answers[f'shapes.{name}.fraction']}", color, 13)
        for name in self.shapes:
            any_shape.draw_named(self, painter, theme, name, theme.guide)
        if self.settings["slabs"]:
            self._slabs(result.hits["box"], painter, theme, pixel)
        painter.arrow(origin, end, theme.axis, 2)
        for name, hit, color in shown:
            painter.point(hit.point, color, 7 if name == result.first else 5)
            if self.settings["normals"] and hit.normal != (0.0, 0.0):
                painter.arrow(hit.point, _tip(hit), color, 2)
        for name, at in (("origin", origin), ("end", end)):
            painter.point(at, theme.highlight if self.hovered == name else theme.axis, 6)

    def _name_spot(self, at, away, name, theme):
        """Where a handle's name goes (its baseline's left end) to stand clear of its
        point (6 pixels, times the theme's line scale): a step further along ``away``, the
        ray's direction out of that end, off the ray whatever the text size; where that runs
        off the figure's side (a handle by the edge beside the panel), under the point instead;
        kept inside the figure's top and bottom (a name over the top was moved down by the
        label layout, onto the spot a shape's name had been given)."""
        pixel = self.view.pixel
        gap = (6 * theme.line_scale + 4) * pixel
        left, ink_down, right, ink_up = text_box((0.0, 0.0), name, 15, pixel, self.view.text_scale)
        width = right - left
        x0, y0, x1, y1 = self.view.rect
        x = at[0] + away[0] * gap - (width if away[0] < 0 else 0.0)
        if x0 + 2 * pixel <= x <= x1 - 2 * pixel - width:
            y = at[1] + away[1] * gap - (ink_up + ink_down) / 2
        else:
            x, y = min(max(at[0] - width / 2, x0 + 2 * pixel), x1 - 2 * pixel - width), at[1] - gap - ink_up
        return (x, min(max(y, y0 + 2 * pixel - ink_down), y1 - 2 * pixel - ink_up))

    def _marks(self, result, theme):
        """What a shape's name keeps off besides the shapes, as the label layout counts it:
        the lines drawn (the ray, the hits' normals, the slab lines) as (start, end) pairs, and
        the dots (the handles, the hits, the slabs' entries and exits) as world boxes."""
        origin, end = self.points["origin"], self.points["end"]
        dx, dy = end[0] - origin[0], end[1] - origin[1]
        lines, dots = [(origin, end)], [(origin, 6), (end, 6)]
        if self.settings["slabs"]:
            box = result.hits["box"]
            lines += self.slab_lines(box)
            dots += [((origin[0] + t * dx, origin[1] + t * dy), SLAB_DOT) for slab in box.steps
                     for t in (slab.entry, slab.exit) if math.isfinite(t) and 0.0 <= t <= SLAB_REACH]
        if self.settings["hits"]:
            for hit in (hit for hit in result.hits.values() if hit.hit):
                dots.append((hit.point, 7))
                if self.settings["normals"] and hit.normal != (0.0, 0.0):
                    lines.append((hit.point, _tip(hit)))
        # As the layout measures a dot: its size across, times the line scale, from its middle.
        reach = [size * theme.line_scale * self.view.pixel for _, size in dots]
        return lines, [(x - r, y - r, x + r, y + r) for ((x, y), _), r in zip(dots, reach)]

    def slab_lines(self, hit):
        """Each slab's two face lines (the box's faces drawn long), as (start, end) pairs: across
        the box, and a stretch where the ray crosses them, each SLAB_MARGIN past its end: near
        what they explain, with a break rather than a line across another shape."""
        box, origin, end = self.shapes["box"], self.points["origin"], self.points["end"]
        dx, dy = end[0] - origin[0], end[1] - origin[1]
        (cx, cy), lines = box.center, []
        for slab, half, other in zip(hit.steps, box.half_size, box.half_size[::-1]):
            ax, ay = slab.axis
            across = (-ay, ax)
            # Where along a face line the box spans, and where the ray's span crosses it.
            spans = [(-other - SLAB_MARGIN, other + SLAB_MARGIN)]
            for t in (slab.entry, slab.exit):
                if math.isfinite(t) and 0.0 <= t <= SLAB_REACH:
                    at = (origin[0] + t * dx - cx) * across[0] + (origin[1] + t * dy - cy) * across[1]
                    spans.append((at - SLAB_MARGIN, at + SLAB_MARGIN))
            for low, high in _merged(spans):
                for side in (-1, 1):
                    fx, fy = cx + side * half * ax, cy + side * half * ay
                    lines.append(((fx + across[0] * low, fy + across[1] * low), (fx + across[0] * high, fy + across[1] * high)))
        return lines

    def _slabs(self, hit, painter, theme, pixel):
        """Each slab's two faces and where the ray enters and leaves it."""
        origin, end = self.points["origin"], self.points["end"]
        dx, dy = end[0] - origin[0], end[1] - origin[1]
        keep_off = getattr(painter, "keep_off", lambda shape: None)
        for start, stop in self.slab_lines(hit):
            painter.segment(start, stop, theme.guide, 1)
            # The labels keep off the line as off an outline: a box one unit thick along it.
            middle = ((start[0] + stop[0]) / 2, (start[1] + stop[1]) / 2)
            length = math.dist(start, stop)
            keep_off(Box(middle, (length / 2, 1.0), math.atan2(stop[1] - start[1], stop[0] - start[0])))
        for slab, name in zip(hit.steps, ("x", "y")):
            for t, word in ((slab.entry, "in"), (slab.exit, "out")):
                # Before the origin the segment is not yet there: only its own span is marked.
                if math.isfinite(t) and 0.0 <= t <= SLAB_REACH:
                    at = (origin[0] + t * dx, origin[1] + t * dy)
                    painter.point(at, theme.guide, SLAB_DOT)
                    painter.text((at[0] - 8 * pixel, at[1] + 8 * pixel), f"{name} {word}", theme.guide, 13, "right")

    def report(self, result):
        hits, first = result.hits, result.first
        if first is None:
            verdict = Verdict("MISSES EVERY SHAPE", "separating")
        elif hits[first].fraction == 0.0:
            verdict = Verdict(f"STARTS INSIDE {self.called(first).upper()}", "mtv", "t = 0, no normal")
        else:
            verdict = Verdict(f"FIRST HIT: {self.called(first).upper()}", "highlight", f"t = {hits[first].fraction:.3f}")
        box = hits["box"]
        decided = next((k for k, slab in enumerate(box.steps) if slab.decides), None)
        lines = (Line(f"The box: the {'xy'[decided]} slab decides." if decided is not None else "The box: no slab decides (the ray starts inside)."),)
        facts = (Fact("first", first or "none", "the shape met first"),
                 Fact("fraction", hits[first].fraction if first else None, "where, as t", digits=3), *self._tables(hits))
        report = Report(verdict, lines, facts=facts)
        if result.trace is None:
            return report
        recorded = result.trace
        code = step_code(recorded, recorded.runs, "the box's slab test, both slabs", "return _hit(origin, translation, lower")
        return with_code(report, code, (Cost("slabs tested", recorded.ran("at = rx * ax + ry * ay")),))

    def called(self, name):
        """How the verdict and the table name a shape: the box, the circle, A or B with its kind."""
        return f"{name} ({any_shape.kind_of(self.shapes[name])})" if name in PICKED else f"the {name}"

    def _tables(self, hits):
        """Every shape's hit (a miss has no t, point or normal), and the box's two slabs."""
        shapes = {
            name: {"shape": self.called(name), "hit": hit.hit, "fraction": hit.fraction if hit.hit else None,
                   "point": list(hit.point) if hit.point else None, "normal": list(hit.normal) if hit.hit else None}
            for name, hit in hits.items()
        }
        columns = (Column("shape"), Column("hit", "hit?"), Column("fraction", "t", digits=3), Column("point"), Column("normal"))
        slabs = {
            name: {"slab": name, "entry": _t(slab.entry), "exit": _t(slab.exit), "lower": _t(slab.lower), "upper": _t(slab.upper), "decides": slab.decides}
            for name, slab in zip(("x", "y"), hits["box"].steps)
        }
        # Short headings: six columns fit the panel's width at 1280x720 (the long ones cut the last two).
        slab_columns = (Column("slab"), Column("entry", "in at t", digits=3), Column("exit", "out at t", digits=3),
                        Column("lower", "latest in", digits=3), Column("upper", "earliest out", digits=3), Column("decides"))
        return (Fact("shapes", shapes, "Every shape", columns=columns), Fact("slabs", slabs, "The box's slab test", columns=slab_columns))


def _tip(hit):
    """The drawn normal's tip at a hit."""
    return (hit.point[0] + hit.normal[0] * NORMAL_LENGTH, hit.point[1] + hit.normal[1] * NORMAL_LENGTH)


def _merged(spans):
    """Overlapping (low, high) spans joined, in order."""
    merged = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def _t(value):
    """A fraction as the slab table shows it: infinities by name (JSON has no infinity)."""
    if math.isinf(value):
        return "minus infinity" if value < 0 else "infinity"
    return value
