"""Soak: every registered scene driven through the session with random input for N seconds.

Run: python benchmarks/soak.py --seconds 600 [--seed 1] [--scenes benchmarks/broken_scenes]

Each frame is updated and drawn (into a recording painter). The input is what a restless class does with a mouse and keyboard: moves, clicks and drags
with every button (half of them near the middle of the view, where the figures are), wheel turns, key taps and holds (turning,
pausing, the themes, Tab and Shift+Tab, Home, Ctrl+S), the panel's settings set to values
within their limits, window resizes, and frames of uneven
length. Each scene gets an equal share of the time; Tab reaches the next one. Only the
session's public event methods are used, so what runs is what the window runs. Escape, F11
and F12 only raise flags, which are read and cleared here as the window would. The run
happens in a temporary folder, so Ctrl+S writes its layouts there.

``--scenes DIR`` loads a teacher's scene files too, as the app's option does; the folder
``benchmarks/broken_scenes`` holds one that fails to load and one that fails now and then in
every place a scene's code runs. Those failures are faults the app shows on the canvas, not
exceptions: they are counted apart.

It prints the number of events, each distinct exception with one traceback (an exception that
reached the user), the scene faults shown instead, the shapes whose positions or angles went
NaN or infinite, the process's memory at the start, after each round and at the end, and the
worst update time with its scene. The exit status is 1 if there was any exception or NaN.
"""

import argparse
import math
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

# This checkout's packages, not an installed copy elsewhere.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sandbox.boot import gl  # noqa: E402

# Headless, chosen before anything imports pyglet.window.
gl.configure(headless=True)

from pyglet.window import key, mouse  # noqa: E402

from sandbox.app.window import pyglet_keys  # noqa: E402


def _ours(name, args):
    """A pyglet event's arguments in the input layer's own names, as the window passes them."""
    if name in ("on_key_press", "on_key_release"):
        return pyglet_keys.press(*args)
    if name in ("on_mouse_press", "on_mouse_release"):
        x, y, button, modifiers = args
        return x, y, pyglet_keys.button(button), pyglet_keys.modifiers(modifiers)
    if name == "on_mouse_drag":
        x, y, dx, dy, buttons, modifiers = args
        return x, y, dx, dy, pyglet_keys.buttons(buttons), pyglet_keys.modifiers(modifiers)
    return args

from sandbox.app.registry import all_scenes, load_folder  # noqa: E402
from sandbox.app.session import Session  # noqa: E402
from sandbox.kit import RecordingPainter  # noqa: E402

SIZE = (1280, 720)
TAPPED = [
    key.R, key.T, key.HOME, key.SPACE, key.P, key.F1, key.F9, key.F10, key.F11, key.F12, key.ESCAPE,
    key.LEFT, key.RIGHT, key.PAGEUP, key.PAGEDOWN, key.UP, key.DOWN, key.A, key.Z, key._1, key.DELETE,
    key.ENTER, key.D,  # not V (each press would start espeak-ng), nor G (the report computed every update)
]
BUTTONS = [mouse.LEFT, mouse.LEFT, mouse.LEFT, mouse.RIGHT, mouse.MIDDLE]
MODIFIERS = [0, 0, 0, 0, key.MOD_SHIFT, key.MOD_CTRL, key.MOD_ALT]


