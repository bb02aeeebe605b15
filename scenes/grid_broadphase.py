"""Metanet's loose grid (tutorial A, section 0): each object in the cell of its centre."""

from typing import NamedTuple

import numpy as np

from collision import broadphase
from sandbox.kit import Column, Fact, Line, Meter, Param, Report, Verdict, faded, register
from sandbox.kit.events import Event
from sandbox.kit.figures.meter import draw_meter
from sandbox.kit.figures.swarm import DOTS, SIZES, Swarm, fill_box, paint, shrink

RUN_LIMIT = 150_000
"""A method that would test more candidate pairs than this in a frame is not run (its count is
still shown), so the frame keeps within 16.7 ms at any count: brute force runs up to 548
objects, the tip's quadtree to about 1,700, sort and sweep to about 4,000; the grid always."""

METER_ROOM = 260.0
"""World units right of the world kept for the candidate pairs' meter."""

METHOD_NAMES = {"brute": "brute force", "grid": "loose grid", "sweep": "sort and sweep", "quadtree": "quadtree (tip)"}

OPTIONS = {"quadtree": {"walk": "tip", "max_levels": 5}}
"""The tip's quadtree, as the row's name says: its fixed five levels, and a straddler paired
with everything below it (the broad phase's own quadtree grows deeper and walks by range)."""


class Method(NamedTuple):
    """One broad-phase method's work this frame."""

    name: str
    """Its name in :data:`collision.broadphase.METHODS`."""

    candidates: int
    """Pairs it proposes before the AABB filter."""

    pairs: object
    """Real collisions it found, or None when it was not run (too many candidates)."""


class GridFrame(NamedTuple):
    """One frame of the loose grid and of the methods compared with it."""

    boxes: np.ndarray
    """Every object's bounds this frame, as drawn."""

    grid: broadphase.Grid
    """The cell size, where the cells start, and each object's cell (while an object is in
    focus; no cells otherwise)."""

    methods: tuple
    """A Method for brute force, the grid, sort and sweep and the quadtree, in that order."""

    colliding: np.ndarray
    """Objects in at least one real collision."""

    focus: object
    """The object hovered or clicked, or None."""

    neighbours: tuple
    """The other objects in the 3 x 3 cells around the focus: its candidates."""

    hits: tuple
    """Those it really collides with."""


