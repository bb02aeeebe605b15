"""``collision.sat``: :func:`collision.sat.sat` with its speed tricks, the same answer to the last bit.

Read collision/sat.py first: this is that function again, written to cost no more than a
tight loop of plain Python (issues 20 and 36; benchmarks/many_pairs.py measures it):

- each shape's Pose is read from its cache (``a._pose``), placed again only after it moved;
- one tolerance serves every axis, ``TOLERANCE`` times the larger shape's scale, which no
  axis's own exceeds: an axis's own (:func:`~collision.verdict.axis_tolerance`) is worked out
  only for a gap or a depth within that of zero;
- NamedTuples are made with ``tuple.__new__``, which skips their Python-level ``__new__``;
- the overlap rule (:func:`~collision.projection.overlap`) is written out, a call saved on
  every axis; for two polygons, so are :func:`~collision.sat.candidate_axes` (no generator)
  and :func:`~collision.projection.extent` (a box's two products, a polygon's vertex loop);
- the MTV is made when read, and the report of every axis when first read
  (:class:`LazySatResult`): the verdict needs the axes up to the first gap, the report needs
  them all, with their intervals in the world, at three to four times the verdict's cost.

Under a tracer (a scene's Code view, a debugger) it runs the readable sat() instead, so that
what is traced or stepped through is the function a lesson shows; ``__wrapped__`` names it,
as a decorator's wrapper names the function it wraps. tests/core/test_sat_kernel.py holds
every field of the two results to each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import update_wrapper
from sys import gettrace
from typing import Any, Generic, TypeVar, cast, overload

from .. import rounded
from ..axes import AxisKind
from ..capsule import Capsule
from ..errors import ShapeError
from ..interval import Interval
from ..projection import extent, interval, overlap
from ..sat import candidate_axes
from ..sat import sat as readable_sat
from ..shapes import PARALLEL, Circle, Polygon, Pose
from ..vector import Vector
from ..verdict import TOLERANCE, AxisTest, Candidate, SatResult, _own, axis_tolerance, spread, way_out

# tuple.__new__ skips a NamedTuple's Python-level __new__: a third of the cost on the hot path.
_new = tuple.__new__

Made = TypeVar("Made")


def sat(a: Polygon | Circle | Capsule, b: Polygon | Circle | Capsule, early_exit: bool = False) -> SatResult:
    # collision.sat.sat's verdict from the same floats, its report made when read; its
    # docstring is that function's (update_wrapper below), examples and all.
    if gettrace() is not None:
        # Traced (a Code view, a debugger): the readable sat(), whose lines the tracer shows.
        return readable_sat(a, b, early_exit)
    try:
        pose_a, pose_b = a._pose or a._placed(), b._pose or b._placed()
    except AttributeError:
        raise ShapeError(f"expected a Polygon, Box or Circle, got {type(b if hasattr(a, '_placed') else a).__name__}") from None
    if a._rounded or b._rounded:
        return rounded.sat(a, b, early_exit)
    if not (pose_a.axes and pose_b.axes):
        # A circle: the polygon's axes and the circle's, or the line between two centres.
        return _with_circle(pose_a, pose_b, early_exit)
    # Two polygons: candidate_axes() and extent() written into the loop. A's own axes, then
    # B's not parallel to one of A's; each shadow not known already cast here (a box's as two
    # products, any other polygon's vertex by vertex), in the same sums.
    dx, dy = pose_b.x - pose_a.x, pose_b.y - pose_a.y
    scale_a, scale_b = pose_a.scale, pose_b.scale
    most = TOLERANCE * (scale_a if scale_a > scale_b else scale_b)
    gap = near = -most
    least = math.inf
    box_a, box_b, own_a = pose_a.box, pose_b.box, pose_a.as_a
    low_parallel, high_parallel = -PARALLEL, PARALLEL
    chosen = None
    for candidates, theirs in ((own_a, False), (pose_b.as_b, True)):
        for ax, ay, _, a_min, a_max, b_min, b_max in candidates:
            if theirs:
                # candidate_axes(): one of B's parallel to one of A's is a line tried already.
                parallel = False
                # A's axes read from its candidates, already in the cache, not from pose.axes.
                for qx, qy, _, _, _, _, _ in own_a:
                    if low_parallel <= qx * ay - qy * ax <= high_parallel:
                        parallel = True
                        break
                if parallel:
                    continue
            if a_min is None:
                if box_a:
                    xx, xy, yx, yy = box_a
                    ex, ey = xx * ax + xy * ay, yx * ax + yy * ay
                    reach = (ex if ex > 0.0 else -ex) + (ey if ey > 0.0 else -ey)
                    a_min, a_max = -reach, reach
                else:
                    # extent() of a polygon: each vertex's dot product, the least and the most kept.
                    vertices = iter(pose_a.offsets)
                    x, y = next(vertices)
                    a_min = a_max = x * ax + y * ay
                    for x, y in vertices:
                        dot = x * ax + y * ay
                        if dot < a_min:
                            a_min = dot
                        elif dot > a_max:
                            a_max = dot
            if b_min is None:
                if box_b:
                    xx, xy, yx, yy = box_b
                    ex, ey = xx * ax + xy * ay, yx * ax + yy * ay
                    reach = (ex if ex > 0.0 else -ex) + (ey if ey > 0.0 else -ey)
                    b_min, b_max = -reach, reach
                else:
                    # extent() of a polygon: each vertex's dot product, the least and the most kept.
                    vertices = iter(pose_b.offsets)
                    x, y = next(vertices)
                    b_min = b_max = x * ax + y * ay
                    for x, y in vertices:
                        dot = x * ax + y * ay
                        if dot < b_min:
                            b_min = dot
                        elif dot > b_max:
                            b_max = dot
            shift = dx * ax + dy * ay
            # projection.overlap() written out, as in _with_circle.
            forward, backward = a_max - (b_min + shift), (b_max + shift) - a_min
            depth = forward if forward <= backward else backward
            if near <= depth < 0.0:
                gap = -axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
            if depth < gap:
                normal = _new(Vector, way_out(ax, ay, depth, forward))
                return _new(LazySatResult, (False, False, normal, 0.0, pose_a, pose_b, early_exit, None))
            if depth < least:
                least, chosen = depth, (ax, ay, depth, forward)
    ax, ay, depth, forward = cast("tuple[float, float, float, float]", chosen)  # a polygon has an axis
    normal = _new(Vector, way_out(ax, ay, depth, forward))
    depth = least if least > 0.0 else 0.0
    touching = depth <= most and depth <= axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
    return _new(LazySatResult, (True, touching, normal, depth, pose_a, pose_b, early_exit, None))


def _with_circle(pose_a: Pose, pose_b: Pose, early_exit: bool) -> SatResult:
    """sat()'s loop when a shape is a circle, on candidate_axes()."""
    dx, dy = pose_b.x - pose_a.x, pose_b.y - pose_a.y
    # No axis's tolerance exceeds TOLERANCE times the larger shape's scale: a gap wider than
    # that separates on any axis; a narrower one, on an axis whose own tolerance it exceeds.
    scale_a, scale_b = pose_a.scale, pose_b.scale
    most = TOLERANCE * (scale_a if scale_a > scale_b else scale_b)
    gap = near = -most
    least, separated = math.inf, False
    for ax, ay, _, a_min, a_max, b_min, b_max in candidate_axes(pose_a, pose_b):
        if a_min is None:
            a_min, a_max = extent(pose_a, ax, ay)
        if b_min is None:
            b_min, b_max = extent(pose_b, ax, ay)
        shift = dx * ax + dy * ay
        # projection.overlap() written out, a call saved on every axis: B leaves A forwards past
        # A's max or backwards past its min, whichever is shorter.
        forward, backward = a_max - (b_min + shift), (b_max + shift) - a_min
        depth = forward if forward <= backward else backward
        if near <= depth < 0.0:
            # Near zero this axis's own tolerance decides.
            gap = -axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
        if depth < gap:
            separated, chosen = True, (ax, ay, depth, forward)
            break
        if depth < least:
            least, chosen = depth, (ax, ay, depth, forward)
    ax, ay, depth, forward = chosen
    normal = _new(Vector, way_out(ax, ay, depth, forward))
    if separated:
        return _new(LazySatResult, (False, False, normal, 0.0, pose_a, pose_b, early_exit, None))
    depth = least if least > 0.0 else 0.0
    touching = depth <= most and depth <= axis_tolerance(spread(pose_a), spread(pose_b), ax, ay)
    return _new(LazySatResult, (True, touching, normal, depth, pose_a, pose_b, early_exit, None))


