"""Frame times of scenes rendered headless: the CPU side of a frame, and the rasteriser's.

Run: python benchmarks/frame_bench.py [--frames 150] [--only quadtree] [--extremes] [--match TEXT]
     python benchmarks/frame_bench.py --window 10 [--only grid-broadphase]

box-box moves B every frame, as during a drag; the quadtree and grid-broadphase scenes run
their animation, so the tree or grid and the pair counts are redone each frame. With
--extremes, every setting a user can reach from the broad-phase scenes' panels is walked at
its ends (see EXTREMES). For each, medians and 90th percentiles in milliseconds over the
frames, each frame measured in parts:

- process CPU: the processor time the whole process used for the frame (time.process_time:
  every thread, llvmpipe's rasterising threads and the GL driver's included), from the
  frame's input to the last pixel (glFinish). On a machine busy with other work the clock
  also counts the time other processes took the processor, this does not. The figure the
  16.7 ms budget of a 60 fps frame applies to: with no GPU, all of a frame is done on the
  same processors;
- thread CPU: the same for this thread only, up to the last GL call: Python's share (and
  llvmpipe's vertex work, which runs in the thread that draws);
- update: the session's update, which moves the objects, and the scene's result worked out
  (the tree, the pairs, what the panel shows), on the clock;
- render: the scene's drawing handed to OpenGL, the text and the ImGui panel built and
  submitted (up to the last GL call; the rasteriser is waited for before the frame starts);
- raster: glFinish after the frame: what llvmpipe's threads still need to turn the submitted
  frame into pixels;
- pipelined: frame after frame without waiting, as the app runs, the rasteriser working on
  one frame while Python prepares the next: the interval a user sees.

With --window SECONDS, the real window instead: the app's own loop (sandbox.app.window.app_window.loop)
on DISPLAY, or on a virtual display (Xvfb) started here, each broad-phase scene at 10,000
objects; after two seconds to settle, the frames drawn over SECONDS that show a new state
(frames a second) and the process's CPU time per frame, the buffer swap to the display included.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# The checkout this file is in, before any installed copy: a benchmark measures the code beside it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sandbox.boot import gl  # noqa: E402  (after the path above)

SETTINGS = {
    "quadtree": [{"count": 100}, {"count": 2000}, {"count": 10000}],
    "grid-broadphase": [{"count": 250}, {"count": 2000}, {"count": 10000}],
}
"""The settings each animated scene is measured at."""

MOST = {"count": 10000}


def _quadtree_extremes():
    cases = []
    for variant in (False, True):
        for objects in (1, 50):
            for levels in (0, 6):
                setting = {**MOST, "max_objects": objects, "max_levels": levels, "variant": variant}
                cases.append((setting, "moving"))
                # Pointed at, with the tip's misses marked: retrieve and the range query each frame.
                cases.append(({**setting, "missed": True}, "hovering"))
    worst = {**MOST, "max_objects": 1, "max_levels": 6, "variant": True, "missed": True}
    cases += [
        (worst, "paused, hovering"),
        (worst, "dragging"),
        ({**MOST, "max_objects": 1, "max_levels": 0, "missed": True}, "paused, hovering"),
        ({"max_objects": 1, "max_levels": 6, "variant": True}, "count slider"),
        ({"count": 2000, "max_objects": 1, "max_levels": 6, "variant": True}, "moving"),
        ({**MOST, "nodes": False, "straddlers": False}, "moving"),
    ]
    return cases


def _grid_extremes():
    cases = []
    for cell in (1.0, 2.0):
        cases += [({**MOST, "cell": cell}, "moving"), ({**MOST, "cell": cell}, "hovering")]
    cases += [
        ({**MOST, "cell": 2.0}, "paused, hovering"),
        ({**MOST, "cell": 2.0}, "dragging"),
        ({"cell": 2.0}, "count slider"),
        ({**MOST, "cells": False, "collisions": False}, "moving"),
    ]
    # Where each costly method is still run: the most objects its candidates allow.
    cases += [({"count": ("largest running", method), "cell": 2.0}, "moving") for method in ("brute", "quadtree", "sweep")]
    return cases


EXTREMES = {"quadtree": _quadtree_extremes(), "grid-broadphase": _grid_extremes()}
"""With --extremes: (settings, how the user acts) for every end of every slider and toggle of
the broad-phase scenes' panels, at the largest count (10,000) unless said otherwise, and the
ways of using them:

