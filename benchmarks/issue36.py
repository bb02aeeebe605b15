"""Every ratio of issue 36 in one run, each beside its peer: medians of interleaved rounds on
realistic workloads of many distinct inputs.

    python benchmarks/issue36.py [--rounds 5] [--only frame,window,startup,broadphase,dynamic,percall]

Needs the bench extra (pip install -e ".[bench]": pymunk, scipy) and, for the window and the
start-up, a display: DISPLAY's, or a virtual one (Xvfb) started here. A few minutes in all.

- frame: whole-process CPU a frame (every thread: llvmpipe's rasterising threads too) of the
  quadtree and grid-broadphase scenes at 10,000 objects, headless, as benchmarks/frame_bench.py
  measures it, one fresh process a scene a round; goal under 16 ms.
- window: the real window's frames a second under the display, counted as frame_bench.py
  --window counts them (a frame that shows a new state, over the measured seconds); goal 55.
- startup: the sandbox's first window drawn and shown (benchmarks/first_window.py) against a
  bare pyglet window, fresh processes in turn; goal at most 1.5x.
- broadphase: the quadtree, the bulk-built tree, the grid and the sweep against scipy's cKDTree
  over the boxes' centres (then the same box test), on boxes as the broad-phase scenes spawn
  them (as crowded at any count), a new set of boxes each round; the quadtree's growth
  exponent from 10,000 to 100,000 boxes.
- dynamic: DynamicTree per item at 10,000 boxes (build, move, query) against pymunk's space
  (its dynamic AABB tree, reached through add, reindex_shapes_for_body and bb_query); 100,000
  inserts in a child process, stopped at a bound.
- percall: sat() against a tight plain loop on 2,000 pairs a case (many_pairs.py), manifold
  against pymunk's shapes_collide, ray_cast against pymunk's segment_query, and
  time_of_impact's time a call, on 2,000 (time of impact: 200) different pairs.

The machine is shared and noisy: the load average is printed beside each figure, and every
figure is a median over rounds in which the contestants take turns.
"""

import argparse
import math
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402

from collision import Box, Circle, Motion, manifold, ray_cast, regular_polygon, time_of_impact  # noqa: E402
from collision.broadphase import find  # noqa: E402
from run import as_pairs, kdtree_pairs, pymunk_shape  # noqa: E402  the cKDTree peer as benchmarks/run.py measures it
from tree_bench import ours as tree_rounds, theirs as pymunk_rounds  # noqa: E402  per-item seconds of each

PYTHON = sys.executable
WORLD = (-620.0, -340.0, 170.0, 340.0)
"""The broad-phase scenes' world."""

SECTIONS = ("frame", "window", "startup", "broadphase", "dynamic", "percall")

SUMMARY = []
"""(figure, value, goal, met) for the closing table."""


def load():
    return os.getloadavg()[0]


def note(figure, value, goal=None, below=True, unit="x"):
    """Record a figure for the summary and say whether it meets its goal."""
    met = None if goal is None else (value <= goal if below else value >= goal)
    SUMMARY.append((figure, value, goal, below, unit, met))
    return "" if goal is None else f"   goal {'<=' if below else '>='} {goal:g}{unit}: {'met' if met else 'NOT MET'}"


def medians(samples):
    return statistics.median(samples), min(samples), max(samples)


# ---------------------------------------------------------------- the frame


