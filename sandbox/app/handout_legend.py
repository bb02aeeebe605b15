"""A handout's colour legend, made from the lesson's own figures: only the colours its steps
draw with (the kit's rule, Scene.legend, as the window's L legend), and beside each the names
its scenes write in that colour, scene by scene ("a" in the vectors scene, "A" in projection).
A generic legend called the vectors lesson's vectors "A and B"."""

import html
import re
from typing import Any

from sandbox.app import seen
from sandbox.kit.painter import RecordingPainter
from sandbox.kit.theme import with_palette

ROLES = (
    ("shape_a", "blue", "the first of a pair, and any other shape", "solid outline"),
    ("shape_b", "orange", "the second of a pair (often the one that moves)", "dashed in the greyscale layout"),
    ("max_corner", "red", "the largest projection (max corner), a support point", "one end of a shadow"),
    ("min_corner", "yellow", "the smallest projection (min corner)", "the other end"),
    ("overlap", "grey", "where two shadows overlap", "already grey"),
    ("separating", "green", "a separating axis: its shadows leave a gap", "named in the verdict line; a hollow bar in the greyscale layout"),
    ("mtv", "purple", "the MTV (the shortest way out), and what collides", "an arrow, named in the verdict line"),
)
"""The colours a figure speaks in, by the theme's role: the word the lessons call each by, what
it means, and what carries the same without hue."""

NAMES_A_SCENE = 4
"""The most names listed for one colour in one scene (a swarm writes a number on each object)."""


class Drawn:
    """What a lesson's figures draw in each legend colour, gathered step by step."""

    def __init__(self) -> None:
        self.names: dict[str, dict[str, list[str]]] = {}
        """role -> scene title -> the names written in that colour, in order, each once."""

    def add(self, session: Any) -> None:
        """Add the figure ``session`` shows now (its Report computed, its question open or revealed)."""
        # Told apart in the standard palette, whose roles differ from each other and from the
        # neutral colours: the greyscale layout's max corner (the colour-blind palette's black)
        # is its highlight's black too, and its legend said every black outline of the broad
        # phases was "red: the largest projection".
        theme = with_palette(session.theme, "standard")
        title = session.scene.title
        for entry in session.scene.legend(theme):
            self.names.setdefault(entry.role, {}).setdefault(title, [])
        painter = RecordingPainter()
        session.scene.paint(painter, theme)
        roles = {tuple(getattr(theme, role)[:3]): role for role in self.names}
        for _, _, text, colour, *_ in painter.of("text"):
            role, name = roles.get(tuple(colour[:3])), _name(text)
            names = self.names.get(role, {}).get(title)
            if names is not None and name and name not in names:
                names.append(name)

    def html(self, theme: Any, greyscale: bool) -> str:
        """The legend as a section: the colours the lesson draws with, in the theme the pictures
        were drawn in; the greyscale layout says which grey each prints as (its captions leave
        their colour asides out: without_colour_asides)."""
        rows = "".join(
            f'<tr><td><span class="swatch" style="background: rgb{getattr(theme, role)[:3]}"></span> {word}</td>'
            f"<td>{html.escape(meaning)}</td><td>{html.escape(self._where(role))}</td>"
            + (f"<td>{tone(getattr(theme, role))}</td>" if greyscale else "")
            + f"<td>{html.escape(style)}</td></tr>"
            for role, word, meaning, style in ROLES
            if role in self.names
        )
        head = ('<th scope="col">colour</th><th scope="col">means</th><th scope="col">in this lesson</th>'
                + ('<th scope="col">prints as</th>' if greyscale else "") + '<th scope="col">without colour</th>')
        note = ("The second of each pair and its shadows are drawn dashed and a gap as a hollow bar, so the two shadows and the gap differ without colour."
                if greyscale else "Printing in grey? Export with the greyscale layout: the second of each pair is then dashed and a gap a hollow bar.")
        return f'<section class="legend"><h2>Colours</h2><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table><p>{note}</p></section>'

    def _where(self, role: str) -> str:
        """The names written in ``role``'s colour and the scenes that write them: "a (Vectors
        and the dot product); A (Projection on an axis, Box vs box)"; a scene that draws in
        the colour without a name is named alone."""
        scenes: dict[str, list[str]] = {}
        for title, names in self.names[role].items():
            scenes.setdefault(", ".join(names[:NAMES_A_SCENE]), []).append(title)
        return "; ".join(f"{names} ({', '.join(titles)})" if names else ", ".join(titles) for names, titles in scenes.items())


def _name(text: str) -> str | None:
    """What a label calls a thing: "a" of "a (2, 6)", "A", "vector a", "wall"; none for a
    number or a sentence. A label's first word names it only beside numbers: "A edge 1 /
    B vertex 3: -0.7", drawn in the MTV's purple, is a contact point's features, not A (the
    legend said purple was "A" in where-do-they-touch)."""
    words = text.split()
    if words and seen.LABEL.fullmatch(words[0]) and not words[0].isdigit() and not re.search(r"[A-Za-z]", " ".join(words[1:])):
        return words[0]
    if 0 < len(words) <= 2 and not any(c.isdigit() for c in text) and text.strip() != "?":
        return text.strip()
    return None


COLOUR_WORDS = tuple(word for _, word, _, _ in ROLES)
"""The colours the lessons name things by: the legend's own words."""

_ASIDE = re.compile(r"\s*\((?=[^()]*\b(?:" + "|".join(COLOUR_WORDS) + r")\b)[^()]*\)", re.IGNORECASE)


def without_colour_asides(text: str) -> str:
    """``text`` for the greyscale layout: each aside in brackets that names a colour left out.
    A lesson names a thing by its label, mark or place and adds its colour for the screen ("the
    MTV arrow (purple)", "P (green)"); on a grey page "P (green)" sent the student looking for a
    green that is not there, while "P" is printed beside its axis."""
    return _ASIDE.sub("", text)


def luminance(color: Any) -> float:
    """The grey (0-255) a greyscale printer makes of ``color``: red, green and blue weighed as
    the CSS grayscale filter weighs them."""
    return 0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2]


def tone(color: Any) -> str:
    """The grey a greyscale printer makes of ``color``, in words."""
    grey = luminance(color)
    return "black" if grey < 40 else "dark grey" if grey < 100 else "mid grey" if grey < 160 else "light grey"
