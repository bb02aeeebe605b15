"""Two oriented boxes and the full SAT: DemoSAT3 of the Tuts+ tutorial, Metanet figure 3."""

import dataclasses
import math

from collision import Box, point_query
from sandbox.kit import Line, Param, register
from sandbox.kit.code_trace import CODE
from sandbox.kit.events import Event
from sandbox.kit.figures.sat_scene import PAGE, PairSatScene


@register("box-box", "SAT", "Box vs box", order=1)
class BoxBox(PairSatScene):
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
        "Tap R or T with the pointer on B until it lines up with A: the table drops to two axes.",
        "Press Next axis (or N) to show one axis at a time and step through them, as DemoSAT3's button did.",
        "Find a layout where no corner of either box is inside the other, yet they collide.",
    )
    params = (
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("guides", "Drop lines from the corners (one axis at a time)", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        PAGE,
        CODE,
    )
    frame = (-620.0, -300.0, 150.0, 300.0)
    events = (
        Event("corners-outside", "They collide with no corner of either box inside the other",
              lambda report: any(line.text.startswith(NO_CORNER) for line in report.lines)),
    )

    def setup(self):
        self.shapes = {"A": Box((-330, -70), (110, 60), 0.35), "B": Box((-140, 50), (80, 45), math.radians(-10))}

    def report(self, result):
        report = super().report(result)
        a, b = self.shapes["A"], self.shapes["B"]
        # Strictly inside: a corner on the other's outline is a touch, not the case to show.
        inside = any(point_query(box, corner).distance < 0 for box, other in ((a, b), (b, a)) for corner in other.world_vertices())
        if not result.sat.colliding or result.sat.touching or inside:
            return report
        return dataclasses.replace(report, lines=(*report.lines, Line(f"{NO_CORNER}, yet they collide: an edge of each crosses the other.")))


NO_CORNER = "No corner of either box is inside the other"
"""What the report says when they collide with every corner outside: the event corners-outside."""
