"""Where a figure's labels go: the one rule every scene's text follows.

A scene writes ``painter.text`` where a label belongs (beside an arrow's tip, above a shape).
``Scene.paint`` draws through a :class:`LabelLayout`, which holds the labels back until the
figure is drawn and then puts each one at the nearest spot to where it was asked for that
overlaps no label placed before it, no projection strip, no shape's outline and no arrow, and
stays inside the free area. A label that fits where it was asked for stays there, and one
moved stays at its new spot while that still fits (a label does not hop for a pixel of drag).
A label keeps within REACH of where it was asked for, smaller if need be: one with no clear
spot that near is left out (``left_out``; the panel lists them), since a label far from what
it names misleads more than a missing one.

Sizes are estimated from DejaVu Sans' advance widths, the window's font, with a little to spare.
"""

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from collision import Capsule, Circle, Polygon, grown_outline
from sandbox.kit.painter import Color, Painter, Point, interval_ends
from sandbox.kit.view import Bounds, View

Outline = Polygon | Circle | Capsule
"""A shape whose outline labels keep off."""

Cost = tuple[bool, int]
"""How bad a spot is: whether it spoils anything, then how much it spoils and blurs."""

POINT = 96 / 72
"""Pixels in a point: text sizes are points, as pyglet's."""

INK_UP, INK_DOWN = 1.0, 0.28
"""How far a label reaches above and below its baseline, in ems, with a little room."""

_NARROW, _THIN, _WIDE = set("il.,:;'|!` "), set("ftrjI()[]{}-/\\\""), set("mwMW%@")
_MATH = set("=+<>~^×−·")


def pair(point: Sequence[float]) -> Point:
    """``point`` as a plain (x, y) tuple: a Vector or a row of an array in."""
    return (point[0], point[1])


def char_width(char: str) -> float:
    """A character's advance width in ems (DejaVu Sans, rounded up)."""
    if char in _NARROW:
        return 0.33
    if char in _THIN:
        return 0.42
    if char in _WIDE:
        return 1.0
    if char in _MATH:
        return 0.86
    if char.isdigit():
        return 0.64
    if char.isupper():
        return 0.78
    return 0.63


def text_box(at: Sequence[float], text: str, size: float, pixel: float, scale: float = 1.0, anchor: str = "left") -> tuple[float, float, float, float]:
    """The world rectangle (x0, y0, x1, y1) label ``text`` covers at world point ``at`` (its
    baseline's ``anchor`` end), drawn at ``size`` points times ``scale`` with ``pixel`` world
    units a pixel."""
    em = round(size * scale) * POINT * pixel
    width = sum(map(char_width, text)) * em
    left = at[0] - {"left": 0.0, "center": width / 2, "right": width}[anchor]
    return (left, at[1] - INK_DOWN * em, left + width, at[1] + INK_UP * em)


def boxes_meet(a: Bounds, b: Bounds, pad: float = 0.0) -> bool:
    return bool(a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad)


def segment_meets_box(start: Point, end: Point, rect: Bounds, pad: float = 0.0) -> bool:
    """Whether the segment from ``start`` to ``end`` passes within ``pad`` of the rectangle."""
    padded = (rect[0] - pad, rect[1] - pad, rect[2] + pad, rect[3] + pad)
    if (max(start[0], end[0]) < padded[0] or padded[2] < min(start[0], end[0])
            or max(start[1], end[1]) < padded[1] or padded[3] < min(start[1], end[1])):
        return False  # wholly to one side of it: most of the segments a label is tried against
    stretch = clip(start, (end[0] - start[0], end[1] - start[1]), padded)
    return stretch is not None and stretch[0] <= 1.0 and stretch[1] >= 0.0


def clip(point: Point, direction: Point, rect: Bounds) -> tuple[float, float] | None:
    """The stretch (t0, t1) of the line point + t * direction inside ``rect``, or None."""
    low, high = -math.inf, math.inf
    for start, step, lo, hi in ((point[0], direction[0], rect[0], rect[2]), (point[1], direction[1], rect[1], rect[3])):
        if abs(step) < 1e-12:
            if not lo <= start <= hi:
                return None
            continue
        a, b = (lo - start) / step, (hi - start) / step
        low, high = max(low, min(a, b)), min(high, max(a, b))
    return (low, high) if low <= high else None


