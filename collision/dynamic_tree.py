"""A dynamic AABB tree for the broad phase, as Box2D's b2DynamicTree builds it.

Every item is a leaf holding its box and a *fat* box: the box grown by a margin, and
stretched ahead in the direction it last moved. Each inner node holds the union of its two
children's fat boxes. A move that stays inside the fat box only records the new box; only a
box that leaves it is taken out and inserted again. Insertion walks down from the root
choosing, by the surface-area heuristic (in 2D, perimeters), where a new parent costs least,
as Box2D v3 does (a branch and bound down one path); on the way back up from an insert (not
a move, as in v3), each node swaps a child with a grandchild where that shrinks the boxes
below it (v3's rotations), and a node whose one side grows more than :data:`SLACK` levels
taller than the other is rotated as in an AVL tree, so the height stays near log2 of the
number of items even for a crowd of equal boxes. Box2D v2.4 balanced by height alone; its
trees were twice as costly to query.

The fat boxes are the tree's bookkeeping: a walk goes down through them, and at a leaf tests
the item's own box, so queries, ray casts and pairs report boxes that do overlap.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any, NamedTuple

from ._validate import LIMIT, finite_number, finite_pair
from .errors import ShapeError
from .vector import Bounds, Pair, PairLike

MARGIN = 1.0
"""The default margin a fat box adds on every side, in world units (Box2D's
``b2_aabbExtension`` is 0.1 m in a world of metres; the sandbox draws in larger units)."""

PREDICTION = 0.0
"""The default multiple of a move's displacement that a fat box is stretched by, ahead in the
direction of the move. Box2D v2.4 stretched it four times (``b2_aabbMultiplier``); v3 stretches
none, a moving box's fat box only its margin wider, as here by default: a stretched box is
re-inserted less often, but every query and pair test walks more of the tree (issue 36's
workload: 78 nodes a query against 46). ``prediction=4.0`` gives v2.4's."""


SLACK = 3
"""How much taller one child may be than the other before the taller is rotated up, as in an
AVL tree (which allows 1). The perimeter rotations make the better tree and mostly keep it
shallow; only crowds of equal boxes, where every choice costs the same, need this."""

_NEVER = float("inf")
"""The cost bound of descending into a leaf: there is nothing below it."""


class TreeQuery(NamedTuple):
    """The outcome of :meth:`DynamicTree.query` and :meth:`DynamicTree.ray_cast`."""

    proxies: list[int]
    """The proxies whose boxes were found, in the order the walk reached them."""

    items: list[Any]
    """Their items, in the same order."""

    visited: int
    """How many nodes the walk tested, inner nodes and leaves (a leaf's fat box and its own
    box count as one test): what the tree saves against testing every item, which would be
    as many as there are items."""


CAST_REPORTS = ("closest", "any", "all")
"""What :meth:`DynamicTree.cast` may report, as Box2D's ray-cast callbacks choose by the fraction
they return: the closest hit (clip the ray at each hit), any hit (stop at the first), all hits
(never clip)."""


class TreeHit(NamedTuple):
    """Where a cast segment meets one item's box."""

    proxy: int
    item: Any

    fraction: float
    """Where along the translation it enters the box: 0 at the origin, 1 at the end; 0 when the
    origin is inside the box."""

    point: Pair
    """The point where it enters: ``origin + fraction * translation``."""

    normal: Pair
    """The outward normal of the side it enters by; (0.0, 0.0) when the origin is inside."""


class TreeCast(NamedTuple):
    """The outcome of :meth:`DynamicTree.cast`."""

    hits: list[TreeHit]
    """"closest": the nearest hit; "any": the first the walk met; "all": every hit, nearest
    first (ties by proxy). Empty when the segment meets no box."""

    visited: int
    """How many nodes the walk tested: a clipped ray ("closest") skips the subtrees beyond
    its nearest hit so far, and "any" stops at its first."""


class TreeNode(NamedTuple):
    """One node of a :class:`DynamicTree`, for drawing and teaching."""

    bounds: tuple[float, ...]
    """The node's box ``(min_x, min_y, max_x, max_y)``: a leaf's fat box, or the union of an
    inner node's children."""

    depth: int
    """Steps from the root; the root is at depth 0."""

    height: int
    """Steps down to the deepest leaf below; a leaf is at height 0."""

    proxy: int | None
    """A leaf's proxy; None for an inner node."""


