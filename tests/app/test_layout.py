"""Layout files: a round trip keeps everything, and each bad field is named without a traceback."""

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from driver import Driver
from sandbox.app import keys
from sandbox.app import layout
from sandbox.app.registry import all_scenes
from sandbox.app.layout import LayoutError
from sandbox.app.session import Session

ROOT = Path(__file__).resolve().parents[2]
SCENE_IDS = [cls.id for cls in all_scenes()]


def good_layout():
    return {
        "scene": "box-box",
        "shapes": {
            "A": {"kind": "box", "position": [-100, 0], "angle": 30},
            "B": {"kind": "box", "position": [50, 20], "angle": -45},
        },
        "view": {"center": [10, 5], "zoom": 1.5},
        "overlays": {"projections": False, "guides": True, "mtv": True},
        "settings": {"page": 1, "code": False},
    }


def write(tmp_path, data):
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_a_layout_round_trips(tmp_path):
    path = write(tmp_path, good_layout())
    session = Session(None, (1280, 720), path)
    assert session.scene.id == "box-box"
    b = session.scene.shapes["B"]
    assert tuple(b.position) == (50, 20) and b.angle == pytest.approx(-0.7853981633974483)
    assert session.camera.center == (10, 5) and session.camera.zoom == 1.5 and not session.camera.fitted
    assert session.scene.settings["projections"] is False and session.scene.settings["page"] == 1
    again = json.loads(json.dumps(layout.capture(session.scene, session.camera)))
    expected = good_layout()
    assert again["scene"] == expected["scene"] and again["overlays"] == expected["overlays"]
    assert again["view"] == expected["view"] and again["settings"] == expected["settings"]
    for name, entry in expected["shapes"].items():
        assert again["shapes"][name] == {**entry, "angle": pytest.approx(entry["angle"])}


def test_a_layout_without_a_view_is_framed_and_saved_without_one(tmp_path):
    data = good_layout()
    del data["view"]
    session = Session(None, (1280, 720), write(tmp_path, data))
    assert session.camera.fitted
    assert "view" not in layout.capture(session.scene, session.camera)


def test_a_layout_may_leave_out_what_it_does_not_change(tmp_path):
    session = Session(None, (1280, 720), write(tmp_path, {"scene": "box-box", "shapes": {"B": {"position": [5, 6]}}}))
    default = Session("box-box")
    assert tuple(session.scene.shapes["B"].position) == (5, 6)
    assert session.scene.shapes["B"].angle == default.scene.shapes["B"].angle
    assert tuple(session.scene.shapes["A"].position) == tuple(default.scene.shapes["A"].position)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(scene="hex-nothing"), 'scene "hex-nothing" does not exist; python sandbox.py --list'),
        (lambda d: d["shapes"].update(B=5), "shapes.B must be an object with kind, position and angle, got 5"),
        (lambda d: d["shapes"]["B"].update(kind="circle"), 'shapes.B.kind must be "box" in this scene, got "circle"'),
        (lambda d: d["shapes"]["B"].update(colour="red"), "shapes.B.colour is not a shape field (use kind, position, angle)"),
        (lambda d: d["shapes"]["A"].update(position=[1]), "shapes.A.position must be [x, y], two numbers within ±1e+06; got [1]"),
        (lambda d: d["shapes"]["A"].update(position=["1", 2]), "shapes.A.position must be [x, y]"),
        (lambda d: d["shapes"]["A"].update(position=[1e20, 0]), "shapes.A.position must be [x, y], two numbers within ±1e+06"),
        (lambda d: d["shapes"]["A"].update(position=[10**400, 0]), "shapes.A.position[0] is a whole number too large for the world"),
        (lambda d: d["shapes"]["A"].update(angle="up"), 'shapes.A.angle must be a number of degrees within ±36000, got "up"'),
        (lambda d: d["shapes"]["A"].update(angle=True), "shapes.A.angle must be a number of degrees within ±36000, got true"),
        (lambda d: d["shapes"].update(C={"kind": "box", "position": [0, 0]}), "shapes.C is not a shape of this scene (it has A, B)"),
        (lambda d: d.update(shapes=[]), "shapes must be an object naming each shape, got []"),
        (lambda d: d.update(handles={"P": [0, 0]}), "handles.P is not a handle of this scene (it has none)"),
        (lambda d: d["view"].update(zoom=0), "view.zoom must be a number from 0.1 to 10.0, got 0"),
        (lambda d: d.update(view=[]), "view must be an object with center and zoom"),
        (lambda d: d["overlays"].update(sparkles=True), "overlays.sparkles is not one of this scene's overlays (it has projections, guides, mtv)"),
        (lambda d: d["overlays"].update(mtv="yes"), "overlays.mtv must be true or false, got 'yes'"),
        (lambda d: d.update(overlays=[]), "overlays must be an object of overlay names and true or false, got []"),
        (lambda d: d.update(settings=3), "settings must be an object, got 3"),
        (lambda d: d["settings"].update(page=-2), "settings.page must be from -1 to 127, got -2"),
        (lambda d: d["settings"].update(page=10**400), "settings.page is a whole number too large for the world"),
        (lambda d: d["settings"].update(page=True), "settings.page must be a whole number from -1 to 127, got True"),
        (lambda d: d["settings"].update(projections=True), "settings.projections is not one of this scene's settings (it has page, code)"),
        (lambda d: d.update(colour="red"), "colour is not a layout field (use format, handles, overlays, scene, settings, shapes, view)"),
    ],
)
def test_a_bad_field_is_named(tmp_path, change, message):
    data = good_layout()
    change(data)
    with pytest.raises(LayoutError) as caught:
        Session(None, (1280, 720), write(tmp_path, data))
    assert str(caught.value).startswith(f"layout {tmp_path / 'lesson.json'}: {message}")
    assert "\n" not in str(caught.value)


