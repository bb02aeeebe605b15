"""fast-moving: the scene's three methods agree with the core, and each preset shows what its
caption claims. Shapes are rebuilt here from plain numbers, not taken from the scene."""

import math

import numpy as np
import pytest

from collision import Box, sat, sweep
from scenes.fast_moving import OBJECT, PRESETS, WALL


def place(scene, driver, position, angle, tip, samples):
    """Pose B and d as a layout would, and set the sample count through the session."""
    scene.shapes["B"].position, scene.shapes["B"].angle = position, angle
    scene.points["d"] = type(scene.points["d"])(*tip)
    driver.session.set_setting("samples", samples)


def test_every_method_agrees_with_the_core_at_random_steps(drive):
    driver = drive("fast-moving")
    scene = driver.scene
    rng = np.random.default_rng(12)
    wall = Box(*WALL)
    seen = set()
    for _ in range(300):
        position = tuple(rng.uniform((-260, -130), (-30, 130)))
        angle = rng.uniform(0, math.tau)
        tip = (position[0] + rng.uniform(20, 450), position[1] + rng.uniform(-150, 150))
        count = int(rng.integers(1, 41))
        place(scene, driver, position, angle, tip, count)
        step = scene.result
        d = (tip[0] - position[0], tip[1] - position[1])
        expected = sweep(Box(position, OBJECT, angle), wall, d)
        assert step.swept.hit == expected.hit and step.swept.time == pytest.approx(expected.time, abs=1e-12)
        assert step.swept.normal == pytest.approx(expected.normal)
        end = sat(wall, Box((tip[0], tip[1]), OBJECT, angle))
        assert step.static.sat.colliding == end.colliding and step.static.sat.mtv == pytest.approx(end.mtv)
        hits = [i for i in range(1, count + 1) if sat(wall, Box((position[0] + d[0] * i / count, position[1] + d[1] * i / count), OBJECT, angle)).colliding]
        numbers = scene.reported.numbers
        assert numbers["samples"]["colliding"] == hits
        assert numbers["samples"]["spacing"] == pytest.approx(math.hypot(*d) / count)
        # A method that misses what the sweep hits is wrong; nothing is reported hit that the sweep clears.
        assert ("static" in numbers["wrong"]) >= (expected.hit and not end.colliding)
        assert expected.hit or (not end.colliding and not hits)
        seen.add((expected.hit, end.colliding, bool(hits)))
    assert {(True, False, False), (True, True, True), (False, False, False), (True, False, True)} <= seen


def preset(drive, name):
    driver = drive("fast-moving")
    driver.session.set_setting("samples", 7)  # the preset must set its own count
    driver.click(name)
    return driver, driver.scene


def test_tunnelling_static_and_four_samples_miss_the_sweep_hits_the_near_face(drive):
    driver, scene = preset(drive, "Tunnelling")
    step, numbers = scene.result, scene.reported.numbers
    assert scene.shapes["B"].aabb()[2] < -8 and step.end.aabb()[0] > 8  # starts before the wall, ends beyond it
    assert not step.static.sat.colliding and numbers["samples"]["colliding"] == [] and numbers["samples"]["count"] == 4
    assert not numbers["samples"]["rule_kept"]
    # B's right face (x + 15) reaches the wall's left face (-8) after (230 - 23) of its 400 along x.
    assert step.swept.hit and step.swept.time == pytest.approx(207 / 400) and step.swept.normal == (-1, 0)
    assert scene.reported.verdict.text == "STATIC AND SAMPLES MISS"


@pytest.mark.parametrize("name, fewest", [("Tunnelling", 27), ("Far side", 14), ("Over the top", 14)])
def test_with_the_spacing_below_the_radius_the_samples_catch_it_and_push_it_back(drive, name, fewest):
    """Metanet's rule: samples closer than the radius never let the box reach the wall's middle."""
    driver, scene = preset(drive, name)
    kept = []
    for count in range(1, 41):
        driver.session.set_setting("samples", count)
        numbers = scene.reported.numbers
        if numbers["samples"]["rule_kept"]:
            kept.append(count)
            assert numbers["samples"]["first"]["way"] == "back", count
            assert "multisampling" not in numbers["wrong"]
    # |d| / count < 15 from the count the panel would show onwards: 401.1 / 27, 205 / 14, 202.2 / 14.
    assert kept == list(range(fewest, 41))
    assert scene.reported.verdict.text == ("STATIC MISSES" if name == "Tunnelling" else "STATIC PUSHES WRONG WAY")


def test_grazing_is_luck_for_the_samples_one_more_or_less_lands_in_the_corner(drive):
    driver, scene = preset(drive, "Grazing")
    caught = []
    for count in (19, 20, 21):
        driver.session.set_setting("samples", count)
        caught.append(scene.reported.numbers["samples"]["colliding"] != [])
    assert caught == [True, False, True]


def test_far_side_the_static_mtv_pushes_it_out_beyond_the_wall(drive):
    driver, scene = preset(drive, "Far side")
    step = scene.result
    assert step.static.sat.colliding and step.static.way == "far side"
    # The end is 5 past the wall's middle: out to the right, 8 + 15 - 5 = 18 along +x.
    assert step.static.sat.mtv == pytest.approx((18, 0))
    assert step.swept.normal == (-1, 0) and step.swept.time == pytest.approx(177 / 205)
    assert scene.reported.verdict.text == "STATIC AND SAMPLES PUSH WRONG WAY"


