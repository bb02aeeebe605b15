"""manifold() against a plain clipping written here, with GEOS doing the clipping, and its ids
under small motions.

For two polygons the test picks the reference face and the incident face itself (numpy, over
every face at once), then lets GEOS cut the incident face with the reference face's strip
(the band between its two side planes): the ends of what is left, those at or below the face,
are the contact points. A circle's contact comes from GEOS's nearest boundary point to its
centre. Points, separations and counts must agree.

Ids: a pair nudged by a hair must keep every id, unless the nudge could change a choice (the
two shapes' best faces within a hair of a tie, two incident faces nearly as turned, a point
within a hair of a side plane or of the face).
"""

import math

import numpy as np
import pytest
import shapely

import collision
from collision import Box, Circle, Polygon, ShapeError, Vector
from collision.manifold import PREFER_A, ContactId, manifold
from random_shapes import place_near, random_box, random_circle, random_polygon

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
ID_SIZES = [pytest.param(800, id="800"), pytest.param(8_000, id="8k", marks=pytest.mark.slow)]
TIGHT = 1e-9
"""Relative to the pair's largest coordinate: how far the code's points and separations may be
from the oracle's."""
HAIR = 1e-7
"""The nudge of the id test, relative to the shapes' size; a choice within 100 hairs of flipping
is left out."""


def _faces(points):
    """Edge starts, ends and unit outward normals of a counter-clockwise polygon."""
    ends = np.roll(points, -1, axis=0)
    edges = ends - points
    normals = np.column_stack([edges[:, 1], -edges[:, 0]]) / np.hypot(*edges.T)[:, None]
    return points, ends, normals


def _best(points, others):
    """Per face of ``points``, how far it parts ``others``; the best face and its separation."""
    starts, _, normals = _faces(points)
    separations = np.min(np.einsum("ik,ijk->ij", normals, others[None, :, :] - starts[:, None, :]), axis=1)
    return int(np.argmax(separations)), float(separations.max()), separations


def _size(points):
    return float(np.max(points.max(axis=0) - points.min(axis=0)))


def oracle_polygons(pa, pb, tolerance):
    """The contact points [(point, separation)] and normal by reference face, incident face and
    a GEOS clip; plus how close each choice came to going the other way (the margins)."""
    edge_a, sep_a, all_a = _best(pa, pb)
    edge_b, sep_b, all_b = _best(pb, pa)
    bias = PREFER_A * min(_size(pa), _size(pb))
    flip = sep_b > sep_a + bias
    ref, inc, edge = (pb, pa, edge_b) if flip else (pa, pb, edge_a)
    starts, ends, normals = _faces(ref)
    n = normals[edge]
    v1, v2 = starts[edge], ends[edge]
    margins = [abs(sep_b - sep_a - bias)]
    for seps, best in ((all_a, edge_a), (all_b, edge_b)):
        others = np.delete(seps, best)
        margins.append(float(seps[best] - others.max()) if len(others) else math.inf)
    inc_starts, inc_ends, inc_normals = _faces(inc)
    turned = inc_normals @ n
    incident = int(np.argmin(turned))
    margins.append(float(np.sort(turned)[1] - turned.min()) * _size(inc))
    if max(sep_a, sep_b) > tolerance:
        return [], (-n if flip else n), margins
    w1, w2 = inc_starts[incident], inc_ends[incident]
    t = (v2 - v1) / np.linalg.norm(v2 - v1)
    far = 10 * (_size(pa) + _size(pb))
    strip = shapely.Polygon([v1 - far * n, v2 - far * n, v2 + far * n, v1 + far * n])
    clipped = shapely.LineString([w1, w2]).intersection(strip)
    kept = []
    for p in np.asarray(shapely.get_coordinates(clipped)):
        gap = float((p - v1) @ n)
        margins.extend([abs(gap), abs((p - v1) @ t), abs((p - v2) @ t)])
        if gap <= tolerance:
            kept.append((p - 0.5 * gap * n, gap))
    return kept, (-n if flip else n), margins


def oracle_circle(shape, circle):
    """The one contact point and separation of a shape and a circle (B), from GEOS."""
    c, r = np.asarray(circle.center), circle.radius
    if isinstance(shape, Circle):
        between = c - np.asarray(shape.center)
        distance = float(np.hypot(*between))
        n = between / distance
        near = np.asarray(shape.center) + shape.radius * n
        gap = distance - shape.radius - r
    else:
        body = shapely.Polygon(shape.world_vertices())
        near = np.asarray(shapely.shortest_line(body.exterior, shapely.Point(c)).coords[0])
        distance = float(np.hypot(*(c - near)))
        inside = body.contains(shapely.Point(c))
        n = (near - c) / distance if inside else (c - near) / distance
        gap = -(distance + r) if inside else distance - r
    return near + 0.5 * gap * n, gap, n


