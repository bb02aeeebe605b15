"""The command line: ``python sandbox.py``, ``python -m sandbox`` and ``collision-sandbox``."""

import sys


def main(argv=None):
    """Run the sandbox; return the process exit code."""
    print(
        "The Collision Sandbox window is coming soon: the collision core is ready to use now "
        "(see README.md, 'A short tour of the core').",
        file=sys.stderr,
    )
    return 0
