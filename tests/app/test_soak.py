"""A 20-second soak: every scene through the session with random input, no exception, no NaN."""

import subprocess
import sys

from command import ROOT
from sandbox.app.registry import all_scenes


def test_twenty_seconds_of_random_input_in_every_scene():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--seconds", "20", "--seed", "9"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith(", ".join(sorted(cls.id for cls in all_scenes())))
    assert "exceptions: 0 (0 distinct)" in lines and "NaN or infinite shapes: 0" in lines
    assert any(line.startswith("memory (RSS):") for line in lines)
    events = int(next(line for line in lines if line.startswith("events:")).split()[1].replace(",", ""))
    assert events > 10_000
