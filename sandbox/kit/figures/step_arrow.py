"""A moving shape B with its step drawn as an arrow to a draggable tip d that travels with it:
fast-moving's and time-of-impact's displacement over one frame."""

import math

from collision import Vector

from sandbox.kit import Scene


class CarriedStep(Scene):
    """A scene whose handle "d" is the tip of B's step: dragging B carries d along, so the
    step stays the same; d may not sit on B's centre (a step needs a length)."""

    def constrain(self, name: str, point: tuple[float, float]) -> tuple[float, float]:
        if math.dist(point, self.shapes["B"].position) < 10:
            raise ValueError("must be at least 10 units from B's centre")
        return point

    def move(self, name: str, point: tuple[float, float]) -> None:
        if name != "B":
            super().move(name, point)
            return
        before = self.shapes["B"].position
        super().move(name, point)
        after = self.shapes["B"].position
        tip = self.points["d"]
        self.points["d"] = Vector(tip.x + after[0] - before[0], tip.y + after[1] - before[1])
