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
_blank = object.__new__


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


class SatResult:
    """The outcome of :func:`sat`.

    It reads as the NamedTuple it was: fields by name, unpacking and indexing in the order of
    ``_fields``, equality field by field, ``_replace`` and ``_asdict``. ``axes`` and
    ``skipped`` are built on first access, from the shapes as they were when ``sat()`` ran:
    the verdict needs only the axes up to the first gap, the report needs them all.
    """

    __slots__ = {
        "colliding": "The shapes overlap or touch: no tested axis separates them.",
        "touching": "Colliding with a depth of zero, within the pair's tolerance (see TOLERANCE).",
        "normal": "Unit axis pointing from A towards B: the MTV's direction, or when separated the "
        "first separating axis.",
        "depth": "How far B must move to leave A (0 when separated or touching).",
        "mtv": "``normal * depth``: the shortest translation that moves B out of A.",
        "merged": "How many edge normals were dropped for being parallel to one already listed.",
        "_axes": "The AxisTests, once built.",
        "_skipped": "The skipped Candidates, once built.",
        "_pending": "What builds the report, (candidates, project_a, project_b, tolerance, early_exit); "
        "None once it is built.",
    }

    _fields = ("colliding", "touching", "normal", "depth", "mtv", "axes", "skipped", "merged")

    def __init__(self, colliding, touching, normal, depth, mtv, axes, skipped, merged):
        self.colliding, self.touching, self.normal, self.depth, self.mtv = colliding, touching, normal, depth, mtv
        self._axes, self._skipped, self.merged, self._pending = tuple(axes), tuple(skipped), merged, None

    @property
    def axes(self):
        """Every AxisTest, in the order tested."""
        if self._pending is not None:
            self._build()
        return self._axes

    @property
    def skipped(self):
        """The Candidate axes an early exit never tested (empty unless ``early_exit``)."""
        if self._pending is not None:
            self._build()
        return self._skipped

    def _build(self):
        self._axes, self._skipped = _report(*self._pending)
        self._pending = None

    @property
    def separating_axis(self):
        """The first AxisTest that separates, or None when the shapes collide."""
        return next((test for test in self.axes if test.separating), None)

    def __iter__(self):
        return iter((self.colliding, self.touching, self.normal, self.depth, self.mtv, self.axes, self.skipped, self.merged))

    def __len__(self):
        return len(self._fields)

    def __getitem__(self, index):
        return tuple(self)[index]

    def __eq__(self, other):
        if isinstance(other, (SatResult, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self):
        return hash(tuple(self))

    def __repr__(self):
        return "SatResult(" + ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self)) + ")"

    def __reduce__(self):
        return SatResult, tuple(self)

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, **changes):
        return SatResult(**{**self._asdict(), **changes})


# A candidate is (axis, source, A's interval, B's interval), an interval None until projected:
# a polygon already knows its own extent along its own normals (Pose.as_a, Pose.as_b).


class _Plan(NamedTuple):
    """What sat() needs of two polygons at their poses: kept on B (``_pair``) while neither
    moves nor turns, as a scene asks many times a frame."""

    pose_a: object
    """A's Pose the plan is for."""

    pose_b: object
    """B's Pose the plan is for."""

    candidates: tuple
    """The candidate axes, A's then B's that are not parallel to one of A's."""

    merged: int
    """How many edge normals were dropped as parallel."""

    tolerance: float
    """The pair's tolerance (see TOLERANCE)."""

    boxes: tuple
    """Both boxes' six floats (Pose.box) when both are boxes, else empty."""

    kept: tuple
    """Which of B's axes are not parallel to one of A's: depends on the two angles only, so
    it is reused when only a position changed, as during a drag."""


