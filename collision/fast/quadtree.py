"""The quadtree as arrays: built a level at a time for thousands of boxes, queried and counted
in numpy; and :class:`Quadtree`, the class a scene holds, which keeps its tree in either form.

The fast path of :mod:`collision.quadtree`, whose node-by-node insert (``_Node.insert``,
the tip's way) and queries (:func:`collision.quadtree.range_query`,
:func:`collision.quadtree.tip_walk`) are the readable ones: :meth:`Quadtree.insert_many`
into an empty tree builds here (``build_tip``, ``build_variant``) the very tree those inserts
build, node for node and entry for entry, and ``retrieve`` and ``retrieve_tip`` read this
form (``Flat``). ``tests/core/test_quadtree.py`` holds the builds and the queries to each other.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import LIMIT
from ..errors import ShapeError
from ..projection import bounds_touch
from ..quadtree import MAX_LEVELS, VARIANT_LEVELS, QuadArrays, QuadNode, _aabb, _clamped, _count, _Node, _quadrant
from ..vector import Bounds
from .bounds import touching

Floats = NDArray[np.float64]
"""A float array: bounds (M, 4) or boxes (E, 4)."""

Ints = NDArray[Any]
"""An array of whole numbers (node and entry numbers, counts), of whichever int type numpy gives."""


def child_bounds(bounds: Floats) -> Floats:
    """The four children's bounds of each row of node ``bounds``, in split()'s order and with
    its sums, as rows of an (4N, 4) array."""
    min_x, min_y, max_x, max_y = bounds.T
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    children = [(mid_x, mid_y, max_x, max_y), (min_x, mid_y, mid_x, max_y), (min_x, min_y, mid_x, mid_y), (mid_x, min_y, max_x, mid_y)]
    # Filled side by side: stacking along a last axis of four is slow in numpy.
    out = np.empty((len(bounds), 4, 4))
    for quadrant, sides in enumerate(children):
        for k, side in enumerate(sides):
            out[:, quadrant, k] = side
    return out.reshape(-1, 4)


class Flat:
    """The tree as arrays: nodes level by level, each split node's four children together, and
    the entries grouped by node. Every query reads this form. What only some queries need, the
    items as a list and the boxes in entry order, is made on first use: a scene that rebuilds
    its tree every frame and only counts its pairs never pays for them."""

    def __init__(
        self, bounds: Floats, level: Ints, first_child: Ints, entry_node: Ints, entry: Ints, items: Sequence[Any], boxes: Any,
        inserted: Ints | None = None,
    ) -> None:
        self.bounds = bounds
        """Each node's bounds: float (M, 4)."""
        self.level = level
        """Each node's level, int (M,)."""
        self.first_child = first_child
        """Index of each node's first child (the others follow it), or -1: int (M,)."""
        # A stable sort by node alone keeps each node's entries in the order given, which the
        # builders keep in order of insertion; node numbers below 2**16 are radix-sorted.
        order = np.argsort(entry_node.astype(np.uint16) if len(level) <= 2**16 else entry_node, kind="stable")
        self.entry = entry[order]
        """Each entry's index into the items and boxes it was built from, node by node: int (E,)."""
        self.inserted = self.entry if inserted is None else inserted[self.entry]
        """Each entry's number of insertion (by default its index into the items): int (E,)."""
        self.start = np.zeros(len(level) + 1, dtype=np.intp)
        """Node k's entries are ``start[k]`` to ``start[k + 1] - 1``: int (M + 1,)."""
        np.cumsum(np.bincount(entry_node, minlength=len(level)), out=self.start[1:])
        self._items, self._boxes = items, boxes

    def node_items(self, begin: int, end: int, picked: Ints | None = None) -> list[Any]:
        """The items of entries ``begin`` to ``end - 1`` (those at ``picked`` places among
        them, if given), without making the list of every item: a query visits a few nodes."""
        entry = self.entry[begin:end] if picked is None else self.entry[begin:end][picked]
        return entry.tolist() if numbered(self._items) else [self._items[i] for i in entry.tolist()]

    def node_boxes(self, begin: int, end: int) -> Floats:
        """The boxes of entries ``begin`` to ``end - 1``: float (end - begin, 4)."""
        return self._rows[self.entry[begin:end]]

    @functools.cached_property
    def _rows(self) -> Floats:
        return np.asarray(self._boxes, dtype=float).reshape(-1, 4)

    @functools.cached_property
    def items(self) -> list[Any]:
        """The entries' items, node by node, each node's in the order they were inserted."""
        return self.entry.tolist() if numbered(self._items) else [self._items[i] for i in self.entry.tolist()]

    @functools.cached_property
    def boxes(self) -> Floats:
        """The entries' boxes: float (E, 4)."""
        return self._rows[self.entry]

    @functools.cached_property
    def codes(self) -> Ints:
        """The entries' items numbered by identity (the same object twice, the same number): int (E,)."""
        if numbered(self._items):
            # Items 0 to n - 1, as scenes number their objects: each is its own number.
            return self.entry.astype(np.int64)
        first: dict[int, int] = {}
        numbers = np.array([first.setdefault(id(item), i) for i, item in enumerate(self._items)], dtype=np.int64)
        return numbers[self.entry] if len(numbers) else np.zeros(0, np.int64)

    @functools.cached_property
    def distinct(self) -> bool:
        """Whether no object was inserted twice."""
        return numbered(self._items) or len({id(item) for item in self._items}) == len(self._items)


