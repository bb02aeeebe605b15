"""The shape of collision/ (issue 33): no import circles, and no readable module that reads the
fast paths. The graph is built from the source with ast, so an import inside a function or under
``TYPE_CHECKING`` counts as much as one at the top: a circle hidden in a function is still a
circle a reader has to walk."""

import ast
from pathlib import Path

CORE = Path(__file__).parents[2] / "collision"


def module_name(path):
    parts = ["collision", *path.relative_to(CORE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules():
    """Each module of collision/ by its dotted name, with its path."""
    return {module_name(path): path for path in sorted(CORE.rglob("*.py"))}


def imports(name, path, known):
    """``(target module, imported names)`` for each import of a collision module in ``path``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names if alias.name in known]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for alias in node.names:
                # "from . import rounded" imports a module; "from .sat import sat" a name of one.
                submodule = f"{base}.{alias.name}"
                if submodule in known:
                    found.append((submodule, ()))
                elif base in known:
                    found.append((base, (alias.asname or alias.name,)))
    return found


def graph():
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(edges):
    """The strongly connected components of more than one module, or of one importing itself
    (Tarjan's algorithm), each as a sorted list of names."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges[node]:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


class Source:
    """A stand-in file with the given text: the graph's reader tried on a known source."""

    def __init__(self, name, text):
        self.name, self._text = name, text

    def read_text(self):
        return self._text

    def __str__(self):
        return self.name


def test_the_graph_sees_imports_inside_functions_and_type_checking_blocks():
    # The graph is only as good as what it reads: these two kinds hid the circles of issue 33.
    text = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .shapes import Pose\ndef f():\n    from . import rounded\n"
    known = {"collision.shapes", "collision.rounded", "collision.sat"}
    assert [target for target, _ in imports("collision.sat", Source("sat.py", text), known)] == ["collision.shapes", "collision.rounded"]
    assert circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["d"], "e": ["a"]}) == [["a", "b", "c"], ["d"]]


def test_collision_has_no_import_circles():
    found = circles({name: [target for target, _ in targets] for name, targets in graph().items()})
    assert not found, "import circles in collision/: " + "; ".join(" <-> ".join(component) for component in found)


def test_no_readable_module_reads_the_fast_paths():
    """A module outside collision/fast/ may name a fast path only to hand it on (a package's face:
    ``from collision import sat_many``, ``collision.broadphase.find``): every name it imports from
    fast/ is in its ``__all__`` and used nowhere else in it. Its own code never calls into fast/."""
    known = modules()
    wrong = []
    for name, targets in graph().items():
        if name.startswith("collision.fast"):
            continue
        tree = ast.parse(known[name].read_text())
        exported = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                exported = set(ast.literal_eval(node.value))
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
        for target, names in targets:
            if not target.startswith("collision.fast"):
                continue
            handed_on = names and all(each in exported and each not in used for each in names)
            if not handed_on:
                wrong.append(f"{name} imports {', '.join(names) or target} from {target}")
    assert not wrong, "readable modules reading collision/fast/: " + "; ".join(wrong)
