"""The core against Box2D v3.1 itself, case by case, through its Python bindings (pyb2d3).

pyb2d3 exposes none of Box2D's low-level collide functions, so every case goes through a
Box2D world of its own, with no gravity:

- ray casts: ``cast_ray_closest`` with the shape alone in the world;
- manifolds: the begin-touch contact after one step (computed before the solver moves
  anything), A a static body and B a dynamic one at rest;
- times of impact: the pose continuous collision leaves a fast body in, against a static shape;
- tree queries: ``overlap_aabb`` on a world of static shapes, against our DynamicTree.

Every input is rounded to float32 first, so both sides start from the same numbers. Each
tolerance below comes from one of Box2D's own constants (Box2D v3.1, ``core.h`` and
``constants.h``), named where it is used. Each test runs twice, the second time with every
answer of ours moved by 1e-3 first (the ``perturb`` parameter): the same comparison must then
find disagreements, which shows that the tolerances are tight enough to see an error of that
size. Run with ``-m slow`` (under a minute); pyb2d3 comes with the ``box2d`` extra (pip
install -e ".[box2d]"). Measured here: 1,461 ray casts, 5,925 manifolds, 1,997 times of
impact and 1,000 tree queries compared, 0 disagreements; moved by 1e-3, 930, 3,650 and 1,997
of them disagree.
"""

import math

import numpy as np
import pytest
import shapely

from collision import Capsule, Circle, DynamicTree, Polygon, gjk, manifold, ray_cast
from collision.manifold import PREFER_A
from collision.toi import TARGET, time_of_impact

b2 = pytest.importorskip("pyb2d3")

pytestmark = pytest.mark.slow

LINEAR_SLOP = 0.005
"""Box2D's B2_LINEAR_SLOP: 0.5 cm, its collision and constraint tolerance, in metres."""

SPECULATIVE = 4 * LINEAR_SLOP
"""B2_SPECULATIVE_DISTANCE: Box2D keeps manifold points this far apart (the issue measured 0.02)."""

TOI_TOLERANCE = 0.25 * LINEAR_SLOP
"""b2TimeOfImpact's tolerance: it stops within a quarter of linearSlop of its target distance."""

AABB_MARGIN = 0.1
"""B2_AABB_MARGIN: how far Box2D's fat boxes reach beyond a shape's box (0.1 m; static
shapes get less). overlap_aabb reports shapes by their fat boxes."""

REFERENCE_TIE = 0.1 * LINEAR_SLOP
"""b2CollidePolygons' tie width: B's face is the reference only if it parts the shapes by more
than A's plus this; and cores closer than it are clipped, not joined by their nearest points."""

ROUNDING = 5e-5
"""Box2D computes in float32: FLT_EPSILON (1.2e-7) times coordinates within 8 m, a few
operations deep, is about 1e-5 m. Answers may differ by this much, a hundredth of linearSlop,
and a 1e-3 error is twenty times it."""

CASES = 2000
"""Cases for each comparison: thousands in all."""

DT = 1 / 60


def f32(values):
    return np.asarray(values, dtype=np.float32).astype(np.float64)


# ---------------------------------------------------------------- shapes on both sides