def memory_kib():
    """The resident set size now, in KiB (Linux), else the peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class Soak:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.session = Session()
        self.size = SIZE
        self.events = 0
        self.errors = {}  # (type, first line) -> [count, traceback]
        self.faults = {}  # a scene's fault line -> how many events showed it first
        self.nans = {}  # (scene, shape) -> first bad value
        self.worst = (0.0, None)
        self.held = set()
        self.last_fault = None

    def call(self, name, *args):
        """Send one event; an exception is recorded, and the soak goes on."""
        self.events += 1
        started = time.perf_counter()
        try:
            # pyglet's events, translated as the window translates them (sandbox.app.window.pyglet_keys).
            target = self.session.input if hasattr(self.session.input, name) else self.session  # on_resize is the session's
            getattr(target, name)(*_ours(name, args))
        except Exception as error:
            where = (type(error).__name__, str(error).splitlines()[0] if str(error) else "")
            entry = self.errors.setdefault(where, [0, traceback.format_exc()])
            entry[0] += 1
        fault = self.session.fault
        if fault is not None and fault != self.last_fault:
            self.faults[fault] = self.faults.get(fault, 0) + 1
        self.last_fault = fault
        if name == "update":
            spent = time.perf_counter() - started
            if spent > self.worst[0]:
                self.worst = (spent, self.session.scene.id)
        # The window reads these flags each frame and clears them; so do we, without acting.
        for flag in ("quit_requested", "screenshot_requested", "fullscreen_requested"):
            if getattr(self.session, flag, False):
                setattr(self.session, flag, False)

    def point(self):
        """A window pixel: half the time near the middle of the view, else anywhere in the
        window or a little outside it."""
        width, height = self.size
        if self.rng.random() < 0.5:
            return self.rng.uniform(-20, width + 20), self.rng.uniform(-20, height + 20)
        # The scenes keep their figures near the middle of the free area.
        return self.rng.gauss(width * 0.4, width * 0.12), self.rng.gauss(height * 0.5, height * 0.15)

    def drag(self):
        button, modifiers = self.rng.choice(BUTTONS), self.rng.choice(MODIFIERS)
        x, y = self.point()
        self.call("on_mouse_motion", x, y, 0, 0)
        self.call("on_mouse_press", x, y, button, modifiers)
        for _ in range(self.rng.randint(1, 30)):
            dx, dy = self.rng.gauss(0, 15), self.rng.gauss(0, 15)
            x, y = x + dx, y + dy
            self.call("on_mouse_drag", x, y, dx, dy, button, modifiers)
            if self.rng.random() < 0.3:
                self.frame()
        self.call("on_mouse_release", x, y, button, modifiers)

    def frame(self):
        dt = self.rng.choice([1 / 60, 1 / 60, 1 / 60, 1 / 30, 0.0, 0.25, self.rng.uniform(0, 0.1)])
        self.call("update", dt)
        # What the window draws each frame, recorded instead of painted.
        self.call("draw", RecordingPainter())
        self.check()

    def tap(self, symbol, modifiers=0):
        self.call("on_key_press", symbol, modifiers)
        if self.rng.random() < 0.2:
            # Held over a few frames: R and T keep turning, for instance.
            for _ in range(self.rng.randint(1, 20)):
                self.frame()
        self.call("on_key_release", symbol, modifiers)

    def step(self):
        """One random act."""
        roll = self.rng.random()
        if roll < 0.3:
            self.drag()
        elif roll < 0.5:
            x, y = self.point()
            self.call("on_mouse_motion", x, y, self.rng.gauss(0, 5), self.rng.gauss(0, 5))
        elif roll < 0.58:
            x, y = self.point()
            self.call("on_mouse_scroll", x, y, 0, self.rng.choice([-3, -1, 1, 1, 3]))
        elif roll < 0.8:
            self.tap(self.rng.choice(TAPPED), self.rng.choice(MODIFIERS))
        elif roll < 0.81:
            self.tap(key.S, key.MOD_CTRL)
        elif roll < 0.82:
            self.tap(key.TAB, self.rng.choice([0, key.MOD_SHIFT]))
        elif roll < 0.83:
            self.size = (self.rng.randint(200, 2400), self.rng.randint(200, 1400))
            self.call("on_resize", *self.size)
        elif roll < 0.86:
            self.setting()
        else:
            self.frame()

    def setting(self):
        """What a panel widget does: one declared parameter to a value within its limits."""
        params = self.session.scene.params
        if not params:
            return
        param = self.rng.choice(params)
        if param.kind is bool:
            value = self.rng.random() < 0.5
        elif param.kind is str:
            value = self.rng.choice(param.choices)
        elif param.kind is int:
            value = self.rng.randint(int(param.low), int(param.high))
        else:
            value = self.rng.uniform(param.low, param.high)
        self.call("set_setting", param.name, value)

    def check(self):
        """Record every shape whose position or angle is not finite."""
        scene = self.session.scene
        for name, shape in getattr(scene, "shapes", {}).items():
            values = list(getattr(shape, "position", getattr(shape, "center", ())))
            if hasattr(shape, "angle"):
                values.append(shape.angle)
            if not all(math.isfinite(v) for v in values):
                self.nans.setdefault((scene.id, name), tuple(values))
        for name, point in scene.points.items():
            if not all(math.isfinite(v) for v in point):
                self.nans.setdefault((scene.id, name), tuple(point))

    def visit(self, scene_id, seconds):
        """Act at random in ``scene_id`` for ``seconds``, pressing Tab to get back to it
        whenever a random Tab has left it (Tab visits each scene's shapes, handles and actions
        before it moves on: a few hundred presses go round them all)."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(20 * len(all_scenes())):
                if self.session.scene.id == scene_id:
                    break
                self.call("on_key_press", key.TAB, 0)
                self.call("on_key_release", key.TAB, 0)
            self.step()


