"""A box against a right-triangle tile: Metanet figure 5."""

from collision import Box, Polygon
from sandbox.kit import Param, register
from sandbox.kit.code_trace import CODE
from sandbox.kit.figures.sat_scene import PAGE, PairSatScene
from sandbox.kit.events import Event

CELL = 160.0
"""The tile's square cell, in world units."""

CORNERS = ("lower left", "lower right", "upper right", "upper left")
"""Where the tile's right angle sits in its cell: the four ways Metanet's 45-degree tiles face."""

_SQUARE = ((0.0, 0.0), (CELL, 0.0), (CELL, CELL), (0.0, CELL))


def tile(corner):
    """The right triangle filling half the cell at the origin, its right angle at ``corner``."""
    right = CORNERS.index(corner)
    # The triangle is the square less the corner opposite the right angle.
    return Polygon([_SQUARE[(right + k) % 4] for k in (-1, 0, 1)])


@register("aabb-triangle", "SAT", "Box vs triangle tile", order=5)
class AabbTriangle(PairSatScene):
    lesson = (
        "Metanet's levels are grids of tiles, and a 45-degree tile is a right triangle. Against an "
        "axis-aligned box only three axes can separate them: x and y, which the box and the tile's "
        "two short sides share, and the normal of the hypotenuse. Project both onto each; if all "
        "three overlap, the smallest overlap is the way out, and on a slope that is often "
        "diagonal: the box slides off along the hypotenuse's normal."
    )
    things_to_try = (
        "Push the box into the hypotenuse: the purple MTV points straight out of the slope.",
        "Push it in from the tile's flat side instead: now x or y gives the shorter way out.",
        "Find a place near the slope where x and y both overlap, yet the hypotenuse separates them.",
        "Choose each of the four tile orientations and watch the hypotenuse axis turn.",
    )
    params = (
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        Param("corner", "Tile's right angle", "lower right", choices=CORNERS),
        PAGE,
        CODE,
    )
    frame = (-220.0, -170.0, 380.0, 330.0)
    events = (
        Event("bounds-fooled", "The box overlaps the tile on x and on y, yet the slope separates them",
              lambda report: report.verdict.text == "SEPARATED" and all(
                  axis["overlap"] >= 5 for axis in report.numbers["axes"] if min(abs(c) for c in axis["axis"]) < 1e-9)),
    )
    turnable = False

    def label_spots(self, avoid=()):
        # Centred over the cell, the tile's name would float over the empty half when the right
        # angle is at the bottom: over the tile's own top (or bottom) instead.
        spots = super().label_spots(avoid)
        corners = self.shapes["A"].world_vertices()
        x0, y0, x1, y1 = self.shapes["A"].aabb()
        x, y = spots["A"]
        edge = y1 if y >= y1 else y0
        across = corners[abs(corners[:, 1] - edge) < 1e-9, 0].mean()
        spots["A"] = (x + across - (x0 + x1) / 2, y)
        return spots

    def setup(self):
        # Metanet's moment: x and y both overlap, and only the hypotenuse's normal separates.
        self.shapes = {"A": tile(self.settings["corner"]), "B": Box((40.0, 120.0), (35.0, 22.0))}

    def settle(self):
        # A new orientation rebuilds the tile where it stands.
        wanted = tile(self.settings["corner"])
        if self.shapes["A"].local_vertices.tolist() != wanted.local_vertices.tolist():
            wanted.position = self.shapes["A"].position
            self.shapes["A"] = wanted
