"""The class on the projector (``--class``): the students' address as a QR code and as text,
how many joined and voted, and once the answer is revealed the spread of the votes, each round
beside the last. Drawn by the window over the figure's top right corner; the Room's numbers
are read at most twice a second."""

import time

import pyglet
import segno
from pyglet import shapes

from sandbox.app.classroom.follow import Follow

READ_EVERY = 0.5
"""Seconds between two reads of the class's votes while the lesson stays put."""


class Board:
    """What the window shows of ``room``; ``students`` is the address the QR code gives."""

    def __init__(self, session, room, students: str, teacher: str) -> None:
        self.room, self.students, self.teacher = room, students, teacher
        self.follow = Follow(session, room)
        self._matrix = segno.make(students, error="m").matrix
        self._votes, self._read, self._version = room.votes(), 0.0, room.version
        self._drawn = None
        self._batch: pyglet.graphics.Batch | None = None
        """Made at the first draw, in the window's GL context."""
        self._items: list = []

    def tick(self) -> None:
        """Keep the window and the class on one step; read the votes now and then, and at once
        when the lesson moved (a reveal shows the spread in the same frame)."""
        self.follow.step()
        now = time.monotonic()
        if now - self._read > READ_EVERY or self.room.version != self._version:
            self._votes, self._read, self._version = self.room.votes(), now, self.room.version

    def summary(self) -> str:
        """The teacher's lines: who joined and voted, each round's spread, the teacher's page."""
        votes = self._votes
        lines = [f"Class: {votes['joined']} joined, {votes['present']} here now" + (f", {votes['voted']} voted this round" if votes["choices"] or self.room.step.question else "")]
        for spread in votes["rounds"]:
            lines.append(f"Round {spread['round']}: " + ", ".join(f"{choice} {count}" for choice, count in _ordered(spread["counts"], votes["choices"])))
        lines.append(f"Students: {self.students}    Teacher's page: {self.teacher}")
        return "\n".join(lines)

    def draw(self, width: float, height: int, scale: float, theme) -> None:
        """Draw in the top right corner of the window's ``width`` left of its panel, laid out
        again only when something changed."""
        shown = (width, height, scale, theme.name, repr(self._votes))
        if shown != self._drawn:
            self._drawn = shown
            self._layout(width, height, scale, theme)
        self._batch.draw()

    def _layout(self, width, height, scale, theme) -> None:
        self._batch = pyglet.graphics.Batch()
        items, votes = [], self._votes
        side = min(height * 0.24, 220 * scale)
        modules = len(self._matrix) + 8  # the quiet zone the standard asks: four modules each side
        cell = side / modules
        right, top = width - 12, height - 12 - 40 * scale  # below the verdict line
        x0, y0 = right - side, top - side
        items.append(shapes.Rectangle(x0, y0, side, side, color=(255, 255, 255, 255), batch=self._batch))
        for row, bits in enumerate(self._matrix):
            for column, bit in enumerate(bits):
                if bit & 1:
                    items.append(shapes.Rectangle(x0 + (column + 4) * cell, top - (row + 5) * cell, cell + 0.3, cell + 0.3,
                                                  color=(0, 0, 0, 255), batch=self._batch))
        size = 11 * scale
        lines = [self.students, f"{votes['joined']} joined" + (f", {votes['voted']} voted" if self.room.step.question else "")]
        if votes["revealed"]:
            # After the reveal: the spread, each round beside the one before.
            for spread in votes["rounds"]:
                total = sum(spread["counts"].values())
                lines.append(f"Round {spread['round']} ({total}): " + "  ".join(f"{c} {n}" for c, n in _ordered(spread["counts"], votes["choices"])))
        y, left = y0 - 6, x0
        for line in lines:
            label = pyglet.text.Label(line, font_size=size, x=right, y=y, anchor_x="right", anchor_y="top",
                                      color=tuple(theme.text[:3]) + (255,), batch=self._batch)
            items.append(label)
            y -= label.content_height + 2
            left = min(left, right - label.content_width)
        if votes["revealed"]:
            y = self._bars(items, votes, right, y - 4, side, size, theme)
        back = shapes.Rectangle(left - 8, y - 4, right - left + 16, top - y + 12, color=tuple(theme.caption_back[:3]) + (235,),
                                batch=self._batch, group=pyglet.graphics.Group(order=-1))
        items.append(back)
        self._items = items

    def _bars(self, items, votes, right, y, side, size, theme) -> float:
        """The latest round's spread as bars, the answer's in the overlap colour."""
        counts = votes["counts"]
        total = max(sum(counts.values()), 1)
        for choice, count in _ordered(counts, votes["choices"]):
            length = side * 0.6 * count / total
            colour = theme.overlap if choice == votes["answer"] else theme.guide
            items.append(shapes.Rectangle(right - side * 0.6, y - size * 1.3, max(length, 1), size * 1.1, color=tuple(colour[:3]) + (255,), batch=self._batch))
            items.append(pyglet.text.Label(choice, font_size=size, x=right - side * 0.6 - 6, y=y - size * 1.3, anchor_x="right",
                                           color=tuple(theme.text[:3]) + (255,), batch=self._batch))
            y -= size * 1.6
        return y


def _ordered(counts: dict, choices: list) -> list[tuple[str, int]]:
    """The counts in the question's order of choices (every choice, none left out), else by name."""
    names = choices or sorted(counts)
    return [(name, counts.get(name, 0)) for name in names]
