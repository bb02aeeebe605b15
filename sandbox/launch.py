"""Starting the sandbox from a command: ``python sandbox.py``, ``python -m sandbox``, ``collision-sandbox``."""

import os
import sys

from .cli import main


def run():
    """Run the command line, then leave without tearing the interpreter down.

    By then every file is written and closed and the window is gone; what is left is
    unloading numpy, ImGui and PyOpenGL module by module, which takes longer than a headless
    screenshot's own work (benchmarks/startup.py measures both).
    """
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
