"""SAT's verdict: how near zero a gap counts, which axis the answer names, and the answer.

:data:`TOLERANCE` and :func:`axis_tolerance` say when a gap or a depth is zero within float
rounding. :func:`named_axis` is the one choice of axis (the first gap, else the least
overlap) and :func:`way_out` the one way the normal points (the way B leaves A), for
:func:`collision.sat`, :func:`~collision.tiles.sat_tile`, the rounded shapes' SAT and
:func:`~collision.fast.batch.sat_many` alike. :class:`AxisTest`, :class:`Candidate` and
:class:`SatResult` are what they answer. All of it sits below every module that tests or
reports an overlap, so that none of those has to import another to share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple, cast

import numpy as np

from .axes import AxisSource
from .interval import Interval
from .shapes import Pose
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


class SatResult:
    """The outcome of :func:`sat`.

    It reads as the NamedTuple it was: fields by name, unpacking and indexing in the order of
    ``_fields``, equality field by field, ``_replace`` and ``_asdict``. ``axes`` and
    ``skipped`` (and ``merged``) are built on first access, from the shapes as they were when
    ``sat()`` ran: the verdict needs only the axes up to the first gap, the report needs them all.
    """

    __slots__ = {
        "colliding": "The shapes overlap or touch: no tested axis separates them.",
        "touching": "Colliding with a depth of zero, within the pair's tolerance (see TOLERANCE).",
        "normal": "Unit axis pointing from A towards B: the MTV's direction, or when separated the "
        "first separating axis.",
        "depth": "How far B must move to leave A (0 when separated or touching).",
        "_axes": "The AxisTests, once built.",
        "_skipped": "The skipped Candidates, once built.",
        "_merged": "How many edge normals were merged away, once counted.",
        "_mtv": "The MTV, once made (sat() leaves it to the first reader).",
        "_pending": "What builds the report: (build, *arguments), build(*arguments) giving (axes, skipped, "
        "merged); None once built.",
    }

    colliding: bool
    touching: bool
    normal: Vector
    depth: float
    _axes: tuple[AxisTest, ...]
    _skipped: tuple[Candidate, ...]
    _merged: int
    _mtv: Vector | None
    _pending: tuple[Any, ...] | None

    _fields = ("colliding", "touching", "normal", "depth", "mtv", "axes", "skipped", "merged")

    def __init__(
        self, colliding: bool, touching: bool, normal: Vector, depth: float, mtv: Vector | None, axes: Iterable[AxisTest],
        skipped: Iterable[Candidate], merged: int,
    ) -> None:
        self.colliding, self.touching, self.normal, self.depth, self._mtv = colliding, touching, normal, depth, mtv
        self._axes, self._skipped, self._merged, self._pending = tuple(axes), tuple(skipped), merged, None

    @property
    def mtv(self) -> Vector:
        """``normal * depth``: the shortest translation that moves B out of A."""
        if self._mtv is None:
            normal, depth = self.normal, self.depth
            mtv: Vector = _new(Vector, (normal[0] * depth, normal[1] * depth))
            self._mtv = mtv
            return mtv
        return self._mtv

    @property
    def axes(self) -> tuple[AxisTest, ...]:
        """Every AxisTest, in the order tested."""
        if self._pending is not None:
            self._build()
        return self._axes

    @property
    def skipped(self) -> tuple[Candidate, ...]:
        """The Candidate axes an early exit never tested (empty unless ``early_exit``)."""
        if self._pending is not None:
            self._build()
        return self._skipped

    @property
    def merged(self) -> int:
        """How many edge normals were dropped for being parallel to one already listed."""
        if self._pending is not None:
            self._build()
        return self._merged

    def _build(self) -> None:
        # Called only while a report is pending (each reader asks first).
        build, *arguments = cast("tuple[Any, ...]", self._pending)
        self._axes, self._skipped, self._merged = build(*arguments)
        self._pending = None

    @property
    def separating_axis(self) -> AxisTest | None:
        """The first AxisTest that separates, or None when the shapes collide."""
        return next((test for test in self.axes if test.separating), None)

    def __iter__(self) -> Iterator[Any]:
        return iter((self.colliding, self.touching, self.normal, self.depth, self.mtv, self.axes, self.skipped, self.merged))

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, index: int | slice) -> Any:
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SatResult, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return "SatResult(" + ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self)) + ")"

    def __reduce__(self) -> tuple[type[SatResult], tuple[Any, ...]]:
        return SatResult, tuple(self)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self))

    def _replace(self, **changes: Any) -> SatResult:
        return SatResult(**{**self._asdict(), **changes})


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
