"""Capsules and rounded boxes: a core grown by a radius, and distance found by GJK on the cores."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Gjk, Manifold, SatResult, Vector, gjk, grown_outline, manifold, sat
from sandbox.kit.events import Event
from sandbox.kit import Action, Fact, Line, Param, Report, Scene, Verdict, faded, register

B_HALF = (70.0, 45.0)

PRESETS = {
    "Apart": {"caption": "GJK measures the cores' gap; the radii come off it: the shapes' own gap.", "p1": (-300.0, 40.0), "p2": (-130.0, 110.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
    "Corner to corner": {"caption": "Two rounded corners touch along the line between the cores' nearest points: one contact point.", "p1": (-120.0, 165.0), "p2": (-13.0, 58.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
    "Side on": {"caption": "The capsule lies along the box's top: two contact points, the capsule's side on the box's face.", "p1": (40.0, 72.0), "p2": (150.0, 72.0), "radius": 30, "B": (90.0, -20.0), "rounding": 20},
}
"""Teaching layouts: the capsule's ends and radius, B's centre and rounding."""


class Result(NamedTuple):
    capsule: Capsule
    gjk: Gjk
    core_gap: float
    """The cores' distance: GJK's distance plus both radii (0 when the cores overlap)."""

    sat: SatResult
    manifold: Manifold


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
    )
    params = (
        Param("cores", "The cores and GJK's line between them", True, overlay=True),
        Param("contacts", "Contact points", True, overlay=True),
        Param("radius", "Capsule radius", 30, low=0, high=80),
        Param("rounding", "B's rounding", 20, low=0, high=60),
    )
    handles = {"p1": PRESETS["Apart"]["p1"], "p2": PRESETS["Apart"]["p2"]}
    frame = (-340.0, -150.0, 300.0, 220.0)
    events = (
        Event("corner-to-corner", "Two rounded corners just touch: one contact point, on the line between the cores",
              lambda report: report.answers["contacts"] == "1" and report.numbers["depth"] < 5, handles=("p1", "p2")),
    )
    actions = tuple(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items())

    def setup(self):
        self.shapes = {"B": Box(PRESETS["Apart"]["B"], B_HALF, 0.0, PRESETS["Apart"]["rounding"])}

    def settle(self):
        # A changed rounding rebuilds B in its place, keeping its turn.
        b = self.shapes["B"]
        if b.radius != self.settings["rounding"]:
            self.shapes["B"] = Box(b.position, B_HALF, b.angle, self.settings["rounding"])

    def preset(self, name):
        case = PRESETS[name]
        self.points["p1"], self.points["p2"] = Vector(*case["p1"]), Vector(*case["p2"])
        self.settings["radius"], self.settings["rounding"] = case["radius"], case["rounding"]
        self.shapes["B"] = Box(case["B"], B_HALF, 0.0, case["rounding"])

    def constrain(self, name, point):
        other = self.points["p2" if name == "p1" else "p1"]
        if math.dist(point, other) < 5:
            raise ValueError("the capsule's ends must stay at least 5 apart")
        return point

    def compute(self, ctx):
        capsule = Capsule(self.points["p1"], self.points["p2"], self.settings["radius"])
        b = self.shapes["B"]
        walked = gjk(capsule, b)
        core_gap = walked.distance + capsule.radius + b.radius if not walked.colliding else max(0.0, walked.radius - walked.depth)
        return Result(capsule, walked, core_gap, sat(capsule, b), manifold(capsule, b))

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        capsule, b = result.capsule, self.shapes["B"]
        ends = capsule.world_points().tolist()
        a_color, b_color = theme.shape("A"), theme.shape("B")
        outline_b = theme.highlight if "B" in (self.hovered, self.selected) else b_color
        painter.polygon(grown_outline(b.world_vertices().tolist(), b.radius), outline_b, faded(b_color, 70), 2)
        painter.point(b.position, outline_b, 4)
        if capsule.radius > 0:
            painter.polygon(grown_outline(ends, capsule.radius), a_color, faded(a_color, 70), 2)
        else:
            painter.segment(*ends, a_color, 3)
        if self.settings["cores"]:
            painter.polygon(b.world_vertices().tolist(), theme.guide, None, 1)
            painter.segment(*ends, theme.guide, 1)
            walked = result.gjk
            if walked.closest_a is not None:
                # GJK's closest points are on the surfaces; the cores' lie a radius further in.
                n = walked.normal
                core_a = (walked.closest_a[0] - n.x * capsule.radius, walked.closest_a[1] - n.y * capsule.radius)
                core_b = (walked.closest_b[0] + n.x * b.radius, walked.closest_b[1] + n.y * b.radius)
                painter.segment(core_a, core_b, theme.guide, 1)
                painter.segment(walked.closest_a, walked.closest_b, theme.separating, 3)
                middle = ((walked.closest_a[0] + walked.closest_b[0]) / 2, (walked.closest_a[1] + walked.closest_b[1]) / 2)
                painter.text((middle[0] + 8 * pixel, middle[1] + 8 * pixel), f"gap {walked.distance:.1f}", theme.separating, 14)
        if self.settings["contacts"]:
            for contact in result.manifold.points:
                painter.point(contact.point, theme.mtv, 7)
        for name in ("p1", "p2"):
            at = self.points[name]
            painter.point(at, theme.highlight if self.hovered == name else a_color, 6)
            painter.text((at[0] + 9 * pixel, at[1] + 9 * pixel), name, a_color, 14)
        cx0, _, cx1, cy1 = capsule.aabb()
        painter.text(((cx0 + cx1) / 2, cy1 + 8 * pixel), "capsule", a_color, 16, "center")
        x0, y0, x1, y1 = b.aabb()
        painter.text(((x0 + x1) / 2, y1 + 8 * pixel), "B", b_color, 16, "center")

    def report(self, result):
        walked = result.gjk
        if walked.colliding and walked.touching:
            verdict = Verdict("TOUCHING", "overlap", "gap 0")
        elif walked.colliding:
            count = len(result.manifold.points)
            verdict = Verdict("COLLIDING", "mtv", f"depth {walked.depth:.1f}, {count} contact point{'s' if count != 1 else ''}")
        else:
            verdict = Verdict("SEPARATED", "separating", f"gap {walked.distance:.1f}")
        radius_a, radius_b = result.capsule.radius, self.shapes["B"].radius
        lines = (Line(f"Cores {result.core_gap:.1f} apart, less the radii {radius_a:.0f} + {radius_b:.0f}."),)
        facts = (
            Fact("core_gap", result.core_gap, "the cores' distance (GJK)"),
            Fact("radius", radius_a, "the capsule's radius"),
            Fact("rounding", radius_b, "B's rounding"),
            Fact("gap", walked.distance if not walked.colliding else -walked.depth, "the shapes' gap (negative: depth)"),
            Fact("sat_depth", result.sat.depth, "SAT's depth, for comparison"),
            Fact("contacts", len(result.manifold.points), "contact points"),
        )
        numbers = {"depth": walked.depth, "verdict": verdict.text, "contact_points": [list(p.point) for p in result.manifold.points]}
        return Report(verdict, lines, facts=facts, numbers=numbers)
