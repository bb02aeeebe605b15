"""Events a scene names: moments worth showing a class (DemoSAT5's false collision, the tip's
retrieve missing a touching pair), and a seeded search for a layout where one happens.

A scene declares them beside its params::

    events = (
        Event("demosat5-false", "DemoSAT5's single axis claims a collision that is not there",
              claim_wrong("DemoSAT5's single axis"), settings={"demosat5": True}, move=("B",)),
    )

``shows`` reads the scene's Report, what the class sees, never the scene's insides. ``find``
makes the scene afresh for each candidate (as loading a layout does), sets the event's
settings, and varies only what the event names: the shapes' positions within the scene's frame
(each kept wholly inside it) and angles, the handles within the frame, and params within their
ranges. Random candidates first; then the first that shows the event is shrunk towards the
simplest (the scene's own starting values, round numbers, aligned angles, small counts) while
it still shows. A candidate counts only if the event also shows with any one of its values
nudged a little either way (NUDGE): a layout that shows it by a hair would show the class
nothing. The same seed gives the same layout; the work is bounded by a count of candidates,
not by a clock.
"""

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sandbox.kit.labels import Outline
from sandbox.kit.report import Report
from sandbox.kit.scene import Scene

Values = dict[str, Any]
"""A candidate: each knob's value by its name. A value is a coordinate, an angle or a param's
value (a number, a bool or a choice), as loose as the params' own."""

TRIES = 3000
"""Random candidates tried before the search gives up."""

SHRINKS = 600
"""Candidates the shrinking may try once one is found."""

KEEP = 1 / 3
"""How likely a random candidate leaves each value at the scene's own start: events that need
one thing moved are then found as often as those that need everything moved."""

ROUND = (100.0, 50.0, 25.0, 10.0, 5.0, 1.0)
"""Coordinates rounded to these (in the scene's pose units), coarsest, so simplest, first."""

ALIGNED = (90.0, 45.0, 30.0, 15.0, 10.0, 5.0, 1.0)
"""Angles in degrees rounded to these, the most aligned first."""

NUDGE = 0.005
"""How far (a share of its range) each position, angle or number is nudged either way, and the
event must still show: half a percent, 4 units of an 800-unit frame, nearly 2 degrees."""

FINE = (1.0, 0.5, 0.1, 0.05, 0.01)
"""A float param rounded to these."""


@dataclass(frozen=True)
class Event:
    """Something a scene can show, and how to find a layout where it does."""

    name: str
    """What the command line and a walkthrough call it: "demosat5-false"."""

    description: str
    """One line of what the class sees."""

    shows: Callable[[Report], bool]
    """Whether the scene's Report shows the event."""

    settings: Mapping[str, Any] = field(default_factory=dict)
    """Overlays and settings set before the search: what draws the event (DemoSAT5's axis)."""

    move: tuple[str, ...] | None = None
    """The shapes the search may move and turn; None for all of them."""

    turn: bool = True
    """Whether it may turn them (a turnable scene's shapes that have an angle)."""

    handles: tuple[str, ...] = ()
    """The handles it may move."""

    vary: tuple[str, ...] = ()
    """The params it may change, within their ranges (or ``ranges``)."""

    ranges: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Narrower ranges for some of ``vary``: a readable count of objects, say."""


def events_of(scene: Scene | type[Scene]) -> tuple[Event, ...]:
    """The events ``scene`` names; none for a scene that names none."""
    return tuple(getattr(scene, "events", ()))


def named(scene: Scene | type[Scene], name: str) -> Event:
    """The event ``name`` of ``scene``; ValueError listing the scene's events otherwise."""
    for event in events_of(scene):
        if event.name == name:
            return event
    have = ", ".join(event.name for event in events_of(scene)) or "none"
    raise ValueError(f'the {scene.id} scene has no event "{name}" (it has {have})')


def claim_wrong(method: str) -> Callable[[Report], bool]:
    """An event that shows when the flawed method ``method``'s claim is wrong."""
    return lambda report: any(claim.method.startswith(method) and not claim.right for claim in report.claims)


def answer_is(name: str, value: str) -> Callable[[Report], bool]:
    """An event that shows when the Report answers ``name`` with ``value``."""
    return lambda report: (report.answers or {}).get(name) == value


