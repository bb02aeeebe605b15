"""The colour-blind palette (B dashed, Okabe-Ito hues) and poses typed in the panel."""

import math

import pytest

from collision import sat
from sandbox.app import dashes
from sandbox.app import layout
from sandbox.app import poses
from sandbox.kit.theme import DARK, PROJECTOR, with_palette

OKABE_ITO = {(0, 0, 0), (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (213, 94, 0), (204, 121, 167)}


def b_segments(painter, theme):
    return [call for call in painter.of("segment") if call[3][:3] == theme.shape_b[:3] and call[3][3] > 0]


def test_the_panel_switches_to_okabe_ito_hues_and_b_dashed(drive):
    driver = drive("box-box")
    driver.frame()
    assert driver.session.theme is DARK
    # In the standard palette B's outline is one polygon, drawn solid.
    assert not b_segments(driver.painter, DARK)
    driver.click("Colour-blind")
    theme = driver.session.theme
    assert theme.palette == "colour-blind" and theme.dashed_b and theme.name == "dark"
    for role in ("shape_a", "shape_b", "max_corner", "min_corner", "separating", "mtv"):
        assert getattr(theme, role)[:3] in OKABE_ITO, role
    assert len({getattr(theme, role) for role in ("shape_a", "shape_b", "max_corner", "min_corner", "separating", "mtv")}) == 6
    driver.frame()
    pixel = 1 / driver.session.camera.zoom
    box = driver.scene.shapes["B"].world_vertices()
    on_b = [call for call in b_segments(driver.painter, theme) if call[4] == 2]  # the outline, not the shadows
    perimeter = sum(math.dist(box[i - 1], box[i]) for i in range(4))
    drawn = sum(math.dist(start, end) for _, start, end, _, _ in on_b)
    assert all(math.dist(start, end) <= dashes.DASH * pixel + 1e-9 for _, start, end, _, _ in on_b)
    # Dashes and gaps share the outline as DASH to GAP, give or take the last period.
    share = dashes.DASH / (dashes.DASH + dashes.GAP)
    assert abs(drawn - perimeter * share) <= (dashes.DASH + dashes.GAP) * pixel
    # A keeps one solid outline; B's polygon call is its fill alone.
    polygons = {call[3][:3]: call for call in driver.painter.of("polygon")}
    assert polygons[theme.shape_a[:3]][2] == theme.shape_a
    assert [call[2][3] for call in driver.painter.of("polygon") if call[3] and call[3][:3] == theme.shape_b[:3]] == [0]
    # B's shadows on the axes are dashed too.
    assert any(call[4] == 5 for call in b_segments(driver.painter, theme))


def test_f9_keeps_the_palette_and_unticking_goes_back(drive):
    driver = drive("box-box")
    driver.click("Colour-blind")
    driver.tap("F9")
    theme = driver.session.theme
    assert (theme.name, theme.palette, theme.shape_b) == ("projector", "colour-blind", (213, 94, 0, 255))
    driver.click("Colour-blind")
    assert driver.session.theme is PROJECTOR
    driver.tap("F9")
    assert driver.session.theme is DARK


def test_a_selected_b_stays_dashed(drive):
    driver = drive("box-box")
    driver.session.set_palette("colour-blind")
    b = driver.scene.shapes["B"]
    driver.drag(b.position, (b.position[0] + 30, b.position[1]))
    driver.frame()
    theme = driver.session.theme
    assert driver.scene.selected == "B"
    outline = [call for call in driver.painter.of("segment") if call[3] == theme.highlight]
    assert len(outline) > 8
    assert not [call for call in driver.painter.of("polygon") if call[2] == theme.highlight]


def test_a_circle_b_is_dashed_round_its_rim(drive):
    driver = drive("box-circle")
    driver.session.set_palette("colour-blind")
    driver.frame()
    circle, theme = driver.scene.shapes["B"], driver.session.theme
    rim = [call for call in b_segments(driver.painter, theme) if call[4] == 2]
    assert len(rim) > 10
    for _, start, end, _, _ in rim:
        # On the rim, or on a chord of the polygon of CIRCLE_STEPS sides the dashes follow.
        inner = circle.radius * math.cos(math.pi / dashes.CIRCLE_STEPS)
        assert inner - 1e-9 <= math.dist(start, circle.center) <= circle.radius + 1e-9
    assert [call[3][3] for call in driver.painter.of("circle") if call[4] and call[4][:3] == theme.shape_b[:3]] == [0]


def test_an_arrow_in_b_s_colour_is_dashed_to_its_whole_head(drive):
    """Printed grey, the vectors lesson's b was a solid arrow while the legend said B's colour
    prints dashed."""
    driver = drive("vectors")
    driver.session.set_palette("colour-blind")
    driver.frame()
    theme, pixel = driver.session.theme, 1 / driver.session.camera.zoom
    (head,) = [call for call in driver.painter.of("arrow") if call[3][:3] == theme.shape_b[:3]]
    _, back, end, _, width = head
    assert math.dist(back, end) == pytest.approx((4 * width + 6) * pixel)
    shaft = [call for call in b_segments(driver.painter, theme) if call[4] == width]
    assert len(shaft) > 3 and all(math.dist(s, e) <= dashes.DASH * pixel + 1e-9 for _, s, e, _, _ in shaft)
    # The dashes run along the arrow, up to its head.
    direction = ((end[0] - back[0]) / math.dist(back, end), (end[1] - back[1]) / math.dist(back, end))
    for _, s, e, _, _ in shaft:
        for x, y in (s, e):
            assert abs((x - back[0]) * direction[1] - (y - back[1]) * direction[0]) < 1e-6
            assert (x - back[0]) * direction[0] + (y - back[1]) * direction[1] <= 1e-6


def test_an_unknown_palette_is_refused():
    with pytest.raises(ValueError, match="colour-blind"):
        with_palette(DARK, "sepia")


def open_pose_editor(driver):
    driver.click("Type a pose...")
    driver.frame()


def test_a_typed_pose_puts_the_shape_there_exactly(drive):
    driver = drive("box-box")
    open_pose_editor(driver)
    driver.type_into("##B.x", "-212.5")
    driver.type_into("##B.angle", "37.25")
    b = driver.scene.shapes["B"]
    assert b.position[0] == -212.5 and b.position[1] == 50
    assert math.isclose(b.angle, math.radians(37.25), rel_tol=0, abs_tol=1e-15)
    assert driver.session.status == "B placed at (-212.5, 50), turned 37.25°"
    # The result follows: the scene recomputed for the new pose.
    again = sat(driver.scene.shapes["A"], b)
    assert (driver.scene.result.sat.colliding, driver.scene.result.sat.depth) == (again.colliding, again.depth)
    assert driver.places["scroll"] == 0


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        # In the pose editor's words, short enough for the status line.
        ("##B.x", "nan", "B's x and y must each be between -1000000 and 1000000"),
        ("##B.y", "2e6", "B's x and y must each be between -1000000 and 1000000"),
        ("##B.angle", "inf", "B's angle must be a number of degrees between -36000 and 36000"),
        ("##B.angle", "40000", "B's angle must be a number of degrees between -36000 and 36000"),
        ("##A.x", "12,5", "A: x must be a number, got '12,5'"),
    ],
)
def test_a_bad_typed_value_is_refused_in_the_status_line(drive, field, text, message):
    driver = drive("box-box")
    before = layout.capture(driver.scene, driver.session.camera)["shapes"]
    open_pose_editor(driver)
    driver.type_into(field, text)
    assert driver.session.status == message
    assert layout.capture(driver.scene, driver.session.camera)["shapes"] == before


