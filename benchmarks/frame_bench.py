"""Frame times of scenes rendered headless: update, drawing and the ImGui panel.

Run: python benchmarks/frame_bench.py

box-box moves B every frame, as during a drag; the quadtree scene runs its animation, so the
tree is rebuilt each frame, at 100, 1,000 and 2,000 moving objects. Two figures each, median
and 90th percentile over a few hundred frames, every frame doing the update, the scene's
drawing and the panel:

- pipelined: frame after frame as the app runs, the rasteriser finishing one frame while
  Python prepares the next; OpenGL holds Python back when it falls behind, so this is the
  frame interval a user sees;
- serialised: each frame also waits (glFinish) until it is fully drawn before the next
  starts; an upper bound, the cost of the CPU work and the drawing back to back.

With no GPU the rasteriser is Mesa's llvmpipe, on the CPU too. A 60 fps frame allows 16.7 ms.
"""

import statistics
import time

from sandbox import gl

FRAMES = 200


def measure(window, advance, finish):
    import pyglet

    times = []
    for frame in range(FRAMES):
        began = time.perf_counter()
        advance(frame)
        window.render()
        if finish:
            pyglet.gl.glFinish()
        times.append((time.perf_counter() - began) * 1000)
    return times[10:]  # the first frames build fonts and shapes


def cases():
    """(label, session, advance) for each measured setting."""
    from sandbox.session import Session

    session = Session("box-box", (1280, 720))
    b = session.scene.shapes["B"]
    start = b.position

    def drag(frame):
        b.position = (start[0] - frame % 200, start[1] - (frame % 200) / 2)
        session.refresh()
        session.update(1 / 60)

    yield "box-box, B dragged", session, drag
    for count in (100, 1000, 2000):
        session = Session("quadtree", (1280, 720))
        session.set_setting("count", count)
        yield f"quadtree, {count} objects", session, lambda frame, session=session: session.update(1 / 60)


def main():
    gl.configure(headless=True)
    import pyglet

    from sandbox.window import SandboxWindow

    renderer = None
    print(f"{'scene':26} {'pipelined median':>17} {'p90':>7} {'serialised median':>18} {'p90':>7}")
    for label, session, advance in cases():
        window = SandboxWindow(session, visible=False)
        renderer = renderer or pyglet.gl.gl_info.get_renderer()
        figures = []
        for finish in (False, True):
            times = measure(window, advance, finish)
            figures += [statistics.median(times), statistics.quantiles(times, n=10)[-1]]
        window.on_close()
        print(f"{label:26} {figures[0]:17.2f} {figures[1]:7.2f} {figures[2]:18.2f} {figures[3]:7.2f}")
    print(f"1280x720, headless, renderer {renderer}; milliseconds per frame")


if __name__ == "__main__":
    main()