def numbered(items: object) -> bool:
    """Whether ``items`` are the integers 0 to n - 1 in order: then each is its own index."""
    return isinstance(items, range) and items.start == 0 and items.step == 1


def _levels(level_bounds: list[Floats], first_children: list[Ints]) -> tuple[Floats, Ints, Ints]:
    """The node arrays (bounds, level, first_child) of a tree built a level at a time."""
    sizes = [len(bounds) for bounds in level_bounds]
    level = np.repeat(np.arange(len(sizes)), sizes)
    return np.concatenate(level_bounds), level, np.concatenate(first_children)


_QUADRANT = np.array([2, 3, 1, 0], dtype=np.intp)
"""The child a box goes to, by 2 * (above the middle) + (right of it): the tip's numbering."""


def _split(level_bounds: list[Floats], first: Ints, crowded: NDArray[np.bool_], offset: int) -> int:
    """Split the ``crowded`` nodes of the newest level (numbered from ``offset``): their
    children, four each in the tip's order, become the next level, and ``first`` (the level's
    first children) points at them. Returns the number of the next level's first node."""
    split = np.flatnonzero(crowded)
    below = offset + len(level_bounds[-1])
    first[split] = below + 4 * np.arange(len(split))
    level_bounds.append(child_bounds(level_bounds[-1][split]))
    return below


def build_tip(root: Bounds, items: Sequence[Any], boxes: Floats, max_objects: int, max_levels: int) -> Flat:
    """The tip's tree over ``boxes``, built a level at a time: a node splits exactly when more
    than max_objects items reach it, so counting them is enough; every item that fits wholly
    inside one of the new children goes down. Nodes are numbered within their level while
    building, which keeps every lookup in arrays the size of a level."""
    level_bounds, first_children = [np.array([root], dtype=float)], []
    where = np.zeros(len(boxes), dtype=np.intp)
    # The items still going down, their node within its level, and their boxes' sides.
    moving, local = np.arange(len(boxes)), np.zeros(len(boxes), dtype=np.intp)
    x0, y0, x1, y1 = (np.ascontiguousarray(side) for side in boxes.T)
    # Only the root can meet a box that is not wholly inside it: the root keeps those (a
    # column at the root, True below it).
    inside: Any = (x0 >= root[0]) & (y0 >= root[1]) & (x1 <= root[2]) & (y1 <= root[3])
    offset = 0
    while True:
        bounds = level_bounds[-1]
        first = np.full(len(bounds), -1, dtype=np.intp)
        first_children.append(first)
        if len(level_bounds) > max_levels or not len(moving):
            break
        crowded = np.bincount(local, minlength=len(bounds)) > max_objects
        if not crowded.any():
            break
        below = _split(level_bounds, first, crowded, offset)
        # The tip's getIndex for every box at once, with the same sums as split().
        mid_x, mid_y = ((bounds[:, 0] + bounds[:, 2]) / 2)[local], ((bounds[:, 1] + bounds[:, 3]) / 2)[local]
        left, right = x1 < mid_x, x0 > mid_x
        top, bottom = y0 > mid_y, y1 < mid_y
        going = np.flatnonzero(crowded[local] & (left | right) & (top | bottom) & inside)
        child = 4 * (np.cumsum(crowded) - 1)[local] + _QUADRANT[2 * top + right]
        moving, local = moving[going], child[going]
        x0, y0, x1, y1 = x0[going], y0[going], x1[going], y1[going]
        inside = True
        where[moving] = below + local
        offset = below
    return Flat(*_levels(level_bounds, first_children), where, np.arange(len(boxes)), items, boxes)