# help(collision.sat) reads the readable one's docstring, and __wrapped__ names it.
update_wrapper(sat, readable_sat, assigned=("__doc__",), updated=())


Report = tuple[tuple[AxisTest, ...], tuple[Candidate, ...], int]
"""What :func:`~collision.verdict.every_axis` gives: the axes, the skipped and the merged count."""


def _every_axis(pose_a: Pose, pose_b: Pose, early_exit: bool) -> Report:
    """:func:`~collision.verdict.every_axis` of :func:`~collision.sat.candidate_axes`, its
    NamedTuples made with tuple.__new__: the same tests (through every_axis's own
    constructors, reading ``.axes`` took 6-7% longer than before sat() had a readable twin)."""
    candidates = list(candidate_axes(pose_a, pose_b))
    kept = sum(1 for candidate in candidates if candidate[2].kind is AxisKind.EDGE)
    merged = len(pose_a.normals) + len(pose_b.normals) - kept
    (ox, oy), (bx, by) = (pose_a.x, pose_a.y), (pose_b.x, pose_b.y)
    dx, dy = bx - ox, by - oy
    spread_a, spread_b = spread(pose_a), spread(pose_b)
    tests = []
    for k, (ax, ay, source, a_min, a_max, b_min, b_max) in enumerate(candidates):
        world_a = interval(pose_a, ax, ay) if a_min is None else _moved(_own(pose_a, source), ox * ax + oy * ay)
        world_b = interval(pose_b, ax, ay) if b_min is None else _moved(_own(pose_b, source), bx * ax + by * ay)
        if a_min is None:
            a_min, a_max = extent(pose_a, ax, ay)
        if b_min is None:
            b_min, b_max = extent(pose_b, ax, ay)
        shift = dx * ax + dy * ay
        depth = overlap(a_min, a_max, b_min + shift, b_max + shift)
        separating = depth < -axis_tolerance(spread_a, spread_b, ax, ay)
        tests.append(_new(AxisTest, (_new(Vector, (ax, ay)), source, world_a, world_b, depth, separating)))
        if separating and early_exit:
            skipped = tuple([_new(Candidate, (_new(Vector, (c[0], c[1])), c[2])) for c in candidates[k + 1 :]])
            return tuple(tests), skipped, merged
    return tuple(tests), (), merged


