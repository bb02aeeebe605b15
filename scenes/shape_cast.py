"""Shape casts: any convex shape slid along a translation until it touches another, Box2D's way."""

import math
from typing import NamedTuple

from collision import CastHit, Vector, shape_cast
from collision.rounded import core
from sandbox.kit import Action, Fact, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.events import Event
from sandbox.kit.figures import any_shape
from sandbox.kit.figures.clear import keep_clear

NORMAL_LENGTH = 45.0
"""World units: the drawn length of the hit's normal."""

PRESETS = {
    "Box at a pentagon": {"caption": "The box slides until it touches the pentagon: the hit's fraction, point and normal.",
                          "A": "polygon", "B": "box", "a": (120.0, 20.0), "b": (-220.0, 10.0), "to": (180.0, 10.0)},
    "Capsule past a circle": {"caption": "The capsule's round end grazes past: a miss, though its path comes close.",
                              "A": "circle", "B": "capsule", "a": (120.0, 20.0), "b": (-220.0, -120.0), "to": (220.0, -105.0)},
    "Starts touching": {"caption": "Rounded shapes already a little into each other: the plain cast stops at 0, though B is aimed away. Tick Encroach: it leaves freely.",
                        "A": "rounded polygon", "B": "circle", "a": (120.0, 20.0), "b": (30.0, 10.0), "to": (-100.0, 40.0)},
}
"""Teaching layouts: A's and B's kinds and places, and the tip of B's translation."""


class Result(NamedTuple):
    a: object
    b: object
    hit: CastHit
    at_hit: object | None
    """B where the cast stops it (None for a miss)."""

    translation: Vector


