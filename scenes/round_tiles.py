"""A box against Metanet's round tiles, convex and concave: figures 6 and 7."""

from typing import NamedTuple

from collision import Box, Polygon, QuarterTile, SatResult, sat_tile
from collision.tiles import QUADRANTS
from sandbox.kit.figures import sat_view
from sandbox.kit.figures.clear import keep_clear
from sandbox.kit import Claim, Fact, Line, Param, Report, Scene, faded, register
from sandbox.kit.events import Event

SIZE = 180.0
"""The tile's cell, and its arc's radius."""


class Result(NamedTuple):
    sat: SatResult
    """The box against the tile, as the tile's rule says (or not, when the rule is ignored)."""

    right: SatResult
    """The same with the rule kept: the answer to hold a rule-less one against."""

    tile: QuarterTile
    strips: tuple


@register("round-tiles", "Circles, tiles and points", "Round tiles", order=3)
class RoundTiles(Scene):
    lesson = (
        "A round tile is a quarter circle in a square cell: convex, a quarter disc bulging out, or "
        "concave, the square with a quarter disc scooped out. Against a box, x and y are axes as "
        "always. The curve brings one more, through the circle's centre and the box's nearest "
        "corner, but only when that corner is in the arc's quadrant, the region the curve faces "
        "(shaded). Elsewhere the flat sides decide; counting it there goes wrong."
    )
    things_to_try = (
        "Drag the box over the convex arc: a third axis joins, from the centre through its corner.",
        "Drag it off to the side of the arc: the circular axis leaves the table, x and y decide.",
        "Tick 'Ignore the quadrant rule' and push the box into the tile's corner, just across its left side: a wrong MTV.",
        "Switch to the concave tile and lower the box into the hollow.",
    )
    params = (
        Param("projections", "Projections beside the scene", True, overlay=True),
        Param("mtv", "MTV arrow", True, overlay=True),
        Param("kind", "Tile", "convex", choices=("convex", "concave")),
        Param("quadrant", "Facing", "NE", choices=tuple(QUADRANTS)),
        Param("ignore_rule", "Ignore the quadrant rule", False, help="Count the circular axis wherever the box is."),
    )
    frame = (-150.0, -120.0, 380.0, 330.0)
    events = (
        Event("wrong-mtv", "Without the quadrant rule the circular axis gives the wrong way out of the tile",
              lambda report: any(c.method == "Without the rule" and c.says.startswith("COLLIDING") and not c.right for c in report.claims),
              settings={"ignore_rule": True}),
    )
    turnable = False

    def setup(self):
        self.shapes = {"B": Box((150.0, 160.0), (45.0, 30.0))}

    def tile(self):
        return QuarterTile((0.0, 0.0), SIZE, self.settings["quadrant"], concave=self.settings["kind"] == "concave")

    def compute(self, ctx):
        box, tile = self.shapes["B"], self.tile()
        result = sat_tile(box, tile, circular_rule=not self.settings["ignore_rule"])
        strips = ()
        if self.settings["projections"]:
            x0, y0, x1, y1 = tile.aabb()
            cell = Box(((x0 + x1) / 2, (y0 + y1) / 2), ((x1 - x0) / 2, (y1 - y0) / 2))
            strips = sat_view.place_strips(result.axes, range(len(result.axes)), [cell, box], ctx.view, self.label_boxes(), self.strip_memory,
                                           sat_view.named_axis(result))
        return Result(result, sat_tile(box, tile), tile, strips)

    def _verdict(self, result):
        report = result
        verdict = sat_view.verdict(report.sat)
        if report.sat.colliding != report.right.colliding:
            return verdict._replace(detail="wrong: the box is " + ("apart" if report.right.colliding is False else "in the tile"))
        if not same_way_out(report.sat, report.right):
            return verdict._replace(detail=("wrong: the way out is "
                                            f"{report.right.depth:.1f} along {sat_view.axis_name(sat_view.named_axis(report.right))}"))
        return verdict

    def _numbers(self, result):
        return {**sat_view.sat_numbers(result.sat), "rule_kept": not self.settings["ignore_rule"]}

    def draw(self, result, painter, theme):
        report = result
        tile = report.tile
        # The arc's quadrant, where the circular axis counts, shaded.
        (cx, cy), (sx, sy) = tile.arc_center, QUADRANTS[tile.quadrant]
        # Out to the free area's edge, not past it into the title and key hints.
        vx0, vy0, vx1, vy1 = self.view.rect
        x0, x1 = (max(cx, vx0), vx1) if sx > 0 else (vx0, min(cx, vx1))
        y0, y1 = (max(cy, vy0), vy1) if sy > 0 else (vy0, min(cy, vy1))
        if x0 < x1 and y0 < y1:
            shade = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            painter.polygon(shade, faded(theme.guide, 90), faded(theme.guide, 45), 1)
            # Its borders are the rule's edges: a name across one reads as on the wrong side.
            keep_clear(painter, Polygon(shade))
        painter.polygon(tile.world_vertices(), theme.shape_a, faded(theme.shape_a, 90), 2)
        painter.point(tile.arc_center, theme.shape_a, 5)
        self.draw_shape(painter, theme, "B")
        for strip in report.strips:
            sat_view.draw_strip(painter, theme, report.sat.axes[strip.index], strip, sat_view.axis_name(strip.index))
        if len(report.sat.axes) == 3:
            corner = self.shapes["B"].world_vertices()[report.sat.axes[2].source.index]
            painter.segment(tile.arc_center, corner, theme.dim_text, 1)
            painter.point(corner, theme.text, 6)
        tip = sat_view.mtv_tip(report.sat, self.shapes["B"]) if self.settings["mtv"] else None
        if tip is not None:
            sat_view.draw_mtv(painter, theme, report.sat, self.shapes["B"])
        self.label_shapes(painter, theme, () if tip is None else (tip,))

    def report(self, result):
        claims = ()
        concave = self.settings["kind"] == "concave"
        # Which point the axis uses: the box's innermost corner (nearest the tile's solid
        # corner), with the arc's centre; a concave tile's rule never matters (sat_tile).
        where = ("from the box's innermost corner to the hollow's centre" if concave
                 else "from the arc's centre through the box's innermost corner (the dot)")
        if len(result.right.axes) == 3:
            lines = (f"Circular axis: {where}; counted" + ("" if concave else ", that corner is in the shaded quadrant"),)
        elif len(result.sat.axes) == 3:
            lines = (Line(f"Circular axis: {where}; counted, the rule ignored. The box's interval is its shadow, the "
                          "tile's the arc's reach (centre to arc): beside the shaded quadrant the tile reaches back past "
                          "the centre, so the overlap on it comes out too small."),)
        else:
            lines = (f"Circular axis: {where}; left out, that corner is beside the arc",)
        if self.settings["ignore_rule"]:
            says = sat_view.verdict(result.sat)
            claims = (Claim("Without the rule", says.text + (f", {says.detail}" if result.sat.colliding else ""),
                            result.sat.colliding == result.right.colliding and same_way_out(result.sat, result.right)),)
        if self.settings["projections"]:
            lines += tuple(sat_view.left_out(result.sat, result.strips, range(len(result.sat.axes)), sat_view.UNPAGED))
        return Report(self._verdict(result), lines, numbers=self._numbers(result), claims=claims, facts=self._facts(result))

    def _facts(self, result):
        report = result
        # The box's normals are x and y again: "4 parallel normals merged" would mean nothing here.
        facts = [fact for fact in sat_view.sat_facts(report.sat, ("tile", "box"), tile_source) if fact.name != "merged"]
        if len(report.right.axes) == 3:
            circular = "counted: the box's corner is in the arc's quadrant"
        elif len(report.sat.axes) == 3:
            circular = "counted against the rule: the corner is beside the arc"
        else:
            circular = "left out: the box's corner is beside the arc"
        facts.append(Fact("circular_axis", circular, "circular axis"))
        if report.sat.colliding != report.right.colliding:
            facts.append(Fact("right_verdict", sat_view.verdict(report.right).text.lower(), "with the rule kept"))
        return facts


def same_way_out(sat: SatResult, right: SatResult) -> bool:
    """Whether two answers push the box out the same way (an MTV agrees to a thousandth)."""
    return all(abs(a - b) <= 1e-3 for a, b in zip(sat.mtv, right.mtv))


def tile_source(source):
    """The tile is A, the box B: x, y, and the circular axis through the box's corner."""
    if source.kind.value == "vertex":
        return "arc to corner"
    return ("x", "y")[source.index]
