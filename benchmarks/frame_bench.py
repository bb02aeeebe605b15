"""Frame time of the box-box scene rendered headless: scene drawing plus the ImGui panel.

Run: python benchmarks/frame_bench.py

B moves every frame, as during a drag, so the SAT, the drawing and the panel all redo
their work. Two figures, median and 90th percentile over a few hundred frames: the app's own
work (the calls that draw the scene and build the panel), and the same with glFinish, which
also waits for the rasteriser; with no GPU that is Mesa's llvmpipe, drawing on the CPU. The
budget for 60 frames a second is 16.7 ms.
"""

import statistics
import time

from sandbox import gl

FRAMES = 300


def main():
    gl.configure(headless=True)
    import pyglet

    from sandbox.session import Session
    from sandbox.window import SandboxWindow

    session = Session("box-box", (1280, 720))
    window = SandboxWindow(session, visible=False)
    b = session.scene.shapes["B"]
    start = b.position

    def frames(finish):
        times = []
        for frame in range(FRAMES):
            began = time.perf_counter()
            b.position = (start[0] - frame % 200, start[1] - (frame % 200) / 2)
            session.scene.refresh()
            session.update(1 / 60)
            window.render()
            if finish:
                pyglet.gl.glFinish()
            times.append((time.perf_counter() - began) * 1000)
        return times[10:]  # the first frames build fonts and shapes

    print(f"box-box at 1280x720, headless, renderer {pyglet.gl.gl_info.get_renderer()}:")
    for label, finish in (("app work (draw + panel)", False), ("with rasterising (glFinish)", True)):
        times = frames(finish)
        median, p90 = statistics.median(times), statistics.quantiles(times, n=10)[-1]
        print(f"  {label:28} median {median:5.2f} ms, 90th percentile {p90:5.2f} ms, {median / (1000 / 60):.0%} of 16.7 ms")
    window.on_close()


if __name__ == "__main__":
    main()
