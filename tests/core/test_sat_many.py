"""sat_many row by row against scalar sat() and against GEOS; box_vertices against Box."""

import math

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, Circle, Polygon, ShapeError, box_vertices, regular_polygon, sat, sat_many, sat_many_circles
from random_shapes import convex_vertices, place_near, random_box, random_circle, random_polygon

AGREE = 1e-9
"""How closely depth, normal and MTV must match scalar sat() on a pair that is not a tie."""

SIZES = [pytest.param(1_200, id="1200"), pytest.param(12_000, id="12k", marks=pytest.mark.slow)]


def is_tie(result):
    """Whether float noise may fairly change sat()'s answer: the verdict is within noise of
    flipping, another axis overlaps within noise of the chosen one, or B's interval sits
    within noise of the middle of A's so that either way out is as short."""
    overlaps = [test.overlap for test in result.axes]
    chosen = result.separating_axis or min(result.axes, key=lambda test: test.overlap)
    if any(abs(o) <= AGREE for o in overlaps):
        return True
    if not result.colliding:
        return False
    if sum(abs(o - chosen.overlap) <= AGREE for o in overlaps) > 1:
        return True
    (a_min, a_max, _, _), (b_min, b_max, _, _) = chosen.a, chosen.b
    return abs((a_max - b_min) - (b_max - a_min)) <= AGREE


def compare(pairs):
    """Disagreements between sat_many and sat() on ``pairs`` (all with the same vertex
    counts), as readable lines, and how many pairs were judged."""
    a = np.array([x.world_vertices() for x, _ in pairs])
    b = np.array([y.world_vertices() for _, y in pairs])
    many = sat_many(a, b)
    failures, judged = [], 0
    for i, (x, y) in enumerate(pairs):
        one = sat(x, y)
        if is_tie(one):
            continue
        judged += 1
        # The pair's description only for a failure: making it for every pair costs more than judging it.
        where = lambda: f"pair {i}: A={x!r} B={y!r}"
        if bool(many.colliding[i]) != one.colliding or bool(many.touching[i]) != one.touching:
            failures.append(f"{where()}: colliding {many.colliding[i]} touching {many.touching[i]}, sat() {one.colliding} {one.touching}")
        elif abs(many.depth[i] - one.depth) > AGREE or np.abs(many.mtv[i] - one.mtv).max() > AGREE:
            failures.append(f"{where()}: depth {many.depth[i]} mtv {many.mtv[i]}, sat() {one.depth} {one.mtv}")
        elif np.abs(many.normal[i] - one.normal).max() > AGREE:
            failures.append(f"{where()}: normal {many.normal[i]}, sat() {one.normal}")
    return failures, judged


def placed_pairs(rng, count, make_a, make_b):
    pairs = [(make_a(rng), make_b(rng)) for _ in range(count)]
    for x, y in pairs:
        place_near(rng, x, y)
    return pairs


def polygon_with(rng, sides):
    return Polygon(convex_vertices(rng, sides), rng.uniform(-100, 100, 2), rng.uniform(0, 2 * np.pi))


@pytest.mark.parametrize("size", SIZES)
def test_boxes_agree_with_sat(size):
    pairs = placed_pairs(np.random.default_rng([size, 1]), size, random_box, random_box)
    failures, judged = compare(pairs)
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    assert judged >= size * 0.95