def _moved(shadow: Interval, shift: float) -> Interval:
    """verdict._moved, made with tuple.__new__."""
    moved: Interval = _new(Interval, (shadow.min + shift, shadow.max + shift, shadow.min_index, shadow.max_index))
    return moved


class _WhenRead(Generic[Made]):
    """A field of a :class:`LazySatResult` made by ``make(result)`` when first read, then kept
    in the result's own dict, where later reads find it before this (which has no __set__).
    functools.cached_property does the same, but in Python 3.11 takes a lock at a first read
    that costs a microsecond."""

    def __init__(self, make: Callable[[LazySatResult], Made]) -> None:
        self.make, self.name = make, make.__name__

    @overload
    def __get__(self, result: None, owner: type[Any] | None = None) -> _WhenRead[Made]: ...
    @overload
    def __get__(self, result: LazySatResult, owner: type[Any] | None = None) -> Made: ...

    def __get__(self, result: LazySatResult | None, owner: type[Any] | None = None) -> Made | _WhenRead[Made]:
        if result is None:
            return self
        made = result.__dict__[self.name] = self.make(result)
        return made


class LazySatResult(SatResult):
    """The kernel's SatResult: its MTV is made when read, and its report when first read.

    Its tuple holds the verdict and then what the report is made from, ``(colliding,
    touching, normal, depth, pose_a, pose_b, early_exit, None)``; the poses are the shapes as
    they were tested, so a report read after they moved is still theirs. Read as a SatResult
    (by field, iteration, indexing, ``==``, hash, repr, pickling, ``_asdict``, ``_replace``,
    ``in``, ``count``, ``index``) it is read as the whole SatResult it stands for, made once
    (``_whole``); ordering and ``+`` would read the tuple beneath, and a SatResult is not read so.
    """

    @property
    def mtv(self) -> Vector:
        # Made again at each read: two products cost less than keeping them in a dict.
        normal, depth = self.normal, self.depth
        mtv: Vector = _new(Vector, (normal[0] * depth, normal[1] * depth))
        return mtv

    @_WhenRead
    def _report(self) -> Report:
        pose_a, pose_b, early_exit = cast("tuple[Pose, Pose, bool]", tuple.__getitem__(self, slice(4, 7)))
        return _every_axis(pose_a, pose_b, early_exit)

    @_WhenRead
    def axes(self) -> tuple[AxisTest, ...]:
        return self._report[0]

    @_WhenRead
    def skipped(self) -> tuple[Candidate, ...]:
        return self._report[1]

    @_WhenRead
    def merged(self) -> int:
        return self._report[2]

    @_WhenRead
    def _whole(self) -> SatResult:
        return SatResult(self.colliding, self.touching, self.normal, self.depth, self.mtv, self.axes, self.skipped, self.merged)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._whole)

    def __getitem__(self, index: Any) -> Any:
        return self._whole[index]

    def __contains__(self, value: object) -> bool:
        return value in self._whole

    def count(self, value: Any) -> int:
        return self._whole.count(value)

    def index(self, value: Any, *bounds: Any) -> int:
        return self._whole.index(value, *bounds)

    def __eq__(self, other: object) -> bool:
        return self._whole == other

    def __ne__(self, other: object) -> bool:
        return self._whole != other

    def __hash__(self) -> int:
        return hash(self._whole)

    def __repr__(self) -> str:
        return repr(self._whole)

    def __reduce__(self) -> tuple[type[SatResult], tuple[Any, ...]]:
        return SatResult, tuple(self._whole)

    # Its keywords are SatResult's fields, as the NamedTuple's own _replace's; mypy would have them spelled out.
    def _replace(self, **changes: Any) -> SatResult:  # type: ignore[override]
        return self._whole._replace(**changes)
