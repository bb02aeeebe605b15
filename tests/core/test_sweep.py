"""sweep() against GEOS on many random paths, and its promises on bad input and symmetry.

The oracle's first touch comes from bisection on shapely's distance (see Oracle), run twice: with
the Minkowski difference grown and shrunk by EPS. A graze that so small a change decides is not
judged on its verdict, and the time must lie between the two answers."""

import math

import numpy as np
import pytest
import shapely

import oracle
from collision import Box, Circle, Polygon, ShapeError, Vector, sat, sweep
from random_shapes import convex_vertices, random_box, random_circle, random_polygon, reach

SIZES = [pytest.param(2_000, id="2k"), pytest.param(20_000, id="20k", marks=pytest.mark.slow)]
CHUNK = 2_000
EPS = 1e-9
"""How much the oracle grows and shrinks the still shape to bracket the answer."""
GAP = 1e-9
"""How close to touching the shapes must be at the reported time (shapes are 1 to 100 across)."""
PUSH = 1e-3
"""How far the moving shape is pushed along the normal to see it come away by that much."""
BISECTIONS = 46
"""Halvings of [0, 1]: the oracle's time to within 2e-14."""


def _small_polygon(rng):
    return Polygon(convex_vertices(rng, int(rng.integers(3, 9))) * 0.05, rng.uniform(-100, 100, 2), rng.uniform(0, 7))


MAKERS = {
    "polygon": (random_polygon, _small_polygon),
    "box": (random_box, lambda rng: Box(rng.uniform(-100, 100, 2), rng.uniform(0.3, 3, 2), rng.uniform(0, 7))),
    "circle": (random_circle, lambda rng: Circle(rng.uniform(-100, 100, 2), rng.uniform(0.3, 3))),
}
THIN = {
    "polygon": lambda rng: Box(rng.uniform(-100, 100, 2), (rng.uniform(0.02, 0.5), rng.uniform(20, 80)), rng.uniform(0, 7)),
    "circle": lambda rng: Circle(rng.uniform(-100, 100, 2), rng.uniform(0.3, 3)),
}
CATEGORIES = {
    "box-box": ("box", "box"),
    "polygon-polygon": ("polygon", "polygon"),
    "polygon-circle": ("polygon", "circle"),
    "circle-polygon": ("circle", "polygon"),
    "circle-circle": ("circle", "circle"),
}
"""Moving kind, still kind."""
PATHS = ("general", "tunnelling", "grazing", "long")


def _unit(angle):
    return np.array([np.cos(angle), np.sin(angle)])


def _support(shape, direction):
    """The shape's point furthest along the unit ``direction``."""
    if isinstance(shape, Circle):
        return np.asarray(shape.center) + shape.radius * direction
    vertices = shape.world_vertices()
    return vertices[np.argmax(vertices @ direction)]


def _path(rng, kinds, kind_of_path):
    """A moving shape, a still one and a displacement of the given kind of path."""
    moving_kind, still_kind = kinds
    if kind_of_path == "tunnelling":
        # A small fast shape across a thin wall (or a small disc), from well clear of it on one
        # side to well clear on the other: a static test at either end misses.
        moving = MAKERS[moving_kind][1](rng)
        still = THIN["circle" if still_kind == "circle" else "polygon"](rng)
        heading, across = _unit(rng.uniform(0, 2 * np.pi)), _unit(rng.uniform(0, 2 * np.pi))
        # Far enough from the aim, which may lie off the wall, to clear it.
        clear = 2.2 * reach(still) + reach(moving)
        aim = np.asarray(still.position) + across * rng.uniform(-1.2, 1.2) * reach(still)
        start = aim - heading * (clear + rng.uniform(1, 100))
        moving.position = start
        return moving, still, heading * (np.linalg.norm(aim - start) + clear + rng.uniform(1, 100))
    moving, still = MAKERS[moving_kind][0](rng), MAKERS[still_kind][0](rng)
    clear = reach(still) + reach(moving)
    if kind_of_path == "grazing":
        # Aim past the tangent of still - moving (the Minkowski difference) parallel to the path,
        # within 1e-6 of it either side: the path grazes a corner or a curve.
        heading = _unit(rng.uniform(0, 2 * np.pi))
        side = np.array([-heading[1], heading[0]])
        tangent = _support(still, side) - _support(moving, -side)
        length = rng.uniform(20, 400)
        miss = rng.uniform(-1e-6, 1e-6)
        shift = (tangent @ side + miss) * side + (tangent @ heading - rng.uniform(0.2, 0.9) * length) * heading
        moving.position = np.asarray(moving.position) + shift
        return moving, still, heading * length
    far = rng.uniform(0, 2.5) if kind_of_path == "general" else rng.uniform(3, 30)
    moving.position = np.asarray(still.position) + _unit(rng.uniform(0, 2 * np.pi)) * clear * far
    aim = np.asarray(still.position) + _unit(rng.uniform(0, 2 * np.pi)) * rng.uniform(0, 1.5) * clear
    return moving, still, (aim - np.asarray(moving.position)) * rng.uniform(0, 2)


