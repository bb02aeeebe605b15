"""A region quadtree for the broad phase, as the Tuts+ quick tip builds it, in a y-up world."""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validate import LIMIT, finite_number
from .errors import ShapeError
from .fast.quadtree import (
    Flat,
    build_tip,
    build_variant,
    child_bounds,
    flat_range_query,
    listed_pair_count,
    preorder,
    subtree_totals,
    variant_pair_count,
)
from .projection import bounds_touch


class QuadNode(NamedTuple):
    """One node of a :class:`Quadtree`, for drawing and teaching."""

    bounds: tuple
    """The node's region as ``(min_x, min_y, max_x, max_y)``."""

    level: int
    """Depth in the tree; the root is level 0."""

    items: tuple
    """The items stored in this node itself (not in its children)."""


@dataclass(frozen=True, eq=False)
class QuadArrays:
    """A whole :class:`Quadtree` as arrays, for drawing and counting thousands of items without
    a QuadNode each. Nodes are numbered level by level (the root is 0) and the four children
    of a node are numbered one after another, in the tip's order."""

    bounds: np.ndarray
    """Each node's ``(min_x, min_y, max_x, max_y)``: float (M, 4)."""

    level: np.ndarray
    """Each node's depth: int (M,)."""

    first_child: np.ndarray
    """The number of each node's first child, or -1 for a leaf: int (M,)."""

    start: np.ndarray
    """Node k stores entries ``start[k]`` to ``start[k + 1] - 1``: int (M + 1,)."""

    inserted: np.ndarray
    """Each stored entry's item by when it was inserted: 0 for the first item inserted since
    the tree was made or cleared, 1 for the next (insert_many's items one after another); int
    (E,). For a tree built with ``insert_many(range(n), boxes)`` these are the items themselves."""

    _flat: Any = field(repr=False)

    @property
    def items(self) -> list[Any]:
        """The stored items, node by node, in the order of insertion within a node (the variant
        stores a straddler once for each node holding it): a list, made on first use."""
        return self._flat.items


MAX_LEVELS = 32
"""The deepest ``max_levels`` a Quadtree takes: a node at level 32 is 2**-32 of the root's
width, already finer than a pixel of any world the sandbox shows, and the bound keeps the
recursion of a split shallow however closely items crowd."""


def _is_real(value):
    """A real number, not a bool or a string that merely converts to one."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _aabb(value, what):
    """``value`` as a ``(min_x, min_y, max_x, max_y)`` tuple of finite floats with min <= max."""
    if type(value) in (tuple, list) and len(value) == 4:
        # The common case, checked fast: a scene inserts thousands of boxes a frame.
        try:
            min_x, min_y, max_x, max_y = (float(v) for v in value if type(v) is float or type(v) is int or _is_real(v))
        except (TypeError, ValueError, OverflowError):
            pass
        else:
            # Within ±LIMIT (a NaN fails the comparisons, an inf the limit) and min <= max.
            if -LIMIT <= min_x <= max_x <= LIMIT and -LIMIT <= min_y <= max_y <= LIMIT:
                return (min_x, min_y, max_x, max_y)
    try:
        parts = list(value)
    except TypeError:
        raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y), got {value!r}") from None
    checked = []
    for part in parts:
        if not _is_real(part):
            raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y) numbers, got {part!r} in {value!r:.80}")
        try:
            checked.append(finite_number(part, what))
        except OverflowError:
            raise ShapeError(f"{what} must be a finite number, got an integer too large for a float") from None
    checked = tuple(checked)
    if len(checked) != 4 or checked[0] > checked[2] or checked[1] > checked[3]:
        raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y) with min <= max, got {value!r:.120}")
    return checked


def _count(value, what, low, high=None):
    """``value`` as an int from ``low`` to ``high``, or ShapeError: 2.7, nan, "3" and True are refused."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ShapeError(f"quadtree {what} must be a whole number, got {value!r}")
    value = int(value)
    if value < low or (high is not None and value > high):
        limits = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ShapeError(f"quadtree needs max_objects >= 1 and max_levels >= 0; {what} must be {limits}, got {value}")
    return value


def _rows(aabbs):
    """``aabbs`` as an (N, 4) float array, or ShapeError: a row of 8 numbers is not two boxes."""
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


class _Node:
    """A node of the tree built one insert at a time, as the tip writes it."""

    __slots__ = ("bounds", "level", "entries", "children")

    def __init__(self, bounds, level):
        self.bounds = bounds
        self.level = level
        self.entries = []
        self.children = None

    def quadrant(self, box):
        """The child that ``box`` fits wholly inside (the tip's getIndex), or -1 to stay here."""
        return _quadrant(self.bounds, box)

    def touched(self, box):
        """Indices of the children whose regions ``box`` overlaps (the variant's placement)."""
        return [i for i, child in enumerate(self.children) if bounds_touch(child.bounds, box)]

    def split(self):
        level = self.level + 1
        # The tip's order: top-right, top-left, bottom-left, bottom-right ("top" is larger y).
        self.children = [_Node(tuple(bounds), level) for bounds in child_bounds(np.array([self.bounds])).tolist()]

    def insert(self, entry, tree):
        node = self
        while node.children is not None:
            if tree.straddle == "children":
                targets = node.touched(entry[1])
                if targets:
                    for i in targets:
                        node.children[i].insert(entry, tree)
                    return
                break
            index = node.quadrant(entry[1])
            if index == -1:
                break
            node = node.children[index]
        node.entries.append(entry)
        if len(node.entries) > tree.max_objects and node.level < tree.max_levels and (tree.straddle == "parent" or _separates(node.bounds, node.entries)):
            if node.children is None:
                node.split()
            staying = []
            for kept in node.entries:
                if tree.straddle == "children":
                    targets = node.touched(kept[1])
                else:
                    index = node.quadrant(kept[1])
                    targets = [] if index == -1 else [index]
                for i in targets:
                    node.children[i].insert(kept, tree)
                if not targets:
                    staying.append(kept)
            node.entries = staying


