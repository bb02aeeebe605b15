"""Where things sit on the window: the panel, the text bands, and the free area left for the figure.

The session uses these numbers to frame the figure, the window to place its labels, so the
two always agree. Sizes are pixels at presenter font scale 1 and grow with it.
"""

# The verdict line and the figure drawn alone are the kit's: Scene.to_svg frames with them too.
from sandbox.kit.framing import VERDICT, figure_area
from sandbox.kit.view import Bounds

PANEL_WIDTH = 470
"""The panel's width at font scale 1."""

TITLE = 34
"""The title band at the top."""

HINTS = 44
"""The key hints and the status line at the bottom."""

CAPTION_SIZE = 18
"""A walkthrough caption's font size, in points."""

LETTER = 0.56
"""A generous average letter width, in ems, for estimating where a caption wraps."""

LINE = 1.27
"""A caption's line height, in ems: pyglet sets 13 points (a long caption at 0.7 of 18) 22 pixels apart."""


HEADER_SHARE = 0.18
"""The most of the window's height the title and the verdict take: at 3x in a 720-pixel window
their full size would take a third of it."""

HINTS_SHARE = 0.07
"""The most of the window's height the key hints and the status line take."""

CAPTION_SHARE = 0.2
"""The most of the window's height a caption takes: a longer one is set smaller.
With the bands above, the figure keeps over half the window."""


def header_scale(scale: float, height: float) -> float:
    """The font scale of the title and the verdict in a window ``height`` pixels tall."""
    return max(1.0, min(scale, HEADER_SHARE * height / (TITLE + VERDICT)))


def hints_scale(scale: float, height: float) -> float:
    """The font scale of the key hints and the status line."""
    return max(1.0, min(scale, HINTS_SHARE * height / HINTS))


SMALLEST_CAPTION = 0.6
"""The least font scale a caption is set at to keep to its share (a question and its answer
beside a 3x panel need it)."""


def caption_scale(caption: str, width: float, scale: float, height: float) -> float:
    """The font scale a caption is set at: the presenter's, or less (down to SMALLEST_CAPTION)
    where its lines wrapped into ``width`` would take more than CAPTION_SHARE of the height."""
    while scale > SMALLEST_CAPTION and caption_height(caption, width, scale) > CAPTION_SHARE * height:
        scale = max(SMALLEST_CAPTION, round(scale - 0.05, 2))
    return scale


FOLD_SCALE = 2.0
"""From this font scale up (and with --present) the canvas has the window: the panel folds to
a strip at the right edge, which the teacher opens (a click, or F10)."""

STRIP = 30
"""The folded panel's strip, in pixels at font scale 1 (it grows with the scale, up to 2x)."""


def strip_width(scale: float, panel_shown: bool) -> float:
    """Pixels the folded panel's strip takes: none while the panel shows, or below FOLD_SCALE
    (hidden at 1x the panel is F10's business, as ever)."""
    return 0.0 if panel_shown or scale < FOLD_SCALE else STRIP * min(scale, 2.0)


def panel_width(width: float, scale: float) -> float:
    """The panel's width in a window ``width`` pixels wide: it grows with the font scale, up to 60%."""
    return min(PANEL_WIDTH * scale, width * 0.6)


def caption_height(caption: str, width: float, scale: float) -> float:
    """Pixels a caption wrapped into ``width`` takes, with its band's padding; 0 without one."""
    if not caption:
        return 0.0
    size = round(CAPTION_SIZE * scale) * 96 / 72  # whole points, as the window sets them; a 96 dpi pixel is smaller
    per_line = max(int(width / (LETTER * size)), 10)
    lines = 0
    for paragraph in caption.split("\n"):
        # Wrapped word by word, as the label wraps it: a word that does not fit starts a line.
        used: int | None = None
        for word in paragraph.split():
            if used is None or used + 1 + len(word) > per_line:
                lines, used = lines + 1, len(word)
            else:
                used += 1 + len(word)
        lines += used is None
    return lines * size * LINE + 16


LEGEND_WIDTH = 290
"""The colour legend's width at font scale 1, when it is shown (L)."""


def legend_width(width: float, scale: float, shown: bool) -> float:
    """Pixels the colour legend takes at the right of the figure: up to 30% of the window; 0 when hidden."""
    return min(LEGEND_WIDTH * scale, width * 0.3) if shown else 0.0


def text_width(width: float, scale: float, panel_shown: bool) -> float:
    """How wide the caption may run: the window less the panel (or its folded strip)."""
    return width - (panel_width(width, scale) if panel_shown else strip_width(scale, panel_shown)) - 30


def free_area(width: float, height: float, scale: float, panel_shown: bool, caption: str = "", legend: bool = False) -> Bounds:
    """The window rectangle (x0, y0, x1, y1) left for the figure, y up: below the title and
    verdict, above the caption and the key hints, each within its share of the height, and
    left of the colour legend when it is shown."""
    right = width - (panel_width(width, scale) if panel_shown else strip_width(scale, panel_shown)) - legend_width(width, scale, legend)
    room = text_width(width, scale, panel_shown)
    bottom = HINTS * hints_scale(scale, height) + caption_height(caption, room, caption_scale(caption, room, scale, height))
    top = height - (TITLE + VERDICT) * header_scale(scale, height)
    return (0.0, bottom, right, max(top, bottom + 1))
