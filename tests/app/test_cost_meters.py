"""The cost meters of the scenes that compare methods (issue 26): each method's counts, from
the run that draws the figure, against a count made here independently."""

import math
import sys

import numpy as np
import pytest

from scenes import rotated_rectangles


def rectangle_cases():
    rng = np.random.default_rng(26)
    yield rotated_rectangles.RotatedRectangles()
    for _ in range(10):
        scene = rotated_rectangles.RotatedRectangles()
        scene.shapes["B"].position = tuple(rng.uniform(-100, 500, 2))
        scene.shapes["B"].angle = float(rng.uniform(-math.pi, math.pi))
        yield scene


@pytest.mark.parametrize("scene", list(rectangle_cases()))
def test_rotated_rectangles_counts_each_savings_work(scene):
    """Axes and dot products of each saving alone: every axis 8 corners (4 x 2 rectangles); the
    early out stops after the first axis with a gap (found here from the corners); A's frame
    turns B's 4 corners (2 dot products each) and then needs none for A's two axes; the
    bounding circles cost one, and end it when the circles are apart."""
    a, b = scene.shapes["A"], scene.shapes["B"]
    corners = {name: np.array(shape.world_vertices()) for name, shape in (("A", a), ("B", b))}
    # World vertices run LR, UR, UL, LL: the article's UR - UL, UR - LR of A, UL - LL, UL - UR of B.
    (lr, ur, ul, ll), (lr_b, ur_b, ul_b, ll_b) = corners["A"], corners["B"]
    axes = [ur - ul, ur - lr, ul_b - ll_b, ul_b - ur_b]
    gaps = []
    for axis in axes:
        (a_low, a_high), (b_low, b_high) = (((c @ axis).min(), (c @ axis).max()) for c in corners.values())
        gaps.append(b_low > a_high or b_high < a_low)
    apart = math.dist(a.center, b.center) > math.hypot(*a.half_size) + math.hypot(*b.half_size)
    early = gaps.index(True) + 1 if any(gaps) else 4
    expected = {
        "plain SAT": (4, 4 * 8),
        "early out": (early, early * 8),
        "A's frame": (4, 4 * 2 + 2 * 8),
        "bounding circles": (0, 1) if apart else (4, 1 + 4 * 8),
        "all three": (0, 1) if apart else (early, 1 + 4 * 2 + 8 * max(early - 2, 0)),
    }
    table = next(table for table in scene.reported.tables if table.headers[:1] == ("work counted",))
    counted = {name: (axes_tested, dots) for name, axes_tested, dots, _ in table.rows}
    assert counted == {name: (f"{axes_tested}", f"{dots}") for name, (axes_tested, dots) in expected.items()}
    # The canvas's meter: the same counts, titled by the table's words and its count columns.
    meter = [f"{name}: {axes_tested}, {dots}" for name, (axes_tested, dots) in expected.items()]
    assert scene.reported.meter_lines() == ["work counted: axes, dot products", *meter]
    assert all(separated == any(gaps) for _, separated, _, _ in scene.result.work)


def pairs_meeting(low, high):
    """How many pairs i < j of spans [low, high] overlap or touch, by testing every pair."""
    meet = (low[:, None] <= high[None, :]) & (low[None, :] <= high[:, None])
    return int(np.triu(meet, 1).sum())


def grid_candidates(boxes, cell, origin):
    """Pairs i < j whose centres' cells are at most one apart in column and in row."""
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    cells = np.floor((centres - np.array(origin)) / cell)
    near = (np.abs(cells[:, None, :] - cells[None, :, :]) <= 1).all(axis=2)
    return int(np.triu(near, 1).sum())


def sweep_candidates(boxes):
    """The sort and sweep's candidates along x, and along y: it sweeps one of them."""
    return {pairs_meeting(boxes[:, 0], boxes[:, 2]), pairs_meeting(boxes[:, 1], boxes[:, 3])}


