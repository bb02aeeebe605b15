"""Presenter mode: the projector theme, the panel hidden, full screen, large text."""

import functools
import json
from pathlib import Path

import pyglet
import pytest

from sandbox.app import screen
from sandbox.app.session import Session
from sandbox.kit.theme import DARK, PROJECTOR
from sandbox.app.walkthrough import load
from sandbox.app.window import app_window, png
from sandbox.app.window.app_window import SandboxWindow
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]


def test_f9_switches_every_colour_to_the_projector_theme_and_back(drive):
    driver = drive("box-box")
    driver.frame()
    dark_outlines = [call[2] for call in driver.painter.of("polygon")]
    driver.tap("F9")
    driver.frame()
    assert driver.session.theme is PROJECTOR and PROJECTOR.background[0] > 200
    assert [call[2] for call in driver.painter.of("polygon")] == [PROJECTOR.shape_a, PROJECTOR.shape_b] != dark_outlines
    driver.tap("F9")
    assert driver.session.theme is DARK


def test_f10_hides_the_panel_and_f11_asks_for_full_screen(drive):
    driver = drive("box-box")
    driver.tap("F10")
    assert driver.session.show_panel is False
    driver.frame()  # the scene still draws; only the panel is gone
    driver.tap("F11")
    assert driver.session.fullscreen_requested
    driver.tap("F10")
    assert driver.session.show_panel


def test_projector_theme_with_the_panel_hidden_and_large_text(tmp_path, request):
    """A walkthrough step as a class at the back of a lit room sees it."""
    session = Session(size=(1280, 720), walkthrough=load(ROOT / "walkthroughs" / "sat-from-scratch.toml"))
    session.player.go(10, revealed=True)  # a question step, its answer shown under the caption
    session.input.on_key_press("F9")
    session.input.on_key_press("F10")
    session.set_font_scale(2.0)
    picture = png.read(app_window.screenshot(session, tmp_path / "shot.png"))
    assert tuple(picture[-5, 5, :3]) == PROJECTOR.background[:3]  # the light background, bottom left
    check(picture, "presenter-projector", request)


def test_the_font_scale_is_kept_with_the_session(tmp_path):
    session = Session("box-box")
    session.set_font_scale(3.0)
    app_window.screenshot(session, tmp_path / "a.png")
    assert session.font_scale == 3.0
    assert json.dumps(session.scene.reported.numbers)


@functools.cache
def every_caption():
    """Every caption of every shipped lesson, a question's line and then its answer's: the same
    at every scale and with the panel or without, so gathered once for the six runs below."""
    captions = []
    for path in sorted((ROOT / "walkthroughs").glob("*.toml")):
        lesson = load(path)
        session = Session(walkthrough=lesson)
        for index, step in enumerate(lesson.steps):
            session.player.go(index)
            captions.append(session.caption)
            if step.question:
                session.player.reveal()
                captions.append(session.caption)
    return captions


@pytest.mark.parametrize("scale", [1.0, 2.0, 3.0])
@pytest.mark.parametrize("panel", [True, False])
def test_the_caption_band_never_reaches_into_the_free_area(scale, panel):
    """The figure is framed above the caption band the session reserves; the band the window
    draws, wrapped by pyglet itself, must fit in it for every caption of every shipped lesson."""
    window = SandboxWindow(Session("box-box"), visible=False, deterministic=True)
    try:
        width = screen.text_width(1280, scale, panel)
        for caption in every_caption():
            # Set at the scale the window sets it at: a long caption smaller, to keep to its share.
            fitted = screen.caption_scale(caption, width, scale, 720)
            label = pyglet.text.Label(caption, font_size=round(screen.CAPTION_SIZE * fitted), multiline=True, width=round(width))
            assert label.content_height + 16 <= screen.caption_height(caption, width, fitted), caption
    finally:
        window.on_close()


# Every shipped lesson both ways under -m slow; by default a lesson in two, with the panel shown
# or hidden in turn (both ways among the lessons).
LESSON_PANELS = [
    pytest.param(path, panel, id=f"{path.stem}-{'panel' if panel else 'no-panel'}", marks=() if (index + turn) % 4 == 0 else pytest.mark.slow)
    for index, path in enumerate(sorted((ROOT / "walkthroughs").glob("*.toml"))) for turn, panel in enumerate((True, False))
]


@pytest.mark.parametrize("path, panel", LESSON_PANELS)
def test_at_1280x720_and_3x_the_figure_keeps_half_the_height_and_no_text_is_cut(path, panel):
    """Every step of a shipped lesson, its caption (question and answer too) shown: the bands
    keep over half the window for the figure, and the title, verdict, claims and detail fit the
    width beside the panel as pyglet lays them out."""
    lesson = load(path)
    session = Session(size=(1280, 720), walkthrough=lesson)
    session.set_font_scale(3.0)  # folds the panel: the teacher may open it again
    session.show_panel = panel
    session.refresh()
    shown = SandboxWindow(session, visible=False, deterministic=True)
    try:
        for index in range(len(lesson.steps)):
            session.player.go(index, revealed=True)
            x0, y0, x1, y1 = screen.free_area(1280, 720, 3.0, panel, session.caption)
            assert y1 - y0 >= 360, f"{path.name} step {index + 1}: the figure gets {y1 - y0:.0f} of 720 pixels"
            shown._look = None  # restyle for this step's session state
            shown.render()
            edge = 1280 - (screen.panel_width(1280, 3.0) if panel else 0)  # the panel's left edge, or the window's
            for label in (shown._title, shown._verdict, shown._claims, shown._detail):
                if label.text:
                    assert label.x + label.content_width <= edge, f"{path.name} step {index + 1}: {label.text!r} is cut"
            assert shown._caption_band.y + shown._caption_band.height <= y0 + 1, f"{path.name} step {index + 1}: the caption covers the figure"
    finally:
        shown.on_close()
