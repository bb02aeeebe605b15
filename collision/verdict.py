"""SAT's verdict: how near zero a gap counts, which axis the answer names, and the answer.

:data:`TOLERANCE` and :func:`axis_tolerance` say when a gap or a depth is zero within float
rounding. :func:`named_axis` is the one choice of axis (the first gap, else the least
overlap) and :func:`way_out` the one way the normal points (the way B leaves A), for
:func:`collision.sat`, :func:`~collision.tiles.sat_tile`, the rounded shapes' SAT and
:func:`~collision.fast.batch.sat_many` alike. :class:`AxisTest`, :class:`Candidate` and
:class:`SatResult` are what they answer, and :func:`every_axis` lists every axis of
:func:`~collision.sat.sat`'s answer. All of it sits below every module that tests or reports
an overlap, so that none of those has to import another to share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from .axes import AxisKind, AxisSource
from .interval import Interval
from .projection import extent, interval, overlap
from .shapes import CandidateAxis, Pose
from .vector import Vector

TOLERANCE = 2 * 2.0**-52
"""Relative, and set by the float spacing: gaps and depths within a pair's tolerance of zero
count as touching. Along a unit axis (ax, ay) the tolerance is ``TOLERANCE`` times the larger
of |ax| sx and |ay| sy, where sx is the largest |x| either shape reaches (a vertex, or a
circle's centre plus its radius; an estimate within a factor of two) and sy the largest |y|.
``TOLERANCE`` times a number is 2 to 4 float spacings (ulps) of it: what rounding a position
costs, each coordinate rounding on its own. So a gap of a few ulps of the coordinates is a gap
wherever the shapes stand: near the origin a unit box's tolerance is about 4e-16, and at 1e15,
where floats are 0.125 apart, it is 0.44, so boxes 0.5 apart are apart. Boxes at x = 1e20,
where floats are 16384 apart, still overlap by 70 along y. SAT measures both shapes from A's
position (see :func:`sat`), so their offset, not their world vertices, carries the distance
between them."""

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

    a: Interval
    """Shape A's extent along the axis."""

    b: Interval
    """Shape B's extent along the axis."""

    overlap: float
    """How far B must move along the axis, the shorter way, to leave A's interval; negative
    is the gap between the intervals. It equals the length the intervals share unless one
    interval contains the other."""

    separating: bool
    """Whether the intervals are apart (a gap wider than the pair's tolerance, see
    TOLERANCE): then the shapes are too."""


class SatResult(NamedTuple):
    """The outcome of :func:`sat`: the verdict, the shortest way out, and every axis tested."""

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

    axes: tuple[AxisTest, ...]
    """Every AxisTest, in the order tested."""

    skipped: tuple[Candidate, ...]
    """The Candidate axes an early exit never tested (empty unless ``early_exit``)."""

    merged: int
    """How many edge normals were dropped for being parallel to one already listed."""

    @property
    def separating_axis(self) -> AxisTest | None:
        """The first AxisTest that separates, or None when the shapes collide."""
        return next((test for test in self.axes if test.separating), None)


def spread(pose: Pose) -> tuple[float, float]:
    """How far a placed shape reaches along x and along y: |x| and |y| of its position, each
    plus its reach (at least the largest |x| and |y| it reaches, at most twice them).

    >>> from collision import Box
    >>> spread(Box((1e20, -50), (110, 60))._placed())
    (1e+20, 160.0)
    """
    return abs(pose.x) + pose.reach, abs(pose.y) + pose.reach


def axis_tolerance(spread_a: tuple[float, float], spread_b: tuple[float, float], ax: float, ay: float) -> float:
    """How near zero a gap or depth along the unit axis (ax, ay) counts as touching for two
    shapes that reach as far as ``spread_a`` and ``spread_b`` (:func:`spread`): ``TOLERANCE``
    times the larger of |ax| sx and |ay| sy, sx being the larger reach along x and sy along y.
    Rounding a coordinate moves a projection by that rounding times the axis's share of it.

    >>> [f"{axis_tolerance((1e20, 110.0), (1e20, 160.0), *axis):.3g}" for axis in ((0.0, 1.0), (1.0, 0.0))]
    ['7.11e-14', '4.44e+04']
    """
    (a_x, a_y), (b_x, b_y) = spread_a, spread_b
    return TOLERANCE * max(abs(ax) * max(a_x, b_x), abs(ay) * max(a_y, b_y))


def named_axis(tests: Sequence[AxisTest]) -> int:
    """Which of ``tests`` (in the order tried) SAT's answer names, by its index: the first
    that separates, for one gap proves the shapes apart (the theorem); else the first of the
    least overlap, the shortest way out (Metanet section 1). :func:`collision.sat` makes the
    same choice as its axes come, stopping at the first gap.

    >>> from collision import Box, sat
    >>> named_axis(sat(Box((0, 0), (2, 1)), Box((3, 1.5), (2, 1))).axes)  # the least overlap, 0.5 along y
    1
    >>> named_axis(sat(Box((0, 0), (2, 1)), Box((5, 0), (2, 1), angle=0.1)).axes)  # a gap along x
    0
    """
    for index, test in enumerate(tests):
        if test.separating:
            # A gap on one axis is enough: a line through it parts the shapes.
            return index
    # Of equal overlaps, min() keeps the first: the axis tried first.
    return min(range(len(tests)), key=lambda index: tests[index].overlap)


def way_out(ax: Any, ay: Any, overlap: Any, forward: Any) -> tuple[Any, Any]:
    """The normal along the unit axis (ax, ay) that points the way B leaves A: the axis itself
    when :func:`~collision.projection.overlap` took the way forwards, past A's max (the overlap
    equals ``forward``, A's max less B's min), else the axis turned round. Given numpy arrays
    of axes, overlaps and forward ways (the fast paths), it answers row by row.

    >>> way_out(1.0, 0.0, 1.0, 1.0), way_out(1.0, 0.0, 1.0, 7.0)  # B past A's max, or past its min
    ((1.0, 0.0), (-1.0, -0.0))
    >>> [column.tolist() for column in way_out(np.ones(2), np.zeros(2), np.ones(2), np.array([1.0, 7.0]))]
    [[1.0, -1.0], [0.0, -0.0]]
    """
    try:
        if overlap == forward:
            return ax, ay
    except ValueError:
        # Arrays: numpy will not say whether a whole column went forwards. Row by row, then.
        forwards = overlap == forward
        return np.where(forwards, ax, -ax), np.where(forwards, ay, -ay)
    return -ax, -ay


def every_axis(
    pose_a: Pose, pose_b: Pose, candidates: Iterable[CandidateAxis], early_exit: bool
) -> tuple[tuple[AxisTest, ...], tuple[Candidate, ...], int]:
    """What :func:`sat`'s result lists for two placed shapes: an AxisTest for each of
    ``candidates`` (:func:`~collision.sat.candidate_axes`, in order), the Candidates an early
    exit leaves untried, and how many edge normals were merged away as parallel. Each axis is
    measured as the verdict measures it (the same extents, the same shift, the same rule), so
    its overlap is the verdict's to the last bit; its intervals are reported where they lie in
    the world, with the vertices at their ends, for a figure to draw.

    >>> from collision import Box
    >>> from collision.sat import candidate_axes
    >>> a, b = Box((0, 0), (1, 1))._placed(), Box((3, 0), (1, 1))._placed()
    >>> tests, skipped, merged = every_axis(a, b, candidate_axes(a, b), early_exit=True)
    >>> [(test.source, test.overlap, test.separating) for test in tests]
    [(AxisSource(shape='A', kind=<AxisKind.EDGE: 'edge'>, index=0), -1.0, True)]
    >>> [candidate.source.index for candidate in skipped], merged  # y untried; B's two normals merged
    ([1], 6)
    """
    candidates = list(candidates)
    # Both shapes' edge normals, less the edge axes kept: those merged with a parallel one.
    kept = sum(1 for candidate in candidates if candidate[2].kind is AxisKind.EDGE)
    merged = len(pose_a.normals) + len(pose_b.normals) - kept
    dx, dy = pose_b.x - pose_a.x, pose_b.y - pose_a.y
    tests = []
    for k, (ax, ay, source, a_min, a_max, b_min, b_max) in enumerate(candidates):
        # Where the shadows lie in the world: on a shape's own normal its local extent moved
        # out by position . axis, on any other axis its world vertices projected.
        world_a = interval(pose_a, ax, ay) if a_min is None else _moved(_own(pose_a, source), pose_a.x * ax + pose_a.y * ay)
        world_b = interval(pose_b, ax, ay) if b_min is None else _moved(_own(pose_b, source), pose_b.x * ax + pose_b.y * ay)
        # The overlap as the verdict takes it: from A's position, B's shadow moved along by the offset.
        if a_min is None:
            a_min, a_max = extent(pose_a, ax, ay)
        if b_min is None:
            b_min, b_max = extent(pose_b, ax, ay)
        shift = dx * ax + dy * ay
        depth = overlap(a_min, a_max, b_min + shift, b_max + shift)
        separating = depth < -axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
        tests.append(AxisTest(Vector(ax, ay), source, world_a, world_b, depth, separating))
        if separating and early_exit:
            # Out at the first gap: the axes after it are listed, never tried.
            skipped = tuple(Candidate(Vector(c[0], c[1]), c[2]) for c in candidates[k + 1 :])
            return tuple(tests), skipped, merged
    return tuple(tests), (), merged


def _own(pose: Pose, source: AxisSource) -> Interval:
    """A polygon's own Interval along the normal of edge ``source.index`` (Pose.extents)."""
    return pose.extents[pose.edges.index(source.index)]


def _moved(shadow: Interval, shift: float) -> Interval:
    """An Interval measured from a shape's position, moved out by position . axis: where it lies."""
    return Interval(shadow.min + shift, shadow.max + shift, shadow.min_index, shadow.max_index)
