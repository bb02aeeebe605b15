"""Test set-up every tier shares. It loads neither GL nor ImGui: tests/core runs with numpy,
shapely, hypothesis and pytest alone. The tiers that run the app get their fixtures from
tests/app_fixtures.py through their own conftest.py."""

import os
import shutil
import sys
import tempfile

import pytest

# The tests keep out of the user's remembered preferences, and the user's out of the tests.
_CONFIG = tempfile.mkdtemp(prefix="sandbox-tests-config-")
os.environ["XDG_CONFIG_HOME"] = _CONFIG

# Teachers' scene folders, loaded on purpose by the tests that need them: were one collected, its
# scenes would join the registry for every test (the never-returning ones would hang it).
collect_ignore = ["driven/user_scenes", "app/slow_scenes", "conftest.py"]
# --doctest-modules would import each tier's conftest.py as the module "conftest" and meet the one
# loaded before it ("import file mismatch"). They hold no doctests; pytest loads them as conftests.
collect_ignore_glob = ["*/conftest.py"]


def pytest_addoption(parser):
    parser.addoption(
        "--record-screenshots",
        action="store_true",
        help="re-record the screenshot baselines in tests/screenshots/ instead of comparing (look at each one); "
        "the slow tier's are recorded too",
    )


DEFAULT_TIER = "not slow and not browser"
"""pyproject's -m: the tests a plain pytest runs."""


def _bytecode_aside():
    """Where PYTHONDONTWRITEBYTECODE keeps bytecode out of the checkout, every process the run
    starts (xdist's workers, over a hundred of the app's command lines) compiled the app from
    source again: 0.15 s of CPU each, and more for the workers. Compiled once instead, into a
    folder of the run's own (PYTHONPYCACHEPREFIX), removed at its end: nothing is written
    beside the sources. Returns the folder, or None where there is nothing to do."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return None
    folder = tempfile.mkdtemp(prefix="sandbox-tests-bytecode-")
    _BYTECODE_WAS.append(os.environ.pop("PYTHONDONTWRITEBYTECODE"))
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    sys.pycache_prefix, sys.dont_write_bytecode = folder, False
    return folder


_BYTECODE = None
_BYTECODE_WAS: list[str] = []


def pytest_configure(config):
    global _BYTECODE
    if not hasattr(config, "workerinput") and _BYTECODE is None:
        _BYTECODE = _bytecode_aside()  # before xdist starts its workers, which inherit it
    # Re-recording takes every baseline, the slow tier's (most lessons' steps) among them: one
    # left out would fail the slow tier's next run. The record commands the review page gives
    # (one test, one lesson) then select their test whatever its tier.
    if config.getoption("--record-screenshots") and config.option.markexpr == DEFAULT_TIER:
        config.option.markexpr = "not browser"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Run on every core at once (-n auto) when pytest-xdist is installed and no -n was given.

    Here rather than in pyproject's addopts, which would make -n an error where xdist is missing:
    tests/core must run in a venv holding only numpy, shapely, hypothesis and pytest. Called
    before xdist's own hook (both tryfirst; the later registered runs first), which turns "auto"
    into a number; xdist's workers (which have workerinput) run their share in one process."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = "auto"
    if config.option.numprocesses and config.option.dist == "no":
        config.option.dist = "worksteal"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, for fixtures to see how it went."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def pytest_unconfigure(config):
    shutil.rmtree(_CONFIG, ignore_errors=True)
    global _BYTECODE
    if _BYTECODE is not None and not hasattr(config, "workerinput"):
        os.environ["PYTHONDONTWRITEBYTECODE"] = _BYTECODE_WAS.pop()
        del os.environ["PYTHONPYCACHEPREFIX"]
        sys.pycache_prefix, sys.dont_write_bytecode = None, True
        shutil.rmtree(_BYTECODE, ignore_errors=True)
        _BYTECODE = None
