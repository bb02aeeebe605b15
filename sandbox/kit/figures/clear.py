"""Lines and outlines a scene draws besides its shapes, which its labels keep off too."""

from collections.abc import Sequence

from collision import Capsule
from sandbox.kit.labels import Outline
from sandbox.kit.painter import Painter, Point


def keep_clear(painter: Painter, *outlines: Outline) -> None:
    """Keep the figure's labels off ``outlines`` (a pose's ghost, a path, a guide line). Only a
    label layout places labels; any other painter has none to keep off, and this does nothing."""
    keep_off = getattr(painter, "keep_off", None)
    if keep_off is not None:
        for outline in outlines:
            keep_off(outline)


def line(start: Sequence[float], end: Sequence[float], width: float) -> Capsule | None:
    """The band a line ``width`` world units wide covers from ``start`` to ``end``, as an outline
    labels keep off; None for a line of no length (it covers nothing a label could cross)."""
    if (start[0], start[1]) == (end[0], end[1]):
        return None
    return Capsule((start[0], start[1]), (end[0], end[1]), width / 2)


def keep_lines_clear(painter: Painter, lines: Sequence[tuple[Point, Point]], width: float) -> None:
    """``keep_clear`` for lines ``width`` world units wide, each (start, end)."""
    keep_clear(painter, *(band for band in (line(start, end, width) for start, end in lines) if band is not None))


def avoid_lines(painter: Painter, lines: Sequence[tuple[Point, Point]], width: float = 1) -> None:
    """Keep the figure's labels off ``lines`` (each (start, end), ``width`` pixels) where they
    can: a label crosses one rather than shrink or leave (labels.LabelLayout.avoid)."""
    avoid = getattr(painter, "avoid", None)
    if avoid is not None:
        for start, end in lines:
            avoid(start, end, width)