def find(cls: type[Scene], event: Event, seed: int = 0, tries: int = TRIES, shrinks: int = SHRINKS) -> Scene | None:
    """A fresh ``cls`` posed where ``event`` shows, as simple as the search could make it; or None.

    The search reads the Report of the figure with the overlays the event does not set
    switched off (placing projection strips is most of a SAT scene's work); the layout found
    is then checked with the scene's own overlays on, and refused if it shows nothing there.
    """
    rng = random.Random(seed)
    scene = cls()
    knobs = _knobs(scene, event)
    quick = {p.name: False for p in scene.params if p.overlay and p.name not in event.settings}
    found: Values | None = None
    for _ in range(tries):
        values = _draw(rng, knobs, scene)
        if _posed(cls, event, knobs, values, quick) is not None:
            found = values
            break
    if found is None:
        return None
    spent = 0
    # The whole start, then whole shapes (or handles) back at their start: one coordinate at a
    # time could not get there when the event needs both.
    targets: list[str | None] = [None, *dict.fromkeys(knob.target for knob in knobs)]
    for target in targets:  # None: the whole start layout at once
        trial = {**found, **{knob.name: knob.start for knob in knobs if target in (None, knob.target)}}
        if trial != found and spent < shrinks:
            spent += 1
            if _posed(cls, event, knobs, trial, quick) is not None:
                found = trial
    changed = True
    while changed and spent < shrinks:
        changed = False
        for knob in knobs:
            for simpler in knob.simpler(found[knob.name]):
                if spent >= shrinks:
                    break
                if knob.cost(simpler) >= knob.cost(found[knob.name]):
                    continue
                spent += 1
                trial = {**found, knob.name: simpler}
                if _posed(cls, event, knobs, trial, quick) is not None:
                    found, changed = trial, True
                    break
    return _posed(cls, event, knobs, found, {})


def _draw(rng: random.Random, knobs: list["_Knob"], scene: Scene) -> Values:
    """A random candidate: each value left at its start (KEEP), or drawn in its range; a
    shape's position drawn as often near another shape's as anywhere in the frame, since most
    events need the shapes close."""
    values = {knob.name: knob.start if rng.random() < KEEP else knob.draw(rng) for knob in knobs}
    others = [shape.position for shape in scene.shapes.values()]
    for knob in knobs:
        if knob.kind == "x" and rng.random() < 0.5 and len(others) > 1:
            shape = scene.shapes[knob.target]
            near = rng.choice([p for p in others if p != shape.position] or others)
            # As often close (most events need an overlap) as merely near.
            reach = _reach(shape) * rng.choice((0.5, 2.0))
            y = next(k for k in knobs if k.target == knob.target and k.kind == "y")
            values[knob.name] = min(max(near[0] + rng.uniform(-reach, reach), knob.low), knob.high)
            values[y.name] = min(max(near[1] + rng.uniform(-reach, reach), y.low), y.high)
    return values


def _posed(cls: type[Scene], event: Event, knobs: list["_Knob"], values: Values, quick: Values) -> Scene | None:
    """A fresh scene at ``values`` if the event shows there and still shows with any one
    position, angle or number nudged either way (so not by a hair a class cannot see), else None."""
    scene = _shows(cls, event, knobs, values, quick)
    if scene is None:
        return None
    for knob in knobs:
        for nudged in knob.nudged(values[knob.name]):
            if _shows(cls, event, knobs, {**values, knob.name: nudged}, quick) is None:
                return None
    return scene


def _shows(cls: type[Scene], event: Event, knobs: list["_Knob"], values: Values, quick: Values) -> Scene | None:
    """A fresh scene at ``values``, with the ``quick`` overlays off, if the event shows there; else None."""
    scene = cls()
    scene.settings.update(quick)
    scene.settings.update(event.settings)
    for knob in knobs:
        if knob.kind == "param":
            scene.settings[knob.target] = values[knob.name]
    scene.invalidate()
    for knob in knobs:
        if knob.kind != "param":
            try:
                knob.put(scene, values[knob.name])
            except ValueError:
                return None  # a handle the scene refuses there
    scene.invalidate()
    return scene if event.shows(scene.reported) else None


