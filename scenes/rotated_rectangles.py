"""Two rotated rectangles the GameDev.net way: four axes from corner differences, corners projected
as vectors and as scalars, and the article's three optimisations counted."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Vector, gjk, point_query
from sandbox.kit import Column, Fact, Meter, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.events import Event
from sandbox.kit.figures.clear import avoid_lines
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.labels import GAP as LABEL_GAP, boxes_meet, outline_meets_box, segment_meets_box, sizes, text_box
from sandbox.kit.painter import interval_ends

UNIT = 40.0
"""World units per unit of the numbers shown: small numbers, as in the article's (2, 6)."""

AXES = (("A", "UR", "UL"), ("A", "UR", "LR"), ("B", "UL", "LL"), ("B", "UL", "UR"))
"""GameDev.net's Axis1..Axis4: the first corner minus the second, of that rectangle."""

CORNERS = ("UL", "UR", "LR", "LL")

ORDERS = (("A", "B", "numbers"), ("B", "numbers", "A"), ("numbers", "B", "A"))
"""The orders the corners' names (by rectangle) and the axes' numbers are given their spots in,
each tried until one leaves every label a clear spot beside what it names."""

CORNER_SIZE, AXIS_SIZE = 12, 15
"""Points: a corner's name, and an axis's number."""

GAP = 6
"""Pixels at font scale 1 between a corner and its name, or an edge and its axis's number: more
than the label layout keeps a label's box off the shown axis's arrow along an edge (2 pixels
beyond its half width, 2, on each side of the box: up to 5.7 across a turned edge)."""

SAVINGS = (("plain SAT", False, False, False), ("early out", True, False, False), ("A's frame", False, True, False),
           ("bounding circles", False, False, True), ("all three", True, True, True))
"""Each way the meter runs the test: (name, early out, A's frame, bounding circles)."""

SAVING_KEYS = ("plain", "early", "frame", "circles", "all")
"""Each of SAVINGS' rows by a name for its facts: "work_counted.early.dots"."""


class Counted:
    """Dot products, counted as a run makes them."""

    def __init__(self):
        self.dots = 0

    def dot(self, u, v):
        self.dots += 1
        return u[0] * v[0] + u[1] * v[1]


class AxisRow(NamedTuple):
    vector: Vector
    """The axis, a corner difference in units (not normalised: the scalars only need its direction)."""

    a: tuple
    """(min, max) of A's corner scalars, corner . axis."""

    b: tuple
    overlap: bool
    """B.min <= A.max and B.max >= A.min, as the article tests."""

    status: str
    """How the optimisations treated it: "projected", "x of A's frame", "skipped"..."""


class Result(NamedTuple):
    axes: tuple
    """An AxisRow for each of the four axes, always all computed, for the table."""

    corners: dict
    """For the shown axis: name -> [(corner, projected vector, scalar)] for A and B."""

    colliding: bool
    """Every axis overlaps."""

    circles: tuple
    """(distance between centres, radius of A + radius of B), in units."""

    rejected: bool
    """The bounding-circle quick reject answered (the circles are apart, and it is on)."""

    tested: int
    """Axes looked at before the answer."""

    dots: int
    """Dot products spent, with the optimisations that are on (plain SAT: 4 axes x 8 corners)."""

    local: tuple
    """B's corners in A's frame (A centred, unturned), in units."""

    work: tuple = ()
    """(name, separated, axes tested, dot products) of each of SAVINGS' runs, for the meter."""


def units(point):
    return Vector(point[0] / UNIT, point[1] / UNIT)


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def fmt(value):
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