def random_shape(rng, centre, kinds=("box", "polygon", "circle", "capsule", "rounded")):
    """One of our shapes and its Box2D geometry, from the same float32 numbers, in world
    coordinates about ``centre`` (a body at the origin holds it)."""
    kind = kinds[int(rng.integers(len(kinds)))]
    cx, cy = centre
    if kind == "circle":
        (x, y), r = f32((cx, cy)), float(f32(rng.uniform(0.3, 1.2)))
        return Circle((x, y), r), b2.circle((x, y), r)
    if kind == "capsule":
        angle, half = rng.uniform(0, math.pi), rng.uniform(0.3, 1.2)
        ends = f32([(cx - half * math.cos(angle), cy - half * math.sin(angle)), (cx + half * math.cos(angle), cy + half * math.sin(angle))])
        r = float(f32(rng.uniform(0.1, 0.6)))
        return Capsule(tuple(ends[0]), tuple(ends[1]), r), b2.capsule(tuple(ends[0]), tuple(ends[1]), r)
    if kind in ("box", "rounded"):
        hx, hy, angle = rng.uniform(0.3, 1.2), rng.uniform(0.3, 1.2), rng.uniform(0, math.pi)
        c, s = math.cos(angle), math.sin(angle)
        corners = [(cx + c * x - s * y, cy + s * x + c * y) for x, y in ((-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy))]
    else:
        # Corners on an ellipse, far enough apart that Box2D's hull keeps every one of them.
        count = int(rng.integers(3, 9))
        turns = np.sort(rng.uniform(0, 2 * math.pi, count))
        while count > 3 and np.min(np.diff(np.append(turns, turns[0] + 2 * math.pi))) < 0.35:
            turns = np.sort(rng.uniform(0, 2 * math.pi, count))
        rx, ry = rng.uniform(0.4, 1.3, 2)
        corners = [(cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in turns]
    radius = float(f32(rng.uniform(0.05, 0.4))) if kind == "rounded" else 0.0
    geometry = b2.polygon(points=f32(corners), radius=radius) if radius else b2.polygon(points=f32(corners))
    # Box2D's hull may start elsewhere: our polygon takes its vertices as Box2D keeps them.
    vertices = [(float(x), float(y)) for x, y in geometry.vertices[: geometry.count]]
    return Polygon(vertices, radius=radius), geometry


def add_shape(body, geometry, **options):
    definition = b2.shape_def(**options)
    if isinstance(geometry, b2.Circle):
        return body.create_circle_shape(definition, geometry)
    if isinstance(geometry, b2.Capsule):
        return body.create_capsule_shape(definition, geometry)
    return body.create_polygon_shape(definition, geometry)


def core_geometry(shape):
    """The shape's core for GEOS, and its radius: what the exact distances are measured from."""
    if isinstance(shape, Circle):
        return shapely.Point(shape.center), shape.radius
    if isinstance(shape, Capsule):
        return shapely.LineString(shape.world_points()), shape.radius
    return shapely.Polygon(shape.world_vertices()), shape.radius


def distance_to(shape, geometry):
    """GEOS's distance from ``geometry`` to the shape (negative inside the rounding only)."""
    core, radius = core_geometry(shape)
    return core.distance(geometry) - radius


def turned(vector, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (c * vector[0] - s * vector[1], s * vector[0] + c * vector[1])


@pytest.fixture(params=[0.0, 1e-3], ids=["as-is", "perturbed"])
def perturb(request):
    return request.param


def judge(disagreements, compared, perturb):
    """As is: none. Perturbed by 1e-3: the comparison must see it, in most cases."""
    if perturb:
        assert len(disagreements) > compared // 2, f"a 1e-3 error went unseen: {len(disagreements)} of {compared}"
    else:
        assert not disagreements, f"{len(disagreements)} of {compared} disagree, e.g. {disagreements[:3]}"


# ---------------------------------------------------------------- ray casts


def test_ray_casts_agree(perturb):
    rng = np.random.default_rng(351)
    disagreements, compared = [], 0
    for case in range(CASES):
        shape, geometry = random_shape(rng, f32(rng.uniform(-3, 3, 2)))
        # From a point outside, at the shape or past it.
        start = f32(rng.uniform(-8, 8, 2))
        aim = np.array(shape.aabb()).reshape(2, 2).mean(axis=0) + rng.uniform(-1.5, 1.5, 2)
        translation = f32((aim - start) * rng.uniform(0.6, 2.0))
        ray = shapely.LineString([start, start + translation])
        # The origin within rounding of the shape, or the segment grazing it, or ending at
        # it: either answer is right, so neither is compared.
        if distance_to(shape, shapely.Point(start)) < 10 * ROUNDING or abs(distance_to(shape, ray)) < 10 * ROUNDING:
            continue
        if abs(distance_to(shape, shapely.Point(start + translation))) < 10 * ROUNDING:
            continue
        # A rounded polygon: Box2D reports a hit only once the ray reaches linearSlop inside
        # (within a quarter of it, below), so a ray that dips in less is either.
        band = LINEAR_SLOP + TOI_TOLERANCE + ROUNDING
        if isinstance(shape, Polygon) and shape.radius:
            if distance_to(shape, ray) > -band or abs(distance_to(shape, shapely.Point(start + translation))) < band:
                continue
        world = b2.World(gravity=(0, 0))
        add_shape(world.create_static_body(position=(0, 0)), geometry)
        theirs = world.cast_ray_closest(tuple(start), tuple(translation))
        ours = ray_cast(shape, tuple(start), tuple(translation))
        fraction = ours.fraction + perturb
        normal = turned(ours.normal, perturb)
        compared += 1
        length = math.hypot(*translation)
        if ours.hit != theirs.hit:
            disagreements.append((case, "hit", ours.hit, theirs.hit))
        elif ours.hit and isinstance(shape, Polygon) and shape.radius:
            # A rounded polygon: Box2D casts a point at the core (b2ShapeCast), which stops
            # when the point is max(linearSlop, radius - linearSlop) from the core, within a
            # quarter of linearSlop: linearSlop inside our surface, measured along the normal.
            inside = (theirs.fraction - fraction) * -(translation[0] * normal[0] + translation[1] * normal[1])
            target = shape.radius - max(LINEAR_SLOP, shape.radius - LINEAR_SLOP)
            if abs(inside - target) > TOI_TOLERANCE + ROUNDING:
                disagreements.append((case, "rounded fraction", fraction, theirs.fraction, inside))
            # On a flat side the normal is the side's; on a rounded corner it turns with the point.
            flat = any(math.hypot(normal[0] - nx, normal[1] - ny) <= 1e-4 for nx, ny in shape.normals())
            if flat and math.hypot(normal[0] - theirs.normal[0], normal[1] - theirs.normal[1]) > 1e-4:
                disagreements.append((case, "normal", normal, tuple(theirs.normal)))
        elif ours.hit:
            # The hit point along the ray: within rounding, in metres.
            if abs(fraction - theirs.fraction) * length > ROUNDING:
                disagreements.append((case, "fraction", fraction, theirs.fraction))
            # The normal, unless the point is a corner, where either face's normal is right.
            corner = isinstance(shape, Polygon) and shapely.Point(ours.point).distance(shapely.MultiPoint(shape.world_vertices())) < 10 * ROUNDING
            if not corner and math.hypot(normal[0] - theirs.normal[0], normal[1] - theirs.normal[1]) > 1e-4:
                disagreements.append((case, "normal", normal, tuple(theirs.normal)))
    assert compared > 0.6 * CASES
    judge(disagreements, compared, perturb)


# ---------------------------------------------------------------- manifolds


def box2d_manifold(geometry_a, geometry_b):
    """The begin-touch manifold of A (static) and B (dynamic, at rest) after one step, as
    (A is Box2D's shape A, normal, [(point, separation)]); None when they do not touch."""
    world = b2.World(gravity=(0, 0))
    shape_a = add_shape(world.create_static_body(position=(0, 0)), geometry_a, enable_contact_events=True)
    add_shape(world.create_dynamic_body(position=(0, 0)), geometry_b, enable_contact_events=True)
    world.step(DT, 4)
    for event in world.get_contact_events().begin_events():
        found = event.manifold
        points = [(tuple(p.point), p.separation) for p in list(found.points())[: found.point_count]]
        return event.shape_a.id == shape_a.id, tuple(found.normal), points
    return None


def compare_manifold(ours, theirs, perturb):
    """What differs between our manifold and Box2D's (a list of reasons, empty if none)."""
    reasons = []
    normal = turned(ours.normal, perturb)
    mine = [((p.point.x + perturb * normal[0], p.point.y + perturb * normal[1]), p.separation + perturb) for p in ours.points]
    if theirs is None:
        # Box2D keeps points to the speculative distance: no contact means a gap wider than
        # that, and ours must have no points either.
        return ["points where Box2D has no contact"] if mine else []
    _, their_normal, their_points = theirs
    # Box2D's points with a gap are speculative (up to SPECULATIVE); ours are only those that
    # touch or overlap. Points within rounding of touching may be on either side.
    wanted = [(p, s) for p, s in their_points if s < -ROUNDING]
    allowed = [(p, s) for p, s in their_points if s <= ROUNDING]
    for point, separation in mine:
        if not any(math.dist(point, p) <= ROUNDING and abs(separation - s) <= ROUNDING for p, s in allowed):
            reasons.append(("our point not Box2D's", point, separation))
    for point, separation in wanted:
        if not any(math.dist(point, p) <= ROUNDING and abs(separation - s) <= ROUNDING for p, s in mine):
            reasons.append(("Box2D's point not ours", point, separation))
    if mine and math.hypot(normal[0] - their_normal[0], normal[1] - their_normal[1]) > 1e-4:
        reasons.append(("normal", normal, their_normal))
    return reasons


def within_slop_of_clipping(a, b, ours, theirs):
    """Two capsules: Box2D keeps its clipped pair of points when a clipped end lies within
    linearSlop of the segments' distance, we only when it lies at it (within rounding), and
    otherwise give the one point between the nearest points. In that window of linearSlop,
    Box2D's two points and our one are both right."""
    if not (isinstance(a, Capsule) and isinstance(b, Capsule)) or theirs is None or len(ours.points) != 1 or len(theirs[2]) != 2:
        return False
    nearest = min(separation for _, separation in theirs[2])
    return ROUNDING < nearest - ours.points[0].separation <= LINEAR_SLOP + ROUNDING


def face_separations(shape, other):
    """How far the shape's core face that parts the cores most does so: each edge's outward
    normal (a capsule's two sides), the least of ``other``'s core points along it. None for a
    circle, which has no face."""
    if isinstance(shape, Circle):
        return None
    points = shape.world_points() if isinstance(shape, Capsule) else shape.world_vertices()
    others = [other.center] if isinstance(other, Circle) else (other.world_points() if isinstance(other, Capsule) else other.world_vertices())
    best = -math.inf
    for p, q in zip(points, np.roll(points, -1, axis=0)):
        edge = q - p
        normal = np.array([edge[1], -edge[0]]) / np.hypot(*edge)
        best = max(best, min(float(np.dot(normal, np.subtract(o, p))) for o in others))
    return best


def reference_tie(a, b):
    """Whether the reference face is a near tie, which Box2D and we may settle either way:
    Box2D takes B's face only if it parts the shapes by REFERENCE_TIE more than A's does
    (b2CollideCapsules by any amount), we by PREFER_A of the smaller core's size."""
    first, second = face_separations(a, b), face_separations(b, a)
    if first is None or second is None:
        return False
    return abs(first - second) <= REFERENCE_TIE + PREFER_A * min(core_size(a), core_size(b)) + ROUNDING


def core_size(shape):
    """The larger side of the core's bounding box: what our PREFER_A is a fraction of."""
    points = shape.world_points() if isinstance(shape, Capsule) else shape.world_vertices()
    return float(np.max(np.ptp(points, axis=0)))


def clipped_or_joined(first, second):
    """Whether rounded polygons' cores lie apart by less than REFERENCE_TIE: Box2D clips
    there, we join the nearest features, and both are right within that width."""
    if not all(isinstance(shape, Polygon) for shape in (first, second)) or not (first.radius or second.radius):
        return False
    return 0.0 < max(face_separations(first, second), face_separations(second, first)) <= REFERENCE_TIE + ROUNDING


@pytest.mark.parametrize(
    "kinds",
    [("box", "polygon", "rounded"), ("circle", "box", "polygon", "capsule", "rounded"), ("capsule",)],
    ids=["polygons", "circles-and-capsules", "capsule-pairs"],
)
def test_manifolds_agree(kinds, perturb):
    rng = np.random.default_rng(352 + len(kinds))
    disagreements, compared, either = [], 0, 0
    for case in range(CASES):
        centre = f32(rng.uniform(-2, 2, 2))
        first, geometry_a = random_shape(rng, centre, kinds)
        # B near A: overlapping, touching or just apart.
        second, geometry_b = random_shape(rng, centre + f32(rng.uniform(-1.8, 1.8, 2)), kinds)
        theirs = box2d_manifold(geometry_a, geometry_b)
        a, b = (first, second) if theirs is None or theirs[0] else (second, first)
        ours = manifold(a, b)
        if reference_tie(a, b) or clipped_or_joined(a, b) or within_slop_of_clipping(a, b, ours, theirs):
            # Within one of Box2D's widths, where either answer is right: not compared.
            either += 1
            continue
        compared += 1
        reasons = compare_manifold(ours, theirs, perturb)
        # Box2D makes the contact once the shapes are within the speculative distance: our
        # GJK distance says the same, but within rounding of that distance.
        distance = gjk(a, b).distance
        if (theirs is not None) != (distance <= SPECULATIVE) and abs(distance - SPECULATIVE) > ROUNDING:
            reasons.append(("contact at distance", distance, theirs is not None))
        if reasons:
            disagreements.append((case, reasons))
    assert either < 0.05 * CASES
    judge(disagreements, compared, perturb)


# ---------------------------------------------------------------- times of impact


def box2d_pose(geometry_a, geometry_b, start, displacement):
    """Where continuous collision leaves B (dynamic, starting at ``start``, moving by
    ``displacement`` in one step) against A (static): B's position after the step."""
    world = b2.World(gravity=(0, 0), maximum_linear_speed=1e4)
    add_shape(world.create_static_body(position=(0, 0)), geometry_a)
    body = world.create_dynamic_body(position=tuple(start), linear_velocity=tuple(displacement / DT))
    add_shape(body, geometry_b)
    world.step(DT, 4)
    return np.array(body.position, dtype=np.float64)


def test_times_of_impact_agree(perturb):
    rng = np.random.default_rng(353)
    disagreements, compared = [], 0
    for case in range(CASES):
        first, geometry_a = random_shape(rng, (0.0, 0.0))
        # B around its own origin, starting 4 to 6 m away and flying at A's middle, 6 to 9 m
        # in the step: fast enough for continuous collision (over half its size a step).
        local, geometry_b = random_shape(rng, (0.0, 0.0))
        heading = rng.uniform(0, 2 * math.pi)
        start = f32(np.array([math.cos(heading), math.sin(heading)]) * rng.uniform(4, 6))
        displacement = f32(-start / np.linalg.norm(start) * rng.uniform(6, 9) + rng.uniform(-0.3, 0.3, 2))
        second = _placed(local, start)
        found = time_of_impact(first, (0.0, 0.0), second, tuple(displacement))
        if not found.hit:
            continue
        # Box2D stops when the cores are its target apart, max(linearSlop, radii -
        # linearSlop), within a quarter of linearSlop: the gap between the surfaces is then
        # that target less the radii.
        radii = first.radius + second.radius
        gap = max(LINEAR_SLOP, radii - LINEAR_SLOP) - radii
        # Our time is the touch, stopped up to TARGET of the smaller size short of it. Near
        # the touch the gap closes at the speed along the normal, so Box2D's pose lies where
        # that speed has closed all but ``gap``.
        closing = -(displacement[0] * found.normal.x + displacement[1] * found.normal.y)
        pose = box2d_pose(geometry_a, geometry_b, start, displacement)
        travelled = float(np.dot(pose - start, displacement) / np.dot(displacement, displacement))
        implied = (found.time + perturb - travelled) * closing
        # Ours stops short of the touch by up to its target, TARGET of the smaller shape's
        # size, which lowers the gap implied by as much.
        ours_short = TARGET * min(_size(first), _size(second))
        compared += 1
        if not (gap - TOI_TOLERANCE - ROUNDING - ours_short <= implied <= gap + TOI_TOLERANCE + ROUNDING):
            disagreements.append((case, implied, gap, found.time, travelled))
    assert compared > 0.6 * CASES
    judge(disagreements, compared, perturb)


def _size(shape):
    """The larger side of the shape's bounding box, as time_of_impact measures its size."""
    low_x, low_y, high_x, high_y = shape.aabb()
    return max(high_x - low_x, high_y - low_y)


def _placed(shape, offset):
    """``shape`` (made about the origin) moved to ``offset``, as the dynamic body's is."""
    x, y = float(offset[0]), float(offset[1])
    if isinstance(shape, Circle):
        return Circle((shape.center[0] + x, shape.center[1] + y), shape.radius)
    if isinstance(shape, Capsule):
        (p, q) = shape.world_points()
        return Capsule(tuple(p), tuple(q), shape.radius, position=(x, y))
    return Polygon(shape.world_vertices(), position=(x, y), radius=shape.radius)


# ---------------------------------------------------------------- tree queries


def test_tree_queries_agree():
    """Box2D reports the shapes whose fat boxes overlap the query box; our DynamicTree the
    boxes that do. Every box of ours must be among Box2D's, and every one only Box2D reports
    must lie within AABB_MARGIN of the query. (A 1e-3 error cannot show here: Box2D's own
    answer is 0.04 m fat. tests/core/test_dynamic_tree.py checks ours against brute force.)"""
    rng = np.random.default_rng(354)
    disagreements, compared = [], 0
    for _ in range(10):
        world = b2.World(gravity=(0, 0))
        body = world.create_static_body(position=(0, 0))
        tree, names = DynamicTree(margin=0.0), {}
        for k in range(300):
            shape, geometry = random_shape(rng, f32(rng.uniform(-30, 30, 2)))
            names[add_shape(body, geometry).id] = k
            tree.insert(shape.aabb(), k)
        for _ in range(100):
            low = f32(rng.uniform(-32, 28, 2))
            box = (*low, *(low + f32(rng.uniform(0.1, 6, 2))))
            found = []
            world.overlap_aabb(b2.aabb(tuple(box[:2]), tuple(box[2:])), lambda shape: found.append(names[shape.id]))
            ours = set(tree.query(box).items)
            compared += 1
            if not ours <= set(found):
                disagreements.append(("ours, not Box2D's", sorted(ours - set(found))))
            for k in set(found) - ours:
                x0, y0, x1, y1 = tree.bounds(k)
                reach = max(x0 - box[2], box[0] - x1, y0 - box[3], box[1] - y1)
                if reach > AABB_MARGIN:
                    disagreements.append(("Box2D's, beyond its margin", k, reach))
    assert not disagreements, disagreements[:3]
    assert compared == 1000
