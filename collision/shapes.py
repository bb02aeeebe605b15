"""Convex polygons, oriented boxes and circles, placed in the world by position and angle."""

from __future__ import annotations

import math
import numbers
import reprlib
from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ._validate import LIMIT, SMALLEST, finite_number, finite_pair, positive_number
from .axes import AxisSource, edge_source
from .errors import ShapeError
from .interval import Interval
from .vector import Bounds, Pair, PairLike, Vector

# tuple.__new__ skips a NamedTuple's Python-level __new__: a third of the cost on the hot path.
_new = tuple.__new__

MAX_SIDES = 1024
"""The most sides :func:`regular_polygon` makes (GPWiki's figures go to 570): enough to look
round, few enough that building and testing one stays well under a frame."""

MAX_VERTICES = 2 * MAX_SIDES
"""The most vertices a Polygon takes: enough for the Minkowski difference of two regular
polygons of MAX_SIDES sides. Making a polygon merges its parallel edges, in time growing as the
square of the count (2,048 vertices: about a quarter of a second)."""

PARALLEL = 1e-12
"""Two unit normals whose cross product is at most this are one axis (float noise, not geometry)."""

CandidateAxis = tuple[float, float, AxisSource, Any, Any, Any, Any]
"""An axis SAT tries, ``(ax, ay, source, a_min, a_max, b_min, b_max)``: the unit axis, where it
comes from, and each shape's extent along it where known already, else None (see Pose.as_a).
The ends are typed Any: a shape's two are None together, which a type cannot say, and sat()
fills both at once."""


def _vertex_pairs(vertices: Any) -> list[Pair]:
    """``vertices`` as a list of float pairs, each a real number within ±LIMIT, or ShapeError."""
    if isinstance(vertices, np.ndarray):
        if vertices.dtype.kind not in "iufO":
            raise ShapeError(f"polygon vertices must be numbers, got an array of {vertices.dtype}")
        if vertices.dtype.kind != "O" and vertices.ndim == 2 and vertices.shape[1] == 2:
            floats = vertices.astype(float)
            # The common case checked at once; anything amiss goes the slow way for its message.
            if np.isfinite(floats).all() and (np.abs(floats) <= LIMIT).all():
                return [tuple(pair) for pair in floats.tolist()]
    try:
        pairs = [tuple(vertex) for vertex in vertices]
    except TypeError:
        pairs = None
    if pairs is None or any(len(pair) != 2 for pair in pairs):
        raise ShapeError(
            f"polygon vertices must be a list of (x, y) pairs of numbers, got {reprlib.repr(vertices)}"
        )
    points = []
    for i, (x, y) in enumerate(pairs):
        # Plain floats in range pass at once (a nan fails the comparisons and goes on).
        if type(x) is float and type(y) is float and -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT:
            points.append((x, y))
            continue
        for value in (x, y):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
                raise ShapeError(f"polygon vertex {i} must be a pair of numbers, got {reprlib.repr((x, y))}")
        # Only a float can be nan or inf (an int can only be too large, which finite_number says).
        if any(not isinstance(v, numbers.Integral) and not math.isfinite(v) for v in (x, y)):
            raise ShapeError(f"polygon vertex {i} is ({_shown(x)}, {_shown(y)}): coordinates must be finite numbers")
        points.append((finite_number(x, f"polygon vertex {i} x"), finite_number(y, f"polygon vertex {i} y")))
    return points


def _shown(value: Any) -> Any:
    """A coordinate as a message shows it: a float, unless it is too large to be one."""
    try:
        return float(value)
    except OverflowError:
        return value


