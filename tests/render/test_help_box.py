"""F1's box fits on the canvas above the caption band (issue 34, byhand D22: at 1280x720 its
last lines, "W: Walk on", ran down over a step's caption), at 1x, at --present and at 3x."""

from pathlib import Path

import pytest

from sandbox.app import screen, walkthrough
from sandbox.app.session import Session
from sandbox.app.window.app_window import SandboxWindow
from sandbox.kit.theme import THEMES, with_palette

LESSON = Path(__file__).resolve().parents[2] / "walkthroughs" / "why-characters-get-stuck.toml"


def helped(scale, theme, panel):
    """The mover's kerb step (a four-line caption, and the scene's own key, W, last) with F1's
    box shown, in a hidden window: (session, window)."""
    session = Session(size=(1280, 720), walkthrough=walkthrough.load(LESSON))
    session.player.go(6)
    session.theme = with_palette(THEMES[theme], "standard")
    session.set_font_scale(scale)
    session.show_panel = panel
    session.show_help = True
    session.refresh()
    return session, SandboxWindow(session, visible=False, deterministic=True)


@pytest.mark.parametrize("scale, theme, panel", [(1.0, "dark", True), (2.0, "projector", False), (2.0, "projector", True), (3.0, "dark", False)])
def test_the_help_box_fits_above_the_caption_band(scale, theme, panel):
    session, window = helped(scale, theme, panel)
    try:
        window.render()
        band = window._caption_band
        box = window._help_overlay(session)
        backing, columns = box.backing, box.columns
        caption_top = band.y + band.height
        assert session.caption and band.height > 0
        assert caption_top <= backing.y, (caption_top, backing.y)
        assert backing.y + backing.height <= window.height
        # Across the window: the panel steps aside while the box shows.
        assert backing.x + backing.width <= screen.text_width(1280, scale, False) + 30
        for column in columns:
            # Each column inside its backing, none over the other.
            assert backing.y <= column.y - column.content_height and column.y <= backing.y + backing.height
            assert column.x + column.content_width <= backing.x + backing.width
        assert all(a.x + a.content_width < b.x for a, b in zip(columns, columns[1:]))
        text = "\n".join(column.text for column in columns)
        assert text.startswith("Keys") and text.endswith("W: Walk on")
    finally:
        window.on_close()


def test_with_the_panel_opened_at_a_presenter_scale_the_help_is_as_large_as_without_it():
    """byhand2's loose end: beside the opened panel at --present the box had 380 pixels and its
    type shrank; the panel steps aside while F1's box shows."""
    sizes = []
    for panel in (False, True):
        session, window = helped(2.0, "projector", panel)
        try:
            window.render()
            sizes.append(window._help_overlay(session).columns[0].font_size)
        finally:
            window.on_close()
    assert sizes[0] == sizes[1], sizes
