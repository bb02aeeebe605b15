"""Where the projection strips go: beside the shapes, inside the free area, labels apart.

Each strip is a segment along its axis at some offset to the axis's left; its label hangs off
one end. No strip crosses a shape, a label or another strip, none runs close alongside a nearly
parallel one, no label lies on another, a strip or a shape's outline, and all of it stays inside
the free area; where that leaves no room for every strip, fewer are drawn (see place_strips).
A strip keeps last frame's place while that is still clean, so it does not jump sides while a
shape is dragged.
"""

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from dataclasses import dataclass
from typing import NamedTuple

from collision import AxisTest, Circle, Polygon, project

from sandbox.kit.labels import Ring, boxes_meet, clip, pair, ring, ring_meets_box, segment_meets_box, text_box
from sandbox.kit.painter import Point, interval_ends
from sandbox.kit.view import Bounds, View

Segment = tuple[Point, Point]
"""A segment's two world end points."""

Reach = tuple[int, Point, float, float, float, float, tuple[float, float] | None]
"""An axis's strip before it is placed (see _reach)."""

Memory = dict[int, tuple[Point, float, str]]
"""Where each strip went last frame, by axis index: its axis, how far beyond the shapes (in
pixels, negative on the near side), and its label's anchor."""

LABEL_SIZE = 13
"""Pixels: the strip labels' font size at scale 1."""

MARGIN = 10
"""Pixels kept clear round the edge of the free area."""


@dataclass(frozen=True, order=True)
class Strip:
    """Where one axis is drawn."""

    index: int
    """The axis's place in the SatResult."""

    offset: float
    """How far left of the line through the origin along the axis the strip lies."""

    label: Point
    """The label's world point, on its baseline."""

    anchor: str
    """Which end of the label that point is: "left" or "right"."""

    spread: float = 6.0
    """World units between the strip's line and each shape's shadow beside it (six pixels)."""


def label_box(at: Point, text: str, view: View, size: float = LABEL_SIZE, anchor: str = "left") -> Bounds:
    """The world rectangle a label at ``at`` (its baseline's ``anchor`` end) covers."""
    return text_box(at, text, size, view.pixel, view.text_scale, anchor)


def _offsets_inside(axis: Point, ends: Iterable[float], rect: Bounds) -> tuple[float, float] | None:
    """The offsets d at which every point t * axis + d * normal (t in ``ends``) lies in ``rect``."""
    normal = (-axis[1], axis[0])
    window = (-math.inf, math.inf)
    for t in ends:
        stretch = clip((t * axis[0], t * axis[1]), normal, rect)
        if stretch is None:
            return None
        window = (max(window[0], stretch[0]), min(window[1], stretch[1]))
    return window if window[0] <= window[1] else None


class _Placed(NamedTuple):
    axis: Point
    low: float
    high: float
    offset: float
    segment: Segment


HALF_WIDTH = 12
"""Pixels from a strip's line to the far edge of the shadows beside it (spread 6, width 5, and room)."""


def _close_alongside(axis: Point, low: float, high: float, offset: float, placed: Sequence[_Placed], gap: float) -> bool:
    """Whether a strip here would run within ``gap`` of a nearly parallel one already placed."""
    for other in placed:
        if abs(axis[0] * other.axis[1] - axis[1] * other.axis[0]) > 0.35:  # more than 20 degrees apart
            continue
        normal = (-axis[1], axis[0])
        across = [x * normal[0] + y * normal[1] for x, y in other.segment]
        along = sorted(x * axis[0] + y * axis[1] for x, y in other.segment)
        if min(across) - gap < offset < max(across) + gap and along[0] < high and low < along[1]:
            return True
    return False


def segments_meet(a: Segment, b: Segment, pad: float) -> bool:
    """Whether two segments pass within ``pad`` of each other."""
    (p, q), (r, s) = a, b

    def side(o: Point, x: Point, y: Point) -> float:
        return (x[0] - o[0]) * (y[1] - o[1]) - (x[1] - o[1]) * (y[0] - o[0])

    if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
        return True
    return min(_to_segment(p, (r, s)), _to_segment(q, (r, s)), _to_segment(r, (p, q)), _to_segment(s, (p, q))) < pad


