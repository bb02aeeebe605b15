"""Time of impact with rotation: a plank spinning past a wall (or any two kinds), found by conservative advancement."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Circle, Impact, Motion, Sweep, Vector, sweep, time_of_impact
from collision.toi import posed
from sandbox.kit.figures import any_shape
from sandbox.kit.figures.own_side import own_side
from sandbox.kit.labels import text_box
from sandbox.kit.scene import LABEL_SIZE
from sandbox.kit.figures.step_arrow import CarriedStep
from sandbox.kit import Action, Claim, Column, Fact, Line, Param, Report, Verdict, register
from sandbox.kit.events import Event

WALL = ((0.0, -40.0), (10.0, 110.0))
"""The wall's centre and half size."""

PLANK = (90.0, 9.0)
"""The plank's half size."""

ROUND = (45.0, 45.0)
"""The half size a polygon, a rounded polygon or a circle is made to, for the wall or B."""

SLID = "not turned"
"""The label of the pose the sweep without turning ends in (its touch, or the end of the step)."""

PRESETS = {
    "Spinning plank": {
        "caption": "Slid without turning it clears the wall's top; turning, its end swings down into it.",
        "B": (-230.0, 130.0), "tip": (230.0, 130.0), "spin": 90,
    },
    "No spin": {"caption": "Without turning both answers agree: one step lands on the touch.", "B": (-230.0, 20.0), "tip": (230.0, 20.0), "spin": 0},
    "Fast spin": {
        "caption": "A whole turn in the step: the bound grows with the turn, so each step is short.",
        "B": (-230.0, 110.0), "tip": (230.0, 110.0), "spin": 360,
    },
    "Near miss": {
        "caption": "Turning the other way it passes just over the wall's top: the steps crowd where the gap is small, then run to the end.",
        "B": (-230.0, 130.0), "tip": (230.0, 130.0), "spin": -90,
    },
}
"""Teaching layouts: the plank's start, its displacement's tip and its turn in degrees."""


class Result(NamedTuple):
    impact: Impact
    straight: Sweep
    """The sweep of the same displacement without turning."""

    page: int
    """The advancement step shown."""


