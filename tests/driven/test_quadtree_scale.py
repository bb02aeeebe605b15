"""The quadtree scene's figures at thousands of objects, against plain Python over the tree's nodes."""

import numpy as np
import pytest

from collision import Quadtree
from scenes.quadtree import WORLD, split_lines


def intervals(lines_and_levels):
    """Each (level, vertical or not, line position) with the union of its stretches, as sorted
    merged (low, high) pairs."""
    spans = {}
    for (x0, y0, x1, y1), level in lines_and_levels:
        vertical = x0 == x1
        key = (int(level), vertical, x0 if vertical else y0)
        spans.setdefault(key, []).append((y0, y1) if vertical else (x0, x1))
    merged = {}
    for key, pieces in spans.items():
        joined = []
        for low, high in sorted(pieces):
            if joined and low <= joined[-1][1]:
                joined[-1][1] = max(joined[-1][1], high)
            else:
                joined.append([low, high])
        merged[key] = joined
    return merged


@pytest.mark.parametrize("straddle", ["parent", "children"])
@pytest.mark.parametrize("seed", range(6))
def test_split_lines_cover_each_split_nodes_cross_once(straddle, seed):
    rng = np.random.default_rng(seed)
    count = int(rng.integers(1, 3000))
    corners = rng.uniform(WORLD[:2], np.array(WORLD[2:]) - 8, (count, 2))
    boxes = np.hstack([corners, corners + rng.uniform(1, 8, (count, 2))])
    tree = Quadtree(WORLD, int(rng.integers(1, 12)), int(rng.integers(0, 7)), straddle)
    tree.insert_many(range(count), boxes)
    lines, levels = split_lines(tree.arrays())
    # The oracle: every node with children (in nodes(), parents first, its first child comes
    # right after it), its cross drawn from the node's own bounds.
    crosses = []
    nodes = tree.nodes()
    for node, after in zip(nodes, nodes[1:]):
        if after.level == node.level + 1:
            x0, y0, x1, y1 = node.bounds
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            crosses += [((mx, y0, mx, y1), node.level + 1), ((x0, my, x1, my), node.level + 1)]
    assert intervals(zip(lines.tolist(), levels.tolist())) == intervals(crosses)
    assert len(lines) <= len(crosses)
    # No two lines drawn over each other: the joined stretches of a line do not overlap.
    drawn = intervals(zip(lines.tolist(), levels.tolist()))
    assert sum(len(stretches) for stretches in drawn.values()) == len(lines)


@pytest.mark.parametrize("variant", [False, True])
def test_straddlers_at_ten_thousand_objects_are_those_of_the_nodes(drive, variant):
    driver = drive("quadtree")
    for name, value in (("count", 10_000), ("max_objects", 3), ("max_levels", 6), ("variant", variant)):
        driver.session.set_setting(name, value)
    driver.frame()
    frame = driver.scene.result
    nodes = frame.tree.nodes()
    if variant:
        held = {}
        for node in nodes:
            for item in node.items:
                held[item] = held.get(item, 0) + 1
        expected = sorted(item for item, times in held.items() if times > 1)
    else:
        # A node with children is followed in nodes() by its first child.
        expected = sorted(item for node, after in zip(nodes, nodes[1:]) if after.level == node.level + 1 for item in node.items)
    assert frame.straddlers.tolist() == expected and len(expected) > 100