@pytest.mark.parametrize("count", [2, 100, 250])
def test_quadtree_counts_each_methods_candidates_on_its_objects(count):
    """Brute force N(N - 1)/2; this quadtree, every pair of objects one of whose nodes holds
    the other's (a node holds its descendants: its bounds contain theirs); the loose grid and
    sort and sweep, their candidates counted pair by pair."""
    from scenes import quadtree

    scene = quadtree.QuadtreeScene()
    scene.settings["count"] = count
    scene.invalidate()
    frame = scene.result
    boxes, arrays = frame.boxes, frame.arrays
    node_of = np.repeat(np.arange(len(arrays.level)), np.diff(arrays.start))[np.argsort(arrays.inserted)]
    bounds = arrays.bounds[node_of]
    holds = (bounds[:, None, 0] <= bounds[None, :, 0]) & (bounds[:, None, 1] <= bounds[None, :, 1]) \
        & (bounds[:, None, 2] >= bounds[None, :, 2]) & (bounds[:, None, 3] >= bounds[None, :, 3])
    tree = int(np.triu(holds | holds.T, 1).sum())
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    largest = float((boxes[:, 2:] - boxes[:, :2]).max())
    counted = dict(frame.methods)
    assert counted["brute force"] == count * (count - 1) // 2
    assert counted["this quadtree"] == tree
    assert counted["loose grid"] == grid_candidates(boxes, largest * (1 + 1e-9), centres.min(axis=0))
    assert counted["sort and sweep"] in sweep_candidates(boxes)
    table = next(table for table in scene.reported.tables if table.headers == ("method, on these objects", "candidate pairs"))
    assert dict(table.rows) == {name: f"{value:,}" for name, value in counted.items()}


@pytest.mark.parametrize("count, cell", [(60, 1.0), (250, 1.5)])
def test_grid_broadphase_counts_each_methods_candidates_on_its_objects(count, cell):
    from scenes import grid_broadphase

    scene = grid_broadphase.GridScene()
    scene.settings["count"], scene.settings["cell"] = count, cell
    scene.invalidate()
    frame = scene.result
    counted = {method.name: method.candidates for method in frame.methods}
    assert counted["brute"] == count * (count - 1) // 2
    assert counted["grid"] == grid_candidates(frame.boxes, scene.cell_size() * (1 + 1e-9), scene.world[:2])
    assert counted["sweep"] in sweep_candidates(frame.boxes)


@pytest.mark.parametrize("pair, apart", [("box-box", False), ("polygon-polygon", False), ("box-circle", False), ("box-box", True), ("box-circle", True)])
def test_minkowski_counts_sat_and_gjk_side_by_side_with_the_code_view_off(monkeypatch, pair, apart):
    """SAT's axes tried and shadows cast, GJK's support points and simplex updates and EPA's
    edges, counted by wrappers round the functions each calls once per unit of work, in the
    run the figure is drawn from; the Code view off."""
    import importlib

    from sandbox.kit import code_trace
    from scenes import minkowski

    sat_module, gjk_module = importlib.import_module("collision.sat"), importlib.import_module("collision.gjk")
    counts = {"overlap": 0, "extent": 0, "_gjk": 0, "_epa": 0, "nearest": 0}
    overlap, extent, make_support, nearest = sat_module.overlap, sat_module.extent, gjk_module._support, gjk_module._nearest

    inside = []

    def counting(name, function):
        def counted(*args):
            # Only the calls sat() and gjk() make: the report's table of axes projects again.
            counts[name] += bool(inside)
            return function(*args)
        return counted

    def tracing(*args, **kwargs):
        inside.append(True)
        try:
            return trace(*args, **kwargs)
        finally:
            inside.pop()

    def counting_support(*args):
        support = make_support(*args)

        def counted(*direction):
            # Each support point credited to the method that asked for it: GJK's loop or EPA's.
            counts[sys._getframe(1).f_code.co_name] += bool(inside)
            return support(*direction)
        return counted

    monkeypatch.setattr(sat_module, "overlap", counting("overlap", overlap))
    monkeypatch.setattr(sat_module, "extent", counting("extent", extent))
    monkeypatch.setattr(gjk_module, "_support", counting_support)
    monkeypatch.setattr(gjk_module, "_nearest", counting("nearest", nearest))
    trace = minkowski.trace
    monkeypatch.setattr(minkowski, "trace", tracing)  # the scene's run of sat()
    monkeypatch.setattr(code_trace, "trace", tracing)  # its run of gjk(), through traced()
    scene = minkowski.Minkowski()
    scene.settings["kind_a"], scene.settings["kind_b"] = pair.split("-")
    scene.invalidate()
    if apart:
        scene.shapes["B"].position = (-60.0, 15.0)
        scene.invalidate()
    walked = scene.result.gjk
    assert scene.result.sat.colliding != apart
    report = scene.reported
    assert not scene.settings["code"] and report.code is None
    polytope = len(walked.epa.steps) if walked.epa else 0
    assert {name.replace("_", " ").replace("epa", "EPA"): count for name, count in report.numbers["work"].items()} == {
        "axes tried": counts["overlap"], "shadows cast": counts["extent"],
        "gjk support points": counts["_gjk"], "simplex updates": counts["nearest"],
        "EPA support points": counts["_epa"], "EPA edges added": max(polytope - 1, 0),
    }


