"""collision.sat of this tree against another tree's, in one process, on the same pairs: how a
change to the kernel (collision/fast/sat_kernel.py) moves its per-call time.

    git archive main collision | tar -x -C /tmp/main    # the other tree, say main's
    python benchmarks/sat_against.py /tmp/main [--rounds 61]

The other tree's ``collision`` is copied to a temporary directory as ``collision_other`` (its
imports are relative) and imported beside this one. many_pairs.py's five cases, and two more
that read the MTV and the report, are built in both packages from one seed; each round calls
every pair with one and then the other, the order turning round by round. Time is the
process's CPU time, not the wall clock: on a shared machine (load 4 to 9 on two cores) the
wall clock's round-to-round spread was ±20%, the CPU time's ±3%. A case's figure is the
median of the rounds' ratios, this tree ÷ the other, with its quartiles.
"""

import argparse
import importlib
import math
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

PAIRS = 2000


def pairs_of(collision, seed):
    """{case: [(a, b, the two spots B takes turns at)]}: many_pairs.py's cases, built in ``collision``."""
    rng = random.Random(seed)

    def near(reach):
        return rng.uniform(-reach, reach), rng.uniform(-reach, reach)

    def box(centre):
        return collision.Box(centre, (rng.uniform(5, 60), rng.uniform(5, 60)), rng.uniform(0, 2 * math.pi))

    def beside(a, reach):
        dx, dy = near(reach)
        return a.position.x + dx, a.position.y + dy

    def boxes():
        a = box(near(500))
        return a, box(beside(a, 90))

    def hexagon_triangle():
        a = collision.regular_polygon(6, rng.uniform(10, 60), near(500), rng.uniform(0, 2 * math.pi))
        return a, collision.regular_polygon(3, rng.uniform(10, 60), beside(a, 90), rng.uniform(0, 2 * math.pi))

    def box_circle():
        a = box(near(500))
        return a, collision.Circle(beside(a, 80), rng.uniform(5, 40))

    def apart_bounds_meeting(a, b):
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.aabb(), b.aabb()
        return ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1 and not collision.sat(a, b).colliding

    def colliding(a, b):
        return collision.sat(a, b).colliding

    def made(make, keep):
        found = []
        while len(found) < PAIRS:
            a, b = make()
            if keep(a, b):
                found.append((a, b, (tuple(b.position), (b.position.x + rng.uniform(-3, 3), b.position.y + rng.uniform(-3, 3)))))
        return found

    cases = {"box-box colliding": made(boxes, colliding), "box-box separated, bounds overlapping": made(boxes, apart_bounds_meeting)}
    cases["box-box after moving B"] = made(boxes, colliding)
    cases["hexagon-triangle colliding"] = made(hexagon_triangle, colliding)
    cases["box-circle colliding"] = made(box_circle, colliding)
    cases["box-box colliding, reading .mtv"] = cases["box-box colliding, reading .axes"] = cases["box-box colliding"]
    return cases


def runner(sat, case, pairs):
    """A function that answers every pair of ``case`` once with ``sat``."""
    if case.startswith("box-box after"):
        spot = [0]

        def moving():
            spot[0] ^= 1
            for a, b, spots in pairs:
                b.position = spots[spot[0]]
                sat(a, b)

        return moving
    if case.endswith(".mtv"):
        return lambda: [sat(a, b).mtv for a, b, _ in pairs]
    if case.endswith(".axes"):
        return lambda: [sat(a, b).axes for a, b, _ in pairs]
    return lambda: [sat(a, b) for a, b, _ in pairs]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a tree holding the other collision/")
    parser.add_argument("--rounds", type=int, default=61)
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(args.other / "collision", Path(folder) / "collision_other")
        sys.path.insert(0, folder)
        ours, theirs = importlib.import_module("collision"), importlib.import_module("collision_other")
        assert Path(ours.__file__).is_relative_to(root), ours.__file__
        mine, other = pairs_of(ours, 33), pairs_of(theirs, 33)
        print(f"collision.sat of {root} ÷ that of {args.other}: {args.rounds} paired rounds of {PAIRS:,} pairs a case, process CPU time")
        for case in mine:
            runs = {"this": runner(ours.sat, case, mine[case]), "other": runner(theirs.sat, case, other[case])}
            spent = {"this": [], "other": []}
            for k in range(args.rounds):
                for side in ("this", "other") if k % 2 else ("other", "this"):
                    began = time.process_time()
                    runs[side]()
                    spent[side].append(time.process_time() - began)
            ratios = [this / that for this, that in zip(spent["this"], spent["other"])]
            low, _, high = statistics.quantiles(ratios, n=4)
            each = {side: statistics.median(times) / PAIRS * 1e6 for side, times in spent.items()}
            print(f"  {case:38} other {each['other']:6.2f} us  this {each['this']:6.2f} us"
                  f"  this/other {statistics.median(ratios):.3f} (quartiles {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
