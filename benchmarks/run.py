"""Every speed figure of issue 10 beside its peers, measured in one process.

Run: python benchmarks/run.py            (about a minute; --quick for a rough pass,
     --only batch (or import, scalar, pairs, broadphase) for one table)

The machine is shared and noisy, so contestants take turns: each round runs every contestant
of a table once, and a figure is the median over the rounds, with its spread (the range of
the rounds, as a percentage of the median). A ratio is ours ÷ peer, of those medians: below
1 means ours is faster.

Peers written here:
- a plain pure-Python SAT (separating axis over every edge normal, projecting every vertex,
  stopping at the first gap, returning the MTV), the reference for scalar sat() on one pair
  called again and again; after a move it recomputes the moved polygon's world vertices, as
  sat() must;
- the same written as plain loops, on 2,000 different random pairs per case, each called once
  a round (many_pairs.py): sat()'s speed on a realistic workload, where nothing is hot in the
  cache but what the call itself touches;
- the best numpy box-against-box batch this file's author could write (the oriented-box
  test from centres, half sizes and angles, a block of rows at a time, as sat_many does:
  cos and sin from one complex exponential, the reported axis found without argmin, each
  block written straight into the outputs), the same with every temporary made once and
  written with out= (as sat_many keeps its own), and the same without blocks;
- numpy sort and sweep, vectorised (sort by min x, every box against the run of boxes that
  start before it ends, then the y test), and the common per-box loop over sorted boxes.
Installed libraries, where present (pip install -e ".[bench]"): pymunk and Box2D per call;
scipy's cKDTree, rtree and pyqtree for the broad phase.
"""

import argparse
import math
import random
import statistics
import subprocess
import sys
import time

import numpy as np

from collision import TOLERANCE, Box, Circle, box_vertices, regular_polygon, sat, sat_many
from collision.broadphase import find
from many_pairs import many_pairs_table

WORLD = (-620.0, -340.0, 170.0, 340.0)
"""The quadtree scene's world, whose spawn the broad-phase table copies."""


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


# ---------------------------------------------------------------- timing


def rounds(contestants, count, number):
    """Seconds per call of each contestant: ``count`` interleaved rounds of ``number`` calls.

    Each round takes the contestants in a new order (shuffled, the same every run): whatever
    runs right after a pure-Python loop or a big numpy one pays for the mess it left (numpy
    contestants measured 10-20% slower there), and a fixed order would always bill the same one.
    """
    times = {name: [] for name in contestants}
    order = random.Random(0)
    for _ in range(count):
        for name in order.sample(list(contestants), len(contestants)):
            call = contestants[name]
            began = time.perf_counter()
            for _ in range(number):
                call()
            times[name].append((time.perf_counter() - began) / number)
    return times


def figure(samples):
    middle = statistics.median(samples)
    return middle, (max(samples) - min(samples)) / middle * 100


def table(title, unit, scale, times, ours, goals=(), label=""):
    """Print one table: every contestant's median and spread, then ours ÷ each peer, each
    ratio line naming its table by ``label`` so that it can be quoted alone."""
    print(f"\n{title}")
    for name, samples in times.items():
        middle, spread = figure(samples)
        print(f"  {name:44} {middle * scale:10.2f} {unit}  spread {spread:4.0f}%")
    for mine in ours:
        for name in times:
            if name in ours:
                continue
            ratio = figure(times[mine])[0] / figure(times[name])[0]
            goal = dict(goals).get((mine, name))
            verdict = "" if goal is None else f"   goal <= {goal:.2f}x: {'met' if ratio <= goal else 'NOT MET'}"
            print(f"  ratio {label}{mine} ÷ {name}: {ratio:.2f}x{verdict}")


# ---------------------------------------------------------------- the pure-Python reference


def world(local, position, angle):
    """World vertices of a polygon given locally, as a list of (x, y) tuples."""
    c, s = math.cos(angle), math.sin(angle)
    px, py = position
    return [(c * x - s * y + px, s * x + c * y + py) for x, y in local]


