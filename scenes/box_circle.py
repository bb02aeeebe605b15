"""Box against circle with Voronoi regions: DemoSAT5 of the Tuts+ tutorial, Metanet figures 8 and 10."""

import math
from typing import NamedTuple

from imgui_bundle import imgui

from collision import Box, Circle, Region, project, sat, voronoi_region
from sandbox import palette, sat_view, voronoi_view
from sandbox.scene import Scene, register


class Naive(NamedTuple):
    """Metanet figure 8: both box normals and every corner-to-centre axis, 2 + 4 of them."""

    overlaps: tuple
    """(axis name, overlap) for each axis; negative overlap is a gap."""

    colliding: bool


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


@register("box-circle", "SAT", "Box vs circle")
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
    overlays = {
        "regions": ("Voronoi regions", True),
        "projections": ("Projections beside the scene", True),
        "mtv": ("MTV arrow", True),
        "demosat5": ("DemoSAT5's centre-to-centre test", False),
        "naive": ("Naive test: every corner axis", False),
    }

    def setup(self):
        self.shapes = {"A": Box((-330, -20), (110, 70)), "B": Circle((-190, 90), 45)}

    def refresh(self):
        box, circle = self.shapes["A"], self.shapes["B"]
        self.result = sat(box, circle)
        self.early = sat(box, circle, early_exit=True)
        self.feature = voronoi_region(box, circle.center)
        self.demosat5 = demosat5_collides(box, circle)
        self.naive = naive(box, circle)

    def numbers(self):
        return {
            **sat_view.sat_numbers(self.result),
            "region": [self.feature.region.value, self.feature.index],
            "demosat5_collides": self.demosat5,
            "naive": {name: overlap for name, overlap in self.naive.overlaps},
        }

    def draw(self, painter):
        box, circle = self.shapes["A"], self.shapes["B"]
        if self.overlay["regions"]:
            for region, index, points in voronoi_view.regions(box):
                holds = (region, index) == (self.feature.region, self.feature.index)
                tint = palette.faded(palette.HIGHLIGHT, 40) if holds else palette.faded(palette.GUIDE, 14 if region is Region.EDGE else 28)
                painter.polygon(points, palette.faded(palette.GUIDE, 60), tint, 1)
        self.draw_shape(painter, "A", palette.SHAPE_A)
        self.draw_shape(painter, "B", palette.SHAPE_B)
        painter.segment(circle.center, self.feature.closest, palette.DIM_TEXT, 1)
        painter.point(self.feature.closest, palette.HIGHLIGHT, 4)
        if self.overlay["projections"]:
            for slot, test in enumerate(self.result.axes):
                offset = sat_view.beside(list(self.shapes.values()), test.axis, slot)
                sat_view.draw_axis(painter, test, sat_view.axis_name(slot), offset)
        if self.overlay["naive"]:
            for x, y in box.world_vertices():
                painter.segment((x, y), circle.center, palette.GUIDE, 1)
        if self.overlay["demosat5"]:
            color = palette.MAX_CORNER if self.demosat5 != self.result.colliding else palette.DIM_TEXT
            painter.segment(box.center, circle.center, color, 2)
        if self.overlay["mtv"]:
            sat_view.draw_mtv(painter, self.result, circle)

    def panel(self):
        feature = self.feature
        where = {
            Region.INSIDE: "inside the box",
            Region.EDGE: f"edge {feature.index}'s region: the box's normals decide",
            Region.VERTEX: f"corner {Box.CORNERS[feature.index]}'s region: its axis joins the test",
        }[feature.region]
        imgui.text_wrapped(f"Circle centre: {where}")
        sat_view.results_panel(self.result, self.early)
        if self.overlay["demosat5"]:
            imgui.separator_text("DemoSAT5")
            says = "collision" if self.demosat5 else "no collision"
            if self.demosat5 != self.result.colliding:
                imgui.text_colored(palette.imgui_color(palette.MAX_CORNER), f"Says {says}: wrong! One axis is not enough.")
            else:
                imgui.text(f"Says {says}: right, this time.")
        if self.overlay["naive"]:
            imgui.separator_text("Naive test (Metanet figure 8)")
            for name, overlap in self.naive.overlaps:
                imgui.bullet_text(f"{name}: {'gap' if overlap < 0 else 'overlap'} {abs(overlap):.1f}")
            imgui.text(f"{len(self.naive.overlaps)} axes, verdict {'colliding' if self.naive.colliding else 'separated'}; "
                       f"the Voronoi test needed {len(self.result.axes)}")
