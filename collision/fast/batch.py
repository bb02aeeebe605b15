"""The narrow phase in bulk: the Separating Axis Theorem over many polygon pairs at once.

:func:`sat_many` answers what :func:`~collision.sat` answers, row by row, for arrays of world
vertices, without the per-axis report: whether each pair collides, how deep, and the MTV.
:func:`box_vertices` turns centres, half sizes and angles into the vertex arrays it takes.

A fast path of :func:`collision.sat`: the same axes, the same overlap rule
(:func:`collision.projection.overlap` itself, given whole columns of interval ends) and the
same choice of axis; ``tests/core/test_sat_many.py`` holds it to ``sat()`` row by row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, NoReturn, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import LIMIT
from ..errors import ShapeError
from ..projection import overlap
from ..verdict import TOLERANCE, way_out
from .box_rows import Array, BoxPairs, Rectangles, carve, rectangles

_BLOCK = 5000
"""Rows tested at most at once: the temporary arrays of a block stay in the cache, and a
block is still large enough that numpy's per-call cost does not show. The box test's arrays
(71 floats a row, 2.8 MB here) must also stay small enough for the allocator to hand back
memory the process already has: at 7,693 rows a block (4.4 MB) every call at 100,000 rows
mapped in about a thousand fresh pages and took 19 ms instead of 14.6."""


Polygons = tuple[list[Array], list[Array]]
"""Rows of polygons as the x and the y of each vertex number across the rows (see _columns)."""

Answers = tuple[NDArray[np.bool_], Array, Array, Array, Array]
"""Where a block writes its rows' answers: colliding, normal x and y, depth, and tolerance."""


class SatMany(NamedTuple):
    """The outcome of :func:`sat_many`, one entry per row: ``sat()``'s answers as arrays."""

    colliding: np.ndarray
    """bool (N,): the shapes overlap or touch."""

    touching: np.ndarray
    """bool (N,): colliding with a depth of zero, within the pair's tolerance (see
    :data:`collision.TOLERANCE`: relative to the pair's largest coordinate)."""

    depth: np.ndarray
    """float (N,): how far B must move to leave A (0 when separated or touching)."""

    normal: np.ndarray
    """float (N, 2): unit axis from A towards B, the MTV's direction; when separated, the
    first separating axis."""

    mtv: np.ndarray
    """float (N, 2): ``normal * depth``, the shortest translation that moves B out of A."""


def _vertex_array(vertices: ArrayLike, label: str) -> Array:
    """``vertices`` as a float array (N, K, 2), or ShapeError saying what to fix."""
    raw = _asarray(vertices, label)
    # Bools, strings and ints too large for a float (object arrays) are not coordinates.
    if raw.dtype.kind not in "iuf":
        raise ShapeError(f"{label} must be an array of numbers, got {raw.dtype}: convert it to floats")
    if raw.ndim != 3 or raw.shape[2] != 2 or raw.shape[1] < 3:
        raise ShapeError(
            f"{label} must have shape (N, K, 2): N polygons of K >= 3 (x, y) vertices; got {raw.shape}"
        )
    _check_range(raw, label)
    # Whether every coordinate is finite is asked block by block, where the block's rows are
    # read anyway (_check_finite): a pass over all of them first would read them twice.
    return raw.astype(float, copy=False)


def _check_finite(points: Array, label: str, offset: int) -> None:
    """ShapeError unless every coordinate of ``points``, rows ``offset`` onwards, is finite."""
    # One sum is finite when every coordinate is (or, rarely, it overflows: then look closer).
    if not np.isfinite(points.sum()):
        finite = np.isfinite(points).all(axis=(1, 2))
        if not finite.all():
            raise ShapeError(f"{label} row {offset + int(np.flatnonzero(~finite)[0])} has a coordinate that is not finite")


def _columns(points: Array) -> Polygons:
    """The x and y coordinates of each vertex number across all rows: two lists of K
    arrays (N,), views into ``points``."""
    return [points[:, k, 0] for k in range(points.shape[1])], [points[:, k, 1] for k in range(points.shape[1])]


