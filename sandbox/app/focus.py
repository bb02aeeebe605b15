"""Keyboard focus, as on a web page: Tab visits the scene's shapes, then its handles, then its
panel actions; the focused one moves with the arrow keys, turns with R and T, or (an action) is
pressed with Enter. The ring that shows it is drawn on the canvas, where the class looks."""

import math
from typing import NamedTuple

from collision import Box, Circle
from sandbox.kit.scene import Scene

MOVE_STEP = 10.0
"""World units an arrow key moves the focused shape or handle: a step of the figure's grid."""

FINE = 10
"""Shift+arrow moves a tenth of a step, for the last few units."""

RING_GAP = 8
"""Pixels between a shape's outline (its bounding box) and the focus ring."""

RING_WIDTH = 3
"""Pixels at font scale 1; the ring grows with the presenter scale, so it reads at the back of a room."""


class Stop(NamedTuple):
    """One place Tab stops."""

    kind: str
    """"shape", "handle" or "action"."""

    name: str
    """The shape's or handle's name, or the action's name."""

    # The field shadows tuple.index, as a field of this name must (collision.axes.AxisSource does too).
    index: int = 0  # type: ignore[assignment]
    """The action's place in ``scene.actions`` (several presets share a name)."""

    label: str = ""
    """What it is called aloud: "B", "handle P", "the Next axis button"."""


def stops(scene: Scene) -> list[Stop]:
    """Every Tab stop of ``scene``, in Tab order."""
    found = [Stop("shape", name, label=name) for name in scene.shapes]
    found += [Stop("handle", name, label=f"handle {name}") for name in scene.points]
    found += [Stop("action", action.name, index, f"the {action.label} button") for index, action in enumerate(scene.actions)]
    return found


def step(scene: Scene, fine: bool) -> float:
    """How far one arrow press moves: a grid step (one of the scene's own units where it has
    larger ones, as the vectors scene's grid square), a tenth of it with Shift."""
    grid = max(MOVE_STEP, scene.pose_unit)
    return grid / FINE if fine else grid


def _ring(scene: Scene, stop: Stop, pixel: float, scale: float, grown: float = 0.0) -> Box | Circle | None:
    """The focus ring's line around ``stop`` (a Box round the shape's bounding box, a Circle
    round a handle; None for an action), grown by ``grown`` pixels (negative: shrunk)."""
    gap = (RING_GAP + RING_WIDTH * max(scale, 1.0) + grown) * pixel
    if stop.kind == "shape":
        x0, y0, x1, y1 = scene.shapes[stop.name].aabb()
        return Box(((x0 + x1) / 2, (y0 + y1) / 2), ((x1 - x0) / 2 + gap, (y1 - y0) / 2 + gap))
    if stop.kind == "handle":
        return Circle(tuple(scene.points[stop.name]), scene.grab_radius * pixel + gap)
    return None


def ring(painter, theme, scene: Scene, stop: Stop, pixel: float, scale: float) -> None:
    """The focus ring around ``stop``'s shape or handle: ``pixel`` world units a screen pixel,
    ``scale`` the presenter font scale. A rectangle round the shape's bounding box, or a circle
    round a handle, in the highlight colour and thicker than any outline of the figure."""
    width = RING_WIDTH * max(scale, 1.0)
    line = _ring(scene, stop, pixel, scale)
    if isinstance(line, Box):
        painter.polygon([tuple(p) for p in line.world_vertices()], theme.highlight, None, width)
    elif isinstance(line, Circle):
        painter.circle(tuple(line.center), line.radius, theme.highlight, None, width)


def ring_edges(scene: Scene, stop: Stop, pixel: float, scale: float) -> tuple[Box | Circle, ...]:
    """The two edges of the focus ring's thick line, for the figure's labels to keep off: the
    ring is drawn over the finished figure, and ran through the name above a focused shape."""
    half = RING_WIDTH * max(scale, 1.0) / 2
    edges = (_ring(scene, stop, pixel, scale, -half), _ring(scene, stop, pixel, scale, half))
    return tuple(edge for edge in edges if edge is not None)


def words(scene: Scene, stop: Stop) -> str:
    """What the description says of the focus: where it is and what the keys do to it."""
    if stop.kind == "action":
        return f"Focus: {stop.label}; Enter presses it."
    x, y = scene.position_of(stop.name)
    unit = scene.pose_unit
    where = f"at ({x / unit:.1f}, {y / unit:.1f})"
    shape = scene.shapes.get(stop.name)
    if shape is not None and hasattr(shape, "angle") and scene.turnable:
        where += f", turned {math.remainder(math.degrees(shape.angle), 360):.0f}°; arrows move it, R and T turn it."
    else:
        where += "; arrows move it."
    return f"Focus: {stop.label} {where}"
