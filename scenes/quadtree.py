"""Quadtree subdivision: the Tuts+ quick tip "Use Quadtrees to Detect Likely Collisions in 2D Space"."""

from typing import NamedTuple

import numpy as np
from imgui_bundle import imgui

from collision import Quadtree, broadphase
from sandbox.kit import Param, Scene, Table, Verdict, faded, number, register

WORLD = (-620.0, -340.0, 170.0, 340.0)
"""The bounded world the objects move in."""

MOST = 2000
LEVEL_COLORS = [(92, 98, 112, 255), (82, 104, 140, 255), (74, 112, 160, 255), (70, 124, 170, 255), (68, 136, 170, 255), (66, 146, 160, 255), (64, 150, 140, 255), (62, 150, 120, 255), (60, 150, 100, 255)]
"""Node borders by depth: the deeper, the greener."""


class Frame(NamedTuple):
    """One rebuild of the tree and what it means for the broad phase."""

    nodes: tuple
    """Every QuadNode, parents first."""

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

    lit: tuple
    """What retrieve returns for the focused object, less the object itself."""

    missed: tuple = ()
    """With "missed" on: objects touching the focused one that the tip's walk does not return."""


def spawn(rng, count):
    """Positions (lower-left corners), sizes and velocities of ``count`` new objects."""
    size = rng.uniform(6, 26, (count, 2))
    low = np.array(WORLD[:2])
    position = rng.uniform(low, np.array(WORLD[2:]) - size)
    velocity = rng.uniform(-60, 60, (count, 2))
    return position, size, velocity


def outlines(boxes):
    """The four sides of each box as (x0, y0, x1, y1) rows, four rows a box."""
    x0, y0, x1, y1 = boxes.T
    return np.stack([np.stack(side, axis=1) for side in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0))], axis=1).reshape(-1, 4)