def _to_segment(point: Point, segment: Segment) -> float:
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else min(max(((point[0] - x0) * dx + (point[1] - y0) * dy) / length, 0.0), 1.0)
    return math.hypot(point[0] - x0 - t * dx, point[1] - y0 - t * dy)


def segment_meets_shape(segment: Segment, shape: Polygon | Circle, pad: float) -> bool:
    """Whether the segment passes within ``pad`` of the shape (a Circle, or a convex polygon)."""
    return _meets(segment, _solid(shape), pad)


class _Solid(NamedTuple):
    """A shape as a strip's test reads it: a circle's centre and radius, or a convex polygon's
    bounding box, corners and edge normals, each with the polygon's shadow on it. Worked out
    once for every place a strip tries, not once a place (a layout tries hundreds)."""

    center: Point | None
    radius: float
    bounds: Bounds
    corners: tuple[Point, ...]
    faces: tuple[tuple[float, float, float, float], ...]
    """(nx, ny, low, high): an edge's unit normal and the polygon's shadow along it."""


def _solid(shape: Polygon | Circle) -> _Solid:
    if isinstance(shape, Circle):  # polygons have a radius too (0, or a rounded one's)
        return _Solid(pair(shape.center), shape.radius, (0.0, 0.0, 0.0, 0.0), (), ())
    corners = tuple((x, y) for x, y in shape.world_vertices().tolist())
    faces = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        if length < 1e-12:
            continue
        nx, ny = -ey / length, ex / length
        shadow = [x * nx + y * ny for x, y in corners]
        faces.append((nx, ny, min(shadow), max(shadow)))
    x0, y0, x1, y1 = shape.aabb()
    return _Solid(None, 0.0, (float(x0), float(y0), float(x1), float(y1)), corners, tuple(faces))


def _meets(segment: Segment, solid: _Solid, pad: float) -> bool:
    if solid.center is not None:
        return _to_segment(solid.center, segment) < solid.radius + pad
    if not segment_meets_box(*segment, solid.bounds, pad):
        return False  # nowhere near its bounding box: no need to test its edges
    # Separating axes of a segment and a convex polygon: the polygon's edge normals and the segment's.
    (x0, y0), (x1, y1) = segment
    for nx, ny, low, high in solid.faces:
        start, end = x0 * nx + y0 * ny, x1 * nx + y1 * ny
        if max(start, end) + pad < low or high + pad < min(start, end):
            return False
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-12:
        return True
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    shadow = [x * nx + y * ny for x, y in solid.corners]
    start, end = x0 * nx + y0 * ny, x1 * nx + y1 * ny
    return not (max(start, end) + pad < min(shadow) or max(shadow) + pad < min(start, end))


