"""Two oriented boxes and the full SAT: DemoSAT3 of the Tuts+ tutorial, Metanet figure 3."""

import math

from collision import Box, sat
from sandbox import palette, sat_view
from sandbox.scene import Scene, register


@register("box-box", "SAT", "Box vs box")
class BoxBox(Scene):
    lesson = (
        "Two boxes overlap only if their shadows overlap on every axis that could separate them. "
        "For boxes those axes are the edge normals: P and Q from box A, R and S from box B. "
        "Opposite edges share an axis, so four axes, not eight; two when the boxes turn alike. "
        "If every axis overlaps, the axis with the least overlap gives the shortest push apart: "
        "the minimum translation vector."
    )
    things_to_try = (
        "Drag B until exactly one axis turns green: that axis alone proves they are apart.",
        "Push B into A and watch the purple MTV jump from one axis to another.",
        "Rotate B with R and T until it matches A: the table drops to two axes.",
        "Page through the axes one at a time, as DemoSAT3's button did.",
        "Find a layout where the boxes' corners are all outside each other, yet they collide.",
    )
    overlays = {
        "projections": ("Projections beside the scene", True),
        "guides": ("Drop lines from the corners (one axis at a time)", True),
        "mtv": ("MTV arrow", True),
    }

    def setup(self):
        self.shapes = {"A": Box((-330, -70), (110, 60), 0.35), "B": Box((-140, 50), (80, 45), math.radians(-10))}
        self.page = None

    def refresh(self):
        a, b = self.shapes["A"], self.shapes["B"]
        self.result = sat(a, b)
        self.early = sat(a, b, early_exit=True)
        if self.page is not None:
            self.page %= len(self.result.axes)

    def shown_axes(self):
        """Indices of the axes drawn now: all of them, or the current page."""
        return range(len(self.result.axes)) if self.page is None else [self.page]

    def draw(self, painter):
        shapes = list(self.shapes.values())
        self.draw_shape(painter, "A", palette.SHAPE_A)
        self.draw_shape(painter, "B", palette.SHAPE_B)
        if self.overlay["projections"]:
            for slot, index in enumerate(self.shown_axes()):
                test = self.result.axes[index]
                offset = sat_view.beside(shapes, test.axis, slot)
                sat_view.draw_axis(painter, test, sat_view.axis_name(index), offset)
                if self.overlay["guides"] and self.page is not None:
                    sat_view.draw_guides(painter, self.shapes["A"], offset - 6, test.axis)
                    sat_view.draw_guides(painter, self.shapes["B"], offset + 6, test.axis)
        if self.overlay["mtv"]:
            sat_view.draw_mtv(painter, self.result, self.shapes["B"])

    def panel(self):
        self.page = sat_view.page_controls(self.page, len(self.result.axes))
        sat_view.results_panel(self.result, self.early)

    def settings(self):
        return {"page": self.page}

    def apply_settings(self, settings):
        self.page = sat_view.check_page(settings)
        self.refresh()
