"""Box2D's dynamic AABB tree: moving boxes kept in fat boxes, the tree drawn by depth beside the
world, and one query's work against the quadtree and the loose grid on the same objects."""

from typing import NamedTuple

import numpy as np

from collision import CAST_REPORTS, DynamicTree, Quadtree, TreeCast, TreeQuery, Vector, broadphase
from sandbox.kit.events import Event
from sandbox.kit import Column, Fact, Meter, Param, Report, Verdict, faded, register
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.figures.swarm import Swarm, fill_box, outlines

WORLD = (-620.0, -340.0, 100.0, 340.0)
"""The world the objects move in; the tree is drawn to its right."""

DIAGRAM = (160.0, -150.0, 640.0, 300.0)
"""Where the tree is drawn: (min_x, min_y, max_x, max_y), the root at the top."""

MARGIN = 6.0
"""The fat box's margin on every side, in world units (objects are 6 to 26 across)."""

PREDICTION = 4.0
"""How many frames' moves ahead a fat box is stretched (Box2D v2.4's multiplier)."""

REACH = MARGIN + PREDICTION * 60.0 / 12
"""How far a fat box may stick out of the world: its margin, and the stretch of a move at the
swarm's top speed (60 units a second) over a slow frame of 1/12 s."""

QUERIES = ("object", "ray", "box")
"""What the tree is asked: the focused object's box, a ray cast at the world, or a box by mouse."""


class Frame(NamedTuple):
    boxes: np.ndarray
    fat: np.ndarray
    """Each object's fat box in the tree."""

    nodes: tuple
    """The tree's nodes, parents before children (TreeNode)."""

    parents: tuple
    """Each node's parent's index in ``nodes``, -1 for the root."""

    focus: object
    query: TreeQuery | None
    """The tree's answer for the focused object's box, or None."""

    reached: tuple
    """Indices of the nodes the query's walk visited."""

    quadtree: tuple
    """(nodes visited, objects tested) by the quadtree's range query for the same box."""

    grid: int
    """Objects in the focused object's 3 x 3 cells of the loose grid: the ones it tests."""

    moved: int
    """Objects re-inserted at the last frame (they left their fat boxes)."""

    height: int

    cast: TreeCast | None
    """The ray's cast through the tree at the objects, in "ray" mode; else None."""

    box: TreeQuery | None
    """The box query's answer, in "box" mode; else None."""


def _parents(nodes):
    """Each node's parent, from the depths of a parents-before-children list."""
    parents, path = [], []
    for node in nodes:
        del path[node.depth :]
        parents.append(path[-1] if path else -1)
        path.append(len(parents) - 1)
    return tuple(parents)


def _overlap(a, b):
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _quadtree_work(boxes, box):
    """Nodes a range query of the quadtree visits for ``box`` (every node whose parent it
    enters), and the objects stored in the nodes it enters: what it tests."""
    tree = Quadtree(WORLD, 10, 5)
    tree.insert_many(range(len(boxes)), boxes)
    arrays = tree.arrays()
    entered = [k for k in range(len(arrays.level)) if _overlap(arrays.bounds[k], box)]
    visited = 1 + sum(4 for k in entered if arrays.first_child[k] >= 0)
    tested = int(sum(arrays.start[k + 1] - arrays.start[k] for k in entered))
    return visited, tested


