"""A small shape's name set beside it, clear of the shapes drawn round it.

A label layout keeps names off outlines, not off the insides of faint outlines nor out of a
floor's tiles: the mover's kerb, under the capsule walking over it, was named inside the tile
below the floor line, or over the passes' faint capsules. Here the name is tried above the
shape, then at its height to its right and to its left, slid outwards past whatever stands
there; a name slid away from the shape is joined to it by a short leader line.
"""

from collections.abc import Sequence
from typing import NamedTuple

from collision import Box, gjk
from sandbox.kit.labels import GAP as LABEL_GAP, Outline, inside, text_box
from sandbox.kit.painter import Point
from sandbox.kit.view import Bounds, View

GAP = 6
"""Pixels between a shape and its name."""

SLIDE = 4
"""How far a name at the shape's height may slide outwards, in its own heights."""


class Spot(NamedTuple):
    """Where a name goes: its baseline point and anchor, as ``painter.text`` takes them, and
    the leader line joining it to its shape (start on the shape, end at the name), or None."""

    at: Point
    anchor: str
    leader: tuple[Point, Point] | None


def name_beside(bounds: Bounds, text: str, size: float, view: View, crowd: Sequence[Outline]) -> Spot | None:
    """The first clear spot for ``text`` (``size`` points) beside the shape within ``bounds``
    (x0, y0, x1, y1; it stands on y0): above it, else beside it to the right, else to the left,
    clear of every shape in ``crowd`` and inside the view. None where none is clear near."""
    x0, y0, x1, y1 = bounds
    pixel = view.pixel
    gap = GAP * pixel
    _, low, _, high = text_box((0.0, 0.0), text, size, pixel, view.text_scale)
    height = high - low
    # The box's foot half a gap above the shape's top, or above the ground it stands on by a
    # gap and by the room a label keeps beside a block (a floor kept clear of names, which a
    # label layout would otherwise lift it off): its baseline the ink's depth higher.
    ground = y0 + max(gap, (LABEL_GAP + 0.05) * height) - low
    tries: list[tuple[float, float, str, tuple[Point, Point] | None]] = [((x0 + x1) / 2, y1 + gap / 2 - low, "center", None)]
    for side, edge, anchor in ((1, x1, "left"), (-1, x0, "right")):
        for step in range(SLIDE * 4 + 1):
            x = edge + side * (gap + step * height / 4)
            tries.append((x, ground, anchor, ((edge, (y0 + y1) / 2), (x - side * gap / 2, (y0 + y1) / 2)) if step else None))
    for x, y, anchor, leader in tries:
        box = text_box((x, y), text, size, pixel, view.text_scale, anchor)
        if inside(box, view.rect) and _clear(box, crowd, 2 * pixel):
            return Spot((x, y), anchor, leader)
    return None


def _clear(box: Bounds, crowd: Sequence[Outline], pad: float) -> bool:
    """Whether the box keeps ``pad`` off every shape of ``crowd``, outline and inside alike."""
    x0, y0, x1, y1 = box
    label = Box(((x0 + x1) / 2, (y0 + y1) / 2), ((x1 - x0) / 2, (y1 - y0) / 2))
    return all(not (found := gjk(label, shape)).colliding and found.distance > pad for shape in crowd)