def _unit_normal(ex: Array, ey: Array) -> tuple[Array, Array]:
    """The outward unit normal of edges (ex, ey) of counter-clockwise polygons: their right."""
    squared = ex * ex + ey * ey
    # One square root and one division, unless the squares overflow: then hypot's slower care.
    scale = 1.0 / (np.sqrt(squared) if np.isfinite(squared).all() else np.hypot(ex, ey))
    # 0.0 - ex, not -ex: an unturned edge's normal reads (1.0, 0.0) as sat()'s does, not -0.0.
    return ey * scale, (0.0 - ex) * scale


def _check_convex(xs: list[Array], ys: list[Array], label: str, offset: int) -> None:
    """ShapeError unless every row is a convex polygon listed counter-clockwise."""
    count = len(xs)
    edges = [(xs[(k + 1) % count] - xs[k], ys[(k + 1) % count] - ys[k]) for k in range(count)]
    lengths = [np.hypot(ex, ey) for ex, ey in edges]
    area: Any = 0.0  # a column once the first turn is added
    for k, ((ex, ey), length) in enumerate(zip(edges, lengths)):
        if (length == 0).any():
            row = offset + int(np.flatnonzero(length == 0)[0])
            raise ShapeError(f"{label} row {row}: vertex {(k + 1) % count} repeats vertex {k}; remove it")
        (fx, fy), next_length = edges[(k + 1) % count], lengths[(k + 1) % count]
        turn = ex * fy - ey * fx
        area = area + turn
        # A turn the wrong way beyond float noise: a clockwise or a non-convex row.
        if (turn < -1e-12 * length * next_length).any():
            _not_convex(turn < -1e-12 * length * next_length, label, offset)
    if (area <= 0).any():
        _not_convex(area <= 0, label, offset)


def _not_convex(bad: NDArray[np.bool_], label: str, offset: int) -> NoReturn:
    raise ShapeError(
        f"{label} row {offset + int(np.flatnonzero(bad)[0])} is not a convex polygon listed counter-clockwise; "
        "give the vertices of a convex shape in counter-clockwise order"
    )


def _shapes(points: Array, label: str, offset: int) -> Rectangles | Polygons:
    """Rows of ``points`` as Rectangles when they all are, else as vertex columns; ShapeError
    unless every row is a convex polygon listed counter-clockwise. ``offset`` is the first
    row's number, for the message."""
    _check_finite(points, label, offset)
    xs, ys = _columns(points)
    boxes = rectangles(xs, ys)
    if boxes is not None:
        return boxes
    _check_convex(xs, ys, label, offset)
    return xs, ys


def _polygon_axes(xs: list[Array], ys: list[Array]) -> Iterator[tuple[Array, Array]]:
    count = len(xs)
    for k in range(count):
        yield _unit_normal(xs[(k + 1) % count] - xs[k], ys[(k + 1) % count] - ys[k])


def _polygon_shadow(xs: list[Array], ys: list[Array], nx: Array, ny: Array) -> tuple[Array, Array]:
    low = high = xs[0] * nx + ys[0] * ny
    for x, y in zip(xs[1:], ys[1:]):
        dot = x * nx + y * ny
        low = np.minimum(low, dot)
        high = np.maximum(high, dot)
    return low, high


def _rectangle_axes(box: Rectangles) -> list[tuple[Array, Array]]:
    return [(box.nx, box.ny), (-box.ny, box.nx)]


def _rectangle_shadow(box: Rectangles, nx: Array, ny: Array) -> tuple[Array, Array]:
    middle = box.cx * nx + box.cy * ny
    # Edge 0 runs along the second axis, edge 1 against the first.
    reach = box.half_u * np.abs(ny * box.nx - nx * box.ny) + box.half_v * np.abs(nx * box.nx + ny * box.ny)
    return middle - reach, middle + reach


