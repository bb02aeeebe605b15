"""What the tests of collision/fast's kernels share: shapes on a coarse grid (faces meet
exactly, ties happen), the check that a kernel's result is the readable function's to the last
bit, and the code a call runs under a tracer (the Code view's)."""

import sys

from hypothesis import strategies as st

from collision import Box, Capsule, Circle, regular_polygon

KINDS = ("box", "box", "polygon", "polygon", "circle", "capsule", "rounded")
"""Boxes and polygons, the kernels' own work, twice as often as the kinds they hand on."""


@st.composite
def grid_shapes(draw, offset, angles, kinds=KINDS):
    """A box, a regular polygon, a circle, now and then a capsule or a rounded box (which a
    kernel hands to the readable function), on a coarse grid ``offset`` out."""
    x, y = float(draw(st.integers(-4, 4))) + offset, float(draw(st.integers(-4, 4)))
    kind = draw(st.sampled_from(kinds))
    if kind == "box":
        return Box((x, y), (draw(st.integers(1, 3)), draw(st.integers(1, 3))), draw(angles))
    if kind == "polygon":
        return regular_polygon(draw(st.integers(3, 8)), draw(st.integers(1, 3)), (x, y), draw(angles))
    if kind == "capsule":
        return Capsule((-1, 0), (1, 0), draw(st.integers(1, 2)), (x, y), draw(angles))
    if kind == "rounded":
        return Box((x, y), (1, 1), draw(angles), radius=0.5)
    return Circle((x, y), draw(st.integers(1, 3)))


def assert_alike(fast, readable, kind):
    """Every field of two ``kind`` results: repr tells -0.0 from 0.0, so the floats are the
    same to the last bit; and the kernel made no steps, which no one asked for."""
    assert type(fast) is type(readable) is kind
    for name in kind._fields:
        assert repr(getattr(fast, name)) == repr(getattr(readable, name)), name
    assert fast.steps == ()


def traced(call):
    """``call()``'s result and the code objects it ran, under a tracer as the Code view runs it."""
    ran = set()

    def tracer(frame, event, _):
        ran.add(frame.f_code)

    sys.settrace(tracer)
    try:
        result = call()
    finally:
        sys.settrace(None)
    return result, ran