@pytest.mark.parametrize("size", SIZES)
def test_polygons_agree_with_sat(size):
    rng = np.random.default_rng([size, 2])
    failures, judged = [], 0
    # Boxes against pentagons, hexagons against triangles, and general four-gons, which
    # must not be mistaken for boxes.
    for sides_a, sides_b in [(4, 5), (6, 3), (4, 4), (7, 4)]:
        def make_a(rng, sides=sides_a):
            return random_box(rng) if sides == 4 and sides_b == 5 else polygon_with(rng, sides)

        found, count = compare(placed_pairs(rng, size // 4, make_a, lambda rng, sides=sides_b: polygon_with(rng, sides)))
        failures += found
        judged += count
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    assert judged >= size * 0.95


def test_polygons_of_many_sides_agree_with_sat():
    rng = np.random.default_rng(17)
    pairs = placed_pairs(rng, 100, lambda rng: regular_polygon(50, rng.uniform(10, 80), angle=rng.uniform(0, 7)),
                         lambda rng: regular_polygon(40, rng.uniform(10, 80), angle=rng.uniform(0, 7)))
    failures, judged = compare(pairs)
    assert not failures, "\n".join(failures[:5])
    assert judged >= 90


def compare_circles(pairs):
    """As compare(), for (polygon, circle) pairs through sat_many_circles."""
    many = sat_many_circles(
        np.array([x.world_vertices() for x, _ in pairs]),
        np.array([y.center for _, y in pairs]),
        np.array([y.radius for _, y in pairs]),
    )
    failures, judged = [], 0
    for i, (x, y) in enumerate(pairs):
        one = sat(x, y)
        if is_tie(one):
            continue
        judged += 1
        got = (bool(many.colliding[i]), bool(many.touching[i]))
        if got != (one.colliding, one.touching):
            failures.append(f"pair {i}: A={x!r} B={y!r}: {got}, sat() {one.colliding} {one.touching}")
        elif max(abs(many.depth[i] - one.depth), *np.abs(many.mtv[i] - one.mtv), *np.abs(many.normal[i] - one.normal)) > AGREE:
            failures.append(f"pair {i}: A={x!r} B={y!r}: {many.depth[i]} {many.normal[i]}, sat() {one.depth} {one.normal}")
    return failures, judged


@pytest.mark.parametrize("size", SIZES)
def test_polygons_and_circles_agree_with_sat(size):
    rng = np.random.default_rng([size, 3])
    failures, judged = [], 0
    for sides in (4, 6, 70):
        found, count = compare_circles(placed_pairs(rng, size // 3, lambda rng, sides=sides: polygon_with(rng, sides) if sides < 70 else regular_polygon(70, 50, angle=rng.uniform(0, 7)), random_circle))
        failures += found
        judged += count
    found, count = compare_circles(placed_pairs(rng, size // 3, random_box, random_circle))
    assert not failures + found, "\n".join((failures + found)[:5])
    assert judged + count >= size * 0.95


def test_circles_verdict_agrees_with_geos():
    rng = np.random.default_rng(23)
    pairs = placed_pairs(rng, 1000, random_polygon, random_circle)
    a = np.array([x.world_vertices() for x, _ in pairs if len(x.world_vertices()) == 6])
    circles = [y for x, y in pairs if len(x.world_vertices()) == 6]
    centres, radii = np.array([c.center for c in circles]), np.array([c.radius for c in circles])
    many = sat_many_circles(a, centres, radii)
    gap, _ = oracle.circle_polygon(oracle.polygons(a), centres, radii)
    clear = np.abs(gap) > 1e-9
    assert clear.sum() >= 50
    assert (many.colliding[clear] == (gap[clear] < 0)).all()
    deep = clear & many.colliding
    assert np.abs(many.depth[deep] + gap[deep]).max() <= 1e-6


def test_touching_containment_and_thin_boxes():
    """The cases sat() defines with care: shared edges and corners, one box inside another
    (the MTV the shorter way out), boxes far thinner than they are long."""
    cases = [
        (Box((0, 0), (1, 1)), Box((2, 0), (1, 1))),
        (Box((0, 0), (1, 1)), Box((2, 2), (1, 1))),
        (Box((0, 0), (1, 1), 0.3), Box((0, 0), (1, 1), 0.3 + math.pi / 2)),
        (Box((0, 0), (10, 10)), Box((6, 1), (1, 2))),
        (Box((0, 0), (10, 10), 0.7), Box((-3, 2), (1, 2), 1.9)),
        (Box((0, 0), (1e-6, 50), 0.2), Box((3, 0), (4, 1e-6), 1.0)),
        (Box((0, 0), (1e-6, 50)), Box((1e-6 + 2, 0), (2, 1e-6))),
        (Box((0, 0), (50, 1e-6), 0.5), Box((0, 0), (50, 1e-6), 0.5)),
    ]
    a = np.array([x.world_vertices() for x, _ in cases])
    b = np.array([y.world_vertices() for _, y in cases])
    many = sat_many(a, b)
    for i, (x, y) in enumerate(cases):
        one = sat(x, y)
        assert bool(many.colliding[i]) == one.colliding and bool(many.touching[i]) == one.touching, i
        assert abs(many.depth[i] - one.depth) <= AGREE and np.abs(many.mtv[i] - one.mtv).max() <= AGREE, i
    assert many.touching[:2].all()
    # Inside the big box, B (x from 5 to 7) leaves 5 to the right, not 17 to the left.
    assert many.mtv[3].tolist() == pytest.approx([5.0, 0.0])


def test_verdict_and_depth_agree_with_geos():
    rng = np.random.default_rng(21)
    pairs = placed_pairs(rng, 1200, random_box, random_box)
    # Every third pair moved to graze, within 1e-3 of touching either side.
    for x, y in pairs[::3]:
        gap, touch = oracle.minkowski([x.world_vertices()], [y.world_vertices()])
        unit = touch[0] / np.hypot(*touch[0])
        y.position = np.asarray(y.position) + touch[0] + rng.uniform(-1e-3, 1e-3) * (unit if gap[0] < 0 else -unit)
    a = np.array([x.world_vertices() for x, _ in pairs])
    b = np.array([y.world_vertices() for _, y in pairs])
    many = sat_many(a, b)
    gap, _ = oracle.minkowski(list(a), list(b))
    intersects = shapely.intersects(oracle.polygons(a), oracle.polygons(b))
    clear = np.abs(gap) > 1e-9
    assert clear.sum() > 1150 and (np.abs(gap) < 1e-3).sum() > 350
    assert (many.colliding[clear] == intersects[clear]).all()
    assert (many.colliding[clear] == (gap[clear] < 0)).all()
    deep = clear & many.colliding
    assert np.abs(many.depth[deep] + gap[deep]).max() <= 1e-6
    after, _ = oracle.minkowski(list(a[deep]), list(b[deep] + many.mtv[deep][:, None, :]))
    assert np.abs(after).max() <= 1e-6


def test_box_vertices_are_box_world_vertices():
    rng = np.random.default_rng(9)
    centres, halves, angles = rng.uniform(-1e3, 1e3, (500, 2)), rng.uniform(1e-3, 1e3, (500, 2)), rng.uniform(-7, 7, 500)
    many = box_vertices(centres, halves, angles)
    assert many.shape == (500, 4, 2)
    for i in range(500):
        assert np.array_equal(many[i], Box(centres[i], halves[i], angles[i]).world_vertices())


def test_empty_batch():
    result = sat_many(np.zeros((0, 4, 2)), np.zeros((0, 3, 2)))
    assert result.colliding.shape == (0,) and result.mtv.shape == (0, 2)
    assert box_vertices(np.zeros((0, 2)), (1, 1), 0).shape == (0, 4, 2)


SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]]


@pytest.mark.parametrize(
    "a, b, message",
    [
        ([SQUARE], [SQUARE, SQUARE], "a and b must hold the same number of polygons, got 1 and 2"),
        (SQUARE, [SQUARE], "a must have shape (N, K, 2): N polygons of K >= 3 (x, y) vertices; got (4, 2)"),
        ([SQUARE], [[[0, 0], [1, 1]]], "b must have shape (N, K, 2)"),
        ([SQUARE], [[[0, 0], [1, 0], [np.nan, 1]]], "b row 0 has a coordinate that is not finite"),
        ([SQUARE, SQUARE], [SQUARE, [[0, 0], [1, 0], [1, np.inf], [0, 1]]], "b row 1 has a coordinate that is not finite"),
        ([SQUARE, [[0, 0], [1, 0], [1, 1], [np.nan, 1]]], [SQUARE, SQUARE], "a row 1 has a coordinate that is not finite"),
        ([SQUARE], [SQUARE[::-1]], "b row 0 is not a convex polygon listed counter-clockwise"),
        ([[[0, 0], [4, 0], [2, 1], [2, 4]]], [SQUARE], "a row 0 is not a convex polygon listed counter-clockwise"),
        ([[[0, 0], [1, 0], [1, 0], [0, 1]]], [SQUARE], "a row 0: vertex 2 repeats vertex 1; remove it"),
        ([[["0", "0"], ["1", "0"], ["0", "1"]]], [SQUARE], "a must be an array of numbers"),
        ([[[True, False], [True, True], [False, True]]], [SQUARE], "a must be an array of numbers"),
        ([[[0, 0], [10**400, 0], [0, 1]]], [SQUARE], "a must be an array of numbers"),
    ],
)
def test_bad_input_says_what_to_fix(a, b, message):
    with pytest.raises(ShapeError) as caught:
        sat_many(a, b)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "centers, radii, message",
    [
        ([[0, 0]], [0], "circle radii must be greater than zero, got 0.0 in row 0"),
        ([[0, 0]], [np.inf], "circle radii must be finite numbers"),
        ([[0, 0], [1, 1]], [1, 1], "for 1 polygons, circle centers must have shape (1, 2) and radii (1,)"),
        ([["0", "0"]], [1], "circle centers must be numbers"),
    ],
)
def test_circles_bad_input(centers, radii, message):
    with pytest.raises(ShapeError) as caught:
        sat_many_circles([SQUARE], centers, radii)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "centers, half_sizes, angles, message",
    [
        ([[0, 0]], [[1, -1]], [0], "box half sizes must be greater than zero, got -1.0 in row 0"),
        ([[0, 0]], [[1, 1]], [np.nan], "box angles must be finite numbers"),
        ([0, 0], [[1, 1]], [0], "box centers must have shape (N, 2), got (2,)"),
        ([[0, 0]], [[1, 1], [1, 1]], [0], "box half sizes must be (N, 2) or (2,) and angles (N,) or one number"),
        ([["0", "0"]], [[1, 1]], [0], "box centers must be numbers"),
    ],
)
def test_box_vertices_bad_input(centers, half_sizes, angles, message):
    with pytest.raises(ShapeError) as caught:
        box_vertices(centers, half_sizes, angles)
    assert str(caught.value).startswith(message)


def test_rows_of_boxes_take_the_box_test():
    """Turned, thin, tiny and far-off boxes are all recognised as boxes, so sat_many tests
    two axes of each instead of four: a slip here changes no answer, only the speed."""
    from collision.fast.batch import _columns
    from collision.fast.box_rows import rectangles as _rectangles

    rng = np.random.default_rng(31)
    for scale, offset in [(1.0, 0.0), (1e-6, 0.0), (1e3, 1e9), (1.0, -1e6)]:
        halves = rng.uniform(1e-3, 80, (5000, 2)) * scale
        halves[::7, 1] = 1e-6 * scale
        boxes = box_vertices(rng.uniform(-100, 100, (5000, 2)) * scale + offset, halves, rng.uniform(-20, 20, 5000))
        assert _rectangles(*_columns(boxes)) is not None, (scale, offset)
    skewed = np.array([[[0, 0], [2, 0], [3, 1], [1, 1]]], dtype=float)
    assert _rectangles(*_columns(skewed)) is None


def test_thin_boxes_away_from_the_origin_agree_with_sat():
    """A box 2e-6 thin whose short edge comes first: its edge vectors carry the rounding of
    coordinates near 1000, so its axes must come from its long edges."""
    rng = np.random.default_rng(37)

    def thin(rng):
        return Box(rng.uniform(900, 1100, 2), (1e-6, rng.uniform(20, 80))[:: int(rng.integers(0, 2)) * 2 - 1], rng.uniform(0, 7))

    failures, judged = compare(placed_pairs(rng, 600, thin, random_box))
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    assert judged >= 550


def test_blocks_of_boxes_and_a_block_with_another_four_gon_agree_with_sat(monkeypatch):
    """Rows go through in blocks, the box test on each block of boxes and the general one on
    a block that holds any other four-gon; the blocks are of one size, so the last one
    reaches back over rows already done (301 rows in blocks of 61: the last starts at 240)."""
    import collision.fast.batch

    monkeypatch.setattr(collision.fast.batch, "_BLOCK", 64)
    rng = np.random.default_rng(43)
    pairs = placed_pairs(rng, 301, random_box, random_box)
    pairs[100] = (polygon_with(rng, 4), pairs[100][1])
    failures, judged = compare(pairs)
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    assert judged >= 280