def _convex_ccw(vertices: Any) -> tuple[Pair, ...]:
    """Validate ``vertices`` as a convex polygon; return them counter-clockwise, as float pairs.

    Plain Python rather than numpy: for a handful of vertices numpy's per-call cost dominates.
    """
    points = _vertex_pairs(vertices)
    if len(points) > MAX_VERTICES:
        # Merging parallel edges takes time growing as the square of the count.
        raise ShapeError(f"polygon has {len(points)} vertices; give at most {MAX_VERTICES} (use a Circle for a round shape)")
    distinct = len(set(points))
    if distinct < 3:
        raise ShapeError(f"polygon needs at least 3 distinct vertices, got {distinct}")
    n = len(points)
    edges = [(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])]
    lengths = [math.hypot(ex, ey) for ex, ey in edges]
    for i, length in enumerate(lengths):
        if not length:
            raise ShapeError(f"polygon vertex {(i + 1) % n} repeats vertex {i}: remove the duplicate")
    # Twice the signed area (shoelace); its sign is the winding.
    area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
    xs, ys = zip(*points)
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    if span < SMALLEST:
        # Its area would underflow to zero, and every test below with it.
        raise ShapeError(f"polygon is {span:g} across: too small; keep sizes at least {SMALLEST:g}")
    if abs(area2) <= 1e-12 * span * span:
        (x0, y0), (x1, y1) = points[0], next(p for p in points if p != points[0])
        if all(abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) <= 1e-12 * span * span for x, y in points):
            raise ShapeError("polygon has zero area: its vertices lie on one line")
        # Not on one line, yet no area: lobes wound opposite ways cancel out, as in a bowtie.
        raise ShapeError("polygon crosses itself: list its vertices in order around the outline")
    winding = 1.0 if area2 > 0 else -1.0
    turning = 0.0
    for i in range(n):
        (ex, ey), (fx, fy) = edges[i], edges[(i + 1) % n]
        turn = winding * (ex * fy - ey * fx)
        ahead = ex * fx + ey * fy
        slack = 1e-12 * lengths[i] * lengths[(i + 1) % n]
        corner = (i + 1) % n
        if turn < -slack:
            raise ShapeError(
                f"polygon is not convex: it turns inwards at vertex {corner}; give the vertices of a convex shape"
            )
        if turn <= slack and ahead < 0:
            raise ShapeError(f"polygon doubles back on itself at vertex {corner}: remove that vertex")
        turning += math.atan2(turn, ahead)
    # Every turn goes the same way; a simple convex polygon turns round exactly once.
    if turning > 3 * math.pi:
        raise ShapeError("polygon crosses itself: list its vertices in order around the outline")
    if winding < 0:
        # Keep vertex 0 first so indices stay recognisable; reverse the rest.
        points = points[:1] + points[:0:-1]
    return tuple(points)


def _outward_normals(points: tuple[Pair, ...]) -> tuple[Pair, ...]:
    """Unit outward normals of a counter-clockwise polygon's edges, as float pairs."""
    normals = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        # Counter-clockwise winding puts the outside on the right of each edge.
        normals.append(((y1 - y0) / length, (x0 - x1) / length))
    return tuple(normals)


def _distinct_axes(normals: tuple[Pair, ...]) -> tuple[int, ...]:
    """Indices of the edges whose normals are not parallel to an earlier edge's normal."""
    kept: list[int] = []
    for i, (nx, ny) in enumerate(normals):
        if all(abs(nx * normals[k][1] - ny * normals[k][0]) > PARALLEL for k in kept):
            kept.append(i)
    return tuple(kept)


class Turn(NamedTuple):
    """A polygon's geometry at one angle, before it is moved: kept while only the position
    changes, as during a drag."""

    offsets: tuple[Pair, ...]
    """The turned local vertices, as (x, y) float pairs: world vertices less the position."""

    normals: tuple[Pair, ...]
    """The unit outward normal of every edge, as float pairs."""

    axes: tuple[Vector, ...]
    """The distinct normals (parallel ones merged), as Vectors."""

    halfwidths: tuple[Vector, ...]
    """A box's (xw, yw) Vectors; empty for any other polygon."""

    reach: float
    """The largest |x| or |y| among ``offsets``."""

    as_a: tuple[CandidateAxis, ...]
    """The polygon's SAT candidates as shape A (see Pose.as_a); they do not change as it moves."""

    as_b: tuple[CandidateAxis, ...]
    """The same as shape B."""


