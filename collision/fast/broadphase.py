"""The broad phase in numpy: which of many axis-aligned boxes overlap or touch, found five ways.

The fast path of :mod:`collision.broadphase`, whose plain functions (brute force, sort and
sweep, the loose grid) say the same readably; ``tests/core/test_broadphase.py`` holds these
kernels to them. :mod:`collision.broadphase` exports what is public here.

Every method answers the same question over an (N, 4) float array of bounds
``(min_x, min_y, max_x, max_y)`` and returns the same array, so their costs can be compared
side by side:

- ``"brute"`` tests every pair, N (N - 1) / 2 of them: the baseline the others must match;
- ``"sweep"`` sorts the boxes along x and tests each only against the boxes that start
  before it ends (sort and sweep, also called sweep and prune);
- ``"grid"`` is Metanet's loose grid: each box goes in the cell of its centre, cells at least
  as big as the largest box, and each cell is tested against its 3 x 3 neighbourhood;
- ``"quadtree"`` builds a :class:`~collision.Quadtree` as deep as its objects need and pairs
  each item with the items after it in its node and with those in the nodes below that its
  box reaches: a range query down the tree, as a real quadtree's broad phase walks it
  (``walk="tip"`` instead pairs it with every item below its node, as the tip's retrieve
  does, and ``max_levels=5`` is the tip's depth);
- ``"tree"`` builds a bounding-volume tree in bulk (the boxes in Morton order are its leaves,
  joined two by two up to the root) and walks it once for each box, as Box2D's broad phase
  walks its dynamic tree, down every node whose box meets it: all the walks at once, a
  level at a time.

A method first proposes *candidate* pairs and then keeps those whose boxes really overlap
(the AABB filter). :func:`find` reports both counts, which is how much work a method saved;
:func:`pairs` gives the pairs alone, and :func:`count_candidates` the count alone, without
proposing the pairs (cheap: a scene can ask before deciding whether to run a method).
:func:`grid_cells` says which cell of the grid holds each box, and :func:`contacts` how many
boxes each box meets, without listing the pairs.

>>> import numpy as np
>>> boxes = np.array([[0, 0, 2, 2], [2, 0, 4, 2], [5, 5, 6, 6]], dtype=float)
>>> pairs(boxes)
array([[0, 1]])
>>> find(boxes, "brute")
BroadPhase(pairs=array([[0, 1]]), candidates=3, method='brute')
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import LIMIT, finite_number, finite_pair
from ..errors import ShapeError
from .quadtree import Flat, Floats, Ints, Quadtree
from .bounds import spans_touch, touching
from ..vector import PairLike

METHODS = ("brute", "sweep", "grid", "quadtree")
"""The methods fast enough to compare at 10,000 boxes every frame, as the scenes do."""

ALL_METHODS = METHODS + ("tree",)
"""Every name :func:`pairs` and :func:`find` accept: the fast ones and ``"tree"``, a
bounding-volume tree built in bulk (no scene compares it every frame)."""

_GRID_CELLS = 2**20
"""At most this many grid cells along either axis: keeps the cell keys inside int64 when a
few far-flung boxes are tiny (cells grow instead, still correct, just less selective). A
cell size given by the caller may make up to ``2**30``."""

_OPTIONS = {"grid": ("cell", "origin"), "quadtree": ("straddle", "max_objects", "max_levels", "walk")}
"""The options each method takes, by name."""

_SWEEP_BLOCK = 2**15
"""How many candidates the sweep tests at once: small enough for the cache, large enough
that numpy's per-call cost does not show."""

_CONTACT_BLOCK = 2**20
"""The most candidate pairs contacts tests at once (a few arrays of this many: about 30 MB)."""

_BRUTE_BLOCK = 2**22
"""How many pairs brute force tests at once: bounds its memory at a few tens of MB."""


Pairs = tuple[NDArray[np.intp], int]
"""What a method finds: the overlapping pairs (K, 2), each (i, j) with i < j, in order, and
how many candidate pairs it tested."""


class BroadPhase(NamedTuple):
    """What a broad-phase method found, and how many pairs it had to test to find it."""

    pairs: np.ndarray
    """Index pairs ``(i, j)`` with ``i < j`` whose boxes overlap or touch, each once, sorted:
    int array (M, 2)."""

    candidates: int
    """How many distinct pairs the method proposed before the AABB filter kept ``pairs``."""

    method: str
    """The method's name."""


class Grid(NamedTuple):
    """Where Metanet's loose grid puts each box: in the cell that holds its centre."""

    cell: float
    """The side of a cell, at least the largest box's width and height."""

    origin: tuple[float, ...]
    """``(x, y)`` where column 0 and row 0 begin: cell (c, r) spans ``origin + (c, r) * cell``
    to ``origin + (c + 1, r + 1) * cell``."""

    cells: np.ndarray
    """Column and row of the cell of each box: int array (N, 2)."""


