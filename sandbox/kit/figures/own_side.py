"""A label set on a side of what it names where it is clear already, and nearer that than
anything it could be read as naming.

The label layout (sandbox.kit.labels) moves a label that does not fit where it was asked for
to the nearest clear spot within its reach, or leaves it out. Among shapes that stand close, at
2x that spot was by the next shape (ray-cast's "box" beside the circle); beside a long pose
whose top runs off the figure there was none ("end of the step" left out with room below).
Here the scene asks for a spot it has checked: on each side of the thing named in turn
(above, right, below, left), its middle at that side's middle, then further out towards either end.
"""

from collections.abc import Sequence

from collision import Box, gjk
from sandbox.kit.labels import Outline, boxes_meet, inside, ring, ring_meets_box, segment_meets_box, text_box
from sandbox.kit.painter import Point
from sandbox.kit.view import Bounds, View

SIDES = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))
"""The sides a label is tried on, in order: above, right, below, left."""

ALONG = tuple(sorted((k / 8 for k in range(-16, 17)), key=lambda along: (abs(along), -along)))
"""Where along a side a label's middle is tried, in eighths, nearest the side's middle (0)
first: at 1 (right or up; -1 left or down) the label just reaches past the side's end, at 2 it
stands its own size further out. A label wider than a thin pose clears the pose it crosses only
past its end, and one beside a dot inside a pose must move by its own size, not the dot's."""

GAP = 8
"""Pixels between the thing named and its label."""


def own_side(view: View, text: str, size: float, named: Outline, rivals: Sequence[Outline] = (), outlines: Sequence[Outline] = (),
             lines: Sequence[tuple[Point, Point]] = (), taken: Sequence[Bounds] = (), marks: Sequence[Bounds] = (),
             fallback: Point | None = None) -> tuple[Point, Bounds]:
    """Where label ``text`` (``size`` points, anchored at its baseline's left end) goes beside
    ``named``, and the world box it covers: the first spot inside the view that crosses none of
    ``named`` and ``rivals``, no outline of ``outlines``, no line of ``lines`` and no box of
    ``marks`` (dots, labels asked for after it), keeps a quarter of its height off each box of
    ``taken`` (labels asked for before it: the layout moves a label that close), and stands
    nearer ``named`` than any of ``rivals`` by its own height (else the first clear spot nearer
    ``named`` than any rival). Where no spot is clear, ``fallback`` if given (the label layout
    then looks round it), else the first spot tried."""
    pixel = view.pixel
    left, down, right, up = text_box((0.0, 0.0), text, size, pixel, view.text_scale)
    half_width, half_height = (right - left) / 2, (up - down) / 2
    gap, pad, room = GAP * pixel, 3 * pixel, half_height / 2
    x0, y0, x1, y1 = named.aabb()
    area = (view.rect[0] + pad, view.rect[1] + pad, view.rect[2] - pad, view.rect[3] - pad)
    # As the label layout tests them (an outline crossed, not a shape covered): traced once.
    rings = [ring(shape) for shape in outlines]
    # One box moved from spot to spot: making a Box checks it, which costs more than GJK.
    label = Box((0.0, 0.0), (half_width, half_height))
    first: Bounds | None = None
    best: Bounds | None = None
    for sx, sy in SIDES:
        for along in ALONG:
            # Off the bounds by the gap, its middle ``along`` the side; then in towards the outline, which a turned shape's bounds stand well
            # off (a capsule's corner is empty).
            mx = (x0 + x1) / 2 + sx * ((x1 - x0) / 2 + gap + half_width) + (along * ((x1 - x0) / 2 + half_width) if sy else 0.0)
            my = (y0 + y1) / 2 + sy * ((y1 - y0) / 2 + gap + half_height) + (along * ((y1 - y0) / 2 + half_height) if sx else 0.0)
            for _ in range(3):
                label.position = (mx, my)
                own = _apart(label, named)
                # Past the side's end it would slide across the shape's end, off its side.
                if own - gap <= pad or abs(along) > 1:
                    break
                mx, my = mx - sx * (own - gap), my - sy * (own - gap)
            box = (mx - half_width, my - half_height, mx + half_width, my + half_height)
            first = first or box
            # The cheap tests first: most spots in a crowded figure fail one of them.
            # Not under, and not further off than the gap and half its height: past a side's end
            # the slide in stops short (it slides across, not along).
            if (own < pad or own > gap + half_height + pad or not inside(box, area) or any(boxes_meet(box, other, room) for other in taken) or any(boxes_meet(box, mark, pad) for mark in marks)
                    or any(segment_meets_box(a, b, box, pad) for a, b in lines) or any(ring_meets_box(r, box, pad) for r in rings)):
                continue
            nearest = min((_apart(label, rival) for rival in rivals), default=float("inf"))
            # As near a rival as what it names, it would be read as naming the rival.
            if nearest <= own:
                continue
            if nearest >= own + 2 * half_height:
                return _spot(box, down)
            best = best or box
    if best is not None:
        return _spot(best, down)
    if fallback is not None:
        return fallback, (fallback[0] + left, fallback[1] + down, fallback[0] + right, fallback[1] + up)
    assert first is not None
    return _spot(first, down)


def _spot(box: Bounds, down: float) -> tuple[Point, Bounds]:
    """A label's baseline's left end, and its box, from the box and the ink's depth below the baseline."""
    return (box[0], box[1] - down), box


def _apart(label: Box, shape: Outline) -> float:
    """How far the box ``label`` stands from ``shape`` (0 where they meet), by GJK."""
    found = gjk(label, shape)
    return 0.0 if found.colliding else found.distance