def circle_meets_box(center: Point, radius: float, rect: Bounds, pad: float = 0.0) -> bool:
    """Whether the circle's outline passes within ``pad`` of the rectangle."""
    cx, cy = center
    near = math.hypot(max(rect[0] - cx, 0, cx - rect[2]), max(rect[1] - cy, 0, cy - rect[3]))
    far = max(math.hypot(x - cx, y - cy) for x in (rect[0], rect[2]) for y in (rect[1], rect[3]))
    return bool(near - pad <= radius <= far + pad)


def inside(rect: Bounds, area: Bounds) -> bool:
    return bool(area[0] <= rect[0] and rect[2] <= area[2] and area[1] <= rect[1] and rect[3] <= area[3])


SHIFTS = tuple(
    (dx * r, dy * r)
    for r in (0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.2, 2.6, 3.6, 5.0, 7.0, 9.0, 12.0)
    for dx, dy in (
        (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1),
        (2, 0.5), (-2, 0.5), (2, -0.5), (-2, -0.5), (0.5, 1), (-0.5, 1), (0.5, -1), (-0.5, -1),
    )
)
"""Where a label that does not fit is tried instead, in label heights from where it was asked
for: nearest first, above and below before beside. Steps of a third of a height near it: with
steps of 0.6 a label found no clear spot at its size beside a thin line (a path, a ghost's
outline, a guide) and was drawn smaller instead."""

SHRINKS = (1.0, 0.8, 0.65, 0.5)
"""The sizes a label is tried at, as parts of its own: smaller only where it fits nowhere larger
(keeping off a strip, an outline, a label or the edge: not for an arrow, which a name often
must cross), and never smaller than at 1x (View.least_points on paper): see ``sizes``. Only a
label wider than the whole free area at 1x is drawn as wide as the area instead."""


def sizes(size: float, view: View) -> list[float]:
    """The parts of its size a label of ``size`` points is tried at: SHRINKS down to its size at
    presenter scale 1 (on paper, what prints at 8 pt), whichever is larger, that size last."""
    least = min(max(size, view.least_points) / (size * view.text_scale), 1.0)
    return [shrink for shrink in SHRINKS if shrink > least] + [least]

REACH = 2.5
"""How far a label's box may stand from the spot it was asked for, in ems of the size asked
for: further off, a class cannot tell what it names (the figure lint allows 3, measuring with
pyglet rather than this estimate)."""

GAP = 0.25
"""The room a label prefers to keep beside another, in label heights."""


