"""The Code view's trace of SAT (issue 26): the lines are sat()'s own, in the order they ran,
and the values shown at each axis are the ones the report prints for that axis."""

import importlib

import math
import re
import sys

import numpy as np
import pytest
import shapely

from collision import Circle, sat
from mutation import mutated
from random_shapes import place_near, random_box, random_circle, random_polygon
from sandbox.kit import code_trace
from sandbox.kit.code_trace import listing, shown_value, trace
from sandbox.kit.figures import sat_scene

AXIS_LOOP = "for ax, ay, _, a_min, a_max, b_min, b_max in candidate_axes("
OVERLAP = "depth = overlap(a_min, a_max, b_min, b_max)"
SAT_MODULE = importlib.import_module("collision.sat")  # the package's name "sat" is the function


def pairs(count, seed=26):
    rng = np.random.default_rng(seed)
    makers = [random_box, random_polygon, random_circle]
    for _ in range(count):
        a, b = makers[rng.integers(3)](rng), makers[rng.integers(2)](rng)
        place_near(rng, a, b)
        yield a, b


def check_axis_by_axis(function, a, b):
    """``function`` traced on (a, b) against sat()'s report of the same pair: one step per
    axis the loop reached, its axis and overlap those of the report's axis, the steps after
    the first gap never run, and every line recorded a line of the listing."""
    recorded = trace(function, a, b)
    report = sat(a, b)
    shown = listing(function)
    span = range(shown.first, shown.first + len(shown.lines))
    assert all(run.line in span for run in recorded.runs)
    steps = recorded.steps(AXIS_LOOP)[1:]
    # The loop's header runs once more to find the axes exhausted; that step holds no axis.
    axis_steps = [step for step in steps if any(shown.text(run.line) == OVERLAP for run in step)]
    first_gap = next((k for k, test in enumerate(report.axes) if test.separating), None)
    assert len(axis_steps) == (len(report.axes) if first_gap is None else first_gap + 1)
    for test, step in zip(report.axes, axis_steps):
        # The values shown at a line are those before it runs: the overlap is in the next line's.
        at = next(k for k, run in enumerate(step) if shown.text(run.line) == OVERLAP)
        after = step[at + 1]
        assert (after.values["ax"], after.values["ay"]) == pytest.approx(tuple(test.axis), abs=1e-12)
        assert after.values["depth"] == pytest.approx(test.overlap, rel=1e-9, abs=1e-9)
    assert recorded.ran(OVERLAP) == len(axis_steps)
    assert (recorded.result.colliding, recorded.result.depth) == (report.colliding, report.depth)


@pytest.mark.parametrize("index, pair", list(enumerate(pairs(60))))
def test_sat_traced_axis_by_axis_agrees_with_its_report(index, pair):
    check_axis_by_axis(sat, *pair)


def test_a_broken_sat_fails_the_trace_check():
    """The same check on sat() with its overlap rule's arguments swapped (B's interval as A's)."""
    broken = mutated(SAT_MODULE.sat, OVERLAP, "depth = overlap(b_min, b_max, a_min, a_max) + 0.25 * (b_max - b_min)")
    failures = 0
    for a, b in pairs(20):
        try:
            check_axis_by_axis(broken, a, b)
        except AssertionError:
            failures += 1
    assert failures >= 15