def place_strips(tests: Sequence[AxisTest], indices: Iterable[int], shapes: Sequence[Polygon | Circle], view: View, taken: Iterable[Bounds] = (),
                 name: Callable[[int, Point], str] | None = None, memory: Memory | None = None, keep: int | None = None) -> tuple[Strip, ...]:
    """A Strip for each AxisTest ``tests[i]``, i in ``indices``, with ``view`` the free area.

    ``taken`` are world rectangles labels must avoid (the shapes' names); ``name(i, axis)``
    gives the label text. ``memory``, a dict the scene keeps, holds which side of the shapes
    each strip went to and how far: a strip goes back there while that spoils nothing, so it
    does not jump sides while a shape is dragged a few pixels.

    Each strip's clean places are found first: beside the shapes, nearest first, inside the
    free area, crossing no shape and no label in ``taken``, its label on nothing. Then a
    search picks one place for each so that no two strips cross or run close alongside and
    no label lies on another or on a strip. Where there is no such choice, strips are left
    out, the last placed first, never ``keep`` (the verdict's axis) while another can go:
    fewer strips, none knotted. The scene says which are missing (``sat_view.left_out``).
    """
    pixel = view.pixel
    memory = {} if memory is None else memory
    x0, y0, x1, y1 = view.rect
    inner = (x0 + MARGIN * pixel, y0 + MARGIN * pixel, x1 - MARGIN * pixel, y1 - MARGIN * pixel)
    gap = 34 * pixel
    reaches = sorted((_reach(tests[i], i, shapes, pixel, inner) for i in indices), key=lambda reach: _room(reach, gap))
    # Each shape measured once for every strip's places (a figure tries hundreds).
    solids, rings = [_solid(shape) for shape in shapes], [ring(shape) for shape in shapes]
    options = [_candidates(reach, solids, rings, view, inner, list(taken), name, memory.get(reach[0])) for reach in reaches]
    trying = [(reach, found) for reach, found in zip(reaches, options) if found]
    budget: list[float] = [TOTAL_BUDGET]
    compatible = _remembering(_compatible)
    for subset in _fewer(trying, keep):
        chosen = _search(subset, pixel, budget, compatible)
        if chosen is not None:
            _remember(memory, [reach for reach, _ in subset], chosen, pixel)
            return tuple(sorted(choice.strip for choice in chosen))
        if budget[0] < 0:
            break
    # The budget spent: one strip left out at a time, the last placed first.
    while trying:
        chosen = _search(trying, pixel)
        if chosen is not None:
            _remember(memory, [reach for reach, _ in trying], chosen, pixel)
            return tuple(sorted(choice.strip for choice in chosen))
        others = [i for i, (reach, _) in enumerate(trying) if reach[0] != keep]
        trying.pop(others[-1] if others else -1)
    memory.clear()
    return ()


def _remembering(check: Callable[["_Choice", Reach, "_Choice"], bool]) -> Callable[["_Choice", Reach, "_Choice"], bool]:
    """``check`` answering each pair of places once: the searches of one figure (every set of
    fewer strips) ask the same pairs again and again."""
    known: dict[tuple[int, int], bool] = {}

    def remembered(a: "_Choice", reach: Reach, b: "_Choice") -> bool:
        key = (id(a), id(b))
        if key not in known:
            known[key] = check(a, reach, b)
        return known[key]

    return remembered


def _fewer(trying: list[tuple[Reach, list["_Choice"]]], keep: int | None) -> Iterator[list[tuple[Reach, list["_Choice"]]]]:
    """``trying``, then with one strip left out, then two and so on (a crowd knotted together
    would hide the lesson): every way of leaving that many out, those placed last (with the
    most room) first, ``keep`` (the verdict's axis) left out last. Leaving out only the last
    placed, hex-triangle at --present drew 3 of its 6 strips where 5 fitted."""
    order = list(range(len(trying)))
    for count in range(len(trying) + 1):
        ways = sorted(combinations(reversed(order), count), key=lambda out: any(trying[i][0][0] == keep for i in out))
        for out in ways:
            yield [pair for i, pair in enumerate(trying) if i not in out]


def _remember(memory: Memory, reaches: Sequence[Reach], chosen: Sequence["_Choice"], pixel: float) -> None:
    memory.clear()
    for reach, choice in zip(reaches, chosen):
        index, axis, near, far = reach[:4]
        beyond = (choice.offset - far) / pixel if choice.offset >= (near + far) / 2 else (choice.offset - near) / pixel
        memory[index] = (axis, beyond, choice.strip.anchor)


class _Choice(NamedTuple):
    offset: float
    strip: Strip
    placed: _Placed
    box: Bounds


OPTIONS = 40
"""Clean places kept for each strip, nearest the shapes first: enough for the search, and a
drag's frame does not wait for every place in the free area to be tried."""

SEARCH_BUDGET = 4000
"""Places tried by the plain search for a layout that spoils nothing, before it gives up."""

CHECK_BUDGET = 24000
"""Pairs of places checked by the pruning search, where the plain one gave up, before it does."""