class _Circles:
    """Rows of circles: centres and radii. A circle brings no edge axes of its own."""

    def __init__(self, cx: Array, cy: Array, radius: Array) -> None:
        self.cx, self.cy, self.radius = cx, cy, radius


Rows = Rectangles | _Circles | Polygons
"""Rows of shapes of one kind, as the general test reads them."""


def _vertex_axes(polygons: Polygons, circles: _Circles) -> tuple[Array, Array, NDArray[np.bool_]]:
    """For each row, the axis from the polygon's vertex whose Voronoi region holds the
    circle's centre (the first, as voronoi.vertex_region finds it), and where there is no
    such vertex: a placeholder axis and False."""
    xs, ys = polygons
    count = len(xs)
    region = np.full(len(xs[0]), -1)
    # Last to first, so that the first vertex whose region holds the centre is the one kept.
    for i in range(count - 1, -1, -1):
        x, y = xs[i], ys[i]
        dx, dy = circles.cx - x, circles.cy - y
        # Past the end of the edge that arrives here, and short of the start of the edge that leaves.
        past = dx * (x - xs[i - 1]) + dy * (y - ys[i - 1]) > 0
        short = dx * (xs[(i + 1) % count] - x) + dy * (ys[(i + 1) % count] - y) < 0
        region[past & short] = i
    found = region >= 0
    vertex = np.where(found, region, 0)
    ax, ay = circles.cx - _pick(vertex, xs), circles.cy - _pick(vertex, ys)
    length = np.where(found, np.hypot(ax, ay), 1.0)
    return np.where(found, ax / length, 1.0), np.where(found, ay / length, 0.0), found


def _scale(shape: Rows) -> Array:
    """Per row, what float rounding in the shape's projections grows with: its largest |x| or
    |y| (for a box, an estimate within a factor of two, as sat() takes it)."""
    if isinstance(shape, Rectangles):
        return np.sqrt(shape.scale2)
    if isinstance(shape, _Circles):
        return np.maximum(np.abs(shape.cx), np.abs(shape.cy)) + shape.radius
    xs, ys = shape
    largest = np.abs(xs[0])
    for column in xs[1:] + ys:
        largest = np.maximum(largest, np.abs(column))
    return largest


def _axes(shape: Rectangles | Polygons) -> list[tuple[Array, Array]]:
    if isinstance(shape, Rectangles):
        return _rectangle_axes(shape)
    return list(_polygon_axes(*shape))


def _shadow(shape: Rows, nx: Array, ny: Array) -> tuple[Array, Array]:
    if isinstance(shape, Rectangles):
        return _rectangle_shadow(shape, nx, ny)
    if isinstance(shape, _Circles):
        middle = shape.cx * nx + shape.cy * ny
        return middle - shape.radius, middle + shape.radius
    return _polygon_shadow(*shape, nx, ny)


def _general(a: Rectangles | Polygons, b: Rows) -> tuple[list[Array], list[tuple[Array, Array]], list[Array]]:
    """The overlap on each edge normal of two rows of polygons, the normals, and on each the
    way forwards, A's max less B's min (the way out is forwards where the overlap equals it:
    :func:`collision.verdict.way_out`)."""
    axes = _axes(a)
    found = None
    if isinstance(b, _Circles):
        # A circle's one axis, from the polygon's nearest vertex, only in that vertex's region.
        # Circles meet rows of polygons only (sat_many_circles), never Rectangles.
        vertex_x, vertex_y, found = _vertex_axes(cast(Polygons, a), b)
        axes.append((vertex_x, vertex_y))
    else:
        axes += _axes(b)
    overlaps, forwards = [], []
    for nx, ny in axes:
        a_min, a_max = _shadow(a, nx, ny)
        b_min, b_max = _shadow(b, nx, ny)
        overlaps.append(overlap(a_min, a_max, b_min, b_max))
        forwards.append(a_max - b_min)
    if found is not None:
        # Where the centre is in no vertex's region there is no vertex axis: it never counts.
        overlaps[-1] = np.where(found, overlaps[-1], np.inf)
    return overlaps, axes, forwards


