"""Every broad-phase method finds exactly brute force's pairs; brute force matches a plain loop."""

import itertools
import math

import numpy as np
import pytest

from collision import Quadtree, ShapeError
from collision.projection import bounds_touch
from collision.broadphase import (
    METHODS,
    brute_force,
    contacts,
    count_candidates,
    find,
    grid_cells,
    loose_grid,
    pairs,
    sort_and_sweep,
)
from collision.fast.broadphase import _sweep_axis

SEEDS = [pytest.param(seed, id=f"seed{seed}") for seed in range(12)] + [
    pytest.param(seed, id=f"seed{seed}", marks=pytest.mark.slow) for seed in range(12, 120)
]
VARIANTS = [
    ("brute", {}), ("sweep", {}), ("grid", {}), ("quadtree", {}), ("quadtree", {"straddle": "children"}),
    ("quadtree", {"walk": "tip", "max_levels": 5}), ("quadtree", {"max_levels": 2, "max_objects": 1}),
]


def loop_pairs(boxes):
    """The oracle: every pair tested in plain Python, touching counted."""
    return [
        [i, j]
        for i, j in itertools.combinations(range(len(boxes)), 2)
        if boxes[i][0] <= boxes[j][2] and boxes[j][0] <= boxes[i][2] and boxes[i][1] <= boxes[j][3] and boxes[j][1] <= boxes[i][3]
    ]


def awkward_boxes(rng, count):
    """Boxes on a coarse integer grid, so many share an edge or a corner exactly, with some
    repeated, some of zero width or height or both, some thin, and a few large ones."""
    corners = rng.integers(0, 40, (count, 2)).astype(float)
    sizes = rng.choice([0.0, 1.0, 2.0, 5.0], (count, 2))
    sizes[rng.random(count) < 0.05] *= 8
    boxes = np.hstack([corners, corners + sizes])
    repeats = rng.random(count) < 0.1
    boxes[repeats] = boxes[rng.integers(0, count, int(repeats.sum()))]
    # Shift and scale so the coordinates are not small integers, keeping the ties exact.
    return boxes * 0.25 + rng.choice([0.0, -1e6, 3.5e8])


@pytest.mark.parametrize("seed", SEEDS)
def test_every_method_finds_brute_force_pairs(seed):
    rng = np.random.default_rng(seed)
    boxes = awkward_boxes(rng, int(rng.integers(0, 300)))
    brute = find(boxes, "brute")
    assert brute.pairs.tolist() == loop_pairs(boxes.tolist())
    assert brute.candidates == len(boxes) * (len(boxes) - 1) // 2
    for method, options in VARIANTS[1:]:
        result = find(boxes, method, **options)
        assert result.pairs.tolist() == brute.pairs.tolist(), (method, options)
        assert len(result.pairs) <= result.candidates <= brute.candidates, (method, options)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_numpy_kernels_are_the_readable_functions(seed):
    """collision.fast's brute force, sweep and grid give the plain functions' pairs and
    candidate counts (the sweep along the axis the kernel picks, the grid on its cells)."""
    rng = np.random.default_rng([seed, 20])
    boxes = awkward_boxes(rng, int(rng.integers(0, 200)))
    rows = boxes.tolist()
    expected = loop_pairs(rows)
    plain = {
        "brute": brute_force(rows),
        "sweep": sort_and_sweep(rows, _sweep_axis(boxes) if len(rows) > 1 else 0),
    }
    if rows:
        grid = grid_cells(boxes)
        plain["grid"] = loose_grid(rows, grid.cell, grid.origin)
    for method, (found, candidates) in plain.items():
        kernel = find(boxes, method)
        assert [list(pair) for pair in found] == expected == kernel.pairs.tolist(), method
        assert candidates == kernel.candidates, method


@pytest.mark.parametrize("method, options", VARIANTS, ids=[f"{m}{o.get('straddle', '')}" for m, o in VARIANTS])
def test_scattered_boxes_of_mixed_sizes(method, options):
    """Real-valued positions and a spread of sizes, as a scene's moving objects have."""
    rng = np.random.default_rng(5)
    corners = rng.uniform(-500, 500, (2000, 2))
    boxes = np.hstack([corners, corners + rng.uniform(0, 1, (2000, 2)) * rng.choice([2, 20, 80], (2000, 1))])
    assert pairs(boxes, method, **options).tolist() == pairs(boxes, "brute").tolist()