TOTAL_BUDGET = 8 * CHECK_BUDGET
"""Pairs checked by all the searches of one figure together, each set of fewer strips its own
search: past it, strips are left out one at a time, the last placed first."""


def _search(trying: Sequence[tuple[Reach, list[_Choice]]], pixel: float, total: list[float] | None = None,
            compatible: Callable[[_Choice, Reach, _Choice], bool] | None = None) -> list[_Choice] | None:
    """One clean place for each strip of ``trying`` ((reach, its clean places) pairs) such that
    none spoils another, or None; in ``trying``'s order. First depth first in that order, each
    strip at the nearest place that leaves the rest room; where that gives up, pruning
    (_pruned). ``total`` (a one-item list) is what is left of the figure's budget of pairs
    checked, which both spend."""
    budget = [SEARCH_BUDGET]
    total = [math.inf] if total is None else total
    compatible = compatible or _remembering(_compatible)

    def extend(chosen: list[_Choice]) -> list[_Choice] | None:
        if len(chosen) == len(trying):
            return chosen
        reach, options = trying[len(chosen)]
        for choice in options:
            budget[0] -= 1
            total[0] -= len(chosen)  # the pairs this place is checked in
            if budget[0] < 0 or total[0] < 0:
                return None
            if all(compatible(choice, reach, other) for other in chosen):
                found = extend(chosen + [choice])
                if found is not None:
                    return found
        return None

    return extend([]) or _pruned(trying, total, compatible)


def _pruned(trying: Sequence[tuple[Reach, list[_Choice]]], total: list[float], compatible: Callable[[_Choice, Reach, _Choice], bool]) -> list[_Choice] | None:
    """The search again, placing next the strip with the fewest places left, each place taken
    striking off the other strips' places it spoils (a dead end shows at once): in the order
    given, seven strips round polygons' pentagon needed 20,000 places tried, and 4,000 left
    out two of them; this way they take 7 ms."""
    budget = [CHECK_BUDGET]

    def extend(chosen: dict[int, _Choice], left: dict[int, list[_Choice]]) -> dict[int, _Choice] | None:
        if not left:
            return chosen
        index = min(left, key=lambda i: len(left[i]))
        for choice in left[index]:
            others = {}
            for j, options in left.items():
                if j == index:
                    continue
                budget[0] -= len(options)
                total[0] -= len(options)
                others[j] = [option for option in options if compatible(option, trying[j][0], choice)]
                if not others[j]:
                    break
            if budget[0] < 0 or total[0] < 0:
                return None
            if all(others.get(j) for j in left if j != index):
                found = extend({**chosen, index: choice}, others)
                if found is not None:
                    return found
        return None

    found = extend({}, {i: list(options) for i, (_, options) in enumerate(trying)})
    return None if found is None else [found[i] for i in range(len(trying))]


def _candidates(reach: Reach, solids: Sequence[_Solid], rings: Sequence[Ring], view: View, inner: Bounds, taken: Sequence[Bounds],
                name: Callable[[int, Point], str] | None, last: tuple[Point, float, str] | None) -> list[_Choice]:
    """Every place of one strip that spoils nothing by itself (before the other strips come)."""
    pixel, scale = view.pixel, view.text_scale
    index, axis, near, far, low, high, window = reach
    if window is None:
        return []
    gap, step = 34 * pixel, 12 * pixel * scale
    assert name is not None  # a strip with room needs its label's text
    text = name(index, axis)
    offsets = [d for k in range(40) for d in (far + gap + k * step, near - gap - k * step) if window[0] <= d <= window[1]]
    # Then anywhere in the free area, between the shapes too where they leave a gap across the axis.
    spread = [window[0] + (window[1] - window[0]) * i / 60 for i in range(61)]
    offsets += sorted(spread, key=lambda d: min(abs(d - far), abs(d - near)))
    # The label at the end further right on screen first: it reads on from the strip.
    ends = [(high, "left"), (low, "right")] if axis[0] >= 0 else [(low, "left"), (high, "right")]
    if last is not None and abs(last[0][0] * axis[1] - last[0][1] * axis[0]) < 0.2:
        beyond, anchor = last[1], last[2]
        again = far + beyond * pixel if beyond >= 0 else near + beyond * pixel
        if window[0] <= again <= window[1]:
            offsets.insert(0, again)
        ends.sort(key=lambda end: end[1] != anchor)
    found = []
    for offset in offsets:
        segment = interval_ends(axis, low, high, offset)
        if _strip_spoils(segment, solids, taken, pixel):
            continue
        for end, anchor in ends:
            at = _label_at(axis, end, offset, anchor, pixel)
            box = label_box(at, text, view, anchor=anchor)
            if not _label_spoils(box, rings, taken, inner, pixel):
                found.append(_Choice(offset, Strip(index, offset, at, anchor, 6 * pixel), _Placed(axis, low, high, offset, segment), box))
                if len(found) == OPTIONS:
                    return found
    return found


