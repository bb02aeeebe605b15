"""sat_tile() against GEOS on many random box-tile pairs: the verdict and the exact depth.

GEOS has no circles, so the oracle works with exact pieces. Each pair is seen in the tile's
own frame, scaled so the square cell is [0, 1] x [0, 1] with the solid corner at the origin
(the quadrant reflects the axes: that is its definition). There the box meets

- a convex tile (the square and the unit disc about the origin) when the part of the box in
  the square, clipped by GEOS, is within 1 of the origin;
- a concave tile (the square less the unit disc about (1, 1)) when that part reaches 1 or
  further from (1, 1): its farthest point is a vertex, GEOS's Hausdorff distance.

The depth is checked three ways: moving the box by the MTV leaves it just touching (clear
1e-7 further on, still colliding 1e-7 short); no shorter move along a fan of directions frees
it; and for a convex tile it equals GEOS's own penetration depth: the quarter disc is the
square and the disc at once, and an axis-aligned box leaves it as soon as it leaves either
(the Minkowski difference with the square, the point-polygon distance for the disc).

A third of the pairs are built grazing: the box's innermost corner on the arc, or its side on
a straight edge, or its side on the far cusp, then moved by up to 1e-3 either way.
"""

import math

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, QuarterTile, ShapeError, project, sat_tile

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
CHUNK = 2_000
CLEAR = 1e-9
"""Pairs whose exact gap is within this of zero may go either way and are not judged."""
NUDGE = 1e-7
"""How far past the MTV the box must be clear, and how far short of it still colliding."""
FAN = 16
"""Directions in the fan along which no move shorter than the depth may free the box."""
SIGNS = {"NE": (1.0, 1.0), "NW": (-1.0, 1.0), "SE": (1.0, -1.0), "SW": (-1.0, -1.0)}


def _tile(rng):
    quadrant = str(rng.choice(list(SIGNS)))
    return QuarterTile(rng.uniform(-100, 100, 2), rng.uniform(10, 120), quadrant, concave=bool(rng.integers(2)))


def _box(center, half, turn):
    """An axis-aligned box; turned by a multiple of 90 degrees, with the halfwidths swapped to match."""
    if turn % 2:
        half = half[::-1]
    return Box(center, half, angle=turn * math.pi / 2)


def _grazing_box(rng, tile):
    """A box within 1e-3 of touching the tile, built in the tile's frame and reflected out."""
    size, (sx, sy) = tile.size, SIGNS[tile.quadrant]
    w, h = rng.uniform(5, 80, 2)
    eps = rng.uniform(-1e-3, 1e-3)
    kind = rng.integers(4)
    if kind < 2:
        # Innermost corner on the arc, moved by eps along the way out of the solid.
        phi = rng.uniform(0.05, math.pi / 2 - 0.05)
        n = np.array([math.cos(phi), math.sin(phi)])
        corner = n * (size + eps) if not tile.concave else size - n * (size - eps)
        low = corner
    elif kind == 2:
        # Right side flush with the straight edge along y (x = 0), eps away.
        low = np.array([-w - eps, rng.uniform(-h, size)])
    else:
        # Left side at the far end of the edge along x (x = size), straddling the cusp or the arc's end.
        low = np.array([size + eps, rng.uniform(-h, 0)])
    if rng.integers(2):
        # The same thing across the diagonal: the other edge, the other end.
        low, (w, h) = low[::-1], (h, w)
    local = low + np.array([w, h]) / 2
    center = np.asarray(tile.corner) + local * (sx, sy)
    return _box(center, (w / 2, h / 2), int(rng.integers(4)))


def _draw(rng, count):
    tiles = [_tile(rng) for _ in range(count)]
    boxes = []
    for i, tile in enumerate(tiles):
        if i % 3 == 0:
            boxes.append(_grazing_box(rng, tile))
            continue
        half = rng.uniform(5, 80, 2)
        x0, y0, x1, y1 = tile.aabb()
        reach = np.array([tile.size / 2, tile.size / 2]) + half + 5
        center = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) + rng.uniform(-1, 1, 2) * reach
        boxes.append(_box(center, half, int(rng.integers(4))))
    return boxes, tiles


