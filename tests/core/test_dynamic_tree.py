"""DynamicTree against brute force over random insert, move and remove sequences.

The test keeps its own list of every live proxy's real box and reads the fat boxes from the
tree; after each step it asks the tree and checks the answer against all of them: queries
against plain overlap of the real boxes, ray casts against GEOS's ``intersects`` of the segment
with each real box, and pairs against every pair of real boxes (the fat boxes are the tree's
bookkeeping: each must hold its real box). The tree's shape is rebuilt from ``nodes()``
and checked too: each inner node's box the union of its children's, each height one more than
its taller child's.
"""

import math

import numpy as np
import pytest
import shapely

from collision import ShapeError
from collision.dynamic_tree import DynamicTree, TreeNode, TreeQuery

SIZES = [pytest.param(150, 300, id="150"), pytest.param(1_500, 3_000, id="1500", marks=pytest.mark.slow)]
HEIGHT_SIZES = [pytest.param(1_000, id="1k"), pytest.param(10_000, id="10k", marks=pytest.mark.slow)]
WORLD = 1000.0


def height_bound(n):
    """What the height may reach for ``n`` proxies. The perimeter rotations keep no height
    invariant; the AVL rotation that lifts a side more than SLACK (3) levels taller does, but a
    loose one. Measured on random boxes, 20 seeds, 50 to 1,000 proxies, with and without churn:
    about log2(n) + 4; 20 for 10,000 of the benchmark's boxes. With no rotations at all the
    height reaches 2.3 to 2.9 log2(n) (46 for 1,000 boxes against a bound of 17)."""
    return 1.5 * math.log2(max(n, 1)) + 2


def _random_box(rng):
    x, y = rng.uniform(0, WORLD, 2)
    w, h = rng.uniform(0, 40, 2)
    return (float(x), float(y), float(x + w), float(y + h))


def _fattened(box, margin, prediction, dx, dy):
    """The fat box the tree should make: independent arithmetic from the tree's."""
    grown = np.array(box) + np.array([-margin, -margin, margin, margin])
    ahead = prediction * np.array([dx, dy])
    grown[:2] += np.minimum(ahead, 0.0)
    grown[2:] += np.maximum(ahead, 0.0)
    return grown


def _overlapping(fat, box):
    return (fat[:, 0] <= box[2]) & (box[0] <= fat[:, 2]) & (fat[:, 1] <= box[3]) & (box[1] <= fat[:, 3])


def _check_structure(tree, live):
    """Rebuild the tree from its preorder node list and check every node."""
    nodes = tree.nodes()
    assert all(isinstance(node, TreeNode) for node in nodes)
    assert sorted(node.proxy for node in nodes if node.proxy is not None) == sorted(live)
    assert len(nodes) == max(2 * len(live) - 1, 0)
    assert tree.height == max((node.depth for node in nodes), default=0)

    def check(index):
        """Check the subtree at ``index``; return the index after it."""
        node = nodes[index]
        if node.proxy is not None:
            assert node.height == 0 and node.bounds == tree.fat_bounds(node.proxy)
            return index + 1
        first = index + 1
        second = check(first)
        after = check(second)
        a, b = nodes[first], nodes[second]
        assert a.depth == b.depth == node.depth + 1
        assert node.height == 1 + max(a.height, b.height)
        union = (min(a.bounds[0], b.bounds[0]), min(a.bounds[1], b.bounds[1]), max(a.bounds[2], b.bounds[2]), max(a.bounds[3], b.bounds[3]))
        assert node.bounds == union
        return after

    if nodes:
        assert check(0) == len(nodes)