- moving: the animation runs;
- hovering: the mouse points at another object every frame (the focused object's figures:
  what retrieve returns and misses, or the 3 x 3 cells and the hits);
- paused, hovering: paused with P, the mouse still moving from object to object;
- dragging: an object dragged with two mouse events a frame (as a mouse sends them);
- count slider: the Objects slider dragged back and forth between 9,500 and 10,000;
- in the grid scene, the count at which brute force, the quadtree and sort and sweep are each
  still run (the most objects whose candidates stay within the scene's RUN_LIMIT).

Issue 9's case, the variant at 2,000 objects with MAX_OBJECTS 1 at the deepest MAX_LEVELS
the panel allows (6), is among them."""


def _largest_running(scene_id, method):
    """The most objects at which the grid scene still runs ``method`` on its first frame."""
    from sandbox.app.session import Session

    session = Session(scene_id, (1280, 720))

    def runs(count):
        session.set_setting("count", count)
        found = {entry.name: entry for entry in session.scene.result.methods}
        return found[method].pairs is not None

    low, high = 2, 10000
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if runs(middle) else (low, middle - 1)
    return low


def _object_point(session, i):
    """Window pixels of object ``i``'s centre."""
    return session.camera.to_screen(*session.scene.position_of(str(i)))


def _advance(session, how):
    """A function of the frame number that does one frame's input and update."""
    from sandbox.app import keys

    scene = session.scene
    count = len(scene.position)

    def result():
        # Read at once, so that "update" holds the scene's work (swarm scenes compute lazily).
        return scene.result

    if how == "moving":
        return lambda frame: (session.update(1 / 60), result())
    if how in ("hovering", "paused, hovering"):
        if how.startswith("paused"):
            session.paused = True

        def hover(frame):
            x, y = _object_point(session, (frame * 7919) % len(scene.position))
            session.input.on_mouse_motion(x, y, 0, 0)
            session.update(1 / 60)
            result()

        return hover
    if how == "dragging":
        x, y = _object_point(session, count // 2)
        session.input.on_mouse_press(x, y, keys.LEFT_BUTTON)

        def drag(frame):
            for step in (0.5, 1.0):
                dx = 40 * ((frame + step) % 20 - 10) / 10
                session.input.on_mouse_drag(x + dx, y, 1, 0, frozenset({keys.LEFT_BUTTON}))
            session.update(1 / 60)
            result()

        return drag
    if how == "count slider":

        def slide(frame):
            session.set_setting("count", 10000 - 25 * abs(frame % 40 - 20))
            session.update(1 / 60)
            result()

        return slide
    raise ValueError(how)


def cases(only, extremes=False, match=None):
    """(label, session, advance) for each measured setting."""
    from sandbox.app.session import Session

    if not extremes and (not only or only == "box-box"):
        session = Session("box-box", (1280, 720))
        b = session.scene.shapes["B"]
        start = b.position

        def drag(frame):
            b.position = (start[0] - frame % 200, start[1] - (frame % 200) / 2)
            session.refresh()
            session.update(1 / 60)

        yield "box-box, B dragged", session, drag
    table = EXTREMES if extremes else {scene_id: [(setting, "moving") for setting in settings] for scene_id, settings in SETTINGS.items()}
    for scene_id, settings in table.items():
        if only and only != scene_id:
            continue
        for setting, how in settings:
            setting, use = dict(setting), how
            if isinstance(setting.get("count"), tuple):
                method = setting["count"][1]
                setting["count"] = _largest_running(scene_id, method)
                use = f"{how}, the most objects {method} runs at"
            label = f"{scene_id}, {use}: " + ", ".join(f"{name} {value}" for name, value in setting.items())
            if match and match not in label:
                continue
            session = Session(scene_id, (1280, 720))
            for name, value in setting.items():
                session.set_setting(name, value)
            yield label, session, _advance(session, how)


def measure(window, advance, frames):
    """Per-frame (process CPU, thread CPU, update, render, raster) milliseconds, then pipelined frame intervals."""
    import pyglet

    parts = []
    for frame in range(frames):
        pyglet.gl.glFinish()
        began, began_cpu, began_process = time.perf_counter(), time.thread_time(), time.process_time()
        advance(frame)
        updated = time.perf_counter()
        window.render()
        rendered, rendered_cpu = time.perf_counter(), time.thread_time()
        pyglet.gl.glFinish()
        finished, finished_process = time.perf_counter(), time.process_time()
        parts.append(((finished_process - began_process) * 1000, (rendered_cpu - began_cpu) * 1000, (updated - began) * 1000,
                      (rendered - updated) * 1000, (finished - rendered) * 1000))
    pipelined = []
    for frame in range(frames):
        began = time.perf_counter()
        advance(frame)
        window.render()
        pipelined.append((time.perf_counter() - began) * 1000)
    skip = min(10, frames // 4)  # the first frames build fonts and shapes
    return parts[skip:], pipelined[skip:]


def window_rate(scene_id, seconds):
    """(frames a second, process CPU ms a frame) of the real window showing ``scene_id`` at
    10,000 objects over ``seconds``, after two to settle."""
    import pyglet

    from sandbox.app.session import Session
    from sandbox.app.window.app_window import SandboxWindow, loop

    session = Session(scene_id, (1280, 720))
    session.set_setting("count", MOST["count"])
    window = SandboxWindow(session)
    # A frame counts when it shows a new state: drawn after the session's update (a redraw
    # between updates is no new frame to a user).
    frames, updated, marks = [0], [False], {}
    draw, update = window.on_draw, session.update

    def on_draw():
        draw()
        frames[0] += updated[0]
        updated[0] = False

    def on_update(dt):
        update(dt)
        updated[0] = True

    window.on_draw, session.update = on_draw, on_update

    def mark(_dt, name):
        marks[name] = (frames[0], time.perf_counter(), time.process_time())
        if name == "end":
            pyglet.app.exit()

    pyglet.clock.schedule_once(mark, 2.0, "start")
    pyglet.clock.schedule_once(mark, 2.0 + seconds, "end")
    loop(window)
    pyglet.clock.unschedule(window.tick)
    window.close()
    refuse_failed(f"{scene_id}, real window", session)
    (f0, t0, c0), (f1, t1, c1) = marks["start"], marks["end"]
    return (f1 - f0) / (t1 - t0), (c1 - c0) * 1000 / max(f1 - f0, 1)


def windows(only, seconds):
    from startup import virtual_display

    display, server = virtual_display()
    if display is None:
        raise SystemExit("no display: set DISPLAY or install Xvfb")
    os.environ["DISPLAY"] = display
    try:
        gl.configure(headless=False)
        for scene_id in SETTINGS:
            if only and only != scene_id:
                continue
            load = os.getloadavg()[0]
            rate, cpu = window_rate(scene_id, seconds)
            print(f"{scene_id}, real window, 10000 objects: {rate:.1f} frames a second, {cpu:.2f} ms of process CPU a frame,"
                  f" over {seconds} s on display {display}; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after,"
                  f" on {os.cpu_count()} processors", flush=True)
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)


def refuse_failed(label, session):
    """Stop with one line where the scene's code failed: a frame that draws a fault message
    instead of the scene is no measure of the scene."""
    if session.fault is not None:
        raise SystemExit(f"{label}: not measured, the scene failed: {session.fault}")


def median_p90(values):
    return statistics.median(values), statistics.quantiles(values, n=10)[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--only", help="one scene id")
    parser.add_argument("--extremes", action="store_true", help="every reachable end of the broad-phase scenes' panels instead")
    parser.add_argument("--match", help="only the cases whose label holds this text")
    parser.add_argument("--window", type=float, metavar="SECONDS", help="the real window's frame rate instead, over SECONDS")
    args = parser.parse_args()
    if args.window:
        return windows(args.only, args.window)
    gl.configure(headless=True)
    import pyglet

    from sandbox.app.window.app_window import SandboxWindow

    renderer = None
    columns = ("process CPU", "thread CPU", "update", "render", "raster", "pipelined")
    print(f"{'scene, use: settings':100}" + "".join(f"{name + ' med':>15}{'p90':>7}" for name in columns), flush=True)
    for label, session, advance in cases(args.only, args.extremes, args.match):
        window = SandboxWindow(session, visible=False)
        renderer = renderer or pyglet.gl.gl_info.get_renderer()
        parts, pipelined = measure(window, advance, args.frames)
        figures = [median_p90(values) for values in (*zip(*parts), pipelined)]
        window.on_close()
        refuse_failed(label, session)
        print(f"{label:100}" + "".join(f"{median:15.2f}{p90:7.2f}" for median, p90 in figures), flush=True)
    print(f"1280x720, headless, renderer {renderer}; milliseconds per frame; a 60 fps frame allows 16.7 ms;"
          f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")


if __name__ == "__main__":
    main()
