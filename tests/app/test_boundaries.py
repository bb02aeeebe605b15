"""The core stands alone, and every launcher runs."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_core_loads_no_gui():
    check = (
        "import sys, collision\n"
        "loaded = [m for m in ('pyglet', 'imgui_bundle', 'OpenGL', 'sandbox', 'scenes') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, cwd=ROOT)


@pytest.mark.parametrize(
    "command",
    [["sandbox.py"], ["-m", "sandbox"], None],
    ids=["sandbox.py", "python -m sandbox", "collision-sandbox"],
)
def test_every_launcher_lists_the_scenes(command):
    if command is None:
        # The console script is installed beside the interpreter running the tests.
        argv = [str(Path(sys.executable).parent / "collision-sandbox"), "--list"]
    else:
        argv = [sys.executable, *command, "--list"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "box-box" in done.stdout
