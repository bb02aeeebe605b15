"""Metanet's figures: the triangle's Voronoi regions, the triangle tile, bounce and friction."""

import math

import numpy as np
import pytest
import shapely
import shapely.affinity

from collision import Vector, sat
from scenes.bounce_friction import respond
from scenes.voronoi_regions import THINNEST, signed_area


# voronoi-regions


def test_dragging_q_round_a_corner_passes_edge_corner_edge(drive):
    driver = drive("voronoi-regions")
    scene = driver.scene
    b = scene.points["b"]
    seen = []
    for turn in np.radians(np.linspace(-130, 90, 45)):
        # A circle round corner b, outside the triangle, from below edge ab to beyond edge bc.
        driver.drag(scene.points["q"], (b[0] + 60 * math.cos(turn), b[1] + 60 * math.sin(turn)), steps=2)
        name = scene.reported.numbers["feature"]
        if not seen or seen[-1] != name:
            seen.append(name)
    assert seen == ["edge ab", "corner b", "edge bc"]


def test_a_corner_s_name_keeps_off_the_way_from_q(drive):
    """Printed, circles-tiles-points' key (step 2, q in corner b's wedge) drew the segment from
    q to b through the name "b"."""
    from sandbox.kit.labels import segment_meets_box, text_box
    from scenes.voronoi_regions import NAME_SIZE

    driver = drive("voronoi-regions")
    scene = driver.scene
    scene.points["q"] = Vector(215.0, -95.0)
    driver.session.refresh()
    driver.frame()
    assert scene.reported.numbers["feature"] == "corner b"
    (name,) = [call for call in driver.painter.of("text") if call[2] == "b"]
    box = text_box(name[1], "b", NAME_SIZE, scene.view.pixel, scene.view.text_scale, "center")
    assert not segment_meets_box(scene.points["q"], scene.result.feature.closest, box)


def test_the_closest_point_and_distance_agree_with_geos(drive):
    driver = drive("voronoi-regions")
    scene = driver.scene
    rng = np.random.default_rng(3)
    triangle = shapely.Polygon([scene.points[k] for k in "abc"])
    for _ in range(200):
        q = tuple(rng.uniform((-350, -230), (350, 230)))
        scene.points["q"] = Vector(*q)  # placed as a layout would: a drag could pick up a corner
        driver.session.refresh()
        distance = triangle.exterior.distance(shapely.Point(q))
        assert abs(scene.result.distance) == pytest.approx(distance, abs=1e-6)
        assert (scene.result.distance <= 0) == triangle.covers(shapely.Point(q))


def test_a_corner_dragged_across_the_opposite_edge_stops_before_it_flattens(drive):
    driver = drive("voronoi-regions")
    scene = driver.scene
    a, b = scene.points["a"], scene.points["b"]
    beyond = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 150)
    driver.drag(scene.points["c"], beyond)
    corners = [scene.points[k] for k in "abc"]
    # Stopped at the limit: c's height over ab is THINNEST, and the triangle still counter-clockwise.
    assert signed_area(corners) / math.dist(a, b) == pytest.approx(THINNEST, rel=1e-3)
    driver.frame()


# aabb-triangle


@pytest.mark.parametrize("corner, normal", [("lower left", (1, 1)), ("lower right", (-1, 1)), ("upper right", (-1, -1)), ("upper left", (1, -1))])
def test_each_orientation_brings_x_y_and_its_hypotenuse(drive, corner, normal):
    driver = drive("aabb-triangle")
    driver.session.set_setting("corner", corner)
    axes = driver.scene.result.sat.axes
    assert len(axes) == 3
    hypotenuse = np.array(normal) / math.sqrt(2)
    assert any(abs(np.dot(test.axis, hypotenuse)) == pytest.approx(1) for test in axes)


def test_the_default_is_separated_by_the_hypotenuse_alone(drive):
    driver = drive("aabb-triangle")
    tests = driver.scene.result.sat.axes
    separating = [test for test in tests if test.separating]
    assert len(separating) == 1 and abs(separating[0].axis[0]) == pytest.approx(math.sqrt(0.5))