def reference_sat(a, b):
    """MTV moving polygon b out of polygon a (lists of counter-clockwise world vertices), or
    None when an axis separates them; touching counts as colliding."""
    best, mtv = math.inf, None
    for polygon in (a, b):
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            length = math.hypot(x1 - x0, y1 - y0)
            nx, ny = (y1 - y0) / length, (x0 - x1) / length
            a_dots = [x * nx + y * ny for x, y in a]
            b_dots = [x * nx + y * ny for x, y in b]
            forward = max(a_dots) - min(b_dots)
            backward = max(b_dots) - min(a_dots)
            if forward < 0 or backward < 0:
                return None
            if forward < best:
                best, mtv = forward, (nx * forward, ny * forward)
            if backward < best:
                best, mtv = backward, (-nx * backward, -ny * backward)
    return mtv


def reference_sat_circle(polygon, centre, radius):
    """MTV moving the circle out of the polygon, or None; the extra axis runs from the
    polygon's nearest vertex to the centre."""
    cx, cy = centre
    vx, vy = min(polygon, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    axes = [((y1 - y0), (x0 - x1)) for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])]
    axes.append((cx - vx, cy - vy))
    best, mtv = math.inf, None
    for ax, ay in axes:
        length = math.hypot(ax, ay)
        nx, ny = ax / length, ay / length
        dots = [x * nx + y * ny for x, y in polygon]
        middle = cx * nx + cy * ny
        forward = max(dots) - (middle - radius)
        backward = middle + radius - min(dots)
        if forward < 0 or backward < 0:
            return None
        if forward < best:
            best, mtv = forward, (nx * forward, ny * forward)
        if backward < best:
            best, mtv = backward, (-nx * backward, -ny * backward)
    return mtv


# ---------------------------------------------------------------- scalar sat()


def local_of(shape):
    """A shape's local vertices as a list of tuples, as the reference keeps them."""
    return [tuple(v) for v in shape.local_vertices.tolist()]


def scalar_cases():
    """(name, A, B) as the tutorial scenes pose them."""
    yield "box-box colliding", Box((0, 0), (50, 30), 0.3), Box((60, 10), (40, 20), 1.1)
    yield "box-box separated", Box((0, 0), (50, 30), 0.3), Box((160, 10), (40, 20), 1.1)
    yield "hexagon-triangle colliding", regular_polygon(6, 50), regular_polygon(3, 40, (60, 0), 0.2)
    yield "box-circle colliding", Box((0, 0), (50, 30), 0.3), Circle((60, 20), 25)


def pymunk_pair(pymunk, a, b):
    """pymunk shapes for a and b, their bodies and their space: the caller keeps all three,
    as pymunk holds bodies weakly and frees the shapes with the space."""
    space = pymunk.Space()
    shapes, bodies = [], []
    for shape in (a, b):
        made, body = pymunk_shape(pymunk, shape)
        space.add(body, made)
        shapes.append(made)
        bodies.append(body)
    return shapes, bodies, space


def pymunk_shape(pymunk, shape):
    """pymunk's copy of ``shape`` (a polygon or a circle) on a kinematic body: (shape, body),
    its bounding box cached. The caller keeps the body: pymunk holds bodies weakly."""
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    body.position = tuple(shape.position)
    if isinstance(shape, Circle):
        made = pymunk.Circle(body, shape.radius)
    else:
        body.angle = shape.angle
        made = pymunk.Poly(body, local_of(shape))
    made.cache_bb()
    return made, body


def box2d_pair(box2d, a, b):
    """Box2D shapes and transforms for a and b, and the collide function for the pair."""
    made = []
    for shape in (a, b):
        transform = box2d.b2Transform()
        transform.position = tuple(shape.position)
        if isinstance(shape, Circle):
            made.append((box2d.b2CircleShape(radius=shape.radius), transform))
        else:
            transform.angle = shape.angle
            made.append((box2d.b2PolygonShape(vertices=local_of(shape)), transform))
    (shape_a, xf_a), (shape_b, xf_b) = made
    collide = box2d.b2CollidePolygonAndCircle if isinstance(b, Circle) else box2d.b2CollidePolygons
    return collide, shape_a, xf_a, shape_b, xf_b


