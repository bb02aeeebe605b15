"""Where two shapes touch: Box2D's contact manifold, found by clipping.

SAT says how deep and which way; a physics engine also needs where. Box2D answers with at most
two contact points, found in four steps that :class:`Manifold` keeps for a figure to page
(when :func:`manifold` is asked for them):

1. the reference face: of both shapes' faces, the one whose normal parts them most (SAT's axis
   of least penetration; A's face wins a near tie, so the choice does not flicker);
2. the incident face: the other shape's face turned most against the reference normal;
3. the incident face clipped against the reference face's two side planes, so that what is
   left lies within the reference face's width;
4. of what is left, the points at or below the reference face are the contacts.

Every shape is a core grown by a radius, as in Box2D: a polygon is its own core (radius 0), a
circle is its centre grown by its radius. A point's ``id`` names the two features it came from
(an edge of one shape and a vertex of the other, or a vertex of the reference face and an edge
clipped by its side plane), so a solver can match it with last step's point as the shapes move.

``collision.manifold`` is this function with its speed tricks (:mod:`collision.fast.manifold_kernel`),
tested against it; asked for the steps, or traced, it runs this one.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from . import rounded
from .capsule import Capsule
from .minkowski import checked
from .shapes import Circle, Polygon
from .vector import Pair, Vector
from .verdict import TOLERANCE

PREFER_A = 1e-3
"""How much further (relative to the smaller shape's size) B's best face must part the shapes
than A's before B's face becomes the reference: a near tie, as between two boxes resting face
to face, then always picks A, and the contact ids do not flicker (Box2D's ``k_tol``)."""


Core = tuple[tuple[Pair, ...], tuple[Pair, ...], float]
"""A shape's core as the manifold reads it (:func:`collision.rounded.core`): world points
counter-clockwise, the unit outward normals of its edges, and the radius it is grown by."""

Feature = tuple[str, int]
"""A feature of a core: ``("vertex", i)`` or ``("edge", i)``."""

Clipped = tuple[Pair, tuple[Feature, Feature]]
"""A point of the incident face as clipping keeps it, with (reference feature, incident feature)."""


class ContactId(NamedTuple):
    """The two features a contact point came from, one on each shape: ``"edge"`` or
    ``"vertex"`` and its index among that shape's vertices (edge i runs from vertex i to i + 1).
    A circle is vertex 0."""

    kind_a: str
    index_a: int
    kind_b: str
    index_b: int

    def __str__(self) -> str:
        return f"A {self.kind_a} {self.index_a} / B {self.kind_b} {self.index_b}"


class ContactPoint(NamedTuple):
    """One point of a :class:`Manifold`."""

    point: Vector
    """Midway between the two surfaces, along the normal."""

    separation: float
    """The gap between the surfaces along the normal here: negative when they overlap."""

    id: ContactId
    """The features the point came from; it stays the same while they do."""


class ManifoldStep(NamedTuple):
    """One step of finding the manifold, for a figure to page."""

    title: str
    """What this step did, in a few words."""

    points: tuple[Vector, ...]
    """The Vectors this step ends with: a face's two ends, or the points kept by a clip."""

    plane: tuple[Vector, Vector] | None
    """The line this step cut against, as (a point on it, its unit normal pointing to the side
    thrown away); None for a step that cut nothing."""


class Manifold(NamedTuple):
    """The outcome of :func:`manifold`."""

    normal: Vector
    """Unit, from A towards B. When the shapes are apart, the normal of the face that parts them
    (or the line between the nearest features)."""

    points: tuple[ContactPoint, ...]
    """Zero, one or two :class:`ContactPoint`; none when the shapes are apart."""

    reference: str | None
    """``"A"`` or ``"B"``: whose face is the reference; None when a circle's centre stood in
    for a face (circle cases) or two rounded corners met (one point along the line between)."""

    reference_edge: int | None
    """The reference face's index on its shape; None as for ``reference``."""

    incident_edge: int | None
    """The incident face's index on the other shape; None as for ``reference``."""

    separations: tuple[float, ...]
    """(A's best face, B's best face): how far each shape's face that parts the shapes most
    does so, cores only (negative: no face of that shape parts them). Empty for circle cases
    and rounded corners."""

    steps: tuple[ManifoldStep, ...]
    """Every :class:`ManifoldStep`, in order, when :func:`manifold` was asked for them (a
    figure pages them); else empty."""


def manifold(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule, steps: bool = False) -> Manifold:
    """The contact manifold of shapes ``a`` and ``b`` (each a Polygon, Box, Circle or Capsule,
    polygons and boxes rounded or not). With ``steps`` it keeps every :class:`ManifoldStep`
    for a figure to page; without, ``steps`` is empty.

    Two boxes overlapping face to face touch along a span: two points, each at a corner of the
    span, with the overlap as a negative separation:

    >>> from collision import Box, Circle
    >>> found = manifold(Box((0, 0), (2, 1)), Box((1, 1.75), (1, 1)))
    >>> found.normal, found.reference, found.reference_edge
    (Vector(x=0.0, y=1.0), 'A', 1)
    >>> [(tuple(p.point), p.separation) for p in found.points]
    [((0.0, 0.875), -0.25), ((2.0, 0.875), -0.25)]
    >>> [str(p.id) for p in found.points]
    ['A edge 1 / B vertex 3', 'A edge 1 / B vertex 0']

    A figure asks for the steps, to page them:

    >>> [step.title for step in manifold(Box((0, 0), (2, 1)), Box((1, 1.75), (1, 1)), steps=True).steps]
    ["reference face: A's edge 1", "incident face: B's edge 3", "clip: side plane at the face's first end", "clip: side plane at the face's second end", 'keep the points at or below the reference face']

    Tilted, one corner dips in and the other is clipped away above the face:

    >>> len(manifold(Box((0, 0), (2, 1)), Box((0, 2.2), (1, 1), angle=0.3)).points)
    1

    A circle touches at one point; shapes apart give none:

    >>> manifold(Box((0, 0), (1, 1)), Circle((0, 1.5), 1)).points[0].point
    Vector(x=0.0, y=0.75)
    >>> manifold(Box((0, 0), (1, 1)), Box((5, 0), (1, 1))).points
    ()

    Two capsules follow Box2D's ``b2CollideCapsules``: one point, on the line between the
    nearest points of the two segments, unless each segment's shadow on the other's line
    overlaps it and a clipped end lies as near as those nearest points. A second point then
    appears only where it touches too: capsules lying along each other, nearly parallel and
    overlapping along their length. Crossing ones keep their one deepest point:

    >>> from collision import Capsule
    >>> len(manifold(Capsule((0, 0), (4, 0), 0.5), Capsule((2, 0.9), (6, 0.95), 0.5)).points)
    2
    >>> len(manifold(Capsule((0, 0), (4, 0), 0.5), Capsule((1, -1), (3, 1), 0.25)).points)
    1
    """
    checked(a, "A")
    checked(b, "B")
    core_a, core_b = _core(a), _core(b)
    tolerance = TOLERANCE * max(a._placed().scale, b._placed().scale)
    if len(core_b[0]) == 1:
        found = _with_circle(core_a, core_b, tolerance, flip=False)
    elif len(core_a[0]) == 1:
        found = _with_circle(core_b, core_a, tolerance, flip=True)
    elif len(core_a[0]) == 2 and len(core_b[0]) == 2:
        found = _capsules(core_a, core_b, tolerance)
    else:
        found = _faces(core_a, core_b, tolerance)
    # The steps are a figure's pages: a caller that did not ask for them gets none.
    return found if steps else found._replace(steps=())


def _core(shape: Polygon | Circle | Capsule) -> Core:
    """A shape's core as (world points counter-clockwise, unit outward normals of its edges,
    radius): a circle's is its centre alone, with no edges; a capsule's its two ends, with an
    edge each way."""
    return rounded.core(shape)


def _best_face(points: tuple[Pair, ...], normals: tuple[Pair, ...], others: tuple[Pair, ...]) -> tuple[int, float]:
    """The face of ``points`` whose normal parts ``others`` most: (its index, how far)."""
    best, best_separation = 0, -math.inf
    for i, (nx, ny) in enumerate(normals):
        vx, vy = points[i]
        separation = min((x - vx) * nx + (y - vy) * ny for x, y in others)
        if separation > best_separation:
            best, best_separation = i, separation
    return best, best_separation


def _faces(core_a: Core, core_b: Core, tolerance: float, corners: bool = True) -> Manifold:
    """Two cores with faces: reference face, incident face, clipping. With ``corners`` (not
    for two capsules, which Box2D always clips), rounded cores apart whose faces are nearest
    at an end of each meet at one point instead."""
    (points_a, normals_a, radius_a), (points_b, normals_b, radius_b) = core_a, core_b
    edge_a, separation_a = _best_face(points_a, normals_a, points_b)
    edge_b, separation_b = _best_face(points_b, normals_b, points_a)
    size = min(_size(points_a), _size(points_b))
    flip = separation_b > separation_a + PREFER_A * size
    if flip:
        reference, incident, edge, names = core_b, core_a, edge_b, ("B", "A")
    else:
        reference, incident, edge, names = core_a, core_b, edge_a, ("A", "B")
    ref_points, ref_normals, ref_radius = reference
    inc_points, inc_normals, inc_radius = incident
    radius = radius_a + radius_b
    nx, ny = ref_normals[edge]
    normal = Vector(-nx, -ny) if flip else Vector(nx, ny)
    separations = (separation_a, separation_b)
    # The incident face: the other shape's face turned most against the reference normal.
    incident_edge = min(range(len(inc_normals)), key=lambda k: inc_normals[k][0] * nx + inc_normals[k][1] * ny)
    count_r, count_i = len(ref_points), len(inc_points)
    v1, v2 = ref_points[edge], ref_points[(edge + 1) % count_r]
    w1, w2 = inc_points[incident_edge], inc_points[(incident_edge + 1) % count_i]
    steps = [
        ManifoldStep(f"reference face: {names[0]}'s edge {edge}", (Vector(*v1), Vector(*v2)), None),
        ManifoldStep(f"incident face: {names[1]}'s edge {incident_edge}", (Vector(*w1), Vector(*w2)), None),
    ]
    if max(separation_a, separation_b) > radius + tolerance:
        # A face parts the cores by more than the radii reach: apart, no points.
        return Manifold(normal, (), names[0], edge, incident_edge, separations, tuple(steps))
    if corners and radius and max(separation_a, separation_b) > tolerance:
        # Rounded cores apart: if the faces are nearest at an end of each, two rounded corners
        # meet, and the way apart is the line between those ends (Box2D's b2ClipPolygons).
        gap, on_r, on_i, t, u = rounded.segment_closest(v1, v2, w1, w2)
        if t in (0.0, 1.0) and u in (0.0, 1.0):
            ends = ((edge + (t == 1.0)) % count_r, (incident_edge + (u == 1.0)) % count_i)
            return _corners(gap, on_r, on_i, ends, ref_radius, radius, flip, tolerance, steps)
    # Each point carries the features it came from: (reference feature, incident feature).
    segment = [
        ((w1[0], w1[1]), (("edge", edge), ("vertex", incident_edge))),
        ((w2[0], w2[1]), (("edge", edge), ("vertex", (incident_edge + 1) % count_i))),
    ]
    tx, ty = v2[0] - v1[0], v2[1] - v1[1]
    length = math.hypot(tx, ty)
    tx, ty = tx / length, ty / length
    # Side plane 1 keeps what lies past v1 along the face; side plane 2 what lies short of v2.
    sides = (
        ("side plane at the face's first end", v1, (-tx, -ty), edge),
        ("side plane at the face's second end", v2, (tx, ty), (edge + 1) % count_r),
    )
    for title, (px, py), (sx, sy), vertex in sides:
        segment = _clip(segment, (px, py), (sx, sy), ("vertex", vertex), ("edge", incident_edge))
        steps.append(ManifoldStep(f"clip: {title}", tuple(Vector(*p) for p, _ in segment), (Vector(px, py), Vector(sx, sy))))
        if len(segment) < 2:
            # Rounding can clip a face seen edge-on to nothing: no span, no points.
            break
    contacts = []
    front = nx * v1[0] + ny * v1[1]
    for (x, y), (ref_feature, inc_feature) in segment:
        core_gap = nx * x + ny * y - front
        separation = core_gap - radius
        if separation > tolerance:
            continue
        # Midway between the reference surface (face plus its radius) and the incident one.
        shift = 0.5 * (ref_radius - inc_radius - core_gap)
        point = Vector(x + shift * nx, y + shift * ny)
        features = (inc_feature, ref_feature) if flip else (ref_feature, inc_feature)
        contacts.append(ContactPoint(point, separation, ContactId(*features[0], *features[1])))
    steps.append(
        ManifoldStep(
            "keep the points at or below the reference face",
            tuple(c.point for c in contacts),
            (Vector(*v1), Vector(nx, ny)),
        )
    )
    return Manifold(normal, tuple(contacts), names[0], edge, incident_edge, separations, tuple(steps))


def _capsules(core_a: Core, core_b: Core, tolerance: float) -> Manifold:
    """Two capsules, as Box2D's b2CollideCapsules: the nearest points of the two segments,
    and two clipped points only when each segment's shadow on the other's line overlaps it and
    a clipped end is as near as the nearest points (the segments lie along each other)."""
    ((p1, q1), normals_a, radius_a), ((p2, q2), normals_b, radius_b) = core_a, core_b
    radius = radius_a + radius_b
    gap, near_a, near_b, f1, f2 = rounded.segment_closest(p1, q1, p2, q2)
    steps = [ManifoldStep("the nearest points of the two segments", (Vector(*near_a), Vector(*near_b)), None)]
    length_a, length_b = math.dist(p1, q1), math.dist(p2, q2)
    # Where each segment's ends fall along the other's line, from its first end.
    along_a = [((x - p1[0]) * (q1[0] - p1[0]) + (y - p1[1]) * (q1[1] - p1[1])) / length_a for x, y in (p2, q2)]
    along_b = [((x - p2[0]) * (q2[0] - p2[0]) + (y - p2[1]) * (q2[1] - p2[1])) / length_b for x, y in (p1, q1)]
    beside_a = max(along_a) <= 0.0 or min(along_a) >= length_a
    beside_b = max(along_b) <= 0.0 or min(along_b) >= length_b
    if gap - radius <= tolerance and not beside_a and not beside_b:
        # Each overlaps the other's shadow: clip against the face that parts them most.
        clipped = _faces(core_a, core_b, tolerance, corners=False)
        flip = clipped.reference == "B"
        # Box2D keeps the clip only if a clipped end lies as near as the nearest points; if
        # not, the nearest points are an end of one segment against the other's side.
        ends = [step.points for step in clipped.steps if step.title.startswith("clip")]
        if ends and len(ends[-1]) == 2:
            nx, ny = (-clipped.normal.x, -clipped.normal.y) if flip else clipped.normal
            vx, vy = p2 if flip else p1
            if min((x - vx) * nx + (y - vy) * ny for x, y in ends[-1]) <= gap + tolerance:
                return clipped._replace(steps=tuple(steps) + clipped.steps)
    # One point, on the line between the nearest points (square to A when they meet).
    if gap > 0.0:
        nx, ny = (near_b[0] - near_a[0]) / gap, (near_b[1] - near_a[1]) / gap
    else:
        nx, ny = normals_a[1]
    separation = gap - radius
    if separation > tolerance:
        return Manifold(Vector(nx, ny), (), None, None, None, (), tuple(steps))
    shift = radius_a + 0.5 * separation
    point = Vector(near_a[0] + shift * nx, near_a[1] + shift * ny)
    feature_a = ("vertex", int(f1 == 1.0)) if f1 in (0.0, 1.0) else ("edge", 0)
    feature_b = ("vertex", int(f2 == 1.0)) if f2 in (0.0, 1.0) else ("edge", 0)
    contact = ContactPoint(point, separation, ContactId(*feature_a, *feature_b))
    return Manifold(Vector(nx, ny), (contact,), None, None, None, (), tuple(steps))


def _corners(
    gap: float, on_r: Pair, on_i: Pair, ends: tuple[int, int], ref_radius: float, radius: float, flip: bool, tolerance: float,
    steps: list[ManifoldStep],
) -> Manifold:
    """Two rounded corners: one point on the line between the core vertices ``ends``
    (reference's, incident's), or none."""
    ref_vertex, inc_vertex = ends
    nx, ny = (on_i[0] - on_r[0]) / gap, (on_i[1] - on_r[1]) / gap
    normal = Vector(-nx, -ny) if flip else Vector(nx, ny)
    steps = steps + [ManifoldStep("rounded corners: the line between the nearest ends", (Vector(*on_r), Vector(*on_i)), None)]
    separation = gap - radius
    if separation > tolerance:
        return Manifold(normal, (), None, None, None, (), tuple(steps))
    shift = ref_radius + 0.5 * separation
    point = Vector(on_r[0] + shift * nx, on_r[1] + shift * ny)
    features = (("vertex", inc_vertex), ("vertex", ref_vertex)) if flip else (("vertex", ref_vertex), ("vertex", inc_vertex))
    contact = ContactPoint(point, separation, ContactId(*features[0], *features[1]))
    return Manifold(normal, (contact,), None, None, None, (), tuple(steps))


def _clip(segment: list[Clipped], point: Pair, side: Pair, ref_feature: Feature, inc_feature: Feature) -> list[Clipped]:
    """Keep the part of ``segment`` (two (point, features) pairs) on the inner side of the line
    through ``point`` with outward normal ``side``. A point made where the segment crosses the
    line comes from the reference face's vertex there and the incident edge."""
    (px, py), (sx, sy) = point, side
    distances = [(x - px) * sx + (y - py) * sy for (x, y), _ in segment]
    kept = [entry for entry, distance in zip(segment, distances) if distance <= 0]
    if len(segment) == 2 and distances[0] * distances[1] < 0:
        (x0, y0), _ = segment[0]
        (x1, y1), _ = segment[1]
        t = distances[0] / (distances[0] - distances[1])
        crossing = ((x0 + t * (x1 - x0), y0 + t * (y1 - y0)), (ref_feature, inc_feature))
        # Keep the order along the incident face.
        kept = [crossing, segment[1]] if distances[0] > 0 else [segment[0], crossing]
    return kept


def _with_circle(core: Core, circle: Core, tolerance: float, flip: bool) -> Manifold:
    """A circle (B, or A when ``flip``) against any core: one point at most."""
    points, normals, radius = core
    ((cx, cy),), _, circle_radius = circle
    total = radius + circle_radius
    if len(points) == 1:
        (px, py) = points[0]
        dx, dy = cx - px, cy - py
        distance = math.hypot(dx, dy)
        # Centres at one place: any way out is as short; take x, as sat() does.
        nx, ny = (dx / distance, dy / distance) if distance else (1.0, 0.0)
        core_gap, feature = distance, ("vertex", 0)
        steps = (ManifoldStep("the line between the centres", (Vector(px, py), Vector(cx, cy)), None),)
    else:
        edge, separation = _best_face(points, normals, ((cx, cy),))
        (x1, y1), (x2, y2) = points[edge], points[(edge + 1) % len(points)]
        # Beyond an end of that face, the centre is nearest that corner (its Voronoi region).
        # A centre inside lies over its nearest face; the sign test keeps rounding from
        # sending it to a corner.
        before = (cx - x1) * (x2 - x1) + (cy - y1) * (y2 - y1) < 0
        after = (cx - x2) * (x1 - x2) + (cy - y2) * (y1 - y2) < 0
        # (A capsule's core is a segment: a centre on its line beyond an end is a corner's too.)
        if (separation > 0 or len(points) == 2) and (before or after):
            vertex = edge if before else (edge + 1) % len(points)
            px, py = points[vertex]
            dx, dy = cx - px, cy - py
            core_gap = math.hypot(dx, dy)
            nx, ny = dx / core_gap, dy / core_gap
            feature = ("vertex", vertex)
            steps = (ManifoldStep(f"the centre is nearest vertex {vertex}", (Vector(px, py), Vector(cx, cy)), None),)
        else:
            nx, ny = normals[edge]
            core_gap, feature = separation, ("edge", edge)
            px, py = cx - separation * nx, cy - separation * ny
            steps = (ManifoldStep(f"the centre faces edge {edge}", (Vector(x1, y1), Vector(x2, y2)), None),)
    separation = core_gap - total
    normal = Vector(-nx, -ny) if flip else Vector(nx, ny)
    if separation > tolerance:
        return Manifold(normal, (), None, None, None, (), steps)
    # Midway between the core's surface and the circle's.
    shift = radius + 0.5 * separation
    point = Vector(px + shift * nx, py + shift * ny)
    features = (("vertex", 0), feature) if flip else (feature, ("vertex", 0))
    contact = ContactPoint(point, separation, ContactId(*features[0], *features[1]))
    return Manifold(normal, (contact,), None, None, None, (), steps)


def _size(points: tuple[Pair, ...]) -> float:
    """The larger side of the points' bounding box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return max(max(xs) - min(xs), max(ys) - min(ys))
