"""slide (Box2D's mover) against GEOS and against the answer for one flat wall.

- Among random obstacles, the moved shape overlaps none of them, at its end or anywhere along
  any pass (GEOS's distance from each obstacle's core to the mover's core swept over the
  pass), by more than Box2D's allowance: a resting contact is kept a slop deep, and an
  encroaching cast may close one slop more where a round obstacle's plane falls away under
  a slide; a quarter slop is the cast's tolerance.
- Against one long flat wall, the motion achieved is the wished one less its part into the
  wall: all of the part along the wall, and of the part into it only the gap (plus the slop
  a contact rests at).

Each oracle was seen failing on a planted error (the cast's fraction ignored, so the mover
walks into what it meets; the solver's push halved).
"""

import math

import numpy as np
import pytest
import shapely

from collision import Box, Capsule, Circle, Polygon, slide
from collision.cast import SLOP
from random_shapes import convex_vertices

SIZES = [pytest.param(150, id="150"), pytest.param(1_500, id="1.5k", marks=pytest.mark.slow)]

ALLOWANCE = 2.25 * SLOP
"""How deep the mover may end in an obstacle: see the module's docstring."""
TIGHT = 1e-9


def random_obstacle(rng):
    position, angle = rng.uniform(-120, 120, 2), rng.uniform(0, 2 * np.pi)
    kind = rng.integers(4)
    if kind == 0:
        return Box(position, rng.uniform(5, 50, 2), angle)
    if kind == 1:
        return Polygon(convex_vertices(rng, int(rng.integers(3, 8))), position, angle)
    if kind == 2:
        return Circle(position, rng.uniform(5, 40))
    return Capsule((-20, 0), (20, 0), rng.uniform(0, 15), position, angle)


def random_mover(rng, position):
    kind = rng.integers(3)
    if kind == 0:
        return Capsule((0, -15), (0, 15), rng.uniform(4, 15), position)
    if kind == 1:
        return Circle(position, rng.uniform(4, 20))
    return Box(position, rng.uniform(5, 15, 2), rng.uniform(0, 2 * np.pi), radius=rng.uniform(1, 8))


def core(shape, offset=(0.0, 0.0)):
    if isinstance(shape, Circle):
        points = np.array([shape.center])
    elif isinstance(shape, Capsule):
        points = shape.world_points()
    else:
        points = shape.world_vertices()
    points = points + np.asarray(offset)
    if len(points) == 1:
        return shapely.Point(points[0])
    if len(points) == 2:
        return shapely.LineString(points)
    return shapely.Polygon(points)


def free_case(rng):
    """Obstacles, and a mover placed clear of all of them, with a wish."""
    obstacles = [random_obstacle(rng) for _ in range(int(rng.integers(2, 7)))]
    while True:
        mover = random_mover(rng, rng.uniform(-150, 150, 2))
        if all(core(o).distance(core(mover)) > o.radius + mover.radius for o in obstacles):
            return obstacles, mover, rng.normal(size=2) * rng.uniform(20, 200)


@pytest.mark.parametrize("count", [SIZES[0], pytest.param(1_500, id="1.5k", marks=pytest.mark.slow)])
def test_the_moved_shape_overlaps_no_obstacle(count):
    rng = np.random.default_rng(37)
    touched = 0
    for index in range(count):
        obstacles, mover, wish = free_case(rng)
        found = slide(mover, wish, obstacles)
        for step in found.iterations:
            path = shapely.convex_hull(shapely.union(core(mover, step.start), core(mover, np.add(step.start, step.moved))))
            for i, obstacle in enumerate(obstacles):
                depth = obstacle.radius + mover.radius - core(obstacle).distance(path)
                assert depth <= ALLOWANCE, (index, i, depth, step)
        touched += bool(found.planes) or any(step.fraction < 1 for step in found.iterations)
        # What was not stopped went the whole way.
        if all(step.fraction == 1.0 for step in found.iterations) and not any(step.planes for step in found.iterations):
            assert found.translation == pytest.approx(tuple(wish), abs=TIGHT * 1e3)
    # Enough of the cases touch something to test the sliding: 40 of 150, 349 of 1,500.
    assert touched > count // 5, touched


@pytest.mark.parametrize("count", SIZES)
def test_against_one_flat_wall_the_part_into_it_is_lost(count):
    rng = np.random.default_rng(38)
    for index in range(count):
        angle = rng.uniform(0, 2 * np.pi)
        normal = np.array([math.cos(angle), math.sin(angle)])
        along = np.array([-normal[1], normal[0]])
        # A wall far longer than any walk, its face through the origin, facing ``normal``.
        wall = Box(-50 * normal, (50, 5000), angle)
        mover = random_mover(rng, (0.0, 0.0))
        # Put the mover a gap in front of the face (or resting a slop deep in it).
        low = min(float(np.dot(p, normal)) for p in _core_points(mover)) - mover.radius
        gap = rng.uniform(0, 30) if index % 3 else -SLOP
        mover.position = np.asarray(mover.position) + (gap - low) * normal
        wish = rng.normal(size=2) * rng.uniform(5, 150)
        found = slide(mover, wish, [wall])
        achieved = np.asarray(found.translation)
        into = float(np.dot(wish, normal))
        # Along the wall: all of it. Across: the wish, but no deeper than the gap and the slop.
        assert float(np.dot(achieved, along)) == pytest.approx(float(np.dot(wish, along)), abs=1e-7), (index, found)
        expected = max(into, -(gap + SLOP))
        assert float(np.dot(achieved, normal)) == pytest.approx(expected, abs=0.25 * SLOP), (index, gap, into, found)


def _core_points(shape):
    if isinstance(shape, Circle):
        return [np.asarray(shape.center)]
    if isinstance(shape, Capsule):
        return list(shape.world_points())
    return list(shape.world_vertices())


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: slide(Circle((0, 0), 5), (float("nan"), 0), []), "translation x must be a finite number, got nan"),
        (lambda: slide(Circle((0, 0), 5), (1, 0), ["wall"]), "expected a Polygon, Box, Circle or Capsule as obstacle 0, got str"),
        (lambda: slide(Polygon([(0, 0), (1, 0), (0, 1)]), (1, 0), []), "slide needs a rounded moving shape"),
    ],
)
def test_bad_input_says_what_to_fix(call, message):
    from collision import ShapeError

    with pytest.raises(ShapeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()