def scalar_table(name, a, b, count, number):
    pymunk, box2d = optional("pymunk"), optional("Box2D")
    circle = isinstance(b, Circle)
    ref_a = [tuple(p) for p in a.world_vertices().tolist()]
    ref_b = None if circle else [tuple(p) for p in b.world_vertices().tolist()]
    contestants = {"sat()": lambda: sat(a, b)}
    if name.endswith("separated"):
        # The reference stops at the first gap; sat() reports every axis unless told not to.
        contestants["sat(early_exit=True)"] = lambda: sat(a, b, early_exit=True)
    if circle:
        centre, radius = tuple(b.center), b.radius
        contestants["pure-Python SAT reference"] = lambda: reference_sat_circle(ref_a, centre, radius)
    else:
        contestants["pure-Python SAT reference"] = lambda: reference_sat(ref_a, ref_b)
    expected = sat(a, b)
    reference = contestants["pure-Python SAT reference"]()
    assert (reference is not None) == expected.colliding, name
    if reference is not None:
        assert np.allclose(reference, expected.mtv, atol=1e-9), (name, reference, expected.mtv)
    if pymunk and expected.colliding:
        # pymunk 7's shapes_collide fails an assertion on a pair with no contact: not timed.
        (shape_a, shape_b), bodies, space = pymunk_pair(pymunk, a, b)
        contestants["pymunk shapes_collide"] = lambda: (bodies, space) and shape_a.shapes_collide(shape_b)
    if box2d:
        collide, *args = box2d_pair(box2d, a, b)
        manifold = box2d.b2Manifold()
        contestants["Box2D b2Collide*"] = lambda: collide(manifold, *args)
    goals = [((mine, "pure-Python SAT reference"), 1.0) for mine in ("sat()", "sat(early_exit=True)")]
    ours = [mine for mine in ("sat()", "sat(early_exit=True)") if mine in contestants]
    table(name + " (per call)", "us", 1e6, rounds(contestants, count, number), ours, goals, f"[{name}] ")


def moved_table(count, number):
    """box-box after B moves: each call sets B's position, alternating between two spots."""
    pymunk, box2d = optional("pymunk"), optional("Box2D")
    a, b = Box((0, 0), (50, 30), 0.3), Box((60, 10), (40, 20), 1.1)
    spots = [(60.0, 10.0), (61.0, 10.5)]
    state = {"k": 0}

    def next_spot():
        state["k"] ^= 1
        return spots[state["k"]]

    def ours():
        b.position = next_spot()
        return sat(a, b)

    ref_a = [tuple(p) for p in a.world_vertices().tolist()]
    local_b, angle_b = local_of(b), b.angle

    def reference():
        return reference_sat(ref_a, world(local_b, next_spot(), angle_b))

    contestants = {"sat()": ours, "pure-Python SAT reference": reference}
    if pymunk:
        (pymunk_a, pymunk_b), (body_a, body_b), space = pymunk_pair(pymunk, a, b)

        def with_pymunk():
            assert body_a and space
            body_b.position = next_spot()
            pymunk_b.cache_bb()
            return pymunk_a.shapes_collide(pymunk_b)

        contestants["pymunk shapes_collide"] = with_pymunk
    if box2d:
        collide, shape_a, xf_a, shape_b, xf_b = box2d_pair(box2d, a, b)
        manifold = box2d.b2Manifold()

        def with_box2d():
            xf_b.position = next_spot()
            return collide(manifold, shape_a, xf_a, shape_b, xf_b)

        contestants["Box2D b2Collide*"] = with_box2d
    goals = [(("sat()", "pure-Python SAT reference"), 1.25)]
    table("box-box after B moves (per call)", "us", 1e6, rounds(contestants, count, number), ["sat()"], goals, "[box-box moved] ")


