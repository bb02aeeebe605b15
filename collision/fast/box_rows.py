"""Rows of boxes for sat_many: told apart from other four-gons, and tested box against box.

A box has two axes, not four: its edge normals come in opposite pairs, and its shadow on any
axis reaches from its centre's as far as the sum of its halfwidths' (Metanet). So a pair of
boxes needs four axes instead of eight, each from centres, a normal and two half lengths.

The work is done in arrays made once per block size and reused block after block (every
operation writes into them with ``out=``), carved from one allocation: fresh memory is mapped
in page by page on first touch, and a call pays for that once, not once per array. A and B are
tested side by side, and a vector's x and y lie one after the other, so that one numpy call
takes a step for both shapes and both coordinates.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from ..projection import overlap
from ..verdict import TOLERANCE

Array = NDArray[np.float64]
"""A float array: a column of rows, or a block of them."""

RECTANGLE = 1e-13
"""A four-vertex row whose vertices lie within this much of its coordinates' magnitude of a
rectangle's (counter-clockwise) is a box. Rounding leaves box_vertices' rows ten times
closer than this."""


class Rectangles:
    """Rows of rectangles (boxes), as centres, the unit normal n of edge 0, and the half
    lengths of edges 0 and 1; edge 1's normal is n turned a quarter turn. Each field is an
    array (n,)."""

    def __init__(self, cx: Array, cy: Array, nx: Array, ny: Array, half_u: Array, half_v: Array, scale2: Array) -> None:
        self.cx, self.cy, self.nx, self.ny, self.half_u, self.half_v = cx, cy, nx, ny, half_u, half_v
        self.scale2 = scale2
        """The square of the box's scale: within a small factor (from 1/2 to 5 times) of its
        largest |x| or |y|, what float rounding grows with, for the tolerance. Squared, so
        that a pair takes one square root, of the larger."""


def carve(shapes: list[tuple[int, ...]], whole: Array | None = None) -> list[Array]:
    """Float arrays of the given shapes, all views into one allocation (or into ``whole``,
    a flat array large enough)."""
    sizes = [math.prod(shape) for shape in shapes]
    whole = np.empty(sum(sizes)) if whole is None else whole
    ends = np.cumsum(sizes)
    return [whole[end - size : end].reshape(shape) for shape, size, end in zip(shapes, sizes, ends)]


def rectangles(xs: list[Array], ys: list[Array]) -> Rectangles | None:
    """Rows of four vertices as Rectangles, if every row is a counter-clockwise rectangle to
    float noise (edge 3 repeats edge 1 backwards, edges 0 and 1 are square), else None.

    ``xs`` and ``ys`` are the vertices' coordinates: lists of arrays (n,), one per vertex.
    """
    if len(xs) != 4:
        return None
    boxes = Boxes(1, len(xs[0]))
    boxes.vertices[0::2, 0] = xs
    boxes.vertices[1::2, 0] = ys
    scale2 = boxes.measure()
    if scale2 is None:
        return None
    (cx, cy), (nx, ny), (half_u, half_v) = boxes.centres[:, 0] * 0.5, boxes.normal[:, 0], boxes.halves[:, 0]
    return Rectangles(cx, cy, nx, ny, half_u, half_v, scale2[0])


class Boxes:
    """Rows of ``shapes`` boxes side by side (1, or 2 for A and B), ``size`` rows, given by
    their vertices; measure() tells whether they all are rectangles and finds each one's
    centre, unit normal and half lengths. Arrays are indexed (..., shape, row); the views
    each step reads and writes are made here once, as numpy's slicing costs as much as a
    small block's arithmetic. The arrays are few, and some serve twice, because the block's
    memory must stay in the cache: 3 MB more of it cost 7% (25% on a busy machine)."""

    def __init__(self, shapes: int, size: int) -> None:
        self.size = size
        (rows, self.lengths, self.stray, self.longest, self.centres, self.halves, self.work, self.axes) = carve([
            # Edge 0 turned clockwise (x, y), edge 1 reversed, the gap of vertex 3 from
            # where a rectangle's would be, then the vertices: x0, y0, ..., x3, y3.
            (14, shapes, size),
            # Squared: the lengths of edge 0, edge 1 and the gap, and vertex 0's distance from the origin.
            (4, shapes, size),
            (shapes, size),
            (shapes, size),
            # Twice the centre (x, y).
            (2, shapes, size),
            # The half lengths of edges 0 and 1.
            (2, shapes, size),
            (2, shapes, size),
            # Per shape and axis (its normal, then that turned a quarter turn): the axis's
            # x and y, and (for a pair) B's centre's signed distance from A's along it.
            (shapes, 2, 3, size),
        ])
        self.flags = np.empty((shapes, size), dtype=bool)
        self.vertices = rows[6:]
        self.turned, self.reversed, self.gap = rows[0:2], rows[2:4], rows[4:6]
        # Edge 0 turned clockwise is (y1 - y0, x0 - x1): rows y1, x0 less rows y0, x1.
        self.turned_ends = rows[9:5:-3], rows[7:9]
        self.reversed_ends = rows[8:10], rows[10:12]
        self.gap_ends = rows[12:14], rows[6:8]
        self.diagonal = rows[6:8], rows[10:12]
        self.xs, self.ys = rows[0:8:2], rows[1:8:2]
        # The y coordinates' squares, in self.axes until the normals are written there.
        self.y_squares = self.axes.reshape(-1)[: 4 * shapes * size].reshape(4, shapes, size)
        self.reversed_swapped = self.reversed[::-1]
        self.normal = self.axes[:, 0, 0:2].transpose(1, 0, 2)
        """Each box's unit normal (x, y) of edge 0, (2, shapes, size): a view into self.axes."""

    def measure(self) -> Array | None:
        """The square of each box's scale (see Rectangles.scale2) from self.vertices, with
        its normal, half lengths and twice its centre in self's arrays, if every row is a
        counter-clockwise rectangle to float noise, else None."""
        turned, reversed_, gap, work, flags, stray = self.turned, self.reversed, self.gap, self.work, self.flags, self.stray
        np.subtract(*self.turned_ends, out=turned)
        np.subtract(*self.reversed_ends, out=reversed_)
        # Vertex 3 must be vertex 0 plus edge 1.
        np.subtract(*self.gap_ends, out=gap)
        gap += reversed_
        magnitude: Array
        with np.errstate(invalid="ignore", over="ignore"):
            u2, v2, g2, magnitude = np.multiply(self.xs, self.xs, out=self.lengths)
            self.lengths += np.multiply(self.ys, self.ys, out=self.y_squares)
            # How far a vertex may stray from a rectangle's: rounding grows with the
            # coordinates' magnitude (squared here, a bound within a small factor), not with
            # the box's size. A coordinate that is not finite, or so large that its squares
            # overflow, makes its row no rectangle, and the general way says what is wrong.
            magnitude += u2
            magnitude += v2
            if not np.isfinite(magnitude.max()):
                return None
            np.multiply(magnitude, RECTANGLE * RECTANGLE, out=stray)
            if not np.less_equal(g2, stray, out=flags).all():
                return None
            # The short edge's end strays along the long edge by (u . v) / (long edge's
            # length); u . v is, but for its sign, edge 0 turned crossed with edge 1 reversed.
            np.multiply(turned, self.reversed_swapped, out=work)
            square = np.subtract(work[0], work[1], out=work[0])
            square *= square
            longest = np.maximum(u2, v2, out=self.longest)
            if not np.less_equal(square, np.multiply(longest, stray, out=work[1]), out=flags).all():
                return None
            # Counter-clockwise: edge 1 turns left from edge 0, u x v = turned . reversed > 0.
            np.multiply(turned, reversed_, out=work)
            if not np.greater(np.add(work[0], work[1], out=work[0]), 0.0, out=flags).all():
                return None
        # Edge 0's outward normal is edge 0 turned clockwise over its length, and edge 1
        # reversed over its: their sum over the sum of the lengths. Each edge carries the
        # rounding of its ends, and the sum's share of it is the long edge's or less (a box
        # 2e-6 thin among coordinates near 1000 keeps its direction to 1e-15 radians, where
        # its short edge alone would be off by 5e-8).
        lengths = np.sqrt(self.lengths[0:2], out=self.halves)
        np.add(turned, reversed_, out=work)
        np.divide(work, np.add(lengths[0], lengths[1], out=self.longest), out=self.normal)
        lengths *= 0.5
        np.add(*self.diagonal, out=self.centres)
        return magnitude


