"""Many boxes moving in a bounded world: what the broad-phase scenes share.

A swarm scene declares ``world`` and a ``count`` setting (and a hidden ``focus``); it gets the
objects, their motion and bounces, picking and dragging by number, a click in empty space
adding one, and the object in focus (hovered, else clicked, else the layout's ``focus``).
"""

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from sandbox.kit import Action, Painter, Scene, faded
from sandbox.kit.painter import Point
from sandbox.kit.theme import Color
from sandbox.kit.view import Bounds

Floats = NDArray[np.float64]
"""An array of floats: (N, 2) corners, sizes or velocities, or (N, 4) boxes."""

Rows = Sequence[int] | NDArray[np.integer[Any]] | NDArray[np.bool_]
"""Which objects: their numbers, or a mask with one entry an object."""

FULL = 1000
"""Up to this many objects keep their full size, 6 to 26 units; beyond it they shrink, so the
world stays as crowded as at 1,000 instead of filling up (10,000 full-size boxes would cover
it five times over and every box would touch dozens)."""

SIZES = (6.0, 26.0)
"""The smallest and largest side of a full-size object."""

DOTS = 2000
"""Above this many objects each is drawn as a dot of its colour, not an outline."""

SPEED = 60.0
"""The fastest an object moves along x or y, world units a second."""


def spawn(rng: np.random.Generator, count: int, world: Bounds) -> tuple[Floats, Floats, Floats]:
    """Lower-left corners, full sizes and velocities of ``count`` new objects in ``world``."""
    size = rng.uniform(*SIZES, (count, 2))
    position = rng.uniform(np.array(world[:2]), np.array(world[2:]) - size)
    velocity = rng.uniform(-SPEED, SPEED, (count, 2))
    return position, size, velocity


def shrink(count: int) -> float:
    """How much smaller than full size ``count`` objects are drawn and tested."""
    return min(1.0, math.sqrt(FULL / max(count, 1)))


def outlines(boxes: Floats) -> Floats:
    """The four sides of each box as (x0, y0, x1, y1) rows, four rows a box."""
    x0, y0, x1, y1 = boxes.T
    return np.stack([np.stack(side, axis=1) for side in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0))], axis=1).reshape(-1, 4)


def paint(colors: NDArray[np.uint8], rows: Rows, color: Color) -> None:
    """Set ``rows`` of the (N, 4) uint8 ``colors`` to ``color``, each row as one 32-bit word
    (numpy assigns four bytes a row six times slower, for thousands of rows a frame)."""
    colors.view(np.uint32)[rows, 0] = np.array(color, dtype=np.uint8).view(np.uint32)[0]


def fill_box(painter: Painter, box: Sequence[float] | Floats, color: Color, alpha: int, width: float = 2) -> None:
    """Box ``(x0, y0, x1, y1)`` outlined in ``color`` and filled with it at ``alpha``: an object marked."""
    x0, y0, x1, y1 = box
    painter.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color, faded(color, alpha), width)


