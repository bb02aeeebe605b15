"""Rows of boxes for sat_many: told apart from other four-gons, and tested box against box.

A box has two axes, not four: its edge normals come in opposite pairs, and its shadow on any
axis reaches from its centre's as far as the sum of its halfwidths' (Metanet). So a pair of
boxes needs four axes instead of eight, each from centres, a normal and two half lengths.

The work is done in arrays made once per sat_many call and reused block after block (most
operations write into them with ``out=``), so that no block pays for fresh memory; A and B
are tested side by side, as one array (2, n) per quantity, which halves the numpy calls.
"""

import numpy as np

from .sat import TOLERANCE

RECTANGLE = 1e-13
"""A four-vertex row whose vertices lie within this much of its coordinates' magnitude of a
rectangle's (counter-clockwise) is a box. Rounding leaves box_vertices' rows ten times
closer than this."""


class Rectangles:
    """Rows of rectangles (boxes), as centres, the unit normal n of edge 0, and the half
    lengths of edges 0 and 1; edge 1's normal is n turned a quarter turn. Each field is an
    array of one shape: (n,) for one polygon a row, (2, n) for A and B side by side."""

    def __init__(self, cx, cy, nx, ny, half_u, half_v, scale2):
        self.cx, self.cy, self.nx, self.ny, self.half_u, self.half_v = cx, cy, nx, ny, half_u, half_v
        self.scale2 = scale2
        """The square of the box's scale: within a small factor (from 1/2 to 5 times) of its
        largest |x| or |y|, what float rounding grows with, for the tolerance. Squared, so
        that a pair takes one square root, of the larger."""


def rectangles(xs, ys, work=None):
    """Rows of four vertices as Rectangles, if every row is a counter-clockwise rectangle to
    float noise (edge 3 repeats edge 1 backwards, edges 0 and 1 are square), else None.

    ``xs`` and ``ys`` are the four vertices' coordinates, arrays all of one shape; ``work``
    is an array (10, *that shape) to compute in, which then holds the Rectangles' arrays.
    """
    if len(xs) != 4:
        return None
    (x0, x1, x2, x3), (y0, y1, y2, y3) = xs, ys
    if work is None:
        work = np.empty((10, *np.shape(x0)))
    ux, uy, vx, vy, u2, v2, magnitude, t, nx, ny = work
    # A row with a coordinate that is not finite, or so large that its squares overflow,
    # is no rectangle: its comparisons fail quietly, and the general way says what is wrong.
    with np.errstate(invalid="ignore", over="ignore"):
        np.subtract(x1, x0, out=ux)
        np.subtract(y1, y0, out=uy)
        np.subtract(x2, x1, out=vx)
        np.subtract(y2, y1, out=vy)
        np.multiply(ux, ux, out=u2)
        u2 += np.multiply(uy, uy, out=t)
        np.multiply(vx, vx, out=v2)
        v2 += np.multiply(vy, vy, out=t)
        # How far a vertex may stray from a rectangle's: rounding grows with the coordinates'
        # magnitude (squared here, a bound within a small factor), not with the box's size.
        np.multiply(x0, x0, out=magnitude)
        magnitude += np.multiply(y0, y0, out=t)
        magnitude += u2
        magnitude += v2
        stray = np.multiply(magnitude, RECTANGLE * RECTANGLE, out=nx)
        # Edge 3 must run back along edge 1: vertex 3 is vertex 0 plus edge 1.
        gap = np.subtract(x3, x0, out=t)
        gap -= vx
        gap *= gap
        gap_y = np.subtract(y3, y0, out=ny)
        gap_y -= vy
        gap_y *= gap_y
        gap += gap_y
        rectangle = gap <= stray
        # The short edge's end strays along the long edge by (u . v) / (long edge's length).
        square = np.multiply(ux, vx, out=t)
        square += np.multiply(uy, vy, out=ny)
        square *= square
        longest = np.maximum(u2, v2, out=ny)
        longest *= stray
        rectangle &= square <= longest
        # Counter-clockwise: edge 1 turns left from edge 0.
        rectangle &= np.multiply(ux, vy, out=t) > np.multiply(uy, vx, out=ny)
        rectangle &= np.isfinite(stray)
    if not rectangle.all():
        return None
    # The normal from the longer edge: a short edge's direction is mostly the rounding of
    # its ends (a box 2e-6 thin among coordinates near 1000 would be off by 5e-8 radians).
    # Edge 0's normal is edge 1 reversed, scaled; 0.0 - x keeps an unturned box's 0.0 positive.
    long_u = u2 >= v2
    half_u, half_v = np.sqrt(u2, out=u2), np.sqrt(v2, out=v2)
    # np.where rather than a masked copy: a mask this irregular costs several times more.
    inverse = np.divide(1.0, np.where(long_u, half_u, half_v), out=t)
    np.multiply(np.where(long_u, uy, 0.0 - vx), inverse, out=nx)
    np.multiply(np.where(long_u, 0.0 - ux, 0.0 - vy), inverse, out=ny)
    cx, cy = np.add(x0, x2, out=ux), np.add(y0, y2, out=uy)
    cx *= 0.5
    cy *= 0.5
    half_u *= 0.5
    half_v *= 0.5
    return Rectangles(cx, cy, nx, ny, half_u, half_v, magnitude)