def build_variant(root: Bounds, items: Sequence[Any], boxes: Floats, max_objects: int, max_levels: int) -> Flat:
    """The variant's tree over ``boxes``, a level at a time: every item goes to each child it
    touches. An entry that reached a node touches it, so only the node's middle lines decide
    which children it touches (the root's own sides too, where boxes may lie outside)."""
    level_bounds, first_children = [np.array([root], dtype=float)], []
    sides = [np.ascontiguousarray(side) for side in boxes.T]
    x0, y0, x1, y1 = sides
    # The entries waiting at the current level: which box, in which node of the level.
    box, local = np.arange(len(boxes)), np.zeros(len(boxes), dtype=np.intp)
    # Wholly outside the root, a box touches none of its children: the root keeps it.
    stays = ~touching(sides, root)
    kept_box, kept_node = [], []
    offset = 0
    while True:
        bounds = level_bounds[-1]
        first = np.full(len(bounds), -1, dtype=np.intp)
        first_children.append(first)
        crowded = np.bincount(local, minlength=len(bounds)) > max_objects
        if len(level_bounds) > max_levels:
            crowded[:] = False
        # A split parts only entries that touch the node but not its centre (quadtree._separates).
        mid_x, mid_y = ((bounds[:, 0] + bounds[:, 2]) / 2)[local], ((bounds[:, 1] + bounds[:, 3]) / 2)[local]
        parted = ~stays & ~((x0[box] <= mid_x) & (mid_x <= x1[box]) & (y0[box] <= mid_y) & (mid_y <= y1[box]))
        crowded &= np.bincount(local[parted], minlength=len(bounds)) > 0
        stays = stays | ~crowded[local]
        kept_box.append(box[stays])
        kept_node.append(offset + local[stays])
        if not crowded.any():
            break
        below = _split(level_bounds, first, crowded, offset)
        going = ~stays
        box, node = box[going], local[going]
        # The same sums as split() and touched(), so the same floats and the same answers.
        mid_x, mid_y = ((bounds[:, 0] + bounds[:, 2]) / 2)[node], ((bounds[:, 1] + bounds[:, 3]) / 2)[node]
        left, right = x0[box] <= mid_x, mid_x <= x1[box]
        bottom, top = y0[box] <= mid_y, mid_y <= y1[box]
        # The children touched, quadrant by quadrant in one array: its true places, in order,
        # keep each child's entries in its parent's order, the order of insertion.
        touched = np.concatenate([right & top, left & top, left & bottom, right & bottom])
        quadrant, entry = np.divmod(np.flatnonzero(touched), len(box))
        box, local = box[entry], 4 * (np.cumsum(crowded) - 1)[node[entry]] + quadrant
        stays = np.zeros(len(box), dtype=bool)
        offset = below
    return Flat(*_levels(level_bounds, first_children), np.concatenate(kept_node), np.concatenate(kept_box), items, boxes)


def by_level(flat: Flat) -> list[Ints]:
    """The split nodes, level by level from the top: a list of int arrays."""
    parents = np.flatnonzero(flat.first_child >= 0)
    levels = flat.level[parents]
    return [parents[levels == depth] for depth in range(int(levels.max()) + 1)] if len(parents) else []


def subtree_totals(flat: Flat, values: Ints) -> Ints:
    """``values`` per node summed over each node's subtree (itself and everything below)."""
    totals = values.copy()
    for parents in reversed(by_level(flat)):
        first = flat.first_child[parents]
        totals[parents] += totals[first] + totals[first + 1] + totals[first + 2] + totals[first + 3]
    return totals


def preorder(flat: Flat) -> Ints:
    """The nodes parents first, each node's children in order after it: an int array."""
    size = subtree_totals(flat, np.ones(len(flat.level), dtype=np.intp))
    place = np.zeros(len(flat.level), dtype=np.intp)
    for parents in by_level(flat):
        after = place[parents] + 1
        for child in range(4):
            node = flat.first_child[parents] + child
            place[node] = after
            after = after + size[node]
    return np.argsort(place)


