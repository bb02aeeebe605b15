"""Hexagon against triangle, or any two regular polygons: DemoSAT4 of the Tuts+ tutorial, GPWiki."""

from imgui_bundle import imgui

from collision import regular_polygon, sat
from sandbox import palette, sat_view
from sandbox.scene import Scene, register

MOST_SIDES = 64


@register("hex-triangle", "SAT", "Hexagon vs triangle")
class HexTriangle(Scene):
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
        self.page = None

    def rebuild(self, name, sides):
        """Replace polygon ``name`` with a regular one of ``sides`` sides, keeping its place and turn."""
        old = self.shapes[name]
        radius = 90 if name == "A" else 75
        self.sides[name] = sides
        self.shapes[name] = regular_polygon(sides, radius, old.position, old.angle)

    def refresh(self):
        a, b = self.shapes["A"], self.shapes["B"]
        self.result = sat(a, b)
        self.early = sat(a, b, early_exit=True)
        if self.page is not None:
            self.page %= len(self.result.axes)

    def draw(self, painter):
        self.draw_shape(painter, "A", palette.SHAPE_A)
        self.draw_shape(painter, "B", palette.SHAPE_B)
        if self.overlay["projections"]:
            shown = range(len(self.result.axes)) if self.page is None else [self.page]
            shapes = list(self.shapes.values())
            for slot, index in enumerate(shown):
                test = self.result.axes[index]
                # Many axes crowd the view: beyond a dozen, draw only those that separate.
                if len(shown) > 12 and not test.separating:
                    continue
                sat_view.draw_axis(painter, test, sat_view.axis_name(index), sat_view.beside(shapes, test.axis, slot % 12))
        if self.overlay["mtv"]:
            sat_view.draw_mtv(painter, self.result, self.shapes["B"])

    def panel(self):
        for name, label in (("A", "Sides of A"), ("B", "Sides of B")):
            changed, sides = imgui.slider_int(label, self.sides[name], 3, MOST_SIDES)
            if changed:
                self.rebuild(name, sides)
                self.refresh()
        candidates = len(self.result.axes) + self.result.merged
        imgui.text(f"Edge normals: {self.sides['A']} + {self.sides['B']} = {candidates}; parallel ones merged: {self.result.merged}")
        self.page = sat_view.page_controls(self.page, len(self.result.axes))
        sat_view.results_panel(self.result, self.early)

    def settings(self):
        return {"sides": dict(self.sides), "page": self.page}

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
