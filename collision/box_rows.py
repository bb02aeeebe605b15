"""Rows of boxes for sat_many: told apart from other four-gons, and tested box against box.

A box has two axes, not four: its edge normals come in opposite pairs, and its shadow on any
axis reaches from its centre's as far as the sum of its halfwidths' (Metanet). So a pair of
boxes needs four axes instead of eight, each from centres, a normal and two half lengths.

The work is done in arrays made once per block size and reused block after block (every
operation writes into them with ``out=``), carved from one allocation: fresh memory is mapped
in on first touch, and one large mapping costs a fraction of many small ones. A and B are
tested side by side, and a vector's x and y lie one after the other, so that one numpy call
takes a step for both shapes and both coordinates.
"""

import math

import numpy as np

from .sat import TOLERANCE

RECTANGLE = 1e-13
"""A four-vertex row whose vertices lie within this much of its coordinates' magnitude of a
rectangle's (counter-clockwise) is a box. Rounding leaves box_vertices' rows ten times
closer than this."""


class Rectangles:
    """Rows of rectangles (boxes), as centres, the unit normal n of edge 0, and the half
    lengths of edges 0 and 1; edge 1's normal is n turned a quarter turn. Each field is an
    array (n,)."""

    def __init__(self, cx, cy, nx, ny, half_u, half_v, scale2):
        self.cx, self.cy, self.nx, self.ny, self.half_u, self.half_v = cx, cy, nx, ny, half_u, half_v
        self.scale2 = scale2
        """The square of the box's scale: within a small factor (from 1/2 to 5 times) of its
        largest |x| or |y|, what float rounding grows with, for the tolerance. Squared, so
        that a pair takes one square root, of the larger."""


def carve(shapes):
    """Float arrays of the given shapes, all views into one allocation."""
    sizes = [math.prod(shape) for shape in shapes]
    whole = np.empty(sum(sizes))
    ends = np.cumsum(sizes)
    return [whole[end - size : end].reshape(shape) for shape, size, end in zip(shapes, sizes, ends)]


def rectangles(xs, ys):
    """Rows of four vertices as Rectangles, if every row is a counter-clockwise rectangle to
    float noise (edge 3 repeats edge 1 backwards, edges 0 and 1 are square), else None.

    ``xs`` and ``ys`` are the vertices' coordinates: lists of arrays (n,), one per vertex.
    """
    if len(xs) != 4:
        return None
    boxes = Boxes(1, len(xs[0]))
    boxes.rows[6::2, 0] = xs
    boxes.rows[7::2, 0] = ys
    scale2 = boxes.measure()
    if scale2 is None:
        return None
    (cx, cy), (nx, ny), (half_u, half_v) = boxes.centres[:, 0] * 0.5, boxes.normal()[:, 0], boxes.halves[:, 0]
    return Rectangles(cx, cy, nx, ny, half_u, half_v, scale2[0])