class LabelLayout:
    """A painter that draws everything at once except labels, which it places when the figure
    is finished (``finish``): see the module docstring.

    ``outlines`` are the shapes whose edges labels keep off (Polygon or Circle); ``memory``
    (a dict the scene keeps) remembers where each label went, for the next frame.
    """

    def __init__(self, painter: Painter, view: View, outlines: Sequence[Outline] = (), memory: dict[tuple[str, int], tuple[float, float, float]] | None = None):
        self.painter, self.view = painter, view
        self.outlines = list(outlines)
        self.memory = {} if memory is None else memory
        self.strips: list[tuple[Point, Point, float]] = []
        self.arrows: list[tuple[Point, Point, float]] = []
        self.dots: list[tuple[Point, float]] = []
        """Points drawn as dots (a shape's centre, a corner, a sample), as (centre, radius in pixels)."""
        self.held: list[tuple[Point, str, Color, float, str]] = []
        self.blocks: list[Bounds] = []
        """Rectangles of text drawn as one block (a cost meter), which the labels keep off."""
        self.left_out: list[str] = []
        """The labels with no clear spot near enough to what they name, not drawn."""
        self.rings: list[Ring] = []
        """The outlines traced, when the labels are placed."""

    def __getattr__(self, name: str) -> Any:  # any other painter call goes straight through
        return getattr(self.painter, name)

    def interval(self, axis: Point, low: float, high: float, offset: float, color: Color, width: float = 5) -> None:
        if width >= 3:
            self.strips.append((*interval_ends(axis, low, high, offset), width))
        self.painter.interval(axis, low, high, offset, color, width)

    def arrow(self, start: Point, end: Point, color: Color, width: float = 2) -> None:
        self.arrows.append((pair(start), pair(end), width))
        self.painter.arrow(start, end, color, width)

    def avoid(self, start: Point, end: Point, width: float = 1) -> None:
        """Keep the labels off the line from ``start`` to ``end`` (``width`` pixels) where they
        can, as off an arrow: crossed rather than drawn smaller (a path, a guide)."""
        self.arrows.append((pair(start), pair(end), width))

    def point(self, at: Point, color: Color, size: float = 5) -> None:
        # Drawn ``size`` times the painter's line scale across (thicker on a projector).
        self.dots.append((pair(at), size * getattr(self.painter, "line_scale", 1.0)))
        self.painter.point(at, color, size)

    def text(self, at: Point, string: str, color: Color, size: float = 13, anchor: str = "left") -> None:
        self.held.append((pair(at), string, color, size, anchor))

    def keep_off(self, shape: Outline) -> None:
        """Keep the labels off ``shape``'s outline too (a Polygon or Circle the scene draws
        that is not one of its shapes: a ghost of a pose, a path's end)."""
        self.outlines.append(shape)

    def block(self, rect: Bounds, texts: Sequence[tuple[Point, str, Color, float]]) -> None:
        """Draw ``texts`` (at, string, color, size) now, as they are: lines that belong
        together, laid out by their caller inside ``rect``, which no label is then put on.
        Placed one by one, the gap kept between labels would pull a meter's lines apart."""
        x0, y0, x1, y1 = rect
        self.blocks.append((x0, y0, x1, y1))
        for at, string, color, size in texts:
            self.painter.text(at, string, color, size)

    def finish(self) -> None:
        """Place and draw the labels held back."""
        view = self.view
        pixel = view.pixel
        x0, y0, x1, y1 = view.rect
        area = (x0 + 2 * pixel, y0 + 2 * pixel, x1 - 2 * pixel, y1 - 2 * pixel)
        self.rings = [ring(shape) for shape in self.outlines]
        placed: list[Bounds] = list(self.blocks)
        remembered: dict[tuple[str, int], tuple[float, float, float]] = {}
        seen: dict[str, int] = {}
        for at, string, color, size, anchor in self.held:
            if not string.strip():
                self.painter.text(at, string, color, size, anchor)
                continue
            key = (string, seen.setdefault(string, 0))
            seen[string] += 1
            best: tuple[Cost, float, float, Bounds, float, float, int, int] | None = None
            reach = REACH * round(size * view.text_scale) * POINT * pixel
            # Where a label fits nowhere near at its size (a crowded figure at 3x), smaller.
            parts = sizes(size, view)
            least = text_box(at, string, size * parts[-1], pixel, view.text_scale, anchor)
            if least[2] - least[0] > area[2] - area[0]:
                # Wider than the free area even at 1x (a long message beside the panel): as wide
                # as the area, the one size at which it can be read at all.
                parts.append(parts[-1] * 0.97 * (area[2] - area[0]) / (least[2] - least[0]))
            for shrink in parts:
                box = text_box(at, string, size * shrink, pixel, view.text_scale, anchor)
                height = box[3] - box[1]
                shifts = [(0.0, 0.0), *((dx * height, dy * height) for dx, dy in SHIFTS)]
                # The spot it had last frame first, so that a label that moved stays moved.
                last = self.memory.get(key)
                if last is not None and last[2] == shrink:
                    shifts.insert(0, (last[0] * height, last[1] * height))
                for dx, dy in shifts:
                    moved = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
                    if distance_to_box(at, moved) > reach:
                        continue
                    # With a clear spot in hand a spoiled one cannot beat it: one spoil is enough to know.
                    clear_in_hand = best is not None and not best[0][0]
                    spoiled = self._spoiled(moved, placed, area, pixel, clear_in_hand)
                    if spoiled and clear_in_hand:
                        continue
                    arrows, gaps = self._blurred(moved, placed, pixel, height)
                    # Any unspoiled spot before a spoiled one, however blurred.
                    cost = (spoiled > 0, spoiled + arrows + gaps)
                    if best is None or cost < best[0]:
                        best = (cost, dx, dy, moved, shrink, height, spoiled, arrows)
                    if cost == (False, 0):
                        break
                # Smaller only to keep off a strip, an outline, a label or the edge: not to keep
                # off an arrow, nor for the gap alone.
                if best is not None and not best[0][0]:
                    break
            if best is None or best[6]:
                self.left_out.append(string)
                continue
            _, dx, dy, moved, shrink, height, _, _ = best
            placed.append(moved)
            remembered[key] = (dx / height, dy / height, shrink)
            self.painter.text((at[0] + dx, at[1] + dy), string, color, size * shrink, anchor)
        self.memory.clear()
        self.memory.update(remembered)

    def _spoiled(self, rect: Bounds, placed: Sequence[Bounds], area: Bounds, pixel: float, first: bool = False) -> int:
        """What a label at ``rect`` would spoil, worst first: the free area's edge (a label cut
        off is lost), another label, a strip, a shape's outline. With ``first``, only whether
        it spoils anything (the cheapest checks first)."""
        pad = 2 * pixel
        spoiled = 64 * (not inside(rect, area))
        if spoiled and first:
            return spoiled
        spoiled += 16 * sum(boxes_meet(rect, other, pad) for other in placed)
        if spoiled and first:
            return spoiled
        spoiled += 2 * sum(ring_meets_box(ring, rect, pad) for ring in self.rings)
        if spoiled and first:
            return spoiled
        return spoiled + 4 * sum(segment_meets_box(s, e, rect, pad + w / 2 * pixel) for s, e, w in self.strips)

    def _blurred(self, rect: Bounds, placed: Sequence[Bounds], pixel: float, height: float) -> tuple[int, int]:
        """What a label at ``rect`` may cross if it must, and is kept off where it can be: the
        arrows (a name often must cross its arrow), the dots (a centre a student grabs, a point
        a label names: "B" written on B's centre dot hid it), and the gap beside each other
        label (two labels that touch read as one: "43")."""
        pad = 2 * pixel
        crossed = sum(segment_meets_box(s, e, rect, pad + w / 2 * pixel) for s, e, w in self.arrows)
        # A dot counts when it reaches into the box past the room the box keeps round its ink.
        # A dot hidden is worse than an arrow crossed (a name on its own arrow still reads).
        crossed += 3 * sum(distance_to_box(at, rect) < radius * pixel - pad for at, radius in self.dots)
        return crossed, sum(boxes_meet(rect, other, GAP * height) for other in placed)


