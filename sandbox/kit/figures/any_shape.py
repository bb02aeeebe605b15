"""Any convex shape the core takes, made from a kind's name and drawn as its true outline: a
box, a polygon, a rounded polygon, a capsule or a circle. Shared by the scenes that let the
class pick each shape's kind (shape-cast) or move a rounded shape about (mover)."""

import copy

from collision import Box, Capsule, Circle, Polygon, grown_outline
from sandbox.kit.painter import Painter
from sandbox.kit.theme import Color

KINDS = ("box", "polygon", "rounded polygon", "capsule", "circle")
"""The kinds, as a Param's choices name them."""

PENTAGON = ((48.0, -10.0), (30.0, 38.0), (-30.0, 42.0), (-50.0, -5.0), (-5.0, -45.0))
"""An irregular convex pentagon about its origin, about 95 across."""

Shape = Polygon | Circle | Capsule


def make(kind: str, position: tuple[float, float], angle: float, rounding: float) -> Shape:
    """A shape of ``kind`` (one of KINDS) about 100 across at ``position`` and ``angle``
    (radians); ``rounding`` is the rounded polygon's and the capsule's radius."""
    if kind == "box":
        return Box(position, (50.0, 32.0), angle)
    if kind == "polygon":
        return Polygon(PENTAGON, position, angle)
    if kind == "rounded polygon":
        # The core shrinks as the rounding grows, so the whole stays about the same size.
        shrink = max(0.3, 1.0 - rounding / 60.0)
        return Polygon([(x * shrink, y * shrink) for x, y in PENTAGON], position, angle, radius=rounding)
    if kind == "capsule":
        return Capsule((-45.0, 0.0), (45.0, 0.0), rounding, position, angle)
    if kind == "circle":
        return Circle(position, 42.0)
    raise ValueError(f"the kind must be one of {', '.join(KINDS)}, got {kind!r}")


def slid(shape: Shape, dx: float, dy: float) -> Shape:
    """A copy of ``shape`` moved by (dx, dy)."""
    moved = copy.copy(shape)
    x, y = shape.position
    moved.position = (x + dx, y + dy)
    return moved


def outline(shape: Shape) -> list[tuple[float, float]]:
    """The shape's outline as points (a circle's too), rounded parts in the core's arc steps."""
    if isinstance(shape, Circle):
        return grown_outline([(shape.center.x, shape.center.y)], shape.radius)
    if isinstance(shape, Capsule):
        return grown_outline(shape.world_points().tolist(), shape.radius)
    vertices = shape.world_vertices().tolist()
    return grown_outline(vertices, shape.radius) if shape.radius else vertices


def draw(painter: Painter, shape: Shape, color: Color, fill: Color | None, width: float = 2, core: Color | None = None) -> None:
    """The shape's outline in ``color`` (filled with ``fill``), and its core in ``core`` if given
    and the shape is rounded."""
    if isinstance(shape, Circle):
        painter.circle(shape.center, shape.radius, color, fill, width)
    elif isinstance(shape, Capsule) and shape.radius == 0:
        start, end = shape.world_points().tolist()
        painter.segment(start, end, color, width + 1)
    else:
        painter.polygon(outline(shape), color, fill, width)
    if core is None:
        return
    if isinstance(shape, Capsule) and shape.radius:
        start, end = shape.world_points().tolist()
        painter.segment(start, end, core, 1)
    elif isinstance(shape, Polygon) and shape.radius:
        painter.polygon(shape.world_vertices().tolist(), core, None, 1)