def test_a_handle_is_typed_too_and_its_scene_may_refuse_the_place(drive):
    driver = drive("voronoi-regions")
    open_pose_editor(driver)
    assert "##q.angle" not in driver.places and "##q.x" in driver.places
    driver.type_into("##q.x", "10")
    assert driver.scene.points["q"][0] == 10
    a = driver.scene.points["a"]
    # Corner b on corner a: the triangle would go flat, and the scene says no.
    driver.type_into("##b.x", str(a[0]))
    driver.type_into("##b.y", str(a[1]))
    assert driver.scene.points["b"] != a and driver.session.status == "b would leave the triangle flat or inside out"


def test_a_scene_that_does_not_turn_offers_no_angle(drive):
    scene_id = next(cls.id for cls in driver_scenes() if not cls.turnable and any(hasattr(s, "angle") for s in cls().shapes.values()))
    driver = drive(scene_id)
    assert all(texts[2] is None for texts in poses.texts(driver.session).values())
    name = next(iter(driver.scene.shapes))
    assert not poses.place(driver.session, name, "0", "0", "30")
    assert driver.session.status == f"{name} does not turn in this scene: give its x and y only"


def driver_scenes():
    from sandbox.app.registry import all_scenes

    return all_scenes()


def test_a_typed_handle_the_scene_refuses_stays_put_and_says_why(drive):
    driver = drive("projection")
    before = driver.scene.points["P"]
    x, y = driver.scene.pivot
    poses.place(driver.session, "P", str(x + 1), str(y))  # on the pivot, P would have no direction
    assert driver.scene.points["P"] == before
    assert driver.session.status == f"P cannot go there: it must be at least 20 units from the pivot {list(driver.scene.pivot)}"
