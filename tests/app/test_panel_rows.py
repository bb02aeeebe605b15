"""The panel's View row: its zoom line beside the buttons where the row has room, else on a
line of its own, never cut at the panel's edge ("Zoom 0.96x, fram" where Find... stood)."""

from contextlib import contextmanager

import pytest
from imgui_bundle import imgui

from driver import Driver


@contextmanager
def texts_ending(found):
    """Record where each imgui.text call ends and where its window's content ends."""
    original = imgui.text

    def text(string, *args):
        original(string, *args)
        right = imgui.get_window_pos().x + imgui.get_window_width() - imgui.get_style().window_padding.x
        found[string] = (imgui.get_item_rect_max().x, right)

    imgui.text = text
    try:
        yield
    finally:
        imgui.text = original


@pytest.mark.parametrize("scene_id", ["box-box", "quadtree", "vectors"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_zoom_line_is_never_cut(scene_id, size):
    driver = Driver(scene_id, size=size)
    try:
        found = {}
        with texts_ending(found):
            driver.frame()
            driver.frame()
        zoom = [string for string in found if string.startswith("Zoom ")]
        assert zoom, sorted(found)
        end, right = found[zoom[0]]
        assert end <= right + 0.5, (zoom[0], end, right)
    finally:
        driver.close()
