"""Frame times of scenes rendered headless: the CPU side of a frame, and the rasteriser's.

Run: python benchmarks/frame_bench.py [--frames 150] [--only quadtree] [--extremes]

box-box moves B every frame, as during a drag; the quadtree and grid-broadphase scenes run
their animation, so the tree or grid and the pair counts are redone each frame. For each,
medians and 90th percentiles in milliseconds over the frames, each frame measured in parts:

- update: the session's update, which moves the objects and recomputes the scene's result
  (the tree, the pairs, what the panel shows);
- render: the scene's drawing handed to OpenGL, the text and the ImGui panel built and
  submitted (up to the last GL call; the rasteriser is waited for before the frame starts);
- CPU: update + render, the figure the 16.7 ms budget of a 60 fps frame applies to;
- CPU time: the same part counted in this thread's processor time, not on the clock: on a
  machine busy with other work the clock also counts the time other processes took the
  processor, this does not (nor llvmpipe's own threads);
- raster: glFinish after the frame: what Mesa's llvmpipe (on the CPU too, with no GPU)
  still needs to turn the submitted frame into pixels;
- pipelined: frame after frame without waiting, as the app runs, the rasteriser working on
  one frame while Python prepares the next: the interval a user sees.
"""

import argparse
import os
import statistics
import time

from sandbox import gl

SETTINGS = {
    "quadtree": [{"count": 100}, {"count": 2000}, {"count": 10000}],
    "grid-broadphase": [{"count": 250}, {"count": 2000}, {"count": 10000}],
}
"""The settings each animated scene is measured at."""

EXTREMES = {
    "quadtree": [
        {"count": 10000, "max_objects": objects, "max_levels": levels, "variant": variant}
        for variant in (False, True) for objects in (1, 50) for levels in (0, 6)
    ] + [{"count": 2000, "max_objects": 1, "max_levels": 6, "variant": True}],
    "grid-broadphase": [{"count": 10000, "cell": 2.0}],
}
"""With --extremes: every slider and toggle of the panel at its ends, at the largest count
(and issue 9's case, the variant at 2,000 objects with MAX_OBJECTS 1, at the deepest
MAX_LEVELS the panel allows, 6)."""


def cases(only, extremes=False):
    """(label, session, advance) for each measured setting."""
    from sandbox.session import Session

    if not extremes and (not only or only == "box-box"):
        session = Session("box-box", (1280, 720))
        b = session.scene.shapes["B"]
        start = b.position

        def drag(frame):
            b.position = (start[0] - frame % 200, start[1] - (frame % 200) / 2)
            session.refresh()
            session.update(1 / 60)

        yield "box-box, B dragged", session, drag
    for scene_id, settings in (EXTREMES if extremes else SETTINGS).items():
        if only and only != scene_id:
            continue
        for setting in settings:
            session = Session(scene_id, (1280, 720))
            for name, value in setting.items():
                session.set_setting(name, value)
            label = f"{scene_id}, " + ", ".join(f"{name} {value}" for name, value in setting.items())
            yield label, session, lambda frame, session=session: session.update(1 / 60)


def measure(window, advance, frames):
    """Per-frame (update, render, raster) milliseconds, then pipelined frame intervals."""
    import pyglet

    parts = []
    for frame in range(frames):
        pyglet.gl.glFinish()
        began, began_cpu = time.perf_counter(), time.thread_time()
        advance(frame)
        updated, updated_cpu = time.perf_counter(), time.thread_time()
        window.render()
        rendered, rendered_cpu = time.perf_counter(), time.thread_time()
        pyglet.gl.glFinish()
        finished = time.perf_counter()
        parts.append(((updated - began) * 1000, (rendered - updated) * 1000, (finished - rendered) * 1000, (rendered_cpu - began_cpu) * 1000))
    pipelined = []
    for frame in range(frames):
        began = time.perf_counter()
        advance(frame)
        window.render()
        pipelined.append((time.perf_counter() - began) * 1000)
    skip = min(10, frames // 4)  # the first frames build fonts and shapes
    return parts[skip:], pipelined[skip:]


def median_p90(values):
    return statistics.median(values), statistics.quantiles(values, n=10)[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--only", help="one scene id")
    parser.add_argument("--extremes", action="store_true", help="the panel's sliders and toggles at their ends instead")
    args = parser.parse_args()
    gl.configure(headless=True)
    import pyglet

    from sandbox.window import SandboxWindow

    renderer = None
    columns = ("update", "render", "CPU", "CPU time", "raster", "pipelined")
    print(f"{'scene':72}" + "".join(f"{name + ' med':>15}{'p90':>7}" for name in columns))
    for label, session, advance in cases(args.only, args.extremes):
        window = SandboxWindow(session, visible=False)
        renderer = renderer or pyglet.gl.gl_info.get_renderer()
        parts, pipelined = measure(window, advance, args.frames)
        update, render, raster, thread = zip(*parts)
        cpu = [u + r for u, r, _, _ in parts]
        figures = [median_p90(values) for values in (update, render, cpu, thread, raster, pipelined)]
        window.on_close()
        print(f"{label:72}" + "".join(f"{median:15.2f}{p90:7.2f}" for median, p90 in figures))
    print(f"1280x720, headless, renderer {renderer}; milliseconds per frame; a 60 fps frame allows 16.7 ms;"
          f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")


if __name__ == "__main__":
    main()
