"""where-do-they-touch as a class meets it (byhand3): each question answerable from what the
figure shows and not answered before the reveal, and each label beside what it names."""

import pytest
import shapely

from sandbox.app import screen, seen, walkthrough
from sandbox.kit import headline
from sandbox.kit.figures import any_shape
from sandbox.kit.labels import text_box

LESSON = "walkthroughs/where-do-they-touch.toml"


def at_step(drive, number, revealed=False, size=(1280, 720), scale=1.0, panel=True):
    driver = drive(size=size, walkthrough=walkthrough.load(LESSON))
    driver.session.set_font_scale(scale)
    driver.session.player.go(number - 1, revealed=revealed)
    driver.session.show_panel = panel
    driver.session.refresh()
    driver.frame()
    return driver


def texts(driver):
    return [call[2] for call in driver.painter.of("text")]


def test_step_2_asks_for_a_face_by_what_the_figure_shows_and_marks_it_only_at_the_reveal(drive):
    """D3: the question offered "A's edge 1 / A's edge 3 / ..." while no edge numbers were drawn,
    the figure already labelled the reference face and the caption said "A's top wins"."""
    driver = at_step(drive, 2)
    step, session = driver.session.step, driver.session
    assert "reference face" not in texts(driver) and "A's top" not in step.caption
    # Each choice names a box and a side the class can point at.
    assert all(choice.split("'s ")[0] in ("A", "B") and choice.split("'s ")[1] in ("top", "bottom") for choice in step.choices)
    session.player.reveal()
    driver.frame()
    answer = session.scene.reported.answers[step.answer]
    assert answer == "A's top"
    # Revealed, the face marked "reference face" is A's top, and the label stands by it.
    a = driver.scene.shapes["A"]
    x0, y0, x1, y1 = a.aabb()
    box = label_box(driver, "reference face")
    assert box.distance(shapely.LineString([(x0, y1), (x1, y1)])) < box.bounds[3] - box.bounds[1]


def test_step_1_draws_no_dots_on_b_s_corners_before_the_reveal(drive):
    """Minor: grey dots (what each clip keeps) sat on B's bottom corners while the class was
    asked how many contact points there are."""
    driver = at_step(drive, 1)
    corners = [tuple(map(float, v)) for v in driver.scene.shapes["B"].world_vertices()]
    dots = [call[1] for call in driver.painter.of("point")]
    assert not [dot for dot in dots if any(shapely.Point(dot).distance(shapely.Point(c)) < 3 for c in corners)]


def test_step_4_shows_the_ids_it_asks_about_on_the_canvas_or_says_where_they_are(drive):
    """D4: with the ids overlay on, the points were labelled "1" and "2" (a long label left the
    view by a few pixels) and nothing said so; the ids were only in the caption."""
    driver = at_step(drive, 4, revealed=True)
    ids = [str(contact.id) for contact in driver.scene.result.manifold.points]
    shown = texts(driver)
    assert all(any(text.startswith(each) for text in shown) for each in ids), shown
    # Where even the ids have no room (the presenter's scale, the panel folded), the numbers
    # drawn are named with their ids as left out: the hint line says so on the canvas.
    driver = at_step(drive, 4, revealed=True, scale=2.0, panel=False)
    shown, left_out = texts(driver), driver.scene.labels_left_out
    for number, each in enumerate(ids, 1):
        assert any(text.startswith(each) for text in shown) or (str(number) in shown and f"{number}: {each}" in left_out), (shown, left_out)


def test_step_8_draws_the_line_between_the_cores_while_the_shapes_overlap(drive):
    """D7: the explanation says "on the line between the cores' nearest points", the overlay
    "The cores and GJK's line between them" is on, yet the line was drawn only with the shapes
    apart. GEOS measures the cores: the line drawn is as long as their distance, its ends on them."""
    driver = at_step(drive, 8, revealed=True)
    scene, result = driver.scene, driver.scene.result
    assert result.gjk.colliding
    capsule, b = result.capsule, scene.shapes["B"]
    core_a = shapely.LineString(capsule.world_points().tolist())
    core_b = shapely.Polygon(b.world_vertices().tolist()).exterior
    gap = core_a.distance(core_b)
    lines = [shapely.LineString([call[1], call[2]]) for call in driver.painter.of("segment") if call[3] == driver.session.theme.guide]
    assert any(abs(line.length - gap) < 1e-6 and line.boundary.geoms[0].distance(core_a) < 1e-6 and line.boundary.geoms[1].distance(core_b) < 1e-6
               for line in lines), gap


@pytest.mark.parametrize("size, scale, panel", [((1280, 720), 1.0, True), ((1280, 720), 2.0, True), ((1920, 1080), 3.0, True)])
def test_step_11_claim_keeps_its_method_beside_the_verdict(drive, size, scale, panel):
    """D16: the line read "SLIDES ON  Separate tiles, every edge: CAUGHT (wrong)", and at
    --present with the panel opened "SLIDES ON  CAUGHT (wrong)": at a glance, the opposite.
    The flawed method's name stays on the line wherever it is drawn, with the verdict's reason."""
    driver = at_step(drive, 11, size=size, scale=scale, panel=panel)
    session = driver.session
    (claim,) = session.claims()
    parts = headline.layout(session.verdict(), [claim], screen.text_width(size[0], scale, panel), scale, seen.text_width, session.least_points)
    assert [part.text for part in parts] == ["SLIDES ON", claim.text(), "every push is up"]


