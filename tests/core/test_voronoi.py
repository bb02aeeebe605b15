"""Voronoi regions against shapely: the closest point and the feature that owns it."""

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from collision import Box, Polygon, Region, voronoi_region
from random_shapes import convex_vertices


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 8), st.floats(-150, 150), st.floats(-150, 150))
def test_region_and_closest_point_agree_with_shapely(seed, sides, x, y):
    polygon = Polygon(convex_vertices(np.random.default_rng(seed), sides), (5, -3), 0.7)
    outline = shapely.Polygon(polygon.world_vertices())
    feature = voronoi_region(polygon, (x, y))
    nearest = shapely.shortest_line(outline.exterior, shapely.Point(x, y)).coords[0]
    assert np.allclose(feature.closest, nearest, atol=1e-7)
    vertices = polygon.world_vertices()
    if outline.covers(shapely.Point(x, y)):
        assert feature.region is Region.INSIDE
    elif feature.region is Region.VERTEX:
        assert np.allclose(feature.closest, vertices[feature.index])
    else:
        assert feature.region is Region.EDGE
        start, end = vertices[feature.index], vertices[(feature.index + 1) % sides]
        # Strictly inside the edge, unless rounding put a point on a region border.
        assert shapely.LineString([start, end]).distance(shapely.Point(feature.closest)) < 1e-7


def test_a_triangle_has_three_vertex_and_three_edge_regions():
    """Metanet figure 9: round a triangle, the point passes through six regions in turn."""
    triangle = Polygon([(0, 0), (10, 0), (0, 10)])
    seen = [voronoi_region(triangle, (20 * np.cos(t) + 3, 20 * np.sin(t) + 3))[:2] for t in np.linspace(0, 2 * np.pi, 721)]
    order = [seen[0]] + [b for a, b in zip(seen, seen[1:]) if a != b]
    assert order[0] == order[-1]
    assert len(order) - 1 == 6
    assert {r for r, _ in order} == {Region.VERTEX, Region.EDGE}


@pytest.mark.parametrize(
    "point, region, index",
    [((3, 0), Region.EDGE, 0), ((2, 2), Region.VERTEX, 1), ((-3, 0.5), Region.EDGE, 2), ((-2, -2), Region.VERTEX, 3), ((1, 0), Region.INSIDE, 0)],
)
def test_box_regions_by_name(point, region, index):
    """Corners are LR, UR, UL, LL; edge 0 is the right side, edge 2 the left."""
    feature = voronoi_region(Box((0, 0), (1, 1)), point)
    assert (feature.region, feature.index) == (region, index)
