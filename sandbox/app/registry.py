"""The scene registry: scenes join with ``@register``; the app finds them without importing them by name.

The built-in scenes are announced by the package metadata (the ``collision_sandbox.scenes``
entry point names the ``scenes`` package), so the app never imports a package above it; a
teacher's own folder of scene files is loaded with ``--scenes DIR``.
"""

import functools
import importlib
import importlib.metadata
import importlib.util
import pkgutil
import sys
from pathlib import Path

from sandbox.kit import registration
from sandbox.kit.registration import CATEGORIES, SceneError, register

__all__ = ["CATEGORIES", "SceneError", "all_scenes", "load_folder", "register"]

ENTRY_POINTS = "collision_sandbox.scenes"


def _lesson_order(cls):
    rank = CATEGORIES.index(cls.category) if cls.category in CATEGORIES else len(CATEGORIES)
    return rank, cls.category, cls.order, cls.title


def all_scenes():
    """Every registered scene class, built-in ones loaded first, in lesson order."""
    load_builtin()
    return sorted(registration._scenes.values(), key=_lesson_order)


def entry_points(group=ENTRY_POINTS):
    """The ``(name, value)`` pairs of ``group`` that installed distributions declare."""
    return [(entry.name, entry.value) for entry in importlib.metadata.entry_points(group=group)]


def _load(value):
    """What an entry point's ``module:attribute.path [extras]`` names."""
    module, _, attributes = value.split("[")[0].strip().partition(":")
    found = importlib.import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        found = getattr(found, attribute)
    return found


@functools.cache
def load_builtin():
    """Import every module of the packages the entry points name, once: importing one scene
    module directly (a test that uses its helpers) must not stand in for all of them."""
    for _, value in entry_points():
        package = _load(value)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    if not registration._scenes:
        raise SceneError('no scenes are installed: run pip install -e . in the checkout first')


def load_folder(folder):
    """Register the scenes in every ``*.py`` file of ``folder``; SceneError names a bad one."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SceneError(f"--scenes {folder}: not a folder of scene files")
    all_scenes()
    for path in sorted(folder.glob("*.py")):
        name = f"user_scenes.{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except SceneError:
            raise
        except Exception as error:
            raise SceneError(f"scene file {path} failed to load: {type(error).__name__}: {error}") from None
