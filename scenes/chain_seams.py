"""Ghost vertices: a box sliding along a chain of segments, bumped at the seams without Box2D's
chain rule and sliding smoothly with it."""

import math
from typing import NamedTuple

from collision import Box, ChainContact, Circle, NormalKind, Vector, chain_manifold, chain_segments
from sandbox.kit import Action, Fact, Param, Report, Scene, Verdict, register
from sandbox.kit.events import Event
from sandbox.kit.figures.clear import keep_lines_clear
from sandbox.kit.labels import text_box

CHAIN = ((390.0, 150.0), (320.0, 80.0), (220.0, 0.0), (120.0, 0.0), (20.0, 0.0), (-80.0, 0.0), (-180.0, 0.0), (-280.0, 0.0), (-340.0, -50.0))
"""The chain's points, listed right to left so that its free side (each segment's right) is up:
a slope up on the right (a concave valley where it meets the floor), five floor segments with
four seams, and a drop on the left (a convex edge). The first and last points are ghosts only."""



def _terrain():
    """Box2D's smooth-manifold sample in our own terms: 36 points, right to left, of a slope,
    a round bowl (concave: 17 points 12.5 apart), a floor with four seams, a round hill (convex
    on top, concave at its feet) and a drop past a convex edge."""
    points = [(380.0, 120.0), (340.0, 60.0)]
    points += [(x, 60 * ((x - 200) / 100) ** 2 - 60) for x in (300 - 12.5 * i for i in range(17))]
    points += [(x, 0.0) for x in (60.0, 20.0, -20.0, -60.0, -100.0)]
    points += [(x, 20 + 20 * math.cos(2 * math.pi * (x + 180) / 160)) for x in (-116.0 - 16 * i for i in range(10))]
    points += [(-300.0, -25.0), (-340.0, -50.0)]
    return tuple((round(x, 1), round(y, 1)) for x, y in points)


CHAINS = {"floor": CHAIN, "terrain (36 points)": _terrain()}
"""The chains to choose from: the floor the presets use, and the 36-point terrain to drag B over."""

SEGMENTS = {name: chain_segments(points) for name, points in CHAINS.items()}
"""Each chain's segments, made once: settle picks the one chosen."""

FLAT = (1, 2, 3, 4)
"""The floor segments with a floor segment on their left: the flat seams are at their left ends."""

SUNK_SHOWN = 20.0
"""The deepest a found event sinks B into the chain, a quarter of its height: sunk by half, it shows nothing."""

B_HALF = (40.0, 40.0)
B_RADIUS = 40.0
"""B as a circle: as wide as the box."""
NORMAL_LENGTH = 40.0
SLIDE = Vector(1.0, 0.0)
"""B slides to the right."""

PRESETS = {
    "Just past a seam": {"caption": "B's front is 2 past the seam at x = 20, sunk 4: alone, the segment ahead pushes B back.", "B": (-18.0, 36.0)},
    "Mid segment": {"caption": "Over the middle of a segment only it touches B: pushed straight up either way.", "B": (-30.0, 36.0)},
    "In the valley": {"caption": "Where the floor meets the slope: the slope's push is real and kept; the floor's is straight up.", "B": (190.0, 36.0)},
    "Over the edge": {"caption": "Past the convex edge on the left, the sideways push leans beyond the next segment's normal: left to that segment (skipped).", "B": (-318.0, 25.0)},
}
"""Teaching layouts: B's centre (the floor is y = 0)."""


class Contact(NamedTuple):
    segment: int
    found: ChainContact
    normal: Vector
    """The push used: the rule's normal, or the lone segment's without the rule."""

    against: bool
    """The push points back against the slide: a bump."""


class Result(NamedTuple):
    contacts: tuple
    bumped: bool
    naive_bumps: tuple
    """The segments that, alone, without the rule, would bump B here."""