class Pose(NamedTuple):
    """A shape as placed in the world, in plain floats: what projection and SAT read. It never
    changes; moving or turning the shape makes a new one, so a report built later still sees
    the shape where it was. (The fields SAT reads on every call come first: they share the
    object's first bytes in memory.)"""

    box: tuple[float, ...]
    """A box's halfwidths as four floats (xx, xy, yx, yy); empty for any other shape."""

    radius: float
    """A circle's radius; 0.0 for a polygon."""

    x: float
    """The position's x: a circle's centre, a polygon's local origin in the world."""

    y: float
    """The position's y."""

    scale: float
    """|position| along x or y, whichever is larger, plus ``reach``: at least the largest |x|
    or |y| the shape reaches, at most twice it; what float rounding in its projections grows
    with (see :data:`collision.TOLERANCE`)."""

    axes: tuple[Vector, ...]
    """The distinct normals (parallel ones merged), as Vectors; empty for a circle."""

    as_a: tuple[CandidateAxis, ...]
    """The shape's own SAT candidates as shape A, ``(ax, ay, AxisSource, a_min, a_max,
    b_min, b_max)`` for each of ``axes``: its own extent there filled in from ``extents``
    (None for a box, whose extent is two products), the other shape's None until projected."""

    as_b: tuple[CandidateAxis, ...]
    """The same as shape B: ``(ax, ay, AxisSource, None, None, b_min, b_max)``."""

    offsets: tuple[Pair, ...]
    """The vertices less the position (the turned local vertices), as float pairs: the
    shape measured from its own position, where rounding grows with its size, not with how
    far out it lies. Empty for a circle."""

    reach: float
    """The largest |x| or |y| of ``offsets``, or a circle's radius: |x| + reach is at least
    the largest |x| the shape reaches and at most twice it (and so for y)."""

    points: tuple[Pair, ...]
    """World vertices, counter-clockwise, as (x, y) float pairs; empty for a circle."""

    normals: tuple[Pair, ...]
    """The unit outward normal of every edge, as float pairs; empty for a circle."""

    edges: tuple[int, ...]
    """For each of ``axes``, the index of the edge it is the normal of."""

    extents: tuple[Interval, ...]
    """A polygon's own Interval along each of ``axes``, measured from its position (see
    :func:`~collision.projection.extent`); empty for a box or a circle."""

    halfwidths: tuple[Vector, ...]
    """A box's (xw, yw) Vectors; empty for any other shape."""


def _points_interval(points: tuple[Pair, ...], ax: float, ay: float) -> Interval:
    """The Interval of the float pairs ``points`` along (ax, ay)."""
    dots = [x * ax + y * ay for x, y in points]
    low, high = min(dots), max(dots)
    return Interval(low, high, dots.index(low), dots.index(high))


def _area_centroid(points: tuple[Pair, ...]) -> Pair:
    """Centroid of the polygon's area (not of its vertices), as a float pair."""
    sum_x = sum_y = area6 = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        cross = x0 * y1 - x1 * y0
        sum_x += (x0 + x1) * cross
        sum_y += (y0 + y1) * cross
        area6 += 3.0 * cross
    return (sum_x / area6, sum_y / area6)