@pytest.mark.parametrize(("start", "steps"), SIZES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_sequences_against_brute_force(seed, start, steps):
    rng = np.random.default_rng(seed)
    # Box2D v2.4's stretch ahead on one seed, v3's margin alone (the default) on the other.
    margin, prediction = float(rng.uniform(0, 5)), 4.0 if seed == 1 else 0.0
    tree = DynamicTree(margin=margin, prediction=prediction)
    real = {}
    for k in range(start):
        box = _random_box(rng)
        proxy = tree.insert(box, f"item {k}")
        real[proxy] = box
        assert tree.fat_bounds(proxy) == tuple(_fattened(box, margin, prediction, 0, 0))
    moved = stayed = 0
    for step in range(steps):
        roll = rng.uniform()
        live = sorted(real)
        if roll < 0.6 and live:
            proxy = live[int(rng.integers(len(live)))]
            # Mostly small moves, that stay inside the fat box; some large ones.
            dx, dy = rng.uniform(-1, 1, 2) * (2 if rng.uniform() < 0.7 else 60)
            old_fat = tree.fat_bounds(proxy)
            box = tuple(float(v) for v in np.array(real[proxy]) + [dx, dy, dx, dy])
            reinserted = tree.move(proxy, box, (dx, dy))
            leaves = not (old_fat[0] <= box[0] and old_fat[1] <= box[1] and box[2] <= old_fat[2] and box[3] <= old_fat[3])
            assert reinserted == leaves
            expected_fat = tuple(_fattened(box, margin, prediction, dx, dy)) if leaves else old_fat
            assert tree.fat_bounds(proxy) == expected_fat
            moved, stayed = moved + reinserted, stayed + (not reinserted)
            real[proxy] = box
        elif roll < 0.8 and live:
            proxy = live[int(rng.integers(len(live)))]
            tree.remove(proxy)
            del real[proxy]
        else:
            box = _random_box(rng)
            real[tree.insert(box, f"new {step}")] = box
        # Thirty checks a run, whatever its size: each costs as much as the whole brute force.
        if step % (steps // 30):
            continue
        live = sorted(real)
        assert len(tree) == len(live)
        fat = np.array([tree.fat_bounds(p) for p in live]).reshape(-1, 4)
        boxes = np.array([real[p] for p in live]).reshape(-1, 4)
        # Every real box inside its fat box.
        assert (fat[:, :2] <= boxes[:, :2]).all() and (boxes[:, 2:] <= fat[:, 2:]).all()
        # A query box: the proxies whose fat boxes overlap it, each with its item.
        probe = _random_box(rng)
        found = tree.query(probe)
        assert sorted(found.proxies) == [p for p, hit in zip(live, _overlapping(boxes, probe)) if hit]
        assert [tree.bounds(p) for p in live] == [real[p] for p in live]
        assert found.items == [tree.item(p) for p in found.proxies]
        assert 0 < found.visited <= 2 * len(live) - 1 or not live
        # A segment: GEOS says which fat boxes it meets (touching counts in both).
        origin, end = rng.uniform(0, WORLD, 2), rng.uniform(0, WORLD, 2)
        cast = tree.ray_cast(tuple(origin), tuple(end - origin))
        segment = shapely.LineString([origin, end])
        crossed = shapely.intersects(segment, shapely.box(*boxes.T)) if live else []
        assert sorted(cast.proxies) == [p for p, hit in zip(live, crossed) if hit]
        # Every pair of overlapping boxes, once.
        together = np.array([_overlapping(boxes, box) for box in boxes]).reshape(len(live), len(live))
        brute = [(live[i], live[j]) for i, j in zip(*np.nonzero(np.triu(together, 1)))]
        assert tree.pairs() == brute
        _check_structure(tree, live)
        assert tree.height <= height_bound(len(live)) + 1
    # Both kinds of move happened, so both branches were checked.
    assert moved and stayed


@pytest.mark.parametrize("n", HEIGHT_SIZES)
def test_height_stays_logarithmic(n):
    rng = np.random.default_rng(11)
    tree = DynamicTree(margin=1.0)
    for k in range(n):
        tree.insert(_random_box(rng), k)
    assert tree.height <= height_bound(n)
    # Boxes in a row, inserted in order: without rotations every new one would go deeper.
    row = DynamicTree(margin=0.0)
    for k in range(n):
        row.insert((k, 0, k + 1, 1), k)
    assert row.height <= height_bound(n)


def test_a_small_query_visits_few_nodes():
    rng = np.random.default_rng(3)
    tree = DynamicTree(margin=0.5)
    for k in range(1000):
        tree.insert(_random_box(rng), k)
    found = tree.query((500, 500, 501, 501))
    # A handful of paths down a tree of height about 12, not 1,999 nodes.
    assert found.visited < 100
    ray = tree.ray_cast((0, 500), (0.5, 0.5))
    assert ray.visited < 100 and isinstance(ray, TreeQuery)


def test_the_tree_is_cheap_to_walk():
    """Box2D v3's insertion (branch and bound on the perimeters) and its rotations make a tree
    a query walks less of: each of 2,000 boxes queried with its own box visits 40 to 43 nodes
    on average for 4 boxes found (v2.4's greedy descent and height-only rotations: 69 to 80)."""
    for seed in (3, 4, 5):
        rng = np.random.default_rng(seed)
        tree = DynamicTree(margin=1.0)
        boxes = [_random_box(rng) for _ in range(2000)]
        for k, box in enumerate(boxes):
            tree.insert(box, k)
        assert sum(tree.query(box).visited for box in boxes) / len(boxes) < 55


def test_touching_counts():
    tree = DynamicTree(margin=0.0)
    a = tree.insert((0, 0, 1, 1), "a")
    b = tree.insert((1, 0, 2, 1), "b")
    assert tree.pairs() == [(a, b)]
    assert tree.query((2, 1, 3, 3)).items == ["b"]
    assert tree.ray_cast((-1, 2), (1, -1)).items == ["a"]
    assert tree.ray_cast((5, 5), (0, 0)).items == []
    assert tree.ray_cast((0.5, 0.5), (0, 0)).items == ["a"]


def test_a_stopped_box_keeps_its_stretched_fat_box():
    """Unlike Box2D, no shrinking: a fat box stays until the box leaves it."""
    tree = DynamicTree(margin=1.0, prediction=4.0)
    p = tree.insert((0, 0, 1, 1))
    assert tree.move(p, (5, 0, 6, 1), (5, 0))
    assert tree.fat_bounds(p) == (4.0, -1.0, 27.0, 2.0)
    assert not tree.move(p, (6, 0, 7, 1), (0, 0))
    assert tree.fat_bounds(p) == (4.0, -1.0, 27.0, 2.0)
    assert tree.move(p, (3.5, 0, 4.5, 1), (-2.5, 0))
    assert tree.fat_bounds(p) == (-7.5, -1.0, 5.5, 2.0)


def test_empty_and_single():
    tree = DynamicTree()
    assert (tree.height, len(tree), tree.pairs(), tree.nodes()) == (0, 0, [], [])
    assert tree.query((0, 0, 1, 1)) == TreeQuery([], [], 0)
    p = tree.insert((0, 0, 0, 0), "point")
    assert tree.height == 0 and tree.query((0, 0, 0, 0)) == TreeQuery([p], ["point"], 1)
    tree.remove(p)
    assert tree.nodes() == [] and tree.insert((0, 0, 1, 1)) == p + 1


def test_bad_proxies_are_refused():
    tree = DynamicTree()
    p = tree.insert((0, 0, 1, 1))
    tree.remove(p)
    with pytest.raises(ShapeError, match="^proxy 0 was removed already; remove each proxy once$"):
        tree.remove(p)
    with pytest.raises(ShapeError, match="^proxy 0 was removed already"):
        tree.move(p, (0, 0, 1, 1))
    with pytest.raises(ShapeError, match="^proxy 7 is not in this tree; use a number that insert"):
        tree.remove(7)
    for bad in (-1, True, "0", 0.0, None):
        with pytest.raises(ShapeError, match="is not in this tree"):
            tree.fat_bounds(bad)


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ((2, 0, 1, 1), r"tree bounds is inverted: min must not exceed max, got \(2.0, 0.0, 1.0, 1.0\); swap them"),
        ((0, 1, 1, 0), "tree bounds is inverted"),
        ((0, 0, float("nan"), 1), "tree bounds max_x must be a finite number, got nan"),
        ((0, float("-inf"), 1, 1), "tree bounds min_y must be a finite number, got -inf"),
        ((0, 0, 2e150, 1), "tree bounds max_x is 2e[+]150: too far out"),
        ((0, 0, 1), r"tree bounds must be four numbers \(min_x, min_y, max_x, max_y\), got 3"),
        (None, "tree bounds must be"),
        ((0, "0", 1, 1), "tree bounds min_y must be a number, got '0'"),
    ],
)
def test_bad_bounds_are_refused(bounds, message):
    tree = DynamicTree()
    with pytest.raises(ShapeError, match=f"^{message}"):
        tree.insert(bounds)
    p = tree.insert((0, 0, 1, 1))
    with pytest.raises(ShapeError, match=f"^{message}"):
        tree.move(p, bounds)
    with pytest.raises(ShapeError, match=f"^{message.replace('tree bounds', 'query bounds')}"):
        tree.query(bounds)


