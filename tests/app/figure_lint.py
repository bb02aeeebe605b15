"""The figure lint: what a drawn figure must never do, checked on the recording painter's calls.

Labels are measured with pyglet's own text layout (the font the window draws with), not with the
kit's estimate, and shapes and strips are tested with shapely: the kit's layout is checked
against an independent measure of the same picture. A figure is looked at in world units, as
the scene drew it; the free area is the scene's view.
"""

import math
from contextlib import contextmanager
from functools import cache

import pyglet
from shapely.geometry import LineString, Point, Polygon, box

from collision import Capsule, Circle
from sandbox.kit import labels
from sandbox.kit.painter import RecordingPainter, interval_ends

INK_UP, INK_DOWN = 0.95, 0.22
"""How far a label's ink reaches above and below its baseline, in ems (DejaVu Sans' capitals and descenders)."""

SLACK = 1.0
"""Pixels two things may share before they count as overlapping (anti-aliasing's half pixel each)."""

REACH = 3.0
"""How far a label may stand from the spot its scene asked for (beside what it names), in ems
of the size asked for: further off, the class cannot tell what it names."""


_windows = []


@cache
def text_width(string: str, size: int) -> float:
    """Pixels ``string`` takes at font ``size`` (points), as pyglet lays it out (a label needs a
    GL context: a hidden window's, made once)."""
    if pyglet.gl.current_context is None:
        _windows.append(pyglet.window.Window(1, 1, visible=False))
    return float(pyglet.text.Label(string, font_size=size).content_width)


def label_box(call, view):
    """The world rectangle a recorded text call's ink covers."""
    _, (x, y), string, _, size, anchor = call
    pixels = round(size * view.text_scale)
    width = text_width(string, pixels) * view.pixel
    em = pixels * 96 / 72 * view.pixel
    left = {"left": x, "center": x - width / 2, "right": x - width}[anchor]
    return box(left, y - INK_DOWN * em, left + width, y + INK_UP * em)


def strips(painter, view):
    """The projection strips drawn: each shadow (an interval call 3 pixels wide or more) as a
    line as wide as it is drawn, grouped by its axis and how far from the others it lies (a
    strip's two shadows and its overlap are a few pixels apart). A thinner interval is an axis
    line, which may run through the figure."""
    groups = []
    for _, axis, low, high, offset, _, width in painter.of("interval"):
        if width < 3:
            continue
        line = LineString(interval_ends(axis, low, high, offset)).buffer(width / 2 * view.pixel, cap_style="flat")
        for group in groups:
            if group["axis"] == axis and abs(group["offset"] - offset) <= 12 * view.pixel:
                group["shape"] = group["shape"].union(line)
                break
        else:
            groups.append({"axis": axis, "offset": offset, "shape": line, "name": ""})
    return groups


def outline(shape):
    """The shape's true outline as GEOS holds it: a rounded polygon and a capsule grown by their
    radius (a bare segment by half a unit, so that it has an outline to keep labels off)."""
    if isinstance(shape, Circle):
        return Point(*shape.center).buffer(shape.radius, 64)
    if isinstance(shape, Capsule):
        return LineString(shape.world_points()).buffer(max(shape.radius, 0.5), 64)
    core = Polygon(shape.world_vertices())
    return core.buffer(shape.radius, 64) if shape.radius else core