def _plan(pose_a, pose_b, b):
    memo = b._pair
    if memo is not None and memo.pose_a.axes is pose_a.axes and memo.pose_b.axes is pose_b.axes:
        kept, merged = memo.kept, memo.merged
    else:
        kept = []
        for k, (bx, by) in enumerate(pose_b.axes):
            if all(abs(ax * by - ay * bx) > PARALLEL for ax, ay in pose_a.axes):
                kept.append(k)
        kept = tuple(kept)
        merged = len(pose_a.normals) + len(pose_b.normals) - len(pose_a.axes) - len(kept)
    as_b = pose_b.as_b
    if len(kept) < len(as_b):
        as_b = tuple([as_b[k] for k in kept])
    scale = pose_a.scale if pose_a.scale > pose_b.scale else pose_b.scale
    boxes = (pose_a.box, pose_b.box) if pose_a.box and pose_b.box else ()
    plan = b._pair = _new(_Plan, (pose_a, pose_b, pose_a.as_a + as_b, merged, TOLERANCE * scale, boxes, kept))
    return plan


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
    # tolerance, from the scale that float rounding grows with.
    if isinstance(a, Polygon):
        pose_a = a._pose or a._placed()
        project_a = pose_a.project
        if isinstance(b, Polygon):
            pose_b = b._pose or b._placed()
            project_b = pose_b.project
            plan = b._pair
            if plan is None or plan[0] is not pose_a or plan[1] is not pose_b:
                plan = _plan(pose_a, pose_b, b)
            _, _, candidates, merged, tolerance, boxes, _ = plan
            if boxes:
                verdict = _boxes_verdict(candidates, boxes[0], boxes[1], project_a, project_b, tolerance)
            else:
                verdict = _verdict(candidates, project_a, project_b, tolerance)
        else:
            project_b = projector_of(b)
            candidates, merged = _polygon_circle_axes(pose_a, "A", b)
            tolerance = TOLERANCE * max(pose_a.scale, _circle_scale(b))
            verdict = _verdict(candidates, project_a, project_b, tolerance)
    else:
        project_a = projector_of(a)
        if isinstance(b, Polygon):
            pose_b = b._pose or b._placed()
            project_b = pose_b.project
            candidates, merged = _polygon_circle_axes(pose_b, "B", a)
            tolerance = TOLERANCE * max(pose_b.scale, _circle_scale(a))
        else:
            project_b = projector_of(b)
            candidates, merged = _circle_circle_axes(a, b)
            tolerance = TOLERANCE * max(_circle_scale(a), _circle_scale(b))
        verdict = _verdict(candidates, project_a, project_b, tolerance)
    axis, a_min, a_max, b_min, b_max, least = verdict
    # Point the normal the way B must go: towards the side where B's interval sticks out.
    normal = _new(Vector, (-axis[0], -axis[1])) if a_max - b_min > b_max - a_min else axis
    result = _blank(SatResult)
    if least is None:
        result.colliding = result.touching = False
        depth = 0.0
    else:
        depth = least if least > 0.0 else 0.0
        result.colliding = True
        result.touching = depth <= tolerance
    result.depth = depth
    result.normal = normal
    result.mtv = _new(Vector, (normal[0] * depth, normal[1] * depth))
    result.merged = merged
    result._pending = (candidates, project_a, project_b, tolerance, early_exit)
    return result


def _verdict(candidates, project_a, project_b, tolerance):
    """The axis sat() reports, both intervals along it, and its overlap (None when it
    separates): the first separating axis, else the least overlap, the first of equals
    (Metanet section 1: the shortest way out). It stops at the first gap, as the theorem
    allows; the report repeats the same projections, the same floats, only when read."""
    least = math.inf
    chosen = None
    for axis, _, ia, ib in candidates:
        if ia is None:
            ia = project_a(axis[0], axis[1])
        if ib is None:
            ib = project_b(axis[0], axis[1])
        forward = ia[1] - ib[0]
        backward = ib[1] - ia[0]
        overlap = forward if forward <= backward else backward
        if overlap < -tolerance:
            return axis, ia[0], ia[1], ib[0], ib[1], None
        if overlap < least:
            chosen, least = (axis, ia, ib), overlap
    axis, ia, ib = chosen
    return axis, ia[0], ia[1], ib[0], ib[1], least


def _boxes_verdict(candidates, box_a, box_b, project_a, project_b, tolerance):
    """_verdict for two boxes, each projection written out rather than called: the very
    arithmetic of projection.box_projector, so the very same floats."""
    least = math.inf
    chosen = None
    for axis, _, ia, ib in candidates:
        ax, ay = axis
        # Each candidate brings its own shape's interval; the other box is projected here.
        cx, cy, xx, xy, yx, yy = box_a if ia is None else box_b
        ex = xx * ax + xy * ay
        ey = yx * ax + yy * ay
        if ex and ey:
            middle = cx * ax + cy * ay
            reach = (ex if ex > 0.0 else -ex) + (ey if ey > 0.0 else -ey)
            low, high = middle - reach, middle + reach
        else:
            # Two corners tie: the projector picks the first, as documented.
            low, high, _, _ = (project_a if ia is None else project_b)(ax, ay)
        if ia is None:
            a_min, a_max, b_min, b_max = low, high, ib[0], ib[1]
        else:
            a_min, a_max, b_min, b_max = ia[0], ia[1], low, high
        forward = a_max - b_min
        backward = b_max - a_min
        overlap = forward if forward <= backward else backward
        if overlap < -tolerance:
            return axis, a_min, a_max, b_min, b_max, None
        if overlap < least:
            chosen, least = (axis, a_min, a_max, b_min, b_max), overlap
    return (*chosen, least)


def _report(candidates, project_a, project_b, tolerance, early_exit):
    """The AxisTests of sat()'s candidates, and the Candidates an early exit skips."""
    tests = []
    for k, (axis, source, ia, ib) in enumerate(candidates):
        if ia is None:
            ia = project_a(axis[0], axis[1])
        if ib is None:
            ib = project_b(axis[0], axis[1])
        forward = ia[1] - ib[0]
        backward = ib[1] - ia[0]
        overlap = forward if forward <= backward else backward
        separating = overlap < -tolerance
        tests.append(_new(AxisTest, (axis, source, ia, ib, overlap, separating)))
        if separating and early_exit:
            return tuple(tests), tuple([_new(Candidate, (axis, source)) for axis, source, _, _ in candidates[k + 1 :]])
    return tuple(tests), ()