def test_a_handle_the_scene_refuses_is_named(tmp_path):
    data = {"scene": "projection", "handles": {"P": [-215, -185]}}
    with pytest.raises(LayoutError, match=r"handles.P must be at least 20 units from the pivot \[-215.0, -190.0\]"):
        Session(None, (1280, 720), write(tmp_path, data))


@pytest.mark.parametrize(
    "text, message",
    [("{not json", "is not valid JSON"), ("[]", '"scene" must name a scene'), ('{"scene": 3}', '"scene" must name a scene')],
)
def test_a_file_that_is_not_a_layout_says_so(tmp_path, text, message):
    with pytest.raises(LayoutError, match=message):
        Session(None, (1280, 720), write(tmp_path, text))


def test_a_layout_for_another_scene_is_refused(tmp_path):
    with pytest.raises(LayoutError, match='is for the "box-box" scene, not "quadtree"'):
        Session("quadtree", (1280, 720), write(tmp_path, good_layout()))


def test_ctrl_s_writes_back_to_the_layout_file_atomically(tmp_path):
    path = write(tmp_path, good_layout())
    driver = Driver(None, path)
    try:
        driver.drag(driver.scene.shapes["B"].position, (0, -40))
        driver.session.input.save_layout()
    finally:
        driver.close()
    assert json.loads(path.read_text())["shapes"]["B"]["position"] == [0, -40]
    assert sorted(os.listdir(tmp_path)) == ["lesson.json"]  # no temporary file left behind


def test_a_failed_save_leaves_the_old_file_whole(tmp_path):
    path = write(tmp_path, good_layout())
    before = path.read_text()
    with pytest.raises(TypeError):
        layout.save({"not json": object()}, path)
    assert path.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["lesson.json"]


def run_cli(*args, env=None):
    return subprocess.run([sys.executable, "sandbox.py", *args], cwd=ROOT, capture_output=True, text=True, env=env)


def test_the_command_line_reports_a_bad_layout_in_one_line(tmp_path):
    data = good_layout()
    data["shapes"]["B"]["kind"] = "circle"
    done = run_cli("--layout", str(write(tmp_path, data)), "--screenshot", str(tmp_path / "x.png"))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "shapes.B.kind" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "x.png").exists()