def _bounds(aabbs: ArrayLike) -> Floats:
    """``aabbs`` as a float array (N, 4) of valid bounds, or ShapeError saying what to fix."""
    try:
        raw = np.asarray(aabbs)
    except (ValueError, TypeError):
        raise ShapeError("aabbs must be rows of (min_x, min_y, max_x, max_y): its rows differ in length") from None
    # No boxes: [] or an empty (0, 4) array; (5, 0) is five rows with no bounds, refused below.
    if raw.shape in ((0,), (0, 4)):
        return np.zeros((0, 4))
    # Bools, strings and ints too large for a float (object arrays) are not coordinates.
    if raw.dtype.kind not in "iuf":
        raise ShapeError(f"aabbs must be numbers, got an array of {raw.dtype}: convert them to floats")
    if raw.ndim != 2 or raw.shape[1] != 4:
        raise ShapeError(f"aabbs must have shape (N, 4), rows of (min_x, min_y, max_x, max_y); got {raw.shape}")
    # Not copied when already floats: nothing here writes into the boxes. Checked whole
    # first, row by row only to name a bad one (a scene asks several methods a frame).
    boxes = np.asarray(raw, dtype=float)
    if not np.isfinite(boxes).all():
        row = int(np.flatnonzero(~np.isfinite(boxes).all(axis=1))[0])
        raise ShapeError(f"aabb {row} is {tuple(boxes[row].tolist())}: bounds must be finite numbers")
    if boxes.size and (boxes.min() < -LIMIT or boxes.max() > LIMIT):
        row = int(np.flatnonzero((np.abs(boxes) > LIMIT).any(axis=1))[0])
        raise ShapeError(f"aabb {row} is {tuple(boxes[row].tolist())}: too far out; keep bounds within ±{LIMIT:g}")
    # Column by column: comparing (N, 2) halves of the array is several times slower.
    if (boxes[:, 0] > boxes[:, 2]).any() or (boxes[:, 1] > boxes[:, 3]).any():
        row = int(np.flatnonzero(~(boxes[:, :2] <= boxes[:, 2:]).all(axis=1))[0])
        raise ShapeError(f"aabb {row} is {tuple(boxes[row].tolist())}: each min must be at most its max")
    return boxes


def _spans(starts: Ints, counts: Ints) -> tuple[Ints, Ints]:
    """For consecutive runs ``starts[k] .. starts[k] + counts[k] - 1``: the run of each
    element and the element itself, all runs laid end to end (a vectorised nested loop)."""
    total = int(counts.sum())
    owner = np.repeat(np.arange(len(counts)), counts)
    # Each element's offset inside its run is its place overall minus where its run began.
    run_begins = np.cumsum(counts) - counts
    return owner, np.arange(total) + (starts - run_begins)[owner]


def _touching_in_runs(boxes: Floats, left: Ints, starts: Ints, counts: Ints, members: Ints) -> tuple[Ints, Ints]:
    """The pairs (left[k], members[i]) for i in the run starts[k] .. starts[k] + counts[k] - 1
    whose boxes overlap or touch, as two index arrays. The runs are tested a cache-sized
    block at a time, so the candidates are never all in memory at once."""
    min_x, min_y, max_x, max_y = (np.ascontiguousarray(column) for column in boxes.T)
    run_ends = np.cumsum(counts)
    total = int(run_ends[-1]) if len(run_ends) else 0
    blocks = np.unique(np.append(np.searchsorted(run_ends, np.arange(0, total, _SWEEP_BLOCK)), len(counts)))
    firsts, seconds = [np.zeros(0, np.intp)], [np.zeros(0, np.intp)]
    for start, stop in zip(blocks[:-1].tolist(), blocks[1:].tolist()):
        owner, place = _spans(starts[start:stop], counts[start:stop])
        first, second = left[start:stop][owner], members[place]
        # An axis at a time, so that only its four columns of floats are in memory at once.
        keep = spans_touch(min_x[first], max_x[first], min_x[second], max_x[second])
        keep &= spans_touch(min_y[first], max_y[first], min_y[second], max_y[second])
        firsts.append(first[keep])
        seconds.append(second[keep])
    return np.concatenate(firsts), np.concatenate(seconds)


def _overlapping(boxes: Floats, first: Ints, second: Ints) -> NDArray[np.bool_]:
    """Of the candidate pairs ``first[k], second[k]``, the mask of those whose boxes touch."""
    return touching(boxes[first].T, boxes[second].T)


def _sorted_pairs(first: Ints, second: Ints, count: int) -> NDArray[np.intp]:
    """Pairs as an (M, 2) array, smaller index first, sorted, duplicates removed."""
    low = np.minimum(first, second).astype(np.int64)
    high = np.maximum(first, second).astype(np.int64)
    # One int64 key per pair sorts faster than a lexsort on two columns (and np.unique's
    # hashing is slower still).
    keys = np.sort(low * count + high)
    if len(keys):
        keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])]
    return np.column_stack(np.divmod(keys, count)).astype(np.intp)