# ---------------------------------------------------------------- batch narrow phase


def box_peer(ca, ha, aa, cb, hb, ab):
    """The oriented-box test for rows of box pairs given by centres, half sizes and angles:
    colliding, touching, depth, normal (N, 2), mtv (N, 2) with sat()'s conventions, the
    tolerance relative to each pair's largest coordinate included."""
    # cos + i sin of each angle from one complex exponential: cheaper than np.cos and np.sin.
    turn_a, turn_b = np.exp(1j * aa), np.exp(1j * ab)
    cos_a, sin_a, cos_b, sin_b = turn_a.real, turn_a.imag, turn_b.real, turn_b.imag
    dx, dy = cb[:, 0] - ca[:, 0], cb[:, 1] - ca[:, 1]
    hxa, hya, hxb, hyb = ha[:, 0], ha[:, 1], hb[:, 0], hb[:, 1]
    scale_a = np.maximum(np.abs(ca[:, 0]), np.abs(ca[:, 1])) + hxa + hya
    scale_b = np.maximum(np.abs(cb[:, 0]), np.abs(cb[:, 1])) + hxb + hyb
    tolerance = TOLERANCE * np.maximum(scale_a, scale_b)
    # The cosine and sine of the angle between the boxes, from B's turn less A's.
    relative = turn_b * turn_a.conj()
    cosine, sine = np.abs(relative.real), np.abs(relative.imag)
    count = len(dx)
    # Per axis (A's x axis, A's y axis, B's, B's): its x, its y, B's centre's distance from A's along it.
    table = np.empty((4, 3, count))
    table[:, 0] = cos_a, -sin_a, cos_b, -sin_b
    table[:, 1] = sin_a, cos_a, sin_b, cos_b
    table[:, 2] = dx * table[:, 0] + dy * table[:, 1]
    overlaps = np.stack([
        hxa + hxb * cosine + hyb * sine,
        hya + hxb * sine + hyb * cosine,
        hxa * cosine + hya * sine + hxb,
        hxa * sine + hya * cosine + hyb,
    ])
    overlaps -= np.abs(table[:, 2])
    best = np.minimum(np.minimum(overlaps[0], overlaps[1]), np.minimum(overlaps[2], overlaps[3]))
    gap = -tolerance
    parted = best < gap
    # The first separating axis, else the first least: the first axis that is either (a
    # separated row's least overlap separates too), found by counting the axes before it
    # (argmin and argmax along the first axis cost several times more).
    neither = (overlaps != best) & (overlaps >= gap)
    first = neither[0].astype(np.intp)
    run = neither[0] & neither[1]
    first += run
    first += run & neither[2]
    rows = np.arange(count)
    picked = table.reshape(12, count)[first * 3 + np.arange(3)[:, None], rows]
    sign = np.where(picked[2] < 0, -1.0, 1.0)
    nx, ny = picked[0] * sign, picked[1] * sign
    depth = np.where(parted, 0.0, np.maximum(best, 0.0))
    touching = ~parted & (depth <= tolerance)
    return ~parted, touching, depth, np.column_stack([nx, ny]), np.column_stack([nx * depth, ny * depth])


def box_peer_blocked(ca, ha, aa, cb, hb, ab, block=8192):
    """box_peer a block of rows at a time (its temporaries stay in the cache), each block's
    answers written straight into the outputs."""
    count = len(ca)
    colliding, touching = np.empty(count, dtype=bool), np.empty(count, dtype=bool)
    depth, normal, mtv = np.empty(count), np.empty((count, 2)), np.empty((count, 2))
    for s in range(0, count, block):
        rows = slice(s, s + block)
        colliding[rows], touching[rows], depth[rows], normal[rows], mtv[rows] = box_peer(ca[rows], ha[rows], aa[rows], cb[rows], hb[rows], ab[rows])
    return colliding, touching, depth, normal, mtv


