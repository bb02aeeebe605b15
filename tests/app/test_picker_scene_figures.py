"""Issue 34's defects in ray-cast, capsules and time-of-impact, read off the drawn figure: labels
measured with pyglet's own text layout (figure_lint), lines and outlines with shapely."""

import itertools

import pytest
from shapely.geometry import LineString
from shapely.geometry import Polygon as Polygon_

from figure_lint import draw, label_box, outline, problems
from imgui_bundle import imgui
from sandbox.app import panel
from sandbox.app.session import Session
from sandbox.kit.figures import any_shape

RAY_LAYOUTS = ["start", "Through the box", "Along the top", "Slabs apart", "From inside", "At the capsule"]


def ray_cast(layout, size=(1280, 720), scale=1.0):
    session = Session("ray-cast", size=size)
    session.set_font_scale(scale)
    if layout != "start":
        session.scene.act("preset", layout)
    return session


def slab_lines(scene):
    return [LineString(line) for line in scene.slab_lines(scene.result.hits["box"])]


@pytest.mark.parametrize("layout", RAY_LAYOUTS)
def test_ray_cast_slab_lines_cross_no_shape_but_the_box(layout):
    scene = ray_cast(layout).scene
    for name, shape in scene.shapes.items():
        if name != "box":
            crossed = [line for line in slab_lines(scene) if line.intersects(outline(shape))]
            assert not crossed, f"{layout}: a slab line crosses {name}"


@pytest.mark.parametrize("layout", RAY_LAYOUTS)
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1920, 1080), 3.0)])
def test_ray_cast_no_label_sits_on_a_slab_line(layout, size, scale):
    session = ray_cast(layout, size, scale)
    painter, scene = draw(session), session.scene
    lines = slab_lines(scene)
    for call in painter.of("text"):
        ink = label_box(call, scene.view).buffer(-scene.view.pixel)
        assert not any(ink.intersects(line) for line in lines), f"{layout}: {call[2]!r} sits on a slab line"


def test_ray_cast_b_is_drawn_in_b_s_colour_whatever_its_kind():
    session = ray_cast("At the capsule")
    theme, scene = session.theme, session.scene
    outline_points = [tuple(map(float, p)) for p in any_shape.outline(scene.shapes["B"])]
    drawn = [call for call in draw(session).of("polygon") if [tuple(map(float, p)) for p in call[1]] == outline_points]
    assert drawn and all(call[2] == theme.shape("B") for call in drawn)


def test_ray_cast_slab_table_fits_the_panel_at_1280_by_720(drive, monkeypatch):
    widths = {}
    table = panel._table

    def measured(index, shown):
        widths[shown.title] = (panel._natural_width(shown), imgui.get_content_region_avail().x)
        return table(index, shown)

    monkeypatch.setattr(panel, "_table", measured)
    driver = drive("ray-cast")
    driver.click("Along the top")  # infinities by name: the widest cells
    driver.frame()
    natural, room = widths["The box's slab test"]
    assert natural <= room, f"the slab table needs {natural:.0f} pixels of {room:.0f}: its last columns are cut"


CAPSULE_SIZES = [((1280, 720), 3.0), ((1920, 1080), 3.0), ((1280, 720), 1.0)]


def capsules(preset, size, scale):
    session = Session("capsules", size=size)
    session.set_font_scale(scale)
    if preset != "start":
        session.scene.act("preset", preset)
    return session, draw(session)


@pytest.mark.parametrize("preset", ["start", "Apart", "Corner to corner", "Side on"])
@pytest.mark.parametrize("size, scale", CAPSULE_SIZES)
def test_capsules_b_is_named_beside_b(preset, size, scale):
    session, painter = capsules(preset, size, scale)
    scene = session.scene
    (name,) = [call for call in painter.of("text") if call[2] == "B"]
    pixels = label_box(name, scene.view).distance(outline(scene.shapes["B"])) / scene.view.pixel
    assert pixels <= 20, f"B's name stands {pixels:.0f} pixels from B"


@pytest.mark.parametrize("preset", ["start", "Apart", "Corner to corner", "Side on"])
@pytest.mark.parametrize("size, scale", CAPSULE_SIZES)
def test_capsules_p1_and_p2_keep_off_the_outline(preset, size, scale):
    session, painter = capsules(preset, size, scale)
    scene = session.scene
    edge = outline(scene.result.capsule).exterior
    for call in painter.of("text"):
        if call[2] in ("p1", "p2"):
            assert not label_box(call, scene.view).buffer(-scene.view.pixel).intersects(edge), f"{call[2]} sits on A's outline"


TOI_PRESETS = ["Spinning plank", "No spin", "Fast spin", "Near miss"]


def time_of_impact(preset, page=-1):
    session = Session("time-of-impact")
    session.scene.act("preset", preset)
    session.scene.settings["page"] = page
    session.scene.invalidate()
    return session


@pytest.mark.parametrize("preset", TOI_PRESETS)
def test_time_of_impact_the_slid_pose_is_purple_only_where_it_touches_the_wall(preset):
    session = time_of_impact(preset)
    scene, theme = session.scene, session.theme
    wall = outline(scene.shapes["wall"])
    thin = [call for call in draw(session).of("polygon") if call[4] == 1]
    purple = [Polygon_(call[1]) for call in thin if call[2] == theme.mtv]
    green = [Polygon_(call[1]) for call in thin if call[2] == theme.separating]
    assert len(purple) + len(green) == 1, "one pose slid without turning"
    assert all(pose.distance(wall) <= 0.5 for pose in purple), "purple where it touches nothing"
    assert all(pose.distance(wall) > 0.5 for pose in green)
    assert bool(purple) == scene.result.straight.hit


@pytest.mark.parametrize("preset", TOI_PRESETS)
def test_time_of_impact_the_canvas_gap_is_the_panel_s(preset):
    steps = len(time_of_impact(preset).scene.result.impact.steps)
    for page in range(steps):
        session = time_of_impact(preset, page)
        report = session.scene.reported
        shown = [call[2] for call in draw(session).of("text") if call[2].startswith("gap ")]
        fact = f"gap {report.answers[f'steps.{page}.gap']}"
        assert shown in ([], [fact]), (page, shown, fact)
        assert f"{fact}," in report.lines[0].text, (page, report.lines[0].text)


@pytest.mark.parametrize("scene_id", ["minkowski", "ray-cast", "capsules", "time-of-impact"])
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1920, 1080), 3.0)], ids=["1280x720", "1920x1080-3x"])
def test_every_pair_of_kinds_passes_the_figure_lint(scene_id, size, scale):
    """No label on another, on an outline (a rounded one's true outline) or off the free area,
    whichever two kinds are picked."""
    found = []
    for kind_a, kind_b in itertools.product(any_shape.KINDS, any_shape.KINDS):
        session = Session(scene_id, size=size)
        session.set_font_scale(scale)
        session.set_setting("kind_a", kind_a)
        session.set_setting("kind_b", kind_b)
        found += problems(session.scene, draw(session), f"{kind_a} against {kind_b}")
    assert not found, found
