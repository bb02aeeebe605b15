"""time_of_impact() against a fine sampled search with GEOS.

Each case is a random polygon or box A moving and turning over the step, and B placed near
A's path, itself moving a little and turning. The search poses both shapes at many evenly
spaced times (numpy, from their local vertices) and asks GEOS for the distance at each. Then:

- before the time found, no sampled pose touches (advancement is conservative);
- at the time found, GEOS's distance is within the target (it is a touch, not a guess);
- a miss has no sampled pose touching.
"""

import math

import numpy as np
import pytest
import shapely

import collision
from collision import Box, Circle, ShapeError
from collision.toi import TARGET, Motion, posed, time_of_impact
from random_shapes import random_box, random_polygon, reach

SIZES = [pytest.param(200, id="200"), pytest.param(2_000, id="2k", marks=pytest.mark.slow)]
SAMPLES = 600
TIGHT = 1e-9


def _poses(shape, motion, times):
    """The shape's world vertices at each time: array (len(times), n, 2)."""
    local = shape.local_vertices
    angles = shape.angle + times * motion.dangle
    c, s = np.cos(angles)[:, None], np.sin(angles)[:, None]
    x = c * local[:, 0] - s * local[:, 1] + shape.position[0] + times[:, None] * motion.dx
    y = s * local[:, 0] + c * local[:, 1] + shape.position[1] + times[:, None] * motion.dy
    return np.stack([x, y], axis=-1)


def _geos(vertices):
    count = vertices.shape[1]
    rings = shapely.linearrings(vertices.reshape(-1, 2), indices=np.repeat(np.arange(len(vertices)), count))
    return shapely.polygons(rings)


def _distances(a, motion_a, b, motion_b, times):
    return shapely.distance(_geos(_poses(a, motion_a, times)), _geos(_poses(b, motion_b, times)))


def _case(rng, index):
    makers = (random_polygon, random_box)
    a, b = makers[index % 2](rng), makers[(index // 2) % 2](rng)
    size = reach(a) + reach(b)
    heading = rng.uniform(0, 2 * np.pi)
    travel = rng.uniform(0.5, 4) * size
    motion_a = Motion(travel * np.cos(heading), travel * np.sin(heading), rng.uniform(-np.pi, np.pi) * (index % 3 != 0))
    # B somewhere beside A's path, at up to one and a half times their reaches from it.
    along = np.asarray(a.position) + rng.uniform(0, 1) * np.array(motion_a[:2])
    b.position = along + rng.uniform(-1.5, 1.5, 2) * size
    motion_b = Motion(*(rng.uniform(-0.3, 0.3, 2) * size), rng.uniform(-1, 1) * (index % 5 == 0))
    return a, motion_a, b, motion_b


BOTH = [pytest.param(time_of_impact, id="readable"), pytest.param(collision.time_of_impact, id="kernel")]
"""collision/toi.py's time_of_impact() and the package's, its kernel (collision/fast/toi_kernel.py)."""


@pytest.mark.parametrize("function", BOTH)
@pytest.mark.parametrize("count", SIZES)
def test_time_of_impact_against_sampled_search(count, function):
    rng = np.random.default_rng(1024)
    times = np.linspace(0.0, 1.0, SAMPLES)
    seen = {"hit": 0, "miss": 0, "turning hit": 0}
    for index in range(count):
        a, motion_a, b, motion_b = _case(rng, index)
        if _distances(a, motion_a, b, motion_b, times[:1])[0] == 0.0:
            continue
        found = function(a, motion_a, b, motion_b)
        distances = _distances(a, motion_a, b, motion_b, times)
        target = TARGET * min(max(np.ptp(s.world_vertices(), axis=0)) for s in (a, b))
        if not found.hit:
            # A miss by reaching the step's end, not by running out of steps (which stops short of it).
            assert found.time == 1.0
            assert distances.min() > 0.0, (index, a, motion_a, b, motion_b)
            seen["miss"] += 1
            continue
        # Free of contact at every sampled time before the one found, and within the target then.
        assert distances[times < found.time].min(initial=math.inf) > 0.0, (index, found.time)
        at_impact = _distances(a, motion_a, b, motion_b, np.array([found.time]))[0]
        scale = max(abs(v) for s in (a, b) for v in s.aabb()) + max(map(abs, motion_a[:2]))
        assert 0.0 < at_impact <= target + TIGHT * scale, (index, found.time, at_impact, target)
        seen["hit"] += 1
        seen["turning hit"] += motion_a.dangle != 0
    assert min(seen.values()) > count // 10, seen


def test_a_spinning_plank_hits_a_wall_the_straight_sweep_misses():
    wall = Box((0, 0), (0.1, 1.5))
    plank = Box((-4, 2.5), (2, 0.2))
    spin = Motion(8, 0, math.pi / 2)
    found = time_of_impact(plank, spin, wall, (0, 0))
    times = np.linspace(0, 1, 20_001)
    distances = _distances(plank, spin, wall, Motion(0, 0), times)
    first = times[np.argmax(distances == 0.0)]
    assert found.hit and found.time <= first < found.time + 1e-3
    assert not time_of_impact(plank, (8, 0), wall, (0, 0)).hit


def test_overlap_at_the_start_is_time_zero_and_touching_needs_no_step():
    found = time_of_impact(Box((0, 0), (1, 1)), (5, 0), Box((1.5, 0), (1, 1)), (0, 0), steps=True)
    assert found.hit and found.time == 0.0 and found.point is None and len(found.steps) == 1
    circles = time_of_impact(Circle((0, 0), 1), (0, 0), Circle((3, 0), 1), (-2, 0))
    assert circles.hit and 0.5 - TARGET <= circles.time < 0.5


@pytest.mark.parametrize(
    "motion, message",
    [
        ((1, float("nan")), "motion of A dy must be a finite number"),
        ((1, 2, 3, 4), r"motion of A must be a Motion\(dx, dy, dangle\) or \(dx, dy\)"),
        ("fast", r"motion of A must be a Motion"),
    ],
)
def test_bad_motion_says_what_to_fix(motion, message):
    with pytest.raises(ShapeError, match=message):
        time_of_impact(Box((0, 0), (1, 1)), motion, Box((5, 0), (1, 1)), (0, 0))


def test_posed_moves_and_turns_a_copy():
    box = Box((1, 2), (1, 1))
    moved = posed(box, Motion(2, 0, math.pi), 0.5)
    assert box.position == (1, 2) and moved.position == (2, 2) and moved.angle == math.pi / 2


def test_a_circle_starting_on_a_capsules_core_hits_at_time_zero():
    """Issue 35: the start pose had A - B flat through the origin, where EPA raised IndexError."""
    from collision import Capsule

    found = time_of_impact(Circle((0, 0), 1), (3, 0), Capsule((0, 0), (1, 1), 0.5), (0, 0))
    assert found.hit and found.time == 0.0
