"""Quadtree subdivision: the Tuts+ quick tip "Use Quadtrees to Detect Likely Collisions in 2D Space"."""

from typing import NamedTuple

import numpy as np

from collision import QuadArrays, Quadtree, broadphase
from collision.quadtree import tip_walk
from sandbox.kit import Claim, Column, Cost, Fact, Meter, Param, Report, Verdict, faded, register
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, trace, with_code
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.figures.swarm import DOTS, Swarm, fill_box, paint
from sandbox.kit.events import Event, claim_wrong

WORLD = Swarm.world
"""The bounded world the objects move in."""

LEVEL_COLORS = [(92, 98, 112, 255), (82, 104, 140, 255), (74, 112, 160, 255), (70, 124, 170, 255), (68, 136, 170, 255), (66, 146, 160, 255), (64, 150, 140, 255), (62, 150, 120, 255), (60, 150, 100, 255)]
"""Node borders by depth: the deeper, the greener."""


class Frame(NamedTuple):
    """One rebuild of the tree and what it means for the broad phase."""

    tree: Quadtree
    """The tree rebuilt this frame."""

    arrays: QuadArrays
    """The same tree as arrays: what is drawn and counted."""

    boxes: np.ndarray
    """Every object's bounds this frame, as drawn."""

    straddlers: np.ndarray
    """Indices of the objects kept above the leaves (the tip), or held by several nodes (the variant)."""

    candidate_pairs: int
    """Distinct pairs the quadtree leaves to check."""

    all_pairs: int
    """Pairs a brute-force check would test: n (n - 1) / 2."""

    collisions: int
    """Pairs whose boxes really overlap."""

    focus: object
    """The object hovered or clicked, or None."""

    lit: np.ndarray
    """What retrieve returns for the focused object, less the object itself: object numbers."""

    lit_straddlers: int
    """How many of the lit objects are straddlers."""

    missed: np.ndarray
    """Objects touching the focused one that the tip's walk does not return (marked with "missed" on)."""

    paired: int = 0
    """How many objects the tree pairs the focused one with: its candidate pairs as candidate_pairs
    counts them. A straddler's include everything below its node, which its own retrieve never sees."""

    straddler_pairs: int = 0
    """Candidate pairs with a straddler in them."""

    trace: Trace | None = None
    """The tip's walk for the focused object line by line, when the Code view is on."""

    methods: tuple = ()
    """(method, candidate pairs) on these same objects: brute force, this quadtree, the loose
    grid and sort and sweep, each counted by the broad phase's own count."""


METHOD_KEYS = ("brute", "quadtree", "grid", "sweep")
"""The methods' names in the report ("methods.quadtree.candidates"), as the loose grid's scene names them."""

METER_ROOM = 260.0
"""World units right of the world kept for the candidate pairs' meter."""

TRACED_OBJECTS = 200
"""The most objects a Code view traces the walk among: it is recorded again every frame."""


def split_lines(arrays):
    """The lines that split the tree's nodes, as (x0, y0, x1, y1) rows, and the level each
    makes: every split node's cross, its vertical lines first. None is drawn twice, and the
    lines of one level that continue one another are joined into one: a software rasteriser
    (llvmpipe) works through every vertex in the thread that draws, and a full tree of six
    levels has thousands of short lines on a few dozen long ones."""
    split = arrays.first_child >= 0
    bounds, level = arrays.bounds[split], arrays.level[split] + 1
    mid_x, mid_y = (bounds[:, 0] + bounds[:, 2]) / 2, (bounds[:, 1] + bounds[:, 3]) / 2
    lines, levels = [], []
    for along, low, high, vertical in ((mid_x, bounds[:, 1], bounds[:, 3], True), (mid_y, bounds[:, 0], bounds[:, 2], False)):
        order = np.lexsort((low, along, level))
        along, low, high, depth = along[order], low[order], high[order], level[order]
        # A line continues the one before it on the same level and line where that one ends.
        goes_on = np.zeros(len(order), dtype=bool)
        goes_on[1:] = (depth[1:] == depth[:-1]) & (along[1:] == along[:-1]) & (low[1:] == high[:-1])
        first = np.flatnonzero(~goes_on)
        last = np.append(first[1:], len(order)) - 1 if len(order) else first
        ends = (along[first], low[first], along[first], high[last]) if vertical else (low[first], along[first], high[last], along[first])
        lines.append(np.stack(ends, axis=1))
        levels.append(depth[first])
    return np.concatenate(lines), np.concatenate(levels)