def _draw(name, rng, count):
    kinds = CATEGORIES[name]
    cases = [_path(rng, kinds, PATHS[i % len(PATHS)]) for i in range(count)]
    moving, still, displacement = zip(*cases)
    return list(moving), list(still), np.array(displacement, dtype=float)


class Oracle:
    """GEOS's answers for one batch of (moving, still, displacement).

    Everything goes through the Minkowski difference K = still - moving, built by GEOS's convex
    hull of the vertex differences: the moving shape moved by x is within ``radii`` of the still
    one exactly when x is within ``radii`` of K (the radii of the circles among the pair). So
    shapely's distance between the shapes with moving translated by x is the distance from x to
    K less the radii, and the path up to time t, the segment from 0 to t * displacement, comes
    within reach of K first at the first touch and from then on: it bisects cleanly, tunnels and
    all. Gaps are signed: minus the depth when the shapes overlap.
    """

    def __init__(self, moving, still, displacement):
        self.moving, self.still, self.displacement = moving, still, displacement
        self.radii = np.zeros(len(moving))
        outlines = []
        for shapes, sign in ((still, 1.0), (moving, -1.0)):
            if isinstance(shapes[0], Circle):
                self.radii += [shape.radius for shape in shapes]
                outlines.append([sign * np.array([shape.center]) for shape in shapes])
            else:
                outlines.append([sign * shape.world_vertices() for shape in shapes])
        differences = [(a[:, None, :] + b[None, :, :]).reshape(-1, 2) for a, b in zip(*outlines)]
        index = np.repeat(np.arange(len(differences)), [len(d) for d in differences])
        self.difference = shapely.convex_hull(shapely.multipoints(np.concatenate(differences), indices=index))
        self.round = bool(self.radii.any())
        # Two polygons: K itself shrunk (mitred, so it stays inside K); with a circle, the radius.
        self.shrunk = None if self.round else shapely.buffer(self.difference, -EPS, join_style="mitre", mitre_limit=1e6)

    def reached(self, rows, t, grow):
        """Whether the path of each case in ``rows`` up to time t comes within reach of K grown by ``grow``."""
        ends = self.displacement[rows] * t[:, None]
        paths = shapely.linestrings(np.stack([np.zeros_like(ends), ends], axis=1))
        if grow < 0 and not self.round:
            return shapely.intersects(self.shrunk[rows], paths)
        return shapely.distance(self.difference[rows], paths) <= self.radii[rows] + grow

    def first_touch(self, grow):
        """Per case: whether the path touches with K grown by ``grow``, and when first."""
        count = len(self.moving)
        rows = np.arange(count)
        hit = self.reached(rows, np.ones(count), grow)
        at_start = self.reached(rows, np.zeros(count), grow)
        time = np.where(hit, 0.0, 1.0)
        open_ = np.flatnonzero(hit & ~at_start)
        low, high = np.zeros(len(open_)), np.ones(len(open_))
        for _ in range(BISECTIONS):
            middle = (low + high) / 2
            touched = self.reached(open_, middle, grow)
            high = np.where(touched, middle, high)
            low = np.where(touched, low, middle)
        time[open_] = high
        return hit, time

    def gaps(self, shifts):
        """Signed gap between the shapes with each moving shape moved by ``shifts``."""
        at = shapely.points(shifts)
        inside = shapely.contains_xy(self.difference, shifts[:, 0], shifts[:, 1])
        to_outline = shapely.distance(shapely.boundary(self.difference), at)
        # A point K (two circles) has no inside and no boundary: the distance to it is all.
        to_outline = np.where(np.isnan(to_outline), shapely.distance(self.difference, at), to_outline)
        return np.where(inside, -to_outline, to_outline) - self.radii

    def off_outlines(self, points, shifts):
        """How far each point lies from the still shape's outline and from the moved moving shape's."""
        return self._off(self.still, points, np.zeros_like(shifts)), self._off(self.moving, points, shifts)

    @staticmethod
    def _off(shapes, points, shifts):
        if isinstance(shapes[0], Circle):
            centres = np.array([shape.center for shape in shapes]) + shifts
            return np.abs(np.hypot(*(points - centres).T) - [shape.radius for shape in shapes])
        outlines = shapely.boundary(oracle.polygons([shape.world_vertices() + s for shape, s in zip(shapes, shifts)]))
        return shapely.distance(outlines, shapely.points(points))


