"""Every registered scene driven without GL through the window's input path, and the shared
behaviour of the kit: dragging, turning and snapping, framing, strips, keys and the status line."""

import json
import math

import numpy as np
import pytest

import oracle
from sandbox.app import keys
from sandbox.app import screen
from sandbox.app.controller import HOLD_DELAY, ROTATE_SPEED, ROTATE_STEP
from sandbox.app.registry import all_scenes
from sandbox.kit.figures.sat_view import axis_degrees, axis_label, axis_name, listing
from sandbox.kit.figures.strips import label_box
from sandbox.kit.theme import DARK

SCENE_IDS = [cls.id for cls in all_scenes()]


def draggable(scene):
    """The first shape, else the first handle it lets the pointer grab now (dynamic-tree's
    ray and box handles only in their query's mode), else (a swarm) its first object."""
    grabbed = [name for name in scene.points if scene.pick(tuple(scene.points[name]), 0.5) == name]
    name = next(iter([*scene.shapes, *grabbed]), "0")
    return name, tuple(scene.position_of(name))


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_scene_sets_up_draws_and_fills_its_panel(drive, scene_id):
    driver = drive(scene_id)
    for _ in range(3):
        driver.frame()
    drawn = {call[0] for call in driver.painter.calls}
    assert drawn & {"polygon", "circle", "lines"}
    assert driver.scene.lesson and driver.scene.things_to_try
    assert driver.scene.reported.verdict is not None
    json.dumps(driver.scene.reported.numbers)


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_panel_fits_1280_by_720_without_scrolling(drive, scene_id):
    driver = drive(scene_id)
    for _ in range(3):
        driver.frame()
    assert driver.places["scroll"] == 0, f"the panel scrolls by {driver.places['scroll']:.0f} pixels"


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_scene_drags_and_resets(drive, scene_id):
    driver = drive(scene_id)
    driver.session.paused = True  # an animated scene's objects would move on their own
    name, start = draggable(driver.scene)
    driver.drag(start, (start[0] + 40, start[1] - 25))
    assert driver.scene.position_of(name) == pytest.approx((start[0] + 40, start[1] - 25))
    driver.tap("HOME")
    assert driver.scene.position_of(name) == pytest.approx(start)


@pytest.mark.parametrize("scene_id", SCENE_IDS)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 600)])
@pytest.mark.parametrize("panel, scale", [(True, 1.0), (False, 1.0), (True, 3.0), (False, 2.0)])
def test_the_figure_is_framed_in_the_free_area(drive, scene_id, size, panel, scale):
    """The scene's frame lands inside the area left of the panel and between the text bands."""
    driver = drive(scene_id, size=size)
    session = driver.session
    session.set_font_scale(scale)  # from 2x up the panel folds: F10 opens it again
    if session.show_panel != panel:
        driver.tap("F10")
    x0, y0, x1, y1 = screen.free_area(*size, scale, panel)
    fx0, fy0, fx1, fy1 = driver.scene.frame
    left, bottom = session.camera.to_screen(fx0, fy0)
    right, top = session.camera.to_screen(fx1, fy1)
    assert x0 - 1e-6 <= left and right <= x1 + 1e-6 and y0 - 1e-6 <= bottom and top <= y1 + 1e-6
    assert max(right - left, top - bottom) > 0.5 * min(x1 - x0, y1 - y0)  # and uses it


def test_f10_and_a_resize_refit_the_view_unless_the_user_zoomed(drive):
    driver = drive("box-box")
    camera = driver.session.camera
    zoom = camera.zoom
    assert camera.anchor[0] == pytest.approx((1280 - screen.panel_width(1280, 1.0)) / 2)
    driver.tap("F10")
    assert camera.anchor[0] == pytest.approx(640)  # the panel's room is the figure's now
    driver.session.on_resize(1920, 1080)
    assert camera.zoom > zoom * 1.3
    x, y = camera.anchor
    driver.session.input.on_mouse_scroll(x, y, 0, 1)
    zoomed = camera.zoom
    driver.tap("F10")
    driver.session.on_resize(1280, 720)
    assert camera.zoom == zoomed and not camera.fitted
    driver.tap("HOME")
    assert camera.fitted and camera.zoom == pytest.approx(zoom)


