"""The core stands alone, and the launcher runs."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_core_loads_no_gui():
    check = (
        "import sys, collision\n"
        "loaded = [m for m in ('pyglet', 'imgui_bundle', 'OpenGL', 'sandbox', 'scenes') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, cwd=ROOT)


def test_the_launcher_runs():
    done = subprocess.run([sys.executable, "sandbox.py"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0
    assert "coming soon" in done.stderr
