"""``collision.manifold``: :func:`collision.manifold.manifold` with its speed tricks, the same answer to the last bit.

Read collision/manifold.py first: this is that function again for the common cases, sharp
polygons (boxes among them) and circles, on plain floats (issue 36 asks it within 2.5 times
pymunk's ``shapes_collide``; benchmarks/issue36.py measures it):

- each shape's Pose is read from its cache (``a._pose``), placed again only after it moved;
- no :class:`~collision.manifold.ManifoldStep` is made: a figure that pages the steps asks
  for them (``steps=True``), and then the readable function runs, which records them;
- the best faces, the incident face and the two side-plane clips are written out as loops
  over the poses' float pairs, with every sum in the readable function's order, so every
  float comes out the same;
- the flip's size test runs only when B's face parts the shapes more than A's (else A's face
  wins whatever the sizes);
- NamedTuples are made with ``tuple.__new__``, which skips their Python-level ``__new__``.

Capsules and rounded polygons, rarer and longer, go to the readable function, steps dropped.
Under a tracer (a scene's Code view, a debugger) the readable function runs, so that what is
traced is the function a lesson shows. tests/core/test_manifold_kernel.py holds every field of
the two results to each other.
"""

from __future__ import annotations

import math
from functools import update_wrapper
from sys import gettrace

from ..capsule import Capsule
from ..manifold import PREFER_A, ContactId, ContactPoint, Manifold
from ..manifold import manifold as readable_manifold
from ..shapes import Circle, Polygon, Pose
from ..vector import Pair, Vector
from ..verdict import TOLERANCE

# tuple.__new__ skips a NamedTuple's Python-level __new__.
_new = tuple.__new__


def manifold(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule, steps: bool = False) -> Manifold:
    # collision.manifold.manifold's answer from the same floats; its docstring is that
    # function's (update_wrapper below), examples and all.
    if steps or gettrace() is not None:
        # A figure pages the steps, or a tracer shows the lines: the readable function.
        return readable_manifold(a, b, steps)
    try:
        pose_a, pose_b = a._pose or a._placed(), b._pose or b._placed()
        rounded = a._rounded or b._rounded
    except AttributeError:
        # Not a shape: the readable function says so.
        return readable_manifold(a, b)
    if rounded:
        # A capsule or a rounded polygon: cores grown by radii, the readable way.
        return readable_manifold(a, b)
    scale_a, scale_b = pose_a.scale, pose_b.scale
    tolerance = TOLERANCE * (scale_a if scale_a > scale_b else scale_b)
    if not pose_b.points:
        return _with_circle(pose_a, pose_b, tolerance, False)
    if not pose_a.points:
        return _with_circle(pose_b, pose_a, tolerance, True)
    return _faces(pose_a, pose_b, tolerance)


# help(collision.manifold) reads the readable one's docstring.
update_wrapper(manifold, readable_manifold, assigned=("__doc__",), updated=())


def _best_face(points: tuple[Pair, ...], normals: tuple[Pair, ...], others: tuple[Pair, ...]) -> tuple[int, float]:
    """manifold._best_face written out: the face of ``points`` whose normal parts ``others``
    most. A face is left as soon as a point of ``others`` lies no further out than the best
    face so far: its separation, the least of them, can no longer beat it. The face that wins
    has had every point measured, in the same order, so its separation is the same float."""
    best, best_separation = 0, -math.inf
    i = 0
    for nx, ny in normals:
        vx, vy = points[i]
        separation = math.inf
        for x, y in others:
            gap = (x - vx) * nx + (y - vy) * ny
            if gap < separation:
                if gap <= best_separation:
                    break
                separation = gap
        else:
            best, best_separation = i, separation
        i += 1
    return best, best_separation