def problems(scene, painter, where):
    """What is wrong with the figure ``scene`` drew into ``painter``: a list of sentences, each naming ``where``."""
    view, found = scene.view, []
    slack = SLACK * view.pixel
    area = box(*view.rect)
    texts = [(call[2], label_box(call, view)) for call in painter.of("text") if call[2].strip()]
    drawn = strips(painter, view)
    # A label lies on a dot when it covers the dot's middle, to within half the dot's radius (at
    # line scale 1): a dot beside a label's ink, touching it, still shows. Checked at 1x only: at
    # a presenter scale a crowded figure's labels may have no clear spot but on a dot (issue 34).
    dots = [(Point(at), size * view.pixel / 2) for _, at, _, size in painter.of("point")] if view.text_scale == 1 else []
    shapes = {name: outline(shape) for name, shape in scene.shapes.items()}
    for name, body in shapes.items():
        if not area.contains(body):
            found.append(f"{where}: shape {name} leaves the free area")
    for (at, string, size), call in getattr(painter, "asked", ()):
        em = round(size * view.text_scale) * 96 / 72
        off = label_box(call, view).distance(Point(at)) / view.pixel
        if off > REACH * em:
            found.append(f"{where}: label {string!r} stands {off / em:.1f} ems from where it was asked for")
    for i, (text, shape) in enumerate(texts):
        if not area.contains(shape):
            found.append(f"{where}: label {text!r} leaves the free area")
        for other, other_shape in texts[:i]:
            if shape.buffer(-slack).intersects(other_shape):
                found.append(f"{where}: labels {other!r} and {text!r} overlap")
        for group in drawn:
            if shape.buffer(-slack).intersects(group["shape"]):
                found.append(f"{where}: label {text!r} lies on a strip along {_degrees(group['axis'])}")
        for name, body in shapes.items():
            if shape.buffer(-slack).intersects(body.exterior):
                found.append(f"{where}: label {text!r} lies on {name}'s outline")
        if any(shape.distance(middle) < half for middle, half in dots):
            found.append(f"{where}: label {text!r} lies on a dot")
    for i, group in enumerate(drawn):
        if not area.contains(group["shape"]):
            found.append(f"{where}: a strip along {_degrees(group['axis'])} leaves the free area")
        for other in drawn[:i]:
            if group["shape"].buffer(-slack).intersects(other["shape"]):
                found.append(f"{where}: strips along {_degrees(other['axis'])} and {_degrees(group['axis'])} cross")
        if _on_axis_line(group, painter, view):
            continue  # shadows on the axis line itself (002's figures): the line runs where the axis is
        for name, body in shapes.items():
            if group["shape"].buffer(-slack).intersects(body):
                found.append(f"{where}: a strip along {_degrees(group['axis'])} crosses {name}")
    return found


def _on_axis_line(group, painter, view):
    """Whether a strip's shadows lie on an axis drawn across the view (a thin line along the
    same direction, longer than half the view, within 12 pixels of them)."""
    x0, y0, x1, y1 = view.rect
    half = math.hypot(x1 - x0, y1 - y0) / 2
    lines = [LineString([start, end]) for _, start, end, _, width in painter.of("segment") if width <= 1]
    lines += [LineString(interval_ends(axis, low, high, offset)) for _, axis, low, high, offset, _, width in painter.of("interval") if width < 3]
    ax, ay = group["axis"]
    for line in lines:
        (sx, sy), (ex, ey) = line.coords
        if line.length > half and abs(ax * (ey - sy) - ay * (ex - sx)) < 1e-6 * line.length and line.distance(group["shape"]) <= 12 * view.pixel:
            return True
    return False


def _degrees(axis):
    return f"{math.degrees(math.atan2(axis[1], axis[0])):.0f}°"


@contextmanager
def asked_for(painter):
    """While open, each label the kit's layout places into ``painter`` is also recorded in
    ``painter.asked`` as ((where the scene asked for it, its text, its size), the text call drawn)."""
    painter.asked = []
    finish = labels.LabelLayout.finish

    def tapped(layout):
        asked = [(at, string, size) for at, string, _, size, _ in layout.held if string.strip()]
        start = len(painter.calls)
        finish(layout)
        drawn = iter(call for call in painter.calls[start:] if call[0] == "text" and call[2].strip())
        call = next(drawn, None)
        for label in asked:
            # In order; a label the layout left out has no call.
            if call is not None and call[2] == label[1]:
                painter.asked.append((label, call))
                call = next(drawn, None)

    labels.LabelLayout.finish = tapped
    try:
        yield painter
    finally:
        labels.LabelLayout.finish = finish


def draw(session):
    """The session's figure in a fresh recording painter, with where each label was asked for."""
    with asked_for(RecordingPainter()) as painter:
        session.draw(painter)
    return painter
