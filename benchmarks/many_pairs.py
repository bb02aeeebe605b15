"""Per-call sat() on a realistic workload: 2,000 different random pairs per case, against
a SAT written as plain loops (issue 20).

Timing one pair again and again keeps everything that pair touches in the cache; a scene or
a game asks about many different pairs, and then much of a call's time is fetching what it
touches from memory. Here each pair's shapes are built and placed once (sat() places a shape
when first asked), with the reference's copy of the pair made at the same moment, so that
neither side's data lies in memory more favourably than the other's. Each round then calls
every pair once with sat() and once with the reference, the two loops taking turns (which
goes first alternates), and a round's ratio is ours ÷ reference on the same pairs. A case's
figure is the median of those paired ratios over the rounds.

The reference is what a student would write from the tutorials, as plain loops in one
function (no helper calls, so none of their cost): each edge normal of A, then of B,
normalised; every vertex projected onto it, keeping a running minimum and maximum in ``if``
statements (no list comprehensions, no ``min`` or ``max`` calls); out at the first gap;
otherwise the least overlap and its direction. A circle adds the axis from the polygon's
nearest vertex to its centre. After B moves, the reference adds B's new position to its
turned vertices (kept from when B was made, as a turned shape keeps them), as sat() must.
Its two projection loops are written out twice on purpose: a helper would charge the
reference for calls that sat() is measured against.
"""

import math
import random
import statistics
import time

from collision import Box, Circle, regular_polygon, sat

PAIRS = 2000
"""Pairs per case."""

GOALS = {
    "box-box colliding": 1.0,
    "box-box separated, bounds overlapping": 1.0,
    "box-box after moving B": 1.25,
    "hexagon-triangle colliding": 1.0,
    "box-circle colliding": 1.0,
}
"""Issues 20 and 36's ceiling for each case's median ratio, sat() ÷ the tight loop."""


# ---------------------------------------------------------------- the plain-loop reference


def plain_sat(a, b):
    """The MTV that moves polygon ``b`` out of polygon ``a`` (lists of counter-clockwise world
    vertices) as (x, y), or None when an axis separates them; touching counts as colliding."""
    best = math.inf
    best_x = best_y = 0.0
    for polygon in (a, b):
        count = len(polygon)
        for i in range(count):
            x0, y0 = polygon[i]
            x1, y1 = polygon[(i + 1) % count]
            length = math.hypot(x1 - x0, y1 - y0)
            nx = (y1 - y0) / length
            ny = (x0 - x1) / length
            x, y = a[0]
            a_low = a_high = x * nx + y * ny
            for x, y in a:
                dot = x * nx + y * ny
                if dot < a_low:
                    a_low = dot
                elif dot > a_high:
                    a_high = dot
            x, y = b[0]
            b_low = b_high = x * nx + y * ny
            for x, y in b:
                dot = x * nx + y * ny
                if dot < b_low:
                    b_low = dot
                elif dot > b_high:
                    b_high = dot
            forward = a_high - b_low
            backward = b_high - a_low
            if forward < 0 or backward < 0:
                return None
            if forward < best:
                best, best_x, best_y = forward, nx, ny
            if backward < best:
                best, best_x, best_y = backward, -nx, -ny
    return best_x * best, best_y * best


def plain_sat_circle(polygon, centre, radius):
    """The MTV that moves the circle out of the polygon, or None; the extra axis runs from
    the polygon's nearest vertex to the centre."""
    cx, cy = centre
    near_x, near_y = polygon[0]
    nearest = (near_x - cx) * (near_x - cx) + (near_y - cy) * (near_y - cy)
    for x, y in polygon:
        distance = (x - cx) * (x - cx) + (y - cy) * (y - cy)
        if distance < nearest:
            nearest, near_x, near_y = distance, x, y
    axes = []
    count = len(polygon)
    for i in range(count):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % count]
        axes.append((y1 - y0, x0 - x1))
    axes.append((cx - near_x, cy - near_y))
    best = math.inf
    best_x = best_y = 0.0
    for ax, ay in axes:
        length = math.hypot(ax, ay)
        nx, ny = ax / length, ay / length
        x, y = polygon[0]
        low = high = x * nx + y * ny
        for x, y in polygon:
            dot = x * nx + y * ny
            if dot < low:
                low = dot
            elif dot > high:
                high = dot
        middle = cx * nx + cy * ny
        forward = high - (middle - radius)
        backward = middle + radius - low
        if forward < 0 or backward < 0:
            return None
        if forward < best:
            best, best_x, best_y = forward, nx, ny
        if backward < best:
            best, best_x, best_y = backward, -nx, -ny
    return best_x * best, best_y * best


# ---------------------------------------------------------------- the tight-loop reference