@dataclass(frozen=True)
class _Knob:
    """One value the search varies: a shape's x, y or angle, a handle's x or y, or a param."""

    name: str
    kind: str
    """"x", "y", "angle", "handle x", "handle y" or "param"."""

    target: str
    """The shape, handle or param."""

    start: Any
    low: float = 0.0
    high: float = 0.0
    steps: tuple[float, ...] = ()
    """Round values, the roundest first; none for a count, which is simplest small."""

    choices: tuple[Any, ...] = ()

    @property
    def whole(self) -> bool:
        return isinstance(self.start, int) and not isinstance(self.start, bool)

    def draw(self, rng: random.Random) -> Any:
        if self.choices:
            return rng.choice(self.choices)
        if self.whole and not self.steps:
            # A count: small ones as likely as large, for readable figures.
            return min(int(self.low + (self.high - self.low + 1) * rng.random() ** 2), int(self.high))
        if self.whole:
            return rng.randint(int(self.low), int(self.high))
        return rng.uniform(self.low, self.high)

    def simpler(self, value: Any) -> list[Any]:
        """Values to try in place of ``value``, simplest first (``cost`` decides which count)."""
        if self.choices:
            return [self.start, *self.choices]
        if self.whole and not self.steps:
            # Small counts: the lowest first, then halfway down, a quarter...
            gap = value - int(self.low)
            return [int(self.low), *(value - gap // 2**k for k in range(1, 8) if gap // 2**k)]
        rounded = [self.start, 0] if self.kind in ("angle", "param") else [self.start]
        for step in self.steps:
            rounded += [math.floor(value / step) * step, math.ceil(value / step) * step]
        return [round(v) if self.whole else float(v) for v in rounded if self.low <= v <= self.high]

    def nudged(self, value: Any) -> list[Any]:
        """``value`` moved a little either way (NUDGE of its range), within the range; none for
        a count or a choice."""
        if self.choices or self.whole:
            return []
        step = NUDGE * (self.high - self.low)
        return [v for v in (value - step, value + step) if self.low <= v <= self.high]

    def cost(self, value: Any) -> tuple[float, float]:
        """How far from simple ``value`` is: lower is simpler; the search only goes down."""
        if self.choices:
            return (0, 0) if value == self.start else (1, self.choices.index(value))
        if self.whole and not self.steps:
            return (value - int(self.low), 0)
        if value == self.start:
            return (0, 0.0)
        if self.kind in ("angle", "param") and value == 0:
            return (1, 0.0)
        plain = next((i for i, step in enumerate(self.steps) if abs(value / step - round(value / step)) < 1e-9), len(self.steps))
        return (2 + plain, abs(value - self.start))

    def put(self, scene: Scene, value: Any) -> None:
        if self.kind in ("handle x", "handle y"):
            x, y = scene.points[self.target]
            point = (value, y) if self.kind == "handle x" else (x, value)
            scene.points[self.target] = type(scene.points[self.target])(*map(float, scene.constrain(self.target, point)))
            return
        shape = scene.shapes[self.target]
        if self.kind in ("x", "y"):
            x, y = shape.position
            shape.position = (value, y) if self.kind == "x" else (x, value)
        elif hasattr(shape, "angle"):  # a setting may have made it a circle
            shape.angle = math.radians(value)


def _knobs(scene: Scene, event: Event) -> list[_Knob]:
    """What the search varies in ``scene`` for ``event``, in the order it is simplified."""
    knobs: list[_Knob] = []
    x0, y0, x1, y1 = scene.frame
    steps = tuple(step * scene.pose_unit for step in ROUND)
    for name in scene.shapes if event.move is None else event.move:
        shape = scene.shapes[name]
        # Wholly inside the frame whichever way it turns: inset by its reach from its position.
        reach = _reach(shape)
        px, py = shape.position
        knobs += [_Knob(f"{name}.x", "x", name, float(px), x0 + reach, x1 - reach, steps),
                  _Knob(f"{name}.y", "y", name, float(py), y0 + reach, y1 - reach, steps)]
        if event.turn and scene.turnable and hasattr(shape, "angle"):
            knobs.append(_Knob(f"{name}.angle", "angle", name, math.degrees(shape.angle), -180.0, 180.0, ALIGNED))
    margin = 0.05 * min(x1 - x0, y1 - y0)
    for name in event.handles:
        px, py = scene.points[name]
        knobs += [_Knob(f"{name}.x", "handle x", name, float(px), x0 + margin, x1 - margin, steps),
                  _Knob(f"{name}.y", "handle y", name, float(py), y0 + margin, y1 - margin, steps)]
    declared = {param.name: param for param in scene.params}
    for name in event.vary:
        param = declared[name]
        value = scene.settings.get(name, param.default)
        if param.kind in (bool, str):
            choices = (False, True) if param.kind is bool else param.choices
            knobs.append(_Knob(name, "param", name, value, choices=tuple(choices)))
        else:
            low, high = event.ranges.get(name, (param.low, param.high))
            assert low is not None and high is not None  # Param makes a number declare its range
            value = min(max(value, low), high)
            # A count is simplest small; a signed whole number (a turn in degrees) simplest round.
            steps = FINE if param.kind is float else ALIGNED if low < 0 else ()
            knobs.append(_Knob(name, "param", name, value, low, high, steps))
    return knobs


def _reach(shape: Outline) -> float:
    """How far ``shape`` reaches from its position, whichever way it turns: its farthest
    vertex, grown by its radius (a circle's, or a rounded polygon's)."""
    corners = shape.world_vertices() if hasattr(shape, "world_vertices") else [shape.position]
    return max(math.dist(shape.position, v) for v in corners) + getattr(shape, "radius", 0.0)
