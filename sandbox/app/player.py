"""The walkthrough player: which step of a lesson a session shows, whether its question is open,
and an animated step's move from the previous step's poses to its own.

The session owns one (``session.player``); with no walkthrough it has no step and never asks.
Going to a step opens the step's scene on the session at the step's layout, seed and time, so
the window, a handout and a test that go to step 3 see the very same figure.
"""

import math
from typing import Any

Poses = dict[str, tuple[tuple[float, ...], float | None]]
"""Shape name -> ((x, y), angle in radians or None)."""

Motion = tuple[Poses, Poses, float, float]
"""An animated step's move: start poses, end poses, seconds gone, seconds it takes."""


class Player:
    """Plays ``walkthrough`` (a loaded Walkthrough, or None) on ``session`` one step at a time.
    Neither is imported here, not even for the checker: the session makes its player, and the
    player only calls it back."""

    def __init__(self, session: Any, walkthrough: Any = None) -> None:
        self.session = session
        self.walkthrough = walkthrough
        self.index = 0
        """The step shown, counted from 0."""
        self.asking = False
        """Whether the step's question is open: its revealing overlays and the verdict hidden."""
        self.answer: str | None = None
        """The step's answer at its own layout, in words (None without a question)."""
        self._motion: Motion | None = None

    @property
    def step(self) -> Any:
        """The walkthrough step shown, or None."""
        return self.walkthrough.steps[self.index] if self.walkthrough is not None else None

    def go(self, index: int, animated: bool = False, revealed: bool = False) -> None:
        """Show step ``index`` (clamped to the steps there are) at its own layout.

        With ``animated``, a step that asks for it moves there from the previous step's poses.
        A step with a question opens asking it, unless ``revealed``.
        """
        session, steps = self.session, self.walkthrough.steps
        index = min(max(index, 0), len(steps) - 1)
        step = steps[index]
        self.index = index
        self._motion = None
        session.open(step.scene, step.layout, f"walkthrough {self.walkthrough.path}, step {index + 1}", step)
        # The answer at the step's own layout, before the class moves anything: the one the
        # revealed caption's explanation speaks of ("No: both pushes are up").
        self.answer = step.answer_text(session.scene) if step.question else None
        # An animated step holds still at its own moment, the one its caption, answer and
        # handout speak of, until P lets it run; one whose motion has ended (a replay at its
        # end) has nothing to hold: P plays it again (the hint line says so).
        session.paused = session.scene.animated and not session.ended()
        previous = steps[index - 1] if index > 0 else None
        if animated and step.animate > 0 and previous is not None and previous.scene == step.scene:
            self._motion = (_poses(previous.layout), _poses(step.layout), 0.0, step.animate)
            _pose(session.scene, self._motion[0])
            session.refresh()
        self.asking = False
        if step.question and not revealed:
            self.ask()
        session.status = ""
        if session.paused and not session.figure_only:
            session.status = f"held still at {step.time:g} s: P lets it run"

    def ask(self) -> None:
        """Open the step's question: hide the overlays that answer it, and the verdict."""
        self.asking = True
        for name in self.step.hide:
            self.session.scene.settings[name] = False
        self.session.refresh()

    def reveal(self) -> None:
        """Show the answer: the hidden overlays back as the step has them, and the verdict."""
        self.asking = False
        for name in self.step.hide:
            self.session.scene.settings[name] = self.step.layout["overlays"][name]
        self.session.refresh()

    def move(self, dt: float) -> bool:
        """Carry an animated step's shapes ``dt`` seconds further towards its poses; whether they moved."""
        if self._motion is None:
            return False
        poses, self._motion = _advanced(self._motion, dt)
        _pose(self.session.scene, poses)
        return True


def _pose(scene: Any, poses: Poses) -> None:
    """Put ``scene``'s shapes at ``poses``: name -> ((x, y), angle in radians or None)."""
    for name, (position, angle) in poses.items():
        shape = scene.shapes[name]
        shape.position = position
        if angle is not None:
            shape.angle = angle


def _advanced(motion, dt):
    """The poses a step's motion (start poses, end poses, seconds gone, seconds it takes) reaches
    ``dt`` seconds on, and the motion left: None once it has arrived."""
    start, end, elapsed, seconds = motion
    elapsed = min(elapsed + dt, seconds)
    t = elapsed / seconds
    poses = {
        name: (
            tuple(a + (b - a) * t for a, b in zip(start[name][0], end[name][0])),
            None if end[name][1] is None else start[name][1] + (end[name][1] - start[name][1]) * t,
        )
        for name in end
    }
    return poses, None if elapsed >= seconds else (start, end, elapsed, seconds)


def _poses(data: dict[str, Any]) -> Poses:
    """Shape name -> ((x, y), angle in radians or None) from a layout."""
    return {
        name: (tuple(entry["position"]), math.radians(entry["angle"]) if "angle" in entry else None)
        for name, entry in data["shapes"].items()
    }
