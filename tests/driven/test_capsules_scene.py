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