@register("dynamic-tree", "Broad phase", "Dynamic AABB tree", order=3)
class DynamicTreeScene(Swarm):
    lesson = (
        "Box2D's broad phase keeps every object in a tree of boxes: each leaf holds a fat box, the "
        "object's box grown by a margin and stretched the way it moves; each inner node the box round "
        "its two children. A move that stays inside the fat box changes nothing; only an object that "
        "leaves it is taken out and put back, where it makes the parent boxes grow least. Rotations keep "
        "the tree shallow, a few levels past log2(n), so a query walks down only the branches whose boxes "
        "it meets. A ray walks the same way: asked for the closest hit, it shortens itself at each hit "
        "and skips every branch beyond."
    )
    things_to_try = (
        "Point at an object: the nodes its query walks light up in the tree, and the table compares the work with the quadtree and the grid.",
        "Pause with P and step a frame at a time: only the objects that leave their fat boxes (lit) are re-inserted.",
        "Raise the count to 1,000: the height stays near log2 of it.",
        "Switch off the fat boxes to see the objects alone, then on again: the thin outlines run ahead of the moving objects.",
        "Set the query to ray and drag its ends: the closest hit visits fewer nodes than all hits, and any hit fewer still.",
        "Set the query to box and drag its corners: the table counts the nodes its walk visited and the objects it found.",
    )
    params = (
        Param("fat", "Fat boxes", True, overlay=True),
        Param("diagram", "The tree by depth", True, overlay=True),
        Param("count", "Objects", 60, low=1, high=1000, help="Plain Python: at 1,000 objects a frame takes about 25 ms."),
        Param("focus", "Object whose query is shown", -1, low=-1, high=999, widget=False),
        Param("query", "Query", "object", choices=QUERIES,
              help="object: the box of the object pointed at; ray: a segment cast at the objects; box: a box by its corners."),
        Param("report", "The ray reports", "closest", choices=CAST_REPORTS,
              help="closest: the nearest hit, the ray shortened at each; any: the first met; all: every hit, nearest first."),
    )
    handles = {"ray start": (-600.0, -300.0), "ray end": (60.0, 250.0), "box corner": (-380.0, -120.0), "box far corner": (-220.0, 40.0)}
    HANDLES = {"object": (), "ray": ("ray start", "ray end"), "box": ("box corner", "box far corner")}
    """Each query's draggable points: only the query chosen shows and takes its own."""
    events = (
        Event("prunes", "The query for the object in focus walks under a quarter of the tree's nodes",
              lambda report: report.numbers["focus"] is not None and 4 * report.numbers["work"]["tree"]["visited"] < report.numbers["nodes"],
              move=(), vary=("focus", "count"), ranges={"count": (50, 300), "focus": (0, 49)}),
    )
    world = WORLD
    most = 1000
    # Room for the fat boxes that stick out of the world, and the tree on the right.
    frame = (WORLD[0] - REACH, WORLD[1] - REACH, DIAGRAM[2] + 10, WORLD[3] + REACH)

    def setup(self):
        super().setup()
        self.tree, self.proxies, self.moved = DynamicTree(margin=MARGIN, prediction=PREDICTION), [], 0
        self.sync()

    def settle(self):
        super().settle()
        if hasattr(self, "tree"):
            self.sync()

    def sync(self):
        """Bring the tree in line with the objects: a proxy for each, its fat box around it."""
        boxes = self.boxes().tolist()
        while len(self.proxies) > len(boxes):
            self.tree.remove(self.proxies.pop())
        for index in range(len(self.proxies), len(boxes)):
            # The item is the object's number: proxies are never reused, numbers are.
            self.proxies.append(self.tree.insert(boxes[index], index))
        for proxy, box in zip(self.proxies, boxes):
            self.tree.move(proxy, box)

    def update(self, dt):
        before = self.position.copy()
        super().update(dt)
        moves = (self.position - before).tolist()
        self.moved = sum(self.tree.move(proxy, box, move) for proxy, box, move in zip(self.proxies, self.boxes().tolist(), moves))

    def pick(self, point, reach):
        """The chosen query's handle within ``reach``, else the topmost object holding
        ``point``, else the nearest within ``reach``: a small object is selected by a click
        near it, not missed and another added."""
        for name in self.HANDLES[self.settings["query"]]:
            if np.hypot(*np.subtract(point, self.points[name])) <= reach:
                return name
        held = super().pick(point, reach)
        if held is not None or not len(self.position):
            return held
        boxes = self.boxes()
        # How far the point lies outside each box, along each axis (0 inside that span).
        out = np.maximum(np.maximum(boxes[:, :2] - point, np.asarray(point) - boxes[:, 2:]), 0.0)
        gaps = np.hypot(out[:, 0], out[:, 1])
        nearest = int(np.argmin(gaps))
        return str(nearest) if gaps[nearest] <= reach else None

    def position_of(self, name):
        return self.points[name] if name in self.points else super().position_of(name)

    def move(self, name, point):
        if name in self.points:
            self.points[name] = Vector(*map(float, point))
            self.invalidate()
        else:
            super().move(name, point)

    def focus(self):
        """The object in focus in "object" mode, as a swarm finds it; None in the other modes."""
        if self.settings["query"] != "object":
            return None
        if self.hovered in self.points or self.selected in self.points:
            # A handle grabbed in another mode is no object: only the layout's focus is left.
            focus = self.settings["focus"]
            return focus if 0 <= focus < len(self.position) else None
        return super().focus()

    def compute(self, ctx):
        boxes = self.boxes()
        nodes = tuple(self.tree.nodes())
        fat = np.array([self.tree.fat_bounds(proxy) for proxy in self.proxies]).reshape(-1, 4)
        focus, query, reached, quad, grid = self.focus(), None, (), (0, 0), 0
        if focus is not None:
            box = boxes[focus].tolist()
            query = self.tree.query(box)
            reached = tuple(k for k, node in enumerate(nodes) if _overlap(node.bounds, box) or k == 0)
            quad = _quadtree_work(boxes, box)
            cells = broadphase.grid_cells(boxes).cells
            near = (np.abs(cells - cells[focus]) <= 1).all(axis=1)
            grid = int(near.sum()) - 1
        cast = box = None
        if self.settings["query"] == "ray":
            (sx, sy), (ex, ey) = self.points["ray start"], self.points["ray end"]
            cast = self.tree.cast((sx, sy), (ex - sx, ey - sy), self.settings["report"])
        elif self.settings["query"] == "box":
            corners = self.query_box()
            box = self.tree.query(corners)
            reached = tuple(k for k, node in enumerate(nodes) if _overlap(node.bounds, corners) or k == 0)
        return Frame(boxes, fat, nodes, _parents(nodes), focus, query, reached, quad, grid, self.moved, self.tree.height, cast, box)

    def query_box(self):
        """The box query's (min_x, min_y, max_x, max_y), from its two corner handles."""
        (ax, ay), (bx, by) = self.points["box corner"], self.points["box far corner"]
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))

    def draw(self, result, painter, theme):
        x0, y0, x1, y1 = WORLD
        painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.guide, None, 1)
        if self.settings["fat"] and len(result.fat):
            painter.lines(outlines(result.fat), np.tile(np.array(theme.guide, dtype=np.uint8), (4 * len(result.fat), 1)))
        colors = np.tile(np.array(theme.shape_a, dtype=np.uint8), (len(result.boxes), 1))
        found = result.query or result.box
        if found is not None:
            colors[found.items] = theme.highlight
        if result.cast is not None:
            colors[[hit.item for hit in result.cast.hits]] = theme.highlight
        self.draw_objects(painter, result.boxes, colors)
        if result.cast is not None:
            self._ray(result.cast, painter, theme)
        if result.box is not None:
            x0, y0, x1, y1 = self.query_box()
            painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.shape_b, None, 2)
            for name in self.HANDLES["box"]:
                painter.point(self.points[name], theme.shape_b, 6)
        if result.focus is not None:
            fill_box(painter, result.boxes[result.focus], theme.highlight, 90)
        if self.settings["diagram"]:
            self._diagram(result, painter, theme)
        if result.query is not None:
            # Under the tree's diagram, where the window leaves room; never over the objects.
            draw_meter(painter, theme, self.view, self.reported, [WORLD, (DIAGRAM[0], DIAGRAM[1], DIAGRAM[2], DIAGRAM[3] + 40)], clear_only=True)

    def _ray(self, cast, painter, theme):
        """The ray from its start to its end, bright up to where a closest or any hit stops
        it; each hit's point and the normal of the side it enters by."""
        start, end = self.points["ray start"], self.points["ray end"]
        stop = end if self.settings["report"] == "all" or not cast.hits else cast.hits[0].point
        painter.segment(start, end, faded(theme.shape_b, 110), 1)
        painter.arrow(start, stop, theme.shape_b, 2)
        for name in self.HANDLES["ray"]:
            painter.point(self.points[name], theme.shape_b, 6)
        for hit in cast.hits:
            painter.point(hit.point, theme.highlight, 5)
            if hit.normal != (0.0, 0.0):
                painter.arrow(hit.point, (hit.point[0] + 14 * hit.normal[0], hit.point[1] + 14 * hit.normal[1]), theme.highlight, 1)

    def work(self, result):
        """The query's work on each method, by key: its name, the nodes it visits (the grid's
        cells; brute force visits none) and the objects it tests or finds."""
        return {
            "tree": {"method": "tree", "visited": result.query.visited, "tested": len(result.query.proxies) - 1},
            "quadtree": {"method": "quadtree", "visited": result.quadtree[0], "tested": result.quadtree[1]},
            "grid": {"method": "grid", "visited": "9 cells", "tested": result.grid},
            "brute": {"method": "every other", "visited": None, "tested": len(result.boxes) - 1},
        }

    def _diagram(self, result, painter, theme):
        """The tree by depth: leaves spread evenly along the bottom in walk order, each inner
        node above the middle of its children; the nodes a query visited lit."""
        nodes, parents = result.nodes, result.parents
        if not nodes:
            return
        left, bottom, right, top = DIAGRAM
        depth = max(node.depth for node in nodes) or 1
        leaves = [k for k, node in enumerate(nodes) if node.proxy is not None]
        spots = [None] * len(nodes)
        for place, k in enumerate(leaves):
            spots[k] = left + (right - left) * (place + 0.5) / len(leaves)
        # Children come after their parent: from the last node back, each inner node's two
        # children are placed before it is.
        children = [[] for _ in nodes]
        for k, parent in enumerate(parents):
            if parent >= 0:
                children[parent].append(k)
        for k in reversed(range(len(nodes))):
            if spots[k] is None:
                spots[k] = sum(spots[c] for c in children[k]) / len(children[k])
        step = (top - bottom) / depth
        points = [(spots[k], top - node.depth * step) for k, node in enumerate(nodes)]
        reached = set(result.reached)
        for k, parent in enumerate(parents):
            if parent >= 0:
                color = theme.highlight if k in reached else faded(theme.guide, 160)
                painter.segment(points[parent], points[k], color, 1)
        for k, node in enumerate(nodes):
            color = theme.highlight if k in reached else (theme.shape_a if node.proxy is not None else theme.guide)
            if node.proxy is None:
                painter.point(points[k], color, 3)
                continue
            # Each leaf ringed in the background's colour: neighbouring leaves overlap (60 leaves
            # in a third of the canvas), and unringed they ran together into bars.
            painter.point(points[k], theme.background, 5)
            painter.point(points[k], color, 4)
        painter.text((left, top + 14), f"the tree: height {self.reported.named()['height'].text()}", theme.text, 14)

    def report(self, result):
        facts = [
            Fact("objects", len(result.boxes)),
            Fact("height", result.height, "tree height"),
            Fact("log2_count", float(np.log2(max(len(result.boxes), 1))), "log2 of the count"),
            Fact("nodes", len(result.nodes)),
            Fact("moved", result.moved, "re-inserted last frame"),
        ]
        said = {fact.name: fact.text() for fact in facts}
        verdict = Verdict(f"HEIGHT {said['height']}", "text", f"{said['objects']} objects; {said['moved']} re-inserted last frame")
        meter, lines = None, ["Point at or click an object to walk the tree with its box."]
        if result.query is not None:
            quad = [Fact("focus", result.focus, "object in focus"), Fact("quadtree_capacity", 10, "quadtree: objects a node"),
                    Fact("quadtree_levels", 5, "quadtree: levels")]
            facts += quad
            focus, capacity, levels = (fact.text() for fact in quad)
            lines = [f"One query, object {focus}'s box: the nodes visited and objects tested by the dynamic tree, the quadtree "
                     f"({capacity} objects a node, {levels} levels), the loose grid (the object's cell and the eight around it) and "
                     "brute force (every other object)."]
            # Short words: the meter under the diagram has room for a few (the line above says them in full).
            columns = (Column("method"), Column("visited", "nodes"), Column("tested", "objects"))
            facts.append(Fact("work", self.work(result), "one query", columns=columns))
            meter = Meter("work", ("visited", "tested"))
        if result.cast is not None:
            cast = result.cast
            ray = [Fact("ray_visited", cast.visited, "nodes the ray's walk visited", group="the ray"),
                   Fact("ray_found", len(cast.hits), "hits it reports", group="the ray")]
            if cast.hits:
                ray.append(Fact("ray_fraction", cast.hits[0].fraction, "fraction to its nearest hit" if self.settings["report"] != "any"
                                else "fraction to the hit it met first", digits=3, group="the ray"))
            facts += ray
            visited, found = ray[0].text(), ray[1].text()
            lines = [f"The ray is cast at the objects through the tree, asked for {self.settings['report']} hits: its walk visited "
                     f"{visited} of the {said['nodes']} nodes; hits reported: {found}."]
            if self.settings["report"] == "all":
                rows = [{"object": hit.item, "fraction": hit.fraction} for hit in cast.hits]
                facts.append(Fact("ray_hits", rows, "the ray's hits, nearest first", columns=(Column("object"), Column("fraction", digits=3))))
        if result.box is not None:
            box = [Fact("box_visited", result.box.visited, "nodes the box's walk visited", group="the box"),
                   Fact("box_found", len(result.box.items), "objects overlapping it", group="the box")]
            facts += box
            lines = [f"The box by its corners, asked of the tree: its walk visited {box[0].text()} of the {said['nodes']} nodes; "
                     f"objects found: {box[1].text()}."]
        return Report(verdict, tuple(lines), numbers={"focus": result.focus}, facts=facts, meter=meter)