def test_pushed_into_the_slope_the_mtv_points_out_of_it(drive):
    driver = drive("aabb-triangle")
    box = driver.scene.shapes["B"]
    driver.drag(box.position, (box.position[0] + 40, box.position[1] - 40))
    result = driver.scene.result.sat
    assert result.colliding and result.mtv[0] < 0 < result.mtv[1]
    assert result.mtv[0] == pytest.approx(-result.mtv[1])  # straight out of the 45-degree slope
    assert result == sat(driver.scene.shapes["A"], box)


@pytest.mark.parametrize("corner", ["lower left", "lower right", "upper right", "upper left"])
def test_the_tiles_name_stands_over_its_own_top_not_over_empty_cell(drive, corner):
    """Centred over the cell, "A" floated above the empty half of a lower-corner tile, beside B's
    name (issue 34's look at 1920x1080): it goes over the tile's topmost vertex or edge."""
    driver = drive("aabb-triangle")
    driver.session.set_setting("corner", corner)
    driver.frame()
    corners = driver.scene.shapes["A"].world_vertices()
    top = corners[:, 1].max()
    middle = corners[np.isclose(corners[:, 1], top), 0].mean()
    (at, _, _, size, anchor), = [call[1:] for call in driver.painter.of("text") if call[2] == "A"]
    assert anchor == "left" and at[1] > top
    width = 0.78 * size * driver.scene.view.text_scale * driver.scene.view.pixel  # "A" is 0.78 em wide
    assert abs(at[0] + width / 2 - middle) < width


def test_r_does_not_turn_a_tile_or_its_box(drive):
    driver = drive("aabb-triangle")
    box = driver.scene.shapes["B"]
    driver.move(box.position)
    driver.tap("R")
    assert box.angle == 0


# bounce-friction


@pytest.mark.parametrize("bounce, friction", [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.3, 1.0)])
def test_the_response_scales_the_two_parts(bounce, friction):
    rng = np.random.default_rng(7)
    for _ in range(50):
        velocity = rng.uniform(-100, 100, 2)
        angle = rng.uniform(0, math.tau)
        normal = (math.cos(angle), math.sin(angle))
        response = respond(velocity, normal, bounce, friction)
        assert np.add(response.across, response.along) == pytest.approx(velocity)
        assert np.dot(response.along, normal) == pytest.approx(0, abs=1e-9)
        after_across = np.dot(response.after, normal)
        assert after_across == pytest.approx(-bounce * np.dot(velocity, normal))
        assert np.linalg.norm(np.subtract(response.after, np.multiply(normal, after_across))) == pytest.approx((1 - friction) * np.linalg.norm(response.along))


def test_a_mirror_bounce_keeps_the_speed_and_a_dead_one_slides(drive):
    driver = drive("bounce-friction")
    scene, session = driver.scene, driver.session
    session.set_setting("bounce", 1.0)
    session.set_setting("friction", 0.0)
    assert math.hypot(*scene.result.response.after) == pytest.approx(math.hypot(*scene.result.velocity))
    session.set_setting("bounce", 0.0)
    _, normal = scene.surface()
    assert np.dot(scene.result.response.after, normal) == pytest.approx(0, abs=1e-9)
    assert scene.reported.verdict.text == "HITS THE SURFACE"


def test_replay_runs_the_particle_along_the_path(drive):
    driver = drive("bounce-friction")
    scene = driver.scene
    assert scene.result.particle == pytest.approx(scene.result.path[-1])
    driver.click("Replay")
    assert scene.result.particle == pytest.approx(scene.result.path[0], abs=5)
    for _ in range(60):
        driver.frame()
    middle = scene.result.particle
    assert middle != pytest.approx(scene.result.path[0]) and middle != pytest.approx(scene.result.path[-1])
    for _ in range(120):
        driver.frame()
    assert scene.result.particle == pytest.approx(scene.result.path[-1])


def test_moving_the_particle_keeps_its_velocity(drive):
    driver = drive("bounce-friction")
    scene = driver.scene
    velocity = scene.result.velocity
    driver.drag(scene.points["p"], (scene.points["p"][0] + 30, scene.points["p"][1] - 20))
    assert scene.result.velocity == pytest.approx(velocity)


# point-queries


