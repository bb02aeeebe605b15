"""The broad phase's "tree" method (a tree built in bulk from Morton order, walked once per box) against brute force."""

import numpy as np
import pytest

from collision import ShapeError
from collision.broadphase import ALL_METHODS, METHODS, count_candidates, find, pairs

SEEDS = [pytest.param(seed, id=str(seed)) for seed in range(8)] + [
    pytest.param(seed, id=str(seed), marks=pytest.mark.slow) for seed in range(8, 80)
]


def _boxes(rng, count):
    """Boxes on a coarse lattice of whole numbers, so that many share an edge or a corner
    exactly; a few large ones over many small."""
    low = rng.integers(0, 60, (count, 2)).astype(float)
    size = rng.integers(0, 4, (count, 2)).astype(float)
    size[rng.uniform(size=count) < 0.05] *= 8
    return np.hstack([low, low + size])


@pytest.mark.parametrize("seed", SEEDS)
def test_tree_finds_brute_force_pairs(seed):
    rng = np.random.default_rng(seed)
    boxes = _boxes(rng, int(rng.integers(2, 200)))
    brute, tree = find(boxes, "brute"), find(boxes, "tree")
    assert tree.pairs.tolist() == brute.pairs.tolist()
    assert len(tree.pairs) <= tree.candidates <= brute.candidates
    assert count_candidates(boxes, "tree") == tree.candidates


def test_tree_saves_work_on_scattered_boxes():
    rng = np.random.default_rng(5)
    low = rng.uniform(0, 1000, (600, 2))
    boxes = np.hstack([low, low + rng.uniform(1, 10, (600, 2))])
    assert find(boxes, "tree").candidates < find(boxes, "brute").candidates / 40


def test_small_inputs_and_the_method_lists():
    assert find(np.zeros((0, 4)), "tree").pairs.shape == (0, 2)
    assert pairs([[1, 1, 2, 2]], "tree").shape == (0, 2)
    assert pairs([[0, 0, 1, 1], [1, 1, 2, 2], [1 + 1e-12, 0, 2, 1]], "tree").tolist() == [[0, 1], [1, 2]]
    assert ALL_METHODS == METHODS + ("tree",)
    with pytest.raises(ShapeError, match="must be one of brute, sweep, grid, quadtree, tree, got 'trees'"):
        find([[0, 0, 1, 1]], "trees")
    with pytest.raises(ShapeError, match="the tree method takes no options; got margin"):
        find([[0, 0, 1, 1]], "tree", margin=2)