@register("quadtree", "Broad phase", "Quadtree", order=1)
class QuadtreeScene(Scene):
    lesson = (
        "Checking every pair of n objects costs n(n - 1)/2 tests. A quadtree splits the world into "
        "four whenever a region holds more than MAX_OBJECTS, down to MAX_LEVELS, so far-apart "
        "objects are never paired. In the tip's version an object that crosses a split line stays "
        "in the parent node, and retrieve returns everything on the path to the root: so each "
        "straddler near the top is paired with almost everyone below it."
    )
    things_to_try = (
        "Point at an object: its candidates light up. Try one that straddles the middle lines.",
        "Lower MAX_OBJECTS and raise MAX_LEVELS: how deep does the tree go?",
        "Raise the count to 1,000 and compare the quadtree's pair checks with all pairs.",
        "Switch to the variant where straddlers go to every child they touch.",
        "Pause with P, step one frame at a time, click empty space to add an object.",
    )
    params = (
        Param("nodes", "Node borders", True, overlay=True),
        Param("straddlers", "Mark straddlers", True, overlay=True),
        Param("variant", "Variant: straddlers go to every child they touch", False, overlay=True),
        Param("missed", "Mark what the tip's retrieve misses (red)", False, overlay=True, widget=False),
        Param("count", "Objects", 100, low=1, high=MOST),
        Param("max_objects", "MAX_OBJECTS", 10, low=1, high=50),
        Param("max_levels", "MAX_LEVELS", 5, low=0, high=8),
        Param("focus", "Object whose candidates are lit", -1, low=-1, high=MOST - 1, widget=False),
    )
    frame = (WORLD[0] - 10, WORLD[1] - 10, WORLD[2] + 10, WORLD[3] + 10)
    animated = True

    def setup(self):
        self.rng = np.random.default_rng(2012)
        self.position, self.size, self.velocity = spawn(self.rng, self.settings["count"])

    def boxes(self):
        return np.hstack([self.position, self.position + self.size])

    def pick(self, point, reach):
        """The topmost object holding ``point`` (anywhere inside it), by its number."""
        x, y = point
        boxes = self.boxes()
        inside = np.flatnonzero((boxes[:, 0] <= x) & (x <= boxes[:, 2]) & (boxes[:, 1] <= y) & (y <= boxes[:, 3]))
        return str(inside[-1]) if len(inside) else None

    def position_of(self, name):
        return tuple(self.position[int(name)] + self.size[int(name)] / 2)

    def move(self, name, point):
        i = int(name)
        low, high = np.array(WORLD[:2]), np.array(WORLD[2:]) - self.size[i]
        self.position[i] = np.clip(np.asarray(point) - self.size[i] / 2, low, high)
        self.velocity[i] = 0  # put down by hand, it stays

    def click(self, point):
        """Clicking empty space adds an object there and drops the focus."""
        if len(self.position) < MOST:
            position, size, velocity = spawn(self.rng, 1)
            position[0] = np.clip(np.asarray(point) - size[0] / 2, np.array(WORLD[:2]), np.array(WORLD[2:]) - size[0])
            self._append(position, size, velocity)
            self.settings["count"] = len(self.position)
        self.selected = None
        self.settings["focus"] = -1

    def _append(self, position, size, velocity):
        self.position, self.size, self.velocity = (np.vstack(pair) for pair in ((self.position, position), (self.size, size), (self.velocity, velocity)))

    def update(self, dt):
        self.position += self.velocity * dt
        low, high = np.array(WORLD[:2]), np.array(WORLD[2:]) - self.size
        # Bounce off the walls: reverse the velocity of whatever went out, and put it back in.
        out = (self.position < low) | (self.position > high)
        self.velocity[out] *= -1
        self.position = np.clip(self.position, low, high)

    def compute(self):
        count = self.settings["count"]
        # The count slider, a layout or a step changed the number of objects: follow it.
        if count < len(self.position):
            self.position, self.size, self.velocity = self.position[:count], self.size[:count], self.velocity[:count]
        elif count > len(self.position):
            self._append(*spawn(self.rng, count - len(self.position)))
        boxes = self.boxes()
        straddle = "children" if self.settings["variant"] else "parent"
        tree = Quadtree(WORLD, self.settings["max_objects"], self.settings["max_levels"], straddle)
        tree.insert_many(range(count), boxes)
        nodes = tuple(tree.nodes())
        if straddle == "parent":
            # A node has children exactly when the next node in pre-order is deeper.
            parents = [n for n, after in zip(nodes, nodes[1:]) if after.level > n.level]
            straddlers = np.array([i for node in parents for i in node.items], dtype=int)
        else:
            held = np.bincount(np.array([i for node in nodes for i in node.items], dtype=int), minlength=count)
            straddlers = np.flatnonzero(held > 1)
        name = self.hovered if self.hovered is not None else self.selected
        focus = int(name) if name is not None else self.settings["focus"]
        focus = focus if 0 <= focus < count else None
        lit = tuple(i for i in tree.retrieve_tip(boxes[focus].tolist()) if i != focus) if focus is not None else ()
        missed = ()
        if focus is not None and self.settings["missed"]:
            returned = set(lit)
            missed = tuple(i for i in tree.retrieve(boxes[focus].tolist()) if i != focus and i not in returned)
        pairs = count * (count - 1) // 2
        return Frame(nodes, straddlers, tree.candidate_pairs(), pairs, len(broadphase.pairs(boxes)), focus, lit, missed)

    def verdict(self):
        frame = self.result
        ratio = frame.candidate_pairs / frame.all_pairs if frame.all_pairs else 0.0
        return Verdict(f"{frame.candidate_pairs:,} PAIR CHECKS", "text", f"of {frame.all_pairs:,} ({ratio:.1%}); {frame.collisions:,} real collisions")

    def numbers(self):
        frame = self.result
        return {
            "objects": len(self.position),
            "candidate_pairs": frame.candidate_pairs,
            "all_pairs": frame.all_pairs,
            "collisions": frame.collisions,
            "nodes": len(frame.nodes),
            "deepest_level": max(node.level for node in frame.nodes),
            "straddlers": len(frame.straddlers),
            "focus": frame.focus,
            "retrieved": len(frame.lit),
            "missed": len(frame.missed),
        }

    def draw(self, painter, theme):
        frame = self.result
        x0, y0, x1, y1 = WORLD
        painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.guide, None, 1)
        if self.settings["nodes"] and len(frame.nodes) > 1:
            # Each split draws one cross through its node, in the colour of the level it makes:
            # long lines are what a software rasteriser pays for, so none is drawn twice.
            split = [(node.bounds, node.level + 1) for node, after in zip(frame.nodes, frame.nodes[1:]) if after.level > node.level]
            bounds = np.array([b for b, _ in split])
            mid_x, mid_y = (bounds[:, 0] + bounds[:, 2]) / 2, (bounds[:, 1] + bounds[:, 3]) / 2
            crosses = np.concatenate([np.stack([mid_x, bounds[:, 1], mid_x, bounds[:, 3]], axis=1), np.stack([bounds[:, 0], mid_y, bounds[:, 2], mid_y], axis=1)])
            colors = np.array([LEVEL_COLORS[min(level, len(LEVEL_COLORS) - 1)] for _, level in split], dtype=np.uint8)
            painter.lines(crosses, np.concatenate([colors, colors]))
        boxes = self.boxes()
        colors = np.tile(np.array(theme.shape_a, dtype=np.uint8), (len(boxes), 1))
        if self.settings["straddlers"] and len(frame.straddlers):
            colors[frame.straddlers] = theme.shape_b
        if frame.lit:
            colors[list(frame.lit)] = theme.highlight
        painter.lines(outlines(boxes), np.repeat(colors, 4, axis=0))
        if frame.focus is not None:
            fx0, fy0, fx1, fy1 = boxes[frame.focus]
            painter.polygon([(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)], theme.highlight, faded(theme.highlight, 90), 2)
        for mx0, my0, mx1, my1 in boxes[list(frame.missed)]:
            painter.polygon([(mx0, my0), (mx1, my0), (mx1, my1), (mx0, my1)], theme.max_corner, faded(theme.max_corner, 110), 3)

    def panel(self, ui):
        frame = self.result
        if ui.button("Step one frame"):
            self.update(1 / 60)
        imgui.same_line()
        # Beside the button, not a row of its own: the panel must fit 1280x720 unscrolled.
        changed, missed = imgui.checkbox("Mark what the tip's retrieve misses", self.settings["missed"])
        if changed:
            ui.set("missed", missed)
        depth = max(node.level for node in frame.nodes)
        imgui.text(f"Nodes: {len(frame.nodes)}, deepest level {depth}; straddlers: {len(frame.straddlers)}")
        if frame.focus is not None:
            straddling = len(set(frame.lit) & set(frame.straddlers.tolist()))
            ui.text("highlight", f"Object {frame.focus}: retrieve returns {len(frame.lit)} others, {straddling} of them straddlers")
        else:
            imgui.text_wrapped("Point at or click an object to see what retrieve returns for it.")

    def table(self):
        frame = self.result
        kept = "held by several nodes" if self.settings["variant"] else "kept in a parent node (orange)"
        rows = [
            ("objects", number(len(self.position))),
            ("pairs a check of every pair tests", number(frame.all_pairs)),
            ("pairs the quadtree leaves to check", number(frame.candidate_pairs)),
            ("pairs that really overlap", number(frame.collisions)),
            ("nodes, deepest level", f"{len(frame.nodes)}, level {max(node.level for node in frame.nodes)}"),
            (f"straddlers, {kept}", number(len(frame.straddlers))),
        ]
        if frame.focus is not None:
            answers = self.answers()
            rows.append((f"the tip's retrieve for object {frame.focus} returns", f"{answers['retrieved']} others, {answers['retrieved_straddlers']} of them straddlers"))
            if self.settings["missed"]:
                rows.append(("objects touching it that the tip's retrieve misses (red)", answers["missed"]))
        return [Table((), tuple(rows))]

    def answers(self):
        frame = self.result
        straddling = len(set(frame.lit) & set(frame.straddlers.tolist()))
        return {
            "candidate_pairs": number(frame.candidate_pairs),
            "all_pairs": number(frame.all_pairs),
            "collisions": number(frame.collisions),
            "retrieved": number(len(frame.lit)),
            "retrieved_straddlers": number(straddling),
            "missed": number(len(frame.missed)),
        }
