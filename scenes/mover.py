"""The mover: a capsule that collides and slides through tiles, seams and corners, Box2D's way."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Polygon, Slide, Vector, sat, shape_cast, slide
from collision.cast import SLOP
from sandbox.kit import Action, Fact, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.events import Event
from sandbox.kit.figures import any_shape
from sandbox.kit.figures.beside import name_beside
from sandbox.kit.figures.clear import keep_clear, line
from sandbox.kit.labels import text_box

RADIUS = 18.0
HALF = 22.0
"""The capsule: its core runs HALF above and below its centre, grown by RADIUS."""

METHODS = ("collide and slide", "cast and stop")
PLANE_HALF = 40.0
"""World units: half the drawn length of a plane."""

PRESETS = {
    "Along the floor": {"caption": "Walking right and a little down, as gravity pulls: the floor's planes take off the part into it. Each seam stops a cast and a new pass carries on: seams cost passes, never the motion.",
                        "start": (-150.0, 39.95), "wish": (60.0, 20.0)},
    "Into the corner": {"caption": "Wedged where the floor meets the wall: two planes, and the motion left is along neither.",
                        "start": (230.0, 70.0), "wish": (330.0, 10.0)},
    "Over the kerb": {"caption": "A kerb lower than the capsule's radius, walked at right and a little down, as gravity pulls: its round end "
                                 "rides up over the corner. Walk on (W): down off the kerb, along the floor, to the wall.",
                      "start": (40.0, 39.95), "wish": (150.0, 25.95)},
    "Up the ramp": {"caption": "Walking left into the ramp: the motion is turned up along its slope.",
                    "start": (-130.0, 39.95), "wish": (-260.0, 39.95)},
}
"""Teaching layouts: the capsule's centre, resting a slop deep, and the tip of its wish."""


class Result(NamedTuple):
    capsule: Capsule
    wish: Vector
    slid: Slide
    naive: Vector
    """Cast and stop: the first touch along the wish, no sliding."""

    achieved: Vector
    """The motion of the method chosen."""


def capsule_at(at):
    return Capsule((0.0, -HALF), (0.0, HALF), RADIUS, at)


def pass_groups(iterations, reach=2 * RADIUS):
    """The passes as (first, last) indices of runs that start within ``reach`` of the run's
    first (a capsule's width: one pile of outlines), each named once."""
    groups: list[tuple[int, int]] = []
    for k, step in enumerate(iterations):
        if groups and math.dist(step.start, iterations[groups[-1][0]].start) <= reach:
            groups[-1] = (groups[-1][0], k)
        else:
            groups.append((k, k))
    return groups


