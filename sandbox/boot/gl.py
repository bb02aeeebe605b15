"""How pyglet reaches OpenGL: through a display, or headless through EGL."""

import os
import sys

import pyglet

from sandbox.boot import memory
from sandbox.boot import tweaks


def configure(headless):
    """Choose before any window exists; the choice holds for the rest of the process.

    Headless rendering uses EGL (Mesa's llvmpipe where there is no GPU). Every way in (the
    command line, the tests, the benchmarks) calls this first, so it also applies the start-up
    tweaks that must come before pyglet and ImGui load (sandbox.boot.tweaks).
    """
    if "pyglet.window" in sys.modules and pyglet.options.headless != headless:
        raise RuntimeError("sandbox.boot.gl.configure() must run before pyglet.window is imported")
    pyglet.options.headless = headless
    # Nothing here needs pyglet's hidden shadow window, and making one at import needs a display.
    pyglet.options.shadow_window = False
    if not tweaks.on("imgui-renderer"):
        # imgui-bundle's backend draws through PyOpenGL, which must reach the context pyglet
        # made: EGL's when headless, the window's (GLX) otherwise, even when a headless parent
        # (a test run, say) passed its choice down.
        if headless:
            os.environ["PYOPENGL_PLATFORM"] = "egl"
        elif os.environ.get("PYOPENGL_PLATFORM") == "egl":
            del os.environ["PYOPENGL_PLATFORM"]
    if tweaks.on("malloc"):
        # Measured: off, a frame of the broad-phase scenes at 10,000 objects costs 1.0-1.7 ms
        # more of the process's CPU (benchmarks/frame_bench.py, two rounds at load average 5-6
        # on 2 cores); no difference to start-up.
        memory.keep_freed_memory()


def imgui_renderer(window):
    """ImGui's renderer for ``window``, fed the window's input: sandbox.boot.imgui_gl, or
    imgui-bundle's own pyglet backend with the tweaks off.

    The backend draws through PyOpenGL, a second set of OpenGL bindings beside pyglet's.
    Measured: with it, the first frame comes 187 ms later (83 ms more CPU) and a screenshot
    takes 209 ms longer (82 ms more CPU): benchmarks/startup.py --each, medians of 7 fresh
    runs, load average 6.2 on 2 cores. A frame of the broad-phase scenes at 10,000 objects
    costs 0.2-0.9 ms more CPU (frame_bench.py).
    """
    if tweaks.on("imgui-renderer"):
        from sandbox.boot import imgui_gl

        return imgui_gl.Renderer(window)
    from imgui_bundle.python_backends import pyglet_backend

    return pyglet_backend.create_renderer(window)


def display_available():
    """Whether a window can open here: always on Windows and macOS, with X11 or Wayland elsewhere."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def no_display_errors():
    """The exceptions pyglet raises when a window's display cannot be reached, to catch around
    opening a window. On X11 pyglet raises its own display module's class, which is not
    pyglet.window's class of the same name."""
    import pyglet.window

    errors = [pyglet.window.NoSuchDisplayException]
    if sys.platform not in ("win32", "darwin") and not pyglet.options.headless:
        from pyglet.display import xlib

        errors.append(xlib.NoSuchDisplayException)
    return tuple(errors)
