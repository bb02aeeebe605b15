"""DynamicTree per item beside pymunk's tree (Chipmunk's bounding-box tree), and at scale.

Run: python benchmarks/tree_bench.py           (about half a minute; --size for another count)

Per item at 10,000 boxes as the quadtree scene spawns them (6 to 26 wide), medians of five
interleaved rounds:
- insert: a box added to the tree (ours: ``DynamicTree.insert``; pymunk: ``Space.add`` of a
  kinematic body and its box shape, which puts the shape in the space's tree);
- move: every box moved by a small step and the tree told (ours: ``DynamicTree.move`` with the
  displacement; pymunk: the body's position set, then ``Space.reindex_shapes_for_body``);
- query: the boxes overlapping each box (ours: ``DynamicTree.query``; pymunk: ``Space.bb_query``).
Then 100,000 inserts, distinct boxes and then all at one place, each timed once in CPU time.

The issue's goals (issue 36, issue 35): within 3x pymunk per item, 100,000 inserts under 10 s.
pymunk comes with the bench extra (pip install -e ".[bench]").
"""

import argparse
import gc
import statistics
import time

import numpy as np

from collision import DynamicTree
from run import scene_boxes  # the quadtree scene's boxes, as the other broad-phase figures take them

STEP = 1.5
"""How far each box moves in the move round: a frame's step, inside or out of its fat box."""


def ours(boxes, moves):
    """Seconds per item for insert, move and query, and how many boxes the queries found."""
    rows, shifted, steps = boxes.tolist(), (boxes + np.hstack([moves, moves])).tolist(), moves.tolist()
    tree = DynamicTree()
    # The last round's tree, a web of parent links, is garbage only the cycle collector frees:
    # freed here, not in this round's timing (pymunk's rounds start the same way).
    gc.collect()
    start = time.perf_counter()
    proxies = [tree.insert(row, k) for k, row in enumerate(rows)]
    built = time.perf_counter()
    for proxy, row, step in zip(proxies, shifted, steps):
        tree.move(proxy, row, step)
    moved = time.perf_counter()
    found = sum(len(tree.query(row).proxies) for row in shifted)
    queried = time.perf_counter()
    count = len(rows)
    return (built - start) / count, (moved - built) / count, (queried - moved) / count, found


def theirs(pymunk, boxes, moves):
    """The same three rounds in a pymunk Space."""
    space = pymunk.Space()
    centres = ((boxes[:, :2] + boxes[:, 2:]) / 2).tolist()
    halves = ((boxes[:, 2:] - boxes[:, :2]) / 2).tolist()
    made = []
    for (cx, cy), (hx, hy) in zip(centres, halves):
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (cx, cy)
        made.append((body, pymunk.Poly.create_box(body, (2 * hx, 2 * hy), 0.0)))
    gc.collect()
    start = time.perf_counter()
    for body, shape in made:
        space.add(body, shape)
    built = time.perf_counter()
    for (body, _), (cx, cy), (dx, dy) in zip(made, centres, moves.tolist()):
        body.position = (cx + dx, cy + dy)
        space.reindex_shapes_for_body(body)
    moved = time.perf_counter()
    everything = pymunk.ShapeFilter()
    shifted = (boxes + np.hstack([moves, moves])).tolist()
    found = sum(len(space.bb_query(pymunk.BB(*row), everything)) for row in shifted)
    queried = time.perf_counter()
    count = len(made)
    return (built - start) / count, (moved - built) / count, (queried - moved) / count, found


def at_scale(count):
    """Seconds for ``count`` inserts of distinct boxes, then of ``count`` boxes at one place:
    the process's CPU time, as the wall clock on a shared machine counts the other jobs too."""
    rows = scene_boxes(count).tolist()
    out = []
    for label, boxes in (("distinct", rows), ("coincident", [(0.0, 0.0, 10.0, 10.0)] * count)):
        tree = DynamicTree()
        start = time.process_time()
        for k, row in enumerate(boxes):
            tree.insert(row, k)
        out.append((label, time.process_time() - start, tree.height))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000, help="boxes for the per-item table (default 10000)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    size = parser.parse_args().size
    rounds = parser.parse_args().rounds
    try:
        import pymunk
    except ImportError:
        pymunk = None
    boxes = scene_boxes(size)
    moves = np.random.default_rng(5).uniform(-STEP, STEP, (size, 2))
    mine, peer = [], []
    for _ in range(rounds):
        mine.append(ours(boxes, moves))
        if pymunk is not None:
            peer.append(theirs(pymunk, boxes, moves))
    print(f"DynamicTree per item at {size:,} boxes (median of {rounds} rounds, µs)")
    for k, name in enumerate(("insert", "move", "query")):
        a = statistics.median(r[k] for r in mine) * 1e6
        line = f"  {name:7} ours {a:7.2f}"
        if peer:
            b = statistics.median(r[k] for r in peer) * 1e6
            line += f"   pymunk {b:7.2f}   ratio {a / b:5.2f}x  goal <= 3x: {'met' if a <= 3 * b else 'NOT MET'}"
        print(line)
    print(f"  boxes found by the queries: ours {mine[0][3]:,}" + (f", pymunk {peer[0][3]:,}" if peer else " (pymunk not installed)"))
    for label, seconds, height in at_scale(100_000):
        print(f"100,000 {label} inserts: {seconds:5.2f} s of CPU (height {height})  goal < 10 s: {'met' if seconds < 10 else 'NOT MET'}")


if __name__ == "__main__":
    main()
