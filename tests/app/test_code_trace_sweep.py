"""fast-moving's swept test traced (issue 26), and its three methods' work counted side by side:
the sweep's lines are its own in the order they ran, the time shown is the one GEOS finds the
box first touching the wall at, and each method's count is one counted here independently."""

import importlib

import numpy as np
import pytest
import shapely
from shapely import affinity

from collision import Vector
from mutation import mutated

from scenes import fast_moving

SWEEP_MODULE = importlib.import_module("collision.sweep")
SAT_MODULE = importlib.import_module("collision.sat")


def cases():
    """Every preset, and a few of the box's places and steps drawn at random."""
    for name in fast_moving.PRESETS:
        scene = fast_moving.FastMoving()
        scene.preset(name)
        yield name, scene
    rng = np.random.default_rng(26)
    for index in range(6):
        scene = fast_moving.FastMoving()
        scene.shapes["B"].position = (float(rng.uniform(-260, -60)), float(rng.uniform(-120, 200)))
        scene.shapes["B"].angle = float(rng.uniform(-1, 1))
        scene.points["d"] = Vector(float(rng.uniform(-40, 230)), float(rng.uniform(-120, 200)))
        scene.settings["samples"] = int(rng.integers(1, 12))
        yield f"random {index}", scene


def check_sweep(scene):
    scene.settings["code"] = True
    scene.invalidate()
    step, report = scene.result, scene.reported
    listed = step.trace.listing
    assert listed.name == "collision.sweep._polygons"
    lines = [run.line for run in step.trace.runs]
    assert all(listed.first <= line < listed.first + len(listed.lines) for line in lines)
    # Straight-line code: each line after the one before, but the with statement's, which
    # Python's tracer reports again as its block ends.
    after_with = [line for k, line in enumerate(lines) if not (k and listed.text(line).startswith("with ") and lines[k - 1] > line)]
    assert after_with == sorted(set(after_with))
    wall = shapely.Polygon(scene.shapes["wall"].world_vertices())
    box = shapely.Polygon(scene.shapes["B"].world_vertices())
    d = step.displacement
    if not step.swept.hit:
        # Sampled along the step, the box never meets the wall.
        assert all(affinity.translate(box, d.x * t, d.y * t).distance(wall) > 1e-6 for t in np.linspace(0, 1, 2001))
        return
    code = report.code
    values = dict(step.trace.runs[code.marked].values)
    if listed.text(code.runs[code.marked][0]) != "return time, normal":
        # Touching or overlapping at the start, by GEOS too.
        assert step.swept.time == 0.0 and box.distance(wall) <= 1e-6
        return
    time = values["time"]
    assert time == report.numbers["swept"]["time"]
    assert values["enter"][values["last"]] == max(values["enter"])
    # GEOS: touching at the time shown, apart a little before it.
    assert affinity.translate(box, d.x * time, d.y * time).distance(wall) <= 1e-6
    assert affinity.translate(box, d.x * (time - 1e-4), d.y * (time - 1e-4)).distance(wall) > 0


@pytest.mark.parametrize("name, scene", list(cases()))
def test_the_swept_test_traced_hits_when_geos_says_they_touch(name, scene):
    check_sweep(scene)


def test_a_broken_sweep_fails_the_check(monkeypatch):
    """_polygons() taking the axis that opens first instead of the one that closes last."""
    broken = mutated(SWEEP_MODULE._polygons, "last = int(np.argmax(enter))", "last = int(np.argmin(enter))")
    monkeypatch.setattr(SWEEP_MODULE, "_polygons", broken)
    monkeypatch.setattr(fast_moving, "_polygons", broken)
    failures = 0
    for name, scene in cases():
        try:
            check_sweep(scene)
        except AssertionError:
            failures += 1
    assert failures >= 4


@pytest.mark.parametrize("name, scene", list(cases()))
def test_each_methods_work_is_counted_as_it_ran(monkeypatch, name, scene):
    """The axes sat() tried, counted by a wrapper round the overlap rule it applies once an
    axis; the tests, one per sample; the swept axes, both boxes' four edges."""
    calls = []
    overlap = SAT_MODULE.overlap
    monkeypatch.setattr(SAT_MODULE, "overlap", lambda *args: calls.append(1) or overlap(*args))
    # collision.sat is the kernel, its overlap rule written out: the scene runs the readable sat() here.
    monkeypatch.setattr(fast_moving, "sat", SAT_MODULE.sat)
    step = scene.result
    moved = len(calls)
    # The static test alone, counted the same way.
    calls.clear()
    SAT_MODULE.sat(scene.shapes["wall"], step.end)
    static = len(calls)
    costs = {cost.what: cost.count for cost in scene.reported.costs}
    # A sweep that starts touching asks sat() for its normal too: not the case in these.
    assert not (step.swept.hit and step.swept.time == 0.0)
    assert costs == {
        "static tests": 1, "static axes tried": static,
        "multisampling tests": scene.settings["samples"], "multisampling axes tried": moved - static,
        "swept tests": 1, "swept axes": 4 + 4,
    }