def _size(points: tuple[Pair, ...]) -> float:
    """manifold._size: the larger side of the points' bounding box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def _faces(pose_a: Pose, pose_b: Pose, tolerance: float) -> Manifold:
    """manifold._faces for two sharp polygons (radius 0, so no rounded corners)."""
    points_a, normals_a, points_b, normals_b = pose_a.points, pose_a.normals, pose_b.points, pose_b.normals
    edge_a, separation_a = _best_face(points_a, normals_a, points_b)
    edge_b, separation_b = _best_face(points_b, normals_b, points_a)
    # PREFER_A times a size is at least 0: B's face can win only by parting them more than A's.
    # A side of a shape's bounds is at most twice its reach, so beating that settles it too.
    flip = separation_b > separation_a and (
        separation_b > separation_a + PREFER_A * (2.0 * min(pose_a.reach, pose_b.reach))
        or separation_b > separation_a + PREFER_A * min(_size(points_a), _size(points_b))
    )
    if flip:
        ref_points, ref_normals, inc_points, inc_normals, edge, name = points_b, normals_b, points_a, normals_a, edge_b, "B"
    else:
        ref_points, ref_normals, inc_points, inc_normals, edge, name = points_a, normals_a, points_b, normals_b, edge_a, "A"
    nx, ny = ref_normals[edge]
    normal = _new(Vector, (-nx, -ny) if flip else (nx, ny))
    separations = (separation_a, separation_b)
    # The incident face: the first of the other's faces turned most against the normal.
    incident_edge, least, k = 0, math.inf, 0
    for mx, my in inc_normals:
        turned = mx * nx + my * ny
        if turned < least:
            incident_edge, least = k, turned
        k += 1
    if (separation_a if separation_a > separation_b else separation_b) > tolerance:
        return _new(Manifold, (normal, (), name, edge, incident_edge, separations, ()))
    count_r, count_i = len(ref_points), len(inc_points)
    (x1, y1), (x2, y2) = ref_points[edge], ref_points[(edge + 1) % count_r]
    (wx1, wy1), (wx2, wy2) = inc_points[incident_edge], inc_points[(incident_edge + 1) % count_i]
    # The incident face as two (x, y, reference feature, incident feature), clipped twice.
    segment = [(wx1, wy1, "edge", edge, "vertex", incident_edge), (wx2, wy2, "edge", edge, "vertex", (incident_edge + 1) % count_i)]
    tx, ty = x2 - x1, y2 - y1
    length = math.hypot(tx, ty)
    tx, ty = tx / length, ty / length
    segment = _clip(segment, x1, y1, -tx, -ty, edge, incident_edge)
    if len(segment) == 2:
        segment = _clip(segment, x2, y2, tx, ty, (edge + 1) % count_r, incident_edge)
    contacts = []
    front = nx * x1 + ny * y1
    for x, y, ref_kind, ref_index, inc_kind, inc_index in segment:
        core_gap = nx * x + ny * y - front
        separation = core_gap - 0.0
        if separation > tolerance:
            continue
        shift = 0.5 * (0.0 - 0.0 - core_gap)
        point = _new(Vector, (x + shift * nx, y + shift * ny))
        ids = _new(ContactId, (inc_kind, inc_index, ref_kind, ref_index) if flip else (ref_kind, ref_index, inc_kind, inc_index))
        contacts.append(_new(ContactPoint, (point, separation, ids)))
    return _new(Manifold, (normal, tuple(contacts), name, edge, incident_edge, separations, ()))


Clipped = tuple[float, float, str, int, str, int]
"""A point of the incident face, ``(x, y, reference feature's kind and index, incident
feature's kind and index)``: manifold.Clipped flattened."""


def _clip(segment: list[Clipped], px: float, py: float, sx: float, sy: float, ref_vertex: int, inc_edge: int) -> list[Clipped]:
    """manifold._clip on a two-point segment: what lies on the inner side of the line through
    (px, py) with outward normal (sx, sy). A point made where the segment crosses the line
    comes from the reference face's vertex there and the incident edge."""
    first, second = segment
    x0, y0, x1, y1 = first[0], first[1], second[0], second[1]
    d0, d1 = (x0 - px) * sx + (y0 - py) * sy, (x1 - px) * sx + (y1 - py) * sy
    if d0 * d1 < 0:
        t = d0 / (d0 - d1)
        crossing = (x0 + t * (x1 - x0), y0 + t * (y1 - y0), "vertex", ref_vertex, "edge", inc_edge)
        return [crossing, second] if d0 > 0 else [first, crossing]
    # What lies on the inner side (distance at most 0), in order.
    if d0 <= 0:
        return segment if d1 <= 0 else [first]
    return [second] if d1 <= 0 else []


def _with_circle(pose: Pose, circle: Pose, tolerance: float, flip: bool) -> Manifold:
    """manifold._with_circle for a sharp polygon's or a circle's pose against a circle's."""
    cx, cy, circle_radius = circle.x, circle.y, circle.radius
    radius = pose.radius
    total = radius + circle_radius
    points = pose.points
    if not points:
        # A circle's core is its centre.
        px, py = pose.x, pose.y
        dx, dy = cx - px, cy - py
        distance = math.hypot(dx, dy)
        nx, ny = (dx / distance, dy / distance) if distance else (1.0, 0.0)
        core_gap, feature = distance, ("vertex", 0)
    else:
        # A sharp polygon's radius is 0; the circle's pose says so as well (pose.radius).
        normals = pose.normals
        edge, separation = 0, -math.inf
        i = 0
        for mx, my in normals:
            vx, vy = points[i]
            gap = (cx - vx) * mx + (cy - vy) * my
            if gap > separation:
                edge, separation = i, gap
            i += 1
        count = len(points)
        (x1, y1), (x2, y2) = points[edge], points[(edge + 1) % count]
        before = (cx - x1) * (x2 - x1) + (cy - y1) * (y2 - y1) < 0
        after = (cx - x2) * (x1 - x2) + (cy - y2) * (y1 - y2) < 0
        if separation > 0 and (before or after):
            vertex = edge if before else (edge + 1) % count
            px, py = points[vertex]
            dx, dy = cx - px, cy - py
            core_gap = math.hypot(dx, dy)
            nx, ny = dx / core_gap, dy / core_gap
            feature = ("vertex", vertex)
        else:
            nx, ny = normals[edge]
            core_gap, feature = separation, ("edge", edge)
            px, py = cx - separation * nx, cy - separation * ny
    separation = core_gap - total
    normal = _new(Vector, (-nx, -ny) if flip else (nx, ny))
    if separation > tolerance:
        return _new(Manifold, (normal, (), None, None, None, (), ()))
    shift = radius + 0.5 * separation
    point = _new(Vector, (px + shift * nx, py + shift * ny))
    ids = _new(ContactId, ("vertex", 0, *feature) if flip else (*feature, "vertex", 0))
    return _new(Manifold, (normal, (_new(ContactPoint, (point, separation, ids)),), None, None, None, (), ()))
