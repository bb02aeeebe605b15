"""voronoi_region far from the origin: an answer or a ShapeError, never a ZeroDivisionError
(issue 9, item 12)."""

import math

import pytest

from collision import Box, Region, ShapeError, regular_polygon, voronoi_region


def test_a_box_placed_at_1e20_still_has_regions():
    # Placed, its vertices round to two floats and two of its edges have zero length.
    feature = voronoi_region(Box((1e20, 0), (110, 60)), (0, 0))
    assert (feature.region, feature.index) == (Region.EDGE, 2)  # the left edge
    assert feature.closest == (1e20, 0.0)


@pytest.mark.parametrize("point, edge", [((-1e20, 0), 2), ((1e20, 0), 0), ((0, 1e20), 1), ((0, -1e20), 3)])
def test_a_point_far_away_belongs_to_the_edge_facing_it(point, edge):
    """Distances to opposite edges round to the same float out there; the facing edge wins."""
    feature = voronoi_region(Box((0, 0), (110, 60)), point)
    assert (feature.region, feature.index) == (Region.EDGE, edge)


@pytest.mark.parametrize("offset", [1e3, 1e6, 1e9])
@pytest.mark.parametrize("angle", [0.0, 0.3, 2.0])
def test_moving_the_polygon_and_point_together_keeps_the_answer(offset, angle):
    hexagon = regular_polygon(6, 50, (0, 0), angle)
    moved = regular_polygon(6, 50, (offset, -offset), angle)
    for k in range(-40, 41, 3):
        for j in range(-40, 41, 7):
            # Quarter units: exact at every offset here, so both calls see the same point.
            x, y = k * 2.25, j * 2.25
            here, there = voronoi_region(hexagon, (x, y)), voronoi_region(moved, (x + offset, y - offset))
            assert (there.region, there.index) == (here.region, here.index), (x, y)
            assert math.isclose(there.closest.x - offset, here.closest.x, abs_tol=1e-6 * offset)


def test_a_point_beyond_float_range_from_the_polygon_is_a_shape_error():
    # The core takes coordinates within ±1e150 only, so such a box is refused where it is made.
    with pytest.raises(ShapeError, match="too far"):
        voronoi_region(Box((-1.7e308, 0), (110, 60)), (1.7e308, 0))