@pytest.mark.parametrize("scene_id", ["box-box", "hex-triangle", "polygons", "aabb-triangle"])
def test_the_code_view_pages_the_axes_with_the_figure_and_counts_the_work(drive, monkeypatch, scene_id):
    """C turns the Code view on; each N shows the next axis, its step marking the line that
    tests it with the overlap the table prints; , and . step through the lines it ran. The
    work counted equals the axes up to the first gap, and the calls to extent() counted by a
    wrapper around it in the same run."""
    driver = drive(scene_id)
    calls, traced = [], []
    extent, trace_call = SAT_MODULE.extent, sat_scene.trace

    def traced_run(*args):
        traced.append(True)
        try:
            return trace_call(*args)
        finally:
            traced.pop()

    with monkeypatch.context() as patch:
        patch.setattr(sat_scene, "trace", traced_run)
        patch.setattr(SAT_MODULE, "extent", lambda *args: (calls.append(args) if traced else None) or extent(*args))
        driver.tap("C")
        driver.frame()
        session = driver.session
        tests = session.scene.result.sat.axes
        tried = next((k + 1 for k, test in enumerate(tests) if test.separating), len(tests))
        report = session.report()
        # The Code view's run is the one drawn and counted: the extent() calls inside the trace.
        assert [(cost.what, cost.count) for cost in report.costs] == [("axes tried", tried), ("shadows cast", len(calls))]
    for page, test in enumerate(tests):
        driver.tap("N")
        driver.frame()
        code = session.report().code
        line, values = code.runs[code.marked]
        if page < tried:
            assert code.lines[line - code.first].strip() == "if depth < gap:"
            assert dict(values)["depth"] == shown_value(test.overlap)
        else:
            assert code.lines[line - code.first].strip() == "break"
        driver.tap("PERIOD")
        driver.frame()
        assert session.input.code_at(code) == min(code.marked + 1, len(code.runs) - 1)
        driver.tap("COMMA")
        driver.tap("COMMA")
        assert session.input.code_at(code) == max(code.marked - 1, 0)
    driver.tap("C")
    driver.frame()
    assert session.report().code is None and session.report().costs == ()


GJK_MODULE = importlib.import_module("collision.gjk")


@pytest.mark.parametrize("pair", ["box-box", "polygon-polygon", "box-circle"])
def test_the_code_view_steps_gjk_and_epa_with_the_figure_and_counts_their_work(drive, monkeypatch, pair):
    """In minkowski, C shows GJK's loop at the iteration shown (Step pages it), then EPA's; the
    simplex's nearest point shown is the figure's, and the support points and simplex updates
    counted equal the calls a wrapper counts inside the traced run."""
    driver = drive("minkowski")
    driver.session.set_setting("pair", pair)
    supports, nearest, traced = [], [], []
    make_support, find_nearest, trace_call = GJK_MODULE._support, GJK_MODULE._nearest, code_trace.trace

    def counting_support(*args):
        support = make_support(*args)
        # Each call credited to the method that made it: GJK's loop or EPA's.
        return lambda *d: (supports.append(sys._getframe(1).f_code.co_name) if traced else None) or support(*d)

    def traced_run(*args, **kwargs):
        traced.append(True)
        try:
            return trace_call(*args, **kwargs)
        finally:
            traced.pop()

    with monkeypatch.context() as patch:
        patch.setattr(GJK_MODULE, "_support", counting_support)
        patch.setattr(GJK_MODULE, "_nearest", lambda simplex: (nearest.append(1) if traced else None) or find_nearest(simplex))
        patch.setattr(importlib.import_module("scenes.minkowski"), "trace", traced_run)  # the scene's runs of sat() and gjk()
        driver.tap("C")
        driver.frame()
        session = driver.session
        walked = session.scene.result.gjk
        costs = {cost.what: cost.count for cost in session.report().costs}
    assert costs["GJK support points"] == supports.count("_gjk") and costs["simplex updates"] == len(nearest)
    assert costs.get("EPA support points", 0) == supports.count("_epa")
    epa_steps = walked.epa.steps if walked.epa else ()
    for index in range(len(walked.steps) + len(epa_steps)):
        session.scene.settings["step"] = index
        session.scene.invalidate()
        code = session.report().code
        values = dict(code.runs[code.marked][1])
        if index < len(walked.steps):
            assert code.name == "collision.gjk._gjk" and code.step.startswith(f"GJK iteration {index + 1} ")
            assert values["closest"] == shown_value(tuple(walked.steps[index].closest))
        else:
            step = epa_steps[index - len(walked.steps)]
            assert code.name == "collision.gjk._epa" and code.step.startswith(f"EPA iteration {index - len(walked.steps) + 1} ")
            assert values["distance"] == shown_value(step.distance)
    check_against_sat(session.scene, walked, code)


