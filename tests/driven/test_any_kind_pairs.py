"""Any shape against any shape (issue 37, item 1): in minkowski, ray-cast, capsules and
time-of-impact, A and B are each picked from the five kinds. Every pair builds its report and
figure, layouts save and load the kinds, and the numbers agree with GEOS: shapely's distance
for GJK's, its intersection for a ray's first hit, its distance for a time of impact's touch."""

import itertools
import json
import math

import pytest
import shapely

import oracle
from collision.toi import posed
from sandbox.app import layout
from sandbox.app.registry import all_scenes
from sandbox.app.session import Session
from sandbox.kit.figures import any_shape
from sandbox.kit.painter import RecordingPainter
from sandbox.kit.theme import DARK

PAIRS = list(itertools.product(any_shape.KINDS, any_shape.KINDS))

PICKED = {
    "minkowski": lambda scene: (scene.shapes["A"], scene.shapes["B"]),
    "ray-cast": lambda scene: (scene.shapes["A"], scene.shapes["B"]),
    "capsules": lambda scene: (scene.result.capsule, scene.shapes["B"]),
    "time-of-impact": lambda scene: (scene.shapes["wall"], scene.shapes["B"]),
}
"""Each scene's two picked shapes: kind_a's, kind_b's."""


def scene_of(scene_id, kind_a, kind_b):
    scene = next(cls for cls in all_scenes() if cls.id == scene_id)()
    scene.settings["kind_a"], scene.settings["kind_b"] = kind_a, kind_b
    scene.invalidate()
    return scene


@pytest.mark.parametrize("scene_id", list(PICKED))
@pytest.mark.parametrize("kind_a, kind_b", PAIRS)
@pytest.mark.parametrize("round", [True, False], ids=["rounded", "radius-0"])
def test_every_pair_of_kinds_builds_its_report_and_figure(scene_id, kind_a, kind_b, round):
    scene = scene_of(scene_id, kind_a, kind_b)
    if not round:
        # A capsule of radius 0 is a bare segment, a rounded polygon a sharp one.
        scene.settings.update({name: 0 for name in ("rounding", "radius") if name in scene.settings})
        scene.invalidate()
    report = scene.reported
    assert report.verdict is not None and report.tables
    json.dumps(report.numbers)
    painter = RecordingPainter()
    scene.paint(painter, DARK)
    assert painter.of("polygon") or painter.of("circle") or painter.of("segment")
    kinds = [any_shape.kind_of(shape) for shape in PICKED[scene_id](scene)]
    # A rounded polygon of radius 0 is a polygon: no rounding is left to tell them apart.
    assert kinds == [kind_a, kind_b] if round else [kind.replace("rounded ", "") for kind in kinds] == [kind_a.replace("rounded ", ""), kind_b.replace("rounded ", "")]


def test_minkowski_of_two_bare_segments_along_one_line_says_so():
    scene = scene_of("minkowski", "capsule", "capsule")
    scene.settings["rounding"] = 0
    scene.shapes["A"].angle = scene.shapes["B"].angle = 0.0
    scene.shapes["B"].position = (-250, -40)
    scene.invalidate()
    assert scene.reported.verdict.text == "A - B HAS NO AREA"
    assert scene.reported.lines[0].text.startswith("A - B of these shapes has no area")
    scene.paint(RecordingPainter(), DARK)


@pytest.mark.parametrize("scene_id", list(PICKED))
def test_layouts_save_and_load_the_kinds(tmp_path, scene_id):
    session = Session(scene_id)
    session.set_setting("kind_a", "capsule")
    session.set_setting("kind_b", "rounded polygon")
    saved = layout.capture(session.scene, session.camera)
    assert (saved["settings"]["kind_a"], saved["settings"]["kind_b"]) == ("capsule", "rounded polygon")
    path = tmp_path / "kinds.json"
    path.write_text(json.dumps(saved))
    again = Session(None, (1280, 720), path)
    kinds = [any_shape.kind_of(shape) for shape in PICKED[scene_id](again.scene)]
    assert kinds == ["capsule", "rounded polygon"]
    assert json.loads(json.dumps(layout.capture(again.scene, again.camera))) == json.loads(json.dumps(saved))


@pytest.mark.parametrize("kind_a, kind_b", PAIRS)
@pytest.mark.parametrize("place", [(-250, 15), (-150, 140), (-60, 60)])
def test_minkowski_distance_is_geos_distance(kind_a, kind_b, place):
    scene = scene_of("minkowski", kind_a, kind_b)
    scene.shapes["B"].position = place
    scene.invalidate()
    walked, a, b = scene.result.gjk, oracle.outline(scene.shapes["A"]), oracle.outline(scene.shapes["B"])
    assert walked.distance == pytest.approx(a.distance(b), abs=1e-3), (kind_a, kind_b, place)
    if not walked.colliding:
        assert scene.reported.answers["gjk_distance"] == f"{a.distance(b):.2f}"


