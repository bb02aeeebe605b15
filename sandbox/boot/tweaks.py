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
    "openblas": "numpy's OpenBLAS on one thread (sandbox.boot.launch)",
    "imgui-renderer": "ImGui drawn through pyglet's OpenGL (sandbox.boot.imgui_gl), not imgui-bundle's backend over PyOpenGL",
    "quick-exit": "the process left with os._exit once everything is written (sandbox.boot.launch)",
    "malloc": "glibc's malloc keeps freed memory for the next frame (sandbox.boot.memory)",
    "early-window": "a plain start opens its window before loading the app, which then draws into it (sandbox.boot.early)",
    "late-flip": "the window shows each frame after the next update, while llvmpipe rasterises it (SandboxWindow.tick)",
    "glyph-swap": "a label whose counts changed has their digits' quads rewritten, not the label laid out again (sandbox.boot.glyphs)",
}
"""Each tweak by name, with what it does; its measured benefit is written where it is applied.

Measured and dropped (the libraries' own ways are used): ImGui imported without the rest of
imgui-bundle's set-up through a stand-in ``imgui_bundle`` module (3 ms of a screenshot's CPU,
28 ms of the first frame's), one ``ldconfig -p`` run answering ``ctypes.util.find_library``
for the whole process (9 and 5 ms), pyglet's GdkPixbuf decoder kept from loading (none), and
the scenes' entry point read from entry_points.txt instead of through importlib.metadata (9
and 30 ms): medians of 7 fresh runs each, benchmarks/startup.py --each, load average 5.6 on 2
cores; the first frame takes about 800 ms.
"""


def on(name):
    """Whether tweak ``name`` is on: every one is, unless the switch says 1 or names it."""
    if name not in TWEAKS:
        raise KeyError(f"no tweak named {name!r}; the tweaks are {', '.join(TWEAKS)}")
    off = os.environ.get(SWITCH, "").strip()
    if off in ("", "0"):
        return True
    return off != "1" and name not in {part.strip() for part in off.split(",")}