def check_against_sat(scene, walked, code):
    """The last step's numbers against SAT's on the same two polygons, an independent test:
    EPA's last edge is as far from O as SAT's depth, or GJK's nearest point as far as the gap."""
    a, b = scene.shapes["A"], scene.shapes["B"]
    if isinstance(b, Circle):
        return
    values = dict(code.runs[-1][1])
    tested = sat(a, b)
    if tested.colliding:
        assert values["distance"] == shown_value(tested.depth)
    else:
        distance = shapely.Polygon(a.world_vertices()).distance(shapely.Polygon(b.world_vertices()))
        closest = scene.result.trace.runs[-1].values["closest"]
        assert math.hypot(*closest) == pytest.approx(distance, rel=1e-9)


@pytest.mark.parametrize("focus", [0, 5, 17, 42, 99])
def test_the_code_view_traces_the_tips_retrieve_and_counts_its_walk(drive, focus):
    """In quadtree, with an object in focus, C traces the tip's walk: what it returns is what
    the figure lights, the nodes walked are those whose bounds hold the object's box (counted
    from the tree's arrays), and the entries gathered are the object and everything lit."""
    driver = drive("quadtree")
    session = driver.session
    session.scene.settings["focus"] = focus
    session.scene.invalidate()
    driver.tap("C")
    driver.frame()
    frame = session.scene.result
    box = frame.boxes[frame.focus]
    bounds = frame.arrays.bounds
    holding = int(((bounds[:, 0] <= box[0]) & (bounds[:, 1] <= box[1]) & (bounds[:, 2] >= box[2]) & (bounds[:, 3] >= box[3])).sum())
    costs = {cost.what: cost.count for cost in session.report().costs}
    assert sorted(frame.trace.result) == sorted([*frame.lit.tolist(), frame.focus])
    assert costs == {"nodes walked": max(holding, 1), "entries gathered": len(frame.lit) + 1}
    code = session.report().code
    assert code.name == "collision.quadtree.tip_walk" and code.lines[code.runs[code.marked][0] - code.first].strip() == "return list(found.values())"


CODE_LESSON = """
title = "Reading SAT"
[[steps]]
scene = "box-box"
caption = "sat() tries P first."
settings = { code = true, page = 0 }
[[steps]]
scene = "projection"
caption = "extent() projects A's second corner."
settings = { code = true, corner = 1 }
"""


def test_a_handout_prints_the_code_with_the_steps_line_marked(tmp_path):
    """A step with the Code view on prints sat()'s listing in its handout: the line that tests
    axis P marked, the work counted (in the figure's cost meter, once), and the values as that
    line begins."""
    from sandbox.app import handout, walkthrough

    path = tmp_path / "reading.toml"
    path.write_text(CODE_LESSON)
    lesson = walkthrough.load(path)
    handout.export(lesson, tmp_path / "out")
    page = (tmp_path / "out" / "index.html").read_text()
    marked = re.findall(r'<span class="marked">&#9654;\s*(\d+)  ([^<]*)</span>', page)
    assert [source.strip() for _, source in marked] == ["if depth &lt; gap:", "for x, y in vertices:"]
    figure = (tmp_path / "out" / "step-01.svg").read_text()
    assert "Code: collision.sat.sat, axis P, 1 of 4" in page and ">axes tried: 1</text>" in figure and "Work counted" not in page
    assert "<th scope=\"row\">depth</th>" in page
    # The lesson page prints each step's listing the same way, its marked line styled to stand out.
    lesson = (tmp_path / "out" / "lesson.html").read_text()
    steps = lesson.split('<section class="step')[1:]
    marks = [re.findall(r'<span class="marked">&#9654;\s*\d+  ([^<]*)</span>', step) for step in steps]
    assert [[source.strip() for source in step] for step in marks] == [["if depth &lt; gap:"], ["for x, y in vertices:"]]
    assert "Code: collision.projection.extent, A&#x27;s 2nd corner of 4" in steps[1]
    assert re.search(r"figure\.code \.marked \{[^}]*background", lesson)


