"""Bounce and friction: Metanet figure 0, a particle's velocity split at a surface and scaled."""

import math
from typing import NamedTuple


from collision import Vector
from sandbox.kit.events import Event
from sandbox.kit.figures.clear import avoid_lines, keep_lines_clear
from sandbox.kit import Action, Fact, Line, Param, Report, Scene, Verdict, faded, number, register

PIVOT = (0.0, -120.0)
"""A point of the surface: it turns about here."""

SECONDS = 4.0
"""How long the path runs: the velocity arrow is the distance covered in one second."""

REPLAY_SECONDS = 2.5
"""How long the replay takes to run the whole path."""


class Response(NamedTuple):
    """Metanet's collision response: the velocity split against the surface, each part scaled."""

    across: Vector
    """The part of the velocity into the surface, along its normal."""

    along: Vector
    """The part along the surface."""

    after: Vector
    """The velocity after the hit: along * (1 - friction) - across * bounce."""


def respond(velocity, normal, bounce, friction):
    """Split ``velocity`` against a surface with unit ``normal`` and scale the parts.

    >>> respond((3.0, -4.0), (0.0, 1.0), 0.5, 0.25)
    Response(across=Vector(x=0.0, y=-4.0), along=Vector(x=3.0, y=0.0), after=Vector(x=2.25, y=2.0))
    """
    dot = velocity[0] * normal[0] + velocity[1] * normal[1]
    across = Vector(dot * normal[0], dot * normal[1])
    along = Vector(velocity[0] - across.x, velocity[1] - across.y)
    keep = 1.0 - friction
    return Response(across, along, Vector(along.x * keep - across.x * bounce, along.y * keep - across.y * bounce))


class Result(NamedTuple):
    velocity: Vector
    hit: object
    """Where the particle meets the surface, or None if it never does within the path."""

    time: float
    """Seconds until the hit (the whole path when there is none)."""

    response: object
    """The Response at the hit, or None."""

    path: tuple
    """The points the particle passes: start, hit, end."""

    particle: tuple
    """Where the replayed particle is now."""


