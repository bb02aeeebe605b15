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


@contextmanager
def wrapped_texts(found):
    """Record where each imgui.text_wrapped call is laid out, by its text."""
    original = imgui.text_wrapped

    def text_wrapped(string, *args):
        original(string, *args)
        (x0, y0), (x1, y1) = imgui.get_item_rect_min(), imgui.get_item_rect_max()
        found[string] = (x0, y0, x1, y1)

    imgui.text_wrapped = text_wrapped
    try:
        yield
    finally:
        imgui.text_wrapped = original


def test_a_checkbox_label_wider_than_the_panel_wraps_and_a_click_on_it_ticks_the_box():
    """quadtree at 1920x1080 3x, the panel opened: "Mark what the tip's retrieve misses (purple:
    they collide)" ran past the panel's edge, cut at "they c"."""
    driver = Driver("quadtree", size=(1920, 1080))
    try:
        driver.session.set_font_scale(3.0)
        driver.session.show_panel = True
        label = next(param.label for param in driver.scene.params if param.name == "missed")
        found = {}
        with wrapped_texts(found):
            driver.frame()
            driver.frame()
        assert label not in driver.places and label in found, "the long label is not wrapped beside its box"
        assert "Node borders" in driver.places  # a short one is a checkbox's own label, as at 1x
        before = driver.scene.settings["missed"]
        x0, y0, x1, y1 = found[label]
        with wrapped_texts(found):
            driver.click_panel((x0 + x1) / 2, (y0 + y1) / 2)
        assert driver.scene.settings["missed"] is not before
    finally:
        driver.close()


@pytest.mark.parametrize("scene_id", ["shape-cast", "time-of-impact", "capsules", "hex-triangle"])
def test_sliders_and_lists_keep_their_labels_inside_the_panel_at_3x(scene_id):
    """shape-cast at 1920x1080 3x with the panel opened: "A's angle (degrees)" lost its ")"."""
    driver = Driver(scene_id, size=(1920, 1080))
    found = []
    originals = {name: getattr(imgui, name) for name in ("slider_int", "slider_float", "combo")}

    def recording(name):
        def widget(label, *args):
            right = imgui.get_cursor_screen_pos().x + imgui.get_content_region_avail().x
            answer = originals[name](label, *args)
            found.append((label, imgui.get_item_rect_max().x, right))
            return answer
        return widget

    try:
        driver.session.set_font_scale(3.0)
        driver.session.show_panel = True
        for name in originals:
            setattr(imgui, name, recording(name))
        driver.frame()
        driver.frame()
    finally:
        for name, original in originals.items():
            setattr(imgui, name, original)
        driver.close()
    labels = {param.label for param in driver.scene.params if param.kind is not bool}
    shown = [(label, end, right) for label, end, right in found if label in labels]
    assert shown
    assert all(end <= right + 0.5 for _, end, right in shown), [(label, round(end), round(right)) for label, end, right in shown if end > right + 0.5]


@contextmanager
def headers_at(found):
    """Record where each collapsing header is laid out (its top), by its label."""
    original = imgui.collapsing_header

    def collapsing_header(label, *args):
        opened = original(label, *args)
        found[label] = imgui.get_item_rect_min().y
        return opened

    imgui.collapsing_header = collapsing_header
    try:
        yield
    finally:
        imgui.collapsing_header = original


def test_the_rows_under_the_verdict_stay_put_as_a_question_hides_it_and_reveals_it():
    """The verdict and its detail came and went with a question's reveal (ray-cast: with the
    detail line), and every row under them moved 17 pixels: a second click missed its button."""
    from pathlib import Path

    from sandbox.app import walkthrough

    lesson = walkthrough.load(Path(__file__).resolve().parents[2] / "walkthroughs" / "rays-casts-and-time-of-impact.toml")
    driver = Driver(walkthrough=lesson)
    try:
        tops = []
        for reveal in (False, True):
            if reveal:
                driver.session.player.reveal()
            found = {}
            with headers_at(found):
                driver.frame()
                driver.frame()
            tops.append(found["Lesson and things to try"])
        assert driver.session.verdict() is not None and driver.session.verdict().detail
        assert tops[0] == tops[1], tops
    finally:
        driver.close()