@register("grid-broadphase", "Broad phase", "Loose grid", order=2)
class GridScene(Swarm):
    lesson = (
        "N, Metanet's game, finds the pairs worth testing with a loose grid: square cells at least "
        "as big as the largest object, each object stored in the cell holding its centre. Objects "
        "that touch then have centres at most one cell apart, so each is tested only against its "
        "own cell and the 8 around it."
    )
    things_to_try = (
        "Point at an object: its 3 x 3 cells light up, with the candidates in them.",
        "Raise the objects to 10,000 and compare each method's candidates.",
        "Make the cells larger: more candidates, the same real collisions.",
        "Pause with P, step one frame at a time, click empty space to add an object.",
    )
    params = (
        Param("cells", "Grid cells", True, overlay=True),
        Param("collisions", "Mark real collisions", True, overlay=True),
        Param("count", "Objects", 250, low=1, high=Swarm.most),
        Param("cell", "Cell, x largest", 1.0, low=1.0, high=2.0,
              help="Cells smaller than the largest object would miss pairs: two touching objects could sit two cells apart. "
              "Twice as large already makes four times the candidates, and finds the same real collisions."),
        Param("focus", "Object whose neighbourhood is lit", -1, low=-1, high=Swarm.most - 1, widget=False),
    )
    frame = (Swarm.world[0] - 10, Swarm.world[1] - 10, Swarm.world[2] + METER_ROOM, Swarm.world[3] + 10)
    events = (
        Event("sweep-checks-fewer", "Sort and sweep checks fewer pairs than the loose grid",
              lambda report: report.numbers["methods"]["sweep"]["candidates"] < report.numbers["methods"]["grid"]["candidates"],
              vary=("count", "cell"), ranges={"count": (5, 300)}),
    )

    def smallest_cell(self):
        """The smallest cell that finds every pair: the largest an object can be now."""
        return SIZES[1] * shrink(len(self.size))

    def cell_size(self):
        """The side of a cell: the smallest, times the slider's factor."""
        return self.smallest_cell() * self.settings["cell"]

    def compute(self, ctx):
        boxes = self.boxes()
        cell, smallest = self.cell_size(), self.smallest_cell()
        # The grid always runs: how many objects each one touches, without listing the pairs.
        # Every cell from the smallest up finds the same pairs (touching objects sit in
        # neighbouring cells), the smallest with the fewest tests: the pairs are counted there,
        # the candidates at the cell chosen.
        contacts = broadphase.contacts(boxes, smallest, self.world[:2])
        grid_candidates = contacts.candidates if cell == smallest else broadphase.count_candidates(boxes, "grid", cell=cell, origin=self.world[:2])
        methods = []
        for name in broadphase.METHODS:
            if name == "grid":
                methods.append(Method(name, grid_candidates, int(contacts.counts.sum()) // 2))
                continue
            options = OPTIONS.get(name, {})
            candidates = broadphase.count_candidates(boxes, name, **options)
            if candidates > RUN_LIMIT:
                methods.append(Method(name, candidates, None))
                continue
            result = broadphase.find(boxes, name, **options)
            methods.append(Method(name, result.candidates, len(result.pairs)))
        focus = self.focus()
        neighbours = hits = ()
        # Each object's cell is worked out only for the neighbourhood of the one in focus.
        grid = broadphase.grid_cells(boxes if focus is not None else np.zeros((0, 4)), cell, self.world[:2])
        if focus is not None:
            (column, row), (own_column, own_row) = grid.cells.T, grid.cells[focus]
            near = (np.abs(column - own_column) <= 1) & (np.abs(row - own_row) <= 1)
            near[focus] = False
            neighbours = tuple(np.flatnonzero(near).tolist())
            x0, y0, x1, y1 = boxes[focus]
            touching = (boxes[:, 0] <= x1) & (x0 <= boxes[:, 2]) & (boxes[:, 1] <= y1) & (y0 <= boxes[:, 3])
            touching[focus] = False
            hits = tuple(np.flatnonzero(touching).tolist())
        return GridFrame(boxes, grid, tuple(methods), np.flatnonzero(contacts.counts), focus, neighbours, hits)

    def _verdict(self, result):
        methods = {method.name: method for method in result.methods}
        grid, brute = methods["grid"], methods["brute"]
        share = grid.candidates / brute.candidates if brute.candidates else 0.0
        return Verdict(f"{grid.candidates:,} PAIR CHECKS", "text", f"of {brute.candidates:,} ({share:.1%}); {grid.pairs:,} real collisions")

    def _facts(self, result):
        frame = result
        methods = {method.name: {"method": METHOD_NAMES[method.name], "candidates": method.candidates,
                                 "collisions": "not run" if method.pairs is None else method.pairs} for method in frame.methods}
        facts = [
            Fact("methods", methods, "candidate pairs", columns=(Column("method"), Column("candidates", "pair checks (candidates)"), Column("collisions", "real collisions"))),
            Fact("objects", len(self.position)),
            Fact("cell", frame.grid.cell, "cell size", "units"),
        ]
        if frame.focus is not None:
            facts += [Fact("neighbours", len(frame.neighbours), f"others in object {frame.focus}'s 3 x 3 cells"),
                      Fact("hits", len(frame.hits), "objects it touches")]
        return facts

    def draw(self, result, painter, theme):
        frame, (x0, y0, x1, y1) = result, self.world
        painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.guide, None, 1)
        cell = frame.grid.cell
        if self.settings["cells"]:
            xs, ys = np.arange(x0 + cell, x1, cell), np.arange(y0 + cell, y1, cell)
            lines = [np.column_stack([xs, np.full_like(xs, y0), xs, np.full_like(xs, y1)]), np.column_stack([np.full_like(ys, x0), ys, np.full_like(ys, x1), ys])]
            painter.lines(np.concatenate(lines), faded(theme.guide, 110))
        if frame.focus is not None:
            column, row = frame.grid.cells[frame.focus]
            # The 3 x 3 cells around the focus, cut to the world at its walls.
            left, bottom = max(x0 + (column - 1) * cell, x0), max(y0 + (row - 1) * cell, y0)
            right, top = min(x0 + (column + 2) * cell, x1), min(y0 + (row + 2) * cell, y1)
            painter.polygon([(left, bottom), (right, bottom), (right, top), (left, top)], theme.highlight, faded(theme.highlight, 40), 2)
        boxes = frame.boxes
        colors = np.tile(np.array(faded(theme.shape_a, 200), dtype=np.uint8), (len(boxes), 1))
        if self.settings["collisions"] and len(frame.colliding):
            paint(colors, frame.colliding, theme.mtv)  # colliding: purple, as everywhere
        if frame.neighbours:
            paint(colors, list(frame.neighbours), theme.highlight)
        self.draw_objects(painter, boxes, colors)
        if self.settings["collisions"] and len(frame.colliding) and len(boxes) <= DOTS:
            # Marked with a diagonal too: on grey paper purple is one more grey, and the class
            # checks "all 76 real collisions" against the figure (a fill marks the focus's hits).
            painter.lines(boxes[frame.colliding], theme.mtv)  # a box (x0, y0, x1, y1) is its diagonal
        if frame.focus is not None:
            fill_box(painter, boxes[frame.focus], theme.highlight, 120)
            for other in frame.hits:
                fill_box(painter, boxes[other], theme.mtv, 120)
        # Beside the world where the window leaves room; never over the objects.
        draw_meter(painter, theme, self.view, self.reported, [self.world], clear_only=True)

    def report(self, result):
        lines = [f"Cells of {result.grid.cell:.1f}; over {RUN_LIMIT:,} candidates a method is not run"]
        if shrink(len(result.boxes)) < 1:
            # Past FULL objects each is smaller, so the world stays as crowded as at 1,000.
            lines.append(f"Past 1,000 objects each is drawn and tested at {shrink(len(result.boxes)):.0%} of its size")
        if result.focus is not None:
            lines.append(Line(f"Object {result.focus}: {len(result.neighbours)} candidates in its 3 x 3 cells, {len(result.hits)} real", "highlight"))
        else:
            lines.append("Point at or click an object to light its neighbourhood.")
        numbers = {"focus": result.focus, "neighbours": len(result.neighbours), "hits": len(result.hits)}
        return Report(self._verdict(result), tuple(lines), numbers=numbers, facts=self._facts(result), meter=Meter("methods", ("candidates",)))