@pytest.mark.parametrize("seed", range(6))
def test_the_code_view_traces_the_slab_test_to_the_hit_geos_finds(drive, seed):
    """In ray-cast, C traces the box's slab test: one pass of its loop per slab, and at its
    return the latest entry (lower) is the fraction at which the segment first meets the box
    by GEOS, or the spans part (lower > upper) when GEOS finds no meeting."""
    rng = np.random.default_rng(seed)
    driver = drive("ray-cast")
    scene = driver.session.scene
    scene.points["origin"] = tuple(rng.uniform(-330, -250, 2))
    scene.points["end"] = tuple(rng.uniform(-200, 100, 2))
    scene.invalidate()
    driver.tap("C")
    driver.frame()
    report = driver.session.report()
    values = scene.result.trace.runs[report.code.marked].values
    assert [(cost.what, cost.count) for cost in report.costs] == [("slabs tested", 2)]
    box = shapely.Polygon(scene.shapes["box"].world_vertices())
    origin, end = np.array(scene.points["origin"]), np.array(scene.points["end"])
    met = box.intersection(shapely.LineString([origin, end]))
    if met.is_empty:
        assert values["lower"] > values["upper"] and not report.numbers["shapes"]["box"]["hit"]
    else:
        first = min(np.linalg.norm(np.array(point) - origin) for point in met.coords) / np.linalg.norm(end - origin)
        assert values["lower"] == pytest.approx(first, abs=1e-9) == report.numbers["shapes"]["box"]["fraction"]


@pytest.mark.parametrize("preset", [None, "Overhang", "On its corner"])
def test_the_code_view_pages_the_clipping_with_its_stages(drive, preset):
    """In contact-points, C traces the clipping: each stage marks the line that makes it, the
    clips counted are the clip stages, and the points kept are the points the figure shows,
    each with the separation the table prints."""
    driver = drive("contact-points")
    scene = driver.session.scene
    if preset:
        scene.act("preset", preset)
    driver.tap("C")
    driver.frame()
    found = scene.result.manifold
    marks = []
    for page, step in enumerate(found.steps):
        scene.settings["page"] = page
        scene.invalidate()
        code = driver.session.report().code
        marks.append(code.lines[code.runs[code.marked][0] - code.first].strip().split("(")[0])
    clips = sum(step.title.startswith("clip:") for step in found.steps)
    assert marks[:2] == ["nx, ny = ref_normals[edge]", "incident_edge = min"] and marks[2:2 + clips] == ["segment = _clip"] * clips
    costs = {cost.what: cost.count for cost in driver.session.report().costs}
    assert costs == {"side-plane clips": clips, "points kept": len(found.points)}
    kept = scene.result.trace.runs[-1].values["contacts"]
    assert [separation for _, separation, _ in kept] == [point.separation for point in found.points]


def test_a_loop_that_left_at_a_gap_says_why_early_exit_reads_false():
    # box-box opens separated: sat() leaves its loop at the first gap, while its locals show
    # early_exit False; the step's words say what each does.
    from sandbox.app.session import Session

    scene = Session("box-box").scene
    scene.settings["code"] = True
    scene.invalidate()
    code = scene.reported.code
    assert ("early_exit", "False") in code.runs[0][1]
    assert code.step.startswith("the whole call: 1 of 4 axes tried")
    assert "stops at the first gap either way" in code.step


def test_an_enum_in_the_code_views_values_reads_as_the_code_writes_it():
    """reading-the-code's handout printed "(A, <AxisKind>, 0)" in a student's table of values."""
    from collision.axes import AxisKind

    def labelled():
        label = ("A", AxisKind.EDGE, 0)
        return label

    recorded = code_trace.trace(labelled)
    values = [code_trace.shown_value(value) for run in recorded.runs for value in run.values.values()]
    assert "(A, AxisKind.EDGE, 0)" in values, values
