"""Capsules and rounded boxes (or any two kinds): a core grown by a radius, and distance found by GJK on the cores."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Gjk, Manifold, SatResult, Vector, gjk, manifold, sat
from collision import rounded
from sandbox.kit.events import Event
from sandbox.kit.figures import any_shape
from sandbox.kit import Action, Fact, Line, Param, Report, Scene, Verdict, faded, register
from collision import point_query
from sandbox.kit.labels import outline_meets_box, segment_meets_box, text_box

B_HALF = (70.0, 45.0)

A_THICK = 10.0
"""World units: the least half thickness of an A that is not a capsule, where the radius is less."""

PRESETS = {
    "Apart": {"caption": "GJK measures the cores' gap; the radii come off it: the shapes' own gap.", "p1": (-300.0, 40.0), "p2": (-130.0, 110.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
    "Corner to corner": {"caption": "Two rounded corners touch along the line between the cores' nearest points: one contact point.", "p1": (-120.0, 165.0), "p2": (-13.0, 58.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
    "Side on": {"caption": "The capsule lies along the box's top: two contact points, the capsule's side on the box's face.", "p1": (40.0, 72.0), "p2": (150.0, 72.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
}
"""Teaching layouts: the capsule's ends and radius, B's centre and rounding."""


class Result(NamedTuple):
    capsule: any_shape.Shape
    """A: a capsule between p1 and p2 by default, or a shape of A's kind spanning them."""

    gjk: Gjk
    core_gap: float
    """The cores' distance: GJK's distance plus both radii (0 when the cores overlap)."""

    sat: SatResult
    manifold: Manifold
    cores: tuple[tuple[float, float], tuple[float, float]] | None
    """The cores' nearest points (A's, B's), or None where the cores overlap: drawn also while
    the rounded shapes overlap, when GJK on the shapes has no nearest points."""


