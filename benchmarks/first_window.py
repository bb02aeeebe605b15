"""Open a window, draw its first frame, show it, and leave: the sandbox's, or a bare pyglet one.

    python benchmarks/first_window.py            the app as `python sandbox.py --scene box-box` starts
                                                 it, until its window is first shown
    python benchmarks/first_window.py --picture  the same, until its first picture (the scene and the
                                                 panel) is shown: later, where the window opens early
    python benchmarks/first_window.py --bare     pyglet alone: a 1280 x 720 window, cleared and shown

Timed from outside as whole processes (start-up.py runs both in turn, in fresh processes, and
prints the ratio): the time a user waits for the first picture, against the least any pyglet
program waits on the same machine at the same moment. Needs a display (DISPLAY, or Xvfb).
"""

import os
import sys
from pathlib import Path

# The checkout this file is in, before any installed copy.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def bare():
    import pyglet

    window = pyglet.window.Window(1280, 720, caption="bare")

    @window.event
    def on_draw():
        window.clear()
        window.flip()
        print("first frame", flush=True)
        os._exit(0)

    pyglet.app.run()


def sandbox(picture):
    """Start as the app starts, and leave at the first buffer swap of a window (or of the
    app's own window, for the first picture), just after it."""
    sys.argv = ["sandbox.py", "--scene", "box-box"]
    from sandbox.boot import gl, launch

    launch.prepare()
    # As the launcher does before it opens a window; pyglet.window itself loads only after it.
    gl.configure(headless=False)
    import pyglet.window

    flip = pyglet.window.Window.flip

    def flipped(self):
        flip(self)
        if not picture or type(self).__name__ == "SandboxWindow":
            print("first picture" if picture else "first window", flush=True)
            os._exit(0)

    pyglet.window.Window.flip = flipped
    launch.run()


if __name__ == "__main__":
    bare() if "--bare" in sys.argv[1:] else sandbox("--picture" in sys.argv[1:])
