"""Metanet's round tiles: a quarter circle in a square cell, convex or concave, tested against a box.

A tile is not a Polygon: its arc is exact, and only :meth:`QuarterTile.world_vertices` samples
it, for drawing. :func:`sat_tile` tests an axis-aligned box against a tile the way Metanet's N
does (tutorial A, section 2, figures 6 and 7) and reports every axis as :func:`sat` does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ._validate import finite_pair, positive_number
from .axes import AxisKind, AxisSource
from .errors import ShapeError
from .interval import Interval
from .projection import extent, overlap, project
from .shapes import Box
from .vector import Bounds, Pair, PairLike, Vector
from .verdict import AxisTest, SatResult, _moved, axis_tolerance, named_axis, spread, way_out

QUADRANTS = {"NE": (1.0, 1.0), "NW": (-1.0, 1.0), "SE": (1.0, -1.0), "SW": (-1.0, -1.0)}
"""Each quadrant's name and the signs (x, y) of the way the tile's square reaches from its corner."""

ARC_SEGMENTS = 32
"""How many straight pieces :meth:`QuarterTile.world_vertices` draws the arc with."""

_X_EDGE = AxisSource("A", AxisKind.EDGE, 0)
_Y_EDGE = AxisSource("A", AxisKind.EDGE, 1)


class QuarterTile:
    """A round tile: a square cell of side ``size`` whose right-angle ``corner`` is solid.

    ``quadrant`` ("NE", "NW", "SE" or "SW") is the way the square reaches from ``corner``: an
    "NE" tile covers ``[x, x + size] x [y, y + size]`` for a corner (x, y). The quarter circle
    has radius ``size``, and the solid part is

    - convex (the default): the quarter disc centred at ``corner``; the arc bulges away from it;
    - concave: the square minus the quarter disc centred at the square's opposite corner; the
      arc is hollowed out towards ``corner``, with cusps where it meets the square's sides.

    Either way the tile's empty side faces the quadrant's direction, and its outline runs from
    ``corner`` along two straight edges to the arc's ends: edge 0 is the one whose normal is
    the x axis, edge 1 the one whose normal is the y axis. ``arc_center`` is the circle's
    centre: ``corner`` for a convex tile, the opposite corner for a concave one.

    >>> tile = QuarterTile((0, 0), 100, "NE")
    >>> tile.aabb(), tile.arc_center
    ((0.0, 0.0, 100.0, 100.0), Vector(x=0.0, y=0.0))
    >>> QuarterTile((0, 0), 100, "SW", concave=True).arc_center
    Vector(x=-100.0, y=-100.0)
    >>> QuarterTile((0, 0), 100, "up")
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: tile quadrant must be one of NE, NW, SE, SW, got 'up'
    """

    def __init__(self, corner: PairLike, size: float, quadrant: str, concave: bool = False) -> None:
        self._corner = Vector(*finite_pair(corner, "tile corner"))
        self._size = positive_number(size, "tile size")
        if not isinstance(quadrant, str) or quadrant not in QUADRANTS:
            raise ShapeError(f"tile quadrant must be one of {', '.join(QUADRANTS)}, got {quadrant!r}")
        if not isinstance(concave, bool):
            raise ShapeError(f"tile concave must be True or False, got {concave!r}")
        self._quadrant = quadrant
        self._concave = concave

    @property
    def corner(self) -> Vector:
        """The square's solid right-angle corner, as a Vector."""
        return self._corner

    @property
    def position(self) -> Vector:
        """The same as ``corner``, so that a tile is placed like every shape."""
        return self._corner

    @property
    def size(self) -> float:
        """The side of the square cell, which is also the arc's radius."""
        return self._size

    @property
    def quadrant(self) -> str:
        """The quadrant's name, one of "NE", "NW", "SE", "SW": the way the square reaches from ``corner``."""
        return self._quadrant

    @property
    def concave(self) -> bool:
        """True for the square minus a quarter disc, False for the quarter disc."""
        return self._concave

    @property
    def direction(self) -> Vector:
        """The quadrant's signs as a Vector: (1.0, 1.0) for "NE", (-1.0, 1.0) for "NW" and so on."""
        return Vector(*QUADRANTS[self._quadrant])

    @property
    def arc_center(self) -> Vector:
        """The centre of the arc's circle: ``corner`` if convex, the square's opposite corner if concave."""
        if not self._concave:
            return self._corner
        (cx, cy), (sx, sy) = self._corner, QUADRANTS[self._quadrant]
        return Vector(cx + sx * self._size, cy + sy * self._size)

    def aabb(self) -> Bounds:
        """World bounds ``(min_x, min_y, max_x, max_y)``: the square cell, which both kinds fill out."""
        (cx, cy), (sx, sy), size = self._corner, QUADRANTS[self._quadrant], self._size
        x0, x1 = sorted((cx, cx + sx * size))
        y0, y1 = sorted((cy, cy + sy * size))
        return (x0, y0, x1, y1)

    def world_vertices(self) -> NDArray[np.float64]:
        """The outline for drawing, counter-clockwise: float array (ARC_SEGMENTS + 2, 2).

        ``corner`` first, then the arc from the end on the x side to the end on the y side,
        sampled with ARC_SEGMENTS straight pieces. The samples lie on the arc; the tests in
        :func:`sat_tile` use the exact arc, never these points.

        >>> outline = QuarterTile((0, 0), 100, "NW").world_vertices()
        >>> outline.shape, outline[:2].tolist(), outline[-1].tolist()
        ((34, 2), [[0.0, 0.0], [0.0, 100.0]], [-100.0, 0.0])
        """
        turn = np.linspace(0.0, math.pi / 2, ARC_SEGMENTS + 1)
        cos, sin = np.cos(turn), np.sin(turn)
        # Exact ends, so the outline meets the square's sides where the tile does.
        cos[-1], sin[-1] = 0.0, 1.0
        size = self._size
        if self._concave:
            # Around the opposite corner (size, size), from (size, 0) to (0, size).
            arc = np.column_stack([size - size * sin, size - size * cos])
        else:
            arc = np.column_stack([size * cos, size * sin])
        local = np.vstack([[0.0, 0.0], arc])
        sx, sy = QUADRANTS[self._quadrant]
        if sx * sy < 0:
            # A mirrored quadrant winds the outline clockwise; keep the corner first.
            local = np.vstack([local[:1], local[:0:-1]])
        return local * (sx, sy) + self._corner

    def __repr__(self) -> str:
        return f"QuarterTile({tuple(self._corner)}, {self._size}, {self._quadrant!r}, concave={self._concave})"


