"""No scene writes its own tables, answers or cost meter: the Report derives them from the
facts a scene declares (sandbox.kit.report), and this holds for every registered scene."""

import ast
import inspect
import sys

import pytest

from sandbox.app.registry import all_scenes
from sandbox.kit.report import Report

SCENES = all_scenes()


def test_a_report_cannot_be_given_tables_or_answers():
    # The kit derives them; a scene that passes either is refused by Python itself.
    parameters = inspect.signature(Report).parameters
    assert "tables" not in parameters and "answers" not in parameters
    with pytest.raises(TypeError):
        Report(tables=())


def calls(tree, name):
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name]


@pytest.mark.parametrize("cls", SCENES, ids=lambda cls: cls.id)
def test_the_scene_writes_no_table_and_draws_its_meter_from_its_report(cls):
    tree = ast.parse(inspect.getsource(sys.modules[cls.__module__]))
    assert not calls(tree, "Table"), "a scene's tables are its table facts (Fact with columns)"
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert "Table" not in imported
    for call in calls(tree, "draw_meter"):
        # draw_meter(painter, theme, view, report, ...): the lines come from the Report.
        assert not isinstance(call.args[3], (ast.List, ast.Tuple, ast.ListComp)), ast.unparse(call)


@pytest.mark.parametrize("cls", SCENES, ids=lambda cls: cls.id)
def test_every_number_in_the_scenes_tables_and_answers_is_one_of_its_facts(cls):
    scene = cls()
    report = scene.reported
    texts = {fact.text() for fact in report.named().values()}
    for table in report.tables:
        for row in table.rows:
            cells = row if table.headers else row[1:]
            assert set(cells) <= texts, (table.title, row)
    assert {report.named()[name].text() for name in report.answers} == set(report.answers.values())
