"""A point against every shape: Metanet section 4, inside or not and the shortest way out."""

from collision import Box, Circle, point_query, regular_polygon
from sandbox.kit.events import Event, answer_is
from sandbox.kit import Column, Fact, Param, Report, Scene, Verdict, number, register
from sandbox.kit.labels import boxes_meet, text_box
from sandbox.kit.scene import LABEL_SIZE

NEAR = 150.0
"""World units: outside a shape, its push is drawn only this close to it."""


@register("point-queries", "Circles, tiles and points", "Point queries", order=4)
class PointQueries(Scene):
    lesson = (
        "A point is a box with zero halfwidths, so every test of a shape against a box works for a "
        "point too: project it onto each axis, where it is a single value, not an interval. Whether "
        "the point is inside comes out right every time. The shortest way out does not always: "
        "inside a box it is the nearer of the two edges on each axis, and as the point crosses a "
        "diagonal of the box, that nearest edge changes and the push jumps round a quarter turn."
    )
    things_to_try = (
        "Drag q slowly across a diagonal of the box: the purple push jumps from one edge to the other.",
        "Drag q over the pentagon and the circle: each says inside or out, and how far to the edge.",
        "Turn the box with R or T and push q through it again.",
        "Switch on the x and y overlaps: the shorter grey arrow is the push the box test picks.",
    )
    params = (
        Param("push", "Push-out vectors", True, overlay=True),
        Param("diagonals", "Box diagonals", True, overlay=True),
        Param("overlaps", "The box's two candidate pushes (x and y)", False, overlay=True),
    )
    handles = {"q": (-225.0, 25.0)}
    frame = (-400.0, -200.0, 380.0, 230.0)
    events = (
        Event("inside-pentagon", "q is inside the pentagon: its distance is negative and the push takes it out",
              answer_is("inside", "pentagon"), handles=("q",)),
    )

    def setup(self):
        self.shapes = {
            "box": Box((-230.0, 0.0), (100.0, 70.0)),
            "pentagon": regular_polygon(5, 85.0, (20.0, 40.0)),
            "circle": Circle((250.0, 0.0), 75.0),
        }

    def compute(self, ctx):
        return {name: point_query(shape, self.points["q"]) for name, shape in self.shapes.items()}

    def candidate_pushes(self):
        """Inside the box: the shortest move out through each pair of opposite edges, as the box
        test of a point with zero halfwidths finds them, in the box's own axes."""
        box, q = self.shapes["box"], self.points["q"]
        pushes = []
        for half, axis in ((box.half_size[0], box.xw), (box.half_size[1], box.yw)):
            length = (axis[0] ** 2 + axis[1] ** 2) ** 0.5
            ux, uy = axis[0] / length, axis[1] / length
            along = (q[0] - box.center[0]) * ux + (q[1] - box.center[1]) * uy
            out = (half - along) if along >= 0 else -(half + along)
            pushes.append((out * ux, out * uy))
        return pushes

    def _verdict(self, result):
        inside = [name for name, answer in result.items() if answer.inside]
        if not inside:
            nearest = min(result, key=lambda name: result[name].distance)
            return Verdict("OUTSIDE ALL THREE", "separating", f"nearest: the {nearest}, {result[nearest].distance:.1f} away")
        push = result[inside[0]].push
        return Verdict(f"INSIDE THE {inside[0].upper()}", "mtv", f"push out {(push[0] ** 2 + push[1] ** 2) ** 0.5:.1f}")

    def draw(self, result, painter, theme):
        q = self.points["q"]
        pixel = self.view.pixel
        for name in self.shapes:
            self.draw_shape(painter, theme, name)
        box = self.shapes["box"]
        if self.settings["diagonals"]:
            corners = box.world_vertices()
            painter.segment(corners[0], corners[2], theme.guide, 1)
            painter.segment(corners[1], corners[3], theme.guide, 1)
        overlaps = self.settings["overlaps"] and result["box"].inside
        if self.settings["push"]:
            for answer in result.values():
                # Far off, the way onto a shape says little and would cross the others.
                if answer.inside or answer.distance < NEAR:
                    # Wider under the grey candidates, so the one it is stays visible on it.
                    width = (6 if overlaps else 3) if answer.inside else 1
                    painter.arrow(q, answer.closest, theme.mtv if answer.inside else theme.guide, width)
        if overlaps:
            for dx, dy in self.candidate_pushes():
                painter.arrow(q, (q[0] + dx, q[1] + dy), theme.overlap, 2)
        # Each shape's name over it and its answer under it: inside and how deep, or how far
        # away. Where the one before it along the row would touch it (wider than the shapes are
        # apart, at --present beside the panel), a line further off: moved aside by the label
        # layout instead, "176.2 away" stood under the box and "circle" under the pentagon.
        scale = self.view.text_scale
        row = sorted(result, key=lambda name: self.shapes[name].aabb()[0])
        boxes = [self.shapes[name].aabb() for name in row]
        names = [(((x0 + x1) / 2, y1 + 8 * pixel), name, theme.shape(name)) for name, (x0, _, x1, y1) in zip(row, boxes)]
        answers = [(((x0 + x1) / 2, y0 - 22 * pixel * scale), _answer(result[name]), theme.dim_text) for name, (x0, y0, x1, _) in zip(row, boxes)]
        self._staggered(painter, names, LABEL_SIZE, 22 * pixel * scale)
        self._staggered(painter, answers, 13, -18 * pixel * scale)
        painter.point(q, theme.highlight if self.hovered == "q" else theme.shape_b, 6)
        painter.text((q[0] + 9 * pixel, q[1] + 9 * pixel), "q", theme.shape_b, 16)

    def _staggered(self, painter, texts, size, step):
        """``texts`` (at, words, colour) along a row, each moved ``step`` further up or down
        until it clears the ones before it."""
        pixel, scale, taken = self.view.pixel, self.view.text_scale, []
        for at, words, color in texts:
            box = text_box(at, words, size, pixel, scale, "center")
            while any(boxes_meet(box, other, 4 * pixel) for other in taken):
                at = (at[0], at[1] + step)
                box = text_box(at, words, size, pixel, scale, "center")
            taken.append(box)
            painter.text(at, words, color, size, "center")

    def report(self, result):
        lines = ("Distance is negative inside: how deep q is.",)
        inside = [name for name, answer in result.items() if answer.inside]
        nearest = min(result, key=lambda name: result[name].distance)
        numbers = {"inside": " and ".join(inside) or "none", "nearest": nearest}
        return Report(self._verdict(result), lines, facts=self._facts(result), numbers=numbers)

    def _facts(self, result):
        # Outside a shape, its closest point is the way onto it, not out: no push ("none").
        rows = {
            name: {"shape": name, "inside": answer.inside, "distance": answer.distance,
                   "push": list(answer.push) if answer.inside else None, "closest": list(answer.closest)}
            for name, answer in result.items()
        }
        columns = (Column("shape"), Column("inside", "q inside?"), Column("distance", "distance (negative inside)"), Column("push", "push out"))
        return (Fact("shapes", rows, columns=columns),)


def _answer(answer):
    """What the figure writes under a shape: inside and how deep, or how far away."""
    return f"inside, {number(-answer.distance)} deep" if answer.inside else f"{number(answer.distance)} away"