class Swarm(Scene):
    """A scene of ``settings["count"]`` boxes moving in ``world``, bouncing off its walls."""

    world = (-620.0, -340.0, 170.0, 340.0)
    """The bounded world the objects move in."""

    most = 10_000
    """The most objects the count slider (and clicking) may make."""

    seed = 2012
    animated = True
    actions = (Action("step_frame", "Step one frame", help="P pauses and resumes"),)

    def setup(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.position, self.size, self.velocity = spawn(self.rng, self.settings["count"], self.world)

    def settle(self) -> None:
        self.follow_count()

    def sizes(self) -> Floats:
        """Each object's width and height now: its full size, shrunk for a crowd."""
        return self.size * shrink(len(self.size))

    def boxes(self) -> Floats:
        """Every object's (min_x, min_y, max_x, max_y): an (N, 4) array."""
        boxes = np.empty((len(self.position), 4))
        # Each (x, y) pair moved as one complex number: numpy copies pairs into the rows of an
        # (N, 4) array five times slower (10,000 objects, every frame).
        pairs = boxes.view(np.complex128)
        pairs[:, 0] = np.ascontiguousarray(self.position).view(np.complex128)[:, 0]
        pairs[:, 1] = (self.position + self.sizes()).view(np.complex128)[:, 0]
        return boxes

    def draw_objects(self, painter: Painter, boxes: Floats, colors: NDArray[np.uint8]) -> None:
        """Every object of ``boxes`` in its colour: outlined, or past DOTS, too small and
        crowded for outlines to read, a dot each."""
        if len(boxes) <= DOTS:
            painter.lines(outlines(boxes), np.repeat(colors, 4, axis=0))
        else:
            painter.rects(boxes, colors)

    def pick(self, point: Point, reach: float) -> str | None:
        """The topmost object holding ``point`` (anywhere inside it), by its number."""
        x, y = point
        # Column by column, with no (N, 4) array of boxes made: the mouse moves many times a frame.
        low_x, low_y = self.position.T
        high = self.position + self.sizes()
        inside = np.flatnonzero((low_x <= x) & (x <= high[:, 0]) & (low_y <= y) & (y <= high[:, 1]))
        return str(inside[-1]) if len(inside) else None

    def position_of(self, name: str) -> Point:
        x, y = self.position[int(name)] + self.sizes()[int(name)] / 2
        return (x, y)

    def _inside(self, corners: Floats, sizes: Floats) -> Floats:
        return np.clip(corners, np.array(self.world[:2]), np.array(self.world[2:]) - sizes)

    def move(self, name: str, point: Point) -> None:
        i = int(name)
        size = self.sizes()[i]
        self.position[i] = self._inside(np.asarray(point) - size / 2, size)
        self.velocity[i] = 0  # put down by hand, it stays

    def click(self, point: Point) -> None:
        """Clicking empty space adds an object there and drops the focus."""
        if len(self.position) < self.most:
            position, size, velocity = spawn(self.rng, 1, self.world)
            self._append(position, size, velocity)
            self.position[-1] = self._inside(np.asarray(point) - self.sizes()[-1] / 2, self.sizes()[-1])
            self.settings["count"] = len(self.position)
        self.settings["focus"] = -1

    def _append(self, position: Floats, size: Floats, velocity: Floats) -> None:
        self.position, self.size, self.velocity = (np.vstack(pair) for pair in ((self.position, position), (self.size, size), (self.velocity, velocity)))

    def step_frame(self) -> None:
        """One frame on, paused or not."""
        self.update(1 / 60)

    def update(self, dt: float) -> None:
        self.position += self.velocity * dt
        sizes = self.sizes()
        # Axis by axis (numpy's loops over a last axis of two are slow): bounce off the walls,
        # reversing the velocity of whatever went out, and put it back in.
        for axis in (0, 1):
            position, velocity = self.position[:, axis], self.velocity[:, axis]
            low, high = self.world[axis], self.world[axis + 2] - sizes[:, axis]
            velocity[(position < low) | (position > high)] *= -1
            np.clip(position, low, high, out=position)

    def follow_count(self) -> None:
        """Match the objects to the count setting (the slider, a layout or a step changed it)."""
        count = self.settings["count"]
        if count < len(self.position):
            self.position, self.size, self.velocity = self.position[:count], self.size[:count], self.velocity[:count]
        elif count > len(self.position):
            self._append(*spawn(self.rng, count - len(self.position), self.world))
        else:
            return
        # Fewer objects are larger: keep the grown ones inside the world.
        self.position = self._inside(self.position, self.sizes())

    def focus(self) -> int | None:
        """The object in focus: hovered, else clicked, else the layout's; None if there is none."""
        name = self.hovered if self.hovered is not None else self.selected
        focus = int(name) if name is not None else self.settings["focus"]
        return focus if 0 <= focus < len(self.position) else None