@pytest.mark.parametrize("spread", [60.0, 1e5], ids=["dense-grid", "sparse-grid"])
def test_the_grid_over_few_or_many_cells_finds_brute_force_pairs(spread):
    """The grid looks its cells up in a table when the boxes fill a small grid, and searches
    the sorted cells when they are spread over many (here up to 10**10 cells): both must
    find brute force's pairs and count the same candidates, clusters touching included."""
    rng = np.random.default_rng(11)
    centres = rng.uniform(0, spread, (40, 2))
    corners = np.repeat(centres, 8, axis=0) + rng.integers(-4, 5, (320, 2)) * 0.5
    boxes = np.hstack([corners, corners + rng.choice([0.0, 0.5, 1.0], (320, 2))])
    result, brute = find(boxes, "grid"), find(boxes, "brute")
    assert result.pairs.tolist() == brute.pairs.tolist() and len(brute.pairs) > 80
    assert result.candidates == count_candidates(boxes, "grid")
    cells = grid_cells(boxes).cells
    near = np.abs(cells[:, None] - cells[None]).max(axis=2) <= 1
    assert result.candidates == int(np.triu(near, 1).sum())


@pytest.mark.parametrize("straddle", ["parent", "children"])
def test_quadtree_candidates_are_the_trees_own_count(straddle):
    """The tip's walk at the tip's depth, and the variant, count what the tree counts."""
    rng = np.random.default_rng(3)
    boxes = awkward_boxes(rng, 200)
    tree = Quadtree(tuple(boxes[:, :2].min(axis=0)) + tuple(boxes[:, 2:].max(axis=0)), straddle=straddle)
    tree.insert_many(range(len(boxes)), boxes)
    assert find(boxes, "quadtree", straddle=straddle, walk="tip", max_levels=5).candidates == tree.candidate_pairs()


def range_walk_candidates(boxes, max_levels):
    """The oracle for the range walk's count, from the tree's nodes in plain Python: each item
    meets the items after it in its node, and those of every node below whose bounds touch
    its box (a node below that touches it has ancestors that do: they hold it)."""
    tree = Quadtree(tuple(boxes[:, :2].min(axis=0)) + tuple(boxes[:, 2:].max(axis=0)), max_levels=max_levels)
    tree.insert_many(range(len(boxes)), boxes)
    nodes, total = tree.nodes(), 0
    for k, node in enumerate(nodes):
        below = []
        for other in nodes[k + 1 :]:  # parents first: the subtree runs to the next node no deeper
            if other.level <= node.level:
                break
            below.append(other)
        for place, item in enumerate(node.items):
            total += len(node.items) - place - 1
            total += sum(len(other.items) for other in below if bounds_touch(other.bounds, boxes[item]))
    return total


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("max_levels", [None, 1, 3])
def test_quadtree_range_walk_counts_what_each_box_reaches(seed, max_levels):
    rng = np.random.default_rng(seed)
    boxes = awkward_boxes(rng, int(rng.integers(2, 250)))
    expected = range_walk_candidates(boxes, max_levels)
    assert find(boxes, "quadtree", max_levels=max_levels).candidates == expected
    assert count_candidates(boxes, "quadtree", max_levels=max_levels) == expected


def spread_boxes(count, seed=2):
    """``count`` boxes as the broad-phase scenes spawn them: as crowded at any count."""
    rng = np.random.default_rng(seed)
    size = rng.uniform(6, 26, (count, 2)) * min(1.0, (1000 / count) ** 0.5)
    corners = rng.uniform((-620, -340), np.array([170, 340]) - size)
    return np.hstack([corners, corners + size])


def test_the_quadtrees_work_grows_as_its_objects_do():
    """As deep as its objects need, the quadtree's candidates grow as n log n (a straddler's
    walk goes down the tree's log4 n levels); at the tip's fixed depth and walk they grew as
    n**1.5 (straddlers meet everything below)."""
    small, large = spread_boxes(4_000), spread_boxes(32_000)
    growth = math.log(count_candidates(large, "quadtree") / count_candidates(small, "quadtree")) / math.log(8)
    assert growth < 1.2
    tip = math.log(count_candidates(large, "quadtree", walk="tip", max_levels=5) / count_candidates(small, "quadtree", walk="tip", max_levels=5)) / math.log(8)
    assert tip > 1.4


def test_quadtree_depth_grows_with_its_objects():
    for count in (1_000, 16_000):
        tree = Quadtree((-620, -340, 170, 340), max_objects=10, max_levels=None)
        tree.insert_many(range(count), spread_boxes(count))
        deepest = int(tree.arrays().level.max())
        # About log4(count / 10) levels to bring the leaves down to ten: a few more where they crowd.
        assert math.log(count / 10, 4) <= deepest <= math.log(count / 10, 4) + 4, (count, deepest)


