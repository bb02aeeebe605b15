"""Voronoi regions of a triangle: Metanet figure 9, a triangle with draggable corners and a point."""

import math
from typing import NamedTuple

from collision import Feature, Polygon, Region, voronoi_region
from sandbox.kit.events import Event, answer_is
from sandbox.kit.figures import voronoi_view
from sandbox.kit.figures.clear import keep_lines_clear
from sandbox.kit import Fact, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.labels import POINT

CORNERS = "abc"
NAME_SIZE = 16
"""Points: the corners' names and q's."""
THINNEST = 20.0
"""World units: no corner may come closer than this to the line through the other two, or the
triangle would be too thin to see its regions."""


class Result(NamedTuple):
    feature: Feature
    """The triangle's feature whose region holds the point, and its closest point."""

    distance: float
    """How far the point is from the triangle's boundary (0 on it, the depth inside)."""

    regions: tuple
    """(Region, index, corner points) of every Voronoi region, for shading."""

    normals: tuple
    """Each edge's outward unit normal (edge i runs from corner i to the next): the regions' borders."""


def signed_area(points):
    """Twice the triangle's signed area: positive counter-clockwise."""
    (ax, ay), (bx, by), (cx, cy) = points
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def edge_name(index):
    """Edge i runs from corner i to the next: "edge bc"."""
    return f"edge {CORNERS[index]}{CORNERS[(index + 1) % 3]}"


def feature_name(feature):
    """"corner b", "edge bc" or "inside": the triangle's corners are a, b, c counter-clockwise."""
    if feature.region is Region.VERTEX:
        return f"corner {CORNERS[feature.index]}"
    if feature.region is Region.EDGE:
        return edge_name(feature.index)
    return "inside"