@register("rotated-rectangles", "SAT", "Rotated rectangles", order=4)
class RotatedRectangles(Scene):
    lesson = (
        "GameDev.net takes the axes from corner differences: UR - UL and UR - LR of A, UL - LL and "
        "UL - UR of B. A corner's projection is a vector on the axis, but its dot product with the "
        "axis alone orders the corners: no length needed. Three savings are counted below."
    )
    things_to_try = (
        "Drag B onto A: all four axes overlap, all are needed.",
        "Set 'Axis shown' to 3: max corner red, min yellow.",
        "Tick 'Early out': B as it is needs 1 axis, not 4.",
        "Tick 'A's frame': axes 1 and 2 need no projection.",
        "Tick 'Bounding circles', drag B far: 0 axes.",
    )
    params = (
        Param("axis", "Axis shown", 1, low=1, high=4),
        Param("early", "Early out", False, overlay=True),
        Param("local", "A's frame (B moved into it)", False, overlay=True),
        Param("circles", "Bounding circles first", False, overlay=True),
    )
    # Room below the x axis for the meter of work counted.
    frame = (-3 * UNIT, -4.5 * UNIT, 13 * UNIT, 9 * UNIT)
    events = (
        Event("circles-fooled", "The bounding circles overlap, yet the boxes are apart: the quick reject cannot answer",
              lambda report: report.verdict.text == "SEPARATED" and not report.numbers["rejected"], settings={"circles": True}),
    )

    def setup(self):
        # Apart on axis 1 by a hair, yet close enough that their bounding circles meet; B clear
        # of axis 1's line through O, so that its shadow there crosses none of its corners.
        self.shapes = {
            "A": Box((4 * UNIT, 4 * UNIT), (2.5 * UNIT, 1.2 * UNIT), math.radians(20)),
            "B": Box((8.2 * UNIT, 5.6 * UNIT), (1.6 * UNIT, 1.0 * UNIT), math.radians(-35)),
        }

    def corner(self, name, corner):
        return units(self.shapes[name].corner(corner))

    def compute(self, ctx):
        vectors = [Vector(*(p - q for p, q in zip(self.corner(n, first), self.corner(n, second)))) for n, first, second in AXES]
        spans = []
        for axis in vectors:
            spans.append(tuple((min(s), max(s)) for s in ([dot(self.corner(n, c), axis) for c in CORNERS] for n in "AB")))
        overlaps = [b[0] <= a[1] and b[1] >= a[0] for a, b in spans]
        a, b = self.shapes["A"], self.shapes["B"]
        distance = math.dist(units(a.center), units(b.center))
        reach = (math.hypot(*a.half_size) + math.hypot(*b.half_size)) / UNIT
        rejected = self.settings["circles"] and distance > reach
        statuses = []
        stopped = rejected
        for k, overlap in enumerate(overlaps):
            if stopped:
                statuses.append("not run" if rejected else "skipped")
                continue
            if self.settings["local"] and k < 2:
                statuses.append("A's x" if k == 0 else "A's y")
            else:
                statuses.append("projected")
            stopped = self.settings["early"] and not overlap
        rows = tuple(AxisRow(v, s[0], s[1], o, status) for v, s, o, status in zip(vectors, spans, overlaps, statuses))
        axis = vectors[self.settings["axis"] - 1]
        square = dot(axis, axis)
        corners = {}
        for n in "AB":
            scalars = [(c, dot(self.corner(n, c), axis)) for c in CORNERS]
            corners[n] = [(c, Vector(s / square * axis.x, s / square * axis.y), s) for c, s in scalars]
        turn, (cx, cy) = -a.angle, units(a.center)
        local = tuple(
            Vector(math.cos(turn) * (x - cx) - math.sin(turn) * (y - cy), math.sin(turn) * (x - cx) + math.cos(turn) * (y - cy))
            for x, y in (self.corner("B", c) for c in CORNERS)
        )
        work = tuple((name, *self.run(vectors, early, frame, circles)) for name, early, frame, circles in SAVINGS)
        # The savings ticked, run the same way: the counts the table gives.
        _, tested, dots = self.run(vectors, *self.ticked())
        return Result(rows, corners, all(overlaps), (distance, reach), rejected, tested, dots, local, work)

    def ticked(self):
        return (self.settings["early"], self.settings["local"], self.settings["circles"])

    def run(self, vectors, early, frame, circles):
        """The test run once as the article's savings shape it, each dot product counted as it
        is made: (separated, axes tested, dot products)."""
        count = Counted()
        a, b = self.shapes["A"], self.shapes["B"]
        if circles:
            # The centres' distance squared against the radii's sum squared: one dot product.
            apart = units(b.center)[0] - units(a.center)[0], units(b.center)[1] - units(a.center)[1]
            reach = (math.hypot(*a.half_size) + math.hypot(*b.half_size)) / UNIT
            if count.dot(apart, apart) > reach * reach:
                return True, 0, count.dots
        centre, half = units(a.center), units(a.half_size)
        if frame:
            # B's corners turned into A's frame, two dot products each: A's axes become x and y.
            along = [Vector(v.x / math.hypot(*v), v.y / math.hypot(*v)) for v in vectors[:2]]
            offsets = [(x - centre.x, y - centre.y) for x, y in (self.corner("B", c) for c in CORNERS)]
            local = [(count.dot(p, along[0]), count.dot(p, along[1])) for p in offsets]
        separated, tested = False, 0
        for k, axis in enumerate(vectors):
            tested += 1
            if frame and k < 2:
                spans = (-half[k], half[k]), (min(p[k] for p in local), max(p[k] for p in local))
            else:
                spans = [(min(s), max(s)) for s in ([count.dot(self.corner(n, c), axis) for c in CORNERS] for n in "AB")]
            (a_min, a_max), (b_min, b_max) = spans
            if not (b_min <= a_max and b_max >= a_min):
                separated = True
                if early:
                    break
        return separated, tested, count.dots

    def _verdict(self, result):
        if result.rejected:
            return Verdict("SEPARATED", "separating", "bounding circles apart: no axis needed")
        if result.colliding:
            return Verdict("COLLIDING", "mtv", "all four axes overlap")
        first = next(k for k, row in enumerate(result.axes) if not row.overlap)
        return Verdict("SEPARATED", "separating", f"no overlap on axis {first + 1}")

    def _numbers(self, result):
        """What only the JSON and the questions hold: the verdict, the first axis with a gap,
        the bounding circles, B in A's frame, and the work with the savings ticked now (the
        work table's row marked "as now")."""
        return {
            "verdict": "colliding" if result.colliding else "separated",
            "separating_axis": next((k + 1 for k, row in enumerate(result.axes) if not row.overlap), None),
            "circles": list(result.circles),
            "rejected": result.rejected,
            "local_b": [list(v) for v in result.local],
            "axes_tested": result.tested,
            "dot_products": result.dots,
        }

    def _facts(self, result):
        axes = [
            {"number": k + 1, "corners": f"{name}.{first}-{name}.{second}", "axis": list(row.vector), "a": list(row.a), "b": list(row.b),
             "overlap": row.overlap, "status": row.status}
            for k, ((name, first, second), row) in enumerate(zip(AXES, result.axes))
        ]
        corners = {
            corner: {"corner": corner, "a_vector": list(va), "a_scalar": sa, "b_vector": list(vb), "b_scalar": sb}
            for (corner, va, sa), (_, vb, sb) in zip(result.corners["A"], result.corners["B"])
        }
        # Each saving alone, as the meter counts it, the one ticked now marked; other ticks, a row of their own.
        ticked = self.ticked()
        work = {key: {"saving": name, "axes": tested, "dots": dots, "now": saving[1:] == ticked}
                for key, (name, _, tested, dots), saving in zip(SAVING_KEYS, result.work, SAVINGS)}
        if ticked not in [saving[1:] for saving in SAVINGS]:
            names = " and ".join(name for name, on in zip(("early out", "A's frame", "circles"), ticked) if on)
            work["now"] = {"saving": names, "axes": result.tested, "dots": result.dots, "now": True}
        k = self.settings["axis"]
        return (
            Fact("axes", axes, "Each axis a corner difference", columns=(
                Column("number", "axis"), Column("corners", "corners"), Column("axis", "vector"), Column("a", "A's c·a", form="interval"),
                Column("b", "B's c·a", form="interval"), Column("overlap"), Column("status", "how"))),
            Fact("corners", corners, f"Every corner on axis {k}: (c·a / a·a) a, and c·a", columns=(
                Column("corner"), Column("a_vector", "A: vector"), Column("a_scalar", "c·a"), Column("b_vector", "B: vector"), Column("b_scalar", "c·a"))),
            # Untitled, headed "work counted" as before: the panel has no line to spare for a title.
            Fact("work_counted", work, columns=(Column("saving", "work counted"), Column("axes"), Column("dots", "dot products"), Column("now", "as now"))),
        )

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        x0, y0, x1, y1 = self.frame
        painter.segment((x0, 0.0), (x1, 0.0), theme.guide, 1)
        painter.segment((0.0, y0), (0.0, y1), theme.guide, 1)
        painter.text((-8 * pixel, -20 * pixel), "O", theme.dim_text, 14, "right")
        if self.settings["circles"]:
            role = theme.separating if result.circles[0] > result.circles[1] else theme.guide
            for shape in self.shapes.values():
                painter.circle(shape.center, math.hypot(*shape.half_size), role, None, 1)
            # The distance the quick reject compares, drawn, and its numbers along the bottom.
            painter.segment(self.shapes["A"].center, self.shapes["B"].center, role, 1)
            distance, reach = result.circles
            x0, y0 = self.view.rect[:2]
            painter.text((x0 + 14 * pixel, y0 + 40 * pixel), f"centres {fmt(distance)} apart, radii add to {fmt(reach)}", role, 15)
        if self.settings["local"]:
            self._draw_local(result, painter, theme)
        self._draw_shown_axis(result, painter, theme)
        for name in "AB":
            self.draw_shape(painter, theme, name)
        strips = self._strips(result)
        size, spots, numbers = self._corner_names(strips)
        for (name, corner), at in spots.items():
            painter.text(at, corner, faded(theme.shape(name), 200), size, "center")
        for k, ((name, first, second), row, (at, number_size, lead)) in enumerate(zip(AXES, result.axes, self._led(size, spots, numbers, strips))):
            shown = k + 1 == self.settings["axis"]
            color = theme.separating if not row.overlap else theme.axis
            painter.arrow(self.shapes[name].corner(second), self.shapes[name].corner(first), color, 4 if shown else 2)
            if lead is not None:
                painter.segment(*lead, color, 1)
                avoid_lines(painter, [lead])
            painter.text(at, str(k + 1), color, number_size, "center")
        self.label_shapes(painter, theme)
        # Each saving's cost beside the plain recipe's (the figure is the plain recipe; while a
        # question asks for a count, the figure writes it "?"). Last: the figure's own labels
        # take their places first, the meter the room left (none: a crowded small window leaves
        # it to the panel's table).
        draw_meter(painter, theme, self.view, self.reported, self.covered(), self.crossing(result), clear_only=True)

    def _axis_spot(self, name, start, end, text, strips, taken):
        """Where an axis's number goes: beside the edge it runs along, just inside it a third of
        the way from its tail (from the middle, a large print's number reached the centre dot),
        else further along or just outside it, wherever its box is clear of both rectangles'
        edges, the other rectangle, the shown axis's strips and the labels ``taken``. At a
        presenter's scale a small rectangle has no room inside for two numbers and a corner's
        name, and the label layout, asked for a spot inside, moved them two ems off their edges."""
        centre = self.shapes[name].center
        first = None
        # Inside at any size before outside: out between the rectangles at a presenter scale, a
        # number took the place of the other's corner name.
        for side, size, share in ((side, size, share) for side in (1, -1) for size in self._sizes(AXIS_SIZE) for share in (1 / 3, 1 / 2, 2 / 3)):
            point = (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)
            way = (side * (centre[0] - point[0]), side * (centre[1] - point[1]))
            # Square to the edge, not towards the centre: out from a point near a corner, the
            # way to the centre leans along the edge.
            along = (end[0] - start[0], end[1] - start[1])
            turn = along[0] * way[1] - along[1] * way[0]
            normal = (-along[1], along[0]) if turn > 0 else (along[1], -along[0])
            at = self._beside(point, normal, text, size)
            first = first or (at, size, False)
            if self._clear(name, text_box(at, text, size, self.view.pixel, self.view.text_scale, "center"), strips, taken):
                return at, size, True
        return first

    def _led(self, size, spots, numbers, strips):
        """Each axis's number as drawn: (where, size, leader), the leader None beside its edge.
        A number with no clear spot beside its edge (a small rectangle at a presenter's scale,
        its room inside and out held by the corners' names) goes to the nearest clear spot
        further out from the edge's middle, with a line back to it: asked for on its edge, the
        label layout moved it 80 pixels off, past the next axis's number."""
        scale, pixel = self.view.text_scale, self.view.pixel
        taken = self._centres() + [text_box(at, corner, size, pixel, scale, "center") for (_, corner), at in spots.items()]
        taken += [text_box(at, str(k + 1), number_size, pixel, scale, "center") for k, (at, number_size, clear) in enumerate(numbers) if clear]
        drawn = []
        for k, ((name, first, second), (at, number_size, clear)) in enumerate(zip(AXES, numbers)):
            far = None if clear else self._far_spot(name, self.shapes[name].corner(second), self.shapes[name].corner(first), str(k + 1), strips, taken)
            if far is None:
                drawn.append((at, number_size, None))
                continue
            at, number_size, lead = far
            taken.append(text_box(at, str(k + 1), number_size, pixel, scale, "center"))
            drawn.append((at, number_size, lead))
        return drawn

    def _far_spot(self, name, start, end, text, strips, taken):
        """A spot for an axis's number out from its edge, half an em to two ems further than
        beside it, clear as ``_axis_spot``'s are: (where, size, leader from the edge to the
        number's box), or None."""
        centre = self.shapes[name].center
        along = (end[0] - start[0], end[1] - start[1])
        for extra, size, share in ((extra, size, share) for extra in (0.5, 1.0, 1.5, 2.0) for size in self._sizes(AXIS_SIZE) for share in (1 / 2, 1 / 3, 2 / 3)):
            point = (start[0] + along[0] * share, start[1] + along[1] * share)
            # Out, away from the rectangle's centre.
            normal = (along[1], -along[0]) if along[0] * (centre[1] - point[1]) - along[1] * (centre[0] - point[0]) > 0 else (-along[1], along[0])
            at = self._beside(point, normal, text, size, extra)
            rect = text_box(at, text, size, self.view.pixel, self.view.text_scale, "center")
            lead = (point, short_of(rect, point))
            # The line back keeps off the other rectangle (out between them, it cut B); it leaves
            # its own along the edge's outward normal.
            other = self.shapes["B" if name == "A" else "A"]
            if self._clear(name, rect, strips, taken) and not gjk(Capsule(*lead, 0.0), other).colliding:
                return at, size, lead
        return None

    def _sizes(self, size):
        """The sizes a label of ``size`` is tried at, largest first, as the label layout tries
        them: down to its size at 1x or on paper what prints at 8 pt, whichever is larger."""
        return [size * part for part in sizes(size, self.view)]

    def _clear(self, name, rect, strips, taken):
        """Whether an axis number's box ``rect`` keeps off both rectangles' edges, the shown
        axis's ``strips`` and the boxes ``taken``, and off the rectangle other than ``name``."""
        middle = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
        other = self.shapes["B" if name == "A" else "A"]
        return (not any(outline_meets_box(shape, rect, self._edge_pad()) for shape in self.shapes.values())
                and not point_query(other, middle).inside and not self._on_strip(rect, strips) and not self._meets(rect, taken))

    def _on_strip(self, rect, strips):
        """Whether a label's box ``rect`` meets one of the shown axis's ``strips`` (4 pixels wide)."""
        return any(segment_meets_box(a, b, rect, 2 * self.view.pixel) for a, b in strips)

    def _strips(self, result):
        """The shown axis's two shadows, each as its two ends (as _draw_shown_axis draws them)."""
        axis = result.axes[self.settings["axis"] - 1].vector
        length = math.hypot(*axis)
        unit = Vector(axis.x / length, axis.y / length)
        ends = []
        for side, name in ((-6, "A"), (6, "B")):
            scalars = [s for _, _, s in result.corners[name]]
            ends.append(interval_ends(unit, min(scalars) / length * UNIT, max(scalars) / length * UNIT, side))
        return ends

    def _beside(self, point, way, text, size, extra=0.0):
        """Where label ``text``, centred, goes beside ``point``: its box a gap from it in the
        direction ``way``, its middle on that line, however large the text is drawn. Out along a
        corner's diagonal, both of the rectangle's edges leave the corner on the other side of
        the box; in from an edge's middle, the box stays clear of that edge."""
        pixel = self.view.pixel
        x0, y0, x1, y1 = text_box((0.0, 0.0), text, size, pixel, self.view.text_scale, "center")
        length = math.hypot(*way)
        ux, uy = way[0] / length, way[1] / length
        # How far the box reaches from its middle along the way, and the gap before it.
        reach = abs(ux) * (x1 - x0) / 2 + abs(uy) * (y1 - y0) / 2 + GAP * pixel * self.view.text_scale + extra * (y1 - y0)
        # The baseline sits below the box's middle by half the ink's height.
        return (point[0] + ux * reach, point[1] + uy * reach - (y0 + y1) / 2)

    def _corner_names(self, strips):
        """The corners' names' size and spots ((rectangle, corner) -> where): each beside its
        corner and off the other rectangle, all at the largest size at which every one is, but
        never smaller on screen than at font scale 1 (the rectangles close at a presenter scale
        leave no room beside a corner facing the other). Where even that leaves one no room,
        it is asked for on its corner: the layout puts it at the nearest clear spot, on neither
        rectangle, or leaves it out."""
        scale = self.view.text_scale
        sizes = self._sizes(CORNER_SIZE)
        found = None
        for size, order in ((size, order) for size in sizes for order in ORDERS):
            # Each clear of the names placed before it: two names just inside a small
            # rectangle's corners at a presenter scale met, and the layout moved one 2 ems off.
            # B's names and the axes' numbers before A's names where A's took the room beside
            # axis 3's edge (between the rectangles), or the numbers first.
            taken, spots, numbers = self._centres(), {}, [None] * len(AXES)
            for group in order:
                if group == "numbers":
                    numbers = self._axis_numbers(strips, taken)
                    continue
                for corner in CORNERS:
                    at = spots[group, corner] = self._off_corner(group, corner, size, strips, taken)
                    if at is not None:
                        taken.append(text_box(at, corner, size, self.view.pixel, scale, "center"))
            spots = {(name, corner): spots[name, corner] for name in "AB" for corner in CORNERS}
            if None in spots.values():
                continue
            if all(clear for _, _, clear in numbers):
                return size, spots, numbers
            # Smaller names, where that leaves every axis's number room beside its edge; else
            # the largest that leaves the fewest numbers without it.
            unclear = sum(not clear for _, _, clear in numbers)
            if found is None or unclear < found[0]:
                found = (unclear, (size, spots, numbers))
        if found is not None:
            return found[1]
        # No size leaves every name a spot clear of the others: each its own spot at 1x, clear
        # of the shapes and strips alone, or asked for on its corner where it has none.
        size, taken, spots = sizes[-1], self._centres(), {}
        _, y0, _, y1 = text_box((0.0, 0.0), "LL", size, self.view.pixel, scale, "center")
        for name in "AB":
            for corner in CORNERS:
                x, y = self.shapes[name].corner(corner)
                at = spots[name, corner] = self._off_corner(name, corner, size, strips, []) or (x, y - (y0 + y1) / 2)
                taken.append(text_box(at, corner, size, self.view.pixel, scale, "center"))
        return size, spots, self._axis_numbers(strips, taken)

    def _centres(self):
        """The rectangles' centre dots as boxes for the labels to keep off (a number inside a
        small rectangle reached its dot)."""
        reach = 4 * self.view.pixel * self.view.text_scale
        return [(x - reach, y - reach, x + reach, y + reach) for x, y in (shape.center for shape in self.shapes.values())]

    def _axis_numbers(self, strips, taken):
        """Each axis's number's spot and size, and whether it is clear, each clear of the
        labels ``taken`` (added to it as they go)."""
        numbers = []
        for k, (name, first, second) in enumerate(AXES):
            at, size, clear = self._axis_spot(name, self.shapes[name].corner(second), self.shapes[name].corner(first), str(k + 1), strips, taken)
            taken.append(text_box(at, str(k + 1), size, self.view.pixel, self.view.text_scale, "center"))
            numbers.append((at, size, clear))
        return numbers

    def _off_corner(self, name, corner, size, strips, taken):
        """Where rectangle ``name``'s ``corner`` name at ``size`` goes: out along the corner's
        diagonal or, where that box would lie on the other rectangle or a strip, along one of
        the two edges' outward normals there or between (any way out between those normals
        keeps the box off both edges); where every way out meets the other rectangle, just
        inside the corner; None where that does not fit either. (Asked for on a strip, the
        label layout moved A's LR past B's shadow, an em and more from its corner.)"""
        box, other = self.shapes[name], self.shapes["B" if name == "A" else "A"]
        (cx, cy), turn = box.center, box.angle
        across, up = (math.cos(turn), math.sin(turn)), (-math.sin(turn), math.cos(turn))
        point = box.corner(corner)
        dx, dy = point[0] - cx, point[1] - cy
        # The corner's side of each of the rectangle's own axes.
        sx, sy = math.copysign(1.0, dx * across[0] + dy * across[1]), math.copysign(1.0, dx * up[0] + dy * up[1])
        side, top = (sx * across[0], sx * across[1]), (sy * up[0], sy * up[1])
        ways = ((dx, dy), (side[0] + top[0] / 2, side[1] + top[1] / 2), (top[0] + side[0] / 2, top[1] + side[1] / 2), side, top)
        for way in ways:
            at = self._beside(point, way, corner, size)
            rect = text_box(at, corner, size, self.view.pixel, self.view.text_scale, "center")
            middle = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
            # Clear of the other rectangle by the label layout's own pad: nearer, it moved the name.
            if not outline_meets_box(other, rect, 2 * self.view.pixel) and not point_query(other, middle).inside and not self._on_strip(rect, strips) and not self._meets(rect, taken):
                return at
        # Every way out faces the other rectangle: just inside the corner instead, the box a gap
        # in from both edges, where it fits.
        # In along the corner's diagonal no further than the box needs to clear both edges (a
        # gap kept): with room for the box's corners on both sides at once, a name stood 2 ems in.
        pixel, scale = self.view.pixel, self.view.text_scale
        x0, y0, x1, y1 = text_box((0.0, 0.0), corner, size, pixel, scale, "center")
        inset = GAP * pixel * scale + max(abs(n[0]) * (x1 - x0) / 2 + abs(n[1]) * (y1 - y0) / 2 for n in (side, top))
        for step in range(1, 13):
            reach = inset * step / 8
            centre = (point[0] - reach * (side[0] + top[0]), point[1] - reach * (side[1] + top[1]))
            rect = (centre[0] + x0, centre[1] - (y1 - y0) / 2, centre[0] + x1, centre[1] + (y1 - y0) / 2)
            # Off the edges by as much as the layout keeps a label off an axis's arrow along one.
            if not outline_meets_box(box, rect, 2 * self._edge_pad()) and point_query(box, centre).inside and not self._meets(rect, taken):
                return (centre[0], centre[1] - (y0 + y1) / 2)
        return None

    def _meets(self, rect, taken):
        """Whether a label's box ``rect`` meets one of the boxes ``taken``, or comes nearer it
        than the gap the label layout keeps between labels (a quarter of the taller's height:
        the layout places them in the order drawn, not the order their spots were chosen in)."""
        return any(boxes_meet(rect, box, LABEL_GAP * max(rect[3] - rect[1], box[3] - box[1])) for box in taken)

    def _edge_pad(self):
        """How near an edge a label's box may come: as near as the label layout lets it."""
        return 2 * self.view.pixel

    def covered(self):
        """What the figure covers, for the meter to keep clear of: the boxes and their corner
        names, the origin's frame, and the bounding circles' line along the bottom."""
        pixel, scale = self.view.pixel, self.view.text_scale
        room = 30 * pixel * scale
        rects = [(x0 - room, y0 - room, x1 + room, y1 + room) for x0, y0, x1, y1 in (shape.aabb() for shape in self.shapes.values())]
        if self.settings["local"]:
            hx, hy = self.shapes["A"].half_size
            rects.append((-2 * hx, -2 * hx, 2 * hx, 2 * hx))
        if self.settings["circles"]:
            x0, y0 = self.view.rect[:2]
            rects.append((x0, y0, x0 + 420 * pixel * scale, y0 + 60 * pixel * scale))
        return rects

    def crossing(self, result):
        """The lines drawn across the figure: the world's x and y axes, and the shown axis."""
        x0, y0, x1, y1 = self.frame
        return [((x0, 0.0), (x1, 0.0)), ((0.0, y0), (0.0, y1)), self.shown_axis_line(result)]

    def shown_axis_line(self, result):
        axis = result.axes[self.settings["axis"] - 1].vector
        length = math.hypot(*axis)
        reach = max(abs(v) for v in self.frame) * 1.5
        return (-axis.x / length * reach, -axis.y / length * reach), (axis.x / length * reach, axis.y / length * reach)

    def _draw_shown_axis(self, result, painter, theme):
        k = self.settings["axis"] - 1
        axis = result.axes[k].vector
        length = math.hypot(*axis)
        unit = Vector(axis.x / length, axis.y / length)
        painter.segment(*self.shown_axis_line(result), theme.axis, 1)
        # The axis runs through the origin: "O" beside it, not across it (at --present and 3x).
        avoid_lines(painter, [self.shown_axis_line(result)])
        for side, name in ((-6, "A"), (6, "B")):
            rows = result.corners[name]
            scalars = [s for _, _, s in rows]
            low, high = min(scalars), max(scalars)
            for corner, vector, scalar in rows:
                tip = (vector.x * UNIT, vector.y * UNIT)
                painter.segment(self.shapes[name].corner(corner), tip, faded(theme.guide, 120), 1)
                # Corners on an edge square to the axis tie, give or take rounding.
                tie = 1e-9 * max(abs(low), abs(high), 1.0)
                color = theme.max_corner if high - scalar <= tie else theme.min_corner if scalar - low <= tie else theme.shape(name)
                painter.point(tip, color, 5)
            painter.interval(unit, low / length * UNIT, high / length * UNIT, side, theme.shape(name), 4)

    def _draw_local(self, result, painter, theme):
        """002's figure 9, faded at the origin: A centred and unturned there, B where it sits in A's frame."""
        hx, hy = self.shapes["A"].half_size
        painter.polygon(((hx, -hy), (hx, hy), (-hx, hy), (-hx, -hy)), faded(theme.shape_a, 150), None, 1)
        painter.polygon([(x * UNIT, y * UNIT) for x, y in result.local], faded(theme.shape_b, 150), None, 1)
        painter.text((-hx, hy + 6 * self.view.pixel), "in A's frame", theme.dim_text, 13)

    def report(self, result):
        lines = []
        if self.settings["circles"]:
            lines.append(f"Bounding circles: centres {fmt(result.circles[0])} apart, radii add to {fmt(result.circles[1])}")
        if self.settings["local"]:
            half = units(self.shapes["A"].half_size)
            xs, ys = [v[0] for v in result.local], [v[1] for v in result.local]
            lines.append(f"In A's frame axes 1 and 2 are plain x and y: A spans ±{fmt(half[0])} and ±{fmt(half[1])}, "
                         f"B's corners {fmt(min(xs))}..{fmt(max(xs))} and {fmt(min(ys))}..{fmt(max(ys))}")
        return Report(self._verdict(result), tuple(lines), numbers=self._numbers(result), facts=self._facts(result), meter=Meter("work_counted", ("axes", "dots")))


def short_of(rect, point):
    """Where a line from ``point`` to a digit's box ``rect`` stops: just short of the digit's
    ink, taken as a circle of 0.55 ems round the box's middle (the box has room round it)."""
    middle = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
    em = (rect[3] - rect[1]) / 1.28
    dx, dy = point[0] - middle[0], point[1] - middle[1]
    length = math.hypot(dx, dy)
    return (middle[0] + dx * 0.55 * em / length, middle[1] + dy * 0.55 * em / length)
