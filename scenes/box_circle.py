"""Box against circle with Voronoi regions: DemoSAT5 of the Tuts+ tutorial, Metanet figures 8 and 10."""

import math
from typing import NamedTuple

from collision import Box, Circle, Feature, Region, SatResult, project, sat, voronoi_region
from sandbox.kit.figures import sat_view
from sandbox.kit.figures import voronoi_view
from sandbox.kit import CORNER_WORDS, Claim, Column, Fact, Param, Report, Scene, faded, register
from sandbox.kit.events import Event


class Naive(NamedTuple):
    """Metanet figure 8: both box normals and every corner-to-centre axis, 2 + 4 of them."""

    overlaps: tuple
    """(axis name, overlap) for each axis; negative overlap is a gap."""

    colliding: bool


class Result(NamedTuple):
    sat: SatResult
    early: SatResult
    feature: Feature
    """The box's feature nearest the circle's centre, and the region holding the centre."""

    regions: tuple
    """(Region, index, corner points) of every Voronoi region, for shading."""

    demosat5: bool
    """What DemoSAT5's one-axis test says."""

    naive: Naive
    strips: tuple


def demosat5_collides(box, circle):
    """DemoSAT5's single test: the box's reach along the centre-to-centre line only."""
    dx, dy = circle.center.x - box.center.x, circle.center.y - box.center.y
    distance = math.hypot(dx, dy)
    if distance == 0:
        return True
    reach = max((x - box.center.x) * dx / distance + (y - box.center.y) * dy / distance for x, y in box.world_vertices())
    return bool(distance - reach - circle.radius <= 0)


def naive(box, circle):
    axes = [(f"normal {i}", tuple(box.normals()[i])) for i in (0, 1)]
    for i, (x, y) in enumerate(box.world_vertices()):
        dx, dy = circle.center.x - x, circle.center.y - y
        length = math.hypot(dx, dy)
        if length:
            axes.append((f"corner {Box.CORNERS[i]}", (dx / length, dy / length)))
    overlaps = []
    for name, axis in axes:
        a, b = project(box, axis), project(circle, axis)
        overlaps.append((name, min(a.max, b.max) - max(a.min, b.min)))
    return Naive(tuple((name, float(overlap)) for name, overlap in overlaps), bool(all(overlap >= 0 for _, overlap in overlaps)))