@register("time-of-impact", "Motion and response", "Time of impact with rotation", order=4)
class TimeOfImpact(CarriedStep):
    lesson = (
        "A plank that turns as it flies can hit a wall although neither its start nor its end "
        "touches it, and a sweep that only slides it misses that. Conservative advancement walks "
        "forward in time instead: GJK gives the gap to the wall, no point of the plank can close on the wall "
        "faster than its speed plus its turn rate times its half length, so nothing can touch before "
        "the gap over that bound: step there, measure again, and stop when the gap is all but closed."
    )
    things_to_try = (
        "Press Spinning plank: the sweep without turning misses (its claim on the canvas), the steps close in on the top corner.",
        "Press Back and Step: each grey pose is one step, the gap to the wall shrinking as it nears.",
        "Set the turn to 0: without turning the two answers agree (here both miss, over the wall's top); press No spin to see one step land on the touch.",
        "Press Near miss: the grey poses crowd together over the wall's top, where the gap is small, then run to the end of the move.",
        "Drag the tip of d below the wall's top: now the sliding sweep hits too.",
        "Pick a circle for B: turning a circle moves none of its points, so the two answers agree again.",
    )
    params = (
        Param("ghosts", "The steps' poses and the gap", True, overlay=True),
        Param("straight", "The sweep without turning", True, overlay=True),
        Param("spin", "Turn (degrees)", 90, low=-720, high=720, help="How far the plank turns over the step, anticlockwise."),
        Param("page", "Step shown", -1, low=-1, high=9999, widget=False),
        Param("kind_a", "The wall's shape", "box", choices=any_shape.KINDS),
        Param("kind_b", "B's shape", "box", choices=any_shape.KINDS),
        Param("rounding", "Radius", 9, low=0, high=45, help="The radius the wall or B is grown by when a capsule or a rounded polygon."),
    )
    handles = {"d": PRESETS["Spinning plank"]["tip"]}
    frame = (-340.0, -160.0, 340.0, 230.0)
    _placed: tuple[object, float, list] = (None, 0.0, [])
    """(result, line scale, spots): the labels' spots for the result they were placed for."""
    events = (
        Event("straight-misses", "The sweep without turning misses the wall the turning plank hits",
              lambda report: any(c.method == "the sweep without turning" and c.says == "MISS" and not c.right for c in report.claims),
              settings={"straight": True}, move=("B",), handles=("d",), vary=("spin",)),
    )
    actions = (Action("step_back", "Back"), Action("step_on", "Step", key="N")) + tuple(
        Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items()
    )

    def setup(self):
        self.shapes = {"wall": self.make("wall", WALL[0], 0.0), "B": self.make("B", PRESETS["Spinning plank"]["B"], 0.0)}

    def make(self, name, position, angle):
        """The wall (upright) or the plank B of its chosen kind, at ``position`` and ``angle``."""
        kind, rounding = self.settings["kind_a" if name == "wall" else "kind_b"], self.settings["rounding"]
        if kind == "box":
            return Box(position, WALL[1] if name == "wall" else PLANK, angle)
        if kind == "capsule":
            # As long as the box it stands for: upright for the wall, along the plank for B.
            reach = max((WALL[1][1] if name == "wall" else PLANK[0]) - rounding, 10.0)
            ends = ((0.0, -reach), (0.0, reach)) if name == "wall" else ((-reach, 0.0), (reach, 0.0))
            return Capsule(*ends, rounding, position, angle)
        return any_shape.sized(kind, ROUND, position, angle, rounding)

    def settle(self):
        # A changed kind or rounding rebuilds the wall or B in its place, keeping its turn.
        for name, old in list(self.shapes.items()):
            new = self.make(name, old.position, getattr(old, "angle", 0.0))
            if any_shape.differs(old, new):
                self.shapes[name] = new

    def preset(self, name):
        case = PRESETS[name]
        # The captions tell of a plank and a wall: both boxes again, upright, placed as the layout says.
        self.settings["kind_a"] = self.settings["kind_b"] = "box"
        self.shapes = {"wall": self.make("wall", WALL[0], 0.0), "B": self.make("B", case["B"], 0.0)}
        self.points["d"] = Vector(*case["tip"])
        self.settings["spin"] = case["spin"]
        self.settings["page"] = -1

    def motion(self):
        (x, y), tip = self.shapes["B"].position, self.points["d"]
        return Motion(tip.x - x, tip.y - y, math.radians(self.settings["spin"]))

    def compute(self, ctx):
        motion = self.motion()
        wall, plank = self.shapes["wall"], self.shapes["B"]
        # The scene pages the steps: it asks for them (steps=True), which a plain call does not make.
        impact = time_of_impact(wall, Motion(0.0, 0.0), plank, motion, steps=True)
        straight = sweep(plank, wall, (motion.dx, motion.dy))
        page = self.settings["page"]
        last = len(impact.steps) - 1
        return Result(impact, straight, last if page < 0 or page > last else page)

    def step_back(self):
        self.settings["page"] = max(self.result.page - 1, 0)

    def step_on(self):
        # From the whole run (the scene opens on it, its last step), Step starts at the first.
        last = len(self.result.impact.steps) - 1
        self.settings["page"] = 0 if self.settings["page"] < 0 else min(self.result.page + 1, last)

    def draw(self, result, painter, theme):
        impact, page = result.impact, result.page
        motion, plank = self.motion(), self.shapes["B"]
        pixel = self.view.pixel
        end = posed(plank, motion, 1.0)
        slid = color = None
        if self.settings["straight"]:
            # Where the sliding sweep first touches the wall (purple), or its end, clear (green).
            straight = result.straight
            time = straight.time if straight.hit else 1.0
            slid = any_shape.slid(plank, time * motion.dx, time * motion.dy)
            color = theme.mtv if straight.hit else theme.separating
        ghosts = [posed(plank, motion, step.time) for step in impact.steps[: page + 1]] if self.settings["ghosts"] else []
        # The poses drawn besides the shapes: labels keep off their outlines too (a label
        # layout's keep_off; other painters draw no labels to keep off).
        keep_off = getattr(painter, "keep_off", lambda shape: None)
        for pose in (end, slid, *ghosts):
            if pose is not None:
                keep_off(pose)
        self._labels(result, painter, theme, end, slid, color, ghosts)
        any_shape.draw(painter, end, theme.guide, None, 1)
        if slid is not None:
            any_shape.draw(painter, slid, color, None, 1)
        for ghost in ghosts:
            any_shape.draw(painter, ghost, theme.guide, None, 1)
        for name in self.shapes:
            any_shape.draw_named(self, painter, theme, name, theme.guide)
        if self.settings["ghosts"]:
            self._step(impact, page, plank, motion, painter, theme, pixel)
        tip = self.points["d"]
        painter.arrow(plank.position, tip, theme.shape("B"), 2)
        painter.point(tip, theme.highlight if self.hovered == "d" else theme.shape("B"), 6)

    def _labels(self, result, painter, theme, end, slid, color, ghosts):
        """The shapes' names, d and the gap, and the end and slid poses' labels, each on a side of what it names
        where there is room (sandbox.kit.figures.own_side), asked for before the other labels.
        Asked for on one side only, "end of the step" over a pose whose top is the figure's,
        SLID across the end pose and "wall" over the poses at its top were left out, with
        room on another side."""
        wall, plank, tip = self.shapes["wall"], self.shapes["B"], self.points["d"]
        impact, step, pixel, scale = result.impact, result.impact.steps[result.page], self.view.pixel, self.view.text_scale
        dots = [(tip, 6), (plank.position, 4), (wall.position, 4)] + ([(impact.point, 7)] if impact.point is not None else [])
        dot = theme.line_scale * pixel
        marks = [(x - size * dot, y - size * dot, x + size * dot, y + size * dot) for (x, y), size in dots]
        lines = [(plank.position, tip)]
        drawn, taken = [wall, plank, end, *([slid] if slid is not None else []), *ghosts], []
        # The poses' labels first: the names have room round the shapes where the poses crowd.
        # Where no side is clear, each is asked for where it was before, for the layout to look round.
        centred = lambda text, x, y: (text_box((x, y), text, 13, pixel, scale, "center")[0], y)
        # "d" first, by its tip as by a dot: asked for beside it, it was moved onto the end pose.
        labels = [("d", Circle(tip, 6 * dot), theme.shape("B"), 16, [end], (tip[0] + 9 * pixel, tip[1] + 9 * pixel)),
                  ("end of the step", end, theme.guide, 13, [wall, *([slid] if slid is not None else [])],
                   centred("end of the step", end.position[0], end.aabb()[3] + 8 * pixel))]
        if self.gap_shown(result) and step.closest_a != step.closest_b:
            # The gap's line as a thin capsule, its label placed as a pose's is: moved by the
            # layout at 3x it took the spot below the end pose, or was drawn at 1x.
            lines.append((step.closest_a, step.closest_b))
            words = f"gap {self.reported.answers[f'steps.{result.page}.gap']}"
            middle = ((step.closest_a[0] + step.closest_b[0]) / 2, (step.closest_a[1] + step.closest_b[1]) / 2)
            before = text_box((middle[0] - 8 * pixel, middle[1] + 8 * pixel), words, 13, pixel, scale, "right")
            labels.append((words, Capsule(step.closest_a, step.closest_b, 1.0), theme.axis, 13, [wall], (before[0], middle[1] + 8 * pixel)))
        if slid is not None:
            labels.append((SLID, slid, color, 13, [wall, end], centred(SLID, slid.position[0], slid.aabb()[1] - 20 * pixel)))
        spots = self.label_spots()
        labels += [("wall", wall, theme.shape("wall"), LABEL_SIZE, [plank, end, *([slid] if slid is not None else [])], spots["wall"]),
                   ("B", plank, theme.shape("B"), LABEL_SIZE, [wall], spots["B"])]
        # Placed once for each result (a change of pose, setting or view makes a new one): the
        # search cost 15 ms a frame at 3x, and the window draws every frame.
        if self._placed[0] is not result or self._placed[1] != theme.line_scale:
            spots = []
            for text, named, tint, size, rivals, before in labels:
                outlines = [shape for shape in drawn if shape is not named and not any(shape is rival for rival in rivals)]
                spot, box = own_side(self.view, text, size, named, rivals, outlines, lines, taken, marks, before)
                taken.append(box)
                spots.append(spot)
            self._placed = (result, theme.line_scale, spots)
        for (text, _, tint, size, _, _), spot in zip(labels, self._placed[2]):
            painter.text(spot, text, tint, size)

    def gap_shown(self, result):
        """Whether the figure draws the gap at the step shown: not at the touch, which has none."""
        impact = result.impact
        step = impact.steps[result.page]
        return bool(self.settings["ghosts"]) and step.closest_a is not None and not (impact.hit and result.page == len(impact.steps) - 1)

    def _step(self, impact, page, plank, motion, painter, theme, pixel):
        """The pose at the step shown, thick, and its gap to the wall; at a hit, the touch."""
        step = impact.steps[page]
        final = page == len(impact.steps) - 1
        at = posed(plank, motion, step.time)
        any_shape.draw(painter, at, theme.mtv if impact.hit and final else theme.highlight, None, 3)
        if self.gap_shown(self.result):
            # Its label is placed with the poses' (_labels).
            painter.segment(step.closest_a, step.closest_b, theme.axis, 2)
        if impact.hit and impact.point is not None and final:
            painter.point(impact.point, theme.mtv, 7)

    def report(self, result):
        impact, straight, page = result.impact, result.straight, result.page
        if impact.hit and impact.time == 0.0:
            verdict = Verdict("TOUCHING AT THE START", "mtv")
        elif impact.hit:
            verdict = Verdict(f"HITS AT t = {impact.time:.3f}", "mtv", f"{len(impact.steps)} steps")
        else:
            verdict = Verdict("MISSES THE WALL", "separating", f"{len(impact.steps)} steps")
        step = impact.steps[page]
        lines = (
            Line(f"Step {page + 1} of {len(impact.steps)}: t = {step.time:.4f}, gap {step.distance:.2f}, closing at most {step.speed:.1f} per step"),
        )
        claims = ()
        if self.settings["straight"]:
            claims = (Claim("the sweep without turning", "HIT" if straight.hit else "MISS", straight.hit == impact.hit),)
        return Report(verdict, lines, claims=claims, facts=self._facts(impact, straight))

    def _facts(self, impact, straight):
        """The answer, the sweep without turning beside it, and each advancement step."""
        facts = [
            Fact("hit", impact.hit, "hits the wall"),
            Fact("time", impact.time if impact.hit else None, "first touch at t", digits=3),
            Fact("step_count", len(impact.steps), "steps"),
            Fact("straight", "hit" if straight.hit else "miss", "the sweep without turning"),
        ]
        if straight.hit:
            facts.append(Fact("straight_time", straight.time, "it touches at t", digits=3))
        rows = []
        for k, step in enumerate(impact.steps):
            advance = impact.steps[k + 1].time - step.time if k + 1 < len(impact.steps) else 0.0
            rows.append({"step": k + 1, "time": step.time, "gap": step.distance, "bound": step.speed, "advance": advance})
        columns = (Column("step"), Column("time", "t", digits=4), Column("gap", digits=2), Column("bound", "fastest closing"), Column("advance", "next step in t", digits=4))
        facts.append(Fact("steps", rows, "Conservative advancement", columns=columns))
        return facts