def variant_pair_count(node: Ints, code: Ints) -> int:
    """candidate_pairs of a variant tree, from where its entries went: ``node`` (sorted) and
    ``code`` (an item's number) per entry, no item twice in a node. Only the root holds items above the leaves there
    (those wholly outside it), and they meet every other item.

    Every node's items pair among themselves; a pair is counted again in every further node
    the two share, and only items held by several nodes can share more than one: so only
    their pairs are listed, to count each once.
    """
    if len(node) == 0:
        return 0
    sizes = np.bincount(node).astype(np.int64)
    total = int((sizes * (sizes - 1) // 2).sum())
    held = np.bincount(code)
    several = held[code] > 1
    if several.any():
        shared_node, shared_code = node[several], code[several]
        count = int(code.max()) + 1
        total -= _repeated(_pairs_in_nodes(shared_node, shared_code, count), count)
    at_root = node == 0
    if at_root.any() and not at_root.all():
        # The root was split, so what it holds is outside it: those meet every other item.
        total += len(np.unique(code[at_root])) * len(np.unique(code[~at_root]))
    return total


def _pairs_in_nodes(node: Ints, code: Ints, count: int) -> Ints:
    """Every pair of entries in the same node, as int64 keys low * count + high (node sorted)."""
    # Each entry meets the entries after it in its node: one run of places each, laid end to end.
    place = np.arange(len(node))
    after = np.cumsum(np.bincount(node))[node] - place - 1
    run_begins = np.cumsum(after) - after
    first = np.repeat(place, after)
    second = np.arange(len(first)) + np.repeat(place + 1 - run_begins, after)
    a, b = code[first], code[second]
    keys: Ints = np.minimum(a, b) * count + np.maximum(a, b)
    return keys


def _repeated(keys: Ints, count: int) -> int:
    """How many of ``keys`` (below count * count) repeat one before them."""
    # Sorted as 32-bit numbers where they fit: half the memory, twice as fast.
    keys = np.sort(keys.astype(np.uint32) if count * count <= 2**32 else keys)
    return int(np.count_nonzero(keys[1:] == keys[:-1]))


def listed_pair_count(node: Ints, code: Ints) -> int:
    """variant_pair_count by listing every pair, for trees where an object was inserted
    twice: it is one item, and no pair with itself."""
    count = int(code.max()) + 1
    keys: Any = [_pairs_in_nodes(node, code, count)]  # then one array of them all
    at_root = node == 0
    if at_root.any() and not at_root.all():
        outside, others = np.unique(code[at_root]), np.unique(code[~at_root])
        a, b = np.repeat(outside, len(others)), np.tile(others, len(outside))
        keys.append(np.minimum(a, b) * count + np.maximum(a, b))
    keys = np.unique(np.concatenate(keys))
    # An item paired with itself (the same object twice) is no pair.
    return int(np.count_nonzero(keys // count != keys % count))


def flat_range_query(flat: Flat, box: Bounds, probe: Bounds) -> list[Any]:
    """:func:`collision.quadtree.range_query` over the tree as arrays: the items whose boxes
    overlap or touch ``box``, each once, in node order; the nodes visited are those whose
    bounds touch ``probe``, the query clamped to the root. Each node's items are tested at
    once, their boxes' shadows on x and on y against the query's."""
    found: dict[int, Any] = {}
    stack = [0]
    while stack:
        k = stack.pop()
        begin, end = int(flat.start[k]), int(flat.start[k + 1])
        if end > begin:
            stored = flat.node_boxes(begin, end)
            hit = touching(stored.T, box)
            for item in flat.node_items(begin, end, np.flatnonzero(hit)):
                found.setdefault(id(item), item)
        first = int(flat.first_child[k])
        if first >= 0:
            stack.extend(first + i for i in (3, 2, 1, 0) if bounds_touch(flat.bounds[first + i].tolist(), probe))
    return list(found.values())


def _rows(aabbs: ArrayLike) -> Floats:
    """``aabbs`` as an (N, 4) float array, or ShapeError: a row of 8 numbers is not two boxes."""
    boxes: NDArray[Any] | None
    try:
        boxes = np.asarray(aabbs)
        if boxes.dtype.kind not in "fiu":
            # Object arrays hold Python ints too large for int64: they may still fit a float.
            boxes = np.asarray(aabbs, dtype=float) if boxes.dtype.kind == "O" else None
    except (TypeError, ValueError, OverflowError):
        boxes = None
    if boxes is not None and boxes.size == 0:
        return np.zeros((0, 4))
    if boxes is None or boxes.ndim != 2 or boxes.shape[1] != 4:
        shape = np.shape(aabbs) if boxes is not None else repr(aabbs)[:80]
        raise ShapeError(f"insert_many needs aabbs as rows of (min_x, min_y, max_x, max_y) numbers, an (N, 4) array; got {shape}")
    return boxes.astype(float)


def _flatten(root: _Node) -> Flat:
    """The Flat of a tree of _Nodes, its nodes taken level by level."""
    nodes, first_child = [root], []
    for node in nodes:  # grows as it goes: breadth first
        first_child.append(len(nodes) if node.children is not None else -1)
        nodes.extend(node.children or ())
    entries = [(k, entry) for k, node in enumerate(nodes) for entry in node.entries]
    items = [item for _, (item, _, _) in entries]
    boxes = np.array([box for _, (_, box, _) in entries], dtype=float).reshape(-1, 4)
    inserted = np.array([number for _, (_, _, number) in entries], dtype=np.intp)
    return Flat(
        np.array([node.bounds for node in nodes], dtype=float), np.array([node.level for node in nodes], dtype=np.intp),
        np.array(first_child, dtype=np.intp), np.array([k for k, _ in entries], dtype=np.intp), np.arange(len(entries)), items, boxes, inserted,
    )


def _nodes_of(flat: Flat) -> _Node:
    """A tree of _Nodes holding what ``flat`` holds, to insert into one at a time."""
    nodes = [_Node(tuple(bounds), level) for bounds, level in zip(flat.bounds.tolist(), flat.level.tolist())]
    for node, first in zip(nodes, flat.first_child.tolist()):
        if first >= 0:
            node.children = nodes[first : first + 4]
    rows = [tuple(row) for row in flat.boxes.tolist()]
    inserted = flat.inserted.tolist()
    for k, (begin, end) in enumerate(zip(flat.start[:-1].tolist(), flat.start[1:].tolist())):
        nodes[k].entries = list(zip(flat.items[begin:end], rows[begin:end], inserted[begin:end]))
    return nodes[0]


class Quadtree:
    """A quadtree over ``bounds`` = ``(min_x, min_y, max_x, max_y)``.

    A node splits when it holds more than ``max_objects`` items and its level is below
    ``max_levels`` (the root is level 0; at most :data:`MAX_LEVELS`). Both are whole numbers;
    ``max_levels=None`` lets the depth grow with the objects, as a real quadtree's does: a node
    splits whenever it holds too many, down to :data:`MAX_LEVELS`, so n objects spread over the
    root make about log4(n / max_objects) levels (the ``"children"`` variant stops at
    :data:`VARIANT_LEVELS`: it copies straddlers, and copies double with each level). The tip's fixed 5 levels leave 100,000
    objects some 90 to a leaf.
    Children are numbered as in the tip: 0 top-right, 1 top-left, 2 bottom-left,
    3 bottom-right. An item outside the root stays in the root.

    ``straddle`` says where an item goes that does not fit wholly inside one child:
    ``"parent"``, the tip's way, keeps it in the parent; ``"children"``, the way later quadtree
    libraries went, puts it in every child it touches.

    ``retrieve`` is a range query: every item whose box overlaps or touches the query.
    ``retrieve_tip`` is the tip's walk, which can miss some of them.

    >>> tree = Quadtree((0, 0, 100, 100), max_objects=1)
    >>> tree.insert("a", (10, 10, 20, 20))
    >>> tree.insert("b", (60, 60, 70, 70))
    >>> tree.insert("straddler", (45, 45, 55, 55))
    >>> [(node.level, node.items) for node in tree.nodes() if node.items]
    [(0, ('straddler',)), (1, ('b',)), (1, ('a',))]
    >>> tree.retrieve((12, 12, 14, 14))
    ['a']
    >>> tree.retrieve_tip((12, 12, 14, 14))
    ['straddler', 'a']
    >>> tree.retrieve((0, 0, 100, 100)), tree.retrieve_tip((0, 0, 100, 100))
    (['straddler', 'b', 'a'], ['straddler'])

    Two small boxes close together part only six levels down: at the tip's five levels they
    share a node; as deep as they need, that node splits once more and ``p`` goes down into
    its own (``q`` straddles the split).

    >>> for levels in (5, None):
    ...     close = Quadtree((0, 0, 100, 100), max_objects=1, max_levels=levels)
    ...     close.insert_many(["p", "q"], [(1, 1, 1.2, 1.2), (1.4, 1.4, 1.6, 1.6)])
    ...     print([(node.level, node.items) for node in close.nodes() if node.items])
    [(5, ('p', 'q'))]
    [(5, ('q',)), (6, ('p',))]
    >>> tree.insert("nothing", (5, 5, 1, 1))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: aabb must be (min_x, min_y, max_x, max_y) with min <= max, got (5, 5, 1, 1)
    """

    def __init__(self, bounds: Sequence[float], max_objects: int = 10, max_levels: int | None = 5, straddle: str = "parent") -> None:
        self.bounds = _aabb(bounds, "quadtree bounds")
        self.max_objects = _count(max_objects, "max_objects", 1)
        if straddle not in ("parent", "children"):
            raise ShapeError(f'quadtree straddle must be "parent" or "children", got {straddle!r}')
        # None: as deep as the objects need; MAX_LEVELS still bounds boxes that coincide. The
        # variant copies a box across a middle line into both children, level after level, so
        # a cluster of such boxes doubles with every level: it keeps the tip's five (at 32,
        # 263 boxes near 3.5e8 asked for over 24 GB).
        deepest = MAX_LEVELS if straddle == "parent" else VARIANT_LEVELS
        self.max_levels = deepest if max_levels is None else _count(max_levels, "max_levels", 0, MAX_LEVELS)
        self.straddle = straddle
        self.clear()

    def clear(self) -> None:
        """Remove every item and every child node."""
        # The tree is held in one of two forms: _Nodes while items are inserted one at a time,
        # the arrays of Flat for queries and for insert_many; each is made from the other
        # when it is needed.
        self._root: _Node | None = _Node(self.bounds, 0)
        self._flat: Flat | None = None
        # How many items were inserted: the number the next one gets.
        self._inserted = 0

    def _arrays(self) -> Flat:
        if self._flat is None:
            # One of the two forms is always held.
            self._flat = _flatten(cast(_Node, self._root))
        return self._flat

    def _tree(self) -> _Node:
        if self._root is None:
            self._root = _nodes_of(cast(Flat, self._flat))
        self._flat = None
        return self._root

    def insert(self, item: Hashable, aabb: Sequence[float]) -> None:
        """Store ``item`` under its bounding box ``aabb`` = ``(min_x, min_y, max_x, max_y)``."""
        entry = (item, _aabb(aabb, "aabb"), self._inserted)
        self._tree().insert(entry, self)
        self._inserted += 1

    def insert_many(self, items: Iterable[Hashable], aabbs: ArrayLike) -> None:
        """Insert each of ``items`` under the matching row of ``aabbs`` (N, 4), in order.

        The tree comes out as if each were inserted in turn. An empty tree is built all at
        once instead, a level at a time, in arrays: at 10,000 boxes that is a few
        milliseconds, for a scene that rebuilds its tree every frame.
        """
        try:
            items = items if isinstance(items, range) else list(items)
        except TypeError:
            raise ShapeError(f"insert_many needs a sequence of items, got {items!r:.80}") from None
        boxes = _rows(aabbs)
        if len(items) != len(boxes):
            raise ShapeError(f"insert_many needs one aabb per item, got {len(items)} items and {len(boxes)} aabbs")
        # Checked whole first, row by row only to name a bad one: a scene inserts every frame.
        if not np.isfinite(boxes).all() or (boxes[:, 0] > boxes[:, 2]).any() or (boxes[:, 1] > boxes[:, 3]).any():
            valid = np.isfinite(boxes).all(axis=1) & (boxes[:, 0] <= boxes[:, 2]) & (boxes[:, 1] <= boxes[:, 3])
            bad = int(np.flatnonzero(~valid)[0])
            raise ShapeError(f"aabb {bad} must be (min_x, min_y, max_x, max_y) with min <= max, got {tuple(boxes[bad])}")
        if boxes.size and (boxes.min() < -LIMIT or boxes.max() > LIMIT):
            bad = int(np.flatnonzero((np.abs(boxes) > LIMIT).any(axis=1))[0])
            raise ShapeError(f"aabb {bad} is {tuple(boxes[bad].tolist())}: too far out; keep bounds within ±{LIMIT:g}")
        empty = self._arrays().start[-1] == 0 if self._root is None else not self._root.entries and self._root.children is None
        if not empty:
            root = self._tree()
            for number, (item, row) in enumerate(zip(items, boxes.tolist()), start=self._inserted):
                root.insert((item, tuple(row), number), self)
            self._inserted += len(boxes)
            return
        build = build_variant if self.straddle == "children" else build_tip
        # The builders number the items from 0 as they come: so are they when the tree is empty.
        self._flat = build(self.bounds, items, boxes, self.max_objects, self.max_levels)
        self._root = None
        self._inserted = len(boxes)

    def retrieve(self, aabb: Sequence[float]) -> list[Any]:
        """Every item whose box overlaps or touches ``aabb``, each once, in the order of the
        nodes (parents first) and of insertion within a node. Items and queries outside the
        root are found too.

        Only the nodes the query reaches are visited. The query is first clamped to the root:
        an item held by a child reaches outside the root only beyond that child's outer sides,
        and the clamped query still touches that child.
        """
        box = _aabb(aabb, "aabb")
        # range_query, read from the arrays: a node's items tested at once.
        return flat_range_query(self._arrays(), box, _clamped(box, self.bounds))

    def retrieve_tip(self, aabb: Sequence[float]) -> list[Any]:
        """The items the tip's retrieve returns for ``aabb``: those stored on its walk from the
        root down, each once, whether or not they touch ``aabb``.

        The tip's tree follows one path and stops where ``aabb`` no longer fits inside one
        child, so it can miss items that overlap ``aabb`` (a query across the middle of the
        root sees only the root's own items); a pair is sure to be found by retrieving either
        of its two boxes, not always by both. The variant visits every child ``aabb`` touches,
        inside the root only.
        """
        box = _aabb(aabb, "aabb")
        flat = self._arrays()
        walk, stack = [], [0]
        while stack:
            k = stack.pop()
            walk.append(k)
            first = int(flat.first_child[k])
            if first < 0:
                continue
            if self.straddle == "children":
                stack.extend(first + i for i in (3, 2, 1, 0) if bounds_touch(flat.bounds[first + i].tolist(), box))
            else:
                index = _quadrant(flat.bounds[k].tolist(), box)
                if index != -1:
                    stack.append(first + index)
        start = flat.start
        if self.straddle == "parent" and flat.distinct:
            # One path, and each item stored once: none can come twice, and the items of a
            # node are taken whole (the root may hold thousands).
            found = []
            for k in walk:
                found.extend(flat.node_items(start[k], start[k + 1]))
            return found
        unique: dict[int, Any] = {}
        for k in walk:
            for item in flat.node_items(start[k], start[k + 1]):
                unique.setdefault(id(item), item)
        return list(unique.values())

    def nodes(self) -> list[QuadNode]:
        """Every node, parents before their children in child order, as QuadNode tuples."""
        flat = self._arrays()
        starts = flat.start.tolist()
        levels = flat.level.tolist()
        # tuple.__new__ makes each QuadNode without the Python-level __new__ a NamedTuple has.
        make = tuple.__new__
        bounds = flat.bounds.tolist()
        return [make(QuadNode, (tuple(bounds[k]), levels[k], tuple(flat.items[starts[k] : starts[k + 1]]))) for k in preorder(flat).tolist()]

    def arrays(self) -> QuadArrays:
        """The tree as a :class:`QuadArrays`: what :meth:`nodes` lists, as arrays."""
        flat = self._arrays()
        return QuadArrays(flat.bounds, flat.level, flat.first_child, flat.start, flat.inserted, flat)

    def candidate_pairs(self) -> int:
        """How many distinct pairs of items a broad phase built on ``retrieve_tip`` would test.

        Two items are paired when one is stored in a node on the path the other's walk takes:
        in the tip's tree, on its one path to the root; in the variant, in a node they share,
        or in a parent of any node holding the other (an item outside the root stays there and
        meets everything).
        """
        flat = self._arrays()
        if self.straddle == "children":
            node = np.repeat(np.arange(len(flat.level)), np.diff(flat.start))
            return variant_pair_count(node, flat.codes) if flat.distinct else listed_pair_count(node, flat.codes)
        # Each node's items pair among themselves and with every item below them.
        count = np.diff(flat.start).astype(np.int64)
        below = subtree_totals(flat, count) - count
        return int((count * (count - 1) // 2 + count * below).sum())
