"""capsules: the gap the scene shows is the cores' distance from GEOS less both radii, and each
preset gives the contact points its caption says."""

import pytest
import shapely

from scenes.capsules import B_HALF, PRESETS


def core_gap(case):
    (cx, cy), (hx, hy) = case["B"], B_HALF
    box = shapely.box(cx - hx, cy - hy, cx + hx, cy + hy)
    return box.distance(shapely.LineString([case["p1"], case["p2"]]))


@pytest.mark.parametrize("name, contacts", [("Apart", 0), ("Corner to corner", 1), ("Side on", 2)])
def test_each_preset_against_geos(drive, name, contacts):
    driver = drive("capsules")
    driver.click(name)
    case, result = PRESETS[name], driver.scene.result
    gap = core_gap(case) - case["radius"] - case["rounding"]
    assert result.core_gap == pytest.approx(core_gap(case), abs=1e-9)
    shown = result.gjk.distance if not result.gjk.colliding else -result.gjk.depth
    assert shown == pytest.approx(gap, abs=1e-9)
    assert len(result.manifold.points) == contacts


def test_a_capsule_of_radius_zero_is_a_segment(drive):
    driver = drive("capsules")
    driver.session.set_setting("radius", 0)
    case = PRESETS["Apart"]
    assert driver.scene.result.gjk.distance == pytest.approx(core_gap(case) - case["rounding"], abs=1e-9)


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_end_is_named_beside_it_and_off_b(drive, name):
    """Printed, "Corner to corner" (where-do-they-touch step 8) named p2 past the capsule's end,
    inside B, under the contact point. A name's letters keep off B's rounded box (GEOS) and
    stand within the capsule's radius and two ems of the end they name."""
    driver = drive("capsules")
    driver.click(name)
    driver.frame()
    case, scene = PRESETS[name], driver.scene
    (cx, cy), (hx, hy), r = case["B"], B_HALF, case["rounding"]
    b = shapely.box(cx - hx, cy - hy, cx + hx, cy + hy).buffer(r)
    em = 14 * scene.view.pixel * scene.view.text_scale
    for end in ("p1", "p2"):
        (call,) = [call for call in driver.painter.of("text") if call[2] == end]
        label = shapely.Point(call[1]).buffer(em / 2)
        assert not label.intersects(b), f"{end} on B"
        assert shapely.Point(call[1]).distance(shapely.Point(case[end])) <= case["radius"] + 2 * em