def soak(seconds, seed=1, events=0):
    """Run the soak for ``seconds``, and on past them until at least ``events`` input events
    were sent, and return its report as a dict."""
    soaker = Soak(seed)
    ids = [cls.id for cls in all_scenes()]
    start_memory = memory_kib()
    started = time.perf_counter()
    visited = set()
    rounds = []
    # Round after round, each scene its share of a round, until the time is up: rounds of at
    # most a minute, so that a long run samples its memory often enough to show a trend.
    # At least a tenth of a second each, not a whole one: a short run still visits every
    # scene (24 and a broken one in the test's six seconds, on a busy machine too).
    share = min(max(seconds / len(ids) / 2, 0.1), 5.0)
    def running():
        return time.perf_counter() - started < seconds or soaker.events < events

    def time_left():
        left = seconds - (time.perf_counter() - started)
        # Past the time with events still owed: a tenth of a second a scene until they are sent.
        return max(left, 0.1) if soaker.events < events else max(left, 0.0)

    while running():
        for scene_id in ids:
            soaker.visit(scene_id, min(share, time_left()))
            visited.add(scene_id)
            if not running():
                break
        rounds.append(memory_kib())
    return {
        "seconds": time.perf_counter() - started,
        "events": soaker.events,
        "scenes": sorted(visited),
        "exceptions": {f"{kind}: {message}": entry for (kind, message), entry in soaker.errors.items()},
        "faults": soaker.faults,
        "nans": soaker.nans,
        "memory_start_kib": start_memory,
        "memory_end_kib": memory_kib(),
        "memory_by_round_kib": rounds,
        "worst_update_ms": soaker.worst[0] * 1000,
        "worst_update_scene": soaker.worst[1],
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random input (default 1)")
    parser.add_argument("--events", type=int, default=0, help="go on past --seconds until at least this many events were sent (a busy machine runs longer instead of testing less)")
    parser.add_argument("--scenes", metavar="DIR", action="append", default=[], help="also load the scene files in DIR")
    args = parser.parse_args(argv)
    for folder in args.scenes:
        for problem in load_folder(folder):
            print(f"left out: {problem}")
    with tempfile.TemporaryDirectory(prefix="soak-") as folder:
        os.chdir(folder)
        report = soak(args.seconds, args.seed, args.events)
    print(f"ran {report['seconds']:.1f} s over {len(report['scenes'])} scenes: {', '.join(report['scenes'])}")
    print(f"events: {report['events']:,}")
    print(f"exceptions: {sum(count for count, _ in report['exceptions'].values())} ({len(report['exceptions'])} distinct)")
    for what, (count, trace) in report["exceptions"].items():
        print(f"\n{count} x {what}\n{trace}")
    faults = report["faults"]
    print(f"scene faults shown on the canvas: {sum(faults.values())} ({len(faults)} distinct)")
    for line, count in sorted(faults.items(), key=lambda item: -item[1]):
        print(f"  {count} x {line}")
    print(f"NaN or infinite shapes: {len(report['nans'])}")
    for (scene_id, name), values in report["nans"].items():
        print(f"  {scene_id} {name}: {values}")
    print(f"memory (RSS): {report['memory_start_kib'] / 1024:.1f} MiB at the start, {report['memory_end_kib'] / 1024:.1f} MiB at the end")
    print("memory after each round (MiB): " + ", ".join(f"{kib / 1024:.1f}" for kib in report["memory_by_round_kib"]))
    print(f"worst update: {report['worst_update_ms']:.1f} ms ({report['worst_update_scene']})")
    return 1 if report["exceptions"] or report["nans"] else 0


if __name__ == "__main__":
    sys.exit(main())