def _brute(boxes: Floats) -> Pairs:
    count = len(boxes)
    min_x, min_y, max_x, max_y = _sides(boxes)
    firsts, seconds = [np.zeros(0, np.intp)], [np.zeros(0, np.intp)]
    rows_per_block = max(1, _BRUTE_BLOCK // max(count, 1))
    for start in range(0, count, rows_per_block):
        stop = min(start + rows_per_block, count)
        # A block of boxes against every box after the first of them, as a table: row r is box
        # start + r, column c box start + 1 + c. Compared by broadcasting the sides, with no
        # index arrays to gather through.
        rows, later = slice(start, stop), slice(start + 1, count)
        hit = touching(
            (min_x[rows, None], min_y[rows, None], max_x[rows, None], max_y[rows, None]),
            (min_x[None, later], min_y[None, later], max_x[None, later], max_y[None, later]),
        )
        # Box start + r meets only the boxes after it: columns c >= r.
        row, column = np.nonzero(np.triu(hit))
        firsts.append(row + start)
        seconds.append(column + start + 1)
    # Row by row, column by column: the pairs come out sorted, each once.
    return np.column_stack([np.concatenate(firsts), np.concatenate(seconds)]).astype(np.intp), count * (count - 1) // 2


def _sweep_axis(boxes: Floats) -> int:
    """Sweep along the axis where the boxes are smallest for how far they are spread: fewer of
    them share any one stretch of it, so fewer candidates."""
    # Column by column: numpy reduces a contiguous column several times faster than an axis of
    # an (N, 2) array.
    min_x, min_y, max_x, max_y = _sides(boxes)
    size = (max_x - min_x).mean(), (max_y - min_y).mean()
    spread = max_x.max() - min_x.min(), max_y.max() - min_y.min()
    return 0 if size[0] * spread[1] <= size[1] * spread[0] else 1


def _sides(boxes: Floats) -> list[Floats]:
    """The columns of (N, 4) ``boxes`` as four contiguous arrays: min_x, min_y, max_x, max_y."""
    return [np.ascontiguousarray(column) for column in boxes.T]


def _sweep_runs(boxes: Floats) -> tuple[int, Ints, Ints]:
    """The sweep's axis, the boxes' order along it, and how many boxes after each (in that
    order) start before it ends: its candidates."""
    count = len(boxes)
    axis = _sweep_axis(boxes)
    order = np.argsort(boxes[:, axis])
    low = boxes[order, axis]
    # Box k (in sorted order) meets the boxes after it that start no later than it ends;
    # side="right" keeps those that start exactly where it ends: touching counts.
    ends = np.searchsorted(low, boxes[order, axis + 2], side="right")
    return axis, order, np.maximum(ends - np.arange(1, count + 1), 0)


def _sweep(boxes: Floats) -> Pairs:
    count = len(boxes)
    if count < 2:
        return np.zeros((0, 2), np.intp), 0
    axis, order, counts = _sweep_runs(boxes)
    after = np.arange(1, count + 1)
    run_ends = np.cumsum(counts)
    candidates = int(run_ends[-1])
    shifts = after - (run_ends - counts)
    # Along the sweep axis they already overlap: test the other axis, in sorted order, where
    # each run reads its neighbours from memory nearby, a block of boxes at a time so that
    # the temporary arrays stay in the cache (twice as fast at 10,000 crowded boxes).
    cross = 1 - axis
    cross_low, cross_high = boxes[order, cross], boxes[order, cross + 2]
    blocks = np.unique(np.append(np.searchsorted(run_ends, np.arange(0, candidates, _SWEEP_BLOCK)), count))
    found = [np.zeros(0, np.intp)]
    for start, stop in zip(blocks[:-1].tolist(), blocks[1:].tolist()):
        runs = counts[start:stop]
        first_place = int(run_ends[start] - runs[0])
        places = np.arange(first_place, int(run_ends[stop - 1]))
        other = places + np.repeat(shifts[start:stop], runs)
        # Along the sweep axis they already overlap: only the cross axis's sides are asked.
        own = (np.repeat(cross_low[start:stop], runs), np.repeat(cross_high[start:stop], runs))
        meet = spans_touch(own[0], own[1], cross_low[other], cross_high[other])
        found.append(places[meet])
    places = np.concatenate(found)
    # Only the few that survive need to know which run they came from.
    owner = np.searchsorted(run_ends, places, side="right")
    return _sorted_pairs(order[owner], order[places + shifts[owner]], count), candidates


def _layout(boxes: Floats, cell: float | None = None, origin: PairLike | None = None) -> Grid:
    """The Grid of ``boxes``: ``cell`` and ``origin`` as given, or fitted to the boxes."""
    cell, origin, column, row = _columns_and_rows(boxes, cell, origin)
    return Grid(cell, origin, np.column_stack([column, row]))


def _columns_and_rows(boxes: Floats, cell: float | None = None, origin: PairLike | None = None) -> tuple[float, tuple[float, ...], Ints, Ints]:
    """The Grid's cell, its origin as a tuple, and each box's column and row as two int64
    arrays (N,), worked out side by side: the grid scenes ask for them every frame."""
    min_x, min_y, max_x, max_y = _sides(boxes)
    centre_x, centre_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    empty = not len(boxes)
    largest = 0.0 if empty else float(max((max_x - min_x).max(), (max_y - min_y).max()))
    low = np.zeros(2) if empty else np.array([centre_x.min(), centre_y.min()])
    spread = 0.0 if empty else float(max(centre_x.max() - low[0], centre_y.max() - low[1]))
    if cell is None:
        most, cell = _GRID_CELLS, max(largest, spread / _GRID_CELLS) or 1.0
    else:
        most, cell = 2**30, finite_number(cell, "grid cell")
        if not cell >= largest or cell <= 0:
            raise ShapeError(f"grid cells must be at least the largest box ({largest:g}) and above 0, got {cell:g}: smaller cells miss pairs")
        if spread / cell > most:
            raise ShapeError(f"grid cell {cell:g} makes over 2**30 cells across these boxes: take larger cells")
    origin = low if origin is None else np.array(finite_pair(origin, "grid origin"))
    # Count cells from the grid line just below the boxes: the divisions then stay small and
    # exact enough, however far the origin is.
    skip = np.floor((low - origin) / cell)
    if not (np.abs(skip) <= 2**52).all():
        raise ShapeError(f"grid origin {tuple(origin.tolist())} lies over 2**52 cells of {cell:g} from the boxes: put it nearer them")
    near = origin + skip * cell
    # A hair more than a cell, so that rounding in the division cannot push two touching boxes,
    # whose centres are at most one cell apart, two cells apart.
    width = cell * (1 + 1e-9)
    column = np.floor((centre_x - near[0]) / width).astype(np.int64) + int(skip[0])
    row = np.floor((centre_y - near[1]) / width).astype(np.int64) + int(skip[1])
    return cell, tuple(origin.tolist()), column, row


def _grid_runs(boxes: Floats, cell: float | None = None, origin: PairLike | None = None) -> tuple[Ints, Ints, Ints]:
    """The grid's candidates as runs over the boxes sorted by cell: ``order`` (that sorting),
    then for the box at place p of it two runs of later places, ``starts[2p]`` on for
    ``counts[2p]`` places and ``starts[2p + 1]`` on for ``counts[2p + 1]``."""
    count = len(boxes)
    _, _, column, row = _columns_and_rows(boxes, cell, origin)
    column, row = column - column.min() + 1, row - row.min() + 1
    # A blank row above and below every column: a cell's row neighbours never wrap into the
    # next column.
    height = int(row.max()) + 2
    keys = column * height + row
    # Every key, and a key one column and one row on, is below this: the size of a table of
    # the cells, used when the boxes fill their grid densely enough (a scene's thousands).
    size = (int(column.max()) + 2) * height
    dense = size <= min(2**16, 4 * count + 4096)
    if dense:
        keys = keys.astype(np.uint16)  # numpy's stable sort of 16-bit keys is a radix sort
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    # Sorted by key, the cell above a cell follows it, and the three cells of the next column
    # beside it follow one another: half the 3 x 3 neighbourhood is two runs, and each pair of
    # cells is visited once. First run: the rest of the box's own cell and the cell above.
    places = np.arange(count)
    if dense:
        # Where each cell's run ends in the sorted boxes, looked up rather than searched for.
        ends = np.cumsum(np.bincount(keys, minlength=size))
        above_end, right_start, right_end = ends[keys + 1], ends[keys + height - 2], ends[keys + height + 1]
    else:
        above_end = np.searchsorted(keys, keys + 1, side="right")
        right_start = np.searchsorted(keys, keys + height - 1, side="left")
        right_end = np.searchsorted(keys, keys + height + 1, side="right")
    starts = np.stack([places + 1, right_start], axis=1).ravel()
    counts = np.stack([above_end - places - 1, right_end - right_start], axis=1).ravel()
    return order, starts, counts


def _grid_tested(boxes: Floats, cell: float | None = None, origin: PairLike | None = None) -> tuple[Ints, Ints, Ints, Ints, int]:
    """The grid's candidates, tested: ``order`` (the boxes sorted by cell), then, in that order,
    how many candidates each box has, each candidate's place, whether their boxes overlap or
    touch, and how many candidates there are in all. A box's candidates follow one another."""
    order, starts, counts = _grid_runs(boxes, cell, origin)
    # Tested in the cells' order, where a box's candidates lie in two stretches nearby in
    # memory; the box itself is repeated (a copy in order, cheaper than gathering it).
    run_ends = np.cumsum(counts)
    total = int(run_ends[-1])
    other = np.arange(total) + np.repeat(starts - (run_ends - counts), counts)
    per_box = counts[0::2] + counts[1::2]
    min_x, min_y, max_x, max_y = _sides(boxes[order])
    # spans_touch on x and on y, written out: each comparison's two columns are freed before
    # the next two are made (through spans_touch all four live at once: 1.35x the time here).
    keep = (
        (np.repeat(min_x, per_box) <= max_x[other])
        & (min_x[other] <= np.repeat(max_x, per_box))
        & (np.repeat(min_y, per_box) <= max_y[other])
        & (min_y[other] <= np.repeat(max_y, per_box))
    )
    return order, per_box, other, keep, total


def _grid(boxes: Floats, cell: float | None = None, origin: PairLike | None = None) -> Pairs:
    count = len(boxes)
    if count < 2:
        _layout(boxes, cell, origin)  # still refuse a bad cell or origin
        return np.zeros((0, 2), np.intp), 0
    order, per_box, other, keep, total = _grid_tested(boxes, cell, origin)
    owner = np.repeat(np.arange(count), per_box)
    return _sorted_pairs(order[owner[keep]], order[other[keep]], count), total


def _tree(boxes: Floats, straddle: str, max_objects: int, max_levels: int | None) -> Quadtree:
    """The Quadtree over the bounds of all ``boxes``, holding box ``i`` as item ``i``."""
    min_x, min_y, max_x, max_y = _sides(boxes)
    tree = Quadtree((float(min_x.min()), float(min_y.min()), float(max_x.max()), float(max_y.max())), max_objects, max_levels, straddle)
    tree.insert_many(range(len(boxes)), boxes)
    return tree


def _reached(flat: Flat, boxes: Floats) -> tuple[Ints, Ints]:
    """The range query's walk for every stored entry at once, below its own node: (entry,
    node) for each node under the entry's that the entry's box reaches (its bounds touch the
    box, and so did its parent's). A level of the tree at a time, in arrays."""
    node_of = np.repeat(np.arange(len(flat.level)), np.diff(flat.start))
    # Only entries kept above the leaves (the tip's straddlers) have nodes below them.
    entry = np.flatnonzero(flat.first_child[node_of] >= 0)
    parent = node_of[entry]
    entries, nodes = [np.zeros(0, np.intp)], [np.zeros(0, np.intp)]
    node_sides = _sides(flat.bounds)
    # Each walker's box's sides, carried along with it rather than gathered again each level.
    own = [side[flat.entry[entry]] for side in _sides(boxes)]
    while len(entry):
        # Each walker's four children, kept where the child's bounds touch its box.
        child = (flat.first_child[parent][:, None] + np.arange(4)).ravel()
        own = [np.repeat(side, 4) for side in own]
        keep = np.flatnonzero(touching([side[child] for side in node_sides], own))
        entry, child, own = np.repeat(entry, 4)[keep], child[keep], [side[keep] for side in own]
        entries.append(entry)
        nodes.append(child)
        going = np.flatnonzero(flat.first_child[child] >= 0)
        entry, parent, own = entry[going], child[going], [side[going] for side in own]
    return np.concatenate(entries), np.concatenate(nodes)


def _range_runs(flat: Flat, boxes: Floats) -> tuple[Ints, Ints, Ints]:
    """The quadtree's candidates, as runs of entries: each stored entry meets the entries
    after it in its own node, and every entry of each node below that its box reaches. Returns
    (left entry, first entry of the run, run length) arrays, entries by their place in the
    tree's node-by-node order."""
    count = np.diff(flat.start)
    node_of = np.repeat(np.arange(len(flat.level)), count)
    place = np.arange(len(node_of))
    walker, below = _reached(flat, boxes)
    own_counts = flat.start[node_of + 1] - place - 1
    left = np.concatenate([place, walker])
    starts = np.concatenate([place + 1, flat.start[below]])
    return left, starts, np.concatenate([own_counts, count[below]])


def _quadtree(boxes: Floats, straddle: str = "parent", max_objects: int = 10, max_levels: int | None = None, walk: str = "range") -> Pairs:
    count = len(boxes)
    if count < 2:
        return np.zeros((0, 2), np.intp), 0
    tree = _tree(boxes, straddle, max_objects, max_levels)
    if straddle == "parent" and walk == "range":
        # Each item is stored once and each pair comes up once, from the item higher up (or
        # first in a shared node): filter first, sort the few.
        flat = tree._arrays()
        left, starts, counts = _range_runs(flat, boxes)
        # Tested with the boxes in the tree's order, where each run of a node's entries lies
        # together in memory (a node's entries are scattered among the boxes as given: at
        # 100,000 boxes, fetching them from there took 1.4 times as long).
        first, second = _touching_in_runs(boxes[flat.entry], left, starts, counts, np.arange(len(flat.entry)))
        return _sorted_pairs(flat.entry[first], flat.entry[second], count), int(counts.sum())
    nodes = tree.nodes()
    # nodes() lists parents before children, so a node's subtree is the run of nodes after it
    # down to the next one at its level or above; its items are likewise one run.
    levels = np.array([node.level for node in nodes])
    sizes = np.array([len(node.items) for node in nodes])
    items = np.array([item for node in nodes for item in node.items], dtype=np.intp)
    item_start = np.cumsum(sizes) - sizes
    subtree_end = np.empty(len(nodes), np.intp)
    open_nodes: list[int] = []
    for k, level in enumerate(levels.tolist()):
        while open_nodes and levels[open_nodes[-1]] >= level:
            subtree_end[open_nodes.pop()] = item_start[k]
        open_nodes.append(k)
    for k in open_nodes:
        subtree_end[k] = len(items)
    # Each stored item meets the items after it in its node and every item below the node.
    node_of = np.repeat(np.arange(len(nodes)), sizes)
    place = np.arange(len(items))
    counts = subtree_end[node_of] - place - 1
    if straddle == "parent":
        # The tip's walk: each item is stored once, so each pair comes up once: filter first, sort the few.
        first, second = _touching_in_runs(boxes, items, place + 1, counts, items)
        return _sorted_pairs(first, second, count), int(counts.sum())
    # The variant stores a straddler in every leaf it touches: the same pair may come up
    # again, and an item may meet itself.
    owner, other = _spans(place + 1, counts)
    first, second = items[owner], items[other]
    distinct = first != second
    proposed = _sorted_pairs(first[distinct], second[distinct], count)
    keep = _overlapping(boxes, proposed[:, 0], proposed[:, 1])
    return proposed[keep], len(proposed)


_MORTON_BITS = 16
"""Bits of each coordinate a Morton code keeps: a grid of 65,536 x 65,536 over the boxes."""


def _morton(x: Ints, y: Ints) -> Ints:
    """The Morton (Z-order) code of each (x, y) of whole numbers below 2**16: their bits
    interleaved, x's in the even places. Boxes near each other in the plane get codes near
    each other, so sorting by it groups them."""
    codes: list[Ints] = []
    for value in (x, y):
        # Spread the 16 bits apart, one empty bit between each (the classic mask steps).
        v: Ints = value.astype(np.uint32)
        v = (v | (v << 8)) & 0x00FF00FF
        v = (v | (v << 4)) & 0x0F0F0F0F
        v = (v | (v << 2)) & 0x33333333
        v = (v | (v << 1)) & 0x55555555
        codes.append(v)
    morton: Ints = codes[0] | (codes[1] << 1)
    return morton


def _bulk_tree(boxes: Floats) -> tuple[Ints, list[Floats]]:
    """A bounding-volume tree over ``boxes`` built at once: the boxes sorted along the Morton
    curve of their centres are the leaves, and each level above joins the nodes below it two
    by two (an odd one out goes up alone). Returns the leaves' order and the levels' bounds,
    leaves first: node j of a level has children 2j and 2j + 1 in the level below."""
    min_x, min_y, max_x, max_y = _sides(boxes)
    centre_x, centre_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    low_x, low_y = centre_x.min(), centre_y.min()
    span = max(centre_x.max() - low_x, centre_y.max() - low_y) or 1.0
    scale = (2**_MORTON_BITS - 1) / span
    order = np.argsort(_morton((centre_x - low_x) * scale, (centre_y - low_y) * scale), kind="stable")
    levels = [boxes[order]]
    while len(levels[-1]) > 1:
        below = levels[-1]
        pairs = len(below) // 2
        joined = np.empty((pairs, 4))
        joined[:, :2] = np.minimum(below[0 : 2 * pairs : 2, :2], below[1 : 2 * pairs : 2, :2])
        joined[:, 2:] = np.maximum(below[0 : 2 * pairs : 2, 2:], below[1 : 2 * pairs : 2, 2:])
        levels.append(np.vstack([joined, below[2 * pairs :]]))
    return order, levels


def _dynamic_tree(boxes: Floats) -> Pairs:
    """Each box's walk down a tree of all of them built in bulk (:func:`_bulk_tree`), every
    walk at once, a level at a time. The candidates are the leaves the walks reach and test,
    each pair once: a walk goes only where a leaf after its own box's leaf lies, and a node
    whose box misses the walker's is passed over with everything below it."""
    count = len(boxes)
    if count < 2:
        return np.zeros((0, 2), np.intp), 0
    order, levels = _bulk_tree(boxes)
    # The walkers, by their leaf's place, each with its box's sides; each starts at the root.
    walker, node = np.arange(count), np.zeros(count, np.intp)
    own = _sides(levels[0])
    tested = 0
    for depth in range(len(levels) - 2, -1, -1):
        below = _sides(levels[depth])
        # Both children (the second only where it exists), then those worth going into.
        walker, node = np.repeat(walker, 2), np.repeat(2 * node, 2)
        node[1::2] += 1
        # Node j of this level covers leaves j * 2**depth to (j + 1) * 2**depth - 1: passed
        # over when all of them are at or before the walker's own (met from their end, or itself).
        going = np.flatnonzero((node < len(below[0])) & ((node + 1) << depth > walker + 1))
        walker, node = walker[going], node[going]
        tested = len(node)
        # Its walker's sides carried along with each step rather than gathered from all boxes.
        own = [np.repeat(side, 2)[going] for side in own]
        meets = np.flatnonzero(touching([side[node] for side in below], own))
        walker, node, own = walker[meets], node[meets], [side[meets] for side in own]
    # The last level's tests were the leaves': the candidates.
    return _sorted_pairs(order[walker], order[node], count), tested


_METHODS = {"brute": _brute, "sweep": _sweep, "grid": _grid, "quadtree": _quadtree, "tree": _dynamic_tree}


def find(aabbs: ArrayLike, method: str = "sweep", **options: Any) -> BroadPhase:
    """The pairs of boxes in ``aabbs`` that overlap or touch, and the method's candidate count.

    ``aabbs`` is an (N, 4) array of ``(min_x, min_y, max_x, max_y)`` rows; ``method`` one of
    :data:`METHODS`. ``"grid"`` takes ``cell`` and ``origin`` as :func:`grid_cells` does;
    ``"quadtree"`` takes ``straddle`` (``"parent"`` or ``"children"``),
    ``max_objects`` and ``max_levels`` as :class:`~collision.Quadtree` does (``max_levels``
    None by default: as deep as the objects need), its bounds those of all the boxes, and
    ``walk``: ``"range"`` (each item meets what its box reaches below it) or ``"tip"`` (every
    item below it). Returns a :class:`BroadPhase`.

    Boxes that share only an edge or a corner touch, and so pair; so do identical boxes and
    boxes of zero size (points):

    >>> import numpy as np
    >>> boxes = np.array([[0, 0, 1, 1], [1, 1, 2, 2], [1, 1, 1, 1], [9, 9, 9, 9]])
    >>> result = find(boxes, "grid")
    >>> result.pairs.tolist(), result.candidates
    ([[0, 1], [0, 2], [1, 2]], 3)
    >>> find(np.zeros((0, 4))).pairs.shape
    (0, 2)
    >>> find([[0, 0, 1]])
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: aabbs must have shape (N, 4), rows of (min_x, min_y, max_x, max_y); got (1, 3)
    """
    _check(method, options)
    found, candidates = _METHODS[method](_bounds(aabbs), **options)
    return BroadPhase(found, candidates, method)


def _check(method: object, options: dict[str, Any]) -> None:
    """ShapeError unless ``method`` is known and takes every one of ``options``."""
    if not isinstance(method, str) or method not in _METHODS:
        raise ShapeError(f"broad-phase method must be one of {', '.join(ALL_METHODS)}, got {method!r}")
    unknown = [name for name in options if name not in _OPTIONS.get(method, ())]
    if unknown:
        takes = ", ".join(_OPTIONS[method]) if method in _OPTIONS else "no options"
        raise ShapeError(f"the {method} method takes {takes}; got {', '.join(unknown)}")
    if options.get("walk", "range") not in ("range", "tip"):
        raise ShapeError(f'the quadtree\'s walk must be "range" or "tip", got {options["walk"]!r}')


def count_candidates(aabbs: ArrayLike, method: str = "sweep", **options: Any) -> int:
    """How many candidate pairs :func:`find` would propose with ``method``, without proposing
    them: brute force's count is a formula, the sweep's and the grid's are sums of run
    lengths, the quadtree's those of its walks' runs (with ``walk="tip"`` or the variant its
    own count, :meth:`~collision.Quadtree.candidate_pairs`); the tree's needs its walks.

    >>> boxes = [[0, 0, 1, 1], [5, 0, 6, 1], [0.5, 0.5, 2, 2]]
    >>> [count_candidates(boxes, method) for method in METHODS]
    [3, 1, 1, 3]
    >>> [find(boxes, method).candidates for method in ALL_METHODS]
    [3, 1, 1, 3, 1]
    """
    _check(method, options)
    boxes = _bounds(aabbs)
    count = len(boxes)
    if method == "grid":
        return int(_grid_runs(boxes, **options)[2].sum()) if count > 1 else _grid(boxes, **options)[1]
    if count < 2:
        return 0
    if method == "brute":
        return count * (count - 1) // 2
    if method == "sweep":
        # Each box starts no later than it ends: the boxes starting no later than a box ends
        # are all those before it in the sweep's order, itself, and its candidates after it.
        # Summed over the boxes, the first two make 1 + 2 + ... + count.
        # The sum does not depend on the order of the ends: sorted, numpy's binary search
        # starts each from where the last one stopped (four times faster at 10,000 boxes).
        axis = _sweep_axis(boxes)
        ends = np.searchsorted(np.sort(boxes[:, axis]), np.sort(boxes[:, axis + 2]), side="right")
        return int(ends.sum()) - count * (count + 1) // 2
    if method == "tree":
        return _dynamic_tree(boxes)[1]
    straddle, walk = options.get("straddle", "parent"), options.get("walk", "range")
    tree = _tree(boxes, straddle, options.get("max_objects", 10), options.get("max_levels"))
    if straddle == "parent" and walk == "range":
        return int(_range_runs(tree._arrays(), boxes)[2].sum())
    return tree.candidate_pairs()


def grid_cells(aabbs: ArrayLike, cell: float | None = None, origin: PairLike | None = None) -> Grid:
    """The :class:`Grid` the ``"grid"`` method uses: each box in the cell holding its centre.

    ``cell`` (at least the largest box, as the method needs) and ``origin`` (x, y) default to
    the ones :func:`find` picks: the largest box, and the lowest centre.

    >>> grid = grid_cells([[0, 0, 2, 2], [3, 1, 4, 2], [0.5, 0, 9, 1]], cell=10, origin=(-5, -5))
    >>> grid.cell, grid.origin, grid.cells.tolist()
    (10.0, (-5.0, -5.0), [[0, 0], [0, 0], [0, 0]])
    >>> grid_cells([[0, 0, 2, 2], [3, 0, 4, 1]], cell=1)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: grid cells must be at least the largest box (2) and above 0, got 1: smaller cells miss pairs
    """
    return _layout(_bounds(aabbs), cell, origin)


class Contacts(NamedTuple):
    """How many boxes each box meets, found with the loose grid, without listing the pairs."""

    counts: np.ndarray
    """How many other boxes each box overlaps or touches: int array (N,). Half its sum is the
    number of pairs :func:`pairs` returns; where it is 0 the box is clear."""

    candidates: int
    """The grid's candidate pairs, as :func:`find` counts them with ``"grid"``."""


def contacts(aabbs: ArrayLike, cell: float | None = None, origin: PairLike | None = None) -> Contacts:
    """Each box's count of the boxes it overlaps or touches, and the grid's candidate count:
    the grid's work without sorting or listing the pairs, for a scene that shows how many
    objects collide every frame. ``cell`` and ``origin`` as :func:`grid_cells` takes them.

    >>> found = contacts([[0, 0, 2, 2], [2, 0, 4, 2], [1, 1, 3, 3], [9, 9, 9, 9]])
    >>> found.counts.tolist(), found.candidates
    ([2, 2, 2, 0], 3)
    >>> contacts([[0, 0, 2, 2], [2, 0, 4, 2], [1, 1, 3, 3], [9, 9, 9, 9]], cell=10).candidates
    6
    >>> contacts(np.zeros((0, 4))).counts.tolist()
    []
    """
    boxes = _bounds(aabbs)
    count = len(boxes)
    if count < 2:
        _layout(boxes, cell, origin)  # still refuse a bad cell or origin
        return Contacts(np.zeros(count, np.intp), 0)
    order, starts, runs = _grid_runs(boxes, cell, origin)
    per_box = runs[0::2] + runs[1::2]
    ends = np.cumsum(per_box)
    total = int(ends[-1])
    min_x, min_y, max_x, max_y = _sides(boxes[order])
    met = np.zeros(count, np.intp)
    # The candidates are tested a block of boxes at a time, each block's about _CONTACT_BLOCK of
    # them (or one box's own), never all in memory at once however many there are (6,000
    # boxes in one cell make 18 million); a scene's thousands are one block.
    cuts = np.unique(np.append(np.searchsorted(ends, np.arange(0, total, _CONTACT_BLOCK), side="right"), count))
    for first, last in zip(cuts[:-1].tolist(), cuts[1:].tolist()):
        block_starts, block_runs, block_per_box = starts[2 * first : 2 * last], runs[2 * first : 2 * last], per_box[first:last]
        run_ends = np.cumsum(block_runs)
        other = np.arange(int(run_ends[-1])) + np.repeat(block_starts - (run_ends - block_runs), block_runs)
        own = slice(first, last)
        # spans_touch on x and on y, written out: each comparison's two columns are freed
        # before the next two are made (through spans_touch all four live at once: 1.4x the time).
        keep = (
            (np.repeat(min_x[own], block_per_box) <= max_x[other])
            & (min_x[other] <= np.repeat(max_x[own], block_per_box))
            & (np.repeat(min_y[own], block_per_box) <= max_y[other])
            & (min_y[other] <= np.repeat(max_y[own], block_per_box))
        )
        # A box's own candidates are one stretch of ``keep``: its hits there are a difference
        # of running sums; as someone else's candidate it is counted where it is ``other``.
        hits = np.zeros(len(keep) + 1, np.intp)
        np.cumsum(keep, out=hits[1:])
        box_ends = np.cumsum(block_per_box)
        met[own] += hits[box_ends] - hits[box_ends - block_per_box]
        met += np.bincount(other[keep], minlength=count)
    counts = np.empty(count, np.intp)
    counts[order] = met
    return Contacts(counts, total)


def pairs(aabbs: ArrayLike, method: str = "sweep", **options: Any) -> NDArray[np.intp]:
    """Index pairs ``(i, j)``, ``i < j``, of the boxes in ``aabbs`` that overlap or touch:
    an int array (M, 2), sorted, each pair once; see :func:`find`.

    >>> pairs([[0, 0, 1, 1], [0.5, 0.5, 3, 3], [2, 2, 4, 4]], "quadtree").tolist()
    [[0, 1], [1, 2]]
    >>> pairs([[0, 0, 1, 1]]).tolist()
    []
    """
    return find(aabbs, method, **options).pairs
