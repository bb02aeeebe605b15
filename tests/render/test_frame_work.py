"""What a frame of the running app redoes: text laid out only when it changes, and once."""

import numpy as np
import pyglet
import pytest

from sandbox.app.session import Session
from sandbox.app.window.app_window import SandboxWindow
from sandbox.boot import tweaks
from sandbox.kit import headline


@pytest.fixture
def crowded():
    session = Session("grid-broadphase", (1280, 720))
    session.set_setting("count", 10_000)
    window = SandboxWindow(session, visible=False)
    yield window
    window.on_close()


def count_layouts(label):
    """Make ``label`` count its layouts: returns the list each layout appends to."""
    done = []
    layout = label._update

    def counted():
        if label._update_enabled:  # within begin_update and end_update pyglet only defers it
            done.append(label.text)
        layout()

    label._update = counted
    return done


def test_a_changed_verdict_is_laid_out_once_a_frame(crowded):
    window = crowded
    for _ in range(3):
        window.session.update(1 / 60)
        window.render()
    fitted = {name: count_layouts(getattr(window, name)) for name in ("_title", "_verdict", "_detail", "_claims")}
    texts = []
    for _ in range(5):
        window.session.update(1 / 60)
        window.render()
        texts.append(window._verdict.text)
    # The counts change every frame, and each change is at most one layout of the verdict, not
    # two; none where only digits changed (sandbox.boot.glyphs rewrites their quads).
    assert len(set(texts)) == 5
    assert len(fitted["_verdict"]) <= 5 and len(fitted["_detail"]) <= 5
    # The title did not change: not laid out again.
    assert fitted["_title"] == []


@pytest.mark.parametrize("room", [40, 150, 260, 2000])
def test_the_size_that_fits_is_the_one_a_layout_would_choose(crowded, room):
    """The fitted size, worked out before the layout (kit.headline.fit, measured in the
    window's font), is what laying the text out at the full size and scaling to the room
    gives: a label over the room shrinks to it, one within keeps its size."""
    window, text, size = crowded, "2,640,769 PAIR CHECKS", 26
    window._fit(window._verdict, text, headline.fit(text, size, room, window._measure)[0], room)
    probe = pyglet.text.Label(text, font_size=size)
    expected = size if probe.content_width <= room else max(round(size * room / probe.content_width), round(size / 3), 1)
    assert window._verdict.font_size == expected
    assert window._verdict.content_width <= room + 20


def test_unchanged_bulk_geometry_is_not_sent_again():
    """Lines and dots drawn as they were last frame leave their buffers alone; a change sends them."""
    from sandbox.app.camera import Camera
    from sandbox.app.window.pyglet_painter import PygletPainter

    painter = PygletPainter(Camera(640, 400))
    lines = np.array([[0, 0, 10, 10], [5, 0, 5, 9]], dtype=float)
    colors = np.array([[255, 0, 0, 255], [0, 255, 0, 255]], dtype=np.uint8)

    def frame(segments):
        painter.begin()
        painter.lines(segments, colors)
        painter.end()
        buffers = painter._bulk[pyglet.gl.GL_LINES][0].domain.attrib_name_buffers
        dirty = {name: buffer._dirty for name, buffer in buffers.items()}
        for buffer in buffers.values():
            buffer.commit()
        return dirty

    assert frame(lines) == {"position": True, "colors": True}
    assert frame(lines.copy()) == {"position": False, "colors": False}
    moved = lines.copy()
    moved[0, 2] = 11
    assert frame(moved) == {"position": True, "colors": False}


def test_a_detail_with_no_room_is_left_out_and_not_laid_out(crowded):
    """The grid's detail is too long for its room at 10,000 objects beside the panel: it is left
    out whole (kit.headline: never cut, never below its size at 1x), and, left out, it costs
    no layout a frame."""
    window = crowded
    for _ in range(3):
        window.session.update(1 / 60)
        window.render()
    done = count_layouts(window._detail)
    for _ in range(5):
        window.session.update(1 / 60)
        window.render()
    assert window.session.verdict().detail and window._detail.text == ""
    assert done == []


def test_changed_digits_are_not_laid_out_and_draw_what_a_layout_draws(monkeypatch):
    """At 10,000 objects the verdict's count keeps its length while its digits change: each
    frame rewrites those glyphs (sandbox.boot.glyphs), lays nothing out, and shows the very
    pixels of a window that lays the text out (the tweak off)."""
    windows = []
    for _ in range(2):
        session = Session("grid-broadphase", (1280, 720))
        session.set_setting("count", 10_000)
        windows.append(SandboxWindow(session, visible=False, deterministic=True))
    swapping, laying = windows
    try:
        for window in windows:
            window.switch_to()
            window.session.update(1 / 60)
            window.render()
        done = count_layouts(swapping._verdict)
        for _ in range(4):
            pictures = []
            for window in windows:
                monkeypatch.setenv(tweaks.SWITCH, "" if window is swapping else "glyph-swap")
                window.switch_to()
                window.session.update(1 / 60)
                window.render()
                pictures.append(window.pixels())
            assert swapping._verdict.text == laying._verdict.text
            assert np.array_equal(*pictures)
        assert done == []
    finally:
        for window in windows:
            window.on_close()


def test_a_figure_label_whose_digits_change_is_not_laid_out_again(crowded):
    """The painter's labels (a meter's counts) take the same path: the new digits drawn, as a
    layout of the new text would place them, nothing laid out."""
    painter = crowded.painter
    painter.begin()
    painter.text((0, 0), "loose grid 58,009", (255, 255, 255, 255), 13)
    painter.end()
    label = painter._pools["label"][0]
    done = count_layouts(label)
    painter.begin()
    painter.text((0, 0), "loose grid 57,177", (255, 255, 255, 255), 13)
    painter.end()
    assert label.text == "loose grid 57,177" and done == []
    fresh = pyglet.text.Label(label.text, font_size=label.font_size, x=label.x, y=label.y)
    assert np.array_equal(np.array(label._vertex_lists[0].position), np.array(fresh._vertex_lists[0].position))
    assert np.array_equal(np.array(label._vertex_lists[0].tex_coords), np.array(fresh._vertex_lists[0].tex_coords))


@pytest.mark.parametrize("late", [True, False], ids=["late-flip", "plain"])
def test_the_window_shows_a_frame_after_the_next_update(monkeypatch, late):
    """tick draws a frame and shows it after the next tick's update (the late-flip tweak):
    the rasteriser's threads finish it meanwhile. The first frame is shown at once; with the
    tweak off every frame is shown as soon as drawn."""
    monkeypatch.setenv(tweaks.SWITCH, "" if late else "late-flip")
    session = Session("grid-broadphase", (640, 400))
    window = SandboxWindow(session, visible=False)
    order = []
    update = session.update
    monkeypatch.setattr(session, "update", lambda dt: (order.append("update"), update(dt)))
    monkeypatch.setattr(window, "flip", lambda: order.append("flip"))
    window.on_draw = lambda: order.append("draw")
    # As under pyglet.app.run: events dispatched at once, not queued for dispatch_events.
    monkeypatch.setattr(window, "_enable_event_queue", False)
    try:
        for _ in range(3):
            window.tick(1 / 60)
    finally:
        window.on_close()
    if late:
        assert order == ["update", "draw", "flip", "update", "flip", "draw", "update", "flip", "draw"]
    else:
        assert order == ["update", "draw", "flip"] * 3