def test_over_the_top_the_mtv_jumps_axis_while_the_sweep_hits_the_face(drive):
    driver, scene = preset(drive, "Over the top")
    step = scene.result
    assert step.static.sat.mtv == pytest.approx((0, 15)) and step.static.way == "sideways"
    # B met the wall's left face, below its top (110), not its top.
    assert step.swept.normal == (-1, 0) and step.swept.point.x == pytest.approx(-8) and step.swept.point.y < 110
    assert step.swept.time == pytest.approx(0.885)


def test_grazing_keeps_the_rule_and_still_only_the_sweep_sees_the_corner(drive):
    driver, scene = preset(drive, "Grazing")
    step, numbers = scene.result, scene.reported.numbers
    assert numbers["samples"]["count"] == 20 and numbers["samples"]["rule_kept"]
    assert not step.static.sat.colliding and numbers["samples"]["colliding"] == []
    assert step.swept.hit and math.dist(step.swept.point, (-8, 110)) < 3  # at the wall's top corner
    assert scene.reported.verdict.text == "STATIC AND SAMPLES MISS"


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_caption_names_what_the_preset_shows(drive, name):
    """The caption's claims, read against the numbers: who misses, who pushes which way."""
    driver, scene = preset(drive, name)
    caption, numbers = PRESETS[name]["caption"], scene.reported.numbers
    assert numbers["swept"]["hit"]
    assert ("static test" in caption and "miss" in caption) == (not numbers["static"]["colliding"])
    assert ("samples" in caption and "miss" in caption) == (numbers["samples"]["colliding"] == [])
    assert ("far side" in caption) == (numbers["static"]["way"] == "far side")
    assert ("jumps axis" in caption) == (numbers["static"]["way"] == "sideways")


def test_dragging_b_carries_d_and_the_tip_keeps_its_distance(drive):
    driver = drive("fast-moving")
    scene = driver.scene
    before = scene.reported.numbers["displacement"]
    start = tuple(scene.shapes["B"].position)
    driver.drag(start, (start[0] + 30, start[1] - 40))
    assert scene.reported.numbers["displacement"] == pytest.approx(before)
    assert tuple(scene.points["d"]) == pytest.approx((170 + 30, -10 - 40))
    driver.drag(tuple(scene.points["d"]), (start[0] + 33, start[1] - 40))  # 3 from B's centre: refused
    assert math.dist(scene.points["d"], scene.shapes["B"].position) >= 10


def test_turning_b_turns_every_copy_of_it(drive):
    driver = drive("fast-moving")
    scene = driver.scene
    driver.move(tuple(scene.shapes["B"].position))
    driver.tap("R")
    angle = scene.shapes["B"].angle
    assert angle != 0
    step = scene.result
    assert step.end.angle == step.contact.angle == angle and all(box.angle == angle for box, _ in step.samples)


@pytest.mark.parametrize("method", ["static", "multisampling", "swept"])
def test_each_method_alone_draws_only_its_own(drive, method):
    driver = drive("fast-moving")
    driver.session.set_setting("method", method)
    driver.frame()
    texts = [call[2] for call in driver.painter.of("text")]
    assert ("end" in texts) == (method == "static")
    assert ("1" in texts) == (method == "multisampling")
    assert any(text.startswith("t = ") for text in texts) == (method == "swept")


def test_b_dragged_into_the_wall_is_hit_at_time_zero_along_sats_normal(drive):
    driver = drive("fast-moving")
    scene = driver.scene
    driver.drag(tuple(scene.shapes["B"].position), (-10, 20))
    driver.frame()
    step = scene.result
    assert step.swept.hit and step.swept.time == 0 and step.contact.position == pytest.approx((-10, 20))
    assert step.swept.normal == sat(Box(*WALL), Box((-10, 20), OBJECT)).normal


def test_the_end_is_named_away_from_its_push_and_the_mtv_starts_at_the_leading_face(drive):
    """Printed, fast-objects step 2's "end" stood under the pushed-out box, and its 18-unit
    MTV, drawn from the end box's centre, lay hidden under the dot at d's tip."""
    driver = drive("fast-moving")
    driver.session.set_setting("method", "static")
    place(driver.scene, driver, (-200.0, -20.0), 0.0, (5.0, -40.0), 4)
    driver.frame()
    theme = driver.session.theme
    x0, _, x1, _ = Box((5.0, -40.0), OBJECT, 0.0).aabb()
    (end,) = [call for call in driver.painter.of("text") if call[2] == "end"]
    # Pushed along +x (out of the far side): named from the left, its text ending at the box's left edge.
    assert end[5] == "right" and end[1][0] == pytest.approx(x0)
    (push,) = [call for call in driver.painter.of("arrow") if call[3] == theme.mtv]
    mtv = sat(Box(*WALL), Box((5.0, -40.0), OBJECT, 0.0)).mtv
    assert mtv[0] > 0 and push[1] == pytest.approx((x1, -40.0)) and push[2] == pytest.approx((x1 + mtv[0], -40.0 + mtv[1]))
