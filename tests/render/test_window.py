"""The window itself, headless, with events sent through every handler pyglet and ImGui push:
what belongs to the panel stays there, and the scene gets the rest."""

import json

import pytest
from pyglet.math import Mat4
from pyglet.window import key, mouse

from sandbox.app import panel
from sandbox.app.session import Session
from sandbox.app.window import tones
from sandbox.app.window.app_window import SandboxWindow


def open_window(scene_id=None, layout=None, tmp_path=None):
    path = None
    if layout is not None:
        path = tmp_path / "layout.json"
        path.write_text(json.dumps(layout))
    return SandboxWindow(Session(scene_id, (1280, 720), path), visible=False, deterministic=True)


@pytest.fixture
def window(tmp_path):
    # B sits under the panel (which covers the window's right side), A in the open.
    made = open_window(layout={
        "scene": "box-box",
        "shapes": {"A": {"kind": "box", "position": [-300, 0]}, "B": {"kind": "box", "position": [450, 0]}},
        "view": {"center": [0, 0], "zoom": 1.0},
    }, tmp_path=tmp_path)
    yield made
    made.on_close()


def event(window, name, *args):
    """Send an event as pyglet would, through every pushed handler, then draw a frame."""
    window.dispatch_event(name, *args)
    window.dispatch_events()  # a window queues events until its loop hands them out
    window.render()


def screen(window, world):
    return tuple(round(v) for v in window.session.camera.to_screen(*world))


def widget_centre(window, label):
    """Where the panel lays out ``label``, in pyglet's y-up window pixels, found by the same
    recording the scene tests use."""
    from driver import widget_places

    places = {}
    with widget_places(places):
        window.render()
    x0, y0, x1, y1 = places[label]
    return round((x0 + x1) / 2), round(window.height - (y0 + y1) / 2)


def press(window, x, y, to=None):
    to = to or (x - 40, y)
    event(window, "on_mouse_motion", x, y, 0, 0)
    event(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    event(window, "on_mouse_drag", *to, to[0] - x, to[1] - y, mouse.LEFT, 0)
    event(window, "on_mouse_release", *to, mouse.LEFT, 0)


def test_a_drag_over_the_panel_does_not_reach_the_scene(window):
    scene = window.session.scene
    x, y = screen(window, (450, 0))
    assert x > panel.rect(1280, 720, 1.0)[0]  # B is under the panel
    press(window, x, y)
    assert tuple(scene.shapes["B"].position) == (450, 0)
    press(window, *screen(window, (-300, 0)))  # A, in the open
    assert tuple(scene.shapes["A"].position) == (-340, 0)


def test_a_click_on_a_widget_the_pointer_just_reached_stays_in_the_panel(tmp_path):
    """ImGui's want-capture flag is last frame's: the window must hit-test the panel itself."""
    window = open_window("quadtree")
    try:
        scene = window.session.scene
        x, y = widget_centre(window, "Step one frame")
        count = len(scene.position)
        for _ in range(2):
            event(window, "on_mouse_motion", 100, 100, 0, 0)  # out in the scene...
            window.dispatch_event("on_mouse_motion", x, y, 0, 0)  # ...and onto the button, no frame between
            window.dispatch_event("on_mouse_press", x, y, mouse.LEFT, 0)
            event(window, "on_mouse_release", x, y, mouse.LEFT, 0)
        assert len(scene.position) == count, "a click on the panel added an object to the scene"
    finally:
        window.on_close()


def test_a_drag_that_ends_over_the_panel_still_ends(window):
    scene = window.session.scene
    start = screen(window, (-300, 0))
    over_panel = (1200, start[1])
    press(window, *start, to=over_panel)
    moved = tuple(scene.shapes["A"].position)
    assert moved != (-300, 0)
    # A fresh press on empty space and a drag: had the release been lost, A would follow.
    empty = screen(window, (-300, 250))
    press(window, *empty, to=(empty[0] + 60, empty[1] - 60))
    assert tuple(scene.shapes["A"].position) == moved


def test_the_window_hands_its_session_the_gap_sounds_player(window):
    """The session's sound plays only through the window (pyglet's media): the window hands it over."""
    assert window.session.access.sound.play is tones.play


def test_keys_reach_the_scene_unless_imgui_holds_the_keyboard(window):
    scene = window.session.scene
    a = scene.shapes["A"]
    event(window, "on_mouse_motion", *screen(window, (-300, 0)), 0, 0)
    event(window, "on_key_press", key.R, 0)
    event(window, "on_key_release", key.R, 0)
    turned = a.angle
    assert turned > 0
    # Hold the font-scale slider down: ImGui has the keyboard while a widget is active.
    x, y = widget_centre(window, "Presenter font scale")
    event(window, "on_mouse_motion", x, y, 0, 0)
    event(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    window.render()  # held for a frame: ImGui's flags speak of the frame before
    event(window, "on_key_press", key.R, 0)
    event(window, "on_key_release", key.R, 0)
    assert a.angle == turned
    event(window, "on_mouse_release", x, y, mouse.LEFT, 0)


def test_f12_where_no_screenshot_can_be_written_says_so(tmp_path, monkeypatch):
    """A file named screenshots stands where the folder would go: one status line, no traceback."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "screenshots").write_text("not a folder")
    window = open_window("box-box")
    try:
        event(window, "on_key_press", key.F12, 0)
        window.on_draw()
        assert window.session.status.startswith("could not save the screenshot to screenshots/box-box-")
    finally:
        window.on_close()
    assert (tmp_path / "screenshots").read_text() == "not a folder"


def test_panning_moves_no_vertex_the_gpu_moves_the_view(window):
    """The world is drawn in world units through the window's view matrix: a pan changes the
    matrix and not one vertex the painter handed to OpenGL."""

    def vertices():
        return [tuple(line._vertex_list.position[:]) + tuple(line._vertex_list.translation[:])
                for line in window.painter._pools["line"] if line.visible]

    window.render()
    before = vertices()
    window.session.camera.pan(37, -21)
    window.render()
    assert vertices() == before and before
    # After the world the window's view is the identity again: the text and the panel are in pixels.
    assert tuple(window.view) == tuple(Mat4())


def test_a_window_draws_with_its_own_imgui_context_while_another_exists():
    """imgui.create_context() makes the new context current only where there is none."""
    from imgui_bundle import imgui

    other = imgui.create_context()
    try:
        window = open_window("box-box")
        try:
            window.render()
            assert imgui.get_current_context() is not other
        finally:
            window.on_close()
    finally:
        imgui.destroy_context(other)
