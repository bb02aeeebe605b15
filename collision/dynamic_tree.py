"""A dynamic AABB tree for the broad phase, as Box2D's b2DynamicTree builds it.

Every item is a leaf holding a *fat* box: its bounds grown by a margin, and stretched ahead
in the direction it last moved. Each inner node holds the union of its two children's boxes.
A move that stays inside the fat box changes nothing; only a box that leaves it is taken out
and inserted again. Insertion walks down from the root choosing, by the surface-area
heuristic (in 2D, perimeters), where a new parent costs least; on the way back up, every
node taller on one side than the other by more than one is rotated, as in an AVL tree, so
the height stays about log2 of the number of items.
"""

import numbers
from typing import NamedTuple

from ._validate import finite_number, finite_pair
from .errors import ShapeError
from .projection import bounds_touch

MARGIN = 1.0
"""The default margin a fat box adds on every side, in world units (Box2D's
``b2_aabbExtension`` is 0.1 m in a world of metres; the sandbox draws in larger units)."""

PREDICTION = 4.0
"""The default multiple of a move's displacement that a fat box is stretched by, ahead in the
direction of the move (Box2D's ``b2_aabbMultiplier``)."""


class TreeQuery(NamedTuple):
    """The outcome of :meth:`DynamicTree.query` and :meth:`DynamicTree.ray_cast`."""

    proxies: list
    """The proxies whose fat boxes were found, in the order the walk reached them."""

    items: list
    """Their items, in the same order."""

    visited: int
    """How many nodes' boxes the walk tested, inner nodes and leaves: what the tree saves
    against testing every item, which would be as many as there are items."""


class TreeNode(NamedTuple):
    """One node of a :class:`DynamicTree`, for drawing and teaching."""

    bounds: tuple
    """The node's box ``(min_x, min_y, max_x, max_y)``: a leaf's fat box, or the union of an
    inner node's children."""

    depth: int
    """Steps from the root; the root is at depth 0."""

    height: int
    """Steps down to the deepest leaf below; a leaf is at height 0."""

    proxy: int | None
    """A leaf's proxy; None for an inner node."""


class _Node:
    """A node of the tree: a leaf (a proxy and its item) or an inner node with two children."""

    __slots__ = ("bounds", "parent", "children", "height", "proxy", "item")

    def __init__(self, bounds, proxy=None, item=None):
        self.bounds = bounds
        self.parent = None
        self.children = None
        self.height = 0
        self.proxy = proxy
        self.item = item


def _bounds(value, what):
    """``value`` as a ``(min_x, min_y, max_x, max_y)`` tuple of floats, or ShapeError saying what to fix."""
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


def _union(a, b):
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _perimeter(box):
    return 2.0 * ((box[2] - box[0]) + (box[3] - box[1]))


def _contains(outer, inner):
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _segment_crosses(box, origin, translation):
    """Whether the segment from ``origin`` along ``translation`` meets ``box`` (touching counts):
    the slab test on an axis-aligned box, one axis at a time."""
    lower, upper = 0.0, 1.0
    for start, step, low, high in ((origin[0], translation[0], box[0], box[2]), (origin[1], translation[1], box[1], box[3])):
        if step == 0.0:
            # Parallel to this slab: inside it all the way, or never.
            if start < low or start > high:
                return False
            continue
        near, far = (low - start) / step, (high - start) / step
        if near > far:
            near, far = far, near
        lower, upper = max(lower, near), min(upper, far)
        if lower > upper:
            # The spans inside the two slabs do not overlap.
            return False
    return True


