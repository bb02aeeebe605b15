"""A short soak: every scene through the session with random input, no exception, no NaN,
with a teacher's scene broken on purpose loaded beside the built-in ones (issue 22): six
seconds and at least 10,000 events in the default run (a busy machine runs longer rather than
testing less) (every scene a tenth of a second or more each round), a minute in
the slow run; benchmarks/soak.py --seconds 600 is the long one."""

import subprocess
import sys

import pytest

from command import ROOT
from sandbox.app.registry import all_scenes


@pytest.mark.parametrize("seconds", [6, pytest.param(60, marks=pytest.mark.slow)])
def test_random_input_in_every_scene_and_a_broken_one(seconds):
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--seconds", str(seconds), "--seed", "9", "--events", "10000", "--scenes", str(ROOT / "benchmarks" / "broken_scenes")],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("left out: scene file") and "fails_to_load.py, line 3" in lines[0]
    assert lines[1].endswith(", ".join(sorted([cls.id for cls in all_scenes()] + ["broken-flaky"])))
    assert "exceptions: 0 (0 distinct)" in lines and "NaN or infinite shapes: 0" in lines
    faults = next(line for line in lines if line.startswith("scene faults shown on the canvas:"))
    assert int(faults.split(":")[1].split()[0]) > 0 and all("flaky.py" in line for line in lines if line.startswith("  ") and " x scene " in line)
    assert any(line.startswith("memory (RSS):") for line in lines)
    events = int(next(line for line in lines if line.startswith("events:")).split()[1].replace(",", ""))
    assert events > 10_000
