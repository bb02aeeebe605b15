"""Quadtree.retrieve is a range query, checked against brute force; bad settings and rows are
ShapeErrors (issue 9, items 13, 15 and 17)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from collision import Quadtree, ShapeError
from collision.quadtree import MAX_LEVELS

ROOT = (0.0, 0.0, 100.0, 100.0)

# Quarter units from -50 to 150: boxes land exactly on split lines (50, 25, 12.5...) and reach
# outside the root on every side.
coordinate = st.integers(-200, 600).map(lambda v: v / 4)


@st.composite
def boxes(draw):
    x0, x1 = sorted((draw(coordinate), draw(coordinate)))
    y0, y1 = sorted((draw(coordinate), draw(coordinate)))
    return (x0, y0, x1, y1)


def overlap(a, b):
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def brute_force(stored, query):
    return {i for i, box in enumerate(stored) if overlap(box, query)}


@settings(max_examples=300, deadline=None)
@given(
    stored=st.lists(boxes(), max_size=40),
    queries=st.lists(boxes(), min_size=1, max_size=10),
    max_objects=st.integers(1, 4),
    max_levels=st.integers(0, 8),
    straddle=st.sampled_from(["parent", "children"]),
    at_once=st.booleans(),
)
def test_retrieve_returns_exactly_the_boxes_that_overlap_or_touch(stored, queries, max_objects, max_levels, straddle, at_once):
    tree = Quadtree(ROOT, max_objects, max_levels, straddle)
    if at_once:
        tree.insert_many(range(len(stored)), stored)
    else:
        for i, box in enumerate(stored):
            tree.insert(i, box)
    for query in queries:
        found = tree.retrieve(query)
        assert len(found) == len(set(found))
        assert set(found) == brute_force(stored, query), query


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(6))
def test_retrieve_against_brute_force_for_thousands_of_small_queries(straddle, seed):
    rng = np.random.default_rng(seed)
    corners = rng.uniform(-30, 130, (300, 2))
    stored = np.hstack([corners, corners + rng.uniform(0, 12, (300, 2))]).tolist()
    tree = Quadtree(ROOT, max_objects=1, max_levels=6, straddle=straddle)
    tree.insert_many(range(len(stored)), stored)
    for _ in range(700):
        corner = rng.uniform(-40, 140, 2)
        query = tuple(corner) + tuple(corner + rng.uniform(0, 8, 2))
        assert set(tree.retrieve(query)) == brute_force(stored, query)


def test_the_tips_walk_keeps_its_flaw_and_retrieve_does_not():
    tree = Quadtree(ROOT, max_objects=1)
    tree.insert("a", (10, 10, 20, 20))
    tree.insert("b", (60, 60, 70, 70))
    assert tree.retrieve_tip((0, 0, 100, 100)) == []
    assert tree.retrieve((0, 0, 100, 100)) == ["b", "a"]


def test_the_variant_finds_items_outside_the_root_from_queries_outside_it():
    tree = Quadtree(ROOT, max_objects=1, straddle="children")
    tree.insert("half out", (90, 40, 120, 45))
    tree.insert("inside", (60, 10, 70, 20))
    assert tree.retrieve_tip((110, 40, 115, 45)) == []
    assert tree.retrieve((110, 40, 115, 45)) == ["half out"]


@pytest.mark.parametrize(
    "settings_, message",
    [
        (dict(max_objects=math.nan), "max_objects must be a whole number, got nan"),
        (dict(max_objects=math.inf), "max_objects must be a whole number, got inf"),
        (dict(max_objects="x"), "max_objects must be a whole number, got 'x'"),
        (dict(max_objects=None), "max_objects must be a whole number, got None"),
        (dict(max_objects=2.7), "max_objects must be a whole number, got 2.7"),
        (dict(max_objects=True), "max_objects must be a whole number, got True"),
        (dict(max_levels=math.nan), "max_levels must be a whole number, got nan"),
        (dict(max_levels=2000), f"max_levels must be from 0 to {MAX_LEVELS}, got 2000"),
        (dict(max_levels=-1), f"max_levels must be from 0 to {MAX_LEVELS}, got -1"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_settings_must_be_whole_numbers_in_range(settings_, message):
    with pytest.raises(ShapeError, match=message.replace("(", r"\(")):
        Quadtree(ROOT, **settings_)


def test_the_deepest_tree_allowed_splits_close_points_without_recursing_too_deep():
    for straddle in ("parent", "children"):
        tree = Quadtree(ROOT, max_objects=1, max_levels=MAX_LEVELS, straddle=straddle)
        for i, x in enumerate([0.0, 1e-300, 2e-300]):
            tree.insert(i, (x, 0.0, x, 0.0))
        assert max(node.level for node in tree.nodes()) == MAX_LEVELS
        assert set(tree.retrieve((0, 0, 1e-300, 0))) == {0, 1}


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda tree: tree.insert_many(5, [(0, 0, 1, 1)]), "insert_many needs a sequence of items, got 5"),
        (lambda tree: tree.insert_many("ab", [(0, 0, 1, 1, 2, 2, 3, 3)]), r"an \(N, 4\) array; got \(1, 8\)"),
        (lambda tree: tree.insert_many("ab", [0, 0, 1, 1, 2, 2, 3, 3]), r"an \(N, 4\) array; got \(8,\)"),
        (lambda tree: tree.insert_many("a", [(10**400, 0, 1, 1)]), "rows of"),
        (lambda tree: tree.insert_many("a", [(True, False, True, True)]), "rows of"),
        (lambda tree: tree.insert("a", (10**400, 0, 1, 1)), "aabb is an integer too large for a float"),
        (lambda tree: tree.insert("a", ("0", 0, 1, 1)), "aabb must be (min_x, min_y, max_x, max_y) numbers, got '0'"),
        (lambda tree: tree.insert("a", (True, 0, 1, 1)), "aabb must be (min_x, min_y, max_x, max_y) numbers, got True"),
        (lambda tree: tree.retrieve((0, 0, 10**400, 1)), "aabb is an integer too large for a float"),
        (lambda tree: Quadtree((0, 0, 10**400, 1)), "quadtree bounds is an integer too large for a float"),
    ],
    ids=["items 5", "8 columns", "flat", "huge int rows", "bool rows", "huge int", "string", "bool", "huge query", "huge bounds"],
)
def test_bad_items_and_boxes_are_shape_errors(call, message):
    with pytest.raises(ShapeError, match=message.replace("(min", r"\(min").replace("y) n", r"y\) n")):
        call(Quadtree(ROOT))
