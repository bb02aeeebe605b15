"""pyglet lives on the window's side: no other module of sandbox/ or scenes/ imports it, and none
imports a window-side module as it loads (a function may, when it opens a window or takes a
screenshot). So the session, the handouts, the lesson check and the notebook load without it."""

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).parents[2]

WINDOW_SIDE = {
    "sandbox.app.window": "the window",
    "sandbox.app.presenter": "the teacher's second window",
    "sandbox.app.class_board": "the class's overlay on the projector window",
    "sandbox.app.pyglet_painter": "the painter that draws with pyglet's shapes",
    "sandbox.app.pyglet_keys": "pyglet's key symbols in our names",
    "sandbox.app.png": "the window's screenshots as files (pyglet's pypng)",
    "sandbox.app.tones": "the gap sound's tones, played through pyglet",
}
"""Modules that may import pyglet, and why; sandbox.boot (start-up) may too."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted([*ROOT.glob("sandbox/**/*.py"), *ROOT.glob("scenes/**/*.py")])}


def window_side(name: str) -> bool:
    return name in WINDOW_SIDE or name == "sandbox.boot" or name.startswith("sandbox.boot.")


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
    # The graph is read as Python runs it: the window loads pyglet, through its painter too.
    assert {"sandbox.app.window", "sandbox.app.pyglet_painter", "sandbox.app.presenter"} <= loaders
    assert not loaders & {"sandbox.app", "sandbox.app.session", "sandbox.app.handout", "sandbox.app.lessoncheck", "sandbox.notebook.figure"}


def test_the_window_side_is_what_it_says():
    """Each module named there exists, and each does import pyglet (or is no longer window-side)."""
    for name in WINDOW_SIDE:
        path = ROOT / (name.replace(".", "/") + ".py")
        assert path.exists(), name
        names = [each for _, each, _ in imports(ast.parse(path.read_text()), name, False)]
        assert any(each.split(".")[0] == "pyglet" for each in names), f"{name} does not import pyglet: take it off WINDOW_SIDE"


def test_the_check_finds_a_direct_import_a_relative_one_and_one_at_load():
    tree = ast.parse("import pyglet.window\nfrom . import window\ndef f():\n    from . import presenter\nclass C:\n    from ..boot import gl\n")
    found = [(line, name, at_load) for line, name, at_load in imports(tree, "sandbox.app.thing", False)
             if name.startswith("pyglet") or window_side(name)]
    assert found == [(1, "pyglet.window", True), (2, "sandbox.app.window", True), (4, "sandbox.app.presenter", False),
                     (6, "sandbox.boot", True), (6, "sandbox.boot.gl", True)]
