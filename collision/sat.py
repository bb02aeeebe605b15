"""The Separating Axis Theorem with a report of every axis tested and the minimum translation vector.

Two convex shapes are apart exactly when some axis parts their shadows. :func:`sat` reads as
the tutorials tell it: the candidate axes (:func:`candidate_axes`; a circle's from
:func:`circle_axis` or :func:`centre_line`); each shape's shadow on each
(:func:`~collision.projection.extent`); the one overlap rule
(:func:`~collision.projection.overlap`); out at the first gap, else the axis of least overlap
is the shortest way out, the MTV; and the result lists every axis
(:func:`~collision.verdict.every_axis`). ``collision.sat`` is this function with its speed
tricks (:mod:`collision.fast.sat_kernel`), tested against it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from . import rounded
from .axes import AxisKind, AxisSource, vertex_source
from .capsule import Capsule
from .errors import ShapeError
from .projection import extent, overlap
from .shapes import PARALLEL, CandidateAxis, Circle, Polygon, Pose
from .vector import Pair, Vector
from .verdict import SatResult, axis_tolerance, every_axis, spread, way_out
from .voronoi import box_corner_region, in_vertex_region, nearest_vertex


def sat(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule, early_exit: bool = False) -> SatResult:
    """Test shapes ``a`` and ``b`` (each a Polygon, Box or Circle) with the Separating Axis Theorem.

    Every candidate axis is projected and reported: the distinct edge normals of both
    polygons, plus for a circle either the axis from the polygon's nearest vertex (only when
    the centre lies in that vertex's Voronoi region) or the line between two centres. With
    ``early_exit`` the report stops at the first separating axis and lists the rest as
    skipped. Touching counts as colliding; a gap or depth counts as zero within a tolerance
    relative to the largest coordinates the pair reaches along the axis (see
    :data:`~collision.TOLERANCE`). Both shapes are measured from A's position, so boxes at
    x = 1e20 (where floats are 16384 apart) still overlap by what they overlap along y.
    Returns a :class:`~collision.SatResult`.

    >>> from collision import Box
    >>> result = sat(Box((0, 0), (1, 1)), Box((1.5, 0), (1, 1)))
    >>> result.colliding, result.depth, result.mtv
    (True, 0.5, Vector(x=0.5, y=0.0))
    >>> len(result.axes), result.merged
    (2, 6)

    Boxes that share an edge touch; boxes a gap apart are separated by the x axis:

    >>> sat(Box((0, 0), (1, 1)), Box((2, 0), (1, 1))).touching
    True
    >>> apart = sat(Box((0, 0), (1, 1)), Box((3, 0), (1, 1)), early_exit=True)
    >>> apart.colliding, apart.separating_axis.overlap, len(apart.skipped)
    (False, -1.0, 1)
    """
    try:
        pose_a, pose_b = a._placed(), b._placed()
    except AttributeError:
        raise ShapeError(f"expected a Polygon, Box or Circle, got {type(b if hasattr(a, '_placed') else a).__name__}") from None
    if a._rounded or b._rounded:
        # A capsule or a rounded polygon: cores grown by radii (collision.rounded).
        return rounded.sat(a, b, early_exit)
    # Both shadows are measured from A's position: B's is moved along each axis by the offset
    # B - A, exact when the shapes lie near each other, however far out (see extent).
    dx, dy = pose_b.x - pose_a.x, pose_b.y - pose_a.y
    least, separated = math.inf, False
    for ax, ay, _, a_min, a_max, b_min, b_max in candidate_axes(pose_a, pose_b):
        # Each shape's shadow on its own normals is known already; the other's is cast here.
        if a_min is None:
            a_min, a_max = extent(pose_a, ax, ay)
        if b_min is None:
            b_min, b_max = extent(pose_b, ax, ay)
        # B's shadow moved along by the offset between the positions.
        shift = dx * ax + dy * ay
        b_min, b_max = b_min + shift, b_max + shift
        depth = overlap(a_min, a_max, b_min, b_max)
        # A gap counts when it is wider than rounding can make along this axis (see TOLERANCE).
        gap = -axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
        if depth < gap:
            # A gap on one axis is enough: a line through it parts the shapes (the theorem).
            separated, chosen = True, (ax, ay, depth, a_max - b_min)
            break
        if depth < least:
            # The least overlap so far is the shortest way out; of equals, the first (named_axis's rule).
            least, chosen = depth, (ax, ay, depth, a_max - b_min)
    ax, ay, depth, forward = chosen
    # Point the normal the way B must go: along the axis if overlap() took the way forwards
    # (past A's max), else against it.
    normal = Vector(*way_out(ax, ay, depth, forward))
    if separated:
        colliding = touching = False
        depth = 0.0
    else:
        # An overlap within rounding of zero is a touch: no depth to leave by.
        colliding = True
        depth = max(0.0, least)
        touching = depth <= axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
    # The result lists every axis, its shadows where they lie in the world (or, with an early
    # exit, those up to the first gap and the rest untried).
    axes, skipped, merged = every_axis(pose_a, pose_b, candidate_axes(pose_a, pose_b), early_exit)
    result = SatResult(colliding, touching, normal, depth, Vector(normal.x * depth, normal.y * depth), axes, skipped, merged)
    return result


def candidate_axes(pose_a: Pose, pose_b: Pose) -> Iterator[CandidateAxis]:
    """The axes SAT tries for two placed shapes, in order, each ``(ax, ay, AxisSource, a_min,
    a_max, b_min, b_max)``: (ax, ay) the unit axis, and a shape's extent along it known
    already on its own edge normals (Pose.as_a), else None until projected. They come one at
    a time, as the test needs them: a gap on the first axis leaves the rest unmade.

    Two polygons: A's distinct edge normals, then B's that are not parallel to one of A's.
    A polygon and a circle: the polygon's, then :func:`circle_axis`'s if there is one. Two
    circles: the line between their centres.

    >>> from collision import Box
    >>> a, b = Box((0, 0), (1, 1)), Box((3, 0), (1, 1), angle=0.5)
    >>> [(candidate[2].shape, candidate[2].index) for candidate in candidate_axes(a._placed(), b._placed())]
    [('A', 0), ('A', 1), ('B', 0), ('B', 1)]
    >>> len(list(candidate_axes(a._placed(), a._placed())))  # the same box twice: B's all merge
    2
    """
    axes_a, low, high = pose_a.axes, -PARALLEL, PARALLEL
    if axes_a and pose_b.axes:
        yield from pose_a.as_a
        for candidate in pose_b.as_b:
            bx, by = candidate[0], candidate[1]
            for ax, ay in axes_a:
                if low <= ax * by - ay * bx <= high:
                    # Parallel to one of A's: the same line, already tried.
                    break
            else:
                yield candidate
    elif axes_a or pose_b.axes:
        # A polygon and a circle: the polygon's own axes, then the circle's if it brings one.
        # The circle's centre is taken from the polygon's position, as every shadow is.
        if axes_a:
            yield from pose_a.as_a
            vertex = circle_axis(pose_a, (pose_b.x - pose_a.x, pose_b.y - pose_a.y), "A")
        else:
            yield from pose_b.as_b
            vertex = circle_axis(pose_b, (pose_a.x - pose_b.x, pose_a.y - pose_b.y), "B")
        if vertex is not None:
            yield vertex
    else:
        yield centre_line((0.0, 0.0), (pose_b.x - pose_a.x, pose_b.y - pose_a.y))


def circle_axis(pose: Pose, center: Pair, label: str) -> CandidateAxis | None:
    """The axis a circle centred at ``center`` (measured from the polygon's position) brings
    against a placed polygon, as a candidate ``(ax, ay, source, None, None, None, None)``:
    from the vertex whose Voronoi region holds the centre to the centre, sourced as that
    vertex of the polygon (``label`` names it). None when the centre faces an edge or lies
    inside: the edge normals then say all there is (Metanet figure 10). For a box the region
    is found in the box's own frame (:func:`~collision.voronoi.box_corner_region`); for any
    other polygon it can only be the nearest vertex's.

    >>> from collision import Box, regular_polygon
    >>> circle_axis(Box((0, 0), (1, 1))._placed(), (4.0, 5.0), "A")[:3]
    (0.6, 0.8, AxisSource(shape='A', kind=<AxisKind.VERTEX: 'vertex'>, index=1))
    >>> circle_axis(Box((0, 0), (1, 1))._placed(), (4.0, 0.0), "A") is None
    True
    >>> circle_axis(regular_polygon(3, 1.0)._placed(), (3.0, 0.0), "B")[2].index
    0
    """
    cx, cy = center
    if pose.box:
        # A box: the centre is in a corner's region when beyond its sides along both its axes.
        vertex = box_corner_region(pose.box, cx, cy)
    else:
        # Any polygon: a vertex region holding the centre can only be the nearest vertex's.
        vertex = nearest_vertex(pose.offsets, cx, cy)
        if not in_vertex_region(pose.offsets, vertex, cx, cy):
            vertex = -1
    if vertex < 0:
        # The centre faces an edge, or lies inside: the edge normals say all there is.
        return None
    vx, vy = pose.offsets[vertex]
    length = math.hypot(cx - vx, cy - vy)
    return (cx - vx) / length, (cy - vy) / length, vertex_source(label, vertex), None, None, None, None


_CENTRE_LINE = AxisSource("AB", AxisKind.CENTRES, -1)


def centre_line(center_a: Pair, center_b: Pair) -> CandidateAxis:
    """Two circles' one axis: the unit line from A's centre to B's, as a candidate
    ``(ax, ay, source, None, None, None, None)``.

    >>> centre_line((0.0, 0.0), (0.0, 2.0))[:2]
    (0.0, 1.0)
    >>> centre_line((1.0, 1.0), (1.0, 1.0))[:2]  # one centre: every way out is as short; x it is
    (1.0, 0.0)
    """
    dx, dy = center_b[0] - center_a[0], center_b[1] - center_a[1]
    length = math.hypot(dx, dy)
    if not length:
        return 1.0, 0.0, _CENTRE_LINE, None, None, None, None
    return dx / length, dy / length, _CENTRE_LINE, None, None, None, None