@register("chain-seams", "Motion and response", "Tile seams on a chain (ghost vertices)", order=6)
class ChainSeams(Scene):
    lesson = (
        "A floor made of segments has seams. Tested alone, the segment just past a seam pushes a sinking "
        "box back, against its slide. Box2D's chains know their neighbours: each segment keeps the vertex "
        "before it and the one after (its ghost vertices), so it can tell a flat seam or a valley from a "
        "convex edge. A push that leans into a flat or concave corner is snapped to the segment's own "
        "normal; one that leans past a convex edge is left to the neighbour. The box slides on."
    )
    things_to_try = (
        "Press Just past a seam, untick Box2D's chain rule: the segment ahead pushes B back, a bump.",
        "Tick the rule again: the same push is snapped up, the faint arrow is what it was.",
        "Drag B slowly right along the floor with the rule off: the push jumps back at every seam.",
        "Press In the valley: the slope's push is a real one and stays, with the rule or without.",
        "Press Over the edge: past a convex edge the sideways push is the next segment's to give; this one skips it.",
        "Choose the terrain (36 points), untick the rule and drag B along it: bumps at every floor seam and in the bowl. "
        "Tick it: the box slides on over all of it.",
    )
    params = (
        Param("rule", "Box2D's chain rule (ghost vertices)", True),
        Param("chain", "Chain", "floor", choices=tuple(CHAINS)),
        Param("shape", "B's shape", "box", choices=("box", "circle")),
        Param("ghosts", "Ghost vertices", True, overlay=True),
        Param("pushes", "Each segment's push", True, overlay=True),
    )
    frame = (-360.0, -70.0, 400.0, 170.0)
    actions = tuple(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items())
    turnable = False
    events = (
        Event("ghost-bump", "Without the chain rule, the segment past a flat seam pushes the sliding box back",
              lambda report: any(k in FLAT for k in report.numbers["bump_segments"]) and report.numbers["sunk"] <= SUNK_SHOWN,
              settings={"rule": False}, move=("B",)),
        Event("smooth-slide", "With the rule, a push that would bump the box at a flat seam is snapped up",
              lambda report: any(k in FLAT for k in report.numbers["naive_bump_segments"]) and report.answers["bumped"] == "no"
              and report.numbers["contacts"] > 0 and report.numbers["sunk"] <= SUNK_SHOWN,
              settings={"rule": True}, move=("B",)),
    )

    def setup(self):
        self.segments = SEGMENTS["floor"]
        self.shapes = {"B": Box(PRESETS["Just past a seam"]["B"], B_HALF)}

    def settle(self):
        # The chain and B's shape follow their settings; B stays where it is.
        self.segments = SEGMENTS[self.settings["chain"]]
        b = self.shapes["B"]
        if isinstance(b, Circle) != (self.settings["shape"] == "circle"):
            self.shapes["B"] = Circle(b.position, B_RADIUS) if self.settings["shape"] == "circle" else Box(b.position, B_HALF)

    def preset(self, name):
        # The presets are poses on the floor: its chain comes back with them.
        self.settings["chain"] = "floor"
        self.shapes["B"].position = PRESETS[name]["B"]

    def compute(self, ctx):
        b = self.shapes["B"]
        contacts = []
        naive_bumps = []
        for index, segment in enumerate(self.segments):
            found = chain_manifold(segment, b)
            face = _face_normal(segment)
            lone = bool(found.naive.points) and _against(found.naive.normal, face)
            if lone:
                naive_bumps.append(index)
            if self.settings["rule"] and (found.points or found.kind is NormalKind.SKIP):
                contacts.append(Contact(index, found, found.normal, bool(found.points) and _against(found.normal, face)))
            elif not self.settings["rule"] and found.naive.points:
                contacts.append(Contact(index, found, found.naive.normal, lone))
        return Result(tuple(contacts), any(c.against for c in contacts), tuple(naive_bumps))

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        chain_color = theme.shape("A")
        for segment in self.segments:
            painter.segment(segment.point1, segment.point2, chain_color, 4)
            painter.point(segment.point1, chain_color, 5)
        # The chain is drawn lines, not a shape: labels keep off it too.
        keep_lines_clear(painter, [(segment.point1, segment.point2) for segment in self.segments], 6 * pixel)
        if self.settings["ghosts"]:
            chain = CHAINS[self.settings["chain"]]
            for at, next_to in ((chain[0], chain[1]), (chain[-1], chain[-2])):
                painter.segment(at, next_to, theme.guide, 1)
                painter.point(at, theme.guide, 5)
                # Written on the chain's side of its ghost: the right one's label would run off the figure.
                inward = -1 if at[0] > next_to[0] else 1
                painter.text((at[0] + inward * 8 * pixel, at[1] - 18 * pixel), "ghost", theme.guide, 13, "left" if inward > 0 else "right")
        self.draw_shape(painter, theme, "B")
        b = self.shapes["B"]
        for contact in result.contacts if self.settings["pushes"] else ():
            start = contact.found.points[0].point if contact.found.points else contact.found.naive.points[0].point
            if self.settings["rule"] and contact.found.kind is NormalKind.SKIP:
                naive = contact.found.naive.normal
                tip = (start.x + naive.x * NORMAL_LENGTH, start.y + naive.y * NORMAL_LENGTH)
                painter.arrow(start, tip, theme.guide, 1)
                painter.text((tip[0] - 6 * pixel, tip[1] + 6 * pixel), "skipped", theme.guide, 13, "right")
                continue
            if self.settings["rule"] and contact.found.kind is NormalKind.SNAP:
                # What the lone segment would have pushed, faint, under the snapped push.
                naive = contact.found.naive.normal
                was = (start.x + naive.x * NORMAL_LENGTH, start.y + naive.y * NORMAL_LENGTH)
                painter.arrow(start, was, theme.guide, 2)
                painter.text((was[0], was[1] - 20 * pixel), "alone", theme.guide, 13, "center")
                painter.text((start.x + 8 * pixel, start.y + NORMAL_LENGTH + 8 * pixel), "snapped", theme.mtv, 13)
            tip = (start.x + contact.normal.x * NORMAL_LENGTH, start.y + contact.normal.y * NORMAL_LENGTH)
            painter.arrow(start, tip, theme.mtv, 3)
            if contact.against:
                painter.text(*_beside(start, tip, b.position, "bump", 14, self.view), theme.mtv, 14, "center")
        painter.arrow((b.position.x - 30, b.position.y), (b.position.x + 30, b.position.y), theme.axis, 2)
        painter.text((b.position.x + 34, b.position.y - 6 * pixel), "slides", theme.axis, 13)
        x0, _, x1, y1 = b.aabb()
        painter.text(((x0 + x1) / 2, y1 + 8 * pixel), "B", theme.shape("B"), 16, "center")

    def report(self, result):
        if result.bumped:
            verdict = Verdict("BUMPED", "mtv", "a corner's push points back against the slide")
        elif any(c.found.points for c in result.contacts):
            verdict = Verdict("SLIDES ON", "separating", "no corner pushes back")
        elif result.contacts:
            verdict = Verdict("NO PUSH", "separating", "the only push was skipped: the next segment's to give")
        else:
            verdict = Verdict("NOT TOUCHING THE CHAIN", "separating")
        kinds = [c.found.kind for c in result.contacts]
        facts = (
            Fact("rule", self.settings["rule"], "Box2D's chain rule on"),
            Fact("bumped", result.bumped, "a push points back against the slide"),
            Fact("naive_bumped", bool(result.naive_bumps), "alone, a segment would push back"),
            # Counts: the figure does not number the segments, so their indices would name nothing.
            Fact("bumps", sum(c.against for c in result.contacts), "segments pushing back"),
            Fact("naive_bumps", len(result.naive_bumps), "segments that alone would push back"),
            Fact("contacts", sum(bool(c.found.points) for c in result.contacts), "segments pushing B"),
            Fact("sunk", max((-p.separation for c in result.contacts for p in c.found.naive.points), default=0.0), "how deep B is sunk"),
            Fact("snapped", sum(kind is NormalKind.SNAP for kind in kinds), "pushes the rule snaps to the segment's normal"),
            Fact("admitted", sum(kind is NormalKind.ADMIT for kind in kinds), "pushes the rule keeps as found"),
            Fact("skipped", sum(kind is NormalKind.SKIP for kind in kinds), "pushes the rule skips: the next segment's"),
        )
        # Which segments, for the events that look for a bump at a flat seam (the figure draws counts).
        segments = {"bump_segments": [c.segment for c in result.contacts if c.against], "naive_bump_segments": list(result.naive_bumps)}
        return Report(verdict, facts=facts, numbers=segments)

