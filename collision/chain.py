"""Smooth contacts on a chain of segments: Box2D's chain-segment rule against ghost collisions.

A floor made of separate segments has seams. A box sliding along it, sunk a little, meets the
next segment's end just past a seam: tested alone, that segment's shortest way out is sideways,
against the motion, and the box bumps on a seam the floor does not have (a *ghost collision*).

A chain knows its neighbours. Each :class:`ChainSegment` keeps the vertex before it and the one
after it (its *ghost vertices*), so it can tell whether a corner it shares is convex (the chain
turns away from the free side, as over a hill) or flat or concave (a seam, a valley). Box2D's
``b2CollideChainSegmentAndPolygon`` then classifies each contact normal a segment finds
(``b2ClassifyNormal``):

- a normal that leans past the segment's end into a **flat or concave** corner is *snapped* to
  the segment's own face normal: across a seam or in a valley, nothing but the face can push;
- a normal that leans past a **convex** corner by more than the neighbour's face normal is
  *skipped*: the neighbour owns it and will report it;
- any other normal is *admitted*, as the lone segment found it.

And a segment is one-sided: a shape behind it (and behind its convex neighbours) gets nothing.
As in Box2D (and as a counter-clockwise polygon's edges), the free side is on the *right* of
each segment, its normal the edge turned clockwise: list a floor's points from right to left.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import NamedTuple

from ._validate import finite_pair
from .capsule import Capsule
from .cast import Shape
from .errors import ShapeError
from .manifold import ContactId, ContactPoint, Manifold, manifold
from .minkowski import checked
from .rounded import core
from .vector import Pair, PairLike, Vector
from .verdict import TOLERANCE

CONVEX_TOLERANCE = 0.01
"""The sine of the smallest turn that makes a shared corner convex (Box2D's ``convexTol``):
collinear segments, and those bent by float noise, make a flat seam."""

SINE_TOLERANCE = 0.01
"""How far past a convex neighbour's normal a normal may lean and still be admitted
(Box2D's ``sinTol``)."""


Along = tuple[float, Pair, tuple[str, int]]
"""A point of an incident face over a segment: its distance along the segment, the point, and
its feature of the shape's core, ``("vertex", i)``."""


class NormalKind(Enum):
    """What the chain-segment rule does with a contact normal."""

    ADMIT = "admit"
    """Kept as the lone segment found it."""

    SNAP = "snap"
    """Replaced by the segment's face normal: it leaned into a flat or concave corner."""

    SKIP = "skip"
    """Dropped: it leaned past a convex corner, which the neighbour owns."""

    BEHIND = "behind"
    """No contact: the shape is behind the one-sided segment."""


class ChainSegment(NamedTuple):
    """One segment of a chain, with its neighbours' far ends."""

    ghost1: Vector
    """The vertex before ``point1``: the previous segment's start."""

    point1: Vector
    """Where the segment starts."""

    point2: Vector
    """Where the segment ends."""

    ghost2: Vector
    """The vertex after ``point2``: the next segment's end."""


class ChainContact(NamedTuple):
    """The outcome of :func:`chain_manifold` for one segment."""

    normal: Vector
    """Unit, out of the segment towards the shape, after the rule."""

    points: tuple[ContactPoint, ...]
    """Zero, one or two :class:`~collision.manifold.ContactPoint`."""

    kind: NormalKind | None
    """What the rule did with the lone segment's normal; None when they are apart."""

    naive: Manifold
    """The lone segment's manifold, as if it had no neighbours: what a ghost collision is."""


def chain_segments(points: list[PairLike], loop: bool = False) -> tuple[ChainSegment, ...]:
    """The segments of the chain through ``points``, each with its ghost vertices.

    An open chain's first and last points are ghosts only (as in Box2D): n points make n - 3
    segments. A ``loop`` closes the chain, n points making n segments.

    >>> segments = chain_segments([(3, 0), (2, 0), (1, 0), (0, 0)])
    >>> len(segments), segments[0].point1, segments[0].ghost1
    (1, Vector(x=2.0, y=0.0), Vector(x=3.0, y=0.0))
    >>> chain_segments([(0, 0), (1, 0), (2, 0)])
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: an open chain needs at least 4 points (the two ends are ghosts), got 3
    """
    vertices = [Vector(*finite_pair(p, f"chain point {i}")) for i, p in enumerate(points)]
    count = len(vertices)
    if loop and count < 3:
        raise ShapeError(f"a chain loop needs at least 3 points, got {count}")
    if not loop and count < 4:
        raise ShapeError(f"an open chain needs at least 4 points (the two ends are ghosts), got {count}")
    for i in range(count if loop else count - 1):
        if vertices[i] == vertices[(i + 1) % count]:
            raise ShapeError(f"chain point {(i + 1) % count} repeats point {i}: remove the duplicate")
    if loop:
        return tuple(
            ChainSegment(vertices[i - 1], vertices[i], vertices[(i + 1) % count], vertices[(i + 2) % count]) for i in range(count)
        )
    return tuple(ChainSegment(*vertices[i - 1 : i + 3]) for i in range(1, count - 2))


def _unit(x: float, y: float) -> tuple[float, float]:
    length = math.hypot(x, y)
    return x / length, y / length


def _right(x: float, y: float) -> tuple[float, float]:
    """The direction turned a quarter clockwise: a segment's free side."""
    return y, -x


class _Corners(NamedTuple):
    """A segment's geometry as the rule reads it (Box2D's ``b2ChainSegmentParams``)."""

    edge1: tuple[float, float]
    normal0: tuple[float, float]
    normal1: tuple[float, float]
    normal2: tuple[float, float]
    convex1: bool
    convex2: bool


def _corners(segment: ChainSegment) -> _Corners:
    (g1x, g1y), (p1x, p1y), (p2x, p2y), (g2x, g2y) = segment
    edge0 = _unit(p1x - g1x, p1y - g1y)
    edge1 = _unit(p2x - p1x, p2y - p1y)
    edge2 = _unit(g2x - p2x, g2y - p2y)
    # Turning away from the free side (clockwise, on the right) makes a convex corner.
    convex1 = edge0[0] * edge1[1] - edge0[1] * edge1[0] >= CONVEX_TOLERANCE
    convex2 = edge1[0] * edge2[1] - edge1[1] * edge2[0] >= CONVEX_TOLERANCE
    return _Corners(edge1, _right(*edge0), _right(*edge1), _right(*edge2), convex1, convex2)


def classify_normal(segment: ChainSegment, normal: PairLike) -> NormalKind:
    """``b2ClassifyNormal``: what the chain rule does with ``normal`` (unit, out of the segment)
    found by ``segment`` alone.

    On a flat floor listed right to left (free side up), a normal leaning either way past a
    seam is snapped to the face; with a hilltop past the end, a normal leaning past the hill's
    far face is skipped, one between the two faces admitted:

    >>> flat = chain_segments([(3, 0), (2, 0), (1, 0), (0, 0)])[0]
    >>> classify_normal(flat, (-1, 0)), classify_normal(flat, (0.6, 0.8))
    (<NormalKind.SNAP: 'snap'>, <NormalKind.SNAP: 'snap'>)
    >>> hill = chain_segments([(3, 0), (2, 0), (1, 0), (0, -1)])[0]
    >>> classify_normal(hill, (-1, 0)), classify_normal(hill, (-0.6, 0.8))
    (<NormalKind.SKIP: 'skip'>, <NormalKind.ADMIT: 'admit'>)
    """
    nx, ny = finite_pair(normal, "normal")
    corners = _corners(segment)
    ex, ey = corners.edge1
    if nx * ex + ny * ey <= 0.0:
        # Leaning back, past point1.
        if not corners.convex1:
            return NormalKind.SNAP
        mx, my = corners.normal0
        return NormalKind.SKIP if nx * my - ny * mx > SINE_TOLERANCE else NormalKind.ADMIT
    # Leaning forward, past point2.
    if not corners.convex2:
        return NormalKind.SNAP
    mx, my = corners.normal2
    return NormalKind.SKIP if mx * ny - my * nx > SINE_TOLERANCE else NormalKind.ADMIT


def chain_manifold(segment: ChainSegment, shape: Shape) -> ChainContact:
    """Where ``shape`` touches the chain ``segment``, smoothed by the chain rule: a
    :class:`ChainContact` holding the lone segment's manifold beside the smoothed one.

    A box sunk 0.1 into a flat floor, its leading side just 0.05 past a seam: the segment
    ahead, alone, pushes it back (a ghost collision); the chain snaps that to the floor's
    normal, and the box is pushed up by what it is sunk:

    >>> from collision import Box
    >>> ahead = chain_segments([(20, 0), (10, 0), (0, 0), (-10, 0)])[0]
    >>> found = chain_manifold(ahead, Box((-0.95, 0.9), (1, 1)))
    >>> found.naive.normal.x, found.kind, found.normal
    (-1.0, <NormalKind.SNAP: 'snap'>, Vector(x=0.0, y=1.0))
    >>> [round(p.separation, 6) for p in found.points], [round(p.point.y, 6) for p in found.points]
    ([-0.1, -0.1], [-0.05, -0.05])
    >>> chain_manifold(ahead, Box((5, -3), (1, 1))).kind
    <NormalKind.BEHIND: 'behind'>
    """
    checked(shape, "the shape")
    corners = _corners(segment)
    naive = manifold(Capsule(segment.point1, segment.point2, 0.0), shape)
    normal1 = Vector(*corners.normal1)
    if _behind(segment, corners, shape):
        return ChainContact(normal1, (), NormalKind.BEHIND, naive)
    if not naive.points:
        return ChainContact(naive.normal, (), None, naive)
    lean = naive.normal.x * normal1.x + naive.normal.y * normal1.y
    # The face's own normal leans nowhere: nothing to snap.
    kind = NormalKind.ADMIT if lean >= 1.0 - 1e-12 else classify_normal(segment, naive.normal)
    if kind is NormalKind.ADMIT:
        return ChainContact(naive.normal, naive.points, kind, naive)
    if kind is NormalKind.SKIP:
        return ChainContact(naive.normal, (), kind, naive)
    return ChainContact(normal1, _face_points(segment, normal1, shape), kind, naive)


def _behind(segment: ChainSegment, corners: _Corners, shape: Shape) -> bool:
    """Whether the shape's centre is behind the segment and behind each convex neighbour:
    a one-sided segment then has nothing to say (Box2D tests the centroid)."""
    points, _, _ = core(shape)
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    (p1x, p1y), (p2x, p2y) = segment.point1, segment.point2

    def behind(normal: tuple[float, float], x: float, y: float) -> bool:
        return normal[0] * (cx - x) + normal[1] * (cy - y) < 0.0

    return (
        behind(corners.normal1, p1x, p1y)
        and (not corners.convex1 or behind(corners.normal0, p1x, p1y))
        and (not corners.convex2 or behind(corners.normal2, p2x, p2y))
    )


def _face_points(segment: ChainSegment, normal: Vector, shape: Shape) -> tuple[ContactPoint, ...]:
    """Contact points with the segment's face as the reference: the shape's face turned most
    against ``normal`` (its centre, for a circle), clipped to the segment's span."""
    points, normals, radius = core(shape)
    (p1x, p1y), (p2x, p2y) = segment.point1, segment.point2
    nx, ny = normal
    if normals:
        # The incident face: the shape's face turned most against the segment's normal.
        k = min(range(len(normals)), key=lambda i: normals[i][0] * nx + normals[i][1] * ny)
        ends = [(points[k], ("vertex", k)), (points[(k + 1) % len(points)], ("vertex", (k + 1) % len(points)))]
    else:
        ends = [(points[0], ("vertex", 0))]
    tx, ty = _unit(p2x - p1x, p2y - p1y)
    length = (p2x - p1x) * tx + (p2y - p1y) * ty
    along = [((x - p1x) * tx + (y - p1y) * ty, (x, y), feature) for (x, y), feature in ends]
    along = _clip_span(along, length)
    scale = max(abs(v) for p in (*points, segment.point1, segment.point2) for v in p) + radius
    contacts = []
    for _, (x, y), feature in along:
        separation = (x - p1x) * nx + (y - p1y) * ny - radius
        if separation > TOLERANCE * scale:
            continue
        # Midway between the segment's face and the shape's surface.
        shift = -(radius + 0.5 * separation)
        contacts.append(ContactPoint(Vector(x + shift * nx, y + shift * ny), separation, ContactId("edge", 0, *feature)))
    return tuple(contacts)


def _clip_span(along: list[Along], length: float) -> list[Along]:
    """The incident face (one or two points, each (distance along the segment, point,
    feature)) cut to the segment's span 0..length; a cut end keeps its feature."""
    spans = [s for s, _, _ in along]
    if max(spans) < 0.0 or min(spans) > length:
        # Wholly beyond one end of the segment: nothing of it lies over the face.
        return []
    if len(along) == 1 or spans[0] == spans[1]:
        return along
    (s0, (x0, y0), _), (s1, (x1, y1), _) = along
    kept = []
    for s, _, feature in along:
        clamped = min(max(s, 0.0), length)
        t = (clamped - s0) / (s1 - s0)
        kept.append((clamped, (x0 + t * (x1 - x0), y0 + t * (y1 - y0)), feature))
    return kept
