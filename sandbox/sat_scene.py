"""A scene of two shapes, A and B, under the full SAT: the base of box-box and hex-triangle."""

from collision import sat

from . import palette, sat_view
from .scene import Scene

CROWD = 12
"""Beyond this many axes the view is too crowded: only the separating ones are drawn beside it."""


class PairSatScene(Scene):
    """Shapes A and B tested on every axis, drawn all at once or a page at a time (DemoSAT3).

    A subclass makes ``shapes`` in ``setup`` and names its overlays; ``projections`` and
    ``mtv`` are drawn when it has them, and ``guides`` (corner drop lines) on a single page.
    """

    page = None
    """The one axis shown, or None for all of them."""

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
        if self.overlay.get("projections"):
            shown = self.shown_axes()
            for slot, index in enumerate(shown):
                test = self.result.axes[index]
                if len(shown) > CROWD and not test.separating:
                    continue
                offset = sat_view.beside(shapes, test.axis, slot % CROWD)
                sat_view.draw_axis(painter, test, sat_view.axis_name(index), offset)
                if self.overlay.get("guides") and self.page is not None:
                    sat_view.draw_guides(painter, self.shapes["A"], offset - 6, test.axis)
                    sat_view.draw_guides(painter, self.shapes["B"], offset + 6, test.axis)
        if self.overlay.get("mtv"):
            sat_view.draw_mtv(painter, self.result, self.shapes["B"])

    def panel(self):
        self.page = sat_view.page_controls(self.page, len(self.result.axes))
        sat_view.results_panel(self.result, self.early)

    def numbers(self):
        return sat_view.sat_numbers(self.result)

    def settings(self):
        return {"page": self.page}

    def apply_settings(self, settings):
        self.page = sat_view.check_page(settings)
        self.refresh()
