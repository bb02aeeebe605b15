"""pyglet lives on the window's side, the package sandbox.app.window (and sandbox.boot, start-up):
no other module of sandbox/ or scenes/ imports it, and none imports a window-side module as it
loads (a function may, when it opens a window or takes a screenshot). So the session, the
handouts, the lesson check and the notebook load without it."""

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).parents[2]

WINDOW = "sandbox.app.window"
WINDOW_SIDE = (WINDOW, "sandbox.boot")
"""The packages whose modules may import pyglet: the window's, and start-up's."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted([*ROOT.glob("sandbox/**/*.py"), *ROOT.glob("scenes/**/*.py")])}


def window_side(name: str) -> bool:
    return any(name == package or name.startswith(f"{package}.") for package in WINDOW_SIDE)


def imports(tree: ast.Module, module: str, package: bool):
    """(line, name imported, whether at load time) for every import of ``tree``, relative ones
    resolved; ``from a import b`` names both a and a.b, b being a module or a name in one."""
    base = module.split(".") if package else module.split(".")[:-1]

    def walk(node, at_load):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield child.lineno, alias.name, at_load
            elif isinstance(child, ast.ImportFrom):
                root = ".".join(base[: len(base) - child.level + 1] + ([child.module] if child.module else [])) if child.level else child.module
                yield child.lineno, root, at_load
                for alias in child.names:
                    yield child.lineno, f"{root}.{alias.name}", at_load
            # A function's body runs when it is called, and "if TYPE_CHECKING:" never; a class's body, as the module loads.
            later = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) or (
                isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING")
            yield from walk(child, at_load and not later)

    yield from walk(tree, True)


def loaded(name: str) -> list[str]:
    """The modules of ours that importing ``name`` runs: it and the packages above it."""
    parts = name.split(".")
    return [each for each in (".".join(parts[:n]) for n in range(1, len(parts) + 1)) if each in MODULES]


@functools.cache
def _imports_of(module: str):
    # Each module is parsed once for the whole file's checks (five times over, it took seconds).
    return tuple(imports(ast.parse(MODULES[module].read_text(), str(MODULES[module])), module, MODULES[module].name == "__init__.py"))


def pyglet_loaders() -> set[str]:
    """The modules of ours whose import imports pyglet: themselves, or through the modules of
    ours they import as they load."""
    needs = {module: {each for _, name, at_load in _imports_of(module) if at_load for each in loaded(name) if each != module}
             for module in MODULES}
    found = {module for module in MODULES if any(at_load and name.split(".")[0] == "pyglet" for _, name, at_load in _imports_of(module))}
    while grown := {module for module, wanted in needs.items() if module not in found and wanted & found}:
        found |= grown
    return found


def offences():
    found, loaders = set(), pyglet_loaders()
    for module, path in MODULES.items():
        if window_side(module):
            continue
        for line, name, at_load in _imports_of(module):
            where = f"{path.relative_to(ROOT)}:{line}"
            if name.split(".")[0] == "pyglet":
                found.add(f"{where} imports pyglet")
            # Where pyglet comes in: a module loading pyglet otherwise loads one of these two.
            imported = loaded(name)[-1:] if at_load else []
            if imported and window_side(imported[0]) and imported[0] in loaders:
                found.add(f"{where} imports the window-side {imported[0]} as it loads, which loads pyglet")
    return sorted(found)


def test_no_module_outside_the_window_imports_pyglet():
    assert offences() == []
    loaders = pyglet_loaders()
    # The graph is read as Python runs it: the window loads pyglet, through its painter too; the
    # package's face hands on nothing, so a leaf such as png loads alone.
    assert {f"{WINDOW}.app_window", f"{WINDOW}.pyglet_painter", f"{WINDOW}.presenter"} <= loaders
    assert not loaders & {"sandbox.app", "sandbox.app.session", "sandbox.app.handout", "sandbox.app.lessoncheck", "sandbox.notebook.figure"}


def test_the_window_package_holds_only_the_window_side():
    """Each module of the window's package, its face aside, imports pyglet itself: one that does
    not needs no window and belongs outside, where the batch side can load it."""
    package = [name for name in MODULES if name.startswith(f"{WINDOW}.")]
    assert f"{WINDOW}.app_window" in package and WINDOW in MODULES
    for name in package:
        names = [each for _, each, _ in _imports_of(name)]
        assert any(each.split(".")[0] == "pyglet" for each in names), f"{name} does not import pyglet: move it out of {WINDOW}"


def test_the_check_finds_a_direct_import_a_relative_one_and_one_at_load():
    tree = ast.parse("import pyglet.window\nfrom . import window\ndef f():\n    from .window import presenter\nclass C:\n"
                     "    from ..boot import gl\nfrom . import windowing\n")
    found = [(line, name, at_load) for line, name, at_load in imports(tree, "sandbox.app.thing", False)
             if name.startswith("pyglet") or window_side(name)]
    # A package's module is on its side; a module whose name only begins alike is not.
    assert found == [(1, "pyglet.window", True), (2, "sandbox.app.window", True), (4, "sandbox.app.window", False),
                     (4, "sandbox.app.window.presenter", False), (6, "sandbox.boot", True), (6, "sandbox.boot.gl", True)]