class Boxes:
    """Rows of ``shapes`` boxes side by side (1, or 2 for A and B), ``size`` rows, given by
    their vertices; measure() tells whether they all are rectangles and finds each one's
    centre, unit normal and half lengths. Arrays are indexed (..., shape, row)."""

    def __init__(self, shapes, size):
        self.size = size
        (
            self.rows, self.squares, self.lengths, self.stray, self.longest, self.centres, self.halves, self.work, self.axes,
        ) = carve([
            # Edge 0 turned clockwise (x, y), edge 1 reversed, the gap of vertex 3 from
            # where a rectangle's would be, then the vertices: x0, y0, ..., x3, y3.
            (14, shapes, size),
            (8, shapes, size),
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

    def normal(self):
        """Each box's unit normal (x, y) of edge 0, (2, shapes, size): a view into self.axes."""
        return self.axes[:, 0, 0:2].transpose(1, 0, 2)

    def measure(self):
        """The square of each box's scale (see Rectangles.scale2) from the vertices in
        self.rows, with its normal, half lengths and twice its centre in self's arrays, if
        every row is a counter-clockwise rectangle to float noise, else None."""
        rows = self.rows
        turned, reversed_, gap = rows[0:2], rows[2:4], rows[4:6]
        # Edge 0 turned clockwise, (y1 - y0, x0 - x1): rows y1, x0 less rows y0, x1.
        np.subtract(rows[9:5:-3], rows[7:9], out=turned)
        np.subtract(rows[8:10], rows[10:12], out=reversed_)
        # Vertex 3 must be vertex 0 plus edge 1.
        np.subtract(rows[12:14], rows[6:8], out=gap)
        gap += reversed_
        squares, lengths, flags, stray, work = self.squares, self.lengths, self.flags, self.stray, self.work
        with np.errstate(invalid="ignore", over="ignore"):
            np.multiply(rows[:8], rows[:8], out=squares)
            np.add(squares[0::2], squares[1::2], out=lengths)
            u2, v2, g2, magnitude = lengths
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
            np.multiply(turned, reversed_[::-1], out=work)
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
        lengths = np.sqrt(lengths[0:2], out=self.halves)
        np.add(turned, reversed_, out=work)
        np.divide(work, np.add(lengths[0], lengths[1], out=self.longest), out=self.normal())
        lengths *= 0.5
        np.add(rows[6:8], rows[10:12], out=self.centres)
        return magnitude


class BoxPairs(Boxes):
    """The box-against-box test for blocks of ``size`` rows, in arrays made once."""

    def __init__(self, size):
        super().__init__(2, size)
        # B's centre less A's; |sin|, |cos|, |sin| between them; overlaps per shape and
        # axis; the least and the gap allowed; the picked axis's x, y and distance.
        self.offset, self.angle, self.overlaps, self.best, self.picked = carve([(2, size), (3, size), (2, 2, size), (2, size), (3, size)])
        self.neither = np.empty((4, size), dtype=bool)
        self.passed = np.empty((4, size), dtype=bool)
        self.index = np.empty((3, size), dtype=np.intp)
        # Where entry e (x, y, distance) of row r of the first axis lies in self.axes:
        # e * size + r; axis k's lies 3 * size * k further on.
        self.entries = np.arange(3)[:, None] * size + np.arange(size)

    def test(self, a, b, colliding, normal_x, normal_y, depth, tolerance):
        """sat()'s answers for boxes ``a[i]`` against ``b[i]`` (arrays (size, 4, 2) of
        world vertices), written into the other arguments, arrays (size,); or False, with
        nothing written, unless every row of both is a rectangle."""
        self.rows[6:, 0] = a.reshape(self.size, 8).T
        self.rows[6:, 1] = b.reshape(self.size, 8).T
        scale2 = self.measure()
        if scale2 is None:
            return False
        np.maximum(scale2[0], scale2[1], out=tolerance)
        np.sqrt(tolerance, out=tolerance)
        tolerance *= TOLERANCE
        overlaps = self._overlaps()
        best, gap = self.best
        np.minimum(np.minimum(overlaps[0], overlaps[1], out=best), np.minimum(overlaps[2], overlaps[3], out=gap), out=best)
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
        np.add(neither[0], passed[1], out=index[0], dtype=np.intp)
        np.add(index[0], passed[2], out=index[0])
        index[0] *= 3 * self.size
        np.add(self.entries, index[0], out=index)
        x, y, distance = np.take(self.axes, index, out=self.picked, mode="clip")
        # B must go the way its centre lies from A's along the axis.
        flip = np.where(distance < 0, -1.0, 1.0)
        np.multiply(x, flip, out=normal_x)
        np.multiply(y, flip, out=normal_y)
        np.maximum(best, 0.0, out=depth)
        depth *= colliding
        return True

    def _overlaps(self):
        """The oriented-box test's four overlaps (4, size): on A's normal, A's turned a
        quarter turn, B's, B's turned; and into self.axes those axes and B's centre's signed
        distance from A's along each. A box's shadow is symmetric about its centre's, so on
        an axis the overlap is the sum of the reaches less the distance between the centres;
        the reaches need only the cosine and sine between the boxes."""
        axes, work, offset, angle = self.axes, self.work, self.offset, self.angle
        normal = self.normal()
        nx, ny = normal
        # Half the difference of twice the centres.
        np.subtract(self.centres[:, 1], self.centres[:, 0], out=offset)
        offset *= 0.5
        # Along each box's normal, n . d, and along it turned, (-ny, nx) . d.
        np.multiply(normal, offset[:, None], out=work)
        np.add(work[0], work[1], out=axes[:, 0, 2])
        np.multiply(normal, offset[::-1, None], out=work)
        np.subtract(work[0], work[1], out=axes[:, 1, 2])
        # The turned axes, (0.0 - ny, nx): 0.0 - y keeps an unturned box's 0.0 positive.
        np.subtract(0.0, ny, out=axes[:, 1, 0])
        np.copyto(axes[:, 1, 1], nx)
        # |sin|, |cos|, |sin| between the boxes' normals: each pair of reaches below takes two in a row.
        np.multiply(normal[:, 0], normal[::-1, 1], out=work[0])
        np.subtract(work[0, 0], work[0, 1], out=angle[0])
        np.multiply(normal[:, 0], normal[:, 1], out=work[1])
        np.add(work[1, 0], work[1, 1], out=angle[1])
        np.abs(angle[:2], out=angle[:2])
        np.copyto(angle[2], angle[0])
        # Per shape and axis: the other box's reach (its half lengths by |sin| and |cos| on
        # the shape's normal, by |cos| and |sin| turned), plus the shape's own half length.
        halves, overlaps = self.halves, self.overlaps
        np.multiply(halves[0, ::-1, None], angle[None, 0:2], out=overlaps)
        overlaps += np.multiply(halves[1, ::-1, None], angle[None, 1:3], out=work)
        overlaps += halves[::-1].transpose(1, 0, 2)
        overlaps -= np.abs(axes[:, :, 2], out=work)
        return overlaps.reshape(4, self.size)
