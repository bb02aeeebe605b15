"""The loose grid scene: its counts agree with brute force and with the core, with no GL."""

import itertools
import math

import numpy as np

from collision import broadphase
from scenes.grid_broadphase import OPTIONS


def overlapping(boxes):
    """The oracle: every pair of boxes that overlap or touch, tested pair by pair in numpy."""
    a = boxes
    hit = (a[:, None, 0] <= a[None, :, 2]) & (a[None, :, 0] <= a[:, None, 2]) & (a[:, None, 1] <= a[None, :, 3]) & (a[None, :, 1] <= a[:, None, 3])
    return {(i, j) for i, j in zip(*np.nonzero(np.triu(hit, 1)))}


def cells_of(scene):
    """Each object's cell, worked out here from its centre, the world's corner and the cell size."""
    x0, y0 = scene.world[:2]
    cell = scene.result.grid.cell
    return [(math.floor(((b[0] + b[2]) / 2 - x0) / cell), math.floor(((b[1] + b[3]) / 2 - y0) / cell)) for b in scene.boxes().tolist()]


def neighbours(a, b):
    return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def test_every_method_finds_brute_force_collisions_and_the_grid_its_neighbours(drive):
    driver = drive("grid-broadphase")
    scene, session = driver.scene, driver.session
    session.set_setting("count", 400)
    session.set_setting("cell", 1.7)
    for _ in range(5):
        driver.frame()
    boxes = scene.boxes()
    methods = {method.name: method for method in scene.result.methods}
    assert list(methods) == list(broadphase.METHODS)
    real = overlapping(boxes)
    assert len(real) > 20
    for method in methods.values():
        assert method.pairs == len(real), method.name
    assert methods["brute"].candidates == 400 * 399 // 2
    cells = cells_of(scene)
    near = sum(neighbours(cells[i], cells[j]) for i, j in itertools.combinations(range(400), 2))
    assert methods["grid"].candidates == near
    assert scene.result.grid.cell == 26 * 1.7
    for name in ("sweep", "quadtree"):
        assert methods[name].candidates == broadphase.find(boxes, name, **OPTIONS.get(name, {})).candidates
    assert methods["grid"].candidates < methods["sweep"].candidates < methods["quadtree"].candidates < methods["brute"].candidates
    assert set(scene.result.colliding.tolist()) == {i for pair in real for i in pair}


def test_pointing_at_an_object_lights_its_three_by_three_cells(drive):
    driver = drive("grid-broadphase")
    scene = driver.scene
    driver.tap("P")
    driver.frame()
    cells = cells_of(scene)
    real = overlapping(scene.boxes())
    # An object with a collision, pointed at inside it, away from its centre.
    focus = next(i for i in range(len(cells)) if any(i in pair for pair in real) and scene.pick(scene.position_of(str(i)), 1) == str(i))
    x0, y0, x1, y1 = scene.boxes()[focus]
    driver.move((x0 + 0.7 * (x1 - x0), y0 + 0.6 * (y1 - y0)))
    frame = scene.result
    assert frame.focus == focus
    assert set(frame.neighbours) == {i for i, cell in enumerate(cells) if i != focus and neighbours(cell, cells[focus])}
    assert set(frame.hits) == {j if i == focus else i for i, j in real if focus in (i, j)}
    assert set(frame.hits) <= set(frame.neighbours)
    driver.frame()
    cell, (wx, wy) = frame.grid.cell, scene.world[:2]
    column, row = cells[focus]
    lit = [call for call in driver.painter.of("polygon") if call[2] == driver.session.theme.highlight and call[3] is not None]
    corners = lit[0][1]
    # The 3 x 3 block, cut to the world at its walls.
    assert corners[0] == (max(wx + (column - 1) * cell, wx), max(wy + (row - 1) * cell, wy))
    assert corners[2] == (min(wx + (column + 2) * cell, scene.world[2]), min(wy + (row + 2) * cell, scene.world[3]))


def test_ten_thousand_objects_are_one_batch_and_the_costly_methods_wait(drive):
    driver = drive("grid-broadphase")
    scene = driver.scene
    driver.session.set_setting("count", 10_000)
    driver.frame()
    boxes = scene.boxes()
    methods = {method.name: method for method in scene.result.methods}
    assert methods["grid"].pairs == len(broadphase.pairs(boxes, "sweep"))
    assert methods["brute"].pairs is None and methods["brute"].candidates == 10_000 * 9_999 // 2
    assert methods["quadtree"].pairs is None and methods["quadtree"].candidates == broadphase.find(boxes, "quadtree", **OPTIONS["quadtree"]).candidates
    rects = driver.painter.of("rects")
    assert len(rects) == 1 and np.array_equal(rects[0][1], boxes)
    # Crowded, the objects are smaller: the world holds no more of them per area than at 1,000.
    assert (boxes[:, 2:] - boxes[:, :2]).max() <= 26 * math.sqrt(1000 / 10_000)
    assert np.all(boxes[:, :2] >= scene.world[:2]) and np.all(boxes[:, 2:] <= scene.world[2:])


def test_clicking_empty_space_adds_an_object_and_step_moves_them(drive):
    driver = drive("grid-broadphase")
    scene = driver.scene
    before = len(scene.position)
    empty = next((x, y) for x in range(-600, 160, 7) for y in range(-330, 330, 7) if scene.pick((x, y), 1) is None)
    driver.drag(empty, empty, steps=1)
    assert len(scene.position) == before + 1 == scene.settings["count"]
    assert scene.pick(empty, 1) == str(before)
    driver.tap("P")
    positions = scene.position.copy()
    driver.frame()
    assert np.array_equal(scene.position, positions)
    driver.click("Step one frame")
    assert not np.array_equal(scene.position, positions)
