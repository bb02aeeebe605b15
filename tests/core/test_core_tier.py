"""The core tier needs numpy, shapely, hypothesis and pytest alone (issue 33): no GL, no ImGui, no
app. .ci/run proves it in a virtual environment holding only those; this says so in every run,
where the app's packages are installed and a stray import would go unnoticed."""

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement  # pytest's own dependency

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
MINIMAL = {"numpy", "shapely", "hypothesis", "pytest"}

IMPORT_ALL = """
import importlib, sys
before = set(sys.modules)  # what the interpreter starts with (site's .pth files included)
sys.path[:0] = [{tests!r}, {core!r}]
import pytest
for name in {modules!r}:
    try:
        importlib.import_module(name)
    except pytest.skip.Exception:
        pass  # a module whose optional oracle is missing here (pyb2d3) skips itself whole
print(" ".join(sorted({{name.partition(".")[0] for name in set(sys.modules) - before}})))
"""


def app_distributions():
    """What the app and the test extra install beyond the minimal four: pyglet, imgui-bundle,
    PyOpenGL, cairosvg, mypy, pytest-xdist (normalised names)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    return {Requirement(line).name.lower().replace("_", "-") for line in lines} - MINIMAL


def test_the_core_tests_import_neither_the_app_nor_its_dependencies():
    modules = sorted(path.stem for path in HERE.glob("*.py"))
    script = IMPORT_ALL.format(tests=str(HERE.parent), core=str(HERE), modules=modules)
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    app = {path.stem for path in ROOT.iterdir() if (path / "__init__.py").exists() or path.suffix == ".py"} - {"collision"}
    app |= {"driver", "app_fixtures"}  # tests/: the Driver and the app tiers' fixtures
    forbidden = app_distributions()
    owners = metadata.packages_distributions()
    strays = [
        f"{name} (from {', '.join(owners.get(name, ['this checkout']))})"
        for name in loaded
        if name in app or {owner.lower().replace("_", "-") for owner in owners.get(name, ())} & forbidden
    ]
    assert not strays, f"tests/core must run with {', '.join(sorted(MINIMAL))} alone; its modules load {'; '.join(strays)}"