def test_step_8_dragged_apart_says_no_depth(drive):
    """Minor: after dragging the capsule clear at step 8 the caption read "sunk 0.0 into it"
    while the shapes were 120 apart; apart there is no depth to quote, and it shows a dash."""
    driver = at_step(drive, 8, revealed=True)
    driver.drag(driver.scene.points["p2"], (-230.0, 120.0))
    assert not driver.scene.result.gjk.colliding
    assert "sunk 0.0" not in driver.session.caption and "sunk —" in driver.session.caption


def label_box(driver, text):
    """The world box of the one label ``text`` as drawn (GEOS)."""
    scene = driver.scene
    (call,) = [call for call in driver.painter.of("text") if call[2] == text]
    return shapely.box(*text_box(call[1], call[2], call[4], scene.view.pixel, scene.view.text_scale, call[5] if len(call) > 5 else "left"))


def outline(shape):
    return shapely.Polygon(any_shape.outline(shape))


@pytest.mark.parametrize("size, scale, panel", [((1280, 720), 1.0, True), ((1280, 720), 2.0, False), ((1920, 1080), 3.0, False)])
def test_capsule_labels_stand_off_b_and_off_the_capsule(drive, size, scale, panel):
    """D10: "p2" was drawn inside B at step 8 at 3x, and "gap 43.2" inside B once p2 was
    dragged near it. Each label's box stays off both shapes (GEOS)."""
    driver = at_step(drive, 8, revealed=True, size=size, scale=scale, panel=panel)
    b, capsule = outline(driver.scene.shapes["B"]), outline(driver.scene.result.capsule)
    for name in ("p1", "p2"):
        box = label_box(driver, name)
        assert not box.intersects(b) and not box.intersects(capsule.exterior), name
    driver.click("Apart")
    driver.drag(driver.scene.points["p2"], (-70.0, 30.0))
    driver.frame()
    result = driver.scene.result
    assert not result.gjk.colliding
    b, capsule = outline(driver.scene.shapes["B"]), outline(result.capsule)
    line = shapely.LineString([result.gjk.closest_a, result.gjk.closest_b])
    box = label_box(driver, f"gap {driver.scene.reported.answers['gap']}")
    assert not box.intersects(b) and not box.intersects(capsule)
    # Beside the gap line it numbers, not beside a shape: its middle is square to a point of
    # the line (on main it stood over B's corner), within two label heights of it.
    height = box.bounds[3] - box.bounds[1]
    assert 0.0 < line.project(box.centroid, normalized=True) < 1.0 and box.distance(line) <= 2 * height
    box = label_box(driver, "p2")
    assert not box.intersects(b) and not box.intersects(capsule.exterior) and not box.intersects(line)


@pytest.mark.parametrize("number", [1, 3, 4, 5, 6])
@pytest.mark.parametrize("size, scale, panel", [((1280, 720), 1.0, True), ((1280, 720), 2.0, False), ((1920, 1080), 3.0, False)])
def test_the_incident_face_is_named_beside_it_off_a(drive, number, size, scale, panel):
    """D9: "incident face" stood inside A, over A's centre dot (3x and --present, steps 1, 3
    and 5), or 60-110 px from its face (step 6). Its box stays off A, within two label heights
    of the face it names (GEOS)."""
    driver = at_step(drive, number, revealed=True, size=size, scale=scale, panel=panel)
    scene = driver.scene
    face = shapely.LineString([tuple(p) for p in scene.result.manifold.steps[1].points])
    box = label_box(driver, "incident face")
    height = box.bounds[3] - box.bounds[1]
    assert not box.intersects(outline(scene.shapes["A"]))
    assert box.distance(face) <= 2 * height, (box.distance(face), height)


def test_a_circle_for_a_uses_the_radius_its_slider_shows_and_its_handles_stand_on_its_rim(drive):
    """D15: with A a circle the slider "A's radius" showed 0 while the table used 10.0, and
    p1 and p2 floated beside the circle, which has no ends."""
    driver = drive("capsules")
    session = driver.session
    session.set_setting("radius", 0)
    session.set_setting("kind_a", "circle")
    session.set_setting("kind_b", "capsule")
    scene = driver.scene
    circle = scene.result.capsule
    assert scene.settings["radius"] == circle.radius == scene.reported.named()["radius"].value
    for name in ("p1", "p2"):
        assert abs(shapely.Point(scene.points[name]).distance(shapely.Point(circle.center)) - circle.radius) < 1e-9
    # Dragged by a handle, the circle follows it, its handles still on its rim.
    driver.drag(scene.points["p2"], (-60.0, 150.0), steps=24)
    circle = scene.result.capsule
    for name in ("p1", "p2"):
        assert abs(shapely.Point(scene.points[name]).distance(shapely.Point(circle.center)) - circle.radius) < 1e-9
    assert shapely.Point(scene.points["p2"]).distance(shapely.Point(-60.0, 150.0)) < 2.0
