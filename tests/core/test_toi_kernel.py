"""collision.time_of_impact (the kernel in collision/fast/toi_kernel.py) against collision/toi.py's
readable time_of_impact(), the function a lesson shows and tests/core/test_toi.py holds to a
sampled search with GEOS (issue 36): every field of the two results alike to the last bit, for
boxes, polygons, circles and capsules sliding, turning, grazing, starting in contact and far
out; the steps only when asked."""

import math
from importlib import import_module

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import collision
from collision import Box, Capsule, Circle, Impact, Motion, ShapeError
from collision.fast import toi_kernel
from collision.toi import posed
import kernel_cases
from kernel_cases import grid_shapes
from random_shapes import random_box, random_circle, random_polygon

READABLE = import_module("collision.toi").time_of_impact
"""The module's own time_of_impact(): the package's name is the kernel."""

ANGLES = st.sampled_from([0.0, -0.0, math.pi / 2, math.pi / 4, 0.3, 2.0])


MOTIONS = st.tuples(st.integers(-12, 12).map(float), st.integers(-12, 12).map(float),
                    st.sampled_from([0.0, -0.0, 0.0, 1.5, -3.0, math.pi / 2]))

KINDS = ("box", "box", "polygon", "circle", "capsule", "rounded")


def alike(fast, readable):
    kernel_cases.assert_alike(fast, readable, Impact)


@st.composite
def grid_cases(draw):
    offset = draw(st.sampled_from([0.0, 1e6]))
    a, b = draw(grid_shapes(offset, ANGLES, KINDS)), draw(grid_shapes(offset, ANGLES, KINDS))
    return a, Motion(*draw(MOTIONS)), b, Motion(*draw(MOTIONS))


@settings(max_examples=500, deadline=None)
@given(grid_cases())
def test_the_kernel_answers_as_the_readable_time_of_impact_on_grid_cases(case):
    a, motion_a, b, motion_b = case
    alike(collision.time_of_impact(a, motion_a, b, motion_b), READABLE(a, motion_a, b, motion_b))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_kernel_answers_as_the_readable_time_of_impact_on_random_cases(seed):
    rng = np.random.default_rng(seed)
    makers = (random_box, random_polygon, random_circle)
    a, b = makers[rng.integers(3)](rng), makers[rng.integers(3)](rng)
    size = max(a.aabb()[2] - a.aabb()[0], b.aabb()[2] - b.aabb()[0])
    b.position = tuple((np.asarray(a.position) + rng.uniform(-3, 3, 2) * size).tolist())
    motion_a = Motion(*(rng.uniform(-4, 4, 2) * size).tolist(), float(rng.choice([0.0, rng.uniform(-4, 4)])))
    motion_b = Motion(*(rng.uniform(-1, 1, 2) * size).tolist(), float(rng.choice([0.0, rng.uniform(-1, 1)])))
    alike(collision.time_of_impact(a, motion_a, b, motion_b), READABLE(a, motion_a, b, motion_b))


def test_the_shapes_are_left_where_they_were():
    a, b = Box((0, 0), (1, 1), 0.3), Circle((5, 0), 1)
    collision.time_of_impact(a, Motion(10, 0, 2.0), b, (0, 0))
    assert (a.position, a.angle, b.center) == ((0.0, 0.0), 0.3, (5.0, 0.0))


def test_the_steps_come_when_a_figure_asks():
    plank, wall, spin = Box((-4, 2.5), (2, 0.2)), Box((0, 0), (0.1, 1.5)), Motion(8, 0, math.pi / 2)
    asked = collision.time_of_impact(plank, spin, wall, (0, 0), steps=True)
    assert asked == READABLE(plank, spin, wall, (0, 0), True) and len(asked.steps) == 12
    assert asked._replace(steps=()) == collision.time_of_impact(plank, spin, wall, (0, 0)) == READABLE(plank, spin, wall, (0, 0))


def test_under_a_tracer_collision_time_of_impact_is_the_readable_one():
    a, b = Box((0, 0), (1, 1)), Box((5, 0), (1, 1))
    traced, ran = kernel_cases.traced(lambda: collision.time_of_impact(a, (10, 0), b, (0, 0)))
    assert READABLE.__code__ in ran and toi_kernel._walk.__code__ not in ran
    assert traced == collision.time_of_impact(a, (10, 0), b, (0, 0))
    assert collision.time_of_impact is toi_kernel.time_of_impact and collision.time_of_impact.__doc__ == READABLE.__doc__


def test_bad_input_gets_the_readable_message():
    box = Box((0, 0), (1, 1))
    for args in ((box, (1, float("nan")), box, (0, 0)), ("box", (1, 0), box, (0, 0)), (box, (1, 0, 0, 0), box, (0, 0))):
        messages = []
        for function in (collision.time_of_impact, READABLE):
            try:
                function(*args)
            except ShapeError as error:
                messages.append(str(error))
        assert len(messages) == 2 and messages[0] == messages[1], messages


def test_the_kernels_copy_is_posed_as_posed_poses_one():
    """posed() sets angle + time * dangle: at angle -0.0 and dangle 0.0 that is 0.0, and a
    vertex at x = -0.0 then turns to 0.0, not -0.0 (which a position of -0.0, moved by -0.0,
    would keep). The kernel's one copy, moved step by step,
    has posed()'s points to the last bit at every time, turning or not."""
    shapes = [collision.Polygon([(-0.0, -1.0), (2.0, -1.0), (2.0, 1.0), (-0.0, 1.0)], (-0.0, 0.0), -0.0),
              Box((3, 1), (2, 1), 0.4), Capsule((-1, 0), (1, 0), 0.5, (2, 2), -0.0), Circle((1, 2), 3)]
    for shape in shapes:
        for motion in (Motion(-0.0, 0.0, 0.0), Motion(10.0, -3.0, 0.0), Motion(1.0, 2.0, -0.0), Motion(4.0, 0.0, 1.5)):
            moved = toi_kernel._mover(shape, motion)
            for time in (0.0, 0.25, 0.7, 1.0):
                toi_kernel._pose(moved, shape, motion, time)
                assert repr(moved._placed().points) == repr(posed(shape, motion, time)._placed().points), (shape, motion, time)