def test_minkowski_meter_writes_each_methods_counts_on_one_line():
    """The meter (the Report's costs, each by its method) as the canvas writes it: SAT's two
    counts on one line, GJK's two on the next, EPA's only where EPA ran; the counts the JSON
    holds. Four lines fit a corner of the figure where six would not."""
    from sandbox.kit.painter import RecordingPainter
    from scenes import minkowski

    scene = minkowski.Minkowski()
    work = scene.reported.numbers["work"]
    assert scene.result.gjk.epa and scene.reported.meter_lines() == [
        "work counted", f"SAT: axes tried {work['axes_tried']}, shadows cast {work['shadows_cast']}",
        f"GJK: support points {work['gjk_support_points']}, simplex updates {work['simplex_updates']}",
        f"EPA: support points {work['epa_support_points']}, edges added {work['epa_edges_added']}",
    ]
    scene.shapes["B"].position = (-60.0, 15.0)
    scene.invalidate()
    work = scene.reported.numbers["work"]
    painter = RecordingPainter()
    scene.draw(scene.result, painter, scene_theme())
    drawn = [call[2] for call in painter.of("text")]
    meter = drawn[drawn.index("work counted"):]
    assert not scene.result.gjk.epa and meter == [
        "work counted", f"SAT: axes tried {work['axes_tried']}, shadows cast {work['shadows_cast']}",
        f"GJK: support points {work['gjk_support_points']}, simplex updates {work['simplex_updates']}",
    ]


@pytest.mark.parametrize("focus", [0, 5, 33])
def test_dynamic_tree_meter_counts_one_querys_work_per_method(focus):
    """The query's meter on the canvas and its table: the tree finds exactly the objects whose
    boxes meet the focus's fat-box query (counted here pair by pair against the objects' fat
    boxes), the grid tests the objects in the 3 x 3 cells round it, brute force every other."""
    from sandbox.kit.painter import RecordingPainter
    from scenes import dynamic_tree

    scene = dynamic_tree.DynamicTreeScene()
    scene.settings["focus"] = focus
    scene.invalidate()
    result = scene.result
    boxes, fat = result.boxes, result.fat
    x0, y0, x1, y1 = boxes[focus]
    meets = (fat[:, 0] <= x1) & (x0 <= fat[:, 2]) & (fat[:, 1] <= y1) & (y0 <= fat[:, 3])
    largest = float((boxes[:, 2:] - boxes[:, :2]).max())
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    cells = np.floor((centres - centres.min(axis=0)) / (largest * (1 + 1e-9)))
    near = (np.abs(cells - cells[focus]) <= 1).all(axis=1)
    report = scene.reported
    work = report.numbers["work"]
    assert work["tree"]["tested"] == int(meets.sum()) - 1
    assert work["grid"]["tested"] == int(near.sum()) - 1
    assert work["brute"]["tested"] == len(boxes) - 1
    painter = RecordingPainter()
    scene.draw(result, painter, scene_theme())
    drawn = [call[2] for call in painter.of("text")]
    tree = report.answers["work.tree.visited"], report.answers["work.tree.tested"]
    assert report.meter_lines() == ["one query: nodes, objects", f"tree: {tree[0]}, {tree[1]}",
                                    f"quadtree: {work['quadtree']['visited']}, {work['quadtree']['tested']}",
                                    f"grid: 9 cells, {work['grid']['tested']}", f"every other: none, {len(boxes) - 1}"]
    assert set(report.meter_lines()) <= set(drawn)


def scene_theme():
    from sandbox.kit.theme import DARK

    return DARK
