"""F1's box: every row of the key table, laid out on the canvas between the top of the window
and the caption band, so that none of it runs over the caption (at 1280x720 its last lines,
"W: Walk on", were written over a step's caption)."""

from dataclasses import dataclass

import pyglet
from pyglet import shapes

from sandbox.kit.theme import Theme

MARGIN = 10
"""Pixels kept clear above the caption band and below the window's top."""

PAD = 12
"""Pixels of the box round its text."""

GAP = 30
"""Pixels between two columns."""

LEAST = 7
"""The smallest font size tried, in points: below it the box is read no better than not at all."""


@dataclass
class HelpBox:
    """The box as laid out: its batch, the rectangle behind the text and the text's one or
    two columns (multiline labels)."""

    batch: pyglet.graphics.Batch
    backing: shapes.Rectangle
    columns: list[pyglet.text.Label]


def split(rows: list[str]) -> tuple[list[str], list[str]]:
    """The rows in two columns of about as many characters each, in order."""
    total, used = sum(map(len, rows)), 0
    for index, row in enumerate(rows):
        used += len(row)
        if used >= total / 2:
            return rows[: index + 1], rows[index + 1:]
    return rows, []


def sizes(scale: float) -> list[int]:
    """The font sizes tried, largest first: the presenter's, then a tenth smaller each, to LEAST."""
    found = [round(12 * scale)]
    while found[-1] > LEAST:
        found.append(max(min(round(found[-1] * 0.9), found[-1] - 1), LEAST))
    return found


def lay_out(rows: list[str], theme: Theme, scale: float, left: float, width: float, bottom: float, top: float) -> HelpBox:
    """The box for ``rows`` (its title first) in the rectangle from x ``left``, ``width`` wide,
    between heights ``bottom`` and ``top``: one column at the presenter's size where it fits,
    else two, else two in smaller type (a line wrapped is a line lost, a line cut worse)."""
    room = top - bottom - 2 * MARGIN - 2 * PAD
    batch = pyglet.graphics.Batch()
    front = pyglet.graphics.Group(order=1)
    tries = [(size, parts) for size in sizes(scale) for parts in ([rows], list(split(rows)))]
    for size, parts in tries:
        across = (width - 2 * PAD - GAP * (len(parts) - 1)) / len(parts)
        columns = [pyglet.text.Label("\n".join(part), font_size=size, color=theme.text, multiline=True,
                                     width=max(round(across), 100), anchor_y="top", batch=batch, group=front)
                   for part in parts if part]
        tall = max(column.content_height for column in columns)
        if tall <= room or (size, parts) == tries[-1]:
            break
        for column in columns:
            column.delete()
    # Centred in the room between the window's top and the caption band.
    box_top = round(top - MARGIN - max(0.0, room - tall) / 2)
    x = left + PAD
    for column in columns:
        column.x, column.y = round(x), box_top - PAD
        x += column.width + GAP
    right = max(column.x + column.content_width for column in columns) + PAD
    backing = shapes.Rectangle(left, box_top - tall - 2 * PAD, right - left, tall + 2 * PAD, color=theme.help_back, batch=batch)
    return HelpBox(batch, backing, columns)
