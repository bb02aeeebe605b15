"""Tests read the registry: a list of scene ids written by hand silently skips the next scene
(STYLE.md). A new scene costs its file and its README row, and is driven, linted, drawn and
exported by every test that walks the scenes without being named in any of them."""

import ast
from pathlib import Path

from sandbox.app.registry import all_scenes

TESTS = Path(__file__).parents[1]


def literal_lists(tree):
    """Each list, tuple or set written out in ``tree`` with its text items."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            yield node, {item.value for item in node.elts if isinstance(item, ast.Constant) and isinstance(item.value, str)}


def test_no_test_lists_the_scenes_by_hand():
    ids = {cls.id for cls in all_scenes()}
    found = [
        f"{path.relative_to(TESTS)}:{node.lineno} names {len(named & ids)} of the {len(ids)} scenes"
        for path in sorted(TESTS.rglob("*.py"))
        for node, named in literal_lists(ast.parse(path.read_text()))
        if len(named & ids) > len(ids) // 2
    ]
    assert not found, "read them from sandbox.app.registry.all_scenes(): " + "; ".join(found)