def distance_to_box(point: Point, rect: Bounds) -> float:
    """How far ``point`` lies from the rectangle (0 inside it)."""
    return math.hypot(max(rect[0] - point[0], 0, point[0] - rect[2]), max(rect[1] - point[1], 0, point[1] - rect[3]))


def outline_meets_box(shape: Outline, rect: Bounds, pad: float = 0.0) -> bool:
    """Whether the outline of ``shape`` (a Circle, a Polygon or a Capsule) passes within ``pad`` of the rectangle."""
    return ring_meets_box(ring(shape), rect, pad)


class Ring(NamedTuple):
    """An outline as a label is tested against it: a circle (centre, radius), or the corners of
    a polygon, a rounded polygon's outline or a capsule's, in order, with their bounding box.
    Traced once a frame, not once a place a label tries (a crowded figure tries thousands)."""

    circle: tuple[Point, float] | None
    corners: tuple[Point, ...]
    bounds: Bounds


def ring(shape: Outline) -> Ring:
    if isinstance(shape, Circle):  # polygons have a radius too (0, or a rounded one's)
        return Ring((pair(shape.center), shape.radius), (), (0.0, 0.0, 0.0, 0.0))
    if isinstance(shape, Capsule):
        corners = [pair(p) for p in grown_outline(shape.world_points().tolist(), shape.radius)]
    elif shape.radius:
        # A rounded polygon's outline is its core grown by the radius, not the core.
        corners = [pair(p) for p in grown_outline(shape.world_vertices().tolist(), shape.radius)]
    else:
        corners = [pair(p) for p in shape.world_vertices().tolist()]
    x0, y0, x1, y1 = shape.aabb()
    return Ring(None, tuple(corners), (float(x0), float(y0), float(x1), float(y1)))


def ring_meets_box(ring: Ring, rect: Bounds, pad: float = 0.0) -> bool:
    """Whether the traced outline ``ring`` passes within ``pad`` of the rectangle."""
    if ring.circle is not None:
        return circle_meets_box(*ring.circle, rect, pad)
    if not boxes_meet(ring.bounds, rect, pad):
        return False  # clear of its bounding box: clear of its edges
    corners = ring.corners
    return any(segment_meets_box(a, b, rect, pad) for a, b in zip(corners, corners[1:] + corners[:1]))