@register("box-circle", "Circles, tiles and points", "Box vs circle", order=1)
class BoxCircle(Scene):
    lesson = (
        "A circle has no edges, so which axes should it bring? The space round a box splits into "
        "Voronoi regions: four strips where the nearest part of the box is an edge, and four corner "
        "wedges where it is a vertex. In an edge strip the box's own normals settle it. Only in a "
        "corner wedge is one more axis needed: from that corner to the circle's centre. "
        "DemoSAT5 tested the centre-to-centre line alone, which is wrong near corners."
    )
    things_to_try = (
        "Drag the circle round a corner and watch the third axis appear only in the corner wedge.",
        "Find where the circle overlaps the box on x and y yet the corner axis separates them.",
        "Turn on DemoSAT5's test and look for a false collision just off a corner.",
        "Turn on the naive test: it always agrees, but it tests 2 + 4 axes instead of 2 or 3.",
    )
    params = (
        Param("regions", "Voronoi regions", True, overlay=True),
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        Param("demosat5", "DemoSAT5's centre-to-centre test", False, overlay=True),
        Param("naive", "Naive test: every corner axis", False, overlay=True),
    )
    frame = (-600.0, -260.0, 60.0, 260.0)
    events = (
        Event("demosat5-false", "DemoSAT5's single centre-to-centre axis claims a collision that is not there",
              lambda report: any(c.method == "DemoSAT5's single axis" and c.says == "COLLISION" and not c.right for c in report.claims),
              settings={"demosat5": True}, move=("B",)),
    )

    def setup(self):
        self.shapes = {"A": Box((-330, -20), (110, 70)), "B": Circle((-190, 90), 45)}

    def compute(self, ctx):
        box, circle = self.shapes["A"], self.shapes["B"]
        result = sat(box, circle)
        strips = ()
        if self.settings["projections"]:
            tip = sat_view.mtv_tip(result, circle) if self.settings["mtv"] else None
            taken = self.label_boxes(() if tip is None else (tip,))
            strips = sat_view.place_strips(result.axes, range(len(result.axes)), [box, circle], ctx.view, taken, self.strip_memory,
                                           sat_view.named_axis(result))
        return Result(
            result, sat(box, circle, early_exit=True), voronoi_region(box, circle.center), tuple(voronoi_view.regions(box)),
            demosat5_collides(box, circle), naive(box, circle), strips,
        )

    def _verdict(self, result):
        return sat_view.verdict(result.sat)

    def _numbers(self, result):
        """What the JSON holds beside the facts: what DemoSAT5 says, and the naive test's
        overlaps (a table of the panel only while its overlay is on)."""
        return {**sat_view.sat_numbers(result.sat), "demosat5_collides": result.demosat5, "naive": _naive_rows(result.naive)}

    def draw(self, result, painter, theme):
        report = result
        box, circle = self.shapes["A"], self.shapes["B"]
        if self.settings["regions"]:
            for region, index, points in report.regions:
                holds = (region, index) == (report.feature.region, report.feature.index)
                tint = faded(theme.highlight, 40) if holds else faded(theme.guide, 14 if region is Region.EDGE else 28)
                painter.polygon(points, faded(theme.guide, 60), tint, 1)
        self.draw_shape(painter, theme, "A")
        self.draw_shape(painter, theme, "B")
        painter.segment(circle.center, report.feature.closest, theme.dim_text, 1)
        painter.point(report.feature.closest, theme.highlight, 4)
        for strip in report.strips:
            sat_view.draw_strip(painter, theme, report.sat.axes[strip.index], strip, sat_view.axis_name(strip.index))
        if self.settings["naive"]:
            for x, y in box.world_vertices():
                painter.segment((x, y), circle.center, theme.guide, 1)
        if self.settings["demosat5"]:
            # DemoSAT5's axis: neutral, thicker where its answer is wrong (the claim says so in words).
            painter.segment(box.center, circle.center, theme.text if report.demosat5 != report.sat.colliding else theme.dim_text,
                            3 if report.demosat5 != report.sat.colliding else 2)
        tip = None
        if self.settings["mtv"]:
            sat_view.draw_mtv(painter, theme, report.sat, circle)
            tip = sat_view.mtv_tip(report.sat, circle)
        self.label_shapes(painter, theme, () if tip is None else (tip,))

    def report(self, result):
        feature = result.feature
        where = {
            Region.INSIDE: "inside the box",
            Region.EDGE: f"edge {feature.index}'s region: the box's normals decide",
            Region.VERTEX: f"corner {Box.CORNERS[feature.index]}'s region: its axis joins the test",
        }[feature.region]
        lines = [f"Circle centre: {where}"]
        claims = []
        if self.settings["demosat5"]:
            claims.append(Claim("DemoSAT5's single axis", "COLLISION" if result.demosat5 else "NO COLLISION", result.demosat5 == result.sat.colliding))
        if self.settings["naive"]:
            naive = result.naive
            claims.append(Claim(f"The naive test ({len(naive.overlaps)} axes)", "COLLIDING" if naive.colliding else "SEPARATED", naive.colliding == result.sat.colliding))
            lines.append(f"The naive test tried {len(naive.overlaps)} axes; the Voronoi test needed {len(result.sat.axes)}")
        if self.settings["projections"]:
            lines += sat_view.left_out(result.sat, result.strips, range(len(result.sat.axes)), sat_view.UNPAGED)
        return Report(self._verdict(result), tuple(lines), numbers=self._numbers(result), claims=tuple(claims), facts=self._facts(result))

    def _facts(self, result):
        feature = result.feature
        region, where = {
            Region.INSIDE: ("inside", "inside the box"),
            Region.EDGE: ("edge strip", f"{EDGE_WORDS[feature.index]} edge"),
            Region.VERTEX: ("corner wedge", f"{CORNER_WORDS[Box.CORNERS[feature.index]]} corner"),
        }[feature.region]
        facts = [*sat_view.sat_facts(result.sat, source=source_words, early=result.early),
                 Fact("region", region, "region holding the circle's centre"), Fact("feature", where, "the box's part nearest it")]
        if self.settings["demosat5"]:
            facts += [Fact("demosat5_says", "colliding" if result.demosat5 else "separated", "DemoSAT5's centre-to-centre test says"),
                      Fact("demosat5_right", result.demosat5 == result.sat.colliding, "DemoSAT5 is right")]
        if self.settings["naive"]:
            facts.append(Fact("naive", _naive_rows(result.naive), "The naive test: both normals and every corner",
                              columns=(Column("name", "naive axis"), Column("overlap", "overlap or gap", form="gap"))))
        return facts


def _naive_rows(naive):
    return [{"name": name, "overlap": overlap} for name, overlap in naive.overlaps]


EDGE_WORDS = ("right", "top", "left", "bottom")
"""The box's edges in words, in its own frame: edge i runs from corner i to the next."""


def source_words(source):
    """The box is A and the circle B: a corner axis runs from A's corner to the centre. Named
    as the headings name them ("A's shadow"), and shorter: with "box's corner" the axes table
    was 6 pixels wider than the panel at 1280x720, which cut its "overlap" heading."""
    return "A's corner" if source.kind.value == "vertex" else "A's edge"
