"""ray-cast: each preset shows what its caption says, and every hit is the core's, on shapes
rebuilt here from plain numbers."""

import math

import pytest

from collision import Box, Capsule, Circle, ray_cast
from scenes.ray_cast import PRESETS

CAPSULE = Capsule((-55.0, 0.0), (55.0, 0.0), 28.0, position=(170.0, -110.0), angle=0.35)
"""B at the start: a capsule."""


def preset(drive, name):
    driver = drive("ray-cast")
    driver.click(name)
    return driver.scene


def translation(name):
    (ox, oy), (ex, ey) = PRESETS[name]["origin"], PRESETS[name]["end"]
    return (ox, oy), (ex - ox, ey - oy)


def test_through_the_box_the_x_slab_decides_on_the_left_face(drive):
    scene = preset(drive, "Through the box")
    origin, d = translation("Through the box")
    expected = ray_cast(Box((-160.0, 70.0), (70.0, 45.0)), origin, d)
    hit = scene.result.hits["box"]
    assert scene.result.first == "box" and hit.fraction == pytest.approx(expected.fraction) and hit.normal == (-1.0, 0.0)
    assert [slab.decides for slab in hit.steps] == [True, False]


def test_along_the_top_the_y_slab_is_entered_at_minus_infinity(drive):
    scene = preset(drive, "Along the top")
    y = scene.result.hits["box"].steps[1]
    assert y.entry == float("-inf") and y.exit == float("inf") and not y.decides
    assert scene.reported.answers["slabs.y.entry"] == "minus infinity"


def test_slabs_apart_misses_though_it_crosses_both_slabs(drive):
    scene = preset(drive, "Slabs apart")
    x, y = scene.result.hits["box"].steps
    assert not scene.result.hits["box"].hit and x.entry > y.exit
    assert scene.reported.verdict.text == "MISSES EVERY SHAPE"


def test_from_inside_the_circle_is_t_zero_with_no_normal(drive):
    scene = preset(drive, "From inside")
    hit = scene.result.hits["circle"]
    assert hit.hit and hit.fraction == 0.0 and hit.normal == (0.0, 0.0)
    assert Circle((-10.0, -80.0), 55.0).radius > ((-40 + 10) ** 2 + (-80 + 80) ** 2) ** 0.5


def test_at_the_capsule_the_hit_is_on_its_outline(drive):
    scene = preset(drive, "At the capsule")
    origin, d = translation("At the capsule")
    hit = scene.result.hits["B"]
    assert scene.result.first == "B" and hit == ray_cast(CAPSULE, origin, d)


def test_a_capsule_turned_by_key_snaps_like_any_shape(drive):
    """B, a capsule, grabbed and turned with R: its straight sides snap to the box's edges as a
    polygon's do (the turn's snapping asked a capsule for polygon vertices, and faulted)."""

    driver = drive("ray-cast")
    b = driver.scene.shapes["B"]
    driver.drag(b.position, b.position)  # grabbed where it is: B is the shape the keys turn
    landed = []
    for tap in range(31):  # a quarter turn of 3-degree taps passes one of the box's edges
        driver.tap("R")
        assert driver.session.fault is None
        (x1, y1), (x2, y2) = driver.scene.shapes["B"].world_points()
        along = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 90
        if min(along, 90 - along) < 1e-9:
            landed.append(tap)
    assert landed, "B's sides never landed parallel to the box's edges"
