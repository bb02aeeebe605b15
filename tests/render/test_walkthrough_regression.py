"""Every walkthrough in walkthroughs/ exported and held to its baselines, step by step: numbers and pictures.

A course maintainer adds a lesson by putting its .toml in walkthroughs/, running
``pytest tests/render/test_walkthrough_regression.py --record-screenshots`` once, looking at
every picture written under tests/render/walkthroughs/<name>/, and committing them. Each step is
its own test, so one step can be re-recorded alone (the review page gives the command).
"""

import json
import math
from pathlib import Path

import pytest

from sandbox.app import handout

from sandbox.app import png

from sandbox.app import walkthrough
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]
BASELINES = Path(__file__).parent / "walkthroughs"
LESSONS = {path.stem: walkthrough.load(path) for path in sorted((ROOT / "walkthroughs").glob("*.toml"))}
STEPS = [(name, number) for name, lesson in LESSONS.items() for number in range(1, len(lesson.steps) + 1)]


def close(actual, expected, where=""):
    """Every difference between two JSON values as (field, old, new), floats within 1e-9."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if set(actual) != set(expected):
            return [(f"{where} keys", sorted(expected), sorted(actual))]
        return [d for key in expected for d in close(actual[key], expected[key], f"{where}.{key}")]
    if isinstance(expected, list) and isinstance(actual, list) and len(actual) == len(expected):
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in close(a, e, f"{where}[{i}]")]
    if isinstance(expected, float) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        return [] if math.isclose(actual, expected, rel_tol=0, abs_tol=1e-9) else [(where, expected, actual)]
    return [] if actual == expected else [(where, expected, actual)]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The handout folder of a walkthrough by name, exported once for all its steps."""
    folders = {}

    def export(name):
        if name not in folders:
            folders[name] = tmp_path_factory.mktemp(name)
            handout.export(LESSONS[name], folders[name])
        return folders[name]

    return export


@pytest.mark.parametrize(("name", "number"), STEPS, ids=[f"{name}-step-{number:02d}" for name, number in STEPS])
def test_a_walkthrough_step_exports_as_recorded(exported, request, name, number):
    folder, baselines, stem = exported(name), BASELINES / name, f"step-{number:02d}"
    numbers = json.loads((folder / f"{stem}.json").read_text())
    expected_path = baselines / f"{stem}.json"
    if request.config.getoption("--record-screenshots") or not expected_path.exists():
        baselines.mkdir(parents=True, exist_ok=True)
        expected_path.write_text(json.dumps(numbers, indent=2) + "\n")
    changed = close(numbers, json.loads(expected_path.read_text()), stem)
    check(png.read(folder / f"{stem}.png"), stem, request, baselines, changed)
