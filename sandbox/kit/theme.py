"""The colours and scales a scene draws with: one Theme object, passed in, never a global.

The same colour means the same thing in every scene (MEANINGS): shape A and shape B each their
own, max corner red, min corner yellow, overlap grey, separating axis and "apart" green, MTV,
penetration and "colliding" purple. Everything else (handles, normals, candidates, straddlers,
a flawed method's claim, GJK's simplex and direction) takes a neutral colour (NEUTRAL) and is
told apart by its label, width or fill. RGBA, 0-255.

Each theme (dark, projector) comes in two palettes: "standard" and "colour-blind", which takes
its hues from Okabe and Ito's set (distinct under the common kinds of colour blindness) and
draws B's lines dashed, so A and B differ by more than hue.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

Color = tuple[int, int, int, int]

DASH = 11
"""Pixels of each dash of B's lines in the colour-blind palette."""

GAP = 7
"""Pixels between those dashes."""


@dataclass(frozen=True)
class Theme:
    name: str
    background: Color
    shape_a: Color
    shape_b: Color
    highlight: Color
    max_corner: Color
    min_corner: Color
    overlap: Color
    separating: Color
    mtv: Color
    axis: Color
    guide: Color
    text: Color
    dim_text: Color
    caption_back: Color
    help_back: Color
    line_scale: float
    """Line widths are multiplied by this: the projector theme draws thicker lines."""

    label_scale: float
    """Label sizes are multiplied by this (and by the presenter font scale)."""

    imgui_style: str
    """Which of ImGui's built-in styles the panel takes: "dark" or "light"."""

    palette: str = "standard"
    """"standard", or "colour-blind" (see the module docstring)."""

    dashed_b: bool = False
    """Whether B's outlines and shadows are drawn dashed (sandbox.app.dashes)."""

    def shape(self, name: str) -> Color:
        """The colour of shape ``name``: A's, B's, or A's for any other."""
        return self.shape_b if name == "B" else self.shape_a


DARK = Theme(
    name="dark",
    background=(22, 24, 29, 255),
    shape_a=(74, 144, 226, 255),
    shape_b=(236, 152, 54, 255),
    highlight=(255, 255, 255, 255),
    max_corner=(226, 62, 62, 255),
    min_corner=(246, 214, 62, 255),
    overlap=(158, 158, 158, 255),
    separating=(72, 204, 104, 255),
    mtv=(176, 92, 226, 255),
    axis=(190, 190, 190, 255),
    guide=(110, 114, 124, 255),
    text=(230, 232, 236, 255),
    dim_text=(150, 154, 162, 255),
    caption_back=(10, 12, 16, 210),
    help_back=(10, 12, 16, 235),
    line_scale=1.0,
    label_scale=1.0,
    imgui_style="dark",
)

PROJECTOR = Theme(
    name="projector",
    background=(250, 250, 246, 255),
    shape_a=(20, 90, 200, 255),
    shape_b=(210, 90, 0, 255),
    highlight=(0, 0, 0, 255),
    max_corner=(205, 20, 20, 255),
    min_corner=(190, 150, 0, 255),
    overlap=(100, 100, 100, 255),
    separating=(0, 145, 55, 255),
    mtv=(135, 35, 185, 255),
    axis=(60, 60, 60, 255),
    guide=(160, 160, 160, 255),
    text=(15, 15, 15, 255),
    dim_text=(80, 80, 80, 255),
    caption_back=(255, 255, 255, 225),
    help_back=(255, 255, 255, 240),
    line_scale=1.6,
    label_scale=1.3,
    imgui_style="light",
)

THEMES = {theme.name: theme for theme in (DARK, PROJECTOR)}

PALETTES = ("standard", "colour-blind")
"""The palettes every theme comes in; --palette and the panel choose one."""

# Okabe and Ito, "Color Universal Design" (2002): eight colours told apart by every common
# kind of colour vision. A and B take blue and orange, the pair they keep apart best.
_OKABE_ITO = {
    "black": (0, 0, 0, 255),
    "orange": (230, 159, 0, 255),
    "sky_blue": (86, 180, 233, 255),
    "bluish_green": (0, 158, 115, 255),
    "yellow": (240, 228, 66, 255),
    "blue": (0, 114, 178, 255),
    "vermillion": (213, 94, 0, 255),
    "reddish_purple": (204, 121, 167, 255),
}

_COLOUR_BLIND = {
    # On the dark screen the lighter blue; red and green become vermillion and bluish green.
    "dark": dict(shape_a="sky_blue", shape_b="orange", max_corner="vermillion", min_corner="yellow",
                 separating="bluish_green", mtv="reddish_purple"),
    # On white, yellow and sky blue fade: B takes vermillion and the min corner orange, and
    # the max corner (red elsewhere) the darkest colour left, black; so a hovered shape's
    # outline (black elsewhere on white) takes sky blue, which an outline's width carries.
    "projector": dict(shape_a="blue", shape_b="vermillion", max_corner="black", min_corner="orange",
                      separating="bluish_green", mtv="reddish_purple", highlight="sky_blue"),
}


MEANINGS = {
    "shape_a": "shape A (and any other shape)",
    "shape_b": "shape B (the moving one)",
    "max_corner": "max corner: the largest projection (a support point)",
    "min_corner": "min corner: the smallest projection",
    "overlap": "overlap: shadows that overlap",
    "separating": "separating axis, gap: apart",
    "mtv": "MTV, penetration: colliding",
}
"""What each meaningful colour role means, in every scene: the legend says this."""

NEUTRAL = ("highlight", "axis", "guide", "text", "dim_text")
"""Roles that mean nothing by colour: handles, normals, labels, lines told apart otherwise."""


class LegendEntry(NamedTuple):
    """One line of a figure's legend: a colour and what it means."""

    role: str
    words: str
    color: Color


def legend(theme: "Theme", used: Iterable[Sequence[int]]) -> tuple[LegendEntry, ...]:
    """The legend of a figure drawn in ``theme`` with the colours ``used`` (RGBA tuples, faded
    or not): each meaningful role whose colour the figure drew, in MEANINGS' order."""
    hues = {tuple(color[:3]) for color in used}
    return tuple(
        LegendEntry(role, words, getattr(theme, role)) for role, words in MEANINGS.items() if tuple(getattr(theme, role)[:3]) in hues
    )


def with_palette(theme: Theme, palette: str) -> Theme:
    """``theme`` (DARK or PROJECTOR) in ``palette``, one of PALETTES; ValueError names the choices."""
    if palette not in PALETTES:
        raise ValueError(f"no palette {palette!r}; choose one of {', '.join(PALETTES)}")
    if palette == "standard":
        return THEMES[theme.name]
    # Any: mypy checks **hues against every field of Theme, not only the colour roles it holds.
    hues: dict[str, Any] = {role: _OKABE_ITO[colour] for role, colour in _COLOUR_BLIND[theme.name].items()}
    return replace(THEMES[theme.name], palette=palette, dashed_b=True, **hues)


def faded(color: Color, alpha: int) -> Color:
    """``color`` with its alpha replaced, for fills under outlines."""
    return color[:3] + (alpha,)


def imgui_color(color: Color) -> tuple[float, ...]:
    """``color`` as the 0-1 floats ImGui takes."""
    return tuple(c / 255 for c in color)