def tight_sat(a, b):
    """plain_sat as tight as plain Python goes (issue 36): each polygon's vertex list walked
    directly, every edge from the vertex before (no ``range``, no ``%``), normalised with
    ``math.sqrt``, the projections' minimum and maximum kept with ``if``/``elif``, out at the
    first gap. The reference sat()'s per-call goals are set against."""
    sqrt = math.sqrt
    best = math.inf
    best_x = best_y = 0.0
    for polygon in (a, b):
        px, py = polygon[-1]
        for x, y in polygon:
            ex, ey = x - px, y - py
            px, py = x, y
            length = sqrt(ex * ex + ey * ey)
            nx, ny = ey / length, -ex / length
            x0, y0 = a[0]
            a_low = a_high = x0 * nx + y0 * ny
            for x0, y0 in a:
                dot = x0 * nx + y0 * ny
                if dot < a_low:
                    a_low = dot
                elif dot > a_high:
                    a_high = dot
            x0, y0 = b[0]
            b_low = b_high = x0 * nx + y0 * ny
            for x0, y0 in b:
                dot = x0 * nx + y0 * ny
                if dot < b_low:
                    b_low = dot
                elif dot > b_high:
                    b_high = dot
            forward = a_high - b_low
            backward = b_high - a_low
            if forward < 0 or backward < 0:
                return None
            if forward < best:
                best, best_x, best_y = forward, nx, ny
            if backward < best:
                best, best_x, best_y = backward, -nx, -ny
    return best_x * best, best_y * best


def tight_sat_circle(polygon, centre, radius):
    """plain_sat_circle as tight: the nearest vertex's axis first (it separates most often
    when the circle is off a corner), then each edge from the vertex before."""
    sqrt = math.sqrt
    cx, cy = centre
    near_x, near_y = polygon[0]
    nearest = (near_x - cx) * (near_x - cx) + (near_y - cy) * (near_y - cy)
    for x, y in polygon:
        distance = (x - cx) * (x - cx) + (y - cy) * (y - cy)
        if distance < nearest:
            nearest, near_x, near_y = distance, x, y
    best = math.inf
    best_x = best_y = 0.0
    px, py = polygon[-1]
    axes = [(cx - near_x, cy - near_y)]
    for x, y in polygon:
        axes.append((y - py, px - x))
        px, py = x, y
    for ax, ay in axes:
        length = sqrt(ax * ax + ay * ay)
        nx, ny = ax / length, ay / length
        x, y = polygon[0]
        low = high = x * nx + y * ny
        for x, y in polygon:
            dot = x * nx + y * ny
            if dot < low:
                low = dot
            elif dot > high:
                high = dot
        middle = cx * nx + cy * ny
        forward = high - (middle - radius)
        backward = middle + radius - low
        if forward < 0 or backward < 0:
            return None
        if forward < best:
            best, best_x, best_y = forward, nx, ny
        if backward < best:
            best, best_x, best_y = backward, -nx, -ny
    return best_x * best, best_y * best


# ---------------------------------------------------------------- the pairs


def _points(shape):
    return [tuple(p) for p in shape.world_vertices().tolist()]


def _bounds_overlap(a, b):
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.aabb(), b.aabb()
    return ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1


def _box(rng, centre):
    return Box(centre, (rng.uniform(5, 60), rng.uniform(5, 60)), rng.uniform(0, 2 * math.pi))


def _near(rng, reach):
    return (rng.uniform(-reach, reach), rng.uniform(-reach, reach))


def _pairs(rng, make, keep):
    """PAIRS pairs from ``make(rng)`` that ``keep(a, b)`` accepts, each ``(a, b, row)``: ``row``
    is the reference's copy of the pair, made with it, as a program keeps its shapes. Both
    sides are placed then (sat() places a shape when first asked), so neither side's data is
    laid out in memory more favourably than the other's."""
    pairs = []
    while len(pairs) < PAIRS:
        a, b = make(rng)
        if keep(a, b):
            sat(a, b)
            pairs.append((a, b, _row(a, b)))
    return pairs


def _row(a, b):
    """The pair as the reference takes it: vertex lists (and a circle's centre and radius)."""
    if isinstance(b, Circle):
        return _points(a), tuple(b.center), b.radius
    return _points(a), _points(b)


def _colliding(a, b):
    if isinstance(b, Circle):
        return plain_sat_circle(*_row(a, b)) is not None
    return plain_sat(*_row(a, b)) is not None


def cases(seed=20):
    """(name, pairs, moves) per case: ``moves`` is None, or per pair the two positions B
    alternates between."""
    rng = random.Random(seed)

    def boxes(rng):
        a = _box(rng, _near(rng, 500))
        return a, _box(rng, tuple(p + d for p, d in zip(a.position, _near(rng, 90))))

    yield "box-box colliding", _pairs(rng, boxes, _colliding), None
    yield (
        "box-box separated, bounds overlapping",
        _pairs(rng, boxes, lambda a, b: _bounds_overlap(a, b) and not _colliding(a, b)),
        None,
    )
    moved = _pairs(rng, boxes, _colliding)
    moves = [(tuple(b.position), (b.position.x + rng.uniform(-3, 3), b.position.y + rng.uniform(-3, 3))) for _, b, _ in moved]
    yield "box-box after moving B", moved, moves

    def hexagon_triangle(rng):
        a = regular_polygon(6, rng.uniform(10, 60), _near(rng, 500), rng.uniform(0, 2 * math.pi))
        centre = tuple(p + d for p, d in zip(a.position, _near(rng, 90)))
        return a, regular_polygon(3, rng.uniform(10, 60), centre, rng.uniform(0, 2 * math.pi))

    yield "hexagon-triangle colliding", _pairs(rng, hexagon_triangle, _colliding), None

    def box_circle(rng):
        a = _box(rng, _near(rng, 500))
        return a, Circle(tuple(p + d for p, d in zip(a.position, _near(rng, 80))), rng.uniform(5, 40))

    yield "box-circle colliding", _pairs(rng, box_circle, _colliding), None