def strips_and_labels(scene):
    """Every strip's ends and label box, for the SAT scenes that draw strips."""
    result = scene.result
    tests = result.sat.axes
    out = []
    for strip in result.strips:
        test = tests[strip.index]
        low, high = min(test.a.min, test.b.min), max(test.a.max, test.b.max)
        normal = np.array((-test.axis[1], test.axis[0]))
        ends = [t * np.asarray(test.axis) + strip.offset * normal for t in (low, high)]
        out.append((ends, label_box(strip.label, axis_label(strip.index, test.axis), scene.view, anchor=strip.anchor)))
    return out


@pytest.mark.parametrize("scene_id", ["box-box", "hex-triangle", "box-circle"])
def test_strips_stay_in_the_free_area_and_their_labels_apart(drive, scene_id):
    driver = drive(scene_id)
    scene = driver.scene
    rng = np.random.default_rng(11)
    x0, y0, x1, y1 = scene.frame
    for _ in range(60):
        for name, shape in scene.shapes.items():
            shape.position = rng.uniform((x0 + 150, y0 + 150), (x1 - 150, y1 - 150))
            if hasattr(shape, "angle"):
                shape.angle = rng.uniform(0, math.tau)
        driver.session.refresh()
        vx0, vy0, vx1, vy1 = scene.view.rect
        placed = strips_and_labels(scene)
        # Where they cannot all go clear of each other, some are left out and the panel names them.
        drawn = {strip.index for strip in scene.result.strips}
        missing = [axis_name(i) for i in range(len(scene.result.sat.axes)) if i not in drawn]
        if missing:
            said = " ".join(line.text for line in scene.reported.lines)
            assert f"No room for {listing(missing)}'s strip" in said
        for ends, box in placed:
            for x, y in ends:
                assert vx0 <= x <= vx1 and vy0 <= y <= vy1
        boxes = [box for _, box in placed]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_an_axis_angle_is_the_direction_its_intervals_were_measured_along():
    for degrees in range(-360, 361, 7):
        radians = math.radians(degrees)
        axis = (math.cos(radians), math.sin(radians))
        shown = axis_degrees(axis)
        assert -180 < shown <= 180
        assert (math.cos(math.radians(shown)), math.sin(math.radians(shown))) == pytest.approx(axis)
    assert axis_degrees((math.cos(math.radians(-111)), math.sin(math.radians(-111)))) == pytest.approx(-111)
    assert axis_degrees((-1.0, -0.0)) == 180
    assert axis_label(0, (1.0, -1e-9)) == "P 0.0°" and axis_label(1, (-1.0, -1e-12)) == "Q 180.0°"


def test_dragging_b_onto_a_collides_with_the_exact_mtv(drive):
    driver = drive("box-box")
    a, b = driver.scene.shapes["A"], driver.scene.shapes["B"]
    assert not driver.scene.result.sat.colliding
    target = (a.position[0] + 60, a.position[1] + 30)
    driver.drag(b.position, target)
    driver.frame()
    result = driver.scene.result.sat
    assert b.position == pytest.approx(target)
    assert result.colliding
    gap, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices()])
    assert result.depth == pytest.approx(-gap[0], abs=1e-9)
    moved, _ = oracle.minkowski([a.world_vertices()], [b.world_vertices() + result.mtv])
    assert moved[0] == pytest.approx(0, abs=1e-9)
    arrows = [call for call in driver.painter.of("arrow") if call[3] == DARK.mtv]
    assert arrows == [("arrow", tuple(b.position), tuple(np.add(b.position, result.mtv)), DARK.mtv, 3)]
    (_, at, _, _, _, _), = [call for call in driver.painter.of("text") if call[2] == "B"]
    tip = np.add(b.position, result.mtv)
    assert not (at[0] - 10 <= tip[0] <= at[0] + 30 and at[1] - 10 <= tip[1] <= at[1] + 30)  # the arrow leaves B's name clear


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
    driver.drag((-600, 280), (-500, 250))
    assert {n: tuple(s.position) for n, s in driver.scene.shapes.items()} == before


