"""Launcher: ``python sandbox.py`` runs the Collision Sandbox."""

import sys

from sandbox.cli import main

if __name__ == "__main__":
    sys.exit(main())
