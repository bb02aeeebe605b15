"""The cost meters of the scenes that compare methods (issue 26): each method's counts, from
the run that draws the figure, against a count made here independently."""

import math

import numpy as np
import pytest

from scenes import rotated_rectangles


def rectangle_cases():
    rng = np.random.default_rng(26)
    yield rotated_rectangles.RotatedRectangles()
    for _ in range(10):
        scene = rotated_rectangles.RotatedRectangles()
        scene.shapes["B"].position = tuple(rng.uniform(-100, 500, 2))
        scene.shapes["B"].angle = float(rng.uniform(-math.pi, math.pi))
        yield scene


@pytest.mark.parametrize("scene", list(rectangle_cases()))
def test_rotated_rectangles_counts_each_savings_work(scene):
    """Axes and dot products of each saving alone: every axis 8 corners (4 x 2 rectangles); the
    early out stops after the first axis with a gap (found here from the corners); A's frame
    turns B's 4 corners (2 dot products each) and then needs none for A's two axes; the
    bounding circles cost one, and end it when the circles are apart."""
    a, b = scene.shapes["A"], scene.shapes["B"]
    corners = {name: np.array(shape.world_vertices()) for name, shape in (("A", a), ("B", b))}
    # World vertices run LR, UR, UL, LL: the article's UR - UL, UR - LR of A, UL - LL, UL - UR of B.
    (lr, ur, ul, ll), (lr_b, ur_b, ul_b, ll_b) = corners["A"], corners["B"]
    axes = [ur - ul, ur - lr, ul_b - ll_b, ul_b - ur_b]
    gaps = []
    for axis in axes:
        (a_low, a_high), (b_low, b_high) = (((c @ axis).min(), (c @ axis).max()) for c in corners.values())
        gaps.append(b_low > a_high or b_high < a_low)
    apart = math.dist(a.center, b.center) > math.hypot(*a.half_size) + math.hypot(*b.half_size)
    early = gaps.index(True) + 1 if any(gaps) else 4
    expected = {
        "plain SAT": (4, 4 * 8),
        "early out": (early, early * 8),
        "A's frame": (4, 4 * 2 + 2 * 8),
        "bounding circles": (0, 1) if apart else (4, 1 + 4 * 8),
        "all three": (0, 1) if apart else (early, 1 + 4 * 2 + 8 * max(early - 2, 0)),
    }
    table = next(table for table in scene.reported.tables if table.headers[:1] == ("work counted",))
    counted = {name.removesuffix(" (ticked)"): (axes_tested, dots) for name, axes_tested, dots in table.rows}
    assert counted == {name: (f"{axes_tested} of 4", f"{dots} of 32") for name, (axes_tested, dots) in expected.items()}
    assert all(separated == any(gaps) for _, separated, _, _ in scene.result.work)