def frame(rounds):
    print("\nframe: whole-process CPU per frame at 10,000 objects, headless (frame_bench.py, one process a scene a round)")
    cpu = {"quadtree": [], "grid-broadphase": []}
    for k in range(rounds):
        for scene in (list(cpu) if k % 2 == 0 else list(reversed(cpu))):
            before = load()
            done = subprocess.run([PYTHON, str(HERE / "frame_bench.py"), "--frames", "120", "--only", scene, "--match", "count 10000"],
                                  capture_output=True, text=True, cwd=ROOT, timeout=600)
            line = next((line for line in done.stdout.splitlines() if line.startswith(scene)), None)
            if line is None:
                print(f"  round {k + 1} {scene:16} no figure: {(done.stderr.strip().splitlines() or ['no output'])[-1]}", flush=True)
                continue
            numbers = [float(value) for value in line[100:].split()]
            cpu[scene].append(numbers[0])
            print(f"  round {k + 1} {scene:16} process CPU {numbers[0]:6.2f} ms (p90 {numbers[1]:.2f}), drawing thread's CPU {numbers[2]:.2f};"
                  f" by the clock (a busy machine stretches these) update {numbers[4]:.2f}, render {numbers[6]:.2f}, raster {numbers[8]:.2f};"
                  f" load {before:.1f}", flush=True)
    for scene, samples in cpu.items():
        if not samples:
            continue
        middle, low, high = medians(samples)
        print(f"  {scene:16} median {middle:.2f} ms a frame ({low:.2f}-{high:.2f}){note(f'frame CPU, {scene}, ms', middle, 16.0, unit=' ms')}")


def window(rounds, seconds):
    print(f"\nwindow: the real window's frames a second at 10,000 objects (frame_bench.py --window {seconds:g}: frames that show a new"
          " state, counted over the seconds after two to settle)")
    rates = {"quadtree": [], "grid-broadphase": []}
    for k in range(rounds):
        for scene in (list(rates) if k % 2 == 0 else list(reversed(rates))):
            done = subprocess.run([PYTHON, str(HERE / "frame_bench.py"), "--window", str(seconds), "--only", scene],
                                  capture_output=True, text=True, cwd=ROOT, timeout=600)
            found = re.search(r"([\d.]+) frames a second, ([\d.]+) ms of process CPU a frame.*load average ([\d.]+) before, ([\d.]+) after", done.stdout)
            if found is None:
                print(f"  round {k + 1} {scene:16} no figure: {(done.stderr.strip().splitlines() or [done.stdout])[-1]}", flush=True)
                continue
            rate, cpu, before, after = (float(value) for value in found.groups())
            rates[scene].append(rate)
            print(f"  round {k + 1} {scene:16} {rate:5.1f} frames a second, {cpu:.2f} ms process CPU a frame; load {before:.1f} before, {after:.1f} after", flush=True)
    for scene, samples in rates.items():
        if not samples:
            continue
        middle, low, high = medians(samples)
        print(f"  {scene:16} median {middle:.1f} frames a second ({low:.1f}-{high:.1f}){note(f'window fps, {scene}', middle, 55.0, below=False, unit=' fps')}")


# ---------------------------------------------------------------- start-up


def startup(runs):
    from startup import child_env, timed, virtual_display

    display, server = virtual_display()
    if display is None:
        print("\nstartup: no display (set DISPLAY or install Xvfb): not measured")
        return
    commands = {"first window": [PYTHON, str(HERE / "first_window.py")], "first picture": [PYTHON, str(HERE / "first_window.py"), "--picture"],
                "bare pyglet": [PYTHON, str(HERE / "first_window.py"), "--bare"]}
    walls, cpus = {name: [] for name in commands}, {name: [] for name in commands}
    before = load()
    try:
        for command in commands.values():  # a warm-up: bytecode written, files in the page cache
            timed(command, child_env(display))
        for k in range(runs):
            for name in list(commands)[k % 3 :] + list(commands)[: k % 3]:
                wall, cpu, _ = timed(commands[name], child_env(display))
                walls[name].append(wall)
                cpus[name].append(cpu)
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    print(f"\nstartup: python sandbox.py --scene box-box until its window is first shown (the window opens before the app"
          f" loads), and until its first picture (scene and panel) is shown, against a bare pyglet window; {runs} fresh processes"
          f" each in turn on display {display}; load {before:.1f} before, {load():.1f} after")
    for name in commands:
        print(f"  {name:14} wall {statistics.median(walls[name]) * 1000:6.0f} ms ({min(walls[name]) * 1000:.0f}-{max(walls[name]) * 1000:.0f}),"
              f" CPU {statistics.median(cpus[name]) * 1000:6.0f} ms")
    for name, goal in (("first window", 1.5), ("first picture", None)):
        wall = statistics.median(a / b for a, b in zip(walls[name], walls["bare pyglet"]))
        cpu = statistics.median(a / b for a, b in zip(cpus[name], cpus["bare pyglet"]))
        print(f"  ratio {name} / bare pyglet: wall {wall:.2f}x, CPU {cpu:.2f}x (medians of the pairs){note(f'start-up, {name} / bare pyglet, wall', wall, goal)}")


