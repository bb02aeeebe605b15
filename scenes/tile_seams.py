"""Ghost collisions: a box sliding along a floor of tiles catches on the seam between two of them."""

from typing import NamedTuple

from collision import Box, SatResult, Vector, sat
from sandbox.kit import Action, Claim, Column, Fact, Line, Param, Report, Scene, Verdict, register
from sandbox.kit.events import Event
from sandbox.kit.labels import text_box

TILE = 60.0
"""Each floor tile's half width; the tiles are as tall as they are wide, and touch side to side."""

TILES = 4
SINK = 4.0
"""How far the box sinks into the floor under gravity before a frame's test pushes it out."""

SINK_SHOWN = 20.0
"""The deepest a found ghost collision sinks B: a quarter of its height, not buried."""

B_HALF = (40.0, 40.0)

CAUGHT_SIZE = 14
"""Points: the "caught" beside a tile's push back."""

CAUGHT_GAP = 4
"""Pixels at font scale 1 between "caught" and the seam and the arrow above it."""

NAME_GAP = 4
"""Pixels between a tile's centre dot and the top of its name below it."""

MODES = ("separate tiles", "ignore shared edges", "one smooth floor")

PRESETS = {
    "At a seam": {"caption": "B's front edge is 2 past the seam, sunk 4: the next tile's side is the shorter way out, so B is pushed back.", "B": (-38.0, 2 * TILE - SINK + 40.0)},
    "Mid tile": {"caption": "Over the middle of a tile only that tile touches it: pushed straight up.", "B": (-60.0, 2 * TILE - SINK + 40.0)},
    "Sunk deeper": {"caption": "Sunk 10, B is caught while its front edge is up to 10 past the seam, not 4.", "B": (-34.0, 2 * TILE - 10.0 + 40.0)},
}
"""Teaching layouts: B's centre (the floor's top is at y = 2 TILE)."""


class Push(NamedTuple):
    tile: str
    sat: SatResult
    normal: Vector
    """The way this tile pushes B out, after the mode's rule."""

    depth: float
    ghost: bool
    """SAT's push is sideways, out through an edge a neighbour shares: a ghost collision
    (ignored when the floor ignores shared edges: ``normal`` is then the next best way out)."""


class Result(NamedTuple):
    pushes: tuple
    resolved: Vector
    """Where B ends up after each push in turn, as a naive solver would put it."""

    caught: bool
    """B was pushed back (against the way it slides, -x to +x) by a tile."""