def _compatible(a: _Choice, reach_a: Reach, b: _Choice) -> bool:
    """Whether two strips placed at ``a`` and ``b`` spoil nothing of each other."""
    pixel = a.strip.spread / 6  # the spread is six pixels
    thick = HALF_WIDTH * pixel
    if segments_meet(a.placed.segment, b.placed.segment, 2 * thick) or boxes_meet(a.box, b.box, 4 * pixel):
        return False
    if segment_meets_box(*a.placed.segment, b.box, thick) or segment_meets_box(*b.placed.segment, a.box, thick):
        return False
    axis, low, high = reach_a[1], reach_a[4], reach_a[5]
    return not _close_alongside(axis, low, high, a.offset, [b.placed], 2 * thick)


def _strip_spoils(segment: Segment, solids: Sequence[_Solid], boxes: Sequence[Bounds], pixel: float) -> bool:
    """Whether a strip here would cross a shape or a label."""
    thick = HALF_WIDTH * pixel
    # Half a strip's width and as much again clear of the shapes: a shadow brushing an edge reads as part of it.
    return any(_meets(segment, solid, 2 * thick) for solid in solids) or any(segment_meets_box(*segment, other, thick) for other in boxes)


def _label_spoils(box: Bounds, rings: Sequence[Ring], boxes: Sequence[Bounds], inner: Bounds, pixel: float) -> bool:
    """Whether a strip's label here would leave the free area or lie on another label or an outline."""
    return (
        not (inner[0] <= box[0] and box[2] <= inner[2] and inner[1] <= box[1] and box[3] <= inner[3])
        or any(boxes_meet(box, other, 4 * pixel) for other in boxes)
        or any(ring_meets_box(outline, box, 2 * pixel) for outline in rings)
    )


def _reach(test: AxisTest, index: int, shapes: Sequence[Polygon | Circle], pixel: float, inner: Bounds) -> Reach:
    """An axis's strip before it is placed: (index, axis, the shapes' extent across it (near,
    far), the strip's extent along it (low, high), and the offsets that keep it inside)."""
    axis = pair(test.axis)
    across = [project(shape, (-axis[1], axis[0])) for shape in shapes]
    low = min(test.a.min, test.b.min) - 15 * pixel
    high = max(test.a.max, test.b.max) + 15 * pixel
    return index, axis, min(i.min for i in across), max(i.max for i in across), low, high, _offsets_inside(axis, (low, high), inner)


def _room(reach: Reach, gap: float) -> float:
    """How much of the free area a strip has beside the shapes: the tightest is placed first."""
    _, _, near, far, _, _, window = reach
    if window is None:
        return -1.0
    return max(near - gap - window[0], 0.0) + max(window[1] - far - gap, 0.0)


def _label_at(axis: Point, end: float, offset: float, anchor: str, pixel: float) -> Point:
    (x, y), _ = interval_ends(axis, end, end, offset)
    return (x + (8 if anchor == "left" else -8) * pixel, y - 5 * pixel)