class Frames:
    """Each tile's unit frame, and GEOS's verdict for boxes (world vertices (N, 4, 2)) in it."""

    def __init__(self, tiles):
        self.corners = np.array([t.corner for t in tiles])
        self.signs = np.array([SIGNS[t.quadrant] for t in tiles])
        self.sizes = np.array([t.size for t in tiles])
        self.concave = np.array([t.concave for t in tiles])

    def collides(self, vertices, shifts=None):
        """Whether each box, moved by ``shifts`` (N, 2), meets its tile."""
        if shifts is not None:
            vertices = vertices + shifts[:, None, :]
        local = (vertices - self.corners[:, None, :]) * self.signs[:, None, :] / self.sizes[:, None, None]
        clipped = shapely.clip_by_rect(shapely.polygons(local), 0.0, 0.0, 1.0, 1.0)
        near = shapely.distance(shapely.points(0.0, 0.0), clipped) <= 1.0
        far = shapely.hausdorff_distance(shapely.points(1.0, 1.0), clipped) >= 1.0
        return ~shapely.is_empty(clipped) & np.where(self.concave, far, near)

    def clear_of_ties(self, vertices):
        """The pairs whose verdict GEOS gives the same when the box grows or shrinks by CLEAR,
        and the verdict."""
        outward = np.sign(vertices - vertices.mean(axis=1, keepdims=True))
        grown, shrunk = self.collides(vertices + CLEAR * outward), self.collides(vertices - CLEAR * outward)
        return grown == shrunk, grown


def _convex_depths(vertices, tiles):
    """GEOS's penetration depth of each box into the square and into the disc, the smaller."""
    squares = []
    for t in tiles:
        x0, y0, x1, y1 = t.aabb()
        squares.append(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))
    square_gap, _ = oracle.minkowski(squares, list(vertices))
    centers = np.array([t.corner for t in tiles])
    disc_gap, _ = oracle.circle_polygon(oracle.polygons(vertices), centers, np.array([t.size for t in tiles]))
    return -np.maximum(square_gap, disc_gap)


def _judge(boxes, tiles):
    """Every way the chunk's results disagree with GEOS, as readable lines."""
    frames = Frames(tiles)
    vertices = np.array([b.world_vertices() for b in boxes])
    clear, truth = frames.clear_of_ties(vertices)
    results = [sat_tile(b, t) for b, t in zip(boxes, tiles)]
    colliding = np.array([r.colliding for r in results])
    normals = np.array([r.normal for r in results])
    mtvs = np.array([r.mtv for r in results])
    depths = np.array([r.depth for r in results])

    def say(i, what):
        return f"pair {i}: {boxes[i]!r} {tiles[i]!r}: {what}"

    disagree = clear & (colliding != truth)
    failures = [say(i, f"colliding {colliding[i]}, GEOS {truth[i]}") for i in np.flatnonzero(disagree)]
    judged = np.flatnonzero(clear & truth & colliding)
    beyond = frames.collides(vertices, mtvs + NUDGE * normals)
    failures += [say(i, f"still colliding after the MTV {mtvs[i]}") for i in judged[beyond[judged]]]
    deep = judged[depths[judged] > 2 * NUDGE]
    within = Frames([tiles[i] for i in deep])
    short = within.collides(vertices[deep], (mtvs - NUDGE * normals)[deep])
    failures += [say(i, f"clear before the end of the MTV {mtvs[i]}") for i in deep[~short]]
    phase = np.random.default_rng(len(boxes)).uniform(0, 2 * np.pi, len(deep))
    for k in range(FAN):
        angle = phase + 2 * np.pi * k / FAN
        moves = np.column_stack([np.cos(angle), np.sin(angle)]) * (depths[deep] - NUDGE)[:, None]
        freed = ~within.collides(vertices[deep], moves)
        failures += [say(i, f"{move} frees it, shorter than depth {depths[i]}") for i, move in zip(deep[freed], moves[freed])]
    convex = judged[~frames.concave[judged]]
    exact = _convex_depths(vertices[convex], [tiles[i] for i in convex])
    wrong = np.abs(depths[convex] - exact) > 1e-9 * np.maximum(1.0, exact)
    failures += [say(i, f"depth {depths[i]!r}, GEOS {depth!r}") for i, depth in zip(convex[wrong], exact[wrong])]
    return failures, int(np.sum(clear & truth)), int(np.sum(clear & ~truth))