@register("tile-seams", "Motion and response", "Tile seams (ghost collisions)", order=6)
class TileSeams(Scene):
    lesson = (
        "A character sliding along a floor built of square tiles catches on the seams. Each frame "
        "it sinks a little into the floor and each tile is tested on its own; just past a seam the "
        "next tile's side is a shorter way out than its top, so that tile pushes B back: a ghost "
        "collision, against an edge no one can see. The fixes: ignore an edge that two tiles share, "
        "or make the floor one smooth shape (Box2D's chain shapes do this with ghost vertices)."
    )
    things_to_try = (
        "Press At a seam: the next tile's purple push (tile 3) points back, against the slide.",
        "Drag B slowly to the right across a seam: the push jumps from up to back and up again.",
        "Switch to ignore shared edges: every push is up, and B slides on.",
        "Press Sunk deeper: caught further past the seam; switch to one smooth floor: it never catches.",
    )
    params = (
        Param("mode", "The floor", "separate tiles", choices=MODES),
        Param("resolved", "Where the pushes put B", True, overlay=True),
    )
    frame = (-300.0, -20.0, 300.0, 260.0)
    events = (
        Event("ghost-collision", "Sunk a little, just past a seam, the next tile's side pushes the sliding box back",
              lambda report: report.answers["caught"] == "yes" and all(push["depth"] <= SINK_SHOWN for push in report.numbers["pushes"])
              and any(push["normal"] == [0.0, 1.0] for push in report.numbers["pushes"]), move=("B",)),
    )
    actions = tuple(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items())
    turnable = False

    def setup(self):
        left = -TILE * TILES
        self.shapes = {f"tile {k + 1}": Box((left + TILE * (2 * k + 1), TILE), (TILE, TILE)) for k in range(TILES)}
        self.shapes["B"] = Box(PRESETS["At a seam"]["B"], B_HALF)

    def preset(self, name):
        self.shapes["B"].position = PRESETS[name]["B"]

    def _neighbours(self, name):
        """The tiles beside tile ``name`` that share its left and its right edge."""
        tiles = [k for k in self.shapes if k.startswith("tile")]
        box = self.shapes[name]
        left = right = False
        for other in tiles:
            if other == name:
                continue
            dx = self.shapes[other].position[0] - box.position[0]
            same_row = abs(self.shapes[other].position[1] - box.position[1]) < 1e-9
            left = left or (same_row and abs(dx + 2 * TILE) < 1e-9)
            right = right or (same_row and abs(dx - 2 * TILE) < 1e-9)
        return left, right

    def compute(self, ctx):
        b = self.shapes["B"]
        mode = self.settings["mode"]
        tiles = [name for name in self.shapes if name.startswith("tile")]
        if mode == "one smooth floor":
            xs = [self.shapes[name].position[0] for name in tiles]
            floor = Box(((min(xs) + max(xs)) / 2, TILE), ((max(xs) - min(xs)) / 2 + TILE, TILE))
            bodies = [("floor", floor)]
        else:
            bodies = [(name, self.shapes[name]) for name in tiles]
        pushes = []
        for name, body in bodies:
            found = sat(body, b)
            if not found.colliding or found.touching:
                continue
            normal, depth = found.normal, found.depth
            ghost = False
            if name != "floor" and abs(normal.y) < 1e-12:
                left, right = self._neighbours(name)
                ghost = (normal.x < 0 and left) or (normal.x > 0 and right)
            if ghost and mode == "ignore shared edges":
                # The shared edge is not a way out: the least overlap among the other axes is.
                others = [t for t in found.axes if abs(t.axis.y) > 1e-12]
                best = min(others, key=lambda t: t.overlap)
                sign = 1.0 if best.b.max - best.a.max > best.a.min - best.b.min else -1.0
                normal, depth = Vector(sign * best.axis.x, sign * best.axis.y), best.overlap
            # + 0.0: a push straight back reads (-1, 0), not (-1, -0).
            pushes.append(Push(name, found, Vector(normal.x + 0.0, normal.y + 0.0), depth, ghost))
        x, y = b.position
        for push in pushes:
            x, y = x + push.normal.x * push.depth, y + push.normal.y * push.depth
        caught = any(push.normal.x < -1e-12 for push in pushes)
        return Result(tuple(pushes), Vector(x, y), caught)

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        for name in self.shapes:
            self.draw_shape(painter, theme, name)
        if self.settings["mode"] == "one smooth floor":
            tiles = [self.shapes[name] for name in self.shapes if name.startswith("tile")]
            x0 = min(t.aabb()[0] for t in tiles)
            x1 = max(t.aabb()[2] for t in tiles)
            top = max(t.aabb()[3] for t in tiles)
            painter.segment((x0, top), (x1, top), theme.text, 4)
        b = self.shapes["B"]
        if self.settings["resolved"]:
            hx, hy = B_HALF
            x, y = result.resolved
            painter.polygon([(x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy)], theme.guide, None, 1)
        for push in result.pushes:
            # Each tile's push drawn from B's bottom, over that tile, scaled up to be seen.
            tile = self.shapes.get(push.tile, b)
            cx = min(max(b.position[0], tile.aabb()[0] + 6), tile.aabb()[2] - 6) if push.tile != "floor" else b.position[0]
            start = (cx, b.aabb()[1])
            end = (start[0] + push.normal.x * 40, start[1] + push.normal.y * 40)
            painter.arrow(start, end, theme.mtv, 3)
            if push.ghost and push.normal.x:
                at, anchor = self._caught(tile, start, push.normal.x < 0)
                painter.text(at, "caught", theme.mtv, CAUGHT_SIZE, anchor)
        painter.arrow((b.position[0] - 30, b.position[1]), (b.position[0] + 30, b.position[1]), theme.axis, 2)
        painter.text((b.position[0] + 34, b.position[1] - 6 * pixel), "slides", theme.axis, 13)
        # The tiles are named inside themselves: above them is where B slides.
        for name, shape in self.shapes.items():
            x0, y0, x1, y1 = shape.aabb()
            # "tile 2" where it fits inside its tile; at a presenter scale beside the panel, "2".
            wide = len(name) * 0.6 * 16 * self.view.text_scale * 4 / 3 * pixel > (x1 - x0) * 0.9
            text = name.split()[-1] if wide else name
            if name == "B":
                painter.text(((x0 + x1) / 2, y1 + 8 * pixel), text, theme.shape(name), 16, "center")
                continue
            # Below the centre dot (4 pixels, times the theme's line scale) where the tile has
            # room, else beside it: a fixed drop put the name on the dot at 2x and 3x.
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            clear = (4 * theme.line_scale + NAME_GAP) * pixel
            _, ink_down, _, ink_up = text_box((0.0, 0.0), text, 16, pixel, self.view.text_scale)
            if cy - clear - ink_up + ink_down >= y0 + clear:
                painter.text((cx, cy - clear - ink_up), text, theme.shape(name), 16, "center")
            else:
                painter.text((cx + clear, cy - (ink_up + ink_down) / 2), text, theme.shape(name), 16, "left")

    def _caught(self, tile, tail, back):
        """Where "caught" goes (its baseline's end, and which end): inside the tile that
        pushes sideways, under its arrow's tail by the shared edge, a gap from that edge and
        below B's bottom, where the arrow runs. Clear of the seam, of B and of every push
        arrow (the others rise from B's bottom), at any text size."""
        pixel, scale = self.view.pixel, self.view.text_scale
        gap = CAUGHT_GAP * pixel * scale
        _, _, _, top = text_box((0.0, 0.0), "caught", CAUGHT_SIZE, pixel, scale)
        x0, _, x1, _ = tile.aabb()
        # The arrow's half width, then the gap, then the ink above the baseline.
        y = tail[1] - 1.5 * pixel - gap - top
        return ((x0 + gap, y), "left") if back else ((x1 - gap, y), "right")

    def report(self, result):
        mode = self.settings["mode"]
        if result.caught:
            verdict = Verdict("CAUGHT ON A SEAM", "mtv", "a tile's side pushes B back")
        elif result.pushes:
            verdict = Verdict("SLIDES ON", "separating", "every push is up")
        else:
            verdict = Verdict("NOT TOUCHING THE FLOOR", "separating")
        lines = (Line(f"The floor: {mode}."),)
        claims = ()
        if mode != "separate tiles":
            plain = self._plain_caught()
            # What the tiles say with their seams counted. One short word for the method, so
            # that no line drops it: "SLIDES ON  CAUGHT (wrong)" alone read as the opposite.
            claims = (Claim("Seams", "CAUGHT" if plain else "SLIDES ON", not plain or result.caught),)
        shared = "yes, ignored" if mode == "ignore shared edges" else "yes"
        pushes = [{"tile": p.tile, "normal": list(p.normal), "depth": p.depth, "ghost": p.ghost, "shared": shared if p.ghost else "no"}
                  for p in result.pushes]
        columns = (Column("tile", "touching"), Column("normal", "push direction"), Column("depth"), Column("shared", "against a shared edge?"))
        facts = (Fact("pushes", pushes, "Each tile's push", columns=columns),)
        numbers = {"mode": mode, "caught": result.caught, "touching": len(result.pushes), "resolved": list(result.resolved)}
        return Report(verdict, lines, facts=facts, numbers=numbers, claims=claims)

    def _plain_caught(self):
        """Whether separate tiles, every edge counted, would push B back here."""
        b = self.shapes["B"]
        for name in self.shapes:
            if name.startswith("tile"):
                found = sat(self.shapes[name], b)
                if found.colliding and not found.touching and found.normal.x < -1e-12:
                    return True
        return False