def range_query(root: _Node, box: Sequence[float]) -> list[Any]:
    """Every item stored under ``root`` whose box overlaps or touches ``box``, each once, in
    the order of the nodes (parents first, children in the tip's order) and of insertion
    within a node: :meth:`Quadtree.retrieve` written plainly over the tip's nodes (it reads
    the same tree as arrays, :mod:`collision.fast.quadtree`).

    >>> tree = Quadtree((0, 0, 100, 100), max_objects=1)
    >>> for name, aabb in [("a", (10, 10, 20, 20)), ("b", (60, 60, 70, 70)), ("c", (45, 45, 55, 55))]:
    ...     tree.insert(name, aabb)
    >>> range_query(tree._tree(), (12, 12, 50, 50)), range_query(tree._tree(), (80, 0, 90, 5))
    (['c', 'a'], [])
    """
    probe = _clamped(box, root.bounds)
    found: dict[int, Any] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        for item, stored, _ in node.entries:
            if bounds_touch(stored, box):
                # The variant may hold one item in several nodes: each is found once.
                found.setdefault(id(item), item)
        if node.children is not None:
            # Only the children the query reaches can hold what it touches; pushed last to
            # first, they are visited in the tip's order.
            stack.extend(child for child in reversed(node.children) if bounds_touch(child.bounds, probe))
    return list(found.values())


def _clamped(box, bounds):
    """``box`` clamped to the root's ``bounds``: what a range query tests the nodes against. An
    item a child holds reaches outside the root only beyond that child's outer sides, and the
    clamped query still touches that child."""
    min_x, min_y, max_x, max_y = bounds
    return (
        min(max(box[0], min_x), max_x),
        min(max(box[1], min_y), max_y),
        min(max(box[2], min_x), max_x),
        min(max(box[3], min_y), max_y),
    )


def tip_walk(root: _Node, box: Sequence[float], straddle: str = "parent") -> list[Any]:
    """The items the tip's retrieve returns for ``box``: everything stored on its walk down
    from ``root``, each once, touching ``box`` or not; :meth:`Quadtree.retrieve_tip` written
    plainly over the tip's nodes. The tip goes down one path, to the child ``box`` fits wholly
    inside, and stops where it fits in none; the variant (``straddle="children"``) goes into
    every child ``box`` touches.

    >>> tree = Quadtree((0, 0, 100, 100), max_objects=1)
    >>> for name, aabb in [("a", (10, 10, 20, 20)), ("b", (60, 60, 70, 70)), ("c", (45, 45, 55, 55))]:
    ...     tree.insert(name, aabb)
    >>> tip_walk(tree._tree(), (12, 12, 14, 14)), tip_walk(tree._tree(), (40, 40, 60, 60))
    (['c', 'a'], ['c'])
    """
    walk, stack = [], [root]
    while stack:
        node = stack.pop()
        walk.append(node)
        if node.children is None:
            continue
        if straddle == "children":
            stack.extend(child for child in reversed(node.children) if bounds_touch(child.bounds, box))
        else:
            index = node.quadrant(box)
            if index != -1:
                # Wholly inside one child: the tip goes on down there alone.
                stack.append(node.children[index])
    found: dict[int, Any] = {}
    for node in walk:
        for item, _, _ in node.entries:
            found.setdefault(id(item), item)
    return list(found.values())


def _separates(bounds, entries):
    """Whether splitting a node over ``bounds`` would part any of ``entries`` in the variant:
    an entry whose box holds the node's centre touches all four children, and one outside the
    node none. A node of nothing else would only copy them all into each child, and each child
    again: 4**levels nodes for two boxes that coincide."""
    mid_x, mid_y = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    return any(
        bounds_touch(bounds, box) and not (box[0] <= mid_x <= box[2] and box[1] <= mid_y <= box[3]) for _, box, _ in entries
    )


def _quadrant(bounds, box):
    """The child of a node over ``bounds`` that ``box`` fits wholly inside, or -1."""
    min_x, min_y, max_x, max_y = bounds
    if box[0] < min_x or box[1] < min_y or box[2] > max_x or box[3] > max_y:
        # Not inside this node at all: only the root meets such boxes, and it keeps them.
        return -1
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    top, bottom = box[1] > mid_y, box[3] < mid_y
    if box[2] < mid_x:
        return 1 if top else 2 if bottom else -1
    if box[0] > mid_x:
        return 0 if top else 3 if bottom else -1
    return -1


def _flatten(root):
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


def _nodes_of(flat):
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


VARIANT_LEVELS = 5
"""The depth ``max_levels=None`` gives the variant that puts straddlers in every child: the tip's."""


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

    def _arrays(self):
        if self._flat is None:
            self._flat = _flatten(self._root)
        return self._flat

    def _tree(self):
        if self._root is None:
            self._root = _nodes_of(self._flat)
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
