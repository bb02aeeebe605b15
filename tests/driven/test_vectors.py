"""The vectors scene driven by mouse and panel, its numbers held against numpy's sums."""

import math

import numpy as np
import pytest

from collision import Circle, project
from sandbox.app import poses

from scenes.vectors import UNIT, number, sign_word


def world(x, y):
    """A point given in the scene's grid units, in world units."""
    return (x * UNIT, y * UNIT)


def expected(a, b):
    a, b = np.asarray(a, float), np.asarray(b, float)
    dot = float(np.dot(a, b))
    return dot, dot / np.dot(b, b) * b, dot / np.linalg.norm(b)


def check_against_numpy(scene):
    report = scene.result
    dot, projection, along = expected(report.a, report.b)
    assert report.dot == pytest.approx(dot)
    assert tuple(report.projection) == pytest.approx(tuple(projection))
    assert report.along == pytest.approx(along)
    # The core's projection of a small circle at a's tip onto unit b is centred on the same length.
    unit = (report.b.x / report.length_b, report.b.y / report.length_b)
    shadow = project(Circle(tuple(report.a), 0.5), unit)
    assert (shadow.min + shadow.max) / 2 == pytest.approx(report.along)
    assert np.dot(report.right, report.b) == 0 and np.dot(report.left, report.b) == 0
    # In a y-up world the right-hand normal is b turned clockwise: b x right < 0.
    assert report.b.x * report.right.y - report.b.y * report.right.x < 0
    assert tuple(report.left) == (-report.right.x, -report.right.y)


def test_the_gamedev_example_gives_the_worked_numbers(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.drag(scene.points["a"], world(-1, 3))
    assert tuple(scene.result.a) == (-1, 3)
    driver.click("GameDev.net's example: (2, 6) onto (3, 4)")
    report = scene.result
    assert (tuple(report.a), tuple(report.b)) == ((2, 6), (3, 4))
    assert report.dot == 30 and report.along == pytest.approx(6)
    assert tuple(report.projection) == pytest.approx((3.6, 4.8))
    check_against_numpy(scene)
    driver.frame()
    shown = [call[2] for call in driver.painter.of("text")]
    assert "(3.6, 4.8), length 6" in shown and "a (2, 6)" in shown and "b (3, 4)" in shown


def test_handles_snap_to_tenths_of_a_unit(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.drag(scene.points["a"], (2.46 * UNIT, 1.63 * UNIT))
    assert tuple(scene.result.a) == (2.5, 1.6)
    check_against_numpy(scene)


def test_the_sign_flips_on_the_normal(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.drag(scene.points["a"], world(4, -3))  # b's right normal
    assert scene.result.dot == 0 and tuple(scene.result.projection) == (0, 0)
    # The sign is said in words; the colour stays neutral (green, red and grey mean apart, a max corner, overlap).
    assert scene.reported.verdict.role == "text" and scene.reported.verdict.detail.startswith("zero")
    driver.drag(scene.points["a"], world(4, -2.9))
    assert scene.result.dot > 0 and scene.reported.verdict.detail.startswith("positive")
    driver.drag(scene.points["a"], world(4, -3.1))
    assert scene.result.dot < 0 and scene.result.along < 0 and scene.reported.verdict.detail.startswith("negative")
    assert scene.reported.verdict.role == "text"
    check_against_numpy(scene)


def test_a_longer_b_doubles_the_dot_and_keeps_the_projection(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.drag(scene.points["b"], world(6, 8))
    assert scene.result.dot == 60
    assert tuple(scene.result.projection) == pytest.approx((3.6, 4.8)) and scene.result.along == pytest.approx(6)


def test_dragging_o_moves_both_tails(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.drag(scene.points["O"], world(1, 1))
    assert (tuple(scene.result.a), tuple(scene.result.b)) == ((1, 5), (2, 3))
    check_against_numpy(scene)


def test_the_zero_vector_says_so_and_draws_no_nan(drive):
    driver = drive("vectors")
    scene = driver.scene
    driver.click("Unit vectors (normalised)")
    driver.drag(scene.points["b"], world(0, 0))
    report = scene.result
    assert tuple(report.b) == (0, 0) and report.projection is None and report.unit_b is None
    assert "zero vector" in scene.reported.verdict.detail
    numbers = scene.reported.numbers
    assert numbers["projection"] is None and numbers["unit_b"] is None
    driver.frame()
    for call in driver.painter.calls:
        for value in np.ravel(np.array([v for v in call[1:] if isinstance(v, (int, float, tuple))], dtype=object)):
            if isinstance(value, float):
                assert math.isfinite(value), call
        assert "nan" not in " ".join(str(v) for v in call[1:]).lower()


def test_numbers_read_as_the_worked_example_writes_them():
    assert [number(v) for v in (3.5999999999999996, 4.8, 30.0, -0.0001, 6.32455)] == ["3.6", "4.8", "30", "0", "6.32"]


def test_a_zero_vector_is_not_called_perpendicular():
    assert sign_word(0.0, (2, 6), (0, 0)) == "zero: b is the zero vector, with no direction"
    assert sign_word(0.0, (0, 0), (3, 4)).startswith("zero: a is the zero vector")
    assert sign_word(0.0, (4, -3), (3, 4)) == "zero: a and b are perpendicular"


def test_the_pose_editor_speaks_the_grid_units_the_scene_does(drive):
    driver = drive("vectors")
    session = driver.session
    assert poses.place(session, "a", "4", "3")
    assert tuple(driver.scene.points["a"]) == pytest.approx((4 * UNIT, 3 * UNIT))
    assert poses.texts(session)["a"][:2] == ["4", "3"] and "(4, 3)" in session.status


def test_the_panel_writes_vectors_as_the_worked_example_does(drive):
    rows = dict(drive("vectors").scene.reported.tables[0].rows)
    assert rows["a"] == "(2, 6)" and rows["a's projection onto b"] == "(3.6, 4.8)"
    assert rows["a as a unit vector"] == "(0.32, 0.95)" and rows["b's right normal"] == "(4, -3)"