class DynamicTree:
    """Box2D's dynamic AABB tree: boxes inserted, moved and removed one at a time, queried
    by a box or a segment, and every overlapping pair of fat boxes listed.

    ``margin`` (at least 0) grows every fat box on each side; ``prediction`` (at least 0)
    stretches it ahead by that multiple of a move's displacement. Bounds are ``(min_x, min_y,
    max_x, max_y)``; touching counts as overlapping. Proxies are whole numbers, never reused.

    >>> tree = DynamicTree(margin=1.0)
    >>> a = tree.insert((0, 0, 2, 2), "a")
    >>> b = tree.insert((10, 0, 12, 2), "b")
    >>> c = tree.insert((2.5, 0, 4, 2), "c")
    >>> tree.fat_bounds(a), tree.height, len(tree)
    ((-1.0, -1.0, 3.0, 3.0), 2, 3)
    >>> tree.query((1, 1, 1, 1))
    TreeQuery(proxies=[0], items=['a'], visited=5)
    >>> tree.pairs()  # a's and c's fat boxes overlap, though the boxes do not
    [(0, 2)]
    >>> tree.ray_cast((-5, 1), (20, 0)).items
    ['a', 'c', 'b']

    A small move stays inside the fat box and changes nothing; a large one re-inserts the box,
    its fat box stretched four times the displacement ahead:

    >>> tree.move(a, (0.5, 0, 2.5, 2), (0.5, 0))
    False
    >>> tree.move(a, (3, 0, 5, 2), (2.5, 0))
    True
    >>> tree.fat_bounds(a)
    (2.0, -1.0, 16.0, 3.0)

    An empty tree has height 0 and finds nothing; a proxy removed twice is refused:

    >>> tree.remove(a); tree.remove(b); tree.remove(c)
    >>> tree.height, tree.query((0, 0, 100, 100))
    (0, TreeQuery(proxies=[], items=[], visited=0))
    >>> tree.remove(a)
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: proxy 0 was removed already; remove each proxy once
    """

    def __init__(self, margin=MARGIN, prediction=PREDICTION):
        self.margin = _at_least_zero(margin, "tree margin")
        self.prediction = _at_least_zero(prediction, "tree prediction")
        self._root = None
        self._leaves = {}
        self._next_proxy = 0

    def __len__(self):
        """How many proxies the tree holds."""
        return len(self._leaves)

    @property
    def height(self):
        """Steps from the root down to the deepest leaf: 0 for one leaf or none."""
        return 0 if self._root is None else self._root.height

    def _leaf(self, proxy):
        """The leaf of ``proxy``, or ShapeError saying why there is none."""
        if isinstance(proxy, numbers.Integral) and not isinstance(proxy, bool):
            leaf = self._leaves.get(int(proxy))
            if leaf is not None:
                return leaf
            if 0 <= proxy < self._next_proxy:
                raise ShapeError(f"proxy {proxy} was removed already; remove each proxy once")
        raise ShapeError(f"proxy {proxy!r} is not in this tree; use a number that insert() returned")

    def _fatten(self, bounds, dx=0.0, dy=0.0):
        """``bounds`` grown by the margin, then stretched by prediction times (dx, dy) ahead."""
        m = self.margin
        min_x, min_y, max_x, max_y = bounds[0] - m, bounds[1] - m, bounds[2] + m, bounds[3] + m
        ahead_x, ahead_y = self.prediction * dx, self.prediction * dy
        # Stretched only on the side it is heading to: where it will be, not where it was.
        if ahead_x < 0:
            min_x += ahead_x
        else:
            max_x += ahead_x
        if ahead_y < 0:
            min_y += ahead_y
        else:
            max_y += ahead_y
        return (min_x, min_y, max_x, max_y)

    def insert(self, bounds, item=None):
        """Add a box ``bounds`` carrying ``item``; return its proxy, a new whole number."""
        leaf = _Node(self._fatten(_bounds(bounds, "tree bounds")), self._next_proxy, item)
        self._next_proxy += 1
        self._leaves[leaf.proxy] = leaf
        self._insert_leaf(leaf)
        return leaf.proxy

    def remove(self, proxy):
        """Take ``proxy`` out of the tree; ShapeError if it is unknown or already removed."""
        leaf = self._leaf(proxy)
        self._remove_leaf(leaf)
        del self._leaves[leaf.proxy]

    def move(self, proxy, bounds, displacement=(0.0, 0.0)):
        """Tell the tree that ``proxy``'s box is now ``bounds``, having moved by
        ``displacement`` since the last call. Return whether it was re-inserted: only when
        ``bounds`` leaves its fat box, which is then made again around ``bounds``, stretched
        ahead along ``displacement``. (Box2D also re-inserts a box whose fat box has grown far
        too large, say once it stops; here a fat box stays until the box leaves it.)"""
        leaf = self._leaf(proxy)
        box = _bounds(bounds, "tree bounds")
        dx, dy = finite_pair(displacement, "tree displacement")
        if _contains(leaf.bounds, box):
            # Still inside its fat box: every pair and query answer stays right as it is.
            return False
        self._remove_leaf(leaf)
        leaf.bounds = self._fatten(box, dx, dy)
        self._insert_leaf(leaf)
        return True

    def fat_bounds(self, proxy):
        """The fat box the tree holds for ``proxy``: ``(min_x, min_y, max_x, max_y)``."""
        return self._leaf(proxy).bounds

    def item(self, proxy):
        """The item ``proxy`` carries."""
        return self._leaf(proxy).item

    def query(self, bounds):
        """The proxies and items whose fat boxes overlap ``bounds`` (touching counts), and how
        many nodes the walk visited: a :class:`TreeQuery`. A subtree whose box misses
        ``bounds`` is skipped whole."""
        box = _bounds(bounds, "query bounds")
        return self._walk(lambda node_box: bounds_touch(node_box, box))

    def ray_cast(self, origin, translation):
        """The proxies and items whose fat boxes the segment from ``origin`` to ``origin +
        translation`` meets (touching counts), and how many nodes the walk visited: a
        :class:`TreeQuery`. A zero translation asks about the point ``origin``. The items'
        own shapes are not tested: cast at each with :func:`collision.raycast.ray_cast`."""
        start = finite_pair(origin, "ray origin")
        step = finite_pair(translation, "ray translation")
        return self._walk(lambda node_box: _segment_crosses(node_box, start, step))

    def _walk(self, meets):
        """Depth first from the root into every node whose box ``meets`` says yes."""
        proxies, items, visited = [], [], 0
        stack = [] if self._root is None else [self._root]
        while stack:
            node = stack.pop()
            visited += 1
            if not meets(node.bounds):
                # Nothing below can meet it: every box below lies inside this one.
                continue
            if node.children is None:
                proxies.append(node.proxy)
                items.append(node.item)
            else:
                # The second child pushed first, so the first is walked first.
                stack.extend(reversed(node.children))
        return TreeQuery(proxies, items, visited)

    def pairs(self):
        """Every pair of proxies whose fat boxes overlap (touching counts), as ``(low, high)``
        tuples, sorted: the candidates a broad phase hands to the narrow phase."""
        found = set()
        for proxy, leaf in self._leaves.items():
            for other in self._walk(lambda node_box: bounds_touch(node_box, leaf.bounds)).proxies:
                # Each pair is met from both ends: keep it once, and never a proxy with itself.
                if other > proxy:
                    found.add((proxy, other))
        return sorted(found)

    def nodes(self):
        """Every node, parents before their children, as :class:`TreeNode` tuples."""
        out = []
        stack = [] if self._root is None else [(self._root, 0)]
        while stack:
            node, depth = stack.pop()
            out.append(TreeNode(node.bounds, depth, node.height, node.proxy))
            if node.children is not None:
                stack.extend((child, depth + 1) for child in reversed(node.children))
        return out

    def _insert_leaf(self, leaf):
        if self._root is None:
            # The first leaf is the whole tree.
            leaf.parent = None
            self._root = leaf
            return
        sibling = self._best_sibling(leaf.bounds)
        # A new parent takes the sibling's place and holds the sibling and the leaf.
        parent = _Node(_union(sibling.bounds, leaf.bounds))
        parent.parent = sibling.parent
        parent.children = [sibling, leaf]
        parent.height = sibling.height + 1
        if sibling.parent is None:
            self._root = parent
        else:
            siblings = sibling.parent.children
            siblings[siblings.index(sibling)] = parent
        sibling.parent = leaf.parent = parent
        self._refit(parent.parent)

    def _best_sibling(self, box):
        """Where the new leaf should go: walk down from the root, each step comparing the cost
        of a new parent here with the least it can cost below either child (the surface-area
        heuristic, with perimeters for areas in 2D, as Box2D's v2.4 does)."""
        node = self._root
        while node.children is not None:
            area = _perimeter(node.bounds)
            combined = _perimeter(_union(node.bounds, box))
            # A new parent over this node and the leaf: a node of the combined box, counted
            # twice as Box2D counts it (the new node, and this subtree pushed a level down).
            here = 2.0 * combined
            # Going lower, this node's box (and so every box above) grows to the combined one.
            inherited = 2.0 * (combined - area)
            costs = []
            for child in node.children:
                grown = _perimeter(_union(child.bounds, box))
                if child.children is None:
                    # A leaf child: the new parent over it would be a whole new node.
                    costs.append(grown + inherited)
                else:
                    # An inner child: at least its growth, whatever happens below it.
                    costs.append(grown - _perimeter(child.bounds) + inherited)
            if here < costs[0] and here < costs[1]:
                # Cheaper to make the new parent here than anywhere below.
                break
            node = node.children[0] if costs[0] < costs[1] else node.children[1]
        return node

    def _remove_leaf(self, leaf):
        parent = leaf.parent
        if parent is None:
            # The only leaf: the tree is empty.
            self._root = None
            return
        sibling = parent.children[1] if parent.children[0] is leaf else parent.children[0]
        grandparent = parent.parent
        # The parent goes; the sibling takes its place.
        sibling.parent = grandparent
        if grandparent is None:
            self._root = sibling
        else:
            grandparent.children[grandparent.children.index(parent)] = sibling
            self._refit(grandparent)
        leaf.parent = None

    def _refit(self, node):
        """Walk up from ``node`` to the root, balancing each node and remaking its box and height."""
        while node is not None:
            node = self._balance(node)
            first, second = node.children
            node.bounds = _union(first.bounds, second.bounds)
            node.height = 1 + max(first.height, second.height)
            node = node.parent

    def _balance(self, a):
        """If one child of ``a`` is more than one level taller than the other, rotate it up
        into ``a``'s place; return the node now in that place."""
        if a.children is None or a.height < 2:
            # A leaf, or a node with leaves below: nothing to rotate.
            return a
        b, c = a.children
        if c.height - b.height > 1:
            return self._rotate_up(a, c, 1)
        if b.height - c.height > 1:
            return self._rotate_up(a, b, 0)
        return a

    def _rotate_up(self, a, tall, side):
        """Lift ``a``'s taller child ``tall`` (at ``a.children[side]``) into ``a``'s place:
        ``a`` becomes a child of ``tall``, and the shorter of ``tall``'s two children moves
        down to ``a`` in ``tall``'s old place. Heights then differ by at most one again."""
        kept, given = tall.children
        if given.height > kept.height:
            kept, given = given, kept
        # ``tall`` takes ``a``'s place under ``a``'s parent.
        tall.parent = a.parent
        if a.parent is None:
            self._root = tall
        else:
            a.parent.children[a.parent.children.index(a)] = tall
        tall.children = [a, kept]
        a.parent = tall
        # ``a`` keeps its other child and takes the shorter grandchild where ``tall`` was.
        a.children[side] = given
        given.parent = a
        a.bounds = _union(a.children[0].bounds, a.children[1].bounds)
        a.height = 1 + max(a.children[0].height, a.children[1].height)
        tall.bounds = _union(a.bounds, kept.bounds)
        tall.height = 1 + max(a.height, kept.height)
        return tall


def _at_least_zero(value, what):
    number = finite_number(value, what)
    if number < 0:
        raise ShapeError(f"{what} must be at least 0, got {number}")
    return number

