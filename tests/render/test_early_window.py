"""The window a plain start opens before the app loads (sandbox.boot.early), and its adoption."""

import numpy as np
import pyglet
import pytest

from sandbox.app.session import Session
from sandbox.app.window.app_window import SandboxWindow
from sandbox.boot import early
from sandbox.kit.theme import DARK


def test_the_early_background_is_the_dark_themes():
    assert early.BACKGROUND == DARK.background[:3]


@pytest.mark.parametrize(
    ("argv", "size"),
    [
        ([], (1280, 720)),
        (["--scene", "quadtree"], (1280, 720)),
        (["--scene=quadtree", "--size", "900x600"], (900, 600)),
        (["--size=900x600", "--palette", "colour-blind", "--font-scale", "2"], (900, 600)),
        # Anything that may open no window, another one, or another background: not a plain start.
        (["--screenshot", "a.png"], None),
        (["--walkthrough", "w.toml"], None),
        (["--layout", "l.json"], None),
        (["--theme", "projector"], None),
        (["--present"], None),
        (["--help"], None),
        (["box-box"], None),
        # A size the command line refuses: it says so itself, from the usual path.
        (["--size", "50x50"], None),
        (["--size", "big"], None),
    ],
)
def test_a_plain_start_is_recognised_and_nothing_else(argv, size):
    assert early.plain_size(argv) == size


def test_an_early_window_is_taken_over_and_draws_the_scene():
    opened = early.open_window((640, 400))
    pixels = np.frombuffer(pyglet.image.get_buffer_manager().get_color_buffer().get_image_data().get_data("RGBA", 640 * 4), np.uint8)
    session = Session("box-box", (640, 400))
    window = SandboxWindow.adopt(opened, session)
    try:
        assert window is opened and isinstance(window, SandboxWindow)
        window.render()
        drawn = window.pixels()
        # The early frame was the background alone; the adopted window draws the scene and the panel.
        assert (pixels.reshape(-1, 4)[:, :3] == early.BACKGROUND).all()
        assert len(np.unique(drawn.reshape(-1, 4), axis=0)) > 20
    finally:
        window.on_close()
