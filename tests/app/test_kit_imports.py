"""The kit's modules import one another one way only: no import circle in sandbox/kit, the
imports inside functions counted (a lazy import is still a loop a reader must follow), names
imported only for type checking not."""

import ast
from pathlib import Path

KIT = Path(__file__).resolve().parents[2] / "sandbox" / "kit"


def module_name(path):
    parts = path.relative_to(KIT.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(tree, known):
    """The kit modules ``tree`` imports, outside ``if TYPE_CHECKING:`` blocks."""
    skipped = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If) and ast.unparse(block.test).endswith("TYPE_CHECKING")
               for node in ast.walk(block)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sandbox.kit"):
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                found.add(inner if inner in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
    return found


def graph():
    paths = {module_name(path): path for path in KIT.rglob("*.py")}
    return {name: imports(ast.parse(path.read_text()), paths) - {name} for name, path in paths.items()}


def circles(edges):
    """Each import circle, as the list of modules round it."""
    found, done = [], set()

    def visit(name, path):
        if name in path:
            found.append(path[path.index(name):] + [name])
            return
        if name in done:
            return
        for other in sorted(edges.get(name, ())):
            visit(other, path + [name])
        done.add(name)

    for name in sorted(edges):
        visit(name, [])
    return found


def test_no_import_circle_in_the_kit():
    assert circles(graph()) == []


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