@register("bounce-friction", "Motion and response", "Bounce and friction", order=1)
class BounceFriction(Scene):
    lesson = (
        "When a moving particle hits a surface, split its velocity in two: the part across the "
        "surface (along its normal) and the part along it. Bounce scales the part across and turns "
        "it round: 0 and the particle stops dead against the surface, 1 and it leaves as fast as it "
        "came. Friction eats into the part along: 0 and it slides on freely, 1 and it stops sliding. "
        "The new velocity is the sum of the two scaled parts."
    )
    things_to_try = (
        "Drag the tip of the velocity arrow v and watch the split at the hit change.",
        "Set bounce to 0 and friction to 0: the particle slides along the surface.",
        "Set bounce to 1 and friction to 0: a mirror reflection, the speed kept.",
        "Turn the surface and press Replay to see the particle run the path.",
    )
    params = (
        Param("parts", "Velocity split at the hit", True, overlay=True),
        Param("bounce", "Bounce", 0.6, low=0.0, high=1.0, help="How much of the part across the surface comes back."),
        Param("friction", "Friction", 0.3, low=0.0, high=1.0, help="How much of the part along the surface is lost."),
        Param("surface", "Surface (degrees)", 15.0, low=-60.0, high=60.0),
    )
    handles = {"p": (-280.0, 170.0), "v": (-190.0, 70.0)}
    frame = (-420.0, -300.0, 420.0, 260.0)
    events = (
        Event("loses-most", "The ball leaves at under a third of the speed it came in with",
              lambda report: report.numbers.get("speed_kept", 1.0) < 1 / 3, vary=("bounce", "friction")),
    )
    animated = True
    turnable = False  # the surface turns by its slider: there is no shape for R and T to turn
    actions = (Action("replay", "Replay", help="P pauses it, and once it has ended plays it again"),)

    def setup(self):
        self.clock = SECONDS  # the replay has run: the particle rests at the path's end

    def constrain(self, name, point):
        if name == "v" and math.dist(point, self.points["p"]) < 10:
            raise ValueError("must be at least 10 units from the particle p")
        return point

    def move(self, name, point):
        # The arrow travels with its particle: moving p keeps the velocity.
        if name == "p":
            vx, vy = self.points["v"][0] - self.points["p"][0], self.points["v"][1] - self.points["p"][1]
            super().move(name, point)
            self.points["v"] = Vector(self.points["p"][0] + vx, self.points["p"][1] + vy)
        else:
            super().move(name, point)

    def update(self, dt):
        self.clock = min(self.clock + dt * SECONDS / REPLAY_SECONDS, SECONDS)

    def replay(self):
        self.clock = 0.0

    def ended(self):
        return self.clock >= SECONDS

    # P on a run that has ended plays it again, as the Replay button does: it moved nothing.
    restart = replay

    def surface(self):
        """The surface's unit direction and its normal (the side the particle comes from is up)."""
        angle = math.radians(self.settings["surface"])
        return Vector(math.cos(angle), math.sin(angle)), Vector(-math.sin(angle), math.cos(angle))

    def compute(self, ctx):
        p, tip = self.points["p"], self.points["v"]
        velocity = Vector(tip[0] - p[0], tip[1] - p[1])
        _, normal = self.surface()
        # The particle stays on the normal's side of the surface line until it meets it.
        height = (p[0] - PIVOT[0]) * normal.x + (p[1] - PIVOT[1]) * normal.y
        closing = velocity.x * normal.x + velocity.y * normal.y
        time = -height / closing if closing < 0 and height >= 0 else math.inf
        if time > SECONDS:
            end = (p[0] + velocity.x * SECONDS, p[1] + velocity.y * SECONDS)
            return Result(velocity, None, SECONDS, None, (tuple(p), end), self._along((tuple(p), end), (SECONDS,)))
        hit = (p[0] + velocity.x * time, p[1] + velocity.y * time)
        response = respond(velocity, normal, self.settings["bounce"], self.settings["friction"])
        left = SECONDS - time
        end = (hit[0] + response.after.x * left, hit[1] + response.after.y * left)
        path = (tuple(p), hit, end)
        return Result(velocity, hit, time, response, path, self._along(path, (time, left)))

    def _along(self, path, durations):
        """Where the particle is at ``self.clock`` seconds along ``path``, whose legs take ``durations``."""
        clock = self.clock
        for start, end, seconds in zip(path, path[1:], durations):
            if clock <= seconds and seconds > 0:
                t = clock / seconds
                return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            clock -= seconds
        return path[-1]

    def _verdict(self, result):
        if result.hit is None:
            return Verdict("MISSES THE SURFACE", "separating", f"no hit within {SECONDS:.0f} s")  # "in 4 s" read as when something happens
        speed = math.hypot(*result.velocity)
        ratio = math.hypot(*result.response.after) / speed
        return Verdict("HITS THE SURFACE", "mtv", f"after {result.time:.2f} s, leaves at {ratio:.2f}x the speed")

    def draw(self, result, painter, theme):
        direction, normal = self.surface()
        x0, y0, x1, y1 = self.view.rect
        reach = math.hypot(x1 - x0, y1 - y0)
        start = (PIVOT[0] - direction.x * reach, PIVOT[1] - direction.y * reach)
        end = (PIVOT[0] + direction.x * reach, PIVOT[1] + direction.y * reach)
        painter.polygon([start, end, (end[0] - normal.x * reach, end[1] - normal.y * reach), (start[0] - normal.x * reach, start[1] - normal.y * reach)],
                        theme.shape_a, faded(theme.shape_a, 60), 3)
        for a, b in zip(result.path, result.path[1:]):
            painter.segment(a, b, theme.guide, 2)
        # The surface's edge is a drawn line, not a shape: labels keep off it too. Off p's path
        # where they can: kept off it at any cost, the parts' names shrank to fit beside the hit.
        keep_lines_clear(painter, [(start, end)], 3 * self.view.pixel)
        avoid_lines(painter, list(zip(result.path, result.path[1:])), 2)
        pixel = self.view.pixel
        p, tip = self.points["p"], self.points["v"]
        painter.arrow(p, tip, theme.shape_b, 3)
        painter.text((tip[0] + 8 * pixel, tip[1] + 6 * pixel), "v", theme.shape_b, 16)
        if result.hit is not None and self.settings["parts"]:
            hit, response = result.hit, result.response
            scale = 1.0
            across_end = (hit[0] - response.across.x * scale, hit[1] - response.across.y * scale)
            along_end = (hit[0] + response.along.x * scale, hit[1] + response.along.y * scale)
            # Where the velocity came from, drawn backwards to the hit: its two parts, thin.
            # The parts are neutral and named on the canvas: colours mean other things.
            painter.arrow(across_end, hit, theme.guide, 2)
            painter.arrow(hit, along_end, theme.guide, 2)
            bounced = (hit[0] - response.across.x * self.settings["bounce"], hit[1] - response.across.y * self.settings["bounce"])
            slid = (hit[0] + response.along.x * (1 - self.settings["friction"]), hit[1] + response.along.y * (1 - self.settings["friction"]))
            painter.arrow(hit, bounced, theme.axis, 3)
            painter.arrow(hit, slid, theme.axis, 3)
            after = (hit[0] + response.after.x, hit[1] + response.after.y)
            # v' named first, at its tip, then the parts along the surface (their spot is
            # fixed, under it): the names across find room round them, not they round it.
            painter.text((after[0] + 8 * pixel, after[1] + 6 * pixel), "v'", theme.shape_b, 16)
            # The parts along the surface lie on its edge: their names go under it, one line
            # apart (with no friction both parts end at one spot).
            _, normal = self.surface()
            line = 18 * pixel * self.view.text_scale
            for end, text, color, below in ((along_end, "along", theme.dim_text, 10 * pixel + line),
                                            (slid, f"along x {number(1 - self.settings['friction'])}", theme.axis, 10 * pixel + 2 * line)):
                painter.text((end[0] - normal.x * below, end[1] - normal.y * below), text, color, 13, "center")
            for end, text, color in ((across_end, "across", theme.dim_text), (bounced, f"across x {number(self.settings['bounce'])}", theme.axis)):
                # No bounce leaves no arrow across: its name still goes off the surface, not on it.
                at, anchor = _beyond(hit, end if end != hit else (hit[0] + normal.x, hit[1] + normal.y), pixel)
                painter.text(at, text, color, 13, anchor)
            painter.arrow(hit, after, theme.shape_b, 3)
        painter.point(result.particle, theme.highlight, 6)
        painter.point(p, theme.highlight if self.hovered == "p" else theme.shape_b, 7)
        painter.text((p[0] - 10 * pixel, p[1] + 8 * pixel), "p", theme.shape_b, 16, "right")

    def report(self, result):
        lines = [f"v = ({result.velocity.x:.1f}, {result.velocity.y:.1f})"]
        if result.response is not None:
            response = result.response
            lines += [
                Line(f"across {math.hypot(*response.across):.1f}, along {math.hypot(*response.along):.1f}"),
                Line(f"across after bounce: {math.hypot(*response.across) * self.settings['bounce']:.1f}"),
                Line(f"along after friction: {math.hypot(*response.along) * (1 - self.settings['friction']):.1f}"),
                Line(f"v' = ({response.after.x:.1f}, {response.after.y:.1f}), speed {math.hypot(*response.after):.1f}"),
            ]
        return Report(self._verdict(result), tuple(lines), facts=self._facts(result), numbers=self._numbers(result))

    def _numbers(self, result):
        """The vectors as the JSON holds them: the panel shows their sizes."""
        numbers = {"hit": None if result.hit is None else list(result.hit)}
        if result.response is not None:
            numbers.update({name: list(value) for name, value in result.response._asdict().items()})
        return numbers

    def _facts(self, result):
        facts = [
            Fact("velocity", list(result.velocity), "velocity v"),
            Fact("speed", math.hypot(*result.velocity), "its speed"),
            Fact("hits", result.response is not None, "hits the surface"),
        ]
        if result.response is None:
            return (*facts, Fact("time", result.time, "not within, in seconds", digits=2))
        response = result.response
        return (
            *facts,
            Fact("time", result.time, "after, in seconds", digits=2),
            Fact("hit", list(result.hit), "at"),
            Fact("across_size", math.hypot(*response.across), "part across the surface"),
            Fact("along_size", math.hypot(*response.along), "part along the surface"),
            Fact("bounce", self.settings["bounce"], digits=2),
            Fact("friction", self.settings["friction"], digits=2),
            Fact("after", list(response.after), "velocity after"),
            Fact("speed_after", math.hypot(*response.after), "its speed after"),
            Fact("speed_kept", math.hypot(*response.after) / math.hypot(*result.velocity), "the share of its speed p leaves with", digits=2),
        )

def _beyond(start, end, pixel):
    """Where an arrow's name goes, and its anchor: just past its tip, reading away from it."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    at = (end[0] + dx / length * 10 * pixel, end[1] + dy / length * 10 * pixel - 5 * pixel)
    return at, "left" if dx >= 0 else "right"

