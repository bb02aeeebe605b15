"""The label layout moves a label before it shrinks one, and never draws one smaller than at
1x (issue 34): it shrank labels to half their size whatever the scale, so at 1x and beside
the panel at 2x a label that found no clear spot near at its size was drawn under it
(point-queries' "176.2 away" at 11.6 points of 16, time-of-impact's "end of the step" at 10.4
of 13). Each text is read from the layout's own calls, against the size its scene asked for."""

import pytest

from figure_lint import draw
from sandbox.app.registry import all_scenes
from sandbox.app.session import Session
from sandbox.kit import labels
from sandbox.kit.view import View

SETTINGS = (((1280, 720), 1.0, False), ((1920, 1080), 1.0, False), ((1920, 1080), 3.0, False), ((1280, 720), 3.0, False), ((1280, 720), 2.0, True))
"""(size, font scale, projector theme): the last is --present's."""


@pytest.mark.parametrize("scene_id", [cls.id for cls in all_scenes()])
def test_no_label_is_drawn_smaller_than_at_1x(scene_id):
    small = []
    for size, scale, projector in SETTINGS:
        for panel in (True, False):
            session = Session(scene_id, size=size)
            if projector:
                session.input.toggle_theme(None, None)
            session.set_font_scale(scale)
            session.show_panel = panel
            session.refresh()
            painter = draw(session)
            text_scale = session.scene.view.text_scale
            small += [f"{size[0]}x{size[1]} {scale}x{' panel' if panel else ''}: {string!r} at {call[4] * text_scale:.1f} of {asked} points"
                      for (_, string, asked), call in painter.asked if call[4] * text_scale < asked - 0.01]
    assert not small, small


def test_sizes_go_no_smaller_than_1x_nor_on_paper_than_8_points():
    assert labels.sizes(13, View((0, 0, 1, 1), 1.0, 1.0)) == [1.0]
    at_3x = labels.sizes(13, View((0, 0, 1, 1), 1.0, 3.0))
    assert at_3x[0] == 1.0 and at_3x[-1] == pytest.approx(1 / 3)
    # On paper 30 points print at 8 pt: a 13-point label at scale 3 (39 points) shrinks to 30 at most.
    on_paper = labels.sizes(13, View((0, 0, 1, 1), 1.0, 3.0, 30.0))
    assert min(on_paper) * 13 * 3 == pytest.approx(30.0)
