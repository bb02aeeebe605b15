"""The quadtree as the Tuts+ tip builds it, and the broad-phase promise it must keep."""

import itertools

import numpy as np
import pytest

from collision import Quadtree, ShapeError
from collision.quadtree import range_query
from collision.quadtree import tip_walk as walk_down_the_nodes

WORLD = (0.0, 0.0, 1024.0, 1024.0)


def random_boxes(rng, count):
    """Small and large boxes; some straddle the splits, some reach outside the world."""
    corners = rng.uniform(-100, 1100, (count, 2))
    sizes = rng.choice([2.0, 20.0, 200.0], count)[:, None] * rng.uniform(0.2, 1.0, (count, 2))
    return [tuple(c) + tuple(c + s) for c, s in zip(corners, sizes)]


def overlap(a, b):
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@pytest.mark.parametrize("seed", range(20))
def test_every_overlapping_pair_is_a_candidate(seed):
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, 300)
    tree = Quadtree(WORLD, max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)))
    for i, box in enumerate(boxes):
        tree.insert(i, box)
    candidates = [set(tree.retrieve(box)) for box in boxes]
    for i, j in itertools.combinations(range(len(boxes)), 2):
        if overlap(boxes[i], boxes[j]):
            assert j in candidates[i] or i in candidates[j], (boxes[i], boxes[j])
    assert sorted(item for node in tree.nodes() for item in node.items) == list(range(len(boxes)))


def test_no_split_until_more_than_max_objects():
    """One box in each quadrant: the fourth is one too many for the root, and each child gets one."""
    tree = Quadtree(WORLD, max_objects=3)
    for i, (x, y) in enumerate([(10, 10), (600, 10), (10, 600)]):
        tree.insert(i, (x, y, x + 5, y + 5))
    assert len(tree.nodes()) == 1
    tree.insert(3, (600, 600, 605, 605))
    assert [len(node.items) for node in tree.nodes()] == [0, 1, 1, 1, 1]


def test_a_crowded_corner_splits_down_to_max_levels():
    """Eleven boxes in one spot: each level splits once, so 1 + 4 * 5 nodes, all at level 5."""
    tree = Quadtree(WORLD)
    for i in range(11):
        tree.insert(i, (1, 1, 2, 2))
    nodes = tree.nodes()
    assert len(nodes) == 21
    assert max(node.level for node in nodes) == 5
    (deepest,) = [node for node in nodes if node.items]
    assert deepest.level == 5 and len(deepest.items) == 11
    assert deepest.bounds == (0, 0, 32, 32)


def test_children_in_the_tips_order_and_straddlers_stay_in_the_parent():
    tree = Quadtree((0, 0, 100, 100), max_objects=4)
    places = {"top-right": (60, 60, 70, 70), "top-left": (10, 60, 20, 70), "bottom-left": (10, 10, 20, 20), "bottom-right": (60, 10, 70, 20)}
    for name, box in places.items():
        tree.insert(name, box)
    tree.insert("across the middle", (45, 10, 55, 20))
    root, *children = tree.nodes()
    assert root.items == ("across the middle",)
    assert [c.bounds for c in children] == [(50, 50, 100, 100), (0, 50, 50, 100), (0, 0, 50, 50), (50, 0, 100, 50)]
    assert [c.items for c in children] == [("top-right",), ("top-left",), ("bottom-left",), ("bottom-right",)]
    assert tree.retrieve_tip((12, 12, 14, 14)) == ["across the middle", "bottom-left"]
    assert tree.retrieve_tip((40, 40, 60, 60)) == ["across the middle"]


def test_a_box_on_the_midline_straddles():
    """The tip tests with strict inequalities: touching the middle line is not fitting a side."""
    tree = Quadtree((0, 0, 100, 100), max_objects=1)
    tree.insert("left", (10, 10, 20, 20))
    tree.insert("touches the middle", (40, 10, 50, 20))
    assert tree.nodes()[0].items == ("touches the middle",)


def test_objects_outside_the_root_are_kept_in_it():
    tree = Quadtree((0, 0, 100, 100), max_objects=1)
    tree.insert("inside", (10, 10, 20, 20))
    tree.insert("outside", (150, 150, 160, 160))
    tree.insert("half out", (90, 90, 120, 95))
    assert tree.nodes()[0].items == ("outside", "half out")
    assert tree.retrieve_tip((12, 12, 14, 14)) == ["outside", "half out", "inside"]


def test_clear_empties_the_tree():
    tree = Quadtree(WORLD, max_objects=1)
    for i in range(10):
        tree.insert(i, (i * 50, 5, i * 50 + 10, 15))
    tree.clear()
    assert [(node.level, node.items) for node in tree.nodes()] == [(0, ())]


