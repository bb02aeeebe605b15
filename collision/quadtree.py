"""A region quadtree for the broad phase, as the Tuts+ quick tip builds it, in a y-up world."""

import math
import numbers
from typing import NamedTuple

import numpy as np

from ._validate import finite_number
from .errors import ShapeError


class QuadNode(NamedTuple):
    """One node of a :class:`Quadtree`, for drawing and teaching."""

    bounds: tuple
    """The node's region as ``(min_x, min_y, max_x, max_y)``."""

    level: int
    """Depth in the tree; the root is level 0."""

    items: tuple
    """The items stored in this node itself (not in its children)."""


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
            if math.isfinite(min_x + min_y + max_x + max_y) and min_x <= max_x and min_y <= max_y:
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


def _child_bounds(bounds):
    """The four children's bounds of each row of node ``bounds``, in split()'s order and with
    its sums, as rows of an (4N, 4) array."""
    min_x, min_y, max_x, max_y = bounds.T
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    children = [(mid_x, mid_y, max_x, max_y), (min_x, mid_y, mid_x, max_y), (min_x, min_y, mid_x, mid_y), (mid_x, min_y, max_x, mid_y)]
    return np.stack([np.stack(child, axis=1) for child in children], axis=1).reshape(-1, 4)


def _quadrants(bounds, boxes):
    """_Node.quadrant for many boxes (rows of an (N, 4) array) at once, each in its own node:
    ``bounds`` holds one row of node bounds per box."""
    min_x, min_y, max_x, max_y = bounds.T
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    left, right = boxes[:, 2] < mid_x, boxes[:, 0] > mid_x
    top, bottom = boxes[:, 1] > mid_y, boxes[:, 3] < mid_y
    inside = (boxes[:, 0] >= min_x) & (boxes[:, 1] >= min_y) & (boxes[:, 2] <= max_x) & (boxes[:, 3] <= max_y)
    quadrant = np.full(len(boxes), -1)
    quadrant[right & top] = 0
    quadrant[left & top] = 1
    quadrant[left & bottom] = 2
    quadrant[right & bottom] = 3
    quadrant[~inside] = -1
    return quadrant


class _Node:
    __slots__ = ("bounds", "level", "entries", "children")

    def __init__(self, bounds, level):
        self.bounds = bounds
        self.level = level
        self.entries = []
        self.children = None

    def quadrant(self, box):
        """The child that ``box`` fits wholly inside (the tip's getIndex), or -1 to stay here."""
        min_x, min_y, max_x, max_y = self.bounds
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

    def touched(self, box):
        """Indices of the children whose regions ``box`` overlaps (the variant's placement)."""
        return [
            i
            for i, child in enumerate(self.children)
            if box[0] <= child.bounds[2] and child.bounds[0] <= box[2] and box[1] <= child.bounds[3] and child.bounds[1] <= box[3]
        ]

    def split(self):
        min_x, min_y, max_x, max_y = self.bounds
        mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
        level = self.level + 1
        # The tip's order: top-right, top-left, bottom-left, bottom-right ("top" is larger y).
        self.children = [
            _Node((mid_x, mid_y, max_x, max_y), level),
            _Node((min_x, mid_y, mid_x, max_y), level),
            _Node((min_x, min_y, mid_x, mid_y), level),
            _Node((mid_x, min_y, max_x, mid_y), level),
        ]

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
        if len(node.entries) > tree.max_objects and node.level < tree.max_levels:
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