def _pick(choice: NDArray[np.intp], arrays: list[Array]) -> Array:
    """Row i of ``arrays[choice[i]]`` for every row (np.choose, without its limit of a few
    dozen arrays: a polygon may have hundreds of vertices)."""
    return np.stack(arrays)[choice, np.arange(len(choice))]


def _reported(overlaps: list[Array], tolerance: Array, columns: list[list[Array]]) -> tuple[Array, NDArray[np.bool_], list[Array]]:
    """The axis each row reports, among axes whose overlaps (arrays (n,)) are ``overlaps``:
    :func:`collision.verdict.named_axis` row by row, the first separating axis if there is one
    (an overlap below -``tolerance``), otherwise the first of the least overlap, the shortest
    way out (Metanet section 1). Returns the least overlap, whether each row is separated,
    and from each list in ``columns`` (one array per axis) the array of the picked axis's
    entries."""
    best = overlaps[0]
    for overlap in overlaps[1:]:
        best = np.minimum(best, overlap)
    gap = -tolerance
    parted = best < gap
    # A separated row's least overlap separates too: one test finds either axis. Last to
    # first, so that the first such axis is the one left standing.
    picked = [column[-1] for column in columns]
    for k in range(len(overlaps) - 2, -1, -1):
        reported = (overlaps[k] < gap) | (overlaps[k] == best)
        picked = [np.where(reported, column[k], value) for column, value in zip(columns, picked)]
    return best, parted, picked


def _block(
    a: Rectangles | Polygons, b: Rows, colliding: NDArray[np.bool_], normal_x: Array, normal_y: Array, depth: Array, tolerance: Array
) -> None:
    """sat_many's answers for one block of rows, written into the other arguments."""
    np.maximum(_scale(a), _scale(b), out=tolerance)
    tolerance *= TOLERANCE
    overlaps, axes, forwards = _general(a, b)
    columns = [[nx for nx, _ in axes], [ny for _, ny in axes], overlaps, forwards]
    best, parted, (picked_x, picked_y, picked_overlap, forward) = _reported(overlaps, tolerance, columns)
    normal_x[:], normal_y[:] = way_out(picked_x, picked_y, picked_overlap, forward)
    np.maximum(best, 0.0, out=depth)
    np.copyto(depth, 0.0, where=parted)
    np.logical_not(parted, out=colliding)


def sat_many(a: ArrayLike, b: ArrayLike) -> SatMany:
    """:func:`~collision.sat` for many pairs: row i tests polygon ``a[i]`` against ``b[i]``.

    ``a`` and ``b`` are float arrays (N, K, 2) and (N, M, 2) of world vertices, one convex
    polygon per row listed counter-clockwise (``Polygon.world_vertices()``, or
    :func:`box_vertices` for boxes). Every row follows ``sat()``'s conventions: touching
    collides, the normal points from A towards B, the MTV moves B out of A (the shorter way
    along the axis of least overlap, also when one shape contains the other), and a separated
    pair reports its first separating axis with a zero MTV. Returns a :class:`SatMany` of
    arrays.

    >>> import numpy as np
    >>> a = box_vertices([[0, 0], [0, 0], [0, 0]], [[1, 1], [1, 1], [1, 1]], [0, 0, 0])
    >>> b = box_vertices([[1.5, 0], [2, 0], [3, 0]], [[1, 1], [1, 1], [1, 1]], [0, 0, 0])
    >>> result = sat_many(a, b)
    >>> result.colliding.tolist(), result.touching.tolist(), result.depth.tolist()
    ([True, True, False], [False, True, False], [0.5, 0.0, 0.0])
    >>> result.mtv.tolist()
    [[0.5, 0.0], [0.0, 0.0], [0.0, 0.0]]
    >>> sat_many(a, b[:2])
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: a and b must hold the same number of polygons, got 3 and 2
    """
    points_a, points_b = _vertex_array(a, "a"), _vertex_array(b, "b")
    if len(points_a) != len(points_b):
        raise ShapeError(f"a and b must hold the same number of polygons, got {len(points_a)} and {len(points_b)}")
    rows = len(points_a)
    # Rows of boxes on both sides take the box test, block by block, whenever every row of
    # the block is a box; any other block goes the general way (so does a row with a
    # coordinate that is not finite: it is no rectangle, and the general way says so).
    # The box test's arrays are made at the first block: every block has one size.
    boxes: dict[int, BoxPairs] | None = {} if points_a.shape[1] == points_b.shape[1] == 4 else None

    def block(start: int, stop: int, answers: Answers) -> None:
        block_a, block_b = points_a[start:stop], points_b[start:stop]
        if boxes is not None:
            if stop - start not in boxes:
                boxes[stop - start] = BoxPairs(stop - start)
            if boxes[stop - start].test(block_a, block_b, *answers):
                return
        _block(_shapes(block_a, "a", start), _shapes(block_b, "b", start), *answers)

    return _in_blocks(rows, block)