@register("capsules", "Motion and response", "Capsules and rounded boxes", order=7)
class Capsules(Scene):
    lesson = (
        "A capsule is a segment grown by a radius; a rounded box is a box grown by one. Box2D keeps "
        "each as its core and its radius: GJK finds the distance between the cores, and the radii come "
        "off at the end, exactly, with no polygon standing in for the round parts. A rounded corner "
        "meets a ledge on its curve, so the way out tilts smoothly as it passes; a sharp corner's way out "
        "jumps from up to back, and it catches."
    )
    things_to_try = (
        "Drag the capsule's ends: the thin line between the cores is GJK's answer; the gap between the shapes is that less both radii.",
        "Raise B's rounding: its corners turn to arcs; the grey core stays the box.",
        "Press Corner to corner: one contact point, on the line between the cores' nearest points.",
        "Press Side on: two contact points where the capsule's side lies on B's face.",
        "Set the capsule's radius to 0: it is a bare segment, and still a shape every test takes.",
        "Pick a circle for A and a capsule for B: every pair of kinds is GJK on two cores, the radii off at the end.",
    )
    params = (
        Param("cores", "The cores and GJK's line between them", True, overlay=True),
        Param("contacts", "Contact points", True, overlay=True),
        Param("kind_a", "A's shape", "capsule", choices=any_shape.KINDS, help="A spans p1 to p2, whatever its kind."),
        Param("kind_b", "B's shape", "box", choices=any_shape.KINDS),
        Param("radius", "A's radius", 30, low=0, high=80, help="A capsule's or a rounded polygon's radius (a box's half thickness, a circle's radius)."),
        Param("rounding", "B's rounding", 20, low=0, high=60, help="The radius B's box, rounded polygon or capsule is grown by."),
    )
    handles = {"p1": PRESETS["Apart"]["p1"], "p2": PRESETS["Apart"]["p2"]}
    frame = (-340.0, -150.0, 300.0, 220.0)
    events = (
        Event("corner-to-corner", "Two rounded corners just touch: one contact point, on the line between the cores",
              lambda report: report.answers["contacts"] == "1" and report.numbers.get("depth", 0.0) < 5, handles=("p1", "p2")),
    )
    actions = tuple(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items())

    def setup(self):
        self.shapes = {"B": Box(PRESETS["Apart"]["B"], B_HALF, 0.0, PRESETS["Apart"]["rounding"])}

    def make_b(self, position, angle):
        """B of its kind: a box rounded by B's rounding (the scene's rounded box), or any other."""
        kind, rounding = self.settings["kind_b"], self.settings["rounding"]
        if kind == "box":
            return Box(position, B_HALF, angle, rounding)
        return any_shape.sized(kind, B_HALF, position, angle, rounding)

    def make_a(self):
        """A between p1 and p2: the capsule on them, or a shape of A's kind as long, along them."""
        (x1, y1), (x2, y2), radius = self.points["p1"], self.points["p2"], self.settings["radius"]
        kind = self.settings["kind_a"]
        if kind == "capsule":
            return Capsule((x1, y1), (x2, y2), radius)
        middle, angle = ((x1 + x2) / 2, (y1 + y2) / 2), math.atan2(y2 - y1, x2 - x1)
        half = (math.dist((x1, y1), (x2, y2)) / 2 + radius, max(radius, A_THICK))
        return any_shape.sized(kind, half, middle, angle, radius)

    def settle(self):
        # A changed kind or rounding rebuilds B in its place, keeping its turn.
        b = self.shapes["B"]
        new = self.make_b(b.position, getattr(b, "angle", 0.0))
        if any_shape.differs(b, new):
            self.shapes["B"] = new
        if self.settings["kind_a"] == "circle":
            self._on_the_rim()

    def _on_the_rim(self):
        """A circle has no ends: its radius is the slider's (at least A_THICK, the slider moved
        up to it, as the table shows it), and p1 and p2 stand on its rim at the ends of the
        diameter along them, where they were left floating beside it."""
        self.settings["radius"] = max(self.settings["radius"], int(A_THICK))
        (x1, y1), (x2, y2), radius = self.points["p1"], self.points["p2"], self.settings["radius"]
        length = math.dist((x1, y1), (x2, y2))
        if abs(length - 2 * radius) < 1e-9:
            return
        ux, uy = ((x2 - x1) / length, (y2 - y1) / length) if length else (1.0, 0.0)
        middle = ((x1 + x2) / 2, (y1 + y2) / 2)
        self.points["p1"] = Vector(middle[0] - ux * radius, middle[1] - uy * radius)
        self.points["p2"] = Vector(middle[0] + ux * radius, middle[1] + uy * radius)

    def preset(self, name):
        case = PRESETS[name]
        self.points["p1"], self.points["p2"] = Vector(*case["p1"]), Vector(*case["p2"])
        self.settings["radius"], self.settings["rounding"] = case["radius"], case["rounding"]
        self.settings["kind_a"], self.settings["kind_b"] = "capsule", "box"
        self.shapes["B"] = self.make_b(case["B"], 0.0)

    def move(self, name, point):
        # A circle's handles stand on its rim, a diameter apart: either drags it whole, so the
        # handle stays under the pointer (moved alone, the rim would pull it half-way back).
        if self.settings["kind_a"] == "circle" and name in self.points:
            other = "p2" if name == "p1" else "p1"
            dx, dy = point[0] - self.points[name][0], point[1] - self.points[name][1]
            self.points[other] = Vector(self.points[other][0] + dx, self.points[other][1] + dy)
            self.points[name] = Vector(float(point[0]), float(point[1]))
            return
        super().move(name, point)

    def constrain(self, name, point):
        other = self.points["p2" if name == "p1" else "p1"]
        if math.dist(point, other) < 5:
            raise ValueError("the capsule's ends must stay at least 5 apart")
        return point

    def compute(self, ctx):
        capsule = self.make_a()
        b = self.shapes["B"]
        walked = gjk(capsule, b)
        core_gap = walked.distance + capsule.radius + b.radius if not walked.colliding else max(0.0, walked.radius - walked.depth)
        _, on_a, on_b, _, _ = rounded.core_distance(rounded.core(capsule)[0], rounded.core(b)[0])
        cores = (tuple(on_a), tuple(on_b)) if on_a is not None else None
        return Result(capsule, walked, core_gap, sat(capsule, b), manifold(capsule, b), cores)

    def draw(self, result, painter, theme):
        pixel, scale = self.view.pixel, self.view.text_scale
        capsule, b = result.capsule, self.shapes["B"]
        a_color, b_color = theme.shape("A"), theme.shape("B")
        core = theme.guide if self.settings["cores"] else None
        any_shape.draw_named(self, painter, theme, "B", core)
        any_shape.draw(painter, capsule, a_color, faded(a_color, 70), 2, core)
        # A is not one of the scene's shapes (its handles are): its labels keep off it too.
        getattr(painter, "keep_off", lambda shape: None)(capsule)
        if self.settings["cores"] and result.cores is not None:
            # The cores' line, also where the shapes overlap: the contact lies on it.
            painter.segment(*result.cores, theme.guide, 1)
            for point in result.cores:
                painter.point(point, theme.guide, 4)
            walked = result.gjk
            if walked.closest_a is not None:
                painter.segment(walked.closest_a, walked.closest_b, theme.separating, 3)
                text = f"gap {self.reported.answers['gap']}"
                painter.text(self._gap_spot(result, text), text, theme.separating, 14, "center")
        if self.settings["contacts"]:
            for contact in result.manifold.points:
                painter.point(contact.point, theme.mtv, 7)
        self._ends(painter, theme, result)
        # Each name on the side away from the other shape: the gap between them is the figure's.
        a_box, b_box = capsule.aabb(), b.aabb()
        a_above = a_box[1] + a_box[3] >= b_box[1] + b_box[3]
        for box, text, color, above in ((a_box, any_shape.kind_of(capsule), a_color, a_above), (b_box, "B", b_color, not a_above)):
            x0, y0, x1, y1 = box
            y = y1 + 8 * pixel if above else y0 - 8 * pixel - 16 * 1.3 * pixel * scale
            painter.text(((x0 + x1) / 2, y), text, color, 16, "center")

    def _ends(self, painter, theme, result):
        """The handles p1 and p2, each named past its end of A, clear of A's outline and B."""
        pixel, scale = self.view.pixel, self.view.text_scale
        (x1, y1), (x2, y2) = self.points["p1"], self.points["p2"]
        length = math.dist((x1, y1), (x2, y2))
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        # A circle's handles stand on its rim; a capsule's (or a box's) are its core's ends.
        reach = 0.0 if self.settings["kind_a"] == "circle" else result.capsule.radius
        for name, (x, y), away in (("p1", (x1, y1), -1), ("p2", (x2, y2), 1)):
            painter.point((x, y), theme.highlight if self.hovered == name else theme.shape("A"), 6)
            left, bottom, right, top = text_box((0.0, 0.0), name, 14, pixel, scale, "center")
            # Past A's end; where that is on B or its outline (an end pressed into B's corner:
            # printed, "p2" stood inside B), beside the end, square to A, or out between the
            # two. Each its box a gap beyond A's radius that way, at any text size.
            ax, ay = away * ux, away * uy
            spots = []
            for dx, dy in ((ax, ay), (-uy, ux), (uy, -ux), (ax - uy, ay + ux), (ax + uy, ay - ux)):
                dx, dy = dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)
                past = reach + 4 * pixel * scale + abs(dx) * (right - left) / 2 + abs(dy) * (top - bottom) / 2
                spots.append((x + dx * past, y + dy * past))
            painter.text(self._clear(result, spots, name), name, theme.shape("A"), 14, "center")

    def _clear(self, result, centres, text):
        """The baseline of ``text`` centred on the first of ``centres`` where its box is in the
        view, off both shapes' outlines, in neither, and off GJK's gap line; the first where
        none is."""
        pixel, scale = self.view.pixel, self.view.text_scale
        _, bottom, _, top = text_box((0.0, 0.0), text, 14, pixel, scale, "center")
        shapes = (result.capsule, self.shapes["B"])
        walked, pad = result.gjk, 2 * pixel * scale
        for cx, cy in centres:
            at = (cx, cy - (bottom + top) / 2)
            box = text_box(at, text, 14, pixel, scale, "center")
            corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
            x0, y0, x1, y1 = self.view.rect
            if box[0] < x0 or box[1] < y0 or box[2] > x1 or box[3] > y1:
                continue
            if any(outline_meets_box(shape, box, pad) or point_query(shape, corners[0]).inside for shape in shapes):
                continue
            if walked.closest_a is not None and segment_meets_box(walked.closest_a, walked.closest_b, box, pad):
                continue
            return at
        return (centres[0][0], centres[0][1] - (bottom + top) / 2)

    def _gap_spot(self, result, text):
        """Where the gap's number goes: beside the middle of GJK's gap line, square to it, from
        a gap out to three times that, on whichever side first leaves it clear of both shapes
        (a fixed nudge stood it inside B once the capsule came near)."""
        pixel, scale = self.view.pixel, self.view.text_scale
        (ax, ay), (bx, by) = result.gjk.closest_a, result.gjk.closest_b
        middle, length = ((ax + bx) / 2, (ay + by) / 2), math.dist((ax, ay), (bx, by)) or 1.0
        nx, ny = (ay - by) / length, (bx - ax) / length
        left, bottom, right, top = text_box((0.0, 0.0), text, 14, pixel, scale, "center")
        reach = abs(nx) * (right - left) / 2 + abs(ny) * (top - bottom) / 2 + 4 * pixel * scale
        centres = [(middle[0] + side * nx * reach * k / 4, middle[1] + side * ny * reach * k / 4) for k in range(4, 13) for side in (1, -1)]
        return self._clear(result, centres, text)

    def report(self, result):
        walked = result.gjk
        if walked.colliding and walked.touching:
            verdict = Verdict("TOUCHING", "overlap", "gap 0")
        elif walked.colliding:
            count = len(result.manifold.points)
            verdict = Verdict("COLLIDING", "mtv", f"depth {walked.depth:.1f}, {count} contact point{'s' if count != 1 else ''}")
        else:
            verdict = Verdict("SEPARATED", "separating", f"gap {walked.distance:.1f}")
        core_gap = Fact("core_gap", result.core_gap, "the cores' distance (GJK)")
        radius_a = Fact("radius", result.capsule.radius, "A's radius (its core grown by it)")
        radius_b = Fact("rounding", self.shapes["B"].radius, "B's radius (its rounding)")
        # The line quotes the facts as the table writes them.
        lines = (Line(f"Cores {core_gap.text()} apart, less the radii {radius_a.text()} + {radius_b.text()}."),)
        facts = (
            core_gap,
            radius_a,
            radius_b,
            Fact("gap", walked.distance if not walked.colliding else -walked.depth, "the shapes' gap (negative: depth)"),
            Fact("sat_depth", result.sat.depth, "SAT's depth, for comparison"),
            Fact("contacts", len(result.manifold.points), "contact points"),
        )
        numbers = {"verdict": verdict.text, "contact_points": [list(p.point) for p in result.manifold.points]}
        if walked.colliding:
            # Only while they overlap: apart, a caption's "sunk {depth}" shows a dash, not "sunk 0.0".
            numbers["depth"] = walked.depth
        return Report(verdict, lines, facts=facts, numbers=numbers)
