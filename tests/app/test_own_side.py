"""sandbox.kit.figures.own_side: a label beside what it names, on the first side that is clear and
nearer it than any rival; measured here with shapely, not the GJK it is placed with."""

import pytest
from shapely.geometry import LineString, box

from collision import Box
from sandbox.kit.figures.own_side import GAP, own_side
from sandbox.kit.view import View

VIEW = View((-400.0, -300.0, 400.0, 300.0), 1.0)
"""One world unit a pixel, at scale 1."""

NAMED = Box((0.0, 0.0), (50.0, 20.0))


def covered(found):
    return box(*found[1])


def test_a_label_with_room_all_round_stands_centred_above_by_the_gap():
    (x, _), rect = own_side(VIEW, "box", 16, NAMED)
    assert rect[1] - 20.0 == pytest.approx(GAP * VIEW.pixel)
    assert abs((rect[0] + rect[2]) / 2) < 1e-9 and x == rect[0]


def test_a_rival_just_above_sends_it_to_a_side_where_it_reads_as_naming_its_own_shape():
    rival = Box((0.0, 50.0), (50.0, 10.0))
    found = covered(own_side(VIEW, "box", 16, NAMED, [rival]))
    named, other = box(-50, -20, 50, 20), box(-50, 40, 50, 60)
    assert found.distance(other) > found.distance(named) and not found.intersects(other)
    assert found.bounds[1] < 40.0  # not squeezed between the two


def test_lines_and_the_figure_edge_are_kept_off():
    line = ((-100.0, 30.0), (100.0, 30.0))  # right over the top side
    found = covered(own_side(VIEW, "box", 16, NAMED, lines=[line]))
    assert not found.intersects(LineString(line))
    edge = View((-60.0, -300.0, 400.0, 300.0), 1.0)
    near_edge = Box((-40.0, 280.0), (10.0, 10.0))  # no room above or to the left
    assert box(*edge.rect).contains(covered(own_side(edge, "a long name", 16, near_edge)))


def test_with_no_side_quite_clear_it_never_stands_nearer_a_rival_than_its_own_shape():
    # Above: a line over the top; left: the figure's edge; right: a rival 5 units off the label,
    # nearer than the shape; below: a rival further off than the shape, though not by a height.
    view = View((-60.0, -300.0, 400.0, 300.0), 1.0)
    right, under = Box((120.0, 0.0), (17.0, 40.0)), Box((0.0, -80.0), (50.0, 10.0))
    found = covered(own_side(view, "box", 16, NAMED, [right, under], lines=[((-100.0, 30.0), (100.0, 30.0))]))
    named = box(-50, -20, 50, 20)
    assert found.bounds[3] < -20.0, "not below its shape"
    assert found.distance(named) < found.distance(box(*under.aabb())) and found.distance(named) < found.distance(box(*right.aabb()))