class Quadtree:
    """A quadtree over ``bounds`` = ``(min_x, min_y, max_x, max_y)``.

    A node splits when it holds more than ``max_objects`` items and its level is below
    ``max_levels`` (the root is level 0; at most :data:`MAX_LEVELS`). Both are whole numbers.
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
    >>> tree.insert("nothing", (5, 5, 1, 1))
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: aabb must be (min_x, min_y, max_x, max_y) with min <= max, got (5, 5, 1, 1)
    """

    def __init__(self, bounds, max_objects=10, max_levels=5, straddle="parent"):
        self.bounds = _aabb(bounds, "quadtree bounds")
        self.max_objects = _count(max_objects, "max_objects", 1)
        self.max_levels = _count(max_levels, "max_levels", 0, MAX_LEVELS)
        if straddle not in ("parent", "children"):
            raise ShapeError(f'quadtree straddle must be "parent" or "children", got {straddle!r}')
        self.straddle = straddle
        self._root = _Node(self.bounds, 0)
        self._variant_entries = None

    def clear(self):
        """Remove every item and every child node."""
        self._root = _Node(self.bounds, 0)
        self._variant_entries = None

    def insert(self, item, aabb):
        """Store ``item`` under its bounding box ``aabb`` = ``(min_x, min_y, max_x, max_y)``."""
        self._root.insert((item, _aabb(aabb, "aabb")), self)
        self._variant_entries = None

    def insert_many(self, items, aabbs):
        """Insert each of ``items`` under the matching row of ``aabbs`` (N, 4), in order.

        The tree comes out as if each were inserted in turn. An empty tree is built all at
        once instead, a level at a time: a node splits exactly when more than max_objects items
        reach it, so counting them is enough. That is several times faster for a scene that
        rebuilds a thousand boxes every frame.
        """
        try:
            items = list(items)
        except TypeError:
            raise ShapeError(f"insert_many needs a sequence of items, got {items!r:.80}") from None
        boxes = _rows(aabbs)
        if len(items) != len(boxes):
            raise ShapeError(f"insert_many needs one aabb per item, got {len(items)} items and {len(boxes)} aabbs")
        valid = np.isfinite(boxes).all(axis=1) & (boxes[:, 0] <= boxes[:, 2]) & (boxes[:, 1] <= boxes[:, 3])
        if not valid.all():
            bad = int(np.flatnonzero(~valid)[0])
            raise ShapeError(f"aabb {bad} must be (min_x, min_y, max_x, max_y) with min <= max, got {tuple(boxes[bad])}")
        rows = [tuple(row) for row in boxes.tolist()]
        if self._root.entries or self._root.children is not None:
            for item, row in zip(items, rows):
                self._root.insert((item, row), self)
            self._variant_entries = None
            return
        if self.straddle == "children":
            self._build_variant(items, boxes, rows)
            return
        # Level by level: count the items that reach each node, split the crowded ones, and
        # send down every item that fits wholly inside one of the new children.
        nodes, bounds = [self._root], [self._root.bounds]
        where = np.zeros(len(rows), dtype=int)
        moving = np.arange(len(rows))
        while len(moving):
            counts = np.bincount(where[moving], minlength=len(nodes))
            first_child = np.full(len(nodes), -1)
            for k in np.flatnonzero(counts > self.max_objects).tolist():
                if nodes[k].level < self.max_levels:
                    nodes[k].split()
                    first_child[k] = len(nodes)
                    nodes.extend(nodes[k].children)
                    bounds.extend(child.bounds for child in nodes[k].children)
            moving = moving[first_child[where[moving]] >= 0]
            quadrant = _quadrants(np.array(bounds)[where[moving]], boxes[moving])
            moving = moving[quadrant >= 0]
            where[moving] = first_child[where[moving]] + quadrant[quadrant >= 0]
        for i, k in enumerate(where.tolist()):
            nodes[k].entries.append((items[i], rows[i]))

    def _build_variant(self, items, boxes, rows):
        """insert_many's level-by-level build of an empty tree in the variant: every item goes
        to each child it touches. It keeps where each entry went, for candidate_pairs."""
        if not rows:
            self._variant_entries = (np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64))
            return
        nodes, bounds = [self._root], np.array([self._root.bounds])
        # The entries waiting at the current level: which box, in which node.
        box, node = np.arange(len(rows)), np.zeros(len(rows), dtype=np.intp)
        kept_box, kept_node = [], []
        level = 0
        while len(box):
            crowded = np.bincount(node, minlength=len(nodes)) > self.max_objects
            if level >= self.max_levels:
                crowded[:] = False
            moving = crowded[node]
            kept_box.append(box[~moving])
            kept_node.append(node[~moving])
            first_child = np.full(len(nodes), -1)
            splitting = np.flatnonzero(crowded)
            first_child[splitting] = len(nodes) + 4 * np.arange(len(splitting))
            for k in splitting.tolist():
                nodes[k].split()
                nodes.extend(nodes[k].children)
            bounds = np.vstack([bounds, _child_bounds(bounds[splitting])])
            box, node = box[moving], node[moving]
            # The same sums as split() and touched(), so the same floats and the same answers.
            x0, y0, x1, y1 = bounds[node].T
            mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
            b = boxes[box]
            right, left = (b[:, 0] <= x1) & (mid_x <= b[:, 2]), (b[:, 0] <= mid_x) & (x0 <= b[:, 2])
            top, bottom = (b[:, 1] <= y1) & (mid_y <= b[:, 3]), (b[:, 1] <= mid_y) & (y0 <= b[:, 3])
            touched = np.stack([right & top, left & top, left & bottom, right & bottom], axis=1)
            # Wholly outside the root, a box touches none of its children: the root keeps it.
            outside = ~touched.any(axis=1)
            kept_box.append(box[outside])
            kept_node.append(node[outside])
            row, quadrant = np.nonzero(touched)
            box, node = box[row], first_child[node[row]] + quadrant
            level += 1
        kept_box, kept_node = np.concatenate(kept_box), np.concatenate(kept_node)
        order = np.lexsort((kept_box, kept_node))
        kept_box, kept_node = kept_box[order], kept_node[order]
        for k, i in zip(kept_node.tolist(), kept_box.tolist()):
            nodes[k].entries.append((items[i], rows[i]))
        # Items are told apart by identity, as retrieve does: the same object twice is one item.
        first = {}
        codes = np.array([first.setdefault(id(item), i) for i, item in enumerate(items)], dtype=np.int64)
        self._variant_entries = (kept_node, codes[kept_box])

    def retrieve(self, aabb):
        """Every item whose box overlaps or touches ``aabb``, each once, in the order of the
        nodes (parents first) and of insertion within a node. Items and queries outside the
        root are found too.

        Only the nodes the query reaches are visited. The query is first clamped to the root:
        an item held by a child reaches outside the root only beyond that child's outer sides,
        and the clamped query still touches that child.
        """
        box = _aabb(aabb, "aabb")
        min_x, min_y, max_x, max_y = self.bounds
        probe = (
            min(max(box[0], min_x), max_x),
            min(max(box[1], min_y), max_y),
            min(max(box[2], min_x), max_x),
            min(max(box[3], min_y), max_y),
        )
        found = {}
        stack = [self._root]
        while stack:
            node = stack.pop()
            for item, stored in node.entries:
                if stored[0] <= box[2] and box[0] <= stored[2] and stored[1] <= box[3] and box[1] <= stored[3]:
                    found.setdefault(id(item), item)
            if node.children is not None:
                stack.extend(node.children[i] for i in reversed(node.touched(probe)))
        return list(found.values())

    def retrieve_tip(self, aabb):
        """The items the tip's retrieve returns for ``aabb``: those stored on its walk from the
        root down, each once, whether or not they touch ``aabb``.

        The tip's tree follows one path and stops where ``aabb`` no longer fits inside one
        child, so it can miss items that overlap ``aabb`` (a query across the middle of the
        root sees only the root's own items); a pair is sure to be found by retrieving either
        of its two boxes, not always by both. The variant visits every child ``aabb`` touches,
        inside the root only.
        """
        box = _aabb(aabb, "aabb")
        found = {}
        stack = [self._root]
        while stack:
            node = stack.pop()
            for item, _ in node.entries:
                found.setdefault(id(item), item)
            if node.children is None:
                continue
            if self.straddle == "children":
                stack.extend(node.children[i] for i in reversed(node.touched(box)))
            else:
                index = node.quadrant(box)
                if index != -1:
                    stack.append(node.children[index])
        return list(found.values())

    def nodes(self):
        """Every node, parents before their children in child order, as QuadNode tuples."""
        result = []
        stack = [self._root]
        while stack:
            node = stack.pop()
            result.append(QuadNode(node.bounds, node.level, tuple(item for item, _ in node.entries)))
            if node.children is not None:
                stack.extend(reversed(node.children))
        return result

    def candidate_pairs(self):
        """How many distinct pairs of items a broad phase built on ``retrieve_tip`` would test.

        Two items are paired when one is stored in a node on the path the other's walk takes:
        in the tip's tree, on its one path to the root; in the variant, in a node they share,
        or in a parent of any node holding the other (an item outside the root stays there and
        meets everything).
        """
        if self.straddle == "children" and self._variant_entries is not None:
            return _variant_pair_count(*self._variant_entries)
        if self.straddle == "children":
            pairs = set()
            self._variant_pairs(self._root, pairs)
            return len(pairs)
        total = 0
        # Each node's items pair among themselves and with every item below them.
        stack = [(self._root, False)]
        below = {}
        while stack:
            node, visited = stack.pop()
            children = node.children or []
            if not visited:
                stack.append((node, True))
                stack.extend((child, False) for child in children)
                continue
            under = sum(below.pop(id(child)) for child in children)
            count = len(node.entries)
            total += count * (count - 1) // 2 + count * under
            below[id(node)] = under + count
        return total

    def _variant_pairs(self, node, pairs):
        """Add the variant's pairs within ``node``'s subtree to ``pairs``, as (id, id) with the
        smaller first; return the ids stored in the subtree."""
        here = {id(item) for item, _ in node.entries}
        below = set()
        for child in node.children or []:
            below |= self._variant_pairs(child, pairs)
        ordered = sorted(here)
        pairs.update((a, b) for i, a in enumerate(ordered) for b in ordered[i + 1 :])
        pairs.update((min(a, b), max(a, b)) for a in here for b in below if a != b)
        return here | below


def _variant_pair_count(node, code):
    """candidate_pairs of a variant tree built by insert_many, from where its entries went:
    ``node`` (sorted) and ``code`` (an item's number) per entry. Only the root holds items
    above the leaves there (those wholly outside it), and they meet every other item."""
    keys = []
    count = int(code.max()) + 1 if len(code) else 0
    # Pairs within a node: entry e with entry e + step, while both are in the same node.
    for step in range(1, len(node)):
        same = node[step:] == node[:-step]
        if not same.any():
            break
        a, b = code[:-step][same], code[step:][same]
        keys.append(np.minimum(a, b) * count + np.maximum(a, b))
    at_root = node == 0
    if at_root.any() and not at_root.all():
        outside, others = np.unique(code[at_root]), np.unique(code[~at_root])
        a, b = np.repeat(outside, len(others)), np.tile(others, len(outside))
        keys.append(np.minimum(a, b) * count + np.maximum(a, b))
    if not keys:
        return 0
    keys = np.unique(np.concatenate(keys))
    # An item paired with itself (the same object twice) is no pair.
    return int(np.count_nonzero(keys // count != keys % count))
