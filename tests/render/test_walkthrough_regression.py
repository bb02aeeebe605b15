"""Every walkthrough in walkthroughs/ exported and held to its baselines, step by step: numbers and
pictures (a sixth of the lessons by default, every one under -m slow).

A course maintainer adds a lesson by putting its .toml in walkthroughs/, running
``pytest tests/render/test_walkthrough_regression.py --record-screenshots`` once, looking at
every picture written under tests/render/walkthroughs/<name>/, and committing them. Each step is
its own test, so one step can be re-recorded alone (the review page gives the command).
"""

import contextlib
import json
import math
import os
import shlex
from pathlib import Path
from types import SimpleNamespace

import pytest

from sandbox.app import handout, walkthrough
from sandbox.app.window import png
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]
BASELINES = Path(os.environ.get("WALKTHROUGH_BASELINES", Path(__file__).parent / "walkthroughs"))
"""The recorded steps; the review page's own test points it at a copy with planted changes."""
LESSONS = {path.stem: walkthrough.load(path) for path in sorted((ROOT / "walkthroughs").glob("*.toml"))}
# Exporting a lesson (every step's PNG and SVG) takes one to three seconds of CPU: by default
# every step of a sixth of the lessons (every sixth by name) is held to its baselines; -m slow
# holds every lesson's (.ci/run runs both).
STEPS = [
    pytest.param(name, number, id=f"{name}-step-{number:02d}", marks=() if index % 6 == 0 else pytest.mark.slow)
    for index, (name, lesson) in enumerate(LESSONS.items()) for number in range(1, len(lesson.steps) + 1)
]


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


def lesson_command(name):
    """The command, run from the checkout's top folder, that re-records every step of lesson ``name``."""
    return f"python -m pytest {Path(__file__).relative_to(ROOT)} -k {shlex.quote(f'[{name}-step-')} --record-screenshots"


def compare(folder, name, number, request):
    """Hold step ``number`` of lesson ``name`` (exported into ``folder``) to its baselines, for
    the test of ``request``: AssertionError, and an entry on the review page, if it differs."""
    baselines, stem = BASELINES / name, f"step-{number:02d}"
    numbers = json.loads((folder / f"{stem}.json").read_text())
    expected_path = baselines / f"{stem}.json"
    if request.config.getoption("--record-screenshots") or not expected_path.exists():
        baselines.mkdir(parents=True, exist_ok=True)
        expected_path.write_text(json.dumps(numbers, indent=2) + "\n")
    changed = close(numbers, json.loads(expected_path.read_text()), stem)
    words = [(label, numbers[field]) for label, field in (("Caption", "caption"), ("Question", "question"), ("Answer", "answer")) if field in numbers]
    check(png.read(folder / f"{stem}.png"), stem, request, baselines, changed, words=words, lesson_command=lesson_command(name))


@pytest.fixture(scope="module")
def compared_ahead(request, exported):
    """With -x (or --maxfail) a run stops at its first failures, and the steps after them would
    never reach the review page: every selected step is then compared before the first test,
    so the page lists every failing step of the run. Without it each step is compared by its
    own test, and a failure stops nothing."""
    if not request.config.getoption("maxfail"):
        return
    for item in request.session.items:
        # README and docstring doctests are items without a module.
        if getattr(item, "module", None) is request.module and getattr(item, "originalname", None) == "test_a_walkthrough_step_exports_as_recorded":
            name, number = item.callspec.params["name"], item.callspec.params["number"]
            with contextlib.suppress(AssertionError):
                compare(exported(name), name, number, SimpleNamespace(config=request.config, node=item))


@pytest.mark.parametrize(("name", "number"), STEPS)
def test_a_walkthrough_step_exports_as_recorded(exported, compared_ahead, request, name, number):
    compare(exported(name), name, number, request)