class Polygon:
    """A convex polygon given in local coordinates, placed by position and angle.

    The local vertices are turned by ``angle`` (radians, counter-clockwise) about the local
    origin, then moved by ``position``. Either winding is accepted; the vertices are stored
    counter-clockwise with vertex 0 kept first. With a ``radius`` (at least 0) the polygon is
    rounded: every point within the radius of the vertices' polygon, its *core*, as Box2D
    rounds a box; the vertices stay the core's.

    >>> square = Polygon([(0, 0), (2, 0), (2, 2), (0, 2)], position=(10, 5))
    >>> square.world_vertices()
    array([[10.,  5.],
           [12.,  5.],
           [12.,  7.],
           [10.,  7.]])
    >>> square.aabb()
    (10.0, 5.0, 12.0, 7.0)
    >>> square.centroid
    Vector(x=11.0, y=6.0)

    A clockwise triangle is stored counter-clockwise; three points on a line are no polygon:

    >>> Polygon([(0, 0), (0, 1), (1, 0)]).local_vertices
    array([[0., 0.],
           [1., 0.],
           [0., 1.]])
    >>> Polygon([(0, 0), (1, 1), (2, 2)])
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: polygon has zero area: its vertices lie on one line
    """

    # Slots: a shape is a handful of fields, read on every test; no per-shape dict to look through.
    __slots__ = (
        "_local",
        "_local_normals",
        "_axis_edges",
        "_sources_a",
        "_sources_b",
        "_local_extents",
        "_local_centroid",
        "_pose",
        "_turned",
        "_position",
        "_angle",
        "_radius",
        "_rounded",
    )

    def __init__(
        self, vertices: Iterable[PairLike] | NDArray[Any], position: PairLike = (0.0, 0.0), angle: float = 0.0, radius: float = 0.0
    ) -> None:
        self._local = _convex_ccw(vertices)
        # A rounded polygon is its core (these vertices) grown by the radius, as in Box2D; the
        # algorithms that read cores and radii are in collision.rounded.
        self._radius = finite_number(radius, "polygon radius")
        if self._radius < 0:
            raise ShapeError(f"polygon radius must be at least 0 (0 is no rounding), got {self._radius}")
        self._rounded = self._radius > 0
        self._local_normals = _outward_normals(self._local)
        self._axis_edges = _distinct_axes(self._local_normals)
        self._sources_a = tuple(edge_source("A", i) for i in self._axis_edges)
        self._sources_b = tuple(edge_source("B", i) for i in self._axis_edges)
        # The polygon's extent along each of its own distinct normals, in its own frame: turning
        # it turns the normals with it, so only a move changes these (by position . normal).
        self._local_extents = tuple(_points_interval(self._local, *self._local_normals[i]) for i in self._axis_edges)
        self._local_centroid = _area_centroid(self._local)
        # The shape's Pose and Turn, made when first asked for (see _placed).
        self._pose: Pose | None = None
        self._turned: Turn | None = None
        self.position = position
        self.angle = angle

    @property
    def position(self) -> Vector:
        """Where the local origin sits in the world, as a Vector; settable."""
        return self._position

    @position.setter
    def position(self, value: PairLike) -> None:
        self._position = _new(Vector, finite_pair(value, "position"))
        self._pose = None

    @property
    def angle(self) -> float:
        """Rotation about the local origin in radians, counter-clockwise; settable."""
        return self._angle

    @angle.setter
    def angle(self, value: float) -> None:
        self._angle = finite_number(value, "angle")
        self._pose = None
        self._turned = None

    @property
    def radius(self) -> float:
        """How far the shape reaches beyond its vertices (its core): 0 for a sharp polygon."""
        return self._radius

    @property
    def local_vertices(self) -> NDArray[np.float64]:
        """The vertices in local coordinates, counter-clockwise: float array (N, 2)."""
        return np.array(self._local)

    def _turn(self) -> Turn:
        """The Turn at the current angle."""
        c, s = math.cos(self._angle), math.sin(self._angle)
        normals = tuple([(c * x - s * y, s * x + c * y) for x, y in self._local_normals])
        offsets = tuple([(c * x - s * y, s * x + c * y) for x, y in self._local])
        axes = tuple([_new(Vector, normals[i]) for i in self._axis_edges])
        halfwidths = self._halfwidths(c, s)
        sources = zip(axes, self._sources_a, self._sources_b, self._local_extents)
        candidates: list[tuple[CandidateAxis, CandidateAxis]]
        if halfwidths:
            # A box's extent is two products on any axis: no interval is worth keeping.
            candidates = [((ax, ay, a, None, None, None, None), (ax, ay, b, None, None, None, None)) for (ax, ay), a, b, _ in sources]
        else:
            # Along one of its own normals a polygon's extent, measured from its position, is
            # its local extent: turning turns the normals with it (GPWiki's offset trick). SAT
            # then projects only the other shape there.
            candidates = [
                ((ax, ay, a, low, high, None, None), (ax, ay, b, None, None, low, high)) for (ax, ay), a, b, (low, high, _, _) in sources
            ]
        as_a, as_b = (tuple(column) for column in zip(*candidates))
        reach = max(max(abs(x), abs(y)) for x, y in offsets)
        return Turn(offsets, normals, axes, halfwidths, reach, as_a, as_b)

    def _placed(self) -> Pose:
        """The Pose at the current position and angle, cached: a scene asks many times a frame.
        A move keeps the turned geometry and only shifts it."""
        pose = self._pose
        if pose is not None:
            return pose
        turn = self._turned
        if turn is None:
            turn = self._turned = self._turn()
        px, py = self._position
        # The same sums as turning and moving at once, (c x - s y) + px, so the same floats.
        points = tuple([(x + px, y + py) for x, y in turn.offsets])
        halfwidths = turn.halfwidths
        if halfwidths:
            (xx, xy), (yx, yy) = halfwidths
            box: tuple[float, ...] = (xx, xy, yx, yy)
            extents: tuple[Interval, ...] = ()
        else:
            box, extents = (), self._local_extents
        reach = turn.reach
        scale = (px if px > 0.0 else -px) + reach
        scale_y = (py if py > 0.0 else -py) + reach
        pose = self._pose = _new(
            Pose,
            (
                box, 0.0, px, py, scale if scale > scale_y else scale_y, turn.axes, turn.as_a, turn.as_b, turn.offsets,
                reach, points, turn.normals, self._axis_edges, extents, halfwidths,
            ),
        )
        return pose

    def _halfwidths(self, c: float, s: float) -> tuple[Vector, ...]:
        """A box's turned halfwidth vectors; a general polygon has none."""
        return ()

    def world_vertices(self) -> NDArray[np.float64]:
        """The vertices in the world, counter-clockwise: float array (N, 2)."""
        return np.array(self._placed().points)

    def edges(self) -> NDArray[np.float64]:
        """Edge vectors in the world, edge i running from vertex i to vertex i + 1: array (N, 2)."""
        points = self.world_vertices()
        return np.roll(points, -1, axis=0) - points

    def normals(self) -> NDArray[np.float64]:
        """Unit outward normal of each edge in the world: float array (N, 2)."""
        return np.array(self._placed().normals)

    @property
    def centroid(self) -> Vector:
        """Centre of the polygon's area in the world, as a Vector."""
        x, y = self._local_centroid
        c, s = math.cos(self._angle), math.sin(self._angle)
        return Vector(c * x - s * y + self._position.x, s * x + c * y + self._position.y)

    def aabb(self) -> Bounds:
        """World bounds as ``(min_x, min_y, max_x, max_y)``, the order of shapely's ``bounds``
        (a rounded polygon's grown by its radius)."""
        xs, ys = zip(*self._placed().points)
        r = self._radius
        return (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)

    def __repr__(self) -> str:
        rounded = f", radius={self._radius}" if self._radius else ""
        return f"Polygon({[list(v) for v in self._local]}, position={tuple(self._position)}, angle={self._angle}{rounded})"


