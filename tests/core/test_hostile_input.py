"""Issue 9, the core's promises: hostile numbers get a ShapeError saying what to fix, never
another exception, a silent conversion, or a shape whose bounds hold inf."""

import math
import time

import numpy as np
import pytest

from collision import MAX_SIDES, Box, Circle, Polygon, ShapeError, project, regular_polygon, sat

HUGE = 10**400
SQUARE = [(0, 0), (1, 0), (1, 1), (0, 1)]

HUGE_CASES = {
    "vertex": lambda: Polygon([(0, 0), (HUGE, 0), (0, 1)]),
    "position": lambda: Polygon(SQUARE, (HUGE, 0)),
    "angle": lambda: Polygon(SQUARE, angle=HUGE),
    "half size": lambda: Box((0, 0), (HUGE, 1)),
    "box centre": lambda: Box((0, HUGE), (1, 1)),
    "radius": lambda: Circle((0, 0), HUGE),
    "circle centre": lambda: Circle((HUGE, 0), 1),
    "project axis": lambda: project(Box((0, 0), (1, 1)), (HUGE, 1)),
    "regular polygon radius": lambda: regular_polygon(5, HUGE),
    "regular polygon sides": lambda: regular_polygon(HUGE, 1),
    "moved": lambda: setattr(Box((0, 0), (1, 1)), "position", (0, -HUGE)),
}


@pytest.mark.parametrize("make", HUGE_CASES.values(), ids=HUGE_CASES.keys())
def test_an_int_too_large_for_a_float_is_a_shape_error(make):
    with pytest.raises(ShapeError) as caught:
        make()
    assert "too large" in str(caught.value) or "at most" in str(caught.value)


NOT_NUMBERS = {
    "numeric string radius": (lambda: Circle((0, 0), "5"), "circle radius must be a number, got '5'"),
    "bool radius": (lambda: Circle((0, 0), True), "circle radius must be a number, got True"),
    "numeric string centre": (lambda: Circle(("1", 0), 1), "circle center x must be a number, got '1'"),
    "bool position": (lambda: Box((False, 0), (1, 1)), "position x must be a number, got False"),
    "numpy bool angle": (lambda: Box((0, 0), (1, 1), np.True_), "angle must be a number, got np.True_"),
    "string half size": (lambda: Box((0, 0), ("2", 1)), "box half_size x must be a number, got '2'"),
    "string vertex": (lambda: Polygon([(0, 0), ("1", 0), (0, 1)]), "polygon vertex 1 must be a pair of numbers"),
    "bool vertex": (lambda: Polygon([(0, 0), (True, 0), (0, 1)]), "polygon vertex 1 must be a pair of numbers"),
    "bool vertex array": (lambda: Polygon(np.array([[0, 0], [1, 0], [1, 1]], dtype=bool)), "polygon vertices must be numbers"),
    "string axis": (lambda: project(Box((0, 0), (1, 1)), ("1", 0)), "axis x must be a number, got '1'"),
    "string sides": (lambda: regular_polygon("6", 1), "a regular polygon needs a whole number of sides"),
}


@pytest.mark.parametrize("make, message", NOT_NUMBERS.values(), ids=NOT_NUMBERS.keys())
def test_strings_and_bools_are_not_numbers(make, message):
    with pytest.raises(ShapeError) as caught:
        make()
    assert str(caught.value).startswith(message)


def test_numbers_of_every_numeric_type_still_work():
    box = Box(np.array([1, 2]), (np.float32(3), np.int64(4)), np.float64(0.5))
    assert box.position == (1.0, 2.0) and box.half_size == (3.0, 4.0)
    assert Polygon(np.array([[0, 0], [2, 0], [0, 2]], dtype=np.int32)).aabb() == (0.0, 0.0, 2.0, 2.0)
    assert Circle((1, 2), 3).aabb() == (-2.0, -1.0, 4.0, 5.0)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Circle((1e308, 0), 1e308),
        lambda: Circle((0, -1.7e308), 1e308),
        lambda: Box((1.7e308, 0), (1e308, 1)),
        lambda: Polygon([(0, 0), (1e308, 0), (0, 1)], position=(1e308, 0)),
        lambda: setattr(Circle((0, 0), 1e308), "center", (1e308, 0)),
        lambda: setattr(Box((0, 0), (1e308, 1)), "position", (1e308, 0)),
    ],
)
def test_a_shape_whose_bounds_would_overflow_is_refused(make):
    with pytest.raises(ShapeError, match="too far out"):
        make()


def test_the_largest_shapes_that_fit_keep_finite_bounds():
    circle = Circle((1e150, 0), 1e150)
    assert all(math.isfinite(v) for v in circle.aabb())
    box = Box((-1e150, 0), (1e150, 1e150), 0.7)
    assert np.isfinite(box.world_vertices()).all() and sat(box, circle).colliding


def test_sides_have_a_ceiling_refused_at_once():
    assert MAX_SIDES >= 570
    began = time.perf_counter()
    for sides in (MAX_SIDES + 1, 16_000, 10**7):
        with pytest.raises(ShapeError, match=f"at most {MAX_SIDES} sides"):
            regular_polygon(sides, 10)
    assert time.perf_counter() - began < 0.5
    assert len(regular_polygon(MAX_SIDES, 10).world_vertices()) == MAX_SIDES
    assert len(regular_polygon(570, 10).world_vertices()) == 570
