"""collision.sat (the kernel in collision/fast/sat_kernel.py) against collision/sat.py's readable
sat(), the function a lesson shows (issue 33): every field of the two results alike to the last
bit, and the kernel's lazy result read as the SatResult it stands for."""

import math
import pickle
import sys
from importlib import import_module

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import collision
from collision import Box, Circle, SatResult, regular_polygon
from collision.fast import sat_kernel
from random_shapes import place_near, random_box, random_circle, random_polygon

READABLE = import_module("collision.sat").sat
"""The module's own sat(): the package's name ``sat`` is the kernel."""

ANGLES = st.sampled_from([0.0, math.pi / 2, math.pi, math.pi / 4, 0.3, 2.0])
"""Quarter turns tie two corners on an axis and put edges on edges; the others turn freely."""

OFFSETS = st.sampled_from([0.0, 1e6, 1e15, 1e20])
"""Far out, rounding grows with the coordinates: the tolerance decides more of the verdicts."""


@st.composite
def grid_shapes(draw, offset):
    """A box, a regular polygon or a circle on a coarse grid, so that edges and corners meet
    exactly as often as they part or cross."""
    x, y = draw(st.integers(-4, 4)) + offset, draw(st.integers(-4, 4))
    kind = draw(st.sampled_from(["box", "polygon", "circle"]))
    if kind == "box":
        return Box((x, y), (draw(st.integers(1, 3)), draw(st.integers(1, 3))), draw(ANGLES))
    if kind == "polygon":
        return regular_polygon(draw(st.integers(3, 8)), draw(st.integers(1, 3)), (x, y), draw(ANGLES))
    return Circle((x, y), draw(st.integers(1, 3)))


@st.composite
def grid_pairs(draw):
    offset = draw(OFFSETS)
    return draw(grid_shapes(offset)), draw(grid_shapes(offset))


def random_pair(seed):
    """Two shapes of the oracle tests' kinds, placed so that about half overlap."""
    rng = np.random.default_rng(seed)
    makers = [random_box, random_polygon, random_circle]
    a, b = makers[rng.integers(3)](rng), makers[rng.integers(3)](rng)
    place_near(rng, a, b)
    return a, b


def assert_alike(fast, readable):
    """Every field, the report's axes with their intervals among them, and the separating
    axis: repr tells -0.0 from 0.0, so the floats are the same to the last bit. (The kernel's
    result is its own: under a tracer, a coverage tool's say, it would be the readable one's.)"""
    assert type(fast) is sat_kernel.LazySatResult and type(readable) is SatResult
    names = ("colliding", "touching", "normal", "depth", "mtv", "axes", "skipped", "merged", "separating_axis")
    for name in names:
        assert repr(getattr(fast, name)) == repr(getattr(readable, name)), name


@settings(max_examples=400, deadline=None)
@given(grid_pairs(), st.booleans())
def test_the_kernel_answers_as_the_readable_sat_on_shapes_that_touch_and_tie(pair, early_exit):
    a, b = pair
    assert_alike(collision.sat(a, b, early_exit), READABLE(a, b, early_exit))
    assert_alike(collision.sat(b, a, early_exit), READABLE(b, a, early_exit))


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_the_kernel_answers_as_the_readable_sat_on_random_pairs(seed, early_exit):
    a, b = random_pair(seed)
    assert_alike(collision.sat(a, b, early_exit), READABLE(a, b, early_exit))


def test_the_kernel_reads_as_the_satresult_it_stands_for():
    """Tuple, equality both ways, hash, repr, pickling (as a plain SatResult), _asdict,
    _replace, membership, count and index: each sees the fields, never the poses the kernel
    keeps for its report."""
    rng = np.random.default_rng(33)
    for _ in range(200):
        a, b = random_pair(int(rng.integers(2**32)))
        fast, readable = collision.sat(a, b), READABLE(a, b)
        assert tuple(fast) == tuple(readable) and list(fast) == list(readable) and len(fast) == 8
        assert fast == readable and readable == fast and not fast != readable and fast == tuple(readable)
        assert hash(fast) == hash(readable) and repr(fast) == repr(readable)
        assert [fast[k] for k in range(-8, 8)] == [readable[k] for k in range(-8, 8)] and fast[2:6] == readable[2:6]
        assert type(pickle.loads(pickle.dumps(fast))) is SatResult and pickle.loads(pickle.dumps(fast)) == readable
        assert fast._asdict() == readable._asdict() and fast._replace(depth=1.0) == readable._replace(depth=1.0)
        assert fast.axes in fast and fast.count(fast.merged) == readable.count(readable.merged)
        assert fast.index(fast.axes) == 5 and a._placed() not in fast


def test_the_kernels_report_is_of_the_shapes_as_they_were_tested():
    a, b = Box((0, 0), (40, 20), 0.4), regular_polygon(5, 30, (50, 15), 1.2)
    fast, readable = collision.sat(a, b), READABLE(a, b)
    a.position, b.angle = (300, 0), 2.0
    assert_alike(fast, readable)


def test_under_a_tracer_collision_sat_is_the_readable_sat():
    """The Code view and a debugger trace collision.sat: what runs, line by line, is the
    readable sat(), and inspect finds it through __wrapped__."""
    ran = set()

    def tracer(frame, event, _):
        ran.add(frame.f_code)

    a, b = Box((0, 0), (1, 1)), Box((1.5, 0), (1, 1))
    sys.settrace(tracer)
    try:
        traced = collision.sat(a, b)
    finally:
        sys.settrace(None)
    assert READABLE.__code__ in ran and sat_kernel.sat.__code__ in ran and type(traced) is SatResult
    assert type(collision.sat(a, b)) is sat_kernel.LazySatResult
    assert collision.sat is sat_kernel.sat and collision.sat.__wrapped__ is READABLE
    assert collision.sat.__doc__ == READABLE.__doc__