# ---------------------------------------------------------------- the broad phase


def scene_boxes(count, seed):
    """``count`` boxes as the broad-phase scenes spawn them: 6 to 26 units wide up to 1,000,
    smaller beyond (sandbox.kit.figures.swarm.shrink), so the world stays as crowded."""
    rng = np.random.default_rng(seed)
    size = rng.uniform(6, 26, (count, 2)) * min(1.0, math.sqrt(1000 / count))
    position = rng.uniform(np.array(WORLD[:2]), np.array(WORLD[2:]) - size)
    return np.hstack([position, position + size])


def broadphase(rounds):
    import scipy.spatial as spatial

    sizes = {10_000: ("quadtree", "tree", "grid", "sweep"), 100_000: ("quadtree", "tree", "grid")}
    times = {(size, name): [] for size, names in sizes.items() for name in (*names, "cKDTree")}
    order = random.Random(36)
    before = load()
    for k in range(rounds):
        for size, names in sizes.items():
            boxes = scene_boxes(size, seed=1000 + k)
            contestants = {name: (lambda name=name: find(boxes, name).pairs) for name in names}
            contestants["cKDTree"] = lambda: kdtree_pairs(spatial, boxes)
            if k == 0:
                expected = as_pairs(*contestants["cKDTree"]())
                for name in names:
                    assert np.array_equal(contestants[name](), expected), (size, name)
            for name in order.sample(list(contestants), len(contestants)):
                began = time.perf_counter()
                contestants[name]()
                times[size, name].append(time.perf_counter() - began)
    print(f"\nbroadphase: boxes as the broad-phase scenes spawn them, a new set each round, {rounds} rounds in turn; load {before:.1f} before, {load():.1f} after")
    goals = {(100_000, "quadtree"): 2.0, (10_000, "tree"): 3.0}
    for size, names in sizes.items():
        kd = statistics.median(times[size, "cKDTree"])
        print(f"  {size:,} boxes: cKDTree {kd * 1000:.1f} ms")
        for name in names:
            mine = statistics.median(times[size, name])
            ratio = statistics.median(a / b for a, b in zip(times[size, name], times[size, "cKDTree"]))
            print(f"    {name:9} {mine * 1000:8.1f} ms   ratio {name} / cKDTree {ratio:.2f}x{note(f'{name} / cKDTree at {size:,}', ratio, goals.get((size, name)))}")
    for name in ("quadtree", "cKDTree"):
        growth = math.log10(statistics.median(times[100_000, name]) / statistics.median(times[10_000, name]))
        goal = 1.2 if name == "quadtree" else None
        print(f"  growth exponent of {name}'s time from 10,000 to 100,000 boxes: {growth:.2f}{note(f'{name} growth exponent', growth, goal, unit='')}")


# ---------------------------------------------------------------- DynamicTree against pymunk