def test_quadtree_walk_is_checked():
    with pytest.raises(ShapeError, match='the quadtree\'s walk must be "range" or "tip", got \'down\''):
        find([[0, 0, 1, 1], [1, 1, 2, 2]], "quadtree", walk="down")


def test_methods_save_work_on_scattered_boxes():
    """The point of a broad phase: far fewer candidates than brute force on a sparse scene."""
    rng = np.random.default_rng(8)
    corners = rng.uniform(0, 1000, (1000, 2))
    boxes = np.hstack([corners, corners + 10])
    everything = find(boxes, "brute").candidates
    for method in ("sweep", "grid"):
        assert find(boxes, method).candidates < everything / 40, method
    assert find(boxes, "quadtree", straddle="children").candidates < everything / 40
    assert find(boxes, "quadtree").candidates < everything / 40
    # The tip's walk pairs straddlers kept in the parents with everything below: it saves less.
    assert find(boxes, "quadtree", walk="tip", max_levels=5).candidates < everything / 10


@pytest.mark.parametrize("method", METHODS)
def test_small_and_degenerate_inputs(method):
    assert find(np.zeros((0, 4)), method).pairs.shape == (0, 2)
    assert find([[1, 1, 2, 2]], method).pairs.shape == (0, 2)
    assert pairs([[1, 1, 1, 1], [1, 1, 1, 1]], method).tolist() == [[0, 1]]
    assert pairs([[0, 0, 1, 1], [1, 0, 2, 1], [2, 0, 3, 1]], method).tolist() == [[0, 1], [1, 2]]
    assert pairs([[0, 0, 1, 1], [1, 1, 2, 2]], method).tolist() == [[0, 1]]
    assert pairs([[0, 0, 1, 1], [1 + 1e-12, 0, 2, 1]], method).tolist() == []
    # Five identical points: every pair.
    assert len(pairs(np.full((5, 4), 7.0), method)) == 10


@pytest.mark.parametrize(
    "aabbs, message",
    [
        ([[0, 0, 1]], "aabbs must have shape (N, 4)"),
        ([0, 0, 1, 1], "aabbs must have shape (N, 4)"),
        ([[0, 0, 1, np.nan]], "aabb 0 is (0.0, 0.0, 1.0, nan): bounds must be finite numbers"),
        ([[0, 0, 1, 1], [0, 0, np.inf, 1]], "aabb 1 is (0.0, 0.0, inf, 1.0): bounds must be finite"),
        ([[0, 0, 1, 1], [2, 0, 1, 1]], "aabb 1 is (2.0, 0.0, 1.0, 1.0): each min must be at most its max"),
        ([["0", "0", "1", "1"]], "aabbs must be numbers"),
        ([[True, False, True, True]], "aabbs must be numbers"),
        ([[0, 0, 10**400, 1]], "aabbs must be numbers"),
    ],
)
def test_bad_input_says_what_to_fix(aabbs, message):
    with pytest.raises(ShapeError) as caught:
        pairs(aabbs)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_unknown_method_or_option():
    with pytest.raises(ShapeError, match="broad-phase method must be one of brute, sweep, grid, quadtree"):
        pairs([[0, 0, 1, 1]], "octree")
    with pytest.raises(ShapeError, match="the sweep method takes no options; got straddle"):
        pairs([[0, 0, 1, 1]], "sweep", straddle="children")
    with pytest.raises(ShapeError, match="the grid method takes cell, origin; got straddle"):
        count_candidates([[0, 0, 1, 1]], "grid", straddle="children")


