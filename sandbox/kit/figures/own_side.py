"""A label set on a side of what it names where it is clear already, and nearer that than
anything it could be read as naming.

The label layout (sandbox.kit.labels) moves a label that does not fit where it was asked for
to the nearest clear spot within its reach, or leaves it out. Among shapes that stand close, at
2x that spot was by the next shape (ray-cast's "box" beside the circle); beside a long pose
whose top runs off the figure there was none ("end of the step" left out with room below).
Here the scene asks for a spot it has checked: on each side of the thing named in turn
(above, right, below, left), centred along that side, then at one end of it and at the other.
"""

from collections.abc import Sequence

from collision import Box, gjk
from sandbox.kit.labels import Outline, boxes_meet, inside, segment_meets_box, text_box
from sandbox.kit.painter import Point
from sandbox.kit.view import Bounds, View

SIDES = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))
"""The sides a label is tried on, in order: above, right, below, left."""

ALONG = (0.0, 1.0, -1.0)
"""Where along a side: centred, then flush with its right (or upper) end, then its left (or lower) end."""

GAP = 8
"""Pixels between the thing named and its label."""


def own_side(view: View, text: str, size: float, named: Outline, rivals: Sequence[Outline] = (), outlines: Sequence[Outline] = (),
             lines: Sequence[tuple[Point, Point]] = (), taken: Sequence[Bounds] = ()) -> tuple[Point, Bounds]:
    """Where label ``text`` (``size`` points, anchored at its baseline's left end) goes beside
    ``named``, and the world box it covers: the first spot inside the view that crosses none of
    ``named``, ``rivals`` and ``outlines``, no line of ``lines`` and keeps a quarter of its height
    off each box of ``taken`` (labels placed before it, dots), and stands nearer ``named`` than
    any of ``rivals`` by its own height; else the spot that comes nearest to that."""
    pixel = view.pixel
    left, down, right, up = text_box((0.0, 0.0), text, size, pixel, view.text_scale)
    half_width, half_height = (right - left) / 2, (up - down) / 2
    gap, pad, room = GAP * pixel, 3 * pixel, half_height / 2
    x0, y0, x1, y1 = named.aabb()
    area = (view.rect[0] + pad, view.rect[1] + pad, view.rect[2] - pad, view.rect[3] - pad)
    crowd = [*rivals, *outlines]
    best: tuple[tuple[int, int, int], Point, Bounds] | None = None
    for order, (sx, sy) in enumerate(SIDES):
        for end in ALONG:
            # Off the bounds by the gap, placed along that side; then in towards the outline,
            # which a turned shape's bounds stand well off (a capsule's corner is empty).
            mx = (x0 + x1) / 2 + sx * ((x1 - x0) / 2 + gap + half_width) + (end * max((x1 - x0) / 2 - half_width, 0.0) if sy else 0.0)
            my = (y0 + y1) / 2 + sy * ((y1 - y0) / 2 + gap + half_height) + (end * max((y1 - y0) / 2 - half_height, 0.0) if sx else 0.0)
            for _ in range(3):
                off = _apart(Box((mx, my), (half_width, half_height)), named) - gap
                if off <= pad:
                    break
                mx, my = mx - sx * off, my - sy * off
            label = Box((mx, my), (half_width, half_height))
            box = (mx - half_width, my - half_height, mx + half_width, my + half_height)
            own = _apart(label, named)
            crossed = ((not inside(box, area)) + (own < pad) + sum(_apart(label, other) < pad for other in crowd)
                       + sum(boxes_meet(box, other, room) for other in taken) + sum(segment_meets_box(a, b, box, pad) for a, b in lines))
            nearest = min((_apart(label, rival) for rival in rivals), default=float("inf"))
            mistaken = 0 if nearest >= own + 2 * half_height else 1 if nearest > own else 2
            cost = (crossed, mistaken, order)
            if best is None or cost < best[0]:
                best = (cost, (box[0], box[1] - down), box)
            if cost == (0, 0, order):
                return best[1], best[2]
    assert best is not None
    return best[1], best[2]


def _apart(label: Box, shape: Outline) -> float:
    """How far the box ``label`` stands from ``shape`` (0 where they meet), by GJK."""
    found = gjk(label, shape)
    return 0.0 if found.colliding else found.distance