def sat_many_circles(a: ArrayLike, centers: ArrayLike, radii: ArrayLike) -> SatMany:
    """:func:`sat_many` with a circle as shape B: row i tests polygon ``a[i]`` against the
    circle at ``centers[i]`` of radius ``radii[i]``, as ``sat(polygon, circle)`` does (the
    polygon's edge normals, and the axis from its nearest vertex when the centre lies in that
    vertex's Voronoi region). For a circle as A, swap them and negate the normal and MTV.

    >>> a = box_vertices([[0, 0], [0, 0], [0, 0]], [2, 1], 0)
    >>> result = sat_many_circles(a, [[3, 0], [2, 1], [2.5, 2]], [1, 1, 0.5])
    >>> result.colliding.tolist(), result.touching.tolist(), result.depth.tolist()
    ([True, True, False], [True, False, False], [0.0, 1.0, 0.0])
    >>> sat_many_circles(a, [[0, 0]] * 3, [1, 0, 1])
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: circle radii must be greater than zero, got 0.0 in row 1
    """
    points = _vertex_array(a, "a")
    rows = len(points)
    centre, radius = (_number_array(value, what) for value, what in ((centers, "circle centers"), (radii, "circle radii")))
    if centre.shape != (rows, 2) or radius.shape != (rows,):
        raise ShapeError(
            f"for {rows} polygons, circle centers must have shape ({rows}, 2) and radii ({rows},);"
            f" got {centre.shape} and {radius.shape}"
        )
    if (radius <= 0).any():
        row = int(np.flatnonzero(radius <= 0)[0])
        raise ShapeError(f"circle radii must be greater than zero, got {radius[row]} in row {row}")

    def block(start: int, stop: int, answers: Answers) -> None:
        _check_finite(points[start:stop], "a", start)
        polygons = _columns(points[start:stop])
        _check_convex(*polygons, "a", start)
        _block(polygons, _Circles(centre[start:stop, 0], centre[start:stop, 1], radius[start:stop]), *answers)

    return _in_blocks(rows, block)


