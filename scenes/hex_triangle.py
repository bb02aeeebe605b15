"""Hexagon against triangle, or any two regular polygons: DemoSAT4 of the Tuts+ tutorial, GPWiki."""

from imgui_bundle import imgui

from collision import regular_polygon
from sandbox import sat_view
from sandbox.sat_scene import PairSatScene
from sandbox.scene import register

MOST_SIDES = 64


@register("hex-triangle", "SAT", "Hexagon vs triangle")
class HexTriangle(PairSatScene):
    lesson = (
        "For any two convex polygons the candidate axes are the normals of every edge of both: n + m "
        "of them, as GPWiki counts. Normals that are parallel give the same shadows, so they are "
        "tested once: a hexagon's opposite edges share three axes, a triangle has no parallel edges. "
        "The more sides, the more axes, and a collision must test them all."
    )
    things_to_try = (
        "Set 4 sides against 4 and turn one square until the axis count drops.",
        "Raise both side counts and watch the number of axes climb.",
        "Find a layout where only one of the triangle's axes separates the shapes.",
        "Turn on 'one axis at a time' and page through them, as DemoSAT3 did.",
    )
    overlays = {
        "projections": ("Projections beside the scene", True),
        "mtv": ("MTV arrow", True),
    }

    def setup(self):
        self.sides = {"A": 6, "B": 3}
        self.shapes = {"A": regular_polygon(6, 90, (-330, -20)), "B": regular_polygon(3, 75, (-90, 60), 0.4)}

    def rebuild(self, name, sides):
        """Replace polygon ``name`` with a regular one of ``sides`` sides, keeping its place and turn."""
        old = self.shapes[name]
        radius = 90 if name == "A" else 75
        self.sides[name] = sides
        self.shapes[name] = regular_polygon(sides, radius, old.position, old.angle)

    def panel(self):
        for name, label in (("A", "Sides of A"), ("B", "Sides of B")):
            changed, sides = imgui.slider_int(label, self.sides[name], 3, MOST_SIDES)
            if changed:
                self.rebuild(name, sides)
                self.refresh()
        candidates = len(self.result.axes) + self.result.merged
        imgui.text(f"Edge normals: {self.sides['A']} + {self.sides['B']} = {candidates}; parallel ones merged: {self.result.merged}")
        super().panel()

    def settings(self):
        return {**super().settings(), "sides": dict(self.sides)}

    def apply_settings(self, settings):
        sides = settings.get("sides", self.sides)
        if not isinstance(sides, dict) or set(sides) != {"A", "B"}:
            raise ValueError('sides must be {"A": n, "B": m}')
        for name, count in sides.items():
            if not isinstance(count, int) or isinstance(count, bool) or not 3 <= count <= MOST_SIDES:
                raise ValueError(f"sides.{name} must be a whole number from 3 to {MOST_SIDES}")
        page = sat_view.check_page(settings)
        for name, count in sides.items():
            if count != self.sides[name]:
                self.rebuild(name, count)
        self.page = page
        self.refresh()
