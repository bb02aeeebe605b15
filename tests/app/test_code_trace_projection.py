"""The projection scene's Code view (issue 26): extent() traced corner by corner, each step's
lines extent()'s own in the order the data makes them run, the smallest and largest so far
those of the corners' dot products counted here, and the last the shadow the report prints."""

import importlib
import math

import numpy as np
import pytest

from mutation import mutated
from sandbox.kit.code_trace import shown_value
from scenes import projection

PROJECTION_MODULE = importlib.import_module("collision.projection")


def expected_lines(dots, index):
    """The lines extent()'s loop must run for vertex ``index`` of ``dots``, worked out here."""
    if index == 0:
        return None  # the preamble; only its last two lines are checked
    low, high = min(dots[:index]), max(dots[:index])
    dot = dots[index]
    lines = ["dot = x * ax + y * ay", "if dot < low:"]
    if dot < low:
        lines.append("low = dot")
    else:
        lines.append("elif dot > high:")
        if dot > high:
            lines.append("high = dot")
    lines.append("for x, y in vertices:")
    if index == len(dots) - 1:
        lines.append("return low, high")
    return lines


def check_corners(scene):
    """Each corner step against the boxes' corners projected by numpy here."""
    scene.settings["code"] = True
    scene.invalidate()
    result = scene.result
    listed = result.trace.listing
    span = range(listed.first, listed.first + len(listed.lines))
    assert listed.name == "collision.projection.extent"
    assert all(run.line in span for run in result.trace.runs)
    assert len(result.corners) == 8
    axis = np.array(result.axis)
    for name, step_range, interval in (("A", range(4), result.a), ("B", range(4, 8), result.b)):
        box = scene.shapes[name]
        offsets = np.array(box.world_vertices()) - np.array(box.center)
        dots = list(offsets @ axis)
        for index, step in zip(range(4), (result.corners[k] for k in step_range)):
            texts = [listed.text(run.line) for run in step]
            wanted = expected_lines(dots, index)
            if wanted is None:
                assert texts[-2:] == ["low = high = x * ax + y * ay", "for x, y in vertices:"]
            else:
                assert texts == wanted
            head = next(run for run in step if listed.text(run.line) == "for x, y in vertices:")
            assert (head.values["x"], head.values["y"]) == pytest.approx(tuple(offsets[index]), abs=1e-9)
            assert head.values["low"] == pytest.approx(min(dots[: index + 1]), abs=1e-9)
            assert head.values["high"] == pytest.approx(max(dots[: index + 1]), abs=1e-9)
        # The last corner's shadow, moved out to the centre's projection, is the one reported.
        middle = float(np.dot(box.center, axis))
        numbers = scene.reported.numbers[name.lower()]
        assert [middle + head.values["low"], middle + head.values["high"]] == pytest.approx(numbers, abs=1e-9)
        assert [interval.min, interval.max] == pytest.approx(numbers, abs=1e-12)
    costs = [(cost.what, cost.count) for cost in scene.reported.costs]
    assert costs == [("corners projected", 2 * 4)]  # two boxes of four corners, one dot product each


def poses(count, seed=26):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        scene = projection.Projection()
        for name in "AB":
            scene.shapes[name].angle = float(rng.uniform(-math.pi, math.pi))
            scene.shapes[name].position = tuple(rng.uniform(-300, 100, 2))
        turn = rng.uniform(0.1, math.pi - 0.1)
        scene.points["P"] = (projection.PIVOT[0] + 240 * math.cos(turn), projection.PIVOT[1] + 240 * math.sin(turn))
        scene.settings["raw"] = bool(rng.integers(2))
        yield scene


@pytest.mark.parametrize("index, scene", list(enumerate(poses(12))))
def test_extent_traced_corner_by_corner_agrees_with_the_corners_and_the_report(index, scene):
    check_corners(scene)


def test_a_broken_extent_fails_the_corner_check(monkeypatch):
    """extent() with its loop's comparison turned round (keeps the largest as the low end)."""
    monkeypatch.setattr(projection, "extent", mutated(PROJECTION_MODULE.extent, "        if dot < low:", "        if dot > low:"))
    failures = 0
    for scene in poses(6):
        try:
            check_corners(scene)
        except AssertionError:
            failures += 1
    assert failures == 6


def test_n_pages_the_corners_with_the_figure(drive):
    """C then N: each press shows the next corner, its step marking the loop's head with the
    smallest and largest so far, and the figure drops that corner onto P."""
    driver = drive("projection")
    driver.tap("C")
    driver.frame()
    session = driver.session
    assert session.report().code.step.startswith("A's shadow, then B's")
    for page in range(8):
        driver.tap("N")
        driver.frame()
        code = session.report().code
        line, values = code.runs[code.marked]
        assert code.lines[line - code.first].strip() == "for x, y in vertices:"
        name = "AB"[page // 4]
        assert code.step.startswith(f"{name}'s {projection.CORNER_WORDS[page % 4]} corner")
        box = session.scene.shapes[name]
        corner = np.array(box.world_vertices())[page % 4] - np.array(box.center)
        assert dict(values)["x"] == shown_value(float(corner[0]))
