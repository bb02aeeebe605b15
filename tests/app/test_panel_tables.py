"""A headed table in the panel shows every column whole, or scrolls sideways: between the two
(a little wider than the panel) ImGui narrows its columns and cuts their headings, as
box-circle's "overlap" was cut to "overl..." at 1280x720."""

import pytest
from imgui_bundle import imgui

from driver import Driver
from sandbox.app import panel


def measure_tables(monkeypatch, found):
    """Record each headed table's width with every column whole, and the room it had."""
    original = panel._table

    def table(index, shown):
        if shown.headers:
            found.append((shown.headers, panel._natural_width(shown), imgui.get_content_region_avail().x))
        original(index, shown)

    monkeypatch.setattr(panel, "_table", table)


@pytest.mark.parametrize("scene_id", ["box-circle", "box-box", "polygons"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_headed_tables_show_every_column_whole_or_scroll(scene_id, size, monkeypatch):
    driver = Driver(scene_id, size=size)
    try:
        found = []
        measure_tables(monkeypatch, found)
        driver.frame()
        driver.frame()
        assert found
        for headers, natural, room in found:
            assert natural <= room or natural > room + panel.SIDEWAYS, (headers, round(natural), round(room))
    finally:
        driver.close()