@register("mover", "Motion and response", "The mover (collide and slide)", order=9)
class Mover(Scene):
    lesson = (
        "A character cast straight along its wish stops at the first thing it grazes: the floor under its "
        "feet, a seam, the foot of a wall. Box2D's mover slides instead. Each pass it collects a plane from "
        "everything it touches (the way out, and how deep it is), pushes its wish out of those planes, and "
        "casts along what is left until something new is touched; a few passes and it is done. The part "
        "into a floor is lost and the part along it kept, so a round capsule glides over seams and kerbs."
    )
    things_to_try = (
        "Drag the wish's tip about: the thin arrows are each pass's solved motion, the thick one the motion achieved.",
        "Switch to cast and stop: walking on the floor, it cannot move at all; the wish's down part hits the floor at once.",
        "Press Into the corner: two planes, from the floor and the wall; nothing of the wish is left along either.",
        "Press Over the kerb, then Walk on (W) a few times: the round foot rides up over the kerb's corner, "
        "steps down past it and walks on along the floor to the wall.",
        "Press Up the ramp: the motion is bent up the slope.",
    )
    params = (
        Param("method", "The mover", "collide and slide", choices=METHODS),
        Param("passes", "Each pass's planes and motion", True, overlay=True),
        Param("ends", "Where it ends, and the motion achieved", True, overlay=True),
    )
    handles = {"start": PRESETS["Along the floor"]["start"], "wish": PRESETS["Along the floor"]["wish"]}
    frame = (-330.0, -60.0, 360.0, 230.0)
    actions = (*(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items()),
               Action("walk_on", "Walk on", key="W", help="Move the capsule to where it ended, and wish the same again."))
    turnable = False
    events = (
        Event("naive-stops", "Cast and stop halts at the first touch, short of half the way the mover slides",
              lambda report: report.numbers["naive_moved"] < 0.5 * report.numbers["slide_moved"] and report.numbers["slide_moved"] > 0.5 * report.numbers["wished"],
              settings={"method": "cast and stop"}, move=(), handles=("start", "wish")),
        Event("wedged", "Two planes at once: the mover wedged in a corner",
              lambda report: report.numbers["planes"] >= 2, move=(), handles=("start", "wish")),
    )

    def setup(self):
        self.shapes = {f"tile {k + 1}": Box((-250.0 + 100.0 * k, -20.0), (50.0, 20.0)) for k in range(6)}
        self.shapes["kerb"] = Box((120.0, 6.0), (30.0, 6.0))
        self.shapes["wall"] = Box((320.0, 90.0), (20.0, 110.0))
        self.shapes["ramp"] = Polygon([(-300.0, 0.0), (-190.0, 0.0), (-300.0, 80.0)])

    def preset(self, name):
        self.points["start"], self.points["wish"] = Vector(*PRESETS[name]["start"]), Vector(*PRESETS[name]["wish"])

    def walk_on(self):
        dx, dy = self.result.achieved
        self.points["start"] = Vector(self.points["start"].x + dx, self.points["start"].y + dy)
        self.points["wish"] = Vector(self.points["wish"].x + dx, self.points["wish"].y + dy)

    def constrain(self, name, point):
        if name == "start":
            capsule = capsule_at(point)
            if any(sat(shape, capsule).depth > 2 * SLOP for shape in self.shapes.values()):
                raise ValueError("the capsule must start clear of the tiles")
        return point

    def compute(self, ctx):
        start, tip = self.points["start"], self.points["wish"]
        capsule = capsule_at(start)
        wish = Vector(tip.x - start.x, tip.y - start.y)
        obstacles = list(self.shapes.values())
        slid = slide(capsule, wish, obstacles)
        # The naive mover: the first touch along the wish, from any obstacle, and no further.
        hits = [shape_cast(shape, capsule, wish) for shape in obstacles]
        fraction = min((hit.fraction for hit in hits if hit.hit), default=1.0)
        naive = Vector(fraction * wish.x, fraction * wish.y)
        achieved = slid.translation if self.settings["method"] == "collide and slide" else naive
        return Result(capsule, wish, slid, naive, achieved)

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        for name in self.shapes:
            self.draw_shape(painter, theme, name)
        b_color = theme.shape("B")
        start = self.points["start"]
        any_shape.draw(painter, result.capsule, b_color, faded(b_color, 40), 1)
        sliding = self.settings["method"] == "collide and slide"
        # No name inside the floor: written in a tile, "wish" and "kerb" read as the tile's.
        block = getattr(painter, "block", None)
        if block is not None:
            tiles = [shape.aabb() for name, shape in self.shapes.items() if name.startswith("tile")]
            block((min(t[0] for t in tiles), min(t[1] for t in tiles), max(t[2] for t in tiles), max(t[3] for t in tiles)), ())
        self._name_kerb(result, painter, theme)
        if sliding and self.settings["passes"]:
            for step in result.slid.iterations:
                at = (start.x + step.start.x, start.y + step.start.y)
                any_shape.draw(painter, any_shape.slid(result.capsule, *step.start), theme.guide, None, 1)
                if step.solved != (0.0, 0.0):
                    painter.arrow(at, (at[0] + step.solved.x, at[1] + step.solved.y), theme.guide, 1)
                for plane in step.planes:
                    self._plane(painter, theme, plane)
        painter.arrow(start, self.points["wish"], theme.axis, 1)
        if self.settings["ends"]:
            end = any_shape.slid(result.capsule, *result.achieved)
            any_shape.draw(painter, end, b_color, faded(b_color, 90), 3)
            # Where the capsule ends is drawn, not a shape: labels keep off its outline too (not
            # off the start's and the passes' faint ones: in a corner, kept off those as well,
            # "2 planes" found no room in the handout).
            keep_clear(painter, end)
            if result.achieved != (0.0, 0.0):
                painter.arrow(start, (start.x + result.achieved.x, start.y + result.achieved.y), theme.text, 3)
            x0, _, x1, y1 = end.aabb()
            words = "moved" if math.hypot(*result.achieved) > 1 else "stuck"
            ending = [name for name, at, _ in self._pass_names(result) if self._ends_at(result, at)]
            # The passes that start where it ends (the last few barely move) named with it: named
            # apart, their name found no room beside the capsule and stood on the start's.
            words += f" ({ending[0]})" if ending else ""
            painter.text(((x0 + x1) / 2, y1 + 8 * pixel), words, b_color, 15, "center")
            touched = len(result.slid.planes) if sliding else 0
            if touched:
                # What the capsule touches where it ends: the planes the last pass collected.
                planes = f"{touched} plane{'s' if touched > 1 else ''}"
                painter.text(((x0 + x1) / 2, y1 + 30 * pixel), planes, theme.text, 13, "center")
        painter.point(start, theme.highlight if self.hovered == "start" else b_color, 5)
        painter.point(self.points["wish"], theme.highlight if self.hovered == "wish" else theme.axis, 6)
        for name, shape in self.shapes.items():
            if name.startswith("tile") or name == "kerb":
                continue
            # Above the shape, not at its middle: there the shape's centre dot is, and the wall
            # is hardly wider than its name.
            x0, y0, x1, y1 = shape.aabb()
            painter.text(((x0 + x1) / 2, y1 + 6 * pixel), name, theme.shape(name), 13, "center")
        # The wish's name last: it moves more freely than the names of the world's shapes.
        painter.text((self.points["wish"].x + 9 * pixel, self.points["wish"].y + 9 * pixel), "wish", theme.axis, 15)
        self._name_passes(result, painter, theme)

    def _pass_names(self, result):
        """Every pass's name, those that start at one place (the last few barely move) under one,
        as (name, where the first starts, the top of their outlines), or none where the passes
        are not drawn. The caption counts 5 passes, and the figure once named only two. Where
        the names are large beside the capsule (a presenter scale), passes nearer than two
        names' height share one: five names crowded a small figure."""
        if self.settings["method"] != "collide and slide" or not self.settings["passes"]:
            return []
        _, low, _, high = text_box((0.0, 0.0), "pass", 12, self.view.pixel, self.view.text_scale)
        names = []
        for first, last in pass_groups(result.slid.iterations, max(2 * RADIUS, 2 * (high - low))):
            top = max(any_shape.slid(result.capsule, *step.start).aabb()[3] for step in result.slid.iterations[first:last + 1])
            names.append((f"pass {first + 1}" if first == last else f"passes {first + 1}–{last + 1}", result.slid.iterations[first].start, top))
        return names

    def _ends_at(self, result, at):
        """Whether passes starting at ``at`` start where the capsule ends (and "moved" names them)."""
        return self.settings["ends"] and math.dist(at, result.achieved) <= 2 * RADIUS

    def _name_passes(self, result, painter, theme):
        """Each pass's name over its outline but those "moved" names: last, after "moved", its
        planes and the wish, which a pass's name put first pushed off the capsule."""
        start, pixel = self.points["start"], self.view.pixel
        for name, at, top in self._pass_names(result):
            if not self._ends_at(result, at):
                painter.text((start.x + at.x, top + 6 * pixel), name, theme.guide, 12, "center")

    def _name_kerb(self, result, painter, theme):
        """The kerb's name beside it, clear of every capsule drawn (the one walking over it and
        the passes' faint ones): first, so that the other names keep off it. It was put inside
        the tile under the floor line, or on the faint capsules."""
        crowd = [result.capsule, *self.shapes.values()]
        if self.settings["method"] == "collide and slide" and self.settings["passes"]:
            crowd += [any_shape.slid(result.capsule, *step.start) for step in result.slid.iterations]
            # The planes' lines too: the kerb's top plane ran through its name.
            lines = [_plane_line(plane) for step in result.slid.iterations for plane in step.planes]
            crowd += [band for band in (line(start, end, 2 * self.view.pixel) for start, end in lines) if band is not None]
        if self.settings["ends"]:
            crowd.append(any_shape.slid(result.capsule, *result.achieved))
        bounds = self.shapes["kerb"].aabb()
        spot = name_beside(bounds, "kerb", 13, self.view, crowd)
        if spot is None:
            # Nowhere clear near it (a crowded figure at a presenter scale): the label layout's choice.
            painter.text(((bounds[0] + bounds[2]) / 2, bounds[3] + 6 * self.view.pixel), "kerb", theme.shape("kerb"), 13, "center")
            return
        if spot.leader is not None:
            painter.segment(*spot.leader, theme.shape("kerb"), 1)
        painter.text(spot.at, "kerb", theme.shape("kerb"), 13, spot.anchor)

    def _plane(self, painter, theme, plane):
        """A plane: a line along the surface touched, and its normal, purple where it pushed."""
        (px, py), (nx, ny) = plane.point, plane.normal
        painter.segment(*_plane_line(plane), theme.text, 2)
        color = theme.mtv if plane.push > 0 else theme.guide
        painter.arrow((px, py), (px + nx * 30, py + ny * 30), color, 2)

    def report(self, result):
        wished = math.hypot(*result.wish)
        moved = math.hypot(*result.achieved)
        slid = result.slid
        pushed = _across(result.achieved, result.wish)
        across = math.hypot(*pushed)
        if moved < 0.05 * wished:
            verdict = Verdict("STUCK", "mtv", f"moved {moved:.1f} of {wished:.0f}")
        elif result.achieved == result.wish:
            verdict = Verdict("FREE", "separating", "the whole wish, nothing touched")
        elif self.settings["method"] == "cast and stop":
            verdict = Verdict("STOPPED", "mtv", f"at the first touch: moved {moved:.0f} of {wished:.0f}")
        elif round(moved) > round(wished):
            # More than wished: the planes pushed it out across the wish (over a kerb, up).
            verdict = Verdict("SLIDES", "separating", f"moved {moved:.0f}, wished {wished:.0f}: the planes pushed it {across:.0f} {_compass(pushed)}")
        else:
            verdict = Verdict("SLIDES", "separating", f"moved {moved:.0f}, wished {wished:.0f}")
        facts = (
            Fact("method", self.settings["method"], "the mover"),
            Fact("wished", wished, "length of the wish"),
            Fact("moved", moved, "how far it moved"),
            Fact("slide_moved", math.hypot(*slid.translation), "how far collide and slide moves"),
            Fact("naive_moved", math.hypot(*result.naive), "how far cast and stop moves"),
            Fact("passes", len(slid.iterations), "collide and slide's passes"),
            Fact("planes", len(slid.planes), "planes touched where it ends"),
            Fact("pushed", across, "how far the planes pushed it across the wish"),
            Fact("translation", list(result.achieved), "the motion achieved"),
        )
        return Report(verdict, facts=facts)


def _plane_line(plane):
    """The line a plane is drawn as: along the surface touched, PLANE_HALF either side of its point."""
    (px, py), (nx, ny) = plane.point, plane.normal
    return (px - ny * PLANE_HALF, py + nx * PLANE_HALF), (px + ny * PLANE_HALF, py - nx * PLANE_HALF)


def _across(motion, wish):
    """The part of ``motion`` square to ``wish``: what the planes pushed it aside by."""
    length = math.hypot(*wish)
    if length == 0.0:
        return Vector(*motion)
    ux, uy = wish[0] / length, wish[1] / length
    along = motion[0] * ux + motion[1] * uy
    return Vector(motion[0] - along * ux, motion[1] - along * uy)


def _compass(vector):
    """The way ``vector`` points, in a word: up, down, left or right."""
    x, y = vector
    if abs(y) >= abs(x):
        return "up" if y > 0 else "down"
    return "right" if x > 0 else "left"