@pytest.mark.parametrize("kind_a, kind_b", PAIRS)
def test_capsules_gap_is_geos_distance(kind_a, kind_b):
    scene = scene_of("capsules", kind_a, kind_b)
    walked, a, b = scene.result.gjk, oracle.outline(scene.result.capsule), oracle.outline(scene.shapes["B"])
    assert walked.distance == pytest.approx(a.distance(b), abs=1e-3), (kind_a, kind_b)


@pytest.mark.parametrize("kind", any_shape.KINDS)
@pytest.mark.parametrize("origin, end", [((-330.0, 40.0), (330.0, 100.0)), ((60.0, -220.0), (300.0, -20.0)), ((330.0, -200.0), (100.0, 200.0))])
def test_ray_cast_first_hit_on_a_and_b_is_where_geos_meets_the_outline(kind, origin, end):
    scene = scene_of("ray-cast", kind, kind)
    scene.points["origin"], scene.points["end"] = origin, end
    scene.invalidate()
    ray = shapely.LineString([origin, end])
    for name in ("A", "B"):
        hit, body = scene.result.hits[name], oracle.outline(scene.shapes[name])
        met = ray.intersection(body)
        assert hit.hit == (not met.is_empty), (name, kind)
        if hit.hit:
            # The first point of the ray in the shape, as a fraction of the ray's length.
            first = min(ray.project(shapely.Point(p)) for p in shapely.get_coordinates(met)) / ray.length
            assert hit.fraction == pytest.approx(first, abs=1e-4), (name, kind)


@pytest.mark.parametrize("kind_a, kind_b", PAIRS)
def test_time_of_impact_touches_where_geos_says_and_never_before(kind_a, kind_b):
    scene = scene_of("time-of-impact", kind_a, kind_b)
    # Aimed low, through the wall: every pair of kinds meets on the way.
    scene.points["d"] = type(scene.points["d"])(230.0, 0.0)
    scene.shapes["B"].position = (-230.0, 0.0)
    scene.invalidate()
    impact, wall, plank, motion = scene.result.impact, scene.shapes["wall"], scene.shapes["B"], scene.motion()
    assert impact.hit, (kind_a, kind_b)
    touch = oracle.outline(wall).distance(oracle.outline(posed(plank, motion, impact.time)))
    assert touch <= 1.0, (kind_a, kind_b, touch)
    for k in range(20):
        time = impact.time * k / 20
        assert oracle.outline(wall).distance(oracle.outline(posed(plank, motion, time))) > 0, (kind_a, kind_b, time)


@pytest.mark.parametrize("scene_id, name", [("minkowski", "A"), ("ray-cast", "B"), ("time-of-impact", "B")])
@pytest.mark.parametrize("kind", ["capsule", "rounded polygon"])
def test_a_rounded_shape_is_picked_anywhere_inside_its_outline(drive, scene_id, name, kind):
    driver = drive(scene_id)
    driver.session.set_setting(f"kind_{'a' if name == 'A' else 'b'}", kind)
    shape = driver.scene.shapes[name]
    # Inside the outline, near its round edge, well off the centre dot.
    x0, y0, x1, y1 = shape.aabb()
    cx, cy = shape.position
    far = max(((x, y) for x, y in any_shape.outline(shape)), key=lambda p: math.dist(p, (cx, cy)))
    grip = (cx + 0.85 * (far[0] - cx), cy + 0.85 * (far[1] - cy))
    driver.drag(grip, (grip[0] + 30, grip[1] - 20))
    assert tuple(driver.scene.shapes[name].position) == pytest.approx((cx + 30, cy - 20)), (x0, y0, x1, y1)


@pytest.mark.parametrize("kind_a, kind_b", PAIRS)
def test_minkowski_counts_sat_s_work_for_every_pair(kind_a, kind_b):
    """The meter counts the axes SAT tried: sat() stops at the first gap, round shapes' SAT
    (collision.rounded's, where the meter counted none) tries every axis it lists."""
    scene = scene_of("minkowski", kind_a, kind_b)
    counted = {cost.what: cost.count for cost in scene.reported.costs if cost.by == "SAT"}
    listed = len(scene.result.sat.axes)
    assert 0 < counted["axes tried"] <= listed, (kind_a, kind_b, counted)
    if any(shape._rounded for shape in scene.shapes.values()):
        assert counted["axes tried"] == listed and counted["shadows cast"] == 2 * listed, (kind_a, kind_b, counted)