class Box(Polygon):
    """An oriented box: a Polygon whose corners keep their names.

    ``half_size`` is (hx, hy), half the width and half the height before turning. The corners
    are the GameDev.net tutorial's UL, UR, LR and LL (upper-left and so on, in the box's own
    frame); ``CORNERS`` gives their order among the vertices, which is counter-clockwise and
    starts so that the box's first two edge normals are its own x and y directions.

    >>> box = Box((0, 0), (2, 1))
    >>> box.corner("UL")
    Vector(x=-2.0, y=1.0)
    >>> box.xw, box.yw
    (Vector(x=2.0, y=0.0), Vector(x=0.0, y=1.0))
    >>> Box((0, 0), (2, 0))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: box half_size y must be greater than zero, got 0.0
    """

    CORNERS = ("LR", "UR", "UL", "LL")

    __slots__ = ("_half_size",)

    def __init__(self, center: PairLike, half_size: PairLike, angle: float = 0.0, radius: float = 0.0) -> None:
        hx, hy = finite_pair(half_size, "box half_size")
        positive_number(hx, "box half_size x")
        positive_number(hy, "box half_size y")
        self._half_size = Vector(hx, hy)
        super().__init__(((hx, -hy), (hx, hy), (-hx, hy), (-hx, -hy)), center, angle, radius)

    @property
    def half_size(self) -> Vector:
        """Half the width and half the height, (hx, hy), fixed when the box is made."""
        return self._half_size

    @property
    def center(self) -> Vector:
        """The box's centre in the world (the same as ``position``); settable."""
        return self.position

    @center.setter
    def center(self, value: PairLike) -> None:
        self.position = value

    @property
    def xw(self) -> Vector:
        """Halfwidth vector along the box's own x direction (Metanet's ``xw``)."""
        return self._placed().halfwidths[0]

    @property
    def yw(self) -> Vector:
        """Halfwidth vector along the box's own y direction (Metanet's ``yw``)."""
        return self._placed().halfwidths[1]

    def _halfwidths(self, c: float, s: float) -> tuple[Vector, ...]:
        hx, hy = self.half_size
        # 0.0 - x rather than -x: an unturned box's yw reads (0.0, hy), not (-0.0, hy).
        return (Vector(c * hx, s * hx), Vector(0.0 - s * hy, c * hy))

    def corner(self, name: str) -> Vector:
        """World position of the corner called ``name`` (one of ``CORNERS``)."""
        if name not in self.CORNERS:
            raise ShapeError(f"box corner must be one of {', '.join(self.CORNERS)}, got {name!r}")
        return Vector(*self._placed().points[self.CORNERS.index(name)])

    def __repr__(self) -> str:
        rounded = f", radius={self._radius}" if self._radius else ""
        return f"Box(center={tuple(self.position)}, half_size={tuple(self.half_size)}, angle={self.angle}{rounded})"


