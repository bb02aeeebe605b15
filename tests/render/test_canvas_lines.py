"""The canvas's own lines under the figure: where the panel is folded or hidden, the hint names
what the figure had no room for, the labels and the projection strips (issue 34: at --present
hex-triangle drew 5 of its 6 strips and minkowski 3 of its 4, and only the folded panel said
which were missing); and the status line stays on the canvas."""

import pytest

from sandbox.app.session import Session
from sandbox.app import screen
from sandbox.app.window.app_window import SandboxWindow
from sandbox.kit.figures import sat_view
from sandbox.kit.theme import THEMES, with_palette


@pytest.mark.parametrize("scene_id", ["hex-triangle", "minkowski"])
def test_the_hint_names_the_strips_left_out_at_present(scene_id):
    session = Session(scene_id, (1280, 720))
    session.theme = with_palette(THEMES["projector"], "standard")  # as --present sets it
    session.set_font_scale(2.0)  # the panel folds to its strip
    session.refresh()
    missing = [part for line in session.report().lines for part in line.missing]
    assert missing, f"{scene_id} has room for every strip at --present: pick a tighter case"
    drawn = {strip.index for strip in session.scene.result.strips}
    assert all(f"{sat_view.axis_name(i)}'s strip" in missing for i in range(3) if i not in drawn)
    window = SandboxWindow(session, visible=False, deterministic=True)
    try:
        window.render()
        hint = window._hint.text
    finally:
        window.on_close()
    for part in missing:
        assert part in hint, (part, hint)


def test_the_status_line_stays_on_the_canvas_beside_the_opened_panel():
    """At 1920x1080 3x with the panel opened, a long status ran on under the panel."""
    session = Session("quadtree", (1920, 1080))
    session.set_font_scale(3.0)
    session.show_panel = True
    session.status = "layout saved to a file whose name is long enough to reach well past the panel's edge"
    window = SandboxWindow(session, visible=False, deterministic=True)
    try:
        window.render()
        status = window._status
        right = status.x + status.content_width
    finally:
        window.on_close()
    assert status.text.endswith("…")
    assert right <= screen.text_width(1920, 3.0, True) + 20
