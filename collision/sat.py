"""The Separating Axis Theorem with a report of every axis tested and the minimum translation vector."""

import math
from typing import NamedTuple

from .axes import AxisKind, AxisSource
from .projection import projector_of
from .shapes import PARALLEL, Polygon
from .vector import Vector
from .voronoi import vertex_region

TOLERANCE = 1e-14
"""Relative: gaps and depths within ``TOLERANCE * scale`` of zero count as touching, where
``scale`` is the largest |x| or |y| either shape reaches (a vertex, or a circle's centre
plus its radius; for a polygon an estimate within a small factor). Float rounding in a projection grows
with the coordinates' magnitude, not with the shapes' size: so tiny shapes near the origin
keep their tiny gaps, and boxes that touch a billion units out still touch (about 45
rounding steps of the largest coordinate). Beyond what floats hold nothing helps: at 1e20
floats are 16384 apart, and an overlap of 70 is touching."""

# tuple.__new__ skips a NamedTuple's Python-level __new__: a third of the cost on the hot path.
_new = tuple.__new__


class Candidate(NamedTuple):
    """An axis that was not tested because an earlier one already separated the shapes."""

    axis: Vector
    """The unit axis."""

    source: AxisSource
    """Where it came from."""


class AxisTest(NamedTuple):
    """Both shapes projected onto one axis, and what that says."""

    axis: Vector
    """The unit axis."""

    source: AxisSource
    """Where it came from."""

    a: object
    """Shape A's extent along the axis, an Interval."""

    b: object
    """Shape B's extent along the axis, an Interval."""

    overlap: float
    """How far B must move along the axis, the shorter way, to leave A's interval; negative
    is the gap between the intervals. It equals the length the intervals share unless one
    interval contains the other."""

    separating: bool
    """Whether the intervals are apart (a gap wider than the pair's tolerance, see
    TOLERANCE): then the shapes are too."""


class SatResult(NamedTuple):
    """The outcome of :func:`sat`."""

    colliding: bool
    """The shapes overlap or touch: no tested axis separates them."""

    touching: bool
    """Colliding with a depth of zero, within the pair's tolerance (see TOLERANCE)."""

    normal: Vector
    """Unit axis pointing from A towards B: the MTV's direction, or when separated the first
    separating axis."""

    depth: float
    """How far B must move to leave A (0 when separated or touching)."""

    mtv: Vector
    """``normal * depth``: the shortest translation that moves B out of A."""

    axes: tuple
    """Every AxisTest, in the order tested."""

    skipped: tuple
    """The Candidate axes an early exit never tested (empty unless ``early_exit``)."""

    merged: int
    """How many edge normals were dropped for being parallel to one already listed."""

    @property
    def separating_axis(self):
        """The first AxisTest that separates, or None when the shapes collide."""
        return next((test for test in self.axes if test.separating), None)


# A candidate is (axis, source, A's interval, B's interval), an interval None until projected:
# a polygon already knows its own extent along its own normals (Pose.candidates).


def _polygon_polygon_axes(pose_a, pose_b, b):
    memo = b._merge
    if memo is None or memo[0] is not pose_a.axes or memo[1] is not pose_b.axes:
        # Which of B's axes are not parallel to one of A's depends on the two angles only:
        # kept on B until either shape turns, as a drag leaves it.
        kept = []
        for k, (bx, by) in enumerate(pose_b.axes):
            if all(abs(ax * by - ay * bx) > PARALLEL for ax, ay in pose_a.axes):
                kept.append(k)
        merged = len(pose_a.normals) + len(pose_b.normals) - len(pose_a.axes) - len(kept)
        memo = b._merge = (pose_a.axes, pose_b.axes, tuple(kept), merged)
    _, _, kept, merged = memo
    as_b = pose_b.as_b
    if len(kept) == len(as_b):
        return pose_a.as_a + as_b, merged
    return pose_a.as_a + tuple([as_b[k] for k in kept]), merged


def _polygon_circle_axes(pose, label, circle):
    candidates = list(pose.as_a if label == "A" else pose.as_b)
    cx, cy = circle.center
    vertex = vertex_region(pose.points, cx, cy)
    if vertex >= 0:
        # Centre in a vertex's Voronoi region: that vertex is the closest feature, so its axis counts.
        vx, vy = pose.points[vertex]
        length = math.hypot(cx - vx, cy - vy)
        axis = Vector((cx - vx) / length, (cy - vy) / length)
        candidates.append((axis, AxisSource(label, AxisKind.VERTEX, vertex), None, None))
    return candidates, len(pose.normals) - len(pose.axes)


