"""``python -m sandbox`` runs the sandbox."""

from .launch import run

run()