def _circular_axis(tile: QuarterTile, points: list[Pair], circular_rule: bool) -> tuple[Vector, AxisSource, Interval, Interval] | None:
    """The circular axis candidate ``(axis, source, tile interval, box interval)``, or None.

    ``points`` are the box's vertices measured from the tile's corner, and so are the
    intervals. The box's innermost corner, the one furthest towards the tile's solid corner,
    is the one that meets the arc first.
    """
    (sx, sy), size = QUADRANTS[tile.quadrant], tile.size
    # Along (sx, sy) the corner furthest back is the innermost.
    reach = [sx * x + sy * y for x, y in points]
    inner = reach.index(min(reach))
    qx, qy = points[inner]
    # The arc's centre: the corner itself, or for a concave tile the square's opposite corner.
    mx, my = (sx * size, sy * size) if tile.concave else (0.0, 0.0)
    if tile.concave:
        # From the corner towards the hollow's centre: the way the box goes to fall into the hollow.
        dx, dy = mx - qx, my - qy
    else:
        # From the disc's centre out through the corner: the way the box goes to leave the disc.
        dx, dy = qx - mx, qy - my
    in_quadrant = sx * dx >= 0 and sy * dy >= 0
    if circular_rule and not in_quadrant:
        # The corner is beside the arc's quarter, not in front of it: the arc does not face the
        # box there, and x and y alone give the answer (Metanet's "same quadrant" rule).
        return None
    length = math.hypot(dx, dy)
    if length:
        ax, ay = dx / length, dy / length
    else:
        # The corner sits on the circle's centre: no direction is singled out; take the diagonal.
        ax, ay = sx * math.sqrt(0.5), sy * math.sqrt(0.5)
    middle = mx * ax + my * ay
    if tile.concave:
        # Solid from the tile's corner up to where the arc crosses the axis: what the box meets
        # along this line (a concave tile has no projection to speak of).
        tile_interval = Interval(0.0, middle - size, -1, -1)
    else:
        # In the quadrant the quarter disc reaches from its corner (the centre) to the arc. Beside
        # it (circular_rule=False) the tile also reaches back past the centre: this is then not
        # its shadow, the mistake the rule prevents.
        tile_interval = Interval(middle, middle + size, -1, -1)
    # The box's shadow: all four corners projected. In the quadrant the innermost corner is its
    # near end; beside it (circular_rule=False) another corner may be.
    along = [x * ax + y * ay for x, y in points]
    low, high = along.index(min(along)), along.index(max(along))
    box_interval = Interval(along[low], along[high], low, high)
    return Vector(ax, ay), AxisSource("B", AxisKind.VERTEX, inner), tile_interval, box_interval