def _judge(moving, still, displacement):
    """Every way sweep disagrees with GEOS on one batch, as readable lines, and counts of what
    the batch held: hits, misses, grazes too close to judge, and hits after the start."""
    truth = Oracle(moving, still, displacement)
    hit_in, time_in = truth.first_touch(EPS)
    hit_out, time_out = truth.first_touch(-EPS)
    results = [sweep(m, s, d) for m, s, d in zip(moving, still, displacement)]
    hit = np.array([r.hit for r in results])
    time = np.array([r.time for r in results])
    normal = np.array([r.normal for r in results])
    times = time[:, None] * displacement
    before = np.maximum(time - 1e-6, 0.0)[:, None] * displacement
    at_start = truth.gaps(np.zeros_like(displacement))
    at_time = truth.gaps(times)
    at_before = truth.gaps(before)
    pushed = truth.gaps(times + (np.maximum(-at_time, 0.0) + PUSH)[:, None] * normal)
    has_point = np.array([r.point is not None for r in results])
    points = np.array([r.point if r.point is not None else (0.0, 0.0) for r in results])
    from_still, from_moving = truth.off_outlines(points, times)
    failures = []
    for i, result in enumerate(results):
        # The case's description only for a failure: making it for every case costs more than judging it.
        where = lambda: (
            f"case {i}: {moving[i]!r} to {still[i]!r} by {tuple(displacement[i].tolist())}: "
            f"oracle hits {hit_in[i]}/{hit_out[i]} from {time_in[i]!r}..{time_out[i]!r}"
        )
        if hit_in[i] == hit_out[i] and result.hit != hit_in[i]:
            failures.append(f"{where()}: hit {result.hit}")
            continue
        if not result.hit:
            if result.time != 1.0 or result.normal != (0.0, 0.0) or result.point is not None:
                failures.append(f"{where()}: a miss with {result}")
            continue
        latest = time_out[i] if hit_out[i] else 1.0
        if not time_in[i] - 1e-12 <= result.time <= latest + 1e-12:
            failures.append(f"{where()}: time {result.time!r}")
        if abs(math.hypot(*result.normal) - 1.0) > 1e-12:
            failures.append(f"{where()}: normal {result.normal} is not unit length")
        if not abs(pushed[i] - PUSH) <= 1e-7:
            failures.append(f"{where()}: pushed {PUSH} along the normal {result.normal} the gap is {pushed[i]!r}")
        if result.time > 0:
            if abs(at_time[i]) > GAP:
                failures.append(f"{where()}: at time {result.time!r} the gap is {at_time[i]!r}")
            if not at_before[i] > 0:
                failures.append(f"{where()}: 1e-6 before time {result.time!r} the gap is {at_before[i]!r}")
            if result.normal @ displacement[i] > 1e-9 * np.hypot(*displacement[i]):
                failures.append(f"{where()}: normal {result.normal} points along the motion")
            if not has_point[i]:
                failures.append(f"{where()}: no contact point")
        elif at_start[i] > GAP:
            failures.append(f"{where()}: time 0, yet the gap at the start is {at_start[i]!r}")
        if at_start[i] < -GAP and result.time == 0 and has_point[i]:
            failures.append(f"{where()}: overlapping by {-at_start[i]!r} at the start, yet point {result.point}")
        if has_point[i] and max(from_still[i], from_moving[i]) > GAP:
            failures.append(f"{where()}: point {result.point} is {from_still[i]!r} and {from_moving[i]!r} off the outlines")
    counts = {
        "hits": int(np.sum(hit_in & hit_out)),
        "misses": int(np.sum(~hit_in & ~hit_out)),
        "grazes": int(np.sum(hit_in != hit_out)),
        "later hits": int(np.sum(hit & (time > 0))),
    }
    return failures, counts


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(CATEGORIES))
def test_sweep_agrees_with_geos(name, size):
    rng = np.random.default_rng([size, list(CATEGORIES).index(name), 12])
    per_category = size // len(CATEGORIES)
    failures, counts = [], {}
    for _ in range(max(per_category // CHUNK, 1)):
        found, tally = _judge(*_draw(name, rng, min(CHUNK, per_category)))
        failures += found
        counts = {key: counts.get(key, 0) + value for key, value in tally.items()}
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
    # The sample itself must be worth testing: hits after the start and misses in plenty.
    assert counts["later hits"] >= per_category // 5, counts
    assert counts["misses"] >= per_category // 5, counts


def test_the_paths_are_what_they_claim():
    """Tunnelling paths start and end clear of the wall yet hit it, often; grazing paths pass
    within 1e-6 of touching, both sides of it."""
    rng = np.random.default_rng(5)
    for name, kinds in CATEGORIES.items():
        tunnels = [_path(rng, kinds, "tunnelling") for _ in range(200)]
        moving, still, displacement = map(list, zip(*tunnels))
        hit, _ = Oracle(moving, still, np.array(displacement)).first_touch(-EPS)
        ends = [sat(still, moving).colliding for moving, still, _ in tunnels]
        moved = []
        for moving, still, displacement in tunnels:
            moving.position = np.asarray(moving.position) + displacement
            moved.append(sat(still, moving).colliding)
        assert not any(ends) and not any(moved), name
        assert hit.sum() >= 50, name
        grazes = [_path(rng, kinds, "grazing") for _ in range(200)]
        moving, still, displacement = map(list, zip(*grazes))
        truth = Oracle(moving, still, np.array(displacement))
        paths = shapely.linestrings(np.stack([np.zeros((200, 2)), displacement], axis=1))
        closest = shapely.distance(truth.difference, paths) - truth.radii
        assert closest.max() <= 1.01e-6 and (closest > 0).sum() >= 50 and (closest <= 0).sum() >= 50, name


@pytest.mark.parametrize("name", list(CATEGORIES))
def test_zero_displacement_is_sat_now(name):
    rng = np.random.default_rng([3, list(CATEGORIES).index(name)])
    for moving, still, _ in (_path(rng, CATEGORIES[name], "general") for _ in range(300)):
        result = sweep(moving, still, (0, 0))
        static = sat(still, moving)
        assert result.hit == static.colliding
        assert result.time == (0.0 if static.colliding else 1.0)
        assert result.normal == (static.normal if static.colliding else (0.0, 0.0))


@pytest.mark.parametrize("name", list(CATEGORIES))
def test_swapping_the_roles_reverses_the_motion(name):
    """Moving A by d against B is moving B by -d against A: the same time, the normal reversed."""
    rng = np.random.default_rng([4, list(CATEGORIES).index(name)])
    for moving, still, displacement in (_path(rng, CATEGORIES[name], PATHS[i % 4]) for i in range(400)):
        forward, backward = sweep(moving, still, displacement), sweep(still, moving, -displacement)
        assert forward.hit == backward.hit
        assert forward.time == pytest.approx(backward.time, abs=1e-12)
        if forward.hit and forward.time > 0:
            assert np.allclose(forward.normal, np.negative(backward.normal), atol=1e-9)
            # Each sees the other's contact point, shifted by where the motion stopped.
            assert np.allclose(forward.point, np.add(backward.point, forward.time * displacement), atol=1e-9)


def test_boxes_turned_alike_slide_along_each_other():
    """Faces that touch only to within rounding (both boxes turned 0.3) still slide: the hit
    comes where the moving box reaches the end of the other's face, not at once or never."""
    floor = Box((0, 0), (4, 1), 0.3)
    along, up = np.array([math.cos(0.3), math.sin(0.3)]), np.array([-math.sin(0.3), math.cos(0.3)])
    slider = Box(tuple(-9 * along + 2 * up), (1, 1), 0.3)
    result = sweep(slider, floor, tuple(8 * along))
    assert result.hit and result.time == pytest.approx(0.5, abs=1e-12)
    assert np.allclose(result.normal, -along, atol=1e-12)
    assert np.allclose(result.point, -4 * along + up, atol=1e-12)


@pytest.mark.parametrize("far", [1e6, 1e100, 1e150])
def test_far_out_and_fast_stays_finite(far):
    """At the largest coordinates the core takes, nothing overflows: the same answer, scaled."""
    for moving, still in [
        (Circle((0, 0), far / 100), Circle((far / 2, 0), far / 100)),
        (Circle((0, 0), far / 100), Box((far / 2, 0), (far / 100, far / 10))),
        (Box((0, 0), (far / 100, far / 100)), Circle((far / 2, 0), far / 100)),
        (Box((0, 0), (far / 100, far / 100)), Box((far / 2, 0), (far / 100, far / 100))),
    ]:
        result = sweep(moving, still, (far, 0))
        assert result.hit and result.time == pytest.approx(0.48, rel=1e-12)
        assert result.normal == (-1.0, 0.0)
        assert result.point.x == pytest.approx(0.49 * far, rel=1e-12)


BAD = {
    "nan displacement": (lambda box: sweep(box, box, (math.nan, 0)), "displacement x must be a finite number, got nan"),
    "inf displacement": (lambda box: sweep(box, box, (0, math.inf)), "displacement y must be a finite number, got inf"),
    "string displacement": (lambda box: sweep(box, box, ("1", 0)), "displacement x must be a number, got '1'"),
    "bool displacement": (lambda box: sweep(box, box, (True, 0)), "displacement x must be a number, got True"),
    "not a pair": (lambda box: sweep(box, box, 3.0), "displacement must be an (x, y) pair, got 3.0"),
    "three numbers": (lambda box: sweep(box, box, (1, 2, 3)), "displacement must be an (x, y) pair, got (1, 2, 3)"),
    "too far": (lambda box: sweep(box, box, (1e200, 0)), "displacement x is 1e+200: too far out"),
    "moving not a shape": (lambda box: sweep((0, 0), box, (1, 0)), "sweep needs a Polygon, Box, Circle or Capsule as moving, got tuple"),
    "still not a shape": (lambda box: sweep(box, "wall", (1, 0)), "sweep needs a Polygon, Box, Circle or Capsule as still, got str"),
}


@pytest.mark.parametrize("call, message", BAD.values(), ids=BAD.keys())
def test_bad_input_says_what_to_fix(call, message):
    with pytest.raises(ShapeError) as caught:
        call(Box((0, 0), (1, 1)))
    assert str(caught.value).startswith(message)


def test_result_fields():
    result = sweep(Circle((0, 0), 1), Circle((5, 0), 1), (10, 0))
    assert result == (True, 0.3, Vector(-1.0, 0.0), Vector(4.0, 0.0))
    assert sweep(Circle((0, 0), 1), Circle((5, 0), 1), (0, 10)) == (False, 1.0, Vector(0.0, 0.0), None)


def test_edge_on_edge_contact_is_the_middle_of_the_shared_stretch():
    """A turned box dropped flat onto a floor turned alike: the contact point is the middle of
    the stretch where the two faces meet, not one of its ends."""
    along, up = np.array([math.cos(0.3), math.sin(0.3)]), np.array([-math.sin(0.3), math.cos(0.3)])
    floor = Box((0, 0), (4, 1), 0.3)
    # Half over the floor's right end: the faces share the stretch from 3 to 4 along it.
    falling = Box(tuple(4 * along + 5 * up), (1, 1), 0.3)
    result = sweep(falling, floor, tuple(-6 * up))
    assert result.hit and result.time == pytest.approx(0.5, abs=1e-12)
    assert np.allclose(result.normal, up, atol=1e-12)
    assert np.allclose(result.point, 3.5 * along + up, atol=1e-12)


def test_what_sat_calls_touching_far_out_is_touching_at_the_start():
    """Boxes side by side a billion units out, turned alike, touch only to within rounding: sat
    says touching, and sweep agrees, time 0, even moving them apart."""
    for angle in np.linspace(0, 2 * np.pi, 50):
        along = np.array([math.cos(angle), math.sin(angle)])
        still = Box((1e9, -1e9), (1, 1), angle)
        moving = Box(tuple(np.asarray(still.center) + 2 * along), (1, 1), angle)
        assert sat(still, moving).colliding
        result = sweep(moving, still, tuple(3 * along))
        assert result.hit and result.time == 0.0
        assert np.allclose(result.normal, along, atol=1e-9)
