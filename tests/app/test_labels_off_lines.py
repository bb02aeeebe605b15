"""Labels keep off the lines and outlines a scene draws besides its shapes (issue 34's look at
--present and 3x): the turnable axis P, the chain's segments, the bounce surface's edge,
vectors' line of b, round-tiles' shaded quadrant, the Voronoi triangle's edges and its
regions' borders, the poses the mover and a shape cast draw (the mover's end), and
rotated-rectangles' shown axis through the origin. Each is
measured from the scene's own geometry with shapely, the labels with pyglet
(figure_lint.label_box); the figure lint checks the scenes' shapes themselves."""

import pytest
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as Area

from collision import Capsule, Circle
from collision.tiles import QUADRANTS

from figure_lint import draw, label_box
from sandbox.app.session import Session
from sandbox.kit.theme import THEMES, with_palette
from scenes.bounce_friction import PIVOT

SETTINGS = (((1280, 720), 2.0, "projector"), ((1920, 1080), 3.0, "dark"), ((1280, 720), 1.0, "dark"))
"""--present's 1280x720 at 2 in the projector theme, 1920x1080 at 3, and 1x beside the panel."""


def axis_line(scene):
    (px, py), (hx, hy) = scene.pivot, scene.points["P"]
    return [LineString([(px - 10 * (hx - px), py - 10 * (hy - py)), (px + 10 * (hx - px), py + 10 * (hy - py))])]


def chain(scene):
    return [LineString([segment.point1, segment.point2]) for segment in scene.segments]


def surface(scene):
    direction, _ = scene.surface()
    x, y = PIVOT
    return [LineString([(x - 5000 * direction.x, y - 5000 * direction.y), (x + 5000 * direction.x, y + 5000 * direction.y)])]


def b_line(scene):
    (ox, oy), (bx, by) = scene.points["O"], scene.points["b"]
    return [LineString([(ox - 10 * (bx - ox), oy - 10 * (by - oy)), (ox + 10 * (bx - ox), oy + 10 * (by - oy))])]


def triangle(scene):
    """The triangle's edges, and the shaded regions' borders: each corner's two edge normals,
    worked here from the corners (counter-clockwise: the outward normal of p to q is (dy, -dx))."""
    corners = [scene.points[name] for name in "abc"]
    borders = []
    for (px, py), (qx, qy) in zip(corners, corners[1:] + corners[:1]):
        length = ((qx - px) ** 2 + (qy - py) ** 2) ** 0.5
        nx, ny = (qy - py) / length, -(qx - px) / length
        borders += [LineString([(x, y), (x + 5000 * nx, y + 5000 * ny)]) for x, y in ((px, py), (qx, qy))]
    return [Area(corners).exterior, *borders]


def ring(shape, dx=0.0, dy=0.0):
    """A shape's outline moved by (dx, dy), rounded parts and all."""
    if isinstance(shape, Circle):
        return Point(shape.center[0] + dx, shape.center[1] + dy).buffer(shape.radius, 64).exterior
    if isinstance(shape, Capsule):
        return LineString(shape.world_points() + (dx, dy)).buffer(shape.radius, 64).exterior
    body = Area(shape.world_vertices() + (dx, dy))
    return (body.buffer(shape.radius, 64) if getattr(shape, "radius", 0) else body).exterior


def mover_end(scene):
    result = scene.result
    return [ring(result.capsule, *result.achieved)]


def cast_poses(scene):
    result = scene.result
    return [ring(result.a), ring(result.b), ring(result.b, *result.translation), ring(result.at_hit)]


def quadrant(scene):
    """The borders of round-tiles' shaded quadrant: from the arc's centre along x and y, the way it faces."""
    (cx, cy), (sx, sy) = scene.result.tile.arc_center, QUADRANTS[scene.result.tile.quadrant]
    return [LineString([(cx, cy), (cx, cy + 5000 * sy)]), LineString([(cx, cy), (cx + 5000 * sx, cy)])]


def shown_axis(scene):
    """rotated-rectangles' axis 1, A's upper right corner less its upper left, through the origin."""
    (ux, uy), (lx, ly) = scene.shapes["A"].corner("UR"), scene.shapes["A"].corner("UL")
    return [LineString([(-10 * (ux - lx), -10 * (uy - ly)), (10 * (ux - lx), 10 * (uy - ly))])]


LINES = {"min-max-corners": axis_line, "rotated-rectangles": shown_axis, "projection": axis_line, "chain-seams": chain, "bounce-friction": surface,
         "vectors": b_line, "round-tiles": quadrant, "voronoi-regions": triangle, "mover": mover_end, "shape-cast": cast_poses}


@pytest.mark.parametrize("scene_id", sorted(LINES))
def test_no_label_lies_on_a_drawn_line(scene_id):
    session, found = Session(scene_id), []
    for size, scale, theme in SETTINGS:
        session.open(scene_id)
        session.on_resize(*size)
        session.theme = with_palette(THEMES[theme], "standard")
        session.set_font_scale(scale)
        session.refresh()
        painter, view = draw(session), session.scene.view
        lines = [line.buffer(view.pixel) for line in LINES[scene_id](session.scene)]
        for call in painter.of("text"):
            if call[2].strip() and any(label_box(call, view).buffer(-view.pixel).intersects(line) for line in lines):
                found.append(f"{size} {scale}x: {call[2]!r} lies on a line")
    assert not found, "\n".join(found)


def vectors_arrows(scene):
    """vectors' arrows from O: a, b and b's two normals ((by, -bx) and (-by, bx), in world units)."""
    (ox, oy), (ax, ay), (bx, by) = scene.points["O"], scene.points["a"], scene.points["b"]
    dx, dy = bx - ox, by - oy
    return [LineString([(ox, oy), tip]) for tip in ((ax, ay), (bx, by), (ox + dy, oy - dx), (ox - dy, oy + dx))]


@pytest.mark.parametrize("size, scale, theme", SETTINGS)
def test_vectors_names_cross_no_vector_with_the_panel_open(size, scale, theme):
    """With the teacher's panel open the canvas narrows: at 3x "left normal (-4, 3)" lay across
    a's arrow and "right normal (4, -3)" along its own (issue 34's look)."""
    session = Session("vectors", size=size)
    session.theme = with_palette(THEMES[theme], "standard")
    session.set_font_scale(scale)
    session.show_panel = True
    session.refresh()
    painter, view = draw(session), session.scene.view
    lines = [line.buffer(view.pixel) for line in vectors_arrows(session.scene)]
    found = [call[2] for call in painter.of("text")
             if call[2].strip() and any(label_box(call, view).buffer(-view.pixel).intersects(line) for line in lines)]
    assert not found, found