@pytest.mark.parametrize("size", SIZES)
def test_sat_tile_agrees_with_geos(size):
    rng = np.random.default_rng([size, 11])
    failures, hits, misses = [], 0, 0
    for _ in range(size // CHUNK):
        found, hit, miss = _judge(*_draw(rng, CHUNK))
        failures += found
        hits += hit
        misses += miss
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    # The sample itself must be worth testing: many of both verdicts.
    assert size // 4 <= hits <= size * 3 // 4 and misses >= size // 4


def test_grazing_pairs_graze():
    """The built grazing pairs really are within 1e-3 of touching: 2e-3 each way flips GEOS's verdict."""
    rng = np.random.default_rng(5)
    tiles = [_tile(rng) for _ in range(600)]
    boxes = [_grazing_box(rng, t) for t in tiles]
    normals = np.array([sat_tile(b, t).normal for b, t in zip(boxes, tiles)])
    frames, vertices = Frames(tiles), np.array([b.world_vertices() for b in boxes])
    assert not frames.collides(vertices, 2e-3 * normals).any()
    assert frames.collides(vertices, -2e-3 * normals).all()
    verdicts = frames.collides(vertices)
    assert 200 <= verdicts.sum() <= 400


def _polygon_tile(tile):
    """The tile as shapely builds it, its arc a polygon of 256 pieces: a quarter disc is a
    buffered point cut by the square; a concave tile is the square less one."""
    square = shapely.box(*tile.aabb())
    disc = shapely.buffer(shapely.Point(tile.arc_center), tile.size, quad_segs=256)
    return shapely.difference(square, disc) if tile.concave else shapely.intersection(square, disc)


def test_oracle_agrees_with_shapely_tiles():
    """Where the polygon's flats cannot matter (the box is 1e-3 of the tile's size clear of the
    verdict either way) the exact oracle and shapely's polygon tile agree."""
    rng = np.random.default_rng(3)
    boxes, tiles = _draw(rng, 1500)
    polygons = np.array([_polygon_tile(t) for t in tiles])
    vertices = np.array([b.world_vertices() for b in boxes])
    boxes_geoms = oracle.polygons(vertices)
    verdict = Frames(tiles).collides(vertices)
    margin = np.array([t.size for t in tiles]) * 1e-3
    grown, shrunk = (shapely.buffer(boxes_geoms, grow, join_style="mitre") for grow in (margin, -margin))
    robust = shapely.intersects(grown, polygons) == shapely.intersects(shrunk, polygons)
    assert robust.sum() > 900
    assert (verdict[robust] == shapely.intersects(boxes_geoms, polygons)[robust]).all()


def test_outline_lies_on_the_tile():
    """world_vertices is the outline for drawing: every sample on the exact tile's boundary."""
    rng = np.random.default_rng(9)
    for _ in range(40):
        tile = _tile(rng)
        outline = tile.world_vertices()
        assert outline.shape == (34, 2)
        assert shapely.Polygon(outline).is_valid and shapely.Polygon(outline).exterior.is_ccw
        assert np.allclose(outline[0], tile.corner)
        on_arc = np.hypot(*(outline[1:] - tile.arc_center).T)
        assert np.allclose(on_arc, tile.size, rtol=1e-12)
        assert np.allclose(shapely.Polygon(outline).bounds, tile.aabb(), rtol=0, atol=1e-9)


def test_rule_matters_only_for_convex_tiles():
    """Without the rule a convex tile gets wrong MTVs but never a false separation (the box's
    interval is its shadow, which reaches its corner beyond the centre, and nothing of the tile
    lies beyond the arc); a concave one keeps every verdict and MTV, as sat_tile's docstring says."""
    rng = np.random.default_rng(21)
    boxes, tiles = _draw(rng, 3000)
    wrong_mtvs = 0
    for box, tile in zip(boxes, tiles):
        ruled, unruled = sat_tile(box, tile), sat_tile(box, tile, circular_rule=False)
        if tile.concave:
            assert (unruled.colliding, unruled.mtv) == (ruled.colliding, ruled.mtv)
            continue
        assert unruled.colliding == ruled.colliding, "ignoring the rule changes no verdict"
        if ruled.colliding and unruled.depth < ruled.depth - 1e-9:
            wrong_mtvs += 1
    assert wrong_mtvs > 10


def test_the_box_interval_on_the_circular_axis_is_its_shadow():
    """With the rule or without, the box's interval on the circular axis is the span of its four
    world corners projected on that axis, here projected by the test itself."""
    rng = np.random.default_rng(5)
    boxes, tiles = _draw(rng, 600)
    beside = 0
    for box, tile in zip(boxes, tiles):
        for rule in (True, False):
            axes = sat_tile(box, tile, circular_rule=rule).axes
            if len(axes) < 3:
                continue
            beside += not rule and len(sat_tile(box, tile).axes) == 2
            circular = axes[2]
            along = box.world_vertices() @ np.array(circular.axis)
            reach = 1e-12 * (np.abs(box.world_vertices()).max() + np.abs(tile.corner).max() + tile.size)
            assert circular.b.min == pytest.approx(along.min(), abs=reach)
            assert circular.b.max == pytest.approx(along.max(), abs=reach)
            assert along[circular.b.min_index] == pytest.approx(along.min(), abs=reach)
            assert along[circular.b.max_index] == pytest.approx(along.max(), abs=reach)
    assert beside > 50, "enough boxes beside the quadrant, where the rule would leave the axis out"


def test_circular_axis_only_in_the_quadrant():
    tile = QuarterTile((10, 20), 50, "SW")
    over = sat_tile(Box((-10, 0), (5, 5)), tile)
    beside = sat_tile(Box((-10, 30), (5, 15)), tile)
    assert [t.source.kind.value for t in over.axes] == ["edge", "edge", "vertex"]
    assert [t.source.kind.value for t in beside.axes] == ["edge", "edge"]
    # The innermost corner of a box south-west of the tile's corner is its UR corner.
    assert over.axes[2].source.index == Box.CORNERS.index("UR")
    assert len(sat_tile(Box((-10, 30), (5, 15)), tile, circular_rule=False).axes) == 3


def test_touching_counts_as_colliding():
    tile = QuarterTile((0, 0), 10, "NE")
    for box in (Box((-1, 5), (1, 1)), Box((5, -1), (1, 1)), Box((7, 9), (1, 1))):  # left, below, on the arc at (6, 8)
        result = sat_tile(box, tile)
        assert result.colliding and result.touching and result.mtv == (0.0, 0.0)
    hollow = QuarterTile((0, 0), 10, "NE", concave=True)
    # The innermost corner (4, 2) is 10 from the hollow's centre (10, 10): on the arc.
    assert sat_tile(Box((5, 3), (1, 1)), hollow).touching


def test_corner_on_the_centre():
    """A box cornered on the arc's centre has no circular direction: the diagonal stands in."""
    tile = QuarterTile((0, 0), 10, "NE")
    result = sat_tile(Box((1, 1), (1, 1)), tile)
    assert result.axes[2].axis == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))
    assert result.depth == 2.0
    hollow = sat_tile(Box((11, 11), (1, 1)), QuarterTile((0, 0), 10, "NE", concave=True), circular_rule=False)
    assert not hollow.colliding and hollow.axes[2].overlap == -10.0


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: QuarterTile((0, math.nan), 1, "NE"), "tile corner y must be a finite number"),
        (lambda: QuarterTile((0, 0), 0, "NE"), "tile size must be greater than zero"),
        (lambda: QuarterTile((0, 0), 1, ["NE"]), "tile quadrant must be one of NE, NW, SE, SW"),
        (lambda: QuarterTile((0, 0), 1, "NE", concave=1), "tile concave must be True or False"),
        (lambda: sat_tile(QuarterTile((0, 0), 1, "NE"), Box((0, 0), (1, 1))), "the box first and the tile second"),
        (lambda: sat_tile((0, 0), QuarterTile((0, 0), 1, "NE")), "needs a Box as its first argument, got tuple"),
        (lambda: sat_tile(Box((0, 0), (1, 1)), Box((0, 0), (1, 1))), "needs a QuarterTile as its second argument"),
        (lambda: sat_tile(Box((0, 0), (1, 1), 0.1), QuarterTile((0, 0), 1, "NE")), "needs an axis-aligned box"),
        (lambda: sat_tile(Box((0, 0), (1, 1)), QuarterTile((0, 0), 1, "NE"), 1), "circular_rule must be True or False"),
    ],
)
def test_bad_input_says_what_to_fix(make, message):
    with pytest.raises(ShapeError, match=message):
        make()


def test_box_intervals_are_projections():
    """On x and y the box's intervals are project()'s, vertex indices and all, turned or not."""
    tile = QuarterTile((0, 0), 10, "NE")
    for turn in range(4):
        box = _box((3, 4), (2, 1), turn)
        tests = sat_tile(box, tile).axes
        assert tests[0].b == project(box, (1, 0)) and tests[1].b == project(box, (0, 1))
