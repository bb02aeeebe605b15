"""Starting the sandbox from a command: ``python sandbox.py``, ``python -m sandbox``, ``collision-sandbox``."""

import os
import sys

from sandbox.boot import early, tweaks


def prepare():
    """What must happen before anything heavy is imported: ``--no-tweaks`` turns every tweak of
    sandbox.boot.tweaks off, for this process and the ones it starts; then OpenBLAS's threads."""
    if "--no-tweaks" in sys.argv[1:]:
        os.environ[tweaks.SWITCH] = "1"
    if tweaks.on("openblas"):
        # numpy's OpenBLAS starts a worker thread per core when numpy is imported, and they spin
        # waiting for work; the app's matrix products (a polygon's few corners at a time) are far
        # too small for BLAS to split among threads. Measured: off, a screenshot takes 41 ms more
        # CPU (168 ms more wall) and the first frame 45 ms more CPU (47 wall): benchmarks/
        # startup.py --each, medians of 7 fresh runs, load average 6.2 on 2 cores.
        # Set before anything imports numpy; a value the user chose is kept.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def run():
    """Run the command line and leave with its exit code."""
    prepare()
    opened = None
    size = early.plain_size(sys.argv[1:]) if tweaks.on("early-window") else None
    if size is not None:
        from sandbox.boot import gl

        if gl.display_available():
            gl.configure(headless=False)
            try:
                opened = early.open_window(size)
            except Exception:
                # A display named but not there (pyglet raises as it is imported, before its
                # exception classes can be named): the command line says so in one line when it
                # opens its own window.
                opened = None
    from sandbox.app.cli import main

    code = main(opened=opened)
    if not tweaks.on("quick-exit"):
        sys.exit(code)
    # By then every file is written and closed and the window is gone; what is left is
    # unloading numpy, ImGui and pyglet module by module. Measured: off, a screenshot (or a
    # handout, or quitting the window) takes 110 ms more CPU and 111 ms more wall:
    # benchmarks/startup.py --each, medians of 7 fresh runs, load average 6.2 on 2 cores.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
