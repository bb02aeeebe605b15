"""A region quadtree for the broad phase, as the Tuts+ quick tip builds it, in a y-up world."""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, cast

import numpy as np

from ._validate import LIMIT, finite_number
from .errors import ShapeError
from .projection import bounds_touch
from .vector import Bounds


Entry = tuple[Any, Bounds, int]
"""What a node stores for an item: the item, its box, and its number of insertion."""


class QuadNode(NamedTuple):
    """One node of a :class:`Quadtree`, for drawing and teaching."""

    bounds: tuple[float, ...]
    """The node's region as ``(min_x, min_y, max_x, max_y)``."""

    level: int
    """Depth in the tree; the root is level 0."""

    items: tuple[Any, ...]
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
        items: list[Any] = self._flat.items
        return items


MAX_LEVELS = 32
"""The deepest ``max_levels`` a Quadtree takes: a node at level 32 is 2**-32 of the root's
width, already finer than a pixel of any world the sandbox shows, and the bound keeps the
recursion of a split shallow however closely items crowd."""


def _is_real(value: object) -> bool:
    """A real number, not a bool or a string that merely converts to one."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _aabb(value: Any, what: str) -> Bounds:
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
    checked: list[float] = []
    for part in parts:
        if not _is_real(part):
            raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y) numbers, got {part!r} in {value!r:.80}")
        try:
            checked.append(finite_number(part, what))
        except OverflowError:
            raise ShapeError(f"{what} must be a finite number, got an integer too large for a float") from None
    if len(checked) != 4 or checked[0] > checked[2] or checked[1] > checked[3]:
        raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y) with min <= max, got {value!r:.120}")
    min_x, min_y, max_x, max_y = checked
    return (min_x, min_y, max_x, max_y)


def _count(value: object, what: str, low: int, high: int | None = None) -> int:
    """``value`` as an int from ``low`` to ``high``, or ShapeError: 2.7, nan, "3" and True are refused."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ShapeError(f"quadtree {what} must be a whole number, got {value!r}")
    value = int(value)
    if value < low or (high is not None and value > high):
        limits = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ShapeError(f"quadtree needs max_objects >= 1 and max_levels >= 0; {what} must be {limits}, got {value}")
    return value


class Settings(Protocol):
    """What a node's insert reads of its tree (a :class:`~collision.Quadtree`)."""

    straddle: str
    max_objects: int
    max_levels: int


class _Node:
    """A node of the tree built one insert at a time, as the tip writes it."""

    __slots__ = ("bounds", "level", "entries", "children")

    def __init__(self, bounds: Bounds, level: int) -> None:
        self.bounds = bounds
        self.level = level
        self.entries: list[Entry] = []
        self.children: list[_Node] | None = None

    def quadrant(self, box: Sequence[float]) -> int:
        """The child that ``box`` fits wholly inside (the tip's getIndex), or -1 to stay here."""
        return _quadrant(self.bounds, box)

    def touched(self, box: Sequence[float]) -> list[int]:
        """Indices of the children whose regions ``box`` overlaps (the variant's placement);
        asked of a split node only."""
        return [i for i, child in enumerate(cast("list[_Node]", self.children)) if bounds_touch(child.bounds, box)]

    def split(self) -> None:
        level = self.level + 1
        min_x, min_y, max_x, max_y = self.bounds
        mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
        # The tip's order: top-right, top-left, bottom-left, bottom-right ("top" is larger y).
        quarters = ((mid_x, mid_y, max_x, max_y), (min_x, mid_y, mid_x, max_y), (min_x, min_y, mid_x, mid_y), (mid_x, min_y, max_x, mid_y))
        self.children = [_Node(bounds, level) for bounds in quarters]

    def insert(self, entry: Entry, tree: Settings) -> None:
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
            children = cast("list[_Node]", node.children)  # split() made them
            staying = []
            for kept in node.entries:
                if tree.straddle == "children":
                    targets = node.touched(kept[1])
                else:
                    index = node.quadrant(kept[1])
                    targets = [] if index == -1 else [index]
                for i in targets:
                    children[i].insert(kept, tree)
                if not targets:
                    staying.append(kept)
            node.entries = staying


def range_query(root: _Node, box: Sequence[float]) -> list[Any]:
    """Every item stored under ``root`` whose box overlaps or touches ``box``, each once, in
    the order of the nodes (parents first, children in the tip's order) and of insertion
    within a node: :meth:`Quadtree.retrieve` written plainly over the tip's nodes (it reads
    the same tree as arrays, :mod:`collision.fast.quadtree`).

    >>> from collision import Quadtree
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


def _clamped(box: Sequence[float], bounds: Bounds) -> Bounds:
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

    >>> from collision import Quadtree
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


def _separates(bounds: Bounds, entries: list[Entry]) -> bool:
    """Whether splitting a node over ``bounds`` would part any of ``entries`` in the variant:
    an entry whose box holds the node's centre touches all four children, and one outside the
    node none. A node of nothing else would only copy them all into each child, and each child
    again: 4**levels nodes for two boxes that coincide."""
    mid_x, mid_y = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    return any(
        bounds_touch(bounds, box) and not (box[0] <= mid_x <= box[2] and box[1] <= mid_y <= box[3]) for _, box, _ in entries
    )


def _quadrant(bounds: Sequence[float], box: Sequence[float]) -> int:
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


VARIANT_LEVELS = 5
"""The depth ``max_levels=None`` gives the variant that puts straddlers in every child: the tip's."""