def _in_blocks(rows: int, block: Callable[[int, int, Answers], None]) -> SatMany:
    """The SatMany of ``rows`` pairs, tested in blocks of at most _BLOCK rows, all of one
    size (the last one reaches back over rows already done, which come out the same), so
    that the box test makes its arrays once: ``block(start, stop, answers)`` writes those
    rows' answers into ``answers``: views of colliding, normal x and y, depth, and each
    row's tolerance. Touching and the MTV follow from them while the block's rows are
    still in the cache."""
    # Two allocations rather than five: fresh memory is mapped in on first touch (see box_rows).
    colliding, touching = np.empty((2, rows), dtype=bool)
    depth, normal, mtv = carve([(rows,), (rows, 2), (rows, 2)])
    size = -(-rows // -(-rows // _BLOCK)) if rows else 0
    tolerance = np.empty(size)
    for start in range(0, rows, size or 1):
        start = min(start, rows - size)
        stop = start + size
        block(start, stop, (colliding[start:stop], normal[start:stop, 0], normal[start:stop, 1], depth[start:stop], tolerance))
        np.less_equal(depth[start:stop], tolerance, out=touching[start:stop])
        touching[start:stop] &= colliding[start:stop]
        np.multiply(normal[start:stop], depth[start:stop, None], out=mtv[start:stop])
    return SatMany(colliding, touching, depth, normal, mtv)


def _number_array(value: ArrayLike, what: str) -> Array:
    """``value`` as a float array of finite numbers within ±LIMIT, or ShapeError naming ``what``."""
    raw = _asarray(value, what)
    if raw.dtype.kind not in "iuf":
        raise ShapeError(f"{what} must be numbers, got an array of {raw.dtype}: convert them to floats")
    if not np.isfinite(raw).all():
        raise ShapeError(f"{what} must be finite numbers")
    _check_range(raw, what)
    return raw.astype(float)


def _asarray(value: ArrayLike, what: str) -> NDArray[Any]:
    """``value`` as a numpy array; ShapeError for ragged lists, which numpy cannot make one of."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError):
        raise ShapeError(f"{what} must be a rectangular array of numbers: its rows differ in length") from None


def _check_range(raw: NDArray[Any], what: str) -> None:
    """ShapeError unless every finite number in ``raw`` lies within ±LIMIT (a NaN or an inf is
    left for the finite checks, which say so); one pass for the smallest and one for the largest."""
    if raw.size:
        low, high = raw.min(), raw.max()
        # An inf is left for the finite checks too: they name its row.
        if (low < -LIMIT or high > LIMIT) and np.isfinite(low) and np.isfinite(high):
            raise ShapeError(f"{what} holds {float(high if high > LIMIT else low):g}: too far out; keep coordinates and sizes within ±{LIMIT:g}")


def box_vertices(centers: ArrayLike, half_sizes: ArrayLike, angles: ArrayLike) -> NDArray[np.float64]:
    """World vertices of oriented boxes: float array (N, 4, 2), corners in the order of
    ``Box.world_vertices()`` (LR, UR, UL, LL, counter-clockwise).

    ``centers`` and ``half_sizes`` are (N, 2), ``angles`` (N,) in radians; a single half
    size or angle is used for every box.

    >>> box_vertices([[10, 0]], [2, 1], 0).tolist()
    [[[12.0, -1.0], [12.0, 1.0], [8.0, 1.0], [8.0, -1.0]]]
    >>> box_vertices([[0, 0]], [2, 0], 0)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: box half sizes must be greater than zero, got 0.0 in row 0
    """
    centre, half, angle = (
        _number_array(value, what)
        for value, what in ((centers, "box centers"), (half_sizes, "box half sizes"), (angles, "box angles"))
    )
    if centre.ndim != 2 or centre.shape[1] != 2:
        raise ShapeError(f"box centers must have shape (N, 2), got {centre.shape}")
    try:
        half = np.broadcast_to(half, centre.shape)
        angle = np.broadcast_to(angle, centre.shape[:1])
    except ValueError:
        raise ShapeError(
            f"box half sizes must be (N, 2) or (2,) and angles (N,) or one number, for {len(centre)} centers"
        ) from None
    if (half <= 0).any():
        row, column = np.argwhere(half <= 0)[0]
        raise ShapeError(f"box half sizes must be greater than zero, got {half[row, column]} in row {row}")
    c, s = np.cos(angle)[:, None], np.sin(angle)[:, None]
    hx, hy = half[:, :1], half[:, 1:]
    # The same local corners, and the same arithmetic, as Box: (c x - s y + px, s x + c y + py).
    local_x = np.hstack([hx, hx, -hx, -hx])
    local_y = np.hstack([-hy, hy, hy, -hy])
    world_x = c * local_x - s * local_y + centre[:, :1]
    world_y = s * local_x + c * local_y + centre[:, 1:]
    return np.stack([world_x, world_y], axis=2)
