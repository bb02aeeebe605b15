"""Every walkthrough in walkthroughs/ exported and held to its baselines: pictures and numbers.

A course maintainer adds a lesson by putting its .toml in walkthroughs/, running
``pytest tests/render/test_walkthrough_regression.py --record-screenshots`` once, looking at
every picture written under tests/render/walkthroughs/<name>/, and committing them.
"""

import json
import math
from pathlib import Path

import pytest

from sandbox import handout, png, walkthrough
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]
BASELINES = Path(__file__).parent / "walkthroughs"


def close(actual, expected, where=""):
    """Every difference between two JSON values, floats within 1e-9."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if set(actual) != set(expected):
            return [f"{where}: keys {sorted(actual)} instead of {sorted(expected)}"]
        return [d for key in expected for d in close(actual[key], expected[key], f"{where}.{key}")]
    if isinstance(expected, list) and isinstance(actual, list) and len(actual) == len(expected):
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in close(a, e, f"{where}[{i}]")]
    if isinstance(expected, float) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        return [] if math.isclose(actual, expected, rel_tol=0, abs_tol=1e-9) else [f"{where}: {actual!r} instead of {expected!r}"]
    return [] if actual == expected else [f"{where}: {actual!r} instead of {expected!r}"]


@pytest.mark.parametrize("path", sorted((ROOT / "walkthroughs").glob("*.toml")), ids=lambda p: p.stem)
def test_a_walkthrough_exports_as_recorded(tmp_path, request, path):
    record = request.config.getoption("--record-screenshots")
    lesson = walkthrough.load(path)
    handout.export(lesson, tmp_path)
    baselines = BASELINES / path.stem
    baselines.mkdir(parents=True, exist_ok=True)
    stems = [f"step-{number:02d}" for number in range(1, len(lesson.steps) + 1)]
    differences = []
    for stem in stems:
        numbers = json.loads((tmp_path / f"{stem}.json").read_text())
        expected_path = baselines / f"{stem}.json"
        if record or not expected_path.exists():
            expected_path.write_text(json.dumps(numbers, indent=2) + "\n")
        differences += close(numbers, json.loads(expected_path.read_text()), stem)
    # Numbers first: when they change, that is the news, not the pictures that show them.
    assert not differences, "numbers changed:\n" + "\n".join(differences[:10])
    for stem in stems:
        check(png.read(tmp_path / f"{stem}.png"), stem, record, baselines)