def test_without_a_display_the_app_says_so_and_shows_the_screenshot_form():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = run_cli("--scene", "box-box", env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no display" in done.stderr and "--screenshot" in done.stderr


def test_list_shows_every_scene():
    done = run_cli("--list")
    assert done.returncode == 0
    assert "box-box" in done.stdout and "Box vs box" in done.stdout


def test_an_unknown_scene_is_a_one_line_error(tmp_path):
    done = run_cli("--scene", "nope", "--screenshot", str(tmp_path / "x.png"))
    assert done.returncode == 2 and 'there is no scene "nope"' in done.stderr and "Traceback" not in done.stderr


def changed_value(param):
    """A value of ``param`` other than its default, within its limits."""
    if param.kind is bool:
        return not param.default
    if param.kind is str:
        return next(choice for choice in param.choices if choice != param.default)
    value = param.high if param.default != param.high else param.low
    return int(value) if param.kind is int else float(value)


@pytest.mark.parametrize("scene_id", SCENE_IDS)
def test_every_scene_saves_and_loads_its_layout_settings_and_handles(tmp_path, monkeypatch, scene_id):
    """Every declared parameter changed, every shape and handle moved, saved with Ctrl+S, loaded back."""
    monkeypatch.chdir(tmp_path)
    driver = Driver(scene_id)
    try:
        scene, session = driver.scene, driver.session
        for param in scene.params:
            session.set_setting(param.name, changed_value(param))
        for i, name in enumerate([*scene.shapes, *scene.points]):
            driver.drag(scene.position_of(name), (-123.0 + 37 * i, 45.0 - 29 * i))
        driver.tap("S", keys.CTRL)
        saved = layout.capture(scene, session.camera)
    finally:
        driver.close()
    again = Session(None, (1280, 720), tmp_path / "layouts" / f"{scene_id}.json")
    assert json.loads(json.dumps(layout.capture(again.scene, again.camera))) == json.loads(json.dumps(saved))
    assert again.scene.settings == {p.name: changed_value(p) for p in again.scene.params}


def test_handles_that_only_make_sense_together_load_together(tmp_path):
    """A triangle's corners moved far from where they start: each alone with the others at their
    defaults would flatten it, all three together make a fine triangle."""
    corners = {"a": [300.0, 200.0], "b": [360.0, 200.0], "c": [330.0, 260.0], "q": [0.0, 0.0]}
    session = Session(None, (1280, 720), write(tmp_path, {"scene": "voronoi-regions", "handles": corners}))
    assert {name: list(point) for name, point in session.scene.points.items()} == corners


def test_a_flat_triangle_in_a_layout_is_refused(tmp_path):
    corners = {"a": [0.0, 0.0], "b": [100.0, 0.0], "c": [200.0, 0.0]}
    with pytest.raises(LayoutError, match="handles.a would leave the triangle flat or inside out"):
        Session(None, (1280, 720), write(tmp_path, {"scene": "voronoi-regions", "handles": corners}))


def test_a_reshaped_polygon_is_saved_and_loads_back(tmp_path, monkeypatch):
    """polygons: a dragged vertex survives Ctrl+S and a reload, in the shape's own frame."""
    monkeypatch.chdir(tmp_path)
    driver = Driver("polygons")
    try:
        corner = tuple(driver.scene.shapes["B"].world_vertices()[1])
        driver.drag(corner, (corner[0] + 25, corner[1] - 15))
        reshaped = driver.scene.shapes["B"].local_vertices.tolist()
        driver.tap("S", keys.CTRL)
    finally:
        driver.close()
    again = Session(None, (1280, 720), tmp_path / "layouts" / "polygons.json")
    assert again.scene.shapes["B"].local_vertices.tolist() == reshaped
    assert reshaped != Session("polygons", (1280, 720)).scene.shapes["B"].local_vertices.tolist()


@pytest.mark.parametrize("vertices, message", [
    ([[0, 0], [100, 0], [200, 0]], "shapes.B.vertices make no shape this scene allows: polygon has zero area: its vertices lie on one line"),
    ([[0, 0], [100, 0], [100, 100], [50, 10]], "shapes.B.vertices make no shape this scene allows"),
    ([[0, 0], [100, 0]], "shapes.B.vertices must be a list of 3 to 100 points"),
    ([[0, 0], [100, 0], [0, "x"]], "shapes.B.vertices[2] must be [x, y]"),
    ("square", "shapes.B.vertices must be a list"),
])
def test_vertices_the_scene_would_not_allow_are_named(tmp_path, vertices, message):
    data = {"scene": "polygons", "shapes": {"B": {"kind": "polygon", "position": [0, 0], "angle": 0, "vertices": vertices}}}
    with pytest.raises(LayoutError, match=re.escape(message)):
        Session(None, (1280, 720), write(tmp_path, data))


def test_only_a_reshapable_polygon_takes_vertices(tmp_path):
    data = {"scene": "hex-triangle", "shapes": {"B": {"kind": "polygon", "vertices": [[0, 0], [100, 0], [0, 100]]}}}
    with pytest.raises(LayoutError, match=re.escape("shapes.B.vertices is not a shape field (use kind, position, angle)")):
        Session(None, (1280, 720), write(tmp_path, data))


@pytest.mark.parametrize("scene_id", ["minkowski", "voronoi-regions"])
def test_a_layout_refused_at_its_last_field_leaves_the_scene_as_it_was(scene_id):
    """Parse, then apply: every field is checked before anything changes (issue 19, item 4)."""
    session = Session(scene_id)
    scene = session.scene
    before = (layout.capture(scene, session.camera), dict(scene.settings), dict(scene.points), scene.computes, scene.shapes)
    data = layout.capture(scene, session.camera)
    for entry in data["shapes"].values():
        entry["position"] = [entry["position"][0] + 7, entry["position"][1] - 3]
        entry.pop("kind")
    data["settings"] = {p.name: (p.choices[-1] if p.choices else p.default) for p in scene.params if not p.overlay}
    data["overlays"] = {p.name: not p.default for p in scene.params if p.overlay}
    data["handles"] = {name: [x + 1, y + 1] for name, (x, y) in scene.points.items()}
    data["view"] = {"center": [0, 0], "zoom": 99}
    with pytest.raises(LayoutError, match="view.zoom"):
        layout.parse(data, scene, "layout test")
    # Nothing set, nothing recomputed, the very same shapes.
    assert (layout.capture(scene, session.camera), dict(scene.settings), dict(scene.points), scene.computes, scene.shapes) == before


def test_an_unknown_scene_is_a_sandbox_error_not_a_key_error():
    from sandbox.kit.errors import SandboxError

    with pytest.raises(SandboxError, match='there is no scene "no-such-scene"') as caught:
        Session("no-such-scene")
    assert not isinstance(caught.value, KeyError)


def test_a_legal_polygon_of_a_hundred_vertices_opens_and_its_vertices_still_drag(tmp_path):
    """It was refused: "vertex 0 would turn inwards or go flat" (issue 22, case 9)."""
    import math

    from collision import Polygon

    ring = [[round(150 * math.cos(2 * math.pi * k / 100), 6), round(150 * math.sin(2 * math.pi * k / 100), 6)] for k in range(100)]
    data = {"scene": "polygons", "shapes": {"B": {"kind": "polygon", "position": [200, 0], "angle": 0, "vertices": ring}}}
    driver = Driver(None, write(tmp_path, data))
    try:
        shape = driver.scene.shapes["B"]
        assert shape.local_vertices.tolist() == ring
        tip = tuple(shape.world_vertices()[0])
        # Pulled out, it goes as far as its neighbours stay convex; pushed in, it stays.
        driver.drag(tip, (tip[0] + 40, tip[1]))
        moved = driver.scene.shapes["B"].world_vertices()
        assert tip[0] < moved[0][0] < tip[0] + 2
        Polygon(moved)
        driver.drag(tuple(moved[0]), (tip[0] - 60, tip[1]))
        assert driver.scene.shapes["B"].world_vertices()[0][0] == moved[0][0]
    finally:
        driver.close()