def dynamic(rounds, count=10_000):
    import pymunk

    figures = {(who, what): [] for who in ("DynamicTree", "pymunk") for what in ("build", "move", "query")}
    before = load()
    for k in range(rounds):
        boxes = scene_boxes(count, seed=2000 + k)
        rng = np.random.default_rng(k)
        # Each box moves up to its own size: most leave their fat boxes and are placed again.
        shift = rng.uniform(-1, 1, (count, 2)) * (boxes[:, 2:] - boxes[:, :2])

        def ours():
            return tree_rounds(boxes, shift)[:3]

        def theirs():
            return pymunk_rounds(pymunk, boxes, shift)[:3]

        for who, run in (("DynamicTree", ours), ("pymunk", theirs)) if k % 2 == 0 else (("pymunk", theirs), ("DynamicTree", ours)):
            for what, per_item in zip(("build", "move", "query"), run()):
                figures[who, what].append(per_item)
    print(f"\ndynamic: per item at {count:,} boxes (each box inserted, moved up to its size, queried with its box), {rounds} rounds in turn;"
          f" load {before:.1f} before, {load():.1f} after")
    for what in ("build", "move", "query"):
        mine, peer = statistics.median(figures["DynamicTree", what]), statistics.median(figures["pymunk", what])
        ratio = statistics.median(a / b for a, b in zip(figures["DynamicTree", what], figures["pymunk", what]))
        print(f"  {what:6} DynamicTree {mine * 1e6:7.1f} us   pymunk {peer * 1e6:6.1f} us   ratio {ratio:.2f}x{note(f'DynamicTree {what} / pymunk', ratio, 3.0)}")
    bound = 30
    code = ("import time, numpy as np; from collision import DynamicTree; from issue36 import scene_boxes\n"
            "rows = scene_boxes(100_000, 7).tolist(); tree = DynamicTree(); began = time.perf_counter()\n"
            "for i, row in enumerate(rows): tree.insert(row, i)\n"
            "print(time.perf_counter() - began)")
    try:
        done = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, cwd=HERE, timeout=bound,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)])})
        seconds = float(done.stdout.strip())
        print(f"  100,000 inserts: {seconds:.1f} s{note('DynamicTree 100,000 inserts, s', seconds, 10.0, unit=' s')}")
    except subprocess.TimeoutExpired:
        print(f"  100,000 inserts: not done in {bound} s{note('DynamicTree 100,000 inserts, s', math.inf, 10.0, unit=' s')}")


# ---------------------------------------------------------------- per call


def _pymunk_shape(pymunk, shape, keep):
    """pymunk's copy of ``shape`` (benchmarks/run.py's), the body kept alive in ``keep``."""
    made, body = pymunk_shape(pymunk, shape)
    keep.append(body)
    return made


def _paired(contestants, rounds):
    """{name: [seconds a round]}: each round every contestant runs once, the order turning."""
    names = list(contestants)
    spent = {name: [] for name in names}
    for k in range(rounds):
        for name in names[k % len(names) :] + names[: k % len(names)]:
            began = time.perf_counter()
            contestants[name]()
            spent[name].append(time.perf_counter() - began)
    return spent


