"""Any convex shape the core takes, made from a kind's name and drawn as its true outline: a
box, a polygon, a rounded polygon, a capsule or a circle. Shared by the scenes that let the
class pick each shape's kind (shape-cast, minkowski, ray-cast, capsules, time-of-impact) or
move a rounded shape about (mover)."""

import copy
from typing import Any

from collision import Box, Capsule, Circle, Polygon, grown_outline, regular_polygon
from sandbox.kit.painter import Painter
from sandbox.kit.theme import Color, Theme, faded

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


def sized(kind: str, half: tuple[float, float], position: tuple[float, float], angle: float, radius: float, sides: int = 5) -> Shape:
    """A shape of ``kind`` (one of KINDS) about as big as a box of ``half`` size, at ``position``
    and ``angle`` (radians): a polygon is a regular one of ``sides`` reaching the box's longer
    half, a capsule as long as the box with ``radius``, a circle the box's shorter half.
    ``radius`` rounds the rounded polygon and the capsule only, so that a box and a polygon stay sharp."""
    hx, hy = half
    reach = max(hx, hy)
    if kind == "box":
        return Box(position, half, angle)
    if kind == "polygon":
        return regular_polygon(sides, reach, position, angle)
    if kind == "rounded polygon":
        # The core shrinks as the rounding grows (to a third at most), so the whole keeps its size.
        core = regular_polygon(sides, max(reach - radius, reach / 3))
        return Polygon(core.local_vertices, position, angle, radius=radius)
    if kind == "capsule":
        return Capsule((-max(hx - radius, hx / 3), 0.0), (max(hx - radius, hx / 3), 0.0), radius, position, angle)
    if kind == "circle":
        return Circle(position, min(hx, hy))
    raise ValueError(f"the kind must be one of {', '.join(KINDS)}, got {kind!r}")


def kind_of(shape: Shape) -> str:
    """The KINDS name of a shape made by ``sized`` or ``make`` (a box with rounded corners, as
    the capsules scene rounds its B, is still a box)."""
    if isinstance(shape, Circle):
        return "circle"
    if isinstance(shape, Capsule):
        return "capsule"
    if isinstance(shape, Box):
        return "box"
    return "rounded polygon" if shape.radius else "polygon"


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


def differs(old: Shape, new: Shape) -> bool:
    """Whether ``new`` is another make than ``old`` (kind, radius or outline), not merely moved:
    what a scene's settle asks before it swaps a shape for one its settings now choose."""
    if kind_of(old) != kind_of(new) or old.radius != new.radius:
        return True
    if isinstance(old, Circle) or isinstance(new, Circle):
        return False  # two circles of one radius: the same make
    own = old.local_points if isinstance(old, Capsule) else old.local_vertices
    other = new.local_points if isinstance(new, Capsule) else new.local_vertices
    return own.shape != other.shape or bool((abs(own - other) > 1e-9).any())


def draw_named(scene: Any, painter: Painter, theme: Theme, name: str, core: Color | None = None) -> None:
    """The scene's shape ``name`` as Scene.draw_shape draws a sharp one, whatever its kind: a
    rounded polygon or a capsule by its true outline, filled faintly, its core thin inside in
    ``core`` if given; lit (the highlight) when hovered or picked; its centre dot."""
    shape = scene.shapes[name]
    if not (isinstance(shape, Capsule) or (isinstance(shape, Polygon) and shape.radius)):
        scene.draw_shape(painter, theme, name)
        return
    color = theme.shape(name)
    lit = theme.highlight if name in (scene.hovered, scene.selected) else color
    draw(painter, shape, lit, faded(color, 70), 3 if name == scene.hovered else 2, core)
    painter.point(shape.position, lit, 4)


def stand_in(shape: Shape) -> Polygon | Circle:
    """A circle or a sharp polygon as it is; a rounded shape as the polygon of its drawn outline:
    for figure parts (strips, labels) that keep off shapes but know only polygons and circles."""
    if isinstance(shape, Circle) or (isinstance(shape, Polygon) and not shape.radius):
        return shape
    if isinstance(shape, Capsule):
        # A bare segment (radius 0) has no area: it stands in as a sliver half a unit wide.
        return Polygon(grown_outline(shape.world_points().tolist(), max(shape.radius, 0.5)))
    return Polygon(outline(shape))
