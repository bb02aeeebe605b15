"""Microseconds per sat() call on the tutorial pairs, beside shapely's intersects on the same pairs.

Run: python benchmarks/sat_bench.py

Machines here are shared and noisy, so every figure is the median of several timed runs, and
the ratios compare peers measured in the same run. "posed" calls reuse the shapes' cached
pose, as a scene does between drags; "moved" calls nudge B first, so its pose is rebuilt too.
shapely answers only the boolean, so it does less work than sat(), which also reports every
axis and the MTV. An empty call and sum(range(1000)) are timed too, to tell a slow machine from slow code.
"""

import statistics
import timeit

from collision import Box, Circle, regular_polygon, sat

REPEATS = 9


def median_us(call, number):
    runs = timeit.repeat(call, number=number, repeat=REPEATS)
    return statistics.median(runs) / number * 1e6


def pairs():
    """(name, A, B) for each tutorial pairing, colliding and separated."""
    yield "box-box colliding", Box((0, 0), (50, 30), 0.3), Box((60, 10), (40, 20), 1.1)
    yield "box-box separated", Box((0, 0), (50, 30), 0.3), Box((160, 10), (40, 20), 1.1)
    yield "hexagon-triangle colliding", regular_polygon(6, 50), regular_polygon(3, 40, (60, 0), 0.2)
    yield "hexagon-triangle separated", regular_polygon(6, 50), regular_polygon(3, 40, (140, 0), 0.2)
    yield "box-circle colliding", Box((0, 0), (50, 30), 0.3), Circle((60, 20), 25)
    yield "box-circle separated", Box((0, 0), (50, 30), 0.3), Circle((120, 20), 25)


def shapely_peer(a, b):
    """shapely's intersects on the same pair, or None when shapely is not installed."""
    try:
        import shapely
    except ImportError:
        return None

    def geometry(shape):
        if isinstance(shape, Circle):
            return shapely.Point(shape.center).buffer(shape.radius, quad_segs=16)
        return shapely.Polygon(shape.world_vertices())

    ga, gb = geometry(a), geometry(b)
    return lambda: shapely.intersects(ga, gb)


def moved(a, b):
    """sat() after setting B's position, which drops its cached pose, as a drag does."""

    def call():
        b.position = b.position
        return sat(a, b)

    return call


def main():
    empty = median_us(lambda: None, 200_000) * 1000
    summing = median_us(lambda: sum(range(1000)), 2000)
    print(f"calibration: an empty call costs {empty:.0f} ns here, sum(range(1000)) {summing:.1f} us")
    print(f"{'pair':28} {'sat posed':>10} {'sat moved':>10} {'early exit':>11} {'shapely':>9} {'sat/shapely':>12}")
    for name, a, b in pairs():
        verdict = sat(a, b).colliding
        assert verdict == name.endswith("colliding"), name
        posed = median_us(lambda: sat(a, b), 2000)
        after_move = median_us(moved(a, b), 2000)
        early = median_us(lambda: sat(a, b, early_exit=True), 2000)
        figures = f"{name:28} {posed:9.1f}u {after_move:9.1f}u {early:10.1f}u"
        peer = shapely_peer(a, b)
        if peer is None:
            print(f"{figures} {'-':>9} {'-':>12}")
            continue
        theirs = median_us(peer, 2000)
        print(f"{figures} {theirs:8.1f}u {posed / theirs:11.2f}x")
    print(f"u = microseconds per call, median of {REPEATS} runs")


if __name__ == "__main__":
    main()