def _pair(rng, index):
    makers = (random_polygon, random_box, random_circle)
    a = makers[index % 3](rng)
    b = makers[(index // 3) % 3](rng)
    place_near(rng, a, b)
    return a, b


def _scale(a, b):
    return max(max(abs(v) for v in s.aabb()) for s in (a, b))


BOTH = [pytest.param(manifold, id="readable"), pytest.param(collision.manifold, id="kernel")]
"""collision/manifold.py's manifold() and the package's, its kernel (collision/fast/manifold_kernel.py)."""


@pytest.mark.parametrize("function", BOTH)
@pytest.mark.parametrize("count", SIZES)
def test_manifold_against_plain_clipping(count, function):
    rng = np.random.default_rng(24)
    compared = {"faces": 0, "circle": 0, "apart": 0, "two points": 0}
    for index in range(count):
        a, b = _pair(rng, index)
        found = function(a, b)
        scale = _scale(a, b)
        tight = TIGHT * scale
        if isinstance(a, Circle) or isinstance(b, Circle):
            circle, other, sign = (b, a, 1.0) if isinstance(b, Circle) else (a, b, -1.0)
            point, gap, n = oracle_circle(other, circle)
            if gap > tight:
                assert found.points == (), (index, a, b)
                compared["apart"] += 1
                continue
            assert len(found.points) == 1, (index, a, b)
            (contact,) = found.points
            assert np.allclose(contact.point, point, rtol=0, atol=tight), (index, contact, point)
            assert abs(contact.separation - gap) <= tight, (index, contact, gap)
            assert np.allclose(found.normal, sign * n, rtol=0, atol=TIGHT * 10), (index, found.normal, n)
            compared["circle"] += 1
            continue
        pa, pb = a.world_vertices(), b.world_vertices()
        kept, normal, _ = oracle_polygons(pa, pb, tight)
        assert np.allclose(found.normal, normal, rtol=0, atol=TIGHT), (index, found.normal, normal)
        assert len(found.points) == len(kept), (index, a, b, found.points, kept)
        for contact, (point, gap) in zip(found.points, kept):
            assert np.allclose(contact.point, point, rtol=0, atol=tight), (index, contact, point)
            assert abs(contact.separation - gap) <= tight, (index, contact, gap)
        compared["apart" if not kept else "faces"] += 1
        compared["two points"] += len(kept) == 2
    # The random pairs reach every case, or the comparison proves little.
    assert min(compared.values()) > count // 20, compared


@pytest.mark.parametrize("function", BOTH)
@pytest.mark.parametrize("count", ID_SIZES)
def test_ids_stay_under_small_motions(count, function):
    rng = np.random.default_rng(2024)
    checked = 0
    for index in range(count):
        a = (random_polygon, random_box)[index % 2](rng)
        b = (random_polygon, random_box)[(index // 2) % 2](rng)
        place_near(rng, a, b)
        size = min(float(np.ptp(s.world_vertices(), axis=0).max()) for s in (a, b))
        scale = _scale(a, b)
        _, _, margins = oracle_polygons(a.world_vertices(), b.world_vertices(), TIGHT * scale)
        before = function(a, b)
        b.position = np.asarray(b.position) + rng.uniform(-1, 1, 2) * HAIR * size
        b.angle = b.angle + rng.uniform(-1, 1) * HAIR
        _, _, after_margins = oracle_polygons(a.world_vertices(), b.world_vertices(), TIGHT * scale)
        if min(margins + after_margins) < 100 * HAIR * size or not before.points:
            continue
        after = function(a, b)
        assert [p.id for p in after.points] == [p.id for p in before.points], (index, before, after)
        checked += 1
    assert checked > count // 10, checked


def test_a_box_turning_on_a_box_keeps_its_ids_until_a_corner_lifts():
    floor = Box((0, 0), (5, 1))
    ids, counts = [], []
    for step in range(40):
        top = Box((0.3, 1.95), (1, 1), angle=0.002 * step)
        found = manifold(floor, top)
        counts.append(len(found.points))
        ids.append([p.id for p in found.points])
    # Flat, both of B's bottom corners touch A's top face; as B turns anticlockwise its
    # lower-right corner lifts off, and the lower-left one keeps the id it had.
    assert counts[0] == 2 and counts[-1] == 1
    assert ids[0] == [ContactId("edge", 1, "vertex", 3), ContactId("edge", 1, "vertex", 0)]
    assert all(i == ids[0] for i, c in zip(ids, counts) if c == 2)
    assert all(i == ids[0][:1] for i, c in zip(ids, counts) if c == 1)


def test_a_side_plane_makes_the_point_of_a_short_face():
    # B overhangs A's right end: A's corner makes the point there, named by A's vertex and B's edge.
    found = manifold(Box((0, 0), (1, 1)), Box((1.5, 1.9), (1, 1)), steps=True)
    assert [p.point for p in found.points] == [Vector(0.5, 0.95), Vector(1.0, 0.95)]
    assert [p.id for p in found.points] == [ContactId("edge", 1, "vertex", 3), ContactId("vertex", 1, "edge", 3)]
    assert [step.title.split(":")[0] for step in found.steps] == [
        "reference face",
        "incident face",
        "clip",
        "clip",
        "keep the points at or below the reference face",
    ]


def test_b_reference_face_flips_the_ids_and_the_normal():
    # A's corner pokes into B's face: B's face parts them less deeply, so it is the reference.
    a = Polygon([(0, 0), (2, -1), (4, 0), (2, 1)])
    b = Box((2, 1.8), (3, 1))
    found = manifold(a, b)
    assert found.reference == "B" and found.normal == Vector(0.0, 1.0)
    assert [p.id for p in found.points] == [ContactId("vertex", 3, "edge", 3)]
    assert found.points[0].point == Vector(2.0, 0.9) and found.points[0].separation == pytest.approx(-0.2, rel=1e-15)


def test_bad_input_says_what_to_fix():
    with pytest.raises(ShapeError, match="expected a Polygon, Box, Circle or Capsule as B"):
        manifold(Box((0, 0), (1, 1)), "box")


@pytest.mark.parametrize(
    ("a", "b", "point", "separation"),
    [
        # Two cases where tests/core/test_box2d.py found a second clipped point that Box2D
        # (pyb2d3, Box2D v3.1) does not give; its one point and separation are quoted.
        (
            ((0.8799724578857422, -0.740458071231842), (-0.9168188571929932, -0.5599433779716492), 0.5253521203994751),
            ((-0.759172260761261, 0.0193652231246233), (-1.9860334396362305, 0.39354631304740906), 0.22007068991661072),
            (-0.7735109329223633, -0.12335836887359619),
            -0.15325719118118286,
        ),
        (
            ((0.16897587478160858, -1.9719843864440918), (0.62775057554245, -1.2559359073638916), 0.33585983514785767),
            ((0.35982468724250793, -0.7376921772956848), (2.5361886024475098, -0.10516209900379181), 0.49880415201187134),
            (0.5706098079681396, -1.0593299865722656),
            -0.26223742961883545,
        ),
    ],
)
def test_angled_capsules_end_to_end_touch_at_one_point_as_in_box2d(a, b, point, separation):
    """Issue 35: A's shadow on B's line falls beyond B's end, so b2CollideCapsules gives one
    point, on the line between the nearest points; we clipped a second one."""
    from collision import Capsule

    found = manifold(Capsule(*a), Capsule(*b))
    assert len(found.points) == 1
    # Box2D computes in float32: a few 1e-7 of these coordinates.
    assert math.dist(found.points[0].point, point) < 1e-5 and found.points[0].separation == pytest.approx(separation, abs=1e-5)


def test_capsules_along_each_other_touch_at_two_points_and_beside_each_other_at_one():
    from collision import Capsule

    a = Capsule((0, 0), (4, 0), 0.5)
    # Nearly parallel, overlapping along their length: two clipped points, each end of the overlap.
    along = manifold(a, Capsule((2, 0.9), (6, 0.95), 0.5))
    assert [tuple(round(c, 6) for c in p.point) for p in along.points] == [(2.0, 0.45), (4.0, 0.4625)]
    # End to end, each beyond the other's shadow: one point between the ends.
    beyond = manifold(a, Capsule((4.5, 0.2), (7, 1), 0.5))
    assert len(beyond.points) == 1 and beyond.points[0].id == ContactId("vertex", 1, "vertex", 0)
    # A's end against B's side (a T): Box2D's clip would leave B's ends above A; one point.
    tee = manifold(a, Capsule((4.6, -2), (4.6, 2), 0.2))
    assert len(tee.points) == 1 and tee.normal == Vector(1.0, 0.0)