def box_peer_buffered(ca, ha, aa, cb, hb, ab, block=8192):
    """box_peer_blocked's arithmetic with every temporary made once, as sat_many's box test
    keeps its own: each step writes into arrays that serve every block (out=), and the
    blocks are all of one size, the last reaching back over rows already done."""
    count = len(ca)
    colliding, touching = np.empty((2, count), dtype=bool)
    depth, normal, mtv = np.empty(count), np.empty((count, 2)), np.empty((count, 2))
    size = -(-count // -(-count // block))
    turn, product = np.empty((2, size), dtype=complex), np.empty((2, size), dtype=complex)
    offset, scale, trig, least = np.empty((2, size)), np.empty((2, 2, size)), np.empty((2, size)), np.empty((2, size))
    # Per axis: its x, its y, B's centre's distance from A's along it; then the overlaps and scratch.
    table, overlaps, work, tolerance, picked = np.empty((4, 3, size)), np.empty((4, size)), np.empty((4, size)), np.empty(size), np.empty((3, size))
    neither, passed, index = np.empty((4, size), dtype=bool), np.empty((4, size), dtype=bool), np.empty((3, size), dtype=np.intp)
    entries = np.arange(3)[:, None] * size + np.arange(size)
    for start in range(0, count, size):
        rows = slice(min(start, count - size), min(start, count - size) + size)
        for k, angles in enumerate((aa[rows], ab[rows])):
            np.exp(np.multiply(angles, 1j, out=product[k]), out=turn[k])
        np.multiply(turn[1], np.conjugate(turn[0], out=product[0]), out=product[1])
        cosine, sine = np.abs(product[1].real, out=trig[0]), np.abs(product[1].imag, out=trig[1])
        dx, dy = np.subtract(cb[rows].T, ca[rows].T, out=offset)
        for k, (centre, half) in enumerate(((ca[rows], ha[rows]), (cb[rows], hb[rows]))):
            np.abs(centre.T, out=scale[k])
            np.maximum(scale[k, 0], scale[k, 1], out=scale[k, 0])
            scale[k, 0] += half[:, 0]
            scale[k, 0] += half[:, 1]
        np.maximum(scale[0, 0], scale[1, 0], out=tolerance)
        tolerance *= TOLERANCE
        np.copyto(table[0::2, 0], turn.real)
        np.negative(turn.imag, out=table[1::2, 0])
        np.copyto(table[0::2, 1], turn.imag)
        np.copyto(table[1::2, 1], turn.real)
        along = np.multiply(dx, table[:, 0], out=table[:, 2])
        along += np.multiply(dy, table[:, 1], out=work)
        (hxa, hya), (hxb, hyb) = ha[rows].T, hb[rows].T
        # On A's axes: B's x half by (cos, sin) and y half by (sin, cos); on B's the same of A's.
        for axes, (hx, hy) in ((slice(0, 2), (hxb, hyb)), (slice(2, 4), (hxa, hya))):
            np.multiply(hx, trig, out=overlaps[axes])
            overlaps[axes] += np.multiply(hy, trig[::-1], out=work[axes])
        for k, own in enumerate((hxa, hya, hxb, hyb)):
            overlaps[k] += own
        overlaps -= np.abs(along, out=work)
        best, gap = least
        np.minimum(overlaps[0::2], overlaps[1::2], out=least)
        np.minimum(best, gap, out=best)
        np.negative(tolerance, out=gap)
        np.greater_equal(best, gap, out=colliding[rows])
        np.not_equal(overlaps, best, out=neither)
        neither &= np.greater_equal(overlaps, gap, out=passed)
        np.logical_and(neither[0], neither[1], out=passed[1])
        np.logical_and(passed[1], neither[2], out=passed[2])
        first = np.add(neither[0], passed[1], out=index[0], dtype=np.intp)
        first += passed[2]
        first *= 3 * size
        np.add(entries, first, out=index)
        x, y, distance = np.take(table, index, out=picked, mode="clip")
        flip = np.where(distance < 0, -1.0, 1.0)
        np.multiply(x, flip, out=normal[rows, 0])
        np.multiply(y, flip, out=normal[rows, 1])
        np.maximum(best, 0.0, out=depth[rows])
        depth[rows] *= colliding[rows]
        np.less_equal(depth[rows], tolerance, out=touching[rows])
        touching[rows] &= colliding[rows]
        np.multiply(normal[rows], depth[rows, None], out=mtv[rows])
    return colliding, touching, depth, normal, mtv


def batch_table(count, size):
    rng = np.random.default_rng(1)
    ca = rng.uniform(-100, 100, (size, 2))
    cb = ca + rng.uniform(-120, 120, (size, 2))
    ha, hb = rng.uniform(5, 80, (size, 2)), rng.uniform(5, 80, (size, 2))
    aa, ab = rng.uniform(0, 2 * np.pi, size), rng.uniform(0, 2 * np.pi, size)
    a, b = box_vertices(ca, ha, aa), box_vertices(cb, hb, ab)
    ours = sat_many(a, b)
    for peer in (box_peer_blocked(ca, ha, aa, cb, hb, ab), box_peer_buffered(ca, ha, aa, cb, hb, ab)):
        assert (ours.colliding == peer[0]).all() and (ours.touching == peer[1]).all()
        assert np.abs(ours.mtv - peer[4]).max() < 1e-9
    few = 2000
    boxes = [(Box(ca[i], ha[i], aa[i]), Box(cb[i], hb[i], ab[i])) for i in range(few)]
    worlds = [([tuple(p) for p in x.world_vertices().tolist()], [tuple(p) for p in y.world_vertices().tolist()]) for x, y in boxes]
    contestants = {
        "sat_many (vertices in)": lambda: sat_many(a, b),
        "numpy box peer, blocks (centres, halves, angles)": lambda: box_peer_blocked(ca, ha, aa, cb, hb, ab),
        "numpy box peer, blocks, arrays made once (out=)": lambda: box_peer_buffered(ca, ha, aa, cb, hb, ab),
        "numpy box peer, whole arrays": lambda: box_peer(ca, ha, aa, cb, hb, ab),
        f"sat() loop ({few} pairs, scaled)": lambda: [sat(x, y) for x, y in boxes],
        f"pure-Python reference loop ({few}, scaled)": lambda: [reference_sat(x, y) for x, y in worlds],
    }
    times = rounds(contestants, count, 1)
    for name in list(times)[4:]:
        times[name] = [t * size / few for t in times[name]]
    print(f"\nbatch narrow phase, {size:,} box pairs ({ours.colliding.mean():.0%} colliding)")
    for name, samples in times.items():
        middle, spread = figure(samples)
        print(f"  {name:48} {middle * 1e3:9.2f} ms  {size / middle / 1e6:6.2f} M pairs/s  spread {spread:4.0f}%")
    mine = figure(times["sat_many (vertices in)"])[0]
    for name in list(times)[1:]:
        ratio = mine / figure(times[name])[0]
        # Both block peers are the best numpy box batch written here, in two styles: the goal holds for each.
        goal = " goal <= 1.00x: " + ("met" if ratio <= 1.0 else "NOT MET") if name.startswith("numpy box peer, blocks") else ""
        print(f"  ratio [100k box pairs] sat_many ÷ {name}: {ratio:.3f}x{goal}")


# ---------------------------------------------------------------- broad phase


def scene_boxes(count, seed=2):
    """``count`` boxes as the quadtree scene spawns them: 6 to 26 wide in its world."""
    rng = np.random.default_rng(seed)
    size = rng.uniform(6, 26, (count, 2))
    low, high = np.array(WORLD[:2]), np.array(WORLD[2:])
    position = rng.uniform(low, high - size)
    return np.hstack([position, position + size])


def as_pairs(first, second):
    pairs = np.column_stack([np.minimum(first, second), np.maximum(first, second)])
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


def numpy_sweep(boxes):
    """Sort and sweep, vectorised: each box against the boxes that start before it ends,
    then the y test on contiguous columns in sorted order."""
    order = np.argsort(boxes[:, 0])
    low_x, high_x = boxes[order, 0], boxes[order, 2]
    low_y, high_y = boxes[order, 1], boxes[order, 3]
    ends = np.searchsorted(low_x, high_x, side="right")
    counts = ends - np.arange(len(order)) - 1
    first = np.repeat(np.arange(len(order)), counts)
    second = first + 1 + np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    keep = (low_y[first] <= high_y[second]) & (low_y[second] <= high_y[first])
    return order[first[keep]], order[second[keep]]


def numpy_sweep_loop(boxes):
    """Sort and sweep as it is usually written: a loop over the sorted boxes, numpy inside."""
    order = np.argsort(boxes[:, 0])
    ordered = boxes[order]
    ends = np.searchsorted(ordered[:, 0], ordered[:, 2], side="right")
    firsts, seconds = [], []
    for k in range(len(ordered)):
        run = ordered[k + 1 : ends[k]]
        hits = np.flatnonzero((run[:, 1] <= ordered[k, 3]) & (ordered[k, 1] <= run[:, 3])) + k + 1
        firsts.append(np.full(len(hits), k))
        seconds.append(hits)
    return order[np.concatenate(firsts)], order[np.concatenate(seconds)]


def kdtree_pairs(spatial, boxes):
    """scipy's cKDTree over centres, every pair within the largest reach (Chebyshev), then the AABB filter."""
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    reach = (boxes[:, 2:] - boxes[:, :2]).max()
    candidates = spatial.cKDTree(centres).query_pairs(reach, p=np.inf, output_type="ndarray")
    a, b = boxes[candidates[:, 0]], boxes[candidates[:, 1]]
    keep = (a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2]) & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])
    return candidates[keep, 0], candidates[keep, 1]


