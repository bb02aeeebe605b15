"""Framing a figure drawn alone: the area it gets in a picture and the view that fits it there.

The app's window (a handout's picture, ``--screenshot`` of the figure alone) and the kit's
``Scene.to_svg`` both frame with these, so a vector figure and the screenshot show the same
part of the world at the same size. Pixels are y up, as the window's; sizes are at presenter
font scale 1 and grow with it.
"""

VERDICT = 44
"""The verdict line at the top of the window (under the title when there is one)."""

FIT_MARGIN = 12
"""Pixels kept clear round the framed region inside its area."""

MIN_ZOOM, MAX_ZOOM = 0.1, 10.0
"""Pixels per world unit, at least and at most."""


def figure_area(width: float, height: float, scale: float) -> tuple[float, float, float, float]:
    """The window rectangle (x0, y0, x1, y1) left for the figure when it is drawn alone (a
    handout's picture): all of it but the verdict line at the top and a margin."""
    margin = 12 * scale
    return (margin, margin, width - margin, height - (VERDICT + 6) * scale)


def fit(
    region: tuple[float, float, float, float], area: tuple[float, float, float, float], margin: float = FIT_MARGIN
) -> tuple[tuple[float, float], float]:
    """The view, (centre, zoom), that shows world ``region`` (x0, y0, x1, y1) as large as the
    window rectangle ``area`` allows less ``margin`` pixels all round; the zoom is held
    between MIN_ZOOM and MAX_ZOOM. The region's centre goes to the area's."""
    x0, y0, x1, y1 = region
    width = max(area[2] - area[0] - 2 * margin, 1.0)
    height = max(area[3] - area[1] - 2 * margin, 1.0)
    zoom = min(max(min(width / (x1 - x0), height / (y1 - y0)), MIN_ZOOM), MAX_ZOOM)
    return ((x0 + x1) / 2, (y0 + y1) / 2), zoom


def label_scale(theme_scale: float, font_scale: float, zoom: float) -> float:
    """How much larger than 1x a figure's labels are drawn: the theme's scale times the
    presenter font scale, but no larger than the figure itself is drawn (``zoom`` pixels a
    world unit, 2.2 and up allowing all of it), or the names would bury the shapes."""
    return theme_scale * min(font_scale, max(1.0, 2.2 * zoom))