def test_r_turns_the_shape_under_the_cursor_a_step_and_smoothly_when_held(drive):
    driver = drive("box-box")
    b = driver.scene.shapes["B"]
    driver.move(b.position)
    angle = b.angle
    driver.tap("R")
    assert b.angle == pytest.approx(angle + ROTATE_STEP)
    driver.tap("T")
    assert b.angle == pytest.approx(angle)
    driver.hold("R", 1.0)
    assert b.angle == pytest.approx(angle + ROTATE_STEP + ROTATE_SPEED * (1.0 - HOLD_DELAY), abs=ROTATE_SPEED / 30)
    turned = b.angle
    driver.frame()
    assert b.angle == turned  # released: it stops
    assert driver.scene.result.sat.axes[2].axis == pytest.approx((math.cos(turned), math.sin(turned)))


def test_r_turns_the_last_grabbed_shape_when_the_cursor_is_elsewhere(drive):
    driver = drive("box-box")
    a = driver.scene.shapes["A"]
    driver.drag(a.position, (a.position[0] + 5, a.position[1]))
    driver.move((-600, 280))
    angle = a.angle
    driver.tap("R")
    assert a.angle == pytest.approx(angle + ROTATE_STEP)


def test_tapping_r_lines_b_up_with_a_exactly(drive):
    """A at 20.054 degrees, B at -10: 3-degree taps alone would pass 20.054 by; the snap lands on it."""
    driver = drive("box-box")
    a, b = driver.scene.shapes["A"], driver.scene.shapes["B"]
    assert math.degrees(a.angle) == pytest.approx(20.054, abs=1e-3) and math.degrees(b.angle) == pytest.approx(-10)
    driver.move(b.position)
    for taps in range(1, 13):
        driver.tap("R")
        if len(driver.scene.result.sat.axes) == 2:
            break
    assert len(driver.scene.result.sat.axes) == 2, "B never lined up with A within a dozen taps"
    assert math.remainder(b.angle - a.angle, math.pi / 2) == pytest.approx(0, abs=1e-12)
    assert driver.session.status == "B aligned with A"
    driver.tap("R")  # the next tap moves on
    assert len(driver.scene.result.sat.axes) == 4
    assert math.remainder(b.angle - a.angle, math.pi / 2) == pytest.approx(ROTATE_STEP)


def test_a_tap_far_from_any_alignment_turns_exactly_one_step(drive):
    driver = drive("box-box")
    b = driver.scene.shapes["B"]
    driver.move(b.position)
    driver.tap("T")
    assert b.angle == pytest.approx(math.radians(-13))
    assert driver.session.status == ""


def test_the_hovered_shape_is_highlighted(drive):
    driver = drive("box-box")
    driver.move(driver.scene.shapes["A"].position)
    driver.frame()
    outlines = [call[2] for call in driver.painter.of("polygon")]
    assert outlines == [DARK.highlight, DARK.shape_b]


def test_wheel_zooms_about_the_cursor_and_right_drag_pans(drive):
    driver = drive("box-box")
    camera = driver.session.camera
    zoom = camera.zoom
    point = (-200.0, 100.0)
    x, y = driver.screen(point)
    driver.session.input.on_mouse_scroll(x, y, 0, 3)
    assert camera.zoom == pytest.approx(zoom * 1.1**3)
    assert camera.to_world(x, y) == pytest.approx(point)
    before = camera.center
    start = camera.to_world(*camera.anchor)
    driver.drag(start, (start[0] + 100, start[1]), button=keys.RIGHT_BUTTON)
    assert camera.center[0] == pytest.approx(before[0] - 100)


