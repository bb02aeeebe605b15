"""Hexagon against triangle, or any two regular polygons: DemoSAT4 of the Tuts+ tutorial, GPWiki."""

from collision import regular_polygon
from sandbox.kit import Param, register
from sandbox.kit.events import Event
from sandbox.kit.code_trace import CODE
from sandbox.kit.figures.sat_scene import PAGE, PairSatScene

MOST_SIDES = 600
RADIUS = {"A": 90, "B": 75}


@register("hex-triangle", "SAT", "Hexagon vs triangle", order=2)
class HexTriangle(PairSatScene):
    lesson = (
        "For any two convex polygons the candidate axes are the normals of every edge of both: n + m "
        "of them, as GPWiki counts. Normals that are parallel give the same shadows, so they are "
        "tested once: a hexagon's opposite edges share three axes, a triangle has no parallel edges. "
        "The more sides, the more axes, and a collision must test them all."
    )
    things_to_try = (
        "Set 4 sides against 4, point at a square and tap R or T until the axis count drops to 2.",
        "Raise both side counts and watch the number of axes climb.",
        "Find a layout where only one of the triangle's axes separates the shapes.",
        "Press Next axis (or N) to show one axis at a time and step through them, as DemoSAT3 did.",
    )
    params = (
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        Param("sides_a", "Sides of A", 6, low=3, high=MOST_SIDES),
        Param("sides_b", "Sides of B", 3, low=3, high=MOST_SIDES),
        PAGE,
        CODE,
    )
    frame = (-620.0, -300.0, 150.0, 300.0)
    events = (
        Event("triangle-edge-mtv", "They collide and the MTV lies along one of the triangle's edge normals",
              lambda report: report.numbers["mtv_axis"] != "none"
              and any(axis["name"] == report.numbers["mtv_axis"] and axis["source"] == "B's edge" for axis in report.numbers["axes"])),
    )

    def setup(self):
        self.shapes = {"A": regular_polygon(6, RADIUS["A"], (-330, -20)), "B": regular_polygon(3, RADIUS["B"], (-90, 60), -0.4)}

    def settle(self):
        # A changed side count rebuilds the polygon in its place, keeping its turn.
        for name in ("A", "B"):
            sides, old = self.settings[f"sides_{name.lower()}"], self.shapes[name]
            if len(old.world_vertices()) != sides:
                self.shapes[name] = regular_polygon(sides, RADIUS[name], old.position, old.angle)