def retrieved_pairs(tree, boxes):
    """The distinct pairs a broad phase finds by the tip's retrieve of every box, by brute force."""
    pairs = set()
    for i, box in enumerate(boxes):
        pairs.update(frozenset((i, j)) for j in tree.retrieve_tip(box) if j != i)
    return pairs


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(8))
def test_candidate_pairs_counts_what_the_tips_retrieve_finds(straddle, seed):
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, 250)
    tree = Quadtree(WORLD, max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    for i, box in enumerate(boxes):
        tree.insert(i, box)
    found = retrieved_pairs(tree, boxes)
    assert tree.candidate_pairs() == len(found)
    for i, j in itertools.combinations(range(len(boxes)), 2):
        if overlap(boxes[i], boxes[j]):
            assert frozenset((i, j)) in found


def test_the_variant_puts_a_straddler_in_every_child_it_touches():
    tree = Quadtree((0, 0, 100, 100), max_objects=2, straddle="children")
    tree.insert("below", (10, 10, 20, 20))
    tree.insert("left", (10, 10, 20, 20))
    tree.insert("right", (60, 60, 70, 70))
    tree.insert("across", (45, 60, 55, 70))  # touches top-left and top-right
    holding = [node.bounds for node in tree.nodes() if "across" in node.items]
    assert holding == [(50, 50, 100, 100), (0, 50, 50, 100)]
    assert tree.retrieve_tip((12, 12, 14, 14)) == ["below", "left"]


def test_the_variant_pairs_fewer_candidates_than_the_tip():
    rng = np.random.default_rng(3)
    boxes = random_boxes(rng, 400)
    counts = {}
    for straddle in ("parent", "children"):
        tree = Quadtree(WORLD, straddle=straddle)
        for i, box in enumerate(boxes):
            tree.insert(i, box)
        counts[straddle] = tree.candidate_pairs()
    assert counts["children"] < counts["parent"] < 400 * 399 // 2


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(12))
def test_insert_many_builds_the_tree_insert_would(straddle, seed):
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, int(rng.integers(0, 400)))
    settings = dict(max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    one_by_one, at_once = Quadtree(WORLD, **settings), Quadtree(WORLD, **settings)
    for i, box in enumerate(boxes):
        one_by_one.insert(i, box)
    at_once.insert_many(range(len(boxes)), boxes)
    assert at_once.nodes() == one_by_one.nodes()


def test_insert_many_checks_its_boxes():
    tree = Quadtree(WORLD)
    with pytest.raises(ShapeError, match="aabb 1 must be"):
        tree.insert_many("ab", [(0, 0, 1, 1), (5, 5, 1, 1)])
    with pytest.raises(ShapeError, match="one aabb per item"):
        tree.insert_many("abc", [(0, 0, 1, 1)])
    with pytest.raises(ShapeError, match="rows of"):
        tree.insert_many("a", [("x", 0, 1, 1)])


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(12))
def test_candidate_pairs_of_insert_many_match_one_by_one(straddle, seed):
    """insert_many's variant keeps its own record of where entries went; the count from it
    must be the count from the nodes, even with one object given twice."""
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, int(rng.integers(0, 300)))
    items = list(range(len(boxes)))
    if items:
        items[-1] = items[0]
    settings = dict(max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    one_by_one, at_once = Quadtree(WORLD, **settings), Quadtree(WORLD, **settings)
    for item, box in zip(items, boxes):
        one_by_one.insert(item, box)
    at_once.insert_many(items, boxes)
    assert at_once.nodes() == one_by_one.nodes()
    assert at_once.candidate_pairs() == one_by_one.candidate_pairs()
    one_by_one.insert("late", (500, 500, 520, 520))
    at_once.insert("late", (500, 500, 520, 520))
    assert at_once.candidate_pairs() == one_by_one.candidate_pairs()


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(6))
def test_arrays_number_each_entry_by_when_its_item_was_inserted(straddle, seed):
    """arrays().inserted names each stored entry's item by its place in the order of insertion,
    built at once, one by one, or both (insert_many into a tree that holds items already)."""
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, int(rng.integers(1, 300)))
    names = [f"item {i}" for i in range(len(boxes))]
    settings = dict(max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    half = len(boxes) // 2
    at_once, one_by_one, mixed = Quadtree(WORLD, **settings), Quadtree(WORLD, **settings), Quadtree(WORLD, **settings)
    at_once.insert_many(names, boxes)
    for name, box in zip(names, boxes):
        one_by_one.insert(name, box)
    mixed.insert_many(names[:half], boxes[:half])
    mixed.insert(names[half], boxes[half])
    mixed.insert_many(names[half + 1 :], boxes[half + 1 :])
    for tree in (at_once, one_by_one, mixed):
        arrays = tree.arrays()
        assert [names[i] for i in arrays.inserted.tolist()] == arrays.items
        held = sorted(set(arrays.inserted.tolist()))
        assert held == list(range(len(boxes)))
    mixed.clear()
    mixed.insert("first again", (1, 1, 2, 2))
    assert mixed.arrays().inserted.tolist() == [0]


def tip_walk(nodes, box, straddle):
    """The oracle for retrieve_tip: the tip's walk written out over nodes() (parents first,
    each node's children after it in the tip's order), items deduplicated by identity."""
    children, stack = {}, []
    for k, node in enumerate(nodes):
        while stack and nodes[stack[-1]].level >= node.level:
            stack.pop()
        if stack:
            children.setdefault(stack[-1], []).append(k)
        stack.append(k)

    def walk(k):
        found = list(nodes[k].items)
        below = children.get(k, [])
        if not below:
            return found
        if straddle == "children":
            for child in below:
                if overlap(nodes[child].bounds, box):
                    found += walk(child)
            return found
        min_x, min_y, max_x, max_y = nodes[k].bounds
        mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
        inside = min_x <= box[0] and min_y <= box[1] and box[2] <= max_x and box[3] <= max_y
        left, right, top, bottom = box[2] < mid_x, box[0] > mid_x, box[1] > mid_y, box[3] < mid_y
        if inside and (left or right) and (top or bottom):
            found += walk(below[(1 if left else 0) if top else (2 if left else 3)])
        return found

    unique = {}
    for item in walk(0):
        unique.setdefault(id(item), item)
    return list(unique.values())


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(8))
def test_retrieve_tip_is_the_tips_walk(straddle, seed):
    """retrieve_tip against the walk written out over nodes(): numbered items, named items, and
    an item given twice, trees built at once and one by one."""
    rng = np.random.default_rng(seed)
    boxes = random_boxes(rng, int(rng.integers(1, 300)))
    settings = dict(max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    named = [f"item {i}" for i in range(len(boxes))]
    twice = named[:-1] + named[:1]
    for items in (range(len(boxes)), named, twice):
        at_once, one_by_one = Quadtree(WORLD, **settings), Quadtree(WORLD, **settings)
        at_once.insert_many(items, boxes)
        for item, box in zip(items, boxes):
            one_by_one.insert(item, box)
        queries = boxes[:40] + random_boxes(rng, 20)
        for tree in (at_once, one_by_one):
            nodes = tree.nodes()
            for query in queries:
                assert tree.retrieve_tip(query) == tip_walk(nodes, query, straddle), (query, settings)


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(8))
def test_the_array_queries_are_the_readable_ones(straddle, seed):
    """retrieve and retrieve_tip read the tree as arrays (collision.fast.quadtree); range_query
    and tip_walk walk the tip's nodes. The same items in the same order, for numbered items,
    named items and an item given twice, trees built at once and one by one, queries inside
    the world, across its splits and outside it, and queries that only touch a box."""
    rng = np.random.default_rng([seed, 20])
    boxes = random_boxes(rng, int(rng.integers(1, 300)))
    settings = dict(max_objects=int(rng.integers(1, 12)), max_levels=int(rng.integers(0, 7)), straddle=straddle)
    named = [f"item {i}" for i in range(len(boxes))]
    twice = named[:-1] + named[:1]
    # Stored boxes, boxes that touch them exactly on a side or at a corner, random boxes, and
    # boxes outside the world and across it.
    touching = [(x1, y0, x1 + 5.0, y1) for x0, y0, x1, y1 in boxes[:20]] + [(x0 - 3.0, y0 - 3.0, x0, y0) for x0, y0, _, _ in boxes[:20]]
    queries = boxes[:40] + touching + random_boxes(rng, 40) + [(-500.0, -500.0, -400.0, -400.0), (-50.0, 500.0, 2000.0, 520.0)]
    for items in (range(len(boxes)), named, twice):
        at_once, one_by_one = Quadtree(WORLD, **settings), Quadtree(WORLD, **settings)
        at_once.insert_many(items, boxes)
        for item, box in zip(items, boxes):
            one_by_one.insert(item, box)
        for tree in (at_once, one_by_one):
            # Asked of the arrays first: turning the tree into nodes drops them.
            ranges = [tree.retrieve(query) for query in queries]
            walks = [tree.retrieve_tip(query) for query in queries]
            root = tree._tree()
            assert [range_query(root, query) for query in queries] == ranges, settings
            assert [walk_down_the_nodes(root, query, straddle) for query in queries] == walks, settings
