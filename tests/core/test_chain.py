"""The chain-segment rule: a box sliding along a flat chain of collinear segments, sunk a
little into it, is never pushed against its motion at a seam; each segment tested alone is
(the ghost collision the rule is for). Seen failing with the rule planted away (every normal
admitted).
"""

import numpy as np
import pytest

from collision import Box, NormalKind, chain_manifold, chain_segments

SEAM = 40.0
"""The segments' length."""


def flat_floor(count):
    """``count`` collinear segments along y = 0, listed right to left so the free side is up
    (Box2D's rule: free on each segment's right), with a ghost vertex past each end."""
    xs = [SEAM * k for k in range(count + 2, -1, -1)]
    return chain_segments([(x, 0.0) for x in xs])


@pytest.mark.parametrize("direction", [1.0, -1.0], ids=["rightwards", "leftwards"])
def test_no_normal_against_the_motion_at_the_seams(direction):
    rng = np.random.default_rng(37)
    segments = flat_floor(6)
    naive_against = contacts = 0
    for _ in range(400):
        half = rng.uniform(3, 25, 2)
        sunk = rng.uniform(0.01, 2.0)
        # Anywhere along the floor, often with a side just past a seam.
        x = rng.uniform(2 * SEAM, 5 * SEAM)
        if rng.uniform() < 0.5:
            seam = SEAM * rng.integers(2, 6)
            x = seam - direction * (half[0] - rng.uniform(0, sunk))
        box = Box((x, half[1] - sunk), half)
        for segment in segments:
            found = chain_manifold(segment, box)
            if found.naive.points and float(np.dot(found.naive.normal, (direction, 0.0))) < -1e-9:
                naive_against += 1
            if found.points:
                contacts += 1
                # Pushed along the motion's line never against it; up (the floor) always fine.
                assert float(np.dot(found.normal, (direction, 0.0))) >= -1e-9, (x, half, sunk, segment, found)
    # The naive per-segment test does push back at the seams; the rule never does.
    assert naive_against > 20, naive_against
    assert contacts > 400, contacts


def test_a_seam_snaps_the_normal_to_the_floor():
    box = Box((SEAM * 2 - 4.95, 4.9), (5, 5))
    kinds = {chain_manifold(s, box).kind for s in flat_floor(3)}
    # The segment past the seam snaps its sideways push; the one under B pushes up anyway.
    assert kinds == {NormalKind.SNAP, NormalKind.ADMIT, None}


def test_a_chain_that_is_no_chain_says_what_to_fix():
    from collision import ShapeError

    with pytest.raises(ShapeError, match="chain point 2 repeats point 1: remove the duplicate"):
        chain_segments([(0, 0), (1, 0), (1, 0), (2, 0)])
    with pytest.raises(ShapeError, match="a chain loop needs at least 3 points, got 2"):
        chain_segments([(0, 0), (1, 0)], loop=True)
    with pytest.raises(ShapeError, match=r"chain point 1 must be an \(x, y\) pair"):
        chain_segments([(0, 0), "x", (2, 0), (3, 0)])