def test_the_push_jumps_as_q_crosses_the_boxs_diagonal(drive):
    driver = drive("point-queries")
    scene = driver.scene
    box = scene.shapes["box"]
    (cx, cy), (hx, hy) = box.center, box.half_size
    # Along a line parallel to the box's bottom edge, a little above the centre: the nearest edge
    # is the left one, then the top one past the diagonal, then the right one.
    pushes = []
    for x in np.linspace(cx - hx + 5, cx + hx - 5, 40):
        scene.points["q"] = Vector(x, cy + 0.6 * hy)
        driver.session.refresh()
        push = scene.result["box"].push
        pushes.append("left" if push[0] < 0 else "right" if push[0] > 0 else "up")
    assert [p for i, p in enumerate(pushes) if i == 0 or pushes[i - 1] != p] == ["left", "up", "right"]


def test_point_queries_agree_with_geos_for_all_three_shapes(drive):
    driver = drive("point-queries")
    scene = driver.scene
    outlines = {name: shapely.Polygon(shape.world_vertices()) for name, shape in scene.shapes.items() if name != "circle"}
    circle = scene.shapes["circle"]
    outlines["circle"] = shapely.Point(circle.center).buffer(circle.radius, 256)
    rng = np.random.default_rng(5)
    for _ in range(100):
        q = rng.uniform((-380, -190), (370, 220))
        scene.points["q"] = Vector(*q)
        driver.session.refresh()
        for name, outline in outlines.items():
            answer = scene.result[name]
            assert answer.inside == outline.covers(shapely.Point(q))
            assert abs(answer.distance) == pytest.approx(outline.exterior.distance(shapely.Point(q)), abs=0.05 if name == "circle" else 1e-6)
    driver.frame()


def test_the_box_test_picks_the_shorter_candidate_push(drive):
    driver = drive("point-queries")
    scene = driver.scene
    driver.click("The box's two candidate pushes (x and y)")
    for q in ((-300, 30), (-160, -50), (-230, 60)):
        scene.points["q"] = Vector(*q)
        driver.session.refresh()
        shortest = min(scene.candidate_pushes(), key=lambda p: math.hypot(*p))
        assert scene.result["box"].push == pytest.approx(shortest)
        driver.frame()
        assert len([c for c in driver.painter.of("arrow") if c[3] == driver.session.theme.overlap]) == 2


# round-tiles


def test_over_the_convex_arc_the_circular_axis_counts_and_beside_it_not(drive):
    driver = drive("round-tiles")
    scene = driver.scene
    assert len(scene.result.sat.axes) == 3 and scene.result.sat.colliding
    driver.drag(scene.shapes["B"].position, (-40.0, 160.0))  # beside the arc, across the tile's left side
    assert len(scene.result.sat.axes) == 2


def test_ignoring_the_rule_gives_a_wrong_mtv_and_says_so(drive):
    driver = drive("round-tiles")
    scene = driver.scene
    driver.drag(scene.shapes["B"].position, (40.0, 35.0))  # in the tile's corner, across its left side
    assert scene.result.sat.colliding
    driver.click("Ignore the quadrant rule")
    assert scene.result.sat.colliding and len(scene.result.sat.axes) == 3
    assert "wrong" in scene.reported.verdict.detail
    # GEOS: moved by the rule-free MTV the box is still deep in the tile; by the rule's it is out.
    tile = shapely.Polygon(scene.result.tile.world_vertices())
    box = shapely.Polygon(scene.shapes["B"].world_vertices())
    moved = shapely.affinity.translate(box, *scene.result.sat.mtv)
    assert moved.intersection(tile).area > 100
    assert shapely.affinity.translate(box, *scene.result.right.mtv).intersection(tile).area < 1e-6


def test_the_concave_tile_has_a_hollow(drive):
    driver = drive("round-tiles")
    scene = driver.scene
    driver.session.set_setting("kind", "concave")
    # In the hollow, near the arc's centre: clear of the tile.
    driver.drag(scene.shapes["B"].position, (160.0, 160.0))
    assert not scene.result.sat.colliding
    tile = shapely.box(0, 0, 180, 180).difference(shapely.Point(180, 180).buffer(180, 512))
    box = shapely.Polygon(scene.shapes["B"].world_vertices())
    assert tile.intersects(box) == scene.result.sat.colliding
