"""Launcher: ``python sandbox.py`` runs the Collision Sandbox."""

from sandbox.boot.launch import run

if __name__ == "__main__":
    run()
