"""The scene registry: scenes join with ``@register``; the app finds them without importing them by name.

The built-in scenes are announced by the package metadata (the ``collision_sandbox.scenes``
entry point names the ``scenes`` package), so the app never imports a package above it; a
teacher's own folder of scene files is loaded with ``--scenes DIR``.
"""

import functools
import importlib
import importlib.metadata
import importlib.util
import os
import pkgutil
import stat
import sys
import traceback
from pathlib import Path
from typing import Any

from sandbox.kit import Scene, registration
from sandbox.kit.registration import CATEGORIES, SceneError, register

__all__ = ["CATEGORIES", "SceneError", "all_scenes", "load_folder", "register"]

ENTRY_POINTS = "collision_sandbox.scenes"


def _lesson_order(cls: type[Scene]) -> tuple[int, str, int, str]:
    rank = CATEGORIES.index(cls.category) if cls.category in CATEGORIES else len(CATEGORIES)
    return rank, cls.category, cls.order, cls.title


def all_scenes() -> list[type[Scene]]:
    """Every registered scene class, built-in ones loaded first, in lesson order."""
    load_builtin()
    return sorted(registration._scenes.values(), key=_lesson_order)


def entry_points(group: str = ENTRY_POINTS) -> list[tuple[str, str]]:
    """The ``(name, value)`` pairs of ``group`` that installed distributions declare."""
    return [(entry.name, entry.value) for entry in importlib.metadata.entry_points(group=group)]


def _load(value: str) -> Any:
    """What an entry point's ``module:attribute.path [extras]`` names."""
    module, _, attributes = value.split("[")[0].strip().partition(":")
    found = importlib.import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        found = getattr(found, attribute)
    return found


@functools.cache
def load_builtin() -> None:
    """Import every module of the packages the entry points name, once: importing one scene
    module directly (a test that uses its helpers) must not stand in for all of them."""
    for _, value in entry_points():
        package = _load(value)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    if not registration._scenes:
        raise SceneError('no scenes are installed: run pip install -e . in the checkout first')


def load_folder(folder: str | os.PathLike[str]) -> list[str]:
    """Register the scenes in every ``*.py`` file of ``folder``; return what went wrong, one
    line per file that was left out, naming it (and its line): a file that raises or exits at
    import, that is not a regular file (a FIFO would hang the read), or whose scene declares
    what the kit cannot use (sandbox.app.guard.problem). The other files' scenes join.
    SceneError if ``folder`` is not a folder."""
    from sandbox.app import guard, watchdog

    folder = Path(folder)
    if not folder.is_dir():
        raise SceneError(f"--scenes {folder}: not a folder of scene files")
    all_scenes()
    problems: list[str] = []
    for path in sorted(folder.glob("*.py")):
        try:
            mode = os.stat(path).st_mode
        except OSError as error:
            problems.append(f"scene file {path} was left out: {error.strerror}")
            continue
        if not stat.S_ISREG(mode):
            problems.append(f"scene file {path} was left out: it is not a regular file")
            continue
        before = dict(registration._scenes)
        name = f"user_scenes.{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            # A file that never finishes loading is stopped by the watchdog like a scene's method.
            watchdog.call(path, functools.partial(_too_slow, path), spec.loader.exec_module, module)
        except (Exception, SystemExit, watchdog.SceneTimeout) as error:
            # A broken file takes none of its scenes with it into the app.
            registration._scenes.clear()
            registration._scenes.update(before)
            sys.modules.pop(name, None)
            problems.append(_load_failure(path, error))
            continue
        for scene_id, cls in list(registration._scenes.items()):
            if before.get(scene_id) is not cls:
                wrong = guard.problem(cls)
                if wrong is not None:
                    del registration._scenes[scene_id]
                    if scene_id in before:
                        registration._scenes[scene_id] = before[scene_id]
                    problems.append(wrong)
                else:
                    watchdog.watch(cls)
    return problems


def _too_slow(path: Path, line: int | None) -> str:
    """What a scene file that took too long to load is told."""
    from sandbox.app import watchdog

    at = f", line {line}" if line else ""
    return f"scene file {path}{at} took longer than {watchdog.SECONDS:g} s to load, so it was left out"


def _load_failure(path: Path, error: BaseException) -> str:
    """One line naming ``path``, the line of it that raised, and what ``error`` says."""
    from sandbox.app import guard, watchdog

    if isinstance(error, (SceneError, watchdog.SceneTimeout)):
        return str(error)
    if isinstance(error, SystemExit):
        return f"scene file {path} was left out: it called sys.exit({error.code!r}) as it was imported"
    mine = os.path.abspath(path)
    line = error.lineno if isinstance(error, SyntaxError) and error.filename and os.path.abspath(error.filename) == mine else None
    for frame in traceback.extract_tb(error.__traceback__):
        if os.path.abspath(frame.filename) == mine:
            line = frame.lineno
    at = f", line {line}" if line else ""
    return f"scene file {path}{at} failed to load: {guard.message(error)}"