def percall(rounds):
    import pymunk

    from many_pairs import GOALS, cases, many_pairs_table

    before = load()
    tight = many_pairs_table(max(rounds, 5))
    for name, ratio in tight.items():
        note(f"sat() / tight loop, {name}", ratio, GOALS[name])
    print(f"\nmanifold() against pymunk's shapes_collide, over 2,000 different colliding pairs a case; load {before:.1f}")
    for name, pairs, moves in cases(seed=36):
        if moves is not None or "separated" in name:
            continue  # pymunk's shapes_collide asserts on a pair with no contact
        keep = []
        peers = [(_pymunk_shape(pymunk, a, keep), _pymunk_shape(pymunk, b, keep)) for a, b, _ in pairs]
        spent = _paired({"manifold": lambda: [manifold(a, b) for a, b, _ in pairs],
                         "pymunk": lambda: [a.shapes_collide(b) for a, b in peers]}, max(rounds, 5))
        ratio = statistics.median(a / b for a, b in zip(spent["manifold"], spent["pymunk"]))
        print(f"  {name:28} manifold {statistics.median(spent['manifold']) / len(pairs) * 1e6:6.2f} us   pymunk"
              f" {statistics.median(spent['pymunk']) / len(pairs) * 1e6:6.2f} us   ratio {ratio:.2f}x{note(f'manifold / pymunk, {name}', ratio, 2.5)}")
    print("\nray_cast() against pymunk's segment_query, 2,000 different shapes and rays a case, about half of them hitting")
    rng = random.Random(36)
    for kind in ("box", "hexagon", "circle"):
        shapes, rays = [], []
        for _ in range(2000):
            centre = (rng.uniform(-500, 500), rng.uniform(-500, 500))
            shape = (Box(centre, (rng.uniform(5, 60), rng.uniform(5, 60)), rng.uniform(0, 6.3)) if kind == "box"
                     else regular_polygon(6, rng.uniform(10, 60), centre, rng.uniform(0, 6.3)) if kind == "hexagon"
                     else Circle(centre, rng.uniform(5, 40)))
            start = (centre[0] + rng.uniform(-200, 200), centre[1] + rng.uniform(-200, 200))
            end = (centre[0] + rng.uniform(-80, 80), centre[1] + rng.uniform(-80, 80))
            shapes.append(shape)
            rays.append((start, (end[0] - start[0], end[1] - start[1]), end))
        keep = []
        peers = [_pymunk_shape(pymunk, shape, keep) for shape in shapes]
        # The two agree on hit or miss but where a ray starts inside a shape (pymunk's polygons report no hit there).
        agree = sum(ray_cast(shape, start, translation).hit == (peer.segment_query(start, end, 0) is not None)
                    for shape, peer, (start, translation, end) in zip(shapes, peers, rays))
        spent = _paired({"ray_cast": lambda: [ray_cast(s, start, translation) for s, (start, translation, _) in zip(shapes, rays)],
                         "pymunk": lambda: [p.segment_query(start, end, 0) for p, (start, _, end) in zip(peers, rays)]}, max(rounds, 5))
        ratio = statistics.median(a / b for a, b in zip(spent["ray_cast"], spent["pymunk"]))
        print(f"  {kind:8} ray_cast {statistics.median(spent['ray_cast']) / 2000 * 1e6:6.2f} us   pymunk"
              f" {statistics.median(spent['pymunk']) / 2000 * 1e6:6.2f} us   ratio {ratio:.2f}x (agree on {agree:,} of 2,000)"
              f"{note(f'ray_cast / pymunk, {kind}', ratio, 1.5)}")
    print("\ntime_of_impact() per call, 200 different box pairs a case, B at rest")
    for case, turn in (("sliding", 0.0), ("turning", 1.5)):
        calls = []
        for _ in range(200):
            a = Box((rng.uniform(-300, 0), rng.uniform(-50, 50)), (rng.uniform(10, 40), rng.uniform(5, 20)), rng.uniform(0, 6.3))
            b = Box((rng.uniform(100, 300), rng.uniform(-50, 50)), (rng.uniform(10, 80), rng.uniform(10, 80)), rng.uniform(0, 6.3))
            calls.append((a, Motion(rng.uniform(300, 700), rng.uniform(-40, 40), turn), b))
        spent = _paired({"time_of_impact": lambda: [time_of_impact(a, motion, b, (0.0, 0.0)) for a, motion, b in calls]}, max(rounds, 5))
        print(f"  {case:8} {statistics.median(spent['time_of_impact']) / len(calls) * 1e6:8.1f} us a call")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Five: with three, one slow spell of the shared machine (every part of a frame a third
    # slower, the load no higher) could decide a median on its own.
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each figure (start-up: twice as many processes)")
    parser.add_argument("--window-seconds", type=float, default=8.0, help="seconds the real window is counted over")
    parser.add_argument("--only", help="comma-separated sections: " + ",".join(SECTIONS))
    args = parser.parse_args()
    only = SECTIONS if not args.only else tuple(args.only.split(","))
    unknown = [name for name in only if name not in SECTIONS]
    if unknown:
        raise SystemExit(f"--only takes {', '.join(SECTIONS)}; got {', '.join(unknown)}")
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, on {os.cpu_count()} processors; load average {load():.1f} at the start")
    runs = {"frame": lambda: frame(args.rounds), "window": lambda: window(args.rounds, args.window_seconds),
            "startup": lambda: startup(2 * args.rounds + 1), "broadphase": lambda: broadphase(args.rounds),
            "dynamic": lambda: dynamic(args.rounds), "percall": lambda: percall(args.rounds)}
    for name in SECTIONS:
        if name in only:
            runs[name]()
    print(f"\nsummary (medians; ratios are ours / the peer, below 1 is faster); load average {load():.1f} at the end")
    for figure, value, goal, below, unit, met in SUMMARY:
        shown = f"{value:.2f}{unit}" if math.isfinite(value) else "not done"
        verdict = "" if goal is None else f"goal {'<=' if below else '>='} {goal:g}{unit}  {'met' if met else 'NOT MET'}"
        print(f"  {figure:58} {shown:>12}   {verdict}")


if __name__ == "__main__":
    main()
