"""Presenter mode: the projector theme, the panel hidden, full screen, large text."""

import json
from pathlib import Path

import pyglet
import pytest

from driver import key
from sandbox.app import png
from sandbox.app import screen
from sandbox.app import window
from sandbox.app.session import Session
from sandbox.kit.theme import DARK, PROJECTOR
from sandbox.app.walkthrough import load
from sandbox.app.window import SandboxWindow
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]


def test_f9_switches_every_colour_to_the_projector_theme_and_back(drive):
    driver = drive("box-box")
    driver.frame()
    dark_outlines = [call[2] for call in driver.painter.of("polygon")]
    driver.tap(key.F9)
    driver.frame()
    assert driver.session.theme is PROJECTOR and PROJECTOR.background[0] > 200
    assert [call[2] for call in driver.painter.of("polygon")] == [PROJECTOR.shape_a, PROJECTOR.shape_b] != dark_outlines
    driver.tap(key.F9)
    assert driver.session.theme is DARK


def test_f10_hides_the_panel_and_f11_asks_for_full_screen(drive):
    driver = drive("box-box")
    driver.tap(key.F10)
    assert driver.session.show_panel is False
    driver.frame()  # the scene still draws; only the panel is gone
    driver.tap(key.F11)
    assert driver.session.fullscreen_requested
    driver.tap(key.F10)
    assert driver.session.show_panel


def test_projector_theme_with_the_panel_hidden_and_large_text(tmp_path, request):
    """A walkthrough step as a class at the back of a lit room sees it."""
    session = Session(size=(1280, 720), walkthrough=load(ROOT / "walkthroughs" / "sat-from-scratch.toml"))
    session.go(10, revealed=True)  # a question step, its answer shown under the caption
    session.on_key_press(key.F9, 0)
    session.on_key_press(key.F10, 0)
    session.set_font_scale(2.0)
    picture = png.read(window.screenshot(session, tmp_path / "shot.png"))
    assert tuple(picture[-5, 5, :3]) == PROJECTOR.background[:3]  # the light background, bottom left
    check(picture, "presenter-projector", request)


def test_the_font_scale_is_kept_with_the_session(tmp_path):
    session = Session("box-box")
    session.set_font_scale(3.0)
    window.screenshot(session, tmp_path / "a.png")
    assert session.font_scale == 3.0
    assert json.dumps(session.scene.reported.numbers)


@pytest.mark.parametrize("scale", [1.0, 2.0, 3.0])
@pytest.mark.parametrize("panel", [True, False])
def test_the_caption_band_never_reaches_into_the_free_area(scale, panel):
    """The figure is framed above the caption band the session reserves; the band the window
    draws, wrapped by pyglet itself, must fit in it for every caption of every shipped lesson."""
    window = SandboxWindow(Session("box-box"), visible=False, deterministic=True)
    try:
        width = screen.text_width(1280, scale, panel)
        for path in sorted((ROOT / "walkthroughs").glob("*.toml")):
            lesson = load(path)
            session = Session(walkthrough=lesson)
            for index, step in enumerate(lesson.steps):
                session.go(index)
                captions = [session.caption]
                if step.question:  # the question's line, then the answer's
                    session.reveal()
                    captions.append(session.caption)
                for caption in captions:
                    # Set at the scale the window sets it at: a long caption smaller, to keep to its share.
                    fitted = screen.caption_scale(caption, width, scale, 720)
                    label = pyglet.text.Label(caption, font_size=round(screen.CAPTION_SIZE * fitted), multiline=True, width=round(width))
                    assert label.content_height + 16 <= screen.caption_height(caption, width, fitted), caption
    finally:
        window.on_close()