def test_bad_settings_and_moves_are_refused():
    with pytest.raises(ShapeError, match="^tree margin must be at least 0, got -1.0$"):
        DynamicTree(margin=-1)
    with pytest.raises(ShapeError, match="^tree prediction must be a finite number, got nan$"):
        DynamicTree(prediction=float("nan"))
    tree = DynamicTree()
    p = tree.insert((0, 0, 1, 1))
    with pytest.raises(ShapeError, match="^tree displacement x must be a finite number, got inf$"):
        tree.move(p, (5, 5, 6, 6), (float("inf"), 0))
    with pytest.raises(ShapeError, match="^ray origin must be an"):
        tree.ray_cast(3, (1, 0))


def test_answers_are_about_the_boxes_not_the_fat_boxes():
    """Issue 36: queries reported fat boxes that overlap, 15% more hits than the boxes do."""
    tree = DynamicTree(margin=2.0)
    a = tree.insert((0, 0, 1, 1), "a")
    b = tree.insert((3, 0, 4, 1), "b")
    # The fat boxes overlap between x = 1 and 3; the boxes do not.
    assert tree.query((2, 0, 2, 1)).items == []
    assert tree.query((1, 0, 2, 1)).items == ["a"]
    assert tree.ray_cast((2, -5), (0, 10)).items == []
    assert tree.pairs() == []
    # A move that stays inside the fat box is still seen by the next query.
    assert not tree.move(a, (0.5, 0, 1.5, 1), (0.5, 0))
    assert tree.query((1.25, 0.5, 1.25, 0.5)).items == ["a"] and tree.bounds(a) == (0.5, 0.0, 1.5, 1.0)
    assert tree.fat_bounds(b) == (1.0, -2.0, 6.0, 3.0)


