"""What the app tells a scene about the window: the part of the world its figure may use, and
what is under the pointer. Its own module so that the renderers (the SVG figure) need not
import the Scene that calls them."""

from dataclasses import dataclass
from typing import NamedTuple

Bounds = tuple[float, float, float, float]


class View(NamedTuple):
    """The part of the world the figure may use: the free area of the window, in world units."""

    rect: Bounds
    """(min_x, min_y, max_x, max_y) of the free area."""

    pixel: float
    """World units per screen pixel, for sizing labels and gaps."""

    text_scale: float = 1.0
    """How much larger than 1x labels are drawn (theme and presenter font scale)."""

    least_points: float = 0.0
    """The smallest text the medium shows, in points as drawn (text_scale included): on paper
    what prints at 8 pt (handout._Layout.least_points), 0 on screen."""


@dataclass(frozen=True)
class Context:
    """What the app tells a scene besides its own state: passed to ``compute``, never stored
    by the scene itself. Equal contexts give equal results."""

    view: View
    hover: str | None = None
    """The handle or shape under the pointer, by name."""

    selection: str | None = None
    """The last one grabbed or clicked, by name."""
