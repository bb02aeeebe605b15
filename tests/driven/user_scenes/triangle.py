"""A teacher's own scene, as one file: a triangle with draggable corners and a draggable point,
and the Voronoi region of the triangle that holds the point."""

import math

from collision import Polygon, ShapeError, voronoi_region
from sandbox.kit import Param, Report, Scene, Verdict, faded, register


@register("test-triangle", "Teachers' scenes", "Triangle and a point")
class TriangleAndPoint(Scene):
    lesson = "Which feature of the triangle is nearest the point: a corner, an edge, or is it inside?"
    things_to_try = ("Drag the point round a corner.", "Drag a corner across the opposite edge: it stops short.")
    params = (Param("closest", "Closest point", True, overlay=True),)
    handles = {"a": (-120, -70), "b": (130, -50), "c": (0, 120), "q": (180, 130)}
    frame = (-250.0, -200.0, 250.0, 200.0)

    def constrain(self, name, point):
        if name != "q":
            corners = {**self.points, name: point}
            try:
                Polygon([corners[k] for k in "abc"])
            except ShapeError:
                raise ValueError("would leave the triangle flat") from None
        return point

    def compute(self, ctx):
        return voronoi_region(Polygon([self.points[k] for k in "abc"]), self.points["q"])

    def report(self, result):
        distance = math.dist(self.points["q"], result.closest)
        numbers = {"region": result.region.value, "index": result.index, "closest": list(result.closest)}
        return Report(Verdict(result.region.value.upper(), "text", f"distance {distance:.1f}"), numbers=numbers)

    def draw(self, result, painter, theme):
        corners = [self.points[k] for k in "abc"]
        painter.polygon(corners, theme.shape_a, faded(theme.shape_a, 70), 2)
        for name, at in self.points.items():
            painter.point(at, theme.highlight if name == self.hovered else theme.max_corner, 6)
            painter.text((at[0] + 8, at[1] + 8), name, theme.text, 14)
        if self.settings["closest"]:
            painter.segment(self.points["q"], result.closest, theme.mtv, 2)
