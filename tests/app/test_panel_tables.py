"""A headed table in the panel shows every column whole, or scrolls sideways: otherwise ImGui
narrows its columns and cuts their text, as box-circle's "overlap" was cut to "overl..." at
1280x720, and seven scenes' last columns with the panel opened at font scale 3."""

import pytest
from imgui_bundle import imgui

import tiers
from driver import Driver
from sandbox.app import panel
from sandbox.app.registry import all_scenes


def measure_tables(monkeypatch, found):
    """Record each headed table's width with every column whole (its cells as close to their
    sides as the panel draws them), the room it had and whether it scrolls sideways."""
    original, begin = panel._table, imgui.begin_table
    flags = []

    def begin_table(name, columns, table_flags, *rest):
        flags.append(table_flags)
        return begin(name, columns, table_flags, *rest)

    def table(index, shown):
        if shown.headers:
            flags.clear()
            room = imgui.get_content_region_avail().x
            original(index, shown)
            scrolls = bool(flags and flags[-1] & imgui.TableFlags_.scroll_x)
            found.append((shown.headers, panel._natural_width(shown, panel.TIGHT_PADDING), room, scrolls))
        else:
            original(index, shown)

    monkeypatch.setattr(panel, "_table", table)
    monkeypatch.setattr(imgui, "begin_table", begin_table)


SETTINGS = [((1280, 720), 1), ((1920, 1080), 1), ((1920, 1080), 3), ((1280, 720), 2)]
"""The window's sizes at 1x, the largest at 3x and --present's 1280x720 at 2x, the panel opened."""


@pytest.mark.parametrize("scene_id, size, scale", tiers.every(3, [(cls.id, size, scale) for cls in all_scenes() for size, scale in SETTINGS],
                                                          ids=lambda case: f"{case[0]}-{case[1][0]}x{case[1][1]}-{case[2]}x"))
def test_headed_tables_show_every_column_whole_or_scroll(scene_id, size, scale, monkeypatch):
    driver = Driver(scene_id, size=size)
    try:
        driver.session.set_font_scale(scale)
        driver.session.show_panel = True  # at 3x the teacher's panel, opened
        found = []
        measure_tables(monkeypatch, found)
        driver.frame()
        driver.frame()
        for headers, natural, room, scrolls in found:
            assert natural <= room or scrolls, (headers, round(natural), round(room))
    finally:
        driver.close()
