"""The broad phases' marked objects differ from the rest by more than colour (issue 34): printed
grey, the loose grid's 76 real collisions (purple) and the quadtree's straddlers (grey) were
outlines like every other object, and "all 76 real collisions are among them" could not be
checked from the figure. Each marked object has its diagonal drawn as well."""

import numpy as np

from test_broad_phase_scenes import overlapping


def diagonals(painter):
    """Every segment drawn in a lines call, as (x0, y0, x1, y1) rows."""
    return {tuple(row) for call in painter.of("lines") for row in np.asarray(call[1]).reshape(-1, 4).round(6).tolist()}


def marked(boxes, drawn):
    return {i for i, box in enumerate(boxes.round(6).tolist()) if tuple(box) in drawn}


def test_the_loose_grid_marks_each_real_collision_with_its_diagonal(drive):
    driver = drive("grid-broadphase")
    driver.session.set_setting("count", 250)
    driver.frame()
    boxes = driver.scene.boxes()
    colliding = {i for pair in overlapping(boxes) for i in pair}
    assert len(colliding) > 20
    assert marked(boxes, diagonals(driver.painter)) == colliding


def test_the_quadtree_marks_each_straddler_with_its_diagonal(drive):
    driver = drive("quadtree")
    driver.session.set_setting("count", 250)
    driver.frame()
    frame = driver.scene.result
    nodes = frame.tree.nodes()
    # A node with children is followed in nodes() by its first child: what it holds straddles.
    straddlers = {item for node, after in zip(nodes, nodes[1:]) if after.level == node.level + 1 for item in node.items}
    assert len(straddlers) > 5
    assert marked(frame.boxes, diagonals(driver.painter)) == straddlers