class BoxPairs(Boxes):
    """The box-against-box test for blocks of ``size`` rows, in arrays made once."""

    def __init__(self, size: int) -> None:
        super().__init__(2, size)
        # B's centre less A's; |sin|, |cos|, |sin| between them; overlaps per shape and
        # axis; the least of each pair of them, then of all; the axis picked, its x, y and
        # distance. In the vertices' rows: the test reads them no more once measured.
        self.offset, angle, overlaps, self.least, self.picked = carve(
            [(2, size), (3, size), (2, 2, size), (2, size), (3, size)], self.vertices.reshape(-1)
        )
        self.neither = np.empty((4, size), dtype=bool)
        self.passed = np.empty((4, size), dtype=bool)
        self.index = np.empty((3, size), dtype=np.intp)
        # Where entry e (x, y, distance) of row r of the first axis lies in self.axes:
        # e * size + r; axis k's lies 3 * size * k further on.
        self.entries = np.arange(3)[:, None] * size + np.arange(size)
        axes, normal, halves, self.overlaps = self.axes, self.normal, self.halves, overlaps.reshape(4, size)
        self.centre_ends = self.centres[:, 1], self.centres[:, 0]
        self.normal_by_offset = normal, self.offset[:, None]
        self.normal_by_offset_swapped = normal, self.offset[::-1, None]
        self.along, self.across = axes[:, 0, 2], axes[:, 1, 2]
        self.distances = axes[:, :, 2]
        self.turned_x, self.turned_y, self.nx, self.ny = axes[:, 1, 0], axes[:, 1, 1], normal[0], normal[1]
        self.normals_swapped = normal[:, 0], normal[::-1, 1]
        self.normals = normal[:, 0], normal[:, 1]
        self.angle, self.sines, self.cosine = angle, angle[0::2], angle[1]
        # Per shape and axis: the other box's half lengths by |sin| and |cos| on the shape's
        # normal, by |cos| and |sin| turned; plus the shape's own half length across the axis.
        self.by_sines = halves[0, ::-1, None], angle[None, 0:2]
        self.by_cosines = halves[1, ::-1, None], angle[None, 1:3]
        self.own = halves[::-1].transpose(1, 0, 2)
        self.reaches = overlaps  # the overlaps, per shape and axis, once the distances are taken off

    def test(
        self, a: Array, b: Array, colliding: NDArray[np.bool_], normal_x: Array, normal_y: Array, depth: Array, tolerance: Array
    ) -> bool:
        """sat()'s answers for boxes ``a[i]`` against ``b[i]`` (arrays (size, 4, 2) of
        world vertices), written into the other arguments, arrays (size,); or False, with
        nothing written, unless every row of both is a rectangle."""
        vertices = self.vertices
        vertices[:, 0] = a.reshape(self.size, 8).T
        vertices[:, 1] = b.reshape(self.size, 8).T
        scale2 = self.measure()
        if scale2 is None:
            return False
        np.maximum(scale2[0], scale2[1], out=tolerance)
        np.sqrt(tolerance, out=tolerance)
        tolerance *= TOLERANCE
        overlaps = self._overlaps()
        best, gap = self.least
        # The least of A's two overlaps and of B's, then of those.
        np.minimum(overlaps[0::2], overlaps[1::2], out=self.least)
        np.minimum(best, gap, out=best)
        np.negative(tolerance, out=gap)
        np.greater_equal(best, gap, out=colliding)
        # Each row reports the first separating axis if there is one, otherwise the first
        # of the least overlap, the shortest way out (Metanet section 1). A separated row's
        # least overlap separates too, so either way the axis is the first to be the least
        # or to separate: the number of axes before it, each neither.
        passed, neither, index = self.passed, self.neither, self.index
        np.not_equal(overlaps, best, out=neither)
        neither &= np.greater_equal(overlaps, gap, out=passed)
        np.logical_and(neither[0], neither[1], out=passed[1])
        np.logical_and(passed[1], neither[2], out=passed[2])
        first = index[0]
        np.add(neither[0], passed[1], out=first, dtype=np.intp)
        first += passed[2]
        first *= 3 * self.size
        np.add(self.entries, first, out=index)
        x, y, distance = np.take(self.axes, index, out=self.picked, mode="clip")
        # B must go the way its centre lies from A's along the axis.
        flip = np.where(distance < 0, -1.0, 1.0)
        np.multiply(x, flip, out=normal_x)
        np.multiply(y, flip, out=normal_y)
        np.maximum(best, 0.0, out=depth)
        depth *= colliding
        return True

    def _overlaps(self) -> Array:
        """The oriented-box test's four overlaps (4, size): on A's normal, A's turned a
        quarter turn, B's, B's turned; and into self.axes those axes and B's centre's signed
        distance from A's along each. A box's shadow is symmetric about its centre's, so on
        an axis the overlap is the sum of the reaches less the distance between the centres;
        the reaches need only the cosine and sine between the boxes."""
        work, offset = self.work, self.offset
        # Half the difference of twice the centres.
        np.subtract(*self.centre_ends, out=offset)
        offset *= 0.5
        # Along each box's normal, n . d, and along it turned, (-ny, nx) . d.
        np.multiply(*self.normal_by_offset, out=work)
        np.add(work[0], work[1], out=self.along)
        np.multiply(*self.normal_by_offset_swapped, out=work)
        np.subtract(work[0], work[1], out=self.across)
        # The turned axes, (0.0 - ny, nx): 0.0 - y keeps an unturned box's 0.0 positive.
        np.subtract(0.0, self.ny, out=self.turned_x)
        np.copyto(self.turned_y, self.nx)
        # |sin|, |cos|, |sin| between the boxes' normals: each pair of reaches below takes two in a row.
        np.multiply(*self.normals_swapped, out=work[0])
        np.subtract(work[0, 0], work[0, 1], out=self.sines)  # into rows 0 and 2 at once
        np.multiply(*self.normals, out=work[1])
        np.add(work[1, 0], work[1, 1], out=self.cosine)
        np.abs(self.angle, out=self.angle)
        reaches = self.reaches
        np.multiply(*self.by_sines, out=reaches)
        reaches += np.multiply(*self.by_cosines, out=work)
        reaches += self.own
        # The one overlap rule, on A's shadow grown by B's reach either side of A's centre
        # against B's centre as a point: the sum of the reaches less the distance.
        np.copyto(reaches, overlap(np.negative(reaches, out=work), reaches, self.distances, self.distances))
        return self.overlaps
