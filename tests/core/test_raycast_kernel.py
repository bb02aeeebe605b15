"""collision.ray_cast (the kernel in collision/fast/raycast_kernel.py) against collision/raycast.py's
readable ray_cast(), the function a lesson shows and tests/core/test_raycast.py holds to GEOS
(issue 36): every field of the two results alike to the last bit, on rays that start on edges,
graze faces, run along them and lie far out as well as on random rays; the slabs only when asked."""

import math
from importlib import import_module

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import collision
from collision import Box, Polygon, RayHit, ShapeError
from collision.fast import raycast_kernel
from collision.verdict import TOLERANCE
import kernel_cases
from kernel_cases import grid_shapes
from random_shapes import random_box, random_circle, random_polygon

READABLE = import_module("collision.raycast").ray_cast
"""The module's own ray_cast(): the package's name ``ray_cast`` is the kernel."""

ANGLES = st.sampled_from([0.0, -0.0, math.pi / 2, math.pi, math.pi / 4, 0.3, 2.0])
OFFSETS = st.sampled_from([0.0, 1e6, 1e15])


def alike(fast, readable):
    kernel_cases.assert_alike(fast, readable, RayHit)


@st.composite
def grid_rays(draw):
    """A shape and a ray between grid points: along faces, through corners, from on the edge."""
    offset = draw(OFFSETS)
    shape = draw(grid_shapes(offset, ANGLES))
    origin = (float(draw(st.integers(-6, 6))) + offset, float(draw(st.integers(-6, 6))))
    translation = (float(draw(st.integers(-8, 8))), float(draw(st.integers(-8, 8))))
    if translation == (0.0, 0.0):
        translation = (1.0, 0.0)
    return shape, origin, translation


@settings(max_examples=1500, deadline=None)
@given(grid_rays())
def test_the_kernel_answers_as_the_readable_ray_cast_on_grid_rays(case):
    shape, origin, translation = case
    alike(collision.ray_cast(shape, origin, translation), READABLE(shape, origin, translation))


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_kernel_answers_as_the_readable_ray_cast_on_random_rays(seed):
    rng = np.random.default_rng(seed)
    shape = (random_box, random_polygon, random_circle)[rng.integers(3)](rng)
    low_x, low_y, high_x, high_y = shape.aabb()
    size = max(high_x - low_x, high_y - low_y)
    centre = ((low_x + high_x) / 2, (low_y + high_y) / 2)
    origin = tuple((np.array(centre) + rng.uniform(-2, 2, 2) * size).tolist())
    translation = tuple((rng.uniform(-3, 3, 2) * size).tolist())
    alike(collision.ray_cast(shape, origin, translation), READABLE(shape, origin, translation))


def test_other_inputs_go_to_the_readable_function():
    """Ints, numpy numbers, Vectors and lists are taken as the readable function takes them."""
    box = Box((0, 0), (2, 1), 0.3)
    for origin, translation in (((-4, 0), (8, 0)), (np.array([-4.0, 0.5]), np.array([8.0, 0.0])), ([-4, 0.5], [8, 0])):
        assert collision.ray_cast(box, origin, translation) == READABLE(box, origin, translation)


def test_the_slabs_come_when_a_figure_asks():
    box = Box((0, 0), (2, 1))
    asked = collision.ray_cast(box, (-3.0, -4.0), (4.0, 10.0), steps=True)
    assert asked == READABLE(box, (-3.0, -4.0), (4.0, 10.0), True) and len(asked.steps) == 2
    assert asked._replace(steps=()) == collision.ray_cast(box, (-3.0, -4.0), (4.0, 10.0))


def test_under_a_tracer_collision_ray_cast_is_the_readable_ray_cast():
    box = Box((0, 0), (2, 1))
    traced, ran = kernel_cases.traced(lambda: collision.ray_cast(box, (-4.0, 0.0), (8.0, 0.0)))
    assert READABLE.__code__ in ran and raycast_kernel._box.__code__ not in ran
    assert traced == collision.ray_cast(box, (-4.0, 0.0), (8.0, 0.0))
    assert collision.ray_cast is raycast_kernel.ray_cast and collision.ray_cast.__doc__ == READABLE.__doc__


def test_bad_input_gets_the_readable_message():
    box = Box((0, 0), (1, 1))
    for shape, origin, translation in ((box, (0.0, 0.0), (0.0, 0.0)), (box, (math.nan, 0.0), (1.0, 0.0)), (box, (0.0, 0.0), (1e300, 0.0)),
                                       ("box", (0.0, 0.0), (1.0, 0.0)), (box, 5, (1.0, 0.0)), (Polygon([(0, 0), (1, 0), (0, 1)]), (0.0,), (1.0, 0.0))):
        messages = []
        for function in (collision.ray_cast, READABLE):
            try:
                function(shape, origin, translation)
            except ShapeError as error:
                messages.append(str(error))
        assert len(messages) == 2 and messages[0] == messages[1], (origin, translation, messages)


def test_a_start_a_hair_outside_heading_out_is_on_the_polygon():
    """Within the tolerance outside an edge, heading out across it: the readable function finds
    the origin on the polygon before it clips, and so must the kernel's single pass, although
    that edge's clip alone would call it a miss."""
    triangle = Polygon([(0, 0), (4, 0), (0, 4)], (1e6, 0.0))
    hair = math.nextafter(1e6, 0.0)
    for translation in ((-5.0, 1.0), (-5.0, -3.0), (-1.0, 0.0)):
        fast, readable = collision.ray_cast(triangle, (hair, 1.0), translation), READABLE(triangle, (hair, 1.0), translation)
        assert fast == readable and fast.fraction == 0.0 and fast.hit


def test_a_test_between_the_kernels_two_tolerances_is_decided_by_the_vertices_own():
    """The kernel bounds a polygon's tolerance by its Pose's scale (here 3,000: a position
    1,000 out and vertices up to 2,000 back) while its vertices reach 1,000: an origin twice
    the tolerance outside the edge at x = 0 lies beyond the tolerance but within the bound's
    (three times it), so the vertices' own decides: a miss heading away. At half the
    tolerance it starts on the polygon."""
    polygon = Polygon([(-1000, -1000), (-1000, 1000), (-2000, 0)], (1000.0, 0.0))
    assert polygon._placed().scale == 3000.0
    tolerance = TOLERANCE * 1000.0
    for x, hit in ((2 * tolerance, False), (0.5 * tolerance, True)):
        fast, readable = collision.ray_cast(polygon, (x, 0.0), (1.0, 0.5)), READABLE(polygon, (x, 0.0), (1.0, 0.5))
        assert fast == readable and fast.hit is hit
