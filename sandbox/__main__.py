"""``python -m sandbox`` runs the sandbox."""

from sandbox.boot.launch import run

run()
