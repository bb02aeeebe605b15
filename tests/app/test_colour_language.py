"""One colour language: each meaningful colour role differs from every other (and from the
hover highlight, which recolours shapes) in every theme and palette, and a figure's legend
names the roles it draws with, from the same table."""

import itertools

import pytest

from sandbox.app.registry import all_scenes
from sandbox.kit.theme import DARK, MEANINGS, PALETTES, PROJECTOR, with_palette

APART = 60
"""Least sum of the RGB channels' differences between two roles that mean different things."""


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("base", [DARK, PROJECTOR], ids=lambda theme: theme.name)
def test_roles_with_different_meanings_have_different_colours(base, palette):
    theme = with_palette(base, palette)
    for first, second in itertools.combinations([*MEANINGS, "highlight"], 2):
        a, b = getattr(theme, first), getattr(theme, second)
        assert sum(abs(x - y) for x, y in zip(a[:3], b[:3])) >= APART, (first, second)


def test_the_legend_names_what_the_figure_draws():
    by_id = {cls.id: cls for cls in all_scenes()}
    # min-max-corners marks each box's max and min corners; the vectors scene uses no meaningful colour but A's and B's.
    assert {"max_corner", "min_corner"} <= {entry.role for entry in by_id["min-max-corners"]().legend(PROJECTOR)}
    roles = {entry.role for entry in by_id["vectors"]().legend(PROJECTOR)}
    assert roles == {"shape_a", "shape_b"}
    box = by_id["box-box"]()
    box.shapes["B"].position = box.shapes["A"].position  # colliding: the MTV appears
    box.invalidate()
    assert "mtv" in {entry.role for entry in box.legend(DARK)}
    for entry in box.legend(DARK):
        assert entry.words == MEANINGS[entry.role] and entry.color == getattr(DARK, entry.role)


def test_l_shows_the_legend_beside_the_figure_and_takes_its_room(drive):
    from sandbox.app import screen

    driver = drive("min-max-corners")
    session = driver.session
    before = session.camera.area
    driver.tap("L")
    assert session.show_legend
    assert session.camera.area[2] == before[2] - screen.legend_width(session.camera.width, session.font_scale, True)
    assert {"max_corner", "min_corner"} <= {entry.role for entry in session.legend()}
    assert any("legend" in does for _, does in session.input.key_help())
    driver.tap("L")
    assert not session.show_legend and session.camera.area == before