_CENTRE_LINE = AxisSource("AB", AxisKind.CENTRES, -1)


def _circle_circle_axes(a, b):
    dx, dy = b.center.x - a.center.x, b.center.y - a.center.y
    length = math.hypot(dx, dy)
    # Coincident centres: every direction is as short a way out as any other; take x.
    axis = Vector(dx / length, dy / length) if length else Vector(1.0, 0.0)
    return [(axis, _CENTRE_LINE, None, None)], 0


def _circle_scale(circle):
    (x, y), radius = circle.center, circle.radius
    return max(abs(x), abs(y)) + radius


def sat(a, b, early_exit=False):
    """Test shapes ``a`` and ``b`` (each a Polygon, Box or Circle) with the Separating Axis Theorem.

    Every candidate axis is projected and reported: the distinct edge normals of both
    polygons, plus for a circle either the axis from the polygon's nearest vertex (only when
    the centre lies in that vertex's Voronoi region) or the line between two centres. With
    ``early_exit`` the test stops at the first separating axis and lists the rest as skipped.
    Touching counts as colliding; a gap or depth counts as zero within a tolerance relative
    to the pair's largest coordinate (:data:`TOLERANCE` times it). Returns a
    :class:`SatResult`.

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
    # The candidate axes, in order, how many parallel normals were merged away, and the
    # scale that float rounding grows with.
    if isinstance(a, Polygon):
        pose_a = a._placed()
        project_a = pose_a.project
        if isinstance(b, Polygon):
            pose_b = b._placed()
            project_b = pose_b.project
            candidates, merged = _polygon_polygon_axes(pose_a, pose_b, b)
            scale = pose_a.scale if pose_a.scale > pose_b.scale else pose_b.scale
        else:
            project_b = projector_of(b)
            candidates, merged = _polygon_circle_axes(pose_a, "A", b)
            scale = max(pose_a.scale, _circle_scale(b))
    else:
        project_a = projector_of(a)
        if isinstance(b, Polygon):
            pose_b = b._placed()
            project_b = pose_b.project
            candidates, merged = _polygon_circle_axes(pose_b, "B", a)
            scale = max(pose_b.scale, _circle_scale(a))
        else:
            project_b = projector_of(b)
            candidates, merged = _circle_circle_axes(a, b)
            scale = max(_circle_scale(a), _circle_scale(b))
    tolerance = TOLERANCE * scale
    tests = []
    skipped = ()
    chosen = None
    # The least overlap so far, while nothing separates (Metanet section 1: the shortest way out).
    least = math.inf
    for k, (axis, source, ia, ib) in enumerate(candidates):
        if ia is None:
            ia = project_a(axis[0], axis[1])
        if ib is None:
            ib = project_b(axis[0], axis[1])
        forward = ia[1] - ib[0]
        backward = ib[1] - ia[0]
        overlap = forward if forward <= backward else backward
        separating = overlap < -tolerance
        test = _new(AxisTest, (axis, source, ia, ib, overlap, separating))
        tests.append(test)
        if separating:
            if least is not None:
                # The first separating axis is the one reported; none after it replaces it.
                chosen, least = test, None
            if early_exit:
                skipped = tuple([_new(Candidate, (axis, source)) for axis, source, _, _ in candidates[k + 1 :]])
                break
        elif least is not None and overlap < least:
            chosen, least = test, overlap
    colliding = least is not None
    (ax, ay), _, (a_min, a_max, _, _), (b_min, b_max, _, _), overlap, _ = chosen
    # Point the normal the way B must go: towards the side where B's interval sticks out.
    if a_max - b_min > b_max - a_min:
        ax, ay = -ax, -ay
    depth = overlap if colliding and overlap > 0.0 else 0.0
    return _new(
        SatResult,
        (
            colliding,
            colliding and depth <= tolerance,
            _new(Vector, (ax, ay)),
            depth,
            _new(Vector, (ax * depth, ay * depth)),
            tuple(tests),
            skipped,
            merged,
        ),
    )