@register("voronoi-regions", "Circles, tiles and points", "Voronoi regions", order=2)
class VoronoiRegions(Scene):
    lesson = (
        "Around a convex shape every point of the plane is nearest to one feature: a corner or an "
        "edge. The points nearest an edge form a strip standing on it, bounded by the edge's two "
        "normals at its ends; the points nearest a corner form the wedge between the normals of "
        "the two edges that meet there. Which region holds a point tells a collision test which "
        "axis matters: an edge's normal, or the line from the corner to the point."
    )
    things_to_try = (
        "Drag the point q round corner b: the shading moves from edge ab's strip to b's wedge to edge bc's strip.",
        "Drag q into the triangle: it is inside, and the panel gives its depth below the nearest edge.",
        "Drag corner c across edge ab: the triangle stops before it would turn inside out.",
        "Make one corner very sharp and watch its wedge open wide.",
    )
    params = (
        Param("regions", "Shade the regions", True, overlay=True),
        Param("closest", "Closest point and distance", True, overlay=True),
    )
    handles = {"a": (-180.0, -90.0), "b": (150.0, -60.0), "c": (-20.0, 130.0), "q": (230.0, 80.0)}
    frame = (-380.0, -250.0, 380.0, 250.0)
    events = (
        Event("corner-wedge", "q sits in a corner's wedge: the axis that matters runs from that corner to q",
              answer_is("region", "corner wedge"), handles=("q",)),
    )

    def constrain(self, name, point):
        """A corner goes where it asks as long as the triangle keeps its turn and some area;
        asked past that, it stops at the last place that still does."""
        if name == "q":
            return point
        start = self.points[name]
        if self._keeps_shape(name, point):
            return point
        # Bisect between where the corner is (a fine triangle) and where it was asked to go.
        low, high = 0.0, 1.0
        for _ in range(30):
            middle = (low + high) / 2
            if self._keeps_shape(name, _between(start, point, middle)):
                low = middle
            else:
                high = middle
        if low == 0.0:
            raise ValueError("would leave the triangle flat or inside out")
        return _between(start, point, low)

    def _keeps_shape(self, name, point):
        corners = [point if k == name else self.points[k] for k in CORNERS]
        twice_area = signed_area(corners)
        # Each corner's height over the opposite edge is twice the area over that edge's length.
        longest = max(math.dist(corners[i], corners[i - 1]) for i in range(3))
        return twice_area > 0 and twice_area >= THINNEST * longest

    def compute(self, ctx):
        triangle = Polygon([self.points[k] for k in CORNERS])
        feature = voronoi_region(triangle, self.points["q"])
        distance = math.dist(self.points["q"], feature.closest)
        return Result(feature, -distance if feature.region is Region.INSIDE else distance, tuple(voronoi_view.regions(triangle)),
                      tuple(tuple(normal) for normal in triangle.normals().tolist()))

    def _verdict(self, result):
        if result.feature.region is Region.INSIDE:
            return Verdict("INSIDE", "mtv", f"{-result.distance:.1f} from {edge_name(result.feature.index)}")
        return Verdict(f"{feature_name(result.feature).upper()}'S REGION", "text", f"{result.distance:.1f} away")

    def draw(self, result, painter, theme):
        corners = [self.points[k] for k in CORNERS]
        if self.settings["regions"]:
            for region, index, points in result.regions:
                holds = (region, index) == (result.feature.region, result.feature.index)
                tint = faded(theme.highlight, 45) if holds else faded(theme.guide, 14 if region is Region.EDGE else 30)
                painter.polygon(points, faded(theme.guide, 70), tint, 1)
        painter.polygon(corners, theme.shape_a, faded(theme.shape_a, 70) if result.feature.region is not Region.INSIDE else faded(theme.highlight, 60), 2)
        pixel = self.view.pixel
        # The triangle is drawn from its corners, not a shape: the corners' names keep off its
        # edges, and off the regions' borders (each corner's two edge normals) where they are drawn.
        edges = list(zip(corners, corners[1:] + corners[:1]))
        keep_lines_clear(painter, edges, 2 * pixel)
        if self.settings["regions"]:
            keep_lines_clear(painter, [(at, _along(at, normal, voronoi_view.REACH)) for edge, normal in zip(edges, result.normals) for at in edge], 2 * pixel)
        if self.settings["closest"]:
            # And off the way from q to its nearest point: in a corner's wedge it ran through
            # the corner's name (circles-tiles-points' key, printed).
            keep_lines_clear(painter, [(self.points["q"], result.feature.closest)], 2 * pixel)
        for index, name in enumerate(CORNERS):
            at = self.points[name]
            painter.point(at, theme.highlight if name == self.hovered else theme.shape_a, 6)
            painter.text(self._name_spot(corners, result.normals, index), name, theme.shape_a, NAME_SIZE, "center")
        q = self.points["q"]
        if self.settings["closest"]:
            # Inside, the way out is a penetration (purple); outside, a distance (neutral).
            way = theme.mtv if result.feature.region is Region.INSIDE else theme.text
            painter.segment(q, result.feature.closest, way, 2)
            painter.point(result.feature.closest, way, 5)
        painter.point(q, theme.highlight if self.hovered == "q" else theme.shape_b, 7)
        painter.text((q[0] + 10 * pixel, q[1] + 10 * pixel), "q", theme.shape_b, NAME_SIZE)

    def _name_spot(self, corners, normals, index):
        """Where corner ``index``'s name goes (its baseline's middle): out along the middle of
        the corner's own wedge, far enough that the name clears the wedge's two borders, so it
        stands in the region it names rather than across a neighbour's border."""
        before, after = normals[index - 1], normals[index]
        middle = (before[0] + after[0], before[1] + after[1])
        length = math.hypot(*middle)
        direction = (middle[0] / length, middle[1] / length)
        em = NAME_SIZE * POINT * self.view.text_scale * self.view.pixel
        # Half the wedge's angle: the name's half-diagonal over its sine clears both borders.
        half = math.acos(max(-1.0, min(1.0, direction[0] * after[0] + direction[1] * after[1])))
        reach = min(0.6 * em / max(math.sin(half), 0.15), 4 * em) + 4 * self.view.pixel
        x, y = _along(corners[index], direction, reach)
        return (x, y - 0.36 * em)  # the baseline a third of an em below the name's middle

    def report(self, result):
        region = result.feature.region
        why = {
            Region.VERTEX: "A corner's region: the axis that matters runs from the corner to q.",
            Region.EDGE: "An edge's region: the axis that matters is the edge's normal.",
            Region.INSIDE: "Inside: the nearest way out is through the closest edge.",
        }[region]
        x, y = result.feature.closest
        lines = (f"q is nearest to {feature_name(result.feature)}.", why, f"Closest point ({x:.1f}, {y:.1f}), distance {abs(result.distance):.1f}")
        return Report(self._verdict(result), lines, facts=self._facts(result))

    def _facts(self, result):
        feature = result.feature
        region = {Region.INSIDE: "inside", Region.EDGE: "edge strip", Region.VERTEX: "corner wedge"}[feature.region]
        inside = feature.region is Region.INSIDE
        return (
            Fact("feature", feature_name(feature), "q is nearest to"),
            Fact("region", region, "the region holding q"),
            Fact("closest", list(feature.closest), "closest point on the triangle"),
            Fact("distance", abs(result.distance), "depth inside" if inside else "distance"),
        )


def _along(start, direction, distance):
    return (start[0] + direction[0] * distance, start[1] + direction[1] * distance)


def _between(start, end, t):
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
