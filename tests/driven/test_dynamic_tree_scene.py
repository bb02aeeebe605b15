"""dynamic-tree: the scene's tree holds every object inside its fat box as the objects move, only
the objects that left their fat boxes are re-inserted, and a query finds exactly the fat boxes a
plain loop finds."""

import numpy as np
import pytest

from sandbox.app import keys


def inside(box, fat):
    return fat[0] <= box[0] and fat[1] <= box[1] and box[2] <= fat[2] and box[3] <= fat[3]


def test_moving_objects_stay_in_their_fat_boxes_and_only_leavers_move_in_the_tree(drive):
    driver = drive("dynamic-tree")
    scene = driver.scene
    seen_moves = 0
    for _ in range(40):
        before = scene.result.fat.copy()
        scene.update(1 / 30)
        scene.invalidate()
        frame = scene.result
        assert all(inside(box, fat) for box, fat in zip(frame.boxes.tolist(), frame.fat.tolist()))
        left = sum(not inside(box, fat) for box, fat in zip(frame.boxes.tolist(), before.tolist()))
        assert frame.moved == left
        seen_moves += left
    assert seen_moves > 0
    assert scene.result.height <= 1.5 * np.log2(len(scene.result.boxes)) + 2


def test_a_query_finds_what_a_plain_loop_over_the_boxes_finds(drive):
    driver = drive("dynamic-tree")
    scene = driver.scene
    # Fewer, then more: the new objects get new proxies, and the query still names objects.
    driver.session.set_setting("count", 20)
    driver.session.set_setting("count", 300)
    for focus in (0, 17, 123):
        driver.session.set_setting("focus", focus)
        frame = scene.result
        x0, y0, x1, y1 = frame.boxes[focus]
        # The tree answers about the objects' boxes; their fat boxes only steer its walk.
        boxes = frame.boxes
        plain = np.flatnonzero((boxes[:, 0] <= x1) & (x0 <= boxes[:, 2]) & (boxes[:, 1] <= y1) & (y0 <= boxes[:, 3]))
        assert sorted(frame.query.items) == plain.tolist()
        assert scene.reported.numbers["work"]["tree"]["visited"] == frame.query.visited < 2 * len(frame.boxes)


def _ray_fractions(boxes, start, end):
    """Each box the segment meets, by its index, and where it enters, by GEOS."""
    import shapely

    segment, found = shapely.LineString([start, end]), {}
    for k, box in enumerate(boxes.tolist()):
        shape = shapely.box(*box)
        if shape.covers(shapely.Point(start)):
            found[k] = 0.0
        elif segment.intersects(shape):
            points = shapely.get_coordinates(segment.intersection(shape))
            found[k] = min(np.hypot(*(points - start).T)) / np.hypot(*np.subtract(end, start))
    return found


def test_a_ray_dragged_through_the_world_reports_what_geos_finds(drive):
    driver = drive("dynamic-tree")
    scene = driver.scene
    driver.session.set_setting("count", 200)
    driver.session.set_setting("query", "ray")
    driver.frame()
    # A real drag of the ray's end, to the far corner of the world.
    driver.drag(tuple(scene.points["ray end"]), (90.0, 330.0))
    start, end = tuple(scene.points["ray start"]), tuple(scene.points["ray end"])
    assert end == pytest.approx((90.0, 330.0), abs=1.0)
    visits = {}
    for report in ("all", "closest", "any"):
        driver.session.set_setting("report", report)
        frame = scene.result
        expected = _ray_fractions(frame.boxes, start, end)
        hits = frame.cast.hits
        if report == "all":
            assert sorted(hit.item for hit in hits) == sorted(expected)
            assert [hit.fraction for hit in hits] == pytest.approx(sorted(expected.values()), abs=1e-9)
        elif report == "closest":
            assert [hit.fraction for hit in hits] == pytest.approx([min(expected.values())], abs=1e-9)
        else:
            assert len(hits) == 1 and hits[0].item in expected
        visits[report] = frame.cast.visited
        # The panel's numbers are the cast's, by name.
        numbers = scene.reported.numbers
        assert numbers["ray_visited"] == frame.cast.visited and numbers["ray_found"] == len(hits)
    assert len(expected) >= 3, "the ray should cross several objects"
    assert visits["any"] <= visits["closest"] <= visits["all"]


def test_a_box_dragged_by_its_corners_finds_what_a_plain_loop_finds(drive):
    driver = drive("dynamic-tree")
    scene = driver.scene
    driver.session.set_setting("count", 200)
    driver.session.set_setting("query", "box")
    driver.frame()
    driver.drag(tuple(scene.points["box far corner"]), (-100.0, 150.0))
    frame = scene.result
    x0, y0, x1, y1 = scene.query_box()
    boxes = frame.boxes
    plain = np.flatnonzero((boxes[:, 0] <= x1) & (x0 <= boxes[:, 2]) & (boxes[:, 1] <= y1) & (y0 <= boxes[:, 3]))
    assert sorted(frame.box.items) == plain.tolist() and len(plain) > 5
    assert scene.reported.numbers["box_visited"] == frame.box.visited < len(frame.nodes)
    assert scene.reported.numbers["box_found"] == len(plain)


def test_a_click_beside_a_small_object_selects_it(drive):
    """Issue 34: a click on a small object added one instead of selecting it. A click a few
    pixels off its edge (inside the grab radius) selects it; the count stays."""
    driver = drive("dynamic-tree")
    scene = driver.scene
    driver.session.set_setting("count", 60)
    driver.frame()
    boxes = scene.result.boxes
    small = int(np.argmin((boxes[:, 2:] - boxes[:, :2]).prod(axis=1)))
    x0, y0, x1, y1 = boxes[small]
    pixel = 1 / driver.session.camera.zoom
    # Just right of the box, by 4 pixels, at its middle height.
    point = (x1 + 4 * pixel, (y0 + y1) / 2)
    sx, sy = driver.screen(point)
    driver.session.input.on_mouse_motion(sx, sy, 0, 0)
    driver.session.input.on_mouse_press(sx, sy, keys.LEFT_BUTTON)
    driver.session.input.on_mouse_release(sx, sy, keys.LEFT_BUTTON)
    driver.frame()
    assert len(scene.result.boxes) == 60 and scene.settings["count"] == 60
    assert scene.selected == str(small) and scene.result.focus == small


def test_the_frame_holds_every_fat_box(drive):
    """Issue 34: the fat boxes ran off the canvas's left edge, stretched ahead of objects
    bouncing off the world's walls."""
    driver = drive("dynamic-tree")
    scene = driver.scene
    left, bottom, right, top = scene.frame
    for _ in range(120):
        scene.update(1 / 30)
        scene.invalidate()
        fat = scene.result.fat
        assert fat[:, 0].min() >= left and fat[:, 1].min() >= bottom and fat[:, 3].max() <= top
