"""Where things sit on the window: the panel, the text bands, and the free area left for the figure.

The session uses these numbers to frame the figure, the window to place its labels, so the
two always agree. Sizes are pixels at presenter font scale 1 and grow with it.
"""

# The verdict line and the figure drawn alone are the kit's: Scene.to_svg frames with them too.
from sandbox.kit.framing import VERDICT, figure_area

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

LINE = 1.25
"""A caption's line height, in ems."""


def panel_width(width, scale):
    """The panel's width in a window ``width`` pixels wide: it grows with the font scale, up to 60%."""
    return min(PANEL_WIDTH * scale, width * 0.6)


def caption_height(caption, width, scale):
    """Pixels a caption wrapped into ``width`` takes, with its band's padding; 0 without one."""
    if not caption:
        return 0.0
    size = CAPTION_SIZE * scale * 96 / 72  # font sizes are points; a 96 dpi pixel is smaller
    per_line = max(int(width / (LETTER * size)), 10)
    lines = 0
    for paragraph in caption.split("\n"):
        # Wrapped word by word, as the label wraps it: a word that does not fit starts a line.
        used = None
        for word in paragraph.split():
            if used is None or used + 1 + len(word) > per_line:
                lines, used = lines + 1, len(word)
            else:
                used += 1 + len(word)
        lines += used is None
    return lines * size * LINE + 16


def text_width(width, scale, panel_shown):
    """How wide the caption may run: the window less the panel."""
    return width - (panel_width(width, scale) if panel_shown else 0) - 30


def free_area(width, height, scale, panel_shown, caption=""):
    """The window rectangle (x0, y0, x1, y1) left for the figure, y up."""
    right = width - (panel_width(width, scale) if panel_shown else 0)
    bottom = HINTS * scale + caption_height(caption, text_width(width, scale, panel_shown), scale)
    top = height - (TITLE + VERDICT) * scale
    return (0.0, bottom, right, max(top, bottom + 1))