# ---------------------------------------------------------------- the rounds


def _loops(pairs, moves):
    """Three functions that each answer every pair once: sat()'s, the plain loops' and the
    tight loop's, by name."""
    if moves is not None:
        # The references keep B's turned vertices, its world vertices less its position.
        turned = []
        for _, b, (_, points_b) in pairs:
            px, py = b.position
            turned.append([(x - px, y - py) for x, y in points_b])
        spots = [0]

        def ours():
            # Each round moves every B to its other spot, then tests the pair.
            spots[0] ^= 1
            k = spots[0]
            for (a, b, _), move in zip(pairs, moves):
                b.position = move[k]
                sat(a, b)

        def moved(reference):
            def run():
                k = spots[0]
                for (_, _, (points_a, _)), offsets, move in zip(pairs, turned, moves):
                    px, py = move[k]
                    points_b = []
                    for x, y in offsets:
                        points_b.append((x + px, y + py))
                    reference(points_a, points_b)

            return run

        return {"sat()": ours, "plain loops": moved(plain_sat), "tight loop": moved(tight_sat)}

    def ours():
        for a, b, _ in pairs:
            sat(a, b)

    if isinstance(pairs[0][1], Circle):

        def rows(reference):
            def run():
                for _, _, (points, centre, radius) in pairs:
                    reference(points, centre, radius)

            return run

        return {"sat()": ours, "plain loops": rows(plain_sat_circle), "tight loop": rows(tight_sat_circle)}

    def rows(reference):
        def run():
            for _, _, (points_a, points_b) in pairs:
                reference(points_a, points_b)

        return run

    return {"sat()": ours, "plain loops": rows(plain_sat), "tight loop": rows(tight_sat)}


def check(pairs):
    """sat() and both references agree on every pair: the verdict, and the MTV to 1e-9."""
    for a, b, row in pairs:
        got = sat(a, b)
        for reference in ((plain_sat_circle, tight_sat_circle) if isinstance(b, Circle) else (plain_sat, tight_sat)):
            expected = reference(*row)
            assert got.colliding == (expected is not None), (a, b)
            if expected is not None:
                assert math.dist(expected, got.mtv) <= 1e-9 * max(1.0, got.depth), (a, b, expected, got.mtv)


def ratios(pairs, moves, count):
    """``count`` rounds; in each, every contestant answers every pair once, in an order that
    turns round by round. Returns each reference's paired ratios sat() ÷ it (one a round) and
    each contestant's median time per pair."""
    loops = _loops(pairs, moves)
    names = list(loops)
    found = {name: [] for name in names if name != "sat()"}
    spent_all = {name: [] for name in names}
    for k in range(count):
        spent = {}
        for name in names[k % 3 :] + names[: k % 3]:
            began = time.perf_counter()
            loops[name]()
            spent[name] = time.perf_counter() - began
        for name in found:
            found[name].append(spent["sat()"] / spent[name])
        for name in names:
            spent_all[name].append(spent[name] / len(pairs))
    return found, {name: statistics.median(times) for name, times in spent_all.items()}


def many_pairs_table(count):
    """Print each case's median paired ratio against the tight loop (the goal's) and the
    plain loops, their range over the rounds, and the goal. Returns {case: ratio to the tight loop}."""
    print(f"\nsat() per call over {PAIRS:,} different random pairs per case, against a tight loop and plain loops")
    print(f"  (median of {count} paired rounds; the range is the rounds' lowest and highest ratio)")
    results = {}
    for name, pairs, moves in cases():
        if moves is None:
            check(pairs)
        found, each = ratios(pairs, moves, count)
        tight, plain = statistics.median(found["tight loop"]), statistics.median(found["plain loops"])
        goal = GOALS[name]
        results[name] = tight
        print(
            f"  {name:38} sat() {each['sat()'] * 1e6:5.2f} us  tight {each['tight loop'] * 1e6:5.2f} us  plain {each['plain loops'] * 1e6:5.2f} us"
            f"  ratio sat()/tight {tight:.2f}x ({min(found['tight loop']):.2f}-{max(found['tight loop']):.2f})  sat()/plain {plain:.2f}x"
            f"   goal <= {goal:.2f}x: {'met' if tight <= goal else 'NOT MET'}"
        )
    return results


if __name__ == "__main__":
    many_pairs_table(31)
