"""The broad phase: which of many axis-aligned boxes overlap or touch, found five ways.

A box is its bounds ``(min_x, min_y, max_x, max_y)``. Two boxes meet when their shadows
overlap on x and on y (:func:`bounds_touch`): SAT with the only two axes an axis-aligned
box has. Testing every pair costs N (N - 1) / 2 tests; each method here proposes fewer
*candidate* pairs, then keeps those that really meet:

- :func:`brute_force` tests every pair: the baseline the others must match;
- :func:`sort_and_sweep` sorts the boxes along an axis and tests each only against the
  boxes that start before it ends there;
- :func:`loose_grid` is Metanet's loose grid: each box goes in the cell of its centre,
  cells at least as big as the largest box, and a box meets only boxes of its own cell and
  the eight around it;
- the quadtree (:class:`~collision.Quadtree`) pairs the items of each node with the items
  in that node and below it;
- the dynamic tree (:class:`~collision.DynamicTree`, Box2D's) is walked once for each box,
  down every node whose box meets it.

These are written to be read, in plain Python. What a scene calls every frame at 10,000
boxes are their numpy kernels in :mod:`collision.fast.broadphase`, which give the same pairs
(the tests hold them to these) and are exported here: :func:`find`, :func:`pairs`,
:func:`count_candidates`, :func:`grid_cells`, :func:`contacts`, :data:`METHODS`, and
:data:`ALL_METHODS`, which adds ``"tree"``: a :class:`~collision.DynamicTree` walked once per box.

>>> boxes = [(0, 0, 2, 2), (2, 0, 4, 2), (5, 5, 6, 6), (0, 5, 1, 6)]
>>> brute_force(boxes)
([(0, 1)], 6)
>>> sort_and_sweep(boxes)  # along x box 3 spans box 0's x, so it is a candidate too
([(0, 1)], 2)
>>> loose_grid(boxes)
([(0, 1)], 1)
>>> pairs(boxes).tolist()
[[0, 1]]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .fast.broadphase import ALL_METHODS, METHODS, BroadPhase, Contacts, Grid, contacts, count_candidates, find, grid_cells, pairs
from .projection import bounds_touch

Bounds = Sequence[float]
"""A box as ``(min_x, min_y, max_x, max_y)``."""

__all__ = [
    "ALL_METHODS",
    "METHODS",
    "BroadPhase",
    "Contacts",
    "Grid",
    "bounds_touch",
    "brute_force",
    "contacts",
    "count_candidates",
    "find",
    "grid_cells",
    "loose_grid",
    "pairs",
    "sort_and_sweep",
]


def brute_force(boxes: Sequence[Bounds]) -> tuple[list[tuple[int, int]], int]:
    """Every pair ``(i, j)``, ``i < j``, of ``boxes`` that overlap or touch, sorted, and the
    number of candidates tested: all N (N - 1) / 2 pairs.

    >>> brute_force([(0, 0, 1, 1)])
    ([], 0)
    """
    found, candidates = [], 0
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            candidates += 1
            if bounds_touch(boxes[i], boxes[j]):
                found.append((i, j))
    return found, candidates


def sort_and_sweep(boxes: Sequence[Bounds], axis: int = 0) -> tuple[list[tuple[int, int]], int]:
    """:func:`brute_force`'s pairs, found by sorting the boxes along ``axis`` (0 for x, 1 for
    y) and testing each only against the boxes that start, along it, no later than it ends;
    and the number of those candidates.

    >>> sort_and_sweep([(0, 0, 1, 1), (1, 5, 2, 6), (3, 0, 4, 1)])  # the first two touch on x only
    ([], 1)
    >>> sort_and_sweep([(0, 0, 1, 1), (1, 5, 2, 6), (3, 0, 4, 1)], axis=1)
    ([], 1)
    """
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][axis])
    found, candidates = [], 0
    for place, i in enumerate(order):
        end = boxes[i][axis + 2]
        for j in order[place + 1 :]:
            if boxes[j][axis] > end:
                # Sorted by where they start: this box and every one after it start beyond i's end.
                break
            candidates += 1
            if bounds_touch(boxes[i], boxes[j]):
                found.append((min(i, j), max(i, j)))
    return sorted(found), candidates


def loose_grid(
    boxes: Sequence[Bounds], cell: float | None = None, origin: Sequence[float] | None = None
) -> tuple[list[tuple[int, int]], int]:
    """:func:`brute_force`'s pairs, found with Metanet's loose grid, and the number of
    candidates: each box goes in the cell that holds its centre, and meets only the boxes in
    its own cell and the eight around it. ``cell`` (at least the largest box's width and
    height: then two boxes that meet have centres at most a cell apart) defaults to the
    largest, and ``origin`` (where the cells are counted from) to the lowest centre.

    >>> loose_grid([(0, 0, 1, 1), (1, 0, 2, 1), (9, 9, 10, 10)])
    ([(0, 1)], 1)
    >>> loose_grid([(0, 0, 1, 1), (1, 0, 2, 1), (9, 9, 10, 10)], cell=20)  # one cell holds all three
    ([(0, 1)], 3)
    """
    if not boxes:
        return [], 0
    largest = max(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes)
    cell = cell if cell is not None else largest or 1.0
    centres = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in boxes]
    if origin is None:
        origin = (min(x for x, _ in centres), min(y for _, y in centres))
    # A hair more than a cell, so that rounding cannot put two centres one cell apart two cells apart.
    width = cell * (1 + 1e-9)
    cells: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(centres):
        key = (math.floor((x - origin[0]) / width), math.floor((y - origin[1]) / width))
        cells.setdefault(key, []).append(i)
    found, candidates = [], 0
    for (column, row), members in cells.items():
        for i in members:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    for j in cells.get((column + dc, row + dr), ()):
                        # Each pair once: from the box with the smaller index.
                        if j > i:
                            candidates += 1
                            if bounds_touch(boxes[i], boxes[j]):
                                found.append((i, j))
    return sorted(found), candidates