def test_box_box_draws_both_intervals_of_every_axis_and_the_separating_one_green(drive):
    driver = drive("box-box")
    driver.frame()
    result = driver.scene.result.sat
    intervals = driver.painter.of("interval")
    for test in result.axes:
        mine = [c for c in intervals if c[1] == pytest.approx(tuple(test.axis))]
        assert (test.a.min, test.a.max) in [(c[2], c[3]) for c in mine if c[5] == DARK.shape_a]
        assert (test.b.min, test.b.max) in [(c[2], c[3]) for c in mine if c[5] == DARK.shape_b]
        line = DARK.separating if test.separating else DARK.axis
        assert any(c[5] == line for c in mine)
    assert [t.separating for t in result.axes].count(True) == 1


def test_box_box_pages_through_the_axes(drive):
    driver = drive("box-box")
    driver.click("Next axis (N)")
    driver.frame()
    assert {c[1] for c in driver.painter.of("interval")} == {tuple(driver.scene.result.sat.axes[0].axis)}
    assert driver.painter.of("segment")  # the drop lines from the corners
    driver.tap("N")
    driver.frame()
    assert {c[1] for c in driver.painter.of("interval")} == {tuple(driver.scene.result.sat.axes[1].axis)}
    assert "showing Q" in driver.scene.reported.lines[0].text
    driver.click("All axes")
    driver.frame()
    assert len({c[1] for c in driver.painter.of("interval")}) == len(driver.scene.result.sat.axes)


def test_keys_toggle_help_and_pause_and_ask_for_screenshots(drive):
    driver = drive("quadtree")
    for symbol, attribute in [("F1", "show_help"), ("P", "paused"), ("F12", "screenshot_requested")]:
        assert getattr(driver.session, attribute) is False
        driver.tap(symbol)
        assert getattr(driver.session, attribute) is True


def test_esc_asks_once_before_quitting_and_leaves_full_screen_first(drive):
    driver = drive("box-box")
    session = driver.session
    session.fullscreen = True
    driver.tap("ESCAPE")
    assert session.fullscreen_requested and not session.quit_requested
    session.fullscreen, session.fullscreen_requested = False, False
    driver.tap("ESCAPE")
    assert not session.quit_requested and "Esc again" in session.status
    for _ in range(int(4.5 * 60)):
        driver.frame()
    driver.tap("ESCAPE")  # too late: it asks again
    assert not session.quit_requested
    driver.tap("ESCAPE")
    assert session.quit_requested


def test_a_status_line_clears_after_a_few_seconds(drive):
    driver = drive("box-box")
    driver.tap("F9")
    assert driver.session.status == "projector theme"
    for _ in range(3 * 60):
        driver.frame()
    assert driver.session.status == "projector theme"
    for _ in range(2 * 60):
        driver.frame()
    assert driver.session.status == ""


def test_f9_switches_the_theme_every_scene_draws_with(drive):
    driver = drive("box-box")
    driver.tap("F9")
    driver.frame()
    assert driver.session.theme.name == "projector"
    assert {call[2] for call in driver.painter.of("polygon")} == {driver.session.theme.shape_a, driver.session.theme.shape_b}


def test_tab_cycles_through_every_scene_in_lesson_order_and_back(drive):
    """Past each scene's last Tab stop (its shapes, handles and panel actions) comes the next scene."""
    driver = drive(SCENE_IDS[0])
    seen = []
    for _ in SCENE_IDS:
        scene = driver.scene
        for _ in range(len(scene.shapes) + len(scene.points) + len(scene.actions) + 1):
            assert driver.scene is scene
            driver.tap("TAB")
        seen.append(driver.scene.id)
    assert seen == SCENE_IDS[1:] + SCENE_IDS[:1]
    driver.tap("TAB", keys.SHIFT)
    assert driver.scene.id == SCENE_IDS[-1]


def test_the_registry_keeps_lesson_order():
    from sandbox.app.registry import CATEGORIES

    ranks = [CATEGORIES.index(cls.category) for cls in all_scenes()]
    assert ranks == sorted(ranks)
    assert SCENE_IDS.index("projection") < SCENE_IDS.index("box-box") < SCENE_IDS.index("box-circle") < SCENE_IDS.index("quadtree")


def test_ctrl_s_saves_the_layout_where_it_says(drive, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = drive("box-box")
    driver.drag(driver.scene.shapes["B"].position, (10, 20))
    driver.tap("S", keys.CTRL)
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