@pytest.mark.slow
@pytest.mark.parametrize("coincident", [False, True], ids=["distinct", "coincident"])
def test_a_hundred_thousand_inserts_take_well_under_ten_seconds(coincident):
    """Issue 35: 100,000 inserts did not finish in 150 s, and coincident ones took over 20 s.
    The process's own CPU time is measured, not the wall clock, as the machine is shared. Well
    under 10 s is taken as under half of it: here 3.4 to 3.7 s distinct and 2.3 to 2.4 s
    coincident at a load of 7 to 10 on two cores (Box2D v2.4's cheaper insertion took 2.5 to 3.3
    and 1.4 to 1.7 s, for a tree that a query walks twice as much of; before nodes kept four
    floats and refits stopped early: 8.9 and 5.9 s)."""
    import time

    rng = np.random.default_rng(4)
    corners = np.zeros((100_000, 2)) if coincident else rng.uniform(0, 10_000, (100_000, 2))
    rows = np.hstack([corners, corners + 10]).tolist()
    tree = DynamicTree()
    start = time.process_time()
    for k, row in enumerate(rows):
        tree.insert(row, k)
    seconds = time.process_time() - start
    assert seconds < 5 and tree.height <= height_bound(100_000)


def _geos_fraction(origin, end, box):
    """Where the segment from ``origin`` to ``end`` first meets ``box``, as a fraction of its
    length, by GEOS: the point of their intersection nearest the origin. None if they miss."""
    segment, shape = shapely.LineString([origin, end]), shapely.box(*box)
    if not segment.intersects(shape):
        return None
    if shape.covers(shapely.Point(origin)):
        return 0.0
    crossing = segment.intersection(shape)
    nearest = min(math.dist(origin, point) for point in shapely.get_coordinates(crossing))
    return nearest / math.dist(origin, end)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_casts_against_geos(seed):
    """closest, any and all against GEOS's intersection of the segment with every box, on a
    tree that has seen moves (so the fat boxes are stretched) and removals."""
    rng = np.random.default_rng(seed)
    tree = DynamicTree(margin=2.0)
    real = {}
    for k in range(300):
        box = _random_box(rng)
        real[tree.insert(box, k)] = box
    for proxy in list(real)[::3]:
        dx, dy = rng.uniform(-30, 30, 2)
        real[proxy] = tuple(float(v) for v in np.array(real[proxy]) + [dx, dy, dx, dy])
        tree.move(proxy, real[proxy], (dx, dy))
    for proxy in list(real)[1::7]:
        tree.remove(proxy)
        del real[proxy]
    for _ in range(60):
        origin, end = rng.uniform(-50, WORLD + 50, 2), rng.uniform(-50, WORLD + 50, 2)
        if rng.uniform() < 0.2:
            # Some rays start inside a box.
            inside = real[list(real)[int(rng.integers(len(real)))]]
            origin = np.array([(inside[0] + inside[2]) / 2, (inside[1] + inside[3]) / 2])
        expected = {p: f for p, f in ((p, _geos_fraction(origin, end, box)) for p, box in real.items()) if f is not None}
        translation = tuple(end - origin)
        every = tree.cast(tuple(origin), translation, "all")
        assert sorted(hit.proxy for hit in every.hits) == sorted(expected)
        assert [hit.fraction for hit in every.hits] == sorted(hit.fraction for hit in every.hits)
        for hit in every.hits:
            assert hit.fraction == pytest.approx(expected[hit.proxy], abs=1e-9)
            assert hit.point == pytest.approx(tuple(origin + hit.fraction * (end - origin)), abs=1e-9)
            # The normal is the side it enters by: the hit point lies on that side of the box.
            box = real[hit.proxy]
            if hit.normal != (0.0, 0.0):
                side = {(-1.0, 0.0): box[0], (1.0, 0.0): box[2], (0.0, -1.0): box[1], (0.0, 1.0): box[3]}[hit.normal]
                assert hit.point[0 if hit.normal[1] == 0 else 1] == pytest.approx(side, abs=1e-9)
            else:
                assert hit.fraction == 0.0
        closest = tree.cast(tuple(origin), translation, "closest")
        first = tree.cast(tuple(origin), translation, "any")
        if not expected:
            assert closest.hits == first.hits == []
            continue
        assert len(closest.hits) == 1 and closest.hits[0].fraction == pytest.approx(min(expected.values()), abs=1e-9)
        assert len(first.hits) == 1 and first.hits[0].proxy in expected
        # Clipping the ray and stopping early save work; they never add any.
        assert first.visited <= every.visited and closest.visited <= every.visited


def test_a_bad_cast_report_is_refused():
    with pytest.raises(ShapeError, match="^cast report must be one of closest, any, all, got 'first'$"):
        DynamicTree().cast((0, 0), (1, 0), "first")
