"""The window opened before the app is loaded (the "early-window" tweak of sandbox.boot.tweaks).

A plain start (``python sandbox.py``, with at most a scene, a size, a palette, a font scale or
scene folders) opens its window first, in the theme's background, and loads numpy, the core,
the scenes and ImGui after it is on screen; the app then takes that window over
(``SandboxWindow.adopt``) and draws its first picture into it. Anything else (a screenshot, a
walkthrough, a layout, a theme, the presenter) starts as before: those may choose another size,
theme or display, or open no window at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyglet

CAPTION = "Collision Sandbox"
"""The window's title."""

BACKGROUND = (22, 24, 29)
"""The dark theme's background (sandbox.kit.theme.DARK, which a test holds this to): the
colour the window is cleared to until the first picture, as it will be then."""

PLAIN = {"--scene", "--size", "--palette", "--font-scale", "--scenes"}
"""The options a plain start may have: none of them changes where or whether the window opens,
or its background."""


def config() -> pyglet.gl.Config:
    """The window's OpenGL configuration: eight bits a channel (left to choose, EGL's headless
    surface comes up 16-bit, RGB565), double-buffered."""
    import pyglet

    return pyglet.gl.Config(double_buffer=True, red_size=8, green_size=8, blue_size=8, alpha_size=8)


def plain_size(argv: list[str]) -> tuple[int, int] | None:
    """The window size of a plain start with command line ``argv``, or None when it is not one
    (an option outside PLAIN, a size the command line would refuse: it says so itself)."""
    size = (1280, 720)
    words = iter(argv)
    for word in words:
        name, _, value = word.partition("=")
        if name not in PLAIN:
            return None
        if not value:
            value = next(words, "")
        if name == "--size":
            try:
                width, height = (int(part) for part in value.lower().split("x"))
            except ValueError:
                return None
            if not (200 <= width <= 8192 and 200 <= height <= 8192):
                return None
            size = (width, height)
    return size


def open_window(size: tuple[int, int]) -> pyglet.window.Window:
    """A window of ``size`` on the display, cleared to BACKGROUND and shown.

    Measured (benchmarks/issue36.py --only startup, medians of 5 fresh processes each in turn,
    load average 14 on 2 cores): the window shows in 0.97x the wall time of a bare pyglet
    window, where without this tweak it showed with the first picture, 2.3x to 2.9x. The first
    picture itself comes no sooner: numpy, the core, the scene and ImGui still load first."""
    import pyglet.window

    window = pyglet.window.Window(*size, caption=CAPTION, resizable=True, config=config())
    pyglet.gl.glClearColor(*(channel / 255 for channel in BACKGROUND), 1.0)
    window.clear()
    window.flip()
    window.dispatch_events()
    return window