def sat_tile(box: Box, tile: QuarterTile, circular_rule: bool = True) -> SatResult:
    """Test an axis-aligned ``box`` (B) against a round ``tile`` (A); return a :class:`SatResult`.

    The axes, in order: x and y (the box's normals and the tile's straight edges share them;
    ``merged`` counts the 4 box normals dropped), then the circular axis, through the arc's
    centre and the box's innermost corner (the one furthest towards the tile's corner),
    sourced as that vertex of B. The MTV moves the box out of the tile; touching counts as
    colliding. With the rule (the default) the depth is the exact penetration depth.

    - Convex tile: the circular axis runs from ``tile.arc_center`` out through the corner, and
      counts only when the corner lies in the arc's quadrant (seen from the centre, the way
      the tile's empty side faces). Beside it, the arc does not face the box and x and y
      settle everything.
    - Concave tile: the circular axis runs from the box's innermost corner to the hollow's
      centre; the box's interval starts at that corner and the tile's ends where the arc
      crosses the axis: the corner is clear when it is inside the circle. The rule (the corner
      on the tile's side of the hollow's centre) never matters here: the corner can only leave
      that quadrant by passing the far corner, where x or y already separates.

    A box over the convex arc goes out along the circular axis:

    >>> tile = QuarterTile((0, 0), 100, "NE")
    >>> result = sat_tile(Box((70, 70), (10, 10)), tile)
    >>> result.colliding, round(result.depth, 4), result.normal
    (True, 15.1472, Vector(x=0.7071067811865475, y=0.7071067811865475))
    >>> [(test.source.kind.value, test.source.index, test.separating) for test in result.axes]
    [('edge', 0, False), ('edge', 1, False), ('vertex', 3, False)]

    A box whose innermost corner lies on the arc touches it:

    >>> touching = sat_tile(Box((70, 90), (10, 10)), tile)
    >>> touching.colliding, touching.touching, touching.depth
    (True, True, 0.0)

    Beside the arc's quadrant only x and y count. ``circular_rule=False`` counts the circular
    axis anyway. The box's interval on it is still its shadow, but the tile's is still the arc's
    reach, from the centre out to the arc, and beside the quadrant the tile reaches back past
    the centre too: the overlap comes out too small, a wrong MTV. This box must go down by 35;
    without the rule it is sent along the circular axis (135 degrees, through its corner
    (-5, 5)) by less, which leaves it in the tile:

    >>> corner = Box((40, 20), (45, 15))
    >>> sat_tile(corner, tile).mtv
    Vector(x=0.0, y=-35.0)
    >>> wrong = sat_tile(corner, tile, circular_rule=False)
    >>> round(wrong.depth, 2), wrong.mtv.x > 0
    (28.28, True)

    It never claims a false gap: the box's shadow always reaches its corner, beyond the centre,
    and nothing of the tile lies further out along the axis than the arc.

    A concave tile: a box in the hollow is clear of it, one nearer the corner is pushed into
    the hollow:

    >>> hollow = QuarterTile((0, 0), 100, "NE", concave=True)
    >>> sat_tile(Box((60, 60), (10, 10)), hollow).colliding
    False
    >>> round(sat_tile(Box((30, 30), (10, 10)), hollow).depth, 4)
    13.1371

    Only an axis-aligned box will do:

    >>> sat_tile(Box((0, 0), (1, 1), angle=0.5), tile)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: sat_tile needs an axis-aligned box (angle a multiple of 90 degrees), got angle 0.5; Metanet's tiles meet AABBs
    """
    if isinstance(box, QuarterTile) and isinstance(tile, Box):
        raise ShapeError("sat_tile takes the box first and the tile second: sat_tile(box, tile)")
    if not isinstance(box, Box):
        raise ShapeError(f"sat_tile needs a Box as its first argument, got {type(box).__name__}")
    if box.radius:
        raise ShapeError(f"sat_tile needs a box without rounding, got radius {box.radius}; Metanet's tiles meet AABBs")
    if not isinstance(tile, QuarterTile):
        raise ShapeError(f"sat_tile needs a QuarterTile as its second argument, got {type(tile).__name__}")
    if not isinstance(circular_rule, bool):
        raise ShapeError(f"sat_tile's circular_rule must be True or False, got {circular_rule!r}")
    if abs(math.remainder(box.angle, math.pi / 2)) > 1e-12:
        raise ShapeError(
            "sat_tile needs an axis-aligned box (angle a multiple of 90 degrees), "
            f"got angle {box.angle!r}; Metanet's tiles meet AABBs"
        )
    # Everything is measured from the tile's corner, as sat() measures from A's position: the
    # box's offset from it is exact where both lie far out and their world vertices would round.
    (cx, cy), (sx, sy), size = tile.corner, QUADRANTS[tile.quadrant], tile.size
    pose = box._placed()
    ox, oy = pose.x - cx, pose.y - cy
    points = [(x + ox, y + oy) for x, y in pose.offsets]
    # On x and y: the tile's square and the box's shadow (extent, from its position, moved
    # along by its offset from the corner); and where they lie in the world, for the report.
    (left, right), (low, high) = extent(pose, 1.0, 0.0), extent(pose, 0.0, 1.0)
    x0, y0, x1, y1 = tile.aabb()
    candidates: list[tuple[Vector, AxisSource, Sequence[float], Sequence[float], Interval, Interval]] = [
        (Vector(1.0, 0.0), _X_EDGE, sorted((0.0, sx * size)), (left + ox, right + ox), Interval(x0, x1, -1, -1), project(box, (1.0, 0.0))),
        (Vector(0.0, 1.0), _Y_EDGE, sorted((0.0, sy * size)), (low + oy, high + oy), Interval(y0, y1, -1, -1), project(box, (0.0, 1.0))),
    ]
    circular = _circular_axis(tile, points, circular_rule)
    if circular is not None:
        axis, source, ia, ib = circular
        shift = cx * axis.x + cy * axis.y
        candidates.append((axis, source, ia[:2], ib[:2], _moved(ia, shift), _moved(ib, shift)))
    # Relative, as in sat(): rounding grows with the largest x and y either shape reaches.
    tile_spread = (abs(cx) + size, abs(cy) + size)
    tests, tolerances, forwards = [], [], []
    for axis, source, (a_min, a_max), (b_min, b_max), world_a, world_b in candidates:
        depth = overlap(a_min, a_max, b_min, b_max)
        tolerance = axis_tolerance(tile_spread, spread(pose), *axis)
        tests.append(AxisTest(axis, source, world_a, world_b, depth, depth < -tolerance))
        tolerances.append(tolerance)
        forwards.append(a_max - b_min)
    # As in sat(): the first gap, else the least overlap (x and y are always candidates).
    named = named_axis(tests)
    test = tests[named]
    colliding = not test.separating
    # The normal points the way the box must go; + 0.0 keeps an axis along x or y from
    # turning its 0.0 into -0.0 when it is turned round.
    ax, ay = way_out(*test.axis, test.overlap, forwards[named])
    ax, ay = ax + 0.0, ay + 0.0
    depth = test.overlap if colliding and test.overlap > 0.0 else 0.0
    return SatResult(
        colliding,
        colliding and depth <= tolerances[named],
        Vector(ax, ay),
        depth,
        Vector(ax * depth, ay * depth),
        tuple(tests),
        (),
        4,
    )