def plain_pairs(arrays, straddling):
    """The candidate pairs of two objects neither of which straddles: two such are paired only
    where they share a node (above the leaves the tip keeps straddlers alone, and the variant
    keeps only objects outside the root, which the swarm's never are)."""
    node = np.repeat(np.arange(len(arrays.level)), np.diff(arrays.start))
    plain = np.bincount(node[~straddling[arrays.inserted]], minlength=len(arrays.level)).astype(np.int64)
    return int((plain * (plain - 1) // 2).sum())


def partners(arrays, focus):
    """The objects the tree pairs object ``focus`` with: everything stored in a node holding it,
    above one or below one (candidate_pairs' rule), itself left out."""
    node = np.repeat(np.arange(len(arrays.level)), np.diff(arrays.start))
    related = np.zeros(len(arrays.level), dtype=bool)
    bounds = arrays.bounds
    for k in np.unique(node[arrays.inserted == focus]):
        x0, y0, x1, y1 = bounds[k]
        # Nodes of one level tile the world: a node is above k where it holds k's region, below where k holds its.
        above = (bounds[:, 0] <= x0) & (bounds[:, 1] <= y0) & (bounds[:, 2] >= x1) & (bounds[:, 3] >= y1) & (arrays.level <= arrays.level[k])
        under = (bounds[:, 0] >= x0) & (bounds[:, 1] >= y0) & (bounds[:, 2] <= x1) & (bounds[:, 3] <= y1) & (arrays.level >= arrays.level[k])
        related |= above | under
    found = np.unique(arrays.inserted[related[node]])
    return found[found != focus]


@register("quadtree", "Broad phase", "Quadtree", order=1)
class QuadtreeScene(Swarm):
    lesson = (
        "Checking every pair of n objects costs n(n - 1)/2 tests. A quadtree splits the world into "
        "four whenever a region holds more than MAX_OBJECTS, down to MAX_LEVELS, so far-apart "
        "objects are never paired. In the tip's version an object that crosses a split line stays "
        "in the parent node, and retrieve returns everything on the path to the root: so each "
        "straddler near the top is paired with almost everyone below it: by their walks, which pass "
        "through its node, not by its own."
    )
    things_to_try = (
        "Point at an object: what the tip's retrieve returns for it lights up. On a straddler (try one on the "
        "middle lines) the tree pairs it with more than that: everything below it, by their own retrieves.",
        "Lower MAX_OBJECTS and raise MAX_LEVELS: how deep does the tree go?",
        "Raise the count to 1,000, then 10,000: compare the pair checks with all pairs.",
        "Switch to the variant where straddlers go to every child they touch.",
        "Pause with P, step one frame at a time, click empty space to add an object.",
    )
    params = (
        Param("nodes", "Node borders", True, overlay=True),
        Param("straddlers", "Mark straddlers", True, overlay=True),
        Param("variant", "Variant: straddlers go to every child they touch", False, overlay=True),
        Param("missed", "Mark what the tip's retrieve misses (purple: they collide)", False, overlay=True),
        Param("count", "Objects", 100, low=1, high=Swarm.most),
        Param("max_objects", "MAX_OBJECTS", 10, low=1, high=50),
        Param("max_levels", "MAX_LEVELS", 5, low=0, high=6,
              help="At most 6: a level-6 node is 12 by 11 units, about an object's size. Deeper nodes are "
              "smaller than the objects, the variant copies each object into dozens of them, and a frame "
              "takes twice the 16.7 ms a smooth frame allows."),
        Param("focus", "Object whose candidates are lit", -1, low=-1, high=Swarm.most - 1, widget=False),
        CODE,
    )
    frame = (WORLD[0] - 10, WORLD[1] - 10, WORLD[2] + METER_ROOM, WORLD[3] + 10)
    events = (
        Event("tip-misses", "The tip's retrieve misses an object that touches the one pointed at",
              claim_wrong("The tip's retrieve"), settings={"missed": True}, move=(),
              vary=("focus", "count", "max_objects", "max_levels"), ranges={"count": (2, 200), "focus": (0, 29)}),
    )
    animated = True

    actions = (*Swarm.actions, CODE_VIEW)

    def compute(self, ctx):
        count = len(self.position)
        boxes = self.boxes()
        straddle = "children" if self.settings["variant"] else "parent"
        tree = Quadtree(WORLD, self.settings["max_objects"], self.settings["max_levels"], straddle)
        tree.insert_many(range(count), boxes)
        arrays = tree.arrays()
        # The objects were inserted as 0 to count - 1: each entry's number of insertion is its object.
        stored = arrays.inserted
        if straddle == "parent":
            # What a node with children holds stays there: it straddles one of its splits.
            straddlers = np.sort(stored[np.repeat(arrays.first_child >= 0, np.diff(arrays.start))])
        else:
            straddlers = np.flatnonzero(np.bincount(stored, minlength=count) > 1)
        focus = self.focus()
        lit = missed = np.zeros(0, dtype=np.intp)
        if focus is not None:
            # Object numbers as arrays: at MAX_LEVELS 0 the root returns all 10,000.
            lit = np.array(tree.retrieve_tip(boxes[focus].tolist()), dtype=np.intp)
            lit = lit[lit != focus]
        if focus is not None:
            # Counted whether or not marked: a question hiding the marks asks this very count.
            returned = np.zeros(count, dtype=bool)
            returned[lit] = returned[focus] = True
            found = np.array(tree.retrieve(boxes[focus].tolist()), dtype=np.intp)
            missed = found[~returned[found]]
        straddling = np.zeros(count, dtype=bool)
        straddling[straddlers] = True
        pairs = count * (count - 1) // 2
        # One pass of the loose grid gives both the real collisions and its own candidate count.
        met = broadphase.contacts(boxes)
        collisions = int(met.counts.sum()) // 2
        candidates = tree.candidate_pairs()
        recorded = None
        if self.settings["code"] and focus is not None and count <= TRACED_OBJECTS:
            # The plain walk over the tip's nodes, traced: what retrieve_tip returns, line by line.
            recorded = trace(tip_walk, tree._tree(), boxes[focus].tolist(), straddle)
        methods = (("brute force", pairs), ("this quadtree", candidates),
                   ("loose grid", met.candidates), ("sort and sweep", broadphase.count_candidates(boxes, "sweep")))
        paired = len(partners(arrays, focus)) if focus is not None else 0
        return Frame(tree, arrays, boxes, straddlers, candidates, pairs, collisions, focus, lit, int(straddling[lit].sum()), missed,
                     paired, candidates - plain_pairs(arrays, straddling), recorded, methods)

    def _verdict(self, result):
        frame = result
        ratio = frame.candidate_pairs / frame.all_pairs if frame.all_pairs else 0.0
        return Verdict(f"{frame.candidate_pairs:,} PAIR CHECKS", "text", f"of {frame.all_pairs:,} ({ratio:.1%}); {frame.collisions:,} real collisions")

    def draw(self, result, painter, theme):
        frame = result
        x0, y0, x1, y1 = WORLD
        painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.guide, None, 1)
        if self.settings["nodes"] and (frame.arrays.first_child >= 0).any():
            lines, levels = split_lines(frame.arrays)
            painter.lines(lines, np.array(LEVEL_COLORS, dtype=np.uint8)[np.minimum(levels, len(LEVEL_COLORS) - 1)])
        boxes = frame.boxes
        dots = len(boxes) > DOTS
        # As dots, the plain objects step back so that straddlers and the lit ones stand out.
        colors = np.tile(np.array(faded(theme.shape_a, 150) if dots else theme.shape_a, dtype=np.uint8), (len(boxes), 1))
        if self.settings["straddlers"] and len(frame.straddlers):
            paint(colors, frame.straddlers, theme.axis)  # neutral: orange is shape B's
        paint(colors, frame.lit, theme.highlight)
        self.draw_objects(painter, boxes, colors)
        if not dots and self.settings["straddlers"] and len(frame.straddlers):
            # Marked with a diagonal too: on grey paper a grey outline is one more outline among
            # the objects' (a fill would be taken for the filled object in focus).
            painter.lines(boxes[frame.straddlers], theme.axis)  # a box (x0, y0, x1, y1) is its diagonal
        if not dots:
            # Outlined again, thicker: in hue alone they stand out, not on grey paper.
            for left, bottom, right, top in boxes[frame.lit]:
                painter.polygon([(left, bottom), (right, bottom), (right, top), (left, top)], theme.highlight, None, 2)
        if frame.focus is not None:
            fill_box(painter, boxes[frame.focus], theme.highlight, 90)
        for box in boxes[frame.missed] if self.settings["missed"] else ():
            fill_box(painter, box, theme.mtv, 110, 3)  # touching the focused one: colliding
        # Beside the world where the window leaves room; never over the objects.
        draw_meter(painter, theme, self.view, self.reported, [WORLD], clear_only=True)

    def report(self, result):
        # The counts are the table's facts: no line writes them again.
        lines, claims = [], ()
        if result.focus is not None:
            if self.settings["missed"]:
                missed = len(result.missed)
                claims = (Claim("The tip's retrieve", f"{missed} TOUCHING OBJECT{'S' if missed > 1 else ''} MISSED" if missed else "NOTHING MISSED", missed == 0),)
        else:
            lines.append("Point at or click an object to see what retrieve returns for it.")
        if self.settings["code"] and result.trace is None:
            lines.append(f"Code view: point at an object, among {TRACED_OBJECTS} or fewer, to trace the tip's retrieve for it.")
        # Shown elsewhere (the slider, the verdict, the method table), and quoted by the lessons.
        numbers = {"objects": len(self.position), "all_pairs": result.all_pairs, "candidate_pairs": result.candidate_pairs,
                   "focus": result.focus, "retrieved": len(result.lit), "retrieved_straddlers": result.lit_straddlers, "missed": len(result.missed)}
        report = Report(self._verdict(result), tuple(lines), numbers=numbers, claims=claims, facts=self._facts(result), meter=Meter("methods", ("candidates",)))
        if result.trace is None:
            return report
        recorded = result.trace
        visited = recorded.ran("walk.append(node)")
        code = step_code(recorded, recorded.runs, f"the tip's retrieve for object {result.focus}: {visited} nodes walked", "return list(found.values())")
        return with_code(report, code, (Cost("nodes walked", visited), Cost("entries gathered", recorded.ran("found.setdefault(id(item), item)"))))

    def _facts(self, result):
        frame = result
        kept = "held by several nodes" if self.settings["variant"] else "kept in a parent node (grey)"
        facts = [
            Fact("collisions", frame.collisions, "pairs that really overlap"),
            Fact("nodes", len(frame.arrays.level)),
            Fact("deepest_level", int(frame.arrays.level.max()), "deepest level"),
            Fact("straddlers", len(frame.straddlers), f"straddlers, {kept}"),
            Fact("straddler_pairs", frame.straddler_pairs, "pair checks with a straddler"),
        ]
        if frame.focus is not None:
            facts += [Fact("retrieved", len(frame.lit), f"others the tip's retrieve for object {frame.focus} returns"),
                      Fact("retrieved_straddlers", frame.lit_straddlers, "straddlers among them"),
                      Fact("paired", frame.paired, "objects the tree pairs it with")]
            if self.settings["missed"]:
                facts.append(Fact("missed", len(frame.missed), "objects touching it that the tip's retrieve misses (purple)"))
        methods = {key: {"method": name, "candidates": count} for key, (name, count) in zip(METHOD_KEYS, frame.methods)}
        facts.append(Fact("methods", methods, "candidate pairs", columns=(Column("method", "method, on these objects"), Column("candidates", "candidate pairs"))))
        return facts
