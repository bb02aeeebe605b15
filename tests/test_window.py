"""The window itself, headless: events reach the scene only when ImGui does not want them."""

import json

import pytest
from pyglet.window import key, mouse

from sandbox.session import Session
from sandbox.window import SandboxWindow


@pytest.fixture
def window(tmp_path):
    # B sits under the panel (which covers the window's right side), A in the open.
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({
        "scene": "box-box",
        "shapes": {"A": {"kind": "box", "position": [-300, 0]}, "B": {"kind": "box", "position": [450, 0]}},
    }))
    made = SandboxWindow(Session(None, (1280, 720), path), visible=False, deterministic=True)
    yield made
    made.on_close()


def event(window, name, *args):
    """Send an event as pyglet would, through every pushed handler, then draw a frame."""
    window.dispatch_event(name, *args)
    window.dispatch_events()  # a window queues events until its loop hands them out
    window.render()


def press(window, x, y):
    event(window, "on_mouse_motion", x, y, 0, 0)
    event(window, "on_mouse_motion", x, y, 0, 0)  # ImGui decides what it wants on the next frame
    event(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    event(window, "on_mouse_drag", x - 40, y, -40, 0, mouse.LEFT, 0)
    event(window, "on_mouse_release", x - 40, y, mouse.LEFT, 0)


def test_a_drag_over_the_panel_does_not_reach_the_scene(window):
    scene = window.session.scene
    press(window, 640 + 450, 360)  # B's centre, under the panel
    assert tuple(scene.shapes["B"].position) == (450, 0)
    press(window, 640 - 300, 360)  # A's centre, in the open
    assert tuple(scene.shapes["A"].position) == (-340, 0)


def test_keys_reach_the_scene_unless_imgui_is_typing(window):
    scene = window.session.scene
    event(window, "on_mouse_motion", 640 - 300, 360, 0, 0)
    event(window, "on_key_press", key.R, 0)
    event(window, "on_key_release", key.R, 0)
    assert scene.shapes["A"].angle > 0
