"""Every registered scene driven without GL through the window's own input path."""

import json
import math

import numpy as np
import pytest

import oracle
from driver import key, mouse
from sandbox import palette
from sandbox.controller import HOLD_DELAY, ROTATE_SPEED, ROTATE_STEP
from sandbox.scene import all_scenes

SCENE_IDS = [cls.id for cls in all_scenes()]


def draggable(scene):
    """The first shape, or for a scene of handles only (the quadtree) its first handle."""
    name = next(iter(scene.shapes), None) or next(iter(scene.handles()))
    return name, position_of(scene, name)


def position_of(scene, name):
    return tuple(scene.shapes[name].position) if name in scene.shapes else scene.handles()[name]


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_scene_sets_up_draws_and_fills_its_panel(drive, scene_id):
    driver = drive(scene_id)
    for _ in range(3):
        driver.frame()
    drawn = {call[0] for call in driver.painter.calls}
    assert drawn & {"polygon", "circle", "lines"}
    assert driver.scene.lesson and driver.scene.things_to_try


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_scene_drags_and_resets(drive, scene_id):
    driver = drive(scene_id)
    name, start = draggable(driver.scene)
    driver.drag(start, (start[0] + 40, start[1] - 25))
    assert position_of(driver.scene, name) == pytest.approx((start[0] + 40, start[1] - 25))
    driver.tap(key.HOME)
    assert position_of(driver.scene, name) == pytest.approx(start)


def test_dragging_b_onto_a_collides_with_the_exact_mtv(drive):
    driver = drive("box-box")
    a, b = driver.scene.shapes["A"], driver.scene.shapes["B"]
    assert not driver.scene.result.colliding
    target = (a.position[0] + 60, a.position[1] + 30)
    driver.drag(b.position, target)
    driver.frame()
    result = driver.scene.result
    assert b.position == pytest.approx(target)
    assert result.colliding
    gap, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices()])
    assert result.depth == pytest.approx(-gap[0], abs=1e-9)
    moved, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices() + result.mtv])
    assert moved[0] == pytest.approx(0, abs=1e-9)
    arrows = [call for call in driver.painter.of("arrow") if call[3] == palette.MTV]
    assert arrows == [("arrow", tuple(b.position), tuple(np.add(b.position, result.mtv)), palette.MTV, 3)]


def test_a_shape_keeps_the_point_it_was_grabbed_by(drive):
    driver = drive("box-box")
    b = driver.scene.shapes["B"]
    start = np.asarray(b.position)
    grabbed = start + (30, 10)  # inside B, away from its centre
    driver.drag(tuple(grabbed), tuple(grabbed + (-50, 20)))
    assert b.position == pytest.approx(start + (-50, 20))


def test_pressing_on_empty_space_moves_nothing(drive):
    driver = drive("box-box")
    before = {n: tuple(s.position) for n, s in driver.scene.shapes.items()}
    driver.drag((-600, 300), (-500, 250))
    assert {n: tuple(s.position) for n, s in driver.scene.shapes.items()} == before


def test_r_turns_the_shape_under_the_cursor_a_step_and_smoothly_when_held(drive):
    driver = drive("box-box")
    b = driver.scene.shapes["B"]
    driver.move(b.position)
    angle = b.angle
    driver.tap(key.R)
    assert b.angle == pytest.approx(angle + ROTATE_STEP)
    driver.tap(key.T)
    assert b.angle == pytest.approx(angle)
    driver.hold(key.R, 1.0)
    assert b.angle == pytest.approx(angle + ROTATE_STEP + ROTATE_SPEED * (1.0 - HOLD_DELAY), abs=ROTATE_SPEED / 30)
    turned = b.angle
    driver.frame()
    assert b.angle == turned  # released: it stops
    assert driver.scene.result.axes[2].axis == pytest.approx((math.cos(turned), math.sin(turned)))


def test_r_turns_the_last_grabbed_shape_when_the_cursor_is_elsewhere(drive):
    driver = drive("box-box")
    a = driver.scene.shapes["A"]
    driver.drag(a.position, (a.position[0] + 5, a.position[1]))
    driver.move((-600, 300))
    angle = a.angle
    driver.tap(key.R)
    assert a.angle == pytest.approx(angle + ROTATE_STEP)


