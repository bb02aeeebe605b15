"""Where the projection strips go: beside the shapes, inside the free area, labels apart.

Each strip is a segment along its axis at some offset to the axis's left; its label hangs off
one end. Candidate places are tried nearest the shapes first (nested, as DemoSAT3's figure did),
then anywhere in the free area, and each is scored by what it would spoil: a label off-screen
or over another label first, then a label over another strip, a strip over a label, a strip
lying close along a nearly parallel one, or a strip through the shapes. The first place that spoils nothing wins,
else the one that spoils least.
"""

import math
from dataclasses import dataclass
from typing import NamedTuple

from collision import project

from sandbox.kit.painter import interval_ends

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

    label: tuple
    """The label's world point, on its baseline."""

    anchor: str
    """Which end of the label that point is: "left" or "right"."""


def label_box(at, text, view, size=LABEL_SIZE, anchor="left"):
    """The world rectangle a label at ``at`` (its baseline's ``anchor`` end) covers, roughly."""
    pixel = view.pixel * view.text_scale
    width = len(text) * size * 0.62 * pixel
    left = at[0] - width if anchor == "right" else at[0]
    return (left, at[1] - 4 * pixel, left + width, at[1] + size * 1.3 * pixel)


def clip(point, direction, rect):
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


def _offsets_inside(axis, ends, rect):
    """The offsets d at which every point t * axis + d * normal (t in ``ends``) lies in ``rect``."""
    normal = (-axis[1], axis[0])
    window = (-math.inf, math.inf)
    for t in ends:
        stretch = clip((t * axis[0], t * axis[1]), normal, rect)
        if stretch is None:
            return None
        window = (max(window[0], stretch[0]), min(window[1], stretch[1]))
    return window if window[0] <= window[1] else None


def _meet(a, b, pad):
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _crosses(segment, box, pad):
    """Whether the segment passes within ``pad`` of the rectangle."""
    (x0, y0), (x1, y1) = segment
    grown = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
    stretch = clip((x0, y0), (x1 - x0, y1 - y0), grown)
    return stretch is not None and stretch[1] >= 0 and stretch[0] <= 1


class _Placed(NamedTuple):
    axis: tuple
    low: float
    high: float
    offset: float
    segment: tuple


def _close_alongside(axis, low, high, offset, placed, gap):
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


def place_strips(tests, indices, shapes, view, taken=(), name=None):
    """A Strip for each AxisTest ``tests[i]``, i in ``indices``, with ``view`` the free area.

    ``taken`` are world rectangles labels must avoid (the shapes' names); ``name(i, axis)``
    gives the label text.
    """
    pixel, scale = view.pixel, view.text_scale
    x0, y0, x1, y1 = view.rect
    inner = (x0 + MARGIN * pixel, y0 + MARGIN * pixel, x1 - MARGIN * pixel, y1 - MARGIN * pixel)
    gap, step = 34 * pixel, 30 * pixel * scale
    taken, placed, strips = list(taken), [], []
    for index, axis, near, far, low, high, window in sorted(
        (_reach(tests[i], i, shapes, pixel, inner) for i in indices), key=lambda reach: _room(reach, gap)
    ):
        text = name(index, axis)
        first = len(strips)
        offsets = [d for k in [*range(first, 8), *range(first)] for d in (far + gap + k * step, near - gap - k * step)]
        if window is not None:
            inside = [d for d in offsets if window[0] <= d <= window[1]]
            spread = [window[0] + (window[1] - window[0]) * i / 60 for i in range(61)]
            offsets = inside + sorted(spread, key=lambda d: min(abs(d - far), abs(d - near)))
        # The label at the end further right on screen first: it reads on from the strip.
        ends = ((high, "left"), (low, "right")) if axis[0] >= 0 else ((low, "left"), (high, "right"))
        best = None
        for offset in offsets:
            segment = tuple(interval_ends(axis, low, high, offset))
            for end, anchor in ends:
                at = _label_at(axis, end, offset, anchor, pixel)
                box = label_box(at, text, view, anchor=anchor)
                spoiled = (
                    2 * (not (inner[0] <= box[0] and box[2] <= inner[2] and inner[1] <= box[1] and box[3] <= inner[3]))
                    + 2 * any(_meet(box, other, 8 * pixel) for other in taken)
                    + any(_crosses(p.segment, box, 6 * pixel) for p in placed)
                    + any(_crosses(segment, other, 6 * pixel) for other in taken)
                    + _close_alongside(axis, low, high, offset, placed, 24 * pixel)
                    + (near - gap / 2 < offset < far + gap / 2)
                    + 3 * (window is None or not window[0] <= offset <= window[1])
                )
                if best is None or spoiled < best[0]:
                    best = (spoiled, offset, at, anchor, box, segment)
                if spoiled == 0:
                    break
            if best[0] == 0:
                break
        _, offset, at, anchor, box, segment = best
        taken.append(box)
        placed.append(_Placed(axis, low, high, offset, segment))
        strips.append(Strip(index, offset, at, anchor))
    return tuple(sorted(strips))


def _reach(test, index, shapes, pixel, inner):
    """An axis's strip before it is placed: (index, axis, the shapes' extent across it (near,
    far), the strip's extent along it (low, high), and the offsets that keep it inside)."""
    axis = tuple(test.axis)
    across = [project(shape, (-axis[1], axis[0])) for shape in shapes]
    low = min(test.a.min, test.b.min) - 15 * pixel
    high = max(test.a.max, test.b.max) + 15 * pixel
    return index, axis, min(i.min for i in across), max(i.max for i in across), low, high, _offsets_inside(axis, (low, high), inner)


def _room(reach, gap):
    """How much of the free area a strip has beside the shapes: the tightest is placed first."""
    _, _, near, far, _, _, window = reach
    if window is None:
        return -1.0
    return max(near - gap - window[0], 0.0) + max(window[1] - far - gap, 0.0)


def _label_at(axis, end, offset, anchor, pixel):
    (x, y), _ = interval_ends(axis, end, end, offset)
    return (x + (8 if anchor == "left" else -8) * pixel, y - 5 * pixel)
