"""contact-points: each preset shows what its caption says, the pages step through the manifold's
stages, and turning B with R keeps the points' ids until a corner lifts."""

import math

import pytest

import oracle
from collision import Box, ContactId, manifold
from scenes.contact_points import A_POSE, B_SIZE, PRESETS


def preset(drive, name):
    driver = drive("contact-points")
    driver.click(name)
    return driver, driver.scene


def test_resting_two_points_under_b_and_turning_keeps_their_ids(drive):
    driver, scene = preset(drive, "Resting")
    first = [p.id for p in scene.result.manifold.points]
    assert first == [ContactId("edge", 1, "vertex", 3), ContactId("edge", 1, "vertex", 0)]
    assert scene.reported.verdict.text == "2 CONTACT POINTS"
    driver.move(scene.shapes["B"].position)
    counts = []
    for _ in range(6):
        driver.tap("R")
        ids = [p.id for p in scene.result.manifold.points]
        counts.append(len(ids))
        # Each point left is one that was there: the same features, the same name.
        assert set(ids) <= set(first)
    assert counts[0] == 2 and counts[-1] == 1


def test_overhang_a_side_plane_makes_the_point_at_a_s_end(drive):
    _, scene = preset(drive, "Overhang")
    found = scene.result.manifold
    x_end = A_POSE[0][0] + A_POSE[1][0]
    assert [p.point.x for p in found.points] == [pytest.approx(PRESETS["Overhang"]["B"][0] - B_SIZE[0]), pytest.approx(x_end)]
    assert found.points[1].id == ContactId("vertex", 1, "edge", 3)


def test_tilted_one_point_and_on_its_corner_the_incident_face_swaps_past_45_degrees(drive):
    _, scene = preset(drive, "Tilted")
    assert scene.reported.verdict.text == "1 CONTACT POINT"
    _, scene = preset(drive, "On its corner")
    b = scene.shapes["B"]
    assert scene.result.manifold.incident_edge == 3
    b.angle = math.radians(50)
    scene.invalidate()
    assert scene.result.manifold.incident_edge == 2


def test_back_and_step_page_the_stages_and_each_matches_the_core(drive):
    driver, scene = preset(drive, "Resting")
    expected = manifold(Box(*A_POSE), Box(PRESETS["Resting"]["B"], B_SIZE, PRESETS["Resting"]["angle"]), steps=True)
    assert scene.result.page == len(expected.steps) - 1
    for _ in range(len(expected.steps)):
        driver.click("Back")
    assert scene.result.page == 0 and scene.reported.lines[0].text.endswith(expected.steps[0].title)
    titles = []
    for _ in range(len(expected.steps) - 1):
        driver.click("Step (N)")
        titles.append(scene.reported.lines[0].text.split(": ", 1)[1])
    assert titles == [step.title for step in expected.steps[1:]]


def test_apart_no_points(drive):
    driver = drive("contact-points")
    driver.scene.shapes["B"].position = (10, 200)
    driver.scene.invalidate()
    assert driver.scene.reported.verdict.text == "APART: NO CONTACT POINTS"


@pytest.mark.parametrize("kind_a", ["box", "polygon", "rounded box", "capsule", "circle"])
@pytest.mark.parametrize("kind_b", ["box", "polygon", "rounded box", "capsule", "circle"])
def test_every_pair_of_kinds_touches_midway_between_the_surfaces(drive, kind_a, kind_b):
    """Picked for A and B, any two kinds placed as Resting places the boxes give contact points (or
    none, apart), each midway
    between the outlines along the normal: half the overlap on, it is on A's outline, half the
    overlap back on B's (GEOS)."""
    import shapely

    driver = drive("contact-points")
    driver.session.set_setting("kind_a", kind_a)
    driver.session.set_setting("kind_b", kind_b)
    driver.click("Resting")
    scene = driver.scene
    found = scene.result.manifold
    if not found.points:
        # Two circles placed as the boxes rest are apart: no points is right then.
        assert oracle.outline(scene.shapes["A"]).distance(oracle.outline(scene.shapes["B"])) > 0, (kind_a, kind_b)
        return
    (nx, ny), (outline_a, outline_b) = found.normal, (oracle.outline(scene.shapes[name]).exterior for name in ("A", "B"))
    for point in found.points:
        (x, y), half = point.point, -point.separation / 2
        assert outline_a.distance(shapely.Point(x + nx * half, y + ny * half)) <= 1e-4, (kind_a, kind_b, point)
        assert outline_b.distance(shapely.Point(x - nx * half, y - ny * half)) <= 1e-4, (kind_a, kind_b, point)


def test_step_from_the_whole_clipping_starts_at_the_first_stage(drive):
    # The scene opens on the whole clipping, its last stage: a first Step there did nothing.
    driver, scene = preset(drive, "Resting")
    assert scene.result.page == len(scene.result.manifold.steps) - 1
    driver.click("Step (N)")
    assert scene.result.page == 0