def test_the_hovered_shape_is_highlighted(drive):
    driver = drive("box-box")
    driver.move(driver.scene.shapes["A"].position)
    driver.frame()
    outlines = [call[2] for call in driver.painter.of("polygon")]
    assert outlines == [palette.HIGHLIGHT, palette.SHAPE_B]


def test_wheel_zooms_about_the_cursor_and_right_drag_pans(drive):
    driver = drive("box-box")
    camera = driver.session.camera
    point = (-200.0, 100.0)
    x, y = driver.screen(point)
    driver.session.on_mouse_scroll(x, y, 0, 3)
    assert camera.zoom == pytest.approx(1.1**3)
    assert camera.to_world(x, y) == pytest.approx(point)
    before = camera.center
    driver.drag((0, 0), (100, 0), button=mouse.RIGHT)
    assert camera.center[0] == pytest.approx(before[0] - 100)


def test_box_box_draws_both_intervals_of_every_axis_and_the_separating_one_green(drive):
    driver = drive("box-box")
    driver.frame()
    result = driver.scene.result
    intervals = driver.painter.of("interval")
    for test in result.axes:
        mine = [c for c in intervals if c[1] == pytest.approx(tuple(test.axis))]
        assert (test.a.min, test.a.max) in [(c[2], c[3]) for c in mine if c[5] == palette.SHAPE_A]
        assert (test.b.min, test.b.max) in [(c[2], c[3]) for c in mine if c[5] == palette.SHAPE_B]
        line = palette.SEPARATING if test.separating else palette.AXIS
        assert any(c[5] == line for c in mine)
    assert [t.separating for t in result.axes].count(True) == 1


def test_box_box_pages_through_the_axes(drive):
    driver = drive("box-box")
    driver.scene.apply_settings({"page": 0})
    driver.frame()
    drawn_axes = {c[1] for c in driver.painter.of("interval")}
    assert drawn_axes == {tuple(driver.scene.result.axes[0].axis)}
    assert driver.painter.of("segment")  # the drop lines from the corners


def test_box_box_with_one_orientation_tests_two_axes(drive):
    driver = drive("box-box")
    a = driver.scene.shapes["A"]
    driver.move(driver.scene.shapes["B"].position)
    while driver.scene.shapes["B"].angle < a.angle - 1e-9:
        driver.tap(key.R)
    driver.scene.shapes["B"].angle = a.angle  # the last step lands within float noise of it
    driver.scene.refresh()
    assert len(driver.scene.result.axes) == 2


def test_keys_toggle_help_pause_and_ask_for_screenshots_and_quit(drive):
    driver = drive("box-box")
    for symbol, attribute in [(key.F1, "show_help"), (key.SPACE, "paused"), (key.F12, "screenshot_requested"), (key.ESCAPE, "quit_requested")]:
        assert getattr(driver.session, attribute) is False
        driver.tap(symbol)
        assert getattr(driver.session, attribute) is True


def test_tab_cycles_through_every_scene_and_back(drive):
    driver = drive(SCENE_IDS[0])
    seen = []
    for _ in SCENE_IDS:
        driver.tap(key.TAB)
        seen.append(driver.scene.id)
    assert sorted(seen) == sorted(SCENE_IDS) and seen[-1] == SCENE_IDS[0]
    driver.tap(key.TAB, key.MOD_SHIFT)
    assert driver.scene.id == SCENE_IDS[-1]


def test_ctrl_s_saves_the_layout_where_it_says(drive, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = drive("box-box")
    driver.drag(driver.scene.shapes["B"].position, (10, 20))
    driver.tap(key.S, key.MOD_CTRL)
    saved = json.loads((tmp_path / "layouts" / "box-box.json").read_text())
    assert saved["shapes"]["B"]["position"] == pytest.approx([10, 20])
    assert "layouts/box-box.json" in driver.session.status


def test_tab_leaves_the_keyboard_with_the_app(drive):
    """Tab is the scene switcher: ImGui must not take it as a cue to grab the keyboard."""
    from imgui_bundle import imgui

    driver = drive("box-box")
    driver.frame()
    io = imgui.get_io()
    for down in (True, False):
        io.add_key_event(imgui.Key.tab, down)
        driver.frame()
    driver.frame()
    assert not io.want_capture_keyboard
