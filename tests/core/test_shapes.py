"""Shapes placed in the world, checked against shapely's own affine transforms and measures."""

import math

import numpy as np
import pytest
import shapely
import shapely.affinity
from hypothesis import given, settings
from hypothesis import strategies as st

from collision import Box, Circle, Polygon, project, regular_polygon
from random_shapes import convex_vertices

angles = st.floats(-10, 10, allow_nan=False)
coordinates = st.floats(-1e3, 1e3, allow_nan=False)
seeds = st.integers(0, 2**32 - 1)


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(3, 12), coordinates, coordinates, angles)
def test_placement_matches_shapely(seed, sides, x, y, angle):
    local = convex_vertices(np.random.default_rng(seed), sides)
    polygon = Polygon(local, (x, y), angle)
    expected = shapely.affinity.translate(
        shapely.affinity.rotate(shapely.Polygon(local), angle, origin=(0, 0), use_radians=True), x, y
    )
    assert np.allclose(polygon.world_vertices(), np.asarray(expected.exterior.coords)[:-1], atol=1e-9)
    assert np.allclose(polygon.aabb(), expected.bounds, atol=1e-9)
    assert np.allclose(polygon.centroid, expected.centroid.coords[0], atol=1e-7)
    assert np.allclose(polygon.edges(), np.roll(polygon.world_vertices(), -1, axis=0) - polygon.world_vertices())


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(3, 12), angles)
def test_normals_are_unit_and_point_outwards(seed, sides, angle):
    polygon = Polygon(convex_vertices(np.random.default_rng(seed), sides), (3, -4), angle)
    outline = shapely.Polygon(polygon.world_vertices())
    points = polygon.world_vertices()
    middles = (points + np.roll(points, -1, axis=0)) / 2
    normals = polygon.normals()
    assert np.allclose(np.hypot(*normals.T), 1.0)
    assert not shapely.contains_xy(outline, *(middles + 1e-3 * normals).T).any()
    assert shapely.contains_xy(outline, *(middles - 1e-3 * normals).T).all()


def test_clockwise_input_is_stored_counter_clockwise_with_vertex_zero_first():
    clockwise = [(0, 0), (0, 2), (3, 2), (3, 0)]
    polygon = Polygon(clockwise)
    assert polygon.local_vertices.tolist() == [[0, 0], [3, 0], [3, 2], [0, 2]]
    assert shapely.Polygon(polygon.local_vertices).exterior.is_ccw


def test_moving_or_turning_a_shape_moves_what_it_reports():
    box = Box((0, 0), (2, 1))
    before = project(box, (1, 0))
    box.position = (10, 0)
    assert project(box, (1, 0)).min == before.min + 10
    box.angle = math.pi / 2
    assert box.aabb() == pytest.approx((9, -2, 11, 2))
    assert box.xw == pytest.approx((0, 2))


def test_box_corners_keep_their_names_as_the_box_turns():
    box = Box((5, 5), (2, 1))
    assert box.corner("UL") == (3, 6) and box.corner("LR") == (7, 4)
    assert [box.corner(name) for name in Box.CORNERS] == [tuple(p) for p in box.world_vertices()]
    box.angle = math.pi  # upside down: its upper-left corner is now lower-right in the world
    assert box.corner("UL") == pytest.approx((7, 4))
    center = np.asarray(box.center)
    assert box.corner("UR") == pytest.approx(center + box.xw + box.yw)
    assert np.dot(box.xw, box.yw) == pytest.approx(0.0)


@pytest.mark.parametrize("sides", [3, 4, 6, 64, 570])
def test_regular_polygon_area_and_radius(sides):
    polygon = regular_polygon(sides, 50, (1, 2), 0.3)
    outline = shapely.Polygon(polygon.world_vertices())
    assert outline.area == pytest.approx(sides / 2 * 50**2 * math.sin(2 * math.pi / sides))
    assert np.allclose(np.hypot(*(polygon.world_vertices() - (1, 2)).T), 50)


def test_collinear_vertex_is_kept_and_its_normal_merged():
    square_with_midpoint = Polygon([(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)])
    assert len(square_with_midpoint.world_vertices()) == 5
    assert len(square_with_midpoint._placed().axes) == 2


def test_circle_projection_scales_with_the_axis():
    circle = Circle((3, 4), 2)
    assert project(circle, (1, 0)) == (1, 5, -1, -1)
    assert project(circle, (0, 3)) == (6, 18, -1, -1)


@settings(max_examples=300, deadline=None)
@given(seeds, st.floats(0.01, 100), angles, st.floats(-1, 1))
def test_unnormalised_axis_scales_the_numbers_not_the_verdict(seed, scale, heading, offset):
    rng = np.random.default_rng(seed)
    a = Polygon(convex_vertices(rng, 5))
    b = Box(rng.uniform(-60, 60, 2), (20, 10), rng.uniform(0, 6))
    unit = (math.cos(heading), math.sin(heading))
    long = (scale * unit[0], scale * unit[1])
    for shape in (a, b):
        p, q = project(shape, unit), project(shape, long)
        assert q.min == pytest.approx(scale * p.min, rel=1e-9, abs=1e-9)
        assert q.max == pytest.approx(scale * p.max, rel=1e-9, abs=1e-9)
    pa, pb, qa, qb = project(a, unit), project(b, unit), project(a, long), project(b, long)
    apart = pa.max < pb.min or pb.max < pa.min
    # Leave out pairs that only just touch, where rounding may tip the comparison.
    if min(abs(pa.max - pb.min), abs(pb.max - pa.min)) > 1e-9:
        assert apart == (qa.max < qb.min or qb.max < qa.min)


def test_box_projection_names_the_same_corners_as_projecting_every_corner():
    rng = np.random.default_rng(5)
    for _ in range(500):
        box = Box(rng.uniform(-50, 50, 2), rng.uniform(1, 40, 2), rng.uniform(0, 7))
        axis = rng.normal(size=2)
        interval = project(box, axis)
        dots = box.world_vertices() @ axis
        assert interval.min_index == int(np.argmin(dots)) and interval.max_index == int(np.argmax(dots))
        assert interval.min == pytest.approx(dots.min()) and interval.max == pytest.approx(dots.max())


def test_a_box_aligned_with_the_axis_reports_the_first_of_two_tied_corners():
    interval = project(Box((0, 0), (2, 1)), (1, 0))
    assert (interval.min_index, interval.max_index) == (2, 0)  # UL before LL, LR before UR


def test_a_box_size_is_fixed_once_made():
    box = Box((0, 0), (2, 1))
    with pytest.raises(AttributeError):
        box.half_size = (5, 5)
    assert box.aabb() == (-2, -1, 2, 1)