def rtree_pairs(rtree, boxes):
    """rtree's bulk-loaded index, one intersection query per box."""
    rows = boxes.tolist()
    index = rtree.index.Index((i, row, None) for i, row in enumerate(rows))
    firsts, seconds = [], []
    for i, row in enumerate(rows):
        for j in index.intersection(row):
            if j > i:
                firsts.append(i)
                seconds.append(j)
    return np.array(firsts, dtype=np.intp), np.array(seconds, dtype=np.intp)


def pyqtree_pairs(pyqtree, boxes):
    """pyqtree's quadtree, every box inserted, one intersect query per box."""
    rows = boxes.tolist()
    index = pyqtree.Index(bbox=tuple(np.concatenate([boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)])))
    for i, row in enumerate(rows):
        index.insert(i, row)
    firsts, seconds = [], []
    for i, row in enumerate(rows):
        for j in index.intersect(row):
            if j > i:
                firsts.append(i)
                seconds.append(j)
    return np.array(firsts, dtype=np.intp), np.array(seconds, dtype=np.intp)


def broadphase_table(count, size):
    boxes = scene_boxes(size)
    spatial, rtree, pyqtree = optional("scipy.spatial"), optional("rtree"), optional("pyqtree")
    if spatial is not None:
        import scipy.spatial as spatial
    expected = find(boxes, "brute").pairs if size <= 20_000 else None
    contestants = {
        'pairs(method="sweep")': lambda: find(boxes, "sweep"),
        'pairs(method="grid")': lambda: find(boxes, "grid"),
        "numpy sort-and-sweep, vectorised": lambda: numpy_sweep(boxes),
        "numpy sort-and-sweep, loop per box": lambda: numpy_sweep_loop(boxes),
    }
    if spatial is not None:
        contestants["scipy cKDTree + AABB filter"] = lambda: kdtree_pairs(spatial, boxes)
    slow = {}
    if rtree is not None:
        slow["rtree, one query per box"] = lambda: rtree_pairs(rtree, boxes)
    if pyqtree is not None:
        slow["pyqtree, one query per box"] = lambda: pyqtree_pairs(pyqtree, boxes)
    slow['pairs(method="quadtree")'] = lambda: find(boxes, "quadtree")
    for name, call in {**contestants, **slow}.items():
        found = call()
        found = found.pairs if hasattr(found, "pairs") else as_pairs(*found)
        assert expected is None or np.array_equal(found, expected), name
    times = rounds(contestants, count, 1)
    times.update(rounds(slow, max(3, count // 3), 1))
    sweep = find(boxes, "sweep")
    print(f"\nbroad phase, {size:,} boxes as the quadtree scene spawns them: {len(sweep.pairs):,} pairs;"
          f" candidates: sweep {sweep.candidates:,}, grid {find(boxes, 'grid').candidates:,},"
          f" quadtree {find(boxes, 'quadtree').candidates:,}, brute {size * (size - 1) // 2:,}")
    goals = [
        (('pairs(method="sweep")', "numpy sort-and-sweep, vectorised"), 1.0),
        (('pairs(method="sweep")', "numpy sort-and-sweep, loop per box"), 1.0),
        (('pairs(method="sweep")', "scipy cKDTree + AABB filter"), 1.5),
    ]
    table("", "ms", 1e3, times, ['pairs(method="sweep")'], goals, "[10k boxes] ")


# ---------------------------------------------------------------- start-up


def import_time(count):
    """Milliseconds that ``import collision`` and ``import numpy`` add to a bare interpreter's
    start, and that start: medians of ``count`` fresh interpreters each, taken in turns,
    and the best run of each (start-up only ever gets slower from what else the machine does)."""
    def run(code):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return (time.perf_counter() - began) * 1e3

    bare, numpy, loaded = [], [], []
    for _ in range(count):
        bare.append(run("pass"))
        numpy.append(run("import numpy"))
        loaded.append(run("import collision"))
    medians = [statistics.median(b - a for a, b in zip(bare, runs)) for runs in (loaded, numpy)]
    bests = [min(runs) - min(bare) for runs in (loaded, numpy)]
    return medians, bests, statistics.median(bare)


SECTIONS = ("import", "scalar", "pairs", "batch", "broadphase")
"""The tables main() prints, in order; --only picks some."""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds: rough figures in a few seconds")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="print only this table (repeat for more)")
    arguments = parser.parse_args()
    quick, sections = arguments.quick, arguments.only or SECTIONS
    count = 3 if quick else 9
    empty = min(timeit_empty() for _ in range(5))
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}; an empty call costs {empty * 1e9:.0f} ns here")
    if "import" in sections:
        count_imports = 3 if quick else 9
        (added, numpy_alone), (added_best, numpy_best), bare = import_time(count_imports)
        print(
            f"import collision: {added:.0f} ms on top of the interpreter's own start ({bare:.0f} ms), median of"
            f" {count_imports} fresh interpreters (best {added_best:.0f} ms); import numpy alone: {numpy_alone:.0f} ms"
            f" (best {numpy_best:.0f} ms)"
        )
    if "scalar" in sections:
        for name, a, b in scalar_cases():
            scalar_table(name, a, b, count, 500 if quick else 2000)
        moved_table(count, 500 if quick else 2000)
    if "pairs" in sections:
        many_pairs_table(5 if quick else 31)
    if "batch" in sections:
        # A round here takes a fraction of a second: more of them steady the medians.
        batch_table(5 if quick else 31, 100_000)
    if "broadphase" in sections:
        broadphase_table(count, 10_000)
    print("\nratios are ours ÷ peer of the medians; below 1 is faster")


def timeit_empty():
    began = time.perf_counter()
    for _ in range(100_000):
        pass
    return (time.perf_counter() - began) / 100_000


if __name__ == "__main__":
    main()