class _Node:
    """A node of the tree: a leaf (a proxy, its item and its box) or an inner node with two
    children. The fat box (a leaf's) or the union (an inner node's) is kept as four floats,
    not a tuple: the walks compare them one at a time, and a union makes no tuple."""

    __slots__ = ("x0", "y0", "x1", "y1", "area", "parent", "first", "second", "height", "proxy", "item", "box")

    # The links, a leaf's proxy and its own box are typed Any: a leaf has no children, the root
    # no parent and an inner node no proxy or box (each None), and each walk knows which kind
    # of node it stands on, which a type cannot say.
    parent: Any
    first: Any
    second: Any
    proxy: Any
    box: Any

    def __init__(
        self, x0: float, y0: float, x1: float, y1: float, proxy: int | None = None, item: Any = None, box: Bounds | None = None
    ) -> None:
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        # Half the box's perimeter, the surface-area heuristic's measure, kept as the box changes.
        self.area = (x1 - x0) + (y1 - y0)
        self.parent = self.first = self.second = None
        self.height = 0
        self.proxy = proxy
        self.item = item
        self.box = box

    def bounds(self) -> Bounds:
        return (self.x0, self.y0, self.x1, self.y1)

    def fit(self) -> bool:
        """Remake an inner node's box and height from its two children; return whether
        either changed."""
        a, b = self.first, self.second
        x0 = a.x0 if a.x0 < b.x0 else b.x0
        y0 = a.y0 if a.y0 < b.y0 else b.y0
        x1 = a.x1 if a.x1 > b.x1 else b.x1
        y1 = a.y1 if a.y1 > b.y1 else b.y1
        height = 1 + (a.height if a.height > b.height else b.height)
        if x0 == self.x0 and y0 == self.y0 and x1 == self.x1 and y1 == self.y1 and height == self.height:
            return False
        self.x0, self.y0, self.x1, self.y1, self.height = x0, y0, x1, y1, height
        self.area = (x1 - x0) + (y1 - y0)
        return True


def _bounds(value: Any, what: str) -> Bounds:
    """``value`` as a ``(min_x, min_y, max_x, max_y)`` tuple of floats, or ShapeError saying what to fix."""
    if type(value) is tuple or type(value) is list:
        if len(value) == 4:
            min_x, min_y, max_x, max_y = value
            # Floats in range and in order pass at once: this runs on every insert and move.
            if (
                type(min_x) is float and type(min_y) is float and type(max_x) is float and type(max_y) is float
                and -LIMIT <= min_x <= max_x <= LIMIT and -LIMIT <= min_y <= max_y <= LIMIT
            ):
                return (min_x, min_y, max_x, max_y)
    try:
        parts = tuple(value)
    except TypeError:
        raise ShapeError(f"{what} must be (min_x, min_y, max_x, max_y), got {value!r:.80}") from None
    if len(parts) != 4:
        raise ShapeError(f"{what} must be four numbers (min_x, min_y, max_x, max_y), got {len(parts)}")
    names = ("min_x", "min_y", "max_x", "max_y")
    min_x, min_y, max_x, max_y = (finite_number(part, f"{what} {name}") for part, name in zip(parts, names))
    if min_x > max_x or min_y > max_y:
        raise ShapeError(f"{what} is inverted: min must not exceed max, got {(min_x, min_y, max_x, max_y)}; swap them")
    return (min_x, min_y, max_x, max_y)


def _entry(box: Sequence[float], origin: Pair, translation: Pair, limit: float) -> tuple[float, Pair] | None:
    """Where the segment from ``origin`` along ``limit`` times ``translation`` enters ``box``
    (touching counts): ``(fraction, normal)``, the fraction of ``translation`` and the outward
    normal of the side crossed ((0.0, 0.0) from inside), or None if it misses. The slab test,
    one axis at a time."""
    lower, upper, normal = 0.0, limit, (0.0, 0.0)
    for axis, start, step, low, high in ((0, origin[0], translation[0], box[0], box[2]), (1, origin[1], translation[1], box[1], box[3])):
        if step == 0.0:
            # Parallel to this slab: inside it all the way, or never.
            if start < low or start > high:
                return None
            continue
        near, far = (low - start) / step, (high - start) / step
        if near > far:
            near, far = far, near
        if near > lower:
            # It enters this slab last so far: through the low side going up, the high side going down.
            lower = near
            side = -1.0 if step > 0 else 1.0
            normal = (side, 0.0) if axis == 0 else (0.0, side)
        if far < upper:
            upper = far
        if lower > upper:
            # The spans inside the two slabs do not overlap.
            return None
    return lower, normal


