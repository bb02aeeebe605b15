"""dynamic-tree: the scene's tree holds every object inside its fat box as the objects move, only
the objects that left their fat boxes are re-inserted, and a query finds exactly the fat boxes a
plain loop finds."""

import numpy as np


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