@register("shape-cast", "Motion and response", "Shape casts", order=8)
class ShapeCast(Scene):
    lesson = (
        "A shape cast slides B along a translation and asks when it first touches A: the fraction of the "
        "way, the point and A's normal there. Box2D answers by conservative advancement: measure the gap "
        "between the cores, move B as far as that gap can close along the translation, measure again. "
        "A flat face is met in one step, a round one in a few. A cast that starts touching reports "
        "fraction 0 and no normal, unless it may encroach: then B may come one slop closer, and leave freely."
    )
    things_to_try = (
        "Drag the arrow's tip: the ghost of B stops where it first touches A; its fraction is the verdict's.",
        "Pick a circle or a capsule for A: the point slides round the curve and the normal turns with it.",
        "Press Capsule past a circle: a near miss; drag the tip up towards the circle until it hits (about 60 units).",
        "Press Starts touching: the plain cast stops at 0 though B is aimed away; tick Encroach and it is free to leave (a miss).",
        "With Encroach on, aim the tip at A: not STARTS TOUCHING but a HIT with a normal, at 0 of the way (B may come one slop closer, too little to see).",
    )
    params = (
        Param("kind_a", "A's shape", "polygon", choices=any_shape.KINDS),
        Param("kind_b", "B's shape", "box", choices=any_shape.KINDS),
        Param("rounding", "Rounding", 20, low=0, high=45, help="The radius of A or B when a rounded polygon or a capsule."),
        Param("angle_a", "A's angle (degrees)", 10, low=-180, high=180),
        Param("angle_b", "B's angle (degrees)", -20, low=-180, high=180),
        Param("encroach", "Encroach (Box2D's mover casts so)", False),
        Param("cores", "The cores", True, overlay=True),
        Param("stop", "Where B stops: the point and the normal", True, overlay=True),
    )
    handles = {"A": PRESETS["Box at a pentagon"]["a"], "B": PRESETS["Box at a pentagon"]["b"], "to": PRESETS["Box at a pentagon"]["to"]}
    frame = (-320.0, -220.0, 320.0, 200.0)
    actions = tuple(Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items())
    turnable = False
    events = (
        Event("starts-touching", "A cast that starts touching: fraction 0 and no normal (Box2D's initial overlap)",
              lambda report: report.answers["initial_overlap"] == "yes", handles=("B",)),
        Event("round-hit", "B hits A's round part: the normal is none of A's faces'",
              lambda report: report.answers["hit"] == "yes" and report.answers["initial_overlap"] == "no" and not report.numbers["on_a_face"],
              settings={"kind_a": "circle"}, handles=("B", "to")),
    )

    def preset(self, name):
        case = PRESETS[name]
        self.settings["kind_a"], self.settings["kind_b"] = case["A"], case["B"]
        self.points["A"], self.points["B"], self.points["to"] = Vector(*case["a"]), Vector(*case["b"]), Vector(*case["to"])
        self.settings["encroach"] = False

    def constrain(self, name, point):
        if name == "to" and math.dist(point, self.points["B"]) < 5:
            raise ValueError("the translation needs a length: keep its tip at least 5 from B")
        return point

    def _shape(self, which):
        at, degrees = self.points[which], self.settings[f"angle_{which.lower()}"]
        return any_shape.make(self.settings[f"kind_{which.lower()}"], at, math.radians(degrees), self.settings["rounding"])

    def compute(self, ctx):
        a, b = self._shape("A"), self._shape("B")
        (bx, by), (tx, ty) = self.points["B"], self.points["to"]
        translation = Vector(tx - bx, ty - by)
        hit = shape_cast(a, b, translation, can_encroach=self.settings["encroach"])
        at_hit = any_shape.slid(b, hit.fraction * translation.x, hit.fraction * translation.y) if hit.hit else None
        return Result(a, b, hit, at_hit, translation)

    def draw(self, result, painter, theme):
        pixel = self.view.pixel
        a_color, b_color = theme.shape("A"), theme.shape("B")
        core = theme.guide if self.settings["cores"] else None
        any_shape.draw(painter, result.a, a_color, faded(a_color, 70), 2, core)
        any_shape.draw(painter, result.b, b_color, faded(b_color, 50), 2, core)
        # Where the whole translation would put B, and where the cast stops it.
        end = any_shape.slid(result.b, *result.translation)
        any_shape.draw(painter, end, theme.guide, None, 1)
        # A, B and B's poses are drawn here, not as the scene's shapes: labels keep off their outlines too.
        keep_clear(painter, result.a, result.b, end)
        # The handles' names first, so that the others make room for them: placed last, "to"
        # stood 100 px below the end pose at --present's 2x.
        for name in ("A", "B", "to"):
            at = self.points[name]
            painter.text((at[0] + 9 * pixel, at[1] + 9 * pixel), name, self._handle_color(name, theme), 16)
        painter.arrow(self.points["B"], self.points["to"], theme.axis, 2)
        hit = result.hit
        if result.at_hit is not None and self.settings["stop"]:
            any_shape.draw(painter, result.at_hit, b_color, faded(b_color, 90), 3, core)
            keep_clear(painter, result.at_hit)
            painter.point(hit.point, theme.mtv, 7)
            if hit.normal != (0.0, 0.0):
                tip = (hit.point.x + hit.normal.x * NORMAL_LENGTH, hit.point.y + hit.normal.y * NORMAL_LENGTH)
                painter.arrow(hit.point, tip, theme.mtv, 2)
                painter.text((tip[0] + 6 * pixel, tip[1] + 6 * pixel), "normal", theme.mtv, 13)
            words = "starts touching" if hit.fraction == 0.0 else f"stops at {self.reported.answers['fraction']} of the way"
            x0, y0, x1, y1 = result.at_hit.aabb()
            painter.text(((x0 + x1) / 2, y0 - 24 * pixel), words, b_color, 14, "center")
        for name in ("A", "B", "to"):
            painter.point(self.points[name], self._handle_color(name, theme), 6)

    def _handle_color(self, name, theme):
        return theme.highlight if self.hovered == name else (theme.axis if name == "to" else theme.shape(name))

    def report(self, result):
        hit = result.hit
        # Trimmed, as the figure and the verdict write it: 0 for a cast that starts touching; none for a miss.
        fraction = Fact("fraction", hit.fraction if hit.hit else None, "how far along the translation", digits=3, trim=True)
        if hit.hit and hit.fraction == 0.0:
            verdict = Verdict("STARTS TOUCHING", "mtv", f"fraction {fraction.text()}, no normal")
        elif hit.hit:
            verdict = Verdict("HIT", "mtv", f"at {fraction.text()} of the way")
        else:
            verdict = Verdict("MISS", "separating", "B never touches A")
        # A normal that is one of A's faces' normals: B met a face, not a round part or a corner.
        on_a_face = hit.hit and any(math.dist(hit.normal, n) <= 1e-6 for n in core(result.a)[1])
        facts = (
            Fact("hit", hit.hit, "B touches A"),
            Fact("initial_overlap", hit.hit and hit.fraction == 0.0, "it starts touching"),
            fraction,
            Fact("point", list(hit.point) if hit.hit else None, "the point touched"),
            # A cast that starts touching has no normal (Box2D's zero vector): "none".
            Fact("normal", list(hit.normal) if hit.normal != (0.0, 0.0) else None, "A's normal there", digits=2),
            Fact("iterations", hit.iterations, "advancement steps"),
            Fact("on_a_face", on_a_face, "the normal is one of A's faces'"),
        )
        return Report(verdict, facts=facts)
