"""collision.manifold (the kernel in collision/fast/manifold_kernel.py) against collision/manifold.py's
readable manifold(), the function a lesson shows and tests/core/test_manifold.py holds to GEOS
(issue 36): every field of the two results alike to the last bit, on shapes that touch, tie and
lie far out as well as on random pairs; the steps only when asked for."""

import math
from importlib import import_module

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import collision
from collision import Box, Circle, Polygon
from collision.fast import manifold_kernel
import kernel_cases
from kernel_cases import grid_shapes
from random_shapes import place_near, random_box, random_circle, random_polygon

READABLE = import_module("collision.manifold").manifold
"""The module's own manifold(): the package's name ``manifold`` is the kernel."""

ANGLES = st.sampled_from([0.0, math.pi / 2, math.pi, math.pi / 4, 0.3, 2.0])
"""Quarter turns put faces on faces and tie best faces; the others turn freely."""

OFFSETS = st.sampled_from([0.0, 1e6, 1e15])
"""Far out, rounding grows with the coordinates: the tolerance decides more of the points."""


def alike(fast, readable):
    kernel_cases.assert_alike(fast, readable, collision.Manifold)


@st.composite
def grid_pairs(draw):
    offset = draw(OFFSETS)
    return draw(grid_shapes(offset, ANGLES)), draw(grid_shapes(offset, ANGLES))


def random_pair(seed):
    """Two shapes of the oracle tests' kinds, placed so that about half overlap."""
    rng = np.random.default_rng(seed)
    makers = [random_box, random_polygon, random_circle]
    a, b = makers[rng.integers(3)](rng), makers[rng.integers(3)](rng)
    place_near(rng, a, b)
    return a, b


@settings(max_examples=600, deadline=None)
@given(grid_pairs())
def test_the_kernel_answers_as_the_readable_manifold_on_shapes_that_touch_and_tie(pair):
    a, b = pair
    alike(collision.manifold(a, b), READABLE(a, b))
    alike(collision.manifold(b, a), READABLE(b, a))


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_kernel_answers_as_the_readable_manifold_on_random_pairs(seed):
    a, b = random_pair(seed)
    alike(collision.manifold(a, b), READABLE(a, b))


def test_b_s_face_wins_only_beyond_the_near_tie():
    """Two boxes face to face tie their best faces (A's is kept); B's face wins when it parts
    them by more than PREFER_A of the smaller size: both sides of that line, as the readable one."""
    a = Box((0, 0), (2, 1))
    for y in (1.75, 1.9, 2.0, 2.2):
        for angle in (0.0, 1e-4, 1e-3, 0.01, -0.01):
            b = Box((0.5, y), (1, 1), angle)
            alike(collision.manifold(a, b), READABLE(a, b))
            alike(collision.manifold(b, a), READABLE(b, a))


def test_the_steps_come_when_a_figure_asks():
    a, b = Box((0, 0), (2, 1)), Polygon([(-1, -1), (1, -1), (0, 1)], (0.5, 1.8), 0.2)
    asked = collision.manifold(a, b, steps=True)
    assert asked == READABLE(a, b, True) and len(asked.steps) == 5
    assert asked._replace(steps=()) == collision.manifold(a, b) == READABLE(a, b)
    assert collision.manifold(a, b).steps == () and READABLE(a, b).steps == ()


def test_under_a_tracer_collision_manifold_is_the_readable_manifold():
    """The Code view traces collision.manifold: what runs, line by line, is the readable one."""
    a, b = Box((0, 0), (2, 1)), Box((1, 1.75), (1, 1))
    traced, ran = kernel_cases.traced(lambda: collision.manifold(a, b))
    assert READABLE.__code__ in ran and manifold_kernel._faces.__code__ not in ran
    assert traced == collision.manifold(a, b)
    assert collision.manifold is manifold_kernel.manifold and collision.manifold.__doc__ == READABLE.__doc__


def test_not_a_shape_gets_the_readable_message():
    for fast, readable in ((lambda: collision.manifold(Box((0, 0), (1, 1)), "box"), lambda: READABLE(Box((0, 0), (1, 1)), "box")),
                           (lambda: collision.manifold(None, Circle((0, 0), 1)), lambda: READABLE(None, Circle((0, 0), 1)))):
        messages = []
        for run in (fast, readable):
            try:
                run()
            except collision.ShapeError as error:
                messages.append(str(error))
        assert len(messages) == 2 and messages[0] == messages[1]