def regular_polygon(sides: int, radius: float, center: PairLike = (0.0, 0.0), angle: float = 0.0) -> Polygon:
    """A regular polygon with ``sides`` vertices on a circle of ``radius`` (GPWiki's CreateRegular).

    Vertex 0 lies on the local x axis, so ``angle`` turns the whole shape. At most
    :data:`MAX_SIDES` sides: beyond that a polygon is a circle to the eye, and the tests of
    its edges grow with the square of their number.

    >>> hexagon = regular_polygon(6, 10)
    >>> len(hexagon.world_vertices())
    6
    >>> regular_polygon(2, 10)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: a regular polygon needs a whole number of sides, at least 3; got 2
    >>> regular_polygon(10**7, 10)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: a regular polygon has at most 1024 sides; got 10000000 (use a Circle for a round shape)
    """
    if isinstance(sides, bool) or not isinstance(sides, (int, np.integer)) or sides < 3:
        raise ShapeError(f"a regular polygon needs a whole number of sides, at least 3; got {sides!r}")
    if sides > MAX_SIDES:
        raise ShapeError(f"a regular polygon has at most {MAX_SIDES} sides; got {sides} (use a Circle for a round shape)")
    radius = positive_number(radius, "regular polygon radius")
    step = 2 * math.pi / sides
    vertices = [(radius * math.cos(k * step), radius * math.sin(k * step)) for k in range(sides)]
    return Polygon(vertices, center, angle)


class Circle:
    """A circle with a ``center`` and a ``radius`` greater than zero, both settable.

    >>> Circle((1, 2), 3).aabb()
    (-2.0, -1.0, 4.0, 5.0)
    >>> Circle((0, 0), 0)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: circle radius must be greater than zero, got 0.0
    """

    __slots__ = ("_center", "_radius", "_pose")

    _pose: Pose | None

    _rounded = False
    """A circle's own algorithms handle its radius (see collision.rounded)."""

    def __init__(self, center: PairLike, radius: float) -> None:
        self.center = center
        self.radius = radius

    @property
    def center(self) -> Vector:
        """The centre in the world, as a Vector."""
        return self._center

    @center.setter
    def center(self, value: PairLike) -> None:
        self._center = _new(Vector, finite_pair(value, "circle center"))
        self._pose = None

    @property
    def position(self) -> Vector:
        """The same as ``center``, so that every shape is moved the same way."""
        return self._center

    @position.setter
    def position(self, value: PairLike) -> None:
        self.center = value

    @property
    def radius(self) -> float:
        """The radius, greater than zero."""
        return self._radius

    @radius.setter
    def radius(self, value: float) -> None:
        self._radius = positive_number(value, "circle radius")
        self._pose = None

    def _placed(self) -> Pose:
        """The circle's Pose, cached until it moves or its radius changes."""
        pose = self._pose
        if pose is None:
            (x, y), radius = self._center, self._radius
            scale = max(abs(x), abs(y)) + radius
            pose = self._pose = _new(Pose, ((), radius, x, y, scale, (), (), (), (), radius, (), (), (), (), ()))
        return pose

    def aabb(self) -> Bounds:
        """World bounds as ``(min_x, min_y, max_x, max_y)``."""
        (x, y), r = self._center, self._radius
        return (x - r, y - r, x + r, y + r)

    def __repr__(self) -> str:
        return f"Circle(center={tuple(self._center)}, radius={self._radius})"