@pytest.mark.parametrize("seed", SEEDS)
def test_candidate_counts_without_the_candidates(seed):
    rng = np.random.default_rng(seed)
    boxes = awkward_boxes(rng, int(rng.integers(0, 300)))
    largest = float((boxes[:, 2:] - boxes[:, :2]).max()) if len(boxes) else 0.0
    grid = {"cell": largest * rng.uniform(1, 3) + 0.1, "origin": tuple(rng.uniform(-1e3, 1e3, 2))}
    for method, options in VARIANTS + [("grid", grid)]:
        assert count_candidates(boxes, method, **options) == find(boxes, method, **options).candidates, (method, options)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_grid_of_given_cells_finds_brute_force_pairs(seed):
    """Cells of any size from the largest box up, lines anywhere: the 3 x 3 neighbourhood of
    each box's cell holds every box it touches, even at exactly the largest box's size."""
    rng = np.random.default_rng(seed)
    boxes = awkward_boxes(rng, int(rng.integers(2, 300)))
    largest = float((boxes[:, 2:] - boxes[:, :2]).max())
    brute = find(boxes, "brute").pairs.tolist()
    for cell in (largest or 0.25, largest * rng.uniform(1, 4) + 0.25):
        origin = tuple(boxes[rng.integers(len(boxes)), :2] + rng.uniform(-1e4, 1e4, 2) * cell)
        grid = grid_cells(boxes, cell, origin)
        # The oracle: each centre inside its cell, and the candidates every pair of boxes
        # whose cells are neighbours, counted in plain Python.
        centres = (boxes[:, :2] + boxes[:, 2:]) / 2
        low = np.array(origin) + grid.cells * cell
        assert np.all(low <= centres + 1e-6 * cell) and np.all(centres < low + cell * (1 + 1e-6))
        near = [(i, j) for i, j in itertools.combinations(range(len(boxes)), 2) if np.abs(grid.cells[i] - grid.cells[j]).max() <= 1]
        result = find(boxes, "grid", cell=cell, origin=origin)
        assert result.pairs.tolist() == brute
        assert result.candidates == len(near)


@pytest.mark.parametrize("seed", SEEDS)
def test_contact_counts_are_each_boxs_pairs_in_the_plain_loop(seed):
    """contacts() counts without listing: for each box, how many pairs of the oracle hold it,
    at the grid's own cells and at larger ones anywhere."""
    rng = np.random.default_rng(seed)
    boxes = awkward_boxes(rng, int(rng.integers(0, 300)))
    expected = np.zeros(len(boxes), int)
    for i, j in loop_pairs(boxes.tolist()):
        expected[[i, j]] += 1
    largest = float((boxes[:, 2:] - boxes[:, :2]).max()) if len(boxes) else 0.0
    for options in ({}, {"cell": largest * rng.uniform(1, 3) + 0.25, "origin": tuple(rng.uniform(-1e3, 1e3, 2))}):
        found = contacts(boxes, **options)
        assert found.counts.tolist() == expected.tolist(), options
        assert found.candidates == count_candidates(boxes, "grid", **options)


@pytest.mark.parametrize(
    "cell, origin, message",
    [
        (1.0, None, "grid cells must be at least the largest box (2)"),
        (0.0, None, "grid cells must be at least the largest box"),
        (float("nan"), None, "grid cell must be a finite number"),
        ("3", None, "grid cell must be a number"),
        (1e-12, None, "grid cells must be at least the largest box"),
        (5.0, (0, "x"), "grid origin y must be a number"),
        (5.0, (0, 0, 0), "grid origin must be an (x, y) pair"),
    ],
)
def test_bad_grid_cells_say_what_to_fix(cell, origin, message):
    boxes = [[0, 0, 2, 2], [3, 0, 4, 1]]
    for call in (lambda: grid_cells(boxes, cell, origin), lambda: find(boxes, "grid", cell=cell, origin=origin)):
        with pytest.raises(ShapeError) as caught:
            call()
        assert str(caught.value).startswith(message)


def test_tiny_cells_over_a_wide_spread_are_refused():
    with pytest.raises(ShapeError, match="over 2\\*\\*30 cells"):
        find([[0, 0, 1e-9, 1e-9], [1e6, 0, 1e6, 0]], "grid", cell=1e-9)


def test_the_kernels_predicate_is_the_one_overlap_rule():
    """spans_touch, the comparisons the kernels ask, is overlap() >= 0 on every pair of spans
    drawn from a few ends that often coincide (touching), and touching() is bounds_touch."""
    from collision.fast.bounds import spans_touch, touching
    from collision.projection import bounds_touch, overlap

    ends = np.array([-3.0, -1e-300, 0.0, 1e-300, 2.0, 2.0 + 2**-51, 5.0])
    spans = np.array([(low, high) for low in ends for high in ends if low <= high])
    a, b = np.repeat(spans, len(spans), axis=0), np.tile(spans, (len(spans), 1))
    assert (spans_touch(a[:, 0], a[:, 1], b[:, 0], b[:, 1]) == (overlap(a[:, 0], a[:, 1], b[:, 0], b[:, 1]) >= 0)).all()
    boxes = np.column_stack([a[::7, 0], b[::7, 0], a[::7, 1], b[::7, 1]])
    other = boxes[::-1]
    assert touching(boxes.T, other.T).tolist() == [bounds_touch(p, q) for p, q in zip(boxes.tolist(), other.tolist())]