class DynamicTree:
    """Box2D's dynamic AABB tree: boxes inserted, moved and removed one at a time, queried
    by a box or a segment, and every overlapping pair listed.

    ``margin`` (at least 0) grows every fat box on each side; ``prediction`` (at least 0)
    stretches it ahead by that multiple of a move's displacement. Bounds are ``(min_x, min_y,
    max_x, max_y)``; touching counts as overlapping. Proxies are whole numbers, never reused.
    Answers are about the boxes themselves; the fat boxes only decide where the walks go.

    >>> tree = DynamicTree(margin=1.0, prediction=4.0)
    >>> a = tree.insert((0, 0, 2, 2), "a")
    >>> b = tree.insert((10, 0, 12, 2), "b")
    >>> c = tree.insert((2.5, 0, 4, 2), "c")
    >>> tree.fat_bounds(a), tree.height, len(tree)
    ((-1.0, -1.0, 3.0, 3.0), 2, 3)
    >>> tree.query((1, 1, 1, 1))
    TreeQuery(proxies=[0], items=['a'], visited=5)
    >>> tree.query((2.2, 0, 2.3, 1)).items  # inside a's and c's fat boxes, between the boxes
    []
    >>> tree.pairs()  # a's and c's fat boxes overlap, but the boxes do not
    []
    >>> tree.ray_cast((-5, 1), (20, 0)).items
    ['a', 'c', 'b']

    A small move stays inside the fat box and only records the box; a large one re-inserts it,
    its fat box stretched four times the displacement ahead:

    >>> tree.move(a, (0.5, 0, 2.5, 2), (0.5, 0))
    False
    >>> tree.pairs()
    [(0, 2)]
    >>> tree.move(a, (3, 0, 5, 2), (2.5, 0))
    True
    >>> tree.fat_bounds(a), tree.bounds(a)
    ((2.0, -1.0, 16.0, 3.0), (3.0, 0.0, 5.0, 2.0))

    An empty tree has height 0 and finds nothing; a proxy removed twice is refused:

    >>> tree.remove(a); tree.remove(b); tree.remove(c)
    >>> tree.height, tree.query((0, 0, 100, 100))
    (0, TreeQuery(proxies=[], items=[], visited=0))
    >>> tree.remove(a)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: proxy 0 was removed already; remove each proxy once
    """

    def __init__(self, margin: float = MARGIN, prediction: float = PREDICTION) -> None:
        self.margin = _at_least_zero(margin, "tree margin")
        self.prediction = _at_least_zero(prediction, "tree prediction")
        self._root: _Node | None = None
        self._leaves: dict[int, _Node] = {}
        # Inner nodes taken out by removals, kept for the next insert (Box2D's free list):
        # a move is a removal and an insert, and makes no new node.
        self._spare: list[_Node] = []
        self._next_proxy = 0

    def __len__(self) -> int:
        """How many proxies the tree holds."""
        return len(self._leaves)

    @property
    def height(self) -> int:
        """Steps from the root down to the deepest leaf: 0 for one leaf or none."""
        return 0 if self._root is None else self._root.height

    def _leaf(self, proxy: Any) -> _Node:
        """The leaf of ``proxy``, or ShapeError saying why there is none."""
        if type(proxy) is int:
            leaf = self._leaves.get(proxy)
            if leaf is not None:
                return leaf
        if isinstance(proxy, numbers.Integral) and not isinstance(proxy, bool):
            leaf = self._leaves.get(int(proxy))
            if leaf is not None:
                return leaf
            if 0 <= int(proxy) < self._next_proxy:
                raise ShapeError(f"proxy {proxy} was removed already; remove each proxy once")
        raise ShapeError(f"proxy {proxy!r} is not in this tree; use a number that insert() returned")

    def _fatten(self, leaf: _Node, box: Bounds, dx: float = 0.0, dy: float = 0.0) -> None:
        """Set ``leaf``'s fat box: ``box`` grown by the margin, then stretched by prediction
        times (dx, dy) ahead."""
        m, k = self.margin, self.prediction
        min_x, min_y, max_x, max_y = box[0] - m, box[1] - m, box[2] + m, box[3] + m
        ahead_x, ahead_y = k * dx, k * dy
        # Stretched only on the side it is heading to: where it will be, not where it was.
        if ahead_x < 0:
            min_x += ahead_x
        else:
            max_x += ahead_x
        if ahead_y < 0:
            min_y += ahead_y
        else:
            max_y += ahead_y
        leaf.x0, leaf.y0, leaf.x1, leaf.y1 = min_x, min_y, max_x, max_y
        leaf.area = (max_x - min_x) + (max_y - min_y)

    def insert(self, bounds: Sequence[float], item: Any = None) -> int:
        """Add a box ``bounds`` carrying ``item``; return its proxy, a new whole number."""
        box = _bounds(bounds, "tree bounds")
        proxy = self._next_proxy
        # Its fat box: the box grown by the margin (_fatten with no move, made here at once).
        m = self.margin
        leaf = _Node(box[0] - m, box[1] - m, box[2] + m, box[3] + m, proxy, item, box)
        self._next_proxy = proxy + 1
        self._leaves[proxy] = leaf
        self._insert_leaf(leaf)
        return proxy

    def remove(self, proxy: int) -> None:
        """Take ``proxy`` out of the tree; ShapeError if it is unknown or already removed."""
        leaf = self._leaf(proxy)
        self._remove_leaf(leaf)
        del self._leaves[leaf.proxy]

    def move(self, proxy: int, bounds: Sequence[float], displacement: PairLike = (0.0, 0.0)) -> bool:
        """Tell the tree that ``proxy``'s box is now ``bounds``, having moved by
        ``displacement`` since the last call. Return whether it was re-inserted: only when
        ``bounds`` leaves its fat box, which is then made again around ``bounds``, stretched
        ahead along ``displacement``. (Box2D also re-inserts a box whose fat box has grown far
        too large, say once it stops; here a fat box stays until the box leaves it.)"""
        # A known proxy is found at once: this runs for every box every frame.
        leaf = self._leaves.get(proxy) if type(proxy) is int else None
        if leaf is None:
            leaf = self._leaf(proxy)
        box = _bounds(bounds, "tree bounds")
        dx, dy = finite_pair(displacement, "tree displacement")
        leaf.box = box
        if leaf.x0 <= box[0] and leaf.y0 <= box[1] and box[2] <= leaf.x1 and box[3] <= leaf.y1:
            # Still inside its fat box: no node's box changes.
            return False
        near = self._remove_leaf(leaf)
        self._fatten(leaf, box, dx, dy)
        # Put back from the lowest node near where it was that holds its new fat box, as
        # Bullet's btDbvt updates a leaf: nothing above that node grows, whatever the choice
        # below it, so the search starts there instead of at the root.
        x0, y0, x1, y1 = leaf.x0, leaf.y0, leaf.x1, leaf.y1
        while near is not None and not (near.x0 <= x0 and near.y0 <= y0 and x1 <= near.x1 and y1 <= near.y1):
            near = near.parent
        # No rotations on the way up, as Box2D v3's MoveProxy: a crowd moving every frame would
        # be turned over and over (a fifth of a move's time); the inserts shaped the tree.
        self._insert_leaf(leaf, near, turn=False)
        return True

    def fat_bounds(self, proxy: int) -> Bounds:
        """The fat box the tree holds for ``proxy``: ``(min_x, min_y, max_x, max_y)``."""
        return self._leaf(proxy).bounds()

    def bounds(self, proxy: int) -> Bounds:
        """The box last given for ``proxy`` (by insert or move): ``(min_x, min_y, max_x, max_y)``."""
        box: Bounds = self._leaf(proxy).box
        return box

    def item(self, proxy: int) -> Any:
        """The item ``proxy`` carries."""
        return self._leaf(proxy).item

    def query(self, bounds: Sequence[float]) -> TreeQuery:
        """The proxies and items whose boxes overlap ``bounds`` (touching counts), and how
        many nodes the walk visited: a :class:`TreeQuery`. A subtree whose box misses
        ``bounds`` is skipped whole."""
        x0, y0, x1, y1 = _bounds(bounds, "query bounds")
        proxies: list[int] = []
        items: list[Any] = []
        root = self._root
        if root is None:
            return TreeQuery(proxies, items, 0)
        visited = 1
        if root.x0 > x1 or x0 > root.x1 or root.y0 > y1 or y0 > root.y1:
            return TreeQuery(proxies, items, visited)
        if root.first is None:
            # A tree of one leaf: the answer is about its own box.
            bx0, by0, bx1, by1 = root.box
            if bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1:
                proxies.append(root.proxy)
                items.append(root.item)
            return TreeQuery(proxies, items, visited)
        # Every node on the stack is an inner node whose box meets the query. Its children are
        # tested (and counted) here: one that misses is skipped with all below it, a leaf that
        # meets it is answered about its own box at once, an inner one is pushed.
        stack = [root]
        pop, push = stack.pop, stack.append
        while stack:
            node = pop()
            visited += 2
            # The second child first, so the first child's subtree, pushed last, is walked next.
            b = node.second
            if b.first is None:
                # A leaf is answered by its own box alone: its fat box holds it, so testing that
                # first would say nothing more.
                bx0, by0, bx1, by1 = b.box
                if bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1:
                    proxies.append(b.proxy)
                    items.append(b.item)
            elif not (b.x0 > x1 or x0 > b.x1 or b.y0 > y1 or y0 > b.y1):
                push(b)
            a = node.first
            if a.first is None:
                bx0, by0, bx1, by1 = a.box
                if bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1:
                    proxies.append(a.proxy)
                    items.append(a.item)
            elif not (a.x0 > x1 or x0 > a.x1 or a.y0 > y1 or y0 > a.y1):
                push(a)
        return TreeQuery(proxies, items, visited)

    def ray_cast(self, origin: PairLike, translation: PairLike) -> TreeQuery:
        """The proxies and items whose boxes the segment from ``origin`` to ``origin +
        translation`` meets (touching counts), and how many nodes the walk visited: a
        :class:`TreeQuery`. A zero translation asks about the point ``origin``. The items'
        own shapes are not tested: cast at each with :func:`collision.raycast.ray_cast`."""
        start = finite_pair(origin, "ray origin")
        step = finite_pair(translation, "ray translation")
        proxies, items, visited = [], [], 0
        stack = [] if self._root is None else [self._root]
        while stack:
            node = stack.pop()
            visited += 1
            if _entry(node.bounds(), start, step, 1.0) is None:
                continue
            if node.first is None:
                if _entry(node.box, start, step, 1.0) is not None:
                    proxies.append(node.proxy)
                    items.append(node.item)
            else:
                stack.append(node.second)
                stack.append(node.first)
        return TreeQuery(proxies, items, visited)

    def cast(self, origin: PairLike, translation: PairLike, report: str = "closest") -> TreeCast:
        """Cast the segment from ``origin`` to ``origin + translation`` at the items' boxes
        through the tree: a :class:`TreeCast` of where it enters them and how many nodes the
        walk visited. ``report`` is one of :data:`CAST_REPORTS`: "closest" shortens the segment
        to each hit as it is found, so the walk skips whatever lies beyond; "any" stops at the
        first hit; "all" finds every one. A segment that starts inside a box hits it at
        fraction 0 (Box2D's shape casts say the same of shapes that start overlapping).

        >>> tree = DynamicTree(margin=0.5)
        >>> for k in range(4):
        ...     _ = tree.insert((10.0 * k, 0.0, 10.0 * k + 2.0, 2.0), k)
        >>> [(hit.item, hit.fraction, hit.normal) for hit in tree.cast((-10, 1), (50, 0), "all").hits]
        [(0, 0.2, (-1.0, 0.0)), (1, 0.4, (-1.0, 0.0)), (2, 0.6, (-1.0, 0.0)), (3, 0.8, (-1.0, 0.0))]
        >>> tree.cast((-10, 1), (50, 0)).hits[0].point
        (0.0, 1.0)
        >>> tree.cast((1, 1), (50, 0)).hits[0][2:]  # from inside box 0
        (0.0, (1.0, 1.0), (0.0, 0.0))
        >>> tree.cast((-10, 5), (50, 0), "any")
        TreeCast(hits=[], visited=1)
        """
        start = finite_pair(origin, "ray origin")
        step = finite_pair(translation, "ray translation")
        if report not in CAST_REPORTS:
            raise ShapeError(f"cast report must be one of {', '.join(CAST_REPORTS)}, got {report!r:.40}")
        hits: list[TreeHit] = []
        limit, visited = 1.0, 0
        stack = [] if self._root is None else [self._root]
        while stack:
            node = stack.pop()
            visited += 1
            if _entry(node.bounds(), start, step, limit) is None:
                # Missed, or (a clipped ray) beyond the nearest hit so far: nothing below counts.
                continue
            if node.first is not None:
                stack.append(node.second)
                stack.append(node.first)
                continue
            entered = _entry(node.box, start, step, limit)
            if entered is None:
                continue
            fraction, normal = entered
            hit = TreeHit(node.proxy, node.item, fraction, (start[0] + fraction * step[0], start[1] + fraction * step[1]), normal)
            if report == "all":
                hits.append(hit)
            elif report == "any":
                return TreeCast([hit], visited)
            elif not hits or fraction < hits[0].fraction:
                # The closest so far: the ray now ends here.
                hits, limit = [hit], fraction
        hits.sort(key=lambda hit: (hit.fraction, hit.proxy))
        return TreeCast(hits, visited)

    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of proxies whose boxes overlap (touching counts), as ``(low, high)``
        tuples, sorted: the candidates a broad phase hands to the narrow phase."""
        found = []
        for proxy, leaf in self._leaves.items():
            for other in self.query(leaf.box).proxies:
                # Each pair is met from both ends: keep it once, and never a proxy with itself.
                if other > proxy:
                    found.append((proxy, other))
        return sorted(found)

    def nodes(self) -> list[TreeNode]:
        """Every node, parents before their children, as :class:`TreeNode` tuples."""
        out = []
        stack = [] if self._root is None else [(self._root, 0)]
        while stack:
            node, depth = stack.pop()
            out.append(TreeNode(node.bounds(), depth, node.height, node.proxy))
            if node.first is not None:
                stack.append((node.second, depth + 1))
                stack.append((node.first, depth + 1))
        return out

    def _insert_leaf(self, leaf: _Node, start: _Node | None = None, turn: bool = True) -> None:
        """Put ``leaf`` in the tree, searching for its place from ``start`` (the root if None);
        with ``turn``, the nodes above it are rotated where that shrinks their boxes."""
        if self._root is None:
            # The first leaf is the whole tree.
            leaf.parent = None
            self._root = leaf
            return
        sibling = self._best_sibling(leaf, self._root if start is None else start)
        # A new parent takes the sibling's place and holds the sibling and the leaf.
        if self._spare:
            parent = self._spare.pop()
            # An impossible height: the refit below sees the node as changed, whatever box it held.
            parent.height = -1
        else:
            parent = _Node(0.0, 0.0, 0.0, 0.0)
        old = sibling.parent
        parent.parent = old
        parent.first, parent.second = sibling, leaf
        if old is None:
            self._root = parent
        elif old.first is sibling:
            old.first = parent
        else:
            old.second = parent
        sibling.parent = leaf.parent = parent
        self._refit(parent, turn)

    def _best_sibling(self, leaf: _Node, node: _Node) -> _Node:
        """Where the new leaf should go, by the surface-area heuristic (perimeters in 2D):
        the node under which a new parent adds least perimeter to the tree, counting the new
        parent's own and the growth of every box above it. Box2D v3's branch and bound: one
        path down from the root, each step to the child whose cost can be least, stopping
        once neither child can beat the best found. Half perimeters stand in for perimeters:
        every cost is halved, and no choice changes. The search starts at ``node``: the root,
        or a node that holds the leaf's box already, above which nothing would grow."""
        x0, y0, x1, y1 = leaf.x0, leaf.y0, leaf.x1, leaf.y1
        size = (x1 - x0) + (y1 - y0)
        area = node.area
        # ``direct``: the node's box grown to hold the leaf, the new parent's if made here.
        direct = ((node.x1 if node.x1 > x1 else x1) - (node.x0 if node.x0 < x0 else x0)) + (
            (node.y1 if node.y1 > y1 else y1) - (node.y0 if node.y0 < y0 else y0)
        )
        # ``inherited``: how much the boxes above the node grow, whatever happens below it.
        inherited = 0.0
        best, best_cost = node, direct
        while node.first is not None:
            cost = direct + inherited
            # Ties go to the deeper node: a crowd of equal boxes spreads down instead of
            # stacking parents on the root.
            if cost <= best_cost:
                best, best_cost = node, cost
            # Below this node, its box grows to the combined one on every path.
            inherited += direct - area
            a, b = node.first, node.second
            direct_a = ((a.x1 if a.x1 > x1 else x1) - (a.x0 if a.x0 < x0 else x0)) + ((a.y1 if a.y1 > y1 else y1) - (a.y0 if a.y0 < y0 else y0))
            direct_b = ((b.x1 if b.x1 > x1 else x1) - (b.x0 if b.x0 < x0 else x0)) + ((b.y1 if b.y1 > y1 else y1) - (b.y0 if b.y0 < y0 else y0))
            if a.first is None:
                # A leaf child: a new parent over it is the only place left on that side.
                if direct_a + inherited <= best_cost:
                    best, best_cost = a, direct_a + inherited
                low_a = _NEVER
            else:
                # An inner child: anything below it costs at least its own growth, and the new
                # parent's box is at least the leaf's.
                low_a = inherited + direct_a + (size - a.area if size < a.area else 0.0)
            if b.first is None:
                if direct_b + inherited <= best_cost:
                    best, best_cost = b, direct_b + inherited
                low_b = _NEVER
            else:
                low_b = inherited + direct_b + (size - b.area if size < b.area else 0.0)
            if best_cost < low_a and best_cost < low_b:
                # Nothing below either child can cost less than the best already found.
                break
            if low_a == low_b and low_a != _NEVER:
                # Both hold the leaf already: go to the one whose centre is nearer.
                cx, cy = x0 + x1, y0 + y1
                low_a = (a.x0 + a.x1 - cx) ** 2 + (a.y0 + a.y1 - cy) ** 2
                low_b = (b.x0 + b.x1 - cx) ** 2 + (b.y0 + b.y1 - cy) ** 2
            if low_a < low_b:
                node, area, direct = a, a.area, direct_a
            else:
                node, area, direct = b, b.area, direct_b
        return best

    def _remove_leaf(self, leaf: _Node) -> _Node | None:
        """Take ``leaf`` out; return the node now where its parent was (its old sibling), or
        None if the tree is left empty."""
        parent = leaf.parent
        if parent is None:
            # The only leaf: the tree is empty.
            self._root = None
            return None
        sibling = parent.second if parent.first is leaf else parent.first
        grandparent = parent.parent
        # The parent goes; the sibling takes its place.
        sibling.parent = grandparent
        self._spare.append(parent)
        if grandparent is None:
            self._root = sibling
        else:
            if grandparent.first is parent:
                grandparent.first = sibling
            else:
                grandparent.second = sibling
            self._refit(grandparent, turn=False)
        leaf.parent = None
        near: _Node = sibling
        return near

    def _refit(self, node: _Node | None, turn: bool) -> None:
        """Walk up from ``node`` to the root, remaking each node's box and height; with
        ``turn`` (after an insert, as Box2D v3 does), turning each where that shrinks the
        boxes below it."""
        while node is not None:
            # node.fit() written out, saving a call: this loop runs at every level an insert or
            # a removal changes (fit was a fifth of a move's time in a profile).
            a, b = node.first, node.second
            x0 = a.x0 if a.x0 < b.x0 else b.x0
            y0 = a.y0 if a.y0 < b.y0 else b.y0
            x1 = a.x1 if a.x1 > b.x1 else b.x1
            y1 = a.y1 if a.y1 > b.y1 else b.y1
            height = 1 + (a.height if a.height > b.height else b.height)
            changed = x0 != node.x0 or y0 != node.y0 or x1 != node.x1 or y1 != node.y1 or height != node.height
            if changed:
                node.x0, node.y0, node.x1, node.y1, node.height = x0, y0, x1, y1, height
                node.area = (x1 - x0) + (y1 - y0)
            if height >= 2:
                if turn:
                    self._rotate(node)
                    # A turn keeps the node's box but may change its height.
                    changed = changed or node.height != height
                if abs(node.first.height - node.second.height) > SLACK:
                    # A crowd of equal boxes leaves the perimeters no choice: keep it shallow.
                    node = self._balance(node)
                    changed = True
            if not changed:
                # Neither its box nor its height changed: every node above is as it was
                # (Box2D walks on to the root regardless).
                return
            node = node.parent

    def _rotate(self, a: _Node) -> None:
        """Box2D v3's rotation: swap one of ``a``'s children with one of the other child's
        children, if that shrinks the perimeters of ``a``'s two children the most. ``a``'s
        own box stays the same, as it holds the same leaves."""
        b, c = a.first, a.second
        bx0, by0, bx1, by1 = b.x0, b.y0, b.x1, b.y1
        cx0, cy0, cx1, cy1 = c.x0, c.y0, c.x1, c.y1
        # The cost of each choice is the two children's perimeters after it (a leaf child's
        # fat box is not the tree's to shrink, so it counts nothing); the choice keeps the least.
        area_b = 0.0 if b.first is None else b.area
        area_c = 0.0 if c.first is None else c.area
        best = area_b + area_c
        down: _Node | None = None
        up: Any = None
        f, g = c.first, c.second
        if f is not None:
            # b goes down beside g, and f comes up in b's place; or beside f, and g comes up.
            cost = area_b + ((bx1 if bx1 > g.x1 else g.x1) - (bx0 if bx0 < g.x0 else g.x0)) + ((by1 if by1 > g.y1 else g.y1) - (by0 if by0 < g.y0 else g.y0))
            if cost < best:
                best, down, up = cost, b, f
            cost = area_b + ((bx1 if bx1 > f.x1 else f.x1) - (bx0 if bx0 < f.x0 else f.x0)) + ((by1 if by1 > f.y1 else f.y1) - (by0 if by0 < f.y0 else f.y0))
            if cost < best:
                best, down, up = cost, b, g
        d, e = b.first, b.second
        if d is not None:
            # c goes down beside e, and d comes up in c's place; or beside d, and e comes up.
            cost = area_c + ((cx1 if cx1 > e.x1 else e.x1) - (cx0 if cx0 < e.x0 else e.x0)) + ((cy1 if cy1 > e.y1 else e.y1) - (cy0 if cy0 < e.y0 else e.y0))
            if cost < best:
                best, down, up = cost, c, d
            cost = area_c + ((cx1 if cx1 > d.x1 else d.x1) - (cx0 if cx0 < d.x0 else d.x0)) + ((cy1 if cy1 > d.y1 else d.y1) - (cy0 if cy0 < d.y0 else d.y0))
            if cost < best:
                best, down, up = cost, c, e
        if down is None:
            # No swap shrinks the boxes.
            return
        middle: _Node = up.parent
        if a.first is down:
            a.first = up
        else:
            a.second = up
        if middle.first is up:
            middle.first = down
        else:
            middle.second = down
        up.parent, down.parent = a, middle
        middle.fit()
        a.height = 1 + (a.first.height if a.first.height > a.second.height else a.second.height)

    def _balance(self, a: _Node) -> _Node:
        """Rotate ``a``'s taller child up into ``a``'s place; return the node now there."""
        b, c = a.first, a.second
        return self._rotate_up(a, c if c.height > b.height else b)

    def _rotate_up(self, a: _Node, tall: _Node) -> _Node:
        """Lift ``a``'s taller child ``tall`` into ``a``'s place: ``a`` becomes a child of
        ``tall``, and the shorter of ``tall``'s two children moves down to ``a`` in ``tall``'s
        old place. Heights then differ by at most one again."""
        kept, given = tall.first, tall.second
        if given.height > kept.height:
            kept, given = given, kept
        # ``tall`` takes ``a``'s place under ``a``'s parent.
        above = a.parent
        tall.parent = above
        if above is None:
            self._root = tall
        elif above.first is a:
            above.first = tall
        else:
            above.second = tall
        tall.first, tall.second = a, kept
        a.parent = tall
        # ``a`` keeps its other child and takes the shorter grandchild where ``tall`` was.
        if a.first is tall:
            a.first = given
        else:
            a.second = given
        given.parent = a
        a.fit()
        tall.fit()
        return tall


def _at_least_zero(value: object, what: str) -> float:
    number = finite_number(value, what)
    if number < 0:
        raise ShapeError(f"{what} must be at least 0, got {number}")
    return number
