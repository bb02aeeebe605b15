"""Every kind of bad input gets a ShapeError whose message says what is wrong; nothing changes."""

import math

import pytest

from collision import Box, Circle, Polygon, Quadtree, ShapeError, project, regular_polygon, sat, voronoi_region

nan, inf = math.nan, math.inf
SQUARE = [(0, 0), (1, 0), (1, 1), (0, 1)]
PENTAGRAM = [(math.cos(math.pi / 2 + k * 4 * math.pi / 5), math.sin(math.pi / 2 + k * 4 * math.pi / 5)) for k in range(5)]

CASES = [
    (lambda: Polygon([(0, 0), (1, 1)]), "polygon needs at least 3 distinct vertices, got 2"),
    (lambda: Polygon([(0, 0), (0, 0), (0, 0), (1, 1)]), "polygon needs at least 3 distinct vertices, got 2"),
    (lambda: Polygon([(0, 0), (1, 0), (1, 0), (0, 1)]), "polygon vertex 2 repeats vertex 1: remove the duplicate"),
    (lambda: Polygon([(0, 0), (1, 1), (3, 3)]), "polygon has zero area: its vertices lie on one line"),
    (lambda: Polygon([(0, 0), (4, 0), (2, 1), (2, 4)]), "polygon is not convex: it turns inwards at vertex 2"),
    (lambda: Polygon([(0, 0), (2, 2), (2, 0), (0, 2)]), "polygon crosses itself: list its vertices in order"),
    (lambda: Polygon(PENTAGRAM), "polygon crosses itself: list its vertices in order"),
    (lambda: Polygon([(0, 0), (2, 0), (1, 0), (1, 1)]), "polygon doubles back on itself at vertex 1"),
    (lambda: Polygon([(0, 0), (1, nan), (0, 1)]), "polygon vertex 1 is (1.0, nan): coordinates must be finite"),
    (lambda: Polygon([(0, 0, 0), (1, 0, 0), (0, 1, 0)]), "polygon vertices must be a list of (x, y) pairs"),
    (lambda: Polygon("abc"), "polygon vertices must be a list of (x, y) pairs"),
    (lambda: Polygon(SQUARE, (inf, 0)), "position x must be a finite number, got inf"),
    (lambda: Polygon(SQUARE, angle=nan), "angle must be a finite number, got nan"),
    (lambda: Polygon(SQUARE, angle="left"), "angle must be a number, got 'left'"),
    (lambda: Box((0, 0), (1, -2)), "box half_size y must be greater than zero, got -2.0"),
    (lambda: Box((0, 0), (nan, 1)), "box half_size x must be a finite number, got nan"),
    (lambda: Box((0, nan), (1, 1)), "position y must be a finite number, got nan"),
    (lambda: Box((0, 0), 3), "box half_size must be an (x, y) pair, got 3"),
    (lambda: Circle((0, 0), 0), "circle radius must be greater than zero, got 0.0"),
    (lambda: Circle((0, 0), -1), "circle radius must be greater than zero, got -1.0"),
    (lambda: Circle((0, 0), nan), "circle radius must be a finite number, got nan"),
    (lambda: Circle((inf, 0), 1), "circle center x must be a finite number, got inf"),
    (lambda: regular_polygon(2, 1), "a regular polygon needs a whole number of sides, at least 3; got 2"),
    (lambda: regular_polygon(3.5, 1), "a regular polygon needs a whole number of sides, at least 3; got 3.5"),
    (lambda: regular_polygon(5, 0), "regular polygon radius must be greater than zero, got 0.0"),
    (lambda: project(Box((0, 0), (1, 1)), (0, 0)), "axis has zero length: give a direction such as (1, 0)"),
    (lambda: project(Box((0, 0), (1, 1)), (nan, 1)), "axis x must be a finite number, got nan"),
    (lambda: project("box", (1, 0)), "expected a Polygon, Box or Circle, got str"),
    (lambda: sat(Box((0, 0), (1, 1)), [(0, 0), (1, 0), (0, 1)]), "expected a Polygon, Box or Circle, got list"),
    (lambda: voronoi_region(Circle((0, 0), 1), (0, 0)), "voronoi_region needs a Polygon or Box, got Circle"),
    (lambda: voronoi_region(Box((0, 0), (1, 1)), (nan, 0)), "point x must be a finite number, got nan"),
    (lambda: Quadtree((0, 0, 10)), "quadtree bounds must be (min_x, min_y, max_x, max_y) with min <= max"),
    (lambda: Quadtree((0, 0, 10, 10)).insert("x", (0, 0, nan, 1)), "aabb must be a finite number, got nan"),
    (lambda: Quadtree((0, 0, 10, 10), max_objects=0), "quadtree needs max_objects >= 1 and max_levels >= 0"),
]


@pytest.mark.parametrize("make, message", CASES, ids=[message[:40] for _, message in CASES])
def test_bad_input_says_what_to_fix(make, message):
    with pytest.raises(ShapeError) as caught:
        make()
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)


def test_a_rejected_move_leaves_the_shape_where_it_was():
    box, circle = Box((1, 2), (3, 4), 0.5), Circle((1, 2), 3)
    for shape, attribute, value in [(box, "position", (nan, 0)), (box, "angle", inf), (circle, "radius", -1)]:
        before = getattr(shape, attribute)
        with pytest.raises(ShapeError):
            setattr(shape, attribute, value)
        assert getattr(shape, attribute) == before
