"""Seeded random shapes for the property runs: placed pairs, a share of them grazing."""

import numpy as np

from collision import Box, Circle, Polygon


def convex_vertices(rng, sides):
    """Local vertices of a random convex polygon: points of an ellipse at sorted random angles
    (none closer than 0.05 rad, so no edge is vanishingly short), sheared and shifted off the
    local origin, so the shapes range from round to slivers."""
    while True:
        angles = np.sort(rng.uniform(0, 2 * np.pi, sides))
        if np.diff(angles, append=angles[0] + 2 * np.pi).min() > 0.05:
            break
    points = np.column_stack([np.cos(angles), np.sin(angles)]) * rng.uniform(10, 80, 2)
    shear = np.array([[1.0, rng.uniform(-0.5, 0.5)], [0.0, 1.0]])
    return points @ shear.T + rng.uniform(-20, 20, 2)


def random_polygon(rng):
    return Polygon(convex_vertices(rng, int(rng.integers(3, 13))), rng.uniform(-100, 100, 2), rng.uniform(0, 2 * np.pi))


def random_box(rng):
    return Box(rng.uniform(-100, 100, 2), rng.uniform(5, 80, 2), rng.uniform(0, 2 * np.pi))


def random_circle(rng):
    return Circle(rng.uniform(-100, 100, 2), rng.uniform(5, 80))


def reach(shape):
    """The radius of a disc about the shape's position that holds it."""
    if isinstance(shape, Circle):
        return shape.radius
    return float(np.hypot(*(shape.world_vertices() - shape.position).T).max())


def place_near(rng, a, b):
    """Move ``b`` to a random spot near ``a``: about half the pairs overlap."""
    distance = (reach(a) + reach(b)) * np.sqrt(rng.uniform(0, 1.2))
    heading = rng.uniform(0, 2 * np.pi)
    b.position = np.asarray(a.position) + distance * np.array([np.cos(heading), np.sin(heading)])


def grazing_offsets(rng, count):
    """Gaps to aim at for grazing pairs: within 1e-3 of touching, either side."""
    return rng.uniform(-1e-3, 1e-3, count)