def _beside(start, tip, inside, text, size, view):
    """Where an arrow's name goes: beside its middle, on the side away from ``inside`` (B's
    centre), and the text. At the tip, "bump" sat by the other segment's push up B's side, and
    a student read that arrow as the bump."""
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    middle = ((start[0] + tip[0]) / 2, (start[1] + tip[1]) / 2)
    if (inside[0] - middle[0]) * nx + (inside[1] - middle[1]) * ny > 0:
        nx, ny = -nx, -ny
    # Out by the box's half size along the normal, and a gap: its near edge just clear of the arrow.
    x0, y0, x1, y1 = text_box((0.0, 0.0), text, size, view.pixel, view.text_scale, "center")
    reach = abs(nx) * (x1 - x0) / 2 + abs(ny) * (y1 - y0) / 2 + 6 * view.pixel
    return (middle[0] + nx * reach, middle[1] + ny * reach - (y0 + y1) / 2), text


def _face_normal(segment):
    """The segment's own normal: its direction turned a quarter clockwise."""
    (x1, y1), (x2, y2) = segment.point1, segment.point2
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    return Vector((y2 - y1) / length, (x1 - x2) / length)


def _against(normal, face):
    """The push leans back against the slide (by more than float noise), and is not the
    segment's own face pushing (a slope in the way is no bump)."""
    own = abs(normal.x - face.x) + abs(normal.y - face.y) < 1e-9
    return not own and normal.x * SLIDE.x + normal.y * SLIDE.y < -1e-9
