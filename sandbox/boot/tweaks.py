"""The start-up and frame tweaks: each one's measured benefit, and the one switch that turns them off.

A tweak does something the libraries would do for us, another way, because the measurement
beside it says a user would feel the difference. ``COLLISION_SANDBOX_PLAIN=1`` in the
environment (``python sandbox.py --no-tweaks`` sets it) turns every one of them off, and the
libraries' own ways are used; ``COLLISION_SANDBOX_PLAIN=name,name`` turns off only those named
(``benchmarks/startup.py --each`` measures each tweak so). A tweak not listed here does not exist.
"""

import os

SWITCH = "COLLISION_SANDBOX_PLAIN"
"""The environment variable: 1 turns every tweak off, a comma-separated list of names those."""

TWEAKS = {
    "openblas": "numpy's OpenBLAS on one thread",
    "imgui-renderer": "ImGui drawn through pyglet's OpenGL (sandbox.boot.imgui_gl), not imgui-bundle's backend over PyOpenGL",
    "imgui-alone": "ImGui imported without the rest of imgui-bundle's set-up (sandbox.boot.imgui_core)",
    "ldconfig-once": "shared libraries found from one ldconfig listing (sandbox.boot.libraries)",
    "no-gdkpixbuf": "pyglet's GdkPixbuf image decoder left unloaded",
    "entry-points": "the scenes' entry point read from entry_points.txt, not through importlib.metadata",
    "quick-exit": "the process left with os._exit once everything is written",
    "malloc": "glibc's malloc keeps freed memory for the next frame",
}
"""Each tweak by name, with what it does; its benefit is written where it is applied."""


def on(name):
    """Whether tweak ``name`` is on: every one is, unless the switch says 1 or names it."""
    if name not in TWEAKS:
        raise KeyError(f"no tweak named {name!r}; the tweaks are {', '.join(TWEAKS)}")
    off = os.environ.get(SWITCH, "").strip()
    if off in ("", "0"):
        return True
    return off != "1" and name not in {part.strip() for part in off.split(",")}
