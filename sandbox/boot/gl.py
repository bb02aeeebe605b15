"""How pyglet reaches OpenGL: through a display, or headless through EGL."""

import os
import sys

import pyglet

from sandbox.boot import imgui_core
from sandbox.boot import libraries


def configure(headless):
    """Choose before any window exists; the choice holds for the rest of the process.

    Headless rendering uses EGL (Mesa's llvmpipe where there is no GPU). The ImGui panel is
    drawn through pyglet's OpenGL too (sandbox.boot.imgui_gl), so that choice is the only one.
    Every way in (the command line, the tests, the benchmarks) calls this first, so it also
    spares the start-up work the sandbox has no use for: an ``ldconfig`` run per library pyglet
    loads (sandbox.boot.libraries), pyglet's GdkPixbuf image decoder, and the parts of imgui-bundle
    beside ImGui (sandbox.boot.imgui_core).
    """
    if "pyglet.window" in sys.modules and pyglet.options.headless != headless:
        raise RuntimeError("sandbox.boot.gl.configure() must run before pyglet.window is imported")
    pyglet.options.headless = headless
    libraries.read_once()
    if "pyglet.image" not in sys.modules:
        # pyglet.image readies GdkPixbuf to decode image files when it is imported, loading
        # GTK 2's GDK and the libraries under it: 20 ms of every start-up. The sandbox decodes
        # no image through pyglet (sandbox.app.png reads and writes its PNGs), and pyglet's own PNG
        # and BMP decoders stay. A module set to None in sys.modules is one Python will not import.
        sys.modules.setdefault("pyglet.image.codecs.gdkpixbuf2", None)
    imgui_core.load()


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