def pick(overlaps, tolerance, columns):
    """The axis each row reports, among axes whose overlaps (arrays (n,)) are ``overlaps``:
    the first separating axis if there is one (an overlap below -``tolerance``), otherwise
    the first of the least overlap, the shortest way out (Metanet section 1). Returns the
    least overlap, whether each row is separated, and from each list in ``columns`` (one
    array per axis) the array of the picked axis's entries."""
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


class BoxPairs:
    """The box-against-box test for blocks of up to ``size`` rows, in arrays made once."""

    def __init__(self, size):
        # Vertex, coordinate, shape (A, B), row: a vertex's x for both shapes is one array.
        self.vertices = np.empty((4, 2, 2, size))
        self.shapes = np.empty((10, 2, size))
        self.axes = np.empty((5, 2, size))
        self.pairs = np.empty((5, size))

    def test(self, a, b, colliding, normal_x, normal_y, depth, tolerance):
        """sat()'s answers for boxes ``a[i]`` against ``b[i]`` (arrays (m, 4, 2) of world
        vertices, m at most ``size``), written into the other arguments, arrays (m,); or
        False, with nothing written, unless every row of both is a rectangle."""
        m = len(a)
        vertices = self.vertices[..., :m]
        vertices[:, :, 0] = a.transpose(1, 2, 0)
        vertices[:, :, 1] = b.transpose(1, 2, 0)
        boxes = rectangles(list(vertices[:, 0]), list(vertices[:, 1]), self.shapes[..., :m])
        if boxes is None:
            return False
        overlaps, signed = self._overlaps(boxes, m)
        np.maximum(boxes.scale2[0], boxes.scale2[1], out=tolerance)
        np.sqrt(tolerance, out=tolerance)
        tolerance *= TOLERANCE
        nx, ny = boxes.nx, boxes.ny
        # A normal turned a quarter turn is (-ny, nx); 0.0 - y keeps an unturned box's 0.0 positive.
        turned_x = np.subtract(0.0, ny, out=self.axes[4, :, :m])
        xs, ys = [nx[0], turned_x[0], nx[1], turned_x[1]], [ny[0], nx[0], ny[1], nx[1]]
        best, parted, (x, y, direction) = pick(overlaps, tolerance, [xs, ys, signed])
        # B must go the way its centre lies from A's along the axis.
        flip = np.where(direction < 0, -1.0, 1.0)
        np.multiply(x, flip, out=normal_x)
        np.multiply(y, flip, out=normal_y)
        np.logical_not(parted, out=colliding)
        np.maximum(best, 0.0, out=depth)
        depth *= colliding
        return True

    def _overlaps(self, boxes, m):
        """The oriented-box test's four overlaps, on A's normal, A's turned a quarter turn,
        B's, B's turned, and B's centre's signed distance from A's along each. A box's
        shadow is symmetric about its centre's, so on an axis the overlap is the sum of the
        reaches less the distance between the centres; the reaches need only the cosine and
        sine between the boxes."""
        dx, dy, cosine, sine, t = self.pairs[:, :m]
        along, across, reach, turned_reach, u = self.axes[..., :m]
        cx, cy, nx, ny, half_u, half_v = boxes.cx, boxes.cy, boxes.nx, boxes.ny, boxes.half_u, boxes.half_v
        np.subtract(cx[1], cx[0], out=dx)
        np.subtract(cy[1], cy[0], out=dy)
        np.multiply(nx[0], nx[1], out=cosine)
        cosine += np.multiply(ny[0], ny[1], out=t)
        np.abs(cosine, out=cosine)
        np.multiply(nx[0], ny[1], out=sine)
        sine -= np.multiply(ny[0], nx[1], out=t)
        np.abs(sine, out=sine)
        # Rows of each: [A, B]. Along each box's normal, and along it turned.
        np.multiply(nx, dx, out=along)
        along += np.multiply(ny, dy, out=u)
        np.multiply(nx, dy, out=across)
        across -= np.multiply(ny, dx, out=u)
        # Each box's own half length, plus the other box's reach (hence the rows reversed).
        np.multiply(half_u[::-1], sine, out=reach)
        reach += np.multiply(half_v[::-1], cosine, out=u)
        reach += half_v
        reach -= np.abs(along, out=u)
        np.multiply(half_u[::-1], cosine, out=turned_reach)
        turned_reach += np.multiply(half_v[::-1], sine, out=u)
        turned_reach += half_u
        turned_reach -= np.abs(across, out=u)
        return (reach[0], turned_reach[0], reach[1], turned_reach[1]), (along[0], across[0], along[1], across[1])
